/* test_curvy.c - curvy lasers (curvy.h): storage and errors; pushes, drops,
 * the length budget and ring wrap against a model (counts, lengths, exact
 * seg_len, every live node inside the box the walk uses); exact touching
 * cases at joints, bends, zero-length segments, tapers; the static and the
 * moving tests against the independent exact reference (ref_curvy.c), with
 * circles at the smallest touching radius and one raw unit below; batch,
 * band, cuts, quads; and every public function fed extreme int32 values. */
#include <math.h>

#include "../src/curvy_parts.h" /* fxl__curvy_hit_pair, fxl__curvy_hit */
#include "bigint.h"
#include "harness.h"
#include "ref_curvy.h"
#include "ref_curvy_aabb.h"

#define PX(v) ((fix16_t)((v) * 65536))
#define CAP_MAX 96
#define NBOX FXL_CURVY_BOXES(CAP_MAX)

typedef struct trail {
    fxl_curvy c;
    fxl_curvy_node nodes[CAP_MAX];
    fxl_aabb boxes[NBOX];
} trail;

static trail T FXL_EWRAM_BSS;
/* Scratch shared by the tests that need it one at a time (the GBA test
 * ROM's EWRAM holds every suite's arrays): quads and extreme_inputs' quads,
 * batch_and_band and cut_circle_property's reference segments. */
static fxl_vec2 quads_buf[CAP_MAX][4] FXL_EWRAM_BSS;
static ref_seg segs_buf[CAP_MAX] FXL_EWRAM_BSS;
static uint32_t idx_buf[CAP_MAX] FXL_EWRAM_BSS;

static fxl_vec2 v2(fix16_t x, fix16_t y)
{
    return fxl_vec2_make(x, y);
}

static void init(trail *t, uint32_t cap, fix16_t wmax, fix16_t max_len)
{
    CHECK_EQ(fxl_curvy_init(&t->c, t->nodes, cap, t->boxes, FXL_CURVY_BOXES(cap), wmax, max_len),
             FXL_OK);
}

static void push(trail *t, fix16_t x, fix16_t y, fix16_t w)
{
    CHECK_EQ(fxl_curvy_push(&t->c, v2(x, y), w), FXL_OK);
}

static bool hit(const trail *t, fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_curvy_vs_circle(&t->c, fxl_circle_make(x, y, r));
}

/* Core and reference agree that r touches and r - 1 does not. */
static void touch_at(const trail *t, fix16_t x, fix16_t y, fix16_t r)
{
    CHECK(hit(t, x, y, r));
    CHECK(ref_curvy_circle(&t->c, fxl_circle_make(x, y, r)));
    CHECK_EQ(ref_curvy_touch(&t->c, x, y), r);
    if (r > 0) {
        CHECK(!hit(t, x, y, r - 1));
        CHECK(!ref_curvy_circle(&t->c, fxl_circle_make(x, y, r - 1)));
    }
}

/* ---- storage, errors ------------------------------------------------------------------- */

static void storage_and_errors(void)
{
    trail *t = &T;
    fxl_curvy c;
    CHECK_EQ(fxl_curvy_init(NULL, t->nodes, 8, t->boxes, NBOX, 0, 0), FXL_ERR_NULL);
    CHECK_EQ(fxl_curvy_init(&c, NULL, 8, t->boxes, NBOX, 0, 0), FXL_ERR_NULL);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 8, NULL, NBOX, 0, 0), FXL_ERR_NULL);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 1, t->boxes, NBOX, 0, 0), FXL_ERR_CAPACITY);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, FXL_CURVY_MAX + 1, t->boxes, 1u << 20, 0, 0),
             FXL_ERR_CAPACITY);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 9, t->boxes, 2, 0, 0), FXL_ERR_CAPACITY);
    CHECK_EQ(FXL_CURVY_BOXES(9), 3);
    CHECK_EQ(FXL_CURVY_BOXES(8), 2);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 9, t->boxes, 3, -1, 0), FXL_ERR_WIDTH_NEGATIVE);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 9, t->boxes, 3, FXL_SIZE_MAX + 1, 0), FXL_ERR_WIDTH_RANGE);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 9, t->boxes, 3, 0, -1), FXL_ERR_LENGTH_NEGATIVE);
    CHECK_EQ(fxl_curvy_init(&c, t->nodes, 9, t->boxes, 3, FXL_SIZE_MAX, INT32_MAX), FXL_OK);
    CHECK(c.count == 0 && c.cap == 9 && c.taper == 0 && c.hit_fraction == fix16_one && !c.harmless);
    CHECK_EQ(fxl_curvy_check(&c), FXL_OK);
    c.taper = -1;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_WIDTH_NEGATIVE);
    c.taper = FXL_SIZE_MAX + 1;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_WIDTH_RANGE);
    c.taper = 0;
    c.hit_fraction = fix16_one + 1;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_FRACTION_RANGE);
    c.hit_fraction = -1;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_FRACTION_RANGE);
    c.hit_fraction = 0;
    c.max_length = -5;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_LENGTH_NEGATIVE);
    c.max_length = 0;
    c.width_max = FXL_SIZE_MAX + 1;
    CHECK_EQ(fxl_curvy_check(&c), FXL_ERR_WIDTH_RANGE);
    c.width_max = PX(4);
    CHECK_EQ(fxl_curvy_check(&c), FXL_OK);
    CHECK_EQ(fxl_curvy_check(NULL), FXL_ERR_NULL);
    /* Pushes: refused ones change nothing. */
    CHECK_EQ(fxl_curvy_push(NULL, v2(0, 0), 0), FXL_ERR_NULL);
    CHECK_EQ(fxl_curvy_push(&c, v2(FXL_COORD_MAX + 1, 0), 0), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_curvy_push(&c, v2(0, INT32_MIN), 0), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_curvy_push(&c, v2(0, 0), -1), FXL_ERR_WIDTH_NEGATIVE);
    CHECK_EQ(fxl_curvy_push(&c, v2(0, 0), PX(4) + 1), FXL_ERR_WIDTH_RANGE);
    CHECK_EQ(c.count, 0);
    CHECK_EQ(fxl_curvy_push(&c, v2(-FXL_COORD_MAX, 0), PX(4)), FXL_OK);
    CHECK(!c.grew && c.count == 1 && c.length == 0);
    CHECK_EQ(fxl_curvy_push(&c, v2(-FXL_COORD_MAX + FXL_SIZE_MAX + 1, 0), 0), FXL_ERR_LENGTH_RANGE);
    CHECK_EQ(fxl_curvy_push(&c, v2(-FXL_COORD_MAX, -FXL_SIZE_MAX - 1), 0), FXL_ERR_LENGTH_RANGE);
    CHECK_EQ(c.count, 1);
    CHECK_EQ(fxl_curvy_push(&c, v2(-FXL_COORD_MAX + FXL_SIZE_MAX, -FXL_SIZE_MAX), 0), FXL_OK);
    CHECK(c.grew && c.count == 2);
    /* floor(sqrt(2) (2^28 - 1)) */
    CHECK_EQ(c.length, 379625061);
    CHECK_EQ(fxl_curvy_node_at(&c, 1)->seg_len, 379625061);
    fxl_curvy_clear(&c);
    CHECK(c.count == 0 && c.length == 0 && !c.grew);
    CHECK(!fxl_curvy_vs_circle(&c, fxl_circle_make(0, 0, FXL_SIZE_MAX)));
}

/* ---- pushes, drops, budget, ring wrap against a model ------------------------------------- */

/* The box the walk uses for the segment whose older node sits in slot u. */
static const fxl_aabb *walk_box(const fxl_curvy *c, uint32_t u)
{
    uint32_t hs = (c->tail + c->count - 1) % c->cap, hc = hs / FXL_CURVY_CHUNK;
    uint32_t nb = (c->cap + FXL_CURVY_CHUNK - 1) / FXL_CURVY_CHUNK;
    if (u / FXL_CURVY_CHUNK == hc && u > hs)
        return &c->boxes[nb];
    return &c->boxes[u / FXL_CURVY_CHUNK];
}

static bool disk_in(const fxl_aabb *b, const fxl_curvy_node *n)
{
    return (int64_t)n->p.x - n->half_width >= b->lo.x && (int64_t)n->p.x + n->half_width <= b->hi.x &&
           (int64_t)n->p.y - n->half_width >= b->lo.y && (int64_t)n->p.y + n->half_width <= b->hi.y;
}

/* floor(sqrt(v)) checked by its defining inequalities. */
static bool is_floor_sqrt(int64_t s, int64_t dx, int64_t dy)
{
    uint64_t v = (uint64_t)(dx * dx) + (uint64_t)(dy * dy);
    return s >= 0 && (uint64_t)s * (uint64_t)s <= v && (uint64_t)(s + 1) * (uint64_t)(s + 1) > v;
}

/* Every invariant of a trail: counts, the length, seg_len, boxes. */
static bool trail_ok(const fxl_curvy *c)
{
    uint32_t k;
    int64_t sum = 0;
    bool ok = c->count <= c->cap && c->tail < c->cap;
    for (k = 1; ok && k < c->count; k++) {
        const fxl_curvy_node *a = fxl_curvy_node_at(c, k - 1), *b = fxl_curvy_node_at(c, k);
        uint32_t u = (c->tail + k - 1) % c->cap;
        sum += b->seg_len;
        const fxl_aabb *whole = &c->trail_box;
        ok = is_floor_sqrt(b->seg_len, (int64_t)b->p.x - a->p.x, (int64_t)b->p.y - a->p.y) &&
             disk_in(walk_box(c, u), a) && disk_in(walk_box(c, u), b) && disk_in(whole, a) &&
             disk_in(whole, b);
    }
    return ok && sum == c->length && (c->max_length == 0 || c->length <= c->max_length || c->count == 1);
}

typedef struct model_node {
    fxl_vec2 p;
    fix16_t w, seg;
} model_node;

/* The model's list lives in a ring of 128 (it never holds more than
 * cap + 1 <= 97 nodes); first and last count every node pushed. */
#define M(i) model[(i) & 127u]

/* Random pushes (with zero-length steps, long steps, width changes, budget
 * changes and clears) on rings of 2..96 slots; after every push the trail
 * equals a plain list model: the pushed nodes, the oldest dropped while
 * more than cap or while the length exceeds the budget. */
