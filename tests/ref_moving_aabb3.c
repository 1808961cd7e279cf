/* ref_moving_aabb3.c - exact references for the moving 3D box and for the
 * sphere moving against the egg, written apart from src/ (which projects
 * the swept box on 21 separating axes, and uses Lagrange's identity for
 * the egg), in big integers (bigint.h).
 *
 * Moving box. With X = P - pos (Q16.16) the box at moment t is B + t v
 * (v = to - box.lo), the swept body Z = B (+) [0, v], the laser S = { X :
 * cen_i - half_i <= m_i . X <= cen_i + half_i } (Q16.48 slabs of the frame
 * rows m_i, Q32). Z and S meet iff their intersection has a vertex p; with
 * F and G the least faces of Z and S holding p, aff F and aff G meet in p
 * alone, so dim F + dim G <= 3 and one of them is at most 1:
 *  (a) dim F <= 1: p lies on a segment of Z's edge set, which the 32
 *      segments {edges of B} + 0, {edges of B} + v and {corners of B} +
 *      [0, v] cover (a face of a Minkowski sum is a sum of faces; the
 *      collinear sums are unions of those pieces): each clipped against
 *      S's slabs, the parameter as exact fractions;
 *  (b) dim G <= 1: an edge E of S meets Z, i.e. the parallelogram P2 = E
 *      (+) [-v, 0] meets B. Again at a vertex, with F' of P2 and G' of B:
 *      dim F' <= 1, P2's four sides (E, E - v, E's ends + [-v, 0]) clipped
 *      against B's slabs; or dim F' = 2 and G' a point of an edge of B (or
 *      one of its corners) met transversally: for each of B's 12 edges a +
 *      w e_j (w in [0, g_j]) the 3x3 system E(s) - t v = a + w e_j solved
 *      by Cramer's rule, s, t in [0, 1] (a singular system skips: then
 *      that edge is not transversal, and a corner has some transversal
 *      edge direction since the plane of P2 misses one of e_x, e_y, e_z).
 * S's corners are adj (cen + s half) / det (adj and det of M by
 * cofactors), kept multiplied by det. The egg and the cylinder moving
 * (the core: plane normals, Lagrange's identity and line parameters in
 * the frame) by KKT conditions in the move's parameters: ref_egg_moving
 * and ref_cyl_moving below.
 *
 * Egg. The frame point f(t) = M (c(t) - pos) - (mid, 0, 0) is linear in t;
 * q(t) = k x^2 + 2^16 (y^2 + z^2) = A t^2 + 2 b t + C, and the least value
 * over [0, 1] is q(0), q(1) or (A C - b^2) / A at t = -b / A when 0 < -b
 * < A. The sphere hits iff that is <= 2^16 ((W + r) 2^32)^2; the least r
 * from a double estimate corrected exactly. */
#include "ref_moving_aabb3.h"

#include <math.h>

#include "bigint.h"
#include "ref.h"
#include "ref_aabb3.h"

static big bi(int64_t v)
{
    return big_i64(v);
}

static big bsub(big a, big b)
{
    return big_add(a, big_neg(b));
}

static big bmul(big a, big b)
{
    return big_mul(a, b);
}

/* The frame rows m (Q32) of l's pose, from libm's table values. */
static void rows(const fxl_laser3d *l, int64_t m[3][3])
{
    int64_t cy = (int64_t)ref_cos_q16(l->yaw), sy = (int64_t)ref_sin_q16(l->yaw);
    int64_t cp = (int64_t)ref_cos_q16(l->pitch), sp = (int64_t)ref_sin_q16(l->pitch);
    m[0][0] = cp * cy, m[0][1] = cp * sy, m[0][2] = -sp * 65536;
    m[1][0] = -sy * 65536, m[1][1] = cy * 65536, m[1][2] = 0;
    m[2][0] = sp * cy, m[2][1] = sp * sy, m[2][2] = cp * 65536;
}

