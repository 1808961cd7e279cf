/* demo.c - fixlaser's playable Game Boy Advance demo.
 *
 * One screen: on the left four static lasers (two box, two capsule; each
 * cycles warning -> active -> off), on the right a boss whose beam turns
 * 220 steps (19.3 degrees) per frame, at the bottom a capsule laser that turns
 * towards the player with eased rotation. The player's ship (hitbox circle,
 * radius 3 px, drawn as the white ring) moves with the d-pad.
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
 * A second scene, the spin scene (SELECT cycles the scenes): a propeller
 * (a capsule laser spinning 230 steps, 20.2 degrees, a frame about its own
 * middle) and a drifting boss (a box beam turning 210 steps a frame from an
 * emitter that follows a Lissajous path, up to 3 px a frame), tested with
 * the method A chooses (1 STATIC: this frame's pose; 2 CHAIN: rotating
 * chains from the hub and from the boss's emitter where it is now; 3 SWEEP:
 * fxl_sweep_turn about the propeller's middle, fxl_sweep_to_pose for the
 * boss, both with fxl_sweep_vs_moving_circle for the ship's own move). Its
 * passes come from the demo's own ground truth (spin_truth): the frame's
 * motion as sweep.h states it (slide half the move, turn, slide the rest),
 * sub-stepped densely (every angle step, 1/8 px slides) with the static
 * test, with a margin each way: a frame is a pass when a contact begins
 * in it (a sample touches the ship, the frame's start pose does not; a
 * contact going on from the last frame is counted apart), "clear" when no
 * sample comes within the distance the beam can move between samples, a
 * graze (counted apart) otherwise. The HUD counts passes, hit frames and
 * missed passes per laser; COLL times both lasers' tests (not the ground
 * truth, which is in CPU).
 *
 * A third scene, the wall room: a room of one-sided walls
 * (fixlaser/wall.h) with a diagonal wall, an acute corner and a pillar; the
 * ship moves through fxl_move_circle, sliding along the walls. Two beams
 * (fixlaser/cast.h) are in the room: an aimed box laser from a turret on
 * the left, turning towards the ship at most 2.8 degrees a frame and cut
 * short by the first wall its width meets (fxl_laser_cast; the clipped
 * laser drawn and tested with fxl_laser_prepare + fxl_laser_vs_circle), so
 * the pillar shields a ship behind it; and a beam from a turret under the
 * top wall, turning slowly and bouncing off up to 4 walls
 * (fxl_laser_bounce), its legs pushed into a curvy laser of constant width
 * that is both its hit test (fxl_curvy_vs_circle) and its drawing
 * (fxl_curvy_quads; the bounce points drawn as sparks). The walls face
 * into the room, so both beams meet them from the front. The HUD counts
 * wall contacts and the beams' hits, and shows the cycles of the move, the
 * cast (+ prepare + test) and the bounce (+ pushes + test).
 *
 * A fourth scene, the curvy scene: a curvy laser (fixlaser/curvy.h) of 56
 * nodes, tapered at both ends, whose head flies 3 px a frame and turns
 * towards the ship at most 5.6 degrees a frame (holding its course within
 * 40 px of it), so it sweeps through the ship's place, bends round and
 * comes back. Each frame it is tested with fxl_curvy_vs_moving_circle
 * against the ship's move. A switches the drawing between the hit shape's
 * node circles with the strip's outline and the strip of filled quads
 * from fxl_curvy_quads (no gaps or wedges at bends); B drops a bomb that
 * cuts the trail within 20 px of the ship (fxl_curvy_cut_circle), drawn
 * with the gap. The HUD counts hit frames, hits and cut segments, and
 * shows the collision call's cycles.
 *
 * Only the scene shown is updated (and timed).
 *
 * Controls: d-pad move, B (held) slow move (in the curvy scene: press to
 * bomb), A next method (curvy scene: the drawing), SELECT scene. Holding
 * L+R at power-on runs the scripted self-check instead
 * (port/gba/demo/play.keys does that under tools/gbarun): the ROM places
 * the ship itself, asserts, prints a summary through mGBA's debug log and
 * calls fxl_port_finish(). It plays the laser scene, the spin scene, the
 * wall room (its beams' checks last: the ship behind the pillar, in the
 * open, on a bounced leg) and the curvy scene, in that order.
 */
#include <stddef.h>
#include <stdint.h>

#include <libfixmath/fix16.h>

#include "fixlaser/angle.h"
#include "fixlaser/cast.h"
#include "fixlaser/chain.h"
#include "fixlaser/curvy.h"
#include "fixlaser/laser.h"
#include "fixlaser/sweep.h"
#include "fixlaser/wall.h"
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

