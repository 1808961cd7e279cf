/* laser3d_moving_rim.c - the exact stage of a sphere moving against a
 * cylinder laser: does the centre's path come within R of a rim circle?
 *
 * Frame moved to the rim: h = x (the caller subtracts L and mirrors the
 * -L rim), rho = sqrt(y^2 + z^2), the rim is the circle rho = W, h = 0
 * and its solid torus T = {(rho - W)^2 + h^2 <= R^2}. Along the path
 * p(t) = a + t d:
 *     (rho - W)^2 + h^2 <= R^2
 * <=> S := rho^2 + h^2 + W^2 - R^2 <= 2 W rho   (expand the square)
 * and, rho >= 0, Q := S^2 - 4 W^2 rho^2 <= 0 <=> |S| <= 2 W rho, which
 * implies S <= 2 W rho: so Q(t) <= 0 puts p(t) in T. S = |p|^2 + W^2 - R^2
 * and P = rho^2 = y^2 + z^2 are quadratics in t, Q = S^2 - 4 W^2 P a
 * quartic whose leading coefficient |d|^4 is positive (d != 0).
 * The caller has tested both ends exactly: p(0), p(1) lie outside the
 * rounded cylinder, so outside T, so Q(0) > 0 and Q(1) > 0. If the path
 * meets T at some t, it crosses T's boundary (rho - W)^2 + h^2 = R^2
 * between, where S = 2 W rho >= 0 and so Q = 0. Hence: the path meets T
 * <=> Q has a real root in (0, 1), touching (a double root) included.
 *
 * That is decided by Sturm's theorem: with A0 = Q, A1 = Q' and A_{i+1} =
 * -(positive) * rem(A_{i-1}, A_i) until a remainder vanishes, the number
 * of distinct real roots in (0, 1] is V(0) - V(1), V the sign changes of
 * the sequence at a point (zeros skipped), valid for multiple roots too
 * as long as Q(0), Q(1) != 0. Remainders are pseudo-remainders: prem(A,
 * B) = lc(B)^(deg A - deg B + 1) rem(A, B), in integers; the sign of that
 * factor is corrected (an odd power of a negative lc), so every A_i is a
 * positive multiple of Sturm's. Only signs at t = 0 (the constant
 * coefficient) and t = 1 (the sum) are needed, and of the last members
 * only what changes V(0) - V(1) (and nothing more once every completion
 * of the signs still unknown that gives a count >= 0, as the true one
 * does, gives the same verdict: tail_verdict):
 *   A2 = -prem(Q, Q') (deg <= 2). If deg A2 = 1: A3 is the constant
 *     -rem(A1, A2) = -A1(t2), t2 the root of A2; it matters only when A2
 *     vanishes in [0, 1] (otherwise A2(0), A2(1) have one sign, the pair
 *     (A2, A3) adds the same to V(0) and V(1)); then its sign is that of
 *     -A1(t2), by a homogeneous Horner sum (eval_at_root).
 *   If deg A2 = 2: A3 = -prem(A1, A2) (deg <= 1); if linear, A4 = -A2(t3)
 *     (t3 its root) likewise only when A3 vanishes in [0, 1].
 * Sizes (|a_i| < 2^62, |d_i| < 2^62.5, W, R < 2^59): S's coefficients
 * below 2^127.1, Q's and Q''s below 2^257.5 (nine limbs), A2 below
 * 2^774.5 (two pseudo-division steps, each adds both operands' bits and
 * one), A3 below 2^1808.5, the Horner sums below 2^4394 (138 limbs). The
 * numbers here are little-endian 32-bit limbs with a sign, each in a
 * buffer of its stated capacity; the caps hold the bounds above (an
 * overflow would be a bug: a checked build traps, a release build gets a
 * meaningless answer, never undefined behaviour). Stack on the GBA
 * (tools/stack_depth.py): 3,036 bytes below the caller at the deepest
 * (this function's A1, A2, A3: 1,168; eval_at_root's three 140-limb
 * numbers: 1,776; z_mul 92). Cost on the GBA: about 1.2 million cycles
 * (z_mul in ARM code; in Thumb each limb product called __aeabi_lmul and
 * the whole took 2.5 million). Slow on purpose (tens of thousands of multiply-adds): it
 * runs only where the cheaper tests of laser3d_moving.c cannot decide. */
#include "laser3d_moving_rim.h"

#include "fixlaser/config.h"

#include "wide.h"

