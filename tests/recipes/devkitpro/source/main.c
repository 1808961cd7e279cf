/* The template's source/main.c, with a laser: returns 0 when the boss beam
 * turning 90 degrees this frame swept over the player (the exact sweep),
 * which a test of the end pose alone misses. */
#include <fixlaser.h>

int main(void)
{
    fxl_laser beam = fxl_laser_from_emitter(FXL_LASER_CAPSULE,
        fxl_vec2_make(fix16_from_int(120), fix16_from_int(80)), 0,
        fix16_from_int(60), fix16_from_int(3));
    fxl_circle player = fxl_circle_make(fix16_from_int(150), fix16_from_int(110), fix16_from_int(2));
    fxl_sweep s = fxl_sweep_turn(&beam, 1024);        /* a quarter turn, clockwise on screen */
    fxl_sweep_prep sp;
    fxl_laser_prep end;

    if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
        return 2;
    end = fxl_sweep_end(&sp);
    return fxl_sweep_vs_circle(&sp, player) && !fxl_laser_vs_circle(&end, player) ? 0 : 1;
}
