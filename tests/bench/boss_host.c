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
 *   bounces                       every leg checked against ref_cast as
 *                                 tests/test_cast.c does (start, reflected
 *                                 direction, wall and floor(u*)), then the
 *                                 legs decided by ref_seg_point (ref_curvy.h:
 *                                 each leg the hull of two disks of the
 *                                 hit half-width, fix16_mul here; the end
 *                                 points' rounding is the library's,
 *                                 tested in test_cast.c)
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

static unsigned long differ[BOSS_PHASES], length_bad, refused, casts_checked, legs_checked, stopped;

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

/* --- the bounces' legs against ref_cast (the rules of cast.h, read as
 * tests/test_cast.c reads them) ---------------------------------------------- */

static int64_t side_value(fxl_wall w, fxl_vec2 q)
{
    return ((int64_t)w.b.x - w.a.x) * ((int64_t)q.y - w.a.y) - ((int64_t)w.b.y - w.a.y) * ((int64_t)q.x - w.a.x);
}

static int sgn64(int64_t v)
{
    return v < 0 ? -1 : v > 0 ? 1 : 0;
}

/* The reference's wall (-1: none within len) and exact u* for a leg from p
 * along (dx, dy): the wall just left (skip) is passed over, and from a start
 * on its line so are the walls parallel to it; a wall's side is judged from
 * the latest leg start away from this one (ref; none: in front). */
static long ref_leg(fxl_vec2 p, int32_t dx, int32_t dy, int32_t len, long skip, bool on_line, bool has_ref,
                    fxl_vec2 ref, ref_q *best)
{
    const fxl_wall *R = boss_walls();
    long k = -1;
    int i;
    for (i = 0; i < BOSS_WALLS; i++) {
        fxl_wall w = R[i];
        int on = has_ref ? sgn64(side_value(w, ref)) : 0;
        ref_q u;
        if (i == skip)
            continue;
        if (on_line && side_value(w, p) == 0) {
            fxl_wall s = R[skip];
            if (((int64_t)w.b.x - w.a.x) * ((int64_t)s.b.y - s.a.y) ==
                ((int64_t)w.b.y - w.a.y) * ((int64_t)s.b.x - s.a.x))
                continue;
        }
        if (!ref_centre(p, dx, dy, w, false, on != 0 ? on : -1, &u))
            continue;
        if (ref_q_cmp_int(u, len) <= 0 && (k < 0 || ref_q_cmp(u, *best) < 0)) {
            k = i;
            *best = u;
        }
    }
    return k;
}

/* The reflected direction (rx, ry) is within 1/2 raw unit of the exact
 * mirror image of (dx, dy) about the wall on each axis (3/2 when nudged),
 * heading strictly back to the side (dx, dy) came from. */
static bool reflection_ok(fxl_wall w, int32_t dx, int32_t dy, int32_t rx, int32_t ry)
{
    int64_t ex = (int64_t)w.b.x - w.a.x, ey = (int64_t)w.b.y - w.a.y;
    big bx = big_i64(ex), by = big_i64(ey), l2 = big_add(big_mul(bx, bx), big_mul(by, by));
    big dot2 = big_mul(big_i64(2), big_add(big_mul(big_i64(dx), bx), big_mul(big_i64(dy), by)));
    big mx = big_add(big_mul(dot2, bx), big_neg(big_mul(big_i64(dx), l2)));
    big my = big_add(big_mul(dot2, by), big_neg(big_mul(big_i64(dy), l2)));
    big errx = big_add(big_mul(big_i64(2 * (int64_t)rx), l2), big_neg(big_mul(big_i64(2), mx)));
    big erry = big_add(big_mul(big_i64(2 * (int64_t)ry), l2), big_neg(big_mul(big_i64(2), my)));
    int came = -sgn64(ex * dy - ey * dx), now = sgn64(ex * ry - ey * rx);
    big lim = l2;
    errx.s = errx.s < 0 ? 1 : errx.s;
    erry.s = erry.s < 0 ? 1 : erry.s;
    if (big_cmp(errx, l2) > 0 || big_cmp(erry, l2) > 0)
        lim = big_mul(big_i64(3), l2);
    return now == came && big_cmp(errx, lim) <= 0 && big_cmp(erry, lim) <= 0;
}

