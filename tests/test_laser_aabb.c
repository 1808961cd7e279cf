/* test_laser_aabb.c - straight lasers against axis-aligned boxes (laser.h's
 * box calls): exact unit cases at the cardinal angles, and property tests
 * against the independent big-integer reference (ref_aabb.c), half of the
 * cases built to touch exactly or to miss by one raw unit. */
#include "gen.h"
#include "harness.h"
#include "ref_aabb.h"

#include "../src/aabb_parts.h" /* fxl__box_head_c, fxl__box_head */

#define PX(v) ((fix16_t)((v) * 65536))

/* Cases per property test on the host (FXLT_CASES scales it down on the
 * GBA and the emulated targets); -DFXLT_BOX_CASES=1000000 for the long run. */
#ifndef FXLT_BOX_CASES
#define FXLT_BOX_CASES 100000
#endif

static fxl_laser_prep prep(fxl_laser l)
{
    fxl_laser_prep p;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_OK);
    return p;
}

static fxl_aabb box_make(fix16_t x0, fix16_t y0, fix16_t x1, fix16_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(x0, y0);
    b.hi = fxl_vec2_make(x1, y1);
    return b;
}

/* A box of half-size (hx, hy) centred on p, in world terms after turning the
 * frame offset (a, b) by q quarter turns about o. */
static fxl_aabb box_at(fxl_vec2 o, int q, fix16_t a, fix16_t b, fix16_t hx, fix16_t hy)
{
    fix16_t x, y;
    switch (q & 3) {
    case 0: x = a, y = b; break;
    case 1: x = -b, y = a; break;
    case 2: x = -a, y = -b; break;
    default: x = b, y = -a; break;
    }
    x += o.x, y += o.y;
    return box_make(x - hx, y - hy, x + hx, y + hy);
}

/* At the cardinal angles (exact table): a box 4 px square placed touching
 * each side and corner of a box laser (100 x 20 px) is a hit, and one raw
 * unit further out a miss; the capsule's round corners likewise (3-4-5). */
static void touching_cardinal(void)
{
    int q;
    for (q = 0; q < 4; q++) {
        fxl_vec2 o = fxl_vec2_make(PX(7), PX(-3));
        fxl_laser_prep bp = prep(fxl_laser_from_emitter(FXL_LASER_BOX, o, q * 1024, PX(100), PX(10)));
        fxl_laser_prep cp =
            prep(fxl_laser_from_emitter(FXL_LASER_CAPSULE, o, q * 1024, PX(100), PX(5)));
        /* box centre offsets (along, across) touching, and the unit step out */
        static const int32_t probe[][4] = {
            {50, 12, 0, 1}, {50, -12, 0, -1}, {102, 0, 1, 0}, {-2, 0, -1, 0},
            {102, 12, 1, 1}, {-2, -12, -1, -1}, {-2, 12, -1, 1}, {102, -12, 1, -1},
        };
        size_t i;
        for (i = 0; i < FXLT_COUNT(probe); i++) {
            fix16_t a = PX(probe[i][0]), b = PX(probe[i][1]);
            CHECK(fxl_laser_vs_aabb(&bp, box_at(o, q, a, b, PX(2), PX(2))));
            CHECK(!fxl_laser_vs_aabb(&bp, box_at(o, q, a + probe[i][2], b + probe[i][3], PX(2), PX(2))));
            /* the diagonal probes miss the capsule; the side ones... */
        }
        /* Capsule: box sides at 5 px across, 5 px beyond the ends. */
        CHECK(fxl_laser_vs_aabb(&cp, box_at(o, q, PX(50), PX(7), PX(2), PX(2))));
        CHECK(!fxl_laser_vs_aabb(&cp, box_at(o, q, PX(50), PX(7) + 1, PX(2), PX(2))));
        CHECK(fxl_laser_vs_aabb(&cp, box_at(o, q, PX(107), PX(0), PX(2), PX(2))));
        CHECK(!fxl_laser_vs_aabb(&cp, box_at(o, q, PX(107) + 1, PX(0), PX(2), PX(2))));
        /* Corner of the box at (103, 4) from the core's end: distance 5. */
        CHECK(fxl_laser_vs_aabb(&cp, box_at(o, q, PX(105), PX(6), PX(2), PX(2))));
        CHECK(!fxl_laser_vs_aabb(&cp, box_at(o, q, PX(105) + 1, PX(6), PX(2), PX(2))));
        CHECK(!fxl_laser_vs_aabb(&cp, box_at(o, q, PX(105), PX(6) + 1, PX(2), PX(2))));
        /* Where the square corner of a box laser would hit, the round misses. */
        CHECK(!fxl_laser_vs_aabb(&cp, box_at(o, q, PX(106), PX(6), PX(2), PX(2))));
        /* A box swallowing the whole laser; a point box on the axis. */
        CHECK(fxl_laser_vs_aabb(&bp, box_at(o, q, PX(50), 0, PX(500), PX(500))));
        CHECK(fxl_laser_vs_aabb(&cp, box_at(o, q, PX(50), 0, 0, 0)));
    }
}

