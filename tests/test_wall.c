/* test_wall.c - one-sided walls: the side convention, the crossing
 * predicate's edge cases, stop and slide points against a double reference,
 * and 1,000,000 random moves inside random closed rooms that must never end
 * outside (an exact integer point-in-polygon test written here). */
#include <math.h>

#include "bigint.h"
#include "harness.h"
#include "polygon.h"
#include "ref.h"

#include "../src/wall_hooks.h" /* wall.c's filters (FXL_TEST_HOOKS) */

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_wall_prep wall(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by)
{
    fxl_wall w;
    fxl_wall_prep p;
    w.a = fxl_vec2_make(ax, ay);
    w.b = fxl_vec2_make(bx, by);
    CHECK_EQ(fxl_wall_prepare(&w, &p), FXL_OK);
    return p;
}

static fxl_vec2 v2(fix16_t x, fix16_t y)
{
    return fxl_vec2_make(x, y);
}

static void side_and_crossing(void)
{
    /* A wall from (0,0) to (10,0), walked rightwards: its front is the
     * left on a y-down screen, i.e. up, negative y. */
    fxl_wall_prep w = wall(0, 0, PX(10), 0);
    CHECK_EQ(fxl_wall_side(&w, v2(PX(5), PX(-1))), -1);
    CHECK_EQ(fxl_wall_side(&w, v2(PX(5), PX(1))), 1);
    CHECK_EQ(fxl_wall_side(&w, v2(PX(50), 0)), 0);
    CHECK(fxl_wall_crosses(&w, v2(PX(5), PX(-1)), v2(PX(5), PX(1))));   /* front to back */
    CHECK(!fxl_wall_crosses(&w, v2(PX(5), PX(1)), v2(PX(5), PX(-1))));  /* back to front: free */
    CHECK(!fxl_wall_crosses(&w, v2(PX(-5), PX(-1)), v2(PX(-5), PX(1)))); /* beside the wall */
    CHECK(fxl_wall_crosses(&w, v2(PX(10), PX(-1)), v2(PX(10), PX(1))));  /* through an end */
    CHECK(!fxl_wall_crosses(&w, v2(PX(10) + 1, PX(-1)), v2(PX(10) + 1, PX(1))));
    CHECK(fxl_wall_crosses(&w, v2(PX(5), 0), v2(PX(5), 1)));            /* from on the wall */
    CHECK(!fxl_wall_crosses(&w, v2(PX(5), 0), v2(PX(5), -1)));
    CHECK(!fxl_wall_crosses(&w, v2(PX(1), PX(-1)), v2(PX(9), PX(-1))));  /* parallel */
    CHECK(!fxl_wall_crosses(&w, v2(PX(1), 0), v2(PX(9), 0)));            /* collinear */
    CHECK(!fxl_wall_crosses(&w, v2(PX(5), PX(-1)), v2(PX(5), PX(-1))));  /* zero length */
    CHECK(!fxl_wall_crosses(&w, v2(PX(5), PX(-1)), v2(PX(5), 0)));       /* ends on it: allowed */
}

static void errors(void)
{
    fxl_wall w;
    fxl_wall_prep p;
    w.a = v2(PX(3), PX(4));
    w.b = w.a;
    CHECK_EQ(fxl_wall_prepare(&w, &p), FXL_ERR_WALL_ZERO);
    w.b = v2(FXL_COORD_MAX + 1, 0);
    CHECK_EQ(fxl_wall_prepare(&w, &p), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_wall_prepare(NULL, &p), FXL_ERR_NULL);
    CHECK_EQ(fxl_wall_prepare(&w, NULL), FXL_ERR_NULL);
}

static void moves_and_slides(void)
{
    fxl_wall_prep walls[2];
    fxl_move m;
    uint32_t touched = 0;
    walls[0] = wall(0, 0, PX(100), 0); /* floor, front up */
    /* Straight into the floor: stops on it. */
    m = fxl_move_point(walls, 1, v2(PX(50), PX(-10)), v2(PX(50), PX(10)), &touched);
    CHECK(m.pos.x == PX(50) && m.pos.y == 0 && m.contacts == 1 && touched == 1u);
    /* Diagonally: stops, then slides the horizontal part. */
    m = fxl_move_point(walls, 1, v2(PX(50), PX(-10)), v2(PX(70), PX(10)), NULL);
    CHECK(m.pos.x == PX(70) && m.pos.y == 0);
    /* From behind: passes. */
    m = fxl_move_point(walls, 1, v2(PX(50), PX(10)), v2(PX(50), PX(-10)), &touched);
    CHECK(m.pos.y == PX(-10) && m.contacts == 0 && touched == 0u);
    /* Zero-length and starting on the wall. */
    m = fxl_move_point(walls, 1, v2(PX(50), 0), v2(PX(50), 0), NULL);
    CHECK(m.pos.x == PX(50) && m.pos.y == 0 && m.contacts == 0);
    m = fxl_move_point(walls, 1, v2(PX(50), 0), v2(PX(60), PX(5)), NULL);
    CHECK(m.pos.x == PX(60) && m.pos.y == 0);
    /* Into a corner of two walls sharing an end: stays in the corner. */
    walls[1] = wall(PX(100), 0, PX(100), PX(-100)); /* right wall, front to the left */
    m = fxl_move_point(walls, 2, v2(PX(90), PX(-10)), v2(PX(130), PX(20)), &touched);
    CHECK(m.pos.x <= PX(100) && m.pos.y <= 0);
    CHECK(m.pos.x == PX(100) && m.pos.y == 0);
    /* Exactly through the shared corner: blocked. */
    m = fxl_move_point(walls, 2, v2(PX(90), PX(-10)), v2(PX(110), PX(10)), NULL);
    CHECK(m.pos.x <= PX(100) && m.pos.y <= 0);
}

/* The stop point: the exact meeting point rounded per axis, within one raw
 * step of a double computation and never behind the wall. */
static void meet_and_slide_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("meet_and_slide_reference");
    uint32_t i, n = FXLT_CASES(200000), done = 0;
    for (i = 0; i < n; i++) {
        fxl_wall w;
        fxl_wall_prep p;
        fxl_vec2 from, to, x, s;
        double t, ex, ey, d0, d1, rx, ry, k;
        w.a.x = fxlt_range(&rng, PX(-300), PX(300));
        w.a.y = fxlt_range(&rng, PX(-300), PX(300));
        w.b.x = fxlt_range(&rng, PX(-300), PX(300));
        w.b.y = fxlt_range(&rng, PX(-300), PX(300));
        from.x = fxlt_range(&rng, PX(-400), PX(400));
        from.y = fxlt_range(&rng, PX(-400), PX(400));
        to.x = fxlt_range(&rng, PX(-400), PX(400));
        to.y = fxlt_range(&rng, PX(-400), PX(400));
        if (fxl_wall_prepare(&w, &p) != FXL_OK || !fxl_wall_crosses(&p, from, to))
            continue;
        done++;
        x = fxl_wall_meet(&p, from, to);
        CHECK(fxl_wall_side(&p, x) <= 0);
        ex = (double)p.ex, ey = (double)p.ey;
        d0 = ex * ((double)from.y - w.a.y) - ey * ((double)from.x - w.a.x);
        d1 = ex * ((double)to.y - w.a.y) - ey * ((double)to.x - w.a.x);
        t = -d0 / (d1 - d0);
        CHECK(fabs((double)x.x - ((double)from.x + t * ((double)to.x - from.x))) <= 1.0);
        CHECK(fabs((double)x.y - ((double)from.y + t * ((double)to.y - from.y))) <= 1.0);
        s = fxl_wall_slide(&p, x, to);
        CHECK(fxl_wall_side(&p, s) <= 0);
        rx = (double)to.x - x.x, ry = (double)to.y - x.y;
        k = (rx * ex + ry * ey) / (ex * ex + ey * ey);
        CHECK(fabs((double)s.x - ((double)x.x + k * ex)) <= 1.0);
        CHECK(fabs((double)s.y - ((double)x.y + k * ey)) <= 1.0);
    }
    fxlt_printf("    stop and slide points: %u crossing moves, within one raw step of the "
                "double reference, never behind the wall\n", done);
    CHECK_COVER(done > n / 20);
}

/* Whether o is v * num / den rounded down (up = false) or up, exactly:
 * o den <= v num < (o + 1) den, or (o - 1) den < v num <= o den (den > 0). */
static bool rounded_ok(int64_t v, const big *num, const big *den, int64_t o, bool up)
{
    big p = big_mul(big_i64(v), *num), lo, hi;
    if (up) {
        lo = big_mul(big_i64(o - 1), *den);
        hi = big_mul(big_i64(o), *den);
        return big_cmp(lo, p) < 0 && big_cmp(p, hi) <= 0;
    }
    lo = big_mul(big_i64(o), *den);
    hi = big_mul(big_i64(o + 1), *den);
    return big_cmp(lo, p) <= 0 && big_cmp(p, hi) < 0;
}

/* wall.h's rounding towards the front, from the wall's direction alone: an
 * axis the side value falls along (x when ey > 0, y when ex < 0) rounds up;
 * an axis the wall does not depend on rounds towards `toward_up`. */