/* Does some s in [0, 1] satisfy lo[j] <= u0[j] + s u1[j] <= hi[j], j < 3? */
static bool clip3(const big *lo, const big *u0, const big *u1, const big *hi)
{
    big ln = bi(0), ld = bi(1), hn = bi(1), hd = bi(1);
    int j;
    for (j = 0; j < 3; j++) {
        big a = bsub(lo[j], u0[j]), b = bsub(hi[j], u0[j]), d = u1[j];
        if (d.s == 0) {
            if (a.s > 0 || b.s < 0)
                return false;
            continue;
        }
        if (d.s < 0) {
            big t = big_neg(a);
            a = big_neg(b), b = t, d = big_neg(d);
        }
        if (big_cmp(bmul(a, ld), bmul(ln, d)) > 0)
            ln = a, ld = d;
        if (big_cmp(bmul(b, hd), bmul(hn, d)) < 0)
            hn = b, hd = d;
    }
    return big_cmp(bmul(ln, hd), bmul(hn, ld)) <= 0;
}

/* 3x3 determinant of columns c0, c1, c2. */
static big det3(const big *c0, const big *c1, const big *c2)
{
    big r = bmul(c0[0], bsub(bmul(c1[1], c2[2]), bmul(c1[2], c2[1])));
    r = bsub(r, bmul(c1[0], bsub(bmul(c0[1], c2[2]), bmul(c0[2], c2[1]))));
    return big_add(r, bmul(c2[0], bsub(bmul(c0[1], c1[2]), bmul(c0[2], c1[1]))));
}

/* The 2x2 determinant of columns c0, c1 without row r. */
static big minor2(const big *c0, const big *c1, int r)
{
    int r0 = r == 0 ? 1 : 0, r1 = r == 2 ? 1 : 2;
    return bsub(bmul(c0[r0], c1[r1]), bmul(c0[r1], c1[r0]));
}

/* 0 <= n / d <= hi for d != 0 (hi >= 0). */
static bool frac_in(big n, big d, big hi)
{
    if (d.s < 0)
        n = big_neg(n), d = big_neg(d);
    return n.s >= 0 && big_cmp(n, bmul(hi, d)) <= 0;
}

/* The egg's q = k x^2 + 2^16 (y^2 + z^2) on the frame point f0 + s f1 +
 * t f2 (f0 with mid taken off), as q0 + 2 (b1 s + b2 t) + h11 s^2 + 2 h12
 * s t + h22 t^2. */
typedef struct egg2 {
    big q0, b1, b2, h11, h12, h22;
} egg2;

static egg2 egg_form(const fxl_laser3d *l, const big *f0, const big *f1, const big *f2)
{
    egg2 r;
    int i;
    r.q0 = r.b1 = r.b2 = r.h11 = r.h12 = r.h22 = bi(0);
    for (i = 0; i < 3; i++) {
        big w = bi(i == 0 ? l->egg_k : 65536);
        r.q0 = big_add(r.q0, bmul(w, bmul(f0[i], f0[i])));
        r.b1 = big_add(r.b1, bmul(w, bmul(f0[i], f1[i])));
        r.b2 = big_add(r.b2, bmul(w, bmul(f0[i], f2[i])));
        r.h11 = big_add(r.h11, bmul(w, bmul(f1[i], f1[i])));
        r.h12 = big_add(r.h12, bmul(w, bmul(f1[i], f2[i])));
        r.h22 = big_add(r.h22, bmul(w, bmul(f2[i], f2[i])));
    }
    return r;
}

/* The moving box against the egg, exactly: the least q over the path's
 * body Z = B (+) [0, v] is the least over the 4D box (p, t) in B x [0, 1]
 * of q(p + t v), taken on every face of that box by its KKT conditions,
 * in the parameters: t = 0 or 1 is the static reference at the ends;
 * with t free and the free box axes J, |J| = 3 is never a strict least
 * (the null direction (-s v, s)); |J| = 2 has the middle (q = 0) as its
 * only candidate: the middle in Z, i.e. the middle minus [0, v] clipped
 * against B; |J| = 1 (the 12 parallelograms of an edge and v) and |J| = 0
 * (the 8 corners plus [0, v]): the regular 2x2 / 1x1 systems of the form
 * above, the least point by the adjugate, in its range, with q <= 2^16 (W
 * 2^32)^2 (q0 det - b^T adj b <= bound det). */
