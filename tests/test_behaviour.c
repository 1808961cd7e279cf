/* test_behaviour.c - laser objects: phases, graze and depth, the emitter on
 * its pivot, turns tested over the whole frame, eased turns arriving
 * exactly, turning at a capped speed, aiming. */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_beam_hit probe(const fxl_beam *b, fix16_t x, fix16_t y, fix16_t r)
{
    fxl_beam_prep bp;
    CHECK_EQ(fxl_beam_prepare(b, &bp), FXL_OK);
    return fxl_beam_test(&bp, fxl_circle_make(x, y, r));
}

static void phases(void)
{
    fxl_beam b;
    int f;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(8));
    b.warning_frames = 30;
    b.active_frames = 60;
    b.fading_frames = 20;
    for (f = 0; f < 120; f++) {
        fxl_beam_hit h = probe(&b, PX(50), 0, PX(1));
        fxl_phase p = fxl_beam_phase(&b);
        CHECK_EQ(p, f < 30 ? FXL_PHASE_WARNING : f < 90 ? FXL_PHASE_ACTIVE
                           : f < 110 ? FXL_PHASE_FADING : FXL_PHASE_DONE);
        CHECK(h.hit == (p == FXL_PHASE_ACTIVE));
        if (p == FXL_PHASE_WARNING)
            CHECK_EQ(fxl_beam_laser(&b).half_width, PX(1)); /* drawn thin */
        fxl_beam_update(&b);
    }
}

static void graze_and_depth(void)
{
    fxl_beam b;
    fxl_beam_hit h;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(8));
    b.hit_fraction = fix16_one / 2; /* hitbox half-width 4 px */
    b.graze_extra = PX(6);          /* graze band out to 10 px */
    h = probe(&b, PX(50), 0, 0);
    CHECK(h.hit && !h.graze && h.depth == fix16_one);
    h = probe(&b, PX(50), PX(2), 0);
    CHECK(h.hit && h.depth == fix16_one / 2);
    h = probe(&b, PX(50), PX(-4), 0);
    CHECK(h.hit && h.depth == 0);
    h = probe(&b, PX(50), PX(7), 0);
    CHECK(!h.hit && h.graze);
    h = probe(&b, PX(50), PX(10), 0);
    CHECK(!h.hit && h.graze);
    h = probe(&b, PX(50), PX(10) + 1, 0);
    CHECK(!h.hit && !h.graze);
}

static void turns_are_swept(void)
{
    fxl_beam b;
    fxl_beam_hit h;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(1));
    fxl_beam_turn_by(&b, 1024, 1); /* a quarter turn in one frame */
    fxl_beam_update(&b);
    CHECK_EQ(b.angle, 1024);
    h = probe(&b, PX(35), PX(35), PX(1)); /* between the two beams */
    CHECK(h.hit);
    b.prev_angle = b.angle; /* no turn this frame: only the beam itself */
    h = probe(&b, PX(35), PX(35), PX(1));
    CHECK(!h.hit);
}

static void pivot_and_emitter(void)
{
    fxl_beam b;
    fxl_vec2 e;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(PX(20), 0), 0, PX(100), PX(2));
    b.pivot = fxl_vec2_make(0, 0); /* emitter 20 px along the beam from the pivot */
    b.offset = fxl_vec2_make(PX(20), 0);
    b.offset_angle = 0;
    e = fxl_beam_emitter(&b);
    CHECK(e.x == PX(20) && e.y == 0);
    b.angle = 1024;
    e = fxl_beam_emitter(&b);
    CHECK(e.x == 0 && e.y == PX(20));
    b.angle = 2048;
    e = fxl_beam_emitter(&b);
    CHECK(e.x == PX(-20) && e.y == 0);
}

/* With a pivot away from the emitter, the turn's test must hit every circle
 * the real beam touches at some instant: sampled 256 times in double. */
