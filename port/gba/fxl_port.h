/* fxl_port.h - fixlaser's configuration for the Game Boy Advance port.
 *
 * Pulled in by include/fixlaser/config.h when the GBA build passes
 *     -DFXL_CONFIG_FILE=fxl_port.h -Iport/gba
 * Every macro defined here overrides the core's default; every macro left
 * undefined keeps it. This header must stay self-contained: it includes no
 * fixlaser header (config.h includes *it*).
 *
 * Memory placement (see port/gba/gba.ld and port/gba/README.md):
 *   ROM    0x08000000  32 MiB   16-bit bus, waitstates (3/1 with WAITCNT
 *                              0x4317, prefetch on): .text, .rodata
 *   IWRAM  0x03000000  32 KiB   32-bit bus, 0 waitstates: .iwram (ARM code),
 *                              .iwram_data, .data, .bss, stacks
 *   EWRAM  0x02000000  256 KiB  16-bit bus, 2 waitstates: .ewram_data,
 *                              .ewram_bss, heap
 *
 * Every FXL_IWRAM_CODE function and FXL_IWRAM_DATA object gets an input
 * section of its own, all named ".iwram", so a game's link keeps only the
 * ones it uses (--gc-sections). This also avoids GCC's "section type
 * conflict" between writable and read-only objects of one .c file.
 */
#ifndef FXL_PORT_GBA_H
#define FXL_PORT_GBA_H

/* FXL__IWRAM_SECTION(flags): an input section of its own for each use, named
 * ".iwram" all the same. GCC ignores -ffunction-sections/-fdata-sections for
 * anything with a section attribute, so with a plain section(".iwram")
 * every FXL_IWRAM_CODE function of a .c file would share one section, and
 * --gc-sections could only keep or drop them all together (issue 20: 808
 * bytes of batch functions a game never called stayed in IWRAM).
 *
 * GCC writes the attribute's string into the assembler's .section directive
 * as it is, followed by its own flags:
 *     .section .iwram,"ax",%progbits,unique,12 @,"ax",%progbits
 * GNU as (2.26 and later) makes a new section for each "unique,N" (N: GCC's
 * __COUNTER__, a new number at every expansion in a translation unit), and
 * "@" starts a comment on ARM, so GCC's own flags are ignored. Same name,
 * so any GBA linker script places them: ours (*(.iwram .iwram*)),
 * devkitARM's gba_cart.ld (*(.iwram)), the others' *(.iwram .iwram.*).
 * For GCC the strings differ, so two uses never share a section.
 * make gba-gc-check links a game calling only fxl_circles_vs_circle and
 * fails unless that function is all of fixlaser it keeps in IWRAM (and in
 * IWRAM at all): it would catch a toolchain that stopped honouring this.
 *
 * A prototype and a definition that both carry the macro get different
 * numbers, and GCC keeps the first declaration's section with a
 * -Wattributes warning ("ignoring attribute section because it conflicts
 * with previous"): the function still gets a section of its own (the
 * prototype's), so this header silences -Wattributes in the translation
 * units that include it (the GBA build's: the macros cannot carry a _Pragma,
 * which may not sit among declaration specifiers, and there would be no
 * place for its pop). The hosted build compiles the same sources with these
 * macros empty and -Wattributes on. __COUNTER__ is a GCC (and Clang)
 * extension that -Wpedantic accepts.                                       */
#define FXL__PORT_STR2(x) #x
#define FXL__PORT_STR(x) FXL__PORT_STR2(x)
#define FXL__IWRAM_SECTION(flags) \
    __attribute__((section(".iwram,\"" flags "\",%progbits,unique," FXL__PORT_STR(__COUNTER__) " @")))
#pragma GCC diagnostic ignored "-Wattributes"

