/* test_port.c - the test/benchmark hooks of test_port.h for the Game Boy
 * Advance (run under mGBA through tools/gbarun, or on hardware).
 *
 * Status block (EWRAM 0x0203FFF0..0x0203FFFF, reserved by gba.ld and zeroed
 * by crt0.s at boot):
 *   0x0203FFF0  u32  magic 0x21434C46 ("FLC!" in memory order) once finished
 *   0x0203FFF4  u32  number of failures (0 = success)
 *   0x0203FFF8  u32  reserved (0)
 *   0x0203FFFC  u32  reserved (0)
 * The failure count is written before the magic, so whoever sees the magic
 * sees the final count.
 */
#include "test_port.h"

#include <stddef.h>

#include "gba_hw.h"
#include "harness.h" /* fxlt_only */

#define FXL_STATUS_MAGIC_ADDR  0x0203FFF0u
#define FXL_STATUS_FAILED_ADDR 0x0203FFF4u
#define FXL_STATUS_MAGIC       0x21434C46u /* 'F','L','C','!' little-endian */

/* A guard band at the bottom of the user stack (just above .bss, where
 * gba.ld's __iwram_top ends the static data): painted at init, checked at
 * finish. A deep call chain that ran into it would also have run over the
 * last static variables; the run then counts one more failure, whatever
 * the suite said. */
extern char __iwram_top[];
#define FXL_GUARD_WORDS 64u
#define FXL_GUARD_WORD 0x5AC3A55Cu

static void fxl_guard_paint(void)
{
    volatile uint32_t *g = (volatile uint32_t *)(void *)__iwram_top;
    uint32_t i;
    for (i = 0; i < FXL_GUARD_WORDS; i++)
        g[i] = FXL_GUARD_WORD ^ i;
}

static int fxl_guard_broken(void)
{
    const volatile uint32_t *g = (const volatile uint32_t *)(void *)__iwram_top;
    uint32_t i;
    for (i = 0; i < FXL_GUARD_WORDS; i++)
        if (g[i] != (FXL_GUARD_WORD ^ i))
            return 1;
    return 0;
}

/* The current, not yet sent, line (at most FXL_GBA_MGBA_DEBUG_MAX chars). */
static char fxl_line[FXL_GBA_MGBA_DEBUG_MAX + 1];
static size_t fxl_line_len;

static void fxl_line_flush(void)
{
    fxl_line[fxl_line_len] = '\0';
    fxl_gba_debug_line(fxl_line);
    fxl_line_len = 0;
}

void fxl_port_init(void)
{
    fxl_gba_set_waitstates();
    (void)fxl_gba_debug_enable();
    fxl_line_len = 0;
    fxl_guard_paint();
#ifdef FXLT_GBA_ONLY
    fxlt_only(FXLT_GBA_ONLY); /* a ROM of some tests: -DFXLT_GBA_ONLY='"sweep,cast.bounce"' */
#endif
}

void fxl_port_write(const char *s)
{
    if (s == NULL) {
        return;
    }
    for (; *s != '\0'; ++s) {
        if (*s == '\n') {
            fxl_line_flush();
            continue;
        }
        if (fxl_line_len == FXL_GBA_MGBA_DEBUG_MAX) {
            fxl_line_flush(); /* over-long line: split */
        }
        fxl_line[fxl_line_len++] = *s;
    }
}

void fxl_port_finish(int failed)
{
    if (fxl_line_len > 0) {
        fxl_line_flush();
    }
    if (fxl_guard_broken()) {
        fxl_port_write("FAIL the stack ran into the static data (port/gba/test_port.c guard)\n");
        failed++;
    }
    *(volatile uint32_t *)FXL_STATUS_FAILED_ADDR = (uint32_t)failed;
    *(volatile uint32_t *)FXL_STATUS_MAGIC_ADDR = FXL_STATUS_MAGIC;
    fxl_gba_halt_forever();
}

uint32_t fxl_port_cycles_begin(void)
{
    fxl_gba_timer_start();
    return 0;
}

uint32_t fxl_port_cycles_end(void)
{
    return fxl_gba_timer_stop();
}
