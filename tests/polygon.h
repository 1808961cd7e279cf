/* polygon.h - exact predicates on outlines for the room tests (test_wall.c's
 * and test_room.c's generators check their rooms with them). */
#ifndef FXLT_POLYGON_H
#define FXLT_POLYGON_H

#include "fixlaser.h"

/* sign((b - a) x (c - a)), exactly; coordinates within 2^30. */
int fxlt_orient(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c);

/* Whether the closed segments ab and cd share a point (degenerate ones
 * included). */
bool fxlt_segments_meet(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c, fxl_vec2 d);

/* Whether the outline v[0..n) is a simple polygon: at least 3 corners,
 * distinct neighbours, edges that meet only where neighbours share a
 * corner, and no edge folding back along the one before. */
bool fxlt_polygon_simple(const fxl_vec2 *v, int n);

#endif
