/* demo.h - what the GBA demo's files share: the scene interface, the ship,
 * the frame's measurements, the HUD's text helpers, the self-check's
 * assertions and the drawing helpers every scene uses.
 *
 * Files (port/gba/demo/):
 *   demo.c         main loop: input, scene switching, the frame timer, the
 *                  per-scene frame summary of the self-check
 *   script.c       the scripted self-check's plan: which scene plays when
 *   hud.c          text helpers (strbuf), the debug log, assertions, cycle
 *                  summaries
 *   draw.c         drawing shared by the scenes (ship, lit lasers, shapes)
 *   gfx.c, gfx.h   the mode 4 raster (spans, shapes, font)
 *   scene_laser.c  static lasers, the turning boss, the aiming laser
 *   scene_spin.c   the propeller and the drifting boss (+ ground truth)
 *   scene_room.c   the wall room and its cast and bouncing beams
 *   scene_curvy.c  the curvy laser and the bomb
 *   scene_blocks.c the ship's own laser against boxed targets (+ ground truth)
 */
#ifndef FXL_DEMO_H
#define FXL_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include <libfixmath/fix16.h>

#include "fixlaser/angle.h"
#include "fixlaser/laser.h"
#include "fxl_port.h"
#include "gfx.h"
#include "test_port.h"

/* ---- hardware ------------------------------------------------------------ */

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

/* ---- units and the ship ---------------------------------------------------- */

#define PX(v) ((fix16_t)((v) * 65536))          /* integer pixels -> Q16.16 */
#define PXF(num, den) ((fix16_t)((num) * 65536 / (den)))
#define HUD_H 19                                /* rows 0..18: HUD band */

#define SHIP_R PX(3)
#define SHIP_SPEED PXF(3, 2)
#define SHIP_SLOW PXF(1, 2)
#define HIT_FRACTION PXF(1, 2) /* hitbox half-width = half the drawn one */

/* The collision methods A cycles (laser and spin scenes). */
enum { M_STATIC, M_CHAIN, M_SWEEP, M_COUNT };
extern const char *const method_name[M_COUNT];
#define CHAIN_CAP 64

extern fxl_vec2 ship;      /* Q16.16 */
extern fxl_vec2 ship_prev; /* Q16.16: the ship at the start of this frame */
extern int ship_flash;     /* frames the ship still flashes red */
extern uint32_t hit_events;
extern int method;         /* M_*: laser and spin scenes */

/* This frame's measurements (the scene sets coll and draw cycles and the
 * tests; the main loop the whole frame's, shown one frame later). */
extern uint32_t coll_cycles, draw_cycles, frame_cycles, tests_this_frame;

/* ---- the scene interface --------------------------------------------------- */

typedef struct demo_in {
    int frame;          /* frames since power-on */
    int scripted;       /* the self-check plays */
    int r;              /* self-check: frame in this scene's part, else -1 */
    uint16_t keys;      /* held this frame (the script's in the self-check) */
    uint16_t prev_keys; /* held last frame */
} demo_in;

typedef struct demo_scene {
    const char *name;
    int script_frames;                /* its part of the scripted run */
    int script_pace;                  /* frames shown per script frame there (2
                                       * where the self-check's exact checks
                                       * can fill a frame): the screenshots'
                                       * timing does not hang on cycle counts */
    void (*init)(void);               /* once at power-on */
    void (*enter)(void);              /* when it becomes the scene shown */
    uint16_t (*script_keys)(int r);   /* keys the script holds at frame r */
    void (*frame)(const demo_in *in); /* update, collision, drawing */
    void (*finish)(void);             /* self-check: summary, assertions */
} demo_scene;

extern const demo_scene scene_laser, scene_spin, scene_room, scene_curvy, scene_blocks;

/* script.c: the scenes in SELECT's order, which is the self-check's. */
#define DEMO_SCENES 5
extern const demo_scene *const demo_plan[DEMO_SCENES];
/* The self-check's length: the scenes' script_frames added up (1060 laser,
 * 720 spin, 710 wall room, 520 curvy, 600 blocks). */
#define SCRIPT_FRAMES 3610
/* The scene playing at script frame s (its index; r = the frame in its
 * part), or -1 after the last. */
int script_at(int s, int *r);

/* Self-check work inside a frame (exact references, counters that only
 * the summary reads): bracketed so that the frame's measured work leaves
 * it out. Not nested; uses the running frame timer. */
void demo_check_begin(void);
void demo_check_end(void);

/* ---- shared game logic (demo.c) -------------------------------------------- */

/* A laser fired from `from`, its hitbox HIT_FRACTION of its drawn width. */
fxl_laser fired_laser(fxl_laser_kind kind, fxl_vec2 from, fxl_angle a, fix16_t length,
                      fix16_t half_width);
/* a turned towards `to` by at most max steps. */
fxl_angle turn_towards(fxl_angle a, fxl_angle to, int32_t max);
/* exact floor(v / 2), negative v too */
fix16_t floor_half(int32_t v);
/* The d-pad's move (B held: slow), then the ship kept on the screen. */
void ship_move(uint16_t keys);
void ship_clamp(void);
/* The ship flashes red for 8 frames after a hit; a hit event is a frame
 * hit after one that was not. */
void ship_flash_update(int any);

/* ---- shared drawing (draw.c) ------------------------------------------------ */

/* The ship: a small arrow, red while flashing, and its hitbox ring. */
void draw_ship(void);
/* A laser and its hitbox core (COL_CORE). */
void draw_laser_lit(const fxl_laser *l, uint8_t col);
/* A filled quad (corners in order around it), a disc, as shapes. */
gfx_shape quad_shape(const fxl_vec2 q[4]);
gfx_shape disc_shape(fxl_vec2 c, fix16_t r);

/* ---- text, log, assertions (hud.c) ---------------------------------------- */

typedef struct strbuf {
    char s[160];
    size_t n;
} strbuf;

void sb_reset(strbuf *b);
void sb_str(strbuf *b, const char *s);
/* Decimal, no division. */
void sb_u32(strbuf *b, uint32_t v);
/* A label and a number: "HITS 12" */
void sb_kv(strbuf *b, const char *label, uint32_t v);
/* cycles as a percentage of a frame with one decimal: "12.3%" */
void sb_pct(strbuf *b, uint32_t cycles);
/* The line to the debug log. */
void log_line(strbuf *b);
/* Copies now[0..n) into page[0..n) and returns 1 if they differed. */
int hud_changed(uint32_t *page, const uint32_t *now, int n);
/* One self-check assertion: logged, counted in demo_failed. */
void check(int ok, const char *what);
extern int demo_failed;
/* "demo: WHAT cycles/frame min .. median .. max .." (sorts v). */
void summary_cycles(strbuf *b, const char *what, uint32_t *v, size_t n);

#endif /* FXL_DEMO_H */
