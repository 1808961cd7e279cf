/* fuzz.h - shared by the libFuzzer harnesses (tests/fuzz/fuzz_<module>.c):
 * the decoder that turns input bytes into int32 fields, the invariant
 * check, the exact references every harness needs, and the domain checks
 * written from the headers' documented limits (not from src/).
 *
 * Host only: clang -fsanitize=fuzzer,address,undefined, the core built in
 * its release configuration (-DNDEBUG: asserts compiled out), so
 * out-of-domain input reaches the arithmetic and UBSan
 * (-fno-sanitize-recover=all) turns any undefined behaviour into a crash.
 * __int128 is fine here (the GBA never builds these files). */
#ifndef FXL_FUZZ_H
#define FXL_FUZZ_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixlaser.h"

typedef __int128 fz_i128;
typedef unsigned __int128 fz_u128;

/* A broken invariant: a crash libFuzzer records with its input. */
#define FZ_CHECK(cond) ((cond) ? (void)0 : fz_fail(#cond, __FILE__, __LINE__))

static inline void fz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
    abort();
}

/* Each harness defines it (libFuzzer's entry point). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the decoder ---------------------------------------------------------------- */

/* The input still to read; past its end every read gives zeros. */
typedef struct fz {
    const uint8_t *p;
    size_t n;
} fz;

static inline fz fz_start(const uint8_t *data, size_t size)
{
    fz f;
    f.p = data;
    f.n = size;
    return f;
}

static inline uint8_t fz_u8(fz *f)
{
    if (f->n == 0)
        return 0;
    f->n--;
    return *f->p++;
}

static inline uint32_t fz_u32(fz *f)
{
    uint32_t v = fz_u8(f);
    v |= (uint32_t)fz_u8(f) << 8;
    v |= (uint32_t)fz_u8(f) << 16;
    return v | (uint32_t)fz_u8(f) << 24;
}

/* 0..n-1 (n >= 1), from one byte when n <= 256. */
static inline uint32_t fz_below(fz *f, uint32_t n)
{
    return n <= 256u ? fz_u8(f) % n : fz_u32(f) % n;
}

static inline bool fz_flag(fz *f)
{
    return (fz_u8(f) & 1u) != 0;
}

/* v + d with wrap-around (any int32 result, no overflow). */
static inline int32_t fz_wrap(int64_t v)
{
    return (int32_t)(uint32_t)(uint64_t)v;
}

/* An int32 about a domain limit lim > 0, any value reachable: a raw word,
 * the edges (+-lim and one past, INT32_MIN/MAX, 0) give or take a few raw
 * units, uniform in -lim..lim, whole pixels with a fraction (some beyond
 * the domain), or a few raw units. nonneg folds the in-domain modes into
 * 0..lim (sizes); the raw and edge modes still give negatives. */
static inline int32_t fz_num(fz *f, int32_t lim, bool nonneg)
{
    uint8_t mode = fz_u8(f);
    int32_t d = (int32_t)(int8_t)fz_u8(f) / 32; /* -4..3 */
    int64_t v;
    switch (mode & 7u) {
    case 0:
        return (int32_t)fz_u32(f);
    case 1: {
        static const int64_t edge[8] = {INT32_MIN, INT32_MAX, 0, 1, 0, 0, 0, 0};
        uint32_t k = fz_below(f, 8);
        v = k < 2 ? edge[k] : k < 4 ? (k == 2 ? lim : -(int64_t)lim) : k < 6 ? (k == 4 ? lim + 1 : -(int64_t)lim - 1) : edge[k - 4];
        return fz_wrap(v + d);
    }
    case 2:
    case 3:
        v = nonneg ? (int64_t)(fz_u32(f) % ((uint32_t)lim + 1u))
                   : (int64_t)(fz_u32(f) % (2u * (uint32_t)lim + 1u)) - lim;
        return (int32_t)v;
    case 4:
    case 5: {
        /* whole pixels and sixteenths, +-2048 px */
        int32_t px = (int32_t)(int16_t)(uint16_t)(fz_u8(f) | (uint32_t)fz_u8(f) << 8);
        v = (int64_t)px * 4096 + d;
        return (int32_t)(nonneg && v < 0 ? -v : v);
    }
    case 6: {
        /* whole pixels, +-32768 px (the coordinate domain ends at 16384) */
        int32_t px = (int32_t)(int16_t)(uint16_t)(fz_u8(f) | (uint32_t)fz_u8(f) << 8);
        v = (int64_t)px * 65536 + d;
        return fz_wrap(nonneg && v < 0 ? -v : v);
    }
    default:
        return nonneg ? (int32_t)(fz_u8(f) & 15u) : d;
    }
}

