/* scene_room.c - the demo's wall room: a room of one-sided walls
 * (fixlaser/wall.h) with a diagonal wall, an acute corner and a pillar; the
 * ship moves through fxl_move_circle, sliding along the walls. Two beams
 * (fixlaser/cast.h) are in the room: an aimed box laser from a turret on
 * the left, turning towards the ship at most 2.8 degrees a frame and cut
 * short by the first wall its width meets (fxl_laser_cast; the clipped
 * laser drawn and tested with fxl_laser_prepare + fxl_laser_vs_circle), so
 * the pillar shields a ship behind it; and a beam from a turret under the
 * top wall, turning slowly and bouncing off up to 4 walls
 * (fxl_laser_bounce), its legs pushed into a curvy laser of constant width
 * that is both its hit test (fxl_curvy_vs_circle) and its drawing
 * (fxl_curvy_quads; the bounce points drawn as sparks). The walls face
 * into the room, so both beams meet them from the front. The HUD counts
 * wall contacts and the beams' hits, and shows the cycles of the move, the
 * cast (+ prepare + test) and the bounce (+ pushes + test).
 *
 * Self-check part: sliding, the acute corner, random fast pushes, then the
 * beams: the ship behind the pillar, in the open, on a bounced leg.
 */
#include "demo.h"

#include "fixlaser/cast.h"
#include "fixlaser/curvy.h"
#include "fixlaser/wall.h"

/* A room of one-sided walls (fixlaser/wall.h). The outer polygon is listed
 * so that its inside is on the left walking a -> b on the y-down screen; it
 * has a 30.6 degree diagonal wall (lower left) and a 22.4 degree acute
 * corner (lower right, the wedge under a wall that comes back in from the
 * right edge). The pillar is listed the other way round, so its OUTSIDE is
 * in front. All corners are whole pixels. The ship (radius SHIP_R) moves
 * through fxl_move_circle against the walls inflated once at start-up. */
#define ROOM_OUTER 7
#define ROOM_PILLAR 3
#define ROOM_N (ROOM_OUTER + ROOM_PILLAR)
#define ROOM_DIAG 2   /* walls[2]: the diagonal wall (12,100) -> (100,152) */
#define ROOM_ACUTE_A 3 /* walls[3], walls[4]: the acute corner at (228,152) */
#define ROOM_ACUTE_B 4
static const int16_t room_pts[ROOM_N][2] = {
    /* outer, inside on the left: top (right to left), left edge, diagonal,
     * bottom, the wall back in to the acute corner, out again, right edge */
    {228, 24}, {12, 24}, {12, 100}, {100, 152}, {228, 152}, {126, 110}, {228, 96},
    /* pillar, outside on the left (clockwise as seen on the screen) */
    {150, 52}, {176, 52}, {166, 76},
};
static fxl_wall room_walls[ROOM_N];
static fxl_wall_prep room_prep[ROOM_N]; /* the walls themselves (side tests) */
static fxl_wall_prep room_inflated[ROOM_N * FXL_WALL_PARTS] FXL_EWRAM_BSS;
static fxl_result room_init_res;
static uint32_t room_len[ROOM_N]; /* floor |b - a| per wall, raw Q16 (an estimate's divisor) */
static uint32_t isqrt64(uint64_t v);
static fxl_vec2 room_ship;
static int room_contacts;          /* contacts of this frame's move */
static uint32_t room_touched;      /* walls hit by this frame's move (bits) */
static uint32_t room_move_cycles;  /* this frame's fxl_move_circle */

static void room_init(void)
{
    int i;
    room_init_res = FXL_OK;
    for (i = 0; i < ROOM_N; ++i) {
        int j = i < ROOM_OUTER ? (i + 1) % ROOM_OUTER
                               : ROOM_OUTER + (i - ROOM_OUTER + 1) % ROOM_PILLAR;
        room_walls[i].a = fxl_vec2_make(PX(room_pts[i][0]), PX(room_pts[i][1]));
        room_walls[i].b = fxl_vec2_make(PX(room_pts[j][0]), PX(room_pts[j][1]));
        if (fxl_wall_prepare(&room_walls[i], &room_prep[i]) != FXL_OK) {
            room_init_res = FXL_ERR_WALL_ZERO;
        }
        room_len[i] = isqrt64(room_prep[i].len2);
    }
    if (room_init_res == FXL_OK) {
        room_init_res = fxl_walls_inflate(room_walls, ROOM_N, SHIP_R, room_inflated,
                                          ROOM_N * FXL_WALL_PARTS);
    }
    room_ship = fxl_vec2_make(PX(80), PX(60));
}

/* -- exact checks (the self-check's ground truth, not the library's) -- */

/* Boundary-inclusive point in polygon: pts[0..n-1] (whole pixels), p in
 * Q16.16. Returns 1 inside, 2 on the boundary, 0 outside. Exact: every
 * product is of two differences below 2^26 (int64). */
