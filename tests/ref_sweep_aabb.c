/* ref_sweep_aabb.c - exact reference for a sweep against a box (fixed or
 * translating), independent of src/ (ref_sweep_aabb.h).
 *
 * Decomposition (first contact, written apart from the core's hull test).
 * The motion is pieces (sweep.h): slide 1, the exact turn, slide 2 (step
 * 0: one slide), each a continuous family of beam poses, the box moving
 * straight (relative to a slide's beam: by d per piece). For one piece,
 * the box meets some pose iff it meets the first pose, or at the first
 * moment of contact a corner of the box touches the pose or a corner of
 * the beam's core K comes within the reach T of the box (two convex sets
 * first touching: their intersection has an extreme point that is a
 * corner of one; with T > 0 the distance T is reached at a corner). So:
 *   (1) a corner of the box, as a moving point (radius 0), hits the sweep:
 *       the oracle's exact swept point test (oracle.c), for every piece;
 *   (2) each piece's first pose: an edge of K meets the box (with (1) and
 *       (3) that is every way two convex sets meet: an edge of one crossing
 *       the other, or one holding a corner of the other);
 *   (3) the path of each corner of K relative to the box (a segment for a
 *       slide, an arc for the turn) meets the box grown by T (two
 *       rectangles and four disks).
 * Arithmetic. In a slide the table pose's world coordinates are rational
 * with denominator n = c^2 + s^2 (raw world = F^T(k) / n for a frame
 * point k): everything is scaled by n, and the reach T (frame) becomes T
 * sqrt(n) (the frame is the world scaled by sqrt(n)). The turn's first pose is exact:
 * corners S / sqrt(n) (S = F^T k): everything scaled by sqrt(n). So every
 * coordinate is a + b sqrt(N) with big integers a, b, compared exactly
 * (signs of a + b sqrt(N)). Arcs: the circle |Y| = R about the pivot,
 * R^2 = |k|^2, ends S_i / sqrt(n_i); against a rectangle (an end inside,
 * or the circle's points on an edge, +-sqrt(R^2 - h^2), on the arc) and a
 * disk (an end inside, or the centre's direction on the arc and (R -
 * |C|)^2 <= T^2, through sqrt(R^2 |C|^2)). */
#include "ref_sweep_aabb.h"

#include "bigint.h"
#include "oracle.h"

typedef struct qn {
    big a, b; /* a + b sqrt(N) */
} qn;

typedef struct qp {
    qn x, y;
} qp;

static big g_n; /* the current N */

static big bi(int64_t v)
{
    return big_i64(v);
}

static big bsub(big x, big y)
{
    return big_add(x, big_neg(y));
}

/* sign(a + b sqrt(w)), w >= 0. */
static int sign_root(big a, big b, big w)
{
    int sa = a.s, sb = b.s, c;
    if (w.s == 0 || sb == 0)
        return sa;
    if (sa == 0 || sa == sb)
        return sb;
    c = big_cmp(big_mul(a, a), big_mul(big_mul(b, b), w));
    return c == 0 ? 0 : c > 0 ? sa : sb;
}

static qn qmk(big a, big b)
{
    qn r;
    r.a = a;
    r.b = b;
    return r;
}

static qn qsub(qn x, qn y)
{
    return qmk(bsub(x.a, y.a), bsub(x.b, y.b));
}

static qn qmul(qn x, qn y)
{
    return qmk(big_add(big_mul(x.a, y.a), big_mul(big_mul(x.b, y.b), g_n)),
               big_add(big_mul(x.a, y.b), big_mul(x.b, y.a)));
}

static int qcmp(qn x, qn y)
{
    qn d = qsub(x, y);
    return sign_root(d.a, d.b, g_n);
}

__attribute__((noinline)) static int orient(const qp *p, const qp *q, const qp *r)
{
    qn c = qsub(qmul(qsub(q->x, p->x), qsub(r->y, p->y)), qmul(qsub(q->y, p->y), qsub(r->x, p->x)));
    return sign_root(c.a, c.b, g_n);
}

