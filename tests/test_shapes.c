/* test_shapes.c - circles and axis-aligned boxes. */
#include "exact.h"
#include "gen.h"
#include "harness.h"
#include "oracle.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_aabb box(fix16_t x0, fix16_t y0, fix16_t x1, fix16_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(x0, y0);
    b.hi = fxl_vec2_make(x1, y1);
    return b;
}

static void circle_circle_cases(void)
{
    fxl_circle a = fxl_circle_make(PX(10), PX(10), PX(2));
    CHECK(fxl_circle_vs_circle(a, fxl_circle_make(PX(13), PX(14), PX(3))));      /* 5 = 2 + 3 */
    CHECK(!fxl_circle_vs_circle(a, fxl_circle_make(PX(13), PX(14), PX(3) - 1)));
    CHECK(!fxl_circle_vs_circle(a, fxl_circle_make(PX(13) + 1, PX(14), PX(3))));
    CHECK(fxl_circle_vs_circle(a, a));
    CHECK(fxl_circle_vs_circle(fxl_circle_make(0, 0, 0), fxl_circle_make(0, 0, 0)));
    CHECK(!fxl_circle_vs_circle(fxl_circle_make(0, 0, 0), fxl_circle_make(1, 0, 0)));
    /* Opposite corners of the domain, largest radii: no overflow. */
    CHECK(!fxl_circle_vs_circle(fxl_circle_make(-FXL_COORD_MAX, -FXL_COORD_MAX, FXL_SIZE_MAX),
                                fxl_circle_make(FXL_COORD_MAX, FXL_COORD_MAX, FXL_SIZE_MAX)));
    CHECK(fxl_circle_vs_point(a, fxl_vec2_make(PX(12), PX(10))));
    CHECK(!fxl_circle_vs_point(a, fxl_vec2_make(PX(12) + 1, PX(10))));
}

static void aabb_cases(void)
{
    fxl_aabb b = box(PX(0), PX(0), PX(10), PX(20));
    CHECK(fxl_aabb_vs_circle(b, fxl_circle_make(PX(13), PX(5), PX(3))));
    CHECK(!fxl_aabb_vs_circle(b, fxl_circle_make(PX(13) + 1, PX(5), PX(3))));
    CHECK(fxl_aabb_vs_circle(b, fxl_circle_make(PX(13), PX(24), PX(5))));     /* corner 3-4-5 */
    CHECK(!fxl_aabb_vs_circle(b, fxl_circle_make(PX(13), PX(24), PX(5) - 1)));
    CHECK(fxl_aabb_vs_circle(b, fxl_circle_make(PX(5), PX(5), 0)));          /* inside */
    CHECK(fxl_aabb_vs_circle(box(0, 0, 0, 0), fxl_circle_make(0, 0, 0)));
    CHECK(fxl_aabb_vs_aabb(b, box(PX(10), PX(20), PX(30), PX(30))));         /* corners touch */
    CHECK(!fxl_aabb_vs_aabb(b, box(PX(10) + 1, PX(20), PX(30), PX(30))));
    CHECK(fxl_aabb_vs_aabb(b, box(PX(2), PX(2), PX(3), PX(3))));             /* contained */
    CHECK_EQ(fxl_aabb_check(b), FXL_OK);
    CHECK_EQ(fxl_aabb_check(box(PX(1), 0, 0, 0)), FXL_ERR_BOX_INVERTED);
    CHECK_EQ(fxl_aabb_check(box(0, 0, 0, FXL_COORD_MAX + 1)), FXL_ERR_COORD_RANGE);
}

static fix16_t coord(fxlt_rng *rng, bool extreme)
{
    return extreme ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX)
                   : fxlt_range(rng, PX(-300), PX(300));
}

/* A random Pythagorean offset: (dx, dy) exactly `len` long, len = c k,
 * legs either way round and either sign; k in 0..kmax. */
static void pythagorean(fxlt_rng *rng, int32_t kmax, int64_t *dx, int64_t *dy, int64_t *len)
{
    static const int32_t triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25},
                                         {20, 21, 29}, {0, 1, 1}};
    const int32_t *t = triples[fxlt_below(rng, FXLT_COUNT(triples))];
    int64_t k = fxlt_range(rng, 0, kmax);
    bool swap = fxlt_below(rng, 2) != 0;
    *dx = t[swap ? 1 : 0] * k * (fxlt_below(rng, 2) ? 1 : -1);
    *dy = t[swap ? 0 : 1] * k * (fxlt_below(rng, 2) ? 1 : -1);
    *len = t[2] * k;
}

