/* test_laser3d_moving.c - spheres moving against 3D lasers (the swept
 * sphere, fxl_laser3d_vs_moving_sphere): the box laser against the
 * big-integer reference (ref_moving3d.c) and the egg against its own
 * (ref_moving_aabb3.c) at random radii, at the exact touching radius and
 * one raw unit less; the cylinder's stated bound
 * exactly (its ends, or the box laser's capsule test); no miss for any
 * kind where a point of the path on the lattice hits statically; zero move
 * == static, batch == single, a hit at an end is a hit. */
#include <math.h>

#include "bigint.h"
#include "gen.h"
#include "harness.h"
#include "ref_cyl_moving.h"
#include "ref_moving3d.h"
#include "ref_moving_aabb3.h"
#include "../src/laser3d_moving_rim.h"

#define PX(v) ((fix16_t)((v) * 65536))

/* Paths per kind in the default run (each gives three radii for the box
 * laser and the egg); -DFXLT_MOVE3D_PATHS=400000 for the long run (the
 * exact egg, measured: 1,200,000 cases, 800,000 at the touching radius or
 * one unit less, 0 disagreements). */
#ifndef FXLT_MOVE3D_PATHS
#define FXLT_MOVE3D_PATHS 34000
#endif

/* Paths for the cylinder (three radii each, two of them at the touching
 * radius and one unit less); -DFXLT_CYL3D_PATHS=340000 for the long run
 * (over 10^6 cases). */
#ifndef FXLT_CYL3D_PATHS
#define FXLT_CYL3D_PATHS 3000
#endif

static fxl_vec3 near_point(fxlt_rng *rng, const fxl_laser3d *l)
{
    fxl_vec3 p;
    int32_t s = fxlt_below(rng, 2) ? PX(60) : PX(360);
    p.x = l->pos.x + fxlt_range(rng, -s, s);
    p.y = l->pos.y + fxlt_range(rng, -s, s);
    p.z = l->pos.z + fxlt_range(rng, -s, s);
    return p;
}

/* to = from + n * step (n 0..8: the lattice points of the path). */
static fxl_vec3 move_end(fxlt_rng *rng, fxl_vec3 a, fxl_vec3 *step, int32_t *n)
{
    fxl_vec3 b;
    int32_t s = fxlt_below(rng, 3) == 0 ? PX(80) : fxlt_below(rng, 2) ? PX(8) : 3;
    *n = (int32_t)fxlt_below(rng, 9);
    step->x = fxlt_range(rng, -s, s);
    step->y = fxlt_range(rng, -s, s);
    step->z = fxlt_range(rng, -s, s);
    if (fxlt_below(rng, 4) == 0) /* along an axis */
        step->y = step->z = 0;
    b.x = a.x + *n * step->x;
    b.y = a.y + *n * step->y;
    b.z = a.z + *n * step->z;
    return b;
}

static bool mv(const fxl_laser3d_prep *p, fxl_sphere s, fxl_vec3 to)
{
    return fxl_laser3d_vs_moving_sphere(p, s, to);
}

/* 1 when the core (got) and the reference (want) differ on path i at
 * radius r (touching radius rs), shown for the first 5 (bad so far). */
static uint32_t disagreement(const char *name, uint32_t i, int32_t r, bool got, bool want, int32_t rs,
                             uint32_t bad)
{
    if (got == want)
        return 0;
    if (bad < 5)
        fxlt_printf("    %s: disagreement path %u r %ld: core %d ref %d (touch %ld)\n", name, i,
                    (long)r, got, want, (long)rs);
    return 1;
}

/* The invariants of one moving sphere s (from its centre a to b = a + n *
 * step) whose answer was got: no miss where a lattice point of the path
 * hits statically; zero move == static at either end; batch == single.
 * Returns the number of failures (0..3). */
static uint32_t path_invariants(const fxl_laser3d_prep *p, fxl_sphere s, fxl_vec3 a, fxl_vec3 b,
                                fxl_vec3 step, int32_t n, bool got)
{
    uint32_t inv_bad = 0;
    int32_t k;
    fxl_sphere e = s;
    fxl_vec3 end = b;
    uint32_t word = 0xFFFFFFFFu;
    e.c = b;
    for (k = 0; k <= n; k++) {
        fxl_sphere q = s;
        q.c.x = a.x + k * step.x, q.c.y = a.y + k * step.y, q.c.z = a.z + k * step.z;
        if (fxl_laser3d_vs_sphere(p, q) && !got) {
            inv_bad++;
            break;
        }
    }
    if (mv(p, s, a) != fxl_laser3d_vs_sphere(p, s) || mv(p, e, b) != fxl_laser3d_vs_sphere(p, e))
        inv_bad++;
    if (fxl_laser3d_vs_moving_spheres(p, &s, &end, 1, &word) != (size_t)got || word != (uint32_t)got)
        inv_bad++;
    return inv_bad;
}

