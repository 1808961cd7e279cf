/* scene_laser.c - the demo's first scene: on the left four static lasers
 * (two box, two capsule; each cycles warning -> active -> off), on the
 * right a boss whose beam turns 220 steps (19.3 degrees) per frame, at the
 * bottom a capsule laser that turns towards the player with eased
 * rotation.
 *
 * The boss beam is tested with one of three methods, cycled with A:
 *   1 STATIC  fxl_laser_vs_circle at this frame's angle only
 *   2 CHAIN   fxl_chain_make(FXL_CHAIN_ROTATING) squares between last and this frame's angle
 *   3 SWEEP   fxl_sweep_turn_to from last frame's angle to this one's
 * A "pass" is a frame in which the beam's direction swept over the ship's
 * centre (the ship within the beam's reach), decided independently with
 * fxl_atan2; the HUD counts passes, frames the method hit, and passes the
 * method missed.
 *
 * Self-check part (laser-scene frames): methods 1-3 against the boss, then
 * the ship on, beside and walking into a box and a capsule laser.
 */
#include "demo.h"

#include "fixlaser/chain.h"
#include "fixlaser/sweep.h"

/* Static lasers: warning (thin, harmless), active, off. */
#define WARN_FRAMES 45
#define ACTIVE_FRAMES 120
#define OFF_FRAMES 30
#define CYCLE_FRAMES (WARN_FRAMES + ACTIVE_FRAMES + OFF_FRAMES)
enum { ST_WARN, ST_ACTIVE, ST_OFF };

#define N_STATIC 4
typedef struct static_laser {
    fxl_laser laser;
    int timer; /* frames into its cycle */
    int state; /* ST_* this frame */
    gfx_shape full, core, thin; /* drawn shapes, computed once */
    int hit;   /* hit the ship this frame */
} static_laser;

static static_laser statics[N_STATIC];

/* The boss: a box beam turning BOSS_STEP per frame about its emitter. */
#define BOSS_X 178
#define BOSS_Y 92
#define BOSS_LEN PX(58)
#define BOSS_HW PX(4)
#define BOSS_STEP 220 /* steps per frame: 19.3 degrees; 4096 / 220 = 18.6
                       * frames per turn, so successive passes meet the ship
                       * at varying phases of the frame */

typedef struct method_stats {
    uint32_t passes; /* frames the beam swept over the ship's centre */
    uint32_t hits;   /* frames the method reported a hit */
    uint32_t misses; /* passes the method did not report */
} method_stats;

static method_stats mstats[M_COUNT];
static fxl_angle boss_angle, boss_prev;
static fxl_aabb chain_boxes[CHAIN_CAP];
static size_t chain_count;

/* The aiming laser: capsule, eased turn towards the ship. Angle and angular
 * velocity in 1/256 steps. */
#define AIM_X 112
#define AIM_Y 158
#define AIM_LEN PX(84)
#define AIM_HW PX(3)
#define AIM_ACCEL 128  /* 0.5 step / frame^2 */
#define AIM_VMAX 3072  /* 12 steps / frame */
#define AIM_FULL (4096 << 8)
static int32_t aim_angle_q8 = 3072 << 8; /* pointing up */
static int32_t aim_vel_q8;

/* per-kind hit frames */
static uint32_t hits_box, hits_capsule, hits_boss, hits_aim;

static void scene_init(void)
{
    static const struct {
        fxl_laser_kind kind;
        int x, y;
        fxl_angle angle;
        int half_len;
        fix16_t hw;
    } defs[N_STATIC] = {
        {FXL_LASER_BOX, 45, 80, 1024 + 100, 40, PX(4)},          /* near vertical */
        {FXL_LASER_BOX, 80, 44, 300, 30, PXF(3, 2)},             /* thin, 26 deg */
        {FXL_LASER_CAPSULE, 75, 130, 4096 - 120, 35, PX(6)},     /* wide, -10 deg */
        {FXL_LASER_CAPSULE, 97, 92, 700, 18, PXF(5, 2)},         /* 61 deg */
    };
    int i;
    for (i = 0; i < N_STATIC; ++i) {
        statics[i].laser = fxl_laser_from_centre(defs[i].kind,
                                                 fxl_vec2_make(PX(defs[i].x), PX(defs[i].y)),
                                                 defs[i].angle, PX(defs[i].half_len), defs[i].hw);
        statics[i].laser.hit_fraction = HIT_FRACTION;
        statics[i].timer = i * 50;
        {
            fxl_laser l = statics[i].laser;
            gfx_shape_from_laser(&l, &statics[i].full);
            l.half_width = fix16_mul(statics[i].laser.half_width, HIT_FRACTION);
            gfx_shape_from_laser(&l, &statics[i].core);
            l.half_width = PXF(1, 2);
            gfx_shape_from_laser(&l, &statics[i].thin);
        }
    }
    ship = fxl_vec2_make(PX(60), PX(150));
    boss_angle = 0;
    boss_prev = 0;
}

