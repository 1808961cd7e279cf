/* seed_slot.h - the test ROM's seed slot, shared by port/gba/test_port.c
 * (the slot in ROM) and tools/gbarun.c (-S finds it and writes the seed):
 * the tag, FXL_SEED_SLOT_TAG_LEN characters with no terminating NUL in
 * the slot, then the seed's low and high words (little-endian, both 0:
 * the committed seed). Plain C, no GBA headers: gbarun is a host tool. */
#ifndef FXL_SEED_SLOT_H
#define FXL_SEED_SLOT_H

#define FXL_SEED_SLOT_TAG "FXLT-SEED-SLOT-1"
#define FXL_SEED_SLOT_TAG_LEN 16

#endif