static bool between(const qn *a, const qn *b, const qn *v)
{
    int ab = qcmp(*a, *b);
    const qn *lo = ab <= 0 ? a : b, *hi = ab <= 0 ? b : a;
    return qcmp(*lo, *v) <= 0 && qcmp(*v, *hi) <= 0;
}

static bool on_box(const qp *p, const qp *q, const qp *r)
{
    return between(&p->x, &q->x, &r->x) && between(&p->y, &q->y, &r->y);
}

/* Closed segments p1p2 and q1q2 meet. */
static bool seg_seg(const qp *p1, const qp *p2, const qp *q1, const qp *q2)
{
    int d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
    int d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
    if (d1 * d2 < 0 && d3 * d4 < 0)
        return true;
    return (d1 == 0 && on_box(q1, q2, p1)) || (d2 == 0 && on_box(q1, q2, p2)) ||
           (d3 == 0 && on_box(p1, p2, q1)) || (d4 == 0 && on_box(p1, p2, q2));
}

static qp pt(qn x, qn y)
{
    qp p;
    p.x = x;
    p.y = y;
    return p;
}

static bool inside(const qp *p, const qn *r)
{
    return qcmp(r[0], p->x) <= 0 && qcmp(p->x, r[1]) <= 0 && qcmp(r[2], p->y) <= 0 && qcmp(p->y, r[3]) <= 0;
}

/* The closed segment meets the closed rectangle r = {x0, x1, y0, y1}. */
__attribute__((noinline)) static bool seg_rect(const qp *p1, const qp *p2, const qn *r)
{
    qp c[4];
    int i;
    if (inside(p1, r) || inside(p2, r))
        return true;
    c[0] = pt(r[0], r[2]), c[1] = pt(r[1], r[2]), c[2] = pt(r[1], r[3]), c[3] = pt(r[0], r[3]);
    for (i = 0; i < 4; i++)
        if (seg_seg(p1, p2, &c[i], &c[(i + 1) & 3]))
            return true;
    return false;
}

/* The integer segment AB within sqrt(r2) of C. */
__attribute__((noinline)) static bool seg_disk(big ax, big ay, big bx, big by, big cx, big cy, big r2)
{
    big dx = bsub(bx, ax), dy = bsub(by, ay), ex = bsub(cx, ax), ey = bsub(cy, ay);
    big dot = big_add(big_mul(ex, dx), big_mul(ey, dy));
    big len2 = big_add(big_mul(dx, dx), big_mul(dy, dy));
    big cr;
    if (len2.s == 0 || dot.s <= 0)
        return big_cmp(big_add(big_mul(ex, ex), big_mul(ey, ey)), r2) <= 0;
    if (big_cmp(dot, len2) >= 0) {
        big fx = bsub(cx, bx), fy = bsub(cy, by);
        return big_cmp(big_add(big_mul(fx, fx), big_mul(fy, fy)), r2) <= 0;
    }
    cr = bsub(big_mul(dx, ey), big_mul(dy, ex));
    return big_cmp(big_mul(cr, cr), big_mul(r2, len2)) <= 0;
}

typedef struct kbox {
    int64_t k[4][2]; /* K's corners (a, b), Q32.32 frame, in edge order */
    int64_t t;       /* Q32.32 reach */
} kbox;

/* Pieces of the slide, each out of line so that the big temporaries of
 * one are not on the stack under another (the GBA test ROM's stack is
 * 13 KB and shared with the library's IWRAM code). */

/* (2) the first pose: the scaled corners W against the box. */
__attribute__((noinline)) static bool first_pose_hits(const big *wx, const big *wy, const qn *box)
{
    big zero = bi(0);
    int i;
    for (i = 0; i < 4; i++) {
        int j = (i + 1) & 3;
        qp a, b;
        a = pt(qmk(wx[i], zero), qmk(wy[i], zero)), b = pt(qmk(wx[j], zero), qmk(wy[j], zero));
        if (seg_rect(&a, &b, box))
            return true;
    }
    return false;
}