/* A random box: mostly near the laser; sizes from a point to 1,000 px,
 * some flat in one axis; inside the domain. */
static fxl_aabb gen_box(fxlt_rng *rng, const fxl_laser *l)
{
    fxl_vec2 c = gen_point_near(rng, l);
    int32_t hx, hy;
    uint32_t k = fxlt_below(rng, 8);
    if (k == 0)
        hx = hy = 0;
    else if (k <= 4)
        hx = fxlt_range(rng, 0, PX(32)), hy = fxlt_range(rng, 0, PX(32));
    else if (k == 5)
        hx = fxlt_range(rng, 0, PX(1000)), hy = fxlt_range(rng, 0, PX(1000));
    else
        hx = fxlt_range(rng, 0, PX(64)), hy = fxlt_below(rng, 2) != 0 ? 0 : 1;
    if (fxlt_below(rng, 2) != 0) {
        int32_t t = hx;
        hx = hy, hy = t;
    }
    {
        int64_t x0 = (int64_t)c.x - hx, x1 = (int64_t)c.x + hx;
        int64_t y0 = (int64_t)c.y - hy, y1 = (int64_t)c.y + hy;
        int64_t m = FXL_COORD_MAX;
        x0 = x0 < -m ? -m : x0, x1 = x1 > m ? m : x1;
        y0 = y0 < -m ? -m : y0, y1 = y1 > m ? m : y1;
        return box_make((fix16_t)x0, (fix16_t)y0, (fix16_t)x1, (fix16_t)y1);
    }
}

/* b moved by k (dx, dy); false when it would leave the domain. */
static bool shifted(fxl_aabb b, int64_t k, int dx, int dy, fxl_aabb *out)
{
    int64_t m = FXL_COORD_MAX;
    int64_t x0 = b.lo.x + k * dx, x1 = b.hi.x + k * dx, y0 = b.lo.y + k * dy, y1 = b.hi.y + k * dy;
    if (x0 < -m || x1 > m || y0 < -m || y1 > m)
        return false;
    *out = box_make((fix16_t)x0, (fix16_t)y0, (fix16_t)x1, (fix16_t)y1);
    return true;
}

typedef struct box_tally {
    uint32_t cases, touching, hits, disagree, skipped;
} box_tally;

static void compare(box_tally *t, const fxl_laser *l, const fxl_laser_prep *p, fxl_aabb b)
{
    bool got = fxl_laser_vs_aabb(p, b), want = ref_laser_vs_aabb(l, b);
    t->cases++;
    t->hits += want;
    if (got != want) {
        t->disagree++;
        if (t->disagree <= 3)
            fxlt_printf("    disagree: laser kind %d anchor %d pos (%ld,%ld) angle %d len %ld hw %ld"
                        " frac %ld box (%ld,%ld)-(%ld,%ld): got %d\n",
                        (int)l->kind, (int)l->anchor, (long)l->pos.x, (long)l->pos.y,
                        (int)l->angle, (long)l->length, (long)l->half_width,
                        (long)l->hit_fraction, (long)b.lo.x, (long)b.lo.y, (long)b.hi.x,
                        (long)b.hi.y, (int)got);
    }
}

/* From a box that hits (it holds the laser's pos, which is in the hitbox),
 * the last shift by k (dx, dy) that still hits by the library, found by
 * bisection; then the library against the reference there and one unit on. */
/* What decides a box in touching_pair's search: the single test (p) or
 * the fused call (l). */
typedef struct box_judge {
    const fxl_laser *l;
    const fxl_laser_prep *p; /* NULL: the fused call */
} box_judge;

static bool fused_one(const fxl_laser *l, fxl_aabb b);

