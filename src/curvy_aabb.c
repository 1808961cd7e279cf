/* curvy_aabb.c - a curvy laser against axis-aligned boxes (issue 23):
 * single, batch, index list, many trails against one box, and a box moving
 * straight over the frame (single and batch; its derivation below).
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
#include "wide.h"

/* A lower (or upper) end n / m of the interval of t, m > 0. */
typedef struct tend {
    int64_t n, m;
} tend;

/* Adds alpha + beta t >= 0 to the interval [*lo, *hi]: false when it is
 * then empty for sure (alpha + beta t, linear, negative at t = 0 and at
 * t = 1, hence on all of [0, 1]: no products; this early exit took the
 * near GBA rows' interval tests from about 1,000 to 250 cycles; the ends
 * are otherwise compared once, at the end). |alpha| < 2^32, |beta| < 2^30:
 * alpha + beta and n m', n' m below 2^62. */
FXL__ALWAYS_INLINE bool constrain(tend *lo, tend *hi, int64_t alpha, int64_t beta)
{
    if (alpha < 0 && alpha + beta < 0)
        return false; /* negative at t = 0 and 1, so on all of [0, 1] */
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
                       uint32_t r0, uint32_t r1, uint32_t len1)
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
        if (lx && ly && fxl__curvy_capsule((int32_t)x0, (int32_t)y0, dx, dy, r0, r1, len1))
            return true;
        if (hx && ly && fxl__curvy_capsule((int32_t)x1, (int32_t)y0, dx, dy, r0, r1, len1))
            return true;
        if (lx && hy && fxl__curvy_capsule((int32_t)x0, (int32_t)y1, dx, dy, r0, r1, len1))
            return true;
        return hx && hy && fxl__curvy_capsule((int32_t)x1, (int32_t)y1, dx, dy, r0, r1, len1);
    }
}

/* The static box about its middle m = lo + floor(w / 2) (per axis, w = hi
 * - lo): every point of the box lies within rad = M + ceil(n / 2) of m (M
 * and n the larger and the smaller of the rounded-up half-sizes hx =
 * ceil(wx / 2), hy: the box's points are within sqrt(hx^2 + hy^2) of m,
 * and (M + n/2)^2 = M^2 + M n + n^2 / 4 >= M^2 + n^2), and the disk (m, h),
 * h = floor(min(wx, wy) / 2), lies in it (m is at least h from each
 * side). In the domain (w < 2^31) rad < 1.5 * 2^30 and h < 2^30. */
typedef struct sbox {
    fxl_aabb b;     /* Q16.16 */
    int32_t mx, my; /* Q16.16 the middle m */
    uint32_t rad;   /* Q16.16 */
    uint32_t h;     /* Q16.16 */
} sbox;

static sbox make_sbox(fxl_aabb box)
{
    sbox q;
    uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    uint32_t hx = (wx >> 1) + (wx & 1u), hy = (wy >> 1) + (wy & 1u);
    q.b = box;
    q.mx = (int32_t)((uint32_t)box.lo.x + (wx >> 1));
    q.my = (int32_t)((uint32_t)box.lo.y + (wy >> 1));
    q.rad = hx > hy ? hx + (hy >> 1) + (hy & 1u) : hy + (hx >> 1) + (hx & 1u);
    q.h = (wx < wy ? wx : wy) >> 1;
    return q;
}

/* The box's slab reject is curvy_parts.h's fxl__slab_miss about the box's
 * middle: with rmax = the larger clamped half-width (the hit widths never
 * exceed it: curvy_hit.c's seg_test) + rad, every point of the box lies
 * farther than that half-width from the line, outside the segment's hull.
 * |q| < 2^31 and |d| < 2^29 in the domain keep |q x d| below 2^61; rmax <
 * 2^32 there (rad < 1.5 * 2^30). */
/* One segment against the static box: the slab reject about the box's
 * middle, then the inner disk's accept (the exact tapered-capsule test of
 * m with both widths grown by h: m lies in the hull grown by h iff the
 * disk (m, h), inside the box, meets the hull; out of the capsule test's
 * domain it answers false and the exact test decides), then seg_vs_box. */