static void pushes_match_model(void)
{
    static model_node model[128] FXL_EWRAM_BSS;
    fxlt_rng rng = fxlt_rng_for("curvy pushes");
    uint32_t rounds = FXLT_CASES(1500) + 4, round, pushes = 0, bad = 0, wraps = 0;
    trail *t = &T;
    for (round = 0; round < rounds; round++) {
        uint32_t cap = 2 + fxlt_below(&rng, CAP_MAX - 1), n = fxlt_below(&rng, 4 * cap + 4), i;
        int32_t mb = (int32_t)fxlt_below(&rng, 3);
        fix16_t budget = mb == 0 ? 0 : mb == 1 ? PX(fxlt_range(&rng, 1, 400)) : fxlt_range(&rng, 0, 1000);
        uint32_t first = 0, last = 0; /* the model's live range */
        int64_t len = 0;
        fix16_t x = PX(fxlt_range(&rng, -200, 200)), y = PX(fxlt_range(&rng, -200, 200));
        init(t, cap, PX(8), budget);
        for (i = 0; i < n; i++) {
            uint32_t kind = fxlt_below(&rng, 10);
            fix16_t w = fxlt_range(&rng, 0, PX(8));
            if (kind == 0 && fxlt_below(&rng, 8) == 0) {
                fxl_curvy_clear(&t->c);
                first = last;
                len = 0;
                continue;
            }
            if (kind == 1 && budget != 0) {
                budget = PX(fxlt_range(&rng, 0, 300));
                t->c.max_length = budget;
            }
            if (kind >= 3) {
                int32_t s = kind >= 8 ? PX(60) : kind >= 6 ? PX(6) : 200;
                x += fxlt_range(&rng, -s, s);
                y += fxlt_range(&rng, -s, s);
            }
            push(t, x, y, w);
            M(last).p = v2(x, y);
            M(last).w = w;
            M(last).seg = 0;
            if (last > first) {
                int64_t dx = (int64_t)x - M(last - 1).p.x, dy = (int64_t)y - M(last - 1).p.y;
                int64_t s = (int64_t)sqrt((double)(dx * dx + dy * dy));
                while (s * s > dx * dx + dy * dy)
                    s--;
                while ((s + 1) * (s + 1) <= dx * dx + dy * dy)
                    s++;
                M(last).seg = (fix16_t)s;
                len += s;
            }
            last++;
            while (last - first > cap || (budget != 0 && len > budget && last - first > 1)) {
                len -= M(first + 1).seg;
                first++;
            }
            if (t->c.tail + t->c.count > cap)
                wraps++;
            pushes++;
            {
                uint32_t k;
                bool same = t->c.count == last - first && t->c.length == len && trail_ok(&t->c) &&
                            t->c.grew == (t->c.count >= 2);
                for (k = 0; same && k < t->c.count; k++) {
                    const fxl_curvy_node *nd = fxl_curvy_node_at(&t->c, k);
                    const model_node *m = &M(first + k);
                    same = nd->p.x == m->p.x && nd->p.y == m->p.y && nd->half_width == m->w &&
                           (k == 0 || nd->seg_len == m->seg) && nd->flags == 0;
                }
                if (!same)
                    bad++;
            }
        }
    }
    fxlt_printf("    %u pushes (%u with the ring wrapped), %u differ from the model\n", pushes, wraps,
                bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(wraps > pushes / 10);
}

/* seg_len is floor(sqrt(dx^2 + dy^2)) exactly: steps of any size up to
 * FXL_SIZE_MAX per axis, exact Pythagorean lengths (3k, 4k: 5k) and one
 * raw unit off them, squares +-1 of the length. */
static void seg_len_exact(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy seg_len");
    uint32_t n = FXLT_CASES(200000) + 100, i, bad = 0;
    trail *t = &T;
    init(t, 4, 0, 0);
    for (i = 0; i < n; i++) {
        int32_t dx, dy;
        const fxl_curvy_node *a, *b;
        uint32_t kind = fxlt_below(&rng, 4);
        if (kind == 0) {
            int32_t k = fxlt_range(&rng, 0, FXL_SIZE_MAX / 4);
            dx = 3 * k + fxlt_range(&rng, -1, 1);
            dy = 4 * k;
        } else if (kind == 1) {
            dx = fxlt_range(&rng, -FXL_SIZE_MAX, FXL_SIZE_MAX);
            dy = fxlt_range(&rng, -FXL_SIZE_MAX, FXL_SIZE_MAX);
        } else {
            int32_t m = (int32_t)(1u << fxlt_below(&rng, 29)) - 1;
            dx = fxlt_range(&rng, -m, m);
            dy = fxlt_range(&rng, -m, m);
        }
        fxl_curvy_clear(&t->c);
        push(t, dx < 0 ? FXL_SIZE_MAX : 0, dy < 0 ? FXL_SIZE_MAX : 0, 0);
        push(t, (dx < 0 ? FXL_SIZE_MAX : 0) + dx, (dy < 0 ? FXL_SIZE_MAX : 0) + dy, 0);
        a = fxl_curvy_node_at(&t->c, 0);
        b = fxl_curvy_node_at(&t->c, 1);
        if (!is_floor_sqrt(b->seg_len, (int64_t)b->p.x - a->p.x, (int64_t)b->p.y - a->p.y) ||
            t->c.length != b->seg_len)
            bad++;
    }
    fxlt_printf("    %u lengths, %u not floor(sqrt)\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* One case of len_mid: fxl__curvy_len_mid where the push takes it (q =
 * (ax | ay) >> 16 in 1..31), against fxl__isqrt64 of the 64-bit sum. */
static uint32_t len_mid_bad(uint32_t ax, uint32_t ay, uint32_t *tested)
{
    uint32_t q = (ax | ay) >> 16;
    if (q - 1u >= 31u)
        return 0;
    (*tested)++;
    return fxl__curvy_len_mid(ax, ay, q) != fxl__isqrt64((uint64_t)ax * ax + (uint64_t)ay * ay);
}

/* curvy_parts.h's fxl__curvy_len_mid (the push's square root for a step of
 * 1 to 32 px) against fxl__isqrt64: the range's ends (ax | ay = 2^16 and
 * 2^21 - 1, each axis), every knot of its table at every shift (w = a^2 +
 * b^2 at j 2^23 and a unit of b either side, the dropped low bits all 0 or
 * all 1), exact Pythagorean lengths and a raw unit off, squares and a unit
 * off on one axis, random steps of each size. */
static void len_mid(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy.len_mid");
    uint32_t n = FXLT_CASES(300000) + 100, i, s, j, bad = 0, tested = 0;
    for (i = 0; i < 2048; i++) {
        uint32_t u = i << 10, v = (1u << 21) - 1u - i;
        bad += len_mid_bad(1u << 16, u, &tested) + len_mid_bad(u, 1u << 16, &tested);
        bad += len_mid_bad((1u << 16) - 1u, (1u << 16) + i, &tested);
        bad += len_mid_bad((1u << 21) - 1u, u, &tested) + len_mid_bad(u, (1u << 21) - 1u, &tested);
        bad += len_mid_bad(v, v, &tested) + len_mid_bad(v, i, &tested);
    }
    for (s = 2; s <= 6; s++)
        for (j = 32; j < 256; j++) {
            /* a, b with max(a, b) in [2^14, 2^15) (the shift s) and a^2 +
             * b^2 = j 2^23 or just below it (b's floor root). */
            uint32_t a = (uint32_t)fxlt_range(&rng, 1 << 14, (1 << 15) - 1), b, db;
            if ((uint64_t)a * a > (uint64_t)j << 23)
                a = fxl__isqrt64((uint64_t)j << 23);
            b = fxl__isqrt64(((uint64_t)j << 23) - (uint64_t)a * a);
            for (db = 0; db < 3; db++) {
                uint32_t bb = b + db - 1u, lo = (1u << s) - 1u;
                if (bb >= (1u << 15) || (a < (1u << 14) && bb < (1u << 14)))
                    continue;
                bad += len_mid_bad(a << s, bb << s, &tested) + len_mid_bad((a << s) | lo, (bb << s) | lo, &tested);
                bad += len_mid_bad(bb << s, (a << s) | lo, &tested);
            }
        }
    for (i = 0; i < n; i++) {
        uint32_t kind = fxlt_below(&rng, 3), ax, ay;
        if (kind == 0) { /* (3k, 4k), a raw unit off on each axis */
            uint32_t k = (uint32_t)fxlt_range(&rng, 1 << 14, ((1 << 21) - 2) / 4);
            ax = 3u * k + (uint32_t)fxlt_range(&rng, -1, 1);
            ay = 4u * k + (uint32_t)fxlt_range(&rng, -1, 1);
        } else if (kind == 1) { /* a square on one axis, a unit off, a small other */
            ax = (uint32_t)fxlt_range(&rng, 1 << 8, (1 << 10) + 400);
            ax = ax * ax + (uint32_t)fxlt_range(&rng, -1, 1);
            ay = (uint32_t)fxlt_range(&rng, 0, 3);
        } else { /* any step of 2^16 .. 2^21 on its longer axis */
            uint32_t m = (1u << fxlt_range(&rng, 16, 21)) - 1u;
            ax = (uint32_t)fxlt_range(&rng, 0, (int32_t)m);
            ay = (uint32_t)fxlt_range(&rng, 0, (int32_t)m);
        }
        bad += len_mid_bad(ax, ay, &tested) + len_mid_bad(ay, ax, &tested);
    }
    fxlt_printf("    %u roots in the fast range, %u not floor(sqrt)\n", tested, bad);
    CHECK(tested > n);
    CHECK_EQ(bad, 0);
}

/* A trail with no budget stays a fix16_t: the length is kept <= INT32_MAX. */
static void unbounded_length(void)
{
    trail *t = &T;
    uint32_t i;
    init(t, CAP_MAX, 0, 0);
    for (i = 0; i < CAP_MAX; i++)
        push(t, (i & 1) ? FXL_SIZE_MAX : 0, (i & 2) ? FXL_SIZE_MAX : 0, 0);
    CHECK(t->c.length > 0 && t->c.count < CAP_MAX && trail_ok(&t->c));
    CHECK((int64_t)t->c.length + FXL_SIZE_MAX * 2 > INT32_MAX);
}

/* ---- widths ---------------------------------------------------------------------------------- */

static void widths(void)
{
    trail *t = &T;
    uint32_t k;
    init(t, 16, PX(10), 0);
    for (k = 0; k < 9; k++)
        push(t, PX(10 * (int32_t)k), 0, PX(10));
    t->c.taper = PX(2);
    /* e = 0 1 2 3 4 3 2 1 0: min(10, 2 (1 + e)) px */
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 0), PX(2));
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 1), PX(4));
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 4), PX(10));
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 7), PX(4));
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 8), PX(2));
    t->c.hit_fraction = fix16_one / 2 + 1;
    /* 4 px * (0.5 + 2^-16) = 2 px + 4 raw */
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 1), PX(2) + 4);
    t->c.taper = 0;
    fxl_curvy_node_at(&t->c, 3)->half_width = 3; /* 3 * (0.5 + 2^-16) = 1.5000458: rounds to 2 */
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 3), 2);
    fxl_curvy_node_at(&t->c, 3)->half_width = 1; /* 0.5000153: 1 (halves up) */
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 3), 1);
    t->c.hit_fraction = fix16_one / 2;
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 3), 1); /* exactly half: up */
    for (k = 0; k < 9; k++)
        CHECK_EQ(fxl_curvy_hit_width(&t->c, k), ref_curvy_width(&t->c, k));
    t->c.taper = 1; /* a one-raw-unit taper */
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 4), 3); /* 5 raw * 0.5 = 2.5: 3 */
    t->c.harmless = true;
    CHECK_EQ(fxl_curvy_hit_width(&t->c, 4), 0);
}

/* fxl__curvy_hit_pair (the ARM tests' hit widths: one 64-bit product a
 * node at a fraction of one) against fxl__curvy_hit node by node, and the
 * reference's widths on live segments: random trails, tapers whose product
 * equals a node's width (and one raw unit either side), and, on a bare
 * fxl_curvy (the helper reads count, taper and hit_fraction only), every
 * combination of extreme counts, live segments' indices (its domain),
 * tapers (the split products' hi >= 2^12 and lo >= 2^28 cases, negative
 * ones read as unsigned) and widths. */
static void pair_same(const fxl_curvy *c, uint32_t k, fix16_t wa, fix16_t wb)
{
    uint32_t h0 = 0xDEADu, h1 = 0xBEEFu;
    fxl__curvy_hit_pair(c, k, wa, wb, &h0, &h1);
    CHECK_EQ(h0, fxl__curvy_hit(c, k, wa));
    CHECK_EQ(h1, fxl__curvy_hit(c, k + 1u, wb));
}

