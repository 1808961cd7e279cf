/* curvy_parts.h - internal: what the curvy laser's files share: the hit
 * widths, the walk over the segments a query box may reach (chunk boxes,
 * then node boxes, in 32-bit arithmetic) and the exact tapered-capsule test
 * (curvy_hit.c). */
#ifndef FXL_CURVY_PARTS_H
#define FXL_CURVY_PARTS_H

#include "fixlaser/curvy.h"

#include "hitbox.h"
#include "util.h"
#include "wide.h"

/* A trail fxl_curvy_init set up (its storage at least): what every curvy
 * call but init and check asserts, so that a checked build traps a zeroed
 * fxl_curvy (curvy.h). */
#define FXL__CURVY_SET_UP(c)                                                                     \
    ((c) != NULL && (c)->nodes != NULL && (c)->boxes != NULL && (c)->cap >= 2u)

/* Boxes per ring without the spare (the spare box is boxes[chunks]). */
static inline uint32_t fxl__curvy_chunks(uint32_t cap)
{
    return (cap + FXL_CURVY_CHUNK - 1u) / FXL_CURVY_CHUNK;
}

/* The drawn (tapered) half-width of node k of c whose own half-width is w:
 * min(w, taper * (1 + e_k)), e_k = min(k, count - 1 - k). Every input
 * clamped into its domain first (w to 0..FXL_SIZE_MAX; a taper outside
 * 0..FXL_SIZE_MAX read as unsigned): no overflow for any value. */
static inline uint32_t fxl__curvy_drawn(const fxl_curvy *c, uint32_t k, fix16_t w)
{
    uint32_t u = (uint32_t)w > (uint32_t)FXL_SIZE_MAX ? (w < 0 ? 0u : (uint32_t)FXL_SIZE_MAX)
                                                     : (uint32_t)w;
    uint32_t taper = (uint32_t)c->taper, back = c->count - 1u - k;
    if (taper != 0) {
        /* taper * n, n = 1 + e <= 65535, in two 32-bit products (Thumb
         * code has no 32x32->64 multiply): hi = (taper >> 16) n < 2^32 and
         * lo = (taper & 0xFFFF) n < 2^32; the product is hi 2^16 + lo,
         * at least 2^28 > u when hi >= 2^12 or lo >= 2^28, and otherwise
         * below 2^29. */
        uint32_t n = (k < back ? k : back) + 1u, hi = (taper >> 16) * n, lo = (taper & 0xFFFFu) * n;
        if (hi < (1u << 12) && lo < (1u << 28) && (hi << 16) + lo < u)
            u = (hi << 16) + lo;
    }
    return u;
}

/* The hit half-width h_k (curvy.h), harmless or not: fix16_mul of the drawn
 * half-width by hit_fraction (clamped to 0..1), halves up. */
static inline uint32_t fxl__curvy_hit(const fxl_curvy *c, uint32_t k, fix16_t w)
{
    uint32_t f = (uint32_t)c->hit_fraction;
    /* A fraction of exactly one (the usual) leaves the drawn width as it
     * is: fxl__hit_width(h, 2^16) = (h >> 16) 2^16 + (((h & 0xFFFF) 2^16 +
     * 2^15) >> 16) = h. */
    if (f == (uint32_t)fix16_one)
        return fxl__curvy_drawn(c, k, w);
    if (f > (uint32_t)fix16_one)
        f = c->hit_fraction < 0 ? 0u : (uint32_t)fix16_one;
    return (uint32_t)fxl__hit_width((fix16_t)fxl__curvy_drawn(c, k, w), (fix16_t)f);
}

/* A query: the closed box (Q16.16) every point the circle covers lies in
 * (the circle, or the whole path of a moving one): the box of the circles
 * of radius r (<= FXL_SIZE_MAX) about the points between (ax, ay) and (bx,
 * by). Exact in the domain (every bound within 2^30 + 2^28), wrapped
 * (meaningless, defined) outside it. */
