/* test_sweep_aabb.c - the swept tests against boxes (sweep.h, issue 23):
 * unit cases (a turn passing over a box no end beam touches, exact
 * touching slides), consistency (a box shrunk to a point is the circle of
 * radius 0, batch == single, collect == bits, fused == prepare + single, a
 * box that does not move == the fixed box), and for every kind of motion
 * the property test against the independent exact reference
 * (ref_sweep_aabb.c): no disagreement allowed, a large share of the cases
 * at the touching position (found by bisection of a shift) and one raw
 * unit off. FXLT_BOX_SWEEP_CASES scales the property tests (default per
 * motion below; -DFXLT_BOX_SWEEP_CASES=... for the long runs),
 * FXLT_BOX_MOVING_CASES the moving box's alone (default the same): issue
 * 23's long run, 10^6 cases for fxl_sweep_vs_aabb over the five motions and
 * 10^6 for fxl_sweep_vs_moving_aabb, is -DFXLT_BOX_SWEEP_CASES=72000
 * -DFXLT_BOX_MOVING_CASES=365000 (about 2.8 cases a random one, with the
 * touching pair). */
#include "gen.h"
#include "harness.h"
#include "ref_sweep_aabb.h"

#include "../src/aabb_parts.h"
#include "../src/sweep_parts.h"

#ifndef FXLT_BOX_SWEEP_CASES
#define FXLT_BOX_SWEEP_CASES 1000
#endif
#ifndef FXLT_BOX_MOVING_CASES
#define FXLT_BOX_MOVING_CASES FXLT_BOX_SWEEP_CASES
#endif

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_aabb box_make(fix16_t x0, fix16_t y0, fix16_t x1, fix16_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(x0, y0);
    b.hi = fxl_vec2_make(x1, y1);
    return b;
}

static fxl_sweep_prep prep(const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    CHECK_EQ(fxl_sweep_prepare(s, &sp), FXL_OK);
    return sp;
}

static void expect(const fxl_sweep *s, fxl_aabb b, bool want)
{
    fxl_sweep_prep sp = prep(s);
    CHECK(fxl_sweep_vs_aabb(&sp, b) == want);
    CHECK(ref_sweep_vs_moving_aabb(s, b, b.lo) == want);
}

/* ---- unit cases ------------------------------------------------------------ */

/* A quarter turn of a 100 px beam from the emitter at the origin passes
 * over a small box at 45 degrees, 50 px out, that neither end beam touches;
 * a box just beyond the beam's reach is missed; the exact reach touches. */
static void passes_over(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(1));
    fxl_sweep s = fxl_sweep_turn(&l, 1024);
    expect(&s, box_make(PX(35), PX(35), PX(36), PX(36)), true);
    expect(&s, box_make(PX(80), PX(80), PX(90), PX(90)), false);
    /* the start beam's tip touches at x = 100 px; turning, its corner
     * (100, -1) reaches sqrt(100^2 + 1) = 100.005 px along the x axis:
     * 100.004 px is hit, 100.006 px is not */
    expect(&s, box_make(PX(100), -PX(1), PX(120), PX(1)), true);
    expect(&s, box_make(PX(100) + 262, -PX(1), PX(120), PX(1)), true);
    expect(&s, box_make(PX(100) + 393, -PX(1), PX(120), PX(1)), false);
    /* a box behind the emitter, across the turn: missed */
    expect(&s, box_make(-PX(30), -PX(30), -PX(2), -PX(2)), false);
}

/* A slide of a capsule: a box whose corner just touches the rounded end
 * over the way, and one raw unit away. */
static void slide_touch(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, PX(50), PX(3));
    fxl_sweep s = fxl_sweep_to_pose(&l, fxl_vec2_make(0, PX(40)), 0);
    /* the beam sweeps y in [-3, 43] px over x in [-3, 53]: a box above it */
    expect(&s, box_make(PX(10), PX(43), PX(20), PX(50)), true);
    expect(&s, box_make(PX(10), PX(43) + 1, PX(20), PX(50)), false);
    expect(&s, box_make(PX(10), -PX(50), PX(20), -PX(3)), true);
    expect(&s, box_make(PX(10), -PX(50), PX(20), -PX(3) - 1), false);
}

/* A box shrunk to a point is the circle of radius 0 there. */
static void point_box_is_circle(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.point_box_is_circle");
    uint32_t i, n = FXLT_CASES(20000);
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
        fxl_vec2 p = gen_sweep_point(&rng, &s);
        fxl_sweep_prep sp = prep(&s);
        CHECK(fxl_sweep_vs_aabb(&sp, box_make(p.x, p.y, p.x, p.y)) ==
              fxl_sweep_vs_circle(&sp, fxl_circle_make(p.x, p.y, 0)));
    }
}

/* ---- generation ------------------------------------------------------------- */

static fix16_t clampc(int64_t v)
{
    return (fix16_t)(v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v);
}

/* A box about a point near the sweep: sizes 0 (a point or a segment) to
 * tens of px, or a thin bar. */
static fxl_aabb gen_box(fxlt_rng *rng, const fxl_sweep *s)
{
    fxl_vec2 p = gen_sweep_point(rng, s);
    uint32_t kind = fxlt_below(rng, 6);
    int32_t w = kind == 0 ? 0 : kind == 1 ? fxlt_range(rng, 0, 4) : fxlt_range(rng, 0, PX(40));
    int32_t h = kind == 2 ? 0 : kind == 3 ? fxlt_range(rng, 0, 4) : fxlt_range(rng, 0, PX(40));
    int32_t ox = fxlt_range(rng, 0, w), oy = fxlt_range(rng, 0, h);
    /* the point is somewhere on or in the box */
    return box_make(clampc((int64_t)p.x - ox), clampc((int64_t)p.y - oy),
                    clampc((int64_t)p.x - ox + w), clampc((int64_t)p.y - oy + h));
}

typedef struct btally {
    uint32_t cases, touch, hits, disagree;
} btally;

#ifdef FXL_TEST_HOOKS
/* Answers the reject behind the pivot gave that its exact stages (the
 * filter off) do not (agree, with fxl__behind_audit.on). */
static uint32_t behind_wrong;
#endif

