/* ref_cyl_moving.c - the moving sphere against the cylinder laser, decided
 * by a method unlike src/laser3d_moving*.c's: root isolation by Bernstein
 * subdivision instead of a Sturm count, and the tube tests by evaluating
 * the quadratic at its clamped rational minimiser instead of Lagrange's
 * identity; integers of up to 640 bits (tests/bigint.h's inline
 * operations with BIG_LIMBS 20).
 *
 * With f(t) the centre's frame point (linear in t) and C the solid
 * cylinder |x| <= L, rho <= W, the sphere of radius R hits iff some t in
 * [0, 1] has dist(f(t), C) <= R. A point within R of C is within R of it
 * in one of: |x| <= L (then rho <= W + R), rho <= W (then |x| <= L + R),
 * or else within R of a rim circle (rho = W, x = +-L); each of these sets
 * lies inside the rounded cylinder, so the hit is: an end within R, or
 * the path meets one of the two tubes, or comes within R of a rim circle.
 * The last, with h = x -+ L, is (rho - W)^2 + h^2 <= R^2; Q = S^2 - 4 W^2
 * rho^2 (S = rho^2 + h^2 + W^2 - R^2) is <= 0 only on the torus, and with
 * both ends outside it the path meets the torus iff Q has a root in (0, 1):
 * Q > 0 on a dyadic interval when all its Bernstein coefficients are > 0;
 * a dyadic point with Q <= 0 is a hit; otherwise split, to depth 62. */
#include "ref_cyl_moving.h"

#include <math.h>

#define BIG_LIMBS 20 /* 640 bits: bigint.h's inline operations only */
#include "bigint.h"

#define RL BIG_LIMBS
#define DEPTH 62

typedef big rb;

/* Overflows of this reference (sticky: every later answer undecided),
 * kept out of big_faults(): ref_cyl_moving moves bigint.h's count here. */
static int faults;

static rb sub(rb a, rb b)
{
    return big_add(a, big_neg(b));
}

static rb shl(rb a, int k)
{
    rb r = big_i64(0);
    int i, q = k / 32, b = k % 32;
    if (a.s == 0)
        return a;
    if (a.n + q + 1 > RL) {
        fxlt_big_faults_++;
        return r;
    }
    for (i = a.n - 1; i >= 0; i--) {
        r.d[i + q + 1] |= b ? a.d[i] >> (32 - b) : 0u;
        r.d[i + q] = a.d[i] << b;
    }
    r.n = a.n + q + 1, r.s = a.s;
    big_trim_(&r);
    return r;
}

typedef struct geo {
    int64_t fa[3], d[3], l, w, rr; /* Q16.48 */
} geo;

static void frame(const fxl_laser3d *l, fxl_vec3 p, int64_t out[3])
{
    int64_t cy = fxl_cos(l->yaw), sy = fxl_sin(l->yaw), cp = fxl_cos(l->pitch),
            sp = fxl_sin(l->pitch);
    int64_t dx = (int64_t)p.x - l->pos.x, dy = (int64_t)p.y - l->pos.y,
            dz = (int64_t)p.z - l->pos.z;
    int64_t x1 = cy * dx + sy * dy, z1 = dz * 65536;
    int64_t mid = l->anchor == FXL_ANCHOR_EMITTER ? (int64_t)l->length * ((int64_t)1 << 31) : 0;
    out[0] = cp * x1 - sp * z1 - mid;
    out[1] = (cy * dy - sy * dx) * 65536;
    out[2] = sp * x1 + cp * z1;
}

static void geo_of(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, int32_t r, geo *g)
{
    int64_t fb[3];
    int i;
    frame(l, a, g->fa);
    frame(l, b, fb);
    for (i = 0; i < 3; i++)
        g->d[i] = fb[i] - g->fa[i];
    g->l = (int64_t)l->length * ((int64_t)1 << 31);
    g->w = (int64_t)l->half_width * ((int64_t)1 << 32);
    g->rr = (int64_t)r * ((int64_t)1 << 32);
}

/* The static test at frame point p: dist(p, C) <= R, by cases. */
static int static_hit(const geo *g, const int64_t p[3])
{
    int64_t ax = p[0] < 0 ? -p[0] : p[0];
    rb ex = big_i64(ax > g->l ? ax - g->l : 0), rho2 = big_add(big_mul(big_i64(p[1]), big_i64(p[1])), big_mul(big_i64(p[2]), big_i64(p[2])));
    rb w = big_i64(g->w), r = big_i64(g->rr), r2 = big_mul(r, r), ex2 = big_mul(ex, ex);
    if (big_cmp(rho2, big_mul(w, w)) <= 0)
        return big_cmp(ex2, r2) <= 0;
    if (ex.s == 0) {
        rb wr = big_add(w, r);
        return big_cmp(rho2, big_mul(wr, wr)) <= 0;
    }
    {
        rb s = sub(big_add(big_add(rho2, big_mul(w, w)), ex2), r2);
        if (s.s <= 0)
            return 1;
        return big_cmp(big_mul(s, s), big_mul(shl(big_mul(w, w), 2), rho2)) <= 0;
    }
}

