/* boss_gba.c - the boss frame ROM's main: plays BOSS_FRAMES frames of the
 * seeded boss frame (boss.c) twice, with one player and with two (co-op),
 * times every phase of every frame with the cascaded hardware timers (TM2 +
 * TM3, the timer overhead subtracted), and prints the markdown tables that
 * `make bench` puts in docs/bench-gba.md: the README frame (the scene's
 * frame written as the frame code of docs/guide/lasers.md, which README.md
 * carried before the guide did) and the boss frame, then the
 * hit-list hashes (BOSS-HASH line) that tools/bench_gba.sh checks against
 * the host twin's exact references (BOSS-ORACLE) and, for the README frame,
 * the scene's (SCENE-ORACLE). Player 1's hit lists must be the same in
 * both plays (the ROM's exit status). */
#include "boss.h"
#include "frame_stats.h"
#include "test_port.h"

#include "../harness.h"

/* Samples: [players - 1][phase, or BOSS_PHASES for the whole frame,
 * BOSS_PHASES + 1 for the README frame][frame]. */
#define T_FRAME BOSS_PHASES
#define T_README (BOSS_PHASES + 1)
#define T_BUILD_SPIN (BOSS_PHASES + 2)
#define T_BUILD_POSE (BOSS_PHASES + 3)
#define T_BOUNCE_ONLY (BOSS_PHASES + 4)
#define T_COUNT (BOSS_PHASES + 5)
static uint32_t samples[BOSS_PLAYERS][T_COUNT][BOSS_FRAMES] FXL_EWRAM_BSS;
static uint32_t sorted[BOSS_FRAMES] FXL_EWRAM_BSS;
static uint32_t overhead;

typedef frame_stats stats;

static stats stats_of(int players, int which)
{
    return frame_stats_of(samples[players - 1][which], sorted, BOSS_FRAMES);
}

static void verdict(bool met)
{
    fxlt_printf("%s", met ? "**met**" : "**missed**");
}

/* Plays the frames with `players` players; returns the hash of every
 * frame's hit lists (all phases, all players); *readme the README frame's
 * (player 1, its three phases), *first player 1's (all phases). */
static uint32_t timed(boss_phase_fn fn, boss_hits *h, int players, size_t *n)
{
    uint32_t t;
    fxl_port_cycles_begin();
    *n = fn(h, players);
    t = fxl_port_cycles_end();
    return t > overhead ? t - overhead : 0u;
}

static uint32_t play(int players, uint32_t *hits, uint32_t *readme, uint32_t *first)
{
    uint32_t hash = SCENE_FNV_BASIS;
    int f, p;
    *readme = SCENE_FNV_BASIS;
    *first = SCENE_FNV_BASIS;
    boss_init();
    for (f = 0; f < BOSS_FRAMES; f++) {
        boss_hits h;
        uint32_t total = 0;
        size_t n;
        for (p = 0; p < BOSS_PHASES; p++) {
            uint32_t t = timed(boss_phase[p], &h, players, &n);
            samples[players - 1][p][f] = t;
            total += t;
            hits[p] += (uint32_t)n;
            if (p == BOSS_README_PHASES - 1)
                samples[players - 1][T_README][f] = total;
        }
        samples[players - 1][T_FRAME][f] = total;
        /* Not in the totals: the phases' sweep building alone. */
        samples[players - 1][T_BUILD_SPIN][f] = timed(boss_build_spinners, &h, players, &n);
        samples[players - 1][T_BUILD_POSE][f] = timed(boss_build_poses, &h, players, &n);
        samples[players - 1][T_BOUNCE_ONLY][f] = timed(boss_bounce_only, &h, players, &n);
        hash = boss_hash(hash, &h, players, 0, BOSS_PHASES);
        *readme = boss_hash(*readme, &h, 1, 0, BOSS_README_PHASES);
        *first = boss_hash(*first, &h, 1, 0, BOSS_PHASES);
        boss_advance();
    }
    return hash;
}

static void row(const char *name, int which)
{
    stats s = stats_of(1, which), c = stats_of(2, which);
    fxlt_printf("| %s | %u | ", name, s.median);
    frame_pct(s.median);
    fxlt_printf(" | %u / %u | ", s.min, s.max);
    frame_ratio(s.max, s.median, 2);
    fxlt_printf(" | %u | ", c.median);
    frame_pct(c.median);
    fxlt_printf(" | %u |\n", c.max);
}