static void agree(btally *t, const fxl_sweep *s, const fxl_sweep_prep *sp, fxl_aabb b, fxl_vec2 to,
                  bool moving)
{
#ifdef FXL_TEST_HOOKS
    uint32_t fired = fxl__behind_audit.checked;
#endif
    bool got = moving ? fxl_sweep_vs_moving_aabb(sp, b, to) : fxl_sweep_vs_aabb(sp, b);
    bool want = ref_sweep_vs_moving_aabb(s, b, moving ? to : b.lo);
#ifdef FXL_TEST_HOOKS
    if (fxl__behind_audit.on && fxl__behind_audit.checked != fired) {
        bool exact;
        fxl__behind_audit.off = true;
        exact = moving ? fxl_sweep_vs_moving_aabb(sp, b, to) : fxl_sweep_vs_aabb(sp, b);
        fxl__behind_audit.off = false;
        behind_wrong += exact != got ? 1u : 0u;
    }
#endif
    t->cases++;
    t->hits += want;
    if (got != want) {
        if (t->disagree < 3)
        {
            fxlt_printf("    disagree: box (%d,%d)-(%d,%d) to (%d,%d) core %d ref %d\n", b.lo.x, b.lo.y,
                        b.hi.x, b.hi.y, to.x, to.y, got, want);
            fxlt_printf("      laser kind %d anchor %d pos (%d,%d) angle %d len %d hw %d frac %d; pivot (%d,%d) step %d move (%d,%d)\n",
                        s->laser.kind, s->laser.anchor, s->laser.pos.x, s->laser.pos.y, s->laser.angle,
                        s->laser.length, s->laser.half_width, s->laser.hit_fraction, s->motion.pivot.x,
                        s->motion.pivot.y, s->motion.step, s->motion.move.x, s->motion.move.y);
        }
        t->disagree++;
    }
}

static bool in_domain(fxl_aabb b, fxl_vec2 to)
{
    return b.lo.x >= -FXL_COORD_MAX && b.lo.y >= -FXL_COORD_MAX && b.hi.x <= FXL_COORD_MAX &&
           b.hi.y <= FXL_COORD_MAX && to.x >= -FXL_COORD_MAX && to.y >= -FXL_COORD_MAX &&
           (int64_t)to.x + (b.hi.x - b.lo.x) <= FXL_COORD_MAX &&
           (int64_t)to.y + (b.hi.y - b.lo.y) <= FXL_COORD_MAX;
}

/* A random end for the moving box's lo corner, or lo itself when that end
 * leaves the domain. */
static fxl_vec2 move_end(fxlt_rng *rng, fxl_aabb b)
{
    fxl_vec2 to = gen_move_end(rng, b.lo, false);
    return in_domain(b, to) ? to : b.lo;
}

/* The box (and its end lo) moved by (dx, dy) raw units, or false when that
 * leaves the domain. */
static bool moved_box(fxl_aabb b, fxl_vec2 to, int64_t dx, int64_t dy, fxl_aabb *ob, fxl_vec2 *oto)
{
    int64_t v[6];
    int i;
    v[0] = b.lo.x + dx, v[1] = b.lo.y + dy, v[2] = b.hi.x + dx, v[3] = b.hi.y + dy;
    v[4] = to.x + dx, v[5] = to.y + dy;
    for (i = 0; i < 6; i++)
        if (v[i] < -FXL_COORD_MAX || v[i] > FXL_COORD_MAX)
            return false;
    *ob = box_make((fix16_t)v[0], (fix16_t)v[1], (fix16_t)v[2], (fix16_t)v[3]);
    *oto = fxl_vec2_make((fix16_t)v[4], (fix16_t)v[5]);
    return in_domain(*ob, *oto);
}

/* The touching position: the box moved so that its lo is on the laser's
 * reference point (a point of the start beam: a hit), then along (dx, dy)
 * per step up to 2^26 steps (a miss, or no case); bisection by the core
 * finds a last hit and a first miss one step apart, both asked of the
 * reference. */
static void touch_cases(btally *t, const fxl_sweep *s, const fxl_sweep_prep *sp, fxl_aabb b,
                        fxl_vec2 to, int64_t dx, int64_t dy, bool moving)
{
    int64_t lo = 0, hi = (int64_t)1 << 26, ax = (int64_t)s->laser.pos.x - b.lo.x;
    int64_t ay = (int64_t)s->laser.pos.y - b.lo.y;
    fxl_aabb m;
    fxl_vec2 mt;
    if (!moved_box(b, to, ax, ay, &m, &mt) || !fxl_sweep_vs_moving_aabb(sp, m, mt))
        return;
    if (!moved_box(b, to, ax + dx * hi, ay + dy * hi, &m, &mt) || fxl_sweep_vs_moving_aabb(sp, m, mt))
        return;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (!moved_box(b, to, ax + dx * mid, ay + dy * mid, &m, &mt))
            return;
        if (fxl_sweep_vs_moving_aabb(sp, m, mt))
            lo = mid;
        else
            hi = mid;
    }
    t->touch += 2;
    if (moved_box(b, to, ax + dx * lo, ay + dy * lo, &m, &mt))
        agree(t, s, sp, m, mt, moving);
    if (moved_box(b, to, ax + dx * hi, ay + dy * hi, &m, &mt))
        agree(t, s, sp, m, mt, moving);
}

static void box_property(gen_motion motion, bool moving)
{
    fxlt_rng rng = fxlt_rng_for(moving ? "sweep_aabb.property_moving" : "sweep_aabb.property");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = moving ? FXLT_CASES(FXLT_BOX_MOVING_CASES) : FXLT_CASES(FXLT_BOX_SWEEP_CASES);
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, motion);
        fxl_sweep_prep sp = prep(&s);
        fxl_aabb b = gen_box(&rng, &s);
        int64_t dx, dy;
        fxl_vec2 to = moving ? move_end(&rng, b) : b.lo;
        agree(&t, &s, &sp, b, to, moving);
        dx = (int64_t)fxlt_range(&rng, -2, 2);
        dy = (int64_t)fxlt_range(&rng, -2, 2);
        if ((dx | dy) == 0)
            dx = 1;
        touch_cases(&t, &s, &sp, b, to, dx, dy, moving);
    }
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n",
                t.cases, t.touch, t.hits, t.disagree);
    CHECK_EQ(t.disagree, 0);
}

static void property_turn_emitter(void)
{
    box_property(GEN_TURN_EMITTER, false);
}

static void property_turn_middle(void)
{
    box_property(GEN_TURN_MIDDLE, false);
}

static void property_turn_offbeam(void)
{
    box_property(GEN_TURN_OFFBEAM, false);
}

static void property_translation(void)
{
    box_property(GEN_SLIDE, false);
}

static void property_pose(void)
{
    box_property(GEN_POSE, false);
}

static void property_moving(void)
{
    box_property(GEN_MOVING, true);
}

/* ---- the slides (the two tests below) ---- */

/* The box audit (test builds) on, its counts cleared. */
static void slides_audit_start(void)
{
#ifdef FXL_TEST_HOOKS
    fxl__box_audit.on = true;
    fxl__box_audit.checked = fxl__box_audit.wrong = 0;
#endif
}

/* The touching cases in four random directions (dx, dy) in [-3, 3] raw
 * units; a zero direction becomes (0, 1) if zero_up, else (1, 0). */
static void touch_four(fxlt_rng *rng, btally *t, const fxl_sweep *s, const fxl_sweep_prep *sp,
                       fxl_aabb b, fxl_vec2 to, bool moving, bool zero_up)
{
    int k;
    for (k = 0; k < 4; k++) {
        int64_t dx = (int64_t)fxlt_range(rng, -3, 3), dy = (int64_t)fxlt_range(rng, -3, 3);
        if ((dx | dy) == 0) {
            if (zero_up)
                dy = 1;
            else
                dx = 1;
        }
        touch_cases(t, s, sp, b, to, dx, dy, moving);
    }
}

