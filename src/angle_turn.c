/* angle_turn.c - angles a game turns and aims with: tan from the table,
 * a capped turn towards a target, the angle to a point, eased turns. */
#include "fixlaser/angle.h"

#include "util.h"
#include "wide.h"

fix16_t fxl_tan(fxl_angle a)
{
    fix16_t s = fxl_sin(a), c = fxl_cos(a);
    if (c == 0)
        return s > 0 ? fix16_maximum : -fix16_maximum;
    return fix16_div(s, c);
}

fxl_angle fxl_turn_toward(fxl_angle current, fxl_angle target, int32_t max_step)
{
    int32_t d = fxl_angle_diff(target, current);
    if (max_step < 0)
        max_step = 0;
    d = fxl__clamp32(d, -max_step, max_step);
    return (fxl_angle)(((uint32_t)current + (uint32_t)d) & FXL_ANGLE_MASK);
}

fxl_angle fxl_aim(fxl_vec2 from, fxl_vec2 to)
{
    return fxl_atan2((fix16_t)((uint32_t)to.y - (uint32_t)from.y),
                     (fix16_t)((uint32_t)to.x - (uint32_t)from.x));
}

/* round(d * 2 k^2 / T^2), halves away from zero, for |d| <= 2048 and
 * 0 <= k <= T < 2^31: the numerator needs up to 75 bits, so 128. */
static int32_t ease_part(int64_t d, int64_t k, int64_t T)
{
    uint64_t ad = fxl__abs64(d), kk = (uint64_t)k * (uint64_t)k, tt = (uint64_t)T * (uint64_t)T;
    /* floor((2 * (2 |d| k^2) + T^2) / (2 T^2)) = floor((4|d|k^2 + T^2) / 2T^2) */
    fxl__u128 num = fxl__add(fxl__mul64(kk, 4u * ad), fxl__mul64(tt, 1u));
    fxl__u128 den2;
    uint32_t q;
    /* 2 T^2 < 2^63 fits; the quotient is at most 2|d| + 1. */
    den2 = fxl__mul64(tt, 2u);
    q = fxl__div128(num, den2.lo, NULL);
    return fxl__neg_if32(q, d < 0);
}

fxl_angle fxl_ease_angle(const fxl_ease *e, int32_t t)
{
    int64_t T = e->frames, d = e->delta, off;
    if (T <= 0 || t >= T)
        return (fxl_angle)((uint32_t)e->from + (uint32_t)e->delta);
    if (t <= 0)
        return e->from;
    /* Position under constant acceleration from rest, then the mirror
     * image: f(u) = 2u^2 for u <= 1/2, 1 - 2(1-u)^2 after (f(1) = 1,
     * f'(0) = f'(1) = 0). */
    if (2 * (int64_t)t <= T)
        off = ease_part(d, t, T);
    else
        off = d - ease_part(d, T - t, T);
    return (fxl_angle)((uint32_t)e->from + (uint32_t)off);
}
