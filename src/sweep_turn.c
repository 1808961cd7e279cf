/* sweep_turn.c - the middle of a turn, exactly.
 *
 * Setting. Work in the beam frame about the pivot, in Q32.32 units: the
 * hitbox is K' = K (+) disk(t), K = [a0, a1] x [b0, b1], t = (round + r) *
 * 2^16. While the beam turns rigidly through the directions e of the arc,
 * the circle centre q seen from the beam, X(e) = R_e^T q * 2^16, runs along
 * a circle of radius R = |q| * 2^16 (R^2 = |q|^2 * 2^32, an integer) from
 * E0 to E1, the frame positions at the two end directions. The frame
 * points that the table frames give, S_i = (u_i, v_i), lie on the same rays
 * (S_i = |t_i| E_i / 2^16, and |S_i|^2 = |t_i|^2 |q|^2 exactly), so every
 * question about directions on the arc is a sign of a cross product with
 * S0 or S1: the point turns by -step, so a direction D is on the arc iff
 * cross(S0, D) <= 0 <= cross(S1, D) for step > 0 (mirrored for step < 0;
 * for a half turn S1 = -S0 and this is the closed half plane).
 *
 * Reduction. q touches the middle iff some point X(e) lies within t of
 * some point P of K. For a fixed P the set of arc points within t of P is
 * a sub-arc centred on P's direction, so (disk lemma) the arc meets the
 * disk about P iff an end E0, E1 lies in it, or P's direction is on the arc
 * and | |P| - R | <= t. Taking the union over P in K:
 *     hit  <=>  E0 in K'  or  E1 in K'  or  K meets W,
 * W the annular sector {X : direction on the arc, R - t <= |X| <= R + t}.
 *
 * K meets W. K_A = K cut by the wedge of the arc's directions is convex,
 * so |X| over K_A fills an interval [dmin, dmax], and K meets W iff K_A is
 * not empty, dmin <= R + t and dmax >= R - t. The vertices of K_A are the
 * corners of K inside the wedge and the points where the two rays through
 * S0 and S1 enter and leave K; its nearest point to the pivot is the pivot
 * itself (inside K), a vertex, or the foot of the pivot on an edge of K
 * ((0, b) or (a, 0)) when that foot is inside the wedge. dmax is at a vertex.
 * A ray vertex V on the ray of S_i compares with R without any square root
 * (|V| = tau |S_i| and R = |S_i| 2^16 / |t_i|, so |V| <= R iff tau^2 |t_i|^2
 * <= 2^32), and it is enough to compare it with R rather than R -+ t: if
 * | |V| - R | <= t, V is within t of E_i on the same ray and E_i in K'
 * already answered. The corners and feet compare with R +- t through
 * squares (a single square root, of |C|^2, remains: exact sign of
 * alpha - beta sqrt(w) in big.c).
 *
 * The ends E_i = S_i 2^16 / |t_i| are irrational points; E_i in K' is
 * decided exactly with the same single-root signs. It can only differ from
 * the end beam's own test (S_i in the table frame) within
 * |S_i - E_i| <= 1.1e-5 |q| * 2^16 < |qx| + |qy| of the boundary, so that
 * band filters it first.
 *
 * Before all that (after the ends), two filters settle the common misses
 * in 64 bits (behind_miss, far_miss: K_A within R - t of the pivot), and
 * cheap witnesses the common hit: the arc crossing the beam's axis
 * (direction (+-1, 0) or (0, +-1) on the arc, the point R on that axis
 * within t of K; sound, since that point is on the arc). Every value: coordinates below 2^49, squares below 2^98, the
 * largest product in a sign test below 2^230 (big.h holds 256 bits).
 *
 * Costs (issue 20, GBA bench ROM): the three worst samples of
 * fxl_sweep_vs_circle (box, 6,100 to 7,050 cycles) are the only ones
 * reaching this middle (1,600 to 2,500 of them: the two end_in tests about
 * 950 for ends within the band, behind_miss 160 to 320, far_miss 820); the
 * next worst (4,100 to 4,300) never get here, and neither does the worst
 * sample of the turn and slide-and-turn one-test rows (sweep.c's
 * arc_box_miss and the slides). */
#include "sweep_parts.h"

