/* boss.c - the boss frame benchmark's frame (see boss.h): the seeded boss
 * objects and their motion on top of scene.c's, the README frame code, and
 * the boss's collision phases. Integer arithmetic on fixed draws of
 * tests/harness.h's generator (one draw per statement), so the GBA ROM and
 * the host twin play exactly the same frames. */
#include "boss.h"

#include "../harness.h"
#include "bench.h"

#define PX(n) ((fix16_t)(n) * 65536)

/* A game's pools, placed as scene.c places its own: what the collision
 * phases read is in IWRAM (zero-filled statics: .bss, which
 * port/gba/gba.ld puts in IWRAM): the README frame's arrays, the pose
 * lasers, the curvy rings and their boxes, the prepared room, the turrets'
 * lasers and the bounce legs and their rings. What only the motion touches
 * (targets, the room as described, the second player's velocity) is in
 * EWRAM. */

/* README's frame: the rotating lasers as the game keeps them. */
static fxl_laser last_frame[SCENE_ROTATING];
static fxl_vec2 middle[SCENE_ROTATING];     /* Q16.16 */
static int32_t step[SCENE_ROTATING];
static bool spins_about_middle[SCENE_ROTATING];

/* Pose lasers: the pose at the start of the frame and the one at its end. */
static fxl_laser pose_l[BOSS_POSE];
static fxl_vec2 pose_to[BOSS_POSE];         /* Q16.16 */
static fxl_angle pose_to_angle[BOSS_POSE];
typedef struct pose_target {
    fxl_vec2 pos;                           /* Q16.16 */
    fxl_angle angle;
} pose_target;
static pose_target pose_goal[BOSS_POSE] FXL_EWRAM_BSS;

/* Curvy lasers. */
static fxl_curvy_node curvy_nodes[BOSS_CURVY][BOSS_TRAIL];
static fxl_aabb curvy_boxes[BOSS_CURVY][FXL_CURVY_BOXES(BOSS_TRAIL)];
static fxl_curvy curvy[BOSS_CURVY];
static fxl_vec2 curvy_next[BOSS_CURVY];     /* Q16.16 the head this frame pushes */
static int32_t curvy_t;                     /* frames since the trails began */

/* The room as described; the turrets and their answers. */
static fxl_wall room[BOSS_WALLS] FXL_EWRAM_BSS;
static fxl_laser cast_l[BOSS_CASTS];
static fxl_laser clipped[BOSS_CASTS];
static fxl_laser bouncer[BOSS_BOUNCERS];
static fxl_bounce legs[BOSS_BOUNCERS][BOSS_LEGS];
static size_t nlegs[BOSS_BOUNCERS];
static const unsigned cast_flags[BOSS_CASTS] = {0u, 0u, FXL_CAST_WIDTH, FXL_CAST_WIDTH};
static const int32_t cast_turn[BOSS_CASTS] = {11, -13, 7, -9};
static const int32_t bounce_turn[BOSS_BOUNCERS] = {5, -6};

/* The second player (co-op) and where both were last frame. */
static fxl_circle player2;
static fxl_vec2 player2_vel FXL_EWRAM_BSS;
static fxl_circle player_from[BOSS_PLAYERS];
/* The players this frame (the game's ship variables). */
static fxl_circle ship[BOSS_PLAYERS];
static fix16_t ship_x[BOSS_PLAYERS], ship_y[BOSS_PLAYERS]; /* Q16.16 */
static fxlt_rng rng;
static uint32_t errors;

/* The players' area, as scene.c's. */
#define PLAYER_X0 PX(8)
#define PLAYER_X1 PX(232)
#define PLAYER_Y0 PX(88)
#define PLAYER_Y1 PX(152)
#define PLAYER_VMAX (PX(3) / 2)

/* --- the walls, behind one function each ---------------------------------- */

/* Everything the game asks of the walls is here: the prepared room's
 * storage (the prepared walls and their packed copies, cast.h's rooms),
 * its preparation (once per room), and the two calls. */
static fxl_wall_prep room_prep[BOSS_WALLS];
static fxl_room_wall room_packed[BOSS_WALLS];
static fxl_room room_of;