/* FXL_IWRAM_CODE: put a hot function in IWRAM, compiled as 32-bit ARM code.
 *   section(".iwram")  - a section of its own (FXL__IWRAM_SECTION above);
 *                        gba.ld collects the .iwram input sections that the
 *                        link keeps into the output section .iwram: stored
 *                        in ROM, copied to 0x03000000+ by crt0.s before
 *                        main() runs.
 *   target("arm")      - ARM (not Thumb) instructions: IWRAM has a 32-bit
 *                        bus with no waitstates, where ARM code is fastest
 *                        (and the 32x32->64 multiplies umull/smull exist
 *                        only in ARM state on the ARM7TDMI).
 *   noinline           - must stay a real function: if it were inlined into a
 *                        Thumb caller in ROM it would run from ROM as Thumb.
 *   short_call         - calls to it are a plain BL, also where -mlong-calls
 *                        (the library's option) would load the address: a
 *                        call from IWRAM code (the batch loops calling their
 *                        helpers) reaches it directly. ROM (0x08xxxxxx) and
 *                        IWRAM (0x03xxxxxx) are further apart than a BL can
 *                        reach (+-4 MiB), so for a call from ROM GNU ld adds
 *                        a long-branch stub next to the caller (for ARMv4T
 *                        from Thumb: bx pc; ldr pc, =target), which also
 *                        switches to ARM. (With long_call instead, each
 *                        function in a section of its own made every
 *                        IWRAM-to-IWRAM call a long one: 1-4 cycles more a
 *                        sweep in fxl_sweeps_vs_circle, and literal pools.)
 *                        Calls through the public headers' prototypes, which
 *                        carry no attribute, follow the caller's options.
 * Usable on both the prototype and the definition, before the return type:
 *     FXL_IWRAM_CODE int fxl_batch(const fxl_circle *c, ...);              */
#define FXL_IWRAM_CODE \
    FXL__IWRAM_SECTION("ax") __attribute__((target("arm"), noinline, short_call))

/* FXL_ARM_CODE: ARM state (for SMULL/UMULL) but left in ROM: the sweep's
 * prepare step and chain generation, run once per laser per frame
 * (measured: about 15-20% fewer cycles than Thumb with library multiplies). */
#define FXL_ARM_CODE __attribute__((target("arm"), noinline))

/* FXL_ARM_ASM: the ARM7TDMI runs the chained-square walk as hand-scheduled
 * ARM code (in IWRAM, through FXL_IWRAM_CODE): measured 108 against 143
 * cycles a square for GCC 12's output of the same C loop, which spills. */
#define FXL_ARM_ASM 1

/* The placement macros below are the port's own (the core reads none of
 * them): for the demo, the tests and the benchmarks on the GBA.
 *
 * FXL_IWRAM_DATA: a small, hot object in IWRAM (32-bit, no waitstates).
 * Initialised objects are stored in ROM and copied by crt0.s; zero-filled
 * ones too (IWRAM is small, keep them small). A section of its own per use
 * (FXL__IWRAM_SECTION, writable: const objects too), named ".iwram" as the
 * code's: --gc-sections drops the objects nothing reads, and const and
 * non-const objects may share a .c file. Put it on the definition only (an
 * extern declaration with it would get another number: a GCC warning).    */
#define FXL_IWRAM_DATA FXL__IWRAM_SECTION("aw")

/* FXL_WARM_CODE: the single-call and batch tests and the preparations (see
 * config.h). ARM code in ROM by default, so that fixlaser's IWRAM stays
 * under 4 KiB (the frame's fused loops, the bullets routine and the exact
 * frame test). -DFXL_GBA_WARM_IN_IWRAM (`make GBA_WARM_IN_IWRAM=1 ...`,
 * e.g. install-gba; built apart in build/gba-warm) moves them to IWRAM too,
 * each in a section of its own as FXL_IWRAM_CODE, but long_call: ROM code
 * calls many of them, and a long call costs less than GNU ld's stub for a
 * BL (scene frame 16,529 cycles with short_call, 16,444 with long_call).
 * Measured (GCC 12, make size's link tests): a game calling static lasers,
 * sweeps and curvy lasers keeps 11,560 bytes of fixlaser IWRAM instead of
 * 3,216 (sweeps alone 5,876 instead of 1,608, curvy alone 3,796 instead of
 * 0); all of the library's IWRAM code together is 21,172 bytes instead of
 * 4,928, more than the per-call benchmark ROM can fit. What it buys: the
 * single calls run about 2x faster (the scene's 16 sweeps prepared and
 * tested one by one: 24,736 -> 11,348 cycles a frame), the fused frame path
 * little (scene frame 16,656 -> 16,444 cycles, -1.3 %: its hot loops are in
 * IWRAM already). Worth it only for a game that makes many single calls and
 * has the IWRAM to spare. */
