/* gbarun_abi.h - what a test ROM and tools/gbarun agree on, shared by
 * port/gba/test_port.c (the ROM's side) and tools/gbarun.c (the host's).
 * Plain C, no GBA headers: gbarun is a host tool.
 *
 * The status block: 16 bytes of EWRAM at 0x0203FFF0 that gba.ld reserves
 * (__status_block; a linker script cannot include this header, so it
 * repeats the address) and crt0.s zeroes at boot. The ROM writes the
 * failure count, then the magic; gbarun reads them after every frame and
 * stops once the magic appears, so it always sees the final count. */
#ifndef FXL_GBARUN_ABI_H
#define FXL_GBARUN_ABI_H

#define FXL_STATUS_MAGIC_ADDR  0x0203FFF0u /* u32: FXL_STATUS_MAGIC once finished */
#define FXL_STATUS_FAILED_ADDR 0x0203FFF4u /* u32: the number of failures (0 = success) */
#define FXL_STATUS_STACK_ADDR  0x0203FFF8u /* u32: the deepest the stack went, in bytes */
/* 0x0203FFFC: reserved (0) */
#define FXL_STATUS_MAGIC       0x21434C46u /* "FLC!" in memory order (little-endian) */

/* The seed slot, in the test ROM: the tag, FXL_SEED_SLOT_TAG_LEN characters
 * with no terminating NUL, then the seed's low and high words
 * (little-endian, both 0: the committed seed). gbarun -S finds the tag in
 * the loaded ROM and writes the seed after it. */
#define FXL_SEED_SLOT_TAG "FXLT-SEED-SLOT-1"
#define FXL_SEED_SLOT_TAG_LEN 16

#endif
