/* ref_curvy.c - the independent exact reference for curvy lasers (see
 * ref_curvy.h for the formulations). */
#include "ref_curvy.h"

#include <math.h>

#include "bigint.h"
#include "harness.h" /* FXL_EWRAM_BSS */

/* Small steps on big integers, through pointers and out of line: the
 * suite also runs on the GBA, whose stack is a few KiB, and by-value big
 * temporaries in one expression each take a 56-byte slot. */
#if defined(__GNUC__)
#define REF_STEP __attribute__((noinline))
#else
#define REF_STEP
#endif

/* r = a b + c d */
static REF_STEP void mac64(big *r, int64_t a, int64_t b, int64_t c, int64_t d)
{
    *r = big_add(big_mul(big_i64(a), big_i64(b)), big_mul(big_i64(c), big_i64(d)));
}

/* r = x y + s u v, s = 1 or -1 (r may be any of the inputs) */
static REF_STEP void mac(big *r, const big *x, const big *y, int s, const big *u, const big *v)
{
    big t = big_mul(*u, *v);
    *r = big_add(big_mul(*x, *y), s < 0 ? big_neg(t) : t);
}

/* r = x y */
static REF_STEP void mul(big *r, const big *x, const big *y)
{
    *r = big_mul(*x, *y);
}

/* r = x + s y */
static REF_STEP void addb(big *r, const big *x, int s, const big *y)
{
    *r = big_add(*x, s < 0 ? big_neg(*y) : *y);
}

static REF_STEP void set(big *r, int64_t v)
{
    *r = big_i64(v);
}

