/* cast_width.c - width casts (FXL_CAST_WIDTH): the first wall the drawn
 * rectangle or capsule of a laser meets.
 *
 * Frame. With d = (c, s) the table vector, q = |d|^2 and e the emitter,
 * a point p has g = d . (p - e) and h = d x (p - e); its beam-frame
 * coordinates are u = 65536 g / q (along) and v = 65536 h / q (across), so
 * that p = e + (u d + v d') / 65536, d' = (-s, c): the frame of the cast's
 * u and of the drawn quad. The rectangle of length U is [0, U] x [-w, w];
 * the capsule is the points within w of the core [0, U] x {0}.
 *
 * Along the wall a + t (b - a), g and h are linear: G = d . (b - a), D =
 * d x (b - a) (the centre line's D, cast.c). Where the wall's line crosses
 * v = sigma w, by the identity (d . x)(d x y) - (d . y)(d x x) = q (x x y),
 *     u = (65536 N + sigma w G) / D,     N = (a - e) x (b - e),
 * a fraction of an 80-bit numerator and a 48-bit denominator; a wall end
 * has u = 65536 g / q. Two such values compare by 128-bit products.
 *
 * Box: u* is the smallest u over the wall's part inside the strip |v| <= w
 * (a wall end in the strip, or where the wall enters it), or 0 when that
 * part reaches u <= 0 and u >= 0; exact, compared exactly between walls.
 *
 * Capsule: u* (the first U at which the capsule meets the wall) is
 * irrational in general. The capsule of length L is the rectangle, the
 * disk of radius w about the emitter and the disk about (L, 0); so, once
 * the wall misses the emitter's disk, "it misses the capsule of length L"
 * is P(L) = (L < u*_box) and (the wall is farther than w from (L, 0)),
 * both exact, true below u* and false from it on. floor(u*) is the last L
 * with P(L), found from an estimate (the features' first contacts, from
 * approximate square roots) by galloping, plus one when the capsule of
 * length L + 1 only touches the wall at its front: its end (L + 1, 0) is
 * exactly w from the wall and approaching it (a wall not parallel to the
 * beam, D != 0, keeps that distance for no longer than an instant). The
 * distance to the wall's line is compared through squares of up to 160
 * bits: by their top 32 bits, exactly (256-bit, big.h) in the narrow band
 * where those cannot tell.
 *
 * The capsule's usual case is settled without that search (line_floor,
 * cast_capsule.c): when the round end first touches the wall's line
 * between its ends, u* = (65536 |N| - w rho) / |D| (rho = sqrt(q |b -
 * a|^2)); its floor k from an approximate root and quotient, proven by
 * the line's distance at k and k + 1 (comparisons against the root's
 * bracket: in 64 bits for the usual magnitudes, line_k64, else in 128;
 * line_sign in the thin band between) and the foot's place between the
 * ends. An axis-aligned wall's root is |b - a| sqrt(q), sqrt(q) from one
 * Newton step from 65536 (within 2^-13: no root, no squares); such a
 * wall across the strip, k shown by line_k64, is the usual room's case:
 * fxl__line_floor_fast, the same steps in a small function, tried first.
 * When line_floor finds the line's touch with its foot beyond an end
 * (wseg.corner), the floor search starts from that end's touch alone;
 * for a wall not across the strip fxl__corner_first guesses that case
 * first (the touching point's h against the ends', 32x32 products; an
 * axis wall's from w |s| or w |c|, fxl__corner_axis; a guess: the search
 * decides), and fxl__line_floor_end settles an axis
 * wall's line touch as fxl__line_floor_fast, its foot tested without a
 * product (any length; a foot beyond an end goes to the search with
 * sg.corner set, fxl__line_floor spared). A wall alone (the first pass's
 * waiting wall) takes the same steps (floor_rest).
 *
 * Cost: the box is one pass; the capsule two, the first finding the least
 * u*_box, the second working out floor(u*) only for the walls whose
 * u*_box lies within w + 1 of it (u* lies in [u*_box - w, u*_box]): from
 * the first pass's list of walls (up to CAND_MAX; the least u*_box's
 * first, its floor the others' bound), else every wall again
 * behind a 2-product filter (g_low). The first pass settles an
 * axis-aligned wall across the strip by axis_floor (its floor from the
 * line's touch with the wall's length cancelled; the least such floor
 * the second pass's start), and keeps its first other wall waiting (its h
 * at a, D and N only): a wall alone goes to line_floor straight away, no
 * frame, u*_box or quotient. Each pass tests the walls'
 * packed coarse boxes (next_near, unrolled), then the strip from h at the
 * ends (4 products: of the walls near a beam's box most lie wholly beyond
 * one edge of its narrow strip), then the eligibility (N). A room's width
 * cast (fxl__room_cast_width) walks the walls of the room's index look-up
 * (width_mask) instead, reading the packed walls. On the GBA (bench ROM,
 * 16-wall room, 300 px beams, 3 px half-width; the code ARM in ROM, so
 * fetch-bound: about 5 cycles an instruction, 12 more a taken branch):
 * room box casts 4,415 cycles median (max 8,487), capsule casts 4,617
 * (max 17,555), the two mixed 4,451 (max 16,305); fxl_laser_cast's
 * width cast 4,898 (max 16,948). The fourth round's steps (capsule
 * median and max): an axis-aligned wall across the strip settled in the
 * first pass (by fxl__line_floor_fast, room casts: no frame, u*_box or
 * list entry for it; casts with two or three eligible walls about 2,000
 * cycles faster) 5,021 -> 5,001, 18,199 -> 17,977; axis_floor there
 * instead (the wall's length cancelled: a division by |c| or |s| and
 * two 64-bit tests, w sqrt(q) bracketed once a cast) 4,617, 17,571;
 * the same for the prepared walls (fxl_laser_cast 5,081 -> 4,898, max
 * 17,822 -> 16,948). Measured and not kept: the first step for any wall
 * across the strip (a slanted one fails the fast path: capsule 4,985,
 * but the boss frame's worst frame +164), and for the prepared walls
 * too (fxl_laser_cast 5,074 -> 5,152); the first eligible wall left
 * waiting as before, later ones settled (5,079, max 18,235); a second-
 * pass wall's floor skipped when the capsule of the best's floor (+ 1
 * below its index) misses it (front_sign: it never did in the bench,
 * max 18,199 -> 19,921). The third round's steps (capsule median
 * and max; mixed max): fxl__line_floor_end's foot without a product, for
 * walls of any length (the room's outer walls went on to fxl__line_floor,
 * which worked out the same k again: about 2,200 cycles a cast that met
 * one at a corner), its foot beyond an end sparing fxl__line_floor, and
 * the waiting wall taking the same steps (floor_rest) 5,041 -> 5,021,
 * 19,034 -> 18,658, 17,037 -> 17,007; fxl__corner_axis (the guess for an
 * axis wall, about 650 cycles against 1,100) 18,658 -> 18,199, the mixed
 * max (a slanted wall's corner, cast 83: the dispatch) 17,007 -> 17,037.
 * Profiled (timer reads; the rows' tails): a cast with two eligible
 * walls pays about 1,100 a wall for the first pass's frame and u*_box
 * (700-1,000 of it CAND_ADD's box_first and val_le); a slanted wall's
 * fxl__line_floor about 4,300 (the call 650, rsqrt_root 720, the root's
 * bracket 480, line_k64 820, the foot 900); a corner's search about
 * 4,800 (capsule_guess's end_est 1,500, two front_sign calls 1,000-1,400
 * each). Measured and not kept: fxl__line_floor_end before the corner
 * guess (capsule max 18,191 but mixed 17,195); the axis guess inside
 * fxl__corner_first (mixed max 17,199 or 17,107); val_le comparing the
 * numerators alone when the denominators are equal (capsule max 18,432,
 * but box beams 4,415 -> 4,454, mixed max 17,099); line_floor's foot in
 * 64 bits when the products fit (no row moved, boss worst frame +14);
 * the first pass's list ordered by top bits (a 32x64 key instead of
 * val_le; the exact least kept only once the list overflows): maxes
 * down (capsule 18,199 -> 17,462 to 17,900, mixed 17,037 -> 16,288 to
 * 16,770, boss worst frame 121,818 -> 121,126 to 121,608) but every
 * capsule cast 45 to 270 cycles slower, the single-wall ones too
 * (capsule_pass 1 KB larger: capsule median 5,021 -> 5,086 to 5,130,
 * fxl_laser_cast's 5,074 -> 5,203 to 5,263), inline or out of line.
 * The second round's steps (the tails:
 * corners where two or three walls are eligible): the second pass visits
 * the least u*_box's wall first (umin_first), its floor bounding the
 * others, the least u*_box's exact quotient spared (capsule max 19,918 ->
 * 19,461, fxl_laser_cast's 19,939 -> 19,413); fxl__corner_first guesses
 * (32x32 products, speed only) that a wall not across the strip is first
 * met at an end, sending it to the search without line_floor (about 3,000
 * cycles; all 12 of the bench's corners, none of its 31 line touches; with
 * approx_mul's 128-bit approximations the guess cost about 1,000 cycles a
 * wall, slower for the line touches: capsule max 20,356) mixed max 18,588
 * -> 17,037, fxl_laser_cast's 19,413 -> 17,884; fxl__line_floor_end
 * (line_k64 and the foot in 64 bits for an axis wall not across the strip)
 * capsule max 19,396 -> 19,034. The capsule max is now the pillar's corner
 * (cast 98): three eligible walls, the first pass about 6,300, one floor
 * by the search (two front_sign calls), one by line_floor_end after
 * fxl__corner_axis's no. Steps of the
 * first round (mixed median, capsule max): a one-sided cast rejects a wall with D >= 0 before the strip test
 * (not in the room's box pass, whose front set drops most of them: box
 * beams 4,685 -> 4,711 with it) 5,348 -> 5,310; line_floor's X product
 * only where read 5,159; one call from the Thumb entry into each kind's
 * ARM pass, which sets up its own wctx, 5,041 (box 4,427); the corner
 * estimate (wseg.corner: line_floor saw the line's touch with its foot
 * beyond an end; 11 of the bench's 12 floor searches) capsule max 21,979
 * -> 19,841; fxl__line_floor_fast (an axis wall across the strip, k in 64
 * bits, a small function; tried after an inline across_strip) and no za
 * for a corner's search 4,810 (4,949 and a capsule max of 22,631 with the
 * strip test inside the call, after line_k64); R2 only when read 4,777;
 * the box pass's last floor out of line (val_floor_out) 4,742 (box
 * beams 4,427 -> 4,415).
 * Measured slower: the first pass's D, N and ha kept for the second
 * (stack arrays: capsule 5,371 -> 5,425, max 21,979 -> 22,435); the box
 * pass inlined into the room's dispatch (box 4,484 but capsule 5,623).
 * Earlier (the same rows): room box casts 4,685 cycles median (max
 * 8,713), capsule casts 5,742 (max 22,645), the two mixed 5,348 (max
 * 20,465; before line_k64 and the
 * axis walls' root: capsule 6,795, max 25,983, mixed 6,213; line_k64 alone
 * took capsule casts to 6,303, the axis root to 5,742; line_k64 out of
 * line was slower, 5,778; the floor search's estimate by rsqrt_root and
 * quot instead of the bit-by-bit root and the exact quotient: capsule max
 * 23,795 -> 22,645); over the prepared
 * walls (fxl_laser_cast, EWRAM in the bench) 5,275, 7,383 and 6,697
 * (max 23,648), as the room's before the index; before this design (the
 * strip inside box_first, the floor search for every capsule) 5,826 and
 * 14,791 (mixed 12,925, max 23,072). Timed between the steps (the room's
 * box cast, timer reads included): the entry (laser checks, ray, index;
 * Thumb) about 850, the cast's shared values 350, the look-up's 4.2
 * walls (3.2 near) about 900, their strip and eligibility tests 700 (1.4
 * reach the strip, 1.3 eligible), box_first and the comparisons 800 an
 * eligible wall, the final floor 650; as ARM code the entry cost 80
 * more, and 32x32 products for q and R in the shared values gained
 * nothing (GCC had them). Measured with
 * timer reads between the steps (before the waiting wall): a box cast
 * runs the strip test on 5 walls (3.1 beyond the strip, 0.6 ineligible,
 * 1.3 framed and met, nearly each a new best) and the final floor (about
 * 700); a capsule's line_floor about 3,500 (sqrt_est's root 900, then
 * rsqrt_root's about 500: capsule casts 7,708 -> 7,312; the quotient 450,
 * the foot's projection 500, spared for a wall across the strip),
 * settling 243 of the bench's 256 floors (the other 13 about 8,800 each:
 * the search, its estimate 3,200, front_sign 1,200 a call). Measured and
 * not kept: the strip test inside next_near's loop (box casts 5,496 ->
 * 5,558); the coarse tests as a Thumb pass listing the near walls for the
 * ARM passes, or as an
 * out-of-line ARM scan (each cheaper for far walls, but the near walls'
 * work cost more: box medians 7,300 and 7,800, and 6,309 against 6,011
 * for next_near out of line); visiting the box's walls in order of
 * g_low, skipping those whose bound passes the best's floor (box 7,239 ->
 * 8,142: of 2.5 eligible walls a cast it skipped 0.3, and each new best
 * paid a floor); -O3 (box 7,916) and -Os (slower, library calls). In
 * IWRAM (measured before the 32-bit products: box 7,239 and capsule
 * 17,861 in ROM) every width function (about 23 KB) ran box casts in
 * 4,065 cycles and capsule casts in 8,488; the leaves only (box_first,
 * front_sign, line_sign, sqrt_est: 5.4 KB) 6,696 and 14,879. */
