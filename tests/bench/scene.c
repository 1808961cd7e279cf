/* scene.c - the scene benchmark's frame (see scene.h): the seeded state, its
 * motion, and the collision phases with the fast path, the baseline and the
 * rotating chain. Everything here is integer arithmetic on fixed draws of
 * tests/harness.h's generator (one draw per statement), so the GBA ROM and
 * the host twin play exactly the same frames. */
#include "scene.h"

#include "../harness.h"
#include "bench.h"

/* A game's pools: the objects the collision phases read stay in IWRAM
 * (zero-filled statics: .bss, which port/gba/gba.ld puts in IWRAM). What
 * only the motion touches lives in EWRAM. */
static fxl_circle bullets[SCENE_BULLETS];
static fxl_laser lasers[SCENE_LASERS];
static fxl_sweep rotating[SCENE_ROTATING];
static fxl_circle player;
/* The rotating chain's squares, one laser at a time. */
#define SCENE_CHAIN_CAP 256
static fxl_aabb chain_boxes[SCENE_CHAIN_CAP];
static uint32_t chain_errors;

typedef struct drift {
    fix16_t vx, vy; /* Q16.16 per frame */
    int32_t turn;   /* steps per frame */
} drift;
static fxl_vec2 bullet_vel[SCENE_BULLETS] FXL_EWRAM_BSS;
static drift laser_drift[SCENE_LASERS] FXL_EWRAM_BSS;
static fxl_vec2 player_vel;
static fxlt_rng rng;

#define PX(n) ((fix16_t)(n) * 65536)
#define SCREEN_W PX(240)
#define SCREEN_H PX(160)
/* The player's area: below the middle of the screen. */
#define PLAYER_X0 PX(8)
#define PLAYER_X1 PX(232)
#define PLAYER_Y0 PX(88)
#define PLAYER_Y1 PX(152)
#define PLAYER_VMAX (PX(3) / 2)

/* v * table value, Q16.16 (floor). */
static fix16_t scale(fix16_t v, fix16_t unit)
{
    return (fix16_t)(((int64_t)v * unit) >> 16);
}

static fix16_t wrap(fix16_t v, fix16_t size)
{
    return v < 0 ? v + size : v >= size ? v - size : v;
}

void scene_init(void)
{
    int i;
    rng.state = UINT64_C(0x5CE7EB077E77);
    chain_errors = 0;
    for (i = 0; i < SCENE_BULLETS; i++) {
        fxl_angle a;
        fix16_t speed;
        bullets[i].c.x = fxlt_range(&rng, 0, SCREEN_W - 1);
        bullets[i].c.y = fxlt_range(&rng, 0, SCREEN_H - 1);
        bullets[i].r = fxlt_range(&rng, PX(2), PX(4));
        a = (fxl_angle)fxlt_below(&rng, 4096);
        speed = fxlt_range(&rng, PX(1) / 4, PX(2) - 1);
        bullet_vel[i].x = scale(speed, fxl_cos(a));
        bullet_vel[i].y = scale(speed, fxl_sin(a));
    }
    for (i = 0; i < SCENE_LASERS; i++) {
        fxl_laser *l = &lasers[i];
        l->kind = i < SCENE_LASERS / 2 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
        l->anchor = (i & 1) != 0 ? FXL_ANCHOR_CENTRE : FXL_ANCHOR_EMITTER;
        l->pos.x = fxlt_range(&rng, 0, SCREEN_W - 1);
        l->pos.y = fxlt_range(&rng, 0, SCREEN_H - 1);
        l->angle = (fxl_angle)fxlt_below(&rng, 4096);
        l->length = fxlt_range(&rng, PX(60), PX(240));
        l->half_width = fxlt_range(&rng, PX(2), PX(6));
        l->hit_fraction = fxlt_range(&rng, fix16_one / 2, fix16_one);
        laser_drift[i].vx = fxlt_range(&rng, -PX(1) / 2, PX(1) / 2);
        laser_drift[i].vy = fxlt_range(&rng, -PX(1) / 2, PX(1) / 2);
        laser_drift[i].turn = fxlt_range(&rng, -3, 3);
    }
    for (i = 0; i < SCENE_ROTATING; i++) {
        fxl_laser *l = &rotating[i].laser;
        int32_t speed;
        l->kind = (i & 1) != 0 ? FXL_LASER_CAPSULE : FXL_LASER_BOX;
        /* 0..7 turn about their emitter (in the upper half, as a boss's
         * guns), 8..15 about their middle (anywhere). */
        l->anchor = i < SCENE_ROTATING / 2 ? FXL_ANCHOR_EMITTER : FXL_ANCHOR_CENTRE;
        l->pos.x = fxlt_range(&rng, 0, SCREEN_W - 1);
        l->pos.y = fxlt_range(&rng, 0, l->anchor == FXL_ANCHOR_EMITTER ? PX(80) : SCREEN_H - 1);
        l->angle = (fxl_angle)fxlt_below(&rng, 4096);
        l->length = fxlt_range(&rng, PX(120), PX(240));
        l->half_width = fxlt_range(&rng, PX(2), PX(6));
        l->hit_fraction = fxlt_range(&rng, fix16_one / 2, fix16_one);
        speed = fxlt_range(&rng, 8, 40);
        rotating[i] = fxl_sweep_turn(l, fxlt_below(&rng, 2) != 0 ? speed : -speed);
    }
    player = fxl_circle_make(PX(120), PX(120), PX(2));
    player_vel = fxl_vec2_make(0, 0);
}

