@ cast_arm.s - the GBA port's room cast kernel: hand-scheduled ARM, in ROM
@ (its one-sided candidates' loop in IWRAM, 96 bytes).
@
@ fxl__room_cast_walls_port: the centre line's search through the walls of
@ an indexed room's candidate mask, exactly as src/cast.c's room_cast_walls
@ (compiled there as fxl__room_cast_mask_c when FXL_PORT_ROOM_CAST is set;
@ the test suite compares the two, the GBA test ROM included), with its
@ division. GCC's code for the same loop spills (35 to 40 instructions a
@ candidate); here a candidate rejected beside its ends costs 25, one met
@ 38, every value in registers; one-sided, the T and D tests of each
@ candidate run from IWRAM (.Liw_test), the rest from ROM.
@
@ long fxl__room_cast_walls_port(const fxl_room_wall *w, uint32_t mask,
@                                const fxl__ray *r, bool two_sided,
@                                int32_t *fl)
@ r->dx, r->dy: the table's cos and sin of the angle in r->reach (any int32;
@ its 12 low bits are the step).
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
@ Stack (after push {r4-r11, lr} and sub 68; 8-byte aligned for the calls):
@   [sp]  px   [sp, #4] py   [sp, #8] len   [sp, #12] fl
@   [sp, #16] the best index   [sp, #20] the angle (r->reach)
@   [sp, #24] the candidate's d, n (16 bytes)
@   [sp, #40] the best's d, n (16 bytes)
@   one-sided: [sp, #56] the IWRAM loop (.Liw_next), [sp, #60] where a
@   wall met ahead goes, [sp, #64] where the empty mask goes (its exits)

    .syntax unified
    .arm
    .section .text.fxl__room_cast_walls_port, "ax", %progbits
    .align 2

@ 7 times cast.c's fxl__bit_index (de Bruijn: the index of bit b is at
@ (b 0x077CB531) >> 27): a wall's offset in words. In the code's section,
@ just before it: its address by adr, no literal load.
    .type fxl__room_bit7, %object
fxl__room_bit7:
.Lbit7:
    .byte   0, 7, 196, 14, 203, 98, 168, 21, 210, 154, 140, 105, 175, 119, 28, 56
    .byte   217, 189, 91, 161, 147, 133, 112, 49, 182, 84, 126, 42, 77, 35, 70, 63
    .size fxl__room_bit7, . - fxl__room_bit7

    .global fxl__room_cast_walls_port
    .type fxl__room_cast_walls_port, %function

@ 7 times the candidate's index (its offset in words: 28 bytes a wall),
@ from the mask's lowest bit into \reg (the de Bruijn look-up, .Lbit7).
.macro INDEX reg
    rsb     \reg, r8, #0
    and     \reg, \reg, r8
    mul     \reg, r11, \reg
    ldrb    \reg, [r10, \reg, lsr #27]
.endm

@ The candidate's a and b - a (r2-r5) and E = -D (r0, r1; N: its sign).
.macro FETCH
    INDEX   r0
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

@ r7 = r, the reciprocal of the normalised divisor t in r5 (top bit set,
@ its 16 low bits 0) to 2^63 / t from below: the table's first guess
@ (r8 = fxl__atan + 2052 on entry) and two Newton steps. Clobbers r8-r11.
.macro RECIP
    sub     r8, r8, #2304           @ recip (fxl__atan + 3844), less its 2048 first indices
    mov     r7, r5, lsr #20
    add     r7, r8, r7, lsl #1
    ldrh    r7, [r7]
    mov     r7, r7, lsl #16         @ r
    umull   r9, r10, r5, r7
    rsbs    r9, r9, #0
    rsc     r10, r10, #0x80000000   @ e = 2^63 - t r
    mov     r9, r9, lsr #21
    orr     r9, r9, r10, lsl #11
    umull   r10, r11, r7, r9
    add     r7, r7, r11, lsr #10    @ r += (r (e >> 21)) >> 42
    umull   r9, r10, r5, r7
    rsbs    r9, r9, #0
    rsc     r10, r10, #0x80000000
    mov     r9, r9, lsr #21
    orr     r9, r9, r10, lsl #11
    umull   r10, r11, r7, r9
    add     r7, r7, r11, lsr #10    @ the second step
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
    str     r2, [sp, #16]           @ 7 i
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

@ fxl__room_cast_walls_thumb: the kernel's entry from Thumb code (the port's
@ fxl_room_cast: a BL here, the state changed by bx pc, no literal load
@ of the kernel's address and no bx stub), just before it.
    .thumb
    .align 2
    .thumb_func
    .type fxl__room_cast_walls_thumb, %function
fxl__room_cast_walls_thumb:
    bx      pc
    nop
    .size fxl__room_cast_walls_thumb, . - fxl__room_cast_walls_thumb
    .arm
fxl__room_cast_walls_port:
    push    {r4-r11, lr}
    ldr     r12, [sp, #36]          @ fl
    sub     sp, sp, #68
    ldm     r2, {r4, r5, r6, r7, r8, r9} @ px, py, dx, dy, len, the angle
    stm     sp, {r4, r5, r8, r12}   @ px, py, len, fl
    str     r9, [sp, #20]           @ the angle
    rsb     r7, r7, #0              @ -dy
    add     r9, r0, #8
    adr     r10, .Lbit7
    ldr     r11, =0x077CB531
    movs    r8, r1
    beq     .Lnone
    cmp     r3, #0
    bne     .Ltwo_test

@ ---- one-sided: the candidates' tests in IWRAM (.Liw_test below), to
@ .Lone_met for a wall that meets the line ahead of it (T, D), to .Lnone
@ when none is left ----
    ldr     r0, =.Liw_next
    adr     r1, .Lone_met
    adr     r2, .Lnone
    add     r3, sp, #56
    stm     r3, {r0, r1, r2}        @ the loop, its two exits
    add     pc, r0, #(.Liw_test - .Liw_next)

.Lnone:
    ldm     sp, {r0, r1, r2, r3}
    str     r2, [r3]                @ *fl = len
    mvn     r0, #0                  @ -1: no wall
    add     sp, sp, #68
    pop     {r4-r11, lr}
    bx      lr

@ The first wall met within the length: M (behind the start?), the length,
@ then the walls after it (.Lone_later_met, .Ldone).
.Lone_met:
    smull   r12, lr, r3, r4         @ ry ex
    smull   r3, r4, r2, r5          @ rx ey
    subs    r12, r12, r3
    sbcs    lr, lr, r4              @ M
    ldrmi   pc, [sp, #56]           @ behind the start: the next candidate
    WITHIN  .Lone_back
    BEST
    adr     r0, .Lone_later_met
    adrl    r1, .Ldone
    add     r2, sp, #60
    stm     r2, {r0, r1}
.Lone_back:
    ldr     pc, [sp, #56]           @ .Liw_next

@ A later wall met ahead of the line's start: strictly earlier than the best?
.Lone_later_met:
    smull   r12, lr, r3, r4
    smull   r3, r4, r2, r5
    subs    r12, r12, r3
    sbcs    lr, lr, r4              @ M
    ldrmi   pc, [sp, #56]
    LATER   .Lone_back

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


@ floor(u*) = floor(65536 n / d) of the best, as cast.c's floor_div (the
@ same steps, so its proof holds: d < 2^56, n < 2^12 d, the quotient below
@ 2^28): d normalised to dt = d 2^z / 2^32 (top bit set; the leading zeros
@ by two steps and the clz8 table), r ~ 2^63 / dt from the recip table and
@ two Newton steps, y = 65536 n 2^z / 2^32, q = (y r) >> 63, within [Q - 2,
@ Q + 1]; the remainder 65536 n - q d (64 bits, exact) put in [0, d) by a
@ step down or two up, else (never seen; d >= 2^56 cannot come from a table
@ direction) fxl__room_floor_nd, the C's division.
@ An axis-aligned best (ex = 0 or ey = 0; n / d = a / b with a = rx, b = dx
@ or a = ry, b = dy, signs taken off) skips that: b is a table direction's
@ component, |sin k| for k = the ray's angle (r->reach: the angle, set by
@ the callers) or angle + 1024, so b = sin_q16(i) for the quarter-wave
@ index i (1..1024, b > 0), and angle_table.c's fxl__room_recip holds R =
@ ceil(2^(28 + c) / b) and s = 20 - c, c = ceil(log2 b). The first wall is
@ within the length, so 65536 a / b <= len < 2^28: a < 2^12 b <= 2^(12 + c)
@ and a 2^s < 2^32. Then (a 2^s R) / 2^32 = 65536 a / b + e, 0 <= e < a 2^s
@ / 2^32 < 1 (R is above 2^(28 + c) / b by less than 1): its floor q' is q
@ or q + 1, the remainder 65536 a - q' b in [-b, b) (exact mod 2^32) and one
@ step down gives q. (Before: b normalised, the recip table and two Newton
@ steps as below: about 30 ARM instructions more.)
.Lgeneral:
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
    RECIP
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
    b       5f

@ The axis-aligned best (the comment above), falling through to the answer.
.Ldone:
    ldr     r4, [sp, #16]           @ 7 best
    add     r4, r9, r4, lsl #2      @ &w[best].a
    ldm     r4, {r0, r1, r2, r3}    @ ax, ay, ex, ey
    cmp     r3, #0
    cmpne   r2, #0
    bne     .Lgeneral               @ not axis-aligned
    ldm     sp, {r4, r5}            @ px, py
    ldr     r12, [sp, #20]          @ the ray's angle
    cmp     r3, #0
    subeq   r0, r1, r5              @ ey = 0: a = ry, b = dy = sin(angle)
    rsbeq   r1, r7, #0
    subne   r0, r0, r4              @ ex = 0: a = rx, b = dx = sin(angle + 1024)
    movne   r1, r6
    addne   r12, r12, #1024
    cmp     r1, #0
    rsblt   r1, r1, #0
    rsblt   r0, r0, #0              @ b = |b| (1..65536), a = |a| (a / b = n / d >= 0)
    tst     r12, #1024
    mov     r12, r12, lsl #22
    mov     r12, r12, lsr #22       @ k mod 1024
    rsbne   r12, r12, #1024         @ i: |sin k| = sin_q16(i), 1..1024 (b > 0)
    ldr     r8, =fxl__room_recip + 1024
    ldr     r3, [r8, r12, lsl #2]   @ R = ceil(2^(28 + c) / b), c = ceil(log2 b)
    ldrb    r2, [r8, -r12]          @ s = 20 - c
    mov     r4, r0, lsl r2          @ a 2^s < 2^32 (a < 2^12 b <= 2^(12 + c))
    umull   r5, r8, r4, r3          @ q' = (a 2^s R) >> 32
    mul     r9, r8, r1
    rsb     r9, r9, r0, lsl #16     @ 65536 a - q' b (|.| < 2^17: exact mod 2^32)
    cmp     r9, #0
    addlt   r9, r9, r1
    sublt   r8, r8, #1              @ q' = q + 1: a step down
    cmp     r9, r1
    bhs     .Lgeneral               @ not in [0, b) (never: the proof above)
    mov     r0, r8
5:  ldr     r1, [sp, #12]
    str     r0, [r1]                @ *fl = floor(u*)
    ldr     r0, [sp, #16]           @ 7 best
    add     r1, r0, r0, lsl #3      @ 63 i
    add     r0, r0, r1, lsl #2      @ 259 i = 256 i + 3 i, 3 i < 256 (i < 32)
    mov     r0, r0, lsr #8          @ the best
    add     sp, sp, #68
    pop     {r4-r11, lr}
    bx      lr

    .ltorg
    .size fxl__room_cast_walls_port, . - fxl__room_cast_walls_port

@ The one-sided candidates' tests, in IWRAM (96 bytes, a section of its own
@ named .iwram as FXL_IWRAM_CODE's: fxl_port.h; --gc-sections keeps it with
@ the kernel, whose literal names it): T first (T < 0 misses whatever D's
@ sign: D > 0 is needed and then t < 0), then D > 0 and T <= D: a wall
@ past those goes on to [sp, #60] (ROM: M, then the length or the best)
@ with d in r0, r1, rx, ry in r2, r3, ex, ey in r4, r5; when the mask is
@ empty, on to [sp, #64] (.Lnone or .Ldone). The ROM parts come back at
@ .Liw_next (the candidate done) by loads of pc (ARM to ARM, no state
@ change; out of a branch's reach).
    .section .iwram, "ax", %progbits, unique, 1
    .align 2
    @ fxl__room_cast_loop: a name and size for make size's tables (and
    @ tools/stack_depth.py: jumped to, not called; the kernel's frame).
    .type fxl__room_cast_loop, %function
fxl__room_cast_loop:
.Liw_next:
    sub     r0, r8, #1
    ands    r8, r8, r0
    ldreq   pc, [sp, #64]           @ no candidate left
.Liw_test:
    INDEX   r0
    add     r0, r9, r0, lsl #2      @ &w[i].a
    ldm     r0, {r2, r3, r4, r5}    @ ax, ay, ex, ey
    ldm     sp, {r12, lr}           @ px, py
    sub     r2, r2, r12             @ rx
    sub     r3, r3, lr              @ ry
    smull   r12, lr, r3, r6         @ ry dx
    smlals  r12, lr, r2, r7         @ T = ry dx - rx dy (N: its sign)
    bmi     .Liw_next               @ T < 0
    smull   r0, r1, r5, r6
    smlals  r0, r1, r4, r7          @ E = -D
    bpl     .Liw_next               @ D <= 0
    rsbs    r0, r0, #0
    rsc     r1, r1, #0              @ d = D
    subs    r12, r0, r12
    sbcs    lr, r1, lr
    bcc     .Liw_next               @ T > d
    ldr     pc, [sp, #60]
    .size fxl__room_cast_loop, . - fxl__room_cast_loop

@ ---------------------------------------------------------------------------
@ fxl_room_cast (FXL_PORT_ROOM_CAST): the common case as hand-written Thumb
@ in ROM, the same steps as cast.c's fxl__room_cast_c (its C, which GCC
@ compiles with its values shuffled through the high registers): the
@ checks (every pointer set, an indexed room with packed walls, a laser
@ fxl__laser_fast_ok passes fired from its emitter: kind <= 1 and anchor
@ 0); any that fails goes to cast.c's fxl__room_cast_slow (the C's every
@ case, errors included); then the table's cos and sin (FXL_SIN_FULL),
@ room_ray_mask's box and slab look-ups (room_slab_of, from the room's
@ base and shift) less the front set, the kernel above, and the answer
@ (fxl__cast_along's end point, *clipped). cast.c checks the offsets read here.
@
@ fxl_result fxl_room_cast(const fxl_room *room, const fxl_laser *laser,
@                          unsigned flags, fxl_cast *out, fxl_laser *clipped)
@
@ Frame (push {r4-r7, lr}, sub 52: 72 bytes, 8-byte aligned for the calls):
@   [sp] the kernel's fifth argument (&fl)   [sp, #4] fl
@   [sp, #8] the ray: px, py, dx, dy, len, and in reach the angle (fxl__ray's
@   first fields)   [sp, #32] laser   [sp, #36] two-sided
@   [sp, #44] out   [sp, #72] clipped

    .syntax divided
    .thumb
    .section .text.fxl_room_cast, "ax", %progbits
    .align 2
    .global fxl_room_cast
    .type fxl_room_cast, %function

@ The slab (0..7) of coordinate \v (room_slab_of: 0 below base \b, else
@ (v - b) >> \s clamped to 7), then \v = the word at \off + 4 slab of room
@ (r0). The two clamps branch to stubs after the return (.Lrc_zero_\n,
@ .Lrc_seven_\n), so that a slab within 0..7 takes no branch.
.macro SLAB v, b, s, off, n
    sub     \v, \b                  @ the flags of cmp v, b
    blt     .Lrc_zero_\n            @ below base (signed): slab 0
    lsr     \v, \s
    cmp     \v, #7
    bhi     .Lrc_seven_\n
.Lrc_slab_\n:
    lsl     \v, \v, #2
    add     \v, r0
    ldr     \v, [\v, #\off]
.endm

@ SLAB's stubs.
.macro SLAB_STUBS v, n
.Lrc_zero_\n:
    mov     \v, #0
    b       .Lrc_slab_\n
.Lrc_seven_\n:
    mov     \v, #7
    b       .Lrc_slab_\n
.endm

@ Every other case: cast.c's C (r0-r3 still the arguments). Before the
@ entry, within reach of the checks' conditional branches (a local symbol
@ of its own: tools/stack_depth.py's frame 0, fxl_room_cast's frame).
    .thumb_func
    .type fxl__room_cast_port_slow, %function
fxl__room_cast_port_slow:
.Lrc_slow:
    ldr     r4, [sp, #72]
    str     r4, [sp, #0]            @ clipped
    ldr     r4, =fxl__room_cast_slow
    bl      .Lrc_bx_r4
    add     sp, #52
    pop     {r4-r7}
    pop     {r3}
    bx      r3
.Lrc_bx_r4:
    bx      r4
    .size fxl__room_cast_port_slow, . - fxl__room_cast_port_slow

    .thumb_func
fxl_room_cast:
    push    {r4-r7, lr}
    sub     sp, #52
    cmp     r0, #0
    beq     .Lrc_slow
    cmp     r1, #0
    beq     .Lrc_slow
    cmp     r3, #0
    beq     .Lrc_slow
    ldr     r4, [r0, #4]            @ room->packed
    cmp     r4, #0
    beq     .Lrc_slow
    ldr     r4, [r0, #8]            @ room->n
    cmp     r4, #32
    bhi     .Lrc_slow               @ above FXL_ROOM_INDEXED
    ldrh    r4, [r1, #0]            @ kind | anchor << 8
    lsr     r4, r4, #1
    bne     .Lrc_slow               @ kind > 1 or anchor not FXL_ANCHOR_EMITTER
    ldr     r4, [r1, #16]           @ length
    ldr     r5, [r1, #20]           @ half_width
    orr     r5, r4
    lsr     r5, r5, #28
    bne     .Lrc_slow               @ above FXL_SIZE_MAX
    ldr     r5, [r1, #24]           @ hit_fraction
    mov     r6, #1
    lsl     r6, r6, #16
    cmp     r5, r6
    bhi     .Lrc_slow               @ above 1
    lsl     r6, r6, #15
    sub     r6, #2                  @ 2 FXL_COORD_MAX
    lsr     r5, r6, #1              @ FXL_COORD_MAX
    ldr     r7, [r1, #4]            @ pos.x
    str     r7, [sp, #8]            @ ray.p (the slow path leaves it)
    add     r7, r5
    cmp     r7, r6
    bhi     .Lrc_slow
    ldr     r7, [r1, #8]            @ pos.y
    str     r7, [sp, #12]
    add     r7, r5
    cmp     r7, r6
    bhi     .Lrc_slow
    str     r3, [sp, #44]           @ out
    str     r1, [sp, #32]           @ laser
    str     r4, [sp, #24]           @ ray.len
    ldr     r7, [r1, #12]           @ angle
    str     r7, [sp, #28]           @ ray.reach: the angle (the kernel's)
    ldr     r6, =fxl__sin_full
    lsl     r5, r7, #20
    lsr     r5, r5, #18
    ldr     r3, [r6, r5]            @ dy = sin
    ldr     r6, =fxl__cos_full
    ldr     r5, [r6, r5]            @ dx = cos
    str     r5, [sp, #16]
    str     r3, [sp, #20]
    lsl     r2, r2, #31             @ FXL_CAST_TWO_SIDED in bit 31: nonzero iff set
    str     r2, [sp, #36]
    lsr     r4, r4, #16
    add     r4, #1                  @ h1 = (len >> 16) + 1
    asr     r6, r5, #31             @ sx: all ones for dx < 0
    eor     r5, r6
    sub     r5, r6                  @ |dx|
    mul     r5, r4                  @ ox
    and     r6, r5
    ldr     r1, [sp, #8]
    sub     r1, r6                  @ lx = px - (ox & sx)
    add     r5, r1                  @ hx = lx + ox
    mov     r6, r0
    add     r6, #220                @ &room->base_x (kept for the y slabs)
    ldr     r2, [r6, #0]            @ base_x
    ldr     r7, [r6, #8]            @ shift_x
    SLAB    r1, r2, r7, 60, 1       @ x_hi[slab(lx)]
    SLAB    r5, r2, r7, 28, 2       @ x_lo[slab(hx)]
    and     r1, r5
    asr     r2, r3, #31             @ sy
    eor     r3, r2
    sub     r3, r2                  @ |dy|
    mul     r3, r4                  @ oy
    and     r2, r3
    ldr     r5, [sp, #12]
    sub     r5, r2                  @ ly
    add     r3, r5                  @ hy
    ldr     r2, [r6, #4]            @ base_y
    ldr     r7, [r6, #12]           @ shift_y
    SLAB    r5, r2, r7, 124, 3      @ y_hi[slab(ly)]
    and     r1, r5
    SLAB    r3, r2, r7, 92, 4       @ y_lo[slab(hy)]
    and     r1, r3
    ldr     r3, [sp, #36]           @ two-sided (the kernel's fourth argument)
    cmp     r3, #0
    bne     1f                      @ two-sided: no front set
    ldr     r2, [sp, #28]           @ angle
    lsl     r2, r2, #20
    lsr     r2, r2, #28             @ (angle & 4095) >> 8
    lsl     r2, r2, #2
    add     r2, #156
    ldr     r2, [r0, r2]            @ room->front[...]
    bic     r1, r2                  @ the candidates
1:  ldr     r0, [r0, #4]            @ room->packed
    add     r2, sp, #8              @ the ray
    add     r4, sp, #4
    str     r4, [sp, #0]            @ &fl
    bl      fxl__room_cast_walls_thumb
    ldr     r2, [sp, #4]            @ len = fl
    ldr     r3, [sp, #44]           @ out
    str     r2, [r3, #0]            @ out->length
    str     r0, [r3, #4]            @ out->wall
    lsl     r4, r2, #16
    lsr     r4, r4, #17             @ l1 = l >> 1 (len = 65536 h + l)
    lsl     r7, r2, #31
    asr     r7, r7, #31             @ all ones for l odd
    lsr     r5, r2, #16             @ h
    mov     r2, #1
    lsl     r2, r2, #14             @ 2^14
@ Each coordinate p + floor((len d + 2^15) / 2^16) (fxl__cast_along's end
@ point, rounded half up), as h d + floor((2 t + e) / 2^16) = h d +
@ floor((t + floor(e / 2)) / 2^15) for t = l1 d (|t| < 2^31), e = (l & 1) d
@ + 2^15, floor(e / 2) = (l odd ? d >> 1 : 0) + 2^14: every sum below 2^31.
    ldr     r6, [sp, #16]           @ dx
    asr     r1, r6, #1
    and     r1, r7
    add     r1, r2                  @ floor(e / 2)
    mov     r0, r4
    mul     r0, r6                  @ t
    add     r0, r1
    asr     r0, r0, #15
    mul     r6, r5                  @ h dx
    add     r0, r6
    ldr     r6, [sp, #8]            @ px
    add     r0, r6
    str     r0, [r3, #8]            @ out->point.x
    ldr     r6, [sp, #20]           @ dy
    asr     r1, r6, #1
    and     r1, r7
    add     r1, r2
    mov     r0, r4
    mul     r0, r6
    add     r0, r1
    asr     r0, r0, #15
    mul     r6, r5
    add     r0, r6
    ldr     r6, [sp, #12]           @ py
    add     r0, r6
    str     r0, [r3, #12]           @ out->point.y
    ldr     r4, [sp, #72]           @ clipped
    cmp     r4, #0
    beq     .Lrc_ok
    ldr     r1, [sp, #32]           @ laser
    ldmia   r1!, {r0, r2, r3}       @ *clipped = *laser (28 bytes)
    stmia   r4!, {r0, r2, r3}
    ldmia   r1!, {r0, r2, r3}
    stmia   r4!, {r0, r2, r3}
    ldr     r0, [r1]
    str     r0, [r4]
    ldr     r4, [sp, #72]
    ldr     r0, [sp, #4]
    str     r0, [r4, #16]           @ clipped->length = len
.Lrc_ok:
    mov     r0, #0                  @ FXL_OK
.Lrc_ret:
    add     sp, #52
    pop     {r4-r7}
    pop     {r3}
    bx      r3

    SLAB_STUBS r1, 1
    SLAB_STUBS r5, 2
    SLAB_STUBS r5, 3
    SLAB_STUBS r3, 4

    .ltorg
    .size fxl_room_cast, . - fxl_room_cast
