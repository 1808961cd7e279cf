/* sweep.c - swept tests: preparation, the fast path, batch and fused forms.
 * The exact pieces that run only near the swept region live in
 * sweep_turn.c (the middle of a turn) and sweep_slide.c (a slide); the
 * motion itself is stated in fixlaser/sweep.h. */
#include "fixlaser/sweep.h"

#include "angle_table.h"
#include "domain.h"
#include "frame.h"
#include "hitbox.h"
#include "sweep_parts.h"
#include "util.h"
#include "wide.h"

/* The sweep of a laser turning by step about pivot, written in place (one
 * object returned on every path, so the compiler builds it in the
 * caller's: no copy). A NULL laser (after FXL_ASSERT: the checked build
 * traps) gives the sweep of a zero laser, harmless. */
FXL__ALWAYS_INLINE fxl_sweep turn_about(const fxl_laser *laser, bool own_pivot, fxl_vec2 pivot,
                                        int32_t step)
{
    fxl_sweep s;
    FXL_ASSERT(laser != NULL);
    if (laser != NULL) {
        s.laser = *laser;
        s.motion.pivot = own_pivot ? laser->pos : pivot;
    } else {
        s.laser = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, 0, 0);
        s.motion.pivot = fxl_vec2_make(0, 0);
        step = 0;
    }
    s.motion.step = step;
    s.motion.move = fxl_vec2_make(0, 0);
    return s;
}

fxl_sweep fxl_sweep_turn_about(const fxl_laser *laser, fxl_vec2 pivot, int32_t step)
{
    return turn_about(laser, false, pivot, step);
}

fxl_sweep fxl_sweep_turn(const fxl_laser *laser, int32_t step)
{
    return turn_about(laser, true, fxl_vec2_make(0, 0), step);
}

fxl_sweep fxl_sweep_turn_to(const fxl_laser *laser, fxl_angle to_angle)
{
    return turn_about(laser, true, fxl_vec2_make(0, 0),
                      laser != NULL ? fxl_angle_diff(to_angle, laser->angle) : 0);
}

/* a - b saturated to int32, in 32-bit arithmetic (fxl__sat32((int64_t)a
 * - b)): the difference wraps only when a and b differ in sign and it
 * then takes b's sign; the true one has a's. */
FXL__ALWAYS_INLINE int32_t sat_sub32(int32_t a, int32_t b)
{
    uint32_t d = (uint32_t)a - (uint32_t)b;
    if ((((uint32_t)a ^ (uint32_t)b) & ((uint32_t)a ^ d)) >> 31 != 0u)
        return a < 0 ? INT32_MIN : INT32_MAX;
    return fxl__u2i32(d);
}

/* One object, written in place as turn_about's (the step fxl_angle_diff's,
 * written out; the move with 32-bit saturation): the boss frame builds
 * 8 a frame (issue 20: about 360 GBA cycles each in Thumb before). */
fxl_sweep fxl_sweep_to_pose(const fxl_laser *laser, fxl_vec2 to_pos, fxl_angle to_angle)
{
    fxl_sweep s;
    if (laser == NULL) /* (turn_about's FXL_ASSERT traps it, once) */
        return turn_about(laser, true, fxl_vec2_make(0, 0), 0);
    s.laser = *laser;
    s.motion.pivot = laser->pos;
    s.motion.step =
        (int32_t)(((uint32_t)to_angle - (uint32_t)laser->angle + 2048u) & FXL_ANGLE_MASK) - 2048;
    /* Saturated: an out-of-domain end then still lands out of the domain
     * and is refused (never wraps back into it). */
    s.motion.move.x = sat_sub32(to_pos.x, laser->pos.x);
    s.motion.move.y = sat_sub32(to_pos.y, laser->pos.y);
    return s;
}

static fix16_t half_floor(fix16_t v)
{
    return (fix16_t)fxl__floor_shift(v, 1);
}

/* Fills sp from a sweep whose laser passed fxl_laser_check; the rest of
 * the validation too. Inline: the fused loop keeps it in IWRAM. */
FXL__ALWAYS_INLINE fxl_result fill(const fxl_sweep *s, fxl_sweep_prep *sp)
{
    const fxl_motion *m = &s->motion;
    int64_t ex = (int64_t)m->pivot.x + m->move.x, ey = (int64_t)m->pivot.y + m->move.y;
    int32_t ox, oy;
    int64_t ou, ov;

    /* fxl__vec_ok(m->pivot) written out (domain.h says why). */
    if (!fxl__coord_ok(m->pivot.x) || !fxl__coord_ok(m->pivot.y) || !fxl__coord64_ok(ex) ||
        !fxl__coord64_ok(ey))
        return FXL_ERR_COORD_RANGE;
    if (m->step < -2048 || m->step > 2048)
        return FXL_ERR_STEP_RANGE;
    ox = fxl__offset(s->laser.pos.x, m->pivot.x);
    oy = fxl__offset(s->laser.pos.y, m->pivot.y);
    if (!fxl__coord_ok(ox) || !fxl__coord_ok(oy))
        return FXL_ERR_PIVOT_RANGE;
    fxl__sincos(s->laser.angle, &sp->from.cos, &sp->from.sin);
    fxl__laser_hitbox(&s->laser, &sp->from);
    /* The hitbox about the pivot: shifted by the frame coordinates of
     * laser.pos - pivot in the start frame (exact, below 2^47). */
    ou = fxl__along(sp->from.cos, sp->from.sin, ox, oy);
    ov = fxl__across(sp->from.cos, sp->from.sin, ox, oy);
    sp->from.u_lo += ou, sp->from.u_hi += ou;
    sp->from.v_lo += ov, sp->from.v_hi += ov;
    sp->from.pos = m->pivot;
    sp->from.bb_mid = m->pivot; /* no box of its own (0: every circle goes on) */
    sp->from.bb_half_x = sp->from.bb_half_y = 0;
    sp->pivot1 = fxl_vec2_make((fix16_t)ex, (fix16_t)ey);
    fxl__sincos((int32_t)((uint32_t)s->laser.angle + (uint32_t)m->step), &sp->cos1, &sp->sin1);
    sp->step = m->step;
    sp->half_move = fxl_vec2_make(half_floor(m->move.x), half_floor(m->move.y));
    return FXL_OK;
}

