/* test_fused.c - the frame's fast calls (many shapes against one circle)
 * against the per-object calls they replace, and, where a port supplies its
 * own routine (the GBA's hand-scheduled ARM), against the core's portable
 * C loop bit for bit, for any int32 input: hit words, counts, codes. */
#include "harness.h"

#include "fixlaser.h"

#define PX(v) ((fix16_t)((v) * 65536))

#if FXL_PORT_CIRCLES_VS_CIRCLE
size_t fxl__circles_vs_circle_c(const fxl_circle *circles, size_t n, fxl_circle circle,
                                uint32_t *hit_bits);
#endif
#if FXL_PORT_LASERS_VS_CIRCLE
fxl_result fxl__lasers_vs_circle_c(const fxl_laser *lasers, size_t n, fxl_circle circle,
                                   uint32_t *hit_bits, size_t *hits);
bool fxl__laser_rest(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r);
bool fxl__laser_rest_turn(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r, int32_t turn);
#endif
bool fxl__laser_rest_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r); /* src/frame.h */
bool fxl__laser_rest_turn_c(const fxl_laser *l, fix16_t x, fix16_t y, fix16_t r, int32_t turn);

/* Any int32, with the interesting values often. */
static int32_t any32(fxlt_rng *rng)
{
    uint32_t k = fxlt_below(rng, 8);
    int32_t v = (int32_t)(uint32_t)fxlt_next(rng);
    switch (k) {
    case 0: return INT32_MIN;
    case 1: return INT32_MAX;
    case 2: return FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 3: return -FXL_COORD_MAX + fxlt_range(rng, -1, 1);
    case 4: return FXL_SIZE_MAX + fxlt_range(rng, -1, 1);
    default: return v;
    }
}

/* A circle on the screen, or (one in eight) anything at all. */
static fxl_circle some_circle(fxlt_rng *rng, bool wild)
{
    fxl_circle c;
    if (wild) {
        c.c.x = any32(rng);
        c.c.y = any32(rng);
        c.r = any32(rng);
        return c;
    }
    c.c.x = fxlt_range(rng, 0, PX(240));
    c.c.y = fxlt_range(rng, 0, PX(160));
    c.r = fxlt_range(rng, 0, PX(6));
    return c;
}

/* Bullets against a player, with circles placed exactly at the x and y
 * windows' edges (|d| = r1 + r2 and one raw step either side) and exactly
 * touching. */
static void circles_match(void)
{
    static fxl_circle c[300] FXL_EWRAM_BSS;
    static uint32_t bits[10], ref[10];
    fxlt_rng rng = fxlt_rng_for("circles_match");
    uint32_t round, edges = 0;
    for (round = 0; round < 20000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        size_t n = fxlt_below(&rng, 300), i, count = 0, got;
        bool wild = fxlt_below(&rng, 8) == 0;
        fxl_circle p = some_circle(&rng, false);
        for (i = 0; i < n; i++) {
            uint32_t kind = fxlt_below(&rng, 4);
            c[i] = some_circle(&rng, wild && fxlt_below(&rng, 4) == 0);
            if (kind == 0 && !wild) { /* on an edge of a window */
                int32_t reach = c[i].r + p.r, d = reach + fxlt_range(&rng, -1, 1);
                if (fxlt_below(&rng, 2))
                    c[i].c.x = p.c.x + (fxlt_below(&rng, 2) ? d : -d), c[i].c.y = p.c.y;
                else
                    c[i].c.y = p.c.y + (fxlt_below(&rng, 2) ? d : -d), c[i].c.x = p.c.x;
                edges++;
            } else if (kind == 1 && !wild) { /* 3-4-5: touching on a diagonal */
                int32_t k = fxlt_range(&rng, 80000, 200000);
                c[i].r = 5 * k - p.r + fxlt_range(&rng, -1, 1);
                c[i].r = c[i].r < 0 ? 0 : c[i].r;
                c[i].c.x = p.c.x + 3 * k;
                c[i].c.y = p.c.y - 4 * k;
                edges++;
            }
        }
        for (i = 0; i < 10; i++)
            bits[i] = ref[i] = 0xDEADBEEFu;
        fxlt_expect_asserts(wild); /* out-of-domain bullets: reported, never UB */
        got = fxl_circles_vs_circle(c, n, p, bits);
        if (!wild) {
            for (i = 0; i < n; i++) {
                bool h = fxl_circle_vs_circle(c[i], p);
                count += h;
                CHECK(((bits[i >> 5] >> (i & 31)) & 1u) == (h ? 1u : 0u));
            }
            CHECK_EQ(got, count);
            if (n % 32 != 0)
                CHECK_EQ(bits[n >> 5] >> (n & 31), 0);
        }
#if FXL_PORT_CIRCLES_VS_CIRCLE
        CHECK_EQ(got, fxl__circles_vs_circle_c(c, n, p, ref));
        for (i = 0; i < (n + 31) / 32; i++)
            CHECK_EQ(bits[i], ref[i]);
#endif
        CHECK_EQ(fxl_circles_vs_circle(c, n, p, NULL), got);
        fxlt_expect_asserts(false);
    }
    fxlt_printf("    %u rounds, %u circles on a window's edge or touching\n", round, edges);
}

