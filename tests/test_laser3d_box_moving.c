/* test_laser3d_box_moving.c - 3D boxes moving against 3D lasers
 * (fxl_laser3d_vs_moving_aabb3 and the batch form): every kind against the
 * big-integer reference (ref_moving_aabb3.c: every kind exactly) at
 * random moves and at the touching position found by bisection (both
 * sides of it: one raw unit apart); zero move == static, a hit at an end
 * is a hit, a lattice point of the path that hits statically is a hit,
 * batch == single, and a box shrunk to a point == the moving sphere of
 * radius 0 along the same path (box laser and egg, where both are exact;
 * the moving sphere against the cylinder tests its square prism along
 * the path). */
#include "bigint.h"
#include "gen.h"
#include "harness.h"
#include "ref_moving_aabb3.h"
#include "../src/laser3d_box_moving_shadow.h" /* the shadow's first part alone */

#define PX(v) ((fix16_t)((v) * 65536))

/* Moves per kind in the default run (each also gives a touching pair);
 * -DFXLT_MOVEBOX3D_CASES=1000000 for the long run (measured: box laser
 * 1,513,690 cases, 513,690 touching or one unit off; against the exact
 * references, cylinder 1,468,710 and 468,710, egg 1,254,026 and 254,026;
 * 0 disagreements, 0 invariant failures). */
#ifndef FXLT_MOVEBOX3D_CASES
#define FXLT_MOVEBOX3D_CASES 5000
#endif

/* A box about the laser (some flat, some points), and a move to = lo + n
 * step (n 0..8: the lattice points of the path). */
static fxl_aabb3 random_box(fxlt_rng *rng, const fxl_laser3d *l)
{
    fxl_aabb3 b;
    fxl_vec3 c = l->pos, e0, e1;
    int32_t s = fxlt_below(rng, 2) ? PX(60) : PX(360);
    int32_t g = fxlt_below(rng, 3) == 0 ? PX(4) : PX(40);
    if (fxlt_below(rng, 4) != 0) { /* about a point of the core */
        int64_t u = fxlt_range(rng, 0, 1024);
        fxl_laser3d_ends(l, &e0, &e1);
        c.x = (fix16_t)(e0.x + (((int64_t)e1.x - e0.x) * u) / 1024);
        c.y = (fix16_t)(e0.y + (((int64_t)e1.y - e0.y) * u) / 1024);
        c.z = (fix16_t)(e0.z + (((int64_t)e1.z - e0.z) * u) / 1024);
        s = l->half_width + (fxlt_below(rng, 2) ? PX(8) : PX(40));
    }
    b.lo.x = c.x + fxlt_range(rng, -s, s);
    b.lo.y = c.y + fxlt_range(rng, -s, s);
    b.lo.z = c.z + fxlt_range(rng, -s, s);
    b.hi.x = b.lo.x + (fxlt_below(rng, 6) == 0 ? 0 : fxlt_range(rng, 0, g));
    b.hi.y = b.lo.y + (fxlt_below(rng, 6) == 0 ? 0 : fxlt_range(rng, 0, g));
    b.hi.z = b.lo.z + (fxlt_below(rng, 6) == 0 ? 0 : fxlt_range(rng, 0, g));
    return b;
}

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

static fxl_aabb3 shifted(fxl_aabb3 b, fxl_vec3 d, int32_t s)
{
    b.lo.x += s * d.x, b.lo.y += s * d.y, b.lo.z += s * d.z;
    b.hi.x += s * d.x, b.hi.y += s * d.y, b.hi.z += s * d.z;
    return b;
}

static fxl_vec3 moved(fxl_vec3 p, fxl_vec3 d, int32_t s)
{
    p.x += s * d.x, p.y += s * d.y, p.z += s * d.z;
    return p;
}

static uint32_t invariants(const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to, fxl_vec3 step,
                           int32_t n, bool got)
{
    uint32_t bad = 0, word = 0xFFFFFFFFu;
    fxl_aabb3 e = shifted(b, step, n);
    int32_t k;
    if (fxl_laser3d_vs_moving_aabb3(p, b, b.lo) != fxl_laser3d_vs_aabb3(p, b))
        bad++;
    for (k = 0; k <= n; k++)
        if (fxl_laser3d_vs_aabb3(p, shifted(b, step, k)) && !got) {
            bad++;
            break;
        }
    if (fxl_laser3d_vs_aabb3(p, e) && !got)
        bad++;
    if (fxl_laser3d_vs_moving_aabb3s(p, &b, &to, 1, &word) != (size_t)got || word != (uint32_t)got)
        bad++;
    if (b.lo.x == b.hi.x && b.lo.y == b.hi.y && b.lo.z == b.hi.z) {
        fxl_sphere s;
        s.c = b.lo, s.r = 0;
        if (fxl_laser3d_vs_moving_sphere(p, s, to) != got)
            bad++;
    }
    return bad;
}

