/* test_bounce.c - the bounce's search through an indexed room
 * (src/bounce_band.c) against the pass over every packed wall (cast.c's
 * fxl__room_first_wall_band): the same wall, u* (as the same fraction),
 * band answer (clear) and near list (the same walls in the same order,
 * the pass's angle marks aside), on the benchmark's room (its legs, with
 * the rules a bounce sets) and on random rooms of up to 32 walls (walls
 * hugging the ray's line at exactly the band's distance, and a unit either
 * side, included); and whole bounces in rooms of 17 to 32 walls (indexed,
 * beyond test_room.c's 24): fxl_room_bounce's legs equal fxl_laser_bounce's,
 * with bounce.c's audit of its skipped reachability checks on. */
#include "harness.h"

#include "fixlaser.h"

#include "../src/bounce_band.h"

#ifndef FXL_TEST_HOOKS
#error "the suite is built with -DFXL_TEST_HOOKS (the core's test hooks)"
#endif

#define PX(v) ((int64_t)(v) * 65536)
#define BW 32 /* walls at most: FXL_ROOM_INDEXED */

/* Each case keeps its rooms on the stack (about 3.8 KB at most: the GBA
 * suite's IWRAM and EWRAM have no room left for static buffers). */

static fxl_vec2 v2(int64_t x, int64_t y)
{
    return fxl_vec2_make((fix16_t)x, (fix16_t)y);
}

/* The benchmark's room (tests/bench/bench_kinds.c). */
static int bench_room(fxl_wall *w)
{
    static const int16_t c[16][4] = {
        {10, 10, 10, 150},   {10, 150, 230, 150}, {230, 150, 230, 10}, {230, 10, 10, 10},
        {150, 60, 170, 60},  {170, 60, 170, 80},  {170, 80, 150, 80},  {150, 80, 150, 60},
        {40, 30, 60, 50},    {60, 110, 40, 130},  {100, 20, 120, 35},  {120, 125, 100, 140},
        {200, 30, 215, 45},  {215, 115, 200, 130}, {80, 70, 90, 90},   {110, 90, 100, 70}};
    int i;
    for (i = 0; i < 16; i++) {
        w[i].a = v2(PX(c[i][0]), PX(c[i][1]));
        w[i].b = v2(PX(c[i][2]), PX(c[i][3]));
    }
    return 16;
}

/* The point of the ray p + u d / 65536 (floored), plus (ox, oy). */
static fxl_vec2 on_line(fxl_vec2 p, int32_t dx, int32_t dy, int64_t u, int32_t ox, int32_t oy)
{
    int64_t x = (int64_t)p.x + ((u * dx) >> 16) + ox, y = (int64_t)p.y + ((u * dy) >> 16) + oy;
    return v2(x, y);
}

/* A direction: an axis or a diagonal (the band's distance |T| = |dx| +
 * |dy| falls on grid points: one unit off an axis, two along a diagonal),
 * a table vector, or one moved a few units (as a reflected one). */
static void pick_dir(fxlt_rng *rng, int32_t *dx, int32_t *dy)
{
    uint32_t how = fxlt_below(rng, 4);
    if (how == 0) {
        static const int32_t ax[8][2] = {{65536, 0}, {0, 65536}, {-65536, 0}, {0, -65536},
                                         {46341, 46341}, {-46341, 46341}, {46341, -46341},
                                         {-46341, -46341}};
        uint32_t k = fxlt_below(rng, 8);
        *dx = ax[k][0];
        *dy = ax[k][1];
        return;
    }
    *dx = fxl_cos((fxl_angle)fxlt_below(rng, 4096));
    *dy = fxl_sin((fxl_angle)fxlt_below(rng, 4096));
    if (how == 3) {
        *dx += fxlt_range(rng, -3, 3);
        *dy += fxlt_range(rng, -3, 3);
    }
}

/* The agreement counts. */
typedef struct agree {
    uint32_t searches, found, clear, lists, differ;
} agree;

/* One search both ways; a difference is counted (and the first few
 * printed). */