/* sign(x^2 + y^2 - z^2) */
static REF_STEP int sumsq_cmp(const big *x, const big *y, const big *z)
{
    big a, b;
    mac(&a, x, x, 1, y, y);
    mul(&b, z, z);
    return big_cmp(a, b);
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* ---- static: disks and the trapezoid of tangent points ------------------------------- */

/* With A at the origin, u = d / L the axis, x = q.u, y = |q x u|, and
 * K = L^2 - D^2 > 0 (D = R1 - R0), the outer tangent lines have unit normals
 * n = (-D, +-sqrt(K)) / L in the (u, u-perp) frame (n.d = R0 - R1), touching
 * the disks at T_A = R0 n and T_B = d + R1 n. The hull is the two disks and
 * the trapezoid T_A+ T_B+ T_B- T_A-: between the chords x = -R0 D / L and
 * x = L - R1 D / L, and within the tangent lines, -D x + |y| sqrt(K) <= R0 L.
 * With X = q.d = x L and Y = |cross(d, q)| = |y| L these read
 *     -R0 D <= X <= L^2 - R1 D   and   Y sqrt(K) <= R0 L^2 + D X,
 * the last decided by squaring when its right side is not negative. */
bool ref_seg_point(const ref_seg *s, int64_t px, int64_t py, int64_t r)
{
    int64_t r0 = s->ha + r, r1 = s->hb + r, dd = r1 - r0;
    int64_t qx = px - s->ax, qy = py - s->ay, dx = s->bx - s->ax, dy = s->by - s->ay;
    int64_t reach = r0 + r1 + abs64(dx) + abs64(dy);
    big a, b, c, l2, k, x, y;

    if (abs64(qx) > reach || abs64(qy) > reach) /* the hull lies within reach of A */
        return false;
    set(&a, qx), set(&b, qy), set(&c, r0);
    if (sumsq_cmp(&a, &b, &c) <= 0)
        return true;
    set(&a, qx - dx), set(&b, qy - dy), set(&c, r1);
    if (sumsq_cmp(&a, &b, &c) <= 0)
        return true;
    mac64(&l2, dx, dx, dy, dy);
    mac64(&a, dd, dd, 0, 0);
    addb(&k, &l2, -1, &a);
    if (k.s <= 0) /* one disk holds the other: the disks were all */
        return false;
    mac64(&x, qx, dx, qy, dy);
    mac64(&y, qx, dy, -qy, dx);
    mac64(&a, -r0, dd, 0, 0);
    if (big_cmp(x, a) < 0)
        return false;
    mac64(&a, r1, dd, 0, 0);
    addb(&a, &l2, -1, &a);
    if (big_cmp(x, a) > 0)
        return false;
    set(&a, r0), set(&b, dd);
    mac(&c, &a, &l2, 1, &b, &x); /* R0 L^2 + D X */
    if (c.s < 0)
        return false;
    mul(&a, &c, &c);
    mul(&b, &y, &y);
    mul(&b, &b, &k);
    return big_cmp(a, b) >= 0;
}

/* ---- moving: the hull's disks against the available path ----------------------------- */

typedef struct rat {
    big p, q; /* q > 0 */
} rat;

static REF_STEP void rat_set(rat *t, const big *p, const big *q)
{
    t->p = q->s < 0 ? big_neg(*p) : *p;
    t->q = q->s < 0 ? big_neg(*q) : *q;
}

static REF_STEP void rat_int(rat *t, int64_t v)
{
    t->p = big_i64(v);
    t->q = big_i64(1);
}

static REF_STEP int rat_cmp(const rat *a, const rat *b)
{
    big x, y;
    mul(&x, &a->p, &b->q);
    mul(&y, &b->p, &a->q);
    return big_cmp(x, y);
}

/* a < t < b */
static bool rat_inside(const rat *t, const rat *a, const rat *b)
{
    return rat_cmp(t, a) > 0 && rat_cmp(t, b) < 0;
}

/* The disk at t: centre A + t d, radius R0 + t D. The path's nearest point
 * to it is, on each piece of [0, 1], a fixed point P (|P - A - t d|), the
 * moving point c(t) (|q0 - t (d - m)|) or an inner point of the line
 * (|cross(m, t d - q0)| / |m|). */
typedef struct path {
    int64_t qx, qy, dx, dy, mx, my, r0, dd; /* q0 = c0 - A, d, m, R0, D */
} path;

/* R0 q + D p: the radius at t = p / q, times q. */
static REF_STEP void radius_at(big *r, const path *g, const rat *t)
{
    big a, b;
    set(&a, g->r0), set(&b, g->dd);
    mac(r, &a, &t->q, 1, &b, &t->p);
}

/* |Q q - p V| <= R0 q + D p at t = p / q (both sides squared). */
static REF_STEP bool point_at(const path *g, const big *px, const big *py, const big *vx,
                              const big *vy, const rat *t)
{
    big ex, ey, rr;
    mac(&ex, px, &t->q, -1, &t->p, vx);
    mac(&ey, py, &t->q, -1, &t->p, vy);
    radius_at(&rr, g, t);
    return sumsq_cmp(&ex, &ey, &rr) <= 0;
}

/* Some t in [ta, tb] with |Q - t V| <= R0 + t D: f(t) = |Q - t V|^2 -
 * (R0 + t D)^2 is a quadratic a t^2 - 2 b t + c; its minimum on the piece
 * is at an end or at t = b / a (a > 0). At t = p / q the sign of f is that
 * of |Q q - p V|^2 - (R0 q + D p)^2. */
static bool point_piece(const path *g, int64_t qx, int64_t qy, int64_t vx, int64_t vy,
                        const rat *ta, const rat *tb)
{
    big px, py, bx, by, a, b, t;
    rat v;
    set(&px, qx), set(&py, qy), set(&bx, vx), set(&by, vy);
    if (point_at(g, &px, &py, &bx, &by, ta) || point_at(g, &px, &py, &bx, &by, tb))
        return true;
    mac64(&a, vx, vx, vy, vy);
    mac64(&t, g->dd, g->dd, 0, 0);
    addb(&a, &a, -1, &t);
    if (a.s <= 0)
        return false;
    mac64(&b, qx, vx, qy, vy);
    mac64(&t, g->r0, g->dd, 0, 0);
    addb(&b, &b, 1, &t);
    rat_set(&v, &b, &a);
    return rat_inside(&v, ta, tb) && point_at(g, &px, &py, &bx, &by, &v);
}

/* (alpha q + beta p)^2 <= |m|^2 (R0 q + D p)^2 at t = p / q. */
static REF_STEP bool line_at(const path *g, const big *alpha, const big *beta, const big *mm,
                             const rat *t)
{
    big lhs, rr;
    mac(&lhs, alpha, &t->q, 1, beta, &t->p);
    radius_at(&rr, g, t);
    mul(&lhs, &lhs, &lhs);
    mul(&rr, &rr, &rr);
    mul(&rr, &rr, mm);
    return big_cmp(lhs, rr) <= 0;
}

/* Some t in [ta, tb] with |alpha + beta t| <= |m| (R0 + t D), alpha =
 * cross(q0, m), beta = cross(m, d): convex in t with its minimum at an end
 * or at the kink t = -alpha / beta. */
static bool line_piece(const path *g, const rat *ta, const rat *tb)
{
    big alpha, beta, mm, na;
    rat v;
    mac64(&alpha, g->qx, g->my, -g->qy, g->mx);
    mac64(&beta, g->mx, g->dy, -g->my, g->dx);
    mac64(&mm, g->mx, g->mx, g->my, g->my);
    if (line_at(g, &alpha, &beta, &mm, ta) || line_at(g, &alpha, &beta, &mm, tb))
        return true;
    if (beta.s == 0)
        return false;
    na = big_neg(alpha);
    rat_set(&v, &na, &beta);
    return rat_inside(&v, ta, tb) && line_at(g, &alpha, &beta, &mm, &v);
}

/* Adds p / q to the break points when it lies strictly inside (0, 1). */
static void add_break(rat *bp, int *n, const big *p, const big *q)
{
    rat zero, one;
    if (q->s == 0)
        return;
    rat_set(&bp[*n], p, q);
    rat_int(&zero, 0);
    rat_int(&one, 1);
    if (rat_inside(&bp[*n], &zero, &one))
        (*n)++;
}

/* Which nearest point the piece [a, b] has: s(t) = (t d.m - q0.m) / |m|^2
 * at its middle t = p / q against lower (0, or t when growing) and 1:
 * -1 at or below lower, 1 at or above 1, 0 between. */
static REF_STEP int piece_kind(const rat *a, const rat *b, const big *mm, const big *dm,
                               const big *qm, bool grows)
{
    big p, q, num, t;
    mac(&p, &a->p, &b->q, 1, &b->p, &a->q);
    mul(&q, &a->q, &b->q);
    addb(&q, &q, 1, &q);
    mac(&num, &p, dm, -1, &q, qm); /* s(t) = num / (|m|^2 q) */
    if (grows)
        mul(&t, mm, &p);
    else
        set(&t, 0);
    if (big_cmp(num, t) <= 0)
        return -1;
    mul(&t, mm, &q);
    return big_cmp(num, t) >= 0 ? 1 : 0;
}

bool ref_seg_path(const ref_seg *s, int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t r,
                  bool grows)
{
    path g;
    rat pts[4];
    int n = 0, i, j;
    big mm, dm, qm, t;
    int64_t rmax;

    g.r0 = s->ha + r;
    g.dd = s->hb - s->ha;
    g.qx = x0 - s->ax;
    g.qy = y0 - s->ay;
    g.dx = s->bx - s->ax;
    g.dy = s->by - s->ay;
    g.mx = x1 - x0;
    g.my = y1 - y0;
    /* The hull lies in the segment's box grown by the larger radius. */
    rmax = (s->ha > s->hb ? s->ha : s->hb) + r;
    if ((x0 < x1 ? x0 : x1) > (s->ax > s->bx ? s->ax : s->bx) + rmax ||
        (x0 > x1 ? x0 : x1) < (s->ax < s->bx ? s->ax : s->bx) - rmax ||
        (y0 < y1 ? y0 : y1) > (s->ay > s->by ? s->ay : s->by) + rmax ||
        (y0 > y1 ? y0 : y1) < (s->ay < s->by ? s->ay : s->by) - rmax)
        return false;
    rat_int(&pts[n++], 0);
    mac64(&mm, g.mx, g.mx, g.my, g.my);
    if (mm.s == 0) {
        rat_int(&pts[1], 1);
        return point_piece(&g, g.qx, g.qy, g.dx, g.dy, &pts[0], &pts[1]);
    }
    /* The nearest path parameter to the disk's centre: s(t) = (t d.m - q0.m)
     * / |m|^2, clamped to [lower, 1], lower = 0 (or t when growing). The
     * pieces end where s(t) = lower or s(t) = 1. */
    mac64(&dm, g.dx, g.mx, g.dy, g.my);
    mac64(&qm, g.qx, g.mx, g.qy, g.my);
    if (grows)
        addb(&t, &dm, -1, &mm);
    else
        t = dm;
    add_break(pts, &n, &qm, &t);
    addb(&t, &mm, 1, &qm);
    add_break(pts, &n, &t, &dm);
    rat_int(&pts[n++], 1);
    /* Sort the (at most four) points. */
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && rat_cmp(&pts[j - 1], &pts[j]) > 0; j--) {
            rat x = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = x;
        }
    for (i = 0; i + 1 < n; i++) {
        int kind = piece_kind(&pts[i], &pts[i + 1], &mm, &dm, &qm, grows);
        bool hit;
        if (kind < 0)
            hit = grows ? point_piece(&g, g.qx, g.qy, g.dx - g.mx, g.dy - g.my, &pts[i], &pts[i + 1])
                        : point_piece(&g, g.qx, g.qy, g.dx, g.dy, &pts[i], &pts[i + 1]);
        else if (kind > 0)
            hit = point_piece(&g, g.qx + g.mx, g.qy + g.my, g.dx, g.dy, &pts[i], &pts[i + 1]);
        else
            hit = line_piece(&g, &pts[i], &pts[i + 1]);
        if (hit)
            return true;
    }
    return false;
}