/* A laser on the screen, or with any int32 in one field. */
static fxl_laser some_laser(fxlt_rng *rng, bool wild)
{
    fxl_laser l;
    fix16_t x = fxlt_range(rng, 0, PX(240));
    fix16_t y = fxlt_range(rng, 0, PX(160));
    fxl_angle a = (fxl_angle)fxlt_below(rng, 4096);
    fix16_t len = fxlt_range(rng, 0, PX(240));
    fix16_t hw = fxlt_range(rng, 0, PX(8));
    l = fxl_laser_from_emitter((fxl_laser_kind)fxlt_below(rng, 2), fxl_vec2_make(x, y), a, len, hw);
    l.anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
    l.hit_fraction = fxlt_range(rng, 0, fix16_one);
    if (wild) {
        switch (fxlt_below(rng, 8)) {
        case 0: l.kind = (fxl_laser_kind)fxlt_below(rng, 4); break;
        case 1: l.anchor = (fxl_laser_anchor)fxlt_below(rng, 4); break;
        case 2: l.pos.x = any32(rng); break;
        case 3: l.pos.y = any32(rng); break;
        case 4: l.length = any32(rng); break;
        case 5: l.half_width = any32(rng); break;
        case 6: l.hit_fraction = any32(rng); break;
        default: l.angle = any32(rng); break;
        }
    }
    return l;
}

/* Lasers against the player: hit words, count and the first refusal's
 * code as fxl_laser_prepare + fxl_laser_vs_circle give them. */
static void lasers_match(void)
{
    static fxl_laser l[100] FXL_EWRAM_BSS;
    static uint32_t bits[4], ref[4];
    fxlt_rng rng = fxlt_rng_for("lasers_match");
    uint32_t round, refused = 0, hit = 0;
    for (round = 0; round < 20000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        size_t n = fxlt_below(&rng, 100), i, count = 0, got = 12345;
        bool wild = fxlt_below(&rng, 4) == 0, wild_circle = fxlt_below(&rng, 16) == 0;
        fxl_circle p = some_circle(&rng, wild_circle);
        fxl_result want = fxl_circle_check(p), res;
        for (i = 0; i < n; i++)
            l[i] = some_laser(&rng, wild && fxlt_below(&rng, 8) == 0);
        for (i = 0; i < 4; i++)
            bits[i] = ref[i] = 0xDEADBEEFu;
        res = fxl_lasers_vs_circle(l, n, p, bits, &got);
        for (i = 0; i < n; i++) {
            fxl_laser_prep lp;
            fxl_result r = fxl_laser_prepare(&l[i], &lp);
            bool h = r == FXL_OK && fxl_circle_check(p) == FXL_OK && fxl_laser_vs_circle(&lp, p);
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            refused += r != FXL_OK;
            count += h;
            CHECK(((bits[i >> 5] >> (i & 31)) & 1u) == (h ? 1u : 0u));
        }
        hit += (uint32_t)count;
        CHECK_EQ(res, want);
        CHECK_EQ(got, count);
#if FXL_PORT_LASERS_VS_CIRCLE
        {
            size_t got_c = 54321;
            CHECK_EQ(fxl__lasers_vs_circle_c(l, n, p, ref, &got_c), res);
            CHECK_EQ(got_c, got);
            for (i = 0; i < (n + 31) / 32; i++)
                CHECK_EQ(bits[i], ref[i]);
        }
#endif
        CHECK_EQ(fxl_lasers_vs_circle(l, n, p, NULL, NULL), res);
    }
    fxlt_printf("    %u rounds, %u lasers refused, %u hits\n", round, refused, hit);
}

/* The sweep tests' array, shared (the GBA test ROM's EWRAM is nearly
 * full). */
static fxl_sweep sweep_pool[40] FXL_EWRAM_BSS;

/* Sweeps against the player: the same for fxl_sweeps_vs_circle. */
static void sweeps_match(void)
{
    fxl_sweep *s = sweep_pool;
    static uint32_t bits[2];
    fxlt_rng rng = fxlt_rng_for("sweeps_match");
    uint32_t round, refused = 0, hit = 0;
    for (round = 0; round < 10000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        size_t n = fxlt_below(&rng, 40), i, count = 0, got = 12345;
        bool wild = fxlt_below(&rng, 4) == 0;
        fxl_circle p = some_circle(&rng, fxlt_below(&rng, 16) == 0);
        fxl_result want = fxl_circle_check(p), res;
        for (i = 0; i < n; i++) {
            fxl_laser l = some_laser(&rng, wild && fxlt_below(&rng, 8) == 0);
            int32_t step = fxlt_range(&rng, -60, 60);
            s[i] = fxl_sweep_turn(&l, step);
            switch (fxlt_below(&rng, 6)) {
            case 0: /* wrapping: a wild laser's position may be near INT32_MIN */
                s[i].motion.pivot.x = (fix16_t)((uint32_t)s[i].motion.pivot.x +
                                                (uint32_t)fxlt_range(&rng, -PX(40), PX(40)));
                break;
            case 1: s[i].motion.move.y = fxlt_range(&rng, -PX(5), PX(5)); break;
            case 2: s[i].motion.step = wild ? any32(&rng) : fxlt_range(&rng, -2048, 2048); break;
            default: break;
            }
        }
        res = fxl_sweeps_vs_circle(s, n, p, bits, &got);
        for (i = 0; i < n; i++) {
            fxl_sweep_prep sp;
            fxl_result r = fxl_sweep_prepare(&s[i], &sp);
            bool h = r == FXL_OK && fxl_circle_check(p) == FXL_OK && fxl_sweep_vs_circle(&sp, p);
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            refused += r != FXL_OK;
            count += h;
            CHECK(((bits[i >> 5] >> (i & 31)) & 1u) == (h ? 1u : 0u));
        }
        hit += (uint32_t)count;
        CHECK_EQ(res, want);
        CHECK_EQ(got, count);
    }
    fxlt_printf("    %u rounds, %u sweeps refused, %u hits\n", round, refused, hit);
}

