/* test_oracle.c - the oracle (oracle.c) checked on its own: hand-computed
 * touching cases at the cardinal angles (where the table vectors are exact
 * unit vectors, so every end of an arc is an integer point), and random
 * cases against a double-precision reference that minimises the distance
 * over the motion by dense sampling and golden-section refinement: every
 * case the reference decides by more than 1e-8 px must agree, and the
 * smallest touching radius the oracle gives must bracket the reference's
 * touching radius within one raw step (+-1e-8 px). */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "oracle.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static const double tau = 6.283185307179586;

/* ---- hand-computed cases ------------------------------------------------------------ */

static bool turn_hits(fxl_laser l, int32_t step, fix16_t x, fix16_t y, fix16_t r)
{
    fxl_sweep s = fxl_sweep_turn(&l, step);
    return orc_sweep_vs_circle(&s, fxl_circle_make(x, y, r));
}

static void exact_static(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(7), PX(-3)), 1024, PX(100),
                                        PX(10));
    /* Down the screen from (7, -3): the far corner (-3, 97) and a 3-4-5 off it. */
    CHECK(orc_laser_vs_circle(&l, fxl_circle_make(PX(7 - 14), PX(-3 + 103), PX(5))));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(7 - 14), PX(-3 + 103), PX(5) - 1)));
    CHECK(orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 15), PX(-3 + 50), PX(5))));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 15) + 1, PX(-3 + 50), PX(5))));
    l.kind = FXL_LASER_CAPSULE;
    l.half_width = PX(2);
    CHECK(orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 3), PX(-3 + 104), PX(3))));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 3), PX(-3 + 104), PX(3) - 1)));
    l.hit_fraction = fix16_one / 2; /* hitbox half-width 1 px: 5 = 1 + 4 */
    CHECK(orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 3), PX(-3 + 104), PX(4))));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(7 + 3), PX(-3 + 104), PX(4) - 1)));
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 2048, PX(10), PX(1));
    CHECK(orc_laser_vs_circle(&l, fxl_circle_make(PX(-10), PX(1), 0)));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(-10) - 1, PX(1), 0)));
    CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(PX(-10), PX(1) + 1, 0)));
    CHECK(orc_circle_vs_circle(fxl_circle_make(PX(10), PX(10), PX(2)),
                               fxl_circle_make(PX(13), PX(14), PX(3))));
    CHECK(!orc_circle_vs_circle(fxl_circle_make(PX(10), PX(10), PX(2)),
                                fxl_circle_make(PX(13), PX(14), PX(3) - 1)));
}

