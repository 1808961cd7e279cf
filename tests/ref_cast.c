/* ref_cast.c - exact references for the wall casts (see ref_cast.h). */
#include "ref_cast.h"

typedef struct rv {
    big x, y;
} rv;

static big bi(int64_t v)
{
    return big_i64(v);
}

static big bsub(big a, big b)
{
    return big_add(a, big_neg(b));
}

static rv vmake(int64_t x, int64_t y)
{
    rv r;
    r.x = bi(x);
    r.y = bi(y);
    return r;
}

static rv vsub(rv a, rv b)
{
    rv r;
    r.x = bsub(a.x, b.x);
    r.y = bsub(a.y, b.y);
    return r;
}

static big vcross(rv a, rv b)
{
    return bsub(big_mul(a.x, b.y), big_mul(a.y, b.x));
}

static big vdot(rv a, rv b)
{
    return big_add(big_mul(a.x, b.x), big_mul(a.y, b.y));
}

/* 65536 p: the world scaled so that the ray's points are E + u d. */
static rv scaled(fxl_vec2 p)
{
    return vmake((int64_t)p.x * 65536, (int64_t)p.y * 65536);
}

static ref_q qmake(big n, big d)
{
    ref_q q;
    if (d.s < 0) {
        n = big_neg(n);
        d = big_neg(d);
    }
    q.n = n;
    q.d = d;
    return q;
}

int ref_q_cmp(ref_q a, ref_q b)
{
    return big_cmp(big_mul(a.n, b.d), big_mul(b.n, a.d));
}

int ref_q_cmp_int(ref_q a, int64_t k)
{
    return big_cmp(a.n, big_mul(bi(k), a.d));
}

/* 0 <= n / d <= 1 for d != 0. */
static bool unit(big n, big d)
{
    if (d.s < 0) {
        n = big_neg(n);
        d = big_neg(d);
    }
    return n.s >= 0 && big_cmp(n, d) <= 0;
}

int ref_came(fxl_vec2 e, fxl_wall w, int on_line)
{
    rv A = scaled(w.a), AB = vsub(scaled(w.b), A);
    int s = vcross(AB, vsub(scaled(e), A)).s;
    return s != 0 ? s : on_line;
}

bool ref_eligible(int32_t dx, int32_t dy, fxl_wall w, bool two_sided, int came)
{
    rv d = vmake(dx, dy), ab = vmake((int64_t)w.b.x - w.a.x, (int64_t)w.b.y - w.a.y);
    int heads = vcross(ab, d).s; /* the side value's change along the ray */
    return heads != 0 && heads == -came && (two_sided || came < 0);
}

bool ref_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_wall w, bool two_sided, int on_line,
                ref_q *u)
{
    /* E + u d = A + t (B - A), i.e. [d, -(B - A)] (u, t) = A - E: Cramer. */
    rv E = scaled(e), A = scaled(w.a), B = scaled(w.b), d = vmake(dx, dy);
    rv AB = vsub(B, A), AE = vsub(A, E);
    big det = bsub(big_mul(d.x, big_neg(AB.y)), big_mul(big_neg(AB.x), d.y));
    big un = bsub(big_mul(AE.x, big_neg(AB.y)), big_mul(big_neg(AB.x), AE.y));
    big tn = bsub(big_mul(d.x, AE.y), big_mul(d.y, AE.x));
    if (!ref_eligible(dx, dy, w, two_sided, ref_came(e, w, on_line)))
        return false;
    if (det.s == 0 || !unit(tn, det))
        return false;
    *u = qmake(un, det);
    return u->n.s >= 0;
}

/* The least of the candidates so far (found: any). */
static void keep_least(bool *found, ref_q *best, ref_q c)
{
    if (!*found || ref_q_cmp(c, *best) < 0)
        *best = c;
    *found = true;
}

