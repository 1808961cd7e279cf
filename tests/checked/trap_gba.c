/* trap_gba.c - the checked GBA library (make CHECKED=1: build/gba-checked)
 * traps on a broken precondition, and tools/gbarun says where: a valid
 * call, then fxl_beam_test on a zeroed fxl_beam_prep (or, built with
 * -DTRAP_BULLET, fxl_circles_vs_circle with one bullet outside the domain,
 * far from the player: the checked library's portable loop checks every
 * bullet, where the release build's ARM routine checks none). Run by `make
 * checked-check-gba`: gbarun must stop at the trap with exit status 132 and
 * name fxl_assert_failed, its caller, the file and the condition. */
#include <string.h>

#include "fixlaser.h"
#include "test_port.h"

int main(void)
{
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_circle c = fxl_circle_make(50 << 16, 1 << 16, 2 << 16);
    fxl_port_init();
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, 100 << 16, 4 << 16);
    if (fxl_beam_prepare(&b, &bp) != FXL_OK || !fxl_beam_test(&bp, c).hit)
        fxl_port_finish(2);
    fxl_port_write("trap_gba: a valid call answered\n");
#ifdef TRAP_BULLET
    {
        fxl_circle bullets[3];
        bullets[0] = c;
        bullets[1] = fxl_circle_make(-(300 << 16), 0, 1 << 16);
        bullets[2] = fxl_circle_make(50 << 16, 40 << 16, 1 << 16);
        if (fxl_circles_vs_circle(bullets, 3, c, NULL) != 1) /* all valid: answered */
            fxl_port_finish(2);
        bullets[1].c.x = INT32_MIN;
        if (fxl_circles_vs_circle(bullets, 3, c, NULL) >= 1)
            fxl_port_write("trap_gba: the bad bullet returned (no trap)\n");
    }
#else
    memset(&bp, 0, sizeof bp); /* phase 0 reads as WARNING: would never hit */
    if (!fxl_beam_test(&bp, c).hit)
        fxl_port_write("trap_gba: the zeroed prep returned (no trap)\n");
#endif
    fxl_port_finish(1);
}
