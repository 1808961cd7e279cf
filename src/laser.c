/* laser.c - prepared 2D box and capsule lasers against circles and points. */
#include "fixlaser/laser.h"

#include "wide.h"

fxl_laser fxl_laser_from_origin(fxl_laser_kind kind, fxl_vec2 origin, fxl_angle angle,
                                fix16_t length, fix16_t half_width)
{
    fxl_laser l;
    l.kind = kind;
    l.anchor = FXL_ANCHOR_ORIGIN;
    l.pos = origin;
    l.angle = angle;
    l.length = length;
    l.half_width = half_width;
    l.hit_fraction = fix16_one;
    return l;
}

fxl_laser fxl_laser_from_centre(fxl_laser_kind kind, fxl_vec2 centre, fxl_angle angle,
                                fix16_t half_length, fix16_t half_width)
{
    /* Doubling saturates, so an oversized half-length still reaches
     * fxl_laser_prepare as a length it refuses (never a wrapped value). */
    int64_t len = (int64_t)half_length * 2;
    fxl_laser l = fxl_laser_from_origin(kind, centre, angle, 0, half_width);
    l.anchor = FXL_ANCHOR_CENTRE;
    l.length = len > INT32_MAX ? INT32_MAX : len < INT32_MIN ? INT32_MIN : (fix16_t)len;
    return l;
}

static bool coord_ok(fix16_t v)
{
    return v >= -FXL_COORD_MAX && v <= FXL_COORD_MAX;
}

static uint64_t abs64(int64_t v)
{
    return v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
}

fxl_result fxl_laser_prepare(const fxl_laser *laser, fxl_laser_prep *out)
{
    int64_t c, s, across, a17, h17, w17, r17, off_x, off_y, half_x, half_y;
    fix16_t hit_hw;

    if (laser == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER_BOX && laser->kind != FXL_LASER_CAPSULE)
        return FXL_ERR_KIND;
    if (laser->anchor != FXL_ANCHOR_ORIGIN && laser->anchor != FXL_ANCHOR_CENTRE)
        return FXL_ERR_KIND;
    if (!coord_ok(laser->pos.x) || !coord_ok(laser->pos.y))
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

    /* The hitbox half-width, rounded to nearest by libfixmath; it never
     * exceeds the drawn half-width because the fraction is at most 1. */
    hit_hw = fix16_mul(laser->half_width, laser->hit_fraction);

    out->pos = laser->pos;
    out->cos = fxl_cos(laser->angle);
    out->sin = fxl_sin(laser->angle);
    out->kind = laser->kind;
    /* Along-beam quantities in Q32.32 so that half of any Q16.16 length is
     * exact: the core segment spans [mid - half_len, mid + half_len]. */
    out->half_len = (int64_t)laser->length * 32768;
    out->mid = laser->anchor == FXL_ANCHOR_ORIGIN ? out->half_len : 0;
    across = (int64_t)hit_hw * 65536;
    /* A box is a rectangle with square corners; a capsule is a zero-width
     * rectangle (the segment) grown by a disk. One test serves both. */
    out->half_wid = laser->kind == FXL_LASER_BOX ? across : 0;
    out->round = laser->kind == FXL_LASER_BOX ? 0 : across;

    /* Conservative bounding box. The frame test maps world offsets through
     * M = [[cos, sin], [-sin, cos]] / 65536, a rotation scaled by |(cos, sin)|,
     * which differs from 1 by under 1.1e-5 (tests/test_angle.c checks the
     * table). So the exact hit region is the nominal rotated rectangle
     * scaled about pos by 1/|(cos,sin)|^2 < 1 + 2^-15: grow the nominal box
     * by 2^-14 of its reach plus two raw units for rounding. Everything in
     * Q17 * Q16 = Q33; along quantities are multiples of 2^15 in Q32. */
    c = out->cos;
    s = out->sin;
    a17 = out->mid / 32768;
    h17 = out->half_len / 32768;
    w17 = out->half_wid / 32768;
    r17 = out->round / 32768;
    off_x = a17 * c;
    off_y = a17 * s;
    half_x = h17 * (int64_t)abs64(c) + w17 * (int64_t)abs64(s) + r17 * 65536;
    half_y = h17 * (int64_t)abs64(s) + w17 * (int64_t)abs64(c) + r17 * 65536;
    off_x = fxl__round_shift(off_x, 17);
    off_y = fxl__round_shift(off_y, 17);
    half_x = fxl__round_shift(half_x, 17) + 1;
    half_y = fxl__round_shift(half_y, 17) + 1;
    half_x += (int64_t)((abs64(off_x) + (uint64_t)half_x) >> 14) + 2;
    half_y += (int64_t)((abs64(off_y) + (uint64_t)half_y) >> 14) + 2;
    out->bb_mid.x = (fix16_t)(laser->pos.x + off_x);
    out->bb_mid.y = (fix16_t)(laser->pos.y + off_y);
    out->bb_half_x = (uint32_t)half_x;
    out->bb_half_y = (uint32_t)half_y;
    return FXL_OK;
}

