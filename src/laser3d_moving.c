/* laser3d_moving.c - 3D lasers against spheres moving straight over the
 * frame (a swept sphere: a 3D capsule), frame, domain and shapes in
 * fixlaser/laser3d.h.
 *
 * The sphere's centre runs from A to B (world, Q16.16); its frame point
 * f(t) = M (A + t (B - A) - pos) - (mid, 0, 0) (Q16.48, the static test's
 * x, y, z) is linear in t, a segment from fA to fB = fA + D.
 *
 * Box laser, exact. The static test hits iff g(f) = ex^2 + ey^2 + ez^2 <=
 * R^2 (ex = max(0, |x| - L) ..., R = r 2^32), i.e. f lies in the frame box
 * H = [-h, h] (h = (L, W, W)) rounded by R. The capsule hits iff g(f(t))
 * <= R^2 for some real t in [0, 1]. Split by the region of H's outside
 * the point lies in: for an axis with the point inside [-h_i, h_i] the
 * term is 0, for the others it is (f_i - b_i)^2 with b_i = +-h_i the
 * nearer face, and excess_i^2 <= (f_i - b_i)^2 for either sign of b_i.
 * So a hit at t is one of (the reverse of each also gives g <= R^2):
 *   no or one axis outside: f(t) in H grown by R along one axis (three
 *     boxes): a segment-versus-box test (slab intervals of t compared as
 *     fractions, 128-bit cross products);
 *   two axes i, j outside, k inside: the 2D distance of (f_i, f_j) from
 *     the edge's (b_i, b_j) <= R with f_k in [-h_k, h_k]. That quadratic in
 *     t is convex: its least value over the interval of t where f_k is
 *     inside is at t0 = -(a.d) / |d|^2 (a = fA - b, d = D on axes i, j) or
 *     at an end of the interval; an end is t = 0 or 1 (the static test of
 *     A or B: g there <= the 2D value) or f_k = +-h_k (a point within R of
 *     a corner: the corner case below). So only t0 inside both [0, 1] and
 *     the interval needs testing: 0 <= -(a.d) <= |d|^2, (-h_k - fA_k)
 *     |d|^2 <= -(a.d) D_k <= (h_k - fA_k) |d|^2 (192-bit products, limbs),
 *     and |a x d|^2 <= R^2 |d|^2 (Lagrange: the least value times |d|^2;
 *     up to 2^252, limbs);
 *   all three outside: within R of the corner b: again at t0 (then 0 <=
 *     -(a.d) <= |d|^2 and |a x d|^2 <= R^2 |d|^2) or at t = 0 or 1.
 * Sizes in the domain: |fA|, |fB| < 2^61 (laser3d_box.c), |D| < 2^62.3,
 * h, R < 2^58: every a below 2^61.5, a.d and each cross entry below 2^126.
 *
 * Cylinder, exact. C = {|x| <= L, rho <= W} (rho = sqrt(y^2 + z^2)); the
 * static test hits iff dist(f, C) <= R, and dist(f, C)^2 = max(0, |x| -
 * L)^2 + max(0, rho - W)^2. So a point within R of C has (a) |x| <= L and
 * rho <= W + R (the fat tube), or (b) rho <= W and |x| <= L + R (the disc
 * slab), or (c) |x| > L, rho > W and (rho - W)^2 + (|x| - L)^2 <= R^2:
 * within R of a rim circle (rho = W, x = +-L); and every point of (a), (b)
 * or within R of a rim circle is within R of C. The capsule hits iff the
 * path meets one of those four sets. (a) and (b) are convex: the slab
 * |x| <= X gives an interval of t, over which rho^2 is a convex quadratic
 * in t, least at its stationary point or an end of the interval, compared
 * exactly (seg_tube: Lagrange's identity in 2D, 128-bit cross products,
 * 8 limbs). (c): a torus, not convex; the path meets it iff a quartic in
 * t has a real root in (0, 1) (laser3d_moving_rim.c: given both ends
 * missed, a Sturm count in big integers), after cheap decisions by tubes
 * (rim_path: staircases of tubes covering the torus for a miss, boxes
 * inside it for a hit). In front of all that, and of each rim's tubes,
 * 32-bit filters of the distance to the cylinder and to the rim's disc,
 * convex along the path (laser3d_moving_rim.c); they decide all but paths
 * within a hair of touching.
 * Egg, exact. The static test hits iff q(f) = k x^2 + 2^16 (y^2 + z^2) <=
 * 2^16 R^2 (k in Q16, R = (W + r) 2^32, x about the middle). Along the
 * path, with a = fA and the weights w = (k, 2^16, 2^16), q(t) = A t^2 +
 * 2 b t + C, A = sum w_i D_i^2, b = sum w_i a_i D_i, C = q(fA): convex, so
 * after the exact static test of both ends a hit needs the stationary
 * point t* = -b / A strictly inside (0, 1) (0 < -b < A) and q(t*) = (A C
 * - b^2) / A <= 2^16 R^2. Lagrange's identity for weighted sums: A C -
 * b^2 = sum_{i<j} w_i w_j c_ij^2, c_ij = a_i D_j - a_j D_i, so (dividing by
 * 2^16) the hit is k (c01^2 + c02^2) + 2^16 c12^2 <= A R^2, compared in
 * limbs (egg_path). A filter first: the egg lies in the box |x| <= Le, |y|,
 * |z| <= W + r, Le = ceil((W + r) 2^16 / floor(sqrt(k 2^16))) raw units
 * (>= (W + r) / sqrt k, its reach along x; unbounded when k = 0 or Le >=
 * 2^29): a path missing that box (slab test, 128-bit) misses the egg. */
