/* chain.c - chains of axis-aligned squares: the chained-square method's
 * static and rotating chains (docs/methods.md; bit for bit, Q32.32 accumulators so
 * that rounding never builds up along the chain), and the covering chains.
 *
 * THE CHAINED-SQUARE WALK. Both chained-square chains run one recurrence, with Q32.32 centre
 * (x, y), half-size S and the length still to cover:
 *     pitch = 2S;  left -= pitch;
 *     x += round(pitch * cos / 2^16);  y += round(pitch * sin / 2^16);
 *     S += round((pitch >> 8) * grow / 2^8);          (ties up)
 *     place the square [x - S, x + S] x [y - S, y + S], rounded outwards
 * while left > 0, along the mid angle with grow = fxl_tan(|half step|)
 * (rotating), or along the angle with grow = 0 starting one pitch behind
 * the emitter (static: the first square sits on the emitter). A square
 * outside the domain, or a half-size above FXL_SIZE_MAX, stops the chain
 * with FXL_ERR_COORD_RANGE.
 *
 * THE FAST PATH runs the same recurrence in 32x32 -> 64 multiplies. With
 * S = Sh * 2^15 + Sl (0 <= Sl < 2^15; Sh < 2^29 for S < 2^44):
 *     round(2S * cos / 2^16) = floor((S*cos + 2^14) / 2^15)
 *                            = Sh*cos + floor((Sl*cos + 2^14) / 2^15),
 *     round(((2S) >> 8) * grow / 2^8) = floor(((S >> 7)*grow + 128) / 2^8)
 *                            = Sh*grow + floor(((Sl >> 7)*grow + 128) / 2^8)
 * (|Sl*cos| < 2^31; the last term below 2^32 for grow <= 2^15). It takes
 * the chains that fast_ok proves stay inside the domain, places their
 * squares without a check each (walk_fast; on the GBA that loop and the
 * whole of fxl_chain_make's fast path are ARM in IWRAM), and leaves the
 * rest to the checked walk (walk_step), which stops where the chained-square method's
 * loop leaves the domain. Both give the same squares, bit for bit.
 *
 * THE COVERING CHAIN: construction and proof.
 * Notation: O the emitter, w the hitbox half-width (half_size), L the
 * length, Q16.16 table vectors t = (cos, sin) with |t| within 1.05e-5 of 1,
 * pointing within 1.1e-5 rad of their ideal angle (fixlaser.h).
 *
 * 1. What must be covered. The exact sweep (sweep.h) of a laser turning by
 *    `step` (|step| <= 1024 here) about O is the union of (i) the beams at
 *    the two end angles, each tested in its table frame: a circle of radius
 *    r hits iff its centre is within (r + round)/|t| of the hitbox K scaled
 *    by 1/|t| <= sigma = 1 + 1.06e-5, and (ii) K turned rigidly through the
 *    arc between the two end table directions. Let m be the mid angle
 *    (prev + trunc(step/2)), e its unit direction, phi its angle, and
 *    k = ceil(|step|/2) steps: every direction of (i) and (ii) lies within
 *    alpha = k*2pi/4096 + 2.2e-5 rad of phi. So every circle that hits
 *    touches R = union over |beta| <= alpha of K' turned by phi + beta, where
 *    K' is K with w' = w + w/2^16 + 1 raw, L' = L + L/2^16 + 1 raw (>= sigma
 *    w, sigma L), grown by delta = 4096 raw >= FXL_SIZE_MAX * (sigma - 1)
 *    (the radius part of (i), for every circle radius of the domain).
 * 2. R in chain coordinates (a along e, b across, from O). A box point is
 *    p = rot(beta)(u, v), 0 <= u <= L', |v| <= w', so a = u cos(beta) -
 *    v sin(beta), b = u sin(beta) + v cos(beta), and exactly
 *    b = a tan(beta) + v sec(beta). Hence -w' sin(alpha) <= a <= L' +
 *    w' sin(alpha), |b| <= L' sin(alpha) + w', and |b| <= w' sec(alpha) +
 *    max(a, 0) tan(alpha) (for a < 0, u >= 0 forces |a| <= w' sin|beta|,
 *    which bounds |a tan(beta)| by w' sec(beta) - w' cos(beta)). A capsule
 *    point p = rot(beta)(u, 0) + d, |d| <= w': -w' <= a <= L' + w', and
 *    |b| <= (a - d_a) tan(alpha) + |d_b| <= a tan(alpha) + w' sec(alpha),
 *    the same bounds. So R lies in {a0 <= a <= a1, |b| <= f(a)} with
 *        f(a) = min(F, f0 + g * (a - a0)),  F = w' + L' sin_u,
 *        f0 = w' * (cos_u + sin_u * g)  (>= w' sec(alpha): sec = cos + sin tan),
 *    where sin_u, cos_u, g are Q16.16 upper bounds of sin(alpha),
 *    cos(k steps), tan(alpha): table sin + 3 raw, table cos + 1 raw, and
 *    fxl_tan(k) + 8 raw (the table's rounding, the 2.2e-5 rad and
 *    fix16_div's rounding cost at most 5 raw for k <= 512), and
 *    a0 = -w' sin_u (box) or -w' (capsule), a1 = L' + w' sin_u or L' + w'.
 * 3. The cells. From e_0 = a0, cell j is [e_j, e_j + 2 p_j] with
 *    p_j = min(f_j, ceil((a1 - e_j) / 2)), f_0 = min(F, f0) and
 *    f_{j+1} = min(F, f_j + ceil(g * 2 p_j)) >= f on the whole cell (f grows
 *    with slope at most g from a0 <= 0; g rounded up to Q1.15, F, f0, a0 and
 *    a1 rounded outwards to raw units); cells follow until e_j >= a1 (at
 *    least one). Every point of R lies in some cell's rectangle
 *    [e_j, e_j + 2 p_j] x [-f_{j+1}, f_{j+1}].
 * 4. The squares. An axis-aligned square of half-size h centred on the
 *    cell's middle O + (e_j + p_j) e holds that rectangle iff
 *    h >= p |e_x| + f |e_y| and h >= p |e_y| + f |e_x| (its corners); with
 *    A >= max(|e_x|, |e_y|), B >= min (max and min of |cos|, |sin| plus 1
 *    raw, rounded up to Q1.15: |e_x| <= |cos| / |t| and |t| > 1 - 2^-16) and
 *    p_j <= f_{j+1}, both are at most p_j B + f_{j+1} A. The centre is
 *    computed as O + (e_j + p_j) t rounded towards zero on each axis: as
 *    |t| differs from 1 by under 2^-16 it is off the ideal one by at most
 *    |e_j + p_j| / 2^16 + 1 raw. So
 *        h_j = ceil(p_j B) + ceil(f_{j+1} A) + delta + floor(|e_j + p_j| / 2^16) + 2
 *    (raw Q16.16 units throughout; every product two 32-bit ones) about the
 *    computed centre holds the rectangle grown by delta, and the squares
 *    hold R grown by delta: every circle the exact sweep hits touches one.
 * 5. Past a quarter turn (|step| > 1024, including +-2048 where the two
 *    angles cannot tell the way round) one square of half-size L' + w' +
 *    delta + 1 raw about O holds every beam of any turn (no point of K' is
 *    further than L' + w' from O).
 * 6. Clipping to the domain D = [-FXL_COORD_MAX, FXL_COORD_MAX]^2: for a
 *    circle centred in D touching R at q, clamping q into D gives a point
 *    of the clipped square no further from the centre. (Only chains that
 *    may reach D's edge are clipped: a centre is within a1 + F of O, a
 *    half-size below 2F + 2^16 + delta + 8.)
 * The same construction with angle == prev_angle (k = 0) covers the static
 * beam, end to end. tests/test_chain.c checks it against the exact sweep. */
