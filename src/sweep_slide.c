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
 * below 2^99 (signed 128 bits), the squared comparison below 2^200 (big.h). */
#include "sweep_parts.h"

#include "big.h"
#include "frame.h"
#include "wide.h"

/* cr^2 <= t^2 len2, for |cr| below 2^99, t below 2^48, len2 below 2^100. */
FXL_ARM_CODE static bool within_segment(fxl__i128 cr, int64_t t, fxl__i128 len2)
{
    fxl__big a, lhs, b, rhs;
    fxl__big_i128(&a, cr);
    fxl__big_mul(&lhs, &a, &a);
    fxl__big_u128(&a, fxl__sq((uint64_t)t));
    fxl__big_i128(&b, len2);
    fxl__big_mul(&rhs, &a, &b);
    return fxl__big_cmp(&lhs, &rhs) <= 0;
}

FXL_ARM_CODE
bool fxl__slide_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax, int32_t ay,
                    int32_t bx, int32_t by, int32_t r)
{
    int64_t ua = fxl__along(c, s, ax, ay), va = fxl__across(c, s, ax, ay);
    int64_t ub = fxl__along(c, s, bx, by), vb = fxl__across(c, s, bx, by);
    int64_t t = ((int64_t)r + lp->round) * 65536, du = ub - ua, dv = vb - va;
    int64_t cu[4], cv[4];
    int k;
    fxl__i128 len2;

    if (t < 0)
        return false;
    if (fxl__frame_test(lp, ua, va, r) || fxl__frame_test(lp, ub, vb, r))
        return true;
    /* Too far on an axis for any point of AB. */
    if (fxl__max64(ua, ub) < lp->u_lo - t || fxl__min64(ua, ub) > lp->u_hi + t ||
        fxl__max64(va, vb) < lp->v_lo - t || fxl__min64(va, vb) > lp->v_hi + t)
        return false;
    if (du == 0 && dv == 0)
        return false;
    cu[0] = cu[1] = lp->u_lo, cu[2] = cu[3] = lp->u_hi;
    cv[0] = cv[2] = lp->v_lo, cv[1] = cv[3] = lp->v_hi;
    /* AB crosses K. */
    if (fxl__max64(ua, ub) >= lp->u_lo && fxl__min64(ua, ub) <= lp->u_hi && fxl__max64(va, vb) >= lp->v_lo &&
        fxl__min64(va, vb) <= lp->v_hi) {
        int pos = 0, neg = 0;
        for (k = 0; k < 4; k++) {
            int side = fxl__cross_sign(du, dv, cu[k] - ua, cv[k] - va);
            pos |= side >= 0;
            neg |= side <= 0;
        }
        if (pos && neg)
            return true;
    }
    /* A corner near an inner point of AB. */
    len2 = fxl__isub(fxl__imul(du, du), fxl__imul(-dv, dv));
    for (k = 0; k < 4; k++) {
        int64_t eu = cu[k] - ua, ev = cv[k] - va;
        fxl__i128 dot = fxl__isub(fxl__imul(eu, du), fxl__imul(-ev, dv));
        if (fxl__isign(dot) <= 0 || fxl__isign(fxl__isub(len2, dot)) <= 0)
            continue;
        if (within_segment(fxl__isub(fxl__imul(du, ev), fxl__imul(dv, eu)), t, len2))
            return true;
    }
    return false;
}