bool ref_box(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, ref_q *u)
{
    /* Frame values (65536 g, 65536 h) = (d . (P - E), d x (P - E)): u = g'
     * / q, v = h' / q; the strip is |h'| <= W = hw q. */
    rv E = scaled(e), d = vmake(dx, dy);
    rv PA = vsub(scaled(w.a), E), PB = vsub(scaled(w.b), E);
    big q = vdot(d, d), W = big_mul(bi(hw), q);
    big gA = vdot(d, PA), hA = vcross(d, PA), gB = vdot(d, PB), hB = vcross(d, PB);
    big dg = bsub(gB, gA), dh = bsub(hB, hA);
    bool found = false;
    int k, sigma;
    for (k = 0; k < 2; k++) { /* wall ends in the strip, ahead */
        big g = k == 0 ? gA : gB, h = k == 0 ? hA : hB;
        if (g.s >= 0 && big_cmp(h, W) <= 0 && big_cmp(big_neg(h), W) <= 0)
            keep_least(&found, u, qmake(g, q));
    }
    for (sigma = -1; sigma <= 1 && dh.s != 0; sigma += 2) { /* the edges v = +-hw */
        big tn = bsub(sigma > 0 ? W : big_neg(W), hA);
        if (unit(tn, dh)) {
            ref_q c = qmake(big_add(big_mul(gA, dh), big_mul(tn, dg)), big_mul(q, dh));
            if (c.n.s >= 0)
                keep_least(&found, u, c);
        }
    }
    /* The emitter's cross-section u = 0, |v| <= hw. */
    if (dg.s != 0) {
        big hn = bsub(big_mul(hA, dg), big_mul(gA, dh)), lim = big_mul(W, dg);
        if (lim.s < 0)
            lim = big_neg(lim);
        if (unit(big_neg(gA), dg) && big_cmp(hn, lim) <= 0 && big_cmp(big_neg(hn), lim) <= 0)
            keep_least(&found, u, qmake(bi(0), bi(1)));
    } else if (gA.s == 0) {
        big lo = big_cmp(hA, hB) < 0 ? hA : hB, hi = big_cmp(hA, hB) < 0 ? hB : hA;
        if (big_cmp(lo, W) <= 0 && big_cmp(big_neg(W), hi) <= 0)
            keep_least(&found, u, qmake(bi(0), bi(1)));
    }
    return found;
}

/* Squared distance from P to the segment X Y, and its nearest point F =
 * (fx, fy) / fd on the segment. */
static ref_q seg_dist2(rv P, rv X, rv Y, rv *F, big *fd)
{
    rv XY = vsub(Y, X);
    big td = vdot(XY, XY), tn = vdot(vsub(P, X), XY);
    rv diff;
    if (td.s == 0 || tn.s <= 0) {
        *F = X;
        *fd = bi(1);
    } else if (big_cmp(tn, td) >= 0) {
        *F = Y;
        *fd = bi(1);
    } else {
        F->x = big_add(big_mul(X.x, td), big_mul(tn, XY.x));
        F->y = big_add(big_mul(X.y, td), big_mul(tn, XY.y));
        *fd = td;
    }
    diff.x = bsub(big_mul(P.x, *fd), F->x);
    diff.y = bsub(big_mul(P.y, *fd), F->y);
    return qmake(vdot(diff, diff), big_mul(*fd, *fd));
}

static int orient(rv a, rv b, rv c)
{
    return vcross(vsub(b, a), vsub(c, a)).s;
}

/* sign(dist(wall, core [0, L])^2 - (hw |d|)^2), and when 0 whether every
 * touching point T has u >= L ((T - E) . d >= L q). */
static int capsule_state(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, int64_t L,
                         bool *front_only)
{
    rv E0 = scaled(e), d = vmake(dx, dy), A = scaled(w.a), B = scaled(w.b), E1;
    big q = vdot(d, d), Lq = big_mul(bi(L), q);
    ref_q R2 = qmake(big_mul(big_mul(bi(hw), bi(hw)), q), bi(1));
    int k, worst = 1;
    E1.x = big_add(E0.x, big_mul(bi(L), d.x));
    E1.y = big_add(E0.y, big_mul(bi(L), d.y));
    if (orient(A, B, E0) * orient(A, B, E1) < 0 && orient(E0, E1, A) * orient(E0, E1, B) < 0)
        return -1; /* they cross */
    *front_only = true;
    for (k = 0; k < 4; k++) {
        rv F, T;
        big fd, td;
        int c;
        ref_q d2 = k < 2 ? seg_dist2(k == 0 ? A : B, E0, E1, &F, &fd)
                         : seg_dist2(k == 2 ? E0 : E1, A, B, &F, &fd);
        c = ref_q_cmp(d2, R2);
        if (c < 0)
            return -1;
        if (c > 0)
            continue;
        worst = 0;
        /* The touching point on the wall: the end, or F. */
        T = k < 2 ? (k == 0 ? A : B) : F;
        td = k < 2 ? bi(1) : fd;
        if (big_cmp(vdot(vsub(T, (rv){big_mul(E0.x, td), big_mul(E0.y, td)}), d),
                    big_mul(Lq, td)) < 0)
            *front_only = false;
    }
    return worst;
}

bool ref_capsule_meets(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, int64_t L)
{
    bool front;
    return capsule_state(e, dx, dy, hw, w, L, &front) <= 0;
}

bool ref_capsule_before(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_wall w, int64_t L)
{
    bool front;
    int s;
    if (L <= 0)
        return true;
    s = capsule_state(e, dx, dy, hw, w, L, &front);
    return s > 0 || (s == 0 && front);
}
