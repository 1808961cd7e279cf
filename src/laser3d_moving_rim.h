/* laser3d_moving_rim.h - internal: does a straight path meet the solid
 * torus about a cylinder laser's rim? The exact stage of the moving sphere
 * against the cylinder (laser3d_moving.c; derivation in
 * laser3d_moving_rim.c). */
#ifndef FXL_LASER3D_MOVING_RIM_H
#define FXL_LASER3D_MOVING_RIM_H

#include <stdbool.h>
#include <stdint.h>

/* In the laser's frame moved to the rim's centre (x = h = |x| - L about
 * the rim, Q16.48), with the path a + t d, t in [0, 1]: true iff some real
 * t in (0, 1) has (rho - w)^2 + h^2 <= rr^2 (rho = sqrt(y^2 + z^2); w, rr
 * Q16.48, 0 <= w, rr < 2^59), i.e. the path comes within rr of the rim
 * circle. Precondition (the caller's exact static tests of both ends): a
 * and a + d lie outside that torus. Sizes: |a_i| < 2^62, |d_i| < 2^62.5. */
bool fxl__laser3d_rim_meets(const int64_t a[3], const int64_t d[3], int64_t w, int64_t rr);

/* The cheap test in front of it, for the rim at h = 0 given the path
 * misses the fat tube and the disc slab (laser3d_moving.c's (a), (b)): 1
 * if the path comes within rr of the rim's disc (a hit of the laser), 0
 * if it does not (the torus beyond the rim is missed), -1 undecided (a
 * path within about 8 units of 2^-15 of its largest coordinate of
 * touching). 32-bit arithmetic. */
int fxl__laser3d_rim_filter(const int64_t a[3], const int64_t d[3], int64_t w, int64_t rr);

/* The same for the whole cylinder |x| <= l, rho <= w (frame of
 * laser3d_moving.c, Q16.48; 0 <= l, w, rr < 2^59): 1 if the path a + t d
 * comes within rr of it (a hit), 0 if not (a miss), -1 undecided. */
int fxl__laser3d_cyl_filter(const int64_t a[3], const int64_t d[3], int64_t l, int64_t w, int64_t rr);

#ifdef FXL_TEST_HOOKS
#include "fixlaser/laser3d.h"
/* The cylinder's moving sphere decided by a filter alone (test builds;
 * laser3d_moving.c): rims = 0 the whole cylinder's, 1 the rims' (after the
 * exact tubes); -2 decided before it, 1 hit, 0 miss, -1 undecided. */
int fxl__laser3d_cyl_filter_alone(const fxl_laser3d_prep *lp, fxl_sphere from, fxl_vec3 to, int rims);
#endif

#endif