#include "cast_width.h"

#ifdef FXL_TEST_HOOKS
uint32_t fxl__settle_count[3];
#endif

/* The box's u* for the wall: false if the rectangle never meets it.
 * Inline (GBA bench: box casts 6,011 -> 5,826 cycles median, for about
 * 1.3 KB more ROM). */
FXL__ALWAYS_INLINE bool box_first(const wctx *x, const wframe *f, wval *out)
{
    fxl__i128 num;
    uint64_t den;
    /* A part in the strip: eligible_near kept out the walls whose ends
     * both lie beyond the same edge. */
    num = strip_end(x, f, true, &den);
    if (num.hi < 0) {
        /* It starts behind the emitter: met at 0 if it reaches u >= 0. */
        num = strip_end(x, f, false, &den);
        if (num.hi < 0)
            return false;
        out->num.hi = out->num.lo = 0;
        out->den = 1;
        return true;
    }
    out->num = fxl__iabs(num);
    out->den = den;
    return true;
}

/* D = d x (b - a), 32x32 -> 64 products. */
FXL__ALWAYS_INLINE int64_t wall_d(const wctx *x, const wwall *w)
{
    return (int64_t)x->c32 * w->ey - (int64_t)x->s32 * w->ex;
}

/* h at the wall's end a: d x (a - e) = d x a - d x e, 32x32 -> 64
 * products (|c|, |s| < 2^30, |a| < 2^31: each below 2^61, the sums and
 * differences below 2^63), the same integer as the products of a - e. */
