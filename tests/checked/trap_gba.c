/* trap_gba.c - the checked GBA library (make CHECKED=1: build/gba-checked)
 * traps on a broken precondition, and tools/gbarun says where: a valid
 * call, then fxl_beam_test on a zeroed fxl_beam_prep. Run by `make
 * checked-check-gba`: gbarun must stop at the trap with exit status 132 and
 * name fxl_assert_failed, its caller fxl_beam_test, src/beam.c and the
 * condition. */
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
    memset(&bp, 0, sizeof bp); /* phase 0 reads as WARNING: would never hit */
    if (!fxl_beam_test(&bp, c).hit)
        fxl_port_write("trap_gba: the zeroed prep returned (no trap)\n");
    fxl_port_finish(1);
}
