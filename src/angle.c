/* angle.c - sine/cosine from the quarter-wave table, angle arithmetic,
 * integer atan2 and unit conversions. */
#include "fixlaser/angle.h"

#include "angle_table.h"
#include "util.h"

fxl_vec2 fxl_dir(fxl_angle a)
{
    return fxl_vec2_make(fxl_cos(a), fxl_sin(a));
}

fxl_angle fxl_angle_diff(fxl_angle to, fxl_angle from)
{
    uint32_t d = ((uint32_t)to - (uint32_t)from + 2048u) & FXL_ANGLE_MASK;
    return (fxl_angle)d - 2048;
}

static uint32_t magnitude(fix16_t v)
{
    uint32_t s = 0u - ((uint32_t)v >> 31); /* all ones if v < 0 */
    return ((uint32_t)v ^ s) - s;
}

/* The octant of (y, x) unfolded from k, the nearest step of atan(small /
 * big) in 0..512. */
static fxl_angle unfold(uint32_t k, fix16_t y, fix16_t x, uint32_t ax, uint32_t ay)
{
    if (ay > ax)
        k = 1024u - k; /* the octant above the diagonal mirrors it */
    if (x < 0)
        k = 2048u - k;
    if (y < 0)
        k = 0u - k;
    return (fxl_angle)(k & FXL_ANGLE_MASK);
}

/* The fallback of fxl_atan2 for the ratios its table cannot settle: a
 * vectoring CORDIC in 64 bits, error below 1e-11 turn before rounding. */
FXL_NOINLINE static fxl_angle cordic_atan2(fix16_t y, fix16_t x)
{
    uint32_t ax = magnitude(x), ay = magnitude(y);
    uint32_t big = ax >= ay ? ax : ay, small = ax >= ay ? ay : ax;
    int64_t vx, vy, turn = 0; /* turn: Q48 fraction of a turn, 0..1/8 */
    uint32_t k, i;
    int shift;

    if (big == 0)
        return 0;
    /* Fold into the first octant (0 <= small <= big), then scale so the
     * larger component is 2^60..2^61: the CORDIC rotations grow it by at most
     * 1.65, far from overflow, and the truncation of each shift stays below
     * 2^-60 of a radian. */
    vx = (int64_t)big;
    vy = (int64_t)small;
    for (shift = 32; shift > 0; shift >>= 1) {
        if (vx < ((int64_t)1 << (61 - shift))) {
            vx *= (int64_t)1 << shift;
            vy *= (int64_t)1 << shift;
        }
    }
    /* Vectoring CORDIC: rotate (vx, vy) onto the x axis by +-atan(2^-i),
     * adding up the rotations. After 40 steps the leftover angle is below
     * atan(2^-39) ~ 2e-12 rad; the table's rounding adds below 2^-43 turn. */
    for (i = 0; i < FXL_ATAN_STEPS; i++) {
        int64_t dx = vx >> i; /* vx stays positive */
        if (vy >= 0) {
            int64_t dy = vy >> i;
            vx += dy;
            vy -= dx;
            turn += fxl__atan_turn48[i];
        } else {
            int64_t dy = (-vy) >> i;
            vx += dy;
            vy += dx;
            turn -= fxl__atan_turn48[i];
        }
    }
    if (turn < 0)
        turn = 0;
    /* Nearest step: one step is 2^36 in Q48 turns. No input lands exactly
     * on a half step (tan of those angles is irrational). */
    k = (uint32_t)((turn + ((int64_t)1 << 35)) >> 36);
    return unfold(k, y, x, ax, ay);
}