static void search_both(const fxl_room *room, fxl_vec2 p, int32_t dx, int32_t dy, int32_t len,
                        bool two, const fxl__rules *rules, agree *ag)
{
    fxl__ray r;
    fxl__frac ua, ub;
    fxl__near na, nb;
    bool ca, cb, same;
    long wa, wb;
    int32_t ra = fxl_atan2(dy, dx);
    size_t k;
    fxl__ray_init(&r, p, dx, dy, len, 1);
    wa = fxl__room_first_wall_band(room, &r, ra, two, rules, &ua, &na, &ca);
    wb = fxl__bounce_search(room, &r, ra, two, rules, &ub, &cb);
    fxl__bounce_near_list(room, &r, &nb);
    same = wa == wb && ua.num == ub.num && ua.den == ub.den && ca == cb && na.count == nb.count;
    for (k = 0; same && k < na.count && k < FXL__NEAR_MAX; k++)
        same = (na.idx[k] & ~FXL__NEAR_MARK) == nb.idx[k];
    ag->searches++;
    ag->found += wa >= 0;
    ag->clear += ca;
    ag->lists += na.count > 0;
    if (!same) {
        if (ag->differ < 4)
            fxlt_printf("    differ: p (%d, %d) d (%d, %d) len %d %s skip %ld: wall %ld / %ld, "
                        "clear %d / %d, near %u / %u\n",
                        (int)p.x, (int)p.y, (int)dx, (int)dy, (int)len, two ? "two" : "one",
                        rules->skip, wa, wb, (int)ca, (int)cb, (unsigned)na.count,
                        (unsigned)nb.count);
        ag->differ++;
    }
}

/* Random rules a bounce could set: none, or a wall left (and on its line
 * or not), with a reference point. */
static void pick_rules(fxlt_rng *rng, const fxl_wall_prep *w, int n, fxl_vec2 p, fxl__rules *rules)
{
    rules->has_ref = false;
    rules->on_line = false;
    rules->skip = -1;
    rules->sx = rules->sy = 0;
    rules->ref = p;
    if (n > 0 && fxlt_below(rng, 3) != 0) {
        long s = (long)fxlt_below(rng, (uint32_t)n);
        rules->skip = s;
        rules->sx = w[s].ex;
        rules->sy = w[s].ey;
        rules->on_line = fxlt_below(rng, 2) == 0;
        rules->has_ref = fxlt_below(rng, 2) == 0;
        rules->ref.x = p.x + fxlt_range(rng, -PX(50), PX(50)); /* one draw per statement */
        rules->ref.y = p.y + fxlt_range(rng, -PX(50), PX(50));
    }
}

/* The benchmark's room: each leg of its 256 bounces (fxl_room_bounce, 4
 * bounces, 300 px), searched from the leg's start along its direction for
 * the length left, with the rules of the bounce (the wall left, the
 * previous start) and with random ones, one- and two-sided. */
static void bench_room_legs(void)
{
    fxlt_rng rng = fxlt_rng_for("bench_room_legs");
    fxl_wall w[16];
    fxl_wall_prep prep[16];
    fxl_room_wall packed[16];
    fxl_bounce legs[8], ref[8];
    fxl_room room;
    agree ag = {0, 0, 0, 0, 0};
    int i, n = bench_room(w);
    for (i = 0; i < n; i++)
        CHECK_EQ(fxl_wall_prepare(&w[i], &prep[i]), FXL_OK);
    CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, 16, &room), FXL_OK);
    for (i = 0; i < 256; i++) {
        fxl_vec2 e = v2(PX(20 + (i * 37) % 120), PX(20 + (i * 53) % 120));
        fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, e, (fxl_angle)((i * 293) & 4095),
                                             (fix16_t)PX(300 + (i & 1) * 100), 0);
        size_t count = 0, rc = 0, k;
        int32_t left = l.length;
        unsigned flags = (i & 2) ? FXL_CAST_TWO_SIDED : 0u;
        CHECK_EQ(fxl_room_bounce(&room, &l, flags, 4, legs, 8, &count), FXL_OK);
        CHECK_EQ(fxl_laser_bounce(&l, prep, (size_t)n, flags, 4, ref, 8, &rc), FXL_OK);
        CHECK_EQ(count, rc);
        for (k = 0; k < count && k < rc; k++)
            CHECK(legs[k].start.x == ref[k].start.x && legs[k].start.y == ref[k].start.y &&
                  legs[k].end.x == ref[k].end.x && legs[k].end.y == ref[k].end.y &&
                  legs[k].length == ref[k].length && legs[k].wall == ref[k].wall);
        for (k = 0; k < count; k++) {
            fxl__rules rules;
            rules.has_ref = k > 0;
            rules.on_line = k > 0;
            rules.skip = k > 0 ? legs[k - 1].wall : -1;
            rules.sx = k > 0 ? prep[legs[k - 1].wall].ex : 0;
            rules.sy = k > 0 ? prep[legs[k - 1].wall].ey : 0;
            rules.ref = k > 0 ? legs[k - 1].start : l.pos;
            const fxl_bounce *g = &legs[k];
            search_both(&room, g->start, g->dx, g->dy, left, flags != 0, &rules, &ag);
            search_both(&room, g->start, g->dx, g->dy, left, flags == 0, &rules, &ag);
            pick_rules(&rng, prep, n, g->start, &rules);
            search_both(&room, g->start, g->dx, g->dy, left, fxlt_below(&rng, 2) == 0, &rules, &ag);
            left -= legs[k].length;
        }
    }
    fxlt_printf("    benchmark room: %u leg searches (%u found a wall, %u clear, %u with near "
                "walls): %u differ from the pass over every wall\n",
                ag.searches, ag.found, ag.clear, ag.lists, ag.differ);
    CHECK_EQ(ag.differ, 0);
    CHECK(ag.clear > 0 && ag.found > 0);
}

