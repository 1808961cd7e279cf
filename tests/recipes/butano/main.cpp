// A Butano game's collision step with fixlaser, built with Butano's flags
// (-std=c++17 -fno-exceptions -fno-rtti) by make recipes, on the host and
// as a GBA ROM run under gbarun: the game keeps bn::fixed positions, and
// fixlaser_bn.h converts them. main returns the number of wrong answers.
#ifdef FXL_RECIPE_STANDIN
#include "bn_fixed_standin.h"
#else
#include "bn_fixed.h"
#endif
#include "fixlaser_bn.h"

#include <stdio.h>

int main()
{
    int failed = 0;
    // The player and a boss beam as the game keeps them.
    bn::fixed player_x = 120, player_y = bn::fixed::from_data(84 * 4096 + 2048); // 84.5
    bn::fixed boss_x = 20, boss_y = 80;
    fxl_angle beam_angle = 0; // pointing right

    fxl_laser beam = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_bn::to_vec2(boss_x, boss_y), beam_angle,
                                            fix16_from_int(200), fix16_from_int(4));
    fxl_laser_prep lp;
    if (fxl_laser_prepare(&beam, &lp) != FXL_OK)
        return 100;
    fxl_circle player = fxl_circle_make(player_x.data() * 16, fxl_bn::to_fix16(player_y), fix16_from_int(2));
    failed += !fxl_laser_vs_circle(&lp, player);                    // 4.5 px off the axis: hit
    player.c.y = fxl_bn::to_fix16(bn::fixed(90));
    failed += fxl_laser_vs_circle(&lp, player);                     // 10 px off: clear

    // The conversions, exact where the header says.
    failed += fxl_bn::to_fix16(bn::fixed::from_data(-1)) != -16;
    failed += fxl_bn::from_fix16<bn::fixed>(-1).data() != -1;        // floor
    failed += fxl_bn::from_fix16<bn::fixed>(31).data() != 1;
    failed += fxl_bn::to_degrees<bn::fixed>(1024).data() != 90 * 4096;
    failed += fxl_bn::to_degrees<bn::fixed>(-1).data() != 4095 * 360;
    failed += fxl_bn::from_degrees(bn::fixed(90)) != 1024;
    failed += fxl_bn::from_degrees(bn::fixed(-90)) != 3072;
    for (fxl_angle a = 0; a < 4096; a++)
        failed += fxl_bn::from_degrees(fxl_bn::to_degrees<bn::fixed>(a)) != a;
    printf("butano recipe: %d failed\n", failed);
    return failed;
}
