/* shapes.c - circle and AABB overlap tests, exact in 64-bit integers. */
#include "fixlaser/shapes.h"

#include "domain.h"
#include "util.h"

/* |a - b| of two in-domain coordinates: below 2^31, exact in uint32_t. */
static uint32_t gap(fix16_t a, fix16_t b)
{
    return a >= b ? (uint32_t)a - (uint32_t)b : (uint32_t)b - (uint32_t)a;
}

/* dx^2 + dy^2 <= reach^2. With dx, dy < 2^31 the sum is below 2^63 and
 * reach <= 2^29, so uint64_t holds every term exactly. */
static bool within(uint32_t dx, uint32_t dy, uint32_t reach)
{
    if (dx > reach || dy > reach)
        return false;
    return (uint64_t)dx * dx + (uint64_t)dy * dy <= (uint64_t)reach * reach;
}

bool fxl_circle_vs_circle(fxl_circle a, fxl_circle b)
{
    FXL_ASSERT(fxl_circle_check(a) == FXL_OK && fxl_circle_check(b) == FXL_OK);
    return within(gap(a.c.x, b.c.x), gap(a.c.y, b.c.y), (uint32_t)a.r + (uint32_t)b.r);
}

/* A port may supply fxl_circles_vs_circle itself (FXL_PORT_CIRCLES_VS_CIRCLE,
 * config.h); the portable loop below is then compiled, out of IWRAM, as
 * fxl__circles_vs_circle_c, the reference the tests compare it with. */
#if FXL_PORT_CIRCLES_VS_CIRCLE
#define CIRCLES_LOOP fxl__circles_vs_circle_c
#define CIRCLES_PLACE
size_t fxl__circles_vs_circle_c(const fxl_circle *circles, size_t n, fxl_circle circle,
                                uint32_t *hit_bits);
#else
#define CIRCLES_LOOP fxl_circles_vs_circle
#define CIRCLES_PLACE FXL_IWRAM_CODE
#endif

/* A circle that passed the x window: the y window the same way (mod 2^32,
 * as the port's routine does it), then the exact square (out of the loop:
 * a few per cent of a frame's bullets). */
CIRCLES_PLACE
static bool near_x(const fxl_circle *c, uint32_t px, uint32_t py, uint32_t pr)
{
    uint32_t e = (uint32_t)c->r + pr;
    if ((uint32_t)c->c.y - py + e > 2u * e)
        return false;
    return within(gap(c->c.x, (fix16_t)px), gap(c->c.y, (fix16_t)py), e);
}

/* The bullets' loop: a 32-bit reject on x (|d| <= reach  <=>  (d + reach)
 * mod 2^32 <= 2 reach, valid while 2 reach < 2^32, which the domain's radii
 * keep), the exact test out of line for the few that pass. */
CIRCLES_PLACE
size_t CIRCLES_LOOP(const fxl_circle *circles, size_t n, fxl_circle circle, uint32_t *hit_bits)
{
    uint32_t px = (uint32_t)circle.c.x, py = (uint32_t)circle.c.y, pr = (uint32_t)circle.r;
    size_t hits = 0;
    const fxl_circle *p = circles;
    size_t left = n;

    FXL_ASSERT((circles != NULL || n == 0) && fxl_circle_check(circle) == FXL_OK);
    /* Every bullet in the domain: a pass of its own, so the loop below
     * stays as it is; empty, and compiled away, where FXL_ASSERT is. */
    for (; left != 0; left--, p++)
        FXL_ASSERT(fxl__circle_ok(*p));
    p = circles, left = n;
    /* Counted, no end pointer: (NULL, 0), a valid empty batch, does no
     * pointer arithmetic on NULL (NULL + 0 is undefined in C99 6.5.6). */
    while (left != 0) {
        size_t k = left > 32 ? 32 : left;
        const fxl_circle *stop = p + k;
        uint32_t word = 0, bit = 1;
        left -= k;
        /* Four at a time (the loop's own cost is a third of a reject), then
         * the rest of the block one by one. */
        for (; stop - p >= 4; p += 4, bit <<= 4) {
            uint32_t e0 = (uint32_t)p[0].r + pr, e1 = (uint32_t)p[1].r + pr;
            uint32_t e2 = (uint32_t)p[2].r + pr, e3 = (uint32_t)p[3].r + pr;
            if (FXL__UNLIKELY((uint32_t)p[0].c.x - px + e0 <= 2u * e0) && near_x(&p[0], px, py, pr))
                word |= bit, hits++;
            if (FXL__UNLIKELY((uint32_t)p[1].c.x - px + e1 <= 2u * e1) && near_x(&p[1], px, py, pr))
                word |= bit << 1, hits++;
            if (FXL__UNLIKELY((uint32_t)p[2].c.x - px + e2 <= 2u * e2) && near_x(&p[2], px, py, pr))
                word |= bit << 2, hits++;
            if (FXL__UNLIKELY((uint32_t)p[3].c.x - px + e3 <= 2u * e3) && near_x(&p[3], px, py, pr))
                word |= bit << 3, hits++;
        }
        for (; p != stop; p++, bit <<= 1) {
            uint32_t e = (uint32_t)p->r + pr;
            if (FXL__UNLIKELY((uint32_t)p->c.x - px + e <= 2u * e) && near_x(p, px, py, pr))
                word |= bit, hits++;
        }
        if (hit_bits != NULL)
            *hit_bits++ = word;
    }
    return hits;
}

bool fxl_circle_vs_point(fxl_circle circle, fxl_vec2 point)
{
    FXL_ASSERT(fxl_circle_check(circle) == FXL_OK);
    return within(gap(circle.c.x, point.x), gap(circle.c.y, point.y), (uint32_t)circle.r);
}

/* Distance from v to the interval [lo, hi] (0 inside). */
static uint32_t outside(fix16_t v, fix16_t lo, fix16_t hi)
{
    return v < lo ? (uint32_t)lo - (uint32_t)v : v > hi ? (uint32_t)v - (uint32_t)hi : 0u;
}

bool fxl_aabb_vs_circle(fxl_aabb box, fxl_circle circle)
{
    FXL_ASSERT(fxl_aabb_check(box) == FXL_OK && fxl_circle_check(circle) == FXL_OK);
    /* The nearest point of the box is the centre clamped into it. */
    return within(outside(circle.c.x, box.lo.x, box.hi.x),
                  outside(circle.c.y, box.lo.y, box.hi.y), (uint32_t)circle.r);
}

bool fxl_aabb_vs_aabb(fxl_aabb a, fxl_aabb b)
{
    return fxl__aabb_meets(&a, &b);
}
