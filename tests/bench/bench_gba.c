/* bench_gba.c - the cycle benchmark ROM's main: prints the markdown table
 * that `make bench` writes to docs/bench-gba.md. Each call is timed with the
 * cascaded hardware timers (TM2 + TM3), the timer overhead subtracted. */
#include "bench.h"
#include "test_port.h"

#include "../harness.h"

static uint32_t met, missed;

/* target: the target for the median, 0 for none. */
static void row_t(const char *name, const char *where, bench_stats s, uint32_t target)
{
    fxlt_printf("| %s | %s | %u | %u | %u | %u | ", name, where, s.min, s.median, s.max, s.count);
    if (target == 0) {
        fxlt_printf(" | |\n");
    } else {
        fxlt_printf("<= %u | %s |\n", target, s.median <= target ? "met" : "**missed**");
        if (s.median <= target)
            met++;
        else
            missed++;
    }
}

static void row(const char *name, const char *where, bench_stats s)
{
    row_t(name, where, s, 0);
}

/* base / ours with one decimal, in integers. */
static void ratio(const char *name, bench_stats base, bench_stats ours)
{
    uint32_t x10 = ours.median ? (base.median * 10u + ours.median / 2u) / ours.median : 0u;
    fxlt_printf("| %s | %u / %u | %u.%ux |\n", name, base.median, ours.median, x10 / 10u,
                x10 % 10u);
}

/* Measured first (the table and the ratios below print them). */
static bench_stats box1, cap1, boxn, capn, flt, naive;

/* The table's rows in three functions, each with its own frame: in one
 * main, GCC gave every row's returned stats a stack slot of its own (1.6 KB),
 * and the deepest calls (a sweep against a box, about 2 KB) then ran the
 * stack into the static data. */
static BENCH_NOINLINE void rows_targets(void)
{
    /* The rows with targets (issue 11, item 3). */
    row_t("fxl_sin", "Thumb, ROM (inline)", bench_sincos(0), 16);
    row_t("fxl_cos", "Thumb, ROM (inline)", bench_sincos(1), 16);
    row_t("straight laser, prepare + one test, player far: fxl_lasers_vs_circle, per laser (48 a call)",
          "ARM, IWRAM", bench_rel(0, 0, 1), 120);
    row_t("straight laser, prepare + one test, player near: the same", "ARM, IWRAM", bench_rel(0, 1, 1), 250);
    row("straight laser vs the player's 4 px square (issue 23), far: fxl_lasers_vs_aabb, per laser", "Thumb + ARM, ROM",
        bench_rel_laser_box(0, 1));
    row("straight laser vs the player's square, near: the same", "Thumb + ARM, ROM", bench_rel_laser_box(1, 1));
    row_t("sweep, prepare + one test, player far: fxl_sweeps_vs_circle, per sweep (48 a call)",
          "ARM, IWRAM", bench_rel(1, 0, 1), 250);
    row_t("sweep, prepare + one test, player near: the same", "ARM, IWRAM", bench_rel(1, 1, 1), 600);
    /* Issue 20 item 2: every motion on the fused call's fast path. */
    row_t("sweep about a pivot 20 px off the beam, player far: fxl_sweeps_vs_circle, per sweep", "ARM, IWRAM",
          bench_rel(2, 0, 1), 300);
    row_t("sweep about a pivot 20 px off the beam, player near: the same", "ARM, IWRAM", bench_rel(2, 1, 1), 1300);
    row_t("sweep pose to pose (move and turn), player far: fxl_sweeps_vs_circle, per sweep", "ARM, IWRAM",
          bench_rel(3, 0, 1), 300);
    row_t("sweep pose to pose (move and turn), player near: the same", "ARM, IWRAM", bench_rel(3, 1, 1), 1300);
    /* Issue 23: the same sweeps against the player's bounding square. */
    row("sweep vs box, far: fxl_sweeps_vs_aabb, per sweep (48 a call)", "ARM, IWRAM + ROM", bench_rel_sweep_box(1, 0, 1));
    row("sweep vs box, near: the same", "ARM, IWRAM + ROM", bench_rel_sweep_box(1, 1, 1));
    row("sweep about a pivot 20 px off the beam vs box, far: fxl_sweeps_vs_aabb, per sweep", "ARM, IWRAM + ROM",
        bench_rel_sweep_box(2, 0, 1));
    row("sweep about a pivot 20 px off the beam vs box, near: the same", "ARM, IWRAM + ROM", bench_rel_sweep_box(2, 1, 1));
    row("sweep pose to pose vs box, far: fxl_sweeps_vs_aabb, per sweep", "ARM, IWRAM + ROM", bench_rel_sweep_box(3, 0, 1));
    row("sweep pose to pose vs box, near: the same", "ARM, IWRAM + ROM", bench_rel_sweep_box(3, 1, 1));
    row_t("bullets vs player: fxl_circles_vs_circle, per bullet (1024 a call)", "ARM, IWRAM",
          bench_bullets_batch(), 20);
    row_t("fxl_chain_make (FXL_CHAIN_ROTATING), per square", "Thumb call, ARM in IWRAM", bench_chain_gen(1, 0), 120);
    row_t("fxl_atan2", "ARM, ROM", bench_single(BENCH_ATAN2, 0, 4), 300);
    row_t("fxl_move_point, 16 walls", "Thumb, ROM; exact tests ARM, ROM", bench_single(BENCH_MOVE_POINT, 0, 4), 800);
    row_t("fxl_move_circle, 16 walls (144 inflated)", "Thumb, ROM; exact tests ARM, ROM", bench_single(BENCH_MOVE_CIRCLE, 0, 8), 3000);
    row("fxl_move_point, 16 walls: the moves with no contact", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(0, 0));
    row("fxl_move_point, 16 walls: one contact", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(0, 1));
    row("fxl_move_point, 16 walls: two contacts or more", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(0, 2));
    row("fxl_move_circle, 16 walls: the moves with no contact", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(1, 0));
    row("fxl_move_circle, 16 walls: one contact", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(1, 1));
    row("fxl_move_circle, 16 walls: two contacts or more", "Thumb, ROM; exact tests ARM, ROM", bench_move_split(1, 2));
}

