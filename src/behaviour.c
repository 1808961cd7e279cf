/* behaviour.c - laser objects: phases, pivot, eased turns, graze and depth. */
#include "fixlaser/behaviour.h"

#include "wide.h"

void fxl_beam_init(fxl_beam *b, fxl_laser_kind kind, fxl_vec2 emitter, fxl_angle angle,
                   fix16_t length, fix16_t half_width)
{
    b->kind = kind;
    b->pivot = emitter;
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

/* v turned by a (table sin/cos), rounded to Q16.16. */
static fxl_vec2 turned(fxl_vec2 v, fxl_angle a)
{
    int64_t c = fxl_cos(a), s = fxl_sin(a);
    return fxl_vec2_make((fix16_t)fxl__round_shift(c * v.x - s * v.y, 16),
                         (fix16_t)fxl__round_shift(s * v.x + c * v.y, 16));
}

fxl_vec2 fxl_beam_emitter(const fxl_beam *b)
{
    fxl_vec2 o;
    if (b->offset.x == 0 && b->offset.y == 0)
        return b->pivot;
    o = turned(b->offset, (fxl_angle)((uint32_t)b->angle - (uint32_t)b->offset_angle));
    return fxl_vec2_make(b->pivot.x + o.x, b->pivot.y + o.y);
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
    fxl_laser l = fxl_laser_from_origin(b->kind, fxl_beam_emitter(b), b->angle, b->length,
                                        fxl_beam_phase(b) == FXL_PHASE_WARNING ? b->half_width / 8
                                                                               : b->half_width);
    l.hit_fraction = b->hit_fraction;
    return l;
}

/* round(num / den) for den > 0, halves away from zero. */
static int32_t round_div(int64_t num, int64_t den)
{
    int64_t q = ((num < 0 ? -num : num) * 2 + den) / (2 * den);
    return (int32_t)(num < 0 ? -q : q);
}

fxl_angle fxl_ease_angle(const fxl_ease *e, int32_t t)
{
    int64_t T = e->frames, d = e->delta, off;
    if (T <= 0 || t >= T)
        return (fxl_angle)((uint32_t)e->from + (uint32_t)e->delta);
    if (t <= 0)
        return e->from;
    /* Position under constant acceleration from rest, then the mirror
     * image: f(u) = 2u^2 for u <= 1/2, 1 - 2(1-u)^2 after (f(1) = 1,
     * f'(0) = f'(1) = 0). */
    if (2 * (int64_t)t <= T)
        off = round_div(2 * d * t * t, T * T);
    else
        off = d - round_div(2 * d * (T - t) * (T - t), T * T);
    return (fxl_angle)((uint32_t)e->from + (uint32_t)off);
}

void fxl_beam_turn_by(fxl_beam *b, int32_t delta, int32_t frames)
{
    b->turn.from = b->angle;
    b->turn.delta = delta < -2048 ? -2048 : delta > 2047 ? 2047 : delta;
    b->turn.frames = frames < 1 ? 1 : frames;
    b->turn.t = 0;
}

void fxl_beam_update(fxl_beam *b)
{
    b->prev_angle = b->angle;
    if (b->age < INT32_MAX)
        b->age++;
    if (b->turn.frames > 0 && b->turn.t < b->turn.frames) {
        b->turn.t++;
        b->angle = fxl_ease_angle(&b->turn, b->turn.t);
    }
}

/* The sweep of this frame's turn for a beam whose hitbox half-width is
 * `width`. About the emitter: the exact sweep. About another pivot: a
 * capsule from the pivot holding the beam at every angle (the emitter sits
 * at a fixed along/across offset in the turning frame). */
static fxl_result turn_sweep(const fxl_beam *b, fix16_t width, int32_t step, fxl_sweep_prep *out)
{
    fxl_laser l;
    if (b->offset.x == 0 && b->offset.y == 0) {
        l = fxl_laser_from_origin(b->kind, b->pivot, b->prev_angle, b->length, width);
    } else {
        fxl_vec2 o = turned(b->offset, -b->offset_angle); /* (along, across) */
        int64_t along = o.x, across = o.y < 0 ? -(int64_t)o.y : o.y;
        int64_t len = (along > 0 ? along : 0) + b->length;
        int64_t rad = (int64_t)width + across + (along < 0 ? -along : 0) + 2;
        rad += ((len + rad) >> 14) + 2; /* the sweep's 1.1e-5 body scale, rounding */
        if (len > FXL_SIZE_MAX || rad > FXL_SIZE_MAX)
            return FXL_ERR_LENGTH_RANGE;
        l = fxl_laser_from_origin(FXL_LASER_CAPSULE, b->pivot, b->prev_angle, (fix16_t)len,
                                  (fix16_t)rad);
    }
    return fxl_sweep_prepare(&l, step, out);
}

fxl_result fxl_beam_prepare(const fxl_beam *b, fxl_beam_prep *out)
{
    fxl_laser l = fxl_beam_laser(b);
    fix16_t hit = fix16_mul(b->half_width, b->hit_fraction);
    fxl_result res;
    int32_t step = fxl_angle_diff(b->angle, b->prev_angle);

    out->phase = fxl_beam_phase(b);
    res = fxl_laser_prepare(&l, &out->now);
    if (res != FXL_OK)
        return res;
    l.half_width = hit + b->graze_extra;
    l.hit_fraction = fix16_one;
    res = fxl_laser_prepare(&l, &out->graze);
    if (res != FXL_OK)
        return res;
    out->turned = step != 0;
    if (out->turned) {
        res = turn_sweep(b, hit, step, &out->turn);
        if (res == FXL_OK)
            res = turn_sweep(b, hit + b->graze_extra, step, &out->turn_graze);
    }
    return res;
}

fxl_beam_hit fxl_beam_test(const fxl_beam_prep *bp, fxl_circle c)
{
    fxl_beam_hit h;
    h.hit = h.graze = false;
    h.depth = 0;
    if (bp->phase != FXL_PHASE_ACTIVE)
        return h;
    h.hit = fxl_laser_vs_circle(&bp->now, c) || (bp->turned && fxl_sweep_vs_circle(&bp->turn, c));
    if (!h.hit) {
        h.graze = fxl_laser_vs_circle(&bp->graze, c) ||
                  (bp->turned && fxl_sweep_vs_circle(&bp->turn_graze, c));
        return h;
    }
    {
        /* Depth from the centre's distance across this frame's beam. */
        int32_t dx = (int32_t)((uint32_t)c.c.x - (uint32_t)bp->now.pos.x);
        int32_t dy = (int32_t)((uint32_t)c.c.y - (uint32_t)bp->now.pos.y);
        int64_t v = (int64_t)bp->now.cos * dy - (int64_t)bp->now.sin * dx;
        int64_t half = bp->now.half_wid + bp->now.round; /* Q32, one of them is 0 */
        uint64_t av = v < 0 ? (uint64_t)-v : (uint64_t)v;
        if (half <= 0)
            h.depth = fix16_one;
        else if (av < (uint64_t)half)
            h.depth = (fix16_t)((((uint64_t)half - av) << 16) / (uint64_t)half);
    }
    return h;
}

fxl_angle fxl_turn_toward(fxl_angle current, fxl_angle target, int32_t max_step)
{
    int32_t d = fxl_angle_diff(target, current);
    if (max_step < 0)
        max_step = 0;
    d = d > max_step ? max_step : d < -max_step ? -max_step : d;
    return (fxl_angle)(((uint32_t)current + (uint32_t)d) & FXL_ANGLE_MASK);
}

fxl_angle fxl_aim(fxl_vec2 from, fxl_vec2 to)
{
    return fxl_atan2((fix16_t)((uint32_t)to.y - (uint32_t)from.y),
                     (fix16_t)((uint32_t)to.x - (uint32_t)from.x));
}