#include "fixlaser/laser3d.h"

#include "batch.h"
#include "big.h"
#include "domain.h"
#include "laser3d_moving_rim.h"
#include "wide.h"

/* Beyond every frame coordinate of an in-domain point (laser3d_box.c). */
#define UNBOUNDED_Q48 ((int64_t)1 << 61)

static int32_t clamp28(int32_t v)
{
    return fxl__clamp32(v, -(1 << 28), 1 << 28);
}

/* The static test's frame point of p (Q16.48, x about the middle). */
static void frame(const fxl_laser3d_prep *lp, fxl_vec3 p, int64_t f[3])
{
    int32_t dx = clamp28((int32_t)((uint32_t)p.x - (uint32_t)lp->pos.x));
    int32_t dy = clamp28((int32_t)((uint32_t)p.y - (uint32_t)lp->pos.y));
    int32_t dz = clamp28((int32_t)((uint32_t)p.z - (uint32_t)lp->pos.z));
    int64_t x1 = (int64_t)lp->cy * dx + (int64_t)lp->sy * dy; /* Q32 */
    int64_t z1 = (int64_t)dz * 65536;                         /* Q32 */
    f[0] = lp->cp * x1 - lp->sp * z1 - lp->mid;
    f[1] = ((int64_t)lp->cy * dy - (int64_t)lp->sy * dx) * 65536;
    f[2] = lp->sp * x1 + lp->cp * z1;
}

/* sign(a / b - c / d) for b, d > 0 (|a|, |c| < 2^63, b, d < 2^63). */
static int frac_cmp(int64_t a, int64_t b, int64_t c, int64_t d)
{
    fxl__i128 l = fxl__imul(a, d), r = fxl__imul(c, b);
    return fxl__isign(fxl__isub(l, r));
}

/* Does a + t d (t in [0, 1]) meet the box [lo, hi] (closed)? Slab
 * intervals of t: each bound is a fraction n / m with m > 0; |n| < 2^62,
 * m < 2^62.3, cross products below 2^125. */
static bool seg_box(const int64_t a[3], const int64_t d[3], const int64_t lo[3],
                    const int64_t hi[3])
{
    int64_t n0 = 0, m0 = 1, n1 = 1, m1 = 1; /* t in [n0 / m0, n1 / m1] */
    int i;
    for (i = 0; i < 3; i++) {
        int64_t nl, nh, m;
        if (d[i] == 0) {
            if (a[i] < lo[i] || a[i] > hi[i])
                return false;
            continue;
        }
        if (d[i] > 0)
            nl = lo[i] - a[i], nh = hi[i] - a[i], m = d[i];
        else
            nl = a[i] - hi[i], nh = a[i] - lo[i], m = -d[i];
        if (frac_cmp(nl, m, n0, m0) > 0)
            n0 = nl, m0 = m;
        if (frac_cmp(nh, m, n1, m1) < 0)
            n1 = nh, m1 = m;
        if (frac_cmp(n0, m0, n1, m1) > 0)
            return false;
    }
    return true;
}

