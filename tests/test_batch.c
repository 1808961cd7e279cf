/* test_batch.c - the symmetric calls every laser kind offers (README's
 * table): fxl_laser_check against fxl_laser_prepare's code; a fixed laser
 * against moving circles against the independent oracle (the swept test of
 * a beam that neither turns nor moves) and against the static test when
 * the circle stays put; and every batch form (bits, index lists, many
 * lasers against one circle, moving circles, spheres) against its single
 * call, with the index lists cut short by small capacities. */
#include "gen.h"
#include "harness.h"
#include "oracle.h"

#define PX(v) ((fix16_t)((v) * 65536))
#define N 70 /* circles a batch: two full words and a part word */

/* A laser of any field values, mostly in the domain, some out of it. */
static fxl_laser wild_laser(fxlt_rng *rng)
{
    fxl_laser l = gen_laser(rng, fxlt_range(rng, 0, 1) ? FXL_LASER_BOX : FXL_LASER_CAPSULE);
    switch (fxlt_range(rng, 0, 9)) {
    case 0: l.kind = (fxl_laser_kind)fxlt_range(rng, -3, 5); break;
    case 1: l.anchor = (fxl_laser_anchor)fxlt_range(rng, -3, 5); break;
    case 2: l.pos.x = fxlt_range(rng, INT32_MIN, INT32_MAX); break;
    case 3: l.length = fxlt_range(rng, INT32_MIN, INT32_MAX); break;
    case 4: l.half_width = fxlt_range(rng, INT32_MIN, INT32_MAX); break;
    case 5: l.hit_fraction = fxlt_range(rng, -2, 0x10002); break;
    default: break;
    }
    return l;
}

static void laser_check(void)
{
    fxlt_rng rng = fxlt_rng_for("batch.laser_check");
    uint32_t i, refused = 0;
    CHECK_EQ(fxl_laser_check(NULL), FXL_ERR_NULL);
    for (i = 0; i < FXLT_CASES(100000); i++) {
        fxl_laser l = wild_laser(&rng);
        fxl_laser_prep p;
        fxl_result want = fxl_laser_prepare(&l, &p);
        CHECK_EQ(fxl_laser_check(&l), want);
        refused += want != FXL_OK;
    }
    CHECK_COVER(refused > 0);
}

/* A circle start near the laser: half on its boundary with the touching
 * radius +-3 raw (so a still circle decides a tie), half anywhere near. */
static fxl_circle circle_near(fxlt_rng *rng, const fxl_laser *l, const ref_laser *L)
{
    bool edge = fxlt_range(rng, 0, 1) != 0;
    fxl_vec2 p = edge ? gen_point_on_boundary(rng, L) : gen_point_near(rng, l);
    fix16_t r = gen_radius(rng, L, p, edge);
    return fxl_circle_make(p.x, p.y, r);
}

static void laser_moving_circle(void)
{
    fxlt_rng rng = fxlt_rng_for("batch.laser_moving_circle");
    uint32_t i, hits = 0, stills = 0, still_hits = 0, n = FXLT_CASES(200000);
    for (i = 0; i < n; i++) {
        fxl_laser l = gen_laser(&rng, (i & 1u) ? FXL_LASER_BOX : FXL_LASER_CAPSULE);
        ref_laser L = ref_laser_build(&l);
        fxl_sweep s;
        fxl_laser_prep lp;
        fxl_sweep_prep sp;
        fxl_circle c = circle_near(&rng, &l, &L);
        bool still = fxlt_range(&rng, 0, 3) == 0;
        fxl_vec2 to = still ? c.c : gen_move_end(&rng, c.c, false);
        bool got, want;

        CHECK_EQ(fxl_laser_prepare(&l, &lp), FXL_OK);
        s.laser = l;
        s.motion.pivot = l.pos;
        s.motion.step = 0;
        s.motion.move = fxl_vec2_make(0, 0);
        CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_OK);
        got = fxl_laser_vs_moving_circle(&lp, c, to);
        want = orc_sweep_vs_moving_circle(&s, c, to);
        if (!CHECK(got == want))
            fxlt_printf("  case %u: laser vs moving circle %d, oracle %d\n", i, (int)got, (int)want);
        CHECK_EQ(got, fxl_sweep_vs_moving_circle(&sp, c, to));
        if (still) {
            CHECK_EQ(got, fxl_laser_vs_circle(&lp, c));
            still_hits += got;
            stills++;
        }
        hits += got;
    }
    fxlt_printf("    %u fixed lasers vs moving circles (half from the hitbox edge at the touching\n"
                "    radius +-3 raw), %u hits; %u circles stay put, %u of them hit\n", n, hits, stills,
                still_hits);
    CHECK_EQ(orc_faults(), 0u);
    CHECK_COVER(hits > n / 8 && hits < n - n / 8);
    CHECK_COVER(still_hits > 0);
}

