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
 * the line's distance at k and k + 1 (128-bit comparisons against the
 * root's bracket, line_sign in the thin band between) and the foot's place
 * between the ends.
 *
 * Cost: the box is one pass; the capsule two, the first finding the least
 * u*_box, the second working out floor(u*) only for the walls whose
 * u*_box lies within w + 1 of it (u* lies in [u*_box - w, u*_box]): from
 * the first pass's list of walls (up to CAND_MAX), else every wall again
 * behind a 2-product filter (g_low). The first pass keeps its first wall
 * waiting (its h at a, D and N only): a wall alone goes to line_floor
 * straight away, no frame, u*_box or quotient. Each pass tests the walls'
 * packed coarse boxes (next_near, unrolled), then the strip from h at the
 * ends (4 products: of the walls near a beam's box most lie wholly beyond
 * one edge of its narrow strip), then the eligibility (N). On the GBA
 * (bench ROM, 16-wall room, 300 px beams, 3 px half-width; the code ARM
 * in ROM, so fetch-bound: about 5 cycles an instruction, 12 more a taken
 * branch): box casts 5,279 cycles median (max 10,723), capsule casts
 * 7,387 (max 27,341), the two mixed 6,701 (max 23,652); before this
 * design (the strip inside box_first, the floor search for every
 * capsule) 5,826 and 14,791 (mixed 12,925, max 23,072). Measured with
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
FXL__ALWAYS_INLINE int64_t wall_d(const wctx *x, const fxl_wall_prep *w)
{
    return (int64_t)x->c32 * w->ey - (int64_t)x->s32 * w->ex;
}

/* h at the wall's end a: d x (a - e) = d x a - d x e, 32x32 -> 64
 * products (|c|, |s| < 2^30, |a| < 2^31: each below 2^61, the sums and
 * differences below 2^63), the same integer as the products of a - e. */
FXL__ALWAYS_INLINE int64_t wall_ha(const wctx *x, const fxl_wall_prep *w)
{
    return ((int64_t)x->c32 * w->a.y - (int64_t)x->s32 * w->a.x) - x->he;
}

/* The wall in the frame, oriented so that G >= 0; D, N and ha (before the
 * orientation) as the caller worked them out. */