/* A random room of n walls about a ray: walls anywhere near it, walls
 * hugging its line (ends on grid points 0..3 units off a point of the
 * line: at the band's distance exactly for the axes and diagonals, and a
 * unit either side), walls along the line, walls through its start. */
static int random_walls(fxlt_rng *rng, fxl_wall *w, int n, fxl_vec2 p, int32_t dx, int32_t dy,
                        int32_t len)
{
    int i;
    for (i = 0; i < n; i++) {
        uint32_t how = fxlt_below(rng, 6);
        int64_t u0 = fxlt_range(rng, -PX(20), len + PX(20));
        int64_t u1 = fxlt_range(rng, -PX(20), len + PX(20));
        if (how == 0 || how == 1) {
            bool along_x = fxlt_below(rng, 2) == 0;
            int32_t sx = fxlt_range(rng, -PX(300), PX(300));
            int32_t sy = fxlt_range(rng, -PX(300), PX(300));
            int32_t reach = (int32_t)(how == 0 ? PX(60) : PX(200));
            int32_t ox = fxlt_range(rng, -reach, reach);
            int32_t oy = fxlt_range(rng, -PX(60), PX(60));
            w[i].a = v2(p.x + sx, p.y + sy);
            w[i].b = how == 0 ? v2(w[i].a.x + ox, w[i].a.y + oy)
                              : v2(w[i].a.x + (along_x ? ox : 0), w[i].a.y + (along_x ? 0 : ox));
        } else if (how == 2 || how == 3) {
            int32_t o = fxlt_range(rng, -3, 3);
            bool xo = fxlt_below(rng, 2) == 0;
            w[i].a = on_line(p, dx, dy, u0, xo ? o : 0, xo ? 0 : o);
            int32_t across = fxlt_range(rng, -PX(10), PX(10));
            w[i].b = how == 2 ? on_line(p, dx, dy, u1, xo ? o : 0, xo ? 0 : o)
                              : on_line(p, dx, dy, u0, xo ? across : o, xo ? o : across);
        } else if (how == 4) {
            w[i].a = on_line(p, dx, dy, u0, 0, 0);
            w[i].b = on_line(p, dx, dy, u1, 0, 0);
        } else {
            w[i].a = p;
            int32_t ox = fxlt_range(rng, -PX(40), PX(40));
            int32_t oy = fxlt_range(rng, -PX(40), PX(40));
            w[i].b = v2(p.x + ox, p.y + oy);
            if (fxlt_below(rng, 2) == 0) {
                fxl_vec2 t = w[i].a;
                w[i].a = w[i].b;
                w[i].b = t;
            }
        }
        if (w[i].a.x == w[i].b.x && w[i].a.y == w[i].b.y)
            w[i].b.x += 1;
    }
    return n;
}

/* Random rooms of 1 to 32 walls about random rays (directions as
 * pick_dir's, lengths 0 to 600 px), random rules, one- and two-sided. */
static void search_agrees(void)
{
    fxlt_rng rng = fxlt_rng_for("search_agrees");
    uint32_t rooms = 0, target = FXLT_CASES(20000);
    fxl_wall w[BW];
    fxl_wall_prep prep[BW];
    fxl_room_wall packed[BW];
    agree ag = {0, 0, 0, 0, 0};
    while (rooms < target) {
        fxl_room room;
        fxl_vec2 p;
        int32_t dx, dy, len;
        int n = 1 + (int)fxlt_below(&rng, BW), i, k;
        p.x = fxlt_range(&rng, -PX(2000), PX(2000));
        p.y = fxlt_range(&rng, -PX(2000), PX(2000));
        pick_dir(&rng, &dx, &dy);
        len = fxlt_range(&rng, 0, (int32_t)PX(600));
        random_walls(&rng, w, n, p, dx, dy, len);
        for (i = 0; i < n; i++)
            (void)fxl_wall_prepare(&w[i], &prep[i]);
        CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, BW, &room), FXL_OK);
        rooms++;
        for (k = 0; k < 4; k++) {
            fxl__rules rules;
            pick_rules(&rng, prep, n, p, &rules);
            search_both(&room, p, dx, dy, len, fxlt_below(&rng, 2) == 0, &rules, &ag);
            if (k == 1)
                pick_dir(&rng, &dx, &dy); /* the same walls, another direction */
        }
    }
    fxlt_printf("    random rooms: %u rooms, %u searches (%u found a wall, %u clear, %u with near "
                "walls): %u differ from the pass over every wall\n",
                rooms, ag.searches, ag.found, ag.clear, ag.lists, ag.differ);
    CHECK_EQ(ag.differ, 0);
}