#include "fixlaser/chain.h"
#include "fixlaser/shapes.h"

#include "domain.h"
#include "wide.h"

/* fxl_tan(k) for the half steps the fast kernel takes, k = 0..302: the tan
 * of those is at most 1/2 (fxl_tan(302) = 32737, fxl_tan(303) = 32863).
 * tests/test_chain.c compares every rotating chain of these steps with one
 * built on fxl_tan. */
#define FAST_HALF 302
extern const uint16_t fxl__chain_tan[FAST_HALF + 1]; /* named by the ARM code below */
const uint16_t fxl__chain_tan[FAST_HALF + 1] = {
       0,  101,  201,  302,  402,  503,  603,  704,  804,  905, 1005, 1106,
    1206, 1307, 1407, 1508, 1608, 1710, 1810, 1911, 2011, 2112, 2212, 2313,
    2414, 2515, 2615, 2716, 2817, 2917, 3018, 3119, 3220, 3320, 3422, 3522,
    3623, 3724, 3824, 3925, 4027, 4127, 4228, 4329, 4430, 4531, 4633, 4733,
    4834, 4935, 5037, 5138, 5239, 5340, 5441, 5543, 5644, 5745, 5846, 5947,
    6049, 6150, 6252, 6354, 6455, 6557, 6658, 6760, 6861, 6963, 7065, 7166,
    7268, 7369, 7471, 7573, 7675, 7777, 7879, 7982, 8083, 8185, 8288, 8390,
    8491, 8594, 8697, 8798, 8901, 9003, 9106, 9209, 9311, 9414, 9516, 9619,
    9721, 9825, 9927,10029,10133,10236,10338,10442,10545,10648,10751,10855,
   10958,11061,11165,11268,11371,11475,11579,11682,11786,11890,11994,12098,
   12202,12306,12410,12514,12619,12723,12827,12932,13035,13140,13246,13350,
   13455,13559,13664,13769,13874,13980,14084,14189,14294,14401,14506,14611,
   14716,14822,14928,15034,15140,15245,15352,15458,15564,15670,15776,15883,
   15990,16095,16202,16309,16416,16522,16630,16736,16844,16951,17058,17166,
   17273,17381,17488,17596,17704,17811,17920,18028,18136,18244,18353,18462,
   18570,18678,18788,18896,19005,19114,19223,19333,19442,19551,19661,19771,
   19880,19990,20100,20210,20321,20431,20540,20651,20761,20872,20983,21095,
   21205,21316,21427,21539,21650,21762,21873,21986,22097,22209,22321,22433,
   22546,22659,22771,22883,22996,23109,23223,23336,23449,23563,23677,23790,
   23904,24018,24131,24247,24361,24475,24589,24704,24819,24933,25049,25164,
   25280,25396,25512,25627,25743,25859,25976,26091,26209,26325,26441,26558,
   26676,26794,26911,27028,27147,27263,27382,27500,27619,27737,27856,27974,
   28093,28212,28331,28451,28571,28690,28810,28930,29050,29171,29291,29411,
   29532,29654,29774,29897,30018,30139,30262,30383,30505,30628,30750,30873,
   30996,31119,31243,31367,31489,31614,31737,31862,31986,32110,32236,32360,
   32486,32611,32737
};

/* fxl_tan(k) for FAST_HALF < k <= 1023: one 32-bit division where the
 * sine is below 2^16 (k <= 1021): fix16_div(s, c) is
 * floor((floor(s 2^17 / c) + 1) / 2) for 0 <= s, 0 < c <= 2^16, that is
 * q + (2 r >= c) with q, r the quotient and remainder of s 2^16 / c. */
FXL_NOINLINE static uint32_t tan_steps(uint32_t k)
{
    uint32_t s, c, n, q;
    s = (uint32_t)fxl_sin((fxl_angle)k);
    c = (uint32_t)fxl_cos((fxl_angle)k);
    if (s >= 65536u)
        return (uint32_t)fxl_tan((fxl_angle)k);
    n = s << 16;
    q = n / c;
    return q + (2u * (n - q * c) >= c ? 1u : 0u);
}

/* fxl_tan(k) for k in 0..1023: the table inline, the rest out of line. */
static inline uint32_t tan_of(uint32_t k)
{
    return k <= FAST_HALF ? fxl__chain_tan[k] : tan_steps(k);
}

/* ---- the chained-square walk ------------------------------------------------- */

