/* scene.h - the scene benchmark (issue 11): one bullet-hell frame made
 * concrete and seeded, advanced frame by frame, and its collision phases run
 * three ways: the fast path (one batch or fused call per phase), the
 * baseline (the per-object calls a game would write without it) and, for the
 * rotating lasers, the rotating chain of squares.
 *
 * The frame: 640 bullets (r = 2..4 px, moving up to 2 px a frame, wrapping
 * over 240x160); 48 straight lasers (24 box, 24 capsule; 60..240 px long,
 * half-width 2..6 px, hitbox 50..100 % of it; half fired from an emitter,
 * half given by their middle) drifting up to 0.5 px and turning up to 3
 * steps a frame, prepared every frame; 16 rotating lasers (120..240 px,
 * turning 8..40 steps a frame; 8 about their emitter, 8 about their middle)
 * tested with the exact sweep; one player of radius 2 px wandering below the
 * middle of the screen (y = 88..152 px).
 *
 * Every frame's hit lists (one bit per bullet, per laser, per rotating
 * laser) are hashed with FNV-1a, so the GBA ROM and the host twin
 * (scene_host.c, which also recomputes every hit with the exact oracle of
 * tests/oracle.h) can show they computed the same answers. */
#ifndef FXLB_SCENE_H
#define FXLB_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include "fixlaser.h"

#define SCENE_BULLETS 640
#define SCENE_LASERS 48
#define SCENE_ROTATING 16
/* Frames the benchmark and the host twin run (>= 100 for the medians). */
#define SCENE_FRAMES 240
/* A frame of the GBA: 228 lines of 1232 cycles. */
#define SCENE_FRAME_CYCLES 280896u

/* The phases, in the order a frame runs them. */
enum { SCENE_PH_BULLETS, SCENE_PH_LASERS, SCENE_PH_ROTATING, SCENE_PHASES };

/* One frame's hit lists: bit i set iff object i touches the player. */
typedef struct scene_hits {
    uint32_t bullets[SCENE_BULLETS / 32];
    uint32_t lasers[(SCENE_LASERS + 31) / 32];
    uint32_t rotating[(SCENE_ROTATING + 31) / 32];
} scene_hits;

/* The seeded first frame; scene_advance moves everything to the next. */
void scene_init(void);
void scene_advance(void);

/* The phases. Each fills its part of *h and returns the number of hits. */
typedef size_t (*scene_phase_fn)(scene_hits *h);
size_t scene_bullets_fast(scene_hits *h);   /* fxl_circles_vs_circle */
size_t scene_lasers_fast(scene_hits *h);    /* fxl_lasers_vs_circle */
size_t scene_rotating_fast(scene_hits *h);  /* fxl_sweeps_vs_circle */
size_t scene_bullets_base(scene_hits *h);   /* fxl_circle_vs_circle per bullet */
size_t scene_lasers_base(scene_hits *h);    /* fxl_laser_prepare + fxl_laser_vs_circle */
size_t scene_rotating_base(scene_hits *h);  /* fxl_sweep_prepare + fxl_sweep_vs_circle */
size_t scene_rotating_chain(scene_hits *h); /* fxl_chain_make (FXL_CHAIN_ROTATING) + fxl_chain_vs_circle */

/* The current frame, read-only (the host twin's oracle check). */
const fxl_circle *scene_bullets(void);
const fxl_laser *scene_lasers(void);
const fxl_sweep *scene_rotating(void);
fxl_circle scene_player(void);
/* Chains the fxl_chain_make calls refused so far (counted as hits). */
uint32_t scene_chain_errors(void);

/* FNV-1a, 32 bits. */
#define SCENE_FNV_BASIS 2166136261u
/* Hashes one phase's hit words into h (bytes little-endian, any host). */
uint32_t scene_hash(uint32_t h, const scene_hits *hits, int phase);
/* Bit-identical hit lists of one phase? */
int scene_same(const scene_hits *a, const scene_hits *b, int phase);

#endif