/* The expected answer: the reference, but a zero move of a cylinder or egg
 * is the static test (whatever body that test has). */
static bool expected(const fxl_laser3d *l, const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to)
{
    if (l->kind != FXL_LASER3D_BOX && to.x == b.lo.x && to.y == b.lo.y && to.z == b.lo.z)
        return fxl_laser3d_vs_aabb3(p, b);
    return ref_laser3d_vs_moving_aabb3(l, b, to);
}

/* laser3d_box_moving_round.c's quick look alone (the egg's and the
 * cylinder's filter in front of the prism or the exact stage): 1 a sure
 * hit, -1 a sure miss, 0 unsure; sound for any in-domain move, ends
 * included. */
int fxl__laser3d_round_moving_quick(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                                    const int64_t v[3]);

/* The quick look on the move b -> to, against the expected answer:
 * counts decided and wrong (a zero move: not asked). */
static void quick_alone(const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to, bool want, uint32_t *decided,
                        uint32_t *wrong)
{
    int64_t lo[3], hi[3], v[3];
    int q;
    if (p->kind == FXL_LASER3D_BOX || (to.x == b.lo.x && to.y == b.lo.y && to.z == b.lo.z))
        return;
    lo[0] = (int64_t)b.lo.x - p->pos.x, lo[1] = (int64_t)b.lo.y - p->pos.y, lo[2] = (int64_t)b.lo.z - p->pos.z;
    hi[0] = (int64_t)b.hi.x - p->pos.x, hi[1] = (int64_t)b.hi.y - p->pos.y, hi[2] = (int64_t)b.hi.z - p->pos.z;
    v[0] = (int64_t)to.x - b.lo.x, v[1] = (int64_t)to.y - b.lo.y, v[2] = (int64_t)to.z - b.lo.z;
    q = fxl__laser3d_round_moving_quick(p, lo, hi, v);
    if (q != 0) {
        ++*decided;
        if ((q > 0) != want)
            ++*wrong;
    }
}

/* laser3d_box_moving_shadow.c's sure miss alone (the slab and the
 * tube's shadow, in front of the end's test): true only for a miss of the
 * whole swept body; sound for any in-domain move, ends included. */
bool fxl__laser3d_round_moving_apart(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                                     const int64_t v[3]);

/* That filter on the move b -> to, against the expected answer: counts
 * decided (a sure miss) and wrong (a sure miss that hits). */
static void apart_alone(const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to, bool want, uint32_t *decided,
                        uint32_t *wrong)
{
    int64_t lo[3], hi[3], v[3];
    if (p->kind == FXL_LASER3D_BOX || (to.x == b.lo.x && to.y == b.lo.y && to.z == b.lo.z))
        return;
    lo[0] = (int64_t)b.lo.x - p->pos.x, lo[1] = (int64_t)b.lo.y - p->pos.y, lo[2] = (int64_t)b.lo.z - p->pos.z;
    hi[0] = (int64_t)b.hi.x - p->pos.x, hi[1] = (int64_t)b.hi.y - p->pos.y, hi[2] = (int64_t)b.hi.z - p->pos.z;
    v[0] = (int64_t)to.x - b.lo.x, v[1] = (int64_t)to.y - b.lo.y, v[2] = (int64_t)to.z - b.lo.z;
    if (fxl__laser3d_round_moving_apart(p, lo, hi, v)) {
        ++*decided;
        if (want)
            ++*wrong;
    }
}

/* laser3d_box_moving_shadow.c's first part alone (the slab, the world's
 * z beyond a cap, the normal along the shadow's centre; the cylinder runs
 * it before the start's near look): true only for a miss of the whole
 * swept body (laser3d_box_moving_shadow.h). */

/* That part on the move b -> to, against the expected answer: counts
 * decided (a sure miss) and wrong (a sure miss that hits). */