static inline fix16_t fz_coord(fz *f)
{
    return fz_num(f, FXL_COORD_MAX, false);
}

static inline fix16_t fz_size(fz *f)
{
    return fz_num(f, FXL_SIZE_MAX, true);
}

/* An angle: any int32, mostly small, some at the quadrant edges. */
static inline fxl_angle fz_angle(fz *f)
{
    uint8_t mode = fz_u8(f);
    switch (mode & 3u) {
    case 0:
        return (fxl_angle)fz_u32(f);
    case 1:
        return (fxl_angle)(fz_below(f, 8) * 512u) + (int8_t)fz_u8(f) / 64;
    default:
        return (fxl_angle)(fz_u8(f) | (uint32_t)fz_u8(f) << 8) & 4095;
    }
}

/* An enum field: mostly valid (0..n-1), sometimes any int32. */
static inline int32_t fz_enum(fz *f, int32_t n)
{
    uint8_t mode = fz_u8(f);
    return (mode & 15u) == 15u ? (int32_t)fz_u32(f) : (int32_t)(mode % (uint32_t)n);
}

/* A hit fraction: 1, 0, 1/2, any value in 0..1, or any int32. */
static inline fix16_t fz_fraction(fz *f)
{
    uint8_t mode = fz_u8(f);
    switch (mode & 7u) {
    case 0:
    case 1:
    case 2:
        return fix16_one;
    case 3:
        return (fix16_t)(fz_u32(f) % 65537u);
    case 4:
        return fix16_one / 2;
    case 5:
        return 0;
    case 6:
        return fz_wrap((int64_t)fix16_one + (int8_t)fz_u8(f));
    default:
        return (fix16_t)fz_u32(f);
    }
}

/* A point at frame offset (u, v) (Q16.16) from pos along angle a, with the
 * table's cos and sin, in 64 bits and wrapped: a way to land near a beam. */
static inline fxl_vec2 fz_frame_point(fxl_vec2 pos, fxl_angle a, int64_t u, int64_t v)
{
    int64_t c = fxl_cos(a), s = fxl_sin(a);
    return fxl_vec2_make(fz_wrap(pos.x + (u * c - v * s) / 65536),
                         fz_wrap(pos.y + (u * s + v * c) / 65536));
}

/* A laser with every field decoded: mostly valid kinds and anchors. */
static inline fxl_laser fz_laser(fz *f)
{
    fxl_laser l;
    l.kind = (fxl_laser_kind)fz_enum(f, 2);
    l.anchor = (fxl_laser_anchor)fz_enum(f, 2);
    l.pos.x = fz_coord(f);
    l.pos.y = fz_coord(f);
    l.angle = fz_angle(f);
    l.length = fz_size(f);
    l.half_width = fz_size(f);
    l.hit_fraction = fz_fraction(f);
    return l;
}

/* A circle about a hitbox: the rectangle [lo, hi] x [vlo, vhi] (Q16.16,
 * along and across) of the frame of angle a about p, grown by `round`.
 * Beyond an end, beside it, off a corner (touching give or take a few raw
 * units), inside, or anywhere at all. */
