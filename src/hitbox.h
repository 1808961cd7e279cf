/* hitbox.h - internal: a laser's hitbox in its beam frame (validation, the
 * frame rectangle, the quadrant box of the fused calls), shared by the static, fused and swept
 * tests. Defined in hitbox.c. */
#ifndef FXL_HITBOX_H
#define FXL_HITBOX_H

#include "util.h"
#include "fixlaser/laser.h"

/* fxl_laser_check (laser.h, defined in hitbox.c) is the validation every
 * preparation of a laser shares. This is fxl_laser_check(l) == FXL_OK for a
 * non-NULL l, with few branches (the reason is worked out by
 * fxl_laser_check only when this fails). */
FXL__ALWAYS_INLINE bool fxl__laser_fast_ok(const fxl_laser *l)
{
    uint32_t c2 = 2u * (uint32_t)FXL_COORD_MAX;
    return ((uint32_t)l->kind | (uint32_t)l->anchor) <= 1u &&
           ((uint32_t)l->length | (uint32_t)l->half_width) <= (uint32_t)FXL_SIZE_MAX &&
           (uint32_t)l->hit_fraction <= (uint32_t)fix16_one &&
           (uint32_t)l->pos.x + (uint32_t)FXL_COORD_MAX <= c2 &&
           (uint32_t)l->pos.y + (uint32_t)FXL_COORD_MAX <= c2;
}

/* The hitbox half-width, Q16.16: half_width * hit_fraction rounded to
 * nearest, halves up (what libfixmath's fix16_mul gives for these
 * non-negative inputs), with 32-bit multiplies only. Checked inputs. */
FXL__ALWAYS_INLINE int32_t fxl__hit_width(fix16_t half_width, fix16_t fraction)
{
    uint32_t h = (uint32_t)half_width, f = (uint32_t)fraction;
    /* h < 2^28, f <= 2^16: (h >> 16) * f < 2^28 and (h & 0xFFFF) * f + 2^15
     * < 2^32, so the product splits exactly into the two 32-bit parts. */
    return (int32_t)((h >> 16) * f + (((h & 0xFFFFu) * f + 0x8000u) >> 16));
}

/* The hitbox of a checked laser about its own reference point laser->pos:
 * fills every field of out but pos, cos and sin (Q32.32 rectangle, round,
 * width, kind). Inline: the fused loops keep it in registers. */
FXL__ALWAYS_INLINE void fxl__laser_hitbox(const fxl_laser *laser, fxl_laser_prep *out)
{
    int32_t w = fxl__hit_width(laser->half_width, laser->hit_fraction);
    /* Along the beam in Q32.32, where half of any Q16.16 length is exact
     * (L 2^16 / 2 = L 2^15, written as that product: no signed division):
     * [0, L] from the emitter, or [-L/2, L/2] about the middle. */
    int64_t len = (int64_t)laser->length * 65536, half = (int64_t)laser->length * 32768;
    bool at_emitter = laser->anchor == FXL_ANCHOR_EMITTER;
    out->u_lo = at_emitter ? 0 : -half;
    out->u_hi = at_emitter ? len : half;
    /* A box is its rectangle; a capsule is its centre segment grown by a
     * disk of the hitbox half-width. One test serves both. */
    if (laser->kind == FXL_LASER_BOX) {
        out->v_lo = -(int64_t)w * 65536;
        out->v_hi = (int64_t)w * 65536;
        out->round = 0;
    } else {
        out->v_lo = 0;
        out->v_hi = 0;
        out->round = w;
    }
    out->width = w;
    out->kind = laser->kind;
}

/* Before any table read or product: the box of the quadrant the beam
 * points into. In quadrant q (angle >> 10) the table's cosine is >= 0 for
 * q = 0, 3 and <= 0 for q = 1, 2, its sine >= 0 for q = 0, 1 and <= 0 for
 * q = 2, 3 (exactly: the table is 0 at the quadrant ends). The hitbox
 * reaches `ahead` along the beam from laser.pos (L, or L/2 for a
 * centre-anchored one, rounded up) and `behind` it (0 or L/2), and at
 * most the drawn half-width across (the hitbox is narrower) in both kinds;
 * the hit region is that rectangle grown by r in the frame, which the
 * world sees scaled by 1/|t| (t the table vector, |t| = 1 within 1.1e-5):
 * so with a, b = (ahead, behind + half_width + r + 1) times 1 + 2^-15
 * (the radius is scaled too: a circle of radius 2^28 - 1 reaches 2,950 raw
 * units further in the world than in the frame), the circle's offset lies
 * within [-b, a] along each axis the beam points positively on and [-a, b]
 * on the others, or misses. (In the scene benchmark 70 % of lasers end
 * here.) */
FXL__ALWAYS_INLINE bool fxl__laser_quadrant_far(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r)
{
    uint32_t q = ((uint32_t)l->angle >> 10) & 3u, len = (uint32_t)l->length;
    uint32_t ahead = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : len;
    uint32_t behind = l->anchor == FXL_ANCHOR_CENTRE ? (len >> 1) + 1u : 0u;
    uint32_t a = ahead + (uint32_t)l->half_width + (uint32_t)r + 1u;
    uint32_t b = behind + (uint32_t)l->half_width + (uint32_t)r + 1u;
    uint32_t dx = (uint32_t)x - (uint32_t)l->pos.x, dy = (uint32_t)y - (uint32_t)l->pos.y;
    uint32_t xl, yl;
    a += a >> 15;
    b += b >> 15;
    /* dx in [-lo, hi]  <=>  dx + lo in [0, lo + hi] (mod 2^32; a + b < 2^31) */
    xl = (q == 0u || q == 3u) ? b : a;
    yl = q <= 1u ? b : a;
    return dx + xl > a + b || dy + yl > a + b;
}

#endif
