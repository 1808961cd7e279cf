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

#endif
