/* test_chain.c - fxl_tan, the static and rotating chains against the
 * article's recurrence computed independently in double, the callback form,
 * errors, and the chain-vs-circle test. */
#include <math.h>

#include "harness.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

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

static void half_step_formula(void)
{
    int a, p;
    for (a = 0; a < 4096; a += 7) {
        for (p = 0; p < 4096; p += 5) {
            /* The article's expression, evaluated the way it is written. */
            int want = (((a - p) / 2 + 1024) & 2047) - 1024;
            CHECK_EQ(fxl_chain_half_step(a, p), want);
        }
    }
    CHECK_EQ(fxl_chain_half_step(1, 4095), 1);   /* wraps: +2 steps */
    CHECK_EQ(fxl_chain_half_step(4095, 1), -1);  /* -2 steps */
    CHECK_EQ(fxl_chain_half_step(2048, 0), -1024);
    CHECK_EQ(fxl_chain_half_step(0, 2048), -1024);
    CHECK_EQ(fxl_chain_half_step(100 + 4096, 40 - 8192), 30);
}

static fxl_chain chain_make(fix16_t x, fix16_t y, fxl_angle a, fxl_angle prev, fix16_t len,
                            fix16_t h)
{
    fxl_chain c;
    c.origin = fxl_vec2_make(x, y);
    c.angle = a;
    c.prev_angle = prev;
    c.length = len;
    c.half_size = h;
    return c;
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
        /* angle, length px*16, half-size px*16, origin x, y (px) */
        {0, 100 * 16, 4 * 16, 10, 20},   {1024, 100 * 16, 4 * 16, -5, 7},
        {300, 257 * 16, 3 * 16, 0, 0},   {2500, 40 * 16, 20 * 16, 100, -100},
        {777, 16, 64, 3, 3},             {3072, 64 * 16, 8 * 16, 0, 0},
        {1, 1000 * 16, 1 * 16, -300, 300},
    };
    static fxl_aabb boxes[FXL_CHAIN_MAX] FXL_EWRAM_BSS;
    size_t i, n, k;
    for (i = 0; i < FXLT_COUNT(table); i++) {
        fxl_chain ch = chain_make(PX(table[i][3]), PX(table[i][4]), table[i][0], 0,
                                  table[i][1] * 4096, table[i][2] * 4096);
        double c = ref_cos_q16(ch.angle) / 65536.0, s = ref_sin_q16(ch.angle) / 65536.0;
        double len = ref_px(ch.length), h = ref_px(ch.half_size);
        size_t want = (size_t)ceil(len / (2.0 * h));
        CHECK_EQ(fxl_chain_static(&ch, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        CHECK_EQ(n, want);
        for (k = 0; k < n; k++)
            check_square(boxes[k], ref_px(ch.origin.x) + (double)k * 2.0 * h * c,
                         ref_px(ch.origin.y) + (double)k * 2.0 * h * s, h);
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
    static fxl_aabb boxes[FXL_CHAIN_MAX] FXL_EWRAM_BSS;
    size_t i, n, k;
    for (i = 0; i < FXLT_COUNT(table); i++) {
        fxl_chain ch = chain_make(PX(5), PX(-9), table[i][0], table[i][1], PX(table[i][2]),
                                  PX(table[i][3]));
        /* The article's loop in double, from its own formulas. */
        int a = table[i][0] & 4095, p = table[i][1] & 4095;
        int delta = (((a - p) / 2 + 1024) & 2047) - 1024, mid = a - delta;
        double c = ref_cos_q16(mid) / 65536.0, s = ref_sin_q16(mid) / 65536.0;
        int ad = delta < 0 ? -delta : delta;
        double tan_d = floor(ref_sin_q16(ad) / ref_cos_q16(ad) * 65536.0 + 0.5) / 65536.0;
        double x = 5.0, y = -9.0, size = (double)table[i][3], left = (double)table[i][2];
        CHECK_EQ(fxl_chain_rotating(&ch, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
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

typedef struct collect {
    fxl_aabb boxes[64];
    size_t n;
} collect;

static void take(void *user, fxl_aabb box)
{
    collect *c = (collect *)user;
    if (c->n < 64)
        c->boxes[c->n] = box;
    c->n++;
}

static void callback_and_errors(void)
{
    fxl_chain ch = chain_make(0, 0, 300, 250, PX(100), PX(4));
    fxl_aabb boxes[64];
    collect got;
    size_t n = 0, m = 0, i;

    got.n = 0;
    CHECK_EQ(fxl_chain_rotating(&ch, boxes, 64, &n), FXL_OK);
    CHECK_EQ(fxl_chain_rotating_each(&ch, take, &got, &m), FXL_OK);
    CHECK_EQ(m, n);
    CHECK_EQ(got.n, n);
    for (i = 0; i < n && i < 64; i++)
        CHECK(boxes[i].lo.x == got.boxes[i].lo.x && boxes[i].hi.y == got.boxes[i].hi.y);
    got.n = 0;
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_OK);
    CHECK_EQ(fxl_chain_static_each(&ch, take, &got, &m), FXL_OK);
    CHECK_EQ(n, 13);
    CHECK_EQ(m, 13);
    /* Too small an array: filled up to its capacity, then an error. */
    CHECK_EQ(fxl_chain_static(&ch, boxes, 5, &n), FXL_ERR_CAPACITY);
    CHECK_EQ(n, 5);
    ch.half_size = 1; /* 100 px in 2-raw-unit steps: far beyond FXL_CHAIN_MAX */
    CHECK_EQ(fxl_chain_static_each(&ch, take, &got, &m), FXL_ERR_CAPACITY);
    ch.half_size = 0;
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_ERR_SIZE_ZERO);
    ch.half_size = -1;
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_ERR_WIDTH_NEGATIVE);
    ch.half_size = FXL_SIZE_MAX + 1;
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_ERR_WIDTH_RANGE);
    ch = chain_make(0, 0, 2048, 0, PX(100), PX(4));
    CHECK_EQ(fxl_chain_rotating(&ch, boxes, 64, &n), FXL_ERR_STEP_RANGE);
    ch = chain_make(FXL_COORD_MAX - PX(10), 0, 0, 0, PX(100), PX(4));
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_ERR_COORD_RANGE);
    ch = chain_make(0, 0, 0, 0, -1, PX(4));
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_ERR_LENGTH_NEGATIVE);
    ch = chain_make(0, 0, 0, 0, 0, PX(4));
    CHECK_EQ(fxl_chain_static(&ch, boxes, 64, &n), FXL_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(fxl_chain_static(NULL, boxes, 64, &n), FXL_ERR_NULL);
    CHECK_EQ(fxl_chain_static_each(&ch, NULL, NULL, &n), FXL_ERR_NULL);
}

static void chain_vs_circle(void)
{
    fxlt_rng rng = fxlt_rng_for("chain_vs_circle");
    static fxl_aabb boxes[FXL_CHAIN_MAX] FXL_EWRAM_BSS;
    int round;
    for (round = 0; round < 200; round++) {
        fxl_chain ch;
        size_t n, i, j;
        ch.origin = fxl_vec2_make(0, 0);
        ch.angle = (fxl_angle)fxlt_below(&rng, 4096);
        ch.prev_angle = ch.angle - fxlt_range(&rng, -300, 300);
        ch.length = fxlt_range(&rng, 0, PX(200));
        ch.half_size = fxlt_range(&rng, PX(1), PX(6));
        CHECK_EQ(fxl_chain_rotating(&ch, boxes, FXL_CHAIN_MAX, &n), FXL_OK);
        for (i = 0; i < 20; i++) {
            bool want = false;
            fxl_circle c;
            c.c.x = fxlt_range(&rng, PX(-220), PX(220));
            c.c.y = fxlt_range(&rng, PX(-220), PX(220));
            c.r = fxlt_range(&rng, 0, PX(5));
            for (j = 0; j < n; j++)
                want = want || fxl_aabb_vs_circle(boxes[j], c);
            CHECK(fxl_chain_vs_circle(boxes, n, c) == want);
        }
    }
}

static const fxlt_case cases[] = {
    {"tan_table", tan_table},
    {"half_step_formula", half_step_formula},
    {"static_chain_recurrence", static_chain_recurrence},
    {"rotating_chain_recurrence", rotating_chain_recurrence},
    {"callback_and_errors", callback_and_errors},
    {"chain_vs_circle", chain_vs_circle},
};

const fxlt_suite fxlt_suite_chain = {"chain", cases, FXLT_COUNT(cases)};
