/* laser3d_box.c - 3D lasers against axis-aligned 3D boxes, exact in
 * integers (a separating-axis test of two parallelepipeds), and the index
 * lists and fused forms of the sphere and box tests (frame, domain and
 * shapes in fixlaser/laser3d.h).
 *
 * The laser's body in the frame. With X = P - pos (Q16.16, a world point's
 * offset) the sphere test computes the frame coordinates x + mid, y, z
 * (Q16.48) as the rows of one integer matrix M (Q32 entries, |entry| <=
 * 2^32) applied to X:
 *     m0 = (cp cy, cp sy, -2^16 sp)      x + mid = m0 . X
 *     m1 = 2^16 (-sy, cy, 0)             y       = m1 . X
 *     m2 = (sp cy, sp sy, 2^16 cp)       z       = m2 . X
 * and the box laser is S = { X : |m_i . X - c_i| <= h_i } with c = (mid,
 * 0, 0), h = (L, W, W) (Q16.48). The table's values are not exactly unit,
 * so S is a parallelepiped, not exactly a box; its edges run along the
 * columns of M^-1 = [e0 e1 e2] / D, e0 = m1 x m2, e1 = m2 x m0,
 * e2 = m0 x m1, D = det M (m_i . e_j = D [i = j]). Written out, with
 * q = cy^2 + sy^2 and p = cp^2 + sp^2 (Q32, both within 2^-14 of 2^32, so
 * positive):
 *     e0 = 2^16 e0', e0' = (2^16 cp cy, 2^16 cp sy, -sp q)
 *     e1 = 2^16 e1', e1' = p (-sy, cy, 0)
 *     e2 = 2^16 e2', e2' = (2^16 sp cy, 2^16 sp sy, cp q)
 *     D  = 2^16 D',  D'  = 2^16 q p > 0
 * (e0 . m0 = 2^32 q (cp^2 + sp^2): the cross terms cancel), |e'| entries
 * below 2^49, D' below 2^82.
 *
 * Separating axes. The box B and S are both parallelepipeds (zonotopes
 * with three generators each): B - S is the zonotope of the six, and the
 * origin lies outside it iff one of its facet normals separates, and
 * those are among the cross products of two generators: the world axes
 * a_k (a_x x a_y ...), the laser's face normals m_l (e_i x e_j = +-D m_l)
 * and the nine a_k x e_i. Touching (closed sets) is a hit: only a strict
 * gap separates. The test holds for flat boxes and flat lasers too (a
 * zero generator drops out; the remaining normals still describe B - S).
 * On each axis n the centres and half-extents of both projections are
 * exact integers, scaled as below, and separation is |centre gap| >
 * half + half.
 *
 * The box is used doubled to stay in integers: b = lo + hi - 2 pos
 * (centre, |b| <= 2^29), g = hi - lo (full size, 0..2^28), coordinates
 * clamped to +-2^27 first.
 *
 * Order of work: the prep's bounding box (32 bits; the far case), the
 * face normals exactly and the box's inscribed ball (64 bits; most hits),
 * the other 12 axes approximated with proven error bounds (quick), and
 * only when one of those is within its bound of touching, the exact
 * 128-bit test of the 12 (no_gap). */
#include "fixlaser/laser3d.h"

#include "batch.h"
#include "domain.h"
#include "laser3d_body.h"
#include "wide.h"

/* laser3d_round.c: the exact stage of the cylinder and the egg (lo, hi:
 * the box's corners minus pos, raw). */
bool fxl__laser3d_round_hit(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3]);
int fxl__laser3d_round_quick(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3],
                             int part);
/* laser3d_near.c: the cylinder's and the egg's first look (1 a sure hit,
 * -1 a sure miss, 0 unsure). */
int fxl__laser3d_near(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3]);
void fxl__laser3d_near_prep(fxl_laser3d_prep *lp);

/* Beyond every frame coordinate of an in-domain point (|m0 . X| <=
 * 2^32 (1 + 2^-15) * sqrt 3 * 2^28 < 2^60.8, mid <= 2^57): an unbounded
 * length, kept small enough for the sums below. */
#define UNBOUNDED_Q48 ((uint64_t)1 << 61)

/* The egg's half-length along the beam, Q16.48: Le = ceil(W 2^16 / r),
 * r = floor(sqrt(k 2^16)) <= 2^8 sqrt(k / 2^16) 2^8, so Le >= W / sqrt
 * (k / 2^16), the egg's reach along x (k x^2 <= 2^16 W^2 there); within
 * 0.4 % of it (r >= 256). k = 0 or Le beyond 2^29 raw: unbounded. */
static inline uint64_t egg_half_len(const fxl_laser3d_prep *lp)
{
    uint32_t k = (uint32_t)lp->egg_k, r;
    uint64_t w = (uint64_t)lp->half_wid >> 32, num, le; /* Q16.16 W */
    if (k == 0)
        return UNBOUNDED_Q48;
    r = fxl__isqrt64((uint64_t)k << 16); /* 256 .. 65536 */
    num = (w << 16) + r - 1u;            /* < 2^43 */
    if (num >= (uint64_t)r << 29)
        return UNBOUNDED_Q48;
    le = fxl__div64_32(num, r); /* < 2^29 */
    return le << 32;
}

/* The box tests' part of the prep (fxl_laser3d_prepare and the fused
 * lasers3d below call it): the half-length h_0 and quick()'s rounded
 * edges t_jk and dd, as quick() derives them. */
void fxl__laser3d_box_prep(fxl_laser3d_prep *lp);

