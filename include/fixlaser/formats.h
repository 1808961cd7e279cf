/* fixlaser/formats.h - conversions between fixlaser's Q16.16 and 4096-step
 * angles and the fixed-point formats of the Mega Drive's SGDK and the
 * PlayStation's PSn00bSDK (docs/ports.md). Macros, each argument evaluated
 * once; no UB for any int32 argument. Not included by fixlaser.h:
 * #include <fixlaser/formats.h> where a game talks to its SDK.
 *
 *   SGDK fix16   10.6  (int16: 1.0 = 64)   FXL_FROM_SGDK_FIX16 / FXL_TO_SGDK_FIX16
 *   SGDK fix32   22.10 (int32: 1.0 = 1024) FXL_FROM_SGDK_FIX32 / FXL_TO_SGDK_FIX32
 *   PSn00bSDK    20.12 (int32: ONE = 4096) FXL_FROM_PSX_FIXED  / FXL_TO_PSX_FIXED
 *   SGDK angles  1024 steps per turn       FXL_FROM_SGDK_ANGLE / FXL_TO_SGDK_ANGLE
 *   PSn00bSDK angles: 4096 steps per turn, fixlaser's own (no conversion).
 *
 * Into Q16.16 the conversions are exact (a multiplication by 2^10, 2^6 or
 * 2^4 done on uint32_t, so no signed overflow): every fix16 value fits;
 * fix32 and PSn00bSDK values fit for magnitudes below 32768.0, far beyond
 * fixlaser's domain (FXL_COORD_MAX: 16384 pixels), and wrap (meaningless,
 * never UB) above. Out of Q16.16 they round towards minus infinity (the
 * floor, as an arithmetic shift would, computed without shifting a negative
 * number: see fxl__asr32 in src/util.h); FXL_TO_SGDK_FIX16 gives int32_t,
 * the caller checks its int16 range (|v| < 512.0) when it narrows. Angles:
 * an SGDK angle is read modulo 1024 (as SGDK's sin tables do) and a fixlaser
 * angle modulo 4096, rounded down to SGDK's 1024 steps. */
#ifndef FIXLASER_FORMATS_H
#define FIXLASER_FORMATS_H

#include "base.h"

/* floor(v / 2^s) for any int32 v, 1 <= s <= 31 (internal). */
#define FXL__FLOOR_SHIFT(v, s) \
    ((int32_t)(((uint32_t)(int32_t)(v) ^ 0x80000000u) >> (s)) - (int32_t)(0x80000000u >> (s)))
/* v * 2^s wrapped to int32 (internal; exact while the product fits). */
#define FXL__WRAP_SHIFT(v, s) ((int32_t)((uint32_t)(int32_t)(v) << (s)))

/* SGDK fix16 (10.6, int16) -> Q16.16, exact. */
#define FXL_FROM_SGDK_FIX16(v) ((fix16_t)FXL__WRAP_SHIFT((int16_t)(v), 10))
/* Q16.16 -> SGDK fix16 (10.6) as int32_t, floor. */
#define FXL_TO_SGDK_FIX16(q) FXL__FLOOR_SHIFT((q), 10)
/* SGDK fix32 (22.10, int32) -> Q16.16, exact for |v| < 32768.0. */
#define FXL_FROM_SGDK_FIX32(v) ((fix16_t)FXL__WRAP_SHIFT((v), 6))
/* Q16.16 -> SGDK fix32 (22.10), floor. */
#define FXL_TO_SGDK_FIX32(q) FXL__FLOOR_SHIFT((q), 6)
/* PSn00bSDK 20.12 (ONE = 4096) -> Q16.16, exact for |v| < 32768.0. */
#define FXL_FROM_PSX_FIXED(v) ((fix16_t)FXL__WRAP_SHIFT((v), 4))
/* Q16.16 -> PSn00bSDK 20.12, floor. */
#define FXL_TO_PSX_FIXED(q) FXL__FLOOR_SHIFT((q), 4)
/* SGDK angle (1024 steps per turn) -> fxl_angle (4096 steps), exact. */
#define FXL_FROM_SGDK_ANGLE(a) ((int32_t)(((uint32_t)(int32_t)(a) & 1023u) << 2))
/* fxl_angle -> SGDK angle (0..1023), rounded down to a multiple of 4 steps. */
#define FXL_TO_SGDK_ANGLE(a) ((int32_t)(((uint32_t)(int32_t)(a) & 4095u) >> 2))

#endif
