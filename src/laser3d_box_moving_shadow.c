/* laser3d_box_moving_shadow.c - a sure miss for the egg and the cylinder
 * against a 3D box moving over the frame, in 64 bits, run before the end's
 * static test, the bounding prism and the quick look
 * (fxl_laser3d_vs_moving_aabb3; frame and domain as
 * laser3d_box_moving_round.c's), in two parts
 * (laser3d_box_moving_shadow.h): the first (the slab; for a body crossing
 * a cap's plane the world's z; else the shadow's set-up and its normal
 * most nearly along the centre, then the world's z for such a body) runs
 * for the cylinder between the start's inscribed ball and near look, the
 * rest (the least point, the other normals, the egg's cone, the world's z
 * if not tried) after the start's test; the egg runs both there.
 *
 * Both shapes lie in the infinite tube u1^2 + u2^2 <= W^2 about the beam's
 * axis and in the slab |u0| <= Lb (Lb = lp->box_len: the cylinder's L, the
 * egg's Le; unbounded for an egg's k = 0), u = M X - (mid, 0, 0) the frame
 * point (Q48, rows m_i Q32, X = P - pos raw). The swept body Z = B + [0,
 * 1] v is the box's corner lo plus the generators g_k e_k (k = 0..2, g =
 * hi - lo) and v, each times [0, 1]. Every frame value below is M times a
 * vector of int32 components (|lo|, |hi|, |v| <= 2^28, every partial sum
 * a doubled point of Z: <= 2^29) and sum_k |m_ik| <= 2^32.8: below
 * 2^61.8, exact in int64 (products of the Q16 table values first: h = cy
 * X0 + sy X1 below 2^45.5; m0 X = cp h - 2^16 sp X2, m1 X = 2^16 (cy X1 -
 * sy X0), m2 X = sp h + 2^16 cp X2). Four sure misses, in this order:
 *
 * The slab: over Z, u0 runs from u0(lo) plus the generators' u0 where
 * negative (mn) to the same where positive (mx); mn > Lb or mx < -Lb is a
 * miss (exact).
 *
 * The shadow: along the axis Z projects to the zonogon, doubled, 2S = {C +
 * sum_k s_k G_k : s_k in [-1, 1]}, C = (m1, m2) . (lo + hi + v), G_k =
 * (m1k, m2k) g_k, G_3 = (d1, d2) (d = M v); the tube's shadow is the disc
 * of radius W, and the egg's part of Z lies where |u0| >= un (Z's least
 * |u0|, from mn and mx), within the tube of radius W'^2 = W^2 - k' un^2
 * (k' = k / 2^16: k' u0^2 + u1^2 + u2^2 <= W^2); the cylinder's W' = W. A
 * direction a in the plane separates iff a . C - sum_k |a . G_k| > 2 W'
 * |a| (2S's least a . x against the doubled disc's greatest; strict:
 * touching is a hit). Rounded: with s such that C, G and 2W are at most
 * 2^17 2^s (s from the bits of their one's complement magnitudes, v or
 * -v - 1: below 2^b, so |v| <= 2^b), c = floor(C / 2^s), gam_k =
 * floor(G_k / 2^s) (|.| <= 2^17)
 * and a scaled down below 2^10: C = 2^s (c + phi), phi in [0, 1)^2, so a
 * . C > 2^s (a . c - |a|_1) and |a . G_k| < 2^s (|a . gam_k| + |a|_1);
 * with m = a . c - sum_k |a . gam_k| - 5 |a|_1 (each product below 2^28,
 * m below 2^30.4: int32) the true margin exceeds 2^s m, and m > 0 with
 * m^2 >= w |a|^2 proves the gap, w >= (2 W' / 2^s)^2: ceil(2W / 2^s)^2
 * (<= 2^34) less floor(k (2 un / 2^s floored, capped at 2^31 - 1)^2 /
 * 2^16) (lower bounds of what they stand for; w < 0: W'^2 < 0, the egg
 * ends before |u0| = un, a miss); both sides below 2^61 (int64). Which
 * a: the shadow's least distance to the axis is reached on an edge
 * (normal to a generator) or at a vertex (the direction to it), so the
 * four normals and the vertex least along c (most often the nearest)
 * hold a certificate whenever the gap exceeds the rounding (about 7 2^s
 * |a|, 2^-14 of the largest value) and the direction's (a below 2^10:
 * about 2^-9 of the shadow's extent; a few hundredths of a px at the
 * bench's sizes).
 * Any a is sound: a miss here is a miss.
 *
 * The egg's cone (cone_apart below): past its middle the egg lies below
 * the tangent of its radius at the body's least |u0|, a tighter bound
 * than the tube of radius W' near its tips.
 *
 * The world's z axis (world_z_apart below, exact in 128 bits): what the
 * bounding prism's world axis would find for a box above or below the
 * shape near a cap, where the slab and the shadow cannot.
 *
 * Not proven goes on to the exact path (the filter alone against the
 * exact reference, at its own edge too: tests/test_laser3d_box_moving.c).
 * GBA (the bench's near boxes moving): the first part about 4,500
 * cycles (a set-up of about 3,500 of it; the cone's 32-bit test about 600
 * a direction, its set-up 1,900); the cylinder's 17 misses 4,300 to 7,300
 * in all, the egg's 93 9,900 to 13,400. */
