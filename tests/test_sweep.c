/* test_sweep.c - the exact swept test (sweep.h): unit cases with exact
 * touching, wrap-around and half turns, propellers and off-beam pivots,
 * pose to pose, moving circles and errors; consistency of the batch, fused
 * and static forms; and, for every kind of motion, the property test
 * against the independent exact oracle (oracle.c): no disagreement allowed,
 * half of the cases at the smallest touching radius and one raw step below. */
#include <math.h>

#include "bigint.h"
#include "gen.h"
#include "harness.h"
#include "oracle.h"

#include "../src/sweep_parts.h"

#define PX(v) ((fix16_t)((v) * 65536))

/* The static test of a sweep's end beam. */
static bool laser_end_vs_circle(const fxl_sweep_prep *sp, fxl_circle c)
{
    fxl_laser_prep b = fxl_sweep_end(sp);
    return fxl_laser_vs_circle(&b, c);
}

static fxl_sweep_prep prep(const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    CHECK_EQ(fxl_sweep_prepare(s, &sp), FXL_OK);
    return sp;
}

static bool hits(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_sweep_vs_circle(sp, fxl_circle_make(x, y, r));
}

/* The core and the oracle both answer `want` for this sweep and circle. */
static void expect(const fxl_sweep *s, fxl_circle c, bool want)
{
    fxl_sweep_prep sp = prep(s);
    CHECK(fxl_sweep_vs_circle(&sp, c) == want);
    CHECK(orc_sweep_vs_circle(s, c) == want);
}

/* Touching at r and missing at r - 1 raw, by the core and the oracle. */
static void expect_touch(const fxl_sweep *s, fix16_t x, fix16_t y, fix16_t r)
{
    expect(s, fxl_circle_make(x, y, r), true);
    if (r > 0)
        expect(s, fxl_circle_make(x, y, r - 1), false);
}

static void expect_moving(const fxl_sweep *s, fxl_circle c, fxl_vec2 to, bool want)
{
    fxl_sweep_prep sp = prep(s);
    CHECK(fxl_sweep_vs_moving_circle(&sp, c, to) == want);
    CHECK(orc_sweep_vs_moving_circle(s, c, to) == want);
}

/* ---- unit cases ------------------------------------------------------------------------ */

/* A quarter turn passes over a circle that neither end beam touches. */
static void passes_over(void)
{
    int kind;
    for (kind = 0; kind < 2; kind++) {
        fxl_laser l = fxl_laser_from_emitter((fxl_laser_kind)kind, fxl_vec2_make(0, 0), 0,
                                            PX(100), PX(2));
        fxl_sweep s = fxl_sweep_turn(&l, 1024), back = fxl_sweep_turn(&l, -1024);
        fxl_sweep_prep sp = prep(&s);
        fxl_circle c = fxl_circle_make(PX(35), PX(35), PX(1)); /* at 45 degrees, ~49.5 px */
        CHECK(!fxl_laser_vs_circle(&sp.from, c) && !laser_end_vs_circle(&sp, c));
        expect(&s, c, true);
        expect(&back, c, false); /* the other way round misses it */
        expect(&back, fxl_circle_make(PX(35), PX(-35), PX(1)), true);
        expect(&s, fxl_circle_make(PX(80), PX(80), PX(1)), false); /* beyond the far end */
    }
}

/* Exact touching through the turn's far corner and a capsule's tip: a box
 * 40 long, 30 half-wide from (1, 2), turning a quarter; its far corners
 * are 50 px out and point along (20, 21)/29 during the turn. */
static void corner_touch_exact(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(1), PX(2)), 0, PX(40),
                                        PX(30));
    fxl_sweep s = fxl_sweep_turn(&l, 1024);
    fxl_sweep_prep sp = prep(&s);
    /* 58 px out along (20, 21)/29: touched at r = 8 px; one raw step
     * farther out misses, two nearer hit one raw step smaller. */
    expect_touch(&s, PX(41), PX(44), PX(8));
    expect(&s, fxl_circle_make(PX(41) + 1, PX(44), PX(8)), false);
    expect(&s, fxl_circle_make(PX(41), PX(44) + 1, PX(8)), false);
    expect(&s, fxl_circle_make(PX(41) - 2, PX(44), PX(8) - 1), true);
    CHECK(!fxl_laser_vs_circle(&sp.from, fxl_circle_make(PX(41), PX(44), PX(8))));
    CHECK(!laser_end_vs_circle(&sp, fxl_circle_make(PX(41), PX(44), PX(8))));
    /* Mirrored, turning the other way. */
    s = fxl_sweep_turn(&l, -1024);
    expect_touch(&s, PX(41), PX(-40), PX(8));
    /* Capsule: the tip (40 + 30 = 70 px) points at a circle 87 px out. */
    l.kind = FXL_LASER_CAPSULE;
    s = fxl_sweep_turn(&l, 1024);
    sp = prep(&s);
    expect_touch(&s, PX(61), PX(65), PX(17));
    expect(&s, fxl_circle_make(PX(61) + 1, PX(65), PX(17)), false);
    expect(&s, fxl_circle_make(PX(61), PX(65) - 2, PX(17) - 1), true);
    CHECK(!fxl_laser_vs_circle(&sp.from, fxl_circle_make(PX(61), PX(65), PX(17))));
    CHECK(!laser_end_vs_circle(&sp, fxl_circle_make(PX(61), PX(65), PX(17))));
}

static fxl_result prepare_to(const fxl_laser *l, fxl_angle to, fxl_sweep_prep *sp)
{
    fxl_sweep s = fxl_sweep_turn_to(l, to);
    return fxl_sweep_prepare(&s, sp);
}

static void wrap_and_half_turns(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 4095, PX(100), PX(1));
    fxl_sweep_prep sp;
    fxl_sweep s;
    CHECK_EQ(prepare_to(&l, 1, &sp), FXL_OK);
    CHECK_EQ(sp.step, 2);
    /* A thin beam turning 4095 -> 1 passes over the +x axis at 50 px. */
    CHECK(hits(&sp, PX(50), 0, 0));
    s = fxl_sweep_turn_to(&l, 1);
    expect(&s, fxl_circle_make(PX(50), 0, 0), true);
    l.angle = 1;
    CHECK_EQ(prepare_to(&l, 4095, &sp), FXL_OK);
    CHECK_EQ(sp.step, -2);
    CHECK(hits(&sp, PX(50), 0, 0));
    s = fxl_sweep_turn_to(&l, 4095);
    expect(&s, fxl_circle_make(PX(50), 0, 0), true);
    expect(&s, fxl_circle_make(PX(50), PX(2), 0), false);
    /* From 1 the long way round to 2047: over +y, not -y. */
    s = fxl_sweep_turn(&l, 2046);
    expect(&s, fxl_circle_make(0, PX(99), 0), true);
    expect(&s, fxl_circle_make(0, PX(-99), 0), false);
    l.angle = 0;
    CHECK_EQ(prepare_to(&l, 2048, &sp), FXL_OK);
    CHECK_EQ(sp.step, -2048); /* a half turn goes the negative way */
    CHECK(hits(&sp, 0, PX(-60), 0));
    CHECK(!hits(&sp, 0, PX(60), PX(1)));
    /* The closed half disc on the side turned through, and nothing else. */
    l.half_width = 0;
    s = fxl_sweep_turn(&l, 2048);
    expect(&s, fxl_circle_make(0, PX(60), 0), true);
    expect(&s, fxl_circle_make(0, PX(-60), PX(1) - 1), false);
    expect(&s, fxl_circle_make(PX(-60), PX(80), 0), true);
    expect(&s, fxl_circle_make(PX(-60), PX(80) + 1, 0), false);
    expect(&s, fxl_circle_make(PX(-99), 1, 0), true);
    expect(&s, fxl_circle_make(PX(-50), -1, 0), false);
    expect(&s, fxl_circle_make(PX(-50), 0, 0), true);
    s = fxl_sweep_turn(&l, -2048);
    expect(&s, fxl_circle_make(PX(-50), -1, 0), true);
    expect(&s, fxl_circle_make(PX(-50), 1, 0), false);
    expect_touch(&s, PX(30), PX(40), PX(40)); /* nearest: the start beam */
}

/* A centre-anchored laser turning about its middle, and pivots off the beam. */
static void propeller_and_pivots(void)
{
    fxl_laser l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(50), PX(1));
    fxl_sweep s = fxl_sweep_turn(&l, 2048);
    /* A half turn of a 100 x 2 box about its middle: the disc of radius
     * sqrt(2501) ~ 50.01 px. */
    expect(&s, fxl_circle_make(PX(30), PX(40), 0), true);
    expect(&s, fxl_circle_make(PX(30), PX(40) + PX(1) / 32, 0), false);
    s = fxl_sweep_turn(&l, -2048);
    expect(&s, fxl_circle_make(PX(-30), PX(-40), 0), true);
    expect(&s, fxl_circle_make(PX(-40), PX(30), 0), true);
    /* A quarter turn: (-30, 40) is in no quadrant the ends sweep; the end
     * beam (vertical, exact) is nearest, 29 px away. */
    s = fxl_sweep_turn(&l, 1024);
    expect(&s, fxl_circle_make(PX(30), PX(40), 0), true);
    expect_touch(&s, PX(-30), PX(40), PX(29));
    /* A box 10 long, 1 half-wide, from 100 px along the beam from the pivot
     * at the origin, a quarter turn: (60, 80) and (66, 88) lie on it when
     * it points along (3, 4); its far corners are sqrt(12101) px out. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(100), 0), 0, PX(10), PX(1));
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(0, 0), 1024);
    expect(&s, fxl_circle_make(PX(60), PX(80), 0), true);
    expect(&s, fxl_circle_make(PX(66), PX(88), 0), true);
    expect(&s, fxl_circle_make(PX(66) + PX(1) / 8, PX(88) + PX(1) / 8, 0), false);
    expect(&s, fxl_circle_make(PX(66) + PX(1) / 8, PX(88) + PX(1) / 8, PX(1) / 4), true);
    /* Its nearest point to (30, 40) is (60, 80)'s: 50 px. */
    expect_touch(&s, PX(30), PX(40), PX(50));
    /* Pivot beside the beam: a line 0..100 along x at y = 20 turning half
     * a turn about the origin ends as 0..-100 at y = -20: (0, -30) is
     * 10 px from its start (-30 is in no direction the line passes). */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, PX(20)), 0, PX(100), 0);
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(0, 0), 2048);
    expect_touch(&s, 0, PX(-30), PX(10));
    /* Nothing of the line comes nearer the pivot than 20 px: (0, 10) is
     * 10 px from the start beam, and from the region. */
    expect_touch(&s, 0, PX(10), PX(10));
}

/* Pose to pose: translation only, and a turn done halfway. */
static void pose_to_pose(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
    fxl_sweep s = fxl_sweep_to_pose(&l, fxl_vec2_make(PX(100), 0), 0);
    CHECK_EQ(s.motion.step, 0);
    CHECK(s.motion.move.x == PX(100) && s.motion.move.y == 0);
    /* Passing above a circle 4 px from its path. */
    expect_touch(&s, PX(50), PX(5), PX(4));
    /* Off the end beam's far corner (110, 1): a 3-4-5. */
    expect_touch(&s, PX(114), PX(4), PX(5));
    /* Neither pose touches a circle the beam passes through. */
    expect(&s, fxl_circle_make(PX(50), 0, 0), true);
    /* A quarter turn with the move: the turn happens at (50, 0). A 100 px
     * line, its tip sweeping the circle of radius 100 about (50, 0). */
    l.length = PX(100);
    l.half_width = 0;
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(PX(100), 0), 1024);
    CHECK_EQ(s.motion.step, 1024);
    expect(&s, fxl_circle_make(PX(110), PX(80), 0), true);
    expect(&s, fxl_circle_make(PX(111), PX(81), 0), false);
    expect_touch(&s, PX(50 + 72), PX(96), PX(20));
    /* Odd moves: the turn at the floor of half the move. */
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(-3, 5), 1024);
    CHECK(s.motion.move.x == -3 && s.motion.move.y == 5);
    expect_touch(&s, -2 + PX(60), 2 + PX(80), 0);
    expect(&s, fxl_circle_make(-2 + PX(60) + 1, 2 + PX(80) + 1, 0), false);
}

