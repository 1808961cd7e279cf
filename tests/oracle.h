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

#endif
