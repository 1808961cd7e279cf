/* aabb_parts.h - internal: the exact test of an axis-aligned box against a
 * hitbox given in a beam frame (an fxl_laser_prep), shared by the straight
 * lasers' box calls (laser_aabb.c) and the swept and curvy ones (their end
 * poses). The derivation and the ranges are in laser_aabb.c. */
#ifndef FXL_AABB_PARTS_H
#define FXL_AABB_PARTS_H

#include "fixlaser/laser.h"

/* True iff the closed box (Q16.16; lo <= hi, |coords| <= FXL_COORD_MAX)
 * has a point in lp's hit region: the point p whose frame coordinates
 * (u, v) = (c*dx + s*dy, c*dy - s*dx), d = p - lp->pos (Q32.32, as
 * frame.h's fxl__along / fxl__across), lie within lp->round of the
 * rectangle [u_lo, u_hi] x [v_lo, v_hi] (the test fxl_laser_vs_point makes
 * of each point). Uses pos, cos, sin, the rectangle and round; ignores the
 * bounding box (bb_*) and kind. Ranges: |pos| < 2^31, |u_*|, |v_*| < 2^48,
 * 0 <= round < 2^29, the table vector of fxl__laser_prep_ok. Exact. */
bool fxl__hitbox_vs_aabb(const fxl_laser_prep *lp, fxl_aabb box);

/* The same test for lp's hitbox with pos (0, 0) and the table vector (c,
 * s) in place of lp's (a sweep's other pose), against the box xy = x0, x1,
 * y0, y1 (Q16.16 offsets from the pivot, x0 <= x1, y0 <= y1, within
 * FXL_COORD_MAX): fxl__hitbox_vs_aabb's answer for that copy, without
 * making it. */
bool fxl__hitbox_vs_offsets(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4]);

/* Its checks of lp alone, for many tests with one lp: true when the
 * 32x32 form applies to lp (uv[0..3] written); then
 * fxl__hitbox_vs_offsets_uv(lp, c, s, xy, uv) gives
 * fxl__hitbox_vs_offsets' answer (uv[4..5] written). */
bool fxl__hitbox_lean_uv(const fxl_laser_prep *lp, int32_t uv[6]);
bool fxl__hitbox_vs_offsets_uv(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4], int32_t uv[6]);

/* True iff the box moving by (mx, my) (Q16.16, |.| < 2^32: it ends at
 * box + m) touches lp's hit region at some moment: the box swept along the
 * segment against the region, exact (laser_aabb_moving.c). Same fields and
 * ranges as fxl__hitbox_vs_aabb. A fixed hitbox against a moving box is
 * also a moving hitbox (translating only) against a box moving by the
 * difference of the two motions. */
bool fxl__hitbox_vs_moving_aabb(const fxl_laser_prep *lp, fxl_aabb box, int64_t mx, int64_t my);

/* The bounding-box reject of a prepared laser for a box: false when the
 * box cannot reach lp's hit region (lp->bb_*: nothing is rejected when
 * bb_half_x is 0). Conservative: see laser_aabb.c. */
bool fxl__prep_box_near(const fxl_laser_prep *lp, fxl_aabb box);

/* The head of the fused fxl_lasers_vs_aabb's exact test (laser_aabb.c):
 * 3 when a box offset from lp->pos lies outside [-2^30, 2^30), else xy
 * (x0, x1, y0, y1) and puv (P's u range, then its v range) written and 0
 * (no hit), 1 (a hit) or 2 (undecided). For the hitboxes of
 * fxl__laser_hitbox. fxl__box_head is the GBA port's (fast_arm.s, when
 * FXL_PORT_LASERS_VS_CIRCLE), fxl__box_head_c the portable reference. */
int fxl__box_head_c(const fxl_laser_prep *lp, const fxl_aabb *box, int32_t xy[4], int64_t puv[4]);
#if FXL_PORT_LASERS_VS_CIRCLE
int fxl__box_head(const fxl_laser_prep *lp, const fxl_aabb *box, int32_t xy[4], int64_t puv[4]);
#endif

#ifdef FXL_TEST_HOOKS
/* sweep_aabb.c's audit of the turns' skipped start pose (test builds
 * only): with fxl__pose_audit.on, each turn whose exact start pose lies
 * in the table one (pose_in_table) runs that pose's exact test anyway:
 * checked counts them, wrong those where it meets the box. */
typedef struct fxl__pose_audit_t {
    bool on;
    uint32_t checked, wrong;
} fxl__pose_audit_t;
extern fxl__pose_audit_t fxl__pose_audit;
#endif

#endif