/* Moving circles against still, moving and turning beams. */
static void moving_circles(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(1));
    fxl_sweep s = fxl_sweep_turn(&l, 0);
    /* Crossing the still beam, and passing its end 3 px off. */
    expect_moving(&s, fxl_circle_make(PX(50), PX(-20), 0), fxl_vec2_make(PX(50), PX(20)), true);
    expect_moving(&s, fxl_circle_make(PX(103), PX(-20), PX(3)), fxl_vec2_make(PX(103), PX(20)),
                  true);
    expect_moving(&s, fxl_circle_make(PX(103), PX(-20), PX(3) - 1),
                  fxl_vec2_make(PX(103), PX(20)), false);
    /* Diagonally past the corner (100, 1), 7/sqrt(2) = 4.95 px away. */
    expect_moving(&s, fxl_circle_make(PX(128), PX(-20), PX(5)), fxl_vec2_make(PX(88), PX(20)),
                  true);
    expect_moving(&s, fxl_circle_make(PX(128), PX(-20), PX(49) / 10),
                  fxl_vec2_make(PX(88), PX(20)), false);
    /* Circle and beam moving together: never closer than they start. */
    s.motion.move = fxl_vec2_make(PX(40), PX(-7));
    expect_moving(&s, fxl_circle_make(PX(50), PX(6), PX(5)),
                  fxl_vec2_make(PX(90), PX(-1)), true);
    expect_moving(&s, fxl_circle_make(PX(50), PX(6), PX(5) - 1),
                  fxl_vec2_make(PX(90), PX(-1)), false);
    /* Head on: the circle meets the beam's tip halfway. */
    s.motion.move = fxl_vec2_make(PX(40), 0);
    expect_moving(&s, fxl_circle_make(PX(200), 0, PX(1)), fxl_vec2_make(PX(118), 0), true);
    expect_moving(&s, fxl_circle_make(PX(200), 0, PX(1)), fxl_vec2_make(PX(142), 0), false);
    /* A turning beam and a circle moving along its end direction: the turn
     * happens with the circle halfway, at (0, 120), out of the 100 px beam's
     * reach; coming in, the end beam meets it, going out nothing does. */
    s = fxl_sweep_turn(&l, 1024);
    expect_moving(&s, fxl_circle_make(0, PX(140), PX(1)), fxl_vec2_make(0, PX(100)), true);
    expect_moving(&s, fxl_circle_make(0, PX(100), PX(1)), fxl_vec2_make(0, PX(140)), false);
    expect_moving(&s, fxl_circle_make(PX(-50), PX(120), PX(1)), fxl_vec2_make(PX(50), PX(120)),
                  false);
    expect_moving(&s, fxl_circle_make(PX(-50), PX(100), PX(1)), fxl_vec2_make(PX(50), PX(100)),
                  true);
    /* A moving circle whose end is the start: the fixed circle's answer. */
    {
        fxl_sweep_prep sp = prep(&s);
        fxl_circle c = fxl_circle_make(PX(35), PX(35), PX(1));
        CHECK(fxl_sweep_vs_moving_circle(&sp, c, c.c) == fxl_sweep_vs_circle(&sp, c));
    }
}

static fxl_result prepare_sweep(fxl_sweep s)
{
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(&s, &sp);
}

static void errors(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
    fxl_sweep_prep sp;
    fxl_sweep s = fxl_sweep_turn(&l, 0);
    CHECK_EQ(fxl_sweep_prepare(NULL, &sp), FXL_ERR_NULL);
    CHECK_EQ(fxl_sweep_prepare(&s, NULL), FXL_ERR_NULL);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, 2049)), FXL_ERR_STEP_RANGE);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, -2049)), FXL_ERR_STEP_RANGE);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, INT32_MIN)), FXL_ERR_STEP_RANGE);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, 2048)), FXL_OK);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, -2048)), FXL_OK);
    l.anchor = FXL_ANCHOR_CENTRE;
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, 10)), FXL_OK);
    l.anchor = (fxl_laser_anchor)5;
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, 10)), FXL_ERR_ANCHOR);
    l.anchor = FXL_ANCHOR_EMITTER;
    l.length = -1;
    CHECK_EQ(prepare_sweep(fxl_sweep_turn(&l, 10)), FXL_ERR_LENGTH_NEGATIVE);
    l.length = PX(10);
    /* The pivot more than FXL_COORD_MAX from the beam. */
    l.pos.x = FXL_COORD_MAX;
    CHECK_EQ(prepare_sweep(fxl_sweep_turn_about(&l, fxl_vec2_make(-FXL_COORD_MAX, 0), 10)),
             FXL_ERR_PIVOT_RANGE);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn_about(&l, fxl_vec2_make(0, 0), 10)), FXL_OK);
    CHECK_EQ(prepare_sweep(fxl_sweep_turn_about(&l, fxl_vec2_make(-1, 0), 10)),
             FXL_ERR_PIVOT_RANGE);
    l.pos.x = 0;
    l.pos.y = -FXL_COORD_MAX;
    CHECK_EQ(prepare_sweep(fxl_sweep_turn_about(&l, fxl_vec2_make(0, 1), 10)),
             FXL_ERR_PIVOT_RANGE);
    l.pos.y = 0;
    /* The pivot, or the pivot after its move, outside the domain. */
    CHECK_EQ(prepare_sweep(fxl_sweep_turn_about(&l, fxl_vec2_make(FXL_COORD_MAX + 1, 0), 10)),
             FXL_ERR_COORD_RANGE);
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(FXL_COORD_MAX, 0), 10);
    CHECK_EQ(prepare_sweep(s), FXL_OK);
    s.motion.move.x = 1;
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
    s.motion.move.x = -2 * FXL_COORD_MAX;
    CHECK_EQ(prepare_sweep(s), FXL_OK);
    s.motion.move.x = -2 * FXL_COORD_MAX - 1;
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(0, -FXL_COORD_MAX), 0);
    s.motion.move.y = -1;
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
    s.motion.move.y = INT32_MAX;
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
    /* fxl_sweep_to_pose saturates a move that does not fit. */
    l.pos = fxl_vec2_make(-FXL_COORD_MAX, 0);
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(FXL_COORD_MAX, 0), 0);
    CHECK_EQ(prepare_sweep(s), FXL_OK);
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(INT32_MAX, 0), 0);
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
    l.pos = fxl_vec2_make(FXL_COORD_MAX, 0);
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(INT32_MIN, 0), 0);
    CHECK_EQ(prepare_sweep(s), FXL_ERR_COORD_RANGE);
}

/* ---- consistency ------------------------------------------------------------------------ */

static fix16_t gen_r(fxlt_rng *rng, const fxl_sweep *s)
{
    if (gen_sweep_extreme(s) && fxlt_below(rng, 4) == 0)
        return fxlt_range(rng, 0, FXL_SIZE_MAX);
    return fxlt_below(rng, 8) == 0 ? fxlt_range(rng, 0, PX(64)) : fxlt_range(rng, 0, PX(8));
}

static fxl_sweep gen_any_sweep(fxlt_rng *rng)
{
    gen_motion m = (gen_motion)fxlt_below(rng, GEN_MOTIONS);
    return gen_sweep(rng, m);
}

/* A zero-step sweep without a move is the static laser, about any pivot;
 * a moving circle that does not move is the fixed circle. */
static void zero_step_is_static(void)
{
    fxlt_rng rng = fxlt_rng_for("zero_step_is_static");
    uint32_t i, n = FXLT_CASES(200000), bad = 0;
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, GEN_TURN_OFFBEAM);
        fxl_sweep_prep sp;
        fxl_laser_prep lp;
        fxl_vec2 p;
        fxl_circle c;
        s.motion.step = 0;
        if ((i & 1) != 0)
            s.motion.pivot = s.laser.pos;
        sp = prep(&s);
        CHECK_EQ(fxl_laser_prepare(&s.laser, &lp), FXL_OK);
        p = gen_sweep_point(&rng, &s);
        c = fxl_circle_make(p.x, p.y, gen_r(&rng, &s));
        bad += fxl_sweep_vs_circle(&sp, c) != fxl_laser_vs_circle(&lp, c);
        bad += fxl_sweep_vs_moving_circle(&sp, c, c.c) != fxl_laser_vs_circle(&lp, c);
    }
    fxlt_printf("    zero-step sweeps: %u cases, %u differ from the static laser\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* The laser at the end of a sweep about its own reference point. */
static fxl_laser end_laser(const fxl_sweep *s)
{
    fxl_laser l = s->laser;
    l.pos.x += s->motion.move.x;
    l.pos.y += s->motion.move.y;
    l.angle = (fxl_angle)((uint32_t)l.angle + (uint32_t)s->motion.step);
    return l;
}

/* A static hit at the start pose (any pivot), or at the end pose (the
 * pivot at the laser's reference point), is a sweep hit; for a moving
 * circle, at its start and at its end. */
static void static_implies_sweep(void)
{
    fxlt_rng rng = fxlt_rng_for("static_implies_sweep");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, start_hits = 0, end_hits = 0;
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_any_sweep(&rng);
        fxl_sweep_prep sp = prep(&s);
        fxl_laser_prep a, b;
        fxl_laser e = end_laser(&s);
        bool own = s.motion.pivot.x == s.laser.pos.x && s.motion.pivot.y == s.laser.pos.y;
        fxl_vec2 p = gen_sweep_point(&rng, &s);
        fxl_vec2 q = gen_move_end(&rng, p, gen_sweep_extreme(&s));
        fxl_circle c = fxl_circle_make(p.x, p.y, gen_r(&rng, &s)), d = c;
        d.c = q;
        CHECK_EQ(fxl_laser_prepare(&s.laser, &a), FXL_OK);
        if (fxl_laser_vs_circle(&a, c)) {
            start_hits++;
            bad += !fxl_sweep_vs_circle(&sp, c) || !fxl_sweep_vs_moving_circle(&sp, c, q);
        }
        if (own && fxl_laser_prepare(&e, &b) == FXL_OK) {
            if (fxl_laser_vs_circle(&b, c)) {
                end_hits++;
                bad += !fxl_sweep_vs_circle(&sp, c);
            }
            if (fxl_laser_vs_circle(&b, d)) {
                end_hits++;
                bad += !fxl_sweep_vs_moving_circle(&sp, c, q);
            }
        }
    }
    fxlt_printf("    static hits: %u at the start pose, %u at the end pose, %u the sweep "
                "missed\n", start_hits, end_hits, bad);
    CHECK_EQ(bad, 0);
}

static bool bit_at(const uint32_t *bits, size_t i)
{
    return ((bits[i >> 5] >> (i & 31)) & 1u) != 0;
}

/* The batch forms give the single answers, bit for bit. */
static void batch_matches_single(void)
{
    static fxl_circle circles[700] FXL_EWRAM_BSS;
    static fxl_vec2 ends[700] FXL_EWRAM_BSS;
    static uint32_t bits[(700 + 31) / 32], bits2[(700 + 31) / 32];
    fxlt_rng rng = fxlt_rng_for("sweep_batch");
    uint32_t round, rounds = FXLT_PROPERTY_DIVISOR > 1 ? 12u : 300u, bad = 0, total = 0;
#ifdef FXL_TEST_HOOKS
    fxl__head_audit.checked = fxl__head_audit.wrong = 0;
#endif
    for (round = 0; round < rounds; round++) {
        fxl_sweep s = gen_any_sweep(&rng);
        fxl_sweep_prep sp = prep(&s);
        size_t n = 1 + fxlt_below(&rng, 700), i, count = 0, moving = 0, got;
        for (i = 0; i < n; i++) {
            fxl_vec2 p = fxlt_below(&rng, 8) == 0 ? gen_point_near(&rng, &s.laser)
                                                   : gen_sweep_point(&rng, &s);
            circles[i] = fxl_circle_make(p.x, p.y, gen_r(&rng, &s));
            ends[i] = gen_move_end(&rng, p, gen_sweep_extreme(&s));
        }
        for (i = 0; i < (n + 31) / 32; i++)
            bits[i] = bits2[i] = 0xA5A5A5A5u;
#ifdef FXL_TEST_HOOKS
        /* the batch head's rejects, each re-run through turn_hit */
        fxl__head_audit.on = true, fxl__head_audit.sp = &sp;
#endif
        got = fxl_sweep_vs_circles(&sp, circles, n, bits);
#ifdef FXL_TEST_HOOKS
        fxl__head_audit.on = false, fxl__head_audit.sp = NULL;
#endif
        CHECK_EQ(fxl_sweep_vs_moving_circles(&sp, circles, ends, n, bits2),
                 fxl_sweep_vs_moving_circles(&sp, circles, ends, n, NULL));
        for (i = 0; i < n; i++) {
            bool h = fxl_sweep_vs_circle(&sp, circles[i]);
            bool m = fxl_sweep_vs_moving_circle(&sp, circles[i], ends[i]);
            count += h;
            moving += m;
            bad += bit_at(bits, i) != h;
            bad += bit_at(bits2, i) != m;
        }
        total += (uint32_t)n;
        CHECK_EQ(got, count);
        CHECK_EQ(fxl_sweep_vs_circles(&sp, circles, n, NULL), count);
        CHECK_EQ(fxl_sweep_vs_moving_circles(&sp, circles, ends, n, NULL), moving);
        if (n % 32 != 0) {
            CHECK_EQ(bits[n >> 5] >> (n & 31), 0);
            CHECK_EQ(bits2[n >> 5] >> (n & 31), 0);
        }
    }
    {
        fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, 0, 0);
        fxl_sweep s = fxl_sweep_turn(&l, 5);
        fxl_sweep_prep sp = prep(&s);
        CHECK_EQ(fxl_sweep_vs_circles(&sp, NULL, 0, NULL), 0);
        CHECK_EQ(fxl_sweep_vs_moving_circles(&sp, NULL, NULL, 0, NULL), 0);
    }
    fxlt_printf("    batch: %u circles fixed and moving, %u bits differ from the single "
                "tests\n", total, bad);
    CHECK_EQ(bad, 0);
