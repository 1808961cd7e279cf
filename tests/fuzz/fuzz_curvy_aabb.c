/* fuzz_curvy_aabb.c - libFuzzer harness of curvy.h's box calls (issue 23).
 * A trail of 2..40 nodes pushed with heads that wander or jump, random
 * widths, taper, hit fraction, cuts, harmless; then boxes near nodes or
 * anywhere in int32. Invariants:
 *   - the batch form equals the single test box by box, the index list
 *     the bits, the many-curvies form (the trail twice) the single test;
 *   - a box shrunk to a point equals fxl_curvy_vs_circle of radius 0;
 *   - a box holding a circle the trail hits is hit;
 *   - a box grown is hit when the box was (boxes nest);
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

#define CAP 40

static bool box_ok(fxl_aabb b)
{
    return fxl_aabb_check(b) == FXL_OK;
}

static fxl_aabb box_at(int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(fz_wrap(x0), fz_wrap(y0));
    b.hi = fxl_vec2_make(fz_wrap(x1), fz_wrap(y1));
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fxl_curvy_node nodes[CAP];
    static fxl_aabb cboxes[FXL_CURVY_BOXES(CAP)];
    fz f = fz_start(data, size);
    fxl_curvy c, two[2];
    size_t cap = 2u + fz_below(&f, CAP - 1), n, i, hits, idx[8], j = 0, lim;
    fix16_t wmax = fz_num(&f, 16 << 16, true);
    fxl_vec2 head;
    fxl_aabb b[8];
    uint32_t k, pushes, bits[1] = {0}, both = 0;
    if (fxl_curvy_init(&c, nodes, cap, cboxes, FXL_CURVY_BOXES(cap), wmax, 0) != FXL_OK)
        return 0;
    c.taper = fz_flag(&f) ? 0 : fz_num(&f, 4 << 16, true);
    c.hit_fraction = fz_fraction(&f);
    if (fxl_curvy_check(&c) != FXL_OK)
        return 0;
    head.x = fz_coord(&f);
    head.y = fz_coord(&f);
    pushes = fz_below(&f, 64);
    for (k = 0; k < pushes; k++) {
        fxl_vec2 p = head;
        if (fz_flag(&f)) {
            p.x = fz_wrap((int64_t)p.x + (int8_t)fz_u8(&f) * 16384);
            p.y = fz_wrap((int64_t)p.y + (int8_t)fz_u8(&f) * 16384);
        } else {
            p.x = fz_coord(&f);
            p.y = fz_coord(&f);
        }
        if (fxl_curvy_push(&c, p, fz_flag(&f) ? wmax : fz_size(&f)) == FXL_OK)
            head = p;
    }
    if (fz_flag(&f) && c.count > 1)
        fxl_curvy_cut_range(&c, fz_below(&f, c.count), fz_below(&f, c.count), true);
    c.harmless = fz_below(&f, 16) == 0;
    n = fz_below(&f, 9);
    for (i = 0; i < n; i++) {
        if (fz_flag(&f) && c.count > 0) {
            const fxl_curvy_node *at = fxl_curvy_node_at(&c, fz_below(&f, c.count));
            int64_t x = (int64_t)at->p.x + (int16_t)fz_u32(&f) * 16;
            int64_t y = (int64_t)at->p.y + (int16_t)fz_u32(&f) * 16;
            int64_t w = fz_num(&f, 8 << 16, true), h = fz_num(&f, 8 << 16, true);
            b[i] = box_at(x - w, y - h, x + w, y + h);
        } else {
            b[i].lo.x = fz_coord(&f);
            b[i].lo.y = fz_coord(&f);
            b[i].hi.x = fz_coord(&f);
            b[i].hi.y = fz_coord(&f);
        }
    }
    /* Out-of-domain boxes only in the batch (no asserts in this build):
     * defined, meaningless. */
    hits = fxl_curvy_vs_aabbs(&c, b, n, bits);
    lim = fz_below(&f, 9);
    FZ_CHECK(fxl_curvy_collect_aabbs(&c, b, n, idx, lim) == hits);
    for (i = 0; i < n && j < lim; i++)
        if ((bits[0] >> i) & 1u)
            FZ_CHECK(idx[j++] == i);
    two[0] = two[1] = c;
    for (i = 0; i < n; i++) {
        bool one = fxl_curvy_vs_aabb(&c, b[i]);
        FZ_CHECK(((bits[0] >> i) & 1u) == (one ? 1u : 0u));
        if (!box_ok(b[i]))
            continue;
        FZ_CHECK(fxl_curvies_vs_aabb(two, 2, b[i], &both) == (one ? 2u : 0u) && both == (one ? 3u : 0u));
        {
            fxl_aabb pt = b[i], g;
            int64_t grow = fz_num(&f, 4 << 16, true);
            grow = grow < 0 ? -grow : grow; /* fz_num may give any int32 */
            pt.hi = pt.lo;
            FZ_CHECK(fxl_curvy_vs_aabb(&c, pt) == fxl_curvy_vs_circle(&c, fxl_circle_make(pt.lo.x, pt.lo.y, 0)));
            g = box_at((int64_t)b[i].lo.x - grow, (int64_t)b[i].lo.y - grow, (int64_t)b[i].hi.x + grow,
                       (int64_t)b[i].hi.y + grow);
            if (box_ok(g) && one)
                FZ_CHECK(fxl_curvy_vs_aabb(&c, g));
        }
        {
            /* The moving box: a zero move is the static test, a point box is
             * the moving circle of radius 0, the batch is the single test. */
            fxl_aabb pt = b[i];
            int64_t tx = (int64_t)b[i].lo.x + (int16_t)fz_u32(&f) * 64;
            int64_t ty = (int64_t)b[i].lo.y + (int16_t)fz_u32(&f) * 64;
            fxl_vec2 to;
            uint32_t mb = 0;
            pt.hi = pt.lo;
            FZ_CHECK(fxl_curvy_vs_moving_aabb(&c, b[i], b[i].lo) == one);
            if (tx >= -FXL_COORD_MAX && tx <= FXL_COORD_MAX && ty >= -FXL_COORD_MAX && ty <= FXL_COORD_MAX) {
                bool mv;
                to = fxl_vec2_make((fix16_t)tx, (fix16_t)ty);
                mv = fxl_curvy_vs_moving_aabb(&c, b[i], to);
                FZ_CHECK(fxl_curvy_vs_moving_aabbs(&c, &b[i], &to, 1, &mb) == (mv ? 1u : 0u) &&
                         mb == (mv ? 1u : 0u));
                FZ_CHECK(fxl_curvy_vs_moving_aabb(&c, pt, to) ==
                         fxl_curvy_vs_moving_circle(&c, fxl_circle_make(pt.lo.x, pt.lo.y, 0), to));
            }
        }
        {
            fxl_circle ci = fxl_circle_make(b[i].lo.x, b[i].lo.y, fz_num(&f, 8 << 16, true));
            fxl_aabb around = box_at((int64_t)ci.c.x - ci.r, (int64_t)ci.c.y - ci.r,
                                     (int64_t)ci.c.x + ci.r, (int64_t)ci.c.y + ci.r);
            if (box_ok(around) && fxl_circle_check(ci) == FXL_OK && fxl_curvy_vs_circle(&c, ci))
                FZ_CHECK(fxl_curvy_vs_aabb(&c, around));
        }
    }
    return 0;
}