static inline fxl_circle fz_circle_about(fz *f, fxl_vec2 p, fxl_angle a, int64_t lo, int64_t hi,
                                         int64_t vlo, int64_t vhi, int64_t round)
{
    fxl_circle c;
    int64_t u, v, t;
    uint32_t mode = fz_below(f, 6);
    c.c.x = fz_coord(f);
    c.c.y = fz_coord(f);
    c.r = fz_size(f);
    if (mode == 0)
        return c;
    t = (int64_t)c.r + round;
    switch (mode) {
    case 1: /* beyond an end, on the axis */
        u = fz_flag(f) ? hi + t : lo - t;
        v = vlo + (vhi - vlo) / 2;
        break;
    case 2: /* beside, at some point along */
        u = lo + (hi - lo) * fz_u8(f) / 255;
        v = fz_flag(f) ? vhi + t : vlo - t;
        break;
    case 3: { /* off a corner, in direction k */
        fxl_angle k = (fxl_angle)fz_below(f, 1025);
        int64_t du = t * fxl_cos(k) / 65536, dv = t * fxl_sin(k) / 65536;
        u = fz_flag(f) ? hi + du : lo - du;
        v = fz_flag(f) ? vhi + dv : vlo - dv;
        break;
    }
    default: /* inside, or nearly */
        u = lo + (hi - lo) * fz_u8(f) / 255;
        v = vlo + (vhi - vlo) * fz_u8(f) / 255;
        break;
    }
    u += (int8_t)fz_u8(f) / 16;
    v += (int8_t)fz_u8(f) / 16;
    c.c = fz_frame_point(p, a, u, v);
    return c;
}

/* A circle about a laser's own hitbox (fz_circle_about). */
static inline fxl_circle fz_circle_near(fz *f, const fxl_laser *l)
{
    int64_t len = l->length, w = l->kind == FXL_LASER_BOX ? l->half_width : 0;
    bool at_emitter = l->anchor == FXL_ANCHOR_EMITTER;
    return fz_circle_about(f, l->pos, l->angle, at_emitter ? 0 : -len / 2, at_emitter ? len : len / 2, -w, w,
                           l->kind == FXL_LASER_BOX ? 0 : l->half_width);
}

/* A circle about a prepared hitbox (Q32.32 rectangle about lp->pos) at
 * angle a: a sweep's start or end beam. */
static inline fxl_circle fz_circle_about_prep(fz *f, const fxl_laser_prep *lp, fxl_angle a)
{
    return fz_circle_about(f, lp->pos, a, lp->u_lo / 65536, lp->u_hi / 65536, lp->v_lo / 65536,
                           lp->v_hi / 65536, lp->round);
}

/* ---- domains, from the headers ------------------------------------------------ */

/* A set of fxl_result codes: the ones a refusal may name. */
typedef uint32_t fz_codes;
#define FZ_CODE(res) ((fz_codes)1u << (unsigned)(res))

/* The documented domain's verdict: no code when the input is in it, else
 * the codes of every limit it breaks; a refusal must name one of them (the
 * headers do not say which wins when several are broken). */
static inline void fz_check_result(fxl_result got, fz_codes want)
{
    FZ_CHECK((unsigned)got < (unsigned)FXL_ERR_COUNT_);
    if (want == 0)
        FZ_CHECK(got == FXL_OK);
    else
        FZ_CHECK(got != FXL_OK && (want & FZ_CODE(got)) != 0);
}

static inline bool fz_coord_ok(int64_t v)
{
    return v >= -(int64_t)FXL_COORD_MAX && v <= FXL_COORD_MAX;
}

/* The codes of a size v against 0..max. */
static inline fz_codes fz_size_codes(int64_t v, int64_t max, fxl_result negative, fxl_result range)
{
    return (v < 0 ? FZ_CODE(negative) : 0) | (v > max ? FZ_CODE(range) : 0);
}