static int static_state(int timer)
{
    int t = timer % CYCLE_FRAMES;
    return t < WARN_FRAMES ? ST_WARN : t < WARN_FRAMES + ACTIVE_FRAMES ? ST_ACTIVE : ST_OFF;
}

/* A laser fired from `from`, its hitbox HIT_FRACTION of its drawn width. */

static fxl_laser boss_laser(fxl_angle a)
{
    return fired_laser(FXL_LASER_BOX, fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y)), a, BOSS_LEN, BOSS_HW);
}

static fxl_laser aim_laser(void)
{
    return fired_laser(FXL_LASER_CAPSULE, fxl_vec2_make(PX(AIM_X), PX(AIM_Y)), aim_angle_q8 >> 8,
                       AIM_LEN, AIM_HW);
}

/* Eased turn: accelerate towards the target direction, brake when the
 * remaining turn is within the stopping distance v^2 / (2a). */
static void aim_update(void)
{
    fxl_angle target = fxl_atan2(ship.y - PX(AIM_Y), ship.x - PX(AIM_X));
    int32_t d = ((target << 8) - aim_angle_q8 + (AIM_FULL >> 1)) & (AIM_FULL - 1);
    int32_t stop, ad, av;
    d -= AIM_FULL >> 1; /* -half..half turn, 1/256 steps */
    ad = d < 0 ? -d : d;
    av = aim_vel_q8 < 0 ? -aim_vel_q8 : aim_vel_q8;
    if (ad <= AIM_ACCEL && av <= 2 * AIM_ACCEL) {
        aim_angle_q8 = target << 8;
        aim_vel_q8 = 0;
        return;
    }
    stop = (aim_vel_q8 * aim_vel_q8) / (2 * AIM_ACCEL);
    if ((d > 0) == (aim_vel_q8 > 0) && aim_vel_q8 != 0 && stop >= ad) {
        aim_vel_q8 += aim_vel_q8 > 0 ? -AIM_ACCEL : AIM_ACCEL; /* brake */
    } else {
        aim_vel_q8 += d > 0 ? AIM_ACCEL : -AIM_ACCEL;
        if (aim_vel_q8 > AIM_VMAX) {
            aim_vel_q8 = AIM_VMAX;
        } else if (aim_vel_q8 < -AIM_VMAX) {
            aim_vel_q8 = -AIM_VMAX;
        }
    }
    aim_angle_q8 = (aim_angle_q8 + aim_vel_q8) & (AIM_FULL - 1);
}

/* ---- collision (the measured part) ------------------------------------------------ */

static int boss_hit, aim_hit;

static void collide(void)
{
    fxl_circle me = fxl_circle_make(ship.x, ship.y, SHIP_R);
    fxl_laser_prep lp;
    int i;
    uint32_t tests = 0;

    (void)fxl_port_cycles_begin();
    for (i = 0; i < N_STATIC; ++i) {
        statics[i].hit = 0;
        if (statics[i].state == ST_ACTIVE &&
            fxl_laser_prepare(&statics[i].laser, &lp) == FXL_OK) {
            statics[i].hit = fxl_laser_vs_circle(&lp, me);
            ++tests;
        }
    }
    {
        fxl_laser a = aim_laser();
        aim_hit = fxl_laser_prepare(&a, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        ++tests;
    }
    boss_hit = 0;
    chain_count = 0;
    switch (method) {
    case M_STATIC: {
        fxl_laser b = boss_laser(boss_angle);
        boss_hit = fxl_laser_prepare(&b, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        ++tests;
        break;
    }
    case M_CHAIN: {
        fxl_chain ch;
        ch.emitter = fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y));
        ch.angle = boss_angle;
        ch.prev_angle = boss_prev;
        ch.length = BOSS_LEN;
        ch.half_size = fix16_mul(BOSS_HW, HIT_FRACTION);
        if (fxl_chain_make(&ch, FXL_CHAIN_ROTATING, chain_boxes, CHAIN_CAP, &chain_count) != FXL_OK) {
            chain_count = 0;
        }
        boss_hit = fxl_chain_vs_circle(chain_boxes, chain_count, me);
        tests += (uint32_t)chain_count;
        break;
    }
    default: {
        fxl_laser b = boss_laser(boss_prev);
        fxl_sweep s = fxl_sweep_turn_to(&b, boss_angle);
        fxl_sweep_prep sp;
        boss_hit = fxl_sweep_prepare(&s, &sp) == FXL_OK &&
                   fxl_sweep_vs_circle(&sp, me);
        ++tests;
        break;
    }
    }
    coll_cycles = fxl_port_cycles_end();
    tests_this_frame = tests;
}