__attribute__((noinline)) static bool ref_egg_moving(const fxl_laser3d *l, int64_t m[3][3],
                           const int64_t lo[3], const int64_t hi[3], const int64_t v[3])
{
    big bound, mid = bi(0), f1[3][3], fv[3];
    int i, j, c;
    if (l->anchor == FXL_ANCHOR_EMITTER)
        mid = bmul(bi(l->length), bi((int64_t)1 << 31));
    bound = bmul(bi(65536), bmul(bmul(bi(l->half_width), bi((int64_t)1 << 32)),
                                 bmul(bi(l->half_width), bi((int64_t)1 << 32))));
    {
        /* the middle: M Xm = (mid, 0, 0), det Xm = adj (mid, 0, 0); Xm -
         * t v in B for some t in [0, 1] */
        big adj0[3], det = bi(0), blo[3], x0[3], dv[3], bhi[3];
        for (i = 0; i < 3; i++) /* adj[i][0]: cofactor of m[0][i] */
            adj0[i] = bsub(bmul(bi(m[1][(i + 1) % 3]), bi(m[2][(i + 2) % 3])),
                           bmul(bi(m[1][(i + 2) % 3]), bi(m[2][(i + 1) % 3])));
        for (i = 0; i < 3; i++)
            det = big_add(det, bmul(bi(m[0][i]), adj0[i]));
        for (i = 0; i < 3; i++) {
            x0[i] = bmul(adj0[i], mid);
            dv[i] = bmul(det, bi(-v[i]));
            blo[i] = bmul(det, bi(lo[i])), bhi[i] = bmul(det, bi(hi[i]));
            if (det.s < 0) /* keep det lo <= . <= det hi */
                blo[i] = big_neg(blo[i]), bhi[i] = big_neg(bhi[i]), x0[i] = big_neg(x0[i]),
                dv[i] = big_neg(dv[i]);
        }
        if (clip3(blo, x0, dv, bhi))
            return true;
    }
    for (i = 0; i < 3; i++) {
        fv[i] = bi(0);
        for (j = 0; j < 3; j++) {
            fv[i] = big_add(fv[i], bmul(bi(m[i][j]), bi(v[j])));
            f1[j][i] = bi(m[i][j]); /* frame step along world axis j */
        }
    }
    for (c = 0; c < 8; c++) {
        big f0[3];
        egg2 q;
        for (i = 0; i < 3; i++) {
            f0[i] = bi(0);
            for (j = 0; j < 3; j++)
                f0[i] = big_add(f0[i], bmul(bi(m[i][j]), bi((c >> j) & 1 ? hi[j] : lo[j])));
        }
        f0[0] = bsub(f0[0], mid);
        /* |J| = 0: q0 + 2 b2 t + h22 t^2, least at t = -b2 / h22 */
        q = egg_form(l, f0, f1[0], fv);
        if (q.h22.s > 0 && q.b2.s <= 0 && big_cmp(big_neg(q.b2), q.h22) <= 0 &&
            big_cmp(bsub(bmul(q.q0, q.h22), bmul(q.b2, q.b2)), bmul(bound, q.h22)) <= 0)
            return true;
        /* |J| = 1: world axis j free from this corner (its bit clear) */
        for (j = 0; j < 3; j++) {
            big det, ns, nt, quad;
            if ((c >> j) & 1)
                continue;
            q = egg_form(l, f0, f1[j], fv);
            det = bsub(bmul(q.h11, q.h22), bmul(q.h12, q.h12));
            if (det.s <= 0)
                continue; /* singular: not a strict least */
            /* (s, t) = -adj(H) b / det */
            ns = bsub(bmul(q.h12, q.b2), bmul(q.h22, q.b1));
            nt = bsub(bmul(q.h12, q.b1), bmul(q.h11, q.b2));
            if (!frac_in(ns, det, bi(hi[j] - lo[j])) || !frac_in(nt, det, bi(1)))
                continue;
            /* b^T adj(H) b = h22 b1^2 - 2 h12 b1 b2 + h11 b2^2 */
            quad = bmul(q.h22, bmul(q.b1, q.b1));
            quad = bsub(quad, bmul(bi(2), bmul(q.h12, bmul(q.b1, q.b2))));
            quad = big_add(quad, bmul(q.h11, bmul(q.b2, q.b2)));
            if (big_cmp(bsub(bmul(q.q0, det), quad), bmul(bound, det)) <= 0)
                return true;
        }
    }
    return false;
}

