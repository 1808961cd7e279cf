/* fixlaser/chain.h - a laser approximated by a row of axis-aligned squares,
 * for engines whose hit lists only hold AABBs: the static chain, and the
 * rotating chain whose squares widen along the beam so that a laser turning
 * between frames does not skip over the player. Squares are conservative:
 * their edges are rounded outwards to the Q16.16 grid. */
#ifndef FIXLASER_CHAIN_H
#define FIXLASER_CHAIN_H

#include "angle.h"
#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most squares one chain may produce (callback form included). */
#define FXL_CHAIN_MAX 4096

/* A chain as the game describes it. */
typedef struct fxl_chain {
    fxl_vec2 origin;      /* Q16.16 emitter */
    fxl_angle angle;      /* 4096 steps per turn: this frame's angle */
    fxl_angle prev_angle; /* 4096 steps per turn: last frame's (rotating chain only) */
    fix16_t length;       /* Q16.16 beam length, 0..FXL_SIZE_MAX */
    fix16_t half_size;    /* Q16.16 half-size of the (first) square, 1..FXL_SIZE_MAX */
} fxl_chain;

/* Receives one square of a chain (the callback form). */
typedef void (*fxl_aabb_fn)(void *user, fxl_aabb box);

/* tan(2*pi*a/4096) as Q16.16: the table's sin / cos, rounded to nearest by
 * libfixmath's fix16_div. Finite everywhere but at cos == 0 (a = 1024 or
 * 3072 modulo 4096), where it returns fix16_maximum with the sign of the
 * sine (+ at 1024, - at 3072) instead of dividing by zero. Next to those,
 * |tan(1023)| = 648.9 in Q16.16, well inside the type. */
fix16_t fxl_tan(fxl_angle a);

/* The seed's half step: (((angle - prev)/2 + 1024) & 2047) - 1024, with
 * both angles first wrapped into 0..4095; in -1024..1023 steps. */
fxl_angle fxl_chain_half_step(fxl_angle angle, fxl_angle prev_angle);

/* Static chain: squares of half-size h centred at origin + k*2h*(cos, sin),
 * k = 0, 1, ... while k*2h < length. Writes at most cap squares to out and
 * the number written to *count; FXL_ERR_CAPACITY if more were needed. */
fxl_result fxl_chain_static(const fxl_chain *chain, fxl_aabb *out, size_t cap, size_t *count);

/* Rotating chain (the seed's recurrence): laid along the mid angle
 * angle - half_step, each step advancing by pitch = 2*size and growing
 * size by pitch * tan(|half_step|). FXL_ERR_STEP_RANGE for a half-turn
 * step (|half_step| = 1024: tan is infinite). */
fxl_result fxl_chain_rotating(const fxl_chain *chain, fxl_aabb *out, size_t cap, size_t *count);

/* The same two chains handed square by square to fn (engines that register
 * AABBs directly). *count (may be NULL) gets the number of squares. */
fxl_result fxl_chain_static_each(const fxl_chain *chain, fxl_aabb_fn fn, void *user,
                                 size_t *count);
fxl_result fxl_chain_rotating_each(const fxl_chain *chain, fxl_aabb_fn fn, void *user,
                                   size_t *count);

/* True iff the circle touches any of the squares. */
bool fxl_chain_vs_circle(const fxl_aabb *boxes, size_t count, fxl_circle circle);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_CHAIN_H */
