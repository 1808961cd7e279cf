/* The MCU recipe's program: a fused frame of 64 bullets against a player on
 * a Cortex-M4, answers checked; returns 0 when right. */
#include <fixlaser.h>

static fxl_circle bullets[64];

int main(void)
{
    uint32_t bits[2];
    fxl_circle player = fxl_circle_make(fix16_from_int(32), fix16_from_int(10), fix16_from_int(2));
    for (int i = 0; i < 64; i++)
        bullets[i] = fxl_circle_make(fix16_from_int(i), fix16_from_int(14), fix16_from_int(2));
    /* Bullets at x = 32 touch exactly (centres 4 px apart, radii 2 + 2). */
    size_t hits = fxl_circles_vs_circle(bullets, 64, player, bits);
    return hits == 1 && bits[1] == 1u && bits[0] == 0u ? 0 : 1;
}
