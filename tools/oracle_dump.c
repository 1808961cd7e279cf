/* oracle_dump.c - prints swept-test cases at the oracle's smallest touching
 * radius (tests/oracle.c), one per line, for tools/oracle_check.py to
 * confirm in 60-digit arithmetic: the motion's closest approach must lie
 * above the reach at r* - 1 and at most the reach at r*.
 *     oracle_dump SEED COUNT > cases.txt
 * Line: kind anchor pos.x pos.y angle length half_width hit_fraction
 *       pivot.x pivot.y step move.x move.y  from.x from.y to.x to.y  r*
 * (raw Q16.16 integers). Turns about the emitter, the middle and off-beam
 * pivots, pose to pose and moving circles, in turn. */
#include <stdio.h>
#include <stdlib.h>

#include "gen.h"
#include "oracle.h"

int main(int argc, char **argv)
{
    static const gen_motion motions[] = {GEN_TURN_EMITTER, GEN_TURN_MIDDLE, GEN_TURN_OFFBEAM,
                                         GEN_POSE, GEN_MOVING, GEN_SLIDE};
    fxlt_rng rng = fxlt_rng_for(argc > 1 ? argv[1] : "oracle_dump");
    long i, n = argc > 2 ? atol(argv[2]) : 1000;
    for (i = 0; i < n; i++) {
        gen_motion m = motions[i % 6];
        fxl_sweep s = gen_sweep(&rng, m);
        fxl_vec2 p = gen_sweep_point(&rng, &s);
        fxl_vec2 q = m == GEN_MOVING ? gen_move_end(&rng, p, gen_sweep_extreme(&s)) : p;
        fix16_t lo = 0, hi = FXL_SIZE_MAX;
        fxl_circle c = fxl_circle_make(p.x, p.y, hi);
        if (!orc_sweep_vs_moving_circle(&s, c, q))
            continue;
        while (lo < hi) {
            c.r = lo + (hi - lo) / 2;
            if (orc_sweep_vs_moving_circle(&s, c, q))
                hi = c.r;
            else
                lo = c.r + 1;
        }
        if (lo == 0)
            continue;
        printf("%d %d %d %d %d %d %d %d  %d %d %d %d %d  %d %d %d %d  %d\n", (int)s.laser.kind,
               (int)s.laser.anchor, (int)s.laser.pos.x, (int)s.laser.pos.y, (int)s.laser.angle,
               (int)s.laser.length, (int)s.laser.half_width, (int)s.laser.hit_fraction,
               (int)s.motion.pivot.x, (int)s.motion.pivot.y, (int)s.motion.step,
               (int)s.motion.move.x, (int)s.motion.move.y, (int)p.x, (int)p.y, (int)q.x, (int)q.y,
               (int)lo);
    }
    return orc_faults() == 0 ? 0 : 1;
}