/* Some t in [0, 1] with Xa - t v in B, Xa = M^-1 (tau, 0, 0) (det Xa =
 * adj (tau, 0, 0): column 0 of the adjugate, cofactors of row 0). */
static bool axis_point_in_z(int64_t m[3][3], big tau, const int64_t lo[3], const int64_t hi[3],
                            const int64_t v[3])
{
    big adj0[3], det = bi(0), blo[3], x0[3], dv[3], bhi[3];
    int i;
    for (i = 0; i < 3; i++)
        adj0[i] = bsub(bmul(bi(m[1][(i + 1) % 3]), bi(m[2][(i + 2) % 3])),
                       bmul(bi(m[1][(i + 2) % 3]), bi(m[2][(i + 1) % 3])));
    for (i = 0; i < 3; i++)
        det = big_add(det, bmul(bi(m[0][i]), adj0[i]));
    for (i = 0; i < 3; i++) {
        x0[i] = bmul(adj0[i], tau);
        dv[i] = bmul(det, bi(-v[i]));
        blo[i] = bmul(det, bi(lo[i])), bhi[i] = bmul(det, bi(hi[i]));
        if (det.s < 0) /* keep det lo <= . <= det hi */
            blo[i] = big_neg(blo[i]), bhi[i] = big_neg(bhi[i]), x0[i] = big_neg(x0[i]),
            dv[i] = big_neg(dv[i]);
    }
    return clip3(blo, x0, dv, bhi);
}

/* |n / d| <= lim (d != 0, lim >= 0). */
static bool frac_abs_le(big n, big d, big lim)
{
    if (d.s < 0)
        n = big_neg(n), d = big_neg(d);
    if (n.s < 0)
        n = big_neg(n);
    return big_cmp(n, bmul(lim, d)) <= 0;
}

/* ref_cyl_moving's J = {j} on a cap (apart: the GBA suite's stack): the
 * parallelogram from the frame point f0 spanned by the frame step c and
 * fv, g the edge's length. */
__attribute__((noinline)) static bool cyl_cap_lines_ref(const big *f0, const big *c, const big *fv,
                                                        big len, big w2, int64_t g)
{
    big n[3], nn;
    int i, sg;
    for (i = 0; i < 3; i++) {
        int a = (i + 1) % 3, b = (i + 2) % 3;
        n[i] = bsub(bmul(c[a], fv[b]), bmul(c[b], fv[a]));
    }
    nn = big_add(bmul(n[1], n[1]), bmul(n[2], n[2]));
    if (nn.s == 0)
        return false;
    for (sg = -1; sg <= 1; sg += 2) {
        big cap = sg > 0 ? len : big_neg(len), r, y, z, h, sn, tn, den;
        /* r = n . (u - (sL, 0, 0)) */
        r = big_add(bmul(n[0], bsub(f0[0], cap)), big_add(bmul(n[1], f0[1]), bmul(n[2], f0[2])));
        if (big_cmp(bmul(r, r), bmul(w2, nn)) > 0)
            continue;
        /* the point (sL, Y / N, Z / N) - u */
        h = bsub(cap, f0[0]);
        y = bsub(bmul(r, n[1]), bmul(f0[1], nn));
        z = bsub(bmul(r, n[2]), bmul(f0[2], nn));
        if (n[2].s != 0) { /* rows 0, 1: det n2 */
            sn = bsub(bmul(h, bmul(fv[1], nn)), bmul(fv[0], y));
            tn = bsub(bmul(c[0], y), bmul(c[1], bmul(h, nn)));
            den = bmul(n[2], nn);
        } else { /* rows 2, 0: det n1 */
            sn = bsub(bmul(z, fv[0]), bmul(h, bmul(fv[2], nn)));
            tn = bsub(bmul(c[2], bmul(h, nn)), bmul(c[0], z));
            den = bmul(n[1], nn);
        }
        if (frac_in(sn, den, bi(g)) && frac_in(tn, den, bi(1)))
            return true;
    }
    return false;
}

