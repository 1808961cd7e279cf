/* bench_kinds.c - the benchmark of the laser kinds of issue 13: a 64-node
 * curvy laser (push, far and near player, batch, moving player) and lasers
 * cast against a 16-wall room (first wall, full width, 4 bounces; the
 * same through a room prepared once, cast.h). Timed
 * with the same samples and timers as bench.c. */
#include "fixlaser.h"

#include "bench.h"
#include "test_port.h"

#include "../harness.h"

#define TRAIL 64
#define KIND_CIRCLES 1024
#define KIND_WALLS 16

/* In EWRAM (the bench ROM's IWRAM holds bench.c's scene), as a game's
 * big per-laser storage would be. */
static fxl_curvy_node trail_nodes[TRAIL] FXL_EWRAM_BSS;
static fxl_aabb trail_boxes[FXL_CURVY_BOXES(TRAIL)] FXL_EWRAM_BSS;
static fxl_curvy trail;
static fxl_circle kind_circles[KIND_CIRCLES] FXL_EWRAM_BSS;
static uint32_t kind_bits[KIND_CIRCLES / 32] FXL_EWRAM_BSS;
static fxl_wall_prep walls[KIND_WALLS] FXL_EWRAM_BSS;
static fxl_aabb wall_boxes[KIND_WALLS] FXL_EWRAM_BSS; /* issue 23: each wall's box, a solid box */
/* The room's packed walls (cast.h) where a game would keep them: IWRAM. */
#ifdef FXL_IWRAM_DATA
#define ROOM_PLACE FXL_IWRAM_DATA
#else
#define ROOM_PLACE
#endif
static fxl_room_wall room_packed[KIND_WALLS] ROOM_PLACE;
static fxl_room room;

/* Node k of the trail's path: 3 px apart along x, a 30 px sine wave in y
 * (a head weaving across the screen). */
static fxl_vec2 path(int k)
{
    return fxl_vec2_make((fix16_t)((20 + 3 * k) << 16), (80 << 16) + fxl_sin(k * 64) * 30);
}

/* A trail of 64 nodes ending at path(last), half-width 4 px, tapered over
 * its first and last 8 nodes. */
static void trail_build(int last)
{
    int k;
    fxl_curvy_init(&trail, trail_nodes, TRAIL, trail_boxes, FXL_CURVY_BOXES(TRAIL), 4 << 16, 0);
    trail.taper = (4 << 16) / 8;
    for (k = last - TRAIL + 1; k <= last; k++)
        fxl_curvy_push(&trail, path(k), 4 << 16);
}

/* A player of radius 2 px: far (70 px below the wave's middle line, 36 px
 * beyond its lowest hitbox edge) or near (within 1..5 px of the hitbox's
 * edge at a middle node, above or below). */
static fxl_circle player(int i, int near, int last)
{
    if (!near)
        return fxl_circle_make(path(last - TRAIL + 1 + (i & 63)).x, 150 << 16, 2 << 16);
    {
        fxl_vec2 p = path(last - TRAIL / 2 + (i & 15));
        fix16_t off = (fix16_t)((4 + 2 + 1 + (i % 5)) << 16);
        return fxl_circle_make(p.x, (i & 16) ? p.y + off : p.y - off, 2 << 16);
    }
}