FXL__ALWAYS_INLINE fxl_aabb fxl__curvy_query(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by,
                                            uint32_t r)
{
    fxl_aabb q;
    q.lo.x = (int32_t)((uint32_t)fxl__min32(ax, bx) - r);
    q.lo.y = (int32_t)((uint32_t)fxl__min32(ay, by) - r);
    q.hi.x = (int32_t)((uint32_t)fxl__max32(ax, bx) + r);
    q.hi.y = (int32_t)((uint32_t)fxl__max32(ay, by) + r);
    return q;
}

/* The trail's box (kept by fxl_curvy_push) meets q: the first reject, all
 * a far circle costs. */
FXL__ALWAYS_INLINE bool fxl__curvy_near(const fxl_curvy *c, const fxl_aabb *q)
{
    return fxl__aabb_meets(&c->trail_box, q);
}

/* Called for each live, uncut segment k (nodes a -> b) the walk could not
 * reject; true stops the walk. */
typedef bool (*fxl__curvy_seg_fn)(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                                  fxl_curvy_node *b);

/* FXL__CURVY_NEAR_CALL: GCC on ARM, a plain BL where -mlong-calls would
 * load the function's address and BX through a stub (bounce_band.h's
 * FXL__SHORT_CALL): for Thumb code in ROM called from Thumb code in ROM. */
#if defined(__GNUC__) && defined(__arm__) && !defined(__clang__)
#define FXL__CURVY_NEAR_CALL __attribute__((short_call))
#else
#define FXL__CURVY_NEAR_CALL
#endif

/* fxl__curvy_walk for a trail of two nodes or more whose box meets q
 * (fxl__curvy_near). */
FXL__CURVY_NEAR_CALL
bool fxl__curvy_walk_near(const fxl_curvy *c, const fxl_aabb *q, fxl__curvy_seg_fn fn,
                          void *ctx);

/* Visits the live segments of c whose chunk box and whose two nodes' disk
 * boxes meet q, oldest first; true as soon as fn returns true. */
FXL__ALWAYS_INLINE bool fxl__curvy_walk(const fxl_curvy *c, const fxl_aabb *q,
                                        fxl__curvy_seg_fn fn, void *ctx)
{
    return c->count >= 2 && fxl__curvy_near(c, q) && fxl__curvy_walk_near(c, q, fn, ctx);
}

/* The exact test: true iff the point at offset q from node A lies in the
 * convex hull of the disks (0, r0) and (d, r1), d = B - A (Q16.16). Domain
 * (false outside it): |q| <= 2^30, |d| < 2^29 per axis, r0, r1 < 2^30,
 * |r1 - r0| < 2^29. len1: fxl__curvy_len1 of this very d, or 0 (unknown):
 * it only speeds the test up. */
bool fxl__curvy_capsule(int32_t qx, int32_t qy, int32_t dx, int32_t dy, uint32_t r0, uint32_t r1,
                        uint32_t len1);

/* The radius clamped to 0..FXL_SIZE_MAX (a meaningless but bounded value
 * outside the domain). */
static inline uint32_t fxl__curvy_radius(fix16_t r)
{
    return (uint32_t)r > (uint32_t)FXL_SIZE_MAX ? (r < 0 ? 0u : (uint32_t)FXL_SIZE_MAX) : (uint32_t)r;
}

/* The hit half-widths of live segment k's nodes (k + 1 < count), *h0 =
 * h_k and *h1 = h_k+1, fxl__curvy_hit of each, for ARM code
 * (FXL_WARM_CODE), which has a 32x32->64 multiply: one product a node
 * instead of Thumb's two halves and their tests. At a hit fraction of
 * exactly one (the usual) the hit widths are the drawn ones, and
 * fxl__curvy_drawn is min(u, taper n), n = 1 + e: n = 1 + min(k, back) for
 * node k (back = count - 1 - k >= 1) and 1 + min(k + 1, back - 1) for node
 * k + 1, both at most 2^15 (count <= 65535), so taper n < 2^47 in 64 bits.
 * Its halves hi = (taper >> 16) n and lo = (taper & 0xFFFF) n, both below
 * 2^32 then, make hi 2^16 + lo = taper n: it takes that when hi < 2^12, lo
 * < 2^28 (the sum below 2^29, no wrap) and the sum is below u; otherwise
 * taper n >= 2^28 > u (u <= FXL_SIZE_MAX) and it keeps u, as the min does;
 * taper 0 keeps u. (tests/test_curvy.c's hit_pair_widths compares the two.) */
