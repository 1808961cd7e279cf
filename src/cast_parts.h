/* cast_parts.h - internal: what the wall-cast modules share (cast.c: the
 * centre line, cast_width.c: the drawn width, bounce.c: reflections).
 *
 * A ray starts at p and runs along the direction (dx, dy), about 65536 long
 * (the table's cos, sin, or a reflected direction): its points are
 * p + u (dx, dy) / 65536 for u in [0, len], u in raw Q16.16 units. A wall's
 * first meeting u* = 65536 num / den is kept as the fraction, compared by
 * cross-multiplication (128-bit) and divided once at the end. */
#ifndef FXL_CAST_PARTS_H
#define FXL_CAST_PARTS_H

#include "fixlaser/cast.h"

#include "angle_table.h"
#include "coarse.h"
#include "hitbox.h"
#include "util.h"
#include "wide.h"

/* A ray and a box that holds it (grown by a reach), packed for the walls'
 * coarse boxes (wall.h) too. */
typedef struct fxl__ray {
    fxl_vec2 p;         /* Q16.16 start, within the coordinate domain */
    int32_t dx, dy;     /* Q16.16 direction, |dx|, |dy| < 2^30 */
    int32_t len;        /* Q16.16 length parameter, 0..FXL_SIZE_MAX */
    int32_t reach;      /* Q16.16 how far the box reaches beyond the ray */
    fxl_aabb box;       /* Q16.16 holds every point within the reach of the ray */
    uint32_t m_lo, m_hi; /* the box packed the other way round (wall.h) */
} fxl__ray;

/* u* = 65536 num / den, den > 0. */
typedef struct fxl__frac {
    uint64_t num;
    uint64_t den;
} fxl__frac;

/* How a leg treats walls whose line runs through its start (u* = 0); see
 * fxl__first_wall. */
typedef struct fxl__rules {
    bool has_ref;   /* ref holds the point the beam came from */
    bool on_line;   /* the start lies on the line of wall `skip` */
    long skip;      /* the wall just bounced off (never met again), -1: none */
    int32_t sx, sy; /* its direction b - a: the walls on its line are skipped when on_line */
    fxl_vec2 ref;   /* Q16.16 the latest leg start away from this start */
} fxl__rules;

/* Sets up the ray from p along (dx, dy) for len, with its box grown by a
 * reach (Q16.16, 0..2^28 + 2^14): the end lies within one raw unit beyond
 * the floor of the offset. 32-bit arithmetic (Thumb code on the GBA): the
 * callers' rays (a start within 2^30 + 2^28 of the origin, len < 2^28 with
 * |d| < 2^17, or len = 65536 with |d| < 2^30 and the end in the domain)
 * keep every value within the int32 range; others wrap (meaningless,
 * defined). */
FXL__ALWAYS_INLINE void fxl__ray_init(fxl__ray *r, fxl_vec2 p, int32_t dx, int32_t dy,
                                      int32_t len, int32_t reach)
{
    uint32_t ox = fxl__mul_q16_floor_wide((uint32_t)len, fxl__abs32(dx)) + 1u;
    uint32_t oy = fxl__mul_q16_floor_wide((uint32_t)len, fxl__abs32(dy)) + 1u;
    uint32_t lx = (uint32_t)p.x - (uint32_t)reach - (dx < 0 ? ox : 0u);
    uint32_t hx = (uint32_t)p.x + (uint32_t)reach + (dx < 0 ? 0u : ox);
    uint32_t ly = (uint32_t)p.y - (uint32_t)reach - (dy < 0 ? oy : 0u);
    uint32_t hy = (uint32_t)p.y + (uint32_t)reach + (dy < 0 ? 0u : oy);
    r->p = p;
    r->dx = dx;
    r->dy = dy;
    r->len = len;
    r->reach = reach;
    r->box.lo.x = fxl__u2i32(lx);
    r->box.lo.y = fxl__u2i32(ly);
    r->box.hi.x = fxl__u2i32(hx);
    r->box.hi.y = fxl__u2i32(hy);
    r->m_hi = fxl__coarse_hi(r->box.hi.x, r->box.hi.y);
    r->m_lo = fxl__coarse_lo(r->box.lo.x, r->box.lo.y);
}

/* Whether the wall's boxes (coarse, then exact) meet the ray's box. */
FXL__ALWAYS_INLINE bool fxl__ray_near(const fxl__ray *r, const fxl_wall_prep *w)
{
    return fxl__coarse_meets(w->coarse_lo, w->coarse_hi, r->m_hi, r->m_lo) &&
           fxl__aabb_meets(&w->box, &r->box);
}

/* The slab (fxl_room's index, cast.h) of coarse value c: 0 up to org +
 * 2^sh - 1, then one a 2^sh, the last (FXL_ROOM_SLABS - 1) holding the
 * rest; c <= c' gives slab(c) <= slab(c'), so boxes that meet (coarse,
 * hence exact) have slabs that meet. */
