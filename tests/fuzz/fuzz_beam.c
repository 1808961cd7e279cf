/* fuzz_beam.c - libFuzzer harness of beam.h: one beam object
 * (any int32 in every field: pivots, offsets, angles, widths, graze band,
 * phase lengths, age), 16 circles about its hitbox at both ends of the
 * frame, eased turns, turn_toward and aim. Invariants:
 *   - fxl_beam_prepare accepts exactly beam.h's domain (the drawn
 *     laser's fields with the emitter worked out here from the header's
 *     rotations, both pivots in the domain, the emitter's frame offset
 *     within FXL_COORD_MAX, a graze band >= 0 whose hitbox-plus-graze
 *     width stays within FXL_SIZE_MAX), whatever the phase; NULL gives
 *     FXL_ERR_NULL; the emitter is computed free of undefined behaviour
 *     for any field;
 *   - the phase is the one the phase lengths give at the beam's age;
 *     fxl_beam_laser draws the warning phase at 1/8 of the width;
 *   - fxl_beam_test: nothing outside the active phase; hit and graze never
 *     both; depth in 0..1 and 0 without a hit; hit and graze are the
 *     prepared sweeps' answers and a hit lies in the graze band; for a
 *     pivot at the emitter the hit is the swept test of the laser from
 *     last frame's pose to this frame's (fxl_sweep_to_pose), and without
 *     a turn or move the static test of fxl_beam_laser;
 *   - fxl_ease_angle: from at t <= 0, exactly from + delta at t >= T (any
 *     int32 delta and T), beam.h's rounding of the eased curve in
 *     between (computed here in 128 bits), never past the target and never
 *     turning back; fxl_beam_turn_by wraps delta and fxl_beam_update ends
 *     the turn exactly on its target;
 *   - fxl_turn_toward never turns more than max_step, the short way, and
 *     lands on the target when it is within reach; fxl_aim is fxl_atan2
 *     of the wrapped difference. */
#include "fuzz.h"

#define NC 16

/* round(n / d) for d > 0, n >= 0, halves up. */
static fz_i128 round_div(fz_i128 n, fz_i128 d)
{
    return (2 * n + d) / (2 * d);
}

/* round(v / 65536), halves up, any sign (for the margins below only). */
static fz_i128 round16(fz_i128 v)
{
    return fz_floor_shift(v + 32768, 16);
}

/* beam.h's emitter offset in the beam frame: offset turned by
 * -offset_angle, rounded (to within a raw unit: the header names no tie
 * rule, so the domain checks below leave a band of 2 raw units). */
static void frame_offset(const fxl_beam *b, fz_i128 *ox, fz_i128 *oy)
{
    fz_i128 c = fxl_cos(b->offset_angle), s = fxl_sin(b->offset_angle);
    *ox = round16(c * b->offset.x + s * b->offset.y);
    *oy = round16(c * b->offset.y - s * b->offset.x);
}

/* The codes beam.h's domain gives (*maybe: codes a refusal may name
 * too, for an emitter or offset within 2 raw units of the edge). */
