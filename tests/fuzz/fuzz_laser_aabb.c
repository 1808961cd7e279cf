/* fuzz_laser_aabb.c - libFuzzer harness of laser.h's box calls (issue 23).
 * Up to 8 lasers and 40 boxes, any int32 in every field, boxes mostly
 * placed about a laser's ends, sides and corners (touching give or take a
 * few raw units; points, flat and inverted ones among them). Invariants:
 *   - no undefined behaviour for any box (out of the domain too);
 *   - a box shrunk to a point answers as fxl_laser_vs_point, which is
 *     fixlaser.h's exact test (fz_ref_laser_hit, 128 bits);
 *   - a box holding a circle that hits (grown by r / 2^14 + 2 raw units
 *     for the frame's scale) is hit;
 *   - batch == single: fxl_laser_vs_aabbs' bits and count (words past
 *     ceil(n/32) untouched), fxl_laser_collect_aabbs' indices (any cap);
 *   - moving: a zero move == static; a box starting or ending on a hit
 *     hits; a box moving is hit iff the reverse motion of the box at its
 *     end is; the batch form == single;
 *   - fused == prepare + test: fxl_lasers_vs_aabb's bits, count and code
 *     (the box's code when fxl_aabb_check refuses it, nothing hit). */
#include "fuzz.h"

#define NL 8
#define NB 40

static bool box_ok(fxl_aabb b)
{
    return fxl_aabb_check(b) == FXL_OK;
}

/* A box about a circle near the laser: the circle's box, or its centre
 * with decoded half-sizes (any int32 now and then). */
static fxl_aabb fz_box(fz *f, const fxl_laser *l)
{
    fxl_circle c = fz_circle_near(f, l);
    fxl_aabb b;
    int64_t hx, hy;
    switch (fz_below(f, 4)) {
    case 0:
        hx = hy = c.r;
        break;
    case 1:
        hx = hy = 0;
        break;
    case 2:
        hx = fz_size(f), hy = fz_below(f, 2) != 0 ? 0 : fz_size(f);
        break;
    default:
        b.lo = fxl_vec2_make((fix16_t)fz_u32(f), (fix16_t)fz_u32(f));
        b.hi = fxl_vec2_make((fix16_t)fz_u32(f), (fix16_t)fz_u32(f));
        return b;
    }
    b.lo = fxl_vec2_make(fz_wrap(c.c.x - hx), fz_wrap(c.c.y - hy));
    b.hi = fxl_vec2_make(fz_wrap(c.c.x + hx), fz_wrap(c.c.y + hy));
    return b;
}

static bool single_box(const void *preps, size_t i, fxl_aabb b)
{
    return fxl_laser_vs_aabb(&((const fxl_laser_prep *)preps)[i], b);
}

static void check_fused(const fxl_laser *lasers, const fxl_laser_prep *preps, const fxl_result *res,
                        size_t n, fxl_aabb b)
{
    uint32_t bits[2] = {FZ_UNTOUCHED, FZ_UNTOUCHED};
    size_t hits = 12345, i;
    bool hit[NL];
    fxl_result want = FXL_OK, got = fxl_lasers_vs_aabb(lasers, n, b, bits, &hits);
    FZ_CHECK(fxl_lasers_vs_aabb(lasers, n, b, NULL, NULL) == got);
    FZ_CHECK(bits[1] == FZ_UNTOUCHED);
    if (!box_ok(b)) {
        FZ_CHECK(got == fxl_aabb_check(b));
        FZ_CHECK(hits == 0 && bits[0] == 0);
        return;
    }
    for (i = 0; i < n; i++) {
        hit[i] = res[i] == FXL_OK && single_box(preps, i, b);
        if (want == FXL_OK)
            want = res[i];
    }
    FZ_CHECK(got == want);
    fz_check_bits(hits, bits, 2, hit, n);
}