/* The moving box against the cylinder u1^2 + u2^2 <= W^2, |u0| <= L,
 * exactly: the least of u1^2 + u2^2 over the 4D polytope (p, t) in B x
 * [0, 1] cut by the slab, by KKT on its faces in the move's parameters:
 * t = 0 or 1 is the static reference at the ends; with t free (J the free
 * box axes, the caps u0 = +-L tight or not), the candidates where the
 * form is strict: J = {} (the corner's path: its least point within the
 * slab, or its crossing of a cap), J = {j} (the parallelogram of an edge
 * and v: its 2x2 least point within the slab, or, on a cap, the point of
 * the cap line nearest the cap's centre: that line is n1 y + n2 z = r in
 * the cap's plane, n = c x d the parallelogram's normal, the point r
 * (n1, n2) / N, its (s, t) by Cramer's rule on two rows of u + s c + t d
 * = point), J = {j, l} on a cap (the cap's centre in Z: clipped as the
 * egg's middle). */
__attribute__((noinline)) static bool ref_cyl_moving(const fxl_laser3d *l, int64_t m[3][3],
                           const int64_t lo[3], const int64_t hi[3], const int64_t v[3])
{
    big mid = bi(0), len = bmul(bi(l->length), bi((int64_t)1 << 31)), w2, f1[3][3], fv[3];
    int i, j, c, sg;
    if (l->anchor == FXL_ANCHOR_EMITTER)
        mid = len;
    w2 = bmul(bmul(bi(l->half_width), bi((int64_t)1 << 32)), bmul(bi(l->half_width), bi((int64_t)1 << 32)));
    if (axis_point_in_z(m, bsub(mid, len), lo, hi, v) || axis_point_in_z(m, big_add(mid, len), lo, hi, v))
        return true;
    for (i = 0; i < 3; i++) {
        fv[i] = bi(0);
        for (j = 0; j < 3; j++) {
            fv[i] = big_add(fv[i], bmul(bi(m[i][j]), bi(v[j])));
            f1[j][i] = bi(m[i][j]);
        }
    }
    for (c = 0; c < 8; c++) {
        big f0[3], q0, b2, h22;
        for (i = 0; i < 3; i++) {
            f0[i] = bi(0);
            for (j = 0; j < 3; j++)
                f0[i] = big_add(f0[i], bmul(bi(m[i][j]), bi((c >> j) & 1 ? hi[j] : lo[j])));
        }
        f0[0] = bsub(f0[0], mid);
        q0 = big_add(bmul(f0[1], f0[1]), bmul(f0[2], f0[2]));
        b2 = big_add(bmul(f0[1], fv[1]), bmul(f0[2], fv[2]));
        h22 = big_add(bmul(fv[1], fv[1]), bmul(fv[2], fv[2]));
        /* J = {}, no cap: t* = -b2 / h22 */
        if (h22.s > 0 && b2.s <= 0 && big_cmp(big_neg(b2), h22) <= 0 &&
            frac_abs_le(bsub(bmul(f0[0], h22), bmul(b2, fv[0])), h22, len) &&
            big_cmp(bsub(bmul(q0, h22), bmul(b2, b2)), bmul(w2, h22)) <= 0)
            return true;
        /* J = {}, a cap: t = (sL - u0) / d0 = tn / td */
        for (sg = -1; sg <= 1 && fv[0].s != 0; sg += 2) {
            big tn = bsub(sg > 0 ? len : big_neg(len), f0[0]), td = fv[0], qq;
            if (!frac_in(tn, td, bi(1)))
                continue;
            /* q0 td^2 + 2 b2 tn td + h22 tn^2 <= W^2 td^2 */
            qq = big_add(bmul(q0, bmul(td, td)), bmul(bi(2), bmul(b2, bmul(tn, td))));
            qq = big_add(qq, bmul(h22, bmul(tn, tn)));
            if (big_cmp(qq, bmul(w2, bmul(td, td))) <= 0)
                return true;
        }
        for (j = 0; j < 3; j++) {
            big h11, h12, b1, det;
            if ((c >> j) & 1)
                continue;
            /* J = {j}, no cap: the 2x2 least point, within the slab */
            h11 = big_add(bmul(f1[j][1], f1[j][1]), bmul(f1[j][2], f1[j][2]));
            h12 = big_add(bmul(f1[j][1], fv[1]), bmul(f1[j][2], fv[2]));
            b1 = big_add(bmul(f0[1], f1[j][1]), bmul(f0[2], f1[j][2]));
            det = bsub(bmul(h11, h22), bmul(h12, h12));
            if (det.s > 0) {
                big ns = bsub(bmul(h12, b2), bmul(h22, b1)), nt = bsub(bmul(h12, b1), bmul(h11, b2));
                if (frac_in(ns, det, bi(hi[j] - lo[j])) && frac_in(nt, det, bi(1)) &&
                    frac_abs_le(big_add(bmul(f0[0], det), big_add(bmul(ns, f1[j][0]), bmul(nt, fv[0]))),
                                det, len)) {
                    big quad = bmul(h22, bmul(b1, b1));
                    quad = bsub(quad, bmul(bi(2), bmul(h12, bmul(b1, b2))));
                    quad = big_add(quad, bmul(h11, bmul(b2, b2)));
                    if (big_cmp(bsub(bmul(q0, det), quad), bmul(w2, det)) <= 0)
                        return true;
                }
            }
            if (cyl_cap_lines_ref(f0, f1[j], fv, len, w2, hi[j] - lo[j]))
                return true;
        }
    }
    return false;
}