static void pivot_turn_never_misses(void)
{
    fxlt_rng rng = fxlt_rng_for("pivot_turn_never_misses");
    uint32_t i, n = FXLT_CASES(100000), missed = 0, sampled_hits = 0, extra = 0;
    for (i = 0; i < n; i++) {
        fxl_beam b;
        fxl_beam_prep bp;
        fxl_circle c;
        double ox, oy, a0, da, L, w, best = 1e30;
        int k;
        bool got;
        fxl_beam_init(&b, (fxl_laser_kind)fxlt_below(&rng, 2), fxl_vec2_make(0, 0), 0, 0, 0);
        b.pivot = fxl_vec2_make(fxlt_range(&rng, PX(-50), PX(50)), fxlt_range(&rng, PX(-50), PX(50)));
        b.offset = fxl_vec2_make(fxlt_range(&rng, PX(-40), PX(40)), fxlt_range(&rng, PX(-40), PX(40)));
        b.offset_angle = (fxl_angle)fxlt_below(&rng, 4096);
        b.prev_angle = (fxl_angle)fxlt_below(&rng, 4096);
        b.angle = b.prev_angle + fxlt_range(&rng, -300, 300);
        b.length = fxlt_range(&rng, PX(10), PX(150));
        b.half_width = fxlt_range(&rng, PX(1), PX(8));
        c = fxl_circle_make(b.pivot.x + fxlt_range(&rng, PX(-200), PX(200)),
                            b.pivot.y + fxlt_range(&rng, PX(-200), PX(200)), fxlt_range(&rng, 0, PX(6)));
        CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
        got = fxl_beam_test(&bp, c).hit;
        /* The real beam at 257 instants of the turn, in double: the emitter
         * turned about the pivot, the beam along the angle. */
        ox = ref_px(b.offset.x), oy = ref_px(b.offset.y);
        a0 = (double)b.prev_angle * 6.283185307179586 / 4096.0;
        da = (double)fxl_angle_diff(b.angle, b.prev_angle) * 6.283185307179586 / 4096.0;
        L = ref_px(b.length), w = ref_px(b.half_width);
        for (k = 0; k <= 256; k++) {
            double th = a0 + da * k / 256.0, rot = th - (double)b.offset_angle * 6.283185307179586 / 4096.0;
            double ex = ref_px(b.pivot.x) + ox * cos(rot) - oy * sin(rot);
            double ey = ref_px(b.pivot.y) + ox * sin(rot) + oy * cos(rot);
            double dx = ref_px(c.c.x) - ex, dy = ref_px(c.c.y) - ey;
            double u = cos(th) * dx + sin(th) * dy, v = -sin(th) * dx + cos(th) * dy;
            double eu = u < 0 ? -u : u > L ? u - L : 0.0, d;
            if (b.kind == FXL_LASER_BOX) {
                double ev = fabs(v) > w ? fabs(v) - w : 0.0;
                d = hypot(eu, ev);
            } else {
                d = hypot(eu, v) - w;
            }
            best = fmin(best, d - ref_px(c.r));
        }
        if (best < -1e-6) {
            sampled_hits++;
            if (!got)
                missed++;
        } else if (got) {
            extra++;
        }
    }
    fxlt_printf("    pivot turns: %u cases, %u hit by the sampled real beam, %u of those "
                "missed, %u conservative extra hits\n", n, sampled_hits, missed, extra);
    CHECK_EQ(missed, 0);
}

/* Every turn of -2048..2047 steps over 1..600 frames starts on `from`,
 * arrives exactly, ends at rest (its last step at most 2|d|/T^2 + 1), never
 * steps faster than the peak 2|d|/T + 1, and never turns back. */
static void ease_arrives_exactly(void)
{
    int32_t d, T, stride = FXLT_PROPERTY_DIVISOR > 1 ? 61 : 1;
    uint32_t bad = 0, combos = 0;
    for (d = -2048; d <= 2047; d += stride) {
        for (T = 1; T <= 600; T++) {
            fxl_ease e;
            int32_t end, last;
            e.from = 1000, e.delta = d, e.frames = T, e.t = 0;
            combos++;
            end = fxl_angle_diff(fxl_ease_angle(&e, T), fxl_ease_angle(&e, T - 1));
            last = end < 0 ? -end : end;
            if (fxl_angle_diff(fxl_ease_angle(&e, 0), 1000) != 0 ||
                fxl_angle_diff(fxl_ease_angle(&e, T), 1000 + d) != 0 ||
                (int64_t)last * T * T > 2 * (int64_t)(d < 0 ? -d : d) + (int64_t)T * T)
                bad++;
        }
    }
    /* Whole turns, for a sample: never backwards, never above the peak. */
    for (d = -2048; d <= 2047; d += 97) {
        for (T = 1; T <= 600; T += 37) {
            fxl_ease e;
            int32_t t;
            e.from = 0, e.delta = d, e.frames = T, e.t = 0;
            for (t = 1; t <= T; t++) {
                int32_t step = fxl_angle_diff(fxl_ease_angle(&e, t), fxl_ease_angle(&e, t - 1));
                if ((d >= 0 && step < 0) || (d < 0 && step > 0) ||
                    (int64_t)(step < 0 ? -step : step) * T > 2 * (int64_t)(d < 0 ? -d : d) + T)
                    bad++;
            }
        }
    }
    fxlt_printf("    eased turns: %u (delta, frames) pairs start and arrive exactly and end "
                "at rest; %u violations\n", combos, bad);
    CHECK_EQ(bad, 0);
}

static void turn_and_aim(void)
{
    CHECK_EQ(fxl_turn_toward(100, 200, 30), 130);
    CHECK_EQ(fxl_turn_toward(100, 110, 30), 110);
    CHECK_EQ(fxl_turn_toward(10, 4090, 8), 2);     /* the short way, across 0 */
    CHECK_EQ(fxl_turn_toward(100, 50, 1000), 50);
    CHECK_EQ(fxl_aim(fxl_vec2_make(0, 0), fxl_vec2_make(PX(10), PX(10))), 512);
    CHECK_EQ(fxl_aim(fxl_vec2_make(PX(5), PX(5)), fxl_vec2_make(PX(5), PX(-5))), 3072);
}

static const fxlt_case cases[] = {
    {"phases", phases},
    {"graze_and_depth", graze_and_depth},
    {"turns_are_swept", turns_are_swept},
    {"pivot_and_emitter", pivot_and_emitter},
    {"pivot_turn_never_misses", pivot_turn_never_misses},
    {"ease_arrives_exactly", ease_arrives_exactly},
    {"turn_and_aim", turn_and_aim},
};

const fxlt_suite fxlt_suite_behaviour = {"behaviour", cases, FXLT_COUNT(cases)};
