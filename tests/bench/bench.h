/* bench.h - the benchmark scene and its timed loops (bench.c). */
#ifndef FXLB_BENCH_H
#define FXLB_BENCH_H

#include <stdint.h>

#ifdef __GNUC__
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

enum {
    BENCH_FXL,
    BENCH_FLOAT,
    BENCH_NAIVE,
    BENCH_CIRCLE,
    BENCH_SIN,
    BENCH_ATAN2,
    BENCH_PREPARE,
    BENCH_SWEEP,
    BENCH_CHAIN_HIT,
    BENCH_SWEEP_PREPARE,
    BENCH_MOVE_POINT,
    BENCH_MOVE_CIRCLE,
    BENCH_3D_BOX,
    BENCH_3D_CYLINDER,
    BENCH_BEAM_FRAME
};

typedef struct bench_stats {
    uint32_t min, median, max, count;
} bench_stats;

void bench_scene(void);
void bench_calibrate(void);
uint32_t bench_overhead(void);
uint32_t bench_hits(int kind);

/* kind: 0 = box lasers, 1 = capsule lasers; stride: test every n-th circle. */
bench_stats bench_single(int what, int kind, int stride);
bench_stats bench_batch(int kind);
/* fxl_move_point (circle = 0) or fxl_move_circle, the bench_single row's
 * samples whose move made `contacts` contacts (0, 1, 2: two or more). */
bench_stats bench_move_split(int circle, int contacts);
/* Issue 23: sphere (what 0 far, 1 near) or 3D box (2 far, 3 near; 4 far,
 * 5 near moving) against the 3D box laser (cyl = 1: the cylinder, 2: the
 * egg). */
bench_stats bench_3d_targets(int what, int cyl);
/* Per item: fxl_laser3d_vs_aabb3s over 64 near (0) or far (1) boxes,
 * fxl_lasers3d_vs_sphere of 16 lasers (2). */
bench_stats bench_3d_many(int what);
bench_stats bench_sweep_batch(int kind);
/* Prepare + one test against the player, far (near = 0) or near, of
 * straight lasers (turning = 0) or sweeps (1 about the reference point, 2
 * about a pivot off the beam, 3 pose to pose): in the fused call (fused =
 * 1, per laser) or with the separate prepare and test calls. */
bench_stats bench_rel(int turning, int near, int fused);
uint32_t bench_rel_hits(int turning, int near);
/* The straight lasers' sets against the player's square (issue 23). */
bench_stats bench_rel_laser_box(int near, int fused);
uint32_t bench_rel_laser_box_hits(int near);
/* The sweeps' sets against the player's square (issue 23). */
bench_stats bench_rel_sweep_box(int turning, int near, int fused);
/* fxl_circles_vs_circle, per bullet. */
bench_stats bench_bullets_batch(void);
/* fxl_sin (cosine = 0) or fxl_cos, alone in the timed window. */
bench_stats bench_sincos(int cosine);
/* Chain generation (the rotating chain, or cover = 1 the covering one):
 * cycles per laser, and per square. */
bench_stats bench_chain_gen(int per_square, int cover);
uint32_t bench_chain_squares(void);

/* The swept test per kind of motion: what 0 prepare, 1 one test, 2 batch
 * per circle; kinds 0..5 (bench.c: motion_sweep). */
bench_stats bench_motion(int kind, int what);
/* Building a sweep, per call: 0 fxl_sweep_turn, 1 fxl_sweep_turn_about,
 * 2 fxl_sweep_to_pose (into a struct in EWRAM). */
bench_stats bench_sweep_build(int which);

/* The timed-sample store shared by the benchmark files: clear, add one
 * sample (cycles with the timer overhead already subtracted), sort and
 * summarise. */
void bench_samples_clear(void);
void bench_sample_add(uint32_t cycles);
bench_stats bench_sample_stats(void);
extern volatile uint32_t bench_sink;

/* Curvy lasers (bench_kinds.c): what 0 push a node (64-node trail, steady
 * state), 1 the trail vs a far player, 2 vs a near player, 3 batch per
 * circle (1024 circles), 4 vs a near player moving. */
bench_stats bench_curvy(int what);
/* Wall casts against a 16-wall room: what 0 fxl_laser_cast (centre line),
 * 1 FXL_CAST_WIDTH, 2 fxl_laser_bounce with 4 bounces (3-7 the room's);
 * 8 fxl_laser_cast_aabbs on the walls' boxes, 9 its FXL_CAST_WIDTH with box
 * lasers, 10 with capsule lasers; 11, 12 fxl_bounce_vs_circle of row 5's
 * legs vs a far and a near player. */
bench_stats bench_cast(int what);

/* Host loops, counted by callgrind. */
void run_fxl_single(int kind);
void run_fxl_batch(int kind);
void run_prepare(void);
void run_float(int kind);
void run_naive(int kind);
void run_shapes(void);
void run_angles(void);
void run_sweep_single(void);
void run_sweep_batch(void);
void run_chain_gen(void);
void run_chain_hit(void);
void run_walls(void);
void run_3d_and_beam(void);
void run_motions(void);

#endif
