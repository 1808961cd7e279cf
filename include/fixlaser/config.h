/* fixlaser/config.h - every build option the core reads, in one place.
 *
 * A port (or a game) overrides any of these by defining FXL_CONFIG_FILE to the
 * name of its own header, e.g. `-DFXL_CONFIG_FILE=fxl_port.h -Iport/gba`.
 * That header is included first; every macro it leaves undefined gets the
 * default below. The core never names a port's files itself. A port's
 * header may define more for its own code (the GBA's FXL_IWRAM_DATA,
 * FXL_EWRAM_DATA, FXL_EWRAM_BSS: port/gba/fxl_port.h).
 */
#ifndef FIXLASER_CONFIG_H
#define FIXLASER_CONFIG_H

#define FXL_STRINGIZE_(x) #x
#define FXL_STRINGIZE(x) FXL_STRINGIZE_(x)

#ifdef FXL_CONFIG_FILE
#include FXL_STRINGIZE(FXL_CONFIG_FILE)
#endif

/* FXL_CHECKED: 1 builds a checked library: FXL_ASSERT (below) stops the
 * program on a broken precondition of a hot call (a NULL pointer, an
 * unprepared (zeroed or garbage) prepared struct, a circle outside the
 * domain) instead of returning a meaningless answer. Default: as
 * <assert.h> (and Box2D's B2_ASSERT, littlefs's LFS_ASSERT), 1 in a debug
 * build (NDEBUG not defined), 0 in a release build (NDEBUG defined: asserts
 * compiled out, nothing paid). Define it (0 or 1) to choose either way.
 *
 * It is a property of the library's build, not of the game's: the public
 * headers hold no assert, so a game's own NDEBUG changes nothing. Pick the
 * library instead: `make install` installs both, the release libfixlaser.a
 * (pkg-config fixlaser, CMake fixlaser::fixlaser) for shipping and the
 * checked libfixlaser-checked.a (pkg-config fixlaser-checked, CMake
 * fixlaser::fixlaser_checked) while writing a game: a broken precondition
 * then prints "src/beam.c:123: fixlaser: precondition failed: <condition>"
 * on stderr and traps (SIGILL), answers unchanged otherwise. In the build
 * tree: `make CHECKED=1` (build/host-checked, build/gba-checked). */
#ifndef FXL_CHECKED
#ifdef NDEBUG
#define FXL_CHECKED 0
#else
#define FXL_CHECKED 1
#endif
#endif

/* FXL_PORT_ASSERT_FAILED: 1 when the port supplies fxl_assert_failed (the
 * hosted checked library: port/hosted/assert_report.c prints the file, the
 * line and the condition on stderr, then traps). Default 0: the core's own
 * (src/base.c) only traps (__builtin_trap: SIGILL on a PC, an undefined
 * instruction on the GBA, where tools/gbarun stops and names the function
 * and, from the trap's registers, the file, line and condition). The core
 * stays freestanding either way. */
#ifndef FXL_PORT_ASSERT_FAILED
#define FXL_PORT_ASSERT_FAILED 0
#endif

#ifdef __cplusplus
extern "C" {
#endif
/* Called by a checked build's FXL_ASSERT with the failed condition's text,
 * the file and the line; never returns. */
#if defined(__GNUC__)
void fxl_assert_failed(const char *expr, const char *file, int line) __attribute__((noreturn, cold));
#else
void fxl_assert_failed(const char *expr, const char *file, int line);
#endif
#ifdef __cplusplus
}
#endif

