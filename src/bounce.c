/* bounce.c - lasers that bounce off walls (fxl_laser_bounce): legs cast
 * one after another (cast.c's centre-line search), each from the last
 * bounce point in the reflected direction.
 *
 * Each leg's end is a grid point next to the exact one (the bounce point
 * or the free end), and the leg from its start to there must cross no
 * wall under the leg's own rules: the same search, along the segment,
 * finding no wall before its end. In the common case the preferred
 * rounding passes; near a corner too tight for it, another corner of the
 * grid cell around the exact point is taken (in a fixed order), else a
 * point a little back along the leg. */
#include "bounce_band.h"
#include "cast_parts.h"

#include "angle_table.h"
#include "hitbox.h"

/* Test builds (FXL_TEST_HOOKS, tests/test_bounce.c): with
 * fxl__bounce_no_reduce set, the reduced divisions below (reduce_dir,
 * axis_floor's 64-bit one) are not taken, nor the side of a leg's start
 * from the search's u (bounce's loop), so the suite can compare their
 * answers with the 128-bit ones and side_of's. A game's build has
 * neither. */
#ifdef FXL_TEST_HOOKS
bool fxl__bounce_no_reduce;
#define FXL__NO_REDUCE FXL__UNLIKELY(fxl__bounce_no_reduce)
#else
#define FXL__NO_REDUCE 0
#endif

/* floor(n / den) for 0 < den = rc->den < 2^32 (fxl__recip_init's, k <=
 * 0) and a quotient below 2^29; *rem gets the remainder n - q den.
 * fxl__recip_divrem's estimate and correction in 64 bits instead of 128:
 * n 2^-k is about quotient dt < 2^29 2^32 = 2^61, and q den < 2^29 2^32.
 * The estimate from nt's high word h = nt >> 32 alone (one 32x32 -> 64
 * product, not two): r <= 2^63 / dt (fxl__recip_init's table value and
 * Newton steps from below, their floors only lowering it) and h 2^32 <=
 * nt, so q0 = floor(h r / 2^31) <= nt / dt = n / den; the low word's share
 * (nt - h 2^32) / dt < 2^32 / 2^31 = 2, r's error under 2^29 2^-30 and the
 * floor put q0 less than 4 below the quotient. The loops settle the
 * estimate's few units, either way (tests/test_room.c,
 * bounce_div_small). */
FXL__ALWAYS_INLINE uint32_t div_small_rem(const fxl__recip *rc, uint64_t n, uint64_t *rem)
{
    uint64_t nt = n << -rc->k, p, e;
    uint32_t q = (uint32_t)(((nt >> 32) * rc->r) >> 31);
    uint32_t d = (uint32_t)rc->den;
    q = q > (1u << 29) ? (1u << 29) : q;
    p = (uint64_t)q * d;
    if (p <= n) {
        for (e = n - p; e >= d; e -= d)
            q++; /* the remainder into [0, den) */
    } else {
        for (e = p - n; e > d; e -= d)
            q--; /* minus the remainder into (0, den] */
        q--;
        e = d - e;
    }
    *rem = e;
    return q;
}

/* floor(n / den) as div_small_rem's, for a quotient known below 2^29 and
 * den < 2^30: its estimate q0 is at most the quotient and less than 4
 * below it, so the remainder n - q0 den is in [0, 4 den), below 2^32: the
 * 32-bit difference of n's and q0 den's low words, settled in 32 bits (no
 * 64-bit product, no clamp: q0 below 2^29 already). */
FXL__ALWAYS_INLINE uint32_t div_small32(const fxl__recip *rc, uint64_t n)
{
    uint64_t nt = n << -rc->k;
    uint32_t q = (uint32_t)(((nt >> 32) * rc->r) >> 31), d = (uint32_t)rc->den;
    uint32_t e = (uint32_t)n - q * d;
    for (; e >= d; e -= d)
        q++; /* the remainder into [0, den) */
    return q;
}

/* The same, *exact telling whether den divides n. */
FXL__ALWAYS_INLINE uint32_t div_small(const fxl__recip *rc, uint64_t n, bool *exact)
{
    uint64_t e;
    uint32_t q = div_small_rem(rc, n, &e);
    *exact = e == 0;
    return q;
}

/* One axis of an end: p + num d / den = lo + f with 0 <= f < 1 (exact
 * iff f = 0); rc holds den. |num d / den| < 2^29. A divisor below 2^32
 * with num < 2^46 and |d| < 2^17 (meet_floor's reduced fractions: num d <
 * 2^63) takes div_small, the same floor in 64 bits; else 128 bits. */
FXL_ARM_CODE static int64_t axis_floor(int32_t p, int32_t d, uint64_t num, const fxl__recip *rc,
                                       bool *exact)
{
    uint32_t ad = fxl__abs32(d);
    /* (rc is set whenever this runs: bounce_point calls it only without
     * axis_meet's answer, after meet_floor set rc; cppcheck's cross-file
     * pass sees bounce's rc unset on axis_meet's path.) */
    /* cppcheck-suppress ctuuninitvar */
    int64_t q = (rc->den >> 32) == 0 && num < ((uint64_t)1 << 46) && ad < 131072u &&
                        !FXL__NO_REDUCE
                    ? (int64_t)div_small(rc, num * ad, exact)
                    : (int64_t)fxl__recip_div(rc, fxl__mul64(num, ad), exact);
    return (int64_t)p + (d < 0 ? -q - (*exact ? 0 : 1) : q);
}

/* The meeting with an axis-aligned wall w (ey = 0, or ex = 0: the axes
 * swapped), whose u* = 65536 |N| / |D| reduces: N = rx ey - ry ex = -ry
 * ex and D = dx ey - dy ex = -dy ex (fxl__consider_at's, ry = a.y - p.y on 32
 * bits, wrapping as there), so u* = 65536 |ry| / |dy| and the point's
 * offset along the wall num |dx| / den = |ry| |dx| / |dy|: both over |dy|
 * < 2^17 (a leg's direction), numerators below 2^48 and 2^49, quotients
 * below 2^29 (u* <= len), one reciprocal for both (fxl__frac_floor and
 * axis_floor's answers, exactly: the same rationals). Returns the leg's
 * length floor(u*); *along gets the coordinate along the wall (axis_floor's
 * floor of p + offset, *exact whether whole). |d| < 2^17 (the caller
 * checks). ARM code on the GBA. */
FXL_ARM_CODE static int32_t axis_meet(const fxl__ray *r, const fxl_wall_prep *w, int64_t *along,
                                      bool *exact)
{
    bool horiz = w->ey == 0, ex;
    int32_t across = horiz ? fxl__u2i32((uint32_t)w->a.y - (uint32_t)r->p.y)
                           : fxl__u2i32((uint32_t)w->a.x - (uint32_t)r->p.x);
    int32_t dn = horiz ? r->dy : r->dx, da = horiz ? r->dx : r->dy, pa = horiz ? r->p.x : r->p.y;
    uint64_t m = fxl__abs32(across), n, e;
    uint32_t adn = fxl__abs32(dn), ada = fxl__abs32(da);
    fxl__recip rc;
    uint32_t L, q;
    fxl__recip_init(&rc, adn);
    /* q = floor(n / |dn|), n = m |da|, from L rather than a second
     * division: with t = 65536 m / |dn| (L = floor(t) <= t < L + 1),
     * n / |dn| = t |da| / 65536, and q0 = floor(L |da| / 65536) is at most
     * q and n / |dn| - L |da| / 65536 < |da| / 65536 < 2 (|da| < 2^17), so
     * q - q0 <= 2: the remainder e = n - q0 |dn| (>= 0, exact in 64 bits:
     * n < 2^48) is below 3 |dn|, at most two subtractions. (Out of the
     * domain, L clamped: div_small.) With m < 2^13 |dn| (t < 2^29: L the
     * exact floor), e < 3 |dn| < 2^19 is the 32-bit difference of n's and
     * q0 |dn|'s low words: no 64-bit product. */
    if (FXL__LIKELY((uint32_t)m < (adn << 13))) {
        /* (L below 2^29 and |dn| < 2^17: div_small32.) */
        uint32_t e32;
        L = div_small32(&rc, m << 16);
        q = (uint32_t)(((uint64_t)L * ada) >> 16);
        e32 = (uint32_t)m * ada - q * adn;
        for (; e32 >= adn; e32 -= adn)
            q++;
        *exact = e32 == 0;
        *along = (int64_t)pa + (da < 0 ? -(int64_t)q - (e32 == 0 ? 0 : 1) : (int64_t)q);
        return (int32_t)L;
    }
    L = div_small(&rc, m << 16, &ex);
    q = (uint32_t)(((uint64_t)L * ada) >> 16);
    n = m * ada;
    e = n - (uint64_t)q * adn;
    if (FXL__UNLIKELY(e >= (uint64_t)3 * adn)) {
        q = div_small(&rc, n, &ex);
    } else {
        for (; e >= adn; e -= adn)
            q++;
        ex = e == 0;
    }
    *exact = ex;
    *along = (int64_t)pa + (da < 0 ? -(int64_t)q - (ex ? 0 : 1) : (int64_t)q);
    return (int32_t)L;
}

