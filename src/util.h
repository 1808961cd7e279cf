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

#endif
