/* bigint.c - signed big integers for the tests' exact references (never
 * used by src/): sign and magnitude, 32-bit limbs, up to BIG_LIMBS limbs.
 * Overflows are counted (big_faults), never silent. */
#include "bigint.h"

static uint32_t big_faults_;

uint32_t big_faults(void)
{
    return big_faults_;
}

static void trim(big *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
    if (a->n == 0)
        a->s = 0;
}

static big bu(uint64_t m, int s)
{
    big a;
    a.d[0] = (uint32_t)m;
    a.d[1] = (uint32_t)(m >> 32);
    a.n = a.d[1] != 0 ? 2 : a.d[0] != 0 ? 1 : 0;
    a.s = a.n != 0 ? s : 0;
    return a;
}

big big_i64(int64_t v)
{
    return v < 0 ? bu(0u - (uint64_t)v, -1) : bu((uint64_t)v, 1);
}

int big_mag_cmp(const big *a, const big *b)
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
static big mag_add(const big *a, const big *b, int s)
{
    big r;
    uint64_t carry = 0;
    int i, n = a->n > b->n ? a->n : b->n;
    for (i = 0; i < n; i++) {
        carry += (uint64_t)(i < a->n ? a->d[i] : 0u) + (i < b->n ? b->d[i] : 0u);
        r.d[i] = (uint32_t)carry;
        carry >>= 32;
    }
    if (carry != 0) {
        if (n == BIG_LIMBS)
            big_faults_++;
        else
            r.d[n++] = (uint32_t)carry;
    }
    r.n = n;
    r.s = s;
    trim(&r);
    return r;
}

/* |a| - |b| (|a| >= |b|) with sign s. */
static big mag_sub(const big *a, const big *b, int s)
{
    big r;
    int64_t borrow = 0;
    int i;
    for (i = 0; i < a->n; i++) {
        int64_t v = (int64_t)a->d[i] - (i < b->n ? (int64_t)b->d[i] : 0) - borrow;
        borrow = v < 0;
        r.d[i] = (uint32_t)(v + (borrow ? ((int64_t)1 << 32) : 0));
    }
    r.n = a->n;
    r.s = s;
    trim(&r);
    return r;
}

big big_add(big a, big b)
{
    int c;
    if (a.s == 0)
        return b;
    if (b.s == 0)
        return a;
    if (a.s == b.s)
        return mag_add(&a, &b, a.s);
    c = big_mag_cmp(&a, &b);
    if (c == 0)
        return bu(0, 0);
    return c > 0 ? mag_sub(&a, &b, a.s) : mag_sub(&b, &a, b.s);
}

big big_neg(big a)
{
    a.s = -a.s;
    return a;
}

big big_mul(big a, big b)
{
    big r;
    int i, j;
    if (a.s == 0 || b.s == 0)
        return bu(0, 0);
    if (a.n + b.n > BIG_LIMBS) {
        big_faults_++;
        return bu(0, 0);
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
    trim(&r);
    return r;
}

big big_div_u32(big a, uint32_t d)
{
    uint64_t rem = 0;
    int i;
    for (i = a.n - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | a.d[i];
        a.d[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    trim(&a);
    return a;
}

big big_shr(big a, int bits)
{
    int limbs = bits / 32, r = bits % 32, i;
    if (limbs >= a.n)
        return bu(0, 0);
    for (i = 0; i < a.n - limbs; i++) {
        uint32_t lo = a.d[i + limbs];
        uint32_t hi = i + limbs + 1 < a.n ? a.d[i + limbs + 1] : 0u;
        a.d[i] = r == 0 ? lo : (lo >> r) | (hi << (32 - r));
    }
    a.n -= limbs;
    trim(&a);
    return a;
}

double big_to_double(const big *a)
{
    double v = 0.0;
    int i;
    for (i = a->n - 1; i >= 0; i--)
        v = v * 4294967296.0 + (double)a->d[i];
    return a->s < 0 ? -v : v;
}

int big_cmp(big a, big b)
{
    /* Signs first; for equal signs the magnitudes decide (reversed when
     * both are negative). */
    if (a.s != b.s)
        return a.s > b.s ? 1 : -1;
    return a.s * big_mag_cmp(&a, &b);
}