static void hit_pair_widths(void)
{
    static const uint32_t counts[] = {2u, 3u, 17u, 4097u, 8193u, 65535u};
    static const fix16_t tapers[] = {0, 1, 0xFFFF, 0x10000, 0x10001, 0x123456, FXL_SIZE_MAX,
                                     FXL_SIZE_MAX + 1, INT32_MAX, -1, INT32_MIN};
    static const fix16_t ws[] = {INT32_MIN, -1, 0, 1, PX(4), FXL_SIZE_MAX, FXL_SIZE_MAX + 1,
                                 INT32_MAX};
    static const fix16_t fracs[] = {fix16_one, fix16_one / 2, fix16_one - 1, 0};
    fxlt_rng rng = fxlt_rng_for("curvy.hit_pair_widths");
    trail *t = &T;
    fxl_curvy bare;
    size_t ci, ti, wi, fi;
    int round;
    for (round = 0; round < 60; round++) {
        uint32_t n = (uint32_t)fxlt_range(&rng, 2, 40), k;
        init(t, CAP_MAX, PX(8), 0);
        for (k = 0; k < n; k++)
            push(t, PX(3 * (int32_t)k), PX(fxlt_range(&rng, 0, 9)), fxlt_range(&rng, 0, PX(8)));
        t->c.taper = round % 4 == 0 ? 0 : fxlt_range(&rng, 1, round % 4 == 1 ? PX(3) : FXL_SIZE_MAX);
        t->c.hit_fraction = round % 3 == 0 ? fxlt_range(&rng, 0, fix16_one) : fix16_one;
        if (round % 5 == 1 && n >= 3) {
            /* A taper whose product is exactly node k's width, or a raw
             * unit off: the min's tie and its two sides. */
            uint32_t kk = (uint32_t)fxlt_range(&rng, 0, (int32_t)n - 1), e = kk < n - 1u - kk ? kk : n - 1u - kk;
            fix16_t tp = (fix16_t)fxlt_range(&rng, 1, PX(1));
            fxl_curvy_node_at(&t->c, kk)->half_width = (fix16_t)((uint32_t)tp * (1u + e) - 1u + (uint32_t)(round % 3));
            t->c.taper = tp;
        }
        for (k = 0; k + 1u < t->c.count; k++) {
            fix16_t wa = fxl_curvy_node_at(&t->c, k)->half_width, wb = fxl_curvy_node_at(&t->c, k + 1u)->half_width;
            uint32_t h0, h1;
            pair_same(&t->c, k, wa, wb);
            fxl__curvy_hit_pair(&t->c, k, wa, wb, &h0, &h1);
            CHECK_EQ(h0, ref_curvy_width(&t->c, k));
            CHECK_EQ(h1, ref_curvy_width(&t->c, k + 1u));
        }
    }
    bare = T.c;
    for (ci = 0; ci < FXLT_COUNT(counts); ci++)
        for (ti = 0; ti < FXLT_COUNT(tapers); ti++)
            for (fi = 0; fi < FXLT_COUNT(fracs); fi++) {
                uint32_t cnt = counts[ci];
                const uint32_t ks[] = {0u, 1u, cnt / 2u - 1u, cnt / 2u, cnt - 2u, 4094u, 4095u, 8191u};
                size_t kj;
                bare.count = cnt;
                bare.taper = tapers[ti];
                bare.hit_fraction = fracs[fi];
                for (kj = 0; kj < FXLT_COUNT(ks); kj++)
                    if (ks[kj] + 1u < cnt) /* live segments only (the helper's domain) */
                        for (wi = 0; wi < FXLT_COUNT(ws); wi++)
                            pair_same(&bare, ks[kj], ws[wi], ws[FXLT_COUNT(ws) - 1u - wi]);
            }
    for (round = 0; round < 4000; round++) {
        bare.count = (uint32_t)fxlt_range(&rng, 2, 65535);
        bare.taper = (fix16_t)fxlt_next(&rng);
        if (round & 1)
            bare.taper = (fix16_t)((uint32_t)bare.taper >> fxlt_range(&rng, 0, 31));
        bare.hit_fraction = round % 3 == 0 ? fxlt_range(&rng, 0, fix16_one) : fix16_one;
        pair_same(&bare, (uint32_t)fxlt_range(&rng, 0, (int32_t)bare.count - 2), (fix16_t)fxlt_next(&rng),
                  fxlt_range(&rng, 0, FXL_SIZE_MAX));
    }
}

/* ---- exact unit cases --------------------------------------------------------------------- */

static void straight_and_joints(void)
{
    trail *t = &T;
    init(t, 16, PX(16), 0);
    CHECK(!hit(t, 0, 0, PX(100))); /* empty */
    push(t, 0, 0, PX(2));
    CHECK(!hit(t, 0, 0, PX(100))); /* one node: no segment */
    push(t, PX(100), 0, PX(2));
    touch_at(t, PX(50), PX(10), PX(8));   /* beside: 10 - 2 */
    touch_at(t, PX(-7), 0, PX(5));        /* beyond the tail: 7 - 2 */
    touch_at(t, PX(103), PX(4), PX(3));   /* 3-4-5 from the head: 5 - 2 */
    touch_at(t, PX(50), PX(2), 0);        /* on the edge: touching at r = 0 */
    CHECK(hit(t, PX(50), PX(2) - 1, 0));
    CHECK(!hit(t, PX(50), PX(2) + 1, 0));
    /* A bend down at (100, 0) with a wide joint: the joint's disk. */
    fxl_curvy_node_at(&t->c, 1)->half_width = PX(6);
    push(t, PX(100), PX(60), PX(1));
    fxl_curvy_node_at(&t->c, 1)->half_width = PX(2);
    touch_at(t, PX(100), PX(-5), PX(3));
    touch_at(t, PX(100), PX(65), PX(4)); /* beyond the head on the axis */
    {   /* beside the head the tapered side is nearer than the head's disk */
        fix16_t r = (fix16_t)ref_curvy_touch(&t->c, PX(105), PX(60));
        CHECK(r < PX(4) && r > PX(4) - 100);
        touch_at(t, PX(105), PX(60), r);
    }
    /* Zero-length segments: a disk. */
    init(t, 16, PX(16), 0);
    push(t, PX(7), PX(7), PX(3));
    push(t, PX(7), PX(7), PX(3));
    touch_at(t, PX(12), PX(7), PX(2));
    touch_at(t, PX(4), PX(11), PX(2));
    /* One disk holds the other: the big one. */
    init(t, 16, PX(16), 0);
    push(t, 0, 0, PX(10));
    push(t, PX(3), 0, PX(2));
    touch_at(t, 0, PX(15), PX(5));
    touch_at(t, PX(-13), 0, PX(3));
    touch_at(t, PX(14), 0, PX(4));
    /* Tapered: widths 0 and 6 px over 100 px; beside the middle the hull's
     * side is the tangent line (the reference decides the exact radius). */
    init(t, 16, PX(16), 0);
    push(t, 0, 0, 0);
    push(t, PX(100), 0, PX(6));
    {
        fix16_t r = (fix16_t)ref_curvy_touch(&t->c, PX(50), PX(20));
        CHECK(r > PX(16) && r < PX(18));
        touch_at(t, PX(50), PX(20), r);
    }
    touch_at(t, PX(-9), 0, PX(9));
    touch_at(t, PX(108), 0, PX(2));
    /* Harmless and cut segments never hit. */
    t->c.harmless = true;
    CHECK(!hit(t, PX(50), 0, PX(10)));
    t->c.harmless = false;
    fxl_curvy_cut_range(&t->c, 0, 0, true);
    CHECK(!hit(t, PX(50), 0, PX(10)));
    fxl_curvy_cut_range(&t->c, 0, 5, false);
    CHECK(hit(t, PX(50), 0, PX(10)));
}

/* Nodes spaced far wider than the width, sharp bends (a zig-zag of near
 * reversals), and a wrapped ring whose oldest segments are covered by the
 * spare box. */
static void bends_and_wraps(void)
{
    trail *t = &T;
    int32_t i;
    init(t, 10, PX(16), 0);
    for (i = 0; i < 15; i++) /* slots 5..9, 0..4 live: the tail in chunk 0 after the head */
        push(t, PX(100 * i), (i & 1) ? PX(3) : 0, PX(1));
    CHECK(t->c.count == 10 && t->c.tail == 5 && trail_ok(&t->c));
    {
        /* beside old and new segments, near the joint at the ring's seam */
        static const int32_t at[5][2] = {{550, 10}, {450, -5}, {520, -20}, {1390, 20}, {905, 1}};
        for (i = 0; i < 5; i++) {
            fix16_t r = (fix16_t)ref_curvy_touch(&t->c, PX(at[i][0]), PX(at[i][1]));
            touch_at(t, PX(at[i][0]), PX(at[i][1]), r);
        }
    }
    /* A zig-zag with near reversals, widths changing at every node. */
    init(t, 32, PX(16), 0);
    for (i = 0; i < 20; i++)
        push(t, (i & 1) ? PX(40) : 0, PX(i), PX(1 + (i % 5)));
    for (i = 0; i < 200; i++) {
        fix16_t x = PX(-10) + PX(i) / 3, y = PX(-5) + (PX(30) / 200) * i;
        fix16_t r = (fix16_t)ref_curvy_touch(&t->c, x, y);
        touch_at(t, x, y, r);
    }
}

/* ---- random trails ------------------------------------------------------------------------- */

enum { G_NEAR, G_JOINT, G_ZERO, G_WIDE, G_EDGE, G_KINDS };

static fix16_t clamp_coord(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : (fix16_t)v;
}

/* A random trail of the given kind: game-sized trails with steps from 0 to
 * 8 px, sharp joints of 3-5 nodes with widely varying widths, many
 * zero-length steps, nodes 50-300 px apart with thin widths, or the edges
 * of the domain (coordinates near +-2^30, steps and widths up to 2^28).
 * Sometimes tapered, a hit fraction, a budget, cuts, harmless. */
static void gen_trail(fxlt_rng *rng, trail *t, int kind)
{
    uint32_t cap = kind == G_JOINT ? 2 + fxlt_below(rng, 4) : 2 + fxlt_below(rng, 30);
    uint32_t n = kind == G_JOINT ? cap : 1 + fxlt_below(rng, 2 * cap + 2), i;
    fix16_t wmax = kind == G_EDGE ? fxlt_range(rng, 0, FXL_SIZE_MAX)
                   : kind == G_WIDE ? PX(4) : fxlt_range(rng, 1, PX(16));
    fix16_t x = kind == G_EDGE ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX) : PX(fxlt_range(rng, -50, 50));
    fix16_t y = kind == G_EDGE ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX) : PX(fxlt_range(rng, -50, 50));
    fix16_t w = fxlt_range(rng, 0, wmax);
    init(t, cap, wmax, fxlt_below(rng, 4) == 0 ? PX(fxlt_range(rng, 1, 300)) : 0);
    if (fxlt_below(rng, 4) == 0)
        t->c.taper = fxlt_range(rng, 1, wmax / 2 + 1);
    if (fxlt_below(rng, 3) == 0)
        t->c.hit_fraction = fxlt_range(rng, 0, fix16_one);
    for (i = 0; i < n; i++) {
        int32_t s;
        switch (kind) {
        case G_NEAR: s = PX(fxlt_range(rng, 0, 8)); break;
        case G_JOINT: s = PX(fxlt_range(rng, 1, 40)); break;
        case G_ZERO: s = fxlt_below(rng, 2) ? 0 : PX(fxlt_range(rng, 0, 3)); break;
        case G_WIDE: s = PX(fxlt_range(rng, 50, 300)); break;
        default: s = fxlt_below(rng, 2) ? FXL_SIZE_MAX : fxlt_range(rng, 0, FXL_SIZE_MAX); break;
        }
        if (i > 0) {
            int32_t dx = fxlt_range(rng, -s, s), dy = fxlt_range(rng, -s, s);
            x = clamp_coord((int64_t)x + dx);
            y = clamp_coord((int64_t)y + dy);
        }
        if (kind == G_JOINT || fxlt_below(rng, 4) == 0)
            w = fxlt_range(rng, 0, wmax);
        push(t, x, y, w);
    }
    if (fxlt_below(rng, 6) == 0 && t->c.count > 1) {
        uint32_t a = fxlt_below(rng, t->c.count), b = fxlt_below(rng, t->c.count);
        fxl_curvy_cut_range(&t->c, a, b, true);
    }
    t->c.harmless = fxlt_below(rng, 50) == 0;
}

