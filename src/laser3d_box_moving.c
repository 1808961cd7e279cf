/* laser3d_box_moving.c - 3D boxes translating over the frame against a
 * prepared 3D laser (laser3d.h's moving-box calls); frame, domain and the
 * laser's body as in laser3d_box.c.
 *
 * Derivation. The box B moves to B + v (v = to - lo, Q16.16); it touches
 * the laser's body S at some real moment iff B + t v meets S for some real
 * t in [0, 1]. For each t that is the static question, which laser3d_box.c
 * answers exactly by 15 separating axes n (the laser's face normals m_i,
 * the world axes a_k and the nine a_k x e_i; with X = P - pos, S = { X :
 * |m_i . X - c_i| <= h_i }, rows m_i Q32, edges e = 2^16 e', D' = 2^16
 * q p): on each, in its scaled integers, the box's doubled centre b(t) =
 * lo + hi - 2 pos + 2 t v projects to a + t bv, and the axis separates iff
 * |a + t bv| > r (r the two halves, which do not move). So the box hits at
 * t iff -r <= a + t bv <= r on all 15 axes: each gives an interval of t
 * (linear in t), and the move hits iff their intersection with [0, 1] is
 * not empty (closed intervals: touching is a hit). Per axis, with b0 = lo
 * + hi - 2 pos (|b0| <= 2^29 with every coordinate clamped to +-2^27),
 * |v_k| <= 2^28, g = hi - lo:
 *   m_i: a = m_i . b0 - 2 c_i, bv = 2 m_i . v, r = sum_k |m_ik| g_k +
 *     2 h_i (below 2^64: 128 bits);
 *   a_k: a = D' b0_k - 2 e'_0k mid, bv = 2 D' v_k, r = D' g_k + 2 sum_j
 *     |e'_jk| h_j (D' < 2^82: below 2^114);
 *   a_k x e'_i: a = 2^16 n' . b0 - 2 C, bv = 2^17 n' . v, r = 2^16 sum
 *     |n'_j| g_j + 2 H (n', C, H as laser3d_box.c's no_gap: below 2^98).
 * An axis with no gap at t = 0 and t = 1 holds between (linear in t); one
 * apart on the same side at both ends separates at every t (a miss);
 * else its bounds (-r - a) / bv, (r - a) / bv (swapped for bv < 0) narrow
 * [lo, hi], kept as fractions with positive denominators and compared by
 * cross products (numerators below 2^116, denominators below 2^114: up to
 * 2^230, eight 32-bit limbs) behind a proven filter on the factors' top
 * 31 bits (frac_cmp).
 *
 * Order of work. A zero move is the static test. Otherwise: the prep's
 * bounding box against both ends' boxes (32 bits; box and cylinder, the far
 * case); the static test at the start (a hit is a hit); for the box laser
 * the axis its filter found apart, tried on the end box (apart there on
 * the same side: a miss, as an interval below would find), then the
 * static test of the hull of both ends (the swept set lies in it, so a
 * miss there is a miss); the static test at the end (a hit); then the
 * intervals above. Cylinder and egg (round_moving, in 32 bits up to the
 * shadow): the start by the static test's own first stages (the
 * cylinder's inscribed ball, the near look; the whole static test only
 * when they are unsure), the end by the static test (between them,
 * laser3d_box_moving_shadow.c's 64-bit sure miss of the whole swept body:
 * the slab, the shadow along the beam, the egg's cone, the world's z; the
 * cylinder runs its first part, the slab, the world's z beyond a cap or
 * the shadow's direction most nearly along its centre, between the
 * inscribed ball and the near look: a miss there is a miss of the start
 * too, for less than the near look's miss, 4,000 cycles on the GBA),
 * the path
 * by the intervals on their bounding prisms (the box laser of the same L
 * and W; the egg's |x| <= Le, |y|, |z| <= W about the middle): a miss
 * there is a miss (the shape lies in its prism); a hit there goes on to
 * the exact stage between the ends (laser3d_box_moving_round.c). */
#include "fixlaser/laser3d.h"

#include "batch.h"
#include "domain.h"
#include "laser3d_body.h"
#include "laser3d_box_moving_shadow.h"
#include "wide.h"

/* laser3d_box.c: the box laser's static test naming quick()'s axis apart
 * (1 a hit, 0 a miss, negative a miss on that axis), and that axis's
 * sure gap from two boxes on one side. */
int fxl__laser3d_box_vs(const fxl_laser3d_prep *lp, fxl_aabb3 box);
bool fxl__laser3d_box_apart(const fxl_laser3d_prep *lp, int code, fxl_aabb3 box0, fxl_aabb3 box1);