static void property(fxl_laser3d_kind kind, const char *name)
{
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t i, paths = FXLT_CASES(FXLT_MOVE3D_PATHS), ncases = 0, bad = 0, hits = 0, touch = 0;
    uint32_t inv_bad = 0;
    fxl_laser3d l = gen_laser3d(&rng, kind);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < paths; i++) {
        fxl_vec3 a, b, step;
        fxl_sphere s;
        int32_t n, rs, ri;
        fxl_laser3d box;
        int32_t rad[3];
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, kind);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        a = near_point(&rng, &l);
        b = move_end(&rng, a, &step, &n);
        box = l;
        box.kind = FXL_LASER3D_BOX;
        rs = kind == FXL_LASER3D_EGG ? ref_egg_touch_r(&l, a, b) : ref3m_touch_r(&box, a, b);
        rad[0] = fxlt_range(&rng, 0, PX(24));
        rad[1] = rs <= FXL_SIZE3_MAX ? rs : rad[0];
        rad[2] = rs - 1 >= 0 && rs - 1 <= FXL_SIZE3_MAX ? rs - 1 : rad[0];
        if (rs <= FXL_SIZE3_MAX)
            touch += 2;
        for (ri = 0; ri < 3; ri++) {
            bool got, want;
            fxl_sphere e;
            s.c = a;
            s.r = rad[ri];
            e = s;
            e.c = b;
            got = mv(&p, s, b);
            ncases++;
            hits += got;
            if (kind != FXL_LASER3D_CYLINDER) /* box and egg: exact */
                want = s.r >= rs;
            else /* the cylinder's stated bound, exactly */
                want = fxl_laser3d_vs_sphere(&p, s) || fxl_laser3d_vs_sphere(&p, e) ||
                       ((a.x != b.x || a.y != b.y || a.z != b.z) && s.r >= rs);
            bad += disagreement(name, i, s.r, got, want, rs, bad);
            /* invariants: an end hit is a hit; a lattice point of the path
             * that hits statically is a hit (no miss, any kind); zero
             * move == static; batch == single */
            inv_bad += path_invariants(&p, s, a, b, step, n, got);
        }
    }
    fxlt_printf("    %s: %u cases (%u at the touching radius or one unit less; %u hits), "
                "%u disagreements, %u invariant failures\n",
                name, ncases, touch, hits, bad, inv_bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv_bad, 0);
    CHECK_EQ(big_faults(), 0);
}

static void box_property(void)
{
    property(FXL_LASER3D_BOX, "3D moving box");
}

/* The cylinder's least touching radius by the reference (a double
 * estimate of the distance, then exact answers one raw unit at a time):
 * -1 when no radius in the domain touches; *undecided, *off count the
 * reference giving up and the estimate being off by more than 8 units. */
static int32_t cyl_touch_r(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b, uint32_t *undecided,
                           uint32_t *off)
{
    double dd = ref_cyl_dist(l, a, b);
    int32_t r;
    int v, k;
    if (dd > (double)FXL_SIZE3_MAX + 16.0)
        return -1;
    r = dd < 2.0 ? 0 : (int32_t)dd - 1;
    v = ref_cyl_moving(l, a, b, r);
    if (v == 1) {
        for (k = 0; k < 8 && r > 0; k++) {
            v = ref_cyl_moving(l, a, b, r - 1);
            if (v != 1)
                break;
            r--;
        }
    } else {
        for (k = 0; k < 8 && v == 0; k++)
            v = ref_cyl_moving(l, a, b, ++r);
    }
    if (v < 0) {
        if (*undecided < 3)
            fxlt_printf("    undecided: W %ld L %ld yaw %d pitch %d a (%ld %ld %ld) b (%ld %ld %ld) r %ld\n",
                        (long)l->half_width, (long)l->length, (int)l->yaw, (int)l->pitch,
                        (long)a.x, (long)a.y, (long)a.z, (long)b.x, (long)b.y, (long)b.z, (long)r);
        (*undecided)++;
    }
    if (k == 8)
        (*off)++;
    return r <= FXL_SIZE3_MAX ? r : -1;
}