/* A point near segment k (or near its older node), clamped to the domain. */
static fxl_vec2 gen_near(fxlt_rng *rng, const fxl_curvy *c, int kind)
{
    uint32_t k = c->count > 1 ? fxlt_below(rng, c->count - 1) : 0;
    const fxl_curvy_node *a = fxl_curvy_node_at(c, k);
    const fxl_curvy_node *b = fxl_curvy_node_at(c, c->count > 1 ? k + 1 : k);
    int64_t u = fxlt_below(rng, 3) == 0 ? 0 : fxlt_range(rng, 0, 65536);
    int32_t spread = kind == G_EDGE ? FXL_SIZE_MAX : kind == G_WIDE ? PX(20) : PX(24);
    int64_t x = a->p.x + ((int64_t)(b->p.x - a->p.x) * u) / 65536 + fxlt_range(rng, -spread, spread);
    int64_t y = a->p.y + ((int64_t)(b->p.y - a->p.y) * u) / 65536 + fxlt_range(rng, -spread, spread);
    return v2(clamp_coord(x), clamp_coord(y));
}

/* One static case: the core against the reference. */
static uint32_t static_case(const fxl_curvy *c, fxl_circle circle, uint32_t *hits)
{
    bool got = fxl_curvy_vs_circle(c, circle), want = ref_curvy_circle(c, circle);
    *hits += want ? 1u : 0u;
    if (got != want) {
        static uint32_t shown;
        if (shown++ < 5)
            fxlt_printf("    differ: (%d, %d) r %d: core %d, reference %d\n", (int)circle.c.x,
                    (int)circle.c.y, (int)circle.r, (int)got, (int)want);
        return 1;
    }
    return 0;
}

/* The circle at the reference's touching radius r (0 <= r <= FXL_SIZE_MAX,
 * Q16.16) and, if r > 0, one raw unit below, each against the core
 * (static_case); circle->r is left at the last radius tried; returns the
 * cases run. */
static uint32_t touch_pair(const fxl_curvy *c, fxl_circle *circle, int64_t r, uint32_t *hits, uint32_t *bad)
{
    circle->r = (fix16_t)r;
    *bad += static_case(c, *circle, hits);
    if (r == 0)
        return 1;
    circle->r = (fix16_t)r - 1;
    *bad += static_case(c, *circle, hits);
    return 2;
}

/* A static test's closing line and checks: no disagreement, more than
 * 1/share of the cases touching, no big-integer fault since faults. */
static void touch_report(uint32_t cases, uint32_t touching, uint32_t hits, uint32_t bad, uint32_t share,
                         uint32_t faults)
{
    fxlt_printf("    %u cases (%u at the touching radius and below), %u hits, %u disagreements\n",
                cases, touching, hits, bad);
    CHECK_EQ(bad, 0);
    CHECK(touching > cases / share);
    CHECK_EQ(big_faults(), faults);
}

/* >= 1,000,000 circles against random trails of every kind; about half at
 * the reference's smallest touching radius and one raw unit below. */
static void static_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy static");
    uint32_t target = FXLT_CASES(1000000), cases = 0, touching = 0, hits = 0, bad = 0;
    uint32_t faults = big_faults();
    trail *t = &T;
    while (cases < target) {
        int kind = (int)fxlt_below(&rng, G_KINDS), i;
        gen_trail(&rng, t, kind);
        for (i = 0; i < 24 && cases < target; i++) {
            fxl_vec2 p = gen_near(&rng, &t->c, kind);
            fxl_circle circle = fxl_circle_make(p.x, p.y, 0);
            if (fxlt_below(&rng, 2) == 0) {
                int64_t r = ref_curvy_touch(&t->c, p.x, p.y);
                if (r <= FXL_SIZE_MAX) {
                    cases += touch_pair(&t->c, &circle, r, &hits, &bad);
                    touching++;
                    continue;
                }
            }
            circle.r = fxlt_range(&rng, 0, kind == G_EDGE ? FXL_SIZE_MAX : PX(20));
            bad += static_case(&t->c, circle, &hits);
            cases++;
        }
    }
    touch_report(cases, touching, hits, bad, 5, faults);
}

/* The filters built on a segment's stored length (curvy_parts.h's
 * fxl__curvy_len1: the slab at seg_len + 1, the untapered capsule's sure
 * hit and sure miss): untapered trails of diagonal steps of every size,
 * circles centred beside a segment's middle part at the reference's
 * touching radius and one unit below, and boxes about those centres; the
 * same again after a node's seg_len was changed behind the push's back
 * (the check against the squares must then drop the filters: the answers
 * stay the reference's). */
static void length_filters(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy length filters");
    uint32_t target = FXLT_CASES(200000), cases = 0, touching = 0, hits = 0, bad = 0, i;
    uint32_t faults = big_faults();
    trail *t = &T;
    while (cases < target) {
        uint32_t cap = 2 + fxlt_below(&rng, 12), n = 2 + fxlt_below(&rng, 2 * cap), size = fxlt_below(&rng, 3);
        fix16_t w = fxlt_range(&rng, 0, PX(8)), x = PX(fxlt_range(&rng, -50, 50)), y = PX(fxlt_range(&rng, -50, 50));
        bool corrupt = fxlt_below(&rng, 4) == 0;
        init(t, cap, PX(8), 0);
        if (fxlt_below(&rng, 3) == 0)
            t->c.hit_fraction = fxlt_range(&rng, 0, fix16_one);
        for (i = 0; i < n; i++) {
            int32_t s = size == 0 ? PX(8) : size == 1 ? PX(300) : PX(4000);
            x = clamp_coord((int64_t)x + fxlt_range(&rng, -s, s));
            y = clamp_coord((int64_t)y + fxlt_range(&rng, -s, s));
            push(t, x, y, fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, PX(8)) : w);
        }
        if (corrupt && t->c.count > 1) {
            fxl_curvy_node *b = fxl_curvy_node_at(&t->c, 1 + fxlt_below(&rng, t->c.count - 1));
            int32_t e = (int32_t)fxlt_below(&rng, 4);
            b->seg_len = e == 0 ? b->seg_len + 1 : e == 1 ? b->seg_len - 1 : e == 2 ? 0 : fxlt_range(&rng, 0, PX(9000));
        }
        for (i = 0; i < 16 && t->c.count > 1; i++) {
            uint32_t k = fxlt_below(&rng, t->c.count - 1);
            const fxl_curvy_node *a = fxl_curvy_node_at(&t->c, k), *b = fxl_curvy_node_at(&t->c, k + 1);
            int64_t u = fxlt_range(&rng, 1, 65535), off = fxlt_range(&rng, -PX(12), PX(12));
            int64_t dx = (int64_t)b->p.x - a->p.x, dy = (int64_t)b->p.y - a->p.y;
            double len = sqrt((double)dx * (double)dx + (double)dy * (double)dy);
            int64_t px = a->p.x + dx * u / 65536, py = a->p.y + dy * u / 65536, r;
            fxl_circle circle;
            fxl_aabb box;
            if (len > 0) { /* off the line, perpendicular */
                px += (int64_t)(-(double)dy / len * (double)off);
                py += (int64_t)((double)dx / len * (double)off);
            }
            circle = fxl_circle_make(clamp_coord(px), clamp_coord(py), 0);
            r = ref_curvy_touch(&t->c, circle.c.x, circle.c.y);
            if (r > FXL_SIZE_MAX)
                continue;
            cases += touch_pair(&t->c, &circle, r, &hits, &bad);
            touching++;
            box.lo = v2(clamp_coord((int64_t)circle.c.x - circle.r), clamp_coord((int64_t)circle.c.y - circle.r));
            box.hi = v2(clamp_coord((int64_t)circle.c.x + circle.r),
                        clamp_coord((int64_t)circle.c.y + (int64_t)fxlt_below(&rng, 2) * circle.r));
            if (fxl_curvy_vs_aabb(&t->c, box) != ref_curvy_aabb(&t->c, box))
                bad++;
            cases++;
        }
    }
    touch_report(cases, touching, hits, bad, 4, faults);
}

/* A ring cleared and refilled (a bouncing beam's legs pushed every frame),
 * and budgets that drop a trail down to its head: the chunk start that
 * leaves a node alone (curvy.c's chunk_start) keeps every box the walk
 * reads holding the live segments; circles near every segment, at the
 * reference's touching radius and one unit below, against the reference,
 * and the trail's invariants after every push. */
static void clear_and_refill(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy clear and refill");
    uint32_t target = FXLT_CASES(100000), cases = 0, hits = 0, bad = 0, i, j;
    trail *t = &T;
    while (cases < target) {
        uint32_t cap = 2 + fxlt_below(&rng, 40), rounds = 1 + fxlt_below(&rng, 6);
        fix16_t x = PX(fxlt_range(&rng, -50, 50)), y = PX(fxlt_range(&rng, -50, 50));
        init(t, cap, PX(8), 0);
        if (fxlt_below(&rng, 3) == 0)
            t->c.taper = fxlt_range(&rng, 1, PX(2));
        for (j = 0; j < rounds; j++) {
            uint32_t n = 1 + fxlt_below(&rng, 2 * cap + 2);
            if (fxlt_below(&rng, 2) == 0)
                fxl_curvy_clear(&t->c);
            t->c.max_length = fxlt_below(&rng, 3) == 0 ? PX(fxlt_range(&rng, 1, 40)) : 0;
            for (i = 0; i < n; i++) {
                x = clamp_coord((int64_t)x + PX(fxlt_range(&rng, -60, 60)));
                y = clamp_coord((int64_t)y + PX(fxlt_range(&rng, -60, 60)));
                push(t, x, y, fxlt_range(&rng, 0, PX(8)));
                if (!trail_ok(&t->c))
                    bad++;
            }
            for (i = 0; i < 8; i++) {
                fxl_vec2 p = gen_near(&rng, &t->c, G_NEAR);
                fxl_circle circle = fxl_circle_make(p.x, p.y, 0);
                int64_t r = ref_curvy_touch(&t->c, p.x, p.y);
                if (r > FXL_SIZE_MAX) {
                    circle.r = fxlt_range(&rng, 0, PX(20));
                    bad += static_case(&t->c, circle, &hits);
                    cases++;
                    continue;
                }
                cases += touch_pair(&t->c, &circle, r, &hits, &bad);
            }
        }
    }
    fxlt_printf("    %u cases, %u hits, %u disagreements or broken trails\n", cases, hits, bad);
    CHECK_EQ(bad, 0);
}

/* ---- batch, band, cuts ------------------------------------------------------------------------ */

/* The batch equals the single test bit for bit; the band equals two
 * single tests (r and r + graze) and names the first segment, from the
 * tail, of its band (by the reference, segment by segment). */