/* fixlaser.h's numeric range for an fxl_laser (base.h's codes). */
static inline fz_codes fz_laser_codes(const fxl_laser *l)
{
    fz_codes c = 0;
    if (l->kind != FXL_LASER_BOX && l->kind != FXL_LASER_CAPSULE)
        c |= FZ_CODE(FXL_ERR_KIND);
    if (l->anchor != FXL_ANCHOR_EMITTER && l->anchor != FXL_ANCHOR_CENTRE)
        c |= FZ_CODE(FXL_ERR_ANCHOR);
    if (!fz_coord_ok(l->pos.x) || !fz_coord_ok(l->pos.y))
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    c |= fz_size_codes(l->length, FXL_SIZE_MAX, FXL_ERR_LENGTH_NEGATIVE, FXL_ERR_LENGTH_RANGE);
    c |= fz_size_codes(l->half_width, FXL_SIZE_MAX, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (l->hit_fraction < 0 || l->hit_fraction > 65536)
        c |= FZ_CODE(FXL_ERR_FRACTION_RANGE);
    return c;
}

static inline fz_codes fz_circle_codes(fxl_circle c)
{
    fz_codes k = 0;
    if (!fz_coord_ok(c.c.x) || !fz_coord_ok(c.c.y))
        k |= FZ_CODE(FXL_ERR_COORD_RANGE);
    return k | fz_size_codes(c.r, FXL_SIZE_MAX, FXL_ERR_RADIUS_NEGATIVE, FXL_ERR_RADIUS_RANGE);
}

/* ---- exact references ------------------------------------------------------------ */

/* The hitbox half-width: half_width * hit_fraction / 65536 rounded to
 * nearest, halves up (fixlaser.h), for checked fields. */
static inline int64_t fz_hit_width(fix16_t half_width, fix16_t fraction)
{
    return ((int64_t)half_width * fraction + 32768) / 65536;
}

/* The distance beyond the interval [lo, hi] (0 inside). */
static inline fz_i128 fz_beyond(fz_i128 x, fz_i128 lo, fz_i128 hi)
{
    return x < lo ? lo - x : x > hi ? x - hi : 0;
}

/* fixlaser.h's exact test of a circle against a checked laser, as stated
 * there: the centre in the frame of the table vector (Q32.32, nothing
 * rounded), within r of the hitbox rectangle (grown by the hit width for a
 * capsule). Squares below 2^102. */
static inline bool fz_ref_laser_hit(const fxl_laser *l, fxl_circle c)
{
    fz_i128 cs = fxl_cos(l->angle), sn = fxl_sin(l->angle);
    fz_i128 dx = (fz_i128)c.c.x - l->pos.x, dy = (fz_i128)c.c.y - l->pos.y;
    fz_i128 u = cs * dx + sn * dy, v = cs * dy - sn * dx;
    fz_i128 w = fz_hit_width(l->half_width, l->hit_fraction), len = (fz_i128)l->length * 65536;
    bool at_emitter = l->anchor == FXL_ANCHOR_EMITTER, box = l->kind == FXL_LASER_BOX;
    fz_i128 eu = fz_beyond(u, at_emitter ? 0 : -len / 2, at_emitter ? len : len / 2);
    fz_i128 ev = fz_beyond(v, box ? -w * 65536 : 0, box ? w * 65536 : 0);
    fz_i128 t = ((fz_i128)c.r + (box ? 0 : w)) * 65536;
    return eu * eu + ev * ev <= t * t;
}

/* floor(a / 2^s) for any a (no shift of a negative number). */
static inline fz_i128 fz_floor_shift(fz_i128 a, unsigned s)
{
    fz_i128 d = (fz_i128)1 << s;
    fz_i128 q = a / d;
    return q * d > a ? q - 1 : q;
}

/* got is exact / 2^s rounded to nearest (either way on a tie) when that
 * fits an int32, else exact / 2^s saturated to the int32 range. */
static inline bool fz_rounded_or_saturated(int32_t got, fz_i128 exact, unsigned s)
{
    fz_i128 lo = fz_floor_shift(exact, s), hi = lo + (lo * ((fz_i128)1 << s) == exact ? 0 : 1);
    fz_i128 twice = exact * 2 - lo * ((fz_i128)2 << s); /* 2 * (exact - lo 2^s), 0..2^(s+1) */
    fz_i128 best_lo = twice <= ((fz_i128)1 << s) ? lo : hi;
    fz_i128 best_hi = twice >= ((fz_i128)1 << s) ? hi : lo;
    if (best_hi < INT32_MIN)
        return got == INT32_MIN;
    if (best_lo > INT32_MAX)
        return got == INT32_MAX;
    return (got == best_lo || got == best_hi) && got >= INT32_MIN && got <= INT32_MAX;
}

/* Bit i of a hit-bit array. */
static inline bool fz_bit_at(const uint32_t *bits, size_t i)
{
    return ((bits[i >> 5] >> (i & 31u)) & 1u) != 0;
}

/* Words of a hit-bit array before a batch call: a pattern the call must
 * leave alone past ceil(n/32) words. */
#define FZ_UNTOUCHED 0xA5A5A5A5u

/* A batch call's count and bits (words words, filled with FZ_UNTOUCHED
 * before the call) against the single calls' answers hit[0..n-1]. */
static inline void fz_check_bits(size_t got, const uint32_t *bits, size_t words, const bool *hit, size_t n)
{
    size_t i, count = 0;
    for (i = 0; i < n; i++) {
        FZ_CHECK(fz_bit_at(bits, i) == hit[i]);
        count += hit[i];
    }
    FZ_CHECK(got == count);
    for (i = (n + 31) / 32; i < words; i++)
        FZ_CHECK(bits[i] == FZ_UNTOUCHED);
}

/* The domain's edges (fuzz_laser, fuzz_sweep): a laser shape with its
 * length near 0 or FXL_SIZE_MAX and its half-width near FXL_SIZE_MAX, at
 * (0, 0) (the harness places it), and a circle near the origin of radius
 * 0..3 raw units or FXL_SIZE_MAX. */
static inline void fz_edge_shape(fz *f, fxl_laser *shape)
{
    shape->pos = fxl_vec2_make(0, 0);
    shape->kind = fz_flag(f) ? FXL_LASER_CAPSULE : FXL_LASER_BOX;
    shape->anchor = fz_flag(f) ? FXL_ANCHOR_CENTRE : FXL_ANCHOR_EMITTER;
    shape->angle = fz_angle(f);
    shape->length = fz_flag(f) ? FXL_SIZE_MAX - (int32_t)fz_below(f, 256) : (int32_t)fz_below(f, 256);
    shape->half_width = FXL_SIZE_MAX - (int32_t)fz_below(f, 256);
    shape->hit_fraction = fix16_one - (int32_t)fz_below(f, 4);
}

static inline fxl_circle fz_edge_circle(fz *f)
{
    int32_t x = (int32_t)fz_below(f, 65536) - 32768, y = (int32_t)fz_below(f, 65536) - 32768;
    return fxl_circle_make(x, y, fz_flag(f) ? FXL_SIZE_MAX : (int32_t)fz_below(f, 4));
}

/* The last distance d in [0, 0x3F000000) at which hit(ctx, d) holds, by
 * bisection, when hit holds at 0 and not at 0x3F000000; else -1. The edge
 * tests check every answer at d and d + 1. */
static inline int32_t fz_edge_bisect(bool (*hit)(const void *ctx, int32_t d), const void *ctx)
{
    int32_t lo = 0, hi = 0x3F000000;
    if (!hit(ctx, lo) || hit(ctx, hi))
        return -1;
    while (hi - lo > 1) {
        int32_t mid = lo + (hi - lo) / 2;
        if (hit(ctx, mid))
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* A fused call (many objects prepared and tested against one circle in
 * one pass) and the single test of prepared object i. */
typedef fxl_result (*fz_fused_fn)(const void *objects, size_t n, fxl_circle circle, uint32_t *bits,
                                  size_t *hits);
typedef bool (*fz_single_fn)(const void *preps, size_t i, fxl_circle circle);

/* The fused call against prepare + test for n <= 32 objects: res[i] what
 * preparing object i gave. A circle outside the domain hits nothing and its
 * code comes back; otherwise the first refused object's code, or FXL_OK;
 * bit i and the count as the single tests of the accepted objects; the same
 * result without the outputs. */
static inline void fz_check_fused(fz_fused_fn fused, fz_single_fn single, const void *objects,
                                  const void *preps, const fxl_result *res, size_t n, fxl_circle circle)
{
    uint32_t bits[2] = {FZ_UNTOUCHED, FZ_UNTOUCHED};
    size_t hits = 12345, i;
    bool hit[32];
    fz_codes codes = fz_circle_codes(circle);
    fxl_result want = FXL_OK, got = fused(objects, n, circle, bits, &hits);
    FZ_CHECK(fused(objects, n, circle, NULL, NULL) == got);
    FZ_CHECK(bits[1] == FZ_UNTOUCHED);
    if (codes != 0) {
        fz_check_result(got, codes);
        FZ_CHECK(hits == 0 && bits[0] == 0);
        return;
    }
    for (i = 0; i < n; i++) {
        hit[i] = res[i] == FXL_OK && single(preps, i, circle);
        if (want == FXL_OK)
            want = res[i];
    }
    FZ_CHECK(got == want);
    fz_check_bits(hits, bits, 2, hit, n);
}

#endif