#define NQ 9   /* Q, Q' (< 2^257.5) */
#define N2 26  /* A2 and its pseudo-division (< 2^774.5) */
#define N3 58  /* A3 and its pseudo-division (< 2^1808.5) */
#define NE 140 /* the Horner sums (< 2^4394) */

typedef struct zn {
    uint32_t *w; /* magnitude, little-endian */
    int cap;     /* limbs available at w */
    int n;       /* limbs in use (0 for zero) */
    int s;       /* -1, 0, 1 */
} zn;

static void z_init(zn *z, uint32_t *buf, int cap)
{
    z->w = buf, z->cap = cap, z->n = 0, z->s = 0;
}

static void z_trim(zn *z)
{
    while (z->n > 0 && z->w[z->n - 1] == 0)
        z->n--;
    if (z->n == 0)
        z->s = 0;
}

/* Room for n limbs in r? (Never false within the bounds above.) */
static bool z_room(zn *r, int n)
{
    FXL_ASSERT(n <= r->cap);
    if (n <= r->cap)
        return true;
    r->n = 0, r->s = 0;
    return false;
}

static void z_i128(zn *z, fxl__i128 v)
{
    fxl__u128 m = fxl__iabs(v);
    z->w[0] = (uint32_t)m.lo, z->w[1] = (uint32_t)(m.lo >> 32);
    z->w[2] = (uint32_t)m.hi, z->w[3] = (uint32_t)(m.hi >> 32);
    z->n = 4, z->s = fxl__isign(v);
    z_trim(z);
}

static void z_copy(zn *r, const zn *a)
{
    int i;
    if (r == a || !z_room(r, a->n))
        return;
    for (i = 0; i < a->n; i++)
        r->w[i] = a->w[i];
    r->n = a->n, r->s = a->s;
}

/* r = a b (r neither a nor b). ARM code (UMULL for the limb products;
 * Thumb would call __aeabi_lmul for each): most of this file's time. */
FXL_ARM_CODE
static void z_mul(zn *r, const zn *a, const zn *b)
{
    if (a->s == 0 || b->s == 0) {
        r->n = 0, r->s = 0;
        return;
    }
    if (!z_room(r, a->n + b->n))
        return;
    fxl__mul_limbs(a->w, a->n, b->w, b->n, r->w);
    r->n = a->n + b->n, r->s = a->s * b->s;
    z_trim(r);
}

static int z_cmpmag(const zn *a, const zn *b)
{
    if (a->n != b->n)
        return a->n > b->n ? 1 : -1;
    return fxl__cmp_limbs(a->w, b->w, a->n);
}

/* r = a + sb b (sb = 1 or -1); r may be a or b. */
FXL_ARM_CODE
static void z_add(zn *r, const zn *a, const zn *b, int sb)
{
    int as = a->s, bs = b->s * sb, an = a->n, bn = b->n, i, n, c;
    const zn *big, *sml;
    if (bs == 0) {
        z_copy(r, a);
        return;
    }
    if (as == 0) {
        z_copy(r, b);
        r->s = bs;
        return;
    }
    if (as == bs) {
        uint64_t carry = 0;
        n = an > bn ? an : bn;
        if (!z_room(r, n))
            return;
        for (i = 0; i < n; i++) {
            carry += (uint64_t)(i < an ? a->w[i] : 0u) + (i < bn ? b->w[i] : 0u);
            r->w[i] = (uint32_t)carry;
            carry >>= 32;
        }
        if (carry != 0) {
            if (!z_room(r, n + 1))
                return;
            r->w[n++] = (uint32_t)carry;
        }
        r->n = n, r->s = as;
        return;
    }
    c = z_cmpmag(a, b);
    if (c == 0) {
        r->n = 0, r->s = 0;
        return;
    }
    big = c > 0 ? a : b, sml = c > 0 ? b : a;
    n = big->n;
    {
        int sn = sml->n, s = c > 0 ? as : bs;
        uint32_t borrow = 0;
        if (!z_room(r, n))
            return;
        for (i = 0; i < n; i++) {
            uint64_t x = (uint64_t)big->w[i], y = (uint64_t)(i < sn ? sml->w[i] : 0u) + borrow;
            r->w[i] = (uint32_t)(x - y);
            borrow = x < y ? 1u : 0u;
        }
        r->n = n, r->s = s;
        z_trim(r);
    }
}

/* sign(value at 0), sign(value at 1) of the polynomial c[0..deg]. */
FXL_NOINLINE
static void ends(const zn *c, int deg, int *at0, int *at1)
{
    uint32_t buf[N3 + 1];
    zn sum;
    int i;
    z_init(&sum, buf, N3 + 1);
    for (i = 0; i <= deg; i++)
        z_add(&sum, &sum, &c[i], 1);
    *at0 = c[0].s, *at1 = sum.s;
}