/* The fused sweep call's checks on a box of +-2^29 per axis (sweep.c's
 * sweep_base_ok and sweep_general_ok): laser.pos, the pivot or pivot +
 * move put on the box's edges (-2^29 - 1, -2^29, 2^29 - 1, 2^29) or the
 * domain's (+-FXL_COORD_MAX, one raw unit beyond), on one axis, the rest
 * of the sweep and the player within 40 px: the same hit words, counts and
 * codes as fxl_sweep_prepare + fxl_sweep_vs_circle for each. */
static void sweeps_box_edges(void)
{
    static const int32_t edges[] = {-(INT32_C(1) << 29) - 1, -(INT32_C(1) << 29),
                                    (INT32_C(1) << 29) - 1, INT32_C(1) << 29,
                                    -FXL_COORD_MAX, FXL_COORD_MAX, -FXL_COORD_MAX - 1,
                                    FXL_COORD_MAX + 1};
    fxl_sweep *s = sweep_pool;
    static uint32_t bits[1];
    fxlt_rng rng = fxlt_rng_for("sweeps_box_edges");
    uint32_t round, outside = 0, hit = 0, refused = 0;
    for (round = 0; round < 4000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        size_t n = 1 + fxlt_below(&rng, 32), i, count = 0, got = 12345;
        int32_t e = edges[fxlt_below(&rng, 8)];
        bool on_x = fxlt_below(&rng, 2) == 0;
        fix16_t bx = on_x ? e : fxlt_range(&rng, -PX(100), PX(100));
        fix16_t by = on_x ? fxlt_range(&rng, -PX(100), PX(100)) : e;
        fxl_circle p = fxl_circle_make(bx + fxlt_range(&rng, -PX(40), PX(40)),
                                       by + fxlt_range(&rng, -PX(40), PX(40)),
                                       fxlt_range(&rng, 0, PX(6)));
        fxl_result want = fxl_circle_check(p), res;
        for (i = 0; i < n; i++) {
            fxl_laser l = fxl_laser_from_emitter(
                (fxl_laser_kind)fxlt_below(&rng, 2),
                fxl_vec2_make(bx + fxlt_range(&rng, -PX(40), PX(40)),
                              by + fxlt_range(&rng, -PX(40), PX(40))),
                (fxl_angle)fxlt_below(&rng, 4096), fxlt_range(&rng, 0, PX(80)),
                fxlt_range(&rng, 0, PX(8)));
            fxl_motion *m;
            l.anchor = (fxl_laser_anchor)fxlt_below(&rng, 2);
            l.hit_fraction = fxlt_range(&rng, 0, fix16_one);
            s[i] = fxl_sweep_turn(&l, fxlt_range(&rng, -60, 60));
            m = &s[i].motion;
            if (fxlt_below(&rng, 2) == 0) { /* about another pivot, moving */
                m->pivot.x = l.pos.x + fxlt_range(&rng, -PX(20), PX(20));
                m->pivot.y = l.pos.y + fxlt_range(&rng, -PX(20), PX(20));
                m->move = fxl_vec2_make(fxlt_range(&rng, -PX(8), PX(8)),
                                        fxlt_range(&rng, -PX(8), PX(8)));
            }
            /* One of the three on the edge itself. */
            switch (fxlt_below(&rng, 3)) {
            case 0:
                if (on_x)
                    s[i].laser.pos.x = e;
                else
                    s[i].laser.pos.y = e;
                if (fxlt_below(&rng, 2) == 0)
                    m->pivot = s[i].laser.pos;
                break;
            case 1:
                if (on_x)
                    m->pivot.x = e;
                else
                    m->pivot.y = e;
                break;
            default:
                if (on_x)
                    m->move.x = (fix16_t)((int64_t)e - m->pivot.x);
                else
                    m->move.y = (fix16_t)((int64_t)e - m->pivot.y);
                break;
            }
        }
        res = fxl_sweeps_vs_circle(s, n, p, bits, &got);
        for (i = 0; i < n; i++) {
            const fxl_motion *m = &s[i].motion;
            int64_t lim = INT64_C(1) << 29;
            const int64_t v[6] = {s[i].laser.pos.x, s[i].laser.pos.y, m->pivot.x, m->pivot.y,
                                  (int64_t)m->pivot.x + m->move.x,
                                  (int64_t)m->pivot.y + m->move.y};
            fxl_sweep_prep sp;
            fxl_result r = fxl_sweep_prepare(&s[i], &sp);
            bool h = r == FXL_OK && fxl_circle_check(p) == FXL_OK && fxl_sweep_vs_circle(&sp, p);
            int k;
            for (k = 0; k < 6; k++)
                if (r == FXL_OK && (v[k] < -lim || v[k] >= lim)) {
                    outside++;
                    break;
                }
            if (r != FXL_OK && want == FXL_OK)
                want = r;
            refused += r != FXL_OK;
            count += h;
            CHECK(((bits[0] >> i) & 1u) == (h ? 1u : 0u));
        }
        hit += (uint32_t)count;
        CHECK_EQ(res, want);
        CHECK_EQ(got, count);
    }
    fxlt_printf("    %u rounds, %u valid sweeps beyond the box, %u refused, %u hits\n", round,
                outside, refused, hit);
}

