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
#include "hitbox.h"
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

FXL_NOINLINE bool fxl__hitbox_vs_aabb(const fxl_laser_prep *lp, fxl_aabb box)
{
    int32_t c = lp->cos, s = lp->sin;
    int64_t x0 = (int64_t)box.lo.x - lp->pos.x, x1 = (int64_t)box.hi.x - lp->pos.x;
    int64_t y0 = (int64_t)box.lo.y - lp->pos.y, y1 = (int64_t)box.hi.y - lp->pos.y;
    int64_t t = (int64_t)lp->round * 65536; /* Q32.32 */
    int64_t pu_lo = lin_min(c, x0, x1) + lin_min(s, y0, y1);
    int64_t pu_hi = lin_max(c, x0, x1) + lin_max(s, y0, y1);
    int64_t pv_lo = lin_min(c, y0, y1) + lin_min(-s, x0, x1);
    int64_t pv_hi = lin_max(c, y0, y1) + lin_max(-s, x0, x1);
    uint64_t k = (uint64_t)((int64_t)c * c + (int64_t)s * s);
    fxl__i128 kx[2], ky[2];
    int i;

    /* P beyond R grown by t along u or v: no hit (the common exit). */
    if (pu_hi < lp->u_lo - t || pu_lo > lp->u_hi + t || pv_hi < lp->v_lo - t ||
        pv_lo > lp->v_hi + t)
        return false;
    kx[0] = fxl__imul_u(x0, k);
    kx[1] = fxl__imul_u(x1, k);
    ky[0] = fxl__imul_u(y0, k);
    ky[1] = fxl__imul_u(y1, k);
    /* No separating axis among the four: P and R meet. */
    if (pu_hi >= lp->u_lo && pu_lo <= lp->u_hi && pv_hi >= lp->v_lo && pv_lo <= lp->v_hi &&
        !slab_apart(lp, c, -s, kx[0], kx[1]) && !slab_apart(lp, s, c, ky[0], ky[1]))
        return true;
    if (t == 0)
        return false;
    /* Disjoint: a corner of P within t of R, or one of R within t of P. */
    for (i = 0; i < 4; i++) {
        int64_t x = (i & 1) != 0 ? x1 : x0, y = (i & 2) != 0 ? y1 : y0;
        if (fxl__frame_test(lp, c * x + s * y, c * y - s * x, 0))
            return true;
    }
    for (i = 0; i < 4; i++) {
        int64_t u = (i & 1) != 0 ? lp->u_hi : lp->u_lo, v = (i & 2) != 0 ? lp->v_hi : lp->v_lo;
        if (corner_near(c, s, u, v, kx, ky, k, (uint64_t)t))
            return true;
    }
    return false;
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
    return fxl__hitbox_vs_aabb(lp, box);
}

/* The batch loops: the bounding box once per call in registers (a local
 * copy), then the single test's exact stage. */
size_t fxl_laser_vs_aabbs(const fxl_laser_prep *lp, const fxl_aabb *boxes, size_t n,
                          uint32_t *hit_bits)
{
    uint32_t word = 0, bit = 1;
    size_t i, hits = 0;
    FXL_ASSERT(lp != NULL && (boxes != NULL || n == 0));
    for (i = 0; i < n; i++) {
        if (fxl__prep_box_near(lp, boxes[i]) && fxl__hitbox_vs_aabb(lp, boxes[i])) {
            word |= bit;
            hits++;
        }
        bit <<= 1;
        if (bit == 0) {
            if (hit_bits != NULL)
                hit_bits[i >> 5] = word;
            word = 0;
            bit = 1;
        }
    }
    if (bit != 1 && hit_bits != NULL)
        hit_bits[(n - 1) >> 5] = word;
    return hits;
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

/* Many lasers against one box: per laser, fxl_laser_prepare's checks and
 * fxl_laser_vs_aabb's test, no prep kept. First look, before any table
 * read: hitbox.h's quadrant box for the circle about the box's middle of
 * radius hx + hy, grown (it holds the box: its half-diagonal is at most
 * that),
 * when that radius is a size (<= FXL_SIZE_MAX: the quadrant box's range);
 * bigger boxes go straight to the exact test. */
fxl_result fxl_lasers_vs_aabb(const fxl_laser *lasers, size_t n, fxl_aabb box, uint32_t *hit_bits,
                              size_t *hits)
{
    fxl_result first = fxl_aabb_check(box);
    size_t i, count = 0;
    bool ok = first == FXL_OK;
    /* The middle and the half-extents, rounded up (hi - lo < 2^31 in the
     * domain; out of it nothing hits and the values are not used). */
    uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    uint32_t rad = (wx >> 1) + (wx & 1u) + (wy >> 1) + (wy & 1u);
    fix16_t mx = (fix16_t)((uint32_t)box.lo.x + (wx >> 1)), my = (fix16_t)((uint32_t)box.lo.y + (wy >> 1));
    bool quick;
    /* The circle test's radius is measured in the frame, scaled by |(c,
     * s)| <= 1 + 1.1e-5 against the world: grown by rad / 2^15 + 1 the
     * circle's hit region holds every point within rad of its centre. */
    rad += (rad >> 15) + 1u;
    quick = ok && rad <= (uint32_t)FXL_SIZE_MAX;
    uint32_t word = 0, bit = 1;

    if (FXL__UNLIKELY(lasers == NULL) && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    for (i = 0; i < n; i++) {
        const fxl_laser *l = &lasers[i];
        if (FXL__UNLIKELY(!fxl__laser_fast_ok(l))) {
            if (first == FXL_OK)
                first = fxl_laser_check(l);
        } else if (ok && (!quick || !fxl__laser_quadrant_far(l, mx, my, (fix16_t)rad))) {
            fxl_laser_prep lp;
            (void)fxl_laser_prepare(l, &lp);
            if (fxl__prep_box_near(&lp, box) && fxl__hitbox_vs_aabb(&lp, box)) {
                word |= bit;
                count++;
            }
        }
        bit <<= 1;
        if (bit == 0) {
            if (hit_bits != NULL)
                hit_bits[i >> 5] = word;
            word = 0;
            bit = 1;
        }
    }
    if (bit != 1 && hit_bits != NULL)
        hit_bits[(n - 1) >> 5] = word;
    if (hits != NULL)
        *hits = count;
    return first;
}