static void circle_circle_property(void)
{
    fxlt_rng rng = fxlt_rng_for("circle_circle_property");
    fxlt_tally t = FXLT_TALLY_ZERO;
    uint32_t i, n = FXLT_CASES(1000000), oracle_bad = 0, built = 0, built_bad = 0;
    for (i = 0; i < n; i++) {
        bool extreme = fxlt_below(&rng, 8) == 0, near = (i & 1) != 0, got, exact;
        fxl_circle a, b; /* one draw per statement: a fixed sequence everywhere */
        a.c.x = coord(&rng, extreme);
        a.c.y = coord(&rng, extreme);
        a.r = fxlt_range(&rng, 0, extreme ? FXL_SIZE_MAX : PX(40));
        if ((i & 7) == 7) {
            /* Built to touch exactly (the centres c k apart, the radii
             * summing to c k), or a raw unit further apart or closer. */
            int64_t dx, dy, len, nudge = fxlt_range(&rng, -1, 1);
            pythagorean(&rng, 1 << 18, &dx, &dy, &len);
            a.c.x /= 2, a.c.y /= 2;
            a.r = (fix16_t)(len - fxlt_range(&rng, 0, (int32_t)len));
            b.c.x = (fix16_t)(a.c.x + dx);
            b.c.y = (fix16_t)(a.c.y + dy);
            b.r = (fix16_t)(len - a.r - nudge);
            if (b.r < 0) {
                i--; /* no circle a raw unit smaller than none */
                continue;
            }
            got = fxl_circle_vs_circle(a, b);
            exact = orc_circle_vs_circle(a, b);
            built++;
            built_bad += exact != (nudge <= 0);
            tally_add(&t, got,
                      ref_circle_circle(ref_px(a.c.x), ref_px(a.c.y), ref_px(a.r), ref_px(b.c.x),
                                        ref_px(b.c.y), ref_px(b.r)),
                      true, exact);
            oracle_bad += got != exact;
            continue;
        }
        b.c.x = coord(&rng, false) / 2 + a.c.x / 2;
        b.c.y = coord(&rng, false) / 2 + a.c.y / 2;
        b.r = 0;
        double d = ref_circle_circle(ref_px(a.c.x), ref_px(a.c.y), ref_px(a.r), ref_px(b.c.x),
                                     ref_px(b.c.y), 0.0);
        if (near) {
            double r = (d > 0.0 ? d : 0.0) * 65536.0 + (double)fxlt_range(&rng, -3, 3);
            b.r = r < 0.0 ? 0 : r > (double)FXL_SIZE_MAX ? FXL_SIZE_MAX : (fix16_t)(r + 0.5);
        } else {
            b.r = fxlt_range(&rng, 0, PX(40));
        }
        got = fxl_circle_vs_circle(a, b);
        /* The oracle is exact everywhere: it decides the close cases and
         * checks every other. */
        exact = orc_circle_vs_circle(a, b);
        tally_add(&t, got,
                  ref_circle_circle(ref_px(a.c.x), ref_px(a.c.y), ref_px(a.r), ref_px(b.c.x),
                                    ref_px(b.c.y), ref_px(b.r)),
                  near, exact);
        oracle_bad += got != exact;
    }
    tally_report("circle vs circle", &t);
    fxlt_printf("    circle vs circle: %u built to touch exactly or by one raw unit (%u where "
                "the oracle disagrees with the construction), %u disagreements with the exact "
                "oracle\n", built, built_bad, oracle_bad);
    CHECK_EQ(built_bad, 0);
    CHECK_EQ(oracle_bad, 0);
}