void fxl__laser3d_box_prep(fxl_laser3d_prep *lp)
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t q = cy * cy + sy * sy, p = cp * cp + sp * sp;
    fxl__u128 qp = fxl__mul64((uint64_t)q, (uint64_t)p);
    lp->box_len = (int64_t)(lp->kind == FXL_LASER3D_EGG ? egg_half_len(lp) : (uint64_t)lp->half_len);
    /* e'_0 = 2^16 m_0 and e'_2 = 2^16 m_2 in x and y: / 2^18 is m / 4. */
    lp->et[0][0] = (int32_t)fxl__floor_shift(cp * cy, 2), lp->et[0][1] = (int32_t)fxl__floor_shift(cp * sy, 2);
    lp->et[0][2] = (int32_t)fxl__floor_shift(-sp * q, 18);
    lp->et[1][0] = (int32_t)fxl__floor_shift(-sy * p, 18), lp->et[1][1] = (int32_t)fxl__floor_shift(cy * p, 18);
    lp->et[1][2] = 0;
    lp->et[2][0] = (int32_t)fxl__floor_shift(sp * cy, 2), lp->et[2][1] = (int32_t)fxl__floor_shift(sp * sy, 2);
    lp->et[2][2] = (int32_t)fxl__floor_shift(cp * q, 18);
    lp->dd = (uint32_t)((qp.hi << 29) | (qp.lo >> 35));
    fxl__laser3d_near_prep(lp);
}

/* The filter in front of the exact test: negative when some axis surely
 * separates (the value names it: APART below), 1 when none can, 0 when
 * unsure. Everything in 64 bits with
 * int32 operands where it counts (one multiply each on ARM).
 *
 * The face normals m_i are decided exactly here (64 bits suffice):
 * |m_i . b - 2 c_i| > sum |m_ij| g_j + 2 h_i separates. Each term
 * |m_ij b_j| <= 2^61 and sum_j |m_ij| <= sqrt 3 2^32, so |m_i . b| <
 * 2^61.8, the gap below 2^62, the right side below 2^60.8 + 2^62.
 *
 * The others in scaled-down units with proven error bounds. Notation:
 * mu = mid / 2^31 (the length for an emitter anchor, else 0), eta_j =
 * h_j / 2^31 (length, 2 W, 2 W; an egg's 2 Le, 2^30 unbounded): exact,
 * as h_j and mid are multiples of 2^31. t_jk = floor(e'_jk / 2^18) (int32:
 * |e'| < 2^48 + 2^35), so e'_jk / 2^18 = t_jk + r, 0 <= r < 1, and
 * ||e'_jk| / 2^18 - |t_jk|| < 1.
 *
 * World axis k, divided by 2^51 (exact test in no_gap): D' / 2^51 =
 * q p / 2^35 = dd + r (dd its floor, < 2^31), so D' b / 2^51 is dd b
 * within |b| and D' g / 2^51 in [dd g, dd g + g]; 2 E / 2^51 = e'_0k mu
 * / 2^19 = t_0k mu / 2 + r mu / 2 lies in [cb, cb + mu + 1) with cb =
 * floor(t_0k mu / 2); 2 T / 2^51 = sum |e'_jk| eta_j / 2^19 lies within
 * sum eta_j + 1 of tb = floor(sum |t_jk| eta_j / 2). So the true gap
 * |...| lies within |b| + mu + 1 of |dd b - cb| and the true half within
 * g + sum eta + 1 of dd g + tb: slack = |b| + g + mu + sum eta + 2.
 * Sizes: dd |b| <= 2^60, tb < 2^61, all sums below 2^62.
 *
 * Cross axis (i, k), divided by 2^34: n' = a_k x e'_i has its two
 * entries n_u = -e'_iv, n_v = e'_iu, approximated by -t_iv and t_iu within
 * 1 each, so N / 2^18 = (n_u b_u + n_v b_v) / 2^18 lies within |b_u| +
 * |b_v| of P = -t_iv b_u + t_iu b_v and G / 2^18 within g_u + g_v of
 * Q = |t_iv| g_u + |t_iu| g_v; 2 C / 2^34 = eps (m_l)_k mu / 4 lies in
 * [cc, cc + 1) with cc its floor, 2 H / 2^34 = sum |(m_l)_k| eta_j / 4 in
 * [hc, hc + 1). slack = |b_u| + |b_v| + g_u + g_v + 2. Sizes: |P| < 2^61,
 * |cc| <= 2^56, hc < 2^61. */
/* quick()'s sure miss on axis j (3..5 the world axes a_k, 6 + 3 i + k
 * the cross axes a_k x e'_i): 1 - j; on a face m_j (j = 0..2): -1, the
 * face unnamed (naming it costs the static test 24 cycles a call on the
 * GBA, its loop's counter kept). */
#define APART(j) (1 - (j))

