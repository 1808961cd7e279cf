/* scene_host.c - the scene benchmark's host twin: plays the same seeded
 * frames as the GBA ROM (scene.c), runs every phase with the fast path, the
 * baseline and the rotating chain, recomputes every hit with the exact
 * oracle (tests/oracle.h: orc_circle_vs_circle, orc_laser_vs_circle,
 * orc_sweep_vs_circle), and checks fast path == baseline == oracle on every
 * frame. It prints the same hit-list hashes as the ROM (tools/bench_gba.sh
 * checks the ROM's against the SCENE-ORACLE line) and exits 1 on any
 * difference. Under callgrind (tools/bench_host.sh) the phase functions'
 * inclusive instruction counts give the host table; the oracle runs in its
 * own functions and is not counted in them.
 *
 *     scene_host [FRAMES]      default SCENE_FRAMES */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"
#include "scene.h"

static unsigned long differ[SCENE_PHASES][2]; /* [phase][fast vs oracle, baseline vs oracle] */

static void set_bit(uint32_t *w, size_t i, bool on)
{
    if (on)
        w[i >> 5] |= 1u << (i & 31);
}

/* Every hit of the current frame from the oracle alone. */
static void oracle_frame(scene_hits *h, unsigned long *refused)
{
    const fxl_circle *bullets = scene_bullets();
    const fxl_laser *lasers = scene_lasers();
    const fxl_sweep *rotating = scene_rotating();
    fxl_circle player = scene_player();
    size_t i;
    *h = (scene_hits){{0}, {0}, {0}};
    for (i = 0; i < SCENE_BULLETS; i++)
        set_bit(h->bullets, i, orc_circle_vs_circle(bullets[i], player));
    for (i = 0; i < SCENE_LASERS; i++) {
        fxl_laser_prep lp; /* the oracle's contract: lasers fxl_laser_prepare accepts */
        if (fxl_laser_prepare(&lasers[i], &lp) != FXL_OK)
            ++*refused;
        else
            set_bit(h->lasers, i, orc_laser_vs_circle(&lasers[i], player));
    }
    for (i = 0; i < SCENE_ROTATING; i++) {
        fxl_sweep_prep sp;
        if (fxl_sweep_prepare(&rotating[i], &sp) != FXL_OK)
            ++*refused;
        else
            set_bit(h->rotating, i, orc_sweep_vs_circle(&rotating[i], player));
    }
}

int main(int argc, char **argv)
{
    static const scene_phase_fn fast[SCENE_PHASES] = {scene_bullets_fast, scene_lasers_fast,
                                                      scene_rotating_fast};
    static const scene_phase_fn base[SCENE_PHASES] = {scene_bullets_base, scene_lasers_base,
                                                      scene_rotating_base};
    static const char *const names[SCENE_PHASES] = {"bullets", "straight lasers",
                                                    "rotating lasers"};
    uint32_t hash_fast = SCENE_FNV_BASIS, hash_base = SCENE_FNV_BASIS;
    uint32_t hash_oracle = SCENE_FNV_BASIS, hash_chain = SCENE_FNV_BASIS;
    unsigned long hits[SCENE_PHASES] = {0, 0, 0}, chain_hits = 0, refused = 0, bad = 0;
    long frames = argc > 1 ? strtol(argv[1], NULL, 10) : SCENE_FRAMES;
    long f;
    int p;

    if (frames < 1) {
        fprintf(stderr, "usage: scene_host [FRAMES]\n");
        return 2;
    }
    scene_init();
    for (f = 0; f < frames; f++) {
        scene_hits hf, hb, hc, ho;
        for (p = 0; p < SCENE_PHASES; p++) {
            hits[p] += fast[p](&hf);
            base[p](&hb);
        }
        chain_hits += scene_rotating_chain(&hc);
        oracle_frame(&ho, &refused);
        for (p = 0; p < SCENE_PHASES; p++) {
            hash_fast = scene_hash(hash_fast, &hf, p);
            hash_base = scene_hash(hash_base, &hb, p);
            hash_oracle = scene_hash(hash_oracle, &ho, p);
            hash_chain = scene_hash(hash_chain, p == SCENE_PH_ROTATING ? &hc : &hf, p);
            if (!scene_same(&hf, &ho, p) && differ[p][0]++ < 3)
                printf("scene: frame %ld: %s: fast path != oracle\n", f, names[p]);
            if (!scene_same(&hb, &ho, p) && differ[p][1]++ < 3)
                printf("scene: frame %ld: %s: baseline != oracle\n", f, names[p]);
        }
        scene_advance();
    }
    printf("scene: %ld frames; hits: bullets %lu, straight lasers %lu, rotating lasers %lu "
           "(chain %lu)\n",
           frames, hits[0], hits[1], hits[2], chain_hits);
    printf("scene: hash fast 0x%08x, baseline 0x%08x, oracle 0x%08x, chain frame 0x%08x\n",
           (unsigned)hash_fast, (unsigned)hash_base, (unsigned)hash_oracle, (unsigned)hash_chain);
    for (p = 0; p < SCENE_PHASES; p++) {
        if (differ[p][0] != 0 || differ[p][1] != 0)
            printf("scene: %s: %lu frames fast != oracle, %lu frames baseline != oracle\n",
                   names[p], differ[p][0], differ[p][1]);
        bad += differ[p][0] + differ[p][1];
    }
    if (refused != 0)
        printf("scene: %lu lasers refused by prepare\n", refused);
    bad += refused + (hash_fast != hash_oracle) + (hash_base != hash_oracle);
    if (bad == 0)
        printf("scene: fast path == baseline == oracle on every frame: ok\n");
    /* For tools/bench_gba.sh: the ROM's fast and baseline hashes must be the
     * oracle's, its chain hash this one (the chain is integer code too). */
    printf("SCENE-ORACLE 0x%08x 0x%08x %ld\n", (unsigned)hash_oracle, (unsigned)hash_chain, frames);
    return bad == 0 ? 0 : 1;
}
