/* curvy_hit.c - a curvy laser against circles: the walk over the segments a
 * circle may reach, the exact tapered-capsule test, and the static tests
 * built on them (single, band, batch, cut).
 *
 * Cost model. A query first tests its box against the trail's box (all a
 * circle away from the trail costs), then against the chunk boxes (one
 * 32-bit box test per FXL_CURVY_CHUNK nodes), then, in the chunks it
 * reaches, each node's centre against the query box grown by the widest
 * half-width pushed (32-bit, per node, x first), and only for a segment
 * whose two nodes both pass a slab reject (distance to the segment's line,
 * at the nodes' half-widths) and the exact test (64-bit products, a
 * 128-bit compare when the circle's centre projects inside the segment).
 *
 * Placement (GBA). The walk is 32-bit work with many loads and branches:
 * plain (Thumb) code in ROM, which the GBA fetches 16 bits at a time:
 * measured about a quarter faster there than the same walk as ARM code in
 * ROM (and 40% slower than ARM code in IWRAM: near test 1,894 cycles
 * against 1,489 with the whole walk there, 1,683 with its two loops; the
 * bench ROM's IWRAM, whose stack needs 2.3 KiB, has no room for that next
 * to the push). The walk and its runs are called with a plain BL
 * (FXL__CURVY_NEAR_CALL) where -mlong-calls would load their addresses and
 * BX through a stub: near test 1,756 -> 1,708 cycles, the moving circle
 * 2,218 -> 2,170, the boxes about 50 less. The exact parts, heavy in
 * 64-bit products, are FXL_WARM_CODE (ARM: 32x32->64 multiplies without
 * library calls). */
#include "curvy_parts.h"
#include "batch.h"

#include "domain.h"
#include "frame.h"
#include "wide.h"

/* Where a node's disk box lies beside the query box across x: 1 wholly
 * left, 2 wholly right, 0 neither, tested on the node's centre against the
 * query box grown by the trail's widest half-width (c->wide, at least the
 * node's); y_code likewise 4 above, 8 below. A segment (the hull of its
 * two disks, inside the box of both) misses the query when both its nodes
 * share a bit. x first (a trail crosses most query boxes' columns far
 * fewer times than their rows), y only for the segments x leaves: one
 * load a node, two more a segment x leaves. */
FXL__ALWAYS_INLINE unsigned x_code(const fxl_curvy_node *n, int32_t x0, int32_t x1)
{
    int32_t x = n->p.x;
    if (x < x0)
        return 1;
    return x > x1 ? 2u : 0u;
}

FXL__ALWAYS_INLINE unsigned y_code(const fxl_curvy_node *n, int32_t y0, int32_t y1)
{
    int32_t y = n->p.y;
    if (y < y0)
        return 4;
    return y > y1 ? 8u : 0u;
}

/* Segment a -> b, which x could not reject, may meet the query: the y
 * codes of its nodes share no side of it, and it is not cut. */
FXL__ALWAYS_INLINE bool seg_maybe_y(const fxl_curvy_node *a, const fxl_curvy_node *b, int32_t y0,
                                    int32_t y1)
{
    return (y_code(a, y0, y1) & y_code(b, y0, y1)) == 0 && (b->flags & FXL_CURVY_CUT) == 0;
}

/* The live, uncut segments whose older node sits in ring slots u .. end - 1
 * of one chunk (end <= cap), node x first against g, the query box grown
 * by c->wide. The live older nodes are those counted k < count - 1 from
 * the tail: one run of slots here (a chunk holds no wrap of k, which
 * restarts only at the tail). Only the ring's last slot has its newer node
 * in slot 0. The x test is a state machine on the older node's side: while
 * it lies left of g (right of g), the loop skips every newer node that
 * lies there too (the segment, inside the box of its two disks, misses
 * g's column: x_code's shared bit), one load and a compare a node; a
 * segment it does not skip gets y_code's test, the cut flag and fn. k
 * counts along with a (not k + (a - first) / 20 at each call: near test
 * 1,708 -> 1,702, max 3,398 -> 3,334; moving circle 2,170 -> 2,164, max
 * 5,390 -> 5,250). */