#include "fixlaser/laser3d.h"

#include "laser3d_body.h"
#include "laser3d_box_moving_shadow.h"
#include "util.h"
#include "wide.h"

/* v's one's complement magnitude (v, or -v - 1 for v < 0, without a
 * carry): below 2^b gives |v| <= 2^b (see the top). */
FXL__ALWAYS_INLINE uint64_t mag1(int64_t v)
{
    return v < 0 ? ~(uint64_t)v : (uint64_t)v;
}

/* floor(v / 2^s) (0 <= s <= 63) for a v whose floor lies within +-2^31
 * (here +-2^17: s is chosen so), without a branch on the sign or a 64-bit
 * result: v + 2^63 (the sign bit flipped) is non-negative with the floor
 * floor(v / 2^s) + 2^(63 - s); modulo 2^32 that is the shifted sum's low
 * word, 2^(63 - s) being 0 there for s < 32, so the low word less it is
 * the floor modulo 2^32, exact in int32. */
FXL__ALWAYS_INLINE int32_t floor_low(int64_t v, unsigned s)
{
    uint32_t q = (uint32_t)(((uint64_t)v ^ ((uint64_t)1 << 63)) >> s);
    return fxl__u2i32(q - (s >= 32u ? 0x80000000u >> (s - 32u) : 0u));
}

/* floor_low of n values, the branch on s taken once: for s >= 32 the
 * floor is that of the high word H = floor(v / 2^32) (signed) by 2^(s -
 * 32), H + 2^31 (its sign bit flipped) shifted less 2^(31 - (s - 32)),
 * exact modulo 2^32 (the floor fits). */
FXL__ALWAYS_INLINE void floor_all(const int64_t *x, int n, unsigned s, int32_t *out)
{
    int i;
    if (s >= 32u) {
        unsigned t = s - 32u;
        uint32_t k = 0x80000000u >> t;
        for (i = 0; i < n; i++)
            out[i] = fxl__u2i32((((uint32_t)((uint64_t)x[i] >> 32) ^ 0x80000000u) >> t) - k);
    } else {
        for (i = 0; i < n; i++)
            out[i] = floor_low(x[i], s);
    }
}

/* The rounded shadow's test of direction a (see the top): true if proven
 * apart. a (|a_i| < 2^31) is first scaled down (toward 0: any direction
 * serves) below 2^10; with |c_i|, |gam_ki| <= 2^17 each dot product is
 * below 2^28 and m below 2^30.4 (int32), m^2 below 2^60.8 and w^2 |a|^2
 * (w <= 2^17) below 2^55 (int64). */
FXL__ALWAYS_INLINE bool shadow_apart(int32_t a0, int32_t a1, const int32_t c[2], const int32_t gam[8], uint64_t w2)
{
    unsigned b = fxl__bits32(fxl__abs32(a0) | fxl__abs32(a1)), sh = b > 10u ? b - 10u : 0u;
    int32_t x = (int32_t)(fxl__abs32(a0) >> sh), y = (int32_t)(fxl__abs32(a1) >> sh), m;
    int k;
    x = a0 < 0 ? -x : x, y = a1 < 0 ? -y : y;
    m = x * c[0] + y * c[1];
    if (m < 0)
        x = -x, y = -y, m = -m; /* the side of the centre */
    m -= 5 * (int32_t)(fxl__abs32(x) + fxl__abs32(y));
    for (k = 0; k < 4; k++) {
        int32_t p = x * gam[2 * k] + y * gam[2 * k + 1];
        m -= p < 0 ? -p : p;
    }
    if (m <= 0)
        return false;
    return w2 * (uint64_t)(x * x + y * y) <= (uint64_t)((int64_t)m * m);
}

