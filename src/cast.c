/* cast.c - lasers stopped by walls: the centre line's first wall (shared
 * with the bounces) and fxl_laser_cast.
 *
 * For a wall a -> b (w = b - a) and a ray p + u d / 65536, with r = a - p:
 *     D = d x w                 (< 0: the ray heads behind the wall)
 *     N = r x w                 (the side value of p: <= 0 in front)
 *     T = r x d
 * The ray's line meets the wall's line at u* = 65536 N / D, at the wall's
 * parameter t = T / D; it meets the closed segment at u* >= 0 iff D != 0,
 * N / D >= 0 and 0 <= T / D <= 1. With coordinates within +-2^30, |r|, |w|
 * < 2^31 and |d| < 2^30 (a ray's direction, or a segment's difference
 * in the bounces' checks): N < 2^63 (the products are below 2^62), D and T
 * below 2^62. Two candidates compare by cross-multiplying 64-bit values
 * (128-bit products); the clipped length is one division at the end. */
#include "cast_parts.h"

#include "angle_table.h"
#include "hitbox.h"

/* cast_parts.h's de Bruijn table and multiplier (plain const: ROM on
 * the GBA). */
const uint8_t fxl__bit_index[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                    15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                    16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
const uint32_t fxl__bit_mul = 0x077CB531u;

FXL_ARM_CODE int fxl__side_of(const fxl_wall_prep *w, fxl_vec2 q)
{
    return fxl__side_sign(w, q);
}

/* cast_parts.h. */
FXL_ARM_CODE bool fxl__start_stops(const fxl__rules *rules, int32_t ax, int32_t ay, int32_t ex,
                                  int32_t ey, int64_t D, bool two_sided)
{
    int came = rules->has_ref
                   ? fxl__sign64(fxl__wsub64((int64_t)ex * ((int64_t)rules->ref.y - ay),
                                             (int64_t)ey * ((int64_t)rules->ref.x - ax)))
                   : 0;
    if (rules->on_line && fxl__wsub64((int64_t)ex * rules->sy, (int64_t)ey * rules->sx) == 0)
        return false;
    came = came != 0 ? came : -1;
    return two_sided ? (D > 0 ? 1 : -1) == came : came < 0;
}


/* fxl__consider_at for a prepared wall. */
FXL__ALWAYS_INLINE void consider(const fxl__ray *r, const fxl_wall_prep *w, size_t i,
                                 const fxl__rules *rules, fxl__search *s, bool two_sided)
{
    fxl__consider_at(r, w->a.x, w->a.y, w->ex, w->ey, i, rules, s, two_sided);
}

/* Whether the wall's packed box may meet the ray's. */
FXL__ALWAYS_INLINE bool coarse_near(const fxl_wall_prep *w, uint32_t m_hi, uint32_t m_lo)
{
    return fxl__coarse_meets(w->coarse_lo, w->coarse_hi, m_hi, m_lo);
}

static void search_start(const fxl__ray *r, fxl__search *s)
{
    s->best = -1;
    s->u.num = (uint64_t)r->len;
    s->u.den = 65536u;
}

/* ---- the casts' division: floor(u*) of the first wall ----------------- */

/* floor(65536 n / d), for 1 <= d and 65536 n <=
 * 2^28 d (a quotient at most 2^28). With d < 2^56 (always for a table
 * direction: |D| < 2^17 2^31 within the domain): d normalised to dn = d
 * 2^z (top bit 63), dt = floor(dn / 2^32), r ~ 2^63 / dt from below
 * (fxl__recip_init's table and two Newton steps, within 2^-30), y =
 * floor(65536 n 2^z / 2^32) < 2^60; q' = floor(y r / 2^63) lies within
 * [Q - 2, Q + 1] of Q = floor(65536 n / d) (y / dt within 2^-31 of the
 * quotient from below, 1/(1 - 2^-31) above; r's error 2^28 2^-30 = 1/4).
 * The remainder 65536 n - q' d is then within [-d, 3d), |.| < 2^58: its
 * 64 low bits, read as two's complement, are exact; a step of d up or two down put it
 * in [0, d) (else, never seen, the 128-bit division settles it, as for d
 * >= 2^56). Inlined in the ARM callers (64-bit products): measured in
 * the benchmark's room about 400 GBA cycles against about 550 for
 * fxl__frac_floor's 128-bit division. */
FXL__ALWAYS_INLINE uint32_t floor_div_exact(uint64_t n, uint64_t d, bool *exact);

FXL__ALWAYS_INLINE uint32_t floor_div(uint64_t n, uint64_t d)
{
    bool exact;
    return floor_div_exact(n, d, &exact);
}

/* floor_div, and *exact: whether d divides 65536 n (the remainder 0). */
FXL__ALWAYS_INLINE uint32_t floor_div_exact(uint64_t n, uint64_t d, bool *exact)
{
    uint32_t dh = (uint32_t)(d >> 32);
    if ((dh >> 24) == 0) {
        uint32_t dl = (uint32_t)d, dt, r, q;
        unsigned z;
        uint64_t e, y, R;
        if (dh != 0) {
            z = fxl__clz32(dh); /* 8..31 */
            dt = (dh << z) | (dl >> (32u - z));
        } else {
            z = fxl__clz32(dl);
            dt = dl << z;
            z += 32u;
        }
        r = (uint32_t)fxl__atan.recip[(dt >> 20) - 2048u] << 16;
        e = ((uint64_t)1 << 63) - (uint64_t)dt * r;
        r += (uint32_t)(((uint64_t)r * (uint32_t)(e >> 21)) >> 42);
        e = ((uint64_t)1 << 63) - (uint64_t)dt * r;
        r += (uint32_t)(((uint64_t)r * (uint32_t)(e >> 21)) >> 42);
        y = z >= 16u ? n << (z - 16u) : n >> (16u - z);
        q = (uint32_t)((((y >> 32) * r) + (((y & 0xFFFFFFFFu) * r) >> 32)) >> 31);
        R = (n << 16) - (uint64_t)q * dl - ((uint64_t)(q * dh) << 32);
        if ((R >> 63) != 0) { /* negative */
            q--;
            R += d;
        } else {
            if (R >= d) {
                q++;
                R -= d;
            }
            if (R >= d) {
                q++;
                R -= d;
            }
        }
        if (R < d) { /* (unsigned: a remainder still negative fails too) */
            *exact = R == 0;
            return q;
        }
    }
    {
        fxl__recip rc;
        fxl__u128 x;
        x.hi = n >> 48;
        x.lo = n << 16;
        fxl__recip_init(&rc, d);
        return fxl__recip_div(&rc, x, exact);
    }
}

FXL__ALWAYS_INLINE int32_t frac_floor(fxl__frac u, fxl__recip *rc)
{
    fxl__u128 n;
    n.hi = u.num >> 48;
    n.lo = u.num << 16;
    fxl__recip_init(rc, u.den);
    return (int32_t)fxl__recip_div(rc, n, NULL);
}

/* How many wall indices the packed pass hands the exact tests at once. */
#define CHUNK 16

/* The exact tests of the listed walls (in index order), continuing the
 * fxl__search s; with fl != NULL, *fl then gets the clipped length (floor(u*)
 * of the best, or the ray's length when none). ARM code on the GBA: one
 * call a chunk. */
FXL_ARM_CODE static void consider_list(const fxl__ray *r, const fxl_wall_prep *walls,
                                       const uint32_t *idx, size_t count, bool two_sided,
                                       const fxl__rules *rules, fxl__search *s, int32_t *fl)
{
    size_t k;
    /* Two copies, each with the sidedness a constant. */
    if (two_sided) {
        for (k = 0; k < count; k++)
            consider(r, &walls[idx[k]], idx[k], rules, s, true);
    } else {
        for (k = 0; k < count; k++)
            consider(r, &walls[idx[k]], idx[k], rules, s, false);
    }
    if (fl != NULL)
        *fl = s->best < 0 ? r->len : (int32_t)floor_div(s->u.num, s->u.den);
}

/* The search: the packed box tests in 32-bit code (Thumb on the GBA, whose
 * 16-bit instructions fetch twice as fast from ROM), the walls they pass
 * handed to the exact tests CHUNK at a time; walls whose packed boxes miss
 * the ray's cost one packed test each. (A box shrunk to the best wall so
 * far was measured: it spared 0.2 exact tests a cast in the benchmark's
 * room and cost more than it saved.) With fl != NULL, *fl gets the
 * clipped length. room_search (below) is its twin over a room's packed
 * walls, kept apart on purpose (its own data layout and angle filter on the
 * hot path): a change to the order or the tail here goes there too.
 * Inlined in its two callers: the call and its eight arguments cost about
 * 240 cycles a fxl_laser_cast on the GBA (3,349 -> 3,111 median). */
FXL__ALWAYS_INLINE long search_walls(const fxl__ray *r, const fxl_wall_prep *walls, size_t n,
                                     bool two_sided, const fxl__rules *rules, fxl__frac *u,
                                     fxl__near *near, int32_t *fl)
{
    fxl__search s;
    uint32_t idx[CHUNK];
    uint32_t m_hi = r->m_hi, m_lo = r->m_lo;
    size_t i = 0;
    bool floored = false;
    search_start(r, &s);
    while (i < n) {
        /* At most CHUNK walls a pass; fxl__coarse_meets_top (no mask
         * register). */
        const fxl_wall_prep *w = walls + i, *end = walls + (n - i > CHUNK ? i + CHUNK : n);
        uint32_t *o = idx;
        size_t c;
        for (; w < end; w++, i++) {
            if (fxl__coarse_meets_top(w->coarse_lo, w->coarse_hi, m_hi, m_lo))
                *o++ = (uint32_t)i;
        }
        c = (size_t)(o - idx);
        if (near != NULL) {
            size_t k;
            for (k = 0; k < c; k++) {
                if (near->count < FXL__NEAR_MAX)
                    near->idx[near->count] = idx[k];
                near->count++;
            }
        }
        if (c > 0) {
            /* The last chunk's call also divides. */
            floored = i >= n && fl != NULL;
            consider_list(r, walls, idx, c, two_sided, rules, &s, floored ? fl : NULL);
        }
    }
    if (fl != NULL && !floored)
        *fl = s.best < 0 ? r->len : fxl__frac_floor(s.u, NULL);
    u->num = s.u.num; /* field by field: a struct copy is a memcpy call in Thumb */
    u->den = s.u.den;
    return s.best;
}

long fxl__first_wall(const fxl__ray *r, const fxl_wall_prep *walls, size_t n, bool two_sided,
                     const fxl__rules *rules, fxl__frac *u, fxl__near *near)
{
    return search_walls(r, walls, n, two_sided, rules, u, near, NULL);
}

FXL_ARM_CODE long fxl__first_wall_of(const fxl__ray *r, const fxl_wall_prep *walls,
                                     const fxl__near *near, bool two_sided,
                                     const fxl__rules *rules, fxl__frac *u)
{
    fxl__search s;
    size_t k;
    search_start(r, &s);
    for (k = 0; k < near->count; k++) {
        size_t i = near->idx[k] & ~FXL__NEAR_MARK;
        if (coarse_near(&walls[i], r->m_hi, r->m_lo))
            consider(r, &walls[i], i, rules, &s, two_sided);
    }
    u->num = s.u.num; /* field by field: a struct copy is a memcpy call in Thumb */
    u->den = s.u.den;
    return s.best;
}

FXL_ARM_CODE int32_t fxl__frac_floor(fxl__frac u, fxl__recip *rc)
{
    fxl__recip own;
    return frac_floor(u, rc != NULL ? rc : &own);
}

/* ---- rooms ------------------------------------------------------------- */

/* Where the room's search runs. By default as the other casts': Thumb
 * with the exact tests ARM, in ROM on the GBA (the packed pass room_scan
 * inlined too; -DFXL_ROOM_SCAN_IWRAM=1 makes it ARM code in IWRAM, 148
 * bytes, see below; room_search inlined in its callers: the
 * call and its eight arguments cost about 200 cycles a cast). Built with
 * -DFXL_ROOM_IWRAM=1, the search and fxl_room_cast are ARM code in IWRAM
 * (FXL_IWRAM_CODE: about 4 KiB of it): measured on the GBA (the
 * benchmark's room, packed walls in IWRAM, its circles moved to EWRAM to
 * make room) a room cast median 1,468 cycles (max 2,150) against 3,352,
 * and 4 bounces 31,079 against 35,743. The benchmark ROM's IWRAM has no
 * room for it, hence off by default: the port's memory plan decides. */
#if FXL_ROOM_SCAN_IWRAM
#define ROOM_PASS FXL_IWRAM_CODE static
#else
#define ROOM_PASS FXL__ALWAYS_INLINE
#endif
#if FXL_ROOM_IWRAM
#define ROOM_SCAN FXL_IWRAM_CODE static
#define ROOM_EXACT FXL_IWRAM_CODE
#define ROOM_ENTRY FXL_IWRAM_CODE
#else
#define ROOM_SCAN FXL__ALWAYS_INLINE
#define ROOM_EXACT FXL_ARM_CODE
#define ROOM_ENTRY
#endif

/* The angle filter (heads_front): a ray of direction angle ra (to the
 * nearest step: within 1/2 step, a table vector within 0.01 step of its
 * own) heads to the front of a wall of direction angle wa (the same) when
 * (wa - ra) mod 4096 is in [2, 2046], i.e. ((wa - ra - 2) & 4095) < 2045
 * in wrapping unsigned arithmetic: the true angle from the ray to the wall
 * is then in [1, 2047] steps, so D = d x (b - a) = |d| |b - a| sin(angle)
 * > 0, which fxl__consider_at rejects for a one-sided wall at its first test. */

/* room_scan's mark on a wall the angle filter spares the exact tests (the
 * near lists' FXL__NEAR_MARK). */
#define SCAN_SPARED FXL__NEAR_MARK

/* The room's packed pass over walls [i, end): each wall whose packed box
 * meets the ray's (fxl__coarse_meets, its guard bits tested through bit
 * 31 of x | x << 16) gets its index in idx, with SCAN_SPARED set when the
 * ray heads to its front by the angles (heads_front above: ((wa - ra2) &
 * 4095) < lim with ra2 = ra + 2, lim = 2045; two-sided lim = 0, never);
 * returns how many. Indices below 2^31 (a room that large would not fit in memory).
 * With FXL_ROOM_SCAN_IWRAM, ARM code in IWRAM on the GBA (FXL_IWRAM_CODE,
 * 148 bytes): the pass reads every wall of the room for every cast and
 * leg; measured in the benchmark's room (16 walls), about 430 cycles a
 * pass, call included, and with room_search inlined a room cast 3,373 ->
 * 2,871 cycles median; inlined (Thumb in ROM, the default, which keeps the
 * boss frame's library IWRAM within 4 KiB) the boss frame about 2,000
 * cycles slower; ARM code in ROM was slower still (+8,000). (A
 * variant whose rejected walls took no branch, 164 bytes, was slower
 * there: most walls' packed boxes meet a 300 px beam's.) */
ROOM_PASS size_t room_scan(const fxl_room_wall *w, uint32_t i, uint32_t end, uint32_t m_hi,
                           uint32_t m_lo, uint32_t ra2, uint32_t lim, uint32_t *idx)
{
    uint32_t *o = idx;
    for (; i < end; i++) {
        if (!fxl__coarse_meets_top(w[i].coarse_lo, w[i].coarse_hi, m_hi, m_lo))
            continue;
        *o++ = i | ((((uint32_t)w[i].angle - ra2) & 4095u) < lim ? SCAN_SPARED : 0u);
    }
    return (size_t)(o - idx);
}

/* The exact tests of the listed walls of a room (in index order),
 * continuing the fxl__search s; with fl != NULL, *fl then gets the clipped
 * length. ARM code on the GBA: one call a chunk. */
ROOM_EXACT static void consider_room_list(const fxl__ray *r, const fxl_room_wall *w,
                                            const uint32_t *idx, size_t count, bool two_sided,
                                            const fxl__rules *rules, fxl__search *s, int32_t *fl)
{
    size_t k;
    if (two_sided) {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            fxl__consider_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, true);
        }
    } else {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p;
            if ((idx[k] & SCAN_SPARED) != 0)
                continue; /* heads to its front: room_scan */
            p = &w[idx[k]];
            fxl__consider_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, false);
        }
    }
    if (fl != NULL)
        *fl = s->best < 0 ? r->len : (int32_t)floor_div(s->u.num, s->u.den);
}

