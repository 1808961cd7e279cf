/* test_laser.c - 2D box and capsule lasers: exact unit cases, errors,
 * drawing helpers, batch forms and the property tests. */
#include <math.h>

#include "gen.h"
#include "harness.h"
#include "oracle.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_laser_prep prep(fxl_laser l)
{
    fxl_laser_prep p;
    fxl_result res = fxl_laser_prepare(&l, &p);
    CHECK_EQ(res, FXL_OK);
    return p;
}

static bool hits(const fxl_laser_prep *p, fix16_t x, fix16_t y, fix16_t r)
{
    return fxl_laser_vs_circle(p, fxl_circle_make(x, y, r));
}

/* Rotates a frame offset (a, b) by a cardinal angle q*1024, exactly. */
static fxl_vec2 turn(int q, fix16_t a, fix16_t b)
{
    switch (q & 3) {
    case 0: return fxl_vec2_make(a, b);
    case 1: return fxl_vec2_make(-b, a);
    case 2: return fxl_vec2_make(-a, -b);
    default: return fxl_vec2_make(b, -a);
    }
}

/* Touching is a hit and one raw step further is a miss, on every side and
 * corner, at the four cardinal angles (where the table is exact). */
static void box_touching_cardinal(void)
{
    int q;
    for (q = 0; q < 4; q++) {
        fxl_vec2 o = fxl_vec2_make(PX(7), PX(-3));
        fxl_laser_prep p = prep(fxl_laser_from_emitter(FXL_LASER_BOX, o, q * 1024, PX(100), PX(10)));
        const fix16_t r = PX(5);
        /* (along, across) probes, each exactly touching; then one step out. */
        static const int32_t probe[][4] = {
            /* a, b, step a, step b */
            {50, 15, 0, 1},  {50, -15, 0, -1}, {105, 0, 1, 0}, {-5, 0, -1, 0},
            {0, 15, 0, 1},   {100, -15, 0, -1},
        };
        size_t i;
        for (i = 0; i < FXLT_COUNT(probe); i++) {
            fxl_vec2 d = turn(q, PX(probe[i][0]), PX(probe[i][1]));
            fxl_vec2 e = turn(q, PX(probe[i][0]) + probe[i][2], PX(probe[i][1]) + probe[i][3]);
            CHECK(hits(&p, o.x + d.x, o.y + d.y, r));
            CHECK(!hits(&p, o.x + e.x, o.y + e.y, r));
        }
        /* Corners: 3-4-5 triangles, exact in Q16. */
        {
            fxl_vec2 d = turn(q, PX(103), PX(14));
            fxl_vec2 e = turn(q, PX(-3), PX(-14));
            CHECK(hits(&p, o.x + d.x, o.y + d.y, r));
            CHECK(!hits(&p, o.x + d.x, o.y + d.y, r - 1));
            CHECK(hits(&p, o.x + e.x, o.y + e.y, r));
            CHECK(!hits(&p, o.x + e.x, o.y + e.y, r - 1));
            /* Where the frame test's corner-free shortcut (d_w <= w + r and
             * d_l <= l + r) would wrongly say hit. */
            d = turn(q, PX(104), PX(14));
            CHECK(!hits(&p, o.x + d.x, o.y + d.y, r));
        }
    }
}

static void capsule_touching_cardinal(void)
{
    int q;
    for (q = 0; q < 4; q++) {
        fxl_vec2 o = fxl_vec2_make(PX(-20), PX(30));
        fxl_laser_prep p =
            prep(fxl_laser_from_emitter(FXL_LASER_CAPSULE, o, q * 1024, PX(60), PX(2)));
        fxl_vec2 cap = turn(q, PX(63), PX(4));   /* 5 from the end: 2 + 3 */
        fxl_vec2 back = turn(q, PX(-4), PX(-3)); /* 5 from the start */
        fxl_vec2 side = turn(q, PX(30), PX(-5));
        CHECK(hits(&p, o.x + cap.x, o.y + cap.y, PX(3)));
        CHECK(!hits(&p, o.x + cap.x, o.y + cap.y, PX(3) - 1));
        CHECK(hits(&p, o.x + back.x, o.y + back.y, PX(3)));
        CHECK(!hits(&p, o.x + back.x, o.y + back.y, PX(3) - 1));
        CHECK(hits(&p, o.x + side.x, o.y + side.y, PX(3)));
        CHECK(!hits(&p, o.x + side.x, o.y + side.y, PX(3) - 1));
        /* The square corner a box would have is not part of a capsule. */
        side = turn(q, PX(62), PX(4));
        CHECK(!hits(&p, o.x + side.x, o.y + side.y, PX(1)));
        CHECK(fxl_laser_vs_point(&p, fxl_vec2_make(o.x + side.x, o.y + side.y)) == false);
    }
}

