/* fixlaser/config.h - every build option of fixlaser, in one place.
 *
 * A port (or a game) overrides any of these by defining FXL_CONFIG_FILE to the
 * name of its own header, e.g. `-DFXL_CONFIG_FILE=fxl_port.h -Iport/gba`.
 * That header is included first; every macro it leaves undefined gets the
 * default below. The core never names a port's files itself.
 */
#ifndef FIXLASER_CONFIG_H
#define FIXLASER_CONFIG_H

#define FXL_STRINGIZE_(x) #x
#define FXL_STRINGIZE(x) FXL_STRINGIZE_(x)

#ifdef FXL_CONFIG_FILE
#include FXL_STRINGIZE(FXL_CONFIG_FILE)
#endif

/* FXL_ASSERT(cond): checks a documented precondition of a hot-path call
 * (a circle outside the domain, a NULL pointer). Default: compiled out, so
 * release builds pay nothing. The hosted test build maps it to a handler that
 * counts a failure. Out-of-domain inputs never cause undefined behaviour
 * either way: the arithmetic stays defined, only the answer is meaningless. */
#ifndef FXL_ASSERT
#define FXL_ASSERT(cond) ((void)0)
#endif

/* FXL_IWRAM_CODE: placed on the hot functions (the batch tests). On the GBA
 * it puts them in the 32-bit-bus IWRAM as ARM code; elsewhere it is empty. */
#ifndef FXL_IWRAM_CODE
#define FXL_IWRAM_CODE
#endif

/* FXL_ARM_CODE: once-per-laser code heavy in 64-bit products (the sweep's
 * prepare step, chain generation). The ARM7TDMI multiplies 32x32->64 only in ARM
 * state (Thumb calls a library routine), so the GBA port compiles these as
 * ARM code, left in ROM (no IWRAM spent). Default: empty. */
#ifndef FXL_ARM_CODE
#define FXL_ARM_CODE
#endif

/* FXL_ARM_ASM: 1 lets the core use its hand-scheduled loops for ARMv4T in
 * ARM state, in GCC syntax, where the compiled C runs out of registers (the
 * seed chains' walk, src/chain.c). Default 0: the portable C. */
#ifndef FXL_ARM_ASM
#define FXL_ARM_ASM 0
#endif

/* FXL_IWRAM_DATA: small, hot tables placed in IWRAM. Default: empty. */
#ifndef FXL_IWRAM_DATA
#define FXL_IWRAM_DATA
#endif

/* FXL_EWRAM_DATA / FXL_EWRAM_BSS: large initialised / zeroed buffers placed
 * in the GBA's 256 KiB external work RAM. Default: empty. */
#ifndef FXL_EWRAM_DATA
#define FXL_EWRAM_DATA
#endif
#ifndef FXL_EWRAM_BSS
#define FXL_EWRAM_BSS
#endif

/* FXL_ROM_DATA: large constant tables (the sine table). Default: empty
 * (ordinary .rodata, which the GBA linker script keeps in cartridge ROM). */
#ifndef FXL_ROM_DATA
#define FXL_ROM_DATA
#endif

/* FXL_NOINLINE: keeps a rarely used helper out of its caller (so it stays
 * out of IWRAM when the caller is placed there). */
#ifndef FXL_NOINLINE
#if defined(__GNUC__)
#define FXL_NOINLINE __attribute__((noinline))
#else
#define FXL_NOINLINE
#endif
#endif

/* FXL_INLINE: how small helpers in the public headers are declared. */
#ifndef FXL_INLINE
#define FXL_INLINE static inline
#endif

#endif /* FIXLASER_CONFIG_H */
