/* room.c - rooms (cast.h): walls packed once for many casts, and the width
 * cast through them (apart from the centre line's, cast.c, so that a game
 * casting centre lines only links no width code). */
#include "fixlaser/angle.h"
#include "fixlaser/cast.h"

#include "cast_parts.h"
#include "cast_width.h"

/* The room's index (cast.h; rooms of at most FXL_ROOM_INDEXED walls): each
 * axis's slabs from the walls' coarse boxes (the least shift that puts the
 * farthest end in the last slab), each wall's bit in the slabs from its
 * start on (x_lo, y_lo) and up to its end (x_hi, y_hi); front: the
 * directions s whose every beam heads to the wall's front by the angle
 * filter (cast.c: (wa - ra) mod 4096 in [2, 2046] for every ra in
 * [256 s, 256 s + 255], i.e. (wa - 256 s - 257) mod 4096 < 1790). */
static void room_index(const fxl_room_wall *w, size_t n, fxl_room *out)
{
    uint32_t x0 = 0x7FFFu, y0 = 0x7FFFu, x1 = 0, y1 = 0;
    size_t i;
    unsigned s;
    for (s = 0; s < FXL_ROOM_SLABS; s++)
        out->x_lo[s] = out->x_hi[s] = out->y_lo[s] = out->y_hi[s] = 0;
    for (s = 0; s < FXL_ROOM_TURNS; s++)
        out->front[s] = 0;
    out->org_x = out->org_y = out->sh_x = out->sh_y = 0;
    out->base_x = out->base_y = 0;
    out->shift_x = out->shift_y = 0;
    if (n > FXL_ROOM_INDEXED)
        return;
    for (i = 0; i < n; i++) {
        uint32_t v = fxl__coarse_lo_of(w[i].coarse_lo, 1);
        x0 = v < x0 ? v : x0;
        v = fxl__coarse_lo_of(w[i].coarse_lo, 0);
        y0 = v < y0 ? v : y0;
        v = fxl__coarse_hi_of(w[i].coarse_hi, 1);
        x1 = v > x1 ? v : x1;
        v = fxl__coarse_hi_of(w[i].coarse_hi, 0);
        y1 = v > y1 ? v : y1;
    }
    out->org_x = x0;
    out->org_y = y0;
    /* Walls from fxl_wall_prepare or fxl_walls_inflate have 15-bit coarse
     * values, so sh <= 12; the cap at 14 keeps cast.c's shift (sh + 17)
     * below 32 for a hand-made coarse_hi too (a field of 0 reads as 2^32 -
     * 1: a meaningless index, no undefined shift). */
    while (x1 > x0 && ((x1 - x0) >> out->sh_x) >= FXL_ROOM_SLABS && out->sh_x < 14u)
        out->sh_x++;
    while (y1 > y0 && ((y1 - y0) >> out->sh_y) >= FXL_ROOM_SLABS && out->sh_y < 14u)
        out->sh_y++;
    /* cast.c's room_slab_of: org 2^17 as a Q16.16 coordinate (coarse.h's
     * order: the top bit turned), and the slab's size as a shift. */
    out->base_x = fxl__u2i32((x0 << 17) ^ 0x80000000u);
    out->base_y = fxl__u2i32((y0 << 17) ^ 0x80000000u);
    out->shift_x = out->sh_x + 17u;
    out->shift_y = out->sh_y + 17u;
    for (i = 0; i < n; i++) {
        uint32_t bit = 1u << i;
        uint32_t xl = fxl__room_slab(fxl__coarse_lo_of(w[i].coarse_lo, 1), x0, out->sh_x);
        uint32_t yl = fxl__room_slab(fxl__coarse_lo_of(w[i].coarse_lo, 0), y0, out->sh_y);
        uint32_t xh = fxl__room_slab(fxl__coarse_hi_of(w[i].coarse_hi, 1), x0, out->sh_x);
        uint32_t yh = fxl__room_slab(fxl__coarse_hi_of(w[i].coarse_hi, 0), y0, out->sh_y);
        for (s = 0; s < FXL_ROOM_SLABS; s++) {
            out->x_lo[s] |= s >= xl ? bit : 0u;
            out->x_hi[s] |= s <= xh ? bit : 0u;
            out->y_lo[s] |= s >= yl ? bit : 0u;
            out->y_hi[s] |= s <= yh ? bit : 0u;
        }
        for (s = 0; s < FXL_ROOM_TURNS; s++)
            out->front[s] |= (((uint32_t)w[i].angle - 256u * s - 257u) & 4095u) < 1790u ? bit : 0u;
    }
}

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
    room_index(storage, n, out);
    return FXL_OK;
}

fxl_result fxl_room_cast_width(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                               fxl_cast *out, fxl_laser *clipped)
{
    return fxl__room_cast_width(room, laser, flags, out, clipped);
}