/* A wall's direction e = 2^s e' reduced by the largest power of two
 * dividing both components (s the trailing zero bits of |ex| | |ey|), when
 * |ex'|, |ey'| < 2^14 (walls between whole pixels: |e'| at most the wall's
 * length in pixels); false, nothing written, otherwise. */
FXL__ALWAYS_INLINE bool reduce_dir(const fxl_wall_prep *w, int64_t *ex, int64_t *ey)
{
    uint32_t ax = fxl__abs32(w->ex), ay = fxl__abs32(w->ey), v = ax | ay, s;
    if (v == 0 || FXL__NO_REDUCE)
        return false;
    s = fxl__low_bit(v, fxl__bit_mul_get()); /* the trailing zero bits of v */
    /* (s <= 31: the look-up's values are 0..31; cppcheck's value flow
     * takes one from the comparison below.) */
    /* cppcheck-suppress shiftTooManyBits */
    ax >>= s;
    ay >>= s;
    if (ax >= 16384u || ay >= 16384u)
        return false;
    *ex = w->ex < 0 ? -(int64_t)ax : (int64_t)ax;
    *ey = w->ey < 0 ? -(int64_t)ay : (int64_t)ay;
    return true;
}

/* floor(u*) for the wall w the ray meets (u its fraction |N| / |D| from
 * the search), rc set up for axis_floor (fxl__frac_floor's answer, which
 * the general case calls). With w's direction reduced (e = 2^s e', s the
 * trailing zero bits of |ex| | |ey|, |ex'|, |ey'| < 2^14: walls between
 * whole pixels) and |dx|, |dy| < 2^17: N = rx ey - ry ex = 2^s N' and D =
 * dx ey - dy ex = 2^s D' exactly (N' = rx ey' - ry ex', D' = dx ey' - dy
 * ex'), so u* = 65536 |N'| / |D'| with |N'| = |N| / 2^s and |D'| = |D| /
 * 2^s (shifts, exact), the same rational: u becomes (|N'|, |D'|), whose
 * floors (here and axis_floor's) are the same numbers. |D'| < 2 2^17 2^14
 * = 2^32 (D' != 0: D != 0 for the wall met), |N'| <= len |D'| / 65536 <
 * 2^44 (u* <= len < 2^28), so div_small applies (65536 |N'| < 2^60,
 * quotient floor(u*) < 2^28; checked: |N'| < 2^13 |D'|) and axis_floor's
 * num |d| < 2^44 2^17 < 2^63 does too. Inline in meet_point (its only
 * caller, ARM code on the GBA): the call and its spills spared. */
FXL__ALWAYS_INLINE int32_t meet_floor(const fxl__ray *r, const fxl_wall_prep *w, fxl__frac *u,
                                      fxl__recip *rc)
{
    uint32_t ax = fxl__abs32(w->ex), ay = fxl__abs32(w->ey), v = ax | ay;
    if (v != 0 && fxl__abs32(r->dx) < 131072u && fxl__abs32(r->dy) < 131072u &&
        !FXL__NO_REDUCE) {
        uint32_t s = fxl__low_bit(v, fxl__bit_mul_get()); /* the trailing zero bits of v */
        uint64_t aN = u->num >> s, aD = u->den >> s;
        bool e;
        if ((ax >> s) < 16384u && (ay >> s) < 16384u && aD < ((uint64_t)1 << 32) &&
            aN < aD * 8192u) { /* (always, for the wall met, when e' is that short) */
            u->num = aN;
            u->den = aD;
            fxl__recip_init(rc, aD);
            /* (quotient below 2^29: div_small32 for a divisor below 2^30) */
            if (aD < ((uint64_t)1 << 30))
                return (int32_t)div_small32(rc, aN << 16);
            return (int32_t)div_small(rc, aN << 16, &e);
        }
    }
    return fxl__frac_floor(*u, rc);
}

/* axis_floor's answer (p + num d / den = lo + f, 0 <= f < 1, exact iff f
 * = 0) from the length L = floor(t), t = 65536 num / den, for meet_floor's
 * reduced fractions (den < 2^32, num < 2^13 den < 2^45, so L < 2^29) and
 * |d| < 2^17, as axis_meet's coordinate along the wall: num |d| / den =
 * t |d| / 65536 and q0 = floor(L |d| / 65536) <= q = floor(num |d| / den);
 * num |d| / den - L |d| / 65536 = (t - L) |d| / 65536 < |d| / 65536 < 2,
 * so q < q0 + 3: the remainder e = num |d| - q0 den (>= 0; num |d| < 2^62,
 * q0 den < 2^30 2^32 = 2^62, exact in 64 bits) is below 3 den, at most
 * two subtractions. The same floor as div_small's, no reciprocal product. */
FXL__ALWAYS_INLINE int64_t axis_from_len(int32_t p, int32_t d, uint64_t num, uint32_t den,
                                         uint32_t L, bool *exact)
{
    uint32_t ad = fxl__abs32(d);
    uint32_t q = (uint32_t)(((uint64_t)L * ad) >> 16);
    uint64_t e = num * ad - (uint64_t)q * den;
    for (; e >= den; e -= den)
        q++;
    *exact = e == 0;
    return (int64_t)p + (d < 0 ? -(int64_t)q - (*exact ? 0 : 1) : (int64_t)q);
}

/* axis_from_len for den < 2^30: the remainder e = num |d| - q0 den, in
 * [0, 3 den) (axis_from_len), is below 2^32, so the 32-bit difference of
 * the two products' low words: no 64-bit product. */
FXL__ALWAYS_INLINE int64_t axis_from_len32(int32_t p, int32_t d, uint64_t num, uint32_t den,
                                           uint32_t L, bool *exact)
{
    uint32_t ad = fxl__abs32(d);
    uint32_t q = (uint32_t)(((uint64_t)L * ad) >> 16);
    uint32_t e = (uint32_t)num * ad - q * den;
    for (; e >= den; e -= den)
        q++;
    *exact = e == 0;
    return (int64_t)p + (d < 0 ? -(int64_t)q - (*exact ? 0 : 1) : (int64_t)q);
}

/* The meeting with a wall not axis-aligned (or a ray out of axis_meet's
 * domain): the leg's length floor(u*) and the floors of the point's
 * coordinates (*x, *xe, *y, *ye: axis_floor's answers), in one ARM call.
 * Off a wall whose direction reduces (meet_floor's 64-bit branch), the
 * coordinates come from the length (axis_from_len: the same floors)
 * instead of two more divisions (GBA: about 740 cycles a slanted end
 * for the two axis_floor calls); else meet_floor and axis_floor. */
FXL_ARM_CODE static int32_t meet_point(const fxl__ray *r, const fxl_wall_prep *w, fxl__frac *u,
                                       int64_t *x, bool *xe, int64_t *y, bool *ye)
{
    fxl__recip rc;
    int32_t L = meet_floor(r, w, u, &rc);
    /* (num < 2^13 den: u* < 2^29, so L = floor(u*) exactly, below 2^29,
     * and num < 2^45, as axis_from_len needs.) */
    if ((u->den >> 32) == 0 && u->num < u->den * 8192u && fxl__abs32(r->dx) < 131072u &&
        fxl__abs32(r->dy) < 131072u && !FXL__NO_REDUCE) {
        if (u->den < ((uint64_t)1 << 30)) {
            *x = axis_from_len32(r->p.x, r->dx, u->num, (uint32_t)u->den, (uint32_t)L, xe);
            *y = axis_from_len32(r->p.y, r->dy, u->num, (uint32_t)u->den, (uint32_t)L, ye);
        } else {
            *x = axis_from_len(r->p.x, r->dx, u->num, (uint32_t)u->den, (uint32_t)L, xe);
            *y = axis_from_len(r->p.y, r->dy, u->num, (uint32_t)u->den, (uint32_t)L, ye);
        }
    } else {
        *x = axis_floor(r->p.x, r->dx, u->num, &rc, xe);
        *y = axis_floor(r->p.y, r->dy, u->num, &rc, ye);
    }
    return L;
}

#ifdef FXL_TEST_HOOKS
/* Test builds (tests/test_room.c): div_small with its divisor set up, and
 * axis_meet. */
uint32_t fxl__bounce_div_small(uint64_t den, uint64_t n, bool *exact)
{
    fxl__recip rc;
    fxl__recip_init(&rc, den);
    return div_small(&rc, n, exact);
}

/* (tests/test_bounce.c, declared there: div_small32 likewise.) */
uint32_t fxl__bounce_div_small32(uint32_t den, uint64_t n);
uint32_t fxl__bounce_div_small32(uint32_t den, uint64_t n)
{
    fxl__recip rc;
    fxl__recip_init(&rc, den);
    return div_small32(&rc, n);
}

int32_t fxl__bounce_axis_meet(const fxl__ray *r, const fxl_wall_prep *w, int64_t *along,
                              bool *exact)
{
    return axis_meet(r, w, along, exact);
}
#endif

/* The ray's point at u = t on one axis: its floor, whether that is exact,
 * and whether the point lies half a unit or more above it. */