int main(void)
{
    static uint32_t hits[BOSS_PLAYERS][BOSS_PHASES];
    uint32_t solo, coop, readme, readme2, first_solo, first_coop, errors;
    int p;

    fxl_port_init();
    overhead = frame_timer_overhead();
    solo = play(1, hits[0], &readme, &first_solo);
    errors = boss_errors();
    coop = play(2, hits[1], &readme2, &first_coop);
    errors += boss_errors();

    fxlt_printf("BOSS-BEGIN\n");
    fxlt_printf("## The scene's frame, the guide's code literally (the README frame)\n\n");
    fxlt_printf("The scene's frame (640 bullets, 48 straight lasers, 16 rotating lasers, one\n");
    fxlt_printf("player) written as the frame code of docs/guide/lasers.md, \"A game's frame\"\n");
    fxlt_printf("(README.md carried it before the guide did, hence the name README frame):\n");
    fxlt_printf("`fxl_circles_vs_circle`,\n");
    fxlt_printf("`fxl_lasers_vs_circle`, and `fxl_sweeps_vs_circle` on the 16 turning lasers kept as\n");
    fxlt_printf("`fxl_sweep` (built once with `fxl_sweep_turn`, each laser's angle advanced by its\n");
    fxlt_printf("step after the frame; the 8 middle spinners centre-anchored), the player's circle\n");
    fxlt_printf("made once a frame (tests/bench/boss.c, `readme_*`). Cycles per frame, median\n");
    fxlt_printf("(min / max) over %u frames, timer overhead of %u cycles subtracted.\n\n", (uint32_t)BOSS_FRAMES,
                overhead);
    fxlt_printf("| phase | median | %% | min / max | max / median | co-op median | %% | co-op max |\n");
    fxlt_printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (p = 0; p < BOSS_README_PHASES; p++)
        row(boss_phase_name[p], p);
    row("(not in the frame) building the 16 sweeps every frame instead (`fxl_sweep_turn_about` / `fxl_sweep_turn`), timed apart", T_BUILD_SPIN);
    row("**whole frame**", T_README);
    {
        stats s = stats_of(1, T_README);
        fxlt_printf("\nREADME frame, one player: median %u cycles, ", s.median);
        frame_pct(s.median);
        fxlt_printf("; target <= 16850: ");
        verdict(s.median <= 16850u);
        fxlt_printf(".\n\n");
    }

    fxlt_printf("## The boss frame\n\n");
    fxlt_printf("Every frame the README frame above plus: 8 lasers moving pose to pose (up to 3 px\n");
    fxlt_printf("on each axis and 40 steps a frame, 80..200 px, emitter-anchored); 2 curvy lasers\n");
    fxlt_printf("(64-node rings, 4 px half-width tapered over 8 nodes, heads weaving up to about\n");
    fxlt_printf("4 px a frame), pushed every frame and tested against each player's move over the\n");
    fxlt_printf("frame; 4 turrets casting 300 px beams in a 16-wall room (the per-call table's;\n");
    fxlt_printf("walls prepared once), a box and a capsule stopped by their centre line and a box\n");
    fxlt_printf("and a capsule by their drawn width, the clipped lasers tested in one call; 2\n");
    fxlt_printf("turrets' 400 px capsule beams bouncing off up to 4 walls, each beam's legs\n");
    fxlt_printf("tested directly (`fxl_bounce_vs_circle`). Pools: everything the\n");
    fxlt_printf("collision phases read in IWRAM (bullets, lasers, sweeps' lasers, curvy rings and\n");
    fxlt_printf("boxes, the prepared walls, legs); motion-only state (velocities, targets, the\n");
    fxlt_printf("room as described) in EWRAM. Game code Thumb in ROM. Co-op: a second player\n");
    fxlt_printf("wandering the same area, every phase tested against both.\n\n");
    fxlt_printf("| phase | median | %% | min / max | max / median | co-op median | %% | co-op max |\n");
    fxlt_printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (p = 0; p < BOSS_PHASES; p++) {
        row(boss_phase_name[p], p);
        if (p == BOSS_PH_POSE)
            row("of which building the 8 sweeps (`fxl_sweep_to_pose`), timed apart", T_BUILD_POSE);
        if (p == BOSS_PH_BOUNCES)
            row("of which the 2 `fxl_room_bounce` calls, timed apart", T_BOUNCE_ONLY);
    }
    row("**whole boss frame**", T_FRAME);
    {
        stats s = stats_of(1, T_FRAME), c = stats_of(2, T_FRAME);
        fxlt_printf("\nBoss frame, one player: median %u cycles (", s.median);
        frame_pct(s.median);
        fxlt_printf("), target <= 25280 (9 %%): ");
        verdict(s.median <= 25280u);
        fxlt_printf(";\nworst frame %u (", s.max);
        frame_pct(s.max);
        fxlt_printf("), target <= 33700 (12 %%): ");
        verdict(s.max <= 33700u);
        fxlt_printf(";\nworst / median ");
        frame_ratio(s.max, s.median, 2);
        fxlt_printf(", target <= 1.5x: ");
        verdict((uint64_t)s.max * 2u <= (uint64_t)s.median * 3u);
        fxlt_printf(";\nco-op median %u (", c.median);
        frame_pct(c.median);
        fxlt_printf("), target <= 39300 (14 %%): ");
        verdict(c.median <= 39300u);
        fxlt_printf(".\n\n");
    }
    {
        /* Where the worst frame's cycles went. */
        const uint32_t *tot = samples[0][T_FRAME];
        int f, worst = 0;
        for (f = 1; f < BOSS_FRAMES; f++)
            if (tot[f] > tot[worst])
                worst = f;
        fxlt_printf("The worst frame (one player) is frame %d: %u cycles =", worst, tot[worst]);
        for (p = 0; p < BOSS_PHASES; p++)
            fxlt_printf("%s %u", p == 0 ? "" : " +", samples[0][p][worst]);
        fxlt_printf(" (phases in order).\n");
    }
    fxlt_printf("Hits over the %u frames, one player (co-op, both players):", (uint32_t)BOSS_FRAMES);
    for (p = 0; p < BOSS_PHASES; p++)
        fxlt_printf("%s %u (%u)", p == 0 ? "" : ",", hits[0][p], hits[1][p]);
    fxlt_printf(" (phases in order).\n");
    if (errors != 0)
        fxlt_printf("**%u library calls refused** (never expected).\n", errors);
    fxlt_printf("Hit-list hashes (FNV-1a over every frame's hit bits): README frame 0x%08x,\n", readme);
    fxlt_printf("boss frame 0x%08x, co-op 0x%08x; player 1 in co-op %s.\n", solo, coop,
                first_coop == first_solo && readme2 == readme ? "the same as alone" : "**DIFFERENT**");
    fxlt_printf("BOSS-END\n");
    fxlt_printf("BOSS-HASH 0x%08x 0x%08x 0x%08x\n", readme, solo, coop);
    fxl_port_finish(errors != 0 || first_coop != first_solo || readme2 != readme ? 1 : 0);
    return 0;
}