static void exact_turns(void)
{
    /* Box 40 x 60 from (1, 2) turning a quarter: its far corners are 50 px
     * out and point along (20, 21)/29 during the turn, so a circle 58 px
     * out that way is touched at r = 8 px; no end beam comes near it. */
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(1), PX(2)), 0, PX(40),
                                        PX(30));
    fxl_sweep s;
    CHECK(turn_hits(l, 1024, PX(41), PX(44), PX(8)));
    CHECK(!turn_hits(l, 1024, PX(41), PX(44), PX(8) - 1));
    CHECK(!turn_hits(l, 0, PX(41), PX(44), PX(10)));
    CHECK(!turn_hits(l, -1024, PX(41), PX(44), PX(8)));
    /* The same the other way round, mirrored. */
    CHECK(turn_hits(l, -1024, PX(41), PX(-40), PX(8)));
    CHECK(!turn_hits(l, -1024, PX(41), PX(-40), PX(8) - 1));
    /* A capsule of the same size: the tip 70 px out, the circle 87 px. */
    l.kind = FXL_LASER_CAPSULE;
    CHECK(turn_hits(l, 1024, PX(61), PX(65), PX(17)));
    CHECK(!turn_hits(l, 1024, PX(61), PX(65), PX(17) - 1));
    /* The turn ends exactly on the cardinal direction: the end is in. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), 0);
    CHECK(turn_hits(l, 1024, 0, PX(100), 0));
    CHECK(!turn_hits(l, 1024, 0, PX(100) + 1, 0));
    /* A half turn covers the closed half disc on its side, nothing else. */
    CHECK(turn_hits(l, 2048, PX(-60), PX(80), 0));
    CHECK(!turn_hits(l, 2048, PX(-60), PX(80) + 1, 0));
    CHECK(turn_hits(l, 2048, PX(-99), 1, 0));
    CHECK(!turn_hits(l, 2048, PX(-50), -1, 0));
    CHECK(turn_hits(l, -2048, PX(-50), -1, 0));
    CHECK(turn_hits(l, 2048, PX(-50), 0, 0));
    /* A half turn about the middle of a 2 x 100 box (a propeller): the
     * ends sweep the circle of radius sqrt(50^2 + 1) ~ 50.01 px. */
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(50), PX(1));
    CHECK(turn_hits(l, 2048, PX(30), PX(40), 0));
    CHECK(turn_hits(l, -2048, PX(30), PX(40), 0));
    CHECK(!turn_hits(l, 2048, PX(30), PX(40) + PX(1) / 32, 0));
    /* Off-beam pivot: a box 10 x 2 from 100 px to 110 px along the beam
     * from the pivot, a quarter turn: (60, 80) and (66, 88) lie on the beam
     * when it points along (3, 4); its far corners are sqrt(12101) px out. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(100), 0), 0, PX(10), PX(1));
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(0, 0), 1024);
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(60), PX(80), 0)));
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(66), PX(88), 0)));
    CHECK(!orc_sweep_vs_circle(&s, fxl_circle_make(PX(66) + PX(1) / 8, PX(88) + PX(1) / 8, 0)));
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(66) + PX(1) / 8, PX(88) + PX(1) / 8, PX(1) / 4)));
    CHECK(!orc_sweep_vs_circle(&s, fxl_circle_make(PX(30), PX(40), PX(49) + PX(1) / 2)));
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(30), PX(40), PX(50))));
}

static void exact_motions(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
    fxl_sweep s = fxl_sweep_to_pose(&l, fxl_vec2_make(PX(100), 0), 0);
    fxl_circle c = fxl_circle_make(PX(50), PX(5), PX(4));
    CHECK(orc_sweep_vs_circle(&s, c));
    c.r -= 1;
    CHECK(!orc_sweep_vs_circle(&s, c));
    c = fxl_circle_make(PX(114), PX(4), PX(5)); /* off the end's far corner: 3-4-5 */
    CHECK(orc_sweep_vs_circle(&s, c));
    c.r -= 1;
    CHECK(!orc_sweep_vs_circle(&s, c));
    /* A still beam and a moving circle crossing it, or passing its end. */
    s = fxl_sweep_turn(&l, 0);
    l.length = PX(100);
    s.laser = l;
    CHECK(orc_sweep_vs_moving_circle(&s, fxl_circle_make(PX(50), PX(-20), 0),
                                     fxl_vec2_make(PX(50), PX(20))));
    CHECK(orc_sweep_vs_moving_circle(&s, fxl_circle_make(PX(103), PX(-20), PX(3)),
                                     fxl_vec2_make(PX(103), PX(20))));
    CHECK(!orc_sweep_vs_moving_circle(&s, fxl_circle_make(PX(103), PX(-20), PX(3) - 1),
                                      fxl_vec2_make(PX(103), PX(20))));
    /* Diagonally past the corner (100, 1): the line x + y = 101 + 5 sqrt 2
     * misses by 5; on the grid, x + y = 108 misses by 7/sqrt 2 = 4.95 px. */
    CHECK(orc_sweep_vs_moving_circle(&s, fxl_circle_make(PX(128), PX(-20), PX(5)),
                                     fxl_vec2_make(PX(88), PX(20))));
    CHECK(!orc_sweep_vs_moving_circle(&s, fxl_circle_make(PX(128), PX(-20), PX(4) + PX(9) / 10),
                                      fxl_vec2_make(PX(88), PX(20))));
    /* A quarter turn with a move: the turn happens halfway, at (50, 0);
     * a circle passed by the tip 100 px from there. */
    l.half_width = 0;
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(PX(100), 0), 1024);
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(110), PX(80), PX(1) / 16)));
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(110), PX(80), 0)));
    CHECK(!orc_sweep_vs_circle(&s, fxl_circle_make(PX(111), PX(81), 0)));
    CHECK(orc_sweep_vs_circle(&s, fxl_circle_make(PX(50 + 72), PX(96), PX(20))));
    CHECK(!orc_sweep_vs_circle(&s, fxl_circle_make(PX(50 + 72), PX(96), PX(20) - 1)));
    CHECK_EQ(orc_faults(), 0);
}

