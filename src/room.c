/* room.c - rooms (cast.h): walls packed once for many casts, and the width
 * cast through them (apart from the centre line's, cast.c, so that a game
 * casting centre lines only links no width code). */
#include "fixlaser/angle.h"
#include "fixlaser/cast.h"

fxl_result fxl_room_prepare(const fxl_wall_prep *walls, size_t n, fxl_room_wall *storage,
                            size_t cap, fxl_room *out)
{
    size_t i;
    if (out == NULL || ((walls == NULL || storage == NULL) && n != 0))
        return FXL_ERR_NULL;
    if (cap < n)
        return FXL_ERR_CAPACITY;
    for (i = 0; i < n; i++) {
        const fxl_wall_prep *w = &walls[i];
        fxl_room_wall *p = &storage[i];
        p->coarse_lo = w->coarse_lo;
        p->coarse_hi = w->coarse_hi;
        p->a = w->a;
        p->ex = w->ex;
        p->ey = w->ey;
        p->angle = fxl_atan2(w->ey, w->ex);
    }
    out->walls = walls;
    out->packed = storage;
    out->n = n;
    return FXL_OK;
}

fxl_result fxl_room_cast_width(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                               fxl_cast *out, fxl_laser *clipped)
{
    if (room == NULL)
        return FXL_ERR_NULL;
    return fxl_laser_cast(laser, room->walls, room->n, flags | FXL_CAST_WIDTH, out, clipped);
}