static bool ref_up(int64_t e_other, bool x_axis, bool toward_up)
{
    if (e_other == 0)
        return toward_up;
    return x_axis ? e_other > 0 : e_other < 0;
}

/* The stop and slide points equal their exact definitions (big-integer
 * rationals, the rounding directions of wall.h), with inputs on a whole-
 * pixel grid and one raw step off it: quotients that come out whole or
 * within a hair of it, the thin band wall.c's 32-bit filter hands to its
 * exact stage, as well as random ones. */
static void meet_and_slide_exact(void)
{
    fxlt_rng rng = fxlt_rng_for("meet_and_slide_exact");
    uint32_t i, n = FXLT_CASES(200000), done = 0, whole = 0;
    for (i = 0; i < n; i++) {
        fxl_wall w;
        fxl_wall_prep p;
        fxl_vec2 from, to, x, s;
        int64_t ex, ey, d0, d1, mx, my, rx, ry, dot;
        big num, den;
        int grid = (int)(i % 3); /* 0: whole pixels, 1: one raw off, 2: random */
        int32_t span = (i & 8) ? 40 : 400;
        fix16_t unit = grid == 2 ? 1 : 65536;
        w.a.x = fxlt_range(&rng, -span, span) * (grid == 2 ? 65536 : unit);
        w.a.y = fxlt_range(&rng, -span, span) * (grid == 2 ? 65536 : unit);
        w.b.x = fxlt_range(&rng, -span, span) * (grid == 2 ? 65536 : unit);
        w.b.y = fxlt_range(&rng, -span, span) * (grid == 2 ? 65536 : unit);
        if (grid == 2) {
            w.b.x += fxlt_range(&rng, -65535, 65535);
            w.b.y += fxlt_range(&rng, -65535, 65535);
        }
        from.x = fxlt_range(&rng, -span, span) * unit * (grid == 2 ? 65536 : 1);
        from.y = fxlt_range(&rng, -span, span) * unit * (grid == 2 ? 65536 : 1);
        to.x = fxlt_range(&rng, -span, span) * unit * (grid == 2 ? 65536 : 1);
        to.y = fxlt_range(&rng, -span, span) * unit * (grid == 2 ? 65536 : 1);
        if (grid == 1) {
            /* Reflected through a point P of the wall (t = 1/2: whole
             * offsets), or one raw step off that. */
            int32_t k = fxlt_range(&rng, 0, 8);
            fix16_t px = w.a.x + (w.b.x - w.a.x) / 8 * k, py = w.a.y + (w.b.y - w.a.y) / 8 * k;
            to.x = 2 * px - from.x + ((i & 16) ? fxlt_range(&rng, -1, 1) : 0);
            to.y = 2 * py - from.y + ((i & 16) ? fxlt_range(&rng, -1, 1) : 0);
        } else if (grid == 2) {
            from.x += fxlt_range(&rng, 0, 65535);
            to.y += fxlt_range(&rng, 0, 65535);
        }
        if (fxl_wall_prepare(&w, &p) != FXL_OK || !fxl_wall_crosses(&p, from, to))
            continue;
        done++;
        ex = (int64_t)w.b.x - w.a.x;
        ey = (int64_t)w.b.y - w.a.y;
        d0 = ex * ((int64_t)from.y - w.a.y) - ey * ((int64_t)from.x - w.a.x);
        d1 = ex * ((int64_t)to.y - w.a.y) - ey * ((int64_t)to.x - w.a.x);
        mx = (int64_t)to.x - from.x;
        my = (int64_t)to.y - from.y;
        /* t = -d0 / (d1 - d0) */
        num = big_i64(-d0);
        den = big_add(big_i64(d1), big_i64(-d0));
        x = fxl_wall_meet(&p, from, to);
        CHECK(rounded_ok(mx, &num, &den, (int64_t)x.x - from.x, ref_up(ey, true, mx < 0)));
        CHECK(rounded_ok(my, &num, &den, (int64_t)x.y - from.y, ref_up(ex, false, my < 0)));
        /* A whole quotient on either axis: the exact stage's case. */
        if (rounded_ok(mx, &num, &den, (int64_t)x.x - from.x, !ref_up(ey, true, mx < 0)) ||
            rounded_ok(my, &num, &den, (int64_t)x.y - from.y, !ref_up(ex, false, my < 0)))
            whole++;
        /* The slide from x: e ((to - x) . e) / |e|^2, rounded per axis the
         * same way by the sign of its own offset. */
        s = fxl_wall_slide(&p, x, to);
        rx = (int64_t)to.x - x.x;
        ry = (int64_t)to.y - x.y;
        dot = rx * ex + ry * ey;
        num = big_i64(dot);
        den = big_i64(ex * ex + ey * ey);
        {
            int64_t sx = dot < 0 ? -ex : ex, sy = dot < 0 ? -ey : ey;
            big mag = big_i64(dot < 0 ? -dot : dot);
            CHECK(rounded_ok(sx, &mag, &den, (int64_t)s.x - x.x, ref_up(ey, true, sx < 0)));
            CHECK(rounded_ok(sy, &mag, &den, (int64_t)s.y - x.y, ref_up(ex, false, sy < 0)));
        }
        (void)num;
    }
    fxlt_printf("    exact stop and slide points: %u crossing moves (%u with a whole quotient), "
                "all equal to the big-integer definitions\n", done, whole);
    CHECK_COVER(done > n / 20);
    CHECK_COVER(whole > done / 10);
    CHECK(big_faults() == 0);
}

/* The coarse boxes of fxl_wall_prep, as wall.h describes them: a move
 * whose box meets a wall's box (or the box of any part of an inflated wall)
 * always passes the packed test, at every scale out to the domain's edges;
 * and the test does reject moves far away. */
static uint32_t coarse_of(fix16_t v)
{
    return ((uint32_t)v ^ 0x80000000u) >> 17;
}

static bool coarse_pass(const fxl_wall_prep *w, fxl_vec2 a, fxl_vec2 b)
{
    uint32_t hx = coarse_of(a.x > b.x ? a.x : b.x), hy = coarse_of(a.y > b.y ? a.y : b.y);
    uint32_t lx = coarse_of(a.x < b.x ? a.x : b.x), ly = coarse_of(a.y < b.y ? a.y : b.y);
    uint32_t m_hi = (hx << 16 | hy) + 0x00010001u, m_lo = (lx << 16 | ly) | 0x80008000u;
    return (((w->coarse_lo - m_hi) | (m_lo - w->coarse_hi)) & 0x80008000u) == 0;
}

static bool boxes_meet(const fxl_aabb *box, fxl_vec2 a, fxl_vec2 b)
{
    return box->lo.x <= (a.x > b.x ? a.x : b.x) && box->hi.x >= (a.x < b.x ? a.x : b.x) &&
           box->lo.y <= (a.y > b.y ? a.y : b.y) && box->hi.y >= (a.y < b.y ? a.y : b.y);
}

static fix16_t coarse_coord(fxlt_rng *rng, fix16_t centre, fix16_t span)
{
    int64_t v = (int64_t)centre + fxlt_range(rng, -span, span);
    return (fix16_t)(v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v > FXL_COORD_MAX ? FXL_COORD_MAX : v);
}

static void coarse_boxes(void)
{
    static const fix16_t spans[] = {3, PX(1), PX(5), PX(300), FXL_COORD_MAX};
    static fxl_wall_prep out[FXL_WALL_PARTS] FXL_EWRAM_BSS;
    fxlt_rng rng = fxlt_rng_for("coarse_boxes");
    uint32_t i, n = FXLT_CASES(200000), meet = 0, rejected = 0, missed = 0, unshared = 0;
    for (i = 0; i < n; i++) {
        fix16_t span = spans[fxlt_below(&rng, FXLT_COUNT(spans))];
        fix16_t cx = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fix16_t cy = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fxl_wall w;
        fxl_wall_prep p;
        fxl_vec2 a, b;
        int k;
        w.a.x = coarse_coord(&rng, cx, span);
        w.a.y = coarse_coord(&rng, cy, span);
        w.b.x = coarse_coord(&rng, cx, span);
        w.b.y = coarse_coord(&rng, cy, span);
        a.x = coarse_coord(&rng, cx, span);
        a.y = coarse_coord(&rng, cy, span);
        b.x = coarse_coord(&rng, cx, span);
        b.y = coarse_coord(&rng, cy, span);
        if (fxl_wall_prepare(&w, &p) != FXL_OK)
            continue;
        if (boxes_meet(&p.box, a, b)) {
            meet++;
            missed += !coarse_pass(&p, a, b);
        } else {
            rejected += !coarse_pass(&p, a, b);
        }
        /* Inflated: every part carries its wall's group box, which holds
         * every part's box. */
        if (fxl_walls_inflate(&w, 1, fxlt_range(&rng, 0, PX(8)), out, FXL_WALL_PARTS) != FXL_OK)
            continue;
        for (k = 0; k < FXL_WALL_PARTS; k++) {
            unshared += out[k].coarse_lo != out[0].coarse_lo || out[k].coarse_hi != out[0].coarse_hi;
            if (boxes_meet(&out[k].box, a, b))
                missed += !coarse_pass(&out[0], a, b);
        }
    }
    fxlt_printf("    coarse boxes: %u moves meeting a wall's box all passed (%u missed), "
                "%u of the others rejected\n", meet, missed, rejected);
    CHECK_EQ(missed, 0);
    CHECK_EQ(unshared, 0);
    CHECK_COVER(rejected > n / 10);
    CHECK_COVER(meet > n / 20);
}