FXL__ALWAYS_INLINE int quick_faces(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    uint64_t eta[3], ex[3];
    int64_t v[3];
    int i;
    eta[0] = (uint64_t)lp->box_len >> 31;
    eta[1] = eta[2] = (uint64_t)lp->half_wid >> 31;
    {
        /* m_i . b and sum_j |m_ij| g_j in the sphere test's order: x1 =
         * cy bx + sy by and y = cy by - sy bx (< 2^46), then the pitch;
         * G1 = |cy| gx + |sy| gy, G2 = |sy| gx + |cy| gy (< 2^45). Every
         * product below 2^62. */
        int64_t x1 = cy * b[0] + sy * b[1], y1 = cy * b[1] - sy * b[0], bz = (int64_t)b[2] * 65536;
        uint64_t acy = fxl__abs64(cy), asy = fxl__abs64(sy), acp = fxl__abs64(cp), asp = fxl__abs64(sp);
        uint64_t g1 = acy * (uint32_t)g[0] + asy * (uint32_t)g[1];
        uint64_t g2 = asy * (uint32_t)g[0] + acy * (uint32_t)g[1], gz = (uint64_t)(uint32_t)g[2] << 16;
        uint64_t hb[3];
        v[0] = cp * x1 - sp * bz - 2 * lp->mid, hb[0] = acp * g1 + asp * gz;
        v[1] = y1 * 65536, hb[1] = g2 << 16;
        v[2] = sp * x1 + cp * bz, hb[2] = asp * g1 + acp * gz;
        for (i = 0; i < 3; i++) {
            uint64_t ac = fxl__abs64(v[i]), h2 = 2u * (eta[i] << 31);
            if (ac > hb[i] + h2)
                return -1;
            ex[i] = ac > h2 ? ac - h2 : 0u;
        }
    }
    {
        /* A sure hit: the ball inscribed in the box (centre b / 2, radius
         * min g / 2) meets the laser. In doubled frame units the centre
         * lies ex (per frame axis, exact) outside the frame box [c - h,
         * c + h]; the frame point y clamped into it is in S, and its world
         * offset from the centre is M^-1 (ex / 2) (signs aside), of length
         * at most |ex| / (2 s) with s the least singular value of M: M = A
         * B, A and B turns scaled by sqrt p and sqrt q in one plane and by
         * 2^16 on their third axis, and over the 4096 steps sqrt(c^2 + s^2)
         * >= 0.99998948 2^16 (checked exhaustively), so s >= 2^32 (1 -
         * 2^-15). Hit when |ex|^2 <= (min g (2^32 - 2^17))^2 (< 2^120;
         * each ex < 2^63 as |c| < 2^62). */
        uint32_t gm = (uint32_t)(g[0] < g[1] ? g[0] : g[1]);
        uint64_t rr = (uint64_t)(gm < (uint32_t)g[2] ? gm : (uint32_t)g[2]) * (((uint64_t)1 << 32) - ((uint64_t)1 << 17));
        if (ex[0] + ex[1] + ex[2] <= rr) /* |ex| <= the sum (each <= 2^62: below 2^64) */
            return 1;
        if (ex[0] <= rr && ex[1] <= rr && ex[2] <= rr &&
            fxl__le128(fxl__add(fxl__add(fxl__sq(ex[0]), fxl__sq(ex[1])), fxl__sq(ex[2])), fxl__sq(rr)))
            return 1;
    }
    {
        /* A sure hit: a corner of the box inside S. The corner taken is
         * the box's least along the frame axis i0 of the largest excess
         * (towards the frame box): x_j = b_j - g_j where sign(m_i0j) =
         * sign(v_i0), else b_j + g_j (a doubled offset like b, |x_j| <=
         * 2^29: the clamped corners'), so its frame rows w are exact and
         * bounded as v's above, and it is in S iff |w_i| <= 2 h_i for all
         * three (in a box above a face of S this is the box's point
         * deepest through that face). */
        int i0 = ex[0] >= ex[1] ? (ex[0] >= ex[2] ? 0 : 2) : (ex[1] >= ex[2] ? 1 : 2);
        int64_t mr[3], w[3], x1, y1, xz;
        int32_t x[3];
        bool neg = v[i0] < 0;
        mr[0] = i0 == 0 ? cp * cy : i0 == 1 ? -sy : sp * cy;
        mr[1] = i0 == 0 ? cp * sy : i0 == 1 ? cy : sp * sy;
        mr[2] = i0 == 0 ? -sp : i0 == 1 ? 0 : cp;
        for (i = 0; i < 3; i++)
            x[i] = (mr[i] < 0) == neg ? b[i] - g[i] : b[i] + g[i];
        x1 = cy * x[0] + sy * x[1], y1 = cy * x[1] - sy * x[0], xz = (int64_t)x[2] * 65536;
        w[0] = cp * x1 - sp * xz - 2 * lp->mid;
        w[1] = y1 * 65536;
        w[2] = sp * x1 + cp * xz;
        if (fxl__abs64(w[0]) <= 2u * (eta[0] << 31) && fxl__abs64(w[1]) <= 2u * (eta[1] << 31) &&
            fxl__abs64(w[2]) <= 2u * (eta[2] << 31))
            return 1;
    }
    return 0;
}

/* quick()'s other 12 axes (out of line: only when the faces and the
 * ball leave it open). */
