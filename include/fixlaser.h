/* fixlaser.h - fixed-point, integer-only laser collision for homebrew games.
 *
 * THE MANUAL
 *
 * Shapes
 *   fxl_laser   a beam fired from an emitter (or given by its middle) at an
 *               angle, with a length and a drawn half-width. Kind BOX is a
 *               rotated rectangle with square ends ("tokoroten"); kind
 *               CAPSULE is the segment grown by a disk ("pasta"). The hitbox
 *               half-width is half_width * hit_fraction (Q16.16, 0..1).
 *   fxl_circle  the player, a bullet, an enemy: centre and radius.
 *   fxl_aabb    an axis-aligned box, edges included.
 *   fxl_chain   a laser as a row of axis-aligned squares (for AABB-only
 *               engines), static or widened for a laser that turns.
 *   fxl_sweep   a laser's motion over one frame: a turn about any pivot
 *               (its emitter, its middle, a point off the beam) and a move,
 *               tested exactly against circles that may move too, so that
 *               nothing passes through between two frames (sweep.h states
 *               the motion and the region).
 *   fxl_wall    a one-sided wall segment; fxl_move_point / fxl_move_circle
 *               stop a mover at walls and slide it along them.
 *   fxl_laser3d a beam in 3D (yaw, pitch) against fxl_sphere.
 *   fxl_beam    a laser as a game object: phases, pivot, graze, eased turns.
 *   fxl_curvy   a curvy laser: the trail of nodes a moving head leaves, in
 *               the game's ring; its hit shape is the union of tapered
 *               capsules between consecutive nodes (curvy.h).
 *   fxl_cast    a straight laser stopped by the first wall it meets;
 *   fxl_bounce  one leg of a laser bouncing off walls (cast.h).
 *   fxl_vec2    a point. Screen convention: x right, y DOWN, so angle 1024
 *               (90 degrees) points down and angles turn clockwise on screen.
 *
 * Numbers
 *   Coordinates, lengths and radii are libfixmath's fix16_t, Q16.16 (one
 *   pixel = 65536). Angles are fxl_angle, 4096 steps per turn, read & 4095.
 *   Sine and cosine come from a 4096-step table, exactly round(65536*sin).
 *
 * Naming key
 *   fxl_<shape>_vs_<shape>   yes/no overlap test, touching counts as a hit
 *   fxl_<shape>_prepare      validates and caches; FXL_OK or why not
 *   fxl_<shape>_check        validates without preparing; FXL_OK or why not
 *   fxl_<shape>_vs_circles   one prepared shape against many circles (batch:
 *                            a bit a circle); fxl_<shape>_collect the same as
 *                            a list of the indices hit
 *   fxl_<shape>_vs_moving_circle(s)  against circles moving over the frame
 *   fxl_<shapes>_vs_circle   many shapes against one circle, each prepared
 *                            and tested in one pass: a frame's fast path
 *                            (fxl_circles_vs_circle: bullets vs the player,
 *                            fxl_lasers_vs_circle, fxl_sweeps_vs_circle,
 *                            fxl_curvies_vs_circle)
 *   Every laser kind (laser, sweep, curvy; laser3d against spheres) offers
 *   the same set: README's table lists them side by side.
 *   fxl_chain_make / _each   a chain's squares into an array / to a callback
 *   fxl_result / FXL_ERR_*   why a preparation refused its input
 *   *_prep                   a prepared, read-only, per-frame value
 *
 * A frame
 *   Lasers move every frame, so a game prepares them every frame; against
 *   the one player the fused calls do both at once and skip most of the
 *   work for lasers that are nowhere near (the box of the quadrant a beam
 *   points into, before any table read):
 *     fxl_circles_vs_circle(bullets, nb, player, bits);
 *     fxl_lasers_vs_circle(lasers, nl, player, bits, &hits);
 *     fxl_sweeps_vs_circle(rotating, ns, player, bits, &hits);
 *   Prepare (fxl_laser_prepare, fxl_sweep_prepare) when one laser meets
 *   many circles (fxl_laser_vs_circles: a beam cancelling bullets).
 *
 * Use
 *   fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, emitter, angle,
 *                                       fix16_from_int(200), fix16_from_int(4));
 *   fxl_laser_prep lp;
 *   if (fxl_laser_prepare(&l, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, player))
 *       player_hit();
 *
 * Exactness
 *   Every yes/no answer equals the exact real-number answer for the inputs
 *   as given (Q16.16 values, the table's sin/cos). A laser is tested in its
 *   own frame: the circle centre p maps to
 *       u =  cos*(px - x0) + sin*(py - y0)      (along the beam)
 *       v = -sin*(px - x0) + cos*(py - y0)      (across it)
 *   with cos, sin = table/65536, and the circle hits iff (u, v) is within
 *   r of the hitbox rectangle (grown by the half-width for a capsule). The
 *   table's (cos, sin) has length 1 within 1.05e-5 and points within
 *   1.1e-5 rad of the ideal angle, so the frame is a rotation scaled by at
 *   most that much: on a 200 px laser the hitbox differs from the ideal one
 *   by under 0.005 px. All of it is integer arithmetic with
 *   64-bit intermediates (and a 128-bit compare built from 32x32 multiplies
 *   near corners); no epsilon, no square root.
 *
 * Numeric range (raw Q16.16; pixels in brackets)
 *   coordinates: laser position, circle centres, points,
 *                box corners               |v| <= 2^30 - 1   (+-16383.99998)
 *   length (emitter form)                  0 .. 2^28 - 1     (0 .. 4095.99998)
 *   half-length (centre form)              0 .. 2^27 - 1     (0 .. 2047.99998)
 *   half-width, radius                     0 .. 2^28 - 1     (0 .. 4095.99998)
 *   hit fraction                           0 .. 65536        (0 .. 1)
 *   angle                                  any int32_t       (wraps)
 *   sweeps: pivot and pivot + move         coordinates
 *           laser position - pivot         |each axis| <= 2^30 - 1
 *           step                           -2048 .. 2048
 *   Why: differences of two coordinates stay below 2^31; beam-frame
 *   coordinates are below 2^48 (Q32.32); the reach r + half-width is below
 *   2^45, so the squares in the corner test need at most 91 bits; the
 *   bounding-box reject needs 2 * (box half-extent + r) < 2^32. Preparation
 *   refuses anything outside with a named FXL_ERR_* code. Circles are
 *   checked by fxl_circle_check (the hot tests assert it in debug builds and
 *   stay free of undefined behaviour, though not meaningful, outside it;
 *   the fused calls check the one circle and return its code).
 *
 * Roundings that define the inputs
 *   hitbox half-width = half_width * hit_fraction rounded to nearest, halves
 *   up (libfixmath's fix16_mul for these non-negative values); sine and
 *   cosine as the table holds them (round to nearest of the true value). A
 *   sweep's pivot-relative hitbox uses the exact frame coordinates of
 *   laser.pos - pivot (no rounding). Nothing else is rounded.
 *
 * Configuration
 *   include/fixlaser/config.h lists every option; a port overrides them
 *   with -DFXL_CONFIG_FILE=its_header.h.
 */
#ifndef FIXLASER_H
#define FIXLASER_H

#include "fixlaser/version.h"
#include "fixlaser/config.h"
#include "fixlaser/base.h"
#include "fixlaser/angle.h"
#include "fixlaser/laser.h"
#include "fixlaser/shapes.h"
#include "fixlaser/chain.h"
#include "fixlaser/sweep.h"
#include "fixlaser/wall.h"
#include "fixlaser/laser3d.h"
#include "fixlaser/beam.h"
#include "fixlaser/curvy.h"
#include "fixlaser/cast.h"

#endif /* FIXLASER_H */