#ifdef FXL_TEST_HOOKS
    fxlt_printf("    batch head: %u circles its 1/256 px reject settled, %u of them a hit "
                "for turn_hit\n", fxl__head_audit.checked, fxl__head_audit.wrong);
    CHECK_EQ(fxl__head_audit.wrong, 0);
    CHECK_COVER(fxl__head_audit.checked > 0);
#endif
}

/* Breaks one field of a sweep so that fxl_sweep_prepare refuses it. */
static void spoil(fxlt_rng *rng, fxl_sweep *s)
{
    switch (fxlt_below(rng, 7)) {
    case 0: s->laser.kind = (fxl_laser_kind)2; break;
    case 1: s->laser.length = -1; break;
    case 2: s->laser.hit_fraction = fix16_one + 1; break;
    case 3: s->motion.step = fxlt_below(rng, 2) ? 2049 : -2049; break;
    case 4:
        s->laser.pos.x = FXL_COORD_MAX;
        s->motion.pivot.x = -FXL_COORD_MAX;
        s->motion.move.x = 0;
        break;
    case 5:
        s->motion.pivot.y = FXL_COORD_MAX;
        s->motion.move.y = 1;
        break;
    default: s->laser.pos.y = INT32_MIN; break;
    }
}

/* fxl_sweeps_vs_circle equals fxl_sweep_prepare + fxl_sweep_vs_circle,
 * refused sweeps clear their bit, the first refusal is returned. */
static void fused_matches_prepare(void)
{
    static fxl_sweep sweeps[100] FXL_EWRAM_BSS;
    static uint32_t bits[4];
    fxlt_rng rng = fxlt_rng_for("sweeps_fused");
    uint32_t round, rounds = FXLT_CASES(1000000) / 50u + 4u, bad = 0, total = 0, hits_all = 0;
    for (round = 0; round < rounds; round++) {
        size_t n = 1 + fxlt_below(&rng, 100), i, hits_got = 99, count = 0;
        fxl_result want = FXL_OK, got;
        bool spoiled = fxlt_below(&rng, 4) == 0;
        fxl_vec2 p;
        fxl_circle c;
        for (i = 0; i < n; i++) {
            sweeps[i] = gen_any_sweep(&rng);
            if (spoiled && fxlt_below(&rng, 10) == 0)
                spoil(&rng, &sweeps[i]);
        }
        p = gen_sweep_point(&rng, &sweeps[fxlt_below(&rng, (uint32_t)n)]);
        c = fxl_circle_make(p.x, p.y, fxlt_range(&rng, 0, PX(12)));
        if (fxlt_below(&rng, 50) == 0)
            c.r = -1;
        for (i = 0; i < 4; i++)
            bits[i] = 0x5A5A5A5Au;
        got = fxl_sweeps_vs_circle(sweeps, n, c, bits, &hits_got);
        want = fxl_circle_check(c);
        for (i = 0; i < n; i++) {
            fxl_sweep_prep sp;
            fxl_result res = fxl_sweep_prepare(&sweeps[i], &sp);
            bool h = res == FXL_OK && c.r >= 0 && fxl_sweep_vs_circle(&sp, c);
            if (res != FXL_OK && want == FXL_OK)
                want = res;
            count += h;
            bad += bit_at(bits, i) != h;
        }
        total += (uint32_t)n;
        hits_all += (uint32_t)count;
        CHECK_EQ(got, want);
        CHECK_EQ(hits_got, count);
        CHECK_EQ(fxl_sweeps_vs_circle(sweeps, n, c, NULL, NULL), want);
    }
    CHECK_EQ(fxl_sweeps_vs_circle(NULL, 0, fxl_circle_make(0, 0, 0), NULL, NULL), FXL_OK);
    fxlt_printf("    fused: %u sweeps (%u hits), %u bits differ from prepare + test\n", total,
                hits_all, bad);
    CHECK_EQ(bad, 0);
}

/* ---- the property tests against the oracle ------------------------------------------ */

typedef struct ptally {
    uint32_t cases, near, hits, middle, disagree, inside, exact;
} ptally;

typedef struct pcase {
    fxl_sweep s;
    fxl_sweep_prep sp;
    fxl_vec2 p, q;
    bool moving;
} pcase;

/* Cases where the batch form (with its bounding-box reject) answered
 * otherwise than the single test: every property case asks both, so the
 * box is checked at the touching radius too. */
static uint32_t batch_disagree;

static bool core_hit(const pcase *k, fix16_t r)
{
    fxl_circle c = fxl_circle_make(k->p.x, k->p.y, r);
    uint32_t word = 0;
    size_t n;
    bool single;
    if (k->moving) {
        single = fxl_sweep_vs_moving_circle(&k->sp, c, k->q);
        n = fxl_sweep_vs_moving_circles(&k->sp, &c, &k->q, 1, &word);
    } else {
        single = fxl_sweep_vs_circle(&k->sp, c);
        n = fxl_sweep_vs_circles(&k->sp, &c, 1, &word);
    }
    batch_disagree += (n != 0) != single || (word != 0) != single;
    return single;
}

static bool oracle_hit(const pcase *k, fix16_t r)
{
    fxl_circle c = fxl_circle_make(k->p.x, k->p.y, r);
    return k->moving ? orc_sweep_vs_moving_circle(&k->s, c, k->q) : orc_sweep_vs_circle(&k->s, c);
}

static void report(ptally *t, const pcase *k, fix16_t r, bool core)
{
    const fxl_laser *l = &k->s.laser;
    const fxl_motion *m = &k->s.motion;
    t->disagree++;
    if (t->disagree > 4)
        return;
    fxlt_printf("    DISAGREE core %d oracle %d: laser kind %d anchor %d pos (%d, %d) angle %d "
                "length %d half_width %d frac %d\n",
                (int)core, (int)!core, (int)l->kind, (int)l->anchor, (int)l->pos.x,
                (int)l->pos.y, (int)l->angle, (int)l->length, (int)l->half_width,
                (int)l->hit_fraction);
    fxlt_printf("      pivot (%d, %d) step %d move (%d, %d); circle (%d, %d) r %d to (%d, %d)\n",
                (int)m->pivot.x, (int)m->pivot.y, (int)m->step, (int)m->move.x, (int)m->move.y,
                (int)k->p.x, (int)k->p.y, (int)r, (int)k->q.x, (int)k->q.y);
}

/* One case at radius r: core against oracle. */
static bool agree_at(ptally *t, const pcase *k, fix16_t r)
{
    bool core = core_hit(k, r);
    if (core != oracle_hit(k, r)) {
        report(t, k, r, core);
        return false;
    }
    return true;
}

/* ---- a guess at the touching radius ---- */

/* A quick double-precision estimate of the distance (px) from the moving
 * centre to the hitbox over the motion, only to start the search for the
 * smallest touching radius near it (a wrong guess costs a few more steps,
 * never a wrong answer): closed forms for the distance from a point, a
 * segment and an arc of a circle to a rectangle. */
typedef struct ebox {
    double a0, a1, b0, b1;
} ebox;

static double box_dist(const ebox *k, double u, double v)
{
    double eu = u < k->a0 ? k->a0 - u : u > k->a1 ? u - k->a1 : 0.0;
    double ev = v < k->b0 ? k->b0 - v : v > k->b1 ? v - k->b1 : 0.0;
    return sqrt(eu * eu + ev * ev);
}

static double point_seg_dist(double px, double py, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy, f;
    f = l2 > 0.0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0.0;
    f = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
    dx = px - ax - f * dx, dy = py - ay - f * dy;
    return sqrt(dx * dx + dy * dy);
}

static double seg_box_dist(const ebox *k, double ax, double ay, double bx, double by)
{
    double lo = 0.0, hi = 1.0, d[2], a[2], l[2], h[2], best;
    int i;
    d[0] = bx - ax, d[1] = by - ay, a[0] = ax, a[1] = ay;
    l[0] = k->a0, h[0] = k->a1, l[1] = k->b0, h[1] = k->b1;
    for (i = 0; i < 2; i++) {
        if (d[i] == 0.0) {
            if (a[i] < l[i] || a[i] > h[i])
                lo = 2.0;
        } else {
            double e = (l[i] - a[i]) / d[i], x = (h[i] - a[i]) / d[i];
            lo = fmax(lo, fmin(e, x));
            hi = fmin(hi, fmax(e, x));
        }
    }
    if (lo <= hi)
        return 0.0;
    best = fmin(box_dist(k, ax, ay), box_dist(k, bx, by));
    for (i = 0; i < 4; i++)
        best = fmin(best, point_seg_dist(i & 1 ? k->a1 : k->a0, i & 2 ? k->b1 : k->b0, ax, ay,
                                         bx, by));
    return best;
}

/* The arc: the points R (cos, sin)(phi - th) for th from th0 turning by d. */
typedef struct earc {
    double qx, qy, r, phi, th0, d;
} earc;

static bool earc_holds(const earc *e, double x, double y)
{
    double t = fmod(e->phi - atan2(y, x) - e->th0, 6.283185307179586);
    if (e->d > 0.0)
        return (t < 0.0 ? t + 6.283185307179586 : t) <= e->d + 1e-12;
    return (t > 0.0 ? t - 6.283185307179586 : t) >= e->d - 1e-12;
}

static double arc_box_dist(const ebox *k, const earc *e)
{
    double best = INFINITY, c[2];
    int i, j;
    for (i = 0; i < 2; i++) {
        double th = e->th0 + (i ? e->d : 0.0), cs = cos(th), sn = sin(th);
        best = fmin(best, box_dist(k, cs * e->qx + sn * e->qy, cs * e->qy - sn * e->qx));
    }
    for (i = 0; i < 4; i++) {
        double cx = i & 1 ? k->a1 : k->a0, cy = i & 2 ? k->b1 : k->b0;
        if (earc_holds(e, cx, cy))
            best = fmin(best, fabs(sqrt(cx * cx + cy * cy) - e->r));
    }
    /* Feet of the centre on the edges, and crossings of the edges. */
    for (i = 0; i < 4; i++) {
        bool vertical = i >= 2;
        double h = i == 0 ? k->b0 : i == 1 ? k->b1 : i == 2 ? k->a0 : k->a1;
        double lo = vertical ? k->b0 : k->a0, hi = vertical ? k->b1 : k->a1, w;
        if (lo <= 0.0 && hi >= 0.0 && earc_holds(e, vertical ? h : 1e-300, vertical ? 1e-300 : h))
            best = fmin(best, fabs(fabs(h) - e->r));
        w = e->r * e->r - h * h;
        if (w < 0.0)
            continue;
        for (j = 0; j < 2; j++) {
            c[j] = j ? -sqrt(w) : sqrt(w);
            if (c[j] >= lo && c[j] <= hi &&
                earc_holds(e, vertical ? h : c[j], vertical ? c[j] : h))
                return 0.0;
        }
    }
    return best;
}

static double q32px(int64_t v)
{
    return ldexp((double)v, -32);
}

static double static_dist(const ebox *k, int32_t c, int32_t s, int64_t gx, int64_t gy)
{
    return box_dist(k, q32px(c * gx + s * gy), q32px(c * gy - s * gx));
}

static double slide_dist(const ebox *k, int32_t c, int32_t s, int64_t gx0, int64_t gy0,
                         int64_t gx1, int64_t gy1)
{
    return seg_box_dist(k, q32px(c * gx0 + s * gy0), q32px(c * gy0 - s * gx0),
                        q32px(c * gx1 + s * gy1), q32px(c * gy1 - s * gx1));
}

