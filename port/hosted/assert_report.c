/* port/hosted/assert_report.c - the hosted checked library's report of a
 * broken precondition (FXL_PORT_ASSERT_FAILED, config.h): one line on
 * stderr, "file:line: fixlaser: precondition failed: condition", then the
 * trap (SIGILL), as the core's own fxl_assert_failed. Linked into
 * libfixlaser-checked.a only: the release library needs no libc. */
#include <stdio.h>
#include <stdlib.h>

#include "fixlaser/config.h"

void fxl_assert_failed(const char *expr, const char *file, int line)
{
    fprintf(stderr, "%s:%d: fixlaser: precondition failed: %s\n", file, line, expr);
    fflush(stderr);
#if defined(__GNUC__)
    __builtin_trap();
#else
    abort();
#endif
}