static int poly_where(const int16_t (*pts)[2], int n, fxl_vec2 p)
{
    int i, in = 0;
    for (i = 0; i < n; ++i) {
        const int16_t *a = pts[i], *b = pts[(i + 1) % n];
        int64_t ax = PX(a[0]), ay = PX(a[1]), bx = PX(b[0]), by = PX(b[1]);
        int64_t cross = (bx - ax) * ((int64_t)p.y - ay) - (by - ay) * ((int64_t)p.x - ax);
        if (cross == 0 && p.x >= (ax < bx ? ax : bx) && p.x <= (ax > bx ? ax : bx) &&
            p.y >= (ay < by ? ay : by) && p.y <= (ay > by ? ay : by)) {
            return 2;
        }
        if ((ay > p.y) != (by > p.y) && (cross > 0) == (by - ay > 0)) {
            in = !in; /* the edge crosses the row p.y to the right of p */
        }
    }
    return in;
}

/* The ship's centre is in the room: inside the outer polygon or on its
 * boundary, and not strictly inside the pillar. */
static int room_contains(fxl_vec2 p)
{
    return poly_where(room_pts, ROOM_OUTER, p) != 0 &&
           poly_where(room_pts + ROOM_OUTER, ROOM_PILLAR, p) != 1;
}

/* 128-bit unsigned (hi, lo) product of two 64-bit values. */
typedef struct u128 {
    uint64_t hi, lo;
} u128;

static u128 mul_u64(uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t p00 = (uint64_t)a0 * b0, p01 = (uint64_t)a0 * b1, p10 = (uint64_t)a1 * b0;
    uint64_t p11 = (uint64_t)a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    u128 r;
    r.lo = (mid << 32) | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

static int le_u128(u128 a, u128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}

/* floor(sqrt(v)), bit by bit. */
static uint32_t isqrt64(uint64_t v)
{
    uint64_t rem = 0, root = 0;
    int i;
    for (i = 0; i < 32; ++i) {
        root <<= 1;
        rem = (rem << 2) | (v >> 62);
        v <<= 2;
        if (root < rem) {
            rem -= root + 1;
            root += 2;
        }
    }
    return (uint32_t)(root >> 1);
}

/* floor(distance) from p to wall w's segment, raw Q16 units, exact: the
 * largest D with D^2 <= dist^2, where dist^2 = |p - end|^2 off the
 * segment's ends, else cross^2 / |b - a|^2 (128-bit products). The exact
 * clearance test dist >= r (r a whole raw value) is then D >= r. */
static uint32_t seg_dist_floor(int i, fxl_vec2 p)
{
    const fxl_wall_prep *w = &room_prep[i];
    int64_t wx = (int64_t)p.x - w->a.x, wy = (int64_t)p.y - w->a.y;
    int64_t t = wx * w->ex + wy * w->ey;
    int64_t c;
    uint64_t ac;
    u128 num;
    uint32_t d;
    if (t <= 0 || (uint64_t)t >= w->len2) {
        int64_t qx = t <= 0 ? wx : wx - w->ex, qy = t <= 0 ? wy : wy - w->ey;
        return isqrt64((uint64_t)(qx * qx) + (uint64_t)(qy * qy));
    }
    c = (int64_t)w->ex * wy - (int64_t)w->ey * wx;
    ac = (uint64_t)(c < 0 ? -c : c);
    num = mul_u64(ac, ac);
    d = (uint32_t)(ac / room_len[i]); /* within a few units of the answer */
    while (d > 0 && !le_u128(mul_u64((uint64_t)d * d, w->len2), num)) {
        --d;
    }
    while (le_u128(mul_u64((uint64_t)(d + 1) * (d + 1), w->len2), num)) {
        ++d;
    }
    return d;
}

/* The smallest clearance from p to any wall, floor, raw Q16 units. */
static uint32_t room_clearance(fxl_vec2 p)
{
    uint32_t best = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < ROOM_N; ++i) {
        uint32_t d = seg_dist_floor(i, p);
        if (d < best) {
            best = d;
        }
    }
    return best;
}

/* -- the room's two beams -- */

/* The aimed beam: a box laser from the turret at (CAST_X, CAST_Y), turning
 * towards the ship at most CAST_TURN steps a frame and cut short by the
 * first wall its drawn width meets (fxl_laser_cast with FXL_CAST_WIDTH):
 * the pillar shields a ship behind it. The clipped laser is tested as any
 * other (fxl_laser_prepare + fxl_laser_vs_circle). */
#define CAST_X 20
#define CAST_Y 64
#define CAST_LEN PX(300)
#define CAST_HW PX(2)
#define CAST_TURN 32 /* steps a frame: 2.8 degrees */

/* The bouncing beam: from the turret at (BNC_X, BNC_Y), turning BNC_STEP a
 * frame, reflected by up to BNC_BOUNCES walls (fxl_laser_bounce); its legs
 * are pushed into a curvy laser of constant width (no taper), which is both
 * the hit test (fxl_curvy_vs_circle) and the drawing (fxl_curvy_quads). */
#define BNC_X 112
#define BNC_Y 34
#define BNC_LEN PX(360)
#define BNC_HW PX(2)
#define BNC_STEP 3 /* 0.26 degrees a frame: a turn in 23 s */
#define BNC_ANGLE0 1400 /* at power-on: down and a little left */
#define BNC_BOUNCES 4
#define BNC_LEGS (BNC_BOUNCES + 1)
#define BNC_NODES 8

/* The room's walls stop both beams from the front only: the beams are in
 * the room, where every wall (the pillar's too) shows its front. */
#define BEAM_FLAGS 0u

