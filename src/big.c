/* big.c - the small signed integers of big.h. FXL_ARM_CODE: on the GBA
 * their 32x32->64 products are single UMULLs (Thumb would call a library
 * routine for each). */
#include "big.h"

static void clear(fxl__big *r)
{
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++)
        r->w[i] = 0;
    r->sign = 0;
}

/* The sign of a value whose magnitude is set: 0 if the magnitude is. */
static void fix_sign(fxl__big *r, int32_t sign)
{
    int i;
    r->sign = 0;
    for (i = 0; i < FXL__BIG_LIMBS; i++)
        if (r->w[i] != 0)
            r->sign = sign;
}

FXL_ARM_CODE
void fxl__big_i64(fxl__big *r, int64_t v)
{
    uint64_t m = fxl__abs64(v);
    clear(r);
    r->w[0] = (uint32_t)m;
    r->w[1] = (uint32_t)(m >> 32);
    fix_sign(r, v < 0 ? -1 : 1);
}

FXL_ARM_CODE
void fxl__big_u128(fxl__big *r, fxl__u128 v)
{
    clear(r);
    r->w[0] = (uint32_t)v.lo;
    r->w[1] = (uint32_t)(v.lo >> 32);
    r->w[2] = (uint32_t)v.hi;
    r->w[3] = (uint32_t)(v.hi >> 32);
    fix_sign(r, 1);
}

FXL_ARM_CODE
void fxl__big_i128(fxl__big *r, fxl__i128 v)
{
    fxl__u128 m;
    bool neg = v.hi < 0;
    m.hi = (uint64_t)v.hi;
    m.lo = v.lo;
    if (neg) { /* the magnitude: 0 - m with a borrow from lo */
        m.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
        m.lo = 0u - m.lo;
    }
    fxl__big_u128(r, m);
    r->sign = neg ? -r->sign : r->sign;
}

/* Magnitudes: compare; r = a + b; r = a - b for |a| >= |b|. */
static int mag_cmp(const fxl__big *a, const fxl__big *b)
{
    return fxl__cmp_limbs(a->w, b->w, FXL__BIG_LIMBS);
}

static void mag_add(fxl__big *r, const fxl__big *a, const fxl__big *b)
{
    uint64_t carry = 0;
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t t = (uint64_t)a->w[i] + b->w[i] + carry;
        r->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
}

static void mag_sub(fxl__big *r, const fxl__big *a, const fxl__big *b)
{
    uint32_t borrow = 0;
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t t = (uint64_t)a->w[i] - b->w[i] - borrow;
        r->w[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 63);
    }
}

FXL_ARM_CODE
void fxl__big_mul(fxl__big *r, const fxl__big *a, const fxl__big *b)
{
    int i, j;
    clear(r);
    if (a->sign == 0 || b->sign == 0)
        return;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t carry = 0;
        if (a->w[i] == 0)
            continue;
        for (j = 0; i + j < FXL__BIG_LIMBS; j++) {
            uint64_t t = (uint64_t)a->w[i] * b->w[j] + r->w[i + j] + carry;
            r->w[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    fix_sign(r, a->sign * b->sign);
}

/* a + s b with s = +-1. */
FXL_ARM_CODE static void add_signed(fxl__big *r, const fxl__big *a, const fxl__big *b, int32_t s)
{
    int32_t sa = a->sign, sb = b->sign * s;
    if (sb == 0) {
        *r = *a;
    } else if (sa == 0) {
        *r = *b;
        r->sign = sb;
    } else if (sa == sb) {
        mag_add(r, a, b);
        fix_sign(r, sa);
    } else if (mag_cmp(a, b) >= 0) {
        mag_sub(r, a, b);
        fix_sign(r, sa);
    } else {
        mag_sub(r, b, a);
        fix_sign(r, sb);
    }
}

FXL_ARM_CODE
void fxl__big_add(fxl__big *r, const fxl__big *a, const fxl__big *b)
{
    add_signed(r, a, b, 1);
}

FXL_ARM_CODE
void fxl__big_sub(fxl__big *r, const fxl__big *a, const fxl__big *b)
{
    add_signed(r, a, b, -1);
}

FXL_ARM_CODE
int fxl__big_cmp(const fxl__big *a, const fxl__big *b)
{
    int m;
    if (a->sign != b->sign)
        return a->sign > b->sign ? 1 : -1;
    m = mag_cmp(a, b);
    return a->sign >= 0 ? m : -m;
}

FXL_ARM_CODE
int fxl__big_sign_sqrt(const fxl__big *a, const fxl__big *b, const fxl__big *w)
{
    int32_t sb = w->sign == 0 ? 0 : b->sign; /* sign of b * sqrt(w) */
    fxl__big aa, bb, bbw;
    int sq;
    /* a - b sqrt(w): when the two terms have opposite signs (or one is
     * zero) the sign is plain; otherwise compare a^2 with b^2 w. */
    if (sb == 0)
        return a->sign;
    if (a->sign == 0)
        return -sb;
    if (a->sign != sb)
        return a->sign;
    fxl__big_mul(&aa, a, a);
    fxl__big_mul(&bb, b, b);
    fxl__big_mul(&bbw, &bb, w);
    sq = fxl__big_cmp(&aa, &bbw);
    return a->sign > 0 ? sq : -sq;
}