/* Issue 20's near path of fxl_sweeps_vs_circle (sweep.c: sweep_near,
 * near_turn, fxl__sweep_witness + near_rest), concentrated at touching:
 * every motion kind (a turn about laser.pos, about another pivot, a turn
 * and a move, a move alone, half turns) near the player; for each sweep
 * the least radius r* at which fxl_sweep_prepare + fxl_sweep_vs_circle
 * hits (a bisection: a larger circle holds a smaller one's hits), then
 * the fused call at r* - 1, r*, r* + 1 raw units, alone and in a block of
 * sweeps: the same bit, count and code. */
static int32_t least_hit_radius(const fxl_sweep_prep *sp, fxl_vec2 c, int32_t hi)
{
    int32_t lo = -1; /* misses at lo (none below 0), hits at hi */
    while (hi - lo > 1) {
        int32_t mid = lo + (hi - lo) / 2;
        if (fxl_sweep_vs_circle(sp, fxl_circle_make(c.x, c.y, mid)))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* The fused call on a block s[0..n) against the player c of radius rs - 1,
 * rs and rs + 1 (rs: s[0]'s touching radius, exact when below hi), against
 * each sweep prepared and tested alone: the bits, the count, and s[0]'s
 * answer flipping at rs. Adds the hits and sweeps tested. */
static void block_at_touch(const fxl_sweep *s, size_t n, fxl_vec2 c, int32_t rs, int32_t hi,
                           uint32_t *bits, uint32_t *hit, uint32_t *tested)
{
    int32_t d;
    size_t i;
    for (d = -1; d <= 1; d++) {
        fxl_circle p = fxl_circle_make(c.x, c.y, rs + d);
        size_t got = 12345, count = 0;
        fxl_result want = fxl_circle_check(p);
        CHECK_EQ(fxl_sweeps_vs_circle(s, n, p, bits, &got), want);
        for (i = 0; i < n; i++) {
            fxl_sweep_prep spi;
            bool h = fxl_sweep_prepare(&s[i], &spi) == FXL_OK && want == FXL_OK &&
                     fxl_sweep_vs_circle(&spi, p);
            count += h;
            CHECK(((bits[0] >> i) & 1u) == (h ? 1u : 0u));
        }
        CHECK_EQ(got, count);
        if (rs < hi && rs + d >= 0)
            CHECK((((bits[0] & 1u) != 0) == (d >= 0)));
        *hit += (uint32_t)count;
        *tested += (uint32_t)n;
    }
}

static void sweeps_near_touching(void)
{
    fxl_sweep *s = sweep_pool;
    static uint32_t bits[2];
    fxlt_rng rng = fxlt_rng_for("sweeps_near_touching");
    uint32_t round, kinds[5] = {0, 0, 0, 0, 0}, hit = 0, tested = 0;
    for (round = 0; round < 6000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        fxl_vec2 c = fxl_vec2_make(fxlt_range(&rng, PX(60), PX(180)), fxlt_range(&rng, PX(40), PX(120)));
        fxl_laser l = fxl_laser_from_emitter(
            (fxl_laser_kind)fxlt_below(&rng, 2),
            fxl_vec2_make(c.x + fxlt_range(&rng, -PX(50), PX(50)), c.y + fxlt_range(&rng, -PX(50), PX(50))),
            (fxl_angle)fxlt_below(&rng, 4096), fxlt_range(&rng, 0, PX(80)), fxlt_range(&rng, 0, PX(8)));
        uint32_t kind = fxlt_below(&rng, 5);
        int32_t step = fxlt_below(&rng, 8) == 0 ? fxlt_range(&rng, -2048, 2048) : fxlt_range(&rng, -60, 60);
        fxl_sweep_prep sp;
        int32_t rs;
        size_t n, i;
        l.anchor = (fxl_laser_anchor)fxlt_below(&rng, 2);
        l.hit_fraction = fxlt_range(&rng, fix16_one / 4, fix16_one);
        switch (kind) {
        case 0: s[0] = fxl_sweep_turn(&l, step); break;
        case 1:
            s[0] = fxl_sweep_turn_about(&l, fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(30), PX(30)),
                                                          l.pos.y + fxlt_range(&rng, -PX(30), PX(30))),
                                        step);
            break;
        case 2:
        case 3:
            s[0] = fxl_sweep_to_pose(&l,
                                     fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(8), PX(8)),
                                                   l.pos.y + fxlt_range(&rng, -PX(8), PX(8))),
                                     kind == 3 ? l.angle : (fxl_angle)(l.angle + step));
            if (fxlt_below(&rng, 2) == 0) /* and about another pivot */
                s[0].motion.pivot = fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(30), PX(30)),
                                                  l.pos.y + fxlt_range(&rng, -PX(30), PX(30)));
            break;
        default: /* a move of a few raw units (floor(move / 2) per axis) */
            s[0] = fxl_sweep_turn(&l, step);
            s[0].motion.move = fxl_vec2_make(fxlt_range(&rng, -3, 3), fxlt_range(&rng, -3, 3));
            break;
        }
        if (fxl_sweep_prepare(&s[0], &sp) != FXL_OK)
            continue;
        kinds[kind]++;
        rs = least_hit_radius(&sp, c, PX(64));
        /* a block of copies of other sweeps about the same player too */
        n = 1 + fxlt_below(&rng, 8);
        for (i = 1; i < n; i++) {
            s[i] = s[0];
            s[i].laser.angle = (fxl_angle)fxlt_below(&rng, 4096);
        }
        block_at_touch(s, n, c, rs, PX(64), bits, &hit, &tested);
    }
    fxlt_printf("    %u rounds (turn %u, about a pivot %u, pose %u, move %u, small move %u), "
                "%u sweeps tested, %u hits\n",
                round, kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], tested, hit);
}

