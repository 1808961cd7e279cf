/* test_chain.c - fxl_tan; the chained-square method's static and rotating chains against the
 * method's recurrence in double and, square for square, against the
 * previous integer implementation (kept here as the reference); the
 * callback form, capacity and needed counts, errors; the covering chains
 * against the exact swept test (no circle the sweep hits may be missed);
 * and the chain-vs-circle test. */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

/* Two lists of FXL_CHAIN_MAX squares, in the shared scratch buffer. */
#define boxes ((fxl_aabb *)(void *)fxlt_scratch.bytes)
#define other (boxes + FXL_CHAIN_MAX)
typedef char scratch_holds_two_chains[2 * FXL_CHAIN_MAX * sizeof(fxl_aabb) <= FXLT_SCRATCH_BYTES ? 1 : -1];

static void tan_table(void)
{
    int k;
    for (k = 0; k < 4096; k++) {
        double s = ref_sin_q16(k), c = ref_cos_q16(k), want;
        if (c == 0.0)
            continue;
        want = floor(s / c * 65536.0 + 0.5); /* fix16_div rounds to nearest */
        if (fabs(fabs(s / c * 65536.0 - floor(s / c * 65536.0)) - 0.5) < 1e-6)
            continue; /* a tie: either neighbour is a correct rounding */
        if (fxl_tan(k) != (fix16_t)want)
            CHECK_EQ(fxl_tan(k), (fix16_t)want);
    }
    CHECK_EQ(fxl_tan(1024), fix16_maximum);
    CHECK_EQ(fxl_tan(3072), -fix16_maximum);
    CHECK_EQ(fxl_tan(-1024), -fix16_maximum);
    CHECK_EQ(fxl_tan(0), 0);
    CHECK_EQ(fxl_tan(512), 65536);
    CHECK(fxl_tan(1023) > PX(648) && fxl_tan(1023) < PX(650));
}

static fxl_chain chain_make(fix16_t x, fix16_t y, fxl_angle a, fxl_angle prev, fix16_t len,
                            fix16_t h)
{
    fxl_chain c;
    c.emitter = fxl_vec2_make(x, y);
    c.angle = a;
    c.prev_angle = prev;
    c.length = len;
    c.half_size = h;
    return c;
}

/* The chained-square method's half step, as its C writes it. */
static int seed_half(fxl_angle angle, fxl_angle prev)
{
    int a = (int)((uint32_t)angle & 4095u), p = (int)((uint32_t)prev & 4095u);
    return (((a - p) / 2 + 1024) & 2047) - 1024;
}

/* Each square must hold [centre - size, centre + size] of the double
 * recurrence and exceed it by at most one raw step (outward rounding). */
static void check_square(fxl_aabb b, double cx, double cy, double size)
{
    double e = 1.0 / 65536.0;
    CHECK(ref_px(b.lo.x) <= cx - size + 1e-9 && ref_px(b.lo.x) >= cx - size - e - 1e-9);
    CHECK(ref_px(b.lo.y) <= cy - size + 1e-9 && ref_px(b.lo.y) >= cy - size - e - 1e-9);
    CHECK(ref_px(b.hi.x) >= cx + size - 1e-9 && ref_px(b.hi.x) <= cx + size + e + 1e-9);
    CHECK(ref_px(b.hi.y) >= cy + size - 1e-9 && ref_px(b.hi.y) <= cy + size + e + 1e-9);
}

static void static_chain_recurrence(void)
{
    static const int32_t table[][5] = {
        /* angle, length px*16, half-size px*16, emitter x, y (px) */
        {0, 100 * 16, 4 * 16, 10, 20},   {1024, 100 * 16, 4 * 16, -5, 7},
        {300, 257 * 16, 3 * 16, 0, 0},   {2500, 40 * 16, 20 * 16, 100, -100},
        {777, 16, 64, 3, 3},             {3072, 64 * 16, 8 * 16, 0, 0},
        {1, 1000 * 16, 1 * 16, -300, 300},
    };
    size_t i, n, k;
    for (i = 0; i < FXLT_COUNT(table); i++) {
        fxl_chain ch = chain_make(PX(table[i][3]), PX(table[i][4]), table[i][0], 0,
                                  table[i][1] * 4096, table[i][2] * 4096);
        double c = ref_cos_q16(ch.angle) / 65536.0, s = ref_sin_q16(ch.angle) / 65536.0;
        double len = ref_px(ch.length), h = ref_px(ch.half_size);
        size_t want = (size_t)ceil(len / (2.0 * h));
        CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        CHECK_EQ(n, want);
        for (k = 0; k < n; k++)
            check_square(boxes[k], ref_px(ch.emitter.x) + (double)k * 2.0 * h * c,
                         ref_px(ch.emitter.y) + (double)k * 2.0 * h * s, h);
    }
}

static void rotating_chain_recurrence(void)
{
    static const int32_t table[][4] = {
        /* angle, previous angle, length px, half-size px */
        {300, 200, 200, 4}, {200, 300, 200, 4}, {1, 4095, 150, 2}, {4095, 1, 150, 2},
        {1024, 0, 200, 4},  {0, 1024, 100, 4},  {57, 0, 200, 4},   {400, 100, 120, 3},
        {300, 300, 100, 4}, {512, 0, 200, 1},
    };
    size_t i, n, k;
    for (i = 0; i < FXLT_COUNT(table); i++) {
        fxl_chain ch = chain_make(PX(5), PX(-9), table[i][0], table[i][1], PX(table[i][2]),
                                  PX(table[i][3]));
        /* The chained-square loop in double, from its own formulas. */
        int delta = seed_half(table[i][0], table[i][1]), mid = (table[i][0] & 4095) - delta;
        double c = ref_cos_q16(mid) / 65536.0, s = ref_sin_q16(mid) / 65536.0;
        int ad = delta < 0 ? -delta : delta;
        double tan_d = floor(ref_sin_q16(ad) / ref_cos_q16(ad) * 65536.0 + 0.5) / 65536.0;
        double x = 5.0, y = -9.0, size = (double)table[i][3], left = (double)table[i][2];
        CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        for (k = 0; left > 0.0; k++) {
            double pitch = 2.0 * size;
            left -= pitch;
            x += pitch * c;
            y += pitch * s;
            size += pitch * tan_d;
            if (k < n)
                check_square(boxes[k], x, y, size);
        }
        CHECK_EQ(n, k);
    }
}

