/* test_cast_aabb.c - casts against boxes (cast.h, issue 23): exact unit
 * cases (side, corner, grazing along a side, start inside, ties, the
 * length's end); random beams and boxes against the independent reference
 * (ref_cast_aabb.c), with boxes grown to the least size the beam touches
 * and one raw unit less, and lengths at floor(u*) and one more, for the
 * centre line, box lasers' and capsule lasers' FXL_CAST_WIDTH (capsules
 * against ref_box_capsule's floor(u*)); capsules whose end disc touches
 * a face or a corner at or about a whole u (the guess's quick floor);
 * errors.
 * FXLT_BOX_CAST_CASES sets the reference run's size. */
#include "harness.h"
#include "ref_cast_aabb.h"

#include "../src/cast_width.h" /* fxl__cap_quick_count */

#ifndef FXLT_BOX_CAST_CASES
#define FXLT_BOX_CAST_CASES 30000
#endif

#define PX(v) ((fix16_t)((v) * 65536))
#define MAXB 16

static fxl_aabb box4(int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make((fix16_t)x0, (fix16_t)y0);
    b.hi = fxl_vec2_make((fix16_t)x1, (fix16_t)y1);
    return b;
}

static fxl_laser beam(int64_t x, int64_t y, fxl_angle a, fix16_t len)
{
    return fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make((fix16_t)x, (fix16_t)y), a, len, PX(2));
}

static unsigned FLAGS; /* 0 or FXL_CAST_WIDTH: the flags cast() passes */
static bool CAPSULE;   /* the generated lasers are capsules */

static fxl_cast cast(const fxl_laser *l, const fxl_aabb *b, size_t n)
{
    fxl_cast c;
    fxl_laser cl;
    CHECK_EQ(fxl_laser_cast_aabbs(l, b, n, FLAGS, &c, &cl), FXL_OK);
    CHECK_EQ(cl.length, c.length);
    return c;
}