/* A slides test's closing line (audited: what the audit counted) and
 * checks: no disagreement; with the audit (test builds, turned off here)
 * some slides audited, none otherwise for the hull. */
static void slides_report(const btally *t, const char *audited)
{
#ifdef FXL_TEST_HOOKS
    fxl__box_audit.on = false;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements; "
                "%u %s, %u of them otherwise for the hull\n",
                t->cases, t->touch, t->hits, t->disagree, fxl__box_audit.checked, audited,
                fxl__box_audit.wrong);
    CHECK_EQ(fxl__box_audit.wrong, 0);
    CHECK_COVER(fxl__box_audit.checked > 0);
#else
    (void)audited;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n",
                t->cases, t->touch, t->hits, t->disagree);
#endif
    CHECK_EQ(t->disagree, 0);
}

/* The slides with no move (sweep_aabb.c's hull_hit: laser_aabb.c's
 * static box test instead of the hull's edges; issue 20's tails): turns
 * about the emitter, the middle and an off-beam pivot, and poses whose
 * box moves with the pivot, so that both slides are static poses; random
 * boxes near the sweep and the touching ones in four directions, against
 * the reference; with the audit on (test builds) every such slide runs the
 * hull's exact test too, which must agree. */
static void property_still_slides(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.property_still_slides");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(FXLT_BOX_SWEEP_CASES);
    static const gen_motion kinds[4] = {GEN_TURN_EMITTER, GEN_TURN_MIDDLE, GEN_TURN_OFFBEAM, GEN_POSE};
    slides_audit_start();
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, kinds[i & 3]);
        fxl_sweep_prep sp = prep(&s);
        fxl_aabb b = gen_box(&rng, &s);
        fxl_vec2 to = b.lo;
        if ((i & 3) == 3) { /* the box moves with the pivot */
            to = fxl_vec2_make(clampc((int64_t)b.lo.x + s.motion.move.x),
                               clampc((int64_t)b.lo.y + s.motion.move.y));
            if (!in_domain(b, to))
                to = b.lo;
        }
        agree(&t, &s, &sp, b, to, true);
        touch_four(&rng, &t, &s, &sp, b, to, true, true);
    }
    slides_report(&t, "static slides");
}

/* A random sweep of motion m against a random box, fixed or moving, and
 * the box moved to touch it at four places: each against the reference. */
static void box_case(fxlt_rng *rng, btally *t, gen_motion m, bool moving)
{
    fxl_sweep s = gen_sweep(rng, m);
    fxl_sweep_prep sp = prep(&s);
    fxl_aabb b = gen_box(rng, &s);
    fxl_vec2 to = moving ? move_end(rng, b) : b.lo;
    agree(t, &s, &sp, b, to, moving);
    touch_four(rng, t, &s, &sp, b, to, moving, false);
}

/* The moving slides (sweep_aabb.c's hull_quick: the hull's frame ranges,
 * the static box test of its bounding box, then of its two end boxes, in
 * front of the hull's edges): translations and poses to pose with fixed
 * and moving boxes near the sweep, and the touching ones in four
 * directions, against the reference; with the audit on (test builds)
 * every slide those stages decide runs the hull's exact test too, and
 * each the hull decides runs it also without the ends' shortcut: all must
 * agree. */
static void property_moving_slides(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.property_moving_slides");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(FXLT_BOX_SWEEP_CASES);
    static const gen_motion kinds[2] = {GEN_SLIDE, GEN_POSE};
    slides_audit_start();
    for (i = 0; i < n; i++) {
        box_case(&rng, &t, kinds[i & 1], (i & 2) != 0);
    }
    slides_report(&t, "slides audited");
}

/* Batch == single, collect == bits, a box whose lo does not move ==
 * the fixed box, the moving batch == the moving single, fused == prepare
 * + single (refused sweeps never hit; the first code comes back). */
static void forms_agree(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.forms_agree");
    static fxl_aabb boxes[40];
    static fxl_vec2 to[40];
    static fxl_sweep sweeps[40] FXL_EWRAM_BSS;
    uint32_t bits[2], mbits[2], fbits[2], round, n = FXLT_CASES(300);
    size_t idx[40];
    for (round = 0; round < n; round++) {
        fxl_sweep s = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
        fxl_sweep_prep sp = prep(&s);
        size_t i, hits, mhits, got, k = 0, fh = 0;
        fxl_result want = FXL_OK, res;
        for (i = 0; i < 40; i++) {
            boxes[i] = gen_box(&rng, &s);
            to[i] = boxes[i].lo;
            sweeps[i] = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
            if (fxlt_below(&rng, 16) == 0)
                sweeps[i].motion.step = 4000; /* refused */
        }
        hits = fxl_sweep_vs_aabbs(&sp, boxes, 40, bits);
        mhits = fxl_sweep_vs_moving_aabbs(&sp, boxes, to, 40, mbits);
        got = fxl_sweep_collect_aabbs(&sp, boxes, 40, idx, 40);
        CHECK_EQ(hits, mhits);
        CHECK_EQ(hits, got);
        CHECK_EQ(bits[0], mbits[0]);
        CHECK_EQ(bits[1] & 0xFFu, mbits[1] & 0xFFu);
        for (i = 0; i < 40; i++) {
            bool one = fxl_sweep_vs_aabb(&sp, boxes[i]);
            CHECK(one == (((bits[i >> 5] >> (i & 31)) & 1u) != 0));
            CHECK(one == fxl_sweep_vs_moving_aabb(&sp, boxes[i], boxes[i].lo));
            if (one) {
                CHECK(k < got && idx[k] == i);
                k++;
            }
        }
        /* fused: sweeps[] against boxes[0] */
        res = fxl_sweeps_vs_aabb(sweeps, 40, boxes[0], fbits, &fh);
        hits = 0;
        for (i = 0; i < 40; i++) {
            fxl_sweep_prep p2;
            fxl_result r = fxl_sweep_prepare(&sweeps[i], &p2);
            bool one = r == FXL_OK && fxl_sweep_vs_aabb(&p2, boxes[0]);
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            CHECK(one == (((fbits[i >> 5] >> (i & 31)) & 1u) != 0));
            hits += one;
        }
        CHECK_EQ(res, want);
        CHECK_EQ(fh, hits);
    }
    /* NULL and empty */
    CHECK_EQ(fxl_sweeps_vs_aabb(NULL, 0, boxes[0], NULL, NULL), FXL_OK);
    {
        size_t h = 7;
        fbits[0] = 0x1234u;
        CHECK_EQ(fxl_sweeps_vs_aabb(NULL, 3, boxes[0], fbits, &h), FXL_ERR_NULL);
        CHECK_EQ(h, 0);
        CHECK_EQ(fbits[0], 0x1234u);
    }
}