/* The point of the rounded shadow c + sum +-gam_k least along a: each
 * generator's sign against a's (|.| <= 5 2^17 < 2^20; |a_i| < 2^20: the
 * products below 2^38). */
FXL__ALWAYS_INLINE void least_along(const int32_t a[2], const int32_t c[2], const int32_t gam[8], int32_t out[2])
{
    int k;
    out[0] = c[0], out[1] = c[1];
    for (k = 0; k < 4; k++) {
        int64_t p = (int64_t)a[0] * gam[2 * k] + (int64_t)a[1] * gam[2 * k + 1];
        if (p > 0)
            out[0] -= gam[2 * k], out[1] -= gam[2 * k + 1];
        else
            out[0] += gam[2 * k], out[1] += gam[2 * k + 1];
    }
}

/* The egg past its middle: with R = W' the egg's radius at |u0| = un and
 * s = k' un / R the slope there (R(u0) = sqrt(W^2 - k' u0^2) is concave:
 * below its tangent), every egg point with |u0| - un = y >= 0 has radius
 * r <= R - s y, so a_r . u_r + al y <= |a_r| R for al <= s |a_r|. The
 * body has y >= 0 throughout: min over 2Z of al y + a_r . u_r above 2R
 * |a_r| is a sure miss. Rounded as the shadow (y's centre c0 and
 * generators e0 too, below 2^17), a_r scaled down below 2^10, al =
 * floor(lb sl / 2^8) capped at 2^12, lb <= |a_r| and sl = floor(kk ur /
 * (2^8 rr)) capped at 2^22 (kk ur <= 2^16 k' (2 un / 2^s), rr >= 2R /
 * 2^s: sl <= 2^8 s, so al <= s |a_r|); m as the shadow's with 5 (al +
 * |a_r|_1), and m^2 >= w |a_r|^2 (uint64). In 32 bits: |c0|, |e0_k|,
 * |c_i|, |gam_ki| <= 2^17 (s chosen so), |x|, |y| < 2^10, al <= 2^12, so
 * m's positive part and each |t_k| are below 2^29 + 2^28 = 2^29.6; m
 * only falls from there, so stopping at m <= 0 (the answer then: no)
 * keeps every partial m within +-2^29.6 (int32; the same answers as the
 * int64 sums). */
FXL__ALWAYS_INLINE bool cone_apart(int32_t a0, int32_t a1, int32_t c0, const int32_t e0[4], const int32_t c[2],
                                   const int32_t gam[8], uint64_t w, uint64_t sl)
{
    unsigned b = fxl__bits32(fxl__abs32(a0) | fxl__abs32(a1)), sh = b > 10u ? b - 10u : 0u;
    int32_t x = (int32_t)(fxl__abs32(a0) >> sh), y = (int32_t)(fxl__abs32(a1) >> sh), al, m;
    uint32_t ax, ay;
    int k;
    x = a0 < 0 ? -x : x, y = a1 < 0 ? -y : y;
    if (x * c[0] + y * c[1] < 0)
        x = -x, y = -y; /* toward the centre's side */
    ax = fxl__abs32(x), ay = fxl__abs32(y);
    {
        /* |a_r| at least max(M, (M + n) 181 / 256) (M, n the larger and
         * the smaller |component|; (M + n) / sqrt 2 <= |a_r|) */
        uint32_t big = ax > ay ? ax : ay, lb = ((ax + ay) * 181u) >> 8;
        uint64_t a64;
        lb = lb > big ? lb : big;
        a64 = ((uint64_t)lb * sl) >> 8; /* lb < 2^10.5, sl <= 2^22 */
        al = a64 > 4096u ? 4096 : (int32_t)a64;
    }
    m = al * c0 + x * c[0] + y * c[1] - 5 * (al + (int32_t)ax + (int32_t)ay);
    for (k = 0; k < 4; k++) {
        int32_t t = al * e0[k] + x * gam[2 * k] + y * gam[2 * k + 1];
        if (m <= 0)
            return false;
        m -= t < 0 ? -t : t;
    }
    return m > 0 && w * (uint64_t)(uint32_t)(x * x + y * y) <= (uint64_t)m * (uint64_t)m;
}

