/* laser_aabb_moving.c - a box translating over the frame against a fixed
 * prepared laser (laser.h's moving-box calls, and fxl__hitbox_vs_moving_aabb
 * of aabb_parts.h for the other beams).
 *
 * Derivation. The box B moves to B + m (m = to - lo, Q16.16); it touches
 * the hit region H at some moment iff H meets the swept set S = B (+) [0, m]
 * (a point of B + tau m in H is a point of S, and back). In the beam frame
 * (laser_aabb.c: F(p) = M (p - pos), H = R grown by t) S's image is
 * Q = P (+) [0, Fm], P = F(B) the rectangle, Fm = M m: the convex hull of
 * the eight points F(corner) and F(corner) + Fm (a hexagon, or a
 * rectangle when m runs along an axis), all integers (Q32.32), below 2^50.
 * Q's sides run along (c, -s), (s, c) (P's) and Fm, so with the frame axes
 * u and v the candidate separating axes are the normals of those five
 * directions: along the normal of a direction e a point q projects to
 * e x q (a 128-bit cross product: 2^17 * 2^50 or 2^50 * 2^50). The
 * projections of Q are those of the eight points (a hull's extremes are at
 * its vertices), R's those of its four corners; no axis apart means Q and
 * R meet (closed sets: a tie is not apart).
 *
 * With round t > 0, apart sets still hit iff dist(Q, R) <= t, reached at
 * a corner of one of them (laser_aabb.c): a corner of Q within t of R (the
 * eight points hold Q's corners, and any point of Q within t is a hit: the
 * exact point test of frame.c), or a corner q of R within t of Q. q lies
 * outside Q there (the axes found them apart), so its distance to Q is
 * that to Q's boundary, whose sides lie on the twelve segments P's four
 * sides at both ends and the four corner paths [F(corner), F(corner) + Fm]
 * (all inside Q): the least distance to those segments. A point-segment
 * distance d(q, [a, b]) <= t with e = b - a: the distance to a when (q -
 * a).e <= 0, to b when (q - b).e >= 0, else (e x (q - a))^2 <= t^2 |e|^2:
 * 2^102 squared against 2^90 * 2^101, in big.h's 256-bit integers (only
 * on this rare path). */
#include "fixlaser/laser.h"

#include "aabb_parts.h"
#include "big.h"
#include "domain.h"
#include "frame.h"
#include "batch.h"
#include "util.h"
#include "wide.h"

typedef struct fpt {
    int64_t u, v; /* Q32.32 frame point */
} fpt;

/* e x q, exact. */
FXL_ARM_CODE static fxl__i128 xcross(fpt e, fpt q)
{
    return fxl__isub(fxl__imul(e.u, q.v), fxl__imul(e.v, q.u));
}

static int icmp(fxl__i128 a, fxl__i128 b)
{
    return fxl__isign(fxl__isub(a, b));
}

/* Q's points and R's corners apart along the normal of e. */
FXL_ARM_CODE static bool apart_on(fpt e, const fpt *pts, int np, const fpt *rc)
{
    fxl__i128 qlo, qhi, rlo, rhi;
    int i;
    qlo = qhi = xcross(e, pts[0]);
    for (i = 1; i < np; i++) {
        fxl__i128 x = xcross(e, pts[i]);
        if (icmp(x, qlo) < 0)
            qlo = x;
        if (icmp(x, qhi) > 0)
            qhi = x;
    }
    rlo = rhi = xcross(e, rc[0]);
    for (i = 1; i < 4; i++) {
        fxl__i128 x = xcross(e, rc[i]);
        if (icmp(x, rlo) < 0)
            rlo = x;
        if (icmp(x, rhi) > 0)
            rhi = x;
    }
    return icmp(qhi, rlo) < 0 || icmp(rhi, qlo) < 0;
}

/* |d|^2 <= t^2 for |d.u|, |d.v| < 2^62. */
FXL_ARM_CODE static bool near_pt(fpt d, uint64_t t)
{
    return fxl__sumsq_le(fxl__abs64(d.u), fxl__abs64(d.v), t);
}

/* The distance of q to the segment [a, a + e] at most t (see above). */
FXL_ARM_CODE static bool near_segment(fpt q, fpt a, fpt e, uint64_t t)
{
    fpt d, db;
    fxl__i128 de, dbe;
    d.u = q.u - a.u, d.v = q.v - a.v;
    db.u = d.u - e.u, db.v = d.v - e.v;
    de = fxl__iadd(fxl__imul(d.u, e.u), fxl__imul(d.v, e.v));
    if (fxl__isign(de) <= 0 || (e.u == 0 && e.v == 0))
        return near_pt(d, t);
    dbe = fxl__iadd(fxl__imul(db.u, e.u), fxl__imul(db.v, e.v));
    if (fxl__isign(dbe) >= 0)
        return near_pt(db, t);
    {
        fxl__big cr, cr2, ee, tt, rhs, a2;
        fxl__big_i128(&cr, xcross(e, d));
        fxl__big_mul(&cr2, &cr, &cr);
        fxl__big_i128(&ee, fxl__imul(e.u, e.u));
        fxl__big_i128(&a2, fxl__imul(e.v, e.v));
        fxl__big_add(&ee, &ee, &a2);
        fxl__big_u128(&tt, fxl__sq(t));
        fxl__big_mul(&rhs, &tt, &ee);
        return fxl__big_cmp(&cr2, &rhs) <= 0;
    }
}