static bool judged_hit(const box_judge *j, fxl_aabb b)
{
    return j->p != NULL ? fxl_laser_vs_aabb(j->p, b) : fused_one(j->l, b);
}

/* Moves b onto the laser's pos, then bisects its shift along d to the
 * last shift the judge calls a hit: *in gets that (touching) box, *out the
 * one a raw unit on; false when a shift leaves the domain first. */
static bool touching_pair(fxl_aabb b, const int *d, const box_judge *j, fxl_aabb *in, fxl_aabb *out)
{
    int64_t lo = 0, hi = (int64_t)1 << 32;
    /* Move the box onto pos: the offset that makes it hold pos. */
    int64_t cx = ((int64_t)b.lo.x + b.hi.x) / 2, cy = ((int64_t)b.lo.y + b.hi.y) / 2;
    b.lo.x = (fix16_t)(b.lo.x - cx), b.hi.x = (fix16_t)(b.hi.x - cx);
    b.lo.y = (fix16_t)(b.lo.y - cy), b.hi.y = (fix16_t)(b.hi.y - cy);
    if (!shifted(b, 1, j->l->pos.x, j->l->pos.y, &b))
        return false;
    /* hi: the first shift leaving the domain or known to miss. */
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (shifted(b, mid, d[0], d[1], in) && judged_hit(j, *in))
            lo = mid;
        else
            hi = mid;
    }
    /* The hits along the line form an interval (convex sets), so lo is its
     * end unless the domain ended first. */
    if (!shifted(b, lo + 1, d[0], d[1], out))
        return false;
    shifted(b, lo, d[0], d[1], in);
    return true;
}

static void boundary_pair(box_tally *t, fxlt_rng *rng, const fxl_laser *l, const fxl_laser_prep *p)
{
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    const int *d = dirs[fxlt_below(rng, 8)];
    fxl_aabb b = gen_box(rng, l), in, out;
    box_judge j;
    j.l = l, j.p = p;
    if (!touching_pair(b, d, &j, &in, &out)) {
        t->skipped++;
        return;
    }
    t->touching += 2;
    compare(t, l, p, in);
    compare(t, l, p, out);
}

static void report(const char *what, const box_tally *t)
{
    fxlt_printf("    %s: %lu cases (%lu built to touch or miss by one raw unit, %lu hits), "
                "%lu disagreements, %lu skipped, %lu reference faults\n",
                what, (unsigned long)t->cases, (unsigned long)t->touching, (unsigned long)t->hits,
                (unsigned long)t->disagree, (unsigned long)t->skipped,
                (unsigned long)ref_aabb_faults());
    CHECK_EQ(t->disagree, 0);
    CHECK_EQ(ref_aabb_faults(), 0);
}

static void single_property(void)
{
    fxlt_rng rng = fxlt_rng_for("single_property");
    box_tally t = {0, 0, 0, 0, 0};
    uint32_t target = FXLT_CASES(FXLT_BOX_CASES);
    while (t.cases < target) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        fxl_laser_prep p = prep(l);
        int k;
        for (k = 0; k < 2; k++)
            compare(&t, &l, &p, gen_box(&rng, &l));
        boundary_pair(&t, &rng, &l, &p);
    }
    report("laser vs aabb", &t);
}

/* A box shrunk to a point answers as fxl_laser_vs_point (the reference
 * too, on one case in eight); a box holding a
 * circle that hits is hit (the circle's box grown by r / 2^14 + 2 raw
 * units: the frame's scale makes the hit circle up to 1.6e-5 r wider). */
static void point_and_circle(void)
{
    fxlt_rng rng = fxlt_rng_for("point_and_circle");
    uint32_t i, n = FXLT_CASES(FXLT_BOX_CASES), bad = 0;
    for (i = 0; i < n; i++) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        fxl_laser_prep p = prep(l);
        fxl_vec2 q = gen_point_near(&rng, &l);
        fxl_circle c = fxl_circle_make(q.x, q.y, fxlt_range(&rng, 0, PX(40)));
        if (fxl_laser_vs_aabb(&p, box_make(q.x, q.y, q.x, q.y)) != fxl_laser_vs_point(&p, q))
            bad++;
        if ((i & 7) == 0 && ref_laser_vs_aabb(&l, box_make(q.x, q.y, q.x, q.y)) != fxl_laser_vs_point(&p, q))
            bad++; /* the reference against the library's point test */
        if (fxl_laser_vs_circle(&p, c)) {
            /* (when the grown box fits the domain: the circle's touching
             * point may lie beyond the domain's edge otherwise) */
            int64_t g = c.r + (c.r >> 14) + 2, m = FXL_COORD_MAX;
            int64_t x0 = c.c.x - g, x1 = c.c.x + g, y0 = c.c.y - g, y1 = c.c.y + g;
            if (x0 >= -m && x1 <= m && y0 >= -m && y1 <= m &&
                !fxl_laser_vs_aabb(&p, box_make((fix16_t)x0, (fix16_t)y0, (fix16_t)x1, (fix16_t)y1)))
                bad++;
        }
    }
    fxlt_printf("    point boxes and circles' boxes: %lu cases, %lu wrong\n", (unsigned long)n,
                (unsigned long)bad);
    CHECK_EQ(bad, 0);
}

