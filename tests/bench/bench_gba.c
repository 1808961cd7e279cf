/* bench_gba.c - the cycle benchmark ROM's main: prints the markdown table
 * that `make bench` writes to docs/bench-gba.md. Each call is timed with the
 * cascaded hardware timers (TM2 + TM3), the timer overhead subtracted. */
#include "bench.h"
#include "test_port.h"

#include "../harness.h"

static void row(const char *name, const char *where, bench_stats s)
{
    fxlt_printf("| %s | %s | %u | %u | %u | %u |\n", name, where, s.min, s.median, s.max, s.count);
}

/* base / ours with one decimal, in integers. */
static void ratio(const char *name, bench_stats base, bench_stats ours)
{
    uint32_t x10 = ours.median ? (base.median * 10u + ours.median / 2u) / ours.median : 0u;
    fxlt_printf("| %s | %u / %u | %u.%ux |\n", name, base.median, ours.median, x10 / 10u,
                x10 % 10u);
}

int main(void)
{
    bench_stats box1, cap1, boxn, capn, flt, naive;

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
    fxlt_printf("Cycles per call on the ARM7TDMI (16.78 MHz), WAITCNT = 0x4317, timer "
                "overhead of %u cycles subtracted. Scene: 1024 circles (r = 1..4 px) over "
                "240x160, 8 box and 8 capsule lasers of 40..300 px at random angles; %u box "
                "and %u capsule hits. Each laser also turns by a random step of up to 20 "
                "degrees (sweeps) and has a rotating chain as wide as its hitbox (%u squares "
                "in all).\n\n",
                bench_overhead(), bench_hits(0), bench_hits(1), bench_chain_squares());
    fxlt_printf("| test | code | min | median | max | samples |\n");
    fxlt_printf("|---|---|---:|---:|---:|---:|\n");
    row("fxl_laser_vs_circle, box", "Thumb, ROM", box1);
    row("fxl_laser_vs_circle, capsule", "Thumb, ROM", cap1);
    row("fxl_laser_vs_circles, box, per circle", "ARM, IWRAM", boxn);
    row("fxl_laser_vs_circles, capsule, per circle", "ARM, IWRAM", capn);
    row("fxl_laser_prepare", "Thumb, ROM", bench_single(BENCH_PREPARE, 0, 64));
    row("fxl_circle_vs_circle", "Thumb, ROM", bench_single(BENCH_CIRCLE, 0, 1));
    row("fxl_sin", "Thumb, ROM", bench_single(BENCH_SIN, 0, 1));
    row("fxl_atan2", "Thumb, ROM", bench_single(BENCH_ATAN2, 0, 4));
    row("fxl_sweep_vs_circle (turns of up to 20 deg), box", "Thumb call, IWRAM tests", bench_single(BENCH_SWEEP, 0, 1));
    row("fxl_sweep_vs_circle, capsule", "Thumb call, IWRAM tests", bench_single(BENCH_SWEEP, 1, 1));
    row("fxl_sweep_vs_circles, box, per circle", "ARM, IWRAM", bench_sweep_batch(0));
    row("fxl_sweep_vs_circles, capsule, per circle", "ARM, IWRAM", bench_sweep_batch(1));
    row("fxl_sweep_prepare (5 deg turn)", "Thumb, ROM", bench_single(BENCH_SWEEP_PREPARE, 0, 64));
    row("fxl_chain_make (FXL_CHAIN_ROTATING), per laser", "Thumb call, ARM in IWRAM", bench_chain_gen(0, 0));
    row("fxl_chain_make (FXL_CHAIN_ROTATING), per square", "Thumb call, ARM in IWRAM", bench_chain_gen(1, 0));
    row("fxl_chain_make (FXL_CHAIN_COVER_*), per laser", "Thumb, ROM", bench_chain_gen(0, 1));
    row("fxl_chain_make (FXL_CHAIN_COVER_*), per square", "Thumb, ROM", bench_chain_gen(1, 1));
    row("fxl_chain_vs_circle (whole chain)", "ARM, IWRAM", bench_single(BENCH_CHAIN_HIT, 0, 1));
    row("fxl_move_point, 16 walls", "Thumb, ROM", bench_single(BENCH_MOVE_POINT, 0, 4));
    row("fxl_move_circle, 16 walls (144 inflated)", "Thumb, ROM", bench_single(BENCH_MOVE_CIRCLE, 0, 8));
    row("fxl_laser3d_vs_sphere, box", "Thumb, ROM", bench_single(BENCH_3D_BOX, 0, 1));
    row("fxl_laser3d_vs_sphere, cylinder", "Thumb, ROM", bench_single(BENCH_3D_CYLINDER, 0, 1));
    row("laser object frame: update + prepare + test (turning)", "Thumb, ROM", bench_single(BENCH_BEAM_FRAME, 0, 8));
    row("(a) article's float method (soft-float), box", "Thumb, ROM", flt);
    row("(b) naive Q16: fix16_sin/cos/sqrt per test, box", "Thumb, ROM", naive);
    fxlt_printf("\n| ratio (median) | cycles | fixlaser faster by |\n|---|---:|---:|\n");
    ratio("(a) float / fixlaser single", flt, box1);
    ratio("(a) float / fixlaser batch", flt, boxn);
    ratio("(b) naive Q16 / fixlaser single", naive, box1);
    ratio("(b) naive Q16 / fixlaser batch", naive, boxn);
    fxlt_printf("BENCH-END\n");
    fxl_port_finish(0);
    return 0;
}