/* Whole bounces in rooms of 17 to 32 walls (random walls about a random
 * ray, as above, and a closed box around them): fxl_room_bounce's legs
 * are fxl_laser_bounce's, and none of the reachability checks the room's
 * band spared would have refused its end. */
static void big_rooms_agree(void)
{
    fxlt_rng rng = fxlt_rng_for("big_rooms_agree");
    uint32_t casts = 0, target = FXLT_CASES(20000), bad = 0, legs_n = 0;
    fxl_wall w[BW];
    fxl_wall_prep prep[BW];
    fxl_room_wall packed[BW];
    fxl_bounce a[12], b[12];
    fxl__bounce_audit.skips = fxl__bounce_audit.wrong = 0;
    fxl__bounce_audit.on = true;
    while (casts < target) {
        fxl_room room;
        fxl_vec2 p;
        int32_t dx, dy, len;
        int n, i, k;
        int64_t h = PX(150);
        p.x = fxlt_range(&rng, -PX(1000), PX(1000));
        p.y = fxlt_range(&rng, -PX(1000), PX(1000));
        len = fxlt_range(&rng, 0, (int32_t)PX(600));
        n = 17 + (int)fxlt_below(&rng, BW - 16);
        pick_dir(&rng, &dx, &dy);
        random_walls(&rng, w, n - 4, p, dx, dy, len);
        /* a box around the start, fronts inwards (y down: interior on the left) */
        w[n - 4].a = v2(p.x - h, p.y - h), w[n - 4].b = v2(p.x - h, p.y + h);
        w[n - 3].a = v2(p.x - h, p.y + h), w[n - 3].b = v2(p.x + h, p.y + h);
        w[n - 2].a = v2(p.x + h, p.y + h), w[n - 2].b = v2(p.x + h, p.y - h);
        w[n - 1].a = v2(p.x + h, p.y - h), w[n - 1].b = v2(p.x - h, p.y - h);
        for (i = 0; i < n; i++)
            (void)fxl_wall_prepare(&w[i], &prep[i]);
        CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, BW, &room), FXL_OK);
        for (k = 0; k < 2; k++) {
            size_t na = 0, nb = 0, j;
            unsigned flags = fxlt_below(&rng, 2) == 0 ? 0u : FXL_CAST_TWO_SIDED;
            int maxb = (int)fxlt_below(&rng, 9);
            fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, p, fxl_atan2(dy, dx), len, 0);
            fxl_result ra = fxl_laser_bounce(&l, prep, (size_t)n, flags, maxb, a, 12, &na);
            fxl_result rb = fxl_room_bounce(&room, &l, flags, maxb, b, 12, &nb);
            bool same = ra == rb && na == nb;
            for (j = 0; same && j < na && j < 12; j++)
                same = a[j].start.x == b[j].start.x && a[j].start.y == b[j].start.y &&
                       a[j].end.x == b[j].end.x && a[j].end.y == b[j].end.y &&
                       a[j].dx == b[j].dx && a[j].dy == b[j].dy && a[j].angle == b[j].angle &&
                       a[j].length == b[j].length && a[j].wall == b[j].wall;
            bad += !same;
            legs_n += (uint32_t)na;
            casts++;
            pick_dir(&rng, &dx, &dy);
        }
    }
    fxl__bounce_audit.on = false;
    fxlt_printf("    rooms of 17-32 walls: %u bounces (%u legs): %u differ from fxl_laser_bounce; "
                "%u reachability checks skipped, %u of them wrong\n",
                casts, legs_n, bad, fxl__bounce_audit.skips, fxl__bounce_audit.wrong);
    CHECK_EQ(bad, 0);
    CHECK_EQ(fxl__bounce_audit.wrong, 0);
    CHECK(fxl__bounce_audit.skips > 0);
}

static const fxlt_case cases[] = {
    {"bench_room_legs", bench_room_legs},
    {"search_agrees", search_agrees},
    {"big_rooms_agree", big_rooms_agree},
};

const fxlt_suite fxlt_suite_bounce = {"bounce", cases, FXLT_COUNT(cases)};