/* The fused box call's witness (fxl__sweep_witness, sweep_parts.h), for
 * the sweeps fxl_sweep_prepare accepts: a 1 is a hit of the exact circle
 * test, a 0 leaves exactly what fxl_sweep_prepare writes; both seen. */
static void witness_sound(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.witness_sound");
    uint32_t round, n = FXLT_CASES(20000), seen[3] = {0, 0, 0};
    for (round = 0; round < n; round++) {
        fxl_sweep s = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
        fxl_circle c;
        fxl_sweep_prep sp, want;
        fxl_result res;
        int h;
        c.c = gen_sweep_point(&rng, &s);
        c.r = fxlt_range(&rng, 0, PX(8));
        if (fxlt_below(&rng, 32) == 0)
            s.motion.step = 3000; /* refused */
        if (fxl_circle_check(c) != FXL_OK)
            continue;
        res = fxl_sweep_prepare(&s, &want);
        if (res != FXL_OK)
            continue; /* (its precondition) */
        h = fxl__sweep_witness(&s, c, &sp);
        CHECK(h == 0 || h == 1);
        seen[h + 1]++;
        if (h == 1)
            CHECK(fxl_sweep_vs_circle(&want, c));
        if (h == 0) {
            CHECK(sp.from.pos.x == want.from.pos.x && sp.from.pos.y == want.from.pos.y);
            CHECK(sp.from.cos == want.from.cos && sp.from.sin == want.from.sin);
            CHECK(sp.from.u_lo == want.from.u_lo && sp.from.u_hi == want.from.u_hi);
            CHECK(sp.from.v_lo == want.from.v_lo && sp.from.v_hi == want.from.v_hi);
            CHECK(sp.from.round == want.from.round && sp.from.width == want.from.width);
            CHECK(sp.from.bb_mid.x == want.from.bb_mid.x && sp.from.bb_mid.y == want.from.bb_mid.y);
            CHECK(sp.from.bb_half_x == want.from.bb_half_x && sp.from.bb_half_y == want.from.bb_half_y);
            CHECK(sp.from.kind == want.from.kind);
            CHECK(sp.cos1 == want.cos1 && sp.sin1 == want.sin1 && sp.step == want.step);
            CHECK(sp.pivot1.x == want.pivot1.x && sp.pivot1.y == want.pivot1.y);
            CHECK(sp.half_move.x == want.half_move.x && sp.half_move.y == want.half_move.y);
        }
    }
    fxlt_printf("    witness: %u undecided, %u hits\n", (unsigned)seen[1], (unsigned)seen[2]);
    CHECK(seen[0] == 0);
    CHECK_COVER(seen[1] > 0 && seen[2] > 0);
}

/* The fused call with every sweep moved near one box (its point of the
 * sweep placed within a few px of the box), so that most take the near
 * path (witness, preparation, exact stages): == prepare + single == the
 * exact reference. */
static void fused_near(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.fused_near");
    static fxl_sweep sweeps[40] FXL_EWRAM_BSS;
    uint32_t round, n = FXLT_CASES(150) + 1u, hits = 0, swept = 0, bad = 0;
    for (round = 0; round < n; round++) {
        fxl_sweep s0 = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
        fxl_aabb b = gen_box(&rng, &s0);
        uint32_t fbits[2] = {0, 0};
        size_t i, fh = 0, want_hits = 0;
        fxl_result res, want = FXL_OK;
        for (i = 0; i < 40; i++) {
            fxl_sweep t = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
            fxl_vec2 p = gen_sweep_point(&rng, &t);
            int64_t qx = (int64_t)b.lo.x + fxlt_range(&rng, -PX(4), PX(4)) +
                         ((int64_t)b.hi.x - b.lo.x) * fxlt_below(&rng, 3) / 2;
            int64_t qy = (int64_t)b.lo.y + fxlt_range(&rng, -PX(4), PX(4)) +
                         ((int64_t)b.hi.y - b.lo.y) * fxlt_below(&rng, 3) / 2;
            int64_t dx = qx - p.x, dy = qy - p.y;
            t.laser.pos = fxl_vec2_make(clampc(t.laser.pos.x + dx), clampc(t.laser.pos.y + dy));
            t.motion.pivot = fxl_vec2_make(clampc(t.motion.pivot.x + dx), clampc(t.motion.pivot.y + dy));
            sweeps[i] = t;
        }
        res = fxl_sweeps_vs_aabb(sweeps, 40, b, fbits, &fh);
        for (i = 0; i < 40; i++) {
            fxl_sweep_prep p2;
            bool got = ((fbits[i >> 5] >> (i & 31)) & 1u) != 0, one = false;
            fxl_result r = fxl_sweep_prepare(&sweeps[i], &p2);
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            if (r == FXL_OK) {
                one = fxl_sweep_vs_aabb(&p2, b);
                bad += one != ref_sweep_vs_moving_aabb(&sweeps[i], b, b.lo);
                swept++;
            }
            CHECK(one == got);
            want_hits += one;
            hits += one;
        }
        CHECK_EQ(fh, want_hits);
        CHECK_EQ(res, want);
    }
    fxlt_printf("    fused near: %u sweeps, %u hits, %u disagreements with the reference\n", (unsigned)swept,
                (unsigned)hits, (unsigned)bad);
    CHECK_EQ(bad, 0);
    if (swept >= 1000) /* (the host's count; the GBA suite's is a few dozen) */
        CHECK_COVER(hits > swept / 8 && hits < swept - swept / 8);
}

/* A moving box against a laser that neither turns nor moves is the
 * fixed box swept along its path: the same as the laser sliding by the
 * opposite move against the fixed box. */
static void relative_motion(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.relative_motion");
    uint32_t i, n = FXLT_CASES(3000);
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, GEN_TURN_EMITTER);
        fxl_sweep moved;
        fxl_sweep_prep sp, mp;
        fxl_aabb b = gen_box(&rng, &s);
        int32_t dx = fxlt_range(&rng, -PX(30), PX(30)), dy = fxlt_range(&rng, -PX(30), PX(30));
        fxl_vec2 to = fxl_vec2_make(clampc((int64_t)b.lo.x + dx), clampc((int64_t)b.lo.y + dy));
        if (to.x != (int64_t)b.lo.x + dx || to.y != (int64_t)b.lo.y + dy ||
            (int64_t)b.hi.x + dx > FXL_COORD_MAX || (int64_t)b.hi.y + dy > FXL_COORD_MAX ||
            (int64_t)b.hi.x + dx < -FXL_COORD_MAX || (int64_t)b.hi.y + dy < -FXL_COORD_MAX)
            continue;
        s.motion.step = 0;
        moved = s;
        moved.motion.move = fxl_vec2_make(-dx, -dy);
        if (fxl_sweep_prepare(&s, &sp) != FXL_OK || fxl_sweep_prepare(&moved, &mp) != FXL_OK)
            continue;
        CHECK(fxl_sweep_vs_moving_aabb(&sp, b, to) == fxl_sweep_vs_aabb(&mp, b));
    }
}