#include "big.h"
#include "frame.h"
#include "wide.h"

/* The fields keep the names of the derivation above (K = [a0, a1] x [b0,
 * b1], t, S_i, |t_i|^2, R^2); each line gives its format. */
typedef struct turn {
    int64_t a0, a1, b0, b1;     /* Q32.32 the rectangle K about the pivot */
    int64_t t;                  /* Q32.32 reach round + r, >= 0 */
    int64_t s[2][2];            /* Q32.32 S0 and S1: q in the two table frames */
    uint64_t n[2];              /* Q32 |t_i|^2 */
    fxl__u128 r2;               /* Q64 R^2 = |q|^2 2^32 */
    uint64_t q2;                /* Q32 |q|^2 (raw units squared) */
    int32_t qx, qy;             /* Q16.16 q */
    int32_t step;
} turn;

/* n / d with d > 0. */
typedef struct frac {
    int64_t n, d;
} frac;

static int frac_cmp(frac a, frac b)
{
    return fxl__sweep_psign(a.n, b.d, b.n, a.d);
}

static bool arc_signs(const turn *m, int c0, int c1)
{
    return m->step > 0 ? (c0 <= 0 && c1 >= 0) : (c0 >= 0 && c1 <= 0);
}

/* Is the frame direction (x, y) on the arc? */
FXL_ARM_CODE static bool on_arc(const turn *m, int64_t x, int64_t y)
{
    return arc_signs(m, fxl__sweep_psign(m->s[0][0], y, m->s[0][1], x),
                     fxl__sweep_psign(m->s[1][0], y, m->s[1][1], x));
}

/* The same for an axis direction (dx, dy), one of them 0 and the other
 * +-1: cross(S, (dx, dy)) = S.x dy - S.y dx, a signed component. */
FXL_ARM_CODE static bool axis_on_arc(const turn *m, int dx, int dy)
{
    int c0 = dy != 0 ? dy * fxl__sign64(m->s[0][0]) : -dx * fxl__sign64(m->s[0][1]);
    int c1 = dy != 0 ? dy * fxl__sign64(m->s[1][0]) : -dx * fxl__sign64(m->s[1][1]);
    return arc_signs(m, c0, c1);
}

/* R <= x, R >= x for a Q32.32 x (R^2 is an integer: compare squares).
 * Filtered first in 32x32 -> 64 products (issue 20's tails): R = |q| 2^16
 * with |q|^2 = q2 an integer (raw units), and for 0 <= x < 2^47, h =
 * floor(x / 2^16) < 2^31 has h^2 <= x^2 / 2^32 < (h + 1)^2, so q2 <= h^2
 * gives R <= x, q2 >= (h + 1)^2 gives R > x (R >= h + 1 > x / 2^16), and
 * q2 < h^2 gives R < x; only h^2 < q2 < (h + 1)^2 takes the 128-bit
 * squares. */
FXL_ARM_CODE static bool r_le(const turn *m, int64_t x)
{
    if (x < 0)
        return false;
    if (x < ((int64_t)1 << 47)) {
        uint32_t h = (uint32_t)((uint64_t)x >> 16);
        if (m->q2 <= (uint64_t)h * h)
            return true;
        if (m->q2 >= (uint64_t)(h + 1u) * (h + 1u))
            return false;
    }
    return fxl__le128(m->r2, fxl__sq_signed(x));
}

FXL_ARM_CODE static bool r_ge(const turn *m, int64_t x)
{
    if (x <= 0)
        return true;
    if (x < ((int64_t)1 << 47)) {
        uint32_t h = (uint32_t)((uint64_t)x >> 16);
        if (m->q2 >= (uint64_t)(h + 1u) * (h + 1u))
            return true;
        if (m->q2 < (uint64_t)h * h)
            return false;
    }
    return fxl__le128(fxl__sq_signed(x), m->r2);
}

/* The witness: the arc point at distance R along the frame direction
 * (dx, dy) (an axis) lies within t of K. Sound for any K. */