/* The batch forms against the single test: bits, counts, collect with a
 * cap below and above the hits, and n = 0 with NULL arrays. */
static void batch_and_collect(void)
{
    fxlt_rng rng = fxlt_rng_for("batch_and_collect");
    uint32_t round, bad = 0;
    for (round = 0; round < FXLT_CASES(2000); round++) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        fxl_laser_prep p = prep(l);
        fxl_aabb boxes[70];
        uint32_t bits[3] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
        size_t idx[70], n = fxlt_below(&rng, 71), cap = fxlt_below(&rng, 71), i, hits = 0, got;
        for (i = 0; i < n; i++)
            boxes[i] = gen_box(&rng, &l);
        got = fxl_laser_vs_aabbs(&p, boxes, n, bits);
        for (i = 0; i < n; i++) {
            bool h = fxl_laser_vs_aabb(&p, boxes[i]);
            if (h != (((bits[i >> 5] >> (i & 31)) & 1u) != 0))
                bad++;
            if (h && hits < cap && fxl_laser_collect_aabbs(&p, boxes, n, idx, cap) >= hits + 1 &&
                idx[hits] != i)
                bad++;
            hits += h;
        }
        if (got != hits || fxl_laser_collect_aabbs(&p, boxes, n, idx, cap) != hits ||
            fxl_laser_vs_aabbs(&p, boxes, n, NULL) != hits)
            bad++;
    }
    {
        fxl_laser_prep p = prep(fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1)));
        CHECK_EQ(fxl_laser_vs_aabbs(&p, NULL, 0, NULL), 0);
        CHECK_EQ(fxl_laser_collect_aabbs(&p, NULL, 0, NULL, 0), 0);
        CHECK_EQ(fxl_laser_vs_moving_aabbs(&p, NULL, NULL, 0, NULL), 0);
    }
    CHECK_EQ(bad, 0);
}

/* A random end for a box starting at b: no move, small, large, or along an
 * axis; the end box inside the domain (false when it would not be). */
static bool gen_move(fxlt_rng *rng, fxl_aabb b, fxl_vec2 *to)
{
    int64_t m = FXL_COORD_MAX, dx = 0, dy = 0;
    switch (fxlt_below(rng, 6)) {
    case 0: break;
    case 1: case 2: dx = fxlt_range(rng, PX(-32), PX(32)), dy = fxlt_range(rng, PX(-32), PX(32)); break;
    case 3: dx = fxlt_range(rng, PX(-1000), PX(1000)), dy = fxlt_range(rng, PX(-1000), PX(1000)); break;
    case 4: dx = fxlt_range(rng, PX(-300), PX(300)); break;
    default: dy = fxlt_range(rng, PX(-300), PX(300)); break;
    }
    if (b.lo.x + dx < -m || b.hi.x + dx > m || b.lo.y + dy < -m || b.hi.y + dy > m)
        return false;
    *to = fxl_vec2_make((fix16_t)(b.lo.x + dx), (fix16_t)(b.lo.y + dy));
    return true;
}

