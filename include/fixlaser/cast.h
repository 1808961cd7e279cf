/* fixlaser/cast.h - lasers stopped by walls, and lasers that bounce off them.
 *
 * A straight laser fired from its emitter (anchor FXL_ANCHOR_EMITTER) is
 * cast against prepared walls (wall.h): it stops at the first wall its
 * centre line meets or, with FXL_CAST_WIDTH, the first wall its drawn
 * cross-section meets. The result is the clipped length and an ordinary
 * fxl_laser with that length, to prepare and test as any other.
 *
 * Distances. The beam's points are e + u * (cos, sin) / 65536 for u in
 * [0, length] (u Q16.16, the table's cos and sin): u is the laser's own
 * length parameter. For each wall, u* is the exact (rational) smallest u
 * at which the beam meets it; the clipped length is
 *     L = min(length, floor(u*))   over the walls met (u* <= length)
 * so the drawn beam never passes through the wall (it may touch it when u*
 * is a whole raw unit) and stops short of it by less than one raw unit.
 * The wall reported is the one of least u* (compared exactly; on a tie,
 * such as a beam through the corner two walls share, the lower index).
 *
 * Which walls stop it. A wall stops the beam when the beam heads to the
 * wall's far side from the emitter: a one-sided wall only when the emitter
 * is in front of it (wall.h: the left of a -> b) and the beam heads
 * behind; a two-sided one (FXL_CAST_TWO_SIDED) from either side. A point
 * on a wall's line counts as in front of it (as in wall.h), for both
 * kinds: a beam fired from exactly on a wall is stopped there (length 0)
 * when it heads behind the wall, and fires freely to its front (a turret
 * on a two-sided wall fires into the room). A wall parallel to the beam
 * never stops it (the walls meeting its ends do). Wall ends are part of
 * the wall: a beam through a corner stops there.
 *
 * Width (FXL_CAST_WIDTH). The beam's drawn cross-section is the segment
 * across its end, at its drawn half-width w, in the frame of the drawn
 * quad (p = e + (u (cos, sin) + v (-sin, cos)) / 65536): for a box, u* is
 * the first u at which the rectangle [0, u] x [-w, w] meets the wall
 * (exact, rational, compared exactly as above); for a capsule, the first
 * u at which the capsule with core [0, u] and radius w meets it (exact:
 * floor(u*) is found with exact integer predicates). Both shapes are in the
 * frame's units, radius included: the capsule's radius is w |d| / 65536 in
 * world units (|d| the table vector's length, within 1.1e-5 of 65536 in
 * proportion), not w. The capsule's wall, at every w (0 included), is the
 * lowest index among the walls whose u* has the least floor. A wall
 * already touching the beam at u = 0 gives length 0. The walls that count
 * are those the beam heads to the far side of, as above (so the width
 * never stops at a wall the beam moves away from, however close); with
 * w = 0 the box gives the centre line's answer, and the capsule its length
 * (its wall may be one of lower index whose u* has the same floor).
 *
 * Bounces. fxl_laser_bounce continues the beam after each wall it meets.
 * Direction: the exact mirror image of the incoming direction vector about
 * the wall, each component rounded to nearest (halves away from zero), so
 * within 1/2 raw unit of it and the angles of incidence and reflection
 * agree within 1.1e-5 rad (sqrt(2)/2 raw units across a direction at least
 * 65472 long). If that would not head strictly back to the side the beam
 * came from (a nearly grazing hit on a long wall), the component across
 * the wall moves a raw unit away from it (within 3/2), and the angles
 * agree within 2.5e-5 rad (sqrt(1.5^2 + 0.5^2) raw units across). A
 * direction that drifted more than 64 raw units from 65536 long (after
 * hundreds of bounces) is scaled back to 65536 (its angle within a
 * further 1.1e-5 rad). Bounce point: the exact meeting point rounded to
 * Q16.16 towards the side the beam came from
 * (each coordinate within one raw unit of it; an axis the side does not
 * depend on rounds towards the leg's start). Every leg's end (bounce point
 * or free end) is a grid point the leg reaches without crossing a wall
 * under its own rules; near a corner too tight for the preferred rounding
 * it takes another corner of the grid cell around the exact point (y
 * rounded the other way, then x, then both), else a point 1, 2, 4 ... raw
 * units back along the leg (rounded towards its start).
 * Corners: a beam into a corner reflects off the wall of lower index; the
 * next leg starts on the other wall's line and is stopped there at once
 * (a leg of length 0) when it heads behind that wall, so a beam into a
 * right-angled corner comes straight back after two bounces.
 * After a bounce the leg never meets the wall it left, nor, from on its
 * line, the walls along the same line when the beam came from a side of
 * it (the bounced leg's start, else the latest leg start away from it,
 * lies off the line): two walls listed both ways bounce once. A beam
 * stopped at once with no such side (a turret standing on a wall listed
 * both ways) bounces off each in turn, in place: legs of length 0. A wall
 * whose line runs through the leg's start judges the side the beam comes
 * from by the latest leg start away from this one (none, or on the line:
 * in front). A leg's end is never back through the wall the leg left (or
 * one along its line): of the candidates above, one that is, is passed
 * over.
 * Closed rooms: with the emitter in a closed room (wall.h: a simple loop
 * of walls facing inwards, other walls allowed too), every leg's segment,
 * ends included, lies in the room (one- or two-sided, any length).
 * Each leg's length is floor(u*) of its wall (a free leg: the length
 * left), so the legs' lengths add up to the laser's length when the beam
 * ends free. The beam ends with a free leg, or at a wall when max_bounces
 * walls were met or no length is left. The legs form a polyline: test it
 * with fxl_bounce_vs_circle (below), or push its points into a curvy
 * laser (curvy.h) to draw it as one shape.
 *
 * Cost (GBA, ARM7TDMI at 16.78 MHz, code in ROM; a 16-walled room): a cast
 * about 1,400 cycles when no wall is near the beam, 2,500-4,400 when one
 * stops it (2,865 median, max 4,360); a width cast 4,874 median (max
 * 16,916; through a room, fxl_room_cast_width: 4,421 median, max 16,256;
 * box beams 4,368, max 8,438; capsule beams 4,578, max 17,544: walls at
 * a pillar's corner, two worked out); 4 bounces 19,409 median (max
 * 39,876)
 * in the benchmark's room (a leg off an axis-aligned or a 45-degree wall
 * is cheaper: its reflection is exact, no division, and off an
 * axis-aligned one its length and bounce point come from one division by
 * a direction component, below 2^17, in 64 bits; off another wall between
 * whole pixels, whose direction is 2^s e' with |ex'|, |ey'| < 2^14, the
 * divisions are by the reduced D' = dx ey' - dy ex' and |e'|^2, in 64
 * bits too: the same rationals; else 128-bit).
 * Walls whose boxes miss the beam's cost a packed 32-bit test each; the
 * exact tests run for the rest only. The room calls below are faster. */
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
                      * length along the beam, rounded to nearest (halves
                      * up) */
} fxl_cast;

