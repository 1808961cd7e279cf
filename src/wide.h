/* wide.h - internal: exact comparisons of sums of squares that do not fit
 * 64 bits, built from 32x32->64 multiplies only (no __int128 on 32-bit ARM).
 * Used on the rare corner paths, never in the common case. */
#ifndef FXL_WIDE_H
#define FXL_WIDE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct fxl__u128 {
    uint64_t hi;
    uint64_t lo;
} fxl__u128;

/* x*x exactly, for x < 2^63. */
static inline fxl__u128 fxl__sq(uint64_t x)
{
    uint64_t xh = x >> 32, xl = x & 0xFFFFFFFFu;
    uint64_t ll = xl * xl, cross = (xh * xl) << 1, hh = xh * xh; /* xh*xl < 2^63 */
    fxl__u128 r;
    r.lo = ll + (cross << 32);
    r.hi = hh + (cross >> 32) + (r.lo < ll);
    return r;
}

static inline fxl__u128 fxl__add(fxl__u128 a, fxl__u128 b)
{
    fxl__u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

/* a*a + b*b <= t*t exactly, for a, b, t < 2^62. */
static inline bool fxl__sumsq_le(uint64_t a, uint64_t b, uint64_t t)
{
    fxl__u128 s = fxl__add(fxl__sq(a), fxl__sq(b)), q = fxl__sq(t);
    return s.hi < q.hi || (s.hi == q.hi && s.lo <= q.lo);
}

/* Quick decision of a*a + b*b <= t*t for 0 < a, b <= t < 2^46, on the top
 * bits only: with a' = a >> 15 (so a' * 2^15 <= a < (a' + 1) * 2^15, and
 * likewise b', t'), the sum of squares lies in [a'^2 + b'^2, (a'+1)^2 +
 * (b'+1)^2) * 2^30 and t^2 in [t'^2, (t'+1)^2) * 2^30. Returns 1 (<=),
 * 0 (>) when those intervals settle it, -1 when only the exact compare
 * can. Every square is below 2^62: 32x32->64 multiplies only. */
static inline int fxl__sumsq_quick(uint64_t a, uint64_t b, uint64_t t)
{
    uint32_t a1 = (uint32_t)(a >> 15), b1 = (uint32_t)(b >> 15), t1 = (uint32_t)(t >> 15);
    uint64_t lo = (uint64_t)a1 * a1 + (uint64_t)b1 * b1;
    uint64_t hi = (uint64_t)(a1 + 1u) * (a1 + 1u) + (uint64_t)(b1 + 1u) * (b1 + 1u);
    if (lo >= (uint64_t)(t1 + 1u) * (t1 + 1u))
        return 0;
    if (hi <= (uint64_t)t1 * t1)
        return 1;
    return -1;
}

/* round(v / 2^s) with ties toward +infinity, without shifting a negative
 * number (implementation-defined in C99). 1 <= s <= 62. */
static inline int64_t fxl__round_shift(int64_t v, unsigned s)
{
    int64_t half = (int64_t)1 << (s - 1);
    if (v >= -half)
        return (v + half) >> s;
    return -(int64_t)(((uint64_t)(-(v + half)) + ((uint64_t)1 << s) - 1u) >> s);
}

#endif