/* Ground truth for the HUD (not timed): did the beam's direction sweep over
 * the ship's centre this frame, with the ship within reach? The arc is
 * half-open (prev, angle], so a direction is counted once. */
static int boss_pass(void)
{
    fix16_t dx = ship.x - PX(BOSS_X), dy = ship.y - PX(BOSS_Y);
    int32_t ix = dx >> 16, iy = dy >> 16;
    fxl_angle dir, d;
    if (ix * ix + iy * iy > (BOSS_LEN >> 16) * (BOSS_LEN >> 16)) {
        return 0;
    }
    dir = fxl_atan2(dy, dx);
    d = fxl_angle_diff(dir, boss_prev);
    return d > 0 && d <= fxl_angle_diff(boss_angle, boss_prev);
}

/* ---- drawing ---------------------------------------------------------------------- */

/* What the HUD shows. The HUD band is not cleared with the scene: it is
 * redrawn only when this changes from what that page last showed (the
 * cycle figures are refreshed every 8 frames), which keeps text drawing
 * out of most frames. */
typedef struct hud_state {
    int method, flash;
    uint32_t passes, hits, misses, events, coll, tests, draw, cpu;
} hud_state;

static hud_state hud_now, hud_page[2];
static int hud_valid[2];

static int hud_same(const hud_state *a, const hud_state *b)
{
    return a->method == b->method && a->flash == b->flash && a->passes == b->passes &&
           a->hits == b->hits && a->misses == b->misses && a->events == b->events &&
           a->coll == b->coll && a->tests == b->tests && a->draw == b->draw && a->cpu == b->cpu;
}

static void draw_hud(int frame)
{
    strbuf b;
    const method_stats *ms = &mstats[method];
    int x, page = gfx_page();

    hud_now.method = method;
    hud_now.flash = ship_flash != 0;
    hud_now.passes = ms->passes;
    hud_now.hits = ms->hits;
    hud_now.misses = ms->misses;
    hud_now.events = hit_events;
    if ((frame & 7) == 0) {
        hud_now.coll = coll_cycles;
        hud_now.tests = tests_this_frame;
        hud_now.draw = draw_cycles;
        hud_now.cpu = frame_cycles;
    }
    if (hud_valid[page] && hud_same(&hud_now, &hud_page[page])) {
        return;
    }
    hud_page[page] = hud_now;
    hud_valid[page] = 1;

    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "BOSS 19.3 DEG/FRAME  METHOD ");
    sb_str(&b, method_name[method]);
    x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(A)", COL_TEXT_DIM, COL_HUD_BG);

    sb_reset(&b);
    sb_str(&b, "PASSES ");
    sb_u32(&b, ms->passes);
    sb_str(&b, "  HITS ");
    sb_u32(&b, ms->hits);
    sb_str(&b, "  MISSED ");
    x = gfx_text_bg(2, 7, b.s, COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_u32(&b, ms->misses);
    x = gfx_text_bg(x, 7, b.s, ms->misses ? COL_MISS : COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "  SHIP HIT ");
    sb_u32(&b, hit_events);
    (void)gfx_text_bg(x, 7, b.s, ship_flash ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);

    sb_reset(&b);
    sb_str(&b, "COLL ");
    sb_u32(&b, hud_now.coll);
    sb_str(&b, " CY ");
    sb_pct(&b, hud_now.coll);
    sb_str(&b, "  TESTS ");
    sb_u32(&b, hud_now.tests);
    sb_str(&b, "  DRAW ");
    sb_pct(&b, hud_now.draw);
    sb_str(&b, "  CPU ");
    sb_pct(&b, hud_now.cpu);
    (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
}

static void draw_scene(int frame)
{
    int i;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);

    for (i = 0; i < N_STATIC; ++i) {
        const static_laser *s = &statics[i];
        if (s->state == ST_WARN) {
            gfx_shape_fill(&s->thin, COL_WARN);
        } else if (s->state == ST_ACTIVE) {
            gfx_shape_fill(&s->full, s->laser.kind == FXL_LASER_BOX ? COL_BOX : COL_CAPSULE);
            gfx_shape_fill(&s->core, COL_CORE);
        }
    }
    {
        fxl_laser a = aim_laser();
        draw_laser_lit(&a, COL_AIM);
    }

    /* boss: last frame's beam (1), the chain (2) or the swept wedge (3) */
    {
        fxl_laser prev = boss_laser(boss_prev), cur = boss_laser(boss_angle);
        if (method == M_SWEEP) {
            fxl_vec2 s0, e0, s1, e1;
            fxl_laser_ends(&prev, &s0, &e0);
            fxl_laser_ends(&cur, &s1, &e1);
            gfx_poly_begin();
            gfx_poly_edge(s0, e0);
            gfx_poly_edge(e0, e1);
            gfx_poly_edge(e1, s0);
            gfx_poly_fill(COL_GHOST);
        } else {
            gfx_laser(&prev, COL_GHOST);
        }
        if (method == M_CHAIN) {
            size_t k;
            for (k = 0; k < chain_count; ++k) {
                gfx_rect_q16(chain_boxes[k], COL_CHAIN);
            }
        }
        draw_laser_lit(&cur, COL_BOSS);
        gfx_poly_begin();
        gfx_poly_disc(fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y)), PX(7));
        gfx_poly_fill(COL_BOSS_BODY);
    }

    draw_ship();
    draw_hud(frame);
}