/* Pseudo-remainder in place: r[0..m] holds A, b[0..n] is B (b[n] != 0, m
 * >= n); afterwards r[0..n-1] = lc(B)^(m-n+1) A mod B and r[n..m] = 0.
 * Each step multiplies every coefficient by lc(B) and subtracts r_k x^(k-n)
 * B. Returns the remainder's degree (-1 when it vanishes). t0, t1: scratch
 * of r's capacity. */
FXL_ARM_CODE
static int prem(zn *r, int m, const zn *b, int n, zn *t0, zn *t1)
{
    int k, j;
    for (k = m; k >= n; k--) {
        z_copy(t0, &r[k]);
        for (j = k - 1; j >= 0; j--) {
            z_mul(t1, &b[n], &r[j]);
            if (j >= k - n) {
                z_mul(&r[j], t0, &b[j - (k - n)]);
                z_add(&r[j], t1, &r[j], -1);
            } else {
                z_copy(&r[j], t1);
            }
        }
        r[k].n = 0, r[k].s = 0;
    }
    for (k = n - 1; k >= 0; k--)
        if (r[k].s != 0)
            return k;
    return -1;
}

/* sign(A(-c0 / c1)) for A = a[0..m] (m = 2 or 3), c1 != 0: the
 * homogeneous sum H = sum_k a_k (-c0)^k c1^(m-k) = c1^m A(-c0 / c1) by
 * Horner (h = a_m; h = a_k c1^(m-k) - h c0), and sign(A) = sign(H)
 * sign(c1)^m. Three numbers of NE limbs: h, the product h c0, and c1^(m-k)
 * then a_k c1^(m-k) (c1^(m-k) built in h's buffer once h c0 is taken). */
FXL_ARM_CODE
static int eval_at_root(const zn *a, int m, const zn *c0, const zn *c1)
{
    uint32_t b0[NE], b1[NE], b2[NE];
    zn x, y, z, *h = &x, *t = &y, *u = &z, *sw;
    int k, j;
    z_init(&x, b0, NE), z_init(&y, b1, NE), z_init(&z, b2, NE);
    z_copy(h, &a[m]);
    for (k = m - 1; k >= 0; k--) {
        z_mul(t, h, c0); /* h c0; h is free */
        z_copy(h, c1);
        for (j = 1; j < m - k; j++) { /* h = c1^(m-k), u as scratch */
            z_mul(u, h, c1);
            sw = h, h = u, u = sw;
        }
        z_mul(u, &a[k], h);
        z_add(u, u, t, -1); /* a_k c1^(m-k) - h c0 */
        sw = h, h = u, u = sw;
    }
    return (m & 1) && c1->s < 0 ? -h->s : h->s;
}

/* Sign changes of v[0..n-1], zeros skipped. */
static int changes(const int *v, int n)
{
    int i, last = 0, c = 0;
    for (i = 0; i < n; i++)
        if (v[i] != 0) {
            c += last != 0 && v[i] != last;
            last = v[i];
        }
    return c;
}

/* A0 = Q, A1 = Q' (into q1[0..3]) and A2 = -prem(Q, Q') (into a2[0..2]);
 * returns deg A2. lc(Q') = 4 |d|^4 > 0 and deg Q - deg Q' = 1: the factor
 * lc^2 is positive. */
