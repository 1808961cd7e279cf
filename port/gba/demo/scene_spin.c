/* scene_spin.c - the demo's spin scene: a propeller (a capsule laser
 * spinning 230 steps, 20.2 degrees, a frame about its own middle) and a
 * drifting boss (a box beam turning 210 steps a frame from an emitter that
 * follows a Lissajous path, up to 3 px a frame), tested with the method A
 * chooses (1 STATIC: this frame's pose; 2 CHAIN: rotating chains from the
 * hub and from the boss's emitter where it is now; 3 SWEEP: fxl_sweep_turn
 * about the propeller's middle, fxl_sweep_to_pose for the boss, both with
 * fxl_sweep_vs_moving_circle for the ship's own move). Its passes come
 * from the demo's own ground truth (spin_truth): the frame's motion as
 * sweep.h states it (slide half the move, turn, slide the rest),
 * sub-stepped densely (every angle step, 1/8 px slides) with the static
 * test, with a margin each way: a frame is a pass when a contact begins in
 * it (a sample touches the ship, the frame's start pose does not; a
 * contact going on from the last frame is counted apart), "clear" when no
 * sample comes within the distance the beam can move between samples, a
 * graze (counted apart) otherwise. The HUD counts passes, hit frames and
 * missed passes per laser; COLL times both lasers' tests (not the ground
 * truth, which is in CPU).
 *
 * Self-check part: per method SP_LEN frames, the ship first where the
 * propeller's blades pass, then where the boss's beam does.
 */
#include "demo.h"

#include "fixlaser/chain.h"
#include "fixlaser/sweep.h"

/* The propeller: a capsule laser anchored at its middle (the hub), spinning
 * PROP_STEP a frame about it. */
#define PROP_X 62
#define PROP_Y 90
#define PROP_HALF PX(40)
#define PROP_HW PX(3)
#define PROP_STEP (-230) /* anticlockwise on the screen: 20.2 degrees a frame */

/* The drifting boss: a box beam from an emitter that follows a Lissajous
 * path about (DRIFT_X, DRIFT_Y) while the beam turns DRIFT_STEP a frame. */
#define DRIFT_X 178
#define DRIFT_Y 90
#define DRIFT_AX PX(16) /* path amplitudes */
#define DRIFT_AY PX(10)
#define DRIFT_FX 96  /* path phase steps a frame: x period 42.7 frames, */
#define DRIFT_FY 128 /* y period 32 frames: at most 2.4 and 2.0 px a frame */
#define DRIFT_LEN PX(54)
#define DRIFT_HW PX(3)
#define DRIFT_STEP 210 /* 18.5 degrees a frame */

enum { SP_PROP, SP_DRIFT, SP_LASERS };
static const char *const spin_name[SP_LASERS] = {"propeller", "drifting boss"};

/* Per laser and method: passes (ground truth), hit frames, missed passes,
 * hits in frames the ground truth calls clear, grazes (neither), frames
 * continuing last frame's contact (neither). */
typedef struct spin_stats {
    uint32_t passes, hits, misses, false_hits, grazes, cont;
} spin_stats;

static spin_stats sstats[SP_LASERS][M_COUNT];
static fxl_angle prop_angle, prop_prev;
static fxl_vec2 drift_pos, drift_prev;
static fxl_angle drift_angle, drift_prev_angle;
static uint32_t spin_t;       /* frames the spin scene has run */
static int spin_hit[SP_LASERS];
static uint32_t spin_bad;     /* sweeps or lasers the library refused */
static fxl_aabb spin_chain[3 * CHAIN_CAP] FXL_EWRAM_BSS; /* 2 propeller blades, boss */
static size_t spin_chain_n[3];
static uint32_t truth_cycles; /* this frame's ground truth (not in COLL) */

static fxl_laser prop_laser(fxl_angle a)
{
    fxl_laser l = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(PX(PROP_X), PX(PROP_Y)),
                                        a, PROP_HALF, PROP_HW);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

