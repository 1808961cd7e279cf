/* bench.c - the cycle benchmark: a fixed bullet-hell scene (1024 circles over
 * the 240x160 screen, 16 lasers of 40-300 px at varied angles) and every
 * public test timed against the baselines. On the GBA each call is timed
 * with the cascaded hardware timers and the ROM prints a markdown table; on
 * the host the same loops run under callgrind (see tools/bench_host.sh). */
#include "baselines.h"
#include "bench.h"
#include "test_port.h"

#include "../harness.h"

#define CIRCLES 1024
#define LASERS 16
#define MAX_SAMPLES 8192

/* The circles stay in IWRAM (as a game's bullet pool would, for speed); the
 * samples, touched only outside the timed windows, live in EWRAM. */
static fxl_circle circles[CIRCLES];
static fxl_laser lasers[LASERS];
static fxl_laser_prep preps[LASERS];
/* Each laser also turns by up to 20 degrees a frame (sweeps) and has a
 * rotating chain of squares as wide as its hitbox. The sweeps' preps live
 * in EWRAM (1,792 bytes), leaving IWRAM for the stack: the 3D box rows'
 * exact stage runs about 2.5 KB deep (docs/size.md's stack table); in IWRAM
 * a single sweep test measured 15 cycles less (680 against 695 median). */
static fxl_sweep_prep sweeps[LASERS] FXL_EWRAM_BSS;
static fxl_chain chains[LASERS];
#define CHAIN_CAP 128
static fxl_aabb chain_boxes[LASERS][CHAIN_CAP] FXL_EWRAM_BSS;
static size_t chain_count[LASERS];
/* A 16-walled room (a regular polygon of radius 70 px in the middle of the
 * screen, fronts inwards) and the same walls inflated for a 3 px circle. */
#define ROOM_WALLS 16
static fxl_wall_prep room[ROOM_WALLS];
static fxl_wall_prep room_fat[ROOM_WALLS * FXL_WALL_PARTS] FXL_EWRAM_BSS;
/* 3D: a box and a cylinder laser through the middle of a 240x160x160
 * volume, the scene's circles as spheres at z = their x / 2. */
static fxl_laser3d_prep box3, cyl3, egg3;
static fxl_laser3d box3_def; /* box3's laser (issue 23's target rows) */
/* A laser object: warning, then active, turning 5 degrees a frame. */
static fxl_beam beam;
static float_laser floats[LASERS] FXL_EWRAM_BSS; /* the float baseline: EWRAM (its soft-float maths dwarfs the loads), leaving IWRAM for the stack */
static uint32_t bits[CIRCLES / 32];
static uint32_t samples[MAX_SAMPLES] FXL_EWRAM_BSS;
static uint32_t nsamples;
static uint32_t overhead;
volatile uint32_t bench_sink;

void bench_scene(void)
{
    fxlt_rng rng, turns;
    int i;
    rng.state = UINT64_C(0xB0BB1E5);
    turns.state = UINT64_C(0x7E5E7);
    for (i = 0; i < CIRCLES; i++) {
        circles[i].c.x = fxlt_range(&rng, 0, 240 << 16); /* one draw per statement */
        circles[i].c.y = fxlt_range(&rng, 0, 160 << 16);
        circles[i].r = fxlt_range(&rng, 1 << 16, 4 << 16);
    }
    {
        fxl_wall w[ROOM_WALLS];
        for (i = 0; i < ROOM_WALLS; i++) {
            fxl_angle a0 = -i * 256, a1 = -(i + 1) * 256; /* decreasing: interior in front */
            w[i].a = fxl_vec2_make((120 << 16) + fxl_cos(a0) * 70, (80 << 16) + fxl_sin(a0) * 70);
            w[i].b = fxl_vec2_make((120 << 16) + fxl_cos(a1) * 70, (80 << 16) + fxl_sin(a1) * 70);
            fxl_wall_prepare(&w[i], &room[i]);
        }
        fxl_walls_inflate(w, ROOM_WALLS, 3 << 16, room_fat, ROOM_WALLS * FXL_WALL_PARTS);
    }
    {
        fxl_laser3d l;
        l.kind = FXL_LASER3D_BOX;
        l.anchor = FXL_ANCHOR_EMITTER;
        l.pos.x = 20 << 16, l.pos.y = 20 << 16, l.pos.z = 10 << 16;
        l.yaw = 300;
        l.pitch = 3900;
        l.length = 250 << 16;
        l.half_width = 6 << 16;
        l.egg_k = fix16_one;
        fxl_laser3d_prepare(&l, &box3);
        box3_def = l;
        l.kind = FXL_LASER3D_CYLINDER;
        fxl_laser3d_prepare(&l, &cyl3);
        l.kind = FXL_LASER3D_EGG; /* k = 151 / 2^16: reaching W / sqrt(k) = 125 px, the ends */
        l.egg_k = 151;
        fxl_laser3d_prepare(&l, &egg3);
        fxl_beam_init(&beam, FXL_LASER_BOX, fxl_vec2_make(120 << 16, 10 << 16), 1024, 200 << 16,
                      6 << 16);
        beam.hit_fraction = fix16_one * 3 / 4;
        beam.graze_extra = 4 << 16;
        fxl_beam_turn_by(&beam, 1800, 40);
    }
    for (i = 0; i < LASERS; i++) {
        fxl_laser_kind kind = i < LASERS / 2 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
        fix16_t x = fxlt_range(&rng, 0, 240 << 16);
        fix16_t y = fxlt_range(&rng, 0, 160 << 16);
        fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
        fix16_t len = fxlt_range(&rng, 40 << 16, 300 << 16);
        fix16_t hw = fxlt_range(&rng, 2 << 16, 8 << 16);
        lasers[i] = fxl_laser_from_emitter(kind, fxl_vec2_make(x, y), a, len, hw);
        lasers[i].hit_fraction = fxlt_range(&rng, 0x8000, 0x10000);
        fxl_laser_prepare(&lasers[i], &preps[i]);
        floats[i] = float_laser_make(&lasers[i]);
        {
            int32_t step = fxlt_range(&turns, -228, 228); /* own generator: scene unchanged */
            fxl_sweep s = fxl_sweep_turn(&lasers[i], step);
            fxl_sweep_prepare(&s, &sweeps[i]);
            chains[i].emitter = lasers[i].pos;
            chains[i].prev_angle = lasers[i].angle;
            chains[i].angle = lasers[i].angle + step;
            chains[i].length = lasers[i].length;
            chains[i].half_size = fix16_mul(lasers[i].half_width, lasers[i].hit_fraction);
            fxl_chain_make(&chains[i], FXL_CHAIN_ROTATING, chain_boxes[i], CHAIN_CAP, &chain_count[i]);
        }
    }
}

