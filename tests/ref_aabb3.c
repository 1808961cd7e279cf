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
 * of M by cofactors (denominator D > 0). */
#include "ref_aabb3.h"

#include "bigint.h"
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

/* The egg's documented half-length (laser3d.h), Q16.16 raw units, or -1
 * for unbounded: Le = ceil(W 2^16 / floor(sqrt(k 2^16))). */
static int64_t egg_le(int64_t w, int64_t k)
{
    int64_t r = 0, le;
    if (k == 0)
        return -1;
    while ((r + 1) * (r + 1) <= k * 65536)
        r++;
    le = (w * 65536 + r - 1) / r;
    return le >= ((int64_t)1 << 29) ? -1 : le;
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
    int i, j, k, e;
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
        if (l->kind == FXL_LASER3D_EGG) {
            int64_t le = egg_le(w, l->egg_k);
            half[0] = le < 0 ? bi((int64_t)1 << 61) : big_mul(bi(le), bi((int64_t)1 << 32));
        }
        half[1] = half[2] = big_mul(bi(w), bi((int64_t)1 << 32));
    }
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
