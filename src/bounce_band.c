/* bounce_band.c - the bounce's search (the first wall of a leg, and the
 * band answer of bounce.c's pl.clear) through an indexed room: the
 * candidates from the room's slab look-ups instead of a pass over every
 * packed wall; the near list apart, only for the legs that need it.
 *
 * Why the index serves the band search. fxl__room_first_wall_band (cast.c)
 * passes over every packed wall and keeps those whose packed (coarse) box
 * meets the ray's box (the leg's, to the length left, grown by one raw
 * unit): the near list; of them, one-sided, the walls the angle filter
 * spares (the ray heads to their front: room_scan's mark) get no further
 * test; the others the band test (consider_band_at) and the exact test,
 * in index order. fxl__coarse_meets(lo, hi, m_hi, m_lo) holds iff on each
 * axis the wall's coarse low cw_lo <= the ray box's coarse high cr_hi and
 * cr_lo <= cw_hi (a borrow into a guard bit is exactly the strict
 * inequality the other way). fxl__room_slab is non-decreasing in its
 * value, so cw_lo <= cr_hi gives slab(cw_lo) <= slab(cr_hi): the wall is in
 * x_lo[slab(cr_hi)] (the walls whose box starts in that slab or before,
 * room.c), and cr_lo <= cw_hi gives slab(cw_hi) >= slab(cr_lo): it is in
 * x_hi[slab(cr_lo)]; y likewise. So the AND of the four slab sets holds
 * every wall of the near list: a superset. One-sided, the direction's
 * front set (room.c: the walls every ray of its sixteenth of a turn heads
 * to the front of by the same filter) holds only walls the filter spares
 * for this ray (ra is in that sixteenth), which get no test: taken off.
 * Each wall left gets the pass's packed test and angle filter, in
 * increasing index order (the lowest set bit first), so the walls handed
 * to the band and exact tests are the pass's, in the pass's order: the
 * same best wall (ties to the lower index), u* (the same fraction) and
 * band (the two least projections and the nearest wall's index, updated
 * wall by wall), hence the same clear.
 *
 * The near list: bounce.c reads it only when clear is false (its
 * reachability checks then run on the walls listed), or for an end a
 * one-sided leg's start is near (far_from), where a near count above
 * FXL__NEAR_MAX makes the check pass over every wall instead (the same
 * answer). So it is made only when clear is false, by the pass
 * (fxl__bounce_near_list: the same walls, the pass's marks aside).
 * Measured on the GBA (the benchmark's room, 16 walls, 4.0 legs a call):
 * the near list was needed 43 times in 1,025 legs; fxl_room_bounce 18,398
 * -> 17,195 cycles median, and 16,693 with u* written field by field (a
 * struct copy in Thumb is a memcpy call, about 125 cycles).
 * tests/test_bounce.c checks the wall, u*, clear and near list against
 * fxl__room_first_wall_band on the benchmark's room's legs and on random
 * rooms of up to 32 walls (walls at exactly the band's distance from the
 * ray's line included).
 *
 * Measured and not kept (the same room): the slab look-ups without the
 * front set, every candidate's band and exact tests in one ARM function
 * (19,778: the ARM loop over the candidates, from ROM, costs more than the
 * Thumb pass it spares); the near list and band from the leg's own box
 * once its wall is known (21,751: a second pass); the leg cut in pieces
 * of 32, 64 or 128 px, each piece's box searched in turn and the search
 * stopped at the piece holding the wall (22,477, 20,603, 19,968: a
 * piece's set-up costs more than the exact tests it spares); a 32-bit
 * estimate of T at each candidate's ends in front of the exact tests
 * (rejects 55 % of them; 19,636: the early-rejected walls cost little in
 * the exact tests, about 270 cycles each, the estimate about as much).
 *
 * The exact tests are cast.c's (consider_at, consider_band_at, band_clear,
 * start_stops), repeated here as a twin (cast.c keeps its own; a change to
 * the rules there goes here too: the suite compares the two searches). */
#include "bounce_band.h"

#include "angle_table.h"
#include "hitbox.h"

/* The best wall so far and its u* (cast.c's search). */
typedef struct bsearch {
    long best;
    fxl__frac u;
} bsearch;

/* cast.c's start_stops: whether a wall through the ray's start, met
 * there, stops it at u = 0 under the rules. */
