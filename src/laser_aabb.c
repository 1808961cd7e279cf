/* laser_aabb.c - prepared 2D box and capsule lasers against axis-aligned
 * boxes (the box calls of laser.h), and the exact box test every straight
 * beam frame shares (aabb_parts.h).
 *
 * Derivation. A point p hits a prepared laser iff its frame coordinates
 *     F(p) = M (p - pos),  M = [[c, s], [-s, c]]   (Q32.32; frame.c)
 * lie within t = round * 2^16 (Q32.32) of the rectangle R = [u_lo, u_hi] x
 * [v_lo, v_hi] (fxl_laser_vs_point's test; frame.c). F is linear and
 * one-to-one, so the box B hits iff the frame image P = F(B) comes within
 * t of R. With X = [x0, x1] = [lo.x - pos.x, hi.x - pos.x] and Y likewise
 * (Q16.16, exact in 64 bits), P is the parallelogram with the integer
 * corners F(x, y), x in X, y in Y: a rectangle, since M is a rotation
 * scaled by |(c, s)| (M^T M = K I, K = c^2 + s^2, a little under or over
 * 2^32). Its sides run along M (1, 0) = (c, -s) and M (0, 1) = (s, c).
 *
 * Two convex sets P and R meet iff no separating axis exists, and for two
 * rectangles the four side normals are the only candidates (a segment R of
 * a capsule, v_lo = v_hi, is a degenerate rectangle: its normals are among
 * them). Along the frame axes u and v:
 *     P's u range = [min c X + min s Y, max c X + max s Y]
 *     P's v range = [min c Y + min -s X, max c Y + max -s X]
 * (each min/max of a product a X picks x0 or x1 by the sign of a), products
 * below 2^16 * 2^33: exact in 64 bits. Along the box's own axes, the
 * projection of a frame point q = (u, v) on (c, -s) is c u - s v = K x for
 * q = F(pos + (x, y)) (M^T M = K I), and on (s, c) it is s u + c v = K y:
 * R and P are apart along x iff R's range of c u - s v lies below K x0 or
 * above K x1, and likewise along y. Those values reach 2^16 * 2^49 and
 * 2^33 * 2^33: 128-bit products (wide.h). Touching is not apart (strict
 * compares): the closed sets meet.
 *
 * With round t > 0 (a capsule), B hits iff dist(P, R) <= t. If the axes
 * find the sets meeting, the distance is 0. Otherwise they are disjoint
 * convex polygons, and the closest pair of points has a corner of one of
 * them (the distance of two segments is reached at an end of one): so
 * B hits iff a corner of P lies within t of R, or a corner of R within t
 * of P. The first is frame.c's exact test of a point (fxl__frame_test,
 * r = 0). For the second, a corner q of R is the frame image of the world
 * offset w = M^T q / K; the frame distance of q to P is sqrt(K) times the
 * world distance of w to the box X x Y, so with W = M^T q = (c u - s v,
 * s u + c v) (exact integers) and
 *     ex = max(K x0 - W.x, W.x - K x1, 0),  ey likewise with y,
 * the distance is sqrt((ex^2 + ey^2) / K) and q is within t iff
 *     ex^2 + ey^2 <= K t^2.
 * t < 2^45 and K < 2^33, so K t^2 < 2^123, and ex or ey above 2^62 already
 * means apart; below, the squares and sums fit 128 bits. Before any of
 * that, P's u or v range beyond R's grown by t means no hit (R grown by
 * the disk lies in those ranges): the common exit of the exact stage, in
 * 64 bits.
 *
 * Ranges: |pos| < 2^31 and |coords| < 2^30, so |x|, |y| < 2^32; |c|, |s|
 * <= 65537; |u_*|, |v_*| < 2^48 (as frame.c); round < 2^29. */
#include "fixlaser/laser.h"

#include "aabb_parts.h"
#include "domain.h"
#include "frame.h"
#include "angle_table.h"
#include "hitbox.h"
#include "batch.h"
#include "util.h"
#include "wide.h"

/* min and max of a * z over z in [lo, hi] (lo <= hi; |a| <= 2^17, |z| < 2^33). */
static inline int64_t lin_min(int32_t a, int64_t lo, int64_t hi)
{
    return a >= 0 ? a * lo : a * hi;
}

static inline int64_t lin_max(int32_t a, int64_t lo, int64_t hi)
{
    return a >= 0 ? a * hi : a * lo;
}

/* True iff R's projection on the frame direction (a, b), a u + b v, lies
 * wholly below k0 or wholly above k1 (128-bit: see the derivation). */
static bool slab_apart(const fxl_laser_prep *lp, int32_t a, int32_t b, fxl__i128 k0, fxl__i128 k1)
{
    fxl__i128 lo = fxl__iadd(fxl__imul(a >= 0 ? lp->u_lo : lp->u_hi, a),
                             fxl__imul(b >= 0 ? lp->v_lo : lp->v_hi, b));
    fxl__i128 hi = fxl__iadd(fxl__imul(a >= 0 ? lp->u_hi : lp->u_lo, a),
                             fxl__imul(b >= 0 ? lp->v_hi : lp->v_lo, b));
    return fxl__isign(fxl__isub(hi, k0)) < 0 || fxl__isign(fxl__isub(lo, k1)) > 0;
}

/* How far w lies beyond [k0, k1] (128-bit, >= 0), capped: 2^62 when
 * farther than that (apart, see the derivation). */
static uint64_t beyond128(fxl__i128 w, fxl__i128 k0, fxl__i128 k1)
{
    fxl__i128 e = fxl__isign(fxl__isub(w, k0)) < 0 ? fxl__isub(k0, w) : fxl__isub(w, k1);
    if (e.hi < 0)
        return 0;
    if (e.hi > 0 || e.lo >= (uint64_t)1 << 62)
        return (uint64_t)1 << 62;
    return e.lo;
}

/* Corner (u, v) of R within t of P: ex^2 + ey^2 <= K t^2. */
static bool corner_near(int32_t c, int32_t s, int64_t u, int64_t v, const fxl__i128 kx[2],
                        const fxl__i128 ky[2], uint64_t k, uint64_t t)
{
    fxl__i128 wx = fxl__isub(fxl__imul(u, c), fxl__imul(v, s));
    fxl__i128 wy = fxl__iadd(fxl__imul(u, s), fxl__imul(v, c));
    uint64_t ex = beyond128(wx, kx[0], kx[1]), ey = beyond128(wy, ky[0], ky[1]);
    if (ex >= (uint64_t)1 << 62 || ey >= (uint64_t)1 << 62)
        return false;
    /* K t < 2^78 (< 2^80), t < 2^48: fxl__mul128_64's range. */
    return fxl__le128(fxl__add(fxl__sq(ex), fxl__sq(ey)), fxl__mul128_64(fxl__mul64(k, t), t));
}