FXL_ARM_CODE
static int first(const int64_t a[3], const int64_t d[3], int64_t w, int64_t rr, zn q1[4],
                 zn a2[3], int *v0, int *v1)
{
    uint32_t sb[3][5], pb[3][5], wb[5], tb[NQ], qb[5][N2], rb[2][N2];
    zn s[3], p[3], w4, t, q[5], t0, t1;
    int i, deg;
    for (i = 0; i < 3; i++) {
        z_init(&s[i], sb[i], 5), z_init(&p[i], pb[i], 5);
    }
    z_init(&w4, wb, 5), z_init(&t, tb, NQ);
    z_init(&t0, rb[0], N2), z_init(&t1, rb[1], N2);
    for (i = 0; i < 5; i++)
        z_init(&q[i], qb[i], N2);
    /* S = s2 t^2 + s1 t + s0: s2 = |d|^2, s1 = 2 a.d, s0 = |a|^2 + W^2 -
     * R^2; P = p2 t^2 + p1 t + p0 over y, z only (t: a scratch number) */
    for (i = 0; i < 3; i++) {
        z_i128(&t, fxl__imul(d[i], d[i]));
        z_add(&s[2], &s[2], &t, 1);
        if (i > 0)
            z_add(&p[2], &p[2], &t, 1);
        z_i128(&t, fxl__imul(a[i], d[i]));
        z_add(&s[1], &s[1], &t, 1);
        z_add(&s[1], &s[1], &t, 1);
        if (i > 0) {
            z_add(&p[1], &p[1], &t, 1);
            z_add(&p[1], &p[1], &t, 1);
        }
        z_i128(&t, fxl__imul(a[i], a[i]));
        z_add(&s[0], &s[0], &t, 1);
        if (i > 0)
            z_add(&p[0], &p[0], &t, 1);
    }
    z_i128(&t, fxl__imul(w, w));
    z_add(&s[0], &s[0], &t, 1);
    z_add(&w4, &w4, &t, 1), z_add(&w4, &w4, &t, 1);
    z_add(&w4, &w4, &w4, 1); /* 4 W^2 */
    z_i128(&t, fxl__imul(rr, rr));
    z_add(&s[0], &s[0], &t, -1);
    /* Q = S^2 - 4 W^2 P, coefficient by coefficient (q[k] += s_i s_j over
     * i + j = k, then -= 4 W^2 p_k) */
    {
        int j;
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                z_mul(&t, &s[i], &s[j]);
                z_add(&q[i + j], &q[i + j], &t, 1);
            }
        for (i = 0; i < 3; i++) {
            z_mul(&t, &w4, &p[i]);
            z_add(&q[i], &q[i], &t, -1);
        }
    }
    ends(q, 4, &v0[0], &v1[0]);
    /* Q' = 4 q4 t^3 + 3 q3 t^2 + 2 q2 t + q1 */
    for (i = 1; i <= 4; i++) {
        int k;
        q1[i - 1].n = 0, q1[i - 1].s = 0;
        for (k = 0; k < i; k++)
            z_add(&q1[i - 1], &q1[i - 1], &q[i], 1);
    }
    ends(q1, 3, &v0[1], &v1[1]);
    deg = prem(q, 4, q1, 3, &t0, &t1);
    for (i = 0; i < 3; i++) {
        z_copy(&a2[i], &q[i]);
        a2[i].s = -a2[i].s;
    }
    return deg;
}

/* A3 = -(sign) prem(A1, A2) for deg A2 = 2 (the factor lc(A2)^2 > 0), into
 * a3[0..1]; returns its degree. */
FXL_ARM_CODE
static int third(const zn q1[4], const zn a2[3], zn a3[2])
{
    uint32_t rb[4][N3], tb[2][N3];
    zn r[4], t0, t1;
    int i, deg;
    for (i = 0; i < 4; i++) {
        z_init(&r[i], rb[i], N3);
        z_copy(&r[i], &q1[i]);
    }
    z_init(&t0, tb[0], N3), z_init(&t1, tb[1], N3);
    deg = prem(r, 3, a2, 2, &t0, &t1);
    for (i = 0; i < 2; i++) {
        z_copy(&a3[i], &r[i]);
        a3[i].s = -a3[i].s;
    }
    return deg;
}

/* Before computing the last members: the count V(0) - V(1) of the true
 * sequence is >= 0, so if every completion of the unknown tail (A3's signs
 * at 0 and 1 unless known, A4's sign; 0 standing also for "absent", zeros
 * being skipped) that gives a count >= 0 gives the same verdict (a count >
 * 0, or 0), that verdict is the true one: 1 or 0; else -1 (compute). */
static int tail_verdict(int v0[5], int v1[5], int known3)
{
    int s0, s1, s4, seen = 0, k0 = v0[3], k1 = v1[3];
    for (s0 = -1; s0 <= 1; s0++)
        for (s1 = -1; s1 <= 1; s1++)
            for (s4 = -1; s4 <= 1; s4++) {
                int c;
                v0[3] = known3 ? k0 : s0, v1[3] = known3 ? k1 : s1;
                v0[4] = v1[4] = s4;
                c = changes(v0, 5) - changes(v1, 5);
                seen |= c == 0 ? 1 : c > 0 ? 2 : 0;
            }
    v0[3] = k0, v1[3] = k1, v0[4] = v1[4] = 0;
    return seen == 2 ? 1 : seen == 1 ? 0 : -1;
}