/* Every leg of a bounce: it starts where the last ended, heads along the
 * cast (first leg) or the reflection of the last leg off its wall, and
 * ends on the reference's wall at floor(u*) (or free with the length
 * left); the beam ends free, spent or after BOSS_BOUNCES walls. */
static bool legs_agree(const fxl_laser *l, const fxl_bounce *g, size_t n)
{
    const fxl_wall *R = boss_walls();
    int32_t rem = l->length;
    long skip = -1;
    bool on_line = false, has_ref = false;
    fxl_vec2 ref = l->pos;
    size_t k;
    if (n == 0 || n > BOSS_LEGS)
        return false;
    legs_checked += n;
    for (k = 0; k < n; k++) {
        fxl_vec2 start = k == 0 ? l->pos : g[k - 1].end;
        ref_q u;
        long w;
        if (g[k].start.x != start.x || g[k].start.y != start.y)
            return false;
        if (k == 0 ? g[k].dx != fxl_cos(l->angle) || g[k].dy != fxl_sin(l->angle)
                   : !reflection_ok(R[g[k - 1].wall], g[k - 1].dx, g[k - 1].dy, g[k].dx, g[k].dy))
            return false;
        u.n = big_i64(0);
        u.d = big_i64(1);
        w = ref_leg(g[k].start, g[k].dx, g[k].dy, rem, skip, on_line, has_ref, ref, &u);
        if (w != g[k].wall ||
            (w < 0 ? g[k].length != rem
                   : ref_q_cmp_int(u, g[k].length) < 0 || ref_q_cmp_int(u, (int64_t)g[k].length + 1) >= 0))
            return false;
        rem -= g[k].length;
        if (k + 1 < n) {
            if (w < 0 || rem == 0)
                return false;
            skip = w;
            on_line = side_value(R[w], g[k].end) == 0;
            if (g[k].end.x != g[k].start.x || g[k].end.y != g[k].start.y) {
                has_ref = true;
                ref = g[k].start;
            }
        } else if (!(w < 0 ? rem == 0 : (k == BOSS_BOUNCES || rem == 0))) {
            return false;
        }
    }
    return true;
}

/* The circle touches a leg of the bounce (cast.h's shape: each leg the
 * capsule of the laser's hit half-width about start..end). */
static bool legs_hit(const fxl_laser *l, const fxl_bounce *g, size_t n, fxl_circle c)
{
    int64_t h = fix16_mul(l->half_width, l->hit_fraction);
    size_t j;
    for (j = 0; j < n; j++) {
        ref_seg s;
        s.ax = g[j].start.x;
        s.ay = g[j].start.y;
        s.bx = g[j].end.x;
        s.by = g[j].end.y;
        s.ha = h;
        s.hb = h;
        if (ref_seg_point(&s, c.c.x, c.c.y, c.r))
            return true;
    }
    return false;
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
            casts_checked += k == 0;
            stopped += k == 0 && l.length < boss_cast_laser((int)i)->length;
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
            if (k == 0 && !legs_agree(boss_bouncer((int)i), g, n)) {
                length_bad++;
                if (length_bad <= 3)
                    printf("boss: bouncer %d: its %d legs disagree with the reference\n", (int)i, (int)n);
            }
            set_bit(w + BOSS_W_BOUNCES, i, legs_hit(boss_bouncer((int)i), g, n, player));
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
    printf("boss: %lu casts (%lu stopped by a wall) and %lu bounce legs checked against ref_cast\n",
           casts_checked, stopped, legs_checked);
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
        printf("boss: %lu casts or bounces disagree with ref_cast\n", length_bad);
    if (big_faults() != 0)
        printf("boss: %u big-integer faults\n", (unsigned)big_faults());
    bad += refused + boss_errors() + length_bad + big_faults() + (lib != (players == 1 ? solo : coop)) + orc_faults();
    if (bad == 0)
        printf("boss: library == exact references on every frame, %s: ok\n",
               players == 1 ? "one player" : "both players");
    printf("BOSS-ORACLE 0x%08x 0x%08x 0x%08x %ld\n", (unsigned)readme, (unsigned)solo, (unsigned)coop, frames);
    return bad == 0 ? 0 : 1;
}