static void limbs4(fxl__u128 v, uint32_t out[4])
{
    out[0] = (uint32_t)v.lo, out[1] = (uint32_t)(v.lo >> 32);
    out[2] = (uint32_t)v.hi, out[3] = (uint32_t)(v.hi >> 32);
}

/* out (8 limbs) += v^2. */
static void add_sq(fxl__u128 v, uint32_t out[8])
{
    uint32_t l[4], s[8];
    uint64_t carry = 0;
    int i;
    limbs4(v, l);
    fxl__mul_limbs(l, 4, l, 4, s);
    for (i = 0; i < 8; i++) {
        carry += (uint64_t)out[i] + s[i];
        out[i] = (uint32_t)carry;
        carry >>= 32;
    }
}

/* sum c_i^2 <= R^2 q (q = |d|^2 < 2^127, R < 2^59): 8 limbs each side. */
static bool cross_le(const fxl__i128 *c, int n, uint64_t rr, fxl__u128 q)
{
    uint32_t lhs[8] = {0}, rhs[8], ql[4], r2[4];
    int i;
    for (i = 0; i < n; i++)
        add_sq(fxl__iabs(c[i]), lhs);
    limbs4(fxl__sq(rr), r2);
    limbs4(q, ql);
    fxl__mul_limbs(r2, 4, ql, 4, rhs);
    return fxl__cmp_limbs(lhs, rhs, 8) <= 0;
}

/* Signed a (int64) times b (i128) as a sign and 6 limbs of magnitude. */
static int mul_signed(int64_t a, fxl__i128 b, uint32_t out[6])
{
    uint64_t ua = fxl__abs64(a);
    uint32_t al[2], bl[4];
    int s = fxl__isign(b);
    al[0] = (uint32_t)ua, al[1] = (uint32_t)(ua >> 32);
    limbs4(fxl__iabs(b), bl);
    fxl__mul_limbs(al, 2, bl, 4, out);
    return a == 0 ? 0 : a < 0 ? -s : s;
}

/* sign(a1 b1 - a2 b2). */
static int cmp_prod(int64_t a1, fxl__i128 b1, int64_t a2, fxl__i128 b2)
{
    uint32_t x[6], y[6];
    int s1 = mul_signed(a1, b1, x), s2 = mul_signed(a2, b2, y), c;
    if (s1 != s2)
        return s1 > s2 ? 1 : -1;
    if (s1 == 0)
        return 0;
    c = fxl__cmp_limbs(x, y, 6);
    return s1 > 0 ? c : -c;
}

static fxl__i128 dot(const int64_t *a, const int64_t *d, const int *ax, int n)
{
    fxl__i128 s = fxl__i128_of(0);
    int i;
    for (i = 0; i < n; i++)
        s = fxl__iadd(s, fxl__imul(a[ax[i]], d[ax[i]]));
    return s;
}

/* The capsule of radius R (Q48) along a + t d against the frame box
 * [-h, h] rounded by R, for the cases the static tests of the ends leave
 * (see the top). */
