/* frame.h - internal: the exact test of a circle against a hitbox given in a
 * beam frame (an fxl_laser_prep), once the circle centre's frame coordinates
 * are known. Every test of a straight beam ends here: the static test, the
 * fused many-lasers test and both ends of every swept test. The derivation
 * and the ranges are in frame.c. */
#ifndef FXL_FRAME_H
#define FXL_FRAME_H

#include "util.h"
#include "fixlaser/laser.h"

/* Frame coordinates (Q32.32) of the point (x, y) about lp->pos, in the
 * frame of the table vector (c, s). The offsets wrap for inputs outside the
 * domain (meaningless but defined); inside it they are exact. */
FXL__ALWAYS_INLINE int64_t fxl__along(int32_t c, int32_t s, int32_t dx, int32_t dy)
{
    return (int64_t)c * dx + (int64_t)s * dy;
}

FXL__ALWAYS_INLINE int64_t fxl__across(int32_t c, int32_t s, int32_t dx, int32_t dy)
{
    return (int64_t)c * dy - (int64_t)s * dx;
}

/* floor(v / 2^32): a Q32.32 frame value in whole pixels (the high word of
 * the 64-bit product; written without implementation-defined shifts).
 * util.h's fxl__u2i32 written out: through it GCC scheduled the fused
 * sweep loop (IWRAM) differently, a few cycles slower. */
FXL__ALWAYS_INLINE int32_t fxl__pixels(int64_t v_q32)
{
    uint32_t h = (uint32_t)((uint64_t)v_q32 >> 32);
    return h >> 31 != 0 ? -(int32_t)(~h) - 1 : (int32_t)h;
}

/* floor(v / 2^24): a Q32.32 frame value in 1/256 px, for |v| < 2^55
 * (bits 24..55 of v, bit 55 its sign; frame values of 32x32-bit products
 * are below 2^49), written as fxl__pixels. */
FXL__ALWAYS_INLINE int32_t fxl__px256(int64_t v_q32)
{
    uint32_t h = (uint32_t)((uint64_t)v_q32 >> 24);
    return h >> 31 != 0 ? -(int32_t)(~h) - 1 : (int32_t)h;
}

/* Distance (Q32.32) of a frame coordinate beyond [lo, hi]; <= 0 inside. */
FXL__ALWAYS_INLINE int64_t fxl__beyond(int64_t x_q32, int64_t lo_q32, int64_t hi_q32)
{
    return x_q32 < lo_q32 ? lo_q32 - x_q32 : x_q32 - hi_q32;
}

/* The whole test, out of line (in IWRAM on the GBA): true iff the circle
 * of radius r (Q16.16) whose centre has frame coordinates (u, v) (Q32.32)
 * touches lp's hitbox. */
bool fxl__frame_test(const fxl_laser_prep *lp, int64_t u_q32, int64_t v_q32, int32_t r);

/* The common early exit of that test, inline: false when the centre is
 * farther across the beam than the reach r + round (most circles that get
 * this far are beside the beam); otherwise the full test. */
FXL__ALWAYS_INLINE bool fxl__frame_hit(const fxl_laser_prep *lp, int64_t u_q32, int64_t v_q32,
                                       int32_t r)
{
    if (fxl__beyond(v_q32, lp->v_lo, lp->v_hi) > ((int64_t)r + lp->round) * 65536)
        return false;
    return fxl__frame_test(lp, u_q32, v_q32, r);
}

/* fxl_laser_vs_circle's answer for a laser that passed the checks of
 * fxl__laser_fast_ok (hitbox.h) against any circle (the answer is
 * meaningful for one in the domain): the across and along rejects in
 * whole pixels, then the exact frame test (laser.c). The fused sweep loop
 * (sweep.c) tests a near sweep's poses that are lasers with
 * fxl__laser_rest: this C function, or where a port supplies
 * fxl_lasers_vs_circle (FXL_PORT_LASERS_VS_CIRCLE) the port's own, the
 * same test in its loop's code (the GBA: fast_arm.s, in IWRAM; the C one
 * then stays in ROM, the reference the tests compare it with). */
bool fxl__laser_rest_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r);
/* The same for the laser turned by `turn` steps (its angle + turn mod
 * 2^32; a copy of it in C). */
bool fxl__laser_rest_turn_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r, int32_t turn);
#if FXL_PORT_LASERS_VS_CIRCLE
bool fxl__laser_rest(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r);
bool fxl__laser_rest_turn(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r, int32_t turn);
#else
#define fxl__laser_rest fxl__laser_rest_c
#define fxl__laser_rest_turn fxl__laser_rest_turn_c
#endif

/* a*a + b*b <= t*t (Q32.32 distances, each below 2^46), exactly: the
 * quick test on the top bits, else 128 bits (frame.c, kept out of the hot
 * code and out of IWRAM). */
bool fxl__corner_hit(uint64_t a_q32, uint64_t b_q32, uint64_t t_q32);

/* A bounding-box reject in 32-bit unsigned arithmetic: |x - m| <= e  <=>
 * (x - m + e) mod 2^32 <= 2e, valid while 2e < 2^32 (in the domain the
 * half-extents plus r stay below 2^31). A truly near x always passes (its
 * true offset lies in [0, 2e]), wrapping can only let a far one through, so
 * any middle works, even one that wrapped: only e is bounded. r is widened to r + r/2^14 + 1
 * because beam frames are scaled by the table vector's length (see frame.c). */
FXL__ALWAYS_INLINE bool fxl__near_box(uint32_t mx, uint32_t my, uint32_t hx, uint32_t hy, fix16_t x,
                                 fix16_t y, fix16_t r)
{
    uint32_t rr = (uint32_t)r + ((uint32_t)r >> 14) + 1u;
    uint32_t ex = hx + rr, ey = hy + rr;
    return (uint32_t)x - mx + ex <= 2u * ex && (uint32_t)y - my + ey <= 2u * ey;
}

#endif
