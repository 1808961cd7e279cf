/* oracle.c - exact reference decisions (oracle.h), independent of src/.
 *
 * Arithmetic. Every decision is the exact sign of an integer expression
 * (a sum of products of integers below 2^53), of a + b*sqrt(W) for such
 * integers a, b, W >= 0, or of x^2 - y. A filter first bounds the value by
 * an interval of doubles that provably holds it (every operation widened by
 * 2^-50 of its result, eight times a rounding error); when the interval
 * excludes zero (or is an exact value) that sign is the answer, otherwise
 * signed big integers of 32-bit limbs decide (384 bits, far above the ~240
 * the largest expression needs; an overflow is counted, see orc_faults),
 * comparing a^2 with b^2 W for a root. orc_set_filter(false) makes every
 * sign exact, for the check that both agree.
 *
 * Units. Everything geometric is in the beam frame's Q32.32 units (raw
 * Q16.16 times 65536): K = [a0, a1] x [b0, b1] about the pivot, the reach
 * T = (round + r) * 65536, and the hit region K' = K grown by T. K' is the
 * union of two rectangles (K widened by T along u, K heightened by T along
 * v) and the four disks of radius T about K's corners.
 *
 * Static beam. The circle centre's table-frame point is an integer; it is
 * in K' iff it is in one of the rectangles or within T of a corner.
 *
 * Slide. The centre's frame point runs along the segment AB; it meets K'
 * iff it meets a rectangle (Liang-Barsky clipping of the parameter to
 * [0, 1], in exact fractions) or a corner disk (nearest point of AB to the
 * corner: an end, or the foot, compared through squares).
 *
 * Nominal turn. The centre's frame point X(e) = R_e^T q * 65536 runs on the
 * circle |X| = R = |q| * 65536 (R^2 an integer) from E0 to E1, E_i = S_i *
 * 65536 / |t_i| (S_i the integer table-frame points, |t_i| = sqrt(c^2 +
 * s^2)); turning the beam by a positive step turns X clockwise (towards
 * smaller angles). A direction D is on the closed arc iff cross(S0, D) <= 0
 * <= cross(S1, D) for a positive step, mirrored for a negative one (the arc
 * is at most a half turn; for a half turn S1 = -S0 and it is the closed
 * half plane). The arc meets
 *   - a closed axis-aligned rectangle iff an end E_i is inside, or the arc
 *     meets one of its four edges: the circle crosses the line y = h at
 *     (+-sqrt(R^2 - h^2), h), each checked against the edge's extent and
 *     the arc's directions (signs of a + b sqrt(W));
 *   - a closed disk (C, T) iff an end is inside (|E_i - C|^2 <= T^2 with
 *     |E_i| = R: R^2 + |C|^2 - T^2 <= 2^17 (S_i . C) / |t_i|), or C's
 *     direction is on the arc and | |C| - R | <= T (the points of the
 *     circle within T of C form an arc centred on C's direction).
 * Every comparison above is a sign of a + b sqrt(W) with integer a, b, W. */
#include "oracle.h"
#include "bigint.h"

#include <math.h>

static uint32_t faults, exact_paths;
static bool filtering = true;

uint32_t orc_faults(void)
{
    return faults + big_faults();
}

uint32_t orc_exact_paths(void)
{
    return exact_paths;
}

void orc_set_filter(bool on)
{
    filtering = on;
}

/* ---- exact signs, filtered ------------------------------------------------------- */

/* A sum of products x*y*z of integers below 2^53 in magnitude: every
 * quantity the tests compare is one of these (or a square root of one). */
typedef struct poly {
    int n;
    int64_t f[6][3];
} poly;

static void pz(poly *p)
{
    p->n = 0;
}

static void pt(poly *p, int64_t x, int64_t y, int64_t z)
{
    if (p->n == 6) {
        faults++;
        return;
    }
    p->f[p->n][0] = x, p->f[p->n][1] = y, p->f[p->n][2] = z;
    p->n++;
}

