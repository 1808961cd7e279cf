/* exit_status.c - a game's ROM reports main's return value, for tools that
 * run ROMs headless (build/tools/gbarun exits with it) and for printf.
 *
 * port/gba/crt0.s calls fxl_port_finish(main's return value) when main
 * returns and this hook is linked (a weak reference; without it the ROM
 * halts forever, and gbarun waits for its frame limit: exit 124).
 * port/gba/syscalls.c sends printf's output to fxl_port_write and exit()'s
 * status to fxl_port_finish the same way. This file gives both hooks:
 *   fxl_port_write   text to mGBA's debug log, a line a message (nothing
 *                    on hardware)
 *   fxl_port_finish  the status block gbarun reads (EWRAM 0x0203FFF0:
 *                    magic "FLC!", then the status at 0x0203FFF4), then
 *                    halts
 * make install-gba installs it compiled, in lib/libfixlaser-gba-rt.a with
 * syscalls.o and gba_hw.o (docs/guide/gba.md, "A first ROM"). */
#include <stddef.h>
#include <stdint.h>

#include "gba_hw.h"

void fxl_port_write(const char *s);
void fxl_port_finish(int status) __attribute__((noreturn));

#define FXL_RT_STATUS_MAGIC_ADDR 0x0203FFF0u
#define FXL_RT_STATUS_VALUE_ADDR 0x0203FFF4u
#define FXL_RT_STATUS_MAGIC      0x21434C46u /* 'F','L','C','!' little-endian */

static char fxl_rt_line[FXL_GBA_MGBA_DEBUG_MAX + 1];
static size_t fxl_rt_len;
static int fxl_rt_debug_on;

static void fxl_rt_flush(void)
{
    if (!fxl_rt_debug_on)
        fxl_rt_debug_on = fxl_gba_debug_enable() ? 1 : -1;
    fxl_rt_line[fxl_rt_len] = '\0';
    if (fxl_rt_debug_on > 0)
        fxl_gba_debug_line(fxl_rt_line);
    fxl_rt_len = 0;
}

void fxl_port_write(const char *s)
{
    if (s == NULL)
        return;
    for (; *s != '\0'; ++s) {
        if (*s == '\n') {
            fxl_rt_flush();
            continue;
        }
        if (fxl_rt_len == FXL_GBA_MGBA_DEBUG_MAX)
            fxl_rt_flush(); /* an over-long line: split */
        fxl_rt_line[fxl_rt_len++] = *s;
    }
}

void fxl_port_finish(int status)
{
    if (fxl_rt_len > 0)
        fxl_rt_flush();
    /* The value first, then the magic: whoever sees the magic sees the
     * final value. A negative status reads as a large count (gbarun caps
     * it at 125). */
    *(volatile uint32_t *)FXL_RT_STATUS_VALUE_ADDR = (uint32_t)status;
    *(volatile uint32_t *)FXL_RT_STATUS_MAGIC_ADDR = FXL_RT_STATUS_MAGIC;
    fxl_gba_halt_forever();
}
