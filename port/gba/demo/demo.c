/* demo.c - fixlaser's playable Game Boy Advance demo.
 *
 * One screen: on the left four static lasers (two box, two capsule; each
 * cycles warning -> active -> off), on the right a boss whose beam turns
 * 205 steps (18 degrees) per frame, at the bottom a capsule laser that turns
 * towards the player with eased rotation. The player's ship (hitbox circle,
 * radius 3 px, drawn as the white ring) moves with the d-pad.
 *
 * The boss beam is tested with one of three methods, cycled with A:
 *   1 STATIC  fxl_laser_vs_circle at this frame's angle only
 *   2 CHAIN   fxl_chain_make(FXL_CHAIN_ROTATING) squares between last and this frame's angle
 *   3 SWEEP   fxl_sweep_turn_to from last frame's angle to this one's
 * A "pass" is a frame in which the beam's direction swept over the ship's
 * centre (the ship within the beam's reach), decided independently with
 * fxl_atan2; the HUD counts passes, frames the method hit, and passes the
 * method missed.
 *
 * A second scene, the wall room (SELECT switches): a room of one-sided
 * walls (fixlaser/wall.h) with a diagonal wall, an acute corner and a
 * pillar; the ship moves through fxl_move_circle, sliding along the walls.
 * The laser scene is not updated (nor timed) while the room is shown.
 *
 * Controls: d-pad move, B (held) slow move, A next method, SELECT scene. Holding L+R at
 * power-on runs the scripted self-check instead (port/gba/demo/play.keys
 * does that under tools/gbarun): the ROM places the ship itself, asserts,
 * prints a summary through mGBA's debug log and calls fxl_port_finish().
 */
#include <stddef.h>
#include <stdint.h>

#include <libfixmath/fix16.h>

#include "fixlaser/angle.h"
#include "fixlaser/chain.h"
#include "fixlaser/laser.h"
#include "fixlaser/sweep.h"
#include "fixlaser/wall.h"
#include "fxl_port.h"
#include "gfx.h"
#include "test_port.h"

/* ---- hardware ------------------------------------------------------------ */

#define REG16(a) (*(volatile uint16_t *)(a))
#define REG_KEYINPUT REG16(0x04000130u)
#define REG_TM0D     REG16(0x04000100u)
#define REG_TM0CNT   REG16(0x04000102u)
#define REG_TM1D     REG16(0x04000104u)
#define REG_TM1CNT   REG16(0x04000106u)

#define KEY_A      0x0001u
#define KEY_B      0x0002u
#define KEY_SELECT 0x0004u
#define KEY_START  0x0008u
#define KEY_RIGHT  0x0010u
#define KEY_LEFT   0x0020u
#define KEY_UP     0x0040u
#define KEY_DOWN   0x0080u
#define KEY_R      0x0100u
#define KEY_L      0x0200u

#define FRAME_CYCLES 280896u /* 228 lines x 1232 cycles */

/* Timers 0+1 cascaded: the whole frame's work (timers 2+3 belong to
 * fxl_port_cycles_begin/end, used for the collision and drawing parts). */
static void frame_timer_start(void)
{
    REG_TM0CNT = 0;
    REG_TM1CNT = 0;
    REG_TM0D = 0;
    REG_TM1D = 0;
    REG_TM1CNT = 0x0084u; /* enable, cascade */
    REG_TM0CNT = 0x0080u; /* enable, every cycle */
}

static uint32_t frame_timer_stop(void)
{
    REG_TM0CNT = 0;
    REG_TM1CNT = 0;
    return ((uint32_t)REG_TM1D << 16) | REG_TM0D;
}

/* ---- small text helpers (no printf: keeps the ROM small and fast) -------- */

typedef struct strbuf {
    char s[160];
    size_t n;
} strbuf;

static void sb_reset(strbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
}

static void sb_str(strbuf *b, const char *s)
{
    while (*s != '\0' && b->n + 1 < sizeof b->s) {
        b->s[b->n++] = *s++;
    }
    b->s[b->n] = '\0';
}

/* Decimal by repeated subtraction: Thumb code on the ARM7TDMI has no
 * divide and libgcc's costs ~300 cycles per digit. */
static void sb_u32(strbuf *b, uint32_t v)
{
    static const uint32_t pow10[10] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                       10000u,      1000u,      100u,      10u,      1u};
    int k, started = 0;
    for (k = 0; k < 10; ++k) {
        char d = '0';
        while (v >= pow10[k]) {
            v -= pow10[k];
            ++d;
        }
        started |= d != '0' || k == 9;
        if (started && b->n + 1 < sizeof b->s) {
            b->s[b->n++] = d;
        }
    }
    b->s[b->n] = '\0';
}

/* cycles as a percentage of a frame with one decimal: "12.3%" */
static void sb_pct(strbuf *b, uint32_t cycles)
{
    /* 32-bit only (libgcc's 64-bit division is slow here): exact for
     * cycles < 34 million; 280896 / 8 = 35112. */
    uint32_t tenths = (cycles * 125u + FRAME_CYCLES / 16u) / (FRAME_CYCLES / 8u);
    sb_u32(b, tenths / 10u);
    sb_str(b, ".");
    sb_u32(b, tenths % 10u);
    sb_str(b, "%");
}

