/* beam.c - laser objects: phases, pivot, eased turns, graze and depth. */
#include "fixlaser/beam.h"

#include "domain.h"
#include "frame.h"
#include "hitbox.h"
#include "wide.h"

void fxl_beam_init(fxl_beam *b, fxl_laser_kind kind, fxl_vec2 emitter, fxl_angle angle,
                   fix16_t length, fix16_t half_width)
{
    b->kind = kind;
    b->pivot = emitter;
    b->prev_pivot = emitter;
    b->offset = fxl_vec2_make(0, 0);
    b->offset_angle = angle;
    b->angle = angle;
    b->prev_angle = angle;
    b->length = length;
    b->half_width = half_width;
    b->hit_fraction = fix16_one;
    b->graze_extra = 0;
    b->warning_frames = 0;
    b->active_frames = INT32_MAX;
    b->fading_frames = 0;
    b->age = 0;
    b->turn.from = angle;
    b->turn.delta = 0;
    b->turn.frames = 0;
    b->turn.t = 0;
}

/* The emitter's offset from the pivot in the beam's frame, Q16.16: offset
 * turned by -offset_angle with the table, rounded (|components| < 2^32). */
static void frame_offset(const fxl_beam *b, int64_t *ox, int64_t *oy)
{
    fxl_angle back = (fxl_angle)(0u - (uint32_t)b->offset_angle);
    int64_t c = fxl_cos(back), s = fxl_sin(back);
    *ox = fxl__round_shift(c * b->offset.x - s * b->offset.y, 16);
    *oy = fxl__round_shift(s * b->offset.x + c * b->offset.y, 16);
}

fxl_vec2 fxl_beam_emitter(const fxl_beam *b)
{
    int64_t ox, oy, c = fxl_cos(b->angle), s = fxl_sin(b->angle);
    if (b->offset.x == 0 && b->offset.y == 0)
        return b->pivot;
    frame_offset(b, &ox, &oy);
    /* Saturated: meaningless (and refused by fxl_beam_prepare) outside the
     * domain, never undefined. */
    return fxl_vec2_make(fxl__sat32(b->pivot.x + fxl__round_shift(c * ox - s * oy, 16)),
                         fxl__sat32(b->pivot.y + fxl__round_shift(s * ox + c * oy, 16)));
}

fxl_phase fxl_beam_phase(const fxl_beam *b)
{
    int64_t age = b->age, w = b->warning_frames, a = w + b->active_frames;
    if (age < w)
        return FXL_PHASE_WARNING;
    if (age < a)
        return FXL_PHASE_ACTIVE;
    if (age < a + b->fading_frames)
        return FXL_PHASE_FADING;
    return FXL_PHASE_DONE;
}

fxl_laser fxl_beam_laser(const fxl_beam *b)
{
    fxl_laser l = fxl_laser_from_emitter(b->kind, fxl_beam_emitter(b), b->angle, b->length,
                                        fxl_beam_phase(b) == FXL_PHASE_WARNING ? b->half_width / 8
                                                                               : b->half_width);
    l.hit_fraction = b->hit_fraction;
    return l;
}

void fxl_beam_turn_by(fxl_beam *b, int32_t delta, int32_t frames)
{
    b->turn.from = b->angle;
    b->turn.delta = fxl_angle_diff(delta, 0);
    b->turn.frames = frames < 1 ? 1 : frames;
    b->turn.t = 0;
}

void fxl_beam_update(fxl_beam *b)
{
    b->prev_angle = b->angle;
    b->prev_pivot = b->pivot;
    if (b->age < INT32_MAX)
        b->age++;
    if (b->turn.frames > 0 && b->turn.t < b->turn.frames) {
        b->turn.t++;
        b->angle = fxl_ease_angle(&b->turn, b->turn.t);
    }
}

/* The motion since last frame for a hitbox of half-width `width`: the
 * sweep of a beam fired from the pivot, its hitbox then shifted by the
 * emitter's frame offset (exact, in Q32.32). */
