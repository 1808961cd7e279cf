/* laser3d.c - 3D box, cylinder and egg lasers against spheres, exact in
 * integers (frame and domain in fixlaser/laser3d.h). */
#include "fixlaser/laser3d.h"

#include "batch.h"
#include "domain.h"
#include "wide.h"

static bool coord3_ok(fix16_t v)
{
    return v >= -FXL_COORD3_MAX && v <= FXL_COORD3_MAX;
}

/* fxl_laser3d_prepare without the box tests' part (box_len, et, dd:
 * fxl__laser3d_box_prep); with box false (the fused calls of
 * laser3d_box.c) the bounding box is left open (middle 0, half-extents
 * 2^30: it rejects nothing in the domain, so every answer is the same)
 * and not computed. */
fxl_result fxl__laser3d_prepare(const fxl_laser3d *laser, fxl_laser3d_prep *out, bool box);

/* laser3d_box.c: the box tests' part (box_len, et, dd). */
void fxl__laser3d_box_prep(fxl_laser3d_prep *lp);

fxl_result fxl_laser3d_prepare(const fxl_laser3d *laser, fxl_laser3d_prep *out)
{
    fxl_result res = fxl__laser3d_prepare(laser, out, true);
    if (res == FXL_OK)
        fxl__laser3d_box_prep(out);
    return res;
}

