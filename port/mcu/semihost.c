/* semihost.c - the test hooks of test_port.h on microcontrollers run under
 * QEMU (Cortex-M on the mps2 boards, RV32 on virt: docs/mcu.md), and the C
 * start-up of those programs. Text and the exit status go through
 * semihosting (the call itself, mcu_semihost, is in the board's start file:
 * mps2_vectors.s or virt_start.s). Cycle counts are SysTick ticks on
 * Cortex-M (under QEMU's -icount shift=0 one tick per 40 instructions, see
 * tests/bench/m0plus/scene_m0.c) and 0 on RISC-V. */
#include <stdint.h>
#include <string.h>

#include "harness.h" /* fxlt_seed */
#include "test_port.h"

int mcu_semihost(int op, const void *arg); /* the board's start file */
void mcu_start(void);
void mcu_fault(void);
int main(void);

#define SYS_WRITE0 0x04
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT 0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026 /* QEMU exits with status 0 */
#define ADP_STOPPED_RUN_TIME_ERROR 0x20023   /* QEMU exits with status 1 */

/* The number after the command line's word "seed=", decimal or 0x hex
 * (the forms make check and make soak pass in FXLT_SEED); 0 when there is
 * no such word or it is not such a number. Not libc's strtoull: picolibc's
 * sets errno, thread-local data that the RV32 link (port/mcu/virt.ld) has
 * no thread pointer for. */
static uint64_t seed_of(const char *line)
{
    const char *w = line;
    while (w != NULL && strncmp(w, "seed=", 5) != 0) {
        w = strchr(w, ' ');
        if (w != NULL)
            w++;
    }
    if (w != NULL) {
        const char *p = w + 5;
        uint64_t v = 0;
        unsigned base = 10, d;
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
            base = 16;
            p += 2;
        }
        for (; *p != '\0' && *p != ' '; p++) {
            if (*p >= '0' && *p <= '9')
                d = (unsigned)(*p - '0');
            else if (base == 16 && *p >= 'a' && *p <= 'f')
                d = (unsigned)(*p - 'a') + 10u;
            else if (base == 16 && *p >= 'A' && *p <= 'F')
                d = (unsigned)(*p - 'A') + 10u;
            else
                return 0;
            v = v * base + d;
        }
        return v;
    }
    return 0;
}

/* Another seed for the property tests, as the hosted port's FXLT_SEED: a
 * word seed=N in the command line QEMU hands over by semihosting
 * (-semihosting-config arg=...: make check's runs under the commit's seed,
 * tools/mcu_test.sh); none, the committed seed. */
void fxl_port_init(void)
{
    static char line[128];
    struct {
        char *buf;
        int len;
    } block;
    uint64_t seed;
    block.buf = line;
    block.len = (int)sizeof line - 1;
    if (mcu_semihost(SYS_GET_CMDLINE, &block) != 0 || block.len <= 0 ||
        block.len >= (int)sizeof line)
        return;
    line[block.len] = '\0';
    seed = seed_of(line);
    if (seed != 0u)
        fxlt_seed(seed);
}

void fxl_port_write(const char *s)
{
    (void)mcu_semihost(SYS_WRITE0, s);
}

void fxl_port_finish(int failed)
{
    /* On a 32-bit target SYS_EXIT takes the reason itself, not a block. */
    (void)mcu_semihost(SYS_EXIT, (const void *)(uintptr_t)(failed == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                                        : ADP_STOPPED_RUN_TIME_ERROR));
    for (;;) {
    }
}

#if defined(__arm__)
#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
static uint32_t tick0;

static void cycles_start(void)
{
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enabled, processor clock, no interrupt */
}

uint32_t fxl_port_cycles_begin(void)
{
    tick0 = SYST_CVR;
    return 0;
}

/* SysTick ticks since the begin (it counts down, 24 bits). */
uint32_t fxl_port_cycles_end(void)
{
    return (tick0 - SYST_CVR) & 0xFFFFFFu;
}
#else
static void cycles_start(void)
{
}

uint32_t fxl_port_cycles_begin(void)
{
    return 0;
}

uint32_t fxl_port_cycles_end(void)
{
    return 0;
}
#endif

extern uint32_t __data_lma[], __data_start[], __data_end[], __bss_start[], __bss_end[];

/* Reset: .data from its load address, .bss zeroed, the cycle counter
 * started, and main's result reported as the exit status. */
void mcu_start(void)
{
    /* Sizes from the linker's symbols as integers (they bound different
     * objects as far as C is concerned). */
    uintptr_t nd = ((uintptr_t)__data_end - (uintptr_t)__data_start) / 4u;
    uintptr_t nb = ((uintptr_t)__bss_end - (uintptr_t)__bss_start) / 4u;
    uintptr_t i;
    for (i = 0; i < nd; i++)
        __data_start[i] = __data_lma[i];
    for (i = 0; i < nb; i++)
        __bss_start[i] = 0;
    cycles_start();
    fxl_port_finish(main());
}

/* Any fault, exception or trap ends the run as a failure. */
void mcu_fault(void)
{
    fxl_port_write("\nmcu: the run stopped on a fault (exception or trap)\n");
    fxl_port_finish(1);
}