FXL_NOINLINE
static bool capsule_box(const int64_t fa[3], const int64_t d[3], const int64_t h[3], int64_t rr)
{
    int i, j, k, c;
    for (i = 0; i < 3; i++) {
        int64_t lo[3], hi[3];
        for (j = 0; j < 3; j++)
            lo[j] = -h[j] - (i == j ? rr : 0), hi[j] = h[j] + (i == j ? rr : 0);
        if (seg_box(fa, d, lo, hi))
            return true;
    }
    for (c = 0; c < 8; c++) { /* corners */
        static const int all[3] = {0, 1, 2};
        int64_t a[3];
        fxl__i128 nd, cr[3];
        fxl__u128 q;
        for (j = 0; j < 3; j++)
            a[j] = fa[j] - ((c >> j) & 1 ? h[j] : -h[j]);
        nd = fxl__ineg(dot(a, d, all, 3));
        q = fxl__i128_bits(dot(d, d, all, 3));
        if (fxl__isign(nd) < 0 || !fxl__le128(fxl__iabs(nd), q))
            continue;
        cr[0] = fxl__isub(fxl__imul(a[1], d[2]), fxl__imul(a[2], d[1]));
        cr[1] = fxl__isub(fxl__imul(a[2], d[0]), fxl__imul(a[0], d[2]));
        cr[2] = fxl__isub(fxl__imul(a[0], d[1]), fxl__imul(a[1], d[0]));
        if (cross_le(cr, 3, (uint64_t)rr, q))
            return true;
    }
    for (k = 0; k < 3; k++) { /* edges along axis k */
        int ax[2];
        ax[0] = k == 0 ? 1 : 0, ax[1] = k == 2 ? 1 : 2;
        if (d[ax[0]] == 0 && d[ax[1]] == 0)
            continue; /* a constant 2D distance: decided at the ends */
        for (c = 0; c < 4; c++) {
            int64_t a[3];
            fxl__i128 nd, qi, cr;
            fxl__u128 q;
            a[ax[0]] = fa[ax[0]] - (c & 1 ? h[ax[0]] : -h[ax[0]]);
            a[ax[1]] = fa[ax[1]] - (c & 2 ? h[ax[1]] : -h[ax[1]]);
            a[k] = 0;
            nd = fxl__ineg(dot(a, d, ax, 2));
            qi = dot(d, d, ax, 2);
            q = fxl__i128_bits(qi);
            if (fxl__isign(nd) < 0 || !fxl__le128(fxl__iabs(nd), q))
                continue;
            /* f_k(t0) = fa_k + nd d_k / q in [-h_k, h_k] */
            if (cmp_prod(-h[k] - fa[k], qi, d[k], nd) > 0 ||
                cmp_prod(d[k], nd, h[k] - fa[k], qi) > 0)
                continue;
            cr = fxl__isub(fxl__imul(a[ax[0]], d[ax[1]]), fxl__imul(a[ax[1]], d[ax[0]]));
            if (cross_le(&cr, 1, (uint64_t)rr, q))
                return true;
        }
    }
    return false;
}

/* n limbs: out += v (m <= n limbs, carry kept inside n). */
static void add_limbs(uint32_t *out, int n, const uint32_t *v, int m)
{
    uint64_t carry = 0;
    int i;
    for (i = 0; i < n; i++) {
        carry += (uint64_t)out[i] + (i < m ? v[i] : 0u);
        out[i] = (uint32_t)carry;
        carry >>= 32;
    }
}

/* The egg's path, exact (see the top): the ends are decided, so the hit
 * is at the stationary point t* = -b / A inside (0, 1), and there iff
 * k (c01^2 + c02^2) + 2^16 c12^2 <= A R^2. Sizes: |a_i| < 2^61 (frame()
 * clamps every offset to 2^28), |D_i| < 2^62, so c_ij < 2^124, A <
 * 2^16 (3 2^124) < 2^142, |b| < 2^142 (big.h, 256 bits); the left side
 * below 2^16 2^249 + 2^16 2^248 < 2^266, the right A R^2 < 2^142 2^118:
 * ten 32-bit limbs each. */
FXL_NOINLINE
static bool egg_path(const int64_t a[3], const int64_t d[3], uint32_t k, uint64_t reach)
{
    fxl__big bk, b16, sq, t, aa, bb, u;
    fxl__i128 c01, c02, c12;
    uint32_t lhs[10] = {0}, rhs[10], r4[4];
    int i;
    fxl__big_i64(&bk, (int64_t)k);
    fxl__big_i64(&b16, 65536);
    /* A = k D0^2 + 2^16 (D1^2 + D2^2), b = k a0 D0 + 2^16 (a1 D1 + a2 D2) */
    fxl__big_i128(&sq, fxl__imul(d[0], d[0]));
    fxl__big_mul(&aa, &bk, &sq);
    fxl__big_i128(&sq, fxl__iadd(fxl__imul(d[1], d[1]), fxl__imul(d[2], d[2])));
    fxl__big_mul(&t, &b16, &sq);
    fxl__big_add(&aa, &aa, &t);
    fxl__big_i128(&sq, fxl__imul(a[0], d[0]));
    fxl__big_mul(&bb, &bk, &sq);
    fxl__big_i128(&sq, fxl__iadd(fxl__imul(a[1], d[1]), fxl__imul(a[2], d[2])));
    fxl__big_mul(&t, &b16, &sq);
    fxl__big_add(&bb, &bb, &t);
    /* 0 < -b < A: t* strictly inside (A = 0: q is constant, ends decide) */
    fxl__big_add(&u, &aa, &bb);
    if (bb.sign >= 0 || u.sign <= 0)
        return false;
    c01 = fxl__isub(fxl__imul(a[0], d[1]), fxl__imul(a[1], d[0]));
    c02 = fxl__isub(fxl__imul(a[0], d[2]), fxl__imul(a[2], d[0]));
    c12 = fxl__isub(fxl__imul(a[1], d[2]), fxl__imul(a[2], d[1]));
    {
        uint32_t acc[9] = {0}, s[9], l4[4];
        limbs4(fxl__iabs(c01), l4);
        fxl__mul_limbs(l4, 4, l4, 4, s);
        add_limbs(acc, 9, s, 8);
        limbs4(fxl__iabs(c02), l4);
        fxl__mul_limbs(l4, 4, l4, 4, s);
        add_limbs(acc, 9, s, 8);
        fxl__mul_limbs(acc, 9, &k, 1, lhs); /* 10 limbs */
        limbs4(fxl__iabs(c12), l4);
        fxl__mul_limbs(l4, 4, l4, 4, s);
        s[8] = 0;
        for (i = 8; i >= 0; i--) /* 2^16 c12^2 (< 2^262: 9 limbs) */
            s[i] = (s[i] << 16) | (i > 0 ? s[i - 1] >> 16 : 0u);
        add_limbs(lhs, 10, s, 9);
    }
    limbs4(fxl__sq(reach), r4);
    for (i = 0; i < 10; i++)
        rhs[i] = 0;
    fxl__mul_limbs(aa.w, 5, r4, 4, rhs); /* A < 2^140: 5 limbs; 9 written */
    return fxl__cmp_limbs(lhs, rhs, 10) <= 0;
}

