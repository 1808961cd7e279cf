/* scene_gba.c - the scene benchmark ROM's main: plays SCENE_FRAMES frames
 * of the seeded scene (scene.c), times every collision phase of every frame
 * with the cascaded hardware timers (TM2 + TM3, the timer overhead
 * subtracted) for the fast path, the baseline and the rotating chain, and
 * prints the markdown table that `make bench` puts at the top of
 * docs/bench-gba.md, then the hit-list hashes (SCENE-HASH line) that
 * tools/bench_gba.sh checks against the host twin's exact oracle. The fast
 * path and the baseline must agree bit for bit on every frame: any frame
 * where they do not is a failure (the ROM's exit status). */
#include "frame_stats.h"
#include "scene.h"
#include "test_port.h"

#include "../harness.h"

enum {
    T_FAST, /* + phase: the fast path's three phases */
    T_BASE = T_FAST + SCENE_PHASES,
    T_CHAIN = T_BASE + SCENE_PHASES,
    T_TOTAL_FAST,
    T_TOTAL_BASE,
    T_TOTAL_CHAIN,
    T_COUNT
};

static uint32_t samples[T_COUNT][SCENE_FRAMES] FXL_EWRAM_BSS;
static uint32_t sorted[SCENE_FRAMES] FXL_EWRAM_BSS;
static uint32_t overhead;

typedef frame_stats stats;

static uint32_t timed(scene_phase_fn fn, scene_hits *h, size_t *hits)
{
    uint32_t t;
    fxl_port_cycles_begin();
    *hits = fn(h);
    t = fxl_port_cycles_end();
    return t > overhead ? t - overhead : 0u;
}

static stats stats_of(int which)
{
    return frame_stats_of(samples[which], sorted, SCENE_FRAMES);
}

static uint32_t popcount(uint32_t v)
{
    uint32_t n = 0;
    for (; v != 0; v &= v - 1)
        n++;
    return n;
}

static void row(const char *name, int base, int fast)
{
    stats b = stats_of(base), f = stats_of(fast);
    fxlt_printf("| %s | %u | ", name, b.median);
    frame_pct(b.median);
    fxlt_printf(" | %u | ", f.median);
    frame_pct(f.median);
    fxlt_printf(" | %u / %u | ", f.min, f.max);
    frame_ratio(b.median, f.median, 1);
    fxlt_printf(" |\n");
}

static void target(const char *what, uint32_t cycles, uint32_t limit)
{
    fxlt_printf("%s: median %u cycles, ", what, cycles);
    frame_pct(cycles);
    fxlt_printf(" of a frame; target <= %u: %s.\n", limit, cycles <= limit ? "**met**" : "**missed**");
}