/* At the neighbours of the cardinal angles the table is not exact: find the
 * smallest radius the library calls a hit and check the references agree
 * that it touches and one raw step less does not. */
static void touching_neighbour_angles(void)
{
    static const int angles[] = {1, 1023, 1025, 2047, 2049, 3071, 3073, 4095, 511, 513};
    static const int32_t probe[][2] = {{50, 30}, {130, 3}, {-20, -1}, {120, 25}, {-15, -20}};
    size_t ai, pi;
    int kind;
    for (kind = 0; kind < 2; kind++) {
        for (ai = 0; ai < FXLT_COUNT(angles); ai++) {
            fxl_laser l = fxl_laser_from_emitter((fxl_laser_kind)kind, fxl_vec2_make(PX(3), PX(-2)),
                                                angles[ai], PX(100), PX(6));
            fxl_laser_prep p = prep(l);
            ref_laser L = ref_laser_build(&l);
            for (pi = 0; pi < FXLT_COUNT(probe); pi++) {
                fxl_vec2 at = fxl_vec2_make(PX(3) + PX(probe[pi][0]), PX(-2) + PX(probe[pi][1]));
                fix16_t lo = 0, hi = PX(200);
                double m_hit, m_miss;
                CHECK(hits(&p, at.x, at.y, hi));
                while (lo < hi) {
                    fix16_t mid = lo + (hi - lo) / 2;
                    if (hits(&p, at.x, at.y, mid))
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                if (lo == 0)
                    continue; /* inside */
                m_hit = ref_laser_circle(&L, ref_px(at.x), ref_px(at.y), ref_px(lo));
                m_miss = ref_laser_circle(&L, ref_px(at.x), ref_px(at.y), ref_px(lo - 1));
                CHECK(m_hit <= 1e-9);
                CHECK(m_miss > -1e-9);
                /* and exactly, ties included */
                CHECK(orc_laser_vs_circle(&l, fxl_circle_make(at.x, at.y, lo)));
                CHECK(!orc_laser_vs_circle(&l, fxl_circle_make(at.x, at.y, lo - 1)));
            }
        }
    }
}

static void zero_sizes(void)
{
    fxl_vec2 o = fxl_vec2_make(PX(10), PX(10));
    fxl_laser_prep dot = prep(fxl_laser_from_emitter(FXL_LASER_BOX, o, 300, 0, 0));
    fxl_laser_prep line = prep(fxl_laser_from_emitter(FXL_LASER_BOX, o, 0, PX(50), 0));
    fxl_laser_prep disk = prep(fxl_laser_from_emitter(FXL_LASER_CAPSULE, o, 2048, 0, PX(5)));
    CHECK(fxl_laser_vs_point(&dot, o));
    CHECK(!fxl_laser_vs_point(&dot, fxl_vec2_make(o.x + 1, o.y)));
    CHECK(hits(&dot, o.x + PX(3), o.y + PX(4), PX(5)));
    CHECK(!hits(&dot, o.x + PX(3), o.y + PX(4), PX(5) - 1));
    CHECK(hits(&dot, o.x, o.y, 0)); /* zero radius on a zero laser: touching */
    CHECK(fxl_laser_vs_point(&line, fxl_vec2_make(o.x + PX(50), o.y)));
    CHECK(!fxl_laser_vs_point(&line, fxl_vec2_make(o.x + PX(50), o.y + 1)));
    CHECK(!fxl_laser_vs_point(&line, fxl_vec2_make(o.x + PX(50) + 1, o.y)));
    CHECK(hits(&line, o.x + PX(25), o.y - PX(2), PX(2)));
    CHECK(!hits(&line, o.x + PX(25), o.y - PX(2) - 1, PX(2)));
    CHECK(hits(&disk, o.x + PX(3), o.y + PX(4), 0));
    CHECK(!hits(&disk, o.x + PX(3), o.y + PX(4) + 1, 0));
}

static void hit_fraction_and_anchor(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(10));
    fxl_laser_prep p, q;
    fxlt_rng rng = fxlt_rng_for("hit_fraction_and_anchor");
    int i;
    l.hit_fraction = fix16_one / 2;
    p = prep(l);
    CHECK(fxl_laser_vs_point(&p, fxl_vec2_make(PX(50), PX(5))));
    CHECK(!fxl_laser_vs_point(&p, fxl_vec2_make(PX(50), PX(5) + 1)));
    l.hit_fraction = 0;
    p = prep(l);
    CHECK(fxl_laser_vs_point(&p, fxl_vec2_make(PX(50), 0)));
    CHECK(!fxl_laser_vs_point(&p, fxl_vec2_make(PX(50), 1)));
    /* The same beam anchored at its emitter or at its middle. Only at the
     * cardinal angles is 50 * (cos, sin) exactly 50 px along the beam frame
     * (elsewhere the table vector's length differs from 1 by ~1e-5). */
    for (i = 0; i < 2000; i++) {
        fxl_angle a = (fxl_angle)(fxlt_below(&rng, 4) * 1024u);
        fxl_vec2 dir = fxl_dir(a);
        fxl_circle k;
        fxl_laser c;
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), a, PX(100), PX(4));
        c = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(dir.x * 50, dir.y * 50), a,
                                  PX(50), PX(4));
        p = prep(l);
        q = prep(c);
        k.c.x = fxlt_range(&rng, PX(-80), PX(80));
        k.c.y = fxlt_range(&rng, PX(-80), PX(80));
        k.r = fxlt_range(&rng, 0, PX(8));
        /* The middle sits exactly 50*(cos, sin) from the emitter. */
        CHECK(fxl_laser_vs_circle(&p, k) == fxl_laser_vs_circle(&q, k));
    }
}

