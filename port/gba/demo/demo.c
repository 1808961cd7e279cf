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
 * A fifth scene, the blocks scene: the ship fires its own laser, box or
 * capsule, from its nose (swinging +-28 degrees, or straight up: A) at targets with
 * rectangular hitboxes (fxl_aabb): a marching formation of boxed enemies
 * (fxl_laser_vs_aabbs), two darts that jump over the beam's width each
 * frame (fxl_laser_vs_moving_aabbs over their move) and a row of blocks
 * (fxl_laser_collect_aabbs). Hit targets flash, lose a point a frame and
 * break; the self-check compares every answer with the scene's own
 * dense-sampling ground truth.
 *
 * Only the scene shown is updated (and timed). Each scene is a file
 * (scene_*.c) behind the small interface of demo.h (init, enter, the
 * script's keys, one frame, the self-check's summary); the frame timer,
 * the input and the scene switching are here.
 *
 * Controls: d-pad move, B (held) slow move (in the curvy scene: press to
 * bomb), A next method (curvy scene: the drawing), SELECT scene. Holding
 * L+R at power-on runs the scripted self-check instead
 * (port/gba/demo/play.keys does that under tools/gbarun): the ROM places
 * the ship itself, asserts, prints a summary through mGBA's debug log and
 * calls fxl_port_finish(). It plays the laser scene, the spin scene, the
 * wall room (its beams' checks last: the ship behind the pillar, in the
 * open, on a bounced leg), the curvy scene and the blocks scene, in that order
 * (script.c). For every scene it reports the frame's work (update,
 * collision and drawing, timers 0+1; the self-check's own exact checks
 * left out) and asserts that its busiest frame fits in one frame (280896
 * cycles).
 */
#include "demo.h"

/* ---- hardware ------------------------------------------------------------ */

#define REG16(a) (*(volatile uint16_t *)(a))
#define REG_KEYINPUT REG16(0x04000130u)
#define REG_VCOUNT   REG16(0x04000006u)
#define REG_TM0D     REG16(0x04000100u)
#define REG_TM0CNT   REG16(0x04000102u)
#define REG_TM1D     REG16(0x04000104u)
#define REG_TM1CNT   REG16(0x04000106u)

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

/* The running count: the high half read again until it did not change
 * around the low half's read (a carry in between). */
static uint32_t frame_timer_now(void)
{
    uint16_t hi, lo;
    do {
        hi = REG_TM1D;
        lo = REG_TM0D;
    } while (hi != REG_TM1D);
    return ((uint32_t)hi << 16) | lo;
}

static uint32_t check_t0, check_cycles; /* this frame's self-check work */

void demo_check_begin(void)
{
    check_t0 = frame_timer_now();
}

void demo_check_end(void)
{
    check_cycles += frame_timer_now() - check_t0;
}

/* ---- shared state and game logic ------------------------------------------- */

const char *const method_name[M_COUNT] = {"1 STATIC", "2 CHAIN", "3 SWEEP"};
int method = M_STATIC;
fxl_vec2 ship, ship_prev;
int ship_flash;
uint32_t hit_events;
static int ship_was_hit;
uint32_t coll_cycles, draw_cycles, frame_cycles, tests_this_frame;

