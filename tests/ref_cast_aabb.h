/* ref_cast_aabb.h - an independent exact reference for casts against boxes
 * (tests only; never calls src/): each box is its four sides as two-sided
 * walls through ref_cast.c's exact centre-line crossing (Cramer's rule in
 * big integers), its corners as points on the beam (for sides of zero
 * length, and a beam along a side, which a wall parallel to the beam never
 * stops), and the emitter inside the closed box (u* = 0). */
#ifndef FXLT_REF_CAST_AABB_H
#define FXLT_REF_CAST_AABB_H

#include "ref_cast.h"

/* The least u >= 0 (raw units, exact) at which the centre line e + u (dx,
 * dy) / 65536 touches the box (no length limit); false: never. */
bool ref_box_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_aabb box, ref_q *u);

/* The first box the laser's centre line meets within its length (lowest
 * index on a tie), -1: none; *u its u*. */
long ref_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n, ref_q *u);

#endif