FXL_WARM_CODE
fxl_result fxl_sweep_prepare(const fxl_sweep *sweep, fxl_sweep_prep *out)
{
    if (sweep == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (FXL__UNLIKELY(!fxl__laser_fast_ok(&sweep->laser))) {
        fxl_result res = fxl_laser_check(&sweep->laser);
        if (res != FXL_OK)
            return res;
    }
    return fill(sweep, out);
}

/* The end beam: the same rectangle about the end pivot, end vector. */
FXL__ALWAYS_INLINE void end_beam(const fxl_sweep_prep *sp, fxl_laser_prep *b)
{
    *b = sp->from;
    b->pos = sp->pivot1;
    b->cos = sp->cos1;
    b->sin = sp->sin1;
}

fxl_laser_prep fxl_sweep_end(const fxl_sweep_prep *sp)
{
    fxl_laser_prep b;
    end_beam(sp, &b);
    return b;
}

/* The cheap rejects of a turn, true when neither end beam nor any point of
 * the turn can reach the circle: its frame values (u0, v0), (u1, v1) at the
 * two ends against the rectangle [ulo, uhi] x [vlo, vhi] grown by the reach
 * t. The turn's frame point runs along an arc of at most half a turn (the
 * point turns by -step) whose ends E_i lie on the rays of the table-frame
 * points S_i = (u_i, v_i), within m = |qx| + |qy| + 1 of them (E_i = S_i /
 * |t_i| and |t_i| = 1 within 1.1e-5, so |S_i - E_i| <= 1.1e-5 |S_i| < m).
 * Along an arc of a circle about the origin, a coordinate (v = R sin phi,
 * say) reaches its largest value inside the arc only where the arc passes
 * the direction of that axis ((0, 1) for v's largest, (0, -1) for its
 * smallest, (1, 0) and (-1, 0) for u's); when that direction
 * is not on the arc, the largest is at an end, below max(v0, v1) + m. So
 * the arc misses the grown rectangle when, for one side, its axis
 * direction is not on the arc and both ends lie beyond the side by more
 * than m. A direction D is on the arc iff cross(S0, D) <= 0 <= cross(S1,
 * D) for step > 0 (reversed for step < 0; axis_hit's test, exact signs of
 * the frame values). (With step 0 the arc is a point: any D passes or not,
 * the ends decide either way.) This holds every case of the older form
 * (both ends beyond a side whose bound is on the far side of zero: the arc
 * then stays in the open half plane without that axis direction) and also
 * rejects circles between a pivot off the beam and the beam. */
FXL__ALWAYS_INLINE bool turn_far_arc(int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                     int64_t v1_q32, int64_t ulo_q32, int64_t uhi_q32,
                                     int64_t vlo_q32, int64_t vhi_q32, int64_t t_q32,
                                     int64_t m_q32, int32_t step)
{
    /* D = (0, 1): cross(S, D) = u; (0, -1): -u; (1, 0): -v; (-1, 0): v. */
    bool up, down, right, left;
    if (step >= 0) {
        up = u0_q32 <= 0 && u1_q32 >= 0;
        down = u0_q32 >= 0 && u1_q32 <= 0;
        right = v0_q32 >= 0 && v1_q32 <= 0;
        left = v0_q32 <= 0 && v1_q32 >= 0;
    } else {
        up = u0_q32 >= 0 && u1_q32 <= 0;
        down = u0_q32 <= 0 && u1_q32 >= 0;
        right = v0_q32 <= 0 && v1_q32 >= 0;
        left = v0_q32 >= 0 && v1_q32 <= 0;
    }
    return (!up && fxl__max64(v0_q32, v1_q32) + m_q32 < vlo_q32 - t_q32) ||
           (!down && fxl__min64(v0_q32, v1_q32) - m_q32 > vhi_q32 + t_q32) ||
           (!left && fxl__min64(u0_q32, u1_q32) - m_q32 > uhi_q32 + t_q32) ||
           (!right && fxl__max64(u0_q32, u1_q32) + m_q32 < ulo_q32 - t_q32);
}

/* The common case of that first, inline: both ends beyond a side whose
 * bound is kept on the far side of zero (the arc then stays in the open
 * half plane without that side's axis direction); then the arc form. */
FXL__ALWAYS_INLINE bool ends_far(int64_t u0_q32, int64_t v0_q32, int64_t u1_q32, int64_t v1_q32,
                                 int64_t ulo_q32, int64_t uhi_q32, int64_t vlo_q32, int64_t vhi_q32,
                                 int64_t t_q32, int64_t m_q32)
{
    int64_t hv_q32 = fxl__max64(vhi_q32 + t_q32, 0) + m_q32;
    int64_t lv_q32 = fxl__min64(vlo_q32 - t_q32, 0) - m_q32;
    int64_t hu_q32 = fxl__max64(uhi_q32 + t_q32, 0) + m_q32;
    int64_t lu_q32 = fxl__min64(ulo_q32 - t_q32, 0) - m_q32;
    return (v0_q32 > hv_q32 && v1_q32 > hv_q32) || (v0_q32 < lv_q32 && v1_q32 < lv_q32) ||
           (u0_q32 > hu_q32 && u1_q32 > hu_q32) || (u0_q32 < lu_q32 && u1_q32 < lu_q32);
}

FXL__ALWAYS_INLINE bool turn_far(int64_t u0_q32, int64_t v0_q32, int64_t u1_q32, int64_t v1_q32,
                                 int64_t ulo_q32, int64_t uhi_q32, int64_t vlo_q32, int64_t vhi_q32,
                                 int64_t t_q32, int64_t m_q32, int32_t step)
{
    if (ends_far(u0_q32, v0_q32, u1_q32, v1_q32, ulo_q32, uhi_q32, vlo_q32, vhi_q32, t_q32, m_q32))
        return true;
    /* With every side's bound on the far side of zero (the pivot within
     * the grown rectangle: a turn about laser.pos) each test of the arc
     * form is one of the above: skip it. */
    if (ulo_q32 - t_q32 <= 0 && uhi_q32 + t_q32 >= 0 && vlo_q32 - t_q32 <= 0 && vhi_q32 + t_q32 >= 0)
        return false;
    return turn_far_arc(u0_q32, v0_q32, u1_q32, v1_q32, ulo_q32, uhi_q32, vlo_q32, vhi_q32, t_q32,
                        m_q32, step);
}

FXL__ALWAYS_INLINE int64_t arc_margin(int32_t qx, int32_t qy)
{
    return (int64_t)fxl__abs32(qx) + (int64_t)fxl__abs32(qy) + 1;
}

/* A sound shortcut for the common hit of a turn: the beam's axis (or the
 * axis across it) turning over the circle. When the frame direction (1, 0)
 * lies on the arc (v0 and v1 on the right sides of zero), the arc passes
 * through the point (R, 0), R = |q|; if the rectangle spans v = 0 that
 * point is within t of it iff a0 - t <= R <= a1 + t. Compared with the
 * bounds rounded inwards to raw units (a yes is a true yes; a no goes on
 * to the exact middle). The same for (-1, 0), (0, 1) and (0, -1): the
 * sign of a frame value places each direction (cross(S, D)), the
 * rectangle's other coordinate range must hold 0, and [lo, hi] is its own
 * range along D grown by t. */
/* One direction of axis_hit, on the arc and spanned: lo <= R <= hi with
 * R^2 = q2 2^32: hi rounded down, lo up (raw units), each below 2^31 or no
 * answer (false); the squares as 32 x 32 -> 64-bit products (one UMULL
 * each on ARM; issue 20's tails: in 64 x 64-bit products and with the
 * four directions inlined, axis_hit was 386 ARM instructions in ROM,
 * about 600 GBA cycles for a turn whose middle it could not settle). */
FXL__ALWAYS_INLINE bool axis_try(int64_t lo_q32, int64_t hi_q32, uint64_t q2_q32)
{
    uint32_t h, l;
    if (hi_q32 < 0 || (hi_q32 >> 16) > 0x7FFFFFFF)
        return false;
    h = (uint32_t)(hi_q32 >> 16);
    if (q2_q32 > (uint64_t)h * h)
        return false;
    if (lo_q32 <= 0)
        return true;
    if (((lo_q32 + 65535) >> 16) > 0x7FFFFFFF) /* lo below 2^50: no overflow */
        return false;
    l = (uint32_t)((lo_q32 + 65535) >> 16);
    return q2_q32 >= (uint64_t)l * l;
}

FXL_WARM_CODE static bool axis_hit(const fxl_laser_prep *a, int32_t step, int64_t u0_q32,
                                   int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                   int32_t qy, int64_t t_q32)
{
    uint64_t q2_q32;
    /* cross(S, (1,0)) = -v, cross(S, (-1,0)) = v, cross(S, (0,1)) = u,
     * cross(S, (0,-1)) = -u; the frame point turns by -step: D on the arc
     * iff cross(S0, D) <= 0 <= cross(S1, D) for step > 0, the reverse for
     * step < 0 (signs times sg = sign(step) make it one test). The
     * directions on the arc and spanned first (most calls have none). */
    int sg = step > 0 ? 1 : -1;
    int s0u = sg * fxl__sign64(u0_q32), s1u = sg * fxl__sign64(u1_q32);
    int s0v = sg * fxl__sign64(v0_q32), s1v = sg * fxl__sign64(v1_q32);
    unsigned on = 0;
    if (a->v_lo <= 0 && a->v_hi >= 0)
        on = (s0v >= 0 && s1v <= 0 ? 1u : 0u) | (s0v <= 0 && s1v >= 0 ? 2u : 0u);
    if (a->u_lo <= 0 && a->u_hi >= 0)
        on |= (s0u <= 0 && s1u >= 0 ? 4u : 0u) | (s0u >= 0 && s1u <= 0 ? 8u : 0u);
    if (on == 0)
        return false;
    q2_q32 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
    return ((on & 1u) != 0 && axis_try(a->u_lo - t_q32, a->u_hi + t_q32, q2_q32)) ||
           ((on & 2u) != 0 && axis_try(-a->u_hi - t_q32, t_q32 - a->u_lo, q2_q32)) ||
           ((on & 4u) != 0 && axis_try(a->v_lo - t_q32, a->v_hi + t_q32, q2_q32)) ||
           ((on & 8u) != 0 && axis_try(-a->v_hi - t_q32, t_q32 - a->v_lo, q2_q32));
}

/* A sound shortcut for a hit in the middle of a turn: the beam at the
 * table angle halfway, angle + step / 2 (|step| >= 2). The table's
 * directions are within 1.1e-5 rad of the nominal ones, 2 pi / 4096 apart,
 * so they turn strictly monotonically: that direction lies strictly inside
 * the arc, and the beam turned rigidly to it is a pose of the turn. Its
 * exact frame point X (no table scale) and the table frame's S differ by
 * at most 1.1e-5 |S| < m = |qx| + |qy| + 1 (Q32.32; turn_far), so S within
 * t - m of K puts X within t: the frame test with the radius cut by m in
 * raw units rounded up (a negative reach gives no hit). Inline (ARM code
 * on the GBA, no library multiplies); r - cut needs r <= FXL_SIZE_MAX (a
 * circle in the domain). */
FXL__ALWAYS_INLINE bool middle_witness(const fxl_laser_prep *box, fxl_angle angle, int32_t step,
                                          int32_t qx, int32_t qy, int32_t r)
{
    int32_t c, s, cut;
    if (step > -2 && step < 2)
        return false;
    fxl__sincos((int32_t)((uint32_t)angle + (uint32_t)(step / 2)), &c, &s);
    /* m / 2^16 rounded up: (|qx| + |qy| + 1) < 2^32, so cut <= 2^16 */
    cut = (int32_t)((((uint64_t)fxl__abs32(qx) + fxl__abs32(qy) + 1u) + 65535u) >> 16);
    return fxl__frame_test(box, fxl__along(c, s, qx, qy), fxl__across(c, s, qx, qy), r - cut);
}

/* A sound miss for the middle of a turn, in 64-bit arithmetic (issue 20:
 * it settles the circles near a pivot that the rejects above let through,
 * which otherwise took the exact middle, up to ~20,000 GBA cycles).
 *
 * Proof. The middle meets the circle iff some point X of the arc (the
 * frame point turning rigidly, |X| = R = |q| 2^16, from E0 to E1) lies in
 * K' = K (+) disk(t) (sweep_turn.c). Along an arc about the origin each
 * coordinate is monotone between the axis directions, so the arc lies in
 * the box of its ends and of the axis points (+-R, 0), (0, +-R) whose
 * directions are on it (turn_far's exact test of a direction, complete
 * as turn_far_arc relies on). E_i lies within m = |qx| + |qy| + 1 of S_i
 * per coordinate (turn_far), and R = |q|_raw 2^16 is at most the bound
 * below (0 <= R of course); each axis point also puts 0 in
 * the other coordinate's range. So the arc lies in the box B =
 * [ulo, uhi] x [vlo, vhi] built below. If B's gaps to K, g_u = max(ulo -
 * a1, a0 - uhi, 0) and g_v likewise, have g_u^2 + g_v^2 > t^2 (the
 * distance between two boxes), no point of B, so none of the arc, is
 * within t of K: a miss. Every value is below 2^50 in magnitude (frame
 * values below 2^49, m and (k + 1) 2^16 below 2^48): no overflow, and
 * fxl__sumsq_le takes values below 2^62. */
/* The axis directions on the arc, as axis_hit: cross(S, D) is -v for D =
 * (1, 0), v for (-1, 0), u for (0, 1), -u for (0, -1); with the point
 * turning by -step, D is on the arc iff cross(S0, D) <= 0 <= cross(S1, D)
 * (step > 0; the reverse for step < 0). */
FXL__ALWAYS_INLINE void arc_axes(int32_t step, int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                 int64_t v1_q32, bool on[4])
{
    /* step <= 0 (sg = -1): the same tests with the ends swapped, written
     * as plain compares (issue 20's tails: the products of signs were
     * about 60 ARM instructions in ROM). */
    int64_t ua = step > 0 ? u0_q32 : u1_q32, ub = step > 0 ? u1_q32 : u0_q32;
    int64_t va = step > 0 ? v0_q32 : v1_q32, vb = step > 0 ? v1_q32 : v0_q32;
    on[0] = va >= 0 && vb <= 0;
    on[1] = va <= 0 && vb >= 0;
    on[2] = ua <= 0 && ub >= 0;
    on[3] = ua >= 0 && ub <= 0;
}

/* arc_box_miss's test given arc_axes' directions. */
FXL__ALWAYS_INLINE bool arc_box_core(const fxl_laser_prep *a, const bool on[4], int64_t u0_q32,
                                     int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                     int32_t qy, int64_t t_q32)
{
    int64_t m_q32 = arc_margin(qx, qy);
    int64_t ulo = fxl__min64(u0_q32, u1_q32) - m_q32, uhi = fxl__max64(u0_q32, u1_q32) + m_q32;
    int64_t vlo = fxl__min64(v0_q32, v1_q32) - m_q32, vhi = fxl__max64(v0_q32, v1_q32) + m_q32;
    int64_t gu, gv;
    if (on[0] || on[1] || on[2] || on[3]) {
        /* R <= (M + mn / 2 + 1) 2^16 with M, mn the larger and smaller of
         * |qx|, |qy| ((M + mn/2)^2 = M^2 + M mn + mn^2/4 >= M^2 + mn^2 as
         * M >= mn; the +1 covers the floor): no square root (a 64-bit
         * one costs about 3,000 GBA cycles in ROM); a looser bound only
         * leaves more to the exact middle. */
        uint32_t ax = fxl__abs32(qx), ay = fxl__abs32(qy);
        uint32_t big = ax > ay ? ax : ay, small = ax > ay ? ay : ax;
        int64_t rhi_q32 = ((int64_t)big + (small >> 1) + 1) * 65536;
        if (on[0] || on[1])
            vlo = fxl__min64(vlo, 0), vhi = fxl__max64(vhi, 0);
        if (on[2] || on[3])
            ulo = fxl__min64(ulo, 0), uhi = fxl__max64(uhi, 0);
        if (on[0])
            uhi = fxl__max64(uhi, rhi_q32);
        if (on[1])
            ulo = fxl__min64(ulo, -rhi_q32);
        if (on[2])
            vhi = fxl__max64(vhi, rhi_q32);
        if (on[3])
            vlo = fxl__min64(vlo, -rhi_q32);
    }
    gu = fxl__max64(fxl__max64(ulo - a->u_hi, a->u_lo - uhi), 0);
    gv = fxl__max64(fxl__max64(vlo - a->v_hi, a->v_lo - vhi), 0);
    if (gu > t_q32 || gv > t_q32)
        return true;
    if (gu == 0 || gv == 0)
        return false;
    /* 0 < gu, gv <= t below 2^50: the 2^20-step floors first (as
     * sweep_turn.c's rect_hit), the 128-bit squares only in their band. */
    {
        uint64_t fu = (uint64_t)gu >> 20, fv = (uint64_t)gv >> 20, ft = (uint64_t)t_q32 >> 20;
        if (fu * fu + fv * fv >= (ft + 1u) * (ft + 1u))
            return true;
        if ((fu + 1u) * (fu + 1u) + (fv + 1u) * (fv + 1u) <= ft * ft)
            return false;
    }
    return !fxl__sumsq_le((uint64_t)gu, (uint64_t)gv, (uint64_t)t_q32);
}

FXL_ARM_CODE static bool arc_box_miss(const fxl_laser_prep *a, int32_t step, int64_t u0_q32,
                                      int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                      int32_t qy, int64_t t_q32)
{
    bool on[4];
    arc_axes(step, u0_q32, v0_q32, u1_q32, v1_q32, on);
    return arc_box_core(a, on, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32);
}

/* A frame point (u, v) (Q32.32) against K (+) disk(TT 2^24), in 1/256 px
 * and 32 x 32 -> 64-bit squares: true only when it lies outside. Frame
 * values are below 2^49 (|c|, |s| <= 2^16 times int32 offsets) and so
 * are the rectangle's bounds, so their fxl__px256 floors are exact and
 * below 2^25. With U = floor(u / 2^24) and A0, A1 the floors of a0, a1:
 * a0 - u > (A0 - U - 1) 2^24 and u - a1 > (U - A1 - 1) 2^24, so the
 * distance along, max(a0 - u, u - a1, 0), is at least EU 2^24, EU =
 * max(A0 - U - 1, U - A1 - 1, 0) (the same across, EV); EU^2 + EV^2 > TT^2
 * then puts the point farther than TT 2^24 from K (EU, EV below 2^26 and
 * TT below 2^25: the squares below 2^53). */
FXL__ALWAYS_INLINE bool px256_out(const fxl_laser_prep *a, int64_t u_q32, int64_t v_q32,
                                  uint32_t tt)
{
    int32_t u = fxl__px256(u_q32), v = fxl__px256(v_q32);
    int32_t eu = fxl__max32(fxl__max32(fxl__px256(a->u_lo) - u, u - fxl__px256(a->u_hi)) - 1, 0);
    int32_t ev = fxl__max32(fxl__max32(fxl__px256(a->v_lo) - v, v - fxl__px256(a->v_hi)) - 1, 0);
    return (uint64_t)((int64_t)eu * eu) + (uint64_t)((int64_t)ev * ev) > (uint64_t)tt * tt;
}

/* sign(a b - c d) for values of 1/256 px P(x) = floor(x / 2^24) of
 * Q32.32 values x below 2^50 (so |P(x)| below 2^26), when the floors can
 * tell: 1 or -1, else 0. With x = P(x) 2^24 + e, 0 <= e < 2^24, x y / 2^48
 * lies within |P(x)| + |P(y)| + 1 of P(x) P(y) (strictly), so D / 2^48
 * (D = a b - c d) lies strictly within B = |P(a)| + |P(b)| + |P(c)| +
 * |P(d)| + 2 of D' = P(a) P(b) - P(c) P(d): D' >= B gives D > 0, D' <= -B
 * gives D < 0. Products below 2^52, B below 2^29: no overflow. */
FXL__ALWAYS_INLINE int cross256(int32_t a, int32_t b, int32_t c, int32_t d)
{
    int64_t e = (int64_t)a * b - (int64_t)c * d;
    /* B in 32 bits (session 17: no carries): below 2^29, it never wraps */
    int64_t bound =
        (int64_t)(fxl__abs32(a) + fxl__abs32(b) + fxl__abs32(c) + fxl__abs32(d) + 2u);
    return e >= bound ? 1 : e <= -bound ? -1 : 0;
}

/* A sure miss of the middle of a turn past the tip of the beam, cheaper
 * than far_miss (session 15; issue 20's tails: fxl__turn_far_core32 took
 * about 1,200 GBA cycles in ROM on the worst samples of
 * fxl_sweep_vs_circle, circles just past the tip of a thin beam and off
 * its axis): both ends beyond the tip side and one long side, and the
 * direction of the corner C between those sides off the arc.
 * Proof. Take v0, v1 > 0 (the other case is its mirror, with v_lo) and C =
 * (u_hi, v_hi), u_hi > 0 (the caller's gate). E_i lies on the ray of S_i
 * within m = |qx| + |qy| + 1 of it (Q32.32; turn_far), so S_i beyond
 * max(u_hi, 0) + m along and max(v_hi, 0) + m across (checked below in
 * 1/256 px: P(x) = floor(x / 2^24), M = P(|qx|) + P(|qy|) + 2 > m / 2^24
 * (three remainders below 2 2^24), and P(x) > max(P(h), 0) + M gives x >=
 * (max(P(h), 0) + M + 1) 2^24 > max(h, 0) + m; the mirror P(x) < min(P(l),
 * 0) - M gives x < min(l, 0) - m) puts E0, E1 in the open first quadrant,
 * beyond u_hi and v_hi. The arc between them (the middle's frame points,
 * radius R, sweep_turn.c) turns by at most a quarter turn plus the
 * table's error (|step| <= 1024), less than the three quarters the other
 * way round, so it stays in that quadrant, where u and v are monotone
 * along it: every point X of it has u > u_hi and v > v_hi, and its
 * nearest point in K is C, |X - C|^2 = R^2 + |C|^2 - 2 R |C| cos(phi_X -
 * phi_C). C lies in the open right half plane (u_hi > 0), so phi_C -
 * phi_X is within a half turn, and of one strict sign for the whole arc
 * when cross(E0, C) and cross(E1, C) (the signs of sin(phi_C - phi_X);
 * those of cross(S_i, C), E_i on the ray of S_i; cross256 gives them
 * only when its floors can tell) agree and are not 0; then |X - C| grows
 * with |phi_X - phi_C| and is least at an end. The ends lie farther than
 * t from K (quick_miss's px256 tests, E_i within m of S_i), so every
 * point of the arc does: the middle misses. tests/test_sweep.c's
 * property_quick_bands audits it (the exact middle run on every turn
 * quick_miss settles; it fails with the second end's sign test left
 * out). */
#ifdef FXL_TEST_HOOKS
uint32_t fxl__turn_corner_misses;
#endif
FXL__ALWAYS_INLINE bool tip_corner(const fxl_laser_prep *a, int32_t step, int64_t u0_q32,
                                   int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                   int32_t qy)
{
    int32_t mm = (int32_t)(fxl__abs32(qx) >> 24) + (int32_t)(fxl__abs32(qy) >> 24) + 2;
    int32_t b = fxl__max32(fxl__px256(a->u_hi), 0) + mm, p0, p1;
    int64_t cv_q32;
    int s0;
    if (step < -1024 || step > 1024 || fxl__px256(u0_q32) <= b || fxl__px256(u1_q32) <= b)
        return false;
    p0 = fxl__px256(v0_q32), p1 = fxl__px256(v1_q32);
    if (p0 > 0) {
        b = fxl__max32(fxl__px256(a->v_hi), 0) + mm;
        if (p0 <= b || p1 <= b)
            return false;
        cv_q32 = a->v_hi;
    } else {
        b = fxl__min32(fxl__px256(a->v_lo), 0) - mm;
        if (p0 >= b || p1 >= b)
            return false;
        cv_q32 = a->v_lo;
    }
    /* cross(S_i, C) = u_i C.v - v_i C.u, its sign from the 1/256 px values
     * (cross256) */
    b = fxl__px256(cv_q32), mm = fxl__px256(a->u_hi);
    s0 = cross256(fxl__px256(u0_q32), b, p0, mm);
    if (s0 == 0 || cross256(fxl__px256(u1_q32), b, p1, mm) != s0)
        return false;
    return true;
}

/* turn_hit's frame values for quick_miss, by address (session 15: as
 * arguments, GCC copied them into quick_miss's frame first). */
typedef struct turn_vals {
    int64_t u0, v0, u1, v1, t;
} turn_vals;

/* A sure miss of a turn whose end beams both missed, ahead of the arc's
 * box (issue 20's tails: a circle just behind the emitter, or past the
 * tip of a thin beam off its axis, went through the arc's box, side_miss,
 * the exact ends and set-up before sweep_turn.c's behind_miss or far_miss
 * settled it: up to 6,200 GBA cycles of a 665 median). behind: the
 * rectangle in u >= 0 (u_lo >= 0), both ends in u < 0 and |step| <= 1024
 * (the caller's signs), and R > t: behind_miss, R > t iff q2 = |q|^2 (raw
 * units squared, R^2 = q2 2^32) exceeds th^2, th = r + round the reach in
 * raw units (t = th 2^16 >= 0, th < 2^32). Otherwise far_miss on the same
 * values (tip_corner, then fxl__turn_far_core32). Each proves the middle
 * misses once E0, E1 are outside K'; E_i lies within band = |qx| + |qy| +
 * 1 (Q32.32) of S_i (sweep_turn.c's head), so S_i outside K (+) disk(t + band) settles that
 * (and the end beams' own miss): px256_out with TT = ceil(th / 2^8) +
 * floor(band / 2^24) + 1, TT 2^24 > t + band (TT < 2^25). Then the start
 * pose, the end pose and the middle all miss. */
FXL_ARM_CODE static bool quick_miss(const fxl_laser_prep *a, const turn_vals *f, int32_t step,
                                    int32_t qx, int32_t qy, bool behind)
{
    int64_t u0_q32 = f->u0, v0_q32 = f->v0, u1_q32 = f->u1, v1_q32 = f->v1, t_q32 = f->t;
    uint64_t th = (uint64_t)t_q32 >> 16, band, q2;
    uint32_t tt;
    bool corner = false;
    if (!behind)
        corner = tip_corner(a, step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy);
    if (!corner) {
        q2 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
        if (behind ? q2 <= th * th
                   : !fxl__turn_far_core32(step, qx, qy, q2, a->v_lo, a->v_hi, t_q32, u0_q32,
                                           v0_q32, u1_q32, v1_q32))
            return false;
    }
    band = (uint64_t)fxl__abs32(qx) + fxl__abs32(qy) + 1u;
    tt = (uint32_t)((th + 255u) >> 8) + (uint32_t)(band >> 24) + 1u;
    if (!px256_out(a, u0_q32, v0_q32, tt) || !px256_out(a, u1_q32, v1_q32, tt))
        return false;
#ifdef FXL_TEST_HOOKS
    fxl__turn_corner_misses += corner ? 1u : 0u;
#else
    (void)corner;
#endif
    return true;
}

/* quick_miss's gate, inline: every circle past the end beams pays it, so
 * the circle's signs first and only the two common cases (issue 20: with
 * every side's behind_miss and far_miss's every case gated here, the
 * turns' maxima about a pivot off the beam and of a moving circle rose
 * 250 to 380 GBA cycles): behind the emitter side (u0, u1 < 0 <= u_lo),
 * or past the tip off the axis (u0, u1 > u_hi > 0, v0 and v1 of one
 * strict sign; for cost only, far_miss checks its own conditions). */
FXL__ALWAYS_INLINE bool turn_quick(const fxl_laser_prep *a, int32_t step, int64_t u0_q32,
                                   int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                   int32_t qy, int64_t t_q32)
{
    turn_vals f;
    bool behind;
    if (u0_q32 < 0 && u1_q32 < 0) {
        if (a->u_lo < 0 || step < -1024 || step > 1024)
            return false;
        behind = true;
    } else if (u0_q32 > a->u_hi && u1_q32 > a->u_hi && a->u_hi > 0 &&
               ((v0_q32 > 0 && v1_q32 > 0) || (v0_q32 < 0 && v1_q32 < 0))) {
        behind = false;
    } else {
        return false;
    }
    f.u0 = u0_q32, f.v0 = v0_q32, f.u1 = u1_q32, f.v1 = v1_q32, f.t = t_q32;
    return quick_miss(a, &f, step, qx, qy, behind);
}

#ifdef FXL_TEST_HOOKS
uint32_t fxl__turn_quick_misses;
#endif

/* arc_box_miss and axis_hit in one call for turn_hit (issue 20's tails:
 * a circle that the beam's axis sweeps over, past both end beams, paid
 * about 1,150 GBA cycles in arc_box_miss's box before axis_hit's yes,
 * and each call worked out the directions on the arc again): the
 * directions once, axis_hit's sure hits on them first (a few 32 x 32 ->
 * 64-bit squares), then the box's sure miss. 1 a hit, 0 a miss, -1 for
 * the exact middle; both are sound, so the order changes no answer. */
FXL_ARM_CODE static int arc_settle(const fxl_laser_prep *a, int32_t step, int64_t u0_q32,
                                   int64_t v0_q32, int64_t u1_q32, int64_t v1_q32, int32_t qx,
                                   int32_t qy, int64_t t_q32)
{
    bool on[4];
    arc_axes(step, u0_q32, v0_q32, u1_q32, v1_q32, on);
    if (on[0] || on[1] || on[2] || on[3]) {
        uint64_t q2_q32 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
        bool span_v = a->v_lo <= 0 && a->v_hi >= 0, span_u = a->u_lo <= 0 && a->u_hi >= 0;
        if ((span_v && on[0] && axis_try(a->u_lo - t_q32, a->u_hi + t_q32, q2_q32)) ||
            (span_v && on[1] && axis_try(-a->u_hi - t_q32, t_q32 - a->u_lo, q2_q32)) ||
            (span_u && on[2] && axis_try(a->v_lo - t_q32, a->v_hi + t_q32, q2_q32)) ||
            (span_u && on[3] && axis_try(-a->v_hi - t_q32, t_q32 - a->v_lo, q2_q32)))
            return 1;
    }
    return arc_box_core(a, on, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32) ? 0 : -1;
}

/* |v| (Q32.32) in raw units (2^-16 px) rounded up; below 2^48. */
FXL__ALWAYS_INLINE uint64_t raw_up(int64_t v_q32)
{
    return (fxl__abs64(v_q32) + 65535u) >> 16;
}

/* One corner C (frame coordinates about the pivot) of side_miss, given by
 * bounds cu, cv on its coordinates' magnitudes (raw units, 2^-16 px, as
 * raw_up): true only when R > |C| + t, with no square root
 * (issue 20's tails: the 32-bit root this replaced cost the GBA about 700
 * cycles on every call that then failed and ran the exact middle).
 * Derivation. s = cu^2 + cv^2 >= |C|^2; R^2 = q2 exactly. R > sqrt(s) + t (which implies R >
 * |C| + t) iff q2 > s + t^2 + 2 t sqrt(s), i.e. iff d = q2 - s - t^2 > 0
 * and d > 2 t sqrt(s). With M, mn the larger and smaller of cu, cv:
 * M <= sqrt(s) <= M + mn / 2 ((M + mn/2)^2 = M^2 + M mn + mn^2 / 4 >=
 * M^2 + mn^2 as M >= mn), and M + floor(mn / 2) + 1 > M + mn / 2. So d >
 * 2 t (M + mn/2 + 1) decides yes, d <= 2 t M decides no, and only the
 * band between them takes the exact d^2 > 4 t^2 s (128-bit). No filter
 * (false) for a corner 2^31 raw units or more away on an axis, or t >=
 * 2^31 (side_miss): with cu, cv, t < 2^31 every value below is under 2^64
 * (s, t^2 < 2^63 and 2^62; 2 t (M + mn/2 + 1) < 3 2^62 + 2^32; 4 t^2 <
 * 2^64; d < q2 < 2^63). */
FXL__ALWAYS_INLINE bool corner_inside(uint64_t cu, uint64_t cv, uint64_t q2, uint32_t th,
                                      uint64_t th2)
{
    uint64_t s, d;
    uint32_t big, small;
    if ((cu | cv) >= ((uint64_t)1 << 31))
        return false;
    big = (uint32_t)(cu > cv ? cu : cv), small = (uint32_t)(cu > cv ? cv : cu);
    /* The usual failure first, in one product: R <= M + t (big + th <
     * 2^32) leaves R <= sqrt(s) + t. */
    if (q2 <= (uint64_t)(big + th) * (big + th))
        return false;
    s = (uint64_t)big * big + (uint64_t)small * small;
    if (q2 <= s + th2)
        return false;
    d = q2 - s - th2;
    if (d > 2u * ((uint64_t)th * (big + (small >> 1) + 1u)))
        return true;
    if (d <= 2u * ((uint64_t)th * big))
        return false;
    return !fxl__le128(fxl__sq(d), fxl__mul64(4u * th2, s));
}

/* A sound miss for the middle of a turn (issue 20's tails: a circle just
 * past a corner of a beam turning about a pivot off it, or past its tip,
 * which arc_box_miss's box of the arc leaves to the exact middle, about
 * 20,000 GBA cycles).
 * Proof. The middle's frame points X lie on the circle |X| = R = |q| 2^16
 * along the arc from E0 to E1 (sweep_turn.c), less than a half turn
 * (|step| < 2048; a half turn has S1 = -S0). If u0, u1 < 0 (the S_i and
 * E_i = S_i 2^16 / |t_i| share signs), the whole arc has u < 0: leaving
 * that open half plane and coming back crosses its edge line twice, half
 * a turn apart. Take the side u = a0 of K = [a0, a1] x [b0, b1], corners
 * C- = (a0, b0), C+ = (a0, b1), and suppose R > |C+-| + t. A point X =
 * (u, v) of the arc with v in [b0, b1] has u = -sqrt(R^2 - v^2) and u <
 * a0 - t: if a0 >= t, as u < 0; else R^2 - v^2 > (t - a0)^2 since R^2 >
 * (|C| + t)^2 >= a0^2 + b^2 + 2 t |a0| + t^2 >= (t - a0)^2 + v^2 for the
 * corner whose b^2 >= v^2 (b = b0 or b1). A point with v in (b1, b1 + t]
 * has u < a0 likewise (R^2 > a0^2 + (|b1| + t)^2 >= a0^2 + v^2) and its
 * nearest point of K is C+, farther than t: R > |C+| + t puts the whole
 * circle outside the disk of radius t about C+. The same below b0 with
 * C-, and a point with v beyond [b0 - t, b1 + t] is farther than t from
 * K. So no point of the arc is within t of K: a miss. The same for u > 0
 * with the side u = a1, and for v < 0, v > 0 with the sides v = b0, b1.
 * Both corners of a side are within the bounds (|a0|, max(|b0|, |b1|))
 * in magnitude, so one test of that point covers them.
 * Integer bounds (corner_inside: R > |C| + t from squares, no square
 * root) only make it stricter. */
FXL_ARM_CODE static bool side_miss(const fxl_laser_prep *a, int64_t u0_q32, int64_t v0_q32,
                                   int64_t u1_q32, int64_t v1_q32, int32_t qx, int32_t qy,
                                   int64_t t_q32)
{
    /* t = (r + round) 2^16 exactly (th raw units, t >= 0 here); R^2 =
     * q2 exactly in raw units (below 2^63). */
    uint64_t q2 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
    uint64_t th64 = (uint64_t)t_q32 >> 16, th2;
    uint32_t th;
    if (!((u0_q32 < 0 && u1_q32 < 0) || (u0_q32 > 0 && u1_q32 > 0) || (v0_q32 < 0 && v1_q32 < 0) ||
          (v0_q32 > 0 && v1_q32 > 0)) ||
        th64 >= ((uint64_t)1 << 31))
        return false;
    th = (uint32_t)th64;
    th2 = (uint64_t)th * th;
    /* One corner per side, the one farther from the pivot (the larger
     * magnitude across): its bound implies the nearer corner's, whose s
     * is no larger. At most two sides apply (u0, u1 share a sign, and v0,
     * v1), so two corner tests at most. */
    if ((u0_q32 < 0 && u1_q32 < 0) || (u0_q32 > 0 && u1_q32 > 0)) {
        uint64_t cl = raw_up(a->v_lo), ch = raw_up(a->v_hi), cv = cl > ch ? cl : ch;
        if (corner_inside(raw_up(u0_q32 < 0 ? a->u_lo : a->u_hi), cv, q2, th, th2))
            return true;
    }
    if ((v0_q32 < 0 && v1_q32 < 0) || (v0_q32 > 0 && v1_q32 > 0)) {
        uint64_t cl = raw_up(a->u_lo), ch = raw_up(a->u_hi), cu = cl > ch ? cl : ch;
        if (corner_inside(cu, raw_up(v0_q32 < 0 ? a->v_lo : a->v_hi), q2, th, th2))
            return true;
    }
    return false;
}

/* The exact middle behind side_miss; the test builds' audit
 * (fxl__turn_audit, sweep_parts.h) runs the exact stage on side_miss's
 * misses too and counts any it calls a hit. t >= 0. */
FXL__ALWAYS_INLINE bool middle_exact(const fxl_sweep_prep *sp, int32_t qx, int32_t qy,
                                     int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                     int64_t v1_q32, int32_t r, int64_t t_q32)
{
    if (side_miss(&sp->from, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32)) {
#ifdef FXL_TEST_HOOKS
        if (fxl__turn_audit.on) {
            fxl__turn_audit.filtered++;
            fxl__turn_audit.wrong += fxl__turn_middle(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r)
                                         ? 1u
                                         : 0u;
        }
#endif
        return false;
    }
    return fxl__turn_middle(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r);
}

/* A middle the quick misses settled: false (and, in test builds with the
 * audit on, the exact middle run too and counted if it disagrees). */
FXL__ALWAYS_INLINE bool quick_audit(const fxl_sweep_prep *sp, int32_t qx, int32_t qy,
                                    int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                    int64_t v1_q32, int32_t r)
{
#ifdef FXL_TEST_HOOKS
    fxl__turn_quick_misses++;
    if (fxl__turn_audit.on) {
        fxl__turn_audit.filtered++;
        fxl__turn_audit.wrong +=
            fxl__turn_middle(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r) ? 1u : 0u;
    }
#else
    (void)sp, (void)qx, (void)qy, (void)u0_q32, (void)v0_q32, (void)u1_q32, (void)v1_q32, (void)r;
#endif
    return false;
}

/* A turn turn_hit's arc box settled ahead of the end beams: false (and,
 * in test builds with the audit on, both end beams and the exact middle
 * run too, counted in arc_checked, and in arc_wrong if either hits). */
FXL__ALWAYS_INLINE bool arc_audit(const fxl_sweep_prep *sp, int32_t qx, int32_t qy,
                                  int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                  int64_t v1_q32, int32_t r, int64_t t_q32)
{
#ifdef FXL_TEST_HOOKS
    if (fxl__turn_audit.on) {
        const fxl_laser_prep *a = &sp->from;
        bool hit = fxl__frame_test(a, u0_q32, v0_q32, r) || fxl__frame_test(a, u1_q32, v1_q32, r);
        if (!hit && sp->step != 0 && t_q32 >= 0)
            hit = fxl__turn_middle(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r);
        fxl__turn_audit.arc_checked++;
        fxl__turn_audit.arc_wrong += hit ? 1u : 0u;
    }
#else
    (void)sp, (void)qx, (void)qy, (void)u0_q32, (void)v0_q32, (void)u1_q32, (void)v1_q32, (void)r,
        (void)t_q32;
#endif
    return false;
}

/* The turn about the pivot for a circle at offset q: the cheap rejects,
 * the two end beams, the axis shortcut, then (rarely) the exact middle.
 * With step 0 it is the static test of the start beam. */
FXL_WARM_CODE
static bool turn_hit(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, int32_t r)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t u0_q32 = fxl__along(a->cos, a->sin, qx, qy);
    int64_t v0_q32 = fxl__across(a->cos, a->sin, qx, qy);
    int64_t u1_q32 = fxl__along(sp->cos1, sp->sin1, qx, qy);
    int64_t v1_q32 = fxl__across(sp->cos1, sp->sin1, qx, qy);
    int64_t t_q32 = ((int64_t)r + a->round) * 65536;
    int settled;

    /* turn_far with ends_far in 32-bit compares (sweep_parts.h: a weaker
     * reject; the arc form still covers every case of ends_far). */
    if (fxl__sweep_ends_far256(u0_q32, v0_q32, u1_q32, v1_q32, a->u_lo, a->u_hi, a->v_lo,
                               a->v_hi, t_q32, qx, qy))
        return false;
    /* With the pivot outside the grown rectangle, turn_far's arc form, as
     * arc_box_miss (session 17; issue 20's tails: a circle about a pivot
     * off the beam that turn_far_arc let through paid it, about 600 GBA
     * cycles, then the end beams, then arc_settle's box, about 1,100, that
     * settled it). It rejects whatever turn_far_arc does: a side of
     * turn_far_arc with its axis direction off the arc and both ends
     * beyond it by more than m leaves that side's gap between the arc's
     * box and K above t (the box is the ends' range grown by the same m,
     * and grown to that axis only when the direction is on the arc). And
     * it proves the end beams miss too: the box holds both table points
     * S0 = (u0, v0), S1 (their ranges grown by m), so each S_i lies at
     * least the box's gaps gu, gv beyond K along and across, and gu > t,
     * gv > t or gu^2 + gv^2 > t^2 is fxl__frame_test's miss of S_i (eu >=
     * gu, ev >= gv); t < 0 is a miss in both. Its miss of the middle is
     * arc_box_miss's own proof. */
    if ((a->u_lo - t_q32 > 0 || a->u_hi + t_q32 < 0 || a->v_lo - t_q32 > 0 ||
         a->v_hi + t_q32 < 0) &&
        arc_box_miss(a, sp->step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32))
        return arc_audit(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r, t_q32);
    /* The end beam has the same rectangle (only its frame differs, and
     * u1_q32, v1_q32 are already in it). */
    if (fxl__frame_test(a, u0_q32, v0_q32, r) || fxl__frame_test(a, u1_q32, v1_q32, r))
        return true;
    if (sp->step == 0 || t_q32 < 0)
        return false;
    /* The middle's common sure misses before the arc's box (quick_miss). */
    if (turn_quick(a, sp->step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32))
        return quick_audit(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r);
    settled = arc_settle(a, sp->step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32);
    if (settled >= 0)
        return settled == 1;
    return middle_exact(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r, t_q32);
}

