/* demo.c - fixlaser's playable Game Boy Advance demo.
 *
 * One screen: on the left four static lasers (two box, two capsule; each
 * cycles warning -> active -> off), on the right a boss whose beam turns
 * 205 steps (18 degrees) per frame, at the bottom a capsule laser that turns
 * towards the player with eased rotation. The player's ship (hitbox circle,
 * radius 3 px, drawn as the white ring) moves with the d-pad.
 *
 * The boss beam is tested with one of three methods, cycled with A:
 *   1 STATIC  fxl_laser_vs_circle at this frame's angle only
 *   2 CHAIN   fxl_chain_rotating squares between last and this frame's angle
 *   3 SWEEP   fxl_sweep_prepare_to from last frame's angle to this one's
 * A "pass" is a frame in which the beam's direction swept over the ship's
 * centre (the ship within the beam's reach), decided independently with
 * fxl_atan2; the HUD counts passes, frames the method hit, and passes the
 * method missed.
 *
 * Controls: d-pad move, B (held) slow move, A next method. Holding L+R at
 * power-on runs the scripted self-check instead (port/gba/demo/play.keys
 * does that under tools/gbarun): the ROM places the ship itself, asserts,
 * prints a summary through mGBA's debug log and calls fxl_port_finish().
 */
#include <stddef.h>
#include <stdint.h>

#include <libfixmath/fix16.h>

#include "fixlaser/angle.h"
#include "fixlaser/chain.h"
#include "fixlaser/laser.h"
#include "fixlaser/sweep.h"
#include "fxl_port.h"
#include "gfx.h"
#include "test_port.h"

/* ---- hardware ------------------------------------------------------------ */

#define REG16(a) (*(volatile uint16_t *)(a))
#define REG_KEYINPUT REG16(0x04000130u)
#define REG_TM0D     REG16(0x04000100u)
#define REG_TM0CNT   REG16(0x04000102u)
#define REG_TM1D     REG16(0x04000104u)
#define REG_TM1CNT   REG16(0x04000106u)

#define KEY_A      0x0001u
#define KEY_B      0x0002u
#define KEY_SELECT 0x0004u
#define KEY_START  0x0008u
#define KEY_RIGHT  0x0010u
#define KEY_LEFT   0x0020u
#define KEY_UP     0x0040u
#define KEY_DOWN   0x0080u
#define KEY_R      0x0100u
#define KEY_L      0x0200u

#define FRAME_CYCLES 280896u /* 228 lines x 1232 cycles */

/* Timers 0+1 cascaded: the whole frame's work (timers 2+3 belong to
 * fxl_port_cycles_begin/end, used for the collision and drawing parts). */
static void frame_timer_start(void)
{
    REG_TM0CNT = 0;
    REG_TM1CNT = 0;
    REG_TM0D = 0;
    REG_TM1D = 0;
    REG_TM1CNT = 0x0084u; /* enable, cascade */
    REG_TM0CNT = 0x0080u; /* enable, every cycle */
}

static uint32_t frame_timer_stop(void)
{
    REG_TM0CNT = 0;
    REG_TM1CNT = 0;
    return ((uint32_t)REG_TM1D << 16) | REG_TM0D;
}

/* ---- small text helpers (no printf: keeps the ROM small and fast) -------- */

typedef struct strbuf {
    char s[160];
    size_t n;
} strbuf;

static void sb_reset(strbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
}

static void sb_str(strbuf *b, const char *s)
{
    while (*s != '\0' && b->n + 1 < sizeof b->s) {
        b->s[b->n++] = *s++;
    }
    b->s[b->n] = '\0';
}

/* Decimal by repeated subtraction: Thumb code on the ARM7TDMI has no
 * divide and libgcc's costs ~300 cycles per digit. */
