/* laser.c - prepared 2D box and capsule lasers against circles and points. */
#include "fixlaser/laser.h"

#include "domain.h"
#include "frame.h"
#include "angle_table.h"
#include "hitbox.h"
#include "util.h"
#include "wide.h"

fxl_laser fxl_laser_from_emitter(fxl_laser_kind kind, fxl_vec2 emitter, fxl_angle angle,
                                fix16_t length, fix16_t half_width)
{
    fxl_laser l;
    l.kind = kind;
    l.anchor = FXL_ANCHOR_EMITTER;
    l.pos = emitter;
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
    fxl_laser l = fxl_laser_from_emitter(kind, centre, angle, 0, half_width);
    l.anchor = FXL_ANCHOR_CENTRE;
    l.length = fxl__sat32((int64_t)half_length * 2);
    return l;
}

fxl_result fxl_laser_prepare(const fxl_laser *laser, fxl_laser_prep *out)
{
    uint32_t ac, as, len, bw, lx, ly, half_x, half_y, off_ax, off_ay;

    if (laser == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (FXL__UNLIKELY(!fxl__laser_fast_ok(laser)))
        return fxl_laser_check(laser);
    out->pos = laser->pos;
    fxl__sincos(laser->angle, &out->cos, &out->sin);
    fxl__laser_hitbox(laser, out);

    /* A conservative bounding box, for the single and batch tests' first
     * reject. The frame maps world offsets through M = [[c, s], [-s, c]] /
     * 65536, a rotation scaled by |(c, s)| = 1 within 1.1e-5, so the hit
     * region is the nominal rotated rectangle scaled about pos by
     * 1/|(c,s)|^2 < 1 + 2^-15: the nominal box grown by 2^-14 of its reach
     * plus a few raw units for the floors. Nominal, in Q16.16: the middle
     * sits len/2 * (c, s) from the emitter (none for a centre-anchored
     * laser), the half-extents are len/2 |c| + bw |s| + round (x; y
     * mirrored), bw the box's half-width. */
    ac = fxl__abs32(out->cos);
    as = fxl__abs32(out->sin);
    len = (uint32_t)laser->length;
    bw = laser->kind == FXL_LASER_BOX ? (uint32_t)out->width : 0u;
    lx = fxl__mul_q16_floor(len, ac) >> 1; /* len/2 |c| */
    ly = fxl__mul_q16_floor(len, as) >> 1;
    off_ax = laser->anchor == FXL_ANCHOR_EMITTER ? lx : 0u; /* |middle - pos| per axis */
    off_ay = laser->anchor == FXL_ANCHOR_EMITTER ? ly : 0u;
    half_x = lx + fxl__mul_q16_floor(bw, as) + (uint32_t)out->round;
    half_y = ly + fxl__mul_q16_floor(bw, ac) + (uint32_t)out->round;
    /* -off when the table value is negative: util.h's fxl__neg_if32 written
     * out (through it GCC's Thumb code spilled more: 12 cycles a prepare). */
    out->bb_mid = fxl_vec2_make(laser->pos.x + (out->cos < 0 ? -(int32_t)off_ax : (int32_t)off_ax),
                                laser->pos.y + (out->sin < 0 ? -(int32_t)off_ay : (int32_t)off_ay));
    out->bb_half_x = half_x + ((off_ax + half_x) >> 14) + 4u;
    out->bb_half_y = half_y + ((off_ay + half_y) >> 14) + 4u;
    return FXL_OK;
}

/* The exact test of a circle against a prepared laser: its centre in the
 * beam frame (see frame.c), then the hitbox. A circle past the box goes
 * straight to fxl__frame_test (in IWRAM on the GBA), without
 * fxl__frame_hit's inline across reject: frame_test makes the same check
 * first, and in ARM code in ROM the inline 64-bit reject cost about 100
 * GBA cycles for every circle that passes it (issue 20: the capsule row's
 * max 584 -> 487, a circle just off a cap; the box row's 546 -> 449). */
FXL_WARM_CODE
bool fxl_laser_vs_circle(const fxl_laser_prep *lp, fxl_circle circle)
{
    int32_t dx, dy;
    FXL_ASSERT(fxl__laser_prep_ok(lp) && fxl_circle_check(circle) == FXL_OK);
    if (lp->bb_half_x != 0 && !fxl__near_box((uint32_t)lp->bb_mid.x, (uint32_t)lp->bb_mid.y,
                                              lp->bb_half_x, lp->bb_half_y, circle.c.x,
                                              circle.c.y, circle.r))
        return false;
    dx = fxl__offset(circle.c.x, lp->pos.x);
    dy = fxl__offset(circle.c.y, lp->pos.y);
    return fxl__frame_test(lp, fxl__along(lp->cos, lp->sin, dx, dy),
                           fxl__across(lp->cos, lp->sin, dx, dy), circle.r);
}

bool fxl_laser_vs_point(const fxl_laser_prep *lp, fxl_vec2 point)
{
    fxl_circle c;
    c.c = point;
    c.r = 0;
    return fxl_laser_vs_circle(lp, c);
}

/* For the batch forms, computed once per call: the bounding box (a 32-bit
 * reject per circle) and a coarse oriented reject for circles inside it
 * (a diagonal beam's box covers much of the screen).
 *
 * The coarse reject. With the box middle m, d = p - m, and c = 16*c12 + ec,
 * d = 8192*q + ed (truncated, |ec| < 16, |ed| < 8192), the across-beam value
 * c*dy - s*dx (Q32) differs from 2^17 * (c12*qy - s12*qx) by less than
 * 2^29 + 16*(|dx| + |dy|); and m lies within a few raw units of the beam's
 * centre line (it is the rectangle's middle mapped back to the world). So
 * in Q16.16
 *     |across - across(m)| <= 2*|c12*qy - s12*qx| + 2^13 + (|dx| + |dy|)/4096 + 4,
 * and a circle whose coarse value exceeds half the rectangle's width +
 * round + r + that error cannot hit. |d| < 2^30 inside the box, so every
 * product stays below 2^29 and fits 32 bits. */
typedef struct batch {
    uint32_t mx, my, hx, hy;  /* bounding box, Q16.16 */
    bool boxed;               /* false: the prep has no box of its own (a sweep's beam) */
    int32_t cos_q12, sin_q12; /* Q4.12 table vector / 16, truncated */
    uint32_t across;          /* Q16.16 half-width of the rectangle + round + errors */
} batch;

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static batch batch_start(const fxl_laser_prep *lp)
{
    batch b;
    int64_t half = (lp->v_hi - lp->v_lo) / 131072 + lp->round; /* Q16.16 */
    b.boxed = lp->bb_half_x != 0;
    /* No box (a sweep's beam): one that holds every circle of the domain
     * (|x - 0| <= 2^30 <= 2^30 + r, and 2 (2^30 + r) < 2^32). */
    b.mx = b.boxed ? (uint32_t)lp->bb_mid.x : 0u;
    b.my = b.boxed ? (uint32_t)lp->bb_mid.y : 0u;
    b.hx = b.boxed ? lp->bb_half_x : (uint32_t)1 << 30;
    b.hy = b.boxed ? lp->bb_half_y : (uint32_t)1 << 30;
    b.cos_q12 = lp->cos / 16;
    b.sin_q12 = lp->sin / 16;
    /* The box's middle is within a few raw units of the rectangle's middle
     * line; the across half-width plus the reject's error terms. */
    b.across = half < ((int64_t)1 << 30) ? (uint32_t)half + 8192u + 8u : 0xFFFFFFFFu >> 1;
    return b;
}

static inline bool beam_far(const batch *b, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t dx = fxl__offset(x, (fix16_t)b->mx), dy = fxl__offset(y, (fix16_t)b->my);
    int32_t a = b->cos_q12 * (dy / 8192) - b->sin_q12 * (dx / 8192);
    return 2u * fxl__abs32(a) > b->across + (uint32_t)r + ((fxl__abs32(dx) + fxl__abs32(dy)) >> 12);
}

/* A circle that passed the box: the coarse reject, then the exact test
 * (out of line, so that the common early exit pays no register saves). */
FXL_WARM_CODE
static bool near_hit(const fxl_laser_prep *lp, const batch *b, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t dx, dy;
    if (b->boxed && beam_far(b, x, y, r))
        return false;
    dx = fxl__offset(x, lp->pos.x);
    dy = fxl__offset(y, lp->pos.y);
    return fxl__frame_hit(lp, fxl__along(lp->cos, lp->sin, dx, dy),
                          fxl__across(lp->cos, lp->sin, dx, dy), r);
}

/* The batch loop is written out on purpose here, in fxl_laser_collect and
 * in sweep.c's fxl_sweep_vs_circles and fxl_sweep_vs_moving_circles: one
 * shared loop would need a function pointer on the hottest path. Kept
 * small for IWRAM: the box in registers (a local copy: the output array
 * could alias *lp as far as the compiler knows), the rest out of line. */
FXL_IWRAM_CODE
size_t fxl_laser_vs_circles(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    uint32_t mx, my, hx, hy, word = 0, bit = 1;
    size_t i, hits = 0;
    batch b;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0));
    b = batch_start(lp);
    mx = b.mx, my = b.my, hx = b.hx, hy = b.hy;
    for (i = 0; i < n; i++) {
        fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
        if (fxl__near_box(mx, my, hx, hy, x, y, r) && near_hit(lp, &b, x, y, r)) {
            word |= bit;
            hits++;
        }
        bit <<= 1;
        if (bit == 0) {
            if (hit_bits != NULL)
                hit_bits[i >> 5] = word;
            word = 0;
            bit = 1;
        }
    }
    if (bit != 1 && hit_bits != NULL)
        hit_bits[(n - 1) >> 5] = word;
    return hits;
}