bool fxl__laser3d_rim_meets(const int64_t a[3], const int64_t d[3], int64_t w, int64_t rr)
{
    uint32_t q1b[4][NQ], a2b[3][N2], a3b[2][N3];
    zn q1[4], a2[3], a3[2];
    int v0[5] = {0}, v1[5] = {0}, i, deg2, n = 3;
    for (i = 0; i < 4; i++)
        z_init(&q1[i], q1b[i], NQ);
    for (i = 0; i < 3; i++)
        z_init(&a2[i], a2b[i], N2);
    z_init(&a3[0], a3b[0], N3), z_init(&a3[1], a3b[1], N3);
    deg2 = first(a, d, w, rr, q1, a2, v0, v1);
    if (deg2 < 0) {
        n = 2; /* Q' divides Q: the sequence ends at Q' */
    } else {
        int t;
        ends(a2, deg2, &v0[2], &v1[2]);
        if (deg2 >= 1 && (t = tail_verdict(v0, v1, 0)) >= 0)
            return t != 0;
        if (deg2 == 1 && v0[2] * v1[2] <= 0) {
            /* A3 = -A1(t2): its sign at both ends */
            v0[3] = v1[3] = -eval_at_root(q1, 3, &a2[0], &a2[1]);
            n = 4;
        } else if (deg2 == 2) {
            int deg3 = third(q1, a2, a3);
            if (deg3 >= 0) {
                ends(a3, deg3, &v0[3], &v1[3]);
                n = 4;
                if (deg3 == 1 && v0[3] * v1[3] <= 0) {
                    if ((t = tail_verdict(v0, v1, 1)) >= 0)
                        return t != 0;
                    v0[4] = v1[4] = -eval_at_root(a2, 2, &a3[0], &a3[1]);
                    n = 5;
                }
            }
        }
    }
    return changes(v0, n) > changes(v1, n);
}

/* The filters in front of the exact stages (fxl__laser3d_cyl_filter,
 * fxl__laser3d_rim_filter).
 *
 * The capsule hits the cylinder C = {|x| <= L, rho <= W} iff its centre's
 * path comes within R of C, and phi(t) = dist(p(t), C) =
 * sqrt(max(0, |x| - L)^2 + max(0, rho - W)^2) is convex in t (C is
 * convex): its least value over [0, 1] is bracketed by a ternary search in
 * 32-bit integers. The rim's filter is the same with L = 0, in the frame
 * moved to the rim (h = x - L): C becomes the rim's solid disc D = {h = 0,
 * rho <= W}. Given (a) and (b) of laser3d_moving.c missed, the path meets
 * the rim's torus beyond the rim (h > 0, rho > W) iff it comes within R
 * of D: there dist(p, D) is the distance to the rim circle; a point within
 * R of D with rho <= W lies in (b), and every point within R of D is
 * within R of the cylinder (D is part of it), so a path within R of D
 * hits.
 *
 * Units u = 2^s, s the least with every |a_i|, |a_i + d_i|, L, W, R
 * below 2^15 u: L^ = floor(L / u), a^ = floor(a / u), d^ = floor(d / u), W^ = floor(W / u), R^ =
 * floor(R / u) (so R / u < R^ + 1). The quantized path p^(t) = a^ + t d^
 * is within 2 units of p(t) / u on each axis (each floor loses less than
 * one), and a grid point k of T = 2^14 is read as p~ = a^ + floor(d^ k /
 * T), within 1 unit more: |p(t) / u - p~| < 3 sqrt 3 < 5.2 and |p^ - p~|
 * < sqrt 3 < 1.75. C^ = C(L^, W^) lies in C(L / u, W / u), within
 * sqrt 2 < 1.42 of each of its points: the distance moves by less. At p~,
 * with rl = floor(sqrt(y^2 + z^2)), e = max(0, rl - W^), ex = max(0, |x| -
 * L^), F = e^2 + ex^2 and dl = floor(sqrt F): the distance to C^ lies in
 * [dl, dl + 2) (rho < rl + 1 moves it by less than 1). Hence
 *   a hit if dl + 9 <= R^: dist(p(t), C) / u < dl + 2 + 5.2 + 1.42 < R^;
 *   phi(k / T) (phi over C^ and p^) lies in (dl - 2, dl + 4) =: (l, v);
 *   a miss if phi >= LB over [0, 1] with LB >= R^ + 6: dist(p(t), C) / u
 *     > phi - 2 sqrt 3 - 1.42 > LB - 4.9 > R^ + 1 > R / u.
 * The search keeps a bracket [lo, hi] of grid points that holds a least
 * point of phi over [0, 1] unless the least value is at least ob (ob =
 * +inf at first). Points t1 < t2 split it in thirds: A = t1 - lo = B = hi
 * - t2 = floor((hi - lo) / 3) <= m = t2 - t1. Convexity (slopes rise)
 * bounds phi below outside [t1, t2]: for t in [lo, t1], phi(t) >=
 * phi(t1) - (phi(t2) - phi(t1)) (t1 - t) / m > o1 = l1 - max(0, v2 -
 * l1), and over [t2, hi] likewise o2; inside, phi is Lipschitz with |d^|
 * <= D1 = |d^x| + |d^y| + |d^z| per unit t, so phi >= (phi(t1) + phi(t2)
 * - D1 m / T) / 2 there (the two cones from its ends meet), or phi >= l -
 * D1 g / T over the whole bracket from one point, g its grid distance to
 * the farther end (each product rounded up). A miss when ob and all of
 * these reach R^ + 6. Then v1 <= l2 puts phi(t1) < phi(t2), so phi rises
 * beyond t2 and [lo, t2] holds a least point; likewise v2 <= l1 and [t1,
 * hi]; else the bracket becomes [t1, t2] and ob takes o1, o2 (a least
 * point outside [t1, t2] is at least those). Undecided (-1)
 * when the bracket is down to 3 grid points: a path within about 8 u of
 * touching. Sizes: |a^|, |a^ + d^| <= 2^15 + 1, |d^| <= 2^16, so |d^ k|
 * <= 2^30, each |coordinate| of p~ <= 2^15 + 2, y^2 + z^2 < 2^31.01, F <
 * 2^31.6, D1 g + T <= 3 2^30 + 2^14 < 2^32: all 32-bit (unsigned where
 * above 2^31), but for the secants' test (below, rf64_search), whose
 * sides reach 2^47: 64-bit. Cost on the GBA: two isqrt32 (about 670 cycles each) per
 * point, two points per step. */