/* The whole motion for a circle whose offsets from the pivot are g0 at the
 * start, gm at the turn and g1 at the end (Q16.16). still: no slides. */
static bool motion_hit(const fxl_sweep_prep *sp, int32_t g0x, int32_t g0y, int32_t gmx,
                       int32_t gmy, int32_t g1x, int32_t g1y, int32_t r)
{
    const fxl_laser_prep *a = &sp->from;
    if (sp->step == 0)
        return fxl__slide_hit(a, a->cos, a->sin, g0x, g0y, g1x, g1y, r);
    return fxl__slide_hit(a, a->cos, a->sin, g0x, g0y, gmx, gmy, r) || turn_hit(sp, gmx, gmy, r) ||
           fxl__slide_hit(a, sp->cos1, sp->sin1, gmx, gmy, g1x, g1y, r);
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
                      fxl__offset(mx, pmx), fxl__offset(my, pmy), fxl__offset(c1x, sp->pivot1.x),
                      fxl__offset(c1y, sp->pivot1.y), r);
}

/* A fixed circle: the turn alone when the pivot stays put. */
static inline bool fixed_hit(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    if (sp->half_move.x == 0 && sp->half_move.y == 0 && sp->pivot1.x == sp->from.pos.x &&
        sp->pivot1.y == sp->from.pos.y)
        return turn_hit(sp, fxl__offset(x, sp->from.pos.x), fxl__offset(y, sp->from.pos.y), r);
    return moving_hit(sp, x, y, x, y, r);
}