/* ---- the double reference -------------------------------------------------------------- */

typedef struct dbody {
    double a0, a1, b0, b1, round; /* px */
} dbody;

static double q32(int64_t v)
{
    return ldexp((double)v, -32);
}

static double rect_gap(const dbody *k, double u, double v)
{
    double eu = fmax(fmax(k->a0 - u, u - k->a1), 0.0), ev = fmax(fmax(k->b0 - v, v - k->b1), 0.0);
    return hypot(eu, ev);
}

static double static_gap(const dbody *k, int32_t c, int32_t s, int64_t gx, int64_t gy)
{
    return rect_gap(k, q32(c * gx + s * gy), q32(c * gy - s * gx));
}

static double slide_gap(const dbody *k, int32_t c, int32_t s, int64_t gx0, int64_t gy0,
                        int64_t gx1, int64_t gy1)
{
    double ax = q32(c * gx0 + s * gy0), ay = q32(c * gy0 - s * gx0);
    double bx = q32(c * gx1 + s * gy1), by = q32(c * gy1 - s * gx1);
    double lo = 0.0, hi = 1.0, g = 0.6180339887498949, x1, x2, f1, f2, best;
    int i;
    /* Convex along the segment: golden-section search finds its minimum. */
    x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    f1 = rect_gap(k, ax + x1 * (bx - ax), ay + x1 * (by - ay));
    f2 = rect_gap(k, ax + x2 * (bx - ax), ay + x2 * (by - ay));
    for (i = 0; i < 80; i++) {
        if (f1 <= f2) {
            hi = x2, x2 = x1, f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = rect_gap(k, ax + x1 * (bx - ax), ay + x1 * (by - ay));
        } else {
            lo = x1, x1 = x2, f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = rect_gap(k, ax + x2 * (bx - ax), ay + x2 * (by - ay));
        }
    }
    best = fmin(fmin(f1, f2), fmin(rect_gap(k, ax, ay), rect_gap(k, bx, by)));
    return best;
}

static double arc_at(const dbody *k, double qx, double qy, double th)
{
    double c = cos(th), s = sin(th);
    return rect_gap(k, c * qx + s * qy, c * qy - s * qx);
}

#define ARC_SAMPLES 512

/* The rigid turn through the arc from the table direction of a0 by step:
 * sampled, and the best local minima refined. */
