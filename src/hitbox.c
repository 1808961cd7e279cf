/* hitbox.c - a laser's hitbox in its beam frame: validation, the frame
 * rectangle (hitbox.h). */
#include "hitbox.h"

#include "domain.h"

fxl_result fxl_laser_check(const fxl_laser *laser)
{
    fxl_result res;
    if (laser == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER_BOX && laser->kind != FXL_LASER_CAPSULE)
        return FXL_ERR_KIND;
    if (!fxl__anchor_ok(laser->anchor))
        return FXL_ERR_ANCHOR;
    if (!fxl__vec_ok(laser->pos))
        return FXL_ERR_COORD_RANGE;
    res = fxl__check_size(laser->length, FXL_ERR_LENGTH_NEGATIVE, FXL_ERR_LENGTH_RANGE);
    if (res == FXL_OK)
        res = fxl__check_size(laser->half_width, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && !fxl__fraction_ok(laser->hit_fraction))
        res = FXL_ERR_FRACTION_RANGE;
    return res;
}