FXL_WARM_CODE
bool fxl_sweep_vs_circle(const fxl_sweep_prep *sp, fxl_circle circle)
{
    FXL_ASSERT(sp != NULL && fxl__laser_prep_ok(&sp->from) && fxl_circle_check(circle) == FXL_OK);
    return fixed_hit(sp, circle.c.x, circle.c.y, circle.r);
}

FXL_WARM_CODE
bool fxl_sweep_vs_moving_circle(const fxl_sweep_prep *sp, fxl_circle from, fxl_vec2 to)
{
    FXL_ASSERT(sp != NULL && fxl_circle_check(from) == FXL_OK);
    return moving_hit(sp, from.c.x, from.c.y, to.x, to.y, from.r);
}

/* ---- batch and fused forms ------------------------------------------------ */

/* A box (Q14.14 bounds: units of 4 raw) of the beam's rectangle about the
 * pivot, turned by the table vector (c, s): world x = c u - s v, y = s u +
 * c v is separable, so each extreme takes the extreme product of each
 * term. The vector is cut to Q10 (off by < 2^-10 a component) and the
 * frame bounds f (ulo, uhi, vlo, vhi) are Q4, below 2^17 in magnitude:
 * every product is below 2^27. */
FXL__ALWAYS_INLINE fxl_aabb turned_box(int32_t c, int32_t s, const int32_t f_q4[4])
{
    int32_t c_q10 = fxl__asr32(c, 6), s_q10 = fxl__asr32(s, 6);
    int32_t cu0 = c_q10 * f_q4[0], cu1 = c_q10 * f_q4[1];
    int32_t su0 = s_q10 * f_q4[0], su1 = s_q10 * f_q4[1];
    int32_t cv0 = c_q10 * f_q4[2], cv1 = c_q10 * f_q4[3];
    int32_t sv0 = s_q10 * f_q4[2], sv1 = s_q10 * f_q4[3];
    fxl_aabb e_q14;
    e_q14.lo.x = fxl__min32(cu0, cu1) - fxl__max32(sv0, sv1);
    e_q14.hi.x = fxl__max32(cu0, cu1) - fxl__min32(sv0, sv1);
    e_q14.lo.y = fxl__min32(su0, su1) + fxl__min32(cv0, cv1);
    e_q14.hi.y = fxl__max32(su0, su1) + fxl__max32(cv0, cv1);
    return e_q14;
}

/* A bounding box of every place the beam is during the motion, for the
 * prepared tests' first reject, in 32-bit arithmetic (a reject needs no
 * precision; the exact tests decide every circle it lets through):
 *  - the beam's rectangle (about the pivot, in the start frame, rounded
 *    outwards to 1/16 px) turned to the start and the end angle: boxes
 *    A0, A1 about the pivot;
 *  - a slide keeps the angle, and a translating convex set stays in the
 *    box of its two ends: A0 at p0 and at the turn's pivot pm (p0 + half
 *    the move), A1 at pm and at p1;
 *  - during the turn each corner runs along an arc of at most half a turn
 *    about pm, which lies within its sagitta R (1 - cos(theta/2)) of its
 *    chord, so within the box of its ends grown by that: R bounds every
 *    corner's distance from the pivot (max + min/2 >= the length) and 1 -
 *    cos(theta/2) <= (65537 - cos_table(ceil(|step|/2))) / 65536 (cos
 *    falls on [0, pi/2]; the table is within half a raw unit);
 *  - all grown by round (a capsule), by 2^-8 of the reach (the Q10 vector
 *    is within 2^-9 of the reach of the table's, the table's within 2^-15
 *    of the nominal turn, and the exact region is the nominal one scaled
 *    by 1/|t| < 1 + 2^-15) and by a few units for the floors.
 * Proof that the box holds the exact region. A centre X hits a beam pose
 * about the pivot P only if frame(X - P) lies in K (+) disk(round + r)
 * (Q32.32, the frame = 2^16 |t| R^T), i.e. X - P lies in s R (K (+)
 * disk(round + r)) with s = 65536 / |t| <= 1 + 1.1e-5 (tests/test_angle.c)
 * = s R K (+) disk(s round) (+) disk(s r). s R K lies within (s - 1) R_K <
 * 2^-16 R of R K, inside the turned box grown by R / 2^8; s round <= round
 * + round / 2^14 + 1 raw (so the round is scaled here, never added as is:
 * issue 21 item 1, a 2^28 px round was 1,100 raw units short); s r <= r +
 * r / 2^14 + 1 is what fxl__near_box adds. The circle's own box test then
 * passes every hit.
 * A beam reaching more than 8192 px from its pivot, or a box wider than
 * the 32-bit reject takes, gets none (every circle goes on to the exact
 * test). */
/* floor(v / 2^28) of a Q32.32 frame bound (Q4), through *ok false when
 * it is not below 2^17 in magnitude; from the two words, no 64-bit shift. */
FXL__ALWAYS_INLINE int32_t q4_of(int64_t v_q32, bool *ok)
{
    uint64_t w = (uint64_t)v_q32;
    uint32_t hi = (uint32_t)(w >> 32), lo = (uint32_t)w;
    *ok = *ok && hi + 0x2000u < 0x4000u; /* -2^13 <= floor(v / 2^32) < 2^13 */
    return (int32_t)((hi << 4) | (lo >> 28)); /* two's complement, in range */
}

FXL_WARM_CODE
bool fxl__sweep_box(const fxl_sweep_prep *sp, uint32_t *mx, uint32_t *my, uint32_t *hx,
                    uint32_t *hy)
{
    const fxl_laser_prep *a = &sp->from;
    bool ok = true;
    int32_t f_q4[4], grow_q14;
    fxl_aabb box_q14;
    fxl_vec2 p0_q14, pm_q14, p1_q14;
    uint32_t mu_q4, mv_q4, r_q4, half_q14;

    /* The rectangle rounded outwards: ceil(v) = -floor(-v) (v > -2^63). */
    f_q4[0] = q4_of(a->u_lo, &ok), f_q4[1] = -q4_of(-a->u_hi, &ok);
    f_q4[2] = q4_of(a->v_lo, &ok), f_q4[3] = -q4_of(-a->v_hi, &ok);
    if (!ok)
        return false;
    mu_q4 = (uint32_t)fxl__max32(-f_q4[0], f_q4[1]);
    mv_q4 = (uint32_t)fxl__max32(-f_q4[2], f_q4[3]);
    /* R in Q4, below 2^17.6 */
    r_q4 = (mu_q4 > mv_q4 ? mu_q4 + mv_q4 / 2u : mv_q4 + mu_q4 / 2u) + 1u;
    /* Positions in Q14 (floored; pm as two floors, within 2 units). */
    p0_q14 = fxl_vec2_make(fxl__asr32(a->pos.x, 2), fxl__asr32(a->pos.y, 2));
    pm_q14 = fxl_vec2_make(p0_q14.x + fxl__asr32(sp->half_move.x, 2),
                           p0_q14.y + fxl__asr32(sp->half_move.y, 2));
    p1_q14 = fxl_vec2_make(fxl__asr32(sp->pivot1.x, 2), fxl__asr32(sp->pivot1.y, 2));
    /* Q14: R / 2^8, the round scaled as the reach (round + round / 2^14 +
     * 1 raw, as fxl__near_box widens r), the floors. */
    grow_q14 = (int32_t)(r_q4 << 2) + (a->round >> 2) + (a->round >> 16) + 6;
    if (sp->step != 0) {
        uint32_t h = (fxl__abs32(sp->step) + 1u) >> 1;
        uint32_t f_q10 = (uint32_t)(65537 - fxl_cos((fxl_angle)h) + 63) >> 6; /* <= 1025 */
        grow_q14 += (int32_t)(r_q4 * f_q10) + 1;
    }
    /* The start beam from p0 to pm, the end beam from pm to p1, grown. */
    box_q14 = fxl__aabb_union(
        fxl__aabb_add(fxl__aabb_span(p0_q14, pm_q14), turned_box(a->cos, a->sin, f_q4)),
        fxl__aabb_add(fxl__aabb_span(pm_q14, p1_q14), turned_box(sp->cos1, sp->sin1, f_q4)));
    box_q14 = fxl__aabb_grow(box_q14, grow_q14);
    /* Middle and half-extents in raw units (the middle may wrap: only the
     * half-extent is bounded, see fxl__near_box). */
    half_q14 = (uint32_t)fxl__max32(box_q14.hi.x - box_q14.lo.x, box_q14.hi.y - box_q14.lo.y);
    if (half_q14 >= (1u << 29))
        return false;
    *mx = (uint32_t)(box_q14.lo.x + box_q14.hi.x) << 1;
    *my = (uint32_t)(box_q14.lo.y + box_q14.hi.y) << 1;
    *hx = ((uint32_t)(box_q14.hi.x - box_q14.lo.x) << 1) + 4u;
    *hy = ((uint32_t)(box_q14.hi.y - box_q14.lo.y) << 1) + 4u;
    return true;
}

/* The four values of a side (along or across) of motion_hit's pieces beyond
 * one side of the grown rectangle: x0 = F0(g0), x1 = F0(gm), x2 = F1(gm),
 * x3 = F1(g1), all above hi_q32 or all below lo_q32, compared in 1/256 px
 * (32-bit compares; a weaker reject, never a wrong one): with p(x) =
 * floor(x / 2^24) (fxl__px256: the values below 2^49, the bounds below
 * 2^51), p(x) > p(hi) puts x >= (p(hi) + 1) 2^24 > hi, and p(x) < p(lo)
 * puts x < (p(x) + 1) 2^24 <= p(lo) 2^24 <= lo. */
FXL__ALWAYS_INLINE bool four_beyond(int64_t x0_q32, int64_t x1_q32, int64_t x2_q32,
                                    int64_t x3_q32, int64_t lo_q32, int64_t hi_q32)
{
    int32_t p0 = fxl__px256(x0_q32), p1 = fxl__px256(x1_q32), p2 = fxl__px256(x2_q32),
            p3 = fxl__px256(x3_q32);
    int32_t lo = fxl__min32(fxl__min32(p0, p1), fxl__min32(p2, p3));
    int32_t hi = fxl__max32(fxl__max32(p0, p1), fxl__max32(p2, p3));
    return lo > fxl__px256(hi_q32) || hi < fxl__px256(lo_q32);
}

/* The batch's sure miss of a motion that moves, before motion_hit (issue
 * 20: a long beam's box lets most circles through, and each then paid
 * both slides' rejects and the turn's, about 1,000 GBA cycles in ROM), on
 * the very offsets motion_hit takes (g0, gm, g1) and the same frame values
 * (fxl__along, fxl__across of the same vectors and offsets).
 * Proof. With t = (r + round) 2^16 and m = arc_margin(gm), take hv =
 * max(v_hi + t, 0) + m and lv = min(v_lo - t, 0) - m (hu, lu the same
 * along). If F0(g0), F0(gm), F1(gm), F1(g1) all lie above hv (across):
 * slide 1's ends F0(g0), F0(gm) lie above v_hi + t, which is slide_far's
 * test, fxl__slide_hit's own first reject (after t < 0, also false);
 * the turn's ends F0(gm), F1(gm) lie above hv, which is ends_far's, turn
 * hit's first reject (turn_far); slide 2's ends F1(gm), F1(g1) above v_hi
 * + t: slide_far again. So every piece of motion_hit returns false. The
 * same below lv and along. With step 0 motion_hit is the one slide from
 * F0(g0) to F0(g1) (F1 = F0: the end frame is the start frame), two of
 * the four: beyond too. The sums stay in int64 (the frame values below
 * 2^49, the bounds below 2^50, m below 2^33), as in turn_far's;
 * four_beyond compares them in 1/256 px (issue 20: 188 bytes of code
 * fewer than the 64-bit compares, and faster). */
