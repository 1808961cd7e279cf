/* test_sweep.c - the exact swept test: unit cases, errors, wrap-around,
 * batch, and the property test against two references (the numeric
 * minimisation over the turn, and 256-sub-step dense sampling). */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_sweep_prep sweep(fxl_laser l, int32_t step)
{
    fxl_sweep_prep sp;
    fxl_sweep s = fxl_sweep_turn(&l, step);
    CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_OK);
    return sp;
}

static bool hits(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_sweep_vs_circle(sp, fxl_circle_make(x, y, r));
}

/* A quarter turn passes over a circle that neither end beam touches. */
static void passes_over(void)
{
    int kind;
    for (kind = 0; kind < 2; kind++) {
        fxl_laser l = fxl_laser_from_origin((fxl_laser_kind)kind, fxl_vec2_make(0, 0), 0,
                                            PX(100), PX(2));
        fxl_sweep_prep sp = sweep(l, 1024), back = sweep(l, -1024);
        fxl_laser_prep a = sp.from, b = sp.to;
        fxl_circle c = fxl_circle_make(PX(35), PX(35), PX(1)); /* at 45 degrees, ~49.5 px */
        CHECK(!fxl_laser_vs_circle(&a, c) && !fxl_laser_vs_circle(&b, c));
        CHECK(fxl_sweep_vs_circle(&sp, c));
        CHECK(!fxl_sweep_vs_circle(&back, c)); /* the other way round misses it */
        CHECK(fxl_sweep_vs_circle(&back, fxl_circle_make(PX(35), PX(-35), PX(1))));
        /* Beyond the far end: missed. */
        CHECK(!hits(&sp, PX(80), PX(80), PX(1)));
    }
}

/* Exact touching through the turn's far corner, where s = 1 exactly (the
 * cardinal table vectors): L = 40, w = 30, so the corner is 50 px out;
 * a circle at 60 px along (0.8, 0.6) rotated by 45 degrees... is not on
 * the grid, so use the direction (0.6, 0.8) and a turn 0 -> 1024: the
 * corner (40, -30) points there when the beam is at 90 - 36.87 degrees. */
static void corner_touch_exact(void)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_BOX, fxl_vec2_make(PX(1), PX(2)), 0, PX(40),
                                        PX(30));
    fxl_sweep_prep sp = sweep(l, 1024);
    /* (20, 21, 29): 58 px along (20, 21)/29, between the two directions
     * where a corner points at it (46.4 -+ 36.9 degrees, both inside). */
    fix16_t x = PX(1) + PX(40), y = PX(2) + PX(42);
    /* s * rho = 58 <= 50 + r  <=>  r >= 8 px. */
    CHECK(hits(&sp, x, y, PX(8)));
    CHECK(!hits(&sp, x, y, PX(8) - 1));
    /* Neither end beam reaches (12 px and 10.2 px away): the turn does. */
    CHECK(!fxl_laser_vs_circle(&sp.from, fxl_circle_make(x, y, PX(8))));
    CHECK(!fxl_laser_vs_circle(&sp.to, fxl_circle_make(x, y, PX(8))));
    /* Capsule: the tip (L + radius = 70 px) points at it when the beam
     * does; at 87 px along (20, 21)/29: 87 <= 70 + r <=> r >= 17 px. */
    l.kind = FXL_LASER_CAPSULE;
    sp = sweep(l, 1024);
    x = PX(1) + PX(60), y = PX(2) + PX(63);
    CHECK(hits(&sp, x, y, PX(17)));
    CHECK(!hits(&sp, x, y, PX(17) - 1));
    CHECK(!fxl_laser_vs_circle(&sp.from, fxl_circle_make(x, y, PX(17))));
    CHECK(!fxl_laser_vs_circle(&sp.to, fxl_circle_make(x, y, PX(17))));
}

/* Touching elsewhere, at any angles: the smallest radius the library calls
 * a hit must touch by the reference, and one raw step less must not. */