#define RF_BITS 15
#define RF_T 16384 /* T = 2^14 */

typedef struct rf_path {
    int32_t a[3], d[3], l, w;
} rf_path;

/* dl (see above) at grid point k. */
static int32_t rf_eval(const rf_path *p, int32_t k)
{
    uint32_t c[3], pp, rl, e, ex, f;
    int i;
    for (i = 0; i < 3; i++) {
        int32_t m = p->d[i] * k, v; /* |.| <= 2^30 */
        v = p->a[i] + (m >= 0 ? m / RF_T : -(int32_t)(((uint32_t)(-(m + 1)) >> 14) + 1u));
        c[i] = (uint32_t)(v < 0 ? -v : v); /* <= 2^15 + 2 */
    }
    pp = c[1] * c[1] + c[2] * c[2];
    rl = fxl__isqrt32(pp);
    e = rl > (uint32_t)p->w ? rl - (uint32_t)p->w : 0u;
    ex = c[0] > (uint32_t)p->l ? c[0] - (uint32_t)p->l : 0u;
    f = e * e + ex * ex;
    return (int32_t)fxl__isqrt32(f);
}

static int64_t rf_abs(int64_t v)
{
    return v < 0 ? -v : v; /* |v| < 2^63 in the domain */
}

/* The least shift s that puts l, w, rr and every component of a and a + d
 * below 2^bits in magnitude once shifted right by s (the searches' scale). */
static unsigned rf_shift(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr,
                         unsigned bits)
{
    uint64_t m = (uint64_t)l | (uint64_t)w | (uint64_t)rr;
    unsigned s = 0;
    int i;
    for (i = 0; i < 3; i++)
        m |= (uint64_t)rf_abs(a[i]) | (uint64_t)rf_abs(a[i] + d[i]);
    while ((m >> s) >= ((uint64_t)1 << bits))
        s++;
    return s;
}