static fxl_laser drift_laser(fxl_vec2 pos, fxl_angle a)
{
    return fired_laser(FXL_LASER_BOX, pos, a, DRIFT_LEN, DRIFT_HW);
}

/* The boss's emitter on its Lissajous path at frame t. */
static fxl_vec2 drift_path(uint32_t t)
{
    return fxl_vec2_make(PX(DRIFT_X) + fix16_mul(DRIFT_AX, fxl_sin((fxl_angle)((t * DRIFT_FX) & 4095u))),
                         PX(DRIFT_Y) + fix16_mul(DRIFT_AY, fxl_sin((fxl_angle)((t * DRIFT_FY) & 4095u))));
}

/* One frame of the spin scene's motion: the propeller turns, the boss
 * drifts to its next point and turns. */
static void spin_update(void)
{
    prop_prev = prop_angle;
    prop_angle = (prop_angle + PROP_STEP) & FXL_ANGLE_MASK;
    drift_prev = drift_pos;
    drift_prev_angle = drift_angle;
    ++spin_t;
    drift_pos = drift_path(spin_t);
    drift_angle = (drift_angle + DRIFT_STEP) & FXL_ANGLE_MASK;
}

static void spin_init(void)
{
    prop_angle = prop_prev = 0;
    spin_t = 0;
    drift_pos = drift_prev = drift_path(0);
    drift_angle = drift_prev_angle = 1024;
}