static fxl_angle cast_angle;
static fxl_cast cast_res;
static fxl_laser cast_clipped;
static int cast_hit;
static uint32_t cast_cycles;      /* this frame's cast + prepare + test */
static fxl_angle bnc_angle = BNC_ANGLE0;
static int bnc_hold;              /* the script holds the beam still */
static fxl_bounce bnc_legs[BNC_LEGS];
static size_t bnc_count;
static fxl_curvy bnc_curvy;
static fxl_curvy_node bnc_nodes[BNC_NODES];
static fxl_aabb bnc_boxes[FXL_CURVY_BOXES(BNC_NODES)];
static int bnc_hit;
static uint32_t bnc_cycles;       /* this frame's bounce + pushes + test */
static uint32_t beam_bad;         /* casts, bounces, pushes the library refused */
static uint32_t beam_events[2];   /* hits by the aimed, the bouncing beam (hit after none) */
static int beam_was_hit[2];

static fxl_laser cast_laser(fxl_angle a, fix16_t length)
{
    return fired_laser(FXL_LASER_BOX, fxl_vec2_make(PX(CAST_X), PX(CAST_Y)), a, length, CAST_HW);
}

/* The bouncing beam's first leg alone, as a capsule: the shape of the
 * curvy laser's first segment (hit half-width BNC_HW * HIT_FRACTION). */
static fxl_laser bnc_first_leg(void)
{
    return fired_laser(FXL_LASER_CAPSULE, fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), bnc_angle,
                       bnc_legs[0].length, BNC_HW);
}

/* The bouncing beam at angle a: its legs into bnc_legs, their points into
 * bnc_curvy. 0 if the library refused something. */
static int bnc_trace(fxl_angle a)
{
    fxl_laser l = fired_laser(FXL_LASER_CAPSULE, fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), a, BNC_LEN,
                              BNC_HW);
    size_t k;
    fxl_curvy_clear(&bnc_curvy);
    if (fxl_laser_bounce(&l, room_prep, ROOM_N, BEAM_FLAGS, BNC_BOUNCES, bnc_legs, BNC_LEGS,
                         &bnc_count) != FXL_OK ||
        bnc_count == 0 || fxl_curvy_push(&bnc_curvy, bnc_legs[0].start, BNC_HW) != FXL_OK) {
        bnc_count = 0;
        return 0;
    }
    for (k = 0; k < bnc_count; ++k) {
        if (fxl_curvy_push(&bnc_curvy, bnc_legs[k].end, BNC_HW) != FXL_OK) {
            return 0;
        }
    }
    return 1;
}

/* Both beams this frame, tested against the room's ship (timed apart). */
static void room_beams(void)
{
    fxl_circle me = fxl_circle_make(room_ship.x, room_ship.y, SHIP_R);
    fxl_laser l;
    fxl_laser_prep lp;
    int ok, i;
    cast_angle = turn_towards(
        cast_angle, fxl_atan2(room_ship.y - PX(CAST_Y), room_ship.x - PX(CAST_X)), CAST_TURN);
    if (!bnc_hold) {
        bnc_angle = (bnc_angle + BNC_STEP) & FXL_ANGLE_MASK;
    }
    l = cast_laser(cast_angle, CAST_LEN);

    (void)fxl_port_cycles_begin();
    ok = fxl_laser_cast(&l, room_prep, ROOM_N, BEAM_FLAGS | FXL_CAST_WIDTH, &cast_res,
                        &cast_clipped) == FXL_OK &&
         fxl_laser_prepare(&cast_clipped, &lp) == FXL_OK;
    cast_hit = ok && fxl_laser_vs_circle(&lp, me);
    cast_cycles = fxl_port_cycles_end();
    if (!ok) {
        cast_clipped = cast_laser(cast_angle, 0);
        ++beam_bad;
    }

    (void)fxl_port_cycles_begin();
    ok = bnc_trace(bnc_angle);
    bnc_hit = ok && fxl_curvy_vs_circle(&bnc_curvy, me);
    bnc_cycles = fxl_port_cycles_end();
    beam_bad += (uint32_t)!ok;

    for (i = 0; i < 2; ++i) {
        int hit = i == 0 ? cast_hit : bnc_hit;
        beam_events[i] += (uint32_t)(hit && !beam_was_hit[i]);
        beam_was_hit[i] = hit;
    }
}

static void room_beams_init(void)
{
    if (fxl_curvy_init(&bnc_curvy, bnc_nodes, BNC_NODES, bnc_boxes,
                       FXL_CURVY_BOXES(BNC_NODES), BNC_HW, 0) != FXL_OK) {
        ++beam_bad;
        return;
    }
    bnc_curvy.hit_fraction = HIT_FRACTION;
}

/* The self-check's bounce: the first beam angle (32 + a multiple of 64
 * steps) whose second leg's middle is a fair spot for the ship (in the
 * room, 8 px clear of every wall, 6 px clear of the first leg's hitbox).
 * One candidate a frame (k = 0..63), before room_beams() redoes the beam. */
static fxl_angle rb_bounce_angle;
static fxl_vec2 rb_bounce_spot;
static int rb_bounce_found;