/* The world's z axis, exactly: in the frame it is a = (-sp, 0, cp) (M's
 * third column / 2^16), and -sp m0 + cp m2 = 2^16 p e_2 (p = cp^2 + sp^2),
 * so a . u = 2^16 p X2 + sp mid; over the shape (|u0| <= Lb, u1^2 + u2^2
 * <= W^2) |a . u| <= Lb |sp| + W |cp| (below 2^75; a's radial part (0,
 * cp) is the one with a rational length). Over Z, X2 runs from lo2 +
 * min(0, v2) to hi2 + max(0, v2) (|.| <= 2^29; p X2 below 2^61.1): apart
 * on one side is a sure miss. In 128 bits. */
FXL_ARM_CODE
static bool world_z_apart(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                          const int32_t v[3])
{
    int64_t cp = lp->cp, sp = lp->sp, p = cp * cp + sp * sp;
    int64_t zlo = (int64_t)lo[2] + (v[2] < 0 ? v[2] : 0), zhi = (int64_t)hi[2] + (v[2] > 0 ? v[2] : 0);
    fxl__i128 base = fxl__imul(sp, lp->mid), r;
    if (lp->box_len >= ((int64_t)1 << 61))
        return false; /* an egg's k = 0: unbounded */
    r = fxl__i128_from(fxl__add(fxl__mul64((uint64_t)lp->box_len, fxl__abs64(sp)),
                                fxl__mul64((uint64_t)lp->half_wid, fxl__abs64(cp))));
    if (fxl__isign(fxl__isub(fxl__iadd(fxl__imul(p * zlo, 65536), base), r)) > 0)
        return true; /* above */
    return fxl__isign(fxl__iadd(fxl__iadd(fxl__imul(p * zhi, 65536), base), r)) < 0; /* below */
}

/* The int64 form (the tests' and laser3d_body.h's): the same values, each
 * within +-2^28 (the shapes' frame; see the top). */
bool fxl__laser3d_round_moving_apart(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                                     const int64_t v[3])
{
    int32_t l[3], h[3], w[3];
    int k;
    for (k = 0; k < 3; k++)
        l[k] = (int32_t)lo[k], h[k] = (int32_t)hi[k], w[k] = (int32_t)v[k];
    return fxl__laser3d_round_moving_apart32(lp, l, h, w);
}

/* The normal most nearly along c (|n . c| / |n|_1 greatest; any choice
 * is sound, this one only the likeliest witness: a box beside the tube
 * faces it with an edge across c). c scaled down below 2^10 first (its
 * direction is all that counts), so |n . c| < 2^28 and |n|_1 <= 2^18:
 * 32-bit dot products, the ratios compared by 64-bit cross products. */
FXL__ALWAYS_INLINE int best_normal(const int32_t c[2], const int32_t gam[8])
{
    unsigned b = fxl__bits32(fxl__abs32(c[0]) | fxl__abs32(c[1])), sh = b > 10u ? b - 10u : 0u;
    int32_t x = (int32_t)(fxl__abs32(c[0]) >> sh), y = (int32_t)(fxl__abs32(c[1]) >> sh);
    uint32_t bn = 0, bd = 1;
    int k, best = 0;
    x = c[0] < 0 ? -x : x, y = c[1] < 0 ? -y : y;
    for (k = 0; k < 4; k++) {
        uint32_t n = fxl__abs32(gam[2 * k] * y - gam[2 * k + 1] * x);
        uint32_t l1 = fxl__abs32(gam[2 * k]) + fxl__abs32(gam[2 * k + 1]);
        if (l1 != 0 && (uint64_t)n * bd > (uint64_t)bn * l1)
            bn = n, bd = l1, best = k;
    }
    return best;
}

/* The first part (defer: the public one) or, not deferred, the set-up
 * the rest needs when the first part deferred it. A body crossing a cap's
 * plane (where the tube's shadow cannot see the cap) tries the world's z
 * first (the prism's witness there), and deferred stops there: the
 * shadow's set-up waits for the rest (st->first = -1), after the near
 * look. Otherwise the set-up, the normal along c, then the world's z for
 * such a body when not yet tried. */
