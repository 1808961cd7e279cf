/* bounce_hit.c - a bouncing laser's legs against a circle, tested directly
 * (cast.h): each leg the capsule of radius h about its segment start..end,
 * h = the laser's hit half-width (fix16_mul(half_width, hit_fraction), as
 * a curvy laser's untapered h_k), the union of the legs, touching a hit.
 *
 * Cost model. Per leg a 32-bit box test (the leg's box grown by R = h + r
 * against the circle's centre, Thumb code in ROM): all a far leg costs.
 * A leg whose box holds the centre goes to leg_exact (ARM code in ROM:
 * 32x32->64 multiplies without library calls): the slab reject at an
 * upper bound of the leg's length, the two end disks, the projection,
 * the sure hit at a lower bound of its length, all in 64-bit products,
 * and a 128-bit compare only in the band between the two bounds (the
 * bounds within 2 % of each other). No IWRAM. */
#include "fixlaser/cast.h"

#include "domain.h"
#include "hitbox.h"
#include "util.h"
#include "wide.h"

/* Bounds on |d| from M >= m >= 0, the larger and smaller of |dx|, |dy|
 * (M <= FXL_SIZE_MAX): lo <= |d| <= hi, hi <= 1.0197 lo + 3.
 * Lower: the dot products of (M, m), whose angle lies in [0, 45] degrees,
 * with the unit vectors at 0, 22.5 and 45 degrees, each with its
 * coefficients rounded down (cos 22.5 = 60547.6 / 65536, sin 22.5 =
 * 25079.1 / 65536, cos 45 = 46340.95 / 65536) and the product floored:
 * each at most the true dot product, at most |d|.
 * Upper: one of the three directions lies within 11.25 degrees of (M, m),
 * so the largest true dot product t >= |d| cos 11.25, |d| <= 1.0195911 t;
 * the roundings lose under 0.6 M + 0.13 m + 0.95 (M + m) < 1.9 M (in
 * 1/65536) and 1 from the floor: t < lo + 1.9 M / 65536 + 1 <= lo (1 +
 * 2.9e-5) + 1 (M <= lo). So |d| < 1.0196207 lo + 1.02, and hi = lo +
 * floor(lo 1286 / 65536) + 3 > lo (1 + 0.0196228) + 2 is above it.
 * M < 2^28: the products below 2^45 (64 bits), lo < 2^29, hi < 2^30. */
FXL__ALWAYS_INLINE uint32_t len_lo(uint32_t M, uint32_t m)
{
    uint32_t lo = M, t;
    t = (uint32_t)(((uint64_t)M * 60547u + (uint64_t)m * 25079u) >> 16);
    if (t > lo)
        lo = t;
    t = (uint32_t)(((uint64_t)(M + m) * 46340u) >> 16);
    return t > lo ? t : lo;
}

/* The exact test of one leg whose box, grown by R, holds the centre (cx,
 * cy) (in the domain: |cx|, |cy| <= FXL_COORD_MAX), R <= 2^29: the point
 * lies within R of the segment s..e. A leg outside the domain (an end
 * beyond +-FXL_COORD_MAX, or |e - s| > FXL_SIZE_MAX on an axis) is a miss.
 * With q = centre - s, d = e - s: the box test bounds |q| per axis by
 * |d| + R < 2^29.6, so |q|^2, |q - d|^2 < 2^60.2, |q x d|, |q.d| < 2^58.6,
 * |d|^2 < 2^57, R^2 <= 2^58, R hi < 2^59: 64 bits; the last compare's
 * (q x d)^2 < 2^117.2, R^2 |d|^2 < 2^115: 128 bits.
 * The nearest point of the segment is s + t d, t = q.d / |d|^2 clamped to
 * [0, 1]: an end when q.d <= 0 or q.d >= |d|^2 (the end disks decide),
 * else the foot on the line, at distance |q x d| / |d|: a hit iff
 * |q x d| <= R |d|, sure when |q x d| <= R lo, ruled out when |q x d| >
 * R hi (then the whole line, ends included, lies farther than R: tested
 * first), and decided in the band between by (q x d)^2 <= R^2 |d|^2.
 * d = 0: |q x d| = 0 passes the slab, the start's disk decides. */
