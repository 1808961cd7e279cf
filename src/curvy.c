/* curvy.c - a curvy laser's trail: the ring of nodes in the caller's
 * storage, its boxes (chunks, spare; the whole trail's and a copy of the
 * head chunk's in the fxl_curvy), pushes and drops, the exact segment
 * lengths, widths and cuts. The tests live in curvy_hit.c (static) and
 * curvy_swept.c (moving circles), the drawing quads in curvy_draw.c.
 *
 * Placement (GBA): a game pushes every curvy laser every frame; the push
 * is plain code in ROM, its square root for a step of 1 to 32 px a frame
 * too (curvy_parts.h's fxl__curvy_len_mid: 32-bit products only, one
 * table), other steps' ARM code in ROM (seg_length, FXL_ARM_CODE): 695
 * cycles a push (bench ROM), 871 with every root in seg_length, 703 with
 * seg_length in IWRAM (FXL_IWRAM_CODE, 304 bytes; 713 before the head's
 * and the new tail's nodes were found from the written slot's pointer, 745
 * before its checks were one fast test, 735 before that test was shifts
 * instead of compares with FXL_COORD_MAX) and 495 with the push in IWRAM
 * too (760 more bytes). Session 13 gave seg_length's 304 bytes of the boss
 * frame's 4 KiB of library IWRAM to the bounce kernel's loop
 * (port/gba/bounce_arm.s), which saves about 5 times the cycles a frame
 * (docs/tuning.md). */
#include "fixlaser/curvy.h"

#include "curvy_parts.h"
#include "domain.h"
#include "frame.h"
#include "wide.h"

/* A box that holds nothing: every reject test fails on it. */
static fxl_aabb empty_box(void)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(INT32_MAX, INT32_MAX);
    b.hi = fxl_vec2_make(INT32_MIN, INT32_MIN);
    return b;
}

fxl_result fxl_curvy_init(fxl_curvy *c, fxl_curvy_node *nodes, size_t cap, fxl_aabb *boxes,
                          size_t nboxes, fix16_t width_max, fix16_t max_length)
{
    size_t i;
    fxl_result res;
    if (c == NULL || nodes == NULL || boxes == NULL)
        return FXL_ERR_NULL;
    if (cap < 2 || cap > FXL_CURVY_MAX || nboxes < FXL_CURVY_BOXES(cap))
        return FXL_ERR_CAPACITY;
    res = fxl__check_size(width_max, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res != FXL_OK)
        return res;
    if (max_length < 0)
        return FXL_ERR_LENGTH_NEGATIVE;
    c->nodes = nodes;
    c->boxes = boxes;
    c->cap = (uint32_t)cap;
    c->max_length = max_length;
    c->width_max = width_max;
    c->taper = 0;
    c->hit_fraction = fix16_one;
    c->harmless = false;
    /* Every box starts empty (the spare, the head's copy and the trail's
     * too), so that no box is ever read before it is written. */
    for (i = 0; i < FXL_CURVY_BOXES(cap); i++)
        boxes[i] = empty_box();
    c->head_box = c->trail_box = empty_box();
    fxl_curvy_clear(c);
    return FXL_OK;
}

fxl_result fxl_curvy_check(const fxl_curvy *c)
{
    fxl_result res;
    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    if (c->cap < 2 || c->cap > FXL_CURVY_MAX || c->tail >= c->cap || c->count > c->cap)
        return FXL_ERR_CAPACITY;
    res = fxl__check_size(c->width_max, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK)
        res = fxl__check_size(c->taper, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && c->max_length < 0)
        res = FXL_ERR_LENGTH_NEGATIVE;
    if (res == FXL_OK && !fxl__fraction_ok(c->hit_fraction))
        res = FXL_ERR_FRACTION_RANGE;
    return res;
}

void fxl_curvy_clear(fxl_curvy *c)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL)
        return;
    c->tail = 0;
    c->count = 0;
    c->grew = false;
    c->length = 0;
    c->wide = 0;
}

/* b grown to hold the box (x0, y0)-(x1, y1): util.h's fxl__aabb_union in
 * place, kept as conditional stores (the union's four stores made a push
 * 4% longer). */