static void compare_moving(box_tally *t, const fxl_laser *l, const fxl_laser_prep *p, fxl_aabb b,
                           fxl_vec2 to)
{
    ref_hitbox h = ref_hitbox_of_laser(l);
    bool got = fxl_laser_vs_moving_aabb(p, b, to);
    bool want = ref_hitbox_vs_moving_aabb(&h, b, (int64_t)to.x - b.lo.x, (int64_t)to.y - b.lo.y);
    t->cases++;
    t->hits += want;
    if (got != want) {
        t->disagree++;
        if (t->disagree <= 3)
            fxlt_printf("    disagree: laser kind %d anchor %d pos (%ld,%ld) angle %d len %ld hw %ld"
                        " frac %ld box (%ld,%ld)-(%ld,%ld) to (%ld,%ld): got %d\n",
                        (int)l->kind, (int)l->anchor, (long)l->pos.x, (long)l->pos.y,
                        (int)l->angle, (long)l->length, (long)l->half_width,
                        (long)l->hit_fraction, (long)b.lo.x, (long)b.lo.y, (long)b.hi.x,
                        (long)b.hi.y, (long)to.x, (long)to.y, (int)got);
    }
    /* no move: the static test */
    if (to.x == b.lo.x && to.y == b.lo.y && got != fxl_laser_vs_aabb(p, b))
        t->disagree++;
}

/* The motion b -> to shifted by (sx, sy), both ends inside the domain
 * (false when not). */
static bool motion_at(fxl_aabb b, fxl_vec2 to, int64_t sx, int64_t sy, fxl_aabb *e, fxl_vec2 *eto)
{
    int64_t m = FXL_COORD_MAX, ex0 = (int64_t)to.x + sx, ey0 = (int64_t)to.y + sy;
    if (b.lo.x + sx < -m || b.hi.x + sx > m || b.lo.y + sy < -m ||
        b.hi.y + sy > m || ex0 < -m || ex0 + ((int64_t)b.hi.x - b.lo.x) > m || ey0 < -m ||
        ey0 + ((int64_t)b.hi.y - b.lo.y) > m)
        return false;
    *e = box_make((fix16_t)(b.lo.x + sx), (fix16_t)(b.lo.y + sy), (fix16_t)(b.hi.x + sx),
                  (fix16_t)(b.hi.y + sy));
    *eto = fxl_vec2_make((fix16_t)ex0, (fix16_t)ey0);
    return true;
}

/* Moving boxes against the reference: random motions, and motions shifted
 * (both ends) so that the start holds the laser's pos (a hit), then on to
 * the last shift that still hits by the library and one raw unit further. */
static void moving_property(void)
{
    fxlt_rng rng = fxlt_rng_for("moving_property");
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    box_tally t = {0, 0, 0, 0, 0};
    uint32_t target = FXLT_CASES(FXLT_BOX_CASES);
    while (t.cases < target) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        fxl_laser_prep p = prep(l);
        fxl_aabb b = gen_box(&rng, &l), e;
        fxl_vec2 to, eto;
        const int *d = dirs[fxlt_below(&rng, 8)];
        int64_t lo = 0, hi = (int64_t)1 << 32, cx, cy, k;
        if (!gen_move(&rng, b, &to)) {
            t.skipped++;
            continue;
        }
        compare_moving(&t, &l, &p, b, to);
        cx = ((int64_t)b.lo.x + b.hi.x) / 2 - l.pos.x, cy = ((int64_t)b.lo.y + b.hi.y) / 2 - l.pos.y;
        while (hi - lo > 1) {
            int64_t mid = lo + (hi - lo) / 2;
            if (motion_at(b, to, mid * d[0] - cx, mid * d[1] - cy, &e, &eto) &&
                fxl_laser_vs_moving_aabb(&p, e, eto))
                lo = mid;
            else
                hi = mid;
        }
        for (k = lo; k <= lo + 1; k++) {
            if (!motion_at(b, to, k * d[0] - cx, k * d[1] - cy, &e, &eto)) {
                t.skipped++;
                break;
            }
            t.touching++;
            compare_moving(&t, &l, &p, e, eto);
        }
    }
    report("laser vs moving aabb", &t);
}

/* Many lasers against one box: bit i and the count as fxl_laser_prepare +
 * fxl_laser_vs_aabb; refused lasers never hit and the first one's code is
 * returned; a refused box: its code, no hits; NULL with n > 0. */