/* Exact corner test, kept out of line: reached only near a corner. */
static bool corner_hit(uint64_t eu, uint64_t ev, uint64_t t)
{
    return fxl__sumsq_le(eu, ev, t);
}

/* The hot test, inlined into each public entry point.
 *
 * Derivation. With d = p - pos and the table's (c, s), the circle centre in
 * the beam frame is
 *     u =  c*dx + s*dy   (along the beam)
 *     v = -s*dx + c*dy   (across it)
 * (the seed's d_l and d_w, with the sign kept), all in Q32.32 because c, s
 * and d are Q16.16: no rounding anywhere. The hitbox is the rectangle
 * |u - mid| <= half_len, |v| <= half_wid grown by `round` in every direction,
 * and the circle hits iff its centre is within round + r of the rectangle:
 *     eu = max(|u - mid| - half_len, 0),  ev = max(|v| - half_wid, 0)
 *     hit  <=>  eu^2 + ev^2 <= (r + round)^2.
 * This one inequality is the seed's three conditions (d_w <= w and
 * d_l <= l + r; d_w <= w + r and d_l <= l; the corner) at once: when eu or
 * ev is zero it reduces to the other being <= r + round, which is the first
 * two; when both are positive it is the corner distance.
 *
 * Ranges (domain in fixlaser.h): |dx|, |dy| < 2^31, so |u|, |v| < 2^48;
 * mid, half_len <= 2^43; t = r*2^16 + round <= 2^45. The squares are only
 * formed once eu, ev <= t, and then need 91 bits: wide.h does them exactly.
 * Before all that, a bounding-box reject in 32-bit unsigned arithmetic:
 * |x - m| <= e  <=>  (x - m + e) mod 2^32 <= 2e, valid while 2e < 2^32. */
static inline bool laser_hits(const fxl_laser_prep *lp, fix16_t x, fix16_t y, fix16_t r)
{
    uint32_t rr = (uint32_t)r + ((uint32_t)r >> 14) + 1u; /* r / |(c,s)|, rounded up */
    uint32_t ex = lp->bb_half_x + rr, ey = lp->bb_half_y + rr;
    int32_t dx, dy;
    int64_t u, v, t;
    uint64_t eu, ev;

    if ((uint32_t)x - (uint32_t)lp->bb_mid.x + ex > 2u * ex ||
        (uint32_t)y - (uint32_t)lp->bb_mid.y + ey > 2u * ey)
        return false;

    dx = (int32_t)((uint32_t)x - (uint32_t)lp->pos.x);
    dy = (int32_t)((uint32_t)y - (uint32_t)lp->pos.y);
    u = (int64_t)lp->cos * dx + (int64_t)lp->sin * dy - lp->mid;
    v = (int64_t)lp->cos * dy - (int64_t)lp->sin * dx;
    u = (u < 0 ? -u : u) - lp->half_len;
    v = (v < 0 ? -v : v) - lp->half_wid;
    eu = u > 0 ? (uint64_t)u : 0u;
    ev = v > 0 ? (uint64_t)v : 0u;
    t = (int64_t)r * 65536 + lp->round;
    if (t < 0 || eu > (uint64_t)t || ev > (uint64_t)t)
        return false;
    if (eu == 0 || ev == 0 || eu + ev <= (uint64_t)t)
        return true; /* on a side, or inside the diamond |eu| + |ev| <= t */
    return corner_hit(eu, ev, (uint64_t)t);
}

