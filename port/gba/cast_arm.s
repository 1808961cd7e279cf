@ cast_arm.s - the GBA port's room cast kernel: hand-scheduled ARM, in ROM.
@
@ fxl__room_cast_walls_port: the centre line's search through the walls of
@ an indexed room's candidate mask, exactly as src/cast.c's room_cast_walls
@ (compiled there as fxl__room_cast_mask_c when FXL_PORT_ROOM_CAST is set;
@ the test suite compares the two, the GBA test ROM included), but for the
@ division, which the caller (cast.c's room_cast_mask) makes once, for the
@ wall this returns. GCC's code for the same loop spills (35 to 40
@ instructions a candidate); here a candidate rejected beside its ends
@ costs 25, one met 38, every value in registers.
@
@ long fxl__room_cast_walls_port(const fxl_room_wall *w, uint32_t mask,
@                                const fxl__ray *r, unsigned two_sided,
@                                uint64_t nd[2])
@ returns the first wall (-1: none); nd[0] = d, nd[1] = n of its u* =
@ 65536 n / d (d > 0), unset when none.
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
@ Stack (after push {r4-r11, lr} and sub 44; 8-byte aligned for the call):
@   [sp]  px   [sp, #4] py   [sp, #8] len   [sp, #12] nd
@   [sp, #16] the best index   [sp, #24] the candidate's d, n (16 bytes)

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

@ The candidate (d, n in r0, r1, r12, lr) becomes the best: nd, [sp, #16].
.macro BEST
    ldr     r3, [sp, #12]
    stm     r3, {r0, r1, r12, lr}   @ nd[0] = d, nd[1] = n
    INDEX   r2
    str     r2, [sp, #16]
.endm

@ A later candidate met the line (d, n in r0, r1, r12, lr): it becomes the
@ best if strictly earlier (fxl__room_earlier_nd(candidate, best), C).
.macro LATER next
    add     r2, sp, #24
    stm     r2, {r0, r1, r12, lr}   @ the candidate's d, n
    mov     r0, r2
    ldr     r1, [sp, #12]           @ nd: the best's
    bl      fxl__room_earlier_nd
    cmp     r0, #0
    beq     \next
    add     r0, sp, #24
    ldm     r0, {r0, r1, r2, r3}
    ldr     r12, [sp, #12]
    stm     r12, {r0, r1, r2, r3}   @ nd = the candidate's d, n
    INDEX   r2
    str     r2, [sp, #16]
    b       \next
.endm

fxl__room_cast_walls_port:
    push    {r4-r11, lr}
    ldr     r12, [sp, #36]          @ nd
    sub     sp, sp, #44
    ldm     r2, {r4, r5, r6, r7, r8} @ px, py, dx, dy, len
    stm     sp, {r4, r5, r8, r12}   @ px, py, len, nd
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
    FETCH
    bpl     .Lone_next              @ D <= 0
    AHEAD   .Lone_next
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
    FETCH
    bpl     .Lone_later_next
    AHEAD   .Lone_later_next
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
    mvn     r0, #0                  @ -1: no wall
    add     sp, sp, #44
    pop     {r4-r11, lr}
    bx      lr
.Ldone:
    ldr     r0, [sp, #16]
    add     sp, sp, #44
    pop     {r4-r11, lr}
    bx      lr

    .ltorg
    .size fxl__room_cast_walls_port, . - fxl__room_cast_walls_port