static bool axis_witness(const turn *m, int dx, int dy)
{
    if (!axis_on_arc(m, dx, dy))
        return false;
    if (dy == 0) { /* the point (dx R, 0): needs b0 <= 0 <= b1 to be this simple */
        if (m->b0 > 0 || m->b1 < 0)
            return false;
        return dx > 0 ? r_le(m, m->a1 + m->t) && r_ge(m, m->a0 - m->t)
                      : r_le(m, m->t - m->a0) && r_ge(m, -m->a1 - m->t);
    }
    if (m->a0 > 0 || m->a1 < 0)
        return false;
    return dy > 0 ? r_le(m, m->b1 + m->t) && r_ge(m, m->b0 - m->t)
                  : r_le(m, m->t - m->b0) && r_ge(m, -m->b1 - m->t);
}

/* t*t <= ex*ex + ey*ey style test of a frame point against K' (exact).
 * Filtered first (issue 20), as fxl__sumsq_quick with 2^20 steps: with
 * 0 < eu, ev <= t below 2^50 and x' = floor(x / 2^20), eu^2 + ev^2 lies
 * in [eu'^2 + ev'^2, (eu' + 1)^2 + (ev' + 1)^2) 2^40 and t^2 in [t'^2,
 * (t' + 1)^2) 2^40 (every square below 2^61); the 128-bit squares only
 * when those intervals meet. */
static bool rect_hit(const turn *m, int64_t u, int64_t v, int64_t t)
{
    int64_t eu = fxl__beyond(u, m->a0, m->a1), ev = fxl__beyond(v, m->b0, m->b1);
    if (eu > t || ev > t)
        return false;
    if (eu <= 0 || ev <= 0)
        return true;
    if (t < ((int64_t)1 << 50)) {
        uint64_t a = (uint64_t)eu >> 20, b = (uint64_t)ev >> 20, c = (uint64_t)t >> 20;
        if (a * a + b * b >= (c + 1u) * (c + 1u))
            return false;
        if ((a + 1u) * (a + 1u) + (b + 1u) * (b + 1u) <= c * c)
            return true;
    }
    return fxl__sumsq_le((uint64_t)eu, (uint64_t)ev, (uint64_t)t);
}

/* sign(S 2^16 - x |t_i|) for one coordinate S of S_i: where E_i's
 * coordinate lies against x. */
FXL_ARM_CODE static int end_side(const turn *m, int i, int64_t sc, int64_t x)
{
    fxl__big a, b, w;
    /* |t_i| / 2^16 is 1 within 2^-16: beyond |x| 2^-16 + 1 of x, the sign
     * of sc - x settles it (|sc|, |x| < 2^49). */
    int64_t d = sc - x, e = (int64_t)(fxl__abs64(x) >> 16) + 1;
    if (d > e)
        return 1;
    if (d < -e)
        return -1;
    if (x == 0)
        return sc > 0 ? 1 : sc < 0 ? -1 : 0;
    /* A finer filter (issue 20's bounded tails): k = isqrt(n 2^30) puts
     * |t_i| 2^15 = sqrt(n 2^30) in [k, k + 1) (n < 2^33), so x |t_i| 2^15
     * lies between x k and x (k + 1), and sc 2^31 beyond both settles the
     * sign (all below 2^82 in 128 bits; the band is 2^-31 relative). */
    {
        int64_t k = (int64_t)fxl__sweep_isqrt_n30(m->n[i]);
        fxl__i128 sc31 = fxl__imul(sc, (int64_t)1 << 31);
        fxl__i128 lo = fxl__imul(x, k), hi = fxl__imul(x, k + 1);
        if (x < 0) {
            fxl__i128 tmp = lo;
            lo = hi, hi = tmp; /* x (k + 1) < x |t_i| 2^15 <= x k */
            if (fxl__isign(fxl__isub(sc31, hi)) > 0)
                return 1;
            if (fxl__isign(fxl__isub(sc31, lo)) <= 0)
                return -1;
        } else {
            if (fxl__isign(fxl__isub(sc31, hi)) >= 0)
                return 1;
            if (fxl__isign(fxl__isub(sc31, lo)) < 0)
                return -1;
        }
    }
    fxl__big_i128(&a, fxl__imul(sc, 65536));
    fxl__big_i64(&b, x);
    fxl__big_i64(&w, (int64_t)m->n[i]);
    return fxl__big_sign_sqrt(&a, &b, &w);
}