FXL_ARM_CODE static int64_t axis_at(int32_t p, int32_t d, int64_t t, bool *exact, bool *upper)
{
    int64_t o = t * d;
    *exact = (o & 0xFFFF) == 0;
    *upper = (o & 0x8000) != 0;
    return (int64_t)p + fxl__floor_shift(o, 16);
}

/* axis_at's answers for 0 <= t < 2^32 (free_end's t = the length left,
 * 0..FXL_SIZE_MAX), the floor's low 32 bits (place_end keeps only those),
 * in 32-bit products (inline in the Thumb loop: no ARM call): with m =
 * |d| = mh 2^16 + ml and t = th 2^16 + tl, t m = th mh 2^32 + (th ml + tl
 * mh) 2^16 + tl ml, so Q = floor(t m / 2^16) = th mh 2^16 + th ml + tl mh
 * + floor(tl ml / 2^16) (mod 2^32; tl ml < 2^32) and f = (tl ml) mod 2^16
 * is t m mod 2^16. For d >= 0, o = t d has o mod 2^16 = f and floor(o /
 * 2^16) = Q; for d < 0, o = -(Q 2^16 + f): o mod 2^16 = -f mod 2^16 and
 * floor(o / 2^16) = -Q - (f != 0). */
FXL__ALWAYS_INLINE uint32_t axis_at32(int32_t p, int32_t d, uint32_t t, bool *exact, bool *upper)
{
    uint32_t m = fxl__abs32(d), ml = m & 0xFFFFu, mh = m >> 16, tl = t & 0xFFFFu, th = t >> 16;
    uint32_t lo = tl * ml, f = lo & 0xFFFFu;
    uint32_t q = ((th * mh) << 16) + th * ml + tl * mh + (lo >> 16);
    if (d < 0) {
        q = 0u - q - (f != 0 ? 1u : 0u);
        f = (0u - f) & 0xFFFFu;
    }
    *exact = f == 0;
    *upper = (f & 0x8000u) != 0;
    return (uint32_t)p + q;
}

/* fxl__side_of (the sign of w's side value of q), an axis-aligned wall's
 * without the call and its products (inline: the Thumb calls of the leg's
 * small steps, their arguments and frames, cost more than the steps; with
 * end_ok, back_through and place_end's first corner inline too, 4 bounces
 * 21,005 -> 19,288 cycles median in the benchmark's room) (Thumb has no 64-bit multiply): the
 * side value ex (q.y - a.y) - ey (q.x - a.x) is ex (q.y - a.y) for ey = 0,
 * -ey (q.x - a.x) for ex = 0, each product exact in 64 bits for any int32
 * values (below 2^31 2^32), so its sign is the signs' product. */
FXL__ALWAYS_INLINE int side_of(const fxl_wall_prep *w, fxl_vec2 q)
{
    /* (The sign of q.y - a.y by comparing the two: no 64-bit difference.) */
    if (w->ey == 0) {
        int d = (q.y > w->a.y) - (q.y < w->a.y);
        return w->ex > 0 ? d : w->ex < 0 ? -d : 0;
    }
    if (w->ex == 0) {
        int d = (q.x > w->a.x) - (q.x < w->a.x);
        return w->ey > 0 ? -d : d;
    }
    return fxl__side_of(w, q);
}

/* Whether q lies on w's line (side_of(w, q) == 0): for an axis-aligned
 * wall (ey = 0: side_of is the sign of q.y - a.y times that of ex != 0;
 * ex = 0 likewise) the coordinates' equality, no signs; else
 * fxl__side_of's. */
FXL__ALWAYS_INLINE bool on_line_of(const fxl_wall_prep *w, fxl_vec2 q)
{
    if (w->ey == 0)
        return q.y == w->a.y;
    if (w->ex == 0)
        return q.x == w->a.x;
    return fxl__side_of(w, q) == 0;
}

/* What the end of a leg is placed with: the walls, the leg's rules, and
 * the walls whose boxes met the leg's (grown by one raw unit, so that it
 * holds every end considered). */
typedef struct placing {
    const fxl_wall_prep *walls;
    size_t n;
    bool two;
    const fxl__rules *rules;
    int left_side; /* the side of wall rules->skip the leg heads to (when skip >= 0) */
    bool clear;    /* every end considered is reachable (see bounce's loop) */
    bool away;     /* the leg heads to side left_side of the wall left by a step or more */
    fxl__near near;
} placing;

/* Test builds (FXL_TEST_HOOKS, tests/test_room.c): with
 * fxl__bounce_audit.on, each end whose reachability check `clear` spares is
 * checked anyway: skips counts them, wrong those the check would have
 * refused (and likewise back_through's side test that pl.away spares). A game's build has neither the variable nor the test. */
#ifdef FXL_TEST_HOOKS
fxl__bounce_audit_t fxl__bounce_audit;
#define FXL__AUDITING FXL__UNLIKELY(fxl__bounce_audit.on)
#else
#define FXL__AUDITING 0
#endif

/* Whether the segment from -> to crosses no wall under the rules: the
 * search along it (u = 65536 at `to`) finds no wall before its end; only
 * the walls near the leg can, when they were few. */
static bool reachable(fxl_vec2 from, fxl_vec2 to, const placing *pl)
{
    fxl__ray r;
    fxl__frac u;
    long w;
    if (pl->near.count == 0)
        return true; /* no wall near: the search would find none */
    fxl__ray_init(&r, from, to.x - from.x, to.y - from.y, 65536, 0);
    w = pl->near.count <= FXL__NEAR_MAX
            ? fxl__first_wall_of(&r, pl->walls, &pl->near, pl->two, pl->rules, &u)
            : fxl__first_wall(&r, pl->walls, pl->n, pl->two, pl->rules, &u, NULL);
    return w < 0 || u.num >= u.den;
}

/* Whether the segment from -> to, from side `side` of wall w's line or on
 * it, ends strictly on the other side, through the wall: its ends not both
 * strictly on one side of the segment's line (wall.h's crossing, either
 * way round). Products below 2^62 within the domain (wrapping outside). */
static bool through(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to, int side)
{
    int64_t mx, my, ax, ay;
    if (fxl__side_of(w, to) != -side || fxl__side_of(w, from) == -side)
        return false;
    mx = (int64_t)to.x - from.x;
    my = (int64_t)to.y - from.y;
    ax = (int64_t)w->a.x - from.x;
    ay = (int64_t)w->a.y - from.y;
    return fxl__sign64(fxl__wsub64(mx * ay, my * ax)) *
               fxl__sign64(fxl__wsub64(mx * (ay + w->ey), my * (ax + w->ex))) <=
           0;
}

/* back_through's search, for an end `to` on the far side of the line of
 * the wall left, s: whether a wall along that line lies between. */
static bool back_through_along(fxl_vec2 from, fxl_vec2 to, const placing *pl,
                               const fxl_wall_prep *s)
{
    size_t i;
    for (i = 0; i < pl->n; i++) {
        const fxl_wall_prep *w = &pl->walls[i];
        int64_t dot;
        if (fxl__wsub64((int64_t)w->ex * s->ey, (int64_t)w->ey * s->ex) != 0 ||
            fxl__side_of(s, w->a) != 0)
            continue; /* not along the line */
        /* exact in the domain (|ex|, |ey| < 2^31: each product below
         * 2^62); a wall prepared by hand out of it wraps, defined
         * (INT32_MIN^2 + INT32_MIN^2 = 2^63) */
        dot = fxl__u2i((uint64_t)((int64_t)w->ex * s->ex) + (uint64_t)((int64_t)w->ey * s->ey));
        if (through(w, from, to, dot > 0 ? pl->left_side : -pl->left_side))
            return true;
    }
    return false;
}

/* Whether c lies 1024 raw units or more from p on an axis (see bounce's
 * loop: pl.clear). */
FXL__ALWAYS_INLINE bool far_from(fxl_vec2 p, fxl_vec2 c)
{
    /* |c - p| per axis in 32 bits: the larger less the smaller, exact as
     * an unsigned number (below 2^32). */
    uint32_t x = c.x > p.x ? (uint32_t)c.x - (uint32_t)p.x : (uint32_t)p.x - (uint32_t)c.x;
    uint32_t y = c.y > p.y ? (uint32_t)c.y - (uint32_t)p.y : (uint32_t)p.y - (uint32_t)c.y;
    return x >= 1024u || y >= 1024u;
}

/* Whether the segment from -> to goes back through the wall the leg left
 * (rules->skip), or a wall along its line, which the leg's rules skip: the
 * leg heads to side pl->left_side of that line, but a rounded end within a
 * raw unit of it could lie on the other side. */
FXL__ALWAYS_INLINE bool back_through(fxl_vec2 from, fxl_vec2 to, const placing *pl)
{
    const fxl_wall_prep *s;
    if (pl->rules->skip < 0)
        return false;
    s = &pl->walls[pl->rules->skip];
    if (pl->away && far_from(from, to)) {
        /* on side left_side (bounce's loop: pl.away); test builds audit it */
#ifdef FXL_TEST_HOOKS
        if (FXL__AUDITING) {
            fxl__bounce_audit.skips++;
            fxl__bounce_audit.wrong += side_of(s, to) == -pl->left_side ? 1u : 0u;
        }
#endif
        return false;
    }
    if (side_of(s, to) != -pl->left_side)
        return false; /* the common case: on the leg's side */
    return back_through_along(from, to, pl, s);
}