/* ---- the self-check's part ------------------------------------------------------ */

/* Script frames (counted from the frame L+R was seen). */
#define PH_M1 0
#define PH_M2 240
#define PH_M3 480
#define PH_BOX 720   /* static box laser 0 */
#define PH_CAP 890   /* static capsule laser 2 */
#define PH_END 1060  /* end of the laser scene's part */
#define BOX_LASER 0
#define CAP_LASER 2

/* per static check: hits while warning, misses while active and on it,
 * hits while standing clear, hit while walking in */
typedef struct static_check {
    uint32_t warn_hits, active_misses, clear_hits, walk_hits;
} static_check;

static static_check chk_box, chk_cap;

/* Keys the script "presses" this frame (the ROM plays them itself, so the
 * check does not depend on frame timing): walk into the lasers. */
static uint16_t laser_script_keys(int s)
{
    if (s >= PH_BOX + 110 && s < PH_BOX + 170) {
        return KEY_RIGHT;
    }
    if (s >= PH_CAP + 110 && s < PH_CAP + 170) {
        return KEY_DOWN;
    }
    return 0;
}

static void script_pre(int s)
{
    if (s == PH_M1) {
        size_t k;
        for (k = 0; k < M_COUNT; ++k) {
            mstats[k].passes = mstats[k].hits = mstats[k].misses = 0;
        }
        hits_box = hits_capsule = hits_boss = hits_aim = 0;
        hit_events = 0;
        ship = fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y - 45));
        method = M_STATIC;
    } else if (s == PH_M2) {
        method = M_CHAIN;
    } else if (s == PH_M3) {
        method = M_SWEEP;
    } else if (s == PH_BOX) {
        statics[BOX_LASER].timer = 0;
        ship = fxl_vec2_make(PX(45), PX(80)); /* on the beam's middle */
    } else if (s == PH_BOX + 80) {
        ship = fxl_vec2_make(PX(20), PX(80)); /* 25 px to its left; walks RIGHT at +110 */
    } else if (s == PH_CAP) {
        statics[CAP_LASER].timer = 0;
        ship = fxl_vec2_make(PX(75), PX(130));
    } else if (s == PH_CAP + 80) {
        ship = fxl_vec2_make(PX(75), PX(105)); /* 25 px above; walks DOWN at +110 */
    }
}

static void script_static_post(int rel, int hit, static_check *c)
{
    /* 0..44 warning, on the beam; 45..79 active, on it; 80..109 active,
     * 25 px clear; 110..169 active, walking in (60 frames of 1.5 px) */
    if (rel < 0 || rel >= 170) {
        return;
    }
    if (rel < WARN_FRAMES) {
        c->warn_hits += (uint32_t)hit;
    } else if (rel < 80) {
        c->active_misses += (uint32_t)!hit;
    } else if (rel < 110) {
        c->clear_hits += (uint32_t)hit;
    } else {
        c->walk_hits += (uint32_t)hit;
    }
}