bool fxl_laser_vs_circle(const fxl_laser_prep *lp, fxl_circle circle)
{
    FXL_ASSERT(lp != NULL && fxl_circle_check(circle) == FXL_OK);
    return laser_hits(lp, circle.c.x, circle.c.y, circle.r);
}

bool fxl_laser_vs_point(const fxl_laser_prep *lp, fxl_vec2 point)
{
    FXL_ASSERT(lp != NULL && coord_ok(point.x) && coord_ok(point.y));
    return laser_hits(lp, point.x, point.y, 0);
}

FXL_IWRAM_CODE
size_t fxl_laser_vs_circles(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    size_t i, hits = 0;
    uint32_t word = 0;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0));
    for (i = 0; i < n; i++) {
        uint32_t h = laser_hits(lp, circles[i].c.x, circles[i].c.y, circles[i].r) ? 1u : 0u;
        hits += h;
        word |= h << (i & 31u);
        if ((i & 31u) == 31u || i + 1 == n) {
            if (hit_bits != NULL)
                hit_bits[i >> 5] = word;
            word = 0;
        }
    }
    return hits;
}

FXL_IWRAM_CODE
size_t fxl_laser_collect(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                         uint16_t *out_idx, size_t cap)
{
    size_t i, hits = 0;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0) && (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i++) {
        if (laser_hits(lp, circles[i].c.x, circles[i].c.y, circles[i].r)) {
            if (hits < cap)
                out_idx[hits] = (uint16_t)i;
            hits++;
        }
    }
    return hits;
}

/* A point of the beam frame (along a, across b, both Q17.17) in the world. */
static fxl_vec2 frame_point(fxl_vec2 pos, int64_t c, int64_t s, int64_t a, int64_t b)
{
    return fxl_vec2_make((fix16_t)(pos.x + fxl__round_shift(a * c - b * s, 17)),
                         (fix16_t)(pos.y + fxl__round_shift(a * s + b * c, 17)));
}

static void core_span(const fxl_laser *laser, int64_t *a0, int64_t *a1)
{
    /* Along-beam ends of the core segment in Q17.17 (exact halves). */
    int64_t len = (int64_t)laser->length;
    *a0 = laser->anchor == FXL_ANCHOR_ORIGIN ? 0 : -len;
    *a1 = laser->anchor == FXL_ANCHOR_ORIGIN ? 2 * len : len;
}

void fxl_laser_quad(const fxl_laser *laser, fxl_vec2 out[4])
{
    int64_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle), a0, a1;
    int64_t w = 2 * (int64_t)laser->half_width;

    core_span(laser, &a0, &a1);
    out[0] = frame_point(laser->pos, c, s, a0, -w);
    out[1] = frame_point(laser->pos, c, s, a1, -w);
    out[2] = frame_point(laser->pos, c, s, a1, w);
    out[3] = frame_point(laser->pos, c, s, a0, w);
}

void fxl_laser_ends(const fxl_laser *laser, fxl_vec2 *start, fxl_vec2 *end)
{
    int64_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle), a0, a1;

    core_span(laser, &a0, &a1);
    *start = frame_point(laser->pos, c, s, a0, 0);
    *end = frame_point(laser->pos, c, s, a1, 0);
}
