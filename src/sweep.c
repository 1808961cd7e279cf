/* sweep.c - the exact swept test of a laser turning about its emitter.
 *
 * Derivation. Put the beam's body B (box: [0, L] x [-w, w]; capsule: the
 * segment [0, L] x {0} grown by its radius) in its own frame, with the
 * emitter at the origin, and let a circle centre q sit at polar radius rho
 * and frame angle psi. As the beam turns, psi changes and rho does not, so
 * the distance g(psi) from q to the body traces the body's distance along
 * one circle around the emitter. g is even in psi and, on [0, pi], falls
 * until psi reaches the direction of the body's farthest point and rises
 * after it: for a box that point is a far corner (L, +-w), at angle
 * atan(w / L); for a capsule it is the tip (L + radius, 0), at angle 0.
 * (Where x > L, d g^2 / d psi = 2 rho (L sin psi - w cos psi) changes sign
 * once, at the corner; elsewhere g only grows with |psi|.) So over any
 * range of beam angles the nearest approach is at one of the two ends of the
 * range, or where a far corner (or the tip) points straight at the circle,
 * if the range holds that direction; and at that direction the distance is
 * max(0, rho - |farthest point|).
 *
 * The ends are the static tests of the two table angles. For the turn in
 * between, the body is scaled by 1/s with s the larger of the two table
 * vectors' lengths (both 1 within 1.1e-5), which keeps it inside the static
 * beams at both ends (the regions are star-shaped about the emitter), so
 * the middle only needs its candidate directions: hit iff
 *     static(start) or static(end) or
 *     (a candidate direction lies in the closed arc and s*rho <= |far| + r).
 * Arc membership is decided by exact signs of cross products with the
 * table vectors; the radial condition by exact integer squares (128 bits,
 * 192 bits in the rare band where isqrt(L^2 + w^2) cannot settle it). */
#include "fixlaser/sweep.h"

#include "domain.h"
#include "frame.h"
#include "wide.h"

/* sign(l * v - k * u) for 0 <= l, k < 2^31 and |v|, |u| < 2^62, exactly:
 * split v, u into 24-bit halves so that every product fits 64 bits. */
FXL_NOINLINE static int sign_lin(int32_t l, int64_t v, int32_t k, int64_t u)
{
    int64_t vh = fxl__floor_shift(v, 24), uh = fxl__floor_shift(u, 24);
    int64_t vl = v - vh * 16777216, ul = u - uh * 16777216; /* 0 .. 2^24 - 1 */
    int64_t hi = (int64_t)l * vh - (int64_t)k * uh;
    int64_t lo = (int64_t)l * vl - (int64_t)k * ul;
    int64_t lq = fxl__floor_shift(lo, 24), lr = lo - lq * 16777216;
    hi += lq;
    return hi > 0 ? 1 : hi < 0 ? -1 : lr > 0 ? 1 : 0;
}

/* The same sign from products truncated to 2^16: l*v - k*u differs from
 * 2^16 * (l*floor(v/2^16) - k*floor(u/2^16)) by less than (l + |k|) * 2^16,
 * so a truncated value beyond +-(l + |k|) settles it; else the exact one. */
static inline int sign_lin_fast(int32_t l, int64_t v, int32_t k, int64_t u)
{
    int64_t d = (int64_t)l * fxl__floor_shift(v, 16) - (int64_t)k * fxl__floor_shift(u, 16);
    int64_t band = (int64_t)l + (k < 0 ? -(int64_t)k : (int64_t)k);
    if (d > band)
        return 1;
    if (d < -band)
        return -1;
    return sign_lin(l, v, k, u);
}

/* Is a direction in the closed arc from the start vector turning by step?
 * c0, c1 are the signs of cross(d_start, v) and cross(d_end, v). A turn of
 * up to half a circle: towards larger angles, v lies on the left of d_start
 * and the right of d_end; the other way round for a negative turn. At
 * exactly half a turn d_end = -d_start and both conditions coincide. */
static inline bool in_arc(int32_t step, int c0, int c1)
{
    return step > 0 ? (c0 >= 0 && c1 <= 0) : (c1 >= 0 && c0 <= 0);
}

/* 2^32 * t * t as 128 bits, for t < 2^32. */
static inline fxl__u128 shifted_square(uint64_t t)
{
    fxl__u128 r;
    uint64_t sq = t * t; /* t < 2^31 here: fits */
    r.hi = sq >> 32;
    r.lo = sq << 32;
    return r;
}