static void fused(void)
{
    fxlt_rng rng = fxlt_rng_for("fused");
    uint32_t round, bad = 0;
    for (round = 0; round < FXLT_CASES(20000); round++) {
        fxl_laser ls[40];
        uint32_t bits[2];
        size_t n = fxlt_below(&rng, 41), i, hits = 99, want_hits = 0;
        fxl_result want = FXL_OK, got;
        fxl_aabb b;
        ls[0] = gen_laser(&rng, FXL_LASER_BOX);
        b = gen_box(&rng, &ls[0]);
        for (i = 0; i < n; i++) {
            ls[i] = i == 0 || fxlt_below(&rng, 3) == 0 ? ls[0] : gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            if (fxlt_below(&rng, 4) == 0) /* near the first laser */
                ls[i].pos = ls[0].pos, ls[i].angle = (fxl_angle)fxlt_below(&rng, 4096);
            if (fxlt_below(&rng, 50) == 0)
                ls[i].length = -1;
        }
        if (fxlt_below(&rng, 40) == 0) {
            fix16_t t = b.lo.x; /* inverted (when not flat) */
            b.lo.x = b.hi.x, b.hi.x = t;
        }
        for (i = 0; i < n; i++) {
            fxl_laser_prep p;
            fxl_result r = fxl_laser_prepare(&ls[i], &p);
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            if (r == FXL_OK && fxl_aabb_check(b) == FXL_OK && fxl_laser_vs_aabb(&p, b))
                want_hits++;
        }
        if (fxl_aabb_check(b) != FXL_OK)
            want = fxl_aabb_check(b);
        got = fxl_lasers_vs_aabb(ls, n, b, bits, &hits);
        if (got != want || hits != want_hits)
            bad++;
        for (i = 0; i < n; i++) {
            fxl_laser_prep p;
            bool h = fxl_laser_prepare(&ls[i], &p) == FXL_OK && fxl_aabb_check(b) == FXL_OK &&
                     fxl_laser_vs_aabb(&p, b);
            if (h != (((bits[i >> 5] >> (i & 31)) & 1u) != 0))
                bad++;
        }
    }
    {
        size_t hits = 7;
        fxl_aabb b = box_make(0, 0, 1, 1);
        CHECK_EQ(fxl_lasers_vs_aabb(NULL, 3, b, NULL, &hits), FXL_ERR_NULL);
        CHECK_EQ(hits, 0);
        CHECK_EQ(fxl_lasers_vs_aabb(NULL, 0, b, NULL, NULL), FXL_OK);
    }
    CHECK_EQ(bad, 0);
}

/* The fused call's own candidate stage (the inner disk's accept, the
 * exact test) against the reference directly: one laser a call, boxes
 * bisected to the fused call's own boundary along one of eight directions
 * (as boundary_pair, the fused call deciding), then that box and the one a
 * raw unit on; plus two boxes from gen_box (many near the beam's edges,
 * ends and corners, 0..64 px). */
static bool fused_one(const fxl_laser *l, fxl_aabb b)
{
    uint32_t bits[1] = {0};
    size_t hits = 0;
    fxl_lasers_vs_aabb(l, 1, b, bits, &hits);
    return hits == 1 && bits[0] == 1u;
}

static void fused_compare(box_tally *t, const fxl_laser *l, fxl_aabb b)
{
    bool got = fused_one(l, b), want = ref_laser_vs_aabb(l, b);
    t->cases++;
    t->hits += want;
    if (got != want) {
        t->disagree++;
        if (t->disagree <= 3)
            fxlt_printf("    fused disagree: kind %d anchor %d pos (%ld,%ld) angle %d len %ld hw %ld"
                        " frac %ld box (%ld,%ld)-(%ld,%ld): got %d\n",
                        (int)l->kind, (int)l->anchor, (long)l->pos.x, (long)l->pos.y,
                        (int)l->angle, (long)l->length, (long)l->half_width,
                        (long)l->hit_fraction, (long)b.lo.x, (long)b.lo.y, (long)b.hi.x,
                        (long)b.hi.y, (int)got);
    }
}

static void fused_reference(void)
{
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    fxlt_rng rng = fxlt_rng_for("fused_reference");
    box_tally t = {0, 0, 0, 0, 0};
    uint32_t target = FXLT_CASES(FXLT_BOX_CASES / 2);
    while (t.cases < target) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        const int *d = dirs[fxlt_below(&rng, 8)];
        fxl_aabb b = gen_box(&rng, &l), in, out;
        box_judge j;
        j.l = &l, j.p = NULL;
        fused_compare(&t, &l, b);
        fused_compare(&t, &l, gen_box(&rng, &l));
        if (!touching_pair(b, d, &j, &in, &out)) {
            t.skipped++;
            continue;
        }
        t.touching += 2;
        fused_compare(&t, &l, in);
        fused_compare(&t, &l, out);
    }
    report("fused laser vs aabb", &t);
}