static fxl_result boss_room_prepare(const fxl_wall *walls)
{
    fxl_result res = FXL_OK;
    int i;
    for (i = 0; i < BOSS_WALLS; i++) {
        fxl_result r = fxl_wall_prepare(&walls[i], &room_prep[i]);
        if (res == FXL_OK)
            res = r;
    }
    if (res == FXL_OK)
        res = fxl_room_prepare(room_prep, BOSS_WALLS, room_packed, BOSS_WALLS, &room_of);
    return res;
}

static fxl_result boss_cast(const fxl_laser *l, unsigned flags, fxl_laser *out)
{
    fxl_cast c;
    return (flags & FXL_CAST_WIDTH) != 0 ? fxl_room_cast_width(&room_of, l, flags, &c, out)
                                         : fxl_room_cast(&room_of, l, flags, &c, out);
}

static fxl_result boss_bounce(const fxl_laser *l, fxl_bounce *out, size_t cap, size_t *count)
{
    return fxl_room_bounce(&room_of, l, 0u, BOSS_BOUNCES, out, cap, count);
}

/* The room of tests/bench/bench_kinds.c: its outer walls (220 x 140 px,
 * fronts inwards), a 20 px pillar (fronts outwards) and 8 short slanted
 * walls, one-sided; prepared once. */
static void room_build(void)
{
    static const int16_t w[BOSS_WALLS][4] = {
        {10, 10, 10, 150},   {10, 150, 230, 150}, {230, 150, 230, 10}, {230, 10, 10, 10},
        {150, 60, 170, 60},  {170, 60, 170, 80},  {170, 80, 150, 80},  {150, 80, 150, 60},
        {40, 30, 60, 50},    {60, 110, 40, 130},  {100, 20, 120, 35},  {120, 125, 100, 140},
        {200, 30, 215, 45},  {215, 115, 200, 130}, {80, 70, 90, 90},   {110, 90, 100, 70}};
    int i;
    for (i = 0; i < BOSS_WALLS; i++) {
        room[i].a = fxl_vec2_make(PX(w[i][0]), PX(w[i][1]));
        room[i].b = fxl_vec2_make(PX(w[i][2]), PX(w[i][3]));
    }
    if (boss_room_prepare(room) != FXL_OK)
        errors++;
}

/* --- motion ------------------------------------------------------------------ */

static int32_t clamp(int32_t v, int32_t lim)
{
    return v > lim ? lim : v < -lim ? -lim : v;
}

/* Curvy head i at frame t: a Lissajous figure over the screen (x 20..220,
 * y 10..150 px), up to about 3.7 px a frame on an axis. */
static fxl_vec2 curvy_head(int i, int32_t t)
{
    static const int32_t a[BOSS_CURVY] = {24, 19}, b[BOSS_CURVY] = {17, 29};
    static const int32_t pa[BOSS_CURVY] = {0, 1700}, pb[BOSS_CURVY] = {512, 3000};
    fix16_t x = PX(120) + 100 * fxl_sin((a[i] * t + pa[i]) & FXL_ANGLE_MASK);
    fix16_t y = PX(80) + 70 * fxl_sin((b[i] * t + pb[i]) & FXL_ANGLE_MASK);
    return fxl_vec2_make(x, y);
}

static void pose_new_goal(int i)
{
    pose_goal[i].pos.x = fxlt_range(&rng, 0, PX(240) - 1);
    pose_goal[i].pos.y = fxlt_range(&rng, 0, PX(100) - 1);
    pose_goal[i].angle = (fxl_angle)fxlt_below(&rng, 4096);
}

/* The pose laser i's end of frame: up to 3 px on each axis and 40 steps
 * (the shortest way) towards its goal. */
static void pose_plan(int i)
{
    const fxl_laser *l = &pose_l[i];
    if (l->pos.x == pose_goal[i].pos.x && l->pos.y == pose_goal[i].pos.y && l->angle == pose_goal[i].angle)
        pose_new_goal(i);
    pose_to[i].x = l->pos.x + clamp(pose_goal[i].pos.x - l->pos.x, PX(3));
    pose_to[i].y = l->pos.y + clamp(pose_goal[i].pos.y - l->pos.y, PX(3));
    pose_to_angle[i] = (l->angle + clamp(fxl_angle_diff(pose_goal[i].angle, l->angle), 40)) & FXL_ANGLE_MASK;
}