/* The room's search, as search_walls: the packed box tests in 32-bit code
 * (Thumb on the GBA), the walls that pass noted in near, then (one-sided)
 * the angle filter, the walls left handed to the exact tests CHUNK at a
 * time, in index order (so the answer is search_walls'). */
ROOM_SCAN long room_search(const fxl_room *room, const fxl__ray *r, int32_t ra,
                                 bool two_sided, const fxl__rules *rules, fxl__frac *u,
                                 fxl__near *near, int32_t *fl)
{
    fxl__search s;
    uint32_t idx[CHUNK];
    uint32_t m_hi = r->m_hi, m_lo = r->m_lo;
    size_t i = 0, n = room->n;
    bool floored = false;
    const fxl_room_wall *w = room->packed;
    uint32_t lim = two_sided ? 0u : 2045u;
    search_start(r, &s);
    while (i < n) {
        size_t end = n - i > CHUNK ? i + CHUNK : n, c;
        c = room_scan(w, (uint32_t)i, (uint32_t)end, m_hi, m_lo, (uint32_t)ra + 2u, lim, idx);
        i = end;
        if (near != NULL) {
            size_t k;
            for (k = 0; k < c; k++) {
                if (near->count < FXL__NEAR_MAX)
                    near->idx[near->count] = idx[k] & ~SCAN_SPARED;
                near->count++;
            }
        }
        if (c > 0) {
            floored = i >= n && fl != NULL;
            consider_room_list(r, w, idx, c, two_sided, rules, &s, floored ? fl : NULL);
        }
    }
    if (fl != NULL && !floored)
        *fl = s.best < 0 ? r->len : fxl__frac_floor(s.u, NULL);
    u->num = s.u.num; /* field by field: a struct copy is a memcpy call in Thumb */
    u->den = s.u.den;
    return s.best;
}

