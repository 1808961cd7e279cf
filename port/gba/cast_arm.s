@ cast_arm.s - the GBA port's room cast kernel: hand-scheduled ARM, in ROM.
@
@ fxl__room_cast_walls_port: the centre line's search through the walls of
@ an indexed room's candidate mask, exactly as src/cast.c's room_cast_walls
@ (compiled there as fxl__room_cast_mask_c when FXL_PORT_ROOM_CAST is set;
@ the test suite compares the two, the GBA test ROM included), with its
@ division. GCC's code for the same loop spills (35 to 40 instructions a
@ candidate); here a candidate rejected beside its ends costs 25, one met
@ 38, every value in registers.
@
@ long fxl__room_cast_walls_port(const fxl_room_wall *w, uint32_t mask,
@                                const fxl__ray *r, bool two_sided,
@                                int32_t *fl)
@ returns the first wall (-1: none); *fl = floor(u*) of it (the clipped
@ length), or the ray's length when none.
@
@ Per candidate wall i (the mask's bits, lowest first; w[i]: a at +8,
@ b - a = (ex, ey) at +16), with the ray's p, (dx, dy) and len, the
@ signs of cast.c's room_meets:
@     E = dx ey - dy ex = -D       (one SMULL, one SMLAL with -dy:
@                                   |dx|, |dy| <= 65536, no overflow)
@     D > 0 (E < 0): d = D, T = ry dx - rx dy, M = ry ex - rx ey
@     two-sided, D < 0: d = -D = E, T and M turned (M = 0 then misses)
@     D = 0, or one-sided D < 0: no meeting
@ with rx, ry = a - p wrapped to 32 bits (as the C); met iff T <= d
@ unsigned (0 <= t <= 1) and M >= 0 (M > 0 turned), n = M. Every product
@ below 2^62 and every sum below 2^63 in magnitude (room_meets' bounds).
@ The first wall met within the length: 65536 n <= len d (96 bits: 2^79
@ against 2^91 at most; the same walls as the C's floor_div test, which
@ also skips n >= 2^12 d: u* >= 2^28 > FXL_SIZE_MAX >= len). Later walls
@ that meet the line are compared strictly earlier with it by
@ fxl__room_earlier_nd (C, 128-bit products; 0.2 a cast in the
@ benchmark's room), so a tie keeps the lower index.
@
@ Registers in the loops:
@   r6  dx               r7  -dy
@   r8  the mask left (its lowest bit: the candidate under test)
@   r9  &w[0].a          r10 fxl__bit_index (de Bruijn table)
@   r11 its multiplier 0x077CB531
@   r0-r5, r12, lr  the candidate's a, b - a, products
@ Stack (after push {r4-r11, lr} and sub 60; 8-byte aligned for the calls):
@   [sp]  px   [sp, #4] py   [sp, #8] len   [sp, #12] fl
@   [sp, #16] the best index   [sp, #24] the candidate's d, n (16 bytes)
@   [sp, #40] the best's d, n (16 bytes)

    .syntax unified
    .arm
    .section .text.fxl__room_cast_walls_port, "ax", %progbits
    .align 2
    .global fxl__room_cast_walls_port
    .type fxl__room_cast_walls_port, %function

@ The candidate's index, from the mask's lowest bit, into \reg.
.macro INDEX reg
    rsb     \reg, r8, #0
    and     \reg, \reg, r8
    mul     \reg, r11, \reg
    ldrb    \reg, [r10, \reg, lsr #27]
.endm

@ The candidate's a and b - a (r2-r5) and E = -D (r0, r1; N: its sign).
.macro FETCH
    INDEX   r0
    rsb     r0, r0, r0, lsl #3      @ 7 i
    add     r0, r9, r0, lsl #2      @ &w[i].a (28 bytes a wall)
    ldm     r0, {r2, r3, r4, r5}    @ ax, ay, ex, ey
    smull   r0, r1, r5, r6          @ ey dx
    smlals  r0, r1, r4, r7          @ E = dx ey - dy ex (N: bit 63)
.endm

@ rx, ry (r2, r3) and T = ry dx - rx dy (r12, lr).
.macro TVALUE
    ldm     sp, {r12, lr}           @ px, py
    sub     r2, r2, r12             @ rx = ax - px (mod 2^32)
    sub     r3, r3, lr              @ ry
    smull   r12, lr, r3, r6         @ ry dx
    smlal   r12, lr, r2, r7         @ T = ry dx - rx dy
.endm

@ D > 0 (r0, r1 = E): d = D in r0, r1, n = M in r12, lr, or on to \miss.
.macro AHEAD miss
    rsbs    r0, r0, #0
    rsc     r1, r1, #0              @ d = D = -E
    TVALUE
    subs    r12, r0, r12
    sbcs    lr, r1, lr              @ d - T: a borrow iff T > d unsigned
    bcc     \miss                   @ t < 0 or t > 1: beside the ends
    smull   r12, lr, r3, r4         @ ry ex
    smull   r3, r4, r2, r5          @ rx ey
    subs    r12, r12, r3
    sbcs    lr, lr, r4              @ M (N: its sign, no overflow)
    bmi     \miss                   @ behind the start
.endm

@ One-sided: T first (T < 0 misses whatever D's sign: D > 0 is needed and
@ then t < 0), then D > 0 and T <= D, and M >= 0: d, n in r0, r1, r12, lr,
@ or on to \miss (the same answer as FETCH and AHEAD, fewer products for
@ a wall beside its start).
.macro ONESIDED miss
    INDEX   r0
    rsb     r0, r0, r0, lsl #3      @ 7 i
    add     r0, r9, r0, lsl #2      @ &w[i].a
    ldm     r0, {r2, r3, r4, r5}    @ ax, ay, ex, ey
    ldm     sp, {r12, lr}           @ px, py
    sub     r2, r2, r12             @ rx
    sub     r3, r3, lr              @ ry
    smull   r12, lr, r3, r6         @ ry dx
    smlals  r12, lr, r2, r7         @ T = ry dx - rx dy (N: its sign)
    bmi     \miss                   @ T < 0
    smull   r0, r1, r5, r6
    smlals  r0, r1, r4, r7          @ E = -D
    bpl     \miss                   @ D <= 0
    rsbs    r0, r0, #0
    rsc     r1, r1, #0              @ d = D
    subs    r12, r0, r12
    sbcs    lr, r1, lr
    bcc     \miss                   @ T > d
    smull   r12, lr, r3, r4         @ ry ex
    smull   r3, r4, r2, r5          @ rx ey
    subs    r12, r12, r3
    sbcs    lr, lr, r4              @ M
    bmi     \miss
.endm

@ Two-sided, D < 0 (r0, r1 = E = -D = d): T and M turned, or on to \miss.
.macro TURNED miss
    TVALUE
    rsbs    r12, r12, #0
    rsc     lr, lr, #0              @ -T
    subs    r12, r0, r12
    sbcs    lr, r1, lr
    bcc     \miss
    smull   r12, lr, r3, r4
    smull   r3, r4, r2, r5
    subs    r12, r12, r3
    sbcs    lr, lr, r4              @ M
    bpl     \miss                   @ M >= 0: behind, or on the line heading out
    rsbs    r12, r12, #0
    rsc     lr, lr, #0              @ n = -M > 0
.endm

@ Within the length (65536 n <= len d), or on to \miss.
.macro WITHIN miss
    ldr     r5, [sp, #8]            @ len
    umull   r2, r3, r5, r0
    mov     r4, #0
    umlal   r3, r4, r5, r1          @ len d (r2, r3, r4)
    mov     r5, lr, lsl #16
    orr     r5, r5, r12, lsr #16    @ bits 32..63 of 65536 n
    subs    r2, r2, r12, lsl #16
    sbcs    r3, r3, r5
    sbcs    r4, r4, lr, lsr #16     @ len d - 65536 n: a borrow iff u* > len
    bcc     \miss
.endm

@ The candidate (d, n in r0, r1, r12, lr) becomes the best: [sp, #40], [sp, #16].
.macro BEST
    add     r3, sp, #40
    stm     r3, {r0, r1, r12, lr}   @ d, n
    INDEX   r2
    str     r2, [sp, #16]
.endm

@ A later candidate met the line (d, n in r0, r1, r12, lr): it becomes the
@ best if strictly earlier (fxl__room_earlier_nd(candidate, best), C).
.macro LATER next
    add     r2, sp, #24
    stm     r2, {r0, r1, r12, lr}   @ the candidate's d, n
    mov     r0, r2
    add     r1, sp, #40             @ the best's
    bl      fxl__room_earlier_nd
    cmp     r0, #0
    beq     \next
    add     r0, sp, #24
    ldm     r0, {r0, r1, r2, r3}
    add     r12, sp, #40
    stm     r12, {r0, r1, r2, r3}   @ the best = the candidate's d, n
    INDEX   r2
    str     r2, [sp, #16]
    b       \next
.endm

fxl__room_cast_walls_port:
    push    {r4-r11, lr}
    ldr     r12, [sp, #36]          @ fl
    sub     sp, sp, #60
    ldm     r2, {r4, r5, r6, r7, r8} @ px, py, dx, dy, len
    stm     sp, {r4, r5, r8, r12}   @ px, py, len, fl
    rsb     r7, r7, #0              @ -dy
    add     r9, r0, #8
    ldr     r10, =fxl__bit_index
    ldr     r11, =0x077CB531
    movs    r8, r1
    beq     .Lnone
    cmp     r3, #0
    bne     .Ltwo_test

@ ---- one-sided: the first wall met within the length ----
.Lone_test:
    ONESIDED .Lone_next
    WITHIN  .Lone_next
    BEST
    b       .Lone_later_next
.Lone_next:
    sub     r0, r8, #1
    ands    r8, r8, r0
    bne     .Lone_test
    b       .Lnone

@ ---- one-sided: the walls after it ----
.Lone_later_next:
    sub     r0, r8, #1
    ands    r8, r8, r0
    beq     .Ldone
    ONESIDED .Lone_later_next
    LATER   .Lone_later_next

@ ---- two-sided: the first wall met within the length ----
.Ltwo_test:
    FETCH
    bmi     1f
    orrs    r12, r0, r1
    beq     .Ltwo_next              @ D = 0: parallel
    TURNED  .Ltwo_next
    b       2f
1:  AHEAD   .Ltwo_next
2:  WITHIN  .Ltwo_next
    BEST
    b       .Ltwo_later_next
.Ltwo_next:
    sub     r0, r8, #1
    ands    r8, r8, r0
    bne     .Ltwo_test
    b       .Lnone

@ ---- two-sided: the walls after it ----
.Ltwo_later_next:
    sub     r0, r8, #1
    ands    r8, r8, r0
    beq     .Ldone
    FETCH
    bmi     3f
    orrs    r12, r0, r1
    beq     .Ltwo_later_next
    TURNED  .Ltwo_later_next
    LATER   .Ltwo_later_next
3:  AHEAD   .Ltwo_later_next
    LATER   .Ltwo_later_next

.Lnone:
    ldm     sp, {r0, r1, r2, r3}
    str     r2, [r3]                @ *fl = len
    mvn     r0, #0                  @ -1: no wall
    add     sp, sp, #60
    pop     {r4-r11, lr}
    bx      lr

@ floor(u*) = floor(65536 n / d) of the best, as cast.c's floor_div (the
@ same steps, so its proof holds: d < 2^56, n < 2^12 d, the quotient below
@ 2^28): d normalised to dt = d 2^z / 2^32 (top bit set; the leading zeros
@ by two steps and the clz8 table), r ~ 2^63 / dt from the recip table and
@ two Newton steps, y = 65536 n 2^z / 2^32, q = (y r) >> 63, within [Q - 2,
@ Q + 1]; the remainder 65536 n - q d (64 bits, exact) put in [0, d) by a
@ step down or two up, else (never seen; d >= 2^56 cannot come from a table
@ direction) fxl__room_floor_nd, the C's division.
.Ldone:
    add     r0, sp, #40
    ldm     r0, {r0, r1, r2, r3}    @ dl, dh, nl, nh
    movs    r4, r1, lsr #24
    bne     .Lslow                  @ d >= 2^56
    movs    r5, r1
    moveq   r5, r0                  @ dh = 0: dl (not 0: d > 0)
    moveq   r6, #32
    movne   r6, #0
    cmp     r5, #0x10000
    movcc   r5, r5, lsl #16
    addcc   r6, r6, #16
    cmp     r5, #0x1000000
    movcc   r5, r5, lsl #8
    addcc   r6, r6, #8
    ldr     r8, =fxl__atan + 2052   @ clz8 (struct fxl__atan_tables, angle_table.h)
    ldrb    r7, [r8, r5, lsr #24]   @ the top byte's leading zeros
    mov     r5, r5, lsl r7
    add     r6, r6, r7              @ z
    cmp     r1, #0
    rsbne   r7, r6, #32
    orrne   r5, r5, r0, lsr r7      @ dt = (dh << z) | (dl >> (32 - z))
    ldr     r8, =fxl__atan + 3844 - 4096 @ recip, less its 2048 first indices
    mov     r7, r5, lsr #20
    add     r7, r8, r7, lsl #1
    ldrh    r7, [r7]
    mov     r7, r7, lsl #16         @ r
    umull   r9, r10, r5, r7
    rsbs    r9, r9, #0
    rsc     r10, r10, #0x80000000   @ e = 2^63 - dt r
    mov     r9, r9, lsr #21
    orr     r9, r9, r10, lsl #11    @ e >> 21 (32 bits)
    umull   r10, r11, r7, r9
    add     r7, r7, r11, lsr #10    @ r += (r (e >> 21)) >> 42
    umull   r9, r10, r5, r7
    rsbs    r9, r9, #0
    rsc     r10, r10, #0x80000000
    mov     r9, r9, lsr #21
    orr     r9, r9, r10, lsl #11
    umull   r10, r11, r7, r9
    add     r7, r7, r11, lsr #10    @ the second step
    subs    r8, r6, #16             @ s = z - 16
    bmi     1f
    rsb     r9, r8, #32
    mov     r11, r3, lsl r8
    orr     r11, r11, r2, lsr r9
    sub     r9, r8, #32
    orr     r11, r11, r2, lsl r9    @ y_hi = n << s (a shift by 32 or more: 0)
    mov     r10, r2, lsl r8         @ y_lo
    b       2f
1:  rsb     r8, r8, #0              @ t = 16 - z
    rsb     r9, r8, #32
    mov     r10, r2, lsr r8
    orr     r10, r10, r3, lsl r9    @ y_lo = n >> t
    mov     r11, r3, lsr r8         @ y_hi
2:  umull   r8, r9, r10, r7         @ y_lo r (its high word)
    umull   r8, r12, r11, r7        @ y_hi r
    adds    r8, r8, r9
    adc     r12, r12, #0
    mov     r8, r8, lsr #31
    orr     r8, r8, r12, lsl #1     @ q = (y_hi r + (y_lo r >> 32)) >> 31
    umull   r9, r10, r8, r0         @ q dl
    mul     r11, r8, r1             @ q dh (mod 2^32)
    mov     r12, r3, lsl #16
    orr     r12, r12, r2, lsr #16
    rsbs    r9, r9, r2, lsl #16
    sbc     r10, r12, r10
    sub     r10, r10, r11           @ R = 65536 n - q d (mod 2^64)
    cmp     r10, #0
    blt     3f
    subs    r11, r9, r0
    sbcs    r12, r10, r1
    bcc     4f                      @ R < d: q
    add     r8, r8, #1
    subs    r9, r11, r0
    sbcs    r10, r12, r1
    addcs   r8, r8, #1              @ R - d >= d: up again
    subscs  r11, r9, r0
    sbcscs  r12, r10, r1
    bcc     4f
    b       .Lslow                  @ still >= d
3:  adds    r9, r9, r0
    adc     r10, r10, r1
    sub     r8, r8, #1              @ negative: a step down
    subs    r11, r9, r0
    sbcs    r12, r10, r1
    bcs     .Lslow                  @ not below d (or still negative)
4:  mov     r0, r8
    b       5f
.Lslow:
    add     r0, sp, #40
    bl      fxl__room_floor_nd
5:  ldr     r1, [sp, #12]
    str     r0, [r1]                @ *fl = floor(u*)
    ldr     r0, [sp, #16]           @ the best
    add     sp, sp, #60
    pop     {r4-r11, lr}
    bx      lr

    .ltorg
    .size fxl__room_cast_walls_port, . - fxl__room_cast_walls_port
