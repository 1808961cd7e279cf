/* test_wide.c - the internal exact-arithmetic helpers of src/wide.h: the
 * 128-bit sum-of-squares compare, its quick interval version, and rounding
 * shifts, against independent computations. */
#include "harness.h"

#include "../src/wide.h"

/* a*a + b*b <= t*t by long multiplication in base 2^16 digits: a different
 * algorithm from wide.h's 32-bit halves. */
static void square_digits(uint64_t x, uint32_t out[8])
{
    uint32_t d[4];
    int i, j;
    for (i = 0; i < 4; i++)
        d[i] = (uint32_t)(x >> (16 * i)) & 0xFFFFu;
    for (i = 0; i < 8; i++)
        out[i] = 0;
    for (i = 0; i < 4; i++) {
        for (j = 0; j < 4; j++) {
            uint32_t p = d[i] * d[j];
            int k = i + j;
            uint32_t carry = p;
            while (carry != 0 && k < 8) { /* add p at digit k, propagating */
                uint32_t sum = out[k] + (carry & 0xFFFFu);
                out[k] = sum & 0xFFFFu;
                carry = (carry >> 16) + (sum >> 16);
                k++;
            }
        }
    }
}

static bool digits_le(uint64_t a, uint64_t b, uint64_t t)
{
    uint32_t x[8], y[8], z[8], s[9];
    uint32_t carry = 0;
    int i;
    square_digits(a, x);
    square_digits(b, y);
    square_digits(t, z);
    for (i = 0; i < 8; i++) {
        uint32_t sum = x[i] + y[i] + carry;
        s[i] = sum & 0xFFFFu;
        carry = sum >> 16;
    }
    s[8] = carry;
    if (s[8] != 0)
        return false;
    for (i = 7; i >= 0; i--)
        if (s[i] != z[i])
            return s[i] < z[i];
    return true;
}

static void sumsq_exact_and_quick(void)
{
    fxlt_rng rng = fxlt_rng_for("sumsq_exact_and_quick");
    uint32_t i, n = FXLT_CASES(1000000), quick_decided = 0;
    for (i = 0; i < n; i++) {
        unsigned bits = 1u + fxlt_below(&rng, 46);
        uint64_t t = (fxlt_next(&rng) >> (64 - bits)) | 1u;
        uint64_t a = 1u + fxlt_next(&rng) % t, b;
        int q;
        bool exact, want;
        /* b near the circle a^2 + b^2 = t^2 half the time. */
        if (i & 1) {
            uint64_t guess = t; /* integer sqrt(t^2 - a^2) by Newton, then nudge */
            uint64_t rest_hi = t - a, rest_lo = t + a; /* t^2 - a^2 = (t-a)(t+a) */
            int k;
            for (k = 0; k < 80 && guess > 0; k++) {
                /* guess = (guess + (t-a)(t+a)/guess) / 2, exact enough in doubles */
                double g = (double)guess, r = (double)rest_hi * (double)rest_lo / g;
                guess = (uint64_t)((g + r) / 2.0);
            }
            b = guess + (uint64_t)fxlt_range(&rng, -2, 2);
            if (b == 0 || b > t)
                b = 1;
        } else {
            b = 1u + fxlt_next(&rng) % t;
        }
        want = digits_le(a, b, t);
        exact = fxl__sumsq_le(a, b, t);
        q = fxl__sumsq_quick(a, b, t);
        if (exact != want)
            CHECK(exact == want);
        if (q >= 0) {
            quick_decided++;
            if ((q != 0) != want)
                CHECK((q != 0) == want);
        }
    }
    fxlt_printf("    sum of squares: %u cases, quick path decided %u, exact path agrees on all\n",
                n, quick_decided);
    CHECK(fxl__sumsq_le(0, 0, 0));
    CHECK(fxl__sumsq_le(3, 4, 5));
    CHECK(!fxl__sumsq_le(3, 4, 4));
    CHECK(fxl__sumsq_le((UINT64_C(1) << 46) - 1, 0, (UINT64_C(1) << 46) - 1));
    CHECK(!fxl__sumsq_le((UINT64_C(1) << 46) - 1, 1, (UINT64_C(1) << 46) - 1));
}

/* floor(n / d) by restoring division, bit by bit: the reference. */
static uint32_t div_restoring(fxl__u128 n, uint64_t d, bool *rest)
{
    uint32_t q = 0;
    int i;
    for (i = 31; i >= 0; i--) {
        fxl__u128 t;
        t.lo = d << i;
        t.hi = i == 0 ? 0u : d >> (64 - i);
        if (fxl__le128(t, n)) {
            uint64_t lo = n.lo - t.lo;
            n.hi = n.hi - t.hi - (n.lo < t.lo);
            n.lo = lo;
            q |= (uint32_t)1 << i;
        }
    }
    *rest = n.hi != 0 || n.lo != 0;
    return q;
}