/* --- the loops the host benchmark counts instructions of ------------------ */

BENCH_NOINLINE void run_fxl_single(int kind)
{
    int i, k;
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++)
        for (i = 0; i < CIRCLES; i++)
            bench_sink += fxl_laser_vs_circle(&preps[k], circles[i]);
}

BENCH_NOINLINE void run_fxl_batch(int kind)
{
    int k;
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++)
        bench_sink += (uint32_t)fxl_laser_vs_circles(&preps[k], circles, CIRCLES, bits);
}

BENCH_NOINLINE void run_prepare(void)
{
    int k;
    for (k = 0; k < LASERS; k++)
        bench_sink += (uint32_t)fxl_laser_prepare(&lasers[k], &preps[k]);
}

BENCH_NOINLINE void run_float(int kind)
{
    int i, k;
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++)
        for (i = 0; i < CIRCLES; i++)
            bench_sink += float_laser_vs_circle(&floats[k], fix16_to_dbl(circles[i].c.x),
                                                fix16_to_dbl(circles[i].c.y),
                                                fix16_to_dbl(circles[i].r));
}

BENCH_NOINLINE void run_naive(int kind)
{
    int i, k;
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++)
        for (i = 0; i < CIRCLES; i++)
            bench_sink += naive_laser_vs_circle(&lasers[k], circles[i]);
}

BENCH_NOINLINE void run_shapes(void)
{
    int i;
    fxl_aabb box;
    box.lo = fxl_vec2_make(100 << 16, 60 << 16);
    box.hi = fxl_vec2_make(140 << 16, 100 << 16);
    for (i = 0; i < CIRCLES; i++) {
        bench_sink += fxl_circle_vs_circle(circles[i], circles[(i + 1) & (CIRCLES - 1)]);
        bench_sink += fxl_aabb_vs_circle(box, circles[i]);
    }
}

BENCH_NOINLINE void run_angles(void)
{
    int i;
    for (i = 0; i < CIRCLES; i++) {
        bench_sink += (uint32_t)fxl_sin(i * 37);
        bench_sink += (uint32_t)fxl_atan2(circles[i].c.y - (80 << 16), circles[i].c.x - (120 << 16));
    }
}

BENCH_NOINLINE void run_sweep_single(void)
{
    int i, k;
    for (k = 0; k < LASERS; k++)
        for (i = 0; i < CIRCLES; i++)
            bench_sink += fxl_sweep_vs_circle(&sweeps[k], circles[i]);
}

BENCH_NOINLINE void run_sweep_batch(void)
{
    int k;
    for (k = 0; k < LASERS; k++)
        bench_sink += (uint32_t)fxl_sweep_vs_circles(&sweeps[k], circles, CIRCLES, bits);
}

BENCH_NOINLINE void run_chain_gen(void)
{
    int k;
    for (k = 0; k < LASERS; k++)
        bench_sink += (uint32_t)fxl_chain_make(&chains[k], FXL_CHAIN_ROTATING, chain_boxes[k],
                                               CHAIN_CAP, &chain_count[k]);
}

BENCH_NOINLINE void run_chain_hit(void)
{
    int i, k;
    for (k = 0; k < LASERS; k++)
        for (i = 0; i < CIRCLES; i++)
            bench_sink += fxl_chain_vs_circle(chain_boxes[k], chain_count[k], circles[i]);
}

/* From the room's middle towards a circle of the scene, scaled up so that
 * about half the moves hit a wall. */
static fxl_vec2 move_to(int i)
{
    return fxl_vec2_make((120 << 16) + (circles[i].c.x - (120 << 16)) / 2,
                         (80 << 16) + (circles[i].c.y - (80 << 16)));
}

BENCH_NOINLINE void run_walls(void)
{
    int i;
    fxl_vec2 from = fxl_vec2_make(120 << 16, 80 << 16);
    for (i = 0; i < CIRCLES; i++) {
        bench_sink += (uint32_t)fxl_move_point(room, ROOM_WALLS, from, move_to(i), NULL).pos.x;
        bench_sink += (uint32_t)fxl_move_circle(room_fat, ROOM_WALLS, from, move_to(i), NULL).pos.y;
    }
}

