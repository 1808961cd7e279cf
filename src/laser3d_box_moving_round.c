/* laser3d_box_moving_round.c - the exact stage of the egg and the
 * cylinder against a 3D box moving over the frame
 * (fxl_laser3d_vs_moving_aabb3 calls it when neither end hits and the
 * shape's bounding prism does not rule the path out; frame and domain in
 * fixlaser/laser3d.h, the shapes' forms as laser3d_round.c's).
 *
 * The question. With X = P - pos (raw Q16.16 offsets) the box B = [lo,
 * hi] moves by v (|v_k| <= 2^28) over t in [0, 1]; the egg is { X :
 * Q(u(X)) <= w1 W^2 } with the frame point u = M X - (mid, 0, 0) (Q16.48,
 * M's rows m_i Q32, laser3d_round.c) and Q(u) = w0 u0^2 + w1 (u1^2 +
 * u2^2), w0 = k (Q16), w1 = 2^16. The moving box meets it iff the least
 * of q(p, t) = Q(u(p + t v)) over the 4D box (p, t) in B x [0, 1] is at
 * most w1 W^2 (B + t v for t in [0, 1] sweeps the zonotope Z = B + [0,
 * 1] v, convex).
 *
 * Active sets in 4D. q is convex. Take a minimiser on a face F of the 4D
 * box of least dimension: if q were constant along a direction of F, it
 * would reach F's boundary (a face of lower dimension) without growing,
 * so q restricted to aff(F) has a unique minimiser, and it lies in F.
 * Faces with t fixed at 0 or 1 are the start's and the end's boxes,
 * which the caller's exact static tests have already missed. With t
 * free, and J the free coordinates of p (the others at lo or hi), aff(F)
 * maps to X = c + span(e_J, v) (c the corner): |J| = 3 has q's null
 * direction (p - s v, t + s) in it (never unique); so:
 *   |J| = 2 (the fixed axis k with v_k != 0, else also null): aff(F)
 *     is all of 3D, its unique minimiser (w0 > 0) the egg's middle u =
 *     0; every such face is covered by "the middle lies in Z", i.e. the
 *     segment Xm - [0, 1] v meets B (a sound check whatever w0);
 *   |J| = 1 (12 faces: axis j free from the corner c with X_j = lo_j):
 *     the parallelogram c + s e_j + t v, s in [0, g_j], t in [0, 1];
 *   |J| = 0 (8 faces: a corner c): the segment c + t v.
 * Every check below is a point of Z in the egg (sound) and together they
 * hold every face's unique minimiser (complete): exact.
 *
 * In the frame: the corner's u (below 2^61, laser3d_round.c's frame_of),
 * the move's d = M v (|d| <= 2^32 (1 + 2^-15) |v| < 2^61) and the column
 * c = M e_j (entries at most 2^32); weighted products <a, b> = sum_i w_i
 * a_i b_i. Sizes: <c, c> < 2^82, <c, d>, <c, u> < 2^109, <d, d>, <d, u>
 * < 2^138.
 *
 * The segment c + t d (u + t d in the frame): q = Q(u) + 2 B t + A t^2,
 * A = <d, d>, B = <d, u>; A = 0: not unique (skipped). t* = -B / A in [0,
 * 1] iff B <= 0 <= A + B; q(t*) = Q(u) - B^2 / A <= w1 W^2 iff (Lagrange's
 * identity Q(u) A - B^2 = sum_{i<j} w_i w_j C_ij^2, C_ij = u_i d_j - u_j
 * d_i below 2^123, divided by w1)
 *     w0 (C01^2 + C02^2) + w1 C12^2 <= w0 (W d0)^2 + w1 ((W d1)^2 + (W d2)^2)
 * (W d below 2^124; each side below 2^266: ten 32-bit limbs).
 *
 * The parallelogram u + s c + t d: its plane has the frame normal n = c x
 * d (below 2^94) and offset delta = n . u (below 2^157). The least Q on
 * the plane (Lagrange: u = lam W^-1 n) is w0 w1 delta^2 / S with S = w1
 * n0^2 + w0 (n1^2 + n2^2) (below 2^206); S = 0: not unique (skipped). So
 * Q <= w1 W^2 iff w0 delta^2 <= W^2 S (below 2^333: limbs). The least
 * point's parameters solve H (s, t) = -(<c, u>, <d, u>) with H = [<c, c>,
 * <c, d>; <c, d>, <d, d>], det H = <c, c> <d, d> - <c, d>^2 = w1 S (the
 * weighted Lagrange identity), so by Cramer's rule
 *     s* = (<c, d> <d, u> - <d, d> <c, u>) / (w1 S),
 *     t* = (<c, d> <c, u> - <c, c> <d, u>) / (w1 S),
 * numerators below 2^248, w1 S g_j below 2^251: 0 <= s* num <= g_j w1 S,
 * 0 <= t* num <= w1 S in 256 bits (big.h).
 *
 * The middle: by laser3d_round.c's (1) at u = 0, D' Xm_l = e'0[l] mid, so
 * Xm - t v in B iff t D' v_l lies in [e'0[l] mid - D' hi_l, e'0[l] mid -
 * D' lo_l] for each l (below 2^112), t in [0, 1]: an interval of t kept
 * as fractions (cross products below 2^224, big.h).
 *
 * The cylinder: Q = u1^2 + u2^2 (w = (0, 1, 1)) at most W^2 over the 4D
 * polytope (p, t) in B x [0, 1] cut by the slab |u0| <= L (linear in (p,
 * t)); the same argument over its faces, now also with a cap u0 = sL (s
 * = +-1) tight or not. Q is constant along the beam, so a face is strict
 * where its directions, mapped to (u1, u2), stay independent. With t free
 * (t = 0 or 1: the static tests):
 *   no cap, J = {}: the corner's path, strict when (d1, d2) != 0, its
 *     least point within [0, 1] and the slab (cyl_segment_in);
 *   no cap, J = {j}: the parallelogram, strict when n0 != 0 (n = c x d):
 *     it crosses the axis line (Q = 0) at one point, which must lie in it
 *     and within the slab (cyl_axis_in); |J| >= 2 holds the beam's
 *     direction or the null one;
 *   a cap, J = {}: the corner's path crossing it (d0 != 0; d0 = 0 is the
 *     case above), cyl_cross_in;
 *   a cap, J = {j}: the parallelogram's line on the cap (strict when n1,
 *     n2 not both 0), its point nearest the cap's centre (cyl_cap_line_in);
 *   a cap, J = {j, l} (v_k != 0): the cap's plane, least at its centre:
 *     covered by "the cap's centre lies in Z" (the middle's clip at u0 =
 *     sL); the rest hold the null direction.
 * The sizes as the egg's with w = 1, each check's bounds beside it. */