FXL__ALWAYS_INLINE void fxl__curvy_hit_pair(const fxl_curvy *c, uint32_t k, fix16_t wa,
                                            fix16_t wb, uint32_t *h0, uint32_t *h1)
{
    if (c->hit_fraction == fix16_one) {
        uint32_t taper = (uint32_t)c->taper, back = c->count - 1u - k;
        uint32_t u0 = fxl__curvy_radius(wa), u1 = fxl__curvy_radius(wb);
        if (taper != 0) {
            uint64_t t0 = (uint64_t)taper * ((k < back ? k : back) + 1u);
            uint64_t t1 = (uint64_t)taper * ((k + 1u < back - 1u ? k + 1u : back - 1u) + 1u);
            if (t0 < u0)
                u0 = (uint32_t)t0;
            if (t1 < u1)
                u1 = (uint32_t)t1;
        }
        *h0 = u0;
        *h1 = u1;
    } else {
        *h0 = fxl__curvy_hit(c, k, wa);
        *h1 = fxl__curvy_hit(c, k + 1u, wb);
    }
}

/* True iff a point of a moving point's path strictly between its ends lies
 * within R of a disk's centre, p = start - centre (|p| < 2^31, |m| < 2^28
 * per axis, R < 2^30): the nearest point of the line is inner iff
 * 0 < -p.m < |m|^2; its squared distance is cross(p, m)^2 / |m|^2. The ends
 * are the static tests' business. (The moving circle of curvy_swept.c and
 * the moving box's corners of curvy_aabb.c.) */
FXL__ALWAYS_INLINE bool fxl__path_disk(int64_t px, int64_t py, int32_t mx, int32_t my, uint32_t R)
{
    int64_t dot = px * mx + py * my, mm = (int64_t)mx * mx + (int64_t)my * my;
    int64_t cr = px * my - py * mx;
    if (dot >= 0 || -dot >= mm)
        return false;
    return fxl__le128(fxl__sq_signed(cr), fxl__mul64((uint64_t)R * R, (uint64_t)mm));
}

/* |q x d|, the cross product's magnitude: exact below 2^63 (|q x d| <
 * 2^60 in the capsule's domain); any int32 input stays defined (it wraps,
 * meaningless, where the exact test answers false anyway). */
FXL__ALWAYS_INLINE uint64_t fxl__cross_abs(int32_t qx, int32_t qy, int32_t dx, int32_t dy)
{
    uint64_t x = (uint64_t)((int64_t)qx * dy) - (uint64_t)((int64_t)qy * dx);
    return x >> 63 ? 0u - x : x;
}

/* A bound L >= |d| from d alone: L = M + m/2 + 1 (M, m the larger and the
 * smaller of |dx|, |dy|: (M + m/2)^2 >= M^2 + m^2 as M >= 3m/4); below
 * 2^32 for any int32 input, at most 1.12 |d| + 1. */
FXL__ALWAYS_INLINE uint32_t fxl__len_bound(int32_t dx, int32_t dy)
{
    uint32_t ax = fxl__abs32(dx), ay = fxl__abs32(dy);
    return ax > ay ? ax + (ay >> 1) + 1u : ay + (ax >> 1) + 1u;
}