long fxl__room_first_wall(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                          const fxl__rules *rules, fxl__frac *u, fxl__near *near)
{
    return room_search(room, r, ra, two_sided, rules, u, near, NULL);
}

/* Whether u* = n / d comes strictly before the best so far, bn / bd
 * (128-bit products): a later wall meeting the line (0.2 a cast in the
 * benchmark's room), out of the hot loop. */
ROOM_EXACT static bool room_earlier(uint64_t n, uint64_t d, uint64_t bn, uint64_t bd)
{
    return !fxl__le128(fxl__mul64(bn, d), fxl__mul64(n, bd));
}

/* Whether packed wall p meets the ray's centre line at some u* >= 0 under
 * a cast's rules (fxl__consider_at's tests with no reference point and no wall
 * to skip), and if so *n, *d with u* = 65536 n / d, d > 0. The signs are
 * turned so that the ray heads behind the wall when d > 0: d = -D =
 * (dy, -dx) . (ex, ey), t = -T, m = -N (D, T, N as at the top of this
 * file); it meets the closed segment at u* >= 0 iff t in [0, d] and m >=
 * 0. One-sided, d <= 0 (parallel, or heading to the front) never stops
 * it; two-sided, d < 0 turns the three signs. m = 0 (the start on the
 * wall's line): a beam counts as coming from the front (no reference
 * point), so it stops there when it heads behind (d > 0 before the turn;
 * always so one-sided). Each product is below 2^62 in magnitude for any
 * int32 values and each difference below 2^63: no overflow (wrapping r =
 * a - p outside the domain: meaningless, defined). */
