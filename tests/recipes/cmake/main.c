/* The host program of the CMake recipe: prints the version and one answer;
 * exits 0 when the laser hits the circle it touches. */
#include <stdio.h>

#include <fixlaser.h>

int main(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0,
                                        fix16_from_int(100), fix16_from_int(4));
    fxl_laser_prep lp;
    /* Touching: the circle's edge exactly on the hitbox's edge (4 px). */
    fxl_circle c = fxl_circle_make(fix16_from_int(50), fix16_from_int(6), fix16_from_int(2));
    int hit = fxl_laser_prepare(&l, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, c);
    printf("fixlaser %s (%ld): touching is %s\n", FXL_VERSION_STRING, (long)FXL_VERSION,
           hit ? "a hit" : "a miss");
    return hit ? 0 : 1;
}