static int64_t half_floor(int64_t v)
{
    return v >= 0 ? v / 2 : -((1 - v) / 2);
}

/* The guess, in raw units: the estimated distance less the hitbox's round. */
static fix16_t guess_radius(const pcase *pc)
{
    const fxl_laser_prep *a = &pc->sp.from;
    const fxl_motion *m = &pc->s.motion;
    ebox k;
    earc e;
    int64_t p1x = (int64_t)m->pivot.x + m->move.x, p1y = (int64_t)m->pivot.y + m->move.y;
    int64_t pmx = m->pivot.x + half_floor(m->move.x), pmy = m->pivot.y + half_floor(m->move.y);
    int64_t cmx = pc->p.x + half_floor((int64_t)pc->q.x - pc->p.x);
    int64_t cmy = pc->p.y + half_floor((int64_t)pc->q.y - pc->p.y);
    int64_t g0x = pc->p.x - m->pivot.x, g0y = pc->p.y - m->pivot.y;
    int64_t g1x = pc->q.x - p1x, g1y = pc->q.y - p1y, gmx = cmx - pmx, gmy = cmy - pmy;
    double d, raw;
    k.a0 = q32px(a->u_lo), k.a1 = q32px(a->u_hi), k.b0 = q32px(a->v_lo), k.b1 = q32px(a->v_hi);
    if (m->step == 0) {
        d = slide_dist(&k, a->cos, a->sin, g0x, g0y, g1x, g1y);
    } else {
        d = fmin(slide_dist(&k, a->cos, a->sin, g0x, g0y, gmx, gmy),
                 slide_dist(&k, pc->sp.cos1, pc->sp.sin1, gmx, gmy, g1x, g1y));
        e.qx = ldexp((double)gmx, -16), e.qy = ldexp((double)gmy, -16);
        e.r = sqrt(e.qx * e.qx + e.qy * e.qy);
        e.phi = atan2(e.qy, e.qx);
        e.th0 = atan2((double)a->sin, (double)a->cos);
        e.d = atan2((double)pc->sp.sin1, (double)pc->sp.cos1) - e.th0;
        if (m->step > 0 && e.d <= 0.0)
            e.d += 6.283185307179586;
        if (m->step < 0 && e.d >= 0.0)
            e.d -= 6.283185307179586;
        if (e.r > 0.0)
            d = fmin(d, arc_box_dist(&k, &e));
        d = fmin(d, fmin(static_dist(&k, a->cos, a->sin, gmx, gmy),
                         static_dist(&k, pc->sp.cos1, pc->sp.sin1, gmx, gmy)));
    }
    raw = ceil((d - ldexp((double)a->round, -16)) * 65536.0);
    return raw < 0.0 ? 0 : raw > (double)FXL_SIZE_MAX ? FXL_SIZE_MAX : (fix16_t)raw;
}

/* The smallest radius the core calls a hit, searched from the guess (by
 * doubling steps, then bisection; the core is fast); the oracle must call
 * it a hit and one raw step less a miss, which makes it the oracle's
 * smallest touching radius too (hits only grow with r). -1 if nothing up
 * to FXL_SIZE_MAX hits (checked with the oracle). A slow target, with no
 * fast double precision, bisects from the whole range. */
