/* start.c - the least a Cortex-M program under QEMU's mps2 boards needs
 * beside the installed share/fixlaser/mcu/mps2_vectors.s (the vector table,
 * mcu_semihost) and mps2.ld: mcu_start copies .data, clears .bss, calls
 * main and ends the run through semihosting, QEMU exiting 0 when main
 * returned 0 and 1 otherwise; mcu_fault ends it as a failure. No libc:
 * fixlaser's core needs none. (Linking newlib's rdimon for printf or malloc
 * instead needs -Wl,--defsym=end=__bss_end: its _sbrk starts the heap at
 * `end`, which mps2.ld does not define.) */
#include <stdint.h>

int main(void);
void mcu_start(void);
void mcu_fault(void);
int mcu_semihost(int op, const void *arg);

extern uint32_t __data_lma[], __data_start[], __data_end[], __bss_start[], __bss_end[];

#define SYS_EXIT 0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026 /* QEMU exits with status 0 */
#define ADP_STOPPED_RUN_TIME_ERROR 0x20023   /* QEMU exits with status 1 */

static void finish(int status)
{
    for (;;)
        (void)mcu_semihost(SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                                           : ADP_STOPPED_RUN_TIME_ERROR));
}

void mcu_start(void)
{
    /* Word counts from the addresses (the symbols are distinct objects to
     * C, so their pointers are not compared). */
    uintptr_t nd = ((uintptr_t)__data_end - (uintptr_t)__data_start) / 4u;
    uintptr_t nb = ((uintptr_t)__bss_end - (uintptr_t)__bss_start) / 4u;
    for (uintptr_t i = 0; i < nd; i++)
        __data_start[i] = __data_lma[i];
    for (uintptr_t i = 0; i < nb; i++)
        __bss_start[i] = 0;
    finish(main());
}

void mcu_fault(void)
{
    finish(1);
}