static double turn_gap(const dbody *k, fxl_angle a0, int32_t step, int64_t gx, int64_t gy)
{
    fxl_angle a1 = (fxl_angle)((uint32_t)a0 + (uint32_t)step);
    double th0 = atan2((double)fxl_sin(a0), (double)fxl_cos(a0));
    double th1 = atan2((double)fxl_sin(a1), (double)fxl_cos(a1)), d = th1 - th0;
    double qx = ldexp((double)gx, -16), qy = ldexp((double)gy, -16), best = INFINITY;
    static double f[ARC_SAMPLES + 1] FXL_EWRAM_BSS;
    int n = ARC_SAMPLES, i, round;
    if (step > 0 && d <= 0.0)
        d += tau;
    if (step < 0 && d >= 0.0)
        d -= tau;
    for (i = 0; i <= n; i++)
        f[i] = arc_at(k, qx, qy, i == n ? th1 : th0 + d * i / n);
    for (round = 0; round < 3; round++) {
        int at = -1;
        double lo, hi, g = 0.6180339887498949, x1, x2, f1, f2;
        int it;
        for (i = 0; i <= n; i++) {
            bool local = (i == 0 || f[i] <= f[i - 1]) && (i == n || f[i] <= f[i + 1]);
            if (local && (at < 0 || f[i] < f[at]))
                at = i;
        }
        if (at < 0)
            break;
        best = fmin(best, f[at]);
        lo = th0 + d * (at > 0 ? at - 1 : 0) / n;
        hi = th0 + d * (at < n ? at + 1 : n) / n;
        x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
        f1 = arc_at(k, qx, qy, x1), f2 = arc_at(k, qx, qy, x2);
        for (it = 0; it < 60; it++) {
            if (f1 <= f2) {
                hi = x2, x2 = x1, f2 = f1;
                x1 = hi - g * (hi - lo);
                f1 = arc_at(k, qx, qy, x1);
            } else {
                lo = x1, x1 = x2, f1 = f2;
                x2 = lo + g * (hi - lo);
                f2 = arc_at(k, qx, qy, x2);
            }
        }
        best = fmin(best, fmin(f1, f2));
        f[at] = INFINITY; /* the next best local minimum */
    }
    return best;
}

static int64_t floor2(int64_t v)
{
    return (v - (((v % 2) + 2) % 2)) / 2;
}

/* Distance (px, in frame units) from the circle's centre to the hitbox at
 * the nearest moment of the motion, the centre moving from p to q. */
static double motion_gap(const fxl_sweep *s, fxl_vec2 p, fxl_vec2 q, double *round)
{
    const fxl_laser *l = &s->laser;
    const fxl_motion *m = &s->motion;
    int32_t c0 = fxl_cos(l->angle), s0 = fxl_sin(l->angle);
    fxl_angle a1 = (fxl_angle)((uint32_t)l->angle + (uint32_t)m->step);
    int32_t c1 = fxl_cos(a1), s1 = fxl_sin(a1);
    int64_t w = ((int64_t)l->half_width * l->hit_fraction + 32768) >> 16;
    int64_t ox = (int64_t)l->pos.x - m->pivot.x, oy = (int64_t)l->pos.y - m->pivot.y;
    double ou = q32(c0 * ox + s0 * oy), ov = q32(c0 * oy - s0 * ox), len = ref_px(l->length);
    int64_t p1x = (int64_t)m->pivot.x + m->move.x, p1y = (int64_t)m->pivot.y + m->move.y;
    int64_t pmx = m->pivot.x + floor2(m->move.x), pmy = m->pivot.y + floor2(m->move.y);
    int64_t cmx = p.x + floor2((int64_t)q.x - p.x), cmy = p.y + floor2((int64_t)q.y - p.y);
    int64_t g0x = p.x - m->pivot.x, g0y = p.y - m->pivot.y, g1x = q.x - p1x, g1y = q.y - p1y;
    dbody k;
    double g;
    k.a0 = ou + (l->anchor == FXL_ANCHOR_EMITTER ? 0.0 : -len / 2.0);
    k.a1 = ou + (l->anchor == FXL_ANCHOR_EMITTER ? len : len / 2.0);
    k.b0 = ov - (l->kind == FXL_LASER_BOX ? ref_px((fix16_t)w) : 0.0);
    k.b1 = ov + (l->kind == FXL_LASER_BOX ? ref_px((fix16_t)w) : 0.0);
    k.round = l->kind == FXL_LASER_BOX ? 0.0 : ref_px((fix16_t)w);
    *round = k.round;
    if (m->step == 0)
        return slide_gap(&k, c0, s0, g0x, g0y, g1x, g1y);
    g = fmin(slide_gap(&k, c0, s0, g0x, g0y, cmx - pmx, cmy - pmy),
             slide_gap(&k, c1, s1, cmx - pmx, cmy - pmy, g1x, g1y));
    g = fmin(g, static_gap(&k, c0, s0, cmx - pmx, cmy - pmy));
    g = fmin(g, static_gap(&k, c1, s1, cmx - pmx, cmy - pmy));
    return fmin(g, turn_gap(&k, l->angle, m->step, cmx - pmx, cmy - pmy));
}