static void batch_and_band(void)
{
    static fxl_circle circles[100] FXL_EWRAM_BSS;
    static uint32_t bits[4];
    ref_seg *segs = segs_buf;
    uint32_t *idx = idx_buf;
    fxlt_rng rng = fxlt_rng_for("curvy batch band");
    uint32_t rounds = FXLT_CASES(4000) + 4, round, bad = 0, bands[3] = {0, 0, 0};
    trail *t = &T;
    for (round = 0; round < rounds; round++) {
        int kind = (int)fxlt_below(&rng, G_KINDS), nsegs, j;
        size_t n = fxlt_below(&rng, 100), i, hits = 0, got;
        gen_trail(&rng, t, kind);
        for (i = 0; i < 4; i++)
            bits[i] = 0xA5A5A5A5u;
        for (i = 0; i < n; i++) {
            fxl_vec2 p = gen_near(&rng, &t->c, kind);
            circles[i] = fxl_circle_make(p.x, p.y, fxlt_range(&rng, 0, kind == G_EDGE ? FXL_SIZE_MAX : PX(12)));
        }
        got = fxl_curvy_vs_circles(&t->c, circles, n, bits);
        for (i = 0; i < n; i++) {
            bool h = fxl_curvy_vs_circle(&t->c, circles[i]);
            hits += h ? 1u : 0u;
            if (h != (((bits[i >> 5] >> (i & 31u)) & 1u) != 0))
                bad++;
        }
        if (n % 32 != 0 && (bits[n >> 5] >> (n & 31u)) != 0) /* unused bits cleared */
            bad++;
        if (got != hits || fxl_curvy_vs_circles(&t->c, circles, n, NULL) != hits)
            bad++;
        nsegs = ref_curvy_segs(&t->c, segs, idx, CAP_MAX);
        for (i = 0; i < n && i < 16; i++) {
            fix16_t graze = fxlt_range(&rng, 0, kind == G_EDGE ? FXL_SIZE_MAX : PX(8));
            uint32_t seg = 12345, want_seg = 12345;
            fxl_band b = fxl_curvy_band(&t->c, circles[i], graze, &seg), want = FXL_BAND_CLEAR;
            for (j = 0; j < nsegs && want != FXL_BAND_HIT; j++) {
                if (ref_seg_point(&segs[j], circles[i].c.x, circles[i].c.y, circles[i].r)) {
                    want = FXL_BAND_HIT;
                    want_seg = idx[j];
                } else if (want == FXL_BAND_CLEAR &&
                           ref_seg_point(&segs[j], circles[i].c.x, circles[i].c.y,
                                         (int64_t)circles[i].r + graze)) {
                    want = FXL_BAND_GRAZE;
                    want_seg = idx[j];
                }
            }
            bands[b]++;
            if (b != want || seg != want_seg || (b == FXL_BAND_HIT) != fxl_curvy_vs_circle(&t->c, circles[i]))
                bad++;
            if (b == FXL_BAND_CLEAR && fxl_curvy_band(&t->c, circles[i], graze, NULL) != b)
                bad++;
        }
    }
    fxlt_printf("    %u rounds, bands clear/graze/hit %u/%u/%u, %u disagreements\n", rounds, bands[0],
                bands[1], bands[2], bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(bands[1] > rounds / 10 && bands[2] > rounds / 10);
}

/* A bomb cuts exactly the segments it touches (harmless or not); after it,
 * the trail no longer touches the bomb. */
static void cut_circle_property(void)
{
    static uint32_t before[CAP_MAX] FXL_EWRAM_BSS;
    ref_seg *segs = segs_buf;
    uint32_t *idx = idx_buf;
    fxlt_rng rng = fxlt_rng_for("curvy cut");
    uint32_t rounds = FXLT_CASES(20000) + 4, round, bad = 0, total = 0;
    trail *t = &T;
    for (round = 0; round < rounds; round++) {
        int kind = (int)fxlt_below(&rng, G_KINDS), nsegs, j;
        fxl_vec2 p;
        fxl_circle bomb;
        bool harmless;
        uint32_t k, touched = 0;
        size_t n;
        gen_trail(&rng, t, kind);
        p = gen_near(&rng, &t->c, kind);
        bomb = fxl_circle_make(p.x, p.y, fxlt_range(&rng, 0, kind == G_EDGE ? FXL_SIZE_MAX : PX(20)));
        harmless = t->c.harmless;
        t->c.harmless = false;
        nsegs = ref_curvy_segs(&t->c, segs, idx, CAP_MAX);
        for (k = 0; k + 1 < t->c.count; k++)
            before[k] = fxl_curvy_node_at(&t->c, k + 1)->flags;
        for (j = 0; j < nsegs; j++)
            touched += ref_seg_point(&segs[j], bomb.c.x, bomb.c.y, bomb.r) ? 1u : 0u;
        t->c.harmless = harmless;
        n = fxl_curvy_cut_circle(&t->c, bomb);
        total += (uint32_t)n;
        if (n != touched)
            bad++;
        t->c.harmless = false;
        for (j = 0; j < nsegs; j++) {
            uint32_t f = fxl_curvy_node_at(&t->c, idx[j] + 1)->flags;
            bool was = ref_seg_point(&segs[j], bomb.c.x, bomb.c.y, bomb.r);
            if (f != (was ? before[idx[j]] | FXL_CURVY_CUT : before[idx[j]]))
                bad++;
        }
        if (fxl_curvy_vs_circle(&t->c, bomb) || ref_curvy_circle(&t->c, bomb) ||
            fxl_curvy_cut_circle(&t->c, bomb) != 0)
            bad++;
    }
    fxlt_printf("    %u bombs, %u segments cut, %u disagreements\n", rounds, total, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(total > rounds);
}

/* ---- moving circles ---------------------------------------------------------------------------- */

static bool moves(const trail *t, fix16_t x, fix16_t y, fix16_t r, fix16_t tx, fix16_t ty)
{
    return fxl_curvy_vs_moving_circle(&t->c, fxl_circle_make(x, y, r), v2(tx, ty));
}

static void expect_moving(const trail *t, fix16_t x, fix16_t y, fix16_t r, fix16_t tx, fix16_t ty,
                          bool want)
{
    if (!CHECK(moves(t, x, y, r, tx, ty) == want))
        fxlt_printf("    case (%d,%d)->(%d,%d) r %d\n", (int)(x >> 16), (int)(y >> 16), (int)(tx >> 16), (int)(ty >> 16), (int)r);
    CHECK(ref_curvy_moving(&t->c, fxl_circle_make(x, y, r), v2(tx, ty)) == want);
}

static void moving_cases(void)
{
    trail *t = &T;
    init(t, 16, PX(16), 0);
    push(t, 0, 0, PX(2));
    push(t, PX(100), 0, PX(2));
    push(t, PX(100), PX(100), PX(1)); /* the newest segment grows down */
    CHECK(t->c.grew);
    /* Across a static segment: both ends miss, the path crosses. */
    CHECK(!hit(t, PX(50), PX(-20), PX(1)) && !hit(t, PX(50), PX(20), PX(1)));
    expect_moving(t, PX(50), PX(-20), PX(1), PX(50), PX(20), true);
    expect_moving(t, PX(50), PX(-20), PX(1), PX(50), PX(-4) - 1, false);
    expect_moving(t, PX(50), PX(-20), PX(1), PX(50), PX(-3), true);
    /* Over the growing head mid-frame: at s = 1/2 the tip is at (100, 50). */
    CHECK(!hit(t, PX(80), PX(50), PX(1)));
    expect_moving(t, PX(120), PX(50), PX(1), PX(80), PX(50), true);
    /* Across the new segment's line below the tip: the tip is not there yet. */
    expect_moving(t, PX(120), PX(90), PX(1), PX(80), PX(90), false);
    CHECK(hit(t, PX(100), PX(90), PX(1)));
    /* ... and just above the old head's disk and the old segment (3 px). */
    expect_moving(t, PX(120), PX(-3), PX(1), PX(80), PX(-3), true);
    expect_moving(t, PX(120), PX(-3) - 1, PX(1), PX(80), PX(-3) - 1, false);
    /* Staying still where the head ends: hit (no hole however fast). */
    expect_moving(t, PX(100), PX(60), 0, PX(100), PX(60), true);
    /* Running along behind the tip, just out of reach, then caught. */
    expect_moving(t, PX(100), PX(10), 0, PX(100), PX(110), false);
    expect_moving(t, PX(100), PX(10), 0, PX(100), PX(100) + PX(1), true);
    {
        fix16_t r = (fix16_t)ref_curvy_touch_moving(&t->c, PX(130), PX(40), v2(PX(60), PX(70)));
        expect_moving(t, PX(130), PX(40), r, PX(60), PX(70), true);
        expect_moving(t, PX(130), PX(40), r - 1, PX(60), PX(70), false);
    }
    /* Not grown: every segment static (the last push added none). */
    init(t, 16, PX(16), 0);
    push(t, PX(100), PX(100), PX(1));
    CHECK(!t->c.grew);
    expect_moving(t, PX(120), PX(50), PX(1), PX(80), PX(50), false);
    t->c.harmless = true;
    expect_moving(t, PX(100), PX(100), PX(5), PX(100), PX(100), false);
}

/* One moving case against the reference, and the invariants: a static hit
 * at the end (the trail now) or at the start (the trail before the head
 * moved: without the newest segment, with the old head's disk) implies a
 * moving hit; a circle that does not move is the static test. */
static uint32_t moving_case(trail *t, fxl_circle circle, fxl_vec2 to, uint32_t *hits, uint32_t *inv)
{
    bool got = fxl_curvy_vs_moving_circle(&t->c, circle, to);
    bool want = ref_curvy_moving(&t->c, circle, to), at_start, at_end;
    fxl_circle end = circle;
    end.c = to;
    at_end = fxl_curvy_vs_circle(&t->c, end);
    if (t->c.grew && !t->c.harmless &&
        (fxl_curvy_node_at(&t->c, t->c.count - 1)->flags & FXL_CURVY_CUT) == 0) {
        fxl_curvy_node *head = fxl_curvy_node_at(&t->c, t->c.count - 1);
        const fxl_curvy_node *a = fxl_curvy_node_at(&t->c, t->c.count - 2);
        uint32_t flags = head->flags;
        ref_seg disk;
        disk.ax = disk.bx = a->p.x;
        disk.ay = disk.by = a->p.y;
        disk.ha = disk.hb = ref_curvy_width(&t->c, t->c.count - 2);
        head->flags |= FXL_CURVY_CUT;
        at_start = fxl_curvy_vs_circle(&t->c, circle) || ref_seg_point(&disk, circle.c.x, circle.c.y, circle.r);
        head->flags = flags;
    } else {
        at_start = fxl_curvy_vs_circle(&t->c, circle);
    }
    if ((at_start || at_end) && !got) {
        if (*inv < 5)
            fxlt_printf("    inv: start %d end %d grew %d count %u (%d,%d)->(%d,%d) r %d\n", (int)at_start, (int)at_end, (int)t->c.grew, t->c.count, (int)circle.c.x, (int)circle.c.y, (int)to.x, (int)to.y, (int)circle.r);
        (*inv)++;
    }
    *hits += want ? 1u : 0u;
    if (got != want) {
        static uint32_t shown;
        if (shown++ < 5)
            fxlt_printf("    differ: (%d, %d) -> (%d, %d) r %d: core %d, reference %d\n", (int)circle.c.x,
                    (int)circle.c.y, (int)to.x, (int)to.y, (int)circle.r, (int)got, (int)want);
        return 1;
    }
    return 0;
}

/* Where a circle at p goes: up to 30 px (or, at the edges, up to 2^28 raw
 * per axis), clamped to the domain. */
static fxl_vec2 gen_to(fxlt_rng *rng, fxl_vec2 p, int kind)
{
    int32_t s = kind == G_EDGE ? FXL_SIZE_MAX : fxlt_below(rng, 4) == 0 ? PX(2) : PX(30);
    int32_t dx = fxlt_range(rng, -s, s), dy = fxlt_range(rng, -s, s);
    if (fxlt_below(rng, 16) == 0)
        dx = dy = 0;
    return v2(clamp_coord((int64_t)p.x + dx), clamp_coord((int64_t)p.y + dy));
}

/* >= 200,000 moving circles against the reference, a third at the smallest
 * touching radius and one raw unit below, with the invariants above. */
static void moving_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy moving");
    uint32_t target = FXLT_CASES(200000), cases = 0, touching = 0, hits = 0, bad = 0, inv = 0;
    uint32_t still = 0, faults = big_faults();
    trail *t = &T;
    while (cases < target) {
        int kind = (int)fxlt_below(&rng, G_KINDS), i;
        gen_trail(&rng, t, kind);
        for (i = 0; i < 12 && cases < target; i++) {
            fxl_vec2 p = gen_near(&rng, &t->c, kind), to = gen_to(&rng, p, kind);
            fxl_circle circle = fxl_circle_make(p.x, p.y, 0);
            if (fxlt_below(&rng, 3) == 0) {
                int64_t r = ref_curvy_touch_moving(&t->c, p.x, p.y, to);
                if (r <= FXL_SIZE_MAX) {
                    circle.r = (fix16_t)r;
                    bad += moving_case(t, circle, to, &hits, &inv);
                    cases++;
                    touching++;
                    if (r > 0) {
                        circle.r = (fix16_t)r - 1;
                        bad += moving_case(t, circle, to, &hits, &inv);
                        cases++;
                    }
                    continue;
                }
            }
            circle.r = fxlt_range(&rng, 0, kind == G_EDGE ? FXL_SIZE_MAX : PX(12));
            bad += moving_case(t, circle, to, &hits, &inv);
            cases++;
            if (i == 0 && ref_curvy_moving(&t->c, circle, circle.c) != ref_curvy_circle(&t->c, circle))
                still++; /* the two references disagree about a still circle */
        }
    }
    fxlt_printf("    %u cases (%u at the touching radius and below), %u hits, %u disagreements, "
                "%u invariant breaks\n",
                cases, touching, hits, bad, inv);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv, 0);
    CHECK_EQ(still, 0);
    CHECK_COVER(touching > cases / 8);
    CHECK_EQ(big_faults(), faults);
}