/* Casts the laser against n prepared walls (from fxl_wall_prepare or
 * fxl_walls_inflate; other values give meaningless answers, never
 * undefined behaviour). FXL_OK, or the laser's fxl_laser_prepare code,
 * FXL_ERR_ANCHOR (not emitter-anchored), FXL_ERR_NULL. clipped (may be
 * NULL) gets the laser with the clipped length. */
fxl_result fxl_laser_cast(const fxl_laser *laser, const fxl_wall_prep *walls, size_t n,
                          unsigned flags, fxl_cast *out, fxl_laser *clipped);

/* One leg of a bouncing beam. */
typedef struct fxl_bounce {
    fxl_vec2 start;   /* Q16.16 where the leg starts (the emitter, or a bounce point) */
    fxl_vec2 end;     /* Q16.16 where it ends (the next bounce point, or its free end) */
    int32_t dx, dy;   /* the leg's direction: the table's cos, sin for the
                       * first leg, then each reflected and rounded (see
                       * Bounces), so its length is 65536 within
                       * 1 + 1.6 bounces raw units, and never 70 off */
    fxl_angle angle;  /* 4096 steps per turn: the direction rounded to the
                       * nearest step, for drawing and sound */
    fix16_t length;   /* Q16.16 the leg's length parameter (as in a cast):
                       * floor(u*) of its wall, or the length left */
    int32_t wall;     /* the wall it ends on, -1 for the last, free leg */
} fxl_bounce;

