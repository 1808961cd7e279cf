/* test_curvy_aabb.c - curvy lasers against boxes (curvy.h, issue 23):
 * exact touching cases at sides, corners and tapered ends; the static test
 * against the independent reference (ref_curvy_aabb.c), with a large share
 * of boxes grown to the exact touching size and one raw unit less; batch,
 * index list and fused forms against the single test; a point box against
 * fxl_curvy_vs_circle r = 0; a box holding a hit circle is hit; extreme
 * int32 inputs; moving boxes against the reference's moving form (again
 * half at the exact touching growth and one raw unit less), a zero move ==
 * static, a point box == fxl_curvy_vs_moving_circle r = 0, bits == single.
 * FXLT_BOX_CURVY_CASES and FXLT_BOX_CURVY_MOVING_CASES set the reference
 * runs' sizes. */
#include "bigint.h"
#include "harness.h"
#include "ref_curvy_aabb.h"

#ifndef FXLT_BOX_CURVY_CASES
#define FXLT_BOX_CURVY_CASES 200000
#endif

#define PX(v) ((fix16_t)((v) * 65536))
#define CAP_MAX 48
#define NBOX FXL_CURVY_BOXES(CAP_MAX)

typedef struct trail {
    fxl_curvy c;
    fxl_curvy_node nodes[CAP_MAX];
    fxl_aabb boxes[NBOX];
} trail;

static trail T FXL_EWRAM_BSS;
static trail U[4] FXL_EWRAM_BSS;

static fxl_aabb box4(fix16_t x0, fix16_t y0, fix16_t x1, fix16_t y1)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(x0, y0);
    b.hi = fxl_vec2_make(x1, y1);
    return b;
}

static void init(trail *t, uint32_t cap, fix16_t wmax, fix16_t max_len)
{
    CHECK_EQ(fxl_curvy_init(&t->c, t->nodes, cap, t->boxes, FXL_CURVY_BOXES(cap), wmax, max_len),
             FXL_OK);
}

static void push(trail *t, fix16_t x, fix16_t y, fix16_t w)
{
    CHECK_EQ(fxl_curvy_push(&t->c, fxl_vec2_make(x, y), w), FXL_OK);
}

/* Core and reference both say hit at b and miss at b shrunk by one raw
 * unit on the side `side` (0 lo.x, 1 lo.y, 2 hi.x, 3 hi.y: the side moved
 * away from the trail). */
static void touch(const trail *t, fxl_aabb b, int side)
{
    fxl_aabb s = b;
    CHECK(fxl_curvy_vs_aabb(&t->c, b));
    CHECK(ref_curvy_aabb(&t->c, b));
    switch (side) {
    case 0: s.lo.x++; break;
    case 1: s.lo.y++; break;
    case 2: s.hi.x--; break;
    default: s.hi.y--; break;
    }
    CHECK(!fxl_curvy_vs_aabb(&t->c, s));
    CHECK(!ref_curvy_aabb(&t->c, s));
}

/* ---- exact unit cases ------------------------------------------------------------------------ */

static void unit_cases(void)
{
    trail *t = &T;
    init(t, 8, PX(8), 0);
    /* A horizontal segment (0,0) -> (10,0) px, half-width 2 px at both ends. */
    push(t, 0, 0, PX(2));
    push(t, PX(10), 0, PX(2));
    /* Boxes above and below, touching the flat side at y = +-2. */
    touch(t, box4(PX(3), PX(2), PX(5), PX(6)), 1);
    touch(t, box4(PX(3), PX(-6), PX(5), PX(-2)), 3);
    /* Beyond the ends, touching the end caps at x = -2, 12. */
    touch(t, box4(PX(-9), PX(-1), PX(-2), PX(1)), 2);
    touch(t, box4(PX(12), PX(-1), PX(14), PX(1)), 0);
    /* A corner on the end cap of radius 2 px about (10, 0) px: near the
     * 3-4-5 point (11.2, 1.6) px, inside by 1.6e7 raw units squared, out
     * one raw unit further along x. */
    touch(t, box4(PX(11.2), PX(1.6), PX(20), PX(20)), 0);
    /* A box holding the whole trail, one inside it, one across it. */
    CHECK(fxl_curvy_vs_aabb(&t->c, box4(PX(-50), PX(-50), PX(50), PX(50))));
    CHECK(fxl_curvy_vs_aabb(&t->c, box4(PX(4), 0, PX(4), 0)));
    CHECK(fxl_curvy_vs_aabb(&t->c, box4(PX(4), PX(-50), PX(5), PX(50))));
    /* Harmless, cut, and a trail of one node hit nothing. */
    t->c.harmless = true;
    CHECK(!fxl_curvy_vs_aabb(&t->c, box4(PX(-50), PX(-50), PX(50), PX(50))));
    t->c.harmless = false;
    fxl_curvy_cut_range(&t->c, 0, 0, true);
    CHECK(!fxl_curvy_vs_aabb(&t->c, box4(PX(-50), PX(-50), PX(50), PX(50))));
    init(t, 8, PX(8), 0);
    push(t, 0, 0, PX(2));
    CHECK(!fxl_curvy_vs_aabb(&t->c, box4(PX(-50), PX(-50), PX(50), PX(50))));
    /* A tapered segment: (0,0) r 1 px -> (10,0) r 3 px (hull's upper side
     * rises with slope 2 / sqrt(96)); a thin box standing at x = 5 touches
     * the side at y = 2 * 10/sqrt(96) ... found by the reference, then
     * checked one unit off on both sides of the touching height. */
    init(t, 8, PX(8), 0);
    push(t, 0, 0, PX(1));
    push(t, PX(10), 0, PX(3));
    {
        fix16_t lo = 0, hi = PX(4);
        while (hi - lo > 1) { /* least y0 the reference says misses */
            fix16_t mid = lo + (hi - lo) / 2;
            if (ref_curvy_aabb(&t->c, box4(PX(5), mid, PX(5), PX(9))))
                lo = mid;
            else
                hi = mid;
        }
        touch(t, box4(PX(5), lo, PX(5), PX(9)), 1);
        CHECK(lo > PX(2) && lo < PX(2.5));
    }
}