/* |a_yz m + d_yz n|^2 <= rad^2 m^2: the path's point at t = n / m (0 <= n
 * <= m, 0 < m < 2^62.5) within rad of the x axis. Each entry below
 * 2^61.5 2^62.5 + 2^62.5 2^62.5 < 2^125.6, the two squares below 2^252.2,
 * rad^2 m^2 below 2^118 2^125: 8 limbs each side. */
static bool tube_point_le(const int64_t a[3], const int64_t d[3], int64_t n, int64_t m, uint64_t rad)
{
    uint32_t lhs[8] = {0}, rhs[8], r2[4], m2[4];
    int i;
    for (i = 1; i < 3; i++)
        add_sq(fxl__iabs(fxl__iadd(fxl__imul(a[i], m), fxl__imul(d[i], n))), lhs);
    limbs4(fxl__sq(rad), r2);
    limbs4(fxl__sq((uint64_t)m), m2);
    fxl__mul_limbs(r2, 4, m2, 4, rhs);
    return fxl__cmp_limbs(lhs, rhs, 8) <= 0;
}

/* Does a + t d (t in [0, 1]) meet the solid cylinder y^2 + z^2 <= rad^2,
 * xlo <= x <= xhi (rad < 2^59, |xlo|, |xhi| < 2^59)? The slab gives an
 * interval [n0 / m0, n1 / m1] of t (as seg_box); over it P(t) = |a_yz + t
 * d_yz|^2 is a convex quadratic, least at t* = nd / q (nd = -(a.d)_yz, q =
 * |d_yz|^2 < 2^126) or at the nearer end of the interval: at t* (inside)
 * P = |a_yz x d_yz|^2 / q (Lagrange), compared as cross_le; at an end by
 * tube_point_le; t* against the ends by cmp_prod (6 limbs). */
static bool seg_tube(const int64_t a[3], const int64_t d[3], int64_t xlo, int64_t xhi, uint64_t rad)
{
    int64_t n0 = 0, m0 = 1, n1 = 1, m1 = 1;
    fxl__i128 nd, q, c;
    if (d[0] == 0) {
        if (a[0] < xlo || a[0] > xhi)
            return false;
    } else {
        int64_t nl, nh, m;
        if (d[0] > 0)
            nl = xlo - a[0], nh = xhi - a[0], m = d[0];
        else
            nl = a[0] - xhi, nh = a[0] - xlo, m = -d[0];
        if (frac_cmp(nl, m, n0, m0) > 0)
            n0 = nl, m0 = m;
        if (frac_cmp(nh, m, n1, m1) < 0)
            n1 = nh, m1 = m;
        if (frac_cmp(n0, m0, n1, m1) > 0)
            return false;
    }
    q = fxl__iadd(fxl__imul(d[1], d[1]), fxl__imul(d[2], d[2]));
    if (fxl__isign(q) == 0) /* rho constant along the path */
        return fxl__le128(fxl__add(fxl__sq(fxl__abs64(a[1])), fxl__sq(fxl__abs64(a[2]))),
                          fxl__sq(rad));
    nd = fxl__ineg(fxl__iadd(fxl__imul(a[1], d[1]), fxl__imul(a[2], d[2])));
    if (cmp_prod(m0, nd, n0, q) < 0) /* t* before the interval */
        return tube_point_le(a, d, n0, m0, rad);
    if (cmp_prod(m1, nd, n1, q) > 0) /* t* after it */
        return tube_point_le(a, d, n1, m1, rad);
    c = fxl__isub(fxl__imul(a[1], d[2]), fxl__imul(a[2], d[1]));
    return cross_le(&c, 1, rad, fxl__i128_bits(q));
}