/* Circles around a laser: near it, on its edge, or moved over the frame. */
static void circles_for(fxlt_rng *rng, const fxl_laser *l, fxl_circle *c, fxl_vec2 *to)
{
    ref_laser L = ref_laser_build(l);
    size_t i;
    for (i = 0; i < N; i++) {
        c[i] = circle_near(rng, l, &L);
        to[i] = gen_move_end(rng, c[i].c, false);
    }
}

/* The index list of a bit batch: every set bit, in order, cut at cap. */
static void check_list(const uint32_t *bits, size_t hits, const size_t *idx, size_t got,
                       size_t cap)
{
    size_t i, k = 0;
    CHECK_EQ(got, hits);
    for (i = 0; i < N; i++)
        if ((bits[i >> 5] >> (i & 31u)) & 1u) {
            if (k < cap)
                CHECK_EQ(idx[k], i);
            k++;
        }
    CHECK_EQ(k, hits);
}

static void laser_and_sweep_batches(void)
{
    fxlt_rng rng = fxlt_rng_for("batch.laser_and_sweep");
    uint32_t round, total = 0;
    for (round = 0; round < FXLT_CASES(4000); round++) {
        fxl_sweep s = gen_sweep(&rng, (gen_motion)(round % GEN_MOTIONS));
        fxl_circle c[N];
        fxl_vec2 to[N];
        uint32_t bits[3], mbits[3], sbits[3];
        size_t idx[N], i, cap = (size_t)fxlt_range(&rng, 0, N), hits, mhits, shits;
        fxl_laser_prep lp;
        fxl_sweep_prep sp;

        circles_for(&rng, &s.laser, c, to);
        CHECK_EQ(fxl_laser_prepare(&s.laser, &lp), FXL_OK);
        CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_OK);
        hits = fxl_laser_vs_circles(&lp, c, N, bits);
        check_list(bits, hits, idx, fxl_laser_collect(&lp, c, N, idx, cap), cap);
        mhits = fxl_laser_vs_moving_circles(&lp, c, to, N, mbits);
        CHECK_EQ(fxl_laser_vs_moving_circles(&lp, c, to, N, NULL), mhits);
        shits = fxl_sweep_vs_circles(&sp, c, N, sbits);
        check_list(sbits, shits, idx, fxl_sweep_collect(&sp, c, N, idx, cap), cap);
        CHECK_EQ(fxl_sweep_collect(&sp, c, N, NULL, 0), shits);
        for (i = 0; i < N; i++) {
            CHECK_EQ((mbits[i >> 5] >> (i & 31u)) & 1u,
                     (uint32_t)fxl_laser_vs_moving_circle(&lp, c[i], to[i]));
            CHECK_EQ((sbits[i >> 5] >> (i & 31u)) & 1u, (uint32_t)fxl_sweep_vs_circle(&sp, c[i]));
        }
        total += (uint32_t)(hits + mhits + shits);
    }
    CHECK_COVER(total > 0);
}

/* A curvy laser of nodes along a wavy line, each node's width its own. */
#define CAP 24
typedef struct snake {
    fxl_curvy c;
    fxl_curvy_node nodes[CAP];
    fxl_aabb boxes[FXL_CURVY_BOXES(CAP)];
} snake;