static void first_alone(const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to, bool want, uint32_t *decided,
                        uint32_t *wrong)
{
    int32_t lo[3], hi[3], v[3];
    fxl__shadow st;
    if (p->kind == FXL_LASER3D_BOX || (to.x == b.lo.x && to.y == b.lo.y && to.z == b.lo.z))
        return;
    lo[0] = b.lo.x - p->pos.x, lo[1] = b.lo.y - p->pos.y, lo[2] = b.lo.z - p->pos.z;
    hi[0] = b.hi.x - p->pos.x, hi[1] = b.hi.y - p->pos.y, hi[2] = b.hi.z - p->pos.z;
    v[0] = to.x - b.lo.x, v[1] = to.y - b.lo.y, v[2] = to.z - b.lo.z;
    if (fxl__laser3d_round_moving_apart_first(p, lo, hi, v, &st)) {
        ++*decided;
        if (want)
            ++*wrong;
    }
}

static void property(fxl_laser3d_kind kind, const char *name)
{
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t i, count = FXLT_CASES(FXLT_MOVEBOX3D_CASES), ncases = 0, bad = 0, hits = 0,
                touch = 0, inv_bad = 0, points = 0, q_dec = 0, q_bad = 0, q_touch = 0,
                a_dec = 0, a_bad = 0, a_touch = 0, f_dec = 0, f_bad = 0, f_touch = 0;
    fxl_laser3d l = gen_laser3d(&rng, kind);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < count; i++) {
        fxl_aabb3 b;
        fxl_vec3 to, step, dir;
        int32_t n, lo_s, hi_s;
        bool got, h0, want;
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, kind);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        b = random_box(&rng, &l);
        if (fxlt_below(&rng, 8) == 0)
            b.hi = b.lo, points++;
        to = move_end(&rng, b.lo, &step, &n);
        got = fxl_laser3d_vs_moving_aabb3(&p, b, to);
        ncases++;
        hits += got;
        want = expected(&l, &p, b, to);
        quick_alone(&p, b, to, want, &q_dec, &q_bad);
        apart_alone(&p, b, to, want, &a_dec, &a_bad);
        first_alone(&p, b, to, want, &f_dec, &f_bad);
        if (got != want) {
            if (bad < 5)
                fxlt_printf("    %s: disagreement case %u: core %d\n", name, i, got);
            bad++;
        }
        inv_bad += invariants(&p, b, to, step, n, got);
        /* the touching position: shift the whole move along dir until the
         * answer flips, then bisect to a pair one raw unit apart */
        dir.x = fxlt_range(&rng, -1, 1), dir.y = fxlt_range(&rng, -1, 1);
        dir.z = fxlt_range(&rng, -1, 1);
        if (dir.x == 0 && dir.y == 0 && dir.z == 0)
            dir.x = 1;
        lo_s = 0, hi_s = PX(40);
        h0 = got;
        if (fxl_laser3d_vs_moving_aabb3(&p, shifted(b, dir, hi_s), moved(to, dir, hi_s)) == h0) {
            hi_s = -PX(40);
            if (fxl_laser3d_vs_moving_aabb3(&p, shifted(b, dir, hi_s), moved(to, dir, hi_s)) == h0)
                continue;
        }
        while (hi_s - lo_s > 1 || lo_s - hi_s > 1) {
            int32_t m = lo_s + (hi_s - lo_s) / 2;
            if (fxl_laser3d_vs_moving_aabb3(&p, shifted(b, dir, m), moved(to, dir, m)) == h0)
                lo_s = m;
            else
                hi_s = m;
        }
        {
            int32_t s2[2];
            int j;
            s2[0] = lo_s, s2[1] = hi_s;
            for (j = 0; j < 2; j++) {
                fxl_aabb3 bj = shifted(b, dir, s2[j]);
                fxl_vec3 tj = moved(to, dir, s2[j]);
                bool gj = fxl_laser3d_vs_moving_aabb3(&p, bj, tj), ej = expected(&l, &p, bj, tj);
                uint32_t before = q_dec, a_before = a_dec, f_before = f_dec;
                ncases++, touch++;
                hits += gj;
                quick_alone(&p, bj, tj, ej, &q_dec, &q_bad);
                q_touch += q_dec - before;
                apart_alone(&p, bj, tj, ej, &a_dec, &a_bad);
                a_touch += a_dec - a_before;
                first_alone(&p, bj, tj, ej, &f_dec, &f_bad);
                f_touch += f_dec - f_before;
                if (gj != ej) {
                    if (bad < 5)
                        fxlt_printf("    %s: disagreement at touch, case %u side %d: core %d\n",
                                    name, i, j, gj);
                    bad++;
                }
                inv_bad += invariants(&p, bj, tj, step, n, gj);
            }
        }
    }
    fxlt_printf("    %s: %u cases (%u at a touching position or one unit off, %u point boxes; "
                "%u hits), %u disagreements, %u invariant failures\n",
                name, ncases, touch, points, hits, bad, inv_bad);
    if (kind != FXL_LASER3D_BOX) {
        fxlt_printf("    %s: the quick look alone decided %u (%u at a touching position or one unit off), "
                    "%u wrong\n",
                    name, q_dec, q_touch, q_bad);
        fxlt_printf("    %s: the shadow's sure miss alone decided %u (%u at a touching position or one unit "
                    "off), %u wrong\n",
                    name, a_dec, a_touch, a_bad);
        fxlt_printf("    %s: its first part alone decided %u (%u at a touching position or one unit off), "
                    "%u wrong\n",
                    name, f_dec, f_touch, f_bad);
        /* every run, however small, sees the first part decide */
        CHECK_COVER(f_dec > 0);
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(q_bad, 0);
    CHECK_EQ(a_bad, 0);
    CHECK_EQ(f_bad, 0);
    CHECK_EQ(inv_bad, 0);
    CHECK_EQ(big_faults(), 0);
}