/* FXL_ASSERT(cond): checks a documented precondition of a hot-path call.
 * Default: with FXL_CHECKED 1, a failure calls fxl_assert_failed (above);
 * compiled out with FXL_CHECKED 0. A port may define it otherwise: the test
 * builds map it to a handler that counts a failure (port/hosted/fxl_port.h).
 * Out-of-domain inputs never cause undefined behaviour either way: the
 * arithmetic stays defined, only the answer is meaningless. A prepared
 * struct (fxl_laser_prep, fxl_sweep_prep, fxl_laser3d_prep, fxl_beam_prep;
 * a fxl_curvy beyond the fields curvy.h lets a game change) is not an input
 * but the prepare call's output: one that its prepare or init call did not
 * write (zeroed, garbage, fields edited) is a broken precondition like a
 * NULL pointer. The checked build traps on a zeroed or garbage one (a
 * plausibility check: the kind, the table vector; not every edited field);
 * a release build does not check, and its arithmetic may then overflow
 * (undefined behaviour). Validating it on every test would cost the hot path
 * what the single validation at prepare time saves. Walls are the
 * exception: any fxl_wall_prep values are safe (wall.h). */
#ifndef FXL_ASSERT
#if FXL_CHECKED
#define FXL_ASSERT(cond) ((cond) ? (void)0 : fxl_assert_failed(#cond, __FILE__, __LINE__))
#else
#define FXL_ASSERT(cond) ((void)0)
#endif
#endif

/* FXL_IWRAM_CODE: placed on the hot functions (the batch tests). On the GBA
 * it puts them in the 32-bit-bus IWRAM as ARM code, each in a section of
 * its own (--gc-sections keeps only those a game calls); elsewhere it is
 * empty. */
#ifndef FXL_IWRAM_CODE
#define FXL_IWRAM_CODE
#endif

/* FXL_WARM_CODE: the single-call and batch tests and the preparations
 * that are heavy in 64-bit products (the sweep's, the batch loops): hot in
 * some games, but outside a frame's many-against-one fast path (which is
 * FXL_IWRAM_CODE). The GBA port compiles them as ARM code left in ROM
 * (32x32->64 multiplies without library calls, no IWRAM spent), or in IWRAM
 * with -DFXL_GBA_WARM_IN_IWRAM (make GBA_WARM_IN_IWRAM=1): single calls
 * about 2x faster, for 4-8 KiB more IWRAM in a typical game (measured in
 * port/gba/fxl_port.h). Default: empty. */
#ifndef FXL_WARM_CODE
#define FXL_WARM_CODE
#endif

/* FXL_ARM_CODE: once-per-laser code heavy in 64-bit products (the sweep's
 * prepare step, chain generation). The ARM7TDMI multiplies 32x32->64 only in ARM
 * state (Thumb calls a library routine), so the GBA port compiles these as
 * ARM code, left in ROM (no IWRAM spent). Default: empty. */
#ifndef FXL_ARM_CODE
#define FXL_ARM_CODE
#endif

/* FXL_ROOM_IWRAM: 1 puts the rooms' centre-line search and fxl_room_cast
 * (cast.h, src/cast.c) in IWRAM as ARM code (FXL_IWRAM_CODE): about 8 KiB
 * of IWRAM (8,364 bytes in the boss ROM) for its frame's 4 casts in
 * 25,500 GBA cycles median instead of 28,210 (measured; before the
 * rooms' index, a room cast of 1,468 cycles instead of 3,352), 4 bounces
 * about 13% faster. Default 0: the code
 * stays in ROM (a boss-frame game's library IWRAM is about 3-4 KiB
 * without it). */
#ifndef FXL_ROOM_IWRAM
#define FXL_ROOM_IWRAM 0
#endif

/* FXL_ROOM_SCAN_IWRAM: 1 puts only the rooms' packed pass (src/cast.c's
 * room_scan: every wall's packed box and angle, read by every bounce leg
 * and every cast of a room too large for its index, cast.h) in IWRAM as
 * ARM code: 148 bytes of IWRAM for about
 * 2,000 GBA cycles less in the benchmark's boss frame (2 room casts and 2
 * bouncing lasers of 4 bounces a frame in a 16-walled room; measured).
 * Default 0: inlined into its callers (Thumb in ROM on the GBA), which
 * keeps a boss-frame game's library IWRAM within 4 KiB. FXL_ROOM_IWRAM
 * implies it. */
