/* collect.c - index lists from the bit-word batches of the sweep and the
 * curvy laser (fxl_laser_collect has its own tuned loop in laser.c): each
 * block of 32 circles is tested by the batch call, then its set bits are
 * listed in order. */
#include "fixlaser/curvy.h"
#include "fixlaser/sweep.h"

/* One batch call on a block of at most 32 circles, writing its word. */
typedef size_t (*block_fn)(const void *obj, const fxl_circle *circles, size_t n, uint32_t *word);

static size_t collect(const void *obj, block_fn block, const fxl_circle *circles, size_t n,
                      size_t *out_idx, size_t cap)
{
    size_t i, k, hits = 0;
    FXL_ASSERT(obj != NULL && (circles != NULL || n == 0) && (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i += 32u) {
        uint32_t word = 0;
        (void)block(obj, circles + i, n - i > 32u ? 32u : n - i, &word);
        for (k = 0; word != 0; k++, word >>= 1)
            if ((word & 1u) != 0) {
                if (hits < cap)
                    out_idx[hits] = i + k;
                hits++;
            }
    }
    return hits;
}

static size_t sweep_block(const void *obj, const fxl_circle *circles, size_t n, uint32_t *word)
{
    return fxl_sweep_vs_circles((const fxl_sweep_prep *)obj, circles, n, word);
}

static size_t curvy_block(const void *obj, const fxl_circle *circles, size_t n, uint32_t *word)
{
    return fxl_curvy_vs_circles((const fxl_curvy *)obj, circles, n, word);
}

size_t fxl_sweep_collect(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap)
{
    return collect(sp, sweep_block, circles, n, out_idx, cap);
}

size_t fxl_curvy_collect(const fxl_curvy *c, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap)
{
    return collect(c, curvy_block, circles, n, out_idx, cap);
}
