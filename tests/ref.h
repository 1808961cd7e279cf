/* ref.h - independent double-precision references for the property tests.
 * They never call the library: they rebuild the table values from libm,
 * work in world coordinates and follow the rectangle-circle article's steps
 * (vertex in circle, centre inside, distance to each edge). */
#ifndef FXLT_REF_H
#define FXLT_REF_H

#include <stdbool.h>

#include "fixlaser.h"

/* A laser's hitbox as a world-space polygon (rectangle, segment or point)
 * plus the distance added all round. */
typedef struct ref_laser {
    double cx[4], cy[4]; /* corners in pixels, in order around the rectangle */
    double round;        /* pixels added all round (capsule radius) */
    double scale;        /* |(cos, sin)| of the table entry */
    bool area;           /* false when the rectangle has no area */
} ref_laser;

/* The table's values as libm gives them: round(65536 * sin(2 pi a / 4096)). */
double ref_sin_q16(int a);
double ref_cos_q16(int a);

ref_laser ref_laser_build(const fxl_laser *l);

/* Signed margin in pixels: distance from the circle to the hitbox minus the
 * circle's reach. Hit iff <= 0. */
double ref_laser_circle(const ref_laser *L, double x, double y, double r);

/* Signed distance (pixels) from a point to the laser's core rectangle,
 * negative inside; also used to place circles near the boundary. */
double ref_laser_distance(const ref_laser *L, double x, double y);

double ref_circle_circle(double ax, double ay, double ar, double bx, double by, double br);
double ref_aabb_circle(double x0, double y0, double x1, double y1, double cx, double cy,
                       double r);

/* Nearest step (0..4095) to atan2(y, x); *tie gets the distance in steps
 * from the half-step boundary. */
int ref_atan2_step(double y, double x, double *tie);

double ref_px(fix16_t v); /* Q16.16 to pixels, exact */

/* A turning laser for the sweep references: the static beams at both ends
 * (ref_laser) and, in between, the body scaled by 1/s (s the larger table
 * vector length) turned rigidly through the closed arc. */
typedef struct ref_sweep {
    ref_laser ends[2];
    double ox, oy;      /* emitter, pixels */
    double th0, dth;    /* arc: from th0 (radians) turning by dth (signed) */
    double len, side, round, s;
    bool box;
} ref_sweep;

ref_sweep ref_sweep_build(const fxl_laser *l, int step);

/* The turn's closest approach to (x, y), in the body's frame units (the
 * circle radius at which the turning beam would just touch): the least of
 * 65 samples refined by golden-section search, and the distances at the
 * directions (by atan2) where a far corner (box) or the tip (capsule)
 * points at the centre, when the arc holds them. INFINITY for no turn. */
double ref_sweep_turn_gap(const ref_sweep *S, double x, double y);

/* Signed margin (pixels, hit iff <= 0) of the whole swept region for a
 * circle of radius r, given the turn's gap from ref_sweep_turn_gap. */
double ref_sweep_margin(const ref_sweep *S, double x, double y, double r, double turn_gap);

/* Radius (pixels) at which the circle at (x, y) just touches the region. */
double ref_sweep_touch(const ref_sweep *S, double x, double y, double turn_gap);

/* The dense-sampling reference: the static ends plus `sub` - 1 evenly
 * spaced beams strictly inside the arc. */
double ref_sweep_margin_sampled(const ref_sweep *S, double x, double y, double r, int sub);

#endif
