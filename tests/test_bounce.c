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
/* Four walls round the square of half-side h about (cx, cy), fronts inwards
   (y down: the interior on each wall's left). */
static void box_walls(fxl_wall *w, int64_t cx, int64_t cy, int64_t h)
{
    w[0].a = v2(cx - h, cy - h), w[0].b = v2(cx - h, cy + h);
    w[1].a = v2(cx - h, cy + h), w[1].b = v2(cx + h, cy + h);
    w[2].a = v2(cx + h, cy + h), w[2].b = v2(cx + h, cy - h);
    w[3].a = v2(cx + h, cy - h), w[3].b = v2(cx - h, cy - h);
}

/* A room of n walls whose last four are box_walls about (cx, cy): every
 * wall prepared (a degenerate one is left as fxl_wall_prepare wrote it)
 * and packed into packed (16 entries). */
static void boxed_room(fxl_wall *w, fxl_wall_prep *prep, fxl_room_wall *packed, int n, int64_t cx,
                       int64_t cy, int64_t h, fxl_room *room)
{
    int i;
    box_walls(&w[n - 4], cx, cy, h);
    for (i = 0; i < n; i++)
        (void)fxl_wall_prepare(&w[i], &prep[i]);
    CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, 16, room), FXL_OK);
}

/* Two legs equal in every field. */
static bool same_leg(const fxl_bounce *a, const fxl_bounce *b)
{
    return a->start.x == b->start.x && a->start.y == b->start.y && a->end.x == b->end.x &&
           a->end.y == b->end.y && a->dx == b->dx && a->dy == b->dy && a->angle == b->angle &&
           a->length == b->length && a->wall == b->wall;
}

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

/* The rules of leg k of a bounce (legs from fxl_room_bounce): after a
 * bounce, the wall left, on its line, the leg before's start as the side
 * reference; the first leg none (its reference the emitter). */
static void leg_rules(fxl__rules *rules, const fxl_bounce *legs, size_t k, const fxl_wall_prep *prep, fxl_vec2 pos)
{
    rules->has_ref = k > 0;
    rules->on_line = k > 0;
    rules->skip = k > 0 ? legs[k - 1].wall : -1;
    rules->sx = k > 0 ? prep[legs[k - 1].wall].ex : 0;
    rules->sy = k > 0 ? prep[legs[k - 1].wall].ey : 0;
    rules->ref = k > 0 ? legs[k - 1].start : pos;
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
            leg_rules(&rules, legs, k, prep, l.pos);
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
    CHECK_COVER(ag.clear > 0 && ag.found > 0);
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

/* A random room of 1 to BW walls (random_walls') about a random ray from
 * p (within 2000 px of the origin; pick_dir's direction (dx, dy); length
 * len, 0 to 600 px), its walls prepared and packed into room. Returns the
 * number of walls. */
static int ray_room(fxlt_rng *rng, fxl_wall *w, fxl_wall_prep *prep, fxl_room_wall *packed, fxl_room *room,
                    fxl_vec2 *p, int32_t *dx, int32_t *dy, int32_t *len)
{
    int n = 1 + (int)fxlt_below(rng, BW), i;
    p->x = fxlt_range(rng, -PX(2000), PX(2000));
    p->y = fxlt_range(rng, -PX(2000), PX(2000));
    pick_dir(rng, dx, dy);
    *len = fxlt_range(rng, 0, (int32_t)PX(600));
    random_walls(rng, w, n, *p, *dx, *dy, *len);
    for (i = 0; i < n; i++)
        (void)fxl_wall_prepare(&w[i], &prep[i]);
    CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, BW, room), FXL_OK);
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
        int n = ray_room(&rng, w, prep, packed, &room, &p, &dx, &dy, &len), k;
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
        box_walls(&w[n - 4], p.x, p.y, h);
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
                same = same_leg(&a[j], &b[j]);
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
    CHECK_COVER(fxl__bounce_audit.skips > 0);
}

/* ---- bounce.c's reduced divisions ----------------------------------------
 * Off a slanted wall whose direction is 2^s e' with |ex'|, |ey'| < 2^14
 * (walls between whole pixels), bounce.c divides by the reduced D' (64-bit
 * divisions) instead of D (128-bit) for the leg's length, its end and the
 * reflection: the same rationals. Checked against the 128-bit path
 * (fxl__bounce_no_reduce) and, for meetings built on the grid, against the
 * known point. */

/* A slanted wall of direction e' 2^s, e' often at the reduction's bound
 * (16383) or one past it (16384); false when fxl_wall_prepare refuses it. */
static bool reduced_wall(fxlt_rng *rng, fxl_wall *wl, fxl_wall_prep *w, int32_t *ex1,
                         int32_t *ey1, unsigned *s)
{
    uint32_t how = fxlt_below(rng, 4);
    int32_t a = how == 0 ? 16383 + (int32_t)fxlt_below(rng, 2) : fxlt_range(rng, 1, 300);
    int32_t b = how == 1 ? 16383 + (int32_t)fxlt_below(rng, 2) : fxlt_range(rng, 1, 300);
    *ex1 = fxlt_below(rng, 2) == 0 ? a : -a;
    *ey1 = fxlt_below(rng, 2) == 0 ? b : -b;
    *s = fxlt_below(rng, 17);
    if (((int64_t)a << *s) >= ((int64_t)1 << 29) || ((int64_t)b << *s) >= ((int64_t)1 << 29))
        *s = 0;
    wl->a = v2(fxlt_range(rng, -PX(500), PX(500)), fxlt_range(rng, -PX(500), PX(500)));
    wl->b = v2(wl->a.x + (int64_t)*ex1 * ((int64_t)1 << *s),
               wl->a.y + (int64_t)*ey1 * ((int64_t)1 << *s));
    return fxl_wall_prepare(wl, w) == FXL_OK;
}

/* A direction for the reduced tests: pick_dir's (2^15 long or more: its
 * cos and sin come from two angles), or one at the bound on |d| (131071)
 * or one past it (131072) on an axis. */
static void reduced_dir(fxlt_rng *rng, int32_t *dx, int32_t *dy)
{
    do
        pick_dir(rng, dx, dy);
    while ((int64_t)*dx * *dx + (int64_t)*dy * *dy < ((int64_t)1 << 30));
    if (fxlt_below(rng, 4) == 0) {
        int32_t m = 131071 + (int32_t)fxlt_below(rng, 2);
        m = fxlt_below(rng, 2) == 0 ? m : -m;
        if (fxlt_below(rng, 2) == 0)
            *dx = m;
        else
            *dy = m;
    }
}