static void error_codes(void)
{
    fxl_laser good = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
    fxl_laser l;
    fxl_laser_prep p;
    int i;

    CHECK_EQ(fxl_laser_prepare(NULL, &p), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_prepare(&good, NULL), FXL_ERR_NULL);
    l = good, l.kind = (fxl_laser_kind)7;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_KIND);
    l = good, l.anchor = (fxl_laser_anchor)2;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_ANCHOR);
    l = good, l.pos.x = FXL_COORD_MAX + 1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_COORD_RANGE);
    l = good, l.pos.y = -FXL_COORD_MAX - 1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_COORD_RANGE);
    l = good, l.pos.x = FXL_COORD_MAX, l.pos.y = -FXL_COORD_MAX;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_OK);
    l = good, l.length = -1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_LENGTH_NEGATIVE);
    l = good, l.length = FXL_SIZE_MAX + 1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_LENGTH_RANGE);
    l = good, l.length = FXL_SIZE_MAX;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_OK);
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, INT32_MAX, PX(1));
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_LENGTH_RANGE);
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, INT32_MIN, PX(1));
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_LENGTH_NEGATIVE);
    l = good, l.half_width = -1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_WIDTH_NEGATIVE);
    l = good, l.half_width = FXL_SIZE_MAX + 1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_WIDTH_RANGE);
    l = good, l.hit_fraction = -1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_FRACTION_RANGE);
    l = good, l.hit_fraction = fix16_one + 1;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_ERR_FRACTION_RANGE);

    CHECK_EQ(fxl_circle_check(fxl_circle_make(0, 0, 0)), FXL_OK);
    CHECK_EQ(fxl_circle_check(fxl_circle_make(FXL_COORD_MAX + 1, 0, 0)), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_circle_check(fxl_circle_make(0, INT32_MIN, 0)), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_circle_check(fxl_circle_make(0, 0, -1)), FXL_ERR_RADIUS_NEGATIVE);
    CHECK_EQ(fxl_circle_check(fxl_circle_make(0, 0, FXL_SIZE_MAX + 1)), FXL_ERR_RADIUS_RANGE);

    for (i = 0; i < (int)FXL_ERR_COUNT_; i++) {
        const char *name = fxl_result_name((fxl_result)i);
        CHECK(name[0] == 'F' && name[1] == 'X' && name[2] == 'L' && name[3] == '_');
    }
    CHECK(fxl_result_name((fxl_result)99)[8] == 'U');
}