FXL_WARM_CODE FXL_NOINLINE static bool leg_exact(const fxl_bounce *g, int32_t cx, int32_t cy,
                                                 uint32_t R)
{
    int32_t sx = g->start.x, sy = g->start.y, ex = g->end.x, ey = g->end.y;
    int32_t dx, dy, qx, qy;
    uint32_t adx, ady, lo, hi;
    uint64_t cr, RR, qq, ee, a;
    int64_t b, fx, fy;
    if (!fxl__coord_ok(sx) || !fxl__coord_ok(sy) || !fxl__coord_ok(ex) || !fxl__coord_ok(ey))
        return false;
    dx = ex - sx; /* within 2^31 - 2: no overflow */
    dy = ey - sy;
    adx = fxl__abs32(dx);
    ady = fxl__abs32(dy);
    if (adx > (uint32_t)FXL_SIZE_MAX || ady > (uint32_t)FXL_SIZE_MAX)
        return false;
    qx = cx - sx;
    qy = cy - sy;
    lo = adx > ady ? len_lo(adx, ady) : len_lo(ady, adx);
    hi = lo + (uint32_t)(((uint64_t)lo * 1286u) >> 16) + 3u;
    cr = fxl__abs64((int64_t)qx * dy - (int64_t)qy * dx);
    if (cr > (uint64_t)R * hi)
        return false;
    RR = (uint64_t)R * R;
    qq = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
    if (qq <= RR)
        return true;
    fx = (int64_t)qx - dx;
    fy = (int64_t)qy - dy;
    ee = (uint64_t)(fx * fx) + (uint64_t)(fy * fy);
    if (ee <= RR)
        return true;
    a = (uint64_t)((int64_t)dx * dx) + (uint64_t)((int64_t)dy * dy);
    b = (int64_t)qx * dx + (int64_t)qy * dy;
    if (b <= 0 || (uint64_t)b >= a)
        return false;
    if (cr <= (uint64_t)R * lo)
        return true;
    return fxl__le128(fxl__sq(cr), fxl__mul64(RR, a));
}

bool fxl_bounce_vs_circle(const fxl_laser *laser, const fxl_bounce *legs, size_t n,
                          fxl_circle circle)
{
    uint32_t hw, f, r, R, R2;
    int32_t cx = circle.c.x, cy = circle.c.y;
    size_t i;
    if (laser == NULL || legs == NULL || !fxl__coord_ok(cx) || !fxl__coord_ok(cy))
        return false;
    /* The hit half-width as fxl__curvy_hit gives an untapered node's: the
     * half-width clamped to 0..FXL_SIZE_MAX, the fraction to 0..1, then
     * fix16_mul's rounding (fxl__hit_width); r clamped likewise: R <= 2^29. */
    hw = (uint32_t)laser->half_width;
    if (hw > (uint32_t)FXL_SIZE_MAX)
        hw = laser->half_width < 0 ? 0u : (uint32_t)FXL_SIZE_MAX;
    f = (uint32_t)laser->hit_fraction;
    if (f > (uint32_t)fix16_one)
        f = laser->hit_fraction < 0 ? 0u : (uint32_t)fix16_one;
    r = (uint32_t)circle.r;
    if (r > (uint32_t)FXL_SIZE_MAX)
        r = circle.r < 0 ? 0u : (uint32_t)FXL_SIZE_MAX;
    R = (uint32_t)fxl__hit_width((fix16_t)hw, (fix16_t)f) + r;
    R2 = 2u * R;
    for (i = 0; i < n; i++) {
        const fxl_bounce *g = &legs[i];
        int32_t s = g->start.x, e = g->end.x, lo, hi;
        /* The centre within the leg's box grown by R, an axis at a time:
         * c in [lo - R, hi + R] iff c - lo + R, taken modulo 2^32, is at
         * most hi - lo + 2R. Exact for a leg in the domain (hi - lo <=
         * FXL_SIZE_MAX, 2R <= 2^30: the bound below 2^31; c - lo + R in
         * (-2^31, 2^31 + 2^29): a value below lo - R wraps to 2^31 or
         * more). Wrapped, meaningless and defined for a leg outside it,
         * which leg_exact then turns down. */
        if (s < e) {
            lo = s;
            hi = e;
        } else {
            lo = e;
            hi = s;
        }
        if ((uint32_t)cx - (uint32_t)lo + R > (uint32_t)hi - (uint32_t)lo + R2)
            continue;
        s = g->start.y;
        e = g->end.y;
        if (s < e) {
            lo = s;
            hi = e;
        } else {
            lo = e;
            hi = s;
        }
        if ((uint32_t)cy - (uint32_t)lo + R > (uint32_t)hi - (uint32_t)lo + R2)
            continue;
        if (leg_exact(g, cx, cy, R))
            return true;
    }
    return false;
}