/* Meetings with slanted walls: fxl__bounce_meet (length, end floors and
 * exactness) with the reduced divisions == without; rays aimed at a point
 * q = a + j e' of the wall from c whole steps of d back (u* = 65536 c, the
 * point q exactly), or that start moved one raw unit off. */
static void reduced_meets(void)
{
    fxlt_rng rng = fxlt_rng_for("reduced_meets");
    uint32_t n = 0, target = FXLT_CASES(100000), bad = 0, reduced = 0, on_grid = 0, tries = 0;
    while (n < target && tries < 50u * target) {
        fxl_wall wl;
        fxl_wall_prep w;
        int32_t ex1, ey1, dx, dy, c;
        unsigned s;
        int64_t j, qx, qy, rx, ry, D, T, N, x0, y0, x1, y1;
        bool xe0, ye0, xe1, ye1, off;
        fxl__frac u;
        fxl__ray r;
        fxl_vec2 p;
        int32_t L0, L1;
        tries++;
        if (!reduced_wall(&rng, &wl, &w, &ex1, &ey1, &s))
            continue;
        reduced_dir(&rng, &dx, &dy);
        j = fxlt_range(&rng, 0, (int32_t)1 << s);
        qx = wl.a.x + j * ex1;
        qy = wl.a.y + j * ey1;
        c = fxlt_range(&rng, 0, 1500);
        p = v2(qx - (int64_t)c * dx, qy - (int64_t)c * dy);
        off = fxlt_below(&rng, 2) == 0;
        if (off) {
            if (fxlt_below(&rng, 2) == 0)
                p.x += fxlt_below(&rng, 2) == 0 ? 1 : -1;
            else
                p.y += fxlt_below(&rng, 2) == 0 ? 1 : -1;
        }
        /* fxl__consider_at's meeting, on 64 bits (domain values) */
        rx = (int64_t)w.a.x - p.x;
        ry = (int64_t)w.a.y - p.y;
        D = (int64_t)dx * w.ey - (int64_t)dy * w.ex;
        T = rx * dy - ry * dx;
        N = rx * w.ey - ry * w.ex;
        if (D == 0 || (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D)) ||
            (D < 0 ? N > 0 : N < 0))
            continue; /* not met */
        u.num = (uint64_t)(N < 0 ? -N : N);
        u.den = (uint64_t)(D < 0 ? -D : D);
        if (u.num > (u.den << 12))
            continue; /* beyond FXL_SIZE_MAX */
        fxl__ray_init(&r, p, dx, dy, FXL_SIZE_MAX, 1);
        fxl__bounce_no_reduce = true;
        L0 = fxl__bounce_meet(&r, &w, u, &x0, &xe0, &y0, &ye0);
        fxl__bounce_no_reduce = false;
        L1 = fxl__bounce_meet(&r, &w, u, &x1, &xe1, &y1, &ye1);
        if (L0 != L1 || x0 != x1 || y0 != y1 || xe0 != xe1 || ye0 != ye1 ||
            (!off && (L1 != 65536 * c || x1 != qx || y1 != qy || !xe1 || !ye1))) {
            if (bad < 4)
                fxlt_printf("    reduced meet differs: wall (%d, %d) + (%d, %d) << %u, p (%d, %d), "
                            "d (%d, %d): L %d / %d\n",
                            (int)wl.a.x, (int)wl.a.y, (int)ex1, (int)ey1, s, (int)p.x, (int)p.y,
                            (int)dx, (int)dy, (int)L0, (int)L1);
            bad++;
        }
        reduced += fxl__abs32(ex1) < 16384u && fxl__abs32(ey1) < 16384u &&
                   fxl__abs32(dx) < 131072u && fxl__abs32(dy) < 131072u;
        on_grid += !off;
        n++;
    }
    fxlt_printf("    reduced meets: %u meetings (%u on the grid, %u within the reduction's "
                "bounds): %u differ from the 128-bit path\n",
                n, on_grid, reduced, bad);
    CHECK_EQ(n, target);
    CHECK_EQ(bad, 0);
    CHECK(reduced > 0 && reduced < n);
}

/* fxl__bounce_reflect of (dx, dy) off w with the path *off names switched
 * off (into a) and on (into b): true when both give the same case,
 * direction and steadiness. */
static bool reflect_same(const fxl_wall_prep *w, bool *off, int32_t dx, int32_t dy, int32_t a[2],
                         int32_t b[2])
{
    bool sa, sb;
    int ca, cb;
    a[0] = b[0] = dx;
    a[1] = b[1] = dy;
    *off = true;
    ca = fxl__bounce_reflect(w, &a[0], &a[1], &sa);
    *off = false;
    cb = fxl__bounce_reflect(w, &b[0], &b[1], &sb);
    return ca == cb && a[0] == b[0] && a[1] == b[1] && sa == sb;
}

/* Reflections off slanted walls: with the reduced division == without
 * (direction, side, steadiness). */
static void reduced_reflections(void)
{
    fxlt_rng rng = fxlt_rng_for("reduced_reflections");
    uint32_t n = 0, target = FXLT_CASES(100000), bad = 0;
    while (n < target) {
        fxl_wall wl;
        fxl_wall_prep w;
        int32_t ex1, ey1, dx, dy, a[2], b[2];
        unsigned s;
        if (!reduced_wall(&rng, &wl, &w, &ex1, &ey1, &s))
            continue;
        reduced_dir(&rng, &dx, &dy);
        if (fxlt_below(&rng, 4) == 0) { /* any direction below 2^17 and 2^15 long or more */
            do {
                dx = fxlt_range(&rng, -131071, 131071);
                dy = fxlt_range(&rng, -131071, 131071);
            } while ((int64_t)dx * dx + (int64_t)dy * dy < ((int64_t)1 << 30));
        }
        if (!reflect_same(&w, &fxl__bounce_no_reduce, dx, dy, a, b)) {
            if (bad < 4)
                fxlt_printf("    reduced reflection differs: e (%d, %d) << %u, d (%d, %d): "
                            "(%d, %d) / (%d, %d)\n",
                            (int)ex1, (int)ey1, s, (int)dx, (int)dy, (int)a[0], (int)a[1],
                            (int)b[0], (int)b[1]);
            bad++;
        }
        n++;
    }
    fxlt_printf("    reduced reflections: %u, %u differ from the 128-bit path\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* The bounce of l (through the room, or the n prepared walls when room is
 * NULL) with bounce.c's reduced divisions and shortcuts off (into a, na
 * legs) and on: true when both give the same result and legs. */