/* A start near one of the cylinder's ends (within W + 40 px), or near the
 * laser as the other kinds'. */
static fxl_vec3 cyl_point(fxlt_rng *rng, const fxl_laser3d *l)
{
    fxl_vec3 p, e0, e1, c;
    int32_t s = l->half_width + PX(40);
    if (fxlt_below(rng, 3) == 0)
        return near_point(rng, l);
    fxl_laser3d_ends(l, &e0, &e1);
    c = fxlt_below(rng, 2) ? e0 : e1;
    p.x = c.x + fxlt_range(rng, -s, s);
    p.y = c.y + fxlt_range(rng, -s, s);
    p.z = c.z + fxlt_range(rng, -s, s);
    return p;
}

/* The cylinder against its exact reference (ref_cyl_moving.c): random
 * radii, the least touching radius and one unit less; the reference's
 * answers also checked against its double distance wherever that is
 * clearly away from the radius (a check of the split into tubes and
 * rims); the invariants of property(). */
static void cylinder_property(void)
{
    const char *name = "3D moving cylinder";
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t i, paths = FXLT_CASES(FXLT_CYL3D_PATHS), ncases = 0, bad = 0, hits = 0, touch = 0;
    uint32_t inv_bad = 0, undecided = 0, off = 0, dbl_bad = 0;
    fxl_laser3d l = gen_laser3d(&rng, FXL_LASER3D_CYLINDER);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < paths; i++) {
        fxl_vec3 a, b, step;
        int32_t n, rs, ri, rad[3];
        double dd;
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, FXL_LASER3D_CYLINDER);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        a = cyl_point(&rng, &l);
        b = move_end(&rng, a, &step, &n);
        rs = cyl_touch_r(&l, a, b, &undecided, &off);
        dd = ref_cyl_dist(&l, a, b);
        rad[0] = fxlt_range(&rng, 0, PX(24));
        rad[1] = rs >= 0 ? rs : rad[0];
        rad[2] = rs >= 1 ? rs - 1 : rad[0];
        if (rs >= 0)
            touch += rs >= 1 ? 2u : 1u;
        for (ri = 0; ri < 3; ri++) {
            bool got, want;
            fxl_sphere s;
            s.c = a;
            s.r = rad[ri];
            got = mv(&p, s, b);
            ncases++;
            hits += got;
            want = rs >= 0 && s.r >= rs;
            if (fabs((double)s.r - dd) > 1e-6 * dd + 0.01 && want != ((double)s.r >= dd))
                dbl_bad++;
            bad += disagreement(name, i, s.r, got, want, rs, bad);
            inv_bad += path_invariants(&p, s, a, b, step, n, got);
        }
    }
    fxlt_printf("    %s: %u cases (%u at the touching radius or one unit less; %u hits), "
                "%u disagreements, %u invariant failures, reference: %u undecided, %u off its "
                "estimate, %u against its doubles\n",
                name, ncases, touch, hits, bad, inv_bad, undecided, off, dbl_bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(inv_bad, 0);
    CHECK_EQ(undecided, 0);
    CHECK_EQ(off, 0);
    CHECK_EQ(dbl_bad, 0);
}

/* Exact tangency to a rim: a laser along x about the origin (L = 20, W =
 * 5 px), a path across the rim's normal plane through (L + 3k, W + 4k, 0)
 * raw (or its turn by the 3-4-5 rotation in the y-z plane), symmetric
 * about it: its nearest point to the rim circle is that one, at exactly 5k
 * (t = 1/2, a double root): r = 5k touches, 5k - 1 misses; with the
 * point one raw unit nearer along x, 5k hits and 5k - 1 still misses
 * ((3k - 1)^2 + (4k)^2 > (5k - 1)^2); one unit farther, both miss. Fewer
 * k on the small targets (each case takes the quartic: about 1.2 million
 * cycles on the GBA). */