typedef struct walk {
    int64_t x, y;   /* Q32.32 centre of the last square (static: one pitch behind) */
    uint64_t size;  /* Q32.32 half-size S */
    int64_t left;   /* Q32.32 half the length still to cover, minus one unit:
                       the beam is covered once it is negative */
    int32_t c, s;   /* Q16.16 direction */
    uint32_t grow;  /* Q16.16 tan of the half step (0: static) */
} walk;

/* floor(v / 2^16) of a Q32.32 value given as its 64-bit pattern, modulo
 * 2^32: exact whenever the result fits (the callers check that). */
static inline int32_t q16_floor(uint64_t v)
{
    return fxl__u2i32((uint32_t)(v >> 16));
}

/* THE FAST KERNEL: up to n squares of the recurrence while the beam is not
 * covered, without domain checks, for a chain that passes fast_ok:
 * tan(half step) <= 1/2 (grow <= 2^15), L < 2^26, 1 <= h <= 2^26 and the
 * emitter at least 5L + 4h + 2 (raw) inside the domain on both axes. With
 * S_k the half-size step k starts from (S_0 = h 2^16), S_{k+1} <= S_k
 * (1 + grow / 2^15) + 1 <= 2 S_k + 1, and the length left before step k
 * (L 2^15 - 1 - S_0 - ... - S_{k-1}, halved Q32.32) is still >= 0, so
 * S_{k-1} < L 2^15 and S_k <= L 2^16 + 1 for k >= 1: every step starts from
 * S <= 2^16 max(h, L) + 1 < 2^43 (Sh < 2^28, every product above one 32x32
 * -> 64 multiply), the steps' half-sizes sum to less than
 * 2^16 (L/2 + max(h, L)) + 1, so the centre moves at most
 * 2^17 (L/2 + max(h, L)) + n + 2 (a step by at most 2S + 1), and the last
 * square's half-size is at most 2^17 max(h, L) + 3 < FXL_SIZE_MAX 2^16.
 * Every square then lies within L + 4 max(h, L) + 1 < 5L + 4h + 2 raw of
 * the emitter (the static chain, from one pitch behind it: within L + h +
 * 1): inside the domain, as the checked walk would find, and every Q16.16
 * side is exact in 32 bits. */
typedef char chain_layout_check[offsetof(fxl_chain, length) == 16 &&
                                        offsetof(fxl_chain, half_size) == 20
                                    ? 1
                                    : -1];
typedef char walk_layout_check[offsetof(walk, left) == 24 && offsetof(walk, c) == 32 &&
                                       offsetof(walk, grow) == 40
                                   ? 1
                                   : -1];

static bool fast_ok(const fxl_chain *ch, uint32_t grow)
{
    uint32_t e, lim;
    if ((uint32_t)ch->length >= (1u << 26) || (uint32_t)ch->half_size - 1u >= (1u << 26) ||
        grow > 32768u)
        return false;
    e = 5u * (uint32_t)ch->length + 4u * (uint32_t)ch->half_size + 2u;
    lim = (uint32_t)FXL_COORD_MAX - e; /* |emitter| <= lim */
    return (uint32_t)ch->emitter.x + lim <= 2u * lim && (uint32_t)ch->emitter.y + lim <= 2u * lim;
}

#if FXL_ARM_ASM
/* ARMv4T, ARM state, GCC syntax: walk_fast below (the C one) with its state
 * in 14 registers (x r2:r3, y r4:r5, S r6:r7, left r8:r9, out r0, count
 * r1), c, s and grow read from a stack frame [w or 0, c, s, grow, out]:
 * 52 instructions a square. GCC 12 spills the C loop's state and takes
 * about a third longer. walk offsets: x 0, y 8, size 16, left 24, c 32,
 * s 36, grow 40 (checked above). tests/test_chain.c and the corpus compare
 * its squares with the chained-square recurrence in the GBA test ROM. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter" /* the arguments: read by the asm */