FXL__ALWAYS_INLINE bool motion_far(const fxl_sweep_prep *sp, int32_t g0x, int32_t g0y,
                                   int32_t gmx, int32_t gmy, int32_t g1x, int32_t g1y,
                                   int32_t r)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t t_q32 = ((int64_t)r + a->round) * 65536, m_q32 = arc_margin(gmx, gmy);
    if (four_beyond(fxl__across(a->cos, a->sin, g0x, g0y), fxl__across(a->cos, a->sin, gmx, gmy),
                    fxl__across(sp->cos1, sp->sin1, gmx, gmy),
                    fxl__across(sp->cos1, sp->sin1, g1x, g1y),
                    fxl__min64(a->v_lo - t_q32, 0) - m_q32, fxl__max64(a->v_hi + t_q32, 0) + m_q32))
        return true;
    return four_beyond(fxl__along(a->cos, a->sin, g0x, g0y), fxl__along(a->cos, a->sin, gmx, gmy),
                       fxl__along(sp->cos1, sp->sin1, gmx, gmy),
                       fxl__along(sp->cos1, sp->sin1, g1x, g1y),
                       fxl__min64(a->u_lo - t_q32, 0) - m_q32, fxl__max64(a->u_hi + t_q32, 0) + m_q32);
}

/* A fixed circle at (x, y) against a motion that moves, for the batch:
 * motion_far's sure miss first, on the offsets moving_hit gives it (a
 * fixed circle's middle is the centre itself), then motion_hit on them:
 * the same answer as fixed_hit. ARM code out of the loop, in ROM as the
 * other warm code (as IWRAM code, 828 bytes, it ran a slide and turn at
 * 53 / 104 / 311 a circle, but the GBA test ROM's stack then ran into its
 * static data). */
FXL_WARM_CODE static bool batch_moving(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t pmx = fxl__wrap_add(sp->from.pos.x, sp->half_move.x);
    int32_t pmy = fxl__wrap_add(sp->from.pos.y, sp->half_move.y);
    int32_t g0x = fxl__offset(x, sp->from.pos.x), g0y = fxl__offset(y, sp->from.pos.y);
    int32_t gmx = fxl__offset(x, pmx), gmy = fxl__offset(y, pmy);
    int32_t g1x = fxl__offset(x, sp->pivot1.x), g1y = fxl__offset(y, sp->pivot1.y);
    return !motion_far(sp, g0x, g0y, gmx, gmy, g1x, g1y, r) &&
           motion_hit(sp, g0x, g0y, gmx, gmy, g1x, g1y, r);
}

/* turn_hit's head for the batch, in IWRAM ahead of the call (issue 20's
 * tails: turn_hit is ARM code in ROM that loads and spills the whole prep
 * first; its first reject cost about 600 GBA cycles a circle, an end
 * beam's hit about 1,300 and a hit of the beam's axis sweeping over the
 * circle about 2,700, and a long beam's box lets hundreds of circles
 * through): 0 a miss, 1 a hit, -1 for batch_turn_rest (turn_hit's later
 * stages, on the frame values left in *f). Its stages, on turn_hit's
 * values (the offset q, the frame values u_i, v_i and the reach t as
 * turn_hit works them out), the rectangle's values worked out once a
 * batch (batch_turn_init):
 *  - turn_far's rejects in 1/256 px (head_far, its proof there): a weaker
 *    reject than turn_hit's, never a wrong one;
 *  - the two end beams' frame tests (exact) and turn_hit's step-0 exit;
 *  - arc_settle's sure hits along the beam's axis (arc_axes' on[0] and
 *    on[1]; axis_try in raw units, axis_raw: the same test). They are
 *    sound, as turn_quick's misses ahead of them in turn_hit are, so the
 *    order changes no answer; the stages after the end beams need only
 *    those to have missed (quick_miss, arc_settle, fxl__turn_middle), not
 *    turn_far's rejects. */
typedef struct batch_turn {
    int64_t uhr, ulr;                 /* floor(u_hi / 2^16), ceil(u_lo / 2^16) */
    int32_t c0, s0, c1, s1;           /* the two table vectors */
    int32_t pulo, puhi, pvlo, pvhi;   /* P(u_lo), P(u_hi), P(v_lo), P(v_hi) */
    int32_t round, step;
    fix16_t px, py;                   /* the pivot */
    bool span_v;                      /* v_lo <= 0 <= v_hi (arc_settle's) */
} batch_turn;

#ifdef FXL_TEST_HOOKS
fxl__head_audit_t fxl__head_audit;
#endif

/* axis_try(lo, hi, q2) for lo = l 2^16 and hi = h 2^16 with l, h in raw
 * units: for hi = u_hi + t, floor(hi / 2^16) = floor(u_hi / 2^16) + rr
 * (t = rr 2^16, rr = r + round), and for lo = u_lo - t, ceil(lo / 2^16)
 * = ceil(u_lo / 2^16) - rr (on[1]'s bounds -u_hi - t and t - u_lo the
 * same, negated): axis_try's h, its sign and range, and its rounded-up lo
 * and its sign, so the same answer. */
FXL__ALWAYS_INLINE bool axis_raw(int64_t l, int64_t h, uint64_t q2_q32)
{
    if (h < 0 || h > 0x7FFFFFFF || q2_q32 > (uint64_t)h * (uint64_t)h)
        return false;
    if (l <= 0)
        return true;
    return l <= 0x7FFFFFFF && q2_q32 >= (uint64_t)l * (uint64_t)l;
}

/* The head's reject: turn_hit's turn_far (fxl__sweep_ends_far256, then
 * turn_far_arc) in 1/256 px, on the frame values u_i =
 * fxl__along(c_i, s_i, qx, qy), v_i = fxl__across(...) (Q32.32, worked out
 * here: the along ones only past the common reject across), b's words
 * P(x) of the rectangle, the reach t and the step; true only when turn_far
 * is true (a weaker reject, never a wrong
 * one). ends_far's compares first, across first.
 * Proof. fxl__sweep_ends_far256's compares as they are (its proof above:
 * above max(P(hi) + pt, 0) + M, below min(P(lo) - pt, 0) - M). Then
 * turn_far_arc's (sweep.c): a side's test "min(v0, v1) - m > v_hi + t"
 * with the direction of v's least off the arc holds when min(P(v0),
 * P(v1)) > P(v_hi) + pt + M: P(v) >= P(v_hi) + pt + M + 1 gives v - m >
 * (P(v) - M) 2^24 >= (P(v_hi) + pt + 1) 2^24 > v_hi + t (v >= P(v) 2^24,
 * m < M 2^24, t < pt 2^24); and "max(v0, v1) + m < v_lo - t" when
 * max(P(v0), P(v1)) < P(v_lo) - pt - M: v + m < (P(v) + 1 + M) 2^24 <=
 * (P(v_lo) - pt) 2^24 < v_lo - t; the same along u. A direction D is on
 * the arc iff cross(S0, D) <= 0 <= cross(S1, D) (step >= 0; the ends
 * swapped for step < 0; turn_far_arc's exact signs), and P keeps the
 * signs, not strictly (P(x) <= 0 for x <= 0, P(x) >= 0 for x >= 0): the
 * same test on the words puts on the arc every direction that is. So a
 * side rejected here is rejected by turn_far_arc. Sums below 2^28: no
 * overflow. tests/test_sweep.c's head_far_words compares it with the
 * 64-bit turn_far (through fxl__sweep_head_far_check). */
FXL__ALWAYS_INLINE bool head_far(const batch_turn *b, int32_t qx, int32_t qy, int64_t t_q32)
{
    int64_t v0_q32 = fxl__across(b->c0, b->s0, qx, qy), v1_q32 = fxl__across(b->c1, b->s1, qx, qy);
    int64_t u0_q32, u1_q32;
    int32_t m = fxl__sweep_m256(qx, qy), ptm = fxl__sweep_pt256(t_q32) + m;
    int32_t pv0 = fxl__sweep_p24(v0_q32), pv1 = fxl__sweep_p24(v1_q32), pu0, pu1, ua, ub, va, vb;
    int32_t vn = fxl__min32(pv0, pv1), vx = fxl__max32(pv0, pv1), un, ux;
    int32_t hv = b->pvhi + ptm, lv = b->pvlo - ptm, hu, lu;
    /* ends_far: above max(hv, M), below min(lv, -M) */
    if ((vn > hv && vn > m) || (vx < lv && vx < -m))
        return true;
    u0_q32 = fxl__along(b->c0, b->s0, qx, qy), u1_q32 = fxl__along(b->c1, b->s1, qx, qy);
    pu0 = fxl__sweep_p24(u0_q32), pu1 = fxl__sweep_p24(u1_q32);
    un = fxl__min32(pu0, pu1), ux = fxl__max32(pu0, pu1);
    hu = b->puhi + ptm, lu = b->pulo - ptm;
    if ((un > hu && un > m) || (ux < lu && ux < -m))
        return true;
    /* turn_far_arc: the ends in the arc's order; above needs the
     * direction of the axis's least off the arc, below its greatest's:
     * across, down (0, -1) (cross(S, D) = -u) and up (0, 1) (u); along,
     * left (-1, 0) (v) and right (1, 0) (-v) */
    ua = b->step >= 0 ? pu0 : pu1, ub = b->step >= 0 ? pu1 : pu0;
    va = b->step >= 0 ? pv0 : pv1, vb = b->step >= 0 ? pv1 : pv0;
    return (vn > hv && !(ua >= 0 && ub <= 0)) || (vx < lv && !(ua <= 0 && ub >= 0)) ||
           (un > hu && !(va <= 0 && vb >= 0)) || (ux < lu && !(va >= 0 && vb <= 0));
}

/* The head's audit (test builds): turn_hit on a circle the head's
 * reject settled. */
FXL__ALWAYS_INLINE int head_reject(int32_t qx, int32_t qy, int32_t r)
{
#ifdef FXL_TEST_HOOKS
    if (fxl__head_audit.on) {
        fxl__head_audit.checked++;
        fxl__head_audit.wrong +=
            fxl__head_audit.sp != NULL && turn_hit(fxl__head_audit.sp, qx, qy, r) ? 1u : 0u;
    }
#else
    (void)qx, (void)qy, (void)r;
#endif
    return 0;
}

FXL_IWRAM_CODE static int batch_turn_head(const fxl_laser_prep *a, const batch_turn *b, fix16_t x,
                                          fix16_t y, fix16_t r, turn_vals *f)
{
    int32_t qx = fxl__offset(x, b->px), qy = fxl__offset(y, b->py);
    int64_t t_q32 = ((int64_t)r + b->round) * 65536;
    int64_t u0_q32, v0_q32, u1_q32, v1_q32;
    if (head_far(b, qx, qy, t_q32))
        return head_reject(qx, qy, r);
    /* (the same products as there: the compiler keeps them) */
    u0_q32 = fxl__along(b->c0, b->s0, qx, qy), v0_q32 = fxl__across(b->c0, b->s0, qx, qy);
    u1_q32 = fxl__along(b->c1, b->s1, qx, qy), v1_q32 = fxl__across(b->c1, b->s1, qx, qy);
    if (fxl__frame_test(a, u0_q32, v0_q32, r) || fxl__frame_test(a, u1_q32, v1_q32, r))
        return 1;
    if (b->step == 0 || t_q32 < 0)
        return 0;
    if (b->span_v) {
        int64_t vpa_q32 = b->step > 0 ? v0_q32 : v1_q32, vpb_q32 = b->step > 0 ? v1_q32 : v0_q32;
        int64_t rr = (int64_t)r + b->round;
        uint64_t q2_q32 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
        if ((vpa_q32 >= 0 && vpb_q32 <= 0 && axis_raw(b->ulr - rr, b->uhr + rr, q2_q32)) ||
            (vpa_q32 <= 0 && vpb_q32 >= 0 && axis_raw(-rr - b->uhr, rr - b->ulr, q2_q32)))
            return 1;
    }
    f->u0 = u0_q32, f->v0 = v0_q32, f->u1 = u1_q32, f->v1 = v1_q32, f->t = t_q32;
    return -1;
}

#ifdef FXL_TEST_HOOKS
bool fxl__sweep_head_far_check(int32_t c0, int32_t s0, int32_t c1, int32_t s1, int32_t qx,
                               int32_t qy, int64_t t, const int32_t words[4], int32_t step)
{
    batch_turn b = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false};
    b.c0 = c0, b.s0 = s0, b.c1 = c1, b.s1 = s1, b.step = step;
    b.pulo = words[0], b.puhi = words[1], b.pvlo = words[2], b.pvhi = words[3];
    return head_far(&b, qx, qy, t);
}
#endif

/* turn_hit's stages after its head, on the frame values the head worked
 * out (f): the quick misses, arc_settle, the exact middle, as there. */
FXL_ARM_CODE static bool batch_turn_rest(const fxl_sweep_prep *sp, const turn_vals *f, int32_t qx,
                                         int32_t qy, int32_t r)
{
    const fxl_laser_prep *a = &sp->from;
    int settled;
    if (turn_quick(a, sp->step, f->u0, f->v0, f->u1, f->v1, qx, qy, f->t))
        return quick_audit(sp, qx, qy, f->u0, f->v0, f->u1, f->v1, r);
    settled = arc_settle(a, sp->step, f->u0, f->v0, f->u1, f->v1, qx, qy, f->t);
    if (settled >= 0)
        return settled == 1;
    return middle_exact(sp, qx, qy, f->u0, f->v0, f->u1, f->v1, r, f->t);
}

/* turn_hit's answer: batch_turn_head, then batch_turn_rest. */
FXL__ALWAYS_INLINE bool batch_turn_hit(const fxl_sweep_prep *sp, const batch_turn *b, fix16_t x,
                                       fix16_t y, fix16_t r)
{
    turn_vals f;
    int h = batch_turn_head(&sp->from, b, x, y, r, &f);
    if (h >= 0)
        return h != 0;
    return batch_turn_rest(sp, &f, fxl__offset(x, b->px), fxl__offset(y, b->py), r);
}

/* batch_turn's values for sp, out of the loop's IWRAM code; true for
 * fixed_hit's turn alone (the pivot stays put). */
FXL_ARM_CODE static bool batch_turn_init(const fxl_sweep_prep *sp, batch_turn *b)
{
    b->uhr = fxl__floor_shift(sp->from.u_hi, 16), b->ulr = -fxl__floor_shift(-sp->from.u_lo, 16);
    b->c0 = sp->from.cos, b->s0 = sp->from.sin, b->c1 = sp->cos1, b->s1 = sp->sin1;
    b->pulo = fxl__sweep_p24(sp->from.u_lo), b->puhi = fxl__sweep_p24(sp->from.u_hi);
    b->pvlo = fxl__sweep_p24(sp->from.v_lo), b->pvhi = fxl__sweep_p24(sp->from.v_hi);
    b->round = sp->from.round, b->step = sp->step, b->px = sp->from.pos.x, b->py = sp->from.pos.y;
    b->span_v = sp->from.v_lo <= 0 && sp->from.v_hi >= 0;
    return sp->half_move.x == 0 && sp->half_move.y == 0 && sp->pivot1.x == sp->from.pos.x &&
           sp->pivot1.y == sp->from.pos.y;
}