/* The fused call's near path (sweep.c's sweep_rest: the poses tested as
 * lasers, moving_far, the ends' turn_far miss, then the exact stages) at
 * the touching radius: sweeps of every motion with the player a few px
 * from the beam's edge at a pose between the ends (as the benchmark's near
 * rows place it), the least radius that hits found with the single call,
 * then the fused call at that radius and one raw unit either side: the
 * same bits as fxl_sweep_prepare + fxl_sweep_vs_circle, a miss below and a
 * hit at it. */
static void sweeps_edge_touching(void)
{
    fxl_sweep *s = sweep_pool;
    static uint32_t bits[2];
    fxlt_rng rng = fxlt_rng_for("sweeps_edge_touching");
    uint32_t round, kinds[6] = {0, 0, 0, 0, 0, 0}, hit = 0, tested = 0;
    for (round = 0; round < 8000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 30u; round++) {
        fxl_vec2 c = fxl_vec2_make(fxlt_range(&rng, PX(60), PX(180)), fxlt_range(&rng, PX(40), PX(120)));
        fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(&rng, 2);
        fxl_angle angle = (fxl_angle)fxlt_below(&rng, 4096);
        int32_t len = fxlt_range(&rng, PX(20), PX(240)), hw = fxlt_range(&rng, PX(1), PX(6));
        uint32_t motion = fxlt_below(&rng, 6);
        int32_t step = fxlt_range(&rng, 1, 40) * (fxlt_below(&rng, 2) != 0 ? 1 : -1);
        int32_t u = fxlt_range(&rng, -PX(4), len + PX(4)), v, rs;
        fix16_t co = fxl_cos(angle), sn = fxl_sin(angle);
        fxl_laser l;
        fxl_sweep_prep sp;
        size_t n, i;
        if (motion == 5)
            step = fxlt_range(&rng, -1, 1); /* no middle pose */
        /* the player at frame point (u, v) of the laser at `angle`: v just
         * beside the hitbox's edge (its half-width at most hw) */
        v = (fxlt_below(&rng, 2) != 0 ? 1 : -1) * (hw + fxlt_range(&rng, -PX(3), PX(3)));
        l = fxl_laser_from_emitter(kind,
                                   fxl_vec2_make(c.x - (fix16_t)(((int64_t)co * u - (int64_t)sn * v) >> 16),
                                                 c.y - (fix16_t)(((int64_t)sn * u + (int64_t)co * v) >> 16)),
                                   (fxl_angle)(angle - step / 2), len, hw);
        l.anchor = (fxl_laser_anchor)fxlt_below(&rng, 2);
        l.hit_fraction = fxlt_range(&rng, fix16_one / 2, fix16_one);
        switch (motion) {
        case 0: s[0] = fxl_sweep_turn(&l, step); break;
        case 1: /* about a pivot beside the beam */
            s[0] = fxl_sweep_turn_about(&l, fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(24), PX(24)),
                                                          l.pos.y + fxlt_range(&rng, -PX(24), PX(24))),
                                        step);
            break;
        case 2: /* pose to pose (a turn about laser.pos and a move) */
        case 5:
            s[0] = fxl_sweep_to_pose(&l,
                                     fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(8), PX(8)),
                                                   l.pos.y + fxlt_range(&rng, -PX(8), PX(8))),
                                     (fxl_angle)(l.angle + step));
            break;
        case 3: /* a move and a turn about another pivot */
            s[0] = fxl_sweep_to_pose(&l,
                                     fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(8), PX(8)),
                                                   l.pos.y + fxlt_range(&rng, -PX(8), PX(8))),
                                     (fxl_angle)(l.angle + step));
            s[0].motion.pivot = fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(30), PX(30)),
                                              l.pos.y + fxlt_range(&rng, -PX(30), PX(30)));
            break;
        default: /* a slide, no turn */
            s[0] = fxl_sweep_to_pose(&l,
                                     fxl_vec2_make(l.pos.x + fxlt_range(&rng, -PX(8), PX(8)),
                                                   l.pos.y + fxlt_range(&rng, -PX(8), PX(8))),
                                     l.angle);
            break;
        }
        if (fxl_sweep_prepare(&s[0], &sp) != FXL_OK)
            continue;
        kinds[motion]++;
        rs = least_hit_radius(&sp, c, PX(16));
        n = 1 + fxlt_below(&rng, 4); /* the same sweep again in the block */
        for (i = 1; i < n; i++)
            s[i] = s[0];
        block_at_touch(s, n, c, rs, PX(16), bits, &hit, &tested);
    }
    fxlt_printf("    %u rounds (turn %u, about a pivot %u, pose %u, pivot and move %u, slide %u, "
                "step -1..1 %u), %u sweeps tested, %u hits\n",
                round, kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], kinds[5], tested, hit);
}