/* Against the straight laser's box tests (laser.h, issue 23): a sweep that
 * neither turns nor moves, about any pivot, is fxl_laser_vs_aabb of its
 * laser (and fxl_laser_vs_moving_aabb for a moving box); a hit of the
 * start beam (the laser) or of the end beam is a hit of any sweep. */
static void static_laser_agrees(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.static_laser_agrees");
    uint32_t i, n = FXLT_CASES(20000);
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, (gen_motion)fxlt_below(&rng, GEN_MOTIONS));
        fxl_sweep still = s;
        fxl_sweep_prep sp, stp;
        fxl_laser_prep lp, ep;
        fxl_aabb b = gen_box(&rng, &s);
        fxl_vec2 to = gen_move_end(&rng, b.lo, false);
        if (!in_domain(b, to))
            to = b.lo;
        still.motion.step = 0;
        still.motion.move = fxl_vec2_make(0, 0);
        sp = prep(&s);
        stp = prep(&still);
        CHECK_EQ(fxl_laser_prepare(&s.laser, &lp), FXL_OK);
        CHECK(fxl_sweep_vs_aabb(&stp, b) == fxl_laser_vs_aabb(&lp, b));
        CHECK(fxl_sweep_vs_moving_aabb(&stp, b, to) == fxl_laser_vs_moving_aabb(&lp, b, to));
        ep = fxl_sweep_end(&sp);
        if (fxl_laser_vs_aabb(&lp, b))
            CHECK(fxl_sweep_vs_aabb(&sp, b));
        if (fxl_laser_vs_aabb(&ep, b))
            CHECK(fxl_sweep_vs_aabb(&sp, b));
    }
}

/* The hull test's 64-bit forms alone against their 128-bit ones (issue
 * 20's tails; sweep_aabb.c's fxl__hull_audit, test builds): pose-to-pose
 * sweeps and moving boxes near them, with the touching cases and one raw
 * unit off in four directions, against the reference; every moving hull
 * whose fifth axis took the world form and every corner-to-edge box
 * distance the quick bounds settled is decided the 128-bit way too, every
 * box laser's slide hull_thin settled by the whole hull test, every
 * round laser's slide hull_round settled (the connectors with its
 * shared root bracket, and the hull's axes against the core) by the
 * whole hull test too, and every corner-to-edge distance to B or B + d
 * the ends-apart hull leaves out is taken (none may be near). */
static void hull_filters_audit(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.hull_filters_audit");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(2000);
#ifdef FXL_TEST_HOOKS
    fxl__hull_audit.on = true;
    fxl__hull_audit.axis_checked = fxl__hull_audit.axis_wrong = 0;
    fxl__hull_audit.near_checked = fxl__hull_audit.near_wrong = 0;
    fxl__hull_audit.thin_checked = fxl__hull_audit.thin_wrong = 0;
    fxl__hull_audit.ends_checked = fxl__hull_audit.ends_wrong = 0;
    fxl__hull_audit.round_checked = fxl__hull_audit.round_wrong = 0;
#endif
    for (i = 0; i < 2u * n; i++) {
        bool moving = (i & 1u) != 0;
        box_case(&rng, &t, moving ? GEN_MOVING : GEN_POSE, moving);
    }
#ifdef FXL_TEST_HOOKS
    fxl__hull_audit.on = false;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements; "
                "fifth axis %u checked, %u wrong; box distance %u checked, %u wrong\n",
                t.cases, t.touch, t.hits, t.disagree, fxl__hull_audit.axis_checked,
                fxl__hull_audit.axis_wrong, fxl__hull_audit.near_checked, fxl__hull_audit.near_wrong);
    fxlt_printf("    box laser slides by the fifth axis alone %u checked, %u wrong; "
                "edges of the ends apart %u checked, %u near\n",
                fxl__hull_audit.thin_checked, fxl__hull_audit.thin_wrong, fxl__hull_audit.ends_checked,
                fxl__hull_audit.ends_wrong);
    CHECK_EQ(fxl__hull_audit.axis_wrong, 0);
    CHECK_EQ(fxl__hull_audit.near_wrong, 0);
    CHECK_EQ(fxl__hull_audit.thin_wrong, 0);
    CHECK_EQ(fxl__hull_audit.ends_wrong, 0);
    fxlt_printf("    round laser slides by the connectors and the axes alone %u checked, %u wrong\n",
                fxl__hull_audit.round_checked, fxl__hull_audit.round_wrong);
    CHECK_EQ(fxl__hull_audit.round_wrong, 0);
    CHECK_COVER(fxl__hull_audit.round_checked > 0);
    CHECK_COVER(fxl__hull_audit.axis_checked > 0);
    CHECK_COVER(fxl__hull_audit.near_checked > 0);
    CHECK_COVER(fxl__hull_audit.thin_checked > 0);
    CHECK_COVER(fxl__hull_audit.ends_checked > 0);
#else
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n",
                t.cases, t.touch, t.hits, t.disagree);
#endif
    CHECK_EQ(t.disagree, 0);
}

/* A still box's turn (sweep_aabb.c's still_motion_hit, session 16): the
 * static tests of the two table poses made directly, each against
 * hull_hit's with no move (the path they replace), over turns about the
 * emitter, the middle and a pivot off the beam with fixed boxes near them
 * (and the touching ones and one raw unit off in four directions, against
 * the reference). */
static void still_poses_audit(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.still_poses_audit");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(3000);
    static const gen_motion kinds[3] = {GEN_TURN_EMITTER, GEN_TURN_MIDDLE, GEN_TURN_OFFBEAM};
#ifdef FXL_TEST_HOOKS
    fxl__hull_audit.on = true;
    fxl__hull_audit.still_checked = fxl__hull_audit.still_wrong = 0;
#endif
    for (i = 0; i < n; i++)
        box_case(&rng, &t, kinds[i % 3u], false);
#ifdef FXL_TEST_HOOKS
    fxl__hull_audit.on = false;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements; "
                "table poses tested directly %u checked, %u wrong\n",
                t.cases, t.touch, t.hits, t.disagree, fxl__hull_audit.still_checked, fxl__hull_audit.still_wrong);
    CHECK_COVER(fxl__hull_audit.still_checked > 0);
    CHECK_EQ(fxl__hull_audit.still_wrong, 0);
#else
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n",
                t.cases, t.touch, t.hits, t.disagree);
#endif
    CHECK_EQ(t.disagree, 0);
}

#ifdef FXL_TEST_HOOKS
/* A box the end witness (fxl__box_end_witness) calls a hit must hit (the
 * reference): counted in *decided, wrong ones in *wrong. */
static void witness_case(const fxl_sweep *s, const fxl_sweep_prep *sp, fxl_aabb b, uint32_t *boxes,
                         uint32_t *decided, uint32_t *wrong)
{
    (*boxes)++;
    if (fxl__box_end_witness(sp, b)) {
        (*decided)++;
        *wrong += ref_sweep_vs_moving_aabb(s, b, b.lo) ? 0u : 1u;
    }
}
#endif

