/* frame.h - internal: the exact laser test once the circle centre is in the
 * beam frame, shared by the static test (laser.c) and both ends of the
 * swept test (sweep.c), which computes the frame coordinates only once. */
#ifndef FXL_FRAME_H
#define FXL_FRAME_H

#include "fixlaser/laser.h"

#include "wide.h"

/* The bounding-box reject shared by the static and swept tests, in 32-bit
 * unsigned arithmetic: |x - m| <= e  <=>  (x - m + e) mod 2^32 <= 2e, valid
 * while 2e < 2^32 (the domain keeps the box's half-extent plus r below
 * 2^31). The circle's reach is widened to r / |(c,s)|, rounded up, because
 * the frame is scaled by |(c,s)| (see fxl_laser_prepare). */
static inline bool fxl__near_box(uint32_t mx, uint32_t my, uint32_t hx, uint32_t hy, fix16_t x,
                                 fix16_t y, fix16_t r)
{
    uint32_t rr = (uint32_t)r + ((uint32_t)r >> 14) + 1u;
    uint32_t ex = hx + rr, ey = hy + rr;
    return (uint32_t)x - mx + ex <= 2u * ex && (uint32_t)y - my + ey <= 2u * ey;
}

/* a*a + b*b <= t*t in 128 bits (laser.c, kept out of the hot code). */
bool fxl__corner_hit(uint64_t a, uint64_t b, uint64_t t);

/* The hitbox test in the frame (derivation in laser.c): u = c*dx + s*dy and
 * v = c*dy - s*dx in Q32.32, with d = centre - lp->pos. */
static inline bool fxl__frame_hit(const fxl_laser_prep *lp, int64_t u, int64_t v, fix16_t r)
{
    int64_t t = (int64_t)r * 65536 + lp->round;
    uint64_t eu, ev;

    /* Across first: circles that pass a diagonal beam's bounding box are
     * mostly far to its side. */
    v = (v < 0 ? -v : v) - lp->half_wid;
    if (v > t)
        return false;
    u -= lp->mid;
    u = (u < 0 ? -u : u) - lp->half_len;
    if (u > t || t < 0)
        return false;
    eu = u > 0 ? (uint64_t)u : 0u;
    ev = v > 0 ? (uint64_t)v : 0u;
    if (eu == 0 || ev == 0 || eu + ev <= (uint64_t)t)
        return true; /* on a side, or inside the diamond eu + ev <= t */
    {
        int quick = fxl__sumsq_quick(eu, ev, (uint64_t)t);
        if (quick >= 0)
            return quick != 0;
    }
    return fxl__corner_hit(eu, ev, (uint64_t)t);
}

/* fxl__frame_hit out of line, in IWRAM on the GBA: one copy serves the
 * static test and both ends of the swept test. */
bool fxl__frame_test(const fxl_laser_prep *lp, int64_t u, int64_t v, fix16_t r);

#endif