FXL__ALWAYS_INLINE bool room_meets(const fxl_room_wall *p, int32_t px, int32_t py, int32_t dx,
                                   int32_t dy, bool two_sided, uint64_t *n, uint64_t *d)
{
    int32_t rx, ry;
    int64_t D = (int64_t)dy * p->ex - (int64_t)dx * p->ey, T, M;
    bool turn = false;
    if (two_sided) {
        if (D == 0)
            return false;
        turn = D < 0;
        D = turn ? -D : D;
    } else if (D <= 0) {
        return false;
    }
    rx = fxl__u2i32((uint32_t)p->a.x - (uint32_t)px);
    ry = fxl__u2i32((uint32_t)p->a.y - (uint32_t)py);
    T = (int64_t)ry * dx - (int64_t)rx * dy;
    if (turn)
        T = -T;
    if ((uint64_t)T > (uint64_t)D)
        return false; /* t < 0 or t > d: beside the wall's ends */
    M = (int64_t)ry * p->ex - (int64_t)rx * p->ey;
    if (turn) {
        if (M >= 0)
            return false; /* behind the start, or on the line heading to the front */
        M = -M;
    } else if (M < 0) {
        return false; /* behind the start */
    }
    *n = (uint64_t)M;
    *d = (uint64_t)D;
    return true;
}