/* The batch loops are copies, on purpose, of fxl_laser_vs_circles' (laser.c
 * says why), each with its own tests inlined. */
FXL_IWRAM_CODE
size_t fxl_sweep_vs_circles(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    uint32_t mx = 0, my = 0, hx = 0, hy = 0;
    bool boxed, still;
    size_t i = 0, hits = 0;
    batch_turn bt;

    FXL_ASSERT(sp != NULL && (circles != NULL || n == 0));
    boxed = fxl__sweep_box(sp, &mx, &my, &hx, &hy);
    still = batch_turn_init(sp, &bt);
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
            /* fixed_hit's answer: the turn alone (batch_turn_hit) or
             * batch_moving for a motion that moves */
            if ((!boxed || fxl__near_box(mx, my, hx, hy, x, y, r)) &&
                (still ? batch_turn_hit(sp, &bt, x, y, r) : batch_moving(sp, x, y, r))) {
                word |= bit;
                hits++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    return hits;
}

/* The span [lo, hi] (a moving circle's path on one axis) against the
 * box's [m - e, m + e], taken mod 2^32 as fxl__near_box does (the box's
 * middle may have wrapped): true when they may meet. */
FXL__ALWAYS_INLINE bool span_near(uint32_t m, int64_t e, int64_t lo, int64_t hi)
{
    int64_t w = (hi - lo + 1) >> 1, c = lo + ((hi - lo) >> 1);
    int64_t big = e + w + 1;
    if (big >= ((int64_t)1 << 31))
        return true;
    return (uint32_t)c - m + (uint32_t)big <= 2u * (uint32_t)big;
}

FXL_WARM_CODE
size_t fxl_sweep_vs_moving_circles(const fxl_sweep_prep *sp, const fxl_circle *from,
                                   const fxl_vec2 *to, size_t n, uint32_t *hit_bits)
{
    uint32_t mx = 0, my = 0, hx = 0, hy = 0;
    bool boxed;
    size_t i = 0, hits = 0;

    FXL_ASSERT(sp != NULL && ((from != NULL && to != NULL) || n == 0));
    boxed = fxl__sweep_box(sp, &mx, &my, &hx, &hy);
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            const fxl_circle *c = &from[i];
            /* The box of the circle's path against the motion's, r widened
             * as fxl__near_box widens it (64-bit: off the fixed path). */
            int64_t rr = (int64_t)c->r + (c->r >> 14) + 1;
            int64_t ex = (int64_t)hx + rr, ey = (int64_t)hy + rr;
            fxl_aabb path = fxl__aabb_span(c->c, to[i]);
            if (boxed && (!span_near(mx, ex, path.lo.x, path.hi.x) ||
                          !span_near(my, ey, path.lo.y, path.hi.y)))
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

/* The checks of fxl_sweep_prepare that every sweep of the fused loop
 * shares, in a few unsigned compares: the laser's fields as
 * fxl__laser_fast_ok checks them, |step| <= 2048, and laser.pos on a
 * smaller box than the domain's, -2^29..2^29 - 1 per axis: (u + 2^29) mod
 * 2^32 < 2^30 for the uint32 u of each, or'ed together (sweep_general_ok
 * builds on that). A sweep that fails (or lies beyond 8192 px from the
 * origin) takes the full path, which decides it. */
#define SWEEP_BOX ((uint32_t)1 << 29)
FXL__ALWAYS_INLINE bool sweep_base_ok(const fxl_sweep *sw)
{
    const fxl_laser *l = &sw->laser;
    return ((uint32_t)l->kind | (uint32_t)l->anchor) <= 1u &&
           ((uint32_t)l->length | (uint32_t)l->half_width) <= (uint32_t)FXL_SIZE_MAX &&
           (uint32_t)l->hit_fraction <= (uint32_t)fix16_one &&
           (uint32_t)sw->motion.step + 2048u <= 4096u &&
           ((((uint32_t)l->pos.x + SWEEP_BOX) | ((uint32_t)l->pos.y + SWEEP_BOX)) >> 30) == 0u;
}

/* A sweep that passed sweep_base_ok and turns about laser.pos itself with
 * no move (the pivot then needs no checks of its own): the frame's common
 * case, which fxl_sweep_prepare accepts. */
FXL__ALWAYS_INLINE bool sweep_simple(const fxl_sweep *sw)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    return l->pos.x == m->pivot.x && l->pos.y == m->pivot.y && (m->move.x | m->move.y) == 0;
}

/* The fused loop's first look at a simple sweep turning about its own
 * reference point: turn_far's first rejects (ends_far) in 1/256 px, from
 * registers. ends_far, for the rectangle about laser.pos (fxl__laser_hitbox:
 * it spans 0 both ways), rejects when both ends' frame values lie beyond
 * b = S 2^16 + m on one side, S = w + r across the beam (box and capsule
 * alike: V + round = w), the core's reach along it plus r + round along,
 * m = |qx| + |qy| + 1 (arc_margin, below 2^32: the offsets of a circle in
 * the domain from a laser.pos within +-2^29 are below 3 2^30 together).
 * With p(x) = floor(x / 2^24) (fxl__px256) and K = (S >> 8) + (m >> 24) +
 * 2 >= p(b) + 1 (floor(a + c) <= floor(a) + floor(c) + 1; sweep_margin256
 * gives (m >> 24) + 2 or more, sweep_along's S is ahead or behind + r +
 * round, ahead >= the core's reach rounded up): p(x) >= K puts
 * x >= (p(b) + 1) 2^24 > b, and p(x) < -K, so p(x) <= -p(b) - 2, puts x
 * < (p(x) + 1) 2^24 <= -(p(b) + 1) 2^24 < -b: both are ends_far's strict
 * tests. Issue 20: in whole pixels (K = (S >> 16) + 2) the band of 1 to
 * 3 px the rejects let through cost about 900 GBA cycles a sweep in
 * simple_rest, where ends_far then rejected 9 sweeps in 10. A sweep about
 * another pivot goes to the full path. (For a circle out of the domain the
 * loop ignores the answer: the sums are taken mod 2^32.) */
FXL__ALWAYS_INLINE int32_t sweep_margin256(int32_t qx, int32_t qy)
{
    /* x ^ floor(x / 2^31) is |x| for x >= 0 and |x| - 1 below: the sum
     * of the two is at least m - 3, (m >> 24) <= (sum >> 24) + 1 */
    uint32_t ax = (uint32_t)qx ^ (uint32_t)fxl__asr32(qx, 31);
    uint32_t ay = (uint32_t)qy ^ (uint32_t)fxl__asr32(qy, 31);
    return (int32_t)((ax + ay) >> 24) + 3;
}

/* The along half of sweep_maybe, out of line: only the sweeps that pass
 * the across half get here, so it reads the table vectors again rather
 * than have the loop keep them. rr: r + round (Q16.16, mod 2^32); mk:
 * sweep_margin256's. */
FXL_IWRAM_CODE
static bool sweep_along(const fxl_sweep *sw, int32_t qx, int32_t qy, uint32_t rr, int32_t mk)
{
    const fxl_laser *l = &sw->laser;
    int32_t c0, s0, c1, s1;
    uint32_t len = (uint32_t)l->length;
    uint32_t ahead = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : len;
    uint32_t behind = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : 0u;
    int32_t hu = (int32_t)((ahead + rr) >> 8) + mk;
    int32_t lu = -(int32_t)((behind + rr) >> 8) - mk;
    int32_t u0, u1;
    fxl__sincos(l->angle, &c0, &s0);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)sw->motion.step), &c1, &s1);
    u0 = fxl__px256(fxl__along(c0, s0, qx, qy));
    u1 = fxl__px256(fxl__along(c1, s1, qx, qy));
    return !((u0 >= hu && u1 >= hu) || (u0 < lu && u1 < lu));
}

FXL__ALWAYS_INLINE bool sweep_maybe(const fxl_sweep *sw, fix16_t x, fix16_t y, fix16_t r)
{
    const fxl_laser *l = &sw->laser;
    int32_t c0, s0, c1, s1, w, qx, qy, mk, hv, v0, v1;

    w = fxl__hit_width(l->half_width, l->hit_fraction);
    qx = fxl__offset(x, sw->motion.pivot.x), qy = fxl__offset(y, sw->motion.pivot.y);
    mk = sweep_margin256(qx, qy);
    hv = (int32_t)(((uint32_t)w + (uint32_t)r) >> 8) + mk;
    fxl__sincos(l->angle, &c0, &s0);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)sw->motion.step), &c1, &s1);
    v0 = fxl__px256(fxl__across(c0, s0, qx, qy));
    v1 = fxl__px256(fxl__across(c1, s1, qx, qy));
    if (FXL__LIKELY((v0 >= hv && v1 >= hv) || (v0 < -hv && v1 < -hv)))
        return false;
    return sweep_along(sw, qx, qy, (uint32_t)r + (l->kind == FXL_LASER_BOX ? 0u : (uint32_t)w), mk);
}

/* The rest of fxl_sweep_prepare's checks for any motion that passed
 * sweep_base_ok, on the same box, in one compare: the pivot and pivot +
 * move (computed mod 2^32) within -2^29..2^29 - 1 per axis (as laser.pos
 * there). Then pivot + move is exact and within the domain, the move is
 * the difference of two values of that box (an int32 congruent to one in
 * -2^30..2^30 exclusive, so equal to it), and so is laser.pos - pivot:
 * everything fxl_sweep_prepare checks holds (|x| <= FXL_COORD_MAX =
 * 2^30 - 1), and every offset below is exact in 32 bits. A sweep that
 * fails (beyond the box, or a move no valid sweep has) takes the full
 * path, which decides it. */
FXL__ALWAYS_INLINE bool sweep_general_ok(const fxl_sweep *sw)
{
    const fxl_motion *m = &sw->motion;
    uint32_t px = (uint32_t)m->pivot.x, py = (uint32_t)m->pivot.y;
    uint32_t ex = px + (uint32_t)m->move.x, ey = py + (uint32_t)m->move.y;
    return (((px + SWEEP_BOX) | (py + SWEEP_BOX) | (ex + SWEEP_BOX) | (ey + SWEEP_BOX)) >> 30) ==
           0u;
}

/* The fused loop's first look at any other motion (a pivot off laser.pos,
 * a move): turn_far's rejects in whole pixels for the whole motion.
 *
 * Proof. With p(x) = floor(x / 2^32), g0 = c - pivot, and the rectangle
 * about the pivot K = K_pos + o (o the start-frame coordinates of laser.pos
 * - pivot, as fill() shifts it): across the beam K' = K grown by the reach
 * spans v within o_v -+ (w + r) 2^16 (box: half-width w, reach r; capsule:
 * 0 and w + r), along it o_u - (behind + r + rnd) 2^16 .. o_u + (ahead + r
 * + rnd) 2^16. The motion (sweep.h) meets the circle only at frame points
 * f0(g0) .. f0(gm) (slide 1, start frame), the turn from f0(gm) to f1(gm),
 * f1(gm) .. f1(g1) (slide 2, end frame), gm = c - pivot - floor(move/2),
 * g1 = c - pivot - move. A frame's components are c dx + s dy and c dy -
 * s dx with |c|, |s| <= 2^16, so f0(gm) and f1(gm) lie within D = 2^16
 * (|move.x| + |move.y|) of f0(g0) and f1(g0) per component, and f1(g1)
 * within D of f1(g0) (|floor(m/2)| + |m - floor(m/2)| = |m|); D < (d + 1)
 * 2^32 with d = (|move.x| + |move.y|) >> 16. A slide whose two ends lie
 * beyond one side of K' misses (a half plane is convex); the turn misses
 * when its two ends lie beyond B = max(side + t, 0) + m on one side, m <
 * 2^32 (turn_far). So all four points beyond B on one side is a miss, and
 * with o < (p(o) + 1) 2^32, (w + r) 2^16 < (h + 1) 2^32 (h = (w + r) >>
 * 16): B < (M + 1) 2^32, M = max(p(o) + h + 2, 0). A point within D of a
 * value v with p(v) >= M + 2 + d (so v >= (M + 2 + d) 2^32) is above (M +
 * 2 + d) 2^32 - (d + 1) 2^32 = (M + 1) 2^32 > B: so p(v) >= M + 2 + d at
 * both ends of g0 (start and end frames) puts all four above B. (One pixel
 * more than the bare chain needed when this filter was first written: with
 * M + 1 + d the chain only gives M 2^32 + 2^16, short of B by up to m.)
 * Below: B > (N - 1) 2^32, N = min(p(o) - h - 1, 0), and p(v) < N - 2 - d
 * (v < (N - 2 - d) 2^32) puts every point within D below (N - 1) 2^32 <
 * B. The same along the beam. Every
 * value below 2^16 px: the offsets are below 2^31 raw. */
/* The along half of sweep_general_maybe, out of line (as sweep_along):
 * only the sweeps that pass the across half get here, so it works out w,
 * o = laser.pos - pivot and d (the move's pixels) again from the sweep
 * rather than have the loop keep them. q: the circle's centre - pivot
 * (Q16.16). */
FXL_IWRAM_CODE
static bool general_along(const fxl_sweep *sw, const int32_t cs[4], int32_t qx, int32_t qy,
                          fix16_t r)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    int32_t w = fxl__hit_width(l->half_width, l->hit_fraction);
    int32_t ox = fxl__offset(l->pos.x, m->pivot.x), oy = fxl__offset(l->pos.y, m->pivot.y);
    int32_t d = (int32_t)((fxl__abs32(m->move.x) + fxl__abs32(m->move.y)) >> 16);
    uint32_t len = (uint32_t)l->length, rnd = l->kind == FXL_LASER_BOX ? 0u : (uint32_t)w;
    uint32_t ahead = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : len;
    uint32_t behind = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : 0u;
    int32_t o_px = fxl__pixels(fxl__along(cs[0], cs[1], ox, oy));
    int32_t hi = fxl__max32(o_px + (int32_t)((ahead + (uint32_t)r + rnd) >> 16) + 2, 0) + 2 + d;
    int32_t lo = fxl__min32(o_px - (int32_t)((behind + (uint32_t)r + rnd) >> 16) - 1, 0) - 2 - d;
    int32_t a0 = fxl__pixels(fxl__along(cs[0], cs[1], qx, qy));
    int32_t a1 = fxl__pixels(fxl__along(cs[2], cs[3], qx, qy));
    return !((a0 >= hi && a1 >= hi) || (a0 < lo && a1 < lo));
}

FXL__ALWAYS_INLINE bool sweep_general_maybe(const fxl_sweep *sw, fix16_t x, fix16_t y, fix16_t r)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    int32_t cs[4], o_px, hi, lo, a0, a1;
    int32_t w = fxl__hit_width(l->half_width, l->hit_fraction);
    int32_t qx = fxl__offset(x, m->pivot.x), qy = fxl__offset(y, m->pivot.y);
    int32_t ox = fxl__offset(l->pos.x, m->pivot.x), oy = fxl__offset(l->pos.y, m->pivot.y);
    int32_t d = (int32_t)((fxl__abs32(m->move.x) + fxl__abs32(m->move.y)) >> 16);
    int32_t h = (int32_t)(((uint32_t)w + (uint32_t)r) >> 16);

    fxl__sincos(l->angle, &cs[0], &cs[1]);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)m->step), &cs[2], &cs[3]);
    o_px = fxl__pixels(fxl__across(cs[0], cs[1], ox, oy));
    hi = fxl__max32(o_px + h + 2, 0) + 2 + d;
    lo = fxl__min32(o_px - h - 1, 0) - 2 - d;
    a0 = fxl__pixels(fxl__across(cs[0], cs[1], qx, qy));
    a1 = fxl__pixels(fxl__across(cs[2], cs[3], qx, qy));
    if (FXL__LIKELY((a0 >= hi && a1 >= hi) || (a0 < lo && a1 < lo)))
        return false;
    return general_along(sw, cs, qx, qy, r);
}