/* The index-list form stays in ROM (Thumb); its per-circle work is the same
 * IWRAM exact test. The loop is a copy of fxl_laser_vs_circles' (see there). */
size_t fxl_laser_collect(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap)
{
    size_t i, hits = 0;
    batch b;

    FXL_ASSERT(lp != NULL && (circles != NULL || n == 0) && (out_idx != NULL || cap == 0));
    b = batch_start(lp);
    for (i = 0; i < n; i++) {
        fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
        if (fxl__near_box(b.mx, b.my, b.hx, b.hy, x, y, r) && near_hit(lp, &b, x, y, r)) {
            if (hits < cap)
                out_idx[hits] = i;
            hits++;
        }
    }
    return hits;
}

/* The fused loop's first look at a checked laser: false when the circle's
 * centre is beyond the reach across the beam or beyond its core's ends, in
 * whole pixels p(x) = floor(x / 2^32) of the Q32.32 frame values (as in
 * sweep.c's sweep_maybe). Across: |v| > (w + r) 2^16 misses for a box and a
 * capsule alike (the hitbox reaches w across either way), and p(v) >= h or
 * p(v) < -h with h = ((w + r) >> 16) + 1 imply it. Along: the core spans
 * [0, L] or [-L/2, L/2] and reaches r + round beyond; p(u) >= ahead and
 * p(u) < -behind, rounded outwards the same way, imply that. What is left
 * goes to the full test. */