static void grow(fxlt_rng *rng, snake *t)
{
    fix16_t x = PX(fxlt_range(rng, -200, 200)), y = PX(fxlt_range(rng, -200, 200));
    int k, count = fxlt_range(rng, 0, CAP + 4);
    CHECK_EQ(fxl_curvy_init(&t->c, t->nodes, CAP, t->boxes, FXL_CURVY_BOXES(CAP), PX(12), 0),
             FXL_OK);
    for (k = 0; k < count; k++) {
        x += fxlt_range(rng, -PX(9), PX(9));
        y += fxlt_range(rng, -PX(9), PX(9));
        CHECK_EQ(fxl_curvy_push(&t->c, fxl_vec2_make(x, y), fxlt_range(rng, 0, PX(12))), FXL_OK);
    }
}

static snake S[3] FXL_EWRAM_BSS;

static void curvy_batches(void)
{
    fxlt_rng rng = fxlt_rng_for("batch.curvy");
    uint32_t round, total = 0;
    for (round = 0; round < FXLT_CASES(2000); round++) {
        fxl_circle c[N];
        fxl_vec2 to[N];
        uint32_t bits[3], mbits[3], many;
        fxl_curvy arr[3];
        fxl_vec2 tail;
        size_t idx[N], i, k, cap = (size_t)fxlt_range(&rng, 0, N), hits, mhits;

        for (k = 0; k < 3; k++)
            grow(&rng, &S[k]);
        /* circles about the first trail's tail (the origin when it is empty) */
        tail = S[0].c.count > 0 ? fxl_curvy_node_at(&S[0].c, 0)->p : fxl_vec2_make(0, 0);
        for (i = 0; i < N; i++) {
            fxl_vec2 p = tail;
            p.x += fxlt_range(&rng, -PX(60), PX(60));
            p.y += fxlt_range(&rng, -PX(60), PX(60));
            c[i] = fxl_circle_make(p.x, p.y, fxlt_range(&rng, 0, PX(6)));
            to[i] = gen_move_end(&rng, p, false);
        }
        hits = fxl_curvy_vs_circles(&S[0].c, c, N, bits);
        check_list(bits, hits, idx, fxl_curvy_collect(&S[0].c, c, N, idx, cap), cap);
        mhits = fxl_curvy_vs_moving_circles(&S[0].c, c, to, N, mbits);
        for (i = 0; i < N; i++)
            CHECK_EQ((mbits[i >> 5] >> (i & 31u)) & 1u,
                     (uint32_t)fxl_curvy_vs_moving_circle(&S[0].c, c[i], to[i]));
        for (k = 0; k < 3; k++)
            arr[k] = S[k].c; /* the trails as one array (copies share the storage) */
        for (i = 0; i < N; i++) {
            size_t h = fxl_curvies_vs_circle(arr, 3, c[i], &many);
            size_t want = 0;
            for (k = 0; k < 3; k++) {
                bool one = fxl_curvy_vs_circle(&S[k].c, c[i]);
                CHECK_EQ((many >> k) & 1u, (uint32_t)one);
                want += one;
            }
            CHECK_EQ(h, want);
        }
        total += (uint32_t)(hits + mhits);
    }
    CHECK_COVER(total > 0);
}

static void laser3d_spheres(void)
{
    fxlt_rng rng = fxlt_rng_for("batch.laser3d");
    uint32_t round, total = 0;
    for (round = 0; round < FXLT_CASES(4000); round++) {
        fxl_laser3d l;
        fxl_laser3d_prep p;
        fxl_sphere sp[N];
        uint32_t bits[3];
        size_t i, hits;
        l.kind = (fxl_laser3d_kind)fxlt_range(&rng, 0, 2);
        l.anchor = fxlt_range(&rng, 0, 1) ? FXL_ANCHOR_EMITTER : FXL_ANCHOR_CENTRE;
        l.pos.x = PX(fxlt_range(&rng, -100, 100));
        l.pos.y = PX(fxlt_range(&rng, -100, 100));
        l.pos.z = PX(fxlt_range(&rng, -100, 100));
        l.yaw = fxlt_range(&rng, 0, 4095);
        l.pitch = fxlt_range(&rng, 0, 4095);
        l.length = fxlt_range(&rng, 0, PX(200));
        l.half_width = fxlt_range(&rng, 0, PX(12));
        l.egg_k = fxlt_range(&rng, 0, fix16_one);
        CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        for (i = 0; i < N; i++) {
            sp[i].c.x = l.pos.x + fxlt_range(&rng, -PX(150), PX(150));
            sp[i].c.y = l.pos.y + fxlt_range(&rng, -PX(150), PX(150));
            sp[i].c.z = l.pos.z + fxlt_range(&rng, -PX(150), PX(150));
            sp[i].r = fxlt_range(&rng, 0, PX(40));
        }
        hits = fxl_laser3d_vs_spheres(&p, sp, N, bits);
        CHECK_EQ(fxl_laser3d_vs_spheres(&p, sp, N, NULL), hits);
        for (i = 0; i < N; i++)
            CHECK_EQ((bits[i >> 5] >> (i & 31u)) & 1u, (uint32_t)fxl_laser3d_vs_sphere(&p, sp[i]));
        total += (uint32_t)hits;
    }
    CHECK_COVER(total > 0);
}

