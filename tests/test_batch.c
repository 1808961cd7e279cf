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
    CHECK(refused > 0);
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
    CHECK(hits > n / 8 && hits < n - n / 8);
    CHECK(still_hits > 0);
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
    CHECK(total > 0);
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
    CHECK(total > 0);
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
    CHECK(total > 0);
}

static const fxlt_case cases[] = {
    {"laser_check", laser_check},
    {"laser_moving_circle", laser_moving_circle},
    {"laser_and_sweep_batches", laser_and_sweep_batches},
    {"curvy_batches", curvy_batches},
    {"laser3d_spheres", laser3d_spheres},
};

const fxlt_suite fxlt_suite_batch = {"batch", cases, FXLT_COUNT(cases)};