/* The rest of the test for a checked laser that the quadrant box and the
 * across reject left: the along reject in pixels (the core spans [0, L]
 * or [-L/2, L/2] and reaches r + round beyond; p(u) >= ahead and p(u) <
 * -behind, rounded outwards, imply that), then the exact frame test with
 * the rectangle of fxl__laser_hitbox. */
#if FXL_PORT_LASERS_VS_CIRCLE
#define REST_PLACE FXL__ALWAYS_INLINE /* into fxl__laser_rest_c, the port's one call */
#else
#define REST_PLACE FXL_IWRAM_CODE static
#endif
REST_PLACE bool laser_rest(const fxl_laser *l, int32_t c, int32_t s, int32_t dx, int32_t dy,
                           int32_t w, fix16_t r, int64_t v_q32)
{
    uint32_t len = (uint32_t)l->length, rr = (uint32_t)r + (l->kind == FXL_LASER_BOX ? 0u : (uint32_t)w);
    bool mid = l->anchor == FXL_ANCHOR_CENTRE;
    int64_t u_q32 = fxl__along(c, s, dx, dy);
    int32_t p_px = fxl__pixels(u_q32);
    fxl_laser_prep lp;
    if (p_px >= (int32_t)(((mid ? (len >> 1) + 1u : len) + rr) >> 16) + 1 ||
        p_px < -(int32_t)(((mid ? (len >> 1) + 1u : 0u) + rr) >> 16) - 1)
        return false;
    fxl__laser_hitbox(l, &lp);
    return fxl__frame_test(&lp, u_q32, v_q32, r);
}