static void sb_u32(strbuf *b, uint32_t v)
{
    static const uint32_t pow10[10] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                       10000u,      1000u,      100u,      10u,      1u};
    int k, started = 0;
    for (k = 0; k < 10; ++k) {
        char d = '0';
        while (v >= pow10[k]) {
            v -= pow10[k];
            ++d;
        }
        started |= d != '0' || k == 9;
        if (started && b->n + 1 < sizeof b->s) {
            b->s[b->n++] = d;
        }
    }
    b->s[b->n] = '\0';
}

/* cycles as a percentage of a frame with one decimal: "12.3%" */
static void sb_pct(strbuf *b, uint32_t cycles)
{
    /* 32-bit only (libgcc's 64-bit division is slow here): exact for
     * cycles < 34 million; 280896 / 8 = 35112. */
    uint32_t tenths = (cycles * 125u + FRAME_CYCLES / 16u) / (FRAME_CYCLES / 8u);
    sb_u32(b, tenths / 10u);
    sb_str(b, ".");
    sb_u32(b, tenths % 10u);
    sb_str(b, "%");
}

static void log_line(strbuf *b)
{
    fxl_port_write(b->s);
    fxl_port_write("\n");
}

/* ---- the scene --------------------------------------------------------------- */

#define PX(v) ((fix16_t)((v) * 65536))          /* integer pixels -> Q16.16 */
#define PXF(num, den) ((fix16_t)((num) * 65536 / (den)))
#define HUD_H 19                                /* rows 0..18: HUD band */

#define SHIP_R PX(3)
#define SHIP_SPEED PXF(3, 2)
#define SHIP_SLOW PXF(1, 2)
#define HIT_FRACTION PXF(1, 2) /* hitbox half-width = half the drawn one */

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
enum { M_STATIC, M_CHAIN, M_SWEEP, M_COUNT };
static const char *const method_name[M_COUNT] = {"1 STATIC", "2 CHAIN", "3 SWEEP"};

typedef struct method_stats {
    uint32_t passes; /* frames the beam swept over the ship's centre */
    uint32_t hits;   /* frames the method reported a hit */
    uint32_t misses; /* passes the method did not report */
} method_stats;

static method_stats mstats[M_COUNT];
static int method = M_STATIC;
static fxl_angle boss_angle, boss_prev;
#define CHAIN_CAP 64
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

static fxl_vec2 ship;
static int ship_flash;
static int ship_was_hit;
static uint32_t hit_events;

/* per-kind hit frames */
static uint32_t hits_box, hits_capsule, hits_boss, hits_aim;

/* measurements */
static uint32_t coll_cycles, draw_cycles, frame_cycles, tests_this_frame;
#define LOG_CAP 1100
static uint32_t log_coll[LOG_CAP] FXL_EWRAM_BSS;
static uint32_t log_draw[LOG_CAP] FXL_EWRAM_BSS;
static uint32_t log_frame[LOG_CAP] FXL_EWRAM_BSS;
static size_t log_n;

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

static fxl_laser boss_laser(fxl_angle a)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_BOX, fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y)), a,
                                        BOSS_LEN, BOSS_HW);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

static fxl_laser aim_laser(void)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_CAPSULE, fxl_vec2_make(PX(AIM_X), PX(AIM_Y)),
                                        aim_angle_q8 >> 8, AIM_LEN, AIM_HW);
    l.hit_fraction = HIT_FRACTION;
    return l;
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

/* Wall room: the walls module (include/fixlaser/wall.h, in progress) will
 * turn the scene into a room whose walls stop the beams. This is where it
 * goes: build the room once, then each frame clip every laser's length to
 * the first wall it meets (before the collision step, so hits and drawing
 * both use the clipped beam), and draw the walls. Empty until the module
 * lands. */
static void room_walls_update(void)
{
}

