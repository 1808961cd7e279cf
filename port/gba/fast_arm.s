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
@   r7  this word's bits       r8  the first circle (a bit's index is
@                                  (address - r8) / 12, worked out only
@                                  for the rare circle that gets that far)
@   r3, r9-r12, lr  two circles' x, y, r
@   [sp]  py    [sp, #4]  circles left after this block

    .syntax unified
    .arm
    @ One section per routine, all named .iwram ("unique", as FXL_IWRAM_CODE
    @ gives C functions, fxl_port.h): --gc-sections keeps only the ones a
    @ game calls, and any GBA linker script's *(.iwram) places them.
    .section .iwram, "ax", %progbits, unique, 1
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
    mov     r8, r0                  @ the first circle (a bit's index: (p - r8) / 12)
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
    sub     r12, r0, #24            @ this circle's bit index
    bl      .Lindex
    mov     r11, r10                @ e
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
    sub     r12, r0, #12            @ this circle's bit index
    bl      .Lindex
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
    sub     r12, r0, #12            @ this circle's bit index
    bl      .Lindex
    mov     r11, r10
    bl      .Lexact
    pop     {r1, r11, r12, lr}
    b       .Lback_last

@ .Lindex: r12 = the address of a circle -> its index (r12 - r8) / 12,
@ exactly for any count: (bytes / 4) * 0xAAAAAAAB >> 33 = bytes / 12.
@ Clobbers r1 (the callers saved it); keeps lr for the caller's next bl by
@ saving it itself.
.Lindex:
    push    {lr}
    sub     r12, r12, r8
    mov     r12, r12, lsr #2
    ldr     r1, =0xAAAAAAAB
    umull   r1, lr, r12, r1
    mov     r12, lr, lsr #1
    pop     {lr}
    bx      lr

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

    .ltorg
    .size fxl_circles_vs_circle, . - fxl_circles_vs_circle

@ ---------------------------------------------------------------------------
@ fxl_lasers_vs_circle: many lasers against one circle, exactly as the core's
@ portable C (src/laser.c, compiled there as fxl__lasers_vs_circle_c when
@ FXL_PORT_LASERS_VS_CIRCLE is set; the test suite compares the two). Per
@ laser, from one LDM of its seven words:
@   1. the checks of fxl__laser_fast_ok (hitbox.h); a failure calls
@      fxl_laser_check for the first refused laser's code;
@   2. the quadrant box of fxl__laser_quadrant_far (hitbox.h);
@   3. the across reject of laser_hits (laser.c) in whole pixels, with the
@      table's sine and cosine (fxl__sin_full: the port sets FXL_SIN_FULL);
@   4. what is left: the exact frame test in registers (rest_core below,
@      the test of laser_rest, laser.c, with no along reject: the exact
@      test decides alone).
@ The struct layout this relies on (kind and anchor one byte each at 0
@ and 1, pos at 4, angle 12, length 16, half_width 20, hit_fraction 24,
@ 28 bytes) is checked at compile time in src/laser.c.
@
@ fxl_result fxl_lasers_vs_circle(const fxl_laser *lasers, size_t n,
@                                 fxl_circle circle, uint32_t *hit_bits,
@                                 size_t *hits)
@   r0 lasers, r1 n, r2 circle.c.x, r3 circle.c.y, [sp] circle.r,
@   [sp + 4] hit_bits, [sp + 8] hits.
@
@ Loop registers: r0 next laser, r1 lasers left in the block, r2 px,
@ r3 py, r4-r10 the laser's words, r11 pr + 1, r12 and lr scratch.
@ Frame (after the pushes): [sp] word, [sp, #4] count, [sp, #8] first,
@ [sp, #12] ok, [sp, #16] lasers left after the block, [sp, #20] block
@ size, [sp, #24] pr; then the 9 saved registers, then the arguments at
@ sp + 64: r, hit_bits, hits.

    .set LV_WORD, 0
    .set LV_COUNT, 4
    .set LV_FIRST, 8
    .set LV_OK, 12
    .set LV_AFTER, 16
    .set LV_BLOCK, 20
    .set LV_PR, 24
    .set LV_ARGS, 64

    .section .iwram, "ax", %progbits, unique, 2
    .align 2
    .global fxl_lasers_vs_circle
    .type fxl_lasers_vs_circle, %function
fxl_lasers_vs_circle:
    push    {r4-r11, lr}
    sub     sp, sp, #28
    ldr     r11, [sp, #LV_ARGS]     @ pr
    str     r11, [sp, #LV_PR]
    mov     r4, #0
    str     r4, [sp, #LV_COUNT]
    @ The circle's code (fxl_circle_check), kept as `first`.
    push    {r0-r3}
    mov     r0, r2
    mov     r1, r3
    mov     r2, r11
    ldr     r12, =fxl__circle_code
    mov     lr, pc
    bx      r12
    str     r0, [sp, #16 + LV_FIRST]
    rsbs    r0, r0, #1              @ ok = (code == 0)
    movcc   r0, #0
    str     r0, [sp, #16 + LV_OK]
    pop     {r0-r3}
    ldr     r11, [sp, #LV_PR]
    add     r11, r11, #1            @ pr + 1
    @ A NULL array with n > 0: FXL_ERR_NULL (1), nothing tested, as in C.
    cmp     r0, #0
    bne     .Llv_block
    cmp     r1, #0
    movne   r1, #0
    movne   r12, #1                 @ FXL_ERR_NULL
    strne   r12, [sp, #LV_FIRST]
.Llv_block:
    cmp     r1, #0
    beq     .Llv_done
    cmp     r1, #32
    movhi   r12, #32
    movls   r12, r1
    sub     r1, r1, r12
    str     r1, [sp, #LV_AFTER]
    str     r12, [sp, #LV_BLOCK]
    mov     r1, r12
    mov     r12, #0
    str     r12, [sp, #LV_WORD]
.Llv_next:
    ldmia   r0!, {r4-r10}           @ kind|anchor, x0, y0, angle, length, half_width, fraction
    @ 1. fxl__laser_fast_ok
    orr     r12, r4, r4, lsr #8
    tst     r12, #0xFE              @ (kind | anchor) > 1
    bne     .Llv_bad
    orr     r12, r8, r9
    cmp     r12, #0x10000000        @ (length | half_width) > 2^28 - 1
    bhs     .Llv_bad
    cmp     r10, #0x10000           @ fraction > 65536
    bhi     .Llv_bad
    cmp     r5, #0x40000000         @ |x0|, |y0| <= 2^30 - 1
    bge     .Llv_bad
    cmn     r5, #0x40000000
    ble     .Llv_bad
    cmp     r6, #0x40000000
    bge     .Llv_bad
    cmn     r6, #0x40000000
    ble     .Llv_bad
    @ 2. fxl__laser_quadrant_far: q = (angle >> 10) & 3
    mov     lr, r7, lsr #10
    and     lr, lr, #3
    tst     r4, #0x100              @ anchor == CENTRE
    movne   r8, r8, lsr #1          @ ahead = len / 2 + 1 (centre) or len
    addne   r8, r8, #1
    movne   r12, r8                 @ behind = ahead (centre) or 0
    moveq   r12, #0
    add     r8, r8, r9              @ a = ahead + half_width + r + 1
    add     r8, r8, r11
    add     r8, r8, r8, lsr #15     @   + (a >> 15)
    add     r12, r12, r9            @ b = behind + half_width, the same way
    add     r12, r12, r11
    add     r12, r12, r12, lsr #15
    sub     r5, r2, r5              @ dx = x - x0 (mod 2^32)
    sub     r6, r3, r6              @ dy = y - y0
    add     r10, r8, r12            @ a + b
    eor     r7, lr, lr, lsr #1      @ q = 0 or 3: cosine >= 0, xl = b
    tst     r7, #1
    moveq   r7, r12
    movne   r7, r8
    add     r7, r5, r7
    cmp     r7, r10
    bhi     .Llv_far                @ dx + xl > a + b (unsigned)
    tst     lr, #2                  @ q = 0 or 1: sine >= 0, yl = b
    moveq   r7, r12
    movne   r7, r8
    add     r7, r6, r7
    cmp     r7, r10
    bhi     .Llv_far
    @ 3. across, in pixels: w = half_width * fraction (rounded as
    @ fxl__hit_width), h = ((w + r) >> 16) + 1, p(v) >= h or < -h misses.
    ldr     r7, [r0, #-16]          @ angle
    ldr     r9, [r0, #-8]           @ half_width
    ldr     r10, [r0, #-4]          @ fraction
    mov     r12, r9, lsr #16
    mul     r8, r12, r10            @ (hw >> 16) f
    mov     r9, r9, lsl #16
    mov     r9, r9, lsr #16
    mul     r12, r9, r10            @ (hw & 0xFFFF) f
    add     r12, r12, #0x8000
    add     r12, r8, r12, lsr #16   @ w
    ldr     lr, =fxl__sin_full
    mov     r9, r7, lsl #20
    ldr     r9, [lr, r9, lsr #18]   @ s = sin(angle)
    add     r7, r7, #1024
    mov     r7, r7, lsl #20
    ldr     r7, [lr, r7, lsr #18]   @ c = cos(angle)
    smull   r10, r8, r7, r6         @ c dy
    rsb     r9, r9, #0
    smlal   r10, r8, r9, r5         @ v = c dy - s dx; p(v) = r8
    add     lr, r12, r11            @ h = ((w + r) >> 16) + 1
    sub     lr, lr, #1
    mov     lr, lr, lsr #16
    add     lr, lr, #1
    cmp     r8, lr
    bge     .Llv_far
    cmn     r8, lr
    blt     .Llv_far
    @ 4. the exact test (rest_core: Z clear for a hit).
    bl      fxl__rest_core
    ldrne   r12, [sp, #LV_OK]
    cmpne   r12, #0
    beq     .Llv_far
    ldr     r12, [sp, #LV_BLOCK]    @ bit (block size - lasers left)
    sub     r12, r12, r1
    mov     lr, #1
    ldr     r4, [sp, #LV_WORD]
    orr     r4, r4, lr, lsl r12
    str     r4, [sp, #LV_WORD]
    ldr     r4, [sp, #LV_COUNT]
    add     r4, r4, #1
    str     r4, [sp, #LV_COUNT]
.Llv_far:
    subs    r1, r1, #1
    bne     .Llv_next
    @ End of a block: its word.
    ldr     r12, [sp, #LV_ARGS + 4] @ hit_bits
    cmp     r12, #0
    ldrne   r4, [sp, #LV_WORD]
    strne   r4, [r12], #4
    strne   r12, [sp, #LV_ARGS + 4]
    ldr     r1, [sp, #LV_AFTER]
    b       .Llv_block

.Llv_bad:                           @ refused: the first one's code
    ldr     r12, [sp, #LV_FIRST]
    cmp     r12, #0
    bne     .Llv_far
    push    {r0-r3}
    sub     r0, r0, #28
    ldr     r12, =fxl_laser_check
    mov     lr, pc
    bx      r12
    str     r0, [sp, #16 + LV_FIRST]
    pop     {r0-r3}
    b       .Llv_far

.Llv_done:
    ldr     r12, [sp, #LV_ARGS + 8] @ hits
    cmp     r12, #0
    ldrne   r4, [sp, #LV_COUNT]
    strne   r4, [r12]
    ldr     r0, [sp, #LV_FIRST]
    add     sp, sp, #28
    pop     {r4-r11, lr}
    bx      lr
    .ltorg
    .size fxl_lasers_vs_circle, . - fxl_lasers_vs_circle

@ ---------------------------------------------------------------------------
@ fxl__rest_core: the exact test of laser_rest (src/laser.c: fxl__laser_hitbox
@ then fxl__frame_test, frame.c) for a laser that passed the checks of
@ fxl__laser_fast_ok, once its across value v is known; internal to this
@ file (the loop above and fxl__laser_rest below call it with BL).
@ In: r0 the laser's end (laser + 28), r4 its first word (kind | anchor
@ << 8), r5 dx, r6 dy (the circle's offsets from pos), r7 c, r9 -s (the
@ table vector), r8:r10 v = c dy - s dx (Q32.32, high:low), r11 r + 1,
@ r12 w (the hitbox half-width, fxl__hit_width). Out: Z clear (r5 = 1)
@ for a hit, Z set (r5 = 0) for a miss. Keeps r0-r3, r11; uses r4-r10,
@ r12, lr.
@ The hitbox of fxl__laser_hitbox is [u_lo, u_hi] x [-V, V] grown by
@ `round` (box: V = w, round 0; capsule: V = 0, round w), u's span [0, L]
@ (emitter) or [-L/2, L/2] (centre), so with H = L 2^15 (L/2 in Q32.32,
@ exact) and m = H (emitter) or 0 (centre), frame.c's distances beyond
@ the rectangle are
@     eu = max(u_lo - u, u - u_hi) = |u - m| - H,
@     ev = max(-V - v, v - V)       = |v| - V 2^16,
@ and with t = (r + round) 2^16 frame.c's test is: eu > t or ev > t miss;
@ else eu + ev <= t hit (this is also its "eu <= 0 or ev <= 0" hit: then
@ the other is at most t); else (both positive, beyond the diamond) the
@ corner, fxl__corner_hit(eu, ev, t) (frame.c, ARM in ROM). Ranges: u, v
@ below 2^48 in magnitude (32x32-bit products of |c|, |s| <= 2^16), H
@ below 2^43 (L < 2^28): eu, ev, eu + ev fit 64 bits; r + round is taken
@ as unsigned 32 bits (below 2^29 for a circle in the domain; for one out
@ of it the loop ignores the answer, and it is defined anyway). The
@ along pixel reject of laser_rest is left out: the exact test decides
@ alone, and the answer is the same.

    .section .iwram, "ax", %progbits, unique, 4
    .align 2
    .type fxl__rest_core, %function
fxl__rest_core:
    push    {r1, lr}
    rsb     r9, r9, #0              @ s
    smull   lr, r5, r7, r5          @ c dx (r5:lr)
    smlal   lr, r5, r9, r6          @ u = c dx + s dy
    ldr     r7, [r0, #-12]          @ L
    mov     r6, r7, lsl #15         @ H = L 2^15 (r7:r6)
    mov     r7, r7, lsr #17
    tst     r4, #0x100              @ emitter: u - H
    bne     1f
    subs    lr, lr, r6
    sbc     r5, r5, r7
1:  mov     r9, r5, asr #31         @ |u - m|
    eor     lr, lr, r9
    eor     r5, r5, r9
    subs    lr, lr, r9
    sbc     r5, r5, r9
    subs    lr, lr, r6              @ eu = |u - m| - H (r5:lr)
    sbc     r5, r5, r7
    ands    r6, r4, #0xFF           @ kind: box (0) V = w, capsule V = 0
    moveq   r6, r12
    movne   r6, #0
    sub     r12, r12, r6            @ round = w - V
    add     r12, r12, r11           @ r + round
    sub     r12, r12, #1
    mov     r9, r8, asr #31         @ |v|
    eor     r10, r10, r9
    eor     r8, r8, r9
    subs    r10, r10, r9
    sbc     r8, r8, r9
    subs    r10, r10, r6, lsl #16   @ ev = |v| - V 2^16 (r8:r10)
    sbc     r8, r8, r6, lsr #16
    mov     r4, r12, lsl #16        @ t = (r + round) 2^16 (r12:r4)
    mov     r12, r12, lsr #16
    subs    r6, r4, r10             @ t - ev < 0: miss
    sbcs    r6, r12, r8
    blt     2f
    subs    r6, r4, lr              @ t - eu < 0: miss
    sbcs    r6, r12, r5
    blt     2f
    adds    r6, lr, r10             @ eu + ev <= t: hit
    adc     r7, r5, r8
    subs    r6, r4, r6
    sbcs    r7, r12, r7
    bge     3f
    push    {r0-r3}                 @ the corner: fxl__corner_hit(eu, ev, t)
    push    {r4, r12}
    mov     r0, lr
    mov     r1, r5
    mov     r2, r10
    mov     r3, r8
    ldr     r12, =fxl__corner_hit
    mov     lr, pc
    bx      r12
    add     sp, sp, #8
    ands    r5, r0, #0xFF
    pop     {r0-r3}
    pop     {r1, pc}
2:  movs    r5, #0
    pop     {r1, pc}
3:  movs    r5, #1
    pop     {r1, pc}
    .ltorg
    .size fxl__rest_core, . - fxl__rest_core

@ ---------------------------------------------------------------------------
@ fxl__laser_rest: fxl__laser_rest_c (src/laser.c: laser_hits) for one
@ laser that passed the checks of fxl__laser_fast_ok, for C callers (the
@ fused sweep loop's poses, src/sweep.c): the loop's steps 3 and 4 above.
@ The tests compare it with fxl__laser_rest_c.
@
@ bool fxl__laser_rest(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r)
@   r0 l, r1 x, r2 y, r3 r.
@ fxl__laser_rest_turn: the same for the laser turned by `turn` steps (its
@ angle + turn, mod 2^32, as the C reference's copy: frame.h).
@ bool fxl__laser_rest_turn(const fxl_laser *l, fix16_t x, fix16_t y,
@                           fix16_t r, int32_t turn)
@   r0 l, r1 x, r2 y, r3 r, [sp] turn.

    .section .iwram, "ax", %progbits, unique, 5
    .align 2
    .global fxl__laser_rest_turn
    .type fxl__laser_rest_turn, %function
fxl__laser_rest_turn:
    ldr     r12, [sp]               @ turn
    b       1f
    .global fxl__laser_rest
    .type fxl__laser_rest, %function
fxl__laser_rest:
    mov     r12, #0
1:  push    {r3-r11, lr}            @ (ten: the stack stays 8-byte aligned)
    ldmia   r0!, {r4-r10}           @ kind|anchor, x0, y0, angle, length, half_width, fraction
    add     r7, r7, r12             @ angle + turn
    add     r11, r3, #1             @ r + 1
    sub     r5, r1, r5              @ dx
    sub     r6, r2, r6              @ dy
    mov     r12, r9, lsr #16        @ w, as the loop
    mul     r8, r12, r10
    mov     r9, r9, lsl #16
    mov     r9, r9, lsr #16
    mul     r12, r9, r10
    add     r12, r12, #0x8000
    add     r12, r8, r12, lsr #16
    ldr     lr, =fxl__sin_full
    mov     r9, r7, lsl #20
    ldr     r9, [lr, r9, lsr #18]   @ s
    add     r7, r7, #1024
    mov     r7, r7, lsl #20
    ldr     r7, [lr, r7, lsr #18]   @ c
    smull   r10, r8, r7, r6         @ v = c dy - s dx
    rsb     r9, r9, #0
    smlal   r10, r8, r9, r5
    add     lr, r12, r11            @ h = ((w + r) >> 16) + 1
    sub     lr, lr, #1
    mov     lr, lr, lsr #16
    add     lr, lr, #1
    cmp     r8, lr
    bge     2f
    cmn     r8, lr
    blt     2f
    bl      fxl__rest_core
    mov     r0, r5
    pop     {r3-r11, lr}
    bx      lr
2:  mov     r0, #0
    pop     {r3-r11, lr}
    bx      lr
    .ltorg
    .size fxl__laser_rest_turn, . - fxl__laser_rest_turn
    .size fxl__laser_rest, . - fxl__laser_rest

@ ---------------------------------------------------------------------------
@ fxl__sweep_near: what the fused sweep loop (src/sweep.c) calls for a
@ sweep its pixel rejects left: with look != 0 (LOOK_NONE) the start pose,
@ the laser itself, through fxl__laser_rest (a hit: 1), then a tail call
@ to fxl__sweep_rest (Thumb, ROM) with the same arguments. Its C twin is
@ sweep.c's portable fxl__sweep_near.
@
@ int fxl__sweep_near(const fxl_sweep *sw, fxl_circle circle, int look)
@   r0 sw (the laser is its first field), r1-r3 circle (x, y, r), [sp] look.

    .section .iwram, "ax", %progbits, unique, 6
    .align 2
    .global fxl__sweep_near
    .type fxl__sweep_near, %function
fxl__sweep_near:
    ldr     r12, [sp]               @ look
    cmp     r12, #0
    beq     1f
    push    {r0-r3, r12, lr}
    bl      fxl__laser_rest
    cmp     r0, #0
    pop     {r0-r3, r12, lr}        @ (the flags stay)
    movne   r0, #1
    bxne    lr
1:  ldr     r12, =fxl__sweep_rest
    bx      r12
    .ltorg
    .size fxl__sweep_near, . - fxl__sweep_near

@ ---------------------------------------------------------------------------
@ fxl__box_head: the head of the exact box test of a straight laser's
@ hitbox (src/laser_aabb.c: offsets30, then lean_head; that C, compiled as
@ fxl__box_head_c, is the reference the tests compare it with), for the
@ fused fxl_lasers_vs_aabb's candidates. GCC spills the 64-bit ranges of
@ the C to the stack (416 B and about twice the cycles); here they live in
@ registers.
@   1. xy = box - pos (x0, x1, y0, y1); each must lie in [-2^30, 2^30)
@      (no 32-bit overflow, bits 31 and 30 equal), else 3 (nothing more
@      written: the caller takes fxl__hitbox_vs_aabb).
@   2. P's ranges: pu = [c xa + s yb, c xc + s yd], pv = [c yb' - s xa',
@      c yd' - s xc'], each operand the end that makes the product least
@      (a) or greatest (c), by the sign of its factor (span in C); SMULL
@      and SMLAL, exact (below 2^48). Written to puv (pu lo, hi, pv lo, hi).
@   3. t = round 2^16: pv_hi < v_lo - t or pv_lo > v_hi + t: 0 (no hit);
@      pu within [u_lo, u_hi]: 1 (a hit, see lean_head); pu_hi < u_lo - t
@      or pu_lo > u_hi + t: 0; else 2 (undecided).
@ The fxl_laser_prep layout (pos 0, cos 8, sin 12, u_lo 16, u_hi 24, v_lo
@ 32, v_hi 40, round 48) is checked at compile time in src/laser_aabb.c.
@
@ int fxl__box_head(const fxl_laser_prep *lp, const fxl_aabb *box,
@                  int32_t xy[4], int64_t puv[4])
@   r0 lp, r1 box, r2 xy, r3 puv.

    .section .iwram, "ax", %progbits, unique, 3
    .align 2
    .global fxl__box_head
    .type fxl__box_head, %function
fxl__box_head:
    push    {r4-r11, lr}
    ldmia   r1, {r4-r7}             @ lo.x, lo.y, hi.x, hi.y
    ldmia   r0, {r8-r11}            @ pos.x, pos.y, c, s
    subs    r4, r4, r8              @ x0 = lo.x - pos.x
    bvs     .Lbh_wide
    teq     r4, r4, lsl #1          @ N = bit 31 ^ bit 30: outside [-2^30, 2^30)
    bmi     .Lbh_wide
    subs    r6, r6, r8              @ x1
    bvs     .Lbh_wide
    teq     r6, r6, lsl #1
    bmi     .Lbh_wide
    subs    r5, r5, r9              @ y0
    bvs     .Lbh_wide
    teq     r5, r5, lsl #1
    bmi     .Lbh_wide
    subs    r7, r7, r9              @ y1
    bvs     .Lbh_wide
    teq     r7, r7, lsl #1
    bmi     .Lbh_wide
    str     r4, [r2]
    str     r6, [r2, #4]
    str     r5, [r2, #8]
    str     r7, [r2, #12]
    @ pu: (r1, r2) = c xa + s yb, (r8, r9) = c xc + s yd
    cmp     r10, #0
    movge   r12, r4
    movlt   r12, r6
    smull   r1, r2, r12, r10
    movge   r12, r6
    movlt   r12, r4
    smull   r8, r9, r12, r10
    cmp     r11, #0
    movge   r12, r5
    movlt   r12, r7
    smlal   r1, r2, r12, r11
    movge   r12, r7
    movlt   r12, r5
    smlal   r8, r9, r12, r11
    stmia   r3!, {r1, r2, r8, r9}   @ pu; r3 = puv + 2 (pv)
    @ pv: (r1, r2) = c yb' + (-s) xa', (r8, r9) = c yd' + (-s) xc'
    rsb     r11, r11, #0
    cmp     r10, #0
    movge   r12, r5
    movlt   r12, r7
    smull   r1, r2, r12, r10
    movge   r12, r7
    movlt   r12, r5
    smull   r8, r9, r12, r10
    cmp     r11, #0
    movge   r12, r4
    movlt   r12, r6
    smlal   r1, r2, r12, r11
    movge   r12, r6
    movlt   r12, r4
    smlal   r8, r9, r12, r11
    stmia   r3, {r1, r2, r8, r9}    @ pv
    ldr     r12, [r0, #48]          @ round (t = round 2^16: lo round << 16, hi round >> 16)
    add     lr, r0, #32
    ldmia   lr, {r4-r7}             @ v_lo, v_hi
    subs    r4, r4, r12, lsl #16    @ v_lo - t
    sbc     r5, r5, r12, asr #16
    subs    r10, r8, r4             @ pv_hi < v_lo - t: no hit
    sbcs    r10, r9, r5
    blt     .Lbh_miss
    adds    r6, r6, r12, lsl #16    @ v_hi + t
    adc     r7, r7, r12, asr #16
    subs    r10, r6, r1             @ v_hi + t < pv_lo: no hit
    sbcs    r10, r7, r2
    blt     .Lbh_miss
    ldmdb   r3, {r1, r2, r8, r9}    @ pu
    add     lr, r0, #16
    ldmia   lr, {r4-r7}             @ u_lo, u_hi
    subs    r10, r1, r4             @ pu_lo >= u_lo
    sbcs    r10, r2, r5
    blt     .Lbh_ends
    subs    r10, r6, r8             @ and pu_hi <= u_hi: a hit
    sbcs    r10, r7, r9
    movge   r0, #1
    bge     .Lbh_ret
.Lbh_ends:
    subs    r4, r4, r12, lsl #16    @ u_lo - t
    sbc     r5, r5, r12, asr #16
    subs    r10, r8, r4             @ pu_hi < u_lo - t: no hit
    sbcs    r10, r9, r5
    blt     .Lbh_miss
    adds    r6, r6, r12, lsl #16    @ u_hi + t
    adc     r7, r7, r12, asr #16
    subs    r10, r6, r1             @ u_hi + t < pu_lo: no hit
    sbcs    r10, r7, r2
    blt     .Lbh_miss
    mov     r0, #2
    b       .Lbh_ret
.Lbh_miss:
    mov     r0, #0
    b       .Lbh_ret
.Lbh_wide:
    mov     r0, #3
.Lbh_ret:
    pop     {r4-r11, lr}
    bx      lr
    .size fxl__box_head, . - fxl__box_head