/* (3) one corner's path W -> E against the box grown by the reach R
 * (r2 = R^2 n, world, scaled); disks only when the reach is positive. */
__attribute__((noinline)) static bool corner_path_hits(const big *w, const big *e, const qn *box, const qn *R,
                                                       const big *r2, bool disks)
{
    big zero = bi(0);
    qp p1 = pt(qmk(w[0], zero), qmk(w[1], zero)), p2 = pt(qmk(e[0], zero), qmk(e[1], zero));
    qn nr = qsub(qmk(zero, zero), *R), r[4];
    r[0] = qsub(box[0], *R), r[1] = qsub(box[1], nr), r[2] = box[2], r[3] = box[3];
    if (seg_rect(&p1, &p2, r))
        return true;
    r[0] = box[0], r[1] = box[1], r[2] = qsub(box[2], *R), r[3] = qsub(box[3], nr);
    if (seg_rect(&p1, &p2, r))
        return true;
    if (disks) {
        int j;
        for (j = 0; j < 4; j++)
            if (seg_disk(w[0], w[1], e[0], e[1], (j & 1) ? box[1].a : box[0].a, (j & 2) ? box[3].a : box[2].a,
                         *r2))
                return true;
    }
    return false;
}

/* A slide: the table pose (c, s) about the pivot, the box [x0, x1] x [y0,
 * y1] (Q16.16 offsets) moving by d relative to it. */
static bool slide(const kbox *K, int32_t c, int32_t s, const int64_t bx[4], int64_t dx, int64_t dy)
{
    int64_t n = (int64_t)c * c + (int64_t)s * s;
    big sig = bi(n), zero = bi(0);
    qn box[4], R; /* X0, X1, Y0, Y1 */
    big wx[4], wy[4], r2;
    int i;
    g_n = bi(n);
    box[0] = qmk(big_mul(bi(bx[0]), sig), zero), box[1] = qmk(big_mul(bi(bx[2]), sig), zero);
    box[2] = qmk(big_mul(bi(bx[1]), sig), zero), box[3] = qmk(big_mul(bi(bx[3]), sig), zero);
    for (i = 0; i < 4; i++) {
        wx[i] = bsub(big_mul(bi(c), bi(K->k[i][0])), big_mul(bi(s), bi(K->k[i][1])));
        wy[i] = big_add(big_mul(bi(s), bi(K->k[i][0])), big_mul(bi(c), bi(K->k[i][1])));
    }
    if (first_pose_hits(wx, wy, box))
        return true;
    /* (3) K's corners' paths: W -> W - d sigma against the box grown by
     * the reach T sqrt(n) (world, scaled). */
    R = qmk(zero, bi(K->t));
    r2 = big_mul(big_mul(R.b, R.b), g_n);
    for (i = 0; i < 4; i++) {
        big w[2], e[2];
        w[0] = wx[i], w[1] = wy[i];
        e[0] = bsub(wx[i], big_mul(bi(dx), sig)), e[1] = bsub(wy[i], big_mul(bi(dy), sig));
        if (corner_path_hits(w, e, box, &R, &r2, K->t > 0))
            return true;
    }
    return false;
}

typedef struct rarc {
    big sx[2], sy[2], n[2], r2;
    int sg;
} rarc;

static bool on_arc(const rarc *m, int c0, int c1)
{
    return m->sg > 0 ? (c0 >= 0 && c1 <= 0) : (c0 <= 0 && c1 >= 0);
}