/* Casts the laser (flags as fxl_laser_cast, FXL_CAST_WIDTH excepted: legs
 * follow the centre line) and bounces it off up to max_bounces walls (0 or
 * less: none; the first leg is then the cast), spending its length along
 * the way. Writes the legs, at most max_bounces + 1, and stops after cap
 * of them: *count gets the number written, and FXL_ERR_CAPACITY tells that
 * more would follow (legs may be NULL when cap is 0: *count 0); cap =
 * max_bounces + 1 always suffices. A leg ends early, with wall -1, when
 * its length is spent. Errors as fxl_laser_cast (count NULL:
 * FXL_ERR_NULL). */
fxl_result fxl_laser_bounce(const fxl_laser *laser, const fxl_wall_prep *walls, size_t n,
                            unsigned flags, int max_bounces, fxl_bounce *legs, size_t cap,
                            size_t *count);

/* ---- rooms: walls prepared once for many casts ----------------------------
 *
 * A game's walls change rarely and are cast against many times a frame: a
 * room packs them once (fxl_room_prepare, into storage the game gives: no
 * allocation) for the room calls below, which give exactly the answers of
 * fxl_laser_cast and fxl_laser_bounce on the same walls. Each packed wall
 * (28 bytes) holds what the centre line's search reads: its coarse box,
 * start, direction and the direction's angle; a one-sided cast skips the
 * exact tests of the walls it heads to the front of by their angles (an
 * integer comparison, with a margin of 2 steps: the near-parallel ones go
 * to the exact tests). fxl_room_cast is the centre line only (it links no
 * width code: fxl_room_cast_width is apart).
 *
 * The index (rooms of at most FXL_ROOM_INDEXED walls): fxl_room_prepare
 * cuts the walls' coarse boxes' extent into FXL_ROOM_SLABS slabs along
 * each axis and keeps, per slab, the walls starting in it or before and
 * those ending in it or after, and per sixteenth of a turn the walls every
 * beam of that direction heads to the front of (by the angles, as above).
 * fxl_room_cast takes its candidates from four slab look-ups (the walls
 * whose boxes may meet the beam's, a superset of the packed test's) less,
 * one-sided, its direction's front set, and reads only those walls (their
 * start and direction: the exact tests, no packed box tests); larger
 * rooms pass over every packed wall. Measured in the benchmark's room:
 * 4.0 candidates a cast (6.5 before the front set): 0.5 of them head to
 * their front (by the sign of D), 2.3 pass beside their ends, 1.2 meet
 * the line, and a later one comes before the first 0.2 times a cast. A
 * bounce's leg in an indexed room takes its candidates the same way
 * (src/bounce_band.c: the same wall, u* and band answer as the pass); its
 * near list, which needs every wall near the beam, is made by the pass
 * only when the band is not clear (43 legs in 1,025 in the benchmark's
 * room). fxl_room_cast_width (indexed rooms) takes the same look-ups for
 * the beam's box grown by the drawn width, less (one-sided) the front set
 * (a width cast needs the beam heading behind the wall, as the centre
 * line), and reads the packed walls only (their boxes, a, b - a): 4.2
 * candidates a cast in the benchmark's room, 3.2 near, 1.4 reaching the
 * strip; the same walls in the same order as fxl_laser_cast's pass, so
 * the same answers.
 *
 * Where the room lives (GBA): the packed walls are read once per wall per
 * leg (the packed box of each, the rest for the walls whose boxes meet the
 * beam's; a cast of an indexed room reads its candidates only): IWRAM
 * (32-bit, no wait states; 28 bytes a wall, 448 for 16) is the fast place
 * for them; EWRAM (16-bit bus, 2 wait states) costs about 4 cycles more
 * per word read (the prepared walls the bounces, and the width casts of
 * rooms too large for the index, also read may stay in EWRAM). The code
 * stays in ROM (Thumb, the exact tests ARM) by default; config.h's
 * FXL_ROOM_SCAN_IWRAM (the pass over the packed walls, 148 bytes of
 * IWRAM, for rooms too large for the index) and FXL_ROOM_IWRAM (the
 * room's search and fxl_room_cast, about 8 KiB of IWRAM) move it to IWRAM
 * as ARM code.
 * Cost (GBA, default build): the GBA port runs a room cast's candidate
 * search and its floor division as hand-scheduled ARM in ROM, and the
 * rest of fxl_room_cast's common case as hand-written Thumb
 * (port/gba/cast_arm.s, FXL_PORT_ROOM_CAST: its one-sided candidates'
 * loop, 96 bytes, in IWRAM; an axis-aligned beam's division by a 5 KiB
 * ROM table of reciprocals, fxl__room_recip in src/angle_table.c, which
 * only the port's build contains), and a bounce leg's band and
 * exact tests likewise (port/gba/bounce_arm.s, FXL_PORT_BOUNCE_BAND; its
 * candidates' loop in IWRAM); the C (fxl__room_cast_c,
 * fxl__room_cast_mask_c, src/bounce_band.c) stays the code everywhere
 * else and the reference the port's tests compare them with. A room cast
 * costs about half of fxl_laser_cast's centre line, mostly ROM fetches. A
 * bounce costs about 4 legs' searches plus, per bounce, the bounce point
 * and the reflection: a leg off an axis-aligned or 45-degree wall is
 * cheap (exact reflection, one 64-bit division), one off a slanted wall
 * costs about three times as much (its length, end and reflection in
 * wider integers, its angle by fxl_atan2), and a leg whose end lies near
 * another wall's line pays a reachability search. The current figures
 * are docs/bench-gba.md's room rows and the boss frame's cast and bounce
 * phases; docs/tuning.md ("Casts and bounces") keeps the profiles, the
 * steps that made them and what was measured slower. A
 * game casting only centre lines links about 23 KB less code than with
 * fxl_laser_cast. */

