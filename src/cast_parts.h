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

/* The lowest set bit's index of a power of two b: de Bruijn's multiply
 * (b 0x077CB531 mod 2^32 has a distinct top 5 bits for each), one table
 * for cast.c, cast_width.c and bounce_band.c. Read the multiplier once a
 * search with fxl__bit_mul_get (through a volatile lvalue), so that GCC
 * emits one MUL a wall (1 + 1..4 cycles on the ARM7TDMI, early
 * termination on b) rather than six shift-adds fetched from ROM; the
 * objects themselves are plain const (read-only data, ROM on the GBA: no
 * IWRAM). */
extern const uint8_t fxl__bit_index[32];
extern const uint32_t fxl__bit_mul;

FXL__ALWAYS_INLINE uint32_t fxl__bit_mul_get(void)
{
    return *(const volatile uint32_t *)&fxl__bit_mul;
}

/* The index of mask's lowest set bit (mask != 0), k = fxl__bit_mul_get(). */
FXL__ALWAYS_INLINE uint32_t fxl__low_bit(uint32_t mask, uint32_t k)
{
    return fxl__bit_index[(k * (mask & (0u - mask))) >> 27];
}

/* The walls of an indexed room (n <= FXL_ROOM_INDEXED) a ray whose box
 * has coarse values (coarse.h) xl..xh, yl..yh may meet: those whose slabs
 * meet the box's on both axes (a superset of the walls whose coarse boxes
 * meet it: cw_lo <= xh gives slab(cw_lo) <= slab(xh), so the wall is in
 * x_lo[slab(xh)], and cw_hi >= xl puts it in x_hi[slab(xl)], room.c; y
 * likewise), less (one-sided) those every ray of its direction ra's
 * sixteenth of a turn heads to the front of (room.c: cast.c's angle
 * filter's rule, so D > 0 for each). For cast.c, cast_width.c and
 * bounce_band.c. */
FXL__ALWAYS_INLINE uint32_t fxl__room_mask(const fxl_room *room, uint32_t xl, uint32_t xh,
                                           uint32_t yl, uint32_t yh, int32_t ra, bool two_sided)
{
    uint32_t m = room->x_lo[fxl__room_slab(xh, room->org_x, room->sh_x)] &
                 room->x_hi[fxl__room_slab(xl, room->org_x, room->sh_x)] &
                 room->y_lo[fxl__room_slab(yh, room->org_y, room->sh_y)] &
                 room->y_hi[fxl__room_slab(yl, room->org_y, room->sh_y)];
    return two_sided ? m : m & ~room->front[(uint32_t)ra >> 8];
}

