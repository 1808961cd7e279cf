/* batch.h - internal: the bit-word output of the batch calls, so an
 * untuned batch is one loop of single tests feeding it: bit i of hit_bits
 * (ceil(n/32) words, may be NULL) set for a hit on item i and cleared
 * otherwise, plus the hit count. The speed-tuned loops of laser.c and
 * sweep.c write their words inline (their hot paths keep the word in a
 * register). Index lists are built from these words (collect.c). */
#ifndef FXL_BATCH_H
#define FXL_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

typedef struct fxl__bits {
    uint32_t *out; /* may be NULL: count only */
    uint32_t word; /* the word being filled */
    size_t hits;
} fxl__bits;

FXL__ALWAYS_INLINE fxl__bits fxl__bits_start(uint32_t *hit_bits)
{
    fxl__bits b;
    b.out = hit_bits;
    b.word = 0;
    b.hits = 0;
    return b;
}

/* Item i of n: sets or clears its bit, storing each word when it is full
 * or at the last item. */
FXL__ALWAYS_INLINE void fxl__bits_put(fxl__bits *b, size_t i, size_t n, bool hit)
{
    if (hit) {
        b->word |= 1u << (i & 31u);
        b->hits++;
    }
    if ((i & 31u) == 31u || i + 1 == n) {
        if (b->out != NULL)
            b->out[i >> 5] = b->word;
        b->word = 0;
    }
}

#endif /* FXL_BATCH_H */