/* The box laser (see the top); apart, so that the cylinder's and egg's
 * paths do not carry its frame (the GBA suite's stack). */
__attribute__((noinline)) static bool box_moving_ref(const fxl_laser3d *l, int64_t m[3][3],
                                                     const int64_t lo[3], const int64_t hi[3],
                                                     const int64_t v[3])
{
    int64_t g[3];
    big cen[3], half[3], slo[3], shi[3], adj[3][3], det, dlo[3], dhi[3];
    int i, j, e, c;
    for (i = 0; i < 3; i++)
        g[i] = hi[i] - lo[i];
    {
        int64_t len = l->length, w = l->half_width;
        cen[0] = l->anchor == FXL_ANCHOR_EMITTER ? bmul(bi(len), bi((int64_t)1 << 31)) : bi(0);
        cen[1] = cen[2] = bi(0);
        half[0] = bmul(bi(len), bi((int64_t)1 << 31));
        half[1] = half[2] = bmul(bi(w), bi((int64_t)1 << 32));
        for (i = 0; i < 3; i++)
            slo[i] = bsub(cen[i], half[i]), shi[i] = big_add(cen[i], half[i]);
    }
    /* (a) the 32 segments of Z against S's slabs */
    for (e = 0; e < 32; e++) {
        int64_t a[3], d[3];
        big u0[3], u1[3];
        if (e < 24) { /* edge e % 12 of B, at 0 or at v */
            int ed = e % 12, axis = ed / 4, b1 = (axis + 1) % 3, b2 = (axis + 2) % 3;
            a[axis] = lo[axis], d[axis] = g[axis];
            a[b1] = (ed & 1) ? hi[b1] : lo[b1], d[b1] = 0;
            a[b2] = (ed & 2) ? hi[b2] : lo[b2], d[b2] = 0;
            if (e >= 12)
                for (i = 0; i < 3; i++)
                    a[i] += v[i];
        } else { /* corner + [0, v] */
            c = e - 24;
            for (i = 0; i < 3; i++)
                a[i] = (c >> i) & 1 ? hi[i] : lo[i], d[i] = v[i];
        }
        for (i = 0; i < 3; i++) {
            big s0 = bi(0), s1 = bi(0);
            for (j = 0; j < 3; j++) {
                s0 = big_add(s0, bmul(bi(m[i][j]), bi(a[j])));
                s1 = big_add(s1, bmul(bi(m[i][j]), bi(d[j])));
            }
            u0[i] = s0, u1[i] = s1;
        }
        if (clip3(slo, u0, u1, shi))
            return true;
    }
    /* (b) S's edges, det X = adj f */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
            adj[i][j] = bsub(bmul(bi(m[r0][c0]), bi(m[r1][c1])), bmul(bi(m[r0][c1]), bi(m[r1][c0])));
        }
    det = bi(0);
    for (j = 0; j < 3; j++)
        det = big_add(det, bmul(bi(m[0][j]), adj[j][0]));
    if (det.s < 0) { /* det > 0 from here (it is, for the table's values) */
        det = big_neg(det);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                adj[i][j] = big_neg(adj[i][j]);
    }
    for (i = 0; i < 3; i++)
        dlo[i] = bmul(det, bi(lo[i])), dhi[i] = bmul(det, bi(hi[i]));
    for (e = 0; e < 12; e++) {
        int axis = e / 4, b1 = (axis + 1) % 3, b2 = (axis + 2) % 3;
        big f0[3], f1[3], s0[3], s1[3], dv[3], u0[3], u1[3];
        f0[axis] = slo[axis], f1[axis] = shi[axis];
        f0[b1] = f1[b1] = (e & 1) ? shi[b1] : slo[b1];
        f0[b2] = f1[b2] = (e & 2) ? shi[b2] : slo[b2];
        for (i = 0; i < 3; i++) {
            big a0 = bi(0), a1 = bi(0);
            for (j = 0; j < 3; j++) {
                a0 = big_add(a0, bmul(adj[i][j], f0[j]));
                a1 = big_add(a1, bmul(adj[i][j], bsub(f1[j], f0[j])));
            }
            s0[i] = a0, s1[i] = a1; /* det E(s) = s0 + s s1 */
            dv[i] = bmul(det, bi(v[i]));
        }
        /* P2's sides against B: E, E - v, E(0) - [0, v], E(1) - [0, v] */
        if (clip3(dlo, s0, s1, dhi))
            return true;
        for (i = 0; i < 3; i++)
            u0[i] = bsub(s0[i], dv[i]);
        if (clip3(dlo, u0, s1, dhi))
            return true;
        for (i = 0; i < 3; i++)
            u1[i] = big_neg(dv[i]);
        if (clip3(dlo, s0, u1, dhi))
            return true;
        for (i = 0; i < 3; i++)
            u0[i] = big_add(s0[i], s1[i]);
        if (clip3(dlo, u0, u1, dhi))
            return true;
        /* B's edges through the face of P2: s s1 - t' v - w' e_j = det a -
         * s0 with t' = det t, w' = det w (columns s1, -v, -e_j) */
        for (c = 0; c < 12; c++) {
            int ax = c / 4, c1 = (ax + 1) % 3, c2 = (ax + 2) % 3;
            int64_t a[3];
            big col1[3], col2[3], rhs[3], den, ns, nt, nw;
            a[ax] = lo[ax];
            a[c1] = (c & 1) ? hi[c1] : lo[c1];
            a[c2] = (c & 2) ? hi[c2] : lo[c2];
            for (i = 0; i < 3; i++) {
                col1[i] = bi(-v[i]);
                col2[i] = bi(i == ax ? -1 : 0);
                rhs[i] = bsub(bmul(det, bi(a[i])), s0[i]);
            }
            /* the third column is -e_ax: those three determinants are one
             * sign times the 2x2 minors without row ax (the sign cancels
             * in s and t, the full den is kept for w) */
            den = minor2(s1, col1, ax);
            if (den.s == 0)
                continue;
            ns = minor2(rhs, col1, ax);
            if (!frac_in(ns, den, bi(1)))
                continue;
            nt = minor2(s1, rhs, ax);
            if (!frac_in(nt, den, det))
                continue;
            den = det3(s1, col1, col2);
            nw = det3(s1, col1, rhs);
            if (frac_in(nw, den, bmul(det, bi(g[ax]))))
                return true;
        }
    }
    return false;
}