FXL_IWRAM_CODE __attribute__((naked)) static size_t walk_fast(walk *w, fxl_aabb *out, size_t n)
{
    __asm__ volatile(
        "push   {r4-r11, lr}\n\t"
        "ldr    r9, [r0, #28]\n\t"
        "cmp    r2, #0\n\t"
        "cmpne  r9, #-1\n\t" /* n = 0, or left < 0: nothing to do */
        "movle  r0, #0\n\t"
        "pople  {r4-r11, lr}\n\t"
        "bxle   lr\n\t"
        "add    r12, r0, #32\n\t"
        "ldmia  r12, {r3, r4, r5}\n\t" /* c, s, grow */
        "mov    r12, r1\n\t"
        "push   {r0, r3, r4, r5, r12}\n\t" /* frame: w, c, s, grow, out */
        "mov    r12, r0\n\t"
        "mov    r0, r1\n\t"
        "mov    r1, r2\n\t"
        "ldmia  r12, {r2-r9}\n\t" /* x, y, S, left */
        ".Lfxl_chain_loop:\n\t"
        "mov    r10, r6, lsr #15\n\t"
        "orr    r10, r10, r7, lsl #17\n\t" /* sh = S >> 15 */
        "mov    r11, r6, lsl #17\n\t"
        "mov    r11, r11, lsr #17\n\t" /* sl = S & 0x7FFF */
        "subs   r8, r8, r6\n\t"
        "sbc    r9, r9, r7\n\t" /* left -= S */
        "ldmib  sp, {r12, lr}\n\t" /* c, s */
        "smlal  r2, r3, r10, r12\n\t" /* x += sh c */
        "mul    r12, r11, r12\n\t"
        "add    r12, r12, #0x4000\n\t"
        "adds   r2, r2, r12, asr #15\n\t"
        "adc    r3, r3, r12, asr #31\n\t" /* x += floor((sl c + 2^14) / 2^15) */
        "smlal  r4, r5, r10, lr\n\t"
        "mul    lr, r11, lr\n\t"
        "add    lr, lr, #0x4000\n\t"
        "adds   r4, r4, lr, asr #15\n\t"
        "adc    r5, r5, lr, asr #31\n\t" /* y likewise */
        "ldr    r12, [sp, #12]\n\t" /* grow */
        "mov    r11, r11, lsr #7\n\t"
        "mul    lr, r12, r11\n\t"
        "umlal  r6, r7, r10, r12\n\t" /* S += sh grow */
        "add    lr, lr, #128\n\t"
        "adds   r6, r6, lr, lsr #8\n\t"
        "adc    r7, r7, #0\n\t" /* S += ((sl >> 7) grow + 128) >> 8 */
        "subs   r10, r2, r6\n\t"
        "sbc    r11, r3, r7\n\t"
        "mov    r10, r10, lsr #16\n\t"
        "orr    r10, r10, r11, lsl #16\n\t" /* lo.x = floor((x - S) / 2^16) */
        "subs   r11, r4, r6\n\t"
        "sbc    r12, r5, r7\n\t"
        "mov    r11, r11, lsr #16\n\t"
        "orr    r11, r11, r12, lsl #16\n\t"
        "stmia  r0!, {r10, r11}\n\t"
        "adds   lr, r6, #0x10000\n\t"
        "adc    r12, r7, #0\n\t"
        "subs   lr, lr, #1\n\t"
        "sbc    r12, r12, #0\n\t" /* S + 0xFFFF */
        "adds   r10, r2, lr\n\t"
        "adc    r11, r3, r12\n\t"
        "mov    r10, r10, lsr #16\n\t"
        "orr    r10, r10, r11, lsl #16\n\t" /* hi.x = ceil((x + S) / 2^16) */
        "adds   r11, r4, lr\n\t"
        "adc    r12, r5, r12\n\t"
        "mov    r11, r11, lsr #16\n\t"
        "orr    r11, r11, r12, lsl #16\n\t"
        "stmia  r0!, {r10, r11}\n\t"
        "subs   r1, r1, #1\n\t"
        "cmnne  r9, #1\n\t"
        "bgt    .Lfxl_chain_loop\n\t" /* while count and left >= 0 */
        "ldr    r12, [sp], #16\n\t" /* w or 0 */
        "ldr    r1, [sp], #4\n\t" /* out */
        "sub    r0, r0, r1\n\t"
        "mov    r0, r0, lsr #4\n\t" /* squares placed */
        "cmp    r12, #0\n\t"
        "stmne  r12, {r2-r9}\n\t" /* resumed: keep the new state */
        "popne  {r4-r11, lr}\n\t"
        "bxne   lr\n\t"
        ".Lfxl_chain_done:\n\t" /* fxl_chain_make: r0 squares, r9 left's top */
        "cmp    r9, #0\n\t"
        "bge    .Lfxl_chain_general\n\t" /* out of room */
        "ldr    r12, [sp, #52]\n\t" /* count */
        "cmp    r12, #0\n\t"
        "strne  r0, [r12]\n\t"
        "mov    r0, #0\n\t" /* FXL_OK */
        "add    sp, sp, #16\n\t"
        "pop    {r4-r11, lr}\n\t"
        "bx     lr\n\t"
        ".Lfxl_chain_general:\n\t" /* anything else: the C path, same arguments */
        "pop    {r0-r11, lr}\n\t"
        "ldr    r12, =fxl__chain_make_general\n\t"
        "bx     r12\n\t"
        ".ltorg\n\t");
}

/* fxl_chain_make on the GBA: the fast path of the C version below in one
 * ARM routine (in Thumb from ROM the setup alone cost more than the
 * squares): checks chain, kind (STATIC or ROTATING), out != NULL and the
 * fields (L < 2^26, 1 <= h <= 2^26), applies fast_ok, computes the mid
 * angle, the table's cos and sin (as fxl_sin does), grow from
 * fxl__chain_tan and the starting state, runs the loop above into out (at
 * most FXL_CHAIN_MAX squares) and stores the count. Anything it does not
 * take (covering kinds, errors, big turns, the domain's edge, too small an
 * array) goes, with the same arguments, to fxl__chain_make_general. */