/* ---- issue 21: batch == single == oracle at the domain's edges --------- */

/* Every form a fixed circle can be asked in, for the laser l and the sweep
 * sw against c: the single calls, the batches of one (bits, index lists,
 * moving circles that stay put), the fused calls and the oracle; all must
 * agree. Returns the answer (the oracle's); *bad counts disagreements. */
static bool all_forms(const fxl_laser *l, const fxl_sweep *sw, fxl_circle c, uint32_t *bad)
{
    fxl_laser_prep lp;
    fxl_sweep_prep sp;
    uint32_t bits = 0, want_l, want_s;
    size_t idx = 0, hits = 0;
    uint32_t got[12], k, n = 0;

    if (!CHECK_EQ(fxl_laser_prepare(l, &lp), FXL_OK) || !CHECK_EQ(fxl_sweep_prepare(sw, &sp), FXL_OK))
        return false;
    want_l = (uint32_t)orc_laser_vs_circle(l, c);
    want_s = (uint32_t)orc_sweep_vs_circle(sw, c);
    got[n++] = (uint32_t)fxl_laser_vs_circle(&lp, c);
    got[n++] = (uint32_t)fxl_laser_vs_circles(&lp, &c, 1, &bits) + 2u * (bits & 1u);
    got[n++] = (uint32_t)fxl_laser_collect(&lp, &c, 1, &idx, 1);
    got[n++] = (uint32_t)fxl_laser_vs_moving_circle(&lp, c, c.c);
    got[n++] = (uint32_t)fxl_laser_vs_moving_circles(&lp, &c, &c.c, 1, &bits) + 2u * (bits & 1u);
    got[n++] = (fxl_lasers_vs_circle(l, 1, c, &bits, &hits) == FXL_OK ? (uint32_t)hits : 5u) +
               2u * (bits & 1u);
    for (k = 0; k < n; k++)
        if (got[k] != want_l * (k == 1 || k == 4 || k == 5 ? 3u : 1u)) {
            if (*bad < 4)
                fxlt_printf("  laser form %u: %u, oracle %u (kind %d angle %d len %d w %d pos %d,%d r %d)\n",
                            k, got[k], want_l, (int)l->kind, (int)l->angle, (int)l->length,
                            (int)l->half_width, (int)l->pos.x, (int)l->pos.y, (int)c.r);
            ++*bad;
        }
    n = 0;
    got[n++] = (uint32_t)fxl_sweep_vs_circle(&sp, c);
    got[n++] = (uint32_t)fxl_sweep_vs_circles(&sp, &c, 1, &bits) + 2u * (bits & 1u);
    got[n++] = (uint32_t)fxl_sweep_collect(&sp, &c, 1, &idx, 1);
    got[n++] = (uint32_t)fxl_sweep_vs_moving_circle(&sp, c, c.c);
    got[n++] = (uint32_t)fxl_sweep_vs_moving_circles(&sp, &c, &c.c, 1, &bits) + 2u * (bits & 1u);
    got[n++] = (fxl_sweeps_vs_circle(sw, 1, c, &bits, &hits) == FXL_OK ? (uint32_t)hits : 5u) +
               2u * (bits & 1u);
    for (k = 0; k < n; k++)
        if (got[k] != want_s * (k == 1 || k == 4 || k == 5 ? 3u : 1u)) {
            if (*bad < 4)
                fxlt_printf("  sweep form %u: %u, oracle %u (kind %d angle %d step %d len %d w %d r %d)\n",
                            k, got[k], want_s, (int)l->kind, (int)l->angle, (int)sw->motion.step,
                            (int)l->length, (int)l->half_width, (int)c.r);
            ++*bad;
        }
    return want_s != 0;
}