FXL_ARM_CODE
static int quick_axes(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t m[3][3], mu = lp->mid >> 31;
    uint64_t eta[3], eta_sum, half;
    uint32_t dd = lp->dd;
    const int32_t(*t)[3] = lp->et; /* t_jk, prepared */
    int i, k, sure = 1;
    eta[0] = (uint64_t)lp->box_len >> 31;
    eta[1] = eta[2] = (uint64_t)lp->half_wid >> 31;
    m[0][0] = cp * cy, m[0][1] = cp * sy, m[0][2] = -sp * 65536;
    m[1][0] = -sy * 65536, m[1][1] = cy * 65536, m[1][2] = 0;
    m[2][0] = sp * cy, m[2][1] = sp * sy, m[2][2] = cp * 65536;
    eta_sum = eta[0] + eta[1] + eta[2];
    for (k = 0; k < 3; k++) {
        int64_t gap_ = (int64_t)dd * b[k] - fxl__floor_shift((int64_t)t[0][k] * mu, 1);
        uint64_t ag = fxl__abs64(gap_), slack = fxl__abs64(b[k]) + (uint32_t)g[k] + (uint64_t)mu + eta_sum + 2u;
        half = (uint64_t)dd * (uint32_t)g[k] +
               (((uint64_t)fxl__abs64(t[0][k]) * eta[0] + (uint64_t)fxl__abs64(t[1][k]) * eta[1] +
                 (uint64_t)fxl__abs64(t[2][k]) * eta[2]) >> 1);
        if (ag > half + slack)
            return APART(3 + k);
        if (ag + slack > half)
            sure = 0;
    }
    for (i = 0; i < 3; i++) {
        int ja = i == 0 ? 1 : 0, jb = i == 2 ? 1 : 2; /* the other two edges */
        int la = 3 - i - ja, lb = 3 - i - jb;         /* their m rows */
        for (k = 0; k < 3; k++) {
            int u = (k + 1) % 3, v = (k + 2) % 3;
            int64_t pp = -(int64_t)t[i][v] * b[u] + (int64_t)t[i][u] * b[v];
            int64_t cc = i == 0 ? 0 : fxl__floor_shift((i == 1 ? -m[2][k] : m[1][k]) * mu, 2);
            uint64_t ag = fxl__abs64(pp - cc);
            uint64_t slack = fxl__abs64(b[u]) + fxl__abs64(b[v]) + (uint32_t)g[u] + (uint32_t)g[v] + 2u;
            half = fxl__abs64(t[i][v]) * (uint32_t)g[u] + fxl__abs64(t[i][u]) * (uint32_t)g[v] +
                   ((fxl__abs64(m[la][k]) * eta[ja] + fxl__abs64(m[lb][k]) * eta[jb]) >> 2);
            if (ag > half + slack)
                return APART(6 + 3 * i + k);
            if (ag + slack > half)
                sure = 0;
        }
    }
    return sure;
}

/* The filter: the faces and the ball, then the 12 axes. */
FXL__ALWAYS_INLINE int quick(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int sure = quick_faces(lp, b, g);
    return sure != 0 ? sure : quick_axes(lp, b, g);
}

/* The separating-axis test proper: true iff no axis separates. b, g as in
 * the file's comment (X frame offsets, doubled). ARM code on the GBA (its
 * 32x32->64 products). */
FXL_ARM_CODE
static bool no_gap(const fxl_laser3d_prep *lp, const int32_t b32[3], const int32_t g32[3])
{
    body3 body;
    const body3 *s = &body;
    int64_t b[3], g[3];
    int i, k;
    body_of(lp, &body);
    for (k = 0; k < 3; k++)
        b[k] = b32[k], g[k] = g32[k];
    /* The laser's face normals m_i: decided exactly by quick() first. */
    /* The world axes a_k: over S, X_k = sum_j e_jk f_j / D with f = c +- h,
     * so D' X_k has centre e'_0k mid and half T_k = sum_j |e'_jk| h_j (the
     * 2^16 of e and D cancels); the box gives D' b_k / 2 and D' g_k / 2.
     * Doubled: |D' b_k - 2 e'_0k mid| > D' g_k + 2 T_k. Sizes: D' b_k <=
     * 2^82 2^29, e' h <= 2^49 2^61: all below 2^114. */
    for (k = 0; k < 3; k++) {
        uint64_t ab = fxl__abs64(b[k]) << 16;           /* < 2^46 */
        fxl__u128 db = fxl__mul128_64(s->qp, ab);        /* D' |b_k| */
        fxl__u128 dg = fxl__mul128_64(s->qp, (uint64_t)g[k] << 16);
        fxl__i128 c = fxl__i128_from(b[k] < 0 ? fxl__neg128(db) : db);
        fxl__i128 em = fxl__imul(s->e[0][k], s->mid);
        fxl__u128 t = fxl__add(fxl__add(umul(s->e[0][k], s->h[0]), umul(s->e[1][k], s->h[1])),
                               umul(s->e[2][k], s->h[2]));
        c = fxl__isub(c, fxl__iadd(em, em));
        if (gap(c, fxl__add(dg, fxl__add(t, t))))
            return false;
    }
    /* The cross axes n' = a_k x e'_i. Over S, n . X (n = 2^16 n') =
     * sum_{j != i} eps_ijl (m_l)_k f_j (n . e_j = a_k . (e_i x e_j) =
     * eps_ijl D (m_l)_k, and n . e_i = 0): centre C = eps_i0l (m_l)_k mid
     * (0 for i = 0; -(m2)_k mid for i = 1, +(m1)_k mid for i = 2), half
     * H = sum_{j != i} |(m_l)_k| h_j. The box gives 2^16 n' . b / 2 and
     * 2^16 sum |n'_j| g_j / 2. Doubled: |2^16 n' . b - 2 C| > 2^16 sum
     * |n'_j| g_j + 2 H. Sizes: n' entries < 2^49 against 2^16 b < 2^46:
     * below 2^96; C < 2^89, H < 2^94. A zero axis (e_i along a_k) gives
     * 0 > 0: never a gap. */
    for (i = 0; i < 3; i++) {
        int ja = i == 0 ? 1 : 0, jb = i == 2 ? 1 : 2; /* the other two edges */
        int la = 3 - i - ja, lb = 3 - i - jb;         /* their m rows */
        for (k = 0; k < 3; k++) {
            int u = (k + 1) % 3, v = (k + 2) % 3; /* a_k x e: -e_v at u, e_u at v */
            int64_t nu = -s->e[i][v], nv = s->e[i][u];
            fxl__i128 c = fxl__iadd(fxl__imul(nu, b[u] * 65536), fxl__imul(nv, b[v] * 65536));
            fxl__u128 half = fxl__add(umul(nu, (uint64_t)g[u] << 16), umul(nv, (uint64_t)g[v] << 16));
            fxl__u128 hh = fxl__add(umul(s->m[la][k], s->h[ja]), umul(s->m[lb][k], s->h[jb]));
            if (i != 0) {
                fxl__i128 cm = fxl__imul(s->m[i == 1 ? 2 : 1][k], s->mid);
                cm = fxl__iadd(cm, cm);
                c = i == 1 ? fxl__iadd(c, cm) : fxl__isub(c, cm); /* - 2 C */
            }
            if (gap(c, fxl__add(half, fxl__add(hh, hh))))
                return false;
        }
    }
    return true;
}

