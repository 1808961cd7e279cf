/* test_shapes.c - circles and axis-aligned boxes. */
#include "gen.h"
#include "harness.h"
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

static void circle_circle_property(void)
{
    fxlt_rng rng = fxlt_rng_for("circle_circle_property");
    fxlt_tally t = {0, 0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(1000000);
    for (i = 0; i < n; i++) {
        bool extreme = fxlt_below(&rng, 8) == 0, near = (i & 1) != 0;
        fxl_circle a, b; /* one draw per statement: a fixed sequence everywhere */
        a.c.x = coord(&rng, extreme);
        a.c.y = coord(&rng, extreme);
        a.r = fxlt_range(&rng, 0, extreme ? FXL_SIZE_MAX : PX(40));
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
        tally_add(&t, fxl_circle_vs_circle(a, b),
                  ref_circle_circle(ref_px(a.c.x), ref_px(a.c.y), ref_px(a.r), ref_px(b.c.x),
                                    ref_px(b.c.y), ref_px(b.r)),
                  near);
    }
    tally_report("circle vs circle", &t);
}

static void aabb_circle_property(void)
{
    fxlt_rng rng = fxlt_rng_for("aabb_circle_property");
    fxlt_tally t = {0, 0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(1000000);
    for (i = 0; i < n; i++) {
        bool extreme = fxlt_below(&rng, 8) == 0, near = (i & 1) != 0;
        fix16_t x0 = coord(&rng, extreme), y0 = coord(&rng, extreme);
        fix16_t w = fxlt_range(&rng, 0, PX(50));
        fix16_t h = fxlt_range(&rng, 0, PX(50));
        fxl_aabb b = box(x0, y0, x0 + w, y0 + h);
        fxl_circle c;
        double x[4];
        c.c.x = b.lo.x + fxlt_range(&rng, PX(-60), PX(110));
        c.c.y = b.lo.y + fxlt_range(&rng, PX(-60), PX(110));
        c.r = 0;
        if (b.hi.x > FXL_COORD_MAX || b.hi.y > FXL_COORD_MAX || fxl_circle_check(c) != FXL_OK) {
            i--;
            continue;
        }
        x[0] = ref_px(b.lo.x), x[1] = ref_px(b.lo.y), x[2] = ref_px(b.hi.x), x[3] = ref_px(b.hi.y);
        if (near) {
            double d = ref_aabb_circle(x[0], x[1], x[2], x[3], ref_px(c.c.x), ref_px(c.c.y), 0.0);
            double r = (d > 0.0 ? d : 0.0) * 65536.0 + (double)fxlt_range(&rng, -3, 3);
            c.r = r < 0.0 ? 0 : (fix16_t)(r + 0.5);
        } else {
            c.r = fxlt_range(&rng, 0, PX(30));
        }
        tally_add(&t, fxl_aabb_vs_circle(b, c),
                  ref_aabb_circle(x[0], x[1], x[2], x[3], ref_px(c.c.x), ref_px(c.c.y),
                                  ref_px(c.r)),
                  near);
    }
    tally_report("aabb vs circle", &t);
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

static const fxlt_case cases[] = {
    {"circle_circle_cases", circle_circle_cases},
    {"aabb_cases", aabb_cases},
    {"circle_circle_property", circle_circle_property},
    {"aabb_circle_property", aabb_circle_property},
    {"aabb_aabb_exhaustive", aabb_aabb_exhaustive},
};

const fxlt_suite fxlt_suite_shapes = {"shapes", cases, FXLT_COUNT(cases)};