/* For sweep_aabb.c's fused box call (fxl_sweeps_vs_aabb) and the fused
 * circle call's near path: sound hits at three poses (the start pose, the
 * middle witness, the end pose) for a
 * circle in the domain, from the sweep's own fields, for a sweep that
 * fxl_sweep_prepare accepts (the caller knows: the fused circle call let
 * it through). 1 hit; 0 undecided, *sp then holds what fxl_sweep_prepare
 * writes (fill()'s fields, built on the way, so the caller goes on to
 * the exact stages without preparing again). Out of the circle loop's
 * way: its code is untouched. */
/* (witness_body: the body, inline for near_moving too.) */
FXL__ALWAYS_INLINE int witness_body(const fxl_sweep *sw, fxl_circle circle, fxl_sweep_prep *sp,
                                    bool tests)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    fxl_laser_prep *a = &sp->from;
    int32_t ox, oy, gx, gy, hx, hy;
    /* The three poses, the middle first (the turn's likeliest witness),
     * middle_witness inlined (here ARM code, no library multiplies); the
     * rectangle about the pivot as fill() builds it. The
     * offsets are exact (fxl_sweep_prepare's checks: laser.pos, the
     * pivot, pivot + move and laser.pos - pivot in the domain; the
     * circle's centre too, and pivot + floor(move / 2) lies between pivot
     * and pivot + move), no checks here (they cost the GBA ~80 cycles a
     * near sweep). */
    ox = fxl__offset(l->pos.x, m->pivot.x), oy = fxl__offset(l->pos.y, m->pivot.y);
    gx = fxl__offset(circle.c.x, m->pivot.x), gy = fxl__offset(circle.c.y, m->pivot.y);
    hx = half_floor(m->move.x), hy = half_floor(m->move.y);
    fxl__sincos(l->angle, &a->cos, &a->sin);
    fxl__laser_hitbox(l, a);
    if ((ox | oy) != 0) { /* (a turn about laser.pos needs no shift) */
        int64_t ou = fxl__along(a->cos, a->sin, ox, oy), ov = fxl__across(a->cos, a->sin, ox, oy);
        a->u_lo += ou, a->u_hi += ou;
        a->v_lo += ov, a->v_hi += ov;
    }
    if (tests && middle_witness(a, l->angle, m->step, gx - hx, gy - hy, circle.r))
        return 1;
    if (tests && fxl__frame_test(a, fxl__along(a->cos, a->sin, gx, gy),
                                 fxl__across(a->cos, a->sin, gx, gy), circle.r))
        return 1;
    gx = (int32_t)((int64_t)gx - m->move.x), gy = (int32_t)((int64_t)gy - m->move.y);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)m->step), &sp->cos1, &sp->sin1);
    if (tests && fxl__frame_test(a, fxl__along(sp->cos1, sp->sin1, gx, gy),
                                 fxl__across(sp->cos1, sp->sin1, gx, gy), circle.r))
        return 1;
    /* the rest of fill()'s fields (pivot + move exact: sweep_general_ok) */
    a->pos = m->pivot;
    a->bb_mid = m->pivot;
    a->bb_half_x = a->bb_half_y = 0;
    sp->pivot1 = fxl_vec2_make((fix16_t)((int64_t)m->pivot.x + m->move.x),
                               (fix16_t)((int64_t)m->pivot.y + m->move.y));
    sp->step = m->step;
    sp->half_move = fxl_vec2_make(hx, hy);
    return 0;
}

FXL_WARM_CODE
int fxl__sweep_witness(const fxl_sweep *sw, fxl_circle circle, fxl_sweep_prep *sp)
{
    return witness_body(sw, circle, sp, true);
}

/* A slide's cheap miss: the circle's frame points at its two ends (ua,
 * va), (ub, vb) both beyond one side of the rectangle grown by the reach
 * t, which holds K (+) disk(t): the segment between them is beyond that
 * side too (a half plane is convex), so no point of the slide touches.
 * fxl__slide_hit's own first reject, before its frame tests and products. */
FXL__ALWAYS_INLINE bool slide_far(const fxl_laser_prep *a, int64_t ua_q32, int64_t va_q32,
                                  int64_t ub_q32, int64_t vb_q32, int64_t t_q32)
{
    return fxl__max64(ua_q32, ub_q32) < a->u_lo - t_q32 ||
           fxl__min64(ua_q32, ub_q32) > a->u_hi + t_q32 ||
           fxl__max64(va_q32, vb_q32) < a->v_lo - t_q32 ||
           fxl__min64(va_q32, vb_q32) > a->v_hi + t_q32;
}

/* slide_far for the slide of offsets a to b in the frame (c, s). */
FXL__ALWAYS_INLINE bool slide_far_at(const fxl_laser_prep *lp, int32_t c, int32_t s, int32_t ax,
                                     int32_t ay, int32_t bx, int32_t by, int64_t t_q32)
{
    return slide_far(lp, fxl__along(c, s, ax, ay), fxl__across(c, s, ax, ay), fxl__along(c, s, bx, by),
                     fxl__across(c, s, bx, by), t_q32);
}

/* The turn at offset q from the pivot after its end beams missed and
 * turn_far let it through: turn_hit's later stages on frame values worked
 * out once: the sure hit of the middle pose (middle_witness, when
 * `witness`: not yet tested), the arc's box, the axis witness, the exact
 * middle. */
FXL__ALWAYS_INLINE bool turn_after_far(const fxl_sweep_prep *sp, fxl_angle angle, bool witness,
                                       int32_t qx, int32_t qy, int64_t u0_q32, int64_t v0_q32,
                                       int64_t u1_q32, int64_t v1_q32, int32_t r, int64_t t_q32)
{
    const fxl_laser_prep *a = &sp->from;
    if (sp->step == 0)
        return false;
    if (witness && middle_witness(a, angle, sp->step, qx, qy, r))
        return true;
    if (arc_box_miss(a, sp->step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32))
        return false;
    return axis_hit(a, sp->step, u0_q32, v0_q32, u1_q32, v1_q32, qx, qy, t_q32) ||
           middle_exact(sp, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r, t_q32);
}

/* The same with its cheap rejects (turn_far) first. */
FXL__ALWAYS_INLINE bool turn_after_ends(const fxl_sweep_prep *sp, fxl_angle angle, bool witness,
                                        int32_t qx, int32_t qy, int64_t u0_q32, int64_t v0_q32,
                                        int64_t u1_q32, int64_t v1_q32, int32_t r,
                                        int64_t t_q32)
{
    const fxl_laser_prep *a = &sp->from;
    if (turn_far(u0_q32, v0_q32, u1_q32, v1_q32, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t_q32,
                 arc_margin(qx, qy), sp->step))
        return false;
    return turn_after_far(sp, angle, witness, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r, t_q32);
}

/* turn_after_far out of line (with the middle witness), for simple_rest
 * after its ends_far (inline, its stages made the common miss above them
 * slower: registers). For a simple sweep that is all of turn_far: the
 * rectangle about laser.pos spans 0 both ways (u_lo <= 0 <= u_hi, v_lo <=
 * 0 <= v_hi: fxl__laser_hitbox) and t >= 0 (a circle in the domain), so
 * turn_far skips its arc form. */
FXL_ARM_CODE static bool turn_tail(const fxl_sweep_prep *sp, fxl_angle angle, int32_t qx,
                                   int32_t qy, int64_t u0_q32, int64_t v0_q32, int64_t u1_q32,
                                   int64_t v1_q32, int32_t r)
{
    return turn_after_far(sp, angle, true, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r,
                          ((int64_t)r + sp->from.round) * 65536);
}

/* A pose of a checked sweep that is a laser (the laser moved to pos and
 * turned by `turn` steps, exact: pos in the domain) against the circle,
 * exactly as fxl_laser_vs_circle: fxl__laser_rest (frame.h), which the
 * GBA keeps in IWRAM with its fused laser loop (issue 20: a near sweep's end poses
 * took about 700 GBA cycles as ARM code in ROM before their first frame
 * test). The copy: 28 bytes on the stack. */
FXL__ALWAYS_INLINE bool pose_hit(const fxl_laser *l, fxl_vec2 pos, int32_t turn, fix16_t x,
                                 fix16_t y, fix16_t r)
{
    /* The test reads the circle only as its offset from the laser's pos
     * (fxl__offset, mod 2^32): the circle moved by l->pos - pos is that
     * offset from l->pos, the laser tested in place, no copy. */
    return fxl__laser_rest_turn(l, fxl__wrap_add(x, fxl__offset(l->pos.x, pos.x)),
                                fxl__wrap_add(y, fxl__offset(l->pos.y, pos.y)), r, turn);
}

/* The fused loop's near path for a simple sweep (turning about its own
 * reference point, no move: sweep_simple) that sweep_maybe could not
 * reject, after its two end poses missed (sweep_rest: the start pose is
 * the laser itself and the end pose the laser turned by step, decided as
 * fxl_laser_vs_circle decides them: its rectangle about laser.pos, the
 * start and end table frames, the same frame values as the preparation's
 * in the sweep's frames): the rest of the answer, exactly, with the
 * preparation built once (the two frames, the rectangle of
 * fxl__laser_hitbox, no shift about laser.pos) for turn_tail. (The axis
 * shortcuts it once took before turn_far cost the GBA about 340 cycles a
 * near miss and found a hit for 1 near sweep in 60.) */
FXL_ARM_CODE static bool simple_rest(const fxl_sweep *sw, fxl_circle circle)
{
    const fxl_laser *l = &sw->laser;
    fxl_sweep_prep sp;
    fxl_laser_prep *a = &sp.from;
    int32_t qx, qy, step = sw->motion.step;
    int64_t u0_q32, v0_q32, u1_q32, v1_q32;

    /* The stages below need a circle in the domain (the loop ignores the
     * answers for one out of it: no bit, the circle's code returned). */
    if (step == 0 || !fxl__circle_ok(circle))
        return false;
    qx = fxl__offset(circle.c.x, l->pos.x), qy = fxl__offset(circle.c.y, l->pos.y);
    fxl__sincos(l->angle, &a->cos, &a->sin);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)step), &sp.cos1, &sp.sin1);
    fxl__laser_hitbox(l, a);
    u0_q32 = fxl__along(a->cos, a->sin, qx, qy), v0_q32 = fxl__across(a->cos, a->sin, qx, qy);
    u1_q32 = fxl__along(sp.cos1, sp.sin1, qx, qy), v1_q32 = fxl__across(sp.cos1, sp.sin1, qx, qy);
    /* turn_far's common miss here, before turn_tail's call (issue 20: the
     * near misses that the loop's pixel rejects let through took about
     * 1,200 GBA cycles each through it) */
    if (ends_far(u0_q32, v0_q32, u1_q32, v1_q32, a->u_lo, a->u_hi, a->v_lo, a->v_hi,
                 ((int64_t)circle.r + a->round) * 65536, arc_margin(qx, qy)))
        return false;
    sp.step = step;
    return turn_tail(&sp, l->angle, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, circle.r);
}

/* The same for a turn with no move about another pivot (sweep_general_ok)
 * after its start pose (the laser itself) missed: the rectangle shifted
 * about the pivot as fill() builds it (the offsets exact, as in
 * fxl__sweep_witness), the end beam (a sure hit), then turn_after_ends. */
FXL_ARM_CODE static bool near_turn(const fxl_sweep *sw, fxl_circle circle)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    fxl_sweep_prep sp;
    fxl_laser_prep *a = &sp.from;
    int32_t r = circle.r;
    int32_t ox = fxl__offset(l->pos.x, m->pivot.x), oy = fxl__offset(l->pos.y, m->pivot.y);
    int32_t qx = fxl__offset(circle.c.x, m->pivot.x), qy = fxl__offset(circle.c.y, m->pivot.y);
    int64_t ou, ov, u0_q32, v0_q32, u1_q32, v1_q32;
    fxl__sincos(l->angle, &a->cos, &a->sin);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)m->step), &sp.cos1, &sp.sin1);
    fxl__laser_hitbox(l, a);
    ou = fxl__along(a->cos, a->sin, ox, oy), ov = fxl__across(a->cos, a->sin, ox, oy);
    a->u_lo += ou, a->u_hi += ou;
    a->v_lo += ov, a->v_hi += ov;
    sp.step = m->step;
    u0_q32 = fxl__along(a->cos, a->sin, qx, qy), v0_q32 = fxl__across(a->cos, a->sin, qx, qy);
    u1_q32 = fxl__along(sp.cos1, sp.sin1, qx, qy), v1_q32 = fxl__across(sp.cos1, sp.sin1, qx, qy);
    if (fxl__frame_test(a, u1_q32, v1_q32, r))
        return true;
    return turn_after_ends(&sp, l->angle, true, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r,
                           ((int64_t)r + a->round) * 65536);
}

/* The fused loop's near path after fxl__sweep_witness found no hit (issue
 * 20): the rest of the answer, exactly, on the preparation the witness
 * built (no second fxl_sweep_prepare), for a sweep sweep_base_ok and
 * sweep_simple or sweep_general_ok accepted, against a circle in the
 * domain. The witness tested the start pose (g0 = c - pivot, start
 * frame), the middle pose of the turn and the end pose (g1 = g0 - move,
 * end frame). With no move g0 = g1 is the turn's offset: its end beams
 * are those two poses, and turn_after_ends decides. With a move, motion_hit's
 * three pieces (sweep.h's motion), the circle's offsets turned into the
 * frames once: each piece's cheap miss (slide_far, turn_far; most near
 * misses stop there), then each piece left exactly (fxl__slide_hit; the
 * turn's end beams at gm = g0 - floor(move / 2), then turn_after_ends). A
 * hit iff some piece hits, as motion_hit. With step 0 the motion is one
 * slide, g0 to g1 (the split at gm is the motion only with a turn). */