/* A wall packed for a room. */
typedef struct fxl_room_wall {
    uint32_t coarse_lo, coarse_hi; /* the wall's coarse box, as fxl_wall_prep's */
    fxl_vec2 a;                    /* Q16.16 start */
    int32_t ex, ey;                /* Q16.16 b - a */
    int32_t angle;                 /* the direction of b - a: fxl_atan2 (4096 steps) */
} fxl_room_wall;

#define FXL_ROOM_SLABS 8  /* slabs a room's index cuts each axis into */
#define FXL_ROOM_TURNS 16 /* directions a room's index cuts the turn into */
#define FXL_ROOM_INDEXED 32 /* rooms of at most this many walls are indexed */

/* A room: the prepared walls, their packed copies and (rooms of at most
 * FXL_ROOM_INDEXED walls) an index of them as bit sets, bit i for wall i:
 * the room's walls' coarse boxes (wall.h) cut into FXL_ROOM_SLABS slabs
 * along each axis, and the turn into FXL_ROOM_TURNS directions.
 * fxl_room_prepare fills it all (236 bytes with 32-bit pointers). */
typedef struct fxl_room {
    const fxl_wall_prep *walls;  /* the prepared walls (kept, not copied: bounces and width
                                  * casts read them) */
    const fxl_room_wall *packed; /* n packed walls in the game's storage */
    size_t n;
    uint32_t org_x, org_y; /* coarse (wall.h) x, y of the walls' low corner */
    uint32_t sh_x, sh_y;   /* a slab is 2^sh coarse units; the last holds the rest */
    uint32_t x_lo[FXL_ROOM_SLABS]; /* walls whose box starts in slab s or before along x */
    uint32_t x_hi[FXL_ROOM_SLABS]; /* walls whose box ends in slab s or after along x */
    uint32_t y_lo[FXL_ROOM_SLABS], y_hi[FXL_ROOM_SLABS]; /* the same along y */
    uint32_t front[FXL_ROOM_TURNS]; /* walls every beam of direction s heads to the front of */
    int32_t base_x, base_y;   /* Q16.16 x, y where slab 0's coarse values end: the slabs of
                               * a coordinate, for fxl_room_cast (cast.c) */
    uint32_t shift_x, shift_y; /* sh_x + 17, sh_y + 17: a slab in Q16.16 units */
} fxl_room;