static void quad_and_ends(void)
{
    fxl_vec2 q[4], s, e;
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(1), PX(2)), 0, PX(100),
                                        PX(8));
    l.hit_fraction = fix16_one / 4; /* drawing uses the full width */
    fxl_laser_quad(&l, q);
    CHECK(q[0].x == PX(1) && q[0].y == PX(-6));
    CHECK(q[1].x == PX(101) && q[1].y == PX(-6));
    CHECK(q[2].x == PX(101) && q[2].y == PX(10));
    CHECK(q[3].x == PX(1) && q[3].y == PX(10));
    l = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 1024, PX(20), PX(3));
    fxl_laser_ends(&l, &s, &e);
    CHECK(s.x == 0 && s.y == PX(-20) && e.x == 0 && e.y == PX(20));
    fxl_laser_quad(&l, q);
    CHECK(q[0].x == PX(3) && q[0].y == PX(-20)); /* left of a downward beam is +x */
    /* At any angle the quad's corners lie within a raw step or two of the
     * exact rotated rectangle built from the table direction. */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(5), PX(5)), 333, PX(200), PX(6));
    fxl_laser_quad(&l, q);
    {
        double c = ref_cos_q16(333) / 65536.0, sn = ref_sin_q16(333) / 65536.0;
        double ex = 5.0 + 200.0 * c + 6.0 * sn, ey = 5.0 + 200.0 * sn - 6.0 * c;
        CHECK(fabs(ref_px(q[1].x) - ex) <= 1.0 / 65536.0);
        CHECK(fabs(ref_px(q[1].y) - ey) <= 1.0 / 65536.0);
    }
}

static void batch_matches_single(void)
{
    static fxl_circle circles[1000] FXL_EWRAM_BSS;
    static uint32_t bits[(1000 + 31) / 32];
    static size_t idx[1000] FXL_EWRAM_BSS;
    fxlt_rng rng = fxlt_rng_for("batch_matches_single");
    int round;
    for (round = 0; round < 20; round++) {
        fxl_laser l = gen_laser(&rng, (fxl_laser_kind)(round & 1));
        fxl_laser_prep p = prep(l);
        size_t n = 1 + fxlt_below(&rng, 1000), i, count = 0, got, cap = fxlt_below(&rng, 40);
        for (i = 0; i < n; i++) {
            fxl_vec2 at = gen_point_near(&rng, &l);
            circles[i] = fxl_circle_make(at.x, at.y, fxlt_range(&rng, 0, PX(6)));
        }
        got = fxl_laser_vs_circles(&p, circles, n, bits);
        for (i = 0; i < n; i++) {
            bool h = fxl_laser_vs_circle(&p, circles[i]);
            count += h;
            CHECK(((bits[i >> 5] >> (i & 31)) & 1u) == (h ? 1u : 0u));
        }
        CHECK_EQ(got, count);
        if (n % 32 != 0)
            CHECK_EQ(bits[n >> 5] >> (n & 31), 0);
        CHECK_EQ(fxl_laser_vs_circles(&p, circles, n, NULL), count);
        CHECK_EQ(fxl_laser_collect(&p, circles, n, idx, cap), count);
        for (i = 0, got = 0; i < n && got < cap; i++)
            if (fxl_laser_vs_circle(&p, circles[i]))
                CHECK_EQ(idx[got++], i);
    }
    {
        fxl_laser_prep p = prep(fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, 0, 0));
        CHECK_EQ(fxl_laser_vs_circles(&p, NULL, 0, NULL), 0);
        CHECK_EQ(fxl_laser_collect(&p, NULL, 0, NULL, 0), 0);
    }
}

/* Pythagorean triples (a, b, c): a corner offset (a k, b k) is exactly c k
 * away. (0, 1, 1) puts the point straight off the corner. */