FXL__ALWAYS_INLINE bool near_rest(const fxl_sweep *sw, fxl_circle circle,
                                  const fxl_sweep_prep *sp)
{
    const fxl_motion *m = &sw->motion;
    const fxl_laser_prep *a = &sp->from;
    int32_t r = circle.r, step = m->step;
    int32_t gx = fxl__offset(circle.c.x, m->pivot.x), gy = fxl__offset(circle.c.y, m->pivot.y);
    int32_t qx = gx - sp->half_move.x, qy = gy - sp->half_move.y;
    /* g1 = c - (pivot + move): both in the domain, so below 2^31 (exact) */
    int32_t ex = (int32_t)((int64_t)gx - m->move.x), ey = (int32_t)((int64_t)gy - m->move.y);
    int64_t t_q32 = ((int64_t)r + a->round) * 65536;
    int64_t u0_q32, v0_q32, u1_q32, v1_q32;
    bool slide1, turn, slide2;

    if ((m->move.x | m->move.y) == 0) { /* the turn alone: g0 = gm = g1 */
        u0_q32 = fxl__along(a->cos, a->sin, qx, qy), v0_q32 = fxl__across(a->cos, a->sin, qx, qy);
        u1_q32 = fxl__along(sp->cos1, sp->sin1, qx, qy);
        v1_q32 = fxl__across(sp->cos1, sp->sin1, qx, qy);
        return turn_after_ends(sp, 0, false, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r, t_q32);
    }
    if (step == 0) /* one slide (the end frame is the start frame) */
        return !slide_far_at(a, a->cos, a->sin, gx, gy, ex, ey, t_q32) &&
               fxl__slide_hit(a, a->cos, a->sin, gx, gy, ex, ey, r);
    /* Each slide's cheap miss on its own frame values (few live at once). */
    slide1 = !slide_far_at(a, a->cos, a->sin, gx, gy, qx, qy, t_q32);
    slide2 = !slide_far_at(a, sp->cos1, sp->sin1, qx, qy, ex, ey, t_q32);
    u0_q32 = fxl__along(a->cos, a->sin, qx, qy), v0_q32 = fxl__across(a->cos, a->sin, qx, qy);
    u1_q32 = fxl__along(sp->cos1, sp->sin1, qx, qy), v1_q32 = fxl__across(sp->cos1, sp->sin1, qx, qy);
    turn = !turn_far(u0_q32, v0_q32, u1_q32, v1_q32, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t_q32,
                     arc_margin(qx, qy), step);
    if (!slide1 && !turn && !slide2)
        return false;
    return (slide1 && fxl__slide_hit(a, a->cos, a->sin, gx, gy, qx, qy, r)) ||
           (turn && (fxl__frame_test(a, u0_q32, v0_q32, r) || fxl__frame_test(a, u1_q32, v1_q32, r) ||
                     turn_after_ends(sp, 0, false, qx, qy, u0_q32, v0_q32, u1_q32, v1_q32, r,
                                     t_q32))) ||
           (slide2 && fxl__slide_hit(a, sp->cos1, sp->sin1, qx, qy, ex, ey, r));
}

/* The fused loop's near path for a sweep that moves: witness_body's sure
 * hits (`tests`: sweep_rest tested none of its poses), then near_rest on
 * the preparation it built, in one function. */
FXL_ARM_CODE static bool near_moving(const fxl_sweep *sw, fxl_circle circle, bool tests)
{
    fxl_sweep_prep sp;
    return witness_body(sw, circle, &sp, tests) != 0 || near_rest(sw, circle, &sp);
}

/* A sure miss for a sweep that moves (sweep_general_ok accepted it; a
 * circle in the domain), before witness_body's preparation (issue 20: the
 * near misses that the loop's pixel rejects let through took about 2,000
 * GBA cycles each through near_moving).
 * Proof. With g0 = c - pivot, gm = g0 - floor(move / 2), g1 = g0 - move
 * and the rectangle K about the pivot (fill()'s: shifted by the start
 * frame's o), the motion (sweep.h) meets the circle only at frame points
 * of slide 1 (start frame, F0(g0) to F0(gm)), of the turn (F0(gm) to
 * F1(gm), turn_far's arc) and of slide 2 (end frame, F1(gm) to F1(g1));
 * with step 0 it is one slide, F0(g0) to F0(g1) (F1 = F0). Every hit
 * point lies within t = (r + round) 2^16 of K. If the four values
 * F0(g0), F0(gm), F1(gm), F1(g1) all lie beyond hv = max(v_hi + t, 0) + m
 * across (m = arc_margin(gm)), each slide's segment does (a half plane is
 * convex) and so beyond v_hi + t: no hit; the turn's two ends do, which
 * is turn_far's first test: no hit; and with step 0, F0(g0) and F0(g1) =
 * F1(g1) do. The same below lv = min(v_lo - t, 0) - m and along the beam.
 * In 1/256 px, 32-bit compares (issue 20: the 64-bit form, about 1,500
 * GBA cycles of ARM code in ROM, was half the near pose-to-pose cost):
 * with p(x) = floor(x / 2^24) (fxl__px256; frame values below 2^49) and
 * o8 = p(o) across, v_hi + t = o + S 2^16 (S = w + r, box and capsule
 * alike: V + round = w), floor(a + b) <= floor(a) + floor(b) + 1 gives
 * p(hv) + 1 <= max(o8 + (S >> 8) + 1, 0) + (m >> 24) + 2, so p(x) at
 * least that puts x > hv; and p(lv) >= min(o8 - (S >> 8) - 1, 0) - (m >>
 * 24) - 1, so p(x) below that puts x < (p(x) + 1) 2^24 <= lv. Along the
 * beam the same with ahead (or behind) + r + round for S, ahead and
 * behind rounded up as the loop's (L or L / 2 + 1). m = |gm.x| + |gm.y| +
 * 1 is below 2^32 (gm within 3 2^30 both ways together); the sums of
 * sizes below 2^31 (each below 2^29). What it lets through (a band of a
 * few 1/256 px more than the 64-bit form's) near_moving decides. */
FXL_ARM_CODE static bool moving_far(const fxl_sweep *sw, fxl_circle circle)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    int32_t c0, s0, c1, s1;
    /* the offsets exact, as in witness_body (sweep_general_ok) */
    int32_t gx = fxl__offset(circle.c.x, m->pivot.x), gy = fxl__offset(circle.c.y, m->pivot.y);
    int32_t qx = gx - half_floor(m->move.x), qy = gy - half_floor(m->move.y);
    int32_t ex = (int32_t)((int64_t)gx - m->move.x), ey = (int32_t)((int64_t)gy - m->move.y);
    int32_t ox = fxl__offset(l->pos.x, m->pivot.x), oy = fxl__offset(l->pos.y, m->pivot.y);
    uint32_t w = (uint32_t)fxl__hit_width(l->half_width, l->hit_fraction), r = (uint32_t)circle.r;
    uint32_t len = (uint32_t)l->length, rnd = l->kind == FXL_LASER_BOX ? 0u : w;
    uint32_t ahead = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : len;
    uint32_t behind = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : 0u;
    /* (m >> 24) + 1, m = arc_margin(gm) below 2^32 */
    int32_t mk = (int32_t)((fxl__abs32(qx) + fxl__abs32(qy) + 1u) >> 24) + 1;
    int32_t o8, x0, x1, x2, x3, lo, hi;

    fxl__sincos(l->angle, &c0, &s0);
    fxl__sincos((int32_t)((uint32_t)l->angle + (uint32_t)m->step), &c1, &s1);
    o8 = fxl__px256(fxl__across(c0, s0, ox, oy));
    x0 = fxl__px256(fxl__across(c0, s0, gx, gy)), x1 = fxl__px256(fxl__across(c0, s0, qx, qy));
    x2 = fxl__px256(fxl__across(c1, s1, qx, qy)), x3 = fxl__px256(fxl__across(c1, s1, ex, ey));
    lo = fxl__min32(fxl__min32(x0, x1), fxl__min32(x2, x3));
    hi = fxl__max32(fxl__max32(x0, x1), fxl__max32(x2, x3));
    if (lo >= fxl__max32(o8 + (int32_t)((w + r) >> 8) + 1, 0) + mk + 1 ||
        hi < fxl__min32(o8 - (int32_t)((w + r) >> 8) - 1, 0) - mk)
        return true;
    o8 = fxl__px256(fxl__along(c0, s0, ox, oy));
    x0 = fxl__px256(fxl__along(c0, s0, gx, gy)), x1 = fxl__px256(fxl__along(c0, s0, qx, qy));
    x2 = fxl__px256(fxl__along(c1, s1, qx, qy)), x3 = fxl__px256(fxl__along(c1, s1, ex, ey));
    lo = fxl__min32(fxl__min32(x0, x1), fxl__min32(x2, x3));
    hi = fxl__max32(fxl__max32(x0, x1), fxl__max32(x2, x3));
    return lo >= fxl__max32(o8 + (int32_t)((ahead + r + rnd) >> 8) + 1, 0) + mk + 1 ||
           hi < fxl__min32(o8 - (int32_t)((behind + r + rnd) >> 8) - 1, 0) - mk;
}

/* The full path: fxl_sweep_prepare and the exact test. */
FXL_WARM_CODE
static int full_rest(const fxl_sweep *sw, fxl_circle circle)
{
    fxl_sweep_prep sp;
    fxl_result res = fxl_sweep_prepare(sw, &sp);
    if (res != FXL_OK)
        return -(int)res;
    return fixed_hit(&sp, circle.c.x, circle.c.y, circle.r) ? 1 : 0;
}

/* What the fused loop does with a sweep its rejects left (the one call
 * out of its IWRAM code, in ROM: near sweeps only), after fxl__sweep_near
 * found no hit at the start pose (look LOOK_SIMPLE or LOOK_GENERAL: the
 * laser itself; LOOK_NONE: nothing tested). First the sure hits at the
 * other poses that are lasers (pose_hit, exact): a simple sweep's end
 * pose (look LOOK_SIMPLE); for a sweep that moves about laser.pos
 * (fxl_sweep_to_pose's) the other two poses of witness_body: the end pose (the
 * laser at pos + move turned by step), and its middle witness (|step| >=
 * 2) the laser at pos + floor(move / 2) turned by step / 2 against the
 * circle of radius r - cut, cut middle_witness's for the same offset gm =
 * c - pos - floor(move / 2) (with the same frame values and rectangle its
 * frame test is that laser's; skipped when r < cut: a sure hit only,
 * either way). Then the near path of the sweep's checked form, in ARM
 * code (LOOK_SIMPLE simple_rest; LOOK_GENERAL, only with a circle in the
 * domain, near_turn or near_moving), each deciding exactly on the
 * preparation it builds; else the full path. 1 hit, 0 miss, or minus the
 * refusal code. Thumb code in ROM on the GBA (no 64-bit product here:
 * half the ROM fetches of ARM code; issue 20: a near sweep's call and
 * poses took about 250 cycles more as ARM code). */
#define LOOK_NONE 0
#define LOOK_SIMPLE 1
#define LOOK_GENERAL 2
int fxl__sweep_rest(const fxl_sweep *sw, fxl_circle circle, int look);
FXL_NOINLINE int fxl__sweep_rest(const fxl_sweep *sw, fxl_circle circle, int look)
{
    const fxl_laser *l = &sw->laser;
    const fxl_motion *m = &sw->motion;
    fix16_t x = circle.c.x, y = circle.c.y, r = circle.r;
    bool own;
    if (look == LOOK_SIMPLE) {
        if (pose_hit(l, l->pos, m->step, x, y, r))
            return 1;
        return simple_rest(sw, circle) ? 1 : 0;
    }
    if (look != LOOK_GENERAL)
        return full_rest(sw, circle);
    /* (the loop's LOOK_GENERAL: only with a circle in the domain) */
    if ((m->move.x | m->move.y) == 0)
        return near_turn(sw, circle) ? 1 : 0;
    own = l->pos.x == m->pivot.x && l->pos.y == m->pivot.y;
    if (own) {
        /* pos + move and pos + floor(move / 2) (fxl__asr32: half_floor in
         * 32 bits), exact (sweep_general_ok). The end pose first (issue 20:
         * GBA pose-to-pose near row 1,295 -> 1,225 a sweep with the middle
         * pose after it; no cut to work out first) */
        fxl_vec2 pm;
        uint32_t g;
        int32_t cut;
        if (pose_hit(l, fxl_vec2_make(l->pos.x + m->move.x, l->pos.y + m->move.y), m->step, x, y, r))
            return 1;
        pm = fxl_vec2_make(l->pos.x + fxl__asr32(m->move.x, 1), l->pos.y + fxl__asr32(m->move.y, 1));
        /* middle_witness's cut, ceil(g / 2^16) for g = |gm.x| + |gm.y| +
         * 1, in 32 bits: the offsets are below 2^31 - 2^29 (a circle in
         * the domain, pm within +-2^29), so g < 2^32 */
        g = fxl__abs32(fxl__offset(x, pm.x)) + fxl__abs32(fxl__offset(y, pm.y)) + 1u;
        cut = (int32_t)((g >> 16) + ((g & 0xFFFFu) != 0u ? 1u : 0u));
        if ((m->step <= -2 || m->step >= 2) && r >= cut && pose_hit(l, pm, m->step / 2, x, y, r - cut))
            return 1;
    }
    if (moving_far(sw, circle))
        return 0;
    return near_moving(sw, circle, !own) ? 1 : 0;
}

/* What the fused loop calls for a sweep its rejects left: the sure hit of
 * the start pose first (the laser itself, as fxl_laser_vs_circle decides
 * it: fxl__laser_rest, which the GBA keeps in IWRAM), then sweep_rest
 * (look LOOK_NONE: sweep_rest alone, the laser not checked). The GBA's is
 * fast_arm.s's (in IWRAM next to fxl__laser_rest, a tail call to
 * fxl__sweep_rest in ROM; issue 20: the same test in sweep_rest took
 * about 90 GBA cycles more a near sweep, in the loop's C 200 bytes more
 * of IWRAM). 1 hit, 0 miss, or minus the refusal code. */
#if FXL_PORT_LASERS_VS_CIRCLE
int fxl__sweep_near(const fxl_sweep *sw, fxl_circle circle, int look);
#else
static int fxl__sweep_near(const fxl_sweep *sw, fxl_circle circle, int look)
{
    if (look != LOOK_NONE && fxl__laser_rest(&sw->laser, circle.c.x, circle.c.y, circle.r))
        return 1;
    return fxl__sweep_rest(sw, circle, look);
}
#endif

/* Many sweeps against one fixed circle: as fxl_sweep_prepare and
 * fxl_sweep_vs_circle for each, with the rejects worked out from the
 * sweep's own fields first. The loop's frame is a copy, on purpose, of
 * fxl_lasers_vs_circle's (laser.c says why). */
FXL_IWRAM_CODE
fxl_result fxl_sweeps_vs_circle(const fxl_sweep *sweeps, size_t n, fxl_circle circle,
                                uint32_t *hit_bits, size_t *hits)
{
    fxl_result first = fxl__circle_ok(circle) ? FXL_OK : fxl_circle_check(circle);
    fix16_t x = circle.c.x, y = circle.c.y, r = circle.r;
    size_t i = 0, count = 0;
    /* Nothing hits a circle outside the domain: its code is returned. */
    bool ok = first == FXL_OK;

    /* A NULL array of sweeps: refused, nothing hits (n = 0 is fine). */
    if (FXL__UNLIKELY(sweeps == NULL) && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        const fxl_sweep *sw, *start = &sweeps[i], *stop = &sweeps[end];
        uint32_t word = 0;
        /* A pointer walk: the block's index and bit are worked out only
         * for a hit (fewer live registers in the reject path). */
        for (sw = start; sw != stop; sw++) {
            int h, look = LOOK_NONE;
            if (FXL__LIKELY(sweep_base_ok(sw))) {
                if (FXL__LIKELY(sweep_simple(sw))) {
                    if (FXL__LIKELY(!sweep_maybe(sw, x, y, r)))
                        continue;
                    look = LOOK_SIMPLE;
                } else if (FXL__LIKELY(sweep_general_ok(sw))) {
                    if (FXL__LIKELY(!sweep_general_maybe(sw, x, y, r)))
                        continue;
                    look = ok ? LOOK_GENERAL : LOOK_NONE;
                }
            }
            h = fxl__sweep_near(sw, circle, look);
            if (h < 0 && first == FXL_OK)
                first = (fxl_result)-h;
            if (h > 0 && ok) {
                word |= (uint32_t)1 << (uint32_t)(sw - start);
                count++;
            }
        }
        i = end;
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    if (hits != NULL)
        *hits = count;
    return first;
}
