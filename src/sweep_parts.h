/* sweep_parts.h - internal: the exact pieces of a swept test that run only
 * when the cheap rejects of sweep.c cannot decide (kept out of IWRAM):
 * the middle of a turn (sweep_turn.c) and a slide (sweep_slide.c). */
#ifndef FXL_SWEEP_PARTS_H
#define FXL_SWEEP_PARTS_H

#include "fixlaser/sweep.h"

#include "wide.h"

/* sign(a b - c d), exactly, for any int64 values below 2^62 in magnitude:
 * a filter in 32x32 -> 64 products first (issue 20's bounded tails; the
 * 128-bit products of fxl__cross_sign only in a thin band).
 *
 * Proof. All four below 2^31 in magnitude: each product is below 2^62,
 * their difference below 2^63, exact in int64. All four below 2^51: with
 * x' = floor(x / 2^20) (so -2^31 <= x' < 2^31 and x = x' 2^20 + e,
 * 0 <= e < 2^20), x y = x' y' 2^40 + (x' e_y + e_x y') 2^20 + e_x e_y, so
 * |x y / 2^40 - x' y'| < |x'| + |y'| + 1. D' = a' b' - c' d' (each product
 * at most 2^62 in size, their difference below 2^63: no overflow) is then
 * within B = |a'| + |b'| + |c'| + |d'| + 2 of D / 2^40, D = a b - c d: D' >= B gives D > 0, D' <= -B gives D
 * < 0. Otherwise (or a value of 2^51 or more) the exact 128-bit sign.
 * (Callers' values: frame values and bounds, below 2^50.) */
static inline int32_t fxl__sweep_hi20(int64_t x)
{
    /* floor(x / 2^20) for |x| < 2^51: the low word of the shifted bits
     * is the value's two's complement (no shift of a negative number). */
    return fxl__u2i32((uint32_t)((uint64_t)x >> 20));
}

FXL_ARM_CODE static inline int fxl__sweep_psign(int64_t a, int64_t b, int64_t c, int64_t d)
{
    uint64_t m;
    /* A zero factor (the initial 0/1 of a clip, a corner on an axis): the
     * other product's sign, exactly. */
    if (a == 0 || b == 0)
        return -(fxl__sign64(c) * fxl__sign64(d));
    if (c == 0 || d == 0)
        return fxl__sign64(a) * fxl__sign64(b);
    m = fxl__abs64(a) | fxl__abs64(b) | fxl__abs64(c) | fxl__abs64(d);
    if (m < ((uint64_t)1 << 31)) {
        int64_t e = a * b - c * d;
        return e > 0 ? 1 : e < 0 ? -1 : 0;
    }
    if (m < ((uint64_t)1 << 51)) {
        int32_t a1 = fxl__sweep_hi20(a), b1 = fxl__sweep_hi20(b);
        int32_t c1 = fxl__sweep_hi20(c), d1 = fxl__sweep_hi20(d);
        int64_t e = (int64_t)a1 * b1 - (int64_t)c1 * d1;
        int64_t bound = (int64_t)fxl__abs32(a1) + fxl__abs32(b1) + fxl__abs32(c1) +
                        fxl__abs32(d1) + 2;
        if (e >= bound)
            return 1;
        if (e <= -bound)
            return -1;
    }
    return fxl__isign(fxl__isub(fxl__imul(a, b), fxl__imul(c, d)));
}

/* v = m 2^e + rest (0 <= rest < 2^e) with m < 2^k, 1 <= k <= 31: v's top
 * k bits (e = 0 and m = v below 2^k). */
static inline uint32_t fxl__sweep_topk(fxl__u128 v, unsigned k, unsigned *e)
{
    unsigned n = v.hi != 0 ? 128u - fxl__clz64(v.hi) : 64u - fxl__clz64(v.lo); /* bit length */
    if (n <= k) {
        *e = 0;
        return (uint32_t)v.lo;
    }
    *e = n - k; /* 1 .. 127 */
    return (uint32_t)(*e >= 64 ? v.hi >> (*e - 64u) : (v.lo >> *e) | (v.hi << (64u - *e)));
}

