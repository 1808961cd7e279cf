/* big.h - internal: small signed integers of up to 288 bits, for the few
 * exact comparisons of the swept tests that outgrow 128 bits (squares of
 * 2^98-sized values times a 2^33 table norm). Slow and simple on purpose:
 * they run only on rare paths, after cheaper tests failed to decide.
 * Sign and magnitude; the magnitude is FXL__BIG_LIMBS little-endian 32-bit
 * limbs. Every operation is exact as long as the true result fits (the
 * callers' derivations bound their values well below 2^288). */
#ifndef FXL_BIG_H
#define FXL_BIG_H

#include <stdint.h>

#include "wide.h"

#define FXL__BIG_LIMBS 9

typedef struct fxl__big {
    uint32_t w[FXL__BIG_LIMBS]; /* magnitude, little-endian */
    int sign;                   /* -1, 0 or 1 */
} fxl__big;

/* From a signed 64-bit value / an unsigned 128-bit value. */
fxl__big fxl__big_i64(int64_t v);
fxl__big fxl__big_u128(fxl__u128 v);

/* a * b, a + b, a - b. */
fxl__big fxl__big_mul(fxl__big a, fxl__big b);
fxl__big fxl__big_add(fxl__big a, fxl__big b);
fxl__big fxl__big_sub(fxl__big a, fxl__big b);

/* sign(a - b), exactly: -1, 0 or 1. */
int fxl__big_cmp(fxl__big a, fxl__big b);

/* sign(a - b * sqrt(w)) for w >= 0, exactly (squares when the signs of
 * a and b*sqrt(w) agree). */
int fxl__big_sign_sqrt(fxl__big a, fxl__big b, fxl__big w);

#endif
