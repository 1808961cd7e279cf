/* trap.c - the checked build (make CHECKED=1) traps on a broken
 * precondition: run by `make checked-check`, once with valid calls (must
 * exit 0) and once per misuse (must die by a signal, not return, after
 * naming the file and the failed condition on stderr). */
#include <stdio.h>
#include <string.h>

#include "fixlaser.h"

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "ok";
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 100, 100 << 16, 4 << 16);
    fxl_laser_prep lp;
    fxl_circle c = fxl_circle_make(50 << 16, 20 << 16, 2 << 16);
    fxl_circle bullets[3];
    fxl_beam beam;
    fxl_beam_prep bp;
    bool hit;
    if (fxl_laser_prepare(&l, &lp) != FXL_OK)
        return 2;
    fxl_beam_init(&beam, FXL_LASER_BOX, fxl_vec2_make(0, 0), 100, 100 << 16, 4 << 16);
    if (fxl_beam_prepare(&beam, &bp) != FXL_OK)
        return 2;
    bullets[0] = c;
    bullets[1] = fxl_circle_make(-(300 << 16), 0, 1 << 16);
    bullets[2] = fxl_circle_make(50 << 16, 40 << 16, 1 << 16);
    if (strcmp(what, "zeroed") == 0)
        memset(&lp, 0, sizeof lp); /* an unprepared prep */
    else if (strcmp(what, "circle") == 0)
        c.c.x = INT32_MIN; /* outside the domain */
    else if (strcmp(what, "null") == 0)
        return (int)fxl_laser_vs_circles(NULL, &c, 1, NULL);
    else if (strcmp(what, "beam") == 0)
        memset(&bp, 0, sizeof bp); /* a zeroed beam prep: phase 0 reads as WARNING */
    else if (strcmp(what, "bullet") == 0)
        bullets[1].c.x = INT32_MIN; /* one bullet outside the domain, far from the player */
    hit = fxl_laser_vs_circle(&lp, c);
    hit = fxl_beam_test(&bp, c).hit || hit;
    hit = fxl_circles_vs_circle(bullets, 3, c, NULL) > 0 || hit;
    printf("checked_trap %s: returned %d\n", what, (int)hit);
    return strcmp(what, "ok") == 0 ? 0 : 1;
}