static bool reduced_same(const fxl_room *room, const fxl_wall_prep *prep, int n, const fxl_laser *l,
                         unsigned flags, int maxb, fxl_bounce a[12], size_t *na)
{
    fxl_bounce b[12];
    size_t nb = 0, j;
    fxl_result ra, rb;
    bool same;
    *na = 0;
    fxl__bounce_no_reduce = true;
    ra = room != NULL ? fxl_room_bounce(room, l, flags, maxb, a, 12, na)
                      : fxl_laser_bounce(l, prep, (size_t)n, flags, maxb, a, 12, na);
    fxl__bounce_no_reduce = false;
    rb = room != NULL ? fxl_room_bounce(room, l, flags, maxb, b, 12, &nb)
                      : fxl_laser_bounce(l, prep, (size_t)n, flags, maxb, b, 12, &nb);
    same = ra == rb && *na == nb;
    for (j = 0; same && j < *na && j < 12; j++)
        same = same_leg(&a[j], &b[j]);
    return same;
}

/* Whole bounces in rooms of slanted walls between whole pixels (a box of
 * 300 px about the start and up to 12 walls inside): fxl_laser_bounce's
 * and fxl_room_bounce's legs with the reduced divisions == without, with
 * bounce.c's audit on. */
static void reduced_rooms(void)
{
    fxlt_rng rng = fxlt_rng_for("reduced_rooms");
    uint32_t casts = 0, target = FXLT_CASES(5000), bad = 0, legs_n = 0;
    fxl_wall w[16];
    fxl_wall_prep prep[16];
    fxl_room_wall packed[16];
    fxl_bounce a[12];
    fxl__bounce_audit.skips = fxl__bounce_audit.wrong = 0;
    fxl__bounce_audit.on = true;
    while (casts < target) {
        fxl_room room;
        int64_t cx = PX(fxlt_range(&rng, -500, 500)), cy = PX(fxlt_range(&rng, -500, 500));
        int64_t h = PX(150);
        int n = 4 + (int)fxlt_below(&rng, 13), i, k;
        for (i = 0; i < n - 4; i++) {
            w[i].a = v2(cx + PX(fxlt_range(&rng, -140, 140)), cy + PX(fxlt_range(&rng, -140, 140)));
            w[i].b = v2(w[i].a.x + PX(fxlt_range(&rng, -40, 40)),
                        w[i].a.y + PX(fxlt_range(&rng, -40, 40)));
            if (w[i].a.x == w[i].b.x && w[i].a.y == w[i].b.y)
                w[i].b.x += PX(1);
        }
        boxed_room(w, prep, packed, n, cx, cy, h, &room);
        for (k = 0; k < 4; k++) {
            size_t na = 0;
            unsigned flags = fxlt_below(&rng, 2) == 0 ? 0u : FXL_CAST_TWO_SIDED;
            int maxb = (int)fxlt_below(&rng, 9);
            fxl_vec2 p = v2(cx + fxlt_range(&rng, -PX(140), PX(140)),
                            cy + fxlt_range(&rng, -PX(140), PX(140)));
            fxl_angle ang = (fxl_angle)fxlt_below(&rng, 4096);
            fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, p, ang,
                                                 fxlt_range(&rng, 0, (int32_t)PX(1500)), 0);
            bool room_way = k >= 2;
            bad += !reduced_same(room_way ? &room : NULL, prep, n, &l, flags, maxb, a, &na);
            legs_n += (uint32_t)na;
            casts++;
        }
    }
    fxl__bounce_audit.on = false;
    fxlt_printf("    slanted whole-pixel rooms: %u bounces (%u legs): %u differ from the "
                "128-bit path; %u reachability checks skipped, %u of them wrong\n",
                casts, legs_n, bad, fxl__bounce_audit.skips, fxl__bounce_audit.wrong);
    CHECK_EQ(bad, 0);
    CHECK_EQ(fxl__bounce_audit.wrong, 0);
}

/* One search by fxl__bounce_search (the port's kernel where the port has
 * one, FXL_PORT_BOUNCE_BAND) and by bounce_band.c's C list (the hook),
 * against each other and the pass; returns whether all three agree. */
static bool port_c_pass(const fxl_room *room, fxl_vec2 p, int32_t dx, int32_t dy, int32_t len,
                        bool two, const fxl__rules *rules, uint32_t *found)
{
    fxl__ray r;
    fxl__frac ua, ub, uc;
    fxl__near na;
    bool ca, cb, cc;
    long wa, wb, wc;
    int32_t ra = fxl_atan2(dy, dx);
    fxl__ray_init(&r, p, dx, dy, len, 1);
    wa = fxl__room_first_wall_band(room, &r, ra, two, rules, &ua, &na, &ca);
    wb = fxl__bounce_search(room, &r, ra, two, rules, &ub, &cb);
#if FXL_PORT_BOUNCE_BAND
    fxl__bounce_band_c = true;
#endif
    wc = fxl__bounce_search(room, &r, ra, two, rules, &uc, &cc);
#if FXL_PORT_BOUNCE_BAND
    fxl__bounce_band_c = false;
#endif
    *found += wb >= 0;
    return wa == wb && wb == wc && ua.num == ub.num && ua.den == ub.den && ub.num == uc.num &&
           ub.den == uc.den && ca == cb && cb == cc;
}

/* The port's leg kernel (port/gba/bounce_arm.s, FXL_PORT_BOUNCE_BAND: the
 * GBA port) against bounce_band.c's C list and the pass, on the
 * benchmark's room's legs (as bench_room_legs, one- and two-sided, the
 * bounce's rules and random ones) and on random rooms of 1 to 32 walls (as
 * search_agrees: walls at the band's distance from the line and through
 * the start included): the same wall, u* and clear. Without the port the
 * C list twice (the same comparison with the pass). */