static const int32_t triples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}, {0, 1, 1}};

/* Turns l into a laser the table describes exactly (a cardinal angle,
 * hit_fraction 1, an even length about a middle, game-sized) and returns a
 * circle (radius 0 for a point) exactly touching its hitbox at a side, an
 * end or a corner, or moved one raw unit outwards (*want false) or inwards
 * (*want true). */
static fxl_circle exact_touch(fxlt_rng *rng, fxl_laser *l, bool point, bool *want)
{
    int q = (int)fxlt_below(rng, 4), feature = (int)fxlt_below(rng, 8), nudge;
    const int32_t *t = triples[fxlt_below(rng, FXLT_COUNT(triples))];
    int64_t k = fxlt_range(rng, 0, 1 << 16), a0, a1, wb, reach, u, v, su, sv;
    fix16_t r = 0;
    fxl_vec2 d;
    l->angle = q * 1024 + 4096 * (int32_t)fxlt_range(rng, -2, 2); /* any turn count */
    l->hit_fraction = fix16_one;
    l->pos.x /= 64, l->pos.y /= 64;
    l->length = (l->length % (1 << 27)) & ~1;
    l->half_width %= 1 << 22;
    if (point && l->kind == FXL_LASER_CAPSULE)
        l->half_width = (fix16_t)(t[2] * k); /* the reach is the rounding */
    else if (point)
        k = 0; /* a box's own edges and corners */
    a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -l->length / 2;
    a1 = a0 + l->length;
    wb = l->kind == FXL_LASER_BOX ? l->half_width : 0;
    if (!point) {
        /* The reach t[2] k = rounding + r, at least the rounding. */
        int64_t round = l->kind == FXL_LASER_BOX ? 0 : l->half_width;
        k += (round + t[2] - 1) / t[2];
        r = (fix16_t)(t[2] * k - round);
    }
    reach = t[2] * k;
    su = fxlt_below(rng, 2) ? 1 : -1; /* the side of the beam */
    sv = fxlt_below(rng, 2) ? 1 : -1;
    if (feature < 2) { /* a long side: u anywhere along the core */
        u = a0 + fxlt_range(rng, 0, (int32_t)(a1 - a0));
        v = sv * (wb + reach);
    } else if (feature < 4) { /* an end: v anywhere across it */
        u = su > 0 ? a1 + reach : a0 - reach;
        v = fxlt_range(rng, (int32_t)-wb, (int32_t)wb);
    } else { /* a corner, the triple's legs either way round */
        bool swap = (feature & 1) != 0;
        u = su > 0 ? a1 + t[swap ? 1 : 0] * k : a0 - t[swap ? 1 : 0] * k;
        v = sv * (wb + t[swap ? 0 : 1] * k);
    }
    /* One raw unit out along u (ends, corners) or v (sides), or in; then
     * the answer from the frame distance to the core, axis-aligned here. */
    nudge = (int)fxlt_range(rng, -1, 1);
    if (feature < 2)
        v += sv * nudge;
    else
        u += su * nudge;
    {
        int64_t du = u < a0 ? a0 - u : u > a1 ? u - a1 : 0;
        int64_t dv = v < -wb ? -wb - v : v > wb ? v - wb : 0;
        *want = du * du + dv * dv <= reach * reach;
    }
    d = turn(q, (fix16_t)u, (fix16_t)v);
    return fxl_circle_make(l->pos.x + d.x, l->pos.y + d.y, r);
}