static void box_property(void)
{
    property(FXL_LASER3D_BOX, "3D moving box vs box laser");
}

static void cylinder_property(void)
{
    property(FXL_LASER3D_CYLINDER, "3D moving box vs cylinder");
}

static void egg_property(void)
{
    property(FXL_LASER3D_EGG, "3D moving box vs egg");
}

/* laser3d_box.c's internals the box laser's move uses: the start's
 * static test naming quick()'s axis apart, and that axis tried on
 * another box. */
int fxl__laser3d_box_vs(const fxl_laser3d_prep *lp, fxl_aabb3 box);
bool fxl__laser3d_box_apart(const fxl_laser3d_prep *lp, int code, fxl_aabb3 box0, fxl_aabb3 box1);

/* The move s / 2^16 d (d up to 4 px a component: one step of s moves the
 * end by at most 4 raw units). */
static fxl_vec3 scaled_to(fxl_vec3 lo, fxl_vec3 d, int32_t s)
{
    lo.x += (fix16_t)(((int64_t)d.x * s) >> 16);
    lo.y += (fix16_t)(((int64_t)d.y * s) >> 16);
    lo.z += (fix16_t)(((int64_t)d.z * s) >> 16);
    return lo;
}

/* The box laser's early miss (the start's axis apart, apart at the end on
 * the same side) in its band: a start box that quick() finds apart (the
 * axis it names must find it apart too), a direction, and the move's
 * length bisected to where the end box stops being apart on that axis
 * (the lengths one step apart, at most 4 raw units a component); there,
 * on both sides, the answer against the reference. */
static void apart_band(void)
{
    fxlt_rng rng = fxlt_rng_for("3D moving box: the start's axis at the end");
    uint32_t i, count = FXLT_CASES(FXLT_MOVEBOX3D_CASES), ncases = 0, bad = 0, bad_code = 0,
                named = 0, hits = 0;
    fxl_laser3d l = gen_laser3d(&rng, FXL_LASER3D_BOX);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < count; i++) {
        fxl_aabb3 b;
        fxl_vec3 d;
        int32_t lo_s = 0, hi_s = 64 << 16, s2[2];
        int code, j;
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, FXL_LASER3D_BOX);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        b = random_box(&rng, &l);
        code = fxl__laser3d_box_vs(&p, b);
        if (code >= 0)
            continue;
        named++;
        if (!fxl__laser3d_box_apart(&p, code, b, b) || fxl_laser3d_vs_aabb3(&p, b))
            bad_code++;
        d.x = fxlt_range(&rng, -PX(4), PX(4)), d.y = fxlt_range(&rng, -PX(4), PX(4));
        d.z = fxlt_range(&rng, -PX(4), PX(4));
        if (fxl__laser3d_box_apart(&p, code, b, shifted(b, d, 64)))
            continue; /* apart all the way */
        while (hi_s - lo_s > 1) {
            int32_t m = lo_s + (hi_s - lo_s) / 2;
            fxl_vec3 t = scaled_to(b.lo, d, m);
            fxl_aabb3 e = b;
            e.lo = t;
            e.hi.x = t.x + (b.hi.x - b.lo.x), e.hi.y = t.y + (b.hi.y - b.lo.y);
            e.hi.z = t.z + (b.hi.z - b.lo.z);
            if (fxl__laser3d_box_apart(&p, code, b, e))
                lo_s = m;
            else
                hi_s = m;
        }
        s2[0] = lo_s, s2[1] = hi_s;
        for (j = 0; j < 2; j++) {
            fxl_vec3 t = scaled_to(b.lo, d, s2[j]);
            bool got = fxl_laser3d_vs_moving_aabb3(&p, b, t);
            ncases++;
            hits += got;
            if (got != ref_laser3d_vs_moving_aabb3(&l, b, t)) {
                if (bad < 5)
                    fxlt_printf("    apart band: disagreement case %u side %d: core %d\n", i, j, got);
                bad++;
            }
        }
    }
    fxlt_printf("    3D moving box, the start's axis at the end: %u start misses named, %u cases in "
                "the band (%u hits), %u disagreements, %u misnamed axes\n",
                named, ncases, hits, bad, bad_code);
    CHECK_COVER(ncases > count / 8);
    CHECK_EQ(bad, 0);
    CHECK_EQ(bad_code, 0);
    CHECK_EQ(big_faults(), 0);
}