FXL_WARM_CODE static bool seg_box(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                                  fxl_curvy_node *b)
{
    const sbox *q = (const sbox *)ctx;
    int64_t ax = a->p.x, ay = a->p.y;
    /* The wider clamped half-width, clamped once (the clamp grows with its
     * input). */
    uint32_t rq = fxl__curvy_radius(a->half_width > b->half_width ? a->half_width : b->half_width) +
                  q->rad, r0, r1;
    int32_t qx = fxl__offset(q->mx, a->p.x), qy = fxl__offset(q->my, a->p.y);
    int32_t dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    uint32_t len1;
    if (fxl__slab_miss(qx, qy, dx, dy, rq))
        return false;
    /* The slab again at the segment's exact length (fxl__curvy_len1). */
    len1 = fxl__curvy_len1(dx, dy, b->seg_len);
    if (len1 != 0 && fxl__slab_miss_len(qx, qy, dx, dy, rq, len1))
        return false;
    fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &r0, &r1);
    if (fxl__curvy_capsule(qx, qy, dx, dy, r0 + q->h, r1 + q->h, len1))
        return true;
    return seg_vs_box((int64_t)q->b.lo.x - ax, (int64_t)q->b.lo.y - ay, (int64_t)q->b.hi.x - ax,
                      (int64_t)q->b.hi.y - ay, dx, dy, r0, r1, len1);
}

/* The walk for a box the trail's box meets (out of line: the far reject
 * stays a leaf). */
FXL__CURVY_NEAR_CALL FXL_NOINLINE static bool walk_box(const fxl_curvy *c, fxl_aabb box)
{
    sbox q = make_sbox(box);
    return fxl__curvy_walk_near(c, &box, seg_box, &q);
}

bool fxl_curvy_vs_aabb(const fxl_curvy *c, fxl_aabb box)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_aabb_check(box) == FXL_OK);
    if (c->harmless || c->count < 2 || !fxl__curvy_near(c, &box)) /* far: no call */
        return false;
    return walk_box(c, box);
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

/* ---- a box moving straight over the frame ---------------------------------
 * The motion fxl_curvy_vs_moving_circle states (curvy_swept.c), for a box:
 * R(s) = R + s m (s in [0, 1], m = to - lo), every segment static but the
 * newest one, which grows with the head when the last push added it.
 *
 * A static segment, hull H: a hit is a point of H in some R(s), i.e. H
 * meets the hexagon P = R + [0, m] (the box swept along m; convex). Two
 * convex sets meet iff one meets the other's boundary or lies inside it:
 *   H meets the boundary of P: that boundary lies in R's edges, (R + m)'s
 *     edges and the corners' motion segments [c, c + m] (P's edges are
 *     parts of box edges and, where the box leaves its trace, the paths of
 *     its extreme corners);
 *   H inside P: then A (in H) lies in P;
 *   P inside H: then R lies in H, met by the static test.
 * So, exactly: the static box test of R, or of R + m, or A in P (some s
 * puts A - s m in R: four linear constraints in s, an interval), or some
 * corner's path meets H. A corner moving along m is curvy_swept.c's moving
 * circle of radius 0: its path meets H iff an end does (the static box
 * tests hold the corner at s = 0 and 1), or the path's inner points meet
 * a disk (path_disk), or the path crosses the axis AB (crosses).
 *
 * The newest segment (c->grew): the hit set S = {(s, t): dist(A + t d -
 * s m, R) <= r0 + t D} is convex (the distance to a convex set is a convex
 * function, here of an affine map, minus an affine function), and a hit is
 * a point of S in T = {0 <= t <= s <= 1}. S meets T iff S meets an edge of
 * T or lies in T's interior:
 *   s = 1:  R + m against the whole segment (the static box test);
 *   t = s:  dist(A + s (d - m), R) <= r0 + s D: the static box test of R
 *           against the tapered segment (0, r0) -> (d - m, r1) from A;
 *   t = 0:  the disk (A, r0) against the moving box: by the hexagon
 *           argument with B = A, R or R + m meets the disk (the t = s edge
 *           at s = 0 and the s = 1 edge hold those), a corner's path meets
 *           it (path_disk, or its ends: the same two edges), or A in P;
 *   S inside T's interior: S then lies inside the open unit square, so the
 *           static argument above finds a hit with 0 < s < 1: not A in P
 *           nor an end test (those lie on T's edges), hence a corner's path
 *           meets H at a point (s, t) of S, t < s: curvy_swept.c's growing
 *           crossing test with the corner for the circle's centre.
 * Each condition named is a point of S in T, so the union is exact.
 *
 * Ranges: m is clamped to +-FXL_SIZE_MAX; the box offsets from A at s = 1
 * stay below 2^31 + 2^30 + 2^28 in magnitude (the domain) and below 2^32 +
 * 2^28 for any int32 input, so seg_vs_box's products stay below 2^63
 * (alpha < 2^33, beta < 2^30); |d - m| < 2^29 for an in-domain growing
 * segment (|d|, |m| <= FXL_SIZE_MAX). A corner whose path box misses the
 * segment's box (its disks' box) cannot meet H; the others lie within |d| +
 * r + |m| < 2^30 of A on each axis (checked: corners beyond that are out of
 * the domain and skipped), inside path_disk's and crosses' ranges. */

