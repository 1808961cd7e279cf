/* test_port.h - the hooks through which the test suite and the benchmarks
 * talk to the machine they run on. Every port implements these four; the
 * tests call nothing else that is host- or target-specific. */
#ifndef FXL_TEST_PORT_H
#define FXL_TEST_PORT_H

#include <stdint.h>

void fxl_port_init(void);              /* once, before any output */
void fxl_port_write(const char *s);    /* text, any length, may hold '\n' */
void fxl_port_finish(int failed);      /* report the outcome; may not return */
uint32_t fxl_port_cycles_begin(void);  /* start a cycle count (0 where none) */
uint32_t fxl_port_cycles_end(void);    /* cycles since begin (0 where none) */

#endif
