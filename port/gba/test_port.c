/* test_port.c - the test/benchmark hooks of test_port.h for the Game Boy
 * Advance (run under mGBA through tools/gbarun, or on hardware).
 *
 * Status block (EWRAM 0x0203FFF0..0x0203FFFF, reserved by gba.ld and zeroed
 * by crt0.s at boot; its addresses in gbarun_abi.h, which gbarun shares):
 *   0x0203FFF0  u32  magic 0x21434C46 ("FLC!" in memory order) once finished
 *   0x0203FFF4  u32  number of failures (0 = success)
 *   0x0203FFF8  u32  the deepest the user stack went, bytes below the
 *                    stack pointer of fxl_port_init (written at finish;
 *                    at least that when it overran)
 *   0x0203FFFC  u32  reserved (0)
 * The failure count is written before the magic, so whoever sees the magic
 * sees the final count.
 *
 * Seed: the property tests draw from the committed seed (tests/harness.h,
 * FXLT_SEED) unless the ROM's seed slot below holds another: `gbarun -S
 * SEED` writes it into the loaded ROM (make check-seed-gba, make soak-gba),
 * as the hosted port reads the FXLT_SEED environment variable.
 */
#include "test_port.h"

#include <stddef.h>

#include "gba_hw.h"
#include "harness.h" /* fxlt_only */
#include "gbarun_abi.h" /* the status block and the seed slot */

/* A guard band at the bottom of the user stack (just above .bss, where
 * gba.ld's __iwram_top ends the static data): painted at init, checked at
 * finish. A deep call chain that ran into it would also have run over the
 * last static variables; the run then counts one more failure, whatever
 * the suite said. The rest of the free stack is painted too, so that the
 * finish can tell how deep the stack went (the high-water mark) and fail
 * the run while the suite still has less than FXL_STACK_SLACK bytes to
 * spare: a test or an IWRAM function added later then fails here, with
 * the figures, instead of corrupting the suite's static data. */
extern char __iwram_top[];
#define FXL_GUARD_WORDS 64u
#define FXL_GUARD_WORD 0x5AC3A55Cu
#ifndef FXL_STACK_SLACK
#define FXL_STACK_SLACK 1024u /* -DFXL_STACK_SLACK=99999 prints the figures */
#endif

/* The seed slot (gbarun_abi.h): a tag gbarun finds in the loaded ROM, then
 * the seed's low and high words (both 0: the committed seed). In ROM, read
 * through a volatile lvalue so the compiler cannot fold the zeros in. */
typedef struct fxl_seed_slot {
    /* cppcheck-suppress unusedStructMember ; read by gbarun in the ROM */
    char tag[FXL_SEED_SLOT_TAG_LEN];
    uint32_t lo, hi;
} fxl_seed_slot;
/* Weak: the ROMs without the test harness (the demo, a game's) link no
 * fxlt_seed, and the slot is never asked for there. */
void fxlt_seed(uint64_t seed) __attribute__((weak));
static const volatile fxl_seed_slot fxl_seed_patch = {FXL_SEED_SLOT_TAG, 0u, 0u};

static uintptr_t fxl_stack_entry; /* sp (about) at fxl_port_init */
static uint32_t fxl_stack_words;  /* words painted above __iwram_top */

static void fxl_guard_paint(void)
{
    volatile uint32_t *g = (volatile uint32_t *)(void *)__iwram_top;
    volatile uint32_t here = 0;
    uint32_t i;
    /* an address, kept as a number: nothing dereferences it later */
    /* cppcheck-suppress danglingLifetime */
    fxl_stack_entry = (uintptr_t)&here;
    /* up to 64 bytes below this frame */
    /* cppcheck-suppress danglingLifetime */
    fxl_stack_words = (uint32_t)((fxl_stack_entry - 64u - (uintptr_t)__iwram_top) / 4u);
    for (i = 0; i < fxl_stack_words; i++)
        g[i] = FXL_GUARD_WORD ^ i;
}

/* v in decimal, in buf (12 bytes); no printf (the size ROMs link this
 * file without the harness) and no division (which would pull libgcc's
 * into their tables). */
static const char *fxl_dec(char *buf, uint32_t v)
{
    static const uint32_t tens[10] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                      10000u,      1000u,      100u,      10u,      1u};
    char *p = buf;
    int i;
    for (i = 0; i < 10; i++) {
        char d = '0';
        while (v >= tens[i]) {
            v -= tens[i];
            d++;
        }
        if (d != '0' || p != buf || i == 9)
            *p++ = d;
    }
    *p = '\0';
    return buf;
}

/* The lowest stack byte ever written: bytes of painted stack still intact
 * above the guard band's start. */
static uint32_t fxl_stack_untouched(void)
{
    const volatile uint32_t *g = (const volatile uint32_t *)(void *)__iwram_top;
    uint32_t i = 0;
    while (i < fxl_stack_words && g[i] == (FXL_GUARD_WORD ^ i))
        i++;
    return 4u * i;
}

/* The current, not yet sent, line (at most FXL_GBA_MGBA_DEBUG_MAX chars). */
static char fxl_line[FXL_GBA_MGBA_DEBUG_MAX + 1] FXL_EWRAM_BSS; /* IWRAM is for the stack */
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
    {
        uint64_t seed = (uint64_t)fxl_seed_patch.hi << 32 | fxl_seed_patch.lo;
        if (seed != 0u && fxlt_seed != NULL)
            fxlt_seed(seed);
    }
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
    /* the guard band is the painted stack's first FXL_GUARD_WORDS */
    uint32_t untouched = fxl_stack_untouched();
    uint32_t deepest = (uint32_t)(fxl_stack_entry - (uintptr_t)__iwram_top) - untouched;
    if (fxl_line_len > 0) {
        fxl_line_flush();
    }
    *(volatile uint32_t *)FXL_STATUS_STACK_ADDR = deepest;
    if (untouched < 4u * FXL_GUARD_WORDS) {
        fxl_port_write("FAIL the stack ran into the static data (port/gba/test_port.c guard)\n");
        failed++;
    } else if (untouched < FXL_STACK_SLACK + 4u * FXL_GUARD_WORDS) {
        char n[12];
        fxl_port_write("FAIL the stack came within ");
        fxl_port_write(fxl_dec(n, untouched));
        fxl_port_write(" bytes of the static data (deepest ");
        fxl_port_write(fxl_dec(n, deepest));
        fxl_port_write(" bytes; port/gba/test_port.c wants ");
        fxl_port_write(fxl_dec(n, FXL_STACK_SLACK + 4u * FXL_GUARD_WORDS));
        fxl_port_write(" to spare)\n");
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