/* norm_max * q2 <= 2^32 * t2, decided on 64 bits where it can be: the
 * table's squared norms lie within 2^17 of 2^32 (tests/test_angle.c), so
 * norm_max * q2 is 2^32 * q2 * (1 +- 2^-15). t2_lo <= t2_hi bracket the
 * right side (equal when it is exact). 1 hit, 0 miss, -1 undecided. */
static inline int radial_quick(uint64_t q2, uint64_t t2_lo, uint64_t t2_hi)
{
    uint64_t slack = (q2 >> 15) + 1u;
    if (q2 + slack <= t2_lo)
        return 1;
    if (q2 - slack > t2_hi)
        return 0;
    return -1;
}

/* The capsule's exact radial condition: norm_max * q2 <= 2^32 * t^2. */
FXL_NOINLINE static bool radial_tip(const fxl_sweep_prep *sp, uint64_t q2, uint64_t t)
{
    return fxl__le128(fxl__mul64(sp->norm_max, q2), shifted_square(t));
}

/* s * rho <= sqrt(K) + r exactly, with nq = s^2 rho^2 * 2^64 / 2^32 scaled
 * as norm_max * Q: is norm_max * Q <= 2^32 (sqrt(K) + r)^2 ? */
FXL_NOINLINE static bool radial_corner(const fxl_sweep_prep *sp, fxl__u128 nq, uint32_t r)
{
    uint64_t k = sp->corner_lo;
    uint32_t x[3], x2[6], rk[4], rhs[6];
    fxl__u128 t, rr2k;
    int i;

    if (fxl__le128(nq, shifted_square(k + r)))
        return true; /* even with sqrt(K) rounded down */
    if (k * k == sp->corner2 || !fxl__le128(nq, shifted_square(k + 1u + r)))
        return false; /* exact root, or too far even with sqrt(K) rounded up */
    /* The band between: X = nq - 2^32 (K + r^2) <= 2^33 r sqrt(K), i.e.
     * X <= 0 or X^2 <= 2^66 r^2 K. */
    {
        uint64_t kr = sp->corner2 + (uint64_t)r * r; /* K + r^2 < 2^59 */
        t.hi = kr >> 32;
        t.lo = kr << 32;
    }
    if (fxl__le128(nq, t))
        return true;
    t = fxl__sub(nq, t); /* X, below 2^96 */
    x[0] = (uint32_t)t.lo, x[1] = (uint32_t)(t.lo >> 32), x[2] = (uint32_t)t.hi;
    fxl__mul_limbs(x, 3, x, 3, x2);
    rr2k = fxl__mul64((uint64_t)r * r, sp->corner2);
    rk[0] = (uint32_t)rr2k.lo, rk[1] = (uint32_t)(rr2k.lo >> 32);
    rk[2] = (uint32_t)rr2k.hi, rk[3] = (uint32_t)(rr2k.hi >> 32);
    /* rhs = rk << 66: two whole limbs and 2 bits. */
    for (i = 0; i < 6; i++)
        rhs[i] = 0;
    for (i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)rk[i] << 2;
        rhs[i + 2] |= (uint32_t)v;
        if (i + 3 < 6)
            rhs[i + 3] |= (uint32_t)(v >> 32);
    }
    return fxl__cmp_limbs(x2, rhs, 6) <= 0;
}

/* The turn between the two ends: candidate directions and the radial
 * condition. q is the circle centre relative to the emitter; u, v its frame
 * coordinates at the start (0) and end (1) table vectors. */
static inline bool middle_hit(const fxl_sweep_prep *sp, int32_t qx, int32_t qy, fix16_t r,
                              int64_t u0, int64_t v0, int64_t u1, int64_t v1)
{
    uint64_t q2 = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy);
    int sign;

    if (sp->side == 0) {
        /* Capsule (or zero-width box): the candidate points along q; the
         * farthest point is at L + radius. cross(d, q) is v. */
        uint64_t t = (uint64_t)sp->length + (uint64_t)sp->round + (uint64_t)(uint32_t)r;
        int quick;
        if (!in_arc(sp->step, v0 > 0 ? 1 : v0 < 0 ? -1 : 0, v1 > 0 ? 1 : v1 < 0 ? -1 : 0))
            return false;
        quick = radial_quick(q2, t * t, t * t);
        return quick >= 0 ? quick != 0 : radial_tip(sp, q2, t);
    }
    /* Box: the beam whose corner (L, +w) points at q runs along q turned by
     * -atan(w/L), i.e. along (L qx + w qy, L qy - w qx); then
     * cross(d, that) = L v - w u. The other corner: L v + w u. */
    for (sign = 1; sign >= -1; sign -= 2) {
        int32_t w = sign * sp->side;
        if (in_arc(sp->step, sign_lin_fast(sp->length, v0, w, u0),
                   sign_lin_fast(sp->length, v1, w, u1))) {
            uint64_t lo = (uint64_t)sp->corner_lo + (uint32_t)r, hi = lo + 1u;
            int quick = radial_quick(q2, lo * lo, hi * hi);
            if (quick >= 0)
                return quick != 0;
            return radial_corner(sp, fxl__mul64(sp->norm_max, q2), (uint32_t)r);
        }
    }
    return false;
}