static fz_codes beam_codes(const fxl_beam *b, fz_codes *maybe)
{
    fxl_laser drawn = fxl_laser_from_emitter(b->kind, b->pivot, b->angle, b->length, b->half_width);
    fz_codes c;
    fz_i128 ox = 0, oy = 0, ex = b->pivot.x, ey = b->pivot.y, lim = FXL_COORD_MAX;
    *maybe = 0;
    if (b->offset.x != 0 || b->offset.y != 0) {
        fz_i128 ca = fxl_cos(b->angle), sa = fxl_sin(b->angle);
        frame_offset(b, &ox, &oy);
        ex += round16(ca * ox - sa * oy);
        ey += round16(sa * ox + ca * oy);
    }
    drawn.pos = fxl_vec2_make(0, 0);
    drawn.hit_fraction = b->hit_fraction;
    c = fz_laser_codes(&drawn);
    if (!fz_coord_ok(b->pivot.x) || !fz_coord_ok(b->pivot.y) || !fz_coord_ok(b->prev_pivot.x) ||
        !fz_coord_ok(b->prev_pivot.y))
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    if (ex < -lim - 2 || ex > lim + 2 || ey < -lim - 2 || ey > lim + 2)
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    else if (ex < -lim + 2 || ex > lim - 2 || ey < -lim + 2 || ey > lim - 2)
        *maybe |= FZ_CODE(FXL_ERR_COORD_RANGE);
    if (ox < -lim - 1 || ox > lim + 1 || oy < -lim - 1 || oy > lim + 1)
        c |= FZ_CODE(FXL_ERR_PIVOT_RANGE);
    else if (ox < -lim + 1 || ox > lim - 1 || oy < -lim + 1 || oy > lim - 1)
        *maybe |= FZ_CODE(FXL_ERR_PIVOT_RANGE);
    if (b->graze_extra < 0)
        c |= FZ_CODE(FXL_ERR_WIDTH_NEGATIVE);
    if ((c & (FZ_CODE(FXL_ERR_WIDTH_NEGATIVE) | FZ_CODE(FXL_ERR_WIDTH_RANGE) | FZ_CODE(FXL_ERR_FRACTION_RANGE))) == 0 &&
        fz_hit_width(b->half_width, b->hit_fraction) + b->graze_extra > FXL_SIZE_MAX)
        c |= FZ_CODE(FXL_ERR_WIDTH_RANGE);
    return c;
}

static fxl_phase ref_phase(const fxl_beam *b)
{
    int64_t w = b->warning_frames, a = w + b->active_frames, f = a + b->fading_frames;
    return b->age < w ? FXL_PHASE_WARNING : b->age < a ? FXL_PHASE_ACTIVE : b->age < f ? FXL_PHASE_FADING : FXL_PHASE_DONE;
}

/* beam.h's eased offset after t of T frames (0 < t < T, |d| <= 2048):
 * round(d 2 u^2) for u = t/T <= 1/2, halves away from zero, and the
 * mirror image d - round(d 2 (1 - u)^2) after. */
static fz_i128 ref_ease(fz_i128 d, fz_i128 t, fz_i128 T)
{
    fz_i128 k = 2 * t <= T ? t : T - t, ad = d < 0 ? -d : d;
    fz_i128 q = round_div(2 * ad * k * k, T * T), part = d < 0 ? -q : q;
    return 2 * t <= T ? part : d - part;
}

static void check_ease(fz *f)
{
    fxl_ease e;
    int32_t t = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 300);
    fxl_angle got, end;
    e.from = fz_angle(f);
    e.delta = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 4096) - 2048;
    e.frames = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 300);
    e.t = (int32_t)fz_u32(f); /* not read */
    got = fxl_ease_angle(&e, t);
    end = fz_wrap((int64_t)e.from + e.delta);
    FZ_CHECK(fxl_ease_angle(&e, e.frames) == end);
    if (e.frames < 1 || t >= e.frames)
        FZ_CHECK(got == end);
    else if (t <= 0)
        FZ_CHECK(got == e.from);
    else if (e.delta >= -2048 && e.delta <= 2047) {
        fz_i128 off = ref_ease(e.delta, t, e.frames);
        fxl_angle next = fxl_ease_angle(&e, t + 1);
        int64_t step = (int64_t)(uint32_t)next - (uint32_t)got, moved = (int64_t)(uint32_t)got - (uint32_t)e.from;
        FZ_CHECK(got == fz_wrap((int64_t)e.from + (int64_t)off));
        /* never past the target, never backwards (offsets mod 2^32) */
        step = fz_wrap(step), moved = fz_wrap(moved);
        FZ_CHECK(e.delta >= 0 ? (step >= 0 && moved >= 0 && moved <= e.delta)
                              : (step <= 0 && moved <= 0 && moved >= e.delta));
    }
}

