/* gen.c - generators and tallies for the property tests (see gen.h). */
#include "gen.h"

#include <math.h>

static fix16_t clamp_coord(double px)
{
    double raw = floor(px * 65536.0 + 0.5);
    if (raw > (double)FXL_COORD_MAX)
        raw = (double)FXL_COORD_MAX;
    if (raw < -(double)FXL_COORD_MAX)
        raw = -(double)FXL_COORD_MAX;
    return (fix16_t)raw;
}

fxl_laser gen_laser(fxlt_rng *rng, fxl_laser_kind kind)
{
    bool extreme = fxlt_below(rng, 8) == 0;
    fxl_laser l;
    fxl_angle a = (fxl_angle)fxlt_below(rng, 4096);
    if (fxlt_below(rng, 8) == 0) {
        uint32_t quadrant = fxlt_below(rng, 4);
        a = (fxl_angle)(quadrant * 1024u + 4096u + (uint32_t)fxlt_range(rng, -2, 2));
    }
    if (extreme) {
        /* Every draw in its own statement: argument order is unspecified
         * and differs between compilers, the sequence must not. */
        fix16_t x = fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fix16_t y = fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fix16_t len = fxlt_range(rng, 0, FXL_SIZE_MAX);
        fix16_t hw = fxlt_range(rng, 0, FXL_SIZE_MAX);
        l = fxl_laser_from_emitter(kind, fxl_vec2_make(x, y), a, len, hw);
    } else {
        fix16_t x = fxlt_range(rng, -(512 << 16), 512 << 16);
        fix16_t y = fxlt_range(rng, -(512 << 16), 512 << 16);
        fxl_vec2 pos = fxl_vec2_make(x, y);
        fix16_t len = fxlt_below(rng, 16) == 0 ? 0 : fxlt_range(rng, 0, 400 << 16);
        fix16_t hw = fxlt_below(rng, 16) == 0 ? 0 : fxlt_range(rng, 0, 16 << 16);
        l = fxl_laser_from_emitter(kind, pos, a, len, hw);
    }
    if (fxlt_below(rng, 2) == 0)
        l.anchor = FXL_ANCHOR_CENTRE;
    if (fxlt_below(rng, 4) != 0)
        l.hit_fraction = fxlt_range(rng, 0, fix16_one);
    return l;
}

fxl_vec2 gen_point_near(fxlt_rng *rng, const fxl_laser *l)
{
    double c = ref_cos_q16(l->angle) / 65536.0, s = ref_sin_q16(l->angle) / 65536.0;
    double len = ref_px(l->length), hw = ref_px(l->half_width);
    double a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0.0 : -len / 2.0;
    double a = a0 - 64.0 - hw + (len + 128.0 + 2.0 * hw) * (double)fxlt_below(rng, 1u << 30) /
                                    (double)(1u << 30);
    double b = (hw + 64.0) * ((double)fxlt_below(rng, 1u << 30) / (double)(1u << 29) - 1.0);
    return fxl_vec2_make(clamp_coord(ref_px(l->pos.x) + a * c - b * s),
                         clamp_coord(ref_px(l->pos.y) + a * s + b * c));
}

fxl_vec2 gen_point_on_boundary(fxlt_rng *rng, const ref_laser *L)
{
    int i = (int)fxlt_below(rng, 4), j = (i + 1) & 3;
    double t = (double)fxlt_below(rng, 1u << 20) / (double)(1u << 20);
    double x = L->cx[i] + (L->cx[j] - L->cx[i]) * t, y = L->cy[i] + (L->cy[j] - L->cy[i]) * t;
    double ex = L->cx[j] - L->cx[i], ey = L->cy[j] - L->cy[i], len = hypot(ex, ey);
    double out = (double)fxlt_range(rng, -3, 3) / 65536.0;
    double nx = 0.0, ny = 0.0;
    if (L->round > 0.0 || len == 0.0) {
        /* Anywhere on the circle of the rounded reach around this point. */
        double phi = 6.283185307179586 * (double)fxlt_below(rng, 1u << 20) / (double)(1u << 20);
        nx = cos(phi), ny = sin(phi);
        out += L->round / L->scale;
    } else {
        nx = ey / len, ny = -ex / len; /* one side or the other: out may be negative */
    }
    return fxl_vec2_make(clamp_coord(x + nx * out), clamp_coord(y + ny * out));
}