/* The fused call's exact head (fxl__box_head_c; on the GBA also the
 * port's ARM fxl__box_head, bit for bit: code, offsets and ranges): its
 * yes and no equal the reference's, xy is box - pos, 3 exactly when an
 * offset lies outside [-2^30, 2^30); every outcome met. Boxes from
 * gen_box, half of them then moved to the single test's boundary along
 * one of eight directions (that box and the one a raw unit on, as
 * boundary_pair), one in eight moved about 2^30 away from pos. */
static void head_case(box_tally *t, uint32_t seen[4], const fxl_laser *l, const fxl_laser_prep *p, fxl_aabb b)
{
    int32_t xy[4];
    int64_t puv[4], off[4];
    int h = fxl__box_head_c(p, &b, xy, puv), i;
    bool wide = false;
    off[0] = (int64_t)b.lo.x - p->pos.x, off[1] = (int64_t)b.hi.x - p->pos.x;
    off[2] = (int64_t)b.lo.y - p->pos.y, off[3] = (int64_t)b.hi.y - p->pos.y;
    for (i = 0; i < 4; i++)
        wide = wide || off[i] < -((int64_t)1 << 30) || off[i] >= (int64_t)1 << 30;
    t->cases++;
    seen[h & 3]++;
    if (h < 0 || h > 3 || (h == 3) != wide)
        t->disagree++;
    else if (h != 3) {
        for (i = 0; i < 4; i++)
            if (xy[i] != off[i])
                t->disagree++;
        if (h != 2) {
            bool want = ref_laser_vs_aabb(l, b);
            t->hits += want;
            if ((h == 1) != want)
                t->disagree++;
        }
    }
#if FXL_PORT_LASERS_VS_CIRCLE
    {
        int32_t xy2[4];
        int64_t puv2[4];
        if (fxl__box_head(p, &b, xy2, puv2) != h)
            t->disagree++;
        else if (h != 3) {
            for (i = 0; i < 4; i++)
                if (xy2[i] != xy[i] || (h == 2 && puv2[i] != puv[i]))
                    t->disagree++;
        }
    }
#endif
}

static void box_head(void)
{
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    fxlt_rng rng = fxlt_rng_for("box_head");
    box_tally t = {0, 0, 0, 0, 0};
    uint32_t seen[4] = {0, 0, 0, 0}, target = FXLT_CASES(FXLT_BOX_CASES / 2);
    while (t.cases < target) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
        fxl_aabb b = gen_box(&rng, &l), s, out;
        fxl_laser_prep p;
        box_judge j;
        const int *d = dirs[fxlt_below(&rng, 8)];
        if (fxl_laser_prepare(&l, &p) != FXL_OK) {
            t.skipped++;
            continue;
        }
        if (fxlt_below(&rng, 8) == 0) {
            /* about 2^30 from pos along x or y (either sign): offsets on
             * either side of lean's range */
            int64_t k = ((int64_t)1 << 30) + fxlt_range(&rng, -PX(4), PX(4));
            int ax = (int)fxlt_below(&rng, 2), sg = fxlt_below(&rng, 2) != 0 ? 1 : -1;
            int64_t cx = ((int64_t)b.lo.x + b.hi.x) / 2, cy = ((int64_t)b.lo.y + b.hi.y) / 2;
            if (shifted(b, p.pos.x - cx + (ax == 0 ? sg * k : 0), 1, 0, &s) &&
                shifted(s, p.pos.y - cy + (ax == 1 ? sg * k : 0), 0, 1, &s))
                head_case(&t, seen, &l, &p, s);
            else
                t.skipped++;
            continue;
        }
        head_case(&t, seen, &l, &p, b);
        j.l = &l, j.p = &p;
        if (!touching_pair(b, d, &j, &s, &out)) {
            t.skipped++;
            continue;
        }
        t.touching += 2;
        head_case(&t, seen, &l, &p, s);
        head_case(&t, seen, &l, &p, out);
    }
    fxlt_printf("    box head outcomes: %lu no, %lu yes, %lu undecided, %lu wide offsets\n",
                (unsigned long)seen[0], (unsigned long)seen[1], (unsigned long)seen[2],
                (unsigned long)seen[3]);
    report("box head", &t);
    CHECK_COVER(seen[0] != 0 && seen[1] != 0 && seen[2] != 0 && seen[3] != 0);
