/* bounce_band.h - internal: the bounce's band search through an indexed
 * room (bounce_band.c), for bounce.c and the suite. */
#ifndef FXL_BOUNCE_BAND_H
#define FXL_BOUNCE_BAND_H

#include "cast_parts.h"

/* fxl__room_first_wall_band's answer, u* and *clear for an indexed room
 * (n <= FXL_ROOM_INDEXED), without the near list (fxl__bounce_near_list
 * gives it, when needed). */
long fxl__bounce_search(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                        const fxl__rules *rules, fxl__frac *u, bool *clear);

/* The near list of fxl__room_first_wall_band (as a set, in index order,
 * no FXL__NEAR_MARK): every wall whose packed box meets r's. */
void fxl__bounce_near_list(const fxl_room *room, const fxl__ray *r, fxl__near *near);

#ifdef FXL_TEST_HOOKS
/* bounce.c's test hooks (test builds only): with fxl__bounce_no_reduce
 * set, its reduced divisions are not taken (the 128-bit ones instead).
 * fxl__bounce_meet: the leg's length floor(u*) and the floors of the
 * meeting point's coordinates (*xe, *ye: whether whole) for the wall w
 * the ray meets (not axis-aligned), u = |N| / |D| its fraction, as bounce
 * works them out; fxl__bounce_reflect: the reflection off w (the side the
 * beam came from; the direction and its steadiness written). */
extern bool fxl__bounce_no_reduce;
int32_t fxl__bounce_meet(const fxl__ray *r, const fxl_wall_prep *w, fxl__frac u, int64_t *x,
                         bool *xe, int64_t *y, bool *ye);
int fxl__bounce_reflect(const fxl_wall_prep *w, int32_t *dx, int32_t *dy, bool *steady);
#endif

#endif