FXL__CURVY_NEAR_CALL
static bool run(const fxl_curvy *c, const fxl_aabb *g, uint32_t u, uint32_t end,
                fxl__curvy_seg_fn fn, void *ctx)
{
    uint32_t cap = c->cap, nseg = c->count - 1u, tail = c->tail;
    uint32_t k = u >= tail ? u - tail : u + cap - tail;
    int32_t x0 = g->lo.x, x1 = g->hi.x;
    fxl_curvy_node *nodes = c->nodes, *a, *stop, *b;
    int32_t xa, xb;
    if (k >= nseg) { /* dead slots up to the tail, if it sits here */
        if (tail <= u || tail >= end)
            return false;
        u = tail;
        k = 0;
    }
    if (end - u > nseg - k)
        end = u + (nseg - k);
    a = &nodes[u];
    stop = &nodes[end == cap ? end - 1u : end]; /* the wrapping segment after the loop */
    xa = a->p.x;
    while (a != stop) {
        b = a + 1;
        xb = b->p.x;
        if (xa < x0) {
            while (xb < x0) { /* both left: skip */
                a = b;
                k++;
                if (a == stop)
                    goto wrap;
                b = a + 1;
                xb = b->p.x;
            }
        } else if (xa > x1) {
            while (xb > x1) { /* both right: skip */
                a = b;
                k++;
                if (a == stop)
                    goto wrap;
                b = a + 1;
                xb = b->p.x;
            }
        }
        if (seg_maybe_y(a, b, g->lo.y, g->hi.y) && fn(ctx, c, k, a, b))
            return true;
        a = b;
        k++;
        xa = xb;
    }
wrap:
    if (end != cap)
        return false;
    b = nodes; /* slot cap - 1 to slot 0 */
    return (x_code(a, x0, x1) & x_code(b, x0, x1)) == 0 && seg_maybe_y(a, b, g->lo.y, g->hi.y) &&
           fn(ctx, c, k, a, b);
}

/* The first box in [b, e) that meets the query box (x0, y0)-(x1, y1), or e:
 * all a far circle costs, a few instructions a chunk. */
static const fxl_aabb *scan(const fxl_aabb *b, const fxl_aabb *e, int32_t x0, int32_t y0,
                            int32_t x1, int32_t y1)
{
    for (; b != e; b++)
        if (b->lo.x <= x1 && b->hi.x >= x0 && b->lo.y <= y1 && b->hi.y >= y0)
            break;
    return b;
}

/* The walk, in ring slot order (the chunk boxes in storage order, then the
 * spare): chunk j's box covers the segments whose older node sits in its
 * slots, except in the head's chunk hc (the head in slot hs), whose box
 * covers only those up to the head; when the trail wraps within that chunk
 * (the tail sits in it after the head), the segments from the tail to the
 * chunk's end are the spare box's (curvy.c). Boxes of chunks holding no
 * live node (stale or empty) only cost a look. */
bool fxl__curvy_walk_near(const fxl_curvy *c, const fxl_aabb *q, fxl__curvy_seg_fn fn,
                          void *ctx)
{
    uint32_t cap = c->cap, tail = c->tail, nb, hs, hc, end, w;
    int32_t x0 = q->lo.x, y0 = q->lo.y, x1 = q->hi.x, y1 = q->hi.y;
    const fxl_aabb *boxes = c->boxes, *b, *e;
    fxl_aabb g;

    /* The node filter's box: q grown by the widest half-width (exact in
     * the domain, every bound within 2^30 + 2^29; wrapped, meaningless and
     * defined outside it). */
    w = fxl__curvy_radius(c->wide);
    g.lo.x = (int32_t)((uint32_t)x0 - w);
    g.lo.y = (int32_t)((uint32_t)y0 - w);
    g.hi.x = (int32_t)((uint32_t)x1 + w);
    g.hi.y = (int32_t)((uint32_t)y1 + w);
    nb = fxl__curvy_chunks(cap);
    hs = tail + c->count - 1u;
    if (hs >= cap)
        hs -= cap;
    hc = hs / FXL_CURVY_CHUNK;
    b = boxes;
    e = boxes + nb;
    for (;;) {
        uint32_t j, u;
        b = scan(b, e, x0, y0, x1, y1);
        if (b == e)
            break;
        j = (uint32_t)(b - boxes);
        u = j * FXL_CURVY_CHUNK;
        end = j == hc ? hs : u + FXL_CURVY_CHUNK < cap ? u + FXL_CURVY_CHUNK : cap;
        if (run(c, &g, u, end, fn, ctx))
            return true;
        b++;
    }
    if (tail <= hs || tail / FXL_CURVY_CHUNK != hc || scan(e, e + 1, x0, y0, x1, y1) != e)
        return false;
    end = (hc + 1u) * FXL_CURVY_CHUNK;
    return run(c, &g, tail, end < cap ? end : cap, fn, ctx);
}