/* Off a corner C: |E - C|^2 <= t^2 with |E|^2 = R^2, i.e.
 * R^2 + |C|^2 - t^2 <= 2 E.C = 2^17 (S.C) / |t_i|. */
FXL_ARM_CODE static bool end_corner(const turn *m, int i, int64_t cx, int64_t cy)
{
    fxl__big d, x, sc, w;
    fxl__big_u128(&d, fxl__add(m->r2, fxl__add(fxl__sq_signed(cx), fxl__sq_signed(cy))));
    fxl__big_u128(&x, fxl__sq_signed(m->t));
    fxl__big_sub(&d, &d, &x);
    /* S.C < 2^98: as two 128-bit products, then times 2^17 (exact: the
     * sum is below 2^99, shifted below 2^116). */
    fxl__big_i128(&sc, fxl__imul(m->s[i][0], cx));
    fxl__big_i128(&x, fxl__imul(m->s[i][1], cy));
    fxl__big_add(&sc, &sc, &x);
    fxl__big_i64(&w, 131072);
    fxl__big_mul(&x, &sc, &w);
    fxl__big_i64(&w, (int64_t)m->n[i]);
    return fxl__big_sign_sqrt(&x, &d, &w) >= 0;
}

/* E_i in K', exactly (see the head of the file). */
FXL_ARM_CODE static bool end_in(const turn *m, int i)
{
    int64_t sx = m->s[i][0], sy = m->s[i][1];
    int xs, ys;
    /* The band filter: E_i is within |qx| + |qy| of S_i. */
    uint64_t band = (uint64_t)fxl__abs32(m->qx) + fxl__abs32(m->qy) + 1u;
    if (!rect_hit(m, sx, sy, m->t + (int64_t)band))
        return false;
    xs = end_side(m, i, sx, m->a0) < 0 ? -1 : end_side(m, i, sx, m->a1) > 0 ? 1 : 0;
    ys = end_side(m, i, sy, m->b0) < 0 ? -1 : end_side(m, i, sy, m->b1) > 0 ? 1 : 0;
    if (xs == 0 && ys == 0)
        return true;
    if (xs == 0)
        return ys > 0 ? end_side(m, i, sy, m->b1 + m->t) <= 0 : end_side(m, i, sy, m->b0 - m->t) >= 0;
    if (ys == 0)
        return xs > 0 ? end_side(m, i, sx, m->a1 + m->t) <= 0 : end_side(m, i, sx, m->a0 - m->t) >= 0;
    return end_corner(m, i, xs < 0 ? m->a0 : m->a1, ys < 0 ? m->b0 : m->b1);
}

/* Where the ray through S_i meets K: tau in [in, out] (points tau S_i). */
static bool clip(int64_t s, int64_t lo, int64_t hi, frac *in, frac *out, bool *bounded)
{
    frac l, h;
    if (s == 0)
        return lo <= 0 && hi >= 0;
    l.n = s > 0 ? lo : -hi;
    h.n = s > 0 ? hi : -lo;
    l.d = h.d = s > 0 ? s : -s;
    if (frac_cmp(l, *in) > 0)
        *in = l;
    if (!*bounded || frac_cmp(h, *out) < 0)
        *out = h;
    *bounded = true;
    return true;
}

static bool ray(const turn *m, int i, frac *in, frac *out)
{
    bool bounded = false;
    in->n = 0, in->d = 1;
    out->n = 0, out->d = 1;
    return clip(m->s[i][0], m->a0, m->a1, in, out, &bounded) &&
           clip(m->s[i][1], m->b0, m->b1, in, out, &bounded) && bounded &&
           frac_cmp(*out, *in) >= 0;
}