static void port_kernel_agrees(void)
{
    fxlt_rng rng = fxlt_rng_for("port_kernel_agrees");
    uint32_t rooms = 0, target = FXLT_CASES(25000), searches = 0, found = 0, bad = 0;
    fxl_wall w[BW];
    fxl_wall_prep prep[BW];
    fxl_room_wall packed[BW];
    fxl_bounce legs[8];
    fxl_room room;
    int i, n = bench_room(w);
    for (i = 0; i < n; i++)
        CHECK_EQ(fxl_wall_prepare(&w[i], &prep[i]), FXL_OK);
    CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, BW, &room), FXL_OK);
    for (i = 0; i < 256; i++) {
        fxl_vec2 e = v2(PX(20 + (i * 37) % 120), PX(20 + (i * 53) % 120));
        fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, e, (fxl_angle)((i * 293) & 4095),
                                             (fix16_t)PX(300 + (i & 1) * 100), 0);
        size_t count = 0, k;
        int32_t left = l.length;
        unsigned flags = (i & 2) ? FXL_CAST_TWO_SIDED : 0u;
        CHECK_EQ(fxl_room_bounce(&room, &l, flags, 4, legs, 8, &count), FXL_OK);
        for (k = 0; k < count; k++) {
            fxl__rules rules;
            const fxl_bounce *g = &legs[k];
            int t;
            leg_rules(&rules, legs, k, prep, l.pos);
            for (t = 0; t < 3; t++) {
                if (t == 2)
                    pick_rules(&rng, prep, n, g->start, &rules);
                bad += !port_c_pass(&room, g->start, g->dx, g->dy, left, t == 1, &rules, &found);
                searches++;
            }
            left -= legs[k].length;
        }
    }
    while (rooms < target) {
        fxl_vec2 p;
        int32_t dx, dy, len;
        int m = ray_room(&rng, w, prep, packed, &room, &p, &dx, &dy, &len), k;
        rooms++;
        for (k = 0; k < 4; k++) {
            fxl__rules rules;
            pick_rules(&rng, prep, m, p, &rules);
            bad += !port_c_pass(&room, p, dx, dy, len, fxlt_below(&rng, 2) == 0, &rules, &found);
            searches++;
            if (k == 1)
                pick_dir(&rng, &dx, &dy);
        }
    }
    fxlt_printf("    %s: %u searches (%u found a wall), %u rooms: %u disagreements\n",
                FXL_PORT_BOUNCE_BAND ? "port kernel vs C list vs pass" : "C list vs pass",
                searches, found, rooms, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(found > 0);
}

/* Reflections through the loop's dispatch (reflect_reduced first, then
 * reflect) == reflect alone (direction, side, steadiness): walls
 * axis-aligned, 45-degree (any length, raw units too), slanted between
 * whole pixels (reduced_wall) or of any raw direction; directions from the
 * table, at and past the reduction's bound, or any (short ones scaled
 * back). */
static void lean_reflections(void)
{
    fxlt_rng rng = fxlt_rng_for("lean_reflections");
    uint32_t n = 0, target = FXLT_CASES(100000), bad = 0, kinds[4] = {0, 0, 0, 0};
    while (n < target) {
        fxl_wall wl;
        fxl_wall_prep w;
        int32_t ex1, ey1, dx, dy, a[2], b[2];
        unsigned s;
        uint32_t kind = fxlt_below(&rng, 4);
        if (kind == 2) {
            if (!reduced_wall(&rng, &wl, &w, &ex1, &ey1, &s))
                continue;
        } else {
            int32_t m = fxlt_below(&rng, 2) == 0 ? fxlt_range(&rng, 1, 1 << 20)
                                                 : (int32_t)PX(fxlt_range(&rng, 1, 300));
            wl.a = v2(fxlt_range(&rng, -PX(500), PX(500)), fxlt_range(&rng, -PX(500), PX(500)));
            if (kind == 0) {
                ex1 = fxlt_below(&rng, 2) == 0 ? m : 0;
                ey1 = ex1 == 0 ? m : 0;
            } else if (kind == 1) {
                ex1 = m;
                ey1 = fxlt_below(&rng, 2) == 0 ? m : -m;
            } else {
                ex1 = fxlt_range(&rng, -(1 << 24), 1 << 24);
                ey1 = fxlt_range(&rng, -(1 << 24), 1 << 24);
            }
            if (fxlt_below(&rng, 2) == 0) {
                ex1 = -ex1;
                ey1 = -ey1;
            }
            wl.b = v2((int64_t)wl.a.x + ex1, (int64_t)wl.a.y + ey1);
            if (fxl_wall_prepare(&wl, &w) != FXL_OK)
                continue;
        }
        switch (fxlt_below(&rng, 4)) {
        case 0:
            reduced_dir(&rng, &dx, &dy);
            break;
        case 1:
            dx = fxlt_range(&rng, -131072, 131072);
            dy = fxlt_range(&rng, -131072, 131072);
            break;
        default:
            pick_dir(&rng, &dx, &dy);
            break;
        }
        if (dx == 0 && dy == 0)
            continue;
        if (!reflect_same(&w, &fxl__bounce_no_lean, dx, dy, a, b)) {
            if (bad < 4)
                fxlt_printf("    lean reflection differs: e (%d, %d), d (%d, %d): (%d, %d) / "
                            "(%d, %d)\n",
                            (int)w.ex, (int)w.ey, (int)dx, (int)dy, (int)a[0], (int)a[1],
                            (int)b[0], (int)b[1]);
            bad++;
        }
        kinds[kind]++;
        n++;
    }
    fxlt_printf("    lean reflections: %u (axis-aligned %u, 45-degree %u, whole-pixel slanted %u, "
                "raw %u), %u differ from reflect alone\n",
                n, kinds[0], kinds[1], kinds[2], kinds[3], bad);
    CHECK_EQ(bad, 0);
}

/* reflect_reduced's divisions by |e'|^2 (recip_one's one Newton step,
 * round_refl's one-product estimate) at their bounds: reduced directions
 * e' from |e'|^2 = 5 to near 2^29 (components 1 .. 16383, both signs,
 * l2 odd and even), shifted by 2^s, against every table direction (or a
 * sweep of them: the lengths reflect_reduced keeps, so its answers are
 * the ones compared) and the 131071 bound on an axis: the loop's dispatch
 * == reflect alone. */