/* fxl__room_mask for the box of r (its packed coarse values). */
FXL__ALWAYS_INLINE uint32_t fxl__room_mask_ray(const fxl_room *room, const fxl__ray *r,
                                               int32_t ra, bool two_sided)
{
    return fxl__room_mask(room, fxl__coarse_lo_of(r->m_lo, 1), fxl__coarse_hi_of(r->m_hi, 1),
                          fxl__coarse_lo_of(r->m_lo, 0), fxl__coarse_hi_of(r->m_hi, 0), ra,
                          two_sided);
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
#if FXL_PORT_ROOM_CAST
/* The port's room cast kernel (port/gba/cast_arm.s): the first wall of
 * mask (an indexed room's candidates) the centre line of r (p; dx, dy =
 * fxl_cos, fxl_sin of the angle in r->reach; len) meets within its
 * length, as cast.c's room_cast_walls, -1 if none; *fl the clipped length
 * (floor(u*), or len). fxl__room_cast_mask_c: cast.c's C search, the tests' reference. */
long fxl__room_cast_walls_port(const fxl_room_wall *w, uint32_t mask, const fxl__ray *r,
                               bool two_sided, int32_t *fl);
long fxl__room_cast_mask_c(const fxl_room_wall *w, uint32_t mask, const fxl__ray *r, bool two_sided,
                           int32_t *fl);
/* For the kernel (cast.c), each u* as nd: nd[0] = d, nd[1] = n, u* =
 * 65536 n / d: whether cand's comes strictly before best's (128-bit
 * products), and floor(u*) of best (the C's division). */
bool fxl__room_earlier_nd(const uint64_t *cand, const uint64_t *best);
int32_t fxl__room_floor_nd(const uint64_t *best);
/* cast.c's fxl_room_cast, the reference the port's (cast_arm.s, Thumb)
 * is compared with, and its every case but the common one, which the
 * port's calls. */
fxl_result fxl__room_cast_c(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                            fxl_cast *out, fxl_laser *clipped);
fxl_result fxl__room_cast_slow(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                               fxl_cast *out, fxl_laser *clipped);
#endif

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

/* A search: the best wall so far (-1: none) and its u* (initially the
 * length: num = len, den = 65536). */
typedef struct fxl__search {
    long best;
    fxl__frac u;
} fxl__search;

/* A wall whose line runs through the ray's start (N = 0), met there (D
 * eligible, 0 <= t <= 1): whether it stops the ray at u = 0. After a
 * bounce, never the walls on the line of the wall just left (the beam
 * goes back to the side it came from). Else by the side the beam comes
 * from: that of the latest leg start away from this one, or in front when
 * there is none or it lies on the line (a point on the line counts as in
 * front, wall.h): a one-sided wall stops it from its front, a two-sided
 * one when it heads to the other side (the ray heads to the side of sign
 * -D). Out of line (cast.c, ARM code on the GBA): rare. */
bool fxl__start_stops(const fxl__rules *rules, int32_t ax, int32_t ay, int32_t ex, int32_t ey,
                      int64_t D, bool two_sided);

/* A wall whose packed box meets the ray's: three pairs of 64-bit
 * products, then the 128-bit comparison with the best so far (initially
 * the length, as 65536 len / 65536): u* <= len for the first, then
 * strictly earlier (a tie keeps the lower index). For ARM code only
 * (inlined in cast.c's and bounce_band.c's ARM search loops; two_sided a
 * constant there). */
FXL__ALWAYS_INLINE void fxl__consider_at(const fxl__ray *r, int32_t ax, int32_t ay, int32_t ex,
                                         int32_t ey, size_t i, const fxl__rules *rules,
                                         fxl__search *s, bool two_sided)
{
    /* r = a - p on 32 bits (exact within the domain, else wrapping): the
     * products are 32x32 -> 64 (single instructions in ARM code), N < 2^63. */
    int32_t rx = fxl__u2i32((uint32_t)ax - (uint32_t)r->p.x);
    int32_t ry = fxl__u2i32((uint32_t)ay - (uint32_t)r->p.y);
    int64_t D = (int64_t)r->dx * ey - (int64_t)r->dy * ex, N, T;
    uint64_t aN, aD;
    bool better;
    if (two_sided ? D == 0 : D >= 0)
        return; /* parallel, or (one-sided) heading to the front */
    T = (int64_t)rx * r->dy - (int64_t)ry * r->dx;
    if (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D))
        return; /* beside the wall's ends */
    N = (int64_t)rx * ey - (int64_t)ry * ex;
    if (D < 0 ? N > 0 : N < 0)
        return; /* behind the start */
    if ((long)i == rules->skip ||
        (N == 0 && !fxl__start_stops(rules, ax, ay, ex, ey, D, two_sided)))
        return;
    aN = fxl__abs64(N);
    aD = fxl__abs64(D);
    if (s->best < 0) {
        /* Against the length (den = 65536, num = len < 2^31): 65536 |N|
         * <= len |D| (|N|, |D| < 2^63): len |D| in two 32x32 products as
         * a 96-bit value (lo, hi), 65536 |N| as (|N| 2^16 mod 2^64, |N| /
         * 2^48); hi and |N| / 2^48 are below 2^31 + 1 and 2^15, so the
         * borrow chain's top word, as an int32, is >= 0 iff 65536 |N| <=
         * len |D|. */
        uint32_t len = (uint32_t)s->u.num;
        uint64_t pl = (uint64_t)len * (uint32_t)aD, ph = (uint64_t)len * (uint32_t)(aD >> 32);
        uint64_t lo = pl + (ph << 32), nl = aN << 16;
        uint32_t hi = (uint32_t)(ph >> 32) + (lo < pl ? 1u : 0u);
        better = fxl__u2i32(hi - (uint32_t)(aN >> 48) - (lo < nl ? 1u : 0u)) >= 0;
    } else {
        fxl__u128 lhs = fxl__mul64(aN, s->u.den), rhs = fxl__mul64(s->u.num, aD);
        better = !fxl__le128(rhs, lhs);
    }
    if (better) {
        s->best = (long)i;
        s->u.num = aN;
        s->u.den = aD;
    }
}


/* What the band test keeps of the walls that come near the ray's line and
 * not wholly behind its start (fxl__consider_band_at): the least projection (q - p) .
 * d of their ends (lo1, of wall i1), and the least of the other walls'
 * (lo2); INT64_MAX for none. */
typedef struct fxl__band {
    int64_t b;        /* |dx| + |dy| */
    int64_t lo1, lo2; /* the least end projection of the nearest wall, of the next */
    long i1;          /* the nearest wall */
} fxl__band;