#ifdef FXL_GBA_WARM_IN_IWRAM
#define FXL_WARM_CODE FXL__IWRAM_SECTION("ax") __attribute__((target("arm"), noinline, long_call))
#else
#define FXL_WARM_CODE __attribute__((target("arm"), noinline, long_call))
#endif

/* FXL_EWRAM_DATA: a large object in EWRAM (256 KiB, 16-bit bus, 2 waits).
 * Its initial contents are stored in ROM and copied by crt0.s, so a large
 * zero-initialised buffer costs ROM space: use FXL_EWRAM_BSS for those.      */
#define FXL_EWRAM_DATA __attribute__((section(".ewram_data")))

/* FXL_EWRAM_BSS: a large zero-initialised object in EWRAM; cleared by crt0.s,
 * takes no ROM space (the tests' and benchmarks' big buffers; tests/harness.h
 * makes it empty on other platforms).                                        */
#define FXL_EWRAM_BSS __attribute__((section(".ewram_bss")))

/* FXL_ASSERT: left to the core's default (compiled out in a release build,
 * trapping in a checked one: config.h) unless the ROM is built with
 * -DFXL_GBA_CHECKED: then a broken precondition is reported to the
 * test harness (fxl_port_assert_failed, tests/test_port.h) exactly as in the
 * hosted test build (port/hosted/fxl_port.h).                              */
#ifdef FXL_GBA_CHECKED
#include "test_port.h"
#define FXL_ASSERT(cond) ((cond) ? (void)0 : fxl_port_assert_failed(#cond, __FILE__, __LINE__))
#endif

/* FXL_SIN_FULL: the whole-wave sine and cosine tables (32 KiB of ROM) make
 * fxl_sin/fxl_cos one load. */
#define FXL_SIN_FULL 1

/* FXL_PORT_CIRCLES_VS_CIRCLE: fxl_circles_vs_circle comes from
 * port/gba/fast_arm.s (two circles per LDM, ~11 cycles a circle).
 * FXL_PORT_LASERS_VS_CIRCLE: fxl_lasers_vs_circle comes from
 * port/gba/fast_arm.s (one LDM per laser, the quadrant box and the across
 * reject in registers). Both 0 in a checked library (make CHECKED=1, which
 * then leaves fast_arm.s out: gba.mk): the hand-written loops check no
 * input, the portable ones check every bullet and the player as the hosted
 * checked library does. */
#if defined(FXL_CHECKED) && FXL_CHECKED
#define FXL_PORT_CIRCLES_VS_CIRCLE 0
#define FXL_PORT_LASERS_VS_CIRCLE 0
#else
#define FXL_PORT_CIRCLES_VS_CIRCLE 1
#define FXL_PORT_LASERS_VS_CIRCLE 1
#endif

/* FXL_PORT_ROOM_CAST: fxl_room_cast's candidate search comes from
 * port/gba/cast_arm.s (ARM in ROM, every value in registers: about 25
 * instructions a candidate against GCC's 35 to 40; the one-sided
 * candidates' first tests in IWRAM, 96 bytes), and its common case
 * around it (Thumb in ROM: the checks, box, slab look-ups and end point in
 * about half GCC's instructions). 0 in a checked library too (gba.mk
 * leaves the port's assembly out there). */
#if defined(FXL_CHECKED) && FXL_CHECKED
#define FXL_PORT_ROOM_CAST 0
#else
#define FXL_PORT_ROOM_CAST 1
#endif

/* FXL_PORT_BOUNCE_BAND: a bounce leg's band and first tests come from
 * port/gba/bounce_arm.s (ARM in ROM, its candidates' loop in IWRAM: 284
 * bytes; src/bounce_band.c's C list the reference). 0 in a checked library (gba.mk leaves it out there). */
#if defined(FXL_CHECKED) && FXL_CHECKED
#define FXL_PORT_BOUNCE_BAND 0
#else
#define FXL_PORT_BOUNCE_BAND 1
#endif

/* FXL_ROM_DATA: large constant tables. Empty: ordinary const data goes to
 * .rodata, which gba.ld keeps in cartridge ROM (read directly, no copy).   */
#define FXL_ROM_DATA

#endif /* FXL_PORT_GBA_H */