static int32_t clamp27(fix16_t v)
{
    return fxl__clamp32(v, -(1 << 27), 1 << 27);
}

/* b, g as fxl_laser3d_vs_aabb3 makes them (the file's comment) */
static inline void box_bg(const fxl_laser3d_prep *lp, const fxl_aabb3 *box, int32_t b[3], int32_t g[3])
{
    b[0] = clamp27(box->lo.x) + clamp27(box->hi.x) - 2 * lp->pos.x, g[0] = clamp27(box->hi.x) - clamp27(box->lo.x);
    b[1] = clamp27(box->lo.y) + clamp27(box->hi.y) - 2 * lp->pos.y, g[1] = clamp27(box->hi.y) - clamp27(box->lo.y);
    b[2] = clamp27(box->lo.z) + clamp27(box->hi.z) - 2 * lp->pos.z, g[2] = clamp27(box->hi.z) - clamp27(box->lo.z);
}

static bool coord3_ok(fix16_t v)
{
    return v >= -FXL_COORD3_MAX && v <= FXL_COORD3_MAX;
}

static bool box3_ok(const fxl_aabb3 *bx)
{
    return coord3_ok(bx->lo.x) && coord3_ok(bx->lo.y) && coord3_ok(bx->lo.z) &&
           coord3_ok(bx->hi.x) && coord3_ok(bx->hi.y) && coord3_ok(bx->hi.z);
}

/* lo..hi (any int32) against the prep's bounding box grown by 2 raw units
 * (the sphere test's reach for a radius of 0: every point of a box or
 * cylinder laser lies within it, and of an egg, whose box laser3d.c's
 * prepare makes from its reach Le). In 32 bits: a prepared laser's box
 * reaches below 2^28.2 and its half-extents 2^27.3, so mid +- h does not
 * overflow. An
 * inverted box may pass; the caller refuses it next. */
static inline bool bb_far(fix16_t lo, fix16_t hi, fix16_t mid, uint32_t half)
{
    int32_t h = (int32_t)half + 2;
    return lo > mid + h || hi < mid - h;
}

/* Cylinder and egg (kept out of the box laser's path, whose registers it
 * would crowd): laser3d_near.c's look first (a box point of about the
 * least value of the shape's quadratic: inside, or the gradient's plane
 * there separating; it decides almost every box near the surface), then
 * a cheap sure hit or miss (laser3d_round.c), then
 * their prism (the box laser of the same L and W; the egg's box |x| <=
 * Le, |y|, |z| <= W), which holds the shape, so a miss of the prism is a
 * miss; otherwise the exact stage decides, on the box's corners minus pos
 * (lo = (b - g) / 2, hi = (b + g) / 2: b and g have the same parity).
 * The egg's order (GBA bench, near boxes): the inscribed ball's sure hit,
 * egg_narrow (the cheapest sure miss beside the egg's thin ends), then
 * the rest of the quick look (its separating planes, and the point of
 * about the least Q), the prism only when egg_narrow was unsure. */
/* An egg's narrower prism about the box (true: the box misses it, so
 * the egg). Over the box, u0 (the frame's x from the middle) lies within
 * hb0 / 2 of v0 / 2 (doubled as quick_faces: v0 = m0 . b - 2 mid, hb0 =
 * sum |m0j| g_j, below 2^62.5 together), so |u0| >= d = the range's least
 * magnitude; there the egg's k' u0^2 + u1^2 + u2^2 <= W^2 (k' = k / 2^16)
 * gives |u1|, |u2| <= sqrt(W^2 - k' d^2). With d taken low (raw, floor
 * of d / 2^32) and k' d^2 low (floor), T = W^2 - that (raw^2, below 2^52;
 * 0 when negative: the egg is empty there) and rho > sqrt T (below), the egg's part over the box's u0 range lies in the prism |u0 -
 * mid'| <= Le, |u1|, |u2| <= rho: the box laser of half-width rho (a
 * multiple of 2^32 in Q48, as quick needs), tested by quick and no_gap:
 * -1 the box misses it (so the egg), 1 it meets it (so the wider prism
 * too), 0 not tried (the range holds u0 = 0, or no narrower). */