bool ref_laser3d_vs_moving_aabb3(const fxl_laser3d *l, fxl_aabb3 box, fxl_vec3 to)
{
    int64_t m[3][3], lo[3], hi[3], v[3];
    const int64_t pos[3] = {l->pos.x, l->pos.y, l->pos.z};
    rows(l, m);
    lo[0] = box.lo.x - pos[0], lo[1] = box.lo.y - pos[1], lo[2] = box.lo.z - pos[2];
    hi[0] = box.hi.x - pos[0], hi[1] = box.hi.y - pos[1], hi[2] = box.hi.z - pos[2];
    v[0] = (int64_t)to.x - box.lo.x, v[1] = (int64_t)to.y - box.lo.y, v[2] = (int64_t)to.z - box.lo.z;
    if (l->kind == FXL_LASER3D_BOX)
        return box_moving_ref(l, m, lo, hi, v);
    {
        /* cylinder and egg: both ends by the static reference first */
        fxl_aabb3 end;
        if (ref_laser3d_vs_aabb3(l, box))
            return true;
        end.lo = to;
        end.hi.x = to.x + (box.hi.x - box.lo.x), end.hi.y = to.y + (box.hi.y - box.lo.y);
        end.hi.z = to.z + (box.hi.z - box.lo.z);
        if (ref_laser3d_vs_aabb3(l, end))
            return true;
        if (v[0] == 0 && v[1] == 0 && v[2] == 0)
            return false;
    }
    return l->kind == FXL_LASER3D_EGG ? ref_egg_moving(l, m, lo, hi, v) : ref_cyl_moving(l, m, lo, hi, v);
}