/* A quick reject: q lies farther than rmax from the line through 0 and d,
 * outside every hull of disks of radii up to rmax about points of that
 * line: |q x d| > rmax L for some L >= |d| (fxl__len_bound, or the
 * segment's exact length plus one, fxl__curvy_len1); d = 0 never rejects.
 * In the capsule's domain |q x d| < 2^60; rmax, L < 2^32: rmax L < 2^64.
 * (curvy_hit.c's segments, curvy_aabb.c's boxes.) */
FXL__ALWAYS_INLINE bool fxl__slab_miss_len(int32_t qx, int32_t qy, int32_t dx, int32_t dy,
                                           uint32_t rmax, uint32_t len)
{
    return fxl__cross_abs(qx, qy, dx, dy) > (uint64_t)rmax * len;
}

FXL__ALWAYS_INLINE bool fxl__slab_miss(int32_t qx, int32_t qy, int32_t dx, int32_t dy, uint32_t rmax)
{
    return fxl__slab_miss_len(qx, qy, dx, dy, rmax, fxl__len_bound(dx, dy));
}

/* s + 1 when s, the seg_len fxl_curvy_push wrote on the newer node of the
 * segment d, is floor(|d|): s^2 <= |d|^2 < (s + 1)^2, checked here in 64
 * bits (|d| < 2^29 per axis: the squares below 2^59, s < 2^30), so that a
 * node changed behind the push's back only loses the filters built on it;
 * 0 otherwise. Then s <= |d| < s + 1: the slab's L and the untapered
 * capsule's sure hit and sure miss (curvy_hit.c's capsule_core). */
FXL__ALWAYS_INLINE uint32_t fxl__curvy_len1(int32_t dx, int32_t dy, fix16_t seg_len)
{
    uint32_t s = (uint32_t)seg_len;
    uint64_t dd, ss;
    if (fxl__abs32(dx) >= (1u << 29) || fxl__abs32(dy) >= (1u << 29) || s >= (1u << 30))
        return 0;
    dd = (uint64_t)((int64_t)dx * dx) + (uint64_t)((int64_t)dy * dy);
    ss = (uint64_t)s * s;
    return ss <= dd && dd - ss <= 2u * (uint64_t)s ? s + 1u : 0u;
}

/* fxl__curvy_len_mid's table (curvy_table.c, generated by
 * tools/gen_tables), one array so that one address reaches both parts: entry i = 1..31 is the shift 2 + floor(log2 i);
 * entry j = 32..255 the knot j of sqrt, T_j = floor(sqrt(j 2^23) 2^8)
 * (2^22 .. 2^23.5), and its rise to the next, T_j+1 - T_j (2^14.5 ..
 * 2^16), packed as (floor(T_j / 8) << 11) | floor((T_j+1 - T_j) / 32);
 * entry 0 unused. */
extern const uint32_t fxl__curvy_len_tab[256];

/* 2^46 / sqrt(j 2^25) = 2^33.5 / sqrt(j), rounded, j = 32 .. 128: the
 * knots of curvy.c's seg_length's first guess (curvy_table.c). */
extern const uint32_t fxl__curvy_rsqrt_knots[97];

