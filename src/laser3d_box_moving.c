/* laser3d_box_moving.c - 3D boxes translating over the frame against a
 * prepared 3D laser (laser3d.h's moving-box calls); frame, domain and the
 * laser's body as in laser3d_box.c.
 *
 * Derivation. The box B moves to B + v (v = to - lo, Q16.16); it touches
 * the laser's body S at some real moment iff S meets the swept set Z = B
 * (+) [0, v] (a point of B + tau v in S is a point of Z, and back). With
 * X = P - pos, S = { X : |m_i . X - c_i| <= h_i } is a parallelepiped with
 * edges along e_0, e_1, e_2 (laser3d_box.c: rows m_i, Q32; e = 2^16 e',
 * D = det M = 2^16 D', D' = 2^16 q p, m_i . e'_j = D' [i = j]); Z is a
 * zonotope with the generators g_x a_x, g_y a_y, g_z a_z and v. Z - S is
 * the zonotope of the seven, and the origin lies outside it iff one of
 * its facet normals separates; those are among the cross products of two
 * generators (for a flat or degenerate Z - S as well: the products still
 * span every direction its lower-dimensional hull needs):
 *   a_k x a_l = world axes a_m (3);  e_i x e_j ~ m_l (3);
 *   a_k x e_i (9);  a_k x v (3);  e_i x v (3)  - 21 axes.
 * Touching (closed sets) is a hit: only a strict gap separates.
 *
 * Projections. Doubled to stay in integers: b = lo + hi + v - 2 pos (Z's
 * centre, |b_k| < 2^29.6 with every coordinate clamped to +-2^27, |v_k| <=
 * 2^28), g = hi - lo (0..2^28). Along an axis n, Z projects to centre n .
 * b / 2 and half (sum_k |n_k| g_k + |n . v|) / 2. Over S, X = sum_j f_j e_j
 * / D with f_j = m_j . X in [c_j - h_j, c_j + h_j] (c = (mid, 0, 0)), so
 * D' n . X = sum_j (n . e'_j) f_j: centre (n . e'_0) mid, half sum_j |n .
 * e'_j| h_j. Scaled by D' and doubled, the axis separates iff
 *     |D' n . b - 2 (n . e'_0) mid| > D' (sum |n_k| g_k + |n . v|)
 *                                     + 2 sum_j |n . e'_j| h_j.      (*)
 * The families, cheapest first:
 *   m_i (n . e'_j = D' [i = j], divide by D'): |m_i . b - 2 c_i| > sum_k
 *     |m_ik| g_k + |m_i . v| + 2 h_i. Terms below 2^63.2: 128 bits.
 *   a_k: |D' b_k - 2 e'_0k mid| > D' (g_k + |v_k|) + 2 sum_j |e'_jk| h_j
 *     (D' < 2^82: below 2^113, 128 bits).
 *   n' = a_k x e'_i (entries -e'_iv at u, e'_iu at v; n . e'_j = eps D'
 *     (m_l)_k / 2^16 for j != i, 0 for j = i: divide (*) by D' / 2^16):
 *     |2^16 n' . b - 2 C| > 2^16 (sum |n'_j| g_j + |n' . v|) + 2 H with C
 *     and H as laser3d_box.c's no_gap (n' entries < 2^49, 2^16 b < 2^46:
 *     below 2^97; 128 bits).
 *   a_k x v and e'_i x v: (*) as written, in big.h's 256-bit integers:
 *     entries of n below 2^29 and 2^78, n . e'_j below 2^129, every term
 *     of (*) below 2^82 2^78 2^31.6 < 2^192.
 *
 * Order of work. A zero move is the static test. Otherwise: the prep's
 * bounding box against the swept box's hull (32 bits; box and cylinder,
 * the far case); the static test at the start (a hit is a hit); for the
 * box laser the static test of the hull (Z lies in it, so a miss there is
 * a miss: proven, and exact in its own right); the static test at the end
 * (a hit); then the 21 axes exactly, cheapest first. Cylinder and egg: the ends are
 * tested by the static test, the path by the 21 axes on their bounding
 * prisms (the box laser of the same L and W; the egg's |x| <= Le, |y|,
 * |z| <= W about the middle), so CONSERVATIVE with the static test's
 * bounds (laser3d.h). */