/* floor(u*) of a later wall that came first (out of the hot function:
 * rare). ARM code on the GBA. */
ROOM_EXACT static int32_t room_floor(uint64_t n, uint64_t d)
{
    return (int32_t)floor_div(n, d);
}

/* The centre line's search through the walls of mask (an indexed room),
 * in index order: room_meets, then for the first wall met within the
 * length, found by its division: u* <= len iff floor(u*) < len, or
 * floor(u*) = len exactly (floor_div_exact; its quotient is below 2^28
 * when n / 2^12 < d, i.e. n < 2^12 d; else u* >= 2^28 > FXL_SIZE_MAX >=
 * len, no hit), which is the clipped length unless a later wall comes
 * first; the rest compare strictly earlier with it (room_earlier, so a
 * tie keeps the lower index; a later wall that wins gets its own
 * division). No packed box tests here: fxl__room_mask's slabs already hold
 * the walls near the beam, and a wall whose packed box misses the beam's
 * costs about as much as its exact tests (measured: 2,325 -> 2,290 GBA
 * cycles median without them). Returns the first wall (-1: none), *fl
 * the clipped length. ARM code on the GBA. */
FXL__ALWAYS_INLINE long room_cast_walls(const fxl_room_wall *w, uint32_t mask, const fxl__ray *r,
                                        bool two_sided, int32_t *fl)
{
    const int32_t px = r->p.x, py = r->p.y, dx = r->dx, dy = r->dy;
    const uint32_t k = fxl__bit_mul_get(), len = (uint32_t)r->len;
    uint64_t bn = 0, bd = 1, n, d;
    uint32_t q = len;
    long best = -1;
    bool later = false;
    while (mask != 0) {
        uint32_t i = fxl__low_bit(mask, k);
        const fxl_room_wall *p = &w[i];
        mask &= mask - 1u;
        if (!room_meets(p, px, py, dx, dy, two_sided, &n, &d) || (n >> 12) >= d)
            continue;
        {
            bool exact;
            uint32_t f = floor_div_exact(n, d, &exact);
            if (f < len || (f == len && exact)) {
                best = (long)i;
                bn = n;
                bd = d;
                q = f;
                break;
            }
        }
    }
    while (mask != 0) {
        uint32_t i = fxl__low_bit(mask, k);
        const fxl_room_wall *p = &w[i];
        mask &= mask - 1u;
        if (!room_meets(p, px, py, dx, dy, two_sided, &n, &d))
            continue;
        if (room_earlier(n, d, bn, bd)) {
            best = (long)i;
            bn = n;
            bd = d;
            later = true;
        }
    }
    *fl = later ? room_floor(bn, bd) : (int32_t)q;
    return best;
}

/* room_cast_walls with the sidedness a constant in each copy. With
 * FXL_PORT_ROOM_CAST (the GBA port) this is fxl__room_cast_mask_c, the
 * reference the tests compare the port's kernel with. */
#if FXL_PORT_ROOM_CAST
ROOM_EXACT long fxl__room_cast_mask_c(const fxl_room_wall *w, uint32_t mask, const fxl__ray *r,
                                      bool two_sided, int32_t *fl)
#else
ROOM_EXACT static long room_cast_mask(const fxl_room_wall *w, uint32_t mask, const fxl__ray *r,
                                      bool two_sided, int32_t *fl)
#endif
{
    return two_sided ? room_cast_walls(w, mask, r, true, fl) : room_cast_walls(w, mask, r, false, fl);
}

#if FXL_PORT_ROOM_CAST
/* cast_parts.h: room_earlier for the port's kernel. */
ROOM_EXACT bool fxl__room_earlier_nd(const uint64_t *cand, const uint64_t *best)
{
    return room_earlier(cand[1], cand[0], best[1], best[0]);
}

/* cast_parts.h: floor(u*) (floor_div) for the port's kernel when its own
 * division's check fails (never seen). */