static fix16_t touching_radius(ptally *t, const pcase *k)
{
    fix16_t lo = 0, hi = FXL_SIZE_MAX;
    {
        fix16_t g = guess_radius(k);
        int64_t d;
        if (core_hit(k, g)) {
            hi = g;
            for (d = 1; hi > 0; d *= 2) {
                fix16_t c = hi > d ? (fix16_t)(hi - d) : 0;
                if (!core_hit(k, c)) {
                    lo = c + 1;
                    break;
                }
                hi = c;
            }
        } else {
            lo = g + 1;
            for (d = 1;; d *= 2) {
                fix16_t c = FXL_SIZE_MAX - lo < d ? FXL_SIZE_MAX : (fix16_t)(lo + d - 1);
                if (core_hit(k, c)) {
                    hi = c;
                    break;
                }
                if (c == FXL_SIZE_MAX) {
                    agree_at(t, k, c);
                    return -1;
                }
                lo = c + 1;
            }
        }
    }
    while (lo < hi) {
        fix16_t mid = lo + (hi - lo) / 2;
        if (core_hit(k, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (agree_at(t, k, lo) && lo > 0)
        agree_at(t, k, lo - 1);
    return lo;
}

static const char *const motion_names[GEN_MOTIONS] = {
    "turn about the emitter", "turn about the middle", "turn about an off-beam pivot",
    "translation only", "translation and turn", "moving circle, moving turning beam",
};

/* The oracle costs a few microseconds on the host and ~100 times that on
 * the GBA: a slow target runs 1/4 of its usual share. */
static void motion_property(gen_motion motion)
{
    fxlt_rng rng = fxlt_rng_for(motion_names[motion]);
    uint32_t i, n = FXLT_CASES(1000000);
    uint32_t exact0 = orc_exact_paths();
    ptally t = {0, 0, 0, 0, 0, 0, 0};
    batch_disagree = 0;
    pcase k;
    k.moving = motion == GEN_MOVING;
    k.s = gen_sweep(&rng, motion);
    k.sp = prep(&k.s);
#ifdef FXL_TEST_HOOKS
    fxl__turn_audit.on = true; /* the middle's miss filters checked as they go */
    fxl__turn_audit.filtered = fxl__turn_audit.wrong = 0;
    fxl__turn_audit.arc_checked = fxl__turn_audit.arc_wrong = 0;
#endif
    for (i = 0; i < n; i++) {
        fix16_t r;
        bool hit;
        if ((i & 7) == 0) {
            k.s = gen_sweep(&rng, motion);
            k.sp = prep(&k.s);
        }
        k.p = gen_sweep_point(&rng, &k.s);
        k.q = k.moving ? gen_move_end(&rng, k.p, gen_sweep_extreme(&k.s)) : k.p;
        t.cases++;
        if ((i & 1) != 0) {
            t.near++;
            r = touching_radius(&t, &k);
            if (r < 0)
                continue;
            t.inside += r == 0;
            hit = true;
        } else {
            r = gen_r(&rng, &k.s);
            agree_at(&t, &k, r);
            hit = core_hit(&k, r);
        }
        if (hit) {
            fxl_circle c = fxl_circle_make(k.p.x, k.p.y, r), d = c;
            d.c = k.q;
            t.hits++;
            /* Hits neither end pose gives (the start beam at the start, the
             * end beam at the end): the turn's middle or a slide. */
            if (!fxl_laser_vs_circle(&k.sp.from, c) && !laser_end_vs_circle(&k.sp, d))
                t.middle++;
        }
    }
    t.exact = orc_exact_paths() - exact0;
    fxlt_printf("    %s: %u cases (%u at the touching radius and one below, %u of them "
                "inside), %u hits (%u from neither end pose), %u disagreements with the "
                "oracle (%u exact signs)\n",
                motion_names[motion], t.cases, t.near, t.inside, t.hits, t.middle, t.disagree,
                t.exact);
    fxlt_printf("    %s: the batch form (its box reject included) differs from the single "
                "test in %u\n", motion_names[motion], batch_disagree);
#ifdef FXL_TEST_HOOKS
    fxl__turn_audit.on = false;
    fxlt_printf("    %s: %u middles the 64-bit filters called a miss, %u of them a hit for the "
                "exact stage\n", motion_names[motion], fxl__turn_audit.filtered,
                fxl__turn_audit.wrong);
    /* turn_hit's arc box ahead of the end beams (a pivot off the beam):
     * each settled turn's end beams and exact middle run too */
    fxlt_printf("    %s: %u turns the arc's box settled ahead of the end beams, %u of them "
                "a hit for the end beams or the exact middle\n", motion_names[motion],
                fxl__turn_audit.arc_checked, fxl__turn_audit.arc_wrong);
    CHECK_EQ(fxl__turn_audit.wrong, 0);
    CHECK_EQ(fxl__turn_audit.arc_wrong, 0);
    if (motion == GEN_TURN_OFFBEAM)
        CHECK_COVER(fxl__turn_audit.arc_checked > 0);
#endif
    CHECK_EQ(t.disagree, 0);
    CHECK_EQ(batch_disagree, 0);
    CHECK_EQ(orc_faults(), 0);
}

static void property_turn_emitter(void)
{
    motion_property(GEN_TURN_EMITTER);
}

static void property_turn_middle(void)
{
    motion_property(GEN_TURN_MIDDLE);
}

static void property_turn_offbeam(void)
{
    motion_property(GEN_TURN_OFFBEAM);
}

static void property_translation(void)
{
    motion_property(GEN_SLIDE);
}

static void property_pose(void)
{
    motion_property(GEN_POSE);
}

static void property_moving(void)
{
    motion_property(GEN_MOVING);
}

/* ---- issue 20's filters at their boundary bands ------------------------------------- */

/* A random int64 of up to `bits` magnitude bits, either sign. */
static int64_t rand_bits(fxlt_rng *rng, unsigned bits)
{
    uint64_t v = fxlt_next(rng);
    v = bits >= 63 ? v >> 1 : bits == 0 ? 0 : v >> (64 - bits);
    return (fxlt_next(rng) & 1) != 0 ? -(int64_t)v : (int64_t)v;
}

static int ref_psign(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return big_cmp(big_mul(big_i64(a), big_i64(b)), big_mul(big_i64(c), big_i64(d)));
}

/* fxl__sweep_psign (sweep_parts.h: sign(ab - cd), a 32x32 -> 64 filter
 * before the 128-bit products) against big integers: random magnitudes
 * across its 2^31 and 2^51 thresholds, zero factors, and near-equal
 * products (c = a + e, d = b - f with tiny e, f; (a, b) swapped or scaled
 * by 2), which land in the filter's band and take the exact stage. */
static void psign_band(void)
{
    fxlt_rng rng = fxlt_rng_for("psign_band");
    static const int64_t edge[] = {0, 1, -1, 0x7FFFFFFF, -0x7FFFFFFF, (int64_t)1 << 31,
                                   -((int64_t)1 << 31), ((int64_t)1 << 51) - 1,
                                   -(((int64_t)1 << 51) - 1), (int64_t)1 << 51,
                                   ((int64_t)1 << 61) + 12345};
    uint32_t i, n = FXLT_CASES(400000), bad = 0, near = 0;
    size_t e1, e2;
    for (i = 0; i < n; i++) {
        int64_t a = rand_bits(&rng, 1 + fxlt_below(&rng, 61));
        int64_t b = rand_bits(&rng, 1 + fxlt_below(&rng, 61));
        int64_t c, d;
        switch (i % 4) {
        case 0:
            c = rand_bits(&rng, 1 + fxlt_below(&rng, 61));
            d = rand_bits(&rng, 1 + fxlt_below(&rng, 61));
            break;
        case 1: /* below 2^51: the same product within a few units */
            a = rand_bits(&rng, 1 + fxlt_below(&rng, 50)), b = rand_bits(&rng, 1 + fxlt_below(&rng, 50));
            c = a + fxlt_range(&rng, -2, 2), d = b - fxlt_range(&rng, -2, 2);
            near++;
            break;
        case 2: /* swapped factors, nudged */
            a = rand_bits(&rng, 1 + fxlt_below(&rng, 50)), b = rand_bits(&rng, 1 + fxlt_below(&rng, 50));
            c = b + fxlt_range(&rng, -1, 1), d = a;
            near++;
            break;
        default: /* one factor doubled, the other halved (exact or off by a half) */
            a = rand_bits(&rng, 1 + fxlt_below(&rng, 49)), b = rand_bits(&rng, 1 + fxlt_below(&rng, 50));
            c = 2 * a, d = b / 2 + fxlt_range(&rng, -1, 1);
            near++;
            break;
        }
        bad += fxl__sweep_psign(a, b, c, d) != ref_psign(a, b, c, d);
        bad += fxl__sweep_psign(c, d, a, b) != ref_psign(c, d, a, b);
    }
    for (e1 = 0; e1 < sizeof edge / sizeof edge[0]; e1++)
        for (e2 = 0; e2 < sizeof edge / sizeof edge[0]; e2++) {
            int64_t a = edge[e1], b = edge[e2];
            bad += fxl__sweep_psign(a, b, b, a) != 0;
            bad += fxl__sweep_psign(a, b, a + 1, b) != ref_psign(a, b, a + 1, b);
            bad += fxl__sweep_psign(a, b, b - 1, a) != ref_psign(a, b, b - 1, a);
            bad += fxl__sweep_psign(a, 0, b, a) != ref_psign(a, 0, b, a);
        }
    fxlt_printf("    psign: %u cases (%u of near-equal products), %u wrong signs\n", 2 * n, 2 * near,
                bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* A u128 as a big integer. */
static big big_u128v(fxl__u128 v)
{
    big w = big_i64((int64_t)1 << 32);
    big r = big_add(big_mul(big_i64((int64_t)(v.hi >> 32)), w), big_i64((int64_t)(v.hi & 0xFFFFFFFFu)));
    r = big_add(big_mul(r, w), big_i64((int64_t)(v.lo >> 32)));
    return big_add(big_mul(r, w), big_i64((int64_t)(v.lo & 0xFFFFFFFFu)));
}

static fxl__u128 u128_bits(fxlt_rng *rng, unsigned bits)
{
    fxl__u128 v;
    v.hi = fxlt_next(rng), v.lo = fxlt_next(rng);
    if (bits <= 64)
        v.hi = 0, v.lo = bits == 0 ? 0 : v.lo >> (64 - bits);
    else
        v.hi >>= 128 - bits;
    return v;
}

/* fxl__sweep_sq_le_quick (sweep_parts.h: x^2 <= t^2 l on top bits, the
 * slide's corner-to-segment filter) against big integers: random sizes
 * (x below 2^99, t below 2^48, l below 2^101, the slide's ranges, and up
 * to 2^126 for x and l), and x within a few units of t sqrt(l) (the band:
 * a double's root, nudged), where it must either answer rightly or leave
 * the case to the exact stage. */
static void sq_le_band(void)
{
    fxlt_rng rng = fxlt_rng_for("sq_le_band");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, near = 0, undecided = 0;
    for (i = 0; i < n; i++) {
        uint64_t t = (uint64_t)rand_bits(&rng, fxlt_below(&rng, 49)) & (((uint64_t)1 << 48) - 1u);
        fxl__u128 l = u128_bits(&rng, 1 + fxlt_below(&rng, (i & 4) != 0 ? 126 : 101));
        fxl__u128 x = u128_bits(&rng, fxlt_below(&rng, (i & 4) != 0 ? 127 : 100));
        big lhs, rhs;
        int q, ref;
        if ((i & 1) != 0) { /* near t sqrt(l): the top 53 bits from doubles, the rest random */
            double xd = (double)t * sqrt(ldexp((double)l.hi, 64) + (double)l.lo);
            int e;
            double f = frexp(xd, &e); /* xd = f 2^e, 0.5 <= f < 1 */
            fxl__u128 lowbits = u128_bits(&rng, (unsigned)fxlt_below(&rng, 40));
            near++;
            if (e > 126 || xd <= 0)
                continue;
            if (e <= 53) {
                x.hi = 0, x.lo = (uint64_t)xd + (uint64_t)fxlt_range(&rng, -3, 3);
            } else {
                uint64_t m = (uint64_t)ldexp(f, 53); /* xd = m 2^(e - 53) */
                unsigned sh = (unsigned)e - 53u;
                x.hi = sh >= 64 ? m << (sh - 64) : m >> (64 - sh); /* sh >= 1 */
                x.lo = sh >= 64 ? 0 : m << sh;
                if (sh > 2)
                    x.lo ^= lowbits.lo & ((sh >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << sh) - 1u) >> 2);
            }
        }
        q = fxl__sweep_sq_le_quick(x, t, l);
        lhs = big_u128v(x);
        lhs = big_mul(lhs, lhs);
        rhs = big_mul(big_mul(big_i64((int64_t)t), big_i64((int64_t)t)), big_u128v(l));
        ref = big_cmp(lhs, rhs);
        undecided += q == 0;
        bad += (q > 0 && ref > 0) || (q < 0 && ref <= 0);
    }
    fxlt_printf("    sq_le_quick: %u cases (%u near the boundary), %u left to the exact "
                "stage, %u wrong\n", n, near, undecided, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(undecided > 0);
    CHECK_EQ(big_faults(), 0);
}

/* The roots' shortcuts (sweep_parts.h): fxl__sweep_isqrt_n30 against
 * fxl__isqrt64 for every n within 2^17 of 2^32 (the table vectors' band,
 * and the fallback just outside it), and fxl__sweep_root32's bounds
 * against big integers (r^2 2^2h <= x < (r + 1)^2 2^2h) at every bit
 * length, at squares and one off them. */
static void roots_exact(void)
{
    fxlt_rng rng = fxlt_rng_for("roots_exact");
    uint32_t bad = 0, count = 0, i;
    int64_t d;
    for (d = -((int64_t)1 << 17) - 8; d <= ((int64_t)1 << 17) + 8; d++) {
        uint64_t n = (uint64_t)(((int64_t)1 << 32) + d);
        bad += fxl__sweep_isqrt_n30(n) != fxl__isqrt64(n << 30);
        count++;
    }
    for (i = 0; i < FXLT_CASES(200000); i++) {
        fxl__u128 x = u128_bits(&rng, fxlt_below(&rng, 127));
        unsigned h;
        uint32_t r;
        big lo, hi, bx;
        if ((i & 1) != 0 && x.hi < ((uint64_t)1 << 62)) { /* a square, or one off */
            fxl__u128 y = u128_bits(&rng, fxlt_below(&rng, 63));
            x = fxl__sq(y.lo);
            if ((i & 2) != 0)
                x = fxl__sub(x, (fxl__u128){0, x.lo != 0 || x.hi != 0 ? 1u : 0u});
        }
        r = fxl__sweep_root32(x, &h);
        bx = big_u128v(x);
        lo = big_mul(big_i64((int64_t)r), big_i64((int64_t)r));
        hi = big_mul(big_i64((int64_t)r + 1), big_i64((int64_t)r + 1));
        lo = big_mul(lo, big_mul(big_i64((int64_t)1 << h / 2), big_i64((int64_t)1 << (h - h / 2))));
        lo = big_mul(lo, big_mul(big_i64((int64_t)1 << h / 2), big_i64((int64_t)1 << (h - h / 2))));
        hi = big_mul(hi, big_mul(big_i64((int64_t)1 << h / 2), big_i64((int64_t)1 << (h - h / 2))));
        hi = big_mul(hi, big_mul(big_i64((int64_t)1 << h / 2), big_i64((int64_t)1 << (h - h / 2))));
        bad += big_cmp(lo, bx) > 0 || big_cmp(bx, hi) >= 0;
        count++;
    }
    fxlt_printf("    roots: %u cases, %u wrong\n", count, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* ---- circles about a turn's pivot (the three tests below) ---- */

/* A near-pivot test's start: batch count cleared, a still circle, a first
 * turn about the emitter; if audit, the turn audit (test builds) on, its
 * counts cleared. */
static void pivot_start(fxlt_rng *rng, pcase *k, bool audit)
{
    batch_disagree = 0;
    k->moving = false;
    k->s = gen_sweep(rng, GEN_TURN_EMITTER);
    k->sp = prep(&k->s);
#ifdef FXL_TEST_HOOKS
    if (audit) {
        fxl__turn_audit.on = true;
        fxl__turn_audit.filtered = fxl__turn_audit.wrong = 0;
        fxl__turn_audit.pivot_checked = fxl__turn_audit.pivot_wrong = 0;
    }
#else
    (void)audit;
#endif
}

/* Every 8th case (i the case's index) a new turn about the emitter, the
 * middle or an off-beam pivot, in turn. */
static void pivot_next_kind(fxlt_rng *rng, pcase *k, uint32_t i)
{
    static const gen_motion kinds[3] = {GEN_TURN_EMITTER, GEN_TURN_MIDDLE, GEN_TURN_OFFBEAM};
    if ((i & 7) == 0) {
        k->s = gen_sweep(rng, kinds[(i >> 3) % 3]);
        k->sp = prep(&k->s);
    }
}

/* The sweep's reach (Q16.16): its hitbox width plus rounding, clamped to
 * [2, 64] px. */
static int32_t pivot_reach(const pcase *k)
{
    int32_t reach = k->sp.from.width + k->sp.from.round;
    return reach > (64 << 16) ? 64 << 16 : reach < (2 << 16) ? 2 << 16 : reach;
}

/* The circle's centre at dist (Q16.16) from the pivot in direction a:
 * false if outside the domain (skipped); else counted, at the smallest
 * touching radius and one below, then at a random radius up to two
 * reaches (Q16.16), against the oracle. */
static bool pivot_case(fxlt_rng *rng, ptally *t, pcase *k, fxl_angle a, int32_t dist, int32_t reach)
{
    k->p = fxl_vec2_make(
        (fix16_t)fxl__sat32((int64_t)k->s.motion.pivot.x + (int64_t)fxl_cos(a) * dist / 65536),
        (fix16_t)fxl__sat32((int64_t)k->s.motion.pivot.y + (int64_t)fxl_sin(a) * dist / 65536));
    k->q = k->p;
    if (fxl_circle_check(fxl_circle_make(k->p.x, k->p.y, 0)) != FXL_OK)
        return false;
    t->cases++;
    t->near++;
    if (touching_radius(t, k) >= 0)
        t->hits++;
    agree_at(t, k, (fix16_t)fxlt_range(rng, 0, 2 * reach));
    return true;
}

/* The closing lines the pivot property tests share: their tally, and the
 * oracle's and the batch form's agreement. */
static void pivot_report(const char *what, const ptally *t, uint32_t skipped)
{
    fxlt_printf("    %s: %u cases (%u outside the domain skipped), %u touching, "
                "%u disagreements with the oracle, batch differs in %u\n",
                what, t->cases, skipped, t->hits, t->disagree, batch_disagree);
    CHECK_EQ(t->disagree, 0);
    CHECK_EQ(batch_disagree, 0);
    CHECK_EQ(orc_faults(), 0);
}

/* The middle of a turn about a point of the core (the emitter, the
 * middle: the pivot inside the core rectangle), which sweep_turn.c's
 * pivot_in_middle decides by the corners alone (issue 20's tails): the
 * circle's centre near the arc of the core's farthest corner (within two
 * reaches of its distance, at directions up to 32 steps beyond the
 * turn's, either side of the pivot), at the smallest touching radius and
 * one below and at a random radius, against the oracle; with the audit on
 * (test builds) every such middle also runs the general exact stage,
 * which must agree. */
static void property_pivot_core(void)
{
    fxlt_rng rng = fxlt_rng_for("property_pivot_core");
    uint32_t i, n = FXLT_CASES(100000), skipped = 0;
    ptally t = {0, 0, 0, 0, 0, 0, 0};
    pcase k;
    pivot_start(&rng, &k, true);
    for (i = 0; i < n; i++) {
        int32_t reach, dist, step;
        fxl_angle a;
        double cu, cv;
        if ((i & 7) == 0) {
            k.s = gen_sweep(&rng, (i & 8) != 0 ? GEN_TURN_MIDDLE : GEN_TURN_EMITTER);
            k.sp = prep(&k.s);
        }
        reach = pivot_reach(&k);
        step = k.s.motion.step;
        a = k.s.laser.angle + (fxl_angle)fxlt_range(&rng, step < 0 ? step - 32 : -32,
                                                   step < 0 ? 32 : step + 32);
        if ((i & 1) != 0)
            a += 2048; /* the core's other side (a propeller's, or behind the emitter) */
        a &= 4095;
        /* the farthest corner's distance from the pivot, in px */
        cu = (double)fxl__max64(-k.sp.from.u_lo, k.sp.from.u_hi) / 4294967296.0;
        cv = (double)fxl__max64(-k.sp.from.v_lo, k.sp.from.v_hi) / 4294967296.0;
        dist = (int32_t)fxl__sat32((int64_t)(sqrt(cu * cu + cv * cv) * 65536.0) +
                                   fxlt_range(&rng, -2 * reach, 2 * reach));
        if (dist < 0)
            dist = 0;
        if (!pivot_case(&rng, &t, &k, a, dist, reach))
            skipped++;
    }
    pivot_report("pivot in the core", &t, skipped);
#ifdef FXL_TEST_HOOKS
    fxl__turn_audit.on = false;
    fxlt_printf("    pivot in the core: %u middles by the corners, %u of them otherwise for "
                "the general stage\n",
                fxl__turn_audit.pivot_checked, fxl__turn_audit.pivot_wrong);
    CHECK_EQ(fxl__turn_audit.pivot_wrong, 0);
    CHECK_EQ(fxl__turn_audit.wrong, 0);
    CHECK_COVER(fxl__turn_audit.pivot_checked > 0);
#endif
}

/* The middle of a turn near its pivot, where arc_box_miss (sweep.c) and
 * the filtered exact middle decide (GBA bench's former tails): turns about
 * the emitter, the middle and an off-beam pivot with the circle's centre
 * within a few hitbox widths of the pivot, at the smallest touching radius
 * and one below, against the oracle. */
static void property_near_pivot(void)
{
    fxlt_rng rng = fxlt_rng_for("property_near_pivot");
    uint32_t i, n = FXLT_CASES(100000), skipped = 0;
    ptally t = {0, 0, 0, 0, 0, 0, 0};
    pcase k;
    pivot_start(&rng, &k, false);
    for (i = 0; i < n; i++) {
        int32_t reach, dist;
        fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
        pivot_next_kind(&rng, &k, i);
        reach = pivot_reach(&k);
        dist = fxlt_range(&rng, 0, 3 * reach);
        if (!pivot_case(&rng, &t, &k, a, dist, reach))
            skipped++;
    }
    pivot_report("near the pivot", &t, skipped);
}

/* The middle's 64-bit miss filters (sweep_turn.c: behind_miss, far_miss;
 * issue 20's tails) at their bands: turns about the emitter, the middle
 * and an off-beam pivot with the circle's centre past the beam's far end
 * (from the pivot, within a few reaches of its farthest point, at
 * directions up to 64 steps beyond the turn's) or just behind the pivot
 * (the opposite directions, within three reaches), at the smallest
 * touching radius and one below and at a random radius, against the
 * oracle; with the audit on (test builds), every middle a filter calls a
 * miss runs the exact stage too, which must agree. */
static void property_tail_bands(void)
{
    fxlt_rng rng = fxlt_rng_for("property_tail_bands");
    uint32_t i, n = FXLT_CASES(200000), skipped = 0;
    ptally t = {0, 0, 0, 0, 0, 0, 0};
    pcase k;
    pivot_start(&rng, &k, true);
    for (i = 0; i < n; i++) {
        int32_t reach, dist, step;
        fxl_angle a;
        pivot_next_kind(&rng, &k, i);
        reach = pivot_reach(&k);
        step = k.s.motion.step;
        a = k.s.laser.angle + (fxl_angle)fxlt_range(&rng, step < 0 ? step - 64 : -64,
                                                   step < 0 ? 64 : step + 64);
        if ((i & 1) != 0) { /* past the far end */
            int64_t lo = -k.sp.from.u_lo, hi = k.sp.from.u_hi; /* Q32.32 */
            int32_t far;
            if (lo > hi) /* the far end behind the pivot */
                a += 2048, hi = lo;
            far = (int32_t)fxl__sat32(fxl__max64(hi, 0) / 65536);
            dist = (int32_t)fxl__sat32((int64_t)far + fxlt_range(&rng, -reach, 3 * reach));
        } else { /* behind the pivot */
            a += 2048;
            dist = fxlt_range(&rng, 0, 3 * reach);
        }
        if (dist < 0)
            dist = 0;
        a &= 4095;
        if (!pivot_case(&rng, &t, &k, a, dist, reach))
            skipped++;
    }
#ifdef FXL_TEST_HOOKS
    fxl__turn_audit.on = false;
    fxlt_printf("    tail bands: %u cases (%u outside the domain skipped), %u touching, "
                "%u disagreements with the oracle, batch differs in %u; %u middles the "
                "filters called a miss, %u of them a hit for the exact stage\n",
                t.cases, skipped, t.hits, t.disagree, batch_disagree, fxl__turn_audit.filtered,
                fxl__turn_audit.wrong);
    CHECK_EQ(fxl__turn_audit.wrong, 0);
    CHECK_COVER(fxl__turn_audit.filtered > 0);
#else
    fxlt_printf("    tail bands: %u cases (%u outside the domain skipped), %u touching, "
                "%u disagreements with the oracle, batch differs in %u\n",
                t.cases, skipped, t.hits, t.disagree, batch_disagree);
#endif
    CHECK_EQ(t.disagree, 0);
    CHECK_EQ(batch_disagree, 0);
    CHECK_EQ(orc_faults(), 0);
}

/* fxl__slide_corner_quick (sweep_parts.h: the slide's corner question on
 * 2^-8 px floors) ALONE against big integers: "C within t of an inner
 * point of AB" is dot > 0, |D|^2 - dot > 0, cross^2 <= t^2 |D|^2 (exact
 * products). Random slides and corners within the filter's limits (|du|,
 * |dv|, t of 2^19 to 2^38, corners 2^19 to 2^39), one in 8 up to 8 times beyond
 * them (which it must leave), and the touching cases: t the corner's distance to the line
 * rounded down, up and one raw Q32.32 unit off each way, and corners with
 * dot or |D|^2 - dot within a few units of 0. A decided case (1 or -1)
 * must agree with the exact answer; the undecided ones go to the exact
 * stage. */
static void slide_corner_band(void)
{
    fxlt_rng rng = fxlt_rng_for("slide_corner_band");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, decided = 0, touching = 0, undecided = 0;
    for (i = 0; i < n; i++) {
        unsigned over = (i & 7) == 0 ? 3u : 0u; /* one case in 8 up to 8 times the limits */
        int64_t du = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        int64_t dv = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        int64_t eu = rand_bits(&rng, 20 + fxlt_below(&rng, 20 + over));
        int64_t ev = rand_bits(&rng, 20 + fxlt_below(&rng, 20 + over));
        int64_t t = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        fxl__slide_quick q;
        big dot, len2, cr, lhs, rhs;
        int quick, ref;
        if (t < 0)
            t = -t;
        if ((i & 3) == 1) { /* dot (or |D|^2 - dot) within a few units of 0 */
            int64_t k = rand_bits(&rng, 8);
            eu = -k * dv + fxlt_range(&rng, -3, 3), ev = k * du + fxlt_range(&rng, -3, 3);
            if ((i & 4) != 0)
                eu += du, ev += dv;
        } else if ((i & 3) >= 2 && (du != 0 || dv != 0)) { /* t at the distance to the line */
            double l = sqrt((double)du * (double)du + (double)dv * (double)dv);
            double d = fabs((double)du * (double)ev - (double)dv * (double)eu) / l;
            if (d < 9.0e18) {
                t = (int64_t)d + fxlt_range(&rng, -2, 2);
                touching++;
            }
            if (t < 0)
                t = 0;
        }
        fxl__slide_quick_init(&q, du, dv, t);
        quick = fxl__slide_corner_quick(&q, eu, ev);
        dot = big_add(big_mul(big_i64(eu), big_i64(du)), big_mul(big_i64(ev), big_i64(dv)));
        len2 = big_add(big_mul(big_i64(du), big_i64(du)), big_mul(big_i64(dv), big_i64(dv)));
        cr = big_add(big_mul(big_i64(du), big_i64(ev)), big_neg(big_mul(big_i64(dv), big_i64(eu))));
        lhs = big_mul(cr, cr);
        rhs = big_mul(big_mul(big_i64(t), big_i64(t)), len2);
        ref = big_cmp(dot, big_i64(0)) > 0 && big_cmp(len2, dot) > 0 && big_cmp(lhs, rhs) <= 0;
        if (quick == 0) {
            undecided++;
            continue;
        }
        decided++;
        bad += (quick > 0) != (ref != 0);
    }
    fxlt_printf("    slide corner filter: %u cases (%u at the touching distance), %u decided, %u left "
                "to the exact stage, %u wrong\n", n, touching, decided, undecided, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(decided > n / 8);
    CHECK_COVER(undecided > 0);
    CHECK_EQ(big_faults(), 0);
}

/* fxl__slide_point_quick (sweep_parts.h: a slide in one corner's region,
 * the closed segment AB against the point C on 2^-8 px floors) ALONE
 * against big integers: the exact answer is |E_A|^2 <= t^2 or |E_B|^2 <=
 * t^2 (E_A = C - A = (eu, ev), E_B = E_A - D) or the corner question of
 * slide_corner_band. Random cases as there, and the touching ones: t at
 * |E_A| or |E_B| (a double's root) and one raw Q32.32 unit off each way,
 * and t at the distance to the line. Decided cases must agree. */
static void slide_point_band(void)
{
    fxlt_rng rng = fxlt_rng_for("slide_point_band");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, decided = 0, touching = 0, undecided = 0;
    for (i = 0; i < n; i++) {
        unsigned over = (i & 7) == 0 ? 3u : 0u;
        int64_t du = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        int64_t dv = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        int64_t eu = rand_bits(&rng, 20 + fxlt_below(&rng, 20 + over));
        int64_t ev = rand_bits(&rng, 20 + fxlt_below(&rng, 20 + over));
        int64_t t = rand_bits(&rng, 20 + fxlt_below(&rng, 19 + over));
        big dot, len2, cr, ea2, eb2, t2;
        int quick, ref;
        if (t < 0)
            t = -t;
        if ((i & 3) != 0) { /* t at one of the three distances, -2 .. +2 units */
            double d;
            if ((i & 3) == 1)
                d = sqrt((double)eu * (double)eu + (double)ev * (double)ev);
            else if ((i & 3) == 2)
                d = sqrt((double)(eu - du) * (double)(eu - du) + (double)(ev - dv) * (double)(ev - dv));
            else
                d = (du != 0 || dv != 0)
                        ? fabs((double)du * (double)ev - (double)dv * (double)eu) /
                              sqrt((double)du * (double)du + (double)dv * (double)dv)
                        : 0.0;
            t = (int64_t)d + fxlt_range(&rng, -2, 2);
            if (t < 0)
                t = 0;
            touching++;
        }
        quick = fxl__slide_point_quick(eu, ev, du, dv, t);
        dot = big_add(big_mul(big_i64(eu), big_i64(du)), big_mul(big_i64(ev), big_i64(dv)));
        len2 = big_add(big_mul(big_i64(du), big_i64(du)), big_mul(big_i64(dv), big_i64(dv)));
        cr = big_add(big_mul(big_i64(du), big_i64(ev)), big_neg(big_mul(big_i64(dv), big_i64(eu))));
        t2 = big_mul(big_i64(t), big_i64(t));
        ea2 = big_add(big_mul(big_i64(eu), big_i64(eu)), big_mul(big_i64(ev), big_i64(ev)));
        eb2 = big_add(big_mul(big_i64(eu - du), big_i64(eu - du)),
                      big_mul(big_i64(ev - dv), big_i64(ev - dv)));
        ref = big_cmp(ea2, t2) <= 0 || big_cmp(eb2, t2) <= 0 ||
              (big_cmp(dot, big_i64(0)) > 0 && big_cmp(len2, dot) > 0 &&
               big_cmp(big_mul(cr, cr), big_mul(t2, len2)) <= 0);
        if (quick == 0) {
            undecided++;
            continue;
        }
        decided++;
        bad += (quick > 0) != (ref != 0);
    }
    fxlt_printf("    slide point filter: %u cases (%u at a touching distance), %u decided, %u left "
                "to the exact stage, %u wrong\n", n, touching, decided, undecided, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(decided > n / 8);
    CHECK_COVER(undecided > 0);
    CHECK_EQ(big_faults(), 0);
}

/* The point filter's line test (issue 20, session 12: a miss whose
 * line through A and B passes farther than t from C is settled before the
 * end tests): slides placed with C at a chosen perpendicular distance h
 * from AB's line and its foot anywhere from before A to beyond B, t at h
 * within a few 2^-8 px (the filter's band) or 2 raw units (the exact
 * edge), both ends mostly beyond t. The filter against big integers: a
 * line bound that dropped the + 1 of t' (or the error bd) calls such hits
 * misses here. */
static void slide_line_band(void)
{
    fxlt_rng rng = fxlt_rng_for("slide_line_band");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, sure_misses = 0, sure_hits = 0, undecided = 0;
    for (i = 0; i < n; i++) {
        int64_t du = rand_bits(&rng, 16 + fxlt_below(&rng, 22));
        int64_t dv = rand_bits(&rng, 16 + fxlt_below(&rng, 22));
        double len = sqrt((double)du * (double)du + (double)dv * (double)dv);
        double h = (double)(fxlt_next(&rng) >> (64 - 37)) + 1.0; /* below 2^37 */
        double foot = (double)fxlt_range(&rng, -1024, 2048) / 1024.0, side = (i & 1) ? 1.0 : -1.0;
        int64_t eu, ev, t;
        big dot, len2, cr, ea2, eb2, t2;
        int quick, ref;
        if (len == 0.0)
            continue;
        /* E = C - A = foot D + side h n, n = (-dv, du) / |D| */
        eu = (int64_t)(foot * (double)du - side * h * (double)dv / len);
        ev = (int64_t)(foot * (double)dv + side * h * (double)du / len);
        h = fabs((double)du * (double)ev - (double)dv * (double)eu) / len; /* after rounding */
        t = (i & 2) ? (int64_t)h + fxlt_range(&rng, -2, 2)
                    : (int64_t)h + fxlt_range(&rng, -(1 << 26), 1 << 26);
        if (t < 0)
            t = 0;
        quick = fxl__slide_point_quick(eu, ev, du, dv, t);
        dot = big_add(big_mul(big_i64(eu), big_i64(du)), big_mul(big_i64(ev), big_i64(dv)));
        len2 = big_add(big_mul(big_i64(du), big_i64(du)), big_mul(big_i64(dv), big_i64(dv)));
        cr = big_add(big_mul(big_i64(du), big_i64(ev)), big_neg(big_mul(big_i64(dv), big_i64(eu))));
        t2 = big_mul(big_i64(t), big_i64(t));
        ea2 = big_add(big_mul(big_i64(eu), big_i64(eu)), big_mul(big_i64(ev), big_i64(ev)));
        eb2 = big_add(big_mul(big_i64(eu - du), big_i64(eu - du)),
                      big_mul(big_i64(ev - dv), big_i64(ev - dv)));
        ref = big_cmp(ea2, t2) <= 0 || big_cmp(eb2, t2) <= 0 ||
              (big_cmp(dot, big_i64(0)) > 0 && big_cmp(len2, dot) > 0 &&
               big_cmp(big_mul(cr, cr), big_mul(t2, len2)) <= 0);
        if (quick == 0) {
            undecided++;
            continue;
        }
        if (quick < 0)
            sure_misses++;
        else
            sure_hits++;
        bad += (quick > 0) != (ref != 0);
    }
    fxlt_printf("    slide line test: %u cases, %u sure misses, %u sure hits, %u left to the "
                "exact stage, %u wrong\n", n, sure_misses, sure_hits, undecided, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(sure_misses > 0);
    CHECK(undecided > 0 || n < 1000);
    CHECK_COVER(FXLT_CASES(200000) < 200000 || sure_misses > n / 8);
    CHECK_EQ(big_faults(), 0);
}

/* sweep.c's quick_miss (issue 20's tails: behind_miss and far_miss ahead
 * of the arc's box, their ends checked in 1/256 px) at its bands: turns
 * about the emitter, the middle and an off-beam pivot, the circle's
 * centre just behind the pivot (the opposite directions, up to 64 steps
 * beyond the turn's, within two reaches) or past the beam's far end (its
 * directions, within a reach of the farthest point), at the smallest
 * touching radius and one below and at a random radius, against the
 * oracle; with the audit on (test builds) every middle a filter calls a
 * miss also runs the exact stage, which must agree, and quick_miss must
 * have settled some (a fifth of the cases or more in full-size runs). */
static void property_quick_bands(void)
{
    fxlt_rng rng = fxlt_rng_for("property_quick_bands");
    uint32_t i, n = FXLT_CASES(100000), skipped = 0;
    ptally t = {0, 0, 0, 0, 0, 0, 0};
    pcase k;
#ifdef FXL_TEST_HOOKS
    uint32_t quick0 = fxl__turn_quick_misses, corner0 = fxl__turn_corner_misses;
#endif
    pivot_start(&rng, &k, true);
    for (i = 0; i < n; i++) {
        int32_t reach, dist, step;
        fxl_angle a;
        pivot_next_kind(&rng, &k, i);
        reach = pivot_reach(&k);
        step = k.s.motion.step;
        a = k.s.laser.angle + (fxl_angle)fxlt_range(&rng, step < 0 ? step - 64 : -64,
                                                   step < 0 ? 64 : step + 64);
        if ((i & 1) != 0) { /* past the far end */
            int64_t far = fxl__max64(k.sp.from.u_hi, -k.sp.from.u_lo) / 65536;
            if (-k.sp.from.u_lo > k.sp.from.u_hi)
                a += 2048;
            dist = (int32_t)fxl__sat32(far + fxlt_range(&rng, 0, reach));
        } else { /* just behind the pivot, off to a side */
            a += 2048 + fxlt_range(&rng, -256, 256);
            dist = fxlt_range(&rng, reach / 2, 3 * reach);
        }
        a &= 4095;
        if (!pivot_case(&rng, &t, &k, a, dist, reach))
            skipped++;
    }
    pivot_report("quick bands", &t, skipped);
#ifdef FXL_TEST_HOOKS
    fxl__turn_audit.on = false;
    fxlt_printf("    quick bands: %u turns quick_miss settled (%u by tip_corner), %u middles "
                "the filters called a miss, %u of them a hit for the exact stage\n",
                fxl__turn_quick_misses - quick0, fxl__turn_corner_misses - corner0,
                fxl__turn_audit.filtered, fxl__turn_audit.wrong);
    CHECK_EQ(fxl__turn_audit.wrong, 0);
    CHECK_COVER(fxl__turn_quick_misses - quick0 > 0);
    if (n >= 10000) /* about 1 in 300 cases: none in the GBA's short run */
        CHECK_COVER(fxl__turn_corner_misses - corner0 > 0);
    if (FXLT_PROPERTY_DIVISOR == 1)
        CHECK_COVER(fxl__turn_quick_misses - quick0 >= n / 100);
#endif
}

/* A value for far_core_words: random bits (up to 2^44, past the 2^43
 * limit), a quarter of them on a 2^28 step (the floors' and ceilings'
 * exact case), some just off it. */
static int64_t far_value(fxlt_rng *rng, unsigned bits)
{
    int64_t v = rand_bits(rng, 1 + fxlt_below(rng, bits));
    switch (fxlt_below(rng, 4)) {
    case 0: return v - (int64_t)((uint64_t)v & 0x0FFFFFFFu);
    case 1: return v - (int64_t)((uint64_t)v & 0x0FFFFFFFu) + fxlt_range(rng, -1, 1);
    default: return v;
    }
}

/* The 64-bit form of sweep_turn.c's far_miss on scalars, the core's until
 * session 14, kept as the reference of fxl__turn_far_core32 (its proof there; sweep.c's turn_hit
 * runs it too, before the arc's box): step the turn, q = (qx, qy) the
 * circle's offset (Q16.16) with q2 = |q|^2 (raw units squared), [b0, b1]
 * the rectangle across and t the reach (Q32.32), (u_i, v_i) the frame
 * values S_i (Q32.32). True only when every point of K_A is nearer the
 * pivot than R - t (the middle misses once both ends are outside K'). */
static bool ref_turn_far_core64(int32_t step, int32_t qx, int32_t qy, uint64_t q2,
                                      int64_t b0, int64_t b1, int64_t t, int64_t u0, int64_t v0,
                                      int64_t u1, int64_t v1)
{
    const uint64_t lim = (uint64_t)1 << 15, up = ((uint64_t)1 << 28) - 1u;
    uint64_t r2, b, bh, th, tl, rh, hi, lo;
    if (step < -1024 || step > 1024)
        return false;
    if (fxl__sign64(v0) * fxl__sign64(v1) <= 0)
        return false;
    hi = fxl__abs32(qx), lo = fxl__abs32(qy);
    if (hi < lo)
        b = hi, hi = lo, lo = b;
    rh = (hi + (lo + 1u) / 2u + 4095u) >> 12;
    b = fxl__abs64(b0) > fxl__abs64(b1) ? fxl__abs64(b0) : fxl__abs64(b1);
    bh = (b + up) >> 28;
    th = ((uint64_t)t + up) >> 28;
    tl = (uint64_t)t >> 28;
    r2 = q2 >> 24;
    if (rh > lim || th > lim || bh > lim)
        return false;
    /* From here in 32x32 -> 64 products (a single UMULL each on ARM): rh,
     * th, tl, bh at most 2^15, so r2 <= R^2 / U^2 <= 2^30 and 0 < L < 2^31. */
    {
        uint32_t r2w = (uint32_t)r2, rhw = (uint32_t)rh, thw = (uint32_t)th, tlw = (uint32_t)tl;
        uint32_t b2 = (uint32_t)bh * (uint32_t)bh, lw, uw, vw;
        uint64_t uh, vl;
        int64_t l;
        if (r2w <= thw * thw)
            return false;
        l = (int64_t)((uint64_t)r2w + (uint64_t)(tlw * tlw)) - (int64_t)(2u * (uint64_t)thw * rhw + b2);
        if (l <= 0)
            return false;
        lw = (uint32_t)l;
        uh = (fxl__abs64(u0) + up) >> 28, vl = fxl__abs64(v0) >> 28;
        if (uh > lim || vl > lim)
            return false;
        uw = (uint32_t)uh, vw = (uint32_t)vl;
        if ((uint64_t)(vw * vw) * lw <= (uint64_t)b2 * (uw * uw))
            return false;
        uh = (fxl__abs64(u1) + up) >> 28, vl = fxl__abs64(v1) >> 28;
        if (uh > lim || vl > lim)
            return false;
        uw = (uint32_t)uh, vw = (uint32_t)vl;
        return (uint64_t)(vw * vw) * lw > (uint64_t)b2 * (uw * uw);
    }
}

/* sweep_parts.h's fxl__turn_far_core32 (the 32-bit words form quick_miss
 * and far_miss run) against ref_turn_far_core64, the 64-bit form of the
 * same proof: the same answer on every input but a value of exactly 2^43
 * (then the word form gives no filter: it may say no where the other
 * says yes, never yes where it says no). Geometric draws (the circle off
 * a thin beam's tip, ends off its axis) so that both answers occur, and
 * the 2^43 edges. */
/* |x| for the draws below (all far from INT64_MIN). */
static int64_t mag64(int64_t x)
{
    return x < 0 ? -x : x;
}

/* sweep.c's ends_far in 64-bit compares (turn_far's first reject until
 * session 15), the reference of fxl__sweep_ends_far256. */
static bool ref_ends_far64(int64_t u0, int64_t v0, int64_t u1, int64_t v1, int64_t ulo,
                           int64_t uhi, int64_t vlo, int64_t vhi, int64_t t, int32_t qx,
                           int32_t qy)
{
    int64_t m = (int64_t)fxl__abs32(qx) + (int64_t)fxl__abs32(qy) + 1;
    int64_t hv = (vhi + t > 0 ? vhi + t : 0) + m, lv = (vlo - t < 0 ? vlo - t : 0) - m;
    int64_t hu = (uhi + t > 0 ? uhi + t : 0) + m, lu = (ulo - t < 0 ? ulo - t : 0) - m;
    return (v0 > hv && v1 > hv) || (v0 < lv && v1 < lv) || (u0 > hu && u1 > hu) ||
           (u0 < lu && u1 < lu);
}

/* A value at (or a few 1/256 px and raw steps about) a bound b: the
 * 1/256 px floors' edge cases. */
static int64_t near_bound(fxlt_rng *rng, int64_t b)
{
    int64_t step = fxlt_below(rng, 2) != 0 ? ((int64_t)1 << 24) : 1;
    return b + step * fxlt_range(rng, -3, 3) + fxlt_range(rng, -1, 1);
}

/* fxl__sweep_ends_far256 (sweep_parts.h) against the 64-bit ends_far: its
 * yes must always be the 64-bit form's yes (it may say no where that one
 * says yes: a weaker reject). Values at the bounds' edges (the bound grown
 * by t and m, and their 1/256 px floors), qx, qy up to 2^31 (m's floor
 * near its 2^24 steps), t of either sign. Fails with the bounds' + 1 or M's
 * + 2 cut (tried: see docs/tuning.md). */
static void ends_far_words(void)
{
    fxlt_rng rng = fxlt_rng_for("ends_far_words");
    uint32_t i, n = FXLT_CASES(400000), bad = 0, yes = 0, lost = 0;
    for (i = 0; i < n; i++) {
        int32_t qx = (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 31));
        int32_t qy = (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 31));
        int64_t m = (int64_t)fxl__abs32(qx) + (int64_t)fxl__abs32(qy) + 1;
        int64_t ulo = rand_bits(&rng, 1 + fxlt_below(&rng, 49));
        int64_t uhi = ulo + mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 49)));
        int64_t vlo = rand_bits(&rng, 1 + fxlt_below(&rng, 49));
        int64_t vhi = vlo + mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 49)));
        int64_t t = fxlt_below(&rng, 8) == 0 ? -mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 40)))
                                               : mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 47)));
        int64_t hv = (vhi + t > 0 ? vhi + t : 0) + m, lv = (vlo - t < 0 ? vlo - t : 0) - m;
        int64_t hu = (uhi + t > 0 ? uhi + t : 0) + m, lu = (ulo - t < 0 ? ulo - t : 0) - m;
        int64_t e[4] = {hv, lv, hu, lu}, x[4];
        int k;
        bool a, b;
        for (k = 0; k < 4; k++) /* each value near one of the four grown bounds, or random */
            x[k] = fxlt_below(&rng, 4) == 0 ? rand_bits(&rng, 1 + fxlt_below(&rng, 49))
                                            : near_bound(&rng, e[(k & 1) * 2 + fxlt_below(&rng, 2)]);
        if ((i & 1) != 0) /* both ends beside one bound */
            x[1] = near_bound(&rng, e[i & 2 ? 1 : 0]), x[3] = near_bound(&rng, e[i & 2 ? 1 : 0]);
        a = ref_ends_far64(x[0], x[1], x[2], x[3], ulo, uhi, vlo, vhi, t, qx, qy);
        b = fxl__sweep_ends_far256(x[0], x[1], x[2], x[3], ulo, uhi, vlo, vhi, t, qx, qy);
        bad += b && !a ? 1u : 0u;
        yes += b ? 1u : 0u;
        lost += a && !b ? 1u : 0u;
    }
    fxlt_printf("    ends far: %u inputs, %u rejected by the 1/256 px form (%u more by the "
                "64-bit one), %u rejected wrongly\n", n, yes, lost, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(yes > n / 8);
    CHECK_COVER(lost > 0);
}

