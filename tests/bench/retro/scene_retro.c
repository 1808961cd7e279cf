/* scene_retro.c - the scene benchmark's twin for the 68000 and the R3000
 * (make bench-retro, docs/ports.md), a static Linux program run under
 * qemu-user. qemu-user has no cycle counter: the program only marks the
 * start and the end of every timed phase by calling retro_mark(), and
 * tools/retro_count.py reads QEMU's translation and execution log
 * (-d in_asm,exec,nochain: every executed block, with its instructions)
 * to count, between the marks, the instructions executed, the calls to
 * libgcc's helpers (their entry points) and a cycle estimate.
 *
 *   scene_retro.elf [FRAMES]
 * plays FRAMES frames (default SCENE_FRAMES) of the scene (scene.c), the
 * fast, baseline and chain forms of each phase as the GBA ROM does, in the
 * order the script expects (per frame: bullets fast, base, lasers fast,
 * base, rotating fast, base, chain), then prints the hit-list hashes over
 * the frames played (RETRO-HASH fast base chain frames). Before the first
 * frame, two marks with nothing between them: the marks' own cost. */
#include <stdint.h>

#include "../../harness.h"
#include "../scene.h"

/* Never inlined, so its entry is one block the script can find by name. */
void retro_mark(void) __attribute__((noinline));
void retro_mark(void)
{
    __asm__ volatile("" ::: "memory");
}

static void timed(scene_phase_fn fn, scene_hits *h)
{
    retro_mark();
    (void)fn(h);
    retro_mark();
}

int main(int argc, char **argv)
{
    static const scene_phase_fn fast[SCENE_PHASES] = {scene_bullets_fast, scene_lasers_fast,
                                                      scene_rotating_fast};
    static const scene_phase_fn base[SCENE_PHASES] = {scene_bullets_base, scene_lasers_base,
                                                      scene_rotating_base};
    uint32_t hash_fast = SCENE_FNV_BASIS, hash_base = SCENE_FNV_BASIS, hash_chain = SCENE_FNV_BASIS;
    int f, p, frames = SCENE_FRAMES;

    if (argc > 1) {
        const char *s = argv[1];
        frames = 0;
        while (*s >= '0' && *s <= '9' && frames < SCENE_FRAMES)
            frames = frames * 10 + (*s++ - '0');
    }
    retro_mark();
    retro_mark();
    scene_init();
    for (f = 0; f < frames; f++) {
        scene_hits hf, hb, hc;
        for (p = 0; p < SCENE_PHASES; p++) {
            timed(fast[p], &hf);
            timed(base[p], &hb);
        }
        timed(scene_rotating_chain, &hc);
        for (p = 0; p < SCENE_PHASES; p++) {
            hash_fast = scene_hash(hash_fast, &hf, p);
            hash_base = scene_hash(hash_base, &hb, p);
            hash_chain = scene_hash(hash_chain, p == SCENE_PH_ROTATING ? &hc : &hf, p);
        }
        scene_advance();
    }
    fxlt_printf("RETRO-HASH 0x%08x 0x%08x 0x%08x %u\n", hash_fast, hash_base, hash_chain,
                (uint32_t)frames);
    return hash_fast == hash_base ? 0 : 1;
}
