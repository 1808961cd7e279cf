/* fuzz_curvy.c - libFuzzer harness of curvy.h. A trail in a ring of 2..40
 * nodes (any cap and box count is tried at init too), pushed with heads
 * that wander in small steps or jump anywhere in int32, random widths,
 * taper, hit fraction, budget, cuts; then circles anywhere. Invariants:
 *   - fxl_curvy_init refuses exactly what the header lists (cap outside
 *     2..FXL_CURVY_MAX or too few boxes, width_max outside 0..FXL_SIZE_MAX,
 *     a negative budget); fxl_curvy_push refuses a head outside the
 *     domain, a width outside 0..width_max, a step beyond FXL_SIZE_MAX on
 *     an axis, and then leaves the trail as it was;
 *   - count <= cap; length is the sum of the live nodes' seg_len; with a
 *     budget, length <= max_length;
 *   - the batch form equals the single test, circle by circle; the band is
 *     HIT exactly when the single test hits;
 *   - a circle the trail hits where a move ends is hit by the swept test of
 *     that move;
 *   - after fxl_curvy_cut_circle(c), the circle c no longer hits;
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

#define CAP 40

static bool domain_circle(fxl_circle c)
{
    return fz_coord_ok(c.c.x) && fz_coord_ok(c.c.y) && c.r >= 0 && c.r <= FXL_SIZE_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fxl_curvy_node nodes[CAP];
    static fxl_aabb boxes[FXL_CURVY_BOXES(CAP)];
    fz f = fz_start(data, size);
    fxl_curvy c;
    size_t cap = 2u + fz_below(&f, CAP - 1), nb = fz_flag(&f) ? FXL_CURVY_BOXES(cap) : fz_below(&f, 8);
    fix16_t wmax = fz_size(&f), budget = fz_flag(&f) ? 0 : fz_num(&f, 400 << 16, true);
    fxl_result want = nb < FXL_CURVY_BOXES(cap) ? FXL_ERR_CAPACITY
                      : wmax < 0                ? FXL_ERR_WIDTH_NEGATIVE
                      : wmax > FXL_SIZE_MAX     ? FXL_ERR_WIDTH_RANGE
                      : budget < 0              ? FXL_ERR_LENGTH_NEGATIVE
                                                : FXL_OK;
    fxl_result got = fxl_curvy_init(&c, nodes, cap, boxes, nb, wmax, budget);
    fxl_vec2 head;
    uint32_t k, pushes;
    FZ_CHECK(got == want);
    if (got != FXL_OK)
        return 0;
    c.taper = fz_flag(&f) ? 0 : fz_num(&f, 4 << 16, true);
    c.hit_fraction = fz_fraction(&f);
    if (fxl_curvy_check(&c) != FXL_OK)
        return 0;
    head.x = fz_coord(&f);
    head.y = fz_coord(&f);
    pushes = fz_below(&f, 64);
    for (k = 0; k < pushes; k++) {
        fxl_curvy before = c;
        fxl_vec2 p = head;
        fix16_t w = fz_flag(&f) ? wmax : fz_size(&f);
        fxl_result r;
        int64_t dx, dy;
        if (fz_flag(&f)) {
            p.x = fz_wrap((int64_t)p.x + (int8_t)fz_u8(&f) * 16384);
            p.y = fz_wrap((int64_t)p.y + (int8_t)fz_u8(&f) * 16384);
        } else {
            p.x = fz_coord(&f);
            p.y = fz_coord(&f);
        }
        dx = (int64_t)p.x - head.x;
        dy = (int64_t)p.y - head.y;
        r = fxl_curvy_push(&c, p, w);
        if (!fz_coord_ok(p.x) || !fz_coord_ok(p.y))
            FZ_CHECK(r == FXL_ERR_COORD_RANGE);
        else if (w < 0)
            FZ_CHECK(r == FXL_ERR_WIDTH_NEGATIVE);
        else if (w > wmax)
            FZ_CHECK(r == FXL_ERR_WIDTH_RANGE);
        else if (before.count > 0 && (dx > FXL_SIZE_MAX || dx < -FXL_SIZE_MAX || dy > FXL_SIZE_MAX ||
                                      dy < -FXL_SIZE_MAX))
            FZ_CHECK(r == FXL_ERR_LENGTH_RANGE);
        else
            FZ_CHECK(r == FXL_OK);
        if (r != FXL_OK) {
            FZ_CHECK(c.count == before.count && c.tail == before.tail && c.length == before.length);
        } else {
            head = p;
        }
        FZ_CHECK(c.count <= c.cap);
    }
    {
        int64_t sum = 0;
        for (k = 1; k < c.count; k++)
            sum += fxl_curvy_node_at(&c, k)->seg_len;
        FZ_CHECK(sum == c.length);
        FZ_CHECK(c.max_length == 0 || c.length <= c.max_length);
    }
    if (fz_flag(&f) && c.count > 1)
        fxl_curvy_cut_range(&c, fz_below(&f, c.count), fz_below(&f, c.count), true);
    {
        fxl_circle circles[8];
        uint32_t bits[1] = {0};
        size_t n = fz_below(&f, 9), hits, i, count = 0, in_domain = 0;
        for (i = 0; i < n; i++) {
            if (fz_flag(&f) && c.count > 0) {
                const fxl_curvy_node *at = fxl_curvy_node_at(&c, fz_below(&f, c.count));
                circles[i] = fxl_circle_make(fz_wrap((int64_t)at->p.x + (int16_t)fz_u32(&f) * 16),
                                             fz_wrap((int64_t)at->p.y + (int16_t)fz_u32(&f) * 16),
                                             fz_num(&f, 8 << 16, true));
            } else {
                circles[i] = fxl_circle_make(fz_coord(&f), fz_coord(&f), fz_size(&f));
            }
        }
        hits = fxl_curvy_vs_circles(&c, circles, n, bits);
        {
            /* the index list and the many-curvies form (the trail twice)
             * agree with the bits */
            size_t idx[8], j = 0, lim = fz_below(&f, 9);
            fxl_curvy two[2];
            uint32_t both = 0;
            FZ_CHECK(fxl_curvy_collect(&c, circles, n, idx, lim) == hits);
            for (i = 0; i < n && j < lim; i++)
                if ((bits[0] >> i) & 1u)
                    FZ_CHECK(idx[j++] == i);
            two[0] = two[1] = c;
            for (i = 0; i < n; i++)
                if (domain_circle(circles[i]))
                    FZ_CHECK(fxl_curvies_vs_circle(two, 2, circles[i], &both) ==
                                 2u * ((bits[0] >> i) & 1u) &&
                             both == 3u * ((bits[0] >> i) & 1u));
        }
        for (i = 0; i < n; i++) {
            bool one;
            if (!domain_circle(circles[i]))
                continue;
            one = fxl_curvy_vs_circle(&c, circles[i]);
            count += one;
            in_domain++;
            FZ_CHECK(((bits[0] >> i) & 1u) == (one ? 1u : 0u));
            FZ_CHECK((fxl_curvy_band(&c, circles[i], fz_num(&f, 8 << 16, true), NULL) == FXL_BAND_HIT) == one);
            {
                /* a hit where a move ends: the swept test of that move hits */
                fxl_vec2 from = fxl_vec2_make(fz_wrap((int64_t)circles[i].c.x + (int8_t)fz_u8(&f) * 4096),
                                              fz_wrap((int64_t)circles[i].c.y + (int8_t)fz_u8(&f) * 4096));
                fxl_circle mover = fxl_circle_make(from.x, from.y, circles[i].r);
                if (one && domain_circle(mover))
                    FZ_CHECK(fxl_curvy_vs_moving_circle(&c, mover, circles[i].c));
            }
        }
        if (in_domain == n)
            FZ_CHECK(hits == count);
        if (n > 0 && domain_circle(circles[0])) {
            fxl_curvy_cut_circle(&c, circles[0]);
            FZ_CHECK(!fxl_curvy_vs_circle(&c, circles[0]));
        }
    }
    {
        fxl_vec2 q[CAP][4];
        FZ_CHECK(fxl_curvy_quads(&c, q, CAP) < CAP);
    }
    return 0;
}