/* The band of the moving test's 64-bit slab bounds (curvy_swept.c, beside):
 * both ends of the path on one side of a segment's line, the smaller of
 * their cross products with d, m, between rm M and rm L (rm the wider hit
 * width plus r; M = max(|dx|, |dy|) <= |d| <= L = M + min / 2 + 1), where
 * only the 128-bit compare decides. A one- or two-segment trail (the
 * newest segment growing or not), a path up to 12 px long, the radius
 * drawn from that band: >= 20,000 cases against the reference, and as many
 * with the radius one raw unit either side of the band. */
static void moving_slab_band(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy slab band");
    uint32_t target = FXLT_CASES(20000), cases = 0, band = 0, hits = 0, bad = 0, inv = 0, tries = 0;
    trail *t = &T;
    while (band < target && tries++ < 100 * target + 1000) {
        fix16_t ax = PX(fxlt_range(&rng, -100, 100)), ay = PX(fxlt_range(&rng, -100, 100));
        fix16_t bx = ax + fxlt_range(&rng, -PX(40), PX(40)), by = ay + fxlt_range(&rng, -PX(40), PX(40));
        int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay, s0, s1, m, mx, len, lo, hi, hw, rm;
        fxl_vec2 p, to;
        int two = (int)fxlt_below(&rng, 2), e;
        init(t, 8, PX(8), 0);
        if (two)
            push(t, ax - fxlt_range(&rng, 0, PX(20)), ay + fxlt_range(&rng, -PX(20), PX(20)),
                 fxlt_range(&rng, 0, PX(8)));
        push(t, ax, ay, fxlt_range(&rng, 0, PX(8)));
        push(t, bx, by, fxlt_range(&rng, 0, PX(8)));
        if (fxlt_below(&rng, 2) == 0)
            t->c.grew = false; /* a static newest segment (as after a drop) */
        p = v2(ax + fxlt_range(&rng, -PX(30), PX(60)), ay + fxlt_range(&rng, -PX(30), PX(60)));
        to = v2(p.x + fxlt_range(&rng, -PX(12), PX(12)), p.y + fxlt_range(&rng, -PX(12), PX(12)));
        s0 = dx * ((int64_t)p.y - ay) - dy * ((int64_t)p.x - ax);
        s1 = dx * ((int64_t)to.y - ay) - dy * ((int64_t)to.x - ax);
        if (s0 == 0 || s1 == 0 || (s0 > 0) != (s1 > 0))
            continue;
        m = s0 < 0 ? -s0 : s0;
        if ((s1 < 0 ? -s1 : s1) < m)
            m = s1 < 0 ? -s1 : s1;
        mx = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
        len = mx + ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) - mx) / 2 + 1;
        /* rm M < m <= rm L: rm from ceil(m / L) to ceil(m / M) - 1. */
        lo = (m + len - 1) / len;
        hi = (m + mx - 1) / mx - 1;
        hw = ref_curvy_width(&t->c, t->c.count - 2);
        if (ref_curvy_width(&t->c, t->c.count - 1) > hw)
            hw = ref_curvy_width(&t->c, t->c.count - 1);
        if (hi < lo || hi - hw < 1 || lo - hw > FXL_SIZE_MAX)
            continue;
        rm = lo + (int64_t)fxlt_below(&rng, (uint32_t)(hi - lo + 1));
        if (rm - hw < 0)
            rm = hw;
        band++;
        for (e = -1; e <= 1; e++) {
            int64_t r = rm - hw + (e == 0 ? 0 : e < 0 ? -(rm - lo) - 1 : hi - rm + 1);
            if (r < 0 || r > FXL_SIZE_MAX)
                continue;
            bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)r), to, &hits, &inv);
            cases++;
        }
    }
    fxlt_printf("    %u cases (%u radii in the band), %u hits, %u disagreements, %u invariant breaks\n",
                cases, band, hits, bad, inv);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv, 0);
    CHECK(band >= target);
}

/* The moving test's distance path (curvy_swept.c, seg_moving_flat): a
 * path wholly on one side of a segment's line, decided by its four
 * end-to-segment distances against rm, the wider hit width plus r (the
 * distance itself for an untapered static segment, a sure miss
 * otherwise). Two- and three-node trails (tapered or not, a hit fraction
 * or not, the newest segment growing or not), a path up to 12 px long
 * beside the newest segment: the touching radius and one raw unit below,
 * and radii putting one of the four distances in the band where only the
 * 128-bit compare decides (the foot inside, |p x d| between rm lo and rm
 * hi: lo, hi = s, s + 1 for the segment, max(|mx|, |my|) and
 * fxl__len_bound's for the path) and one unit either side: >= 20,000
 * cases of each against the reference. */
/* A trail ending in the segment a -> b (half-widths w0, w1), sometimes
 * with a node before a, a taper, a hit fraction, not grown; the player's
 * move p -> to near it. */
static void flat_trail(trail *t, fxlt_rng *rng, fxl_vec2 a, fxl_vec2 b, fix16_t w0, fix16_t w1, fxl_vec2 *p,
                       fxl_vec2 *to)
{
    init(t, 8, PX(8), 0);
    if (fxlt_below(rng, 2))
        push(t, a.x - fxlt_range(rng, 0, PX(20)), a.y + fxlt_range(rng, -PX(20), PX(20)), w0);
    push(t, a.x, a.y, w0);
    push(t, b.x, b.y, w1);
    if (fxlt_below(rng, 4) == 0)
        t->c.taper = fxlt_range(rng, 1, PX(3));
    if (fxlt_below(rng, 4) == 0)
        t->c.hit_fraction = fxlt_range(rng, 0, fix16_one);
    if (fxlt_below(rng, 2) == 0)
        t->c.grew = false;
    *p = v2(a.x + fxlt_range(rng, -PX(30), PX(60)), a.y + fxlt_range(rng, -PX(30), PX(60)));
    *to = v2(p->x + fxlt_range(rng, -PX(12), PX(12)), p->y + fxlt_range(rng, -PX(12), PX(12)));
}

/* A radius in the distance band of a flat move (rm lo < cr <= rm hi, the
 * path's distance from the line bracketed: rm from ceil(cr / hi) to
 * floor(cr / lo)) less the half-width hw, and one raw unit either side,
 * each checked by moving_case. False when the band is empty. */
static bool radius_band(trail *t, fxl_vec2 p, fxl_vec2 to, int64_t cr, int64_t lo, int64_t hi, int64_t hw,
                        fxlt_rng *rng, uint32_t *bad, uint32_t *hits, uint32_t *inv)
{
    int64_t rlo, rhi, r, e;
    if (lo == 0)
        return false;
    rlo = (cr + hi - 1) / hi;
    rhi = cr / lo;
    if (rhi < rlo || rhi - hw < 0 || rlo - hw > FXL_SIZE_MAX)
        return false;
    r = rlo + (int64_t)fxlt_below(rng, (uint32_t)(rhi - rlo + 1));
    for (e = -1; e <= 1; e++) {
        int64_t rr = r - hw + e;
        if (rr < 0 || rr > FXL_SIZE_MAX)
            continue;
        *bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)rr), to, hits, inv);
    }
    return true;
}

static void moving_flat(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy moving flat");
    uint32_t target = FXLT_CASES(20000), touching = 0, band = 0, hits = 0, bad = 0, inv = 0;
    uint32_t tries = 0;
    trail *t = &T;
    while ((touching < target || band < target) && tries++ < 100 * target + 1000) {
        fix16_t ax = PX(fxlt_range(&rng, -100, 100)), ay = PX(fxlt_range(&rng, -100, 100));
        fix16_t bx = ax + fxlt_range(&rng, -PX(40), PX(40)), by = ay + fxlt_range(&rng, -PX(40), PX(40));
        fix16_t w0 = fxlt_range(&rng, 0, PX(8)), w1 = fxlt_below(&rng, 2) ? w0 : fxlt_range(&rng, 0, PX(8));
        int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay, qx, qy, mx, my, s0, s1, hw;
        int64_t px, py, ux, uy, tt, ll, cr, lo, hi;
        fxl_vec2 p, to;
        int which;
        flat_trail(t, &rng, v2(ax, ay), v2(bx, by), w0, w1, &p, &to);
        if (fxlt_below(&rng, 16) == 0)
            to = p;
        qx = (int64_t)p.x - ax;
        qy = (int64_t)p.y - ay;
        mx = (int64_t)to.x - p.x;
        my = (int64_t)to.y - p.y;
        s0 = dx * qy - dy * qx;
        s1 = dx * (qy + my) - dy * (qx + mx);
        if (s0 == 0 || s1 == 0 || (s0 > 0) != (s1 > 0))
            continue;
        hw = ref_curvy_width(&t->c, t->c.count - 2);
        if (ref_curvy_width(&t->c, t->c.count - 1) > hw)
            hw = ref_curvy_width(&t->c, t->c.count - 1);
        if (touching < target) {
            int64_t r = ref_curvy_touch_moving(&t->c, p.x, p.y, to);
            if (r <= FXL_SIZE_MAX) {
                bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)r), to, &hits, &inv);
                touching++;
                if (r > 0)
                    bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)r - 1), to, &hits, &inv);
            }
        }
        /* One of the four distances: c0, c1 against AB; A, B against the
         * path (from c0 along m). */
        which = (int)fxlt_below(&rng, 4);
        px = which == 0 ? qx : which == 1 ? qx + mx : which == 2 ? -qx : dx - qx;
        py = which == 0 ? qy : which == 1 ? qy + my : which == 2 ? -qy : dy - qy;
        ux = which < 2 ? dx : mx;
        uy = which < 2 ? dy : my;
        tt = px * ux + py * uy;
        ll = ux * ux + uy * uy;
        if (tt <= 0 || tt >= ll)
            continue;
        cr = px * uy - py * ux;
        cr = cr < 0 ? -cr : cr;
        if (which < 2) {
            int64_t s = fxl_curvy_node_at(&t->c, t->c.count - 1)->seg_len;
            lo = s;
            hi = s + 1;
        } else {
            int64_t ax2 = ux < 0 ? -ux : ux, ay2 = uy < 0 ? -uy : uy;
            lo = ax2 > ay2 ? ax2 : ay2;
            hi = lo + (ax2 + ay2 - lo) / 2 + 1;
        }
        if (radius_band(t, p, to, cr, lo, hi, hw, &rng, &bad, &hits, &inv))
            band++;
    }
    fxlt_printf("    %u at the touching radius, %u radii in a distance band, %u hits, %u disagreements, "
                "%u invariant breaks\n",
                touching, band, hits, bad, inv);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv, 0);
    CHECK(touching >= target);
    CHECK(band >= target);
}

