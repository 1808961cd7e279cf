/* test_port.h - the hooks through which fixlaser's test suite, benchmarks
 * and demo talk to the machine they run on. The tests own this interface;
 * each platform implements it, and the tests call nothing else that is host-
 * or target-specific:
 *   port/hosted/test_port.c  a host OS (the PC suite, tools, x86-32): stdout
 *                            and the exit status; no cycle counter
 *   port/gba/test_port.c     the Game Boy Advance, under mGBA through
 *                            tools/gbarun or on hardware
 *   port/mcu/semihost.c      microcontrollers under QEMU (docs/mcu.md):
 *                            semihosting; SysTick on Cortex-M
 *
 * Typical use:
 *     fxl_port_init();
 *     fxl_port_write("test_foo: ok\n");
 *     t0 = fxl_port_cycles_begin(); ...; cycles = fxl_port_cycles_end();
 *     fxl_port_finish(failed);      never returns
 */
#ifndef FXL_TEST_PORT_H
#define FXL_TEST_PORT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prepares the platform. Call once, first, before any output. GBA:
 * WAITCNT = 0x4317 (fast ROM access), turns on mGBA's debug output. */
void fxl_port_init(void);

/* Writes text: any length, may contain '\n' and partial lines. GBA: buffered
 * and sent as one mGBA debug message (level info) per complete line, without
 * the '\n'; a line longer than 255 characters is split into several
 * messages. Partial lines are sent by fxl_port_finish(). */
void fxl_port_write(const char *s);

/* Ends the run and never returns. `failed` is the number of failures (0 =
 * success). Host and QEMU: the exit status, 0 on success, else 1. GBA:
 * flushes a pending partial line, writes the status block (0x0203FFF4 =
 * failed, then 0x0203FFF0 = 0x21434C46 "FLC!"), then halts forever;
 * tools/gbarun polls the block after every frame and exits with
 * min(failed, 125). */
#if defined(__GNUC__)
void fxl_port_finish(int failed) __attribute__((noreturn));
#else
void fxl_port_finish(int failed);
#endif

/* Cycle counting. fxl_port_cycles_begin() starts the counter and returns 0;
 * fxl_port_cycles_end() stops it and returns the cycles elapsed since the
 * matching begin. Not nestable. GBA: cascaded timers 2+3, 16.78 MHz CPU
 * cycles; Cortex-M: SysTick ticks; 0 where there is no counter (a host OS,
 * where make bench-host counts instructions under valgrind instead; RISC-V). */
uint32_t fxl_port_cycles_begin(void);
uint32_t fxl_port_cycles_end(void);

/* The other way round: a broken precondition inside the library, in a test
 * build. The test builds' port headers (port/hosted/fxl_port.h, and
 * port/gba/fxl_port.h with -DFXL_GBA_CHECKED) route FXL_ASSERT here;
 * tests/harness.c defines it (a failed check, unless the test feeds
 * out-of-domain input on purpose: fxlt_expect_asserts). */
void fxl_port_assert_failed(const char *expr, const char *file, int line);

#ifdef __cplusplus
}
#endif

#endif /* FXL_TEST_PORT_H */