#include "fixlaser/laser3d.h"

#include "big.h"
#include "laser3d_body.h"
#include "wide.h"

typedef struct mov3 {
    int64_t m[3][3]; /* Q32 rows of M */
    int64_t d[3];    /* M v */
    int64_t w[3];    /* w0, w1, w1 */
    uint64_t wid;    /* Q48 W */
} mov3;

static void big_of(fxl__big *r, fxl__i128 v)
{
    fxl__big_i128(r, v);
}

/* r = sum_i w_i a_i b_i (|a|, |b| < 2^62). */
FXL_ARM_CODE
static void wdot(const mov3 *s, const int64_t a[3], const int64_t b[3], fxl__big *r)
{
    fxl__big t, w, x;
    int i;
    fxl__big_i64(r, 0);
    for (i = 0; i < 3; i++) {
        big_of(&t, fxl__imul(a[i], b[i]));
        fxl__big_i64(&w, s->w[i]);
        fxl__big_mul(&x, &t, &w);
        fxl__big_add(r, r, &x);
    }
}

/* acc (n limbs) += x (nx limbs, nx <= n). */
static void add_limbs(uint32_t *acc, int n, const uint32_t *x, int nx)
{
    uint64_t carry = 0;
    int i;
    for (i = 0; i < n; i++) {
        carry += (uint64_t)acc[i] + (i < nx ? x[i] : 0u);
        acc[i] = (uint32_t)carry;
        carry >>= 32;
    }
}

static void limbs4(fxl__u128 v, uint32_t out[4])
{
    out[0] = (uint32_t)v.lo, out[1] = (uint32_t)(v.lo >> 32);
    out[2] = (uint32_t)v.hi, out[3] = (uint32_t)(v.hi >> 32);
}

/* acc (10 limbs) += w x^2 (x < 2^128, w < 2^32). */
FXL_ARM_CODE
static void acc_wsq(uint32_t acc[10], fxl__u128 x, uint32_t w)
{
    uint32_t a[4], sq[8], t[9];
    limbs4(x, a);
    fxl__mul_limbs(a, 4, a, 4, sq);
    fxl__mul_limbs(sq, 8, &w, 1, t);
    add_limbs(acc, 10, t, 9);
}

/* The segment from the corner (frame point u) along d, t in [0, 1]. */
FXL_ARM_CODE
static bool segment_in(const mov3 *s, const int64_t u[3])
{
    fxl__big a, b, t;
    uint32_t l[10] = {0}, r[10] = {0};
    const int64_t *d = s->d;
    wdot(s, d, d, &a);
    if (a.sign == 0)
        return false;
    wdot(s, d, u, &b);
    fxl__big_add(&t, &a, &b);
    if (b.sign > 0 || t.sign < 0)
        return false; /* t* outside [0, 1] */
    acc_wsq(l, fxl__iabs(fxl__isub(fxl__imul(u[0], d[1]), fxl__imul(u[1], d[0]))), (uint32_t)s->w[0]);
    acc_wsq(l, fxl__iabs(fxl__isub(fxl__imul(u[0], d[2]), fxl__imul(u[2], d[0]))), (uint32_t)s->w[0]);
    acc_wsq(l, fxl__iabs(fxl__isub(fxl__imul(u[1], d[2]), fxl__imul(u[2], d[1]))), (uint32_t)s->w[1]);
    acc_wsq(r, fxl__mul64(s->wid, fxl__abs64(d[0])), (uint32_t)s->w[0]);
    acc_wsq(r, fxl__mul64(s->wid, fxl__abs64(d[1])), (uint32_t)s->w[1]);
    acc_wsq(r, fxl__mul64(s->wid, fxl__abs64(d[2])), (uint32_t)s->w[1]);
    return fxl__cmp_limbs(l, r, 10) <= 0;
}

/* 0 <= num <= den hi (den > 0, hi >= 0). */
FXL_ARM_CODE
static bool frac_within(const fxl__big *num, const fxl__big *den, int64_t hi)
{
    fxl__big h, x;
    if (num->sign < 0)
        return false;
    fxl__big_i64(&h, hi);
    fxl__big_mul(&x, den, &h);
    return fxl__big_cmp(num, &x) <= 0;
}

