/* ref_aabb3.c - exact reference for a 3D laser against an axis-aligned 3D
 * box, written apart from src/laser3d_box.c (which projects on 15 axes):
 * here both bodies are six half-spaces of X = P - pos (Q16.16), the
 * laser's from the frame rows of the table's sines and cosines (the
 * product of the pitch and yaw matrices), and two convex bodies meet iff an
 * edge of one meets the other: a vertex v of the intersection has three
 * independent tight constraints, two of them from one body, so v lies on
 * a face of dimension 0 or 1 of that body, which its 12 edges cover (flat
 * bodies included: an edge of zero length is a vertex). Each of the 24
 * edges is clipped against the other body's slabs with the parameter t in
 * [0, 1] kept as exact fractions, in big integers (bigint.h). The laser's
 * corners are M^-1 (c + s h), computed with the adjugate and determinant
 * of M by cofactors (denominator D > 0).
 *
 * The cylinder and the egg are exact too, each by its own route (the core,
 * src/laser3d_round.c, tries active sets in the laser's frame):
 *   cylinder: the polytope P = box cut by the slab |u0| <= L has as
 *     vertices the box's corners inside the slab and the points where a
 *     box edge crosses a cap; their (u1, u2) are exact fractions, and P
 *     meets the cylinder iff the convex polygon they span comes within W of
 *     the axis: the origin lies in a triangle of three of them, or a
 *     segment of two of them (the polygon's boundary is such segments)
 *     comes within W (point-segment distance in fractions);
 *   egg: Q(X) = (M X - c)^T diag(k, 2^16, 2^16) (M X - c) over the box in
 *     world coordinates, by its KKT conditions: for each of the 27
 *     choices (per axis free, at lo or at hi) Q restricted to the free
 *     coordinates t is Q0 + 2 b.t + t^T H t (H = M_F^T diag M_F); where
 *     H is regular the least point t* = -adj(H) b / det H must lie in the
 *     box and Q0 - b^T adj(H) b / det H <= 2^16 W^2; all free: the middle
 *     (Q = 0) in the box; none free: the corner. The least point of Q over
 *     the box satisfies one choice's conditions (with H regular on the
 *     least such face), so the union decides. */
#include "ref_aabb3.h"

#include "bigint.h"
#include "harness.h" /* FXL_EWRAM_BSS */
#include "ref.h"

static big bsub(big a, big b)
{
    return big_add(a, big_neg(b));
}

static big bi(int64_t v)
{
    return big_i64(v);
}

/* Does some t in [0, 1] satisfy lo[j] <= u0[j] + t u1[j] <= hi[j] for all
 * j < n? t's bounds as fractions with positive denominators. */
static bool clip(int n, const big *lo, const big *u0, const big *u1, const big *hi)
{
    big ln = bi(0), ld = bi(1), hn = bi(1), hd = bi(1);
    int j;
    for (j = 0; j < n; j++) {
        big a = bsub(lo[j], u0[j]), b = bsub(hi[j], u0[j]); /* a <= t u1 <= b */
        big d = u1[j];
        if (d.s == 0) {
            if (a.s > 0 || b.s < 0)
                return false;
            continue;
        }
        if (d.s < 0) { /* b / d <= t <= a / d, made positive */
            big t = big_neg(a);
            a = big_neg(b);
            b = t;
            d = big_neg(d);
        }
        /* a / d <= t <= b / d */
        if (big_cmp(big_mul(a, ld), big_mul(ln, d)) > 0)
            ln = a, ld = d;
        if (big_cmp(big_mul(b, hd), big_mul(hn, d)) < 0)
            hn = b, hd = d;
    }
    return big_cmp(big_mul(ln, hd), big_mul(hn, ld)) <= 0;
}

/* A point (a / d, b / d) of the frame's yz plane, d > 0. */
typedef struct pt2 {
    big a, b, d;
} pt2;

/* sign(p x q) (the denominators are positive). */
static int cross2(const pt2 *p, const pt2 *q)
{
    return big_cmp(big_mul(p->a, q->b), big_mul(p->b, q->a));
}

/* The segment p q within w (Q48) of the origin, its ends excluded (the
 * caller tests the points): the foot of the perpendicular inside (p . e <
 * 0 < q . e with e = q - p, here E = Q dp - P dq = e dp dq) and (p x q)^2
 * <= w^2 |e|^2, i.e. (P x Q)^2 <= w^2 |E|^2 (below 2^377). */