bench_stats bench_curvy(int what)
{
    int i, last = 200;
    trail_build(last);
    bench_samples_clear();
    if (what == 3) {
        fxlt_rng rng;
        rng.state = UINT64_C(0xC0A5E);
        for (i = 0; i < KIND_CIRCLES; i++) {
            kind_circles[i].c.x = fxlt_range(&rng, 0, 240 << 16); /* one draw per statement */
            kind_circles[i].c.y = fxlt_range(&rng, 0, 160 << 16);
            kind_circles[i].r = fxlt_range(&rng, 1 << 16, 4 << 16);
        }
    }
    for (i = 0; i < 256; i++) {
        uint32_t t;
        fxl_circle p = player(i, what == 2 || what == 4 || what == 6 || what == 7, last);
        fxl_vec2 to = fxl_vec2_make(p.c.x + (2 << 16), p.c.y - (1 << 16));
        if (what == 0) {
            fxl_vec2 head = path(++last);
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_curvy_push(&trail, head, 4 << 16);
            t = fxl_port_cycles_end();
        } else if (what == 3) {
            if (i >= 16)
                break;
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_curvy_vs_circles(&trail, kind_circles, KIND_CIRCLES, kind_bits);
            t = fxl_port_cycles_end();
            t = t > bench_overhead() ? t - bench_overhead() : 0;
            bench_sample_add((t + KIND_CIRCLES / 2) / KIND_CIRCLES);
            continue;
        } else if (what == 4) {
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_curvy_vs_moving_circle(&trail, p, to);
            t = fxl_port_cycles_end();
        } else if (what >= 5) { /* issue 23: the player's box (the circle's box), far or near */
            fxl_aabb b;
            b.lo = fxl_vec2_make(p.c.x - p.r, p.c.y - p.r);
            b.hi = fxl_vec2_make(p.c.x + p.r, p.c.y + p.r);
            fxl_port_cycles_begin();
            if (what == 7) /* moving as the circle of row 4 does */
                bench_sink += (uint32_t)fxl_curvy_vs_moving_aabb(
                    &trail, b, fxl_vec2_make(b.lo.x + (2 << 16), b.lo.y - (1 << 16)));
            else
                bench_sink += (uint32_t)fxl_curvy_vs_aabb(&trail, b);
            t = fxl_port_cycles_end();
        } else {
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_curvy_vs_circle(&trail, p);
            t = fxl_port_cycles_end();
        }
        bench_sample_add(t > bench_overhead() ? t - bench_overhead() : 0);
    }
    return bench_sample_stats();
}

/* The room: its outer walls (220 x 140 px, fronts inwards), a 20 px pillar
 * (fronts outwards) and 8 short slanted walls, one-sided. */
static void room_build(void)
{
    static const int16_t w[KIND_WALLS][4] = {
        {10, 10, 10, 150},   {10, 150, 230, 150}, {230, 150, 230, 10}, {230, 10, 10, 10},
        {150, 60, 170, 60},  {170, 60, 170, 80},  {170, 80, 150, 80},  {150, 80, 150, 60},
        {40, 30, 60, 50},    {60, 110, 40, 130},  {100, 20, 120, 35},  {120, 125, 100, 140},
        {200, 30, 215, 45},  {215, 115, 200, 130}, {80, 70, 90, 90},   {110, 90, 100, 70}};
    int i;
    for (i = 0; i < KIND_WALLS; i++) {
        fxl_wall wall;
        wall.a = fxl_vec2_make((fix16_t)w[i][0] << 16, (fix16_t)w[i][1] << 16);
        wall.b = fxl_vec2_make((fix16_t)w[i][2] << 16, (fix16_t)w[i][3] << 16);
        fxl_wall_prepare(&wall, &walls[i]);
        wall_boxes[i].lo = fxl_vec2_make(wall.a.x < wall.b.x ? wall.a.x : wall.b.x,
                                         wall.a.y < wall.b.y ? wall.a.y : wall.b.y);
        wall_boxes[i].hi = fxl_vec2_make(wall.a.x > wall.b.x ? wall.a.x : wall.b.x,
                                         wall.a.y > wall.b.y ? wall.a.y : wall.b.y);
    }
    fxl_room_prepare(walls, KIND_WALLS, room_packed, KIND_WALLS, &room);
}

/* Cast i: from a point of the room at a scattered angle, 300 px long (every
 * cast meets a wall: the room is closed). */
static fxl_laser cast_laser(int i)
{
    fxl_vec2 e = fxl_vec2_make((fix16_t)((20 + (i * 37) % 120) << 16), (fix16_t)((20 + (i * 53) % 120) << 16));
    return fxl_laser_from_emitter((i & 1) ? FXL_LASER_CAPSULE : FXL_LASER_BOX, e, i * 293,
                                 300 << 16, 3 << 16);
}

