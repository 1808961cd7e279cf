/* laser.c - prepared 2D box and capsule lasers against circles and points. */
#include "fixlaser/laser.h"

#include "domain.h"
#include "frame.h"
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

/* 32x32 -> 64-bit product: one SMULL on ARM (no 64x64 library call). */
static int64_t mul32(int32_t a, int32_t b)
{
    return (int64_t)a * b;
}

/* floor(a * b / 2^16) for a < 2^30, b <= 2^16, with two 32-bit multiplies
 * (Thumb code has no long multiply): a*b = hi*2^16 + lo exactly. */
static uint32_t mul_q16(uint32_t a, uint32_t b)
{
    uint32_t hi = (a >> 16) * b, lo = (a & 0xFFFFu) * b;
    return hi + (lo >> 16);
}

fxl_result fxl_laser_prepare(const fxl_laser *laser, fxl_laser_prep *out)
{
    int32_t c, s, len, box_w, round_w, off_x, off_y;
    uint32_t ac, as, half_x, half_y;
    fix16_t hit_hw;

    if (laser == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER_BOX && laser->kind != FXL_LASER_CAPSULE)
        return FXL_ERR_KIND;
    if (laser->anchor != FXL_ANCHOR_ORIGIN && laser->anchor != FXL_ANCHOR_CENTRE)
        return FXL_ERR_KIND;
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

    /* The hitbox half-width, rounded to nearest by libfixmath; it never
     * exceeds the drawn half-width because the fraction is at most 1. */
    hit_hw = fix16_mul(laser->half_width, laser->hit_fraction);
    len = laser->length;
    c = fxl_cos(laser->angle);
    s = fxl_sin(laser->angle);

    out->pos = laser->pos;
    out->cos = c;
    out->sin = s;
    out->kind = laser->kind;
    /* Along-beam quantities in Q32.32 so that half of any Q16.16 length is
     * exact: the core segment spans [mid - half_len, mid + half_len]. */
    out->half_len = (int64_t)((uint64_t)(uint32_t)len << 15);
    out->mid = laser->anchor == FXL_ANCHOR_ORIGIN ? out->half_len : 0;
    /* A box is a rectangle with square corners; a capsule is a zero-width
     * rectangle (the segment) grown by a disk. One test serves both. */
    box_w = laser->kind == FXL_LASER_BOX ? hit_hw : 0;
    round_w = laser->kind == FXL_LASER_BOX ? 0 : hit_hw;
    out->half_wid = (int64_t)((uint64_t)(uint32_t)box_w << 16);
    out->round = (int64_t)((uint64_t)(uint32_t)round_w << 16);
    out->cos12 = c / 16;
    out->sin12 = s / 16;
    out->across = (uint32_t)hit_hw;

    /* Conservative bounding box. The frame test maps world offsets through
     * M = [[c, s], [-s, c]] / 65536, a rotation scaled by |(c, s)|, which
     * differs from 1 by under 1.1e-5 (tests/test_angle.c checks the table).
     * So the exact hit region is the nominal rotated rectangle scaled about
     * pos by 1/|(c,s)|^2 < 1 + 2^-15: grow the nominal box by 2^-14 of its
     * reach plus a few raw units for the floors below. Nominal, in Q16.16:
     * the middle sits len/2 * (c, s) from pos (origin anchor), and the
     * half-extents are len/2 * |c| + box_w * |s| + round_w (x; y mirrored). */
    ac = (uint32_t)(c < 0 ? -c : c);
    as = (uint32_t)(s < 0 ? -s : s);
    off_x = 0;
    off_y = 0;
    if (laser->anchor == FXL_ANCHOR_ORIGIN) {
        off_x = (int32_t)(mul_q16((uint32_t)len, ac) >> 1);
        off_y = (int32_t)(mul_q16((uint32_t)len, as) >> 1);
        off_x = c < 0 ? -off_x : off_x;
        off_y = s < 0 ? -off_y : off_y;
    }
    half_x = (mul_q16((uint32_t)len, ac) >> 1) + mul_q16((uint32_t)box_w, as) + (uint32_t)round_w;
    half_y = (mul_q16((uint32_t)len, as) >> 1) + mul_q16((uint32_t)box_w, ac) + (uint32_t)round_w;
    half_x += ((uint32_t)(off_x < 0 ? -off_x : off_x) + half_x) >> 14;
    half_y += ((uint32_t)(off_y < 0 ? -off_y : off_y) + half_y) >> 14;
    out->bb_mid.x = laser->pos.x + off_x;
    out->bb_mid.y = laser->pos.y + off_y;
    out->bb_half_x = half_x + 4u;
    out->bb_half_y = half_y + 4u;
    return FXL_OK;
}