/* A label and a number: "HITS 12" */
static void sb_kv(strbuf *b, const char *label, uint32_t v)
{
    sb_str(b, label);
    sb_u32(b, v);
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
enum { SC_LASER, SC_SPIN, SC_ROOM, SC_CURVY, SC_COUNT };
static int scene = SC_LASER; /* the scene shown (SELECT) */
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

/* A laser fired from `from`, its hitbox HIT_FRACTION of its drawn width. */
static fxl_laser fired_laser(fxl_laser_kind kind, fxl_vec2 from, fxl_angle a, fix16_t length,
                             fix16_t half_width)
{
    fxl_laser l = fxl_laser_from_emitter(kind, from, a, length, half_width);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

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

/* ---- the spin scene (second scene, SELECT) ------------------------------------ */

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
static fxl_vec2 ship_prev;    /* the ship at the start of this frame */
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

static fix16_t floor_half(int32_t v)
{
    return (v - (v & 1)) / 2; /* exact floor(v / 2), negative v too */
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

/* ---- the wall room (third scene, SELECT) ------------------------------------- */

/* A room of one-sided walls (fixlaser/wall.h). The outer polygon is listed
 * so that its inside is on the left walking a -> b on the y-down screen; it
 * has a 30.6 degree diagonal wall (lower left) and a 22.4 degree acute
 * corner (lower right, the wedge under a wall that comes back in from the
 * right edge). The pillar is listed the other way round, so its OUTSIDE is
 * in front. All corners are whole pixels. The ship (radius SHIP_R) moves
 * through fxl_move_circle against the walls inflated once at start-up. */
#define ROOM_OUTER 7
#define ROOM_PILLAR 3
#define ROOM_N (ROOM_OUTER + ROOM_PILLAR)
#define ROOM_DIAG 2   /* walls[2]: the diagonal wall (12,100) -> (100,152) */
#define ROOM_ACUTE_A 3 /* walls[3], walls[4]: the acute corner at (228,152) */
#define ROOM_ACUTE_B 4
static const int16_t room_pts[ROOM_N][2] = {
    /* outer, inside on the left: top (right to left), left edge, diagonal,
     * bottom, the wall back in to the acute corner, out again, right edge */
    {228, 24}, {12, 24}, {12, 100}, {100, 152}, {228, 152}, {126, 110}, {228, 96},
    /* pillar, outside on the left (clockwise as seen on the screen) */
    {150, 52}, {176, 52}, {166, 76},
};
static fxl_wall room_walls[ROOM_N];
static fxl_wall_prep room_prep[ROOM_N]; /* the walls themselves (side tests) */
static fxl_wall_prep room_inflated[ROOM_N * FXL_WALL_PARTS] FXL_EWRAM_BSS;
static fxl_result room_init_res;
static uint32_t room_len[ROOM_N]; /* floor |b - a| per wall, raw Q16 (an estimate's divisor) */
static uint32_t isqrt64(uint64_t v);
static fxl_vec2 room_ship;
static int room_contacts;          /* contacts of this frame's move */
static uint32_t room_touched;      /* walls hit by this frame's move (bits) */
static uint32_t room_move_cycles;  /* this frame's fxl_move_circle */

static void room_init(void)
{
    int i;
    room_init_res = FXL_OK;
    for (i = 0; i < ROOM_N; ++i) {
        int j = i < ROOM_OUTER ? (i + 1) % ROOM_OUTER
                               : ROOM_OUTER + (i - ROOM_OUTER + 1) % ROOM_PILLAR;
        room_walls[i].a = fxl_vec2_make(PX(room_pts[i][0]), PX(room_pts[i][1]));
        room_walls[i].b = fxl_vec2_make(PX(room_pts[j][0]), PX(room_pts[j][1]));
        if (fxl_wall_prepare(&room_walls[i], &room_prep[i]) != FXL_OK) {
            room_init_res = FXL_ERR_WALL_ZERO;
        }
        room_len[i] = isqrt64(room_prep[i].len2);
    }
    if (room_init_res == FXL_OK) {
        room_init_res = fxl_walls_inflate(room_walls, ROOM_N, SHIP_R, room_inflated,
                                          ROOM_N * FXL_WALL_PARTS);
    }
    room_ship = fxl_vec2_make(PX(80), PX(60));
}

/* -- exact checks (the self-check's ground truth, not the library's) -- */

/* Boundary-inclusive point in polygon: pts[0..n-1] (whole pixels), p in
 * Q16.16. Returns 1 inside, 2 on the boundary, 0 outside. Exact: every
 * product is of two differences below 2^26 (int64). */
static int poly_where(const int16_t (*pts)[2], int n, fxl_vec2 p)
{
    int i, in = 0;
    for (i = 0; i < n; ++i) {
        const int16_t *a = pts[i], *b = pts[(i + 1) % n];
        int64_t ax = PX(a[0]), ay = PX(a[1]), bx = PX(b[0]), by = PX(b[1]);
        int64_t cross = (bx - ax) * ((int64_t)p.y - ay) - (by - ay) * ((int64_t)p.x - ax);
        if (cross == 0 && p.x >= (ax < bx ? ax : bx) && p.x <= (ax > bx ? ax : bx) &&
            p.y >= (ay < by ? ay : by) && p.y <= (ay > by ? ay : by)) {
            return 2;
        }
        if ((ay > p.y) != (by > p.y) && (cross > 0) == (by - ay > 0)) {
            in = !in; /* the edge crosses the row p.y to the right of p */
        }
    }
    return in;
}

/* The ship's centre is in the room: inside the outer polygon or on its
 * boundary, and not strictly inside the pillar. */
static int room_contains(fxl_vec2 p)
{
    return poly_where(room_pts, ROOM_OUTER, p) != 0 &&
           poly_where(room_pts + ROOM_OUTER, ROOM_PILLAR, p) != 1;
}

/* 128-bit unsigned (hi, lo) product of two 64-bit values. */
typedef struct u128 {
    uint64_t hi, lo;
} u128;

static u128 mul_u64(uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t p00 = (uint64_t)a0 * b0, p01 = (uint64_t)a0 * b1, p10 = (uint64_t)a1 * b0;
    uint64_t p11 = (uint64_t)a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    u128 r;
    r.lo = (mid << 32) | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

static int le_u128(u128 a, u128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}

/* floor(sqrt(v)), bit by bit. */
static uint32_t isqrt64(uint64_t v)
{
    uint64_t rem = 0, root = 0;
    int i;
    for (i = 0; i < 32; ++i) {
        root <<= 1;
        rem = (rem << 2) | (v >> 62);
        v <<= 2;
        if (root < rem) {
            rem -= root + 1;
            root += 2;
        }
    }
    return (uint32_t)(root >> 1);
}

/* floor(distance) from p to wall w's segment, raw Q16 units, exact: the
 * largest D with D^2 <= dist^2, where dist^2 = |p - end|^2 off the
 * segment's ends, else cross^2 / |b - a|^2 (128-bit products). The exact
 * clearance test dist >= r (r a whole raw value) is then D >= r. */
static uint32_t seg_dist_floor(int i, fxl_vec2 p)
{
    const fxl_wall_prep *w = &room_prep[i];
    int64_t wx = (int64_t)p.x - w->a.x, wy = (int64_t)p.y - w->a.y;
    int64_t t = wx * w->ex + wy * w->ey;
    int64_t c;
    uint64_t ac;
    u128 num;
    uint32_t d;
    if (t <= 0 || (uint64_t)t >= w->len2) {
        int64_t qx = t <= 0 ? wx : wx - w->ex, qy = t <= 0 ? wy : wy - w->ey;
        return isqrt64((uint64_t)(qx * qx) + (uint64_t)(qy * qy));
    }
    c = (int64_t)w->ex * wy - (int64_t)w->ey * wx;
    ac = (uint64_t)(c < 0 ? -c : c);
    num = mul_u64(ac, ac);
    d = (uint32_t)(ac / room_len[i]); /* within a few units of the answer */
    while (d > 0 && !le_u128(mul_u64((uint64_t)d * d, w->len2), num)) {
        --d;
    }
    while (le_u128(mul_u64((uint64_t)(d + 1) * (d + 1), w->len2), num)) {
        ++d;
    }
    return d;
}

/* The smallest clearance from p to any wall, floor, raw Q16 units. */
static uint32_t room_clearance(fxl_vec2 p)
{
    uint32_t best = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < ROOM_N; ++i) {
        uint32_t d = seg_dist_floor(i, p);
        if (d < best) {
            best = d;
        }
    }
    return best;
}

/* -- the room's two beams -- */

/* The aimed beam: a box laser from the turret at (CAST_X, CAST_Y), turning
 * towards the ship at most CAST_TURN steps a frame and cut short by the
 * first wall its drawn width meets (fxl_laser_cast with FXL_CAST_WIDTH):
 * the pillar shields a ship behind it. The clipped laser is tested as any
 * other (fxl_laser_prepare + fxl_laser_vs_circle). */
#define CAST_X 20
#define CAST_Y 64
#define CAST_LEN PX(300)
#define CAST_HW PX(2)
#define CAST_TURN 32 /* steps a frame: 2.8 degrees */

/* The bouncing beam: from the turret at (BNC_X, BNC_Y), turning BNC_STEP a
 * frame, reflected by up to BNC_BOUNCES walls (fxl_laser_bounce); its legs
 * are pushed into a curvy laser of constant width (no taper), which is both
 * the hit test (fxl_curvy_vs_circle) and the drawing (fxl_curvy_quads). */
#define BNC_X 112
#define BNC_Y 34
#define BNC_LEN PX(360)
#define BNC_HW PX(2)
#define BNC_STEP 3 /* 0.26 degrees a frame: a turn in 23 s */
#define BNC_ANGLE0 1400 /* at power-on: down and a little left */
#define BNC_BOUNCES 4
#define BNC_LEGS (BNC_BOUNCES + 1)
#define BNC_NODES 8

/* The room's walls stop both beams from the front only: the beams are in
 * the room, where every wall (the pillar's too) shows its front. */
#define BEAM_FLAGS 0u

static fxl_angle cast_angle;
static fxl_cast cast_res;
static fxl_laser cast_clipped;
static int cast_hit;
static uint32_t cast_cycles;      /* this frame's cast + prepare + test */
static fxl_angle bnc_angle = BNC_ANGLE0;
static int bnc_hold;              /* the script holds the beam still */
static fxl_bounce bnc_legs[BNC_LEGS];
static size_t bnc_count;
static fxl_curvy bnc_curvy;
static fxl_curvy_node bnc_nodes[BNC_NODES];
static fxl_aabb bnc_boxes[FXL_CURVY_BOXES(BNC_NODES)];
static int bnc_hit;
static uint32_t bnc_cycles;       /* this frame's bounce + pushes + test */
static uint32_t beam_bad;         /* casts, bounces, pushes the library refused */
static uint32_t beam_events[2];   /* hits by the aimed, the bouncing beam (hit after none) */
static int beam_was_hit[2];

static fxl_laser cast_laser(fxl_angle a, fix16_t length)
{
    return fired_laser(FXL_LASER_BOX, fxl_vec2_make(PX(CAST_X), PX(CAST_Y)), a, length, CAST_HW);
}

/* The bouncing beam's first leg alone, as a capsule: the shape of the
 * curvy laser's first segment (hit half-width BNC_HW * HIT_FRACTION). */
static fxl_laser bnc_first_leg(void)
{
    return fired_laser(FXL_LASER_CAPSULE, fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), bnc_angle,
                       bnc_legs[0].length, BNC_HW);
}

/* a turned towards `to` by at most max steps. */
static fxl_angle turn_towards(fxl_angle a, fxl_angle to, int32_t max)
{
    fxl_angle d = fxl_angle_diff(to, a);
    d = d > max ? max : d < -max ? -max : d;
    return (a + d) & FXL_ANGLE_MASK;
}

/* The bouncing beam at angle a: its legs into bnc_legs, their points into
 * bnc_curvy. 0 if the library refused something. */
static int bnc_trace(fxl_angle a)
{
    fxl_laser l = fired_laser(FXL_LASER_CAPSULE, fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), a, BNC_LEN,
                              BNC_HW);
    size_t k;
    fxl_curvy_clear(&bnc_curvy);
    if (fxl_laser_bounce(&l, room_prep, ROOM_N, BEAM_FLAGS, BNC_BOUNCES, bnc_legs, BNC_LEGS,
                         &bnc_count) != FXL_OK ||
        bnc_count == 0 || fxl_curvy_push(&bnc_curvy, bnc_legs[0].start, BNC_HW) != FXL_OK) {
        bnc_count = 0;
        return 0;
    }
    for (k = 0; k < bnc_count; ++k) {
        if (fxl_curvy_push(&bnc_curvy, bnc_legs[k].end, BNC_HW) != FXL_OK) {
            return 0;
        }
    }
    return 1;
}

/* Both beams this frame, tested against the room's ship (timed apart). */
static void room_beams(void)
{
    fxl_circle me = fxl_circle_make(room_ship.x, room_ship.y, SHIP_R);
    fxl_laser l;
    fxl_laser_prep lp;
    int ok, i;
    cast_angle = turn_towards(
        cast_angle, fxl_atan2(room_ship.y - PX(CAST_Y), room_ship.x - PX(CAST_X)), CAST_TURN);
    if (!bnc_hold) {
        bnc_angle = (bnc_angle + BNC_STEP) & FXL_ANGLE_MASK;
    }
    l = cast_laser(cast_angle, CAST_LEN);

    (void)fxl_port_cycles_begin();
    ok = fxl_laser_cast(&l, room_prep, ROOM_N, BEAM_FLAGS | FXL_CAST_WIDTH, &cast_res,
                        &cast_clipped) == FXL_OK &&
         fxl_laser_prepare(&cast_clipped, &lp) == FXL_OK;
    cast_hit = ok && fxl_laser_vs_circle(&lp, me);
    cast_cycles = fxl_port_cycles_end();
    if (!ok) {
        cast_clipped = cast_laser(cast_angle, 0);
        ++beam_bad;
    }

    (void)fxl_port_cycles_begin();
    ok = bnc_trace(bnc_angle);
    bnc_hit = ok && fxl_curvy_vs_circle(&bnc_curvy, me);
    bnc_cycles = fxl_port_cycles_end();
    beam_bad += (uint32_t)!ok;

    for (i = 0; i < 2; ++i) {
        int hit = i == 0 ? cast_hit : bnc_hit;
        beam_events[i] += (uint32_t)(hit && !beam_was_hit[i]);
        beam_was_hit[i] = hit;
    }
}

static void room_beams_init(void)
{
    if (fxl_curvy_init(&bnc_curvy, bnc_nodes, BNC_NODES, bnc_boxes,
                       FXL_CURVY_BOXES(BNC_NODES), BNC_HW, 0) != FXL_OK) {
        ++beam_bad;
        return;
    }
    bnc_curvy.hit_fraction = HIT_FRACTION;
}

/* The self-check's bounce: the first beam angle (32 + a multiple of 64
 * steps) whose second leg's middle is a fair spot for the ship (in the
 * room, 8 px clear of every wall, 6 px clear of the first leg's hitbox).
 * One candidate a frame (k = 0..63), before room_beams() redoes the beam. */
static fxl_angle rb_bounce_angle;
static fxl_vec2 rb_bounce_spot;
static int rb_bounce_found;

static void rb_pick_step(int k)
{
    fxl_angle a = 32 + 64 * k, keep = bnc_angle;
    fxl_laser_prep lp;
    fxl_laser first;
    fxl_vec2 m;
    if (rb_bounce_found || a >= FXL_ANGLE_STEPS || !bnc_trace(a) || bnc_count < 2 ||
        bnc_legs[1].length < PX(40)) {
        return;
    }
    m = fxl_vec2_make(bnc_legs[1].start.x + floor_half(bnc_legs[1].end.x - bnc_legs[1].start.x),
                      bnc_legs[1].start.y + floor_half(bnc_legs[1].end.y - bnc_legs[1].start.y));
    bnc_angle = a;
    first = bnc_first_leg();
    bnc_angle = keep;
    if (room_contains(m) && room_clearance(m) >= (uint32_t)PX(8) &&
        fxl_laser_prepare(&first, &lp) == FXL_OK &&
        !fxl_laser_vs_circle(&lp, fxl_circle_make(m.x, m.y, SHIP_R + PX(6)))) {
        rb_bounce_angle = a;
        rb_bounce_spot = m;
        rb_bounce_found = 1;
    }
}

/* Drawing. The walls, the turrets and the HUD's title are drawn once into a
 * page-sized picture in EWRAM (room_bg); a page is loaded from it whole
 * when the scene is entered, after that only what the page last showed
 * over it is erased from it: the ship's box and the beams' shapes (the
 * same polygons filled from room_bg, gfx_shape_restore). The HUD's lines
 * are redrawn when their text changes (the cycle figures every 8 frames). */
static uint32_t room_bg[GFX_W * GFX_H / 4] FXL_EWRAM_BSS;
static int room_bg_ready;
static int room_page_ok[2];        /* page holds room_bg (+ ship, beams, HUD lines) */
static int room_page_sx[2], room_page_sy[2]; /* the ship's pixel there */

/* The beams as a page shows them: the aimed beam and its core, the
 * bouncing beam's quads, the sparks (bounce points, the aimed beam's stop). */
#define ROOM_PIC_MAX (2 + BNC_NODES + BNC_LEGS + 1)
typedef struct room_pic {
    gfx_shape sh[ROOM_PIC_MAX];
    uint8_t col[ROOM_PIC_MAX];
    size_t n;
} room_pic;
static room_pic room_pics[2];

#define ROOM_HUD_N 6 /* contacts, aimed and bouncing hits; move, cast, bounce cycles */
static uint32_t room_hud_now[ROOM_HUD_N], room_page_hud[2][ROOM_HUD_N];

static void room_enter(void)
{
    room_page_ok[0] = room_page_ok[1] = 0;
}

/* A filled quad as a shape (corners in order around it). */
static gfx_shape quad_shape(const fxl_vec2 q[4])
{
    gfx_shape sh;
    int k;
    for (k = 0; k < 4; ++k) {
        sh.q[k] = q[k];
    }
    sh.e[0] = sh.e[1] = q[0];
    sh.r = 0;
    sh.capsule = 0;
    return sh;
}

/* A disc of radius r as a shape (a capsule with no length). */
static gfx_shape disc_shape(fxl_vec2 c, fix16_t r)
{
    gfx_shape sh;
    sh.q[0] = sh.q[1] = sh.q[2] = sh.q[3] = sh.e[0] = sh.e[1] = c;
    sh.r = r;
    sh.capsule = 1;
    return sh;
}

static void pic_add(room_pic *p, gfx_shape sh, uint8_t col)
{
    if (p->n < ROOM_PIC_MAX) {
        p->sh[p->n] = sh;
        p->col[p->n++] = col;
    }
}

/* This frame's beams as shapes. */
static void room_pic_make(room_pic *p)
{
    fxl_laser core = cast_clipped;
    fxl_vec2 quads[BNC_NODES][4];
    size_t k, nq;
    p->n = 0;
    gfx_shape_from_laser(&cast_clipped, &p->sh[0]);
    p->col[0] = COL_BOX;
    core.half_width = fix16_mul(core.half_width, core.hit_fraction); /* the hitbox */
    gfx_shape_from_laser(&core, &p->sh[1]);
    p->col[1] = COL_CORE;
    p->n = 2;
    nq = fxl_curvy_quads(&bnc_curvy, quads, BNC_NODES);
    for (k = 0; k < nq; ++k) {
        pic_add(p, quad_shape(quads[k]), COL_AIM);
    }
    for (k = 0; k < bnc_count; ++k) {
        if (bnc_legs[k].wall >= 0) {
            pic_add(p, disc_shape(bnc_legs[k].end, PX(2)), COL_SPARK);
        }
    }
    if (cast_res.wall >= 0) {
        pic_add(p, disc_shape(cast_res.point, PX(2)), COL_SPARK);
    }
}

static void room_draw_bg(void)
{
    int i, x;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);
    gfx_poly_begin();
    for (i = ROOM_OUTER; i < ROOM_N; ++i) {
        gfx_poly_edge(room_walls[i].a, room_walls[i].b);
    }
    gfx_poly_fill(COL_WALL_DIM);
    for (i = 0; i < ROOM_N; ++i) {
        gfx_line(room_pts[i][0], room_pts[i][1], (int)(room_walls[i].b.x >> 16),
                 (int)(room_walls[i].b.y >> 16), COL_WALL);
    }
    gfx_poly_begin();
    gfx_poly_disc(fxl_vec2_make(PX(CAST_X), PX(CAST_Y)), PX(4));
    gfx_poly_fill(COL_BOSS_BODY);
    gfx_poly_begin();
    gfx_poly_disc(fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), PX(4));
    gfx_poly_fill(COL_BOSS_BODY);
    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    x = gfx_text_bg(2, 1, "WALL ROOM  AIMED BEAM (CAST)  BOUNCING BEAM", COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(SELECT)", COL_TEXT_DIM, COL_HUD_BG);
    gfx_save(room_bg);
}