fix16_t gen_radius(fxlt_rng *rng, const ref_laser *L, fxl_vec2 p, bool near)
{
    double raw;
    if (!near)
        return fxlt_below(rng, 8) == 0 ? 0 : fxlt_range(rng, 0, 32 << 16);
    /* Reach in the beam frame = world distance * scale, minus the round part. */
    raw = floor((ref_laser_distance(L, ref_px(p.x), ref_px(p.y)) * L->scale - L->round) *
                    65536.0 +
                0.5) +
          (double)fxlt_range(rng, -3, 3);
    if (raw < 0.0)
        raw = 0.0;
    if (raw > (double)FXL_SIZE_MAX)
        raw = (double)FXL_SIZE_MAX;
    return (fix16_t)raw;
}

bool tally_close(double margin)
{
    return fabs(margin) < TALLY_BAND;
}

void tally_add(fxlt_tally *t, bool got, double margin, bool near, bool exact)
{
    bool want = margin <= 0.0;
    t->cases++;
    t->near += near;
    if (tally_close(margin)) {
        t->exact++;
        t->ties += fabs(margin) < 1e-9;
        if (want != exact) {
            t->flips++;
            t->flip_max = fabs(margin) > t->flip_max ? fabs(margin) : t->flip_max;
        }
        want = exact;
    }
    t->disagree += got != want;
}

void tally_report(const char *what, const fxlt_tally *t)
{
    fxlt_printf("    %s: %u cases (%u near the boundary), %u disagreements\n", what, t->cases,
                t->near, t->disagree);
    fxlt_printf("    %s: %u decided exactly (within " TALLY_BAND_TEXT " px of the boundary; %u "
                "within 1e-9 px, %u where the double's sign was wrong, by up to %u e-15 px)\n",
                what, t->exact, t->ties, t->flips, (unsigned)(t->flip_max * 1e15 + 0.5));
    /* The band holds the doubles' errors many times over. */
    CHECK(t->flip_max < TALLY_BAND / 1000.0);
    CHECK_EQ(t->disagree, 0);
    /* The generators aim at the boundary: a regression there shows. */
    CHECK(t->cases < 1000 || t->exact * 100u >= t->cases);
}

/* ---- sweeps ------------------------------------------------------------------------- */

static fix16_t clamp_raw(int64_t v)
{
    return (fix16_t)(v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v);
}

int32_t gen_step(fxlt_rng *rng)
{
    switch (fxlt_below(rng, 8)) {
    case 0: return fxlt_range(rng, -3, 3);
    case 1: return fxlt_below(rng, 2) ? 2048 : -2048;
    case 2: return fxlt_range(rng, -60, 60);
    default: return fxlt_range(rng, -2048, 2048);
    }
}

bool gen_sweep_extreme(const fxl_sweep *s)
{
    return s->laser.length > (1024 << 16) || s->laser.half_width > (64 << 16) ||
           s->laser.pos.x > (2048 << 16) || s->laser.pos.x < -(2048 << 16) ||
           s->laser.pos.y > (2048 << 16) || s->laser.pos.y < -(2048 << 16);
}

/* A random offset: game-sized (within +-span px) or anywhere in the domain. */
static int64_t gen_offset(fxlt_rng *rng, bool extreme, int32_t span)
{
    if (extreme)
        return fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
    return fxlt_range(rng, -(span << 16), span << 16);
}

/* A pivot near pos (or anywhere, for an extreme laser) in the domain, with
 * pos - pivot within +-FXL_COORD_MAX. */
static fxl_vec2 gen_pivot(fxlt_rng *rng, fxl_vec2 pos, bool extreme)
{
    int64_t dx = gen_offset(rng, extreme, 200), dy = gen_offset(rng, extreme, 200);
    return fxl_vec2_make(clamp_raw(pos.x + dx), clamp_raw(pos.y + dy));
}