/* A moving box: lo, hi and the move m (clamped to +-FXL_SIZE_MAX). */
typedef struct mbox {
    fxl_aabb b;
    int32_t mx, my;
} mbox;

/* True iff q + s m = t d for some 0 <= s, t <= 1 (and t <= s when the
 * segment grows), d and m not parallel (as curvy_swept.c; |q| <= 2^30,
 * |d| < 2^29, |m| < 2^28: products below 2^60). */
FXL__ALWAYS_INLINE bool crosses(int64_t qx, int64_t qy, int32_t dx, int32_t dy, int32_t mx,
                                int32_t my, bool grows)
{
    int64_t den = (int64_t)dx * my - (int64_t)dy * mx;
    int64_t ns = qx * dy - qy * dx, nt = qx * my - qy * mx;
    if (den == 0)
        return false;
    if (den < 0) {
        den = -den;
        ns = -ns;
        nt = -nt;
    }
    return ns >= 0 && ns <= den && nt >= 0 && nt <= den && (!grows || nt <= ns);
}

/* A (the origin) lies in R + s m for some s in [0, 1], R given by its
 * offsets from A: x0 + s mx <= 0 <= x1 + s mx and the same in y. */
FXL__ALWAYS_INLINE bool start_in_trace(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int32_t mx,
                                       int32_t my)
{
    tend lo = {0, 1}, hi = {1, 1};
    if (!constrain(&lo, &hi, -x0, -(int64_t)mx) || !constrain(&lo, &hi, x1, mx) ||
        !constrain(&lo, &hi, -y0, -(int64_t)my) || !constrain(&lo, &hi, y1, my))
        return false;
    return lo.n * hi.m <= hi.n * lo.m;
}

/* The cheap filter (box_gap, then beside_box): true when every position
 * of the box lies on one side of the line AB, farther than rm = max(r0,
 * r1) from it: the hull (the
 * growing segment's too, at every moment) lies within rm of the segment
 * AB, so in the slab |cross(d, p)| <= rm |d| about its line, and the box's
 * positions lie in the hexagon, the hull of its corners at s = 0 and 1.
 * cross(d, p) = dx py - dy px is linear: its least value over the box is
 * at the corner picked by the signs of d, and the move adds cross(d, m) at
 * s = 1. Offsets below 2^32 + 2^28 and |d| < 2^29 keep the crosses below
 * 2^62 + 2^58; squares in 128 bits. */
FXL__ALWAYS_INLINE uint64_t box_gap(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int32_t dx,
                                    int32_t dy, int32_t mx, int32_t my)
{
    int64_t lo = dx * (dx > 0 ? y0 : y1) - dy * (dy > 0 ? x1 : x0);
    int64_t hi = dx * (dx > 0 ? y1 : y0) - dy * (dy > 0 ? x0 : x1);
    int64_t cm = (int64_t)dx * my - (int64_t)dy * mx;
    if (cm < 0)
        lo += cm;
    else
        hi += cm;
    return lo > 0 ? (uint64_t)lo : hi < 0 ? (uint64_t)-hi : 0u;
}