/* The box's sides against R along the box's own axes, in 64 bits: for
 * |u_*|, |v_*| < 2^44 and |x|, |y| < 2^30 every value below fits (c u and
 * s v below 2^60.1, K x below 2^62.1), so this decides what slab_apart
 * decides, without 128-bit products. */
static inline bool slab_apart64(int64_t lo, int64_t hi, int64_t k0, int64_t k1)
{
    return hi < k0 || lo > k1;
}

/* A corner (u, v) of R that cannot be within t of P: beyond P's frame
 * ranges grown by t (P lies in them). */
static inline bool corner_far(int64_t u, int64_t v, const int64_t pr[4], int64_t t)
{
    return u < pr[0] - t || u > pr[1] + t || v < pr[2] - t || v > pr[3] + t;
}

/* Any offsets and rectangle of the ranges above (the 128-bit cases). */
FXL_NOINLINE FXL_ARM_CODE static bool hitbox_general(const fxl_laser_prep *lp, fxl_aabb box)
{
    int32_t c = lp->cos, s = lp->sin;
    int64_t x0 = (int64_t)box.lo.x - lp->pos.x, x1 = (int64_t)box.hi.x - lp->pos.x;
    int64_t y0 = (int64_t)box.lo.y - lp->pos.y, y1 = (int64_t)box.hi.y - lp->pos.y;
    int64_t t = (int64_t)lp->round * 65536; /* Q32.32 */
    int64_t pr[4]; /* P's u range and v range */
    uint64_t k = (uint64_t)((int64_t)c * c + (int64_t)s * s);
    fxl__i128 kx[2], ky[2];
    const int64_t lim = (int64_t)1 << 44, blim = (int64_t)1 << 30;
    bool fast;
    int i, nr;

    pr[0] = lin_min(c, x0, x1) + lin_min(s, y0, y1);
    pr[1] = lin_max(c, x0, x1) + lin_max(s, y0, y1);
    pr[2] = lin_min(c, y0, y1) + lin_min(-s, x0, x1);
    pr[3] = lin_max(c, y0, y1) + lin_max(-s, x0, x1);
    /* P beyond R grown by t along u or v: no hit (the common exit). */
    if (pr[1] < lp->u_lo - t || pr[0] > lp->u_hi + t || pr[3] < lp->v_lo - t || pr[2] > lp->v_hi + t)
        return false;
    /* The 64-bit case: |u_*|, |v_*| < 2^44 (every prepared laser's: sizes
     * below 2^28) and box offsets below 2^30 (see slab_apart64). */
    fast = lp->u_lo > -lim && lp->u_hi < lim && lp->v_lo > -lim && lp->v_hi < lim && x0 > -blim &&
           x1 < blim && y0 > -blim && y1 < blim;
    if (pr[1] >= lp->u_lo && pr[0] <= lp->u_hi && pr[3] >= lp->v_lo && pr[2] <= lp->v_hi) {
        /* No separation along u or v: the box's axes decide whether they
         * meet. */
        bool apart;
        if (fast) {
            int64_t kk = (int64_t)k;
            /* c u - s v over R, and s u + c v */
            int64_t ax_lo = lin_min(c, lp->u_lo, lp->u_hi) + lin_min(-s, lp->v_lo, lp->v_hi);
            int64_t ax_hi = lin_max(c, lp->u_lo, lp->u_hi) + lin_max(-s, lp->v_lo, lp->v_hi);
            int64_t ay_lo = lin_min(s, lp->u_lo, lp->u_hi) + lin_min(c, lp->v_lo, lp->v_hi);
            int64_t ay_hi = lin_max(s, lp->u_lo, lp->u_hi) + lin_max(c, lp->v_lo, lp->v_hi);
            apart = slab_apart64(ax_lo, ax_hi, kk * x0, kk * x1) ||
                    slab_apart64(ay_lo, ay_hi, kk * y0, kk * y1);
        } else {
            kx[0] = fxl__imul_u(x0, k);
            kx[1] = fxl__imul_u(x1, k);
            ky[0] = fxl__imul_u(y0, k);
            ky[1] = fxl__imul_u(y1, k);
            apart = slab_apart(lp, c, -s, kx[0], kx[1]) || slab_apart(lp, s, c, ky[0], ky[1]);
        }
        if (!apart)
            return true;
    }
    if (t == 0)
        return false;
    /* Disjoint: a corner of P within t of R, or one of R within t of P. */
    for (i = 0; i < 4; i++) {
        int64_t x = (i & 1) != 0 ? x1 : x0, y = (i & 2) != 0 ? y1 : y0;
        if (fxl__frame_test(lp, c * x + s * y, c * y - s * x, 0))
            return true;
    }
    nr = lp->v_lo == lp->v_hi ? 2 : 4; /* a segment (a capsule's core): two corners */
    if (fast) {
        /* In 64 bits (see the fast case above): W and K x below 2^62, so
         * ex, ey < 2^63; sqrt(K) t lies in [65535 t, 65537 t] (the table
         * vector's length), t < 2^45: ex or ey beyond 65537 t is apart,
         * ex + ey <= 65535 t within (the diamond inside the circle). */
        int64_t kk = (int64_t)k, tl = 65535 * t, th = 65537 * t;
        for (i = 0; i < nr; i++) {
            int64_t u = (i & 1) != 0 ? lp->u_hi : lp->u_lo, v = (i & 2) != 0 ? lp->v_hi : lp->v_lo;
            int64_t wx = c * u - s * v, wy = s * u + c * v, ex, ey;
            if (corner_far(u, v, pr, t))
                continue;
            ex = wx < kk * x0 ? kk * x0 - wx : wx > kk * x1 ? wx - kk * x1 : 0;
            ey = wy < kk * y0 ? kk * y0 - wy : wy > kk * y1 ? wy - kk * y1 : 0;
            if (ex > th || ey > th)
                continue;
            if (ex + ey <= tl)
                return true;
            if (fxl__le128(fxl__add(fxl__sq((uint64_t)ex), fxl__sq((uint64_t)ey)),
                           fxl__mul128_64(fxl__mul64(k, (uint64_t)t), (uint64_t)t)))
                return true;
        }
        return false;
    }
    kx[0] = fxl__imul_u(x0, k);
    kx[1] = fxl__imul_u(x1, k);
    ky[0] = fxl__imul_u(y0, k);
    ky[1] = fxl__imul_u(y1, k);
    for (i = 0; i < nr; i++) {
        int64_t u = (i & 1) != 0 ? lp->u_hi : lp->u_lo, v = (i & 2) != 0 ? lp->v_hi : lp->v_lo;
        if (!corner_far(u, v, pr, t) && corner_near(c, s, u, v, kx, ky, k, (uint64_t)t))
            return true;
    }
    return false;
}