/* ---- random trails (as test_curvy.c's, smaller) ---------------------------------------------- */

enum { G_NEAR, G_JOINT, G_ZERO, G_WIDE, G_EDGE, G_KINDS };

static fix16_t clamp_coord(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : (fix16_t)v;
}

static void gen_trail(fxlt_rng *rng, trail *t, int kind)
{
    uint32_t cap = kind == G_JOINT ? 2 + fxlt_below(rng, 4) : 2 + fxlt_below(rng, 20);
    uint32_t n = kind == G_JOINT ? cap : 1 + fxlt_below(rng, 2 * cap + 2), i;
    fix16_t wmax = kind == G_EDGE ? fxlt_range(rng, 0, FXL_SIZE_MAX)
                   : kind == G_WIDE ? PX(4) : fxlt_range(rng, 1, PX(16));
    fix16_t x = kind == G_EDGE ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX) : PX(fxlt_range(rng, -50, 50));
    fix16_t y = kind == G_EDGE ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX) : PX(fxlt_range(rng, -50, 50));
    fix16_t w = fxlt_range(rng, 0, wmax);
    init(t, cap, wmax, fxlt_below(rng, 4) == 0 ? PX(fxlt_range(rng, 1, 300)) : 0);
    if (fxlt_below(rng, 4) == 0)
        t->c.taper = fxlt_range(rng, 1, wmax / 2 + 1);
    if (fxlt_below(rng, 3) == 0)
        t->c.hit_fraction = fxlt_range(rng, 0, fix16_one);
    for (i = 0; i < n; i++) {
        int32_t s;
        switch (kind) {
        case G_NEAR: s = PX(fxlt_range(rng, 0, 8)); break;
        case G_JOINT: s = PX(fxlt_range(rng, 1, 40)); break;
        case G_ZERO: s = fxlt_below(rng, 2) ? 0 : PX(fxlt_range(rng, 0, 3)); break;
        case G_WIDE: s = PX(fxlt_range(rng, 50, 300)); break;
        default: s = fxlt_below(rng, 2) ? FXL_SIZE_MAX : fxlt_range(rng, 0, FXL_SIZE_MAX); break;
        }
        if (i > 0) {
            int32_t dx = fxlt_range(rng, -s, s), dy = fxlt_range(rng, -s, s);
            x = clamp_coord((int64_t)x + dx);
            y = clamp_coord((int64_t)y + dy);
        }
        if (kind == G_JOINT || fxlt_below(rng, 4) == 0)
            w = fxlt_range(rng, 0, wmax);
        push(t, x, y, w);
    }
    if (fxlt_below(rng, 6) == 0 && t->c.count > 1) {
        uint32_t a = fxlt_below(rng, t->c.count), b = fxlt_below(rng, t->c.count);
        fxl_curvy_cut_range(&t->c, a, b, true);
    }
    t->c.harmless = fxlt_below(rng, 50) == 0;
}

/* A box near segment k: a point near it and random extents (sometimes 0
 * on an axis: a line or a point), clamped to the domain. */
static fxl_aabb gen_box(fxlt_rng *rng, const fxl_curvy *c, int kind)
{
    uint32_t k = c->count > 1 ? fxlt_below(rng, c->count - 1) : 0;
    const fxl_curvy_node *a = fxl_curvy_node_at(c, k);
    const fxl_curvy_node *b = fxl_curvy_node_at(c, c->count > 1 ? k + 1 : k);
    int64_t u = fxlt_below(rng, 3) == 0 ? 0 : fxlt_range(rng, 0, 65536);
    int32_t spread = kind == G_EDGE ? FXL_SIZE_MAX : kind == G_WIDE ? PX(20) : PX(24);
    int32_t size = kind == G_EDGE ? FXL_SIZE_MAX : PX(16);
    int64_t x = a->p.x + ((int64_t)(b->p.x - a->p.x) * u) / 65536 + fxlt_range(rng, -spread, spread);
    int64_t y = a->p.y + ((int64_t)(b->p.y - a->p.y) * u) / 65536 + fxlt_range(rng, -spread, spread);
    int64_t w = fxlt_below(rng, 5) == 0 ? 0 : fxlt_range(rng, 0, size);
    int64_t h = fxlt_below(rng, 5) == 0 ? 0 : fxlt_range(rng, 0, size);
    return box4(clamp_coord(x - w), clamp_coord(y - h), clamp_coord(x + w), clamp_coord(y + h));
}