/* Copies now[0..n) into page[0..n) and returns 1 if they differed. */
static int hud_changed(uint32_t *page, const uint32_t *now, int n)
{
    int k, diff = 0;
    for (k = 0; k < n; ++k) {
        diff |= page[k] != now[k];
        page[k] = now[k];
    }
    return diff;
}

static void room_draw_hud(int frame, int page)
{
    uint32_t *now = room_hud_now;
    strbuf b;
    int x;
    now[0] = (uint32_t)room_contacts;
    now[1] = beam_events[0];
    now[2] = beam_events[1];
    if ((frame & 7) == 0 || now[3] == 0) {
        now[3] = room_move_cycles;
        now[4] = cast_cycles;
        now[5] = bnc_cycles;
    }
    if (!hud_changed(room_page_hud[page], now, ROOM_HUD_N)) {
        return;
    }
    gfx_clear_rows(7, HUD_H - 1, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "CONTACTS ", now[0]);
    x = gfx_text_bg(2, 7, b.s, room_contacts ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "  AIMED HITS ", now[1]);
    sb_kv(&b, "  BOUNCE HITS ", now[2]);
    (void)gfx_text_bg(x, 7, b.s, cast_hit || bnc_hit ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "CY: MOVE ", now[3]);
    sb_kv(&b, "  CAST ", now[4]);
    sb_kv(&b, "  BOUNCE ", now[5]);
    sb_str(&b, "  B SLOW");
    (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
}

static void room_draw(int frame)
{
    int page = gfx_page();
    int sx = (int)((room_ship.x + 0x8000) >> 16), sy = (int)((room_ship.y + 0x8000) >> 16);
    room_pic *pic = &room_pics[page];
    size_t k;
    if (!room_bg_ready) {
        room_draw_bg();
        room_bg_ready = 1;
    }
    if (!room_page_ok[page]) {
        gfx_load(room_bg);
        for (k = 0; k < ROOM_HUD_N; ++k) {
            room_page_hud[page][k] = 0xFFFFFFFFu;
        }
        room_page_ok[page] = 1;
    } else {
        gfx_load_rect(room_bg, room_page_sx[page] - 4, room_page_sy[page] - 4,
                      room_page_sx[page] + 4, room_page_sy[page] + 4);
        for (k = 0; k < pic->n; ++k) {
            gfx_shape_restore(&pic->sh[k], room_bg);
        }
    }
    room_page_sx[page] = sx;
    room_page_sy[page] = sy;
    room_pic_make(pic);
    for (k = 0; k < pic->n; ++k) {
        gfx_shape_fill(&pic->sh[k], pic->col[k]);
    }
    gfx_poly_begin();
    gfx_poly_disc(room_ship, SHIP_R);
    gfx_poly_fill(room_contacts || cast_hit || bnc_hit ? COL_SHIP_HIT : COL_SHIP);
    gfx_ring(room_ship, 3, COL_HITBOX);
    room_draw_hud(frame, page);
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

/* The ship: a small arrow, red while flashing, and its hitbox ring. */
static void draw_ship(void)
{
    gfx_poly_begin();
    gfx_poly_edge(fxl_vec2_make(ship.x, ship.y - PX(8)), fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)));
    gfx_poly_edge(fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)));
    gfx_poly_edge(fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x, ship.y - PX(8)));
    gfx_poly_fill(ship_flash ? COL_SHIP_HIT : COL_SHIP);
    gfx_ring(ship, 3, COL_HITBOX);
}

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

