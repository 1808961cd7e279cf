/* test_beam.c - laser objects: phases, graze and depth, the emitter on
 * its pivot, turns tested over the whole frame, eased turns arriving
 * exactly, turning at a capped speed, aiming; turns about a pivot off the
 * emitter, still or moving, against the oracle (and the old method's false
 * hits measured). */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "oracle.h"

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

/* The oracle's hitbox for a beam this frame (beam.h): fixed about the
 * pivot, the emitter at the frame offset o = offset turned by
 * -offset_angle (rounded to nearest, halves up), the beam along the frame's
 * axis from there; the motion is the turn from prev_angle and the pivot's
 * move from prev_pivot. width: the half-width of the hitbox (or graze band). */
static orc_body beam_body(const fxl_beam *b, int64_t width, int64_t *ox, int64_t *oy)
{
    orc_body k;
    fxl_angle back = (fxl_angle)(0u - (uint32_t)b->offset_angle);
    int64_t c = fxl_cos(back), s = fxl_sin(back);
    int64_t x = c * b->offset.x - s * b->offset.y, y = s * b->offset.x + c * b->offset.y;
    /* floor((v + 2^15) / 2^16) */
    *ox = (x + 32768 - (((x + 32768) % 65536 + 65536) % 65536)) / 65536;
    *oy = (y + 32768 - (((y + 32768) % 65536 + 65536) % 65536)) / 65536;
    k.pivot = b->prev_pivot;
    k.move = fxl_vec2_make(b->pivot.x - b->prev_pivot.x, b->pivot.y - b->prev_pivot.y);
    k.angle = b->prev_angle;
    k.step = fxl_angle_diff(b->angle, b->prev_angle);
    k.u_lo = *ox * 65536;
    k.u_hi = (*ox + b->length) * 65536;
    k.v_lo = k.v_hi = *oy * 65536;
    k.round = 0;
    if (b->kind == FXL_LASER_BOX) {
        k.v_lo -= width * 65536;
        k.v_hi += width * 65536;
    } else {
        k.round = (int32_t)width;
    }
    return k;
}

/* The method this replaced: a capsule from the pivot long and wide enough to
 * hold the beam at every angle (length max(along, 0) + L, radius width +
 * |across| + max(-along, 0) + 2 and a margin for the table's scale), turned
 * about the pivot with the same motion. false when it cannot be built. */
static bool old_method(const fxl_beam *b, int64_t width, int64_t along, int64_t across,
                       fxl_circle c, bool *hit)
{
    int64_t len = (along > 0 ? along : 0) + b->length;
    int64_t rad = width + (across < 0 ? -across : across) + (along < 0 ? -along : 0) + 2;
    fxl_laser l;
    fxl_sweep s;
    fxl_sweep_prep sp;
    rad += ((len + rad) >> 14) + 2;
    if (len > FXL_SIZE_MAX || rad > FXL_SIZE_MAX)
        return false;
    l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, b->prev_pivot, b->prev_angle, (fix16_t)len,
                              (fix16_t)rad);
    s = fxl_sweep_turn_about(&l, b->prev_pivot, fxl_angle_diff(b->angle, b->prev_angle));
    s.motion.move = fxl_vec2_make(b->pivot.x - b->prev_pivot.x, b->pivot.y - b->prev_pivot.y);
    if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
        return false;
    *hit = fxl_sweep_vs_circle(&sp, c);
    return true;
}

static bool beam_hit(const fxl_beam_prep *bp, fxl_circle c)
{
    return fxl_beam_test(bp, c).hit;
}

/* A beam turning (eased) about a pivot off its emitter, the pivot still or
 * moving, over frames: each frame's hit (and graze) equals the oracle's
 * answer for the same motion, at random radii and at the touching radius
 * and one raw step below; and the old enclosing-capsule method measured
 * against the exact answer on the random radii. */
