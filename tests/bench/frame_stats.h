/* frame_stats.h - what the two frame benchmarks (scene_gba.c, boss_gba.c)
 * share: the timers' own cost, min / median / max of a frame's samples, and
 * the percentage and ratio printers of their tables. */
#ifndef FXLT_FRAME_STATS_H
#define FXLT_FRAME_STATS_H

#include <stddef.h>
#include <stdint.h>

typedef struct frame_stats {
    uint32_t min, median, max; /* cycles */
} frame_stats;

/* The least of 64 empty timings (TM2 + TM3 cascaded): subtracted from each. */
uint32_t frame_timer_overhead(void);
/* min, median (v[n / 2] sorted) and max of n > 0 samples; sorted: n words of scratch. */
frame_stats frame_stats_of(const uint32_t *v, uint32_t *sorted, size_t n);
/* cycles as a percentage of a 280,896-cycle frame, two decimals: "5.23 %". */
void frame_pct(uint32_t cycles);
/* a / b with `decimals` (1 or 2) decimals: "1.23x" (0 when b is 0). */
void frame_ratio(uint32_t a, uint32_t b, int decimals);

#endif