static void rb_pick_step(int k)
{
    fxl_angle a = 32 + 64 * k, keep = bnc_angle;
    fxl_laser_prep lp;
    fxl_laser first;
    fxl_vec2 m;
    if (rb_bounce_found || a >= FXL_ANGLE_STEPS || !bnc_trace(a) || bnc_count < 2 ||
        bnc_legs[1].length < PX(40)) {
        return;
    }
    m = fxl_vec2_make(bnc_legs[1].start.x + floor_half(bnc_legs[1].end.x - bnc_legs[1].start.x),
                      bnc_legs[1].start.y + floor_half(bnc_legs[1].end.y - bnc_legs[1].start.y));
    bnc_angle = a;
    first = bnc_first_leg();
    bnc_angle = keep;
    if (room_contains(m) && room_clearance(m) >= (uint32_t)PX(8) &&
        fxl_laser_prepare(&first, &lp) == FXL_OK &&
        !fxl_laser_vs_circle(&lp, fxl_circle_make(m.x, m.y, SHIP_R + PX(6)))) {
        rb_bounce_angle = a;
        rb_bounce_spot = m;
        rb_bounce_found = 1;
    }
}

/* Drawing. The walls, the turrets and the HUD's title are drawn once, at
 * power-on (room_scene_init), into a page-sized picture in EWRAM
 * (room_bg); a page is loaded from it whole (DMA) when the scene is
 * entered, after that only what the page last showed over it is erased
 * from it: the ship's box and the beams' shapes (the same polygons filled
 * from room_bg, gfx_shape_restore). A HUD line is redrawn when its text
 * changes (the cycle figures every 8 frames), one line a frame. */
static uint32_t room_bg[GFX_W * GFX_H / 4] FXL_EWRAM_BSS;
static int room_bg_ready;
static int room_page_ok[2];        /* page holds room_bg (+ ship, beams, HUD lines) */
static int room_page_sx[2], room_page_sy[2]; /* the ship's pixel there */

/* The beams as a page shows them: the aimed beam and its core, the
 * bouncing beam's quads, the sparks (bounce points, the aimed beam's stop). */
#define ROOM_PIC_MAX (2 + BNC_NODES + BNC_LEGS + 1)
typedef struct room_pic {
    gfx_shape sh[ROOM_PIC_MAX];
    uint8_t col[ROOM_PIC_MAX];
    size_t n;
    gfx_shape cover; /* erases sh[0] and sh[1] (the aimed beam, its core) */
    int has_cover;
} room_pic;
static room_pic room_pics[2];

#define ROOM_HUD_N 7 /* line 2: contacts, aimed and bouncing hits, hit now; line 3: move, cast,
                     * bounce cycles */
static uint32_t room_hud_now[ROOM_HUD_N], room_page_hud[2][ROOM_HUD_N];

static void room_enter(void)
{
    room_page_ok[0] = room_page_ok[1] = 0;
}

static void pic_add(room_pic *p, gfx_shape sh, uint8_t col)
{
    if (p->n < ROOM_PIC_MAX) {
        p->sh[p->n] = sh;
        p->col[p->n++] = col;
    }
}

/* This frame's beams as shapes. */
static void room_pic_make(room_pic *p)
{
    fxl_laser core = cast_clipped;
    fxl_vec2 quads[BNC_NODES][4];
    size_t k, nq;
    p->n = 0;
    gfx_shape_from_laser(&cast_clipped, &p->sh[0]);
    p->col[0] = COL_BOX;
    core.half_width = fix16_mul(core.half_width, core.hit_fraction); /* the hitbox */
    gfx_shape_from_laser(&core, &p->sh[1]);
    p->col[1] = COL_CORE;
    p->n = 2;
    /* The core has the beam's ends and half its width, so the beam's quad
     * scaled by 65/64 about its centre holds it with min(width, length) /
     * 128 to spare on every side (over 1/64 px when both exceed 2 px), far
     * beyond the edge walk's rounding (1/65536 px a row, under 1/400 px
     * over the screen's 160 rows): erasing that quad erases both, one walk
     * instead of two. Shorter beams erase both shapes. */
    p->has_cover = cast_clipped.length >= PX(2);
    if (p->has_cover) {
        fxl_vec2 c;
        p->cover = p->sh[0];
        c.x = (fix16_t)(((int64_t)p->sh[0].q[0].x + p->sh[0].q[1].x + p->sh[0].q[2].x + p->sh[0].q[3].x) >> 2);
        c.y = (fix16_t)(((int64_t)p->sh[0].q[0].y + p->sh[0].q[1].y + p->sh[0].q[2].y + p->sh[0].q[3].y) >> 2);
        for (k = 0; k < 4; ++k) {
            p->cover.q[k].x += (p->sh[0].q[k].x - c.x) >> 6;
            p->cover.q[k].y += (p->sh[0].q[k].y - c.y) >> 6;
        }
    }
    nq = fxl_curvy_quads(&bnc_curvy, quads, BNC_NODES);
    for (k = 0; k < nq && p->n < ROOM_PIC_MAX; ++k) {
        /* as quad_shape, written in place */
        gfx_shape *sh = &p->sh[p->n];
        sh->q[0] = sh->e[0] = sh->e[1] = quads[k][0];
        sh->q[1] = quads[k][1];
        sh->q[2] = quads[k][2];
        sh->q[3] = quads[k][3];
        sh->r = 0;
        sh->capsule = 0;
        p->col[p->n++] = COL_AIM;
    }
    for (k = 0; k < bnc_count; ++k) {
        if (bnc_legs[k].wall >= 0) {
            pic_add(p, disc_shape(bnc_legs[k].end, PX(2)), COL_SPARK);
        }
    }
    if (cast_res.wall >= 0) {
        pic_add(p, disc_shape(cast_res.point, PX(2)), COL_SPARK);
    }
}

