/* fixlaser/wall.h - one-sided walls: a moving point (or circle) is stopped
 * where its move would cross a wall from the front, and slides along it.
 *
 * Sides. A wall runs from a to b and blocks from its front: the left as
 * seen walking from a to b on a y-down screen, which is where the cross
 * product (b - a) x (p - a) = (bx-ax)(py-ay) - (by-ay)(px-ax) is negative.
 * From behind (positive) a mover passes freely; on the wall's line (zero)
 * counts as the front. A closed room is a loop of walls whose fronts face
 * inwards: list its corners so that the interior is on your left on the
 * screen (its shoelace sum x0*y1 - x1*y0 + ... is negative).
 *
 * Exactness. Crossing tests are exact integer predicates (64-bit products,
 * 128-bit comparisons); stop and slide points are rounded to Q16.16
 * towards the wall's front, and every accepted step of a move is checked
 * again with the same predicate, so a mover that starts inside a closed
 * room never ends outside it, whatever its speed.
 *
 * Domain. Points and movers within +-FXL_COORD_MAX (fxl_move_point and
 * fxl_move_circle assert it in checked builds); outside it every call
 * stays free of undefined behaviour but its answer is meaningless. So do
 * the calls given an fxl_wall_prep that fxl_wall_prepare or
 * fxl_walls_inflate did not write (any field values: a meaningless answer,
 * no undefined behaviour, and every call returns). */
#ifndef FIXLASER_WALL_H
#define FIXLASER_WALL_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Contacts one move resolves at most; then the mover stays at the last
 * position reached safely (short of the remaining slide). */
#define FXL_MOVE_PASSES 4

/* A wall as the game describes it. */
typedef struct fxl_wall {
    fxl_vec2 a; /* Q16.16 start, |x|,|y| <= FXL_COORD_MAX */
    fxl_vec2 b; /* Q16.16 end; the front is on the left going a -> b (y down) */
} fxl_wall;

/* A wall prepared for moves. */
typedef struct fxl_wall_prep {
    /* The bounding box of the wall's group (the wall itself from
     * fxl_wall_prepare; all FXL_WALL_PARTS parts of an inflated wall from
     * fxl_walls_inflate), coarse and packed for a quick reject: with c(v) =
     * ((uint32_t)v ^ 2^31) >> 17 (2 px, 15 bits, order kept),
     * coarse_lo = (c(lo.x) << 16 | c(lo.y)) | 0x80008000 and
     * coarse_hi = (c(hi.x) << 16 | c(hi.y)) + 0x00010001. With the move's
     * box packed the other way round, (coarse_lo - m_hi) | (m_lo -
     * coarse_hi) has a guard bit (0x80008000) set iff the boxes are apart
     * on an axis at that resolution (no borrow crosses from one half into
     * the other). */
    uint32_t coarse_lo, coarse_hi;
    fxl_vec2 a;      /* Q16.16 start */
    int32_t ex, ey;  /* Q16.16 b - a */
    uint64_t len2;   /* Q32.32 |b - a|^2, > 0 */
    fxl_aabb box;    /* Q16.16 the wall's bounding box (a move must overlap it) */
} fxl_wall_prep;

/* The result of a move. */
typedef struct fxl_move {
    fxl_vec2 pos;   /* Q16.16 where the mover ends */
    int contacts;   /* walls hit (0 = moved freely), at most FXL_MOVE_PASSES */
    bool stopped;   /* true if the passes ran out before the move was done */
} fxl_move;

/* Validates and prepares a wall: FXL_ERR_COORD_RANGE, FXL_ERR_WALL_ZERO. */
fxl_result fxl_wall_prepare(const fxl_wall *wall, fxl_wall_prep *out);

/* Side of p: -1 in front, 0 on the wall's line, +1 behind. */
int fxl_wall_side(const fxl_wall_prep *w, fxl_vec2 p);

/* True iff the move from -> to crosses the wall from the front: from is in
 * front or on the line, to is strictly behind, and the two segments meet
 * (endpoints included). A move parallel to the wall never crosses it. */
bool fxl_wall_crosses(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to);

/* The point where a crossing move meets the wall's line, each coordinate
 * rounded to Q16.16 towards the wall's front (never strictly behind it).
 * Meaningful when fxl_wall_crosses(w, from, to). */
fxl_vec2 fxl_wall_meet(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to);