/* ---- random cases -------------------------------------------------------------------- */

typedef struct odraw {
    fxl_sweep s;
    fxl_vec2 p, q;
    gen_motion motion;
} odraw;

static odraw draw_case(fxlt_rng *rng, uint32_t i, odraw prev)
{
    odraw d = prev;
    if ((i & 3) == 0) {
        d.motion = (gen_motion)((i >> 2) % GEN_MOTIONS);
        d.s = gen_sweep(rng, d.motion);
    }
    d.p = gen_sweep_point(rng, &d.s);
    d.q = d.motion == GEN_MOVING ? gen_move_end(rng, d.p, gen_sweep_extreme(&d.s)) : d.p;
    return d;
}

static bool oracle_hit(const odraw *d, fix16_t r)
{
    fxl_circle c = fxl_circle_make(d->p.x, d->p.y, r);
    return orc_sweep_vs_moving_circle(&d->s, c, d->q);
}

static void print_case(const char *what, const odraw *d, fix16_t r, double gap)
{
    const fxl_laser *l = &d->s.laser;
    fxlt_printf("    %s: kind %d anchor %d pos (%d, %d) angle %d L %d hw %d frac %d\n", what,
                (int)l->kind, (int)l->anchor, (int)l->pos.x, (int)l->pos.y, (int)l->angle,
                (int)l->length, (int)l->half_width, (int)l->hit_fraction);
    fxlt_printf("      pivot (%d, %d) step %d move (%d, %d) circle (%d, %d, %d) to (%d, %d) "
                "gap %d raw/1000\n",
                (int)d->s.motion.pivot.x, (int)d->s.motion.pivot.y, (int)d->s.motion.step,
                (int)d->s.motion.move.x, (int)d->s.motion.move.y, (int)d->p.x, (int)d->p.y, (int)r,
                (int)d->q.x, (int)d->q.y, (int)(gap * 65536000.0));
}

/* Random and near-boundary radii: the oracle against the double reference
 * wherever it decides by more than 1e-8 px. */