/* README's arrays from scene.c's rotating lasers (the game's motion). */
/* README's turning lasers: each kept as an fxl_sweep (built once with
 * fxl_sweep_turn; the middle spinners are centre-anchored, so they too turn
 * about their reference point), advanced after each frame as README does. */
static fxl_sweep spinners[16];

static void spinners_sync(void)
{
    const fxl_sweep *rot = scene_rotating();
    int i;
    for (i = 0; i < SCENE_ROTATING; i++) {
        last_frame[i] = rot[i].laser;
        step[i] = rot[i].motion.step;
        spins_about_middle[i] = rot[i].laser.anchor == FXL_ANCHOR_CENTRE;
        middle[i] = rot[i].laser.pos;
    }
}

static void wander(fix16_t *pos, fix16_t *vel, fix16_t lo, fix16_t hi)
{
    *vel += fxlt_range(&rng, -PX(1) / 8, PX(1) / 8);
    *vel = *vel > PLAYER_VMAX ? PLAYER_VMAX : *vel < -PLAYER_VMAX ? -PLAYER_VMAX : *vel;
    *pos += *vel;
    if (*pos < lo || *pos > hi) {
        *pos = *pos < lo ? lo : hi;
        *vel = -*vel;
    }
}

static void ships_sync(void)
{
    int k;
    ship[0] = scene_player();
    ship[1] = player2;
    for (k = 0; k < BOSS_PLAYERS; k++) {
        ship_x[k] = ship[k].c.x;
        ship_y[k] = ship[k].c.y;
    }
}

static void curvy_setup(fxl_curvy *c, fxl_curvy_node *nodes, size_t cap, fxl_aabb *boxes, size_t nboxes,
                        fix16_t width, fix16_t taper, fix16_t hit_fraction)
{
    if (fxl_curvy_init(c, nodes, cap, boxes, nboxes, width, 0) != FXL_OK)
        errors++;
    c->taper = taper;
    c->hit_fraction = hit_fraction;
}

void boss_init(void)
{
    static const int16_t cast_at[BOSS_CASTS][3] = {{20, 20, 300}, {220, 20, 1500}, {120, 16, 1024}, {60, 95, 0}};
    static const int16_t bounce_at[BOSS_BOUNCERS][3] = {{40, 140, 3300}, {200, 140, 2900}};
    int i, t;
    scene_init();
    rng.state = UINT64_C(0xB055F4A3E20);
    errors = 0;
    spinners_sync();
    for (i = 0; i < 16; i++)
        spinners[i] = fxl_sweep_turn(&last_frame[i], step[i]);
    for (i = 0; i < BOSS_POSE; i++) {
        fxl_laser *l = &pose_l[i];
        l->kind = (i & 1) != 0 ? FXL_LASER_CAPSULE : FXL_LASER_BOX;
        l->anchor = FXL_ANCHOR_EMITTER;
        l->pos.x = fxlt_range(&rng, 0, PX(240) - 1);
        l->pos.y = fxlt_range(&rng, 0, PX(80) - 1);
        l->angle = (fxl_angle)fxlt_below(&rng, 4096);
        l->length = fxlt_range(&rng, PX(80), PX(200));
        l->half_width = fxlt_range(&rng, PX(2), PX(5));
        l->hit_fraction = fxlt_range(&rng, fix16_one / 2, fix16_one);
        pose_new_goal(i);
        pose_plan(i);
    }
    /* Full trails from the first frame: 64 heads pushed before it. */
    for (i = 0; i < BOSS_CURVY; i++) {
        curvy_setup(&curvy[i], curvy_nodes[i], BOSS_TRAIL, curvy_boxes[i], FXL_CURVY_BOXES(BOSS_TRAIL), PX(4),
                    PX(4) / 8, fix16_one);
        for (t = -BOSS_TRAIL; t < 0; t++)
            if (fxl_curvy_push(&curvy[i], curvy_head(i, t), PX(4)) != FXL_OK)
                errors++;
    }
    curvy_t = 0;
    for (i = 0; i < BOSS_CURVY; i++)
        curvy_next[i] = curvy_head(i, curvy_t);
    room_build();
    for (i = 0; i < BOSS_CASTS; i++) {
        cast_l[i] = fxl_laser_from_emitter((i & 1) != 0 ? FXL_LASER_CAPSULE : FXL_LASER_BOX,
                                           fxl_vec2_make(PX(cast_at[i][0]), PX(cast_at[i][1])), cast_at[i][2],
                                           PX(300), PX(3));
        cast_l[i].hit_fraction = fix16_one * 3 / 4;
        clipped[i] = cast_l[i];
    }
    for (i = 0; i < BOSS_BOUNCERS; i++) {
        bouncer[i] = fxl_laser_from_emitter(FXL_LASER_CAPSULE,
                                            fxl_vec2_make(PX(bounce_at[i][0]), PX(bounce_at[i][1])),
                                            bounce_at[i][2], PX(400), PX(3));
        bouncer[i].hit_fraction = fix16_one * 3 / 4;
    }
    player2 = fxl_circle_make(PX(60), PX(130), PX(2));
    player2_vel = fxl_vec2_make(0, 0);
    player_from[0] = scene_player();
    player_from[1] = player2;
    ships_sync();
}