/* laser3d_box.c's first stages of the cylinder's and the egg's static
 * test (b = lo + hi - 2 pos, g = hi - lo, clamped as there): the
 * inscribed ball's sure hit (part 1: 1 a hit, else 0) and the near look
 * (laser3d_near.c: 1 a sure hit, -1 a sure miss, 0 unsure). */
int fxl__laser3d_round_quick(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3], int part);
int fxl__laser3d_near(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3]);

static void limbs4(fxl__u128 v, uint32_t out[4])
{
    out[0] = (uint32_t)v.lo, out[1] = (uint32_t)(v.lo >> 32);
    out[2] = (uint32_t)v.hi, out[3] = (uint32_t)(v.hi >> 32);
}

/* sign(n1 / d1 - n2 / d2) for d1, d2 > 0 (|n| < 2^127, d < 2^128): x =
 * |n1| d2 against y = |n2| d1. A filter on the factors' top 31 bits first:
 * with f = m 2^e + rest, m 2^e <= f < (m + 1) 2^e, so x lies in [m1 m2,
 * (m1 + 1)(m2 + 1)) 2^(e1 + e2) (products below 2^62), y likewise; apart
 * intervals decide (proven); else the exact products in eight 32-bit
 * limbs. */
static int frac_cmp(fxl__i128 n1, fxl__u128 d1, fxl__i128 n2, fxl__u128 d2)
{
    int s1 = fxl__isign(n1), s2 = fxl__isign(n2), c;
    uint32_t a[4], b[4], x[8], y[8];
    if (s1 != s2)
        return s1 > s2 ? 1 : -1;
    if (s1 == 0)
        return 0;
    {
        unsigned ea, eb, ec, ed;
        uint64_t ma = fxl__top31(fxl__iabs(n1), &ea), mb = fxl__top31(d2, &eb);
        uint64_t mc = fxl__top31(fxl__iabs(n2), &ec), md = fxl__top31(d1, &ed);
        if (fxl__cmp_scaled(ma * mb, ea + eb, (mc + 1u) * (md + 1u), ec + ed) >= 0)
            return s1; /* x >= (upper bound of y) > y */
        if (fxl__cmp_scaled((ma + 1u) * (mb + 1u), ea + eb, mc * md, ec + ed) <= 0)
            return -s1; /* x < (upper bound of x) <= y */
    }
    limbs4(fxl__iabs(n1), a), limbs4(d2, b);
    fxl__mul_limbs(a, 4, b, 4, x);
    limbs4(fxl__iabs(n2), a), limbs4(d1, b);
    fxl__mul_limbs(a, 4, b, 4, y);
    c = fxl__cmp_limbs(x, y, 8);
    return s1 > 0 ? c : -c;
}

/* The moments t in [lo, hi] (fractions, positive denominators) where one
 * axis does not separate: -r <= a + t bv <= r. Narrows the interval; false
 * when it becomes empty. */
static bool narrow(fxl__i128 a, fxl__i128 bv, fxl__u128 r, fxl__i128 *ln, fxl__u128 *ld,
                   fxl__i128 *hn, fxl__u128 *hd)
{
    fxl__i128 ri = fxl__i128_from(r), n0, n1;
    fxl__u128 d;
    fxl__i128 a1 = fxl__iadd(a, bv); /* at t = 1 */
    bool in0 = !gap(a, r), in1 = !gap(a1, r), changed = false;
    int sb = fxl__isign(bv);
    if (in0 && in1)
        return true; /* no gap at either end, so none between (linear in t) */
    if (!in0 && !in1 && fxl__isign(a) == fxl__isign(a1))
        return false; /* apart on the same side at both ends: at every t */
    /* bv > 0: (-r - a) / bv <= t <= (r - a) / bv; bv < 0: (a - r) / |bv|
     * <= t <= (a + r) / |bv| */
    d = fxl__iabs(bv);
    if (sb > 0)
        n0 = fxl__isub(fxl__ineg(ri), a), n1 = fxl__isub(ri, a);
    else
        n0 = fxl__isub(a, ri), n1 = fxl__iadd(a, ri);
    /* sb != 0 here (bv = 0 gives in0 == in1 and the same sign). In at
     * t = 0, n0 / d <= 0 <= lo: only out there can the lower bound rise;
     * in at t = 1, n1 / d >= 1 >= hi: likewise. */
    if (!in0 && frac_cmp(n0, d, *ln, *ld) > 0)
        *ln = n0, *ld = d, changed = true;
    if (!in1 && frac_cmp(n1, d, *hn, *hd) < 0)
        *hn = n1, *hd = d, changed = true;
    return !changed || frac_cmp(*ln, *ld, *hn, *hd) <= 0;
}