FXL_ARM_CODE
fxl_result fxl_sweep_prepare(const fxl_laser *laser, int32_t step, fxl_sweep_prep *out)
{
    fxl_laser end;
    fxl_result res;
    uint64_t n0, n1;
    int64_t lo_x, lo_y, hi_x, hi_y, reach, pad;
    int32_t c0, s0, c1, s1;

    if (laser == NULL || out == NULL)
        return FXL_ERR_NULL;
    if (laser->anchor != FXL_ANCHOR_ORIGIN)
        return FXL_ERR_ANCHOR;
    if (step < -2048 || step > 2048)
        return FXL_ERR_STEP_RANGE;
    res = fxl_laser_prepare(laser, &out->from);
    if (res != FXL_OK)
        return res;
    end = *laser;
    end.angle = (fxl_angle)((uint32_t)laser->angle + (uint32_t)step);
    res = fxl_laser_prepare(&end, &out->to);
    if (res != FXL_OK)
        return res;
    c0 = out->from.cos, s0 = out->from.sin, c1 = out->to.cos, s1 = out->to.sin;
    out->step = step;
    out->length = laser->length;
    out->side = laser->kind == FXL_LASER_BOX ? (int32_t)out->from.across : 0;
    out->round = laser->kind == FXL_LASER_BOX ? 0 : (int32_t)out->from.across;
    n0 = (uint64_t)((int64_t)c0 * c0 + (int64_t)s0 * s0);
    n1 = (uint64_t)((int64_t)c1 * c1 + (int64_t)s1 * s1);
    out->norm_max = n0 > n1 ? n0 : n1;
    out->corner2 = (uint64_t)((int64_t)out->length * out->length) +
                   (uint64_t)((int64_t)out->side * out->side);
    out->corner_lo = fxl__isqrt64(out->corner2);

    /* Bounding box: the sector of radius L over the arc (its ends, the
     * axis directions it crosses, the emitter), grown by the body's
     * half-width and a margin for the 1.1e-5 scale of the table vectors,
     * joined with the two static beams' boxes. */
    reach = (int64_t)out->length + (out->length >> 13) + 4;
    lo_x = hi_x = 0;
    lo_y = hi_y = 0;
    {
        int64_t ex[6], ey[6];
        int i, n = 2;
        ex[0] = fxl__floor_shift(reach * c0, 16), ey[0] = fxl__floor_shift(reach * s0, 16);
        ex[1] = fxl__floor_shift(reach * c1, 16), ey[1] = fxl__floor_shift(reach * s1, 16);
        if (step != 0) {
            /* +x: cross(d, (1,0)) = -sin; +y: cos; -x: sin; -y: -cos. */
            if (in_arc(step, -s0 > 0 ? 1 : -s0 < 0 ? -1 : 0, -s1 > 0 ? 1 : -s1 < 0 ? -1 : 0))
                ex[n] = reach, ey[n++] = 0;
            if (in_arc(step, c0 > 0 ? 1 : c0 < 0 ? -1 : 0, c1 > 0 ? 1 : c1 < 0 ? -1 : 0))
                ex[n] = 0, ey[n++] = reach;
            if (in_arc(step, s0 > 0 ? 1 : s0 < 0 ? -1 : 0, s1 > 0 ? 1 : s1 < 0 ? -1 : 0))
                ex[n] = -reach, ey[n++] = 0;
            if (in_arc(step, -c0 > 0 ? 1 : -c0 < 0 ? -1 : 0, -c1 > 0 ? 1 : -c1 < 0 ? -1 : 0))
                ex[n] = 0, ey[n++] = -reach;
        }
        for (i = 0; i < n; i++) {
            lo_x = ex[i] < lo_x ? ex[i] : lo_x;
            hi_x = ex[i] > hi_x ? ex[i] : hi_x;
            lo_y = ey[i] < lo_y ? ey[i] : lo_y;
            hi_y = ey[i] > hi_y ? ey[i] : hi_y;
        }
    }
    pad = (int64_t)out->side + out->round;
    pad += (pad >> 13) + 4 + (reach >> 13);
    lo_x += laser->pos.x - pad, hi_x += laser->pos.x + pad;
    lo_y += laser->pos.y - pad, hi_y += laser->pos.y + pad;
    {
        const fxl_laser_prep *e[2];
        int i;
        e[0] = &out->from;
        e[1] = &out->to;
        for (i = 0; i < 2; i++) {
            int64_t mx = e[i]->bb_mid.x, my = e[i]->bb_mid.y;
            lo_x = mx - (int64_t)e[i]->bb_half_x < lo_x ? mx - (int64_t)e[i]->bb_half_x : lo_x;
            hi_x = mx + (int64_t)e[i]->bb_half_x > hi_x ? mx + (int64_t)e[i]->bb_half_x : hi_x;
            lo_y = my - (int64_t)e[i]->bb_half_y < lo_y ? my - (int64_t)e[i]->bb_half_y : lo_y;
            hi_y = my + (int64_t)e[i]->bb_half_y > hi_y ? my + (int64_t)e[i]->bb_half_y : hi_y;
        }
    }
    out->bb_mid.x = (fix16_t)fxl__floor_shift(lo_x + hi_x, 1);
    out->bb_mid.y = (fix16_t)fxl__floor_shift(lo_y + hi_y, 1);
    out->bb_half_x = (uint32_t)(hi_x - lo_x) / 2u + 1u;
    out->bb_half_y = (uint32_t)(hi_y - lo_y) / 2u + 1u;
    return FXL_OK;
}