/* The collision of the spin scene (the measured part). */
static void spin_collide(void)
{
    fxl_circle from = fxl_circle_make(ship_prev.x, ship_prev.y, SHIP_R);
    fxl_circle me = fxl_circle_make(ship.x, ship.y, SHIP_R);
    fxl_laser_prep lp;
    uint32_t tests = 0;

    (void)fxl_port_cycles_begin();
    spin_chain_n[0] = spin_chain_n[1] = spin_chain_n[2] = 0;
    switch (method) {
    case M_STATIC: {
        /* this frame's pose only */
        fxl_laser p = prop_laser(prop_angle), d = drift_laser(drift_pos, drift_angle);
        spin_hit[SP_PROP] = fxl_laser_prepare(&p, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        spin_hit[SP_DRIFT] = fxl_laser_prepare(&d, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        tests = 2;
        break;
    }
    case M_CHAIN: {
        /* rotating chains: the propeller's two blades from the hub (its
         * pivot), the boss's beam from where its emitter is now (a chain
         * knows no moving emitter) */
        fxl_chain ch;
        int k;
        ch.emitter = fxl_vec2_make(PX(PROP_X), PX(PROP_Y));
        ch.length = PROP_HALF;
        ch.half_size = fix16_mul(PROP_HW, HIT_FRACTION);
        for (k = 0; k < 3; ++k) {
            if (k == 2) {
                ch.emitter = drift_pos;
                ch.angle = drift_angle;
                ch.prev_angle = drift_prev_angle;
                ch.length = DRIFT_LEN;
                ch.half_size = fix16_mul(DRIFT_HW, HIT_FRACTION);
            } else {
                ch.angle = (prop_angle + k * FXL_ANGLE_HALF) & FXL_ANGLE_MASK;
                ch.prev_angle = (prop_prev + k * FXL_ANGLE_HALF) & FXL_ANGLE_MASK;
            }
            if (fxl_chain_make(&ch, FXL_CHAIN_ROTATING, spin_chain + k * CHAIN_CAP, CHAIN_CAP, &spin_chain_n[k]) !=
                FXL_OK) {
                spin_chain_n[k] = 0;
                ++spin_bad;
            }
            tests += (uint32_t)spin_chain_n[k];
        }
        spin_hit[SP_PROP] = fxl_chain_vs_circle(spin_chain, spin_chain_n[0], me) ||
                            fxl_chain_vs_circle(spin_chain + CHAIN_CAP, spin_chain_n[1], me);
        spin_hit[SP_DRIFT] = fxl_chain_vs_circle(spin_chain + 2 * CHAIN_CAP, spin_chain_n[2], me);
        break;
    }
    default: {
        /* the whole motion: the propeller turning about its middle, the
         * boss going from last frame's pose to this one's; the ship moving
         * from where it was to where it is */
        fxl_laser p = prop_laser(prop_prev), d = drift_laser(drift_prev, drift_prev_angle);
        fxl_sweep s;
        fxl_sweep_prep sp;
        s = fxl_sweep_turn(&p, PROP_STEP); /* = fxl_sweep_turn_about(&p, hub, PROP_STEP) */
        spin_hit[SP_PROP] = 0;
        if (fxl_sweep_prepare(&s, &sp) == FXL_OK) {
            spin_hit[SP_PROP] = fxl_sweep_vs_moving_circle(&sp, from, me.c);
        } else {
            ++spin_bad;
        }
        s = fxl_sweep_to_pose(&d, drift_pos, drift_angle);
        spin_hit[SP_DRIFT] = 0;
        if (fxl_sweep_prepare(&s, &sp) == FXL_OK) {
            spin_hit[SP_DRIFT] = fxl_sweep_vs_moving_circle(&sp, from, me.c);
        } else {
            ++spin_bad;
        }
        tests = 2;
        break;
    }
    }
    coll_cycles = fxl_port_cycles_end();
    tests_this_frame = tests;
}

/* -- the spin scene's ground truth (not the swept test) --
 *
 * The frame's motion as sweep.h states it: the beam (pivot P0, angle a0)
 * and the ship (c0 -> c1) slide to the middle of their moves (Pm = P0 +
 * floor(move/2), cm = c0 + floor((c1 - c0)/2) per raw axis), the beam turns
 * there about Pm through every direction from a0 to a0 + step, then both
 * slide the rest. It is sampled with the library's static test alone
 * (fxl_laser_prepare + fxl_laser_vs_circle): the slides as the ship's
 * straight path relative to the fixed beam, samples at most 1/8 px apart;
 * the turn at every angle step (each sample a table frame of that angle;
 * between two samples no point of the hitbox, at most `reach` from the
 * pivot, moves more than reach * 2 pi / 4096). GT_EPS (1/32 px) covers the
 * table's rounding (1.1e-5 of the reach, under 0.001 px here) and the
 * samples' (a raw unit or two). A sample hitting with radius r - GT_EPS is
 * a moment of the motion touching the ship. When no sample hits with
 * radius r + (the largest move between samples) + GT_EPS, no moment can
 * touch: clear. Otherwise a graze, counted apart. A pass is a frame in
 * which a contact begins: when the start pose (last frame's end pose, the
 * ship where it was) already touches (the static test, radius r), the
 * frame continues last frame's contact and is counted apart, so that one
 * contact is never two passes. */
#define GT_EPS 2048      /* 1/32 px */
#define GT_SPACING 8192  /* 1/8 px: largest slide step */
#define GT_BLOCK 16      /* the turn is first tested in blocks of 16 steps */
enum { GT_CLEAR, GT_GRAZE, GT_PASS, GT_CONT };

typedef struct gt_ctx {
    fix16_t r;   /* the ship's radius */
    int near;    /* a sample came within its bound */
} gt_ctx;

static int32_t abs32(int32_t v)
{
    return v < 0 ? -v : v;
}

static int gt_hit(const fxl_laser_prep *lp, fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_laser_vs_circle(lp, fxl_circle_make(x, y, r));
}

/* trunc(v * k / 2^m), 64-bit product, no division */
static fix16_t gt_scale(int32_t v, int32_t k, int m)
{
    int64_t p = (int64_t)v * k;
    return (fix16_t)(p < 0 ? -((-p) >> m) : p >> m);
}

/* The beam `lp` held still, the ship's centre going straight from c by d. */
static int gt_slide(gt_ctx *g, const fxl_laser_prep *lp, fxl_vec2 c, fxl_vec2 d)
{
    int32_t l1 = abs32(d.x) + abs32(d.y), k, n;
    int m = 0;
    /* the whole slide is within l1 of c: one test rules it out */
    if (!gt_hit(lp, c.x, c.y, g->r + l1 + GT_SPACING + GT_EPS)) {
        return 0;
    }
    while (m < 16 && (GT_SPACING << m) < l1) {
        ++m; /* 2^m steps, each at most GT_SPACING long */
    }
    n = (int32_t)1 << m;
    for (k = 0; k <= n; ++k) {
        fix16_t x = c.x + gt_scale(d.x, k, m), y = c.y + gt_scale(d.y, k, m);
        if (gt_hit(lp, x, y, g->r - GT_EPS)) {
            return 1;
        }
        if (!g->near && gt_hit(lp, x, y, g->r + GT_SPACING + GT_EPS)) {
            g->near = 1;
        }
    }
    return 0;
}

/* The beam l (pos = the pivot, at its start angle) turning by step about
 * its pos, the ship's centre at c. */
static int gt_turn(gt_ctx *g, fxl_laser l, int32_t step, fxl_vec2 c, fix16_t reach)
{
    int32_t n = abs32(step), sgn = step < 0 ? -1 : 1, b, k;
    fix16_t d1 = (fix16_t)(((int64_t)reach * 101 >> 16) + 1); /* 2 pi / 4096 < 101 / 65536 */
    fxl_angle a0 = l.angle;
    fxl_laser_prep lp;
    for (b = 0; b < n; b += GT_BLOCK) {
        int32_t kc = b + GT_BLOCK / 2 < n ? b + GT_BLOCK / 2 : n;
        int32_t hi = b + GT_BLOCK < n ? b + GT_BLOCK : n;
        /* every pose of steps b..hi is within GT_BLOCK / 2 steps of kc's */
        l.angle = a0 + sgn * kc;
        if (fxl_laser_prepare(&l, &lp) != FXL_OK ||
            !gt_hit(&lp, c.x, c.y, g->r + d1 * (GT_BLOCK / 2) + GT_EPS)) {
            continue;
        }
        for (k = b; k <= hi; ++k) {
            l.angle = a0 + sgn * k;
            if (fxl_laser_prepare(&l, &lp) != FXL_OK) {
                continue;
            }
            if (gt_hit(&lp, c.x, c.y, g->r - GT_EPS)) {
                return 1;
            }
            if (!g->near && gt_hit(&lp, c.x, c.y, g->r + d1 + GT_EPS)) {
                g->near = 1;
            }
        }
    }
    return 0;
}

/* One frame: the laser l0 at the start of the frame (its pos is the
 * pivot), turning by step and moving by move; the ship going c0 -> c1;
 * reach bounds the distance from the pivot to any point of the hitbox.
 * GT_PASS, GT_GRAZE, GT_CLEAR or GT_CONT. */
static int spin_truth(const fxl_laser *l0, int32_t step, fxl_vec2 move, fix16_t reach,
                      fxl_vec2 c0, fxl_vec2 c1, fix16_t r)
{
    gt_ctx g;
    fxl_laser l = *l0;
    fxl_laser_prep lp;
    fxl_vec2 hm = fxl_vec2_make(floor_half(move.x), floor_half(move.y));
    fxl_vec2 hc = fxl_vec2_make(floor_half(c1.x - c0.x), floor_half(c1.y - c0.y));
    fxl_vec2 pm = fxl_vec2_make(l0->pos.x + hm.x, l0->pos.y + hm.y);
    fxl_vec2 cm = fxl_vec2_make(c0.x + hc.x, c0.y + hc.y);
    fxl_vec2 da = fxl_vec2_make(hc.x - hm.x, hc.y - hm.y); /* ship vs beam, first half */
    fxl_vec2 dc = fxl_vec2_make(c1.x - cm.x - (move.x - hm.x), c1.y - cm.y - (move.y - hm.y));
    g.r = r;
    g.near = 0;
    {
        /* far: relative to the pivot the ship stays within the slides'
         * lengths of cm - pm, out of the hitbox's reach */
        int64_t qx = (int64_t)cm.x - pm.x, qy = (int64_t)cm.y - pm.y;
        int64_t lim = (int64_t)reach + r + abs32(da.x) + abs32(da.y) + abs32(dc.x) + abs32(dc.y) +
                      GT_SPACING + GT_EPS;
        if (qx * qx + qy * qy > lim * lim) {
            return GT_CLEAR;
        }
    }
    if (fxl_laser_prepare(&l, &lp) != FXL_OK) {
        return GT_CLEAR; /* not reached: the demo's lasers are valid */
    }
    if (gt_hit(&lp, c0.x, c0.y, r)) {
        return GT_CONT;
    }
    if (gt_slide(&g, &lp, c0, da)) {
        return GT_PASS;
    }
    l.pos = pm;
    if (step != 0 && gt_turn(&g, l, step, cm, reach)) {
        return GT_PASS;
    }
    l.angle = l0->angle + step;
    if (fxl_laser_prepare(&l, &lp) == FXL_OK && gt_slide(&g, &lp, cm, dc)) {
        return GT_PASS;
    }
    return g.near ? GT_GRAZE : GT_CLEAR;
}

/* Both lasers' ground truth for this frame, into the stats of `method`. */
static void spin_account(void)
{
    fxl_laser p = prop_laser(prop_prev), d = drift_laser(drift_prev, drift_prev_angle);
    int gt[SP_LASERS], i;
    (void)fxl_port_cycles_begin();
    gt[SP_PROP] = spin_truth(&p, PROP_STEP, fxl_vec2_make(0, 0),
                             PROP_HALF + fix16_mul(PROP_HW, HIT_FRACTION) + PX(1), ship_prev, ship,
                             SHIP_R);
    gt[SP_DRIFT] = spin_truth(&d, DRIFT_STEP,
                              fxl_vec2_make(drift_pos.x - drift_prev.x, drift_pos.y - drift_prev.y),
                              DRIFT_LEN + fix16_mul(DRIFT_HW, HIT_FRACTION) + PX(1), ship_prev,
                              ship, SHIP_R);
    truth_cycles = fxl_port_cycles_end();
    for (i = 0; i < SP_LASERS; ++i) {
        spin_stats *st = &sstats[i][method];
        int pass = gt[i] == GT_PASS;
        st->passes += (uint32_t)pass;
        st->hits += (uint32_t)spin_hit[i];
        st->misses += (uint32_t)(pass && !spin_hit[i]);
        st->false_hits += (uint32_t)(gt[i] == GT_CLEAR && spin_hit[i]);
        st->grazes += (uint32_t)(gt[i] == GT_GRAZE);
        st->cont += (uint32_t)(gt[i] == GT_CONT);
    }
}

/* -- the spin scene's drawing -- */

typedef struct spin_hud_state {
    int method, flash;
    uint32_t n[SP_LASERS][3]; /* passes, hits, misses */
    uint32_t coll, tests, draw, cpu;
} spin_hud_state;

static spin_hud_state spin_hud_now, spin_hud_page[2];
static int spin_hud_valid[2];

static int spin_hud_same(const spin_hud_state *a, const spin_hud_state *b)
{
    int i, k;
    for (i = 0; i < SP_LASERS; ++i) {
        for (k = 0; k < 3; ++k) {
            if (a->n[i][k] != b->n[i][k]) {
                return 0;
            }
        }
    }
    return a->method == b->method && a->flash == b->flash && a->coll == b->coll &&
           a->tests == b->tests && a->draw == b->draw && a->cpu == b->cpu;
}

static void spin_draw_hud(int frame)
{
    static const char *const tag[SP_LASERS] = {"PROP PASS ", "  BOSS PASS "};
    strbuf b;
    int x, i, page = gfx_page();

    spin_hud_now.method = method;
    spin_hud_now.flash = ship_flash != 0;
    for (i = 0; i < SP_LASERS; ++i) {
        spin_hud_now.n[i][0] = sstats[i][method].passes;
        spin_hud_now.n[i][1] = sstats[i][method].hits;
        spin_hud_now.n[i][2] = sstats[i][method].misses;
    }
    if ((frame & 7) == 0) {
        spin_hud_now.coll = coll_cycles;
        spin_hud_now.tests = tests_this_frame;
        spin_hud_now.draw = draw_cycles;
        spin_hud_now.cpu = frame_cycles;
    }
    if (spin_hud_valid[page] && spin_hud_same(&spin_hud_now, &spin_hud_page[page])) {
        return;
    }
    spin_hud_page[page] = spin_hud_now;
    spin_hud_valid[page] = 1;

    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "PROP 20.2 BOSS 18.5 DEG/F  METHOD ");
    sb_str(&b, method_name[method]);
    x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(A)", COL_TEXT_DIM, COL_HUD_BG);

    x = 2;
    for (i = 0; i < SP_LASERS; ++i) {
        sb_reset(&b);
        sb_str(&b, tag[i]);
        sb_u32(&b, spin_hud_now.n[i][0]);
        sb_str(&b, " HIT ");
        sb_u32(&b, spin_hud_now.n[i][1]);
        sb_str(&b, " MISS ");
        x = gfx_text_bg(x, 7, b.s, COL_TEXT, COL_HUD_BG);
        sb_reset(&b);
        sb_u32(&b, spin_hud_now.n[i][2]);
        x = gfx_text_bg(x, 7, b.s, spin_hud_now.n[i][2] ? COL_MISS : COL_TEXT, COL_HUD_BG);
    }

    sb_reset(&b);
    sb_str(&b, "COLL ");
    sb_u32(&b, spin_hud_now.coll);
    sb_str(&b, " CY ");
    sb_pct(&b, spin_hud_now.coll);
    sb_str(&b, "  TESTS ");
    sb_u32(&b, spin_hud_now.tests);
    sb_str(&b, "  DRAW ");
    sb_pct(&b, spin_hud_now.draw);
    sb_str(&b, "  CPU ");
    sb_pct(&b, spin_hud_now.cpu);
    (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
}

static void fill_triangle(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c, uint8_t col)
{
    gfx_poly_begin();
    gfx_poly_edge(a, b);
    gfx_poly_edge(b, c);
    gfx_poly_edge(c, a);
    gfx_poly_fill(col);
}

static void draw_chain(const fxl_aabb *boxes, size_t n)
{
    size_t k;
    for (k = 0; k < n; ++k) {
        gfx_rect_q16(boxes[k], COL_CHAIN);
    }
}

static void spin_draw(int frame)
{
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);

    /* the propeller: last frame's beam (1, 2) or the two fans its ends
     * swept about the hub (3), the chains (2), the beam */
    {
        fxl_laser prev = prop_laser(prop_prev), cur = prop_laser(prop_angle);
        fxl_vec2 hub = fxl_vec2_make(PX(PROP_X), PX(PROP_Y));
        if (method == M_SWEEP) {
            fxl_vec2 s0, e0, s1, e1;
            fxl_laser_ends(&prev, &s0, &e0);
            fxl_laser_ends(&cur, &s1, &e1);
            fill_triangle(hub, s0, s1, COL_GHOST);
            fill_triangle(hub, e0, e1, COL_GHOST);
        } else {
            gfx_laser(&prev, COL_GHOST);
        }
        if (method == M_CHAIN) {
            draw_chain(spin_chain, spin_chain_n[0]);
            draw_chain(spin_chain + CHAIN_CAP, spin_chain_n[1]);
        }
        draw_laser_lit(&cur, COL_CAPSULE);
        gfx_poly_begin();
        gfx_poly_disc(hub, PX(4));
        gfx_poly_fill(COL_BOSS_BODY);
    }

    /* the drifting boss: last frame's beam, and with 3 the fan it swept
     * about the middle of its move */
    {
        fxl_laser prev = drift_laser(drift_prev, drift_prev_angle);
        fxl_laser cur = drift_laser(drift_pos, drift_angle);
        gfx_laser(&prev, COL_GHOST);
        if (method == M_SWEEP) {
            fxl_vec2 pm = fxl_vec2_make(drift_prev.x + floor_half(drift_pos.x - drift_prev.x),
                                        drift_prev.y + floor_half(drift_pos.y - drift_prev.y));
            fxl_laser a = drift_laser(pm, drift_prev_angle), z = drift_laser(pm, drift_angle);
            fxl_vec2 s0, e0, s1, e1;
            fxl_laser_ends(&a, &s0, &e0);
            fxl_laser_ends(&z, &s1, &e1);
            fill_triangle(pm, e0, e1, COL_GHOST);
        }
        if (method == M_CHAIN) {
            draw_chain(spin_chain + 2 * CHAIN_CAP, spin_chain_n[2]);
        }
        draw_laser_lit(&cur, COL_BOSS);
        gfx_poly_begin();
        gfx_poly_disc(drift_pos, PX(6));
        gfx_poly_fill(COL_BOSS_BODY);
    }
    draw_ship();
    spin_draw_hud(frame);
}

/* ---- the self-check's part ------------------------------------------------------ */

/* Per method (1 STATIC, 2 CHAIN, 3 SWEEP) SP_LEN frames, the first half
 * with the ship where the propeller's blades pass, the second where the
 * drifting boss's beam does; in each half the ship stands still, then
 * walks left and right from SP_WALK on. */
#define SP_LEN 240
#define SP_HALF 120
#define SP_WALK 60
#define SP_END (M_COUNT * SP_LEN)
#define SP_PROP_SPOT_Y (PROP_Y + 38) /* 38 px below the hub, blades 40 px + cap */
#define SP_DRIFT_SPOT_Y (DRIFT_Y + 44) /* 34..54 px below the emitter */

static uint16_t spin_script_keys(int r)
{
    if (r % SP_HALF >= SP_WALK) {
        return ((r / 8) & 1) ? KEY_LEFT : KEY_RIGHT;
    }
    return 0;
}

/* The spin scene's part: the method and where the ship is put. */
static void script_spin_pre(int r)
{
    int q = r % SP_LEN;
    if (q == 0) {
        method = r / SP_LEN; /* M_STATIC, M_CHAIN, M_SWEEP */
        ship = ship_prev = fxl_vec2_make(PX(PROP_X), PX(SP_PROP_SPOT_Y));
    } else if (q == SP_HALF) {
        ship = ship_prev = fxl_vec2_make(PX(DRIFT_X), PX(SP_DRIFT_SPOT_Y));
    }
}

static uint32_t sp_log_coll[SP_END] FXL_EWRAM_BSS;
static uint32_t sp_log_draw[SP_END] FXL_EWRAM_BSS;
static uint32_t sp_log_truth[SP_END] FXL_EWRAM_BSS;

static void spin_finish(void)
{
    strbuf bb, *b = &bb;
    static const char *const tag[SP_LASERS] = {"propeller", "drifting boss"};
    int i, m;
    sb_reset(b);
    sb_str(b, "demo: spin scene, ");
    sb_u32(b, (uint32_t)SP_END);
    sb_str(b, " frames: propeller turns 230 steps (20.2 deg) a frame about its middle");
    log_line(b);
    sb_reset(b);
    sb_str(b, "demo: spin scene: boss beam turns 210 steps (18.5 deg) a frame, emitter drifting");
    log_line(b);
    for (i = 0; i < SP_LASERS; ++i) {
        for (m = 0; m < M_COUNT; ++m) {
            const spin_stats *st = &sstats[i][m];
            sb_reset(b);
            sb_str(b, "demo: spin ");
            sb_str(b, spin_name[i]);
            sb_str(b, " method ");
            sb_str(b, method_name[m]);
            sb_str(b, ": passes ");
            sb_u32(b, st->passes);
            sb_str(b, ", caught ");
            sb_u32(b, st->passes - st->misses);
            sb_str(b, ", missed ");
            sb_u32(b, st->misses);
            sb_str(b, ", hit frames ");
            sb_u32(b, st->hits);
            sb_str(b, ", hits where nothing touched ");
            sb_u32(b, st->false_hits);
            sb_str(b, ", grazes ");
            sb_u32(b, st->grazes);
            sb_str(b, ", continued ");
            sb_u32(b, st->cont);
            log_line(b);
        }
    }
    sb_reset(b);
    sb_str(b, "demo: spin scene: refused by the library: ");
    sb_u32(b, spin_bad);
    log_line(b);
    summary_cycles(b, "spin collision (2 lasers)", sp_log_coll, SP_END);
    summary_cycles(b, "spin ground truth (not in COLL)", sp_log_truth, SP_END);
    summary_cycles(b, "spin drawing", sp_log_draw, SP_END);
    for (i = 0; i < SP_LASERS; ++i) {
        const spin_stats *st = sstats[i];
        sb_reset(b);
        sb_str(b, "spin: ");
        sb_str(b, tag[i]);
        sb_str(b, ": exact sweep (method 3) catches every pass");
        check(st[M_SWEEP].passes > 0 && st[M_SWEEP].misses == 0, b->s);
        sb_reset(b);
        sb_str(b, "spin: ");
        sb_str(b, tag[i]);
        sb_str(b, ": once-per-frame test (method 1) misses passes");
        check(st[M_STATIC].passes > 0 && st[M_STATIC].misses > 0, b->s);
        sb_reset(b);
        sb_str(b, "spin: ");
        sb_str(b, tag[i]);
        sb_str(b, ": no hit where the ground truth says nothing touched (methods 1, 3)");
        check(st[M_SWEEP].false_hits == 0 && st[M_STATIC].false_hits == 0, b->s);
    }
    check(spin_bad == 0, "spin: every laser, chain and sweep accepted by the library");
}

static void spin_enter(void)
{
    ship_prev = ship; /* no move across the switch */
    spin_hud_valid[0] = spin_hud_valid[1] = 0;
}

/* One frame: update, collision (timed), ground truth, drawing (timed). */
static void spin_frame(const demo_in *in)
{
    if (!in->scripted && (in->keys & KEY_A) && !(in->prev_keys & KEY_A)) {
        method = (method + 1) % M_COUNT;
    }
    ship_prev = ship;
    ship_move(in->keys);
    if (in->scripted) {
        script_spin_pre(in->r);
    }
    ship_clamp();
    spin_update();
    spin_collide();
    spin_account();
    ship_flash_update(spin_hit[SP_PROP] || spin_hit[SP_DRIFT]);
    (void)fxl_port_cycles_begin();
    spin_draw(in->frame);
    draw_cycles = fxl_port_cycles_end();
    if (in->scripted && in->r >= 0 && in->r < SP_END) {
        sp_log_coll[in->r] = coll_cycles;
        sp_log_draw[in->r] = draw_cycles;
        sp_log_truth[in->r] = truth_cycles;
    }
}

const demo_scene scene_spin = {"spin", SP_END, 1, spin_init, spin_enter, spin_script_keys, spin_frame,
                               spin_finish};