FXL__ALWAYS_INLINE void frame_setup_h(const wctx *x, const fxl_wall_prep *w, int64_t D, int64_t N,
                                      int64_t ha, wframe *f)
{
    /* d . (a - e) = d . a - d . e as wall_ha's h. */
    f->ga = ((int64_t)x->c32 * w->a.x + (int64_t)x->s32 * w->a.y) - x->ge;
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
FXL__ALWAYS_INLINE void frame_setup(const wctx *x, const fxl_wall_prep *w, int64_t D, int64_t N,
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
FXL__ALWAYS_INLINE bool eligible_hdn(const wctx *x, const fxl__ray *r, const fxl_wall_prep *wp,
                                     bool two_sided, int64_t *ha, int64_t *D, int64_t *N)
{
    int64_t hb;
    *ha = wall_ha(x, wp);
    *D = wall_d(x, wp);
    hb = *ha + *D;
    if ((*ha > x->Rh && hb > x->Rh) || (*ha < -x->Rh && hb < -x->Rh))
        return false;
    *N = wall_n(wp, r->p);
    return *N > 0 ? two_sided && *D > 0 : *D < 0;
}

/* The same, then the frame (written out again: through eligible_hdn's
 * pointers the box casts ran 40 cycles slower). */
FXL__ALWAYS_INLINE bool eligible_near(const wctx *x, const fxl__ray *r, const fxl_wall_prep *wp,
                                      bool two_sided, wframe *f)
{
    int64_t ha = wall_ha(x, wp), D = wall_d(x, wp), hb = ha + D, N;
    if ((ha > x->Rh && hb > x->Rh) || (ha < -x->Rh && hb < -x->Rh))
        return false;
    N = wall_n(wp, r->p);
    if (!(N > 0 ? two_sided && D > 0 : D < 0))
        return false;
    frame_setup_h(x, wp, D, N, ha, f);
    return true;
}

/* Near: the packed coarse boxes only (a filter: the exact work decides
 * any wall). The exact box test after it (fxl__ray_near) cost more than
 * the few walls it kept out (GBA bench: box casts 6,566 -> 6,279 cycles
 * median, capsule 16,393 -> 15,848 without it). */
FXL__ALWAYS_INLINE bool near(const fxl__ray *r, const fxl_wall_prep *wp)
{
    return fxl__coarse_meets(wp->coarse_lo, wp->coarse_hi, r->m_hi, r->m_lo);
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

/* Near and eligible. */
FXL__ALWAYS_INLINE bool eligible(const wctx *x, const fxl__ray *r, const fxl_wall_prep *wp,
                                 bool two_sided, wframe *f)
{
    return near(r, wp) && eligible_near(x, r, wp, two_sided, f);
}

/* Whether the wall's box lies within the reach of the emitter's disk on
 * both axes (else it misses the disk). */
FXL__ALWAYS_INLINE bool near_emitter(const wctx *x, const fxl_wall_prep *wp, fxl_vec2 e)
{
    int64_t k = (int64_t)x->w + (int64_t)(x->w >> 15) + 2;
    return (int64_t)wp->box.lo.x - e.x <= k && (int64_t)e.x - wp->box.hi.x <= k &&
           (int64_t)wp->box.lo.y - e.y <= k && (int64_t)e.y - wp->box.hi.y <= k;
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
FXL__ALWAYS_INLINE int64_t g_low(const fxl__ray *r, const fxl_wall_prep *wp)
{
    return (int64_t)r->dx * (r->dx >= 0 ? wp->box.lo.x : wp->box.hi.x) +
           (int64_t)r->dy * (r->dy >= 0 ? wp->box.lo.y : wp->box.hi.y);
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

/* The box: every eligible wall's u*, the least kept exactly (the lower
 * index on a tie); a wall met at 0 ends the search. by_floor (a capsule of
 * half-width 0, whose u* is the box's): the capsule's rule instead, the
 * lowest index among the walls whose u* has the least floor (a wall
 * replaces the best only when u* < floor(best u*)). */
FXL_ARM_CODE static long box_cast(const wctx *x, const fxl__ray *r, const fxl_wall_prep *walls,
                                  size_t n, bool two_sided, bool by_floor, int32_t *length)
{
    wval bv, u;
    long best = -1;
    int64_t bf = 0;
    size_t i;
    bv.num.hi = bv.num.lo = 0;
    bv.den = 1;
    for (i = next_near(r, walls, 0, n); i < n; i = next_near(r, walls, i + 1, n)) {
        wframe f;
        if (!eligible_near(x, r, &walls[i], two_sided, &f) || !box_first(x, &f, &u) ||
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
    *length = (int32_t)(best < 0 ? x->len : by_floor ? bf : val_floor(bv));
    return best;
}

/* The first pass keeps up to CAND_MAX walls for the second (a list on
 * the stack, 28 bytes a wall on the GBA). */
#define CAND_MAX 8

/* The capsule, in two passes. First the least u*_box over the eligible
 * walls (u* lies in [u*_box - w, u*_box]), and the first wall whose
 * emitter's disk meets it (u* = 0). Then, in index order, the floor of
 * u* for the walls whose u*_box leaves room for the least floor (below
 * floor(least u*_box) + 1 + w, and the best so far + w), keeping the least
 * floor (the lower index among equal ones); from the first wall met at 0
 * on, nothing can take it. */
FXL_ARM_CODE static long capsule_cast(const wctx *x, const fxl__ray *r,
                                      const fxl_wall_prep *walls, size_t n, bool two_sided,
                                      int32_t *length)
{
    wval u, umin;
    long best = -1, zero = -1, tried = -1;
    int64_t bf = x->len, window, ge = x->ge, Tw = INT64_MAX, umin_floor = INT64_MIN;
    bool any = false, over = false, pend = false, seen = false;
    size_t i, k, nc = 0, i0 = 0;
    int64_t ha0 = 0, D0 = 0, N0 = 0;
    /* The first pass's walls with a u*_box, in index order, for the second
     * (over: more than CAND_MAX, the second pass works them out again). */
    wval cand_u[CAND_MAX];
    size_t cand_i[CAND_MAX];
    umin.num.hi = umin.num.lo = 0;
    umin.den = 1;
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
                any = true;                   \
            }                                 \
        }                                     \
    } while (0)
    /* The first wall's frame and u*_box wait (pend: i0 and its ha0, D0,
     * N0) until a second wall needs the list: a wall alone needs them only
     * when line_floor cannot settle its floor (whose proof stands for any
     * eligible wall, u*_box aside: it finds the capsule of length k + 1 <=
     * len meeting it). */
    for (i = next_near(r, walls, 0, n); i < n; i = next_near(r, walls, i + 1, n)) {
        wframe f;
        wseg sg;
        bool entry;
        int64_t ha, D, N;
        if (!eligible_hdn(x, r, &walls[i], two_sided, &ha, &D, &N))
            continue;
        if (near_emitter(x, &walls[i], r->p)) {
            seg_setup_n(&walls[i], r->p, D, N, &sg);
            if (fxl__front_sign(x, &sg, 0, &entry) <= 0) {
                zero = (long)i;
                break;
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
            pend = false;
            frame_setup_h(x, &walls[i0], D0, N0, ha0, &f);
            CAND_ADD(i0, &f);
        }
        frame_setup_h(x, &walls[i], D, N, ha, &f);
        CAND_ADD(i, &f);
    }
    if (pend) {
        int64_t L;
        wseg sg;
        wframe f;
        if (zero < 0) {
            seg_setup_n(&walls[i0], r->p, D0, N0, &sg);
            if (fxl__line_floor(x, &sg, &L)) {
                *length = (int32_t)L;
                return (long)i0;
            }
            tried = (long)i0; /* not again below */
        }
        frame_setup_h(x, &walls[i0], D0, N0, ha0, &f);
        CAND_ADD(i0, &f);
    }
#undef CAND_ADD
    if (!any && zero < 0) {
        *length = (int32_t)x->len;
        return -1;
    }
    /* The window: 1 + w + floor(least u*_box) (0 once a wall is met at 0),
     * or with a single wall to look at (nothing to skip but walls beyond
     * len + 1 + w, which the capsule of length len misses: u* >= u*_box -
     * w), 1 + w + len, the least u*_box's quotient spared. */
    window = 1 + (int64_t)x->w;
    if (zero < 0 && !over && nc == 1) {
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
     * list, or (over) every wall again. */
    for (k = 0; k < (over ? n : nc); k++) {
        wframe f;
        wseg sg;
        bool entry;
        int64_t L, D;
        if (over) {
            i = k;
            if (zero >= 0 && (long)i >= zero)
                break;
            /* u*_box >= K = window: skipped below (g_low). */
            if (g_low(r, &walls[i]) >= Tw)
                continue;
            if (!eligible(x, r, &walls[i], two_sided, &f) || !box_first(x, &f, &u))
                continue;
        } else {
            i = cand_i[k];
            u = cand_u[k];
        }
        /* u* >= u*_box - w: skip a wall that cannot reach the least floor. */
        if (best >= 0)
            window = fxl__min64(window, bf + (int64_t)x->w);
        /* window <= len + w + 1 < 2^32: two 32x32 -> 64 products. */
        if (fxl__le128(fxl__mul32_64((uint32_t)window, u.den), u.num))
            continue;
        D = wall_d(x, &walls[i]);
        seg_setup(&walls[i], r->p, D, &sg);
        if (!val_le_int(u, x->len) && fxl__front_sign(x, &sg, x->len, &entry) > 0)
            continue; /* the capsule of length len misses it */
        /* The line's touch first (no frame needed), else the floor search;
         * the least u*_box's div_est, when worked out above, is the
         * estimate's start for its wall (the same value: not worked out
         * again). */
        if ((long)i == tried || !fxl__line_floor(x, &sg, &L)) {
            if (!over)
                frame_setup(x, &walls[i], D, sg.N, &f);
            L = fxl__capsule_floor(x, &f, &sg, u,
                                   u.den == umin.den && u.num.hi == umin.num.hi &&
                                           u.num.lo == umin.num.lo
                                       ? umin_floor
                                       : INT64_MIN);
        }
        if (best < 0 || L < bf) {
            best = (long)i;
            bf = L;
            if (L == 0)
                break;
            window = fxl__min64(window, bf + (int64_t)x->w);
            if (over)
                Tw = g_bound(x, window, ge);
        }
    }
    if (zero >= 0 && (best < 0 || bf > 0)) {
        best = zero;
        bf = 0;
    }
    *length = (int32_t)(best < 0 ? x->len : bf);
    return best;
}

/* Each wall near the beam's box and eligible gives its u*: the box keeps
 * the least exactly, the capsule the least floor. ARM code on the GBA. */
FXL_ARM_CODE long fxl__cast_width(const fxl__ray *r, fxl_laser_kind kind, int32_t w,
                                  const fxl_wall_prep *walls, size_t n, bool two_sided,
                                  int32_t *length)
{
    wctx x;
    x.c = r->dx;
    x.s = r->dy;
    x.q = (uint64_t)(x.c * x.c + x.s * x.s);
    x.w = (uint64_t)w;
    x.R = x.w * x.q;
    x.Rh = (int64_t)(x.R >> 16);

    x.len = r->len;
    x.c32 = r->dx;
    x.s32 = r->dy;
    x.ge = g_emitter(r);
    x.he = (int64_t)r->dx * r->p.y - (int64_t)r->dy * r->p.x;
    if (kind == FXL_LASER_CAPSULE && w > 0) {
        x.R2 = fxl__mul64(x.w * x.w, x.q); /* the capsule's only */
        return capsule_cast(&x, r, walls, n, two_sided, length);
    }
    x.R2.hi = x.R2.lo = 0;
    return box_cast(&x, r, walls, n, two_sided, kind == FXL_LASER_CAPSULE, length);
}