/* Whether c may end the leg: on side `side` of wall `hit` or on its line
 * (hit may be NULL), reachable from the ray's start, and not back through
 * the wall the leg left. */
FXL__ALWAYS_INLINE bool end_ok(const fxl__ray *r, fxl_vec2 c, const placing *pl,
                               const fxl_wall_prep *hit, int side)
{
    if (hit != NULL && side_of(hit, c) == -side)
        return false;
    {
        bool skip = pl->clear && (pl->two || far_from(r->p, c));
        if (!skip || FXL__AUDITING) {
            bool ok = reachable(r->p, c, pl);
            if (skip) {
#ifdef FXL_TEST_HOOKS
                fxl__bounce_audit.skips++;
                fxl__bounce_audit.wrong += ok ? 0u : 1u;
#endif
            } else if (!ok) {
                return false;
            }
        }
    }
    return !back_through(r->p, c, pl);
}

/* place_end past its preferred corner: the corners with y, x, both
 * switched, then the points back along the ray (place_end). */
static fxl_vec2 place_end_rest(const fxl__ray *r, int32_t t, uint32_t x0, bool xexact, bool xup,
                               uint32_t y0, bool yexact, bool yup, const placing *pl,
                               const fxl_wall_prep *hit, int side)
{
    int64_t back;
    int k;
    /* Off an axis-aligned wall, the corners lie on its line (side 0,
     * never -side): bounce_point gives the coordinate across it as the
     * wall's own, exact, which the corners keep. No side test for them. */
    const fxl_wall_prep *chit = hit != NULL && (hit->ex == 0 || hit->ey == 0) ? NULL : hit;
    for (k = 1; k < 4; k++) {
        bool ax = (k & 2) != 0, ay = (k & 1) != 0;
        fxl_vec2 c;
        if ((ax && xexact) || (ay && yexact))
            continue;
        c.x = fxl__u2i32(x0 + (!xexact && xup != ax ? 1u : 0u));
        c.y = fxl__u2i32(y0 + (!yexact && yup != ay ? 1u : 0u));
        if (end_ok(r, c, pl, chit, side))
            return c;
    }
    for (back = 1; back < t; back *= 2) {
        bool ex, ey, ux, uy;
        int64_t cx = axis_at(r->p.x, r->dx, t - back, &ex, &ux);
        int64_t cy = axis_at(r->p.y, r->dy, t - back, &ey, &uy);
        fxl_vec2 c;
        c.x = (fix16_t)(cx + (r->dx < 0 && !ex ? 1 : 0)); /* towards the start */
        c.y = (fix16_t)(cy + (r->dy < 0 && !ey ? 1 : 0));
        if (end_ok(r, c, pl, hit, side))
            return c;
    }
    return r->p;
}

/* An end near the exact point (x0 + [0, 1), y0 + [0, 1)): that point if
 * it is on the grid, else the first grid corner around it, the preferred
 * (xup, yup) first, then with y, x, both switched, that end_ok accepts.
 * Else (a corner too tight for any) the ray's point at u = t - 1, t - 2,
 * t - 4 ... rounded towards the start on each axis, the first accepted;
 * else the start. The preferred corner inline (the common case), the
 * rest apart. */
FXL__ALWAYS_INLINE fxl_vec2 place_end(const fxl__ray *r, int32_t t, uint32_t x0, bool xexact,
                                      bool xup, uint32_t y0, bool yexact, bool yup,
                                      const placing *pl, const fxl_wall_prep *hit, int side)
{
    /* The preferred corner needs no side test against the wall met (end_ok
     * with hit NULL): bounce_point's (xup, yup) move each coordinate from
     * the exact point e (on the wall's line, side value S(e) = 0) towards
     * side `side`. S(q) = ex (q.y - a.y) - ey (q.x - a.x), so S(c) = ex
     * dy - ey dx with dx = c.x - e.x, dy = c.y - e.y: y is rounded up
     * (dy > 0) iff ex side > 0, else down (dy <= 0), so ex dy is 0 or has
     * the sign of side (ex side < 0 and dy < 0 give ex dy = side |ex dy|);
     * x is rounded up (dx > 0) iff ey side < 0, else down (dx <= 0), so
     * -ey dx is 0 or has the sign of side likewise. S(c) is 0 or has the
     * sign of side: never -side. (Off an axis-aligned wall ex or ey is 0
     * and that axis exact: the same.) The free end has no wall met. */
    fxl_vec2 c0;
    if (xexact && yexact)
        return fxl_vec2_make(fxl__u2i32(x0), fxl__u2i32(y0));
    c0.x = fxl__u2i32(x0 + (!xexact && xup ? 1u : 0u));
    c0.y = fxl__u2i32(y0 + (!yexact && yup ? 1u : 0u));
    if (end_ok(r, c0, pl, NULL, side))
        return c0;
    return place_end_rest(r, t, x0, xexact, xup, y0, yexact, yup, pl, hit, side);
}

/* The bounce point: p + u* (dx, dy) / 65536 = p + (num / den) (dx, dy),
 * rounded towards the side the leg came from (the side of p, `side`): the
 * wall's side value -ey x + ex y moves towards it when x moves against
 * sign(ey side) and y with sign(ex side); along an axis it does not
 * depend on, towards p. The floors of its coordinates come from the
 * caller (axis_meet's along an axis-aligned wall, both meet_point's
 * else): (ax, axe), (ay, aye); across an axis-aligned wall its own. */
static fxl_vec2 bounce_point(const fxl__ray *r, int32_t L, const fxl_wall_prep *w, placing *pl,
                             int side, uint32_t ax, bool axe, uint32_t ay, bool aye)
{
    bool xe, ye, xup, yup;
    uint32_t x0, y0;
    if (side == 0)
        return r->p; /* met at u = 0 */
    /* On an axis-aligned wall's line the exact point's coordinate across
     * it is the wall's own (whole, exact): no division for that axis. */
    if (w->ex == 0) {
        x0 = (uint32_t)w->a.x;
        xe = true;
    } else {
        x0 = ax;
        xe = axe;
    }
    if (w->ey == 0) {
        y0 = (uint32_t)w->a.y;
        ye = true;
    } else {
        y0 = ay;
        ye = aye;
    }
    xup = w->ey != 0 ? (w->ey > 0) != (side > 0) : r->dx < 0;
    yup = w->ex != 0 ? (w->ex > 0) == (side > 0) : r->dy < 0;
    if (!pl->clear && pl->near.count <= FXL__NEAR_MAX && !(xe && ye)) {
        /* The reachability checks need not test w itself: every end c
         * they see is on side `side` of w's line or on it (end_ok tests
         * that first) and the start p strictly on that side, so the
         * segment's points before c are strictly on that side: w meets it
         * at c (u* = 65536, which does not block) or not at all. Taken
         * off pl's list in place (the leg needs the list no more); not
         * when pl->clear (the checks are then rare, w on the list does
         * not change their answers). */
        size_t k, j = 0, hit = (size_t)(w - pl->walls);
        for (k = 0; k < pl->near.count; k++)
            if ((pl->near.idx[k] & ~FXL__NEAR_MARK) != hit)
                pl->near.idx[j++] = pl->near.idx[k];
        pl->near.count = j;
    }
    return place_end(r, L, x0, xe, xup, y0, ye, yup, pl, w, side);
}

/* The free end p + len (dx, dy) / 65536, rounded to nearest (halves up). */
static fxl_vec2 free_end(const fxl__ray *r, const placing *pl)
{
    bool xe, ye, xu, yu;
    uint32_t x0 = axis_at32(r->p.x, r->dx, (uint32_t)r->len, &xe, &xu);
    uint32_t y0 = axis_at32(r->p.y, r->dy, (uint32_t)r->len, &ye, &yu);
    return place_end(r, r->len, x0, xe, xu, y0, ye, yu, pl, NULL, 0);
}

/* n / den rounded to nearest, halves away from zero, |n / den| < 2^29. */
FXL_ARM_CODE static int32_t round_div(fxl__i128 n, const fxl__recip *rc)
{
    fxl__u128 m = fxl__iabs(n);
    uint64_t r;
    uint32_t q = fxl__recip_divrem(rc, m, NULL, &r); /* r below den */
    q += r >= rc->den - r ? 1u : 0u;
    return fxl__neg_if32(q, n.hi < 0);
}

/* round_div for |n| < 2^63 and 0 < den = rc->den < 2^32 (fxl__recip_init's),
 * |n / den| < 2^29: div_small's quotient and remainder, rounded the same
 * way (halves away from zero). */
FXL__ALWAYS_INLINE int32_t round_small(int64_t n, const fxl__recip *rc)
{
    uint64_t r;
    uint32_t q = div_small_rem(rc, fxl__abs64(n), &r);
    q += r >= rc->den - r ? 1u : 0u;
    return fxl__neg_if32(q, n < 0);
}

/* a * b exactly, |a| < 2^63 (as fxl__imul, in two 32x32 -> 64 products:
 * |b| <= 2^31 fits 32 bits). */