#ifndef FXL_ROOM_SCAN_IWRAM
#define FXL_ROOM_SCAN_IWRAM FXL_ROOM_IWRAM
#endif

/* FXL_TEST_HOOKS: defined only by the test suite's builds (Makefile:
 * TEST_CF, the GBA test ROM): the core keeps a few counters its tests read
 * (bounce.c's audit of the skipped reachability checks). Never define it in
 * a game: undefined by default, and no code or data of it is built. */

/* FXL_ARM_ASM: 1 lets the core use its hand-scheduled loops for ARMv4T in
 * ARM state, in GCC syntax, where the compiled C runs out of registers (the
 * chained-square chains' walk, src/chain.c). Default 0: the portable C. */
#ifndef FXL_ARM_ASM
#define FXL_ARM_ASM 0
#endif

/* FXL_ROM_DATA: large constant tables (the sine table). Default: empty
 * (ordinary .rodata, which the GBA linker script keeps in cartridge ROM). */
#ifndef FXL_ROM_DATA
#define FXL_ROM_DATA
#endif

/* FXL_SIN_FULL: 1 keeps the whole sine and cosine waves as two 16 KiB tables
 * (4096 int32_t each) so that fxl_sin and fxl_cos are each a single read of
 * the same folded index; 0 (default) keeps
 * only the quarter wave (2 KiB) and folds the angle into it. Same values
 * either way. The GBA port sets it (cartridge ROM is plentiful there). */
#ifndef FXL_SIN_FULL
#define FXL_SIN_FULL 0
#endif

/* FXL_PORT_CIRCLES_VS_CIRCLE: 1 when the port supplies its own
 * fxl_circles_vs_circle (the GBA port: hand-scheduled ARM in
 * port/gba/fast_arm.s, with the same results bit for bit). The core's C loop
 * is then built as fxl__circles_vs_circle_c, which the tests compare the
 * port's routine with. Default 0: the C loop is fxl_circles_vs_circle. */
#ifndef FXL_PORT_CIRCLES_VS_CIRCLE
#define FXL_PORT_CIRCLES_VS_CIRCLE 0
#endif

/* FXL_PORT_LASERS_VS_CIRCLE: 1 when the port supplies its own
 * fxl_lasers_vs_circle (the GBA port: port/gba/fast_arm.s, same results
 * bit for bit; the core's C loop is then fxl__lasers_vs_circle_c, the tests'
 * reference). Default 0. */
#ifndef FXL_PORT_LASERS_VS_CIRCLE
#define FXL_PORT_LASERS_VS_CIRCLE 0
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

/* FXL_PORT_ROOM_CAST: 1 when the port supplies the room cast's candidate
 * search (the GBA port: hand-scheduled ARM in port/gba/cast_arm.s, in ROM,
 * the same walls and u* as the C's, with the division for the wall it
 * finds) and fxl_room_cast's common case (there as hand-written Thumb,
 * calling the core's C for every other case). The core's C search and
 * fxl_room_cast are then built as fxl__room_cast_mask_c and
 * fxl__room_cast_c, the tests' references. Default 0. */
#ifndef FXL_PORT_ROOM_CAST
#define FXL_PORT_ROOM_CAST 0
#endif

/* FXL_PORT_BOUNCE_BAND: 1 when the port supplies the band and first tests
 * of a bounce leg's candidates in an indexed room (the GBA port:
 * hand-scheduled ARM in port/gba/bounce_arm.s, in ROM but for its
 * candidates' loop, in IWRAM; the same walls, band and u* as
 * src/bounce_band.c's C list, which stays the code everywhere else and
 * the tests' reference). Default 0. */
#ifndef FXL_PORT_BOUNCE_BAND
#define FXL_PORT_BOUNCE_BAND 0
#endif

#endif /* FIXLASER_CONFIG_H */
