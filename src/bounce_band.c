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
 * test; the others the band test (fxl__consider_band_at) and the exact test,
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
 * The exact tests are cast.c's (cast_parts.h: fxl__consider_band_at,
 * fxl__consider_at, fxl__band_clear, fxl__start_stops), inlined here in
 * this file's ARM loop; the slab look-up (fxl__room_mask_ray) and the de
 * Bruijn table (fxl__low_bit) are shared too. Measured when this file's
 * twins of them were merged into these (the benchmark's room):
 * fxl_room_bounce 16,693 -> 16,584 cycles median (the shared
 * fxl__consider_at's shorter compare against the length).
 *
 * The GBA port (FXL_PORT_BOUNCE_BAND) runs the band and exact tests of
 * the listed walls in port/gba/bounce_arm.s (hand-scheduled ARM in ROM,
 * its candidates' loop in IWRAM; the same walls in the same order: the
 * same wall, u* and clear); the
 * list stays this file's Thumb loop (the loop in the kernel's ARM, from
 * ROM, measured slower: 15,787 against 15,568). fxl_room_bounce 16,467
 * -> 14,766 cycles median, max 43,081 -> 41,293 (bench_room's 16 walls);
 * the boss frame's two calls 46,044 -> 41,399. The kernel's own strict
 * comparison of a later wall with the best (128-bit products; before, it
 * listed that wall and every later one for this file's C, 133 legs in
 * 1,025): 14,040 -> 13,771 median, max 39,838 -> 37,462; the boss
 * frame's two calls 39,283 -> 38,205 (max 70,231 -> 65,719). */
#include "bounce_band.h"

#include "angle_table.h"
#include "hitbox.h"

#if !FXL_PORT_BOUNCE_BAND || defined(FXL_TEST_HOOKS)
/* The band and exact tests of the listed walls, in index order (cast.c's
 * consider_band_list: cast_parts.h's fxl__consider_band_at), then the
 * band's answer (fxl__band_clear). ARM code on the GBA (one call a
 * leg); with FXL_PORT_BOUNCE_BAND, the port's reference (test builds). */
FXL_ARM_CODE static bool bb_list(const fxl__ray *r, const fxl_room_wall *w, const uint32_t *idx,
                                 size_t count, bool two_sided, const fxl__rules *rules,
                                 fxl__search *s)
{
    fxl__band bd;
    size_t k;
    bd.b = (int64_t)fxl__abs32(r->dx) + fxl__abs32(r->dy);
    bd.lo1 = bd.lo2 = INT64_MAX;
    bd.i1 = -1;
    if (two_sided) {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            fxl__consider_band_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, true, &bd);
        }
    } else {
        for (k = 0; k < count; k++) {
            const fxl_room_wall *p = &w[idx[k]];
            fxl__consider_band_at(r, p->a.x, p->a.y, p->ex, p->ey, idx[k], rules, s, false, &bd);
        }
    }
    return fxl__band_clear(r, &bd, s->best, &s->u);
}
#endif

#if FXL_PORT_BOUNCE_BAND
/* Test builds: with fxl__bounce_band_c set, the C list (bb_list) instead
 * of the port's kernel (the suite compares the two). */
#ifdef FXL_TEST_HOOKS
bool fxl__bounce_band_c;
#endif

/* After the port's kernel (port/gba/bounce_arm.s: fxl__consider_band_at's
 * band part exactly, and fxl__consider_at up to the first wall met at N =
 * 0) listed c > 0 walls (those that pass the first tests from that one
 * on, in index order): fxl__consider_at on them, from the kernel's best (the walls not
 * listed it rejects at those tests), then the band's answer. With none
 * listed the kernel gives the band's answer itself. */
FXL_ARM_CODE static bool bb_rest(const fxl__ray *r, const fxl_room_wall *w, const uint32_t *met,
                                 uint32_t c, bool two_sided, const fxl__rules *rules,
                                 fxl__search *s, const fxl__band *bd)
{
    uint32_t k;
    if (two_sided) {
        for (k = 0; k < c; k++) {
            const fxl_room_wall *p = &w[met[k]];
            fxl__consider_at(r, p->a.x, p->a.y, p->ex, p->ey, met[k], rules, s, true);
        }
    } else {
        for (k = 0; k < c; k++) {
            const fxl_room_wall *p = &w[met[k]];
            fxl__consider_at(r, p->a.x, p->a.y, p->ex, p->ey, met[k], rules, s, false);
        }
    }
    return fxl__band_clear(r, bd, s->best, &s->u);
}
#endif

/* The candidates in 32-bit code (Thumb on the GBA): the slab look-ups
 * less, one-sided, the direction's front set; each wall's packed box test
 * (the pass's), and one-sided the angle filter (cast.c's room_scan: the
 * spared walls get neither test, as there). */
long fxl__bounce_search(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                        const fxl__rules *rules, fxl__frac *u, bool *clear)
{
    const fxl_room_wall *w = room->packed;
    uint32_t mask = fxl__room_mask_ray(room, r, ra, two_sided), m_hi = r->m_hi, m_lo = r->m_lo,
             k = fxl__bit_mul_get();
    uint32_t ra2 = (uint32_t)ra + 2u, lim = two_sided ? 0u : 2045u;
    uint32_t idx[FXL_ROOM_INDEXED + 1], *o = idx;
    fxl__search s;
    /* The wall the leg left: its band and exact tests do nothing (both
     * skip rules->skip, cast_parts.h), so it is taken off the candidates
     * (an indexed room's walls are below FXL_ROOM_INDEXED: one bit). */
    if (rules->skip >= 0)
        mask &= ~((uint32_t)1 << (uint32_t)rules->skip);
    while (mask != 0) {
        uint32_t i = fxl__low_bit(mask, k);
        const fxl_room_wall *p = &w[i];
        mask &= mask - 1u;
        if (fxl__coarse_meets_top(p->coarse_lo, p->coarse_hi, m_hi, m_lo) &&
            (((uint32_t)p->angle - ra2) & 4095u) >= lim)
            *o++ = i;
    }
    s.best = -1;
    s.u.num = (uint64_t)r->len;
    s.u.den = 65536u;
#if FXL_PORT_BOUNCE_BAND
    *o = 0xFFFFFFFFu;
#ifdef FXL_TEST_HOOKS
    if (fxl__bounce_band_c)
        *clear = o == idx || bb_list(r, w, idx, (size_t)(o - idx), two_sided, rules, &s);
    else
#endif
        if (o == idx) {
            *clear = true;
        } else {
            fxl__band bd;
            uint32_t met[FXL_ROOM_INDEXED];
            uint32_t v = fxl__bounce_band_port(w, idx, r, &bd, two_sided, met, &s);
            *clear = v < 2u ? v != 0u : bb_rest(r, w, met, v >> 1, two_sided, rules, &s, &bd);
        }
#else
    *clear = o == idx || bb_list(r, w, idx, (size_t)(o - idx), two_sided, rules, &s);
#endif
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
        if (!fxl__coarse_meets_top(w[i].coarse_lo, w[i].coarse_hi, m_hi, m_lo))
            continue;
        if (c < FXL__NEAR_MAX)
            near->idx[c] = i;
        c++;
    }
    near->count = c;
}