static fxl_sphere sphere_of(int i)
{
    fxl_sphere s;
    s.c.x = circles[i].c.x;
    s.c.y = circles[i].c.y;
    s.c.z = circles[i].c.x / 2;
    s.r = circles[i].r;
    return s;
}

/* One frame of a laser object: update, prepare, test the player. */
static uint32_t beam_frame(int i)
{
    fxl_beam_prep bp;
    fxl_beam_update(&beam);
    fxl_beam_prepare(&beam, &bp);
    return fxl_beam_test(&bp, circles[i]).hit;
}

BENCH_NOINLINE void run_3d_and_beam(void)
{
    int i;
    for (i = 0; i < CIRCLES; i++) {
        bench_sink += fxl_laser3d_vs_sphere(&box3, sphere_of(i));
        bench_sink += fxl_laser3d_vs_sphere(&cyl3, sphere_of(i));
        bench_sink += beam_frame(i);
    }
}

uint32_t bench_chain_squares(void)
{
    uint32_t n = 0;
    int k;
    for (k = 0; k < LASERS; k++)
        n += (uint32_t)chain_count[k];
    return n;
}

/* --- lasers placed relative to the player (far / near rows) ---------------
 * Sets of 48 straight lasers or sweeps, each placed so that the player (a
 * fixed circle of radius 2 px) lies at a chosen distance from its hitbox:
 * "near" within 4 px of the hitbox's edge (grown by the player's radius),
 * either side, so about half hit and the rest need the exact compare;
 * "far" 64..128 px from it. A sweep is placed by its pose halfway through
 * the turn, and its far distance is 72..136 px (a 40-step turn of a 240 px
 * laser moves its tip by 15 px). Kinds, anchors, sizes and turns are drawn
 * as in the scene benchmark (scene.c). */
#define REL_LASERS 48
#define REL_SETS 32
/* A set is straight lasers or sweeps, never both: one IWRAM buffer for
 * either (1,344 bytes more of stack for the 3D rows' exact stages). */
static union {
    fxl_laser lasers[REL_LASERS];
    fxl_sweep sweeps[REL_LASERS];
} rel;
#define rel_lasers rel.lasers
#define rel_sweeps rel.sweeps
static const fxl_circle rel_player = {{120 << 16, 100 << 16}, 2 << 16};

/* turning: 0 straight lasers, 1 sweeps turning about their reference
 * point, 2 about a pivot 20 px off the beam, 3 pose to pose (a move and a
 * turn). */
static void rel_set(fxlt_rng *rng, int turning, int near)
{
    int k;
    for (k = 0; k < REL_LASERS; k++) {
        fxl_laser l;
        int32_t step = 0, w, core, round, u, v, d, side;
        fix16_t c, sn;
        l.kind = (k & 1) != 0 ? FXL_LASER_CAPSULE : FXL_LASER_BOX;
        l.anchor = (k & 2) != 0 ? FXL_ANCHOR_CENTRE : FXL_ANCHOR_EMITTER;
        l.angle = (fxl_angle)fxlt_below(rng, 4096);
        l.length = fxlt_range(rng, (turning ? 120 : 60) << 16, 240 << 16);
        l.half_width = fxlt_range(rng, 2 << 16, 6 << 16);
        l.hit_fraction = fxlt_range(rng, fix16_one / 2, fix16_one);
        if (turning) {
            step = fxlt_range(rng, 8, 40);
            if (fxlt_below(rng, 2) != 0)
                step = -step;
        }
        w = fix16_mul(l.half_width, l.hit_fraction);
        core = l.kind == FXL_LASER_BOX ? w : 0;  /* the core's half-width */
        round = l.kind == FXL_LASER_BOX ? 0 : w; /* added all round */
        d = near ? fxlt_range(rng, -(4 << 16), 4 << 16)
                 : fxlt_range(rng, (turning ? 72 : 64) << 16, (turning ? 136 : 128) << 16);
        d += round + rel_player.r;
        side = (int32_t)fxlt_below(rng, 8);
        u = fxlt_range(rng, 0, l.length); /* along the core, from its start */
        v = fxlt_range(rng, -core, core);
        if (side < 6) { /* beside the beam */
            v = side & 1 ? core + d : -core - d;
        } else { /* beyond an end */
            u = side & 1 ? l.length + d : -d;
        }
        if (l.anchor == FXL_ANCHOR_CENTRE)
            u -= l.length / 2;
        /* The player at frame point (u, v) of the pose halfway through the
         * turn: the reference point is the player minus R(angle) (u, v). */
        c = fxl_cos(l.angle);
        sn = fxl_sin(l.angle);
        l.pos.x = rel_player.c.x - (fix16_t)(((int64_t)c * u - (int64_t)sn * v) >> 16);
        l.pos.y = rel_player.c.y - (fix16_t)(((int64_t)sn * u + (int64_t)c * v) >> 16);
        if (turning == 2) {
            /* about a pivot 20 px beside the core (either side) at the
             * halfway pose: the start pose is that pose turned back by
             * step / 2 about the pivot */
            int32_t pu = fxlt_range(rng, 0, l.length), pv = fxlt_below(rng, 2) != 0 ? 20 << 16 : -(20 << 16);
            fix16_t ch = fxl_cos(step / 2), sh = fxl_sin(step / 2), wx, wy;
            fxl_vec2 pivot;
            if (l.anchor == FXL_ANCHOR_CENTRE)
                pu -= l.length / 2;
            pivot.x = l.pos.x + (fix16_t)(((int64_t)c * pu - (int64_t)sn * pv) >> 16);
            pivot.y = l.pos.y + (fix16_t)(((int64_t)sn * pu + (int64_t)c * pv) >> 16);
            wx = l.pos.x - pivot.x;
            wy = l.pos.y - pivot.y;
            l.pos.x = pivot.x + (fix16_t)(((int64_t)ch * wx + (int64_t)sh * wy) >> 16);
            l.pos.y = pivot.y + (fix16_t)(((int64_t)ch * wy - (int64_t)sh * wx) >> 16);
            l.angle -= step / 2;
            rel_sweeps[k] = fxl_sweep_turn_about(&l, pivot, step);
        } else if (turning == 3) {
            /* pose to pose: a move of up to 8 px per axis; the halfway pose
             * is where the turn happens (after half the move) */
            int32_t hx = fxlt_range(rng, -(4 << 16), 4 << 16), hy = fxlt_range(rng, -(4 << 16), 4 << 16);
            l.pos.x -= hx;
            l.pos.y -= hy;
            l.angle -= step / 2;
            rel_sweeps[k] = fxl_sweep_to_pose(&l, fxl_vec2_make(l.pos.x + 2 * hx, l.pos.y + 2 * hy),
                                              l.angle + step);
        } else if (turning) {
            l.angle -= step / 2;
            rel_sweeps[k] = fxl_sweep_turn(&l, step);
        } else {
            rel_lasers[k] = l;
        }
    }
}

