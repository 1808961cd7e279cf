/* cast_width.h - internal: what the width casts share (cast_width.c, the
 * passes and the box; cast_capsule.c, the capsule's exact predicates and
 * floor). The frame, values and roundings are described in cast_width.c. */
#ifndef FXL_CAST_WIDTH_H
#define FXL_CAST_WIDTH_H

#include "cast_parts.h"

/* What every wall of a cast shares. */
typedef struct wctx {
    int64_t c, s;  /* Q16.16 table direction */
    uint64_t q;    /* c^2 + s^2, Q32.32 */
    uint64_t w;    /* Q16.16 drawn half-width */
    uint64_t R;    /* w q: the strip is 65536 |h| <= R */
    int64_t Rh;    /* floor(R / 65536): the strip is |h| <= Rh, the same points */
    fxl__u128 R2;  /* w^2 q: a point's distance^2 (Q32.32, times 2^32) against it */
    int64_t len;   /* Q16.16 */
    int32_t c32, s32; /* Q16.16 c and s again, as int32 (32x32 -> 64 products) */
    int64_t ge, he;   /* d . e and d x e, e the emitter (Q32.32) */
} wctx;

/* One wall in the frame; ga..hb and G, D, N oriented so that G >= 0. */
typedef struct wframe {
    int64_t ga, ha, gb, hb, G, D, N;
    bool flipped; /* a and b swapped (G, D, N negated) */
} wframe;

/* A value u = num / den >= 0. */
typedef struct wval {
    fxl__u128 num;
    uint64_t den;
} wval;

FXL__ALWAYS_INLINE int64_t neg64(int64_t v)
{
    return fxl__u2i(0u - (uint64_t)v);
}

/* a b exactly for any int64 a and int32 b: a = ah 2^32 + al (ah signed,
 * al unsigned), a b = (ah b) 2^32 + al b, each product within int64
 * (|ah b| <= 2^62, |al b| < 2^63): two 32x32 -> 64 products and a 128-bit
 * sum, against fxl__imul's four and its signs (the callers' second
 * factors are int32 values: a wall's b - a, a table direction, a length,
 * a half-width, 65536). */
FXL__ALWAYS_INLINE fxl__i128 imul_w(int64_t a, int32_t b)
{
    uint64_t ua = (uint64_t)a;
    int64_t ph = (int64_t)fxl__u2i32((uint32_t)(ua >> 32)) * b;
    int64_t pl = (int64_t)(uint32_t)ua * b;
    uint64_t phl = (uint64_t)ph << 32;
    fxl__i128 r;
    r.lo = phl + (uint64_t)pl;
    r.hi = fxl__u2i((uint64_t)(int64_t)fxl__u2i32((uint32_t)((uint64_t)ph >> 32)) +
                    (pl < 0 ? ~(uint64_t)0 : 0u) + (r.lo < phl ? 1u : 0u));
    return r;
}

/* 65536 |h| <= R, i.e. |h| <= floor(R / 65536) = Rh (h an integer):
 * two comparisons, no overflow for any h. */
FXL__ALWAYS_INLINE bool in_strip(const wctx *x, int64_t h)
{
    return h <= x->Rh && h >= -x->Rh;
}

/* 65536 a exactly for any int64 a, by shifts (imul_w's products
 * spared): the top 16 bits of a, sign-extended, become the high word. */
FXL__ALWAYS_INLINE fxl__i128 shl16(int64_t a)
{
    uint64_t ua = (uint64_t)a;
    fxl__i128 r;
    r.lo = ua << 16;
    r.hi = fxl__u2i((ua >> 48) | (a < 0 ? ~(uint64_t)0 << 16 : 0u));
    return r;
}

/* u at a wall end: 65536 g / q (signed numerator). */
FXL__ALWAYS_INLINE fxl__i128 end_num(int64_t g)
{
    return shl16(g);
}

/* u where the wall crosses v = sigma w, as num / |D| (sign moved up). */
FXL__ALWAYS_INLINE fxl__i128 cross_num(const wctx *x, const wframe *f, int sigma)
{
    fxl__i128 m = shl16(f->N), k = imul_w(f->G, (int32_t)x->w);
    m = sigma > 0 ? fxl__iadd(m, k) : fxl__isub(m, k);
    return f->D < 0 ? fxl__ineg(m) : m;
}

