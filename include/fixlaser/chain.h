/* fixlaser/chain.h - a laser approximated by a row of axis-aligned squares,
 * for engines whose hit lists only hold AABBs.
 *
 * Four kinds of chain, one generator:
 *   FXL_CHAIN_STATIC    the chained-square method's static chain: squares of the given
 *                       half-size laid along `angle`, one pitch (2 half-sizes)
 *                       apart, from the emitter while the beam is not covered.
 *   FXL_CHAIN_ROTATING  the chained-square method's rotating chain, for a laser that turned from
 *                       prev_angle to angle: laid along the mid angle, each step
 *                       advancing by pitch = 2*size and growing size by
 *                       pitch * tan(|half step|), where (the method's C)
 *                       half step = (((a - p) / 2 + 1024) & 2047) - 1024
 *                       with a, p = angle, prev_angle & 4095 and / rounding
 *                       towards zero.
 *   FXL_CHAIN_COVER_BOX, FXL_CHAIN_COVER_CAPSULE
 *                       covering chains: squares that contain the whole region
 *                       a box (or capsule) laser of hitbox half-width half_size
 *                       sweeps while it turns about its emitter from prev_angle
 *                       to angle the short way (the region of fxl_sweep_vs_circle
 *                       for fxl_sweep_turn(&laser_at_prev_angle, step)), tail,
 *                       back and turn included; with angle == prev_angle, the
 *                       static beam. A circle that touches the laser at any
 *                       moment of the turn touches a square (proof in
 *                       src/chain.c). For engines whose hit list must never let
 *                       a laser through. From an fxl_laser: emitter = pos (an
 *                       FXL_ANCHOR_EMITTER laser), length = length, half_size =
 *                       fix16_mul(half_width, hit_fraction) (1 raw if that is 0).
 *                       A laser turning about its middle is covered by two
 *                       chains from the middle, each of half the length
 *                       (rounded up), at angle and at angle + 2048 (prev_angle
 *                       likewise).
 * The chained-square method's chains are that method (docs/methods.md), bit for bit; they are not
 * conservative: docs/rotating.md measures what they miss (the rotating
 * chain's first pitch by the emitter, the beam's own width at the ends of a
 * turn; the static chain's last part of the beam, up to a pitch past its
 * last square's centre less a half-size, a capsule's round ends, and the
 * edges of slanted beams), and what the covering chains cost in false hits
 * (docs/rotating.md: about 1.3 times the swept area for small turns, rising
 * to about 3.3 at a quarter turn). Squares are rounded outwards to the Q16.16 grid.
 *
 * On the GBA (FXL_ARM_ASM) the chained-square chains run as ARM code in IWRAM: about
 * 120 cycles a square from Thumb, all included; the covering chains stay
 * in ROM, about 480. */
#ifndef FIXLASER_CHAIN_H
#define FIXLASER_CHAIN_H

#include "angle.h"
#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most squares one chain may produce. */
#define FXL_CHAIN_MAX 4096

/* A chain as the game describes it. */
typedef struct fxl_chain {
    fxl_vec2 emitter;     /* Q16.16 where the beam starts */
    fxl_angle angle;      /* 4096 steps per turn: this frame's angle */
    fxl_angle prev_angle; /* 4096 steps per turn: last frame's (ignored by STATIC) */
    fix16_t length;       /* Q16.16 beam length, 0..FXL_SIZE_MAX */
    fix16_t half_size;    /* Q16.16 1..FXL_SIZE_MAX: the chained-square method's (first) square
                             half-size; the covering kinds' beam hitbox half-width */
} fxl_chain;

/* Which chain to build. */
typedef enum fxl_chain_kind {
    FXL_CHAIN_STATIC = 0,       /* the chained-square method's static chain */
    FXL_CHAIN_ROTATING = 1,     /* the chained-square method's rotating chain */
    FXL_CHAIN_COVER_BOX = 2,    /* covers a box laser's swept region */
    FXL_CHAIN_COVER_CAPSULE = 3 /* covers a capsule laser's swept region */
} fxl_chain_kind;

/* Builds the chain into out[0..cap-1] and sets *count (may be NULL):
 *   FXL_OK              *count squares written;
 *   FXL_ERR_CAPACITY    more than cap squares: the first cap are written and
 *                       *count is the number the chain needs (an array of
 *                       that size takes it); a chain of more than FXL_CHAIN_MAX
 *                       squares gets FXL_CHAIN_MAX + 1 (no array takes it);
 *   FXL_ERR_COORD_RANGE a chained-square chain's square leaves the coordinate domain (or
 *                       exceeds FXL_SIZE_MAX): *count is the number of squares
 *                       before it, as many as fit written. Covering chains are
 *                       clipped to the domain instead (still conservative for
 *                       every circle in the domain), so they never give it;
 *   FXL_ERR_STEP_RANGE  ROTATING with a half turn (|half step| = 1024, tan is
 *                       infinite: a - p = +-2048 or +-2049), *count = 0,
 *                       nothing written. The covering kinds take every turn: beyond
 *                       a quarter turn (and at +-2048 steps, where prev_angle
 *                       and angle cannot tell the two ways apart) they give one
 *                       square of half-size length + half_size (+ margin)
 *                       about the emitter, which holds every turn;
 *   other codes         invalid input (NULL, FXL_ERR_KIND, the field checks:
 *                       FXL_ERR_COORD_RANGE, FXL_ERR_LENGTH_*, FXL_ERR_WIDTH_*,
 *                       FXL_ERR_SIZE_ZERO), *count = 0, nothing written.
 * out may be NULL when cap is 0 (to ask for the count). */
fxl_result fxl_chain_make(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb *out, size_t cap,
                          size_t *count);

/* Receives one square of a chain. */
typedef void (*fxl_aabb_fn)(void *user, fxl_aabb box);

/* The same chain handed square by square to fn (engines that register AABBs
 * directly), in order, through the same walker: fn sees exactly the squares
 * fxl_chain_make would write, up to the first error. *count (may be NULL)
 * gets the number handed over; a chain of more than FXL_CHAIN_MAX squares
 * stops there with FXL_ERR_CAPACITY and *count = FXL_CHAIN_MAX + 1. */
fxl_result fxl_chain_each(const fxl_chain *chain, fxl_chain_kind kind, fxl_aabb_fn fn,
                          void *user, size_t *count);

/* True iff the circle touches any of the squares (exactly as
 * fxl_aabb_vs_circle decides for each). The whole-chain test: ARM in IWRAM
 * on the GBA, a 32-bit reject per square. */
bool fxl_chain_vs_circle(const fxl_aabb *boxes, size_t count, fxl_circle circle);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_CHAIN_H */