static void aabb_circle_property(void)
{
    fxlt_rng rng = fxlt_rng_for("aabb_circle_property");
    fxlt_tally t = FXLT_TALLY_ZERO;
    uint32_t i, n = FXLT_CASES(1000000), built = 0, built_bad = 0;
    for (i = 0; i < n; i++) {
        bool extreme = fxlt_below(&rng, 8) == 0, near = (i & 1) != 0, build = (i & 7) == 7;
        fix16_t x0 = coord(&rng, extreme), y0 = coord(&rng, extreme);
        fix16_t w = fxlt_range(&rng, 0, PX(50));
        fix16_t h = fxlt_range(&rng, 0, PX(50));
        fxl_aabb b = box(x0, y0, x0 + w, y0 + h);
        fxl_circle c;
        double x[4], m;
        c.c.x = b.lo.x + fxlt_range(&rng, PX(-60), PX(110));
        c.c.y = b.lo.y + fxlt_range(&rng, PX(-60), PX(110));
        c.r = 0;
        if (build) {
            /* Built to touch a side or a corner exactly, or a raw unit
             * further out or in. */
            int64_t dx, dy, len, cx, cy, nudge = fxlt_range(&rng, -1, 1);
            uint32_t where = fxlt_below(&rng, 3);
            pythagorean(&rng, 1 << 18, &dx, &dy, &len);
            cx = dx < 0 ? b.lo.x : b.hi.x;
            cy = dy < 0 ? b.lo.y : b.hi.y;
            if (where == 0) { /* beside a vertical side, anywhere along it */
                cy = b.lo.y + fxlt_range(&rng, 0, h);
                dx = dx < 0 ? -len : len, dy = 0;
            } else if (where == 1) { /* above or below a horizontal side */
                cx = b.lo.x + fxlt_range(&rng, 0, w);
                dy = dy < 0 ? -len : len, dx = 0;
            } /* else off the corner */
            if (dx != 0)
                dx += dx < 0 ? -nudge : nudge;
            else
                dy += dy < 0 ? -nudge : nudge;
            c.c.x = (fix16_t)(cx + dx);
            c.c.y = (fix16_t)(cy + dy);
            c.r = (fix16_t)len;
        }
        if (b.hi.x > FXL_COORD_MAX || b.hi.y > FXL_COORD_MAX || fxl_circle_check(c) != FXL_OK) {
            i--;
            continue;
        }
        x[0] = ref_px(b.lo.x), x[1] = ref_px(b.lo.y), x[2] = ref_px(b.hi.x), x[3] = ref_px(b.hi.y);
        if (build) {
            /* The distance to the clamped point says what the exact
             * reference must answer here. */
            bool want = exact_aabb_vs_circle(b, c);
            int64_t ex = c.c.x < b.lo.x ? (int64_t)b.lo.x - c.c.x
                         : c.c.x > b.hi.x ? (int64_t)c.c.x - b.hi.x : 0;
            int64_t ey = c.c.y < b.lo.y ? (int64_t)b.lo.y - c.c.y
                         : c.c.y > b.hi.y ? (int64_t)c.c.y - b.hi.y : 0;
            built++;
            built_bad += want != (ex * ex + ey * ey <= (int64_t)c.r * c.r);
        } else if (near) {
            double d = ref_aabb_circle(x[0], x[1], x[2], x[3], ref_px(c.c.x), ref_px(c.c.y), 0.0);
            double r = (d > 0.0 ? d : 0.0) * 65536.0 + (double)fxlt_range(&rng, -3, 3);
            c.r = r < 0.0 ? 0 : (fix16_t)(r + 0.5);
        } else {
            c.r = fxlt_range(&rng, 0, PX(30));
        }
        m = ref_aabb_circle(x[0], x[1], x[2], x[3], ref_px(c.c.x), ref_px(c.c.y), ref_px(c.r));
        tally_add(&t, fxl_aabb_vs_circle(b, c), m, near || build,
                  tally_close(m) && exact_aabb_vs_circle(b, c));
    }
    tally_report("aabb vs circle", &t);
    fxlt_printf("    aabb vs circle: %u built to touch exactly or by one raw unit (%u where the "
                "exact reference disagrees with the construction), %u faults\n",
                built, built_bad, exact_faults());
    CHECK_EQ(built_bad, 0);
    CHECK_EQ(exact_faults(), 0);
}

/* Boxes on a small grid, all pairs: the reference is the overlap of the
 * two closed x intervals and the two closed y intervals. */