/* The rest of the first look, for a laser whose quadrant box holds the
 * circle: across the beam (in pixels, as above), then laser_rest. */
FXL__ALWAYS_INLINE bool laser_hits(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t c, s, w = fxl__hit_width(l->half_width, l->hit_fraction), p_px, h_px;
    int32_t dx = fxl__offset(x, l->pos.x), dy = fxl__offset(y, l->pos.y);
    int64_t v_q32;
    h_px = (int32_t)(((uint32_t)w + (uint32_t)r) >> 16) + 1;
    fxl__sincos(l->angle, &c, &s);
    v_q32 = fxl__across(c, s, dx, dy);
    p_px = fxl__pixels(v_q32);
    if (FXL__LIKELY(p_px >= h_px || p_px < -h_px))
        return false;
    return laser_rest(l, c, s, dx, dy, w, r, v_q32);
}

/* A port may supply fxl_lasers_vs_circle itself (FXL_PORT_LASERS_VS_CIRCLE,
 * config.h: the GBA's port/gba/fast_arm.s). The C loop below is then built
 * as fxl__lasers_vs_circle_c, the reference the tests compare it with, and
 * the port's routine calls the helpers below for its rare steps. */
#if FXL_PORT_LASERS_VS_CIRCLE
#define LASERS_LOOP fxl__lasers_vs_circle_c
#define LASERS_PLACE
fxl_result fxl__lasers_vs_circle_c(const fxl_laser *lasers, size_t n, fxl_circle circle,
                                   uint32_t *hit_bits, size_t *hits);
fxl_result fxl__circle_code(fix16_t x, fix16_t y, fix16_t r);

/* The port's routine reads fxl_laser by fixed offsets. */
typedef char fxl__laser_layout[(sizeof(fxl_laser) == 28 && sizeof(fxl_laser_kind) == 1 &&
                                sizeof(fxl_laser_anchor) == 1 && offsetof(fxl_laser, anchor) == 1 &&
                                offsetof(fxl_laser, pos) == 4 && offsetof(fxl_laser, angle) == 12 &&
                                offsetof(fxl_laser, length) == 16 &&
                                offsetof(fxl_laser, half_width) == 20 &&
                                offsetof(fxl_laser, hit_fraction) == 24)
                                   ? 1
                                   : -1];

fxl_result fxl__circle_code(fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_circle_check(fxl_circle_make(x, y, r));
}

/* The reference of the port's fxl__laser_rest (frame.h), in ROM. */
FXL_WARM_CODE
bool fxl__laser_rest_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r)
{
    return laser_hits(l, x, y, r);
}
#else
#define LASERS_LOOP fxl_lasers_vs_circle
#define LASERS_PLACE FXL_IWRAM_CODE

/* The same test without the port's loop, for the fused sweep loop's poses
 * (sweep.c; frame.h). */
FXL_WARM_CODE
bool fxl__laser_rest_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r)
{
    return laser_hits(l, x, y, r);
}
#endif

/* frame.h: the laser turned by `turn` steps, a copy (the port's
 * fxl__laser_rest_turn reads the laser in place). */
FXL_WARM_CODE
bool fxl__laser_rest_turn_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r, int32_t turn)
{
    fxl_laser p = *l;
    p.angle = (fxl_angle)((uint32_t)l->angle + (uint32_t)turn);
    return fxl__laser_rest_c(&p, x, y, r);
}

/* Many lasers against one circle: per laser, the checks of
 * fxl_laser_prepare and the test of fxl_laser_vs_circle, no prep stored.
 * In blocks of 32, two passes: the checks and the quadrant box for every
 * laser (few live registers: the compiler keeps it tight), collecting the
 * lasers left; then the table reads and the frame tests for those.
 * fxl_sweeps_vs_circle (sweep.c) copies this loop's frame on purpose (the
 * circle's code, the blocks of 32, the hit words): one shared loop would
 * need a function pointer on the hottest path, and each copy keeps its own
 * tests inlined in IWRAM. */