FXL_ARM_CODE
static int egg_narrow(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t x1 = cy * b[0] + sy * b[1], bz = (int64_t)b[2] * 65536, v0;
    uint64_t g1 = fxl__abs64(cy) * (uint32_t)g[0] + fxl__abs64(sy) * (uint32_t)g[1], hb0, d, w, t;
    fxl__u128 kd;
    fxl_laser3d_prep p2;
    int sure;
    v0 = cp * x1 - sp * bz - 2 * lp->mid;
    hb0 = fxl__abs64(cp) * g1 + fxl__abs64(sp) * ((uint64_t)(uint32_t)g[2] << 16);
    if (fxl__abs64(v0) <= hb0 || lp->egg_k == 0)
        return 0; /* the range holds u0 = 0: no narrower */
    d = (fxl__abs64(v0) - hb0) >> 33; /* raw, low; below 2^30 */
    w = (uint64_t)lp->half_wid >> 32; /* W raw, below 2^26 */
    kd = fxl__mul64(d * d, (uint32_t)lp->egg_k);  /* k d^2 < 2^76 */
    kd.lo = (kd.lo >> 16) | (kd.hi << 48), kd.hi >>= 16; /* k' d^2, low */
    t = kd.hi != 0 || kd.lo >= w * w ? 0u : w * w - kd.lo;
    {
        /* rho = (floor(sqrt(T >> 2e)) + 1) 2^e > sqrt T (T >> 2e below
         * 2^32: a 32-bit root; (floor(sqrt a) + 1)^2 > a) */
        unsigned nb = fxl__bits64(t), e = nb > 32u ? (nb - 31u) / 2u : 0u;
        t = ((uint64_t)fxl__isqrt32((uint32_t)(t >> (2u * e))) + 1u) << e;
    }
    if (t >= w)
        return 0;
    {
        /* First the prism's two side slabs alone (no copy, no quick):
         * over the box u_i (doubled) lies within h_i of V_i = m_i . b (i =
         * 1, 2: V_1 = 2^16 (cy b1 - sy b0), h_1 = 2^16 (|sy| g0 + |cy|
         * g1); V_2 = sp x1 + cp 2^16 b2, h_2 = |sp| g1' + |cp| 2^16 g2,
         * g1' as g1 above; all below 2^62 as v0's parts), so |V_i| - h_i >
         * 2 rho (rho = t 2^32, Q48) leaves the box outside |u_i| <= rho:
         * the box misses the prism, so the egg (sums below 2^62.5). */
        uint64_t lim = t << 33;
        uint64_t a1 = fxl__abs64(cy * b[1] - sy * b[0]) << 16;
        uint64_t h1 = (fxl__abs64(sy) * (uint32_t)g[0] + fxl__abs64(cy) * (uint32_t)g[1]) << 16;
        uint64_t a2 = fxl__abs64(sp * x1 + cp * bz);
        uint64_t h2 = fxl__abs64(sp) * g1 + fxl__abs64(cp) * ((uint64_t)(uint32_t)g[2] << 16);
        if (a1 > h1 + lim || a2 > h2 + lim)
            return -1;
    }
    p2 = *lp;
    p2.half_wid = (int64_t)(t << 32);
    sure = quick(&p2, b, g);
    return sure < 0 || (sure == 0 && !no_gap(&p2, b, g)) ? -1 : 1;
}

FXL_ARM_CODE
static bool round_vs(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3])
{
    int64_t lo[3], hi[3];
    int k, sure;
    /* the cylinder: the inscribed ball's sure hit first (cheaper than the
     * near look without the egg's root; most boxes at its surface) */
    if (lp->kind == FXL_LASER3D_CYLINDER && fxl__laser3d_round_quick(lp, b, g, 1) > 0)
        return true;
    sure = fxl__laser3d_near(lp, b, g);
    if (sure != 0)
        return sure > 0;
    if (lp->kind == FXL_LASER3D_EGG) {
        /* the egg: the inscribed ball's sure hit, its narrower prism,
         * then the rest of the quick look */
        if (fxl__laser3d_round_quick(lp, b, g, 1) > 0)
            return true;
        sure = egg_narrow(lp, b, g);
        if (sure < 0)
            return false;
        {
            int q = fxl__laser3d_round_quick(lp, b, g, 2);
            if (q != 0)
                return q > 0;
        }
    } else {
        /* the cylinder: its prism's quick look (near a cap the near
         * look's tube plane leaves the box open), then the rest */
        sure = quick(lp, b, g);
        if (sure < 0)
            return false;
        if (fxl__laser3d_round_quick(lp, b, g, 2) < 0)
            return false;
        if (sure == 0 && !no_gap(lp, b, g))
            return false;
        sure = 1;
    }
    if (sure == 0) {
        sure = quick(lp, b, g);
        if (sure < 0 || (sure == 0 && !no_gap(lp, b, g)))
            return false;
    }
    for (k = 0; k < 3; k++)
        lo[k] = ((int64_t)b[k] - g[k]) / 2, hi[k] = ((int64_t)b[k] + g[k]) / 2;
    return fxl__laser3d_round_hit(lp, lo, hi);
}

FXL_ARM_CODE
bool fxl_laser3d_vs_aabb3(const fxl_laser3d_prep *lp, fxl_aabb3 box)
{
    int32_t b[3], g[3];
    int sure;
    FXL_ASSERT(lp != NULL && box3_ok(&box) && box.lo.x <= box.hi.x && box.lo.y <= box.hi.y &&
               box.lo.z <= box.hi.z);
    if (bb_far(box.lo.x, box.hi.x, lp->bb_mid.x, lp->bb_half[0]) ||
        bb_far(box.lo.y, box.hi.y, lp->bb_mid.y, lp->bb_half[1]) ||
        bb_far(box.lo.z, box.hi.z, lp->bb_mid.z, lp->bb_half[2]))
        return false;
    if (box.lo.x > box.hi.x || box.lo.y > box.hi.y || box.lo.z > box.hi.z)
        return false; /* inverted: empty */
    /* b = lo + hi - 2 pos (|b| <= 2^29), g = hi - lo (<= 2^28): int32 */
    b[0] = clamp27(box.lo.x) + clamp27(box.hi.x) - 2 * lp->pos.x, g[0] = clamp27(box.hi.x) - clamp27(box.lo.x);
    b[1] = clamp27(box.lo.y) + clamp27(box.hi.y) - 2 * lp->pos.y, g[1] = clamp27(box.hi.y) - clamp27(box.lo.y);
    b[2] = clamp27(box.lo.z) + clamp27(box.hi.z) - 2 * lp->pos.z, g[2] = clamp27(box.hi.z) - clamp27(box.lo.z);
    if (lp->kind != FXL_LASER3D_BOX)
        return round_vs(lp, b, g);
    sure = quick(lp, b, g);
    return sure != 0 ? sure > 0 : no_gap(lp, b, g);
}