static void check_turns(fz *f)
{
    fxl_angle cur = fz_angle(f), target = fz_angle(f), got;
    int32_t max_step = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 2100) - 20;
    int32_t want = fxl_angle_diff(target, cur), lim = max_step < 0 ? 0 : max_step, moved;
    fxl_vec2 a, b;
    got = fxl_turn_toward(cur, target, max_step);
    moved = fxl_angle_diff(got, cur);
    FZ_CHECK(got >= 0 && got <= 4095);
    if (want >= -lim && want <= lim)
        FZ_CHECK(moved == want);
    else
        FZ_CHECK(moved == (want < 0 ? -lim : lim));
    a.x = fz_coord(f), a.y = fz_coord(f), b.x = fz_coord(f), b.y = fz_coord(f);
    FZ_CHECK(fxl_aim(a, b) == fxl_atan2(fz_wrap((int64_t)b.y - a.y), fz_wrap((int64_t)b.x - a.x)));
}

static fxl_beam fz_beam(fz *f)
{
    fxl_beam b;
    fxl_vec2 e;
    uint32_t mode;
    e.x = fz_coord(f);
    e.y = fz_coord(f);
    fxl_beam_init(&b, (fxl_laser_kind)fz_enum(f, 2), e, fz_angle(f), 0, 0);
    b.length = fz_size(f);
    b.half_width = fz_size(f);
    mode = fz_below(f, 4);
    if (mode == 1) {
        b.prev_pivot.x = fz_wrap((int64_t)b.pivot.x + (int8_t)fz_u8(f) * 4096);
        b.prev_pivot.y = fz_wrap((int64_t)b.pivot.y + (int8_t)fz_u8(f) * 4096);
    } else if (mode == 2) {
        b.prev_pivot.x = fz_coord(f);
        b.prev_pivot.y = fz_coord(f);
    }
    mode = fz_below(f, 4);
    if (mode == 1) {
        b.offset.x = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256;
        b.offset.y = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256;
    } else if (mode == 2) {
        b.offset.x = fz_coord(f);
        b.offset.y = fz_coord(f);
    }
    mode = fz_below(f, 3);
    b.offset_angle = mode == 0 ? b.angle : mode == 1 ? fz_wrap((int64_t)b.angle - (int8_t)fz_u8(f)) : fz_angle(f);
    mode = fz_below(f, 3);
    b.prev_angle = mode == 0 ? b.angle : mode == 1 ? fz_wrap((int64_t)b.angle - (int8_t)fz_u8(f)) : fz_angle(f);
    b.hit_fraction = fz_fraction(f);
    mode = fz_below(f, 4);
    b.graze_extra = mode == 0 ? 0 : mode == 1 ? (int32_t)fz_u8(f) * 4096 : fz_size(f);
    if (fz_flag(f)) {
        b.warning_frames = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 8);
        b.active_frames = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 8);
        b.fading_frames = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 8);
        b.age = fz_flag(f) ? (int32_t)fz_u32(f) : (int32_t)fz_below(f, 20);
    }
    return b;
}

/* One circle against a prepared beam. */
static void check_circle(const fxl_beam *b, const fxl_beam_prep *bp, fxl_circle c)
{
    fxl_beam_hit h = fxl_beam_test(bp, c);
    bool active = bp->phase == FXL_PHASE_ACTIVE;
    if (fz_circle_codes(c) != 0)
        return; /* defined, meaningless */
    FZ_CHECK(!(h.hit && h.graze));
    FZ_CHECK(h.depth >= 0 && h.depth <= fix16_one && (h.hit || h.depth == 0));
    FZ_CHECK(h.hit == (active && fxl_sweep_vs_circle(&bp->hit, c)));
    FZ_CHECK(h.graze == (active && !h.hit && fxl_sweep_vs_circle(&bp->graze, c)));
    FZ_CHECK(!h.hit || fxl_sweep_vs_circle(&bp->graze, c));
    if (active && b->offset.x == 0 && b->offset.y == 0) {
        fxl_laser prev = fxl_laser_from_emitter(b->kind, b->prev_pivot, b->prev_angle, b->length, b->half_width);
        fxl_sweep s;
        fxl_sweep_prep sp;
        prev.hit_fraction = b->hit_fraction;
        s = fxl_sweep_to_pose(&prev, b->pivot, b->angle);
        FZ_CHECK(fxl_sweep_prepare(&s, &sp) == FXL_OK);
        FZ_CHECK(h.hit == fxl_sweep_vs_circle(&sp, c));
        if (b->pivot.x == b->prev_pivot.x && b->pivot.y == b->prev_pivot.y &&
            ((uint32_t)b->angle & 4095u) == ((uint32_t)b->prev_angle & 4095u)) {
            fxl_laser now = fxl_beam_laser(b);
            fxl_laser_prep lp;
            FZ_CHECK(fxl_laser_prepare(&now, &lp) == FXL_OK);
            FZ_CHECK(h.hit == fxl_laser_vs_circle(&lp, c));
        }
    }
}

