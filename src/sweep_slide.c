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
 * function was compiled as Thumb with __aeabi_lmul calls, +3,800).
 * Session 11 (issue 20's tails): the axis reject goes first (it covers
 * the ends' misses too); a slide that stays in one corner's region of K
 * is that corner against the segment, settled on 2^-8 px floors
 * (fxl__slide_point_quick, below) before the end tests; and the corner
 * stage's 128-bit products run only in the band of a filter on the same
 * floors (fxl__slide_corner_quick; its slide part worked out once, at
 * the first corner that needs it, |D|^2 at the first corner it leaves),
 * a capsule's crossing test without its repeated corners. The bench's
 * slide row went from 936 / 4,785 (median / max) to 643 / 2,053; its
 * worst slide (circle 612 near sweep 13's emitter end) from 4,440 to
 * about 1,700: the axis reject about 430 and the point filter about 800
 * (ARM code in ROM runs at about 6 cycles an instruction; the filter as
 * Thumb measured 1,125, a first form in three calls 1,100). The cost:
 * an end hit the end tests took in IWRAM now pays the axis reject and
 * the region check first (fxl_sweep_vs_aabb pose to pose near the box,
 * whose enclosing circle's slides mostly hit at an end: median 2,955 ->
 * about 4,040; far 3,708 -> 3,040). Measured, not kept: the end tests before the region test
 * (that row 3,436, the slide row's max 2,675); the end tests first only
 * outside a corner's region (that row 3,631, but its far twin 3,043 ->
 * 4,176 and the slide row's median 643 -> 1,025: every check in ARM code
 * in ROM costs about 200); an L1 end hit or an axis miss before the
 * point filter (no gain on that row, +150 on the max).
 * Session 12 (issue 20's tails): the point filter tests the line through
 * A and B first (a corner farther than t from the whole line needs no end
 * test), and slide_region takes the ends by pointer with the filter
 * inline (no second call with ten argument words), and a foot surely
 * outside AB takes the nearer end's test alone: the region path of a
 * slide passing a tip 1,100 -> 800 cycles; slide and turn one test max
 * 6,336 -> 5,580 (median 1,452), a moving circle 7,284 -> 6,770, a slide
 * 2,053 -> 1,871. Measured, not kept: the region test inline in
 * fxl__slide_hit on the axis reject's min and max (max 5,605, but every
 * slide's median +28: the bigger function spills before its reject), the
 * axis reject as pairs of compares without min / max (+8 a slide), and
 * the end tests and corners split into a function of their own (medians
 * +60). */
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

/* The corner filter (sweep_parts.h), in units of 2^-8 px: x' =
 * floor(x / 2^24) for each Q32.32 value x, so x lies in [x', x' + 1)
 * 2^24. It takes slides with |du|, |dv|, t below 2^38 (64 px: |du'|,
 * |dv'|, t' <= 2^14) and corners with |eu|, |ev| below 2^39 (|eu'|,
 * |ev'| <= 2^15; the slide's own corners have |eu| <= t + |du| < 2^39);
 * anything larger is left to the exact stage. As in fxl__sweep_psign's
 * proof, x = x' 2^24 + e (0 <= e < 2^24) gives |x y / 2^48 - x' y'| <
 * |x'| + |y'| + 1, so with a = eu', b = ev', c = du', d = dv':
 *   dot / 2^48   within bd = |a| + |b| + |c| + |d| + 2 of dot' = a c + b d,
 *   cross / 2^48 within bd of cr' = c b - d a (cross = du ev - dv eu),
 *   |D|^2 / 2^48 within bl = 2 |c| + 2 |d| + 2 of l' = c^2 + d^2
 * (every bound strict). So dot' + bd <= 0 gives dot < 0, and l' - dot' +
 * bl + bd <= 0 gives |D|^2 - dot < 0 (no inner foot: -1); dot' - bd >= 0
 * and l' - dot' - bl - bd >= 0 make both strictly positive. Then, with
 * the foot inside, |cross| / 2^48 lies in (cl, ch), cl = max(0, |cr'| -
 * bd), ch = |cr'| + bd; |D|^2 / 2^48 in (ll, lh) (ll = max(0, l' - bl),
 * lh = l' + bl > 0) and t / 2^24 in [t', t' + 1): cl^2 >= t1 = (t' + 1)^2
 * lh gives cross^2 > t^2 |D|^2 (-1), ch^2 <= t0 = t'^2 ll gives cross^2 <
 * t^2 |D|^2 (1). Sizes: |a|, |b| <= 2^15 and |c|, |d|, t' <= 2^14, so
 * dot', cr' are at most 2^30 in magnitude, l' at most 2^29, bd below 2^17,
 * every sum of them below 2^31 (int32); ch^2 below 2^61 and t1 below
 * 2^58. The band is a few 2^-8 px of the distance (a relative 2^-8 for a
 * reach of 1 px): the common near-corner cases (a slide of a few pixels
 * past a corner) are decided here, in 32-bit products and two 32x32 ->
 * 64 squares a corner. (A first form with a shift fitted to the values'
 * bit length cost about 500 GBA cycles for the slide's part and 400 a
 * corner: ARM code in ROM runs at about 6 cycles an instruction.)
 * floor(x / 2^24) for a result below 2^31 in magnitude is the low word of
 * the logical shift of x's two's complement (bits 24 .. 55 of x). */
FXL__ALWAYS_INLINE int32_t slide_floor24(int64_t x_q32)
{
    uint32_t lo = (uint32_t)(uint64_t)x_q32, hi = (uint32_t)((uint64_t)x_q32 >> 32);
    return fxl__u2i32((lo >> 24) | (hi << 8));
}

/* -2^39 <= x < 2^39 (2^(32 + k), k = 7; 6 for 2^38): floor(x / 2^32),
 * the high word, in [-2^k, 2^k), so the high word plus 2^k (mod 2^32)
 * below 2^(k + 1); one add and one compare. */
FXL__ALWAYS_INLINE bool slide_small(int64_t x_q32)
{
    return (uint32_t)((uint64_t)x_q32 >> 32) + 0x80u < 0x100u;
}

FXL__ALWAYS_INLINE bool slide_small38(int64_t x_q32)
{
    return (uint32_t)((uint64_t)x_q32 >> 32) + 0x40u < 0x80u;
}

/* The corner question on the floors (a, b) of E and the slide's part
 * (see fxl__slide_corner_quick's derivation above): -1, 0 or 1. */
FXL__ALWAYS_INLINE int slide_corner_core(int32_t a, int32_t b, int32_t c, int32_t d, int32_t l,
                                         int32_t bl, int32_t bdc, uint64_t t1, uint64_t t0)
{
    int32_t dot = a * c + b * d, cr = c * b - d * a;
    int32_t bd = (int32_t)(fxl__abs32(a) + fxl__abs32(b)) + bdc;
    uint32_t acr, cl, ch;
    if (dot + bd <= 0 || l - dot + bl + bd <= 0)
        return -1;
    if (dot - bd < 0 || l - dot - bl - bd < 0)
        return 0;
    acr = fxl__abs32(cr);
    ch = acr + (uint32_t)bd;
    cl = acr > (uint32_t)bd ? acr - (uint32_t)bd : 0u;
    if ((uint64_t)cl * cl >= t1)
        return -1;
    if ((uint64_t)ch * ch <= t0)
        return 1;
    return 0;
}

/* slide_corner_core's line bound alone: cl^2 >= t1 (cross^2 > t^2 |D|^2,
 * see there), on the same floors and sizes. */
FXL__ALWAYS_INLINE bool line_far(int32_t a, int32_t b, int32_t c, int32_t d, int32_t bdc, uint64_t t1)
{
    uint32_t acr = fxl__abs32(c * b - d * a), bd = fxl__abs32(a) + fxl__abs32(b) + (uint32_t)bdc;
    uint32_t cl = acr > bd ? acr - bd : 0u;
    return (uint64_t)cl * cl >= t1;
}

FXL_ARM_CODE FXL_NOINLINE void fxl__slide_quick_init(fxl__slide_quick *q, int64_t du_q32,
                                                    int64_t dv_q32, int64_t t_q32)
{
    const uint64_t lim = (uint64_t)1 << 38;
    int32_t tt, ll;
    q->ok = t_q32 >= 0 && (uint64_t)t_q32 < lim && fxl__abs64(du_q32) < lim &&
            fxl__abs64(dv_q32) < lim;
    if (!q->ok)
        return;
    q->c = slide_floor24(du_q32), q->d = slide_floor24(dv_q32);
    tt = slide_floor24(t_q32);
    q->l = q->c * q->c + q->d * q->d;
    q->bdc = (int32_t)(fxl__abs32(q->c) + fxl__abs32(q->d)) + 2;
    q->bl = 2 * q->bdc - 2;
    ll = q->l > q->bl ? q->l - q->bl : 0;
    q->tt = tt;
    q->t1 = (uint64_t)((uint32_t)(tt + 1) * (uint32_t)(tt + 1)) * (uint32_t)(q->l + q->bl);
    q->t0 = (uint64_t)((uint32_t)tt * (uint32_t)tt) * (uint32_t)ll;
}

FXL_ARM_CODE FXL_NOINLINE int fxl__slide_corner_quick(const fxl__slide_quick *q, int64_t eu_q32,
                                                     int64_t ev_q32)
{
    if (!q->ok || !slide_small(eu_q32) || !slide_small(ev_q32))
        return 0;
    return slide_corner_core(slide_floor24(eu_q32), slide_floor24(ev_q32), q->c, q->d, q->l, q->bl,
                             q->bdc, q->t1, q->t0);
}

/* One end against the point, on the same floors: E = (eu, ev) in [a, a +
 * 1) x [b, b + 1) 2^24 (|a|, |b| <= 2^15), so |E|^2 / 2^48 lies in
 * [lo, hi], lo and hi the sums of the smaller and larger of x'^2 and (x' +
 * 1)^2 per axis (the square of a value in [x', x' + 1) lies between
 * them), each below 2^31 + 2^17 (uint32); t / 2^24 in [t', t' + 1): hi <=
 * t'^2 gives |E| <= t (1), lo >= (t' + 1)^2 gives |E| > t (-1). */
FXL__ALWAYS_INLINE int slide_end_quick(int32_t a, int32_t b, uint32_t t2, uint32_t t21)
{
    uint32_t a0 = (uint32_t)(a * a), a1 = (uint32_t)((a + 1) * (a + 1));
    uint32_t b0 = (uint32_t)(b * b), b1 = (uint32_t)((b + 1) * (b + 1));
    uint32_t lo = (a < 0 ? a1 : a0) + (b < 0 ? b1 : b0), hi = (a < 0 ? a0 : a1) + (b < 0 ? b0 : b1);
    return hi <= t2 ? 1 : lo >= t21 ? -1 : 0;
}

/* The point question (sweep_parts.h), in one pass (a first form through
 * fxl__slide_quick_init and fxl__slide_corner_quick cost about 1,100 GBA
 * cycles): the limits on the high words, the floors once, the two ends,
 * E_A = C - A and E_B = C - B = E_A - D (both below 2^39 on each axis,
 * else undecided), then the corner question; -1 only when all three
 * surely fail. */
FXL__ALWAYS_INLINE int slide_point_body(int64_t eu_q32, int64_t ev_q32, int64_t du_q32, int64_t dv_q32,
                                         int64_t t_q32)
{
    int64_t fu_q32, fv_q32;
    int32_t a, b, c, d, tt, l, bdc, bl, ll, dot, bd;
    uint32_t t2, t21;
    int ra, rb;
    if (t_q32 < 0 || !slide_small38(t_q32) || !slide_small38(du_q32) || !slide_small38(dv_q32) ||
        !slide_small(eu_q32) || !slide_small(ev_q32))
        return 0;
    tt = slide_floor24(t_q32);
    /* t' < 2^14: both squares below 2^29 */
    t2 = (uint32_t)(tt * tt), t21 = (uint32_t)((tt + 1) * (tt + 1));
    a = slide_floor24(eu_q32), b = slide_floor24(ev_q32);
    c = slide_floor24(du_q32), d = slide_floor24(dv_q32);
    l = c * c + d * d;
    bdc = (int32_t)(fxl__abs32(c) + fxl__abs32(d)) + 2;
    bl = 2 * bdc - 2;
    /* The line first (issue 20's tails: a circle passing a tip, both ends
     * just beyond t, took both end tests before this): slide_corner_core's
     * bound cl^2 >= t1 says cross^2 > t^2 |D|^2 whatever dot is, that is
     * C lies farther than t from the whole line through A and B (cl^2 >=
     * t1 >= lh > 0 gives cross != 0, so D != 0), hence from every point
     * of the segment, its ends included: a sure miss, no end test needed.
     * The same sizes as there (|a|, |b| <= 2^15, |c|, |d| <= 2^14). */
    if (line_far(a, b, c, d, bdc, (uint64_t)t21 * (uint32_t)(l + bl)))
        return -1;
    fu_q32 = eu_q32 - du_q32, fv_q32 = ev_q32 - dv_q32; /* below 2^40 in magnitude */
    if (!slide_small(fu_q32) || !slide_small(fv_q32))
        return 0;
    /* The foot surely outside AB (slide_corner_core's first bounds: dot <
     * 0, or |D|^2 - dot < 0): the point of the closed segment nearest to C
     * is then A (or B), so the answer is that end's alone (one end test,
     * not two). */
    dot = a * c + b * d;
    bd = (int32_t)(fxl__abs32(a) + fxl__abs32(b)) + bdc;
    if (dot + bd <= 0)
        return slide_end_quick(a, b, t2, t21);
    if (l - dot + bl + bd <= 0)
        return slide_end_quick(slide_floor24(fu_q32), slide_floor24(fv_q32), t2, t21);
    ra = slide_end_quick(a, b, t2, t21);
    if (ra > 0)
        return 1;
    rb = slide_end_quick(slide_floor24(fu_q32), slide_floor24(fv_q32), t2, t21);
    if (rb > 0)
        return 1;
    ll = l > bl ? l - bl : 0;
    switch (slide_corner_core(a, b, c, d, l, bl, bdc, (uint64_t)t21 * (uint32_t)(l + bl),
                              (uint64_t)t2 * (uint32_t)ll)) {
    case 1: return 1;
    case -1: return ra < 0 && rb < 0 ? -1 : 0;
    default: return 0;
    }
}

FXL_ARM_CODE FXL_NOINLINE int fxl__slide_point_quick(int64_t eu_q32, int64_t ev_q32, int64_t du_q32,
                                                    int64_t dv_q32, int64_t t_q32)
{
    return slide_point_body(eu_q32, ev_q32, du_q32, dv_q32, t_q32);
}

/* A slide that stays in one corner's region of K (issue 20's tails: a
 * circle passing a beam's tip, whose end tests alone cost about 770 GBA
 * cycles): the nearest point of K to a frame point P is (clamp(u_P, u_lo,
 * u_hi), clamp(v_P, v_lo, v_hi)); when A and B both have u >= u_hi (or
 * both u <= u_lo, or u_lo = u_hi) the u clamp is the same constant for
 * every P of AB (a half plane is convex), and likewise for v, so every
 * point of AB has the same nearest point C and the slide hits iff the
 * closed segment AB comes within t of C: fxl__slide_point_quick's
 * question, which settles most such slides. 1 hit, -1 miss, 0 not
 * settled here. */
FXL_ARM_CODE FXL_NOINLINE static int slide_region(const fxl_laser_prep *lp, const int64_t *ends_q32,
                                                  int64_t t_q32)
{
    int64_t ua_q32 = ends_q32[0], va_q32 = ends_q32[1], ub_q32 = ends_q32[2], vb_q32 = ends_q32[3];
    int64_t cu_q32, cv_q32;
    if (ua_q32 >= lp->u_hi && ub_q32 >= lp->u_hi)
        cu_q32 = lp->u_hi;
    else if ((ua_q32 <= lp->u_lo && ub_q32 <= lp->u_lo) || lp->u_lo == lp->u_hi)
        cu_q32 = lp->u_lo;
    else
        return 0;
    if (va_q32 >= lp->v_hi && vb_q32 >= lp->v_hi)
        cv_q32 = lp->v_hi;
    else if ((va_q32 <= lp->v_lo && vb_q32 <= lp->v_lo) || lp->v_lo == lp->v_hi)
        cv_q32 = lp->v_lo;
    else
        return 0;
    return slide_point_body(cu_q32 - ua_q32, cv_q32 - va_q32, ub_q32 - ua_q32, vb_q32 - va_q32,
                            t_q32);
}

FXL_ARM_CODE
bool fxl__slide_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax, int32_t ay,
                    int32_t bx, int32_t by, int32_t r)
{
    int64_t ua_q32 = fxl__along(c, s, ax, ay), va_q32 = fxl__across(c, s, ax, ay);
    int64_t ub_q32 = fxl__along(c, s, bx, by), vb_q32 = fxl__across(c, s, bx, by);
    int64_t t_q32 = ((int64_t)r + lp->round) * 65536;
    int64_t du_q32 = ub_q32 - ua_q32, dv_q32 = vb_q32 - va_q32;
    int64_t cu_q32[4], cv_q32[4], ends_q32[4];
    int k;
    fxl__i128 len2_q64;
    fxl__slide_quick sq;
    bool len2_done = false, sq_done = false;

    if (t_q32 < 0)
        return false;
    /* Too far on an axis for any point of AB (the ends included). */
    if (fxl__max64(ua_q32, ub_q32) < lp->u_lo - t_q32 ||
        fxl__min64(ua_q32, ub_q32) > lp->u_hi + t_q32 ||
        fxl__max64(va_q32, vb_q32) < lp->v_lo - t_q32 ||
        fxl__min64(va_q32, vb_q32) > lp->v_hi + t_q32)
        return false;
    ends_q32[0] = ua_q32, ends_q32[1] = va_q32, ends_q32[2] = ub_q32, ends_q32[3] = vb_q32;
    k = slide_region(lp, ends_q32, t_q32);
    if (k != 0)
        return k > 0;
    if (fxl__frame_test(lp, ua_q32, va_q32, r) || fxl__frame_test(lp, ub_q32, vb_q32, r))
        return true;
    if (du_q32 == 0 && dv_q32 == 0)
        return false;
    cu_q32[0] = cu_q32[1] = lp->u_lo, cu_q32[2] = cu_q32[3] = lp->u_hi;
    cv_q32[0] = cv_q32[2] = lp->v_lo, cv_q32[1] = cv_q32[3] = lp->v_hi;
    /* AB crosses K. */
    if (fxl__max64(ua_q32, ub_q32) >= lp->u_lo && fxl__min64(ua_q32, ub_q32) <= lp->u_hi &&
        fxl__max64(va_q32, vb_q32) >= lp->v_lo && fxl__min64(va_q32, vb_q32) <= lp->v_hi) {
        int pos = 0, neg = 0;
        for (k = 0; k < 4; k++) {
            int side;
            /* A repeated corner (a capsule's core is a segment): its side
             * again (issue 20's tails: a capsule's tip took four signs). */
            if (((k & 1) != 0 && lp->v_lo == lp->v_hi) || ((k & 2) != 0 && lp->u_lo == lp->u_hi))
                continue;
            side = fxl__sweep_psign(du_q32, cv_q32[k] - va_q32, dv_q32, cu_q32[k] - ua_q32);
            pos |= side >= 0;
            neg |= side <= 0;
        }
        if (pos && neg)
            return true;
    }
    /* A corner near an inner point of AB. */
    len2_q64.hi = 0, len2_q64.lo = 0;
    for (k = 0; k < 4; k++) {
        int64_t eu_q32 = cu_q32[k] - ua_q32, ev_q32 = cv_q32[k] - va_q32;
        fxl__i128 dot_q64;
        int quick;
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
        /* The 64-bit filter first; the 128-bit products only in its band. */
        if (!sq_done) /* once, at the first corner that needs it */
            fxl__slide_quick_init(&sq, du_q32, dv_q32, t_q32), sq_done = true;
        quick = fxl__slide_corner_quick(&sq, eu_q32, ev_q32);
        if (quick != 0) {
            if (quick > 0)
                return true;
            continue;
        }
        /* |D|^2 once, at the first corner the filter leaves (len2_done). */
        if (!len2_done)
            len2_q64 = fxl__isub(fxl__imul(du_q32, du_q32), fxl__imul(-dv_q32, dv_q32)), len2_done = true;
        dot_q64 = fxl__isub(fxl__imul(eu_q32, du_q32), fxl__imul(-ev_q32, dv_q32));
        if (fxl__isign(dot_q64) <= 0 || fxl__isign(fxl__isub(len2_q64, dot_q64)) <= 0)
            continue;
        if (within_segment(fxl__isub(fxl__imul(du_q32, ev_q32), fxl__imul(dv_q32, eu_q32)), t_q32,
                           len2_q64))
            return true;
    }
    return false;
}
