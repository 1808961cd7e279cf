/* frame_stats.c - timing and table helpers of the frame benchmarks. */
#include "frame_stats.h"

#include "scene.h"
#include "test_port.h"
#include "../harness.h"

uint32_t frame_timer_overhead(void)
{
    uint32_t best = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < 64; i++) {
        uint32_t t;
        fxl_port_cycles_begin();
        t = fxl_port_cycles_end();
        if (t < best)
            best = t;
    }
    return best;
}

frame_stats frame_stats_of(const uint32_t *v, uint32_t *sorted, size_t n)
{
    frame_stats s;
    size_t i, j;
    for (i = 0; i < n; i++) { /* insertion sort: a few hundred values */
        uint32_t x = v[i];
        for (j = i; j > 0 && sorted[j - 1] > x; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = x;
    }
    s.min = sorted[0];
    s.median = sorted[n / 2];
    s.max = sorted[n - 1];
    return s;
}

void frame_pct(uint32_t cycles)
{
    uint32_t x = (uint32_t)(((uint64_t)cycles * 10000u + SCENE_FRAME_CYCLES / 2) / SCENE_FRAME_CYCLES);
    fxlt_printf("%u.%02u %%", x / 100u, x % 100u);
}

void frame_ratio(uint32_t a, uint32_t b, int decimals)
{
    uint32_t scale = decimals == 1 ? 10u : 100u;
    uint32_t x = b ? (uint32_t)(((uint64_t)a * scale + b / 2u) / b) : 0u;
    if (decimals == 1)
        fxlt_printf("%u.%ux", x / 10u, x % 10u);
    else
        fxlt_printf("%u.%02ux", x / 100u, x % 100u);
}
