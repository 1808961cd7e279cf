/* beam_batch.c - many prepared beams against one circle: the per-beam test
 * of beam.c in a loop (a beam's phase, hit, graze and depth as
 * fxl_beam_test gives them). */
#include "fixlaser/beam.h"

size_t fxl_beams_test(const fxl_beam_prep *bps, size_t n, fxl_circle circle, fxl_beam_hit *out)
{
    size_t i, hits = 0;
    FXL_ASSERT((bps != NULL && out != NULL) || n == 0);
    for (i = 0; i < n; i++) {
        out[i] = fxl_beam_test(&bps[i], circle);
        hits += out[i].hit ? 1u : 0u;
    }
    return hits;
}