/* Is x^2 <= t^2 l? On top bits only (issue 20's bounded tails: no square
 * root, no 256-bit product): 1 surely yes, -1 surely no, 0 the band that
 * only an exact compare settles. Any x, l below 2^127 and any t.
 * Proof. With X the top 31 bits of x (x in [X, X + 1) 2^a), T the top 20
 * of t (t in [T, T + 1) 2^c) and L the top 21 of l (l in [L, L + 1) 2^b):
 * x^2 < (X + 1)^2 2^2a and t^2 l >= T^2 L 2^(2c + b), so (X + 1)^2 2^2a <=
 * T^2 L 2^(2c + b) gives x^2 < t^2 l; x^2 >= X^2 2^2a and t^2 l < (T +
 * 1)^2 (L + 1) 2^(2c + b), so X^2 2^2a > (T + 1)^2 (L + 1) 2^(2c + b)
 * gives x^2 > t^2 l. Every product is at most 2^62 (2^61 for the last),
 * below fxl__cmp_scaled's 2^63; the band is about 3 2^-20 of t^2 l. */
static inline int fxl__sweep_sq_le_quick(fxl__u128 x, uint64_t t, fxl__u128 l)
{
    unsigned a, b, c;
    fxl__u128 tt;
    uint64_t xm, tm, lm;
    tt.hi = 0, tt.lo = t;
    xm = fxl__sweep_topk(x, 31, &a);
    tm = fxl__sweep_topk(tt, 20, &c);
    lm = fxl__sweep_topk(l, 21, &b);
    if (fxl__cmp_scaled((xm + 1u) * (xm + 1u), 2u * a, tm * tm * lm, 2u * c + b) <= 0)
        return 1;
    if (fxl__cmp_scaled(xm * xm, 2u * a, (tm + 1u) * (tm + 1u) * (lm + 1u), 2u * c + b) > 0)
        return -1;
    return 0;
}

/* floor(sqrt(n 2^30)) for a table vector's n = c^2 + s^2 < 2^33, as
 * fxl__isqrt64 but in a few 32x32 -> 64 products when n is within 2^17 of
 * 2^32, as every table vector's is (issue 20's tails: the 64-bit digit
 * loop costs about 2,150 GBA cycles). With n = 2^32 + d, |d| < 2^17:
 * sqrt(n 2^30) = 2^31 sqrt(1 + d / 2^32) lies in (2^31 + d / 4 - 1 / 4,
 * 2^31 + d / 4] (sqrt(1 + x) in (1 + x / 2 - x^2 / 8 - 2^-40, 1 + x / 2]
 * for |x| < 2^-15, and 2^31 (d / 2^32)^2 / 8 < 1 / 4), so its floor is
 * floor(d / 4) or one below: g = 2^31 + floor(d / 4) + 1 stepped down
 * while g^2 > n 2^30 (g < 2^32, n 2^30 < 2^63) ends on it. */
static inline uint32_t fxl__sweep_isqrt_n30(uint64_t n)
{
    int64_t d = (int64_t)n - ((int64_t)1 << 32);
    uint32_t g;
    if (d <= -((int64_t)1 << 17) || d >= ((int64_t)1 << 17))
        return fxl__isqrt64(n << 30);
    g = (uint32_t)(((int64_t)1 << 31) + fxl__floor_shift(d, 2) + 1);
    while ((uint64_t)g * g > (n << 30))
        g--;
    return g;
}

/* Bounds on sqrt(x) for 0 <= x < 2^127 from a 32-bit root (issue 20's
 * tails: fxl__isqrt32 is about 670 GBA cycles, fxl__isqrt64 2,150): with
 * e even and x >> e < 2^32 (e = 0 below 2^32, else x's bit length minus
 * 32 rounded up to even) and r = isqrt32(x >> e), sqrt(x) lies in [r 2^h,
 * (r + 1) 2^h), h = e / 2 (x in [top, top + 1) 2^e, r^2 <= top < (r +
 * 1)^2). For e > 0, top >= 2^30 and r >= 2^15: 2^-15 of the root wide. */