FXL__ALWAYS_INLINE uint32_t fxl__room_slab(uint32_t c, uint32_t org, uint32_t sh)
{
    uint32_t s = c <= org ? 0u : (c - org) >> sh;
    return s < FXL_ROOM_SLABS - 1u ? s : FXL_ROOM_SLABS - 1u;
}

/* The walls whose boxes met a ray's: the first FXL__NEAR_MAX indices, and
 * how many there were. An index may carry FXL__NEAR_MARK (the room's band
 * search leaves its angle filter's mark on them, cast.c): the wall is
 * idx & ~FXL__NEAR_MARK. Indices below 2^31. */
#define FXL__NEAR_MAX 16
#define FXL__NEAR_MARK 0x80000000u
typedef struct fxl__near {
    size_t count;
    uint32_t idx[FXL__NEAR_MAX];
} fxl__near;

/* The first wall the ray's centre line meets at some u* <= len (the lowest
 * index on a tie), or -1; *u gets its u*. Walls through the ray's start
 * follow `rules`. near (may be NULL, else count set) collects the walls
 * whose boxes meet the ray's. */
long fxl__first_wall(const fxl__ray *r, const fxl_wall_prep *walls, size_t n, bool two_sided,
                     const fxl__rules *rules, fxl__frac *u, fxl__near *near);

/* fxl__first_wall over a room's packed walls (cast.h), ra the ray's
 * direction to the nearest of 4096 steps (within 1/2 step): the same
 * answer, near the same list; one-sided, the walls the ray heads to the
 * front of (by their angles) skip the exact tests. */
long fxl__room_first_wall(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                          const fxl__rules *rules, fxl__frac *u, fxl__near *near);

/* fxl__room_first_wall (the same answer and near list, near->count set
 * here), for the bounce: *clear tells whether every wall whose box met the
 * ray's, but for rules->skip and the wall found, lies wholly outside the
 * band about the ray's segment to its end e (the wall's point, else the
 * ray's end): side values |(q - p) x d| <= |dx| + |dy| and projections
 * (q - p) . d in (-(|dx| + |dy|), (e - p) . d + |dx| + |dy|) (bounce.c's
 * use); one-sided, the walls the ray heads to the front of by the angles
 * (ra as fxl__room_first_wall's) are not tested. */
long fxl__room_first_wall_band(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                               const fxl__rules *rules, fxl__frac *u, fxl__near *near,
                               bool *clear);

/* bounce.c's audit of its skipped reachability checks (test builds only:
 * FXL_TEST_HOOKS, which the suite's builds define). */
#ifdef FXL_TEST_HOOKS
typedef struct fxl__bounce_audit_t {
    bool on;
    uint32_t skips, wrong;
} fxl__bounce_audit_t;
extern fxl__bounce_audit_t fxl__bounce_audit;
#endif

/* The same, among the walls listed (near->count <= FXL__NEAR_MAX). */
long fxl__first_wall_of(const fxl__ray *r, const fxl_wall_prep *walls, const fxl__near *near,
                        bool two_sided, const fxl__rules *rules, fxl__frac *u);

/* A divisor ready for fast exact divisions (no division instruction on
 * the ARM7TDMI): den = dt 2^k, r ~ 2^63 / dt. */
typedef struct fxl__recip {
    uint64_t den;
    uint32_t r;
    int k;
} fxl__recip;

/* (Inline: for ARM code only, where 32x32 -> 64 products are single
 * instructions.) */
/* q d <= n, with q < 2^32. */
FXL__ALWAYS_INLINE bool fxl__times_le(uint32_t q, uint64_t d, fxl__u128 n)
{
    return fxl__le128(fxl__mul32_64(q, d), n);
}

/* With den = dt 2^k (dt its top 32 bits; k < 0: den shifted up), r ~ 2^63
 * / dt from the reciprocal table (fxl_atan2's: 11 bits, from below) and
 * two Newton steps (22, then 31 bits, staying below). */
FXL__ALWAYS_INLINE void fxl__recip_init(fxl__recip *rc, uint64_t den)
{
    uint32_t dt, hi = (uint32_t)(den >> 32), r;
    int k = 0, i;
    if (hi != 0) {
        k = (int)fxl__bits32(hi);
        dt = (uint32_t)(den >> k);
    } else {
        unsigned z = fxl__clz32((uint32_t)den);
        dt = (uint32_t)den << z;
        k = -(int)z;
    }
    r = (uint32_t)fxl__atan.recip[(dt >> 20) - 2048u] << 16;
    for (i = 0; i < 2; i++) {
        uint64_t e = ((uint64_t)1 << 63) - (uint64_t)dt * r;
        r += (uint32_t)(((uint64_t)r * (uint32_t)(e >> 21)) >> 42);
    }
    rc->den = den;
    rc->r = r;
    rc->k = k;
}

