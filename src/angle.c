/* angle.c - sine/cosine from the quarter-wave table, angle arithmetic,
 * integer atan2 and unit conversions. */
#include "fixlaser/angle.h"

#include "angle_table.h"

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
    return v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
}

fxl_angle fxl_atan2(fix16_t y, fix16_t x)
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
    if (ay > ax)
        k = 1024u - k; /* the octant above the diagonal mirrors it */
    if (x < 0)
        k = 2048u - k;
    if (y < 0)
        k = 0u - k;
    return (fxl_angle)(k & FXL_ANGLE_MASK);
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
