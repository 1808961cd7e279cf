/* fixlaser/shapes.h - the small shapes games test beside lasers: circles and
 * axis-aligned boxes. Exact, touching counts as overlapping. */
#ifndef FIXLASER_SHAPES_H
#define FIXLASER_SHAPES_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* True iff the two circles touch or overlap. */
bool fxl_circle_vs_circle(fxl_circle a, fxl_circle b);

/* True iff the point lies in the circle (boundary included). */
bool fxl_circle_vs_point(fxl_circle circle, fxl_vec2 point);

/* True iff the box and the circle touch or overlap. */
bool fxl_aabb_vs_circle(fxl_aabb box, fxl_circle circle);

/* Many circles (bullets) against one circle (the player): bit i of hit_bits
 * (ceil(n/32) words, may be NULL) is set iff circles[i] touches `circle`,
 * exactly as fxl_circle_vs_circle decides; returns the number of hits. The
 * fast path for a frame's bullets (ARM in IWRAM on the GBA). */
size_t fxl_circles_vs_circle(const fxl_circle *circles, size_t n, fxl_circle circle,
                             uint32_t *hit_bits);

/* True iff the two boxes touch or overlap. */
bool fxl_aabb_vs_aabb(fxl_aabb a, fxl_aabb b);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_SHAPES_H */
