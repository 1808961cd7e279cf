/* muldi3_68000.c - libgcc's __muldi3 (the low 64 bits of a 64x64 product)
 * for the plain 68000, from 16x16->32 MULU.W products only. Any 68000
 * toolchain's libgcc (SGDK's, a -m68000 multilib) has one; Debian's m68k
 * libgcc is built for the 68020 and its __muldi3 uses MULU.L, an illegal
 * instruction on a 68000. Linked into the m68k test and benchmark builds
 * (tools/retro.mk), so that the suite checks it on every product the core
 * makes and make bench-retro counts a 68000's instructions.
 *
 * With x = x1 * 2^16 + x0 (16-bit halves), x * y mod 2^64 for 32-bit x, y
 * is p11 * 2^32 + (p01 + p10) * 2^16 + p00, where pij = xi * yj < 2^32;
 * a 64-bit a * b mod 2^64 is lo(a) * lo(b) + (lo(a) * hi(b) + hi(a) *
 * lo(b)) * 2^32, of whose cross terms only the low 32 bits count: ten
 * MULU.W in all. */
#include <stdint.h>

uint64_t __muldi3(uint64_t a, uint64_t b);

/* x0 * y0, the low 16-bit halves: one MULU.W (GCC would call __mulsi3
 * for the C form; MULU.W reads the low words and writes all 32 bits). */
static uint32_t mul16(uint32_t x, uint32_t y)
{
    __asm__("mulu.w %1,%0" : "+d"(x) : "d"(y) : "cc");
    return x;
}

/* x * y mod 2^32: three MULU.W (p11 only shifts out). */
static uint32_t mul32_lo(uint32_t x, uint32_t y)
{
    return mul16(x, y) + ((mul16(x, y >> 16) + mul16(x >> 16, y)) << 16);
}

uint64_t __muldi3(uint64_t a, uint64_t b)
{
    uint32_t x = (uint32_t)a, y = (uint32_t)b;
    uint32_t p00 = mul16(x, y), p01 = mul16(x, y >> 16), p10 = mul16(x >> 16, y);
    uint32_t p11 = mul16(x >> 16, y >> 16);
    /* The middle column: at most 3 * (2^16 - 1) < 2^18, no overflow. */
    uint32_t mid = (p00 >> 16) + (p01 & 0xFFFFu) + (p10 & 0xFFFFu);
    uint32_t lo = (p00 & 0xFFFFu) | (mid << 16);
    uint32_t hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
    hi += mul32_lo(x, (uint32_t)(b >> 32)) + mul32_lo((uint32_t)(a >> 32), y);
    return ((uint64_t)hi << 32) | lo;
}
