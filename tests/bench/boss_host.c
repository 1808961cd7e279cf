/* boss_host.c - the boss frame's host twin: plays the same seeded frames as
 * the GBA ROM (boss.c) with both players, and decides every hit again with
 * exact references that live in tests/ only:
 *   bullets, straight lasers      tests/oracle.h (orc_circle_vs_circle,
 *                                 orc_laser_vs_circle)
 *   rotating and pose lasers      orc_sweep_vs_circle of the sweep the
 *                                 frame builds
 *   curvy lasers                  ref_curvy_moving (tests/ref_curvy.h)
 *   casts                         the clipped length checked against the
 *                                 exact first wall of tests/ref_cast.h
 *                                 (centre line, box and capsule width:
 *                                 u* - 1 < L <= u*), then orc_laser_vs_circle
 *                                 of the laser with that length
 *   bounces                       the first leg checked as a cast; the legs'
 *                                 polyline (the library's, tested against
 *                                 ref_cast in tests/test_cast.c) decided by
 *                                 ref_curvy_circle
 * It checks library == references on every frame, prints the references'
 * hashes (BOSS-ORACLE line: README frame, boss frame, co-op) for
 * tools/bench_gba.sh, and exits 1 on any difference. With PLAYERS 1 the
 * library's phases run for player 1 only (the one-player frame, as
 * tools/bench_host.sh counts its instructions) and only its hits are
 * compared.
 *
 *     boss_host [FRAMES [PLAYERS]]      defaults BOSS_FRAMES, 2 */
#include <stdio.h>
#include <stdlib.h>

#include "bigint.h"
#include "boss.h"
#include "oracle.h"
#include "ref_cast.h"
#include "ref_curvy.h"

static unsigned long differ[BOSS_PHASES], length_bad, refused;

static void set_bit(uint32_t *w, size_t i, bool on)
{
    if (on)
        w[i >> 5] |= 1u << (i & 31);
}

/* The clipped length L of a cast agrees with the exact first wall: with no
 * wall met (u* <= length), L = length; else floor(min u*) = L. */
static bool cast_agrees(const fxl_laser *l, unsigned flags, fix16_t L)
{
    const fxl_wall *w = boss_walls();
    int32_t dx = fxl_cos(l->angle), dy = fxl_sin(l->angle), hw = l->half_width;
    fxl_vec2 e = l->pos;
    bool met = false;
    ref_q best;
    int j;
    best.n = big_i64(0);
    best.d = big_i64(1);
    if ((flags & FXL_CAST_WIDTH) != 0 && l->kind == FXL_LASER_CAPSULE) {
        bool below = false;
        /* floor(min u*) = L iff every wall met has u* >= L and one has
         * u* < L + 1 (ref_capsule_before(L): L <= u*). */
        for (j = 0; j < BOSS_WALLS; j++) {
            if (!ref_eligible(dx, dy, w[j], false, ref_came(e, w[j], -1)) ||
                !ref_capsule_meets(e, dx, dy, hw, w[j], l->length))
                continue;
            met = true;
            if (!ref_capsule_before(e, dx, dy, hw, w[j], L))
                return false;
            if (!ref_capsule_before(e, dx, dy, hw, w[j], (int64_t)L + 1))
                below = true;
        }
        return met ? below : L == l->length;
    }
    for (j = 0; j < BOSS_WALLS; j++) {
        ref_q u;
        bool ok = (flags & FXL_CAST_WIDTH) != 0
                      ? ref_eligible(dx, dy, w[j], false, ref_came(e, w[j], -1)) &&
                            ref_box(e, dx, dy, hw, w[j], &u)
                      : ref_centre(e, dx, dy, w[j], false, -1, &u);
        if (ok && ref_q_cmp_int(u, l->length) <= 0 && (!met || ref_q_cmp(u, best) < 0)) {
            met = true;
            best = u;
        }
    }
    if (!met)
        return L == l->length;
    return ref_q_cmp_int(best, L) >= 0 && ref_q_cmp_int(best, (int64_t)L + 1) < 0;
}

/* Every hit of the current frame (after the library's phases ran: the
 * pushes, casts and bounces are the frame's) from the references. */