static fxl_vec2 gen_move(fxlt_rng *rng, fxl_vec2 from, bool extreme)
{
    int64_t dx, dy;
    int span = fxlt_below(rng, 4) == 0 ? 400 : 48;
    if (fxlt_below(rng, 8) == 0)
        return fxl_vec2_make(0, 0);
    dx = gen_offset(rng, extreme, span);
    dy = gen_offset(rng, extreme, span);
    return fxl_vec2_make((fix16_t)(clamp_raw(from.x + dx) - from.x),
                         (fix16_t)(clamp_raw(from.y + dy) - from.y));
}

fxl_sweep gen_sweep(fxlt_rng *rng, gen_motion motion)
{
    fxl_laser l = gen_laser(rng, (fxl_laser_kind)fxlt_below(rng, 2));
    bool extreme = l.length > (1024 << 16) || l.pos.x > (1024 << 16) || l.pos.x < -(1024 << 16);
    fxl_sweep s;
    int32_t step = gen_step(rng);
    if (fxlt_below(rng, 16) == 0) {
        /* At the very edge of the domain (within 16 px), on either side. */
        fix16_t dx = fxlt_range(rng, 0, 1 << 20), dy = fxlt_range(rng, 0, 1 << 20);
        uint32_t side = fxlt_below(rng, 4);
        l.pos.x = (side & 1) ? FXL_COORD_MAX - dx : -FXL_COORD_MAX + dx;
        l.pos.y = (side & 2) ? FXL_COORD_MAX - dy : -FXL_COORD_MAX + dy;
        extreme = true;
    }
    switch (motion) {
    case GEN_TURN_EMITTER:
        l.anchor = FXL_ANCHOR_EMITTER;
        return fxl_sweep_turn(&l, step);
    case GEN_TURN_MIDDLE:
        l.anchor = FXL_ANCHOR_CENTRE;
        return fxl_sweep_turn(&l, step);
    case GEN_TURN_OFFBEAM:
        return fxl_sweep_turn_about(&l, gen_pivot(rng, l.pos, extreme), step);
    case GEN_SLIDE:
        s = fxl_sweep_turn_about(&l, l.pos, 0);
        if (fxlt_below(rng, 2) != 0)
            s.motion.pivot = gen_pivot(rng, l.pos, extreme);
        s.motion.move = gen_move(rng, s.motion.pivot, extreme);
        return s;
    case GEN_POSE: {
        fxl_vec2 d = gen_move(rng, l.pos, extreme);
        return fxl_sweep_to_pose(&l, fxl_vec2_make(l.pos.x + d.x, l.pos.y + d.y),
                                 (fxl_angle)((uint32_t)l.angle + (uint32_t)step));
    }
    default:
        s = fxl_sweep_turn_about(&l, l.pos, step);
        if (fxlt_below(rng, 2) != 0)
            s.motion.pivot = gen_pivot(rng, l.pos, extreme);
        s.motion.move = gen_move(rng, s.motion.pivot, extreme);
        return s;
    }
}

fxl_vec2 gen_move_end(fxlt_rng *rng, fxl_vec2 p, bool extreme)
{
    fxl_vec2 d = gen_move(rng, p, extreme);
    return fxl_vec2_make(p.x + d.x, p.y + d.y);
}