/* laser3d_box_moving.c's start: fxl_laser3d_vs_aabb3 for a box laser,
 * answering 1 for a hit, else 0 or quick()'s negative APART code of the
 * axis it found apart. */
int fxl__laser3d_box_vs(const fxl_laser3d_prep *lp, fxl_aabb3 box);

FXL_ARM_CODE
int fxl__laser3d_box_vs(const fxl_laser3d_prep *lp, fxl_aabb3 box)
{
    int32_t b[3], g[3];
    int sure;
    if (bb_far(box.lo.x, box.hi.x, lp->bb_mid.x, lp->bb_half[0]) ||
        bb_far(box.lo.y, box.hi.y, lp->bb_mid.y, lp->bb_half[1]) ||
        bb_far(box.lo.z, box.hi.z, lp->bb_mid.z, lp->bb_half[2]))
        return 0;
    if (box.lo.x > box.hi.x || box.lo.y > box.hi.y || box.lo.z > box.hi.z)
        return 0; /* inverted: empty */
    box_bg(lp, &box, b, g);
    sure = quick(lp, b, g);
    return sure != 0 ? sure : no_gap(lp, b, g) ? 1 : 0;
}

/* quick()'s test of axis j alone (the very sums and bounds it proves,
 * repeated): the box's approximated centre gap, and *lim such that
 * |gap| > *lim proves the axis apart; then the approximation is off the
 * true gap by less than its size, so has the true gap's sign. */
/* M's entry (l, k), as quick_axes' m */
FXL__ALWAYS_INLINE int64_t m_entry(const fxl_laser3d_prep *lp, int l, int k)
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    if (l == 1)
        return k == 0 ? -sy * 65536 : k == 1 ? cy * 65536 : 0;
    if (k == 2)
        return l == 0 ? -sp * 65536 : cp * 65536;
    return (l == 0 ? cp : sp) * (k == 0 ? cy : sy);
}

FXL__ALWAYS_INLINE int64_t axis_gap(const fxl_laser3d_prep *lp, int j, const int32_t b[3], const int32_t g[3],
                                    uint64_t *lim)
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp, mu = lp->mid >> 31, val;
    uint64_t eta[3];
    eta[0] = (uint64_t)lp->box_len >> 31;
    eta[1] = eta[2] = (uint64_t)lp->half_wid >> 31;
    if (j < 3) { /* quick_faces: exact */
        int64_t x1 = cy * b[0] + sy * b[1], y1 = cy * b[1] - sy * b[0], bz = (int64_t)b[2] * 65536;
        uint64_t g1 = fxl__abs64(cy) * (uint32_t)g[0] + fxl__abs64(sy) * (uint32_t)g[1];
        uint64_t gz = (uint64_t)(uint32_t)g[2] << 16;
        if (j == 0)
            val = cp * x1 - sp * bz - 2 * lp->mid, *lim = fxl__abs64(cp) * g1 + fxl__abs64(sp) * gz;
        else if (j == 1)
            val = y1 * 65536,
            *lim = (fxl__abs64(sy) * (uint32_t)g[0] + fxl__abs64(cy) * (uint32_t)g[1]) << 16;
        else
            val = sp * x1 + cp * bz, *lim = fxl__abs64(sp) * g1 + fxl__abs64(cp) * gz;
        *lim += 2u * (eta[j] << 31);
    } else if (j < 6) { /* quick_axes' world axis k: half + slack */
        int k = j - 3;
        const int32_t(*t)[3] = lp->et;
        val = (int64_t)lp->dd * b[k] - fxl__floor_shift((int64_t)t[0][k] * mu, 1);
        *lim = (uint64_t)lp->dd * (uint32_t)g[k] +
               (((uint64_t)fxl__abs64(t[0][k]) * eta[0] + (uint64_t)fxl__abs64(t[1][k]) * eta[1] +
                 (uint64_t)fxl__abs64(t[2][k]) * eta[2]) >> 1) +
               fxl__abs64(b[k]) + (uint32_t)g[k] + (uint64_t)mu + eta[0] + eta[1] + eta[2] + 2u;
    } else { /* quick_axes' cross axis (i, k): half + slack (no division:
              * the GBA has none) */
        static const unsigned char ii[9] = {0, 0, 0, 1, 1, 1, 2, 2, 2}, kk[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};
        static const unsigned char next[3] = {1, 2, 0};
        int i = ii[j - 6], k = kk[j - 6], u = next[k], v = next[u];
        int ja = i == 0 ? 1 : 0, jb = i == 2 ? 1 : 2;
        int la = 3 - i - ja, lb = 3 - i - jb;
        const int32_t(*t)[3] = lp->et;
        int64_t ma = m_entry(lp, la, k), mb = m_entry(lp, lb, k);
        val = -(int64_t)t[i][v] * b[u] + (int64_t)t[i][u] * b[v] -
              (i == 0 ? 0 : fxl__floor_shift((i == 1 ? -m_entry(lp, 2, k) : m_entry(lp, 1, k)) * mu, 2));
        *lim = fxl__abs64(t[i][v]) * (uint32_t)g[u] + fxl__abs64(t[i][u]) * (uint32_t)g[v] +
               ((fxl__abs64(ma) * eta[ja] + fxl__abs64(mb) * eta[jb]) >> 2) +
               fxl__abs64(b[u]) + fxl__abs64(b[v]) + (uint32_t)g[u] + (uint32_t)g[v] + 2u;
    }
    return val;
}

/* laser3d_box_moving.c's end: true when the axis that code (a negative
 * APART; -1 any face) names is, by quick()'s test, apart from both boxes
 * (of a box laser, not inverted), on the same side. */
bool fxl__laser3d_box_apart(const fxl_laser3d_prep *lp, int code, fxl_aabb3 box0, fxl_aabb3 box1);