/* floor(2^16 sqrt(1 - (j / n)^2)) (up = 0) or its ceiling (up = 1), for
 * 0 <= j <= n, n = 16, 256 or 4096: sqrt(2^32 - (j 2^16 / n)^2) by isqrt. */
static uint32_t circle16(uint32_t j, uint32_t n, int up)
{
    uint64_t c = (uint64_t)j * (65536u / n), v = ((uint64_t)1 << 32) - c * c;
    uint32_t r = fxl__isqrt64(v);
    return r + (up && (uint64_t)r * r < v ? 1u : 0u);
}

/* Slab j of n of the staircase (see rim_path). */
static bool stair(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t q,
                  uint32_t j, uint32_t n)
{
    int64_t step = q * (int64_t)(65536u / n);
    return seg_tube(a, d, l + step * (int64_t)j, l + step * (int64_t)(j + 1),
                    (uint64_t)(w + q * (int64_t)circle16(j, n, 1)));
}

/* The rim at x = +L for the path a + t d (already mirrored for the -L
 * rim), given (a) and (b) missed: any hit point of the torus then has x >
 * L and rho > W (else it lies in (a) or (b), or beyond -L: in the other
 * rim's torus), so lies in the quarter disc (rho - W)^2 + h^2 <= R^2, h =
 * x - L, of the square 0 < h, rho - W <= R. With q = floor(R / 2^16) + 1
 * (q 2^16 > R) and lo = floor(R / 2^16), cheap decisions by tubes
 * (seg_tube) before the exact quartic, once the rim's filter
 * (fxl__laser3d_rim_filter: 32, then 64 bits) left the path undecided:
 *   a miss if the path misses the tube L <= x <= L + q 2^16, rho <= W + q
 *     2^16, or every slab of a staircase that covers the quarter disc:
 *     slab j of n for h in [b_j, b_j+1], b_j = q j 2^16 / n >= R j / n,
 *     where rho - W <= sqrt(R^2 - b_j^2) <= R sqrt(1 - (j / n)^2) <=
 *     q circle16(j, n, up) (the slabs share their bounds and reach b_n >=
 *     R); first n = 16, then n = 256 and 4096, each level only inside the
 *     slabs the path met at the level before (its 16 slabs cover the
 *     same torus points), while it met at most two (a bounded cost);
 *   a hit if it meets a box inside the quarter disc: L <= x <= L + cx,
 *     rho <= W + cy with cx^2 + cy^2 <= R^2 (a point there with rho <= W
 *     is a hit of (b) anyway): cx, cy = lo floor(2^16 cos, sin) of 15, 30
 *     .. 75 degrees first, then for each fine slab j of n met, cx = lo
 *     (j + 1) 2^16 / n <= R (j + 1) / n, cy = lo circle16(j + 1, n, down).
 * Only paths through the band between (within about R / 4096 of the
 * torus's surface, or more for paths across three slabs of a level) take
 * the quartic (laser3d_moving_rim.c). Sizes: every bound is below R +
 * 2^16 + W < 2^59, as seg_tube needs. */
