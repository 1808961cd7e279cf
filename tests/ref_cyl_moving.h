/* ref_cyl_moving.h - exact reference for a sphere moving against a 3D
 * CYLINDER laser (fxl_laser3d_vs_moving_sphere), independent of src/. */
#ifndef FXLT_REF_CYL_MOVING_H
#define FXLT_REF_CYL_MOVING_H

#include "fixlaser/laser3d.h"

/* 1 if the sphere of radius r (Q16.16) whose centre moves from a to b
 * touches the cylinder laser of l's pose, length and width (l's kind is
 * ignored), 0 if not, -1 if undecided (the torus stage gave up: a double
 * root of its quartic off every dyadic point up to its depth). */
int ref_cyl_moving(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, int32_t r);

/* The least distance from the centre's path to the solid cylinder (no
 * rounding), in raw Q16.16 units, estimated in doubles (ternary search of
 * the convex squared distance): to place radii near touching. */
double ref_cyl_dist(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b);

#endif