FXL__ALWAYS_INLINE int64_t wall_ha(const wctx *x, const wwall *w)
{
    return ((int64_t)x->c32 * w->ay - (int64_t)x->s32 * w->ax) - x->he;
}

/* The wall in the frame, oriented so that G >= 0; D, N and ha (before the
 * orientation) as the caller worked them out. */
FXL__ALWAYS_INLINE void frame_setup_h(const wctx *x, const wwall *w, int64_t D, int64_t N,
                                      int64_t ha, wframe *f)
{
    /* d . (a - e) = d . a - d . e as wall_ha's h. */
    f->ga = ((int64_t)x->c32 * w->ax + (int64_t)x->s32 * w->ay) - x->ge;
    f->ha = ha;
    f->G = (int64_t)x->c32 * w->ex + (int64_t)x->s32 * w->ey;
    f->D = D;
    f->gb = f->ga + f->G;
    f->hb = f->ha + D;
    f->N = N;
    f->flipped = f->G < 0;
    if (f->flipped) {
        int64_t t = f->ga;
        f->ga = f->gb;
        f->gb = t;
        t = f->ha;
        f->ha = f->hb;
        f->hb = t;
        f->G = -f->G;
        f->D = neg64(f->D);
        f->N = neg64(f->N);
    }
}

/* The same, ha worked out here. */
FXL__ALWAYS_INLINE void frame_setup(const wctx *x, const wwall *w, int64_t D, int64_t N,
                                    wframe *f)
{
    frame_setup_h(x, w, D, N, wall_ha(x, w), f);
}

/* The wall in the frame, if it reaches the strip |v| <= w and is
 * eligible: the beam must head to the side away from the emitter (the
 * emitter on its line counting as in front), and come from the front of a
 * one-sided wall. The strip first, from ha and hb = ha + D (4 products):
 * a wall whose ends both lie beyond the same edge (|h| > Rh on the same
 * side) lies wholly beyond it (h is linear along the wall), so it meets
 * neither the rectangle nor the capsule (nor the emitter's disk: all
 * within the strip), whatever its u; of the walls near the beam's box
 * most do not reach its narrow strip, and skip N and the frame. Then D
 * and N (frame_setup's, before its orientation): an ineligible wall skips
 * the frame. */
FXL__ALWAYS_INLINE bool eligible_hdn(const wctx *x, const fxl__ray *r, const wwall *wp,
                                     bool two_sided, int64_t *ha, int64_t *D, int64_t *N)
{
    int64_t hb;
    *D = wall_d(x, wp);
    if (!two_sided && *D >= 0)
        return false; /* one-sided: D < 0 needed whatever N (below) */
    *ha = wall_ha(x, wp);
    hb = *ha + *D;
    if ((*ha > x->Rh && hb > x->Rh) || (*ha < -x->Rh && hb < -x->Rh))
        return false;
    *N = wall_n_of(wp, r->p);
    return *N > 0 ? two_sided && *D > 0 : *D < 0;
}

/* The same, then the frame (written out again: through eligible_hdn's
 * pointers the box casts ran 40 cycles slower). */
FXL__ALWAYS_INLINE bool eligible_near(const wctx *x, const fxl__ray *r, const wwall *wp,
                                      bool two_sided, bool d_first, wframe *f)
{
    int64_t ha, D = wall_d(x, wp), hb, N;
    if (d_first && !two_sided && D >= 0)
        return false; /* one-sided: D < 0 needed whatever N (below) */
    ha = wall_ha(x, wp);
    hb = ha + D;
    if ((ha > x->Rh && hb > x->Rh) || (ha < -x->Rh && hb < -x->Rh))
        return false;
    N = wall_n_of(wp, r->p);
    if (!(N > 0 ? two_sided && D > 0 : D < 0))
        return false;
    frame_setup_h(x, wp, D, N, ha, f);
    return true;
}

/* The first wall from i on near the beam, or n: a loop of its own, its
 * few values in registers (inside the passes' loops they were spilled:
 * 17 instructions a far wall). GBA bench: box casts 6,115 -> 6,011 cycles
 * median, capsule 15,496 -> 15,448 (out of line: 6,309 and 15,687).
 * Unrolled by 4 (a taken branch refills the pipeline from ROM: about 12
 * cycles a wall spared): room width casts, box beams 5,496 -> 5,279,
 * capsule 9,669 -> 9,575 (by 2: 5,330 and 9,544). */
