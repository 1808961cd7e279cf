/* bigint.h - signed big integers for the tests' exact references (never
 * used by src/): up to 384 bits, every overflow counted by big_faults().
 * Portable C99 (the suite also runs on the GBA, which has no __int128). */
#ifndef FXLT_BIGINT_H
#define FXLT_BIGINT_H

#include <stdint.h>

/* A reference needing more bits may define BIG_LIMBS before including
 * this header, and then use only the inline operations below (the
 * out-of-line ones are compiled for 12). */
#ifndef BIG_LIMBS
#define BIG_LIMBS 12
#endif

typedef struct big {
    int s;                 /* -1, 0, 1 */
    int n;                 /* limbs in use (0 for zero) */
    uint32_t d[BIG_LIMBS]; /* magnitude, little-endian */
} big;

/* a / d and a / 2^bits, each rounded toward zero (the sign kept). */
big big_div_u32(big a, uint32_t d);
big big_shr(big a, int bits);
/* The nearest double (within a few units in the last place). */
double big_to_double(const big *a);
/* Overflows (results beyond BIG_LIMBS limbs) since the start: 0 or a
 * reference answer was wrong. */
uint32_t big_faults(void);

/* The operations every reference runs in its inner loops, inline (a call
 * per product copied two 56-byte values in and one out: a fifth of make
 * test's time). big_i64(v): v; big_add(a, b): a + b; big_neg(a): -a;
 * big_mul(a, b): a b; big_cmp(a, b): sign(a - b) (-1, 0 or 1; the sign of
 * a is a.s); big_mag_cmp(a, b): sign(|a| - |b|). Overflows beyond
 * BIG_LIMBS limbs count in fxlt_big_faults_ (big_faults()). */
extern uint32_t fxlt_big_faults_;

static inline void big_trim_(big *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
    if (a->n == 0)
        a->s = 0;
}

static inline big big_bu_(uint64_t m, int s)
{
    big a = {0, 0, {0}};
    a.d[0] = (uint32_t)m;
    a.d[1] = (uint32_t)(m >> 32);
    a.n = a.d[1] != 0 ? 2 : a.d[0] != 0 ? 1 : 0;
    a.s = a.n != 0 ? s : 0;
    return a;
}

static inline big big_i64(int64_t v)
{
    return v < 0 ? big_bu_(0u - (uint64_t)v, -1) : big_bu_((uint64_t)v, 1);
}

static inline int big_mag_cmp(const big *a, const big *b)
{
    int i;
    if (a->n != b->n)
        return a->n > b->n ? 1 : -1;
    for (i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] > b->d[i] ? 1 : -1;
    return 0;
}

/* |a| + |b| with sign s. */
static inline big big_mag_add_(const big *a, const big *b, int s)
{
    big r = {0, 0, {0}}; /* every limb defined: the value is copied whole */
    uint64_t carry = 0;
    int i, n = a->n > b->n ? a->n : b->n;
    for (i = 0; i < n; i++) {
        carry += (uint64_t)(i < a->n ? a->d[i] : 0u) + (i < b->n ? b->d[i] : 0u);
        r.d[i] = (uint32_t)carry;
        carry >>= 32;
    }
    if (carry != 0) {
        if (n == BIG_LIMBS)
            fxlt_big_faults_++;
        else
            r.d[n++] = (uint32_t)carry;
    }
    r.n = n;
    r.s = s;
    big_trim_(&r);
    return r;
}

/* |a| - |b| (|a| >= |b|) with sign s. */
static inline big big_mag_sub_(const big *a, const big *b, int s)
{
    big r = {0, 0, {0}};
    int64_t borrow = 0;
    int i;
    for (i = 0; i < a->n; i++) {
        int64_t v = (int64_t)a->d[i] - (i < b->n ? (int64_t)b->d[i] : 0) - borrow;
        borrow = v < 0;
        r.d[i] = (uint32_t)(v + (borrow ? ((int64_t)1 << 32) : 0));
    }
    r.n = a->n;
    r.s = s;
    big_trim_(&r);
    return r;
}

static inline big big_add(big a, big b)
{
    int c;
    if (a.s == 0)
        return b;
    if (b.s == 0)
        return a;
    if (a.s == b.s)
        return big_mag_add_(&a, &b, a.s);
    c = big_mag_cmp(&a, &b);
    if (c == 0)
        return big_bu_(0, 0);
    return c > 0 ? big_mag_sub_(&a, &b, a.s) : big_mag_sub_(&b, &a, b.s);
}

static inline big big_neg(big a)
{
    a.s = -a.s;
    return a;
}

static inline big big_mul(big a, big b)
{
    big r = {0, 0, {0}};
    int i, j;
    if (a.s == 0 || b.s == 0)
        return big_bu_(0, 0);
    if (a.n + b.n > BIG_LIMBS) {
        fxlt_big_faults_++;
        return big_bu_(0, 0);
    }
    for (i = 0; i < a.n + b.n; i++)
        r.d[i] = 0;
    for (i = 0; i < a.n; i++) {
        uint64_t carry = 0;
        for (j = 0; j < b.n; j++) {
            carry += (uint64_t)a.d[i] * b.d[j] + r.d[i + j];
            r.d[i + j] = (uint32_t)carry;
            carry >>= 32;
        }
        r.d[i + b.n] = (uint32_t)carry;
    }
    r.n = a.n + b.n;
    r.s = a.s * b.s;
    big_trim_(&r);
    return r;
}

static inline int big_cmp(big a, big b)
{
    /* Signs first; for equal signs the magnitudes decide (reversed when
     * both are negative). */
    if (a.s != b.s)
        return a.s > b.s ? 1 : -1;
    return a.s * big_mag_cmp(&a, &b);
}

#endif