/* The rounded part of the common case below (a capsule's ends and
 * corners): a corner of P within t of R (frame.c's exact point test), or
 * a corner of R within t of P in 64 bits (see hitbox_general). */
FXL_NOINLINE FXL_ARM_CODE static bool rounded64(const fxl_laser_prep *lp, const int32_t xy[4],
                                                const int64_t pr[4])
{
    int32_t c = lp->cos, s = lp->sin;
    int64_t t = (int64_t)lp->round * 65536, kk = (int64_t)c * c + (int64_t)s * s;
    int64_t kx0 = kk * xy[0], kx1 = kk * xy[1], ky0 = kk * xy[2], ky1 = kk * xy[3];
    int64_t tl = 65535 * t, th = 65537 * t;
    int i, nr = lp->v_lo == lp->v_hi ? 2 : 4; /* a segment (a capsule's core): two corners */
    for (i = 0; i < 4; i++) {
        int32_t x = xy[i & 1], y = xy[2 + (i >> 1)];
        if (fxl__frame_test(lp, (int64_t)c * x + (int64_t)s * y, (int64_t)c * y - (int64_t)s * x, 0))
            return true;
    }
    /* W and K x below 2^62, so ex, ey < 2^63; sqrt(K) t lies in [65535 t,
     * 65537 t] (the table vector's length), t < 2^45: ex or ey beyond
     * 65537 t is apart, ex + ey <= 65535 t within (the diamond inside the
     * circle); between, the squares in 128 bits. */
    for (i = 0; i < nr; i++) {
        int64_t u = (i & 1) != 0 ? lp->u_hi : lp->u_lo, v = (i & 2) != 0 ? lp->v_hi : lp->v_lo;
        int64_t wx = c * u - s * v, wy = s * u + c * v, ex, ey;
        if (corner_far(u, v, pr, t))
            continue;
        ex = wx < kx0 ? kx0 - wx : wx > kx1 ? wx - kx1 : 0;
        ey = wy < ky0 ? ky0 - wy : wy > ky1 ? wy - ky1 : 0;
        if (ex > th || ey > th)
            continue;
        if (ex + ey <= tl)
            return true;
        if (fxl__le128(fxl__add(fxl__sq((uint64_t)ex), fxl__sq((uint64_t)ey)),
                       fxl__mul128_64(fxl__mul64((uint64_t)kk, (uint64_t)t), (uint64_t)t)))
            return true;
    }
    return false;
}

/* The common case in 64 bits: |u_*|, |v_*| < 2^44 (every prepared
 * laser's: sizes below 2^28) and box offsets below 2^30, so the offsets
 * are int32 and the frame ranges single 32x32 products; the box's axes as
 * slab_apart64 says. Everything else goes to hitbox_general. What the lean
 * test below does not take comes here. */
FXL_NOINLINE FXL_ARM_CODE static bool hitbox_rom(const fxl_laser_prep *lp, fxl_aabb box)
{
    const int64_t lim = (int64_t)1 << 44, blim = (int64_t)1 << 30;
    int64_t x0l = (int64_t)box.lo.x - lp->pos.x, x1l = (int64_t)box.hi.x - lp->pos.x;
    int64_t y0l = (int64_t)box.lo.y - lp->pos.y, y1l = (int64_t)box.hi.y - lp->pos.y;
    int32_t c = lp->cos, s = lp->sin, xy[4];
    int64_t t, pr[4];

    if (!(lp->u_lo > -lim && lp->u_hi < lim && lp->v_lo > -lim && lp->v_hi < lim && x0l > -blim &&
          x1l < blim && y0l > -blim && y1l < blim))
        return hitbox_general(lp, box);
    xy[0] = (int32_t)x0l, xy[1] = (int32_t)x1l, xy[2] = (int32_t)y0l, xy[3] = (int32_t)y1l;
    t = (int64_t)lp->round * 65536;
    pr[0] = (c >= 0 ? (int64_t)c * xy[0] : (int64_t)c * xy[1]) + (s >= 0 ? (int64_t)s * xy[2] : (int64_t)s * xy[3]);
    pr[1] = (c >= 0 ? (int64_t)c * xy[1] : (int64_t)c * xy[0]) + (s >= 0 ? (int64_t)s * xy[3] : (int64_t)s * xy[2]);
    pr[2] = (c >= 0 ? (int64_t)c * xy[2] : (int64_t)c * xy[3]) - (s >= 0 ? (int64_t)s * xy[1] : (int64_t)s * xy[0]);
    pr[3] = (c >= 0 ? (int64_t)c * xy[3] : (int64_t)c * xy[2]) - (s >= 0 ? (int64_t)s * xy[0] : (int64_t)s * xy[1]);
    if (pr[1] < lp->u_lo - t || pr[0] > lp->u_hi + t || pr[3] < lp->v_lo - t || pr[2] > lp->v_hi + t)
        return false;
    if (pr[1] >= lp->u_lo && pr[0] <= lp->u_hi && pr[3] >= lp->v_lo && pr[2] <= lp->v_hi) {
        int64_t kk = (int64_t)c * c + (int64_t)s * s;
        int64_t ax_lo = lin_min(c, lp->u_lo, lp->u_hi) + lin_min(-s, lp->v_lo, lp->v_hi);
        int64_t ax_hi = lin_max(c, lp->u_lo, lp->u_hi) + lin_max(-s, lp->v_lo, lp->v_hi);
        int64_t ay_lo = lin_min(s, lp->u_lo, lp->u_hi) + lin_min(c, lp->v_lo, lp->v_hi);
        int64_t ay_hi = lin_max(s, lp->u_lo, lp->u_hi) + lin_max(c, lp->v_lo, lp->v_hi);
        if (!slab_apart64(ax_lo, ax_hi, kk * xy[0], kk * xy[1]) &&
            !slab_apart64(ay_lo, ay_hi, kk * xy[2], kk * xy[3]))
            return true;
    }
    if (t == 0)
        return false;
    return rounded64(lp, xy, pr);
}

