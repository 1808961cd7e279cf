/* sweep_parts.h - internal: the exact pieces of a swept test that run only
 * when the cheap rejects of sweep.c cannot decide (kept out of IWRAM):
 * the middle of a turn (sweep_turn.c) and a slide (sweep_slide.c). */
#ifndef FXL_SWEEP_PARTS_H
#define FXL_SWEEP_PARTS_H

#include "fixlaser/sweep.h"

/* The middle of a turn: true iff the circle of radius r at offset q = (qx,
 * qy) from the pivot (Q16.16) touches the beam turned rigidly through the
 * closed arc between the table directions of sp->from and sp->to (the
 * region M of sweep_turn.c). (u0, v0), (u1, v1) are q's frame coordinates
 * in the two table frames (Q32.32). Call only when neither end beam hits. */
bool fxl__turn_middle(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, int64_t u0_q32,
                      int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t r);

/* A bounding box of the whole motion of sp as fxl__near_box's middle and
 * half-extents (Q16.16); false when it has none (the reach or the box too
 * large for the 32-bit reject). About a thousand cycles on the GBA: worked
 * out once per batch call, not in the preparation. */
bool fxl__sweep_box(const fxl_sweep_prep *sp, uint32_t *mx, uint32_t *my, uint32_t *hx,
                    uint32_t *hy);

/* A slide: true iff the circle of radius r whose offset from the beam's
 * reference point moves straight from a to b (Q16.16) touches the hitbox
 * rectangle of lp (and its round) in the frame of the table vector (c, s)
 * at some point of the way. lp's pos, cos and sin are not used. */
bool fxl__slide_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax, int32_t ay,
                    int32_t bx, int32_t by, int32_t r);

#endif