#include "fixlaser/laser3d.h"

#include "batch.h"
#include "big.h"
#include "domain.h"
#include "wide.h"

/* The prism's body (laser3d_box.c's body3): rows m (Q32), e' (Q48), q p
 * (D' = 2^16 q p), mid and h (Q48). */
typedef struct mbody {
    int64_t m[3][3];
    int64_t e[3][3];
    fxl__u128 qp;
    int64_t mid;
    uint64_t h[3];
} mbody;

/* Beyond every frame coordinate of an in-domain point (laser3d_box.c). */
#define UNBOUNDED_Q48 ((uint64_t)1 << 61)

/* The egg's documented half-length Le (laser3d.h), Q16.16 raw units
 * scaled to Q16.48, as laser3d_box.c computes it. */
static uint64_t egg_half_len(const fxl_laser3d_prep *lp)
{
    uint32_t k = (uint32_t)lp->egg_k, r;
    uint64_t w = (uint64_t)lp->half_wid >> 32, num;
    if (k == 0)
        return UNBOUNDED_Q48;
    r = fxl__isqrt64((uint64_t)k << 16); /* 256 .. 65536 */
    num = (w << 16) + r - 1u;            /* < 2^43 */
    if (num >= (uint64_t)r << 29)
        return UNBOUNDED_Q48;
    return (uint64_t)fxl__div64_32(num, r) << 32;
}

static void body_of(const fxl_laser3d_prep *lp, mbody *s)
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t q = cy * cy + sy * sy, p = cp * cp + sp * sp;
    s->m[0][0] = cp * cy, s->m[0][1] = cp * sy, s->m[0][2] = -sp * 65536;
    s->m[1][0] = -sy * 65536, s->m[1][1] = cy * 65536, s->m[1][2] = 0;
    s->m[2][0] = sp * cy, s->m[2][1] = sp * sy, s->m[2][2] = cp * 65536;
    s->e[0][0] = s->m[0][0] * 65536, s->e[0][1] = s->m[0][1] * 65536, s->e[0][2] = -sp * q;
    s->e[1][0] = -sy * p, s->e[1][1] = cy * p, s->e[1][2] = 0;
    s->e[2][0] = s->m[2][0] * 65536, s->e[2][1] = s->m[2][1] * 65536, s->e[2][2] = cp * q;
    s->qp = fxl__mul64((uint64_t)q, (uint64_t)p); /* < 2^67 */
    s->mid = lp->mid;
    s->h[0] = lp->kind == FXL_LASER3D_EGG ? egg_half_len(lp) : (uint64_t)lp->half_len;
    s->h[1] = s->h[2] = (uint64_t)lp->half_wid;
}

/* |a| > b: a strict gap. */
static bool gap(fxl__i128 a, fxl__u128 b)
{
    return !fxl__le128(fxl__iabs(a), b);
}

/* |a| b for |a|, b < 2^63. */
static fxl__u128 umul(int64_t a, uint64_t b)
{
    return fxl__mul64(fxl__abs64(a), b);
}

static void big_abs(fxl__big *a)
{
    if (a->sign < 0)
        a->sign = 1;
}

/* (*) for an axis n given as three big integers (the a_k x v and e'_i x v
 * families): true iff it separates. */
