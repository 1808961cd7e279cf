/* big.c - the small signed integers of big.h. */
#include "big.h"

static fxl__big zero(void)
{
    fxl__big r;
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++)
        r.w[i] = 0;
    r.sign = 0;
    return r;
}

static void fix_sign(fxl__big *r, int sign)
{
    int i;
    r->sign = 0;
    for (i = 0; i < FXL__BIG_LIMBS; i++)
        if (r->w[i] != 0)
            r->sign = sign;
}

fxl__big fxl__big_i64(int64_t v)
{
    fxl__big r = zero();
    uint64_t m = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
    r.w[0] = (uint32_t)m;
    r.w[1] = (uint32_t)(m >> 32);
    fix_sign(&r, v < 0 ? -1 : 1);
    return r;
}

fxl__big fxl__big_u128(fxl__u128 v)
{
    fxl__big r = zero();
    r.w[0] = (uint32_t)v.lo;
    r.w[1] = (uint32_t)(v.lo >> 32);
    r.w[2] = (uint32_t)v.hi;
    r.w[3] = (uint32_t)(v.hi >> 32);
    fix_sign(&r, 1);
    return r;
}

/* Magnitudes: compare, add, subtract (a >= b). */
static int mag_cmp(const fxl__big *a, const fxl__big *b)
{
    return fxl__cmp_limbs(a->w, b->w, FXL__BIG_LIMBS);
}

static fxl__big mag_add(const fxl__big *a, const fxl__big *b)
{
    fxl__big r = zero();
    uint64_t carry = 0;
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t t = (uint64_t)a->w[i] + b->w[i] + carry;
        r.w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    return r;
}

static fxl__big mag_sub(const fxl__big *a, const fxl__big *b)
{
    fxl__big r = zero();
    uint32_t borrow = 0;
    int i;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t t = (uint64_t)a->w[i] - b->w[i] - borrow;
        r.w[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 63);
    }
    return r;
}

fxl__big fxl__big_mul(fxl__big a, fxl__big b)
{
    fxl__big r = zero();
    int i, j;
    if (a.sign == 0 || b.sign == 0)
        return r;
    for (i = 0; i < FXL__BIG_LIMBS; i++) {
        uint64_t carry = 0;
        if (a.w[i] == 0)
            continue;
        for (j = 0; i + j < FXL__BIG_LIMBS; j++) {
            uint64_t t = (uint64_t)a.w[i] * b.w[j] + r.w[i + j] + carry;
            r.w[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
    }
    fix_sign(&r, a.sign * b.sign);
    return r;
}

fxl__big fxl__big_add(fxl__big a, fxl__big b)
{
    fxl__big r;
    if (a.sign == 0)
        return b;
    if (b.sign == 0)
        return a;
    if (a.sign == b.sign) {
        r = mag_add(&a, &b);
        fix_sign(&r, a.sign);
        return r;
    }
    if (mag_cmp(&a, &b) >= 0) {
        r = mag_sub(&a, &b);
        fix_sign(&r, a.sign);
    } else {
        r = mag_sub(&b, &a);
        fix_sign(&r, b.sign);
    }
    return r;
}

fxl__big fxl__big_sub(fxl__big a, fxl__big b)
{
    b.sign = -b.sign;
    return fxl__big_add(a, b);
}

int fxl__big_cmp(fxl__big a, fxl__big b)
{
    return fxl__big_sub(a, b).sign;
}

int fxl__big_sign_sqrt(fxl__big a, fxl__big b, fxl__big w)
{
    int sb = w.sign == 0 ? 0 : b.sign; /* sign of b * sqrt(w) */
    int sq;
    /* a - b sqrt(w): when the two terms have opposite signs (or one is
     * zero) the sign is plain; otherwise compare a^2 with b^2 w. */
    if (sb == 0)
        return a.sign;
    if (a.sign == 0)
        return -sb;
    if (a.sign != sb)
        return a.sign;
    sq = fxl__big_cmp(fxl__big_mul(a, a), fxl__big_mul(fxl__big_mul(b, b), w));
    return a.sign > 0 ? sq : -sq;
}