/* Exact corner test: a*a + b*b <= t*t in 128 bits. Reached only when the
 * circle sits diagonally off a corner and the quick interval test cannot
 * settle it, so it stays in ROM (outside the IWRAM budget). */
FXL_NOINLINE bool fxl__corner_hit(uint64_t a, uint64_t b, uint64_t t)
{
    return fxl__sumsq_le(a, b, t);
}
/* The exact test, for a circle that passed the bounding-box reject.
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
 * Every product is 32x32->64 bits: one SMULL on ARM. */
/* A coarse, oriented reject for circles inside the bounding box (a diagonal
 * beam's box covers much of the screen), before the 64-bit work. With the box
 * middle m, d = p - m, and c = 16*c12 + ec, d = 8192*q + ed (truncated,
 * |ec| < 16, |ed| < 8192), the across-beam value c*dy - s*dx (Q32) differs
 * from 2^17 * (c12*qy - s12*qx) by less than 2^29 + 16*(|dx| + |dy|); and m
 * lies within a few raw units of the beam's centre line. So in Q16.16
 *     |across| <= 2*|c12*qy - s12*qx| + 2^13 + (|dx| + |dy|)/4096 + 4,
 * and a circle whose coarse across value exceeds half-width + round + r +
 * that error cannot hit. |d| < 2^30 inside the box (domain; callers test the box first), so the
 * products stay below 2^29 and everything fits 32 bits. */
static inline bool beam_far(const fxl_laser_prep *lp, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t dx = (int32_t)((uint32_t)x - (uint32_t)lp->bb_mid.x);
    int32_t dy = (int32_t)((uint32_t)y - (uint32_t)lp->bb_mid.y);
    uint32_t adx = (uint32_t)(dx < 0 ? -dx : dx), ady = (uint32_t)(dy < 0 ? -dy : dy);
    int32_t a = lp->cos12 * (dy / 8192) - lp->sin12 * (dx / 8192);
    uint32_t coarse = 2u * (uint32_t)(a < 0 ? -a : a);
    return coarse > lp->across + (uint32_t)r + 8192u + ((adx + ady) >> 12) + 4u;
}

FXL_IWRAM_CODE
bool fxl__frame_test(const fxl_laser_prep *lp, int64_t u, int64_t v, fix16_t r)
{
    return fxl__frame_hit(lp, u, v, r);
}



/* Coarse oriented reject, then the exact test (out of line, so that the
 * common early exit does not pay its register saves). */
FXL_IWRAM_CODE
static bool exact_hit(const fxl_laser_prep *lp, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t dx = (int32_t)((uint32_t)x - (uint32_t)lp->pos.x);
    int32_t dy = (int32_t)((uint32_t)y - (uint32_t)lp->pos.y);
    if (beam_far(lp, x, y, r))
        return false;
    return fxl__frame_test(lp, (int64_t)lp->cos * dx + (int64_t)lp->sin * dy,
                           (int64_t)lp->cos * dy - (int64_t)lp->sin * dx, r);
}