FXL__ALWAYS_INLINE bool bb_start_stops(const fxl__rules *rules, int32_t ax, int32_t ay, int32_t ex,
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

/* Out of line: rare (a wall through the leg's start). */
FXL_ARM_CODE static bool bb_start_stops_call(const fxl__rules *rules, int32_t ax, int32_t ay,
                                             int32_t ex, int32_t ey, int64_t D, bool two_sided)
{
    return bb_start_stops(rules, ax, ay, ex, ey, D, two_sided);
}

/* cast.c's consider_at: wall i = a + [0, 1] (ex, ey) against the best so
 * far (initially the length, as 65536 len / 65536): u* <= len for the
 * first, then strictly earlier (a tie keeps the lower index). Products
 * below 2^62 within the domain (wrapping outside, defined). */
FXL__ALWAYS_INLINE void bb_consider(const fxl__ray *r, int32_t ax, int32_t ay, int32_t ex,
                                    int32_t ey, long i, const fxl__rules *rules, bsearch *s,
                                    bool two_sided)
{
    int32_t rx = fxl__u2i32((uint32_t)ax - (uint32_t)r->p.x);
    int32_t ry = fxl__u2i32((uint32_t)ay - (uint32_t)r->p.y);
    int64_t D = (int64_t)r->dx * ey - (int64_t)r->dy * ex, N, T;
    uint64_t aN, aD;
    fxl__u128 lhs, rhs;
    bool better;
    if (two_sided ? D == 0 : D >= 0)
        return; /* parallel, or (one-sided) heading to the front */
    T = (int64_t)rx * r->dy - (int64_t)ry * r->dx;
    if (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D))
        return; /* beside the wall's ends */
    N = (int64_t)rx * ey - (int64_t)ry * ex;
    if (D < 0 ? N > 0 : N < 0)
        return; /* behind the start */
    if (i == rules->skip ||
        (N == 0 && !bb_start_stops_call(rules, ax, ay, ex, ey, D, two_sided)))
        return;
    aN = fxl__abs64(N);
    aD = fxl__abs64(D);
    if (s->best < 0) {
        /* Against the length: 65536 |N| <= len |D|, the left side by
         * shifts, the right in two 32x32 products. */
        uint32_t len = (uint32_t)s->u.num;
        uint64_t pl = (uint64_t)len * (uint32_t)aD, ph = (uint64_t)len * (uint32_t)(aD >> 32);
        lhs.hi = aN >> 48;
        lhs.lo = aN << 16;
        rhs.lo = pl + (ph << 32);
        rhs.hi = (ph >> 32) + (rhs.lo < pl ? 1u : 0u);
        better = fxl__le128(lhs, rhs);
    } else {
        lhs = fxl__mul64(aN, s->u.den);
        rhs = fxl__mul64(s->u.num, aD);
        better = !fxl__le128(rhs, lhs);
    }
    if (better) {
        s->best = i;
        s->u.num = aN;
        s->u.den = aD;
    }
}

/* The lowest set bit's index of a power of two (de Bruijn's multiply, as
 * cast.c's). The multiplier is read once a call through a volatile
 * lvalue, so that GCC emits one MUL a wall rather than shift-adds; the
 * object itself is plain const (ROM on the GBA: no IWRAM data, where
 * cast.c's volatile one lives). */
static const uint8_t bb_bit_index[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                         15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                         16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
static const uint32_t bb_bit_mul = 0x077CB531u;

/* The walls of an indexed room whose slabs meet the ray box's on both
 * axes: a superset of those whose coarse boxes meet it (above). */
FXL__ALWAYS_INLINE uint32_t bb_slabs(const fxl_room *room, const fxl__ray *r)
{
    return room->x_lo[fxl__room_slab(fxl__coarse_hi_of(r->m_hi, 1), room->org_x, room->sh_x)] &
           room->x_hi[fxl__room_slab(fxl__coarse_lo_of(r->m_lo, 1), room->org_x, room->sh_x)] &
           room->y_lo[fxl__room_slab(fxl__coarse_hi_of(r->m_hi, 0), room->org_y, room->sh_y)] &
           room->y_hi[fxl__room_slab(fxl__coarse_lo_of(r->m_lo, 0), room->org_y, room->sh_y)];
}

/* The band (cast.c's band): |dx| + |dy|, the least end projection of the
 * nearest wall noted (lo1, wall i1) and of the others (lo2); INT64_MAX for
 * none. */
typedef struct bband {
    int64_t b;
    int64_t lo1, lo2;
    long i1;
} bband;

/* cast.c's consider_band_at: wall i = a + [0, 1] (ex, ey) against the
 * band |T| <= b about the ray's line (T = (q - p) x d: T at a, T - D at
 * b): beyond it (both ends' |T| > b on one side), or wholly behind the
 * start (both ends' projections P = (q - p) . d <= -b), nothing; else its
 * least P is noted in bd (the two least kept). Then bb_consider's tests.
 * Products below 2^62 within the domain, sums below 2^63 (wrapping
 * outside: a meaningless answer, defined). */
FXL__ALWAYS_INLINE void bb_band_at(const fxl__ray *r, int32_t ax, int32_t ay, int32_t ex,
                                   int32_t ey, long i, const fxl__rules *rules, bsearch *s,
                                   bool two_sided, bband *bd)
{
    int32_t rx = fxl__u2i32((uint32_t)ax - (uint32_t)r->p.x);
    int32_t ry = fxl__u2i32((uint32_t)ay - (uint32_t)r->p.y);
    int64_t b = bd->b;
    int64_t D = (int64_t)r->dx * ey - (int64_t)r->dy * ex;
    int64_t T = (int64_t)rx * r->dy - (int64_t)ry * r->dx;
    int64_t Tb = fxl__wsub64(T, D);
    if (!((T > b && Tb > b) || (T < -b && Tb < -b)) && i != rules->skip) {
        int64_t P = (int64_t)rx * r->dx + (int64_t)ry * r->dy;
        int64_t Pb = P + ((int64_t)ex * r->dx + (int64_t)ey * r->dy);
        if (P > -b || Pb > -b) {
            P = Pb < P ? Pb : P;
            if (P < bd->lo1) {
                bd->lo2 = bd->lo1;
                bd->lo1 = P;
                bd->i1 = i;
            } else if (P < bd->lo2) {
                bd->lo2 = P;
            }
        }
    }
    if (two_sided ? D == 0 : D >= 0)
        return; /* parallel, or (one-sided) heading to the front */
    if (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D))
        return; /* beside the wall's ends */
    bb_consider(r, ax, ay, ex, ey, i, rules, s, two_sided);
}