FXL_IWRAM_CODE __attribute__((naked)) fxl_result fxl_chain_make(const fxl_chain *chain,
                                                                fxl_chain_kind kind,
                                                                fxl_aabb *out, size_t cap,
                                                                size_t *count)
{
    __asm__ volatile(
        "push   {r0-r11, lr}\n\t" /* r0-r3 kept for the general path */
        "cmp    r0, #0\n\t"
        "cmpne  r2, #0\n\t"
        "beq    .Lfxl_chain_general\n\t" /* no chain, or no array */
        "cmp    r1, #1\n\t"
        "bhi    .Lfxl_chain_general\n\t" /* not STATIC or ROTATING */
        "cmp    r3, #4096\n\t"
        "movhi  r3, #4096\n\t" /* n = min(cap, FXL_CHAIN_MAX) */
        "ldmia  r0, {r4-r9}\n\t" /* ox, oy, angle, prev, L, h */
        "sub    r10, r9, #1\n\t"
        "orr    r10, r10, r8\n\t"
        "cmp    r10, #0x4000000\n\t"
        "bhs    .Lfxl_chain_general\n\t" /* L < 2^26, 1 <= h <= 2^26 */
        "add    r10, r8, r8, lsl #2\n\t"
        "add    r10, r10, r9, lsl #2\n\t"
        "add    r10, r10, #2\n\t"
        "mvn    r11, #0xC0000000\n\t"
        "sub    r10, r11, r10\n\t" /* lim = M - (5L + 4h + 2) */
        "add    r11, r4, r10\n\t"
        "cmp    r11, r10, lsl #1\n\t"
        "addls  r11, r5, r10\n\t"
        "cmpls  r11, r10, lsl #1\n\t"
        "bhi    .Lfxl_chain_general\n\t" /* |ox|, |oy| <= lim */
        "mov    r12, #0\n\t" /* grow */
        "movs   r11, r1\n\t" /* rotating */
        "beq    2f\n\t"
        "mov    r10, r6, lsl #20\n\t"
        "mov    r1, r7, lsl #20\n\t"
        "mov    r10, r10, lsr #20\n\t"
        "sub    r10, r10, r1, lsr #20\n\t" /* (angle & 4095) - (prev & 4095) */
        "add    r10, r10, r10, lsr #31\n\t"
        "mov    r10, r10, asr #1\n\t" /* / 2, towards zero */
        "add    r10, r10, #1024\n\t"
        "mov    r10, r10, lsl #21\n\t"
        "mov    r10, r10, lsr #21\n\t"
        "subs   r10, r10, #1024\n\t" /* the half step */
        "sub    r6, r6, r10\n\t" /* dir = angle - half */
        "rsbmi  r10, r10, #0\n\t"
        "sub    r1, r10, #2\n\t"
        "cmp    r1, #300\n\t" /* |half| > FAST_HALF = 302 */
        "bgt    .Lfxl_chain_general\n\t"
        "ldr    r1, =fxl__chain_tan\n\t"
        "mov    r10, r10, lsl #1\n\t"
        "ldrh   r12, [r1, r10]\n\t"
        "2:\n\t" /* sin (r10) and cos (r7) of dir, as fxl_sin does: k from */
        "ldr    lr, =fxl__sin_quarter\n\t" /* the quarter, cos reads 1024 - k */
        "mov    r0, r6, lsl #20\n\t" /* u << 20 */
        "mov    r1, r0, lsl #2\n\t"
        "mov    r1, r1, lsr #22\n\t" /* r = u & 1023 */
        "tst    r0, #0x40000000\n\t"
        "rsbne  r1, r1, #1024\n\t" /* k: quadrants 1 and 3 read backwards */
        "mov    r10, r1, lsl #22\n\t"
        "mov    r10, r10, lsr #21\n\t"
        "ldrh   r10, [lr, r10]\n\t" /* table[k & 1023] */
        "add    r7, r1, #2\n\t"
        "mov    r7, r7, lsr #10\n\t"
        "add    r10, r10, r7, lsl #16\n\t" /* + the carry of 65536 */
        "tst    r0, #0x80000000\n\t"
        "rsbne  r10, r10, #0\n\t" /* sin: quadrants 2 and 3 negate */
        "rsb    r1, r1, #1024\n\t"
        "mov    r7, r1, lsl #22\n\t"
        "mov    r7, r7, lsr #21\n\t"
        "ldrh   r7, [lr, r7]\n\t"
        "add    r1, r1, #2\n\t"
        "mov    r1, r1, lsr #10\n\t"
        "add    r7, r7, r1, lsl #16\n\t"
        "add    r0, r0, #0x40000000\n\t"
        "tst    r0, #0x80000000\n\t"
        "rsbne  r7, r7, #0\n\t" /* cos: quadrants 1 and 2 negate */
        "mov    r0, #0\n\t"
        "mov    lr, r2\n\t"
        "push   {r0, r7, r10, r12, lr}\n\t" /* frame: 0, c, s, grow, out */
        "mov    r0, r2\n\t"
        "mov    r1, r3\n\t"
        "mov    r3, r4, asr #16\n\t"
        "mov    r2, r4, lsl #16\n\t" /* x = ox 2^16 */
        "mov    r4, r5, lsl #16\n\t"
        "mov    r5, r5, asr #16\n\t" /* y = oy 2^16 */
        "cmp    r11, #0\n\t"
        "bne    4f\n\t"
        "mov    r6, r9, lsl #1\n\t" /* static: one pitch, 2h, behind */
        "smull  r11, r12, r6, r7\n\t"
        "subs   r2, r2, r11\n\t"
        "sbc    r3, r3, r12\n\t"
        "smull  r11, r12, r6, r10\n\t"
        "subs   r4, r4, r11\n\t"
        "sbc    r5, r5, r12\n\t"
        "4:\n\t"
        "mov    r6, r9, lsl #16\n\t"
        "mov    r7, r9, lsr #16\n\t" /* S = h 2^16 */
        "mov    r9, r8, lsr #17\n\t"
        "mov    r8, r8, lsl #15\n\t"
        "subs   r8, r8, #1\n\t"
        "sbc    r9, r9, #0\n\t" /* left = L 2^15 - 1 */
        "cmp    r1, #0\n\t"
        "cmpne  r9, #-1\n\t"
        "bgt    .Lfxl_chain_loop\n\t"
        "add    sp, sp, #20\n\t" /* n = 0 or L = 0 */
        "mov    r0, #0\n\t"
        "b      .Lfxl_chain_done\n\t");
}
#pragma GCC diagnostic pop
#else
/* The kernel in C (any target; the GBA build uses the loop above). */
FXL_IWRAM_CODE static size_t walk_fast(walk *w, fxl_aabb *out, size_t n)
{
    volatile int32_t k[3]; /* c, s, grow: read where used, from the stack */
    int64_t x = w->x, y = w->y, left = w->left;
    uint64_t size = w->size;
    fxl_aabb *o = out;
    size_t cnt = n;

    if (n == 0 || left < 0)
        return 0;
    k[0] = w->c;
    k[1] = w->s;
    k[2] = (int32_t)w->grow;
    do {
        uint32_t lo = (uint32_t)size, sh = (lo >> 15) | ((uint32_t)(size >> 32) << 17), g;
        int32_t sl = (int32_t)(lo & 0x7FFFu), c = k[0];
        left -= (int64_t)size;
        x += (int64_t)(int32_t)sh * c + fxl__asr32(sl * c + 0x4000, 15);
        c = k[1];
        y += (int64_t)(int32_t)sh * c + fxl__asr32(sl * c + 0x4000, 15);
        g = (uint32_t)k[2];
        size += (uint64_t)sh * g + ((((uint32_t)sl >> 7) * g + 128u) >> 8);
        o->lo.x = q16_floor((uint64_t)x - size);
        o->lo.y = q16_floor((uint64_t)y - size);
        o->hi.x = q16_floor((uint64_t)x + size + 0xFFFFu);
        o->hi.y = q16_floor((uint64_t)y + size + 0xFFFFu);
        o++;
    } while (--cnt != 0 && left >= 0);
    w->x = x;
    w->y = y;
    w->left = left;
    w->size = size;
    return (size_t)(o - out);
}
#endif

