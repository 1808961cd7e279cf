/* port/hosted/fxl_port.h - configuration of the core for the hosted test
 * build (selected with -DFXL_CONFIG_FILE=fxl_port.h -Iport/hosted -Itests).
 * Preconditions of hot-path calls are checked and reported to the test
 * harness (fxl_port_assert_failed, tests/test_port.h); placement macros
 * stay empty on a PC. */
#ifndef FXL_PORT_HOSTED_H
#define FXL_PORT_HOSTED_H

#include "test_port.h"

#define FXL_ASSERT(cond) ((cond) ? (void)0 : fxl_port_assert_failed(#cond, __FILE__, __LINE__))
#define FXL_IWRAM_CODE
#define FXL_ROM_DATA

#endif