/* The fused loop's rejects of a sweep turning about its reference point,
 * in 1/256 px (sweep.c: sweep_maybe, sweep_along, sweep_margin256) at
 * touching: beams up to 4,000 px long (the arc margin m of 256 px or more
 * from laser.pos), the player within a few px of the hitbox's edge, beside
 * it or beyond an end, at the start, middle or end pose; the least radius
 * that hits with the single call, then the fused call at it and one raw
 * unit either side (block_at_touch). */
static void sweeps_fine_rejects(void)
{
    fxl_sweep *s = sweep_pool;
    uint32_t bits[2];
    fxlt_rng rng = fxlt_rng_for("sweeps_fine_rejects");
    uint32_t round, far = 0, hit = 0, tested = 0;
    for (round = 0; round < 4000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 20u; round++) {
        fxl_vec2 c = fxl_vec2_make(fxlt_range(&rng, -PX(2000), PX(2000)), fxlt_range(&rng, -PX(2000), PX(2000)));
        fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(&rng, 2);
        fxl_angle angle = (fxl_angle)fxlt_below(&rng, 4096);
        int32_t len = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, PX(20), PX(300))
                                                : fxlt_range(&rng, PX(256), PX(4000));
        int32_t hw = fxlt_range(&rng, PX(1), PX(6));
        int32_t step = fxlt_below(&rng, 8) == 0 ? fxlt_range(&rng, -2048, 2048)
                                                : fxlt_range(&rng, 1, 40) * (fxlt_below(&rng, 2) != 0 ? 1 : -1);
        uint32_t pose = fxlt_below(&rng, 3), where = fxlt_below(&rng, 4);
        int32_t turn = pose == 0 ? 0 : pose == 1 ? step / 2 : step, u, v, rs;
        fix16_t co = fxl_cos(angle), sn = fxl_sin(angle);
        fxl_laser l;
        fxl_sweep_prep sp;
        size_t n, i;
        /* the player at frame point (u, v) of the pose at `angle`: beside
         * the beam, or beyond its far or near end */
        u = where < 2 ? fxlt_range(&rng, 0, len)
                      : where == 2 ? fxlt_range(&rng, len - PX(2), len + PX(6)) : fxlt_range(&rng, -PX(6), PX(2));
        v = (fxlt_below(&rng, 2) != 0 ? 1 : -1) * (where < 2 ? hw + fxlt_range(&rng, -PX(3), PX(3))
                                                             : fxlt_range(&rng, 0, hw + PX(3)));
        l = fxl_laser_from_emitter(kind,
                                   fxl_vec2_make(c.x - (fix16_t)(((int64_t)co * u - (int64_t)sn * v) >> 16),
                                                 c.y - (fix16_t)(((int64_t)sn * u + (int64_t)co * v) >> 16)),
                                   (fxl_angle)(angle - turn), len, hw);
        l.hit_fraction = fxlt_range(&rng, fix16_one / 2, fix16_one);
        if (fxlt_below(&rng, 2) == 0) { /* centre-anchored: the same beam */
            l.anchor = FXL_ANCHOR_CENTRE;
            l.pos.x += (fix16_t)(((int64_t)fxl_cos(l.angle) * (len / 2)) >> 16);
            l.pos.y += (fix16_t)(((int64_t)fxl_sin(l.angle) * (len / 2)) >> 16);
        }
        s[0] = fxl_sweep_turn(&l, step);
        if (fxl_sweep_prepare(&s[0], &sp) != FXL_OK)
            continue;
        {
            int64_t dx = (int64_t)c.x - l.pos.x, dy = (int64_t)c.y - l.pos.y;
            if ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy) >= PX(256))
                far++;
        }
        rs = least_hit_radius(&sp, c, PX(16));
        n = 1 + fxlt_below(&rng, 4); /* the same sweep again in the block */
        for (i = 1; i < n; i++)
            s[i] = s[0];
        block_at_touch(s, n, c, rs, PX(16), bits, &hit, &tested);
    }
    fxlt_printf("    %u rounds (%u with the player 256 px or more from laser.pos), %u sweeps tested, %u hits\n",
                round, far, tested, hit);
}

