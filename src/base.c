/* base.c - result names and domain checks for the shared value types. */
#include "fixlaser/base.h"

#include "domain.h"

static const char *const result_names[FXL_ERR_COUNT_] = {
    "FXL_OK",
    "FXL_ERR_NULL",
    "FXL_ERR_COORD_RANGE",
    "FXL_ERR_LENGTH_NEGATIVE",
    "FXL_ERR_LENGTH_RANGE",
    "FXL_ERR_WIDTH_NEGATIVE",
    "FXL_ERR_WIDTH_RANGE",
    "FXL_ERR_RADIUS_NEGATIVE",
    "FXL_ERR_RADIUS_RANGE",
    "FXL_ERR_FRACTION_RANGE",
    "FXL_ERR_KIND",
    "FXL_ERR_BOX_INVERTED",
    "FXL_ERR_SIZE_ZERO",
    "FXL_ERR_CAPACITY",
    "FXL_ERR_STEP_RANGE",
    "FXL_ERR_ANCHOR",
    "FXL_ERR_WALL_ZERO",
    "FXL_ERR_PIVOT_RANGE",
};

const char *fxl_result_name(fxl_result res)
{
    unsigned i = (unsigned)res;
    return i < (unsigned)FXL_ERR_COUNT_ ? result_names[i] : "FXL_ERR_UNKNOWN";
}

fxl_result fxl_circle_check(fxl_circle circle)
{
    /* fxl__vec_ok written out (domain.h says why). */
    if (!fxl__coord_ok(circle.c.x) || !fxl__coord_ok(circle.c.y))
        return FXL_ERR_COORD_RANGE;
    return fxl__check_size(circle.r, FXL_ERR_RADIUS_NEGATIVE, FXL_ERR_RADIUS_RANGE);
}

fxl_result fxl_aabb_check(fxl_aabb box)
{
    if (!fxl__vec_ok(box.lo) || !fxl__vec_ok(box.hi))
        return FXL_ERR_COORD_RANGE;
    if (box.hi.x < box.lo.x || box.hi.y < box.lo.y)
        return FXL_ERR_BOX_INVERTED;
    return FXL_OK;
}

#if FXL_CHECKED && !FXL_PORT_ASSERT_FAILED
/* A checked build's failed FXL_ASSERT, freestanding: traps at once, the
 * arguments still in the first three argument registers (ARM: r0 = expr,
 * r1 = file, r2 = line), where a debugger or tools/gbarun reads them. */
void fxl_assert_failed(const char *expr, const char *file, int line)
{
    (void)expr, (void)file, (void)line;
#if defined(__GNUC__)
    __builtin_trap();
#else
    for (;;) {
    } /* no trap instruction known: stops here */
#endif
}
#endif