static void grow(fxl_aabb *b, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    if (x0 < b->lo.x)
        b->lo.x = x0;
    if (y0 < b->lo.y)
        b->lo.y = y0;
    if (x1 > b->hi.x)
        b->hi.x = x1;
    if (y1 > b->hi.y)
        b->hi.y = y1;
}

/* The chunk boxes after a node's disk, the box (x0, y0)-(x1, y1), was
 * written to ring slot s = j*C (C = FXL_CURVY_CHUNK), the first of chunk
 * j. Box j covers slots j*C .. j*C + C (slot cap being slot 0), so that
 * both nodes of every segment whose older node sits in chunk j lie in it:
 * writing slot j*C starts box j afresh and grows box j - 1 (the last
 * chunk's box for slot 0); the other slots of the chunk grow box j
 * (fxl_curvy_push). The nodes of chunk j written in the ring's previous
 * pass that are still live (the tail's end of a wrapped trail, which only
 * the head's chunk can hold) are in the box as it was: it moves to the
 * spare box, boxes[chunks], which covers them until the head leaves the
 * chunk (by then every slot of it has been written again). */
static void boxes_start(fxl_aabb *b, uint32_t cap, uint32_t j, int32_t x0, int32_t y0, int32_t x1,
                        int32_t y1)
{
    /* First the previous chunk (with one chunk, this very box: the spare
     * then holds the new node too, which its old part's last segment
     * reaches through slot 0). */
    uint32_t nb = fxl__curvy_chunks(cap);
    grow(&b[j == 0 ? nb - 1u : j - 1u], x0, y0, x1, y1);
    b[nb] = b[j];
    b[j].lo.x = x0;
    b[j].lo.y = y0;
    b[j].hi.x = x1;
    b[j].hi.y = y1;
}

/* The head's chunk's box (its copy in the trail, h, and the walk's, b, in
 * the caller's storage) and the trail's box t, which holds it (all three
 * were worked out when the head started the chunk and have grown alike
 * since), grown by the box (x0, y0)-(x1, y1): the copy is compared (it
 * sits with the trail, the boxes may sit in slow memory), b written only
 * where it grows, t compared only there (elsewhere the node lies in the
 * chunk's box, so in t). */
FXL__ALWAYS_INLINE void grow_head(fxl_aabb *h, fxl_aabb *b, fxl_aabb *t, int32_t x0, int32_t y0,
                                  int32_t x1, int32_t y1)
{
    if (x0 < h->lo.x) {
        h->lo.x = b->lo.x = x0;
        if (x0 < t->lo.x)
            t->lo.x = x0;
    }
    if (y0 < h->lo.y) {
        h->lo.y = b->lo.y = y0;
        if (y0 < t->lo.y)
            t->lo.y = y0;
    }
    if (x1 > h->hi.x) {
        h->hi.x = b->hi.x = x1;
        if (x1 > t->hi.x)
            t->hi.x = x1;
    }
    if (y1 > h->hi.y) {
        h->hi.y = b->hi.y = y1;
        if (y1 > t->hi.y)
            t->hi.y = y1;
    }
}

/* The trail's box, c->trail_box, afresh: the union of the boxes of the
 * chunks from the tail's to the head's (in slot hs), and the spare when
 * the trail wraps within the head's chunk. Once every FXL_CURVY_CHUNK
 * pushes; in between, pushes grow it (drops leave it larger than needed). */
