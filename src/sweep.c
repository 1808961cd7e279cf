/* sweep.c - swept tests: preparation, the fast path, batch and fused forms.
 * The exact pieces that run only near the swept region live in
 * sweep_turn.c (the middle of a turn) and sweep_slide.c (a slide); the
 * motion itself is stated in fixlaser/sweep.h. */
#include "fixlaser/sweep.h"

#include "domain.h"
#include "frame.h"
#include "hitbox.h"
#include "sweep_parts.h"
#include "wide.h"

fxl_sweep fxl_sweep_turn_about(const fxl_laser *laser, fxl_vec2 pivot, int32_t step)
{
    fxl_sweep s;
    s.laser = *laser;
    s.motion.pivot = pivot;
    s.motion.step = step;
    s.motion.move = fxl_vec2_make(0, 0);
    return s;
}

fxl_sweep fxl_sweep_turn(const fxl_laser *laser, int32_t step)
{
    return fxl_sweep_turn_about(laser, laser->pos, step);
}

fxl_sweep fxl_sweep_turn_to(const fxl_laser *laser, fxl_angle to_angle)
{
    return fxl_sweep_turn(laser, fxl_angle_diff(to_angle, laser->angle));
}

/* b - a, saturated to int32: an out-of-domain end then still lands out of
 * the domain and is refused (never wraps back into it). */
static fix16_t sat_diff(fix16_t b, fix16_t a)
{
    int64_t d = (int64_t)b - a;
    return d > INT32_MAX ? INT32_MAX : d < INT32_MIN ? INT32_MIN : (fix16_t)d;
}

fxl_sweep fxl_sweep_to_pose(const fxl_laser *laser, fxl_vec2 to_pos, fxl_angle to_angle)
{
    fxl_sweep s = fxl_sweep_turn_to(laser, to_angle);
    s.motion.move = fxl_vec2_make(sat_diff(to_pos.x, laser->pos.x), sat_diff(to_pos.y, laser->pos.y));
    return s;
}

static fix16_t half_floor(fix16_t v)
{
    return (fix16_t)fxl__floor_shift(v, 1);
}

/* Fills sp from a sweep whose laser passed fxl__laser_check; the rest of
 * the validation too. Inline: the fused loop keeps it in IWRAM. */
static inline fxl_result fill(const fxl_sweep *s, fxl_sweep_prep *sp)
{
    const fxl_motion *m = &s->motion;
    int64_t ex = (int64_t)m->pivot.x + m->move.x, ey = (int64_t)m->pivot.y + m->move.y;
    int32_t ox, oy;
    int64_t ou, ov;

    if (!fxl__coord_ok(m->pivot.x) || !fxl__coord_ok(m->pivot.y) ||
        ex < -FXL_COORD_MAX || ex > FXL_COORD_MAX || ey < -FXL_COORD_MAX || ey > FXL_COORD_MAX)
        return FXL_ERR_COORD_RANGE;
    if (m->step < -2048 || m->step > 2048)
        return FXL_ERR_STEP_RANGE;
    ox = fxl__offset(s->laser.pos.x, m->pivot.x);
    oy = fxl__offset(s->laser.pos.y, m->pivot.y);
    if (!fxl__coord_ok(ox) || !fxl__coord_ok(oy))
        return FXL_ERR_PIVOT_RANGE;
    sp->from.cos = fxl_cos(s->laser.angle);
    sp->from.sin = fxl_sin(s->laser.angle);
    fxl__laser_hitbox(&s->laser, &sp->from);
    /* The hitbox about the pivot: shifted by the frame coordinates of
     * laser.pos - pivot in the start frame (exact, below 2^47). */
    ou = fxl__along(sp->from.cos, sp->from.sin, ox, oy);
    ov = fxl__across(sp->from.cos, sp->from.sin, ox, oy);
    sp->from.u_lo += ou, sp->from.u_hi += ou;
    sp->from.v_lo += ov, sp->from.v_hi += ov;
    sp->from.pos = m->pivot;
    sp->to = sp->from;
    sp->to.pos = fxl_vec2_make((fix16_t)ex, (fix16_t)ey);
    sp->to.cos = fxl_cos((fxl_angle)((uint32_t)s->laser.angle + (uint32_t)m->step));
    sp->to.sin = fxl_sin((fxl_angle)((uint32_t)s->laser.angle + (uint32_t)m->step));
    sp->step = m->step;
    sp->half_move = fxl_vec2_make(half_floor(m->move.x), half_floor(m->move.y));
    return FXL_OK;
}