/* The parallelogram from the corner (frame point u) spanned by column j
 * of M (s in [0, g]) and d (t in [0, 1]). */
FXL_ARM_CODE
static bool plane_in(const mov3 *s, const int64_t u[3], int j, int64_t g)
{
    int64_t c[3];
    const int64_t *d = s->d;
    fxl__i128 n[3];
    fxl__big sq, x, ss, delta, det, cc, cd, dd, cu, du, num;
    int i;
    for (i = 0; i < 3; i++)
        c[i] = s->m[i][j];
    n[0] = fxl__isub(fxl__imul(c[1], d[2]), fxl__imul(c[2], d[1]));
    n[1] = fxl__isub(fxl__imul(c[2], d[0]), fxl__imul(c[0], d[2]));
    n[2] = fxl__isub(fxl__imul(c[0], d[1]), fxl__imul(c[1], d[0]));
    fxl__big_i64(&ss, 0);
    fxl__big_i64(&delta, 0);
    for (i = 0; i < 3; i++) {
        big_of(&x, n[i]);
        fxl__big_mul(&sq, &x, &x);
        fxl__big_i64(&cc, s->w[i == 0 ? 1 : 0]); /* S: n0 by w1, n1, n2 by w0 */
        fxl__big_mul(&cd, &sq, &cc);
        fxl__big_add(&ss, &ss, &cd);
        fxl__big_i64(&cc, u[i]);
        fxl__big_mul(&cd, &x, &cc);
        fxl__big_add(&delta, &delta, &cd);
    }
    if (ss.sign == 0)
        return false;
    fxl__big_i64(&cc, s->w[1]);
    fxl__big_mul(&det, &ss, &cc); /* w1 S > 0 */
    wdot(s, c, c, &cc), wdot(s, c, d, &cd), wdot(s, d, d, &dd);
    wdot(s, c, u, &cu), wdot(s, d, u, &du);
    fxl__big_mul(&x, &cd, &du); /* s* num */
    fxl__big_mul(&sq, &dd, &cu);
    fxl__big_sub(&num, &x, &sq);
    if (!frac_within(&num, &det, g))
        return false;
    fxl__big_mul(&x, &cd, &cu); /* t* num */
    fxl__big_mul(&sq, &cc, &du);
    fxl__big_sub(&num, &x, &sq);
    if (!frac_within(&num, &det, 1))
        return false;
    {
        /* w0 delta^2 <= W^2 S: delta below 2^157 (six limbs), S below
         * 2^206 (seven) */
        uint32_t dl[12], l[13], r[13], w2[4], w0 = (uint32_t)s->w[0];
        limbs4(fxl__sq(s->wid), w2);
        fxl__mul_limbs(delta.w, 6, delta.w, 6, dl);
        fxl__mul_limbs(dl, 12, &w0, 1, l);
        fxl__mul_limbs(w2, 4, ss.w, 8, r); /* 12 limbs */
        r[12] = 0;
        return fxl__cmp_limbs(l, r, 13) <= 0;
    }
}

/* Some t in [0, 1] with Xa - t v in the box, Xa the axis point u = (tau
 * - mid, 0, 0) (the egg's middle: tau = mid; see the top). */
FXL_ARM_CODE
static bool axis_point_in(const fxl_laser3d_prep *lp, int64_t tau, const int64_t lo[3],
                          const int64_t hi[3], const int64_t v[3])
{
    body3 b;
    fxl__u128 dp;
    fxl__big ln, ld, hn, hd, x, y;
    int l;
    body_of(lp, &b);
    dp = fxl__mul128_64(b.qp, 65536u); /* D' = 2^16 q p */
    fxl__big_i64(&ln, 0), fxl__big_i64(&ld, 1), fxl__big_i64(&hn, 1), fxl__big_i64(&hd, 1);
    for (l = 0; l < 3; l++) {
        fxl__i128 em = fxl__imul(b.e[0][l], tau);
        fxl__u128 dh = fxl__mul128_64(dp, fxl__abs64(hi[l])), dl = fxl__mul128_64(dp, fxl__abs64(lo[l]));
        fxl__u128 dv = fxl__mul128_64(dp, fxl__abs64(v[l]));
        fxl__i128 a = fxl__isub(em, fxl__i128_from(hi[l] < 0 ? fxl__neg128(dh) : dh));
        fxl__i128 c = fxl__isub(em, fxl__i128_from(lo[l] < 0 ? fxl__neg128(dl) : dl));
        fxl__big an, cn, den;
        if (v[l] == 0) {
            if (fxl__isign(a) > 0 || fxl__isign(c) < 0)
                return false;
            continue;
        }
        /* t |D' v_l| in [a, c] (v_l > 0) or [-c, -a] (v_l < 0) */
        big_of(&an, v[l] > 0 ? a : fxl__ineg(c));
        big_of(&cn, v[l] > 0 ? c : fxl__ineg(a));
        big_of(&den, fxl__i128_from(dv));
        fxl__big_mul(&x, &an, &ld), fxl__big_mul(&y, &ln, &den);
        if (fxl__big_cmp(&x, &y) > 0)
            ln = an, ld = den;
        fxl__big_mul(&x, &cn, &hd), fxl__big_mul(&y, &hn, &den);
        if (fxl__big_cmp(&x, &y) < 0)
            hn = cn, hd = den;
    }
    fxl__big_mul(&x, &ln, &hd), fxl__big_mul(&y, &hn, &ld);
    return fxl__big_cmp(&x, &y) <= 0;
}