static void room_walls_draw(void)
{
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
        ch.origin = fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y));
        ch.angle = boss_angle;
        ch.prev_angle = boss_prev;
        ch.length = BOSS_LEN;
        ch.half_size = fix16_mul(BOSS_HW, HIT_FRACTION);
        if (fxl_chain_rotating(&ch, chain_boxes, CHAIN_CAP, &chain_count) != FXL_OK) {
            chain_count = 0;
        }
        boss_hit = fxl_chain_vs_circle(chain_boxes, chain_count, me);
        tests += (uint32_t)chain_count;
        break;
    }
    default: {
        fxl_laser b = boss_laser(boss_prev);
        fxl_sweep_prep sp;
        boss_hit = fxl_sweep_prepare_to(&b, boss_angle, &sp) == FXL_OK &&
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

static void draw_laser_lit(const fxl_laser *l, uint8_t col)
{
    fxl_laser core = *l;
    gfx_laser(l, col);
    core.half_width = fix16_mul(l->half_width, l->hit_fraction); /* = the hitbox */
    gfx_laser(&core, COL_CORE);
}

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
    room_walls_draw();

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

    /* ship: a small arrow, red while flashing, and its hitbox ring */
    {
        gfx_poly_begin();
        gfx_poly_edge(fxl_vec2_make(ship.x, ship.y - PX(8)), fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)));
        gfx_poly_edge(fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)));
        gfx_poly_edge(fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x, ship.y - PX(8)));
        gfx_poly_fill(ship_flash ? COL_SHIP_HIT : COL_SHIP);
        gfx_ring(ship, 3, COL_HITBOX);
    }
    draw_hud(frame);
}

/* ---- the scripted self-check ---------------------------------------------------- */

/* Script frames (counted from the frame L+R was seen). */
#define PH_M1 0
#define PH_M2 240
#define PH_M3 480
#define PH_BOX 720   /* static box laser 0 */
#define PH_CAP 890   /* static capsule laser 2 */
#define PH_END 1060
#define BOX_LASER 0
#define CAP_LASER 2

/* per static check: hits while warning, misses while active and on it,
 * hits while standing clear, hit while walking in */
typedef struct static_check {
    uint32_t warn_hits, active_misses, clear_hits, walk_hits;
} static_check;

static static_check chk_box, chk_cap;
static int failed;

/* Keys the script "presses" this frame (the ROM plays them itself, so the
 * check does not depend on frame timing): walk into the lasers. */
static uint16_t script_keys(int s)
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

static void check(int ok, const char *what)
{
    fxl_port_write(ok ? "demo: ok   " : "demo: FAIL ");
    fxl_port_write(what);
    fxl_port_write("\n");
    failed += !ok;
}

static void sort_u32(uint32_t *v, size_t n)
{
    size_t gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2) {
        for (i = gap; i < n; ++i) {
            uint32_t t = v[i];
            for (j = i; j >= gap && v[j - gap] > t; j -= gap) {
                v[j] = v[j - gap];
            }
            v[j] = t;
        }
    }
}

static void summary_cycles(strbuf *b, const char *what, uint32_t *v, size_t n)
{
    sort_u32(v, n);
    sb_reset(b);
    sb_str(b, "demo: ");
    sb_str(b, what);
    sb_str(b, " cycles/frame min ");
    sb_u32(b, v[0]);
    sb_str(b, " median ");
    sb_u32(b, v[n / 2]);
    sb_str(b, " max ");
    sb_u32(b, v[n - 1]);
    sb_str(b, " (busiest frame ");
    sb_pct(b, v[n - 1]);
    sb_str(b, " of 280896)");
    log_line(b);
}

static void script_finish(int frames)
{
    strbuf b;
    int m;
    const static_check *cs[2] = {&chk_box, &chk_cap};
    const char *kind[2] = {"box", "capsule"};

    sb_reset(&b);
    sb_str(&b, "demo: scripted run, ");
    sb_u32(&b, (uint32_t)frames);
    sb_str(&b, " frames; boss turns 220 steps (19.3 deg) per frame");
    log_line(&b);
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
    {
        size_t k, over = 0, first_over = 0;
        for (k = 0; k < log_n; ++k) {
            if (log_frame[k] > FRAME_CYCLES) {
                if (over++ == 0) {
                    first_over = k;
                }
            }
        }
        sb_reset(&b);
        sb_str(&b, "demo: frames whose work exceeded one 280896-cycle frame: ");
        sb_u32(&b, (uint32_t)over);
        if (over > 0) {
            sb_str(&b, " (first at script frame ");
            sb_u32(&b, (uint32_t)first_over);
            sb_str(&b, ")");
        }
        log_line(&b);
    }
    summary_cycles(&b, "collision", log_coll, log_n);
    summary_cycles(&b, "drawing", log_draw, log_n);
    summary_cycles(&b, "whole frame (update+collision+drawing)", log_frame, log_n);

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
    sb_reset(&b);
    sb_str(&b, "demo: failed assertions ");
    sb_u32(&b, (uint32_t)failed);
    log_line(&b);
    fxl_port_finish(failed);
}

