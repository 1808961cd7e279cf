/* picolibc_floor.c - floor and ceil for the RV32 test build, replacing
 * those of Debian bookworm's picolibc 1.8, which miss the carry from the
 * low 32-bit word into the high one (picolibc issue #480, fixed upstream
 * by pull request #481): floor(-3156465.68) gives -3156464 there, and the
 * suite's double references (test_angle, test_chain) then disagree with
 * exact answers. Linked before libm, these are the ones the suite uses. */
#include <math.h>
#include <stdint.h>

/* x rounded to an integer: toward minus infinity when down, else toward
 * plus infinity. Works on the bits: the fraction bits of the magnitude are
 * cleared, after adding them all (a carry into the integer part, and on
 * into the exponent if need be) when the magnitude rounds away from 0. */
static double round_to_integer(double x, int down)
{
    union {
        double d;
        uint64_t u;
    } v;
    int e, negative;
    uint64_t frac;
    v.d = x;
    negative = (int)(v.u >> 63);
    e = (int)((v.u >> 52) & 0x7FFu) - 1023;
    if (e >= 52)
        return x; /* an integer already, infinite or NaN */
    if (e < 0) {  /* |x| < 1 */
        if ((v.u << 1) == 0)
            return x; /* +0 or -0 */
        if (down)
            return negative ? -1.0 : 0.0;
        return negative ? -0.0 : 1.0;
    }
    frac = UINT64_C(0x000FFFFFFFFFFFFF) >> e;
    if ((v.u & frac) == 0)
        return x;
    if (negative == down)
        v.u += frac; /* away from zero: the integer part's last bit gains one */
    v.u &= ~frac;
    return v.d;
}

double floor(double x)
{
    return round_to_integer(x, 1);
}

double ceil(double x)
{
    return round_to_integer(x, 0);
}
