/* bench_host.c - runs each benchmark loop once; tools/bench_host.sh counts
 * their instructions with callgrind and writes docs/bench-host.md. */
#include "bench.h"

int main(void)
{
    bench_scene();
    run_fxl_single(0);
    run_fxl_single(1);
    run_fxl_batch(0);
    run_fxl_batch(1);
    run_prepare();
    run_float(0);
    run_naive(0);
    run_shapes();
    run_angles();
    run_sweep_single();
    run_sweep_batch();
    run_chain_gen();
    run_chain_hit();
    run_walls();
    run_3d_and_beam();
    run_motions();
    return 0;
}