FXL__ALWAYS_INLINE size_t next_near(const fxl__ray *r, const fxl_wall_prep *walls, size_t i,
                                     size_t n)
{
    uint32_t mh = r->m_hi, ml = r->m_lo;
    for (; i + 3 < n; i += 4) {
        if (fxl__coarse_meets(walls[i].coarse_lo, walls[i].coarse_hi, mh, ml))
            return i;
        if (fxl__coarse_meets(walls[i + 1].coarse_lo, walls[i + 1].coarse_hi, mh, ml))
            return i + 1;
        if (fxl__coarse_meets(walls[i + 2].coarse_lo, walls[i + 2].coarse_hi, mh, ml))
            return i + 2;
        if (fxl__coarse_meets(walls[i + 3].coarse_lo, walls[i + 3].coarse_hi, mh, ml))
            return i + 3;
    }
    while (i < n && !fxl__coarse_meets(walls[i].coarse_lo, walls[i].coarse_hi, mh, ml))
        i++;
    return i;
}

/* The walls of a cast, in index order: a prepared array (each wall's
 * coarse box tested, next_near), or (room) the packed walls of a room's
 * index look-up (the bits of mask, each packed coarse box tested: the
 * same walls, fxl__cast_width_room) whose values are read from the packed
 * copies. The near walls only: the packed coarse boxes are a filter (the
 * exact work decides any wall; the exact box test after it, fxl__ray_near,
 * cost more than the few walls it kept out: GBA bench, box casts 6,566 ->
 * 6,279 cycles median, capsule 16,393 -> 15,848 without it). */
typedef struct witer {
    const fxl_wall_prep *walls; /* the prepared walls (not room) */
    const fxl_room_wall *packed; /* the packed walls (room) */
    size_t n;      /* the walls' count */
    uint32_t mask; /* the walls still to look at (room) */
    uint32_t k;    /* fxl__bit_mul_get(), read once a cast */
} witer;

FXL__ALWAYS_INLINE void witer_walls(witer *it, const fxl_wall_prep *walls, size_t n)
{
    it->walls = walls;
    it->packed = NULL;
    it->n = n;
    it->mask = 0;
    it->k = 0;
}

FXL__ALWAYS_INLINE void witer_room(witer *it, const fxl_room_wall *packed, size_t n, uint32_t mask)
{
    it->walls = NULL;
    it->packed = packed;
    it->n = n;
    it->mask = mask;
    it->k = fxl__bit_mul_get();
}

/* The next near wall's index from i on (not room; a room's: the next
 * bit left), or n once none is left. */
FXL__ALWAYS_INLINE size_t witer_next(witer *it, const fxl__ray *r, bool room, size_t from)
{
    uint32_t m = it->mask, mh = r->m_hi, ml = r->m_lo, k = it->k;
    if (!room)
        return next_near(r, it->walls, from, it->n);
    while (m != 0) {
        uint32_t i = fxl__low_bit(m, k);
        const fxl_room_wall *p = &it->packed[i];
        m &= m - 1u;
        if (fxl__coarse_meets(p->coarse_lo, p->coarse_hi, mh, ml)) {
            it->mask = m;
            return i;
        }
    }
    it->mask = 0;
    return it->n;
}

/* Wall i's values. */
FXL__ALWAYS_INLINE wwall witer_wall(const witer *it, size_t i, bool room)
{
    return room ? wwall_packed(&it->packed[i]) : wwall_of(&it->walls[i]);
}

/* Whether the wall's box lies within the reach of the emitter's disk on
 * both axes (else it misses the disk): a prepared wall's box, or (room)
 * the box of the packed wall's ends a and a + (b - a) (int64 sums of int32
 * values: no overflow), each a box holding the wall. */
FXL__ALWAYS_INLINE bool near_emitter(const wctx *x, const witer *it, size_t i, const wwall *wp,
                                     bool room, fxl_vec2 e)
{
    int64_t k = (int64_t)x->w + (int64_t)(x->w >> 15) + 2, lx, hx, ly, hy;
    if (room) {
        lx = (int64_t)wp->ax + (wp->ex < 0 ? wp->ex : 0);
        hx = (int64_t)wp->ax + (wp->ex > 0 ? wp->ex : 0);
        ly = (int64_t)wp->ay + (wp->ey < 0 ? wp->ey : 0);
        hy = (int64_t)wp->ay + (wp->ey > 0 ? wp->ey : 0);
    } else {
        const fxl_aabb *b = &it->walls[i].box;
        lx = b->lo.x;
        hx = b->hi.x;
        ly = b->lo.y;
        hy = b->hi.y;
    }
    return lx - e.x <= k && (int64_t)e.x - hx <= k && ly - e.y <= k && (int64_t)e.y - hy <= k;
}

/* The cheap filter in front of every wall's exact work (frame, u*_box,
 * the 128-bit comparisons). With g(p) = d . (p - e) and the wall's box
 * (which holds the wall), glow = min over the box's corners of d . p is
 * the corner picked by the signs of c and s: 2 products of 32-bit values
 * (|c|, |s| < 2^30, |p| <= 2^31: each below 2^61, the sum below 2^62).
 * Every point of the wall has g >= glow - ge (ge = d . e), so its u =
 * 65536 g / q and the box's u* (the least u over a part of the wall, or 0
 * when that part reaches u <= 0, then glow - ge <= 0) are >= 65536 (glow -
 * ge) / q. Hence, for an integer K >= 0 and T = ceil(K q / 65536) + ge,
 *     glow >= T  implies  u*_box >= K,
 * exactly, so a wall with glow >= T cannot have u*_box < K: the capsule's
 * second pass skips it when only a u*_box below K could change its answer. */
FXL__ALWAYS_INLINE int64_t g_low(const fxl__ray *r, const witer *it, size_t i, const wwall *wp,
                                 bool room)
{
    int64_t px, py;
    if (room) {
        /* The box of the wall's ends (near_emitter's): the corner is a or
         * b on each axis (int64, below 2^32 in magnitude; |dx|, |dy| <=
         * 2^16 for the table's vector: each product below 2^49). */
        px = (int64_t)wp->ax + ((r->dx >= 0) == (wp->ex >= 0) ? 0 : wp->ex);
        py = (int64_t)wp->ay + ((r->dy >= 0) == (wp->ey >= 0) ? 0 : wp->ey);
    } else {
        const fxl_aabb *b = &it->walls[i].box;
        px = r->dx >= 0 ? b->lo.x : b->hi.x;
        py = r->dy >= 0 ? b->lo.y : b->hi.y;
    }
    return (int64_t)r->dx * px + (int64_t)r->dy * py;
}