/* ---- the lean test: 32x32 products only (ARM in IWRAM on the GBA) ----
 * For the hitboxes fxl__laser_hitbox makes, every bound of R is a multiple
 * of 2^15 below 2^44 in magnitude: u = 2^15 U, v = 2^15 V with |U|, |V| <
 * 2^29; and a box laser has round 0, a capsule v_lo = v_hi = 0. With box
 * offsets below 2^30 (int32), |c|, |s| <= 65536 and round < 2^29, the
 * derivation's values come from 32x32 products (one SMULL each):
 *  - P's u and v ranges (span: below 2^47.1), as hitbox_rom.
 *  - R's range of c u - s v is 2^15 [min (c U - s V), max (c U - s V)]
 *    (span over U and V: below 2^46.1, times 2^15 below 2^61.1), compared
 *    with K x = 2^32 x + d x, d = K - 2^32 (a table vector: K in [65535^2,
 *    65537^2], |d| <= 131073; only d mod 2^32 is formed, exact for such
 *    K): below 2^62 + 2^48. Likewise s u + c v against K y. The same values
 *    hitbox_rom compares.
 *  - A capsule's corners of P: fxl__frame_test (r = 0), exact.
 *  - Its core's two ends q = (u_e, 0): W = M^T q = 2^15 (c U_e, s U_e)
 *    (below 2^61.1), ex and ey as in the derivation (below 2^62.2), hit iff
 *    ex^2 + ey^2 <= K t^2 (t = 2^16 T, T = round): ex or ey beyond 65537 t
 *    (>= sqrt(K) t) is no hit; then the high words E = floor(e / 2^32) <
 *    2^30: a hit has 2^64 (EX^2 + EY^2) <= ex^2 + ey^2 <= K T^2 2^32, so
 *    EX^2 + EY^2 <= (65537/65536)^2 T^2 <= (T + floor(T / 2^16) + 1)^2:
 *    above that, no hit. ex^2 + ey^2 < 2^64 ((EX+1)^2 + (EY+1)^2) and
 *    2^64 (T - floor(T / 2^16) - 1)^2 <= 2^64 (65535/65536)^2 T^2 <= K t^2:
 *    (EX+1)^2 + (EY+1)^2 within that square is a hit. Between (a band about
 *    2^-15 of the distance wide), end_exact in 128 bits. Squares below
 *    2^60, sums below 2^61. */

/* The band of the end filter: ex^2 + ey^2 <= K t^2 in 128 bits (ex, ey <=
 * 65537 t < 2^62, K < 2^33, t < 2^45; kept in ROM). */
FXL_NOINLINE static bool end_exact(uint64_t ex, uint64_t ey, uint64_t k, uint64_t t)
{
    return fxl__le128(fxl__add(fxl__sq(ex), fxl__sq(ey)), fxl__mul128_64(fxl__mul64(k, t), t));
}

/* The least and greatest of a p + b q over p in [p0, p1], q in [q0, q1]
 * (|a|, |b| <= 65536, |p|, |q| < 2^30), into out[0] and out[1]. */
FXL__ALWAYS_INLINE void span(int32_t a, int32_t b, int32_t p0, int32_t p1, int32_t q0, int32_t q1,
                                int64_t out[2])
{
    int32_t m;
    if (a < 0) {
        m = p0, p0 = p1, p1 = m;
    }
    if (b < 0) {
        m = q0, q0 = q1, q1 = m;
    }
    out[0] = (int64_t)a * p0 + (int64_t)b * q0;
    out[1] = (int64_t)a * p1 + (int64_t)b * q1;
}

/* v = 2^15 V with |V| < 2^29: V into *out; false otherwise. */
FXL__ALWAYS_INLINE bool mantissa(int64_t v, int32_t *out)
{
    if ((uint64_t)v + ((uint64_t)1 << 44) >= (uint64_t)1 << 45 || ((uint32_t)v & 0x7FFFu) != 0)
        return false;
    *out = (int32_t)(v / 32768);
    return true;
}

/* b - a in (-2^30, 2^30) into *out; false otherwise. */
FXL__ALWAYS_INLINE bool offset30(int32_t b, int32_t a, int32_t *out)
{
    int64_t d = (int64_t)b - a;
    if ((uint64_t)d + ((uint64_t)1 << 30) >= (uint64_t)1 << 31)
        return false;
    *out = (int32_t)d;
    return true;
}

/* K x from d = K - 2^32 (mod 2^32). */
FXL__ALWAYS_INLINE int64_t k_times(int32_t d, int32_t x)
{
    return (int64_t)x * 4294967296 + (int64_t)d * x;
}

/* A capsule's rounded part (disjoint from its core): a corner of P within
 * t of the core, or an end of the core within t of P. uv = U0, U1, V0, V1,
 * c, s: the rectangle over 2^15, then the frame's table vector (lp->cos,
 * lp->sin, or another pose's for fxl__hitbox_vs_offsets: lp's own are not
 * read; in uv to keep the arguments in registers); pu, pv P's ranges. */