static void unit_cases(void)
{
    fxl_laser l = beam(0, 0, 0, PX(100)), cl;
    fxl_aabb b[3];
    fxl_cast c;
    b[0] = box4(PX(10), PX(-1), PX(20), PX(1));
    c = cast(&l, b, 1);
    CHECK(c.length == PX(10) && c.wall == 0 && c.point.x == PX(10) && c.point.y == 0);
    b[0] = box4(PX(10), 0, PX(20), PX(5)); /* along its side: stops at the corner */
    c = cast(&l, b, 1);
    CHECK(c.length == PX(10) && c.wall == 0);
    b[0] = box4(PX(10), 1, PX(20), PX(5)); /* one raw unit off */
    c = cast(&l, b, 1);
    CHECK(c.length == PX(100) && c.wall == -1 && c.point.x == PX(100));
    b[0] = box4(PX(-1), PX(-1), PX(1), PX(1)); /* starts inside */
    c = cast(&l, b, 1);
    CHECK(c.length == 0 && c.wall == 0);
    b[0] = box4(0, 0, 0, 0); /* a point box at the emitter */
    c = cast(&l, b, 1);
    CHECK(c.length == 0 && c.wall == 0);
    b[0] = box4(PX(100), PX(-1), PX(120), PX(1)); /* at the end */
    c = cast(&l, b, 1);
    CHECK(c.length == PX(100) && c.wall == 0);
    b[0] = box4(PX(100) + 1, PX(-1), PX(120), PX(1));
    c = cast(&l, b, 1);
    CHECK(c.wall == -1);
    /* A tie: the lower index; a nearer later box wins. */
    b[0] = box4(PX(30), PX(-1), PX(40), PX(1));
    b[1] = box4(PX(30), PX(0), PX(35), PX(3));
    b[2] = box4(PX(29), PX(-9), PX(29), PX(-1));
    c = cast(&l, b, 2);
    CHECK(c.length == PX(30) && c.wall == 0);
    b[2] = box4(PX(25), PX(0), PX(25), PX(0));
    c = cast(&l, b, 3);
    CHECK(c.length == PX(25) && c.wall == 2);
    /* A diagonal beam through a box's corner exactly: (1, 1) / sqrt 2 at
     * 512 steps: cos = sin = 46341; the corner (46341, 46341) raw is at
     * u = 65536 exactly. */
    l = beam(0, 0, 512, PX(100));
    CHECK(fxl_cos(512) == 46341 && fxl_sin(512) == 46341);
    b[0] = box4(46341, 46341, PX(9), PX(9));
    c = cast(&l, b, 1);
    CHECK(c.length == 65536 && c.wall == 0);
    b[0] = box4(46342, 46341, PX(9), PX(9));
    c = cast(&l, b, 1);
    CHECK(c.wall == 0 && c.length > 65536);
    b[0] = box4(46342, 0, PX(9), 46342); /* below the line: meets it at (46342, 46342) */
    c = cast(&l, b, 1);
    CHECK(c.wall == 0 && c.length == 65537); /* u* = 65536 * 46342 / 46341 */
    b[0] = box4(46342, 0, PX(9), 46341); /* one raw unit lower: the beam passes its corner */
    c = cast(&l, b, 1);
    CHECK(c.wall == -1);
    /* The width (box lasers): a 2 px half-width rectangle along +x from
     * (0, 0) meets a box whose bottom is 2 px up at its left end; 2 px and
     * one raw unit up, it passes; a corner just inside the strip. */
    l = beam(0, 0, 0, PX(100));
    FLAGS = FXL_CAST_WIDTH;
    b[0] = box4(PX(10), PX(2), PX(20), PX(5));
    c = cast(&l, b, 1);
    CHECK(c.length == PX(10) && c.wall == 0);
    b[0] = box4(PX(10), PX(2) + 1, PX(20), PX(5));
    c = cast(&l, b, 1);
    CHECK(c.wall == -1 && c.length == PX(100));
    b[0] = box4(PX(-5), PX(-9), PX(5), PX(-2)); /* beside the emitter: the cross-section touches */
    c = cast(&l, b, 1);
    CHECK(c.length == 0 && c.wall == 0);
    b[0] = box4(PX(-5), PX(-9), PX(-1), PX(9)); /* behind the emitter */
    c = cast(&l, b, 1);
    CHECK(c.wall == -1);
    FLAGS = 0;
    /* Errors, NULL, an empty list. */
    CHECK_EQ(fxl_laser_cast_aabbs(NULL, b, 1, 0, &c, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast_aabbs(&l, b, 1, 0, NULL, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast_aabbs(&l, NULL, 1, 0, &c, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast_aabbs(&l, NULL, 0, FXL_CAST_TWO_SIDED, &c, &cl), FXL_OK);
    CHECK(c.wall == -1 && c.length == PX(100) && cl.length == PX(100));
    l.anchor = FXL_ANCHOR_CENTRE;
    CHECK_EQ(fxl_laser_cast_aabbs(&l, b, 1, 0, &c, NULL), FXL_ERR_ANCHOR);
}

/* floor((65536 e + L k) / 65536 + 1/2): the centre line's end, rounded. */
static int64_t end_at(int64_t e, int64_t L, int64_t k)
{
    int64_t v = e * 65536 + L * k + 32768;
    return v >= 0 ? v / 65536 : -((-v + 65535) / 65536);
}

static int64_t clampc(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v;
}

/* A box about a point near the beam (or anywhere in the domain). */
static fxl_aabb gen_box(fxlt_rng *rng, const fxl_laser *l, bool edge)
{
    int64_t u = fxlt_range(rng, -PX(20), l->length + PX(20)), spread = edge ? FXL_SIZE_MAX : PX(30);
    int64_t x = l->pos.x + u * fxl_cos(l->angle) / 65536, y = l->pos.y + u * fxl_sin(l->angle) / 65536;
    int64_t size = edge ? FXL_SIZE_MAX : PX(20), w, h;
    x += fxlt_range(rng, (int32_t)-spread, (int32_t)spread);
    y += fxlt_range(rng, (int32_t)-spread, (int32_t)spread);
    w = fxlt_below(rng, 5) == 0 ? 0 : fxlt_range(rng, 0, (int32_t)size);
    h = fxlt_below(rng, 5) == 0 ? 0 : fxlt_range(rng, 0, (int32_t)size);
    return box4(clampc(x - w), clampc(y - h), clampc(x + w), clampc(y + h));
}

static fxl_laser gen_laser(fxlt_rng *rng, bool edge)
{
    fix16_t hw = FLAGS == 0 ? PX(2) : fxlt_below(rng, 6) == 0 ? 0 : edge ? fxlt_range(rng, 0, FXL_SIZE_MAX / 4) : fxlt_range(rng, 0, PX(12));
    int64_t x = edge ? fxlt_range(rng, -FXL_COORD_MAX / 2, FXL_COORD_MAX / 2) : fxlt_range(rng, PX(-3000), PX(3000));
    int64_t y = edge ? fxlt_range(rng, -FXL_COORD_MAX / 2, FXL_COORD_MAX / 2) : fxlt_range(rng, PX(-3000), PX(3000));
    fxl_angle a = fxlt_below(rng, 4) == 0 ? (fxl_angle)fxlt_below(rng, 16) * 256 : (fxl_angle)fxlt_next(rng);
    fix16_t len = edge ? fxlt_range(rng, 0, FXL_SIZE_MAX) : fxlt_range(rng, 0, PX(1500));
    fxl_laser l = beam(x, y, a, len);
    l.half_width = hw;
    if (CAPSULE)
        l.kind = FXL_LASER_CAPSULE;
    return l;
}

/* The core's cast against the reference: index, length floor(u*) (or the
 * laser's), end point. */
static uint32_t one_case(const fxl_laser *l, const fxl_aabb *b, size_t n, uint32_t *hits)
{
    fxl_cast c = cast(l, b, n);
    ref_q u;
    int64_t F = 0;
    long k = FLAGS != 0 && l->kind == FXL_LASER_CAPSULE ? ref_cast_aabbs_capsule(l, b, n, &F)
                                                        : ref_cast_aabbs(l, b, n, FLAGS != 0, &u);
    bool ok = c.wall == k;
    if (ok && k >= 0 && FLAGS != 0 && l->kind == FXL_LASER_CAPSULE)
        ok = c.length == F;
    else if (ok && k >= 0)
        ok = ref_q_cmp_int(u, c.length) >= 0 && ref_q_cmp_int(u, (int64_t)c.length + 1) < 0;
    else if (ok)
        ok = c.length == l->length;
    ok = ok && c.point.x == end_at(l->pos.x, c.length, fxl_cos(l->angle)) &&
         c.point.y == end_at(l->pos.y, c.length, fxl_sin(l->angle));
    *hits += k >= 0 ? 1u : 0u;
    if (!ok) {
        static uint32_t shown;
        if (shown++ < 5)
            fxlt_printf("    differ: e (%d, %d) a %d L %d n %u: core %d len %d, reference %d\n",
                        (int)l->pos.x, (int)l->pos.y, (int)l->angle, (int)l->length, (unsigned)n,
                        (int)c.wall, (int)c.length, (int)k);
        return 1;
    }
    return 0;
}

static fxl_aabb grown(fxl_aabb b, int64_t g)
{
    return box4(clampc((int64_t)b.lo.x - g), clampc((int64_t)b.lo.y - g), clampc((int64_t)b.hi.x + g),
                clampc((int64_t)b.hi.y + g));
}

static void vs_reference_flags(unsigned flags, const char *name)
{
    static fxl_aabb b[MAXB] FXL_EWRAM_BSS;
    fxlt_rng rng = fxlt_rng_for(name);
    uint32_t target = FXLT_CASES(FXLT_BOX_CAST_CASES), cases = 0, hits = 0, bad = 0, graze = 0,
             ends = 0;
    FLAGS = flags;
    while (cases < target) {
        bool edge = fxlt_below(&rng, 8) == 0;
        fxl_laser l = gen_laser(&rng, edge);
        size_t n = 1 + fxlt_below(&rng, MAXB), i;
        fxl_cast c;
        for (i = 0; i < n; i++)
            b[i] = gen_box(&rng, &l, edge);
        bad += one_case(&l, b, n, &hits);
        cases++;
        switch (fxlt_below(&rng, 3)) {
        case 0: { /* one box grown to the least size the beam touches */
            fxl_aabb one = b[0];
            int64_t lo = 0, hi = (int64_t)1 << 31;
            fxl_aabb wide = grown(one, hi);
            c = cast(&l, &one, 1);
            if (c.wall >= 0 || cast(&l, &wide, 1).wall < 0)
                break;
            while (hi - lo > 1) {
                int64_t mid = lo + (hi - lo) / 2;
                fxl_aabb g = grown(one, mid);
                if (cast(&l, &g, 1).wall >= 0)
                    hi = mid;
                else
                    lo = mid;
            }
            b[0] = grown(one, hi);
            bad += one_case(&l, b, 1, &hits);
            b[0] = grown(one, lo);
            bad += one_case(&l, b, 1, &hits);
            cases += 2;
            graze++;
            break;
        }
        case 1: /* the length at floor(u*) and one more */
            c = cast(&l, b, n);
            if (c.wall < 0 || c.length >= FXL_SIZE_MAX)
                break;
            l.length = c.length;
            bad += one_case(&l, b, n, &hits);
            l.length = c.length + 1;
            bad += one_case(&l, b, n, &hits);
            cases += 2;
            ends++;
            break;
        default: break;
        }
    }
    fxlt_printf("    %u cases (%u grazing pairs, %u length-end pairs), %u hits, %u disagreements\n",
                cases, graze, ends, hits, bad);
    CHECK_EQ(bad, 0);
    FLAGS = 0;
}

static void vs_reference(void)
{
    FLAGS = 0;
    vs_reference_flags(0, "cast aabb reference");
}

/* FXL_CAST_WIDTH, box lasers of half-width 0..12 px (0..2^26 at the edges). */
static void width_vs_reference(void)
{
    FLAGS = FXL_CAST_WIDTH;
    vs_reference_flags(FXL_CAST_WIDTH, "cast aabb width reference");
}

/* FXL_CAST_WIDTH, capsule lasers (the capsule's floor(u*) rule). */
static void capsule_width_vs_reference(void)
{
    CAPSULE = true;
    vs_reference_flags(FXL_CAST_WIDTH, "cast aabb capsule width reference");
    CAPSULE = false;
}

/* The width casts visit the near boxes in order of their nearest point
 * along the beam, stopping at the first bound that loses (cast_aabb.c):
 * up to 40 boxes (beyond the near list's 16: the index order), many of
 * them copies of others or copies moved by a raw unit or two (equal u*,
 * or equal floors, at other indices, before and after), against the
 * reference, for the centre line, box and capsule lasers. */
static void order_vs_reference(void)
{
    static fxl_aabb b[40] FXL_EWRAM_BSS;
    static const unsigned flags[3] = {0u, FXL_CAST_WIDTH, FXL_CAST_WIDTH};
    fxlt_rng rng = fxlt_rng_for("cast aabb order");
    uint32_t target = FXLT_CASES(3000), cases, hits = 0, bad = 0, mode;
    for (mode = 0; mode < 3; mode++) {
        FLAGS = flags[mode];
        CAPSULE = mode == 2;
        for (cases = 0; cases < target; cases++) {
            fxl_laser l = gen_laser(&rng, false);
            size_t n = 1 + fxlt_below(&rng, fxlt_below(&rng, 2) ? 40 : 16), i, k;
            for (i = 0; i < n; i++)
                b[i] = gen_box(&rng, &l, false);
            for (k = fxlt_below(&rng, (uint32_t)n + 1); k > 0; k--) {
                size_t from = fxlt_below(&rng, (uint32_t)n), to = fxlt_below(&rng, (uint32_t)n);
                int64_t dx = fxlt_range(&rng, -2, 2), dy = fxlt_range(&rng, -2, 2);
                b[to] = box4(clampc((int64_t)b[from].lo.x + dx), clampc((int64_t)b[from].lo.y + dy),
                             clampc((int64_t)b[from].hi.x + dx), clampc((int64_t)b[from].hi.y + dy));
            }
            bad += one_case(&l, b, n, &hits);
        }
    }
    fxlt_printf("    %u cases, %u hits, %u disagreements\n", 3 * target, hits, bad);
    CHECK_EQ(bad, 0);
    FLAGS = 0;
    CAPSULE = false;
}

/* The width casts' cheap rejects (cast_aabb.c: a box wholly beside the
 * strip |v| <= w, or wholly behind the start, capsules' start disc
 * reaching w behind it) at their edges: boxes touching the strip's edge
 * or the start disc stop the beam, a raw unit farther they do not. */
static void filter_edges(void)
{
    fxl_laser l = beam(0, 0, 0, PX(100));
    fxl_aabb b[2];
    fxl_cast c;
    int side, cap;
    FLAGS = FXL_CAST_WIDTH;
    for (cap = 0; cap < 2; cap++) {
        l.kind = cap ? FXL_LASER_CAPSULE : FXL_LASER_BOX;
        for (side = -1; side <= 1; side += 2) {
            /* the strip's edge v = side w: touching, then one unit off */
            b[0] = side > 0 ? box4(PX(10), PX(2), PX(20), PX(5)) : box4(PX(10), -PX(5), PX(20), -PX(2));
            b[1] = box4(PX(40), -PX(1), PX(50), PX(1));
            c = cast(&l, b, 2);
            CHECK(c.wall == 0 && c.length == PX(10)); /* the corner level with the end */
            b[0] = side > 0 ? box4(PX(10), PX(2) + 1, PX(20), PX(5)) : box4(PX(10), -PX(5), PX(20), -PX(2) - 1);
            c = cast(&l, b, 2);
            CHECK(c.wall == 1 && c.length == (cap ? PX(38) : PX(40)));
        }
        /* behind the start: the box laser only at u = 0, the capsule's
         * start disc w behind it */
        b[0] = box4(-PX(5), -PX(1), cap ? -PX(2) : 0, PX(1));
        c = cast(&l, b, 2);
        CHECK(c.wall == 0 && c.length == 0);
        b[0] = box4(-PX(5), -PX(1), cap ? -PX(2) - 1 : -1, PX(1));
        c = cast(&l, b, 2);
        CHECK(c.wall == 1);
    }
    FLAGS = 0;
}

/* Any int32 box: no undefined behaviour (UBSan), length within 0..L. */
static void extreme_boxes(void)
{
    static fxl_aabb b[4];
    fxlt_rng rng = fxlt_rng_for("cast aabb extreme");
    uint32_t i, n = FXLT_CASES(20000), k;
    for (i = 0; i < n; i++) {
        fxl_laser l = gen_laser(&rng, true);
        fxl_cast c;
        for (k = 0; k < 4; k++) {
            b[k].lo.x = (int32_t)(uint32_t)fxlt_next(&rng);
            b[k].lo.y = (int32_t)(uint32_t)fxlt_next(&rng);
            b[k].hi.x = fxlt_below(&rng, 2) ? INT32_MAX : (int32_t)(uint32_t)fxlt_next(&rng);
            b[k].hi.y = fxlt_below(&rng, 2) ? INT32_MIN : (int32_t)(uint32_t)fxlt_next(&rng);
        }
        CHECK_EQ(fxl_laser_cast_aabbs(&l, b, 4, 0, &c, NULL), FXL_OK);
        CHECK(c.length >= 0 && c.length <= l.length && c.wall >= -1 && c.wall < 4);
        l.half_width = fxlt_range(&rng, 0, FXL_SIZE_MAX);
        CHECK_EQ(fxl_laser_cast_aabbs(&l, b, 4, FXL_CAST_WIDTH, &c, NULL), FXL_OK);
        CHECK(c.length >= 0 && c.length <= l.length && c.wall >= -1 && c.wall < 4);
        l.kind = FXL_LASER_CAPSULE;
        CHECK_EQ(fxl_laser_cast_aabbs(&l, b, 4, FXL_CAST_WIDTH, &c, NULL), FXL_OK);
        CHECK(c.length >= 0 && c.length <= l.length && c.wall >= -1 && c.wall < 4);
    }
}

/* The capsule's quick floor (cast_aabb.c's cap_width: S at the guess and
 * a unit either side, the core clear of the box): its band, the end disc
 * touching a box's face head-on or its corner at a whole u, a raw unit or
 * two off either way, axis and other angles, radii of whole pixels and
 * raw ones, lengths ending at the touch and a unit on; against the
 * reference's floor(u*), and how many floors the guess settled. Every
 * fourth cast moves the guess by up to 2^k units either way (the suite's
 * hook): the quick floor must stay exact whatever the guess (its proof
 * does not use the guess's precision), with the core through the box. */
static void capsule_quick_band(void)
{
    fxlt_rng rng = fxlt_rng_for("cast aabb capsule quick band");
    uint32_t i, n = FXLT_CASES(40000), bad = 0, hits = 0;
    uint32_t q0 = fxl__cap_quick_count[0], q1 = fxl__cap_quick_count[1];
    FLAGS = FXL_CAST_WIDTH;
    for (i = 0; i < n; i++) {
        fxl_angle a = fxlt_below(&rng, 2) == 0 ? (fxl_angle)(fxlt_below(&rng, 4) * 1024)
                                               : (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), s = fxl_sin(a);
        int64_t ex = fxlt_range(&rng, PX(-2000), PX(2000)), ey = fxlt_range(&rng, PX(-2000), PX(2000));
        int64_t w = fxlt_below(&rng, 2) == 0 ? (int64_t)fxlt_range(&rng, 1, 12) * PX(1)
                                             : fxlt_range(&rng, 1, PX(12));
        int64_t T = fxlt_range(&rng, 1, PX(400)); /* the touch's u */
        int64_t px = ex + (T * c) / 65536, py = ey + (T * s) / 65536; /* the end's centre then */
        int64_t jx = fxlt_range(&rng, -2, 2), jy = fxlt_range(&rng, -2, 2);
        int64_t size = fxlt_below(&rng, 3) == 0 ? 0 : fxlt_range(&rng, 1, PX(40));
        fxl_aabb b;
        fxl_laser l;
        if (fxlt_below(&rng, 3) != 0) {
            /* A face head-on along the beam's main axis, w ahead of the end. */
            bool onx = (c < 0 ? -c : c) >= (s < 0 ? -s : s);
            int64_t side = fxlt_range(&rng, 0, (int32_t)size), other = fxlt_range(&rng, 0, (int32_t)size);
            if (onx) {
                int64_t f = c > 0 ? px + w + jx : px - w + jx;
                b = c > 0 ? box4(f, py - side + jy, f + size, py + other + jy)
                          : box4(f - size, py - side + jy, f, py + other + jy);
            } else {
                int64_t f = s > 0 ? py + w + jy : py - w + jy;
                b = s > 0 ? box4(px - side + jx, f, px + other + jx, f + size)
                          : box4(px - side + jx, f - size, px + other + jx, f);
            }
        } else {
            /* A corner at w from the end's centre, off the beam's line by
             * 3/5 or 4/5 of w (3-4-5): the box beyond it. */
            int64_t t = w / 5, k = (fxlt_below(&rng, 2) == 0 ? 3 : 4) * t, m = (k == 3 * t ? 4 : 3) * t;
            int64_t sg = fxlt_below(&rng, 2) == 0 ? 1 : -1;
            int64_t cx = px + (m * c - sg * k * s) / 65536 + jx, cy = py + (m * s + sg * k * c) / 65536 + jy;
            int64_t bx = c >= 0 ? cx : cx - size, by = (sg * c >= 0) == (s >= 0) ? cy : cy - size;
            b = box4(bx, by, bx + size, by + size);
        }
        b = box4(clampc(b.lo.x), clampc(b.lo.y), clampc(b.hi.x), clampc(b.hi.y));
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make((fix16_t)ex, (fix16_t)ey), a,
                                   (fix16_t)(T + fxlt_range(&rng, -2, PX(4))), (fix16_t)w);
        if (l.length < 0)
            l.length = 0;
        if (i % 4 == 3) {
            int32_t k = 1 << fxlt_below(&rng, 24);
            fxl__cap_guess_shift = fxlt_range(&rng, -k, k);
            l.length = (fix16_t)(T + fxlt_range(&rng, 0, PX(100))); /* room to pass the box */
        }
        bad += one_case(&l, &b, 1, &hits);
        fxl__cap_guess_shift = 0;
    }
    fxlt_printf("    capsule quick band: %u casts, %u hits; floors settled by the guess %u,\n"
                "      by the rectangle's bound and the search %u; %u disagreements\n",
                n, hits, fxl__cap_quick_count[0] - q0, fxl__cap_quick_count[1] - q1, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(fxl__cap_quick_count[0] - q0 > 0);
    FLAGS = 0;
}

static const fxlt_case cast_aabb_cases[] = {
    {"unit_cases", unit_cases},
    {"vs_reference", vs_reference},
    {"width_vs_reference", width_vs_reference},
    {"capsule_width_vs_reference", capsule_width_vs_reference},
    {"capsule_quick_band", capsule_quick_band},
    {"order_vs_reference", order_vs_reference},
    {"filter_edges", filter_edges},
    {"extreme_boxes", extreme_boxes},
};

const fxlt_suite fxlt_suite_cast_aabb = {"cast_aabb", cast_aabb_cases, FXLT_COUNT(cast_aabb_cases)};
