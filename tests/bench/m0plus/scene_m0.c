/* scene_m0.c - the scene benchmark's twin built for Cortex-M0+ (ARMv6-M:
 * no 32x32->64 multiply, every 64-bit product a call to __aeabi_lmul), run
 * under QEMU (mps2-an385: its Cortex-M3 executes the same instructions)
 * with -icount shift=0, where the virtual clock advances one nanosecond per
 * instruction: SysTick, clocked from it, then counts instructions (one tick
 * per 40 at the board's 25 MHz; calibrated below on a loop of known length).
 * It plays the same frames as the GBA ROM and the host twin (scene.c), times
 * each phase of each frame, prints the medians and the hit-list hashes
 * (which tools/m0plus.sh checks against the host twin's oracle), and exits
 * through semihosting. Everything here is instruction counts, not cycles:
 * tools/m0plus.sh turns them into a cycle estimate.
 *
 * Built with -DM0_COUNT_LMUL and linked with -Wl,--wrap=__aeabi_lmul, the
 * same run counts the calls to __aeabi_lmul of each phase instead (the
 * wrapper costs instructions, so that build is not timed). */
#include <stdint.h>

#include "../../harness.h"
#include "../scene.h"

/* The platform (semihosting output and exit, SysTick, the start-up) is the
 * microcontroller port's: port/mcu/semihost.c and mps2_vectors.s. */

enum { T_FAST, T_BASE = T_FAST + SCENE_PHASES, T_CHAIN = T_BASE + SCENE_PHASES, T_COUNT };
static uint32_t samples[T_COUNT + 3][SCENE_FRAMES];
static uint32_t sorted[SCENE_FRAMES];

static uint32_t median_of(const uint32_t *v)
{
    int i, j;
    for (i = 0; i < SCENE_FRAMES; i++) {
        uint32_t x = v[i];
        for (j = i; j > 0 && sorted[j - 1] > x; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = x;
    }
    return sorted[SCENE_FRAMES / 2];
}

/* 2 * n instructions (subs, bne). */
static void spin(uint32_t n)
{
    __asm__ volatile(".syntax unified\n1:\tsubs %0, %0, #1\n\tbne 1b\n\t.syntax divided"
                     : "+l"(n)
                     :
                     : "cc");
}

#ifdef M0_COUNT_LMUL
static uint32_t lmul_calls;
uint64_t __real___aeabi_lmul(uint64_t a, uint64_t b);
uint64_t __wrap___aeabi_lmul(uint64_t a, uint64_t b);
uint64_t __wrap___aeabi_lmul(uint64_t a, uint64_t b)
{
    lmul_calls++;
    return __real___aeabi_lmul(a, b);
}

static uint32_t timed(scene_phase_fn fn, scene_hits *h)
{
    uint32_t n0 = lmul_calls;
    (void)fn(h);
    return lmul_calls - n0;
}
#else
static uint32_t timed(scene_phase_fn fn, scene_hits *h)
{
    fxl_port_cycles_begin();
    (void)fn(h);
    return fxl_port_cycles_end();
}
#endif

int main(void)
{
    static const scene_phase_fn fast[SCENE_PHASES] = {scene_bullets_fast, scene_lasers_fast,
                                                      scene_rotating_fast};
    static const scene_phase_fn base[SCENE_PHASES] = {scene_bullets_base, scene_lasers_base,
                                                      scene_rotating_base};
    static const char *const names[T_COUNT + 3] = {
        "bullets-fast", "lasers-fast", "rotating-fast", "bullets-base", "lasers-base",
        "rotating-base", "rotating-chain", "total-fast", "total-base", "total-chain"};
    uint32_t hash_fast = SCENE_FNV_BASIS, hash_base = SCENE_FNV_BASIS, hash_chain = SCENE_FNV_BASIS;
    uint32_t cal, overhead;
    int f, p;

    fxl_port_cycles_begin();
    spin(1000000u);
    cal = fxl_port_cycles_end();
    fxl_port_cycles_begin();
    overhead = fxl_port_cycles_end();
    scene_init();
    for (f = 0; f < SCENE_FRAMES; f++) {
        scene_hits hf, hb, hc;
        uint32_t tf = 0, tb = 0;
        for (p = 0; p < SCENE_PHASES; p++) {
            samples[T_FAST + p][f] = timed(fast[p], &hf);
            samples[T_BASE + p][f] = timed(base[p], &hb);
            tf += samples[T_FAST + p][f];
            tb += samples[T_BASE + p][f];
        }
        samples[T_CHAIN][f] = timed(scene_rotating_chain, &hc);
        samples[T_COUNT][f] = tf;
        samples[T_COUNT + 1][f] = tb;
        samples[T_COUNT + 2][f] = tf - samples[T_FAST + SCENE_PH_ROTATING][f] + samples[T_CHAIN][f];
        for (p = 0; p < SCENE_PHASES; p++) {
            hash_fast = scene_hash(hash_fast, &hf, p);
            hash_base = scene_hash(hash_base, &hb, p);
            hash_chain = scene_hash(hash_chain, p == SCENE_PH_ROTATING ? &hc : &hf, p);
        }
        scene_advance();
    }
    /* Ticks; the script scales them by the calibration (2,000,000
     * instructions took `cal` ticks). */
    fxlt_printf("M0-CAL 2000000 %u %u\n", cal, overhead);
    for (p = 0; p < T_COUNT + 3; p++)
        fxlt_printf("M0-PHASE %s %u\n", names[p], median_of(samples[p]));
    fxlt_printf("M0-HASH 0x%08x 0x%08x 0x%08x %u\n", hash_fast, hash_base, hash_chain,
                (uint32_t)SCENE_FRAMES);
    return hash_fast == hash_base ? 0 : 1;
}