/* ---- the curvy scene (fourth scene, SELECT) ---------------------------------------- */

/* A curvy laser (fixlaser/curvy.h): a trail of up to CV_CAP nodes left by a
 * head that flies CV_SPEED a frame and turns towards the ship at most
 * CV_TURN steps a frame, except within CV_NEAR of it, where it holds its
 * course (its pass): it sweeps through, flies on, bends round and comes
 * back, a new way each time the ship has moved. The trail is drawn
 * CV_HW wide at the middle and tapered by CV_TAPER per node towards both
 * ends. Its hitbox is HIT_FRACTION of the drawn width. Each frame the head
 * moves and the trail is tested against the ship's move with
 * fxl_curvy_vs_moving_circle. B drops a bomb that cuts the trail within
 * CV_BOMB_R of the ship (fxl_curvy_cut_circle); A switches the drawing. */
#define CV_CAP 56
#define CV_HW PX(5)
#define CV_TAPER PXF(3, 4) /* full width 7 nodes from either end */
#define CV_SPEED PX(3)
#define CV_TURN 64         /* 5.6 degrees a frame: bends of 31 px radius */
#define CV_NEAR 40         /* px */
#define CV_BOMB_R PX(20)
#define CV_START_X 8
#define CV_START_Y 40

static fxl_curvy cv;
static fxl_curvy_node cv_nodes[CV_CAP];
static fxl_aabb cv_boxes[FXL_CURVY_BOXES(CV_CAP)];
static fxl_vec2 cv_quads[CV_CAP][4] FXL_EWRAM_BSS;
static size_t cv_nq;              /* quads drawn this frame */
static fxl_vec2 cv_head;
static fxl_angle cv_dir;
static int cv_show_quads;         /* A: 0 node circles + outline, 1 the strip of quads */
static int cv_hit;
static uint32_t cv_hit_frames, cv_cut, cv_bad;
static int cv_bomb_show;          /* frames the bomb's ring is still drawn */
static fxl_vec2 cv_bomb_at;
static size_t cv_last_cut;        /* segments the last bomb cut */

/* An empty trail, the head at its start heading right. */
static void curvy_reset(void)
{
    fxl_curvy_clear(&cv);
    cv_head = fxl_vec2_make(PX(CV_START_X), PX(CV_START_Y));
    cv_dir = 0;
    if (fxl_curvy_push(&cv, cv_head, CV_HW) != FXL_OK) {
        ++cv_bad;
    }
}

static void curvy_init(void)
{
    if (fxl_curvy_init(&cv, cv_nodes, CV_CAP, cv_boxes, FXL_CURVY_BOXES(CV_CAP), CV_HW, 0) !=
        FXL_OK) {
        ++cv_bad;
        return;
    }
    cv.taper = CV_TAPER;
    cv.hit_fraction = HIT_FRACTION;
    if (fxl_curvy_check(&cv) != FXL_OK) {
        ++cv_bad;
    }
    curvy_reset();
}

/* The head's move: turn towards the ship (limited), fly, push. */
static void curvy_update(void)
{
    int32_t dx = (ship.x - cv_head.x) >> 8, dy = (ship.y - cv_head.y) >> 8; /* 1/256 px */
    if ((int64_t)dx * dx + (int64_t)dy * dy > (int64_t)(CV_NEAR << 8) * (CV_NEAR << 8)) {
        cv_dir = turn_towards(cv_dir, fxl_atan2(ship.y - cv_head.y, ship.x - cv_head.x), CV_TURN);
    }
    cv_head.x += fix16_mul(CV_SPEED, fxl_cos(cv_dir));
    cv_head.y += fix16_mul(CV_SPEED, fxl_sin(cv_dir));
    if (fxl_curvy_push(&cv, cv_head, CV_HW) != FXL_OK) {
        ++cv_bad;
    }
}

/* The bomb: cuts the segments within CV_BOMB_R of the ship. */
static void curvy_bomb(void)
{
    cv_last_cut = fxl_curvy_cut_circle(&cv, fxl_circle_make(ship.x, ship.y, CV_BOMB_R));
    cv_cut += (uint32_t)cv_last_cut;
    cv_bomb_show = 12;
    cv_bomb_at = ship;
}

/* The collision of the curvy scene (the measured part): the ship's move
 * from ship_prev to ship against the trail whose head grew this frame. */
static void curvy_collide(void)
{
    (void)fxl_port_cycles_begin();
    cv_hit = fxl_curvy_vs_moving_circle(&cv, fxl_circle_make(ship_prev.x, ship_prev.y, SHIP_R),
                                        ship);
    coll_cycles = fxl_port_cycles_end();
    cv_hit_frames += (uint32_t)cv_hit;
}

/* Node k is an end of a live (uncut) segment. */
static int curvy_node_live(uint32_t k)
{
    return (k >= 1 && !(fxl_curvy_node_at(&cv, k)->flags & FXL_CURVY_CUT)) ||
           (k + 1 < cv.count && !(fxl_curvy_node_at(&cv, k + 1)->flags & FXL_CURVY_CUT));
}

static int px_round(fix16_t v)
{
    return (int)((v + 0x8000) >> 16);
}

