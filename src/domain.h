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
