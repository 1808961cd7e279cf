/* curvy.c - a curvy laser's trail: the ring of nodes in the caller's
 * storage, its boxes (chunks, spare, the whole trail's), pushes and drops,
 * the exact segment lengths, widths and cuts. The tests
 * live in curvy_hit.c (static) and curvy_swept.c (moving circles), the
 * drawing quads in curvy_draw.c. */
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

static fxl_result width_code(fix16_t w)
{
    return w < 0 ? FXL_ERR_WIDTH_NEGATIVE : w > FXL_SIZE_MAX ? FXL_ERR_WIDTH_RANGE : FXL_OK;
}

fxl_result fxl_curvy_init(fxl_curvy *c, fxl_curvy_node *nodes, size_t cap, fxl_aabb *boxes,
                          size_t nboxes, fix16_t width_max, fix16_t max_length)
{
    size_t i;
    if (c == NULL || nodes == NULL || boxes == NULL)
        return FXL_ERR_NULL;
    if (cap < 2 || cap > FXL_CURVY_MAX || nboxes < FXL_CURVY_BOXES(cap))
        return FXL_ERR_CAPACITY;
    if (width_code(width_max) != FXL_OK)
        return width_code(width_max);
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
    /* Every box starts empty (the spare and the trail's too), so that no
     * box is ever read before it is written. */
    for (i = 0; i < FXL_CURVY_BOXES(cap); i++)
        boxes[i] = empty_box();
    fxl_curvy_clear(c);
    return FXL_OK;
}

fxl_result fxl_curvy_check(const fxl_curvy *c)
{
    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    if (c->cap < 2 || c->cap > FXL_CURVY_MAX || c->tail >= c->cap || c->count > c->cap)
        return FXL_ERR_CAPACITY;
    if (width_code(c->width_max) != FXL_OK)
        return width_code(c->width_max);
    if (width_code(c->taper) != FXL_OK)
        return width_code(c->taper);
    if (c->max_length < 0)
        return FXL_ERR_LENGTH_NEGATIVE;
    if (c->hit_fraction < 0 || c->hit_fraction > fix16_one)
        return FXL_ERR_FRACTION_RANGE;
    return FXL_OK;
}

void fxl_curvy_clear(fxl_curvy *c)
{
    FXL_ASSERT(c != NULL);
    if (c == NULL)
        return;
    c->tail = 0;
    c->count = 0;
    c->grew = false;
    c->length = 0;
}

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
 * written to ring slot s. Box j covers slots j*C .. j*C + C (C =
 * FXL_CURVY_CHUNK, slot cap being slot 0), so that both nodes of every
 * segment whose older node sits in chunk j lie in it. Writing slot j*C
 * starts box j afresh and grows box j - 1 (the last chunk's box for slot
 * 0). The nodes of chunk j written in the ring's previous pass that are
 * still live (the tail's end of a wrapped trail, which only the head's
 * chunk can hold) are in the box as it was: it moves to the spare box,
 * boxes[chunks], which covers them until the head leaves the chunk (by then
 * every slot of it has been written again). */
static void boxes_write(fxl_aabb *b, uint32_t cap, uint32_t s, int32_t x0, int32_t y0, int32_t x1,
                        int32_t y1)
{
    uint32_t j = s / FXL_CURVY_CHUNK, nb;
    if (s % FXL_CURVY_CHUNK != 0) {
        grow(&b[j], x0, y0, x1, y1);
        return;
    }
    /* First the previous chunk (with one chunk, this very box: the spare
     * then holds the new node too, which its old part's last segment
     * reaches through slot 0). */
    nb = fxl__curvy_chunks(cap);
    grow(&b[j == 0 ? nb - 1u : j - 1u], x0, y0, x1, y1);
    b[nb] = b[j];
    b[j].lo.x = x0;
    b[j].lo.y = y0;
    b[j].hi.x = x1;
    b[j].hi.y = y1;
}

/* The trail's box, boxes[chunks + 1], afresh: the union of the boxes of
 * the chunks from the tail's to the head's (in slot hs), and the spare
 * when the trail wraps within the head's chunk. Once every FXL_CURVY_CHUNK
 * pushes; in between, pushes grow it (drops leave it larger than needed). */
static void trail_box(fxl_curvy *c, uint32_t hs)
{
    uint32_t nb = fxl__curvy_chunks(c->cap), hc = hs / FXL_CURVY_CHUNK;
    uint32_t j = c->tail / FXL_CURVY_CHUNK;
    fxl_aabb *b = c->boxes, *t = &b[nb + 1u];
    *t = b[hc];
    if (j == hc && c->tail > hs) {
        grow(t, b[nb].lo.x, b[nb].lo.y, b[nb].hi.x, b[nb].hi.y);
        j = j + 1u == nb ? 0u : j + 1u;
    }
    for (; j != hc; j = j + 1u == nb ? 0u : j + 1u)
        grow(t, b[j].lo.x, b[j].lo.y, b[j].hi.x, b[j].hi.y);
}

