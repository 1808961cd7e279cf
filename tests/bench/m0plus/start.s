/* start.s - vector table of the Cortex-M0+ scene run (tests/bench/m0plus):
 * the initial stack pointer and the reset handler (scene_m0.c); every
 * other exception stops in `hang`. */
    .syntax unified
    .cpu cortex-m0plus
    .thumb

    .section .vectors, "a"
    .align 2
    .word __stack_top
    .word m0_reset
    .rept 14
    .word m0_hang
    .endr

    .text
    .thumb_func
    .global m0_hang
m0_hang:
    b m0_hang