static void oracle_vs_double(void)
{
    fxlt_rng rng = fxlt_rng_for("oracle_vs_double");
    uint32_t i, n = FXLT_CASES(100000);
    uint32_t bad = 0, ties = 0, hits = 0;
    odraw d;
    d.motion = GEN_TURN_EMITTER;
    d.s = gen_sweep(&rng, d.motion);
    d.p = d.q = d.s.laser.pos;
    for (i = 0; i < n; i++) {
        double round, gap, reach;
        fix16_t r;
        bool got;
        d = draw_case(&rng, i, d);
        gap = motion_gap(&d.s, d.p, d.q, &round);
        if ((i & 1) != 0) {
            double raw = floor((gap - round) * 65536.0 + 0.5) + (double)fxlt_range(&rng, -2, 2);
            r = raw < 0.0 ? 0 : raw > (double)FXL_SIZE_MAX ? FXL_SIZE_MAX : (fix16_t)raw;
        } else {
            r = fxlt_range(&rng, 0, PX(16));
        }
        reach = round + ref_px(r);
        got = oracle_hit(&d, r);
        hits += got;
        if (fabs(gap - reach) <= 1e-8) {
            ties++;
        } else if (got != (gap < reach)) {
            if (bad < 4)
                print_case(got ? "oracle hit, double misses" : "oracle missed", &d, r, gap);
            bad++;
        }
    }
    fxlt_printf("    oracle vs double: %u cases (half near the boundary), %u hits, %u within "
                "1e-8 px (not decided), %u disagreements\n", n, hits, ties, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(orc_faults(), 0);
}

/* The oracle's smallest touching radius brackets the double reference's:
 * (r* - 1) + round < gap + 1e-8 and gap <= r* + round + 1e-8 (px). */
static void oracle_touching_radius(void)
{
    fxlt_rng rng = fxlt_rng_for("oracle_touching_radius");
    uint32_t i, n = FXLT_CASES(30000), bad = 0;
    uint32_t inside = 0, never = 0;
    odraw d;
    d.motion = GEN_TURN_EMITTER;
    d.s = gen_sweep(&rng, d.motion);
    d.p = d.q = d.s.laser.pos;
    for (i = 0; i < n; i++) {
        double round, gap;
        fix16_t lo = 0, hi = FXL_SIZE_MAX;
        d = draw_case(&rng, i, d);
        gap = motion_gap(&d.s, d.p, d.q, &round);
        if (!oracle_hit(&d, hi)) {
            never++;
            if (gap <= round + ref_px(hi) - 1e-8) {
                if (bad < 4)
                    print_case("never touching", &d, hi, gap);
                bad++;
            }
            continue;
        }
        while (lo < hi) {
            fix16_t mid = lo + (hi - lo) / 2;
            if (oracle_hit(&d, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        inside += lo == 0;
        if (gap > round + ref_px(lo) + 1e-8 ||
            (lo > 0 && gap <= round + ref_px(lo - 1) - 1e-8)) {
            if (bad < 4)
                print_case("touching radius", &d, lo, gap);
            bad++;
        }
    }
    fxlt_printf("    touching radii: %u cases (%u inside, %u out of reach), %u outside the "
                "double reference's bracket\n", n, inside, never, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(orc_faults(), 0);
}

/* The interval filter never changes an answer: every case again with all
 * signs exact, at random radii and at the touching radius and one below. */
static void filter_matches_exact(void)
{
    fxlt_rng rng = fxlt_rng_for("filter_matches_exact");
    uint32_t i, n = FXLT_CASES(20000), bad = 0;
    uint32_t paths = orc_exact_paths();
    odraw d;
    d.motion = GEN_TURN_EMITTER;
    d.s = gen_sweep(&rng, d.motion);
    d.p = d.q = d.s.laser.pos;
    for (i = 0; i < n; i++) {
        fix16_t lo = 0, hi = FXL_SIZE_MAX, r[3];
        int k;
        d = draw_case(&rng, i, d);
        while (lo < hi) {
            fix16_t mid = lo + (hi - lo) / 2;
            if (oracle_hit(&d, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        r[0] = lo;
        r[1] = lo > 0 ? lo - 1 : 0;
        r[2] = fxlt_range(&rng, 0, PX(16));
        for (k = 0; k < 3; k++) {
            bool fast = oracle_hit(&d, r[k]), slow;
            orc_set_filter(false);
            slow = oracle_hit(&d, r[k]);
            orc_set_filter(true);
            if (fast != slow) {
                if (bad < 4)
                    print_case("filtered and exact differ", &d, r[k], 0.0);
                bad++;
            }
        }
    }
    fxlt_printf("    filter: %u cases x 3 radii, %u differ from the all-exact answer (%u exact "
                "signs taken)\n", n, bad, orc_exact_paths() - paths);
    CHECK_EQ(bad, 0);
    CHECK_EQ(orc_faults(), 0);
}

static const fxlt_case cases[] = {
    {"exact_static", exact_static},
    {"exact_turns", exact_turns},
    {"exact_motions", exact_motions},
    {"oracle_vs_double", oracle_vs_double},
    {"oracle_touching_radius", oracle_touching_radius},
    {"filter_matches_exact", filter_matches_exact},
};

const fxlt_suite fxlt_suite_oracle = {"oracle", cases, FXLT_COUNT(cases)};