/* The shadow's sure miss (first_only: its first part alone) on b -> to. */
static bool apart_of(const fxl_laser3d_prep *p, fxl_aabb3 b, fxl_vec3 to, bool first_only)
{
    uint32_t dec = 0, wrong = 0;
    if (first_only)
        first_alone(p, b, to, false, &dec, &wrong);
    else
        apart_alone(p, b, to, false, &dec, &wrong);
    return dec != 0;
}

/* The shadow's sure miss at its own edge: a random move (cylinder and
 * egg) shifted along a direction until the filter stops proving a miss,
 * bisected to two shifts one raw unit apart; where it proves one, the
 * reference must find a miss (and the core agree). */
static void shadow_band_kind(fxl_laser3d_kind kind, const char *name, bool first_only)
{
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t i, count = FXLT_CASES(FXLT_MOVEBOX3D_CASES), edges = 0, bad = 0;
    fxl_laser3d l = gen_laser3d(&rng, kind);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < count; i++) {
        fxl_aabb3 b;
        fxl_vec3 to, step, dir;
        int32_t n, lo_s = 0, hi_s = PX(40);
        if (i % 16 == 15) {
            l = gen_laser3d(&rng, kind);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        b = random_box(&rng, &l);
        to = move_end(&rng, b.lo, &step, &n);
        dir.x = fxlt_range(&rng, -1, 1), dir.y = fxlt_range(&rng, -1, 1), dir.z = fxlt_range(&rng, -1, 1);
        if (dir.x == 0 && dir.y == 0 && dir.z == 0)
            dir.z = 1;
        if (apart_of(&p, b, to, first_only) || !apart_of(&p, shifted(b, dir, hi_s), moved(to, dir, hi_s), first_only))
            continue; /* wanted: unsure at 0, a sure miss at 40 px */
        while (hi_s - lo_s > 1) {
            int32_t m = lo_s + (hi_s - lo_s) / 2;
            if (apart_of(&p, shifted(b, dir, m), moved(to, dir, m), first_only))
                hi_s = m;
            else
                lo_s = m;
        }
        edges++;
        {
            fxl_aabb3 bh = shifted(b, dir, hi_s);
            fxl_vec3 th = moved(to, dir, hi_s);
            if (ref_laser3d_vs_moving_aabb3(&l, bh, th) || fxl_laser3d_vs_moving_aabb3(&p, bh, th)) {
                if (bad < 5)
                    fxlt_printf("    %s: a sure miss that hits, case %u\n", name, i);
                bad++;
            }
        }
    }
    fxlt_printf("    %s: %u edges of the shadow's sure miss, %u wrong\n", name, edges, bad);
    /* every run reaches the edge; a full-size run (the host's) reaches it in
       more than 1 case in 16 (the MCU runs' few cases give a few edges) */
    CHECK_COVER(edges > 0);
    if (count >= 1000)
        CHECK(edges > count / 16);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

static void shadow_band(void)
{
    shadow_band_kind(FXL_LASER3D_CYLINDER, "3D moving box vs cylinder, the shadow's edge", false);
    shadow_band_kind(FXL_LASER3D_EGG, "3D moving box vs egg, the shadow's edge", false);
}

/* The same at the edge of the shadow's first part alone (the cylinder
 * runs it before the start's near look). */
static void first_band(void)
{
    shadow_band_kind(FXL_LASER3D_CYLINDER, "3D moving box vs cylinder, the shadow's first part's edge", true);
    shadow_band_kind(FXL_LASER3D_EGG, "3D moving box vs egg, the shadow's first part's edge", true);
}

static void exact_cases(void)
{
    /* Box laser about (0, 0, 0) along +x, L = 20, W = 5. */
    fxl_laser3d l;
    fxl_laser3d_prep p;
    fxl_aabb3 b;
    fxl_vec3 to;
    l.kind = FXL_LASER3D_BOX, l.anchor = FXL_ANCHOR_CENTRE;
    l.pos.x = l.pos.y = l.pos.z = 0;
    l.yaw = l.pitch = 0;
    l.length = PX(40), l.half_width = PX(5), l.egg_k = fix16_one;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    /* a 2 px box sliding over the top face: its bottom at z = 5 touches */
    b.lo.x = PX(-100), b.lo.y = PX(-1), b.lo.z = PX(5);
    b.hi.x = PX(-98), b.hi.y = PX(1), b.hi.z = PX(7);
    to = b.lo, to.x = PX(100);
    CHECK(fxl_laser3d_vs_moving_aabb3(&p, b, to));
    b.lo.z += 1, b.hi.z += 1, to.z += 1;
    CHECK(!fxl_laser3d_vs_moving_aabb3(&p, b, to));
    /* a point passing the edge x = 20, y = 5 diagonally in the plane z = 0,
     * along x + y = 25: through the corner; one raw unit further: a miss
     * (both ends and the path's hull overlap differently: only the swept
     * axes decide) */
    b.lo.x = b.hi.x = PX(30), b.lo.y = b.hi.y = PX(-5), b.lo.z = b.hi.z = 0;
    to.x = PX(10), to.y = PX(15), to.z = 0;
    CHECK(!fxl_laser3d_vs_aabb3(&p, b));
    CHECK(fxl_laser3d_vs_moving_aabb3(&p, b, to));
    b.lo.x = b.hi.x = PX(30) + 1, to.x = PX(10) + 1;
    CHECK(!fxl_laser3d_vs_moving_aabb3(&p, b, to));
    /* the same with a 1 px box: its corner lo runs the line */
    b.lo.x = PX(30), b.hi.x = PX(31), b.lo.y = PX(-5), b.hi.y = PX(-4);
    b.lo.z = PX(-1), b.hi.z = 0;
    to.x = PX(10), to.y = PX(15), to.z = PX(-1);
    CHECK(fxl_laser3d_vs_moving_aabb3(&p, b, to));
    b.lo.x += 1, b.hi.x += 1, to.x += 1;
    CHECK(!fxl_laser3d_vs_moving_aabb3(&p, b, to));
    /* an inverted box is never hit, moving or not */
    b.lo.x = PX(1), b.hi.x = 0, b.lo.y = b.hi.y = 0, b.lo.z = b.hi.z = 0;
    to = b.lo, to.y = PX(1);
    CHECK(!fxl_laser3d_vs_moving_aabb3(&p, b, to));
    CHECK_EQ(fxl_laser3d_vs_moving_aabb3s(&p, NULL, NULL, 0, NULL), 0);
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
                fxl_aabb3 b;
                fxl_vec3 to;
                b.lo.x = v[i], b.lo.y = v[j], b.lo.z = v[(i + j) % 7];
                b.hi.x = v[(i + 3) % 7], b.hi.y = v[6 - j], b.hi.z = v[(i + 2 * j) % 7];
                to.x = v[j], to.y = v[(i * j) % 7], to.z = v[6 - i];
                (void)fxl_laser3d_vs_moving_aabb3(&p, b, to);
            }
    }
    fxlt_expect_asserts(false);
}

static const fxlt_case cases[] = {
    {"exact_cases", exact_cases},
    {"box_property", box_property},
    {"cylinder_property", cylinder_property},
    {"egg_property", egg_property},
    {"apart_band", apart_band},
    {"misuse", misuse},
    {"shadow_band", shadow_band},
    {"first_band", first_band},
};

const fxlt_suite fxlt_suite_laser3d_box_moving = {"laser3d_box_moving", cases,
                                                  FXLT_COUNT(cases)};
