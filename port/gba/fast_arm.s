@ fast_arm.s - the GBA port's hand-scheduled ARM routines (IWRAM).
@
@ fxl_circles_vs_circle: many circles (bullets) against one (the player),
@ exactly as the core's portable C loop (src/shapes.c, compiled there as
@ fxl__circles_vs_circle_c when FXL_PORT_CIRCLES_VS_CIRCLE is set; the test
@ suite compares the two, the ROM included). The C loop costs ~16 cycles a
@ circle because the compiler cannot load two circles with one LDM; here
@ one LDM brings two circles (x, y, r, x, y, r) into six registers.
@
@ The test, per circle i (all arithmetic mod 2^32, as in C):
@     e  = r_i + pr
@     if ((x_i - px + e) > 2e)  miss            (|x_i - px| > e: the x window)
@     else the exact test, out of the loop:
@         dx = |x_i - px|, dy = |y_i - py| (signed compares, as gap() in C)
@         hit iff dx <= e and dy <= e and dx^2 + dy^2 <= e^2 (64-bit)
@ Bit i of hit_bits[i / 32] is set iff circle i hits (whole words written,
@ cleared bits included); the result is the number of hits.
@
@ size_t fxl_circles_vs_circle(const fxl_circle *circles, size_t n,
@                              fxl_circle circle, uint32_t *hit_bits)
@   r0 circles, r1 n, r2 circle.c.x, r3 circle.c.y, [sp] circle.r,
@   [sp + 4] hit_bits (AAPCS: the 12-byte struct in r2, r3 and the stack).
@
@ Registers in the loop:
@   r0  next circle            r1  circles left in this word's block
@   r2  px                     r4  pr
@   r5  hit_bits (or 0)        r6  hits so far
@   r7  this word's bits       r8  index of the next circle (bit = r8 & 31)
@   r3, r9-r12, lr  two circles' x, y, r
@   [sp]  py    [sp, #4]  circles left after this block

    .syntax unified
    .arm
    .section .iwram, "ax", %progbits
    .align 2
    .global fxl_circles_vs_circle
    .type fxl_circles_vs_circle, %function
fxl_circles_vs_circle:
    push    {r4-r11, lr}            @ 9 registers: the stack arguments are at sp + 36
    ldr     r4, [sp, #36]           @ pr
    ldr     r5, [sp, #40]           @ hit_bits
    sub     sp, sp, #8
    str     r3, [sp]                @ py
    mov     r6, #0                  @ hits
    mov     r8, #0                  @ index
    mov     r11, r1                 @ total left
.Lblock:
    cmp     r11, #0
    beq     .Ldone
    cmp     r11, #32
    movhi   r1, #32
    movls   r1, r11
    sub     r11, r11, r1
    str     r11, [sp, #4]
    mov     r7, #0                  @ this word's bits
    subs    r1, r1, #2
    bmi     .Lodd                   @ fewer than two in the block
.Lpair:                             @ r1 = circles left after this pair
    ldmia   r0!, {r3, r9, r10, r11, r12, lr}   @ x0 y0 r0  x1 y1 r1
    add     r10, r10, r4            @ e0
    sub     r3, r3, r2
    add     r3, r3, r10
    cmp     r3, r10, lsl #1
    bls     .Lnear0                 @ inside the x window: exact test
.Lback0:
    add     lr, lr, r4              @ e1
    sub     r11, r11, r2
    add     r11, r11, lr
    cmp     r11, lr, lsl #1
    bls     .Lnear1
.Lback1:
    add     r8, r8, #2
    subs    r1, r1, #2
    bpl     .Lpair

.Lodd:                              @ r1 = -1: one circle left, r1 = -2: none
    adds    r1, r1, #1
    bne     .Lflush
    ldmia   r0!, {r3, r9, r10}
    add     r10, r10, r4
    sub     r3, r3, r2
    add     r3, r3, r10
    cmp     r3, r10, lsl #1
    bls     .Lnear_last
.Lback_last:
    add     r8, r8, #1
.Lflush:
    cmp     r5, #0
    strne   r7, [r5], #4
    ldr     r11, [sp, #4]
    b       .Lblock

.Ldone:
    mov     r0, r6
    add     sp, sp, #8
    pop     {r4-r11, lr}
    bx      lr

@ The exact test for circle (x = r3 + px - e, y, e) whose x window passed:
@ r3 holds x - px + e, r9 y, r10 e; r12 is free to clobber for circle 0
@ only if circle 1 is already loaded (it is: r11, r12, lr), so circle 0
@ uses r3, r9, r10 and the scratch r1-saved pattern below.
@ A circle whose x window passed: first its y window, inline (most such
@ circles are above or below the player), then the exact test. [sp] is py.
.Lnear0:                            @ circle 0: r3 = x - px + e, r9 = y, r10 = e
    str     r1, [sp, #-4]!          @ a scratch register (r1: the block count)
    ldr     r1, [sp, #4]            @ py
    sub     r1, r9, r1              @ y - py + e
    add     r1, r1, r10
    cmp     r1, r10, lsl #1
    ldr     r1, [sp], #4            @ (loads leave the flags alone)
    bhi     .Lback0                 @ outside the y window: a miss
    push    {r1, r11, r12, lr}      @ circle 1 and the block count
    mov     r11, r10                @ e
    mov     r12, r8                 @ bit index
    bl      .Lexact
    pop     {r1, r11, r12, lr}
    b       .Lback0
.Lnear1:                            @ circle 1: r11 = x - px + e, r12 = y, lr = e
    ldr     r3, [sp]                @ py (circle 0's registers are free)
    sub     r3, r12, r3
    add     r3, r3, lr
    cmp     r3, lr, lsl #1
    bhi     .Lback1
    push    {r1, r3, r9, r10}
    mov     r3, r11                 @ x - px + e
    mov     r9, r12                 @ y
    mov     r11, lr                 @ e
    add     r12, r8, #1             @ bit index
    bl      .Lexact
    pop     {r1, r3, r9, r10}
    b       .Lback1
.Lnear_last:                        @ r3 = x - px + e, r9 = y, r10 = e
    ldr     r11, [sp]               @ py
    sub     r11, r9, r11
    add     r11, r11, r10
    cmp     r11, r10, lsl #1
    bhi     .Lback_last
    push    {r1, r11, r12, lr}
    mov     r11, r10
    mov     r12, r8
    bl      .Lexact
    pop     {r1, r11, r12, lr}
    b       .Lback_last

@ .Lexact: r3 = x - px + e (mod 2^32), r9 = y, r11 = e, r12 = bit index.
@ On a hit sets bit (r12 & 31) of r7 and counts it in r6. Clobbers r1, r3,
@ r9, r10, r12, lr (callers save what they need); sp + 16 + 0 holds py
@ (the caller pushed four registers).
.Lexact:
    push    {lr}
    sub     r3, r3, r11             @ dx = x - px (mod 2^32), and x itself:
    add     r10, r3, r2             @ x = dx + px
    cmp     r10, r2                 @ |x - px| by a signed compare, as gap()
    subge   r3, r10, r2
    sublt   r3, r2, r10
    ldr     r1, [sp, #20]           @ py: 4 pushed by the caller + lr here
    cmp     r9, r1
    subge   r9, r9, r1
    sublt   r9, r1, r9
    cmp     r3, r11                 @ dx > e or dy > e: miss
    cmpls   r9, r11
    bhi     .Lexact_out
    umull   r1, r10, r3, r3         @ dx^2 (r10:r1)
    umlal   r1, r10, r9, r9         @ + dy^2
    umull   r3, r9, r11, r11        @ e^2 (r9:r3)
    cmp     r3, r1                  @ e^2 - (dx^2 + dy^2) >= 0 ?
    sbcs    r9, r9, r10
    bcc     .Lexact_out             @ borrow: the sum is larger
    and     r12, r12, #31
    mov     r1, #1
    orr     r7, r7, r1, lsl r12
    add     r6, r6, #1
.Lexact_out:
    pop     {lr}
    bx      lr

    .size fxl_circles_vs_circle, . - fxl_circles_vs_circle