/* P(n / m) m^2 <= rad^2 m^2 at t = n / m (m > 0). */
static int tube_at(const geo *g, rb n, rb m, int64_t rad)
{
    rb y = big_add(big_mul(big_i64(g->fa[1]), m), big_mul(big_i64(g->d[1]), n));
    rb z = big_add(big_mul(big_i64(g->fa[2]), m), big_mul(big_i64(g->d[2]), n));
    rb rm = big_mul(big_i64(rad), m);
    return big_cmp(big_add(big_mul(y, y), big_mul(z, z)), big_mul(rm, rm)) <= 0;
}

/* n1 / m1 <= n2 / m2 (positive denominators). */
static int fle(rb n1, rb m1, rb n2, rb m2)
{
    return big_cmp(big_mul(n1, m2), big_mul(n2, m1)) <= 0;
}

/* The path meets xlo <= x <= xhi, rho <= rad: the least of rho^2 over the
 * slab's interval of t is at t* = -(a.d)/|d|^2 clamped to it. */
static int tube(const geo *g, int64_t xlo, int64_t xhi, int64_t rad)
{
    rb n0 = big_i64(0), m0 = big_i64(1), n1 = big_i64(1), m1 = big_i64(1), nd, q;
    if (g->d[0] == 0) {
        if (g->fa[0] < xlo || g->fa[0] > xhi)
            return 0;
    } else {
        rb ta = big_i64(xlo - g->fa[0]), tb = big_i64(xhi - g->fa[0]), m = big_i64(g->d[0]);
        if (g->d[0] < 0) {
            rb t = ta;
            ta = big_neg(tb), tb = big_neg(t), m = big_neg(m);
        }
        if (!fle(ta, m, n0, m0))
            n0 = ta, m0 = m;
        if (fle(tb, m, n1, m1))
            n1 = tb, m1 = m;
        if (!fle(n0, m0, n1, m1))
            return 0;
    }
    q = big_add(big_mul(big_i64(g->d[1]), big_i64(g->d[1])), big_mul(big_i64(g->d[2]), big_i64(g->d[2])));
    if (q.s == 0)
        return tube_at(g, big_i64(0), big_i64(1), rad);
    nd = big_neg(big_add(big_mul(big_i64(g->fa[1]), big_i64(g->d[1])), big_mul(big_i64(g->fa[2]), big_i64(g->d[2]))));
    if (fle(nd, q, n0, m0))
        return tube_at(g, n0, m0, rad);
    if (fle(n1, m1, nd, q))
        return tube_at(g, n1, m1, rad);
    return tube_at(g, nd, q, rad);
}

/* Q's coefficients for the rim at x = s L. */
static void quartic(const geo *g, int s, rb q[5])
{
    rb a[3], d[3], sc[3], pc[3], w = big_i64(g->w), r = big_i64(g->rr), w4;
    int i, j;
    a[0] = sub(big_i64(g->fa[0]), big_i64(s * g->l)), d[0] = big_i64(g->d[0]);
    for (i = 1; i < 3; i++)
        a[i] = big_i64(g->fa[i]), d[i] = big_i64(g->d[i]);
    for (i = 0; i < 3; i++)
        sc[i] = pc[i] = big_i64(0);
    for (i = 0; i < 3; i++) {
        rb dd = big_mul(d[i], d[i]), ad = shl(big_mul(a[i], d[i]), 1), aa = big_mul(a[i], a[i]);
        sc[2] = big_add(sc[2], dd), sc[1] = big_add(sc[1], ad), sc[0] = big_add(sc[0], aa);
        if (i > 0)
            pc[2] = big_add(pc[2], dd), pc[1] = big_add(pc[1], ad), pc[0] = big_add(pc[0], aa);
    }
    sc[0] = sub(big_add(sc[0], big_mul(w, w)), big_mul(r, r));
    w4 = shl(big_mul(w, w), 2);
    for (i = 0; i < 5; i++)
        q[i] = big_i64(0);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            q[i + j] = big_add(q[i + j], big_mul(sc[i], sc[j]));
    for (i = 0; i < 3; i++)
        q[i] = sub(q[i], big_mul(w4, pc[i]));
}

/* 12 times the Bernstein coefficients of 2^(4n) Q((k + s) / 2^n), s in
 * [0, 1]: the shifted power coefficients c_i = sum_j q_j 2^((4-j) n)
 * C(j, i) k^(j-i), then b_k = sum_{i<=k} C(k, i) / C(4, i) c_i. */