static bool arc_rect(const rarc *m, int64_t xl, int64_t xh, int64_t yl, int64_t yh)
{
    int i, e, sg;
    for (i = 0; i < 2; i++)
        if (sign_root(m->sx[i], bi(-xl), m->n[i]) >= 0 && sign_root(m->sx[i], bi(-xh), m->n[i]) <= 0 &&
            sign_root(m->sy[i], bi(-yl), m->n[i]) >= 0 && sign_root(m->sy[i], bi(-yh), m->n[i]) <= 0)
            return true;
    for (e = 0; e < 4; e++) {
        bool vert = e < 2;
        int64_t h = e == 0 ? xl : e == 1 ? xh : e == 2 ? yl : yh;
        int64_t lo = vert ? yl : xl, hi = vert ? yh : xh;
        big w = bsub(m->r2, big_mul(bi(h), bi(h)));
        if (w.s < 0)
            continue;
        for (sg = -1; sg <= 1; sg += 2) {
            int cs[2];
            /* the other coordinate sg sqrt(w) within [lo, hi] */
            if (sign_root(bi(-lo), bi(sg), w) < 0 || sign_root(bi(hi), bi(-sg), w) < 0)
                continue;
            for (i = 0; i < 2; i++) {
                if (vert) /* D = (h, sg sqrt(w)): S.x sg sqrt(w) - S.y h */
                    cs[i] = sign_root(big_neg(big_mul(m->sy[i], bi(h))), big_mul(m->sx[i], bi(sg)), w);
                else /* D = (sg sqrt(w), h): S.x h - S.y sg sqrt(w) */
                    cs[i] = sign_root(big_mul(m->sx[i], bi(h)), big_mul(m->sy[i], bi(-sg)), w);
            }
            if (on_arc(m, cs[0], cs[1]))
                return true;
        }
    }
    return false;
}

static bool arc_disk(const rarc *m, int64_t cx, int64_t cy, int64_t t)
{
    big c2 = big_add(big_mul(bi(cx), bi(cx)), big_mul(bi(cy), bi(cy))), t2 = big_mul(bi(t), bi(t));
    big beta = bsub(big_add(m->r2, c2), t2);
    int i, cs[2];
    for (i = 0; i < 2; i++) {
        big sc = big_add(big_mul(m->sx[i], bi(cx)), big_mul(m->sy[i], bi(cy)));
        if (sign_root(big_mul(sc, bi(-2)), beta, m->n[i]) <= 0)
            return true;
    }
    if (c2.s == 0)
        return false;
    for (i = 0; i < 2; i++) {
        big cr = bsub(big_mul(m->sx[i], bi(cy)), big_mul(m->sy[i], bi(cx)));
        cs[i] = cr.s;
    }
    if (!on_arc(m, cs[0], cs[1]))
        return false;
    /* (R - |C|)^2 <= t^2  <=>  2 sqrt(R^2 |C|^2) - beta >= 0 */
    return sign_root(big_neg(beta), bi(2), big_mul(m->r2, c2)) >= 0;
}

/* The turn about Pm: the box (Q16.16 offsets bx) against the exact turn
 * from angle `angle` by step. */
static bool turn(const kbox *K, fxl_angle angle, int32_t step, const int64_t bx[4])
{
    int32_t c[2], s[2];
    int64_t X0 = bx[0] * 65536, Y0 = bx[1] * 65536, X1 = bx[2] * 65536, Y1 = bx[3] * 65536;
    int64_t t = K->t;
    big zero = bi(0), sx[4], sy[4];
    int i;
    c[0] = fxl_cos(angle), s[0] = fxl_sin(angle);
    c[1] = fxl_cos((fxl_angle)((uint32_t)angle + (uint32_t)step)),
    s[1] = fxl_sin((fxl_angle)((uint32_t)angle + (uint32_t)step));
    /* (2) the exact first pose, scaled by sqrt(n0) */
    g_n = bi((int64_t)c[0] * c[0] + (int64_t)s[0] * s[0]);
    for (i = 0; i < 4; i++) {
        sx[i] = bsub(big_mul(bi(c[0]), bi(K->k[i][0])), big_mul(bi(s[0]), bi(K->k[i][1])));
        sy[i] = big_add(big_mul(bi(s[0]), bi(K->k[i][0])), big_mul(bi(c[0]), bi(K->k[i][1])));
    }
    for (i = 0; i < 4; i++) {
        int j = (i + 1) & 3;
        qp a = pt(qmk(sx[i], zero), qmk(sy[i], zero)), b = pt(qmk(sx[j], zero), qmk(sy[j], zero));
        qn r[4];
        r[0] = qmk(zero, bi(X0)), r[1] = qmk(zero, bi(X1)), r[2] = qmk(zero, bi(Y0)), r[3] = qmk(zero, bi(Y1));
        if (seg_rect(&a, &b, r))
            return true;
    }
    /* (3) the arcs */
    for (i = 0; i < 4; i++) {
        rarc m;
        int e;
        m.sg = step > 0 ? 1 : -1;
        m.r2 = big_add(big_mul(bi(K->k[i][0]), bi(K->k[i][0])), big_mul(bi(K->k[i][1]), bi(K->k[i][1])));
        for (e = 0; e < 2; e++) {
            m.sx[e] = bsub(big_mul(bi(c[e]), bi(K->k[i][0])), big_mul(bi(s[e]), bi(K->k[i][1])));
            m.sy[e] = big_add(big_mul(bi(s[e]), bi(K->k[i][0])), big_mul(bi(c[e]), bi(K->k[i][1])));
            m.n[e] = bi((int64_t)c[e] * c[e] + (int64_t)s[e] * s[e]);
        }
        if (arc_rect(&m, X0 - t, X1 + t, Y0, Y1) || arc_rect(&m, X0, X1, Y0 - t, Y1 + t))
            return true;
        if (t > 0 && (arc_disk(&m, X0, Y0, t) || arc_disk(&m, X1, Y0, t) || arc_disk(&m, X0, Y1, t) ||
                      arc_disk(&m, X1, Y1, t)))
            return true;
    }
    return false;
}