FXL_ARM_CODE static bool lean_round(const fxl_laser_prep *lp, const int32_t xy[4], const int32_t uv[6],
                                    const int64_t pu[2], const int64_t pv[2])
{
    int32_t c = uv[4], s = uv[5], d = fxl__u2i32((uint32_t)c * (uint32_t)c + (uint32_t)s * (uint32_t)s);
    uint32_t round = (uint32_t)lp->round;
    uint32_t hi = round + (round >> 16) + 1u, lo = round - (round >> 16) - 1u;
    int64_t t = (int64_t)round * 65536, th = 65537 * t;
    int i;
    /* P wholly beyond an end u_e of the core along u (pu[0] >= u_hi or
     * pu[1] <= u_lo): for p in P and s on the core, (p.u - s.u)^2 >= (p.u -
     * u_e)^2, so no point of the core is nearer p than that end, and the
     * ends' test below decides alone (a corner of P within t of the core
     * is within t of the end): P's corners are not asked (issue 20's
     * tails: a box beyond a capsule's end, four calls; measured, a |v| <=
     * t check before each call instead cost the laser's near max 135 GBA
     * cycles more). */
    if (pu[0] < lp->u_hi && pu[1] > lp->u_lo) {
        for (i = 0; i < 4; i++) {
            int32_t x = xy[i & 1], y = xy[2 + (i >> 1)];
            if (fxl__frame_test(lp, (int64_t)c * x + (int64_t)s * y, (int64_t)c * y - (int64_t)s * x, 0))
                return true;
        }
    }
    if (pv[0] - t > 0 || pv[1] + t < 0)
        return false; /* the core's line (v = 0) beyond P's v range grown by t */
    for (i = 0; i < 2; i++) {
        int64_t ul = i != 0 ? lp->u_hi : lp->u_lo, w, k0, k1, ex, ey;
        uint32_t ex1, ey1;
        if (ul < pu[0] - t || ul > pu[1] + t)
            continue;
        w = (int64_t)c * uv[i] * 32768;
        k0 = k_times(d, xy[0]), k1 = k_times(d, xy[1]);
        ex = w < k0 ? k0 - w : w > k1 ? w - k1 : 0;
        w = (int64_t)s * uv[i] * 32768;
        k0 = k_times(d, xy[2]), k1 = k_times(d, xy[3]);
        ey = w < k0 ? k0 - w : w > k1 ? w - k1 : 0;
        if (ex > th || ey > th)
            continue;
        ex1 = (uint32_t)((uint64_t)ex >> 32);
        ey1 = (uint32_t)((uint64_t)ey >> 32);
        if ((uint64_t)ex1 * ex1 + (uint64_t)ey1 * ey1 > (uint64_t)hi * hi)
            continue;
        if ((uint64_t)(ex1 + 1u) * (ex1 + 1u) + (uint64_t)(ey1 + 1u) * (ey1 + 1u) <= (uint64_t)lo * lo ||
            end_exact((uint64_t)ex, (uint64_t)ey, (uint64_t)((int64_t)d + 4294967296), (uint64_t)t))
            return true;
    }
    return false;
}

/* The lean test's head (inline: in the fused call's IWRAM loop too): P's
 * ranges into pu and pv, then the two rejects and the side accept.
 * Returns 0 (no hit), 1 (a hit) or 2 (undecided: lean_tail decides).
 * xy = x0, x1, y0, y1 (offsets from pos). */
FXL__ALWAYS_INLINE int lean_head(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4], int64_t pu[2],
                                 int64_t pv[2])
{
    int64_t t = (int64_t)lp->round * 65536;
    span(c, s, xy[0], xy[1], xy[2], xy[3], pu);
    if (pu[1] < lp->u_lo - t || pu[0] > lp->u_hi + t)
        return 0;
    span(c, -s, xy[2], xy[3], xy[0], xy[1], pv);
    if (pv[1] < lp->v_lo - t || pv[0] > lp->v_hi + t)
        return 0;
    /* P's u range within R's (a box beside the beam, the common case):
     * every point p of P has its nearest point of R at (p.u, clamp(p.v)),
     * so dist(P, R) is the gap between the v ranges, at most t here (the
     * reject above): a hit. */
    if (pu[0] >= lp->u_lo && pu[1] <= lp->u_hi)
        return 1;
    return 2;
}

/* The rest of the lean test after lean_head (its pu and pv): the box's
 * axes, then a capsule's rounded part. uv = U0, U1, V0, V1 (the rectangle
 * over 2^15), c, s (lean_round's). */
FXL_NOINLINE FXL_ARM_CODE static bool lean_tail(const fxl_laser_prep *lp, const int32_t xy[4], const int32_t uv[6],
                                                const int64_t pu[2], const int64_t pv[2])
{
    int32_t c = uv[4], s = uv[5];
    if (pu[1] >= lp->u_lo && pu[0] <= lp->u_hi && pv[1] >= lp->v_lo && pv[0] <= lp->v_hi) {
        /* the box's axes: R's ranges of c u - s v and s u + c v over 2^15 */
        int32_t d = fxl__u2i32((uint32_t)c * (uint32_t)c + (uint32_t)s * (uint32_t)s);
        int64_t a[2];
        span(c, -s, uv[0], uv[1], uv[2], uv[3], a);
        if (a[1] * 32768 >= k_times(d, xy[0]) && a[0] * 32768 <= k_times(d, xy[1])) {
            span(s, c, uv[0], uv[1], uv[2], uv[3], a);
            if (a[1] * 32768 >= k_times(d, xy[2]) && a[0] * 32768 <= k_times(d, xy[3]))
                return true;
        }
    }
    if (lp->round == 0)
        return false;
    return lean_round(lp, xy, uv, pu, pv);
}

/* The lean test: lean_head, then lean_tail (uv as theirs). */
FXL_ARM_CODE static bool lean(const fxl_laser_prep *lp, const int32_t xy[4], const int32_t uv[6])
{
    int64_t pu[2], pv[2];
    int h = lean_head(lp, uv[4], uv[5], xy, pu, pv);
    if (h != 2)
        return h != 0;
    return lean_tail(lp, xy, uv, pu, pv);
}

/* The exact test: the lean one when its ranges hold, else hitbox_rom. */
FXL_ARM_CODE bool fxl__hitbox_vs_aabb(const fxl_laser_prep *lp, fxl_aabb box)
{
    int32_t xy[4], uv[6];
    if ((uint32_t)lp->cos + 65536u > 131072u || (uint32_t)lp->sin + 65536u > 131072u ||
        (uint32_t)lp->round >= (1u << 29) || !mantissa(lp->u_lo, &uv[0]) || !mantissa(lp->u_hi, &uv[1]) ||
        !mantissa(lp->v_lo, &uv[2]) || !mantissa(lp->v_hi, &uv[3]) ||
        (lp->round != 0 && (uv[2] | uv[3]) != 0) || !offset30(box.lo.x, lp->pos.x, &xy[0]) ||
        !offset30(box.hi.x, lp->pos.x, &xy[1]) || !offset30(box.lo.y, lp->pos.y, &xy[2]) ||
        !offset30(box.hi.y, lp->pos.y, &xy[3]))
        return hitbox_rom(lp, box);
    uv[4] = lp->cos, uv[5] = lp->sin;
    return lean(lp, xy, uv);
}

/* fxl__hitbox_vs_aabb for the copy of lp with pos (0, 0) and table vector
 * (c, s), against the box x0..x1, y0..y1 (xy, Q16.16 offsets): the same
 * checks and stages on the same values, so the same answer, without the
 * copy (built only for hitbox_rom, out of lean's ranges). For the swept
 * tests' slides and poses (sweep_aabb.c: in ROM ARM code the copy, a
 * memcpy of the 76-byte prep, and the box's set-up cost about as much as
 * lean's stages; issue 20's tails). */