/* fxl_sweep_to_pose's step and saturated move (sweep.c: 32-bit, no
 * library call) against their definitions (fxl_angle_diff, the int64
 * difference clamped to int32), the laser and pivot copied, for any int32
 * positions and angles, the interesting ones often. */
static void to_pose_fields(void)
{
    fxlt_rng rng = fxlt_rng_for("to_pose_fields");
    uint32_t round, sat = 0;
    for (round = 0; round < 200000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u); round++) {
        fxl_laser l = some_laser(&rng, fxlt_below(&rng, 2) == 0);
        fxl_vec2 to = fxl_vec2_make(any32(&rng), any32(&rng));
        fxl_angle a = any32(&rng);
        fxl_sweep s = fxl_sweep_to_pose(&l, to, a);
        int64_t dx = (int64_t)to.x - l.pos.x, dy = (int64_t)to.y - l.pos.y;
        int32_t mx = dx > INT32_MAX ? INT32_MAX : dx < INT32_MIN ? INT32_MIN : (int32_t)dx;
        int32_t my = dy > INT32_MAX ? INT32_MAX : dy < INT32_MIN ? INT32_MIN : (int32_t)dy;
        sat += (uint32_t)(mx != dx) + (uint32_t)(my != dy);
        CHECK_EQ(s.motion.step, fxl_angle_diff(a, l.angle));
        CHECK_EQ(s.motion.move.x, mx);
        CHECK_EQ(s.motion.move.y, my);
        CHECK(s.motion.pivot.x == l.pos.x && s.motion.pivot.y == l.pos.y);
        CHECK(s.laser.pos.x == l.pos.x && s.laser.pos.y == l.pos.y && s.laser.angle == l.angle &&
              s.laser.length == l.length && s.laser.half_width == l.half_width &&
              s.laser.hit_fraction == l.hit_fraction && s.laser.kind == l.kind &&
              s.laser.anchor == l.anchor);
    }
    fxlt_printf("    %u rounds, %u saturated moves\n", round, sat);
}

/* Found by tests/fuzz/fuzz_laser.c: the fused call's quadrant box grew the
 * beam's reach by 2^-15 for the table vector's length but not the radius,
 * and a circle of radius 2^28 - 3 touching by 10 raw units (the frame sees
 * it 1.1e-5 nearer than the world) was rejected there. */
static void big_radius_scale(void)
{
    fxl_laser l = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(4, 3), 1895, 0, 0);
    fxl_circle c = fxl_circle_make(268435467, 7, 268435453);
    fxl_laser_prep p;
    uint32_t bits = 0;
    size_t hits = 0;
    CHECK_EQ(fxl_laser_prepare(&l, &p), FXL_OK);
    CHECK(fxl_laser_vs_circle(&p, c));
    CHECK_EQ(fxl_lasers_vs_circle(&l, 1, c, &bits, &hits), FXL_OK);
    CHECK(bits == 1u && hits == 1);
    c.c.x += 3000; /* beyond the scale's reach: a miss both ways */
    CHECK(!fxl_laser_vs_circle(&p, c));
    CHECK_EQ(fxl_lasers_vs_circle(&l, 1, c, &bits, &hits), FXL_OK);
    CHECK(bits == 0 && hits == 0);
}

/* The least radius (raw units) at which the circle about c hits the
 * prepared laser, by bisection on fxl_laser_vs_circle (monotone in r): hi
 * if none below it does. */