static void log_line(strbuf *b)
{
    fxl_port_write(b->s);
    fxl_port_write("\n");
}

/* ---- the scene --------------------------------------------------------------- */

#define PX(v) ((fix16_t)((v) * 65536))          /* integer pixels -> Q16.16 */
#define PXF(num, den) ((fix16_t)((num) * 65536 / (den)))
#define HUD_H 19                                /* rows 0..18: HUD band */

#define SHIP_R PX(3)
#define SHIP_SPEED PXF(3, 2)
#define SHIP_SLOW PXF(1, 2)
#define HIT_FRACTION PXF(1, 2) /* hitbox half-width = half the drawn one */

/* Static lasers: warning (thin, harmless), active, off. */
#define WARN_FRAMES 45
#define ACTIVE_FRAMES 120
#define OFF_FRAMES 30
#define CYCLE_FRAMES (WARN_FRAMES + ACTIVE_FRAMES + OFF_FRAMES)
enum { ST_WARN, ST_ACTIVE, ST_OFF };

#define N_STATIC 4
typedef struct static_laser {
    fxl_laser laser;
    int timer; /* frames into its cycle */
    int state; /* ST_* this frame */
    gfx_shape full, core, thin; /* drawn shapes, computed once */
    int hit;   /* hit the ship this frame */
} static_laser;

static static_laser statics[N_STATIC];

/* The boss: a box beam turning BOSS_STEP per frame about its emitter. */
#define BOSS_X 178
#define BOSS_Y 92
#define BOSS_LEN PX(58)
#define BOSS_HW PX(4)
#define BOSS_STEP 220 /* steps per frame: 19.3 degrees; 4096 / 220 = 18.6
                       * frames per turn, so successive passes meet the ship
                       * at varying phases of the frame */
enum { M_STATIC, M_CHAIN, M_SWEEP, M_COUNT };
static const char *const method_name[M_COUNT] = {"1 STATIC", "2 CHAIN", "3 SWEEP"};

typedef struct method_stats {
    uint32_t passes; /* frames the beam swept over the ship's centre */
    uint32_t hits;   /* frames the method reported a hit */
    uint32_t misses; /* passes the method did not report */
} method_stats;

static method_stats mstats[M_COUNT];
static int method = M_STATIC;
static fxl_angle boss_angle, boss_prev;
#define CHAIN_CAP 64
static fxl_aabb chain_boxes[CHAIN_CAP];
static size_t chain_count;

/* The aiming laser: capsule, eased turn towards the ship. Angle and angular
 * velocity in 1/256 steps. */
#define AIM_X 112
#define AIM_Y 158
#define AIM_LEN PX(84)
#define AIM_HW PX(3)
#define AIM_ACCEL 128  /* 0.5 step / frame^2 */
#define AIM_VMAX 3072  /* 12 steps / frame */
#define AIM_FULL (4096 << 8)
static int32_t aim_angle_q8 = 3072 << 8; /* pointing up */
static int32_t aim_vel_q8;

static fxl_vec2 ship;
static int ship_flash;
static int ship_was_hit;
static uint32_t hit_events;

/* per-kind hit frames */
static uint32_t hits_box, hits_capsule, hits_boss, hits_aim;

/* measurements */
static uint32_t coll_cycles, draw_cycles, frame_cycles, tests_this_frame;
#define LOG_CAP 1100
static uint32_t log_coll[LOG_CAP] FXL_EWRAM_BSS;
static uint32_t log_draw[LOG_CAP] FXL_EWRAM_BSS;
static uint32_t log_frame[LOG_CAP] FXL_EWRAM_BSS;
static size_t log_n;

static void scene_init(void)
{
    static const struct {
        fxl_laser_kind kind;
        int x, y;
        fxl_angle angle;
        int half_len;
        fix16_t hw;
    } defs[N_STATIC] = {
        {FXL_LASER_BOX, 45, 80, 1024 + 100, 40, PX(4)},          /* near vertical */
        {FXL_LASER_BOX, 80, 44, 300, 30, PXF(3, 2)},             /* thin, 26 deg */
        {FXL_LASER_CAPSULE, 75, 130, 4096 - 120, 35, PX(6)},     /* wide, -10 deg */
        {FXL_LASER_CAPSULE, 97, 92, 700, 18, PXF(5, 2)},         /* 61 deg */
    };
    int i;
    for (i = 0; i < N_STATIC; ++i) {
        statics[i].laser = fxl_laser_from_centre(defs[i].kind,
                                                 fxl_vec2_make(PX(defs[i].x), PX(defs[i].y)),
                                                 defs[i].angle, PX(defs[i].half_len), defs[i].hw);
        statics[i].laser.hit_fraction = HIT_FRACTION;
        statics[i].timer = i * 50;
        {
            fxl_laser l = statics[i].laser;
            gfx_shape_from_laser(&l, &statics[i].full);
            l.half_width = fix16_mul(statics[i].laser.half_width, HIT_FRACTION);
            gfx_shape_from_laser(&l, &statics[i].core);
            l.half_width = PXF(1, 2);
            gfx_shape_from_laser(&l, &statics[i].thin);
        }
    }
    ship = fxl_vec2_make(PX(60), PX(150));
    boss_angle = 0;
    boss_prev = 0;
}