static inline uint32_t fxl__sweep_root32(fxl__u128 x, unsigned *h)
{
    unsigned n = x.hi != 0 ? 128u - fxl__clz64(x.hi) : 64u - fxl__clz64(x.lo), e;
    e = n <= 32u ? 0u : (n - 31u) & ~1u; /* n - 32 rounded up to even */
    *h = e / 2u;
    return fxl__isqrt32((uint32_t)(e == 0 ? x.lo : e >= 64 ? x.hi >> (e - 64u)
                                                          : (x.lo >> e) | (x.hi << (64u - e))));
}

/* sweep_turn.c's far_miss on scalars (its proof there) in 32-bit words
 * (session 14; the 64-bit form it replaced is tests/test_sweep.c's
 * ref_turn_far_core64): the same test, the same bounds, so the same
 * answers while every value is below 2^43 in magnitude; from 2^43 on this
 * form takes no filter (the 64-bit one still filtered a floor below 2^43
 * + 2^28): only stricter, never a wrong miss. tests/test_sweep.c's
 * far_core_words compares the two. sweep.c's quick_miss and
 * sweep_turn.c's far_miss call this one. */

/* floor(x / 2^28) of a Q32.32 value, from its two words (no 64-bit
 * shift), through *f; true when |x| <= 2^43 - 1 or x = -2^43 (the high
 * word in [-2^11, 2^11): then floor(x / 2^28) lies in [-2^15, 2^15), the
 * shifted words are its two's complement). */
static inline bool fxl__sweep_u28(int64_t x, int32_t *f)
{
    uint64_t w = (uint64_t)x;
    uint32_t hi = (uint32_t)(w >> 32);
    *f = fxl__u2i32((hi << 4) | ((uint32_t)w >> 28));
    return hi + 0x800u < 0x1000u;
}

/* ceil(|x| / 2^28) and floor(|x| / 2^28) from f = floor(x / 2^28) and
 * x's low 28 bits being nonzero (nz, 0 or 1), exactly: for x >= 0 they
 * are f + nz and f; for x < 0, |x| / 2^28 lies in [-f - 1, -f) when nz
 * (else it is -f), so they are -f and -f - nz. */
static inline uint32_t fxl__sweep_ceil28(int32_t f, uint32_t nz)
{
    return f >= 0 ? (uint32_t)f + nz : 0u - (uint32_t)f;
}

static inline uint32_t fxl__sweep_floor28(int32_t f, uint32_t nz)
{
    return f >= 0 ? (uint32_t)f : 0u - (uint32_t)f - nz;
}