FXL__ALWAYS_INLINE fxl__i128 imul32(int64_t a, int32_t b)
{
    fxl__u128 m = fxl__mul32_64(fxl__abs32(b), fxl__abs64(a));
    fxl__i128 r;
    if ((a < 0) != (b < 0)) {
        m.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
        m.lo = 0u - m.lo;
    }
    r.hi = fxl__u2i(m.hi);
    r.lo = m.lo;
    return r;
}

/* a * b exactly for int32 a and b < 2^63 + 1 (as fxl__imul_u, in two
 * 32x32 -> 64 products). */
FXL__ALWAYS_INLINE fxl__i128 imul32_u(int32_t a, uint64_t b)
{
    fxl__u128 m = fxl__mul32_64(fxl__abs32(a), b);
    fxl__i128 r;
    if (a < 0) {
        m.hi = 0u - m.hi - (m.lo != 0 ? 1u : 0u);
        m.lo = 0u - m.lo;
    }
    r.hi = fxl__u2i(m.hi);
    r.lo = m.lo;
    return r;
}

/* sign of w x (x, y): the side the direction heads to. */
static int heading(const fxl_wall_prep *w, int64_t x, int64_t y)
{
    return fxl__sign64(w->ex * y - w->ey * x);
}

/* Whether a direction is within 64 raw units of 65536 long (m2 = x^2 + y^2
 * in [65472^2, 65600^2]): the length reflect keeps. */
FXL__ALWAYS_INLINE bool steady_len(int32_t x, int32_t y)
{
    uint64_t m2 = (uint64_t)((int64_t)x * x + (int64_t)y * y);
    return m2 >= (uint64_t)65472 * 65472 && m2 <= (uint64_t)65600 * 65600;
}

/* The direction reflected about wall w: the exact mirror image 2 (d . e) e
 * / |e|^2 - d rounded to nearest, halves away from zero. A direction that
 * drifted more than 64 raw units from 65536 long (after hundreds of
 * bounces) is scaled back to 65536. If it would not head strictly back to
 * the side the beam came from (a nearly grazing hit on a long wall), its
 * component across the wall moves one raw unit away from it (at most a
 * few times). Returns the side the beam came from (-1 in front, 1 behind):
 * the side the reflected direction heads to; *steady gets steady_len of
 * the direction written. */
FXL_ARM_CODE static int reflect(const fxl_wall_prep *w, int32_t *dx, int32_t *dy, bool *steady)
{
    int64_t ex = w->ex, ey = w->ey, x = *dx, y = *dy, dot = x * ex + y * ey;
    uint64_t len2 = (uint64_t)(ex * ex) + (uint64_t)(ey * ey), m2;
    int64_t rex, rey;
    int came = -heading(w, x, y), k;
    int32_t rx, ry;
    fxl__recip rc;
    if (ey == 0 || ex == 0) {
        /* An axis-aligned wall (the walls never have both 0: a beam is
         * never stopped by one): the mirror image is exact, (x, -y) for
         * ey = 0 (2 (x ex) ex / ex^2 - x = x), (-x, y) for ex = 0, integers
         * that the rounding keeps. Wrapping negation (the directions stay
         * far below 2^31). */
        rx = ex == 0 ? fxl__u2i32(0u - (uint32_t)*dx) : *dx;
        ry = ey == 0 ? fxl__u2i32(0u - (uint32_t)*dy) : *dy;
    } else if (ey == ex || ey == -ex) {
        /* A 45-degree wall, ey = s ex (s = +-1): |e|^2 = 2 ex^2 and d . e =
         * ex (x + s y), so the mirror image 2 (d . e) e / |e|^2 - d = (x +
         * s y) (1, s) - (x, y) = (s y, s x), integers that the rounding
         * keeps (the divisions below would give them): no division. The
         * same wrapping negation. */
        rx = ey == ex ? *dy : fxl__u2i32(0u - (uint32_t)*dy);
        ry = ey == ex ? *dx : fxl__u2i32(0u - (uint32_t)*dx);
    } else if (fxl__abs64(x) < 131072u && fxl__abs64(y) < 131072u && reduce_dir(w, &rex, &rey)) {
        /* The wall's direction reduced (reduce_dir: e = 2^s e', |ex'|,
         * |ey'| < 2^14): the mirror image 2 (d . e) e / |e|^2 - d is the
         * same with e' (numerator and |e|^2 both scale by 2^2s), so the
         * same rounded numbers, in 64 bits: |e'|^2 < 2^29, |d . e'| < 2
         * 2^17 2^14 = 2^32, 2 (d . e') ex' below 2^47 and x |e'|^2 below
         * 2^46 (a numerator below 2^48), quotients about |d| < 2^18. */
        int64_t dt = x * rex + y * rey;
        uint64_t l2 = (uint64_t)(rex * rex + rey * rey);
        fxl__recip_init(&rc, l2);
        rx = round_small(2 * dt * rex - x * (int64_t)l2, &rc);
        ry = round_small(2 * dt * rey - y * (int64_t)l2, &rc);
    } else {
        fxl__recip_init(&rc, len2);
        rx = round_div(fxl__isub(imul32(2 * dot, w->ex), imul32_u(*dx, len2)), &rc);
        ry = round_div(fxl__isub(imul32(2 * dot, w->ey), imul32_u(*dy, len2)), &rc);
    }
    m2 = (uint64_t)((int64_t)rx * rx + (int64_t)ry * ry);
    if (m2 < (uint64_t)65472 * 65472 || m2 > (uint64_t)65600 * 65600) {
        uint32_t m = fxl__isqrt64(m2);
        uint32_t sx = fxl__div64_32(((uint64_t)fxl__abs32(rx) << 16) + m / 2, m);
        uint32_t sy = fxl__div64_32(((uint64_t)fxl__abs32(ry) << 16) + m / 2, m);
        rx = fxl__neg_if32(sx, rx < 0);
        ry = fxl__neg_if32(sy, ry < 0);
    }
    for (k = 0; k < 4 && heading(w, rx, ry) != came; k++) {
        if (fxl__abs64(ex) >= fxl__abs64(ey))
            ry += came * (ex > 0 ? 1 : -1);
        else
            rx -= came * (ey > 0 ? 1 : -1);
    }
    *dx = rx;
    *dy = ry;
    *steady = steady_len(rx, ry);
    return came;
}

/* reflect_reduced's divisor den = |e'|^2, 5 <= den < 2^30 (|ex'|, |ey'|
 * in [1, 16383], not equal): dt = den 2^z normalised into [2^31, 2^32)
 * (*z = its leading zero bits) and r about 2^63 / dt with one Newton step
 * where fxl__recip_init takes two. The table's r0 = floor(2^27 / (j + 1))
 * 2^16, j = dt >> 20 (angle_table.c), is at most 2^63 / dt and dt r0 / 2^63
 * = 1 - delta with delta < 2^-11 + 2^-15; the step's exact value r0 (1 +
 * delta) has dt r / 2^63 = 1 - delta^2, and its two floors only lower it:
 * r <= 2^63 / dt, r >= (2^63 / dt) (1 - 2^-21) (delta^2 < 2^-21.8, the
 * floors under 2 units of r >= 2^31). In detail: r0 = floor(2^27 / (j +
 * 1)) 2^16 <= 2^43 / (j + 1) and dt < (j + 1) 2^20, so x = dt r0 / 2^63 <
 * 1; r0 >= 2^43 / (j + 1) - 2^16 and dt >= j 2^20 (j >= 2048), so 1 - x
 * <= 1 / 2049 + 2^-15 < 2^-10.99; the step's floors (e >> 21, then >> 42)
 * keep r <= r0 (2 - x), whose dt r / 2^63 <= x (2 - x) = 1 - (1 - x)^2.
 * e = 2^63 - dt r0 < 2^52.1: e >> 21 fits 32 bits. */
FXL__ALWAYS_INLINE uint32_t recip_one(uint32_t den, unsigned *z)
{
    unsigned s = fxl__clz32(den);
    uint32_t dt = den << s, r = (uint32_t)fxl__atan.recip[(dt >> 20) - 2048u] << 16;
    uint64_t e = ((uint64_t)1 << 63) - (uint64_t)dt * r;
    *z = s;
    return r + (uint32_t)(((uint64_t)r * (uint32_t)(e >> 21)) >> 42);
}

/* round_small's answer (n / den to nearest, halves away from zero) for
 * reflect_reduced: |n| < 2^47, den < 2^30 and |n / den| < 2^18 (n / den
 * is a component of the exact mirror image of d, whose length is |d| <
 * 2^17 sqrt 2), (r, z) from recip_one. With m = |n|: m 2^z < 2^18 den
 * 2^z < 2^50 (exact in 64 bits), h = (m 2^z) >> 32 < 2^18 and q0 = floor(h
 * r / 2^31) (one 32x32 -> 64 product where div_small_rem takes two) is at
 * most floor(m / den) = q (r <= 2^63 / dt, h 2^32 <= m 2^z) and q - q0 <
 * 2^32 / dt + h (2^32 / dt) 2^-21.98 + 1 + 1 <= 2 + 0.06 + 1.01 (the
 * dropped low word of m 2^z, r's error (2^63 / dt)(1 - x)^2 and its floors
 * under 1.01, the floor): q - q0 <= 3, so the remainder m - q0 den is in
 * [0, 4 den), below 2^32: exact as the 32-bit difference of m's and q0
 * den's low words. Into [0, den) a den at a time (at most three steps),
 * then the same rounding as round_small's. */