static void lean_reflection_bounds(void)
{
    static const int32_t e[][2] = {{1, 2},         {2, 1},         {1, 3},     {3, 5},
                                   {16383, 1},     {1, 16383},     {16383, 2}, {16383, 16382},
                                   {16382, 16383}, {16383, 16381}, {12345, 16383}, {8191, 16383}};
    static const unsigned sh[] = {0, 3, 12};
    /* (every angle at the full count, a sweep of about FXLT_CASES(4096) else) */
    uint32_t step = 4096u / (FXLT_CASES(4096u) + 1u) + 1u, n = 0, bad = 0;
    size_t i, j, g;
    for (i = 0; i < sizeof e / sizeof e[0]; i++)
        for (g = 0; g < 4; g++)
            for (j = 0; j < sizeof sh / sizeof sh[0]; j++) {
                fxl_wall wl;
                fxl_wall_prep w;
                int32_t ex1 = (g & 1) ? -e[i][0] : e[i][0], ey1 = (g & 2) ? -e[i][1] : e[i][1];
                uint32_t a;
                if (((int64_t)16383 << sh[j]) >= ((int64_t)1 << 29))
                    continue;
                wl.a = v2(PX(3), -PX(7));
                wl.b = v2(wl.a.x + (int64_t)ex1 * ((int64_t)1 << sh[j]),
                          wl.a.y + (int64_t)ey1 * ((int64_t)1 << sh[j]));
                if (fxl_wall_prepare(&wl, &w) != FXL_OK)
                    continue;
                for (a = 0; a < 4096u + 4u; a++) {
                    int32_t dx, dy, p[2], q[2];
                    if (a < 4096u && a % step != 0)
                        continue;
                    if (a < 4096u) {
                        dx = fxl_cos((fxl_angle)a);
                        dy = fxl_sin((fxl_angle)a);
                    } else { /* the bound on an axis, each sign */
                        dx = (a & 1u) ? 0 : ((a & 2u) ? -131071 : 131071);
                        dy = (a & 1u) ? ((a & 2u) ? -131071 : 131071) : 0;
                    }
                    if (!reflect_same(&w, &fxl__bounce_no_lean, dx, dy, p, q)) {
                        if (bad < 4)
                            fxlt_printf("    bound reflection differs: e (%d, %d), d (%d, %d): "
                                        "(%d, %d) / (%d, %d)\n",
                                        (int)w.ex, (int)w.ey, (int)dx, (int)dy, (int)p[0],
                                        (int)p[1], (int)q[0], (int)q[1]);
                        bad++;
                    }
                    n++;
                }
            }
    fxlt_printf("    lean reflections at the bounds: %u, %u differ from reflect alone\n", n,
                bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(n > 0);
}

/* floor(a / b), b > 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return q * b > a ? q - 1 : q;
}

/* axis_meet (fxl__bounce_axis_meet) about its 32-bit remainder's bound:
 * the distance across the wall m = 2^13 |dn| + j, j in -2 .. 2 (t = 65536
 * m / |dn| about 2^29: the 32-bit path below, the 64-bit one from 2^29
 * on), |dn| and |da| from 1 to 131071, each sign and both orientations,
 * against the exact floors: L = floor(65536 m / |dn|), the point's
 * coordinate along the wall pa + floor(m da / |dn|) (over |dn|, of m's
 * sign as dn's), exact iff |dn| divides m da. */
static void axis_meet_bounds(void)
{
    static const int32_t dns[] = {1, 2, 3, 7, 1000, 46341, 65535, 65536, 131071};
    static const int32_t das[] = {0, 1, 5, 46341, 65536, 131071};
    uint32_t n = 0, bad = 0;
    size_t i, j;
    int g, k;
    for (i = 0; i < sizeof dns / sizeof dns[0]; i++)
        for (j = 0; j < sizeof das / sizeof das[0]; j++)
            for (g = 0; g < 8; g++)
                for (k = -2; k <= 2; k++) {
                    bool vertical = (g & 1) != 0, exact;
                    int32_t dn = (g & 2) ? -dns[i] : dns[i], da = (g & 4) ? -das[j] : das[j];
                    int64_t m = ((int64_t)dns[i] << 13) + k, r = dn < 0 ? -m : m, along, num;
                    fxl_vec2 p = v2(-PX(3), PX(5));
                    fxl_wall w;
                    fxl_wall_prep wp;
                    fxl__ray ray;
                    int32_t L;
                    if (m <= 0)
                        continue;
                    if (vertical) {
                        w.a = v2(p.x + r, -PX(40));
                        w.b = v2(w.a.x, PX(40));
                        fxl__ray_init(&ray, p, dn, da, FXL_SIZE_MAX, 1);
                    } else {
                        w.a = v2(-PX(40), p.y + r);
                        w.b = v2(PX(40), w.a.y);
                        fxl__ray_init(&ray, p, da, dn, FXL_SIZE_MAX, 1);
                    }
                    if (fxl_wall_prepare(&w, &wp) != FXL_OK)
                        continue; /* beyond the domain's coordinates (|dn| near 2^17) */
                    L = fxl__bounce_axis_meet(&ray, &wp, &along, &exact);
                    num = m * da;
                    if ((int64_t)L != floor_div(m * 65536, dns[i]) ||
                        along != (vertical ? p.y : p.x) + floor_div(num, dns[i]) ||
                        exact != (num % dns[i] == 0)) {
                        if (bad < 4)
                            fxlt_printf("    axis_meet differs: dn %d da %d m %lld vertical %d: L "
                                        "%ld along %lld exact %d\n",
                                        (int)dn, (int)da, (long long)m, (int)vertical, (long)L,
                                        (long long)along, (int)exact);
                        bad++;
                    }
                    n++;
                }
    fxlt_printf("    axis_meet about 2^29: %u meetings, %u wrong\n", n, bad);
    CHECK_EQ(bad, 0);
    CHECK(n > 0);
}

/* bounce.c's div_small32 (test builds). */
uint32_t fxl__bounce_div_small32(uint32_t den, uint64_t n);

/* div_small32 (floor(n / den) for a quotient below 2^29 and den < 2^30,
 * its remainder in 32 bits) against the exact quotient: divisors 1 ..
 * 2^30 - 1 (powers of two, their neighbours, any), quotients up to 2^29 -
 * 1, remainders 0, 1, den - 1 or any. */
static void div_small32_bounds(void)
{
    fxlt_rng rng = fxlt_rng_for("div_small32_bounds");
    uint32_t n = FXLT_CASES(400000), k, bad = 0;
    for (k = 0; k < n; k++) {
        uint32_t how = fxlt_below(&rng, 4), pick = fxlt_below(&rng, 4);
        int b = (int)fxlt_below(&rng, 30);
        uint64_t den, q, rem;
        if (how == 0)
            den = (uint64_t)1 << b;
        else if (how == 1)
            den = ((uint64_t)1 << b) + (fxlt_below(&rng, 2) == 0 ? 1u : (uint64_t)-1);
        else if (how == 2)
            den = ((uint64_t)1 << 30) - 1u - fxlt_below(&rng, 4);
        else
            den = 1u + (fxlt_next(&rng) & (((uint64_t)2 << b) - 1u));
        if (den == 0 || den >= ((uint64_t)1 << 30))
            den = ((uint64_t)1 << 30) - 1u;
        q = fxlt_below(&rng, 8) == 0 ? (1u << 29) - 1u - fxlt_below(&rng, 4)
                                     : fxlt_next(&rng) & ((1u << fxlt_below(&rng, 30)) - 1u);
        q = q >= (1u << 29) ? (1u << 29) - 1u : q;
        rem = pick == 0 ? 0u : pick == 1 ? (den > 1 ? 1u : 0u) : pick == 2 ? den - 1u
                                                                  : fxlt_next(&rng) % den;
        bad += fxl__bounce_div_small32((uint32_t)den, q * den + rem) != q;
    }
    fxlt_printf("    div_small32: %u divisions, %u wrong\n", n, bad);
    CHECK_EQ(bad, 0);
}

/* bounce.c's axis_at32, axis_at and on_line_of (test builds). */
uint32_t fxl__bounce_axis_at32(int32_t p, int32_t d, uint32_t t, bool *exact, bool *upper);
int64_t fxl__bounce_axis_at(int32_t p, int32_t d, int64_t t, bool *exact, bool *upper);
bool fxl__bounce_on_line(const fxl_wall_prep *w, fxl_vec2 q);

/* An int32 for the free end's axis: 0, +-1, the steady directions' range
 * (+-65536, +-131071), the extremes, or any. */
static int32_t edge_i32(fxlt_rng *rng)
{
    static const int64_t edges[] = {0,      1,      -1,      65535,      65536,     -65536,
                                    131071, -131071, 131072, INT32_MAX, INT32_MIN, -65535};
    uint32_t how = fxlt_below(rng, 4);
    if (how == 0)
        return (int32_t)edges[fxlt_below(rng, (uint32_t)(sizeof edges / sizeof edges[0]))];
    if (how == 1)
        return fxlt_range(rng, -131071, 131071);
    return (int32_t)(uint32_t)fxlt_next(rng);
}

/* axis_at32 (the free end's floors in 32-bit products, bounce.c) against
 * axis_at's 64-bit product: the floor's low 32 bits, exact and upper
 * alike, for any int32 p and d and t in 0 .. 2^32 - 1 (the lengths
 * 0..FXL_SIZE_MAX, their edges: 0, 1, 65535, 65536, multiples of 65536 and
 * a unit either side, 2^28 - 1, 2^32 - 1). */
static void free_end_floors(void)
{
    fxlt_rng rng = fxlt_rng_for("free_end_floors");
    uint32_t n = FXLT_CASES(400000), k, bad = 0, whole = 0;
    for (k = 0; k < n; k++) {
        int32_t p = edge_i32(&rng), d = edge_i32(&rng);
        uint32_t how = fxlt_below(&rng, 5), t;
        bool e1, u1, e2, u2;
        uint32_t a;
        int64_t b;
        if (how == 0)
            t = (uint32_t)fxlt_below(&rng, 4) == 0 ? 0xFFFFFFFFu : (1u << 28) - 1u;
        else if (how == 1)
            t = (fxlt_below(&rng, 4096) << 16) + (uint32_t)fxlt_range(&rng, -1, 1);
        else if (how == 2)
            t = fxlt_below(&rng, 65537);
        else if (how == 3)
            t = (uint32_t)fxlt_next(&rng);
        else
            t = fxlt_below(&rng, 1u << 28);
        a = fxl__bounce_axis_at32(p, d, t, &e1, &u1);
        b = fxl__bounce_axis_at(p, d, (int64_t)t, &e2, &u2);
        whole += e2 ? 1u : 0u;
        if (a != (uint32_t)(uint64_t)b || e1 != e2 || u1 != u2) {
            if (bad < 5)
                fxlt_printf("    differ: p %d d %d t %u: %u %d %d against %u %d %d\n", (int)p,
                            (int)d, (unsigned)t, (unsigned)a, (int)e1, (int)u1,
                            (unsigned)(uint64_t)b, (int)e2, (int)u2);
            bad++;
        }
    }
    fxlt_printf("    free end floors: %u, %u whole, %u wrong\n", n, whole, bad);
    CHECK_COVER(whole > 0);
    CHECK_EQ(bad, 0);
}

/* on_line_of (rules.on_line's test, bounce.c) against fxl__side_of == 0:
 * axis-aligned walls either way round (and slanted ones), points on the
 * line, a raw unit either side, at the int32 extremes, or anywhere. */
static void on_line_tests(void)
{
    fxlt_rng rng = fxlt_rng_for("on_line_tests");
    static const fxl_wall_prep zero;
    uint32_t n = FXLT_CASES(200000), k, bad = 0, on = 0;
    for (k = 0; k < n; k++) {
        fxl_wall_prep w;
        fxl_vec2 q;
        uint32_t kind = fxlt_below(&rng, 3), where = fxlt_below(&rng, 4);
        int32_t l = edge_i32(&rng);
        w = zero;
        w.a.x = edge_i32(&rng);
        w.a.y = edge_i32(&rng);
        w.ex = kind == 1 ? 0 : (l != 0 ? l : 1);
        w.ey = kind == 0 ? 0 : kind == 1 ? (l != 0 ? l : 1) : edge_i32(&rng);
        q.x = edge_i32(&rng);
        q.y = edge_i32(&rng);
        if (where != 0 && kind == 0)
            q.y = (int32_t)((uint32_t)w.a.y + (uint32_t)fxlt_range(&rng, -1, 1) * (where - 1u));
        else if (where != 0 && kind == 1)
            q.x = (int32_t)((uint32_t)w.a.x + (uint32_t)fxlt_range(&rng, -1, 1) * (where - 1u));
        on += fxl__side_of(&w, q) == 0 ? 1u : 0u;
        if (fxl__bounce_on_line(&w, q) != (fxl__side_of(&w, q) == 0)) {
            if (bad < 5)
                fxlt_printf("    differ: a (%d, %d) e (%d, %d) q (%d, %d)\n", (int)w.a.x,
                            (int)w.a.y, (int)w.ex, (int)w.ey, (int)q.x, (int)q.y);
            bad++;
        }
    }
    fxlt_printf("    on line: %u points, %u on, %u wrong\n", n, on, bad);
    CHECK_COVER(on > 0);
    CHECK_EQ(bad, 0);
}

/* The port's kernel's strict comparison of a later wall with the best
 * (bounce_arm.s, .Learlier) against the C list and the pass, on rays met
 * by 2 to 6 walls crossing at one point X = p + k d exactly on the ray (u
 * = 65536 k: ties, which go to the lower index), or a raw unit off it, or
 * a few pixels along, some ending there (corners), in random index order,
 * some beyond the length; one- and two-sided, no rules or random ones.
 * Without the port the C list twice (as port_kernel_agrees). */
static void kernel_earlier(void)
{
    fxlt_rng rng = fxlt_rng_for("kernel_earlier");
    uint32_t rays = 0, target = FXLT_CASES(20000), found = 0, bad = 0;
    fxl_wall w[6];
    fxl_wall_prep prep[6];
    fxl_room_wall packed[6];
    while (rays < target) {
        fxl_room room;
        fxl__rules rules;
        fxl_vec2 p = v2(0, 0), x;
        int32_t dx, dy, k, len;
        int n = 2 + (int)fxlt_below(&rng, 5), i;
        p.x = fxlt_range(&rng, -PX(500), PX(500)); /* one draw per statement */
        p.y = fxlt_range(&rng, -PX(500), PX(500));
        pick_dir(&rng, &dx, &dy);
        k = fxlt_range(&rng, 1, 300);
        x = v2((int64_t)p.x + (int64_t)k * dx, (int64_t)p.y + (int64_t)k * dy);
        len = (int32_t)(65536 * k) + fxlt_range(&rng, -PX(4), PX(40));
        len = len < 0 ? 0 : len;
        for (i = 0; i < n; i++) {
            uint32_t how = fxlt_below(&rng, 4);
            int64_t tx = x.x, ty = x.y, m0, m1;
            int32_t ex = fxlt_range(&rng, -2000, 2000), ey = fxlt_range(&rng, -2000, 2000);
            if (how == 1) {
                if (fxlt_below(&rng, 2) == 0)
                    tx += fxlt_range(&rng, -1, 1);
                else
                    ty += fxlt_range(&rng, -1, 1);
            } else if (how == 2) {
                int32_t j = fxlt_range(&rng, -3, 3);
                tx += (int64_t)j * dx;
                ty += (int64_t)j * dy;
            }
            if (ex == 0 && ey == 0)
                ex = 1;
            m0 = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 1, 4000);
            m1 = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 1, 4000);
            if (m0 == 0 && m1 == 0)
                m1 = 1;
            w[i].a = v2(tx - m0 * ex, ty - m0 * ey);
            w[i].b = v2(tx + m1 * ex, ty + m1 * ey);
            (void)fxl_wall_prepare(&w[i], &prep[i]);
        }
        CHECK_EQ(fxl_room_prepare(prep, (size_t)n, packed, 6, &room), FXL_OK);
        pick_rules(&rng, prep, n, p, &rules);
        if (fxlt_below(&rng, 2) == 0)
            rules.skip = -1, rules.has_ref = false, rules.on_line = false;
        bad += !port_c_pass(&room, p, dx, dy, len, false, &rules, &found);
        bad += !port_c_pass(&room, p, dx, dy, len, true, &rules, &found);
        rays++;
    }
    fxlt_printf("    %s: %u rays crossed at one point (%u searches found a wall): %u "
                "disagreements\n",
                FXL_PORT_BOUNCE_BAND ? "port kernel vs C list vs pass" : "C list vs pass", rays,
                found, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(found > 0);
}