/* lean's checks of lp's hitbox alone: true, with the rectangle over 2^15
 * in uv[0..3], when round is below 2^29, the bounds are mantissas (2^15
 * U, |U| < 2^29) and a rounded hitbox's core lies on v = 0. */
bool fxl__hitbox_lean_uv(const fxl_laser_prep *lp, int32_t uv[6])
{
    return (uint32_t)lp->round < (1u << 29) && mantissa(lp->u_lo, &uv[0]) && mantissa(lp->u_hi, &uv[1]) &&
           mantissa(lp->v_lo, &uv[2]) && mantissa(lp->v_hi, &uv[3]) && (lp->round == 0 || (uv[2] | uv[3]) == 0);
}

/* The offsets' box against a copy of lp turned to (c, s) about the
 * origin: the general test, for what lean does not take. */
FXL__ALWAYS_INLINE bool offsets_rom(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4])
{
    fxl_laser_prep p = *lp;
    fxl_aabb b;
    p.pos.x = p.pos.y = 0;
    p.cos = c, p.sin = s;
    b.lo.x = xy[0], b.hi.x = xy[1], b.lo.y = xy[2], b.hi.y = xy[3];
    return hitbox_rom(&p, b);
}

/* fxl__hitbox_vs_offsets after fxl__hitbox_lean_uv(lp, uv) said true (its
 * checks of lp not made again: issue 20's tails, a sweep's slides make up
 * to six of these tests with one lp); uv[4], uv[5] are written. */
FXL_ARM_CODE bool fxl__hitbox_vs_offsets_uv(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4],
                                            int32_t uv[6])
{
    if ((uint32_t)c + 65536u > 131072u || (uint32_t)s + 65536u > 131072u ||
        (uint32_t)xy[0] + (1u << 30) >= (1u << 31) || (uint32_t)xy[1] + (1u << 30) >= (1u << 31) ||
        (uint32_t)xy[2] + (1u << 30) >= (1u << 31) || (uint32_t)xy[3] + (1u << 30) >= (1u << 31)) {
        return offsets_rom(lp, c, s, xy);
    }
    uv[4] = c, uv[5] = s;
    return lean(lp, xy, uv);
}

FXL_ARM_CODE bool fxl__hitbox_vs_offsets(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4])
{
    int32_t uv[6];
    if (!fxl__hitbox_lean_uv(lp, uv)) {
        return offsets_rom(lp, c, s, xy);
    }
    return fxl__hitbox_vs_offsets_uv(lp, c, s, xy, uv);
}

/* The inner disk's accept: a disk inside the box that touches lp's hit
 * region means the box does (one frame point test, frame.c, no box
 * stage). The disk: centre m = lo + floor(w / 2) per axis (w = hi - lo),
 * so m lies at least h = min(floor(wx / 2), floor(wy / 2)) from every side
 * and the world disk (m, h) lies in the box. fxl__frame_test takes the
 * radius in frame units: its disk (m, r) is the world disk of radius r *
 * 65536 / |(c, s)| <= r * 65536 / 65535 (a table vector), so with r = h -
 * floor(h / 2^15) - 1 that is below r + h / 65535 < r + floor(h / 2^15) +
 * 1 = h: the frame disk's world points lie in the box, and a point of it
 * in the hit region (the test's answer: dist(F(m), R) <= r 2^16 + t means
 * some q within t of R lies within r 2^16 of F(m)) is a point of the box
 * in it. Boxes with h < 1 + floor(h / 2^15) (under a raw unit) skip it.
 * Offsets wrap outside the domain (meaningless, defined). */
FXL__ALWAYS_INLINE bool inner_hit(const fxl_laser_prep *lp, fxl_aabb box)
{
    uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    uint32_t h = (wx < wy ? wx : wy) >> 1, r = h - (h >> 15) - 1u;
    int32_t dx = fxl__offset((int32_t)((uint32_t)box.lo.x + (wx >> 1)), lp->pos.x);
    int32_t dy = fxl__offset((int32_t)((uint32_t)box.lo.y + (wy >> 1)), lp->pos.y);
    if (h == 0u || h < (h >> 15) + 1u)
        return false;
    return fxl__frame_hit(lp, fxl__along(lp->cos, lp->sin, dx, dy), fxl__across(lp->cos, lp->sin, dx, dy),
                          (int32_t)r);
}

/* After the inner disk missed: the reject circle (m, rad) of
 * fxl_lasers_vs_aabb about the same middle (its proof there; skipped when
 * rad > FXL_SIZE_MAX), then the exact test. */
FXL_NOINLINE FXL_ARM_CODE static bool outer_then_exact(const fxl_laser_prep *lp, fxl_aabb box)
{
    uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    uint32_t hx = (wx >> 1) + (wx & 1u), hy = (wy >> 1) + (wy & 1u);
    uint32_t rad = hx > hy ? hx + (hy >> 1) + (hy & 1u) : hy + (hx >> 1) + (hx & 1u);
    int32_t dx = fxl__offset((int32_t)((uint32_t)box.lo.x + (wx >> 1)), lp->pos.x);
    int32_t dy = fxl__offset((int32_t)((uint32_t)box.lo.y + (wy >> 1)), lp->pos.y);
    rad += (rad >> 15) + 1u;
    if (rad <= (uint32_t)FXL_SIZE_MAX &&
        !fxl__frame_hit(lp, fxl__along(lp->cos, lp->sin, dx, dy), fxl__across(lp->cos, lp->sin, dx, dy),
                        (int32_t)rad))
        return false;
    return fxl__hitbox_vs_aabb(lp, box);
}

/* The prepared laser's bounding box holds every point of its hit region
 * within its half-extents + 1 raw unit on each axis (fxl_laser_vs_point's
 * first reject, frame.h's fxl__near_box with r = 0), so a box that meets
 * the region meets that grown box: a box beyond it on x or y misses. */
bool fxl__prep_box_near(const fxl_laser_prep *lp, fxl_aabb box)
{
    int64_t ex = (int64_t)lp->bb_half_x + 1, ey = (int64_t)lp->bb_half_y + 1;
    if (lp->bb_half_x == 0)
        return true;
    return (int64_t)box.lo.x <= lp->bb_mid.x + ex && (int64_t)box.hi.x >= lp->bb_mid.x - ex &&
           (int64_t)box.lo.y <= lp->bb_mid.y + ey && (int64_t)box.hi.y >= lp->bb_mid.y - ey;
}