static big pbig(const poly *p)
{
    big r = big_i64(0);
    int i;
    for (i = 0; i < p->n; i++)
        r = big_add(r, big_mul(big_mul(big_i64(p->f[i][0]), big_i64(p->f[i][1])), big_i64(p->f[i][2])));
    return r;
}

/* Intervals of doubles that hold the exact value: each operation widened
 * by 2^-50 of its result, against a rounding error of at most 2^-53. */
typedef struct iv {
    double lo, hi;
} iv;

#define ORC_EPS 0x1p-50

static double dn(double x)
{
    return x - fabs(x) * ORC_EPS;
}

static double up(double x)
{
    return x + fabs(x) * ORC_EPS;
}

/* Inputs below 2^53 convert exactly; a term has two roundings, the sum n - 1
 * more, each at most 2^-53 of a partial sum no larger than the sum of the
 * terms' magnitudes. */
static iv piv(const poly *p)
{
    double v = 0.0, mag = 0.0, e;
    iv r;
    int i;
    for (i = 0; i < p->n; i++) {
        double t = (double)p->f[i][0] * (double)p->f[i][1] * (double)p->f[i][2];
        v += t;
        mag += fabs(t);
    }
    /* Below 2^53 every product and partial sum is an exact integer. */
    e = mag < 0x1p53 ? 0.0 : mag * (double)(p->n + 4) * 0x1p-52;
    r.lo = v - e;
    r.hi = v + e;
    return r;
}

