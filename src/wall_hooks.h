/* wall_hooks.h - internal: wall.c's filters, exported in test builds only
 * (FXL_TEST_HOOKS, which the suite's builds define) for tests/test_wall.c's
 * property tests against exact references. A game's build has none. */
#ifndef FXL_WALL_HOOKS_H
#define FXL_WALL_HOOKS_H

#include "fixlaser/wall.h"

#ifdef FXL_TEST_HOOKS
/* div_estimate: floor(n / d) - 11 .. floor(n / d) for 1 <= d < 2^32, n <
 * d 2^32. */
uint32_t fxl__wall_div_estimate(uint64_t n, uint32_t d);

/* scale_two32: vx * num / den and vy * num / den (Q16.16 raw units), each
 * rounded up (upx, upy) or down; 0 <= num, 0 < den, quotients below 2^31. */
void fxl__wall_scale_pair(int32_t vx, int32_t vy, uint64_t num, uint64_t den, bool upx, bool upy,
                          int32_t *ox, int32_t *oy);

/* line_misses for the move from -> to (Q16.16) and a coarse box (wall.h's
 * packing): true only if no point within one raw unit an axis of the
 * move's segment lies in the box's cells. */
bool fxl__wall_line_misses(fxl_vec2 from, fxl_vec2 to, uint32_t coarse_lo, uint32_t coarse_hi);

/* Searches along a slide that kept_crossing decided from the walls the
 * search before kept (no scan), counted since the program started. */
extern uint32_t fxl__wall_kept_searches;

/* Searches over inflated walls that went through the groups the search
 * before listed (search_listed, no scan), counted since the program
 * started. */
extern uint32_t fxl__wall_listed_searches;

/* Full searches over inflated walls whose move's box met more groups'
 * coarse boxes than the FXL__LISTED the scan lists first (the rest went
 * through search_body's group-at-a-time scan), counted since the program
 * started. */
extern uint32_t fxl__wall_long_lists;
#endif

#endif