/* Every leg's angle == fxl_atan2 of its direction (bounce.c's shortcuts:
 * off an axis-aligned wall, off a 45-degree one, the call straight away
 * off other slanted walls) in rooms of 45-degree walls of both slopes
 * (whole pixels or raw lengths), other slanted walls and a box, lasers at
 * any angle (a quarter of them at multiples of 512 steps, directions with
 * a 0 or equal components), both searches. */
static void leg_angles(void)
{
    fxlt_rng rng = fxlt_rng_for("leg_angles");
    uint32_t casts = 0, target = FXLT_CASES(5000), bad = 0, legs_n = 0, off45 = 0;
    fxl_wall w[16];
    fxl_wall_prep prep[16];
    fxl_room_wall packed[16];
    fxl_bounce a[12];
    while (casts < target) {
        fxl_room room;
        int64_t cx = PX(fxlt_range(&rng, -500, 500)), cy = PX(fxlt_range(&rng, -500, 500));
        int64_t h = PX(150);
        int n = 4 + (int)fxlt_below(&rng, 13), i, k;
        for (i = 0; i < n - 4; i++) {
            int64_t l = fxlt_below(&rng, 2) == 0 ? PX(fxlt_range(&rng, 5, 40))
                                                 : fxlt_range(&rng, PX(5), PX(40));
            int kind = (int)fxlt_below(&rng, 3);
            w[i].a = v2(cx + PX(fxlt_range(&rng, -140, 140)), cy + PX(fxlt_range(&rng, -140, 140)));
            if (kind == 2)
                w[i].b = v2(w[i].a.x + PX(fxlt_range(&rng, -40, 40)),
                            w[i].a.y + PX(fxlt_range(&rng, -40, 40)) + 1);
            else
                w[i].b = v2(w[i].a.x + (fxlt_below(&rng, 2) == 0 ? l : -l),
                            w[i].a.y + (kind == 0 ? l : -l));
        }
        boxed_room(w, prep, packed, n, cx, cy, h, &room);
        for (k = 0; k < 4; k++) {
            size_t na = 0, j;
            unsigned flags = fxlt_below(&rng, 2) == 0 ? 0u : FXL_CAST_TWO_SIDED;
            fxl_vec2 p = v2(cx + fxlt_range(&rng, -PX(140), PX(140)),
                            cy + fxlt_range(&rng, -PX(140), PX(140)));
            fxl_angle ang = fxlt_below(&rng, 4) == 0 ? (fxl_angle)(512 * fxlt_below(&rng, 8))
                                                     : (fxl_angle)fxlt_below(&rng, 4096);
            fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, p, ang,
                                                 fxlt_range(&rng, 0, (int32_t)PX(1500)), 0);
            fxl_result r = k >= 2 ? fxl_room_bounce(&room, &l, flags, 8, a, 12, &na)
                                  : fxl_laser_bounce(&l, prep, (size_t)n, flags, 8, a, 12, &na);
            if (r != FXL_OK && r != FXL_ERR_CAPACITY)
                bad++;
            for (j = 0; j < na && j < 12; j++) {
                if (a[j].angle != fxl_atan2(a[j].dy, a[j].dx)) {
                    if (bad < 3)
                        fxlt_printf("    leg %u: d (%d, %d) angle %d, fxl_atan2 %d\n",
                                    (unsigned)j, (int)a[j].dx, (int)a[j].dy, (int)a[j].angle,
                                    (int)fxl_atan2(a[j].dy, a[j].dx));
                    bad++;
                }
                if (j > 0) {
                    const fxl_wall_prep *q = &prep[a[j - 1].wall];
                    off45 += q->ex != 0 && (q->ex == q->ey || q->ex == -q->ey);
                }
            }
            legs_n += (uint32_t)na;
            casts++;
        }
    }
    fxlt_printf("    %u bounces (%u legs, %u off 45-degree walls): %u angles differ from "
                "fxl_atan2\n",
                casts, legs_n, off45, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(off45 > 0);
    if (FXLT_PROPERTY_DIVISOR == 1)
        CHECK(off45 >= 1000);
}