static BENCH_NOINLINE void rows_kinds(void)
{
    /* Issue 13's laser kinds: a 64-node curvy laser, casts in a 16-wall room. */
    row_t("curvy laser (64 nodes) vs a far player: fxl_curvy_vs_circle", "Thumb, ROM", bench_curvy(1), 300);
    row_t("curvy laser (64 nodes) vs a near player: fxl_curvy_vs_circle", "Thumb walk, exact test ARM, ROM", bench_curvy(2), 1000);
    row_t("curvy laser: fxl_curvy_push (64-node ring, steady state)", "Thumb, ROM; sqrt Thumb, 1 KiB ROM table", bench_curvy(0), 400);
    row_t("first-wall cast, 16 walls: fxl_laser_cast (centre line)", "Thumb + ARM, ROM", bench_cast(0), 3000);
    row("curvy laser (64 nodes) vs a near player moving: fxl_curvy_vs_moving_circle", "Thumb + ARM, ROM", bench_curvy(4));
    row("curvy laser (64 nodes): fxl_curvy_vs_circles, per circle (1024 a call)", "Thumb + ARM, ROM", bench_curvy(3));
    row("first-wall cast, 16 walls, FXL_CAST_WIDTH", "Thumb + ARM, ROM", bench_cast(1));
    row("reflection, 4 bounces, 16 walls: fxl_laser_bounce", "Thumb + ARM, ROM", bench_cast(2));
    /* Issue 23: boxes as targets (the player's 4x4 px box where the circle rows have the circle). */
    row("curvy laser (64 nodes) vs a far player's box: fxl_curvy_vs_aabb", "Thumb walk, exact test ARM, ROM", bench_curvy(5));
    row("curvy laser (64 nodes) vs a near player's box: fxl_curvy_vs_aabb", "Thumb walk, exact test ARM, ROM", bench_curvy(6));
    row("curvy laser (64 nodes) vs a near player's box moving: fxl_curvy_vs_moving_aabb", "Thumb walk, exact test ARM, ROM", bench_curvy(7));
    row("first-box cast, 16 boxes (the walls' boxes): fxl_laser_cast_aabbs (centre line)", "Thumb + ARM, ROM", bench_cast(8));
    row("first-box cast, 16 boxes, FXL_CAST_WIDTH (box lasers, 3 px half-width)", "Thumb + ARM, ROM", bench_cast(9));
    row("first-box cast, 16 boxes, FXL_CAST_WIDTH (capsule lasers, 3 px radius)", "Thumb + ARM, ROM", bench_cast(10));
    row_t("first-wall cast, 16 walls in a room (packed walls in IWRAM): fxl_room_cast (centre line)",
          "Thumb + ARM, ROM; candidates' loop ARM, IWRAM", bench_cast(3), 1200);
    row_t("first-wall cast, 16 walls in a room: fxl_room_cast_width", "Thumb + ARM, ROM",
          bench_cast(4), 5000);
    row("first-wall cast, 16 walls in a room: fxl_room_cast_width, box beams", "Thumb + ARM, ROM", bench_cast(6));
    row("first-wall cast, 16 walls in a room: fxl_room_cast_width, capsule beams", "Thumb + ARM, ROM", bench_cast(7));
    row_t("reflection, 4 bounces, 16 walls in a room: fxl_room_bounce", "Thumb + ARM, ROM; leg loop ARM, IWRAM",
          bench_cast(5), 8000);
    row("its legs vs a far player (no leg within 20 px): fxl_bounce_vs_circle", "Thumb, ROM", bench_cast(11));
    row("its legs vs a near player: fxl_bounce_vs_circle", "Thumb, exact test ARM, ROM", bench_cast(12));
}