static fxl_result beam_sweep(const fxl_beam *b, fix16_t width, fxl_sweep_prep *out)
{
    int64_t ox, oy;
    fxl_laser l = fxl_laser_from_emitter(b->kind, b->prev_pivot, b->prev_angle, b->length, width);
    fxl_sweep s = fxl_sweep_turn_about(&l, b->prev_pivot, fxl_angle_diff(b->angle, b->prev_angle));
    fxl_result res;
    s.motion.move = fxl_vec2_make(fxl__sat32((int64_t)b->pivot.x - b->prev_pivot.x),
                                  fxl__sat32((int64_t)b->pivot.y - b->prev_pivot.y));
    res = fxl_sweep_prepare(&s, out);
    if (res != FXL_OK)
        return res;
    frame_offset(b, &ox, &oy);
    if (!fxl__coord64_ok(ox) || !fxl__coord64_ok(oy))
        return FXL_ERR_PIVOT_RANGE;
    out->from.u_lo += ox * 65536, out->from.u_hi += ox * 65536;
    out->from.v_lo += oy * 65536, out->from.v_hi += oy * 65536;
    return FXL_OK;
}

fxl_result fxl_beam_prepare(const fxl_beam *b, fxl_beam_prep *out)
{
    fxl_laser drawn;
    fxl_result res;
    int64_t graze;

    if (b == NULL || out == NULL)
        return FXL_ERR_NULL;
    /* Every field at full width, whatever the phase. */
    drawn = fxl_laser_from_emitter(b->kind, fxl_beam_emitter(b), b->angle, b->length,
                                  b->half_width);
    drawn.hit_fraction = b->hit_fraction;
    res = fxl_laser_check(&drawn);
    if (res != FXL_OK)
        return res;
    out->phase = fxl_beam_phase(b);
    graze = (int64_t)fxl__hit_width(b->half_width, b->hit_fraction) + b->graze_extra;
    if (b->graze_extra < 0)
        return FXL_ERR_WIDTH_NEGATIVE;
    if (graze > FXL_SIZE_MAX)
        return FXL_ERR_WIDTH_RANGE;
    res = beam_sweep(b, fxl__hit_width(b->half_width, b->hit_fraction), &out->hit);
    return res != FXL_OK ? res : beam_sweep(b, (fix16_t)graze, &out->graze);
}

fxl_beam_hit fxl_beam_test(const fxl_beam_prep *bp, fxl_circle c)
{
    fxl_beam_hit h;
    /* A prep fxl_beam_prepare wrote, whatever the phase: a zeroed or garbage
     * one (phase 0 is WARNING, which would silently never hit) traps in a
     * checked build. */
    FXL_ASSERT(bp != NULL && (uint32_t)bp->phase <= (uint32_t)FXL_PHASE_DONE &&
               fxl__laser_prep_ok(&bp->hit.from) && fxl__laser_prep_ok(&bp->graze.from) &&
               fxl__circle_ok(c));
    h.hit = h.graze = false;
    h.depth = 0;
    if (bp->phase != FXL_PHASE_ACTIVE)
        return h;
    h.hit = fxl_sweep_vs_circle(&bp->hit, c);
    if (!h.hit) {
        h.graze = fxl_sweep_vs_circle(&bp->graze, c);
        return h;
    }
    {
        /* Depth from the centre's distance across this frame's beam (the
         * end of the motion), relative to the hitbox's half-width. */
        fxl_laser_prep end = fxl_sweep_end(&bp->hit);
        const fxl_laser_prep *now = &end;
        int32_t dx = fxl__offset(c.c.x, now->pos.x), dy = fxl__offset(c.c.y, now->pos.y);
        int64_t v = fxl__across(now->cos, now->sin, dx, dy);
        int64_t mid = now->v_lo + (now->v_hi - now->v_lo) / 2;
        int64_t half = (now->v_hi - now->v_lo) / 2 + (int64_t)now->round * 65536; /* Q32 */
        uint64_t av = fxl__abs64(v - mid);
        if (half <= 0)
            h.depth = fix16_one;
        else if (av < (uint64_t)half)
            h.depth = (fix16_t)((((uint64_t)half - av) << 16) / (uint64_t)half);
    }
    return h;
}