/* Issue 21 item 1: a capsule with a 2^28-raw round at angle 3056 (|t| =
 * 65535.73) against a point 116 raw units beyond the unscaled round: the
 * exact region reaches ~1,100 raw units further, so every form must hit
 * (the batch boxes grew by the round unscaled and missed it). */
static void round_scale_regression(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, -268435455), 3056, 0,
                                         268435339);
    fxl_sweep sw = fxl_sweep_turn(&l, 0);
    fxl_circle c = fxl_circle_make(0, 0, 0);
    uint32_t bad = 0;
    CHECK(orc_laser_vs_circle(&l, c));
    CHECK(all_forms(&l, &sw, c, &bad));
    sw = fxl_sweep_turn(&l, 5);
    CHECK(all_forms(&l, &sw, c, &bad));
    CHECK_EQ(bad, 0u);
}

/* The laser of an edge case placed so that the circle (at the origin) lies
 * d raw units from its reference point, seen from direction b. */
static fxl_laser edge_laser(int cfg, fxl_angle a, fxl_angle b, int32_t d)
{
    fxl_laser l;
    int64_t px = -(((int64_t)d * fxl_cos(b)) >> 16), py = -(((int64_t)d * fxl_sin(b)) >> 16);
    switch (cfg) {
    case 0: l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), a, 0, FXL_SIZE_MAX); break;
    case 1: l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), a, FXL_SIZE_MAX, FXL_SIZE_MAX); break;
    case 2: l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), a, FXL_SIZE_MAX, FXL_SIZE_MAX); break;
    case 3: l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), a, FXL_SIZE_MAX / 2, FXL_SIZE_MAX); break;
    default: l = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), a, FXL_SIZE_MAX / 2, 0); break;
    }
    l.pos = fxl_vec2_make((fix16_t)px, (fix16_t)py);
    return l;
}

typedef struct edge_q {
    int cfg, sweep;
    fxl_angle a, b;
    int32_t step;
    fxl_circle c;
} edge_q;

/* The sweep of an edge case: a turn about the reference point, about a
 * pivot off it, or pose to pose (a move and a turn), by the angle's bits. */
static fxl_sweep edge_sweep(const edge_q *q, const fxl_laser *l)
{
    fxl_sweep s = fxl_sweep_turn(l, q->sweep ? q->step : 0);
    int32_t a = q->a; /* 0..4095 */
    if (q->sweep && (a & 4) != 0)
        s.motion.pivot = fxl_vec2_make(l->pos.x + PX(a % 97), l->pos.y - PX(a % 31));
    if (q->sweep && (a & 8) != 0)
        s.motion.move = fxl_vec2_make(PX(a % 9) - PX(4), PX(3) - PX(a % 7));
    return s;
}

/* The single test's answer at distance d (the laser, or the sweep). */
static bool edge_single(const edge_q *q, int32_t d)
{
    fxl_laser l = edge_laser(q->cfg, q->a, q->b, d);
    fxl_sweep sw = edge_sweep(q, &l);
    fxl_laser_prep lp;
    fxl_sweep_prep sp;
    if (!q->sweep) {
        (void)fxl_laser_prepare(&l, &lp);
        return fxl_laser_vs_circle(&lp, q->c);
    }
    (void)fxl_sweep_prepare(&sw, &sp);
    return fxl_sweep_vs_circle(&sp, q->c);
}

/* Every table angle (so every |t|), the largest widths and lengths, radius
 * 0 and FXL_SIZE_MAX: the circle placed by bisection where the single test
 * changes its answer along a ray, and every form asked one raw unit either
 * side of it. */
