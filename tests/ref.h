/* ref.h - independent double-precision references for the property tests.
 * They never call the library: they rebuild the table values from libm,
 * work in world coordinates and follow the frame test's steps (docs/methods.md)
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

#endif