FXL_IWRAM_CODE
fxl_result fxl_sweep_prepare(const fxl_sweep *sweep, fxl_sweep_prep *out)
{
    fxl_result res;
    if (sweep == NULL || out == NULL)
        return FXL_ERR_NULL;
    res = fxl__laser_check(&sweep->laser);
    return res != FXL_OK ? res : fill(sweep, out);
}

/* A bound on the frame coordinate x's side of [lo, hi] that no end beam and
 * no point of the turn can reach: the turn's frame point runs on an arc of
 * at most half a turn, and when both ends lie strictly on the same side of
 * an axis the whole arc does, with the coordinate concave (or convex) along
 * it, so its extreme towards the hitbox is at an end. The ends of the arc
 * are the table-frame points scaled by 1/|t_i| = 1 +- 1.1e-5, hence the
 * margin of 2^-15. Thresholds are kept on the far side of zero. */
static inline bool beyond_hi(int64_t x0, int64_t x1, int64_t hi)
{
    hi = hi > 0 ? hi + (hi >> 15) + 1 : 0;
    return x0 > hi && x1 > hi;
}

static inline bool beyond_lo(int64_t x0, int64_t x1, int64_t lo)
{
    lo = lo < 0 ? lo - ((-lo) >> 15) - 1 : 0;
    return x0 < lo && x1 < lo;
}

/* The turn about the pivot for a circle at offset q: the cheap rejects,
 * the two end beams, then (rarely) the exact middle. With step 0 it is the
 * static test of the start beam. */
FXL_IWRAM_CODE
static bool turn_hit(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, int32_t r)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t t = ((int64_t)r + a->round) * 65536;
    int64_t u0 = fxl__along(a->cos, a->sin, qx, qy), v0 = fxl__across(a->cos, a->sin, qx, qy);
    int64_t u1 = fxl__along(sp->to.cos, sp->to.sin, qx, qy);
    int64_t v1 = fxl__across(sp->to.cos, sp->to.sin, qx, qy);

    if (beyond_hi(v0, v1, a->v_hi + t) || beyond_lo(v0, v1, a->v_lo - t) ||
        beyond_hi(u0, u1, a->u_hi + t) || beyond_lo(u0, u1, a->u_lo - t))
        return false;
    if (fxl__frame_hit(a, u0, v0, r) || fxl__frame_hit(&sp->to, u1, v1, r))
        return true;
    return sp->step != 0 && fxl__turn_middle(sp, qx, qy, u0, v0, u1, v1, r);
}

/* The whole motion for a circle whose offsets from the pivot are g0 at the
 * start, gm at the turn and g1 at the end (Q16.16). still: no slides. */
static bool motion_hit(const fxl_sweep_prep *sp, int32_t g0x, int32_t g0y, int32_t gmx,
                       int32_t gmy, int32_t g1x, int32_t g1y, int32_t r)
{
    if (sp->step == 0)
        return fxl__slide_hit(&sp->from, g0x, g0y, g1x, g1y, r);
    return fxl__slide_hit(&sp->from, g0x, g0y, gmx, gmy, r) || turn_hit(sp, gmx, gmy, r) ||
           fxl__slide_hit(&sp->to, gmx, gmy, g1x, g1y, r);
}

/* A circle centre c0 moving to c1: its offsets from the pivot at the start,
 * at the turn (both halfway) and at the end. */
static bool moving_hit(const fxl_sweep_prep *sp, fix16_t c0x, fix16_t c0y, fix16_t c1x,
                       fix16_t c1y, fix16_t r)
{
    int32_t mx = fxl__wrap_add(c0x, (int32_t)fxl__floor_shift((int64_t)c1x - c0x, 1));
    int32_t my = fxl__wrap_add(c0y, (int32_t)fxl__floor_shift((int64_t)c1y - c0y, 1));
    int32_t pmx = fxl__wrap_add(sp->from.pos.x, sp->half_move.x);
    int32_t pmy = fxl__wrap_add(sp->from.pos.y, sp->half_move.y);
    return motion_hit(sp, fxl__offset(c0x, sp->from.pos.x), fxl__offset(c0y, sp->from.pos.y),
                      fxl__offset(mx, pmx), fxl__offset(my, pmy), fxl__offset(c1x, sp->to.pos.x),
                      fxl__offset(c1y, sp->to.pos.y), r);
}