/* b grown by g on every side, clamped to the domain (monotone in g). */
static fxl_aabb grown(fxl_aabb b, int64_t g)
{
    return box4(clamp_coord((int64_t)b.lo.x - g), clamp_coord((int64_t)b.lo.y - g),
                clamp_coord((int64_t)b.hi.x + g), clamp_coord((int64_t)b.hi.y + g));
}

static uint32_t one_case(const fxl_curvy *c, fxl_aabb b, uint32_t *hits)
{
    bool got = fxl_curvy_vs_aabb(c, b), want = ref_curvy_aabb(c, b);
    *hits += want ? 1u : 0u;
    if (got != want) {
        static uint32_t shown;
        if (shown++ < 5)
            fxlt_printf("    differ: (%d, %d)-(%d, %d): core %d, reference %d\n", (int)b.lo.x,
                        (int)b.lo.y, (int)b.hi.x, (int)b.hi.y, (int)got, (int)want);
        return 1;
    }
    return 0;
}

/* Random boxes near random trails against the reference; about half grown
 * to the least growth the core calls a hit (bisection), then checked at it
 * and one raw unit less by both: a wrong touching answer of the core shows
 * as a disagreement at one of the two. */
static void static_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb static");
    uint32_t target = FXLT_CASES(FXLT_BOX_CURVY_CASES), cases = 0, touching = 0, hits = 0, bad = 0;
    uint32_t faults = big_faults();
    trail *t = &T;
    while (cases < target) {
        int kind = (int)fxlt_below(&rng, G_KINDS), i;
        gen_trail(&rng, t, kind);
        for (i = 0; i < 24 && cases < target; i++) {
            fxl_aabb b = gen_box(&rng, &t->c, kind);
            if (fxlt_below(&rng, 2) == 0 && !fxl_curvy_vs_aabb(&t->c, b)) {
                int64_t lo = 0, hi = (int64_t)1 << 31; /* miss at lo, hit at hi (if any) */
                if (!fxl_curvy_vs_aabb(&t->c, grown(b, hi))) {
                    bad += one_case(&t->c, b, &hits);
                    cases++;
                    continue;
                }
                while (hi - lo > 1) {
                    int64_t mid = lo + (hi - lo) / 2;
                    if (fxl_curvy_vs_aabb(&t->c, grown(b, mid)))
                        hi = mid;
                    else
                        lo = mid;
                }
                bad += one_case(&t->c, grown(b, hi), &hits);
                bad += one_case(&t->c, grown(b, lo), &hits);
                cases += 2;
                touching++;
                continue;
            }
            bad += one_case(&t->c, b, &hits);
            cases++;
        }
    }
    fxlt_printf("    %u cases (%u touching pairs), %u hits, %u disagreements\n", cases, touching,
                hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(touching > cases / 8);
    CHECK_EQ(big_faults(), faults);
}

/* ---- batch, collect, fused; point boxes and boxes around hit circles ------------------------ */

static void batch_and_invariants(void)
{
    static fxl_aabb boxes[70] FXL_EWRAM_BSS;
    static uint32_t bits[3], fbits[1];
    static size_t idx[70];
    fxlt_rng rng = fxlt_rng_for("curvy aabb batch");
    uint32_t rounds = FXLT_CASES(3000), r, points = 0, around = 0;
    for (r = 0; r < rounds; r++) {
        int kind = (int)fxlt_below(&rng, G_KINDS);
        size_t n = fxlt_below(&rng, 71), i, hits = 0, k, cap = fxlt_below(&rng, 71);
        size_t got;
        gen_trail(&rng, &T, kind);
        for (i = 0; i < n; i++)
            boxes[i] = gen_box(&rng, &T.c, kind);
        got = fxl_curvy_vs_aabbs(&T.c, boxes, n, n > 0 ? bits : NULL);
        for (i = 0; i < n; i++) {
            bool h = fxl_curvy_vs_aabb(&T.c, boxes[i]);
            CHECK_EQ((bits[i >> 5] >> (i & 31)) & 1u, h ? 1u : 0u);
            hits += h ? 1u : 0u;
        }
        CHECK_EQ(got, hits);
        CHECK_EQ(fxl_curvy_vs_aabbs(&T.c, boxes, n, NULL), hits);
        CHECK_EQ(fxl_curvy_collect_aabbs(&T.c, boxes, n, cap > 0 ? idx : NULL, cap), hits);
        for (i = 0, k = 0; i < n && k < cap; i++)
            if ((bits[i >> 5] >> (i & 31)) & 1u)
                CHECK_EQ(idx[k++], i);
        /* Fused: four trails against one box (copies of the trails'
         * headers, side by side; the storage stays the trails'). */
        {
            static fxl_curvy cs[4] FXL_EWRAM_BSS;
            fxl_aabb b = n > 0 ? boxes[0] : gen_box(&rng, &T.c, kind);
            size_t fh = 0;
            for (k = 0; k < 4; k++) {
                gen_trail(&rng, &U[k], kind);
                cs[k] = U[k].c;
            }
            got = fxl_curvies_vs_aabb(cs, 4, b, fbits);
            for (k = 0; k < 4; k++) {
                bool h = fxl_curvy_vs_aabb(&U[k].c, b);
                CHECK_EQ((fbits[0] >> k) & 1u, h ? 1u : 0u);
                fh += h ? 1u : 0u;
            }
            CHECK_EQ(got, fh);
        }
        /* A point box equals the circle of radius 0; a box around a hit
         * circle is hit. */
        for (i = 0; i < n; i++) {
            fxl_circle pc = fxl_circle_make(boxes[i].lo.x, boxes[i].lo.y, 0);
            fxl_aabb pb = box4(pc.c.x, pc.c.y, pc.c.x, pc.c.y);
            CHECK_EQ(fxl_curvy_vs_aabb(&T.c, pb), fxl_curvy_vs_circle(&T.c, pc));
            points++;
            pc.r = fxlt_range(&rng, 0, PX(8));
            if (fxl_curvy_vs_circle(&T.c, pc) && (int64_t)pc.c.x - pc.r >= -FXL_COORD_MAX &&
                (int64_t)pc.c.x + pc.r <= FXL_COORD_MAX && (int64_t)pc.c.y - pc.r >= -FXL_COORD_MAX &&
                (int64_t)pc.c.y + pc.r <= FXL_COORD_MAX) {
                CHECK(fxl_curvy_vs_aabb(&T.c, box4(pc.c.x - pc.r, pc.c.y - pc.r, pc.c.x + pc.r,
                                                   pc.c.y + pc.r)));
                around++;
            }
        }
    }
    fxlt_printf("    %u rounds, %u point boxes, %u boxes around hit circles\n", rounds, points, around);
    CHECK_EQ(fxl_curvy_vs_aabbs(&T.c, NULL, 0, NULL), 0);
    CHECK_EQ(fxl_curvy_collect_aabbs(&T.c, NULL, 0, NULL, 0), 0);
    CHECK_EQ(fxl_curvies_vs_aabb(NULL, 0, box4(0, 0, 0, 0), NULL), 0);
}