static void property(fxl_laser_kind kind, const char *name, bool points)
{
    fxlt_rng rng = fxlt_rng_for(name);
    fxlt_tally t = FXLT_TALLY_ZERO;
    uint32_t i, n = FXLT_CASES(1000000), oracle_bad = 0, built = 0, built_bad = 0;
    fxl_laser l = gen_laser(&rng, kind);
    fxl_laser_prep p = prep(l);
    ref_laser L = ref_laser_build(&l);

    for (i = 0; i < n; i++) {
        bool near = (i & 1) != 0, got, exact;
        fxl_circle c;
        if ((i & 15) == 0) { /* a fresh laser every 16 circles */
            l = gen_laser(&rng, points ? (fxl_laser_kind)fxlt_below(&rng, 2) : kind);
            p = prep(l);
            L = ref_laser_build(&l);
        }
        if ((i & 7) == 7) {
            /* One case in eight built to touch exactly (or miss or overlap
             * by a raw unit), on its own laser. */
            fxl_laser e = l;
            fxl_laser_prep ep;
            ref_laser eL;
            double m;
            bool want;
            c = exact_touch(&rng, &e, points, &want);
            ep = prep(e);
            eL = ref_laser_build(&e);
            got = points ? fxl_laser_vs_point(&ep, c.c) : fxl_laser_vs_circle(&ep, c);
            exact = orc_laser_vs_circle(&e, c);
            m = ref_laser_circle(&eL, ref_px(c.c.x), ref_px(c.c.y), ref_px(c.r));
            built++;
            built_bad += exact != want;
            tally_add(&t, got, m, true, exact);
            oracle_bad += got != exact;
            continue;
        }
        c.c = gen_point_near(&rng, &l);
        if (points) {
            if (near)
                c.c = gen_point_on_boundary(&rng, &L);
            c.r = 0;
            got = fxl_laser_vs_point(&p, c.c);
        } else {
            c.r = gen_radius(&rng, &L, c.c, near);
            got = fxl_laser_vs_circle(&p, c);
        }
        /* The oracle is exact everywhere: it decides the close cases and
         * checks every other. */
        exact = orc_laser_vs_circle(&l, c);
        tally_add(&t, got, ref_laser_circle(&L, ref_px(c.c.x), ref_px(c.c.y), ref_px(c.r)),
                  near, exact);
        oracle_bad += got != exact;
    }
    tally_report(name, &t);
    fxlt_printf("    %s: %u built to touch exactly or by one raw unit (%u where the oracle "
                "disagrees with the construction), %u disagreements with the exact oracle\n",
                name, built, built_bad, oracle_bad);
    CHECK_EQ(built_bad, 0);
    CHECK_EQ(oracle_bad, 0);
    CHECK_EQ(orc_faults(), 0);
}

static void box_vs_circle_property(void)
{
    property(FXL_LASER_BOX, "box laser vs circle", false);
}

static void capsule_vs_circle_property(void)
{
    property(FXL_LASER_CAPSULE, "capsule laser vs circle", false);
}

static void point_in_laser_property(void)
{
    property(FXL_LASER_BOX, "point in laser", true);
}

/* Breaks one field of a laser so that fxl_laser_prepare refuses it. */
static void spoil(fxlt_rng *rng, fxl_laser *l)
{
    switch (fxlt_below(rng, 8)) {
    case 0: l->kind = (fxl_laser_kind)3; break;
    case 1: l->anchor = (fxl_laser_anchor)-1; break;
    case 2: l->pos.x = FXL_COORD_MAX + 1; break;
    case 3: l->pos.y = INT32_MIN; break;
    case 4: l->length = fxlt_below(rng, 2) ? -1 : FXL_SIZE_MAX + 1; break;
    case 5: l->half_width = fxlt_below(rng, 2) ? INT32_MIN : FXL_SIZE_MAX + 1; break;
    default: l->hit_fraction = fxlt_below(rng, 2) ? -1 : fix16_one + 1; break;
    }
}