/* The wall's part in the strip, by its end of smallest (lowest = true) or
 * largest u: the numerator of that u over *den. */
FXL__ALWAYS_INLINE fxl__i128 strip_end(const wctx *x, const wframe *f, bool lowest, uint64_t *den)
{
    int64_t g = lowest ? f->ga : f->gb, h = lowest ? f->ha : f->hb;
    if (in_strip(x, h)) {
        *den = x->q;
        return end_num(g);
    }
    *den = fxl__abs64(f->D);
    return cross_num(x, f, h > 0 ? 1 : -1);
}


/* a <= b for two values. */
FXL__ALWAYS_INLINE bool val_le(wval a, wval b)
{
    return fxl__le128(fxl__mul128_64(a.num, b.den), fxl__mul128_64(b.num, a.den));
}

/* floor(v), for v <= len. */
FXL__ALWAYS_INLINE int64_t val_floor(wval v)
{
    fxl__recip rc;
    fxl__recip_init(&rc, v.den);
    return (int64_t)fxl__recip_div(&rc, v.num, NULL);
}

/* v <= the integer k, 0 <= k < 2^32 (a length): num <= k den. */
FXL__ALWAYS_INLINE bool val_le_int(wval v, int64_t k)
{
    return fxl__le128(v.num, fxl__mul32_64((uint32_t)k, v.den));
}

/* The wall as given, for distances: a - e, b - a, its D and N, |b - a|^2;
 * za_m, za_e: w^2 q |b - a|^2's approximation (cast_capsule.c's approx),
 * worked out once a wall by fxl__capsule_floor for its calls (za_e = 0:
 * not yet, each call works it out). */
typedef struct wseg {
    int64_t ax, ay, ex, ey, D, N;
    uint64_t len2;
    uint32_t za_m;
    int za_e;
    uint64_t rho; /* about sqrt(q |b - a|^2) from line_floor, for the floor
                   * search's estimate; 0: not worked out */
    int corner;   /* line_floor found the line's touch beyond the end a (1)
                   * or b (2): the floor search's estimate is that end's
                   * touch alone; 0: not known */
} wseg;

/* A wall's values as the width tests read them (Q16.16 start a and b -
 * a): a prepared wall's, or a room's packed copy of them (the same
 * values, read from where the room lives). */
typedef struct wwall {
    int32_t ax, ay, ex, ey;
} wwall;

FXL__ALWAYS_INLINE wwall wwall_make(int32_t ax, int32_t ay, int32_t ex, int32_t ey)
{
    wwall v;
    v.ax = ax;
    v.ay = ay;
    v.ex = ex;
    v.ey = ey;
    return v;
}

FXL__ALWAYS_INLINE wwall wwall_of(const fxl_wall_prep *w)
{
    return wwall_make(w->a.x, w->a.y, w->ex, w->ey);
}

FXL__ALWAYS_INLINE wwall wwall_packed(const fxl_room_wall *w)
{
    return wwall_make(w->a.x, w->a.y, w->ex, w->ey);
}

/* N = (a - e) x (b - a) = a x (b - a) - e x (b - a), wrapping as
 * fxl__wsub64 of the products of a - e would (the same integer, mod 2^64):
 * four 32x32 -> 64 products instead of two 64x64 ones. */
FXL__ALWAYS_INLINE int64_t wall_n_of(const wwall *w, fxl_vec2 e)
{
    return fxl__u2i((uint64_t)((int64_t)w->ax * w->ey) - (uint64_t)((int64_t)w->ay * w->ex) -
                    (uint64_t)((int64_t)e.x * w->ey) + (uint64_t)((int64_t)e.y * w->ex));
}

FXL__ALWAYS_INLINE int64_t wall_n(const fxl_wall_prep *w, fxl_vec2 e)
{
    wwall v = wwall_of(w);
    return wall_n_of(&v, e);
}

/* With N (wall_n's) given. */
FXL__ALWAYS_INLINE void seg_setup_n(const wwall *w, fxl_vec2 e, int64_t D, int64_t N, wseg *sg)
{
    sg->ax = (int64_t)w->ax - e.x;
    sg->ay = (int64_t)w->ay - e.y;
    sg->ex = w->ex;
    sg->ey = w->ey;
    sg->D = D;
    sg->N = N;
    sg->len2 = (uint64_t)((int64_t)w->ex * w->ex) + (uint64_t)((int64_t)w->ey * w->ey);
    sg->za_m = 0;
    sg->za_e = 0;
    sg->rho = 0;
    sg->corner = 0;
}