/* The tapered capsule, exactly. The hull of the disks (0, r0) and (d, r1)
 * is the union over t in [0, 1] of the disks (t d, r0 + t D), D = r1 - r0,
 * so q lies in it iff f(t) = |q - t d|^2 - (r0 + t D)^2 <= 0 for some t in
 * [0, 1] (r0 + t D >= 0 there). f(t) = a t^2 - 2 b t + g0 with
 *     a = |d|^2 - D^2,  b = q.d + r0 D,  g0 = |q|^2 - r0^2.
 * The ends: f(0) = g0 (the disk at A), f(1) = |q - d|^2 - r1^2 (at B).
 * When a <= 0 (|d| <= |D|: one disk holds the other) f is concave and the
 * ends decide. Otherwise the minimum lies at t = b / a, inside iff
 * 0 < b < a, where it is g0 - b^2 / a: a hit iff a g0 <= b^2. There
 * g0 > 0, and g0 >= b already misses (b^2 / a < b).
 * Ranges: |q| <= 2^30, |q - d| < 2^30 + 2^29 per axis, so the squared
 * lengths are below 2^62.2; |q.d| < 2^60, r0 |D| < 2^59, a < 2^59; the last
 * compare has a, g0 < 2^61 and b < a: products below 2^120.
 * An untapered segment (D = 0) whose length is known (len1 = s + 1, s =
 * floor(|d|): fxl__curvy_len1; 0 for unknown) skips that compare but in a
 * band of one unit of |d|: there a g0 - b^2 = |d|^2 |q|^2 - (q.d)^2 -
 * r0^2 |d|^2 = (q x d)^2 - r0^2 |d|^2 (Lagrange's identity), so a hit iff
 * |q x d| <= r0 |d|, which |q x d| <= r0 s makes sure and |q x d| > r0 (s +
 * 1) rules out (|q x d| < 2^60, r0 (s + 1) < 2^60: 64 bits). */
FXL__ALWAYS_INLINE bool capsule_core(int32_t qx, int32_t qy, int32_t dx, int32_t dy, uint32_t r0,
                                     uint32_t r1, uint32_t len1)
{
    int64_t ex = (int64_t)qx - dx, ey = (int64_t)qy - dy, dr = (int64_t)r1 - r0, a, b;
    uint64_t qq, rr0, g0;

    if (fxl__abs32(qx) > (1u << 30) || fxl__abs32(qy) > (1u << 30) || fxl__abs32(dx) >= (1u << 29) ||
        fxl__abs32(dy) >= (1u << 29) || r0 >= (1u << 30) || r1 >= (1u << 30) ||
        fxl__abs64(dr) >= ((uint64_t)1 << 29))
        return false;
    qq = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
    rr0 = (uint64_t)r0 * r0;
    if (qq <= rr0)
        return true;
    if ((uint64_t)(ex * ex) + (uint64_t)(ey * ey) <= (uint64_t)r1 * r1)
        return true;
    a = (int64_t)dx * dx + (int64_t)dy * dy - dr * dr;
    b = (int64_t)qx * dx + (int64_t)qy * dy + (int64_t)r0 * dr;
    if (a <= 0 || b <= 0 || b >= a)
        return false;
    g0 = qq - rr0;
    if (g0 >= (uint64_t)b)
        return false;
    if (len1 != 0 && dr == 0) {
        uint64_t cr = fxl__cross_abs(qx, qy, dx, dy);
        if (cr <= (uint64_t)r0 * (len1 - 1u))
            return true;
        if (cr > (uint64_t)r0 * len1)
            return false;
    }
    return fxl__le128(fxl__mul64((uint64_t)a, g0), fxl__sq((uint64_t)b));
}