static int32_t laser_touch_radius(const fxl_laser_prep *lp, fxl_vec2 c, int32_t hi)
{
    int32_t lo = -1; /* misses at lo (none below 0), hits at hi */
    while (hi - lo > 1) {
        int32_t mid = lo + (hi - lo) / 2;
        if (fxl_laser_vs_circle(lp, fxl_circle_make(c.x, c.y, mid)))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* The fused laser call's exact stage (fast_arm.s's rest_core on the GBA:
 * the frame test in registers, with no along reject) and the poses' tests
 * fxl__laser_rest and fxl__laser_rest_turn at the touching radius: the player beside a long side,
 * beyond an end, or diagonally off a corner of the hitbox (by up to 4 px
 * each way, boxes and capsules, both anchors), the least radius that hits
 * found with fxl_laser_prepare + fxl_laser_vs_circle, then the fused call
 * (the laser alone and in a block of others about the same player) and
 * fxl__laser_rest, fxl__laser_rest_turn (the laser turned back from a
 * random angle) and their C references at that radius and one raw unit
 * either side: the same bits as the single call, a miss below and a hit
 * at it. */
static void lasers_touching(void)
{
    fxlt_rng rng = fxlt_rng_for("lasers_touching");
    uint32_t round, hit = 0, tested = 0, corners = 0;
    for (round = 0; round < 20000u / (FXLT_PROPERTY_DIVISOR > 1 ? 20u : 1u) + 30u; round++) {
        fxl_laser l[6];
        fxl_vec2 c = fxl_vec2_make(fxlt_range(&rng, PX(60), PX(180)), fxlt_range(&rng, PX(40), PX(120)));
        fxl_angle angle = (fxl_angle)fxlt_below(&rng, 4096);
        fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(&rng, 2);
        fxl_laser_anchor anchor = (fxl_laser_anchor)fxlt_below(&rng, 2);
        int32_t len = fxlt_range(&rng, 0, PX(200)), hw = fxlt_range(&rng, 0, PX(8));
        int32_t lo = anchor == FXL_ANCHOR_CENTRE ? -len / 2 : 0, hi = lo + len, u, v, rs, d;
        fix16_t co = fxl_cos(angle), sn = fxl_sin(angle);
        uint32_t where = fxlt_below(&rng, 3);
        fxl_laser_prep lp;
        size_t n = 1 + fxlt_below(&rng, 6), i;
        /* the player's frame point: beside a side, beyond an end, or off a corner */
        u = where == 0 ? fxlt_range(&rng, lo, hi)
                       : (fxlt_below(&rng, 2) != 0 ? hi + fxlt_range(&rng, 0, PX(4))
                                                   : lo - fxlt_range(&rng, 0, PX(4)));
        v = where == 1 ? fxlt_range(&rng, -hw, hw)
                       : (fxlt_below(&rng, 2) != 0 ? 1 : -1) * (hw + fxlt_range(&rng, -PX(2), PX(4)));
        corners += where == 2;
        l[0] = fxl_laser_from_emitter(kind,
                                      fxl_vec2_make(c.x - (fix16_t)(((int64_t)co * u - (int64_t)sn * v) >> 16),
                                                    c.y - (fix16_t)(((int64_t)sn * u + (int64_t)co * v) >> 16)),
                                      angle, len, hw);
        l[0].anchor = anchor;
        l[0].hit_fraction = fxlt_below(&rng, 4) == 0 ? fix16_one : fxlt_range(&rng, fix16_one / 4, fix16_one);
        if (fxl_laser_prepare(&l[0], &lp) != FXL_OK)
            continue;
        rs = laser_touch_radius(&lp, c, PX(16));
        for (i = 1; i < n; i++) { /* others about the same player */
            l[i] = l[0];
            l[i].angle = (fxl_angle)fxlt_below(&rng, 4096);
            l[i].kind = (fxl_laser_kind)fxlt_below(&rng, 2);
        }
        for (d = -1; d <= 1; d++) {
            fxl_circle p = fxl_circle_make(c.x, c.y, rs + d);
            uint32_t bits = 0xDEADBEEFu;
            size_t got = 12345, count = 0;
            fxl_result want = fxl_circle_check(p);
            if (rs + d < 0)
                continue;
            CHECK_EQ(fxl_lasers_vs_circle(l, n, p, &bits, &got), want);
            for (i = 0; i < n; i++) {
                fxl_laser_prep lpi;
                bool h = fxl_laser_prepare(&l[i], &lpi) == FXL_OK && want == FXL_OK &&
                         fxl_laser_vs_circle(&lpi, p);
                count += h;
                CHECK(((bits >> i) & 1u) == (h ? 1u : 0u));
                if (want == FXL_OK) {
                    /* and turned back from another angle (the sweep's poses) */
                    int32_t turn = fxlt_range(&rng, -4096, 4096);
                    fxl_laser back = l[i];
                    back.angle = (fxl_angle)((uint32_t)l[i].angle - (uint32_t)turn);
                    CHECK_EQ(fxl__laser_rest_c(&l[i], p.c.x, p.c.y, p.r), h);
                    CHECK_EQ(fxl__laser_rest_turn_c(&back, p.c.x, p.c.y, p.r, turn), h);
#if FXL_PORT_LASERS_VS_CIRCLE
                    CHECK_EQ(fxl__laser_rest(&l[i], p.c.x, p.c.y, p.r), h);
                    CHECK_EQ(fxl__laser_rest_turn(&back, p.c.x, p.c.y, p.r, turn), h);
#endif
                }
            }
            CHECK_EQ(got, count);
            if (rs < PX(16))
                CHECK((((bits & 1u) != 0) == (d >= 0)));
            hit += (uint32_t)count;
            tested += (uint32_t)n;
        }
    }
    fxlt_printf("    %u rounds (%u off a corner), %u lasers tested, %u hits\n", round, corners, tested, hit);
}

static const fxlt_case cases[] = {
    {"circles_match", circles_match},
    {"lasers_match", lasers_match},
    {"sweeps_match", sweeps_match},
    {"sweeps_box_edges", sweeps_box_edges},
    {"sweeps_near_touching", sweeps_near_touching},
    {"sweeps_edge_touching", sweeps_edge_touching},
    {"to_pose_fields", to_pose_fields},
    {"big_radius_scale", big_radius_scale},
    {"lasers_touching", lasers_touching},
    {"sweeps_fine_rejects", sweeps_fine_rejects},
};

const fxlt_suite fxlt_suite_fused = {"fused", cases, FXLT_COUNT(cases)};