/* ---- the previous integer implementation, as the bit-for-bit reference ----- */

typedef struct ref_walk {
    int64_t x, y, size, left;
    int32_t c, s, grow;
    bool rotating;
} ref_walk;

static int64_t ref_mul_q16(int64_t a, int32_t b)
{
    int64_t v = a * b, half = (int64_t)1 << 15;
    return v >= -half ? (v + half) / 65536 : -((-(v + half) + 65535) / 65536);
}

static int64_t ref_floor16(int64_t v)
{
    return v >= 0 ? v / 65536 : -((-v + 65535) / 65536);
}

/* fxl_chain_rotating / fxl_chain_static as they were: the squares written
 * (at most cap), the result, *n = squares written. */
static fxl_result ref_seed(const fxl_chain *ch, bool rotating, fxl_aabb *out, size_t cap,
                          size_t *n)
{
    ref_walk w;
    fxl_angle dir = ch->angle;
    *n = 0;
    w.grow = 0;
    if (rotating) {
        int half = seed_half(ch->angle, ch->prev_angle);
        if (half == -1024)
            return FXL_ERR_STEP_RANGE;
        dir = ch->angle - half;
        w.grow = fxl_tan(half < 0 ? -half : half);
    } else if ((ch->length - 1) / (2 * (int64_t)ch->half_size) + 1 > FXL_CHAIN_MAX) {
        return FXL_ERR_CAPACITY;
    }
    w.c = fxl_cos(dir);
    w.s = fxl_sin(dir);
    w.x = (int64_t)ch->emitter.x * 65536;
    w.y = (int64_t)ch->emitter.y * 65536;
    w.size = (int64_t)ch->half_size * 65536;
    w.left = (int64_t)ch->length * 65536;
    w.rotating = rotating;
    for (;;) {
        int64_t pitch = 2 * w.size, x = w.x, y = w.y, lo_x, lo_y, hi_x, hi_y;
        if (w.left <= 0)
            return FXL_OK;
        w.left -= pitch;
        w.x += ref_mul_q16(pitch, w.c);
        w.y += ref_mul_q16(pitch, w.s);
        if (w.rotating) {
            int64_t v = (pitch >> 8) * w.grow;
            w.size += (v + 128) / 256;
            x = w.x;
            y = w.y;
        }
        lo_x = ref_floor16(x - w.size);
        lo_y = ref_floor16(y - w.size);
        hi_x = -ref_floor16(-(x + w.size));
        hi_y = -ref_floor16(-(y + w.size));
        if (w.size > (int64_t)FXL_SIZE_MAX * 65536 || lo_x < -FXL_COORD_MAX ||
            lo_y < -FXL_COORD_MAX || hi_x > FXL_COORD_MAX || hi_y > FXL_COORD_MAX)
            return FXL_ERR_COORD_RANGE;
        if (*n == FXL_CHAIN_MAX || *n == cap)
            return FXL_ERR_CAPACITY;
        out[*n].lo = fxl_vec2_make((fix16_t)lo_x, (fix16_t)lo_y);
        out[*n].hi = fxl_vec2_make((fix16_t)hi_x, (fix16_t)hi_y);
        (*n)++;
    }
}

static bool same_box(fxl_aabb a, fxl_aabb b)
{
    return a.lo.x == b.lo.x && a.lo.y == b.lo.y && a.hi.x == b.hi.x && a.hi.y == b.hi.y;
}

/* A size spread over the scales: 1 raw .. FXL_SIZE_MAX, log-uniform-ish. */
static fix16_t any_size(fxlt_rng *rng, int max_bits)
{
    int bits = (int)fxlt_below(rng, (uint32_t)max_bits) + 1;
    return fxlt_range(rng, 1, (fix16_t)(((int64_t)1 << bits) - 1));
}

/* Random chains, every half step, the domain's edges: the new generator
 * writes the reference's squares, bit for bit, and the same result. */
static void seed_matches_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("seed_matches_reference");
    uint32_t i, n = FXLT_CASES(40000), edge = 0, errors = 0, squares = 0;
    for (i = 0; i < n; i++) {
        fxl_chain ch;
        bool rotating = (i & 1) != 0;
        size_t got, want, k, cap = (i & 6) == 0 ? (size_t)fxlt_below(&rng, 40) : FXL_CHAIN_MAX;
        fxl_result r_got, r_want;
        if ((i & 15) == 3) { /* near the domain's edge */
            fix16_t x = FXL_COORD_MAX - any_size(&rng, 29);
            fix16_t y = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
            ch.emitter.x = fxlt_below(&rng, 2) ? x : -x;
            ch.emitter.y = y;
            edge++;
        } else {
            fix16_t x = fxlt_range(&rng, -PX(2000), PX(2000));
            fix16_t y = fxlt_range(&rng, -PX(2000), PX(2000));
            ch.emitter = fxl_vec2_make(x, y);
        }
        ch.angle = (fxl_angle)(int32_t)(uint32_t)fxlt_next(&rng);
        ch.prev_angle = (fxl_angle)((uint32_t)ch.angle - (uint32_t)(fxlt_below(&rng, 4)
                                                                        ? fxlt_range(&rng, -300, 300)
                                                                        : fxlt_range(&rng, -2048, 2048)));
        ch.half_size = any_size(&rng, 24);
        ch.length = fxlt_below(&rng, 16) == 0 ? 0 : any_size(&rng, 28);
        if (!rotating && ch.length / ch.half_size > 2 * FXL_CHAIN_MAX)
            ch.length = ch.half_size * 2 * FXL_CHAIN_MAX;
        r_want = ref_seed(&ch, rotating, other, cap, &want);
        r_got = fxl_chain_make(&ch, rotating ? FXL_CHAIN_ROTATING : FXL_CHAIN_STATIC, boxes, cap,
                               &got);
        errors += r_want != FXL_OK;
        squares += (uint32_t)want;
        /* Old capacity errors stopped at cap (or at the static count check);
         * the new one reports the count needed, or a later domain error. */
        if (r_want == FXL_ERR_CAPACITY) {
            CHECK(r_got == FXL_ERR_CAPACITY || r_got == FXL_ERR_COORD_RANGE);
            CHECK(got >= want);
            if (r_got == FXL_ERR_CAPACITY)
                CHECK(got > cap || got > FXL_CHAIN_MAX);
        } else {
            CHECK_EQ(r_got, r_want);
            CHECK_EQ(got, want);
        }
        for (k = 0; k < want && k < cap; k++)
            if (!same_box(boxes[k], other[k])) {
                CHECK(same_box(boxes[k], other[k]));
                break;
            }
    }
    fxlt_printf("    %u chains (%u by the domain's edge, %u refused), %u squares compared\n", n,
                edge, errors, squares);
}