ROOM_EXACT int32_t fxl__room_floor_nd(const uint64_t *best)
{
    return (int32_t)floor_div(best[1], best[0]);
}

/* The room cast's search is the port's (cast_arm.s: the same walls,
 * u* and floor(u*) as room_cast_walls; ARM in ROM). */
#define room_cast_mask fxl__room_cast_walls_port
#endif

/* A cast's rules (a single leg): no reference point, no wall to skip. */
FXL__ALWAYS_INLINE void cast_rules(fxl__rules *rules, fxl_vec2 pos)
{
    rules->has_ref = false;
    rules->on_line = false;
    rules->skip = -1;
    rules->sx = rules->sy = 0;
    rules->ref = pos;
}

/* fxl__room_slab of the coarse value of coordinate v (coarse.h), from
 * the room's base (org 2^17 with its top bit turned: room.c) and shift
 * (sh + 17), with no coarse value: with u = v + 2^31 (mod 2^32; coarse(v)
 * = floor(u / 2^17)) and B = org 2^17 (< 2^32, its 17 low bits 0), u < B
 * iff coarse(v) < org, i.e. v < base as int32 values (base = B - 2^31);
 * else floor((coarse(v) - org) / 2^sh) = floor((u - B) / 2^(sh + 17)) and
 * u - B = v - base mod 2^32, in [0, 2^32). coarse(v) = org gives slab 0
 * both ways. sh <= 14 (room.c: the extent is below 2^15): a shift below
 * 32. */
FXL__ALWAYS_INLINE uint32_t room_slab_of(int32_t v, int32_t base, uint32_t shift)
{
    uint32_t s = v < base ? 0u : ((uint32_t)v - (uint32_t)base) >> shift;
    return s < FXL_ROOM_SLABS - 1u ? s : FXL_ROOM_SLABS - 1u;
}

/* A room cast's ray: p, the direction (a table vector, |dx|, |dy| <=
 * 65536) and the length (what room_cast_walls reads; the boxes are left
 * unset, and reach too but with FXL_PORT_ROOM_CAST: the angle ra), and
 * fxl__room_mask's candidates for a box holding the centre line: the
 * line's offset along an axis, u m / 65536 for u in [0, len] and m =
 * |dx|, is bounded by ox = (h + 1) m with len = h 65536 + l,
 * l < 65536 (one 32-bit product: len m / 65536 < (h + 1) m, or 0 = ox for
 * m = 0), at most m (1 px) more than the exact box's floor(len m / 65536)
 * + 1 (fxl__ray_init). Each wall the line meets holds the meeting point,
 * which the box holds too: the two coarse boxes meet (coarse values are
 * floors by 2^17 of integer bounds of that point), so the wall is in the
 * slabs' mask; a wider box only adds candidates for the exact tests.
 * (Measured against the former bound h m + ((l (m / 2)) >> 15) + 2, two
 * products: GBA room cast 1,854 -> 1,818 median.) The slabs come from the
 * box's corners by room_slab_of: fxl__room_mask's look-ups for their
 * coarse values. Start within the domain, len <= FXL_SIZE_MAX: every value
 * below 2^31 in magnitude. */
FXL__ALWAYS_INLINE uint32_t room_ray_mask(const fxl_room *room, fxl__ray *r, fxl_vec2 p,
                                          int32_t dx, int32_t dy, int32_t len, int32_t ra,
                                          bool two_sided)
{
    /* sx, sy: all ones for a negative component (no branches); the box
     * from l = p - o (negative) or p to l + o. */
    uint32_t h1 = ((uint32_t)len >> 16) + 1u;
    uint32_t sx = 0u - ((uint32_t)dx >> 31), sy = 0u - ((uint32_t)dy >> 31);
    uint32_t ox = h1 * (((uint32_t)dx ^ sx) - sx), oy = h1 * (((uint32_t)dy ^ sy) - sy);
    uint32_t lx = (uint32_t)p.x - (ox & sx), hx = lx + ox;
    uint32_t ly = (uint32_t)p.y - (oy & sy), hy = ly + oy;
    uint32_t m;
    r->p = p;
    r->dx = dx;
    r->dy = dy;
    r->len = len;
#if FXL_PORT_ROOM_CAST
    r->reach = ra; /* the direction's angle: the port's kernel divides by its table reciprocals */
#endif
    m = room->x_lo[room_slab_of(fxl__u2i32(hx), room->base_x, room->shift_x)] &
        room->x_hi[room_slab_of(fxl__u2i32(lx), room->base_x, room->shift_x)] &
        room->y_lo[room_slab_of(fxl__u2i32(hy), room->base_y, room->shift_y)] &
        room->y_hi[room_slab_of(fxl__u2i32(ly), room->base_y, room->shift_y)];
    return two_sided ? m : m & ~room->front[(uint32_t)ra >> 8];
}