FXL__ALWAYS_INLINE void seg_setup(const wwall *w, fxl_vec2 e, int64_t D, wseg *sg)
{
    seg_setup_n(w, e, D, wall_n_of(w, e), sg);
}

FXL__ALWAYS_INLINE bool is_neg(fxl__i128 v)
{
    return v.hi < 0;
}

FXL__ALWAYS_INLINE bool is_zero(fxl__i128 v)
{
    return v.hi == 0 && v.lo == 0;
}

/* sign(|C| - w sqrt(q |b - a|^2)) for the line's cross product C:
 * C^2 against w^2 q |b - a|^2 (up to 2^160) by their top 32 bits, exactly
 * (256-bit) in the narrow band where those cannot tell. */
FXL__ALWAYS_INLINE fxl__u128 u128_of(uint64_t v)
{
    fxl__u128 r;
    r.hi = 0;
    r.lo = v;
    return r;
}

/* floor(n / d) roughly (exact but for an exact negative quotient, one
 * less), clamped to +-2^29: for estimates. */
FXL__ALWAYS_INLINE int64_t div_est(fxl__i128 n, uint64_t d)
{
    fxl__u128 m = fxl__iabs(n);
    fxl__recip rc;
    int64_t q;
    fxl__u128 d29; /* d 2^29, by shifts */
    d29.hi = d >> 35;
    d29.lo = d << 29;
    if (fxl__le128(d29, m))
        return is_neg(n) ? -((int64_t)1 << 29) : (int64_t)1 << 29;
    fxl__recip_init(&rc, d);
    q = (int64_t)fxl__recip_div(&rc, m, NULL);
    return is_neg(n) ? -q - 1 : q;
}

/* About n / d for n < d 2^29 (estimates): fxl__recip_divrem's first
 * quotient, within a few units of floor(n / d) (its reciprocal within
 * 2^-30, d's top bits within 2^-31), without the exact product and
 * remainder that settle it. */
FXL__ALWAYS_INLINE uint64_t quot(fxl__u128 n, uint64_t d)
{
    fxl__recip rc;
    uint64_t nt;
    fxl__recip_init(&rc, d);
    if (rc.k > 0)
        nt = (n.lo >> rc.k) | (n.hi << (64 - rc.k));
    else
        nt = n.lo << -rc.k;
    return (((nt >> 32) * rc.r) + (((nt & 0xFFFFFFFFu) * rc.r) >> 32)) >> 31;
}
/* fxl_room_cast_width (room.c): fxl_laser_cast's width cast through the
 * room's index and packed walls (cast_width.c). */
fxl_result fxl__room_cast_width(const fxl_room *room, const fxl_laser *laser, unsigned flags,
                                fxl_cast *out, fxl_laser *clipped);

#ifdef FXL_TEST_HOOKS
/* cast_aabb.c's capsule floors (test builds): settled from the guess
 * alone ([0]) and left to the rectangle's bound and the search ([1]);
 * fxl__cap_guess_shift is added to that guess (0 but in the suite's
 * audit: the quick floor is exact whatever the guess). */
extern uint32_t fxl__cap_quick_count[2];
extern int32_t fxl__cap_guess_shift;

/* fxl__room_cast_width's index look-up for a valid laser (test builds):
 * the walls it reads, bit i for wall i. */
uint32_t fxl__room_width_mask(const fxl_room *room, const fxl_laser *laser, unsigned flags);
#endif

/* Test builds: how many floors line_floor settled ([0]) and left to the
 * floor search ([1]), how many of its roots the squares did not bracket
 * ([2]: never, if rsqrt_root is as precise as it claims), how many
 * times its 64-bit tests (line_k64) showed k ([3]), how many axis
 * walls' roots came without rsqrt_root ([4]), and how many floors
 * fxl__line_floor_fast settled ([5]; counted in [0], [3], [4] too)
 * (cast_capsule.c; tests/test_cast_width.c). */