/* The frame of the move: M, the weights, W, d = M v and the corners'
 * frame points u[c] (corner c has X_k = hi_k where bit k of c is set). */
FXL_ARM_CODE
static void frame_of_move(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                          const int64_t v[3], mov3 *s, int64_t u[8][3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int i, k, c;
    s->m[0][0] = cp * cy, s->m[0][1] = cp * sy, s->m[0][2] = -sp * 65536;
    s->m[1][0] = -sy * 65536, s->m[1][1] = cy * 65536, s->m[1][2] = 0;
    s->m[2][0] = sp * cy, s->m[2][1] = sp * sy, s->m[2][2] = cp * 65536;
    s->w[0] = lp->kind == FXL_LASER3D_EGG ? lp->egg_k : 0;
    s->w[1] = s->w[2] = lp->kind == FXL_LASER3D_EGG ? 65536 : 1;
    s->wid = (uint64_t)lp->half_wid;
    for (i = 0; i < 3; i++)
        s->d[i] = s->m[i][0] * v[0] + s->m[i][1] * v[1] + s->m[i][2] * v[2];
    for (i = 0; i < 3; i++) {
        u[0][i] = -(i == 0 ? lp->mid : 0);
        for (k = 0; k < 3; k++)
            u[0][i] += s->m[i][k] * lo[k];
    }
    /* the others from a corner one bit below: u[c] = u[c - 2^k] + m_k
     * (hi_k - lo_k), k c's top bit (every partial sum a corner's u: no
     * overflow, the same values as summed afresh) */
    for (c = 1; c < 8; c++) {
        k = c >= 4 ? 2 : c >= 2 ? 1 : 0;
        for (i = 0; i < 3; i++)
            u[c][i] = u[c - (1 << k)][i] + s->m[i][k] * (hi[k] - lo[k]);
    }
}

/* a scaled down (toward 0: any direction serves) below 2^28. */
static void shrink28(int64_t a[3])
{
    uint64_t mm = fxl__abs64(a[0]) | fxl__abs64(a[1]) | fxl__abs64(a[2]);
    unsigned b = fxl__bits64(mm), sh = b > 27u ? b - 27u : 0u, i;
    for (i = 0; i < 3; i++)
        a[i] = a[i] < 0 ? -(int64_t)(fxl__abs64(a[i]) >> sh) : (int64_t)(fxl__abs64(a[i]) >> sh);
}

/* A sure miss: the plane a . u = const (a a frame direction, |a_i| <
 * 2^28) with all of Z on the far side of the shape's support. Over Z,
 * a . u = sum_l C_l X_l - a0 mid + t (a . d) with C = a M (|C_l| <
 * 2^61.6): its least mn = sum_l C_l (lo_l or hi_l, the lower) + min(0, a
 * . d) - a0 mid (below 2^91, 128 bits). The egg's greatest a . u is W
 * sqrt(a0^2 w1 / w0 + a1^2 + a2^2) (w0 = 0: unbounded unless a0 = 0),
 * so mn > 0 and w0 mn^2 > W^2 T, T = w1 a0^2 + w0 (a1^2 + a2^2) (< 2^73)
 * separate; the cylinder's is L |a0| + W sqrt(a1^2 + a2^2): mn - L |a0| >
 * 0 and (mn - L |a0|)^2 > W^2 (a1^2 + a2^2). Exact in limbs (below
 * 2^200). Any a serves; the callers take the shape's gradient at points
 * of Z about nearest to it. */
FXL_ARM_CODE
static bool plane_parts(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t a[3],
                        const int64_t lo[3], const int64_t hi[3], const int64_t v[3])
{
    fxl__i128 mn = fxl__ineg(fxl__imul(a[0], lp->mid)), ad = fxl__i128_of(0);
    fxl__u128 t1, t2;
    uint32_t ml[4], sq[8], l[9], r[9] = {0}, w2[4], tl[4];
    bool egg = lp->kind == FXL_LASER3D_EGG;
    int k;
    for (k = 0; k < 3; k++) {
        int64_t c = a[0] * s->m[0][k] + a[1] * s->m[1][k] + a[2] * s->m[2][k];
        mn = fxl__iadd(mn, fxl__imul(c, c >= 0 ? lo[k] : hi[k]));
        ad = fxl__iadd(ad, fxl__imul(c, v[k]));
    }
    if (fxl__isign(ad) < 0)
        mn = fxl__iadd(mn, ad);
    if (!egg)
        mn = fxl__isub(mn, fxl__imul(lp->half_len, (int64_t)fxl__abs64(a[0])));
    if (fxl__isign(mn) <= 0)
        return false;
    if (egg && s->w[0] == 0 && a[0] != 0)
        return false;
    t1 = fxl__add(fxl__sq_signed(a[1]), fxl__sq_signed(a[2])); /* < 2^57 */
    if (egg)
        t1 = fxl__add(fxl__mul128_64(fxl__sq_signed(a[0]), (uint64_t)s->w[1]),
                      fxl__mul128_64(t1, (uint64_t)s->w[0]));
    limbs4(fxl__iabs(mn), ml);
    fxl__mul_limbs(ml, 4, ml, 4, sq);
    {
        uint32_t w0 = egg ? (uint32_t)s->w[0] : 1u;
        fxl__mul_limbs(sq, 8, &w0, 1, l);
    }
    t2 = fxl__sq(s->wid);
    limbs4(t2, w2), limbs4(t1, tl);
    fxl__mul_limbs(w2, 4, tl, 4, sq);
    for (k = 0; k < 8; k++)
        r[k] = sq[k];
    return fxl__cmp_limbs(l, r, 9) > 0;
}

/* The point p + T v / 2^16 of Z (p in the box, 0 <= T <= 2^16) inside
 * the shape, exactly: with U = 2^16 u = 2^16 (M p - (mid, 0, 0)) + T d
 * (below 2^78), Q(U) <= w1 (2^16 W)^2 (limbs, below 2^173); the cylinder
 * also |U0| <= 2^16 L. */
FXL_ARM_CODE
static bool point_in(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t p[3], int64_t tq)
{
    uint32_t l[10] = {0}, r[10] = {0};
    fxl__i128 uu[3];
    int i, k;
    for (i = 0; i < 3; i++) {
        int64_t a = -(i == 0 ? lp->mid : 0);
        for (k = 0; k < 3; k++)
            a += s->m[i][k] * p[k]; /* below 2^62 */
        uu[i] = fxl__iadd(fxl__imul(a, 65536), fxl__imul(tq, s->d[i]));
    }
    if (lp->kind != FXL_LASER3D_EGG &&
        !fxl__le128(fxl__iabs(uu[0]), fxl__mul64((uint64_t)lp->half_len, 65536u)))
        return false;
    for (i = 0; i < 3; i++)
        acc_wsq(l, fxl__iabs(uu[i]), (uint32_t)s->w[i]);
    acc_wsq(r, fxl__mul64(s->wid, 65536u), (uint32_t)s->w[1]);
    return fxl__cmp_limbs(l, r, 10) <= 0;
}

/* The shape's gradient at the frame point uc (egg (w0 u0 / 2^16, u1,
 * u2), cylinder (0, u1, u2)) as plane_parts' direction: true if it
 * separates (a sure miss). */
FXL_ARM_CODE
static bool grad_parts(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t uc[3],
                       const int64_t lo[3], const int64_t hi[3], const int64_t v[3])
{
    int64_t a[3];
    a[0] = lp->kind == FXL_LASER3D_EGG ? fxl__floor_shift(uc[0], 16) * s->w[0] : 0;
    a[1] = uc[1], a[2] = uc[2];
    shrink28(a);
    return plane_parts(lp, s, a, lo, hi, v);
}

/* The quick look: a point of Z of about the least Q (coordinate descent
 * over p's three axes and T, each step over-relaxed to 7/4 (q's valley
 * along the null direction makes plain steps zigzag), up to eight
 * sweeps (fewer when one moves nothing); rounded anywhere: only ever a
 * point of Z),
 * inside the shape (a sure hit, point_in), or the shape's gradient there
 * (grad_parts: tried after each of the first three sweeps too, where
 * most misses already separate: of the GBA bench's 108 near boxes
 * reaching here, 70 after one sweep, 104 after two, all after three) and
 * at Z's centre (a sure miss). 1, -1 or 0 (unsure). Steps:
 * along world axis l, Q(u + x m_l) is least at x = -G / H, G = sum_i w_i
 * u_i m_il, H = sum_i w_i m_il^2, taken on top bits (u >> 38 below 2^23,
 * m >> 20 below 2^12.1: G' below 2^52.7, H' below 2^41.7; x = -G' 2^18 /
 * H' raw); along t, with d >> 41 (below 2^20): G' below 2^60.7 (times
 * 7/4 below 2^61.6), H' below 2^57.7, dT = -G' 2^13 / H' (Q16); each clamped to the box and [0, 1],
 * and u updated (exactly for p, d >> 16 times dT for T). */
FXL_ARM_CODE
static int quick_moving(const fxl_laser3d_prep *lp, const mov3 *s, int64_t u[8][3],
                        const int64_t lo[3], const int64_t hi[3], const int64_t v[3])
{
    int64_t p[3], uc[3], tq = 32768, rec[4], wc[4][3];
    int sweep, l, i;
    bool moved = true;
    for (i = 0; i < 3; i++)
        p[i] = lo[i] + (hi[i] - lo[i]) / 2;
    for (i = 0; i < 3; i++) {
        uc[i] = -(i == 0 ? lp->mid : 0) + fxl__floor_shift(s->d[i], 16) * tq;
        for (l = 0; l < 3; l++)
            uc[i] += s->m[i][l] * p[l];
    }
    for (l = 0; l < 4; l++) {
        /* the steps' divisors H' >> 18 (>> 13 for t), as 2^40 / divisor
         * (0: no step), and the weighted columns w_i c_i (below 2^36) */
        int64_t h = 0;
        for (i = 0; i < 3; i++) {
            int64_t c = l < 3 ? fxl__floor_shift(s->m[i][l], 20) : fxl__floor_shift(s->d[i], 41);
            wc[l][i] = s->w[i] * c;
            h += wc[l][i] * c;
        }
        h >>= l < 3 ? 18 : 13;
        rec[l] = h > 0 ? ((int64_t)1 << 40) / h : 0;
    }
    for (sweep = 0; sweep < 8 && moved; sweep++) {
        moved = false;
        for (l = 0; l < 4; l++) {
            int64_t g = 0, x, nx;
            fxl__i128 gx;
            if (rec[l] == 0)
                continue;
            for (i = 0; i < 3; i++)
                g += wc[l][i] * fxl__floor_shift(uc[i], 38);
            g += fxl__floor_shift(g, 1) + fxl__floor_shift(g, 2); /* over-relaxed: 7/4 of the step */
            /* x = -g rec / 2^40, saturated at 2^30 (beyond any range) */
            gx = fxl__imul(g, rec[l]);
            x = fxl__isign(gx) == 0 ? 0 : (int64_t)(fxl__iabs(gx).hi >> 8 != 0 ? (uint64_t)1 << 30
                                                     : ((fxl__iabs(gx).hi << 24) | (fxl__iabs(gx).lo >> 40)));
            x = x > ((int64_t)1 << 30) ? (int64_t)1 << 30 : x;
            x = fxl__isign(gx) > 0 ? -x : x;
            if (l < 3) {
                nx = p[l] + x;
                nx = nx < lo[l] ? lo[l] : nx > hi[l] ? hi[l] : nx;
                for (i = 0; i < 3; i++)
                    uc[i] += s->m[i][l] * (nx - p[l]);
                moved = moved || nx != p[l];
                p[l] = nx;
            } else {
                nx = tq + (x > 65536 ? 65536 : x < -65536 ? -65536 : x);
                nx = nx < 0 ? 0 : nx > 65536 ? 65536 : nx;
                for (i = 0; i < 3; i++)
                    uc[i] += fxl__floor_shift(s->d[i], 16) * (nx - tq);
                moved = moved || nx != tq;
                tq = nx;
            }
        }
        if (sweep < 3 && moved && grad_parts(lp, s, uc, lo, hi, v))
            return -1;
    }
    if (point_in(lp, s, p, tq))
        return 1;
    if (grad_parts(lp, s, uc, lo, hi, v))
        return -1;
    for (i = 0; i < 3; i++)
        uc[i] = u[0][i] / 2 + u[7][i] / 2 + s->d[i] / 2; /* Z's centre */
    return grad_parts(lp, s, uc, lo, hi, v) ? -1 : 0;
}

FXL_ARM_CODE
int fxl__laser3d_round_moving_quick(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                                    const int64_t v[3])
{
    mov3 s;
    int64_t u[8][3];
    frame_of_move(lp, lo, hi, v, &s, u);
    return quick_moving(lp, &s, u, lo, hi, v);
}

FXL_ARM_CODE
bool fxl__laser3d_egg_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3])
{
    mov3 s;
    int64_t u[8][3];
    int c, j;
    frame_of_move(lp, lo, hi, v, &s, u);
    if (axis_point_in(lp, lp->mid, lo, hi, v))
        return true;
    for (c = 0; c < 8; c++)
        if (segment_in(&s, u[c]))
            return true;
    for (j = 0; j < 3; j++)
        for (c = 0; c < 8; c++)
            if (((c >> j) & 1) == 0 && plane_in(&s, u[c], j, hi[j] - lo[j]))
                return true;
    return false;
}