/* The chained-square recurrence as written, one square, checked. */
static fxl_result walk_step(walk *w, fxl_aabb *box)
{
    int64_t size = (int64_t)w->size, pitch = 2 * size, lo_x, lo_y, hi_x, hi_y;

    w->left -= size; /* (the length) -= pitch */
    w->x += fxl__round_shift(pitch * w->c, 16);
    w->y += fxl__round_shift(pitch * w->s, 16);
    /* size += pitch * tan, as Q24 * Q16 to stay inside 64 bits. */
    size += fxl__round_shift((pitch >> 8) * (int64_t)w->grow, 8); /* pitch > 0 */
    w->size = (uint64_t)size;
    lo_x = fxl__floor_shift(w->x - size, 16);
    lo_y = fxl__floor_shift(w->y - size, 16);
    hi_x = -fxl__floor_shift(-(w->x + size), 16);
    hi_y = -fxl__floor_shift(-(w->y + size), 16);
    if (size > (int64_t)FXL_SIZE_MAX * 65536 || !fxl__coord64_ok(lo_x) || !fxl__coord64_ok(lo_y) ||
        !fxl__coord64_ok(hi_x) || !fxl__coord64_ok(hi_y))
        return FXL_ERR_COORD_RANGE; /* the chain leaves the domain (lo <= hi) */
    box->lo = fxl_vec2_make((fix16_t)lo_x, (fix16_t)lo_y);
    box->hi = fxl_vec2_make((fix16_t)hi_x, (fix16_t)hi_y);
    return FXL_OK;
}

/* ---- the covering walk (construction and proof at the top) ------------------- */

#define COVER_DELTA 4096 /* raw: the table's scale on a circle's radius (delta) */

/* In raw Q16.16 units (every length below 2^30.3, so int32), with the
 * factors A, B, g as Q1.15, rounded up: every product is two 32-bit ones. */
typedef struct cover {
    fix16_t ox, oy;   /* the emitter */
    uint32_t cx, cy;  /* Q16.16 |cos|, |sin| of the mid direction */
    bool nx, ny;      /* cos < 0, sin < 0 */
    uint32_t A, B, g; /* Q1.15 upper bounds of max and min of |e_x|, |e_y|, and of tan(alpha) */
    int32_t e, a1;    /* start of the next cell, end of the region (along e) */
    int32_t f, F;     /* half-width bound at e, its cap */
    int32_t single;   /* > 0: one square of this half-size about O */
    bool started;
    bool clip;        /* the squares may reach the domain's edge */
} cover;

/* ceil(a b / 2^15) for 0 <= a < 2^31 and 0 <= b < 2^15 + 2^5: with
 * a = ah 2^16 + al, 2 ah b + ceil(al b / 2^15), both products in 32 bits. */
static inline int32_t mul15_up(int32_t a, uint32_t b)
{
    uint32_t ua = (uint32_t)a;
    return (int32_t)(2u * (ua >> 16) * b + (((ua & 0xFFFFu) * b + 0x7FFFu) >> 15));
}

/* ceil(a b / 2^16) for 0 <= a < 2^31, 0 <= b < 2^17 and a result below
 * 2^31: with b = bh 2^16 + bl and a = ah 2^16 + al, a bh + ah bl +
 * ceil(al bl / 2^16), every product in 32 bits (no 64-bit multiply: a
 * library call in Thumb). */
static int32_t mul16_up(int32_t a, uint32_t b)
{
    uint32_t ua = (uint32_t)a, bl = b & 0xFFFFu;
    return (int32_t)(ua * (b >> 16) + (ua >> 16) * bl + (((ua & 0xFFFFu) * bl + 0xFFFFu) >> 16));
}

/* A Q16.16 factor below 2^16 + 2^6 rounded up to Q1.15. */
static uint32_t up15(uint32_t q16)
{
    return (q16 + 1u) >> 1;
}

/* One side, clipped to the domain. */
static fix16_t clip(int64_t v)
{
    return (fix16_t)fxl__clamp64(v, -FXL_COORD_MAX, FXL_COORD_MAX);
}

static bool cover_done(const cover *cv)
{
    return cv->started && (cv->single > 0 || cv->e >= cv->a1);
}

/* Up to n squares of the covering chain (steps 3 to 6 at the top). */
static size_t cover_fill(cover *cv, fxl_aabb *out, size_t n)
{
    size_t m = 0;

    if (n == 0 || cover_done(cv))
        return 0;
    cv->started = true;
    if (cv->single > 0) {
        out->lo = fxl_vec2_make(clip((int64_t)cv->ox - cv->single), clip((int64_t)cv->oy - cv->single));
        out->hi = fxl_vec2_make(clip((int64_t)cv->ox + cv->single), clip((int64_t)cv->oy + cv->single));
        return 1;
    }
    do {
        int32_t rest = cv->a1 - cv->e, p = cv->f, far, mid, h, x, y;
        uint32_t ma, ax, ay;
        if (p > rest / 2)
            p = rest > 0 ? rest - rest / 2 : 0; /* the last cell ends at a1 */
        far = cv->f + mul15_up(2 * p, cv->g);
        if (far > cv->F)
            far = cv->F;
        mid = cv->e + p;
        ma = fxl__abs32(mid);
        h = mul15_up(p, cv->B) + mul15_up(far, cv->A) + COVER_DELTA + (int32_t)(ma >> 16) + 2;
        /* |mid| |cos| / 2^16 and |mid| |sin| / 2^16, floored, in 32-bit parts. */
        ax = fxl__mul_q16_floor(ma, cv->cx);
        ay = fxl__mul_q16_floor(ma, cv->cy);
        x = fxl__neg_if32(ax, (mid < 0) != cv->nx);
        y = fxl__neg_if32(ay, (mid < 0) != cv->ny);
        if (cv->clip) {
            out[m].lo = fxl_vec2_make(clip((int64_t)cv->ox + x - h), clip((int64_t)cv->oy + y - h));
            out[m].hi = fxl_vec2_make(clip((int64_t)cv->ox + x + h), clip((int64_t)cv->oy + y + h));
        } else {
            x += cv->ox;
            y += cv->oy;
            out[m].lo = fxl_vec2_make(x - h, y - h);
            out[m].hi = fxl_vec2_make(x + h, y + h);
        }
        m++;
        cv->e += 2 * p;
        cv->f = far;
    } while (m < n && cv->e < cv->a1);
    return m;
}