/* The egg's q at the least point of the path, as num / den (den > 0). */
static void egg_min(const fxl_laser3d *l, fxl_vec3 p0, fxl_vec3 p1, big *num, big *den)
{
    int64_t m[3][3];
    const int64_t pos[3] = {l->pos.x, l->pos.y, l->pos.z};
    const int64_t pa[3] = {p0.x, p0.y, p0.z}, pb[3] = {p1.x, p1.y, p1.z};
    big fa[3], d[3], w[3], aa = bi(0), bb = bi(0), cc = bi(0), q1;
    int i, j;
    rows(l, m);
    for (i = 0; i < 3; i++) {
        big sa = bi(0), sb = bi(0);
        for (j = 0; j < 3; j++) {
            sa = big_add(sa, bmul(bi(m[i][j]), bi(pa[j] - pos[j])));
            sb = big_add(sb, bmul(bi(m[i][j]), bi(pb[j] - pos[j])));
        }
        if (i == 0 && l->anchor == FXL_ANCHOR_EMITTER) {
            big mid = bmul(bi(l->length), bi((int64_t)1 << 31));
            sa = bsub(sa, mid), sb = bsub(sb, mid);
        }
        fa[i] = sa, d[i] = bsub(sb, sa);
    }
    w[0] = bi(l->egg_k), w[1] = w[2] = bi(65536);
    for (i = 0; i < 3; i++) {
        aa = big_add(aa, bmul(w[i], bmul(d[i], d[i])));
        bb = big_add(bb, bmul(w[i], bmul(fa[i], d[i])));
        cc = big_add(cc, bmul(w[i], bmul(fa[i], fa[i])));
    }
    /* q(1) = A + 2 b + C */
    q1 = big_add(big_add(aa, cc), big_add(bb, bb));
    *num = big_cmp(q1, cc) < 0 ? q1 : cc;
    *den = bi(1);
    if (bb.s < 0 && big_cmp(big_neg(bb), aa) < 0) {
        big n = bsub(bmul(aa, cc), bmul(bb, bb));
        if (big_cmp(n, bmul(*num, aa)) < 0)
            *num = n, *den = aa;
    }
}

/* num <= den 2^16 ((W + r) 2^32)^2 */
static bool egg_reaches(big num, big den, int64_t w, int64_t r)
{
    big rr = bi(w + r);
    big rhs = bmul(bmul(den, bmul(rr, rr)), bmul(bi((int64_t)1 << 40), bi((int64_t)1 << 40)));
    return big_cmp(num, rhs) <= 0;
}

int32_t ref_egg_touch_r(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b)
{
    big num, den;
    double est;
    int64_t r, w = l->half_width;
    egg_min(l, a, b, &num, &den);
    est = sqrt(big_to_double(&num) / big_to_double(&den)) / 1099511627776.0 - (double)w;
    if (!(est < (double)FXL_SIZE3_MAX + 16.0))
        est = (double)FXL_SIZE3_MAX + 16.0;
    r = est < 2.0 ? 0 : (int64_t)est - 2;
    while (r > 0 && egg_reaches(num, den, w, r - 1))
        r--;
    while (r <= FXL_SIZE3_MAX && !egg_reaches(num, den, w, r))
        r++;
    return r > FXL_SIZE3_MAX ? REFME_NEVER : (int32_t)r;
}
