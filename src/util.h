/* util.h - internal: the small idioms every module uses (in the spirit of
 * littlefs's lfs_util.h): branch hints, absolute values and signs, min, max
 * and clamps, two's complement conversions, shifts and bit searches, a
 * 32-bit Q16 product, and box helpers. Each is defined for every input
 * (no signed overflow, no shift of a negative value). The input-domain
 * predicates and the error codes of validation are in domain.h, 128-bit
 * arithmetic in wide.h. */
#ifndef FXL_UTIL_H
#define FXL_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "fixlaser/base.h"

/* A branch the hot loops expect not to take (rejects are the common case). */
#if defined(__GNUC__)
#define FXL__UNLIKELY(x) __builtin_expect(!!(x), 0)
#define FXL__LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define FXL__UNLIKELY(x) (x)
#define FXL__LIKELY(x) (x)
#endif

/* A helper that must be inlined into its (IWRAM) caller: left out of line
 * it would be compiled as Thumb code in ROM on the GBA. */
#if defined(__GNUC__)
#define FXL__ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define FXL__ALWAYS_INLINE static inline
#endif

/* |v| as unsigned: defined for INT32_MIN / INT64_MIN too. */
static inline uint32_t fxl__abs32(int32_t v)
{
    return v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
}

static inline uint64_t fxl__abs64(int64_t v)
{
    return v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
}

/* -1, 0 or 1: the sign of v. A ternary on purpose: written (v > 0) - (v <
 * 0), GCC's ARM code made the GBA's fused frame 9 cycles longer. */
static inline int fxl__sign64(int64_t v)
{
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* min and max, signed and unsigned (one line each: the same shape). */
static inline int64_t fxl__min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t fxl__max64(int64_t a, int64_t b) { return a > b ? a : b; }
static inline int32_t fxl__min32(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t fxl__max32(int32_t a, int32_t b) { return a > b ? a : b; }
static inline uint32_t fxl__minu32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t fxl__maxu32(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline uint64_t fxl__minu64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* v clamped into [lo, hi] (lo <= hi). */
static inline int32_t fxl__clamp32(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static inline int64_t fxl__clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* v saturated to the int32 range (an out-of-domain result stays out of
 * the domain, never wraps back into it). */
static inline int32_t fxl__sat32(int64_t v)
{
    return (int32_t)fxl__clamp64(v, INT32_MIN, INT32_MAX);
}

/* The int32 / int64 whose two's complement bits are v (no
 * implementation-defined conversion). */
static inline int32_t fxl__u2i32(uint32_t v)
{
    return v >> 31 != 0 ? -(int32_t)(~v) - 1 : (int32_t)v;
}

static inline int64_t fxl__u2i(uint64_t v)
{
    return v >> 63 != 0 ? -(int64_t)(~v) - 1 : (int64_t)v;
}

/* a - b and a + b with wrap-around (defined for every input; exact when
 * the true value fits): an offset between two coordinates, a point moved. */
FXL__ALWAYS_INLINE int32_t fxl__offset(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a - (uint32_t)b);
}

FXL__ALWAYS_INLINE int32_t fxl__wrap_add(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

static inline int64_t fxl__wsub64(int64_t a, int64_t b)
{
    return fxl__u2i((uint64_t)a - (uint64_t)b);
}

/* -m when neg, else m, as an int32 (exact for m <= 2^31 - 1, or 2^31 when
 * neg; wrapped, defined, beyond). */
static inline int32_t fxl__neg_if32(uint32_t m, bool neg)
{
    return fxl__u2i32(neg ? 0u - m : m);
}

/* floor(a b / 2^16) for b <= 2^16 (a Q16.16 factor of at most 1), in two
 * 32-bit products (Thumb code has no long multiply): a b = (a >> 16) b
 * 2^16 + (a & 0xFFFF) b exactly, each part below 2^32. */
static inline uint32_t fxl__mul_q16_floor(uint32_t a, uint32_t b)
{
    return (a >> 16) * b + (((a & 0xFFFFu) * b) >> 16);
}

/* The same for any b, in three products: with a = ah 2^16 + al and b = bh
 * 2^16 + bl, it is ah b + al bh + floor(al bl / 2^16); each term fits when
 * ah b does (the result below 2^32). */
static inline uint32_t fxl__mul_q16_floor_wide(uint32_t a, uint32_t b)
{
    return (a >> 16) * b + (a & 0xFFFFu) * (b >> 16) + (((a & 0xFFFFu) * (b & 0xFFFFu)) >> 16);
}

/* The leading zero bits of v, 0..31 (31 for 0, as for 1): a binary search
 * in five steps (the ARM7TDMI has no clz instruction). Normalising shifts
 * (v << fxl__clz32(v) has its top bit set) and bit counts use it. Copied on
 * purpose in curvy.c's seg_length, which stops at the 2-bit step (an even
 * shift is all its square root needs; this helper cost it 25 cycles a push). */
static inline unsigned fxl__clz32(uint32_t v)
{
    unsigned n = 0;
    if (v < 0x10000u)
        v <<= 16, n += 16;
    if (v < 0x1000000u)
        v <<= 8, n += 8;
    if (v < 0x10000000u)
        v <<= 4, n += 4;
    if (v < 0x40000000u)
        v <<= 2, n += 2;
    return v < 0x80000000u ? n + 1u : n;
}

/* The significant bits of v: 0 for 0, else floor(log2 v) + 1. */
static inline unsigned fxl__bits32(uint32_t v)
{
    return v != 0 ? 32u - fxl__clz32(v) : 0u;
}

/* The same for 64 bits: leading zeros 0..63 (63 for 0), significant bits
 * 0..64. */
static inline unsigned fxl__clz64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32);
    return hi != 0 ? fxl__clz32(hi) : 32u + fxl__clz32((uint32_t)v);
}

static inline unsigned fxl__bits64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32);
    return hi != 0 ? 32u + fxl__bits32(hi) : fxl__bits32((uint32_t)v);
}