/* Packs n prepared walls (fxl_wall_prepare or fxl_walls_inflate) into
 * storage (cap entries) and sets up the room; walls must stay valid and
 * unchanged while the room is used. FXL_ERR_NULL, FXL_ERR_CAPACITY (cap <
 * n). (NULL, 0) walls give an empty room. Other wall values (hand-made
 * preps) give meaningless answers in every room call, never undefined
 * behaviour. */
fxl_result fxl_room_prepare(const fxl_wall_prep *walls, size_t n, fxl_room_wall *storage,
                            size_t cap, fxl_room *out);

/* fxl_laser_cast's centre line through the room's walls: the same answer
 * (FXL_CAST_WIDTH is ignored: see fxl_room_cast_width). */
fxl_result fxl_room_cast(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                         fxl_cast *out, fxl_laser *clipped);

/* fxl_laser_cast with FXL_CAST_WIDTH through the room's walls. */
fxl_result fxl_room_cast_width(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                               fxl_cast *out, fxl_laser *clipped);

/* fxl_laser_bounce through the room's walls: the same legs. */
fxl_result fxl_room_bounce(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                           int max_bounces, fxl_bounce *legs, size_t cap, size_t *count);

/* ---- a bouncing laser's legs as targets -----------------------------------
 *
 * Shape: each leg is the capsule of radius h about its segment start..end
 * (Q16.16), h = fix16_mul(laser->half_width, laser->hit_fraction) (the
 * laser's hit half-width, halves up; the half-width clamped to
 * 0..FXL_SIZE_MAX and the fraction to 0..1 first); the shape is the union
 * of the legs, and touching is a hit. Exact in integers. It is exactly a
 * curvy laser's untapered shape (curvy.h, taper 0, hit_fraction the
 * laser's, every node at the laser's half-width) with the legs' points
 * pushed into it (legs[0].start, then each leg's end), so a game moving
 * to this call gets bit-identical answers, without the pushes. Legs as
 * fxl_laser_bounce / fxl_room_bounce write them; other values give a
 * meaningless answer, never undefined behaviour: a leg with an end outside
 * +-FXL_COORD_MAX or more than FXL_SIZE_MAX long on an axis never hits. A
 * circle centre outside +-FXL_COORD_MAX: false; its radius clamped to
 * 0..FXL_SIZE_MAX. NULL laser or legs: false (so NULL legs with n 0 miss).
 * Cost: a 32-bit box test per leg (the leg's box grown by h + r), Thumb;
 * a leg whose box holds the centre gets 64-bit products (ARM code in ROM:
 * a slab reject and a sure hit at bounds on the leg's length 2 % apart,
 * the ends' disks) and a 128-bit compare only between those bounds.
 * Measured on the GBA (a 4-bounce fxl_room_bounce's legs in the
 * benchmark's room, hit half-width 2.25 px, a player of radius 2 px): 500
 * cycles median (max 1,378) when no leg comes within 20 px, 1,003 (max
 * 2,581) beside a leg; in the boss frame the 2 lasers' legs against a
 * player cost about 1,700 cycles a frame (median) where pushing them
 * into curvy lasers and testing those cost about 10,200. A box
 * (fxl_bounce_vs_aabb) likewise: a leg whose box misses the box grown by h
 * costs two 32-bit compares an axis; the others the corners' cross
 * products with the leg (a box wholly beyond h of its line on one side
 * ends there; else the segment through the box), the ends' offsets from
 * the box, and the corners near the leg's box as circles of radius 0
 * (the player's 4x4 px box: 560 cycles median far, max 2,052; 1,927 near,
 * max 3,714). */