static bool rim_path(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr)
{
    static const uint16_t cs[5] = {63302u, 56755u, 46340u, 32767u, 16961u};
    int64_t q = (rr >> 16) + 1, lo = rr >> 16;
    uint32_t i, j, n, met[2] = {0, 0}, next[2] = {0, 0}, cnt = 0, nn;
    if (!seg_tube(a, d, l, l + (q << 16), (uint64_t)(w + (q << 16))))
        return false;
    {
        int64_t h[3];
        int v;
        h[0] = a[0] - l, h[1] = a[1], h[2] = a[2];
        if ((v = fxl__laser3d_rim_filter(h, d, w, rr)) >= 0)
            return v != 0;
    }
    for (i = 0; i < 5; i++)
        if (seg_tube(a, d, l, l + lo * cs[i], (uint64_t)(w + lo * cs[4 - i])))
            return true;
    for (i = 0; i < 16; i++)
        if (stair(a, d, l, w, q, i, 16)) {
            if (cnt < 2)
                met[cnt] = i;
            cnt++;
        }
    if (cnt == 0)
        return false;
    for (n = 256; n <= 4096 && cnt <= 2; n *= 16, cnt = nn) {
        for (i = 0, nn = 0; i < cnt; i++)
            for (j = 16 * met[i]; j < 16 * met[i] + 16; j++) {
                if (!stair(a, d, l, w, q, j, n))
                    continue;
                if (seg_tube(a, d, l, l + lo * (int64_t)((j + 1) * (65536u / n)),
                             (uint64_t)(w + lo * (int64_t)circle16(j + 1, n, 0))))
                    return true;
                if (nn < 2)
                    next[nn] = j;
                nn++;
            }
        if (nn == 0)
            return false;
        met[0] = next[0], met[1] = next[1];
    }
    {
        int64_t h[3];
        h[0] = a[0] - l, h[1] = a[1], h[2] = a[2];
        return fxl__laser3d_rim_meets(h, d, w, rr);
    }
}

/* The cylinder's path, exact, for the cases the static tests of the ends
 * leave (see the top): first the 32-bit filter of the distance to the
 * cylinder (convex along the path), then (a) the fat tube, (b) the disc
 * slab, (c) each rim (rim_path). */
