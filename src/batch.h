/* batch.h - internal: the two outputs every batch call writes, so each
 * batch is one loop of single tests feeding a sink:
 *   hit bits      bit i of hit_bits (ceil(n/32) words, may be NULL) set for a
 *                 hit on item i and cleared otherwise, plus the hit count;
 *   index lists   the indices of the first `cap` hits, in order, plus the
 *                 hit count (which may exceed cap).
 * The speed-tuned loops of laser.c and sweep.c write their words inline
 * (their hot paths keep the word in a register); the others use these. */
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

typedef struct fxl__indices {
    size_t *out; /* may be NULL when cap is 0 */
    size_t cap;
    size_t hits;
} fxl__indices;

FXL__ALWAYS_INLINE fxl__indices fxl__indices_start(size_t *out_idx, size_t cap)
{
    fxl__indices s;
    s.out = out_idx;
    s.cap = cap;
    s.hits = 0;
    return s;
}

/* Item i: appended when it hit and there is room; counted when it hit. */
FXL__ALWAYS_INLINE void fxl__indices_put(fxl__indices *s, size_t i, bool hit)
{
    if (hit) {
        if (s->hits < s->cap)
            s->out[s->hits] = i;
        s->hits++;
    }
}

#endif /* FXL_BATCH_H */