/* ---- main loop -------------------------------------------------------------------- */

int main(void)
{
    int frame = 0, scripted = 0, sframe = 0;
    uint16_t keys, prev_keys = 0;

    fxl_port_init();
    gfx_init();
    scene_init();
    fxl_port_write("fixlaser demo: hold L+R at power-on for the scripted self-check\n");

    for (;; ++frame) {
        int i, any;
        frame_timer_start();
        keys = (uint16_t)(~REG_KEYINPUT & 0x03FFu);
        if (!scripted && frame < 4 && (keys & (KEY_L | KEY_R)) == (KEY_L | KEY_R)) {
            scripted = 1;
            sframe = 0;
            fxl_port_write("demo: scripted self-check\n");
        }
        if (scripted) {
            keys = script_keys(sframe); /* the pad is ignored in the self-check */
        }

        /* --- update --- */
        if (!scripted && (keys & KEY_A) && !(prev_keys & KEY_A)) {
            method = (method + 1) % M_COUNT;
        }
        {
            fix16_t sp = (keys & KEY_B) ? SHIP_SLOW : SHIP_SPEED;
            if (keys & KEY_LEFT) {
                ship.x -= sp;
            }
            if (keys & KEY_RIGHT) {
                ship.x += sp;
            }
            if (keys & KEY_UP) {
                ship.y -= sp;
            }
            if (keys & KEY_DOWN) {
                ship.y += sp;
            }
        }
        if (scripted) {
            script_pre(sframe);
        }
        if (ship.x < PX(3)) {
            ship.x = PX(3);
        } else if (ship.x > PX(GFX_W - 4)) {
            ship.x = PX(GFX_W - 4);
        }
        if (ship.y < PX(HUD_H + 3)) {
            ship.y = PX(HUD_H + 3);
        } else if (ship.y > PX(GFX_H - 4)) {
            ship.y = PX(GFX_H - 4);
        }
        boss_prev = boss_angle;
        boss_angle = (boss_angle + BOSS_STEP) & FXL_ANGLE_MASK;
        aim_update();
        for (i = 0; i < N_STATIC; ++i) {
            statics[i].state = static_state(statics[i].timer);
        }
        room_walls_update();

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
        if (any) {
            ship_flash = 8;
            hit_events += (uint32_t)!ship_was_hit;
        } else if (ship_flash > 0) {
            --ship_flash;
        }
        ship_was_hit = any;
        if (scripted) {
            script_static_post(sframe - PH_BOX, statics[BOX_LASER].hit, &chk_box);
            script_static_post(sframe - PH_CAP, statics[CAP_LASER].hit, &chk_cap);
        }

        /* --- drawing (timed) --- */
        (void)fxl_port_cycles_begin();
        draw_scene(frame);
        draw_cycles = fxl_port_cycles_end();
        frame_cycles = frame_timer_stop();

        if (scripted && log_n < LOG_CAP) {
            log_coll[log_n] = coll_cycles;
            log_draw[log_n] = draw_cycles;
            log_frame[log_n] = frame_cycles;
            ++log_n;
        }
        for (i = 0; i < N_STATIC; ++i) {
            ++statics[i].timer;
        }
        prev_keys = keys;
        if (scripted && ++sframe == PH_END) {
            script_finish(sframe);
        }
        gfx_vsync();
        gfx_flip();
    }
}