static void reference_frame(boss_hits *h)
{
    const fxl_circle *bullets = scene_bullets();
    const fxl_laser *lasers = scene_lasers();
    size_t i;
    int k;
    for (k = 0; k < BOSS_PLAYERS; k++) {
        fxl_circle player = boss_player(k), from = boss_player_from(k);
        uint32_t *w = h->w[k];
        for (i = 0; i < BOSS_WORDS; i++)
            w[i] = 0;
        for (i = 0; i < SCENE_BULLETS; i++)
            set_bit(w + BOSS_W_BULLETS, i, orc_circle_vs_circle(bullets[i], player));
        for (i = 0; i < SCENE_LASERS; i++) {
            fxl_laser_prep lp; /* the oracle's contract: lasers fxl_laser_prepare accepts */
            if (fxl_laser_prepare(&lasers[i], &lp) != FXL_OK)
                refused++;
            else
                set_bit(w + BOSS_W_LASERS, i, orc_laser_vs_circle(&lasers[i], player));
        }
        for (i = 0; i < SCENE_ROTATING; i++) {
            fxl_sweep s = boss_spinner((int)i);
            fxl_sweep_prep sp;
            if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
                refused++;
            else
                set_bit(w + BOSS_W_SPINNERS, i, orc_sweep_vs_circle(&s, player));
        }
        for (i = 0; i < BOSS_POSE; i++) {
            fxl_sweep s = boss_pose_sweep((int)i);
            fxl_sweep_prep sp;
            if (fxl_sweep_prepare(&s, &sp) != FXL_OK)
                refused++;
            else
                set_bit(w + BOSS_W_POSE, i, orc_sweep_vs_circle(&s, player));
        }
        for (i = 0; i < BOSS_CURVY; i++)
            set_bit(w + BOSS_W_CURVY, i, ref_curvy_moving(boss_curvy((int)i), from, player.c));
        for (i = 0; i < BOSS_CASTS; i++) {
            fxl_laser l = *boss_cast_laser((int)i);
            l.length = boss_cast_clipped((int)i)->length;
            if (k == 0 && !cast_agrees(boss_cast_laser((int)i), boss_cast_flags((int)i), l.length)) {
                length_bad++;
                if (length_bad <= 3)
                    printf("boss: cast %d: clipped length %d disagrees with the reference\n", (int)i,
                           (int)l.length);
            }
            set_bit(w + BOSS_W_CASTS, i, orc_laser_vs_circle(&l, player));
        }
        for (i = 0; i < BOSS_BOUNCERS; i++) {
            size_t n;
            const fxl_bounce *g = boss_bounce_legs((int)i, &n);
            if (k == 0 && n > 0) {
                /* The first leg is the cast: its length against the reference. */
                fix16_t L = g[0].length;
                if (!cast_agrees(boss_bouncer((int)i), 0u, L)) {
                    length_bad++;
                    if (length_bad <= 3)
                        printf("boss: bouncer %d: first leg %d disagrees with the reference\n", (int)i,
                               (int)L);
                }
            }
            set_bit(w + BOSS_W_BOUNCES, i, ref_curvy_circle(boss_bounce_curvy((int)i), player));
        }
    }
}

int main(int argc, char **argv)
{
    uint32_t readme = SCENE_FNV_BASIS, solo = SCENE_FNV_BASIS, coop = SCENE_FNV_BASIS;
    uint32_t lib = SCENE_FNV_BASIS;
    unsigned long hits[BOSS_PHASES] = {0}, bad = 0;
    long frames = argc > 1 ? strtol(argv[1], NULL, 10) : BOSS_FRAMES;
    long players = argc > 2 ? strtol(argv[2], NULL, 10) : BOSS_PLAYERS;
    long f;
    int p;

    if (frames < 1 || players < 1 || players > BOSS_PLAYERS) {
        fprintf(stderr, "usage: boss_host [FRAMES [PLAYERS (1 or 2)]]\n");
        return 2;
    }
    boss_init();
    for (f = 0; f < frames; f++) {
        boss_hits hl, hr = {{{0}}};
        for (p = 0; p < BOSS_PHASES; p++)
            hits[p] += boss_phase[p](&hl, (int)players);
        reference_frame(&hr);
        for (p = 0; p < BOSS_PHASES; p++)
            if (!boss_same(&hl, &hr, (int)players, p) && differ[p]++ < 3)
                printf("boss: frame %ld: %s: library != reference\n", f, boss_phase_name[p]);
        readme = boss_hash(readme, &hr, 1, 0, BOSS_README_PHASES);
        solo = boss_hash(solo, &hr, 1, 0, BOSS_PHASES);
        coop = boss_hash(coop, &hr, BOSS_PLAYERS, 0, BOSS_PHASES);
        lib = boss_hash(lib, &hl, (int)players, 0, BOSS_PHASES);
        boss_advance();
    }
    printf("boss: %ld frames, %ld player(s); hits per phase:", frames, players);
    for (p = 0; p < BOSS_PHASES; p++)
        printf(" %lu", hits[p]);
    printf("\n");
    for (p = 0; p < BOSS_PHASES; p++) {
        if (differ[p] != 0)
            printf("boss: %s: %lu frames library != reference\n", boss_phase_name[p], differ[p]);
        bad += differ[p];
    }
    if (refused != 0)
        printf("boss: %lu lasers refused by prepare\n", refused);
    if (boss_errors() != 0)
        printf("boss: %u library calls refused\n", (unsigned)boss_errors());
    if (length_bad != 0)
        printf("boss: %lu cast lengths disagree with ref_cast\n", length_bad);
    if (big_faults() != 0)
        printf("boss: %u big-integer faults\n", (unsigned)big_faults());
    bad += refused + boss_errors() + length_bad + big_faults() + (lib != (players == 1 ? solo : coop)) + orc_faults();
    if (bad == 0)
        printf("boss: library == exact references on every frame, %s: ok\n",
               players == 1 ? "one player" : "both players");
    printf("BOSS-ORACLE 0x%08x 0x%08x 0x%08x %ld\n", (unsigned)readme, (unsigned)solo, (unsigned)coop, frames);
    return bad == 0 ? 0 : 1;
}