static int static_state(int timer)
{
    int t = timer % CYCLE_FRAMES;
    return t < WARN_FRAMES ? ST_WARN : t < WARN_FRAMES + ACTIVE_FRAMES ? ST_ACTIVE : ST_OFF;
}

static fxl_laser boss_laser(fxl_angle a)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_BOX, fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y)), a,
                                        BOSS_LEN, BOSS_HW);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

static fxl_laser aim_laser(void)
{
    fxl_laser l = fxl_laser_from_origin(FXL_LASER_CAPSULE, fxl_vec2_make(PX(AIM_X), PX(AIM_Y)),
                                        aim_angle_q8 >> 8, AIM_LEN, AIM_HW);
    l.hit_fraction = HIT_FRACTION;
    return l;
}

/* Eased turn: accelerate towards the target direction, brake when the
 * remaining turn is within the stopping distance v^2 / (2a). */
static void aim_update(void)
{
    fxl_angle target = fxl_atan2(ship.y - PX(AIM_Y), ship.x - PX(AIM_X));
    int32_t d = ((target << 8) - aim_angle_q8 + (AIM_FULL >> 1)) & (AIM_FULL - 1);
    int32_t stop, ad, av;
    d -= AIM_FULL >> 1; /* -half..half turn, 1/256 steps */
    ad = d < 0 ? -d : d;
    av = aim_vel_q8 < 0 ? -aim_vel_q8 : aim_vel_q8;
    if (ad <= AIM_ACCEL && av <= 2 * AIM_ACCEL) {
        aim_angle_q8 = target << 8;
        aim_vel_q8 = 0;
        return;
    }
    stop = (aim_vel_q8 * aim_vel_q8) / (2 * AIM_ACCEL);
    if ((d > 0) == (aim_vel_q8 > 0) && aim_vel_q8 != 0 && stop >= ad) {
        aim_vel_q8 += aim_vel_q8 > 0 ? -AIM_ACCEL : AIM_ACCEL; /* brake */
    } else {
        aim_vel_q8 += d > 0 ? AIM_ACCEL : -AIM_ACCEL;
        if (aim_vel_q8 > AIM_VMAX) {
            aim_vel_q8 = AIM_VMAX;
        } else if (aim_vel_q8 < -AIM_VMAX) {
            aim_vel_q8 = -AIM_VMAX;
        }
    }
    aim_angle_q8 = (aim_angle_q8 + aim_vel_q8) & (AIM_FULL - 1);
}

/* ---- the wall room (second scene, SELECT) ------------------------------------- */

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
static int scene_room;             /* 0: laser scene, 1: wall room */

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

/* Drawing. The walls and the HUD's fixed lines are drawn once into a
 * page-sized picture in EWRAM (room_bg); a page is loaded from it whole
 * when the scene is entered, after that only the ship's last box on that
 * page is restored from it, and the HUD's middle line is redrawn when its
 * text changes (the cycle figure every 8 frames). */
static uint32_t room_bg[GFX_W * GFX_H / 4] FXL_EWRAM_BSS;
static int room_bg_ready;
static int room_page_ok[2];        /* page holds room_bg (+ ship, HUD line) */
static int room_page_sx[2], room_page_sy[2]; /* the ship's pixel there */
static uint32_t room_hud_cy, room_page_hud[2][2]; /* contacts, cycles shown */

