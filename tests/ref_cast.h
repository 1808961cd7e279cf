/* ref_cast.h - exact references for the wall casts (tests only; never
 * calls src/cast*.c or bounce.c). Everything is big-integer arithmetic
 * (bigint.h) in world coordinates scaled by 65536, so that the ray
 * e + u d / 65536 becomes E + u d with E = 65536 e: the centre line by
 * Cramer's rule on the two segments' parametric forms, the box by listing
 * every candidate point (wall ends, crossings of the strip's edges and of
 * the emitter's cross-section) and taking the least, the capsule by the
 * distance between the wall and the core segment and the points where
 * they touch. Walls are taken as the game gives them (fxl_wall). */
#ifndef FXLT_REF_CAST_H
#define FXLT_REF_CAST_H

#include <stdbool.h>

#include "bigint.h"
#include "fixlaser.h"

/* An exact rational n / d, d > 0. */
typedef struct ref_q {
    big n;
    big d;
} ref_q;

int ref_q_cmp(ref_q a, ref_q b);     /* sign(a - b) */
int ref_q_cmp_int(ref_q a, int64_t k); /* sign(a - k) */

/* The side the ray comes from for a wall: that of e, or when e lies on
 * the wall's line, `on_line` (-1: in front, +1: behind; a cast: -1). A
 * wall is eligible when the ray heads to the other side, and a one-sided
 * one only from its front. */
int ref_came(fxl_vec2 e, fxl_wall w, int on_line);
bool ref_eligible(int32_t dx, int32_t dy, fxl_wall w, bool two_sided, int came);

/* Whether an eligible wall meets the centre line of the ray e + u (dx, dy)
 * / 65536 at some u >= 0 (no length limit), and that u (*u). */
bool ref_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_wall w, bool two_sided, int on_line,
                ref_q *u);

/* The first U >= 0 at which the rectangle [0, U] x [-hw, hw] of the beam
 * frame meets the wall (false: never). Eligibility not checked. */
bool ref_box(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, ref_q *u);

/* The capsule of core [0, L] and radius hw (hw > 0) in the beam frame:
 * ref_capsule_meets: it meets the wall (u* <= L);
 * ref_capsule_before: no capsule of length below L meets it (L <= u*);
 * so floor(u*) = L iff before(L) and not before(L + 1). */
bool ref_capsule_meets(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, int64_t L);
bool ref_capsule_before(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, int64_t L);

#endif