static bool sep_big(const mbody *s, const fxl__big n[3], const int64_t b[3], const int64_t g[3],
                    const int64_t v[3])
{
    fxl__big nb, ng, nv, ne[3], t, u, lhs, rhs, dd;
    int j, k;
    fxl__big_i64(&nb, 0), fxl__big_i64(&ng, 0), fxl__big_i64(&nv, 0);
    for (k = 0; k < 3; k++) {
        fxl__big_i64(&t, b[k]);
        fxl__big_mul(&u, &n[k], &t);
        fxl__big_add(&nb, &nb, &u);
        fxl__big_i64(&t, v[k]);
        fxl__big_mul(&u, &n[k], &t);
        fxl__big_add(&nv, &nv, &u);
        fxl__big_i64(&t, g[k]);
        fxl__big_mul(&u, &n[k], &t);
        big_abs(&u);
        fxl__big_add(&ng, &ng, &u);
    }
    big_abs(&nv);
    fxl__big_add(&ng, &ng, &nv); /* sum |n_k| g_k + |n . v| */
    for (j = 0; j < 3; j++) {
        fxl__big_i64(&ne[j], 0);
        for (k = 0; k < 3; k++) {
            fxl__big_i64(&t, s->e[j][k]);
            fxl__big_mul(&u, &n[k], &t);
            fxl__big_add(&ne[j], &ne[j], &u);
        }
    }
    fxl__big_u128(&t, s->qp);
    fxl__big_i64(&u, 65536);
    fxl__big_mul(&dd, &t, &u); /* D' */
    fxl__big_mul(&lhs, &dd, &nb);
    fxl__big_i64(&t, s->mid);
    fxl__big_mul(&u, &ne[0], &t);
    fxl__big_sub(&lhs, &lhs, &u);
    fxl__big_sub(&lhs, &lhs, &u);
    big_abs(&lhs);
    fxl__big_mul(&rhs, &dd, &ng);
    for (j = 0; j < 3; j++) {
        fxl__big_u128(&t, fxl__mul64(s->h[j], 2u)); /* 2 h_j < 2^62 */
        big_abs(&ne[j]);
        fxl__big_mul(&u, &ne[j], &t);
        fxl__big_add(&rhs, &rhs, &u);
    }
    return fxl__big_cmp(&lhs, &rhs) > 0;
}