static void div128(void)
{
    fxlt_rng rng = fxlt_rng_for("div128");
    uint32_t i, n = FXLT_CASES(1000000), bad = 0;
    for (i = 0; i < n; i++) {
        unsigned bits = 1u + fxlt_below(&rng, 64);
        uint64_t d = fxlt_next(&rng) >> (64 - bits);
        uint32_t qwant = (uint32_t)(fxlt_next(&rng) >> (32 + fxlt_below(&rng, 32)));
        uint64_t extra;
        fxl__u128 num;
        bool r1, r2;
        if (d == 0)
            d = 1;
        extra = fxlt_below(&rng, 4) == 0 ? d - 1 : fxlt_next(&rng) % d; /* remainder < d */
        num = fxl__mul64(qwant, d);
        num.lo += extra;
        num.hi += num.lo < extra;
        if (fxl__div128(num, d, &r1) != div_restoring(num, d, &r2) || r1 != r2)
            bad++;
        if (fxl__div128_nodiv(num, d, &r1) != div_restoring(num, d, &r2) || r1 != r2)
            bad++;
    }
    fxlt_printf("    128/64-bit division: %u cases against restoring division, %u wrong\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* The division-free 64/32-bit quotient behind fxl__div128, against the
 * compiler's division: random quotients of every size, the largest
 * remainders, divisors at and around every power of two. */
static void div64_32(void)
{
    static const uint32_t edge_d[] = {1u, 2u, 3u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                                      0xFFFFFFFEu, 0xFFFFFFFFu, 0x10000u, 0xFFFFu, 12345u};
    fxlt_rng rng = fxlt_rng_for("div64_32");
    uint32_t i, n = FXLT_CASES(1000000), bad = 0, tried = 0;
    size_t j;
    for (i = 0; i < n; i++) {
        unsigned bits = 1u + fxlt_below(&rng, 32);
        uint32_t d = (uint32_t)(fxlt_next(&rng) >> (64 - bits));
        uint64_t q = fxlt_next(&rng) >> (32 + fxlt_below(&rng, 32)), nn;
        if (d == 0)
            d = 1;
        if (i % 8 == 0)
            d = (uint32_t)1 << (i / 8 % 32);
        nn = q * d + (i % 3 == 0 ? d - 1u : fxlt_next(&rng) % d);
        tried++;
        if (fxl__div64_32(nn, d) != nn / d)
            bad++;
    }
    for (j = 0; j < FXLT_COUNT(edge_d); j++) {
        uint64_t d = edge_d[j], top = d * UINT64_C(0xFFFFFFFF) + (d - 1u); /* the largest n */
        static const uint64_t small[] = {0u, 1u, 2u, 0xFFFFFFFFu, UINT64_C(0x100000000)};
        size_t k;
        for (k = 0; k < FXLT_COUNT(small); k++) {
            if (small[k] <= top) {
                tried += 2;
                bad += fxl__div64_32(small[k], (uint32_t)d) != small[k] / d;
                bad += fxl__div64_32(top - small[k], (uint32_t)d) != (top - small[k]) / d;
            }
        }
    }
    fxlt_printf("    64/32-bit division: %u cases against the compiler's, %u wrong\n", tried, bad);
    CHECK_EQ(bad, 0);
}

static void round_shift(void)
{
    static const int64_t v[] = {0, 1, -1, 65535, 65536, 98304, -98304, 98303, -98303, -98305,
                                INT64_C(-0x7FFFFFFFFFFF), INT64_C(0x7FFFFFFFFFFF)};
    size_t i;
    for (i = 0; i < FXLT_COUNT(v); i++) {
        /* floor(v / 2^16 + 1/2) by exact integer division. */
        int64_t num = 2 * v[i] + 65536, den = 131072;
        int64_t want = num / den - ((num % den != 0 && num < 0) ? 1 : 0);
        CHECK_EQ(fxl__round_shift(v[i], 16), want);
    }
}

static const fxlt_case cases[] = {
    {"sumsq_exact_and_quick", sumsq_exact_and_quick},
    {"div128", div128},
    {"div64_32", div64_32},
    {"round_shift", round_shift},
};

const fxlt_suite fxlt_suite_wide = {"wide", cases, FXLT_COUNT(cases)};
