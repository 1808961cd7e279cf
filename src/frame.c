/* frame.c - the exact test of a circle against a hitbox in a beam frame.
 *
 * Derivation. With d = p - pos (Q16.16) and the table's (c, s), the circle
 * centre in the beam frame is
 *     u =  c*dx + s*dy   (along the beam)
 *     v = -s*dx + c*dy   (across it)
 * (the rectangle-circle method's along and across distances, with the sign
 * kept), in Q32.32 because c, s and d are Q16.16: nothing is rounded. The
 * hitbox is the rectangle [u_lo, u_hi] x [v_lo, v_hi] grown by `round` in
 * every direction, and the circle touches it iff its centre is within
 * t = r + round of the rectangle:
 *     eu = max(u_lo - u, u - u_hi, 0),  ev = max(v_lo - v, v - v_hi, 0)
 *     hit  <=>  eu^2 + ev^2 <= t^2.
 * This one inequality is the method's three conditions at once (inside the
 * width and within reach along; inside the length and within reach across;
 * the corner): when eu or ev is zero it says the other is at most t, and
 * when both are positive it is the distance to the corner.
 *
 * The frame is a rotation scaled by |(c, s)|, which is 1 within 1.1e-5
 * (tests/test_angle.c checks all 4096 table vectors), so the hitbox in the
 * world is the nominal one scaled about pos by 1/|(c, s)|: within 0.005 px
 * of it on a 200 px beam. That is the quantized beam the contract names.
 *
 * Ranges: in the domain (fixlaser.h) |dx|, |dy| < 2^31, so |u|, |v| < 2^48;
 * the rectangle's bounds are below 2^48 (swept bodies about a far pivot
 * included), so eu, ev < 2^49; t = (r + round) * 2^16 < 2^45. The squares
 * are only formed once eu, ev <= t, and then need 91 bits: wide.h forms
 * them exactly from 32x32-bit products. Every product here is 32x32->64
 * bits: one SMULL on ARM. */
#include "frame.h"

#include "wide.h"

/* Reached only when the circle sits diagonally off a corner, beyond the
 * diamond eu + ev <= t (0 < a, b <= t), so it stays in ROM (outside
 * IWRAM; ARM for its 32x32->64 products): the quick interval test on the
 * top bits (wide.h, deciding most), then the exact 128-bit compare. */
FXL_ARM_CODE FXL_NOINLINE static bool corner_exact(uint64_t a_q32, uint64_t b_q32, uint64_t t_q32)
{
    return fxl__sumsq_le(a_q32, b_q32, t_q32);
}

/* The exact compare has a function of its own: inlined here, its 128-bit
 * sums made this one save nine registers and spill on every call, the
 * quick decision's too. */
FXL_ARM_CODE FXL_NOINLINE bool fxl__corner_hit(uint64_t a_q32, uint64_t b_q32, uint64_t t_q32)
{
    int quick = fxl__sumsq_quick(a_q32, b_q32, t_q32);
    if (quick >= 0)
        return quick != 0;
    return corner_exact(a_q32, b_q32, t_q32);
}

FXL_IWRAM_CODE
bool fxl__frame_test(const fxl_laser_prep *lp, int64_t u_q32, int64_t v_q32, int32_t r)
{
    int64_t t_q32 = ((int64_t)r + lp->round) * 65536;
    int64_t eu_q32 = fxl__beyond(u_q32, lp->u_lo, lp->u_hi);
    int64_t ev_q32 = fxl__beyond(v_q32, lp->v_lo, lp->v_hi);

    if (eu_q32 > t_q32 || ev_q32 > t_q32 || t_q32 < 0)
        return false;
    if (eu_q32 <= 0 || ev_q32 <= 0 || eu_q32 + ev_q32 <= t_q32)
        return true; /* on a side, or inside the diamond eu + ev <= t */
    return fxl__corner_hit((uint64_t)eu_q32, (uint64_t)ev_q32, (uint64_t)t_q32);
}