/* Every half step 0..1023 both ways: the squares grow by fxl_tan's exact
 * value (the generator's own division must agree with fix16_div). */
static void every_half_step(void)
{
    int32_t half;
    for (half = -1023; half <= 1023; half++) {
        fxl_chain ch = chain_make(PX(3), PX(-2), 700 + 2 * half, 700, PX(60), PX(1) / 4 + 3000 * (half & 7));
        size_t got, want, k;
        fxl_result r_want = ref_seed(&ch, true, other, FXL_CHAIN_MAX, &want);
        CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, FXL_CHAIN_MAX, &got), r_want);
        CHECK_EQ(got, want);
        for (k = 0; k < want; k++)
            if (!same_box(boxes[k], other[k])) {
                CHECK(same_box(boxes[k], other[k]));
                break;
            }
    }
}

/* The fast path takes a chain when its emitter is at least 5L + 4h + 2
 * (raw) inside the domain and |half step| <= 302: chains on both sides of
 * those limits give the reference's squares, whichever path runs. */
static void fast_path_edges(void)
{
    fxlt_rng rng = fxlt_rng_for("fast_path_edges");
    uint32_t i, n = FXLT_CASES(20000);
    for (i = 0; i < n; i++) {
        fxl_chain ch;
        bool rotating = (i & 1) != 0;
        size_t got, want, k;
        fxl_result r_want;
        fix16_t len = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, PX(1100)) : fxlt_range(&rng, 0, PX(300));
        fix16_t h = fxlt_range(&rng, 1, fxlt_below(&rng, 2) ? PX(8) : PX(300));
        fix16_t lim = FXL_COORD_MAX - (5 * len + 4 * h + 2);
        int32_t step = fxlt_below(&rng, 2) ? fxlt_range(&rng, 600, 610) : fxlt_range(&rng, 0, 700);
        fix16_t edge = lim + fxlt_range(&rng, -2, 1) - (fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, PX(4)) : 0);
        if (len >= (1 << 26) || h > (1 << 26))
            edge = FXL_COORD_MAX - fxlt_range(&rng, 0, PX(100));
        ch.emitter.x = fxlt_below(&rng, 2) ? edge : -edge;
        ch.emitter.y = fxlt_below(&rng, 2) ? fxlt_range(&rng, -PX(100), PX(100)) : -ch.emitter.x;
        ch.prev_angle = (fxl_angle)fxlt_below(&rng, 4096);
        ch.angle = ch.prev_angle + (fxlt_below(&rng, 2) ? step : -step);
        ch.length = len;
        ch.half_size = h;
        r_want = ref_seed(&ch, rotating, other, FXL_CHAIN_MAX, &want);
        if (r_want == FXL_ERR_CAPACITY)
            continue;
        CHECK_EQ(fxl_chain_make(&ch, rotating ? FXL_CHAIN_ROTATING : FXL_CHAIN_STATIC, boxes,
                                FXL_CHAIN_MAX, &got),
                 r_want);
        CHECK_EQ(got, want);
        for (k = 0; k < want; k++)
            if (!same_box(boxes[k], other[k])) {
                CHECK(same_box(boxes[k], other[k]));
                break;
            }
    }
}

/* ---- the callback form, capacity, errors ------------------------------------- */

/* The callback's squares go to `other` (the EWRAM of a GBA is 256 KiB). */
typedef struct collect {
    fxl_aabb *squares;
    size_t n;
} collect;

static collect got_each = {other, 0};

static void take(void *user, fxl_aabb box)
{
    collect *c = (collect *)user;
    if (c->n < FXL_CHAIN_MAX)
        c->squares[c->n] = box;
    c->n++;
}

static void each_matches_make(void)
{
    fxlt_rng rng = fxlt_rng_for("each_matches_make");
    uint32_t i, n = FXLT_CASES(4000);
    for (i = 0; i < n; i++) {
        fxl_chain ch;
        fxl_chain_kind kind = (fxl_chain_kind)(i & 3);
        size_t a, b, k;
        fxl_result ra, rb;
        fix16_t x = fxlt_below(&rng, 8) == 0 ? FXL_COORD_MAX - any_size(&rng, 26)
                                             : fxlt_range(&rng, -PX(1000), PX(1000));
        fix16_t y = fxlt_range(&rng, -PX(1000), PX(1000));
        ch.emitter = fxl_vec2_make(x, y);
        ch.angle = (fxl_angle)fxlt_below(&rng, 4096);
        ch.prev_angle = ch.angle - fxlt_range(&rng, -400, 400);
        ch.length = fxlt_range(&rng, 0, PX(600));
        ch.half_size = fxlt_range(&rng, PX(1) / 4, PX(8));
        ra = fxl_chain_make(&ch, kind, boxes, FXL_CHAIN_MAX, &a);
        got_each.n = 0;
        rb = fxl_chain_each(&ch, kind, take, &got_each, &b);
        CHECK_EQ(ra, rb);
        CHECK_EQ(a, b);
        CHECK_EQ(got_each.n, b);
        for (k = 0; k < a && k < got_each.n; k++)
            if (!same_box(boxes[k], got_each.squares[k])) {
                CHECK(same_box(boxes[k], got_each.squares[k]));
                break;
            }
    }
}

