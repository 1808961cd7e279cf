/* main.c - runs every suite; the closing line is "N passed, N failed". */
#include "harness.h"

extern const fxlt_suite fxlt_suite_angle;
extern const fxlt_suite fxlt_suite_laser;
extern const fxlt_suite fxlt_suite_laser_aabb;
extern const fxlt_suite fxlt_suite_shapes;
extern const fxlt_suite fxlt_suite_chain;
extern const fxlt_suite fxlt_suite_oracle;
extern const fxlt_suite fxlt_suite_sweep;
extern const fxlt_suite fxlt_suite_sweep_aabb;
extern const fxlt_suite fxlt_suite_wall;
extern const fxlt_suite fxlt_suite_laser3d;
extern const fxlt_suite fxlt_suite_laser3d_box;
extern const fxlt_suite fxlt_suite_laser3d_moving;
extern const fxlt_suite fxlt_suite_laser3d_box_moving;
extern const fxlt_suite fxlt_suite_beam;
extern const fxlt_suite fxlt_suite_beam_batch;
extern const fxlt_suite fxlt_suite_wide;
extern const fxlt_suite fxlt_suite_fused;
extern const fxlt_suite fxlt_suite_curvy;
extern const fxlt_suite fxlt_suite_curvy_aabb;
extern const fxlt_suite fxlt_suite_cast;
extern const fxlt_suite fxlt_suite_cast_aabb;
extern const fxlt_suite fxlt_suite_cast_width;
extern const fxlt_suite fxlt_suite_room;
extern const fxlt_suite fxlt_suite_bounce_hit;
extern const fxlt_suite fxlt_suite_bounce;
extern const fxlt_suite fxlt_suite_batch;
extern const fxlt_suite fxlt_suite_corpus;
extern const fxlt_suite fxlt_suite_misuse;
extern const fxlt_suite fxlt_suite_formats;

int main(void)
{
    static const fxlt_suite *const suites[] = {
        &fxlt_suite_angle,
        &fxlt_suite_laser,
        &fxlt_suite_laser_aabb,
        &fxlt_suite_shapes,
        &fxlt_suite_chain,
        &fxlt_suite_oracle,
        &fxlt_suite_sweep,
        &fxlt_suite_sweep_aabb,
        &fxlt_suite_wall,
        &fxlt_suite_laser3d,
        &fxlt_suite_laser3d_box,
        &fxlt_suite_laser3d_moving,
        &fxlt_suite_laser3d_box_moving,
        &fxlt_suite_beam,
        &fxlt_suite_beam_batch,
        &fxlt_suite_wide,
        &fxlt_suite_fused,
        &fxlt_suite_curvy,
        &fxlt_suite_curvy_aabb,
        &fxlt_suite_cast,
        &fxlt_suite_cast_aabb,
        &fxlt_suite_cast_width,
        &fxlt_suite_room,
        &fxlt_suite_bounce_hit,
        &fxlt_suite_bounce,
        &fxlt_suite_batch,
        &fxlt_suite_corpus,
        &fxlt_suite_misuse,
        &fxlt_suite_formats,
    };
    int failed;
    fxl_port_init();
    failed = fxlt_run(suites, FXLT_COUNT(suites));
    fxl_port_finish(failed);
    return failed == 0 ? 0 : 1;
}