/* floor(v / 2^s), 1 <= s <= 31, for every int32 v without shifting a
 * negative number: v + 2^31 (an unsigned flip of the sign bit) is a
 * non-negative number with the same floor, 2^31 being a multiple of 2^s. */
static inline int32_t fxl__asr32(int32_t v, unsigned s)
{
    return (int32_t)(((uint32_t)v ^ 0x80000000u) >> s) - (int32_t)(0x80000000u >> s);
}

/* Boxes (closed, fxl_aabb; the helpers read their fields as plain int32,
 * whatever the format). The box of two points: */
static inline fxl_aabb fxl__aabb_span(fxl_vec2 a, fxl_vec2 b)
{
    fxl_aabb r;
    r.lo.x = fxl__min32(a.x, b.x);
    r.lo.y = fxl__min32(a.y, b.y);
    r.hi.x = fxl__max32(a.x, b.x);
    r.hi.y = fxl__max32(a.y, b.y);
    return r;
}

/* The smallest box holding a and b. */
static inline fxl_aabb fxl__aabb_union(fxl_aabb a, fxl_aabb b)
{
    fxl_aabb r;
    r.lo.x = fxl__min32(a.lo.x, b.lo.x);
    r.lo.y = fxl__min32(a.lo.y, b.lo.y);
    r.hi.x = fxl__max32(a.hi.x, b.hi.x);
    r.hi.y = fxl__max32(a.hi.y, b.hi.y);
    return r;
}

/* a moved by the offsets of box b (the Minkowski sum of the two boxes). */
static inline fxl_aabb fxl__aabb_add(fxl_aabb a, fxl_aabb b)
{
    fxl_aabb r;
    r.lo.x = a.lo.x + b.lo.x;
    r.lo.y = a.lo.y + b.lo.y;
    r.hi.x = a.hi.x + b.hi.x;
    r.hi.y = a.hi.y + b.hi.y;
    return r;
}

/* a grown by e on every side (the caller keeps the bounds in range). */
static inline fxl_aabb fxl__aabb_grow(fxl_aabb a, int32_t e)
{
    fxl_aabb r;
    r.lo.x = a.lo.x - e;
    r.lo.y = a.lo.y - e;
    r.hi.x = a.hi.x + e;
    r.hi.y = a.hi.y + e;
    return r;
}

/* Whether two closed boxes share a point. */
static inline bool fxl__aabb_meets(const fxl_aabb *a, const fxl_aabb *b)
{
    return a->lo.x <= b->hi.x && a->hi.x >= b->lo.x && a->lo.y <= b->hi.y && a->hi.y >= b->lo.y;
}

#endif