/* ---- extreme inputs ---------------------------------------------------------------------------- */

static int32_t any32(fxlt_rng *rng)
{
    switch (fxlt_below(rng, 8)) {
    case 0: return INT32_MIN;
    case 1: return INT32_MAX;
    case 2: return FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 3: return -FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 4: return FXL_SIZE_MAX + fxlt_range(rng, -1, 1);
    case 5: return fxlt_range(rng, -2, 2);
    default: return (int32_t)(uint32_t)fxlt_next(rng);
    }
}

/* Any int32 box (unchecked: a release build's meaningless answer) and
 * nodes overwritten with anything: no undefined behaviour (UBSan). */
static void extreme_inputs(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb extreme");
    uint32_t i, n = FXLT_CASES(20000), seen;
    bool was = false;
    fxlt_expect_asserts(true);
    seen = fxlt_asserts_seen();
    for (i = 0; i < n; i++) {
        fxl_aabb b;
        if (i % 64 == 0) {
            gen_trail(&rng, &T, (int)fxlt_below(&rng, G_KINDS));
            if (fxlt_below(&rng, 2) == 0) {
                uint32_t k;
                for (k = 0; k < T.c.cap; k++) {
                    T.nodes[k].p.x = any32(&rng);
                    T.nodes[k].p.y = any32(&rng);
                    T.nodes[k].half_width = any32(&rng);
                }
            }
            if (fxlt_below(&rng, 3) == 0) {
                T.c.taper = any32(&rng);
                T.c.hit_fraction = any32(&rng);
                T.c.wide = any32(&rng);
            }
        }
        b.lo.x = any32(&rng);
        b.lo.y = any32(&rng);
        b.hi.x = any32(&rng);
        b.hi.y = any32(&rng);
        was ^= fxl_curvy_vs_aabb(&T.c, b);
        was ^= fxl_curvy_vs_aabbs(&T.c, &b, 1, NULL) != 0;
        {
            fxl_vec2 to = fxl_vec2_make(any32(&rng), any32(&rng));
            was ^= fxl_curvy_vs_moving_aabb(&T.c, b, to);
            was ^= fxl_curvy_vs_moving_aabbs(&T.c, &b, &to, 1, NULL) != 0;
        }
    }
    fxlt_expect_asserts(false);
    (void)was;
    CHECK(fxlt_asserts_seen() >= seen);
}


/* ---- moving boxes ---------------------------------------------------------------------------- */

#ifndef FXLT_BOX_CURVY_MOVING_CASES
#define FXLT_BOX_CURVY_MOVING_CASES 100000
#endif

/* to clamped to the domain (the move stays within FXL_SIZE_MAX: clamping
 * only shortens it). */
static fxl_vec2 move_to(fxl_aabb b, int32_t mx, int32_t my)
{
    return fxl_vec2_make(clamp_coord((int64_t)b.lo.x + mx), clamp_coord((int64_t)b.lo.y + my));
}