static void cover_start(const fxl_chain *ch, bool box, cover *cv)
{
    int32_t step = (int32_t)(((uint32_t)ch->angle - (uint32_t)ch->prev_angle + 2048u) & 4095u) - 2048;
    int32_t w = ch->half_size + ch->half_size / 65536 + 1; /* w', L' */
    int32_t len = ch->length + ch->length / 65536 + 1, ws;
    uint32_t k, sin_u, sec_u, ac, as, g16;
    fxl_angle mid;

    cv->ox = ch->emitter.x;
    cv->oy = ch->emitter.y;
    cv->started = false;
    cv->single = 0;
    if (step > 1024 || step < -1024) {
        cv->single = len + w + COVER_DELTA + 1;
        return;
    }
    k = fxl__abs32(step);
    k = k - k / 2; /* ceil(|step| / 2) <= 512 */
    mid = (fxl_angle)((uint32_t)ch->prev_angle + (uint32_t)(step / 2));
    {
        int32_t c = fxl_cos(mid), s = fxl_sin(mid);
        cv->nx = c < 0;
        cv->ny = s < 0;
        cv->cx = fxl__abs32(c);
        cv->cy = fxl__abs32(s);
    }
    ac = cv->cx + 1u;
    as = cv->cy + 1u;
    cv->A = up15(fxl__maxu32(ac, as));
    cv->B = up15(fxl__minu32(ac, as));
    g16 = tan_of(k) + 8u; /* <= 2^16 + 8 */
    cv->g = up15(g16);
    sin_u = (uint32_t)fxl_sin((fxl_angle)k) + 3u;
    sec_u = (uint32_t)fxl_cos((fxl_angle)k) + 1u + (uint32_t)mul16_up((int32_t)sin_u, g16);
    cv->F = w + mul16_up(len, sin_u);
    cv->f = mul16_up(w, sec_u);
    if (cv->f > cv->F)
        cv->f = cv->F;
    ws = mul16_up(w, sin_u);
    cv->e = box ? -ws : -w;
    cv->a1 = len + (box ? ws : w);
    /* Every centre is within a1 + F of O along e, every half-size below
     * 2F + 2^16 + delta + 3 (A, B <= 1 + 2^-15, p <= F): clip only when that
     * can reach the domain's edge. */
    {
        uint32_t reach = (uint32_t)cv->a1 + 3u * (uint32_t)cv->F + 65536u + COVER_DELTA + 8u;
        uint32_t ax = fxl__abs32(ch->emitter.x), ay = fxl__abs32(ch->emitter.y);
        cv->clip = cv->a1 >= (1 << 29) || cv->F >= (1 << 29) ||
                   reach > (uint32_t)FXL_COORD_MAX - fxl__maxu32(ax, ay);
    }
}

/* ---- one generator for every kind -------------------------------------------- */

typedef struct gen {
    bool cover, fast;
    walk w;
    cover cv;
} gen;

/* The chained-square walk for valid fields (FXL_ERR_STEP_RANGE for a half
 * turn of the rotating chain). */
static fxl_result seed_start(const fxl_chain *ch, bool rotating, walk *w)
{
    fxl_angle dir = ch->angle;
    int32_t c, s;

    w->grow = 0;
    if (rotating) {
        /* The chained-square method's half step, (((a - p)/2 + 1024) & 2047) - 1024 with both
         * angles in 0..4095; (a - p)/2 truncates towards zero, as its C does. */
        int32_t a = (int32_t)((uint32_t)ch->angle & FXL_ANGLE_MASK);
        int32_t p = (int32_t)((uint32_t)ch->prev_angle & FXL_ANGLE_MASK);
        int32_t half = (int32_t)((uint32_t)((a - p) / 2 + 1024) & 2047u) - 1024;
        if (half == -1024)
            return FXL_ERR_STEP_RANGE; /* half a turn: tan(90 degrees) */
        /* Laid along the mid angle; squares grow by tan(|half step|). */
        dir = (fxl_angle)((uint32_t)ch->angle - (uint32_t)half);
        w->grow = tan_of(fxl__abs32(half));
    }
    w->c = c = fxl_cos(dir);
    w->s = s = fxl_sin(dir);
    w->size = (uint64_t)ch->half_size << 16;
    w->left = (int64_t)ch->length * 32768 - 1;
    w->x = (int64_t)ch->emitter.x * 65536;
    w->y = (int64_t)ch->emitter.y * 65536;
    if (!rotating) { /* one pitch behind: the first square on the emitter */
        w->x -= (int64_t)(2 * ch->half_size) * c;
        w->y -= (int64_t)(2 * ch->half_size) * s;
    }
    return FXL_OK;
}

static fxl_result gen_start(const fxl_chain *ch, fxl_chain_kind kind, gen *g)
{
    fxl_result res;

    if (ch == NULL)
        return FXL_ERR_NULL;
    if ((uint32_t)kind > (uint32_t)FXL_CHAIN_COVER_CAPSULE)
        return FXL_ERR_KIND;
    if (!fxl__vec_ok(ch->emitter))
        return FXL_ERR_COORD_RANGE;
    res = fxl__check_size(ch->length, FXL_ERR_LENGTH_NEGATIVE, FXL_ERR_LENGTH_RANGE);
    if (res == FXL_OK) /* a half-size of zero would never advance */
        res = ch->half_size == 0 ? FXL_ERR_SIZE_ZERO
                                 : fxl__check_size(ch->half_size, FXL_ERR_WIDTH_NEGATIVE,
                                                   FXL_ERR_WIDTH_RANGE);
    if (res != FXL_OK)
        return res;
    g->cover = kind >= FXL_CHAIN_COVER_BOX;
    if (g->cover) {
        cover_start(ch, kind == FXL_CHAIN_COVER_BOX, &g->cv);
        return FXL_OK;
    }
    res = seed_start(ch, kind == FXL_CHAIN_ROTATING, &g->w);
    g->fast = fast_ok(ch, g->w.grow);
    return res;
}

static bool gen_done(const gen *g)
{
    return g->cover ? cover_done(&g->cv) : g->w.left < 0;
}