/* sign(|tau S_i| - R) = sign(tau^2 |t_i|^2 - 2^32), tau >= 0. */
FXL_ARM_CODE static int ray_vs_r(const turn *m, int i, frac tau)
{
    fxl__big lhs, rhs, x;
    /* First in 64 bits (issue 20): with n within 2^17 of 2^32, N = |tau.n|
     * and D = tau.d > 0 (both below 2^50), N (1 - 2^-15) > D gives tau^2 n
     * > N^2 (1 - 2^-15) 2^32 / D^2 > 2^32 ((1 - 2^-15)^2 < 1 - 2^-15), and
     * N (1 + 2^-15) < D gives tau^2 n < (1 + 2^-15) N^2 2^32 / D^2 < 2^32.
     * L = N - floor(N / 2^15) - 1 < N (1 - 2^-15) and U = N + floor(N /
     * 2^15) + 1 > N (1 + 2^-15): L > D and U < D settle the sign. */
    {
        int64_t nn = (int64_t)fxl__abs64(tau.n), lo = nn - (nn >> 15) - 1, hi = nn + (nn >> 15) + 1;
        if (lo > tau.d)
            return 1;
        if (hi < tau.d)
            return -1;
    }
    /* With n = 2^32 + delta (|delta| < 2^17): tau^2 n - 2^32 has the sign
     * of (N^2 - D^2) 2^32 + N^2 delta, so of N^2 - D^2 when that exceeds
     * N^2 / 2^15 in size. */
    {
        fxl__u128 n2 = fxl__sq_signed(tau.n), d2 = fxl__sq_signed(tau.d), big2;
        bool pos = !fxl__le128(n2, d2);
        fxl__u128 e = pos ? fxl__sub(n2, d2) : fxl__sub(d2, n2);
        big2.hi = n2.hi >> 15;
        big2.lo = (n2.lo >> 15) | (n2.hi << 49);
        if (!fxl__le128(e, big2))
            return pos ? 1 : -1;
    }
    fxl__big_u128(&x, fxl__sq_signed(tau.n));
    fxl__big_i64(&rhs, (int64_t)m->n[i]);
    fxl__big_mul(&lhs, &x, &rhs);
    fxl__big_u128(&x, fxl__sq_signed(tau.d));
    fxl__big_i64(&rhs, (int64_t)1 << 32);
    {
        fxl__big r2;
        fxl__big_mul(&r2, &x, &rhs);
        return fxl__big_cmp(&lhs, &r2);
    }
}

/* Bounds on sqrt(x) for x < 2^98: [lo, hi), fxl__sweep_root32's (below
 * 2^50). */
static void root_bounds(fxl__u128 x, int64_t *lo, int64_t *hi)
{
    unsigned h;
    int64_t r = (int64_t)fxl__sweep_root32(x, &h);
    *lo = r << h;
    *hi = (r + 1) << h;
}

/* A corner C against R +- t: |C| <= R + t (near, worked out only when
 * need_near) and |C| >= R - t (far). */
