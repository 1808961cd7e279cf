/* fixlaser/sweep.h - exact swept test for a laser turning about its emitter
 * between two frames: a hit iff the circle touches the beam at some angle of
 * the turn, so a fast-turning laser cannot pass over the player.
 *
 * The swept region is exactly: the beam at the start angle and the beam at
 * the end angle, both as fxl_laser_vs_circle sees them (the table's sin and
 * cos), plus the beam turned rigidly through every direction of the closed
 * arc between those two table directions, its size scaled by the larger of
 * the two table vectors' lengths (which differ from 1 by < 1.1e-5) so that
 * at both ends it lies inside the static beams. */
#ifndef FIXLASER_SWEEP_H
#define FIXLASER_SWEEP_H

#include "laser.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A turning laser prepared for testing. */
typedef struct fxl_sweep_prep {
    fxl_laser_prep from;  /* the beam at the start angle */
    fxl_laser_prep to;    /* the beam at the end angle */
    int32_t step;         /* signed turn in steps, -2048..2048 */
    int32_t length;       /* Q16.16 beam length L */
    int32_t side;         /* Q16.16 box hitbox half-width w (0 for a capsule) */
    int32_t round;        /* Q16.16 capsule hitbox radius (0 for a box) */
    uint64_t norm_max;    /* Q32.32 larger of cos^2 + sin^2 at the two ends */
    uint64_t corner2;     /* Q32.32 L^2 + w^2: squared distance to a far corner */
    uint32_t corner_lo;   /* Q16.16 floor(sqrt(corner2)) */
    fxl_vec2 bb_mid;      /* Q16.16 middle of a conservative bounding box */
    uint32_t bb_half_x;   /* Q16.16 its half-extents */
    uint32_t bb_half_y;
} fxl_sweep_prep;

/* Prepares `laser` (anchored at its emitter, which is the pivot) turning
 * from laser->angle by `step` steps: positive turns towards larger angles
 * (clockwise on a y-down screen), |step| <= 2048 (half a turn). */
fxl_result fxl_sweep_prepare(const fxl_laser *laser, int32_t step, fxl_sweep_prep *out);

/* The same, turning the shortest way from laser->angle to `to_angle` (a
 * half-turn goes the negative way, as fxl_angle_diff gives -2048). */
fxl_result fxl_sweep_prepare_to(const fxl_laser *laser, fxl_angle to_angle,
                                fxl_sweep_prep *out);

/* True iff the circle touches the beam at some angle of the turn. */
bool fxl_sweep_vs_circle(const fxl_sweep_prep *sp, fxl_circle circle);

/* Batch form: bit i of hit_bits (may be NULL) for circle i; returns hits. */
size_t fxl_sweep_vs_circles(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_SWEEP_H */
