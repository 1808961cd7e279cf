/* sweep_slide.c - a slide, exactly: the circle's centre moves straight
 * from A to B relative to a beam that keeps its frame, and the question is
 * whether the segment AB comes within t = round + r of the rectangle K.
 *
 * The distance between a segment and a convex polygon is reached at an end
 * of the segment or at a corner of the polygon (unless they cross): so
 *     hit  <=>  A or B within t of K  (the static test at each end)
 *           or  AB crosses K
 *           or  some corner C of K is within t of AB at an inner point.
 * "AB crosses K" is the separating-axis test for a segment and a box: the x
 * and y extents overlap and the corners do not all lie strictly on one side
 * of AB's line. A corner's foot falls inside AB iff 0 < (C - A).D < |D|^2
 * (D = B - A), and then its distance is |cross(D, C - A)| / |D|, compared
 * through squares. Frame coordinates are below 2^49, cross and dot products
 * below 2^99 (signed 128 bits), the squared comparison below 2^200 (big.h).
 *
 * Costs (issue 20, GBA bench ROM, ARM in ROM): a slide that reaches the
 * corners (2 of the 4,096 samples of the slide row, which set its max)
 * spends about 700 cycles in the two end tests, 600 on the axis checks and
 * about 2,150 in the corner stage (its 128-bit products: |D|^2, each
 * corner's dot and cross) plus 1,080 in within_segment's quick filter. Measured
 * slower, not kept: the corners' foot tests through fxl__sweep_psign or an
 * inline 2^16-split 32-bit filter, |D|^2 only when needed, and a 46-bit
 * split of the products (medians -1 %, the worst sample +250 to +600: the
 * bigger function spills; a split helper GCC did not inline into this ARM
 * function was compiled as Thumb with __aeabi_lmul calls, +3,800). */
#include "sweep_parts.h"

#include "big.h"
#include "frame.h"
#include "wide.h"

/* cr^2 <= t^2 len2, for |cr| below 2^99, 0 <= t below 2^48, 0 < len2 below
 * 2^100. Filtered first (issue 20: the 256-bit products only in a thin
 * band): fxl__sweep_sq_le_quick on the top bits of the three (no square
 * root: the former filter's 64-bit root of len2 was a digit loop, over a
 * thousand GBA cycles in ROM). Only cr^2 within about 3 2^-20 of t^2 len2
 * takes the exact test. */
FXL_ARM_CODE static bool within_segment(fxl__i128 cr_q64, int64_t t_q32, fxl__i128 len2_q64)
{
    fxl__big a, lhs, b, rhs;
    int quick = fxl__sweep_sq_le_quick(fxl__iabs(cr_q64), (uint64_t)t_q32, fxl__i128_bits(len2_q64));
    if (quick != 0)
        return quick > 0;
    fxl__big_i128(&a, cr_q64);
    fxl__big_mul(&lhs, &a, &a);
    fxl__big_u128(&a, fxl__sq((uint64_t)t_q32));
    fxl__big_i128(&b, len2_q64);
    fxl__big_mul(&rhs, &a, &b);
    return fxl__big_cmp(&lhs, &rhs) <= 0;
}

FXL_ARM_CODE
bool fxl__slide_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax, int32_t ay,
                    int32_t bx, int32_t by, int32_t r)
{
    int64_t ua_q32 = fxl__along(c, s, ax, ay), va_q32 = fxl__across(c, s, ax, ay);
    int64_t ub_q32 = fxl__along(c, s, bx, by), vb_q32 = fxl__across(c, s, bx, by);
    int64_t t_q32 = ((int64_t)r + lp->round) * 65536;
    int64_t du_q32 = ub_q32 - ua_q32, dv_q32 = vb_q32 - va_q32;
    int64_t cu_q32[4], cv_q32[4];
    int k;
    fxl__i128 len2_q64;

    if (t_q32 < 0)
        return false;
    if (fxl__frame_test(lp, ua_q32, va_q32, r) || fxl__frame_test(lp, ub_q32, vb_q32, r))
        return true;
    /* Too far on an axis for any point of AB. */
    if (fxl__max64(ua_q32, ub_q32) < lp->u_lo - t_q32 ||
        fxl__min64(ua_q32, ub_q32) > lp->u_hi + t_q32 ||
        fxl__max64(va_q32, vb_q32) < lp->v_lo - t_q32 ||
        fxl__min64(va_q32, vb_q32) > lp->v_hi + t_q32)
        return false;
    if (du_q32 == 0 && dv_q32 == 0)
        return false;
    cu_q32[0] = cu_q32[1] = lp->u_lo, cu_q32[2] = cu_q32[3] = lp->u_hi;
    cv_q32[0] = cv_q32[2] = lp->v_lo, cv_q32[1] = cv_q32[3] = lp->v_hi;
    /* AB crosses K. */
    if (fxl__max64(ua_q32, ub_q32) >= lp->u_lo && fxl__min64(ua_q32, ub_q32) <= lp->u_hi &&
        fxl__max64(va_q32, vb_q32) >= lp->v_lo && fxl__min64(va_q32, vb_q32) <= lp->v_hi) {
        int pos = 0, neg = 0;
        for (k = 0; k < 4; k++) {
            int side = fxl__sweep_psign(du_q32, cv_q32[k] - va_q32, dv_q32, cu_q32[k] - ua_q32);
            pos |= side >= 0;
            neg |= side <= 0;
        }
        if (pos && neg)
            return true;
    }
    /* A corner near an inner point of AB. */
    len2_q64 = fxl__isub(fxl__imul(du_q32, du_q32), fxl__imul(-dv_q32, dv_q32));
    for (k = 0; k < 4; k++) {
        int64_t eu_q32 = cu_q32[k] - ua_q32, ev_q32 = cv_q32[k] - va_q32;
        fxl__i128 dot_q64;
        /* A repeated corner (a capsule's core is a segment, v_lo = v_hi):
         * once is enough (issue 20's tails: its 128-bit products again). */
        if (((k & 1) != 0 && lp->v_lo == lp->v_hi) || ((k & 2) != 0 && lp->u_lo == lp->u_hi))
            continue;
        /* Every point P of AB lies within |du|, |dv| of A per axis, so a
         * corner farther than t + that from A on an axis is farther than t
         * from every P (all below 2^51: no overflow). */
        if (fxl__abs64(eu_q32) > (uint64_t)t_q32 + fxl__abs64(du_q32) ||
            fxl__abs64(ev_q32) > (uint64_t)t_q32 + fxl__abs64(dv_q32))
            continue;
        dot_q64 = fxl__isub(fxl__imul(eu_q32, du_q32), fxl__imul(-ev_q32, dv_q32));
        if (fxl__isign(dot_q64) <= 0 || fxl__isign(fxl__isub(len2_q64, dot_q64)) <= 0)
            continue;
        if (within_segment(fxl__isub(fxl__imul(du_q32, ev_q32), fxl__imul(dv_q32, eu_q32)), t_q32,
                           len2_q64))
            return true;
    }
    return false;
}