LASERS_PLACE
fxl_result LASERS_LOOP(const fxl_laser *lasers, size_t n, fxl_circle circle, uint32_t *hit_bits,
                       size_t *hits)
{
    fxl_result first = fxl__circle_ok(circle) ? FXL_OK : fxl_circle_check(circle);
    fix16_t x = circle.c.x, y = circle.c.y, r = circle.r;
    size_t i = 0, count = 0;
    /* Nothing hits a circle outside the domain: its code is returned. */
    bool ok = first == FXL_OK;

    /* A NULL array of lasers: refused, nothing hits (n = 0 is fine). */
    if (FXL__UNLIKELY(lasers == NULL) && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    while (i < n) {
        const fxl_laser *block = &lasers[i];
        size_t m = n - i, k, left = 0;
        uint32_t word = 0, bad = 0;
        uint8_t near[32]; /* indices in the block whose quadrant box holds the circle */
        if (m > 32u)
            m = 32u;
        for (k = 0; k < m; k++) {
            const fxl_laser *l = &block[k];
            if (FXL__UNLIKELY(!fxl__laser_fast_ok(l)))
                bad |= 1u << k;
            else if (FXL__UNLIKELY(!fxl__laser_quadrant_far(l, x, y, r)))
                near[left++] = (uint8_t)k;
        }
        for (k = 0; k < left; k++) {
            /* near[0..left-1] were written above. */
            const fxl_laser *l = &block[near[k]]; /* cppcheck-suppress uninitvar */
            if (laser_hits(l, x, y, r) && ok) {
                word |= 1u << near[k];
                count++;
            }
        }
        for (k = 0; bad != 0 && first == FXL_OK; k++, bad >>= 1)
            if ((bad & 1u) != 0)
                first = fxl_laser_check(&block[k]);
        if (hit_bits != NULL)
            *hit_bits++ = word;
        i += m;
    }
    if (hits != NULL)
        *hits = count;
    return first;
}

/* A point of the beam frame (along a, across b, both Q17.17) in the world,
 * rounded to nearest. In the domain a, b < 2^30 and the result is exact
 * before its rounding; outside it every value is computed in 64 bits and
 * the result saturated (meaningless, never undefined). */
FXL_NOINLINE static fxl_vec2 frame_point(fxl_vec2 pos, int64_t c, int64_t s, int64_t a_q17,
                                         int64_t b_q17)
{
    /* |a|, |b| < 2^32 and |c|, |s| <= 2^16: the products fit 64 bits. */
    return fxl_vec2_make(fxl__sat32(pos.x + fxl__round_shift(a_q17 * c - b_q17 * s, 17)),
                         fxl__sat32(pos.y + fxl__round_shift(a_q17 * s + b_q17 * c, 17)));
}

static void core_span(const fxl_laser *laser, int64_t *a0_q17, int64_t *a1_q17)
{
    /* Along-beam ends of the core segment in Q17.17 (exact halves). */
    int64_t len = laser->length;
    *a0_q17 = laser->anchor == FXL_ANCHOR_EMITTER ? 0 : -len;
    *a1_q17 = laser->anchor == FXL_ANCHOR_EMITTER ? 2 * len : len;
}

/* The laser drawing calls use for a NULL one (after FXL_ASSERT: the
 * checked build traps): zero-sized at the origin. */
static const fxl_laser *drawn(const fxl_laser *laser, fxl_laser *zero)
{
    FXL_ASSERT(laser != NULL);
    if (laser != NULL)
        return laser;
    *zero = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, 0, 0);
    return zero;
}

void fxl_laser_quad(const fxl_laser *laser_in, fxl_vec2 out[4])
{
    fxl_laser zero;
    const fxl_laser *laser = drawn(laser_in, &zero);
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle);
    int64_t a0_q17, a1_q17, w_q17 = 2 * (int64_t)laser->half_width;

    core_span(laser, &a0_q17, &a1_q17);
    out[0] = frame_point(laser->pos, c, s, a0_q17, -w_q17);
    out[1] = frame_point(laser->pos, c, s, a1_q17, -w_q17);
    out[2] = frame_point(laser->pos, c, s, a1_q17, w_q17);
    out[3] = frame_point(laser->pos, c, s, a0_q17, w_q17);
}

void fxl_laser_ends(const fxl_laser *laser_in, fxl_vec2 *start, fxl_vec2 *end)
{
    fxl_laser zero;
    const fxl_laser *laser = drawn(laser_in, &zero);
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle);
    int64_t a0_q17, a1_q17;

    core_span(laser, &a0_q17, &a1_q17);
    *start = frame_point(laser->pos, c, s, a0_q17, 0);
    *end = frame_point(laser->pos, c, s, a1_q17, 0);
}
