/* bounce_band.h - internal: the bounce's band search through an indexed
 * room (bounce_band.c), for bounce.c and the suite. */
#ifndef FXL_BOUNCE_BAND_H
#define FXL_BOUNCE_BAND_H

#include "cast_parts.h"

/* FXL__SHORT_CALL: GCC on ARM, a plain BL (Thumb to Thumb within ROM on
 * the GBA) where -mlong-calls would load the address and BX through a
 * stub: for fxl__bounce_search (bounce.c's loop, once a leg: the boss
 * frame's bounce calls about 40 cycles each) and bounce.c's bounce. */
#if defined(__GNUC__) && defined(__arm__) && !defined(__clang__)
#define FXL__SHORT_CALL __attribute__((short_call))
#else
#define FXL__SHORT_CALL
#endif

/* fxl__room_first_wall_band's answer, u* and *clear for an indexed room
 * (n <= FXL_ROOM_INDEXED), without the near list (fxl__bounce_near_list
 * gives it, when needed). */
FXL__SHORT_CALL
long fxl__bounce_search(const fxl_room *room, const fxl__ray *r, int32_t ra, bool two_sided,
                        const fxl__rules *rules, fxl__frac *u, bool *clear);

/* The near list of fxl__room_first_wall_band (as a set, in index order,
 * no FXL__NEAR_MARK): every wall whose packed box meets r's. */
void fxl__bounce_near_list(const fxl_room *room, const fxl__ray *r, fxl__near *near);

#if FXL_PORT_BOUNCE_BAND
/* The port's leg kernel (port/gba/bounce_arm.s): for the candidates idx
 * (increasing, the wall left off, ended by 0xFFFFFFFF): s (best -1, u the
 * length) as fxl__consider_at leaves it up to the first wall met at N = 0
 * (its strict comparisons included), and the walls that pass
 * fxl__consider_at's first tests (the signs of D, T, T - D and N) from
 * that one on, in met[] in
 * order: 2 c for c > 0 of them (bd then as fxl__consider_band_at leaves
 * it: b, lo1, lo2, i1), else fxl__band_clear's answer (1: clear, 0: not;
 * bd not written). */
uint32_t fxl__bounce_band_port(const fxl_room_wall *w, const uint32_t *idx, const fxl__ray *r,
                               fxl__band *bd, uint32_t two_sided, uint32_t *met, fxl__search *s);
#ifdef FXL_TEST_HOOKS
/* With it set, fxl__bounce_search takes bounce_band.c's C list instead
 * (test builds only: the suite compares the two). */
extern bool fxl__bounce_band_c;
#endif
#endif

#ifdef FXL_TEST_HOOKS
/* bounce.c's test hooks (test builds only): with fxl__bounce_no_reduce
 * set, its reduced divisions are not taken (the 128-bit ones instead).
 * fxl__bounce_meet: the leg's length floor(u*) and the floors of the
 * meeting point's coordinates (*xe, *ye: whether whole) for the wall w
 * the ray meets (not axis-aligned), u = |N| / |D| its fraction, as bounce
 * works them out; fxl__bounce_reflect: the reflection off w (the side the
 * beam came from; the direction and its steadiness written), with
 * fxl__bounce_no_lean set by reflect alone (not reflect_reduced first). */
extern bool fxl__bounce_no_reduce;
extern bool fxl__bounce_no_lean;
int32_t fxl__bounce_meet(const fxl__ray *r, const fxl_wall_prep *w, fxl__frac u, int64_t *x,
                         bool *xe, int64_t *y, bool *ye);
int fxl__bounce_reflect(const fxl_wall_prep *w, int32_t *dx, int32_t *dy, bool *steady);
#endif

#endif
