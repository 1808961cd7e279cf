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
 * rotating chain of squares as wide as its hitbox. */
static fxl_sweep_prep sweeps[LASERS];
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
static fxl_laser3d_prep box3, cyl3;
/* A laser object: warning, then active, turning 5 degrees a frame. */
static fxl_beam beam;
static float_laser floats[LASERS];
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
        l.anchor = FXL_ANCHOR_ORIGIN;
        l.pos.x = 20 << 16, l.pos.y = 20 << 16, l.pos.z = 10 << 16;
        l.yaw = 300;
        l.pitch = 3900;
        l.length = 250 << 16;
        l.half_width = 6 << 16;
        l.egg_k = fix16_one;
        fxl_laser3d_prepare(&l, &box3);
        l.kind = FXL_LASER3D_CYLINDER;
        fxl_laser3d_prepare(&l, &cyl3);
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
        lasers[i] = fxl_laser_from_origin(kind, fxl_vec2_make(x, y), a, len, hw);
        lasers[i].hit_fraction = fxlt_range(&rng, 0x8000, 0x10000);
        fxl_laser_prepare(&lasers[i], &preps[i]);
        floats[i] = float_laser_make(&lasers[i]);
        {
            int32_t step = fxlt_range(&turns, -228, 228); /* own generator: scene unchanged */
            fxl_sweep s = fxl_sweep_turn(&lasers[i], step);
            fxl_sweep_prepare(&s, &sweeps[i]);
            chains[i].origin = lasers[i].pos;
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

/* --- cycle statistics (targets with a cycle counter) ---------------------- */

static void samples_clear(void)
{
    nsamples = 0;
}

static void sample_add(uint32_t cycles)
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

static bench_stats sample_stats(void)
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
        sample_add(t_ > overhead ? t_ - overhead : 0);                                        \
    } while (0)

bench_stats bench_single(int what, int kind, int stride)
{
    int i, k;
    samples_clear();
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
    return sample_stats();
}

/* Per-circle cycles of the batch form, one sample per laser. */
bench_stats bench_batch(int kind)
{
    int k;
    samples_clear();
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++) {
        uint32_t t;
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_laser_vs_circles(&preps[k], circles, CIRCLES, bits);
        t = fxl_port_cycles_end();
        sample_add((t - overhead + CIRCLES / 2) / CIRCLES);
    }
    return sample_stats();
}

bench_stats bench_sweep_batch(int kind)
{
    int k;
    samples_clear();
    for (k = kind * LASERS / 2; k < (kind + 1) * LASERS / 2; k++) {
        uint32_t t;
        fxl_port_cycles_begin();
        bench_sink += (uint32_t)fxl_sweep_vs_circles(&sweeps[k], circles, CIRCLES, bits);
        t = fxl_port_cycles_end();
        sample_add((t - overhead + CIRCLES / 2) / CIRCLES);
    }
    return sample_stats();
}

/* The covering chains' squares (box kind for the box lasers, capsule for
 * the others) go here, so that chain_boxes keeps the rotating chains. */
static fxl_aabb cover_boxes[CHAIN_CAP] FXL_EWRAM_BSS;

bench_stats bench_chain_gen(int per_square, int cover)
{
    int k;
    samples_clear();
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
        sample_add(per_square ? (n ? (t + (uint32_t)n / 2u) / (uint32_t)n : t) : t);
    }
    return sample_stats();
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