/* ---- the cylinder ------------------------------------------------------ */

/* x^2 as limbs (x < 2^128) added to acc (12 limbs). */
FXL_ARM_CODE
static void acc_sq12(uint32_t acc[12], fxl__u128 x)
{
    uint32_t a[4], sq[8];
    limbs4(x, a);
    fxl__mul_limbs(a, 4, a, 4, sq);
    add_limbs(acc, 12, sq, 8);
}

/* |a| <= b (b >= 0) for a big. */
static bool big_abs_le(const fxl__big *a, const fxl__big *b)
{
    fxl__big na;
    if (a->sign >= 0)
        return fxl__big_cmp(a, b) <= 0;
    fxl__big_add(&na, a, b); /* -a <= b iff a + b >= 0 */
    return na.sign >= 0;
}

/* The corner's path u + t d, t in [0, 1] (no cap tight): Q = (u1 + t
 * d1)^2 + (u2 + t d2)^2 least at t* = -B / A, A = d1^2 + d2^2 (below
 * 2^123; 0: Q constant, skipped), B = u1 d1 + u2 d2 (below 2^123): t* in
 * [0, 1] iff B <= 0 <= A + B; within the slab iff |u0 A - B d0| <= L A
 * (below 2^185, big.h); Q(t*) = C12^2 / A <= W^2 iff C12^2 <= W^2 A
 * (C12 = u1 d2 - u2 d1 below 2^123; each side below 2^249, limbs). */