static void domain_edges(void)
{
    uint32_t a, bad = 0, ncase = 0, hits = 0, stride = FXLT_PROPERTY_DIVISOR > 1 ? 61u : 1u;
    for (a = 0; a < 4096u; a += stride) {
        int j;
        for (j = 0; j < 3; j++) {
            edge_q q;
            int32_t lo = 0, hi = 0x3F000000, e;
            q.cfg = j == 0 ? 0 : 1 + (int)((a / 2u + (uint32_t)j) % 4u);
            q.sweep = j == 2;
            q.a = (fxl_angle)a;
            q.b = (fxl_angle)((a * 7u + (uint32_t)j * 1024u + (a & 3u) * 300u) & 4095u);
            q.step = (a & 1u) ? (int32_t)(a % 40u) : -(int32_t)(a % 23u);
            q.c = fxl_circle_make(0, 0, ((a >> 1) & 1u) && j != 0 ? FXL_SIZE_MAX : 0);
            if (!edge_single(&q, lo) || edge_single(&q, hi))
                continue;
            while (hi - lo > 1) { /* hit at lo, miss at hi */
                int32_t mid = lo + (hi - lo) / 2;
                if (edge_single(&q, mid))
                    lo = mid;
                else
                    hi = mid;
            }
            for (e = lo - 1; e <= hi + 1; e++) {
                fxl_laser l = edge_laser(q.cfg, q.a, q.b, e);
                fxl_sweep sw = edge_sweep(&q, &l);
                hits += all_forms(&l, &sw, q.c, &bad);
                ncase++;
            }
        }
    }
    fxlt_printf("    %u edge cases (every table angle, sizes up to FXL_SIZE_MAX), %u hits, %u disagreements\n",
                ncase, hits, bad);
    CHECK_EQ(bad, 0u);
    CHECK_EQ(orc_faults(), 0u);
    CHECK(hits > ncase / 4 && hits < ncase - ncase / 4);
}

/* Issue 21 items 3 and 5: every batch entry point takes (NULL, 0); the
 * fused calls refuse a NULL array of n > 0 (FXL_ERR_NULL, no hits); the
 * builders and drawing calls trap a NULL laser through FXL_ASSERT (the
 * test build counts it) and stay defined. */
static void null_inputs(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 100, PX(50), PX(3));
    fxl_sweep sw = fxl_sweep_turn(&l, 20);
    fxl_laser_prep lp;
    fxl_sweep_prep sp;
    fxl_circle c = fxl_circle_make(PX(10), PX(2), PX(2));
    fxl_vec2 q[4], s0, s1;
    uint32_t bits = 0x5A5A5A5Au, seen;
    size_t hits = 7;

    CHECK_EQ(fxl_laser_prepare(&l, &lp), FXL_OK);
    CHECK_EQ(fxl_sweep_prepare(&sw, &sp), FXL_OK);
    CHECK_EQ(fxl_laser_vs_circles(&lp, NULL, 0, NULL), 0u);
    CHECK_EQ(fxl_laser_vs_circles(&lp, NULL, 0, &bits), 0u);
    CHECK_EQ(fxl_laser_collect(&lp, NULL, 0, NULL, 0), 0u);
    CHECK_EQ(fxl_laser_vs_moving_circles(&lp, NULL, NULL, 0, NULL), 0u);
    CHECK_EQ(fxl_sweep_vs_circles(&sp, NULL, 0, NULL), 0u);
    CHECK_EQ(fxl_sweep_collect(&sp, NULL, 0, NULL, 0), 0u);
    CHECK_EQ(fxl_sweep_vs_moving_circles(&sp, NULL, NULL, 0, NULL), 0u);
    CHECK_EQ(bits, 0x5A5A5A5Au); /* nothing written for no circles */
    CHECK_EQ(fxl_lasers_vs_circle(NULL, 0, c, NULL, NULL), FXL_OK);
    CHECK_EQ(fxl_sweeps_vs_circle(NULL, 0, c, NULL, NULL), FXL_OK);
    CHECK_EQ(fxl_lasers_vs_circle(NULL, 3, c, &bits, &hits), FXL_ERR_NULL);
    CHECK_EQ(hits, 0u);
    hits = 7;
    CHECK_EQ(fxl_sweeps_vs_circle(NULL, 3, c, &bits, &hits), FXL_ERR_NULL);
    CHECK_EQ(hits, 0u);
    CHECK_EQ(fxl_lasers_vs_circle(NULL, 3, c, NULL, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_sweeps_vs_circle(NULL, 3, c, NULL, NULL), FXL_ERR_NULL);
    CHECK_EQ(bits, 0x5A5A5A5Au);
    seen = fxlt_asserts_seen();
    fxlt_expect_asserts(true);
    sw = fxl_sweep_turn(NULL, 5);
    CHECK_EQ(sw.motion.step, 0);
    sw = fxl_sweep_turn_about(NULL, c.c, 5);
    CHECK_EQ(sw.motion.step, 0);
    sw = fxl_sweep_turn_to(NULL, 5);
    CHECK_EQ(sw.motion.step, 0);
    sw = fxl_sweep_to_pose(NULL, c.c, 5);
    CHECK_EQ(fxl_sweep_prepare(&sw, &sp), FXL_OK); /* a zero laser: in the domain */
    fxl_laser_quad(NULL, q);
    CHECK(q[0].x == 0 && q[3].y == 0);
    fxl_laser_ends(NULL, &s0, &s1);
    CHECK(s0.x == 0 && s1.y == 0);
    CHECK_EQ(fxlt_asserts_seen() - seen, 6u);
    fxlt_expect_asserts(false);
}