/* T for K >= 0 (above), or INT64_MAX (no wall skipped) when K q / 65536
 * reaches 2^62: then T < 2^62 + |ge| < 2^63. */
FXL_ARM_CODE static int64_t g_bound(const wctx *x, int64_t K, int64_t ge)
{
    fxl__u128 p = fxl__mul64((uint64_t)K, x->q);
    if (p.hi >> 14 != 0)
        return INT64_MAX;
    return (int64_t)(((p.hi << 48) | (p.lo >> 16)) + ((p.lo & 0xffffu) != 0 ? 1u : 0u)) + ge;
}

/* d . e, |d . e| < 2^62. */
FXL__ALWAYS_INLINE int64_t g_emitter(const fxl__ray *r)
{
    return (int64_t)r->dx * r->p.x + (int64_t)r->dy * r->p.y;
}

/* val_floor out of line (the box pass's last step). */
FXL_ARM_CODE static int64_t val_floor_out(const wval *v)
{
    return val_floor(*v);
}

/* The box: every eligible wall's u*, the least kept exactly (the lower
 * index on a tie); a wall met at 0 ends the search. by_floor (a capsule of
 * half-width 0, whose u* is the box's): the capsule's rule instead, the
 * lowest index among the walls whose u* has the least floor (a wall
 * replaces the best only when u* < floor(best u*)). */
FXL__ALWAYS_INLINE long box_pass(const wctx *x, const fxl__ray *r, witer it, bool room,
                                 bool two_sided, bool by_floor, int32_t *length)
{
    wval bv, u;
    long best = -1;
    int64_t bf = 0;
    size_t i, n = it.n;
    bv.num.hi = bv.num.lo = 0;
    bv.den = 1;
    for (i = witer_next(&it, r, room, 0); i < n; i = witer_next(&it, r, room, i + 1)) {
        wframe f;
        wwall wv = witer_wall(&it, i, room);
        if (!eligible_near(x, r, &wv, two_sided, !room, &f) || !box_first(x, &f, &u) ||
            !val_le_int(u, x->len))
            continue;
        /* u < bf: not bf den <= num. */
        if (best < 0 || (by_floor ? !fxl__le128(fxl__mul32_64((uint32_t)bf, u.den), u.num)
                                  : !val_le(bv, u))) {
            best = (long)i;
            bv = u;
            if (by_floor)
                bf = val_floor(u);
            if (u.num.hi == 0 && u.num.lo == 0)
                break;
        }
    }
    *length = (int32_t)(best < 0 ? x->len : by_floor ? bf : val_floor_out(&bv));
    return best;
}

/* (by_floor a constant in each: the box's loop without the capsule's
 * branches.) */
/* w^2 q (the capsule's distances: front_sign, line_floor's and the
 * search's exact tests) worked out before the first call that may read
 * it: a capsule cast settled by fxl__line_floor_fast alone never does
 * (wctx_init leaves it 0; w > 0 here, so w^2 q > 0 once set). */
FXL__ALWAYS_INLINE void r2_need(wctx *x)
{
    if (x->R2.hi == 0 && x->R2.lo == 0)
        x->R2 = fxl__mul64(x->w * x->w, x->q);
}

/* The waiting wall's floor when fxl__line_floor_fast (tried first,
 * inline) has not settled it: the second pass's steps (a wall not across
 * the strip: fxl__corner_first's guess, then fxl__line_floor_end, whose
 * foot beyond an end spares fxl__line_floor), out of line (in the pass,
 * the capsule casts' median paid 6 cycles for them). False leaves the
 * wall to the floor search, sg->corner and rho its estimate's start. */
FXL_ARM_CODE static bool floor_rest(wctx *x, wseg *sg, int64_t *L)
{
    if (across_strip(x, sg))
        return r2_need(x), fxl__line_floor(x, sg, L);
    return !(sg->ex == 0 || sg->ey == 0 ? fxl__corner_axis(x, sg) : fxl__corner_first(x, sg)) &&
           (fxl__line_floor_end(x, sg, L) ||
            (sg->corner == 0 && (r2_need(x), fxl__line_floor(x, sg, L))));
}

/* w sqrt(q) bracketed for axis_floor, once a cast: whi >= w sqrt(q) >=
 * wlo, integers, or whi = INT64_MAX (axis_floor then never settles) when
 * q lies farther than 2^18 from 2^32. For such q (every table vector),
 * sqrt(q) lies in [r1 - 2^-13, r1], r1 = (2^32 + q) / 2^17 (axis_root's
 * bound, cast_capsule.c), so w r1 = w 2^15 + R / 2^17 (R = w q) and w (r1
 * - 2^-13) = w 2^15 + (R - 16 w) / 2^17 bracket it: whi the ceiling of
 * the first, wlo the floor of the second (R < 2^31 (2^32 + 2^18) < 2^64,
 * R - 16 w = w (q - 16) >= 0; both below 2^48). */
FXL__ALWAYS_INLINE void axis_bracket(const wctx *x, int64_t *whi, int64_t *wlo)
{
    if (x->q - (((uint64_t)1 << 32) - ((uint64_t)1 << 18)) > ((uint64_t)1 << 19)) {
        *whi = INT64_MAX;
        *wlo = 0;
        return;
    }
    *whi = (int64_t)((x->w << 15) + (x->R >> 17) + ((x->R & 0x1FFFFu) != 0 ? 1u : 0u));
    *wlo = (int64_t)((x->w << 15) + ((x->R - 16u * x->w) >> 17));
}

/* floor(u*) for an eligible axis-aligned wall across the strip (the
 * capsule's first pass; its emitter's disk missed), or false: line_floor's
 * L_line with the wall's length cancelled. For a wall along y (ex = 0), D
 * = c ey and N = (ax - px) ey, so |N| = X |ey| with X = |ax - px|, |D| =
 * |c| |ey| and rho = |ey| sqrt(q): L_line = (65536 |N| - w rho) / |D| =
 * (65536 X - w sqrt(q)) / |c| (along x, ey = 0: X = |ay - py|, |s|); the
 * beam heads to the wall (eligible: N D >= 0, the sign of (ax - px) c).
 * With a(L) = 65536 X - L |c| (|D| = |c| |ey| > 0 scales A(L) = |ey|
 * a(L)): a(k) > whi >= w sqrt(q) gives L_line > k; a(k + 1) < wlo <= w
 * sqrt(q), or a(k + 1) <= 0, gives L_line < k + 1; so k = floor(L_line),
 * strictly inside, and with k < len the capsule of length k + 1 <= len
 * meets the wall: line_floor's proof (the foot on the wall, which lies
 * across the strip) makes k its floor, as fxl__line_floor_fast's would.
 * k from quot's estimate (any value: the tests decide, false when they
 * do not show it). Magnitudes: X < 2^32, 65536 X < 2^48; 65536 X - whi
 * >= len |c| means L_line >= len (w sqrt(q) <= whi): false, so the
 * numerator stays below len |c| < 2^47 and the estimate below len (quot's
 * shifted numerator below 2^63); k |c| < 2^47. */