static void trail_box(fxl_curvy *c, uint32_t hs)
{
    uint32_t nb = fxl__curvy_chunks(c->cap), hc = hs / FXL_CURVY_CHUNK;
    uint32_t j = c->tail / FXL_CURVY_CHUNK;
    const fxl_aabb *b = c->boxes, *e;
    fxl_aabb *t = &c->trail_box;
    int32_t x0 = b[hc].lo.x, y0 = b[hc].lo.y, x1 = b[hc].hi.x, y1 = b[hc].hi.y;
    /* In registers: the boxes may sit in slow memory (EWRAM), each read
     * once, the trail's written once. */
#define FXL__TAKE(bx)                                                                             \
    do {                                                                                          \
        int32_t u0 = (bx)->lo.x, v0 = (bx)->lo.y, u1 = (bx)->hi.x, v1 = (bx)->hi.y;                \
        x0 = u0 < x0 ? u0 : x0;                                                                   \
        y0 = v0 < y0 ? v0 : y0;                                                                   \
        x1 = u1 > x1 ? u1 : x1;                                                                   \
        y1 = v1 > y1 ? v1 : y1;                                                                   \
    } while (0)
    if (j == hc && c->tail > hs) {
        FXL__TAKE(&b[nb]);
        j = j + 1u == nb ? 0u : j + 1u;
    }
    /* Chunks j .. hc - 1, cyclically: at most two runs of storage. */
    if (j > hc) {
        for (e = b + nb, b += j; b != e; b++)
            FXL__TAKE(b);
        j = 0;
        b = c->boxes;
    }
    for (e = b + hc, b += j; b != e; b++)
        FXL__TAKE(b);
#undef FXL__TAKE
    t->lo.x = x0;
    t->lo.y = y0;
    t->hi.x = x1;
    t->hi.y = y1;
}

/* The boxes when a push wrote the disk (x, y), half-width w to slot s,
 * the first of its chunk: once every FXL_CURVY_CHUNK pushes, so kept out of
 * the push (plain code: out of IWRAM on the GBA). */
FXL_NOINLINE static void chunk_start(fxl_curvy *c, uint32_t s, int32_t x, int32_t y, int32_t w)
{
    fxl_aabb *b = &c->boxes[s / FXL_CURVY_CHUNK];
    if (c->count == 1) {
        /* The node alone (a first push after a clear, or drops down to the
         * head): no live segment ends at it, so the previous chunk's box
         * need not grow, nor the spare keep this one's past (both are
         * worked out afresh before a live segment can need them: the
         * previous chunk's when the ring comes round to it); the trail's
         * box is the node's disk. */
        b->lo.x = x - w;
        b->lo.y = y - w;
        b->hi.x = x + w;
        b->hi.y = y + w;
        c->head_box = c->trail_box = *b;
        return;
    }
    boxes_start(c->boxes, c->cap, s / FXL_CURVY_CHUNK, x - w, y - w, x + w, y + w);
    c->head_box = *b;
    trail_box(c, s);
}


/* One Newton step toward 2^46 / sqrt(m): y (3 - x y^2) / 2, x = m / 2^30. */
FXL__ALWAYS_INLINE uint32_t rsqrt_step(uint32_t m, uint32_t y)
{
    uint32_t t = (uint32_t)(((uint64_t)y * y) >> 32); /* y^2 / 2^32 <= 2^30.2 */
    uint32_t u = (uint32_t)(((uint64_t)m * t) >> 30); /* x y^2 / 2^62, Q30 */
    return (uint32_t)(((uint64_t)y * (3u * 0x40000000u - u)) >> 31);
}

/* floor(sqrt(v)) for v < 2^58, in a few 32x32->64 products. v is scaled by
 * an even shift l to V = v 2^l in [2^62, 2^64); m = floor(V / 2^32) lies in
 * [2^30, 2^32). With x = m / 2^30 in [1, 4), y = 2^31 / sqrt(x) (= 2^46 /
 * sqrt(m), in (2^30, 2^31]) starts on the chord of 1/sqrt between the
 * knots at m's top 7 bits (j = m / 2^25, steps of 1/32 in x: above the
 * curve by at most f'' h^2 / 8 = 0.75 2^-10 / 8 < 2^-13 relative) and
 * takes one Newton step y <- y (3 - x y^2) / 2, which leaves (3/2) e^2 <
 * 2^-26 plus the truncations of the products (a few 2^-30); v >= 2^52 (a
 * step over 2^10 px, rare) takes a second one (below 2^-29). Then m y /
 * 2^30 is sqrt(m) 2^16 = sqrt(V) within 2^-26 of it, and its shift by
 * l / 2 is sqrt(v) within a unit or two, which the exact squares settle
 * (checked against fxl__isqrt64 for every v < 2^24, 2 * 10^7 random v of
 * every size, squares +-1, powers of two). */