static void aabb_aabb_exhaustive(void)
{
    fxlt_rng rng = fxlt_rng_for("aabb_aabb_exhaustive");
    uint32_t i, n = FXLT_CASES(1000000), bad = 0;
    for (i = 0; i < n; i++) {
        int v[8], k;
        fxl_aabb a, b;
        bool want;
        for (k = 0; k < 8; k++)
            v[k] = fxlt_range(&rng, -6, 6);
        a = box(v[0], v[1], v[0] + (v[2] & 7), v[1] + (v[3] & 7));
        b = box(v[4], v[5], v[4] + (v[6] & 7), v[5] + (v[7] & 7));
        want = !(a.hi.x < b.lo.x || b.hi.x < a.lo.x) && !(a.hi.y < b.lo.y || b.hi.y < a.lo.y);
        bad += fxl_aabb_vs_aabb(a, b) != want;
    }
    fxlt_printf("    aabb vs aabb: %u cases, %u disagreements\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* A circle at a given reach from the player along x: |dx| = reach + off
 * (the 32-bit reject's bound), dy small. */
static fxl_circle at_bound(fxlt_rng *rng, fxl_circle p, fix16_t r)
{
    int64_t reach = (int64_t)p.r + r, off = fxlt_range(rng, -1, 1), dx, x, y;
    bool swap = fxlt_below(rng, 2) != 0, negative = fxlt_below(rng, 2) != 0;
    int32_t dy = fxlt_below(rng, 2) ? 0 : fxlt_range(rng, -2, 2);
    dx = negative ? -(reach + off) : reach + off;
    x = (swap ? p.c.y : p.c.x) + dx;
    y = (swap ? p.c.x : p.c.y) + dy;
    if (x > FXL_COORD_MAX || x < -FXL_COORD_MAX || y > FXL_COORD_MAX || y < -FXL_COORD_MAX)
        return fxl_circle_make(p.c.x, p.c.y, r);
    return swap ? fxl_circle_make((fix16_t)y, (fix16_t)x, r) : fxl_circle_make((fix16_t)x, (fix16_t)y, r);
}

/* fxl_circles_vs_circle equals fxl_circle_vs_circle and the oracle, bit for
 * bit: random circles near the player, circles exactly at the 32-bit
 * reject's bound |dx| = r1 + r2 (and +-1), the largest radii and
 * coordinates at the domain's edges. */
static void circles_batch_property(void)
{
    static fxl_circle circles[100] FXL_EWRAM_BSS;
    static uint32_t bits[4];
    fxlt_rng rng = fxlt_rng_for("circles_batch_property");
    uint32_t pairs = 0, target = FXLT_CASES(1000000), bad = 0, oracle_bad = 0, hit_count = 0;
    while (pairs < target) {
        bool extreme = fxlt_below(&rng, 4) == 0;
        size_t n = 1 + fxlt_below(&rng, 100), i, count = 0, got;
        fxl_circle p;
        p.c.x = coord(&rng, extreme);
        p.c.y = coord(&rng, extreme);
        p.r = extreme ? fxlt_range(&rng, 0, FXL_SIZE_MAX) : fxlt_range(&rng, 0, PX(8));
        for (i = 0; i < n; i++) {
            fix16_t r = extreme && fxlt_below(&rng, 2) ? fxlt_range(&rng, FXL_SIZE_MAX - 4, FXL_SIZE_MAX)
                                                      : fxlt_range(&rng, 0, extreme ? FXL_SIZE_MAX : PX(12));
            switch (fxlt_below(&rng, 3)) {
            case 0: circles[i] = at_bound(&rng, p, r); break;
            case 1:
                circles[i].c.x = coord(&rng, extreme);
                circles[i].c.y = coord(&rng, extreme);
                circles[i].r = r;
                break;
            default:
                circles[i].c.x = p.c.x / 2 + coord(&rng, false) / 2;
                circles[i].c.y = p.c.y / 2 + coord(&rng, false) / 2;
                circles[i].r = r;
                break;
            }
        }
        for (i = 0; i < 4; i++)
            bits[i] = 0x5A5A5A5Au;
        got = fxl_circles_vs_circle(circles, n, p, bits);
        for (i = 0; i < n; i++) {
            bool h = fxl_circle_vs_circle(circles[i], p), b = ((bits[i >> 5] >> (i & 31)) & 1u) != 0;
            count += h;
            bad += b != h;
            oracle_bad += h != orc_circle_vs_circle(circles[i], p);
        }
        if (n % 32 != 0)
            CHECK_EQ(bits[n >> 5] >> (n & 31), 0);
        CHECK_EQ(got, count);
        CHECK_EQ(fxl_circles_vs_circle(circles, n, p, NULL), count);
        pairs += (uint32_t)n;
        hit_count += (uint32_t)count;
    }
    /* Exactly at the bound at the largest reach, both orders of the points. */
    {
        fxl_circle a = fxl_circle_make(-FXL_COORD_MAX, 0, FXL_SIZE_MAX);
        fxl_circle b = fxl_circle_make(-FXL_COORD_MAX + 2 * FXL_SIZE_MAX, 0, FXL_SIZE_MAX);
        CHECK(fxl_circles_vs_circle(&b, 1, a, NULL) == 1 && orc_circle_vs_circle(a, b));
        CHECK(fxl_circles_vs_circle(&a, 1, b, NULL) == 1);
        b.c.x += 1;
        CHECK(fxl_circles_vs_circle(&b, 1, a, NULL) == 0 && !orc_circle_vs_circle(a, b));
        CHECK(fxl_circles_vs_circle(&a, 1, b, NULL) == 0);
        b.c.x = FXL_COORD_MAX;
        CHECK(fxl_circles_vs_circle(&b, 1, a, NULL) == 0 && !orc_circle_vs_circle(a, b));
    }
    fxlt_printf("    circles batch: %u pairs (%u hits), %u bits differ from the single test, %u "
                "disagreements with the oracle\n", pairs, hit_count, bad, oracle_bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(oracle_bad, 0);
}

static const fxlt_case cases[] = {
    {"circle_circle_cases", circle_circle_cases},
    {"aabb_cases", aabb_cases},
    {"circle_circle_property", circle_circle_property},
    {"aabb_circle_property", aabb_circle_property},
    {"aabb_aabb_exhaustive", aabb_aabb_exhaustive},
    {"circles_batch_property", circles_batch_property},
};

const fxlt_suite fxlt_suite_shapes = {"shapes", cases, FXLT_COUNT(cases)};
