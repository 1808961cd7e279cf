/* smoke.c - GBA port smoke test: proves the toolchain, crt0, linker script,
 * IWRAM/ARM code placement, the cycle counter, mGBA debug output and the
 * status block all work. Built and run by `make -f port/gba/gba.mk gba-smoke`.
 * Does not use the fixlaser core.
 */
#include <stdint.h>

#include "fxl_port.h"
#include "test_port.h"

/* ARM code in IWRAM: a signed 32x32->64 multiply (smull in ARM state). */
FXL_IWRAM_CODE int64_t fxl_smoke_mul64(int32_t a, int32_t b);

FXL_IWRAM_CODE int64_t fxl_smoke_mul64(int32_t a, int32_t b)
{
    return (int64_t)a * (int64_t)b;
}

/* Initialised data copied to IWRAM by crt0, and zeroed .bss. */
static volatile int32_t fxl_smoke_factor FXL_IWRAM_DATA = 0x12345678;
static volatile uint32_t fxl_smoke_sink;

/* Formats v as decimal (no printf: keeps the smoke ROM independent of
 * newlib's stdio). */
static char *fxl_smoke_i64(char *end, int64_t v)
{
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    *--end = '\0';
    do {
        *--end = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u != 0);
    if (v < 0) {
        *--end = '-';
    }
    return end;
}

int main(void)
{
    char buf[32];
    int64_t product;
    uint32_t cycles;
    int i;
    int failed = 0;

    fxl_port_init();
    fxl_port_write("smoke: hello from ARM7TDMI\n");

    product = fxl_smoke_mul64(fxl_smoke_factor, -0x7654321);
    fxl_port_write("smoke: iwram mul64 0x12345678 * -0x7654321 = ");
    fxl_port_write(fxl_smoke_i64(buf + sizeof buf, product));
    fxl_port_write("\n");
    if (product != (int64_t)0x12345678 * -(int64_t)0x7654321) {
        fxl_port_write("smoke: FAIL wrong product\n");
        ++failed;
    }

    (void)fxl_port_cycles_begin();
    for (i = 0; i < 100; ++i) {
        fxl_smoke_sink += (uint32_t)i;
    }
    cycles = fxl_port_cycles_end();
    fxl_port_write("smoke: 100-iteration loop took ");
    fxl_port_write(fxl_smoke_i64(buf + sizeof buf, (int64_t)cycles));
    fxl_port_write(" cycles\n");
    if (cycles == 0) {
        fxl_port_write("smoke: FAIL timers did not count\n");
        ++failed;
    }

    /* The same measurement around nothing: the fixed cost of the
     * begin/end calls, to subtract from benchmark figures. */
    (void)fxl_port_cycles_begin();
    cycles = fxl_port_cycles_end();
    fxl_port_write("smoke: empty begin/end interval took ");
    fxl_port_write(fxl_smoke_i64(buf + sizeof buf, (int64_t)cycles));
    fxl_port_write(" cycles\n");

    fxl_port_write(failed ? "smoke: FAILED\n" : "smoke: ok\n");
    fxl_port_finish(failed);
}