/* Whether the circle (Q16.16) touches any of the n legs (Q16.16 ends) of
 * laser's bounce (its half_width Q16.16 and hit_fraction Q16.16 give h). */
bool fxl_bounce_vs_circle(const fxl_laser *laser, const fxl_bounce *legs, size_t n,
                          fxl_circle circle);

/* Whether the box (Q16.16, closed; lo <= hi within +-FXL_COORD_MAX, else
 * false) touches any of the n legs (Q16.16 ends) of laser's bounce, h as
 * above: exactly fxl_curvy_vs_aabb of the same untapered curvy laser. */
bool fxl_bounce_vs_aabb(const fxl_laser *laser, const fxl_bounce *legs, size_t n, fxl_aabb box);

/* ---- boxes that stop lasers (issue 23) ------------------------------------
 *
 * Boxes are fxl_aabb (base.h: closed solids, lo <= hi, every coordinate
 * within +-FXL_COORD_MAX). The centre line stops at the first box it
 * touches, with the walls' rules above: u* the exact (rational) least u of
 * the beam inside the box, L = min(length, floor(u*)), the box of least
 * u* reported (ties: the lower index); a beam starting in a box (on its
 * edge too) gets length 0; a beam along a box's side stops where it first
 * touches it. FXL_CAST_TWO_SIDED changes nothing (a box stops the beam from
 * every side). FXL_CAST_WIDTH, box lasers: the first u* at which the
 * rectangle [0, u] x [-w, w] of the drawn frame (Width above) touches a
 * box, exact, the same clipping and tie rules; a box touching the emitter's
 * cross-section gives length 0. Capsule lasers: the Width rule for
 * capsules, as for walls: u* the first u at which the capsule with core
 * [0, u] and radius w (frame units) meets the box (its core within w of
 * it), floor(u*) decided with exact integer tests, L = min(length,
 * floor(u*)) when u* <= length, the box the lowest index among those whose
 * u* has the least floor; a box the start disc touches gives length 0.
 * Boxes outside the domain give meaningless answers, never undefined
 * behaviour. Cost: a box whose box misses the beam's box costs a 32-bit
 * test, one wholly beside the beam's strip or behind its start 6 products
 * of 32-bit values; the others a slab test in 64-bit products (the width:
 * the centre line against the box grown by the cross-section, three slabs
 * in 128-bit compares, the near boxes visited in order of their nearest
 * point along the beam until one cannot come first; capsules add a
 * start-disc test and, first, 2 or 3 exact capsule tests about an
 * estimate of the round end's contact (a face's or a corner's), which
 * settle floor(u*) when the core up to there lies beside the box; else a
 * capsule test at the rectangle's floor(u*) and, when the capsule's round
 * end arrives first, about 2 to 4 such tests from the estimate, log2(w) +
 * 2 at worst), and the winner one division. Measured on the GBA (the
 * benchmark's 16 boxes, the walls' boxes of its room, 300 px beams):
 * centre line 6,125 cycles median (max 10,169); the box laser's width
 * 7,676 (max 14,564); the capsule's width 9,017 (max 27,124; 13,160 and
 * 33,125 before the estimate's quick floor, 9,054 and 30,941 with a
 * digit-by-digit root for a corner's estimate). */

/* fxl_laser_cast against n boxes (Q16.16): the same result (out->wall the
 * box's index) and errors, box and capsule lasers, FXL_CAST_WIDTH too. */
fxl_result fxl_laser_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n,
                                unsigned flags, fxl_cast *out, fxl_laser *clipped);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_CAST_H */