static void room_enter(void)
{
    room_page_ok[0] = room_page_ok[1] = 0;
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
    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    x = gfx_text_bg(2, 1, "WALL ROOM  SHIP R 3  MOVE CIRCLE", COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(SELECT)", COL_TEXT_DIM, COL_HUD_BG);
    (void)gfx_text_bg(2, 13, "10 WALLS = 90 INFLATED  D-PAD MOVE  B SLOW", COL_TEXT_DIM,
                      COL_HUD_BG);
    gfx_save(room_bg);
}

static void room_draw(int frame)
{
    int page = gfx_page();
    int sx = (int)((room_ship.x + 0x8000) >> 16), sy = (int)((room_ship.y + 0x8000) >> 16);
    if (!room_bg_ready) {
        room_draw_bg();
        room_bg_ready = 1;
    }
    if (!room_page_ok[page]) {
        gfx_load(room_bg);
        room_page_hud[page][0] = room_page_hud[page][1] = 0xFFFFFFFFu;
        room_page_ok[page] = 1;
    } else {
        gfx_load_rect(room_bg, room_page_sx[page] - 4, room_page_sy[page] - 4,
                      room_page_sx[page] + 4, room_page_sy[page] + 4);
    }
    room_page_sx[page] = sx;
    room_page_sy[page] = sy;
    gfx_poly_begin();
    gfx_poly_disc(room_ship, SHIP_R);
    gfx_poly_fill(room_contacts ? COL_SHIP_HIT : COL_SHIP);
    gfx_ring(room_ship, 3, COL_HITBOX);

    /* HUD: contacts this frame, the move's cycles (refreshed every 8 frames) */
    if ((frame & 7) == 0 || room_hud_cy == 0) {
        room_hud_cy = room_move_cycles;
    }
    if (room_page_hud[page][0] != (uint32_t)room_contacts || room_page_hud[page][1] != room_hud_cy) {
        strbuf b;
        int x;
        room_page_hud[page][0] = (uint32_t)room_contacts;
        room_page_hud[page][1] = room_hud_cy;
        gfx_clear_rows(7, 11, COL_HUD_BG);
        sb_reset(&b);
        sb_str(&b, "CONTACTS ");
        sb_u32(&b, (uint32_t)room_contacts);
        x = gfx_text_bg(2, 7, b.s, room_contacts ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
        sb_reset(&b);
        sb_str(&b, "  MOVE ");
        sb_u32(&b, room_hud_cy);
        sb_str(&b, " CY ");
        sb_pct(&b, room_hud_cy);
        (void)gfx_text_bg(x, 7, b.s, COL_TEXT, COL_HUD_BG);
    }
}

/* ---- collision (the measured part) ------------------------------------------------ */

static int boss_hit, aim_hit;

static void collide(void)
{
    fxl_circle me = fxl_circle_make(ship.x, ship.y, SHIP_R);
    fxl_laser_prep lp;
    int i;
    uint32_t tests = 0;

    (void)fxl_port_cycles_begin();
    for (i = 0; i < N_STATIC; ++i) {
        statics[i].hit = 0;
        if (statics[i].state == ST_ACTIVE &&
            fxl_laser_prepare(&statics[i].laser, &lp) == FXL_OK) {
            statics[i].hit = fxl_laser_vs_circle(&lp, me);
            ++tests;
        }
    }
    {
        fxl_laser a = aim_laser();
        aim_hit = fxl_laser_prepare(&a, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        ++tests;
    }
    boss_hit = 0;
    chain_count = 0;
    switch (method) {
    case M_STATIC: {
        fxl_laser b = boss_laser(boss_angle);
        boss_hit = fxl_laser_prepare(&b, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, me);
        ++tests;
        break;
    }
    case M_CHAIN: {
        fxl_chain ch;
        ch.origin = fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y));
        ch.angle = boss_angle;
        ch.prev_angle = boss_prev;
        ch.length = BOSS_LEN;
        ch.half_size = fix16_mul(BOSS_HW, HIT_FRACTION);
        if (fxl_chain_make(&ch, FXL_CHAIN_ROTATING, chain_boxes, CHAIN_CAP, &chain_count) != FXL_OK) {
            chain_count = 0;
        }
        boss_hit = fxl_chain_vs_circle(chain_boxes, chain_count, me);
        tests += (uint32_t)chain_count;
        break;
    }
    default: {
        fxl_laser b = boss_laser(boss_prev);
        fxl_sweep s = fxl_sweep_turn_to(&b, boss_angle);
        fxl_sweep_prep sp;
        boss_hit = fxl_sweep_prepare(&s, &sp) == FXL_OK &&
                   fxl_sweep_vs_circle(&sp, me);
        ++tests;
        break;
    }
    }
    coll_cycles = fxl_port_cycles_end();
    tests_this_frame = tests;
}

/* Ground truth for the HUD (not timed): did the beam's direction sweep over
 * the ship's centre this frame, with the ship within reach? The arc is
 * half-open (prev, angle], so a direction is counted once. */
static int boss_pass(void)
{
    fix16_t dx = ship.x - PX(BOSS_X), dy = ship.y - PX(BOSS_Y);
    int32_t ix = dx >> 16, iy = dy >> 16;
    fxl_angle dir, d;
    if (ix * ix + iy * iy > (BOSS_LEN >> 16) * (BOSS_LEN >> 16)) {
        return 0;
    }
    dir = fxl_atan2(dy, dx);
    d = fxl_angle_diff(dir, boss_prev);
    return d > 0 && d <= fxl_angle_diff(boss_angle, boss_prev);
}

/* ---- drawing ---------------------------------------------------------------------- */

static void draw_laser_lit(const fxl_laser *l, uint8_t col)
{
    fxl_laser core = *l;
    gfx_laser(l, col);
    core.half_width = fix16_mul(l->half_width, l->hit_fraction); /* = the hitbox */
    gfx_laser(&core, COL_CORE);
}

/* What the HUD shows. The HUD band is not cleared with the scene: it is
 * redrawn only when this changes from what that page last showed (the
 * cycle figures are refreshed every 8 frames), which keeps text drawing
 * out of most frames. */
typedef struct hud_state {
    int method, flash;
    uint32_t passes, hits, misses, events, coll, tests, draw, cpu;
} hud_state;

static hud_state hud_now, hud_page[2];
static int hud_valid[2];

static int hud_same(const hud_state *a, const hud_state *b)
{
    return a->method == b->method && a->flash == b->flash && a->passes == b->passes &&
           a->hits == b->hits && a->misses == b->misses && a->events == b->events &&
           a->coll == b->coll && a->tests == b->tests && a->draw == b->draw && a->cpu == b->cpu;
}

static void draw_hud(int frame)
{
    strbuf b;
    const method_stats *ms = &mstats[method];
    int x, page = gfx_page();

    hud_now.method = method;
    hud_now.flash = ship_flash != 0;
    hud_now.passes = ms->passes;
    hud_now.hits = ms->hits;
    hud_now.misses = ms->misses;
    hud_now.events = hit_events;
    if ((frame & 7) == 0) {
        hud_now.coll = coll_cycles;
        hud_now.tests = tests_this_frame;
        hud_now.draw = draw_cycles;
        hud_now.cpu = frame_cycles;
    }
    if (hud_valid[page] && hud_same(&hud_now, &hud_page[page])) {
        return;
    }
    hud_page[page] = hud_now;
    hud_valid[page] = 1;

    gfx_clear_rows(0, HUD_H - 1, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "BOSS 19.3 DEG/FRAME  METHOD ");
    sb_str(&b, method_name[method]);
    x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
    (void)gfx_text_bg(x + 4, 1, "(A)", COL_TEXT_DIM, COL_HUD_BG);

    sb_reset(&b);
    sb_str(&b, "PASSES ");
    sb_u32(&b, ms->passes);
    sb_str(&b, "  HITS ");
    sb_u32(&b, ms->hits);
    sb_str(&b, "  MISSED ");
    x = gfx_text_bg(2, 7, b.s, COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_u32(&b, ms->misses);
    x = gfx_text_bg(x, 7, b.s, ms->misses ? COL_MISS : COL_TEXT, COL_HUD_BG);
    sb_reset(&b);
    sb_str(&b, "  SHIP HIT ");
    sb_u32(&b, hit_events);
    (void)gfx_text_bg(x, 7, b.s, ship_flash ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);

    sb_reset(&b);
    sb_str(&b, "COLL ");
    sb_u32(&b, hud_now.coll);
    sb_str(&b, " CY ");
    sb_pct(&b, hud_now.coll);
    sb_str(&b, "  TESTS ");
    sb_u32(&b, hud_now.tests);
    sb_str(&b, "  DRAW ");
    sb_pct(&b, hud_now.draw);
    sb_str(&b, "  CPU ");
    sb_pct(&b, hud_now.cpu);
    (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
}

static void draw_scene(int frame)
{
    int i;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);

    for (i = 0; i < N_STATIC; ++i) {
        const static_laser *s = &statics[i];
        if (s->state == ST_WARN) {
            gfx_shape_fill(&s->thin, COL_WARN);
        } else if (s->state == ST_ACTIVE) {
            gfx_shape_fill(&s->full, s->laser.kind == FXL_LASER_BOX ? COL_BOX : COL_CAPSULE);
            gfx_shape_fill(&s->core, COL_CORE);
        }
    }
    {
        fxl_laser a = aim_laser();
        draw_laser_lit(&a, COL_AIM);
    }

    /* boss: last frame's beam (1), the chain (2) or the swept wedge (3) */
    {
        fxl_laser prev = boss_laser(boss_prev), cur = boss_laser(boss_angle);
        if (method == M_SWEEP) {
            fxl_vec2 s0, e0, s1, e1;
            fxl_laser_ends(&prev, &s0, &e0);
            fxl_laser_ends(&cur, &s1, &e1);
            gfx_poly_begin();
            gfx_poly_edge(s0, e0);
            gfx_poly_edge(e0, e1);
            gfx_poly_edge(e1, s0);
            gfx_poly_fill(COL_GHOST);
        } else {
            gfx_laser(&prev, COL_GHOST);
        }
        if (method == M_CHAIN) {
            size_t k;
            for (k = 0; k < chain_count; ++k) {
                gfx_rect_q16(chain_boxes[k], COL_CHAIN);
            }
        }
        draw_laser_lit(&cur, COL_BOSS);
        gfx_poly_begin();
        gfx_poly_disc(fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y)), PX(7));
        gfx_poly_fill(COL_BOSS_BODY);
    }

    /* ship: a small arrow, red while flashing, and its hitbox ring */
    {
        gfx_poly_begin();
        gfx_poly_edge(fxl_vec2_make(ship.x, ship.y - PX(8)), fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)));
        gfx_poly_edge(fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)));
        gfx_poly_edge(fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x, ship.y - PX(8)));
        gfx_poly_fill(ship_flash ? COL_SHIP_HIT : COL_SHIP);
        gfx_ring(ship, 3, COL_HITBOX);
    }
    draw_hud(frame);
}