/* path_within's short cuts (curvy_swept.c): the path's ends both
 * projecting inside the segment (the line distance of the nearer end
 * alone), both behind A (A's distance to the path alone) or both beyond B
 * (B's alone). Two- and three-node trails as moving_flat's, paths beside
 * the newest segment picked for each class in turn, the touching radius
 * and one raw unit below; for the inside class also radii putting
 * min(|cross|) in the band between rm s and rm (s + 1) and one unit either
 * side: >= 10,000 touching cases of each class and 10,000 band radii
 * against the reference. */
static void moving_flat_parts(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy moving flat parts");
    uint32_t target = FXLT_CASES(10000), cls[3] = {0, 0, 0}, band = 0, hits = 0, bad = 0, inv = 0;
    uint32_t tries = 0;
    trail *t = &T;
    while ((cls[0] < target || cls[1] < target || cls[2] < target || band < target) &&
           tries++ < 200 * target + 1000) {
        fix16_t ax = PX(fxlt_range(&rng, -100, 100)), ay = PX(fxlt_range(&rng, -100, 100));
        fix16_t bx = ax + fxlt_range(&rng, -PX(40), PX(40)), by = ay + fxlt_range(&rng, -PX(40), PX(40));
        fix16_t w0 = fxlt_range(&rng, 0, PX(8)), w1 = fxlt_below(&rng, 2) ? w0 : fxlt_range(&rng, 0, PX(8));
        int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay, qx, qy, mx, my, s0, s1, hw, r;
        int64_t t0, t1, dd, cr, lo, hi;
        int k;
        fxl_vec2 p, to;
        flat_trail(t, &rng, v2(ax, ay), v2(bx, by), w0, w1, &p, &to);
        qx = (int64_t)p.x - ax;
        qy = (int64_t)p.y - ay;
        mx = (int64_t)to.x - p.x;
        my = (int64_t)to.y - p.y;
        s0 = dx * qy - dy * qx;
        s1 = dx * (qy + my) - dy * (qx + mx);
        if (s0 == 0 || s1 == 0 || (s0 > 0) != (s1 > 0))
            continue;
        dd = dx * dx + dy * dy;
        t0 = qx * dx + qy * dy;
        t1 = t0 + mx * dx + my * dy;
        /* Each end: 0 projecting inside, 1 behind A, 2 beyond B. */
        k = t0 < 0 ? 1 : t0 > dd ? 2 : 0;
        if ((t1 < 0 ? 1 : t1 > dd ? 2 : 0) != k)
            k = -1;
        if (k < 0 || (cls[k] >= target && (k != 0 || band >= target)))
            continue;
        r = ref_curvy_touch_moving(&t->c, p.x, p.y, to);
        if (cls[k] < target && r <= FXL_SIZE_MAX) {
            bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)r), to, &hits, &inv);
            cls[k]++;
            if (r > 0)
                bad += moving_case(t, fxl_circle_make(p.x, p.y, (fix16_t)r - 1), to, &hits, &inv);
        }
        if (k != 0 || band >= target)
            continue;
        hw = ref_curvy_width(&t->c, t->c.count - 2);
        if (ref_curvy_width(&t->c, t->c.count - 1) > hw)
            hw = ref_curvy_width(&t->c, t->c.count - 1);
        cr = (s0 < 0 ? -s0 : s0) < (s1 < 0 ? -s1 : s1) ? (s0 < 0 ? -s0 : s0) : (s1 < 0 ? -s1 : s1);
        lo = fxl_curvy_node_at(&t->c, t->c.count - 1)->seg_len;
        hi = lo + 1;
        if (radius_band(t, p, to, cr, lo, hi, hw, &rng, &bad, &hits, &inv))
            band++;
    }
    fxlt_printf("    touching: %u inside, %u behind A, %u beyond B; %u radii in the band, %u hits, "
                "%u disagreements, %u invariant breaks\n",
                cls[0], cls[1], cls[2], band, hits, bad, inv);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv, 0);
    CHECK(cls[0] >= target && cls[1] >= target && cls[2] >= target);
    CHECK(band >= target);
}

/* ---- quads ------------------------------------------------------------------------------------ */

static int64_t drawn_width(const fxl_curvy *c, uint32_t k)
{
    int64_t w = fxl_curvy_node_at(c, k)->half_width, e = k < c->count - 1 - k ? k : c->count - 1 - k;
    return c->taper != 0 && (int64_t)c->taper * (1 + e) < w ? (int64_t)c->taper * (1 + e) : w;
}

static bool corner_ok(fxl_vec2 q, const fxl_curvy_node *n, int64_t w)
{
    double d = hypot((double)q.x - n->p.x, (double)q.y - n->p.y);
    return fabs(d - (double)w) <= (double)w * 2e-5 + 2.0;
}

static void quads(void)
{
    fxl_vec2 (*q)[4] = quads_buf;
    fxlt_rng rng = fxlt_rng_for("curvy quads");
    uint32_t rounds = FXLT_CASES(20000) + 4, round, bad = 0;
    trail *t = &T;
    size_t n;
    /* A straight trail along +x: left is up the screen (-y). */
    init(t, 8, PX(8), 0);
    push(t, 0, 0, PX(2));
    push(t, PX(10), 0, PX(2));
    push(t, PX(20), 0, PX(4));
    n = fxl_curvy_quads(&t->c, q, CAP_MAX);
    CHECK_EQ(n, 2);
    CHECK(q[0][0].x == 0 && q[0][0].y == PX(-2) && q[0][3].x == 0 && q[0][3].y == PX(2));
    CHECK(q[0][1].x == PX(10) && q[0][1].y == PX(-2) && q[1][2].x == PX(20) && q[1][2].y == PX(4));
    /* A right-angle bend down: the joint's points on the 45-degree bisector. */
    push(t, PX(20), PX(10), PX(4));
    n = fxl_curvy_quads(&t->c, q, CAP_MAX);
    CHECK(n == 3 && q[1][1].x == q[2][0].x && q[1][1].x == PX(20) + (fix16_t)((46341LL * PX(4) + 32768) >> 16));
    CHECK(q[1][1].y == -(fix16_t)((46341LL * PX(4) + 32768) >> 16));
    CHECK_EQ(fxl_curvy_quads(&t->c, q, 1), 1);
    fxl_curvy_cut_range(&t->c, 1, 1, true);
    CHECK_EQ(fxl_curvy_quads(&t->c, q, CAP_MAX), 2);
    for (round = 0; round < rounds; round++) {
        int kind = (int)fxlt_below(&rng, G_KINDS);
        uint32_t k, live = 0, prev = 0, j = 0;
        gen_trail(&rng, t, kind);
        n = fxl_curvy_quads(&t->c, q, CAP_MAX);
        for (k = 0; k + 1 < t->c.count; k++) {
            const fxl_curvy_node *a = fxl_curvy_node_at(&t->c, k), *b = fxl_curvy_node_at(&t->c, k + 1);
            int64_t wa = drawn_width(&t->c, k), wb = drawn_width(&t->c, k + 1);
            if ((b->flags & FXL_CURVY_CUT) != 0)
                continue;
            if (j < n) {
                const fxl_vec2 *s = q[j];
                bool ok = corner_ok(s[0], a, wa) && corner_ok(s[3], a, wa) && corner_ok(s[1], b, wb) &&
                          corner_ok(s[2], b, wb);
                /* left + right = 2 p (or one raw above, a rounded half) */
                ok = ok && (int64_t)s[0].x + s[3].x - 2 * (int64_t)a->p.x >= 0 &&
                     (int64_t)s[0].x + s[3].x - 2 * (int64_t)a->p.x <= 1;
                if (j > 0 && prev + 1 == k) {
                    /* Neighbours share their points at a bend clearly under
                     * 90 degrees; clearly over it, each quad ends square
                     * across its own segment (the earlier quad's end edge
                     * is perpendicular to its segment, within rounding). */
                    const fxl_curvy_node *z = fxl_curvy_node_at(&t->c, k - 1);
                    double ix = (double)a->p.x - z->p.x, iy = (double)a->p.y - z->p.y;
                    double ox = (double)b->p.x - a->p.x, oy = (double)b->p.y - a->p.y;
                    double li = sqrt(ix * ix + iy * iy), lo = sqrt(ox * ox + oy * oy);
                    double dot = ix * ox + iy * oy;
                    bool shared = q[j - 1][1].x == s[0].x && q[j - 1][1].y == s[0].y &&
                                  q[j - 1][2].x == s[3].x && q[j - 1][2].y == s[3].y;
                    if (li > 0.0 && lo > 0.0 && dot > 0.02 * li * lo)
                        ok = ok && shared;
                    else if (li > 0.0 && lo > 0.0 && dot < -0.02 * li * lo) {
                        double ex = (double)q[j - 1][1].x - q[j - 1][2].x;
                        double ey = (double)q[j - 1][1].y - q[j - 1][2].y;
                        double el = sqrt(ex * ex + ey * ey);
                        ok = ok && fabs(ex * ix + ey * iy) <= (0.002 * el + 4.0) * li;
                    }
                }
                if (!ok)
                    bad++;
            }
            prev = k;
            live++;
            j++;
        }
        if (n != live)
            bad++;
        if (live > 0 && fxl_curvy_quads(&t->c, q, live - 1) != live - 1)
            bad++;
    }
    fxlt_printf("    %u trails, %u bad\n", rounds, bad);
    CHECK_EQ(bad, 0);
}

/* ---- extreme inputs ---------------------------------------------------------------------------- */

static int32_t any32(fxlt_rng *rng)
{
    /* One draw per full expression (see harness.h): callers take values
     * one statement at a time. */
    switch (fxlt_below(rng, 8)) {
    case 0: return INT32_MIN;
    case 1: return INT32_MAX;
    case 2: return FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 3: return -FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 4: return FXL_SIZE_MAX + fxlt_range(rng, -1, 1);
    case 5: return fxlt_range(rng, -2, 2);
    default: return (int32_t)(uint32_t)fxlt_next(rng);
    }
}

/* Every public function with any int32 values (circles, moves, graze,
 * fields, and nodes overwritten with anything): free of undefined
 * behaviour (UBSan in make test-san); pushes refuse what is out of the
 * domain and change nothing then; answers stay within their ranges. */