static void room_draw_bg(void)
{
    int i, x;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);
    gfx_poly_begin();
    for (i = ROOM_OUTER; i < ROOM_N; ++i) {
        gfx_poly_edge(room_walls[i].a, room_walls[i].b);
    }
    gfx_poly_fill(COL_WALL_DIM);
    for (i = 0; i < ROOM_N; ++i) {
        gfx_line(room_pts[i][0], room_pts[i][1], (int)(room_walls[i].b.x >> 16),
                 (int)(room_walls[i].b.y >> 16), COL_WALL);
    }
    gfx_poly_begin();
    gfx_poly_disc(fxl_vec2_make(PX(CAST_X), PX(CAST_Y)), PX(4));
    gfx_poly_fill(COL_BOSS_BODY);
    gfx_poly_begin();
    gfx_poly_disc(fxl_vec2_make(PX(BNC_X), PX(BNC_Y)), PX(4));
    gfx_poly_fill(COL_BOSS_BODY);
    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    x = gfx_text_bg(2, 1, "WALL ROOM  AIMED BEAM (CAST)  BOUNCING BEAM", COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(SELECT)", COL_TEXT_DIM, COL_HUD_BG);
    gfx_save(room_bg);
}

static void room_draw_hud(int frame, int page)
{
    uint32_t *now = room_hud_now;
    strbuf b;
    now[0] = (uint32_t)room_contacts;
    now[1] = beam_events[0];
    now[2] = beam_events[1];
    now[3] = (uint32_t)(cast_hit || bnc_hit);
    if ((frame & 7) == 0 || now[4] == 0) {
        now[4] = room_move_cycles;
        now[5] = cast_cycles;
        now[6] = bnc_cycles;
    }
    /* each line redrawn only when its own figures changed, at most one line
     * a frame (the cycle figures wait a frame when the counts changed) */
    if (hud_changed(room_page_hud[page], now, 4)) {
        int x;
        gfx_clear_rows(7, 12, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "CONTACTS ", now[0]);
        x = gfx_text_bg(2, 7, b.s, room_contacts ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "  AIMED HITS ", now[1]);
        sb_kv(&b, "  BOUNCE HITS ", now[2]);
        (void)gfx_text_bg(x, 7, b.s, now[3] ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
    } else if (hud_changed(room_page_hud[page] + 4, now + 4, 3)) {
        gfx_clear_rows(13, HUD_H - 1, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "CY: MOVE ", now[4]);
        sb_kv(&b, "  CAST ", now[5]);
        sb_kv(&b, "  BOUNCE ", now[6]);
        sb_str(&b, "  B SLOW");
        (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
    }
}

static void room_draw(int frame)
{
    int page = gfx_page();
    int sx = (int)((room_ship.x + 0x8000) >> 16), sy = (int)((room_ship.y + 0x8000) >> 16);
    room_pic *pic = &room_pics[page];
    size_t k;
    if (!room_bg_ready) {
        room_draw_bg();
        room_bg_ready = 1;
    }
    if (!room_page_ok[page]) {
        gfx_load(room_bg);
        for (k = 0; k < ROOM_HUD_N; ++k) {
            room_page_hud[page][k] = 0xFFFFFFFFu;
        }
        room_page_ok[page] = 1;
    } else {
        gfx_load_rect(room_bg, room_page_sx[page] - 4, room_page_sy[page] - 4,
                      room_page_sx[page] + 4, room_page_sy[page] + 4);
        for (k = pic->has_cover ? 2 : 0; k < pic->n; ++k) {
            gfx_shape_restore(&pic->sh[k], room_bg);
        }
        if (pic->has_cover) {
            gfx_shape_restore(&pic->cover, room_bg);
        }
    }
    room_page_sx[page] = sx;
    room_page_sy[page] = sy;
    room_pic_make(pic);
    for (k = 0; k < pic->n; ++k) {
        gfx_shape_fill(&pic->sh[k], pic->col[k]);
    }
    gfx_poly_begin();
    gfx_poly_disc(room_ship, SHIP_R);
    gfx_poly_fill(room_contacts || cast_hit || bnc_hit ? COL_SHIP_HIT : COL_SHIP);
    gfx_ring(room_ship, 3, COL_HITBOX);
    room_draw_hud(frame, page);
}

/* ---- the self-check's part ------------------------------------------------------ */

/* Frames counted from the room's start: */
#define RM_SLIDE 0     /* DOWN+LEFT into the diagonal wall: slides up it */
#define RM_SLIDE_T0 30 /* slide measured from here (pressed on the wall) */
#define RM_ACUTE 110   /* DOWN+RIGHT into the acute corner */
#define RM_STILL 190   /* from here on it must not move */
#define RM_RANDOM 220  /* random pushes up to 20 px/frame */
#define RM_END 520
/* then the room's beams, still counted from PH_ROOM: the ship is put behind
 * the pillar, out in the aimed beam's sight, then where the bouncing
 * beam's second leg passes (the beam held at the angle room_beams_init
 * found); the last RB_CHECK frames of each are checked (the aimed beam,
 * turning up to 2.8 degrees a frame, is on the ship by then) */
#define RB_HIDE RM_END
#define RB_OPEN (RB_HIDE + 90)
#define RB_BOUNCE (RB_OPEN + 60)
#define RB_END (RB_BOUNCE + 40)
#define RB_CHECK 20
#define RB_HIDE_X 200 /* on the aimed beam's row, 24 px behind the pillar */
#define RB_HIDE_Y CAST_Y
#define RB_OPEN_X 100
#define RB_OPEN_Y 110

/* -- the wall room's part of the script -- */

static uint32_t rm_frames, rm_contacts, rm_leaks, rm_outside, rm_too_close, rm_stopped, rm_move_max;
static uint32_t rm_min_clear = 0xFFFFFFFFu;
static uint32_t rm_log_move[RB_END] FXL_EWRAM_BSS;
static uint32_t rm_slide_bad;        /* slide frames not pressed on / in front of the wall */
static fxl_vec2 rm_slide_p0, rm_slide_p1;
static uint32_t rm_acute_moves;      /* frames the ship moved after RM_STILL */
static uint32_t rm_acute_touched;    /* room_touched on the last acute frame */
static fxl_vec2 rm_acute_pos;
static uint32_t rm_rng = 0x2545F491u;
static fxl_vec2 rm_vel;
static int rm_hold;

static uint32_t rm_rand(void)
{
    rm_rng ^= rm_rng << 13;
    rm_rng ^= rm_rng >> 17;
    rm_rng ^= rm_rng << 5;
    return rm_rng;
}

/* Where the script pushes the room's ship this frame. */
static fxl_vec2 script_room_target(int r)
{
    if (r == RM_SLIDE) {
        room_ship = fxl_vec2_make(PX(90), PX(115)); /* 27 px above the diagonal wall */
    } else if (r == RM_ACUTE) {
        room_ship = fxl_vec2_make(PX(170), PX(140)); /* in the wedge, 58 px from its tip */
    }
    if (r < RM_ACUTE) {
        return fxl_vec2_make(room_ship.x - SHIP_SPEED, room_ship.y + SHIP_SPEED);
    }
    if (r < RM_RANDOM) {
        return fxl_vec2_make(room_ship.x + SHIP_SPEED, room_ship.y + SHIP_SPEED);
    }
    if (r >= RB_HIDE) {
        /* the beams' part: put the ship, keep it still */
        if (r < RB_BOUNCE) {
            rb_pick_step(r - RB_HIDE);
        }
        if (r == RB_HIDE) {
            room_ship = fxl_vec2_make(PX(RB_HIDE_X), PX(RB_HIDE_Y));
        } else if (r == RB_OPEN) {
            room_ship = fxl_vec2_make(PX(RB_OPEN_X), PX(RB_OPEN_Y));
        } else if (r == RB_BOUNCE) {
            room_ship = rb_bounce_spot;
            bnc_angle = rb_bounce_angle;
            bnc_hold = 1;
        }
        return room_ship;
    }
    if (rm_hold-- <= 0) {
        /* a new push: uniform in the 20 px disc, held 1..8 frames */
        int64_t dx, dy;
        do {
            dx = (int64_t)(rm_rand() % (uint32_t)(PX(40) + 1)) - PX(20);
            dy = (int64_t)(rm_rand() % (uint32_t)(PX(40) + 1)) - PX(20);
        } while (dx * dx + dy * dy > (int64_t)PX(20) * PX(20));
        rm_vel = fxl_vec2_make((fix16_t)dx, (fix16_t)dy);
        rm_hold = (int)(rm_rand() & 7u);
    }
    return fxl_vec2_make(room_ship.x + rm_vel.x, room_ship.y + rm_vel.y);
}

/* After the move: the every-frame containment checks and the phases'. */
static void script_room_post(int r, fxl_vec2 before, int stopped)
{
    int inside = room_contains(room_ship);
    uint32_t clear = room_clearance(room_ship);
    ++rm_frames;
    rm_contacts += (uint32_t)room_contacts;
    rm_stopped += (uint32_t)stopped;
    if (room_move_cycles > rm_move_max) {
        rm_move_max = room_move_cycles;
    }
    if (r >= 0 && r < RB_END) {
        rm_log_move[r] = room_move_cycles;
    }
    if (clear < rm_min_clear) {
        rm_min_clear = clear;
    }
    rm_outside += (uint32_t)!inside;
    rm_too_close += (uint32_t)(clear < (uint32_t)SHIP_R);
    rm_leaks += (uint32_t)(!inside || clear < (uint32_t)SHIP_R);
    if (r >= RM_SLIDE_T0 && r < RM_ACUTE) {
        if (r == RM_SLIDE_T0) {
            rm_slide_p0 = room_ship;
        }
        rm_slide_p1 = room_ship;
        rm_slide_bad += (uint32_t)(!(room_touched & (1u << ROOM_DIAG)) ||
                                   fxl_wall_side(&room_prep[ROOM_DIAG], room_ship) >= 0);
    }
    if (r > RM_STILL && r < RM_RANDOM) {
        rm_acute_moves += (uint32_t)(room_ship.x != before.x || room_ship.y != before.y);
    }
    if (r == RM_RANDOM - 1) {
        rm_acute_touched = room_touched;
        rm_acute_pos = room_ship;
    }
}

/* -- the room beams' part of the script -- */

static uint32_t rb_hide_n, rb_hide_hit, rb_hide_short, rb_hide_full;
static uint32_t rb_open_n, rb_open_hit, rb_bnc_n, rb_bnc_hit, rb_bnc_first;
static uint32_t rb_hide_len, rb_hide_dist; /* the last hidden frame's cast length, ship distance */
static int32_t rb_hide_wall = -1;
static uint32_t rb_log_cast[RB_END] FXL_EWRAM_BSS;
static uint32_t rb_log_bnc[RB_END] FXL_EWRAM_BSS;

/* After room_beams(): the beams' checks (room frame r). */
static void script_beams_post(int r)
{
    fxl_circle me = fxl_circle_make(room_ship.x, room_ship.y, SHIP_R);
    fxl_laser_prep lp;
    if (r < 0 || r >= RB_END) {
        return;
    }
    rb_log_cast[r] = cast_cycles;
    rb_log_bnc[r] = bnc_cycles;
    if (r >= RB_OPEN - RB_CHECK && r < RB_OPEN) {
        /* behind the pillar: the cast stops on a pillar wall, its end more
         * than r short of the ship's centre, and does not hit; the same
         * beam uncast, full length, hits */
        fxl_laser full = cast_laser(cast_angle, CAST_LEN);
        int64_t dx = (int64_t)room_ship.x - PX(CAST_X), dy = (int64_t)room_ship.y - PX(CAST_Y);
        rb_hide_dist = isqrt64((uint64_t)(dx * dx + dy * dy));
        rb_hide_len = (uint32_t)cast_res.length;
        rb_hide_wall = cast_res.wall;
        ++rb_hide_n;
        rb_hide_hit += (uint32_t)cast_hit;
        rb_hide_short += (uint32_t)(cast_res.wall >= ROOM_OUTER &&
                                    rb_hide_len + (uint32_t)SHIP_R < rb_hide_dist);
        rb_hide_full += (uint32_t)(fxl_laser_prepare(&full, &lp) == FXL_OK &&
                                   fxl_laser_vs_circle(&lp, me));
    } else if (r >= RB_BOUNCE - RB_CHECK && r < RB_BOUNCE) {
        /* in the open: the aimed beam hits */
        ++rb_open_n;
        rb_open_hit += (uint32_t)cast_hit;
    } else if (r >= RB_END - RB_CHECK && r < RB_END) {
        /* on the second leg: the bouncing beam hits, first on a segment
         * after the first bounce; its first leg alone does not */
        uint32_t seg = 0;
        fxl_laser first = bnc_first_leg();
        ++rb_bnc_n;
        rb_bnc_hit += (uint32_t)(bnc_hit && bnc_count >= 2 &&
                                 fxl_curvy_band(&bnc_curvy, me, 0, &seg) == FXL_BAND_HIT &&
                                 seg >= 1);
        rb_bnc_first += (uint32_t)(fxl_laser_prepare(&first, &lp) == FXL_OK &&
                                   fxl_laser_vs_circle(&lp, me));
    }
}

/* The room beams' summary and assertions. */
static void script_beams_finish(strbuf *b)
{
    sb_reset(b);
    sb_kv(b, "demo: room beams: aimed beam behind the pillar: cast ", rb_hide_len >> 16);
    sb_kv(b, " px (wall ", (uint32_t)rb_hide_wall);
    sb_kv(b, "), the ship at ", rb_hide_dist >> 16);
    sb_kv(b, " px; hit ", rb_hide_hit);
    sb_kv(b, ", uncast hit ", rb_hide_full);
    sb_kv(b, " of ", rb_hide_n);
    sb_kv(b, " frames; in the open hit ", rb_open_hit);
    sb_kv(b, " of ", rb_open_n);
    log_line(b);
    sb_reset(b);
    sb_kv(b, "demo: room beams: bouncing beam held at ", (uint32_t)rb_bounce_angle);
    sb_kv(b, " steps, ship at (", (uint32_t)(rb_bounce_spot.x >> 16));
    sb_kv(b, ",", (uint32_t)(rb_bounce_spot.y >> 16));
    sb_kv(b, "), ", (uint32_t)bnc_count);
    sb_kv(b, " legs: hit after a bounce ", rb_bnc_hit);
    sb_kv(b, ", first leg alone hit ", rb_bnc_first);
    sb_kv(b, " of ", rb_bnc_n);
    sb_kv(b, " frames; refused ", beam_bad);
    log_line(b);
    summary_cycles(b, "room aimed beam (fxl_laser_cast + prepare + test)", rb_log_cast, RB_END);
    summary_cycles(b, "room bouncing beam (fxl_laser_bounce + pushes + curvy test)", rb_log_bnc,
                   RB_END);
    check(rb_hide_n == RB_CHECK && rb_hide_short == RB_CHECK && rb_hide_hit == 0,
          "room: ship behind the pillar: the cast beam stops on the pillar short of it, no hit");
    check(rb_hide_full == RB_CHECK,
          "room: ship behind the pillar: the same beam uncast (full length) would hit it");
    check(rb_open_n == RB_CHECK && rb_open_hit == RB_CHECK,
          "room: ship in the open: the aimed cast beam hits it every frame");
    check(rb_bounce_found && rb_bnc_n == RB_CHECK && rb_bnc_hit == RB_CHECK && rb_bnc_first == 0,
          "room: bouncing beam hits the ship with a leg after a bounce, the first leg alone not");
    check(beam_bad == 0, "room: every cast, bounce and curvy push accepted by the library");
}

/* The curvy scene's summary and assertions. */

static void room_finish(void)
{
    strbuf b;
    sb_reset(&b);
    sb_str(&b, "demo: wall room: ");
    sb_u32(&b, rm_frames);
    sb_str(&b, " frames, contacts ");
    sb_u32(&b, rm_contacts);
    sb_str(&b, " (moves out of passes ");
    sb_u32(&b, rm_stopped);
    sb_str(&b, ")");
    log_line(&b);
    sb_reset(&b);
    sb_str(&b, "demo: wall room: min clearance ");
    sb_u32(&b, rm_min_clear);
    sb_str(&b, " raw Q16 (r = ");
    sb_u32(&b, (uint32_t)SHIP_R);
    sb_str(&b, "), leaks ");
    sb_u32(&b, rm_leaks);
    sb_str(&b, " (outside ");
    sb_u32(&b, rm_outside);
    sb_str(&b, ", closer than r ");
    sb_u32(&b, rm_too_close);
    sb_str(&b, ")");
    log_line(&b);
    summary_cycles(&b, "wall room move (fxl_move_circle, 10 walls)", rm_log_move, RB_END);
    {
        int64_t dx = (int64_t)rm_slide_p1.x - rm_slide_p0.x, dy = (int64_t)rm_slide_p1.y - rm_slide_p0.y;
        int64_t along = -(dx * 88 + dy * 52); /* towards the wall's start, x |(88,52)| */
        sb_reset(&b);
        sb_str(&b, "demo: wall room: slide up the diagonal wall ");
        sb_u32(&b, (uint32_t)((along / 102) >> 16));
        sb_str(&b, " px in ");
        sb_u32(&b, (uint32_t)(RM_ACUTE - 1 - RM_SLIDE_T0));
        sb_str(&b, " frames (off the wall ");
        sb_u32(&b, rm_slide_bad);
        sb_str(&b, "); acute corner stop at (");
        sb_u32(&b, (uint32_t)(rm_acute_pos.x >> 16));
        sb_str(&b, ",");
        sb_u32(&b, (uint32_t)(rm_acute_pos.y >> 16));
        sb_str(&b, "), moved after settling ");
        sb_u32(&b, rm_acute_moves);
        log_line(&b);
        check(room_init_res == FXL_OK, "room: walls prepared and inflated (fxl_walls_inflate ok)");
        check(rm_frames == RB_END && rm_leaks == 0,
              "room: ship centre inside the room and >= r from every wall, every frame");
        check(rm_slide_bad == 0 && along >= (int64_t)PX(20) * 102,
              "room: ship slides >= 20 px along the diagonal wall, pressed on its front");
        check(rm_acute_moves == 0 &&
                  (rm_acute_touched & ((1u << ROOM_ACUTE_A) | (1u << ROOM_ACUTE_B))) ==
                      ((1u << ROOM_ACUTE_A) | (1u << ROOM_ACUTE_B)) &&
                  rm_acute_pos.x >= PX(228 - 18),
              "room: ship stops in the acute corner, touching both walls");
        check(rm_contacts > RM_END - RM_RANDOM,
              "room: random pushes up to 20 px/frame hit walls");
    }
    script_beams_finish(&b);
}

/* Once at power-on: the walls, the beams, the room's picture (drawn into
 * the hidden page, kept in room_bg; that page is cleared again). */
static void room_scene_init(void)
{
    room_init();
    room_beams_init();
    room_draw_bg();
    room_bg_ready = 1;
    gfx_clear(COL_BG);
}

static void room_scene_enter(void)
{
    room_enter();
    bnc_hold = 0;
}

/* One frame: the move (timed), the beams (timed), drawing (timed). */
static void room_frame(const demo_in *in)
{
    fxl_vec2 to = room_ship, before = room_ship;
    fxl_move m;
    if (in->scripted) {
        demo_check_begin();
        to = script_room_target(in->r);
        before = room_ship;
        demo_check_end();
    } else {
        fix16_t sp = (in->keys & KEY_B) ? SHIP_SLOW : SHIP_SPEED;
        to.x += (in->keys & KEY_RIGHT) ? sp : (in->keys & KEY_LEFT) ? -sp : 0;
        to.y += (in->keys & KEY_DOWN) ? sp : (in->keys & KEY_UP) ? -sp : 0;
    }
    (void)fxl_port_cycles_begin();
    m = fxl_move_circle(room_inflated, ROOM_N, room_ship, to, &room_touched);
    room_move_cycles = fxl_port_cycles_end();
    room_ship = m.pos;
    room_contacts = m.contacts;
    room_beams();
    coll_cycles = room_move_cycles + cast_cycles + bnc_cycles;
    tests_this_frame = 3;
    if (in->scripted) {
        demo_check_begin();
        script_room_post(in->r, before, m.stopped);
        script_beams_post(in->r);
        demo_check_end();
    }
    (void)fxl_port_cycles_begin();
    room_draw(in->frame);
    draw_cycles = fxl_port_cycles_end();
}

const demo_scene scene_room = {"wall room", RB_END, 2, room_scene_init, room_scene_enter, NULL,
                               room_frame, room_finish};