/* Wall i = a + [0, 1] (ex, ey) against the band |T| <= b about the ray's
 * line (T = (q - p) x d: T at a, T - D at b, fxl__consider_at's): beyond it
 * (both ends' |T| > b on one side), or wholly behind the start (both ends'
 * projections P = (q - p) . d <= -b), nothing; else its least P is noted
 * in bd (the two least kept). Then fxl__consider_at's tests, sharing D and T.
 * For ARM code only. Products below 2^62 within the domain, sums below 2^63 (wrapping
 * outside: a meaningless answer, defined). */
FXL__ALWAYS_INLINE void fxl__consider_band_at(const fxl__ray *r, int32_t ax, int32_t ay,
                                              int32_t ex, int32_t ey, size_t i,
                                              const fxl__rules *rules, fxl__search *s,
                                              bool two_sided, fxl__band *bd)
{
    int32_t rx = fxl__u2i32((uint32_t)ax - (uint32_t)r->p.x);
    int32_t ry = fxl__u2i32((uint32_t)ay - (uint32_t)r->p.y);
    int64_t b = bd->b;
    int64_t D = (int64_t)r->dx * ey - (int64_t)r->dy * ex;
    int64_t T = (int64_t)rx * r->dy - (int64_t)ry * r->dx;
    int64_t Tb = fxl__wsub64(T, D);
    if (!((T > b && Tb > b) || (T < -b && Tb < -b)) && (long)i != rules->skip) {
        int64_t P = (int64_t)rx * r->dx + (int64_t)ry * r->dy;
        int64_t Pb = P + ((int64_t)ex * r->dx + (int64_t)ey * r->dy);
        if (P > -b || Pb > -b) {
            P = Pb < P ? Pb : P;
            if (P < bd->lo1) {
                bd->lo2 = bd->lo1;
                bd->lo1 = P;
                bd->i1 = (long)i;
            } else if (P < bd->lo2) {
                bd->lo2 = P;
            }
        }
    }
    if (two_sided ? D == 0 : D >= 0)
        return; /* parallel, or (one-sided) heading to the front */
    if (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D))
        return; /* beside the wall's ends */
    fxl__consider_at(r, ax, ay, ex, ey, i, rules, s, two_sided);
}

/* Whether every wall fxl__consider_band_at noted, but the wall found
 * (best), lies wholly beyond the ray's end point e = p + (num / den) d,
 * projections P >= P(e) + b, P(e) = num |d|^2 / den: (lo - b) den >= num
 * |d|^2 (lo - b >= 0), 128-bit products (|d|^2 < 2^61). For ARM code
 * only. */
FXL__ALWAYS_INLINE bool fxl__band_clear(const fxl__ray *r, const fxl__band *bd, long best,
                                        const fxl__frac *u)
{
    int64_t lo = bd->i1 == best ? bd->lo2 : bd->lo1, m;
    uint64_t d2;
    if (lo == INT64_MAX)
        return true;
    m = fxl__wsub64(lo, bd->b);
    if (m < 0)
        return false;
    d2 = (uint64_t)((int64_t)r->dx * r->dx) + (uint64_t)((int64_t)r->dy * r->dy);
    return fxl__le128(fxl__mul64(u->num, d2), fxl__mul64((uint64_t)m, u->den));
}

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

/* The point emitter + L c / 65536 on one axis, rounded to nearest
 * (halves up), in 32-bit products: L = h 65536 + l with l c < 2^32.
 * With no branches: sg all ones for c < 0, so 0x8000 + sg = 0x7FFF mod
 * 2^32 (l m + 0x7FFF < 2^32) and p - v is p + (v ^ sg) - sg mod 2^32. */
static inline int32_t fxl__cast_along(int32_t p, int32_t L, int32_t c)
{
    uint32_t sg = 0u - ((uint32_t)c >> 31);
    uint32_t m = ((uint32_t)c ^ sg) - sg, l = (uint32_t)L & 0xFFFFu, h = (uint32_t)L >> 16;
    uint32_t v = h * m + ((l * m + 0x8000u + sg) >> 16);
    return fxl__u2i32((uint32_t)p + ((v ^ sg) - sg));
}

/* A cast's answer: the first wall (-1: none), the clipped length len and
 * the end point along the direction (c, s), and *clipped (may be NULL). */
FXL__ALWAYS_INLINE void fxl__cast_answer(const fxl_laser *laser, long wall, int32_t len, int32_t c,
                                         int32_t s, fxl_cast *out, fxl_laser *clipped)
{
    out->length = len;
    out->wall = (int32_t)wall;
    out->point.x = fxl__cast_along(laser->pos.x, len, c);
    out->point.y = fxl__cast_along(laser->pos.y, len, s);
    if (clipped != NULL) {
        *clipped = *laser;
        clipped->length = len;
    }
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