static void pivot_turn_exact(void)
{
    fxlt_rng rng = fxlt_rng_for("pivot_turn_exact");
    /* 100,000 random radii and as many touching pairs on the host. */
    uint32_t target = FXLT_CASES(200000);
    uint32_t count = 0, random_cases = 0, real = 0, false_hits = 0, old_missed = 0;
    uint32_t after_false = 0, after_missed = 0, graze_bad = 0, moving = 0;
    while (count < target) {
        fxl_beam b;
        int f, frames = 4;
        bool move = fxlt_below(&rng, 2) != 0;
        fix16_t vx = 0, vy = 0;
        fxl_vec2 pivot;
        pivot.x = fxlt_range(&rng, PX(-300), PX(300));
        pivot.y = fxlt_range(&rng, PX(-300), PX(300));
        fxl_beam_init(&b, (fxl_laser_kind)fxlt_below(&rng, 2), pivot,
                      (fxl_angle)fxlt_below(&rng, 4096), 0, 0);
        b.offset.x = fxlt_range(&rng, PX(-60), PX(60));
        b.offset.y = fxlt_range(&rng, PX(-60), PX(60));
        b.offset_angle = (fxl_angle)fxlt_below(&rng, 4096);
        b.length = fxlt_range(&rng, 0, PX(200));
        b.half_width = fxlt_range(&rng, 0, PX(10));
        if (fxlt_below(&rng, 2) != 0)
            b.hit_fraction = fxlt_range(&rng, 0, fix16_one);
        b.graze_extra = fxlt_below(&rng, 2) ? fxlt_range(&rng, 0, PX(8)) : 0;
        if (move) {
            vx = fxlt_range(&rng, PX(-6), PX(6));
            vy = fxlt_range(&rng, PX(-6), PX(6));
        }
        fxl_beam_turn_by(&b, fxlt_range(&rng, -2047, 2047), 1 + fxlt_range(&rng, 0, 7));
        for (f = 0; f < frames; f++) {
            fxl_beam_prep bp;
            int64_t w = ((int64_t)b.half_width * b.hit_fraction + 32768) >> 16, ox, oy;
            orc_body hit, graze;
            int k;
            fxl_beam_update(&b);
            b.pivot.x += vx;
            b.pivot.y += vy;
            CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
            hit = beam_body(&b, w, &ox, &oy);
            graze = beam_body(&b, w + b.graze_extra, &ox, &oy);
            for (k = 0; k < 4; k++) {
                /* Near the beam at some moment of the frame: a frame point
                 * within 20 px of the hitbox, at an angle and a pivot
                 * position in between. */
                double t = (double)fxlt_below(&rng, 1024) / 1024.0;
                double th = 6.283185307179586 * ((double)b.prev_angle + t * hit.step) / 4096.0;
                double u = (double)ox + (double)fxlt_range(&rng, PX(-20), b.length + PX(20));
                double v = (double)oy + (double)fxlt_range(&rng, -(fix16_t)w - PX(20), (fix16_t)w + PX(20));
                fxl_circle c;
                fxl_beam_hit h;
                bool want, old;
                c.c.x = b.prev_pivot.x + (fix16_t)(t * hit.move.x + cos(th) * u - sin(th) * v);
                c.c.y = b.prev_pivot.y + (fix16_t)(t * hit.move.y + sin(th) * u + cos(th) * v);
                count++;
                moving += move;
                if ((k & 1) != 0) {
                    /* The touching radius of this frame's hitbox, and one below. */
                    fix16_t lo = 0, hi = PX(1024);
                    c.r = hi;
                    if (!beam_hit(&bp, c))
                        continue;
                    while (lo < hi) {
                        c.r = lo + (hi - lo) / 2;
                        if (beam_hit(&bp, c))
                            hi = c.r;
                        else
                            lo = c.r + 1;
                    }
                    c.r = lo;
                    after_missed += !orc_body_vs_circle(&hit, c);
                    if (lo > 0) {
                        c.r = lo - 1;
                        after_false += orc_body_vs_circle(&hit, c);
                    }
                    continue;
                }
                c.r = fxlt_range(&rng, 0, PX(6));
                h = fxl_beam_test(&bp, c);
                want = orc_body_vs_circle(&hit, c);
                after_false += h.hit && !want;
                after_missed += !h.hit && want;
                graze_bad += h.graze != (!want && orc_body_vs_circle(&graze, c));
                random_cases++;
                real += want;
                if (old_method(&b, w, ox, oy, c, &old)) {
                    false_hits += old && !want;
                    old_missed += !old && want;
                }
            }
        }
    }
    fxlt_printf("    pivot turns: %u cases over 4 frames each (%u with the pivot moving), %u at "
                "random radii:\n", count, moving, random_cases);
    fxlt_printf("    before: %u false hits, %u real hits (%u missed); after: %u false, %u missed "
                "(%u graze answers wrong)\n", false_hits, real, old_missed, after_false,
                after_missed, graze_bad);
    CHECK_EQ(after_false, 0);
    CHECK_EQ(after_missed, 0);
    CHECK_EQ(graze_bad, 0);
    CHECK_EQ(orc_faults(), 0);
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

/* Issue 14's repros: wild fields give a code (never undefined behaviour),
 * the eased turn is exact at the extremes of its types, and turn_by wraps. */
static void issue14_repros(void)
{
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_ease e;
    fxl_vec2 em;
    int f;

    /* T = 10^8, halfway: 2047 * 2 (1/2)^2 = 1023.5, rounded away from zero;
     * the numerator 4 |d| t^2 needs 2^65 (exact in 128 bits). The second
     * half mirrors the first: 4 * (1 - 2/16) = 3.5 rounds to 4 - round(0.5). */
    e.from = 100, e.delta = 2047, e.frames = 100000000, e.t = 0;
    CHECK_EQ(fxl_ease_angle(&e, 50000000), 100 + 1024);
    CHECK_EQ(fxl_ease_angle(&e, 100000000), 100 + 2047);
    CHECK_EQ(fxl_ease_angle(&e, INT32_MAX), 100 + 2047);
    CHECK_EQ(fxl_ease_angle(&e, INT32_MIN), 100);
    e.from = 0, e.delta = 4, e.frames = 4;
    CHECK_EQ(fxl_ease_angle(&e, 1), 1);
    CHECK_EQ(fxl_ease_angle(&e, 2), 2);
    CHECK_EQ(fxl_ease_angle(&e, 3), 3);
    e.from = INT32_MAX, e.delta = INT32_MAX, e.frames = INT32_MAX; /* out of range: defined */
    CHECK_EQ(fxl_ease_angle(&e, INT32_MAX), (fxl_angle)-2);
    (void)fxl_ease_angle(&e, INT32_MAX / 2);
    e.delta = INT32_MIN, e.frames = 2;
    (void)fxl_ease_angle(&e, 1);

    /* offset_angle = prev_angle - 5 = INT32_MIN: angles wrap, fine */
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(PX(10), PX(20)), INT32_MIN + 5, PX(50), PX(2));
    b.offset = fxl_vec2_make(PX(10), 0);
    b.offset_angle = INT32_MIN;
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    em = fxl_beam_emitter(&b); /* the offset turned by 5 steps */
    CHECK(em.x > PX(19.99) && em.x <= PX(20) && em.y > PX(20.07) && em.y < PX(20.08));

    /* a pivot and an offset at the domain's edge, turned 45 degrees back:
     * the emitter leaves the domain and so does the frame offset (1.41 *
     * 2^30); refused, the emitter saturated where it leaves int32 */
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0x3FFFFFFF, 0), 512, PX(50), PX(2));
    b.offset = fxl_vec2_make(0x3FFFFFFF, 0x3FFFFFFF);
    b.offset_angle = 512;
    em = fxl_beam_emitter(&b);
    CHECK(em.x > FXL_COORD_MAX && em.y > 0x3FFFFFFF - 16384 && em.y < 0x3FFFFFFF + 16384); /* table scale */
    f = (int)fxl_beam_prepare(&b, &bp);
    CHECK(f == FXL_ERR_COORD_RANGE || f == FXL_ERR_PIVOT_RANGE);
    b.angle = b.prev_angle = 512 + 2048; /* the emitter on the pivot's other side */
    b.pivot = b.prev_pivot = fxl_vec2_make(-0x3FFFFFFF, 0);
    em = fxl_beam_emitter(&b);
    CHECK(em.x < -FXL_COORD_MAX && em.y < -0x3FFFFFFF + 16384);
    f = (int)fxl_beam_prepare(&b, &bp);
    CHECK(f == FXL_ERR_COORD_RANGE || f == FXL_ERR_PIVOT_RANGE);
    b.offset = fxl_vec2_make(INT32_MIN, INT32_MIN);
    b.pivot = fxl_vec2_make(INT32_MAX, INT32_MIN);
    em = fxl_beam_emitter(&b); /* saturated, never wrapped */
    CHECK(em.x >= INT32_MAX - 1 || em.x <= INT32_MIN + 1);
    CHECK(fxl_beam_prepare(&b, &bp) != FXL_OK);

    /* hitbox plus graze beyond FXL_SIZE_MAX, in 64 bits */
    fxl_beam_init(&b, FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, PX(50), FXL_SIZE_MAX);
    b.graze_extra = INT32_MAX;
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_ERR_WIDTH_RANGE);
    b.graze_extra = 0;
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    b.graze_extra = -1;
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_ERR_WIDTH_NEGATIVE);

    /* the warning phase draws 1/8 of the width, but the field is checked */
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(50), FXL_SIZE_MAX + 1);
    b.warning_frames = 10;
    CHECK_EQ(fxl_beam_phase(&b), FXL_PHASE_WARNING);
    CHECK_EQ(fxl_beam_laser(&b).half_width, (FXL_SIZE_MAX + 1) / 8);
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_ERR_WIDTH_RANGE);
    b.half_width = INT32_MIN;
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_ERR_WIDTH_NEGATIVE);

    CHECK_EQ(fxl_beam_prepare(NULL, &bp), FXL_ERR_NULL);
    CHECK_EQ(fxl_beam_prepare(&b, NULL), FXL_ERR_NULL);

    /* 3000 steps wrap to -1096, over at least one frame, and arrive */
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 100, PX(50), PX(2));
    fxl_beam_turn_by(&b, 3000, 0);
    CHECK_EQ(b.turn.delta, -1096);
    CHECK_EQ(b.turn.frames, 1);
    fxl_beam_update(&b);
    CHECK_EQ(b.angle, 100 - 1096);
    CHECK_EQ(b.prev_angle, 100);
    fxl_beam_update(&b);
    CHECK_EQ(b.angle, 100 - 1096);
    b.age = INT32_MAX; /* the age saturates */
    fxl_beam_update(&b);
    CHECK_EQ(b.age, INT32_MAX);
}

static const fxlt_case cases[] = {
    {"phases", phases},
    {"graze_and_depth", graze_and_depth},
    {"turns_are_swept", turns_are_swept},
    {"pivot_and_emitter", pivot_and_emitter},
    {"pivot_turn_exact", pivot_turn_exact},
    {"ease_arrives_exactly", ease_arrives_exactly},
    {"turn_and_aim", turn_and_aim},
    {"issue14_repros", issue14_repros},
};

const fxlt_suite fxlt_suite_beam = {"beam", cases, FXLT_COUNT(cases)};