/* Hits over all the sets of a row (near sets must hit about half the time). */
uint32_t bench_rel_hits(int turning, int near)
{
    fxlt_rng rng;
    uint32_t words[2], total = 0;
    int set;
    rng.state = UINT64_C(0xFA4AEA4) + (uint64_t)(turning * 2 + near);
    for (set = 0; set < REL_SETS; set++) {
        size_t n = 0;
        rel_set(&rng, turning, near);
        if (turning)
            fxl_sweeps_vs_circle(rel_sweeps, REL_LASERS, rel_player, words, &n);
        else
            fxl_lasers_vs_circle(rel_lasers, REL_LASERS, rel_player, words, &n);
        total += (uint32_t)n;
    }
    return total;
}

static bool laser_prepare_test(const fxl_laser *l)
{
    fxl_laser_prep lp;
    return fxl_laser_prepare(l, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, rel_player);
}

static bool sweep_prepare_test(const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(s, &sp) == FXL_OK && fxl_sweep_vs_circle(&sp, rel_player);
}

/* --- cycle statistics (targets with a cycle counter) ---------------------- */

void bench_samples_clear(void)
{
    nsamples = 0;
}

void bench_sample_add(uint32_t cycles)
{
    if (nsamples < MAX_SAMPLES)
        samples[nsamples++] = cycles;
}

/* Shell sort (Ciura's gaps): plain, in place, and quick enough for 8192
 * samples outside the timed windows. */
static void samples_sort(void)
{
    static const uint32_t gaps[] = {1750, 701, 301, 132, 57, 23, 10, 4, 1};
    size_t g;
    uint32_t i, j;
    for (g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        for (i = gaps[g]; i < nsamples; i++) {
            uint32_t v = samples[i];
            for (j = i; j >= gaps[g] && samples[j - gaps[g]] > v; j -= gaps[g])
                samples[j] = samples[j - gaps[g]];
            samples[j] = v;
        }
    }
}

bench_stats bench_sample_stats(void)
{
    bench_stats s = {0, 0, 0, 0};
    if (nsamples == 0)
        return s;
    samples_sort();
    s.count = nsamples;
    s.min = samples[0];
    s.median = samples[nsamples / 2];
    s.max = samples[nsamples - 1];
    return s;
}

#define TIMED(expr)                                                                           \
    do {                                                                                      \
        uint32_t t_;                                                                          \
        fxl_port_cycles_begin();                                                              \
        bench_sink += (uint32_t)(expr);                                                       \
        t_ = fxl_port_cycles_end();                                                           \
        bench_sample_add(t_ > overhead ? t_ - overhead : 0);                                        \
    } while (0)