/* gap: box_gap, the least |cross(d, p)| over the box's positions when
 * they lie on one side of the line AB, else 0. */
FXL__ALWAYS_INLINE bool beside_box(uint64_t gap, int32_t dx, int32_t dy, uint32_t rm)
{
    return gap != 0 && !fxl__le128(fxl__sq(gap), fxl__mul64((uint64_t)rm * rm,
                                                            (uint64_t)((int64_t)dx * dx +
                                                                       (int64_t)dy * dy)));
}

/* seg_moving_box past its quick miss: the hit widths and the exact tests
 * (gap: box_gap of these offsets; len1: fxl__curvy_len1 of d, which the
 * static tests at s = 0 and 1 use against the segment itself). */
FXL_WARM_CODE FXL_NOINLINE static bool seg_moving_box_exact(const mbox *g, const fxl_curvy *c,
                                                            uint32_t k, const fxl_curvy_node *a,
                                                            const fxl_curvy_node *b, uint64_t gap,
                                                            uint32_t len1)
{
    uint32_t r0, r1;
    int64_t ax = a->p.x, ay = a->p.y, r;
    int64_t x0 = (int64_t)g->b.lo.x - ax, y0 = (int64_t)g->b.lo.y - ay;
    int64_t x1 = (int64_t)g->b.hi.x - ax, y1 = (int64_t)g->b.hi.y - ay;
    int32_t dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    int32_t mx = g->mx, my = g->my;
    bool grows = k + 2u == c->count && c->grew;
    int64_t sx0, sx1, sy0, sy1;
    int i;
    fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &r0, &r1);
    r = r0 > r1 ? r0 : r1;
    sx0 = (dx < 0 ? dx : 0) - r; /* the segment's box */
    sx1 = (dx > 0 ? dx : 0) + r;
    sy0 = (dy < 0 ? dy : 0) - r;
    sy1 = (dy > 0 ? dy : 0) + r;
    if (beside_box(gap, dx, dy, (uint32_t)r))
        return false;
    /* The two end positions first (most hits of the near rows end there),
     * then A in P and the corners' paths (misses run all of them). */
    if (seg_vs_box(x0 + mx, y0 + my, x1 + mx, y1 + my, dx, dy, r0, r1, len1) || /* s = 1 */
        (grows ? seg_vs_box(x0, y0, x1, y1, dx - mx, dy - my, r0, r1, 0) /* the t = s edge */
               : seg_vs_box(x0, y0, x1, y1, dx, dy, r0, r1, len1)) ||   /* s = 0 */
        start_in_trace(x0, y0, x1, y1, mx, my))
        return true;
    for (i = 0; i < 4; i++) { /* the corners' paths */
        int64_t qx = (i & 1) ? x1 : x0, qy = (i & 2) ? y1 : y0;
        if (qx + (mx < 0 ? mx : 0) > sx1 || qx + (mx > 0 ? mx : 0) < sx0 ||
            qy + (my < 0 ? my : 0) > sy1 || qy + (my > 0 ? my : 0) < sy0 ||
            qx > (1 << 30) || qx < -(1 << 30) || qy > (1 << 30) || qy < -(1 << 30))
            continue;
        if (fxl__path_disk(qx, qy, mx, my, r0) || crosses(qx, qy, dx, dy, mx, my, grows) ||
            (!grows && fxl__path_disk(qx - dx, qy - dy, mx, my, r1)))
            return true;
    }
    return false;
}

/* A sure hit in 64 bits: the box's point P (offsets from A, the box at
 * the moment s = 1, or s = 0 for a segment that does not grow) lies in the
 * segment's hull when 0 <= P.d <= |d|^2 and |P x d| <= rmin s, s =
 * floor(|d|) (len1 - 1), rmin = min(r0, r1) the smaller hit width: then t
 * = P.d / |d|^2 is in [0, 1], the foot t d lies on the segment, |P - t d|
 * = |P x d| / |d| <= rmin <= r(t) (r is linear between r0 and r1), so P
 * lies in the disk (t d, r(t)) of the hull (d != 0: s >= 1, len1 >= 2; a
 * zero d has P.d = P x d = 0 for every P, no sure hit). At s = 1 the
 * growing segment is whole (curvy.h), so the test holds for it too. P is the corner of
 * the box nearest the line on the side the box lies (box_gap's), or the
 * middle when the box straddles the line, at the moment nearer the line.
 * Ranges: P's offsets below 2^32 + 2^29 (the box's, plus the move), |d| <
 * 2^29: P x d and P.d below 2^62.1; rmin s < 2^28 2^30; |d|^2 < 2^59. */
