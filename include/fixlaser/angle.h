/* fixlaser/angle.h - integer angles (4096 steps per turn) and the exactly
 * rounded sine table every other module uses. */
#ifndef FIXLASER_ANGLE_H
#define FIXLASER_ANGLE_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An angle in steps of 1/4096 turn. Any int32_t value is accepted and read
 * modulo 4096 (a & 4095): 0 points along +x, 1024 along +y (down the screen,
 * so angles turn clockwise on screen), 2048 along -x, 3072 along -y. */
typedef int32_t fxl_angle;

#define FXL_ANGLE_STEPS 4096   /* steps per turn */
#define FXL_ANGLE_MASK 4095    /* a & FXL_ANGLE_MASK wraps into 0..4095 */
#define FXL_ANGLE_QUARTER 1024 /* 90 degrees */
#define FXL_ANGLE_HALF 2048    /* 180 degrees */

/* sin(2*pi*a/4096) as Q16.16, exactly round(65536*sin) of the true value. */
fix16_t fxl_sin(fxl_angle a);

/* cos(2*pi*a/4096) as Q16.16, exactly round(65536*cos) of the true value. */
fix16_t fxl_cos(fxl_angle a);

/* (cos a, sin a) as Q16.16: the beam direction used by every laser. */
fxl_vec2 fxl_dir(fxl_angle a);

/* to - from wrapped into -2048..2047 steps: the shortest signed turn. */
fxl_angle fxl_angle_diff(fxl_angle to, fxl_angle from);

/* Direction of the Q16.16 vector (x, y) as the nearest step, 0..4095.
 * (0, 0) gives 0. Integer CORDIC; error below 1e-11 turn before rounding. */
fxl_angle fxl_atan2(fix16_t y, fix16_t x);

/* Q16.16 degrees to the nearest step, 0..4095 (ties away from zero). Exact:
 * one step is exactly 5760 raw Q16.16 degrees. */
fxl_angle fxl_angle_from_deg(fix16_t deg);

/* Step to Q16.16 degrees in 0..360, exact: (a & 4095) * 5760. */
fix16_t fxl_angle_to_deg(fxl_angle a);

/* Q16.16 radians (libfixmath's unit) to the nearest step, 0..4095. */
fxl_angle fxl_angle_from_rad(fix16_t rad);

/* Step to Q16.16 radians in 0..2*pi, rounded to nearest. */
fix16_t fxl_angle_to_rad(fxl_angle a);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_ANGLE_H */