#ifdef FXL_TEST_HOOKS
/* sweep.c's turn_far in 64-bit values (ends_far, then turn_far_arc's four
 * sides with their exact directions), the reference of the batch head's
 * reject. */
static bool ref_turn_far64(int64_t u0, int64_t v0, int64_t u1, int64_t v1, int64_t ulo,
                           int64_t uhi, int64_t vlo, int64_t vhi, int64_t t, int32_t qx,
                           int32_t qy, int32_t step)
{
    int64_t m = (int64_t)fxl__abs32(qx) + (int64_t)fxl__abs32(qy) + 1;
    int64_t ua = step >= 0 ? u0 : u1, ub = step >= 0 ? u1 : u0;
    int64_t va = step >= 0 ? v0 : v1, vb = step >= 0 ? v1 : v0;
    bool up = ua <= 0 && ub >= 0, down = ua >= 0 && ub <= 0;
    bool right = va >= 0 && vb <= 0, left = va <= 0 && vb >= 0;
    if (ref_ends_far64(u0, v0, u1, v1, ulo, uhi, vlo, vhi, t, qx, qy))
        return true;
    return (!up && (v0 > v1 ? v0 : v1) + m < vlo - t) ||
           (!down && (v0 < v1 ? v0 : v1) - m > vhi + t) ||
           (!left && (u0 < u1 ? u0 : u1) - m > uhi + t) ||
           (!right && (u0 > u1 ? u0 : u1) + m < ulo - t);
}