/* The batch's sure miss of a motion that moves (sweep.c's motion_far,
 * ahead of motion_hit) against the single call near touching: sweeps that
 * slide, slide and turn, or turn about another pivot; circles at points
 * about the swept region, each at the touching radius (the least r the
 * single call hits: a hit grows with r) and one raw unit below it, among
 * others about the region; the batch's bits equal the single call's. */
static void moving_batch_touching(void)
{
    static const gen_motion motions[4] = {GEN_SLIDE, GEN_POSE, GEN_MOVING, GEN_TURN_OFFBEAM};
    fxlt_rng rng = fxlt_rng_for("batch.moving_batch_touching");
    uint32_t round, n = FXLT_CASES(3000), touching = 0, hits = 0;
    for (round = 0; round < n; round++) {
        fxl_sweep s = gen_sweep(&rng, motions[round % 4u]);
        fxl_sweep_prep sp;
        fxl_circle c[N];
        uint32_t bits[3];
        size_t i, got, want = 0;

        CHECK_EQ(fxl_sweep_prepare(&s, &sp), FXL_OK);
        for (i = 0; i < N; i += 2) {
            fxl_circle k;
            int32_t hi = PX(64);
            k.c = gen_sweep_point(&rng, &s);
            k.r = hi;
            if (fxl_sweep_vs_circle(&sp, k)) {
                /* the least r in [0, hi] that hits (lo misses, unless 0 hits) */
                k.r = 0;
                if (fxl_sweep_vs_circle(&sp, k)) {
                    hi = 0;
                } else {
                    int32_t lo = 0;
                    while (hi - lo > 1) {
                        k.r = lo + (hi - lo) / 2;
                        if (fxl_sweep_vs_circle(&sp, k))
                            hi = k.r;
                        else
                            lo = k.r;
                    }
                    touching++;
                }
                c[i] = k, c[i].r = hi;
                c[i + 1] = k, c[i + 1].r = hi > 0 ? hi - 1 : 0;
            } else {
                c[i] = k, c[i].r = (int32_t)fxlt_range(&rng, 0, PX(8));
                c[i + 1] = k, c[i + 1].c = gen_sweep_point(&rng, &s);
            }
        }
        got = fxl_sweep_vs_circles(&sp, c, N, bits);
        for (i = 0; i < N; i++) {
            uint32_t one = (uint32_t)fxl_sweep_vs_circle(&sp, c[i]);
            CHECK_EQ((bits[i >> 5] >> (i & 31u)) & 1u, one);
            want += one;
        }
        CHECK_EQ(got, want);
        hits += (uint32_t)got;
    }
    CHECK_COVER(hits > 0 && touching > 0);
    if (n >= 3000u) /* full-size runs: the touching band well covered */
        CHECK(touching > 20000u);
}

static const fxlt_case cases[] = {
    {"laser_check", laser_check},
    {"laser_moving_circle", laser_moving_circle},
    {"laser_and_sweep_batches", laser_and_sweep_batches},
    {"curvy_batches", curvy_batches},
    {"laser3d_spheres", laser3d_spheres},
    {"round_scale_regression", round_scale_regression},
    {"domain_edges", domain_edges},
    {"null_inputs", null_inputs},
    {"moving_batch_touching", moving_batch_touching},
};

const fxlt_suite fxlt_suite_batch = {"batch", cases, FXLT_COUNT(cases)};
