/* hitbox.c - a laser's hitbox in its beam frame: validation, the frame
 * rectangle and a world bounding box (hitbox.h). */
#include "hitbox.h"

#include "domain.h"
#include "wide.h"

fxl_result fxl__laser_check(const fxl_laser *laser)
{
    if (laser == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER_BOX && laser->kind != FXL_LASER_CAPSULE)
        return FXL_ERR_KIND;
    if (laser->anchor != FXL_ANCHOR_ORIGIN && laser->anchor != FXL_ANCHOR_CENTRE)
        return FXL_ERR_ANCHOR;
    if (!fxl__coord_ok(laser->pos.x) || !fxl__coord_ok(laser->pos.y))
        return FXL_ERR_COORD_RANGE;
    if (laser->length < 0)
        return FXL_ERR_LENGTH_NEGATIVE;
    if (laser->length > FXL_SIZE_MAX)
        return FXL_ERR_LENGTH_RANGE;
    if (laser->half_width < 0)
        return FXL_ERR_WIDTH_NEGATIVE;
    if (laser->half_width > FXL_SIZE_MAX)
        return FXL_ERR_WIDTH_RANGE;
    if (laser->hit_fraction < 0 || laser->hit_fraction > fix16_one)
        return FXL_ERR_FRACTION_RANGE;
    return FXL_OK;
}

/* Near iff (x - m + e) mod 2^32 <= 2e: a truly near x always passes (its
 * true value lies in [0, 2e] < 2^32); wrapping can only let a far one
 * through, never reject a near one. So any middle works, and only the
 * half-extent is bounded (2(e + r) < 2^32 with r < 2^29). */
bool fxl__box_reject(fxl__box box, uint32_t *mx, uint32_t *my, uint32_t *hx, uint32_t *hy)
{
    int64_t cx = fxl__floor_shift(box.lo_x + box.hi_x, 1);
    int64_t cy = fxl__floor_shift(box.lo_y + box.hi_y, 1);
    int64_t ex = box.hi_x - cx, ey = box.hi_y - cy;
    if (ex >= ((int64_t)1 << 30) || ey >= ((int64_t)1 << 30))
        return false;
    *mx = (uint32_t)cx;
    *my = (uint32_t)cy;
    *hx = (uint32_t)ex;
    *hy = (uint32_t)ey;
    return true;
}