fxl_result fxl__laser3d_prepare(const fxl_laser3d *laser, fxl_laser3d_prep *out, bool box)
{
    fxl_result res;
    if (laser == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (laser->kind != FXL_LASER3D_BOX && laser->kind != FXL_LASER3D_CYLINDER &&
        laser->kind != FXL_LASER3D_EGG)
        return FXL_ERR_KIND;
    if (!fxl__anchor_ok(laser->anchor))
        return FXL_ERR_ANCHOR;
    if (!coord3_ok(laser->pos.x) || !coord3_ok(laser->pos.y) || !coord3_ok(laser->pos.z))
        return FXL_ERR_COORD_RANGE;
    res = fxl__check_size_max(laser->length, FXL_SIZE3_MAX, FXL_ERR_LENGTH_NEGATIVE,
                              FXL_ERR_LENGTH_RANGE);
    if (res == FXL_OK)
        res = fxl__check_size_max(laser->half_width, FXL_SIZE3_MAX, FXL_ERR_WIDTH_NEGATIVE,
                                  FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && laser->kind == FXL_LASER3D_EGG && !fxl__fraction_ok(laser->egg_k))
        res = FXL_ERR_FRACTION_RANGE;
    if (res != FXL_OK)
        return res;
    out->pos = laser->pos;
    out->cy = fxl_cos(laser->yaw);
    out->sy = fxl_sin(laser->yaw);
    out->cp = fxl_cos(laser->pitch);
    out->sp = fxl_sin(laser->pitch);
    /* Q16.48: half of a Q16.16 length is exact. */
    out->half_len = (int64_t)((uint64_t)(uint32_t)laser->length << 31);
    out->mid = laser->anchor == FXL_ANCHOR_EMITTER ? out->half_len : 0;
    out->half_wid = (int64_t)((uint64_t)(uint32_t)laser->half_width << 32);
    out->egg_k = laser->kind == FXL_LASER3D_EGG ? laser->egg_k : fix16_one;
    out->kind = laser->kind;
    if (!box) {
        out->bb_mid.x = out->bb_mid.y = out->bb_mid.z = 0;
        out->bb_half[0] = out->bb_half[1] = out->bb_half[2] = (uint32_t)1 << 30;
    } else {
        /* Bounding box of a box or cylinder: the core segment's drawn ends,
         * grown by the widest reach across the beam (sqrt 2 * W), plus 2^-13
         * of the size for the table vectors' scale (< 2.2e-5) and a few raw
         * units for the ends' rounding; the sphere's radius is added per
         * test. (An egg's box, below, serves the box targets only: against
         * a sphere its reach along the beam grows with the radius over
         * sqrt(k).) */
        fxl_vec3 a, b;
        int64_t grow = ((int64_t)laser->half_width * 92682 + 65535) / 65536; /* sqrt 2 W */
        int64_t margin, mid[3], half[3];
        int k;
        fxl_laser3d_ends(laser, &a, &b);
        margin = (((int64_t)laser->length + grow) >> 13) + 4;
        for (k = 0; k < 3; k++) {
            int64_t p = k == 0 ? a.x : k == 1 ? a.y : a.z, q = k == 0 ? b.x : k == 1 ? b.y : b.z;
            int64_t lo = fxl__min64(p, q) - grow - margin;
            int64_t hi = fxl__max64(p, q) + grow + margin;
            mid[k] = fxl__floor_shift(lo + hi, 1);
            half[k] = (hi - lo) / 2 + 1;
        }
        if (laser->kind == FXL_LASER3D_EGG) {
            /* An egg's box (used against boxes only, r = 0): it lies in the
             * ball of radius Le about its middle, Le = ceil(W 2^16 /
             * floor(sqrt(k 2^16))) >= W / sqrt(k / 2^16) >= W (laser3d_box.c's
             * egg_half_len), and in world units at most 2^-14 more (the
             * frame's least scale is above 1 - 2^-15); the middle is the
             * drawn ends' midpoint, off by the same margin as above. k = 0 or
             * Le beyond 2^28: left open (half-extents 2^30). */
            uint32_t r = fxl__isqrt64((uint64_t)(uint32_t)laser->egg_k << 16);
            uint64_t num = ((uint64_t)(uint32_t)laser->half_width << 16) + r - 1u;
            int64_t le = r == 0 || num >= (uint64_t)r << 28 ? -1 : (int64_t)fxl__div64_32(num, r);
            for (k = 0; k < 3; k++) {
                mid[k] = fxl__floor_shift((int64_t)(k == 0 ? a.x : k == 1 ? a.y : a.z) +
                                              (k == 0 ? b.x : k == 1 ? b.y : b.z), 1);
                half[k] = le < 0 ? (int64_t)1 << 30
                                 : le + (le >> 13) + (((int64_t)laser->length + le) >> 13) + 4;
            }
        }
        out->bb_mid.x = (fix16_t)mid[0], out->bb_mid.y = (fix16_t)mid[1];
        out->bb_mid.z = (fix16_t)mid[2];
        for (k = 0; k < 3; k++)
            out->bb_half[k] = (uint32_t)half[k];
    }
    return FXL_OK;
}

/* A 128-bit value as 4 little-endian 32-bit limbs. */
static void limbs4(fxl__u128 v, uint32_t out[4])
{
    out[0] = (uint32_t)v.lo, out[1] = (uint32_t)(v.lo >> 32);
    out[2] = (uint32_t)v.hi, out[3] = (uint32_t)(v.hi >> 32);
}

static uint64_t excess(int64_t v, int64_t half)
{
    uint64_t a = fxl__abs64(v);
    return a > (uint64_t)half ? a - (uint64_t)half : 0u; /* half >= 0 */
}

/* Cylinder rim: the centre beyond an end (ex > 0) and outside the tube
 * (rho > W): hit iff (rho - W)^2 + ex^2 <= R^2, i.e. with Y = R^2 - ex^2 >= 0,
 * X = rho^2 + ex^2 - W^2 - R^2 <= 2 W sqrt(Y): X <= 0, or X^2 <= 4 W^2 Y
 * (up to 2^250: eight 32-bit limbs). A filter decides first on the top 31
 * bits of X, P = W^2 and Y: with X = x 2^ex + rest (rest < 2^ex) and so on,
 * x^2 2^2ex <= X^2 < (x+1)^2 2^2ex and 4 p y 2^(ep+ey) <= 4 P Y < 4 (p+1)
 * (y+1) 2^(ep+ey) (each product below 2^62), so x^2 2^2ex >= 4 (p+1)(y+1)
 * 2^(ep+ey) is a miss and (x+1)^2 2^2ex <= 4 p y 2^(ep+ey) a hit, both
 * proven; only the band between (a relative width of a few 2^-30) takes
 * the limbs. */
static bool rim_hit(fxl__u128 rho2, uint64_t ex, uint64_t w, uint64_t rr)
{
    fxl__u128 a = fxl__add(rho2, fxl__sq(ex)), b = fxl__add(fxl__sq(w), fxl__sq(rr));
    fxl__u128 x, y;
    uint32_t xl[4], x2[8], wl[4], yl[4], rhs[8];
    if (fxl__le128(a, b))
        return true;
    x = fxl__sub(a, b);
    y = fxl__sub(fxl__sq(rr), fxl__sq(ex));
    {
        unsigned ex_, ep, ey;
        uint64_t xt = fxl__top31(x, &ex_), pt = fxl__top31(fxl__sq(w), &ep);
        uint64_t yt = fxl__top31(y, &ey);
        if (fxl__cmp_scaled(xt * xt, 2u * ex_, (pt + 1u) * (yt + 1u), ep + ey + 2u) >= 0)
            return false;
        if (fxl__cmp_scaled((xt + 1u) * (xt + 1u), 2u * ex_, pt * yt, ep + ey + 2u) <= 0)
            return true;
    }
    limbs4(x, xl);
    fxl__mul_limbs(xl, 4, xl, 4, x2);
    limbs4(fxl__sq(w), wl);
    limbs4(y, yl);
    fxl__mul_limbs(wl, 4, yl, 4, rhs);
    /* rhs *= 4 */
    {
        int i;
        uint32_t carry = 0;
        for (i = 0; i < 8; i++) {
            uint32_t v = rhs[i];
            rhs[i] = (v << 2) | carry;
            carry = v >> 30;
        }
        if (carry != 0)
            return true; /* 4 W^2 Y exceeds every X^2 in range */
    }
    return fxl__cmp_limbs(x2, rhs, 8) <= 0;
}

/* |v - m| <= e in 32-bit unsigned arithmetic (valid while 2e < 2^32). */
static bool near_axis(fix16_t v, fix16_t m, uint32_t e)
{
    return (uint32_t)v - (uint32_t)m + e <= 2u * e;
}

/* Offsets of in-domain points are below 2^28 (coordinates within 2^27 - 1);
 * clamping keeps every product below in range for any input (a sphere
 * outside the domain gets a meaningless answer, never an overflow). */
static int32_t clamp28(int32_t v)
{
    return fxl__clamp32(v, -(1 << 28), 1 << 28);
}

FXL_ARM_CODE
bool fxl_laser3d_vs_sphere(const fxl_laser3d_prep *lp, fxl_sphere s)
{
    int32_t dx, dy, dz;
    int64_t x1, y, z1, x, z;
    uint64_t rr = (uint64_t)(uint32_t)s.r << 32, ex, ey, ez;
    fxl__u128 sum;

    FXL_ASSERT(s.r >= 0 && s.r <= FXL_SIZE3_MAX && coord3_ok(s.c.x) && coord3_ok(s.c.y) &&
               coord3_ok(s.c.z));
    if (lp->kind != FXL_LASER3D_EGG) { /* an egg's reach grows with r / sqrt(k) */
        uint32_t reach = (uint32_t)s.r + ((uint32_t)s.r >> 13) + 2u;
        if (!near_axis(s.c.x, lp->bb_mid.x, lp->bb_half[0] + reach) ||
            !near_axis(s.c.y, lp->bb_mid.y, lp->bb_half[1] + reach) ||
            !near_axis(s.c.z, lp->bb_mid.z, lp->bb_half[2] + reach))
            return false;
    }
    dx = clamp28((int32_t)((uint32_t)s.c.x - (uint32_t)lp->pos.x));
    dy = clamp28((int32_t)((uint32_t)s.c.y - (uint32_t)lp->pos.y));
    dz = clamp28((int32_t)((uint32_t)s.c.z - (uint32_t)lp->pos.z));
    x1 = (int64_t)lp->cy * dx + (int64_t)lp->sy * dy;          /* Q32 */
    y = ((int64_t)lp->cy * dy - (int64_t)lp->sy * dx) * 65536; /* Q48 */
    z1 = (int64_t)dz * 65536;                                  /* Q32 */
    x = lp->cp * x1 - lp->sp * z1 - lp->mid;                   /* Q48 */
    z = lp->sp * x1 + lp->cp * z1;                             /* Q48 */
    switch (lp->kind) {
    case FXL_LASER3D_BOX:
        ex = excess(x, lp->half_len), ey = excess(y, lp->half_wid), ez = excess(z, lp->half_wid);
        if (ex > rr || ey > rr || ez > rr)
            return false;
        sum = fxl__add(fxl__add(fxl__sq(ex), fxl__sq(ey)), fxl__sq(ez));
        return fxl__le128(sum, fxl__sq(rr));
    case FXL_LASER3D_CYLINDER: {
        uint64_t w = (uint64_t)lp->half_wid, ay = fxl__abs64(y), az = fxl__abs64(z);
        fxl__u128 rho2;
        ex = excess(x, lp->half_len);
        if (ex > rr || ay > w + rr || az > w + rr)
            return false;
        rho2 = fxl__add(fxl__sq(ay), fxl__sq(az));
        if (fxl__le128(rho2, fxl__sq(w)))
            return true; /* inside the tube: ex <= r already */
        if (ex == 0)
            return fxl__le128(rho2, fxl__sq(w + rr));
        return rim_hit(rho2, ex, w, rr);
    }
    default: {
        /* Egg: k x^2 + y^2 + z^2 <= (W + r)^2 about the middle, k in Q16:
         * compare 65536 (y^2 + z^2) + k x^2 with 65536 (W + r)^2 in limbs. */
        uint64_t ax = fxl__abs64(x), ay = fxl__abs64(y), az = fxl__abs64(z),
                 reach = (uint64_t)lp->half_wid + rr;
        uint32_t xs[4], kx[5], yz[4], lhs[6], rhs[6], k = (uint32_t)lp->egg_k;
        int i;
        uint64_t carry;
        if (ay > reach || az > reach)
            return false;
        limbs4(fxl__sq(ax), xs);
        fxl__mul_limbs(xs, 4, &k, 1, kx);
        limbs4(fxl__add(fxl__sq(ay), fxl__sq(az)), yz);
        /* lhs = kx + (yz << 16), 6 limbs */
        for (i = 0, carry = 0; i < 6; i++) {
            uint64_t t = carry + (i < 5 ? kx[i] : 0u);
            uint32_t shifted = i == 0 ? yz[0] << 16
                               : i < 4 ? (yz[i] << 16) | (yz[i - 1] >> 16)
                               : i == 4 ? yz[3] >> 16
                                        : 0u;
            t += shifted;
            lhs[i] = (uint32_t)t;
            carry = t >> 32;
        }
        limbs4(fxl__sq(reach), yz);
        for (i = 0; i < 6; i++)
            rhs[i] = i == 0 ? yz[0] << 16
                     : i < 4 ? (yz[i] << 16) | (yz[i - 1] >> 16)
                     : i == 4 ? yz[3] >> 16
                              : 0u;
        return fxl__cmp_limbs(lhs, rhs, 6) <= 0;
    }
    }
}

/* round(v / 2^33), halves up, of v = h 2^16 + l (h, l any int64 below
 * 2^62): nested floors, floor((h 2^16 + l + 2^32) / 2^33) =
 * floor((h + floor((l + 2^32) / 2^16)) / 2^17), with no product above
 * 2^51. */
static int64_t round33(int64_t h, int64_t l)
{
    return fxl__floor_shift(h + fxl__floor_shift(l + ((int64_t)1 << 32), 16), 17);
}

/* World point of frame point (a, b, c) in Q17 (exact halves), rounded:
 * turn about Y by +pitch, then about Z by +yaw (the drawing transform).
 * x1 = cp a + sp c is split as xh 2^16 + xl (0 <= xl < 2^16) so that
 * cy x1 - sy b 2^16 = (cy xh - sy b) 2^16 + cy xl stays inside 64 bits
 * for any int32 length and width (|a|, |c| <= 2^32: |x1| < 2^50); in the
 * domain it is the exact Q16.49 value as before. Outside int32: saturated. */
static fxl_vec3 world(const fxl_laser3d *l, int32_t cy, int32_t sy, int32_t cp, int32_t sp,
                      int64_t a, int64_t b, int64_t c)
{
    int64_t x1 = cp * a + sp * c; /* Q33 */
    int64_t z1 = cp * c - sp * a; /* Q33 */
    int64_t xh = fxl__floor_shift(x1, 16), xl = x1 - xh * 65536;
    int64_t x = round33(cy * xh - sy * b, cy * xl);
    int64_t y = round33(sy * xh + cy * b, sy * xl);
    int64_t z = fxl__floor_shift(z1 + 65536, 17); /* (z1 2^16 + 2^32) / 2^33 */
    fxl_vec3 p;
    p.x = fxl__sat32(l->pos.x + x);
    p.y = fxl__sat32(l->pos.y + y);
    p.z = fxl__sat32(l->pos.z + z);
    return p;
}

static void span(const fxl_laser3d *l, int64_t *a0, int64_t *a1)
{
    /* Q17: the beam covers [0, 2L] from an emitter, [-L, L] about a middle. */
    *a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -(int64_t)l->length;
    *a1 = l->anchor == FXL_ANCHOR_EMITTER ? 2 * (int64_t)l->length : (int64_t)l->length;
}

/* batch.h's loop of single tests, as every untuned batch writes it
 * (fxl_curvy_vs_circles is the same three lines over circles). */
size_t fxl_laser3d_vs_spheres(const fxl_laser3d_prep *lp, const fxl_sphere *spheres, size_t n,
                              uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && (spheres != NULL || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_laser3d_vs_sphere(lp, spheres[i]));
    return b.hits;
}

void fxl_laser3d_corners(const fxl_laser3d *laser, fxl_vec3 out[8])
{
    int32_t cy = fxl_cos(laser->yaw), sy = fxl_sin(laser->yaw);
    int32_t cp = fxl_cos(laser->pitch), sp = fxl_sin(laser->pitch);
    int64_t a0, a1, w = 2 * (int64_t)laser->half_width;
    int i;
    span(laser, &a0, &a1);
    for (i = 0; i < 8; i++)
        out[i] = world(laser, cy, sy, cp, sp, (i & 4) ? a1 : a0, (i & 2) ? w : -w,
                       (i & 1) ? w : -w);
}

void fxl_laser3d_ends(const fxl_laser3d *laser, fxl_vec3 *start, fxl_vec3 *end)
{
    int32_t cy = fxl_cos(laser->yaw), sy = fxl_sin(laser->yaw);
    int32_t cp = fxl_cos(laser->pitch), sp = fxl_sin(laser->pitch);
    int64_t a0, a1;
    span(laser, &a0, &a1);
    *start = world(laser, cy, sy, cp, sp, a0, 0, 0);
    *end = world(laser, cy, sy, cp, sp, a1, 0, 0);
}