/* A few frames of fxl_beam_update on an eased turn: it ends exactly. */
static void check_update(fz *f, fxl_beam b)
{
    int32_t delta = (int32_t)fz_u32(f), frames = (int32_t)fz_below(f, 40) - 3, k, n;
    fxl_angle from = b.angle;
    int32_t want = fxl_angle_diff(delta, 0);
    fxl_beam_turn_by(&b, delta, frames);
    FZ_CHECK(b.turn.delta == want && b.turn.frames == (frames < 1 ? 1 : frames) && b.turn.t == 0);
    FZ_CHECK(b.turn.from == from);
    n = b.turn.frames + 2;
    for (k = 0; k < n; k++) {
        fxl_beam before = b;
        fxl_beam_update(&b);
        FZ_CHECK(b.prev_angle == before.angle && b.prev_pivot.x == before.pivot.x && b.prev_pivot.y == before.pivot.y);
        FZ_CHECK(b.age == (before.age < INT32_MAX ? before.age + 1 : INT32_MAX));
    }
    FZ_CHECK(b.angle == fz_wrap((int64_t)from + want));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_result res;
    fz_codes want, maybe;
    fxl_laser drawn;
    size_t i, nc;

    f = fz_start(data, size);
    check_ease(&f);
    check_turns(&f);
    b = fz_beam(&f);
    (void)fxl_beam_emitter(&b);
    FZ_CHECK(fxl_beam_phase(&b) == ref_phase(&b));
    drawn = fxl_beam_laser(&b);
    FZ_CHECK(drawn.half_width == (ref_phase(&b) == FXL_PHASE_WARNING ? b.half_width / 8 : b.half_width));
    FZ_CHECK(drawn.angle == b.angle && drawn.length == b.length && drawn.hit_fraction == b.hit_fraction);
    FZ_CHECK(fxl_beam_prepare(NULL, &bp) == FXL_ERR_NULL && fxl_beam_prepare(&b, NULL) == FXL_ERR_NULL);
    res = fxl_beam_prepare(&b, &bp);
    want = beam_codes(&b, &maybe);
    if (res == FXL_OK || (maybe & FZ_CODE(res)) == 0)
        fz_check_result(res, want);
    check_update(&f, b);
    if (res != FXL_OK)
        return 0;
    FZ_CHECK(bp.phase == ref_phase(&b));
    FZ_CHECK(drawn.pos.x == fxl_beam_emitter(&b).x && drawn.pos.y == fxl_beam_emitter(&b).y);
    nc = fz_below(&f, NC + 1);
    for (i = 0; i < nc; i++) {
        uint32_t where = fz_below(&f, 3);
        fxl_circle c;
        if (where == 0) {
            c = fz_circle_near(&f, &drawn);
        } else {
            fxl_laser_prep end = fxl_sweep_end(&bp.hit);
            c = where == 1 ? fz_circle_about_prep(&f, &bp.hit.from, b.prev_angle) : fz_circle_about_prep(&f, &end, b.angle);
        }
        check_circle(&b, &bp, c);
    }
    return 0;
}
