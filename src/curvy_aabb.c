/* curvy_aabb.c - a curvy laser against axis-aligned boxes (issue 23):
 * single, batch, index list and many trails against one box.
 *
 * One segment. Its hit shape H is the union over t in [0, 1] of the disks
 * (P(t), r(t)), P(t) = A + t d, r(t) = r0 + t D (d = B - A, D = r1 - r0,
 * r(t) >= 0). H meets the closed box R iff some disk does, i.e. iff
 * dist(P(t), R) <= r(t) for some t. For a point P, the nearest point of R
 * is P itself (P in R), a point of an edge (P beside R across x with its y
 * in [lo.y, hi.y], or across y with its x in [lo.x, hi.x]) or a corner. So
 * H meets R iff one of
 *   (x) some t has lo.y <= P_y(t) <= hi.y and
 *       lo.x - r(t) <= P_x(t) <= hi.x + r(t)  (the disk reaches R across x),
 *   (y) the same with the axes swapped,
 *   (c) a corner of R lies in H (the disk about the corner's nearest
 *       P(t) holds the corner),
 * holds: if the disk at t meets R, the nearest point of R to P(t) is
 * within r(t), and the case of that point gives (x) (P in R, or an x edge),
 * (y) or (c); conversely each of them names a point of R in a disk of H
 * ((clamp(P_x), P_y), (P_x, clamp(P_y)), or the corner).
 * (x) and (y) are four linear constraints alpha + beta t >= 0 each, with
 * 0 <= t <= 1: the t allowed by each is a half-line with a rational end,
 * -alpha/beta; the set is an interval, non-empty iff its greatest lower end
 * is at most its least upper end, compared by cross products. (c) is the
 * exact tapered-capsule point test (curvy_hit.c) of each corner lying in
 * the segment's box (the box of its two disks: H lies in it).
 *
 * Ranges (the domain: box and nodes within +-FXL_COORD_MAX, |d| < 2^29 per
 * axis, r0, r1 <= FXL_SIZE_MAX = 2^28 - 1): alpha = (A - lo) + r0 and the
 * like are below 2^31 + 2^30 + 2^28 < 2^32 in magnitude, |beta| <= |d| + |D|
 * < 2^30, so the cross products are below 2^62. Outside the domain (any
 * int32 input) a segment with |d| >= 2^29 on an axis answers false (the
 * capsule test does the same), the rest stays below those bounds: no
 * overflow. A corner in the segment's box is within |d| + r < 2^30 of A on
 * each axis, inside the capsule test's domain. */
#include "curvy_parts.h"
#include "batch.h"

#include "domain.h"

/* A lower (or upper) end n / m of the interval of t, m > 0. */
typedef struct tend {
    int64_t n, m;
} tend;

/* Adds alpha + beta t >= 0 to the interval [*lo, *hi]: false when it is
 * then empty for sure (beta = 0 and alpha < 0; the ends are compared once,
 * at the end). |alpha| < 2^32, |beta| < 2^30: n m' and n' m below 2^62. */
FXL__ALWAYS_INLINE bool constrain(tend *lo, tend *hi, int64_t alpha, int64_t beta)
{
    if (beta > 0) { /* t >= -alpha / beta */
        if (-alpha * lo->m > lo->n * beta) {
            lo->n = -alpha;
            lo->m = beta;
        }
    } else if (beta < 0) { /* t <= alpha / -beta */
        if (alpha * hi->m < hi->n * -beta) {
            hi->n = alpha;
            hi->m = -beta;
        }
    } else if (alpha < 0) {
        return false;
    }
    return true;
}

/* Case (x) of the header comment on axes (u, v) (case (y) with the axes
 * swapped): some t in [0, 1] puts the centre's v within [v0, v1] and its u
 * within [u0 - r(t), u1 + r(t)]; every value is an offset from A. */
