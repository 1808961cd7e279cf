/* hitbox.c - a laser's hitbox in its beam frame: validation, the frame
 * rectangle (hitbox.h). */
#include "hitbox.h"

#include "domain.h"

fxl_result fxl__laser_check(const fxl_laser *laser)
{
    if (laser == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER_BOX && laser->kind != FXL_LASER_CAPSULE)
        return FXL_ERR_KIND;
    if (laser->anchor != FXL_ANCHOR_EMITTER && laser->anchor != FXL_ANCHOR_CENTRE)
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