static uint32_t one_moving(const fxl_curvy *c, fxl_aabb b, int32_t mx, int32_t my, uint32_t *hits)
{
    fxl_vec2 to = move_to(b, mx, my);
    bool got = fxl_curvy_vs_moving_aabb(c, b, to), want = ref_curvy_moving_aabb(c, b, to);
    *hits += want ? 1u : 0u;
    if (got != want) {
        static uint32_t shown;
        if (shown++ < 5)
            fxlt_printf("    differ: (%d, %d)-(%d, %d) to (%d, %d): core %d, reference %d\n",
                        (int)b.lo.x, (int)b.lo.y, (int)b.hi.x, (int)b.hi.y, (int)to.x, (int)to.y,
                        (int)got, (int)want);
        return 1;
    }
    return 0;
}

/* A move for a box near the trail: zero, along an axis, along the newest
 * segment (parallel to its growth), or random, up to the kind's scale. */
static void gen_move(fxlt_rng *rng, const fxl_curvy *c, int kind, int32_t *mx, int32_t *my)
{
    int32_t s = kind == G_EDGE ? FXL_SIZE_MAX : kind == G_WIDE ? PX(300) : PX(40);
    uint32_t how = fxlt_below(rng, 8);
    *mx = fxlt_range(rng, -s, s);
    *my = fxlt_range(rng, -s, s);
    if (how == 0)
        *mx = *my = 0;
    else if (how == 1)
        *mx = 0;
    else if (how == 2)
        *my = 0;
    else if (how == 3 && c->count >= 2) {
        const fxl_curvy_node *a = fxl_curvy_node_at(c, c->count - 2);
        const fxl_curvy_node *b = fxl_curvy_node_at(c, c->count - 1);
        int32_t k = fxlt_range(rng, -2, 2);
        int64_t x = ((int64_t)b->p.x - a->p.x) * k, y = ((int64_t)b->p.y - a->p.y) * k;
        if (x >= -FXL_SIZE_MAX && x <= FXL_SIZE_MAX && y >= -FXL_SIZE_MAX && y <= FXL_SIZE_MAX) {
            *mx = (int32_t)x;
            *my = (int32_t)y;
        }
    }
}

/* Random moving boxes near random trails against the reference; about half
 * grown (the move kept) to the least growth the core calls a hit, checked
 * there and one raw unit less. */
static void moving_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb moving");
    uint32_t target = FXLT_CASES(FXLT_BOX_CURVY_MOVING_CASES), cases = 0, touching = 0, hits = 0;
    uint32_t bad = 0, faults = big_faults();
    trail *t = &T;
    while (cases < target) {
        int kind = (int)fxlt_below(&rng, G_KINDS), i;
        gen_trail(&rng, t, kind);
        for (i = 0; i < 24 && cases < target; i++) {
            fxl_aabb b = gen_box(&rng, &t->c, kind);
            int32_t mx, my;
            gen_move(&rng, &t->c, kind, &mx, &my);
            if (fxlt_below(&rng, 2) == 0 && !fxl_curvy_vs_moving_aabb(&t->c, b, move_to(b, mx, my))) {
                int64_t lo = 0, hi = (int64_t)1 << 28; /* miss at lo, hit at hi (if any) */
                fxl_aabb g = grown(b, hi);
                if (!fxl_curvy_vs_moving_aabb(&t->c, g, move_to(g, mx, my))) {
                    bad += one_moving(&t->c, b, mx, my, &hits);
                    cases++;
                    continue;
                }
                while (hi - lo > 1) {
                    int64_t mid = lo + (hi - lo) / 2;
                    g = grown(b, mid);
                    if (fxl_curvy_vs_moving_aabb(&t->c, g, move_to(g, mx, my)))
                        hi = mid;
                    else
                        lo = mid;
                }
                bad += one_moving(&t->c, grown(b, hi), mx, my, &hits);
                bad += one_moving(&t->c, grown(b, lo), mx, my, &hits);
                cases += 2;
                touching++;
                continue;
            }
            bad += one_moving(&t->c, b, mx, my, &hits);
            cases++;
        }
    }
    fxlt_printf("    %u cases (%u touching pairs), %u hits, %u disagreements\n", cases, touching,
                hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(touching > cases / 8);
    CHECK_EQ(big_faults(), faults);
}

/* A box sweeping wholly over a short trail (neither end position nor any
 * corner's path touches it: only the trail's start in the swept hexagon
 * tells), one passing beside it, and a box whose corner's path crosses the
 * axis between the ends. */
