/* big.h - internal: small signed integers of up to 256 bits, for the few
 * exact comparisons of the swept tests that outgrow 128 bits (squares of
 * 2^98-sized values times a 2^33 table norm). Slow and simple on purpose:
 * they run only on rare paths, after cheaper tests failed to decide.
 * Sign and magnitude, little-endian 32-bit limbs; passed by pointer, so a
 * whole sign test needs a few hundred bytes of stack at most. Every
 * operation is exact as long as the true result fits 256 bits (the
 * callers' derivations keep their values below 2^232). */
#ifndef FXL_BIG_H
#define FXL_BIG_H

#include <stdint.h>

#include "fixlaser/config.h"
#include "wide.h"

#define FXL__BIG_LIMBS 8

typedef struct fxl__big {
    uint32_t w[FXL__BIG_LIMBS]; /* magnitude, little-endian */
    int32_t sign;               /* -1, 0 or 1 */
} fxl__big;

/* r = v. */
void fxl__big_i64(fxl__big *r, int64_t v);
void fxl__big_u128(fxl__big *r, fxl__u128 v);
void fxl__big_i128(fxl__big *r, fxl__i128 v);

/* r = a * b (r must not be a or b); r = a + b, r = a - b (r may be a or b). */
void fxl__big_mul(fxl__big *r, const fxl__big *a, const fxl__big *b);
void fxl__big_add(fxl__big *r, const fxl__big *a, const fxl__big *b);
void fxl__big_sub(fxl__big *r, const fxl__big *a, const fxl__big *b);

/* sign(a - b), exactly: -1, 0 or 1. */
int fxl__big_cmp(const fxl__big *a, const fxl__big *b);

/* sign(a - b * sqrt(w)) for w >= 0, exactly (squares when the signs of a
 * and b sqrt(w) agree). */
int fxl__big_sign_sqrt(const fxl__big *a, const fxl__big *b, const fxl__big *w);

#endif
