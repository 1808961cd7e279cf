/* virt_start.s - RV32 start: global and stack pointers, the trap vector
 * (every trap reported as a failure by mcu_fault), then mcu_start (C); and
 * the semihosting call. */
    .section .text.start, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, mcu_trap
    .option push
    .option arch, +zicsr
    csrw mtvec, t0
    .option pop
    call mcu_start
1:  j 1b

    .text
    .balign 4
mcu_trap:
    j mcu_fault

/* int mcu_semihost(int op, const void *arg): op in a0, arg in a1, the
 * result in a0. The three-instruction sequence is what marks the ebreak as
 * a semihosting call: uncompressed, and aligned so that it does not cross
 * a page. */
    .balign 16
    .global mcu_semihost
mcu_semihost:
    .option push
    .option norvc
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    .option pop
    ret
