/* exact.h - exact references for the property tests' cases near a
 * boundary, written independently of src/ in the tests' big integers
 * (bigint.h): an axis-aligned box against a circle, the 3D lasers against
 * a sphere, and atan2's nearest step. (Lasers in 2D, sweeps and circle
 * pairs have theirs in oracle.h.) Slow on purpose: the double references
 * (ref.h) decide the bulk, these the cases the doubles cannot. */
#ifndef FXLT_EXACT_H
#define FXLT_EXACT_H

#include "fixlaser.h"

/* fxl_aabb_vs_circle for a valid box and circle, exactly. */
bool exact_aabb_vs_circle(fxl_aabb b, fxl_circle c);

/* fxl_laser3d_prepare + fxl_laser3d_vs_sphere for an in-domain laser and
 * sphere, exactly (semantics: include/fixlaser/laser3d.h). */
bool exact_laser3d_vs_sphere(const fxl_laser3d *l, fxl_sphere s);

/* The step (0..4095) nearest to the direction of the integer vector
 * (x, y) != (0, 0), |x|, |y| <= 2^31: which side of the half-step
 * boundaries it lies on, from enclosures of their cosines and sines to
 * 2^-170 (no direction of an integer vector is on a boundary: their
 * tangents are irrational). *gap gets its angle to the nearer boundary, in
 * steps (a double, for the reports). */
int exact_atan2(int64_t y, int64_t x, double *gap);

/* cos and sin of the boundary (j + 1/2) steps as doubles (to check the
 * enclosures against libm). */
void exact_boundary(int j, double *c, double *s);

/* Comparisons the enclosures could not settle, plus the big integers'
 * overflows, since the start: 0, or an answer may be wrong. */
uint32_t exact_faults(void);

#endif