/* ---- rooms ---------------------------------------------------------------- */

#define ROOM_MAX 40

typedef struct room {
    fxl_vec2 v[ROOM_MAX];
    int n;
} room;

/* A room's walls, prepared and inflated: one copy the room tests share
 * (EWRAM on the GBA, which has no room for two). */
static fxl_wall_prep room_walls[ROOM_MAX] FXL_EWRAM_BSS;
/* ROOM_MAX * FXL_WALL_PARTS inflated parts, in the shared scratch buffer */
#define room_inflated ((fxl_wall_prep *)(void *)fxlt_scratch.bytes)
typedef char scratch_holds_a_room[ROOM_MAX * FXL_WALL_PARTS * sizeof(fxl_wall_prep) <= FXLT_SCRATCH_BYTES ? 1 : -1];

/* Inside or on the boundary, exactly: on an edge, or an odd number of edge
 * crossings of the ray to +x (half-open rule on y). */
static bool room_contains(const room *R, fxl_vec2 p)
{
    int i, j, odd = 0;
    for (i = 0, j = R->n - 1; i < R->n; j = i++) {
        int64_t ax = R->v[j].x, ay = R->v[j].y, bx = R->v[i].x, by = R->v[i].y;
        int64_t cr = (bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax);
        if (cr == 0 && p.x >= (ax < bx ? ax : bx) && p.x <= (ax > bx ? ax : bx) &&
            p.y >= (ay < by ? ay : by) && p.y <= (ay > by ? ay : by))
            return true;
        if ((ay > p.y) != (by > p.y)) {
            /* p.x < ax + (p.y - ay) (bx - ax) / (by - ay), multiplied out. */
            int64_t lhs = (p.x - ax) * (by - ay), rhs = (p.y - ay) * (bx - ax);
            if (by > ay ? lhs < rhs : lhs > rhs)
                odd ^= 1;
        }
    }
    return odd != 0;
}

/* Corners around (cx, cy), in order of increasing angle on the screen, then
 * reversed if needed so that the interior is on the walls' front (the
 * shoelace sum negative). kind: 0 convex, 1 star (concave), 2 star with
 * one 5-degree spike, 3 corridor one raw step wide. */
static void make_room(fxlt_rng *rng, room *R, int kind)
{
    int i, n = 3 + (int)fxlt_below(rng, kind == 0 ? 10 : 30);
    fix16_t cx = fxlt_range(rng, PX(-100), PX(100)), cy = fxlt_range(rng, PX(-100), PX(100));
    double base = 20.0 + (double)fxlt_below(rng, 200);
    int64_t area = 0;
    if (kind == 3) {
        fix16_t len = fxlt_range(rng, PX(20), PX(300));
        R->n = 4;
        R->v[0] = v2(cx, cy);
        R->v[1] = v2(cx + len, cy);
        R->v[2] = v2(cx + len, cy + 1);
        R->v[3] = v2(cx, cy + 1);
    } else {
        double ang[ROOM_MAX] = {0.0}, total, gap;
        /* Every angular gap between neighbouring corners (the wrap's too,
         * 0.05 + ang[0]) below half a turn, with a margin: then the centre
         * sees every wall from its front and the star is a simple loop.
         * (A gap of half a turn or more lets the wall across it cut the
         * walls on the other side: a bow tie, not a room; `make soak`
         * found one that the mover rightly left.) */
        do {
            total = 0.0;
            gap = 0.0;
            for (i = 0; i < n; i++) {
                ang[i] = total + 0.05 + (double)fxlt_below(rng, 1000) / 1000.0;
                gap = ang[i] - total > gap ? ang[i] - total : gap;
                total = ang[i];
            }
            gap = 0.05 + ang[0] > gap ? 0.05 + ang[0] : gap;
        } while (kind != 0 && gap >= 0.45 * (total + 0.05));
        for (i = 0; i < n; i++) {
            double a = ang[i] / (total + 0.05) * 6.283185307179586;
            double rad = kind == 0 ? base : base * (0.3 + (double)fxlt_below(rng, 700) / 1000.0);
            R->v[i] = v2(cx + (fix16_t)(rad * cos(a) * 65536.0), cy + (fix16_t)(rad * sin(a) * 65536.0));
        }
        R->n = n;
        if (kind == 2 && n >= 3) {
            /* A spike: push one corner far out so its two walls meet at
             * about 5 degrees (tip at 12x the radius, base ~1x wide). */
            double a = ang[0] / (total + 0.05) * 6.283185307179586;
            R->v[0] = v2(cx + (fix16_t)(12.0 * base * cos(a) * 65536.0),
                         cy + (fix16_t)(12.0 * base * sin(a) * 65536.0));
        }
    }
    for (i = 0; i < R->n; i++) { /* exact, relative to the first corner */
        const fxl_vec2 *p = &R->v[i], *q = &R->v[(i + 1) % R->n];
        int64_t px = (int64_t)p->x - R->v[0].x, py = (int64_t)p->y - R->v[0].y;
        int64_t qx = (int64_t)q->x - R->v[0].x, qy = (int64_t)q->y - R->v[0].y;
        area += px * qy - qx * py;
    }
    if (area > 0) { /* reverse: interior on the front */
        for (i = 0; i < R->n / 2; i++) {
            fxl_vec2 t = R->v[i];
            R->v[i] = R->v[R->n - 1 - i];
            R->v[R->n - 1 - i] = t;
        }
    }
    CHECK(fxlt_polygon_simple(R->v, R->n)); /* the leak tests' premise: a closed room */
}

static void rooms_never_leak(void)
{
    fxlt_rng rng = fxlt_rng_for("rooms_never_leak");
    uint32_t moves = 0, leaks = 0, contacts = 0, stopped = 0, rooms = 0, target = FXLT_CASES(1000000);
    fxl_wall_prep *walls = room_walls;
    room R;
    while (moves < target) {
        int kind = (int)fxlt_below(&rng, 4), i, k, tries;
        fxl_vec2 pos;
        make_room(&rng, &R, kind);
        rooms++;
        for (i = 0; i < R.n; i++) {
            fxl_wall w;
            w.a = R.v[i];
            w.b = R.v[(i + 1) % R.n];
            CHECK_EQ(fxl_wall_prepare(&w, &walls[i]), FXL_OK);
        }
        /* A start inside: a corner nudged inwards, or a random point. */
        pos = R.v[0];
        for (tries = 0; tries < 200; tries++) {
            fxl_vec2 p;
            p.x = R.v[0].x + fxlt_range(&rng, PX(-60), PX(60));
            p.y = R.v[0].y + fxlt_range(&rng, PX(-60), PX(60));
            if (kind == 3) {
                p.x = R.v[0].x + fxlt_range(&rng, 0, R.v[1].x - R.v[0].x);
                p.y = R.v[0].y + fxlt_range(&rng, 0, 1);
            }
            if (room_contains(&R, p)) {
                pos = p;
                break;
            }
        }
        for (k = 0; k < 200; k++) {
            fxl_vec2 to;
            fxl_move m;
            switch (fxlt_below(&rng, 6)) {
            case 0: to = R.v[fxlt_below(&rng, (uint32_t)R.n)]; break; /* aim at a corner */
            case 1: to = pos; break;                                   /* zero length */
            case 2:
                to.x = pos.x + fxlt_range(&rng, PX(-8), PX(8));
                to.y = pos.y;
                break;
            default:
                to.x = pos.x + fxlt_range(&rng, PX(-600), PX(600));
                to.y = pos.y + fxlt_range(&rng, PX(-600), PX(600));
                break;
            }
            m = fxl_move_point(walls, (size_t)R.n, pos, to, NULL);
            moves++;
            contacts += (uint32_t)m.contacts;
            stopped += m.stopped;
            if (!room_contains(&R, m.pos)) {
                if (leaks < 3)
                    fxlt_printf("    LEAK: room kind %d, %d walls, (%d,%d) -> (%d,%d) ended (%d,%d)\n",
                                kind, R.n, (int)pos.x, (int)pos.y, (int)to.x, (int)to.y,
                                (int)m.pos.x, (int)m.pos.y);
                leaks++;
                break;
            }
            pos = m.pos;
        }
    }
    fxlt_printf("    rooms: %u rooms (convex, concave, 5-degree spikes, 1-step corridors), "
                "%u moves, %u wall contacts, %u moves out of passes, %u leaks\n",
                rooms, moves, contacts, stopped, leaks);
    CHECK_EQ(leaks, 0);
}

/* Distance (pixels, double) from p to the segment ab. */
static double seg_dist(fxl_vec2 p, fxl_vec2 a, fxl_vec2 b)
{
    double ex = (double)b.x - a.x, ey = (double)b.y - a.y, px = (double)p.x - a.x,
           py = (double)p.y - a.y, t = (px * ex + py * ey) / (ex * ex + ey * ey);
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return hypot(px - t * ex, py - t * ey) / 65536.0;
}