FXL__ALWAYS_INLINE int32_t round_refl(int64_t n, uint32_t den, uint32_t r, unsigned z)
{
    uint64_t m = fxl__abs64(n);
    uint32_t q = (uint32_t)((((m << z) >> 32) * r) >> 31);
    uint32_t e = (uint32_t)m - q * den;
    for (; e >= den; e -= den)
        q++; /* the remainder into [0, den) */
    q += e >= den - e ? 1u : 0u;
    return fxl__neg_if32(q, n < 0);
}

/* reflect's answers off a wall not axis-aligned (ex, ey != 0): a
 * 45-degree one (|ex| = |ey|), or one whose direction reduces
 * (reduce_dir) for |dx|, |dy| < 2^17, when the rounded mirror image needs
 * no scaling back (its m2 within [65472^2, 65600^2]); else 2, *dx and *dy
 * untouched, and reflect decides. The same steps as reflect's (its came,
 * its 45-degree and reduced branches, the same products and round_small,
 * its steps across the wall, steady_len), so the same answers: a lean ARM
 * function of its own, called before reflect, since reflect's prologue
 * and set-up (its 128-bit branch's registers and stack, the 64-bit
 * products it works out first) cost more than this path's work. */
FXL_ARM_CODE static int reflect_reduced(const fxl_wall_prep *w, int32_t *dx, int32_t *dy,
                                        bool *steady)
{
    int64_t x = *dx, y = *dy, rex, rey;
    uint64_t m2;
    uint32_t ax = fxl__abs32(w->ex), ay = fxl__abs32(w->ey);
    int32_t rx, ry;
    int came, k;
    if (ax == 0 || ay == 0)
        return 2;
    if (ax == ay) {
        /* reflect's 45-degree branch: (s y, s x), ey = s ex. */
        rx = w->ey == w->ex ? *dy : fxl__u2i32(0u - (uint32_t)*dy);
        ry = w->ey == w->ex ? *dx : fxl__u2i32(0u - (uint32_t)*dx);
    } else {
        /* reflect's reduced branch in 32-bit factors (the same integers):
         * |dx|, |dy| <= 131071 and |ex'|, |ey'| <= 16383, so each product
         * of dt is below 2^31 in magnitude (131071 * 16383 < 2^31 - 1) and
         * l2 = |e'|^2 <= 2 * 16383^2 < 2^30. */
        uint32_t l2;
        int32_t e1x, e1y, ca, cb;
        uint32_t r;
        unsigned z;
        if (fxl__abs32(*dx) >= 131072u || fxl__abs32(*dy) >= 131072u ||
            !reduce_dir(w, &rex, &rey))
            return 2;
        e1x = (int32_t)rex;
        e1y = (int32_t)rey;
        l2 = (uint32_t)(e1x * e1x + e1y * e1y);
        /* The numerators 2 dt ex' - x l2 and 2 dt ey' - y l2 (dt = x ex'
         * + y ey') are x (ex'^2 - ey'^2) + y 2 ex' ey' and x 2 ex' ey' - y
         * (ex'^2 - ey'^2), the same integers: ca = ex'^2 - ey'^2 and cb =
         * 2 ex' ey' below 2^29 in magnitude (|ex'|, |ey'| <= 16383), so
         * 32-bit factors, each product below 2^46, their sums exact in 64
         * bits: two 32x32 -> 64 products a component instead of a 64-bit
         * dt times a factor. */
        ca = e1x * e1x - e1y * e1y;
        cb = 2 * e1x * e1y;
        r = recip_one(l2, &z);
        rx = round_refl((int64_t)*dx * ca + (int64_t)*dy * cb, l2, r, z);
        ry = round_refl((int64_t)*dx * cb - (int64_t)*dy * ca, l2, r, z);
    }
    m2 = (uint64_t)((int64_t)rx * rx + (int64_t)ry * ry);
    if (m2 < (uint64_t)65472 * 65472 || m2 > (uint64_t)65600 * 65600)
        return 2; /* scaled back: reflect's (rare) */
    came = -heading(w, x, y);
    for (k = 0; k < 4 && heading(w, rx, ry) != came; k++) {
        if (ax >= ay)
            ry += came * (w->ex > 0 ? 1 : -1);
        else
            rx -= came * (w->ey > 0 ? 1 : -1);
    }
    *dx = rx;
    *dy = ry;
    /* steady_len: m2 above when no step moved a component. */
    *steady = k == 0 || steady_len(rx, ry);
    return came;
}

/* reflect off an axis-aligned wall (ex = 0 or ey = 0, not both) of a
 * direction (x, y) steady_len keeps: its answers without the call or a
 * product. The mirror image is exact (reflect: (x, -y) for ey = 0, (-x, y)
 * for ex = 0), of the same length, so steady_len still holds and reflect
 * does not scale it; and it heads to the side the beam came from: came =
 * -sign(ex y - ey x) is -sign(ex) sign(y) for ey = 0, which is sign(ex
 * (-y)), the new heading, and sign(ey) sign(x) for ex = 0, which is
 * -sign(-ey (-x)), so reflect moves no component. */
static int reflect_axis(const fxl_wall_prep *w, int32_t *dx, int32_t *dy)
{
    int sx = (*dx > 0) - (*dx < 0), sy = (*dy > 0) - (*dy < 0);
    if (w->ey == 0) {
        *dy = fxl__u2i32(0u - (uint32_t)*dy);
        return w->ex > 0 ? -sy : sy;
    }
    *dx = fxl__u2i32(0u - (uint32_t)*dx);
    return w->ey > 0 ? sx : -sx;
}

/* fxl_atan2(y, x), given a = fxl_atan2(y0, x0) for the direction before
 * the reflection. A mirror image off an axis-aligned wall, (x, y) = (x0,
 * -y0), (-x0, y0) or (-x0, -y0) exactly, with x0, y0 != 0 (so each sign
 * flips), has the angle -a, 2048 - a or 2048 + a (mod 4096) with no call
 * (and (x0, y0) itself a):
 * fxl_atan2 (angle.c) folds |x|, |y| into the first octant, finds its step
 * m1 there from the magnitudes alone (the table and its CORDIC fallback
 * alike), then unfolds by the signs: V = m1, or 2048 - m1 for x < 0, then
 * the result V, or 4096 - V for y < 0, taken mod 4096. Equal magnitudes
 * give the same m1 (and V for the same sign of x); a sign of y flipped
 * maps V to -V, a sign of x flipped maps V to 2048 - V, i.e. the result A
 * to 2048 - A whatever the sign of y (2048 - (-V) = 2048 + V = -(2048 -
 * V) mod 4096). Compared in 64 bits (no wrapping negation). Swapped
 * magnitudes likewise (below). Else the call. */
static fxl_angle next_angle(fxl_angle a, int32_t x0, int32_t y0, int32_t x, int32_t y)
{
    if (x0 != 0 && y0 != 0) {
        uint32_t r = (uint32_t)a;
        bool fx, fy;
        if (((int64_t)x == x0 || (int64_t)x == -(int64_t)x0) &&
            ((int64_t)y == y0 || (int64_t)y == -(int64_t)y0)) {
            /* the same magnitudes */
        } else if (((int64_t)x == y0 || (int64_t)x == -(int64_t)y0) &&
                   ((int64_t)y == x0 || (int64_t)y == -(int64_t)x0)) {
            /* Swapped magnitudes (off a 45-degree wall): (y0, x0) has the
             * angle 1024 - a. Its fold's m1 is 1024 - m1 (the octant
             * above the diagonal mirrors it, and |x0| = |y0| is the case
             * above), and the unfolding by the signs gives 1024 - a in
             * each quadrant: for signs (x0, y0) = (+, +) a = m1, (y0, x0)
             * gives 1024 - m1; (-, +) a = 2048 - m1, (+, -) gives -(1024 -
             * m1) = 1024 - a; (+, -) a = -m1, (-, +) gives 2048 - (1024 -
             * m1) = 1024 - a; (-, -) a = m1 - 2048, (-, -) gives -(2048 -
             * (1024 - m1)) = 3072 - m1 = 1024 - a mod 4096. Then the signs
             * as above, from (y0, x0). */
            int32_t t = x0;
            x0 = y0;
            y0 = t;
            r = 1024u - r;
        } else {
            return fxl_atan2(y, x);
        }
        fx = (int64_t)x != x0; /* then x = -x0 */
        fy = (int64_t)y != y0;
        r = fx ? 2048u - r : r;
        return (fxl_angle)((fy ? 0u - r : r) & FXL_ANGLE_MASK);
    }
    return fxl_atan2(y, x);
}

/* Legs until the length is spent, max_bounces walls are met, a wall is met
 * with no length left, or cap legs are written; each leg's first wall by
 * the room's search when room is not NULL (the same answer). Thumb code on
 * the GBA but for the products. */