/* ---- the scripted self-check ---------------------------------------------------- */

/* Script frames (counted from the frame L+R was seen). */
#define PH_M1 0
#define PH_M2 240
#define PH_M3 480
#define PH_BOX 720   /* static box laser 0 */
#define PH_CAP 890   /* static capsule laser 2 */
#define PH_END 1060  /* end of the laser scene's part */
/* then the wall room (frames counted from PH_ROOM) */
#define PH_ROOM PH_END
#define RM_SLIDE 0     /* DOWN+LEFT into the diagonal wall: slides up it */
#define RM_SLIDE_T0 30 /* slide measured from here (pressed on the wall) */
#define RM_ACUTE 110   /* DOWN+RIGHT into the acute corner */
#define RM_STILL 190   /* from here on it must not move */
#define RM_RANDOM 220  /* random pushes up to 20 px/frame */
#define RM_END 520
#define PH_DONE (PH_ROOM + RM_END)
#define BOX_LASER 0
#define CAP_LASER 2

/* per static check: hits while warning, misses while active and on it,
 * hits while standing clear, hit while walking in */
typedef struct static_check {
    uint32_t warn_hits, active_misses, clear_hits, walk_hits;
} static_check;

static static_check chk_box, chk_cap;
static int failed;

/* Keys the script "presses" this frame (the ROM plays them itself, so the
 * check does not depend on frame timing): walk into the lasers. */