static double room_clearance(const room *R, fxl_vec2 p)
{
    double best = 1e30;
    int i;
    for (i = 0; i < R->n; i++)
        best = fmin(best, seg_dist(p, R->v[i], R->v[(i + 1) % R->n]));
    return best;
}

/* Circles: the walls inflated by the radius; a circle starting inside, clear
 * of every wall, must stay inside and never overlap a wall. Corridors are
 * along an axis and exactly one raw step wider than the circle. */
static void circle_rooms_never_leak(void)
{
    fxlt_rng rng = fxlt_rng_for("circle_rooms_never_leak");
    uint32_t moves = 0, leaks = 0, overlaps = 0, contacts = 0, rooms = 0;
    uint32_t target = FXLT_CASES(1000000);
    fxl_wall_prep *inflated = room_inflated;
    static fxl_wall walls[ROOM_MAX] FXL_EWRAM_BSS;
    double worst = 1e30;
    room R;
    while (moves < target) {
        int kind = (int)fxlt_below(&rng, 4), i, k, tries;
        fix16_t r = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 1, PX(1)) : fxlt_range(&rng, PX(1), PX(8));
        fxl_vec2 pos = fxl_vec2_make(0, 0);
        bool placed = false;
        if (kind == 3) {
            fix16_t cx = fxlt_range(&rng, PX(-100), PX(100)), cy = fxlt_range(&rng, PX(-100), PX(100));
            fix16_t len = fxlt_range(&rng, PX(40), PX(300)), h = 2 * r + 1;
            R.n = 4; /* interior on the walls' front: listed this way round */
            R.v[0] = v2(cx, cy);
            R.v[1] = v2(cx, cy + h);
            R.v[2] = v2(cx + len, cy + h);
            R.v[3] = v2(cx + len, cy);
        } else {
            make_room(&rng, &R, kind);
        }
        rooms++;
        for (i = 0; i < R.n; i++) {
            walls[i].a = R.v[i];
            walls[i].b = R.v[(i + 1) % R.n];
        }
        CHECK_EQ(fxl_walls_inflate(walls, (size_t)R.n, r, inflated, ROOM_MAX * FXL_WALL_PARTS), FXL_OK);
        for (tries = 0; tries < 400 && !placed; tries++) {
            fxl_vec2 p;
            p.x = R.v[0].x + fxlt_range(&rng, PX(-150), PX(150));
            p.y = R.v[0].y + fxlt_range(&rng, PX(-150), PX(150));
            if (kind == 3) {
                p.x = R.v[0].x + fxlt_range(&rng, 2 * r + PX(1), R.v[2].x - R.v[0].x - 2 * r - PX(1));
                p.y = R.v[0].y + r + fxlt_range(&rng, 0, 1);
                placed = true;
            } else {
                placed = room_contains(&R, p) && room_clearance(&R, p) > ref_px(r) * 1.05 + 0.01;
            }
            if (placed)
                pos = p;
        }
        if (!placed)
            continue;
        for (k = 0; k < 100; k++) {
            fxl_vec2 to;
            fxl_move m;
            double clear;
            if (fxlt_below(&rng, 5) == 0) {
                to = R.v[fxlt_below(&rng, (uint32_t)R.n)];
            } else {
                to.x = pos.x + fxlt_range(&rng, PX(-400), PX(400));
                to.y = pos.y + fxlt_range(&rng, PX(-400), PX(400));
            }
            m = fxl_move_circle(inflated, (size_t)R.n, pos, to, NULL);
            moves++;
            contacts += (uint32_t)m.contacts;
            clear = room_clearance(&R, m.pos) - ref_px(r);
            worst = fmin(worst, clear);
            if (!room_contains(&R, m.pos)) {
                leaks++;
                break;
            }
            if (clear < -1e-9) {
                if (overlaps < 3)
                    fxlt_printf("    OVERLAP: kind %d r %d, clearance %d raw short\n", kind, (int)r,
                                (int)(-clear * 65536.0));
                overlaps++;
                break;
            }
            pos = m.pos;
        }
    }
    fxlt_printf("    circle rooms: %u rooms, %u moves, %u wall contacts, %u leaks, %u overlaps "
                "(least clearance %d raw beyond the radius)\n",
                rooms, moves, contacts, leaks, overlaps, (int)(worst * 65536.0));
    CHECK_EQ(leaks, 0);
    CHECK_EQ(overlaps, 0);
}

/* The move as wall.h states it, from the public predicates only: each pass
 * takes the wall the move crosses first (the least t = -d0 / (d1 - d0), d
 * the exact side values, compared as big products; on a tie the first
 * wall), stops at fxl_wall_meet, stays put if the step there crosses any
 * wall (fxl_wall_crosses over all of them), and slides (fxl_wall_slide);
 * out of passes it stays at the last safe position. walls: n prepared walls
 * (points) or parts (inflated); touched bits by wall / group. */
static int64_t model_side(const fxl_wall_prep *w, fxl_vec2 p)
{
    return (int64_t)w->ex * ((int64_t)p.y - w->a.y) - (int64_t)w->ey * ((int64_t)p.x - w->a.x);
}

static fxl_move model_move_touched(const fxl_wall_prep *walls, size_t n, fxl_vec2 from,
                                   fxl_vec2 to, uint32_t *stop_rejects, uint32_t *touched)
{
    fxl_move m;
    m.contacts = 0;
    m.stopped = false;
    for (;;) {
        size_t i, best = n;
        big bn = big_i64(0), bd = big_i64(1);
        fxl_vec2 x, target;
        for (i = 0; i < n; i++) {
            int64_t d0, d1;
            big tn, td;
            if (!fxl_wall_crosses(&walls[i], from, to))
                continue;
            d0 = model_side(&walls[i], from);
            d1 = model_side(&walls[i], to);
            tn = big_i64(-d0);
            td = big_add(big_i64(d1), big_i64(-d0));
            if (best == n || big_cmp(big_mul(tn, bd), big_mul(bn, td)) < 0) {
                best = i;
                bn = tn;
                bd = td;
            }
        }
        if (best == n) {
            m.pos = to;
            return m;
        }
        if (m.contacts == FXL_MOVE_PASSES) {
            m.pos = from;
            m.stopped = true;
            return m;
        }
        m.contacts++;
        if (touched != NULL)
            touched[best / 32] |= (uint32_t)1 << (best % 32);
        x = fxl_wall_meet(&walls[best], from, to);
        for (i = 0; i < n; i++)
            if (fxl_wall_crosses(&walls[i], from, x)) {
                x = from;
                (*stop_rejects)++;
                break;
            }
        target = fxl_wall_slide(&walls[best], x, to);
        from = x;
        to = target;
    }
}

static fxl_move model_move(const fxl_wall_prep *walls, size_t n, fxl_vec2 from, fxl_vec2 to,
                           uint32_t *stop_rejects)
{
    return model_move_touched(walls, n, from, to, stop_rejects, NULL);
}

/* fxl_move_point and fxl_move_circle against model_move in the rooms of
 * rooms_never_leak (tight corners: 5-degree spikes, one-step corridors):
 * the end, the contacts and the stop flag equal on every move, including
 * the moves whose stop point the step check rejects (move's stop_crossed
 * decides those from the walls its search kept). */
