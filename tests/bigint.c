/* bigint.c - signed big integers for the tests' exact references (never
 * used by src/): sign and magnitude, 32-bit limbs, up to BIG_LIMBS limbs.
 * Overflows are counted (big_faults), never silent. */
#include "bigint.h"

uint32_t fxlt_big_faults_;

uint32_t big_faults(void)
{
    return fxlt_big_faults_;
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
    big_trim_(&a);
    return a;
}

big big_shr(big a, int bits)
{
    int limbs = bits / 32, r = bits % 32, i;
    if (limbs >= a.n)
        return big_bu_(0, 0);
    for (i = 0; i < a.n - limbs; i++) {
        uint32_t lo = a.d[i + limbs];
        uint32_t hi = i + limbs + 1 < a.n ? a.d[i + limbs + 1] : 0u;
        a.d[i] = r == 0 ? lo : (lo >> r) | (hi << (32 - r));
    }
    a.n -= limbs;
    big_trim_(&a);
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

