/* util.h - internal: the small idioms every module uses (in the spirit of
 * littlefs's lfs_util.h): branch hints, absolute values, min/max. */
#ifndef FXL_UTIL_H
#define FXL_UTIL_H

#include <stdint.h>

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

static inline int fxl__sign64(int64_t v)
{
    return v > 0 ? 1 : v < 0 ? -1 : 0;
}

static inline int64_t fxl__min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static inline int64_t fxl__max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static inline int32_t fxl__min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static inline int32_t fxl__max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* The leading zero bits of v, 0..31 (31 for 0, as for 1): a binary search
 * in five steps (the ARM7TDMI has no clz instruction). Normalising shifts
 * (v << fxl__clz32(v) has its top bit set) and bit counts use it. */
static inline unsigned fxl__clz32(uint32_t v)
{
    unsigned n = 0;
    if (v < 0x10000u) {
        v <<= 16;
        n += 16;
    }
    if (v < 0x1000000u) {
        v <<= 8;
        n += 8;
    }
    if (v < 0x10000000u) {
        v <<= 4;
        n += 4;
    }
    if (v < 0x40000000u) {
        v <<= 2;
        n += 2;
    }
    return v < 0x80000000u ? n + 1u : n;
}

/* The significant bits of v: 0 for 0, else floor(log2 v) + 1 (a binary
 * search from the top, shifting v down to its leading 1). */
static inline unsigned fxl__bits32(uint32_t v)
{
    unsigned n = 0;
    if (v >= 0x10000u) {
        v >>= 16;
        n += 16;
    }
    if (v >= 0x100u) {
        v >>= 8;
        n += 8;
    }
    if (v >= 0x10u) {
        v >>= 4;
        n += 4;
    }
    if (v >= 0x4u) {
        v >>= 2;
        n += 2;
    }
    if (v >= 0x2u) {
        v >>= 1;
        n += 1;
    }
    return n + v;
}

/* floor(v / 2^s), 1 <= s <= 31, for every int32 v without shifting a
 * negative number: v + 2^31 (an unsigned flip of the sign bit) is a
 * non-negative number with the same floor, 2^31 being a multiple of 2^s. */
static inline int32_t fxl__asr32(int32_t v, unsigned s)
{
    return (int32_t)(((uint32_t)v ^ 0x80000000u) >> s) - (int32_t)(0x80000000u >> s);
}

#endif
