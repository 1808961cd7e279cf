/* wide.h - internal: exact comparisons of sums of squares that do not fit
 * 64 bits, built from 32x32->64 multiplies only (no __int128 on 32-bit ARM).
 * Used on the rare corner paths, never in the common case. */
#ifndef FXL_WIDE_H
#define FXL_WIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

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

/* a - b for a >= b. */
static inline fxl__u128 fxl__sub(fxl__u128 a, fxl__u128 b)
{
    fxl__u128 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

/* a*a + b*b <= t*t exactly, for a, b, t < 2^62. */
static inline bool fxl__sumsq_le(uint64_t a, uint64_t b, uint64_t t)
{
    fxl__u128 s = fxl__add(fxl__sq(a), fxl__sq(b)), q = fxl__sq(t);
    return s.hi < q.hi || (s.hi == q.hi && s.lo <= q.lo);
}

/* Quick decision of a*a + b*b <= t*t for 0 < a, b <= t < 2^46, on the top
 * bits only: with a' = a >> 17 (so a' * 2^17 <= a < (a' + 1) * 2^17, and
 * likewise b', t'), the sum of squares lies in [a'^2 + b'^2, (a'+1)^2 +
 * (b'+1)^2) * 2^34 and t^2 in [t'^2, (t'+1)^2) * 2^34. Returns 1 (<=),
 * 0 (>) when those intervals settle it, -1 when only the exact compare
 * can. a', b', t' < 2^29, every square below 2^59: 32x32->64 multiplies
 * only, three of them (the hit is tested first: one bound fewer to reach
 * it). */
static inline int fxl__sumsq_quick(uint64_t a, uint64_t b, uint64_t t)
{
    uint32_t a1 = (uint32_t)(a >> 17), b1 = (uint32_t)(b >> 17), t1 = (uint32_t)(t >> 17);
    uint64_t t2 = (uint64_t)t1 * t1;
    uint64_t hi = (uint64_t)(a1 + 1u) * (a1 + 1u) + (uint64_t)(b1 + 1u) * (b1 + 1u);
    if (hi <= t2)
        return 1;
    /* lo = a1^2 + b1^2 = hi - 2 (a1 + b1) - 2 and (t1 + 1)^2 = t2 + 2 t1 + 1,
     * so lo >= (t1 + 1)^2 iff hi >= t2 + 2 (a1 + b1 + t1) + 3: two
     * squares fewer, and the term is below 3 * 2^30 + 3 < 2^32. */
    if (hi >= t2 + (2u * (a1 + b1 + t1) + 3u))
        return 0;
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

/* Little-endian base-2^32 limbs: out[0..na+nb-1] = a * b, exactly. */
static inline void fxl__mul_limbs(const uint32_t *a, int na, const uint32_t *b, int nb,
                                  uint32_t *out)
{
    int i, j;
    for (i = 0; i < na + nb; i++)
        out[i] = 0;
    for (i = 0; i < na; i++) {
        uint64_t carry = 0;
        for (j = 0; j < nb; j++) {
            uint64_t t = (uint64_t)a[i] * b[j] + out[i + j] + carry;
            out[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        out[i + nb] = (uint32_t)carry;
    }
}

/* Compares two n-limb numbers: -1, 0 or 1. */
static inline int fxl__cmp_limbs(const uint32_t *a, const uint32_t *b, int n)
{
    while (n-- > 0)
        if (a[n] != b[n])
            return a[n] < b[n] ? -1 : 1;
    return 0;
}

/* a * b as a 128-bit number: four 32x32->64 products. */
static inline fxl__u128 fxl__mul64(uint64_t a, uint64_t b)
{
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu); /* < 3 * 2^32 */
    fxl__u128 r;
    r.lo = (mid << 32) | (ll & 0xFFFFFFFFu);
    r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return r;
}

/* q * d as a 128-bit number in two 32x32->64 products (q < 2^32). */
static inline fxl__u128 fxl__mul32_64(uint32_t q, uint64_t d)
{
    uint64_t lo = (uint64_t)q * (uint32_t)d, hi = (uint64_t)q * (uint32_t)(d >> 32);
    fxl__u128 p;
    p.lo = lo + (hi << 32);
    p.hi = (hi >> 32) + (p.lo < lo ? 1u : 0u);
    return p;
}

/* a * b as a 128-bit number, for a < 2^80 (a.hi < 2^16) and b < 2^48: the
 * product stays below 2^128. */
static inline fxl__u128 fxl__mul128_64(fxl__u128 a, uint64_t b)
{
    fxl__u128 r = fxl__mul64(a.lo, b);
    r.hi += a.hi * b;
    return r;
}

/* a <= b for 128-bit numbers. */
static inline bool fxl__le128(fxl__u128 a, fxl__u128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}

/* Signed 128-bit values for exact cross and dot products of 2^49-sized
 * coordinates: two's complement in (hi, lo). */
typedef struct fxl__i128 {
    int64_t hi;
    uint64_t lo;
} fxl__i128;

/* 0 - m modulo 2^128 (a borrow from lo into hi). */
static inline fxl__u128 fxl__neg128(fxl__u128 m)
{
    fxl__u128 r;
    r.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
    r.lo = 0u - m.lo;
    return r;
}

/* The bits of a signed value, and the signed value of 128 bits. */
static inline fxl__u128 fxl__i128_bits(fxl__i128 a)
{
    fxl__u128 m;
    m.hi = (uint64_t)a.hi;
    m.lo = a.lo;
    return m;
}

static inline fxl__i128 fxl__i128_from(fxl__u128 m)
{
    fxl__i128 r;
    r.hi = fxl__u2i(m.hi);
    r.lo = m.lo;
    return r;
}

/* v as a 128-bit value. */
static inline fxl__i128 fxl__i128_of(int64_t v)
{
    fxl__i128 r;
    r.hi = v < 0 ? -1 : 0;
    r.lo = (uint64_t)v;
    return r;
}

/* a * b exactly, for any int64 a and b with |a|, |b| < 2^63. fxl__imul_u
 * below repeats the negation on purpose: through a shared helper (in
 * place or as a select with fxl__neg128) GCC's ARM code of the slides and
 * the reflections grew, 8 cycles a slide test and 1% a bounce on the GBA. */
static inline fxl__i128 fxl__imul(int64_t a, int64_t b)
{
    uint64_t ma = a < 0 ? 0u - (uint64_t)a : (uint64_t)a;
    uint64_t mb = b < 0 ? 0u - (uint64_t)b : (uint64_t)b;
    fxl__u128 m = fxl__mul64(ma, mb);
    fxl__i128 r;
    if ((a < 0) != (b < 0)) { /* negate: 0 - m with a borrow from lo */
        m.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
        m.lo = 0u - m.lo;
    }
    r.hi = fxl__u2i(m.hi);
    r.lo = m.lo;
    return r;
}

/* a * b exactly for any int64 a and uint64 b < 2^63 + 1 (fxl__imul's
 * negation copied on purpose: see there; bounce.c's imul32_u is the same
 * for an int32 a, in two 32x32 -> 64 products, also on purpose). */
static inline fxl__i128 fxl__imul_u(int64_t a, uint64_t b)
{
    fxl__u128 m = fxl__mul64(fxl__abs64(a), b);
    fxl__i128 r;
    if (a < 0) {
        m.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
        m.lo = 0u - m.lo;
    }
    r.hi = fxl__u2i(m.hi);
    r.lo = m.lo;
    return r;
}

/* a + b and a - b (no overflow for the callers' values, below 2^126). */
static inline fxl__i128 fxl__iadd(fxl__i128 a, fxl__i128 b)
{
    fxl__i128 r;
    r.lo = a.lo + b.lo;
    r.hi = fxl__u2i((uint64_t)a.hi + (uint64_t)b.hi + (r.lo < a.lo ? 1u : 0u));
    return r;
}

static inline fxl__i128 fxl__isub(fxl__i128 a, fxl__i128 b)
{
    fxl__i128 r;
    r.lo = a.lo - b.lo;
    r.hi = fxl__u2i((uint64_t)a.hi - (uint64_t)b.hi - (a.lo < b.lo ? 1u : 0u));
    return r;
}

/* -a (a > -2^127). */
static inline fxl__i128 fxl__ineg(fxl__i128 a)
{
    return fxl__i128_from(fxl__neg128(fxl__i128_bits(a)));
}

/* |a| as an unsigned 128-bit number. */
static inline fxl__u128 fxl__iabs(fxl__i128 a)
{
    fxl__u128 m = fxl__i128_bits(a);
    return a.hi < 0 ? fxl__neg128(m) : m;
}

/* -1, 0 or 1: the sign of a. */
static inline int fxl__isign(fxl__i128 a)
{
    return a.hi < 0 ? -1 : (a.hi > 0 || a.lo != 0) ? 1 : 0;
}

/* sign(a*d - b*c), exactly: the cross product of (a, b) and (c, d). */
static inline int fxl__cross_sign(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return fxl__isign(fxl__isub(fxl__imul(a, d), fxl__imul(b, c)));
}

/* floor(n / d) for 1 <= d < 2^32 and n < d * 2^32 (the quotient fits 32
 * bits), without a division (the ARM7TDMI has none; libgcc's 64-bit one
 * takes thousands of cycles there). With z = d << k in [2^31, 2^32) and x =
 * z / 2^31, r starts at 2^31 (4/3 - 4x/9), the tangent of 2^31 / x at x =
 * 3/2, so below 2^62 / z and within 1/9 of it. Newton steps r += r e,
 * e = 1 - z r / 2^62 >= 0, keep it below while squaring e: 1/9, 2^-6.3,
 * 2^-12.7, 2^-25, then the truncations' 2^-29 or so. The quotient
 * floor(n r 2^k / 2^62) is then at most q and short of it by a few units,
 * which the exact remainder n - q d corrects. */
/* The Newton steps of fxl__div64_32 and their quotient estimate, from a
 * seed r below 2^62 / z (z = d << k in [2^31, 2^32)): at most floor(n /
 * d) and short of it by a few units (how many depends on the seed and the
 * steps: wall.c's bound for its table seed and 2 steps is 11). */
FXL__ALWAYS_INLINE uint32_t fxl__div64_32_estimate(uint64_t n, uint32_t d, unsigned k, uint32_t r,
                                                   unsigned steps)
{
    uint32_t z = d << k;
    uint64_t t;
    unsigned i;
    for (i = 0; i < steps; i++) {
        uint64_t e = ((uint64_t)1 << 62) - (uint64_t)z * r; /* 2^62 e, >= 0 */
        r += (uint32_t)(((uint64_t)r * (uint32_t)(e >> 31)) >> 31);
    }
    /* t = floor(n r / 2^31) < 2^63 (it is at most 2^(31 - k) n / d). */
    t = (((uint64_t)(uint32_t)(n >> 32) * r) << 1) + (((uint64_t)(uint32_t)n * r) >> 31);
    return (uint32_t)(t >> (31 - k));
}

/* That estimate corrected by the exact remainder: floor(n / d).
 * fxl__div64_32 seeds with the tangent and takes 4 steps. Exact whatever
 * the seed below 2^62 / z: its precision only counts the remainder's
 * corrections. */
FXL__ALWAYS_INLINE uint32_t fxl__div64_32_newton(uint64_t n, uint32_t d, unsigned k, uint32_t r,
                                                 unsigned steps)
{
    uint32_t q = fxl__div64_32_estimate(n, d, k, r, steps);
    uint64_t e = n - (uint64_t)q * d;
    while (e >= d) {
        e -= d;
        q++;
    }
    return q;
}

static inline uint32_t fxl__div64_32(uint64_t n, uint32_t d)
{
    unsigned k = fxl__clz32(d);
    uint32_t z = d << k;
    /* 2^33 / 3 = 2863311530.7; 1908874354 / 2^32 >= 4/9, and the -1 keeps
     * r below the tangent after the truncation. */
    uint32_t r = 2863311530u - (uint32_t)(((uint64_t)z * 1908874354u) >> 32) - 1u;
    return fxl__div64_32_newton(n, d, k, r, 4u);
}

/* floor(n / d) for a quotient below 2^32 (n < d * 2^32); *has_rest (may
 * be NULL) tells whether it was inexact. The top bits estimate it: with
 * s = max(0, bits(d) - 32), q' = floor((n >> s) / ((d >> s) + [s > 0])) is
 * at most q and short of it by at most q / 2^31 + 1 <= 3; the exact
 * remainder n - q' d corrects it. q' comes from the compiler's 64-bit
 * division (fxl__div128), or from fxl__div64_32 (or a shift when the
 * divisor is 2^32: fxl__div128_nodiv) in code with 32x32->64 products,
 * ARM code on the GBA, where that is several times faster than libgcc's
 * division (in Thumb code each product is a library call too, and the
 * division is the cheaper). */
static inline uint32_t fxl__div128_by(fxl__u128 n, uint64_t d, bool *has_rest, bool by_products)
{
    /* s = bits(d >> 32) = bits(d) - 32, in 32-bit steps. */
    unsigned s = fxl__bits32((uint32_t)(d >> 32));
    uint32_t q;
    uint64_t nt, e;
    fxl__u128 r, qd;
    /* n >> s < ((d >> s) + 1) * 2^32 <= 2^64: fits. */
    nt = s == 0 ? n.lo : (n.hi << (64 - s)) | (n.lo >> s);
    e = (d >> s) + (s != 0 ? 1u : 0u);
    if (!by_products)
        q = (uint32_t)(nt / e);
    else
        q = e >> 32 != 0 ? (uint32_t)(nt >> 32) : fxl__div64_32(nt, (uint32_t)e);
    qd = fxl__mul64(q, d);
    r = fxl__sub(n, qd);
    while (r.hi != 0 || r.lo >= d) {
        uint64_t lo = r.lo - d;
        r.hi -= (r.lo < d);
        r.lo = lo;
        q++;
    }
    if (has_rest != NULL)
        *has_rest = r.lo != 0;
    return q;
}

static inline uint32_t fxl__div128(fxl__u128 n, uint64_t d, bool *has_rest)
{
    return fxl__div128_by(n, d, has_rest, false);
}

static inline uint32_t fxl__div128_nodiv(fxl__u128 n, uint64_t d, bool *has_rest)
{
    return fxl__div128_by(n, d, has_rest, true);
}

/* floor(v / 2^s) without shifting a negative number; 1 <= s <= 62. */
static inline int64_t fxl__floor_shift(int64_t v, unsigned s)
{
    if (v >= 0)
        return v >> s;
    return -(int64_t)((((uint64_t)(-(v + 1))) >> s) + 1u);
}

/* floor(sqrt(v)) bit by bit: the root's bits from the top, each kept when
 * the square of the root so far plus it stays at most v. */
static inline uint32_t fxl__isqrt32(uint32_t v)
{
    uint32_t root = 0, bit = 1u << 30;
    while (bit > v)
        bit >>= 2;
    while (bit != 0) {
        if (v >= root + bit) {
            v -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return root;
}

/* floor(sqrt(v)) for any 64-bit v: the root r of the top word (32-bit
 * arithmetic), then the low word's 16 bit pairs digit by digit, keeping r
 * = floor(sqrt(p)) and e = p - r^2 <= 2r for the prefix p read so far:
 * with the next pair d, p' = 4p + d and r' = 2r + 1 iff 4e + d >= 4r + 1
 * (e' < 2^34: 64-bit). Half the 64-bit steps of a bit-by-bit loop over v. */
static inline uint32_t fxl__isqrt64(uint64_t v)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v, r;
    uint64_t e;
    int i;
    if (hi == 0)
        return fxl__isqrt32(lo);
    r = fxl__isqrt32(hi);
    e = hi - r * r;
    for (i = 30; i >= 0; i -= 2) {
        uint64_t trial = ((uint64_t)r << 2) | 1u;
        uint32_t up;
        e = (e << 2) | ((lo >> i) & 3u);
        up = e >= trial ? 1u : 0u;
        e -= up != 0 ? trial : 0u;
        r = (r << 1) | up;
    }
    return r;
}

/* v * v exactly, for |v| < 2^63. */
static inline fxl__u128 fxl__sq_signed(int64_t v)
{
    return fxl__sq(fxl__abs64(v));
}

/* v = m 2^e + rest (0 <= rest < 2^e) with m < 2^31: v's top 31 bits (e =
 * 0 and m = v below 2^31). */
static inline uint32_t fxl__top31(fxl__u128 v, unsigned *e)
{
    unsigned n = v.hi != 0 ? 128u - fxl__clz64(v.hi) : 64u - fxl__clz64(v.lo); /* bit length */
    if (n <= 31) {
        *e = 0;
        return (uint32_t)v.lo;
    }
    *e = n - 31u; /* 1 .. 97 */
    return (uint32_t)(*e >= 64 ? v.hi >> (*e - 64u) : (v.lo >> *e) | (v.hi << (64u - *e)));
}

/* The sign of a 2^s - b 2^t (a, b < 2^63): exact, in 64 bits. */
static inline int fxl__cmp_scaled(uint64_t a, unsigned s, uint64_t b, unsigned t)
{
    unsigned d;
    uint64_t q;
    if (s < t)
        return -fxl__cmp_scaled(b, t, a, s);
    d = s - t; /* a 2^d against b */
    if (d >= 63)
        return a != 0 ? 1 : b != 0 ? -1 : 0;
    q = b >> d; /* a 2^d > b iff a > q; a 2^d = b iff a = q and b's low d bits are 0 */
    if (a != q)
        return a > q ? 1 : -1;
    return (b & (((uint64_t)1 << d) - 1u)) != 0 ? -1 : 0;
}

#endif
