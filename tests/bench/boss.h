/* boss.h - the boss frame benchmark (issue 20): the scene of scene.h (640
 * bullets, 48 straight lasers, 16 rotating lasers) written as README.md's
 * frame code shows it, PLUS what a boss fight adds on top:
 *   - 8 lasers moving pose to pose (fxl_sweep_to_pose: up to 3 px on each
 *     axis and 40 steps a frame, a new target pose when one is reached);
 *   - 2 curvy lasers (64-node rings, 4 px half-width tapered over 8 nodes)
 *     whose heads weave over the screen up to about 4 px a frame, pushed
 *     every frame (fxl_curvy_push) and tested against each player's move
 *     over the frame (fxl_curvy_vs_moving_circle);
 *   - 4 turrets in a 16-wall room (walls prepared once per room) casting
 *     300 px beams: a box and a capsule stopped at the first wall by their
 *     centre line (fxl_laser_cast), a box and a capsule by their drawn width
 *     (FXL_CAST_WIDTH); the clipped lasers tested against the players
 *     (fxl_lasers_vs_circle);
 *   - 2 turrets firing 400 px capsule beams bouncing off up to 4 walls
 *     (fxl_laser_bounce), the legs tested directly (fxl_bounce_vs_circle:
 *     the shape of the untapered curvy laser README used to push them
 *     into).
 * One player (scene.c's) or two (co-op: a second one wandering the same
 * area). The README frame (item 2 of the issue) is the first three phases:
 * its hit lists are those of scene.c's fast path, bit for bit.
 *
 * Every frame's hit lists are hashed with FNV-1a (scene.h's), so the GBA
 * ROM (boss_gba.c) and the host twin (boss_host.c, which decides every hit
 * again with the exact references of tests/oracle.h, ref_curvy.h and
 * ref_cast.h) show they computed the same answers. */
#ifndef FXLB_BOSS_H
#define FXLB_BOSS_H

#include <stddef.h>
#include <stdint.h>

#include "fixlaser.h"
#include "scene.h"

#define BOSS_POSE 8
#define BOSS_CURVY 2
#define BOSS_TRAIL 64
#define BOSS_WALLS 16
#define BOSS_CASTS 4
#define BOSS_BOUNCERS 2
#define BOSS_BOUNCES 4
#define BOSS_LEGS (BOSS_BOUNCES + 1)
#define BOSS_PLAYERS 2
#define BOSS_FRAMES SCENE_FRAMES

/* The phases, in the order a frame runs them; the first three are the
 * README frame. */
enum {
    BOSS_PH_BULLETS,
    BOSS_PH_LASERS,
    BOSS_PH_SPINNERS,
    BOSS_PH_POSE,
    BOSS_PH_CURVY,
    BOSS_PH_CASTS,
    BOSS_PH_BOUNCES,
    BOSS_PHASES,
    BOSS_README_PHASES = BOSS_PH_SPINNERS + 1
};

/* Hit words per player: bit i of a phase's words set iff object i of the
 * phase touches that player (bullets first, then as the phases). */
enum {
    BOSS_W_BULLETS = 0,
    BOSS_W_LASERS = BOSS_W_BULLETS + SCENE_BULLETS / 32,
    BOSS_W_SPINNERS = BOSS_W_LASERS + (SCENE_LASERS + 31) / 32,
    BOSS_W_POSE = BOSS_W_SPINNERS + 1,
    BOSS_W_CURVY,
    BOSS_W_CASTS,
    BOSS_W_BOUNCES,
    BOSS_WORDS
};

typedef struct boss_hits {
    uint32_t w[BOSS_PLAYERS][BOSS_WORDS];
} boss_hits;

/* The seeded first frame; boss_advance moves everything to the next. */
void boss_init(void);
void boss_advance(void);

/* A phase for the first `players` players (1 or 2): fills their words of
 * the phase in *h, returns the number of hits. */
typedef size_t (*boss_phase_fn)(boss_hits *h, int players);
extern const boss_phase_fn boss_phase[BOSS_PHASES];
extern const char *const boss_phase_name[BOSS_PHASES];

/* Timed apart for the tables' "of which" rows: the sweeps the spinner and
 * pose phases build, built the same way with no test (return 0; h
 * untouched). */
size_t boss_build_spinners(boss_hits *h, int players);
size_t boss_build_poses(boss_hits *h, int players);
/* The same for the bounce phase's fxl_laser_bounce calls alone. */
size_t boss_bounce_only(boss_hits *h, int players);

/* The current frame, read-only (the host twin's references). */
fxl_circle boss_player(int k);          /* where player k is this frame */
fxl_circle boss_player_from(int k);     /* where it was last frame (radius the same) */
fxl_sweep boss_spinner(int i);          /* README's sweeps[i] this frame */
fxl_sweep boss_pose_sweep(int i);       /* pose laser i's motion this frame */
const fxl_curvy *boss_curvy(int i);     /* curvy laser i (after this frame's push) */
const fxl_wall *boss_walls(void);       /* the room as the game describes it */
const fxl_laser *boss_cast_laser(int i);
unsigned boss_cast_flags(int i);
const fxl_laser *boss_cast_clipped(int i);   /* this frame's clipped laser */
const fxl_laser *boss_bouncer(int i);
const fxl_bounce *boss_bounce_legs(int i, size_t *n); /* this frame's legs */
/* fxl_ calls that failed so far (each counted as a hit: never expected). */
uint32_t boss_errors(void);

/* FNV-1a (scene.h's basis) over the words of phases first..last-1 of the
 * first `players` players. */
uint32_t boss_hash(uint32_t h, const boss_hits *hits, int players, int first, int last);
/* The same words equal? */
int boss_same(const boss_hits *a, const boss_hits *b, int players, int phase);

#endif