/* The band and exact tests of the listed walls, in index order (cast.c's
 * consider_band_list), then the band's answer (cast.c's band_clear):
 * every wall noted but the one found lies wholly beyond the end e = p +
 * (num / den) d, projections P >= P(e) + b, P(e) = num |d|^2 / den: (lo -
 * b) den >= num |d|^2 (lo - b >= 0), 128-bit products (|d|^2 < 2^61).
 * ARM code on the GBA (one call a leg). */
FXL_ARM_CODE static bool bb_list(const fxl__ray *r, const fxl_room_wall *w, const uint32_t *idx,
                                 size_t count, bool two_sided, const fxl__rules *rules,
                                 bsearch *s)
{
    bband bd;
    size_t k;
    int64_t lo, m;
    uint64_t d2;
    bd.b = (int64_t)fxl__abs32(r->dx) + fxl__abs32(r->dy);
    bd.lo1 = bd.lo2 = INT64_MAX;
    bd.i1 = -1;
    if (two_sided) {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            bb_band_at(r, p->a.x, p->a.y, p->ex, p->ey, (long)idx[k], rules, s, true, &bd);
        }
    } else {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            bb_band_at(r, p->a.x, p->a.y, p->ex, p->ey, (long)idx[k], rules, s, false, &bd);
        }
    }
    lo = bd.i1 == s->best ? bd.lo2 : bd.lo1;
    if (lo == INT64_MAX)
        return true;
    m = fxl__wsub64(lo, bd.b);
    d2 = (uint64_t)((int64_t)r->dx * r->dx) + (uint64_t)((int64_t)r->dy * r->dy);
    return m >= 0 && fxl__le128(fxl__mul64(s->u.num, d2), fxl__mul64((uint64_t)m, s->u.den));
}

/* The candidates in 32-bit code (Thumb on the GBA): the slab look-ups
 * less, one-sided, the direction's front set; each wall's packed box test
 * (the pass's), and one-sided the angle filter (cast.c's room_scan: the
 * spared walls get neither test, as there). */
long fxl__bounce_search(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                        const fxl__rules *rules, fxl__frac *u, bool *clear)
{
    const fxl_room_wall *w = room->packed;
    uint32_t mask = bb_slabs(room, r), m_hi = r->m_hi, m_lo = r->m_lo,
             k = *(const volatile uint32_t *)&bb_bit_mul;
    uint32_t ra2 = (uint32_t)ra + 2u, lim = two_sided ? 0u : 2045u;
    uint32_t idx[FXL_ROOM_INDEXED], *o = idx;
    bsearch s;
    if (!two_sided)
        mask &= ~room->front[(uint32_t)ra >> 8];
    while (mask != 0) {
        uint32_t i = bb_bit_index[(k * (mask & (0u - mask))) >> 27], x;
        const fxl_room_wall *p = &w[i];
        mask &= mask - 1u;
        x = (p->coarse_lo - m_hi) | (m_lo - p->coarse_hi);
        if (((x | x << 16) >> 31) == 0 && (((uint32_t)p->angle - ra2) & 4095u) >= lim)
            *o++ = i;
    }
    s.best = -1;
    s.u.num = (uint64_t)r->len;
    s.u.den = 65536u;
    *clear = o == idx || bb_list(r, w, idx, (size_t)(o - idx), two_sided, rules, &s);
    u->num = s.u.num; /* field by field: a struct copy is a memcpy call in Thumb */
    u->den = s.u.den;
    return s.best;
}

/* The pass (32-bit code, Thumb on the GBA). */
void fxl__bounce_near_list(const fxl_room *room, const fxl__ray *r, fxl__near *near)
{
    const fxl_room_wall *w = room->packed;
    uint32_t m_hi = r->m_hi, m_lo = r->m_lo, i;
    size_t c = 0;
    for (i = 0; i < room->n; i++) {
        uint32_t x = (w[i].coarse_lo - m_hi) | (m_lo - w[i].coarse_hi);
        if (((x | x << 16) >> 31) != 0)
            continue;
        if (c < FXL__NEAR_MAX)
            near->idx[c] = i;
        c++;
    }
    near->count = c;
}