FXL_ARM_CODE static bool axis_floor(const wctx *x, const wwall *w, fxl_vec2 e, int64_t whi,
                                    int64_t wlo, int64_t *out)
{
    bool along_y = w->ex == 0;
    int64_t X = along_y ? (int64_t)w->ax - e.x : (int64_t)w->ay - e.y, n, a0, a1;
    uint32_t cabs = fxl__abs32(along_y ? x->c32 : x->s32);
    uint64_t kq;
    n = (X < 0 ? -X : X) * 65536;
    if (cabs == 0 || n <= whi ||
        (uint64_t)(n - whi) >= (uint64_t)(uint32_t)x->len * cabs)
        return false;
    kq = quot(u128_of((uint64_t)(n - whi)), cabs);
    if (kq >= (uint64_t)x->len)
        return false;
    a0 = n - (int64_t)(kq * cabs);
    a1 = a0 - (int64_t)cabs;
    if (a0 <= whi || (a1 > 0 && a1 >= wlo))
        return false;
    *out = (int64_t)kq;
    return true;
}

/* The first pass keeps up to CAND_MAX walls for the second (a list on
 * the stack, 28 bytes a wall on the GBA). */
#define CAND_MAX 8

/* The capsule, in two passes. First the least u*_box over the eligible
 * walls (u* lies in [u*_box - w, u*_box]), and the first wall whose
 * emitter's disk meets it (u* = 0). Then, in index order (from the
 * list: the least u*_box's wall first, umin_first), the floor of
 * u* for the walls whose u*_box leaves room for the least floor (below
 * floor(least u*_box) + 1 + w, and the best so far + w), keeping the least
 * floor (the lower index among equal ones); from the first wall met at 0
 * on, nothing can take it. */