static void touching_general(void)
{
    fxlt_rng rng = fxlt_rng_for("touching_general");
    int i, checked = 0;
    for (i = 0; i < 300; i++) {
        fxl_laser l = fxl_laser_from_origin((fxl_laser_kind)(i & 1), fxl_vec2_make(PX(3), PX(-4)),
                                            (fxl_angle)fxlt_below(&rng, 4096), PX(120), PX(6));
        int32_t step = fxlt_range(&rng, -2048, 2048);
        fxl_sweep_prep sp = sweep(l, step);
        ref_sweep S = ref_sweep_build(&l, step);
        fix16_t x = PX(3) + fxlt_range(&rng, PX(-200), PX(200));
        fix16_t y = PX(-4) + fxlt_range(&rng, PX(-200), PX(200));
        fix16_t lo = 0, hi = PX(400);
        double g = ref_sweep_turn_gap(&S, ref_px(x), ref_px(y));
        while (lo < hi) {
            fix16_t mid = lo + (hi - lo) / 2;
            if (hits(&sp, x, y, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        if (lo == 0)
            continue;
        checked++;
        CHECK(ref_sweep_margin(&S, ref_px(x), ref_px(y), ref_px(lo), g) <= 1e-9);
        CHECK(ref_sweep_margin(&S, ref_px(x), ref_px(y), ref_px(lo - 1), g) > -1e-9);
    }
    CHECK(checked > 250);
}

static void zero_step_is_static(void)
{
    fxlt_rng rng = fxlt_rng_for("zero_step_is_static");
    int i;
    for (i = 0; i < 2000; i++) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)(i & 1));
        fxl_sweep_prep sp;
        fxl_vec2 at;
        fxl_circle c;
        l.anchor = FXL_ANCHOR_ORIGIN;
        sp = sweep(l, 0);
        at = gen_point_near(&rng, &l);
        c = fxl_circle_make(at.x, at.y, fxlt_range(&rng, 0, PX(4)));
        CHECK(fxl_sweep_vs_circle(&sp, c) == fxl_laser_vs_circle(&sp.from, c));
    }
}

static fxl_result prepare_to(const fxl_laser *l, fxl_angle to, fxl_sweep_prep *sp)
{
    fxl_sweep s = fxl_sweep_turn_to(l, to);
    return fxl_sweep_prepare(&s, sp);
}

static fxl_result prepare(const fxl_laser *l, int32_t step, fxl_sweep_prep *sp)
{
    fxl_sweep s = fxl_sweep_turn(l, step);
    return fxl_sweep_prepare(&s, sp);
}

static void wrap_and_half_turns(void)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_BOX, fxl_vec2_make(0, 0), 4095, PX(100), PX(1));
    fxl_sweep_prep sp;
    CHECK_EQ(prepare_to(&l, 1, &sp), FXL_OK);
    CHECK_EQ(sp.step, 2);
    /* A thin beam turning 4095 -> 1 passes over the +x axis at 50 px. */
    CHECK(hits(&sp, PX(50), 0, 0));
    l.angle = 1;
    CHECK_EQ(prepare_to(&l, 4095, &sp), FXL_OK);
    CHECK_EQ(sp.step, -2);
    CHECK(hits(&sp, PX(50), 0, 0));
    l.angle = 0;
    CHECK_EQ(prepare_to(&l, 2048, &sp), FXL_OK);
    CHECK_EQ(sp.step, -2048); /* a half turn goes the negative way */
    CHECK(hits(&sp, 0, PX(-60), 0));
    CHECK(!hits(&sp, 0, PX(60), PX(1)));
    sp = sweep(l, 2048);
    CHECK(hits(&sp, 0, PX(60), 0));
    CHECK(!hits(&sp, 0, PX(-60), PX(1)));
    sp = sweep(l, 2048);
    CHECK(hits(&sp, PX(-99), PX(1), 0)); /* the whole half disc on the +y side */
}