bench_stats bench_single(int what, int kind, int stride)
{
    int i, k;
    bench_samples_clear();
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++) {
        for (i = 0; i < CIRCLES; i += stride) {
            switch (what) {
            case BENCH_FXL: TIMED(fxl_laser_vs_circle(&preps[k], circles[i])); break;
            case BENCH_FLOAT:
                TIMED(float_laser_vs_circle(&floats[k], fix16_to_dbl(circles[i].c.x),
                                            fix16_to_dbl(circles[i].c.y),
                                            fix16_to_dbl(circles[i].r)));
                break;
            case BENCH_NAIVE: TIMED(naive_laser_vs_circle(&lasers[k], circles[i])); break;
            case BENCH_CIRCLE:
                TIMED(fxl_circle_vs_circle(circles[i], circles[(i + 7) & (CIRCLES - 1)]));
                break;
            case BENCH_SIN: TIMED(fxl_sin(i * 37 + k)); break;
            case BENCH_SWEEP: TIMED(fxl_sweep_vs_circle(&sweeps[k], circles[i])); break;
            case BENCH_CHAIN_HIT:
                TIMED(fxl_chain_vs_circle(chain_boxes[k], chain_count[k], circles[i]));
                break;
            case BENCH_SWEEP_PREPARE: {
                fxl_sweep s = fxl_sweep_turn(&lasers[k], 57);
                TIMED(fxl_sweep_prepare(&s, &sweeps[k]));
                break;
            }
            case BENCH_MOVE_POINT:
                TIMED(fxl_move_point(room, ROOM_WALLS, fxl_vec2_make(120 << 16, 80 << 16), move_to(i), NULL).contacts);
                break;
            case BENCH_MOVE_CIRCLE:
                TIMED(fxl_move_circle(room_fat, ROOM_WALLS, fxl_vec2_make(120 << 16, 80 << 16), move_to(i), NULL).contacts);
                break;
            case BENCH_3D_BOX: TIMED(fxl_laser3d_vs_sphere(&box3, sphere_of(i))); break;
            case BENCH_3D_CYLINDER: TIMED(fxl_laser3d_vs_sphere(&cyl3, sphere_of(i))); break;
            case BENCH_BEAM_FRAME: TIMED(beam_frame(i)); break;
            case BENCH_ATAN2:
                TIMED(fxl_atan2(circles[i].c.y - (80 << 16), circles[i].c.x - (120 << 16)));
                break;
            default: TIMED(fxl_laser_prepare(&lasers[k], &preps[k])); break;
            }
        }
    }
    return bench_sample_stats();
}

/* Issue 20: the mover rows split by contacts, so a game can budget each:
 * the same moves and repeats as bench_single's BENCH_MOVE_POINT (circle =
 * 0, every 4th circle) or BENCH_MOVE_CIRCLE (every 8th) row, keeping the
 * samples whose move made `contacts` contacts (2: two or more). */
bench_stats bench_move_split(int circle, int contacts)
{
    int i, k, stride = circle ? 8 : 4;
    fxl_vec2 from = fxl_vec2_make(120 << 16, 80 << 16);
    bench_samples_clear();
    for (k = 0; k < LASERS / 2; k++)
        for (i = 0; i < CIRCLES; i += stride) {
            fxl_move m;
            uint32_t t_;
            fxl_vec2 to = move_to(i);
            fxl_port_cycles_begin();
            m = circle ? fxl_move_circle(room_fat, ROOM_WALLS, from, to, NULL)
                       : fxl_move_point(room, ROOM_WALLS, from, to, NULL);
            t_ = fxl_port_cycles_end();
            bench_sink += (uint32_t)m.contacts;
            if (m.contacts == contacts || (contacts == 2 && m.contacts > 2))
                bench_sample_add(t_ > overhead ? t_ - overhead : 0);
        }
    return bench_sample_stats();
}

/* Issue 23: a sphere or a 3D box (the sphere's bounding cube) against the
 * box laser box3 (cyl 1: the cylinder cyl3, 2: the egg egg3), far (200 px above the beam:
 * outside its bounding box) or near (above the beam's axis at one of 64
 * points along it, by W + r - 2 .. + 2 px: the surface's band, about half
 * hits). what: 0 sphere far, 1 sphere near, 2 box far, 3 box near; 4
 * and 5: the far and near boxes moving by (3, -2, 1) px over the frame
 * (fxl_laser3d_vs_moving_aabb3). */
bench_stats bench_3d_targets(int what, int cyl)
{
    const fxl_laser3d_prep *lp = cyl == 2 ? &egg3 : cyl ? &cyl3 : &box3;
    fxl_vec3 a, e;
    int i, k;
    bench_samples_clear();
    fxl_laser3d_ends(&box3_def, &a, &e);
    for (k = 0; k < 4; k++)
        for (i = 0; i < 64; i++) {
            fxl_sphere s;
            fxl_aabb3 b;
            fix16_t r = (fix16_t)((2 + (i & 3)) << 16);
            int32_t up = (what & 1) ? box3_def.half_width + r + ((k - 2) << 16) + (i & 1) * 0x8000
                                    : 200 << 16;
            s.c.x = a.x + (fix16_t)(((int64_t)(e.x - a.x) * i) / 64);
            s.c.y = a.y + (fix16_t)(((int64_t)(e.y - a.y) * i) / 64);
            s.c.z = a.z + (fix16_t)(((int64_t)(e.z - a.z) * i) / 64) + up;
            s.r = r;
            b.lo.x = s.c.x - r, b.lo.y = s.c.y - r, b.lo.z = s.c.z - r;
            b.hi.x = s.c.x + r, b.hi.y = s.c.y + r, b.hi.z = s.c.z + r;
            if (what < 2) {
                TIMED(fxl_laser3d_vs_sphere(lp, s));
            } else if (what < 4) {
                TIMED(fxl_laser3d_vs_aabb3(lp, b));
            } else {
                fxl_vec3 to = b.lo;
                to.x += 3 << 16, to.y -= 2 << 16, to.z += 1 << 16;
                TIMED(fxl_laser3d_vs_moving_aabb3(lp, b, to));
            }
        }
    return bench_sample_stats();
}

/* The batch and fused 3D forms, per item: fxl_laser3d_vs_aabb3s over 64
 * boxes (the near set's first 64, then the far set's: what 0 near, 1
 * far), and fxl_lasers3d_vs_sphere of 16 box lasers (box3's, yaw turned by
 * 4 steps each) against a sphere near them (what 2). */