FXL_IWRAM_CODE
bool fxl_laser_vs_circle(const fxl_laser_prep *lp, fxl_circle circle)
{
    FXL_ASSERT(lp != NULL && fxl_circle_check(circle) == FXL_OK);
    return fxl__near_box((uint32_t)lp->bb_mid.x, (uint32_t)lp->bb_mid.y, lp->bb_half_x,
                    lp->bb_half_y, circle.c.x, circle.c.y, circle.r) &&
           exact_hit(lp, circle.c.x, circle.c.y, circle.r);
}

bool fxl_laser_vs_point(const fxl_laser_prep *lp, fxl_vec2 point)
{
    fxl_circle c;
    c.c = point;
    c.r = 0;
    return fxl_laser_vs_circle(lp, c);
}

/* The batch forms keep the bounding box in registers (a local copy: the
 * output array could alias *lp as far as the compiler knows) and call the
 * exact test only for the few circles near the beam. */
FXL_IWRAM_CODE
size_t fxl_laser_vs_circles(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    uint32_t mx, my, hx, hy;
    size_t i = 0, hits = 0;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0));
    mx = (uint32_t)lp->bb_mid.x;
    my = (uint32_t)lp->bb_mid.y;
    hx = lp->bb_half_x;
    hy = lp->bb_half_y;
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
            if (fxl__near_box(mx, my, hx, hy, x, y, r) && exact_hit(lp, x, y, r)) {
                word |= bit;
                hits++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    return hits;
}

/* The index-list form stays in ROM (Thumb) to keep the IWRAM part under
 * 1 KiB; its per-circle work is the same IWRAM exact test. */
size_t fxl_laser_collect(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                         uint16_t *out_idx, size_t cap)
{
    uint32_t mx, my, hx, hy;
    size_t i, hits = 0;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0) && (out_idx != NULL || cap == 0));
    mx = (uint32_t)lp->bb_mid.x;
    my = (uint32_t)lp->bb_mid.y;
    hx = lp->bb_half_x;
    hy = lp->bb_half_y;
    for (i = 0; i < n; i++) {
        fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
        if (fxl__near_box(mx, my, hx, hy, x, y, r) && exact_hit(lp, x, y, r)) {
            if (hits < cap)
                out_idx[hits] = (uint16_t)i;
            hits++;
        }
    }
    return hits;
}

/* A point of the beam frame (along a, across b, both Q17.17, below 2^30)
 * in the world, rounded to nearest. */
FXL_NOINLINE static fix16_t round_q33(int64_t v)
{
    return (fix16_t)fxl__round_shift(v, 17);
}

FXL_NOINLINE static fxl_vec2 frame_point(fxl_vec2 pos, int32_t c, int32_t s, int32_t a, int32_t b)
{
    return fxl_vec2_make(pos.x + round_q33(mul32(a, c) - mul32(b, s)),
                         pos.y + round_q33(mul32(a, s) + mul32(b, c)));
}

static void core_span(const fxl_laser *laser, int32_t *a0, int32_t *a1)
{
    /* Along-beam ends of the core segment in Q17.17 (exact halves). */
    int32_t len = laser->length;
    *a0 = laser->anchor == FXL_ANCHOR_ORIGIN ? 0 : -len;
    *a1 = laser->anchor == FXL_ANCHOR_ORIGIN ? 2 * len : len;
}

void fxl_laser_quad(const fxl_laser *laser, fxl_vec2 out[4])
{
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle), a0, a1;
    int32_t w = 2 * laser->half_width;

    core_span(laser, &a0, &a1);
    out[0] = frame_point(laser->pos, c, s, a0, -w);
    out[1] = frame_point(laser->pos, c, s, a1, -w);
    out[2] = frame_point(laser->pos, c, s, a1, w);
    out[3] = frame_point(laser->pos, c, s, a0, w);
}

void fxl_laser_ends(const fxl_laser *laser, fxl_vec2 *start, fxl_vec2 *end)
{
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle), a0, a1;

    core_span(laser, &a0, &a1);
    *start = frame_point(laser->pos, c, s, a0, 0);
    *end = frame_point(laser->pos, c, s, a1, 0);
}
