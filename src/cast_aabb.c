/* cast_aabb.c - a laser's centre line stopped by boxes (cast.h, issue 23):
 * the first box along the beam, the slab test in exact rationals.
 *
 * The beam's points are e + u (c, s) / 65536, u in [0, L] (c, s the
 * table's cos and sin, |c|, |s| <= 65536, not both 0). On the x axis, with
 * c > 0 the beam is within [lo.x, hi.x] for 65536 (lo.x - e.x) / c <= u
 * <= 65536 (hi.x - e.x) / c; with c < 0 the same with the ends swapped and
 * both signs turned; with c = 0 for every u when lo.x <= e.x <= hi.x, never
 * otherwise. Likewise on y. The closed box is met for u in the
 * intersection of the two slabs' intervals with [0, L]: from
 * u* = max(0, entry_x, entry_y) to min(L, exit_x, exit_y), a hit iff that
 * is not empty.
 *
 * Representation: a bound is the fraction n / m (m > 0) of u / 65536, so
 * an entry is (lo.x - e.x, c), u = 0 is (0, 1) and the length bound
 * (L, 65536), compared by cross products n1 m2 against n2 m1. Ranges: for
 * box and emitter within +-FXL_COORD_MAX, |n| < 2^31; for any int32 input
 * |n| < 2^32, L < 2^31, m <= 2^16: the products stay below 2^48 (int64).
 * The box of least u* wins (ties: the lower index, as walls); the clipped
 * length is floor(u*) = floor(65536 n / m) <= L < 2^31 (n >= 0: one
 * 64-by-32 division, division-free on the ARM7TDMI via wide.h).
 * A beam starting in a box (touching counts) gets u* = 0: length 0. */
#include "fixlaser/cast.h"

#include "angle_table.h"
#include "cast_parts.h"
#include "util.h"
#include "wide.h"

/* A bound n / m of u / 65536, m > 0. */
typedef struct qb {
    int64_t n, m;
} qb;

/* a < b */
FXL__ALWAYS_INLINE bool q_lt(qb a, qb b)
{
    return a.n * b.m < b.n * a.m;
}

/* One axis: the beam's coordinate e + u k / 65536 within [lo, hi]
 * narrows [*in, *out]; false when it never is (k = 0, e outside). */
FXL__ALWAYS_INLINE bool slab(int32_t e, int32_t k, int32_t lo, int32_t hi, qb *in, qb *out)
{
    qb a, b;
    if (k == 0)
        return e >= lo && e <= hi;
    if (k > 0) {
        a.n = (int64_t)lo - e;
        b.n = (int64_t)hi - e;
        a.m = b.m = k;
    } else {
        a.n = (int64_t)e - hi;
        b.n = (int64_t)e - lo;
        a.m = b.m = -(int64_t)k;
    }
    if (q_lt(*in, a))
        *in = a;
    if (q_lt(b, *out))
        *out = b;
    return true;
}

/* The point emitter + L k / 65536 on one axis, rounded to nearest (halves
 * up): cast.c's `along` (L = h 65536 + l, l |k| < 2^32). */
static int32_t along(int32_t p, int32_t L, int32_t k)
{
    uint32_t m = fxl__abs32(k), l = (uint32_t)L & 0xFFFFu, h = (uint32_t)L >> 16;
    uint32_t v = h * m + ((l * m + (k < 0 ? 0x7FFFu : 0x8000u)) >> 16);
    return (int32_t)(k < 0 ? (uint32_t)p - v : (uint32_t)p + v);
}

/* The box of least u* (ties: the lower index) among n, -1 for none, *best
 * its u* / 65536 (in: the length bound). ARM code on the GBA (FXL_WARM_CODE:
 * in ROM; its 64-bit products are single instructions there, library calls
 * in Thumb code). */
FXL_WARM_CODE static long first_box(const fxl_aabb *boxes, size_t n, const fxl_aabb *ray,
                                    int32_t ex, int32_t ey, int32_t c, int32_t s, qb *best)
{
    long hit = -1;
    size_t i;
    for (i = 0; i < n; i++) {
        const fxl_aabb *b = &boxes[i];
        qb in = {0, 1}, lim = *best;
        if (!fxl__aabb_meets(b, ray))
            continue;
        /* lim: the length, or the best box so far (a later box must come
         * strictly earlier to win: ties keep the lower index). */
        if (!slab(ex, c, b->lo.x, b->hi.x, &in, &lim) || !slab(ey, s, b->lo.y, b->hi.y, &in, &lim))
            continue;
        if (q_lt(lim, in))
            continue; /* the slabs' intervals miss each other or [0, L] */
        if (hit >= 0 && !q_lt(in, *best))
            continue;
        *best = in;
        hit = (long)i;
    }
    return hit;
}

fxl_result fxl_laser_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n,
                                unsigned flags, fxl_cast *out, fxl_laser *clipped)
{
    int32_t c, s, ex, ey, len;
    qb best;
    long hit;
    fxl_aabb ray;
    if (laser == NULL || out == NULL || (boxes == NULL && n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    if ((flags & FXL_CAST_WIDTH) != 0)
        return FXL_ERR_KIND; /* not yet (cast.h) */
    fxl__sincos(laser->angle, &c, &s);
    ex = laser->pos.x;
    ey = laser->pos.y;
    len = laser->length;
    /* The beam's box (a reject: every point of the beam lies in it,
     * cast_parts.h's ray box with no reach). */
    {
        fxl__ray r;
        fxl__ray_init(&r, laser->pos, c, s, len, 0);
        ray = r.box;
    }
    best.n = len;
    best.m = 65536;
    hit = first_box(boxes, n, &ray, ex, ey, c, s, &best);
    if (hit >= 0)
        len = (int32_t)fxl__div64_32((uint64_t)best.n << 16, (uint32_t)best.m);
    out->length = len;
    out->wall = (int32_t)hit;
    out->point.x = along(ex, len, c);
    out->point.y = along(ey, len, s);
    if (clipped != NULL) {
        *clipped = *laser;
        clipped->length = len;
    }
    return FXL_OK;
}
