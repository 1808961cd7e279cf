/* gba_hw.c - Game Boy Advance register helpers (see gba_hw.h). */
#include "gba_hw.h"

#include <stddef.h>

static int fxl_gba_debug_on;

void fxl_gba_set_waitstates(void)
{
    FXL_GBA_REG_WAITCNT = (uint16_t)FXL_GBA_WAITCNT_FAST;
}

void fxl_gba_timer_start(void)
{
    /* Stop both, clear the reload values, then enable the cascaded high
     * timer first so it is ready before the low one starts counting. The
     * counters load their reload value (0) on the 0->1 enable edge. */
    FXL_GBA_REG_TM2CNT = 0;
    FXL_GBA_REG_TM3CNT = 0;
    FXL_GBA_REG_TM2D = 0;
    FXL_GBA_REG_TM3D = 0;
    FXL_GBA_REG_TM3CNT = (uint16_t)(FXL_GBA_TM_ENABLE | FXL_GBA_TM_CASCADE);
    FXL_GBA_REG_TM2CNT = (uint16_t)(FXL_GBA_TM_ENABLE | FXL_GBA_TM_FREQ_1);
}

uint32_t fxl_gba_timer_stop(void)
{
    FXL_GBA_REG_TM2CNT = 0;
    FXL_GBA_REG_TM3CNT = 0;
    return ((uint32_t)FXL_GBA_REG_TM3D << 16) | (uint32_t)FXL_GBA_REG_TM2D;
}

int fxl_gba_debug_enable(void)
{
    FXL_GBA_MGBA_DEBUG_ENABLE = (uint16_t)FXL_GBA_MGBA_DEBUG_MAGIC_IN;
    fxl_gba_debug_on = FXL_GBA_MGBA_DEBUG_ENABLE == FXL_GBA_MGBA_DEBUG_MAGIC_OUT;
    return fxl_gba_debug_on;
}

int fxl_gba_debug_available(void)
{
    return fxl_gba_debug_on;
}

void fxl_gba_debug_send(const char *s, unsigned level)
{
    /* The buffer is written with 16-bit stores: mGBA accepts 8-, 16- and
     * 32-bit writes there, but halfwords are the width every mGBA version
     * handles. After a send mGBA zero-fills the buffer; the string is NUL
     * terminated here anyway so a shorter message never shows the tail of a
     * longer one. */
    volatile uint16_t *buf = (volatile uint16_t *)FXL_GBA_MGBA_DEBUG_STRING;
    size_t n = 0;

    if (!fxl_gba_debug_on) {
        return;
    }
    if (s == NULL) {
        s = "";
    }
    while (n < FXL_GBA_MGBA_DEBUG_MAX && s[n] != '\0') {
        ++n;
    }
    {
        size_t i;
        for (i = 0; i + 1 < n; i += 2) {
            buf[i / 2] = (uint16_t)((unsigned char)s[i] | ((unsigned)(unsigned char)s[i + 1] << 8));
        }
        if (i < n) {
            buf[i / 2] = (uint16_t)(unsigned char)s[i]; /* last char + NUL */
        } else {
            buf[i / 2] = 0; /* n even (n <= 254 here): NUL, NUL */
        }
    }
    FXL_GBA_MGBA_DEBUG_FLAGS = (uint16_t)((level & 7u) | FXL_GBA_MGBA_DEBUG_SEND);
}

void fxl_gba_debug_line(const char *s)
{
    fxl_gba_debug_send(s, FXL_GBA_MGBA_LOG_INFO);
}

void fxl_gba_halt_forever(void)
{
    FXL_GBA_REG_IME = 0;
    FXL_GBA_REG_IE = 0;
    for (;;) {
        /* BIOS Halt: sleeps until an enabled interrupt, i.e. forever here.
         * The SWI number sits in bits 0-7 in Thumb state, 16-23 in ARM. */
#if defined(__thumb__)
        __asm__ volatile("swi 0x02" ::: "r0", "r1", "r2", "r3", "memory");
#else
        __asm__ volatile("swi 0x020000" ::: "r0", "r1", "r2", "r3", "memory");
#endif
    }
}