/* Up to n more squares into out (fewer when the chain ends or on an error,
 * which goes to *res); returns how many. */
static size_t gen_fill(gen *g, fxl_aabb *out, size_t n, fxl_result *res)
{
    size_t m = 0;

    *res = FXL_OK;
    if (g->cover)
        return cover_fill(&g->cv, out, n);
    if (g->fast)
        return walk_fast(&g->w, out, n);
    while (m < n && g->w.left >= 0) {
        *res = walk_step(&g->w, &out[m]);
        if (*res != FXL_OK)
            break;
        m++;
    }
    return m;
}

#define CHUNK 16 /* squares per batch when they do not go to the caller's array */

/* Everything but the fast path: errors, covering chains, big turns,
 * capacity (counting what is needed), chains by the domain's edge. Not
 * static: the GBA's ARM fxl_chain_make branches to it. */
fxl_result fxl__chain_make_general(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb *out,
                                   size_t cap, size_t *count);
fxl_result fxl__chain_make_general(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb *out,
                                   size_t cap, size_t *count)
{
    gen g;
    size_t m = 0;
    fxl_result res = out == NULL && cap != 0 ? FXL_ERR_NULL : gen_start(chain, kind, &g);

    if (res == FXL_OK) {
        m = gen_fill(&g, out, cap < FXL_CHAIN_MAX ? cap : FXL_CHAIN_MAX, &res);
        if (res == FXL_OK && !gen_done(&g)) {
            /* Out of room: count what the chain needs, up to FXL_CHAIN_MAX + 1. */
            fxl_aabb scratch[CHUNK];
            while (res == FXL_OK && !gen_done(&g) && m <= FXL_CHAIN_MAX) {
                size_t room = FXL_CHAIN_MAX + 1 - m;
                m += gen_fill(&g, scratch, room < CHUNK ? room : CHUNK, &res);
            }
            if (res == FXL_OK)
                res = FXL_ERR_CAPACITY;
        }
    }
    if (count != NULL)
        *count = m;
    return res;
}

#if !FXL_ARM_ASM
/* The fast path of fxl_chain_make in one call (chain, kind and out checked
 * by the caller): the squares placed, or SIZE_MAX when the chain does not
 * pass fast_ok (fields, half turns, too big a step, the domain's edge) or
 * does not fit n; fxl__chain_make_general then takes it. The ARM code above does the
 * same in IWRAM. */
static size_t chain_fast(const fxl_chain *ch, size_t rotating, fxl_aabb *out, size_t n)
{
    walk w;
    size_t m;
    if ((uint32_t)ch->length >= (1u << 26) || (uint32_t)ch->half_size - 1u >= (1u << 26) ||
        seed_start(ch, rotating != 0, &w) != FXL_OK || !fast_ok(ch, w.grow))
        return SIZE_MAX;
    m = walk_fast(&w, out, n);
    return w.left < 0 ? m : SIZE_MAX;
}

/* The common case first: a chained-square chain that chain_fast takes, in one call. */
fxl_result fxl_chain_make(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb *out, size_t cap,
                          size_t *count)
{
    if (chain != NULL && (uint32_t)kind <= (uint32_t)FXL_CHAIN_ROTATING && (out != NULL || cap == 0)) {
        size_t m = chain_fast(chain, kind == FXL_CHAIN_ROTATING ? 1u : 0u, out,
                              cap < FXL_CHAIN_MAX ? cap : FXL_CHAIN_MAX);
        if (m != SIZE_MAX) {
            if (count != NULL)
                *count = m;
            return FXL_OK;
        }
    }
    return fxl__chain_make_general(chain, kind, out, cap, count);
}
#endif

fxl_result fxl_chain_each(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb_fn fn,
                          void *user, size_t *count)
{
    gen g;
    size_t total = 0;
    fxl_result res = fn == NULL ? FXL_ERR_NULL : gen_start(chain, kind, &g);

    while (res == FXL_OK && !gen_done(&g)) {
        fxl_aabb buf[CHUNK];
        size_t i, m, room = FXL_CHAIN_MAX - total;
        if (room == 0) {
            /* One square more, as fxl_chain_make counts: an error there
             * (the chain leaving the domain) is the chain's result. */
            if (gen_fill(&g, buf, 1, &res) == 1) {
                total++;
                res = FXL_ERR_CAPACITY;
            }
            break;
        }
        m = gen_fill(&g, buf, room < CHUNK ? room : CHUNK, &res);
        for (i = 0; i < m; i++)
            fn(user, buf[i]);
        total += m;
    }
    if (count != NULL)
        *count = total;
    return res;
}

/* ---- chain against a circle ---------------------------------------------------- */

/* The exact test behind the reject (out of IWRAM: only near squares get here). */
FXL_NOINLINE static bool exact_hit(const fxl_aabb *b, const fxl_circle *circle)
{
    return fxl_aabb_vs_circle(*b, *circle);
}

/* A square is skipped when the centre lies outside it grown by r on an
 * axis; only x first: most squares of a chain are beside the circle. The
 * centre +- r wraps: exact for domain values (below 2^31 in magnitude),
 * defined (and meaningless) for any other circle. */
FXL_IWRAM_CODE bool fxl_chain_vs_circle(const fxl_aabb *boxes, size_t count, fxl_circle circle)
{
    uint32_t x = (uint32_t)circle.c.x, y = (uint32_t)circle.c.y, r = (uint32_t)circle.r;
    fix16_t xp = (fix16_t)(x + r), xm = (fix16_t)(x - r);
    fix16_t yp = (fix16_t)(y + r), ym = (fix16_t)(y - r);
    const fxl_aabb *b = boxes;
    size_t left = count;

    FXL_ASSERT((boxes != NULL || count == 0) && fxl_circle_check(circle) == FXL_OK);
    /* Counted down, no end pointer: (NULL, 0), a valid empty chain, does no
     * pointer arithmetic on NULL (NULL + 0 is undefined in C99 6.5.6). */
    for (; left != 0; left--, b++) {
        if (b->lo.x > xp || b->hi.x < xm || b->lo.y > yp || b->hi.y < ym)
            continue;
        if (exact_hit(b, &circle))
            return true;
    }
    return false;
}
