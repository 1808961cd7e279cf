/* size_games.c - link tests for "what a game links" (tools/size_link.py,
 * `make size`, `make gba-gc-check`): a stub main that calls only the
 * fixlaser functions a game of one kind calls, built once per set of
 * features with -DFXL_SIZE_SET=<bit mask> and linked for the GBA with
 * --gc-sections, so the ROM and IWRAM that libfixlaser.a and libfixmath.a
 * contribute to the link are what such a game pays for.
 *
 * Bits of FXL_SIZE_SET (the calls each adds):
 *   1  static lasers: fxl_laser_prepare, fxl_laser_vs_circle,
 *      fxl_lasers_vs_circle, fxl_circles_vs_circle (the bullets)
 *   2  sweeps: fxl_sweep_turn, fxl_sweep_turn_about, fxl_sweep_to_pose,
 *      fxl_sweeps_vs_circle
 *   4  curvy lasers: fxl_curvy_init, fxl_curvy_push,
 *      fxl_curvy_vs_moving_circle
 *   8  cast (centre line): fxl_wall_prepare, fxl_laser_cast (flags 0)
 *  16  width cast: fxl_wall_prepare, fxl_laser_cast (FXL_CAST_WIDTH)
 *  32  bounce: fxl_wall_prepare, fxl_laser_bounce
 *  64  bullets only: fxl_circles_vs_circle (the --gc-sections check: the
 *      link must keep no other fixlaser function in IWRAM)
 * The inputs are external objects the compiler cannot see the values of,
 * the results go to a volatile sink: no call is folded away. Never run
 * (the ROM only has to link). */
#include <fixlaser.h>

#ifndef FXL_SIZE_SET
#define FXL_SIZE_SET 1
#endif

/* Inputs: external, so their values are unknown to the compiler. */
fxl_laser size_lasers[4];
fxl_circle size_circles[4];
fxl_circle size_player;
fxl_vec2 size_to;
fxl_angle size_angle;
int32_t size_step;
fxl_wall size_walls[4];
fxl_curvy_node size_nodes[16];
fxl_aabb size_boxes[FXL_CURVY_BOXES(16)];

volatile int32_t size_sink;

static void sink(int32_t v)
{
    size_sink = v;
}

int main(void)
{
    uint32_t bits[1] = {0};
    size_t hits = 0;
#if FXL_SIZE_SET & 1
    {
        fxl_laser_prep lp;
        sink((int32_t)fxl_laser_prepare(&size_lasers[0], &lp));
        sink(fxl_laser_vs_circle(&lp, size_player));
        sink((int32_t)fxl_lasers_vs_circle(size_lasers, 4, size_player, bits, &hits));
        sink((int32_t)fxl_circles_vs_circle(size_circles, 4, size_player, bits));
    }
#endif
#if FXL_SIZE_SET & 2
    {
        fxl_sweep sw[3];
        sw[0] = fxl_sweep_turn(&size_lasers[0], size_step);
        sw[1] = fxl_sweep_turn_about(&size_lasers[1], size_to, size_step);
        sw[2] = fxl_sweep_to_pose(&size_lasers[2], size_to, size_angle);
        sink((int32_t)fxl_sweeps_vs_circle(sw, 3, size_player, bits, &hits));
    }
#endif
#if FXL_SIZE_SET & 4
    {
        fxl_curvy c;
        sink((int32_t)fxl_curvy_init(&c, size_nodes, 16, size_boxes, FXL_CURVY_BOXES(16),
                                     size_lasers[0].half_width, size_lasers[0].length));
        sink((int32_t)fxl_curvy_push(&c, size_to, size_lasers[0].half_width));
        sink(fxl_curvy_vs_moving_circle(&c, size_player, size_to));
    }
#endif
#if FXL_SIZE_SET & (8 | 16 | 32)
    {
        fxl_wall_prep w[4];
        size_t i;
        for (i = 0; i < 4; i++)
            sink((int32_t)fxl_wall_prepare(&size_walls[i], &w[i]));
#if FXL_SIZE_SET & 8
        {
            fxl_cast cast;
            sink((int32_t)fxl_laser_cast(&size_lasers[3], w, 4, 0, &cast, NULL));
        }
#endif
#if FXL_SIZE_SET & 16
        {
            fxl_cast cast;
            sink((int32_t)fxl_laser_cast(&size_lasers[3], w, 4, FXL_CAST_WIDTH, &cast, NULL));
        }
#endif
#if FXL_SIZE_SET & 32
        {
            fxl_bounce legs[4];
            size_t count;
            sink((int32_t)fxl_laser_bounce(&size_lasers[3], w, 4, 0, 3, legs, 4, &count));
        }
#endif
    }
#endif
#if FXL_SIZE_SET & 64
    sink((int32_t)fxl_circles_vs_circle(size_circles, 4, size_player, bits));
#endif
    sink((int32_t)hits);
    sink((int32_t)bits[0]);
    return 0;
}