FXL__ALWAYS_INLINE long capsule_pass(wctx *x, const fxl__ray *r, witer src, bool room,
                                     bool two_sided, int32_t *length)
{
    witer it = src;
    size_t n = src.n;
    wval u, umin;
    long best = -1, zero = -1, tried = -1;
    int64_t bf = x->len, window, ge = x->ge, Tw = INT64_MAX, umin_floor = INT64_MIN;
    bool any = false, over = false, pend = false, seen = false, umin_first;
    size_t i, k, nc = 0, i0 = 0, ku = 0;
    int64_t ha0 = 0, D0 = 0, N0 = 0, whi = INT64_MAX, wlo = 0;
    wseg sg0; /* the waiting wall's, when tried (its estimate's start) */
    /* The first pass's walls with a u*_box, in index order, for the second
     * (over: more than CAND_MAX, the second pass works them out again). */
    wval cand_u[CAND_MAX];
    size_t cand_i[CAND_MAX];
    umin.num.hi = umin.num.lo = 0;
    umin.den = 1;
    axis_bracket(x, &whi, &wlo);
    /* A wall with a u*_box: listed, and the least kept. */
#define CAND_ADD(wi, fr)                      \
    do {                                      \
        if (box_first(x, (fr), &u)) {         \
            if (nc < CAND_MAX) {              \
                cand_i[nc] = (wi);            \
                cand_u[nc] = u;               \
                nc++;                         \
            } else {                          \
                over = true;                  \
            }                                 \
            if (!any || !val_le(umin, u)) {   \
                umin = u;                     \
                ku = nc - 1u; /* (not over) */ \
                any = true;                   \
            }                                 \
        }                                     \
    } while (0)
    /* The first wall's frame and u*_box wait (pend: i0 and its ha0, D0,
     * N0) until a second wall needs the list: a wall alone needs them only
     * when line_floor cannot settle its floor (whose proof stands for any
     * eligible wall, u*_box aside: it finds the capsule of length k + 1 <=
     * len meeting it). */
    for (i = witer_next(&it, r, room, 0); i < n; i = witer_next(&it, r, room, i + 1)) {
        wframe f;
        wseg sg;
        bool entry;
        int64_t ha, D, N, L;
        wwall wv = witer_wall(&it, i, room);
        if (!eligible_hdn(x, r, &wv, two_sided, &ha, &D, &N))
            continue;
        if (near_emitter(x, &it, i, &wv, room, r->p)) {
            seg_setup_n(&wv, r->p, D, N, &sg);
            r2_need(x);
            if (fxl__front_sign(x, &sg, 0, &entry) <= 0) {
                zero = (long)i;
                break;
            }
        }
        /* An axis-aligned wall across the strip (across_strip's test,
         * from ha and hb = ha + D) whose floor axis_floor shows is settled
         * here: no wseg, frame, u*_box or list entry. That floor is exact
         * for any eligible wall that misses the emitter's disk (tested
         * above), u*_box aside: the waiting wall's argument; the answer is
         * the least floor over the eligible walls, the lower index among
         * equal ones, and settled walls come in index order, so a later
         * one replaces the best only with a lower floor. The best so far
         * (best, bf) is then the second pass's start: its skips (u*_box >=
         * bf + w, + 1 below best's index) and replacements are the same
         * rules with one more wall already visited. A wall axis_floor
         * cannot show (a touch at a whole unit, k >= len) goes on as
         * before. */
        if ((wv.ex == 0 || wv.ey == 0) &&
            ((ha < -x->Rh && ha + D > x->Rh) || (ha > x->Rh && ha + D < -x->Rh))) {
            if (axis_floor(x, &wv, r->p, whi, wlo, &L)) {
                FXL__SETTLE_COUNT(0);
                if (best < 0 || L < bf) {
                    best = (long)i;
                    bf = L;
                }
                continue;
            }
        }
        if (!seen) {
            seen = true;
            i0 = i;
            ha0 = ha;
            D0 = D;
            N0 = N;
            pend = true;
            continue;
        }
        if (pend) {
            wwall w0 = witer_wall(&it, i0, room);
            pend = false;
            frame_setup_h(x, &w0, D0, N0, ha0, &f);
            CAND_ADD(i0, &f);
        }
        frame_setup_h(x, &wv, D, N, ha, &f);
        CAND_ADD(i, &f);
    }
    if (pend) {
        int64_t L;
        wframe f;
        wwall w0 = witer_wall(&it, i0, room);
        if (zero < 0) {
            seg_setup_n(&w0, r->p, D0, N0, &sg0);
            /* (axis_floor tried above: fxl__line_floor_fast, for axis
             * walls only, is spared.) */
            if (floor_rest(x, &sg0, &L)) {
                /* Against the settled walls' best: the lesser floor, the
                 * lower index among equal ones. */
                if (best >= 0) {
                    FXL__SETTLE_COUNT(1);
                    if (bf < L || (bf == L && best < (long)i0)) {
                        *length = (int32_t)bf;
                        return best;
                    }
                }
                *length = (int32_t)L;
                return (long)i0;
            }
            tried = (long)i0; /* not again below */
        }
        frame_setup_h(x, &w0, D0, N0, ha0, &f);
        CAND_ADD(i0, &f);
    }
#undef CAND_ADD
    if (!any && zero < 0) {
        *length = (int32_t)bf; /* len when none settled */
        return best;
    }
#ifdef FXL_TEST_HOOKS
    if (best >= 0)
        FXL__SETTLE_COUNT(2);
#endif
    /* The window: 1 + w + floor(least u*_box) (0 once a wall is met at 0),
     * or with the list alone to look at (nothing to skip but walls beyond
     * len + 1 + w, which the capsule of length len misses: u* >= u*_box -
     * w), 1 + w + len, the least u*_box's quotient spared: the list's
     * least u*_box's wall first (umin_first; a single wall, or ku), whose
     * floor bf <= floor(least u*_box) then bounds the others below,
     * tighter. */
    window = 1 + (int64_t)x->w;
    umin_first = zero < 0 && !over;
    if (umin_first) {
        window += x->len;
    } else if (zero < 0) {
        fxl__i128 m;
        m.hi = (int64_t)umin.num.hi; /* below 2^16 */
        m.lo = umin.num.lo;
        umin_floor = div_est(m, umin.den);
        window += umin_floor;
    }
    /* Tw: only the second pass over every wall (over) reads it. */
    if (over)
        Tw = g_bound(x, window, ge);
    /* The walls of the first pass before `zero` (it stopped there): the
     * list, or (over) every near wall again. */
    it = src;
    i = 0;
    for (k = 0;; k++) {
        wframe f;
        wseg sg;
        bool entry;
        int64_t L, D;
        wwall wv;
        if (over) {
            i = witer_next(&it, r, room, k == 0 ? 0 : i + 1);
            if (i >= n || (zero >= 0 && (long)i >= zero))
                break;
            wv = witer_wall(&it, i, room);
            /* u*_box >= K = window: skipped below (g_low). */
            if (g_low(r, &it, i, &wv, room) >= Tw)
                continue;
            if (!eligible_near(x, r, &wv, two_sided, true, &f) || !box_first(x, &f, &u))
                continue;
        } else {
            size_t kk;
            if (k >= nc)
                break;
            /* (umin_first) ku, then the others in index order. */
            kk = !umin_first ? k : k == 0 ? ku : k <= ku ? k - 1u : k;
            i = cand_i[kk];
            u = cand_u[kk];
            wv = witer_wall(&it, i, room);
        }
        /* u* >= u*_box - w: skip a wall that cannot reach the least floor
         * (u*_box >= bf + w: floor(u*) >= bf, not below the best's; a
         * wall of lower index than the best's (umin_first) needs u*_box >=
         * bf + w + 1: floor(u*) > bf). window, its bound, <= len + w + 1 <
         * 2^32: two 32x32 -> 64 products. */
        {
            int64_t wk = window;
            if (best >= 0)
                wk = fxl__min64(wk, bf + (int64_t)x->w + ((long)i < best ? 1 : 0));
            if (fxl__le128(fxl__mul32_64((uint32_t)wk, u.den), u.num))
                continue;
        }
        D = wall_d(x, &wv);
        if ((long)i == tried)
            sg = sg0;
        else
            seg_setup(&wv, r->p, D, &sg);
        r2_need(x); /* for each call below but the fast path */
        if (!val_le_int(u, x->len) && fxl__front_sign(x, &sg, x->len, &entry) > 0)
            continue; /* the capsule of length len misses it */
        /* The line's touch first (no frame needed), else the floor search;
         * the least u*_box's div_est, when worked out above, is the
         * estimate's start for its wall (the same value: not worked out
         * again). */
        if ((long)i == tried ||
            (across_strip(x, &sg) ? !fxl__line_floor_fast(x, &sg, &L) && !fxl__line_floor(x, &sg, &L)
                                  : ((wv.ex == 0 || wv.ey == 0) ? fxl__corner_axis(x, &sg)
                                                                : fxl__corner_first(x, &sg)) ||
                                        (!fxl__line_floor_end(x, &sg, &L) &&
                                         (sg.corner != 0 || !fxl__line_floor(x, &sg, &L))))) {
            if (!over)
                frame_setup(x, &wv, D, sg.N, &f);
            L = fxl__capsule_floor(x, &f, &sg, u,
                                   u.den == umin.den && u.num.hi == umin.num.hi &&
                                           u.num.lo == umin.num.lo
                                       ? umin_floor
                                       : INT64_MIN);
        }
        /* The least floor, the lower index among equal ones (umin_first
         * visits ku before lower indices). */
        if (best < 0 || L < bf || (L == bf && (long)i < best)) {
            best = (long)i;
            bf = L;
            if (L == 0 && (!umin_first || k >= ku))
                break; /* no lower index left to visit */
            if (over)
                Tw = g_bound(x, fxl__min64(window, bf + (int64_t)x->w), ge);
        }
    }
    if (zero >= 0 && (best < 0 || bf > 0)) {
        best = zero;
        bf = 0;
    }
    *length = (int32_t)(best < 0 ? x->len : bf);
    return best;
}

/* What every wall of the cast shares (the capsule's R2 aside). */
FXL__ALWAYS_INLINE void wctx_init(wctx *x, const fxl__ray *r, int32_t w)
{
    x->c = r->dx;
    x->s = r->dy;
    x->q = (uint64_t)(x->c * x->c + x->s * x->s);
    x->w = (uint64_t)w;
    x->R = x->w * x->q;
    x->Rh = (int64_t)(x->R >> 16);
    x->len = r->len;
    x->c32 = r->dx;
    x->s32 = r->dy;
    x->ge = g_emitter(r);
    x->he = (int64_t)r->dx * r->p.y - (int64_t)r->dy * r->p.x;
    x->R2.hi = x->R2.lo = 0;
}

