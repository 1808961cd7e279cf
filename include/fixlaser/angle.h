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

/* Internal: the generated tables behind fxl_sin and fxl_cos
 * (src/angle_table.c): the quarter wave, 1024 uint16_t round(65536 sin(2 pi
 * k / 4096)) mod 65536 (the three entries equal to 65536 stored as 0 plus a
 * carry), and with FXL_SIN_FULL the whole sine and cosine waves as 4096
 * int32_t each. */
extern const uint16_t fxl__sin_quarter[1024];
#if FXL_SIN_FULL
extern const int32_t fxl__sin_full[4096];
extern const int32_t fxl__cos_full[4096];
#endif

/* sin(2*pi*a/4096) as Q16.16, exactly round(65536*sin) of the true value.
 * Inline: one table read (FXL_SIN_FULL) or one read and a few operations. */
FXL_INLINE fix16_t fxl_sin(fxl_angle a)
{
#if FXL_SIN_FULL
    return fxl__sin_full[(uint32_t)a & 4095u];
#else
    uint32_t u = (uint32_t)a & 4095u, r = u & 1023u;
    /* Quadrants 1 and 3 read the quarter table backwards, 2 and 3 negate;
     * k = 1022..1024 add back the carry of the stored 65536. */
    uint32_t k = (u & 1024u) != 0 ? 1024u - r : r;
    fix16_t v = (fix16_t)((uint32_t)fxl__sin_quarter[k & 1023u] + (((k + 2u) >> 10) << 16));
    return (u & 2048u) != 0 ? -v : v;
#endif
}

/* cos(2*pi*a/4096) as Q16.16, exactly round(65536*cos) of the true value.
 * Inline, as fxl_sin (FXL_SIN_FULL: a read of the cosine table). */
FXL_INLINE fix16_t fxl_cos(fxl_angle a)
{
#if FXL_SIN_FULL
    return fxl__cos_full[(uint32_t)a & 4095u];
#else
    return fxl_sin((fxl_angle)((uint32_t)a + 1024u));
#endif
}

/* (cos a, sin a) as Q16.16: the beam direction used by every laser. */
fxl_vec2 fxl_dir(fxl_angle a);

/* to - from wrapped into -2048..2047 steps: the shortest signed turn. */
fxl_angle fxl_angle_diff(fxl_angle to, fxl_angle from);

/* Direction of the Q16.16 vector (x, y) as the nearest step, 0..4095.
 * (0, 0) gives 0. Exact integer comparisons with a table of the step
 * boundaries' tangents settle every ratio more than 2^-30 from one; those
 * closer (about one vector in a million) go to an integer CORDIC, error
 * below 1e-11 turn before rounding. */
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

/* tan(2*pi*a/4096) as Q16.16: the table's sin / cos, rounded to nearest by
 * libfixmath's fix16_div. Finite everywhere but at cos == 0 (a = 1024 or
 * 3072 modulo 4096), where it returns fix16_maximum with the sign of the
 * sine (+ at 1024, - at 3072) instead of dividing by zero. Next to those,
 * |tan(1023)| = 648.9 in Q16.16, well inside the type. */
fix16_t fxl_tan(fxl_angle a);

/* A turn eased in and out: constant angular acceleration for the first
 * half, the same deceleration for the second, arriving with zero speed. */
typedef struct fxl_ease {
    fxl_angle from;   /* 4096 steps per turn */
    int32_t delta;    /* steps to turn, -2048..2047 */
    int32_t frames;   /* duration T, >= 1 */
    int32_t t;        /* frames done, 0..T */
} fxl_ease;

/* The eased turn's angle after t of its T frames, u = t/T: from +
 * round(delta * 2u^2) for u <= 1/2, and the mirror image from + delta -
 * round(delta * 2(1-u)^2) after (round: halves away from zero), i.e.
 * from + delta * f(u) with f(u) = 2u^2, then 1 - 2(1-u)^2, rounded
 * symmetrically in time. So angle(T) is exactly from + delta and the turn
 * starts and ends at rest. Exact for every int32 T >= 1 and t; t <= 0
 * gives from, t >= T (or T < 1) from + delta. */
fxl_angle fxl_ease_angle(const fxl_ease *e, int32_t t);

/* At most max_step steps from current towards target, the shortest way. */
fxl_angle fxl_turn_toward(fxl_angle current, fxl_angle target, int32_t max_step);

/* The angle (4096 steps) from `from` towards `to`: aiming at a point. */
fxl_angle fxl_aim(fxl_vec2 from, fxl_vec2 to);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_ANGLE_H */