FXL_ARM_CODE
bool fxl__laser3d_box_apart(const fxl_laser3d_prep *lp, int code, fxl_aabb3 box0, fxl_aabb3 box1)
{
    uint64_t lim0, lim1;
    int32_t b0[3], g0[3], b1[3], g1[3];
    int64_t v0, v1;
    box_bg(lp, &box0, b0, g0), box_bg(lp, &box1, b1, g1);
    if (code == -1) { /* a face: each */
        int j;
        for (j = 0; j < 3; j++) {
            v0 = axis_gap(lp, j, b0, g0, &lim0), v1 = axis_gap(lp, j, b1, g1, &lim1);
            if (fxl__abs64(v0) > lim0 && fxl__abs64(v1) > lim1 && (v0 < 0) == (v1 < 0))
                return true;
        }
        return false;
    }
    v0 = axis_gap(lp, 1 - code, b0, g0, &lim0), v1 = axis_gap(lp, 1 - code, b1, g1, &lim1);
    return fxl__abs64(v0) > lim0 && fxl__abs64(v1) > lim1 && (v0 < 0) == (v1 < 0);
}

/* batch.h's loop of single tests. */
size_t fxl_laser3d_vs_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *boxes, size_t n,
                             uint32_t *hit_bits)
{
    fxl__bits bits = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && (boxes != NULL || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&bits, i, n, fxl_laser3d_vs_aabb3(lp, boxes[i]));
    return bits.hits;
}

/* Index lists: the hits in order, the first cap of them written. */
static void listed(size_t i, size_t *out_idx, size_t cap, size_t *hits)
{
    if (*hits < cap)
        out_idx[*hits] = i;
    (*hits)++;
}

size_t fxl_laser3d_collect_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *boxes, size_t n,
                                  size_t *out_idx, size_t cap)
{
    size_t i, hits = 0;
    FXL_ASSERT(lp != NULL && (boxes != NULL || n == 0) && (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i++)
        if (fxl_laser3d_vs_aabb3(lp, boxes[i]))
            listed(i, out_idx, cap, &hits);
    return hits;
}

size_t fxl_laser3d_collect(const fxl_laser3d_prep *lp, const fxl_sphere *spheres, size_t n,
                           size_t *out_idx, size_t cap)
{
    size_t i, hits = 0;
    FXL_ASSERT(lp != NULL && (spheres != NULL || n == 0) && (out_idx != NULL || cap == 0));
    for (i = 0; i < n; i++)
        if (fxl_laser3d_vs_sphere(lp, spheres[i]))
            listed(i, out_idx, cap, &hits);
    return hits;
}

static fxl_result sphere_code(fxl_sphere s)
{
    if (!coord3_ok(s.c.x) || !coord3_ok(s.c.y) || !coord3_ok(s.c.z))
        return FXL_ERR_COORD_RANGE;
    if (s.r < 0)
        return FXL_ERR_RADIUS_NEGATIVE;
    return s.r > FXL_SIZE3_MAX ? FXL_ERR_RADIUS_RANGE : FXL_OK;
}

static fxl_result box3_code(const fxl_aabb3 *bx)
{
    if (!box3_ok(bx))
        return FXL_ERR_COORD_RANGE;
    if (bx->lo.x > bx->hi.x || bx->lo.y > bx->hi.y || bx->lo.z > bx->hi.z)
        return FXL_ERR_BOX_INVERTED;
    return FXL_OK;
}

/* laser3d.c: fxl_laser3d_prepare without the bounding box (box false)
 * and without the box tests' part (fxl__laser3d_box_prep). */
fxl_result fxl__laser3d_prepare(const fxl_laser3d *laser, fxl_laser3d_prep *out, bool box);

/* The fused loop of both: per laser, fxl_laser3d_prepare's checks and
 * values and the single test, no prep kept; the target's own code first.
 * The prep's bounding box is left open (computing it costs several times
 * the test: on the GBA about 5,000 cycles); it only ever rejects early, so
 * the answers are the same. */
static fxl_result lasers3d(const fxl_laser3d *lasers, size_t n, fxl_result first,
                           const fxl_sphere *sphere, const fxl_aabb3 *box, uint32_t *hit_bits,
                           size_t *hits)
{
    fxl__bits bits = fxl__bits_start(hit_bits);
    bool ok = first == FXL_OK;
    size_t i;
    if (lasers == NULL && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    for (i = 0; i < n; i++) {
        fxl_laser3d_prep p;
        fxl_result res = fxl__laser3d_prepare(&lasers[i], &p, false); /* no bounding box */
        bool hit = false;
        if (res != FXL_OK) {
            if (first == FXL_OK)
                first = res;
        } else if (ok && sphere != NULL) {
            hit = fxl_laser3d_vs_sphere(&p, *sphere);
        } else if (ok) {
            fxl__laser3d_box_prep(&p);
            hit = fxl_laser3d_vs_aabb3(&p, *box);
        }
        fxl__bits_put(&bits, i, n, hit);
    }
    if (hits != NULL)
        *hits = bits.hits;
    return first;
}

fxl_result fxl_lasers3d_vs_sphere(const fxl_laser3d *lasers, size_t n, fxl_sphere sphere,
                                  uint32_t *hit_bits, size_t *hits)
{
    return lasers3d(lasers, n, sphere_code(sphere), &sphere, NULL, hit_bits, hits);
}

fxl_result fxl_lasers3d_vs_aabb3(const fxl_laser3d *lasers, size_t n, fxl_aabb3 box,
                                 uint32_t *hit_bits, size_t *hits)
{
    return lasers3d(lasers, n, box3_code(&box), NULL, &box, hit_bits, hits);
}