static bool seg_near(const pt2 *p, const pt2 *q, const big *w2)
{
    big ea = bsub(big_mul(q->a, p->d), big_mul(p->a, q->d));
    big eb = bsub(big_mul(q->b, p->d), big_mul(p->b, q->d));
    big c;
    if (big_add(big_mul(p->a, ea), big_mul(p->b, eb)).s >= 0)
        return false;
    if (big_add(big_mul(q->a, ea), big_mul(q->b, eb)).s <= 0)
        return false;
    c = bsub(big_mul(p->a, q->b), big_mul(p->b, q->a));
    return big_cmp(big_mul(c, c), big_mul(*w2, big_add(big_mul(ea, ea), big_mul(eb, eb)))) <= 0;
}

/* The origin in the closed triangle p q r (a flat one is left to the
 * segments): all three turns the triangle's way or zero. */
static bool tri_holds(const pt2 *p, const pt2 *q, const pt2 *r)
{
    int a = cross2(p, q), b = cross2(q, r), c = cross2(r, p);
    big area = big_add(big_add(big_mul(bsub(big_mul(p->a, q->b), big_mul(p->b, q->a)), r->d),
                               big_mul(bsub(big_mul(q->a, r->b), big_mul(q->b, r->a)), p->d)),
                       big_mul(bsub(big_mul(r->a, p->b), big_mul(r->b, p->a)), q->d));
    if (area.s == 0)
        return false;
    return a * area.s >= 0 && b * area.s >= 0 && c * area.s >= 0;
}

/* The frame point u = M V - cen of the world offset V (Q48). */
static void frame_pt(int64_t m[3][3], const int64_t v[3], const big *cen, big u[3])
{
    int i, j;
    for (i = 0; i < 3; i++) {
        u[i] = big_neg(cen[i]);
        for (j = 0; j < 3; j++)
            u[i] = big_add(u[i], big_mul(bi(m[i][j]), bi(v[j])));
    }
}