FXL_ARM_CODE static long box_cast(const fxl__ray *r, int32_t w, const fxl_wall_prep *walls,
                                  size_t n, bool two_sided, bool by_floor, int32_t *length)
{
    wctx x;
    witer it;
    wctx_init(&x, r, w);
    witer_walls(&it, walls, n);
    if (by_floor)
        return box_pass(&x, r, it, false, two_sided, true, length);
    return box_pass(&x, r, it, false, two_sided, false, length);
}

FXL_ARM_CODE static long capsule_cast(const fxl__ray *r, int32_t w, const fxl_wall_prep *walls,
                                      size_t n, bool two_sided, int32_t *length)
{
    wctx x;
    witer it;
    wctx_init(&x, r, w);
    witer_walls(&it, walls, n);
    return capsule_pass(&x, r, it, false, two_sided, length);
}

/* Each wall near the beam's box and eligible gives its u*: the box keeps
 * the least exactly, the capsule the least floor. The passes ARM code on
 * the GBA, each setting up its wctx (this dispatch Thumb: one call into
 * ARM, as the room's). */
long fxl__cast_width(const fxl__ray *r, fxl_laser_kind kind, int32_t w,
                     const fxl_wall_prep *walls, size_t n, bool two_sided, int32_t *length)
{
    if (kind == FXL_LASER_CAPSULE && w > 0)
        return capsule_cast(r, w, walls, n, two_sided, length);
    return box_cast(r, w, walls, n, two_sided, kind == FXL_LASER_CAPSULE, length);
}

/* The same through an indexed room's packed walls (n <= FXL_ROOM_INDEXED),
 * those of mask only: a superset of the near walls that may be eligible
 * (fxl__room_cast_width). */
FXL_ARM_CODE static long box_cast_room(const fxl__ray *r, int32_t w, const fxl_room *room,
                                       uint32_t mask, bool two_sided, bool by_floor,
                                       int32_t *length)
{
    wctx x;
    witer it;
    wctx_init(&x, r, w);
    witer_room(&it, room->packed, room->n, mask);
    if (by_floor)
        return box_pass(&x, r, it, true, two_sided, true, length);
    return box_pass(&x, r, it, true, two_sided, false, length);
}

FXL_ARM_CODE static long capsule_cast_room(const fxl__ray *r, int32_t w, const fxl_room *room,
                                           uint32_t mask, bool two_sided, int32_t *length)
{
    wctx x;
    witer it;
    wctx_init(&x, r, w);
    witer_room(&it, room->packed, room->n, mask);
    return capsule_pass(&x, r, it, true, two_sided, length);
}

/* (Each kind's ARM function sets up its own wctx: one call from the
 * Thumb entry, not two.) */
FXL__ALWAYS_INLINE long cast_width_room(const fxl__ray *r, fxl_laser_kind kind, int32_t w,
                                        const fxl_room *room, uint32_t mask, bool two_sided,
                                        int32_t *length)
{
    if (kind == FXL_LASER_CAPSULE && w > 0)
        return capsule_cast_room(r, w, room, mask, two_sided, length);
    return box_cast_room(r, w, room, mask, two_sided, kind == FXL_LASER_CAPSULE, length);
}

/* The walls of an indexed room whose slabs meet the beam box's on both
 * axes, less (one-sided) those every beam of its direction ra's sixteenth
 * of a turn heads to the front of.
 * Superset of the walls the width tests would keep: a wall whose coarse
 * box meets the beam's (the packed test next_near makes) has its x extent
 * [xl, xh] meet the box's [bl, bh] (coarse), so xl <= bh and xh >= bl, and
 * fxl__room_slab keeps the order: slab(xl) <= slab(bh), slab(xh) >=
 * slab(bl); room_index put the wall's bit in x_lo[s] for every s >=
 * slab(xl) and in x_hi[s] for every s <= slab(xh), so in x_lo[slab(bh)]
 * and x_hi[slab(bl)]; the same along y. A wall of front[ra >> 8] has D > 0
 * for every beam of that sixteenth (room.c, cast.c's angle filter, its
 * 2-step margin covering the table's rounding), while a one-sided width
 * cast needs D < 0 (eligible_hdn): dropping it changes nothing. The walls
 * left are then visited in index order (the bits from the lowest), each
 * tested on its packed coarse box as before: exactly the walls, in the
 * same order, that the pass over every prepared wall would test further,
 * less ineligible ones; the answer is the same. */
FXL__ALWAYS_INLINE uint32_t width_mask(const fxl_room *room, const fxl__ray *r, int32_t ra,
                                       bool two_sided)
{
    return fxl__room_mask_ray(room, r, ra, two_sided); /* cast_parts.h: the slab look-up */
}

fxl_result fxl__room_cast_width(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                                fxl_cast *out, fxl_laser *clipped)
{
    fxl__ray ray;
    bool two = (flags & FXL_CAST_TWO_SIDED) != 0;
    long wall;
    int32_t len, c, s;
    if (room == NULL)
        return FXL_ERR_NULL;
    if (room->n > FXL_ROOM_INDEXED || room->packed == NULL)
        return fxl_laser_cast(laser, room->walls, room->n, flags | FXL_CAST_WIDTH, out, clipped);
    if (laser == NULL || out == NULL || (room->walls == NULL && room->n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    fxl__sincos(laser->angle, &c, &s);
    /* The width reaches |d| / 65536 < 1 + 2^-15 times the half-width from
     * the centre line (fxl_laser_cast's box). */
    fxl__ray_init(&ray, laser->pos, c, s, laser->length,
                  laser->half_width + (laser->half_width >> 15) + 2);
    wall = cast_width_room(&ray, laser->kind, laser->half_width, room,
                           width_mask(room, &ray, laser->angle & FXL_ANGLE_MASK, two), two, &len);
    fxl__cast_answer(laser, wall, len, c, s, out, clipped); /* cast_parts.h */
    return FXL_OK;
}

#ifdef FXL_TEST_HOOKS
uint32_t fxl__room_width_mask(const fxl_room *room, const fxl_laser *laser, unsigned flags)
{
    fxl__ray ray;
    int32_t c, s;
    fxl__sincos(laser->angle, &c, &s);
    fxl__ray_init(&ray, laser->pos, c, s, laser->length,
                  laser->half_width + (laser->half_width >> 15) + 2);
    return width_mask(room, &ray, laser->angle & FXL_ANGLE_MASK,
                      (flags & FXL_CAST_TWO_SIDED) != 0);
}
#endif