void boss_advance(void)
{
    int i;
    player_from[0] = scene_player();
    player_from[1] = player2;
    scene_advance();
    spinners_sync();
    /* README: after the frame, each laser stands at its end angle. */
    for (i = 0; i < 16; i++)
        spinners[i].laser.angle = (spinners[i].laser.angle + spinners[i].motion.step) & FXL_ANGLE_MASK;
    wander(&player2.c.x, &player2_vel.x, PLAYER_X0, PLAYER_X1);
    wander(&player2.c.y, &player2_vel.y, PLAYER_Y0, PLAYER_Y1);
    ships_sync();
    for (i = 0; i < BOSS_POSE; i++) {
        pose_l[i].pos = pose_to[i];
        pose_l[i].angle = pose_to_angle[i];
        pose_plan(i);
    }
    curvy_t++;
    for (i = 0; i < BOSS_CURVY; i++)
        curvy_next[i] = curvy_head(i, curvy_t);
    for (i = 0; i < BOSS_CASTS; i++)
        cast_l[i].angle = (cast_l[i].angle + cast_turn[i]) & FXL_ANGLE_MASK;
    for (i = 0; i < BOSS_BOUNCERS; i++)
        bouncer[i].angle = (bouncer[i].angle + bounce_turn[i]) & FXL_ANGLE_MASK;
}

/* --- the phases ---------------------------------------------------------------- */

/* The frame code of docs/guide/lasers.md (README.md's before the guide's),
 * literally (its bit arrays are the hit words). */
/* README's player circle, made once a frame (in the first phase, as README's
 * first line) and read by the next two. */
static fxl_circle readme_player[2];

static BENCH_NOINLINE size_t readme_bullets(boss_hits *h, int players)
{
    const fxl_circle *bullets = scene_bullets();
    size_t hits = 0;
    int k;
    for (k = 0; k < players; k++) {
        uint32_t *bullet_bits = h->w[k] + BOSS_W_BULLETS;
        /* Every frame, against the player (one circle): */
        fxl_circle player = fxl_circle_make(ship_x[k], ship_y[k], fix16_from_int(2));
        readme_player[k] = player;
        /* 640 bullets: bit i set iff bullets[i] touches the player. */
        size_t bullet_hits = fxl_circles_vs_circle(bullets, 640, player, bullet_bits);
        hits += bullet_hits;
    }
    return hits;
}

static BENCH_NOINLINE size_t readme_lasers(boss_hits *h, int players)
{
    const fxl_laser *lasers = scene_lasers();
    size_t hits = 0;
    int k;
    for (k = 0; k < players; k++) {
        uint32_t *laser_bits = h->w[k] + BOSS_W_LASERS;
        fxl_circle player = readme_player[k];
        size_t laser_hits = 0;
        /* 48 straight lasers as the game keeps them (fxl_laser: emitter, angle,
         * length, width), moved this frame: no fxl_laser_prep needed. */
        if (fxl_lasers_vs_circle(lasers, 48, player, laser_bits, &laser_hits) != FXL_OK)
            errors++;
        hits += laser_hits;
    }
    return hits;
}