#define CV_HUD_N 8 /* mode, flash, hit frames, hit events, cut; coll, draw, cpu */
static uint32_t cv_hud_now[CV_HUD_N], cv_hud_page[2][CV_HUD_N];

static void curvy_enter(void)
{
    int k;
    ship_prev = ship; /* no move across the switch */
    for (k = 0; k < CV_HUD_N; ++k) {
        cv_hud_page[0][k] = cv_hud_page[1][k] = 0xFFFFFFFFu;
    }
}

static void curvy_draw_hud(int frame)
{
    uint32_t *now = cv_hud_now;
    strbuf b;
    int x;
    now[0] = (uint32_t)cv_show_quads;
    now[1] = (uint32_t)(ship_flash != 0);
    now[2] = cv_hit_frames;
    now[3] = hit_events;
    now[4] = cv_cut;
    if ((frame & 7) == 0) {
        now[5] = coll_cycles;
        now[6] = draw_cycles;
        now[7] = frame_cycles;
    }
    if (!hud_changed(cv_hud_page[gfx_page()], now, CV_HUD_N)) {
        return;
    }
    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "CURVY LASER 56 NODES  DRAW ");
    sb_str(&b, cv_show_quads ? "QUADS" : "NODE CIRCLES");
    x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(A)  BOMB (B)", COL_TEXT_DIM, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "HIT FRAMES ", now[2]);
    sb_kv(&b, "  SHIP HIT ", now[3]);
    x = gfx_text_bg(2, 7, b.s, ship_flash ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "  CUT ", now[4]);
    (void)gfx_text_bg(x, 7, b.s, COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_kv(&b, "COLL ", now[5]);
    sb_str(&b, " CY ");
    sb_pct(&b, now[5]);
    sb_str(&b, "  DRAW ");
    sb_pct(&b, now[6]);
    sb_str(&b, "  CPU ");
    sb_pct(&b, now[7]);
    (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
}

static void curvy_draw(int frame)
{
    size_t k;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);
    cv_nq = fxl_curvy_quads(&cv, cv_quads, CV_CAP);
    if (cv_show_quads) {
        /* the strip: one filled quad per live segment, corners shared */
        for (k = 0; k < cv_nq; ++k) {
            gfx_shape sh = quad_shape(cv_quads[k]);
            gfx_shape_fill(&sh, COL_CURVY);
        }
    } else {
        /* the hit shape's disks (radius h_k, rounded) and the drawn outline */
        uint32_t n;
        for (n = 0; n < cv.count; ++n) {
            if (curvy_node_live(n)) {
                const fxl_curvy_node *nd = fxl_curvy_node_at(&cv, n);
                int r = px_round(fxl_curvy_hit_width(&cv, n));
                if (r > 0) {
                    gfx_ring(nd->p, r, COL_CURVY_EDGE);
                } else {
                    gfx_pixel(px_round(nd->p.x), px_round(nd->p.y), COL_CURVY_EDGE);
                }
            }
        }
        for (k = 0; k < cv_nq; ++k) {
            const fxl_vec2 *q = cv_quads[k];
            gfx_line(px_round(q[0].x), px_round(q[0].y), px_round(q[1].x), px_round(q[1].y),
                     COL_CURVY);
            gfx_line(px_round(q[3].x), px_round(q[3].y), px_round(q[2].x), px_round(q[2].y),
                     COL_CURVY);
        }
    }
    gfx_ring(cv_head, 2, COL_TEXT);
    if (cv_bomb_show > 0) {
        --cv_bomb_show;
        gfx_ring(cv_bomb_at, (int)(CV_BOMB_R >> 16), COL_SPARK);
    }
    draw_ship();
    curvy_draw_hud(frame);
}

/* ---- the scripted self-check ---------------------------------------------------- */

/* Script frames (counted from the frame L+R was seen). */
#define PH_M1 0
#define PH_M2 240
#define PH_M3 480
#define PH_BOX 720   /* static box laser 0 */
#define PH_CAP 890   /* static capsule laser 2 */
#define PH_END 1060  /* end of the laser scene's part */
/* then the spin scene (frames counted from PH_SPIN): per method
 * (1 STATIC, 2 CHAIN, 3 SWEEP) SP_LEN frames, the first half with the ship
 * where the propeller's blades pass, the second where the drifting boss's
 * beam does; in each half the ship stands still, then walks left and right
 * from SP_WALK on */
#define PH_SPIN PH_END
#define SP_LEN 240
#define SP_HALF 120
#define SP_WALK 60
#define SP_END (M_COUNT * SP_LEN)
#define SP_PROP_SPOT_Y (PROP_Y + 38) /* 38 px below the hub, blades 40 px + cap */
#define SP_DRIFT_SPOT_Y (DRIFT_Y + 44) /* 34..54 px below the emitter */
/* then the wall room (frames counted from PH_ROOM) */
#define PH_ROOM (PH_SPIN + SP_END)
#define RM_SLIDE 0     /* DOWN+LEFT into the diagonal wall: slides up it */
#define RM_SLIDE_T0 30 /* slide measured from here (pressed on the wall) */
#define RM_ACUTE 110   /* DOWN+RIGHT into the acute corner */
#define RM_STILL 190   /* from here on it must not move */
#define RM_RANDOM 220  /* random pushes up to 20 px/frame */
#define RM_END 520
/* then the room's beams, still counted from PH_ROOM: the ship is put behind
 * the pillar, out in the aimed beam's sight, then where the bouncing
 * beam's second leg passes (the beam held at the angle room_beams_init
 * found); the last RB_CHECK frames of each are checked (the aimed beam,
 * turning up to 2.8 degrees a frame, is on the ship by then) */
#define RB_HIDE RM_END
#define RB_OPEN (RB_HIDE + 90)
#define RB_BOUNCE (RB_OPEN + 60)
#define RB_END (RB_BOUNCE + 40)
#define RB_CHECK 20
#define RB_HIDE_X 200 /* on the aimed beam's row, 24 px behind the pillar */
#define RB_HIDE_Y CAST_Y
#define RB_OPEN_X 100
#define RB_OPEN_Y 110
/* then the curvy scene (frames counted from PH_CURVY): the trail starts
 * anew, the ship stands at CV_SPOT while the head comes at it again and
 * again (node circles, then from CV_QUADS the strip of quads); from CV_BOMB
 * the ship bombs the trail the first time the head is within 16 px; from
 * CV_WALK it walks left and right */
