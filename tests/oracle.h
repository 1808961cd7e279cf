/* oracle.h - exact reference decisions for the property tests, written
 * independently of src/ (its own big-integer arithmetic and its own
 * geometry; it shares only the public types and fxl_sin/fxl_cos, which
 * define the quantized inputs). Slow on purpose; every answer is exact,
 * touching cases included. Semantics: include/fixlaser/sweep.h. */
#ifndef FXLT_ORACLE_H
#define FXLT_ORACLE_H

#include "fixlaser.h"

/* Circle vs circle, exact. */
bool orc_circle_vs_circle(fxl_circle a, fxl_circle b);

/* The static laser test (fxl_laser_prepare + fxl_laser_vs_circle) for a
 * laser fxl_laser_prepare accepts. */
bool orc_laser_vs_circle(const fxl_laser *l, fxl_circle c);

/* The whole swept test of sweep.h for a sweep fxl_sweep_prepare accepts:
 * a fixed circle, and a circle moving straight from c.c to `to`. */
bool orc_sweep_vs_circle(const fxl_sweep *s, fxl_circle c);
bool orc_sweep_vs_moving_circle(const fxl_sweep *s, fxl_circle c, fxl_vec2 to);

/* The same motion for any hitbox fixed about the pivot: K = [u_lo, u_hi] x
 * [v_lo, v_hi] (Q32.32, in the start angle's table frame about the pivot)
 * grown by round (Q16.16). orc_body_of_sweep gives a sweep's; a beam object
 * (beam.h) builds its own. */
typedef struct orc_body {
    fxl_vec2 pivot;  /* Q16.16 where the pivot starts */
    fxl_vec2 move;   /* Q16.16 how far it moves */
    fxl_angle angle; /* the start angle */
    int32_t step;    /* -2048..2048 */
    int64_t u_lo, u_hi, v_lo, v_hi; /* Q32.32 */
    int32_t round;   /* Q16.16 */
} orc_body;

orc_body orc_body_of_sweep(const fxl_sweep *s);
bool orc_body_vs_circle(const orc_body *b, fxl_circle c);
bool orc_body_vs_moving_circle(const orc_body *b, fxl_circle c, fxl_vec2 to);

/* How many times the big-integer arithmetic overflowed its 384 bits (or met
 * a negative radicand) since the start: 0, or an answer was wrong. */
uint32_t orc_faults(void);

/* The exact sign tests behind a double-interval filter: how many times the
 * filter could not decide and the big integers did (for the reports), and
 * a switch that turns the filter off (every sign exact; for the check that
 * both give the same answers). */
uint32_t orc_exact_paths(void);
void orc_set_filter(bool on);

#endif