static inline bool fxl__turn_far_core32(int32_t step, int32_t qx, int32_t qy, uint64_t q2,
                                      int64_t b0, int64_t b1, int64_t t, int64_t u0, int64_t v0,
                                      int64_t u1, int64_t v1)
{
    /* The same bounds as the 64-bit form (issue 20's tails: its 64-bit
     * shifts and compares cost about 120 GBA cycles more in ROM),
     * in 32-bit words: each value's floor(x / 2^28) from its two words
     * (fxl__sweep_u28), its ceiling and floor of |x| / 2^28 exact
     * (fxl__sweep_ceil28, fxl__sweep_floor28), and the 2^15 limit as the
     * words' range (a value of 2^43 exactly now takes no filter: only
     * stricter). */
    const uint32_t lim = (uint32_t)1 << 15, low = ((uint32_t)1 << 28) - 1u;
    uint32_t hi, lo, rh, bh, th, tl, r2w, b2, lw, uw, vw;
    int32_t fb0, fb1, ft, fu, fv;
    int64_t l;
    if (step < -1024 || step > 1024)
        return false;
    if (fxl__sign64(v0) * fxl__sign64(v1) <= 0)
        return false;
    hi = fxl__abs32(qx), lo = fxl__abs32(qy);
    if (hi < lo)
        rh = hi, hi = lo, lo = rh;
    /* hi + (lo + 1) / 2 + 4095 < 2^31 + 2^30 + 2^13: no wrap */
    rh = (hi + (lo + 1u) / 2u + 4095u) >> 12;
    if (!fxl__sweep_u28(b0, &fb0) || !fxl__sweep_u28(b1, &fb1) || !fxl__sweep_u28(t, &ft))
        return false;
    bh = fxl__sweep_ceil28(fb0, ((uint32_t)b0 & low) != 0u ? 1u : 0u);
    th = fxl__sweep_ceil28(fb1, ((uint32_t)b1 & low) != 0u ? 1u : 0u);
    bh = bh > th ? bh : th; /* ceil(max(|b0|, |b1|) / 2^28) */
    th = fxl__sweep_ceil28(ft, ((uint32_t)t & low) != 0u ? 1u : 0u);
    tl = fxl__sweep_floor28(ft, ((uint32_t)t & low) != 0u ? 1u : 0u);
    if (rh > lim || th > lim || bh > lim)
        return false;
    /* From here in 32x32 -> 64 products (a single UMULL each on ARM): rh,
     * th, tl, bh at most 2^15, so r2 <= R^2 / U^2 <= 2^30 and 0 < L < 2^31. */
    r2w = (uint32_t)(q2 >> 24);
    b2 = bh * bh;
    if (r2w <= th * th)
        return false;
    l = (int64_t)((uint64_t)r2w + (uint64_t)(tl * tl)) - (int64_t)(2u * (uint64_t)th * rh + b2);
    if (l <= 0)
        return false;
    lw = (uint32_t)l;
    if (!fxl__sweep_u28(u0, &fu) || !fxl__sweep_u28(v0, &fv))
        return false;
    uw = fxl__sweep_ceil28(fu, ((uint32_t)u0 & low) != 0u ? 1u : 0u);
    vw = fxl__sweep_floor28(fv, ((uint32_t)v0 & low) != 0u ? 1u : 0u);
    if (uw > lim || vw > lim)
        return false;
    if ((uint64_t)(vw * vw) * lw <= (uint64_t)b2 * (uw * uw))
        return false;
    if (!fxl__sweep_u28(u1, &fu) || !fxl__sweep_u28(v1, &fv))
        return false;
    uw = fxl__sweep_ceil28(fu, ((uint32_t)u1 & low) != 0u ? 1u : 0u);
    vw = fxl__sweep_floor28(fv, ((uint32_t)v1 & low) != 0u ? 1u : 0u);
    if (uw > lim || vw > lim)
        return false;
    return (uint64_t)(vw * vw) * lw > (uint64_t)b2 * (uw * uw);
}

/* sweep.c's ends_far (turn_far's first reject) in 32-bit compares of
 * values in 1/256 px (session 15; issue 20's tails: the 64-bit bounds and
 * compares, with their spills, cost every turn that gets past them about
 * 600 GBA cycles in ROM). A weaker reject, never a wrong one: true only
 * when ends_far is true. Inputs as turn_hit's: frame values u_i, v_i below
 * 2^49, the rectangle's bounds below 2^50, |t| below 2^48 (Q32.32), qx,
 * qy the offset (Q16.16), m = |qx| + |qy| + 1 (arc_margin).
 * Proof. P(x) = floor(x / 2^24) (exact in int32 below 2^55). For any a,
 * b: P(a + b) <= P(a) + P(b) + 1 and P(a - b) >= P(a) - P(b) - 1 (the
 * remainders' sum or difference is within one step), P(max(x, 0)) =
 * max(P(x), 0), P(min(x, 0)) = min(P(x), 0), and P(m) + 1 <= M =
 * P(|qx|) + P(|qy|) + 2 (three remainders below 2 2^24). So with hv =
 * max(v_hi + t, 0) + m (ends_far's), P(hv) <= H = max(P(v_hi) + P(t) +
 * 1, 0) + M; and with lv = min(v_lo - t, 0) - m, P(lv) >= L = min(P(v_lo)
 * - P(t) - 1, 0) - M. P(x) > H gives x >= (P(hv) + 1) 2^24 > hv; P(x) < L
 * gives x < (P(x) + 1) 2^24 <= P(lv) 2^24 <= lv: each compare here
 * implies ends_far's (the same along with u). Every value is below 2^27
 * in magnitude: no overflow. tests/test_sweep.c's ends_far_words audits
 * it against the 64-bit form. */
