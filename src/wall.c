/* wall.c - one-sided walls and point moves with sliding (the point vs wall
 * wall-segment method of docs/methods.md, in exact integer predicates).
 *
 * Ranges: coordinates are within +-2^30, so every difference is below 2^31
 * and every cross or dot product of two differences below 2^63 (int64). The
 * crossing fraction t = -d0 / (d1 - d0) has a 64-bit numerator and
 * denominator; comparing two of them takes the 128-bit helpers of wide.h,
 * and so does scaling a move by one, behind a 32-bit filter (scale_two)
 * that decides all but a thin band of the stop and slide points. */
#include "fixlaser/wall.h"

#include "fixlaser/angle.h"

#include "coarse.h"
#include "domain.h"
#include "util.h"
#include "wall_hooks.h"
#include "wall_recip.h"
#include "wide.h"

/* The coarse box (coarse.h) of box. */
static void set_coarse(fxl_wall_prep *w, const fxl_aabb *box)
{
    w->coarse_lo = fxl__coarse_lo(box->lo.x, box->lo.y);
    w->coarse_hi = fxl__coarse_hi(box->hi.x, box->hi.y);
}

fxl_result fxl_wall_prepare(const fxl_wall *wall, fxl_wall_prep *out)
{
    int64_t ex, ey;
    if (wall == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (!fxl__vec_ok(wall->a) || !fxl__vec_ok(wall->b))
        return FXL_ERR_COORD_RANGE;
    ex = (int64_t)wall->b.x - wall->a.x;
    ey = (int64_t)wall->b.y - wall->a.y;
    if (ex == 0 && ey == 0)
        return FXL_ERR_WALL_ZERO;
    out->a = wall->a;
    out->ex = (int32_t)ex;
    out->ey = (int32_t)ey;
    out->len2 = (uint64_t)(ex * ex) + (uint64_t)(ey * ey);
    out->box = fxl__aabb_span(wall->a, wall->b);
    set_coarse(out, &out->box);
    return FXL_OK;
}

/* a * b - c * d modulo 2^64: exact whenever the true value fits int64
 * (every use with points in the domain: products below 2^62, differences
 * below 2^63), and defined, though meaningless, for any other input. */
static int64_t wrap_cross(int64_t a, int64_t b, int64_t c, int64_t d)
{
    return fxl__u2i((uint64_t)a * (uint64_t)b - (uint64_t)c * (uint64_t)d);
}

/* (b - a) x (p - a): negative in front, positive behind. */
static int64_t side_value(const fxl_wall_prep *w, fxl_vec2 p)
{
    return wrap_cross(w->ex, (int64_t)p.y - w->a.y, w->ey, (int64_t)p.x - w->a.x);
}

int fxl_wall_side(const fxl_wall_prep *w, fxl_vec2 p)
{
    return fxl__sign64(side_value(w, p));
}

/* The wall-segment method's test, one-sided: from in front of (or on) the wall's line,
 * to strictly behind it, and the wall's ends not both strictly on one side
 * of the move's line. d0, d1 are the two side values. */
static bool crossing(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to, int64_t d0, int64_t d1)
{
    int64_t mx, my, ax, ay, ca, cb;
    if (!(d0 <= 0 && d1 > 0))
        return false; /* also rules out parallel and zero-length moves */
    mx = (int64_t)to.x - from.x;
    my = (int64_t)to.y - from.y;
    ax = (int64_t)w->a.x - from.x;
    ay = (int64_t)w->a.y - from.y;
    ca = wrap_cross(mx, ay, my, ax);
    cb = wrap_cross(mx, ay + w->ey, my, ax + w->ex);
    return fxl__sign64(ca) * fxl__sign64(cb) <= 0;
}

FXL_ARM_CODE bool fxl_wall_crosses(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to)
{
    return crossing(w, from, to, side_value(w, from), side_value(w, to));
}

/* The moves' own side values and crossing test, for points in the domain
 * (the moves' precondition; every point they reach stays in it): then
 * every difference of two coordinates fits int32 (|v| <= 2^30 - 1), each
 * product is one 32x32->64 multiply (smull on ARM, where wrap_cross's
 * 64-bit operands take three) below 2^62, and the value equals side_value's
 * and crossing's. Any other input wraps (defined, meaningless). */
FXL__ALWAYS_INLINE int64_t cross32(int32_t a, int32_t b, int32_t c, int32_t d)
{
    return fxl__u2i((uint64_t)((int64_t)a * b) - (uint64_t)((int64_t)c * d));
}

FXL__ALWAYS_INLINE int64_t side_in(const fxl_wall_prep *w, fxl_vec2 p)
{
    return cross32(w->ex, fxl__offset(p.y, w->a.y), w->ey, fxl__offset(p.x, w->a.x));
}

FXL__ALWAYS_INLINE bool crossing_in(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to, int64_t d0,
                                    int64_t d1)
{
    int32_t mx, my, ax, ay;
    int64_t ca, cb;
    if (!(d0 <= 0 && d1 > 0))
        return false;
    mx = fxl__offset(to.x, from.x);
    my = fxl__offset(to.y, from.y);
    ax = fxl__offset(w->a.x, from.x);
    ay = fxl__offset(w->a.y, from.y);
    ca = cross32(mx, ay, my, ax);
    cb = cross32(mx, fxl__wrap_add(ay, w->ey), my, fxl__wrap_add(ax, w->ex));
    return fxl__sign64(ca) * fxl__sign64(cb) <= 0;
}

/* |v| * num / den's floor q and whether it was inexact, rounded down (up =
 * false) or up and signed as v: the rounding both paths share. */
static int32_t signed_round(int64_t v, uint32_t q, bool rest, bool up)
{
    int64_t r = (int64_t)q;
    if (v >= 0)
        return (int32_t)(r + ((up && rest) ? 1 : 0));
    return (int32_t)(-r - ((!up && rest) ? 1 : 0));
}

/* v * num / den rounded down (up = false) or up, exactly, for a quotient
 * below 2^32 (the 128-bit product and division of wide.h). Every caller's
 * quotient is below 2^32 for walls from fxl_wall_prepare or
 * fxl_walls_inflate (len2 = ex^2 + ey^2: slide_step's comment); a
 * hand-made fxl_wall_prep with a smaller len2 can make it larger, and the
 * division's remainder loop would then take one step per unit of the
 * excess (up to 2^60 steps). So a product p >= den 2^32 (p's top 96 bits
 * at least den) gives a meaningless 2^31 - 2, inexact (a slide then
 * leaves the domain: no slide); nothing else reaches that branch (a
 * den of 0 stops in scale_two32 first). */
FXL_ARM_CODE static int32_t scale_round(int64_t v, uint64_t num, uint64_t den, bool up)
{
    bool rest;
    fxl__u128 p = fxl__mul64(fxl__abs64(v), num);
    uint32_t q;
    if ((p.hi >> 32) != 0 || ((p.hi << 32) | (p.lo >> 32)) >= den)
        return signed_round(v, 0x7FFFFFFEu, true, up);
    q = fxl__div128_nodiv(p, den, &rest);
    return signed_round(v, q, rest, up);
}

/* The filter in front of scale_round, for two values scaled by one ratio
 * num / den (a meet's two axes, a slide's): one estimate of the ratio, then
 * a 32x32->64 product an axis, the exact stage only in a thin band.
 *
 * The estimate: with j = 0 when num < den (every stop point), else j =
 * bits(num) - bits(den) + 1, num / den < 2^j (num < 2^bits(num), den >=
 * 2^(bits(den) - 1)); for j <= 31 take sh = 32 - j >= 1 and n = num 2^sh <
 * den 2^32, so n / den < 2^32. u is wide.h's fxl__div128_by estimate of
 * floor(n / den) without its exact correction: s = bits(den >> 32), D =
 * den >> s, u = floor((n >> s) / (D + [s > 0])) (by fxl__div64_32, exact,
 * or a shift when that divisor is 2^32), n >> s = num shifted by sh - s
 * (left, exact: below den 2^(32 - s) < 2^64; or right). With s = 0 it is
 * floor(n / den) itself. With s > 0: u <= n / den (a smaller numerator, and
 * (D + 1) 2^s > den), and D >= 2^31 (den has 32 + s bits), den >= D 2^s,
 * n >> s > n / 2^s - 1, so (n >> s) / (D + 1) > (n / den)(D / (D + 1)) -
 * 1 / (D + 1) >= (n / den)(1 - 2^-31) - 2^-31 > n / den - 3, and the floor
 * loses under 1 more. Either way u <= n / den < u + 4.
 *
 * An axis (scale_axis): X = |v| n / den (|v| < 2^30) lies in [A, A +
 * 4|v|), A = |v| u < 2^62, and the wanted floor is floor(X / 2^sh) (X /
 * 2^sh = |v| num / den). With lo = A mod 2^sh: lo >= 1 makes X >= A > q
 * 2^sh (q = A >> sh), and lo + 4|v| <= 2^sh makes X < A + 4|v| <= (q + 1)
 * 2^sh: then the floor is q and the division is inexact. v = 0 or num = 0
 * is 0, exact. Otherwise (a fraction within 4|v| / 2^sh of a whole number:
 * under 1 % of the axes of 100 px moves; or |v| >= 2^30, j > 31)
 * scale_round decides. */
FXL__ALWAYS_INLINE int32_t scale_axis(int64_t v, uint32_t u, unsigned sh, uint64_t num,
                                      uint64_t den, bool up)
{
    uint64_t av = fxl__abs64(v);
    if (av == 0 || num == 0)
        return 0;
    if (sh != 0 && av < ((uint64_t)1 << 30)) {
        uint64_t a = (uint64_t)(uint32_t)av * u, one = (uint64_t)1 << sh, lo = a & (one - 1u);
        if (lo != 0 && lo + 4u * av <= one)
            return signed_round(v, (uint32_t)(a >> sh), true, up);
    }
    return scale_round(v, num, den, up);
}

FXL_ARM_CODE static void scale_two(int64_t vx, int64_t vy, uint64_t num, uint64_t den, bool upx,
                                   bool upy, int32_t *ox, int32_t *oy)
{
    unsigned sh = 0;
    uint32_t u = 0;
    if (num != 0 && num < den) {
        sh = 32;
    } else if (num != 0) {
        unsigned d = fxl__bits64(num) - fxl__bits64(den); /* num >= den: d >= 0 */
        sh = d <= 30u ? 31u - d : 0u;
    }
    if (sh != 0) {
        unsigned s = fxl__bits32((uint32_t)(den >> 32));
        uint64_t nt = sh >= s ? num << (sh - s) : num >> (s - sh);
        uint64_t e = (den >> s) + (s != 0 ? 1u : 0u);
        u = e >> 32 != 0 ? (uint32_t)(nt >> 32) : fxl__div64_32(nt, (uint32_t)e);
    }
    *ox = scale_axis(vx, u, sh, num, den, upx);
    *oy = scale_axis(vy, u, sh, num, den, upy);
}

/* fxl__div64_32_estimate (wide.h): fxl__div64_32's Newton reciprocal
 * with a table's seed and without its exact correction: an estimate of floor(n / d) for 1 <= d <
 * 2^32 and n < d 2^32, at most 11 short of it. z = d << k in [2^31, 2^32)
 * and R = 2^62 / z in (2^30, 2^31]; r starts at wall_recip.h's seed for
 * z's top 8 bits after the leading one: R - r = delta with 0 < delta <
 * R 2^-8 + 1. A step takes e = 2^62 - z r = z delta (exact, >= 0) and r
 * += floor(r floor(e / 2^31) / 2^31): the exact Newton step would give
 * R - delta^2 / R, each floor loses under 1 (r < 2^31), so the new delta
 * lies in [delta^2 / R, delta^2 / R + 2) and r stays below R. Two steps:
 * delta < R 2^-16 + 2.008, then delta < R 2^-32 + 2.0001 <= 2.5001. Then
 * q = floor(n r / 2^(62 - k)) (t below takes floor(n r / 2^31) exactly:
 * its first term is whole) and n / d = n R / 2^(62 - k), so n / d - 2^32
 * 2.5001 / 2^30 < n / d (1 - delta / R) = n r / 2^(62 - k), and q lies
 * in (n / d - 11.0004, n / d]: floor(n / d) - 11 <= q <= floor(n / d).
 * (fxl__div64_32_newton's remainder loop, which takes those last units one
 * at a time, is what this saves: scale_axis32's filter takes the 11 into
 * its band instead.) */
FXL__ALWAYS_INLINE uint32_t div_estimate_k(uint64_t n, uint32_t d, unsigned k)
{
    return fxl__div64_32_estimate(n, d, k, fxl__wall_recip_seed[((d << k) >> 23) & 0xffu], 2u);
}

/* The same with k = clz(d) found here (any d >= 1). */
FXL__ALWAYS_INLINE uint32_t div_estimate(uint64_t n, uint32_t d)
{
    return div_estimate_k(n, d, fxl__clz32(d));
}

/* The exact stage behind scale_axis32's filter: floor(av num / den), known
 * to be q or q + 1, and whether it was inexact, signed and rounded as
 * signed_round. The remainder av num - q den is >= 0 (the floor is at
 * least q) and below 2 den (it is at most q + 1): two 32x64-bit products
 * (q < 2^32, av < 2^28) and one subtraction decide, instead of
 * scale_round's 128-bit division. */
FXL_ARM_CODE static int32_t scale_near(int32_t v, uint32_t av, uint32_t q, uint64_t num,
                                       uint64_t den, bool up)
{
    fxl__u128 r = fxl__sub(fxl__mul32_64(av, num), fxl__mul32_64(q, den));
    uint64_t rest = r.lo;
    if (r.hi != 0 || r.lo >= den) {
        q++;
        rest = r.lo - den; /* r - den < den: its low word is all of it */
    }
    return signed_round(v, q, rest != 0, up);
}

/* scale_axis for the filter's common case, a ratio below 1 (the
 * fraction's bits are the product's low word) with scale_two32's estimate
 * u: u <= T = num 2^32 / den < u + 15 (scale_axis's u + 4, less
 * div_estimate's 11 units). For |v| < 2^28, X = |v| T lies in [A, A +
 * 15|v|), A = |v| u, and the wanted floor is floor(X / 2^32): with lo = A
 * mod 2^32 >= 1 and lo + 15|v| <= 2^32 (15|v| - 1 <= 2^32 - 1 - lo = ~lo,
 * no wrap: 15|v| < 2^32) it is q = A >> 32 and inexact. Otherwise X's
 * interval, shorter than 2^32, holds at most one multiple of 2^32 above
 * A: the floor is q or q + 1, and scale_near decides (about 15|v| / 2^32
 * of the axes: 2 % of those of 100 px moves). |v| >= 2^28 (moves over 4096
 * px) goes to scale_round. */
FXL__ALWAYS_INLINE int32_t scale_axis32(int32_t v, uint32_t u, uint64_t num, uint64_t den, bool up)
{
    uint32_t av = fxl__abs32(v), lo, q;
    uint64_t a;
    if (av == 0)
        return 0;
    if (av >= (UINT32_C(1) << 28))
        return scale_round(v, num, den, up);
    a = (uint64_t)av * u;
    lo = (uint32_t)a;
    q = (uint32_t)(a >> 32);
    if (lo != 0 && 15u * av - 1u <= ~lo)
        return signed_round(v, q, true, up);
    return scale_near(v, av, q, num, den, up);
}

/* scale_two for two int32 values (the moves' stop points and slides, in
 * the domain): a ratio 0 < num / den < 1 (every stop point, and a slide
 * shorter than its wall) takes scale_two's estimate with sh = 32, from
 * div_estimate (at most 11 under it), and scale_axis32; any other ratio
 * scale_two itself. The same results. */
FXL__ALWAYS_INLINE void scale_two32(int32_t vx, int32_t vy, uint64_t num, uint64_t den, bool upx,
                               bool upy, int32_t *ox, int32_t *oy)
{
    unsigned s;
    uint32_t u;
    if (num == 0 || num >= den) {
        /* den = 0 < num only from a slide along a hand-made fxl_wall_prep
         * (len2 = 0 with ex or ey not 0: the library's have len2 = ex^2 +
         * ey^2, and a stop point's den is positive): scale_two's division
         * by 0 would never end. A meaningless offset that takes the slide
         * out of the domain (no slide). The check costs a contact about 30
         * GBA cycles (bench ROM: move_point one contact 4,573 -> 4,599,
         * move_circle 6,545 -> 6,581; no cheaper place for it measured
         * better: slide_body 4,593 / 6,577). */
        if (den == 0 && num != 0) {
            *ox = *oy = INT32_MAX;
            return;
        }
        scale_two(vx, vy, num, den, upx, upy, ox, oy);
        return;
    }
    /* scale_two's u for sh = 32: den < 2^64 gives s <= 32, and s = 32
     * only with den >= 2^63 > num, so num << (32 - s) stays exact. */
    s = fxl__bits32((uint32_t)(den >> 32));
    if (s == 0) {
        u = div_estimate(num << 32, (uint32_t)den);
    } else {
        /* den has 32 + s bits: e = (den >> s) + 1 lies in [2^31 + 1,
         * 2^32], already normalised (k = 0) unless it is 2^32. */
        uint64_t e = (den >> s) + 1u;
        u = e >> 32 != 0 ? (uint32_t)((num << (32 - s)) >> 32)
                         : div_estimate_k(num << (32 - s), (uint32_t)e, 0);
    }
    *ox = scale_axis32(vx, u, num, den, upx);
    *oy = scale_axis32(vy, u, num, den, upy);
}

/* Rounding towards the front: the side value falls as x grows when ey > 0
 * and as y falls when ex > 0. Along an axis the wall does not depend on,
 * round towards `toward` (the mover's start). */
static bool round_up_x(const fxl_wall_prep *w, bool toward_up)
{
    return w->ey > 0 ? true : w->ey < 0 ? false : toward_up;
}

static bool round_up_y(const fxl_wall_prep *w, bool toward_up)
{
    return w->ex < 0 ? true : w->ex > 0 ? false : toward_up;
}

/* The stop point of the crossing move from -> to, t = num / den (num =
 * -d0, den = d1 - d0, num < den): both axes scaled by t, rounded towards
 * the wall's front. */
FXL__ALWAYS_INLINE fxl_vec2 meet_body(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to,
                                      uint64_t num, uint64_t den)
{
    int64_t mx = (int64_t)to.x - from.x, my = (int64_t)to.y - from.y;
    fxl_vec2 x;
    int32_t ox, oy;
    /* The sums wrap only for points outside the domain (meaningless). */
    scale_two(mx, my, num, den, round_up_x(w, mx < 0), round_up_y(w, my < 0), &ox, &oy);
    x.x = (fix16_t)((uint32_t)from.x + (uint32_t)ox);
    x.y = (fix16_t)((uint32_t)from.y + (uint32_t)oy);
    return x;
}

FXL_ARM_CODE fxl_vec2 fxl_wall_meet(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to)
{
    /* t = -d0 / (d1 - d0) in [0, 1): the wall-segment method's area ratio s1 / (s1 + s2). */
    int64_t d0 = side_value(w, from), d1 = side_value(w, to);
    uint64_t num = 0u - (uint64_t)d0, den = (uint64_t)d1 + num; /* num < den < 2^64 */
    if (d0 > 0 || d1 <= 0)
        return from; /* not a crossing: stay */
    return meet_body(w, from, to, num, den);
}

/* fxl_wall_meet for the move's search, which found the crossing and kept
 * its num and den (the same side values): the two products are not taken
 * again. */
FXL__ALWAYS_INLINE fxl_vec2 meet_known(const fxl_wall_prep *w, fxl_vec2 from, fxl_vec2 to,
                                       uint64_t num, uint64_t den)
{
    /* The move's points are in the domain: to - from fits int32. */
    int32_t mx = fxl__offset(to.x, from.x), my = fxl__offset(to.y, from.y), ox, oy;
    fxl_vec2 x;
    scale_two32(mx, my, num, den, round_up_x(w, mx < 0), round_up_y(w, my < 0), &ox, &oy);
    x.x = fxl__wrap_add(from.x, ox);
    x.y = fxl__wrap_add(from.y, oy);
    return x;
}

/* The slide's body: x + e ((to - x) . e) / |e|^2 rounded towards the
 * front, in *out; false (out untouched) when that point is outside the
 * domain, or (check) x or to is. */
FXL__ALWAYS_INLINE bool slide_body(const fxl_wall_prep *w, fxl_vec2 x, fxl_vec2 to, fxl_vec2 *out,
                                   bool check)
{
    int64_t dot, nx, ny;
    int32_t ox, oy, sx, sy;
    uint64_t mag;
    if (check && (!fxl__vec_ok(x) || !fxl__vec_ok(to)))
        return false; /* outside the domain: no slide */
    /* In the domain to - x fits int32: two 32x32->64 products. */
    dot = fxl__u2i((uint64_t)((int64_t)w->ex * fxl__offset(to.x, x.x)) +
                   (uint64_t)((int64_t)w->ey * fxl__offset(to.y, x.y)));
    mag = fxl__abs64(dot);
    /* Along an axis the wall's side does not depend on, round towards x.
     * |e_i * dot| / |e|^2 <= |to - x| < 2^31: the quotient fits. */
    sx = fxl__u2i32(dot < 0 ? 0u - (uint32_t)w->ex : (uint32_t)w->ex);
    sy = fxl__u2i32(dot < 0 ? 0u - (uint32_t)w->ey : (uint32_t)w->ey);
    scale_two32(sx, sy, mag, w->len2, round_up_x(w, sx < 0), round_up_y(w, sy < 0), &ox, &oy);
    nx = (int64_t)x.x + ox;
    ny = (int64_t)x.y + oy;
    if (!fxl__coord64_ok(nx) || !fxl__coord64_ok(ny))
        return false; /* the slide would leave the domain: stop at x */
    out->x = (fix16_t)nx;
    out->y = (fix16_t)ny;
    return true;
}

FXL_ARM_CODE fxl_vec2 fxl_wall_slide(const fxl_wall_prep *w, fxl_vec2 x, fxl_vec2 to)
{
    fxl_vec2 out;
    return slide_body(w, x, to, &out, true) ? out : x;
}

/* How many of the walls a search considers it keeps (the stop check of
 * move, and the search along a slide over point walls), and how many kept
 * parts of inflated walls the check goes through before a search costs
 * less (its packed boxes skip most of them; GBA bench ROM, move_circle: 12
 * parts). */
#define FXL__SEEN 32
#define FXL__SEEN_PARTS 12u

/* How many groups of inflated walls whose coarse box met a search's move
 * box that search lists (search_listed). */
#define FXL__LISTED 8

/* A search for the wall a move crosses first (smallest t = num / den). */
typedef struct search {
    fxl_vec2 from, to;
    const fxl_wall_prep *best; /* NULL: none yet */
    const fxl_wall_prep *skip; /* a wall the move cannot cross (kept, not tested), or NULL */
    uint64_t num, den;
    int32_t fcx, fcy, mcx, mcy; /* the move's start cell and its cell offset (line_misses) */
    bool line_ok;               /* |mcx|, |mcy| < 2^13: line_misses may decide */
    fxl_aabb cover;             /* Q16.16 the box of the last search's move */
    size_t nseen;                          /* walls considered (their box met the move's) */
    const fxl_wall_prep *seen[FXL__SEEN]; /* the first FXL__SEEN of them */
    fxl_aabb list_cover;         /* Q16.16 inflated walls: the box of the last full search */
    size_t nlisted;              /* groups whose coarse box met list_cover's */
    const fxl_wall_prep *listed[FXL__LISTED]; /* the first of them, in order (the list's
                                                * entries past FXL__LISTED wrap) */
} search;

/* The slide of a contact on the search's own points (no fxl_vec2 passed
 * or returned: ARM code on the GBA, called from the Thumb move): from the
 * stop point x = s->to, the rest of the move to target along w: s->from =
 * x, s->to = fxl_wall_slide(w, x, target), without slide_body's check of x
 * and target against the domain. For a move in the domain it always
 * passes (every point the move reaches is in it: its ends; a stop point
 * lies between its step's ends on each axis; a slide's end passed
 * slide_body's own check), so the same answers (GBA bench ROM: move_point
 * one contact median 4,729 -> 4,655, move_circle 6,832 -> 6,758; the same
 * check once a move, in the Thumb move, cost more than it saved). Outside
 * the domain (a meaningless answer) slide_body stays defined and short
 * (walls from fxl_wall_prepare or fxl_walls_inflate: |e_i| < 2^31):
 * to - x wraps to an int32 offset d, dot = e . d is exact in int64, and
 * |e_i dot| / |e|^2 <= |d| < 2^31.5, so scale_round's quotient stays
 * below 2^32 (its remainder correction takes a few steps). */
FXL__ALWAYS_INLINE void slide_step(search *s, const fxl_wall_prep *w, fxl_vec2 target)
{
    fxl_vec2 x = s->to, out;
    s->from = x;
    if (slide_body(w, x, target, &out, false))
        s->to = out;
}

FXL_ARM_CODE static void slide_into(search *s, const fxl_wall_prep *w, fxl_vec2 target)
{
    slide_step(s, w, target);
}

/* consider for a move that ends behind w's line (d1 > 0, the side value
 * of `to`). */
FXL__ALWAYS_INLINE void consider_behind(search *s, const fxl_wall_prep *w, int64_t d1)
{
    int64_t d0;
    uint64_t num, den;
    int32_t mx = fxl__offset(s->to.x, s->from.x), my = fxl__offset(s->to.y, s->from.y);
    int32_t ax = fxl__offset(w->a.x, s->from.x), ay = fxl__offset(w->a.y, s->from.y);
    /* crossing_in's tests, the wall's ends against the move's line first
     * (the one that rejects most of the walls a move ends behind). */
    int64_t ca = cross32(mx, ay, my, ax);
    int64_t cb = cross32(mx, fxl__wrap_add(ay, w->ey), my, fxl__wrap_add(ax, w->ex));
    if (fxl__sign64(ca) * fxl__sign64(cb) > 0)
        return;
    d0 = side_in(w, s->from);
    if (d0 > 0)
        return;
    num = 0u - (uint64_t)d0;
    den = (uint64_t)d1 + num;
    /* num / den < best num / best den, cross-multiplied in 128 bits. */
    if (s->best == NULL || !fxl__le128(fxl__mul64(s->num, den), fxl__mul64(num, s->den))) {
        s->best = w;
        s->num = num;
        s->den = den;
    }
}

/* Wall w, whose box meets the move's: if the move crosses it earlier than
 * the best so far, it becomes the best (the walls come in order, so on a
 * tie the first stays). Its side of `to` first: a move that ends in front
 * of the wall (the common case) takes two products; the rest is
 * consider_behind's, inlined since the side values take one smull a
 * product (a call of its own had measured better with 64-bit operands:
 * GBA move_point max 17,931 -> 17,619 cycles; inlined now, move_point
 * 10,317 -> 10,087, move_circle 19,673 -> 19,015). ARM code on the GBA
 * (its 64-bit products are single instructions there). */
FXL__ALWAYS_INLINE void consider_body(search *s, const fxl_wall_prep *w)
{
    int64_t d1 = side_in(w, s->to);
    if (d1 > 0)
        consider_behind(s, w, d1);
}

FXL_ARM_CODE static void consider(search *s, const fxl_wall_prep *w)
{
    consider_body(s, w);
}

/* Whether the coarse box at p may meet the move's (packed as m_hi, m_lo). */
FXL__ALWAYS_INLINE bool coarse_meets(const fxl_wall_prep *p, uint32_t m_hi, uint32_t m_lo)
{
    return fxl__coarse_meets(p->coarse_lo, p->coarse_hi, m_hi, m_lo);
}

/* The groups left (the first one's coarse box may meet the move's), from
 * `left` groups at p, `group` walls apart; 0 if none may. Four groups a
 * round; instances of their own for the two group sizes (constant strides,
 * and few enough values to stay in registers in Thumb code). */
FXL__ALWAYS_INLINE size_t scan_body(const fxl_wall_prep *p, size_t left, size_t group,
                                    uint32_t m_hi, uint32_t m_lo)
{
    for (; left >= 4; left -= 4, p += 4 * group) {
        if (coarse_meets(p, m_hi, m_lo))
            return left;
        if (coarse_meets(p + group, m_hi, m_lo))
            return left - 1;
        if (coarse_meets(p + 2 * group, m_hi, m_lo))
            return left - 2;
        if (coarse_meets(p + 3 * group, m_hi, m_lo))
            return left - 3;
    }
    for (; left != 0; left--, p += group)
        if (coarse_meets(p, m_hi, m_lo))
            return left;
    return 0;
}

FXL_NOINLINE static size_t scan_walls(const fxl_wall_prep *p, size_t left, uint32_t m_hi,
                                      uint32_t m_lo)
{
    return scan_body(p, left, 1, m_hi, m_lo);
}

FXL_NOINLINE static size_t scan_inflated(const fxl_wall_prep *p, size_t left, uint32_t m_hi,
                                         uint32_t m_lo)
{
    return scan_body(p, left, FXL_WALL_PARTS, m_hi, m_lo);
}

/* The move's box (from, to) packed for coarse_meets. */
FXL__ALWAYS_INLINE void coarse_move(fxl_vec2 from, fxl_vec2 to, uint32_t *m_hi, uint32_t *m_lo)
{
    *m_hi = fxl__coarse_hi(fxl__max32(from.x, to.x), fxl__max32(from.y, to.y));
    *m_lo = fxl__coarse_lo(fxl__min32(from.x, to.x), fxl__min32(from.y, to.y));
}

/* Whether the move s->from -> s->to provably meets no wall or part in a
 * coarse box (coarse_lo, coarse_hi): a 32-bit test in the boxes' own 2 px
 * cells, for Thumb code (no 64-bit product). In cell units u(v) = (v +
 * 2^31) / 2^17 a coordinate lies in cell floor(u(v)) (coarse.h), so the
 * box's walls lie in [X0, X1 + 1) x [Y0, Y1 + 1) (X0, Y0 from coarse_lo's
 * halves, X1 + 1, Y1 + 1 coarse_hi's), and a point of the move's segment
 * is A(s) + d with A(s) = Fc + s (Tc - Fc), Fc and Tc its ends' cells and
 * 0 <= d < 1 an axis; a point within one raw unit (2^-17 cells) an axis of
 * the segment too (the stop check's rounded stop points), d in [-2^-17, 1 +
 * 2^-17]. Such a point in the box has A(s) in E = [X0 - 1 - 2^-17, X1 + 1 +
 * 2^-17] x [Y0 - 1 - 2^-17, Y1 + 1 + 2^-17]. The line through Fc and Tc
 * (direction m = Tc - Fc) misses E iff |m x (2C - 2Fc)| > |mx| H + |my| W,
 * with 2C = (X0 + X1, Y0 + Y1) and W = X1 - X0 + 2 + 2^-16, H = Y1 - Y0 + 2
 * + 2^-16 E's sides. The left side is a whole number L, the right one R +
 * f with R = |mx| (Y1 - Y0 + 2) + |my| (X1 - X0 + 2) whole and f = (|mx| +
 * |my|) 2^-16 < 1 (|mx|, |my| < 2^13 below), so L > R gives L >= R + 1 > R
 * + f: the test is L > R, and then no wall of the box is crossed by the
 * move nor by such a step. (A margin of 2 cells, W = X1 - X0 + 4, had
 * measured one contact of fxl_move_circle at 7,959 cycles median, max
 * 12,812; with this one 7,413 and 12,191.) Ranges: cells are 15 bits, so
 * |2C - 2Fc| < 2^17, W, H < 2^16, and with |mx|, |my| < 2^13 (line_ok;
 * otherwise no decision) every product is below 2^30, the cross product
 * and the right side below 2^31. */
FXL__ALWAYS_INLINE bool line_misses(const search *s, uint32_t clo, uint32_t chi)
{
    int32_t x0 = (int32_t)((clo >> 16) & 0x7fffu), y0 = (int32_t)(clo & 0x7fffu);
    int32_t x1 = (int32_t)(chi >> 16) - 1, y1 = (int32_t)(chi & 0xffffu) - 1;
    int32_t px, py, c, reach;
    if (!s->line_ok)
        return false;
    px = x0 + x1 - 2 * s->fcx;
    py = y0 + y1 - 2 * s->fcy;
    c = s->mcx * py - s->mcy * px;
    reach = fxl__u2i32(fxl__abs32(s->mcx)) * (y1 - y0 + 2) +
            fxl__u2i32(fxl__abs32(s->mcy)) * (x1 - x0 + 2);
    return c > reach || -c > reach;
}

/* The cells line_misses works in, for the move s->from -> s->to. */
FXL__ALWAYS_INLINE void line_cells(search *s)
{
    s->fcx = (int32_t)fxl__coarse(s->from.x);
    s->fcy = (int32_t)fxl__coarse(s->from.y);
    s->mcx = (int32_t)fxl__coarse(s->to.x) - s->fcx;
    s->mcy = (int32_t)fxl__coarse(s->to.y) - s->fcy;
    s->line_ok = s->mcx > -8192 && s->mcx < 8192 && s->mcy > -8192 && s->mcy < 8192;
}

/* Whether p lies in s->cover, the box of the move of the last search
 * (search_body), whose walls s->seen keeps. */
FXL__ALWAYS_INLINE bool in_box(const fxl_aabb *b, fxl_vec2 p)
{
    return p.x >= b->lo.x && p.x <= b->hi.x && p.y >= b->lo.y && p.y <= b->hi.y;
}

FXL__ALWAYS_INLINE bool in_cover(const search *s, fxl_vec2 p)
{
    return in_box(&s->cover, p);
}

/* The walls of one group (`group` walls from w) for search_body: those
 * whose exact box meets the move's box are kept and considered, in order.
 * An inflated wall's FXL_WALL_PARTS parts unrolled (constant offsets, no
 * loop: GBA bench ROM, move_circle one contact median 7,213 -> 7,027, two
 * or more 15,267 -> 14,949). */
FXL__ALWAYS_INLINE void part_body(search *s, const fxl_wall_prep *w, const fxl_aabb *box)
{
    if (fxl__aabb_meets(&w->box, box)) {
        if (s->nseen < FXL__SEEN)
            s->seen[s->nseen] = w;
        s->nseen++;
        if (w != s->skip)
            consider(s, w);
    }
}

FXL__ALWAYS_INLINE void group_body(search *s, const fxl_wall_prep *w, size_t group,
                                   const fxl_aabb *box)
{
    const fxl_wall_prep *gend;
    if (group == FXL_WALL_PARTS) {
        part_body(s, w, box);
        part_body(s, w + 1, box);
        part_body(s, w + 2, box);
        part_body(s, w + 3, box);
        part_body(s, w + 4, box);
        part_body(s, w + 5, box);
        part_body(s, w + 6, box);
        part_body(s, w + 7, box);
        part_body(s, w + 8, box);
        return;
    }
    for (gend = w + group; w < gend; w++)
        part_body(s, w, box);
}

#ifdef FXL_TEST_HOOKS
uint32_t fxl__wall_listed_searches;
uint32_t fxl__wall_long_lists;
#endif

/* The wall the move s->from -> s->to crosses first (smallest t), or -1;
 * `groups` groups of `group` walls (1, or FXL_WALL_PARTS for inflated
 * walls) sharing a coarse box, from group `start` on (those before it are
 * known to miss). Two segments that meet have overlapping bounding boxes:
 * a group whose coarse box misses the move's is skipped with one packed
 * test (two subtractions: the guard bits come out set where the move's box
 * lies beyond the group's on an axis), then each wall of a group that
 * passes whose exact box misses, and only the walls left are tested
 * exactly. The walls considered are kept in s->seen (the first
 * FXL__SEEN; s->nseen counts them all). */
FXL__ALWAYS_INLINE long search_body(search *s, const fxl_wall_prep *walls, size_t groups,
                                    size_t group, size_t start)
{
    fxl_aabb box = fxl__aabb_span(s->from, s->to);
    uint32_t m_hi, m_lo;
    size_t left = groups - start;
    coarse_move(s->from, s->to, &m_hi, &m_lo);
    s->best = NULL;
    s->nseen = 0;
    s->cover = box;
    if (group != 1) {
        /* Inflated walls: the scan first lists the groups whose coarse
         * box meets the move's, in order, in a plain loop that does not
         * leave at each one (up to FXL__LISTED), then those groups go
         * through line_misses and group_body in that order; when the
         * list filled up, the scan of the groups after it goes on below,
         * one group at a time (more than FXL__LISTED met: the list is not
         * used). The same groups in the same order through the same
         * tests as that loop alone, so the same answer, s->seen and
         * s->listed; leaving and re-entering the unrolled scan at each
         * group that passed cost more than the list (GBA bench ROM,
         * move_circle one contact median 6,666 -> 6,545, max 11,333 ->
         * 10,986; two or more 14,507 -> 14,077, max 15,821 -> 15,530).
         * Measured, not kept: the listing loop unrolled by 4 (one
         * contact 6,558, two or more 14,007, max 15,536) or by 2 (6,572,
         * 13,922, 15,507); the same list for point walls (one contact
         * 4,573 -> 4,667, two or more 8,004 -> 8,232; unrolled by 4,
         * 4,622 and 8,153: their scan leaves and re-enters cheaply). */
        const fxl_wall_prep **buf = s->listed;
        size_t n = 0, i;
        line_cells(s);
        s->list_cover = box;
        for (; left != 0 && n < FXL__LISTED; left--) {
            const fxl_wall_prep *p = walls + (groups - left) * group;
            if (coarse_meets(p, m_hi, m_lo))
                buf[n++] = p;
        }
        s->nlisted = n;
        for (i = 0; i < n; i++) {
            const fxl_wall_prep *w = buf[i];
            if (line_misses(s, w->coarse_lo, w->coarse_hi))
                continue;
            group_body(s, w, group, &box);
        }
    }
    while (left != 0) {
        const fxl_wall_prep *w = walls + (groups - left) * group;
        /* scan_body inlined here (the search's own copy): a search
         * resumes its scan after each group that passes, and the call
         * of scan_walls / scan_inflated cost about 100 cycles each time
         * (GBA bench ROM, move_circle one contact median 7,429 -> 7,213,
         * move_point 4,978 -> 4,792). */
        left = scan_body(w, left, group, m_hi, m_lo);
        if (left == 0)
            break;
        w = walls + (groups - left) * group;
        if (group != 1) {
            /* Past FXL__LISTED entries the list is not used: no bound
             * check (a power of two). Inflated walls only get here with
             * the list above full. */
            s->listed[s->nlisted & (FXL__LISTED - 1)] = w;
            s->nlisted++;
            if (line_misses(s, w->coarse_lo, w->coarse_hi)) {
                left--;
                continue;
            }
        }
        group_body(s, w, group, &box);
        left--;
    }
#ifdef FXL_TEST_HOOKS
    if (group != 1 && s->nlisted > FXL__LISTED)
        fxl__wall_long_lists++;
#endif
    return s->best == NULL ? -1 : (long)(s->best - walls);
}

/* search_body for inflated walls through the groups the last full search
 * (search_body) listed, when they are all there (s->nlisted <=
 * FXL__LISTED) and the move's ends lie in s->list_cover, that search's
 * move box: the move's box lies in that box, so its coarse box in that
 * box's coarse box, and a group whose coarse box missed that one misses
 * the move's (search_body would skip it; the groups before that search's
 * start missed it too); the groups listed go through search_body's tests
 * in the same order, without the scan of every group (GBA bench ROM, 16
 * walls: the search along a slide 1,810 -> 1,348 cycles on average;
 * fxl_move_circle one contact median 8,433 -> 7,959, two or more 16,636
 * -> 16,381, max 18,258 -> 17,974), and without line_misses: a group it
 * would skip has no part the move can cross, so the same answer; the
 * parts kept are search_body's and those of such groups whose box meets
 * the move's, still every part that can cross a step inside that box
 * (the stop check). The line test skipped few groups of these short
 * moves and cost about 190 cycles a group (move_circle one contact
 * median 7,027 -> 6,832, two or more 14,949 -> 14,813, max 16,738 ->
 * 16,140). s->cover becomes the move's box (the kept parts'), and
 * s->list_cover stays: the list holds every group whose coarse box meets
 * any box inside it, so the searches after a second contact use it too
 * (two or more contacts 16,381 -> 15,502 median, max 17,949 -> 17,021,
 * against narrowing it to each listed search's box). -2 when the list
 * does not decide. */
FXL_NOINLINE static long search_listed(search *s, const fxl_wall_prep *walls)
{
    fxl_aabb box;
    uint32_t m_hi, m_lo;
    size_t i;
    /* s->from lies in s->list_cover for a move in the domain: it is the
     * start of the full search that set it, a stop point between the ends
     * of a search's move inside it, or the start of such a move (a slide's
     * end is tested below before its search goes through the list). */
    if (s->nlisted > FXL__LISTED || !in_box(&s->list_cover, s->to))
        return -2;
    box = fxl__aabb_span(s->from, s->to);
    coarse_move(s->from, s->to, &m_hi, &m_lo);
    s->best = NULL;
    s->nseen = 0;
    s->cover = box;
    for (i = 0; i < s->nlisted; i++) {
        const fxl_wall_prep *w = s->listed[i];
        if (coarse_meets(w, m_hi, m_lo))
            group_body(s, w, FXL_WALL_PARTS, &box);
    }
#ifdef FXL_TEST_HOOKS
    fxl__wall_listed_searches++;
#endif
    return s->best == NULL ? -1 : (long)(s->best - walls);
}

/* The search's instances for the two group sizes: point walls and
 * inflated walls (both keep the walls considered, for the stop check). */
FXL_NOINLINE static long search_points(search *s, const fxl_wall_prep *walls, size_t groups,
                                       size_t start)
{
    return search_body(s, walls, groups, 1, start);
}

FXL_NOINLINE static long search_inflated(search *s, const fxl_wall_prep *walls, size_t groups,
                                         size_t start)
{
    return search_body(s, walls, groups, FXL_WALL_PARTS, start);
}

static long first_crossing(search *s, const fxl_wall_prep *walls, size_t groups, size_t group,
                           size_t start)
{
    return group == 1 ? search_points(s, walls, groups, start)
                      : search_inflated(s, walls, groups, start);
}

/* The stop check's search when contact_seen cannot decide it: over
 * inflated walls through the groups listed when they decide
 * (search_listed: the stop point in the box of the search that found the
 * contact, which kept more than FXL__SEEN_PARTS parts), else over every
 * group. */
FXL_NOINLINE static long check_crossing(search *s, const fxl_wall_prep *walls, size_t groups,
                                       size_t group)
{
    long w = group == 1 ? -2 : search_listed(s, walls);
    return w != -2 ? w : first_crossing(s, walls, groups, group, 0);
}

/* Whether one of the walls the last search kept (all it considered)
 * is crossed by the step s->from -> s->to: consider's test, without the
 * ordering. */
FXL__ALWAYS_INLINE bool seen_crossed(const search *s)
{
    size_t i;
    for (i = 0; i < s->nseen; i++) {
        const fxl_wall_prep *w = s->seen[i];
        int64_t d1 = side_in(w, s->to);
        if (d1 > 0 && crossing_in(w, s->from, s->to, side_in(w, s->from), d1))
            return true;
    }
    return false;
}

/* Whether the walls the last search kept decide if the step from
 * s->from to the stop point x = s->to crosses a wall (the stop check),
 * right after a search over s->from -> target found the contact (at
 * most `limit` kept). A crossed wall's segment meets the step, so its box meets the
 * step's box, and its coarse box the step's coarse box (first_crossing's
 * filters only skip walls that cannot cross). s->cover, the box of the
 * move of the search that kept the walls, holds s->from: it is that
 * search's start (its move s->from -> target), or the start of a search
 * kept_crossing decided inside s->cover. When x lies in it too, the
 * step's box lies in that search's move box: every
 * wall that can cross the step met the move's box and was considered
 * (groups before a search's start missed the move's coarse box, so they
 * miss the step's too), so it is among the kept ones unless there were
 * more than FXL__SEEN: then those decide with first_crossing's own test,
 * the same answer without the scans (point walls: GBA move_point max
 * 17,619 -> 15,765 cycles; inflated walls when at most FXL__SEEN_PARTS
 * parts were kept: move_circle max 23,521 -> 22,478 cycles with
 * scale_two32 inlined). Otherwise (too many walls) a search decides. x
 * always lies in s->cover for a move in the domain, so it is not tested:
 * target lies in it too (the end of that search's move, or a slide's end
 * kept_crossing found in it), and x lies between s->from and target on
 * each axis (x = s->from + m t rounded with 0 <= t < 1: the rounding of a
 * value in [0, |m|) stays in [0, |m|]), so in the box of the two (GBA
 * bench ROM: move_point one contact median 4,607 -> 4,573, move_circle
 * 6,758 -> 6,714). Outside the domain (wrapped offsets) x may lie
 * elsewhere: a meaningless answer, still defined. */
FXL__ALWAYS_INLINE bool seen_decide(const search *s, size_t limit)
{
    return s->nseen <= limit;
}

/* The search along a slide s->from -> s->to (after a contact) over point
 * walls, from the walls the last search kept, when they decide it: the
 * index of the wall it crosses first, or -1; -2 when a search must
 * decide. They do when that search kept them all (at most FXL__SEEN) and
 * the slide's ends lie in B = s->cover, that search's move box: it
 * considered every wall whose box meets B (search_body's
 * coarse and exact box tests only skip walls whose box misses it, and the
 * groups before its start missed B's coarse box), and a wall the slide
 * crosses meets the slide, so its box meets the slide's box, which lies
 * in B: it is a kept one. consider goes through them in the order the
 * search met them (the walls' order: the first of equal crossings stays,
 * as in search_body), past s->skip as search_body does; a kept wall whose
 * box misses the slide's cannot cross it and is never chosen. The same
 * answer without the scans (a slide's end usually lies in B: the slide
 * takes the move's part along the wall, and a wall the move ran into
 * head-on leaves little else). Not for inflated walls: line_misses skips
 * groups a slide may still meet. s->seen and s->cover stay (the kept
 * walls are still all that meet B, for the stop check of a contact found
 * here and the search after it). GBA move_point max 9,535 -> 8,783
 * cycles. Measured slower, not kept: each kept wall's box tested against
 * the slide's first (max 8,801), this search inside contact_seen's ARM
 * call (8,815), and for inflated walls, the kept parts narrowed to those
 * meeting the slide's box as the next search's (move_circle max 18,258 ->
 * 18,682, wall.h). Each kept wall goes through consider's own ARM call,
 * not inlined here (a smaller frame, fewer registers saved: move_point
 * one contact median 4,792 -> 4,729, two or more 8,394 -> 8,310). */
#ifdef FXL_TEST_HOOKS
uint32_t fxl__wall_kept_searches;
#endif

FXL_ARM_CODE static long kept_crossing(search *s, const fxl_wall_prep *walls)
{
    size_t i;
    /* s->from is in s->cover: it is the stop point contact_seen found in
     * it (seen_decide), or the start or stop point of the stop check's
     * search, whose move box s->cover then is. */
    if (s->nseen > FXL__SEEN || !in_cover(s, s->to))
        return -2;
#ifdef FXL_TEST_HOOKS
    fxl__wall_kept_searches++;
#endif
    s->best = NULL;
    for (i = 0; i < s->nseen; i++)
        if (s->seen[i] != s->skip)
            consider(s, s->seen[i]);
    return s->best == NULL ? -1 : (long)(s->best - walls);
}

/* A contact on wall w, whose crossing of s->from -> target the search
 * found: the stop point into s->to, its check from the kept walls when
 * they decide it (seen_decide; if the step crosses one, the mover stays
 * at s->from) and the slide (slide_step), then true; false, with the stop
 * point in s->to, when a search must check it. One ARM call for the whole
 * contact in the common case (GBA move_point max 10,087 -> 10,014 cycles,
 * move_circle 19,015 -> 18,731). */
FXL_ARM_CODE static bool contact_seen(search *s, const fxl_wall_prep *w, fxl_vec2 target,
                                      size_t limit)
{
    s->to = meet_known(w, s->from, target, s->num, s->den);
    if (!seen_decide(s, limit))
        return false;
    if (seen_crossed(s))
        s->to = s->from;
    slide_step(s, w, target);
    return true;
}

/* The move, once a group's coarse box (group `start`) was found to meet
 * its box (or `touched` must be written); wall i reports as touched bit i /
 * group (1 for point walls, FXL_WALL_PARTS for inflated ones). A contact
 * is found by one search, and the stop point short of it checked by
 * another; after FXL_MOVE_PASSES contacts the last slide is taken only if
 * it is free, else the mover stays at the last safe position. Coordinates
 * are copied one by one: whole fxl_vec2 copies become memcpy calls in Thumb
 * code. */
FXL_NOINLINE static fxl_move move(const fxl_wall_prep *walls, size_t groups, size_t group,
                                  size_t start, fxl_vec2 from, fxl_vec2 to, uint32_t *touched)
{
    fxl_move m;
    search s;
    long w;
    size_t limit = group == 1 ? FXL__SEEN : FXL__SEEN_PARTS;
    if (touched != NULL) {
        size_t i;
        for (i = 0; i < (groups + 31) / 32; i++)
            touched[i] = 0;
    }
    s.from.x = from.x;
    s.from.y = from.y;
    s.to.x = to.x;
    s.to.y = to.y;
    s.best = NULL;
    s.skip = NULL;
    s.num = 0;
    s.den = 1;
    m.contacts = 0;
    m.stopped = false;
    w = first_crossing(&s, walls, groups, group, start);
    for (;;) {
        fxl_vec2 target;
        if (w < 0) {
            m.pos.x = s.to.x; /* the rest of the move crosses nothing */
            m.pos.y = s.to.y;
            return m;
        }
        if (m.contacts == FXL_MOVE_PASSES) {
            m.pos.x = s.from.x; /* out of contacts */
            m.pos.y = s.from.y;
            m.stopped = true;
            return m;
        }
        target.x = s.to.x;
        target.y = s.to.y;
        if (touched != NULL) {
            size_t bit = group == 1 ? (size_t)w : (size_t)w / FXL_WALL_PARTS;
            touched[bit >> 5] |= (uint32_t)1 << (bit & 31u);
        }
        m.contacts++;
        /* Stop where the move meets the wall, rounded to its front; the
         * step there is checked against every wall again (a rounded point
         * in a tight corner could sit behind a neighbour): if it crosses
         * one, stay put. Then slide along the wall for the rest. */
        /* The wall hit cannot be crossed by the step to the stop point
         * (rounded to its front: side <= 0) nor by the slide from there
         * (the slide keeps the side value or lowers it: its part along the
         * wall adds nothing, the rounding towards the front only lowers
         * it), so the searches that follow keep it, for the next stop
         * point's check, without testing it (GBA move_point max 10,014 ->
         * 9,838 cycles). */
        s.skip = &walls[w];
        if (!contact_seen(&s, &walls[w], target, limit)) {
            if (check_crossing(&s, walls, groups, group) >= 0) {
                s.to.x = s.from.x;
                s.to.y = s.from.y;
            }
            slide_into(&s, &walls[w], target);
        }
        /* After a contact, a slide of zero length (a move straight into a
         * wall along an axis, or one that stayed put) crosses nothing (a
         * crossing needs its start in front of or on a wall and its end
         * strictly behind): no search. Along point walls the walls kept
         * may decide the search (kept_crossing), along inflated walls the
         * groups the search before listed (search_listed). */
        if (s.to.x == s.from.x && s.to.y == s.from.y) {
            w = -1;
        } else {
            w = group == 1 ? kept_crossing(&s, walls) : search_listed(&s, walls);
            if (w == -2)
                w = first_crossing(&s, walls, groups, group, 0);
        }
    }
}

/* A move through `groups` groups of `group` walls. The common case, a move
 * whose box meets no group's coarse box, ends after one scan; the rest goes
 * to move. */
FXL__ALWAYS_INLINE fxl_move move_fast(const fxl_wall_prep *walls, size_t groups, size_t group,
                                      fxl_vec2 from, fxl_vec2 to, uint32_t *touched)
{
    fxl_move m;
    uint32_t m_hi, m_lo;
    size_t left;
    FXL_ASSERT((walls != NULL || groups == 0) && fxl__vec_ok(from) && fxl__vec_ok(to));
    coarse_move(from, to, &m_hi, &m_lo);
    left = group == 1 ? scan_walls(walls, groups, m_hi, m_lo)
                      : scan_inflated(walls, groups, m_hi, m_lo);
    if (left != 0 || touched != NULL)
        return move(walls, groups, group, groups - left, from, to, touched);
    m.pos.x = to.x;
    m.pos.y = to.y;
    m.contacts = 0;
    m.stopped = false;
    return m;
}

fxl_move fxl_move_point(const fxl_wall_prep *walls, size_t n, fxl_vec2 from, fxl_vec2 to,
                        uint32_t *touched)
{
    return move_fast(walls, n, 1, from, to, touched);
}

fxl_move fxl_move_circle(const fxl_wall_prep *inflated, size_t n, fxl_vec2 from, fxl_vec2 to,
                         uint32_t *touched)
{
    return move_fast(inflated, n, FXL_WALL_PARTS, from, to, touched);
}

#ifdef FXL_TEST_HOOKS
uint32_t fxl__wall_div_estimate(uint64_t n, uint32_t d)
{
    return div_estimate(n, d);
}

void fxl__wall_scale_pair(int32_t vx, int32_t vy, uint64_t num, uint64_t den, bool upx, bool upy,
                          int32_t *ox, int32_t *oy)
{
    scale_two32(vx, vy, num, den, upx, upy, ox, oy);
}

bool fxl__wall_line_misses(fxl_vec2 from, fxl_vec2 to, uint32_t coarse_lo, uint32_t coarse_hi)
{
    search s;
    s.from = from;
    s.to = to;
    line_cells(&s);
    return line_misses(&s, coarse_lo, coarse_hi);
}
#endif

/* ---- inflation for circle movers -----------------------------------------
 *
 * Around a wall's end the circle's centre must stay outside a quarter disc
 * of radius r (the end cap). A polygon of 4 facets circumscribes it: from
 * the tangent point at the front normal (angle 0), through vertices at
 * 15, 45 and 75 degrees at radius R * sec(15 deg), to the tangent point
 * along the wall (90 degrees). Angles are table steps (171, 512, 853, 1024
 * of the normal's own), so sec(15 deg) is taken as 1.0355 (67863 / 65536 >
 * sec(171 steps) = 1.03539); then every facet lies at least R from the end:
 * the first and last lie beyond the tangent lines, the middle ones at
 * R * 1.0355 * cos(170.5 steps) = 1.00028 R. R = r + r/16384 + 4 raw covers
 * the table vectors' 1.1e-5 and the normal's rounding to a table step (3e-7
 * of R), and the vertices sit at (R + 2 raw) * 1.0355 + 1 raw, which covers
 * their rounding to Q16.16 (< 1 raw). */

/* A point at `dist` (Q16.16) from base in table direction a, rounded. */
static fxl_vec2 polar(fxl_vec2 base, fxl_angle a, int64_t dist, bool *ok)
{
    int64_t x = base.x + fxl__round_shift(dist * fxl_cos(a), 16);
    int64_t y = base.y + fxl__round_shift(dist * fxl_sin(a), 16);
    if (!fxl__coord64_ok(x) || !fxl__coord64_ok(y))
        *ok = false;
    return fxl_vec2_make((fix16_t)x, (fix16_t)y);
}

/* A prepared wall from p to q, or a disabled one (it never crosses) when
 * the two coincide. */
static void part(fxl_vec2 p, fxl_vec2 q, fxl_wall_prep *out)
{
    fxl_wall w;
    w.a = p;
    w.b = q;
    if (fxl_wall_prepare(&w, out) != FXL_OK) {
        out->a = p;
        out->ex = out->ey = 0;
        out->len2 = 0;
        out->box.lo = p;
        out->box.hi = p;
        set_coarse(out, &out->box);
    }
}

fxl_result fxl_walls_inflate(const fxl_wall *walls, size_t n, fix16_t r, fxl_wall_prep *out,
                             size_t cap)
{
    static const int16_t cap_dir[5] = {0, 171, 512, 853, 1024};
    size_t i;
    fxl_result res;
    if ((walls == NULL || out == NULL) && n != 0)
        return FXL_ERR_NULL;
    res = fxl__check_size(r, FXL_ERR_RADIUS_NEGATIVE, FXL_ERR_RADIUS_RANGE);
    if (res != FXL_OK)
        return res;
    if (cap / FXL_WALL_PARTS < n)
        return FXL_ERR_CAPACITY;
    for (i = 0; i < n; i++) {
        fxl_wall_prep w;
        fxl_vec2 va[5], vb[5], off;
        fxl_angle normal;
        int64_t reach, far;
        bool ok = true, exact;
        int k;
        res = fxl_wall_prepare(&walls[i], &w);
        if (res != FXL_OK)
            return res;
        /* The front normal (ey, -ex) as a table angle; along an axis it is
         * exact and the shift needs no margin. */
        normal = fxl_atan2(-w.ex, w.ey);
        exact = w.ex == 0 || w.ey == 0;
        reach = (int64_t)r + (exact ? 0 : (r >> 14) + 4);
        far = ((reach + 2) * 67863 + 65535) / 65536 + 1; /* +2: vertex rounding */
        off = polar(fxl_vec2_make(0, 0), normal, reach, &ok);
        for (k = 0; k < 5; k++) {
            /* End b: from the normal (0) round to along the wall (+1024);
             * end a: from behind along the wall (-1024) round to the normal. */
            int64_t d = k == 0 || k == 4 ? reach : far;
            vb[k] = polar(walls[i].b, normal + cap_dir[k], d, &ok);
            va[k] = polar(walls[i].a, normal - cap_dir[4 - k], d, &ok);
        }
        if (!ok)
            return FXL_ERR_COORD_RANGE;
        /* The shifted front uses the same offset at both ends, so it stays
         * parallel to the wall and meets both caps exactly. */
        va[4] = fxl_vec2_make(walls[i].a.x + off.x, walls[i].a.y + off.y);
        vb[0] = fxl_vec2_make(walls[i].b.x + off.x, walls[i].b.y + off.y);
        if (!fxl__vec_ok(va[4]) || !fxl__vec_ok(vb[0]))
            return FXL_ERR_COORD_RANGE;
        for (k = 0; k < 4; k++)
            part(va[k], va[k + 1], &out[i * FXL_WALL_PARTS + (size_t)k]);
        part(va[4], vb[0], &out[i * FXL_WALL_PARTS + 4]);
        for (k = 0; k < 4; k++)
            part(vb[k], vb[k + 1], &out[i * FXL_WALL_PARTS + 5 + (size_t)k]);
        /* The group's coarse box: all nine parts together. */
        {
            fxl_wall_prep *o = &out[i * FXL_WALL_PARTS];
            fxl_aabb box = o[0].box;
            for (k = 1; k < FXL_WALL_PARTS; k++)
                box = fxl__aabb_union(box, o[k].box);
            for (k = 0; k < FXL_WALL_PARTS; k++)
                set_coarse(&o[k], &box);
        }
    }
    return FXL_OK;
}