/* A table-like vector: random components up to 2^16 in size, or one on an
 * axis (then a frame value is an offset times 2^16: on zero exactly for a
 * zero offset, the directions' edge case). */
static void head_vector(fxlt_rng *rng, int32_t *c, int32_t *s)
{
    switch (fxlt_below(rng, 4)) {
    case 0: *c = 65536, *s = 0; break;
    case 1: *c = 0, *s = fxlt_below(rng, 2) != 0 ? 65536 : -65536; break;
    default:
        *c = fxlt_range(rng, -65536, 65536), *s = fxlt_range(rng, -65536, 65536);
        break;
    }
}

/* sweep.c's head_far (the batch head's reject, through
 * fxl__sweep_head_far_check) against the 64-bit turn_far: its yes must
 * always be that one's (a weaker reject: it may say no where turn_far
 * says yes). The rectangle's sides placed at the values' grown bounds
 * (the reach and the margin m off, a few 1/256 px and raw steps about
 * them), offsets near zero (the directions' signs at their edge), steps
 * of both signs. Fails with the arc's bound one 1/256 px loose or a
 * direction's sign test strict (tried: see docs/tuning.md). */
static void head_far_words(void)
{
    fxlt_rng rng = fxlt_rng_for("head_far_words");
    uint32_t i, n = FXLT_CASES(400000), bad = 0, yes = 0, lost = 0, arc = 0;
    for (i = 0; i < n; i++) {
        int32_t c0, s0, c1, s1, qx, qy, step = fxlt_range(&rng, -2048, 2048), words[4];
        int64_t u0, v0, u1, v1, m, t, b[4];
        bool a, h;
        int k;
        head_vector(&rng, &c0, &s0);
        head_vector(&rng, &c1, &s1);
        qx = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, -2, 2)
                                      : (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 31));
        qy = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, -2, 2)
                                      : (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 31));
        /* the frame values (frame.h's fxl__along, fxl__across) */
        u0 = (int64_t)c0 * qx + (int64_t)s0 * qy;
        v0 = (int64_t)c0 * qy - (int64_t)s0 * qx;
        u1 = (int64_t)c1 * qx + (int64_t)s1 * qy;
        v1 = (int64_t)c1 * qy - (int64_t)s1 * qx;
        m = (int64_t)fxl__abs32(qx) + (int64_t)fxl__abs32(qy) + 1;
        t = fxlt_below(&rng, 8) == 0 ? -mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 40)))
                                     : mag64(rand_bits(&rng, 1 + fxlt_below(&rng, 47)));
        /* u_lo, u_hi, v_lo, v_hi: each at a side's grown bound of the
         * values (the arc's: min - m - t above, max + m + t below), or
         * random */
        b[0] = (u0 > u1 ? u0 : u1) + m + t, b[1] = (u0 < u1 ? u0 : u1) - m - t;
        b[2] = (v0 > v1 ? v0 : v1) + m + t, b[3] = (v0 < v1 ? v0 : v1) - m - t;
        for (k = 0; k < 4; k++)
            b[k] = fxlt_below(&rng, 4) == 0 ? rand_bits(&rng, 1 + fxlt_below(&rng, 49))
                                            : near_bound(&rng, b[k]);
        if (b[0] > b[1]) /* keep lo <= hi: move the one not at a bound */
            b[(i & 1) != 0 ? 0 : 1] = b[(i & 1) != 0 ? 1 : 0];
        if (b[2] > b[3])
            b[(i & 2) != 0 ? 2 : 3] = b[(i & 2) != 0 ? 3 : 2];
        for (k = 0; k < 4; k++)
            words[k] = fxl__sweep_p24(b[k]);
        a = ref_turn_far64(u0, v0, u1, v1, b[0], b[1], b[2], b[3], t, qx, qy, step);
        h = fxl__sweep_head_far_check(c0, s0, c1, s1, qx, qy, t, words, step);
        bad += h && !a ? 1u : 0u;
        yes += h ? 1u : 0u;
        lost += a && !h ? 1u : 0u;
        arc += h && !ref_ends_far64(u0, v0, u1, v1, b[0], b[1], b[2], b[3], t, qx, qy) ? 1u : 0u;
    }
    fxlt_printf("    head far: %u inputs, %u rejected by the 1/256 px form (%u by its arc "
                "sides; %u more by the 64-bit one), %u rejected wrongly\n",
                n, yes, arc, lost, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(yes > n / 8);
    CHECK_COVER(arc > 0);
    CHECK_COVER(lost > 0);
}
#endif