#if FXL_PORT_LASERS_VS_CIRCLE
    {
        /* The port's routine against the C, many more cases than the
         * reference allows on the target (no reference calls). */
        uint32_t k, port_bad = 0;
        for (k = 0; k < 20000u; k++) {
            fxl_laser l = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            fxl_aabb b = gen_box(&rng, &l);
            fxl_laser_prep p;
            int32_t xy[4], xy2[4];
            int64_t puv[4], puv2[4];
            int h, i;
            if (fxl_laser_prepare(&l, &p) != FXL_OK)
                continue;
            h = fxl__box_head_c(&p, &b, xy, puv);
            if (fxl__box_head(&p, &b, xy2, puv2) != h)
                port_bad++;
            else if (h != 3)
                for (i = 0; i < 4; i++)
                    if (xy2[i] != xy[i] || (h == 2 && puv2[i] != puv[i]))
                        port_bad++;
        }
        fxlt_printf("    box head, ARM against C: 20000 cases, %lu differ\n", (unsigned long)port_bad);
        CHECK_EQ(port_bad, 0);
    }
#endif
}

/* A capsule's rounded ends (laser_aabb.c's lean_round: a box whose frame
 * image lies wholly beyond an end of the core along the beam asks that
 * end alone; issue 20's tails): capsules, boxes of 0..4 px started on an
 * end of the core (a point of the hitbox: within a raw unit and the
 * table's scale of it) and shifted along a random direction to the last
 * hit by the single test and one raw unit on (bisection), both against
 * the reference, by the single test and the fused call. */
static void capsule_ends(void)
{
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    fxlt_rng rng = fxlt_rng_for("laser_aabb.capsule_ends");
    box_tally t = {0, 0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(20000) > 0 ? FXLT_CASES(20000) : 1;
    for (i = 0; i < n; i++) {
        fxl_laser l = gen_laser(&rng, FXL_LASER_CAPSULE);
        fxl_laser_prep p = prep(l);
        const int *d = dirs[fxlt_below(&rng, 8)];
        /* the end: pos + F^T (u_e, 0) / 2^32 (Q16.16) */
        /* (within a few raw units: ue / 2^16 truncated, |c|, |s| <= 65537) */
        int64_t ue = (fxlt_below(&rng, 2) != 0 ? p.u_hi : p.u_lo) / 65536;
        int64_t ex = (int64_t)p.pos.x + (int64_t)p.cos * ue / 65536;
        int64_t ey = (int64_t)p.pos.y + (int64_t)p.sin * ue / 65536;
        int32_t hx = fxlt_range(&rng, 0, PX(4)), hy = fxlt_range(&rng, 0, PX(4));
        int64_t lo = 0, hi = (int64_t)1 << 26;
        fxl_aabb b, in, out;
        if (ex - hx < -FXL_COORD_MAX || ex + hx > FXL_COORD_MAX || ey - hy < -FXL_COORD_MAX ||
            ey + hy > FXL_COORD_MAX) {
            t.skipped++;
            continue;
        }
        b = box_make((fix16_t)(ex - hx), (fix16_t)(ey - hy), (fix16_t)(ex + hx), (fix16_t)(ey + hy));
        while (hi - lo > 1) {
            int64_t mid = lo + (hi - lo) / 2;
            if (shifted(b, mid, d[0], d[1], &in) && fxl_laser_vs_aabb(&p, in))
                lo = mid;
            else
                hi = mid;
        }
        if (!shifted(b, lo, d[0], d[1], &in) || !shifted(b, lo + 1, d[0], d[1], &out)) {
            t.skipped++;
            continue;
        }
        t.touching += 2;
        compare(&t, &l, &p, in);
        compare(&t, &l, &p, out);
        fused_compare(&t, &l, in);
        fused_compare(&t, &l, out);
    }
    report("capsule ends", &t);
    CHECK_COVER(t.touching > 0);
}

static const fxlt_case cases[] = {
    {"touching_cardinal", touching_cardinal},
    {"single_property", single_property},
    {"point_and_circle", point_and_circle},
    {"batch_and_collect", batch_and_collect},
    {"moving_property", moving_property},
    {"fused", fused},
    {"fused_reference", fused_reference},
    {"box_head", box_head},
    {"capsule_ends", capsule_ends},
};

const fxlt_suite fxlt_suite_laser_aabb = {"laser_aabb", cases, FXLT_COUNT(cases)};