/* Both filters: the solid cylinder |x| <= l, rho <= w (l = 0: the disc). */
static int rf_search(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr)
{
    rf_path p;
    uint32_t d1 = 0;
    int32_t lo = 0, hi = RF_T, rhat, k, ob = INT32_MAX, vlo = 0, vhi = 0; /* 0: not known yet */
    unsigned s = rf_shift(a, d, l, w, rr, RF_BITS);
    int i;
    for (i = 0; i < 3; i++) {
        p.a[i] = (int32_t)(s ? fxl__floor_shift(a[i], s) : a[i]);
        p.d[i] = (int32_t)(s ? fxl__floor_shift(d[i], s) : d[i]);
        d1 += (uint32_t)(p.d[i] < 0 ? -p.d[i] : p.d[i]);
    }
    p.l = (int32_t)(l >> s);
    p.w = (int32_t)(w >> s);
    rhat = (int32_t)(rr >> s);
    k = rhat + 6; /* a miss needs phi >= k over [0, 1] */
    while (hi - lo >= 3) {
        int32_t g = (hi - lo) / 3, t1 = lo + g, t2 = hi - g, l1, l2, v1, v2, o1, o2;
        l1 = rf_eval(&p, t1), l2 = rf_eval(&p, t2);
        if (l1 + 9 <= rhat || l2 + 9 <= rhat)
            return 1;
        v1 = l1 + 4, v2 = l2 + 4, l1 -= 2, l2 -= 2;
        /* lower bounds of phi: o1 over [lo, t1], o2 over [t2, hi] (the
         * secants), then over [t1, t2] (Lipschitz from both ends, or from
         * one over the whole bracket) */
        o1 = l1 - (v2 > l1 ? v2 - l1 : 0), o2 = l2 - (v1 > l2 ? v1 - l2 : 0);
        if (ob >= k && o1 >= k && o2 >= k) {
            uint32_t f1 = (uint32_t)(t1 - lo > hi - t1 ? t1 - lo : hi - t1);
            uint32_t f2 = (uint32_t)(t2 - lo > hi - t2 ? t2 - lo : hi - t2);
            int32_t c = (int32_t)((d1 * (uint32_t)(t2 - t1) + RF_T - 1u) / RF_T);
            if (l1 + l2 - c >= 2 * k || l1 - (int32_t)((d1 * f1 + RF_T - 1u) / RF_T) >= k ||
                l2 - (int32_t)((d1 * f2 + RF_T - 1u) / RF_T) >= k)
                return 0;
            /* the secants from the bracket's ends (rf64_search), those
             * values taken when first needed; al, be < 2^16 */
            if (vlo == 0) {
                vlo = rf_eval(&p, lo) + 4;
                if (vlo + 5 <= rhat)
                    return 1;
            }
            if (vhi == 0) {
                vhi = rf_eval(&p, hi) + 4;
                if (vhi + 5 <= rhat)
                    return 1;
            }
            if (vlo <= l1 || vhi <= l2)
                return 0;
            {
                uint32_t al = (uint32_t)(vlo - l1), be = (uint32_t)(vhi - l2);
                if ((uint64_t)(al * be) * (uint32_t)(t2 - t1) <=
                    (uint64_t)g * ((uint64_t)((uint32_t)(l1 - k) * be) + (uint32_t)(l2 - k) * al))
                    return 0;
            }
        }
        if (v1 <= l2) {
            hi = t2, vhi = v2;
        } else if (v2 <= l1) {
            lo = t1, vlo = v1;
        } else {
            if (o1 < ob)
                ob = o1;
            if (o2 < ob)
                ob = o2;
            lo = t1, hi = t2, vlo = v1, vhi = v2;
        }
    }
    return -1;
}

/* The same search in 64-bit integers, for what the 32-bit one leaves:
 * every value below 2^30 u (B = 30), T = 2^30; the bounds above hold
 * unchanged (they do not depend on B). Sizes: |a^|, |a^ + d^| <= 2^30 +
 * 1, |d^| <= 2^31, |d^ k| <= 2^61, y^2 + z^2 < 2^61.01, F < 2^61.6, D1 g
 * + T < 3 2^61 + 2^30 < 2^63. Each point costs two isqrt64 (about 2,150
 * cycles each on the GBA) and 64-bit products.
 * One more lower bound over [t1, t2], from the values at the bracket's
 * ends too (phi(lo) < vlo, phi(hi) < vhi): convexity puts phi(t) >= phi(t1)
 * + (phi(t1) - phi(lo)) (t - t1) / g > l1 - al x / g for t = t1 + x >= t1
 * (al = vlo - l1), and phi(t) > l2 - be (m - x) / g for t <= t2 (be = vhi
 * - l2). If al <= 0 the first alone gives phi >= l1 over [t1, t2] (and be
 * <= 0: l2); else the larger of the two lines is least where they cross,
 * at (g (l1 be + l2 al) - al be m) / (g (al + be)), which is >= k iff g
 * ((l1 - k) be + (l2 - k) al) >= al be m (l1, l2 >= k already): each side
 * below 2^62 2^31, in 128 bits. Near a least point phi is close to a
 * parabola, so this bound closes as the bracket's square, the Lipschitz
 * one only as its width. */
#define RF64_BITS 30