static void capacity_and_errors(void)
{
    fxl_chain ch = chain_make(0, 0, 300, 250, PX(100), PX(4));
    fxl_aabb few[64];
    size_t n = 0, m = 0;
    fxl_chain_kind kind;

    /* Too small an array: the first cap squares, and the count needed. */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, few, 64, &n), FXL_OK);
    CHECK_EQ(n, 13);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, other, 5, &m), FXL_ERR_CAPACITY);
    CHECK_EQ(m, 13);
    CHECK(same_box(other[4], few[4]));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, NULL, 0, &m), FXL_ERR_CAPACITY);
    CHECK_EQ(m, 13);
    for (kind = FXL_CHAIN_STATIC; kind <= FXL_CHAIN_COVER_CAPSULE; kind++) {
        size_t cap;
        CHECK_EQ(fxl_chain_make(&ch, kind, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        CHECK(n > 1);
        for (cap = 0; cap < n; cap++) {
            m = 0;
            CHECK_EQ(fxl_chain_make(&ch, kind, other, cap, &m), FXL_ERR_CAPACITY);
            CHECK_EQ(m, n);
            if (cap > 0)
                CHECK(same_box(other[cap - 1], boxes[cap - 1]));
        }
        CHECK_EQ(fxl_chain_make(&ch, kind, other, n, &m), FXL_OK);
        CHECK_EQ(m, n);
    }
    /* More than FXL_CHAIN_MAX squares: no array takes them. */
    ch.half_size = 1;
    ch.prev_angle = ch.angle;
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, FXL_CHAIN_MAX, &n), FXL_ERR_CAPACITY);
    CHECK_EQ(n, FXL_CHAIN_MAX + 1);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, few, 64, &n), FXL_ERR_CAPACITY);
    CHECK_EQ(n, FXL_CHAIN_MAX + 1);
    got_each.n = 0;
    CHECK_EQ(fxl_chain_each(&ch, FXL_CHAIN_STATIC, take, &got_each, &m), FXL_ERR_CAPACITY);
    CHECK_EQ(m, FXL_CHAIN_MAX + 1);
    CHECK_EQ(got_each.n, FXL_CHAIN_MAX);
    /* A domain error past the array's end wins over the capacity. */
    ch = chain_make(FXL_COORD_MAX - PX(100), 0, 0, 0, PX(300), PX(1));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, few, 10, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(n, 50); /* squares at 0, 2, ..., 98 px from the emitter fit */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, 64, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(n, 50);
    CHECK(boxes[49].hi.x <= FXL_COORD_MAX);
    /* The covering chains clip to the domain instead. */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK_EQ(boxes[n - 1].hi.x, FXL_COORD_MAX);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_CAPSULE, NULL, 0, &n), FXL_ERR_CAPACITY);
    /* Inputs. */
    ch = chain_make(0, 0, 300, 250, PX(100), PX(4));
    for (kind = FXL_CHAIN_STATIC; kind <= FXL_CHAIN_COVER_CAPSULE; kind++) {
        ch.half_size = 0;
        CHECK_EQ(fxl_chain_make(&ch, kind, few, 64, &n), FXL_ERR_SIZE_ZERO);
        CHECK_EQ(n, 0);
        ch.half_size = -1;
        CHECK_EQ(fxl_chain_make(&ch, kind, few, 64, &n), FXL_ERR_WIDTH_NEGATIVE);
        ch.half_size = FXL_SIZE_MAX + 1;
        CHECK_EQ(fxl_chain_each(&ch, kind, take, &got_each, &n), FXL_ERR_WIDTH_RANGE);
        ch.half_size = PX(4);
        ch.length = -1;
        CHECK_EQ(fxl_chain_make(&ch, kind, few, 64, &n), FXL_ERR_LENGTH_NEGATIVE);
        ch.length = FXL_SIZE_MAX + 1;
        CHECK_EQ(fxl_chain_make(&ch, kind, few, 64, &n), FXL_ERR_LENGTH_RANGE);
        ch.length = PX(100);
        ch.emitter.x = FXL_COORD_MAX + 1;
        CHECK_EQ(fxl_chain_make(&ch, kind, few, 64, &n), FXL_ERR_COORD_RANGE);
        ch.emitter.x = 0;
        CHECK_EQ(fxl_chain_make(NULL, kind, few, 64, &n), FXL_ERR_NULL);
        CHECK_EQ(fxl_chain_make(&ch, kind, NULL, 64, &n), FXL_ERR_NULL);
        CHECK_EQ(fxl_chain_each(&ch, kind, NULL, NULL, &n), FXL_ERR_NULL);
    }
    CHECK_EQ(fxl_chain_make(&ch, (fxl_chain_kind)4, few, 64, &n), FXL_ERR_KIND);
    CHECK_EQ(fxl_chain_make(&ch, (fxl_chain_kind)-1, few, 64, &n), FXL_ERR_KIND);
    /* A zero length: no squares for the chained-square chains, the emitter's end for cover. */
    ch.length = 0;
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, few, 64, &n), FXL_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_CAPSULE, few, 64, &n), FXL_OK);
    CHECK(n >= 1 && n <= 2);
    CHECK(fxl_chain_vs_circle(few, n, fxl_circle_make(PX(4), 0, 0)));
    CHECK(fxl_chain_vs_circle(few, n, fxl_circle_make(0, -PX(4), 0)));
    /* Half turns: the chained-square method refuses 2048 steps (tan 90 degrees) and leaves
     * the domain at 2047 (tan 89.9 degrees = 649); covering takes both. */
    ch = chain_make(PX(100), PX(100), 2048 + 30, 30, PX(118), PX(2));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, few, 64, &n), FXL_ERR_STEP_RANGE);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, few, 64, &n), FXL_OK);
    CHECK_EQ(n, 1);
    ch.angle = 30 + 2047;
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, few, 64, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_CAPSULE, few, 64, &n), FXL_OK);
    CHECK_EQ(n, 1);
    /* -2047: the chained-square method wraps both angles into 0..4095 first, so from 30 it
     * reads +2049 steps, a half step of -1024: refused as a half turn. */
    ch.angle = 30 - 2047;
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, few, 64, &n), FXL_ERR_STEP_RANGE);
    ch = chain_make(PX(100), PX(100), 3000 - 2047, 3000, PX(118), PX(2));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, few, 64, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_CAPSULE, few, 64, &n), FXL_OK);
    CHECK_EQ(n, 1);
}

/* ---- the covering chains against the exact sweep ----------------------------- */

