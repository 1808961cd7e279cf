/* fixlaser/base.h - the fixed-point vocabulary shared by every module:
 * vectors, circles, boxes, the input domain and the error codes. */
#ifndef FIXLASER_BASE_H
#define FIXLASER_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <libfixmath/fix16.h>

#include "config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest magnitude of any coordinate fixlaser accepts, in Q16.16 raw units:
 * 2^30 - 1, i.e. just under 16384 pixels either side of the origin. Inside
 * this range every difference of two coordinates fits an int32_t. */
#define FXL_COORD_MAX INT32_C(0x3FFFFFFF)

/* Largest length, half-length, half-width or radius, Q16.16 raw units:
 * 2^28 - 1, just under 4096 pixels. Sizes are never negative. */
#define FXL_SIZE_MAX INT32_C(0x0FFFFFFF)

/* A point or direction. */
typedef struct fxl_vec2 {
    fix16_t x; /* Q16.16 */
    fix16_t y; /* Q16.16, screen convention: y grows downwards */
} fxl_vec2;

/* A circle: the player's hitbox, a bullet, an enemy. */
typedef struct fxl_circle {
    fxl_vec2 c; /* Q16.16 centre, |x|,|y| <= FXL_COORD_MAX */
    fix16_t r;  /* Q16.16 radius, 0..FXL_SIZE_MAX */
} fxl_circle;

/* An axis-aligned box, closed: points on its edges are inside. */
typedef struct fxl_aabb {
    fxl_vec2 lo; /* Q16.16 smallest x and y */
    fxl_vec2 hi; /* Q16.16 largest x and y, hi >= lo */
} fxl_aabb;

/* What a laser's pos names (2D and 3D lasers). */
typedef enum fxl_laser_anchor {
    FXL_ANCHOR_EMITTER = 0, /* pos is the emitter; the beam runs from it along angle */
    FXL_ANCHOR_CENTRE = 1  /* pos is the middle of the beam */
} fxl_laser_anchor;

/* Why a preparation step refused its input. FXL_OK is zero. */
typedef enum fxl_result {
    FXL_OK = 0,
    FXL_ERR_NULL,            /* a required pointer was NULL */
    FXL_ERR_COORD_RANGE,     /* a coordinate outside +-FXL_COORD_MAX */
    FXL_ERR_LENGTH_NEGATIVE, /* a length or half-length below zero */
    FXL_ERR_LENGTH_RANGE,    /* a length or half-length above FXL_SIZE_MAX */
    FXL_ERR_WIDTH_NEGATIVE,  /* a half-width below zero */
    FXL_ERR_WIDTH_RANGE,     /* a half-width above FXL_SIZE_MAX */
    FXL_ERR_RADIUS_NEGATIVE, /* a radius below zero */
    FXL_ERR_RADIUS_RANGE,    /* a radius above FXL_SIZE_MAX */
    FXL_ERR_FRACTION_RANGE,  /* a hit-width fraction outside 0..1 (Q16.16) */
    FXL_ERR_KIND,            /* an unknown laser kind */
    FXL_ERR_BOX_INVERTED,    /* an AABB whose hi is below its lo */
    FXL_ERR_SIZE_ZERO,       /* a chain square half-size of zero (it would never advance) */
    FXL_ERR_CAPACITY,        /* more chain squares than the output (or FXL_CHAIN_MAX) holds */
    FXL_ERR_STEP_RANGE,      /* a rotation step beyond what the method covers */
    FXL_ERR_ANCHOR,          /* an unknown laser anchor */
    FXL_ERR_WALL_ZERO,       /* a wall whose two ends coincide */
    FXL_ERR_PIVOT_RANGE,     /* a pivot more than FXL_COORD_MAX from its beam on either axis */
    FXL_ERR_COUNT_           /* number of codes; not an error */
} fxl_result;

/* A stable, human-readable name for a result code ("FXL_ERR_NULL"...). */
const char *fxl_result_name(fxl_result res);

/* FXL_OK if the circle is inside the documented domain, else the reason. */
fxl_result fxl_circle_check(fxl_circle circle);

/* FXL_OK if the box is inside the domain and not inverted, else the reason. */
fxl_result fxl_aabb_check(fxl_aabb box);

/* Convenience constructors. */
FXL_INLINE fxl_vec2 fxl_vec2_make(fix16_t x, fix16_t y) /* Q16.16 */
{
    fxl_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

FXL_INLINE fxl_circle fxl_circle_make(fix16_t x, fix16_t y, fix16_t r) /* Q16.16 */
{
    fxl_circle c;
    c.c.x = x;
    c.c.y = y;
    c.r = r;
    return c;
}

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_BASE_H */