/* floor(n / den) for a quotient below 2^29, whether it is exact, and (rem
 * not NULL) the remainder n - q den: q' =
 * (n / 2^k) r / 2^63 is within a few units of it (dt stands for den
 * within 2^-31, r within 2^-30; n / 2^k < 2^61); the exact product q den
 * and the remainder n - q den, moved into [0, den) a den at a time, settle
 * it (a step at most, measured). */
FXL__ALWAYS_INLINE uint32_t fxl__recip_divrem(const fxl__recip *rc, fxl__u128 n, bool *exact,
                                              uint64_t *rem)
{
    uint64_t nt;
    uint32_t q;
    if (rc->k > 0)
        nt = (n.lo >> rc->k) | (n.hi << (64 - rc->k));
    else
        nt = n.lo << -rc->k;
    q = (uint32_t)((((nt >> 32) * rc->r) + (((nt & 0xFFFFFFFFu) * rc->r) >> 32)) >> 31);
    q = q > (1u << 29) ? (1u << 29) : q;
    /* One exact product q den, then the remainder n - q den moved into
     * [0, den) a den at a time. */
    {
        uint64_t d = rc->den;
        fxl__u128 p = fxl__mul32_64(q, d), e, dd;
        bool zero;
        dd.hi = 0;
        dd.lo = d;
        if (fxl__le128(p, n)) {
            e = fxl__sub(n, p); /* the remainder, >= 0 */
            while (!fxl__le128(e, dd) || (e.hi == 0 && e.lo == d)) {
                q++;
                e = fxl__sub(e, dd);
            }
            zero = e.hi == 0 && e.lo == 0;
            if (rem != NULL)
                *rem = e.lo; /* e < den: e.hi = 0 */
        } else {
            e = fxl__sub(p, n); /* minus the remainder, > 0 */
            for (;;) {
                q--;
                if (fxl__le128(e, dd))
                    break;
                e = fxl__sub(e, dd);
            }
            zero = e.hi == 0 && e.lo == d; /* the remainder den - e */
            if (rem != NULL)
                *rem = d - e.lo; /* 0 < e <= den: e.hi = 0 */
        }
        if (exact != NULL)
            *exact = zero;
    }
    return q;
}

/* The same, without the remainder. */
FXL__ALWAYS_INLINE uint32_t fxl__recip_div(const fxl__recip *rc, fxl__u128 n, bool *exact)
{
    return fxl__recip_divrem(rc, n, exact, NULL);
}

/* floor(u*): at most len for a wall the ray meets; *rc (may be NULL) gets
 * u.den ready. */
int32_t fxl__frac_floor(fxl__frac u, fxl__recip *rc);

/* The width casts (cast_width.c): the first wall the laser's drawn
 * rectangle (box) or capsule meets, or -1; *length gets the clipped
 * length. `kind` is the laser's, w its drawn half-width. */
long fxl__cast_width(const fxl__ray *r, fxl_laser_kind kind, int32_t w,
                     const fxl_wall_prep *walls, size_t n, bool two_sided, int32_t *length);

/* The sign of the side value of q for wall w: -1 in front (wall.h), 0 on
 * its line, 1 behind. Wrapping (meaningless, defined) outside the domain. */
static inline int fxl__side_sign(const fxl_wall_prep *w, fxl_vec2 q)
{
    return fxl__sign64(fxl__wsub64((int64_t)w->ex * ((int64_t)q.y - w->a.y),
                                   (int64_t)w->ey * ((int64_t)q.x - w->a.x)));
}

/* fxl__side_sign out of line (ARM code on the GBA, for Thumb callers). */
int fxl__side_of(const fxl_wall_prep *w, fxl_vec2 q);

/* The laser checks every cast starts with: what fxl_laser_prepare refuses,
 * then FXL_ERR_ANCHOR for a laser not fired from its emitter. */
static inline fxl_result fxl__cast_laser_ok(const fxl_laser *laser)
{
    if (FXL__UNLIKELY(!fxl__laser_fast_ok(laser))) {
        fxl_result res = fxl_laser_check(laser);
        if (res != FXL_OK)
            return res;
    }
    return laser->anchor != FXL_ANCHOR_EMITTER ? FXL_ERR_ANCHOR : FXL_OK;
}

#ifdef FXL_TEST_HOOKS
/* bounce.c's small exact division and its meeting with an axis-aligned
 * wall, for the suite (test builds only): floor(n / den) for 0 < den <
 * 2^32 and a quotient below 2^29 (*exact: whether it divides); and for a
 * ray whose direction components are below 2^17 in magnitude, heading to
 * the line of w (ex = 0 or ey = 0, not parallel) at u* <= its length:
 * floor(u*), and in *along the floor of the meeting point's coordinate
 * along the wall (*exact: whether whole). */
uint32_t fxl__bounce_div_small(uint64_t den, uint64_t n, bool *exact);
int32_t fxl__bounce_axis_meet(const fxl__ray *r, const fxl_wall_prep *w, int64_t *along,
                              bool *exact);
#endif

#endif