static void check_boxes(fz *f, const fxl_laser *l, const fxl_laser_prep *lp, const fxl_aabb *boxes,
                        size_t n)
{
    bool hit[NB];
    uint32_t bits[NB / 32 + 3];
    size_t idx[NB], i, hits = 0, cap = fz_below(f, NB + 1), got;
    fxl_aabb ok[NB], from[NB];
    fxl_vec2 to[NB];
    bool moved[NB];
    size_t m = 0;
    for (i = 0; i < n; i++) {
        fxl_aabb b = boxes[i];
        fxl_laser_vs_aabb(lp, b); /* any box: no undefined behaviour (asserts are off) */
        if (!box_ok(b))
            continue;
        ok[m++] = b;
    }
    for (i = 0; i < m; i++) {
        fxl_aabb b = ok[i];
        fxl_vec2 centre = fxl_vec2_make(b.lo.x, b.lo.y);
        hit[i] = fxl_laser_vs_aabb(lp, b);
        hits += hit[i];
        /* a point box: the exact point test */
        FZ_CHECK(fxl_laser_vs_aabb(lp, (fxl_aabb){centre, centre}) == fz_ref_laser_hit(l, fxl_circle_make(centre.x, centre.y, 0)));
        FZ_CHECK(fxl_laser_vs_point(lp, centre) == fz_ref_laser_hit(l, fxl_circle_make(centre.x, centre.y, 0)));
        /* zero move, and a move to the next box's place (same size) */
        FZ_CHECK(fxl_laser_vs_moving_aabb(lp, b, b.lo) == hit[i]);
        {
            fxl_aabb nb = ok[(i + 1) % m];
            int64_t ex = (int64_t)nb.lo.x + ((int64_t)b.hi.x - b.lo.x);
            int64_t ey = (int64_t)nb.lo.y + ((int64_t)b.hi.y - b.lo.y);
            moved[i] = fz_coord_ok(ex) && fz_coord_ok(ey);
            from[i] = b;
            to[i] = moved[i] ? nb.lo : b.lo;
            if (moved[i]) {
                fxl_aabb end = {nb.lo, fxl_vec2_make((fix16_t)ex, (fix16_t)ey)};
                bool g = fxl_laser_vs_moving_aabb(lp, b, to[i]);
                if (hit[i] || fxl_laser_vs_aabb(lp, end))
                    FZ_CHECK(g);
                FZ_CHECK(fxl_laser_vs_moving_aabb(lp, end, b.lo) == g);
            }
        }
    }
    memset(bits, 0xA5, sizeof bits);
    got = fxl_laser_vs_aabbs(lp, ok, m, bits);
    fz_check_bits(got, bits, NB / 32 + 3, hit, m);
    FZ_CHECK(fxl_laser_vs_aabbs(lp, ok, m, NULL) == hits);
    got = fxl_laser_collect_aabbs(lp, ok, m, idx, cap);
    FZ_CHECK(got == hits);
    {
        size_t k = 0;
        for (i = 0; i < m && k < cap; i++)
            if (hit[i])
                FZ_CHECK(idx[k++] == i);
    }
    {
        bool mh[NB];
        for (i = 0; i < m; i++)
            mh[i] = fxl_laser_vs_moving_aabb(lp, from[i], to[i]);
        memset(bits, 0xA5, sizeof bits);
        got = fxl_laser_vs_moving_aabbs(lp, from, to, m, bits);
        fz_check_bits(got, bits, NB / 32 + 3, mh, m);
    }
}

/* Circles against their boxes: a hit circle's grown box is hit. */
static void check_circles(fz *f, const fxl_laser *l, const fxl_laser_prep *lp)
{
    int k;
    for (k = 0; k < 8; k++) {
        fxl_circle c = fz_circle_near(f, l);
        int64_t g, x0, x1, y0, y1;
        if (fz_circle_codes(c) != 0 || !fxl_laser_vs_circle(lp, c))
            continue;
        g = c.r + (c.r >> 14) + 2;
        x0 = (int64_t)c.c.x - g, x1 = (int64_t)c.c.x + g, y0 = (int64_t)c.c.y - g, y1 = (int64_t)c.c.y + g;
        if (fz_coord_ok(x0) && fz_coord_ok(x1) && fz_coord_ok(y0) && fz_coord_ok(y1)) {
            fxl_aabb b = {fxl_vec2_make((fix16_t)x0, (fix16_t)y0), fxl_vec2_make((fix16_t)x1, (fix16_t)y1)};
            FZ_CHECK(fxl_laser_vs_aabb(lp, b));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_laser lasers[NL];
    fxl_laser_prep preps[NL];
    fxl_result res[NL];
    fxl_aabb boxes[NB];
    size_t nl, nb, i;

    f = fz_start(data, size);
    nl = 1 + fz_below(&f, NL);
    nb = fz_below(&f, NB + 1);
    for (i = 0; i < nl; i++) {
        lasers[i] = fz_laser(&f);
        res[i] = fxl_laser_prepare(&lasers[i], &preps[i]);
    }
    for (i = 0; i < nb; i++)
        boxes[i] = fz_box(&f, &lasers[fz_below(&f, (uint32_t)nl)]);
    for (i = 0; i < nl; i++)
        if (res[i] == FXL_OK) {
            check_boxes(&f, &lasers[i], &preps[i], boxes, nb);
            check_circles(&f, &lasers[i], &preps[i]);
        }
    for (i = 0; i < nb && i < 12; i++)
        check_fused(lasers, preps, res, nl, boxes[i]);
    return 0;
}