/* A frame point (u along, v across, raw Q16.16) at table angle a about o. */
static fxl_vec2 frame_point(fxl_vec2 o, fxl_angle a, int64_t u, int64_t v)
{
    int64_t c = fxl_cos(a), s = fxl_sin(a);
    int64_t x = o.x + ref_floor16(u * c - v * s);
    int64_t y = o.y + ref_floor16(u * s + v * c);
    x = x > FXL_COORD_MAX ? FXL_COORD_MAX : x < -FXL_COORD_MAX ? -FXL_COORD_MAX : x;
    y = y > FXL_COORD_MAX ? FXL_COORD_MAX : y < -FXL_COORD_MAX ? -FXL_COORD_MAX : y;
    return fxl_vec2_make((fix16_t)x, (fix16_t)y);
}

/* The issue's cases: the chained-square method's chains miss circles the laser touches. */
static void seed_misses_cover_does_not(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(745526013, -363917155), 1290,
                                        7726774, 125441);
    fxl_circle c = fxl_circle_make(742886107, -357190014, 124176);
    fxl_laser_prep lp;
    fxl_sweep s = fxl_sweep_turn(&l, 1);
    fxl_sweep_prep sp;
    fxl_chain ch = chain_make(l.pos.x, l.pos.y, 1291, 1290, l.length, l.half_width);
    size_t n;

    CHECK_EQ(fxl_laser_prepare(&l, &lp), FXL_OK);
    CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_OK);
    CHECK(fxl_laser_vs_circle(&lp, c)); /* it touches the start beam */
    CHECK(fxl_sweep_vs_circle(&sp, c));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK(!fxl_chain_vs_circle(boxes, n, c)); /* the method's chain lets it through */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK(fxl_chain_vs_circle(boxes, n, c));

    /* A static beam 4 px long, 1 px wide: the chained-square method's squares at 0 and 2 px
     * end at 3 px; the laser reaches 4 px. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(4), PX(1));
    ch = chain_make(0, 0, 0, 0, PX(4), PX(1));
    c = fxl_circle_make(PX(3) + PX(1) / 2, 0, 0);
    CHECK_EQ(fxl_laser_prepare(&l, &lp), FXL_OK);
    CHECK(fxl_laser_vs_circle(&lp, c));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK_EQ(n, 2);
    CHECK(!fxl_chain_vs_circle(boxes, n, c));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK(fxl_chain_vs_circle(boxes, n, c));
    CHECK(fxl_chain_vs_circle(boxes, n, fxl_circle_make(PX(4), PX(1), 0)));  /* the corner */
    CHECK(!fxl_chain_vs_circle(boxes, n, fxl_circle_make(PX(5), 0, 0)));     /* not far beyond */
    /* At a diagonal the chained-square method's squares do not reach the beam's edges. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 512, PX(40), PX(4));
    ch = chain_make(0, 0, 512, 512, PX(40), PX(4));
    c.c = frame_point(fxl_vec2_make(0, 0), 512, PX(20), PX(4) - 2);
    c.r = 0;
    CHECK_EQ(fxl_laser_prepare(&l, &lp), FXL_OK);
    CHECK(fxl_laser_vs_circle(&lp, c));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK(!fxl_chain_vs_circle(boxes, n, c));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
    CHECK(fxl_chain_vs_circle(boxes, n, c));
}

static int32_t gen_cover_step(fxlt_rng *rng)
{
    int32_t sign = fxlt_below(rng, 2) ? 1 : -1;
    switch (fxlt_below(rng, 10)) {
    case 0: return 0;
    case 1: return sign * fxlt_range(rng, 1, 3);
    case 2: return sign * (fxlt_below(rng, 2) ? 2047 : 2048);
    case 3: return sign * fxlt_range(rng, 1020, 1030);
    case 4: return fxlt_range(rng, -64, 64);
    case 5: return fxlt_range(rng, -256, 256);
    default: return fxlt_range(rng, -2048, 2048);
    }
}

#define BUCKETS 6
static const char *const bucket_name[BUCKETS] = {"0", "1..3", "4..64", "65..256", "257..1024",
                                                 "1025..2048"};

static int bucket_of(int32_t step)
{
    int32_t a = step < 0 ? -step : step;
    return a == 0 ? 0 : a <= 3 ? 1 : a <= 64 ? 2 : a <= 256 ? 3 : a <= 1024 ? 4 : 5;
}

typedef struct cover_tally {
    uint32_t chains, circles, hits, misses;
    double area_exact, area_chain; /* px^2, game-sized lasers only */
} cover_tally;

/* A circle by the outline of the beam at a table angle of the turn,
 * pushed out by its radius plus -4..4 raw: they graze the swept region. */
static fxl_circle graze(fxlt_rng *rng, const fxl_laser *l, int32_t step, int64_t w)
{
    int32_t a = step < 0 ? -step : step, j;
    int64_t len = l->length, u, v, nu = 0, nv = 0, r, d;
    fxl_circle c;
    uint32_t pick = fxlt_below(rng, 4);
    j = pick == 0 ? 0 : pick == 1 ? a : fxlt_range(rng, 0, a);
    r = fxlt_below(rng, 4) == 0 ? 0 : fxlt_range(rng, 0, PX(8));
    d = fxlt_below(rng, 4) == 0 ? fxlt_range(rng, -PX(1), PX(1)) : fxlt_range(rng, -4, 4);
    if (l->kind == FXL_LASER_CAPSULE) {
        fxl_angle phi = (fxl_angle)fxlt_below(rng, 4096);
        uint32_t at = fxlt_below(rng, 3);
        u = at == 0 ? 0 : at == 1 ? len : fxlt_range(rng, 0, (int32_t)len);
        nu = fxl_cos(phi);
        nv = fxl_sin(phi);
        u += w * nu / 65536;
        v = w * nv / 65536;
    } else {
        int64_t side = fxlt_below(rng, 2) ? 1 : -1;
        switch (fxlt_below(rng, 4)) {
        case 0: u = fxlt_range(rng, 0, (int32_t)len), v = side * w, nv = side * 65536; break;
        case 1: u = len, v = fxlt_range(rng, -(int32_t)w, (int32_t)w), nu = 65536; break;
        case 2: u = 0, v = fxlt_range(rng, -(int32_t)w, (int32_t)w), nu = -65536; break;
        default:
            u = fxlt_below(rng, 2) ? len : 0, v = side * w;
            nu = u == 0 ? -46341 : 46341, nv = side * 46341;
            break;
        }
    }
    u += (r + d) * nu / 65536;
    v += (r + d) * nv / 65536;
    c.c = frame_point(l->pos, l->angle + (step < 0 ? -j : j), u, v);
    c.r = (fix16_t)r;
    return c;
}