/* one_box's sure hits for a fixed box against a sweep whose pivot moves
 * (the inscribed circle and the box's corners in the first and last table
 * poses; issue 20's tails), alone against the reference: random boxes
 * near slides and poses, and the boxes at touching and one raw unit off
 * along a random direction (bisection by the library's answer). */
static void end_witness_sound(void)
{
#ifdef FXL_TEST_HOOKS
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.end_witness_sound");
    uint32_t i, n = FXLT_CASES(4000), boxes = 0, touch = 0, decided = 0, wrong = 0;
    for (i = 0; i < n; i++) {
        fxl_sweep s = gen_sweep(&rng, (i & 1) != 0 ? GEN_POSE : GEN_SLIDE);
        fxl_sweep_prep sp = prep(&s);
        fxl_aabb b = gen_box(&rng, &s), m;
        fxl_vec2 mt;
        int64_t lo = 0, hi = (int64_t)1 << 26, ax = (int64_t)s.laser.pos.x - b.lo.x;
        int64_t ay = (int64_t)s.laser.pos.y - b.lo.y, dx = fxlt_range(&rng, -3, 3), dy = fxlt_range(&rng, -3, 3);
        witness_case(&s, &sp, b, &boxes, &decided, &wrong);
        if ((dx | dy) == 0)
            dx = 1;
        /* touch_cases' bisection: lo a hit, hi a miss, one step apart */
        if (!moved_box(b, b.lo, ax, ay, &m, &mt) || !fxl_sweep_vs_aabb(&sp, m) ||
            !moved_box(b, b.lo, ax + dx * hi, ay + dy * hi, &m, &mt) || fxl_sweep_vs_aabb(&sp, m))
            continue;
        while (hi - lo > 1) {
            int64_t mid = lo + (hi - lo) / 2;
            if (!moved_box(b, b.lo, ax + dx * mid, ay + dy * mid, &m, &mt))
                break;
            if (fxl_sweep_vs_aabb(&sp, m))
                lo = mid;
            else
                hi = mid;
        }
        if (hi - lo > 1)
            continue;
        touch += 2;
        if (moved_box(b, b.lo, ax + dx * lo, ay + dy * lo, &m, &mt))
            witness_case(&s, &sp, m, &boxes, &decided, &wrong);
        if (moved_box(b, b.lo, ax + dx * hi, ay + dy * hi, &m, &mt))
            witness_case(&s, &sp, m, &boxes, &decided, &wrong);
    }
    fxlt_printf("    %u boxes (%u at touching and one raw unit off), %u decided hits, %u wrong\n", boxes, touch,
                decided, wrong);
    CHECK_EQ(wrong, 0);
    CHECK_COVER(decided > 0);
#else
    fxlt_printf("    (test builds only: FXL_TEST_HOOKS)\n");
#endif
}

/* The turns' exact start pose left out when its rectangle lies in the
 * table start pose (sweep_aabb.c's pose_in_table; issue 20's tails),
 * audited (fxl__pose_audit, test builds): turns about the emitter, the
 * middle (the pivot in the beam) and a pivot off the beam, pose to pose
 * and moving boxes, with the
 * touching cases and one raw unit off in four directions, against the
 * reference; every turn that left the pose out runs its exact test
 * anyway, which must find the box apart. */
static void pose_skip_sound(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.pose_skip_sound");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(1000) > 0 ? FXLT_CASES(1000) : 1; /* a case in every divided run */
#ifdef FXL_TEST_HOOKS
    fxl__pose_audit.on = true;
    fxl__pose_audit.checked = fxl__pose_audit.wrong = 0;
#endif
    for (i = 0; i < 5u * n; i++) {
        gen_motion m = i % 5u == 0   ? GEN_TURN_EMITTER
                       : i % 5u == 1 ? GEN_TURN_MIDDLE
                       : i % 5u == 2 ? GEN_TURN_OFFBEAM
                       : i % 5u == 3 ? GEN_POSE
                                     : GEN_MOVING;
        box_case(&rng, &t, m, m == GEN_MOVING);
    }
#ifdef FXL_TEST_HOOKS
    fxl__pose_audit.on = false;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements; "
                "start pose left out %u times, %u of them meeting the box\n",
                t.cases, t.touch, t.hits, t.disagree, fxl__pose_audit.checked, fxl__pose_audit.wrong);
    CHECK_EQ(fxl__pose_audit.wrong, 0);
    CHECK_COVER(fxl__pose_audit.checked > 0);
#else
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n",
                t.cases, t.touch, t.hits, t.disagree);
#endif
    CHECK_EQ(t.disagree, 0);
}

/* The turn's corner filters (sweep_aabb.c, session 14; issue 20's tails)
 * audited (fxl__corner_audit, test builds): turns about the emitter, the
 * middle and a pivot off the beam, pose to pose and moving boxes, with
 * the touching cases and one raw unit off in four directions, against
 * the reference; every chord distance the 32-bit sure test calls near is
 * taken exactly (an end within the reach, or seg_near's exact foot),
 * every box corner the pivot-in-K witness puts in the turn runs
 * fxl__turn_middle (it must hit), every box laser circle circle_misses
 * rejects without a root runs the exact stage it skips (it must miss),
 * and so does every corner the rings in raw units reject; then 200 near
 * turns as the benchmark's (near_turn_case). */
/* The chord's sure distance (sweep_aabb.c's seg_surely_near, 32x32
 * products on floored offsets) alone against the exact distance, test
 * builds: segments of up to 2^36 raw units (Q32.32: 16 px) along
 * directions with integer lengths (so the distances below are exact),
 * reaches r of 2^20 to 2^36, the point beyond an end along the segment,
 * or across its middle, at r exactly and one length unit (1 to 29 raw
 * units) either side, or at random within 2r: a near answer must be near
 * (exact: an end within r, or seg_near's foot); and with 2^-10 of the
 * offsets' size to spare it must answer near. */