static void rim_tangent(void)
{
    fxl_laser3d l;
    fxl_laser3d_prep p;
    int32_t k, kind, side, run = 0, bad = 0;
    l.kind = FXL_LASER3D_CYLINDER, l.anchor = FXL_ANCHOR_CENTRE;
    l.pos.x = l.pos.y = l.pos.z = 0;
    l.yaw = l.pitch = 0;
    l.length = PX(40), l.half_width = PX(5), l.egg_k = fix16_one;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (k = 1; k < 200000; k = FXLT_PROPERTY_DIVISOR > 1 ? k * 9 + 7 : k * 3 + 7)
        for (kind = 0; kind < 3; kind++)
            for (side = -1; side <= 1; side += 2) {
                fxl_sphere s;
                fxl_vec3 to;
                int32_t span = PX(30), dx;
                for (dx = -1; dx <= 1; dx++) {
                    int32_t x = side * (PX(20) + 3 * k + dx);
                    s.c.x = to.x = x;
                    if (kind == 0) { /* along z at y = W + 4k */
                        s.c.y = to.y = PX(5) + 4 * k;
                        s.c.z = -span, to.z = span;
                    } else if (kind == 1) { /* along y at z = -(W + 4k) */
                        s.c.z = to.z = -(PX(5) + 4 * k);
                        s.c.y = -span, to.y = span;
                    } else { /* rho direction (3, 4) / 5: W + 4k = 5 m */
                        int32_t m = (PX(5) + 4 * k) / 5;
                        if ((PX(5) + 4 * k) % 5 != 0)
                            continue;
                        s.c.y = 3 * m - 4 * PX(6), to.y = 3 * m + 4 * PX(6);
                        s.c.z = 4 * m + 3 * PX(6), to.z = 4 * m - 3 * PX(6);
                    }
                    s.r = 5 * k;
                    run++;
                    if (mv(&p, s, to) != (dx <= 0) ||
                        ref_cyl_moving(&l, s.c, to, s.r) != (dx <= 0))
                        bad++;
                    s.r = 5 * k - 1;
                    if (mv(&p, s, to) || ref_cyl_moving(&l, s.c, to, s.r) != 0)
                        bad++;
                }
            }
    fxlt_printf("    rim tangents: %ld paths, %ld disagreements\n", (long)run, (long)bad);
    CHECK_EQ(bad, 0);
}

/* The 32-bit filters ALONE (fxl__laser3d_cyl_filter_alone: the whole
 * cylinder's, then the rims' after the exact tubes) against the exact
 * reference: paths from near the cylinder's ends at the least touching
 * radius, one raw unit either side, two units over and a random radius;
 * every answer a filter gives must be the reference's (the exact stages
 * decide the rest). Counts the cases each decides and leaves: near
 * touching most are left (the band is about 2^-12 of the path's span),
 * at the random radius under 1 in 100. */
static void rim_filter(void)
{
    const char *name = "3D cylinder filters";
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t i, paths = FXLT_CASES(FXLT_CYL3D_PATHS), bad = 0, undecided = 0, off = 0;
    uint32_t decided[2] = {0, 0}, left[2] = {0, 0}, before[2] = {0, 0}, rnd[2] = {0, 0};
    uint32_t rnd_left[2] = {0, 0};
    int f;
    fxl_laser3d l = gen_laser3d(&rng, FXL_LASER3D_CYLINDER);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < paths; i++) {
        fxl_vec3 a, b, step;
        int32_t n, rs, ri, rad[5];
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, FXL_LASER3D_CYLINDER);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        a = cyl_point(&rng, &l);
        b = move_end(&rng, a, &step, &n);
        rs = cyl_touch_r(&l, a, b, &undecided, &off);
        rad[0] = rs >= 0 ? rs : 0;
        rad[1] = rs >= 1 ? rs - 1 : rad[0];
        rad[2] = rs >= 0 && rs < FXL_SIZE3_MAX ? rs + 1 : rad[0];
        rad[3] = rs >= 0 && rs < FXL_SIZE3_MAX - 1 ? rs + 2 : rad[0];
        rad[4] = fxlt_range(&rng, 0, PX(24));
        for (ri = 0; ri < 5; ri++)
            for (f = 0; f < 2; f++) {
                fxl_sphere s;
                int v, want;
                s.c = a;
                s.r = rad[ri];
                v = fxl__laser3d_cyl_filter_alone(&p, s, b, f);
                if (v == -2) {
                    before[f]++;
                    continue;
                }
                rnd[f] += ri == 4;
                if (v < 0) {
                    left[f]++;
                    rnd_left[f] += ri == 4;
                    continue;
                }
                decided[f]++;
                want = ref_cyl_moving(&l, a, b, s.r);
                if (v != want) {
                    if (bad < 5)
                        fxlt_printf("    %s: disagreement path %u r %ld filter %d: %d, ref %d\n", name,
                                    i, (long)s.r, f, v, want);
                    bad++;
                }
            }
    }
    for (f = 0; f < 2; f++)
        fxlt_printf("    %s, %s: %u cases, %u decided, %u left to the exact stages (random radii: %u "
                    "of %u), %u decided before\n",
                    name, f ? "rims" : "whole", decided[f] + left[f], decided[f], left[f],
                    rnd_left[f], rnd[f], before[f]);
    fxlt_printf("    %s: %u disagreements\n", name, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(undecided, 0);
    CHECK_COVER(rnd_left[0] * 100 <= rnd[0] && rnd_left[1] * 100 <= rnd[1]); /* the band is thin */
}