FXL_ARM_CODE static void corner_vs_r(const turn *m, int64_t cx, int64_t cy, bool *near, bool *far,
                                     bool need_near)
{
    fxl__u128 c2 = fxl__add(fxl__sq_signed(cx), fxl__sq_signed(cy)), t2 = fxl__sq_signed(m->t);
    fxl__big w, b, alpha, x;
    int64_t cl, ch;
    int known = need_near ? 0 : 1; /* near not wanted: left as it was */
    /* No reach (t = 0: a box laser against a point, sweep_aabb.c's box
     * corners): near is |C| <= R and far |C| >= R, squares of integers
     * (Q64), exactly; no root (issue 20's tails: the bounds and the
     * big-integer sign below: a box corner turning about the emitter
     * took 1,900 GBA cycles more in pivot_in_middle). */
    if (m->t == 0) {
        if (need_near)
            *near = fxl__le128(c2, m->r2);
        *far = fxl__le128(m->r2, c2);
        return;
    }
    /* First with bounds on |C| against R itself, through squares (R^2 an
     * integer: r_le, r_ge), with no root of R (issue 20's tails: a 64-bit
     * root is a digit loop, about 2,150 GBA cycles in ROM). |C| in [cl,
     * ch): near (|C| <= R + t) holds when R >= ch - t and fails when R <
     * cl - t; far (|C| + t >= R) holds when R <= cl + t and fails when R
     * >= ch + t (all below 2^51). */
    /* Cheaper bounds first, with no root at all: with M, mn the larger and
     * smaller of |cx|, |cy| (mn > 0) and k >= 0 the largest with mn 2^k <=
     * M, |C| = sqrt(M^2 + mn^2) <= M + mn^2 / (2M) <= M + mn / 2^(k + 1)
     * (sqrt(1 + x) <= 1 + x / 2), so |C| lies in [M, M + floor(mn /
     * 2^(k + 1)) + 1): about mn^2 / M wide, a small part of a raw unit for
     * a corner of a long thin beam. Then a 32-bit root's bounds. */
    {
        uint64_t ax = fxl__abs64(cx), ay = fxl__abs64(cy);
        uint64_t hi = ax > ay ? ax : ay, lo = ax > ay ? ay : ax;
        int pass;
        unsigned k = lo == 0 ? 0u : fxl__clz64(lo) - fxl__clz64(hi);
        if (lo != 0 && (lo << k) > hi)
            k--;
        cl = (int64_t)hi;
        ch = (int64_t)(hi + (lo >> (k + 1u)) + 1u); /* below 2^50 */
        for (pass = 0; pass < 2 && known != 3; pass++) {
            if (pass == 1)
                root_bounds(c2, &cl, &ch);
            if ((known & 1) != 0)
                ;
            else if (r_ge(m, ch - m->t))
                *near = true, known |= 1;
            else if (!r_ge(m, cl - m->t))
                *near = false, known |= 1;
            if ((known & 2) != 0)
                ;
            else if (r_le(m, cl + m->t))
                *far = true, known |= 2;
            else if (r_ge(m, ch + m->t))
                *far = false, known |= 2;
        }
    }
    if (known == 3)
        return;
    /* alpha = |C|^2 + t^2 - R^2; |C| - t <= R  <=>  alpha <= 2t|C| (for
     * |C| >= t); |C| + t >= R  <=>  alpha >= -2t|C|. */
    fxl__big_u128(&w, c2);
    fxl__big_u128(&x, fxl__add(c2, t2));
    fxl__big_u128(&alpha, m->r2);
    fxl__big_sub(&alpha, &x, &alpha);
    fxl__big_i64(&b, 2 * m->t);
    if ((known & 1) == 0)
        *near = fxl__le128(c2, t2) || fxl__big_sign_sqrt(&alpha, &b, &w) <= 0;
    b.sign = -b.sign;
    if ((known & 2) == 0)
        *far = fxl__big_sign_sqrt(&alpha, &b, &w) >= 0;
}

/* A foot at distance |f| (Q32.32) from the pivot: |f| <= R + t. */
FXL_ARM_CODE static bool foot_near(const turn *m, int64_t f)
{
    return r_ge(m, (int64_t)fxl__abs64(f) - m->t); /* |f| < 2^63 */
}

/* The miss behind the pivot (issue 20's tails: a circle just behind the
 * emitter): K in the closed half plane u >= 0 (a0 >= 0) while the wedge,
 * a quarter turn at most (|step| <= 1024), has both ends in the open half
 * plane u < 0, so all of it but the pivot (an arc of 90 degrees or less
 * leaves an open half plane only across its edge line twice, 180 degrees
 * apart); the same for the other three sides. Then K_A lies within {0},
 * dmax = 0, and with R > t (R^2 > t^2, exactly) dmax < R - t: with E0, E1
 * outside K' the middle misses. Signs and one 128-bit compare. */
static bool behind_miss(const turn *m)
{
    if (m->step < -1024 || m->step > 1024)
        return false;
    if (!((m->a0 >= 0 && m->s[0][0] < 0 && m->s[1][0] < 0) ||
          (m->a1 <= 0 && m->s[0][0] > 0 && m->s[1][0] > 0) ||
          (m->b0 >= 0 && m->s[0][1] < 0 && m->s[1][1] < 0) ||
          (m->b1 <= 0 && m->s[0][1] > 0 && m->s[1][1] > 0)))
        return false;
    return !fxl__le128(m->r2, fxl__sq_signed(m->t));
}

