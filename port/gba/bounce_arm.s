@ bounce_arm.s - the GBA port's bounce leg kernel: hand-scheduled ARM, in ROM
@ but for the candidates' loop (its band test and projections: IWRAM).
@
@ fxl__bounce_band_port: the band test of src/bounce_band.c's candidates
@ (cast_parts.h's fxl__consider_band_at, its band part, exactly) and
@ fxl__consider_at's tests up to the first wall taken, every value in
@ registers or on the stack: the signs of D, T, T - D and N, then, for
@ the first wall that passes them with N != 0, the comparison with the
@ length (65536 n <= len d, 96 bits, as the C); a later wall that passes
@ them with N != 0 gets the C's strict comparison with the best (128-bit
@ products, .Learlier: strictly earlier replaces it, ties to the lower
@ index). The walls that pass the sign tests from the first with N = 0
@ on (the rules at the start: fxl__start_stops) are listed in index order
@ for bounce_band.c's C, which runs fxl__consider_at on them from the
@ kernel's best (the same best as the C over every wall in order), then
@ fxl__band_clear; when none is listed (most legs) the kernel gives
@ fxl__band_clear's answer itself (.Lclear). Compiled for FXL_PORT_BOUNCE_BAND (fxl_port.h);
@ the suite compares the search with bounce_band.c's C list (bb_list) and
@ with cast.c's pass (bounce.port_kernel_agrees, the GBA test ROM too).
@
@ uint32_t fxl__bounce_band_port(const fxl_room_wall *w, const uint32_t *idx,
@                                const fxl__ray *r, fxl__band *bd,
@                                uint32_t two_sided, uint32_t *met,
@                                fxl__search *s)
@ idx: the candidates (packed box met, angle filter passed, the wall the
@ leg left taken off), increasing, ended by 0xFFFFFFFF; writes s (best, u
@ = n / d) when it takes a wall (else s is left: best -1, u the length)
@ and met[]; returns 2 c for c > 0 walls listed (bd then written: b =
@ |dx| + |dy|, lo1, lo2, i1 as fxl__consider_band_at leaves them after
@ the walls in order), else fxl__band_clear's answer, 1 or 0.
@
@ Per candidate i (w[i]: a at +8, (ex, ey) = b - a at +16), with the ray's
@ p, (dx, dy): rx, ry = a - p (mod 2^32, as the C), E = dy ex - dx ey =
@ -D, T = rx dy - ry dx, Tb = T - D = T + E (mod 2^64, the C's
@ fxl__wsub64), every product a 32x32 -> 64 SMULL/SMLAL: exact.
@ Band (b = |dx| + |dy| < 2^31 for |dx|, |dy| < 2^30, cast_parts.h's
@ rays): beyond it when T > b and Tb > b, or T < -b and Tb < -b; such a
@ wall is also beside the ends for fxl__consider_at (T and T - D of one
@ sign: D > 0 needs 0 <= T <= D, D < 0 needs D <= T <= 0, D = 0 none):
@ nothing more. Else the sign tests: D < 0 (E > 0) needs T <= 0, Tb >=
@ 0 and N = rx ey - ry ex <= 0 (d = E, n = -N); D > 0 (E < 0,
@ two-sided only) T >= 0, Tb <= 0 and N >= 0 (d = -E, n = N); D = 0
@ never. Then the band's projections P = rx dx + ry dy and Pb = P + (ex
@ dx + ey dy): unless both are <= -b (P + b - 1 < 0: no overflow, |P| <
@ 2^62), the least is kept (lo1 of wall i1, lo2 the next), strict
@ comparisons as the C. 64-bit comparisons by a subtraction with carry
@ (N xor V: the exact signed answer).
@
@ Registers in the loop:
@   r4 dx   r5 dy   r6 -dx   r7 b   r8 idx (next)   r9 &w[0].a
@   r10 px  r11 py  r0-r3, r12, lr  the candidate
@ Stack (after push {r4-r11, lr} and sub 88):
@   [sp] rx  [4] ry  [8] ex  [12] ey  [16] E (8 bytes)
@   [24] lo1 (8)  [32] lo2 (8)  [40] i1  [48] met (start)  [56] bd
@   [64] len  [68] the best taken (-1: none yet, -2: a wall deferred
@   first)  [72] its d, n (16 bytes); the arguments above the saved
@   registers: [124] two_sided, [128] met (the list's next), [132] s;
@   .Learlier keeps r4, r5 at [44], [52] and r7, r10 in E's slot

    .syntax unified
    .arm
    .section .text.fxl__bounce_band_port, "ax", %progbits
    .align 2
    .global fxl__bounce_band_port
    .type fxl__bounce_band_port, %function

fxl__bounce_band_port:
    push    {r4-r11, lr}
    sub     sp, sp, #88
    ldr     lr, [sp, #128]          @ met (the argument's slot: the list's next)
    str     r3, [sp, #56]           @ bd
    str     lr, [sp, #48]
    ldr     lr, [r2, #16]           @ len
    str     lr, [sp, #64]
    mvn     r12, #0
    str     r12, [sp, #68]          @ no best, nothing deferred
    ldr     r10, [r2]               @ px
    ldr     r11, [r2, #4]           @ py
    ldr     r4, [r2, #8]            @ dx
    ldr     r5, [r2, #12]           @ dy
    rsb     r6, r4, #0              @ -dx
    cmp     r4, #0
    rsblt   r7, r4, #0
    movge   r7, r4
    cmp     r5, #0
    addge   r7, r7, r5
    sublt   r7, r7, r5              @ b = |dx| + |dy|
    add     r9, r0, #8
    mov     r8, r1
    mvn     r0, #0                  @ INT64_MAX: 0xFFFFFFFF, 0x7FFFFFFF
    mvn     r1, #0x80000000
    mov     r2, r0
    mov     r3, r1
    mvn     r12, #0                 @ i1 = -1
    add     lr, sp, #24
    stm     lr, {r0, r1, r2, r3, r12} @ lo1 = lo2 = INT64_MAX, i1
    ldr     pc, =.Lnext             @ the candidates' loop, in IWRAM

@ Within the band: the first tests of fxl__consider_at (r0, r1 = Tb,
@ r2, r3 = T), then the projections.
.Lband:
    ldr     r12, [sp, #16]
    ldr     lr, [sp, #20]           @ E
    cmp     lr, #0
    blt     .Ldpos                  @ E < 0: D > 0
    orrs    r12, r12, lr
    ldreq   pc, =.Lproj             @ D = 0: parallel
    @ D < 0: T <= 0, Tb >= 0, N <= 0
    cmp     r1, #0
    ldrlt   pc, =.Lproj             @ Tb < 0
    rsbs    r12, r2, #0
    rscs    lr, r3, #0              @ 0 - T: lt iff T > 0
    ldrlt   pc, =.Lproj
    ldm     sp, {r0, r1, r2, r3}    @ rx, ry, ex, ey
    smull   r12, lr, r0, r3         @ rx ey
    smull   r0, r3, r1, r2          @ ry ex
    subs    r12, r12, r0
    sbcs    lr, lr, r3              @ N = rx ey - ry ex: lt iff N < 0
    blt     .Lmetn
    orrs    r0, r12, lr
    beq     .Lzero                  @ N = 0
    ldr     pc, =.Lproj
    @ D > 0 (two-sided only): T >= 0, Tb <= 0, N >= 0
.Ldpos:
    ldr     r12, [sp, #124]         @ two_sided
    cmp     r12, #0
    ldreq   pc, =.Lproj             @ one-sided: heading to the front
    cmp     r3, #0
    ldrlt   pc, =.Lproj             @ T < 0
    rsbs    r12, r0, #0
    rscs    lr, r1, #0              @ 0 - Tb: lt iff Tb > 0
    ldrlt   pc, =.Lproj
    ldm     sp, {r0, r1, r2, r3}
    smull   r12, lr, r0, r3
    smull   r0, r3, r1, r2
    subs    r12, r12, r0
    sbcs    lr, lr, r3              @ N: ge iff N >= 0
    ldrlt   pc, =.Lproj
    orrs    r0, r12, lr
    beq     .Lzero
    ldr     r2, [sp, #68]
    cmn     r2, #1
    bne     .Lbetter_pos            @ a best already, or a wall deferred
    ldr     r0, [sp, #16]
    ldr     r1, [sp, #20]
    rsbs    r0, r0, #0
    rsc     r1, r1, #0              @ d = D = -E, n = N (r12, lr)
    b       .Lwithin
.Lmetn:                             @ D < 0, N < 0: d = E, n = -N
    ldr     r2, [sp, #68]
    cmn     r2, #1
    bne     .Lbetter_neg
    rsbs    r12, r12, #0
    rsc     lr, lr, #0
    ldr     r0, [sp, #16]
    ldr     r1, [sp, #20]
@ The first wall met (N != 0, none deferred before it): within the length,
@ 65536 n <= len d (fxl__consider_at's 96-bit test: len d below 2^94,
@ 65536 n below 2^79), it becomes the best, and every later wall that
@ passes is deferred to the C (the strict comparison with it).
.Lwithin:
    add     r2, sp, #72
    stm     r2, {r0, r1, r12, lr}   @ d, n
    ldr     r3, [sp, #64]           @ len
    umull   r2, r12, r3, r0         @ len dl
    mov     lr, #0
    umlal   r12, lr, r3, r1         @ len d (r2, r12, lr)
    ldr     r0, [sp, #80]
    ldr     r1, [sp, #84]           @ n
    mov     r3, r1, lsl #16
    orr     r3, r3, r0, lsr #16     @ bits 32..63 of 65536 n
    subs    r2, r2, r0, lsl #16
    sbcs    r12, r12, r3
    sbcs    lr, lr, r1, lsr #16     @ len d - 65536 n: a borrow iff u* > len
    ldrcc   pc, =.Lproj             @ beyond the length: not taken
    ldr     r0, [r8, #-4]
    str     r0, [sp, #68]           @ the best
    ldr     pc, =.Lproj
@ A later wall met (N != 0) with a best taken and none listed yet:
@ fxl__consider_at's strict comparison, strictly earlier iff n_b d > n
@ d_b (the best's n_b / d_b; n, d, n_b, d_b below 2^63, so both
@ products below 2^126), worked out as B - A = n d_b - n_b d (mod
@ 2^128, |B - A| < 2^126: the top word's sign is its sign), 64 x 64 bits
@ in four UMULL/UMLAL each. Once a wall is listed, every later one is too
@ (the C then keeps the order: ties go to the wall seen first).
.Lbetter_neg:                       @ D < 0, N < 0: n = -N, d = E
    ldr     r0, [sp, #128]
    ldr     r1, [sp, #48]
    cmp     r0, r1
    bne     .Ldefer                 @ a wall listed before it
    rsbs    r12, r12, #0
    rsc     lr, lr, #0
    ldr     r0, [sp, #16]
    ldr     r1, [sp, #20]
    b       .Learlier
.Lbetter_pos:                       @ D > 0, N > 0: n = N, d = -E
    ldr     r0, [sp, #128]
    ldr     r1, [sp, #48]
    cmp     r0, r1
    bne     .Ldefer
    ldr     r0, [sp, #16]
    ldr     r1, [sp, #20]
    rsbs    r0, r0, #0
    rsc     r1, r1, #0
.Learlier:                          @ d (r0, r1), n (r12, lr)
    str     r4, [sp, #44]
    str     r5, [sp, #52]
    str     r7, [sp, #20]           @ (E's slot: read no more for this wall)
    str     r10, [sp, #16]
    ldr     r2, [sp, #80]
    ldr     r3, [sp, #84]           @ n_b
    umull   r4, r5, r2, r0          @ A = n_b d: r4..r7
    mov     r6, #0
    umlal   r5, r6, r2, r1
    mov     r7, #0
    umlal   r5, r7, r3, r0
    adds    r6, r6, r7
    mov     r7, #0
    adc     r7, r7, #0
    umlal   r6, r7, r3, r1
    ldr     r10, [sp, #72]          @ d_b low
    umull   r2, r3, r12, r10
    rsbs    r4, r4, r2
    rscs    r5, r5, r3
    rscs    r6, r6, #0
    rsc     r7, r7, #0              @ n_l d_bl - A
    umull   r2, r3, lr, r10
    adds    r5, r5, r2
    adcs    r6, r6, r3
    adc     r7, r7, #0              @ + n_h d_bl 2^32
    ldr     r10, [sp, #76]          @ d_b high
    umull   r2, r3, r12, r10
    adds    r5, r5, r2
    adcs    r6, r6, r3
    adc     r7, r7, #0              @ + n_l d_bh 2^32
    umull   r2, r3, lr, r10
    adds    r6, r6, r2
    adc     r7, r7, r3              @ + n_h d_bh 2^64: B - A
    cmp     r7, #0
    ldr     r4, [sp, #44]
    ldr     r5, [sp, #52]
    ldr     r7, [sp, #20]
    ldr     r10, [sp, #16]
    rsb     r6, r4, #0              @ (the loads and rsb keep the flags)
    ldrge   pc, =.Lproj             @ B >= A: not strictly earlier
    add     r2, sp, #72
    stm     r2, {r0, r1, r12, lr}   @ d, n
    ldr     r0, [r8, #-4]
    str     r0, [sp, #68]           @ the new best
    ldr     pc, =.Lproj
@ N = 0: the rules at the start (C); it and every later wall that passes
@ are deferred (so the C's strict comparisons see them in index order).
.Lzero:
    ldr     r2, [sp, #68]
    cmn     r2, #1
    mvneq   r2, #1
    streq   r2, [sp, #68]           @ -2: deferred, no best
.Ldefer:
    ldr     r0, [r8, #-4]           @ i
    ldr     r1, [sp, #128]
    str     r0, [r1], #4
    str     r1, [sp, #128]          @ listed
    ldr     pc, =.Lproj

.Ldone:
    ldr     r0, [sp, #128]
    ldr     r1, [sp, #48]
    subs    r0, r0, r1
    beq     .Lclear                 @ none deferred: the band's answer here
    mov     r0, r0, lsr #1          @ 2 (how many listed)
    add     r1, sp, #24
    ldm     r1, {r1, r2, r3, r12, lr} @ lo1, lo2, i1
    ldr     r4, [sp, #56]           @ bd
    str     r7, [r4]
    mov     r5, #0
    str     r5, [r4, #4]            @ b (below 2^31 as an int64)
    add     r4, r4, #8
    stm     r4, {r1, r2, r3, r12, lr} @ lo1, lo2, i1
    b       .Lout

@ fxl__band_clear (cast_parts.h) for the best (none: u = len / 65536):
@ lo = lo2 if i1 is the best, else lo1; INT64_MAX: clear; m = lo - b
@ (mod 2^64, as the C's fxl__wsub64) < 0: not; else clear iff num |d|^2
@ <= m den, |d|^2 = dx^2 + dy^2 < 2^61, 128-bit products (64 x 64 bits
@ in four UMULL/UMLAL: al bl + (al bh + ah bl) 2^32 + ah bh 2^64).
.Lclear:
    ldr     r8, [sp, #68]           @ the best (-1: none)
    ldr     r1, [sp, #40]           @ i1
    cmp     r1, r8
    addeq   r1, sp, #32             @ lo2
    addne   r1, sp, #24             @ lo1
    ldm     r1, {r2, r3}            @ lo
    mvn     r1, #0x80000000
    cmp     r3, r1
    cmneq   r2, #1
    moveq   r0, #1                  @ INT64_MAX: no wall in the band
    beq     .Lout
    subs    r2, r2, r7
    sbcs    r3, r3, #0              @ m = lo - b
    movmi   r0, #0
    bmi     .Lout
    smull   r10, r11, r4, r4
    smlal   r10, r11, r5, r5        @ |d|^2
    cmp     r8, #0
    blt     .Lnobest
    add     r0, sp, #72
    ldm     r0, {r0, r1, r4, r5}    @ d, n
    umull   r6, r7, r2, r0          @ m d: r6..r9
    mov     r8, #0
    umlal   r7, r8, r2, r1
    mov     r9, #0
    umlal   r7, r9, r3, r0
    adds    r8, r8, r9
    mov     r9, #0
    adc     r9, r9, #0
    umlal   r8, r9, r3, r1
    umull   r0, r1, r4, r10         @ n |d|^2: r0..r3
    mov     r2, #0
    umlal   r1, r2, r4, r11
    mov     r3, #0
    umlal   r1, r3, r5, r10
    adds    r2, r2, r3
    mov     r3, #0
    adc     r3, r3, #0
    umlal   r2, r3, r5, r11
    subs    r6, r6, r0
    sbcs    r7, r7, r1
    sbcs    r8, r8, r2
    sbcs    r9, r9, r3              @ m d - n |d|^2: no borrow iff clear
    movcs   r0, #1
    movcc   r0, #0
    b       .Lout
.Lnobest:                           @ len |d|^2 <= 65536 m (96 bits)
    ldr     r0, [sp, #64]           @ len
    umull   r12, lr, r0, r10
    mov     r1, #0
    umlal   lr, r1, r0, r11         @ len |d|^2: r12, lr, r1
    mov     r6, r2, lsl #16
    mov     r7, r3, lsl #16
    orr     r7, r7, r2, lsr #16
    mov     r8, r3, lsr #16         @ 65536 m: r6, r7, r8
    subs    r6, r6, r12
    sbcs    r7, r7, lr
    sbcs    r8, r8, r1
    movcs   r0, #1
    movcc   r0, #0

@ r0: the answer; s gets the best taken, if any.
.Lout:
    ldr     r1, [sp, #68]
    cmp     r1, #0
    blt     4f
    ldr     r3, [sp, #132]          @ s
    str     r1, [r3]                @ s->best
    add     r2, sp, #72
    ldm     r2, {r1, r2, r12, lr}   @ d, n
    str     r12, [r3, #8]
    str     lr, [r3, #12]           @ s->u.num = n
    str     r1, [r3, #16]
    str     r2, [r3, #20]           @ s->u.den = d
4:  add     sp, sp, #88
    pop     {r4-r11, lr}
    bx      lr
    .ltorg
    .size fxl__bounce_band_port, . - fxl__bounce_band_port


@ The loop's hot part, in IWRAM: every candidate's band test (.Lnext) and
@ the band's projections (.Lproj), 284 bytes with their literals (a
@ section of its own named .iwram, as FXL_IWRAM_CODE's: fxl_port.h;
@ --gc-sections keeps it with the kernel). The rest of the kernel stays
@ in ROM; the two parts reach each other by loads of pc (ARM to ARM, no
@ state change; out of a branch's reach, and conditional ones have no
@ linker stubs). Measured (session 13, docs/tuning.md): the boss frame
@ 77,537 -> 75,948 cycles median, worst 110,387 -> 107,124, and
@ fxl_room_bounce 13,255 -> 12,639 (max 33,421 -> 32,007), within the
@ frame's 4 KiB of library IWRAM (curvy.c's seg_length went to ROM for
@ it); the whole kernel in IWRAM (1,288 bytes) took 4,934 off the median
@ but does not fit.
    .section .iwram, "ax", %progbits, unique, 1
    .align 2
    @ fxl__bounce_band_loop: a name and size for make size's tables (and
    @ tools/stack_depth.py: jumped to, not called; the kernel's frame).
    .type fxl__bounce_band_loop, %function
fxl__bounce_band_loop:
.Lnext:
    ldr     r0, [r8], #4            @ i
    cmn     r0, #1
    ldreq   pc, =.Ldone
    rsb     r0, r0, r0, lsl #3      @ 7 i
    add     r0, r9, r0, lsl #2      @ &w[i].a (28 bytes a wall)
    ldm     r0, {r0, r1, r2, r3}    @ ax, ay, ex, ey
    sub     r0, r0, r10             @ rx
    sub     r1, r1, r11             @ ry
    smull   r12, lr, r5, r2         @ dy ex
    smlal   r12, lr, r6, r3         @ E = dy ex - dx ey = -D
    stm     sp, {r0, r1, r2, r3, r12, lr} @ rx, ry, ex, ey, E
    smull   r2, r3, r0, r5          @ rx dy
    smlal   r2, r3, r1, r6          @ T = rx dy - ry dx
    adds    r0, r2, r12
    adc     r1, r3, lr              @ Tb = T - D = T + E
    rsbs    r12, r2, r7
    rscs    lr, r3, #0              @ b - T: lt iff T > b
    bge     1f
    rsbs    r12, r0, r7
    rscs    lr, r1, #0
    blt     .Lnext                  @ Tb > b too: beyond the band
    ldr     pc, =.Lband
1:  adds    r12, r2, r7
    adcs    lr, r3, #0              @ T + b: lt iff T < -b
    ldrge   pc, =.Lband
    adds    r12, r0, r7
    adcs    lr, r1, #0
    blt     .Lnext                  @ Tb < -b too: beyond the band
    ldr     pc, =.Lband

@ The band's projections: P = rx dx + ry dy (r12, lr), Pb = P + ex dx +
@ ey dy (r0, r1).
.Lproj:
    ldm     sp, {r0, r1, r2, r3}    @ rx, ry, ex, ey
    smull   r12, lr, r0, r4         @ rx dx
    smlal   r12, lr, r1, r5         @ P
    smull   r0, r1, r2, r4          @ ex dx
    smlal   r0, r1, r3, r5          @ ex dx + ey dy
    adds    r0, r0, r12
    adc     r1, r1, lr              @ Pb
    adds    r2, r12, r7
    adc     r3, lr, #0
    subs    r2, r2, #1
    sbcs    r3, r3, #0              @ P + b - 1: ge iff P > -b
    bge     2f
    adds    r2, r0, r7
    adc     r3, r1, #0
    subs    r2, r2, #1
    sbcs    r3, r3, #0
    blt     .Lnext                  @ both <= -b: wholly behind the start
2:  subs    r2, r0, r12
    sbcs    r3, r1, lr              @ lt iff Pb < P
    movlt   r12, r0
    movlt   lr, r1                  @ P = the least
    ldr     r0, [sp, #24]
    ldr     r1, [sp, #28]           @ lo1
    subs    r2, r12, r0
    sbcs    r3, lr, r1              @ lt iff P < lo1
    bge     3f
    str     r0, [sp, #32]
    str     r1, [sp, #36]           @ lo2 = lo1
    str     r12, [sp, #24]
    str     lr, [sp, #28]           @ lo1 = P
    ldr     r0, [r8, #-4]
    str     r0, [sp, #40]           @ i1 = i
    b       .Lnext
3:  ldr     r0, [sp, #32]
    ldr     r1, [sp, #36]           @ lo2
    subs    r2, r12, r0
    sbcs    r3, lr, r1              @ lt iff P < lo2
    strlt   r12, [sp, #32]
    strlt   lr, [sp, #36]           @ lo2 = P
    b       .Lnext
    .ltorg
    .size fxl__bounce_band_loop, . - fxl__bounce_band_loop