static inline int32_t fxl__sweep_p24(int64_t x)
{
    return fxl__u2i32((uint32_t)((uint64_t)x >> 24));
}

/* One axis of fxl__sweep_ends_far256: both ends' words a, b (1/256 px)
 * beyond the box [lo, hi] (its words plo = P(lo), phi = P(hi)) grown by
 * pt + m on the same side. */
static inline bool fxl__sweep_far_axis256(int32_t a, int32_t b, int32_t plo, int32_t phi,
                                          int32_t pt, int32_t m)
{
    int32_t h = phi + pt, l = plo - pt;
    h = (h > 0 ? h : 0) + m;
    if (a > h && b > h)
        return true;
    l = (l < 0 ? l : 0) - m;
    return a < l && b < l;
}

/* pt = P(t) + 1 and M of the proof above, from t and the offset. */
static inline int32_t fxl__sweep_pt256(int64_t t)
{
    return fxl__sweep_p24(t) + 1;
}

static inline int32_t fxl__sweep_m256(int32_t qx, int32_t qy)
{
    return (int32_t)(fxl__abs32(qx) >> 24) + (int32_t)(fxl__abs32(qy) >> 24) + 2;
}

static inline bool fxl__sweep_ends_far256(int64_t u0, int64_t v0, int64_t u1, int64_t v1,
                                          int64_t ulo, int64_t uhi, int64_t vlo, int64_t vhi,
                                          int64_t t, int32_t qx, int32_t qy)
{
    int32_t pt = fxl__sweep_pt256(t), m = fxl__sweep_m256(qx, qy);
    return fxl__sweep_far_axis256(fxl__sweep_p24(v0), fxl__sweep_p24(v1), fxl__sweep_p24(vlo),
                                  fxl__sweep_p24(vhi), pt, m) ||
           fxl__sweep_far_axis256(fxl__sweep_p24(u0), fxl__sweep_p24(u1), fxl__sweep_p24(ulo),
                                  fxl__sweep_p24(uhi), pt, m);
}

/* The middle of a turn: true iff the circle of radius r at offset q = (qx,
 * qy) from the pivot (Q16.16) touches the beam turned rigidly through the
 * closed arc between the table directions of sp->from and sp->to (the
 * region M of sweep_turn.c). (u0, v0), (u1, v1) are q's frame coordinates
 * in the two table frames (Q32.32). Call only when neither end beam hits. */
bool fxl__turn_middle(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, int64_t u0_q32,
                      int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t r);

/* sweep_turn.c's audit of its miss filters (test builds only:
 * FXL_TEST_HOOKS): with fxl__turn_audit.on, each middle a filter calls a
 * miss runs the exact stage anyway: filtered counts them, wrong those the
 * exact stage calls a hit; and each middle about a pivot inside the core
 * runs both exact stages (pivot_checked, pivot_wrong). A game's build has
 * neither. */
#ifdef FXL_TEST_HOOKS
typedef struct fxl__turn_audit_t {
    bool on;
    uint32_t filtered, wrong;
    /* middles with the pivot inside the core rectangle, decided by the
     * corner test alone (pivot_in_middle) and by the general exact stage:
     * checked counts them, wrong where the two differ */
    uint32_t pivot_checked, pivot_wrong;
    /* turns about a pivot off the beam settled by sweep.c's turn_hit in
     * its arc box reject ahead of the end beams (session 17): each runs
     * both end beams and the exact middle (arc_checked; arc_wrong those
     * that hit) */
    uint32_t arc_checked, arc_wrong;
} fxl__turn_audit_t;
extern fxl__turn_audit_t fxl__turn_audit;
#endif

/* sweep.c's audit of fxl_sweep_vs_circles' head (batch_turn_head's
 * rejects in 1/256 px; test builds only: FXL_TEST_HOOKS): with
 * fxl__head_audit.on and sp the prep the batch is called with, each
 * circle the head's reject settles runs turn_hit too: checked counts
 * them, wrong those turn_hit calls a hit. */