static void chord_near_sound(void)
{
#ifdef FXL_TEST_HOOKS
    static const int32_t dirs[8][3] = {{1, 0, 1},   {0, 1, 1},    {3, 4, 5},   {4, -3, 5},
                                       {5, 12, 13}, {-12, 5, 13}, {8, 15, 17}, {20, -21, 29}};
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.chord_near_sound");
    uint32_t i, n = FXLT_CASES(200000) > 4000 ? FXLT_CASES(200000) : 4000, said = 0, near = 0, wrong = 0, slack = 0;
    uint32_t touch = 0;
    for (i = 0; i < n; i++) {
        const int32_t *d = dirs[fxlt_below(&rng, 8)];
        int64_t m = (int64_t)(fxlt_next(&rng) % (uint64_t)(((int64_t)1 << fxlt_range(&rng, 0, 36)) / d[2] + 1));
        int64_t rho = (int64_t)(fxlt_next(&rng) % (((uint64_t)1 << fxlt_range(&rng, 20, 36)) / (uint64_t)d[2])) + 1;
        int64_t r = rho * d[2], off = fxlt_range(&rng, -1, 1);
        int64_t pu = (int64_t)fxlt_range(&rng, -(1 << 30), 1 << 30) * 1024;
        int64_t pv = (int64_t)fxlt_range(&rng, -(1 << 30), 1 << 30) * 1024;
        int64_t qu = pu + d[0] * m, qv = pv + d[1] * m, ku, kv, big;
        uint32_t where = fxlt_below(&rng, 3);
        bool exact, got;
        if (where == 0) { /* at random within 2r of the middle */
            ku = pu + d[0] * (m / 2) + (int64_t)(fxlt_next(&rng) % (uint64_t)(4 * r + 1)) - 2 * r;
            kv = pv + d[1] * (m / 2) + (int64_t)(fxlt_next(&rng) % (uint64_t)(4 * r + 1)) - 2 * r;
        } else if (where == 1) { /* beyond q along the segment: |k - q| = (rho + off) L */
            ku = qu + d[0] * (rho + off), kv = qv + d[1] * (rho + off);
            touch++;
        } else { /* across the middle: (rho + off) L from the segment's line */
            ku = pu + d[0] * (m / 2) - d[1] * (rho + off), kv = pv + d[1] * (m / 2) + d[0] * (rho + off);
            touch++;
        }
        got = fxl__chord_near_check(ku, kv, pu, pv, qu, qv, r, &exact);
        said += got ? 1u : 0u;
        near += exact ? 1u : 0u;
        wrong += got && !exact ? 1u : 0u;
        /* with room to spare (the same point, the reach grown by 2^-10 of
         * the offsets' size and 3 raw units) the sure answer must come */
        big = (int64_t)(fxl__abs64(ku - pu) | fxl__abs64(kv - pv) | fxl__abs64(ku - qu) | fxl__abs64(kv - qv));
        if (exact && !fxl__chord_near_check(ku, kv, pu, pv, qu, qv, r + (big >> 10) + 3, &exact))
            slack++;
    }
    fxlt_printf("    %u points (%u at the reach and one unit off), %u near, %u said near, %u wrong, "
                "%u missed with room to spare\n",
                n, touch, near, said, wrong, slack);
    CHECK_EQ(wrong, 0);
    CHECK_EQ(slack, 0);
    CHECK_COVER(said > n / 16);
#else
    fxlt_printf("    (test builds only: FXL_TEST_HOOKS)\n");
#endif
}

/* A capsule (or a box laser) turning about its emitter by 8 to 40 steps
 * and a 4 px box within 4 px of its hitbox's edge at the halfway pose,
 * beside the beam or beyond an end (the benchmark's near turns: the
 * chords of capsules' corners often reach the sure distance there). */
static void near_turn_case(fxlt_rng *rng, btally *t, bool capsule)
{
    fxl_laser l = fxl_laser_from_emitter(capsule ? FXL_LASER_CAPSULE : FXL_LASER_BOX,
                                         fxl_vec2_make(PX(120), PX(80)), (fxl_angle)fxlt_below(rng, 4096),
                                         fxlt_range(rng, PX(120), PX(240)), fxlt_range(rng, PX(2), PX(6)));
    int32_t step = fxlt_range(rng, 8, 40) * (fxlt_below(rng, 2) != 0 ? -1 : 1), w, u, v, d;
    fxl_sweep s;
    fxl_sweep_prep sp;
    fix16_t c, sn;
    fxl_vec2 p;
    l.hit_fraction = fxlt_range(rng, fix16_one / 2, fix16_one);
    l.angle -= step / 2;
    s = fxl_sweep_turn(&l, step);
    sp = prep(&s);
    w = fix16_mul(l.half_width, l.hit_fraction);
    d = fxlt_range(rng, -PX(4), PX(4)) + PX(2);
    u = fxlt_range(rng, 0, l.length);
    v = fxlt_below(rng, 2) != 0 ? w + d : -w - d;
    if (fxlt_below(rng, 4) == 0) /* beyond an end */
        u = fxlt_below(rng, 2) != 0 ? l.length + w + d : -w - d, v = fxlt_range(rng, -w, w);
    c = fxl_cos(l.angle + step / 2);
    sn = fxl_sin(l.angle + step / 2);
    p.x = l.pos.x + (fix16_t)(((int64_t)c * u - (int64_t)sn * v) >> 16);
    p.y = l.pos.y + (fix16_t)(((int64_t)sn * u + (int64_t)c * v) >> 16);
    agree(t, &s, &sp, box_make(p.x - PX(2), p.y - PX(2), p.x + PX(2), p.y + PX(2)), fxl_vec2_make(0, 0), false);
}

static void corner_filters_audit(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.corner_filters_audit");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(1500) > 0 ? FXLT_CASES(1500) : 1;
#ifdef FXL_TEST_HOOKS
    fxl__corner_audit.on = true;
    fxl__corner_audit.near_checked = fxl__corner_audit.near_wrong = 0;
    fxl__corner_audit.witness_checked = fxl__corner_audit.witness_wrong = 0;
    fxl__corner_audit.misses_checked = fxl__corner_audit.misses_wrong = 0;
    fxl__corner_audit.ring_checked = fxl__corner_audit.ring_wrong = 0;
#endif
    for (i = 0; i < 5u * n; i++) {
        gen_motion m = i % 5u == 0   ? GEN_TURN_EMITTER
                       : i % 5u == 1 ? GEN_TURN_MIDDLE
                       : i % 5u == 2 ? GEN_TURN_OFFBEAM
                       : i % 5u == 3 ? GEN_POSE
                                     : GEN_MOVING;
        box_case(&rng, &t, m, m == GEN_MOVING);
    }
    for (i = 0; i < 200u; i++) /* not divided: the near chords are rare in the cases above */
        near_turn_case(&rng, &t, (i & 3u) != 0);
#ifdef FXL_TEST_HOOKS
    fxl__corner_audit.on = false;
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n", t.cases,
                t.touch, t.hits, t.disagree);
    fxlt_printf("    chord near %u checked, %u wrong; pivot corner witness %u checked, %u wrong; "
                "box laser circle misses %u checked, %u wrong\n",
                fxl__corner_audit.near_checked, fxl__corner_audit.near_wrong, fxl__corner_audit.witness_checked,
                fxl__corner_audit.witness_wrong, fxl__corner_audit.misses_checked, fxl__corner_audit.misses_wrong);
    fxlt_printf("    corners off the rings %u checked, %u wrong\n", fxl__corner_audit.ring_checked,
                fxl__corner_audit.ring_wrong);
    CHECK_EQ(fxl__corner_audit.ring_wrong, 0);
    CHECK_COVER(fxl__corner_audit.ring_checked > 0);
    CHECK_EQ(fxl__corner_audit.near_wrong, 0);
    CHECK_EQ(fxl__corner_audit.witness_wrong, 0);
    CHECK_EQ(fxl__corner_audit.misses_wrong, 0);