static void extreme_inputs(void)
{
    fxl_vec2 (*q)[4] = quads_buf;
    static fxl_circle circles[40] FXL_EWRAM_BSS;
    fxlt_rng rng = fxlt_rng_for("curvy extremes");
    uint32_t rounds = FXLT_CASES(20000) + 20, round, bad = 0, refused = 0;
    trail *t = &T;
    fxlt_expect_asserts(true);
    for (round = 0; round < rounds; round++) {
        uint32_t i, seg = 0, first, last;
        fxl_circle c;
        fxl_vec2 to;
        fix16_t graze = any32(&rng);
        fxl_band b;
        c.c.x = any32(&rng);
        c.c.y = any32(&rng);
        c.r = any32(&rng);
        to.x = any32(&rng);
        to.y = any32(&rng);
        gen_trail(&rng, t, G_EDGE);
        for (i = 0; i < 4; i++) {
            uint32_t count = t->c.count;
            fix16_t len = t->c.length;
            fxl_vec2 h;
            fix16_t w = any32(&rng);
            h.x = any32(&rng);
            h.y = any32(&rng);
            if (fxl_curvy_push(&t->c, h, w) != FXL_OK) {
                refused++;
                if (t->c.count != count || t->c.length != len)
                    bad++;
            } else if (!trail_ok(&t->c)) {
                bad++;
            }
        }
        switch (fxlt_below(&rng, 6)) {
        case 0: t->c.taper = any32(&rng); break;
        case 1: t->c.hit_fraction = any32(&rng); break;
        case 2: t->c.max_length = any32(&rng); break;
        case 3: t->c.width_max = any32(&rng); break;
        case 4:
            if (t->c.count > 0) {
                fxl_curvy_node *n = fxl_curvy_node_at(&t->c, fxlt_below(&rng, t->c.count));
                n->p.x = any32(&rng);
                n->p.y = any32(&rng);
                n->half_width = any32(&rng);
                n->seg_len = any32(&rng);
            }
            break;
        default: break;
        }
        for (i = 0; i < 40; i++) {
            circles[i].c.x = any32(&rng);
            circles[i].c.y = any32(&rng);
            circles[i].r = any32(&rng);
        }
        (void)fxl_curvy_vs_circle(&t->c, c);
        (void)fxl_curvy_vs_moving_circle(&t->c, c, to);
        (void)fxl_curvy_vs_circles(&t->c, circles, 40, NULL);
        b = fxl_curvy_band(&t->c, c, graze, &seg);
        if ((unsigned)b > 2u || (b != FXL_BAND_CLEAR && seg + 1 >= t->c.count))
            bad++;
        if (fxl_curvy_quads(&t->c, q, CAP_MAX) + 1 > t->c.count + (t->c.count == 0))
            bad++;
        (void)fxl_curvy_hit_width(&t->c, (uint32_t)any32(&rng));
        if (fxl_curvy_cut_circle(&t->c, c) + 1 > t->c.count + (t->c.count == 0))
            bad++;
        first = (uint32_t)any32(&rng);
        last = (uint32_t)any32(&rng);
        fxl_curvy_cut_range(&t->c, first, last, (first & 1u) != 0);
        to.x = any32(&rng);
        to.y = any32(&rng);
        (void)fxl_curvy_push(&t->c, to, graze);
        (void)fxl_curvy_check(&t->c);
    }
    fxlt_expect_asserts(false);
    fxlt_printf("    %u rounds, %u pushes refused, %u bad, %u broken preconditions seen\n", rounds,
                refused, bad, fxlt_asserts_seen());
    CHECK_EQ(bad, 0);
    CHECK_COVER(refused > 0);
}

/* Issue 21's contracts: a zeroed fxl_curvy is a broken precondition of
 * every call but init and check (counted here; a checked build traps) and
 * gets the release answers curvy.h states; fxl_curvy_hit_width takes any k
 * (0 from count on, no precondition); a harmless trail's band is
 * FXL_BAND_CLEAR, segment untouched, and its hit widths read 0, while a
 * bomb cuts it at the widths it has once harmless is cleared; every batch
 * call takes (NULL, 0). */
static void contracts(void)
{
    static fxl_vec2 q[4][4];
    fxl_curvy z;
    fxl_circle p = fxl_circle_make(PX(10), PX(1), PX(1)), far = fxl_circle_make(PX(10), PX(40), PX(1));
    fxl_circle bomb = fxl_circle_make(PX(10), PX(6), PX(3));
    fxl_vec2 to = v2(PX(12), PX(1));
    size_t idx[2];
    uint32_t seen, seg = 77, bits[1] = {0xFFFFFFFFu}, k;
    trail *t = &T;
    fxl_curvy *c = &t->c;

    /* A zeroed trail: each call below is one broken precondition. */
    {
        unsigned char *b = (unsigned char *)&z;
        size_t i;
        for (i = 0; i < sizeof z; i++)
            b[i] = 0;
    }
    fxlt_expect_asserts(true);
#define BROKEN(call)                                                                               \
    do {                                                                                           \
        uint32_t before = fxlt_asserts_seen();                                                     \
        call;                                                                                      \
        CHECK(fxlt_asserts_seen() > before);                                                       \
    } while (0)
    BROKEN(CHECK(!fxl_curvy_vs_circle(&z, p)));
    BROKEN(CHECK(!fxl_curvy_vs_moving_circle(&z, p, to)));
    BROKEN(CHECK_EQ(fxl_curvy_band(&z, p, PX(2), &seg), FXL_BAND_CLEAR));
    BROKEN(CHECK_EQ(fxl_curvy_vs_circles(&z, &p, 1, bits), 0));
    BROKEN(CHECK_EQ(fxl_curvy_vs_moving_circles(&z, &p, &to, 1, bits), 0));
    BROKEN(CHECK_EQ(fxl_curvy_collect(&z, &p, 1, idx, 2), 0));
    BROKEN(CHECK_EQ(fxl_curvies_vs_circle(&z, 1, p, bits), 0));
    BROKEN(CHECK_EQ(fxl_curvy_cut_circle(&z, p), 0));
    BROKEN(CHECK_EQ(fxl_curvy_quads(&z, q, 4), 0));
    BROKEN(CHECK_EQ(fxl_curvy_hit_width(&z, 0), 0));
    BROKEN(fxl_curvy_cut_range(&z, 0, 3, true));
    BROKEN(CHECK_EQ(fxl_curvy_push(&z, v2(0, 0), 0), FXL_ERR_NULL));
    BROKEN(fxl_curvy_clear(&z));
#undef BROKEN
    fxlt_expect_asserts(false);
    seen = fxlt_asserts_seen();
    CHECK_EQ(seg, 77);
    CHECK_EQ(bits[0], 0);
    CHECK_EQ(fxl_curvy_check(&z), FXL_ERR_NULL); /* check validates: no precondition */
    CHECK_EQ(fxl_curvy_push(NULL, v2(0, 0), 0), FXL_ERR_NULL); /* a refusal, stated */
    CHECK_EQ(fxlt_asserts_seen() - seen, 0);

    /* A straight trail along y = 0, x = 0..20 px, half-width 4 px. */
    init(t, 8, PX(4), 0);
    for (k = 0; k < 5; k++)
        push(t, PX(5) * (fix16_t)k, 0, PX(4));
    CHECK_EQ(fxl_curvy_hit_width(c, c->count), 0); /* no precondition on k */
    CHECK_EQ(fxl_curvy_hit_width(c, UINT32_MAX), 0);
    CHECK_EQ(fxl_curvy_hit_width(c, 2), PX(4));
    CHECK_EQ(fxlt_asserts_seen() - seen, 0);
    CHECK_EQ(fxl_curvy_band(c, p, PX(2), &seg), FXL_BAND_HIT);
    CHECK_EQ(seg, 1);
    CHECK_EQ(fxl_curvy_band(c, fxl_circle_make(PX(10), PX(6), PX(1)), PX(2), &seg), FXL_BAND_GRAZE);
    c->harmless = true;
    seg = 77;
    CHECK_EQ(fxl_curvy_band(c, p, PX(2), &seg), FXL_BAND_CLEAR);
    CHECK_EQ(fxl_curvy_band(c, fxl_circle_make(PX(10), PX(6), PX(1)), PX(2), &seg), FXL_BAND_CLEAR);
    CHECK_EQ(seg, 77);
    CHECK_EQ(fxl_curvy_hit_width(c, 2), 0);
    CHECK(!fxl_curvy_vs_circle(c, p));
    /* The bomb (centre 6 px off the line, radius 3 px) reaches the 4 px
     * hit width of segments 1 and 2 (x 5..15 px) only; the cut is the
     * harmless trail's, at those widths. */
    CHECK_EQ(fxl_curvy_cut_circle(c, bomb), 2);
    CHECK_EQ(fxl_curvy_cut_circle(c, bomb), 0);
    c->harmless = false;
    CHECK_EQ(fxl_curvy_hit_width(c, 2), PX(4));
    CHECK(!fxl_curvy_vs_circle(c, bomb));
    CHECK_EQ(fxl_curvy_node_at(c, 1)->flags, 0);
    CHECK_EQ(fxl_curvy_node_at(c, 2)->flags, FXL_CURVY_CUT);
    CHECK_EQ(fxl_curvy_node_at(c, 3)->flags, FXL_CURVY_CUT);
    CHECK_EQ(fxl_curvy_node_at(c, 4)->flags, 0);
    CHECK(fxl_curvy_vs_circle(c, fxl_circle_make(PX(2), PX(5), PX(1)))); /* segment 0 stays */

    /* Empty batches: (NULL, 0) everywhere, NULL hit_bits. */
    CHECK_EQ(fxl_curvy_vs_circles(c, NULL, 0, NULL), 0);
    CHECK_EQ(fxl_curvy_vs_circles(c, NULL, 0, bits), 0);
    CHECK_EQ(fxl_curvy_collect(c, NULL, 0, NULL, 0), 0);
    CHECK_EQ(fxl_curvies_vs_circle(NULL, 0, p, NULL), 0);
    CHECK_EQ(fxl_curvy_vs_moving_circles(c, NULL, NULL, 0, NULL), 0);
    CHECK_EQ(fxl_curvy_quads(c, NULL, 0), 0);
    CHECK_EQ(fxl_curvy_vs_circles(c, &far, 1, NULL), 0);
    CHECK_EQ(fxlt_asserts_seen() - seen, 0);
}

static const fxlt_case curvy_cases[] = {
    {"storage_and_errors", storage_and_errors},
    {"pushes_match_model", pushes_match_model},
    {"seg_len_exact", seg_len_exact},
    {"len_mid", len_mid},
    {"unbounded_length", unbounded_length},
    {"widths", widths},
    {"hit_pair_widths", hit_pair_widths},
    {"straight_and_joints", straight_and_joints},
    {"bends_and_wraps", bends_and_wraps},
    {"static_vs_reference", static_vs_reference},
    {"length_filters", length_filters},
    {"clear_and_refill", clear_and_refill},
    {"batch_and_band", batch_and_band},
    {"cut_circle_property", cut_circle_property},
    {"moving_cases", moving_cases},
    {"moving_vs_reference", moving_vs_reference},
    {"moving_slab_band", moving_slab_band},
    {"moving_flat", moving_flat},
    {"quads", quads},
    {"extreme_inputs", extreme_inputs},
    {"contracts", contracts},
    {"moving_flat_parts", moving_flat_parts},
};

const fxlt_suite fxlt_suite_curvy = {"curvy", curvy_cases, FXLT_COUNT(curvy_cases)};