/* The common miss past the far part of a thin beam (issue 20's tails: a
 * circle beyond the tip, its arc off the beam's axis), in 64 bits. With
 * the ends E0, E1 already outside K', the middle misses when every point
 * of K_A is nearer than rho = R - t (dmax < R - t).
 * Proof. Let B = max(|b0|, |b1|), R > t and P = (u, v) in K with |P| >=
 * rho > B: v^2 <= B^2 and u^2 = |P|^2 - v^2 >= rho^2 - B^2 > 0, so v^2 /
 * u^2 <= B^2 / (rho^2 - B^2). For |step| <= 1024 (a quarter turn) with
 * v0, v1 of one strict sign, the wedge lies in an open half plane off the
 * u axis, where |tan| of the direction is smallest at an end of the wedge:
 * if v_i^2 / u_i^2 > B^2 / (rho^2 - B^2) at both ends, no such P is in it.
 * In units of 2^-4 px (U; Q32.32 >> 28, Q16.16 >> 12), with ceilings for
 * what must be over (bh >= B, th >= t, uh >= |u_i|, rh >= R from R <=
 * max(|qx|, |qy|) + min(|qx|, |qy|) / 2, as sqrt(1 + s^2) <= 1 + s / 2
 * for 0 <= s <= 1) and floors for what must be under (r2 = floor(|q|^2
 * 2^-24) <= R^2, tl <= t, vl <= |v_i|): r2 > th^2 gives R > t, and
 * rho^2 - B^2 = R^2 - 2 t R + t^2 - B^2 >= L = r2 - 2 th rh + tl^2 - bh^2;
 * L > 0 gives rho > B, and vl^2 L > bh^2 uh^2 the ends' condition. Every
 * value at most 2^15 U (2048 px; else no filter): squares and L below
 * 2^32, the products below 2^62. No root: a handful of multiplies. The
 * exact stage decides whatever this leaves. */
static bool far_miss(const turn *m)
{
    uint64_t q2 = (m->r2.hi << 32) | (m->r2.lo >> 32);
    return fxl__turn_far_core32(m->step, m->qx, m->qy, q2, m->b0, m->b1, m->t, m->s[0][0],
                                m->s[0][1], m->s[1][0], m->s[1][1]);
}

#ifdef FXL_TEST_HOOKS
fxl__turn_audit_t fxl__turn_audit;
#endif

static bool general_middle(const turn *m);

/* The pivot inside K (every turn about a point of the core: the
 * emitter, the middle; issue 20's tails, the rays' exact clips were
 * most of the cost): K_A holds the pivot, so dmin = 0 <= R + t, and no
 * ray vertex reaches R: K is convex and holds the pivot, so an exit
 * point V of the ray through S_i with |V| >= R puts E_i (on the
 * segment from the pivot to V) in K, and end_in said E_i is not even in
 * K'. dmax is then at a corner of K in the wedge: K meets W iff such a
 * corner C has |C| >= R - t (the segment from the pivot to C lies in
 * K_A and crosses |X| = R - t, within t of the arc point in its
 * direction). A corner on an axis is exact in signs and one square
 * (|C| = |cx| + |cy|, its direction an axis: axis_on_arc). */
static bool pivot_in(const turn *m)
{
    return m->a0 <= 0 && m->a1 >= 0 && m->b0 <= 0 && m->b1 >= 0;
}

/* K meets W when the pivot is inside K (pivot_in), exactly (see above). */
FXL_ARM_CODE static bool pivot_in_middle(const turn *m)
{
    int i, j;
    for (i = 0; i < 2; i++) {
        for (j = 0; j < 2; j++) {
            int64_t cx = i ? m->a1 : m->a0, cy = j ? m->b1 : m->b0;
            bool cn = false, cf = false;
            if ((i && m->a1 == m->a0) || (j && m->b1 == m->b0) || (cx == 0 && cy == 0))
                continue;
            if (cx == 0 || cy == 0) {
                if (axis_on_arc(m, fxl__sign64(cx), fxl__sign64(cy)) &&
                    r_le(m, (int64_t)(fxl__abs64(cx) + fxl__abs64(cy)) + m->t))
                    return true;
                continue;
            }
            if (!on_arc(m, cx, cy))
                continue;
            corner_vs_r(m, cx, cy, &cn, &cf, false);
            if (cf)
                return true;
        }
    }
    return false;
}

/* K meets W, or an axis witness (the ends outside K'): the exact rest.
 * In test builds with the audit on, a pivot inside K runs both ways and
 * counts where pivot_in_middle and general_middle differ. */