FXL__ALWAYS_INLINE bool reach(int64_t u0, int64_t u1, int64_t v0, int64_t v1, int64_t du,
                              int64_t dv, int64_t r0, int64_t dr)
{
    /* With A at the origin: P(t) = t d.
     *   v:  t dv - v0 >= 0,  v1 - t dv >= 0
     *   u:  t du - u0 + r0 + t D >= 0,  u1 + r0 + t D - t du >= 0 */
    tend lo = {0, 1}, hi = {1, 1};
    if (!constrain(&lo, &hi, -v0, dv) || !constrain(&lo, &hi, v1, -dv) ||
        !constrain(&lo, &hi, r0 - u0, du + dr) || !constrain(&lo, &hi, u1 + r0, dr - du))
        return false;
    return lo.n * hi.m <= hi.n * lo.m;
}

/* The segment A -> B, hit widths r0, r1, against the box R given by its
 * offsets from A (x0..x1, y0..y1, in int64: up to 2^31 + 2^30 in the
 * domain). */
static bool seg_vs_box(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int32_t dx, int32_t dy,
                       uint32_t r0, uint32_t r1)
{
    int64_t dr = (int64_t)r1 - r0, r = r0 > r1 ? r0 : r1;
    int64_t bx0, bx1, by0, by1;
    if (fxl__abs32(dx) >= (1u << 29) || fxl__abs32(dy) >= (1u << 29))
        return false;
    if (reach(x0, x1, y0, y1, dx, dy, r0, dr) || reach(y0, y1, x0, x1, dy, dx, r0, dr))
        return true;
    /* (c): the corners inside the segment's box [min(0, d) - r, max(0, d) + r]. */
    bx0 = (dx < 0 ? dx : 0) - r;
    bx1 = (dx > 0 ? dx : 0) + r;
    by0 = (dy < 0 ? dy : 0) - r;
    by1 = (dy > 0 ? dy : 0) + r;
    {
        bool lx = x0 >= bx0 && x0 <= bx1, hx = x1 >= bx0 && x1 <= bx1;
        bool ly = y0 >= by0 && y0 <= by1, hy = y1 >= by0 && y1 <= by1;
        if (lx && ly && fxl__curvy_capsule((int32_t)x0, (int32_t)y0, dx, dy, r0, r1))
            return true;
        if (hx && ly && fxl__curvy_capsule((int32_t)x1, (int32_t)y0, dx, dy, r0, r1))
            return true;
        if (lx && hy && fxl__curvy_capsule((int32_t)x0, (int32_t)y1, dx, dy, r0, r1))
            return true;
        return hx && hy && fxl__curvy_capsule((int32_t)x1, (int32_t)y1, dx, dy, r0, r1);
    }
}

FXL_WARM_CODE static bool seg_box(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                                  fxl_curvy_node *b)
{
    const fxl_aabb *q = (const fxl_aabb *)ctx;
    int64_t ax = a->p.x, ay = a->p.y;
    return seg_vs_box((int64_t)q->lo.x - ax, (int64_t)q->lo.y - ay, (int64_t)q->hi.x - ax,
                      (int64_t)q->hi.y - ay, fxl__offset(b->p.x, a->p.x),
                      fxl__offset(b->p.y, a->p.y), fxl__curvy_hit(c, k, a->half_width),
                      fxl__curvy_hit(c, k + 1u, b->half_width));
}

bool fxl_curvy_vs_aabb(const fxl_curvy *c, fxl_aabb box)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_aabb_check(box) == FXL_OK);
    if (c->harmless || c->count < 2 || !fxl__curvy_near(c, &box)) /* far: no call */
        return false;
    return fxl__curvy_walk_near(c, &box, seg_box, &box);
}

size_t fxl_curvy_vs_aabbs(const fxl_curvy *c, const fxl_aabb *boxes, size_t n, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && (boxes != NULL || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_aabb(c, boxes[i]));
    return b.hits;
}

size_t fxl_curvy_collect_aabbs(const fxl_curvy *c, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap)
{
    size_t i, hits = 0;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && (boxes != NULL || n == 0) &&
               (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i++)
        if (fxl_curvy_vs_aabb(c, boxes[i])) {
            if (hits < cap)
                out_idx[hits] = i;
            hits++;
        }
    return hits;
}

size_t fxl_curvies_vs_aabb(const fxl_curvy *curvies, size_t n, fxl_aabb box, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT((curvies != NULL || n == 0) && fxl_aabb_check(box) == FXL_OK);
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_aabb(&curvies[i], box));
    return b.hits;
}
