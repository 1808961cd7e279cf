/* ref_cast_aabb.h - an independent exact reference for casts against boxes
 * (tests only; never calls src/): each box is its four sides as two-sided
 * walls through ref_cast.c's exact centre-line crossing (Cramer's rule in
 * big integers), its corners as points on the beam (for sides of zero
 * length, and a beam along a side, which a wall parallel to the beam never
 * stops), and the emitter inside the closed box (u* = 0); the width of a
 * box laser likewise through ref_cast.c's ref_box. */
#ifndef FXLT_REF_CAST_AABB_H
#define FXLT_REF_CAST_AABB_H

#include "ref_cast.h"

/* The least u >= 0 (raw units, exact) at which the centre line e + u (dx,
 * dy) / 65536 touches the box (no length limit); false: never. */
bool ref_box_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_aabb box, ref_q *u);

/* The least U >= 0 at which the rectangle [0, U] x [-hw, hw] of the beam
 * frame touches the box: the emitter in the box (0), or the least of
 * ref_cast.c's ref_box over its sides, a side of zero length taken as its
 * point (in the strip and ahead). */
bool ref_box_width(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_aabb box, ref_q *u);

/* The first box the laser's centre line (width: a box laser's rectangle)
 * meets within its length (lowest
 * index on a tie), -1: none; *u its u*. */
long ref_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n, bool width, ref_q *u);

/* Capsule lasers with FXL_CAST_WIDTH: whether the capsule with core [0, L]
 * and radius hw (frame units) meets the box, and *F = floor(u*), u* the
 * least such core length (binary search on an exact big-integer test). */
bool ref_box_capsule(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_aabb box, int32_t L,
                     int64_t *F);

/* The capsule laser's first box (least floor(u*), ties: the lower index),
 * -1 for none; *F its floor(u*). */
long ref_cast_aabbs_capsule(const fxl_laser *laser, const fxl_aabb *boxes, size_t n, int64_t *F);

#endif