static void far_core_words(void)
{
    fxlt_rng rng = fxlt_rng_for("far_core_words");
    uint32_t i, n = FXLT_CASES(400000), bad = 0, yes = 0;
    static const int64_t edge[] = {((int64_t)1 << 43) - 1, (int64_t)1 << 43,
                                   -((int64_t)1 << 43), -((int64_t)1 << 43) - 1,
                                   ((int64_t)1 << 43) - ((int64_t)1 << 28)};
    size_t e;
    for (i = 0; i < n; i++) {
        int32_t step = fxlt_range(&rng, -1100, 1100);
        int32_t qx = (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 28));
        int32_t qy = (int32_t)rand_bits(&rng, 1 + fxlt_below(&rng, 28));
        uint64_t q2 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
        int64_t b0 = -mag64(far_value(&rng, 40)), b1 = mag64(far_value(&rng, 40));
        int64_t t = mag64(far_value(&rng, 40));
        int64_t u0 = far_value(&rng, 44), v0 = far_value(&rng, 44);
        int64_t u1 = far_value(&rng, 44), v1 = far_value(&rng, 44);
        bool a, b;
        if ((i & 1) != 0) { /* the ends of one strict sign across, as the callers' */
            v0 = mag64(v0) + 1, v1 = mag64(v1) + 1;
            if ((i & 2) != 0)
                v0 = -v0, v1 = -v1;
        }
        a = ref_turn_far_core64(step, qx, qy, q2, b0, b1, t, u0, v0, u1, v1);
        b = fxl__turn_far_core32(step, qx, qy, q2, b0, b1, t, u0, v0, u1, v1);
        /* The word form's yes is always the 64-bit form's; both agree
         * when every value is below 2^43 in magnitude (from 2^43 on the
         * word form takes no filter, the 64-bit one still filters floors
         * below 2^43 + 2^28: `make soak` drew one). */
        if (mag64(b0) < ((int64_t)1 << 43) && mag64(b1) < ((int64_t)1 << 43) &&
            mag64(t) < ((int64_t)1 << 43) && mag64(u0) < ((int64_t)1 << 43) &&
            mag64(v0) < ((int64_t)1 << 43) && mag64(u1) < ((int64_t)1 << 43) &&
            mag64(v1) < ((int64_t)1 << 43))
            bad += a != b ? 1u : 0u;
        else
            bad += b && !a ? 1u : 0u;
        yes += b ? 1u : 0u;
    }
    for (e = 0; e < sizeof edge / sizeof edge[0]; e++) {
        /* each of the values at an edge in turn: the word form's yes is
         * always the 64-bit form's, and they agree below 2^43 */
        int64_t x = edge[e], far = (int64_t)1 << 40;
        uint64_t q2 = (uint64_t)((int64_t)(1 << 27) * (1 << 27));
        int k;
        for (k = 0; k < 5; k++) {
            int64_t vals[5] = {1 << 20, 0, far, far, far};
            bool a, b;
            vals[k] = k == 0 || k == 1 ? x : mag64(x);
            a = ref_turn_far_core64(100, 1 << 27, 0, q2, -vals[0], vals[0],
                                   vals[1] < 0 ? 0 : vals[1], vals[2] - far, vals[3],
                                   vals[4] - far, vals[3]);
            b = fxl__turn_far_core32(100, 1 << 27, 0, q2, -vals[0], vals[0],
                                     vals[1] < 0 ? 0 : vals[1], vals[2] - far, vals[3],
                                     vals[4] - far, vals[3]);
            bad += b && !a ? 1u : 0u;
            if (mag64(x) < ((int64_t)1 << 43))
                bad += a != b ? 1u : 0u;
        }
    }
    fxlt_printf("    far core: %u inputs, %u settled by the word form, %u differing\n", n, yes,
                bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(yes > n / 100);
}

static const fxlt_case cases[] = {
    {"passes_over", passes_over},
    {"corner_touch_exact", corner_touch_exact},
    {"wrap_and_half_turns", wrap_and_half_turns},
    {"propeller_and_pivots", propeller_and_pivots},
    {"pose_to_pose", pose_to_pose},
    {"moving_circles", moving_circles},
    {"errors", errors},
    {"zero_step_is_static", zero_step_is_static},
    {"static_implies_sweep", static_implies_sweep},
    {"batch_matches_single", batch_matches_single},
    {"fused_matches_prepare", fused_matches_prepare},
    {"property_turn_emitter", property_turn_emitter},
    {"property_turn_middle", property_turn_middle},
    {"property_turn_offbeam", property_turn_offbeam},
    {"property_translation", property_translation},
    {"property_pose", property_pose},
    {"property_moving", property_moving},
    {"psign_band", psign_band},
    {"property_near_pivot", property_near_pivot},
    {"property_tail_bands", property_tail_bands},
    {"sq_le_band", sq_le_band},
    {"roots_exact", roots_exact},
    {"property_pivot_core", property_pivot_core},
    {"slide_corner_band", slide_corner_band},
    {"slide_point_band", slide_point_band},
    {"slide_line_band", slide_line_band},
    {"property_quick_bands", property_quick_bands},
    {"far_core_words", far_core_words},
    {"ends_far_words", ends_far_words},
#ifdef FXL_TEST_HOOKS
    {"head_far_words", head_far_words},
#endif
};

const fxlt_suite fxlt_suite_sweep = {"sweep", cases, FXLT_COUNT(cases)};