/* >= 1,000,000 circles against covering chains of random box and capsule
 * lasers (game-sized and domain-sized) turning by 0..2048 steps either way:
 * none that the exact sweep hits may be missed. Also an estimate, per step
 * size, of the chain's hit area over the exact swept area (uniform points
 * in the chain's bounding box, game-sized lasers). */
static void cover_property(void)
{
    fxlt_rng rng = fxlt_rng_for("cover_property");
    cover_tally t[BUCKETS];
    uint32_t i, n = FXLT_CASES(1000000), skipped = 0, k;
    fxl_laser l;
    fxl_sweep_prep sp;
    size_t nb = 0;
    int32_t step = 0;
    int64_t w = 0;
    int b = 0;
    bool ok = false;
    fxl_aabb all;

    for (k = 0; k < BUCKETS; k++) {
        t[k].chains = t[k].circles = t[k].hits = t[k].misses = 0;
        t[k].area_exact = t[k].area_chain = 0.0;
    }
    all.lo = all.hi = fxl_vec2_make(0, 0);
    for (i = 0; i < n; i++) {
        fxl_circle c;
        bool exact;
        if ((i & 3) == 0) {
            fxl_chain ch;
            fxl_sweep s;
            fxl_result res;
            l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            l.anchor = FXL_ANCHOR_EMITTER;
            step = gen_cover_step(&rng);
            w = fix16_mul(l.half_width, l.hit_fraction);
            s = fxl_sweep_turn(&l, step);
            ok = fxl_sweep_prepare(&s, &sp) == FXL_OK;
            ch = chain_make(l.pos.x, l.pos.y, l.angle + step, l.angle, l.length,
                            w > 0 ? (fix16_t)w : 1);
            res = fxl_chain_make(&ch, l.kind == FXL_LASER_BOX ? FXL_CHAIN_COVER_BOX
                                                               : FXL_CHAIN_COVER_CAPSULE,
                                 boxes, FXL_CHAIN_MAX, &nb);
            if (res != FXL_OK)
                CHECK_EQ(res, FXL_ERR_CAPACITY); /* a long beam of a tiny width */
            ok = ok && res == FXL_OK;
            if (!ok) {
                skipped++;
                continue;
            }
            b = bucket_of(step);
            t[b].chains++;
            all = boxes[0];
            for (k = 1; k < nb; k++) {
                all.lo.x = boxes[k].lo.x < all.lo.x ? boxes[k].lo.x : all.lo.x;
                all.lo.y = boxes[k].lo.y < all.lo.y ? boxes[k].lo.y : all.lo.y;
                all.hi.x = boxes[k].hi.x > all.hi.x ? boxes[k].hi.x : all.hi.x;
                all.hi.y = boxes[k].hi.y > all.hi.y ? boxes[k].hi.y : all.hi.y;
            }
            if (l.length <= PX(512) && w <= PX(16) && w >= PX(1) / 2) {
                /* Area estimate: 16 uniform points of the bounding box. */
                double area = ref_px(all.hi.x - all.lo.x) * ref_px(all.hi.y - all.lo.y) / 16.0;
                for (k = 0; k < 16; k++) {
                    fix16_t x = fxlt_range(&rng, all.lo.x, all.hi.x);
                    fix16_t y = fxlt_range(&rng, all.lo.y, all.hi.y);
                    fxl_circle p = fxl_circle_make(x, y, 0);
                    t[b].area_exact += fxl_sweep_vs_circle(&sp, p) ? area : 0.0;
                    t[b].area_chain += fxl_chain_vs_circle(boxes, nb, p) ? area : 0.0;
                }
            }
        }
        if (!ok)
            continue;
        if ((i & 3) != 3) {
            c = graze(&rng, &l, step, w);
        } else { /* anywhere in the chain's bounding box, grown by 8 px */
            fix16_t x = fxlt_range(&rng, all.lo.x > -FXL_COORD_MAX + PX(8) ? all.lo.x - PX(8) : -FXL_COORD_MAX,
                                   all.hi.x < FXL_COORD_MAX - PX(8) ? all.hi.x + PX(8) : FXL_COORD_MAX);
            fix16_t y = fxlt_range(&rng, all.lo.y > -FXL_COORD_MAX + PX(8) ? all.lo.y - PX(8) : -FXL_COORD_MAX,
                                   all.hi.y < FXL_COORD_MAX - PX(8) ? all.hi.y + PX(8) : FXL_COORD_MAX);
            fix16_t r = fxlt_range(&rng, 0, PX(4));
            c = fxl_circle_make(x, y, r);
        }
        exact = fxl_sweep_vs_circle(&sp, c);
        t[b].circles++;
        t[b].hits += exact;
        if (exact && !fxl_chain_vs_circle(boxes, nb, c)) {
            if (t[b].misses < 3)
                fxlt_printf("    missed: kind %d pos (%d, %d) angle %d step %d L %d w %d circle "
                            "(%d, %d, %d)\n",
                            (int)l.kind, (int)l.pos.x, (int)l.pos.y, (int)l.angle, (int)step,
                            (int)l.length, (int)w, (int)c.c.x, (int)c.c.y, (int)c.r);
            t[b].misses++;
        }
    }
    fxlt_printf("    covering chains: %u circles, %u lasers skipped (refused or over "
                "FXL_CHAIN_MAX squares)\n", n, skipped);
    fxlt_printf("    |step|: chains, circles, exact hits, misses, chain area / exact area\n");
    for (k = 0; k < BUCKETS; k++) {
        double ratio = t[k].area_exact > 0.0 ? t[k].area_chain / t[k].area_exact : 0.0;
        fxlt_printf("      %s: %u, %u, %u, %u, %u.%02u\n", bucket_name[k], t[k].chains,
                    t[k].circles, t[k].hits, t[k].misses, (unsigned)ratio,
                    (unsigned)((ratio - floor(ratio)) * 100.0));
        CHECK_EQ(t[k].misses, 0);
        CHECK_COVER(t[k].hits > 0);
    }
}

