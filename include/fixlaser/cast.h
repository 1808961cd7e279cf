/* fixlaser/cast.h - lasers stopped by walls, and lasers that bounce off them.
 *
 * A straight laser fired from its emitter (anchor FXL_ANCHOR_ORIGIN) is
 * cast against prepared walls (wall.h): it stops at the first wall its
 * centre line meets or, with FXL_CAST_WIDTH, the first wall its drawn
 * cross-section meets. The result is the clipped length and an ordinary
 * fxl_laser with that length, to prepare and test as any other.
 *
 * Distances. The beam's points are e + u * (cos, sin) / 65536 for u in
 * [0, length] (u Q16.16, the table's cos and sin): u is the laser's own
 * length parameter. For each wall, u* is the exact (rational) smallest u
 * at which the beam meets it; the clipped length is
 *     L = min(length, floor(u*))   over the walls met
 * so the drawn beam never passes through the wall (it may touch it when u*
 * is a whole raw unit) and stops short of it by less than one raw unit.
 *
 * Which walls stop it. A two-sided wall (FXL_CAST_TWO_SIDED, or every
 * wall) stops the beam from either side; otherwise a wall stops it only
 * when the beam arrives from the wall's front (wall.h: the left of a -> b)
 * and heads behind it. A wall parallel to the beam never stops it (the
 * walls meeting its ends do). Wall ends are part of the wall: a beam
 * through a corner stops there.
 *
 * Width (FXL_CAST_WIDTH). The beam's drawn cross-section is the segment
 * across its end, at its drawn half-width w: for a box, u* is the first u
 * at which the rectangle [0, u] x [-w, w] of the beam frame meets the wall
 * (exact, rational, as above); for a capsule, the first u at which the
 * capsule with core [0, u] and radius w meets it (exact: floor(u*) is found
 * with exact integer predicates). A wall already touching the beam at u = 0
 * gives length 0.
 *
 * Bounces. fxl_laser_bounce continues the beam after each wall it meets:
 * the direction is reflected about the wall (exact rational reflection of
 * the incoming direction vector, each component rounded to nearest: the
 * outgoing vector is within 1/2 raw unit per component of the exact mirror
 * image, so the angles of incidence and reflection agree within 1.1e-5 rad
 * at each bounce), the bounce point is the exact meeting point rounded
 * to Q16.16 towards the side the beam came from (within one raw unit of the
 * wall), and the next leg is cast from there, with the length left. The
 * legs form a polyline: push its points into a curvy laser (curvy.h) to test
 * and draw it as one shape. */
#ifndef FIXLASER_CAST_H
#define FIXLASER_CAST_H

#include "base.h"
#include "laser.h"
#include "wall.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Flags of a cast. */
#define FXL_CAST_TWO_SIDED 1u /* every wall stops the beam from either side */
#define FXL_CAST_WIDTH 2u     /* stop at the first wall the drawn width meets */

/* What a cast found. */
typedef struct fxl_cast {
    fix16_t length;  /* Q16.16 clipped length, 0..laser length */
    int32_t wall;    /* index of the wall that stopped the beam, -1: none */
    fxl_vec2 point;  /* Q16.16 where the centre line ends: the emitter plus
                      * length along the beam, rounded to nearest */
} fxl_cast;

/* Casts the laser against n prepared walls. FXL_OK, or the laser's
 * fxl_laser_prepare code, FXL_ERR_ANCHOR (not emitter-anchored),
 * FXL_ERR_NULL. clipped (may be NULL) gets the laser with the clipped
 * length. */
fxl_result fxl_laser_cast(const fxl_laser *laser, const fxl_wall_prep *walls, size_t n,
                          unsigned flags, fxl_cast *out, fxl_laser *clipped);

/* One leg of a bouncing beam. */
typedef struct fxl_bounce {
    fxl_vec2 start;   /* Q16.16 where the leg starts (the emitter, or a bounce point) */
    fxl_vec2 end;     /* Q16.16 where it ends (the next bounce point, or its free end) */
    int32_t dx, dy;   /* the leg's direction: the table's cos, sin for the
                       * first leg, then each reflected and rounded, so its
                       * length is 65536 within (1 + bounces) * 1.1e-5 */
    fxl_angle angle;  /* 4096 steps per turn: the direction rounded to the
                       * nearest step, for drawing and sound */
    fix16_t length;   /* Q16.16 the leg's length parameter (as in a cast) */
    int32_t wall;     /* the wall it ends on, -1 for the last, free leg */
} fxl_bounce;

/* Casts the laser (flags as fxl_laser_cast, FXL_CAST_WIDTH excepted: legs
 * follow the centre line) and bounces it off up to max_bounces walls,
 * spending its length along the way. Writes up to cap legs; *count gets
 * the number of legs the beam has (cap is too small when it exceeds cap:
 * FXL_ERR_CAPACITY, the first cap legs written). A leg ends early, with
 * wall -1, when its length is spent. */
fxl_result fxl_laser_bounce(const fxl_laser *laser, const fxl_wall_prep *walls, size_t n,
                            unsigned flags, int max_bounces, fxl_bounce *legs, size_t cap,
                            size_t *count);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_CAST_H */