/* A laser fired from `from`, its hitbox HIT_FRACTION of its drawn width. */
fxl_laser fired_laser(fxl_laser_kind kind, fxl_vec2 from, fxl_angle a, fix16_t length,
                             fix16_t half_width)
{
    fxl_laser l = fxl_laser_from_emitter(kind, from, a, length, half_width);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

fxl_angle turn_towards(fxl_angle a, fxl_angle to, int32_t max)
{
    fxl_angle d = fxl_angle_diff(to, a);
    d = d > max ? max : d < -max ? -max : d;
    return (a + d) & FXL_ANGLE_MASK;
}

fix16_t floor_half(int32_t v)
{
    return (v - (v & 1)) / 2; /* exact floor(v / 2), negative v too */
}

void ship_move(uint16_t keys)
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

void ship_clamp(void)
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
void ship_flash_update(int any)
{
    if (any) {
        ship_flash = 8;
        hit_events += (uint32_t)!ship_was_hit;
    } else if (ship_flash > 0) {
        --ship_flash;
    }
    ship_was_hit = any;
}

/* ---- the frame budget of the self-check -------------------------------------- */

/* Per script frame: the frame's work (update + collision + drawing, the
 * self-check's own work left out), its collision and drawing parts, and
 * the self-check's work that was left out. */
static uint32_t log_work[SCRIPT_FRAMES] FXL_EWRAM_BSS;
static uint32_t log_coll[SCRIPT_FRAMES] FXL_EWRAM_BSS;
static uint32_t log_draw[SCRIPT_FRAMES] FXL_EWRAM_BSS;
static uint32_t log_check[SCRIPT_FRAMES] FXL_EWRAM_BSS;
/* Frames shown since the script's first frame (each script frame takes
 * its scene's script_pace of them), where each scene's part starts, and
 * the script frames whose work (the self-check's included) outran their
 * pace (they make the later screenshots late). */
static uint32_t video_frames, scene_video[DEMO_SCENES], late_frames[DEMO_SCENES];

static uint32_t max_u32(const uint32_t *v, size_t n)
{
    uint32_t m = 0;
    size_t k;
    for (k = 0; k < n; ++k) {
        m = v[k] > m ? v[k] : m;
    }
    return m;
}

/* Each scene's frames: collision, drawing and the whole frame's work
 * (min, median, max), the self-check work left out of it; asserts that
 * its busiest frame fits in one frame. */
static void budget_finish(void)
{
    strbuf b, label;
    int i, s0 = 0;
    for (i = 0; i < DEMO_SCENES; ++i) {
        const demo_scene *sc = demo_plan[i];
        size_t n = (size_t)sc->script_frames;
        uint32_t busiest, left_out = max_u32(log_check + s0, n);
        sb_reset(&b);
        sb_str(&b, "demo: frame budget, ");
        sb_str(&b, sc->name);
        sb_kv(&b, " scene, ", (uint32_t)n);
        sb_kv(&b, " frames, shown from frame ", scene_video[i]);
        sb_str(&b, " of the script: update + collision + drawing, the self-check's own checks");
        log_line(&b);
        sb_reset(&b);
        sb_kv(&b, "demo: left out (at most ", left_out);
        sb_kv(&b, " cycles a frame); frames shown per script frame ", (uint32_t)sc->script_pace);
        sb_kv(&b, ", late ", late_frames[i]);
        log_line(&b);
        sb_reset(&label);
        sb_str(&label, sc->name);
        sb_str(&label, " collision");
        summary_cycles(&b, label.s, log_coll + s0, n);
        sb_reset(&label);
        sb_str(&label, sc->name);
        sb_str(&label, " drawing");
        summary_cycles(&b, label.s, log_draw + s0, n);
        sb_reset(&label);
        sb_str(&label, sc->name);
        sb_str(&label, " whole frame");
        summary_cycles(&b, label.s, log_work + s0, n);
        busiest = log_work[s0 + (int)n - 1]; /* sorted */
        sb_reset(&b);
        sb_str(&b, sc->name);
        sb_str(&b, " scene: busiest frame (update + collision + drawing) under one frame");
        check(busiest < FRAME_CYCLES, b.s);
        s0 += (int)n;
    }
}

static void script_finish(int frames)
{
    strbuf b;
    int i;
    sb_reset(&b);
    sb_str(&b, "demo: scripted run, ");
    sb_u32(&b, (uint32_t)frames);
    sb_str(&b, " frames; boss turns 220 steps (19.3 deg) per frame");
    log_line(&b);
    for (i = 0; i < DEMO_SCENES; ++i) {
        demo_plan[i]->finish();
    }
    budget_finish();
    sb_reset(&b);
    sb_str(&b, "demo: failed assertions ");
    sb_u32(&b, (uint32_t)demo_failed);
    log_line(&b);
    fxl_port_finish(demo_failed);
}

/* ---- main loop -------------------------------------------------------------------- */

static uint16_t keys_held(void)
{
    return (uint16_t)(~REG_KEYINPUT & 0x03FFu);
}

/* The main loop starts START_VBLANKS vertical blanks after main() began,
 * whatever the set-up took (about 2 frames: the wall room's picture, the
 * library's preparations), so the screenshots' frames (port/gba/demo.mk)
 * do not move when it changes. Line 160 starts a vertical blank; a line
 * is 1232 cycles, a frame 228 lines. */
#define START_VBLANKS 6

static void wait_start(uint32_t line0, uint32_t setup_cycles)
{
    uint32_t pos = line0 * 1232u + setup_cycles, t = 160u * 1232u, passed = 0;
    if (line0 >= 160u) {
        t += FRAME_CYCLES; /* began in a vertical blank: the next one counts */
    }
    for (; t <= pos; t += FRAME_CYCLES) {
        ++passed;
    }
    for (; passed < START_VBLANKS; ++passed) {
        gfx_vsync();
    }
}

int main(void)
{
    int frame = 0, scripted = 0, sframe = 0, scene = 0, i;
    uint16_t prev_keys = 0;
    int lr_at_power_on;
    uint32_t line0 = REG_VCOUNT;

    frame_timer_start();
    fxl_port_init();
    /* read before the scenes' set-up, which takes a few frames */
    lr_at_power_on = (keys_held() & (KEY_L | KEY_R)) == (KEY_L | KEY_R);
    gfx_init();
    for (i = 0; i < DEMO_SCENES; ++i) {
        demo_plan[i]->init();
    }
    fxl_port_write("fixlaser demo: hold L+R at power-on for the scripted self-check\n");
    wait_start(line0, frame_timer_stop());

    for (;; ++frame) {
        demo_in in;
        uint32_t total, waits;
        uint16_t keys;
        frame_timer_start();
        check_cycles = 0;
        keys = keys_held();
        if (!scripted && frame < 4 &&
            (lr_at_power_on || (keys & (KEY_L | KEY_R)) == (KEY_L | KEY_R))) {
            scripted = 1;
            sframe = 0;
            fxl_port_write("demo: scripted self-check\n");
        }
        in.r = -1;
        if (scripted) {
            int at = script_at(sframe, &in.r);
            if (at != scene && at >= 0) {
                scene = at;
                scene_video[at] = video_frames;
                demo_plan[scene]->enter();
            }
            keys = demo_plan[scene]->script_keys != NULL ? demo_plan[scene]->script_keys(in.r) : 0;
        } else if ((keys & KEY_SELECT) && !(prev_keys & KEY_SELECT)) {
            scene = (scene + 1) % DEMO_SCENES;
            demo_plan[scene]->enter();
        }
        in.frame = frame;
        in.scripted = scripted;
        in.keys = keys;
        in.prev_keys = prev_keys;
        demo_plan[scene]->frame(&in);
        total = frame_timer_stop();
        frame_cycles = total - check_cycles;
        waits = 1;
        if (scripted) {
            /* the frame began at a vertical blank: `passed` more began
             * during its work; wait for the rest of its pace */
            uint32_t left = total, passed = 0, pace = (uint32_t)demo_plan[scene]->script_pace;
            for (; left >= FRAME_CYCLES; left -= FRAME_CYCLES) {
                ++passed;
            }
            late_frames[scene] += (uint32_t)(passed >= pace);
            waits = passed >= pace ? 1u : pace - passed;
            video_frames += passed + waits;
        }
        if (scripted && sframe < SCRIPT_FRAMES) {
            log_work[sframe] = frame_cycles;
            log_coll[sframe] = coll_cycles;
            log_draw[sframe] = draw_cycles;
            log_check[sframe] = check_cycles;
        }
        prev_keys = keys;
        if (scripted && ++sframe == SCRIPT_FRAMES) {
            script_finish(sframe);
        }
        for (; waits > 0; --waits) {
            gfx_vsync();
        }
        gfx_flip();
    }
}