FXL_ARM_CODE
static bool cyl_segment_in(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t u[3])
{
    const int64_t *d = s->d;
    fxl__u128 a = fxl__add(fxl__sq_signed(d[1]), fxl__sq_signed(d[2]));
    fxl__i128 b = fxl__iadd(fxl__imul(u[1], d[1]), fxl__imul(u[2], d[2]));
    fxl__big ab, ab2, bb, x, y;
    uint32_t l[12] = {0}, r[12] = {0};
    if (a.hi == 0 && a.lo == 0)
        return false;
    if (fxl__isign(b) > 0 || !fxl__le128(fxl__iabs(b), a))
        return false;
    fxl__big_u128(&ab, a);
    fxl__big_i64(&x, u[0]);
    fxl__big_mul(&y, &x, &ab);
    big_of(&bb, b);
    fxl__big_i64(&x, d[0]);
    fxl__big_mul(&ab2, &bb, &x);
    fxl__big_sub(&y, &y, &ab2); /* u0 A - B d0 */
    fxl__big_i64(&x, lp->half_len);
    fxl__big_mul(&bb, &x, &ab); /* L A */
    if (!big_abs_le(&y, &bb))
        return false;
    acc_sq12(l, fxl__iabs(fxl__isub(fxl__imul(u[1], d[2]), fxl__imul(u[2], d[1]))));
    acc_sq12(r, fxl__mul64(s->wid, fxl__abs64(d[1])));
    acc_sq12(r, fxl__mul64(s->wid, fxl__abs64(d[2])));
    return fxl__cmp_limbs(l, r, 12) <= 0;
}

