/* baselines.h - what fixlaser is measured against in the benchmarks.
 *  (a) the rectangle-circle article's floating-point method: the laser's
 *      four corners, then vertex in circle, inside via atan2 angles, and
 *      point-to-segment distance with sqrt (soft-float on the GBA);
 *  (b) a naive Q16.16 version that calls libfixmath's fix16_sin, fix16_cos
 *      and fix16_sqrt on every test. */
#ifndef FXLB_BASELINES_H
#define FXLB_BASELINES_H

#include <stdbool.h>

#include "fixlaser.h"

typedef struct base_pt {
    double x, y;
} base_pt;

/* (a): corners are computed once per laser, as the article's laser update
 * does; the test is its hitjudge_square_and_circle. */
typedef struct float_laser {
    base_pt pt[4];
} float_laser;

float_laser float_laser_make(const fxl_laser *l);
bool float_laser_vs_circle(const float_laser *fl, double x, double y, double r);

/* (b): everything per test, from the laser description. */
bool naive_laser_vs_circle(const fxl_laser *l, fxl_circle c);

#endif