bench_stats bench_3d_many(int what)
{
    static fxl_aabb3 boxes[64] FXL_EWRAM_BSS;
    static fxl_laser3d many[16] FXL_EWRAM_BSS;
    fxl_vec3 a, e;
    int i, k;
    bench_samples_clear();
    fxl_laser3d_ends(&box3_def, &a, &e);
    for (i = 0; i < 64; i++) {
        fix16_t r = (fix16_t)((2 + (i & 3)) << 16);
        int32_t up = what == 0 ? box3_def.half_width + r + ((i & 3) - 2) * 65536 : 200 << 16;
        fxl_vec3 c;
        c.x = a.x + (fix16_t)(((int64_t)(e.x - a.x) * i) / 64);
        c.y = a.y + (fix16_t)(((int64_t)(e.y - a.y) * i) / 64);
        c.z = a.z + (fix16_t)(((int64_t)(e.z - a.z) * i) / 64) + up;
        boxes[i].lo.x = c.x - r, boxes[i].lo.y = c.y - r, boxes[i].lo.z = c.z - r;
        boxes[i].hi.x = c.x + r, boxes[i].hi.y = c.y + r, boxes[i].hi.z = c.z + r;
    }
    for (k = 0; k < 16; k++) {
        many[k] = box3_def;
        many[k].yaw = (fxl_angle)(box3_def.yaw + 4 * k);
    }
    for (k = 0; k < 16; k++) {
        uint32_t t, w[2];
        size_t hits;
        fxl_sphere s;
        s.c.x = a.x + (e.x - a.x) / 2, s.c.y = a.y + (e.y - a.y) / 2;
        s.c.z = a.z + (e.z - a.z) / 2 + box3_def.half_width + ((k & 3) << 16);
        s.r = 3 << 16;
        fxl_port_cycles_begin();
        if (what < 2)
            bench_sink += (uint32_t)fxl_laser3d_vs_aabb3s(&box3, boxes, 64, w);
        else
            bench_sink += (uint32_t)fxl_lasers3d_vs_sphere(many, 16, s, w, &hits);
        t = fxl_port_cycles_end();
        bench_sample_add((t - overhead + (what < 2 ? 32 : 8)) / (what < 2 ? 64 : 16));
    }
    return bench_sample_stats();
}

/* Per-circle cycles of the batch form, one sample per laser. */
bench_stats bench_batch(int kind)
{
    int k;
    bench_samples_clear();
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++) {
        uint32_t t;
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_laser_vs_circles(&preps[k], circles, CIRCLES, bits);
        t = fxl_port_cycles_end();
        bench_sample_add((t - overhead + CIRCLES / 2) / CIRCLES);
    }
    return bench_sample_stats();
}

bench_stats bench_sweep_batch(int kind)
{
    int k;
    bench_samples_clear();
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++) {
        uint32_t t;
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_sweep_vs_circles(&sweeps[k], circles, CIRCLES, bits);
        t = fxl_port_cycles_end();
        bench_sample_add((t - overhead + CIRCLES / 2) / CIRCLES);
    }
    return bench_sample_stats();
}

/* The covering chains' squares (box kind for the box lasers, capsule for
 * the others) go here, so that chain_boxes keeps the rotating chains. */
static fxl_aabb cover_boxes[CHAIN_CAP] FXL_EWRAM_BSS;

bench_stats bench_chain_gen(int per_square, int cover)
{
    int k;
    bench_samples_clear();
    for (k = 0; k < LASERS; k++) {
        uint32_t t;
        size_t n = 0;
        fxl_chain_kind kind = !cover            ? FXL_CHAIN_ROTATING
                              : k < LASERS / 2 ? FXL_CHAIN_COVER_BOX
                                               : FXL_CHAIN_COVER_CAPSULE;
        fxl_aabb *out = cover ? cover_boxes : chain_boxes[k];
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_chain_make(&chains[k], kind, out, CHAIN_CAP, &n);
        t = fxl_port_cycles_end() - overhead;
        bench_sample_add(per_square ? (n ? (t + (uint32_t)n / 2u) / (uint32_t)n : t) : t);
    }
    return bench_sample_stats();
}

/* Prepare + one test per laser against the player, far or near: the fused
 * call (fused = 1: one call for 48, per laser; one sample per set) or
 * fxl_laser_prepare / fxl_sweep_prepare + one test (one sample per laser). */
bench_stats bench_rel(int turning, int near, int fused)
{
    fxlt_rng rng;
    uint32_t words[2];
    int set, k;
    rng.state = UINT64_C(0xFA4AEA4) + (uint64_t)(turning * 2 + near);
    bench_samples_clear();
    for (set = 0; set < REL_SETS; set++) {
        rel_set(&rng, turning, near);
        if (fused) {
            uint32_t t;
            fxl_port_cycles_begin();
            if (turning)
                bench_sink += (uint32_t)fxl_sweeps_vs_circle(rel_sweeps, REL_LASERS, rel_player, words, NULL);
            else
                bench_sink += (uint32_t)fxl_lasers_vs_circle(rel_lasers, REL_LASERS, rel_player, words, NULL);
            t = fxl_port_cycles_end() - overhead;
            bench_sample_add((t + REL_LASERS / 2) / REL_LASERS);
        } else {
            for (k = 0; k < REL_LASERS; k++) {
                if (turning)
                    TIMED(sweep_prepare_test(&rel_sweeps[k]));
                else
                    TIMED(laser_prepare_test(&rel_lasers[k]));
            }
        }
    }
    return bench_sample_stats();
}