/* No axis of the 21 separates Z and the prism (see the top). */
FXL_ARM_CODE
static bool swept_meets(const fxl_laser3d_prep *lp, const int64_t b[3], const int64_t g[3],
                        const int64_t v[3])
{
    mbody body;
    const mbody *s = &body;
    int i, k;
    body_of(lp, &body);
    for (i = 0; i < 3; i++) { /* m_i */
        fxl__i128 c = fxl__i128_of(0), mv = fxl__i128_of(0);
        fxl__u128 half = fxl__mul64(s->h[i], 2u);
        for (k = 0; k < 3; k++) {
            c = fxl__iadd(c, fxl__imul(s->m[i][k], b[k]));
            mv = fxl__iadd(mv, fxl__imul(s->m[i][k], v[k]));
            half = fxl__add(half, umul(s->m[i][k], (uint64_t)g[k]));
        }
        if (i == 0)
            c = fxl__isub(c, fxl__imul(2, s->mid));
        if (gap(c, fxl__add(half, fxl__iabs(mv))))
            return false;
    }
    for (k = 0; k < 3; k++) { /* a_k */
        fxl__u128 db = fxl__mul128_64(s->qp, fxl__abs64(b[k]) << 16);
        fxl__u128 dg = fxl__mul128_64(s->qp, ((uint64_t)g[k] + fxl__abs64(v[k])) << 16);
        fxl__i128 c = fxl__i128_from(b[k] < 0 ? fxl__neg128(db) : db);
        fxl__i128 em = fxl__imul(s->e[0][k], s->mid);
        fxl__u128 t = fxl__add(fxl__add(umul(s->e[0][k], s->h[0]), umul(s->e[1][k], s->h[1])),
                               umul(s->e[2][k], s->h[2]));
        c = fxl__isub(c, fxl__iadd(em, em));
        if (gap(c, fxl__add(dg, fxl__add(t, t))))
            return false;
    }
    for (i = 0; i < 3; i++) { /* a_k x e'_i */
        int ja = i == 0 ? 1 : 0, jb = i == 2 ? 1 : 2; /* the other two edges */
        int la = 3 - i - ja, lb = 3 - i - jb;         /* their m rows */
        for (k = 0; k < 3; k++) {
            int u = (k + 1) % 3, w = (k + 2) % 3; /* a_k x e: -e_w at u, e_u at w */
            int64_t nu = -s->e[i][w], nw = s->e[i][u];
            fxl__i128 c = fxl__iadd(fxl__imul(nu, b[u] * 65536), fxl__imul(nw, b[w] * 65536));
            fxl__i128 nv = fxl__iadd(fxl__imul(nu, v[u] * 65536), fxl__imul(nw, v[w] * 65536));
            fxl__u128 half = fxl__add(umul(nu, (uint64_t)g[u] << 16), umul(nw, (uint64_t)g[w] << 16));
            fxl__u128 hh = fxl__add(umul(s->m[la][k], s->h[ja]), umul(s->m[lb][k], s->h[jb]));
            half = fxl__add(half, fxl__iabs(nv));
            if (i != 0) {
                fxl__i128 cm = fxl__imul(s->m[i == 1 ? 2 : 1][k], s->mid);
                cm = fxl__iadd(cm, cm);
                c = i == 1 ? fxl__iadd(c, cm) : fxl__isub(c, cm); /* - 2 C */
            }
            if (gap(c, fxl__add(half, fxl__add(hh, hh))))
                return false;
        }
    }
    for (k = 0; k < 3; k++) { /* a_k x v: -v_w at u, v_u at w */
        fxl__big n[3];
        int u = (k + 1) % 3, w = (k + 2) % 3;
        fxl__big_i64(&n[k], 0);
        fxl__big_i64(&n[u], -v[w]);
        fxl__big_i64(&n[w], v[u]);
        if (sep_big(s, n, b, g, v))
            return false;
    }
    for (i = 0; i < 3; i++) { /* e'_i x v */
        fxl__big n[3];
        const int64_t *e = s->e[i];
        fxl__big_i128(&n[0], fxl__isub(fxl__imul(e[1], v[2]), fxl__imul(e[2], v[1])));
        fxl__big_i128(&n[1], fxl__isub(fxl__imul(e[2], v[0]), fxl__imul(e[0], v[2])));
        fxl__big_i128(&n[2], fxl__isub(fxl__imul(e[0], v[1]), fxl__imul(e[1], v[0])));
        if (sep_big(s, n, b, g, v))
            return false;
    }
    return true;
}

static int64_t clamp27(int64_t v)
{
    return v < -((int64_t)1 << 27) ? -((int64_t)1 << 27)
           : v > ((int64_t)1 << 27) ? (int64_t)1 << 27
                                    : v;
}

/* Far along one axis: the box lo..hi at both ends of the move (lo + v ..
 * hi + v, v = to - lo) on one side of the prep's bounding box grown by 2
 * raw units (every point of a box or cylinder laser lies within it;
 * laser3d_box.c's bb_far), so their hull is too. In 32 bits: in the domain
 * every value is below 2^28.2 (hi + v below 2^27; the box's mid +- h below
 * 2^28.2); outside it the sums wrap (a meaningless answer, no overflow). */
static bool far_axis(fix16_t lo, fix16_t hi, fix16_t to, fix16_t mid, uint32_t half)
{
    int32_t h = (int32_t)half + 2;
    int32_t end_hi = (int32_t)((uint32_t)to + ((uint32_t)hi - (uint32_t)lo));
    return (lo > mid + h && to > mid + h) || (hi < mid - h && end_hi < mid - h);
}

