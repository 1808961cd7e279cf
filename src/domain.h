/* domain.h - internal: the input-domain predicates shared by the modules'
 * validation code (limits in fixlaser/base.h). */
#ifndef FXL_DOMAIN_H
#define FXL_DOMAIN_H

#include "fixlaser/base.h"
#include "fixlaser/laser.h"
#include "util.h"

/* |v| <= FXL_COORD_MAX */
static inline bool fxl__coord_ok(fix16_t v)
{
    return v >= -FXL_COORD_MAX && v <= FXL_COORD_MAX;
}

/* The same for a value worked out in 64 bits (an offset, a moved point). */
static inline bool fxl__coord64_ok(int64_t v)
{
    return v >= -FXL_COORD_MAX && v <= FXL_COORD_MAX;
}

/* Both coordinates of p within the domain. (fxl_circle_check and
 * fxl_sweep_prepare write it out: through this helper GCC laid out their
 * Thumb / ARM code differently, 10 and 24 cycles slower on the GBA.) */
static inline bool fxl__vec_ok(fxl_vec2 p)
{
    return fxl__coord_ok(p.x) && fxl__coord_ok(p.y);
}

/* The validation of a size (a length, half-width or radius, Q16.16):
 * FXL_OK for 0 <= v <= max, else `negative` for v < 0 (checked first),
 * `range` for v > max. */
static inline fxl_result fxl__check_size_max(fix16_t v, fix16_t max, fxl_result negative,
                                             fxl_result range)
{
    if (v < 0)
        return negative;
    if (v > max)
        return range;
    return FXL_OK;
}

/* The same against FXL_SIZE_MAX, the limit of every 2D size. */
static inline fxl_result fxl__check_size(fix16_t v, fxl_result negative, fxl_result range)
{
    return fxl__check_size_max(v, FXL_SIZE_MAX, negative, range);
}

/* A Q16.16 fraction in 0..1 (a hit fraction, an egg factor). */
static inline bool fxl__fraction_ok(fix16_t f)
{
    return f >= 0 && f <= fix16_one;
}

/* A known anchor. */
static inline bool fxl__anchor_ok(fxl_laser_anchor a)
{
    return a == FXL_ANCHOR_EMITTER || a == FXL_ANCHOR_CENTRE;
}

/* fxl_circle_check(c) == FXL_OK, inline, with two unsigned compares. */
static inline bool fxl__circle_ok(fxl_circle c)
{
    uint32_t m = (uint32_t)FXL_COORD_MAX;
    return (uint32_t)c.c.x + m <= 2u * m && (uint32_t)c.c.y + m <= 2u * m &&
           (uint32_t)c.r <= (uint32_t)FXL_SIZE_MAX;
}

/* A prepared laser that fxl_laser_prepare could have written (for the
 * checked build's asserts): a known kind, and a (cos, sin) pair of the
 * table's length, 65536 within 1.1e-5 (a zeroed or garbage struct fails). */
static inline bool fxl__laser_prep_ok(const fxl_laser_prep *lp)
{
    int64_t n;
    if (lp == NULL || (lp->kind != FXL_LASER_BOX && lp->kind != FXL_LASER_CAPSULE) ||
        fxl__abs32(lp->cos) > 65536u || fxl__abs32(lp->sin) > 65536u)
        return false;
    n = (int64_t)lp->cos * lp->cos + (int64_t)lp->sin * lp->sin;
    return n >= (int64_t)65535 * 65535 && n <= (int64_t)65537 * 65537;
}

#endif