#ifdef FXL_TEST_HOOKS
typedef struct fxl__head_audit_t {
    bool on;
    const fxl_sweep_prep *sp;
    uint32_t checked, wrong;
} fxl__head_audit_t;
extern fxl__head_audit_t fxl__head_audit;
/* sweep.c's head_far alone (the batch head's reject, test builds only),
 * on the table vectors (c0, s0), (c1, s1), the offset q, the reach t, the
 * rectangle's words P(u_lo), P(u_hi), P(v_lo), P(v_hi) and the step. */
bool fxl__sweep_head_far_check(int32_t c0, int32_t s0, int32_t c1, int32_t s1, int32_t qx,
                               int32_t qy, int64_t t, const int32_t words[4], int32_t step);
#endif

/* sweep.c's count of the turns its quick_miss settled (behind_miss and
 * far_miss ahead of the arc's box; test builds only: FXL_TEST_HOOKS), for
 * the tests' coverage checks. */
#ifdef FXL_TEST_HOOKS
extern uint32_t fxl__turn_quick_misses;
/* the turns among them that tip_corner settled (session 15) */
extern uint32_t fxl__turn_corner_misses;
#endif

/* sweep_aabb.c's audit of its static slides (test builds only:
 * FXL_TEST_HOOKS): with fxl__box_audit.on, each slide with no move that
 * the static box test (aabb_parts.h) decides runs the hull's exact test
 * too: checked counts them, wrong those where the two differ. */
#ifdef FXL_TEST_HOOKS
typedef struct fxl__box_audit_t {
    bool on;
    uint32_t checked, wrong;
} fxl__box_audit_t;
extern fxl__box_audit_t fxl__box_audit;
#endif

/* A bounding box of the whole motion of sp as fxl__near_box's middle and
 * half-extents (Q16.16); false when it has none (the reach or the box too
 * large for the 32-bit reject). About a thousand cycles on the GBA: worked
 * out once per batch call, not in the preparation. */
bool fxl__sweep_box(const fxl_sweep_prep *sp, uint32_t *mx, uint32_t *my, uint32_t *hx,
                    uint32_t *hy);

/* For the fused box call: sound hits of a sweep that fxl_sweep_prepare
 * accepts against a circle in the domain, with no separate preparation:
 * 1 hit; 0 undecided, *sp then prepared as by fxl_sweep_prepare
 * (sweep.c). */
int fxl__sweep_witness(const fxl_sweep *sw, fxl_circle circle, fxl_sweep_prep *sp);

/* The slide's question for one corner C of the rectangle (sweep_slide.c),
 * on the values' top bits (issue 20's bounded tails: the 128-bit dot,
 * cross and |D|^2 and the 256-bit squares only in a thin band): with E =
 * C - A = (eu, ev), D = B - A = (du, dv) and t >= 0 (Q32.32), "C is within
 * t of an inner point of AB" is dot = E.D > 0, |D|^2 - dot > 0 and
 * cross(D, E)^2 <= t^2 |D|^2. fxl__slide_quick_init works out the slide's
 * part once (ok false: |du|, |dv| or t 64 px or more, no filter);
 * fxl__slide_corner_quick returns 1 when the question surely holds for a
 * corner, -1 when it surely fails, 0 when only the exact products settle
 * it. Derivation and bounds in sweep_slide.c. */
typedef struct fxl__slide_quick {
    uint64_t t1, t0;  /* (t' + 1)^2 (l' + bl), t'^2 max(0, l' - bl) */
    int32_t c, d;     /* floor(du / 2^24), floor(dv / 2^24): Q8 px */
    int32_t l, bl;    /* c^2 + d^2, 2 |c| + 2 |d| + 2 */
    int32_t bdc;      /* |c| + |d| + 2 */
    int32_t tt;       /* floor(t / 2^24) */
    bool ok;
} fxl__slide_quick;

void fxl__slide_quick_init(fxl__slide_quick *q, int64_t du_q32, int64_t dv_q32, int64_t t_q32);
int fxl__slide_corner_quick(const fxl__slide_quick *q, int64_t eu_q32, int64_t ev_q32);

/* The whole slide against one point C alone (a slide that stays in a
 * corner's region of the rectangle, where that corner is the nearest
 * point for every point of AB): "the closed segment AB comes within t of
 * C" (|C - A| <= t, |C - B| <= t, or the corner question above), from
 * the same floors (the same limits: |du|, |dv|, t below 64 px, the ends
 * below 128 px): 1 surely, -1 surely not, 0 only the exact stage. */