FXL_ARM_CODE
static bool first_part(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3], const int32_t v[3],
                       fxl__shadow *st, bool defer)
{
    /* (st's fields are outputs here, written before any is read; cppcheck's
     * cross-file pass takes the arrays' addresses for reads.) */
    /* cppcheck-suppress ctuuninitvar */
    int32_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp, *c = st->c, *gam = st->gam;
    int32_t l0 = lo[0], l1 = lo[1], l2 = lo[2];
    int32_t g0 = hi[0] - lo[0], g1 = hi[1] - lo[1], g2 = hi[2] - lo[2];
    int32_t v0 = v[0], v1 = v[1], v2 = v[2];
    int64_t hl = (int64_t)cy * l0 + (int64_t)sy * l1, hv = (int64_t)cy * v0 + (int64_t)sy * v1;
    int64_t cpcy = (int64_t)cp * cy, cpsy = (int64_t)cp * sy, spcy = (int64_t)sp * cy, spsy = (int64_t)sp * sy;
    int64_t gg[5][2], *e = st->e, mn, mx, un;
    uint64_t mm = 0, w, kk = lp->kind == FXL_LASER3D_EGG ? (uint64_t)lp->egg_k : 0u;
    unsigned sh, b;
    bool cap;
    int k;
    /* Every value below is the frame image of a vector with int32
     * components (|lo|, |hi|, |v| <= 2^28, g = hi - lo, every partial sum
     * below a point of 2Z's: <= 2^29): below 2^61.8. h = cy X0 + sy X1
     * (m0 = (cp h, -2^16 sp X2), m1 = 2^16 (cy X1 - sy X0), m2 = sp h +
     * 2^16 cp X2). The slab: u0 over Z from u0(lo) plus each generator's
     * u0 where negative to the same where positive. */
    e[0] = cpcy * g0, e[1] = cpsy * g1, e[2] = -(int64_t)sp * g2 * 65536;
    e[3] = cp * hv - (int64_t)sp * v2 * 65536; /* d0 */
    mn = cp * hl - (int64_t)sp * l2 * 65536 - lp->mid, mx = mn;
    for (k = 0; k < 4; k++) {
        if (e[k] < 0)
            mn += e[k];
        else
            mx += e[k];
    }
    if (lp->box_len < ((int64_t)1 << 61)) { /* bounded (an egg's k = 0: not) */
        if (mn > lp->box_len || mx < -lp->box_len)
            return true;
    }
    cap = lp->box_len < ((int64_t)1 << 61) && (mn < -lp->box_len || mx > lp->box_len);
    if (cap && defer) {
        st->z_done = true, st->first = -1;
        return world_z_apart(lp, lo, hi, v);
    }
    un = mn > 0 ? mn : mx < 0 ? -mx : 0; /* the least |u0| over Z (< 2^62) */
    /* the shadow, doubled: C = 2 (m1, m2) . lo plus the generators g_k
     * (m1k, m2k) and (d1, d2) */
    gg[0][0] = -(int64_t)sy * g0 * 65536, gg[0][1] = spcy * g0;
    gg[1][0] = (int64_t)cy * g1 * 65536, gg[1][1] = spsy * g1;
    gg[2][0] = 0, gg[2][1] = (int64_t)cp * g2 * 65536;
    gg[3][0] = ((int64_t)cy * v1 - (int64_t)sy * v0) * 65536;
    gg[3][1] = sp * hv + (int64_t)cp * v2 * 65536;
    gg[4][0] = ((int64_t)cy * l1 - (int64_t)sy * l0) * 131072;
    gg[4][1] = (sp * hl + (int64_t)cp * l2 * 65536) * 2;
    for (k = 0; k < 4; k++)
        gg[4][0] += gg[k][0], gg[4][1] += gg[k][1];
    w = (uint64_t)lp->half_wid * 2u;
    for (k = 0; k < 5; k++)
        mm |= mag1(gg[k][0]) | mag1(gg[k][1]);
    if (kk != 0 && un != 0) { /* the egg's cone below: mx - mn and the e_k too */
        mm |= (uint64_t)(mx - mn);
        for (k = 0; k < 4; k++)
            mm |= mag1(e[k]);
    }
    b = fxl__bits64(mm | w);
    sh = b > 17u ? b - 17u : 0u;
    floor_all(&gg[0][0], 8, sh, gam); /* gam_k = (gg[k][0], gg[k][1]) */
    floor_all(&gg[4][0], 2, sh, c);
    /* w^2 at least (2 W' / 2^s)^2, W'^2 = W^2 - k' un^2 the tube's radius
     * about the egg where |u0| >= un (the cylinder's k' = 0): (2W / 2^s)^2
     * rounded up less k / 2^16 (2 un / 2^s)^2 rounded down (2 un / 2^s
     * floored, capped at 2^31 - 1: lower is sound) */
    w = (w + ((uint64_t)1 << sh) - 1u) >> sh; /* <= 2^17 */
    w = w * w;
    if (kk != 0 && un != 0) {
        uint64_t ur = ((uint64_t)un * 2u) >> sh;
        uint64_t cut;
        ur = ur > 0x7FFFFFFFu ? 0x7FFFFFFFu : ur;
        cut = ((ur * ur) >> 16) * kk;
        if (cut > w)
            return true; /* W'^2 < 0: the egg ends before |u0| = un */
        w -= cut;
    }
    st->w = w, st->kk = kk, st->sh = sh, st->mn = mn, st->mx = mx, st->un = un;
    /* the normal most nearly along c first */
    k = st->first = best_normal(c, gam);
    if (shadow_apart(-gam[2 * k + 1], gam[2 * k], c, gam, w))
        return true;
    if (cap && !st->z_done) {
        st->z_done = true;
        return world_z_apart(lp, lo, hi, v);
    }
    return false;
}