/* floor(sqrt(v)) for v < 2^58, in a few 32x32->64 products (measured on
 * the GBA about a quarter of the time of fxl__isqrt64's bit loop). v is scaled by an
 * even shift l to V = v 2^l in [2^62, 2^64); m = floor(V / 2^32) lies in
 * [2^30, 2^32). With x = m / 2^30 in [1, 4), y = 2^31 / sqrt(x) (= 2^46 /
 * sqrt(m), in (2^30, 2^31]) starts on the chord of 1/sqrt over [1, 2) or
 * [2, 4) (above the curve by at most 4.5 %) and takes three Newton steps
 * y <- y (3 - x y^2) / 2, each squaring the relative error (times 3/2):
 * 4.5e-2, 3e-3, 1.4e-5, 3e-10, plus the truncations of the products (a
 * few 2^-30). Then m y / 2^30 is sqrt(m) 2^16 = sqrt(V) within 2^-27 of it,
 * and its shift by l / 2 >= 3 is sqrt(v) within a unit or two, which the
 * exact squares settle (checked against fxl__isqrt64 for every v < 2^24,
 * 2 * 10^7 random v, squares +-1, powers of two: at most 2 steps). */
FXL_ARM_CODE static uint32_t seg_length(uint32_t ax, uint32_t ay)
{
    uint64_t v = (uint64_t)ax * ax + (uint64_t)ay * ay;
    uint32_t top = (uint32_t)(v >> 32), m, y, r;
    unsigned l = 0, i;
    if (v == 0)
        return 0;
    if (top == 0) {
        top = (uint32_t)v;
        l = 32;
    }
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
    /* Chords, as 2^31 (a - b x) = A - m B / 2^32: [1, 2): a = 1.29289,
     * b = 0.29289; [2, 4): a = 0.91421, b = 0.10355. */
    if (m < 0x80000000u)
        y = 2776467046u - (uint32_t)(((uint64_t)m * 2515933592u) >> 32);
    else
        y = 1963258676u - (uint32_t)(((uint64_t)m * 889516852u) >> 32);
    for (i = 0; i < 3; i++) {
        uint32_t t = (uint32_t)(((uint64_t)y * y) >> 32);  /* y^2 / 2^32 <= 2^30.2 */
        uint32_t u = (uint32_t)(((uint64_t)m * t) >> 30);  /* x y^2 / 2^62, Q30 */
        y = (uint32_t)(((uint64_t)y * (3u * 0x40000000u - u)) >> 31);
    }
    r = (uint32_t)((((uint64_t)m * y) >> 30) >> (l / 2));
    while ((uint64_t)r * r > v)
        r--;
    while ((uint64_t)(r + 1u) * (r + 1u) <= v)
        r++;
    return r;
}

fxl_result fxl_curvy_push(fxl_curvy *c, fxl_vec2 head, fix16_t half_width)
{
    uint32_t cap, tail, count, s, seg = 0, length, budget;
    int32_t x = head.x, y = head.y, w = half_width;
    fxl_curvy_node *nodes, *n;

    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    cap = c->cap;
    tail = c->tail;
    count = c->count;
    nodes = c->nodes;
    FXL_ASSERT(cap >= 2 && tail < cap && count <= cap);
    if (!fxl__coord_ok(x) || !fxl__coord_ok(y))
        return FXL_ERR_COORD_RANGE;
    if (w < 0)
        return FXL_ERR_WIDTH_NEGATIVE;
    if (w > c->width_max || w > FXL_SIZE_MAX)
        return FXL_ERR_WIDTH_RANGE;
    length = (uint32_t)c->length;
    s = tail + count; /* the slot to write */
    if (s >= cap)
        s -= cap;
    if (count > 0) {
        /* The head in slot s - 1; both in the domain: exact offsets. */
        const fxl_curvy_node *h = &nodes[s == 0 ? cap - 1u : s - 1u];
        uint32_t ax = fxl__abs32(fxl__offset(x, h->p.x)), ay = fxl__abs32(fxl__offset(y, h->p.y));
        if (ax > (uint32_t)FXL_SIZE_MAX || ay > (uint32_t)FXL_SIZE_MAX)
            return FXL_ERR_LENGTH_RANGE;
        seg = seg_length(ax, ay);
        if (count == cap) { /* slot s holds node 0: drop it */
            tail = s + 1u == cap ? 0u : s + 1u;
            count--;
            length -= (uint32_t)nodes[tail].seg_len; /* the new node 0's */
        }
    }
    n = &nodes[s];
    n->p = head;
    n->half_width = w;
    n->seg_len = (fix16_t)seg;
    n->flags = 0;
    /* The node's disk at its drawn half-width (the hit width is never
     * wider): every coordinate within 2^30 + 2^28, no overflow. */
    boxes_write(c->boxes, cap, s, x - w, y - w, x + w, y + w);
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
    /* The trail's box: grown by the node, or worked out afresh from the
     * live chunks' boxes when the head starts a chunk. */
    if (s % FXL_CURVY_CHUNK != 0)
        grow(&c->boxes[fxl__curvy_chunks(cap) + 1u], x - w, y - w, x + w, y + w);
    else
        trail_box(c, s);
    return FXL_OK;
}

fix16_t fxl_curvy_hit_width(const fxl_curvy *c, uint32_t k)
{
    FXL_ASSERT(c != NULL && k < c->count);
    if (c == NULL || c->harmless || k >= c->count)
        return 0;
    return (fix16_t)fxl__curvy_hit(c, k, fxl_curvy_node_at(c, k)->half_width);
}

void fxl_curvy_cut_range(fxl_curvy *c, uint32_t first, uint32_t last, bool cut)
{
    uint32_t k;
    FXL_ASSERT(c != NULL);
    if (c == NULL || c->count < 2 || first > last || first >= c->count - 1u)
        return;
    if (last > c->count - 2u)
        last = c->count - 2u;
    for (k = first; k <= last; k++) {
        fxl_curvy_node *n = fxl_curvy_node_at(c, k + 1u);
        n->flags = cut ? n->flags | FXL_CURVY_CUT : n->flags & ~FXL_CURVY_CUT;
    }
}
