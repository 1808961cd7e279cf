@ crt0.s - startup code for fixlaser's Game Boy Advance ROMs.
@
@ The cartridge header occupies 0x08000000-0x080000BF:
@   0x00        ARM branch to the start code (the only instruction there)
@   0x04-0x9F   Nintendo logo: NOT shipped, left as zeros. mGBA boots without
@               it; real hardware (and the real BIOS) needs it: run devkitPro's
@               gbafix on the ROM (see port/gba/README.md).
@   0xA0-0xBF   title, game code, maker code, 0x96, unit code, device type,
@               reserved, version, complement check, reserved: left as zeros
@               here and filled in by tools/gbahdr.
@ Execution starts in ARM state, Supervisor mode (from the BIOS, or from
@ mGBA's boot with BIOS skipped).
@
@ Start-up sequence:
@   1. IRQ mode stack at 0x03007FA0, System mode stack at 0x03007F00
@      (System mode is the one the program runs in; it shares User's
@      registers).
@   2. Clear the status block at 0x0203FFF0 (a soft reset must not leave a
@      stale "finished" mark behind).
@   3. Copy .iwram (ARM code + data), .data (ROM -> IWRAM) and .ewram
@      (ROM -> EWRAM) from their load addresses in ROM.
@   4. Zero .bss (IWRAM) and .ewram_bss (EWRAM).
@   5. main(0, NULL) through BX (main is Thumb code). No constructors are
@      run (no __libc_init_array: the library is C and needs none).
@   6. If main returns, fxl_port_finish(return value) when the program links
@      test_port.c (weak reference), otherwise halt forever.

    .syntax unified
    .arm
    .section .crt0, "ax", %progbits
    .align 2
    .global _start
    .type _start, %function
_start:
    b       start_vector

    @ 0x04..0xBF: Nintendo logo and header fields, all zero (see above).
    .fill   0xC0 - 4, 1, 0

    .global start_vector
    .type start_vector, %function
start_vector:                       @ 0x080000C0
    @ 1. Stacks. IRQ and FIQ stay masked until someone enables them
    @ (REG_IME is 0 after reset anyway).
    mov     r0, #0xD2               @ IRQ mode, I+F masked
    msr     cpsr_c, r0
    ldr     sp, =__sp_irq
    mov     r0, #0x1F               @ System mode, interrupts enabled in CPSR
    msr     cpsr_c, r0
    ldr     sp, =__sp_usr

    @ 2. Status block.
    ldr     r0, =__status_block
    mov     r1, #0
    mov     r2, #0
    mov     r3, #0
    mov     r12, #0
    stmia   r0, {r1, r2, r3, r12}

    @ 3. Copies (word granularity; the linker script aligns everything).
    ldr     r0, =__iwram_lma
    ldr     r1, =__iwram_start
    ldr     r2, =__iwram_end
    bl      copy_words
    ldr     r0, =__data_lma
    ldr     r1, =__data_start
    ldr     r2, =__data_end
    bl      copy_words
    ldr     r0, =__ewram_lma
    ldr     r1, =__ewram_start
    ldr     r2, =__ewram_end
    bl      copy_words

    @ 4. Zero fills.
    ldr     r1, =__bss_start
    ldr     r2, =__bss_end
    bl      zero_words
    ldr     r1, =__ewram_bss_start
    ldr     r2, =__ewram_bss_end
    bl      zero_words

    @ 5. main(0, 0), Thumb or ARM: BX to the address. ARMv4T has no BLX, so
    @ set LR by hand (mov lr, pc reads this instruction + 8, which is the
    @ instruction after the bx).
    mov     r0, #0
    mov     r1, #0
    ldr     r3, =main
    mov     lr, pc
    bx      r3

    @ 6. main returned with its exit status in r0.
    ldr     r3, =fxl_port_finish    @ 0 if test_port.c is not linked
    cmp     r3, #0
    movne   lr, pc
    bxne    r3
halt_forever:
    mov     r0, #0
    mov     r1, #0x04000000
    add     r1, r1, #0x200
    strh    r0, [r1, #8]            @ REG_IME (0x04000208) = 0
    strh    r0, [r1]                @ REG_IE  (0x04000200) = 0
1:  swi     0x020000                @ BIOS Halt (ARM state: number in bits 16-23)
    b       1b
    .size start_vector, . - start_vector

@ copy_words: r0 = source, r1 = destination, r2 = destination end.
@ Clobbers r0, r1, r3.
copy_words:
    cmp     r1, r2
    ldrlo   r3, [r0], #4
    strlo   r3, [r1], #4
    blo     copy_words
    bx      lr

@ zero_words: r1 = start, r2 = end. Clobbers r1, r3.
zero_words:
    mov     r3, #0
1:  cmp     r1, r2
    strlo   r3, [r1], #4
    blo     1b
    bx      lr

    .weak fxl_port_finish
    .ltorg
    .size _start, . - _start
