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

#endif