FXL_WARM_CODE FXL_NOINLINE
bool fxl__curvy_capsule(int32_t qx, int32_t qy, int32_t dx, int32_t dy, uint32_t r0, uint32_t r1,
                        uint32_t len1)
{
    return !fxl__slab_miss_len(qx, qy, dx, dy, r0 > r1 ? r0 : r1,
                               len1 != 0 ? len1 : fxl__len_bound(dx, dy)) &&
           capsule_core(qx, qy, dx, dy, r0, r1, len1);
}

/* A static circle: centre and radius (clamped). */
typedef struct circ {
    int32_t x, y;
    uint32_t r;
} circ;

/* The circle of radius q->r + grow against segment k. The hit widths
 * never exceed the clamped half-widths (fxl__curvy_hit), so the slab at
 * the larger of those rejects first, before the widths' products. */
FXL__ALWAYS_INLINE bool seg_test(const circ *q, const fxl_curvy *c, uint32_t k,
                                 const fxl_curvy_node *a, const fxl_curvy_node *b, uint32_t grow)
{
    uint32_t r = q->r + grow, wa = fxl__curvy_radius(a->half_width),
             wb = fxl__curvy_radius(b->half_width), ha, hb;
    int32_t qx = fxl__offset(q->x, a->p.x), qy = fxl__offset(q->y, a->p.y),
            dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    uint32_t len1;
    if (fxl__slab_miss(qx, qy, dx, dy, (wa > wb ? wa : wb) + r))
        return false;
    len1 = fxl__curvy_len1(dx, dy, b->seg_len);
    if (len1 != 0 && fxl__slab_miss_len(qx, qy, dx, dy, (wa > wb ? wa : wb) + r, len1))
        return false;
    fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &ha, &hb);
    return capsule_core(qx, qy, dx, dy, ha + r, hb + r, len1);
}

/* seg_circle past the slab: the hit widths and the exact test. */
FXL_WARM_CODE FXL_NOINLINE static bool seg_circle_exact(const circ *q, const fxl_curvy *c, uint32_t k,
                                                        const fxl_curvy_node *a,
                                                        const fxl_curvy_node *b, int32_t qx,
                                                        int32_t qy, int32_t dx, int32_t dy,
                                                        uint32_t len1)
{
    uint32_t ha, hb;
    fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &ha, &hb);
    return capsule_core(qx, qy, dx, dy, ha + q->r, hb + q->r, len1);
}

/* seg_test at grow 0 in two parts: the slab reject here, with few
 * registers (most candidates end here), the rest in seg_circle_exact. */
FXL_WARM_CODE static bool seg_circle(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                       fxl_curvy_node *b)
{
    const circ *q = (const circ *)ctx;
    /* The wider clamped half-width, clamped once (the clamp grows with its
     * input). */
    uint32_t rq = fxl__curvy_radius(a->half_width > b->half_width ? a->half_width : b->half_width) + q->r;
    int32_t qx = fxl__offset(q->x, a->p.x), qy = fxl__offset(q->y, a->p.y),
            dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    uint32_t len1;
    if (fxl__slab_miss(qx, qy, dx, dy, rq))
        return false;
    /* The slab again at the segment's exact length (seg_len + 1 for |d|,
     * up to 12 % below fxl__len_bound's), once the quick one has passed. */
    len1 = fxl__curvy_len1(dx, dy, b->seg_len);
    if (len1 != 0 && fxl__slab_miss_len(qx, qy, dx, dy, rq, len1))
        return false;
    return seg_circle_exact(q, c, k, a, b, qx, qy, dx, dy, len1);
}

static circ make_circ(fxl_circle circle)
{
    circ q;
    q.x = circle.c.x;
    q.y = circle.c.y;
    q.r = fxl__curvy_radius(circle.r);
    return q;
}

