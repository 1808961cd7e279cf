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
        l = fxl_laser_from_origin(kind, fxl_vec2_make(x, y), a, len, hw);
    } else {
        fix16_t x = fxlt_range(rng, -(512 << 16), 512 << 16);
        fix16_t y = fxlt_range(rng, -(512 << 16), 512 << 16);
        fxl_vec2 pos = fxl_vec2_make(x, y);
        fix16_t len = fxlt_below(rng, 16) == 0 ? 0 : fxlt_range(rng, 0, 400 << 16);
        fix16_t hw = fxlt_below(rng, 16) == 0 ? 0 : fxlt_range(rng, 0, 16 << 16);
        l = fxl_laser_from_origin(kind, pos, a, len, hw);
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
    double a0 = l->anchor == FXL_ANCHOR_ORIGIN ? 0.0 : -len / 2.0;
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

void tally_add(fxlt_tally *t, bool got, double margin, bool near)
{
    bool want = margin <= 0.0, tie = fabs(margin) < 1e-9;
    t->cases++;
    t->near += near;
    t->ties += tie;
    if (got != want) {
        if (tie)
            t->tie_disagree++;
        else
            t->disagree++;
    }
}

void tally_report(const char *what, const fxlt_tally *t)
{
    fxlt_printf("    %s: %u cases (%u near the boundary), %u disagreements, %u ties within "
                "1e-9 px (%u of them answered the other way)\n",
                what, t->cases, t->near, t->disagree, t->ties, t->tie_disagree);
    CHECK_EQ(t->disagree, 0);
}