/* fxl_room_cast's search of a room too large for the index: room_search
 * over every packed wall (out of line: the indexed rooms' path keeps a
 * small frame). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static long room_cast_all(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                          int32_t c, int32_t s, int32_t *len)
{
    fxl__ray ray;
    fxl__rules rules;
    fxl__frac u;
    fxl__ray_init(&ray, laser->pos, c, s, laser->length, 0);
    cast_rules(&rules, laser->pos);
    return room_search(room, &ray, laser->angle & FXL_ANGLE_MASK, (flags & FXL_CAST_TWO_SIDED) != 0,
                       &rules, &u, NULL, len);
}

/* The centre line's cast through an indexed room (the candidates of
 * fxl__room_mask, then room_cast_mask) for a checked call. */
FXL__ALWAYS_INLINE void room_cast_indexed(const fxl_room *room, const fxl_laser *laser,
                                          unsigned flags, fxl_cast *out, fxl_laser *clipped)
{
    bool two = (flags & FXL_CAST_TWO_SIDED) != 0;
    fxl__ray ray;
    long wall;
    int32_t len, c, s;
    uint32_t mask;
    fxl__sincos(laser->angle, &c, &s);
    mask = room_ray_mask(room, &ray, laser->pos, c, s, laser->length,
                         laser->angle & FXL_ANGLE_MASK, two);
    wall = room_cast_mask(room->packed, mask, &ray, two, &len);
    fxl__cast_answer(laser, wall, len, ray.dx, ray.dy, out, clipped);
}

/* fxl_room_cast's every case but the common one (out of line, so that the
 * common path's branches stay short: each check a branch not taken). With
 * FXL_PORT_ROOM_CAST the port's fxl_room_cast (port/gba/cast_arm.s, Thumb)
 * is the common case and calls this for the rest; the C below is then
 * fxl__room_cast_c, the reference the tests compare it with. */
#if FXL_PORT_ROOM_CAST
#define ROOM_CAST_SLOW fxl__room_cast_slow
#define ROOM_CAST_ENTRY fxl__room_cast_c

/* The offsets and constants the port's fxl_room_cast reads. */
typedef char fxl__room_cast_layout[
    (offsetof(fxl_room, packed) == 4 && offsetof(fxl_room, n) == 8 &&
     offsetof(fxl_room, x_lo) == 28 && offsetof(fxl_room, x_hi) == 60 &&
     offsetof(fxl_room, y_lo) == 92 && offsetof(fxl_room, y_hi) == 124 &&
     offsetof(fxl_room, front) == 156 && offsetof(fxl_room, base_x) == 220 &&
     offsetof(fxl_room, base_y) == 224 && offsetof(fxl_room, shift_x) == 228 &&
     offsetof(fxl_room, shift_y) == 232 && sizeof(fxl_laser_kind) == 1 &&
     sizeof(fxl_laser_anchor) == 1 && offsetof(fxl_laser, kind) == 0 &&
     offsetof(fxl_laser, anchor) == 1 &&
     offsetof(fxl_laser, pos) == 4 && offsetof(fxl_laser, angle) == 12 &&
     offsetof(fxl_laser, length) == 16 && offsetof(fxl_laser, half_width) == 20 &&
     offsetof(fxl_laser, hit_fraction) == 24 && sizeof(fxl_laser) == 28 &&
     offsetof(fxl_cast, length) == 0 && offsetof(fxl_cast, wall) == 4 &&
     offsetof(fxl_cast, point) == 8 && offsetof(fxl__ray, len) == 16 &&
     offsetof(fxl__ray, reach) == 20 &&
     FXL_ANCHOR_EMITTER == 0 && FXL_CAST_TWO_SIDED == 1u && FXL_ROOM_INDEXED == 32 &&
     FXL_ROOM_SLABS == 8 && FXL_ROOM_TURNS == 16 && FXL_SIN_FULL &&
     FXL_COORD_MAX == 0x3FFFFFFF && FXL_SIZE_MAX == 0x0FFFFFFF)
        ? 1
        : -1];