static int64_t rf64_eval(const int64_t *pa, const int64_t *pd, int64_t l, int64_t w, int64_t k)
{
    uint64_t c[3], pp, rl, e, ex;
    int i;
    for (i = 0; i < 3; i++) {
        int64_t v = pa[i] + fxl__floor_shift(pd[i] * k, RF64_BITS);
        c[i] = (uint64_t)(v < 0 ? -v : v); /* <= 2^30 + 2 */
    }
    pp = c[1] * c[1] + c[2] * c[2];
    rl = fxl__isqrt64(pp);
    e = rl > (uint64_t)w ? rl - (uint64_t)w : 0u;
    ex = c[0] > (uint64_t)l ? c[0] - (uint64_t)l : 0u;
    return (int64_t)fxl__isqrt64(e * e + ex * ex);
}

FXL_ARM_CODE
static int rf64_search(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr)
{
    const int64_t T = (int64_t)1 << RF64_BITS;
    int64_t pa[3], pd[3], lo = 0, hi = T, rhat, k, ob = INT64_MAX, vlo, vhi;
    uint64_t d1 = 0;
    unsigned s = rf_shift(a, d, l, w, rr, RF64_BITS);
    int i;
    for (i = 0; i < 3; i++) {
        pa[i] = s ? fxl__floor_shift(a[i], s) : a[i];
        pd[i] = s ? fxl__floor_shift(d[i], s) : d[i];
        d1 += (uint64_t)(pd[i] < 0 ? -pd[i] : pd[i]);
    }
    l >>= s, w >>= s, rhat = rr >> s;
    k = rhat + 6;
    vlo = rf64_eval(pa, pd, l, w, 0), vhi = rf64_eval(pa, pd, l, w, T);
    if (vlo + 9 <= rhat || vhi + 9 <= rhat)
        return 1;
    vlo += 4, vhi += 4; /* phi(lo) < vlo, phi(hi) < vhi */
    while (hi - lo >= 3) {
        int64_t g = (hi - lo) / 3, t1 = lo + g, t2 = hi - g, l1, l2, v1, v2, o1, o2;
        l1 = rf64_eval(pa, pd, l, w, t1), l2 = rf64_eval(pa, pd, l, w, t2);
        if (l1 + 9 <= rhat || l2 + 9 <= rhat)
            return 1;
        v1 = l1 + 4, v2 = l2 + 4, l1 -= 2, l2 -= 2;
        o1 = l1 - (v2 > l1 ? v2 - l1 : 0), o2 = l2 - (v1 > l2 ? v1 - l2 : 0);
        if (ob >= k && o1 >= k && o2 >= k) {
            uint64_t f1 = (uint64_t)(t1 - lo > hi - t1 ? t1 - lo : hi - t1);
            uint64_t f2 = (uint64_t)(t2 - lo > hi - t2 ? t2 - lo : hi - t2);
            int64_t c = (int64_t)((d1 * (uint64_t)(t2 - t1) + (uint64_t)T - 1u) >> RF64_BITS);
            uint64_t al = (uint64_t)(vlo - l1), be = (uint64_t)(vhi - l2); /* < 2^31 */
            if (l1 + l2 - c >= 2 * k ||
                l1 - (int64_t)((d1 * f1 + (uint64_t)T - 1u) >> RF64_BITS) >= k ||
                l2 - (int64_t)((d1 * f2 + (uint64_t)T - 1u) >> RF64_BITS) >= k)
                return 0;
            /* the secants over [lo, t1] and [t2, hi] extended (see above) */
            if (vlo <= l1 || vhi <= l2 ||
                fxl__le128(fxl__mul64(al * be, (uint64_t)(t2 - t1)),
                           fxl__mul64((uint64_t)g, (uint64_t)(l1 - k) * be + (uint64_t)(l2 - k) * al)))
                return 0;
        }
        if (v1 <= l2) {
            hi = t2, vhi = v2;
        } else if (v2 <= l1) {
            lo = t1, vlo = v1;
        } else {
            if (o1 < ob)
                ob = o1;
            if (o2 < ob)
                ob = o2;
            lo = t1, hi = t2, vlo = v1, vhi = v2;
        }
    }
    return -1;
}

int fxl__laser3d_rim_filter(const int64_t a[3], const int64_t d[3], int64_t w, int64_t rr)
{
    int v = rf_search(a, d, 0, w, rr);
    return v >= 0 ? v : rf64_search(a, d, 0, w, rr);
}

int fxl__laser3d_cyl_filter(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr)
{
    return rf_search(a, d, l, w, rr);
}
