/* test_port.c - hosted implementation of the test hooks: stdout and the exit
 * status. Cycle counts are not measured here (the host benchmark counts
 * instructions under valgrind instead). */
#include "test_port.h"

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>

void fxl_port_init(void)
{
    const char *shard = getenv("FXLT_SHARD"); /* "k/n": make test's shards */
    const char *seed = getenv("FXLT_SEED");   /* another seed: make soak */
    setvbuf(stdout, NULL, _IOLBF, 0);
    fxlt_only(getenv("FXLT_ONLY")); /* make test T=sweep,cast.bounce */
    if (seed != NULL && *seed != '\0')
        fxlt_seed((uint64_t)strtoull(seed, NULL, 0));
    if (shard != NULL) {
        char *end;
        unsigned long k = strtoul(shard, &end, 10);
        if (*end == '/')
            fxlt_shard((unsigned)k, (unsigned)strtoul(end + 1, NULL, 10));
    }
}

void fxl_port_write(const char *s)
{
    fputs(s, stdout);
}

void fxl_port_finish(int failed)
{
    fflush(stdout);
    exit(failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}

uint32_t fxl_port_cycles_begin(void)
{
    return 0;
}

uint32_t fxl_port_cycles_end(void)
{
    return 0;
}