/* The corner's path crossing the cap u0 = sL (s = +-1, the cap tight):
 * with h = sL - u0 (below 2^61.1), d0 != 0, t = h / d0 in [0, 1], and
 * there (u1 d0 + h d1)^2 + (u2 d0 + h d2)^2 <= (W d0)^2 (each term below
 * 2^124: limbs). */
FXL_ARM_CODE
static bool cyl_cross_in(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t u[3], int sg)
{
    const int64_t *d = s->d;
    int64_t h = (sg > 0 ? lp->half_len : -lp->half_len) - u[0];
    uint32_t l[12] = {0}, r[12] = {0};
    if (d[0] == 0 || (d[0] > 0 ? h < 0 || h > d[0] : h > 0 || h < d[0]))
        return false;
    acc_sq12(l, fxl__iabs(fxl__iadd(fxl__imul(u[1], d[0]), fxl__imul(h, d[1]))));
    acc_sq12(l, fxl__iabs(fxl__iadd(fxl__imul(u[2], d[0]), fxl__imul(h, d[2]))));
    acc_sq12(r, fxl__mul64(s->wid, fxl__abs64(d[0])));
    return fxl__cmp_limbs(l, r, 12) <= 0;
}

/* The parallelogram u + s c + t d (c column j of M) crossing the axis
 * (no cap tight; Q = 0 there): u1 + s c1 + t d1 = u2 + s c2 + t d2 = 0,
 * by Cramer's rule with n0 = c1 d2 - c2 d1 (below 2^94; 0: the plane
 * holds the axis' direction or Q is not strict, skipped): s = (d1 u2 -
 * d2 u1) / n0 (below 2^123), t = (c2 u1 - c1 u2) / n0 (below 2^94); s
 * in [0, g], t in [0, 1], and the crossing's u0 within the slab: |u0 n0
 * + s_num c0 + t_num d0| <= L |n0| (below 2^156, big.h). */
FXL_ARM_CODE
static bool cyl_axis_in(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t u[3], int j, int64_t g)
{
    const int64_t *d = s->d;
    int64_t c0 = s->m[0][j], c1 = s->m[1][j], c2 = s->m[2][j];
    fxl__i128 n0 = fxl__isub(fxl__imul(c1, d[2]), fxl__imul(c2, d[1]));
    fxl__i128 sn = fxl__isub(fxl__imul(d[1], u[2]), fxl__imul(d[2], u[1]));
    fxl__i128 tn = fxl__isub(fxl__imul(c2, u[1]), fxl__imul(c1, u[2]));
    fxl__big x, y, z;
    if (fxl__isign(n0) == 0)
        return false;
    if (fxl__isign(n0) < 0)
        n0 = fxl__ineg(n0), sn = fxl__ineg(sn), tn = fxl__ineg(tn);
    if (fxl__isign(sn) < 0 || fxl__isign(tn) < 0 || !fxl__le128(fxl__iabs(tn), fxl__iabs(n0)))
        return false;
    big_of(&x, n0);
    fxl__big_i64(&y, g);
    fxl__big_mul(&z, &x, &y);
    big_of(&y, sn);
    if (fxl__big_cmp(&y, &z) > 0)
        return false; /* s > g */
    {
        fxl__big w, t;
        fxl__big_i64(&w, u[0]);
        fxl__big_mul(&z, &x, &w); /* u0 n0 */
        fxl__big_i64(&w, c0);
        fxl__big_mul(&t, &y, &w);
        fxl__big_add(&z, &z, &t);
        big_of(&y, tn);
        fxl__big_i64(&w, d[0]);
        fxl__big_mul(&t, &y, &w);
        fxl__big_add(&z, &z, &t);
        fxl__big_i64(&w, lp->half_len);
        fxl__big_mul(&t, &x, &w); /* L n0 */
        return big_abs_le(&z, &t);
    }
}

/* The parallelogram u + s c + t d cut by the cap u0 = sL (a line; the
 * cap tight). Its points' (u1, u2) satisfy n1 u1 + n2 u2 = r, n = c x d
 * (below 2^94), r = n . u - n0 sL (below 2^157); N = n1^2 + n2^2 = 0:
 * not strict (skipped); c0 = d0 = 0: no line (the plane is the cap's or
 * misses it; the axis crossing decides). The least u1^2 + u2^2 on it is
 * r^2 / N: within W iff r^2 <= W^2 N (below 2^315, limbs). Where: along
 * the line (s, t) moves by (d0, -c0), the frame point by R = d0 c - c0 d
 * = (0, -n2, n1); with h = sL - u0: if d0 != 0, from (0, h / d0) with
 * A' = d0 (u1, u2) + h (d1, d2) (below 2^124) and P = A' . R (below
 * 2^219), s* = -P / N in [0, g] and t* = (h N + c0 P) / (d0 N) in [0, 1]
 * (below 2^252, big.h); if d0 = 0, s* = h / c0 in [0, g] and with A' =
 * c0 (u1, u2) + h (c1, c2), t* = P / N in [0, 1]. */