fxl_result fxl_sweep_prepare_to(const fxl_laser *laser, fxl_angle to_angle,
                                fxl_sweep_prep *out)
{
    if (laser == NULL)
        return FXL_ERR_NULL;
    return fxl_sweep_prepare(laser, fxl_angle_diff(to_angle, laser->angle), out);
}

/* A circle inside the bounding box: both static ends from one set of frame
 * products, then the turn. */
FXL_IWRAM_CODE
static bool sweep_near(const fxl_sweep_prep *sp, fix16_t x, fix16_t y, fix16_t r)
{
    int32_t qx = (int32_t)((uint32_t)x - (uint32_t)sp->from.pos.x);
    int32_t qy = (int32_t)((uint32_t)y - (uint32_t)sp->from.pos.y);
    int64_t c0 = sp->from.cos, s0 = sp->from.sin, c1 = sp->to.cos, s1 = sp->to.sin;
    int64_t u0, v0, u1, v1;
    uint32_t reach = (uint32_t)sp->length + (uint32_t)sp->side + (uint32_t)sp->round + (uint32_t)r;
    uint32_t bound = reach + (reach >> 14) + 2u;

    /* Every part of the swept region, the static ends included (scaled by
     * at most 1 + 1.1e-5), lies within L + w + r of the emitter. */
    if ((uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy) > (uint64_t)bound * bound)
        return false;
    u0 = c0 * qx + s0 * qy, v0 = c0 * qy - s0 * qx;
    u1 = c1 * qx + s1 * qy, v1 = c1 * qy - s1 * qx;
    if (fxl__frame_test(&sp->from, u0, v0, r) || fxl__frame_test(&sp->to, u1, v1, r))
        return true;
    return sp->step != 0 && middle_hit(sp, qx, qy, r, u0, v0, u1, v1);
}

FXL_IWRAM_CODE
bool fxl_sweep_vs_circle(const fxl_sweep_prep *sp, fxl_circle circle)
{
    FXL_ASSERT(sp != NULL && fxl_circle_check(circle) == FXL_OK);
    return fxl__near_box((uint32_t)sp->bb_mid.x, (uint32_t)sp->bb_mid.y, sp->bb_half_x,
                      sp->bb_half_y, circle.c.x, circle.c.y, circle.r) &&
           sweep_near(sp, circle.c.x, circle.c.y, circle.r);
}

FXL_IWRAM_CODE
size_t fxl_sweep_vs_circles(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits)
{
    uint32_t mx, my, hx, hy;
    size_t i = 0, hits = 0;

    FXL_ASSERT(sp != NULL && (circles != NULL || n == 0));
    mx = (uint32_t)sp->bb_mid.x;
    my = (uint32_t)sp->bb_mid.y;
    hx = sp->bb_half_x;
    hy = sp->bb_half_y;
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1;
        for (; i < end; i++, bit <<= 1) {
            fix16_t x = circles[i].c.x, y = circles[i].c.y, r = circles[i].r;
            if (fxl__near_box(mx, my, hx, hy, x, y, r) && sweep_near(sp, x, y, r)) {
                word |= bit;
                hits++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    return hits;
}
