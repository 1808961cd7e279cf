/* laser3d_near.c - the cylinder's and the egg's first look at an
 * axis-aligned 3D box (fxl_laser3d_vs_aabb3 runs it before the quick look
 * of laser3d_round.c; frame and domain in fixlaser/laser3d.h): a point P
 * of the box of about the least value of the shape's quadratic, found in
 * cheap rounded steps (any point of the box serves), then two proven
 * decisions about it in 64 bits: P inside the shape (a sure hit), or the
 * plane along the shape's gradient at P with the whole box beyond the
 * shape's support (a sure miss; a cylinder whose P lies beyond a cap also
 * tries planes about its rim and the cap's plane). What none settles (a
 * box within a few 2^-20 of touching, relative, or a poor P) goes on to
 * the older path. GBA bench (256 boxes at the surface, median / max):
 * egg 3,345 / 4,669 cycles (was 5,226 / 27,111), cylinder 2,005 / 7,658
 * (was 2,013 / 70,492).
 *
 * Units: doubled raw offsets, as laser3d_box.c: the box is { X : |2 X -
 * b| <= g } (b = lo + hi - 2 pos, |b| <= 2^29; g = hi - lo <= 2^28), a
 * point of it P / 2 with P = b + t, |t_l| <= g_l (so |P_l| <= 2^29). Its
 * doubled frame point U = M P - 2 (mid, 0, 0) (Q48, M's rows as
 * laser3d_box.c) is exact in 64 bits (below 2^62.5, the sums of
 * quick_faces there), and U~ = U / 2^32 is it in doubled raw units
 * (real; |U~| < 2^30.5). The shapes, doubled: the egg k' U0~^2 + U1~^2 +
 * U2~^2 <= 4 W^2 (k' = k / 2^16, W raw: half_wid / 2^32 exactly), the
 * cylinder U1~^2 + U2~^2 <= 4 W^2 with |U0~| <= 2 L (2 L raw = half_len /
 * 2^31 exactly, the full length). */
#include "fixlaser/laser3d.h"

#include "wide.h"

/* 1 a sure hit, -1 a sure miss, 0 unsure (cylinder and egg only). */
int fxl__laser3d_near(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3]);

/* Its part of the prep (fxl__laser3d_box_prep calls it): near_sk, near_ik,
 * near_rec, near_r. */
void fxl__laser3d_near_prep(fxl_laser3d_prep *lp);

/* U = M x - 2 (mid, 0, 0) exactly, x doubled (|x_l| <= 2^29): x1 = cy x0 +
 * sy x1 (< 2^45.5), each row below 2^62.5 (laser3d_box.c's quick_faces). */
