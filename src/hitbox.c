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

static int64_t ceil_q16(int64_t v)
{
    return -fxl__floor_shift(-v, 16);
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* The frame maps a world offset d to M d with M = [[c, s], [-s, c]], so a
 * frame point (u, v) (Q32.32) is the world offset M^T (u, v) / n, n = c^2 +
 * s^2, which is the nominal rotation (c u - s v, s u + c v) / 2^32 scaled
 * by 2^32 / n < 1 + 2^-15 (the table's vectors have length 1 within
 * 1.1e-5). So: the nominal box of the frame rectangle (rounded outwards to
 * Q16.16), grown by 2^-14 of its reach and a few raw units. */
fxl__box fxl__laser_box(const fxl_laser_prep *lp)
{
    int64_t ulo = fxl__floor_shift(lp->u_lo, 16), uhi = ceil_q16(lp->u_hi);
    int64_t vlo = fxl__floor_shift(lp->v_lo, 16), vhi = ceil_q16(lp->v_hi);
    int64_t c = lp->cos, s = lp->sin, ac = abs64(c), as = abs64(s);
    /* Twice the middle and twice the half-extents, Q16.16, below 2^34. */
    int64_t cu2 = ulo + uhi, cv2 = vlo + vhi, hu2 = uhi - ulo, hv2 = vhi - vlo;
    int64_t ox = fxl__floor_shift(c * cu2 - s * cv2, 17);
    int64_t oy = fxl__floor_shift(s * cu2 + c * cv2, 17);
    int64_t hx = ((ac * hu2 + as * hv2) >> 17) + 2 + lp->round;
    int64_t hy = ((as * hu2 + ac * hv2) >> 17) + 2 + lp->round;
    fxl__box b;
    hx += ((abs64(ox) + hx) >> 14) + 2;
    hy += ((abs64(oy) + hy) >> 14) + 2;
    b.lo_x = (int64_t)lp->pos.x + ox - hx;
    b.hi_x = (int64_t)lp->pos.x + ox + hx;
    b.lo_y = (int64_t)lp->pos.y + oy - hy;
    b.hi_y = (int64_t)lp->pos.y + oy + hy;
    return b;
}

fxl__box fxl__box_union(fxl__box a, fxl__box b)
{
    a.lo_x = b.lo_x < a.lo_x ? b.lo_x : a.lo_x;
    a.lo_y = b.lo_y < a.lo_y ? b.lo_y : a.lo_y;
    a.hi_x = b.hi_x > a.hi_x ? b.hi_x : a.hi_x;
    a.hi_y = b.hi_y > a.hi_y ? b.hi_y : a.hi_y;
    return a;
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
