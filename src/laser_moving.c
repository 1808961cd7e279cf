/* laser_moving.c - a laser that stays put against circles that move over
 * the frame: the sweep's slide with no motion of the beam. */
#include "fixlaser/sweep.h"

/* The prepared laser as a sweep that neither turns nor moves: the pivot is
 * the laser's own frame origin (so the rectangle needs no shift), the end
 * beam is the start beam, and the sweep's batch box is worked out from the
 * rectangle (bb_half 0 says "no box of its own", as fxl_sweep_prepare
 * leaves it). fxl_sweep_vs_moving_circle's step == 0 motion is then the
 * circle sliding straight past the fixed beam: exactly this call's
 * question. */
static fxl_sweep_prep still(const fxl_laser_prep *lp)
{
    fxl_sweep_prep sp;
    sp.from = *lp;
    sp.from.bb_mid = lp->pos;
    sp.from.bb_half_x = sp.from.bb_half_y = 0;
    sp.cos1 = lp->cos;
    sp.sin1 = lp->sin;
    sp.pivot1 = lp->pos;
    sp.half_move = fxl_vec2_make(0, 0);
    sp.step = 0;
    return sp;
}

bool fxl_laser_vs_moving_circle(const fxl_laser_prep *lp, fxl_circle from, fxl_vec2 to)
{
    fxl_sweep_prep sp;
    FXL_ASSERT(lp != NULL);
    sp = still(lp);
    return fxl_sweep_vs_moving_circle(&sp, from, to);
}

size_t fxl_laser_vs_moving_circles(const fxl_laser_prep *lp, const fxl_circle *from,
                                   const fxl_vec2 *to, size_t n, uint32_t *hit_bits)
{
    fxl_sweep_prep sp;
    FXL_ASSERT(lp != NULL);
    sp = still(lp);
    return fxl_sweep_vs_moving_circles(&sp, from, to, n, hit_bits);
}