/* The cylinder: P's vertices projected, then the polygon's distance. */
__attribute__((noinline)) static bool cylinder_ref(int64_t m[3][3], const int64_t lo[3],
                                                   const int64_t hi[3], const big *cen, big len,
                                                   big w)
{
    static pt2 pts[32] FXL_EWRAM_BSS; /* 5 KiB: off the GBA test ROM's 13 KiB stack */
    int n = 0, c, e, i, j, k;
    big w2 = big_mul(w, w);
    for (c = 0; c < 8; c++) {
        int64_t v[3];
        big u[3];
        for (k = 0; k < 3; k++)
            v[k] = (c >> k) & 1 ? hi[k] : lo[k];
        frame_pt(m, v, cen, u);
        if (big_cmp(u[0], len) <= 0 && big_cmp(u[0], big_neg(len)) >= 0) {
            pts[n].a = u[1], pts[n].b = u[2], pts[n].d = bi(1);
            n++;
        }
        /* the edges from this corner along the axes where it is at lo */
        for (e = 0; e < 3; e++) {
            big d = bi(m[0][e]), g = bi(hi[e] - lo[e]);
            int side;
            if ((c >> e) & 1 || d.s == 0)
                continue;
            for (side = -1; side <= 1; side += 2) {
                /* u0 + t d = side L, 0 <= t <= g: t = (side L - u0) / d */
                big num = bsub(side > 0 ? len : big_neg(len), u[0]), dd = d;
                if (dd.s < 0)
                    num = big_neg(num), dd = big_neg(dd);
                if (num.s < 0 || big_cmp(num, big_mul(g, dd)) > 0)
                    continue;
                /* (u1 + t m1, u2 + t m2) = (u1 dd + num m1', ...) / dd */
                pts[n].a = big_add(big_mul(u[1], dd), big_mul(num, bi(m[1][e])));
                pts[n].b = big_add(big_mul(u[2], dd), big_mul(num, bi(m[2][e])));
                pts[n].d = dd;
                n++;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (big_cmp(big_add(big_mul(pts[i].a, pts[i].a), big_mul(pts[i].b, pts[i].b)),
                    big_mul(w2, big_mul(pts[i].d, pts[i].d))) <= 0)
            return true;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (seg_near(&pts[i], &pts[j], &w2))
                return true;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            for (k = j + 1; k < n; k++)
                if (tri_holds(&pts[i], &pts[j], &pts[k]))
                    return true;
    return false;
}

/* The egg: the KKT conditions of each of the 27 choices. */
__attribute__((noinline)) static bool egg_ref(int64_t m[3][3], const int64_t lo[3],
                                              const int64_t hi[3], const big *cen, big w, int64_t k,
                                              big adj[3][3], big det)
{
    const int64_t wt[3] = {k, 65536, 65536};
    big lim = big_mul(bi(65536), big_mul(w, w));
    int choice, a, b, i;
    /* all free: the middle X = M^-1 cen = adj cen / det in the box */
    {
        bool in = true;
        int j;
        big dd = det.s < 0 ? big_neg(det) : det;
        for (i = 0; i < 3 && in; i++) {
            big x = bi(0);
            for (j = 0; j < 3; j++)
                x = big_add(x, big_mul(adj[i][j], cen[j]));
            if (det.s < 0)
                x = big_neg(x);
            in = big_cmp(x, big_mul(dd, bi(lo[i]))) >= 0 && big_cmp(x, big_mul(dd, bi(hi[i]))) <= 0;
        }
        if (in)
            return true;
    }
    for (choice = 0; choice < 27; choice++) {
        int st[3], fr[3], nf = 0;
        int64_t v[3];
        big u[3], q0, hm[2][2], bv[2], hdet, t[2];
        bool in = true;
        for (i = 0, a = choice; i < 3; i++, a /= 3) {
            st[i] = a % 3; /* 0 free, 1 lo, 2 hi */
            v[i] = st[i] == 1 ? lo[i] : st[i] == 2 ? hi[i] : 0;
            if (st[i] == 0)
                fr[nf++] = i;
        }
        if (nf == 3)
            continue; /* the middle, above */
        frame_pt(m, v, cen, u);
        q0 = bi(0);
        for (i = 0; i < 3; i++)
            q0 = big_add(q0, big_mul(bi(wt[i]), big_mul(u[i], u[i])));
        if (nf == 0) {
            if (big_cmp(q0, lim) <= 0)
                return true;
            continue;
        }
        for (a = 0; a < nf; a++) {
            bv[a] = bi(0);
            for (i = 0; i < 3; i++)
                bv[a] = big_add(bv[a], big_mul(bi(wt[i]), big_mul(bi(m[i][fr[a]]), u[i])));
            for (b = 0; b < nf; b++) {
                hm[a][b] = bi(0);
                for (i = 0; i < 3; i++)
                    hm[a][b] = big_add(hm[a][b], big_mul(bi(wt[i]), big_mul(bi(m[i][fr[a]]),
                                                                             bi(m[i][fr[b]]))));
            }
        }
        if (nf == 1) {
            /* t* = -b / h; Q0 - b^2 / h */
            hdet = hm[0][0];
            if (hdet.s == 0)
                continue;
            t[0] = big_neg(bv[0]);
            in = big_cmp(t[0], big_mul(hdet, bi(lo[fr[0]]))) >= 0 &&
                 big_cmp(t[0], big_mul(hdet, bi(hi[fr[0]]))) <= 0;
            if (in && big_cmp(big_mul(bsub(q0, lim), hdet), big_mul(bv[0], bv[0])) <= 0)
                return true;
        } else {
            /* adj H = [h11 -h01; -h10 h00] */
            big ab0, ab1, quad;
            hdet = bsub(big_mul(hm[0][0], hm[1][1]), big_mul(hm[0][1], hm[1][0]));
            if (hdet.s == 0)
                continue;
            ab0 = bsub(big_mul(hm[1][1], bv[0]), big_mul(hm[0][1], bv[1]));
            ab1 = bsub(big_mul(hm[0][0], bv[1]), big_mul(hm[1][0], bv[0]));
            t[0] = big_neg(ab0), t[1] = big_neg(ab1);
            for (a = 0; a < 2 && in; a++)
                in = big_cmp(t[a], big_mul(hdet, bi(lo[fr[a]]))) >= 0 &&
                     big_cmp(t[a], big_mul(hdet, bi(hi[fr[a]]))) <= 0;
            quad = big_add(big_mul(bv[0], ab0), big_mul(bv[1], ab1));
            if (in && big_cmp(big_mul(bsub(q0, lim), hdet), quad) <= 0)
                return true;
        }
    }
    return false;
}

/* The box laser: the box's edges against the laser's slabs, then the
 * laser's edges against the box. (Each kind's reference is out of line,
 * so their big temporaries do not share one frame: the GBA test ROM's
 * stack is 15 KB.) */
__attribute__((noinline)) static bool box_ref(int64_t m[3][3], const int64_t lo[3],
                                              const int64_t hi[3], const big *cen, const big *half,
                                              big adj[3][3], big det)
{
    int i, j, e;
    /* Box edges against the laser's slabs. */
    for (e = 0; e < 12; e++) {
        int axis = e / 4, b1 = (axis + 1) % 3, b2 = (axis + 2) % 3;
        int64_t a[3], d[3] = {0, 0, 0};
        big slo[3], u0[3], u1[3], shi[3];
        a[axis] = lo[axis];
        a[b1] = (e & 1) ? hi[b1] : lo[b1];
        a[b2] = (e & 2) ? hi[b2] : lo[b2];
        d[axis] = hi[axis] - lo[axis];
        for (i = 0; i < 3; i++) {
            big s0 = bi(0), s1 = bi(0);
            for (j = 0; j < 3; j++) {
                s0 = big_add(s0, big_mul(bi(m[i][j]), bi(a[j])));
                s1 = big_add(s1, big_mul(bi(m[i][j]), bi(d[j])));
            }
            u0[i] = s0, u1[i] = s1;
            slo[i] = bsub(cen[i], half[i]);
            shi[i] = big_add(cen[i], half[i]);
        }
        if (clip(3, slo, u0, u1, shi))
            return true;
    }
    /* Laser edges against the box: X = adj f / det, f = cen + s half. */
    for (e = 0; e < 12; e++) {
        int axis = e / 4, b1 = (axis + 1) % 3, b2 = (axis + 2) % 3;
        big f0[3], f1[3], u0[3], u1[3], blo[3], bhi[3];
        f0[axis] = bsub(cen[axis], half[axis]);
        f1[axis] = big_add(cen[axis], half[axis]);
        f0[b1] = f1[b1] = (e & 1) ? big_add(cen[b1], half[b1]) : bsub(cen[b1], half[b1]);
        f0[b2] = f1[b2] = (e & 2) ? big_add(cen[b2], half[b2]) : bsub(cen[b2], half[b2]);
        for (i = 0; i < 3; i++) {
            big s0 = bi(0), s1 = bi(0);
            for (j = 0; j < 3; j++) {
                s0 = big_add(s0, big_mul(adj[i][j], f0[j]));
                s1 = big_add(s1, big_mul(adj[i][j], bsub(f1[j], f0[j])));
            }
            /* det lo <= s0 + t s1 <= det hi, made det > 0 */
            if (det.s < 0)
                s0 = big_neg(s0), s1 = big_neg(s1);
            u0[i] = s0, u1[i] = s1;
            blo[i] = big_mul(det.s < 0 ? big_neg(det) : det, bi(lo[i]));
            bhi[i] = big_mul(det.s < 0 ? big_neg(det) : det, bi(hi[i]));
        }
        if (clip(3, blo, u0, u1, bhi))
            return true;
    }
    return false;
}

bool ref_laser3d_vs_aabb3(const fxl_laser3d *l, fxl_aabb3 box)
{
    int64_t cy = (int64_t)ref_cos_q16(l->yaw), sy = (int64_t)ref_sin_q16(l->yaw);
    int64_t cp = (int64_t)ref_cos_q16(l->pitch), sp = (int64_t)ref_sin_q16(l->pitch);
    /* frame = A B X: B turns by -yaw about Z, A by -pitch about Y (Q16). */
    int64_t bm[3][3] = {{cy, sy, 0}, {-sy, cy, 0}, {0, 0, 65536}};
    int64_t am[3][3] = {{cp, 0, -sp}, {0, 65536, 0}, {sp, 0, cp}};
    int64_t m[3][3], lo[3], hi[3];
    const int64_t pos[3] = {l->pos.x, l->pos.y, l->pos.z};
    big cen[3], half[3], adj[3][3], det;
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            for (k = 0, m[i][j] = 0; k < 3; k++)
                m[i][j] += am[i][k] * bm[k][j];
    lo[0] = box.lo.x - pos[0], lo[1] = box.lo.y - pos[1], lo[2] = box.lo.z - pos[2];
    hi[0] = box.hi.x - pos[0], hi[1] = box.hi.y - pos[1], hi[2] = box.hi.z - pos[2];
    /* The laser's slabs, Q16.48: centre and half-extent per frame axis. */
    {
        int64_t len = l->length, w = l->half_width, hx;
        cen[0] = l->anchor == FXL_ANCHOR_EMITTER ? big_mul(bi(len), bi((int64_t)1 << 31)) : bi(0);
        cen[1] = cen[2] = bi(0);
        hx = len; /* L = length / 2 in Q16.48: length 2^31 */
        half[0] = big_mul(bi(hx), bi((int64_t)1 << 31));
        half[1] = half[2] = big_mul(bi(w), bi((int64_t)1 << 32));
    }
    /* M's adjugate and determinant (by cofactors). */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            /* adj[i][j] = cofactor of m[j][i] */
            int r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
            adj[i][j] = bsub(big_mul(bi(m[r0][c0]), bi(m[r1][c1])),
                             big_mul(bi(m[r0][c1]), bi(m[r1][c0])));
        }
    det = bi(0);
    for (j = 0; j < 3; j++)
        det = big_add(det, big_mul(bi(m[0][j]), adj[j][0]));
    if (l->kind == FXL_LASER3D_CYLINDER)
        return cylinder_ref(m, lo, hi, cen, half[0], half[1]);
    if (l->kind == FXL_LASER3D_EGG)
        return egg_ref(m, lo, hi, cen, half[1], l->egg_k, adj, det);
    return box_ref(m, lo, hi, cen, half, adj, det);
}
