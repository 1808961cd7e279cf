/* bounce_hit.c - a bouncing laser's legs against a circle or a box, tested
 * directly (cast.h): each leg the capsule of radius h about its segment start..end,
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
 * bounds within 2 % of each other). A box: the leg's box against the box
 * grown by h (32-bit), then leg_box_exact (ARM, ROM). No IWRAM. */
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

/* A leg in the domain (ends within +-FXL_COORD_MAX, |e - s| <= FXL_SIZE_MAX
 * on each axis): d = e - s and the bounds lo <= |d| <= hi of len_lo.
 * leg_set is false for a leg outside the domain: such a leg never hits. */
typedef struct leg {
    int32_t dx, dy;
    uint32_t lo, hi;
} leg;

FXL__ALWAYS_INLINE bool leg_set(const fxl_bounce *g, leg *L)
{
    int32_t sx = g->start.x, sy = g->start.y, ex = g->end.x, ey = g->end.y;
    uint32_t adx, ady;
    if (!fxl__coord_ok(sx) || !fxl__coord_ok(sy) || !fxl__coord_ok(ex) || !fxl__coord_ok(ey))
        return false;
    L->dx = ex - sx; /* within 2^31 - 2: no overflow */
    L->dy = ey - sy;
    adx = fxl__abs32(L->dx);
    ady = fxl__abs32(L->dy);
    if (adx > (uint32_t)FXL_SIZE_MAX || ady > (uint32_t)FXL_SIZE_MAX)
        return false;
    L->lo = adx > ady ? len_lo(adx, ady) : len_lo(ady, adx);
    L->hi = L->lo + (uint32_t)(((uint64_t)L->lo * 1286u) >> 16) + 3u;
    return true;
}

/* The point at offset q from the leg's start lies within R of the segment,
 * exactly, for |q| < 2^31 per axis (two points of the domain) and R <=
 * 2^29. The nearest point of the segment is s + t d, t = q.d / |d|^2
 * clamped to [0, 1]: an end when q.d <= 0 or q.d >= |d|^2 (the end disks
 * decide), else the foot on the line, at distance |q x d| / |d|: a hit iff
 * |q x d| <= R |d|, sure when |q x d| <= R lo, ruled out when |q x d| >
 * R hi (then the whole line, ends included, lies farther than R: tested
 * first), and decided in the band between by (q x d)^2 <= R^2 |d|^2.
 * d = 0: |q x d| = 0 passes the slab, the start's disk decides.
 * Ranges: |q|^2 < 2^63, |q - d|^2 < 2^63.3 (|q - d| < 2^31 + 2^28 per
 * axis), |q x d|, |q.d| < 2^60, |d|^2 < 2^57, R^2 <= 2^58, R hi < 2^59:
 * 64 bits; the last compare's (q x d)^2 < 2^120, R^2 |d|^2 < 2^115: 128
 * bits. */
FXL__ALWAYS_INLINE bool leg_point(const leg *L, int32_t qx, int32_t qy, uint32_t R)
{
    int32_t dx = L->dx, dy = L->dy;
    uint64_t cr, RR, qq, ee, a;
    int64_t b, fx, fy;
    cr = fxl__abs64((int64_t)qx * dy - (int64_t)qy * dx);
    if (cr > (uint64_t)R * L->hi)
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
    if (cr <= (uint64_t)R * L->lo)
        return true;
    return fxl__le128(fxl__sq(cr), fxl__mul64(RR, a));
}

/* A leg whose box, grown by R, holds the circle's centre (cx, cy) (in the
 * domain): the exact test. */
FXL_WARM_CODE FXL_NOINLINE static bool leg_exact(const fxl_bounce *g, int32_t cx, int32_t cy,
                                                 uint32_t R)
{
    leg L;
    return leg_set(g, &L) && leg_point(&L, cx - g->start.x, cy - g->start.y, R);
}

/* The hit half-width h as fxl__curvy_hit gives an untapered node's: the
 * half-width clamped to 0..FXL_SIZE_MAX, the fraction to 0..1, then
 * fix16_mul's rounding (fxl__hit_width): h <= FXL_SIZE_MAX. */
FXL__ALWAYS_INLINE uint32_t leg_width(const fxl_laser *laser)
{
    uint32_t hw = (uint32_t)laser->half_width, f = (uint32_t)laser->hit_fraction;
    if (hw > (uint32_t)FXL_SIZE_MAX)
        hw = laser->half_width < 0 ? 0u : (uint32_t)FXL_SIZE_MAX;
    if (f > (uint32_t)fix16_one)
        f = laser->hit_fraction < 0 ? 0u : (uint32_t)fix16_one;
    return (uint32_t)fxl__hit_width((fix16_t)hw, (fix16_t)f);
}