static bool middle_rest(const turn *m)
{
#ifdef FXL_TEST_HOOKS
    if (fxl__turn_audit.on && pivot_in(m)) {
        bool fast = pivot_in_middle(m), general = general_middle(m);
        fxl__turn_audit.pivot_checked++;
        fxl__turn_audit.pivot_wrong += fast != general ? 1u : 0u;
        return fast;
    }
#endif
    /* (With the pivot inside K the corner test is cheaper than the axis
     * witnesses it would follow: it goes first.) */
    if (pivot_in(m))
        return pivot_in_middle(m);
    if (axis_witness(m, 1, 0) || axis_witness(m, -1, 0) || axis_witness(m, 0, 1) ||
        axis_witness(m, 0, -1))
        return true;
    return general_middle(m);
}

/* K meets W, the general case (any pivot): the exact rest. */
static bool general_middle(const turn *m)
{
    int i, j;
    bool any = false, near = false, far = false;

    /* K meets W: corners of K in the wedge. */
    for (i = 0; i < 2; i++) {
        for (j = 0; j < 2; j++) {
            int64_t cx = i ? m->a1 : m->a0, cy = j ? m->b1 : m->b0;
            bool cn = false, cf = false;
            if ((i && m->a1 == m->a0) || (j && m->b1 == m->b0) || (cx == 0 && cy == 0))
                continue; /* a repeated corner, or the pivot itself */
            if (!on_arc(m, cx, cy))
                continue;
            any = true;
            corner_vs_r(m, cx, cy, &cn, &cf, true);
            near = near || cn;
            far = far || cf;
        }
    }
    /* The rays through S0 and S1. */
    for (i = 0; i < 2; i++) {
        frac in, out;
        if (!ray(m, i, &in, &out))
            continue;
        any = true;
        near = near || ray_vs_r(m, i, in) <= 0;
        far = far || ray_vs_r(m, i, out) >= 0;
    }
    if (!any || !far)
        return false;
    /* The nearest point: the pivot inside K, or a foot inside the wedge. */
    if (m->a0 <= 0 && m->a1 >= 0) {
        if (m->b0 <= 0 && m->b1 >= 0)
            near = true;
        for (j = 0; j < 2 && !near; j++) {
            int64_t b = j ? m->b1 : m->b0;
            if (b != 0 && axis_on_arc(m, 0, b > 0 ? 1 : -1))
                near = foot_near(m, b);
        }
    }
    if (m->b0 <= 0 && m->b1 >= 0) {
        for (i = 0; i < 2 && !near; i++) {
            int64_t a = i ? m->a1 : m->a0;
            if (a != 0 && axis_on_arc(m, a > 0 ? 1 : -1, 0))
                near = foot_near(m, a);
        }
    }
    return near;
}

FXL_ARM_CODE
bool fxl__turn_middle(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, int64_t u0_q32,
                      int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t r)
{
    turn m;
    uint64_t q2_q32 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);

    m.t = ((int64_t)r + sp->from.round) * 65536;
    if (q2_q32 == 0 || m.t < 0)
        return false; /* the circle at the pivot: the end beams decided it */
    m.a0 = sp->from.u_lo, m.a1 = sp->from.u_hi, m.b0 = sp->from.v_lo, m.b1 = sp->from.v_hi;
    m.s[0][0] = u0_q32, m.s[0][1] = v0_q32, m.s[1][0] = u1_q32, m.s[1][1] = v1_q32;
    m.n[0] = (uint64_t)((int64_t)sp->from.cos * sp->from.cos + (int64_t)sp->from.sin * sp->from.sin);
    m.n[1] = (uint64_t)((int64_t)sp->cos1 * sp->cos1 + (int64_t)sp->sin1 * sp->sin1);
    m.r2.hi = q2_q32 >> 32;
    m.r2.lo = q2_q32 << 32;
    m.q2 = q2_q32;
    m.qx = qx, m.qy = qy;
    m.step = sp->step;

    if (end_in(&m, 0) || end_in(&m, 1))
        return true;
    if (behind_miss(&m) || far_miss(&m)) {
#ifdef FXL_TEST_HOOKS
        if (fxl__turn_audit.on) {
            fxl__turn_audit.filtered++;
            fxl__turn_audit.wrong += middle_rest(&m) ? 1u : 0u;
        }
#endif
        return false;
    }
    return middle_rest(&m);
}