FXL__SHORT_CALL static fxl_result bounce(const fxl_laser *laser, const fxl_wall_prep *walls,
                                         size_t n, const fxl_room *room, unsigned flags,
                                         int max_bounces, fxl_bounce *legs, size_t cap,
                                         size_t *count)
{
    bool two = (flags & FXL_CAST_TWO_SIDED) != 0;
    fxl__rules rules;
    fxl__ray ray;
    placing pl;
    size_t k = 0;
    int bounces = 0;
    bool more = false, steady;
    int32_t dx, dy;
    fxl_angle next = 0; /* the next leg's angle (set with its direction) */
    if (laser == NULL || count == NULL || (legs == NULL && cap != 0) || (walls == NULL && n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    if (cap == 0) {
        *count = 0; /* a beam has a leg at least */
        return FXL_ERR_CAPACITY;
    }
    fxl__sincos(laser->angle, &dx, &dy);
    /* The table's vector (fxl_cos, fxl_sin) has c^2 + s^2 within 2^17 of
     * 2^32 for every angle (tests/test_angle.c, table_vector_norm), far
     * inside steady_len's [65472^2, 65600^2] = 2^32 - 8,384,512 .. 2^32 +
     * 8,392,704: steady, with no products. */
    steady = true;
    fxl__ray_init(&ray, laser->pos, dx, dy, laser->length, 1);
    pl.walls = walls;
    pl.n = n;
    pl.two = two;
    pl.rules = &rules;
    pl.left_side = 0;
    pl.away = false;
    rules.has_ref = false;
    rules.on_line = false;
    rules.skip = -1;
    rules.sx = rules.sy = 0;
    rules.ref = laser->pos;
    for (;;) {
        fxl_bounce leg;
        fxl__frac u;
        long w;
        int came = 0;
        pl.near.count = 0;
        /* The first leg's direction is the table's vector for the laser's
         * angle, whose fxl_atan2 is that angle (tests/test_angle.c,
         * atan2_inverts_table): each leg's angle is fxl_atan2 of its
         * direction, as next_angle needs. */
        leg.angle = k == 0 ? (laser->angle & FXL_ANGLE_MASK) : next;
        /* pl.clear: every wall whose box met the leg's, but the wall
         * left (rules.skip) and the wall met, has both ends beyond b =
         * |dx| + |dy| on one side of the leg's line (side values S(q) =
         * (q - p) x d, exact in 64 bits), or both ends' projections P(q) =
         * (q - p) . d <= -b, or both >= P(e) + b, e the exact end (the
         * wall's point at u*, else the free end at len). Then no end
         * place_end considers needs the reachability search: each end c
         * is within one raw unit on each axis (strictly) of a point e' of
         * the line at u' in [0, u*] (the exact bounce point or free end,
         * or the point at u = t - back: c on the grid cell around it,
         * rounded either way), so S(c) = S(c) - S(e') = dx (c.y - e'.y) -
         * dy (c.x - e'.x) has |S(c)| < b and P(c) in (P(e') - b, P(e') +
         * b), P(e') in [0, P(e)]; every point of the segment p -> c (S, P
         * linear, S(p) = P(p) = 0) has |S| < b and -b < P < P(e) + b: no
         * wall so listed meets the segment (not even at p, under whatever
         * rules, nor along it when parallel). Walls whose boxes
         * miss the leg's miss the segment (the leg's box, grown by one
         * raw unit, holds every end considered). The wall left: its search
         * never takes it (fxl__consider_at returns at once for rules.skip). The
         * wall met: every end c is first checked on side `side` of its
         * line or on it, with p strictly on that side (bounce_point), so
         * it meets the segment at c (u* = 65536, which does not block) or
         * not at all (bounce_point's argument). A one-sided wall whose
         * front faces the leg, walls along the leg's line, corners: a wall
         * anywhere within the band counts as near, whatever its sides,
         * and clear is false. So reachable would answer true for each:
         * skipped. One-sided, the walls the leg heads to the front of by
         * the angles (heads_front: the true angle from d to the wall's
         * direction e in [1, 2047] steps, so D = d x e >= |d| |e| sin(1
         * step), sin(1 step) > 0.0015) are not tested for the band: an end
         * c with |c.x - p.x| or |c.y - p.y| >= 1024 (far_from) is skipped
         * only then. The search to c, along m = c - p = (u' / 65536) d +
         * (c - e'), has m x e = (u' / 65536) D + (c - e') x e, the first
         * term >= |e' - p| |e| 0.0015 > 1.5 |e| (|e' - p| > 1023), the
         * second below |ex| + |ey| <= 1.42 |e|: m x e > 0, and fxl__consider_at
         * rejects the wall at its first test. Nearer ends get the search.
         * back_through (its own search, over all walls along the wall
         * left) is never skipped. Only with the room's search, whose band
         * variant gives clear, and a near list complete (the same band
         * test in fxl__first_wall, over walls in EWRAM with no angle
         * filter, was measured: fxl_laser_bounce 25,126 -> 26,494 cycles,
         * not kept). */
        if (room != NULL && room->n <= FXL_ROOM_INDEXED) {
            /* An indexed room: the search from the index (bounce_band.c),
             * the same wall, u* and clear; the near list only when the
             * reachability checks may run (clear: only for an end a
             * one-sided leg's start is near, and then reachable passes
             * over every wall: a near count above FXL__NEAR_MAX). */
            w = fxl__bounce_search(room, &ray, leg.angle, two, &rules, &u, &pl.clear);
            if (pl.clear)
                pl.near.count = FXL__NEAR_MAX + 1;
            else
                fxl__bounce_near_list(room, &ray, &pl.near);
        } else if (room != NULL) {
            w = fxl__room_first_wall_band(room, &ray, leg.angle, two, &rules, &u, &pl.near,
                                          &pl.clear);
            pl.clear = pl.clear && pl.near.count <= FXL__NEAR_MAX;
        } else {
            w = fxl__first_wall(&ray, walls, n, two, &rules, &u, &pl.near);
            pl.clear = false;
        }
        if (rules.skip >= 0 && !pl.clear && pl.near.count <= FXL__NEAR_MAX) {
            /* The wall just left off the reachability checks' list: their
             * searches (under the same rules) never take it (fxl__consider_at
             * returns at once for rules.skip), so the same answers (and
             * with pl.clear, kept: the checks are rare). */
            size_t i, j = 0;
            for (i = 0; i < pl.near.count; i++)
                if ((pl.near.idx[i] & ~FXL__NEAR_MARK) != (size_t)rules.skip)
                    pl.near.idx[j++] = pl.near.idx[i];
            pl.near.count = j;
        }
        leg.start = ray.p;
        leg.dx = ray.dx;
        leg.dy = ray.dy;
        leg.wall = (int32_t)w;
        if (w < 0) {
            leg.length = ray.len;
            leg.end = free_end(&ray, &pl);
        } else {
            /* Off an axis-aligned wall (the common case in a game's room),
             * the length and the point from one small division (axis_meet,
             * 4 bounces 19,288 -> 18,340 cycles median on the GBA); else
             * meet_point (64-bit divisions by the reduced D' off a wall
             * between whole pixels: GBA 16,584 -> 16,467 median, max 46,672
             * -> 43,081, the boss frame's two calls 47,825 -> 46,044; the
             * point's floors from the length there; else fxl__frac_floor's
             * 128-bit ones). */
            const fxl_wall_prep *ww = &walls[w];
            int64_t ax, ay;
            bool axe, aye;
            if ((ww->ex == 0 || ww->ey == 0) && fxl__abs32(ray.dx) < 131072u &&
                fxl__abs32(ray.dy) < 131072u) {
                leg.length = axis_meet(&ray, ww, &ax, &axe);
                ay = ax; /* along the wall: the axis across takes the wall's own */
                aye = axe;
                came = side_of(ww, ray.p);
            } else {
                uint32_t rx = (uint32_t)ww->a.x - (uint32_t)ray.p.x,
                         ry = (uint32_t)ww->a.y - (uint32_t)ray.p.y,
                         wrap = (((uint32_t)ww->a.x ^ (uint32_t)ray.p.x) & ((uint32_t)ww->a.x ^ rx)) |
                                (((uint32_t)ww->a.y ^ (uint32_t)ray.p.y) & ((uint32_t)ww->a.y ^ ry));
                leg.length = meet_point(&ray, ww, &u, &ax, &axe, &ay, &aye);
                /* The side of the leg's start, side_of(w, p) = sign(S(p)),
                 * S(p) = ex (p.y - a.y) - ey (p.x - a.x) = rx ey - ry ex
                 * with (rx, ry) = a - p: the search's N (cast_parts.h's
                 * fxl__consider_at, the port's kernel alike) when a - p
                 * does not wrap on 32 bits (checked: the difference's sign
                 * against a's and p's), and one-sided the search takes a
                 * wall only with D < 0 and N <= 0, u = |N| / |D| (meet_floor
                 * shifts both by the same s: num stays 0 iff |N| = 0). So
                 * -1 if u > 0, else 0, with no call. */
                if (!two && !FXL__NO_REDUCE && (wrap >> 31) == 0u)
                    came = u.num != 0 ? -1 : 0;
                else
                    came = side_of(ww, ray.p);
            }
            leg.end = bounce_point(&ray, leg.length, ww, &pl, came, (uint32_t)ax, axe,
                                   (uint32_t)ay, aye);
        }
        {
            /* Field by field: the struct assignment was a memcpy call. */
            fxl_bounce *o = &legs[k++];
            o->start.x = leg.start.x;
            o->start.y = leg.start.y;
            o->end.x = leg.end.x;
            o->end.y = leg.end.y;
            o->dx = leg.dx;
            o->dy = leg.dy;
            o->angle = leg.angle;
            o->length = leg.length;
            o->wall = leg.wall;
        }
        ray.len -= leg.length;
        if (w < 0 || bounces >= max_bounces || ray.len == 0)
            break;
        if (k == cap) {
            more = true; /* another leg follows: not worked out */
            break;
        }
        bounces++;
        /* The next leg: from the bounce point, reflected; the wall left
         * behind never stops it at once, nor, from on its line, the walls
         * along the line: when the beam came from a side of it (the leg's
         * start, else the latest start away from it, off the line). A beam
         * stopped at once on the line with no such side (a turret on a
         * wall listed both ways) bounces off each in turn, in place. */
        /* came: the side of the leg's start (bounce_point's) */
        if (came == 0 && rules.has_ref)
            came = side_of(&walls[w], rules.ref);
        rules.skip = w;
        rules.sx = walls[w].ex;
        rules.sy = walls[w].ey;
        rules.on_line = came != 0 && on_line_of(&walls[w], leg.end);
        if (leg.end.x != ray.p.x || leg.end.y != ray.p.y) {
            rules.has_ref = true;
            rules.ref = ray.p;
        }
        dx = ray.dx;
        dy = ray.dy;
        if (steady && (walls[w].ex == 0 || walls[w].ey == 0)) {
            pl.left_side = reflect_axis(&walls[w], &dx, &dy);
            pl.away = false;
            /* next_angle's answer with no compares: reflect_axis negated
             * exactly one component (dy off ey = 0, dx off ex = 0), so
             * with ray.dx, ray.dy != 0 next_angle takes its
             * same-magnitudes case with only that sign flipped: -a for y,
             * 2048 - a for x (mod 4096). */
            if (ray.dx != 0 && ray.dy != 0)
                next = (fxl_angle)((walls[w].ey == 0 ? 0u - (uint32_t)leg.angle
                                                     : 2048u - (uint32_t)leg.angle) &
                                   FXL_ANGLE_MASK);
            else
                next = next_angle(leg.angle, ray.dx, ray.dy, dx, dy);
        } else {
            /* Off a 45-degree wall or a slanted one between whole pixels,
             * reflect_reduced (GBA boss frame's worst 124,015 -> 123,041
             * cycles); else reflect. */
            int c = reflect_reduced(&walls[w], &dx, &dy, &steady);
            pl.left_side = c != 2 ? c : reflect(&walls[w], &dx, &dy, &steady);
            /* next_angle's answer is fxl_atan2's (its cases are shortcuts
             * to the same step); off a wall neither axis-aligned nor at 45
             * degrees its shortcuts rarely apply (the mirror image of a
             * slanted wall keeps or swaps the magnitudes only by chance):
             * the call straight away, without its compares. */
            if (fxl__abs32(walls[w].ex) != fxl__abs32(walls[w].ey)) {
                next = fxl_atan2(dy, dx);
            } else if (steady && ray.dx != 0 && ray.dy != 0 &&
                       (walls[w].ey == walls[w].ex ? dx == ray.dy && dy == ray.dx
                                                   : (uint32_t)dx == 0u - (uint32_t)ray.dy &&
                                                         (uint32_t)dy == 0u - (uint32_t)ray.dx)) {
                /* Off a 45-degree wall, reflect's swap (s y0, s x0), s =
                 * +-1 (ey = s ex), as written: next_angle's answer with no
                 * call. Its swapped-magnitudes case (x0, y0 != 0) takes
                 * r = 1024 - a from (y0, x0), then for s = 1 no sign
                 * flipped: 1024 - a; for s = -1 both flipped (y0, x0 != 0):
                 * 2048 - r = 1024 + a, then -(1024 + a) = 3072 - a (mod
                 * 4096); its same-magnitudes case, taken first when |x0|
                 * = |y0|, gives fxl_atan2's answer too. The negations
                 * wrap, but steady puts the new components within 65600
                 * of 0, so equal mod 2^32 is equal (next_angle's 64-bit
                 * compares). */
                next = (fxl_angle)(((walls[w].ey == walls[w].ex ? 1024u : 3072u) -
                                    (uint32_t)leg.angle) &
                                   FXL_ANGLE_MASK);
            } else {
                next = next_angle(leg.angle, ray.dx, ray.dy, dx, dy);
            }
            /* pl.away: back_through's side test spared for far ends. The
             * wall left, s = walls[w], slanted, its packed angle wa =
             * fxl_atan2(ey, ex) and the leg's next = fxl_atan2(dy, dx),
             * each the nearest step to the true angle (within 1/2 step
             * and 1e-11 turn): with (next - wa) mod 4096 in [2, 2046]
             * (left_side 1) or (wa - next) mod 4096 there (left_side -1),
             * the true angle from e to d is in [1, 2047] steps the one
             * way or the other, so left_side (e x d) >= |e| |d| sin(1
             * step) > 0.0015 |e| |d|. The leg's start p is on side
             * left_side of s's line or on it (the last leg's end: its
             * side checks, bounce_point, or p itself at u = 0), and every
             * end c place_end considers is within one raw unit on each
             * axis (strictly) of a point e' = p + (u' / 65536) d of the
             * leg's line (see pl.clear above), c = p aside (not far):
             * S(c) - S(p) = e x (c - p) = (u' / 65536) (e x d) + e x (c -
             * e'), the first term > |e' - p| 0.0015 |e| > 1.5 |e| in
             * left_side's sign when c is 1024 raw units or more from p
             * on an axis (|e' - p| > 1023), the second below |ex| + |ey|
             * <= 1.42 |e|: S(c) strictly on side left_side, so
             * back_through's test side_of(s, c) != -left_side holds. Only
             * with the room's packed angles. */
            if (room != NULL && walls[w].ex != 0 && walls[w].ey != 0 && !FXL__NO_REDUCE) {
                uint32_t wa = (uint32_t)room->packed[w].angle, na = (uint32_t)next;
                pl.away = (((pl.left_side > 0 ? na - wa : wa - na) - 2u) & 4095u) < 2045u;
            } else {
                pl.away = false;
            }
        }
        fxl__ray_init(&ray, leg.end, dx, dy, ray.len, 1);
    }
    *count = k;
    return more ? FXL_ERR_CAPACITY : FXL_OK;
}

fxl_result fxl_laser_bounce(const fxl_laser *laser, const fxl_wall_prep *walls, size_t n,
                            unsigned flags, int max_bounces, fxl_bounce *legs, size_t cap,
                            size_t *count)
{
    return bounce(laser, walls, n, NULL, flags, max_bounces, legs, cap, count);
}

fxl_result fxl_room_bounce(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                           int max_bounces, fxl_bounce *legs, size_t cap, size_t *count)
{
    if (room == NULL || (room->packed == NULL && room->n != 0))
        return FXL_ERR_NULL;
    return bounce(laser, room->walls, room->n, room, flags, max_bounces, legs, cap, count);
}

#ifdef FXL_TEST_HOOKS
/* Test builds (tests/test_bounce.c): meet_floor and axis_floor as bounce
 * takes them off a slanted wall, and reflect. */
int32_t fxl__bounce_meet(const fxl__ray *r, const fxl_wall_prep *w, fxl__frac u, int64_t *x,
                         bool *xe, int64_t *y, bool *ye)
{
    return meet_point(r, w, &u, x, xe, y, ye);
}

bool fxl__bounce_no_lean;

int fxl__bounce_reflect(const fxl_wall_prep *w, int32_t *dx, int32_t *dy, bool *steady)
{
    int c = fxl__bounce_no_lean ? 2 : reflect_reduced(w, dx, dy, steady); /* as bounce's loop */
    return c != 2 ? c : reflect(w, dx, dy, steady);
}
#endif

#ifdef FXL_TEST_HOOKS
/* Test builds (tests/test_bounce.c, declared there): axis_at32 and
 * axis_at (free_end's floors: the 32-bit products against the 64-bit
 * one), and on_line_of (rules.on_line's test against side_of's). */
uint32_t fxl__bounce_axis_at32(int32_t p, int32_t d, uint32_t t, bool *exact, bool *upper);
uint32_t fxl__bounce_axis_at32(int32_t p, int32_t d, uint32_t t, bool *exact, bool *upper)
{
    return axis_at32(p, d, t, exact, upper);
}

int64_t fxl__bounce_axis_at(int32_t p, int32_t d, int64_t t, bool *exact, bool *upper);
int64_t fxl__bounce_axis_at(int32_t p, int32_t d, int64_t t, bool *exact, bool *upper)
{
    return axis_at(p, d, t, exact, upper);
}

bool fxl__bounce_on_line(const fxl_wall_prep *w, fxl_vec2 q);
bool fxl__bounce_on_line(const fxl_wall_prep *w, fxl_vec2 q)
{
    return on_line_of(w, q);
}
#endif