FXL_WARM_CODE
bool fxl_laser_vs_aabb(const fxl_laser_prep *lp, fxl_aabb box)
{
    FXL_ASSERT(fxl__laser_prep_ok(lp) && fxl_aabb_check(box) == FXL_OK);
    if (!fxl__prep_box_near(lp, box))
        return false;
    return inner_hit(lp, box) || outer_then_exact(lp, box);
}

/* The batch loops: the bounding box once per call in registers (a local
 * copy), then the single test's exact stage. */
size_t fxl_laser_vs_aabbs(const fxl_laser_prep *lp, const fxl_aabb *boxes, size_t n,
                          uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && (boxes != NULL || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl__prep_box_near(lp, boxes[i]) && fxl__hitbox_vs_aabb(lp, boxes[i]));
    return b.hits;
}

size_t fxl_laser_collect_aabbs(const fxl_laser_prep *lp, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap)
{
    size_t i, hits = 0;
    FXL_ASSERT(lp != NULL && (boxes != NULL || n == 0) && (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i++) {
        if (fxl__prep_box_near(lp, boxes[i]) && fxl__hitbox_vs_aabb(lp, boxes[i])) {
            if (hits < cap)
                out_idx[hits] = i;
            hits++;
        }
    }
    return hits;
}

/* The fused call's box: its reject circle (middle m, radius rad grown as
 * said below), the inner disk's radius about the same middle (inner_hit;
 * negative: none) and the box. */
typedef struct fused_box {
    fxl_aabb box;        /* Q16.16 */
    fix16_t mx, my;      /* Q16.16 the reject circle's middle, the inner disk's too */
    fix16_t rad, r_in;   /* Q16.16 the reject circle's radius (grown), the inner disk's (< 0: none) */
} fused_box;

/* The tail of the exact box test of a checked laser's hitbox (after
 * lean_head left it undecided; fxl__laser_hitbox: the rectangle's
 * mantissas over 2^15 are U = 0 and 2L from the emitter, -L and L about
 * the middle, V = -2w and 2w for a box laser, 0 for a capsule, all below
 * 2^29): lean_tail without fxl__hitbox_vs_aabb's range checks (in ROM). */
FXL_NOINLINE FXL_ARM_CODE static bool fused_tail(const fxl_laser_prep *lp, const fxl_laser *l, const int32_t xy[4],
                                                 const int64_t pu[2], const int64_t pv[2])
{
    int32_t uv[6], len = l->length;
    uv[0] = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -len;
    uv[1] = l->anchor == FXL_ANCHOR_EMITTER ? 2 * len : len;
    uv[3] = l->kind == FXL_LASER_BOX ? 2 * lp->width : 0;
    uv[2] = -uv[3];
    uv[4] = lp->cos, uv[5] = lp->sin;
    return lean_tail(lp, xy, uv, pu, pv);
}

/* The box's offsets from pos (xy = x0, x1, y0, y1) when all lie in
 * (-2^30, 2^30) (lean's range), else false. */
FXL__ALWAYS_INLINE bool offsets30(const fxl_aabb *box, fxl_vec2 pos, int32_t xy[4])
{
    return offset30(box->lo.x, pos.x, &xy[0]) && offset30(box->hi.x, pos.x, &xy[1]) &&
           offset30(box->lo.y, pos.y, &xy[2]) && offset30(box->hi.y, pos.y, &xy[3]);
}

/* The fused call's exact head: the box's offsets from lp->pos into xy (3
 * when one lies outside lean's [-2^30, 2^30): nothing else written), then
 * lean_head with P's ranges into puv (pu, then pv): 0 no hit, 1 a hit, 2
 * undecided. The GBA port's fast_arm.s supplies it as fxl__box_head (ARM
 * in IWRAM, the same answers: GCC spills the 64-bit ranges); this C is
 * the reference the tests compare it with. */
int fxl__box_head_c(const fxl_laser_prep *lp, const fxl_aabb *box, int32_t xy[4], int64_t puv[4])
{
    if (!offsets30(box, lp->pos, xy))
        return 3;
    return lean_head(lp, lp->cos, lp->sin, xy, puv, puv + 2);
}

#if FXL_PORT_LASERS_VS_CIRCLE
/* fast_arm.s (linked with its fxl_lasers_vs_circle) reads fxl_laser_prep
 * by fixed offsets. */
typedef char fxl__prep_layout[(offsetof(fxl_laser_prep, cos) == 8 && offsetof(fxl_laser_prep, sin) == 12 &&
                               offsetof(fxl_laser_prep, u_lo) == 16 && offsetof(fxl_laser_prep, u_hi) == 24 &&
                               offsetof(fxl_laser_prep, v_lo) == 32 && offsetof(fxl_laser_prep, v_hi) == 40 &&
                               offsetof(fxl_laser_prep, round) == 48 && sizeof(fxl_aabb) == 16)
                                  ? 1
                                  : -1];
#define BOX_HEAD fxl__box_head
#else
#define BOX_HEAD fxl__box_head_c
#endif

/* The candidates of up to 32 lasers of the fused call (ARM in IWRAM on
 * the GBA): bit j of cand set for each checked laser the reject circle
 * touches (fxl_lasers_vs_circle's answer). Each gets the exact box test's
 * head (lean_head, inline: exact; on the near bench it decides 3 in 4
 * candidates), then for those it leaves the inner disk's exact test (a
 * hit: a hit), then the rest of the exact box test (fused_tail, ROM).
 * Box offsets of 2^30 or more take fxl__hitbox_vs_aabb. Returns the hit
 * bits. */
FXL_IWRAM_CODE static uint32_t box_cands(const fxl_laser *block, uint32_t cand, const fused_box *fb)
{
    uint32_t j, word = 0;
    for (j = 0; cand != 0; j++, cand >>= 1) {
        const fxl_laser *l = &block[j];
        fxl_laser_prep lp;
        int32_t dx, dy, xy[4];
        int64_t puv[4];
        int h;
        if ((cand & 1u) == 0)
            continue;
        lp.pos = l->pos;
        fxl__sincos(l->angle, &lp.cos, &lp.sin);
        fxl__laser_hitbox(l, &lp);
        h = BOX_HEAD(&lp, &fb->box, xy, puv);
        if (h == 3) {
            h = fxl__hitbox_vs_aabb(&lp, fb->box);
        } else if (h == 2) {
            dx = fxl__offset(fb->mx, l->pos.x);
            dy = fxl__offset(fb->my, l->pos.y);
            h = (fb->r_in >= 0 && fxl__frame_test(&lp, fxl__along(lp.cos, lp.sin, dx, dy),
                                                  fxl__across(lp.cos, lp.sin, dx, dy), fb->r_in)) ||
                fused_tail(&lp, l, xy, puv, puv + 2);
        }
        if (h != 0)
            word |= 1u << j;
    }
    return word;
}

/* The fused call's quick path (ARM in IWRAM on the GBA, with box_cands):
 * up to 256 lasers a chunk, one circle call (the checks and the reject),
 * then the candidates; the hit words go to *hit_bits (when not NULL), the
 * count is returned, the first refused laser's code (or FXL_OK) goes to
 * *first. */
FXL_IWRAM_CODE static size_t fused_quick(const fxl_laser *lasers, size_t n, const fused_box *fb,
                                         uint32_t *hit_bits, fxl_result *first)
{
    size_t i = 0, count = 0;
    fxl_circle around;
    around.c.x = fb->mx;
    around.c.y = fb->my;
    around.r = fb->rad;
    while (i < n) {
        size_t m = n - i, k;
        uint32_t cand[8];
        fxl_result res;
        if (m > 256u)
            m = 256u;
        res = fxl_lasers_vs_circle(&lasers[i], m, around, cand, NULL);
        if (*first == FXL_OK)
            *first = res;
        for (k = 0; k < m; k += 32) {
            uint32_t word = cand[k >> 5] != 0 ? box_cands(&lasers[i + k], cand[k >> 5], fb) : 0u, w;
            for (w = word; w != 0; w &= w - 1u)
                count++;
            if (hit_bits != NULL)
                *hit_bits++ = word;
        }
        i += m;
    }
    return count;
}

/* Many lasers against one box: per laser, fxl_laser_prepare's checks and
 * fxl_laser_vs_aabb's test, no prep kept. The rejects are the circles':
 * fxl_lasers_vs_circle (the ARM/IWRAM fast path on the GBA) for the circle
 * about the box's middle m = lo + floor(w / 2) of radius rad = max(hx, hy)
 * + ceil(min(hx, hy) / 2) (hx = ceil(wx / 2), hy likewise: every point of
 * the box lies within sqrt(hx^2 + hy^2) of m, and sqrt(M^2 + n^2) <= M +
 * n / 2 for M >= n >= 0, since (M + n/2)^2 = M^2 + M n + n^2 / 4 >= M^2 +
 * n^2) grown by rad / 2^15 + 1. That circle holds the box: a point p of
 * the box within t of R in the frame puts the middle m within t +
 * |M (p - m)| <= t + 65537 |p - m| / 65536 < t + (rad + rad / 2^15 + 1) of
 * it (|M| = |(c, s)| <= 65537 for a table vector), so a laser the circle
 * misses misses the box; one circle call per 256 lasers. The lasers left
 * (box_cands, ARM in IWRAM on the GBA) get the inner disk's accept
 * (inner_hit's disk about the same middle), then the exact box test on
 * their frame (sin/cos and fxl__laser_hitbox, no bounding box). A box whose
 * circle is beyond the domain's sizes (rad > FXL_SIZE_MAX) skips the
 * reject. */
FXL_ARM_CODE
fxl_result fxl_lasers_vs_aabb(const fxl_laser *lasers, size_t n, fxl_aabb box, uint32_t *hit_bits,
                              size_t *hits)
{
    fxl_result first = fxl_aabb_check(box);
    size_t i = 0, count = 0;
    bool ok = first == FXL_OK;
    /* The middle and the half-extents, rounded up (hi - lo < 2^31 in the
     * domain; out of it nothing hits and the values are not used). */
    uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    uint32_t hx = (wx >> 1) + (wx & 1u), hy = (wy >> 1) + (wy & 1u);
    uint32_t rad = hx > hy ? hx + (hy >> 1) + (hy & 1u) : hy + (hx >> 1) + (hx & 1u);
    fxl_circle around;
    bool quick;

    rad += (rad >> 15) + 1u;
    quick = ok && rad <= (uint32_t)FXL_SIZE_MAX;
    around = fxl_circle_make((fix16_t)((uint32_t)box.lo.x + (wx >> 1)),
                             (fix16_t)((uint32_t)box.lo.y + (wy >> 1)), quick ? (fix16_t)rad : 0);
    if (FXL__UNLIKELY(lasers == NULL) && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    if (quick) {
        fused_box fb;
        uint32_t h = (wx < wy ? wx : wy) >> 1; /* the inner disk: inner_hit's */
        fb.box = box;
        fb.mx = around.c.x;
        fb.my = around.c.y;
        fb.rad = around.r;
        fb.r_in = h != 0u && h >= (h >> 15) + 1u ? (fix16_t)(h - (h >> 15) - 1u) : -1;
        count = fused_quick(lasers, n, &fb, hit_bits, &first);
        i = n;
    }
    while (i < n) {
        /* up to 256 lasers a chunk: one circle call, then the candidates */
        size_t m = n - i, k;
        uint32_t cand[8];
        fxl_result res;
        if (m > 256u)
            m = 256u;
        res = FXL_OK;
        for (k = 0; k < m; k++) {
            if ((k & 31u) == 0)
                cand[k >> 5] = 0;
            if (fxl__laser_fast_ok(&lasers[i + k]))
                cand[k >> 5] |= 1u << (k & 31u);
            else if (res == FXL_OK)
                res = fxl_laser_check(&lasers[i + k]);
        }
        if (first == FXL_OK)
            first = res;
        for (k = 0; k < m; k += 32) {
            uint32_t c = ok ? cand[k >> 5] : 0u, word = 0;
            size_t j;
            for (j = k; c != 0; j++, c >>= 1) {
                fxl_laser_prep lp;
                const fxl_laser *l = &lasers[i + j];
                if ((c & 1u) == 0)
                    continue;
                lp.pos = l->pos;
                fxl__sincos(l->angle, &lp.cos, &lp.sin);
                fxl__laser_hitbox(l, &lp);
                if (inner_hit(&lp, box) || fxl__hitbox_vs_aabb(&lp, box)) {
                    word |= 1u << (j - k);
                    count++;
                }
            }
            if (hit_bits != NULL)
                *hit_bits++ = word;
        }
        i += m;
    }
    if (hits != NULL)
        *hits = count;
    return first;
}