bool fxl_curvy_vs_circle(const fxl_curvy *c, fxl_circle circle)
{
    circ q;
    fxl_aabb box;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_circle_check(circle) == FXL_OK);
    if (c->harmless || c->count < 2)
        return false;
    q = make_circ(circle);
    box = fxl__curvy_query(q.x, q.y, q.x, q.y, q.r);
    if (!fxl__curvy_near(c, &box)) /* far: no call */
        return false;
    return fxl__curvy_walk_near(c, &box, seg_circle, &q);
}

/* batch.h's loop of single tests, as every untuned batch writes it
 * (fxl_laser3d_vs_spheres is the same three lines over spheres). */
size_t fxl_curvy_vs_circles(const fxl_curvy *c, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && (circles != NULL || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_circle(c, circles[i]));
    return b.hits;
}

size_t fxl_curvies_vs_circle(const fxl_curvy *curvies, size_t n, fxl_circle circle,
                             uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT((curvies != NULL || n == 0) && fxl_circle_check(circle) == FXL_OK);
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_circle(&curvies[i], circle));
    return b.hits;
}

/* The band: the walk at radius r + graze; the first segment within it is
 * tested at r too. */
typedef struct band_ctx {
    circ q;
    uint32_t graze;
    uint32_t hit, grazed; /* first segment of each band; UINT32_MAX: none */
} band_ctx;

FXL_WARM_CODE static bool seg_band(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                     fxl_curvy_node *b)
{
    band_ctx *g = (band_ctx *)ctx;
    /* Once a hit is known, only an earlier one matters. */
    if (k >= g->hit || !seg_test(&g->q, c, k, a, b, g->graze))
        return false;
    if (seg_test(&g->q, c, k, a, b, 0))
        g->hit = k;
    else if (k < g->grazed)
        g->grazed = k;
    return false;
}

FXL_WARM_CODE
fxl_band fxl_curvy_band(const fxl_curvy *c, fxl_circle circle, fix16_t graze, uint32_t *segment)
{
    band_ctx g;
    fxl_aabb box;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_circle_check(circle) == FXL_OK && graze >= 0 &&
               graze <= FXL_SIZE_MAX);
    if (c->harmless || c->count < 2)
        return FXL_BAND_CLEAR;
    g.q = make_circ(circle);
    g.graze = fxl__curvy_radius(graze);
    g.hit = g.grazed = UINT32_MAX;
    box = fxl__curvy_query(g.q.x, g.q.y, g.q.x, g.q.y, g.q.r + g.graze);
    /* The walk visits the chunks in ring order: every candidate is seen,
     * the least index of each band kept. */
    (void)fxl__curvy_walk(c, &box, seg_band, &g);
    if (g.hit != UINT32_MAX) {
        if (segment != NULL)
            *segment = g.hit;
        return FXL_BAND_HIT;
    }
    if (g.grazed == UINT32_MAX)
        return FXL_BAND_CLEAR;
    if (segment != NULL)
        *segment = g.grazed;
    return FXL_BAND_GRAZE;
}

/* A bomb: every segment it touches gets cut, the walk goes on. */
typedef struct cut_ctx {
    circ q;
    size_t cut;
} cut_ctx;

FXL_WARM_CODE static bool seg_cut(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a, fxl_curvy_node *b)
{
    cut_ctx *g = (cut_ctx *)ctx;
    if (seg_test(&g->q, c, k, a, b, 0)) {
        b->flags |= FXL_CURVY_CUT;
        g->cut++;
    }
    return false;
}

size_t fxl_curvy_cut_circle(fxl_curvy *c, fxl_circle circle)
{
    cut_ctx g;
    fxl_aabb box;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_circle_check(circle) == FXL_OK);
    if (c == NULL)
        return 0;
    g.q = make_circ(circle);
    g.cut = 0;
    box = fxl__curvy_query(g.q.x, g.q.y, g.q.x, g.q.y, g.q.r);
    (void)fxl__curvy_walk(c, &box, seg_cut, &g);
    return g.cut;
}