FXL_ARM_CODE
static bool cyl_cap_line_in(const fxl_laser3d_prep *lp, const mov3 *s, const int64_t u[3], int j,
                            int64_t g, int sg)
{
    const int64_t *d = s->d;
    int64_t c[3], h = (sg > 0 ? lp->half_len : -lp->half_len) - u[0], e0, e1, e2;
    fxl__i128 n[3];
    fxl__big nn, r, x, y, p, num, den;
    int i;
    for (i = 0; i < 3; i++)
        c[i] = s->m[i][j];
    if (c[0] == 0 && d[0] == 0)
        return false;
    n[0] = fxl__isub(fxl__imul(c[1], d[2]), fxl__imul(c[2], d[1]));
    n[1] = fxl__isub(fxl__imul(c[2], d[0]), fxl__imul(c[0], d[2]));
    n[2] = fxl__isub(fxl__imul(c[0], d[1]), fxl__imul(c[1], d[0]));
    fxl__big_i64(&nn, 0);
    for (i = 1; i < 3; i++) {
        big_of(&x, n[i]);
        fxl__big_mul(&y, &x, &x);
        fxl__big_add(&nn, &nn, &y);
    }
    if (nn.sign == 0)
        return false;
    /* where: the line's least point within the parallelogram */
    e0 = d[0] != 0 ? d[0] : c[0]; /* A' = e0 (u1, u2) + h (e1, e2) */
    e1 = d[0] != 0 ? d[1] : c[1], e2 = d[0] != 0 ? d[2] : c[2];
    {
        fxl__i128 a1 = fxl__iadd(fxl__imul(e0, u[1]), fxl__imul(h, e1));
        fxl__i128 a2 = fxl__iadd(fxl__imul(e0, u[2]), fxl__imul(h, e2));
        big_of(&x, a1);
        big_of(&y, fxl__ineg(n[2]));
        fxl__big_mul(&p, &x, &y);
        big_of(&x, a2);
        big_of(&y, n[1]);
        fxl__big_mul(&r, &x, &y);
        fxl__big_add(&p, &p, &r); /* P = A' . R */
    }
    if (d[0] != 0) {
        num = p;
        num.sign = -num.sign; /* -P: s* N */
        if (!frac_within(&num, &nn, g))
            return false;
        fxl__big_i64(&x, h);
        fxl__big_mul(&num, &x, &nn);
        fxl__big_i64(&x, c[0]);
        fxl__big_mul(&y, &x, &p);
        fxl__big_add(&num, &num, &y); /* h N + c0 P */
        fxl__big_i64(&x, d[0]);
        fxl__big_mul(&den, &x, &nn);
        if (den.sign < 0)
            num.sign = -num.sign, den.sign = -den.sign;
        if (!frac_within(&num, &den, 1))
            return false;
    } else {
        int64_t gc = g * c[0]; /* below 2^61 */
        if (c[0] > 0 ? h < 0 || h > gc : h > 0 || h < gc)
            return false; /* s* = h / c0 outside [0, g] */
        if (!frac_within(&p, &nn, 1))
            return false;
    }
    {
        /* r^2 <= W^2 N: r = n . u - n0 sL below 2^157 (six limbs), N
         * below 2^189 (seven) */
        uint32_t rl[12], w2[4], l[13], rr[13];
        fxl__big_i64(&r, 0);
        for (i = 0; i < 3; i++) {
            big_of(&x, n[i]);
            fxl__big_i64(&y, i == 0 ? u[0] - (sg > 0 ? lp->half_len : -lp->half_len) : u[i]);
            fxl__big_mul(&p, &x, &y);
            fxl__big_add(&r, &r, &p);
        }
        fxl__mul_limbs(r.w, 6, r.w, 6, rl);
        limbs4(fxl__sq(s->wid), w2);
        fxl__mul_limbs(w2, 4, nn.w, 8, rr);
        rr[12] = 0;
        for (i = 0; i < 12; i++)
            l[i] = rl[i];
        l[12] = 0;
        return fxl__cmp_limbs(l, rr, 13) <= 0;
    }
}

FXL_ARM_CODE
bool fxl__laser3d_cyl_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3])
{
    mov3 s;
    int64_t u[8][3];
    int c, j, sg;
    frame_of_move(lp, lo, hi, v, &s, u);
    if (axis_point_in(lp, lp->mid - lp->half_len, lo, hi, v) ||
        axis_point_in(lp, lp->mid + lp->half_len, lo, hi, v))
        return true; /* a cap's centre in the swept body */
    for (c = 0; c < 8; c++)
        if (cyl_segment_in(lp, &s, u[c]) || cyl_cross_in(lp, &s, u[c], 1) || cyl_cross_in(lp, &s, u[c], -1))
            return true;
    for (j = 0; j < 3; j++)
        for (c = 0; c < 8; c++) {
            if (((c >> j) & 1) != 0)
                continue;
            if (cyl_axis_in(lp, &s, u[c], j, hi[j] - lo[j]))
                return true;
            for (sg = -1; sg <= 1; sg += 2)
                if (cyl_cap_line_in(lp, &s, u[c], j, hi[j] - lo[j], sg))
                    return true;
        }
    return false;
}