/* Some moment t in [0, 1] where none of the static test's 15 axes
 * separates the box at t from the prism (see the top). b0 = lo + hi -
 * 2 pos, g = hi - lo, v = to - lo. */
FXL_ARM_CODE
static bool swept_meets(const fxl_laser3d_prep *lp, const int64_t b0[3], const int64_t g[3],
                        const int64_t v[3])
{
    body3 body;
    const body3 *s = &body;
    fxl__i128 ln = fxl__i128_of(0), hn = fxl__i128_of(1);
    fxl__u128 ld = fxl__mul64(1u, 1u), hd = ld;
    int i, k;
    body_of(lp, &body);
    for (i = 0; i < 3; i++) { /* m_i */
        fxl__i128 a = fxl__i128_of(0), bv = fxl__i128_of(0);
        fxl__u128 r = fxl__mul64(s->h[i], 2u);
        for (k = 0; k < 3; k++) {
            a = fxl__iadd(a, fxl__imul(s->m[i][k], b0[k]));
            bv = fxl__iadd(bv, fxl__imul(s->m[i][k], 2 * v[k]));
            r = fxl__add(r, umul(s->m[i][k], (uint64_t)g[k]));
        }
        if (i == 0)
            a = fxl__isub(a, fxl__imul(2, s->mid));
        if (!narrow(a, bv, r, &ln, &ld, &hn, &hd))
            return false;
    }
    for (k = 0; k < 3; k++) { /* a_k */
        fxl__u128 db = fxl__mul128_64(s->qp, fxl__abs64(b0[k]) << 16);
        fxl__u128 dv = fxl__mul128_64(s->qp, fxl__abs64(v[k]) << 17);
        fxl__u128 dg = fxl__mul128_64(s->qp, (uint64_t)g[k] << 16);
        fxl__i128 a = fxl__i128_from(b0[k] < 0 ? fxl__neg128(db) : db);
        fxl__i128 bv = fxl__i128_from(v[k] < 0 ? fxl__neg128(dv) : dv);
        fxl__i128 em = fxl__imul(s->e[0][k], s->mid);
        fxl__u128 t = fxl__add(fxl__add(umul(s->e[0][k], s->h[0]), umul(s->e[1][k], s->h[1])),
                               umul(s->e[2][k], s->h[2]));
        a = fxl__isub(a, fxl__iadd(em, em));
        if (!narrow(a, bv, fxl__add(dg, fxl__add(t, t)), &ln, &ld, &hn, &hd))
            return false;
    }
    for (i = 0; i < 3; i++) { /* a_k x e'_i */
        int ja = i == 0 ? 1 : 0, jb = i == 2 ? 1 : 2; /* the other two edges */
        int la = 3 - i - ja, lb = 3 - i - jb;         /* their m rows */
        for (k = 0; k < 3; k++) {
            int u = (k + 1) % 3, w = (k + 2) % 3; /* a_k x e: -e_w at u, e_u at w */
            int64_t nu = -s->e[i][w], nw = s->e[i][u];
            fxl__i128 a = fxl__iadd(fxl__imul(nu, b0[u] * 65536), fxl__imul(nw, b0[w] * 65536));
            fxl__i128 bv = fxl__iadd(fxl__imul(nu, v[u] * 131072), fxl__imul(nw, v[w] * 131072));
            fxl__u128 half = fxl__add(umul(nu, (uint64_t)g[u] << 16), umul(nw, (uint64_t)g[w] << 16));
            fxl__u128 hh = fxl__add(umul(s->m[la][k], s->h[ja]), umul(s->m[lb][k], s->h[jb]));
            if (i != 0) {
                fxl__i128 cm = fxl__imul(s->m[i == 1 ? 2 : 1][k], s->mid);
                cm = fxl__iadd(cm, cm);
                a = i == 1 ? fxl__iadd(a, cm) : fxl__isub(a, cm); /* - 2 C */
            }
            if (!narrow(a, bv, fxl__add(half, fxl__add(hh, hh)), &ln, &ld, &hn, &hd))
                return false;
        }
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

/* clamp27 in 32 bits: an int32 coordinate within +-2^27 */
static int32_t clamp27s(fix16_t v)
{
    return v < -((int32_t)1 << 27) ? -((int32_t)1 << 27) : v > ((int32_t)1 << 27) ? (int32_t)1 << 27 : v;
}

/* The cylinder and the egg (fxl_laser3d_vs_moving_aabb3 below, the box
 * not inverted, the move not zero). The start's static test by its first
 * stages, as fxl_laser3d_vs_aabb3 runs them for these shapes
 * (laser3d_box.c's round_vs: the cylinder's inscribed ball, then the near
 * look; each a proven answer), the whole static test only when they are
 * unsure; then the shadow's sure miss, the end's static test, the egg's
 * quick look, the prism, the cylinder's quick look and the exact stage.
 * In 32 bits up to the shadow: clamped to +-2^27 (pos within it too), b
 * = lo + hi - 2 pos (|.| <= 2^29), g = hi - lo, v = to - lo and lo - pos
 * (<= 2^28). */
FXL_ARM_CODE FXL_NOINLINE
static bool round_moving(const fxl_laser3d_prep *lp, const fxl_aabb3 *box, const fxl_vec3 *to)
{
    int32_t l[3], h[3], b[3], g[3], v[3], rl[3], rh[3];
    int64_t lo[3], hi[3], vv[3], bb[3], gg[3];
    fxl_aabb3 end;
    fxl__shadow st;
    int k, sure;
    l[0] = clamp27s(box->lo.x), l[1] = clamp27s(box->lo.y), l[2] = clamp27s(box->lo.z);
    h[0] = clamp27s(box->hi.x), h[1] = clamp27s(box->hi.y), h[2] = clamp27s(box->hi.z);
    v[0] = clamp27s(to->x) - l[0], v[1] = clamp27s(to->y) - l[1], v[2] = clamp27s(to->z) - l[2];
    rl[0] = l[0] - lp->pos.x, rl[1] = l[1] - lp->pos.y, rl[2] = l[2] - lp->pos.z;
    rh[0] = h[0] - lp->pos.x, rh[1] = h[1] - lp->pos.y, rh[2] = h[2] - lp->pos.z;
    for (k = 0; k < 3; k++)
        b[k] = rl[k] + rh[k], g[k] = h[k] - l[k];
    /* the start: a hit is a hit. The cylinder's inscribed ball first
     * (most boxes at its surface), then the shadow's first part (the
     * slab, the world's z beyond a cap, the normal along the shadow's
     * centre: a sure miss of the whole swept body, so of the start too,
     * for less than the near look's miss) */
    if (lp->kind == FXL_LASER3D_CYLINDER) {
        if (fxl__laser3d_round_quick(lp, b, g, 1) > 0)
            return true;
        if (fxl__laser3d_round_moving_apart_first(lp, rl, rh, v, &st))
            return false;
    }
    sure = fxl__laser3d_near(lp, b, g);
    if (sure > 0 || (sure == 0 && fxl_laser3d_vs_aabb3(lp, *box)))
        return true;
    /* the slab's, the tube's shadow's, the egg's cone's and the world
     * z's sure misses of the swept body (laser3d_box_moving_shadow.c),
     * before the end's test (the cylinder's rest of it). GBA bench (near
     * boxes moving, max): cylinder 16,610 -> 9,897 cycles (its misses
     * 13,400..16,600 -> 4,300..7,300 by the first part; the hits the ball
     * leaves to the near look pay the first part: up to 10,000), egg
     * 22,556 -> 13,207 */
    if (lp->kind == FXL_LASER3D_CYLINDER ? fxl__laser3d_round_moving_apart_rest(lp, rl, rh, v, &st)
                                         : fxl__laser3d_round_moving_apart32(lp, rl, rh, v))
        return false;
    /* the end box (clamped: in the domain it is exact) */
    end.lo.x = l[0] + v[0], end.lo.y = l[1] + v[1], end.lo.z = l[2] + v[2];
    end.hi.x = clamp27s(end.lo.x + g[0]), end.hi.y = clamp27s(end.lo.y + g[1]);
    end.hi.z = clamp27s(end.lo.z + g[2]);
    if (fxl_laser3d_vs_aabb3(lp, end))
        return true; /* a hit at the end */
    for (k = 0; k < 3; k++)
        lo[k] = rl[k], hi[k] = rh[k], vv[k] = v[k], bb[k] = b[k], gg[k] = g[k];
    if (lp->kind == FXL_LASER3D_EGG) {
        /* the egg's quick look before the prism: it decides most paths
         * (sound either way) for less than the prism's 15 axes (GBA
         * bench, near boxes: up to about 57,000 cycles). Not the
         * cylinder's: its descent sees only u1, u2, so a path beyond a
         * cap is the prism's to reject (quick first: GBA bench max 95,742
         * -> 116,423, one path left unsure) */
        int q = fxl__laser3d_round_moving_quick(lp, lo, hi, vv);
        if (q != 0)
            return q > 0;
    }
    if (!swept_meets(lp, bb, gg, vv))
        return false; /* the prism (the egg's bounding one) missed: exact */
    if (lp->kind != FXL_LASER3D_EGG) {
        int q = fxl__laser3d_round_moving_quick(lp, lo, hi, vv);
        if (q != 0)
            return q > 0;
    }
    return lp->kind == FXL_LASER3D_EGG ? fxl__laser3d_egg_moving(lp, lo, hi, vv)
                                       : fxl__laser3d_cyl_moving(lp, lo, hi, vv);
}

/* The box laser (fxl_laser3d_vs_moving_aabb3 below, the box not
 * inverted, the move not zero), in a frame of its own (the round shapes'
 * deep exact stages do not stack on it). The start: a hit is a hit; a
 * miss names quick()'s axis apart, when it found one (laser3d_box.c). */
FXL_ARM_CODE
static bool box_moving(const fxl_laser3d_prep *lp, const fxl_aabb3 *bx, const fxl_vec3 *tp)
{
    int64_t lo[3], hi[3], t[3], pos[3], b[3], g[3], v[3];
    fxl_aabb3 end, hull, box = *bx;
    fxl_vec3 to = *tp;
    int k, start;
    start = fxl__laser3d_box_vs(lp, box);
    if (start > 0)
        return true;
    lo[0] = clamp27(box.lo.x), lo[1] = clamp27(box.lo.y), lo[2] = clamp27(box.lo.z);
    hi[0] = clamp27(box.hi.x), hi[1] = clamp27(box.hi.y), hi[2] = clamp27(box.hi.z);
    t[0] = clamp27(to.x), t[1] = clamp27(to.y), t[2] = clamp27(to.z);
    pos[0] = lp->pos.x, pos[1] = lp->pos.y, pos[2] = lp->pos.z;
    for (k = 0; k < 3; k++) {
        g[k] = hi[k] - lo[k];
        v[k] = t[k] - lo[k];
        b[k] = lo[k] + hi[k] - 2 * pos[k];
    }
    /* the end box (clamped: in the domain it is exact) */
    end.lo.x = (fix16_t)t[0], end.lo.y = (fix16_t)t[1], end.lo.z = (fix16_t)t[2];
    end.hi.x = (fix16_t)clamp27(t[0] + g[0]), end.hi.y = (fix16_t)clamp27(t[1] + g[1]);
    end.hi.z = (fix16_t)clamp27(t[2] + g[2]);
    /* The start's axis apart, if the end box is apart on it on the same
     * side: on that axis the box's centre moves linearly in t (a + t bv
     * above) and its half does not change, so |a + t bv| > r at t = 0 and
     * 1 with one sign holds at every t between: the axis separates the
     * whole move, a miss (in the domain the clamped ends are the ends).
     * One axis of quick() on both ends instead of the hull's and the
     * end's static tests (GBA bench, the near box at the laser's far end,
     * its world axis z: 10,382 cycles before, 7,444 after). */
    if (start < 0 && fxl__laser3d_box_apart(lp, start, box, end))
        return false;
    /* the hull of both ends: Z lies in it, so a miss is a miss */
    hull.lo.x = (fix16_t)(v[0] < 0 ? t[0] : lo[0]), hull.hi.x = v[0] < 0 ? (fix16_t)hi[0] : end.hi.x;
    hull.lo.y = (fix16_t)(v[1] < 0 ? t[1] : lo[1]), hull.hi.y = v[1] < 0 ? (fix16_t)hi[1] : end.hi.y;
    hull.lo.z = (fix16_t)(v[2] < 0 ? t[2] : lo[2]), hull.hi.z = v[2] < 0 ? (fix16_t)hi[2] : end.hi.z;
    if (!fxl_laser3d_vs_aabb3(lp, hull))
        return false;
    if (fxl_laser3d_vs_aabb3(lp, end))
        return true; /* a hit at the end */
    return swept_meets(lp, b, g, v); /* the prism: exact */
}

FXL_ARM_CODE
bool fxl_laser3d_vs_moving_aabb3(const fxl_laser3d_prep *lp, fxl_aabb3 box, fxl_vec3 to)
{
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
    return lp->kind == FXL_LASER3D_BOX ? box_moving(lp, &box, &to) : round_moving(lp, &box, &to);
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