FXL__ALWAYS_INLINE bool sure_hit(const mbox *g, int64_t ax, int64_t ay, int32_t dx, int32_t dy,
                                 uint32_t rmin, uint32_t len1, bool grows)
{
    int64_t x0 = (int64_t)g->b.lo.x - ax, y0 = (int64_t)g->b.lo.y - ay;
    int64_t x1 = (int64_t)g->b.hi.x - ax, y1 = (int64_t)g->b.hi.y - ay;
    int64_t lo = dx * (dx > 0 ? y0 : y1) - dy * (dy > 0 ? x1 : x0);
    int64_t hi = dx * (dx > 0 ? y1 : y0) - dy * (dy > 0 ? x0 : x1);
    int64_t cm = (int64_t)dx * g->my - (int64_t)dy * g->mx, px, py, cr, dot;
    int64_t dd = (int64_t)dx * dx + (int64_t)dy * dy;
    bool late; /* the moment s = 1 */
    if (len1 < 2) /* |d| unknown, or d = 0 (P.d = P x d = 0 for every P) */
        return false;
    if (lo > 0) { /* the box on the + side: its lo corner, at s = 1 if it moves toward the line */
        px = dy > 0 ? x1 : x0;
        py = dx > 0 ? y0 : y1;
        late = grows || cm < 0;
    } else if (hi < 0) {
        px = dy > 0 ? x0 : x1;
        py = dx > 0 ? y1 : y0;
        late = grows || cm > 0;
    } else { /* straddling: the middle */
        px = x0 + (x1 - x0) / 2;
        py = y0 + (y1 - y0) / 2;
        late = true;
    }
    if (late) {
        px += g->mx;
        py += g->my;
    }
    dot = px * dx + py * dy;
    cr = px * dy - py * dx;
    return dot >= 0 && dot <= dd && fxl__abs64(cr) <= (uint64_t)rmin * (len1 - 1u);
}

/* sure_hit for segment k, a -> b (len1: fxl__curvy_len1 of its d, 0
 * for unknown: no sure hit), at its hit widths. */
FXL__ALWAYS_INLINE bool sure_hit_seg(const mbox *g, const fxl_curvy *c, uint32_t k,
                                     const fxl_curvy_node *a, const fxl_curvy_node *b, uint32_t len1)
{
    uint32_t r0, r1;
    if (len1 < 2)
        return false;
    fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &r0, &r1);
    return sure_hit(g, a->p.x, a->p.y, fxl__offset(b->p.x, a->p.x), fxl__offset(b->p.y, a->p.y),
                    r0 < r1 ? r0 : r1, len1, k + 2u == c->count && c->grew);
}

/* sure_hit_seg for segment k, from node a (in the ring) to the next one,
 * when it is live and not cut (out of line: a miss's rare path). */
FXL_WARM_CODE FXL_NOINLINE static bool next_sure_hit(const mbox *g, const fxl_curvy *c, uint32_t k,
                                                     const fxl_curvy_node *a)
{
    uint32_t s = (uint32_t)(a - c->nodes) + 1u;
    const fxl_curvy_node *b;
    int32_t dx, dy;
    if (k + 1u >= c->count)
        return false;
    b = &c->nodes[s == c->cap ? 0u : s];
    if ((b->flags & FXL_CURVY_CUT) != 0)
        return false;
    dx = fxl__offset(b->p.x, a->p.x);
    dy = fxl__offset(b->p.y, a->p.y);
    return sure_hit_seg(g, c, k, a, b, fxl__curvy_len1(dx, dy, b->seg_len));
}