int main(void)
{
    static const scene_phase_fn fast[SCENE_PHASES] = {scene_bullets_fast, scene_lasers_fast,
                                                      scene_rotating_fast};
    static const scene_phase_fn base[SCENE_PHASES] = {scene_bullets_base, scene_lasers_base,
                                                      scene_rotating_base};
    uint32_t hash_fast = SCENE_FNV_BASIS, hash_base = SCENE_FNV_BASIS, hash_chain = SCENE_FNV_BASIS;
    uint32_t hits[SCENE_PHASES] = {0, 0, 0}, chain_hits = 0, chain_missed = 0, chain_extra = 0;
    uint32_t differ = 0;
    int f, p;

    fxl_port_init();
    overhead = frame_timer_overhead();
    scene_init();
    for (f = 0; f < SCENE_FRAMES; f++) {
        scene_hits hf, hb, hc;
        size_t n;
        uint32_t tf = 0, tb = 0;
        for (p = 0; p < SCENE_PHASES; p++) {
            samples[T_FAST + p][f] = timed(fast[p], &hf, &n);
            tf += samples[T_FAST + p][f];
            hits[p] += (uint32_t)n;
        }
        for (p = 0; p < SCENE_PHASES; p++) {
            samples[T_BASE + p][f] = timed(base[p], &hb, &n);
            tb += samples[T_BASE + p][f];
        }
        samples[T_CHAIN][f] = timed(scene_rotating_chain, &hc, &n);
        chain_hits += (uint32_t)n;
        samples[T_TOTAL_FAST][f] = tf;
        samples[T_TOTAL_BASE][f] = tb;
        samples[T_TOTAL_CHAIN][f] = tf - samples[T_FAST + SCENE_PH_ROTATING][f] + samples[T_CHAIN][f];
        for (p = 0; p < SCENE_PHASES; p++) {
            hash_fast = scene_hash(hash_fast, &hf, p);
            hash_base = scene_hash(hash_base, &hb, p);
            hash_chain = scene_hash(hash_chain, p == SCENE_PH_ROTATING ? &hc : &hf, p);
            differ += !scene_same(&hf, &hb, p);
        }
        chain_missed += popcount(hf.rotating[0] & ~hc.rotating[0]);
        chain_extra += popcount(hc.rotating[0] & ~hf.rotating[0]);
        scene_advance();
    }

    fxlt_printf("SCENE-BEGIN\n");
    fxlt_printf("Cycles per frame on the ARM7TDMI (16.78 MHz), WAITCNT = 0x4317, timer overhead of\n");
    fxlt_printf("%u cycles subtracted; median (and min / max) over %u frames of the seeded scene of\n",
                overhead, (uint32_t)SCENE_FRAMES);
    fxlt_printf("`tests/bench/scene.c`, %% of the 280,896-cycle frame. Scene: %u bullets (r = 2..4 px,\n",
                (uint32_t)SCENE_BULLETS);
    fxlt_printf("up to 2 px a frame, wrapping over 240x160); %u straight lasers (half box, half\n",
                (uint32_t)SCENE_LASERS);
    fxlt_printf("capsule, 60..240 px, half-width 2..6 px, hitbox 50..100 %% of it) drifting and\n");
    fxlt_printf("turning up to 3 steps a frame, prepared every frame; %u rotating lasers\n",
                (uint32_t)SCENE_ROTATING);
    fxlt_printf("(120..240 px, 8..40 steps a frame; 8 about their emitter, 8 about their middle);\n");
    fxlt_printf("one player of radius 2 px wandering below the middle. Bullet, laser and\n");
    fxlt_printf("rotating-laser pools in IWRAM; the game code is Thumb in ROM, the batch and\n");
    fxlt_printf("fused calls ARM in IWRAM.\n\n");
    fxlt_printf("| phase (calls, baseline -> fast path) | baseline | %% | fast path | %% | fast min / max | faster by |\n");
    fxlt_printf("|---|---:|---:|---:|---:|---:|---:|\n");
    row("640 bullets vs player: `fxl_circle_vs_circle` each -> `fxl_circles_vs_circle`",
        T_BASE + SCENE_PH_BULLETS, T_FAST + SCENE_PH_BULLETS);
    row("48 straight lasers: `fxl_laser_prepare` + `fxl_laser_vs_circle` each -> `fxl_lasers_vs_circle`",
        T_BASE + SCENE_PH_LASERS, T_FAST + SCENE_PH_LASERS);
    row("16 rotating lasers, exact sweep: `fxl_sweep_prepare` + `fxl_sweep_vs_circle` each -> "
        "`fxl_sweeps_vs_circle`",
        T_BASE + SCENE_PH_ROTATING, T_FAST + SCENE_PH_ROTATING);
    row("**whole frame** (each frame's sum)", T_TOTAL_BASE, T_TOTAL_FAST);
    fxlt_printf("\n");
    target("Whole frame, fast path with the exact sweep", stats_of(T_TOTAL_FAST).median, 16850u);
    fxlt_printf("\n");
    fxlt_printf("The same frame with the rotating lasers as rotating chains of squares ");
    fxlt_printf("(`fxl_chain_make` (FXL_CHAIN_ROTATING) + `fxl_chain_vs_circle`; two chains from the middle for ");
    fxlt_printf("a laser turning about its middle):\n\n");
    fxlt_printf("| phase | median | %% | min | max |\n|---|---:|---:|---:|---:|\n");
    {
        stats c = stats_of(T_CHAIN), t = stats_of(T_TOTAL_CHAIN);
        fxlt_printf("| 16 rotating lasers, chain | %u | ", c.median);
        frame_pct(c.median);
        fxlt_printf(" | %u | %u |\n", c.min, c.max);
        fxlt_printf("| **whole frame with the chain** | %u | ", t.median);
        frame_pct(t.median);
        fxlt_printf(" | %u | %u |\n\n", t.min, t.max);
        target("Whole frame with the chain", t.median, 42134u);
    }
    fxlt_printf("\nHits over the %u frames: bullets %u, straight lasers %u, rotating lasers %u\n",
                (uint32_t)SCENE_FRAMES, hits[0], hits[1], hits[2]);
    fxlt_printf("(exact sweep); the chain registers %u (it misses %u of the sweep's, adds %u).\n",
                chain_hits, chain_missed, chain_extra);
    if (scene_chain_errors() != 0)
        fxlt_printf("%u chains were refused (counted as hits).\n", scene_chain_errors());
    fxlt_printf("Hit-list hash (FNV-1a over every frame's hit bits, phases in order): fast path\n");
    fxlt_printf("0x%08x, baseline 0x%08x (%s), frame with the chain 0x%08x.\n", hash_fast,
                hash_base, differ == 0 ? "bit for bit the same on every frame" : "**DIFFERENT**",
                hash_chain);
    fxlt_printf("SCENE-END\n");
    fxlt_printf("SCENE-HASH 0x%08x 0x%08x 0x%08x\n", hash_fast, hash_base, hash_chain);
    fxl_port_finish(differ != 0 || hash_fast != hash_base ? 1 : 0);
    return 0;
}