/* A laser turning about its middle: two covering chains from the middle,
 * half the length each, one reversed, hold its swept region. */
static void cover_centre_anchor(void)
{
    fxlt_rng rng = fxlt_rng_for("cover_centre_anchor");
    fxl_aabb *back = other;
    uint32_t i, n = FXLT_CASES(200000), hits = 0, misses = 0, refused = 0;
    fxl_laser l;
    fxl_sweep_prep sp;
    size_t na = 0, nb = 0;
    int32_t step = 0;
    int64_t w = 0;
    bool ok = false;
    for (i = 0; i < n; i++) {
        fxl_circle c;
        bool exact;
        if ((i & 3) == 0) {
            fxl_chain ch;
            fxl_sweep s;
            fxl_chain_kind kind;
            l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            l.anchor = FXL_ANCHOR_CENTRE;
            step = gen_cover_step(&rng);
            w = fix16_mul(l.half_width, l.hit_fraction);
            s = fxl_sweep_turn(&l, step);
            ok = fxl_sweep_prepare(&s, &sp) == FXL_OK;
            kind = l.kind == FXL_LASER_BOX ? FXL_CHAIN_COVER_BOX : FXL_CHAIN_COVER_CAPSULE;
            ch = chain_make(l.pos.x, l.pos.y, l.angle + step, l.angle, l.length - l.length / 2,
                            w > 0 ? (fix16_t)w : 1);
            ok = ok && fxl_chain_make(&ch, kind, boxes, FXL_CHAIN_MAX, &na) == FXL_OK;
            ch.angle += 2048;
            ch.prev_angle += 2048;
            ok = ok && fxl_chain_make(&ch, kind, back, FXL_CHAIN_MAX, &nb) == FXL_OK;
            refused += !ok;
        }
        if (!ok)
            continue;
        /* Even cases graze a beam read from pos forwards (half of it lies
         * beyond this laser's end: misses, or hits of the other half); odd
         * ones fall anywhere along the whole beam, either end pose. */
        c = graze(&rng, &l, step, w);
        if ((i & 1) != 0) {
            fix16_t x = fxlt_range(&rng, -PX(8), PX(8)), y = fxlt_range(&rng, -PX(8), PX(8));
            c.c = frame_point(l.pos, l.angle + (fxlt_below(&rng, 2) ? step : 0),
                              (int64_t)fxlt_range(&rng, -(l.length / 2) - (int32_t)w, l.length / 2 + (int32_t)w) + x,
                              (int64_t)fxlt_range(&rng, -(int32_t)w, (int32_t)w) + y);
            c.r = fxlt_range(&rng, 0, PX(4));
        }
        exact = fxl_sweep_vs_circle(&sp, c);
        hits += exact;
        if (exact && !fxl_chain_vs_circle(boxes, na, c) && !fxl_chain_vs_circle(back, nb, c)) {
            if (misses < 3)
                fxlt_printf("    missed: kind %d pos (%d, %d) angle %d step %d L %d w %d circle "
                            "(%d, %d, %d)\n",
                            (int)l.kind, (int)l.pos.x, (int)l.pos.y, (int)l.angle, (int)step,
                            (int)l.length, (int)w, (int)c.c.x, (int)c.c.y, (int)c.r);
            misses++;
        }
    }
    fxlt_printf("    centre-anchored turns: %u circles, %u exact hits, %u missed (%u lasers "
                "skipped)\n", n, hits, misses, refused);
    CHECK_EQ(misses, 0);
    CHECK_COVER(hits > 0);
}

static void chain_vs_circle(void)
{
    fxlt_rng rng = fxlt_rng_for("chain_vs_circle");
    int round;
    for (round = 0; round < 400; round++) {
        fxl_chain ch;
        size_t n, i, j;
        fix16_t ox = round & 1 ? FXL_COORD_MAX - PX(100) : 0;
        ch.emitter = fxl_vec2_make(ox, 0);
        ch.angle = (fxl_angle)fxlt_below(&rng, 4096);
        ch.prev_angle = ch.angle - fxlt_range(&rng, -300, 300);
        ch.length = fxlt_range(&rng, 0, PX(200));
        ch.half_size = fxlt_range(&rng, PX(1), PX(6));
        fxl_chain_make(&ch, (fxl_chain_kind)(round & 3), boxes, FXL_CHAIN_MAX, &n);
        for (i = 0; i < 40; i++) {
            bool want = false;
            fxl_circle c;
            c.c.x = ox + fxlt_range(&rng, PX(-220), PX(220) - (round & 1 ? PX(120) : 0));
            c.c.y = fxlt_range(&rng, PX(-220), PX(220));
            c.r = fxlt_below(&rng, 8) == 0 ? fxlt_range(&rng, 0, FXL_SIZE_MAX)
                                           : fxlt_range(&rng, 0, PX(5));
            for (j = 0; j < n; j++)
                want = want || fxl_aabb_vs_circle(boxes[j], c);
            CHECK(fxl_chain_vs_circle(boxes, n, c) == want);
        }
    }
    CHECK(!fxl_chain_vs_circle(NULL, 0, fxl_circle_make(0, 0, PX(1))));
    /* Boxes spanning the whole domain, circles at its corners. */
    boxes[0].lo = fxl_vec2_make(-FXL_COORD_MAX, -FXL_COORD_MAX);
    boxes[0].hi = fxl_vec2_make(FXL_COORD_MAX, -FXL_COORD_MAX + 5);
    CHECK(fxl_chain_vs_circle(boxes, 1, fxl_circle_make(FXL_COORD_MAX, -FXL_COORD_MAX, 0)));
    CHECK(!fxl_chain_vs_circle(boxes, 1, fxl_circle_make(FXL_COORD_MAX, FXL_COORD_MAX, FXL_SIZE_MAX)));
    CHECK(fxl_chain_vs_circle(boxes, 1, fxl_circle_make(-FXL_COORD_MAX, -FXL_COORD_MAX + 5 + FXL_SIZE_MAX,
                                                        FXL_SIZE_MAX)));
}