static void errors(void)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
    fxl_sweep_prep sp;
    fxl_sweep s = fxl_sweep_turn(&l, 0);
    CHECK_EQ(fxl_sweep_prepare(NULL, &sp), FXL_ERR_NULL);
    CHECK_EQ(fxl_sweep_prepare(&s, NULL), FXL_ERR_NULL);
    CHECK_EQ(prepare(&l, 2049, &sp), FXL_ERR_STEP_RANGE);
    CHECK_EQ(prepare(&l, -2049, &sp), FXL_ERR_STEP_RANGE);
    CHECK_EQ(prepare(&l, 2048, &sp), FXL_OK);
    l.anchor = FXL_ANCHOR_CENTRE;
    CHECK_EQ(prepare(&l, 10, &sp), FXL_OK); /* any pivot now */
    l.anchor = (fxl_laser_anchor)5;
    CHECK_EQ(prepare(&l, 10, &sp), FXL_ERR_ANCHOR);
    l.anchor = FXL_ANCHOR_ORIGIN;
    l.length = -1;
    CHECK_EQ(prepare(&l, 10, &sp), FXL_ERR_LENGTH_NEGATIVE);
    l.length = PX(10);
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(-FXL_COORD_MAX, 0), 10);
    l.pos.x = FXL_COORD_MAX;
    s.laser = l;
    CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_ERR_PIVOT_RANGE);
    s = fxl_sweep_turn(&l, 10);
    s.motion.move.x = 1;
    CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_ERR_COORD_RANGE);
}

static void batch_matches_single(void)
{
    static fxl_circle circles[700] FXL_EWRAM_BSS;
    static uint32_t bits[(700 + 31) / 32];
    fxlt_rng rng = fxlt_rng_for("sweep_batch");
    int round;
    for (round = 0; round < 10; round++) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)(round & 1));
        fxl_sweep_prep sp;
        size_t n = 1 + fxlt_below(&rng, 700), i, count = 0;
        l.anchor = FXL_ANCHOR_ORIGIN;
        sp = sweep(l, fxlt_range(&rng, -2048, 2048));
        for (i = 0; i < n; i++) {
            fxl_vec2 at = gen_point_near(&rng, &l);
            circles[i] = fxl_circle_make(at.x, at.y, fxlt_range(&rng, 0, PX(6)));
        }
        CHECK_EQ(fxl_sweep_vs_circles(&sp, circles, n, bits), 0 + (size_t)0 + fxl_sweep_vs_circles(&sp, circles, n, NULL));
        for (i = 0; i < n; i++) {
            bool h = fxl_sweep_vs_circle(&sp, circles[i]);
            count += h;
            CHECK(((bits[i >> 5] >> (i & 31)) & 1u) == (h ? 1u : 0u));
        }
        CHECK_EQ(fxl_sweep_vs_circles(&sp, circles, n, NULL), count);
    }
}

/* 1,000,000 cases: the library against the numeric reference (exact
 * agreement but for ties within 1e-9 px) and the dense sampler (no circle
 * the sampler hits by more than 1e-9 px may be missed). */