static void egg_property(void)
{
    property(FXL_LASER3D_EGG, "3D moving egg");
}

static void exact_cases(void)
{
    /* Box laser about (0, 0, 0) along +x, L = 20, W = 5: a sphere of
     * radius 1 passing over the top face at z = 6 touches, z = 6 + 1 raw
     * misses; passing diagonally over the edge (x beyond, z beyond). */
    fxl_laser3d l;
    fxl_laser3d_prep p;
    fxl_sphere s;
    fxl_vec3 to;
    l.kind = FXL_LASER3D_BOX, l.anchor = FXL_ANCHOR_CENTRE;
    l.pos.x = l.pos.y = l.pos.z = 0;
    l.yaw = l.pitch = 0;
    l.length = PX(40), l.half_width = PX(5), l.egg_k = fix16_one;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    s.r = PX(1);
    s.c.x = PX(-100), s.c.y = 0, s.c.z = PX(6);
    to = s.c, to.x = PX(100);
    CHECK(mv(&p, s, to));
    s.c.z = to.z = PX(6) + 1;
    CHECK(!mv(&p, s, to));
    /* past the edge x = 20, y = 5 along z, raw offsets (a, b): a hit iff
     * a^2 + b^2 <= 2^32 */
    s.c.x = PX(20) + 46340, s.c.y = PX(5) + 46341, s.c.z = PX(-50);
    to = s.c, to.z = PX(50);
    CHECK(mv(&p, s, to)); /* 46340^2 + 46341^2 <= 2^32: within r of the edge */
    s.c.x = PX(20) + 46341, s.c.y = PX(5) + 46341;
    to = s.c, to.z = PX(50);
    CHECK(!mv(&p, s, to));
    CHECK_EQ(fxl_laser3d_vs_moving_spheres(&p, NULL, NULL, 0, NULL), 0);
}

/* Any int32 input: a meaningless answer, never undefined behaviour (run
 * under UBSan by make test-san); a checked build counts the asserts. */
static void misuse(void)
{
    static const int32_t v[] = {INT32_MIN, -FXL_COORD3_MAX - 1, -1, 0, 1, FXL_COORD3_MAX,
                                INT32_MAX};
    fxl_laser3d l;
    fxl_laser3d_prep p;
    int k, i, j;
    l.anchor = FXL_ANCHOR_EMITTER;
    l.pos.x = FXL_COORD3_MAX, l.pos.y = -FXL_COORD3_MAX, l.pos.z = FXL_COORD3_MAX;
    l.yaw = 300, l.pitch = 1500;
    l.length = FXL_SIZE3_MAX, l.half_width = FXL_SIZE3_MAX;
    fxlt_expect_asserts(true);
    for (k = 0; k < 3; k++) {
        l.kind = (fxl_laser3d_kind)k;
        l.egg_k = k == 2 ? 1 : fix16_one;
        CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        for (i = 0; i < 7; i++)
            for (j = 0; j < 7; j++) {
                fxl_sphere s;
                fxl_vec3 to;
                s.c.x = v[i], s.c.y = v[j], s.c.z = v[(i + j) % 7], s.r = v[(i + 2 * j) % 7];
                to.x = v[j], to.y = v[(i * j) % 7], to.z = v[6 - i];
                (void)mv(&p, s, to);
            }
    }
    fxlt_expect_asserts(false);
}

static const fxlt_case cases[] = {
    {"exact_cases", exact_cases},
    {"box_property", box_property},
    {"cylinder_property", cylinder_property},
    {"rim_tangent", rim_tangent},
    {"rim_filter", rim_filter},
    {"egg_property", egg_property},
    {"misuse", misuse},
};

const fxlt_suite fxlt_suite_laser3d_moving = {"laser3d_moving", cases, FXLT_COUNT(cases)};