FXL__ALWAYS_INLINE void frame2(const fxl_laser3d_prep *lp, const int32_t x[3], int64_t u[3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t x1 = cy * x[0] + sy * x[1], xz = (int64_t)x[2] * 65536;
    u[0] = cp * x1 - sp * xz - 2 * lp->mid;
    u[1] = (cy * x[1] - sy * x[0]) * 65536;
    u[2] = sp * x1 + cp * xz;
}

/* v = floor(U~) (|v| < 2^30.5) and a bound on |U~|: U~ lies in [v, v +
 * 1), so |U~| <= (v >= 0 ? v + 1 : -v). */
FXL__ALWAYS_INLINE uint32_t mag_up(int32_t v)
{
    return v >= 0 ? (uint32_t)v + 1u : fxl__abs32(v);
}

/* near_sk = floor(sqrt(k 2^16)) (Q16 sqrt(k'), at most it: 0 for the
 * cylinder, whose row 0 weighs nothing); near_r the search's columns of Z
 * M / 2^32 in Q14, Z = diag(sk / 2^16, 1, 1) (rows of the Q16 tables'
 * products, floored: |r| <= 2^14); near_rec[l] = 2^30 / (den_l >> 14),
 * den_l = |column l|^2 (Q28, below 2^30), 0 when den_l >> 14 = 0 (no step
 * along l) or for the box laser. */
void fxl__laser3d_near_prep(fxl_laser3d_prep *lp)
{
    int32_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp, r[3][3];
    uint32_t sk = lp->kind == FXL_LASER3D_EGG ? fxl__isqrt64((uint64_t)(uint32_t)lp->egg_k << 16) : 0u;
    int i, l;
    if (lp->kind == FXL_LASER3D_BOX) {
        for (i = 0; i < 3; i++)
            for (l = 0; l < 3; l++)
                lp->near_r[i][l] = 0;
        lp->near_rec[0] = lp->near_rec[1] = lp->near_rec[2] = lp->near_sk = lp->near_ik = 0;
        return;
    }
    r[0][0] = fxl__asr32(fxl__asr32(cp, 1) * fxl__asr32(cy, 1), 16);
    r[0][1] = fxl__asr32(fxl__asr32(cp, 1) * fxl__asr32(sy, 1), 16);
    r[0][2] = fxl__asr32(-sp, 2);
    r[1][0] = fxl__asr32(-sy, 2), r[1][1] = fxl__asr32(cy, 2), r[1][2] = 0;
    r[2][0] = fxl__asr32(fxl__asr32(sp, 1) * fxl__asr32(cy, 1), 16);
    r[2][1] = fxl__asr32(fxl__asr32(sp, 1) * fxl__asr32(sy, 1), 16);
    r[2][2] = fxl__asr32(cp, 2);
    for (l = 0; l < 3; l++) {
        int32_t den;
        r[0][l] = fxl__asr32(r[0][l] * (int32_t)sk, 16); /* |r| 2^16 <= 2^30 */
        den = r[0][l] * r[0][l] + r[1][l] * r[1][l] + r[2][l] * r[2][l];
        lp->near_rec[l] = den >= (1 << 14) ? (1u << 30) / (uint32_t)(den >> 14) : 0u;
    }
    for (i = 0; i < 3; i++)
        for (l = 0; l < 3; l++)
            lp->near_r[i][l] = (int16_t)r[i][l];
    lp->near_sk = sk;
    /* ceil(2^31 / k) (sk > 0: 1 <= k <= 2^16; the sum below 2^32) */
    lp->near_ik = sk != 0 ? (0x80000000u + (uint32_t)lp->egg_k - 1u) / (uint32_t)lp->egg_k : 0u;
}

/* The cylinder's box wholly beyond a cap: over the box U0 (exact,
 * doubled, Q48: V0 = m0 . b - 2 mid) lies within hb0 = sum_l |m0l| g_l of
 * V0 (as laser3d_box.c's quick_faces: below 2^62.5 together); |V0| - hb0
 * > 2 L (2 half_len, doubled) leaves every point beyond the slab. */
FXL_ARM_CODE
static bool beyond_cap(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t x1 = cy * b[0] + sy * b[1], v0 = cp * x1 - sp * ((int64_t)b[2] * 65536) - 2 * lp->mid;
    uint64_t g1 = fxl__abs64(cy) * (uint32_t)g[0] + fxl__abs64(sy) * (uint32_t)g[1];
    uint64_t hb0 = fxl__abs64(cp) * g1 + fxl__abs64(sp) * ((uint64_t)(uint32_t)g[2] << 16);
    uint64_t av = fxl__abs64(v0);
    return av > hb0 && av - hb0 > 2u * (uint64_t)lp->half_len;
}

/* The plane with normal a (|a_i| <= 2^13 + 3) through the box point P
 * (doubled: b + t, |t_l| <= g_l; U~(P) in [v, v + 1)) against a shape of
 * support at most ext + 2 W sqrt(T) along a (T < 2^31): true when it
 * surely separates. Over the box, a . U~ is least at P moved by d_l =
 * -(g_l + t_l) where C_l > 0 and g_l - t_l where C_l < 0 (C = a M /
 * 2^32), so it is at least mn = LA - DU with
 *     LA = sum_i a_i (v_i or v_i + 1, the lower) <= a . U~(P),
 *     DU = ceil(sum_l ((|c_l| >> 16) + 1) dd_l / 2^16) >= sum_l |C_l| dd_l
 *          (dd_l = |d_l| <= 2 g_l <= 2^29),
 * c = 2^32 C exactly: by M's rows, with p = a0 cp + a2 sp and q = a2 cp -
 * a0 sp (below 2^30.1), c = (cy p - 2^16 sy a1, sy p + 2^16 cy a1, 2^16
 * q) (|c_l| < 2^46.7: each DU term below 2^30.7 2^29, the sum below
 * 2^61.3). So mn - ext > 0 and (mn - ext)^2 > 4 W^2 T separate (strictly:
 * touching is a hit). Sizes: |LA| < 3 (2^13 + 3) (2^30.5 + 1) < 2^45.1,
 * DU / 2^16 < 2^45.3, ext below 2^41. In units of 2^sd: mt = (mn - ext)
 * >> sd (taken only below 2^30; mn - ext >= mt 2^sd) and 2 W < wr 2^sd
 * with wr = (2 W >> sd) + 1 (2 W < 2^(13 + sd) by the search's scale:
 * wr <= 2^13 + 1): mt^2 > wr^2 T (each side below 2^60) is sure. */
FXL_ARM_CODE
static bool parted(const fxl_laser3d_prep *lp, const int32_t v[3], const int32_t a[3], const int32_t g[3],
                   const int32_t t[3], unsigned sd, uint32_t tq, uint64_t ext)
{
    int32_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp, p, q;
    int64_t la = 0, mn, c[3];
    uint64_t du = 0;
    uint32_t mt, wr = ((uint32_t)((uint64_t)lp->half_wid >> 31) >> sd) + 1u;
    int i, l;
    for (i = 0; i < 3; i++)
        la += (int64_t)a[i] * (a[i] >= 0 ? v[i] : v[i] + 1);
    p = a[0] * cp + a[2] * sp, q = a[2] * cp - a[0] * sp;
    c[0] = (int64_t)cy * p - (int64_t)(sy * a[1]) * 65536;
    c[1] = (int64_t)sy * p + (int64_t)(cy * a[1]) * 65536;
    c[2] = (int64_t)q * 65536;
    for (l = 0; l < 3; l++) {
        uint32_t dd = c[l] > 0 ? (uint32_t)(g[l] + t[l]) : c[l] < 0 ? (uint32_t)(g[l] - t[l]) : 0u;
        du += (uint64_t)((uint32_t)(fxl__abs64(c[l]) >> 16) + 1u) * dd;
    }
    mn = la - (int64_t)((du + 65535u) >> 16) - (int64_t)ext;
    if (mn <= 0 || ((uint64_t)mn >> sd) >= (1u << 30))
        return false;
    mt = (uint32_t)((uint64_t)mn >> sd);
    return (uint64_t)mt * mt > (uint64_t)(wr * wr) * tq;
}

/* The cylinder with P beyond a cap (|v0| > 2 L doubled: L2 = half_len /
 * 2^31): a box across the cap's plane may pass by its rim. The planes
 * tried are the square prism's about it (laser3d_box.c's cross axes)
 * along a cap's edges: a = col_k x e_j (col_k the world axis k in the
 * frame: column k of M in Q14, about a unit vector; e_j frame axis j = 1,
 * 2), signed to face P (any direction serves). The cylinder's support
 * along a is L2 |a0| + 2 W sqrt(a1^2 + a2^2): parted() with ext = L2
 * |a0| (below 2^41) and T = a1^2 + a2^2 (below 2^29). -1 when one
 * separates, else 0. */
FXL_ARM_CODE
static int rim(const fxl_laser3d_prep *lp, const int32_t v[3], const int32_t g[3], const int32_t t[3],
               unsigned sd)
{
    int32_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp, col[3][3];
    uint32_t l2 = (uint32_t)((uint64_t)lp->half_len >> 31);
    int k, j;
    col[0][0] = fxl__asr32(fxl__asr32(cp, 1) * fxl__asr32(cy, 1), 16);
    col[0][1] = fxl__asr32(fxl__asr32(cp, 1) * fxl__asr32(sy, 1), 16);
    col[0][2] = fxl__asr32(-sp, 2);
    col[1][0] = fxl__asr32(-sy, 2), col[1][1] = fxl__asr32(cy, 2), col[1][2] = 0;
    col[2][0] = fxl__asr32(fxl__asr32(sp, 1) * fxl__asr32(cy, 1), 16);
    col[2][1] = fxl__asr32(fxl__asr32(sp, 1) * fxl__asr32(sy, 1), 16);
    col[2][2] = fxl__asr32(cp, 2);
    for (j = 1; j < 3; j++)
        for (k = 0; k < 3; k++) {
            int32_t a[3], c0 = col[0][k], c1 = col[1][k], c2 = col[2][k];
            int i;
            int64_t dot = 0;
            /* col x e1 = (-c2, 0, c0), col x e2 = (c1, -c0, 0); |c| <=
             * 2^14: halved below 2^13 + 1 */
            a[0] = fxl__asr32(j == 1 ? -c2 : c1, 1);
            a[1] = j == 1 ? 0 : fxl__asr32(-c0, 1);
            a[2] = j == 1 ? fxl__asr32(c0, 1) : 0;
            for (i = 0; i < 3; i++)
                dot += (int64_t)a[i] * v[i];
            if (dot < 0)
                for (i = 0; i < 3; i++)
                    a[i] = -a[i];
            if (parted(lp, v, a, g, t, sd, (uint32_t)(a[1] * a[1] + a[2] * a[2]),
                       (uint64_t)l2 * fxl__abs32(a[0])))
                return -1;
        }
    return 0;
}

/* One step of the search's scaled units: v >> s (floor), 0 <= s <= 31. */
FXL__ALWAYS_INLINE int32_t down(int32_t v, unsigned s)
{
    return s == 0 ? v : fxl__asr32(v, s);
}

FXL_ARM_CODE
int fxl__laser3d_near(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    bool egg = lp->kind == FXL_LASER3D_EGG;
    uint32_t sk = lp->near_sk; /* Q16, at most sqrt(k'); 0: the cylinder */
    int64_t u[3];
    int32_t v[3], t[3], x[3], f[3];
    unsigned sd;
    uint32_t w2 = (uint32_t)((uint64_t)lp->half_wid >> 31); /* 2 W raw, below 2^27 */
    const int16_t(*r)[3] = lp->near_r;
    int i, l;
    {
        /* The search (rounded anywhere: its result is only ever a point of
         * the box), in z = Z U~ (Z = diag(s, 1, 1), s = sk / 2^16 about
         * sqrt(k'): the egg about the ball |z| <= 2 W, the cylinder's tube
         * the cylinder |(z1, z2)| <= 2 W), with r the columns of Z M / 2^32
         * in Q14 (prepared: about unit vectors, or with row 0 shortened;
         * |r| <= 2^14). The centre's z, about: zc = r b / 2^14 - (s 2 mid /
         * 2^32, 0, 0) (Q14 sums below 2^44.7, mid / 2^31 below 2^26; z
         * below 2^30.7). Then everything in 32 bits, in units of 2^sd
         * doubled raw (sd makes those |z|, g and 2 W below 2^13): f = z >>
         * sd, the box |t'_l| <= h_l = g_l >> sd (so f, the start's plus at
         * most sum_l h_l |r_l| / 2^14 twice over and 6 roundings, stays
         * below 2^15 + 6). Along world axis l, |f + s r_l|^2 is least at s
         * = -num / den, num = f . r_l (below 2^29.9), den = |r_l|^2 (Q28):
         * s = -(num rec) / 2^30, rec = 2^30 / (den >> 14) (prepared; den >>
         * 14 = 0: about constant along l, no step), clamped to the box;
         * then f moves by r dt / 2^14. From the box's corner deepest along
         * the descent at the centre, one sweep over the three axes (a
         * second decided none more of the GBA bench's near boxes). */
        int32_t h[3], tt[3];
        const uint32_t *rec = lp->near_rec;
        uint32_t mx = (uint32_t)fxl__max32(fxl__max32(g[0], g[1]), g[2]) | w2;
        for (i = 0; i < 3; i++) {
            int64_t zc = (int64_t)r[i][0] * b[0] + (int64_t)r[i][1] * b[1] + (int64_t)r[i][2] * b[2];
            if (i == 0)
                zc -= ((lp->mid >> 31) * (int64_t)sk) >> 2;
            f[i] = (int32_t)fxl__floor_shift(zc, 14);
            mx |= fxl__abs32(f[i]);
        }
        sd = fxl__bits32(mx);
        sd = sd > 13u ? sd - 13u : 0u;
        for (l = 0; l < 3; l++) {
            f[l] = down(f[l], sd);
            h[l] = g[l] >> sd;
        }
        for (l = 0; l < 3; l++) {
            /* start at the box's corner deepest along -grad at the centre */
            int32_t num = f[0] * r[0][l] + f[1] * r[1][l] + f[2] * r[2][l];
            tt[l] = num > 0 ? -h[l] : num < 0 ? h[l] : 0;
        }
        for (l = 0; l < 3; l++) {
            f[0] += fxl__asr32(r[0][l] * tt[l], 14);
            f[1] += fxl__asr32(r[1][l] * tt[l], 14);
            f[2] += fxl__asr32(r[2][l] * tt[l], 14);
        }
        for (l = 0; l < 3; l++) {
            int32_t num = f[0] * r[0][l] + f[1] * r[1][l] + f[2] * r[2][l], nt, dt;
            /* floor(num rec / 2^30): |num| <= |f| |r_l| < 2^15.8
             * 2^14.01 (Cauchy-Schwarz), rec <= 2^30, so |num rec| <
             * 2^60: offset by 2^60 to shift a non-negative number */
            nt = tt[l] - ((int32_t)((uint64_t)((int64_t)num * rec[l] + ((int64_t)1 << 60)) >> 30) - (1 << 30));
            nt = nt > h[l] ? h[l] : nt < -h[l] ? -h[l] : nt;
            dt = nt - tt[l];
            tt[l] = nt;
            f[0] += fxl__asr32(r[0][l] * dt, 14);
            f[1] += fxl__asr32(r[1][l] * dt, 14);
            f[2] += fxl__asr32(r[2][l] * dt, 14);
        }
        for (l = 0; l < 3; l++)
            t[l] = tt[l] * (1 << sd); /* |t_l| <= h_l 2^sd <= g_l */
    }
    for (l = 0; l < 3; l++)
        x[l] = b[l] + t[l]; /* P: |x_l| <= 2^29 (laser3d_box.c's clamped corners) */
    frame2(lp, x, u);
    for (i = 0; i < 3; i++)
        v[i] = (int32_t)fxl__floor_shift(u[i], 32); /* U~(P) in [v, v + 1) */
    {
        /* A sure hit: P / 2 inside the shape. With A_i = mag_up(v_i) >=
         * |U~_i| (at most 2^30.5 + 1: A_i^2 below 2^61.1), Q(U~) <= A1^2 +
         * A2^2 + k ((A0^2 >> 16) + 1) (k (A0^2 / 2^16) rounded up; below
         * 2^62.1 + 2^61.1), against 4 W^2 (< 2^54); the cylinder also
         * |U0~| <= A0 <= 2 L. */
        uint32_t a0 = mag_up(v[0]), a1 = mag_up(v[1]), a2 = mag_up(v[2]);
        uint64_t q = (uint64_t)a1 * a1 + (uint64_t)a2 * a2;
        q += egg ? ((((uint64_t)a0 * a0) >> 16) + 1u) * (uint32_t)lp->egg_k : 0u;
        if (q <= (uint64_t)w2 * w2 && (egg || a0 <= ((uint64_t)lp->half_len >> 31)))
            return 1;
    }
    {
        /* A sure miss: the plane along the gradient at P (parted()). Its
         * direction in z from the search's f (about z(P) / 2^sd, |f| <
         * 2^15 + 6): al = f >> 2 (|al_i| <= 2^13 + 2), in U~ a = (sk |al0|
         * >> 16 with al0's sign, al1, al2) (any direction serves). The
         * shape's greatest a . U~ is its support 2 W sqrt(a0^2 / k' + a1^2
         * + a2^2) (egg, k > 0), 2 W sqrt(a1^2 + a2^2) (a0 = 0: the
         * cylinder's tube, an egg with k = 0): at most 2 W sqrt(T), T =
         * floor(a0^2 ik / 2^15) + 1 + a1^2 + a2^2 with ik = near_ik >= 2^31
         * / k (a0^2 2^16 / k rounded up; as |a0| <= sqrt(k') |al0|, below
         * al0^2 + 1: T below 2^27.6 + 1; a0^2 ik below 2^57.1). A cylinder
         * whose P lies beyond a cap then tries planes along its rim
         * (rim()) and the cap's plane (the box wholly beyond it). */
        int32_t al[3], a[3];
        uint32_t tq;
        for (i = 0; i < 3; i++)
            al[i] = fxl__asr32(f[i], 2);
        a[0] = (int32_t)((sk * fxl__abs32(al[0])) >> 16); /* below 2^13 + 3 */
        tq = (uint32_t)((((uint64_t)(uint32_t)(a[0] * a[0]) * lp->near_ik) >> 15) + 1u);
        a[0] = al[0] < 0 ? -a[0] : a[0];
        a[1] = al[1], a[2] = al[2];
        tq += (uint32_t)(a[1] * a[1]) + (uint32_t)(a[2] * a[2]);
        if (parted(lp, v, a, g, t, sd, tq, 0))
            return -1;
        if (egg || fxl__abs32(v[0]) <= (uint32_t)((uint64_t)lp->half_len >> 31))
            return 0;
        return rim(lp, v, g, t, sd) < 0 || beyond_cap(lp, b, g) ? -1 : 0;
    }
}