static void moves_match_model(void)
{
    fxlt_rng rng = fxlt_rng_for("moves_match_model");
    uint32_t moves = 0, bad = 0, contacts = 0, rejects = 0, target = FXLT_CASES(100000);
    fxl_wall_prep *walls = room_walls, *inflated = room_inflated;
    static fxl_wall raw[ROOM_MAX] FXL_EWRAM_BSS;
    room R;
    while (moves < target) {
        int kind = (int)fxlt_below(&rng, 4), i, k;
        fix16_t r = fxlt_range(&rng, 1, PX(6));
        make_room(&rng, &R, kind);
        for (i = 0; i < R.n; i++) {
            raw[i].a = R.v[i];
            raw[i].b = R.v[(i + 1) % R.n];
            CHECK_EQ(fxl_wall_prepare(&raw[i], &walls[i]), FXL_OK);
        }
        CHECK_EQ(fxl_walls_inflate(raw, (size_t)R.n, r, inflated, ROOM_MAX * FXL_WALL_PARTS), FXL_OK);
        for (k = 0; k < 40; k++) {
            fxl_vec2 from = R.v[fxlt_below(&rng, (uint32_t)R.n)], to;
            fxl_move got, want;
            bool circle = fxlt_below(&rng, 2) == 0;
            from.x += fxlt_range(&rng, PX(-30), PX(30));
            from.y += fxlt_range(&rng, PX(-30), PX(30));
            if (fxlt_below(&rng, 3) == 0) {
                to = R.v[fxlt_below(&rng, (uint32_t)R.n)]; /* into a corner */
                to.x += fxlt_range(&rng, -PX(2), PX(2));
                to.y += fxlt_range(&rng, -PX(2), PX(2));
            } else {
                to.x = from.x + fxlt_range(&rng, PX(-300), PX(300));
                to.y = from.y + fxlt_range(&rng, PX(-300), PX(300));
            }
            if (circle) {
                got = fxl_move_circle(inflated, (size_t)R.n, from, to, NULL);
                want = model_move(inflated, (size_t)R.n * FXL_WALL_PARTS, from, to, &rejects);
            } else {
                got = fxl_move_point(walls, (size_t)R.n, from, to, NULL);
                want = model_move(walls, (size_t)R.n, from, to, &rejects);
            }
            moves++;
            contacts += (uint32_t)want.contacts;
            if (got.pos.x != want.pos.x || got.pos.y != want.pos.y || got.contacts != want.contacts ||
                got.stopped != want.stopped) {
                if (bad < 3)
                    fxlt_printf("    differ: %s kind %d (%d,%d) -> (%d,%d): (%d,%d) %d %d, model (%d,%d) %d %d\n",
                                circle ? "circle" : "point", kind, (int)from.x, (int)from.y,
                                (int)to.x, (int)to.y, (int)got.pos.x, (int)got.pos.y, got.contacts,
                                (int)got.stopped, (int)want.pos.x, (int)want.pos.y, want.contacts,
                                (int)want.stopped);
                bad++;
            }
        }
    }
    fxlt_printf("    %u moves (points and circles), %u contacts, %u stop points the step check "
                "rejected, %u disagreements\n",
                moves, contacts, rejects, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(rejects > 0);
}

static void inflate_errors(void)
{
    fxl_wall w[2];
    static fxl_wall_prep out[2 * FXL_WALL_PARTS] FXL_EWRAM_BSS;
    w[0].a = v2(0, 0);
    w[0].b = v2(PX(10), 0);
    w[1] = w[0];
    CHECK_EQ(fxl_walls_inflate(w, 2, PX(2), out, 2 * FXL_WALL_PARTS), FXL_OK);
    CHECK_EQ(fxl_walls_inflate(w, 2, PX(2), out, 2 * FXL_WALL_PARTS - 1), FXL_ERR_CAPACITY);
    CHECK_EQ(fxl_walls_inflate(w, 2, -1, out, 2 * FXL_WALL_PARTS), FXL_ERR_RADIUS_NEGATIVE);
    w[1].b = w[1].a;
    CHECK_EQ(fxl_walls_inflate(w, 2, PX(2), out, 2 * FXL_WALL_PARTS), FXL_ERR_WALL_ZERO);
    w[1].a = v2(FXL_COORD_MAX, 0);
    w[1].b = v2(FXL_COORD_MAX, PX(10));
    CHECK_EQ(fxl_walls_inflate(w, 2, PX(2), out, 2 * FXL_WALL_PARTS), FXL_ERR_COORD_RANGE);
    /* A floor inflated by 2 px stops a circle's centre 2 px above it. */
    {
        fxl_move m;
        uint32_t touched = 0;
        CHECK_EQ(fxl_walls_inflate(w, 1, PX(2), out, FXL_WALL_PARTS), FXL_OK);
        m = fxl_move_circle(out, 1, v2(PX(5), PX(-10)), v2(PX(5), PX(10)), &touched);
        CHECK(m.pos.x == PX(5) && m.pos.y == PX(-2) && touched == 1u);
        /* Just past the end: it slides round the cap and on down, never
         * overlapping the wall. */
        m = fxl_move_circle(out, 1, v2(PX(11), PX(-10)), v2(PX(11), PX(10)), NULL);
        CHECK(seg_dist(m.pos, w[0].a, w[0].b) >= 2.0);
        CHECK(m.pos.x > PX(11) && m.contacts > 0);
    }
}

/* Issue 14: movers and points outside the domain. The checked build
 * reports the broken precondition; the arithmetic stays defined (products
 * of 33-bit differences wrap instead of overflowing; test-san); a slide
 * from or towards outside the domain stays put. */
static void outside_the_domain(void)
{
    uint32_t seen;
    enum { M = 0x3FFFFFFF - PX(4) }; /* the room's corners: the domain less 4 px */
    static fxl_wall_prep walls[4], inflated[4 * FXL_WALL_PARTS] FXL_EWRAM_BSS;
    fxl_wall w[4];
    static const fix16_t ends[5][2] = {{-M, -M}, {-M, M}, {M, M}, {M, -M}, {-M, -M}};
    static const fix16_t wild[6][2] = {{INT32_MIN, 0}, {INT32_MAX, INT32_MAX}, {INT32_MIN, INT32_MIN},
                                       {0, 0}, {INT32_MAX, INT32_MIN}, {PX(5), PX(-5)}};
    fxl_move m;
    fxl_vec2 p;
    int i, j;
    uint32_t touched;

    /* nearly the whole domain as a room (fronts inwards: shoelace negative) */
    for (i = 0; i < 4; i++) {
        w[i].a = v2(ends[i][0], ends[i][1]);
        w[i].b = v2(ends[i + 1][0], ends[i + 1][1]);
        walls[i] = wall(w[i].a.x, w[i].a.y, w[i].b.x, w[i].b.y);
    }
    CHECK_EQ(fxl_walls_inflate(w, 4, PX(1), inflated, 4 * FXL_WALL_PARTS), FXL_OK);
    CHECK_EQ(fxl_wall_side(&walls[0], v2(0, 0)), -1);
    seen = fxlt_asserts_seen();
    fxlt_expect_asserts(true);
    for (i = 0; i < 6; i++)
        for (j = 0; j < 6; j++) {
            fxl_vec2 from = v2(wild[i][0], wild[i][1]), to = v2(wild[j][0], wild[j][1]);
            bool outside = (i != 3 && i != 5) || (j != 3 && j != 5);
            touched = 0;
            m = fxl_move_point(walls, 4, from, to, &touched);
            CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES && touched < 16u);
            m = fxl_move_circle(inflated, 4, from, to, NULL);
            CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
            (void)fxl_wall_crosses(&walls[j % 4], from, to);
            (void)fxl_wall_meet(&walls[j % 4], from, to);
            p = fxl_wall_slide(&walls[i % 4], from, to);
            if (outside)
                CHECK(p.x == from.x && p.y == from.y); /* no slide outside the domain */
        }
    CHECK(fxlt_asserts_seen() - seen > 0);
    fxlt_expect_asserts(false);
    /* in the domain, from the middle into a corner (on both walls: allowed)
     * and beyond it (stopped there) */
    m = fxl_move_point(walls, 4, v2(0, 0), v2(M, M), NULL);
    CHECK(m.pos.x == M && m.pos.y == M && m.contacts == 0);
    m = fxl_move_point(walls, 4, v2(0, 0), v2(0x3FFFFFFF, 0x3FFFFFFF), NULL);
    CHECK(m.pos.x == M && m.pos.y == M && m.contacts > 0);
}

/* ---- the moves' filters (wall_hooks.h) ------------------------------------ */

/* Moves pushed straight into a wall along an axis, as a held direction
 * does: the slide along an axis-aligned wall has zero length, and move
 * ends there without a search (wall.c). Axis-aligned rectangular rooms
 * (fronts inwards), point and circle movers starting on the wall's front
 * line, one raw unit off it or a few pixels in, pushed out by 1 raw unit
 * to 40 px along an axis (a quarter nudged one raw unit off the axis: a
 * short slide), against model_move: the end, contacts and stop flag
 * equal. */