static void sweep_property(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_property");
    fxlt_tally t = {0, 0, 0, 0, 0};
    /* The references cost ~400 soft-float sin/cos per case on the GBA: a
     * slow target runs 1/20 of its usual share. */
    uint32_t i, n = FXLT_CASES(1000000) / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u);
    uint32_t missed_by_sampler = 0, middle_hits = 0;
    fxl_laser l;
    fxl_sweep_prep sp;
    ref_sweep S;
    int32_t step = 0;

    l = gen_laser(&rng, FXL_LASER_BOX);
    l.anchor = FXL_ANCHOR_ORIGIN;
    sp = sweep(l, 0);
    S = ref_sweep_build(&l, 0);
    for (i = 0; i < n; i++) {
        bool near = (i & 1) != 0, got;
        double gap, margin, reach;
        fxl_circle c;
        if ((i & 7) == 0) {
            l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            l.anchor = FXL_ANCHOR_ORIGIN;
            step = gen_step(&rng);
            sp = sweep(l, step);
            S = ref_sweep_build(&l, step);
        }
        reach = ref_px(l.length) + ref_px(l.half_width) + 40.0;
        if (reach > 8000.0)
            reach = 8000.0;
        c.c.x = l.pos.x + (fix16_t)((double)fxlt_range(&rng, -65536, 65536) * reach);
        c.c.y = l.pos.y + (fix16_t)((double)fxlt_range(&rng, -65536, 65536) * reach);
        c.c.x = c.c.x > FXL_COORD_MAX ? FXL_COORD_MAX : c.c.x < -FXL_COORD_MAX ? -FXL_COORD_MAX : c.c.x;
        c.c.y = c.c.y > FXL_COORD_MAX ? FXL_COORD_MAX : c.c.y < -FXL_COORD_MAX ? -FXL_COORD_MAX : c.c.y;
        gap = ref_sweep_turn_gap(&S, ref_px(c.c.x), ref_px(c.c.y));
        if (near) {
            double raw = floor(ref_sweep_touch(&S, ref_px(c.c.x), ref_px(c.c.y), gap) * 65536.0 + 0.5) +
                         (double)fxlt_range(&rng, -3, 3);
            c.r = raw < 0.0 ? 0 : raw > (double)FXL_SIZE_MAX ? FXL_SIZE_MAX : (fix16_t)raw;
        } else {
            c.r = fxlt_range(&rng, 0, PX(8));
        }
        got = fxl_sweep_vs_circle(&sp, c);
        margin = ref_sweep_margin(&S, ref_px(c.c.x), ref_px(c.c.y), ref_px(c.r), gap);
        tally_add(&t, got, margin, near);
        if (got != (margin <= 0.0) && fabs(margin) >= 1e-9 && t.disagree <= 3)
            fxlt_printf("    disagree: got %d, kind %d step %d L %d w %d frac %d pos (%d, %d) "
                        "angle %d circle (%d, %d, %d)\n",
                        (int)got, (int)l.kind, (int)step, (int)l.length, (int)l.half_width,
                        (int)l.hit_fraction, (int)l.pos.x, (int)l.pos.y, (int)l.angle,
                        (int)c.c.x, (int)c.c.y, (int)c.r);
        if (got && !fxl_laser_vs_circle(&sp.from, c) && !fxl_laser_vs_circle(&sp.to, c))
            middle_hits++;
        if (!got && ref_sweep_margin_sampled(&S, ref_px(c.c.x), ref_px(c.c.y), ref_px(c.r), 256) < -1e-9) {
            if (missed_by_sampler < 3)
                fxlt_printf("    sampler hit missed: step %d, circle (%d, %d, %d) laser kind %d pos %d %d angle %d L %d hw %d frac %d\n", (int)step,
                            (int)c.c.x, (int)c.c.y, (int)c.r, (int)l.kind, (int)l.pos.x, (int)l.pos.y, (int)l.angle, (int)l.length, (int)l.half_width, (int)l.hit_fraction);
            missed_by_sampler++;
        }
    }
    tally_report("sweep vs circle", &t);
    fxlt_printf("    %u hits came from the turn alone (neither end beam); %u circles the "
                "256-sub-step sampler hits were missed\n",
                middle_hits, missed_by_sampler);
    CHECK_EQ(missed_by_sampler, 0);
}

static const fxlt_case cases[] = {
    {"passes_over", passes_over},
    {"corner_touch_exact", corner_touch_exact},
    {"touching_general", touching_general},
    {"zero_step_is_static", zero_step_is_static},
    {"wrap_and_half_turns", wrap_and_half_turns},
    {"errors", errors},
    {"batch_matches_single", batch_matches_single},
    {"sweep_property", sweep_property},
};

const fxlt_suite fxlt_suite_sweep = {"sweep", cases, FXLT_COUNT(cases)};