FXL_ARM_CODE static uint32_t seg_length(uint32_t ax, uint32_t ay)
{
    uint64_t v = (uint64_t)ax * ax + (uint64_t)ay * ay;
    uint32_t top = (uint32_t)(v >> 32), m, y, r, j, f;
    unsigned l = 0;
    if (v == 0)
        return 0;
    if (top == 0) {
        top = (uint32_t)v;
        l = 32;
    }
    /* fxl__clz32(top) & ~1 (util.h), copied on purpose: stopping at the
     * 2-bit step (an even shift is all the square root needs) saves ~25
     * cycles a push. */
    if (top < 0x10000u) {
        top <<= 16;
        l += 16;
    }
    if (top < 0x1000000u) {
        top <<= 8;
        l += 8;
    }
    if (top < 0x10000000u) {
        top <<= 4;
        l += 4;
    }
    if (top < 0x40000000u)
        l += 2;
    m = (uint32_t)((v << l) >> 32);
    /* The chord: knot j minus the drop to knot j + 1 times f / 2^25 (the
     * drop below 2^25, f < 2^25). */
    j = (m >> 25) - 32u;
    f = m & 0x1FFFFFFu;
    {
        const uint32_t *knot = fxl__curvy_rsqrt_knots + j;
        y = knot[0] - (uint32_t)(((uint64_t)(knot[0] - knot[1]) * f) >> 25);
    }
    /* One step, two when l < 12 (one copy of the step: IWRAM is small). */
    for (j = l < 12 ? 2u : 1u; j > 0; j--)
        y = rsqrt_step(m, y);
    /* floor(m y / 2^(30 + l/2)) from the product's high word: v < 2^57
     * makes l >= 6, so the shift l/2 - 2 is at least 1. */
    r = (uint32_t)(((uint64_t)m * y) >> 32) >> (l / 2 - 2u);
    while ((uint64_t)r * r > v)
        r--;
    while ((uint64_t)(r + 1u) * (r + 1u) <= v)
        r++;
    return r;
}

/* The push's root for a step of 1 to 32 px (curvy_parts.h): Thumb code in
 * ROM, a function of its own (inlined, the push's registers spill: 741
 * cycles a push against 711) called with a plain BL where -mlong-calls
 * would load its address and BX through a stub (FXL__CURVY_NEAR_CALL;
 * 746 with the stub). */
FXL__CURVY_NEAR_CALL FXL_NOINLINE static uint32_t len_mid(uint32_t ax, uint32_t ay, uint32_t q)
{
    return fxl__curvy_len_mid(ax, ay, q);
}

/* Why a push is refused, once the fast check in fxl_curvy_push failed:
 * the checks in curvy.h's order (the position, then the half-width's sign,
 * range and width_max). Out of line: a refusal is rare. */
FXL_NOINLINE static fxl_result push_refusal(const fxl_curvy *c, int32_t x, int32_t y, fix16_t w)
{
    fxl_result res;
    if (!fxl__vec_ok(fxl_vec2_make(x, y)))
        return FXL_ERR_COORD_RANGE;
    res = fxl__check_size(w, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && w > c->width_max)
        res = FXL_ERR_WIDTH_RANGE;
    return res;
}