static BENCH_NOINLINE void rows_rest(void)
{
    /* The same operations with the separate calls, and the rest. */
    row("straight laser, player far: fxl_laser_prepare + fxl_laser_vs_circle", "Thumb + ARM, ROM", bench_rel(0, 0, 0));
    row("straight laser, player near: fxl_laser_prepare + fxl_laser_vs_circle", "Thumb + ARM, ROM", bench_rel(0, 1, 0));
    row("straight laser vs the player's square, far: fxl_laser_prepare + fxl_laser_vs_aabb", "Thumb + ARM, ROM", bench_rel_laser_box(0, 0));
    row("straight laser vs the player's square, near: fxl_laser_prepare + fxl_laser_vs_aabb", "Thumb + ARM, ROM", bench_rel_laser_box(1, 0));
    row("sweep, player far: fxl_sweep_prepare + fxl_sweep_vs_circle", "ARM, ROM", bench_rel(1, 0, 0));
    row("sweep, player near: fxl_sweep_prepare + fxl_sweep_vs_circle", "ARM, ROM", bench_rel(1, 1, 0));
    row("sweep vs box, far: fxl_sweep_prepare + fxl_sweep_vs_aabb", "ARM, ROM", bench_rel_sweep_box(1, 0, 0));
    row("sweep vs box, near: fxl_sweep_prepare + fxl_sweep_vs_aabb", "ARM, ROM", bench_rel_sweep_box(1, 1, 0));
    row("sweep pose to pose vs box, far: fxl_sweep_prepare + fxl_sweep_vs_aabb", "ARM, ROM", bench_rel_sweep_box(3, 0, 0));
    row("sweep pose to pose vs box, near: fxl_sweep_prepare + fxl_sweep_vs_aabb", "ARM, ROM", bench_rel_sweep_box(3, 1, 0));
    row("fxl_laser_vs_circle, box", "ARM, ROM", box1);
    row("fxl_laser_vs_circle, capsule", "ARM, ROM", cap1);
    row("fxl_laser_vs_circles, box, per circle", "ARM, IWRAM", boxn);
    row("fxl_laser_vs_circles, capsule, per circle", "ARM, IWRAM", capn);
    row("fxl_laser_prepare", "Thumb, ROM", bench_single(BENCH_PREPARE, 0, 64));
    row("fxl_circle_vs_circle", "Thumb, ROM", bench_single(BENCH_CIRCLE, 0, 1));
    row("fxl_sweep_vs_circle (turns of up to 20 deg), box", "ARM, ROM", bench_single(BENCH_SWEEP, 0, 1));
    row("fxl_sweep_vs_circle, capsule", "ARM, ROM", bench_single(BENCH_SWEEP, 1, 1));
    row("fxl_sweep_vs_circles, box, per circle", "ARM, IWRAM", bench_sweep_batch(0));
    row("fxl_sweep_vs_circles, capsule, per circle", "ARM, IWRAM", bench_sweep_batch(1));
    row("fxl_sweep_prepare (5 deg turn)", "ARM, ROM", bench_single(BENCH_SWEEP_PREPARE, 0, 64));
    row("building a sweep: fxl_sweep_turn", "Thumb, ROM", bench_sweep_build(0));
    row("building a sweep: fxl_sweep_turn_about", "Thumb, ROM", bench_sweep_build(1));
    row("building a sweep: fxl_sweep_to_pose", "Thumb, ROM", bench_sweep_build(2));
    {
        static const char *const kinds[6] = {
            "turn about the emitter", "turn about the middle", "turn about a pivot 20 px off the beam",
            "slide (3, -2) px, no turn", "slide and turn", "slide and turn, circle moving (2, 1) px"};
        static const char *const what[3] = {"fxl_sweep_prepare", "one test",
                                            "batch, per circle"};
        static const char *const code[3] = {"ARM, ROM", "ARM, ROM", "ARM, IWRAM (moving circles: ROM)"};
        int kind, w;
        for (kind = 0; kind < 6; kind++) {
            for (w = 0; w < 3; w++) {
                char name[96];
                size_t n = 0;
                const char *p;
                for (p = kinds[kind]; *p != '\0' && n + 1 < sizeof name; p++)
                    name[n++] = *p;
                for (p = ": "; *p != '\0' && n + 1 < sizeof name; p++)
                    name[n++] = *p;
                for (p = what[w]; *p != '\0' && n + 1 < sizeof name; p++)
                    name[n++] = *p;
                name[n] = '\0';
                row(name, code[w], bench_motion(kind, w));
            }
        }
    }
    row("fxl_chain_make (FXL_CHAIN_ROTATING), per laser", "Thumb call, ARM in IWRAM", bench_chain_gen(0, 0));
    row("fxl_chain_make (FXL_CHAIN_COVER_*), per laser", "Thumb, ROM", bench_chain_gen(0, 1));
    row("fxl_chain_make (FXL_CHAIN_COVER_*), per square", "Thumb, ROM", bench_chain_gen(1, 1));
    row("fxl_chain_vs_circle (whole chain)", "ARM, IWRAM", bench_single(BENCH_CHAIN_HIT, 0, 1));
    row("fxl_laser3d_vs_sphere, box", "ARM, ROM", bench_single(BENCH_3D_BOX, 0, 1));
    row("fxl_laser3d_vs_sphere, cylinder", "ARM, ROM", bench_single(BENCH_3D_CYLINDER, 0, 1));
    row("3D box laser vs a far sphere: fxl_laser3d_vs_sphere", "ARM, ROM", bench_3d_targets(0, 0));
    row("3D box laser vs a far 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(2, 0));
    row("3D box laser vs a near sphere: fxl_laser3d_vs_sphere", "ARM, ROM", bench_3d_targets(1, 0));
    row("3D box laser vs a near 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(3, 0));
    row("3D cylinder laser vs a near sphere: fxl_laser3d_vs_sphere", "ARM, ROM", bench_3d_targets(1, 1));
    row("3D cylinder laser vs a near 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(3, 1));
    row("3D cylinder laser vs a far 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(2, 1));
    row("3D egg laser vs a near sphere: fxl_laser3d_vs_sphere", "ARM, ROM", bench_3d_targets(1, 2));
    row("3D egg laser vs a near 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(3, 2));
    row("3D egg laser vs a far 3D box: fxl_laser3d_vs_aabb3", "ARM, ROM", bench_3d_targets(2, 2));
    row("3D box laser vs a far 3D box moving: fxl_laser3d_vs_moving_aabb3", "ARM, ROM", bench_3d_targets(4, 0));
    row("3D box laser vs a near 3D box moving: fxl_laser3d_vs_moving_aabb3", "ARM, ROM", bench_3d_targets(5, 0));
    row("3D cylinder laser vs a near 3D box moving: fxl_laser3d_vs_moving_aabb3", "ARM, ROM", bench_3d_targets(5, 1));
    row("3D egg laser vs a near 3D box moving: fxl_laser3d_vs_moving_aabb3", "ARM, ROM", bench_3d_targets(5, 2));
    row("fxl_laser3d_vs_aabb3s, 64 near boxes, per box", "Thumb loop, ARM test, ROM", bench_3d_many(0));
    row("fxl_laser3d_vs_aabb3s, 64 far boxes, per box", "Thumb loop, ARM test, ROM", bench_3d_many(1));
    row("fxl_lasers3d_vs_sphere (prepare + test), 16 lasers, per laser", "Thumb + ARM, ROM", bench_3d_many(2));
    row("laser object frame: update + prepare + test (turning)", "Thumb, ROM", bench_single(BENCH_BEAM_FRAME, 0, 8));
}

int main(void)
{
    fxl_port_init();
    bench_scene();
    bench_calibrate();
    box1 = bench_single(BENCH_FXL, 0, 1);
    cap1 = bench_single(BENCH_FXL, 1, 1);
    boxn = bench_batch(0);
    capn = bench_batch(1);
    flt = bench_single(BENCH_FLOAT, 0, 4);
    naive = bench_single(BENCH_NAIVE, 0, 2);

    fxlt_printf("BENCH-BEGIN\n");
    fxlt_printf("Cycles per call on the ARM7TDMI (16.78 MHz), WAITCNT = 0x4317, timer\n");
    fxlt_printf("overhead of %u cycles subtracted. Scene: 1024 circles (r = 1..4 px) over\n", bench_overhead());
    fxlt_printf("240x160, 8 box and 8 capsule lasers of 40..300 px at random angles; %u box\n", bench_hits(0));
    fxlt_printf("and %u capsule hits. Each laser also turns by a random step of up to 20\n", bench_hits(1));
    fxlt_printf("degrees (sweeps) and has a rotating chain as wide as its hitbox (%u squares\n",
                bench_chain_squares());
    fxlt_printf("in all). The far / near rows place 32 sets of 48 lasers (or sweeps, turning\n");
    fxlt_printf("8..40 steps) around a player of radius 2 px: near is within 4 px of the\n");
    fxlt_printf("hitbox's edge (%u of 1536 straight lasers and %u of 1536 sweeps hit), far\n",
                bench_rel_hits(0, 1), bench_rel_hits(1, 1));
    fxlt_printf("64..128 px from it (72..136 px for sweeps). Sweeps about a pivot 20 px off the\n");
    fxlt_printf("beam and pose to pose (moves of up to 8 px a axis) are placed by their pose\n");
    fxlt_printf("halfway through the turn (%u and %u of 1536 near ones hit). Targets: issue 11\n",
                bench_rel_hits(2, 1), bench_rel_hits(3, 1));
    fxlt_printf("(issue 20 for those two); every call\n");
    fxlt_printf("is made from Thumb code in ROM, as a game's would be. Issue 13's rows: a\n");
    fxlt_printf("64-node curvy laser (3 px apart, a 30 px wave, 4 px half-width tapered over\n");
    fxlt_printf("8 nodes) against a 2 px player 36 px beyond it (far) or 1..5 px from its\n");
    fxlt_printf("hitbox (near); 256 casts of 300 px beams in a 16-wall room (outer walls,\n");
    fxlt_printf("a pillar, 8 slanted walls; one-sided), box and capsule alternating. Trail\n");
    fxlt_printf("and walls in EWRAM, as a game's larger arrays would be.\n\n");
    fxlt_printf("| test | code | min | median | max | samples | target | |\n");
    fxlt_printf("|---|---|---:|---:|---:|---:|---:|---|\n");
    rows_targets();
    rows_kinds();
    rows_rest();
    row("(a) float baseline (soft-float), box", "Thumb, ROM", flt);
    row("(b) naive Q16: fix16_sin/cos/sqrt per test, box", "Thumb, ROM", naive);
    fxlt_printf("\nTargets met: %u of %u.\n", met, met + missed);
    fxlt_printf("\n| ratio (median) | cycles | fixlaser faster by |\n|---|---:|---:|\n");
    ratio("(a) float / fixlaser single", flt, box1);
    ratio("(a) float / fixlaser batch", flt, boxn);
    ratio("(b) naive Q16 / fixlaser single", naive, box1);
    ratio("(b) naive Q16 / fixlaser batch", naive, boxn);
    fxlt_printf("BENCH-END\n");
    fxl_port_finish(0);
    return 0;
}