FXL_ARM_CODE
bool fxl__laser3d_round_moving_apart_first(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                           const int32_t v[3], fxl__shadow *st)
{
    st->z_done = false;
    return first_part(lp, lo, hi, v, st, true);
}

FXL_ARM_CODE
bool fxl__laser3d_round_moving_apart_rest(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                          const int32_t v[3], const fxl__shadow *st0)
{
    fxl__shadow st1;
    const fxl__shadow *st = st0;
    const int32_t *c, *gam;
    int32_t p[2];
    uint64_t w, kk;
    int64_t un;
    int32_t c0 = 0, e0[4] = {0, 0, 0, 0};
    uint64_t sl = 0;
    bool cone;
    int k, f;
    if (st0->first < 0) {
        /* the first part stopped at the world's z: the set-up and the
         * normal along c now */
        st1.z_done = true;
        if (first_part(lp, lo, hi, v, &st1, false))
            return true;
        st = &st1;
    }
    c = st->c, gam = st->gam, w = st->w, kk = st->kk, un = st->un, f = st->first;
    cone = kk != 0 && un != 0 && w != 0;
    if (cone) {
        /* the egg's cone (past its middle a tighter bound than the
         * shadow's tube; with the normal along c first, then after the
         * shadow's least point and other normals): the doubled body's u0
         * - un (mx - mn about its centre, the e_k; negated on the negative
         * side), rounded as the shadow; ur >= 0 as in the cut above */
        unsigned sh = st->sh;
        uint64_t ur = ((uint64_t)un * 2u) >> sh;
        /* rr >= sqrt(w) >= 2R / 2^s: sqrt(w) = 2 sqrt(w / 4) < 2
         * (isqrt(floor(w / 4)) + 1) (w <= 2^34; rr <= 2^17 + 2) */
        uint32_t rr = 2u * (fxl__isqrt32((uint32_t)(w >> 2)) + 1u);
        c0 = floor_low(st->mx - st->mn, sh);
        ur = ur > 0x7FFFFFFFu ? 0x7FFFFFFFu : ur;
        for (k = 0; k < 4; k++)
            e0[k] = floor_low(st->mn > 0 ? st->e[k] : -st->e[k], sh);
        /* sl = floor(kk ur / (2^8 rr)) <= 2^8 s (kk ur <= 2^47), capped
         * at 2^22 (lower is sound; the quotient then below 2^32) */
        sl = kk * ur >= (uint64_t)(rr << 8) << 22 ? (uint64_t)1 << 22 : fxl__div64_32(kk * ur, rr << 8);
        if (cone_apart(-gam[2 * f + 1], gam[2 * f], c0, e0, c, gam, w, sl))
            return true;
    }
    /* the least point along c (the shadow's point nearest the axis, or
     * near it), then the other normals */
    least_along(c, c, gam, p);
    if (shadow_apart(p[0], p[1], c, gam, w))
        return true;
    for (k = 0; k < 4; k++)
        if (k != f && shadow_apart(-gam[2 * k + 1], gam[2 * k], c, gam, w))
            return true;
    if (cone) {
        if (cone_apart(p[0], p[1], c0, e0, c, gam, w, sl))
            return true;
        for (k = 0; k < 4; k++)
            if (k != f && cone_apart(-gam[2 * k + 1], gam[2 * k], c0, e0, c, gam, w, sl))
                return true;
    }
    return !st->z_done && world_z_apart(lp, lo, hi, v);
}

FXL_ARM_CODE
bool fxl__laser3d_round_moving_apart32(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                       const int32_t v[3])
{
    fxl__shadow st;
    st.z_done = false; /* the first part not deferred: the slab once */
    return first_part(lp, lo, hi, v, &st, false) || fxl__laser3d_round_moving_apart_rest(lp, lo, hi, v, &st);
}