static void moving_units(void)
{
    trail *t = &T;
    init(t, 8, PX(4), 0);
    push(t, 0, 0, PX(1));
    push(t, PX(1), 0, PX(1));
    CHECK(fxl_curvy_vs_moving_aabb(&t->c, box4(PX(-50), PX(-5), PX(-48), PX(5)),
                                   fxl_vec2_make(PX(50), PX(-5))));
    CHECK(ref_curvy_moving_aabb(&t->c, box4(PX(-50), PX(-5), PX(-48), PX(5)),
                                fxl_vec2_make(PX(50), PX(-5))));
    CHECK(!fxl_curvy_vs_aabb(&t->c, box4(PX(-50), PX(-5), PX(-48), PX(5))));
    CHECK(!fxl_curvy_vs_moving_aabb(&t->c, box4(PX(-50), PX(3), PX(-48), PX(5)),
                                    fxl_vec2_make(PX(50), PX(3))));
    CHECK(!ref_curvy_moving_aabb(&t->c, box4(PX(-50), PX(3), PX(-48), PX(5)),
                                 fxl_vec2_make(PX(50), PX(3))));
    init(t, 8, PX(4), 0);
    push(t, 0, 0, 0);
    push(t, PX(40), 0, 0);
    push(t, PX(80), 0, 0); /* the newest segment grows from (40, 0) */
    /* A point box falling across y = 0 at x = 20 (a static segment): hit. */
    CHECK(fxl_curvy_vs_moving_aabb(&t->c, box4(PX(20), PX(-10), PX(20), PX(-10)),
                                   fxl_vec2_make(PX(20), PX(10))));
    /* At x = 70 it crosses at s = 1/2 while the tip is at x = 60: miss;
     * at x = 50 the tip has passed: hit. */
    CHECK(!fxl_curvy_vs_moving_aabb(&t->c, box4(PX(70), PX(-10), PX(70), PX(-10)),
                                    fxl_vec2_make(PX(70), PX(10))));
    CHECK(!ref_curvy_moving_aabb(&t->c, box4(PX(70), PX(-10), PX(70), PX(-10)),
                                 fxl_vec2_make(PX(70), PX(10))));
    CHECK(fxl_curvy_vs_moving_aabb(&t->c, box4(PX(50), PX(-10), PX(50), PX(-10)),
                                   fxl_vec2_make(PX(50), PX(10))));
    CHECK(ref_curvy_moving_aabb(&t->c, box4(PX(50), PX(-10), PX(50), PX(-10)),
                                fxl_vec2_make(PX(50), PX(10))));
    /* The static trail at x = 70 is hit. */
    CHECK(fxl_curvy_vs_aabb(&t->c, box4(PX(70), PX(-10), PX(70), PX(10))));
}

/* The moving box's quick slab (curvy_aabb.c, seg_moving_box): its reject
 * at the clamped drawn half-widths rq and the stored length (gap > rq (s
 * + 1), s = floor(|d|)), the hit widths and the exact stage below it.
 * Two-node horizontal trails (tapered, a hit fraction below 1, or
 * neither; the newest segment growing or not), boxes above or below the
 * segment, moving along it or away, whose nearer edge sits within 2 raw
 * units of that threshold, rq (s + 1) / s, or of the wider hit width: >=
 * 20,000 cases against the reference. */