/* Issue 23: the same sets of straight lasers against the player as a box
 * (its circle's square, half-size 2 px): the fused call per laser (fused =
 * 1) or fxl_laser_prepare + fxl_laser_vs_aabb (one sample per laser). */
static const fxl_aabb rel_box = {{118 << 16, 98 << 16}, {122 << 16, 102 << 16}};

static bool laser_prepare_box(const fxl_laser *l)
{
    fxl_laser_prep lp;
    return fxl_laser_prepare(l, &lp) == FXL_OK && fxl_laser_vs_aabb(&lp, rel_box);
}

bench_stats bench_rel_laser_box(int near, int fused)
{
    fxlt_rng rng;
    uint32_t words[2];
    int set, k;
    rng.state = UINT64_C(0xFA4AEA4) + (uint64_t)near;
    bench_samples_clear();
    for (set = 0; set < REL_SETS; set++) {
        rel_set(&rng, 0, near);
        if (fused) {
            uint32_t t;
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_lasers_vs_aabb(rel_lasers, REL_LASERS, rel_box, words, NULL);
            t = fxl_port_cycles_end() - overhead;
            bench_sample_add((t + REL_LASERS / 2) / REL_LASERS);
        } else {
            for (k = 0; k < REL_LASERS; k++)
                TIMED(laser_prepare_box(&rel_lasers[k]));
        }
    }
    return bench_sample_stats();
}

uint32_t bench_rel_laser_box_hits(int near)
{
    fxlt_rng rng;
    uint32_t words[2], total = 0;
    int set;
    rng.state = UINT64_C(0xFA4AEA4) + (uint64_t)near;
    for (set = 0; set < REL_SETS; set++) {
        size_t n = 0;
        rel_set(&rng, 0, near);
        fxl_lasers_vs_aabb(rel_lasers, REL_LASERS, rel_box, words, &n);
        total += (uint32_t)n;
    }
    return total;
}

/* Issue 23: the same sweeps against a box, the player's bounding square
 * (118..122 px, 98..102 px): the fused call (fused = 1, per sweep, one
 * sample per set) or fxl_sweep_prepare + fxl_sweep_vs_aabb (one sample per
 * sweep). The placement is the circle rows' (far / near the circle). */
static bool sweep_prepare_box(const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(s, &sp) == FXL_OK && fxl_sweep_vs_aabb(&sp, rel_box);
}

bench_stats bench_rel_sweep_box(int turning, int near, int fused)
{
    fxlt_rng rng;
    uint32_t words[2];
    int set, k;
    rng.state = UINT64_C(0xFA4AEA4) + (uint64_t)(turning * 2 + near);
    bench_samples_clear();
    for (set = 0; set < REL_SETS; set++) {
        rel_set(&rng, turning, near);
        if (fused) {
            uint32_t t;
            fxl_port_cycles_begin();
            bench_sink += (uint32_t)fxl_sweeps_vs_aabb(rel_sweeps, REL_LASERS, rel_box, words, NULL);
            t = fxl_port_cycles_end() - overhead;
            bench_sample_add((t + REL_LASERS / 2) / REL_LASERS);
        } else {
            for (k = 0; k < REL_LASERS; k++)
                TIMED(sweep_prepare_box(&rel_sweeps[k]));
        }
    }
    return bench_sample_stats();
}

/* Bullets vs the player, per bullet, in one fxl_circles_vs_circle call over
 * the scene's 1024 circles; one sample per player position (64, on a grid
 * over the screen). */
bench_stats bench_bullets_batch(void)
{
    int k;
    bench_samples_clear();
    for (k = 0; k < 64; k++) {
        fxl_circle p = fxl_circle_make((fix16_t)((k % 8) * 30 + 15) << 16,
                                       (fix16_t)((k / 8) * 20 + 10) << 16, 2 << 16);
        uint32_t t;
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_circles_vs_circle(circles, CIRCLES, p, bits);
        t = fxl_port_cycles_end() - overhead;
        bench_sample_add((t + CIRCLES / 2) / CIRCLES);
    }
    return bench_sample_stats();
}

/* fxl_sin or fxl_cos alone: the angle reaches the code only after the timer
 * starts and the result must exist before it stops (empty asm statements
 * that cost no instruction), so neither can be moved out of the window. */
#ifdef __GNUC__
#define OPAQUE(v) __asm__ volatile("" : "+r"(v))
#else
#define OPAQUE(v) ((void)0)
#endif
#define SINCOS_LOOP(fn)                                                                       \
    for (i = 0; i < 4096; i++) {                                                              \
        fxl_angle a = i * 37;                                                                 \
        fix16_t v;                                                                            \
        uint32_t t;                                                                           \
        fxl_port_cycles_begin();                                                              \
        OPAQUE(a);                                                                            \
        v = fn(a);                                                                            \
        OPAQUE(v);                                                                            \
        t = fxl_port_cycles_end();                                                            \
        bench_sample_add(t > overhead ? t - overhead : 0);                                          \
    }

bench_stats bench_sincos(int cosine)
{
    int i;
    bench_samples_clear();
    if (cosine) {
        /* cppcheck-suppress unreadVariable ; read by the empty asm */
        SINCOS_LOOP(fxl_cos)
    } else {
        /* cppcheck-suppress unreadVariable ; read by the empty asm */
        SINCOS_LOOP(fxl_sin)
    }
    return bench_sample_stats();
}