static void pushes_match_model(void)
{
    fxlt_rng rng = fxlt_rng_for("pushes_match_model");
    uint32_t i, n = FXLT_CASES(40000), bad = 0, pushed = 0, rejects = 0;
    static fxl_wall raw[4];
    for (i = 0; i < n; i++) {
        fix16_t x0 = fxlt_range(&rng, PX(-2000), PX(2000)), y0 = fxlt_range(&rng, PX(-2000), PX(2000));
        fix16_t x1 = x0 + fxlt_range(&rng, PX(20), PX(400)), y1 = y0 + fxlt_range(&rng, PX(20), PX(400));
        fix16_t r = fxlt_range(&rng, 1, PX(6)), gap, d;
        bool circle = fxlt_below(&rng, 2) == 0;
        int side = (int)fxlt_below(&rng, 4), k;
        fxl_vec2 from, to;
        fxl_move got, want;
        raw[0].a = v2(x0, y0), raw[0].b = v2(x0, y1);
        raw[1].a = v2(x0, y1), raw[1].b = v2(x1, y1);
        raw[2].a = v2(x1, y1), raw[2].b = v2(x1, y0);
        raw[3].a = v2(x1, y0), raw[3].b = v2(x0, y0);
        for (k = 0; k < 4; k++)
            CHECK_EQ(fxl_wall_prepare(&raw[k], &room_walls[k]), FXL_OK);
        CHECK_EQ(fxl_walls_inflate(raw, 4, r, room_inflated, 4 * FXL_WALL_PARTS), FXL_OK);
        switch (fxlt_below(&rng, 3)) {
        case 0: gap = 0; break;
        case 1: gap = 1; break;
        default: gap = fxlt_range(&rng, 2, PX(3)); break;
        }
        gap += circle ? r : 0;
        d = fxlt_below(&rng, 2) ? fxlt_range(&rng, 1, 3) : fxlt_range(&rng, 1, PX(40));
        from = v2(x0 + (x1 - x0) / 2 + fxlt_range(&rng, PX(-8), PX(8)),
                  y0 + (y1 - y0) / 2 + fxlt_range(&rng, PX(-8), PX(8)));
        switch (side) {
        case 0: from.x = x0 + gap, to = v2(from.x - d, from.y); break;
        case 1: from.y = y1 - gap, to = v2(from.x, from.y + d); break;
        case 2: from.x = x1 - gap, to = v2(from.x + d, from.y); break;
        default: from.y = y0 + gap, to = v2(from.x, from.y - d); break;
        }
        if (fxlt_below(&rng, 4) == 0) {
            to.x += fxlt_range(&rng, -1, 1);
            to.y += fxlt_range(&rng, -1, 1);
        }
        if (circle) {
            got = fxl_move_circle(room_inflated, 4, from, to, NULL);
            want = model_move(room_inflated, 4 * FXL_WALL_PARTS, from, to, &rejects);
        } else {
            got = fxl_move_point(room_walls, 4, from, to, NULL);
            want = model_move(room_walls, 4, from, to, &rejects);
        }
        pushed += want.contacts > 0;
        if (got.pos.x != want.pos.x || got.pos.y != want.pos.y || got.contacts != want.contacts ||
            got.stopped != want.stopped) {
            if (bad < 3)
                fxlt_printf("    differ: %s (%d,%d) -> (%d,%d): (%d,%d) %d, model (%d,%d) %d\n",
                            circle ? "circle" : "point", (int)from.x, (int)from.y, (int)to.x,
                            (int)to.y, (int)got.pos.x, (int)got.pos.y, got.contacts,
                            (int)want.pos.x, (int)want.pos.y, want.contacts);
            bad++;
        }
    }
    fxlt_printf("    pushes: %u moves, %u into a wall, %u disagreements\n", n, pushed, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(pushed > n / 2);
}

/* div_estimate, the stop point's and the slide's division (no remainder
 * correction): for n = q d + r built from a quotient and a remainder (the
 * largest, the smallest, random), with divisors random, small, powers of
 * two and their neighbours, and on the seed table's cell edges (d's top 9
 * bits change there: the seed's worst error) at every shift, the estimate
 * lies in q - 11 .. q (wall.c's bound), and is q itself for most. */
static void seeded_division(void)
{
    fxlt_rng rng = fxlt_rng_for("seeded_division");
    uint32_t i, n = FXLT_CASES(300000), bad = 0, exact = 0, worst = 0;
    for (i = 0; i < n; i++) {
        uint32_t d, q, r;
        uint64_t num;
        switch (i % 4) {
        case 0: d = (uint32_t)(fxlt_next(&rng) >> 32); break;
        case 1: {
            uint64_t z = ((uint64_t)1 << 31) + (uint64_t)fxlt_below(&rng, 257) * (1u << 23);
            z = z + (uint64_t)(int64_t)fxlt_range(&rng, -1, 1);
            if (z > 0xFFFFFFFFu)
                z = 0xFFFFFFFFu;
            d = (uint32_t)(z >> fxlt_below(&rng, 32));
            break;
        }
        case 2: d = ((uint32_t)1 << fxlt_below(&rng, 32)) + (uint32_t)fxlt_range(&rng, -1, 1); break;
        default: d = (uint32_t)(fxlt_next(&rng) >> 32) >> fxlt_below(&rng, 32); break;
        }
        if (d == 0)
            d = 1;
        switch (fxlt_below(&rng, 4)) {
        case 0: q = 0xFFFFFFFFu; break;
        case 1: q = fxlt_below(&rng, 3); break;
        case 2: q = (uint32_t)(fxlt_next(&rng) >> 32) >> fxlt_below(&rng, 32); break;
        default: q = (uint32_t)(fxlt_next(&rng) >> 32); break;
        }
        switch (fxlt_below(&rng, 3)) {
        case 0: r = 0; break;
        case 1: r = d - 1; break;
        default: r = fxlt_below(&rng, d); break;
        }
        num = (uint64_t)q * d + r; /* < d 2^32 */
        {
            uint32_t e = fxl__wall_div_estimate(num, d);
            if (e > q || q - e > 11u) {
                if (bad < 3)
                    fxlt_printf("    out of bounds: %u * %u + %u -> %u\n", q, d, r, e);
                bad++;
            } else {
                exact += e == q;
                worst = q - e > worst ? q - e : worst;
            }
        }
    }
    fxlt_printf("    division estimate: %u quotients, %u exact, at most %u short, %u out of bounds\n",
                n, exact, worst, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(exact > n / 4);
}

/* scale_two32 (the stop point and the slide: v num / den rounded per axis)
 * against the big-integer rounding, concentrated in its filter's band:
 * den = |v| c + e and num = k c + f (e, f in -1..1, c large) make |v| num
 * / den within a hair of the whole number k, on either side or on it;
 * a quarter random. */
static void scale_band(void)
{
    fxlt_rng rng = fxlt_rng_for("scale_band");
    uint32_t i, n = FXLT_CASES(200000), done = 0, whole = 0, bad = 0;
    for (i = 0; i < n; i++) {
        int32_t v[2], o[2];
        bool up[2];
        uint64_t num, den, av;
        big bn, bd;
        int a;
        for (a = 0; a < 2; a++) {
            int32_t m = (int32_t)(fxlt_next(&rng) >> 33) >> fxlt_below(&rng, 31);
            v[a] = fxlt_below(&rng, 2) ? -m : m;
            up[a] = fxlt_below(&rng, 2) != 0;
        }
        av = (uint64_t)(v[0] < 0 ? -(int64_t)v[0] : v[0]);
        if (av < 2)
            continue;
        if (i % 4 == 3) {
            den = (fxlt_next(&rng) >> 1) >> fxlt_below(&rng, 62);
            num = den == 0 ? 0 : fxlt_next(&rng) % den;
        } else {
            uint64_t c = ((fxlt_next(&rng) >> 1) / av) >> fxlt_below(&rng, 40);
            uint64_t k = 1 + fxlt_next(&rng) % (av - 1);
            den = av * c + (uint64_t)(int64_t)fxlt_range(&rng, -1, 1);
            num = k * c + (uint64_t)(int64_t)fxlt_range(&rng, -1, 1);
        }
        if (den < 2 || den >> 63 != 0 || num == 0 || num >= den)
            continue;
        done++;
        fxl__wall_scale_pair(v[0], v[1], num, den, up[0], up[1], &o[0], &o[1]);
        bn = big_i64((int64_t)num);
        bd = big_i64((int64_t)den);
        for (a = 0; a < 2; a++) {
            if (!rounded_ok(v[a], &bn, &bd, o[a], up[a])) {
                if (bad < 3)
                    fxlt_printf("    differ: %d * %llu / %llu -> %d (up %d)\n", (int)v[a],
                                (unsigned long long)num, (unsigned long long)den, (int)o[a], (int)up[a]);
                bad++;
            }
            whole += rounded_ok(v[a], &bn, &bd, o[a], !up[a]); /* an exact quotient */
        }
    }
    fxlt_printf("    scale band: %u ratios (%u whole quotients), %u wrong\n", done, whole, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(whole > done / 20);
    CHECK(big_faults() == 0);
}

/* The side of the line through a and b a point p is on: sign of (b - a) x
 * (p - a), exactly. */
static int line_side(fxl_vec2 a, fxl_vec2 b, int64_t px, int64_t py)
{
    big l = big_mul(big_i64((int64_t)b.x - a.x), big_i64(py - a.y));
    big r = big_mul(big_i64((int64_t)b.y - a.y), big_i64(px - a.x));
    return big_cmp(l, r);
}

/* line_misses (the inflated walls' group filter): whenever it skips a
 * coarse box, the move's segment grown by one raw unit an axis misses the
 * box's cells (exact separating axes: x, y, the segment's normal), so no
 * part in the box can be crossed by the move or by a step to a stop point
 * rounded off it. Moves aimed at the cells' corners, one to three cells
 * off, and random ones; at scales from pixels to the domain. */
static void line_filter(void)
{
    static const fix16_t spans[] = {PX(2), PX(20), PX(300), PX(5000), FXL_COORD_MAX};
    fxlt_rng rng = fxlt_rng_for("line_filter");
    uint32_t i, n = FXLT_CASES(200000), skipped = 0, bad = 0;
    for (i = 0; i < n; i++) {
        fix16_t span = spans[fxlt_below(&rng, FXLT_COUNT(spans))];
        fix16_t cx = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fix16_t cy = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        fxl_vec2 p = v2(coarse_coord(&rng, cx, span), coarse_coord(&rng, cy, span));
        fxl_vec2 q = v2(coarse_coord(&rng, cx, span), coarse_coord(&rng, cy, span));
        fxl_vec2 from = v2(coarse_coord(&rng, cx, span), coarse_coord(&rng, cy, span)), to;
        uint32_t lx = coarse_of(p.x < q.x ? p.x : q.x), ly = coarse_of(p.y < q.y ? p.y : q.y);
        uint32_t hx = coarse_of(p.x > q.x ? p.x : q.x), hy = coarse_of(p.y > q.y ? p.y : q.y);
        uint32_t clo = (lx << 16 | ly) | 0x80008000u, chi = (hx << 16 | hy) + 0x00010001u;
        /* The cells' raw extent, grown by one raw unit. */
        int64_t x0 = (int64_t)lx * 131072 - INT64_C(2147483648) - 1;
        int64_t x1 = ((int64_t)hx + 1) * 131072 - INT64_C(2147483648);
        int64_t y0 = (int64_t)ly * 131072 - INT64_C(2147483648) - 1;
        int64_t y1 = ((int64_t)hy + 1) * 131072 - INT64_C(2147483648);
        if (i % 2 == 0) {
            /* Aimed at a corner of the cells, a few cells off. */
            int64_t kx = (fxlt_below(&rng, 2) ? x0 : x1) + (int64_t)fxlt_range(&rng, -3, 3) * 131072 +
                         fxlt_range(&rng, -2, 2);
            int64_t ky = (fxlt_below(&rng, 2) ? y0 : y1) + (int64_t)fxlt_range(&rng, -3, 3) * 131072 +
                         fxlt_range(&rng, -2, 2);
            int64_t tx = 2 * kx - from.x, ty = 2 * ky - from.y;
            tx = tx < -FXL_COORD_MAX ? -FXL_COORD_MAX : tx > FXL_COORD_MAX ? FXL_COORD_MAX : tx;
            ty = ty < -FXL_COORD_MAX ? -FXL_COORD_MAX : ty > FXL_COORD_MAX ? FXL_COORD_MAX : ty;
            to = v2((fix16_t)tx, (fix16_t)ty);
        } else {
            to = v2(coarse_coord(&rng, cx, span), coarse_coord(&rng, cy, span));
        }
        if (!fxl__wall_line_misses(from, to, clo, chi))
            continue;
        skipped++;
        {
            int64_t sx0 = from.x < to.x ? from.x : to.x, sx1 = from.x < to.x ? to.x : from.x;
            int64_t sy0 = from.y < to.y ? from.y : to.y, sy1 = from.y < to.y ? to.y : from.y;
            int s1 = line_side(from, to, x0, y0), s2 = line_side(from, to, x0, y1);
            int s3 = line_side(from, to, x1, y0), s4 = line_side(from, to, x1, y1);
            bool apart = sx1 < x0 || sx0 > x1 || sy1 < y0 || sy0 > y1 ||
                         (s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0) || (s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0);
            if (!apart) {
                if (bad < 3)
                    fxlt_printf("    differ: (%d,%d) -> (%d,%d), cells %08x %08x\n", (int)from.x,
                                (int)from.y, (int)to.x, (int)to.y, (unsigned)clo, (unsigned)chi);
                bad++;
            }
        }
    }
    fxlt_printf("    line filter: %u moves, %u boxes skipped, %u wrongly\n", n, skipped, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(skipped > n / 10);
    CHECK(big_faults() == 0);
}

/* Where a slide test's move goes: a wall's end or its start, or one raw
 * unit off, or anywhere within 150 px of from. */
static fxl_vec2 slide_target(fxlt_rng *rng, const fxl_wall *o, fxl_vec2 from)
{
    switch (fxlt_below(rng, 3)) {
    case 0:
        return v2(o->b.x + fxlt_range(rng, -1, 1), o->b.y + fxlt_range(rng, -1, 1));
    case 1:
        return v2(o->a.x + fxlt_range(rng, -1, 1), o->a.y + fxlt_range(rng, -1, 1));
    default:
        return v2(from.x + fxlt_range(rng, PX(-150), PX(150)), from.y + fxlt_range(rng, PX(-150), PX(150)));
    }
}

/* 1 when a move and the model's differ (end, contacts, stop flag, touched
 * walls' first 64 bits), printing the first three (r: the mover's radius,
 * 0 for a point). */
static uint32_t move_differs(int kind, int n, fix16_t r, fxl_vec2 from, fxl_vec2 to, fxl_move got,
                             const uint32_t *tg, fxl_move want, const uint32_t *tw, uint32_t bad)
{
    if (got.pos.x == want.pos.x && got.pos.y == want.pos.y && got.contacts == want.contacts &&
        got.stopped == want.stopped && tg[0] == tw[0] && tg[1] == tw[1])
        return 0;
    if (bad < 3)
        fxlt_printf("    differ: kind %d, %d walls, r %d, (%d,%d) -> (%d,%d): (%d,%d) %d %d %08x, "
                    "model (%d,%d) %d %d %08x\n",
                    kind, n, (int)r, (int)from.x, (int)from.y, (int)to.x, (int)to.y, (int)got.pos.x,
                    (int)got.pos.y, got.contacts, (int)got.stopped, (unsigned)tg[0], (int)want.pos.x,
                    (int)want.pos.y, want.contacts, (int)want.stopped, (unsigned)tw[0]);
    return 1;
}

/* A scene for the slide tests, around (cx, cy), of the given kind (drawn
 * by the caller): 0 and 4, random walls, every other one ending where the
 * one before starts (a corner), the others pointing anywhere (kind 4: 34
 * or more in a 20 px square, so that a move's box meets more walls than a
 * search keeps; *kind becomes 0); 1, one chain of walls with corners in
 * every direction (the last doubling back over the one before); 2 and 3,
 * a room (make_room). Then up to 3 walls listed again (equal crossings),
 * some of them one raw unit off. Writes the walls to raw; returns how many. */
static int slide_scene(fxlt_rng *rng, int *kind, fix16_t cx, fix16_t cy, fxl_wall *raw)
{
    room R;
    fix16_t reach = PX(40); /* random walls' length, an axis */
    int n, i, k;
    if (*kind == 0 || *kind == 4) {
        fix16_t span = *kind == 4 ? PX(10) : PX(50);
        n = *kind == 4 ? 34 + (int)fxlt_below(rng, ROOM_MAX - 33) : 2 + (int)fxlt_below(rng, ROOM_MAX - 1);
        reach = *kind == 4 ? PX(10) : reach;
        *kind = 0;
        for (i = 0; i < n; i++)
            R.v[i] = v2(cx + fxlt_range(rng, -span, span), cy + fxlt_range(rng, -span, span));
    } else if (*kind == 1) {
        n = 2 + (int)fxlt_below(rng, ROOM_MAX - 1);
        R.v[0] = v2(cx, cy);
        for (i = 1; i < n; i++)
            R.v[i] = v2(R.v[i - 1].x + fxlt_range(rng, PX(-30), PX(30)), R.v[i - 1].y + fxlt_range(rng, PX(-30), PX(30)));
    } else {
        make_room(rng, &R, (int)fxlt_below(rng, 4));
        n = R.n;
    }
    for (i = 0; i < n; i++) {
        raw[i].a = R.v[i];
        raw[i].b = *kind == 1 ? R.v[i + 1 < n ? i + 1 : i - 1] : *kind == 0 && (i & 1) ? R.v[i - 1] : R.v[(i + 1) % n];
        if (*kind == 0 && !(i & 1))
            raw[i].b = v2(raw[i].a.x + fxlt_range(rng, -reach, reach), raw[i].a.y + fxlt_range(rng, -reach, reach));
        if (raw[i].a.x == raw[i].b.x && raw[i].a.y == raw[i].b.y)
            raw[i].b.x += 1;
    }
    for (k = (int)fxlt_below(rng, 4); k > 0 && n < ROOM_MAX; k--) {
        int j = (int)fxlt_below(rng, (uint32_t)n);
        raw[n] = raw[j];
        if (fxlt_below(rng, 2)) {
            fix16_t dx = fxlt_range(rng, -1, 1), dy = fxlt_range(rng, -1, 1);
            raw[n].a.x += dx, raw[n].b.x += dx, raw[n].a.y += dy, raw[n].b.y += dy;
        }
        n++;
    }
    return n;
}

/* The search along a slide decided from the walls the search before kept
 * (wall.c's kept_crossing, point walls, when the slide stays in that
 * search's move box): point moves among 2 to 40 walls against
 * model_move_touched, the end, contacts, stop flag and touched bits equal.
 * Scenes: random walls in a 100 px square, chains of walls sharing their
 * ends (corners the slides run into), rooms (rooms_never_leak's), and any
 * of these with some walls listed twice (equal crossings: the first wall
 * stays) or a copy one raw unit off; moves to anywhere near, to a wall's
 * end or one raw unit off it, and from on a wall's line; and 34 to 40
 * short walls in a 20 px square, whose moves keep more walls than the 32
 * the stop check and kept_crossing may go through (a search decides). */
static void kept_slides_match_model(void)
{
    fxlt_rng rng = fxlt_rng_for("kept_slides_match_model");
    uint32_t moves = 0, bad = 0, contacts = 0, rejects = 0, target = FXLT_CASES(60000);
    uint32_t kept0 = fxl__wall_kept_searches;
    fxl_wall_prep *walls = room_walls;
    fxl_wall raw[ROOM_MAX];
    while (moves < target) {
        int kind = (int)fxlt_below(&rng, 5), n, i, k;
        fix16_t cx = fxlt_range(&rng, PX(-200), PX(200)), cy = fxlt_range(&rng, PX(-200), PX(200));
        n = slide_scene(&rng, &kind, cx, cy, raw);
        for (i = 0; i < n; i++)
            CHECK_EQ(fxl_wall_prepare(&raw[i], &walls[i]), FXL_OK);
        for (k = 0; k < 40; k++) {
            const fxl_wall_prep *o = &walls[fxlt_below(&rng, (uint32_t)n)];
            fxl_vec2 from, to;
            fxl_move got, want;
            uint32_t tg[2] = {0, 0}, tw[2] = {0, 0};
            switch (fxlt_below(&rng, 3)) {
            case 0: /* on a wall's line, at its middle */
                from = v2(o->a.x + o->ex / 2, o->a.y + o->ey / 2);
                break;
            default:
                from = v2(cx + fxlt_range(&rng, PX(-60), PX(60)), cy + fxlt_range(&rng, PX(-60), PX(60)));
                break;
            }
            to = slide_target(&rng, &raw[fxlt_below(&rng, (uint32_t)n)], from);
            got = fxl_move_point(walls, (size_t)n, from, to, tg);
            want = model_move_touched(walls, (size_t)n, from, to, &rejects, tw);
            moves++;
            contacts += (uint32_t)want.contacts;
            bad += move_differs(kind, n, 0, from, to, got, tg, want, tw, bad);
        }
    }
    fxlt_printf("    %u point moves, %u contacts, %u slides searched from the kept walls, %u stop points "
                "rejected, %u disagreements\n",
                moves, contacts, fxl__wall_kept_searches - kept0, rejects, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(fxl__wall_kept_searches - kept0 > contacts / 8);
}

/* The searches over inflated walls that go through the groups the search
 * before listed (wall.c's search_listed: the search along a slide, and the
 * stop check's, when their ends stay in that search's move box): circle
 * moves (radius 1 raw unit to 6 px) among 2 to 40 walls against
 * model_move_touched over the parts, the end, contacts, stop flag and
 * touched walls equal. Scenes as kept_slides_match_model's: random walls
 * (every other one sharing an end: corners), chains, rooms, some walls
 * listed twice (equal crossings: the first group stays) or one raw unit
 * off, and 34 to 40 short walls in a 20 px square (more groups meet a
 * move's box than the 8 a search lists: a full search decides); moves to
 * a wall's end or one raw unit off it, from a wall's line or anywhere. */
static void listed_slides_match_model(void)
{
    fxlt_rng rng = fxlt_rng_for("listed_slides_match_model");
    uint32_t moves = 0, bad = 0, contacts = 0, rejects = 0, target = FXLT_CASES(40000);
    uint32_t listed0 = fxl__wall_listed_searches, long0 = fxl__wall_long_lists;
    fxl_wall raw[ROOM_MAX];
    while (moves < target) {
        int kind = (int)fxlt_below(&rng, 5), n, i, k;
        fix16_t r = fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 1, 64) : fxlt_range(&rng, 1, PX(6));
        fix16_t cx = fxlt_range(&rng, PX(-200), PX(200)), cy = fxlt_range(&rng, PX(-200), PX(200));
        n = slide_scene(&rng, &kind, cx, cy, raw);
        CHECK_EQ(fxl_walls_inflate(raw, (size_t)n, r, room_inflated, ROOM_MAX * FXL_WALL_PARTS), FXL_OK);
        for (k = 0; k < 40; k++) {
            const fxl_wall *o = &raw[fxlt_below(&rng, (uint32_t)n)];
            fxl_vec2 from, to;
            fxl_move got, want;
            uint32_t tg[2] = {0, 0}, tw[2] = {0, 0}, tp[(ROOM_MAX * FXL_WALL_PARTS + 31) / 32];
            for (i = 0; i < (int)FXLT_COUNT(tp); i++)
                tp[i] = 0;
            if (fxlt_below(&rng, 3) == 0) /* on a wall's line, at its middle */
                from = v2(o->a.x + (o->b.x - o->a.x) / 2, o->a.y + (o->b.y - o->a.y) / 2);
            else
                from = v2(cx + fxlt_range(&rng, PX(-60), PX(60)), cy + fxlt_range(&rng, PX(-60), PX(60)));
            to = slide_target(&rng, &raw[fxlt_below(&rng, (uint32_t)n)], from);
            got = fxl_move_circle(room_inflated, (size_t)n, from, to, tg);
            want = model_move_touched(room_inflated, (size_t)n * FXL_WALL_PARTS, from, to, &rejects, tp);
            for (i = 0; i < n * FXL_WALL_PARTS; i++)
                if (tp[i / 32] >> (i % 32) & 1u)
                    tw[i / FXL_WALL_PARTS / 32] |= (uint32_t)1 << (i / FXL_WALL_PARTS % 32);
            moves++;
            contacts += (uint32_t)want.contacts;
            bad += move_differs(kind, n, r, from, to, got, tg, want, tw, bad);
        }
    }
    fxlt_printf("    %u circle moves, %u contacts, %u searches through the groups listed, %u with more "
                "groups than listed, %u stop points rejected, %u disagreements\n",
                moves, contacts, fxl__wall_listed_searches - listed0, fxl__wall_long_lists - long0,
                rejects, bad);
    CHECK_EQ(bad, 0);
    /* The full searches whose move's box met more groups than the scan
     * lists first (search_body's list, then its group-at-a-time scan):
     * the 34 to 40 short walls' scenes; in full-size runs only. */
    CHECK_COVER(target < 10000 || fxl__wall_long_lists - long0 > moves / 100);
    /* One in 8 contacts in full-size runs (host: 45 %); the reduced runs
     * (the GBA ROM's 80 moves: 17 of 111) only need one. */
    CHECK_COVER(fxl__wall_listed_searches - listed0 > (target >= 10000 ? contacts / 8 : 0));
}

/* wall.h: a fxl_wall_prep the library did not write gives a meaningless
 * answer, never undefined behaviour nor a call that does not return. Two
 * hand-made preps a slide used to divide forever with (session 22's audit):
 * len2 = 0 under a wall of non-zero length (a division by 0: the remainder
 * loop never ends), and a len2 far below ex^2 + ey^2 (a quotient over 2^32:
 * some 10^13 steps of it). Both are no slide now (scale_round's and
 * slide_body's guards); the moves through them return, as do the circle's
 * through 9 such parts. The suite under UBSan (make test-san) checks the
 * rest. */
static void hand_made_preps(void)
{
    static fxl_wall_prep parts[FXL_WALL_PARTS] FXL_EWRAM_BSS;
    fxl_wall_prep w[2];
    fxl_vec2 p, x0 = v2(PX(0), PX(-1)), x1 = v2(65536, 601885);
    fxl_move m;
    int i;
    for (i = 0; i < 2; i++) {
        w[i].coarse_lo = 0x80008000u;
        w[i].coarse_hi = 0xFFFFFFFFu;
        w[i].a = v2(0, 0);
        w[i].box.lo = v2(-(1 << 29), -(1 << 29));
        w[i].box.hi = v2(1 << 29, 1 << 29);
    }
    w[0].ex = PX(100);
    w[0].ey = PX(1);
    w[0].len2 = 0;
    w[1].ex = -17673933;
    w[1].ey = 442152;
    w[1].len2 = 3310057474u; /* ex^2 + ey^2 is about 3.1e14 */
    p = fxl_wall_slide(&w[0], x0, v2(PX(50), PX(-3)));
    CHECK(p.x == x0.x && p.y == x0.y);
    p = fxl_wall_slide(&w[1], x1, v2(-134217727, 65535));
    CHECK(p.x == x1.x && p.y == x1.y);
    m = fxl_move_point(w, 2, x0, v2(PX(50), PX(5)), NULL);
    CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
    m = fxl_move_point(&w[1], 1, x1, v2(-134217727, 65535), NULL);
    CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
    for (i = 0; i < FXL_WALL_PARTS; i++)
        parts[i] = w[i & 1];
    m = fxl_move_circle(parts, 1, x0, v2(PX(50), PX(5)), NULL);
    CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
}

static const fxlt_case cases[] = {
    {"side_and_crossing", side_and_crossing},
    {"errors", errors},
    {"moves_and_slides", moves_and_slides},
    {"meet_and_slide_reference", meet_and_slide_reference},
    {"meet_and_slide_exact", meet_and_slide_exact},
    {"coarse_boxes", coarse_boxes},
    {"rooms_never_leak", rooms_never_leak},
    {"inflate_errors", inflate_errors},
    {"circle_rooms_never_leak", circle_rooms_never_leak},
    {"moves_match_model", moves_match_model},
    {"pushes_match_model", pushes_match_model},
    {"outside_the_domain", outside_the_domain},
    {"seeded_division", seeded_division},
    {"scale_band", scale_band},
    {"line_filter", line_filter},
    {"kept_slides_match_model", kept_slides_match_model},
    {"listed_slides_match_model", listed_slides_match_model},
    {"hand_made_preps", hand_made_preps},
};

const fxlt_suite fxlt_suite_wall = {"wall", cases, FXLT_COUNT(cases)};