/* Exact comparisons against the boundaries' tangents (fxl__atan,
 * angle_table.c). Folded into the first octant (0 <= small <= big) and
 * scaled so that 2^31 <= big < 2^32, the step is the number of boundaries m
 * (the angles (m + 1/2) steps) with tan_m < small / big.
 *
 * Estimate: recip[(big >> 20) - 2048] is 2^47 / big from below (within
 * 2^-11), so q = (small * recip) >> 32 lies within 18 units below X = 2^15
 * small / big. For b = q >> 5 the generator has checked that the ratio's
 * step is guess[b] + b / 2 or one more: one boundary m is left to compare
 * with.
 *
 * Decision: d = small 2^31 - big tan31[m] differs from the exact big 2^31
 * (small / big - tan_m) by less than big < 2^32 (tan31 is off by less than
 * 1). dh = (small >> 1) - the high word of big tan31[m] is within 1 of d's
 * high word, so d > 2^32 if dh >= 2 and d < -2^32 if dh <= -2: the sign is
 * settled. Otherwise (|d| < 2^33) the ratio is within 2^-29 of tan_m (the
 * angle within 3e-10 turn of the boundary; about one random vector in a
 * million) and the CORDIC decides, as it always did. Where the table
 * decides, the ratio is over 2^-32 from tan_m and the angle over 1.8e-11
 * turn from the boundary, beyond the CORDIC's error (below 1e-11 turn):
 * the CORDIC agrees there, so the results are the CORDIC's bit for bit, at
 * a fraction of the cost.
 *
 * ARM code on the GBA (32x32->64 products are single instructions there),
 * branch-free but for vectors under 1.0 and the fallback. */
FXL_ARM_CODE fxl_angle fxl_atan2(fix16_t y, fix16_t x)
{
    const struct fxl__atan_tables *t = &fxl__atan;
    uint32_t ax = magnitude(x), ay = magnitude(y);
    uint32_t big = ax >= ay ? ax : ay, small = ax >= ay ? ay : ax;
    uint32_t q, m, dh, c;

    if (FXL__UNLIKELY(big < 0x10000u)) {
        if (big == 0)
            return 0;
        big <<= 16;
        small <<= 16;
    }
    if (big < 0x1000000u) {
        big <<= 8;
        small <<= 8;
    }
    c = t->clz8[big >> 24];
    big <<= c;
    small <<= c;
    q = (uint32_t)(((uint64_t)small * t->recip[(big >> 20) - 2048u]) >> 32);
    m = t->guess[q >> 5] + (q >> 6);
    dh = (small >> 1) - (uint32_t)(((uint64_t)big * t->tan31[m]) >> 32);
    if (dh + 1u <= 2u)
        return cordic_atan2(y, x); /* dh is -1, 0 or 1 */
    m += 1u - (dh >> 31);          /* d > 0: one more boundary below */
    /* Unfold the octant; for y < 0 the result is 4096 - k, in 2048..4096,
     * and clearing bit 12 maps 4096 to 0. */
    if (ay > ax)
        m = 1024u - m;
    if (x < 0)
        m = 2048u - m;
    if (y < 0)
        m = 4096u - m;
    return (fxl_angle)(m & ~4096u);
}

fxl_angle fxl_angle_from_deg(fix16_t deg)
{
    /* One step is exactly 360 * 65536 / 4096 = 5760 raw degrees. */
    uint32_t m = magnitude(deg);
    uint32_t k = (m + 2880u) / 5760u; /* m <= 2^31: no overflow */
    if (deg < 0)
        k = 0u - k;
    return (fxl_angle)(k & FXL_ANGLE_MASK);
}

fix16_t fxl_angle_to_deg(fxl_angle a)
{
    return (fix16_t)(((uint32_t)a & FXL_ANGLE_MASK) * 5760u);
}

fxl_angle fxl_angle_from_rad(fix16_t rad)
{
    /* steps = rad / (2*pi*65536/4096). 2^47/pi is that reciprocal scaled by
     * 2^52; the product wraps modulo 2^64 = 4096 turns * 2^52, which leaves
     * the angle modulo a turn intact. Error: below 2^-21 step. */
    const uint64_t inv = UINT64_C(44798133900177);
    uint64_t q = (uint64_t)magnitude(rad) * inv + (UINT64_C(1) << 51);
    uint32_t k = (uint32_t)(q >> 52);
    if (rad < 0)
        k = 0u - k;
    return (fxl_angle)(k & FXL_ANGLE_MASK);
}

fix16_t fxl_angle_to_rad(fxl_angle a)
{
    /* 2*pi*2^36 = one step in Q16.16 radians, scaled by 2^32. */
    const uint64_t step = UINT64_C(431777206545);
    uint64_t q = (uint64_t)((uint32_t)a & FXL_ANGLE_MASK) * step + (UINT64_C(1) << 31);
    return (fix16_t)(q >> 32);
}