/* One-sided bounces (the side of each leg's start off a slanted wall from
 * the search's u, bounce.c's loop) against side_of's (fxl__bounce_no_reduce
 * set: the call, and the 128-bit divisions): rooms of slanted and
 * 45-degree walls at the coordinate range's corners (a - p up to 2^31 -
 * 1 on an axis) and about the origin, a quarter of the lasers fired from
 * a wall's end or a point on its line (met at u = 0), both searches. */
static void start_sides(void)
{
    fxlt_rng rng = fxlt_rng_for("start_sides");
    uint32_t casts = 0, target = FXLT_CASES(5000), bad = 0, legs_n = 0, slanted = 0, at0 = 0;
    fxl_wall w[16];
    fxl_wall_prep prep[16];
    fxl_room_wall packed[16];
    fxl_bounce a[12];
    fxl__bounce_audit.skips = fxl__bounce_audit.wrong = 0;
    fxl__bounce_audit.on = true;
    while (casts < target) {
        fxl_room room;
        int corner = (int)fxlt_below(&rng, 5);
        int64_t e = (int64_t)FXL_COORD_MAX - PX(160);
        int64_t cx = corner == 4 ? 0 : (corner & 1) ? e : -e, cy = corner == 4 ? 0 : (corner & 2) ? e : -e;
        int64_t h = PX(150);
        int n = 4 + (int)fxlt_below(&rng, 13), i, k;
        for (i = 0; i < n - 4; i++) {
            int64_t l = PX(fxlt_range(&rng, 5, 40));
            w[i].a = v2(cx + PX(fxlt_range(&rng, -140, 140)), cy + PX(fxlt_range(&rng, -140, 140)));
            if (fxlt_below(&rng, 2) == 0)
                w[i].b = v2(w[i].a.x + (fxlt_below(&rng, 2) == 0 ? l : -l),
                            w[i].a.y + (fxlt_below(&rng, 2) == 0 ? l : -l));
            else
                w[i].b = v2(w[i].a.x + fxlt_range(&rng, -PX(40), PX(40)),
                            w[i].a.y + fxlt_range(&rng, -PX(40), PX(40)) + 1);
        }
        boxed_room(w, prep, packed, n, cx, cy, h, &room);
        for (k = 0; k < 4; k++) {
            size_t na = 0, j;
            fxl_vec2 p = v2(cx + fxlt_range(&rng, -PX(140), PX(140)),
                            cy + fxlt_range(&rng, -PX(140), PX(140)));
            fxl_angle ang = (fxl_angle)fxlt_below(&rng, 4096);
            fxl_laser l;
            bool room_way = k >= 2, same;
            if (n > 4 && fxlt_below(&rng, 4) == 0) {
                /* from a slanted wall's end or a point on its line */
                const fxl_wall *q = &w[fxlt_below(&rng, (uint32_t)(n - 4))];
                int32_t t = fxlt_range(&rng, -2, 2);
                p = v2((int64_t)q->a.x + t * ((int64_t)q->b.x - q->a.x),
                       (int64_t)q->a.y + t * ((int64_t)q->b.y - q->a.y));
            }
            l = fxl_laser_from_emitter(FXL_LASER_BOX, p, ang, fxlt_range(&rng, 0, (int32_t)PX(1500)),
                                       0);
            same = reduced_same(room_way ? &room : NULL, prep, n, &l, 0u, 8, a, &na);
            for (j = 0; j < na && j < 12; j++)
                if (a[j].wall >= 0 && prep[a[j].wall].ex != 0 && prep[a[j].wall].ey != 0) {
                    slanted++;
                    at0 += a[j].length == 0;
                }
            bad += !same;
            legs_n += (uint32_t)na;
            casts++;
        }
    }
    fxl__bounce_audit.on = false;
    fxlt_printf("    %u one-sided bounces (%u legs, %u ending on slanted walls, %u of them at "
                "once): %u differ from side_of's; %u checks skipped (reachability, side of "
                "the wall left), %u of them wrong\n",
                casts, legs_n, slanted, at0, bad, fxl__bounce_audit.skips,
                fxl__bounce_audit.wrong);
    CHECK_EQ(bad, 0);
    CHECK_EQ(fxl__bounce_audit.wrong, 0);
    CHECK_COVER(slanted > 0);
    if (FXLT_PROPERTY_DIVISOR == 1)
        CHECK_COVER(at0 > 0);
}

static const fxlt_case cases[] = {
    {"bench_room_legs", bench_room_legs},
    {"search_agrees", search_agrees},
    {"big_rooms_agree", big_rooms_agree},
    {"reduced_meets", reduced_meets},
    {"reduced_reflections", reduced_reflections},
    {"reduced_rooms", reduced_rooms},
    {"port_kernel_agrees", port_kernel_agrees},
    {"lean_reflections", lean_reflections},
    {"lean_reflection_bounds", lean_reflection_bounds},
    {"axis_meet_bounds", axis_meet_bounds},
    {"div_small32_bounds", div_small32_bounds},
    {"kernel_earlier", kernel_earlier},
    {"leg_angles", leg_angles},
    {"start_sides", start_sides},
    {"free_end_floors", free_end_floors},
    {"on_line_tests", on_line_tests},
};

const fxlt_suite fxlt_suite_bounce = {"bounce", cases, FXLT_COUNT(cases)};