#else
#define ROOM_CAST_SLOW room_cast_slow
#define ROOM_CAST_ENTRY fxl_room_cast
static
#endif
#if defined(__GNUC__)
__attribute__((noinline))
#endif
fxl_result ROOM_CAST_SLOW(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                          fxl_cast *out, fxl_laser *clipped)
{
    long wall;
    int32_t len, c, s;
    if (room == NULL || laser == NULL || out == NULL || (room->packed == NULL && room->n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    if (room->n <= FXL_ROOM_INDEXED) {
        room_cast_indexed(room, laser, flags, out, clipped);
        return FXL_OK;
    }
    fxl__sincos(laser->angle, &c, &s);
    wall = room_cast_all(room, laser, flags, c, s, &len);
    fxl__cast_answer(laser, wall, len, c, s, out, clipped);
    return FXL_OK;
}

/* The centre line's cast through a room: fxl_laser_cast's, with the
 * room's search (an indexed room: the candidates of fxl__room_mask, then
 * room_cast_mask). The common case (pointers set, an indexed room with
 * its packed walls, a laser fxl__laser_fast_ok passes fired from its
 * emitter) here; the rest, errors included, in room_cast_slow. */
ROOM_ENTRY fxl_result ROOM_CAST_ENTRY(const fxl_room *room, const fxl_laser *laser,
                                      unsigned flags, fxl_cast *out, fxl_laser *clipped)
{
    if (FXL__UNLIKELY(room == NULL || laser == NULL || out == NULL || room->packed == NULL ||
                      room->n > FXL_ROOM_INDEXED || !fxl__laser_fast_ok(laser) ||
                      laser->anchor != FXL_ANCHOR_EMITTER))
        return ROOM_CAST_SLOW(room, laser, flags, out, clipped);
    room_cast_indexed(room, laser, flags, out, clipped);
    return FXL_OK;
}

/* Thumb code on the GBA (32-bit work), but for the exact tests and the
 * division (ARM code, one call for both). */
fxl_result fxl_laser_cast(const fxl_laser *laser, const fxl_wall_prep *walls,
                                       size_t n, unsigned flags, fxl_cast *out,
                                       fxl_laser *clipped)
{
    fxl__ray ray;
    fxl__rules rules;
    fxl__frac u;
    bool two = (flags & FXL_CAST_TWO_SIDED) != 0;
    long wall;
    int32_t len, c, s;
    if (laser == NULL || out == NULL || (walls == NULL && n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    fxl__sincos(laser->angle, &c, &s);
    if ((flags & FXL_CAST_WIDTH) != 0) {
        /* The width reaches |d| / 65536 < 1 + 2^-15 times the half-width
         * from the centre line. */
        fxl__ray_init(&ray, laser->pos, c, s, laser->length,
                      laser->half_width + (laser->half_width >> 15) + 2);
        wall = fxl__cast_width(&ray, laser->kind, laser->half_width, walls, n, two, &len);
    } else {
        fxl__ray_init(&ray, laser->pos, c, s, laser->length, 0);
        cast_rules(&rules, laser->pos);
        wall = search_walls(&ray, walls, n, two, &rules, &u, NULL, &len);
    }
    fxl__cast_answer(laser, wall, len, c, s, out, clipped);
    return FXL_OK;
}

/* ---- the bounce's search: the room's, with the leg's band ---------------- */

/* consider_room_list with fxl__consider_band_at (the walls room_search's angle
 * filter left, as there). */
FXL_ARM_CODE static void consider_band_list(const fxl__ray *r, const fxl_room_wall *w,
                                            const uint32_t *idx, size_t count, bool two_sided,
                                            const fxl__rules *rules, fxl__search *s, fxl__band *bd)
{
    size_t k;
    if (two_sided) {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            fxl__consider_band_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, true, bd);
        }
    } else {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p;
            if ((idx[k] & SCAN_SPARED) != 0)
                continue; /* heads to its front: room_scan */
            p = &w[idx[k]];
            fxl__consider_band_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, false, bd);
        }
    }
}

/* fxl__band_clear out of line (ARM code on the GBA; u by address: a
 * struct argument is a memcpy call from Thumb). */
FXL_ARM_CODE static bool band_clear(const fxl__ray *r, const fxl__band *bd, long best,
                                    const fxl__frac *u)
{
    return fxl__band_clear(r, bd, best, u);
}

long fxl__room_first_wall_band(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                               const fxl__rules *rules, fxl__frac *u, fxl__near *near,
                               bool *clear)
{
    fxl__search s;
    uint32_t idx[CHUNK];
    uint32_t m_hi = r->m_hi, m_lo = r->m_lo;
    size_t i = 0, n = room->n;
    const fxl_room_wall *w = room->packed;
    fxl__band bd;
    uint32_t lim = two_sided ? 0u : 2045u;
    bd.b = (int64_t)fxl__abs32(r->dx) + fxl__abs32(r->dy);
    bd.lo1 = bd.lo2 = INT64_MAX;
    bd.i1 = -1;
    search_start(r, &s);
    near->count = 0;
    if (n <= FXL__NEAR_MAX) {
        /* The room in one pass, written straight into the near list (with
         * the angle filter's marks: FXL__NEAR_MARK) and tested from there. */
        size_t c = room_scan(w, 0, (uint32_t)n, m_hi, m_lo, (uint32_t)ra + 2u, lim, near->idx);
        near->count = c;
        if (c > 0)
            consider_band_list(r, w, near->idx, c, two_sided, rules, &s, &bd);
        i = n;
    }
    while (i < n) {
        size_t end = n - i > CHUNK ? i + CHUNK : n, c, k;
        c = room_scan(w, (uint32_t)i, (uint32_t)end, m_hi, m_lo, (uint32_t)ra + 2u, lim, idx);
        i = end;
        for (k = 0; k < c; k++) {
            if (near->count < FXL__NEAR_MAX)
                near->idx[near->count] = idx[k] & ~SCAN_SPARED;
            near->count++;
        }
        if (c > 0)
            consider_band_list(r, w, idx, c, two_sided, rules, &s, &bd);
    }
    /* band_clear's first answer here (the common case: no other wall
     * noted), without the call. */
    *clear = (bd.i1 == s.best ? bd.lo2 : bd.lo1) == INT64_MAX || band_clear(r, &bd, s.best, &s.u);
    u->num = s.u.num; /* field by field: a struct copy is a memcpy call in Thumb */
    u->den = s.u.den;
    return s.best;
}