bool fxl_bounce_vs_circle(const fxl_laser *laser, const fxl_bounce *legs, size_t n,
                          fxl_circle circle)
{
    uint32_t r, R, R2;
    int32_t cx = circle.c.x, cy = circle.c.y;
    size_t i;
    if (laser == NULL || legs == NULL || !fxl__coord_ok(cx) || !fxl__coord_ok(cy))
        return false;
    /* r clamped to 0..FXL_SIZE_MAX: R <= 2^29. */
    r = (uint32_t)circle.r;
    if (r > (uint32_t)FXL_SIZE_MAX)
        r = circle.r < 0 ? 0u : (uint32_t)FXL_SIZE_MAX;
    R = leg_width(laser) + r;
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

/* The end point p lies within h of the box: its offsets outside the box
 * on each axis (each below 2^31, p and the box in the domain), squared and
 * summed below 2^63, against h^2 (h <= FXL_SIZE_MAX). A point inside is
 * at 0. */
FXL__ALWAYS_INLINE bool end_near(fxl_vec2 p, const fxl_aabb *b, uint32_t h)
{
    uint32_t ox = p.x < b->lo.x ? (uint32_t)b->lo.x - (uint32_t)p.x
                  : p.x > b->hi.x ? (uint32_t)p.x - (uint32_t)b->hi.x : 0u;
    uint32_t oy = p.y < b->lo.y ? (uint32_t)b->lo.y - (uint32_t)p.y
                  : p.y > b->hi.y ? (uint32_t)p.y - (uint32_t)b->hi.y : 0u;
    return (uint64_t)ox * ox + (uint64_t)oy * oy <= (uint64_t)h * h;
}

/* (c - s) x d for the corner c: |c - s| < 2^31 per axis, |d| <=
 * FXL_SIZE_MAX: products below 2^59, their difference below 2^60. Its
 * magnitude is |d| times the corner's distance from the leg's line. */
FXL__ALWAYS_INLINE int64_t corner_cross(int32_t cx, int32_t cy, fxl_vec2 s, const leg *L)
{
    return (int64_t)(cx - s.x) * L->dy - (int64_t)(cy - s.y) * L->dx;
}

/* A leg whose box meets the box b grown by h (b in the domain, lo <= hi):
 * the exact test. The capsule meets b iff the segment comes within h of
 * it: the segment meets b (distance 0), or else the least distance between
 * the two disjoint convex sets is reached at a vertex of one of them: an
 * end of the segment (end_near) or a corner of b (leg_point at radius h).
 * The segment meets b iff no axis separates them (the separating axis
 * test of two convex polygons): not x, nor y (the segment's box meets b),
 * nor the segment's normal (b's four corners not all strictly on one side
 * of its line). A corner farther than h from the segment's box on an axis
 * cannot be within h of it. First, from the same cross products v_k =
 * (c_k - s) x d: all above h hi, or all below -h hi (hi >= |d|), puts
 * every corner, so the whole box (convex, on one side), farther than h
 * from the leg's line: a miss (h hi < 2^58: 64 bits). */
FXL_WARM_CODE FXL_NOINLINE static bool leg_box_exact(const fxl_bounce *g, const fxl_aabb *b,
                                                     uint32_t h)
{
    leg L;
    fxl_vec2 s = g->start, e = g->end;
    int32_t lox, hix, loy, hiy, k;
    int64_t v0, v1, v2, v3, lim, vmin, vmax;
    if (!leg_set(g, &L))
        return false;
    v0 = corner_cross(b->lo.x, b->lo.y, s, &L);
    v1 = corner_cross(b->hi.x, b->lo.y, s, &L);
    v2 = corner_cross(b->lo.x, b->hi.y, s, &L);
    v3 = corner_cross(b->hi.x, b->hi.y, s, &L);
    vmin = fxl__min64(fxl__min64(v0, v1), fxl__min64(v2, v3));
    vmax = fxl__max64(fxl__max64(v0, v1), fxl__max64(v2, v3));
    lim = (int64_t)((uint64_t)h * L.hi);
    if (vmin > lim || vmax < -lim)
        return false;
    if (end_near(s, b, h) || end_near(e, b, h))
        return true;
    lox = s.x < e.x ? s.x : e.x;
    hix = s.x < e.x ? e.x : s.x;
    loy = s.y < e.y ? s.y : e.y;
    hiy = s.y < e.y ? e.y : s.y;
    /* Not all strictly on one side: vmin <= 0 <= vmax. */
    if (lox <= b->hi.x && hix >= b->lo.x && loy <= b->hi.y && hiy >= b->lo.y && vmin <= 0 && vmax >= 0)
        return true;
    /* The corners, in the domain: every bound below within 2^30 + 2^28. */
    for (k = 0; k < 4; k++) {
        int32_t cx = (k & 1) ? b->hi.x : b->lo.x, cy = (k & 2) ? b->hi.y : b->lo.y;
        if (cx < lox - (int32_t)h || cx > hix + (int32_t)h || cy < loy - (int32_t)h ||
            cy > hiy + (int32_t)h)
            continue;
        if (leg_point(&L, cx - s.x, cy - s.y, h))
            return true;
    }
    return false;
}

bool fxl_bounce_vs_aabb(const fxl_laser *laser, const fxl_bounce *legs, size_t n, fxl_aabb box)
{
    uint32_t h;
    int32_t x0, y0, x1, y1;
    size_t i;
    if (laser == NULL || legs == NULL || !fxl__coord_ok(box.lo.x) || !fxl__coord_ok(box.lo.y) ||
        !fxl__coord_ok(box.hi.x) || !fxl__coord_ok(box.hi.y) || box.lo.x > box.hi.x ||
        box.lo.y > box.hi.y)
        return false;
    h = leg_width(laser);
    /* The box grown by h: within 2^30 + 2^28, exact. */
    x0 = box.lo.x - (int32_t)h;
    y0 = box.lo.y - (int32_t)h;
    x1 = box.hi.x + (int32_t)h;
    y1 = box.hi.y + (int32_t)h;
    for (i = 0; i < n; i++) {
        const fxl_bounce *g = &legs[i];
        int32_t s = g->start.x, e = g->end.x;
        /* The leg's box meets the grown box: plain compares, defined for
         * any leg (one outside the domain is turned down by leg_set). */
        if ((s < x0 && e < x0) || (s > x1 && e > x1))
            continue;
        s = g->start.y;
        e = g->end.y;
        if ((s < y0 && e < y0) || (s > y1 && e > y1))
            continue;
        if (leg_box_exact(g, &box, h))
            return true;
    }
    return false;
}