static BENCH_NOINLINE size_t readme_spinners(boss_hits *h, int players)
{
    size_t hits = 0;
    int k;
    for (k = 0; k < players; k++) {
        uint32_t *sweep_bits = h->w[k] + BOSS_W_SPINNERS;
        fxl_circle player = readme_player[k];
        size_t sweep_hits = 0;
        /* 16 lasers that turn within the frame, tested over the whole
         * motion since the last frame, so that none passes through the
         * player. */
        if (fxl_sweeps_vs_circle(spinners, 16, player, sweep_bits, &sweep_hits) != FXL_OK)
            errors++;
        hits += sweep_hits;
    }
    return hits;
}

/* 8 lasers moving pose to pose: one sweep each, one fused call a player. */
static BENCH_NOINLINE size_t boss_pose(boss_hits *h, int players)
{
    fxl_sweep s[BOSS_POSE];
    size_t hits = 0;
    int i, k;
    for (i = 0; i < BOSS_POSE; i++)
        s[i] = fxl_sweep_to_pose(&pose_l[i], pose_to[i], pose_to_angle[i]);
    for (k = 0; k < players; k++) {
        size_t n = 0;
        if (fxl_sweeps_vs_circle(s, BOSS_POSE, ship[k], h->w[k] + BOSS_W_POSE, &n) != FXL_OK)
            errors++;
        hits += n;
    }
    return hits;
}

/* 2 curvy lasers: push the head, test each player's move over the frame. */
static BENCH_NOINLINE size_t boss_curvies(boss_hits *h, int players)
{
    size_t hits = 0;
    int i, k;
    for (i = 0; i < BOSS_CURVY; i++)
        if (fxl_curvy_push(&curvy[i], curvy_next[i], PX(4)) != FXL_OK)
            errors++;
    for (k = 0; k < players; k++) {
        uint32_t bits = 0;
        for (i = 0; i < BOSS_CURVY; i++)
            if (fxl_curvy_vs_moving_circle(&curvy[i], player_from[k], ship[k].c)) {
                bits |= 1u << i;
                hits++;
            }
        h->w[k][BOSS_W_CURVY] = bits;
    }
    return hits;
}

/* 4 casts stopped by the room, the clipped lasers tested in one call. */
static BENCH_NOINLINE size_t boss_casts(boss_hits *h, int players)
{
    size_t hits = 0;
    int i, k;
    for (i = 0; i < BOSS_CASTS; i++)
        if (boss_cast(&cast_l[i], cast_flags[i], &clipped[i]) != FXL_OK) {
            errors++;
            clipped[i] = cast_l[i];
        }
    for (k = 0; k < players; k++) {
        size_t n = 0;
        if (fxl_lasers_vs_circle(clipped, BOSS_CASTS, ship[k], h->w[k] + BOSS_W_CASTS, &n) != FXL_OK)
            errors++;
        hits += n;
    }
    return hits;
}

/* 2 bouncing beams: the legs tested against each player directly
 * (fxl_bounce_vs_circle: the shape of the untapered curvy laser the legs'
 * points used to be pushed into, without the pushes). */
static BENCH_NOINLINE size_t boss_bounces(boss_hits *h, int players)
{
    size_t hits = 0;
    int i, k;
    for (i = 0; i < BOSS_BOUNCERS; i++) {
        if (boss_bounce(&bouncer[i], legs[i], BOSS_LEGS, &nlegs[i]) != FXL_OK) {
            errors++;
            nlegs[i] = 0;
        }
    }
    for (k = 0; k < players; k++) {
        uint32_t bits = 0;
        for (i = 0; i < BOSS_BOUNCERS; i++)
            if (fxl_bounce_vs_circle(&bouncer[i], legs[i], nlegs[i], ship[k])) {
                bits |= 1u << i;
                hits++;
            }
        h->w[k][BOSS_W_BOUNCES] = bits;
    }
    return hits;
}

/* The sweeps alone (the tables' "of which" rows). */
static fxl_sweep built[SCENE_ROTATING];

BENCH_NOINLINE size_t boss_build_spinners(boss_hits *h, int players)
{
    (void)h;
    (void)players;
    for (int i = 0; i < 16; i++)
        built[i] = spins_about_middle[i]
            ? fxl_sweep_turn_about(&last_frame[i], middle[i], step[i])
            : fxl_sweep_turn(&last_frame[i], step[i]);      /* about the emitter */
    return 0;
}