FXL_NOINLINE FXL_ARM_CODE bool fxl__hitbox_vs_moving_aabb(const fxl_laser_prep *lp, fxl_aabb box, int64_t mx,
                                             int64_t my)
{
    int32_t c = lp->cos, s = lp->sin;
    int64_t x0 = (int64_t)box.lo.x - lp->pos.x, x1 = (int64_t)box.hi.x - lp->pos.x;
    int64_t y0 = (int64_t)box.lo.y - lp->pos.y, y1 = (int64_t)box.hi.y - lp->pos.y;
    int64_t t = (int64_t)lp->round * 65536; /* Q32.32 */
    int64_t ulo = INT64_MAX, uhi = INT64_MIN, vlo = INT64_MAX, vhi = INT64_MIN;
    fpt pts[8], rc[4], fm, ex, ey;
    int i, j;

    fm.u = c * mx + s * my;
    fm.v = c * my - s * mx;
    for (i = 0; i < 4; i++) {
        int64_t x = (i & 1) != 0 ? x1 : x0, y = (i & 2) != 0 ? y1 : y0;
        pts[i].u = c * x + s * y;
        pts[i].v = c * y - s * x;
        pts[i + 4].u = pts[i].u + fm.u;
        pts[i + 4].v = pts[i].v + fm.v;
    }
    for (i = 0; i < 8; i++) {
        ulo = fxl__min64(ulo, pts[i].u), uhi = fxl__max64(uhi, pts[i].u);
        vlo = fxl__min64(vlo, pts[i].v), vhi = fxl__max64(vhi, pts[i].v);
    }
    /* Q beyond R grown by t along u or v: no hit. */
    if (uhi < lp->u_lo - t || ulo > lp->u_hi + t || vhi < lp->v_lo - t || vlo > lp->v_hi + t)
        return false;
    for (i = 0; i < 4; i++) {
        rc[i].u = (i & 1) != 0 ? lp->u_hi : lp->u_lo;
        rc[i].v = (i & 2) != 0 ? lp->v_hi : lp->v_lo;
    }
    ex.u = c, ex.v = -s; /* F(1, 0) */
    ey.u = s, ey.v = c;  /* F(0, 1) */
    if (uhi >= lp->u_lo && ulo <= lp->u_hi && vhi >= lp->v_lo && vlo <= lp->v_hi &&
        !apart_on(ex, pts, 8, rc) && !apart_on(ey, pts, 8, rc) &&
        ((fm.u == 0 && fm.v == 0) || !apart_on(fm, pts, 8, rc)))
        return true;
    if (t == 0)
        return false;
    for (i = 0; i < 8; i++)
        if (fxl__frame_test(lp, pts[i].u, pts[i].v, 0))
            return true;
    /* R's corners against the twelve segments of Q (P's sides at both
     * ends: corners 0-1, 1-3, 3-2, 2-0, and the corner paths). */
    for (j = 0; j < 4; j++) {
        static const uint8_t side[4][2] = {{0, 1}, {1, 3}, {3, 2}, {2, 0}};
        for (i = 0; i < 4; i++) {
            fpt a = pts[side[i][0]], e;
            e.u = pts[side[i][1]].u - a.u, e.v = pts[side[i][1]].v - a.v;
            if (near_segment(rc[j], a, e, (uint64_t)t) ||
                near_segment(rc[j], pts[side[i][0] + 4], e, (uint64_t)t) ||
                near_segment(rc[j], pts[i], fm, (uint64_t)t))
                return true;
        }
    }
    return false;
}

/* The bounding reject for the whole motion: the box grown to hold both
 * ends (its lo at min(lo, to), its hi at max(hi, hi + m)) against the
 * prepared laser's box (as fxl__prep_box_near). */
static bool moving_near(const fxl_laser_prep *lp, fxl_aabb b, int64_t mx, int64_t my)
{
    int64_t ex = (int64_t)lp->bb_half_x + 1, ey = (int64_t)lp->bb_half_y + 1;
    int64_t x0 = b.lo.x + (mx < 0 ? mx : 0), x1 = b.hi.x + (mx > 0 ? mx : 0);
    int64_t y0 = b.lo.y + (my < 0 ? my : 0), y1 = b.hi.y + (my > 0 ? my : 0);
    if (lp->bb_half_x == 0)
        return true;
    return x0 <= lp->bb_mid.x + ex && x1 >= lp->bb_mid.x - ex && y0 <= lp->bb_mid.y + ey &&
           y1 >= lp->bb_mid.y - ey;
}

bool fxl_laser_vs_moving_aabb(const fxl_laser_prep *lp, fxl_aabb from, fxl_vec2 to)
{
    int64_t mx, my;
    FXL_ASSERT(fxl__laser_prep_ok(lp) && fxl_aabb_check(from) == FXL_OK && fxl__vec_ok(to));
    mx = (int64_t)to.x - from.lo.x;
    my = (int64_t)to.y - from.lo.y;
    if (!moving_near(lp, from, mx, my))
        return false;
    if (mx == 0 && my == 0)
        return fxl__hitbox_vs_aabb(lp, from);
    return fxl__hitbox_vs_moving_aabb(lp, from, mx, my);
}

size_t fxl_laser_vs_moving_aabbs(const fxl_laser_prep *lp, const fxl_aabb *from, const fxl_vec2 *to,
                                 size_t n, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && ((from != NULL && to != NULL) || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_laser_vs_moving_aabb(lp, from[i], to[i]));
    return b.hits;
}
