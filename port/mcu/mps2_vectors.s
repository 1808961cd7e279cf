/* mps2_vectors.s - Cortex-M start: the vector table (initial stack pointer,
 * reset, and every other exception reported as a failure by mcu_fault) and
 * the semihosting call. Assembled for ARMv6-M, so it serves the M0+ build
 * and the M3/M4 builds alike. */
    .syntax unified
    .cpu cortex-m0plus
    .thumb

    .section .vectors, "a"
    .align 2
    .word __stack_top
    .word mcu_start
    .rept 14
    .word mcu_fault
    .endr

/* int mcu_semihost(int op, const void *arg): op in r0, arg in r1, the
 * result in r0 (the semihosting ABI is the procedure call's). */
    .text
    .thumb_func
    .global mcu_semihost
mcu_semihost:
    bkpt 0xAB
    bx lr