void bench_calibrate(void)
{
    uint32_t best = 0xFFFFFFFFu;
    int i;
    overhead = 0;
    for (i = 0; i < 64; i++) {
        uint32_t t;
        fxl_port_cycles_begin();
        t = fxl_port_cycles_end();
        if (t < best)
            best = t;
    }
    overhead = best;
}

uint32_t bench_overhead(void)
{
    return overhead;
}

uint32_t bench_hits(int kind)
{
    uint32_t n = 0;
    int k;
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++)
        n += (uint32_t)fxl_laser_vs_circles(&preps[k], circles, CIRCLES, NULL);
    return n;
}

/* --- the swept test per kind of motion (issue 12) ------------------------- */

/* The 16 scene lasers as the six kinds of motion: 0 a turn about the
 * emitter, 1 about the middle (a propeller), 2 about a pivot 20 px off the
 * beam, 3 a slide (3 px, -2 px, no turn), 4 a slide and a turn, 5 the same
 * against circles that move (2 px, 1 px) too. Turns of 8..40 steps. */
static fxl_sweep motion_sweep(int kind, int k)
{
    fxl_laser l = lasers[k];
    int32_t step = 8 + (k * 13) % 33;
    fxl_sweep s;
    if (kind == 1)
        l = fxl_laser_from_centre(l.kind, l.pos, l.angle, l.length / 2, l.half_width);
    s = fxl_sweep_turn(&l, (k & 1) ? -step : step);
    if (kind == 2)
        s.motion.pivot = fxl_vec2_make(l.pos.x + (20 << 16), l.pos.y + (20 << 16));
    if (kind >= 3)
        s.motion.move = fxl_vec2_make(3 << 16, -(2 << 16));
    if (kind == 3)
        s.motion.step = 0;
    return s;
}

static fxl_vec2 moved(int i)
{
    return fxl_vec2_make(circles[i].c.x + (2 << 16), circles[i].c.y + (1 << 16));
}

/* what: 0 prepare (per sweep), 1 one test (per circle, called from Thumb),
 * 2 the batch form (per circle, one sample per sweep). */
bench_stats bench_motion(int kind, int what)
{
    static fxl_vec2 to[CIRCLES] FXL_EWRAM_BSS;
    int i, k;
    for (i = 0; i < CIRCLES; i++)
        to[i] = moved(i);
    bench_samples_clear();
    for (k = 0; k < LASERS; k++) {
        fxl_sweep s = motion_sweep(kind, k);
        fxl_sweep_prep sp;
        if (what == 0) {
            for (i = 0; i < 8; i++)
                TIMED(fxl_sweep_prepare(&s, &sp));
            continue;
        }
        if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
            continue;
        if (what == 1) {
            for (i = 0; i < CIRCLES; i += 4) {
                if (kind == 5)
                    TIMED(fxl_sweep_vs_moving_circle(&sp, circles[i], to[i]));
                else
                    TIMED(fxl_sweep_vs_circle(&sp, circles[i]));
            }
        } else {
            uint32_t t;
            fxl_port_cycles_begin();
            if (kind == 5)
                bench_sink += (uint32_t)fxl_sweep_vs_moving_circles(&sp, circles, to, CIRCLES, bits);
            else
                bench_sink += (uint32_t)fxl_sweep_vs_circles(&sp, circles, CIRCLES, bits);
            t = fxl_port_cycles_end();
            bench_sample_add((t - overhead + CIRCLES / 2) / CIRCLES);
        }
    }
    return bench_sample_stats();
}

/* Building a sweep (what a game's frame code does per laser): which 0
 * fxl_sweep_turn, 1 fxl_sweep_turn_about, 2 fxl_sweep_to_pose; one sample
 * per call, 16 lasers x 8. */
static fxl_sweep built FXL_EWRAM_BSS;

bench_stats bench_sweep_build(int which)
{
    int k, i;
    bench_samples_clear();
    for (k = 0; k < LASERS; k++) {
        fxl_vec2 p = fxl_vec2_make(lasers[k].pos.x + (20 << 16), lasers[k].pos.y);
        for (i = 0; i < 8; i++) {
            uint32_t t;
            fxl_port_cycles_begin();
            if (which == 0)
                built = fxl_sweep_turn(&lasers[k], 8 + i);
            else if (which == 1)
                built = fxl_sweep_turn_about(&lasers[k], p, 8 + i);
            else
                built = fxl_sweep_to_pose(&lasers[k], p, lasers[k].angle + 8 + i);
            t = fxl_port_cycles_end();
            bench_sink += (uint32_t)built.motion.step;
            bench_sample_add(t > overhead ? t - overhead : 0);
        }
    }
    return bench_sample_stats();
}

BENCH_NOINLINE void run_motions(void)
{
    int kind, k, i;
    for (kind = 0; kind < 6; kind++) {
        for (k = 0; k < LASERS; k++) {
            fxl_sweep s = motion_sweep(kind, k);
            fxl_sweep_prep sp;
            if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
                continue;
            for (i = 0; i < CIRCLES; i += 4)
                bench_sink += kind == 5 ? fxl_sweep_vs_moving_circle(&sp, circles[i], moved(i))
                                        : fxl_sweep_vs_circle(&sp, circles[i]);
        }
    }
}