/* One segment against the moving box: beside_box's miss first in 64 bits
 * at the clamped drawn half-widths, before the hit widths' taper and
 * fraction (few registers: most candidates the walk hands over end here).
 * The hit widths never exceed those (fxl__curvy_hit: the taper's min,
 * then a fraction <= 1, rounded to nearest, of an integer no larger), so
 * rq = max(wa, wb) >= rm = max(r0, r1); with L >= |d| (s + 1 from the
 * segment's stored length, fxl__curvy_len1, else fxl__len_bound), gap >
 * rq L makes gap > rm |d|: beside_box's miss. gap < 2^63 (box_gap's
 * ranges), rq < 2^28, L < 2^30. */
FXL_WARM_CODE static bool seg_moving_box(void *ctx, const fxl_curvy *c, uint32_t k,
                                         fxl_curvy_node *a, fxl_curvy_node *b)
{
    const mbox *g = (const mbox *)ctx;
    int64_t ax = a->p.x, ay = a->p.y;
    int32_t dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    uint32_t len1;
    uint64_t gap;
    if (fxl__abs32(dx) >= (1u << 29) || fxl__abs32(dy) >= (1u << 29))
        return false; /* outside the domain (seg_vs_box says the same) */
    gap = box_gap((int64_t)g->b.lo.x - ax, (int64_t)g->b.lo.y - ay, (int64_t)g->b.hi.x - ax,
                  (int64_t)g->b.hi.y - ay, dx, dy, g->mx, g->my);
    len1 = fxl__curvy_len1(dx, dy, b->seg_len);
    /* The wider clamped half-width: the clamp of the wider raw one. */
    if (gap > (uint64_t)fxl__curvy_radius(a->half_width > b->half_width ? a->half_width
                                                                         : b->half_width) *
                  (len1 != 0 ? len1 : fxl__len_bound(dx, dy)))
        return false;
    /* The next segment's 64-bit sure hit before this one's exact test: a
     * box skimming a bend passes the slab of both segments but may lie in
     * the later one only (the exact test of the first then misses at full
     * cost: the GBA row's max, 12,953 -> 10,494 cycles; its median 2,686
     * -> 2,690). The answer is the same: some segment is hit. (This
     * segment's own sure hit too measured 2,894 / 11,422: its exact test
     * finds most hits about as soon.) */
    if (next_sure_hit(g, c, k + 1u, b))
        return true;
    return seg_moving_box_exact(g, c, k, a, b, gap, len1);
}

static int32_t clamp_move(int64_t v)
{
    return v > FXL_SIZE_MAX ? FXL_SIZE_MAX : v < -FXL_SIZE_MAX ? -FXL_SIZE_MAX : (int32_t)v;
}

/* v clamped to the int32 range (the query's bounds: exact in the domain). */
static int32_t clamp_i32(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

bool fxl_curvy_vs_moving_aabb(const fxl_curvy *c, fxl_aabb from, fxl_vec2 to)
{
    mbox g;
    fxl_aabb q;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_aabb_check(from) == FXL_OK && fxl__vec_ok(to));
    if (c->harmless || c->count < 2)
        return false;
    g.b = from;
    g.mx = clamp_move((int64_t)to.x - from.lo.x);
    g.my = clamp_move((int64_t)to.y - from.lo.y);
    FXL_ASSERT(g.mx == (int64_t)to.x - from.lo.x && g.my == (int64_t)to.y - from.lo.y);
    /* The query: the box of the swept hexagon (exact: every bound within
     * 2^30 + 2^28 in the domain). */
    q.lo.x = clamp_i32((int64_t)from.lo.x + (g.mx < 0 ? g.mx : 0));
    q.lo.y = clamp_i32((int64_t)from.lo.y + (g.my < 0 ? g.my : 0));
    q.hi.x = clamp_i32((int64_t)from.hi.x + (g.mx > 0 ? g.mx : 0));
    q.hi.y = clamp_i32((int64_t)from.hi.y + (g.my > 0 ? g.my : 0));
    return fxl__curvy_walk(c, &q, seg_moving_box, &g);
}

size_t fxl_curvy_vs_moving_aabbs(const fxl_curvy *c, const fxl_aabb *from, const fxl_vec2 *to,
                                 size_t n, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && ((from != NULL && to != NULL) || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_moving_aabb(c, from[i], to[i]));
    return b.hits;
}
