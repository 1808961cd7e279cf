/* test_cast_width.c - the width casts' filters (cast_width.c,
 * cast_capsule.c) against the exact reference of ref_cast.c, with the
 * cases concentrated in the bands the filters leave to the exact stages:
 * line_floor (the capsule's floor when its round end first touches the
 * wall's line between the ends) on walls tangent to the round end at a
 * whole or nearly whole u (3-4-5 normals, exact in an axis frame), the
 * touching point on a wall end, a step inside or outside it, and a raw
 * unit off either way. */
#include "harness.h"
#include "ref_cast.h"

#include "bigint.h"
#include "../src/cast_width.h" /* fxl__line_floor_count */

#ifndef FXL_TEST_HOOKS
#error "the suite is built with -DFXL_TEST_HOOKS (the core's test hooks)"
#endif

#define PX(v) ((fix16_t)((v) * 65536))

static int64_t clamp_c(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v;
}

/* The frame point (u, v) in world units: e + (u d + v d') / 65536,
 * rounded to nearest (exact for the axis directions). */
static fxl_vec2 frame_pt(fxl_vec2 e, int64_t c, int64_t s, int64_t u, int64_t v)
{
    int64_t x = u * c - v * s, y = u * s + v * c;
    return fxl_vec2_make((fix16_t)clamp_c(e.x + ((x + 32768) >> 16)),
                         (fix16_t)clamp_c(e.y + ((y + 32768) >> 16)));
}

/* Steps of a wall end from the touching point: on it, one or two steps
 * (5 raw units each), or far. */
static int64_t steps(fxlt_rng *rng)
{
    switch (fxlt_below(rng, 5)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return fxlt_range(rng, -1, 2);
    default: return fxlt_range(rng, 1, 1 << fxlt_below(rng, 20));
    }
}

static int64_t jit(fxlt_rng *rng)
{
    return fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, -2, 2);
}

/* One wall tangent (or nearly) to the capsule's round end at length L:
 * the touching point T = (L, 0) + n, n = t (3, +-4) or t (4, +-3) in the
 * frame (|n| = w = 5 t), the wall along n's normal from T - sa tau to T +
 * sb tau; the cast against the reference's predicates. */
static void line_floor_band(void)
{
    fxlt_rng rng = fxlt_rng_for("line_floor_band");
    uint32_t i, n = FXLT_CASES(100000), bad = 0, hits = 0, whole = 0;
    uint32_t before0 = fxl__line_floor_count[0], before1 = fxl__line_floor_count[1],
             before2 = fxl__line_floor_count[2];
    for (i = 0; i < n; i++) {
        static const fxl_angle axes[4] = {0, 1024, 2048, 3072};
        fxl_angle a = fxlt_below(&rng, 4) != 0 ? axes[fxlt_below(&rng, 4)]
                                               : (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), s = fxl_sin(a), t, L, nu, nv, tu, tv, sa, sb;
        int32_t len = fxlt_range(&rng, 2, fxlt_below(&rng, 2) == 0 ? PX(300) : PX(20));
        fxl_vec2 e = fxl_vec2_make(fxlt_range(&rng, -PX(1000), PX(1000)),
                                   fxlt_range(&rng, -PX(1000), PX(1000)));
        fxl_wall w;
        fxl_wall_prep p;
        fxl_laser l;
        fxl_cast out;
        bool two = fxlt_below(&rng, 2) == 0, ok;
        unsigned m = fxlt_below(&rng, 4);
        t = fxlt_below(&rng, 2) == 0 ? fxlt_range(&rng, 1, 40) : fxlt_range(&rng, 1, PX(8) / 5);
        L = fxlt_range(&rng, 1, len - 1);
        nu = (m < 2 ? 3 : 4) * t;
        nv = (m < 2 ? 4 : 3) * t * ((m & 1) != 0 ? -1 : 1);
        tu = -nv / t; /* the wall's direction: n turned a quarter, 5 raw units */
        tv = nu / t;
        sa = steps(&rng);
        sb = steps(&rng);
        {
            int64_t Tu = L + nu + jit(&rng), Tv = nv + jit(&rng);
            w.a = frame_pt(e, c, s, Tu - sa * tu, Tv - sa * tv);
            w.b = frame_pt(e, c, s, Tu + sb * tu, Tv + sb * tv);
        }
        if (fxlt_below(&rng, 2) == 0) {
            fxl_vec2 q = w.a;
            w.a = w.b;
            w.b = q;
        }
        if (fxl_wall_prepare(&w, &p) != FXL_OK)
            continue;
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, e, a, len, (fix16_t)(5 * t));
        CHECK_EQ(fxl_laser_cast(&l, &p, 1, FXL_CAST_WIDTH | (two ? FXL_CAST_TWO_SIDED : 0u), &out,
                                NULL),
                 FXL_OK);
        if (!ref_eligible((int32_t)c, (int32_t)s, w, two, ref_came(e, w, -1)) ||
            !ref_capsule_meets(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, len)) {
            ok = out.wall == -1 && out.length == len;
        } else {
            ok = out.wall == 0 &&
                 ref_capsule_before(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, out.length) &&
                 (out.length == len ||
                  !ref_capsule_before(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w,
                                      (int64_t)out.length + 1));
            hits += ok;
            whole += ok && out.length > 0 &&
                     ref_capsule_meets(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, out.length);
        }
        if (!ok) {
            if (bad < 3)
                fxlt_printf("    line floor: case %u: wall %d, length %d\n", i, (int)out.wall,
                            (int)out.length);
            bad++;
        }
    }
    fxlt_printf("    line floor: %u casts, %u stopped (%u touching at a whole unit); floors\n", n,
                hits, whole);
    fxlt_printf("      settled by line_floor %u, by the search %u (roots not bracketed: %u);\n",
                fxl__line_floor_count[0] - before0, fxl__line_floor_count[1] - before1,
                fxl__line_floor_count[2] - before2);
    fxlt_printf("      %u disagreements\n", bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(fxl__line_floor_count[2] - before2, 0); /* rsqrt_root's precision */
    CHECK_EQ(big_faults(), 0);
}

static const fxlt_case cases[] = {
    {"line_floor_band", line_floor_band},
};

const fxlt_suite fxlt_suite_cast_width = {"cast_width", cases, FXLT_COUNT(cases)};