fxl_result fxl_curvy_push(fxl_curvy *c, fxl_vec2 head, fix16_t half_width)
{
    uint32_t cap, tail, count, s, seg = 0, length, budget;
    int32_t x = head.x, y = head.y, w = half_width;
    fxl_curvy_node *nodes, *n;

    /* A NULL trail is a refusal (curvy.h); a zeroed one a broken
     * precondition too. */
    FXL_ASSERT(c == NULL || FXL__CURVY_SET_UP(c));
    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    cap = c->cap;
    tail = c->tail;
    count = c->count;
    nodes = c->nodes;
    FXL_ASSERT(cap >= 2 && tail < cap && count <= cap);
    /* The fast check fails on every refusal of push_refusal (a position
     * out of +-FXL_COORD_MAX, a half-width out of 0..FXL_SIZE_MAX or above
     * width_max) and on nothing else. */
    {
        /* In shifts, no literals (22 cycles a push less than the compares
         * with FXL_COORD_MAX): |x| and |y| below 2^30 (for a negative x,
         * sx = 2^32 - 1 and (x + sx) ^ sx = ~(x - 1) = -x, modulo 2^32;
         * INT32_MIN gives 2^31), i.e. within +-FXL_COORD_MAX = 2^30 - 1,
         * and w, as unsigned, below 2^28 = FXL_SIZE_MAX + 1. */
        uint32_t ux = (uint32_t)x, uy = (uint32_t)y, sx = 0u - (ux >> 31), sy = 0u - (uy >> 31);
        ux = (ux + sx) ^ sx;
        uy = (uy + sy) ^ sy;
        if (((ux | uy) >> 30 | (uint32_t)w >> 28) != 0 || w > c->width_max)
            return push_refusal(c, x, y, w);
    }
    length = (uint32_t)c->length;
    s = tail + count; /* the slot to write */
    if (s >= cap)
        s -= cap;
    n = &nodes[s];
    if (count > 0) {
        /* The head in slot s - 1; both in the domain: exact offsets. */
        const fxl_curvy_node *h = (s == 0 ? nodes + cap : n) - 1;
        uint32_t ax = fxl__abs32(fxl__offset(x, h->p.x)), ay = fxl__abs32(fxl__offset(y, h->p.y));
        if (ax > (uint32_t)FXL_SIZE_MAX || ay > (uint32_t)FXL_SIZE_MAX)
            return FXL_ERR_LENGTH_RANGE;
        /* A step of 1 to 32 px on its longer axis in 32-bit Thumb code
         * (curvy_parts.h), others in seg_length's ARM code. */
        if (((ax | ay) >> 16) - 1u < 31u)
            seg = len_mid(ax, ay, (ax | ay) >> 16);
        else
            seg = seg_length(ax, ay);
        if (count == cap) { /* slot s holds node 0: drop it */
            const fxl_curvy_node *t = n + 1;
            tail = s + 1u;
            if (tail == cap) {
                tail = 0;
                t = nodes;
            }
            count--;
            length -= (uint32_t)t->seg_len; /* the new node 0's */
        }
    }
    n->p.x = x;
    n->p.y = y;
    n->half_width = w;
    n->seg_len = (fix16_t)seg;
    n->flags = 0;
    if (w > c->wide)
        c->wide = w;
    count++;
    /* length <= INT32_MAX and seg < 2^29: no wrap. With no budget the
     * length stays a fix16_t: at most INT32_MAX. Drops: the new node 0's
     * seg_len leaves the sum. */
    length += seg;
    budget = c->max_length > 0 ? (uint32_t)c->max_length : (uint32_t)INT32_MAX;
    while (length > budget && count > 1) {
        tail = tail + 1u == cap ? 0u : tail + 1u;
        count--;
        length -= (uint32_t)nodes[tail].seg_len;
    }
    c->tail = tail;
    c->count = count;
    c->length = (fix16_t)length;
    c->grew = count >= 2;
    /* The boxes get the node's disk at its drawn half-width (the hit
     * width is never wider): every coordinate within 2^30 + 2^28, no
     * overflow. The trail's box is grown with the head's chunk's, or
     * worked out afresh from the live chunks' boxes when the head starts a
     * chunk. */
    if (s % FXL_CURVY_CHUNK != 0) {
        grow_head(&c->head_box, &c->boxes[s / FXL_CURVY_CHUNK], &c->trail_box, x - w, y - w, x + w,
                  y + w);
    } else {
        chunk_start(c, s, x, y, w);
    }
    return FXL_OK;
}

fix16_t fxl_curvy_hit_width(const fxl_curvy *c, uint32_t k)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL || c->harmless || k >= c->count)
        return 0;
    return (fix16_t)fxl__curvy_hit(c, k, fxl_curvy_node_at(c, k)->half_width);
}

void fxl_curvy_cut_range(fxl_curvy *c, uint32_t first, uint32_t last, bool cut)
{
    uint32_t k;
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL || c->count < 2 || first > last || first >= c->count - 1u)
        return;
    if (last > c->count - 2u)
        last = c->count - 2u;
    for (k = first; k <= last; k++) {
        fxl_curvy_node *n = fxl_curvy_node_at(c, k + 1u);
        n->flags = cut ? n->flags | FXL_CURVY_CUT : n->flags & ~FXL_CURVY_CUT;
    }
}