static uint16_t script_keys(int s)
{
    if (s >= PH_BOX + 110 && s < PH_BOX + 170) {
        return KEY_RIGHT;
    }
    if (s >= PH_CAP + 110 && s < PH_CAP + 170) {
        return KEY_DOWN;
    }
    return 0;
}

static void script_pre(int s)
{
    if (s == PH_M1) {
        size_t k;
        for (k = 0; k < M_COUNT; ++k) {
            mstats[k].passes = mstats[k].hits = mstats[k].misses = 0;
        }
        hits_box = hits_capsule = hits_boss = hits_aim = 0;
        hit_events = 0;
        ship = fxl_vec2_make(PX(BOSS_X), PX(BOSS_Y - 45));
        method = M_STATIC;
    } else if (s == PH_M2) {
        method = M_CHAIN;
    } else if (s == PH_M3) {
        method = M_SWEEP;
    } else if (s == PH_BOX) {
        statics[BOX_LASER].timer = 0;
        ship = fxl_vec2_make(PX(45), PX(80)); /* on the beam's middle */
    } else if (s == PH_BOX + 80) {
        ship = fxl_vec2_make(PX(20), PX(80)); /* 25 px to its left; walks RIGHT at +110 */
    } else if (s == PH_CAP) {
        statics[CAP_LASER].timer = 0;
        ship = fxl_vec2_make(PX(75), PX(130));
    } else if (s == PH_CAP + 80) {
        ship = fxl_vec2_make(PX(75), PX(105)); /* 25 px above; walks DOWN at +110 */
    }
}

static void script_static_post(int rel, int hit, static_check *c)
{
    /* 0..44 warning, on the beam; 45..79 active, on it; 80..109 active,
     * 25 px clear; 110..169 active, walking in (60 frames of 1.5 px) */
    if (rel < 0 || rel >= 170) {
        return;
    }
    if (rel < WARN_FRAMES) {
        c->warn_hits += (uint32_t)hit;
    } else if (rel < 80) {
        c->active_misses += (uint32_t)!hit;
    } else if (rel < 110) {
        c->clear_hits += (uint32_t)hit;
    } else {
        c->walk_hits += (uint32_t)hit;
    }
}

/* -- the wall room's part of the script -- */

static uint32_t rm_frames, rm_contacts, rm_leaks, rm_outside, rm_too_close, rm_stopped, rm_move_max;
static uint32_t rm_min_clear = 0xFFFFFFFFu;
static uint32_t rm_log_move[RM_END] FXL_EWRAM_BSS;
static uint32_t rm_log_frame[RM_END] FXL_EWRAM_BSS;
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
    if (r >= 0 && r < RM_END) {
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

static void check(int ok, const char *what)
{
    fxl_port_write(ok ? "demo: ok   " : "demo: FAIL ");
    fxl_port_write(what);
    fxl_port_write("\n");
    failed += !ok;
}

static void sort_u32(uint32_t *v, size_t n)
{
    size_t gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2) {
        for (i = gap; i < n; ++i) {
            uint32_t t = v[i];
            for (j = i; j >= gap && v[j - gap] > t; j -= gap) {
                v[j] = v[j - gap];
            }
            v[j] = t;
        }
    }
}

static void summary_cycles(strbuf *b, const char *what, uint32_t *v, size_t n)
{
    sort_u32(v, n);
    sb_reset(b);
    sb_str(b, "demo: ");
    sb_str(b, what);
    sb_str(b, " cycles/frame min ");
    sb_u32(b, v[0]);
    sb_str(b, " median ");
    sb_u32(b, v[n / 2]);
    sb_str(b, " max ");
    sb_u32(b, v[n - 1]);
    sb_str(b, " (busiest frame ");
    sb_pct(b, v[n - 1]);
    sb_str(b, " of 280896)");
    log_line(b);
}