static void laser_finish(void)
{
    strbuf b;
    int m;
    const static_check *cs[2] = {&chk_box, &chk_cap};
    const char *kind[2] = {"box", "capsule"};

    sb_reset(&b);
    sb_str(&b, "demo: hit frames per laser: box ");
    sb_u32(&b, hits_box);
    sb_str(&b, " capsule ");
    sb_u32(&b, hits_capsule);
    sb_str(&b, " boss ");
    sb_u32(&b, hits_boss);
    sb_str(&b, " aimed ");
    sb_u32(&b, hits_aim);
    sb_str(&b, "; ship hit events ");
    sb_u32(&b, hit_events);
    log_line(&b);
    for (m = 0; m < M_COUNT; ++m) {
        sb_reset(&b);
        sb_str(&b, "demo: method ");
        sb_str(&b, method_name[m]);
        sb_str(&b, ": passes ");
        sb_u32(&b, mstats[m].passes);
        sb_str(&b, " hit frames ");
        sb_u32(&b, mstats[m].hits);
        sb_str(&b, " missed passes ");
        sb_u32(&b, mstats[m].misses);
        log_line(&b);
    }
    for (m = 0; m < 2; ++m) {
        sb_reset(&b);
        sb_str(&b, "demo: static ");
        sb_str(&b, kind[m]);
        sb_str(&b, ": hits while warning ");
        sb_u32(&b, cs[m]->warn_hits);
        sb_str(&b, ", active misses ");
        sb_u32(&b, cs[m]->active_misses);
        sb_str(&b, ", hits while clear ");
        sb_u32(&b, cs[m]->clear_hits);
        sb_str(&b, ", walk-in hit frames ");
        sb_u32(&b, cs[m]->walk_hits);
        log_line(&b);
    }

    check(mstats[M_SWEEP].passes > 0 && mstats[M_SWEEP].misses == 0,
          "1 exact sweep (method 3) hits the ship on every pass");
    check(mstats[M_STATIC].passes > 0 && mstats[M_STATIC].misses > 0,
          "2 once-per-frame test (method 1) misses passes at 19.3 deg/frame");
    for (m = 0; m < 2; ++m) {
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: warning phase never hits");
        check(cs[m]->warn_hits == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: active, ship on it, hit every frame");
        check(cs[m]->active_misses == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: ship standing clear is not hit");
        check(cs[m]->clear_hits == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: ship walking into it is hit");
        check(cs[m]->walk_hits > 0, b.s);
    }
}

/* One frame: update, collision (timed), bookkeeping, drawing (timed). */
static void laser_frame(const demo_in *in)
{
    int i, any;

    /* --- update --- */
    if (!in->scripted && (in->keys & KEY_A) && !(in->prev_keys & KEY_A)) {
        method = (method + 1) % M_COUNT;
    }
    ship_move(in->keys);
    if (in->scripted) {
        script_pre(in->r);
    }
    ship_clamp();
    boss_prev = boss_angle;
    boss_angle = (boss_angle + BOSS_STEP) & FXL_ANGLE_MASK;
    aim_update();
    for (i = 0; i < N_STATIC; ++i) {
        statics[i].state = static_state(statics[i].timer);
    }

    /* --- collision (timed) --- */
    collide();

    /* --- bookkeeping --- */
    {
        int pass = boss_pass();
        method_stats *ms = &mstats[method];
        ms->passes += (uint32_t)pass;
        ms->hits += (uint32_t)boss_hit;
        ms->misses += (uint32_t)(pass && !boss_hit);
    }
    any = boss_hit || aim_hit;
    for (i = 0; i < N_STATIC; ++i) {
        if (statics[i].hit) {
            any = 1;
            if (statics[i].laser.kind == FXL_LASER_BOX) {
                ++hits_box;
            } else {
                ++hits_capsule;
            }
        }
    }
    hits_boss += (uint32_t)boss_hit;
    hits_aim += (uint32_t)aim_hit;
    ship_flash_update(any);
    if (in->scripted) {
        demo_check_begin();
        script_static_post(in->r - PH_BOX, statics[BOX_LASER].hit, &chk_box);
        script_static_post(in->r - PH_CAP, statics[CAP_LASER].hit, &chk_cap);
        demo_check_end();
    }

    /* --- drawing (timed) --- */
    (void)fxl_port_cycles_begin();
    draw_scene(in->frame);
    draw_cycles = fxl_port_cycles_end();

    for (i = 0; i < N_STATIC; ++i) {
        ++statics[i].timer;
    }
}

static void laser_enter(void)
{
    hud_valid[0] = hud_valid[1] = 0;
}

const demo_scene scene_laser = {"laser", PH_END, 1, scene_init, laser_enter, laser_script_keys,
                                 laser_frame, laser_finish};