static void moving_quick_slab(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb quick slab");
    uint32_t target = FXLT_CASES(20000), cases = 0, hits = 0, bad = 0;
    trail *t = &T;
    while (cases < target) {
        fix16_t ax = PX(fxlt_range(&rng, -100, 100)), ay = PX(fxlt_range(&rng, -100, 100));
        int32_t dx = fxlt_range(&rng, PX(1), PX(40)) * (fxlt_below(&rng, 2) ? 1 : -1);
        fix16_t w0 = fxlt_range(&rng, 0, PX(8)), w1 = fxlt_below(&rng, 2) ? w0 : fxlt_range(&rng, 0, PX(8));
        int64_t s = dx < 0 ? -(int64_t)dx : dx, rq = w0 > w1 ? w0 : w1, hw, base[2];
        int side = fxlt_below(&rng, 2) ? 1 : -1, j, e;
        init(t, 8, PX(8), 0);
        push(t, ax, ay, w0);
        push(t, ax + dx, ay, w1);
        if (fxlt_below(&rng, 2) == 0)
            t->c.taper = fxlt_range(&rng, 1, PX(3));
        if (fxlt_below(&rng, 2) == 0)
            t->c.hit_fraction = fxlt_range(&rng, 0, fix16_one);
        if (fxlt_below(&rng, 2) == 0)
            t->c.grew = false;
        hw = ref_curvy_width(&t->c, 0);
        if (ref_curvy_width(&t->c, 1) > hw)
            hw = ref_curvy_width(&t->c, 1);
        base[0] = rq * (s + 1) / s;
        base[1] = hw;
        for (j = 0; j < 2; j++)
            for (e = -2; e <= 2; e++) {
                int64_t y = base[j] + e, bw = fxlt_range(&rng, 0, PX(6)), bh = fxlt_range(&rng, 0, PX(6));
                int64_t x0 = (int64_t)ax + fxlt_range(&rng, -PX(10), PX(50)) - (dx < 0 ? PX(40) : 0);
                int32_t mx = fxlt_range(&rng, -PX(12), PX(12)), my = side * fxlt_range(&rng, 0, PX(4));
                fxl_aabb b;
                if (y < 0)
                    continue;
                if (fxlt_below(&rng, 2) == 0)
                    my = 0;
                b.lo.x = (fix16_t)x0;
                b.hi.x = (fix16_t)(x0 + bw);
                b.lo.y = (fix16_t)(side > 0 ? ay + y : ay - y - bh);
                b.hi.y = (fix16_t)(side > 0 ? ay + y + bh : ay - y);
                bad += one_moving(&t->c, b, mx, my, &hits);
                cases++;
            }
    }
    fxlt_printf("    %u cases, %u hits, %u disagreements\n", cases, hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(hits > 0 && hits < cases);
}

/* The moving box's 64-bit sure hit of the next segment (curvy_aabb.c,
 * next_sure_hit: a candidate segment's exact test waits for it). Three-node
 * bent trails A -> B -> C (tapered, a hit fraction below 1, or neither;
 * the newest segment growing or not), the second segment level or nearly
 * so; boxes above or below it whose nearer edge sits within 2 raw units of
 * its smaller hit width, their x within 2 raw units of B's or C's (the
 * test's ends) or anywhere along, moving toward the line, away, or not:
 * >= 20,000 cases against the reference. */
static void moving_sure_hit(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb sure hit");
    uint32_t target = FXLT_CASES(20000), cases = 0, hits = 0, bad = 0;
    trail *t = &T;
    while (cases < target) {
        fix16_t bx = PX(fxlt_range(&rng, -100, 100)), by = PX(fxlt_range(&rng, -100, 100));
        int32_t dx = fxlt_range(&rng, PX(1), PX(30)) * (fxlt_below(&rng, 2) ? 1 : -1);
        int32_t dy = fxlt_below(&rng, 2) ? 0 : fxlt_range(&rng, -PX(1), PX(1));
        fix16_t w = fxlt_range(&rng, PX(1), PX(8));
        int side = fxlt_below(&rng, 2) ? 1 : -1, e;
        int64_t rmin;
        init(t, 8, PX(8), 0);
        push(t, bx + fxlt_range(&rng, -PX(20), PX(20)), by + fxlt_range(&rng, -PX(20), PX(20)), w);
        push(t, bx, by, w);
        push(t, bx + dx, by + dy, fxlt_below(&rng, 2) ? w : fxlt_range(&rng, PX(1), PX(8)));
        if (fxlt_below(&rng, 3) == 0)
            t->c.taper = fxlt_range(&rng, 1, PX(3));
        if (fxlt_below(&rng, 3) == 0)
            t->c.hit_fraction = fxlt_range(&rng, 0, fix16_one);
        if (fxlt_below(&rng, 2) == 0)
            t->c.grew = false;
        rmin = ref_curvy_width(&t->c, 1);
        if (ref_curvy_width(&t->c, 2) < rmin)
            rmin = ref_curvy_width(&t->c, 2);
        for (e = -2; e <= 2; e++) {
            int64_t bw = fxlt_range(&rng, 0, PX(5)), bh = fxlt_range(&rng, 0, PX(5)), x0;
            int32_t mx = fxlt_below(&rng, 2) ? 0 : fxlt_range(&rng, -PX(3), PX(3));
            int32_t my = fxlt_below(&rng, 2) ? 0 : side * fxlt_range(&rng, -PX(2), PX(2));
            uint32_t where = fxlt_below(&rng, 3);
            int64_t ex = fxlt_range(&rng, -2, 2), y = rmin + e;
            fxl_aabb b;
            if (y < 0)
                continue;
            x0 = where == 0 ? (int64_t)bx + ex : where == 1 ? (int64_t)bx + dx + ex
                                                            : (int64_t)bx + fxlt_range(&rng, 0, dx < 0 ? -dx : dx) * (dx < 0 ? -1 : 1);
            if (fxlt_below(&rng, 2) == 0)
                x0 -= bw; /* the box's hi edge at that x */
            b.lo.x = (fix16_t)x0;
            b.hi.x = (fix16_t)(x0 + bw);
            b.lo.y = (fix16_t)(side > 0 ? by + y : by - y - bh);
            b.hi.y = (fix16_t)(side > 0 ? by + y + bh : by - y);
            /* The box ends its move (or starts it) at that place. */
            if (fxlt_below(&rng, 2) == 0) {
                b.lo.x -= mx;
                b.hi.x -= mx;
                b.lo.y -= my;
                b.hi.y -= my;
            }
            bad += one_moving(&t->c, b, mx, my, &hits);
            cases++;
        }
    }
    fxlt_printf("    %u cases, %u hits, %u disagreements\n", cases, hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(hits > 0 && hits < cases);
}

/* A zero move is the static test; a point box is the moving circle of
 * radius 0; the batch form is the single one; a box
 * ending on a hit static box is hit. */
static void moving_invariants(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb moving inv");
    static fxl_aabb from[40] FXL_EWRAM_BSS;
    static fxl_vec2 to[40] FXL_EWRAM_BSS;
    uint32_t rounds = FXLT_CASES(2000), r, zero = 0;
    trail *t = &T;
    CHECK_EQ(fxl_curvy_vs_moving_aabbs(&t->c, NULL, NULL, 0, NULL), 0);
    for (r = 0; r < rounds; r++) {
        int kind = (int)fxlt_below(&rng, G_KINDS);
        uint32_t n = 1 + fxlt_below(&rng, 40), i, bits[2] = {0, 0}, want = 0;
        gen_trail(&rng, t, kind);
        for (i = 0; i < n; i++) {
            int32_t mx, my;
            bool single;
            from[i] = gen_box(&rng, &t->c, kind);
            gen_move(&rng, &t->c, kind, &mx, &my);
            to[i] = move_to(from[i], mx, my);
            CHECK_EQ(fxl_curvy_vs_moving_aabb(&t->c, from[i], from[i].lo),
                     fxl_curvy_vs_aabb(&t->c, from[i]));
            CHECK_EQ(fxl_curvy_vs_moving_aabb(&t->c, box4(from[i].lo.x, from[i].lo.y, from[i].lo.x,
                                                          from[i].lo.y), to[i]),
                     fxl_curvy_vs_moving_circle(&t->c, fxl_circle_make(from[i].lo.x, from[i].lo.y, 0),
                                                to[i]));
            single = fxl_curvy_vs_moving_aabb(&t->c, from[i], to[i]);
            {
                fxl_aabb end = from[i]; /* where the box ends: the s = 1 trail is the whole one */
                end.hi.x = (fix16_t)((int64_t)end.hi.x + to[i].x - end.lo.x);
                end.hi.y = (fix16_t)((int64_t)end.hi.y + to[i].y - end.lo.y);
                end.lo = to[i];
                if (fxl_aabb_check(end) == FXL_OK && fxl_curvy_vs_aabb(&t->c, end))
                    CHECK(single);
            }
            want += single ? 1u : 0u;
            zero++;
        }
        CHECK_EQ(fxl_curvy_vs_moving_aabbs(&t->c, from, to, n, bits), want);
        for (i = 0; i < n; i++)
            CHECK_EQ((bits[i / 32] >> (i % 32)) & 1u,
                     fxl_curvy_vs_moving_aabb(&t->c, from[i], to[i]) ? 1u : 0u);
        CHECK_EQ(fxl_curvy_vs_moving_aabbs(&t->c, from, to, n, NULL), want);
    }
    fxlt_printf("    %u rounds, %u boxes\n", rounds, zero);
}

/* The benchmark's trail (nodes 3 px apart along x on a 30 px sine wave,
 * half-width 4 px tapered over 8 nodes) against small boxes 0..16 px from
 * its middle line, still and moving up to 4 px a axis: the near rows' band,
 * where most segments end in the interval test's early exit (a constraint
 * negative at both ends) or reach the corners' paths. Half the boxes are
 * grown to the exact touching size and one raw unit less (as
 * moving_vs_reference). Static and moving tests against the reference. */
static void wave_near(void)
{
    fxlt_rng rng = fxlt_rng_for("curvy aabb wave");
    uint32_t target = FXLT_CASES(40000), cases = 0, touching = 0, hits = 0, bad = 0;
    uint32_t faults = big_faults();
    trail *t = &T;
    int k;
    init(t, CAP_MAX, PX(4), 0);
    t->c.taper = PX(4) / 8;
    for (k = 0; k < CAP_MAX; k++)
        push(t, PX(20 + 3 * k), PX(80) + fxl_sin(k * 64) * 30, PX(4));
    while (cases < target) {
        int n = (int)fxlt_below(&rng, CAP_MAX);
        fix16_t x = PX(20 + 3 * n) + fxlt_range(&rng, -PX(3), PX(3));
        fix16_t y = PX(80) + fxl_sin(n * 64) * 30 + fxlt_range(&rng, -PX(16), PX(16));
        fix16_t hx = fxlt_range(&rng, 0, PX(3)), hy = fxlt_below(&rng, 2) ? hx : fxlt_range(&rng, 0, PX(3));
        int32_t mx = fxlt_range(&rng, -PX(4), PX(4)), my = fxlt_range(&rng, -PX(4), PX(4));
        fxl_aabb b = box4(x - hx, y - hy, x + hx, y + hy);
        if (fxlt_below(&rng, 4) == 0)
            mx = 0, my = 0;
        if (fxlt_below(&rng, 2) == 0 && !fxl_curvy_vs_moving_aabb(&t->c, b, move_to(b, mx, my))) {
            int64_t hi = PX(32); /* hit at hi (if any), miss at lo */
            fxl_aabb g = grown(b, hi);
            if (fxl_curvy_vs_moving_aabb(&t->c, g, move_to(g, mx, my))) {
                int64_t lo = 0;
                while (hi - lo > 1) {
                    int64_t mid = lo + (hi - lo) / 2;
                    g = grown(b, mid);
                    if (fxl_curvy_vs_moving_aabb(&t->c, g, move_to(g, mx, my)))
                        hi = mid;
                    else
                        lo = mid;
                }
                bad += one_moving(&t->c, grown(b, hi), mx, my, &hits);
                bad += one_moving(&t->c, grown(b, lo), mx, my, &hits);
                bad += one_case(&t->c, grown(b, hi), &hits);
                bad += one_case(&t->c, grown(b, lo), &hits);
                cases += 4;
                touching++;
                continue;
            }
        }
        bad += one_moving(&t->c, b, mx, my, &hits);
        bad += one_case(&t->c, b, &hits);
        cases += 2;
    }
    fxlt_printf("    %u cases (%u touching pairs), %u hits, %u disagreements\n", cases, touching, hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(touching > cases / 16);
    CHECK_EQ(big_faults(), faults);
}

static const fxlt_case curvy_aabb_cases[] = {
    {"unit_cases", unit_cases},
    {"static_vs_reference", static_vs_reference},
    {"batch_and_invariants", batch_and_invariants},
    {"extreme_inputs", extreme_inputs},
    {"moving_units", moving_units},
    {"moving_vs_reference", moving_vs_reference},
    {"moving_invariants", moving_invariants},
    {"moving_quick_slab", moving_quick_slab},
    {"wave_near", wave_near},
    {"moving_sure_hit", moving_sure_hit},
};

const fxlt_suite fxlt_suite_curvy_aabb = {"curvy_aabb", curvy_aabb_cases, FXLT_COUNT(curvy_aabb_cases)};