/* The smallest radius at which the prepared laser touches the point. */
static fix16_t touching(const fxl_laser_prep *p, fxl_vec2 at)
{
    fix16_t lo = 0, hi = FXL_SIZE_MAX;
    if (!hits(p, at.x, at.y, hi))
        return hi;
    while (lo < hi) {
        fix16_t mid = lo + (hi - lo) / 2;
        if (hits(p, at.x, at.y, mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* fxl_lasers_vs_circle (fused) equals fxl_laser_prepare +
 * fxl_laser_vs_circle and the oracle for every laser, refused lasers clear
 * their bit and the first refusal is returned. Half of the circles sit at
 * one laser's touching radius or one raw step inside it. */
static void fused_matches_prepare(void)
{
    static fxl_laser lasers[64] FXL_EWRAM_BSS;
    static uint32_t bits[2];
    fxlt_rng rng = fxlt_rng_for("lasers_fused");
    uint32_t pairs = 0, target = FXLT_CASES(1000000), bad = 0, oracle_bad = 0, hit_count = 0;
    uint32_t round = 0;
    while (pairs < target) {
        size_t n = 1 + fxlt_below(&rng, 64), i, count = 0, hits_got = 99;
        bool spoiled = fxlt_below(&rng, 4) == 0;
        size_t j = fxlt_below(&rng, (uint32_t)n);
        fxl_result want, got;
        fxl_laser_prep pj;
        fxl_vec2 at;
        fxl_circle c;
        for (i = 0; i < n; i++) {
            lasers[i] = gen_laser(&rng, (fxl_laser_kind)fxlt_below(&rng, 2));
            if (spoiled && i != j && fxlt_below(&rng, 8) == 0)
                spoil(&rng, &lasers[i]);
        }
        CHECK_EQ(fxl_laser_prepare(&lasers[j], &pj), FXL_OK);
        at = gen_point_near(&rng, &lasers[j]);
        c = fxl_circle_make(at.x, at.y, 0);
        switch (round++ & 3) {
        case 0: c.r = touching(&pj, at); break;
        case 1: c.r = touching(&pj, at); c.r -= c.r > 0; break;
        case 2: c.r = fxlt_range(&rng, 0, PX(16)); break;
        default: c.r = fxlt_below(&rng, 64) == 0 ? -1 : fxlt_range(&rng, 0, FXL_SIZE_MAX); break;
        }
        bits[0] = bits[1] = 0x5A5A5A5Au;
        got = fxl_lasers_vs_circle(lasers, n, c, bits, &hits_got);
        want = fxl_circle_check(c);
        for (i = 0; i < n; i++) {
            fxl_laser_prep lp;
            fxl_result res = fxl_laser_prepare(&lasers[i], &lp);
            bool h = res == FXL_OK && c.r >= 0 && fxl_laser_vs_circle(&lp, c);
            bool b = ((bits[i >> 5] >> (i & 31)) & 1u) != 0;
            if (res != FXL_OK && want == FXL_OK)
                want = res;
            count += h;
            bad += b != h;
            if (res == FXL_OK && c.r >= 0)
                oracle_bad += h != orc_laser_vs_circle(&lasers[i], c);
        }
        if (n % 32 != 0)
            CHECK_EQ(bits[n >> 5] >> (n & 31), 0);
        CHECK_EQ(got, want);
        CHECK_EQ(hits_got, count);
        CHECK_EQ(fxl_lasers_vs_circle(lasers, n, c, NULL, NULL), want);
        pairs += (uint32_t)n;
        hit_count += (uint32_t)count;
    }
    fxlt_printf("    fused lasers: %u laser-circle pairs (%u hits), %u bits differ from prepare "
                "+ test, %u disagreements with the oracle\n", pairs, hit_count, bad, oracle_bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(oracle_bad, 0);
}

/* Issue 14's repros. Out-of-domain circles: the checked build reports the
 * precondition, the arithmetic stays defined (test-san), and the fused call
 * returns the circle's code with nothing hit. Drawing: any int32 length or
 * width, each coordinate rounded or saturated. Collect: size_t indices. */
static void issue14_repros(void)
{
    uint32_t seen;
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(PX(-100), 0), 0, PX(200), PX(4));
    fxl_laser_prep p = prep(l);
    fxl_circle wild[3];
    fxl_vec2 q[4], s, e;
    size_t idx[3], count = 7;
    uint32_t bits = 0xFFFFFFFFu;

    wild[0] = fxl_circle_make(INT32_MIN, 0, PX(1));
    wild[1] = fxl_circle_make(INT32_MIN, INT32_MIN, INT32_MAX);
    wild[2] = fxl_circle_make(INT32_MAX, INT32_MAX, INT32_MIN);
    seen = fxlt_asserts_seen();
    fxlt_expect_asserts(true);
    (void)fxl_laser_vs_circle(&p, wild[0]);
    (void)fxl_laser_vs_circle(&p, wild[1]);
    (void)fxl_laser_vs_point(&p, wild[1].c);
    (void)fxl_laser_vs_circles(&p, wild, 3, NULL);
    CHECK(fxl_laser_collect(&p, wild, 3, idx, 3) <= 3);
    CHECK(fxlt_asserts_seen() - seen >= 2); /* the checked build names the broken precondition */
    fxlt_expect_asserts(false);
    CHECK_EQ(fxl_lasers_vs_circle(&l, 1, wild[0], &bits, &count), FXL_ERR_COORD_RANGE);
    CHECK(bits == 0 && count == 0);
    CHECK_EQ(fxl_lasers_vs_circle(&l, 1, wild[2], &bits, &count), FXL_ERR_COORD_RANGE);

    /* a half-width beyond 2^30: the corners below y = INT32_MIN saturate */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, PX(-100)), 0, PX(10), INT32_MAX);
    fxl_laser_quad(&l, q);
    CHECK(q[0].x == 0 && q[0].y == INT32_MIN && q[1].x == PX(10) && q[1].y == INT32_MIN);
    CHECK(q[2].x == PX(10) && q[2].y == INT32_MAX - PX(100) && q[3].x == 0 && q[3].y == q[2].y);
    l.half_width = INT32_MIN; /* negative: the sides swap, saturated */
    fxl_laser_quad(&l, q);
    CHECK(q[0].y == INT32_MAX - PX(100) + 1 && q[2].y == INT32_MIN);
    /* a length beyond 2^30: exact while it fits, saturated beyond */
    l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, 0x40000001, PX(1));
    fxl_laser_ends(&l, &s, &e);
    CHECK(s.x == 0 && s.y == 0 && e.x == 0x40000001 && e.y == 0);
    l.pos.x = PX(100), l.length = INT32_MAX;
    fxl_laser_ends(&l, &s, &e);
    CHECK(s.x == PX(100) && e.x == INT32_MAX && e.y == 0);
    l.angle = 2048;
    fxl_laser_ends(&l, &s, &e);
    CHECK(e.x == PX(100) - INT32_MAX && e.y == 0);
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(INT32_MIN, INT32_MAX), 1024, INT32_MAX, 0);
    fxl_laser_ends(&l, &s, &e); /* the length saturated to INT32_MAX, the ends past int32 */
    CHECK(s.x == INT32_MIN && (s.y == INT32_MAX / 2 || s.y == INT32_MAX / 2 + 1)); /* a tie */
    CHECK(e.x == INT32_MIN && e.y == INT32_MAX);

#if FXLT_PROPERTY_DIVISOR == 1
    {
        /* collect past 65,536 circles: indices are size_t (host only: the
         * GBA's RAM does not hold the 787 KB of circles) */
        enum { N = 65536 + 64 };
        static fxl_circle many[N];
        size_t i, got[4];
        l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(10), PX(1));
        p = prep(l);
        for (i = 0; i < N; i++)
            many[i] = fxl_circle_make(PX(-50), 0, PX(1)); /* behind the emitter: misses */
        many[3].c.x = many[65536].c.x = many[65537 + 20].c.x = many[N - 1].c.x = PX(5);
        CHECK_EQ(fxl_laser_collect(&p, many, N, got, 4), 4);
        CHECK(got[0] == 3 && got[1] == 65536 && got[2] == 65557 && got[3] == N - 1);
        CHECK_EQ(fxl_laser_vs_circles(&p, many, N, NULL), 4);
    }
#endif
}

static const fxlt_case cases[] = {
    {"box_touching_cardinal", box_touching_cardinal},
    {"capsule_touching_cardinal", capsule_touching_cardinal},
    {"touching_neighbour_angles", touching_neighbour_angles},
    {"zero_sizes", zero_sizes},
    {"hit_fraction_and_anchor", hit_fraction_and_anchor},
    {"error_codes", error_codes},
    {"quad_and_ends", quad_and_ends},
    {"batch_matches_single", batch_matches_single},
    {"box_vs_circle_property", box_vs_circle_property},
    {"capsule_vs_circle_property", capsule_vs_circle_property},
    {"point_in_laser_property", point_in_laser_property},
    {"fused_matches_prepare", fused_matches_prepare},
    {"issue14_repros", issue14_repros},
};

const fxlt_suite fxlt_suite_laser = {"laser", cases, FXLT_COUNT(cases)};