/* Issue 14's repros and what tests/fuzz/fuzz_chain.c found. */
static void issue14_repros(void)
{
    uint32_t seen;
    fxl_chain ch = chain_make(0, 0, 0, 0, PX(4), PX(1));
    fxl_chain_kind kind;
    size_t n = 0, m = 0;
    int32_t u, v;
    fxl_circle wild = fxl_circle_make(INT32_MIN, INT32_MAX, INT32_MAX);

    /* The beam's last part: the box laser of length 4 px and hitbox
     * half-width 1 px hits (3.5, 0); the chained-square method's static chain (squares at 0
     * and 2 px) misses it, as chain.h says; the covering chains hold it and
     * every other point the laser (box or capsule) hits, on a 1/8 px grid. */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, 16, &n), FXL_OK);
    CHECK(!fxl_chain_vs_circle(boxes, n, fxl_circle_make(PX(3.5), 0, 0)));
    for (kind = FXL_CHAIN_COVER_BOX; kind <= FXL_CHAIN_COVER_CAPSULE; kind++) {
        fxl_laser l = fxl_laser_from_emitter(kind == FXL_CHAIN_COVER_BOX ? FXL_LASER_BOX : FXL_LASER_CAPSULE,
                                            ch.emitter, 0, ch.length, ch.half_size);
        fxl_laser_prep p;
        CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_OK);
        CHECK_EQ(fxl_chain_make(&ch, kind, boxes, 16, &n), FXL_OK);
        CHECK(fxl_laser_vs_point(&p, fxl_vec2_make(PX(3.5), 0)));
        CHECK(fxl_chain_vs_circle(boxes, n, fxl_circle_make(PX(3.5), 0, 0)));
        for (u = -PX(2); u <= PX(6); u += PX(1) / 8)
            for (v = -PX(2); v <= PX(2); v += PX(1) / 8)
                if (fxl_laser_vs_point(&p, fxl_vec2_make(u, v)))
                    CHECK(fxl_chain_vs_circle(boxes, n, fxl_circle_make(u, v, 0)));
    }

    /* FXL_ERR_CAPACITY reports the count the chain needs, for every kind */
    ch = chain_make(PX(3), PX(-7), 100, 90, PX(200), PX(2));
    for (kind = FXL_CHAIN_STATIC; kind <= FXL_CHAIN_COVER_CAPSULE; kind++) {
        CHECK_EQ(fxl_chain_make(&ch, kind, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        CHECK(n > 3);
        m = 0;
        CHECK_EQ(fxl_chain_make(&ch, kind, other, 3, &m), FXL_ERR_CAPACITY);
        CHECK_EQ(m, n);
        m = 0;
        CHECK_EQ(fxl_chain_make(&ch, kind, NULL, 0, &m), FXL_ERR_CAPACITY);
        CHECK_EQ(m, n);
    }

    /* A chained-square chain whose square 4097 leaves the domain: fxl_chain_make and
     * fxl_chain_each agree (the domain error, 4096 squares), as they do for
     * any chain; each used to report FXL_ERR_CAPACITY without looking. */
    ch = chain_make(-1073676543, 0, 1991, 530, 118565893, 8);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, boxes, FXL_CHAIN_MAX, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(n, FXL_CHAIN_MAX);
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_STATIC, NULL, 0, &n), FXL_ERR_COORD_RANGE);
    CHECK_EQ(n, FXL_CHAIN_MAX);
    got_each.n = 0;
    CHECK_EQ(fxl_chain_each(&ch, FXL_CHAIN_STATIC, take, &got_each, &m), FXL_ERR_COORD_RANGE);
    CHECK_EQ(m, FXL_CHAIN_MAX);
    CHECK_EQ(got_each.n, FXL_CHAIN_MAX);

    /* The rotating chain's half step as chain.h defines it: a - p = 2049
     * (a short turn of -2047) is a half step of 1024 */
    ch = chain_make(0, 0, 3584, 5631, PX(10), PX(1));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, 16, &n), FXL_ERR_STEP_RANGE);
    CHECK_EQ(n, 0);
    ch.prev_angle = 5632; /* a - p = 2048 */
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, 16, &n), FXL_ERR_STEP_RANGE);
    ch.prev_angle = 5633; /* a - p = 2047: half step 1023 (tan 648.9: the squares leave the domain) */
    CHECK(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, 16, &n) != FXL_ERR_STEP_RANGE);
    ch.prev_angle = 5630; /* a - p = 2050: half step -1023 */
    CHECK(fxl_chain_make(&ch, FXL_CHAIN_ROTATING, boxes, 16, &n) != FXL_ERR_STEP_RANGE);

    /* a circle outside the domain: the checked build says so, no overflow */
    ch = chain_make(0, 0, 0, 0, PX(40), PX(2));
    CHECK_EQ(fxl_chain_make(&ch, FXL_CHAIN_COVER_BOX, boxes, 64, &n), FXL_OK);
    seen = fxlt_asserts_seen();
    fxlt_expect_asserts(true);
    (void)fxl_chain_vs_circle(boxes, n, wild);
    wild.r = INT32_MIN;
    (void)fxl_chain_vs_circle(boxes, n, wild);
    CHECK(fxlt_asserts_seen() - seen >= 2); /* and the exact test of the squares it meets */
    fxlt_expect_asserts(false);
}

static const fxlt_case cases[] = {
    {"tan_table", tan_table},
    {"static_chain_recurrence", static_chain_recurrence},
    {"rotating_chain_recurrence", rotating_chain_recurrence},
    {"seed_matches_reference", seed_matches_reference},
    {"every_half_step", every_half_step},
    {"fast_path_edges", fast_path_edges},
    {"each_matches_make", each_matches_make},
    {"capacity_and_errors", capacity_and_errors},
    {"seed_misses_cover_does_not", seed_misses_cover_does_not},
    {"cover_property", cover_property},
    {"cover_centre_anchor", cover_centre_anchor},
    {"chain_vs_circle", chain_vs_circle},
    {"issue14_repros", issue14_repros},
};

const fxlt_suite fxlt_suite_chain = {"chain", cases, FXLT_COUNT(cases)};