BENCH_NOINLINE size_t boss_build_poses(boss_hits *h, int players)
{
    int i;
    (void)h;
    (void)players;
    for (i = 0; i < BOSS_POSE; i++)
        built[i] = fxl_sweep_to_pose(&pose_l[i], pose_to[i], pose_to_angle[i]);
    return 0;
}

BENCH_NOINLINE size_t boss_bounce_only(boss_hits *h, int players)
{
    static fxl_bounce scratch[BOSS_LEGS];
    size_t n = 0;
    int i;
    (void)h;
    (void)players;
    for (i = 0; i < BOSS_BOUNCERS; i++)
        if (boss_bounce(&bouncer[i], scratch, BOSS_LEGS, &n) != FXL_OK)
            errors++;
    return 0;
}

const boss_phase_fn boss_phase[BOSS_PHASES] = {readme_bullets, readme_lasers, readme_spinners, boss_pose,
                                               boss_curvies,   boss_casts,    boss_bounces};
const char *const boss_phase_name[BOSS_PHASES] = {
    "640 bullets: `fxl_circles_vs_circle`",
    "48 straight lasers: `fxl_lasers_vs_circle`",
    "16 rotating lasers (8 centre-anchored, spinning about the middle), kept as `fxl_sweep`: `fxl_sweeps_vs_circle`",
    "8 lasers pose to pose: `fxl_sweep_to_pose` + `fxl_sweeps_vs_circle`",
    "2 curvy lasers (64 nodes): `fxl_curvy_push` + `fxl_curvy_vs_moving_circle`",
    "4 casts, 16 walls (2 centre line, 2 `FXL_CAST_WIDTH`): `fxl_room_cast` / `fxl_room_cast_width` + `fxl_lasers_vs_circle`",
    "2 bouncing lasers (4 bounces): `fxl_room_bounce` + `fxl_bounce_vs_circle`"};

/* --- access and hashing ------------------------------------------------------- */

fxl_circle boss_player(int k)
{
    return ship[k];
}

fxl_circle boss_player_from(int k)
{
    return player_from[k];
}

fxl_sweep boss_spinner(int i)
{
    return spinners[i];
}

fxl_sweep boss_pose_sweep(int i)
{
    return fxl_sweep_to_pose(&pose_l[i], pose_to[i], pose_to_angle[i]);
}

const fxl_curvy *boss_curvy(int i)
{
    return &curvy[i];
}

const fxl_wall *boss_walls(void)
{
    return room;
}

const fxl_laser *boss_cast_laser(int i)
{
    return &cast_l[i];
}

unsigned boss_cast_flags(int i)
{
    return cast_flags[i];
}

const fxl_laser *boss_cast_clipped(int i)
{
    return &clipped[i];
}

const fxl_laser *boss_bouncer(int i)
{
    return &bouncer[i];
}

const fxl_bounce *boss_bounce_legs(int i, size_t *n)
{
    *n = nlegs[i];
    return legs[i];
}

uint32_t boss_errors(void)
{
    return errors;
}

static const uint8_t phase_start[BOSS_PHASES + 1] = {BOSS_W_BULLETS, BOSS_W_LASERS, BOSS_W_SPINNERS, BOSS_W_POSE,
                                                     BOSS_W_CURVY,   BOSS_W_CASTS,  BOSS_W_BOUNCES, BOSS_WORDS};

uint32_t boss_hash(uint32_t h, const boss_hits *hits, int players, int first, int last)
{
    int k, i, b;
    for (k = 0; k < players; k++)
        for (i = phase_start[first]; i < phase_start[last]; i++)
            for (b = 0; b < 32; b += 8) {
                h ^= (hits->w[k][i] >> b) & 0xFFu;
                h *= 16777619u;
            }
    return h;
}

int boss_same(const boss_hits *a, const boss_hits *b, int players, int phase)
{
    int k, i;
    for (k = 0; k < players; k++)
        for (i = phase_start[phase]; i < phase_start[phase + 1]; i++)
            if (a->w[k][i] != b->w[k][i])
                return 0;
    return 1;
}