/* ---- touching radii ---------------------------------------------------------------------- */

int64_t ref_smallest_r(ref_pred test, const void *ctx, double est, int64_t limit)
{
    int64_t lo, hi, step = 4;
    if (!(est < (double)limit))
        est = (double)limit;
    if (!(est > 0.0))
        est = 0.0;
    lo = (int64_t)floor(est) - 2;
    hi = (int64_t)ceil(est) + 2;
    if (lo < -1)
        lo = -1;
    if (hi > limit)
        hi = limit;
    /* test(lo) false (lo = -1: no radius), test(hi) true. */
    while (lo >= 0 && test(ctx, lo)) {
        hi = lo;
        lo = lo - step < -1 ? -1 : lo - step;
        step *= 2;
    }
    while (!test(ctx, hi)) {
        if (hi >= limit)
            return limit + 1;
        lo = hi;
        hi = hi + step > limit ? limit : hi + step;
        step *= 2;
    }
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (test(ctx, mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* The distance from p to the hull of (a, ha), (b, hb) when outside (0
 * inside): phi(t) = |q - t d| - (ha + t D) is convex; with x, y the
 * coordinates of q along and across the axis, its stationary point has
 * x - t L = -sigma y / sqrt(1 - sigma^2), sigma = D / L. */
double ref_seg_point_est(const ref_seg *s, double px, double py)
{
    double qx = px - (double)s->ax, qy = py - (double)s->ay;
    double dx = (double)(s->bx - s->ax), dy = (double)(s->by - s->ay);
    double ha = (double)s->ha, dd = (double)(s->hb - s->ha);
    double best = sqrt(qx * qx + qy * qy) - ha, l = sqrt(dx * dx + dy * dy);
    double e = sqrt((qx - dx) * (qx - dx) + (qy - dy) * (qy - dy)) - (double)s->hb;
    if (e < best)
        best = e;
    if (l > fabs(dd) && l > 0.0) {
        double x = (qx * dx + qy * dy) / l, y = fabs(qx * dy - qy * dx) / l, sg = dd / l;
        double z = -sg * y / sqrt(1.0 - sg * sg), t = (x - z) / l;
        if (t > 0.0 && t < 1.0) {
            double v = sqrt((x - t * l) * (x - t * l) + y * y) - (ha + t * dd);
            if (v < best)
                best = v;
        }
    }
    return best > 0.0 ? best : 0.0;
}

static double seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
    double mx = bx - ax, my = by - ay, mm = mx * mx + my * my, t = 0.0;
    if (mm > 0.0) {
        t = ((px - ax) * mx + (py - ay) * my) / mm;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    }
    return sqrt((px - ax - t * mx) * (px - ax - t * mx) + (py - ay - t * my) * (py - ay - t * my));
}

static double path_phi(const ref_seg *s, double x0, double y0, double x1, double y1, bool grows,
                       double t)
{
    double cx = (double)s->ax + t * (double)(s->bx - s->ax);
    double cy = (double)s->ay + t * (double)(s->by - s->ay);
    double lo = grows ? t : 0.0;
    return seg_dist(cx, cy, x0 + lo * (x1 - x0), y0 + lo * (y1 - y0), x1, y1) -
           ((double)s->ha + t * (double)(s->hb - s->ha));
}

/* The minimum of the convex phi(t) over [0, 1] by ternary search. */
double ref_seg_path_est(const ref_seg *s, double x0, double y0, double x1, double y1, bool grows)
{
    double a = 0.0, b = 1.0, best;
    int i;
    for (i = 0; i < 80; i++) {
        double t1 = a + (b - a) / 3.0, t2 = b - (b - a) / 3.0;
        if (path_phi(s, x0, y0, x1, y1, grows, t1) <= path_phi(s, x0, y0, x1, y1, grows, t2))
            b = t2;
        else
            a = t1;
    }
    best = path_phi(s, x0, y0, x1, y1, grows, (a + b) / 2.0);
    if (path_phi(s, x0, y0, x1, y1, grows, 0.0) < best)
        best = path_phi(s, x0, y0, x1, y1, grows, 0.0);
    if (path_phi(s, x0, y0, x1, y1, grows, 1.0) < best)
        best = path_phi(s, x0, y0, x1, y1, grows, 1.0);
    return best > 0.0 ? best : 0.0;
}

/* ---- the trail ----------------------------------------------------------------------------- */

static const fxl_curvy_node *node(const fxl_curvy *c, uint32_t k)
{
    return &c->nodes[(c->tail + k) % c->cap];
}

int64_t ref_curvy_width(const fxl_curvy *c, uint32_t k)
{
    int64_t w = node(c, k)->half_width, e = k < c->count - 1 - k ? k : c->count - 1 - k;
    if (c->taper != 0 && (int64_t)c->taper * (1 + e) < w)
        w = (int64_t)c->taper * (1 + e);
    return fix16_mul((fix16_t)w, c->hit_fraction);
}

int ref_curvy_segs(const fxl_curvy *c, ref_seg *out, uint32_t *idx, int max)
{
    uint32_t k;
    int n = 0;
    if (c->harmless)
        return 0;
    for (k = 0; k + 1 < c->count && n < max; k++) {
        const fxl_curvy_node *a = node(c, k), *b = node(c, k + 1);
        if ((b->flags & FXL_CURVY_CUT) != 0)
            continue;
        out[n].ax = a->p.x;
        out[n].ay = a->p.y;
        out[n].bx = b->p.x;
        out[n].by = b->p.y;
        out[n].ha = ref_curvy_width(c, k);
        out[n].hb = ref_curvy_width(c, k + 1);
        if (idx != NULL)
            idx[n] = k;
        n++;
    }
    return n;
}

#define REF_MAX_SEGS 128

static ref_seg segs_buf[REF_MAX_SEGS] FXL_EWRAM_BSS;
static uint32_t idx_buf[REF_MAX_SEGS] FXL_EWRAM_BSS;

bool ref_curvy_circle(const fxl_curvy *c, fxl_circle circle)
{
    int n = ref_curvy_segs(c, segs_buf, NULL, REF_MAX_SEGS), i;
    for (i = 0; i < n; i++)
        if (ref_seg_point(&segs_buf[i], circle.c.x, circle.c.y, circle.r))
            return true;
    return false;
}

static bool grows_at(const fxl_curvy *c, uint32_t k)
{
    return c->grew && k + 2 == c->count;
}

bool ref_curvy_moving(const fxl_curvy *c, fxl_circle circle, fxl_vec2 to)
{
    int n = ref_curvy_segs(c, segs_buf, idx_buf, REF_MAX_SEGS), i;
    for (i = 0; i < n; i++)
        if (ref_seg_path(&segs_buf[i], circle.c.x, circle.c.y, to.x, to.y, circle.r,
                         grows_at(c, idx_buf[i])))
            return true;
    return false;
}

typedef struct touch_ctx {
    const ref_seg *s;
    int64_t x0, y0, x1, y1;
    bool moving, grows;
} touch_ctx;

static bool touch_test(const void *ctx, int64_t r)
{
    const touch_ctx *t = (const touch_ctx *)ctx;
    if (!t->moving)
        return ref_seg_point(t->s, t->x0, t->y0, r);
    return ref_seg_path(t->s, t->x0, t->y0, t->x1, t->y1, r, t->grows);
}

/* The smallest touching radius of the union: the least of the segments',
 * found exactly for each segment whose estimate is within 8 raw units of
 * the best exact value so far (estimates err by far less). */
static int64_t touch(const fxl_curvy *c, fix16_t x, fix16_t y, const fxl_vec2 *to)
{
    static double est[REF_MAX_SEGS] FXL_EWRAM_BSS;
    int n = ref_curvy_segs(c, segs_buf, idx_buf, REF_MAX_SEGS), i;
    int64_t best = (int64_t)FXL_SIZE_MAX + 1;
    touch_ctx t;
    t.x0 = x;
    t.y0 = y;
    t.x1 = to != NULL ? to->x : x;
    t.y1 = to != NULL ? to->y : y;
    t.moving = to != NULL;
    for (i = 0; i < n; i++)
        est[i] = t.moving ? ref_seg_path_est(&segs_buf[i], (double)x, (double)y, (double)t.x1,
                                             (double)t.y1, grows_at(c, idx_buf[i]))
                          : ref_seg_point_est(&segs_buf[i], (double)x, (double)y);
    for (;;) {
        int pick = -1;
        for (i = 0; i < n; i++)
            if (est[i] >= 0.0 && (pick < 0 || est[i] < est[pick]))
                pick = i;
        if (pick < 0 || est[pick] - 8.0 > (double)best)
            return best;
        t.s = &segs_buf[pick];
        t.grows = grows_at(c, idx_buf[pick]);
        {
            int64_t r = ref_smallest_r(touch_test, &t, est[pick], FXL_SIZE_MAX);
            if (r < best)
                best = r;
        }
        est[pick] = -1.0;
    }
}

int64_t ref_curvy_touch(const fxl_curvy *c, fix16_t x, fix16_t y)
{
    return touch(c, x, y, NULL);
}

int64_t ref_curvy_touch_moving(const fxl_curvy *c, fix16_t x, fix16_t y, fxl_vec2 to)
{
    return touch(c, x, y, &to);
}
