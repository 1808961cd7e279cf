/* domain.h - internal: the input-domain predicates shared by the modules'
 * validation code (limits in fixlaser/base.h). */
#ifndef FXL_DOMAIN_H
#define FXL_DOMAIN_H

#include "fixlaser/base.h"

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

#endif