fxl_vec2 gen_sweep_point(fxlt_rng *rng, const fxl_sweep *s)
{
    const fxl_laser *l = &s->laser;
    const fxl_motion *m = &s->motion;
    double c0 = ref_cos_q16(l->angle) / 65536.0, s0 = ref_sin_q16(l->angle) / 65536.0;
    double len = ref_px(l->length), hw = ref_px(l->half_width);
    double a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0.0 : -len / 2.0;
    /* The laser's pos relative to the pivot, in the start frame (px). */
    double ox = ref_px(l->pos.x) - ref_px(m->pivot.x), oy = ref_px(l->pos.y) - ref_px(m->pivot.y);
    double ou = c0 * ox + s0 * oy, ov = c0 * oy - s0 * ox;
    double cu, cv, th, px, py, extra, cr, sr;
    uint32_t mode = fxlt_below(rng, 4), corner = fxlt_below(rng, 4);
    cu = ou + a0 + ((corner & 1) ? len : 0.0);
    cv = ov + ((corner & 2) ? hw : -hw);
    extra = 24.0 * (double)fxlt_below(rng, 1u << 20) / (double)(1u << 20);
    th = atan2(s0, c0);
    if (mode <= 1) {
        /* Around the whole motion: the pivot halfway plus up to the reach. */
        double reach = sqrt((fabs(ou) + fabs(a0) + len + hw) * (fabs(ou) + fabs(a0) + len + hw) +
                     (fabs(ov) + hw) * (fabs(ov) + hw)) + 32.0;
        if (reach > 20000.0)
            reach = 20000.0;
        px = ref_px(m->pivot.x) + ref_px(m->move.x) / 2.0 +
             reach * ((double)fxlt_below(rng, 1u << 30) / (double)(1u << 29) - 1.0);
        py = ref_px(m->pivot.y) + ref_px(m->move.y) / 2.0 +
             reach * ((double)fxlt_below(rng, 1u << 30) / (double)(1u << 29) - 1.0);
        return fxl_vec2_make(clamp_coord(px), clamp_coord(py));
    }
    if (mode == 2) {
        /* Just outside the arc a corner sweeps, about the pivot halfway. */
        double f = (double)fxlt_below(rng, 1u << 20) / (double)(1u << 20);
        double d = sqrt(cu * cu + cv * cv), k = d > 0.0 ? (d + extra) / d : 1.0;
        th += 6.283185307179586 * (double)m->step / 4096.0 * f;
        cr = cos(th), sr = sin(th);
        px = ref_px(m->pivot.x) + ref_px(m->move.x) / 2.0 + k * (cr * cu - sr * cv);
        py = ref_px(m->pivot.y) + ref_px(m->move.y) / 2.0 + k * (sr * cu + cr * cv);
        return fxl_vec2_make(clamp_coord(px), clamp_coord(py));
    }
    /* Just outside a corner of the start or the end beam, diagonally. */
    {
        bool end = fxlt_below(rng, 2) != 0;
        double eu = (corner & 1) ? 1.0 : -1.0, ev = (corner & 2) ? 1.0 : -1.0;
        double phi = 1.5707963267948966 * (double)fxlt_below(rng, 1u << 20) / (double)(1u << 20);
        double du = eu * extra * cos(phi), dv = ev * extra * sin(phi);
        if (end)
            th += 6.283185307179586 * (double)m->step / 4096.0;
        cr = cos(th), sr = sin(th);
        px = ref_px(m->pivot.x) + (end ? ref_px(m->move.x) : 0.0) +
             cr * (cu + du) - sr * (cv + dv);
        py = ref_px(m->pivot.y) + (end ? ref_px(m->move.y) : 0.0) +
             sr * (cu + du) + cr * (cv + dv);
        return fxl_vec2_make(clamp_coord(px), clamp_coord(py));
    }
}

fxl_laser3d gen_laser3d(fxlt_rng *rng, fxl_laser3d_kind kind)
{
    fxl_laser3d l;
    l.kind = kind;
    l.anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
    l.pos.x = fxlt_range(rng, -(500 << 16), (500 << 16));
    l.pos.y = fxlt_range(rng, -(500 << 16), (500 << 16));
    l.pos.z = fxlt_range(rng, -(500 << 16), (500 << 16));
    l.yaw = (fxl_angle)fxlt_below(rng, 4096);
    l.pitch = (fxl_angle)fxlt_below(rng, 4096);
    if (fxlt_below(rng, 6) == 0)
        l.yaw = (fxl_angle)(fxlt_below(rng, 4) * 1024u);
    if (fxlt_below(rng, 6) == 0)
        l.pitch = (fxl_angle)(fxlt_below(rng, 4) * 1024u);
    l.length = fxlt_range(rng, 0, fxlt_below(rng, 8) == 0 ? (2 << 16) : (300 << 16));
    l.half_width = fxlt_range(rng, 0, fxlt_below(rng, 8) == 0 ? 0 : (16 << 16));
    l.egg_k = fxlt_below(rng, 8) == 0 ? 0 : fxlt_range(rng, 0, fix16_one);
    return l;
}