/* A fixed circle: the turn alone when the pivot stays put. */
static inline bool fixed_hit(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    if (sp->half_move.x == 0 && sp->half_move.y == 0 && sp->to.pos.x == sp->from.pos.x &&
        sp->to.pos.y == sp->from.pos.y)
        return turn_hit(sp, fxl__offset(x, sp->from.pos.x), fxl__offset(y, sp->from.pos.y), r);
    return moving_hit(sp, x, y, x, y, r);
}

FXL_IWRAM_CODE
bool fxl_sweep_vs_circle(const fxl_sweep_prep *sp, fxl_circle circle)
{
    FXL_ASSERT(sp != NULL && fxl_circle_check(circle) == FXL_OK);
    return fixed_hit(sp, circle.c.x, circle.c.y, circle.r);
}

bool fxl_sweep_vs_moving_circle(const fxl_sweep_prep *sp, fxl_circle from, fxl_vec2 to)
{
    FXL_ASSERT(sp != NULL && fxl_circle_check(from) == FXL_OK);
    return moving_hit(sp, from.c.x, from.c.y, to.x, to.y, from.r);
}

/* ---- batch and fused forms ------------------------------------------------ */

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Everywhere a corner C (Q32.32 frame) of the hitbox goes while the beam
 * turns about the world point P: its two ends, and the extreme of each axis
 * direction its world direction passes (the world direction of C turns
 * from t0 (x) C to t1 (x) C, complex products, the way of step). The
 * offsets are nominal (a Q16.16 corner, the table's vectors taken as unit);
 * the caller's margin covers that and the rounding. */
static fxl__box corner_arc_box(const fxl_sweep_prep *sp, int64_t cx, int64_t cy, int64_t px,
                               int64_t py)
{
    int64_t x = fxl__floor_shift(cx, 16), y = fxl__floor_shift(cy, 16);
    int64_t c0 = sp->from.cos, s0 = sp->from.sin, c1 = sp->to.cos, s1 = sp->to.sin;
    /* |C| from above: max + min/2 bounds the length of (x, y) (+1 for the floors). */
    int64_t ax = abs64(x) + 1, ay = abs64(y) + 1;
    int64_t len = (ax > ay ? ax + ay / 2 : ay + ax / 2) + 1;
    int64_t w0x = c0 * x - s0 * y, w0y = s0 * x + c0 * y; /* Q32.32 world offsets */
    int64_t w1x = c1 * x - s1 * y, w1y = s1 * x + c1 * y;
    fxl__box b;
    int k;
    b.lo_x = b.hi_x = px + fxl__floor_shift(w0x, 16);
    b.lo_y = b.hi_y = py + fxl__floor_shift(w0y, 16);
    {
        fxl__box e;
        e.lo_x = e.hi_x = px + fxl__floor_shift(w1x, 16);
        e.lo_y = e.hi_y = py + fxl__floor_shift(w1y, 16);
        b = fxl__box_union(b, e);
    }
    for (k = 0; k < 4; k++) {
        static const int8_t dir[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        int c0s = fxl__cross_sign(w0x, w0y, dir[k][0], dir[k][1]);
        int c1s = fxl__cross_sign(w1x, w1y, dir[k][0], dir[k][1]);
        if (sp->step > 0 ? (c0s >= 0 && c1s <= 0) : (c0s <= 0 && c1s >= 0)) {
            fxl__box e;
            e.lo_x = e.hi_x = px + dir[k][0] * len;
            e.lo_y = e.hi_y = py + dir[k][1] * len;
            b = fxl__box_union(b, e);
        }
    }
    return b;
}

/* A bounding box of every place the beam is during the motion. */
static fxl__box motion_box(const fxl_sweep_prep *sp)
{
    fxl_laser_prep a = sp->from, b = sp->to;
    fxl__box box = fxl__box_union(fxl__laser_box(&a), fxl__laser_box(&b));
    int64_t px = (int64_t)a.pos.x + sp->half_move.x, py = (int64_t)a.pos.y + sp->half_move.y;
    if (px != a.pos.x || py != a.pos.y || b.pos.x != a.pos.x || b.pos.y != a.pos.y) {
        a.pos = b.pos = fxl_vec2_make((fix16_t)px, (fix16_t)py);
        box = fxl__box_union(box, fxl__box_union(fxl__laser_box(&a), fxl__laser_box(&b)));
    }
    if (sp->step != 0) {
        fxl__box turn = corner_arc_box(sp, a.u_lo, a.v_lo, px, py);
        int64_t grow;
        turn = fxl__box_union(turn, corner_arc_box(sp, a.u_lo, a.v_hi, px, py));
        turn = fxl__box_union(turn, corner_arc_box(sp, a.u_hi, a.v_lo, px, py));
        turn = fxl__box_union(turn, corner_arc_box(sp, a.u_hi, a.v_hi, px, py));
        /* round, the rounding of the corners, and the table scale (2^-14 of the reach). */
        grow = sp->from.round + 4 +
               ((abs64(turn.lo_x - px) + abs64(turn.hi_x - px) + abs64(turn.lo_y - py) +
                 abs64(turn.hi_y - py) + sp->from.round) >> 13);
        turn.lo_x -= grow, turn.lo_y -= grow, turn.hi_x += grow, turn.hi_y += grow;
        box = fxl__box_union(box, turn);
    }
    return box;
}

/* The batch loops are copies of fxl_laser_vs_circles' (see laser.c). */
FXL_IWRAM_CODE
size_t fxl_sweep_vs_circles(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    uint32_t mx = 0, my = 0, hx = 0, hy = 0;
    bool boxed;
    size_t i = 0, hits = 0;

    FXL_ASSERT(sp != NULL && (circles != NULL || n == 0));
    boxed = fxl__box_reject(motion_box(sp), &mx, &my, &hx, &hy);
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
            if ((!boxed || fxl__near_box(mx, my, hx, hy, x, y, r)) && fixed_hit(sp, x, y, r)) {
                word |= bit;
                hits++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    return hits;
}

size_t fxl_sweep_vs_moving_circles(const fxl_sweep_prep *sp, const fxl_circle *from,
                                   const fxl_vec2 *to, size_t n, uint32_t *hit_bits)
{
    fxl__box box;
    size_t i = 0, hits = 0;

    FXL_ASSERT(sp != NULL && ((from != NULL && to != NULL) || n == 0));
    box = motion_box(sp);
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            const fxl_circle *c = &from[i];
            /* The circle's path box, widened as fxl__near_box widens r. */
            int64_t rr = (int64_t)c->r + (c->r >> 14) + 1;
            int64_t lx = c->c.x < to[i].x ? c->c.x : to[i].x;
            int64_t hx = c->c.x < to[i].x ? to[i].x : c->c.x;
            int64_t ly = c->c.y < to[i].y ? c->c.y : to[i].y;
            int64_t hy = c->c.y < to[i].y ? to[i].y : c->c.y;
            if (hx + rr < box.lo_x || lx - rr > box.hi_x || hy + rr < box.lo_y ||
                ly - rr > box.hi_y)
                continue;
            if (moving_hit(sp, c->c.x, c->c.y, to[i].x, to[i].y, c->r)) {
                word |= bit;
                hits++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    return hits;
}

/* Many sweeps against one fixed circle: the checks of fxl__laser_check in
 * a few unsigned compares (the reason only when one fails), then as
 * fxl_sweep_prepare and fxl_sweep_vs_circle. The loop is a copy of
 * fxl_lasers_vs_circle's (laser.c). */
FXL_IWRAM_CODE
fxl_result fxl_sweeps_vs_circle(const fxl_sweep *sweeps, size_t n, fxl_circle circle,
                                uint32_t *hit_bits, size_t *hits)
{
    fxl_result first = fxl_circle_check(circle);
    bool test = first == FXL_OK;
    size_t i = 0, count = 0;

    FXL_ASSERT(sweeps != NULL || n == 0);
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            const fxl_laser *l = &sweeps[i].laser;
            fxl_sweep_prep sp;
            fxl_result res;
            if ((uint32_t)l->kind > 1u || (uint32_t)l->anchor > 1u ||
                (uint32_t)l->pos.x + (uint32_t)FXL_COORD_MAX > 2u * (uint32_t)FXL_COORD_MAX ||
                (uint32_t)l->pos.y + (uint32_t)FXL_COORD_MAX > 2u * (uint32_t)FXL_COORD_MAX ||
                (uint32_t)l->length > (uint32_t)FXL_SIZE_MAX ||
                (uint32_t)l->half_width > (uint32_t)FXL_SIZE_MAX ||
                (uint32_t)l->hit_fraction > (uint32_t)fix16_one)
                res = fxl__laser_check(l);
            else
                res = fill(&sweeps[i], &sp);
            if (res != FXL_OK) {
                if (first == FXL_OK)
                    first = res;
                continue;
            }
            if (test && fixed_hit(&sp, circle.c.x, circle.c.y, circle.r)) {
                word |= bit;
                count++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    if (hits != NULL)
        *hits = count;
    return first;
}