static iv iv_add(iv a, iv b)
{
    iv r;
    r.lo = dn(a.lo + b.lo);
    r.hi = up(a.hi + b.hi);
    return r;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

static iv iv_mul(iv a, iv b)
{
    double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
    iv r;
    r.lo = dn(min2(min2(p1, p2), min2(p3, p4)));
    r.hi = up(max2(max2(p1, p2), max2(p3, p4)));
    return r;
}

static iv iv_sqrt(iv a)
{
    iv r;
    r.lo = dn(sqrt(max2(a.lo, 0.0)));
    r.hi = up(sqrt(max2(a.hi, 0.0)));
    return r;
}

static iv iv_sq(iv a)
{
    iv r = iv_mul(a, a);
    if (a.lo <= 0.0 && a.hi >= 0.0)
        r.lo = 0.0;
    return r;
}

static iv iv_neg(iv a)
{
    iv r;
    r.lo = -a.hi;
    r.hi = -a.lo;
    return r;
}

/* The sign the bounds prove, or 0 (then the exact path runs: counted). A
 * point interval is an exact value (piv gives one only then, and the
 * operations keep one only for an exact zero). */
#define UNSURE 2

static int iv_sign(iv a)
{
    int s = a.lo > 0.0 ? 1 : a.hi < 0.0 ? -1 : UNSURE;
    if (a.lo == a.hi && filtering)
        return a.lo > 0.0 ? 1 : a.lo < 0.0 ? -1 : 0;
    if (!filtering)
        s = UNSURE;
    if (s == UNSURE)
        exact_paths++;
    return s;
}

static int sgn(const poly *p)
{
    int s = iv_sign(piv(p));
    return s != UNSURE ? s : pbig(p).s;
}

/* sign(a*b - c*d) */
static int sgn_det(int64_t a, int64_t b, int64_t c, int64_t d)
{
    poly p;
    pz(&p);
    pt(&p, a, b, 1);
    pt(&p, -c, d, 1);
    return sgn(&p);
}

/* sign(a + b sqrt(w)) for w >= 0 (exactly: the caller makes sure). */
static int sgn_root(const poly *a, const poly *b, const poly *w)
{
    int s = iv_sign(iv_add(piv(a), iv_mul(piv(b), iv_sqrt(piv(w)))));
    big ea, eb, ew, a2, rhs;
    int sa, sb, c;
    if (s != UNSURE)
        return s;
    ea = pbig(a), eb = pbig(b), ew = pbig(w);
    if (ew.s < 0) {
        faults++;
        return 0;
    }
    sa = ea.s, sb = ew.s == 0 ? 0 : eb.s;
    if (sb == 0)
        return sa;
    if (sa == 0 || sa == sb)
        return sb;
    a2 = big_mul(ea, ea);
    rhs = big_mul(big_mul(eb, eb), ew);
    c = big_mag_cmp(&a2, &rhs);
    return c > 0 ? sa : c < 0 ? sb : 0;
}

/* ---- the hitbox -------------------------------------------------------------------- */

/* K about the reference point and the reach T, Q32.32. */
typedef struct shape {
    int64_t a0, a1, b0, b1;
    int64_t t;
} shape;

/* (x - cx)^2 + (y - cy)^2 <= t^2 */
static bool in_disk(int64_t x, int64_t y, int64_t cx, int64_t cy, int64_t t)
{
    poly p;
    pz(&p);
    pt(&p, t, t, 1);
    pt(&p, -(x - cx), x - cx, 1);
    pt(&p, -(y - cy), y - cy, 1);
    return sgn(&p) >= 0;
}

/* The integer frame point (u, v) in K'. */
static bool point_in(const shape *k, int64_t u, int64_t v)
{
    if (u >= k->a0 - k->t && u <= k->a1 + k->t && v >= k->b0 && v <= k->b1)
        return true;
    if (u >= k->a0 && u <= k->a1 && v >= k->b0 - k->t && v <= k->b1 + k->t)
        return true;
    return in_disk(u, v, k->a0, k->b0, k->t) || in_disk(u, v, k->a0, k->b1, k->t) ||
           in_disk(u, v, k->a1, k->b0, k->t) || in_disk(u, v, k->a1, k->b1, k->t);
}

/* Frame coordinates (Q32.32) of an offset (Q16.16) in the table frame (c, s). */
static void frame(int32_t c, int32_t s, int64_t dx, int64_t dy, int64_t *u, int64_t *v)
{
    *u = c * dx + s * dy;
    *v = c * dy - s * dx;
}

/* ---- slides -------------------------------------------------------------------------- */

/* p/q with q > 0. */
typedef struct frac {
    int64_t p, q;
} frac;

static int frac_cmp(frac x, frac y)
{
    return sgn_det(x.p, y.q, y.p, x.q);
}

/* Liang-Barsky: the parameters l in [lo, hi] with xl <= a + l d <= xh. */
static bool clip(int64_t a, int64_t d, int64_t xl, int64_t xh, frac *lo, frac *hi)
{
    frac e, x;
    if (d == 0)
        return a >= xl && a <= xh;
    if (d > 0) {
        e.p = xl - a, e.q = d;
        x.p = xh - a, x.q = d;
    } else {
        e.p = a - xh, e.q = -d;
        x.p = a - xl, x.q = -d;
    }
    if (frac_cmp(e, *lo) > 0)
        *lo = e;
    if (frac_cmp(x, *hi) < 0)
        *hi = x;
    return frac_cmp(*lo, *hi) <= 0;
}

static bool seg_rect(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t xl, int64_t xh,
                     int64_t yl, int64_t yh)
{
    frac lo, hi;
    lo.p = 0, lo.q = 1;
    hi.p = 1, hi.q = 1;
    return clip(ax, bx - ax, xl, xh, &lo, &hi) && clip(ay, by - ay, yl, yh, &lo, &hi);
}

static bool seg_disk(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy,
                     int64_t t)
{
    int64_t dx = bx - ax, dy = by - ay, ex = cx - ax, ey = cy - ay;
    poly w, past, cr;
    pz(&w);
    pt(&w, ex, dx, 1);
    pt(&w, ey, dy, 1);
    if (sgn(&w) <= 0)
        return in_disk(ax, ay, cx, cy, t);
    past = w;
    pt(&past, -dx, dx, 1);
    pt(&past, -dy, dy, 1);
    if (sgn(&past) >= 0)
        return in_disk(bx, by, cx, cy, t);
    /* The foot is inside: cross(D, C - A)^2 <= t^2 |D|^2. */
    pz(&cr);
    pt(&cr, dx, ey, 1);
    pt(&cr, -dy, ex, 1);
    {
        /* t^2 |D|^2 as a product of two polys is not a poly: bound it and
         * compare exactly when the bounds do not decide. */
        poly l2, t2;
        iv r;
        int s;
        pz(&l2);
        pt(&l2, dx, dx, 1);
        pt(&l2, dy, dy, 1);
        pz(&t2);
        pt(&t2, t, t, 1);
        r = iv_mul(piv(&l2), piv(&t2));
        s = iv_sign(iv_add(iv_sq(piv(&cr)), iv_neg(r)));
        if (s == UNSURE) {
            big c = pbig(&cr);
            s = big_add(big_mul(c, c), big_neg(big_mul(pbig(&l2), pbig(&t2)))).s;
        }
        return s <= 0;
    }
}

/* The segment of frame points from A to B meets K'. */
static bool slide(const shape *k, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return seg_rect(ax, ay, bx, by, k->a0 - k->t, k->a1 + k->t, k->b0, k->b1) ||
           seg_rect(ax, ay, bx, by, k->a0, k->a1, k->b0 - k->t, k->b1 + k->t) ||
           seg_disk(ax, ay, bx, by, k->a0, k->b0, k->t) ||
           seg_disk(ax, ay, bx, by, k->a0, k->b1, k->t) ||
           seg_disk(ax, ay, bx, by, k->a1, k->b0, k->t) ||
           seg_disk(ax, ay, bx, by, k->a1, k->b1, k->t);
}

/* ---- the nominal turn ------------------------------------------------------------- */

typedef struct arc {
    int64_t sx[2], sy[2]; /* S0, S1: the table-frame points, Q32.32 */
    int32_t c[2], s[2];   /* the table vectors */
    int64_t qx, qy;       /* q, Q16.16: R^2 = |q|^2 2^32 */
    int dir;              /* sign of the step */
} arc;

static void p_r2(poly *p, const arc *m, int64_t sg)
{
    pt(p, sg * m->qx, m->qx, (int64_t)1 << 32);
    pt(p, sg * m->qy, m->qy, (int64_t)1 << 32);
}

static void p_n(poly *p, const arc *m, int i)
{
    pz(p);
    pt(p, m->c[i], m->c[i], 1);
    pt(p, m->s[i], m->s[i], 1);
}

static void p_one(poly *p, int64_t v)
{
    pz(p);
    pt(p, v, 1, 1);
}

/* Given the signs of cross(S0, D) and cross(S1, D): D on the arc? */
static bool arc_dir(const arc *m, int c0, int c1)
{
    return m->dir > 0 ? (c0 <= 0 && c1 >= 0) : (c0 >= 0 && c1 <= 0);
}

static bool on_arc(const arc *m, int64_t x, int64_t y)
{
    return arc_dir(m, sgn_det(m->sx[0], y, m->sy[0], x), sgn_det(m->sx[1], y, m->sy[1], x));
}

/* E_i's coordinate (of S coordinate sc) against x: sign(sc 2^16 - x |t_i|). */
static int end_vs(const arc *m, int i, int64_t sc, int64_t x)
{
    poly a, b, n;
    p_one(&a, sc);
    a.f[0][1] = 65536;
    p_one(&b, -x);
    p_n(&n, m, i);
    return sgn_root(&a, &b, &n);
}

static bool end_in_rect(const arc *m, int i, int64_t xl, int64_t xh, int64_t yl, int64_t yh)
{
    return end_vs(m, i, m->sx[i], xl) >= 0 && end_vs(m, i, m->sx[i], xh) <= 0 &&
           end_vs(m, i, m->sy[i], yl) >= 0 && end_vs(m, i, m->sy[i], yh) <= 0;
}

/* |E_i - C| <= t: 2^17 (S_i . C) - (R^2 + |C|^2 - t^2) |t_i| >= 0. */
static bool end_in_disk(const arc *m, int i, int64_t cx, int64_t cy, int64_t t)
{
    poly a, b, n;
    pz(&a);
    pt(&a, m->sx[i], cx, 131072);
    pt(&a, m->sy[i], cy, 131072);
    pz(&b);
    p_r2(&b, m, -1);
    pt(&b, -cx, cx, 1);
    pt(&b, -cy, cy, 1);
    pt(&b, t, t, 1);
    p_n(&n, m, i);
    return sgn_root(&a, &b, &n) >= 0;
}

/* The circle meets the line y = h (horizontal, x in [xl, xh]) or x = h
 * (vertical, y in [xl, xh]) at an arc point. */
static bool arc_edge(const arc *m, bool vertical, int64_t h, int64_t xl, int64_t xh)
{
    poly w, a, b;
    int k;
    pz(&w);
    p_r2(&w, m, 1);
    pt(&w, -h, h, 1);
    k = sgn(&w);
    if (k < 0)
        return false;
    for (k = 0; k < 2; k++) {
        int64_t sg = k == 0 ? 1 : -1;
        int c[2], i;
        if (k == 1 && sgn(&w) == 0)
            break;
        /* The crossing's free coordinate sg sqrt(w) within [xl, xh]. */
        p_one(&b, sg);
        p_one(&a, -xl);
        if (sgn_root(&a, &b, &w) < 0)
            continue;
        p_one(&a, -xh);
        if (sgn_root(&a, &b, &w) > 0)
            continue;
        for (i = 0; i < 2; i++) {
            /* cross(S, D) = Sx Dy - Sy Dx */
            if (vertical) { /* D = (h, sg sqrt(w)) */
                p_one(&a, -m->sy[i]);
                a.f[0][1] = h;
                p_one(&b, sg * m->sx[i]);
            } else { /* D = (sg sqrt(w), h) */
                p_one(&a, m->sx[i]);
                a.f[0][1] = h;
                p_one(&b, -sg * m->sy[i]);
            }
            c[i] = sgn_root(&a, &b, &w);
        }
        if (arc_dir(m, c[0], c[1]))
            return true;
    }
    return false;
}

/* |x| for x in [lo, hi]: the least and the largest, exactly (as doubles of
 * integers below 2^53). */
static double near1(int64_t lo, int64_t hi)
{
    return lo > 0 ? (double)lo : hi < 0 ? -(double)hi : 0.0;
}

static double far1(int64_t lo, int64_t hi)
{
    return max2(fabs((double)lo), fabs((double)hi));
}

static iv hyp2(double x, double y)
{
    iv a, b;
    a.lo = a.hi = x;
    b.lo = b.hi = y;
    return iv_add(iv_sq(a), iv_sq(b));
}

static iv arc_r2(const arc *m)
{
    poly r2;
    pz(&r2);
    p_r2(&r2, m, 1);
    return piv(&r2);
}

static bool arc_rect(const arc *m, int64_t xl, int64_t xh, int64_t yl, int64_t yh)
{
    /* The circle |X| = R misses the rectangle when R is beyond its
     * farthest point or short of its nearest. */
    iv r2 = arc_r2(m);
    if (filtering && (r2.lo > hyp2(far1(xl, xh), far1(yl, yh)).hi ||
                      r2.hi < hyp2(near1(xl, xh), near1(yl, yh)).lo))
        return false;
    return end_in_rect(m, 0, xl, xh, yl, yh) || end_in_rect(m, 1, xl, xh, yl, yh) ||
           arc_edge(m, false, yl, xl, xh) || arc_edge(m, false, yh, xl, xh) ||
           arc_edge(m, true, xl, yl, yh) || arc_edge(m, true, xh, yl, yh);
}

static bool arc_disk(const arc *m, int64_t cx, int64_t cy, int64_t t)
{
    poly a, b, r2;
    iv r = iv_sqrt(arc_r2(m)), c = iv_sqrt(hyp2((double)cx, (double)cy));
    /* The circle |X| = R misses the disk when | R - |C| | > t. */
    if (filtering && (iv_add(r, iv_neg(c)).lo > (double)t || iv_add(c, iv_neg(r)).lo > (double)t))
        return false;
    if (end_in_disk(m, 0, cx, cy, t) || end_in_disk(m, 1, cx, cy, t))
        return true;
    if ((cx == 0 && cy == 0) || !on_arc(m, cx, cy))
        return false;
    pz(&r2);
    p_r2(&r2, m, 1);
    p_one(&b, 2 * t);
    /* |C| <= R + t  <=>  R^2 + t^2 - |C|^2 + 2t R >= 0 */
    pz(&a);
    p_r2(&a, m, 1);
    pt(&a, t, t, 1);
    pt(&a, -cx, cx, 1);
    pt(&a, -cy, cy, 1);
    if (sgn_root(&a, &b, &r2) < 0)
        return false;
    /* |C| >= R - t: always when t >= R, else |C|^2 - R^2 - t^2 + 2t R >= 0 */
    pz(&a);
    p_r2(&a, m, -1);
    pt(&a, t, t, 1);
    if (sgn(&a) >= 0)
        return true;
    pz(&a);
    p_r2(&a, m, -1);
    pt(&a, -t, t, 1);
    pt(&a, cx, cx, 1);
    pt(&a, cy, cy, 1);
    return sgn_root(&a, &b, &r2) >= 0;
}

/* The beam turned rigidly through the arc hits the circle at offset q. */
static bool nominal_turn(const shape *k, int32_t c0, int32_t s0, int32_t c1, int32_t s1,
                         int32_t step, int64_t qx, int64_t qy)
{
    arc m;
    if (qx == 0 && qy == 0)
        return point_in(k, 0, 0);
    frame(c0, s0, qx, qy, &m.sx[0], &m.sy[0]);
    frame(c1, s1, qx, qy, &m.sx[1], &m.sy[1]);
    m.c[0] = c0, m.s[0] = s0, m.c[1] = c1, m.s[1] = s1;
    m.qx = qx, m.qy = qy;
    m.dir = step > 0 ? 1 : -1;
    return arc_rect(&m, k->a0 - k->t, k->a1 + k->t, k->b0, k->b1) ||
           arc_rect(&m, k->a0, k->a1, k->b0 - k->t, k->b1 + k->t) ||
           arc_disk(&m, k->a0, k->b0, k->t) || arc_disk(&m, k->a0, k->b1, k->t) ||
           arc_disk(&m, k->a1, k->b0, k->t) || arc_disk(&m, k->a1, k->b1, k->t);
}

/* ---- the motion ------------------------------------------------------------------- */

static int64_t floor_half(int64_t v)
{
    return v >= 0 ? v / 2 : -((1 - v) / 2);
}

static shape body_shape(const orc_body *b, int32_t r)
{
    shape k;
    k.a0 = b->u_lo, k.a1 = b->u_hi, k.b0 = b->v_lo, k.b1 = b->v_hi;
    k.t = ((int64_t)b->round + r) * 65536;
    return k;
}

/* The static beam in the table frame (c, s) about a point, the circle at
 * offset (qx, qy) from it. */
static bool static_hit(const shape *k, int32_t c, int32_t s, int64_t qx, int64_t qy)
{
    int64_t u, v;
    frame(c, s, qx, qy, &u, &v);
    return point_in(k, u, v);
}

static bool slide_hit(const shape *k, int32_t c, int32_t s, int64_t gx0, int64_t gy0, int64_t gx1,
                      int64_t gy1)
{
    int64_t ax, ay, bx, by;
    frame(c, s, gx0, gy0, &ax, &ay);
    frame(c, s, gx1, gy1, &bx, &by);
    return slide(k, ax, ay, bx, by);
}

bool orc_body_vs_moving_circle(const orc_body *b, fxl_circle c, fxl_vec2 to)
{
    shape k = body_shape(b, c.r);
    int32_t c0 = fxl_cos(b->angle), s0 = fxl_sin(b->angle);
    fxl_angle end = (fxl_angle)((uint32_t)b->angle + (uint32_t)b->step);
    int32_t c1 = fxl_cos(end), s1 = fxl_sin(end);
    int64_t p0x = b->pivot.x, p0y = b->pivot.y;
    int64_t p1x = p0x + b->move.x, p1y = p0y + b->move.y;
    int64_t pmx = p0x + floor_half(b->move.x), pmy = p0y + floor_half(b->move.y);
    int64_t cmx = c.c.x + floor_half((int64_t)to.x - c.c.x);
    int64_t cmy = c.c.y + floor_half((int64_t)to.y - c.c.y);
    int64_t g0x = c.c.x - p0x, g0y = c.c.y - p0y, g1x = to.x - p1x, g1y = to.y - p1y;
    int64_t gmx = cmx - pmx, gmy = cmy - pmy;

    if (k.t < 0)
        return false;
    if (b->step == 0)
        return slide_hit(&k, c0, s0, g0x, g0y, g1x, g1y);
    return slide_hit(&k, c0, s0, g0x, g0y, gmx, gmy) || static_hit(&k, c0, s0, gmx, gmy) ||
           static_hit(&k, c1, s1, gmx, gmy) || nominal_turn(&k, c0, s0, c1, s1, b->step, gmx, gmy) ||
           slide_hit(&k, c1, s1, gmx, gmy, g1x, g1y);
}

bool orc_body_vs_circle(const orc_body *b, fxl_circle c)
{
    return orc_body_vs_moving_circle(b, c, c.c);
}

/* ---- lasers and sweeps -------------------------------------------------------------- */

/* The laser's hitbox about laser.pos: K and round (fixlaser.h). */
static void laser_box(const fxl_laser *l, int64_t *a0, int64_t *a1, int64_t *b0, int64_t *b1,
                      int32_t *round)
{
    int64_t w = ((int64_t)l->half_width * l->hit_fraction + 32768) / 65536;
    int64_t len = (int64_t)l->length;
    if (l->anchor == FXL_ANCHOR_EMITTER) {
        *a0 = 0;
        *a1 = len * 65536;
    } else {
        *a0 = -len * 32768;
        *a1 = len * 32768;
    }
    if (l->kind == FXL_LASER_BOX) {
        *b0 = -w * 65536;
        *b1 = w * 65536;
        *round = 0;
    } else {
        *b0 = *b1 = 0;
        *round = (int32_t)w;
    }
}

orc_body orc_body_of_sweep(const fxl_sweep *s)
{
    orc_body b;
    int64_t ou, ov;
    int32_t c = fxl_cos(s->laser.angle), sn = fxl_sin(s->laser.angle);
    laser_box(&s->laser, &b.u_lo, &b.u_hi, &b.v_lo, &b.v_hi, &b.round);
    frame(c, sn, (int64_t)s->laser.pos.x - s->motion.pivot.x,
          (int64_t)s->laser.pos.y - s->motion.pivot.y, &ou, &ov);
    b.u_lo += ou, b.u_hi += ou;
    b.v_lo += ov, b.v_hi += ov;
    b.pivot = s->motion.pivot;
    b.move = s->motion.move;
    b.angle = s->laser.angle;
    b.step = s->motion.step;
    return b;
}

bool orc_circle_vs_circle(fxl_circle a, fxl_circle b)
{
    return in_disk(a.c.x, a.c.y, b.c.x, b.c.y, (int64_t)a.r + b.r);
}

bool orc_laser_vs_circle(const fxl_laser *l, fxl_circle c)
{
    shape k;
    int32_t round;
    laser_box(l, &k.a0, &k.a1, &k.b0, &k.b1, &round);
    k.t = ((int64_t)round + c.r) * 65536;
    return static_hit(&k, fxl_cos(l->angle), fxl_sin(l->angle), (int64_t)c.c.x - l->pos.x,
                      (int64_t)c.c.y - l->pos.y);
}

bool orc_sweep_vs_circle(const fxl_sweep *s, fxl_circle c)
{
    orc_body b = orc_body_of_sweep(s);
    return orc_body_vs_circle(&b, c);
}

bool orc_sweep_vs_moving_circle(const fxl_sweep *s, fxl_circle c, fxl_vec2 to)
{
    orc_body b = orc_body_of_sweep(s);
    return orc_body_vs_moving_circle(&b, c, to);
}