/* The player's velocity drifts by up to 1/8 px a frame, at most 1.5 px a
 * frame on each axis; it bounces off the edges of its area. */
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

void scene_advance(void)
{
    int i;
    for (i = 0; i < SCENE_BULLETS; i++) {
        bullets[i].c.x = wrap(bullets[i].c.x + bullet_vel[i].x, SCREEN_W);
        bullets[i].c.y = wrap(bullets[i].c.y + bullet_vel[i].y, SCREEN_H);
    }
    for (i = 0; i < SCENE_LASERS; i++) {
        lasers[i].pos.x = wrap(lasers[i].pos.x + laser_drift[i].vx, SCREEN_W);
        lasers[i].pos.y = wrap(lasers[i].pos.y + laser_drift[i].vy, SCREEN_H);
        lasers[i].angle = (lasers[i].angle + laser_drift[i].turn) & FXL_ANGLE_MASK;
    }
    /* A turn ends where the next frame's starts; the pivot stays put. */
    for (i = 0; i < SCENE_ROTATING; i++)
        rotating[i].laser.angle = (rotating[i].laser.angle + rotating[i].motion.step) & FXL_ANGLE_MASK;
    wander(&player.c.x, &player_vel.x, PLAYER_X0, PLAYER_X1);
    wander(&player.c.y, &player_vel.y, PLAYER_Y0, PLAYER_Y1);
}

/* --- the phases ------------------------------------------------------------ */

static void clear(uint32_t *w, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        w[i] = 0;
}

/* Fast path: one call per phase. */
BENCH_NOINLINE size_t scene_bullets_fast(scene_hits *h)
{
    return fxl_circles_vs_circle(bullets, SCENE_BULLETS, player, h->bullets);
}

BENCH_NOINLINE size_t scene_lasers_fast(scene_hits *h)
{
    size_t n = 0;
    if (fxl_lasers_vs_circle(lasers, SCENE_LASERS, player, h->lasers, &n) != FXL_OK)
        n += 1000; /* never: every laser is valid (the hash would show it) */
    return n;
}

BENCH_NOINLINE size_t scene_rotating_fast(scene_hits *h)
{
    size_t n = 0;
    if (fxl_sweeps_vs_circle(rotating, SCENE_ROTATING, player, h->rotating, &n) != FXL_OK)
        n += 1000;
    return n;
}

/* Baseline: what a game writes with the per-object calls. */
BENCH_NOINLINE size_t scene_bullets_base(scene_hits *h)
{
    size_t i, n = 0;
    clear(h->bullets, SCENE_BULLETS / 32);
    for (i = 0; i < SCENE_BULLETS; i++)
        if (fxl_circle_vs_circle(bullets[i], player)) {
            h->bullets[i >> 5] |= 1u << (i & 31);
            n++;
        }
    return n;
}