static int64_t fl2(int64_t v)
{
    return v >= 0 ? v / 2 : -((1 - v) / 2);
}

bool ref_sweep_vs_moving_aabb(const fxl_sweep *s, fxl_aabb box, fxl_vec2 to)
{
    orc_body b = orc_body_of_sweep(s);
    int64_t Dx = (int64_t)to.x - box.lo.x, Dy = (int64_t)to.y - box.lo.y;
    int64_t mx = s->motion.move.x, my = s->motion.move.y;
    int64_t bx[4];
    kbox K;
    int i;
    /* (1) the corners as moving points */
    for (i = 0; i < 4; i++) {
        fix16_t x = (i & 1) ? box.hi.x : box.lo.x, y = (i & 2) ? box.hi.y : box.lo.y;
        if (orc_sweep_vs_moving_circle(s, fxl_circle_make(x, y, 0),
                                       fxl_vec2_make((fix16_t)(x + Dx), (fix16_t)(y + Dy))))
            return true;
    }
    K.k[0][0] = b.u_lo, K.k[0][1] = b.v_lo;
    K.k[1][0] = b.u_hi, K.k[1][1] = b.v_lo;
    K.k[2][0] = b.u_hi, K.k[2][1] = b.v_hi;
    K.k[3][0] = b.u_lo, K.k[3][1] = b.v_hi;
    K.t = (int64_t)b.round * 65536;
    bx[0] = (int64_t)box.lo.x - b.pivot.x, bx[1] = (int64_t)box.lo.y - b.pivot.y;
    bx[2] = (int64_t)box.hi.x - b.pivot.x, bx[3] = (int64_t)box.hi.y - b.pivot.y;
    if (b.step == 0)
        return slide(&K, fxl_cos(b.angle), fxl_sin(b.angle), bx, Dx - mx, Dy - my);
    {
        int64_t hx = fl2(Dx), hy = fl2(Dy), hmx = fl2(mx), hmy = fl2(my);
        fxl_angle a1 = (fxl_angle)((uint32_t)b.angle + (uint32_t)b.step);
        if (slide(&K, fxl_cos(b.angle), fxl_sin(b.angle), bx, hx - hmx, hy - hmy))
            return true;
        for (i = 0; i < 4; i++)
            bx[i] += (i & 1) ? hy - hmy : hx - hmx;
        if (slide(&K, fxl_cos(a1), fxl_sin(a1), bx, (Dx - hx) - (mx - hmx), (Dy - hy) - (my - hmy)))
            return true;
        return turn(&K, b.angle, b.step, bx);
    }
}