static void script_finish(int frames)
{
    strbuf b;
    int m;
    const static_check *cs[2] = {&chk_box, &chk_cap};
    const char *kind[2] = {"box", "capsule"};

    sb_reset(&b);
    sb_str(&b, "demo: scripted run, ");
    sb_u32(&b, (uint32_t)frames);
    sb_str(&b, " frames; boss turns 220 steps (19.3 deg) per frame");
    log_line(&b);
    sb_reset(&b);
    sb_str(&b, "demo: hit frames per laser: box ");
    sb_u32(&b, hits_box);
    sb_str(&b, " capsule ");
    sb_u32(&b, hits_capsule);
    sb_str(&b, " boss ");
    sb_u32(&b, hits_boss);
    sb_str(&b, " aimed ");
    sb_u32(&b, hits_aim);
    sb_str(&b, "; ship hit events ");
    sb_u32(&b, hit_events);
    log_line(&b);
    for (m = 0; m < M_COUNT; ++m) {
        sb_reset(&b);
        sb_str(&b, "demo: method ");
        sb_str(&b, method_name[m]);
        sb_str(&b, ": passes ");
        sb_u32(&b, mstats[m].passes);
        sb_str(&b, " hit frames ");
        sb_u32(&b, mstats[m].hits);
        sb_str(&b, " missed passes ");
        sb_u32(&b, mstats[m].misses);
        log_line(&b);
    }
    for (m = 0; m < 2; ++m) {
        sb_reset(&b);
        sb_str(&b, "demo: static ");
        sb_str(&b, kind[m]);
        sb_str(&b, ": hits while warning ");
        sb_u32(&b, cs[m]->warn_hits);
        sb_str(&b, ", active misses ");
        sb_u32(&b, cs[m]->active_misses);
        sb_str(&b, ", hits while clear ");
        sb_u32(&b, cs[m]->clear_hits);
        sb_str(&b, ", walk-in hit frames ");
        sb_u32(&b, cs[m]->walk_hits);
        log_line(&b);
    }
    {
        size_t k, over = 0, first_over = 0;
        for (k = 0; k < log_n; ++k) {
            if (log_frame[k] > FRAME_CYCLES) {
                if (over++ == 0) {
                    first_over = k;
                }
            }
        }
        sb_reset(&b);
        sb_str(&b, "demo: frames whose work exceeded one 280896-cycle frame: ");
        sb_u32(&b, (uint32_t)over);
        if (over > 0) {
            sb_str(&b, " (first at script frame ");
            sb_u32(&b, (uint32_t)first_over);
            sb_str(&b, ")");
        }
        log_line(&b);
    }
    summary_cycles(&b, "collision", log_coll, log_n);
    summary_cycles(&b, "drawing", log_draw, log_n);
    summary_cycles(&b, "whole frame (update+collision+drawing)", log_frame, log_n);

    check(mstats[M_SWEEP].passes > 0 && mstats[M_SWEEP].misses == 0,
          "1 exact sweep (method 3) hits the ship on every pass");
    check(mstats[M_STATIC].passes > 0 && mstats[M_STATIC].misses > 0,
          "2 once-per-frame test (method 1) misses passes at 19.3 deg/frame");
    for (m = 0; m < 2; ++m) {
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: warning phase never hits");
        check(cs[m]->warn_hits == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: active, ship on it, hit every frame");
        check(cs[m]->active_misses == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: ship standing clear is not hit");
        check(cs[m]->clear_hits == 0, b.s);
        sb_reset(&b);
        sb_str(&b, kind[m]);
        sb_str(&b, " laser: ship walking into it is hit");
        check(cs[m]->walk_hits > 0, b.s);
    }
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
    {
        uint32_t k, over = 0;
        for (k = 0; k < RM_END; ++k) {
            over += (uint32_t)(rm_log_frame[k] > FRAME_CYCLES);
        }
        sb_reset(&b);
        sb_str(&b, "demo: wall room frames over one frame: ");
        sb_u32(&b, over);
        sb_str(&b, " (the first draws the room's picture: ");
        sb_u32(&b, rm_log_frame[0]);
        sb_str(&b, " cycles)");
        log_line(&b);
    }
    summary_cycles(&b, "wall room move (fxl_move_circle, 10 walls)", rm_log_move, RM_END);
    summary_cycles(&b, "wall room whole frame (incl. the exact checks)", rm_log_frame, RM_END);
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
        check(rm_frames == RM_END && rm_leaks == 0,
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
    sb_reset(&b);
    sb_str(&b, "demo: failed assertions ");
    sb_u32(&b, (uint32_t)failed);
    log_line(&b);
    fxl_port_finish(failed);
}

/* ---- main loop -------------------------------------------------------------------- */

int main(void)
{
    int frame = 0, scripted = 0, sframe = 0;
    uint16_t keys, prev_keys = 0;

    fxl_port_init();
    gfx_init();
    scene_init();
    room_init();
    fxl_port_write("fixlaser demo: hold L+R at power-on for the scripted self-check\n");

    for (;; ++frame) {
        int i, any;
        frame_timer_start();
        keys = (uint16_t)(~REG_KEYINPUT & 0x03FFu);
        if (!scripted && frame < 4 && (keys & (KEY_L | KEY_R)) == (KEY_L | KEY_R)) {
            scripted = 1;
            sframe = 0;
            fxl_port_write("demo: scripted self-check\n");
        }
        if (scripted) {
            keys = script_keys(sframe); /* the pad is ignored in the self-check */
            if (sframe == PH_ROOM) {
                scene_room = 1;
                room_enter();
            }
        } else if ((keys & KEY_SELECT) && !(prev_keys & KEY_SELECT)) {
            scene_room = !scene_room;
            hud_valid[0] = hud_valid[1] = 0;
            room_enter();
        }
        if (scene_room) {
            /* the wall room: its own update and drawing */
            fxl_vec2 to = room_ship, before = room_ship;
            if (scripted) {
                to = script_room_target(sframe - PH_ROOM);
                before = room_ship;
            } else {
                fix16_t sp = (keys & KEY_B) ? SHIP_SLOW : SHIP_SPEED;
                to.x += (keys & KEY_RIGHT) ? sp : (keys & KEY_LEFT) ? -sp : 0;
                to.y += (keys & KEY_DOWN) ? sp : (keys & KEY_UP) ? -sp : 0;
            }
            {
                fxl_move m;
                (void)fxl_port_cycles_begin();
                m = fxl_move_circle(room_inflated, ROOM_N, room_ship, to, &room_touched);
                room_move_cycles = fxl_port_cycles_end();
                room_ship = m.pos;
                room_contacts = m.contacts;
                if (scripted) {
                    script_room_post(sframe - PH_ROOM, before, m.stopped);
                }
            }
            room_draw(frame);
            frame_cycles = frame_timer_stop();
            if (scripted && sframe - PH_ROOM < RM_END) {
                rm_log_frame[sframe - PH_ROOM] = frame_cycles;
            }
            prev_keys = keys;
            if (scripted && ++sframe == PH_DONE) {
                script_finish(sframe);
            }
            gfx_vsync();
            gfx_flip();
            continue;
        }

        /* --- update --- */
        if (!scripted && (keys & KEY_A) && !(prev_keys & KEY_A)) {
            method = (method + 1) % M_COUNT;
        }
        {
            fix16_t sp = (keys & KEY_B) ? SHIP_SLOW : SHIP_SPEED;
            if (keys & KEY_LEFT) {
                ship.x -= sp;
            }
            if (keys & KEY_RIGHT) {
                ship.x += sp;
            }
            if (keys & KEY_UP) {
                ship.y -= sp;
            }
            if (keys & KEY_DOWN) {
                ship.y += sp;
            }
        }
        if (scripted) {
            script_pre(sframe);
        }
        if (ship.x < PX(3)) {
            ship.x = PX(3);
        } else if (ship.x > PX(GFX_W - 4)) {
            ship.x = PX(GFX_W - 4);
        }
        if (ship.y < PX(HUD_H + 3)) {
            ship.y = PX(HUD_H + 3);
        } else if (ship.y > PX(GFX_H - 4)) {
            ship.y = PX(GFX_H - 4);
        }
        boss_prev = boss_angle;
        boss_angle = (boss_angle + BOSS_STEP) & FXL_ANGLE_MASK;
        aim_update();
        for (i = 0; i < N_STATIC; ++i) {
            statics[i].state = static_state(statics[i].timer);
        }

        /* --- collision (timed) --- */
        collide();

        /* --- bookkeeping --- */
        {
            int pass = boss_pass();
            method_stats *ms = &mstats[method];
            ms->passes += (uint32_t)pass;
            ms->hits += (uint32_t)boss_hit;
            ms->misses += (uint32_t)(pass && !boss_hit);
        }
        any = boss_hit || aim_hit;
        for (i = 0; i < N_STATIC; ++i) {
            if (statics[i].hit) {
                any = 1;
                if (statics[i].laser.kind == FXL_LASER_BOX) {
                    ++hits_box;
                } else {
                    ++hits_capsule;
                }
            }
        }
        hits_boss += (uint32_t)boss_hit;
        hits_aim += (uint32_t)aim_hit;
        if (any) {
            ship_flash = 8;
            hit_events += (uint32_t)!ship_was_hit;
        } else if (ship_flash > 0) {
            --ship_flash;
        }
        ship_was_hit = any;
        if (scripted) {
            script_static_post(sframe - PH_BOX, statics[BOX_LASER].hit, &chk_box);
            script_static_post(sframe - PH_CAP, statics[CAP_LASER].hit, &chk_cap);
        }

        /* --- drawing (timed) --- */
        (void)fxl_port_cycles_begin();
        draw_scene(frame);
        draw_cycles = fxl_port_cycles_end();
        frame_cycles = frame_timer_stop();

        if (scripted && log_n < LOG_CAP) {
            log_coll[log_n] = coll_cycles;
            log_draw[log_n] = draw_cycles;
            log_frame[log_n] = frame_cycles;
            ++log_n;
        }
        for (i = 0; i < N_STATIC; ++i) {
            ++statics[i].timer;
        }
        prev_keys = keys;
        if (scripted) {
            ++sframe;
        }
        gfx_vsync();
        gfx_flip();
    }
}
