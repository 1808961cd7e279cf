/* coarse.h - internal: the walls' coarse boxes (fxl_wall_prep's coarse_lo
 * and coarse_hi, packed as fixlaser/wall.h states), shared by the moves
 * (wall.c) and the casts (cast_parts.h, cast.c). */
#ifndef FXL_COARSE_H
#define FXL_COARSE_H

#include "util.h"

#define FXL__COARSE_GUARD 0x80008000u /* the guard bit above each half */
#define FXL__COARSE_ONES 0x00010001u  /* one in each half */

/* A coordinate at 2 px resolution, 15 bits in the order of the int32
 * values. */
FXL__ALWAYS_INLINE uint32_t fxl__coarse(int32_t v)
{
    return ((uint32_t)v ^ 0x80000000u) >> 17;
}

/* A box's low corner (x, y) and high corner packed: a wall's coarse_lo and
 * coarse_hi; a query box is packed the other way round (its high corner as
 * m_hi, its low corner as m_lo). */
FXL__ALWAYS_INLINE uint32_t fxl__coarse_lo(int32_t x, int32_t y)
{
    return (fxl__coarse(x) << 16 | fxl__coarse(y)) | FXL__COARSE_GUARD;
}

FXL__ALWAYS_INLINE uint32_t fxl__coarse_hi(int32_t x, int32_t y)
{
    return (fxl__coarse(x) << 16 | fxl__coarse(y)) + FXL__COARSE_ONES;
}

/* Whether a wall's coarse box (lo, hi) may meet a query's (m_hi, m_lo):
 * no guard bit set (a borrow into one shows the boxes apart on that axis). */
FXL__ALWAYS_INLINE bool fxl__coarse_meets(uint32_t lo, uint32_t hi, uint32_t m_hi, uint32_t m_lo)
{
    return (((lo - m_hi) | (m_lo - hi)) & FXL__COARSE_GUARD) == 0;
}

/* The same predicate with the guard bits read through bit 31 of x | x <<
 * 16 (bit 15 shifted up): no mask register, for the packed passes' tight
 * loops (cast.c, bounce_band.c). */
FXL__ALWAYS_INLINE bool fxl__coarse_meets_top(uint32_t lo, uint32_t hi, uint32_t m_hi,
                                              uint32_t m_lo)
{
    uint32_t x = (lo - m_hi) | (m_lo - hi);
    return ((x | x << 16) >> 31) == 0;
}

/* The coarse x (hi = 1) or y (hi = 0) of a packed low corner (a wall's
 * coarse_lo, a query's m_lo) and of a packed high corner (coarse_hi,
 * m_hi): 0..2^15 - 1. */
FXL__ALWAYS_INLINE uint32_t fxl__coarse_lo_of(uint32_t lo, int hi)
{
    return (hi ? lo >> 16 : lo) & 0x7FFFu;
}

FXL__ALWAYS_INLINE uint32_t fxl__coarse_hi_of(uint32_t hi, int x)
{
    return (x ? hi >> 16 : hi & 0xFFFFu) - 1u;
}

#endif
