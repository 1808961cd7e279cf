/* test_port.h - the hooks fixlaser's test suite and benchmarks call to talk
 * to the platform they run on. port/gba/test_port.c implements them for the
 * Game Boy Advance; port/hosted/ implements the same names for a host OS.
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

/* Prepares the platform. GBA: WAITCNT = 0x4317 (fast ROM access), turns on
 * mGBA's debug output. Call once, first. */
void fxl_port_init(void);

/* Writes text: any length, may contain '\n' and partial lines. GBA: buffered
 * and sent as one mGBA debug message (level info) per complete line, without
 * the '\n'; a line longer than 255 characters is split into several
 * messages. Partial lines are sent by fxl_port_finish(). */
void fxl_port_write(const char *s);

/* Ends the run and never returns. `failed` is the number of failures (0 =
 * success). GBA: flushes a pending partial line, writes the status block
 * (0x0203FFF4 = failed, then 0x0203FFF0 = 0x21434C46 "FLC!"), then halts
 * forever; tools/gbarun polls the block after every frame and exits with
 * min(failed, 125). */
void fxl_port_finish(int failed) __attribute__((noreturn));

/* Cycle counting. fxl_port_cycles_begin() starts the counter and returns 0;
 * fxl_port_cycles_end() stops it and returns the CPU cycles elapsed since the
 * matching begin (GBA: cascaded timers 2+3, 16.78 MHz CPU cycles). Not
 * nestable. */
uint32_t fxl_port_cycles_begin(void);
uint32_t fxl_port_cycles_end(void);

#ifdef __cplusplus
}
#endif

#endif /* FXL_TEST_PORT_H */