#ifdef FXL_TEST_HOOKS
extern uint32_t fxl__line_floor_count[6];
#define FXL__LINE_FLOOR_COUNT(k) (fxl__line_floor_count[k]++)
/* How many walls fxl__corner_first sent to the floor search. */
extern uint32_t fxl__corner_count;
#define FXL__CORNER_COUNT() (fxl__corner_count++)
/* How many floors fxl__line_floor_end settled. */
extern uint32_t fxl__line_end_count;
#define FXL__LINE_END_COUNT() (fxl__line_end_count++)
/* How many walls fxl__line_floor_end left to the floor search with their
 * foot beyond an end (sg->corner set, fxl__line_floor spared). */
extern uint32_t fxl__line_end_corner_count;
#define FXL__LINE_END_CORNER_COUNT() (fxl__line_end_corner_count++)
/* Capsule casts (cast_width.c): walls settled by axis_floor in the
 * first pass ([0]), waiting walls' floors
 * compared with a settled best ([1]), second passes started from a
 * settled best ([2]). */
extern uint32_t fxl__settle_count[3];
#define FXL__SETTLE_COUNT(k) (fxl__settle_count[k]++)
#else
#define FXL__LINE_FLOOR_COUNT(k) ((void)0)
#define FXL__SETTLE_COUNT(k) ((void)0)
#define FXL__CORNER_COUNT() ((void)0)
#define FXL__LINE_END_COUNT() ((void)0)
#define FXL__LINE_END_CORNER_COUNT() ((void)0)
#endif

/* About sqrt(v), within 2 units (rounded; 2^-27 of it above 2^56): an
 * estimate's root, products only (cast_capsule.c's rsqrt_root). */
uint64_t fxl__root_est64(uint64_t v);

/* sign(dist(E_L, wall) - w) for the capsule's front centre E_L, and whether
 * E_L approaches the wall's nearest point as L grows (cast_capsule.c). */
int fxl__front_sign(const wctx *x, const wseg *sg, int64_t L, bool *entry);

/* floor(u*) of the capsule for a wall that misses the emitter's disk and
 * meets the capsule of length len, when its round end first touches the
 * wall's line between the ends and that can be shown cheaply (*out; else
 * false); may set sg's za_m, za_e (cast_capsule.c). */
bool fxl__line_floor(const wctx *x, wseg *sg, int64_t *out);

/* Whether the wall's ends lie beyond opposite edges of the strip (|h| >
 * Rh, h = d x (p - e): |v| > w): then it holds the line's whole part in
 * the strip (line_floor's foot). |c|, |s| < 2^30, |a - e| < 2^32:
 * products below 2^62. */
FXL__ALWAYS_INLINE bool across_strip(const wctx *x, const wseg *sg)
{
    int64_t ha = (int64_t)x->c32 * sg->ay - (int64_t)x->s32 * sg->ax, hb = ha + sg->D;
    return (ha < -x->Rh && hb > x->Rh) || (ha > x->Rh && hb < -x->Rh);
}

/* fxl__line_floor's usual case only, for a wall across the strip
 * (across_strip): an axis-aligned wall, k shown in 64 bits; the same
 * floor, or false (cast_capsule.c). */
bool fxl__line_floor_fast(const wctx *x, wseg *sg, int64_t *out);

/* The same for an axis-aligned wall not across the strip, its foot's
 * place tested in 64 bits; the same floor, or false (cast_capsule.c). */
bool fxl__line_floor_end(const wctx *x, wseg *sg, int64_t *out);

/* Whether the capsule likely first meets the wall (not across the strip)
 * at an end in the strip, setting sg's corner as line_floor would (a
 * guess, for speed: the floor search decides; cast_capsule.c). */
bool fxl__corner_first(const wctx *x, wseg *sg);
/* The same for an axis-aligned wall (sg->ex or sg->ey 0). */
bool fxl__corner_axis(const wctx *x, wseg *sg);

/* floor(u*) of the capsule for a wall that misses the emitter's disk and
 * meets the capsule of length len; ub its u*_box, ubf div_est of ub when
 * the caller has it, else INT64_MIN; sets sg's za_m, za_e unless set
 * (cast_capsule.c). */
int64_t fxl__capsule_floor(const wctx *x, const wframe *f, wseg *sg, wval ub, int64_t ubf);

#endif