#if FXLT_PROPERTY_DIVISOR == 1 /* (chord_near_sound covers it in divided runs) */
    CHECK(fxl__corner_audit.near_checked > 0);
#endif
    CHECK_COVER(fxl__corner_audit.witness_checked > 0);
    CHECK_COVER(fxl__corner_audit.misses_checked > 0);
#else
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n", t.cases,
                t.touch, t.hits, t.disagree);
#endif
    CHECK_EQ(t.disagree, 0);
}

/* A box or capsule laser turning about its emitter (or going pose to pose
 * with it, the box fixed or moving up to 4 px a axis) and a box of 0 to 6
 * px just behind the emitter at the halfway pose, its middle the round
 * -2..4 px back and up to the round + 2 px aside; then the touching
 * positions of a box starting on the emitter and moving straight back
 * (the boundary of the emitter's end). */
static void behind_case(fxlt_rng *rng, btally *t, uint32_t i)
{
    fxl_laser l = fxl_laser_from_emitter((i & 1) ? FXL_LASER_CAPSULE : FXL_LASER_BOX,
                                         fxl_vec2_make(PX(120), PX(80)), (fxl_angle)fxlt_below(rng, 4096),
                                         fxlt_range(rng, PX(40), PX(240)), fxlt_range(rng, PX(1), PX(8)));
    int32_t step = fxlt_range(rng, 1, 200) * (fxlt_below(rng, 2) != 0 ? -1 : 1), w, d, lat, sz;
    bool pose = (i & 2) != 0, moving = (i & 4) != 0;
    fxl_sweep s;
    fxl_sweep_prep sp;
    fix16_t c, sn;
    fxl_vec2 p, to;
    fxl_aabb b;
    if (fxlt_below(rng, 8) == 0)
        step = fxlt_range(rng, -2048, 2048);
    l.hit_fraction = fxlt_range(rng, fix16_one / 2, fix16_one);
    if (pose) {
        int32_t mx = fxlt_range(rng, -PX(4), PX(4)), my = fxlt_range(rng, -PX(4), PX(4));
        s = fxl_sweep_to_pose(&l, fxl_vec2_make(l.pos.x + mx, l.pos.y + my),
                              (fxl_angle)((uint32_t)l.angle + (uint32_t)step));
    } else {
        s = fxl_sweep_turn(&l, step);
    }
    sp = prep(&s);
    w = fix16_mul(l.half_width, l.hit_fraction);
    d = w + fxlt_range(rng, -PX(2), PX(4));
    lat = fxlt_range(rng, -w - PX(2), w + PX(2));
    sz = fxlt_below(rng, 3) == 0 ? 0 : fxlt_range(rng, 0, PX(6));
    c = fxl_cos((fxl_angle)((uint32_t)l.angle + (uint32_t)(step / 2)));
    sn = fxl_sin((fxl_angle)((uint32_t)l.angle + (uint32_t)(step / 2)));
    p.x = l.pos.x + s.motion.move.x / 2 + (fix16_t)((-(int64_t)c * d - (int64_t)sn * lat) >> 16);
    p.y = l.pos.y + s.motion.move.y / 2 + (fix16_t)((-(int64_t)sn * d + (int64_t)c * lat) >> 16);
    b = box_make(p.x - sz / 2, p.y - sz / 2, p.x - sz / 2 + sz, p.y - sz / 2 + sz);
    to = moving ? fxl_vec2_make(b.lo.x + fxlt_range(rng, -PX(4), PX(4)), b.lo.y + fxlt_range(rng, -PX(4), PX(4)))
                : b.lo;
    agree(t, &s, &sp, b, to, moving);
    {
        int64_t dx = -(int64_t)(c / 16384), dy = -(int64_t)(sn / 16384); /* straight back, -4..4 raw a step */
        fxl_aabb z = box_make(l.pos.x, l.pos.y, l.pos.x + sz, l.pos.y + sz);
        if ((dx | dy) == 0)
            dx = 1;
        touch_cases(t, &s, &sp, z, z.lo, dx, dy, false);
        touch_cases(t, &s, &sp, z, z.lo, dx + fxlt_range(rng, -1, 1), dy + fxlt_range(rng, -1, 1), false);
    }
}

/* The reject behind the pivot (sweep_aabb.c's behind_pivot): boxes just
 * behind an emitter the beam turns about (behind_case), every answer
 * against the reference; with the audit on (test builds) every box the
 * reject settles is asked again with it off, the exact stages deciding:
 * the two must agree, and some must be settled so. */
static void behind_filter_audit(void)
{
    fxlt_rng rng = fxlt_rng_for("sweep_aabb.behind_filter_audit");
    btally t = {0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(4000) > 0 ? FXLT_CASES(4000) : 1;
#ifdef FXL_TEST_HOOKS
    fxl__behind_audit.on = true;
    fxl__behind_audit.checked = 0;
    behind_wrong = 0;
#endif
    for (i = 0; i < n; i++)
        behind_case(&rng, &t, i);
    fxlt_printf("    %u cases (%u at touching and one raw unit off), %u hits, %u disagreements\n", t.cases, t.touch,
                t.hits, t.disagree);
#ifdef FXL_TEST_HOOKS
    fxl__behind_audit.on = false;
    fxlt_printf("    behind the pivot %u rejected, %u wrong\n", fxl__behind_audit.checked, behind_wrong);
    CHECK_COVER(fxl__behind_audit.checked > 0);
    CHECK_EQ(behind_wrong, 0);
#endif
    CHECK_EQ(t.disagree, 0);
}

static const fxlt_case cases[] = {
    {"passes_over", passes_over},
    {"slide_touch", slide_touch},
    {"point_box_is_circle", point_box_is_circle},
    {"forms_agree", forms_agree},
    {"witness_sound", witness_sound},
    {"fused_near", fused_near},
    {"relative_motion", relative_motion},
    {"static_laser_agrees", static_laser_agrees},
    {"property_turn_emitter", property_turn_emitter},
    {"property_turn_middle", property_turn_middle},
    {"property_turn_offbeam", property_turn_offbeam},
    {"property_translation", property_translation},
    {"property_pose", property_pose},
    {"property_moving", property_moving},
    {"property_still_slides", property_still_slides},
    {"property_moving_slides", property_moving_slides},
    {"hull_filters_audit", hull_filters_audit},
    {"still_poses_audit", still_poses_audit},
    {"end_witness_sound", end_witness_sound},
    {"pose_skip_sound", pose_skip_sound},
    {"corner_filters_audit", corner_filters_audit},
    {"chord_near_sound", chord_near_sound},
    {"behind_filter_audit", behind_filter_audit},
};

const fxlt_suite fxlt_suite_sweep_aabb = {"sweep_aabb", cases, FXLT_COUNT(cases)};
