/* A first GBA ROM against an installed fixlaser (docs/guide/gba.md, "A
 * first ROM"): one laser, one player, main's return value the answer, so
 * `gbarun game.gba` exits 0 when the laser hits the player and 1 when not.
 * make recipes builds it with tests/recipes/gba-first-rom/Makefile. */
#include <stdio.h>

#include <fixlaser.h>

int main(void)
{
    fxl_laser beam = fxl_laser_from_emitter(FXL_LASER_BOX,
        fxl_vec2_make(fix16_from_int(20), fix16_from_int(80)), /* emitter, Q16.16 */
        0,                                                     /* angle: right */
        fix16_from_int(200), fix16_from_int(4));               /* length, half-width */
    fxl_laser_prep lp;
    fxl_circle player = fxl_circle_make(fix16_from_int(120), fix16_from_int(84), fix16_from_int(2));

    if (fxl_laser_prepare(&beam, &lp) != FXL_OK)
        return 2;
    printf("fixlaser %s: the player is %s\n", FXL_VERSION_STRING,
           fxl_laser_vs_circle(&lp, player) ? "hit" : "clear");
    return fxl_laser_vs_circle(&lp, player) ? 0 : 1;
}