/* A player of radius 2 px for cast i's bounce legs: near, beside the
 * middle of leg i mod n by 0..6 px across it (the hit reach is 4.25 px:
 * 2.25 px of hit half-width and the radius); far, the first of a few
 * scattered points of the room with no leg within 20 px. */
static fxl_circle bounce_player(const fxl_laser *l, const fxl_bounce *g, size_t n, int i, bool near)
{
    int k;
    if (near && n > 0) {
        const fxl_bounce *b = &g[(size_t)i % n];
        int64_t off = (int64_t)(i % 7) << 16;
        int64_t x = ((int64_t)b->start.x + b->end.x) / 2 - b->dy * off / 65536;
        int64_t y = ((int64_t)b->start.y + b->end.y) / 2 + b->dx * off / 65536;
        return fxl_circle_make((fix16_t)x, (fix16_t)y, 2 << 16);
    }
    for (k = 0; k < 16; k++) {
        int j = i * 16 + k;
        fxl_circle c = fxl_circle_make((fix16_t)((20 + (j * 89) % 200) << 16), (fix16_t)((20 + (j * 61) % 120) << 16),
                                       22 << 16);
        if (!fxl_bounce_vs_circle(l, g, n, c)) {
            c.r = 2 << 16;
            return c;
        }
    }
    return fxl_circle_make(-(40 << 16), -(40 << 16), 2 << 16);
}

bench_stats bench_cast(int what)
{
    static fxl_bounce legs[8];
    int i, kind = what; /* 6, 7: the width cast (4) with box or capsule beams only */
    what = what == 6 || what == 7 ? 4 : what; /* 8, 9, 10: the box casts */
    room_build();
    bench_samples_clear();
    for (i = 0; i < 256; i++) {
        fxl_laser l = cast_laser(i);
        fxl_cast c;
        size_t n = 0;
        uint32_t t;
        fxl_circle target;
        if (kind == 6 || kind == 7)
            l.kind = kind == 6 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
        if (what == 11 || what == 12) { /* the legs of row 5's bounce vs a player, untimed set-up */
            l.hit_fraction = fix16_one * 3 / 4;
            bench_sink += (uint32_t)fxl_room_bounce(&room, &l, 0, 4, legs, 8, &n);
            target = bounce_player(&l, legs, n, i, what == 12);
        }
        fxl_port_cycles_begin();
        if (what == 11 || what == 12)
            bench_sink += (uint32_t)fxl_bounce_vs_circle(&l, legs, n, target);
        else if (what == 2)
            bench_sink += (uint32_t)fxl_laser_bounce(&l, walls, KIND_WALLS, 0, 4, legs, 8, &n);
        else if (what == 3) /* the same through the room (cast.h) */
            bench_sink += (uint32_t)fxl_room_cast(&room, &l, 0, &c, NULL);
        else if (what == 4)
            bench_sink += (uint32_t)fxl_room_cast_width(&room, &l, 0, &c, NULL);
        else if (what == 5)
            bench_sink += (uint32_t)fxl_room_bounce(&room, &l, 0, 4, legs, 8, &n);
        else if (what == 8) /* issue 23: the walls' boxes as 16 solid boxes */
            bench_sink += (uint32_t)fxl_laser_cast_aabbs(&l, wall_boxes, KIND_WALLS, 0, &c, NULL);
        else if (what == 9 || what == 10) { /* the same, FXL_CAST_WIDTH (box, capsule lasers) */
            l.kind = what == 9 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
            bench_sink += (uint32_t)fxl_laser_cast_aabbs(&l, wall_boxes, KIND_WALLS, FXL_CAST_WIDTH, &c, NULL);
        }
        else
            bench_sink += (uint32_t)fxl_laser_cast(&l, walls, KIND_WALLS, what == 1 ? FXL_CAST_WIDTH : 0u,
                                                   &c, NULL);
        t = fxl_port_cycles_end();
        bench_sample_add(t > bench_overhead() ? t - bench_overhead() : 0);
    }
    return bench_sample_stats();
}