static void bern(const rb q[5], int n, int64_t k, rb b[5])
{
    static const int binom[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
    static const int w12[5] = {12, 3, 2, 3, 12}; /* 12 / C(4, i) */
    rb c[5], kp[5];
    int i, j;
    kp[0] = big_i64(1);
    for (i = 1; i < 5; i++)
        kp[i] = big_mul(kp[i - 1], big_i64(k));
    for (i = 0; i < 5; i++)
        c[i] = big_i64(0);
    for (j = 0; j < 5; j++) {
        rb qj = shl(q[j], (4 - j) * n);
        for (i = 0; i <= j; i++)
            c[i] = big_add(c[i], big_mul(big_mul(qj, big_i64(binom[j][i])), kp[j - i]));
    }
    for (j = 0; j < 5; j++) {
        b[j] = big_i64(0);
        for (i = 0; i <= j; i++)
            b[j] = big_add(b[j], big_mul(c[i], big_i64((int64_t)binom[j][i] * w12[i])));
    }
}

/* W = 0: the rim is the point (s L, 0, 0), its torus the ball of radius
 * R about it (Q = S^2 has only double roots): |p(t)|^2 <= R^2 at the
 * clamped t* = -(a.d) / |d|^2, as rationals. */
static int ball(const geo *g, int s)
{
    rb a[3], n = big_i64(0), m = big_i64(0), lhs = big_i64(0), rm;
    int i;
    a[0] = sub(big_i64(g->fa[0]), big_i64(s * g->l)), a[1] = big_i64(g->fa[1]), a[2] = big_i64(g->fa[2]);
    for (i = 0; i < 3; i++) {
        n = sub(n, big_mul(a[i], big_i64(g->d[i])));
        m = big_add(m, big_mul(big_i64(g->d[i]), big_i64(g->d[i])));
    }
    if (n.s <= 0) /* also no move: m = 0 */
        n = big_i64(0), m = big_i64(1);
    else if (big_cmp(n, m) > 0)
        n = big_i64(1), m = big_i64(1);
    for (i = 0; i < 3; i++) {
        rb v = big_add(big_mul(a[i], m), big_mul(big_i64(g->d[i]), n));
        lhs = big_add(lhs, big_mul(v, v));
    }
    rm = big_mul(big_i64(g->rr), m);
    return big_cmp(lhs, big_mul(rm, rm)) <= 0;
}

/* 1: Q <= 0 at a dyadic point of [0, 1]; 0: Q > 0 on [0, 1]; -1: neither
 * shown down to DEPTH. Depth-first over dyadic intervals (n, k). */
static int torus(const geo *g, int s)
{
    rb q[5], b[5];
    int sn[DEPTH + 3], top = 0, undecided = 0, i;
    int64_t sk[DEPTH + 3];
    if (g->w == 0)
        return ball(g, s);
    quartic(g, s, q);
    sn[0] = 0, sk[0] = 0, top = 1;
    while (top > 0) {
        int n = sn[--top], pos = 1;
        int64_t k = sk[top];
        bern(q, n, k, b);
        if (b[0].s <= 0 || b[4].s <= 0)
            return 1;
        for (i = 1; i < 4; i++)
            pos &= b[i].s > 0;
        if (pos)
            continue;
        if (n >= DEPTH) { /* k stays an int64 */
            undecided = 1;
            continue;
        }
        sn[top] = n + 1, sk[top] = 2 * k + 1, top++;
        sn[top] = n + 1, sk[top] = 2 * k, top++;
    }
    return undecided ? -1 : 0;
}

static int ref_cyl_answer(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, int32_t r);

int ref_cyl_moving(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, int32_t r)
{
    uint32_t f0 = fxlt_big_faults_;
    int ans = ref_cyl_answer(l, a, b, r);
    if (fxlt_big_faults_ != f0) {
        faults++;
        fxlt_big_faults_ = f0;
    }
    return faults != 0 && ans == 0 ? -1 : ans;
}

static int ref_cyl_answer(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, int32_t r)
{
    geo g;
    int64_t fb[3];
    int i, t0, t1;
    geo_of(l, a, b, r, &g);
    for (i = 0; i < 3; i++)
        fb[i] = g.fa[i] + g.d[i];
    if (static_hit(&g, g.fa) || static_hit(&g, fb))
        return 1;
    if (tube(&g, -g.l, g.l, g.w + g.rr) || tube(&g, -g.l - g.rr, g.l + g.rr, g.w))
        return 1;
    t0 = torus(&g, -1);
    if (t0 == 1)
        return 1;
    t1 = torus(&g, 1);
    if (t1 == 1)
        return 1;
    return t0 < 0 || t1 < 0 ? -1 : 0;
}

static double dist2(const geo *g, double t)
{
    double x = (double)g->fa[0] + t * (double)g->d[0], y = (double)g->fa[1] + t * (double)g->d[1];
    double z = (double)g->fa[2] + t * (double)g->d[2];
    double ex = fabs(x) - (double)g->l, rho = sqrt(y * y + z * z) - (double)g->w;
    ex = ex > 0 ? ex : 0, rho = rho > 0 ? rho : 0;
    return ex * ex + rho * rho;
}

double ref_cyl_dist(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b)
{
    geo g;
    double lo = 0, hi = 1;
    int i;
    geo_of(l, a, b, 0, &g);
    for (i = 0; i < 200; i++) {
        double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        if (dist2(&g, m1) <= dist2(&g, m2))
            hi = m2;
        else
            lo = m1;
    }
    return sqrt(dist2(&g, (lo + hi) / 2)) / 4294967296.0;
}