#define PH_CURVY (PH_ROOM + RB_END)
#define CV_QUADS 240
#define CV_BOMB 300
#define CV_WALK 400
#define CV_END 520
#define CV_SPOT_X 150
#define CV_SPOT_Y 84
#define PH_DONE (PH_CURVY + CV_END)
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
    if (s >= PH_SPIN && s < PH_ROOM && (s - PH_SPIN) % SP_HALF >= SP_WALK) {
        return (((s - PH_SPIN) / 8) & 1) ? KEY_LEFT : KEY_RIGHT;
    }
    if (s >= PH_CURVY + CV_WALK) {
        return (((s - PH_CURVY) / 16) & 1) ? KEY_LEFT : KEY_RIGHT;
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
static uint32_t sp_log_frame[SP_END] FXL_EWRAM_BSS;

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

/* -- the wall room's part of the script -- */

static uint32_t rm_frames, rm_contacts, rm_leaks, rm_outside, rm_too_close, rm_stopped, rm_move_max;
static uint32_t rm_min_clear = 0xFFFFFFFFu;
static uint32_t rm_log_move[RB_END] FXL_EWRAM_BSS;
static uint32_t rm_log_frame[RB_END] FXL_EWRAM_BSS;
static uint32_t rm_slide_bad;        /* slide frames not pressed on / in front of the wall */
static fxl_vec2 rm_slide_p0, rm_slide_p1;
static uint32_t rm_acute_moves;      /* frames the ship moved after RM_STILL */
static uint32_t rm_acute_touched;    /* room_touched on the last acute frame */
static fxl_vec2 rm_acute_pos;
static uint32_t rm_rng = 0x2545F491u;
static fxl_vec2 rm_vel;
static int rm_hold;

static uint32_t rm_rand(void)
{
    rm_rng ^= rm_rng << 13;
    rm_rng ^= rm_rng >> 17;
    rm_rng ^= rm_rng << 5;
    return rm_rng;
}

/* Where the script pushes the room's ship this frame. */
static fxl_vec2 script_room_target(int r)
{
    if (r == RM_SLIDE) {
        room_ship = fxl_vec2_make(PX(90), PX(115)); /* 27 px above the diagonal wall */
    } else if (r == RM_ACUTE) {
        room_ship = fxl_vec2_make(PX(170), PX(140)); /* in the wedge, 58 px from its tip */
    }
    if (r < RM_ACUTE) {
        return fxl_vec2_make(room_ship.x - SHIP_SPEED, room_ship.y + SHIP_SPEED);
    }
    if (r < RM_RANDOM) {
        return fxl_vec2_make(room_ship.x + SHIP_SPEED, room_ship.y + SHIP_SPEED);
    }
    if (r >= RB_HIDE) {
        /* the beams' part: put the ship, keep it still */
        if (r < RB_BOUNCE) {
            rb_pick_step(r - RB_HIDE);
        }
        if (r == RB_HIDE) {
            room_ship = fxl_vec2_make(PX(RB_HIDE_X), PX(RB_HIDE_Y));
        } else if (r == RB_OPEN) {
            room_ship = fxl_vec2_make(PX(RB_OPEN_X), PX(RB_OPEN_Y));
        } else if (r == RB_BOUNCE) {
            room_ship = rb_bounce_spot;
            bnc_angle = rb_bounce_angle;
            bnc_hold = 1;
        }
        return room_ship;
    }
    if (rm_hold-- <= 0) {
        /* a new push: uniform in the 20 px disc, held 1..8 frames */
        int64_t dx, dy;
        do {
            dx = (int64_t)(rm_rand() % (uint32_t)(PX(40) + 1)) - PX(20);
            dy = (int64_t)(rm_rand() % (uint32_t)(PX(40) + 1)) - PX(20);
        } while (dx * dx + dy * dy > (int64_t)PX(20) * PX(20));
        rm_vel = fxl_vec2_make((fix16_t)dx, (fix16_t)dy);
        rm_hold = (int)(rm_rand() & 7u);
    }
    return fxl_vec2_make(room_ship.x + rm_vel.x, room_ship.y + rm_vel.y);
}

/* After the move: the every-frame containment checks and the phases'. */
static void script_room_post(int r, fxl_vec2 before, int stopped)
{
    int inside = room_contains(room_ship);
    uint32_t clear = room_clearance(room_ship);
    ++rm_frames;
    rm_contacts += (uint32_t)room_contacts;
    rm_stopped += (uint32_t)stopped;
    if (room_move_cycles > rm_move_max) {
        rm_move_max = room_move_cycles;
    }
    if (r >= 0 && r < RB_END) {
        rm_log_move[r] = room_move_cycles;
    }
    if (clear < rm_min_clear) {
        rm_min_clear = clear;
    }
    rm_outside += (uint32_t)!inside;
    rm_too_close += (uint32_t)(clear < (uint32_t)SHIP_R);
    rm_leaks += (uint32_t)(!inside || clear < (uint32_t)SHIP_R);
    if (r >= RM_SLIDE_T0 && r < RM_ACUTE) {
        if (r == RM_SLIDE_T0) {
            rm_slide_p0 = room_ship;
        }
        rm_slide_p1 = room_ship;
        rm_slide_bad += (uint32_t)(!(room_touched & (1u << ROOM_DIAG)) ||
                                   fxl_wall_side(&room_prep[ROOM_DIAG], room_ship) >= 0);
    }
    if (r > RM_STILL && r < RM_RANDOM) {
        rm_acute_moves += (uint32_t)(room_ship.x != before.x || room_ship.y != before.y);
    }
    if (r == RM_RANDOM - 1) {
        rm_acute_touched = room_touched;
        rm_acute_pos = room_ship;
    }
}

/* -- the room beams' part of the script -- */

static uint32_t rb_hide_n, rb_hide_hit, rb_hide_short, rb_hide_full;
static uint32_t rb_open_n, rb_open_hit, rb_bnc_n, rb_bnc_hit, rb_bnc_first;
static uint32_t rb_hide_len, rb_hide_dist; /* the last hidden frame's cast length, ship distance */
static int32_t rb_hide_wall = -1;
static uint32_t rb_log_cast[RB_END] FXL_EWRAM_BSS;
static uint32_t rb_log_bnc[RB_END] FXL_EWRAM_BSS;

/* After room_beams(): the beams' checks (room frame r). */
static void script_beams_post(int r)
{
    fxl_circle me = fxl_circle_make(room_ship.x, room_ship.y, SHIP_R);
    fxl_laser_prep lp;
    if (r < 0 || r >= RB_END) {
        return;
    }
    rb_log_cast[r] = cast_cycles;
    rb_log_bnc[r] = bnc_cycles;
    if (r >= RB_OPEN - RB_CHECK && r < RB_OPEN) {
        /* behind the pillar: the cast stops on a pillar wall, its end more
         * than r short of the ship's centre, and does not hit; the same
         * beam uncast, full length, hits */
        fxl_laser full = cast_laser(cast_angle, CAST_LEN);
        int64_t dx = (int64_t)room_ship.x - PX(CAST_X), dy = (int64_t)room_ship.y - PX(CAST_Y);
        rb_hide_dist = isqrt64((uint64_t)(dx * dx + dy * dy));
        rb_hide_len = (uint32_t)cast_res.length;
        rb_hide_wall = cast_res.wall;
        ++rb_hide_n;
        rb_hide_hit += (uint32_t)cast_hit;
        rb_hide_short += (uint32_t)(cast_res.wall >= ROOM_OUTER &&
                                    rb_hide_len + (uint32_t)SHIP_R < rb_hide_dist);
        rb_hide_full += (uint32_t)(fxl_laser_prepare(&full, &lp) == FXL_OK &&
                                   fxl_laser_vs_circle(&lp, me));
    } else if (r >= RB_BOUNCE - RB_CHECK && r < RB_BOUNCE) {
        /* in the open: the aimed beam hits */
        ++rb_open_n;
        rb_open_hit += (uint32_t)cast_hit;
    } else if (r >= RB_END - RB_CHECK && r < RB_END) {
        /* on the second leg: the bouncing beam hits, first on a segment
         * after the first bounce; its first leg alone does not */
        uint32_t seg = 0;
        fxl_laser first = bnc_first_leg();
        ++rb_bnc_n;
        rb_bnc_hit += (uint32_t)(bnc_hit && bnc_count >= 2 &&
                                 fxl_curvy_band(&bnc_curvy, me, 0, &seg) == FXL_BAND_HIT &&
                                 seg >= 1);
        rb_bnc_first += (uint32_t)(fxl_laser_prepare(&first, &lp) == FXL_OK &&
                                   fxl_laser_vs_circle(&lp, me));
    }
}

/* -- the curvy scene's part of the script -- */

static uint32_t cvs_cross, cvs_cross_miss, cvs_clear, cvs_false, cvs_still;
static uint32_t cvs_bombed, cvs_bomb_nq0, cvs_bomb_nq1, cvs_bomb_hit;
static uint32_t cv_log_coll[CV_END] FXL_EWRAM_BSS;
static uint32_t cv_log_draw[CV_END] FXL_EWRAM_BSS;
static uint32_t cv_log_frame[CV_END] FXL_EWRAM_BSS;

/* p within d / 16 px of the segment a-b, decided exactly on the
 * coordinates floored to 1/16 px (int64: they stay below 2^16 here). */
static int seg_near16(fxl_vec2 a, fxl_vec2 b, fxl_vec2 p, int64_t d)
{
    int64_t ax = a.x >> 12, ay = a.y >> 12, ex = (b.x >> 12) - ax, ey = (b.y >> 12) - ay;
    int64_t wx = (p.x >> 12) - ax, wy = (p.y >> 12) - ay;
    int64_t t = wx * ex + wy * ey, l2 = ex * ex + ey * ey, c;
    if (t <= 0 || l2 == 0) {
        return wx * wx + wy * wy <= d * d;
    }
    if (t >= l2) {
        return (wx - ex) * (wx - ex) + (wy - ey) * (wy - ey) <= d * d;
    }
    c = ex * wy - ey * wx;
    return c * c <= d * d * l2;
}

/* Before the head's move (curvy frame r): where the ship is, the drawing. */
static void script_curvy_pre(int r)
{
    if (r == 0) {
        curvy_reset();
        ship = ship_prev = fxl_vec2_make(PX(CV_SPOT_X), PX(CV_SPOT_Y));
        cv_show_quads = 0;
    } else if (r == CV_QUADS) {
        cv_show_quads = 1;
    }
}

/* After the head's move: bomb now? (once, from CV_BOMB, the head within
 * 16 px of the ship); counts the quads before it. */
static int script_curvy_bomb(int r)
{
    if (r < CV_BOMB || cvs_bombed || !seg_near16(cv_head, cv_head, ship, 16 * 16)) {
        return 0;
    }
    cvs_bombed = 1;
    cvs_bomb_nq0 = (uint32_t)fxl_curvy_quads(&cv, cv_quads, CV_CAP);
    return 1;
}

/* After the collision. While the ship stands still (ship_prev = ship, so
 * the swept test's answer is the end-of-frame trail's): a frame whose head
 * move (the newest, uncut segment) passed within 2 px of the ship's centre
 * is a crossing and must hit; a frame with every live segment more than
 * 1 px beyond the hitbox's reach (r + CV_HW / 2 + 1 px = 6.5 px from the
 * centre line) is clear and must not. Right after the bomb the trail must
 * not hit the ship (every segment that could was cut). */
static void script_curvy_post(int r, int bombed)
{
    uint32_t k, n = cv.count;
    int near = 0;
    if (bombed) {
        cvs_bomb_nq1 = (uint32_t)fxl_curvy_quads(&cv, cv_quads, CV_CAP);
        fxl_circle me = fxl_circle_make(ship.x, ship.y, SHIP_R);
        cvs_bomb_hit = (uint32_t)(cv_hit || fxl_curvy_vs_circle(&cv, me));
    }
    if (r < 1 || r >= CV_WALK) {
        return;
    }
    ++cvs_still;
    if (cv.grew && n >= 2 && !(fxl_curvy_node_at(&cv, n - 1)->flags & FXL_CURVY_CUT) &&
        seg_near16(fxl_curvy_node_at(&cv, n - 2)->p, fxl_curvy_node_at(&cv, n - 1)->p, ship, 32)) {
        ++cvs_cross;
        cvs_cross_miss += (uint32_t)!cv_hit;
    }
    for (k = 1; k < n && !near; ++k) {
        const fxl_curvy_node *nd = fxl_curvy_node_at(&cv, k);
        near = !(nd->flags & FXL_CURVY_CUT) &&
               seg_near16(fxl_curvy_node_at(&cv, k - 1)->p, nd->p, ship, 104);
    }
    if (!near) {
        ++cvs_clear;
        cvs_false += (uint32_t)cv_hit;
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

/* The spin scene's summary and assertions. */
static void script_spin_finish(strbuf *b)
{
    static const char *const tag[SP_LASERS] = {"propeller", "drifting boss"};
    int i, m;
    uint32_t over = 0;
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
    {
        uint32_t k;
        for (k = 0; k < SP_END; ++k) {
            over += (uint32_t)(sp_log_frame[k] > FRAME_CYCLES);
        }
        sb_reset(b);
        sb_str(b, "demo: spin scene frames over one frame: ");
        sb_u32(b, over);
        sb_str(b, "; refused by the library: ");
        sb_u32(b, spin_bad);
        log_line(b);
    }
    summary_cycles(b, "spin collision (2 lasers)", sp_log_coll, SP_END);
    summary_cycles(b, "spin ground truth (not in COLL)", sp_log_truth, SP_END);
    summary_cycles(b, "spin drawing", sp_log_draw, SP_END);
    summary_cycles(b, "spin whole frame (incl. the ground truth)", sp_log_frame, SP_END);
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

/* The room beams' summary and assertions. */
static void script_beams_finish(strbuf *b)
{
    sb_reset(b);
    sb_kv(b, "demo: room beams: aimed beam behind the pillar: cast ", rb_hide_len >> 16);
    sb_kv(b, " px (wall ", (uint32_t)rb_hide_wall);
    sb_kv(b, "), the ship at ", rb_hide_dist >> 16);
    sb_kv(b, " px; hit ", rb_hide_hit);
    sb_kv(b, ", uncast hit ", rb_hide_full);
    sb_kv(b, " of ", rb_hide_n);
    sb_kv(b, " frames; in the open hit ", rb_open_hit);
    sb_kv(b, " of ", rb_open_n);
    log_line(b);
    sb_reset(b);
    sb_kv(b, "demo: room beams: bouncing beam held at ", (uint32_t)rb_bounce_angle);
    sb_kv(b, " steps, ship at (", (uint32_t)(rb_bounce_spot.x >> 16));
    sb_kv(b, ",", (uint32_t)(rb_bounce_spot.y >> 16));
    sb_kv(b, "), ", (uint32_t)bnc_count);
    sb_kv(b, " legs: hit after a bounce ", rb_bnc_hit);
    sb_kv(b, ", first leg alone hit ", rb_bnc_first);
    sb_kv(b, " of ", rb_bnc_n);
    sb_kv(b, " frames; refused ", beam_bad);
    log_line(b);
    summary_cycles(b, "room aimed beam (fxl_laser_cast + prepare + test)", rb_log_cast, RB_END);
    summary_cycles(b, "room bouncing beam (fxl_laser_bounce + pushes + curvy test)", rb_log_bnc,
                   RB_END);
    check(rb_hide_n == RB_CHECK && rb_hide_short == RB_CHECK && rb_hide_hit == 0,
          "room: ship behind the pillar: the cast beam stops on the pillar short of it, no hit");
    check(rb_hide_full == RB_CHECK,
          "room: ship behind the pillar: the same beam uncast (full length) would hit it");
    check(rb_open_n == RB_CHECK && rb_open_hit == RB_CHECK,
          "room: ship in the open: the aimed cast beam hits it every frame");
    check(rb_bounce_found && rb_bnc_n == RB_CHECK && rb_bnc_hit == RB_CHECK && rb_bnc_first == 0,
          "room: bouncing beam hits the ship with a leg after a bounce, the first leg alone not");
    check(beam_bad == 0, "room: every cast, bounce and curvy push accepted by the library");
}

/* The curvy scene's summary and assertions. */
static void script_curvy_finish(strbuf *b)
{
    sb_reset(b);
    sb_kv(b, "demo: curvy scene, ", (uint32_t)CV_END);
    sb_kv(b, " frames (", cvs_still);
    sb_kv(b, " with the ship still): head crossings ", cvs_cross);
    sb_kv(b, ", missed ", cvs_cross_miss);
    sb_kv(b, "; clear frames ", cvs_clear);
    sb_kv(b, ", hit while clear ", cvs_false);
    sb_kv(b, "; hit frames ", cv_hit_frames);
    log_line(b);
    sb_reset(b);
    sb_kv(b, "demo: curvy bomb: cut ", cv_cut);
    sb_kv(b, " segments, quads ", cvs_bomb_nq0);
    sb_kv(b, " -> ", cvs_bomb_nq1);
    sb_kv(b, ", ship hit right after ", cvs_bomb_hit);
    sb_kv(b, "; refused by the library ", cv_bad);
    log_line(b);
    summary_cycles(b, "curvy collision (fxl_curvy_vs_moving_circle, 56 nodes)", cv_log_coll,
                   CV_END);
    summary_cycles(b, "curvy drawing", cv_log_draw, CV_END);
    summary_cycles(b, "curvy whole frame (incl. the checks)", cv_log_frame, CV_END);
    check(cvs_cross > 0 && cvs_cross_miss == 0,
          "curvy: every frame the head crosses the still ship (within 2 px) is a hit");
    check(cvs_clear > 0 && cvs_false == 0,
          "curvy: no hit while every live segment is > 1 px beyond the hitbox's reach");
    check(cvs_bombed && cv_cut > 0 && cvs_bomb_nq0 - cvs_bomb_nq1 == cv_cut && cvs_bomb_hit == 0,
          "curvy: the bomb cuts the trail (one quad less per cut segment), the gap does not hit");
    check(cv_bad == 0, "curvy: every push accepted by the library");
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
    script_spin_finish(&b);
    sb_reset(&b);
    sb_str(&b, "demo: wall room: ");
    sb_u32(&b, rm_frames);
    sb_str(&b, " frames, contacts ");
    sb_u32(&b, rm_contacts);
    sb_str(&b, " (moves out of passes ");
    sb_u32(&b, rm_stopped);
    sb_str(&b, ")");
    log_line(&b);
    sb_reset(&b);
    sb_str(&b, "demo: wall room: min clearance ");
    sb_u32(&b, rm_min_clear);
    sb_str(&b, " raw Q16 (r = ");
    sb_u32(&b, (uint32_t)SHIP_R);
    sb_str(&b, "), leaks ");
    sb_u32(&b, rm_leaks);
    sb_str(&b, " (outside ");
    sb_u32(&b, rm_outside);
    sb_str(&b, ", closer than r ");
    sb_u32(&b, rm_too_close);
    sb_str(&b, ")");
    log_line(&b);
    {
        uint32_t k, over = 0;
        for (k = 0; k < RB_END; ++k) {
            over += (uint32_t)(rm_log_frame[k] > FRAME_CYCLES);
        }
        sb_reset(&b);
        sb_str(&b, "demo: wall room frames over one frame: ");
        sb_u32(&b, over);
        sb_str(&b, " (the first draws the room's picture: ");
        sb_u32(&b, rm_log_frame[0]);
        sb_str(&b, " cycles)");
        log_line(&b);
    }
    summary_cycles(&b, "wall room move (fxl_move_circle, 10 walls)", rm_log_move, RB_END);
    summary_cycles(&b, "wall room whole frame (incl. the exact checks)", rm_log_frame, RB_END);
    {
        int64_t dx = (int64_t)rm_slide_p1.x - rm_slide_p0.x, dy = (int64_t)rm_slide_p1.y - rm_slide_p0.y;
        int64_t along = -(dx * 88 + dy * 52); /* towards the wall's start, x |(88,52)| */
        sb_reset(&b);
        sb_str(&b, "demo: wall room: slide up the diagonal wall ");
        sb_u32(&b, (uint32_t)((along / 102) >> 16));
        sb_str(&b, " px in ");
        sb_u32(&b, (uint32_t)(RM_ACUTE - 1 - RM_SLIDE_T0));
        sb_str(&b, " frames (off the wall ");
        sb_u32(&b, rm_slide_bad);
        sb_str(&b, "); acute corner stop at (");
        sb_u32(&b, (uint32_t)(rm_acute_pos.x >> 16));
        sb_str(&b, ",");
        sb_u32(&b, (uint32_t)(rm_acute_pos.y >> 16));
        sb_str(&b, "), moved after settling ");
        sb_u32(&b, rm_acute_moves);
        log_line(&b);
        check(room_init_res == FXL_OK, "room: walls prepared and inflated (fxl_walls_inflate ok)");
        check(rm_frames == RB_END && rm_leaks == 0,
              "room: ship centre inside the room and >= r from every wall, every frame");
        check(rm_slide_bad == 0 && along >= (int64_t)PX(20) * 102,
              "room: ship slides >= 20 px along the diagonal wall, pressed on its front");
        check(rm_acute_moves == 0 &&
                  (rm_acute_touched & ((1u << ROOM_ACUTE_A) | (1u << ROOM_ACUTE_B))) ==
                      ((1u << ROOM_ACUTE_A) | (1u << ROOM_ACUTE_B)) &&
                  rm_acute_pos.x >= PX(228 - 18),
              "room: ship stops in the acute corner, touching both walls");
        check(rm_contacts > RM_END - RM_RANDOM,
              "room: random pushes up to 20 px/frame hit walls");
    }
    script_beams_finish(&b);
    script_curvy_finish(&b);
    sb_reset(&b);
    sb_str(&b, "demo: failed assertions ");
    sb_u32(&b, (uint32_t)failed);
    log_line(&b);
    fxl_port_finish(failed);
}

/* ---- main loop -------------------------------------------------------------------- */

static void ship_move(uint16_t keys)
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

static void ship_clamp(void)
{
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
}

/* The ship flashes red for 8 frames after a hit; a hit event is a frame
 * hit after one that was not. */
static void ship_flash_update(int any)
{
    if (any) {
        ship_flash = 8;
        hit_events += (uint32_t)!ship_was_hit;
    } else if (ship_flash > 0) {
        --ship_flash;
    }
    ship_was_hit = any;
}

static void spin_enter(void)
{
    ship_prev = ship; /* no move across the switch */
    spin_hud_valid[0] = spin_hud_valid[1] = 0;
}

/* One frame of the curvy scene: its own update, collision and drawing. */
static void curvy_frame(int frame, int scripted, int sframe, uint16_t keys, uint16_t prev_keys)
{
    int r = sframe - PH_CURVY, bomb;
    if (!scripted && (keys & KEY_A) && !(prev_keys & KEY_A)) {
        cv_show_quads = !cv_show_quads;
    }
    ship_prev = ship;
    ship_move(keys);
    if (scripted) {
        script_curvy_pre(r);
    }
    ship_clamp();
    curvy_update();
    bomb = scripted ? script_curvy_bomb(r) : (keys & KEY_B) && !(prev_keys & KEY_B);
    if (bomb) {
        curvy_bomb();
    }
    curvy_collide();
    ship_flash_update(cv_hit);
    if (scripted) {
        script_curvy_post(r, bomb);
    }
    (void)fxl_port_cycles_begin();
    curvy_draw(frame);
    draw_cycles = fxl_port_cycles_end();
    frame_cycles = frame_timer_stop();
    if (scripted && r >= 0 && r < CV_END) {
        cv_log_coll[r] = coll_cycles;
        cv_log_draw[r] = draw_cycles;
        cv_log_frame[r] = frame_cycles;
    }
}

int main(void)
{
    int frame = 0, scripted = 0, sframe = 0;
    uint16_t keys, prev_keys = 0;

    fxl_port_init();
    gfx_init();
    scene_init();
    spin_init();
    room_init();
    room_beams_init();
    curvy_init();
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
            if (sframe == PH_SPIN) {
                scene = SC_SPIN;
                spin_enter();
            } else if (sframe == PH_ROOM) {
                scene = SC_ROOM;
                room_enter();
            } else if (sframe == PH_CURVY) {
                scene = SC_CURVY;
                bnc_hold = 0;
                curvy_enter();
            }
        } else if ((keys & KEY_SELECT) && !(prev_keys & KEY_SELECT)) {
            scene = (scene + 1) % SC_COUNT;
            hud_valid[0] = hud_valid[1] = 0;
            room_enter();
            spin_enter();
            curvy_enter();
        }
        if (scene == SC_CURVY) {
            curvy_frame(frame, scripted, sframe, keys, prev_keys);
            prev_keys = keys;
            if (scripted && ++sframe == PH_DONE) {
                script_finish(sframe);
            }
            gfx_vsync();
            gfx_flip();
            continue;
        }
        if (scene == SC_SPIN) {
            /* the spin scene: its own update, collision and drawing */
            if (!scripted && (keys & KEY_A) && !(prev_keys & KEY_A)) {
                method = (method + 1) % M_COUNT;
            }
            ship_prev = ship;
            ship_move(keys);
            if (scripted) {
                script_spin_pre(sframe - PH_SPIN);
            }
            ship_clamp();
            spin_update();
            spin_collide();
            spin_account();
            ship_flash_update(spin_hit[SP_PROP] || spin_hit[SP_DRIFT]);
            (void)fxl_port_cycles_begin();
            spin_draw(frame);
            draw_cycles = fxl_port_cycles_end();
            frame_cycles = frame_timer_stop();
            if (scripted && sframe >= PH_SPIN && sframe - PH_SPIN < SP_END) {
                int r = sframe - PH_SPIN;
                sp_log_coll[r] = coll_cycles;
                sp_log_draw[r] = draw_cycles;
                sp_log_truth[r] = truth_cycles;
                sp_log_frame[r] = frame_cycles;
            }
            prev_keys = keys;
            if (scripted) {
                ++sframe;
            }
            gfx_vsync();
            gfx_flip();
            continue;
        }
        if (scene == SC_ROOM) {
            /* the wall room: its own update and drawing */
            fxl_vec2 to = room_ship, before = room_ship;
            if (scripted) {
                to = script_room_target(sframe - PH_ROOM);
                before = room_ship;
            } else {
                fix16_t sp = (keys & KEY_B) ? SHIP_SLOW : SHIP_SPEED;
                to.x += (keys & KEY_RIGHT) ? sp : (keys & KEY_LEFT) ? -sp : 0;
                to.y += (keys & KEY_DOWN) ? sp : (keys & KEY_UP) ? -sp : 0;
            }
            {
                fxl_move m;
                (void)fxl_port_cycles_begin();
                m = fxl_move_circle(room_inflated, ROOM_N, room_ship, to, &room_touched);
                room_move_cycles = fxl_port_cycles_end();
                room_ship = m.pos;
                room_contacts = m.contacts;
                if (scripted) {
                    script_room_post(sframe - PH_ROOM, before, m.stopped);
                }
            }
            room_beams();
            if (scripted) {
                script_beams_post(sframe - PH_ROOM);
            }
            room_draw(frame);
            frame_cycles = frame_timer_stop();
            if (scripted && sframe - PH_ROOM < RB_END) {
                rm_log_frame[sframe - PH_ROOM] = frame_cycles;
            }
            prev_keys = keys;
            if (scripted) {
                ++sframe;
            }
            gfx_vsync();
            gfx_flip();
            continue;
        }

        /* --- update --- */
        if (!scripted && (keys & KEY_A) && !(prev_keys & KEY_A)) {
            method = (method + 1) % M_COUNT;
        }
        ship_move(keys);
        if (scripted) {
            script_pre(sframe);
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
        if (scripted) {
            ++sframe;
        }
        gfx_vsync();
        gfx_flip();
    }
}