FXL_ARM_CODE
bool fxl_laser3d_vs_moving_aabb3(const fxl_laser3d_prep *lp, fxl_aabb3 box, fxl_vec3 to)
{
    int64_t lo[3], hi[3], t[3], pos[3], b[3], g[3], v[3];
    fxl_aabb3 end;
    int k;
    FXL_ASSERT(lp != NULL && to.x >= -FXL_COORD3_MAX && to.x <= FXL_COORD3_MAX &&
               to.y >= -FXL_COORD3_MAX && to.y <= FXL_COORD3_MAX && to.z >= -FXL_COORD3_MAX &&
               to.z <= FXL_COORD3_MAX);
    if (to.x == box.lo.x && to.y == box.lo.y && to.z == box.lo.z)
        return fxl_laser3d_vs_aabb3(lp, box); /* no move: the static test */
    if (lp->kind != FXL_LASER3D_EGG &&
        (far_axis(box.lo.x, box.hi.x, to.x, lp->bb_mid.x, lp->bb_half[0]) ||
         far_axis(box.lo.y, box.hi.y, to.y, lp->bb_mid.y, lp->bb_half[1]) ||
         far_axis(box.lo.z, box.hi.z, to.z, lp->bb_mid.z, lp->bb_half[2])))
        return false;
    if (box.lo.x > box.hi.x || box.lo.y > box.hi.y || box.lo.z > box.hi.z)
        return false; /* inverted: empty */
    if (fxl_laser3d_vs_aabb3(lp, box))
        return true; /* a hit at the start */
    lo[0] = clamp27(box.lo.x), lo[1] = clamp27(box.lo.y), lo[2] = clamp27(box.lo.z);
    hi[0] = clamp27(box.hi.x), hi[1] = clamp27(box.hi.y), hi[2] = clamp27(box.hi.z);
    t[0] = clamp27(to.x), t[1] = clamp27(to.y), t[2] = clamp27(to.z);
    pos[0] = lp->pos.x, pos[1] = lp->pos.y, pos[2] = lp->pos.z;
    for (k = 0; k < 3; k++) {
        g[k] = hi[k] - lo[k];
        v[k] = t[k] - lo[k];
        b[k] = lo[k] + hi[k] + v[k] - 2 * pos[k];
    }
    /* the end box (clamped: in the domain it is exact) */
    end.lo.x = (fix16_t)t[0], end.lo.y = (fix16_t)t[1], end.lo.z = (fix16_t)t[2];
    end.hi.x = (fix16_t)clamp27(t[0] + g[0]), end.hi.y = (fix16_t)clamp27(t[1] + g[1]);
    end.hi.z = (fix16_t)clamp27(t[2] + g[2]);
    if (lp->kind == FXL_LASER3D_BOX) {
        fxl_aabb3 hull; /* of both ends: Z lies in it, so a miss is a miss */
        hull.lo.x = (fix16_t)(v[0] < 0 ? t[0] : lo[0]), hull.hi.x = v[0] < 0 ? (fix16_t)hi[0] : end.hi.x;
        hull.lo.y = (fix16_t)(v[1] < 0 ? t[1] : lo[1]), hull.hi.y = v[1] < 0 ? (fix16_t)hi[1] : end.hi.y;
        hull.lo.z = (fix16_t)(v[2] < 0 ? t[2] : lo[2]), hull.hi.z = v[2] < 0 ? (fix16_t)hi[2] : end.hi.z;
        if (!fxl_laser3d_vs_aabb3(lp, hull))
            return false;
    }
    if (fxl_laser3d_vs_aabb3(lp, end))
        return true; /* a hit at the end */
    return swept_meets(lp, b, g, v);
}

size_t fxl_laser3d_vs_moving_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *from,
                                    const fxl_vec3 *to, size_t n, uint32_t *hit_bits)
{
    fxl__bits bits = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(lp != NULL && ((from != NULL && to != NULL) || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&bits, i, n, fxl_laser3d_vs_moving_aabb3(lp, from[i], to[i]));
    return bits.hits;
}