FXL_NOINLINE
static bool cylinder_path(const int64_t fa[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr)
{
    int s = fxl__laser3d_cyl_filter(fa, d, l, w, rr);
    if (s >= 0)
        return s != 0; /* the 32-bit filter (laser3d_moving_rim.c) */
    if (seg_tube(fa, d, -l, l, (uint64_t)(w + rr)) || seg_tube(fa, d, -l - rr, l + rr, (uint64_t)w))
        return true;
    for (s = -1; s <= 1; s += 2) {
        int64_t a[3], dm[3];
        a[0] = s * fa[0], dm[0] = s * d[0];
        a[1] = fa[1], a[2] = fa[2], dm[1] = d[1], dm[2] = d[2];
        if (rim_path(a, dm, l, w, rr))
            return true;
    }
    return false;
}

bool fxl_laser3d_vs_moving_sphere(const fxl_laser3d_prep *lp, fxl_sphere from, fxl_vec3 to)
{
    fxl_sphere end;
    int64_t fa[3], fb[3], d[3], h[3], rr;
    int i;
    FXL_ASSERT(lp != NULL && to.x >= -FXL_COORD3_MAX && to.x <= FXL_COORD3_MAX &&
               to.y >= -FXL_COORD3_MAX && to.y <= FXL_COORD3_MAX && to.z >= -FXL_COORD3_MAX &&
               to.z <= FXL_COORD3_MAX);
    if (to.x == from.c.x && to.y == from.c.y && to.z == from.c.z)
        return fxl_laser3d_vs_sphere(lp, from); /* no move: the static test */
    end = from;
    end.c = to;
    if (fxl_laser3d_vs_sphere(lp, from) || fxl_laser3d_vs_sphere(lp, end))
        return true;
    if (lp->kind != FXL_LASER3D_EGG) {
        /* Filter: every centre the static test can hit lies within bb_half +
         * reach of bb_mid on each axis (its first check), so a capsule whose
         * centre segment's box misses that box misses (64 bits). */
        int64_t reach = (int64_t)fxl__clamp32(from.r, 0, FXL_SIZE3_MAX);
        fix16_t pv[3], qv[3], mv[3];
        reach += (reach >> 13) + 2;
        pv[0] = from.c.x, pv[1] = from.c.y, pv[2] = from.c.z;
        qv[0] = to.x, qv[1] = to.y, qv[2] = to.z;
        mv[0] = lp->bb_mid.x, mv[1] = lp->bb_mid.y, mv[2] = lp->bb_mid.z;
        for (i = 0; i < 3; i++) {
            int64_t lo = pv[i] < qv[i] ? pv[i] : qv[i], hi = pv[i] < qv[i] ? qv[i] : pv[i];
            int64_t e = (int64_t)lp->bb_half[i] + reach;
            if (lo > (int64_t)mv[i] + e || hi < (int64_t)mv[i] - e)
                return false;
        }
    }
    frame(lp, from.c, fa);
    frame(lp, to, fb);
    for (i = 0; i < 3; i++)
        d[i] = fb[i] - fa[i];
    rr = (int64_t)fxl__clamp32(from.r, 0, FXL_SIZE3_MAX) << 32;
    h[1] = h[2] = lp->half_wid;
    if (lp->kind == FXL_LASER3D_CYLINDER)
        return cylinder_path(fa, d, lp->half_len, lp->half_wid, rr);
    if (lp->kind != FXL_LASER3D_EGG) {
        h[0] = lp->half_len;
        return capsule_box(fa, d, h, rr);
    }
    {
        /* Egg: the box |x| <= Le, |y|, |z| <= W + r (see the top). */
        uint32_t k = (uint32_t)lp->egg_k;
        uint64_t w = ((uint64_t)lp->half_wid >> 32) + (uint64_t)(rr >> 32);
        int64_t lo[3], hi[3];
        h[1] = h[2] = (int64_t)(w << 32);
        h[0] = UNBOUNDED_Q48;
        if (k != 0) {
            uint32_t rt = fxl__isqrt64((uint64_t)k << 16); /* 256 .. 65536 */
            uint64_t num = (w << 16) + rt - 1u;            /* < 2^44 */
            if (num < (uint64_t)rt << 29)
                h[0] = (int64_t)((uint64_t)fxl__div64_32(num, rt) << 32);
        }
        for (i = 0; i < 3; i++)
            lo[i] = -h[i], hi[i] = h[i];
        if (!seg_box(fa, d, lo, hi))
            return false; /* the path misses the box that holds the egg */
        return egg_path(fa, d, k, (uint64_t)lp->half_wid + (uint64_t)rr);
    }
}

size_t fxl_laser3d_vs_moving_spheres(const fxl_laser3d_prep *lp, const fxl_sphere *from,
                                     const fxl_vec3 *to, size_t n, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && ((from != NULL && to != NULL) || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_laser3d_vs_moving_sphere(lp, from[i], to[i]));
    return b.hits;
}

#ifdef FXL_TEST_HOOKS
/* The cylinder's answer by a filter alone, for its test: rims = 0, the
 * whole cylinder's filter (-2 when a static end decides); rims = 1, the
 * rims': -2 when the exact tests before the rims decide (a static end,
 * the tubes (a), (b)), 1 when a rim's filter finds a hit, 0 when each rim
 * is missed by its coarse tube or its filter, else -1. */
int fxl__laser3d_cyl_filter_alone(const fxl_laser3d_prep *lp, fxl_sphere from, fxl_vec3 to, int rims)
{
    fxl_sphere end = from;
    int64_t fa[3], fb[3], d[3], rr, l = lp->half_len, w = lp->half_wid;
    int i, s, undecided = 0;
    end.c = to;
    if ((to.x == from.c.x && to.y == from.c.y && to.z == from.c.z) ||
        fxl_laser3d_vs_sphere(lp, from) || fxl_laser3d_vs_sphere(lp, end))
        return -2;
    frame(lp, from.c, fa);
    frame(lp, to, fb);
    for (i = 0; i < 3; i++)
        d[i] = fb[i] - fa[i];
    rr = (int64_t)fxl__clamp32(from.r, 0, FXL_SIZE3_MAX) << 32;
    if (!rims)
        return fxl__laser3d_cyl_filter(fa, d, l, w, rr);
    if (seg_tube(fa, d, -l, l, (uint64_t)(w + rr)) || seg_tube(fa, d, -l - rr, l + rr, (uint64_t)w))
        return -2;
    for (s = -1; s <= 1; s += 2) {
        int64_t h[3], dm[3], q = (rr >> 16) + 1;
        int v;
        h[0] = s * fa[0] - l, dm[0] = s * d[0];
        h[1] = fa[1], h[2] = fa[2], dm[1] = d[1], dm[2] = d[2];
        if (!seg_tube(h, dm, 0, q << 16, (uint64_t)(w + (q << 16))))
            continue;
        v = fxl__laser3d_rim_filter(h, dm, w, rr);
        if (v == 1)
            return 1;
        undecided |= v < 0;
    }
    return undecided ? -1 : 0;
}
#endif