/* floor(sqrt(ax^2 + ay^2)) exactly, for ax, ay < 2^28 whose q = (ax | ay)
 * >> 16 lies in 1..31 (2^16 <= ax | ay < 2^21: the step of a head moving
 * 1 to 32 px a frame on its longer axis), in 32-bit arithmetic only:
 * Thumb code, no 32x32->64 product, two table loads. The derivation, with
 * s = 2 + floor(log2 q) (2..6, the table's entry q), so that max(a, b)
 * lies in [2^14, 2^15) for a = ax >> s, b = ay >> s:
 * - w = a^2 + b^2 in [2^28, 2^31), j = w >> 23 in 32..255. With B =
 *   floor(T_j / 8) and R = floor((T_j+1 - T_j) / 32), y = 2 B + floor(R f
 *   / 2^12), f = bits 8..22 of w, is in units of 2^-6 the line from 8 B <=
 *   T_j at slope 32 R <= the rise, taken at f / 2^15, at most w's position
 *   between the knots: below the chord of sqrt between them, so below the
 *   curve (sqrt is concave): y <= sqrt(w) 2^6. The chord lies below the
 *   curve by at most h^2 / (32 x^1.5) <= 2^46 / 2^47 = 0.5 (h = 2^23, x >=
 *   2^28); the floors of B, R and the product take off at most (8 + 32 +
 *   4) / 2^8, w's low 8 bits 2^8 / 2^15: sqrt(w) - y / 2^6 < 0.68.
 * - r0 = floor(y / 2^(6 - s)) <= 2^s sqrt(w) <= sqrt(v) (v = ax^2 + ay^2),
 *   and sqrt(v) <= 2^s sqrt(w) + |(ax - 2^s a, ay - 2^s b)| < 2^s sqrt(w)
 *   + 2^s sqrt(2): the gap D = sqrt(v) - r0 lies in [0, 2.1 2^s + 1),
 *   below 136.
 * - e = v - r0^2 = D (sqrt(v) + r0) < 136 * 2 * 2^21.5 < 2^31: the 32-bit
 *   products, wrapping modulo 2^32, give it exactly.
 * - D = e / (sqrt(v) + r0). The rise T_j+1 - T_j is 2^31 / (sqrt((j + 1)
 *   2^23) + sqrt(j 2^23)) less a unit, and 32 R that less 32 (2^-9.5 of
 *   it); that sum of roots is 2 sqrt(w) within 2^-7 of it (the roots
 *   differ by at most 2^23 / (2 sqrt(2^28)) = 256, on a sum above 2^15);
 *   sqrt(v) + r0 is 2^(s+1) sqrt(w) within 2^s 2.1 + 1 (2^-13.9 of it). So
 *   d = floor(floor(e / 2^11) R / 2^(15 + s)) (the product below D
 *   2^(s+15) 1.01 < 2^28.2) is D within 1.05 % of D (1.42) plus 2^-6 (e's
 *   11 bits) plus 1 (the floor): r = r0 + d lies within 2.5 of sqrt(v).
 * - v - r^2 = e - d (2 r0 + d) (d (2 r0 + d) < 2^30), exact: |v - r^2|
 *   < 2^24.4 while r is within 3.5 of sqrt(v). r is the answer iff 0 <=
 *   v - r^2 <= 2r (one unsigned compare); otherwise r steps down while
 *   v - r^2 < 0 and up while v - r^2 > 2r (at most 3 steps, each keeping
 *   v - r^2 exact): floor(sqrt(v)). (Measured: r0 + d is within one unit
 *   of floor(sqrt(v)) over 10^8 random steps and every knot.)
 * tests/test_curvy.c's len_mid compares it with fxl__isqrt64 (the q
 * range's ends, every knot and its neighbours, Pythagorean lengths and
 * squares a unit off, random steps). */
FXL__ALWAYS_INLINE uint32_t fxl__curvy_len_mid(uint32_t ax, uint32_t ay, uint32_t q)
{
    const uint32_t *tab = fxl__curvy_len_tab;
    uint32_t s = tab[q], a = ax >> s, b = ay >> s, w = a * a + b * b;
    uint32_t k = tab[w >> 23], rise = k & 0x7FFu;
    uint32_t r0 = (((k >> 11) << 1) + ((rise * ((w << 9) >> 17)) >> 12)) >> (6u - s);
    uint32_t e = ax * ax + ay * ay - r0 * r0;
    uint32_t d = ((e >> 11) * rise) >> (15u + s), r = r0 + d;
    e -= d * (2u * r0 + d);
    if (e > 2u * r) { /* v - r^2 outside 0..2r (unsigned: below 0 too) */
        while ((int32_t)e < 0) {
            r--;
            e += 2u * r + 1u;
        }
        while (e > 2u * r) {
            r++;
            e -= 2u * r - 1u;
        }
    }
    return r;
}

#endif