/* Where a mover at x (on or in front of the wall) heading for `to` goes
 * instead: x plus the part of to - x along the wall, rounded towards the
 * wall's front; x itself when that point, x or to is outside the domain. */
fxl_vec2 fxl_wall_slide(const fxl_wall_prep *w, fxl_vec2 x, fxl_vec2 to);

/* Moves a point from -> to through n walls: stops at the first wall it
 * would cross, slides along it, and so on for up to FXL_MOVE_PASSES
 * contacts. touched (ceil(n/32) words, may be NULL) gets bit i set for each
 * wall i hit, the other bits cleared. Walls whose coarse box the move's box
 * misses cost one packed test each; a move that meets none (the common
 * case away from walls) ends there. A contact costs far more: the search
 * that finds it, the stop point's check against the walls that search
 * kept, the exact stop and slide points (one Newton estimate of the
 * ratio each, a 32-bit filter in front of an exact two-candidate check)
 * and the search along the slide, which goes through the walls kept
 * instead of all of them when the slide stays in the box of the move
 * searched before (GBA bench ROM, 16 walls, ARM code in ROM: 693 cycles a
 * free move; split by contacts, medians 670 free, 4,599 one contact, 8,078
 * two, 8,133 at most: a game budgets each contact; a contact, on average:
 * 1,400 cycles for the search that finds it, 850 for the stop point, 880
 * for the slide, 380 for the stop point's check, 530 for the search along
 * the slide). A
 * move pushed straight into a wall along an axis (a held direction) slides
 * by zero and needs no search after its contact (4,405 -> 3,774 cycles for
 * a point, 5,730 -> 4,449 for a circle, 4 walls). */
fxl_move fxl_move_point(const fxl_wall_prep *walls, size_t n, fxl_vec2 from, fxl_vec2 to,
                        uint32_t *touched);

/* Walls a circle mover meets: each wall inflated by the circle's radius
 * becomes FXL_WALL_PARTS point walls (index i * FXL_WALL_PARTS ...): its
 * front shifted out by the radius, and a polygon of 4 facets around each
 * end (circumscribing the round end cap). */
#define FXL_WALL_PARTS 9

/* Inflates n walls for a circle of radius r (Q16.16): writes
 * n * FXL_WALL_PARTS prepared walls to out (cap entries). Conservative:
 * shifted out by r + r/16384 + 4 raw units (exactly r for walls along an
 * axis), and the caps' facets stay at least that far from the wall's ends
 * (at most 3.6% further at their corners). FXL_ERR_CAPACITY if cap is too
 * small, FXL_ERR_COORD_RANGE if an inflated point leaves the domain. */
fxl_result fxl_walls_inflate(const fxl_wall *walls, size_t n, fix16_t r, fxl_wall_prep *out,
                             size_t cap);

/* Moves a circle's centre from -> to through n walls inflated for its
 * radius (n * FXL_WALL_PARTS entries from fxl_walls_inflate): the point
 * move above against the inflated walls, so the same guarantees hold and
 * the circle never overlaps a wall it approached from the front. touched
 * (ceil(n/32) words, may be NULL) names the original walls hit. Each
 * wall's FXL_WALL_PARTS parts are skipped together when the move's box
 * misses their common coarse box (written by fxl_walls_inflate), or when
 * the move's line passes clear of that box grown by one of its 2 px cells
 * (a 32-bit test). A search after a contact whose move stays in the box
 * of the last search over all groups goes through the groups that search
 * met (at most 8) instead of scanning all of them, without the line
 * test. GBA bench ROM, 16 walls (144 parts in EWRAM): 839 cycles a free
 * move; split by contacts, medians 814 free, 6,581 one contact (11,022 at
 * most), 14,151 two, 15,599 at most (a contact, on average: 3,100 cycles
 * for the search that finds it, 850 for the stop point, 880 for the
 * slide, 750 for the stop point's check, 940 for the search along the
 * slide; the rest of a second contact's cost is the full search that
 * follows when the slide leaves the box of the first move: 3 in 4
 * two-contact moves of the bench). Contacts stay far above 4x a free
 * move: each pays two exact roundings and tests every part near its
 * path (docs/tuning.md, "Movers", keeps the profile and what was
 * measured slower). */
fxl_move fxl_move_circle(const fxl_wall_prep *inflated, size_t n, fxl_vec2 from, fxl_vec2 to,
                         uint32_t *touched);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_WALL_H */
