/* bigint.h - signed big integers for the tests' exact references (never
 * used by src/): up to 384 bits, every overflow counted by big_faults().
 * Portable C99 (the suite also runs on the GBA, which has no __int128). */
#ifndef FXLT_BIGINT_H
#define FXLT_BIGINT_H

#include <stdint.h>

#define BIG_LIMBS 12

typedef struct big {
    int s;                 /* -1, 0, 1 */
    int n;                 /* limbs in use (0 for zero) */
    uint32_t d[BIG_LIMBS]; /* magnitude, little-endian */
} big;

big big_i64(int64_t v);
big big_add(big a, big b);
big big_neg(big a);
big big_mul(big a, big b);
/* a / d and a / 2^bits, each rounded toward zero (the sign kept). */
big big_div_u32(big a, uint32_t d);
big big_shr(big a, int bits);
/* The nearest double (within a few units in the last place). */
double big_to_double(const big *a);
/* sign(a - b): -1, 0 or 1. The sign of a is a.s. */
int big_cmp(big a, big b);
/* sign(|a| - |b|). */
int big_mag_cmp(const big *a, const big *b);
/* Overflows (results beyond BIG_LIMBS limbs) since the start: 0 or a
 * reference answer was wrong. */
uint32_t big_faults(void);

#endif