int fxl__slide_point_quick(int64_t eu_q32, int64_t ev_q32, int64_t du_q32, int64_t dv_q32,
                           int64_t t_q32);

/* A slide: true iff the circle of radius r whose offset from the beam's
 * reference point moves straight from a to b (Q16.16) touches the hitbox
 * rectangle of lp (and its round) in the frame of the table vector (c, s)
 * at some point of the way. lp's pos, cos and sin are not used. */
bool fxl__slide_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax, int32_t ay,
                    int32_t bx, int32_t by, int32_t r);


#ifdef FXL_TEST_HOOKS
/* sweep_aabb.c's audit of the hull test's 64-bit forms (test builds only):
 * with fxl__hull_audit.on, each moving hull whose fifth axis took the
 * world form (offsets below 2^29) runs the 128-bit frame form too
 * (axis_checked; axis_wrong where they differ), and each corner-to-edge
 * box distance the quick 32x32 bounds settle runs the 128-bit squares
 * (near_checked, near_wrong); each box laser's slide hull_thin settles
 * runs the whole hull test (thin_checked, thin_wrong), and with the ends
 * apart each distance of a corner of K to an edge of B or B + d, left
 * out, is taken (ends_checked; ends_wrong where near). */
/* sweep_aabb.c's one_box sure hits for a fixed box against a sweep whose
 * pivot moves (the inscribed circle and the corners in the first and last
 * table poses), alone (test builds only). */
bool fxl__box_end_witness(const fxl_sweep_prep *sp, fxl_aabb box);

typedef struct fxl__hull_audit_t {
    bool on;
    uint32_t axis_checked, axis_wrong, near_checked, near_wrong;
    uint32_t thin_checked, thin_wrong, ends_checked, ends_wrong;
    uint32_t round_checked, round_wrong;
    uint32_t still_checked, still_wrong; /* still_motion_hit's direct static tests against
                                          * hull_hit's (session 16) */
} fxl__hull_audit_t;
extern fxl__hull_audit_t fxl__hull_audit;

/* sweep_aabb.c's audit of the turn's corner filters (test builds only):
 * with fxl__corner_audit.on, each distance of a corner of K to a chord
 * that seg_surely_near_quick calls near is taken exactly (near_checked;
 * near_wrong where it is beyond the reach), each corner of the box that
 * pivot_corner_witness puts in the turn runs fxl__turn_middle
 * (witness_checked; witness_wrong where that misses), and each circle a
 * box laser's circle_misses rejects runs the exact stage it skips
 * (misses_checked; misses_wrong where that hits); each corner the rings
 * in raw units reject ((B)'s box corners, (C)'s corners of K) runs the
 * exact stages after them (ring_checked; ring_wrong where they hit). */
typedef struct fxl__corner_audit_t {
    bool on;
    uint32_t near_checked, near_wrong, witness_checked, witness_wrong;
    uint32_t misses_checked, misses_wrong, ring_checked, ring_wrong;
} fxl__corner_audit_t;
extern fxl__corner_audit_t fxl__corner_audit;

/* sweep_aabb.c's reject behind the pivot (behind_pivot, in
 * turn_frame_apart; test builds only): with fxl__behind_audit.on each
 * reject counts in checked; with off set it rejects nothing (the exact
 * stages decide), for the tests to compare the two answers. */
typedef struct fxl__behind_audit_t {
    bool on, off;
    uint32_t checked;
} fxl__behind_audit_t;
extern fxl__behind_audit_t fxl__behind_audit;

/* sweep_aabb.c's seg_surely_near alone (test builds only): its answer,
 * and in *exact whether the point (ku, kv) is within r of the segment
 * from (pu, pv) to (qu, qv) (Q32.32, below 2^52; r > 0), exactly. */
bool fxl__chord_near_check(int64_t ku, int64_t kv, int64_t pu, int64_t pv, int64_t qu, int64_t qv, int64_t r,
                           bool *exact);
#endif
#endif
