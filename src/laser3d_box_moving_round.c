/* laser3d_box_moving_round.c - the exact stage of the egg against a 3D
 * box moving over the frame (fxl_laser3d_vs_moving_aabb3 calls it when
 * neither end hits and the egg's bounding prism does not rule the path
 * out; frame and domain in fixlaser/laser3d.h, the egg's form as
 * laser3d_round.c's).
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
 * as fractions (cross products below 2^224, big.h). */
#include "fixlaser/laser3d.h"

#include "big.h"
#include "laser3d_body.h"
#include "wide.h"

/* fxl_laser3d_vs_moving_aabb3's exact stage for the egg: lo, hi the box's
 * corners minus pos (raw, |.| <= 2^28, lo <= hi), v the move (|v_k| <=
 * 2^28, not 0); both ends already missed. True iff the path meets the egg
 * between them. */
bool fxl__laser3d_egg_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3]);

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

/* Some t in [0, 1] with Xm - t v in the box (see the top). */
FXL_ARM_CODE
static bool middle_in(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                      const int64_t v[3])
{
    body3 b;
    fxl__u128 dp;
    fxl__big ln, ld, hn, hd, x, y;
    int l;
    body_of(lp, &b);
    dp = fxl__mul128_64(b.qp, 65536u); /* D' = 2^16 q p */
    fxl__big_i64(&ln, 0), fxl__big_i64(&ld, 1), fxl__big_i64(&hn, 1), fxl__big_i64(&hd, 1);
    for (l = 0; l < 3; l++) {
        fxl__i128 em = fxl__imul(b.e[0][l], b.mid);
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

FXL_ARM_CODE
bool fxl__laser3d_egg_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3])
{
    mov3 s;
    int64_t u[8][3], cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int i, k, c, j;
    if (middle_in(lp, lo, hi, v))
        return true;
    s.m[0][0] = cp * cy, s.m[0][1] = cp * sy, s.m[0][2] = -sp * 65536;
    s.m[1][0] = -sy * 65536, s.m[1][1] = cy * 65536, s.m[1][2] = 0;
    s.m[2][0] = sp * cy, s.m[2][1] = sp * sy, s.m[2][2] = cp * 65536;
    s.w[0] = lp->egg_k, s.w[1] = s.w[2] = 65536;
    s.wid = (uint64_t)lp->half_wid;
    for (i = 0; i < 3; i++)
        s.d[i] = s.m[i][0] * v[0] + s.m[i][1] * v[1] + s.m[i][2] * v[2];
    /* corner c has X_k = hi_k where bit k of c is set */
    for (c = 0; c < 8; c++) {
        for (i = 0; i < 3; i++) {
            u[c][i] = 0;
            for (k = 0; k < 3; k++)
                u[c][i] += s.m[i][k] * ((c >> k) & 1 ? hi[k] : lo[k]);
        }
        u[c][0] -= lp->mid;
        if (segment_in(&s, u[c]))
            return true;
    }
    for (j = 0; j < 3; j++)
        for (c = 0; c < 8; c++)
            if (((c >> j) & 1) == 0 && plane_in(&s, u[c], j, hi[j] - lo[j]))
                return true;
    return false;
}