BENCH_NOINLINE size_t scene_lasers_base(scene_hits *h)
{
    size_t i, n = 0;
    clear(h->lasers, (SCENE_LASERS + 31) / 32);
    for (i = 0; i < SCENE_LASERS; i++) {
        fxl_laser_prep lp;
        if (fxl_laser_prepare(&lasers[i], &lp) == FXL_OK && fxl_laser_vs_circle(&lp, player)) {
            h->lasers[i >> 5] |= 1u << (i & 31);
            n++;
        }
    }
    return n;
}

BENCH_NOINLINE size_t scene_rotating_base(scene_hits *h)
{
    size_t i, n = 0;
    clear(h->rotating, (SCENE_ROTATING + 31) / 32);
    for (i = 0; i < SCENE_ROTATING; i++) {
        fxl_sweep_prep sp;
        if (fxl_sweep_prepare(&rotating[i], &sp) == FXL_OK && fxl_sweep_vs_circle(&sp, player)) {
            h->rotating[i >> 5] |= 1u << (i & 31);
            n++;
        }
    }
    return n;
}

/* The chain method for one rotating laser, the only use of the chain API:
 * the laser's rotating chain (two chains from the middle, back to back, for
 * a laser turning about its middle), as wide as its hitbox, generated into
 * the scratch squares and tested against the player. A refused chain counts
 * as a hit (and is counted). */
static bool chain_hit(const fxl_sweep *s, fxl_circle c)
{
    const fxl_laser *l = &s->laser;
    int halves = l->anchor == FXL_ANCHOR_EMITTER ? 1 : 2, k;
    fxl_chain ch;
    ch.emitter = l->pos;
    ch.prev_angle = l->angle;
    ch.angle = l->angle + s->motion.step;
    ch.length = halves == 1 ? l->length : l->length / 2;
    ch.half_size = fix16_mul(l->half_width, l->hit_fraction);
    for (k = 0; k < halves; k++) {
        size_t n = 0;
        if (fxl_chain_make(&ch, FXL_CHAIN_ROTATING, chain_boxes, SCENE_CHAIN_CAP, &n) != FXL_OK) {
            chain_errors++;
            return true;
        }
        if (fxl_chain_vs_circle(chain_boxes, n, c))
            return true;
        ch.prev_angle += FXL_ANGLE_HALF;
        ch.angle += FXL_ANGLE_HALF;
    }
    return false;
}

BENCH_NOINLINE size_t scene_rotating_chain(scene_hits *h)
{
    size_t i, n = 0;
    clear(h->rotating, (SCENE_ROTATING + 31) / 32);
    for (i = 0; i < SCENE_ROTATING; i++)
        if (chain_hit(&rotating[i], player)) {
            h->rotating[i >> 5] |= 1u << (i & 31);
            n++;
        }
    return n;
}

/* --- access and hashing ------------------------------------------------------ */

const fxl_circle *scene_bullets(void)
{
    return bullets;
}

const fxl_laser *scene_lasers(void)
{
    return lasers;
}

const fxl_sweep *scene_rotating(void)
{
    return rotating;
}

fxl_circle scene_player(void)
{
    return player;
}

uint32_t scene_chain_errors(void)
{
    return chain_errors;
}

static const uint32_t *phase_words(const scene_hits *hits, int phase, size_t *n)
{
    switch (phase) {
    case SCENE_PH_BULLETS: *n = SCENE_BULLETS / 32; return hits->bullets;
    case SCENE_PH_LASERS: *n = (SCENE_LASERS + 31) / 32; return hits->lasers;
    default: *n = (SCENE_ROTATING + 31) / 32; return hits->rotating;
    }
}

uint32_t scene_hash(uint32_t h, const scene_hits *hits, int phase)
{
    size_t n, i;
    const uint32_t *w = phase_words(hits, phase, &n);
    for (i = 0; i < n; i++) {
        int b;
        for (b = 0; b < 32; b += 8) {
            h ^= (w[i] >> b) & 0xFFu;
            h *= 16777619u;
        }
    }
    return h;
}

int scene_same(const scene_hits *a, const scene_hits *b, int phase)
{
    size_t n, i;
    const uint32_t *wa = phase_words(a, phase, &n), *wb = phase_words(b, phase, &n);
    for (i = 0; i < n; i++)
        if (wa[i] != wb[i])
            return 0;
    return 1;
}
