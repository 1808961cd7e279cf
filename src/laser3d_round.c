/* laser3d_round.c - the exact stage of the cylinder and egg lasers against
 * an axis-aligned 3D box (fxl_laser3d_vs_aabb3 calls it when its filters
 * cannot decide; frame and domain in fixlaser/laser3d.h).
 *
 * Frame. With X = P - pos (Q16.16 raw units) the frame coordinates are
 * u = M X - c (Q16.48): u0 = m0 . X - mid (along the beam, from the
 * middle), u1 = m1 . X, u2 = m2 . X, M's rows m_i (Q32) as in
 * laser3d_box.c, exactly the sphere test's x, y, z. M^-1 = [e0 e1 e2] / D
 * with e_i = 2^16 e'_i, D = 2^16 D', D' = 2^16 q p (laser3d_box.c), so
 *     D' X_l = e'0[l] (u0 + mid) + e'1[l] u1 + e'2[l] u2       (1)
 * (e'_i[l]: entry l of e'_i, below 2^49; D' below 2^82).
 *
 * The question. Both shapes are { u : Q(u) <= w1 W^2 } (plus, for the
 * cylinder, the slab |u0| <= L) with the diagonal form
 *     Q(u) = w0 u0^2 + w1 (u1^2 + u2^2),
 * cylinder w0 = 0, w1 = 1; egg w0 = k (Q16), w1 = 2^16 (the sphere test's
 * 65536 (y^2 + z^2) + k x^2 <= 65536 W^2 with r = 0). The box meets the
 * shape iff the least Q over the polytope P (the box; for the cylinder the
 * box cut by the slab) is at most w1 W^2. Q is convex.
 *
 * Active sets. Take a minimiser X* of Q over P lying on a face F of P of
 * least dimension. If Q restricted to aff(F) had a direction of constancy
 * inside F's directions, moving X* along it would keep Q and reach F's
 * boundary: a face of lower dimension, a contradiction. So X* is the
 * unique minimiser of Q over aff(F), and it lies in F. Hence: the box
 * meets the shape iff for some face F, the unique minimiser of Q on
 * aff(F) (where there is one) lies in F with Q <= w1 W^2. Every face
 * whose affine hull is given by at most three independent tight
 * constraints among the box's faces X_l = lo_l or hi_l and the caps u0 =
 * +-L is tried (degenerate boxes and lasers included: a face of a flat
 * box is described by one of its coinciding constraints):
 *   egg: the interior (minimiser u = 0, the middle: the box holds it), the
 *     6 faces (a plane n . u = d: the weighted least point, below), the 12
 *     edges (a line: the least point of a parabola), the 8 vertices;
 *   cylinder (Q = u1^2 + u2^2 is constant along the beam): the interior,
 *     the box's faces and the caps all have the beam's axis as their
 *     minimisers, so they reduce to "the axis segment u1 = u2 = 0, |u0| <=
 *     L meets the box"; then the 12 box edges cut by the slab, the 12 cap
 *     lines (a cap plane u0 = +-L cut by a box face), the 8 box vertices
 *     within the slab and the 24 points where a box edge crosses a cap.
 * Each check is a sign of an integer polynomial in the inputs, decided
 * on 128-bit values and top-bit intervals where those settle it (wsq_cmp,
 * apx_sign, cmp_prod: each with its bound) and otherwise exactly in
 * 256-bit limbs (big.h; every bound below is below 2^240). In front:
 * sure hits (the box's inscribed ball) and sure misses (separating planes
 * along the shape's gradient), both exact, and fxl__laser3d_round_quick,
 * their cheap form, which laser3d_box.c runs before the prism test. */
#include "fixlaser/laser3d.h"

#include "big.h"
#include "wide.h"

/* Every helper below that is not a few lines long is FXL_ARM_CODE: out of
 * line (its caller would otherwise carry every frame at once) and in ARM
 * state on the GBA (Thumb code would call a library routine for each
 * 64-bit product). */

/* fxl_laser3d_vs_aabb3's exact stage for the cylinder and the egg: lo, hi
 * the box's corners minus pos (raw Q16.16, |v| <= 2^28, lo <= hi). */
bool fxl__laser3d_round_hit(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3]);

/* Its cheap first look, before the prism test: 1 a sure hit, -1 a sure
 * miss, 0 unsure (b, g: laser3d_box.c's doubled centre and size); part 1
 * only the first sure hit, 2 only the rest, 3 all. */
int fxl__laser3d_round_quick(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3],
                             int part);

typedef struct round3 {
    int64_t m[3][3]; /* Q32 rows of M */
    int64_t e[3][3]; /* e[i][l] = e'_i[l] */
    fxl__big dp;     /* D' */
    fxl__u128 dpu;   /* D' (below 2^81) */
    int64_t mid, len, wid; /* Q16.48 mid, L, W */
    int64_t w0, w1;
    bool egg;
} round3;

static void bi(fxl__big *r, int64_t v)
{
    fxl__big_i64(r, v);
}

/* r = a b. */
FXL_ARM_CODE
static void bmul2(fxl__big *r, int64_t a, int64_t b)
{
    fxl__big_i128(r, fxl__imul(a, b));
}

/* r = a * v (r may be a). */
FXL_ARM_CODE
static void bmulv(fxl__big *r, const fxl__big *a, int64_t v)
{
    fxl__big t, x = *a;
    bi(&t, v);
    fxl__big_mul(r, &x, &t);
}

/* r += a b. */
FXL_ARM_CODE
static void bacc2(fxl__big *r, int64_t a, int64_t b)
{
    fxl__big t;
    bmul2(&t, a, b);
    fxl__big_add(r, r, &t);
}

/* sign(a b - c d). */
FXL_ARM_CODE
static int bcross(const fxl__big *a, const fxl__big *b, const fxl__big *c, const fxl__big *d)
{
    fxl__big x, y;
    fxl__big_mul(&x, a, b);
    fxl__big_mul(&y, c, d);
    return fxl__big_cmp(&x, &y);
}

static fxl__u128 u128v(uint64_t v)
{
    fxl__u128 r;
    r.hi = 0, r.lo = v;
    return r;
}

/* |v| as 128 bits. */
static fxl__u128 mag(fxl__i128 v)
{
    return fxl__iabs(v);
}

/* sign(a b - c d) exactly, for |a|, |c| < 2^127 and |b|, |d| < 2^63: the
 * signs first, then the two magnitudes as 192-bit limb products (eight
 * 32x32 products each: far cheaper than the 256-bit numbers). */
FXL_ARM_CODE
static int cmp_prod(fxl__i128 a, int64_t b, fxl__i128 c, int64_t d)
{
    int sa = fxl__isign(a) * fxl__sign64(b), sc = fxl__isign(c) * fxl__sign64(d), m;
    fxl__u128 ma, mc;
    uint32_t la[4], lb[2], lc[4], ld[2], pa[6], pc[6];
    uint64_t ub = fxl__abs64(b), ud = fxl__abs64(d);
    if (sa != sc || sa == 0)
        return sa > sc ? 1 : sa < sc ? -1 : 0;
    ma = fxl__iabs(a), mc = fxl__iabs(c);
    la[0] = (uint32_t)ma.lo, la[1] = (uint32_t)(ma.lo >> 32), la[2] = (uint32_t)ma.hi;
    la[3] = (uint32_t)(ma.hi >> 32);
    lc[0] = (uint32_t)mc.lo, lc[1] = (uint32_t)(mc.lo >> 32), lc[2] = (uint32_t)mc.hi;
    lc[3] = (uint32_t)(mc.hi >> 32);
    lb[0] = (uint32_t)ub, lb[1] = (uint32_t)(ub >> 32), ld[0] = (uint32_t)ud, ld[1] = (uint32_t)(ud >> 32);
    fxl__mul_limbs(la, 4, lb, 2, pa);
    fxl__mul_limbs(lc, 4, ld, 2, pc);
    m = fxl__cmp_limbs(pa, pc, 6);
    return sa > 0 ? m : -m;
}

static fxl__i128 i128_of_u(fxl__u128 v, bool neg)
{
    return fxl__i128_from(neg ? fxl__neg128(v) : v);
}

static unsigned bits128(fxl__u128 v)
{
    return v.hi != 0 ? 64u + fxl__bits64(v.hi) : fxl__bits64(v.lo);
}

/* The quick sign of sum_i wl_i al_i^2 - sum_j wr_j ar_j^2 (weights at
 * most 2^16, at most 3 terms a side, values below 2^127): 1 or -1 when
 * the top bits settle it, 0 when only the exact compare can. With the
 * common shift s = max(0, bits - 22) over all values, each a = a' 2^s +
 * rest (0 <= rest < 2^s), so a'^2 2^2s <= a^2 <= (a' + [s > 0])^2 2^2s:
 * each side lies in [lo, hi] 2^2s (a' < 2^22: each sum below 2^62), and
 * lo_l > hi_r is a sure 1, hi_l < lo_r a sure -1 (s = 0: exact). The
 * band left is a relative width of a few 2^-21. Returns 1, -1, 0 (equal:
 * s = 0 and the sums are exact) or 2 (unsure). */
FXL_ARM_CODE
static int wsq_cmp(const uint32_t *wl, const fxl__u128 *al, int nl, const uint32_t *wr,
                   const fxl__u128 *ar, int nr)
{
    unsigned b = 0, sh;
    uint64_t lo[2] = {0, 0}, hi[2] = {0, 0};
    int i, side;
    for (i = 0; i < nl; i++)
        b = bits128(al[i]) > b ? bits128(al[i]) : b;
    for (i = 0; i < nr; i++)
        b = bits128(ar[i]) > b ? bits128(ar[i]) : b;
    sh = b > 22u ? b - 22u : 0u;
    for (side = 0; side < 2; side++) {
        const uint32_t *w = side == 0 ? wl : wr;
        const fxl__u128 *a = side == 0 ? al : ar;
        int n = side == 0 ? nl : nr;
        for (i = 0; i < n; i++) {
            fxl__u128 v = a[i];
            uint64_t t = sh == 0 ? v.lo
                         : sh >= 64 ? v.hi >> (sh - 64u)
                                    : (v.lo >> sh) | (v.hi << (64u - sh));
            uint64_t t1 = t + (sh != 0 ? 1u : 0u);
            lo[side] += w[i] * t * t;
            hi[side] += w[i] * t1 * t1;
        }
    }
    if (lo[0] > hi[1])
        return 1;
    if (hi[0] < lo[1])
        return -1;
    return sh == 0 ? 0 : 2; /* s = 0: equal; 2: unsure */
}

/* v's top 30 bits: v in [m 2^e, (m + x) 2^e] with x = 0 when exact. */
static uint32_t top30(fxl__u128 v, unsigned *e, uint32_t *x)
{
    unsigned n = bits128(v);
    if (n <= 30) {
        *e = 0, *x = 0;
        return (uint32_t)v.lo;
    }
    *e = n - 30u, *x = 1;
    return (uint32_t)(*e >= 64 ? v.hi >> (*e - 64u) : (v.lo >> *e) | (*e == 0 ? 0u : v.hi << (64u - *e)));
}

/* The quick sign of sum_k a_k b_k (n <= 4 terms, |a|, |b| < 2^127): 1 or
 * -1 when settled, 0 when only the exact sum can tell. Each factor is
 * m 2^e plus less than 2^e (top30), so |a_k b_k| lies in [ma mb, (ma +
 * xa)(mb + xb)] 2^(ea + eb) (below 2^60 2^e); in units of 2^E, E the
 * largest exponent, a term shifted by t = E - e lies in [lo >> t, (hi >>
 * t) + [t > 0]] (floors), signed by the term's sign; the sum's interval
 * (below 2^62) excluding 0 settles the sign. */
FXL_ARM_CODE
static int apx_sign(const fxl__i128 *a, const fxl__i128 *b, int n)
{
    uint64_t lo[4], hi[4];
    unsigned ex[4], emax = 0;
    int sg[4], k;
    int64_t sl = 0, sh = 0;
    for (k = 0; k < n; k++) {
        unsigned ea, eb;
        uint32_t xa, xb, ma, mb;
        sg[k] = fxl__isign(a[k]) * fxl__isign(b[k]);
        if (sg[k] == 0)
            continue;
        ma = top30(fxl__iabs(a[k]), &ea, &xa);
        mb = top30(fxl__iabs(b[k]), &eb, &xb);
        lo[k] = (uint64_t)ma * mb;
        hi[k] = (uint64_t)(ma + xa) * (mb + xb);
        ex[k] = ea + eb;
        emax = ex[k] > emax ? ex[k] : emax;
    }
    for (k = 0; k < n; k++) {
        unsigned t;
        uint64_t l, h;
        if (sg[k] == 0)
            continue;
        t = emax - ex[k];
        l = t >= 63 ? 0u : lo[k] >> t;
        h = (t >= 63 ? 0u : hi[k] >> t) + (t > 0 ? 1u : 0u);
        if (sg[k] > 0)
            sl += (int64_t)l, sh += (int64_t)h;
        else
            sl -= (int64_t)h, sh -= (int64_t)l;
    }
    return sl > 0 ? 1 : sh < 0 ? -1 : 0;
}

/* The signed 128-bit value of m (below 2^127) with v's sign. */
static fxl__i128 with_sign(fxl__u128 m, int64_t v)
{
    return fxl__i128_from(v < 0 ? fxl__neg128(m) : m);
}

/* v D' exactly (|v| <= 2^28: below 2^109). */
FXL_ARM_CODE
static fxl__i128 dp_times(const round3 *s, int64_t v)
{
    return with_sign(fxl__mul128_64(s->dpu, fxl__abs64(v)), v);
}

/* lo_l den D' <= num <= hi_l den D' on top bits, num = sum_k a_k b_k
 * (n - 1 terms, the last slot free) and den > 0: 1 in, -1 out, 0 unsure. */
FXL_ARM_CODE
static int within_apx(const round3 *s, fxl__i128 *a, fxl__i128 *b, int n, fxl__i128 den,
                      int64_t lo, int64_t hi)
{
    int c1, c2;
    a[n - 1] = fxl__ineg(dp_times(s, lo)), b[n - 1] = den;
    c1 = apx_sign(a, b, n);
    if (c1 < 0)
        return -1;
    a[n - 1] = fxl__ineg(dp_times(s, hi));
    c2 = apx_sign(a, b, n);
    if (c2 > 0)
        return -1;
    return c1 > 0 && c2 < 0 ? 1 : 0;
}

/* lo D' den <= num <= hi D' den (den > 0). */
FXL_ARM_CODE
static bool within(const round3 *s, const fxl__big *num, const fxl__big *den, int64_t lo, int64_t hi)
{
    fxl__big t, b;
    fxl__big_mul(&t, &s->dp, den);
    bmulv(&b, &t, lo);
    if (fxl__big_cmp(num, &b) < 0)
        return false;
    bmulv(&b, &t, hi);
    return fxl__big_cmp(num, &b) <= 0;
}

/* Q(u) as a big number. Sizes: u below 2^62, w below 2^17: below 2^142. */
FXL_ARM_CODE
static void qform(const round3 *s, const int64_t u[3], fxl__big *r)
{
    fxl__big t, w;
    fxl__big_u128(r, fxl__add(fxl__sq_signed(u[1]), fxl__sq_signed(u[2])));
    bmulv(&t, r, s->w1);
    fxl__big_u128(&w, fxl__sq_signed(u[0]));
    bmulv(r, &w, s->w0);
    fxl__big_add(r, r, &t);
}

/* r = w1 W^2 (below 2^133). */
FXL_ARM_CODE
static void wq_of(const round3 *s, fxl__big *r)
{
    bmul2(r, s->wid, s->wid);
    bmulv(r, r, s->w1);
}

/* The frame point of the box corner V (raw offsets): |m_i . V| <= 2^32
 * (1 + 2^-15) |V| < 2^60.9, mid <= 2^57: each u below 2^61. */
static void frame_of(const round3 *s, const int64_t v[3], int64_t u[3])
{
    int i;
    for (i = 0; i < 3; i++)
        u[i] = s->m[i][0] * v[0] + s->m[i][1] * v[1] + s->m[i][2] * v[2];
    u[0] -= s->mid;
}

/* The vertex V (frame point u): cylinder |u0| <= L and u1^2 + u2^2 <= W^2
 * (128 bits); egg Q(u) <= w1 W^2. */
FXL_ARM_CODE
static bool vertex_in(const round3 *s, const int64_t u[3])
{
    fxl__big qv, wq;
    if (!s->egg)
        return fxl__abs64(u[0]) <= (uint64_t)s->len &&
               fxl__le128(fxl__add(fxl__sq_signed(u[1]), fxl__sq_signed(u[2])),
                          fxl__sq((uint64_t)s->wid));
    {
        const uint32_t wl[3] = {(uint32_t)s->w0, 65536u, 65536u}, wr[1] = {65536u};
        fxl__u128 al[3], ar[1];
        int c;
        al[0] = u128v(fxl__abs64(u[0])), al[1] = u128v(fxl__abs64(u[1]));
        al[2] = u128v(fxl__abs64(u[2])), ar[0] = u128v((uint64_t)s->wid);
        c = wsq_cmp(wl, al, 3, wr, ar, 1);
        if (c != 2)
            return c <= 0;
    }
    qform(s, u, &qv);
    wq_of(s, &wq);
    return fxl__big_cmp(&qv, &wq) <= 0;
}

/* The edge from the vertex u along world axis j (frame step c = column j
 * of M per raw unit, 0 <= t <= g): Q(u + t c) = Q0 + 2 B t + A t^2 with A
 * = w0 c0^2 + w1 (c1^2 + c2^2) (< 2^82), B = w0 u0 c0 + w1 (u1 c1 + u2
 * c2) (< 2^112). A = 0: Q constant (the vertices decide). Otherwise the
 * least point is t* = -B / A: inside [0, g] iff B <= 0 <= B + g A (128
 * bits: g A < 2^111), and Q(t*) = Q0 - B^2 / A <= w1 W^2 iff (Q0 - w1 W^2)
 * A <= B^2. By Lagrange's identity Q0 A - B^2 = sum_{i<j} w_i w_j C_ij^2
 * with C_ij = u_i c_j - u_j c_i (< 2^95), so, divided by w1 > 0, that is
 *     w0 (C01^2 + C02^2) + w1 C12^2 <= w0 (W c0)^2 + w1 ((W c1)^2 + (W c2)^2)
 * decided on top bits (wsq_cmp), else exactly in 256 bits (< 2^225).
 * The cylinder's t* must also lie in the slab: |u0 + t* c0| <= L, i.e.
 * (u0 - L) A <= B c0 <= (u0 + L) A (below 2^128: cmp_prod). */
FXL_ARM_CODE
static bool edge_in(const round3 *s, const int64_t u[3], int j, int64_t g)
{
    int64_t c[3];
    fxl__u128 au, ga;
    fxl__i128 bi128;
    int i, cmp;
    for (i = 0; i < 3; i++)
        c[i] = s->m[i][j];
    au = fxl__add(fxl__mul128_64(fxl__sq_signed(c[0]), (uint64_t)s->w0),
                  fxl__mul128_64(fxl__add(fxl__sq_signed(c[1]), fxl__sq_signed(c[2])), (uint64_t)s->w1));
    if (au.hi == 0 && au.lo == 0)
        return false;
    bi128 = fxl__iadd(fxl__iadd(fxl__imul(u[0], c[0] * s->w0), fxl__imul(u[1], c[1] * s->w1)),
                      fxl__imul(u[2], c[2] * s->w1)); /* each c w below 2^49 */
    if (fxl__isign(bi128) > 0)
        return false;
    /* g A: A.hi < 2^18 and g < 2^29, so A.hi g fits 64 bits */
    ga = fxl__mul128_64(au, (uint64_t)g);
    if (!fxl__le128(fxl__iabs(bi128), ga))
        return false; /* B + g A < 0 */
    {
        const uint32_t wl[3] = {(uint32_t)s->w0, (uint32_t)s->w0, (uint32_t)s->w1};
        const uint32_t wr[3] = {(uint32_t)s->w0, (uint32_t)s->w1, (uint32_t)s->w1};
        fxl__u128 al[3], ar[3];
        uint64_t w = (uint64_t)s->wid;
        al[0] = mag(fxl__isub(fxl__imul(u[0], c[1]), fxl__imul(u[1], c[0])));
        al[1] = mag(fxl__isub(fxl__imul(u[0], c[2]), fxl__imul(u[2], c[0])));
        al[2] = mag(fxl__isub(fxl__imul(u[1], c[2]), fxl__imul(u[2], c[1])));
        for (i = 0; i < 3; i++)
            ar[i] = fxl__mul64(w, fxl__abs64(c[i]));
        cmp = wsq_cmp(wl, al, 3, wr, ar, 3);
    }
    if (cmp > 0 && cmp != 2)
        return false;
    if (cmp == 2) {
        fxl__big a, b, q0, wq;
        fxl__big_u128(&a, au);
        fxl__big_i128(&b, bi128);
        qform(s, u, &q0);
        wq_of(s, &wq);
        fxl__big_sub(&q0, &q0, &wq);
        if (bcross(&q0, &a, &b, &b) > 0)
            return false;
    }
    if (!s->egg) {
        /* (u0 - L) A <= B c0 <= (u0 + L) A (cylinder: A < 2^65, B < 2^95) */
        fxl__i128 ai = fxl__i128_from(au);
        return cmp_prod(ai, u[0] - s->len, bi128, c[0]) <= 0 &&
               cmp_prod(bi128, c[0], ai, u[0] + s->len) <= 0;
    }
    return true;
}

/* The egg on the box's face X_j = a. By (1) the face's plane is n . u = d
 * with n = (e'0[j], e'1[j], e'2[j]) (< 2^49) and d = D' a - n0 mid
 * (< 2^111). The least Q on it (Lagrange: u_i = lam n_i / w_i) is w0 w1
 * d^2 / S with S = w1 n0^2 + w0 (n1^2 + n2^2) (< 2^116), at u0 = d n0 w1
 * / S, u1,2 = d n1,2 w0 / S; S = 0 (k = 0 and the beam along the face):
 * no unique least point, skipped. Q <= w1 W^2 iff w0 d^2 <= W^2 S
 * (< 2^239). In the face iff, for both other axes l, by (1) times S:
 *     lo_l D' S <= e'0[l] (d n0 w1 + mid S) + d w0 (e'1[l] n1 + e'2[l] n2) <= hi_l D' S
 * (every term below 2^228). */
/* face_in's exact stage in 256 bits (apart: its numbers would crowd the
 * caller's stack); far is the distance test still to do. */
FXL_ARM_CODE
static bool face_exact(const round3 *s, int j, int64_t a, const int64_t lo[3], const int64_t hi[3],
                       bool far)
{
    int64_t n0 = s->e[0][j], n1 = s->e[1][j], n2 = s->e[2][j];
    fxl__big d, sum, t, x, y;
    int l;
    bmulv(&d, &s->dp, a);
    bmul2(&t, n0, s->mid);
    fxl__big_sub(&d, &d, &t);
    bmul2(&sum, n1, n1);
    bacc2(&sum, n2, n2);
    bmulv(&sum, &sum, s->w0);
    bmul2(&t, n0, n0);
    bmulv(&t, &t, s->w1);
    fxl__big_add(&sum, &sum, &t);
    if (sum.sign == 0)
        return false;
    fxl__big_mul(&x, &d, &d);
    bmulv(&t, &x, s->w0);
    bmul2(&x, s->wid, s->wid);
    fxl__big_mul(&y, &x, &sum);
    if (far && fxl__big_cmp(&t, &y) > 0) /* w0 d^2 > W^2 S */
        return false;
    for (l = 0; l < 3; l++) {
        fxl__big dn0, num;
        if (l == j)
            continue;
        bmulv(&dn0, &d, n0);
        bmulv(&dn0, &dn0, s->w1);
        bmulv(&x, &sum, s->mid);
        fxl__big_add(&x, &x, &dn0);
        bmulv(&num, &x, s->e[0][l]);
        bmul2(&y, s->e[1][l], n1);
        bacc2(&y, s->e[2][l], n2);
        fxl__big_mul(&x, &y, &d);
        bmulv(&x, &x, s->w0);
        fxl__big_add(&num, &num, &x);
        if (!within(s, &num, &sum, lo[l], hi[l]))
            return false;
    }
    return true;
}

FXL_ARM_CODE
static bool face_in(const round3 *s, int j, int64_t a, const int64_t lo[3], const int64_t hi[3])
{
    int64_t n0 = s->e[0][j], n1 = s->e[1][j], n2 = s->e[2][j];
    int cmp;
    {
        /* w0 d^2 against w1 (W n0)^2 + w0 ((W n1)^2 + (W n2)^2) on top bits
         * (d = D' a - n0 mid in 128 bits: D' |a| < 2^109, n0 mid < 2^106) */
        const uint32_t wl[1] = {(uint32_t)s->w0};
        const uint32_t wr[3] = {(uint32_t)s->w1, (uint32_t)s->w0, (uint32_t)s->w0};
        fxl__u128 al[1], ar[3], da = fxl__mul128_64(s->dpu, fxl__abs64(a));
        fxl__i128 di = fxl__i128_from(a < 0 ? fxl__neg128(da) : da);
        uint64_t w = (uint64_t)s->wid;
        al[0] = mag(fxl__isub(di, fxl__imul(n0, s->mid)));
        ar[0] = fxl__mul64(w, fxl__abs64(n0)), ar[1] = fxl__mul64(w, fxl__abs64(n1));
        ar[2] = fxl__mul64(w, fxl__abs64(n2));
        cmp = wsq_cmp(wl, al, 1, wr, ar, 3);
        if (cmp == 1)
            return false;
        if (cmp != 2) {
            /* In the face, on top bits: by (1) times S, num = (e'0[l] n0
             * w1) d + (e'0[l] mid) S + d (w0 (e'1[l] n1 + e'2[l] n2)),
             * each factor in 128 bits (e'0 n0 w1 < 2^114, S < 2^116, the
             * last < 2^115). */
            fxl__i128 dd = fxl__isub(di, fxl__imul(n0, s->mid)), sv, ta[4], tb[4];
            int l;
            fxl__u128 su = fxl__add(fxl__mul128_64(fxl__sq_signed(n0), (uint64_t)s->w1),
                                    fxl__mul128_64(fxl__add(fxl__sq_signed(n1), fxl__sq_signed(n2)),
                                                   (uint64_t)s->w0));
            int in = 1;
            if (su.hi == 0 && su.lo == 0)
                return false;
            sv = fxl__i128_from(su);
            for (l = 0; l < 3 && in > 0; l++) {
                fxl__i128 en = fxl__imul(s->e[0][l], n0), ey;
                if (l == j)
                    continue;
                ey = fxl__iadd(fxl__imul(s->e[1][l], n1), fxl__imul(s->e[2][l], n2));
                ta[0] = with_sign(fxl__mul128_64(fxl__iabs(en), (uint64_t)s->w1), fxl__isign(en));
                tb[0] = dd;
                ta[1] = fxl__imul(s->e[0][l], s->mid), tb[1] = sv;
                ta[2] = dd;
                tb[2] = with_sign(fxl__mul128_64(fxl__iabs(ey), (uint64_t)s->w0), fxl__isign(ey));
                in = within_apx(s, ta, tb, 4, sv, lo[l], hi[l]);
            }
            if (in != 0)
                return in > 0;
        }
    }
    return face_exact(s, j, a, lo, hi, cmp == 2);
}

/* Does the segment tau in [t0, t1] of the line D' X = e'0 tau (the beam's
 * axis, tau = u0 + mid, by (1) with u1 = u2 = 0) meet the box? Each axis
 * l bounds tau by lo_l D' / e'0[l] and hi_l D' / e'0[l] (swapped when
 * e'0[l] < 0; e'0[l] = 0: X_l = 0 must lie in [lo_l, hi_l]); the bounds
 * kept as fractions with positive denominators (numerators below 2^111,
 * denominators 2^49, cross products below 2^160: cmp_prod). The egg's middle is the
 * point t0 = t1 = mid. */
FXL_ARM_CODE
static bool axis_in(const round3 *s, int64_t t0, int64_t t1, const int64_t lo[3], const int64_t hi[3])
{
    fxl__i128 ln = fxl__i128_of(t0), hn = fxl__i128_of(t1), a, b;
    int64_t ld = 1, hd = 1, d;
    int l;
    for (l = 0; l < 3; l++) {
        int64_t el = s->e[0][l], x = el > 0 ? lo[l] : -hi[l], y = el > 0 ? hi[l] : -lo[l];
        if (el == 0) {
            if (lo[l] > 0 || hi[l] < 0)
                return false;
            continue;
        }
        a = i128_of_u(fxl__mul128_64(s->dpu, fxl__abs64(x)), x < 0); /* D' x, below 2^110 */
        b = i128_of_u(fxl__mul128_64(s->dpu, fxl__abs64(y)), y < 0);
        d = el > 0 ? el : -el; /* a / d <= tau <= b / d */
        if (cmp_prod(a, ld, ln, d) > 0)
            ln = a, ld = d;
        if (cmp_prod(b, hd, hn, d) < 0)
            hn = b, hd = d;
    }
    return cmp_prod(ln, hd, hn, ld) <= 0;
}

/* The cylinder's cap u0 = c (c = +-L) cut by the box's face X_j = a. By
 * (1) with u0 = c the cap's points (c, y, z) on the face satisfy n1 y +
 * n2 z = r, n = (e'1[j], e'2[j]) (< 2^49), r = D' a - e'0[j] (c + mid)
 * (< 2^111). N = n1^2 + n2^2 = 0: the face is parallel to the cap
 * (skipped: its other constraints describe it). The least y^2 + z^2 on
 * the line is r^2 / N at (y, z) = r n / N: within W iff r^2 <= W^2 N
 * (< 2^222), and on the face's segment iff for both other axes l, by (1)
 * times N:
 *     lo_l D' N <= e'0[l] (c + mid) N + r (e'1[l] n1 + e'2[l] n2) <= hi_l D' N
 * (each term below 2^210). */
/* cap_line_in's exact stage in 256 bits (apart, as face_exact). */
FXL_ARM_CODE
static bool cap_exact(const round3 *s, int64_t c, int j, int64_t a, const int64_t lo[3],
                      const int64_t hi[3], bool far)
{
    int64_t n1 = s->e[1][j], n2 = s->e[2][j], cm = c + s->mid;
    fxl__big nn, r, t, x;
    int l;
    bmul2(&nn, n1, n1);
    bacc2(&nn, n2, n2);
    if (nn.sign == 0)
        return false;
    bmulv(&r, &s->dp, a);
    bmul2(&t, s->e[0][j], cm);
    fxl__big_sub(&r, &r, &t);
    bmul2(&x, s->wid, s->wid);
    if (far && bcross(&r, &r, &x, &nn) > 0)
        return false;
    for (l = 0; l < 3; l++) {
        fxl__big num, y;
        if (l == j)
            continue;
        bmul2(&t, s->e[0][l], cm);
        fxl__big_mul(&num, &t, &nn);
        bmul2(&y, s->e[1][l], n1);
        bacc2(&y, s->e[2][l], n2);
        fxl__big_mul(&t, &y, &r);
        fxl__big_add(&num, &num, &t);
        if (!within(s, &num, &nn, lo[l], hi[l]))
            return false;
    }
    return true;
}

FXL_ARM_CODE
static bool cap_line_in(const round3 *s, int64_t c, int j, int64_t a, const int64_t lo[3],
                        const int64_t hi[3])
{
    int64_t n1 = s->e[1][j], n2 = s->e[2][j], cm = c + s->mid;
    int cmp;
    if (n1 == 0 && n2 == 0)
        return false;
    {
        /* r^2 against (W n1)^2 + (W n2)^2 on top bits (r in 128 bits) */
        const uint32_t w1[2] = {1u, 1u};
        fxl__u128 al[1], ar[2], da = fxl__mul128_64(s->dpu, fxl__abs64(a));
        fxl__i128 di = fxl__i128_from(a < 0 ? fxl__neg128(da) : da);
        uint64_t w = (uint64_t)s->wid;
        al[0] = mag(fxl__isub(di, fxl__imul(s->e[0][j], cm)));
        ar[0] = fxl__mul64(w, fxl__abs64(n1)), ar[1] = fxl__mul64(w, fxl__abs64(n2));
        cmp = wsq_cmp(w1, al, 1, w1, ar, 2);
        if (cmp == 1)
            return false;
        if (cmp != 2) {
            /* On the segment, on top bits: by (1) times N, num = (e'0[l]
             * cm) N + r (e'1[l] n1 + e'2[l] n2), factors in 128 bits. */
            fxl__i128 r128 = fxl__isub(di, fxl__imul(s->e[0][j], cm)), nv, ta[3], tb[3];
            int l;
            int in = 1;
            nv = fxl__i128_from(fxl__add(fxl__sq_signed(n1), fxl__sq_signed(n2)));
            for (l = 0; l < 3 && in > 0; l++) {
                if (l == j)
                    continue;
                ta[0] = fxl__imul(s->e[0][l], cm), tb[0] = nv;
                ta[1] = r128;
                tb[1] = fxl__iadd(fxl__imul(s->e[1][l], n1), fxl__imul(s->e[2][l], n2));
                in = within_apx(s, ta, tb, 3, nv, lo[l], hi[l]);
            }
            if (in != 0)
                return in > 0;
        }
    }
    return cap_exact(s, c, j, a, lo, hi, cmp == 2);
}

/* The point where the edge from the vertex u along world axis j (0 <= t
 * <= g, frame step c per raw unit) crosses the cap u0 = cap: t = (cap -
 * u0) / c0 (c0 = 0: parallel, none). With v = cap - u0 (< 2^62): 0 <= t
 * <= g iff v and g c0 - v have c0's sign (or are 0); there c0 y = c0 u1
 * + v c1 and c0 z likewise (< 2^95), within W iff (c0 y)^2 + (c0 z)^2 <=
 * W^2 c0^2 (< 2^191). */
FXL_ARM_CODE
static bool crossing_in(const round3 *s, const int64_t u[3], int j, int64_t g, int64_t cap)
{
    int64_t c0 = s->m[0][j], v = cap - u[0], gc = g * c0;
    fxl__big y, z, t;
    if (c0 == 0)
        return false;
    if (c0 > 0 ? v < 0 || v > gc : v > 0 || v < gc)
        return false;
    {
        const uint32_t w1[2] = {1u, 1u};
        fxl__i128 yi = fxl__iadd(fxl__imul(c0, u[1]), fxl__imul(v, s->m[1][j]));
        fxl__i128 zi = fxl__iadd(fxl__imul(c0, u[2]), fxl__imul(v, s->m[2][j]));
        fxl__u128 al[2], ar[1];
        int cmp;
        al[0] = mag(yi), al[1] = mag(zi);
        ar[0] = fxl__mul64((uint64_t)s->wid, fxl__abs64(c0));
        cmp = wsq_cmp(w1, al, 2, w1, ar, 1);
        if (cmp != 2)
            return cmp <= 0;
        fxl__big_i128(&y, yi);
        fxl__big_i128(&z, zi);
    }
    fxl__big_mul(&t, &y, &y);
    fxl__big_mul(&y, &z, &z);
    fxl__big_add(&t, &t, &y);
    bmul2(&y, s->wid, c0);
    fxl__big_mul(&z, &y, &y);
    return fxl__big_cmp(&t, &z) <= 0;
}

/* A sure miss: the plane a . u = h with the shape on its far side. Over
 * the box, a . u = sum_l c_l X_l - a0 mid with c_l = sum_i a_i m_i[l]
 * (|a_i| < 2^28: |c_l| < 2^61.6), least at X_l = lo_l where c_l >= 0 and
 * hi_l otherwise: mn (below 2^92). The shape's greatest a . u is its
 * support: cylinder (a0 = 0 here) W |a|, egg W sqrt(2^16 a0^2 / k + a1^2 +
 * a2^2) (k > 0; k = 0 only with a0 = 0, as the cylinder). So mn > 0 and
 * k mn^2 > W^2 (2^16 a0^2 + k (a1^2 + a2^2)) (cylinder and k = 0: mn^2 >
 * W^2 (a1^2 + a2^2)) separate; decided on top bits (wsq_cmp), any doubt
 * is no answer. */
FXL_ARM_CODE
static bool parted(const round3 *s, const int64_t a[3], const int64_t lo[3], const int64_t hi[3])
{
    fxl__i128 mn = fxl__imul(-a[0], s->mid);
    fxl__u128 al[1], ar[3];
    uint32_t wl[1], wr[3];
    uint64_t w = (uint64_t)s->wid;
    int l, n;
    bool round_k = s->egg && s->w0 != 0;
    if (!round_k && a[0] != 0)
        return false;
    for (l = 0; l < 3; l++) {
        int64_t c = a[0] * s->m[0][l] + a[1] * s->m[1][l] + a[2] * s->m[2][l];
        mn = fxl__iadd(mn, fxl__imul(c, c >= 0 ? lo[l] : hi[l]));
    }
    if (fxl__isign(mn) <= 0)
        return false;
    al[0] = fxl__iabs(mn);
    ar[0] = fxl__mul64(w, fxl__abs64(a[1])), ar[1] = fxl__mul64(w, fxl__abs64(a[2]));
    ar[2] = fxl__mul64(w, fxl__abs64(a[0]));
    wl[0] = round_k ? (uint32_t)s->w0 : 1u;
    wr[0] = wr[1] = wl[0], wr[2] = 65536u;
    n = round_k ? 3 : 2;
    return wsq_cmp(wl, al, 1, wr, ar, n) == 1;
}

/* a scaled down (rounded toward 0: any direction serves) below 2^28. */
FXL_ARM_CODE
static void shrink(int64_t a[3])
{
    uint64_t m = fxl__abs64(a[0]) | fxl__abs64(a[1]) | fxl__abs64(a[2]);
    unsigned b = fxl__bits64(m), sh = b > 27u ? b - 27u : 0u, i;
    for (i = 0; i < 3; i++)
        a[i] = a[i] < 0 ? -(int64_t)(fxl__abs64(a[i]) >> sh) : (int64_t)(fxl__abs64(a[i]) >> sh);
}

/* The separating directions tried: the shape's gradient (cylinder: the
 * frame's (0, u1, u2)) at the corner of least Q and at the box's centre
 * (u of corners 0 and 7 summed: doubled, below 2^62). Egg gradient
 * (k u0, 2^16 u1, 2^16 u2) taken as (k u0 >> 16, u1, u2) (any direction
 * serves; the shift keeps it in range). */
FXL_ARM_CODE
static bool sure_miss(const round3 *s, int64_t u[8][3], int best, const int64_t lo[3],
                      const int64_t hi[3])
{
    int t;
    for (t = 0; t < 2; t++) {
        int64_t a[3], c[3];
        int i;
        for (i = 0; i < 3; i++)
            c[i] = t == 0 ? u[best][i] : u[0][i] / 2 + u[7][i] / 2;
        a[0] = s->egg && s->w0 != 0 ? fxl__floor_shift(c[0], 16) * s->w0 : 0;
        a[1] = c[1], a[2] = c[2];
        shrink(a);
        if (parted(s, a, lo, hi))
            return true;
    }
    return false;
}

/* The rows of M (Q32) of a prepared laser. */
static void rows_of(const fxl_laser3d_prep *lp, int64_t m[3][3])
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    m[0][0] = cp * cy, m[0][1] = cp * sy, m[0][2] = -sp * 65536;
    m[1][0] = -sy * 65536, m[1][1] = cy * 65536, m[1][2] = 0;
    m[2][0] = sp * cy, m[2][1] = sp * sy, m[2][2] = cp * 65536;
}

/* quick's sure hit: the ball of doubled frame radius at least rr about the
 * doubled frame point U (a ball within the box; rr = 0: a point of the
 * box) meets the shape. Its point moved towards the beam's axis by rr / 2
 * (or onto it) keeps u0 and is at max(0, |(U1, U2)| - rr) / 2 from the
 * axis. Cylinder: inside when |U0| <= 2L and U1^2 + U2^2 <= (2W + rr)^2.
 * Egg: k' u0^2 + u1^2 + u2^2 <= W^2 (k' = k / 2^16) holds when |(U1, U2)|
 * <= rr + sqrt(A), A = 4 W^2 - k' U0^2 > 0: with A taken low (k' U0^2
 * rounded up: (floor(U0^2 / 2^16) + 1) k, below 2^125) and its root low
 * (a = floor(sqrt(A >> 2e)) 2^e, A >> 2e below 2^32: a 32-bit root,
 * within 2^-15 of sqrt(A)), U1^2 + U2^2 <= (rr + a)^2 is sure (|U| below
 * 2^62, rr below 2^60). */
FXL_ARM_CODE
static bool quick_in(const fxl_laser3d_prep *lp, const int64_t uu[3], uint64_t rr)
{
    bool egg = lp->kind == FXL_LASER3D_EGG;
    uint64_t w2 = 2u * (uint64_t)lp->half_wid, root = w2;
    bool in = !egg ? fxl__abs64(uu[0]) <= 2u * (uint64_t)lp->half_len : true;
    if (egg) {
        fxl__u128 x2 = fxl__sq(fxl__abs64(uu[0])), ww = fxl__sq(w2), kx;
        x2.lo = (x2.lo >> 16) | (x2.hi << 48), x2.hi >>= 16;
        x2 = fxl__add(x2, fxl__sq(1u)); /* + 1 */
        kx = fxl__mul128_64(x2, (uint64_t)(uint32_t)lp->egg_k);
        in = !fxl__le128(ww, kx);
        if (in) {
            fxl__u128 aa = fxl__sub(ww, kx);
            unsigned nb = bits128(aa), e = nb > 32u ? (nb - 31u) / 2u : 0u;
            uint64_t top = e == 0 ? aa.lo
                           : 2 * e >= 64 ? aa.hi >> (2 * e - 64u)
                                         : (aa.lo >> (2 * e)) | (aa.hi << (64u - 2 * e));
            root = (uint64_t)fxl__isqrt32((uint32_t)top) << e; /* <= sqrt(A) < 2^60 */
        }
    }
    return in && fxl__sumsq_le(fxl__abs64(uu[1]), fxl__abs64(uu[2]), root + rr);
}

/* quick's sure miss: the plane along the shape's gradient at the doubled
 * frame point U (as sure_miss; any U serves: only the direction is
 * taken from it), doubled: over the box 2 a . u = sum_l c_l b_l - sum_l
 * |c_l| g_l - 2 a0 mid at least (below 2^93), against the support times 2
 * (2W). True: the box misses the shape. */
FXL_ARM_CODE
static bool quick_parted(const fxl_laser3d_prep *lp, int64_t m[3][3], const int64_t uu[3],
                         const int32_t b[3], const int32_t g[3])
{
    bool round_k = lp->kind == FXL_LASER3D_EGG && lp->egg_k != 0;
    uint64_t w2 = 2u * (uint64_t)lp->half_wid;
    int64_t a[3];
    fxl__i128 mn;
    fxl__u128 al[1], ar[3];
    uint32_t wl[1], wr[3];
    int l;
    a[0] = round_k ? fxl__floor_shift(uu[0], 17) * lp->egg_k : 0;
    a[1] = uu[1] / 2, a[2] = uu[2] / 2;
    shrink(a);
    mn = fxl__imul(-2 * a[0], lp->mid);
    for (l = 0; l < 3; l++) {
        int64_t c = a[0] * m[0][l] + a[1] * m[1][l] + a[2] * m[2][l];
        mn = fxl__iadd(mn, fxl__imul(c, b[l]));
        mn = fxl__isub(mn, fxl__imul((int64_t)fxl__abs64(c), g[l]));
    }
    if (fxl__isign(mn) <= 0)
        return false;
    al[0] = fxl__iabs(mn);
    ar[0] = fxl__mul64(w2, fxl__abs64(a[1])), ar[1] = fxl__mul64(w2, fxl__abs64(a[2]));
    ar[2] = fxl__mul64(w2, fxl__abs64(a[0]));
    wl[0] = round_k ? (uint32_t)lp->egg_k : 1u;
    wr[0] = wr[1] = wl[0], wr[2] = 65536u;
    return wsq_cmp(wl, al, 1, wr, ar, round_k ? 3 : 2) == 1;
}

/* The egg's quick look moves U (doubled, the frame point of b / 2 + pos)
 * to U(P), P a point of the box of about the least Q: see below. */
FXL_ARM_CODE
static void egg_least(const fxl_laser3d_prep *lp, int64_t m[3][3], int64_t uu[3], const int32_t g[3])
{
    /* A point P of the box of about the least Q (a box
     * beside the egg meets it, or comes nearest to it, about there):
     * coordinate descent from the centre, doubled, P = b + t. Along world
     * axis l, Q(X + s e_l) is least at s = -(sum_i w_i u_i m_i[l]) /
     * (sum_i w_i m_i[l]^2) (w = (k', 1, 1)), taken on top bits (u_i >> 34
     * below 2^28, m_i[l] >> 16 at most 2^16; k <= 2^16 (prepare's 0..1):
     * the numerator below 2^46, the denominator below 2^35) as
     * -N / (D >> 18) (the 2^50 / 2^32 scales of the top bits; D >> 18
     * below 2^17, its reciprocal taken once per axis) in
     * doubled raw units, then clamped to |t_l| <= g_l: P is a point of the
     * box whatever the rounding (so |P_l| <= 2^29 as b's), and U is
     * updated exactly (U_i += m_i[l] dt: U = U(P), below 2^62). */
    int64_t t[3] = {0, 0, 0}, k = lp->egg_k, h[3][3];
    uint32_t r[3];
    int sweep, i, l;
    for (l = 0; l < 3; l++) {
        int64_t den;
        for (i = 0; i < 3; i++)
            h[i][l] = fxl__floor_shift(m[i][l], 16);
        den = fxl__floor_shift(k * ((h[0][l] * h[0][l]) >> 16) + h[1][l] * h[1][l] + h[2][l] * h[2][l], 18);
        r[l] = den > 0 ? (uint32_t)(0x80000000u / (uint32_t)den) : 0u; /* 2^31 / D, 32 bits */
    }
    /* two sweeps (one leaves 18 of the bench's 256 near boxes to the
     * exact stage) */
    for (sweep = 0; sweep < 2; sweep++)
        for (l = 0; l < 3; l++) {
            int64_t nt, dt;
            int64_t num = k * fxl__floor_shift(fxl__floor_shift(uu[0], 34) * h[0][l], 16) +
                          fxl__floor_shift(uu[1], 34) * h[1][l] + fxl__floor_shift(uu[2], 34) * h[2][l];
            /* N / D as (N >> 16) (2^31 / D) >> 15: below 2^30 times at most
             * 2^31 */
            nt = t[l] - fxl__floor_shift(fxl__floor_shift(num, 16) * (int64_t)r[l], 15);
            nt = nt > g[l] ? g[l] : nt < -(int64_t)g[l] ? -(int64_t)g[l] : nt;
            dt = nt - t[l];
            t[l] = nt;
            for (i = 0; i < 3; i++)
                uu[i] += m[i][l] * dt;
        }
}

FXL_ARM_CODE
int fxl__laser3d_round_quick(const fxl_laser3d_prep *lp, const int32_t b[3], const int32_t g[3],
                             int part)
{
    /* b = lo + hi - 2 pos, g = hi - lo (laser3d_box.c): the box's centre
     * in the frame, doubled, is U = M b - 2 (mid, 0, 0) (each m_i . b
     * below 2^61.8, so U below 2^62). */
    int64_t m[3][3], uu[3];
    int i;
    uint32_t gm = (uint32_t)fxl__min32(fxl__min32(g[0], g[1]), g[2]);
    rows_of(lp, m);
    for (i = 0; i < 3; i++)
        uu[i] = m[i][0] * b[0] + m[i][1] * b[1] + m[i][2] * b[2];
    uu[0] -= 2 * lp->mid;
    /* A sure hit: the box's inscribed ball (see the same test in
     * fxl__laser3d_round_hit): doubled radius rr, centre U / 2. */
    if ((part & 1) != 0 &&
        quick_in(lp, uu, (uint64_t)gm * (((uint64_t)1 << 32) - ((uint64_t)1 << 17))))
        return 1;
    if ((part & 2) == 0)
        return 0;
    if (quick_parted(lp, m, uu, b, g))
        return -1;
    if (lp->kind != FXL_LASER3D_EGG)
        return 0;
    /* The egg again at the box's point P of about the least Q (a box
     * beside the egg meets it, or comes nearest to it, about there): the
     * point's sure hit (rr = 0) and the gradient's plane there. */
    egg_least(lp, m, uu, g);
    if (quick_in(lp, uu, 0))
        return 1;
    return quick_parted(lp, m, uu, b, g) ? -1 : 0;
}

/* The egg's 6 faces, or the cylinder's cap lines on the caps given. */
FXL_ARM_CODE
static bool faces_in(const round3 *s, const int64_t lo[3], const int64_t hi[3], bool cap_hi,
                     bool cap_lo)
{
    int j, i;
    for (j = 0; j < 3; j++)
        for (i = 0; i < 2; i++) {
            int64_t a = i != 0 ? hi[j] : lo[j];
            if (s->egg ? face_in(s, j, a, lo, hi)
                       : (cap_hi && cap_line_in(s, s->len, j, a, lo, hi)) ||
                             (cap_lo && cap_line_in(s, -s->len, j, a, lo, hi)))
                return true;
        }
    return false;
}

FXL_ARM_CODE
bool fxl__laser3d_round_hit(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3])
{
    round3 s;
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t q = cy * cy + sy * sy, p = cp * cp + sp * sp, u[8][3];
    int v, j, side = 0; /* bits 2-3: u1 > 0, < 0 seen; bits 4-5: u2 */
    int64_t u0min = 0, u0max = 0;
    uint64_t best_key = 0;
    int best = 0;
    bool cap_hi, cap_lo;
    s.m[0][0] = cp * cy, s.m[0][1] = cp * sy, s.m[0][2] = -sp * 65536;
    s.m[1][0] = -sy * 65536, s.m[1][1] = cy * 65536, s.m[1][2] = 0;
    s.m[2][0] = sp * cy, s.m[2][1] = sp * sy, s.m[2][2] = cp * 65536;
    /* e'_0 = (2^16 cp cy, 2^16 cp sy, -sp q), e'_1 = p (-sy, cy, 0),
     * e'_2 = (2^16 sp cy, 2^16 sp sy, cp q) (laser3d_box.c). */
    s.e[0][0] = s.m[0][0] * 65536, s.e[0][1] = s.m[0][1] * 65536, s.e[0][2] = -sp * q;
    s.e[1][0] = -sy * p, s.e[1][1] = cy * p, s.e[1][2] = 0;
    s.e[2][0] = s.m[2][0] * 65536, s.e[2][1] = s.m[2][1] * 65536, s.e[2][2] = cp * q;
    s.dpu = fxl__mul128_64(fxl__mul64((uint64_t)q, (uint64_t)p), 65536u);
    fxl__big_u128(&s.dp, s.dpu);
    s.mid = lp->mid, s.len = lp->half_len, s.wid = lp->half_wid;
    s.egg = lp->kind == FXL_LASER3D_EGG;
    s.w0 = s.egg ? lp->egg_k : 0;
    s.w1 = s.egg ? 65536 : 1;
    /* Vertices: corner v has X_l = hi_l where bit l of v is set. Their u1
     * and u2 span the box's (a parallelepiped's) ranges on those frame
     * axes exactly: when one range leaves out 0, no point of the box has
     * u1 = u2 = 0, and the interior check below is skipped. */
    for (v = 0; v < 8; v++) {
        int64_t x[3];
        for (j = 0; j < 3; j++)
            x[j] = (v >> j) & 1 ? hi[j] : lo[j];
        frame_of(&s, x, u[v]);
        if (vertex_in(&s, u[v]))
            return true;
        u0min = v == 0 || u[v][0] < u0min ? u[v][0] : u0min;
        u0max = v == 0 || u[v][0] > u0max ? u[v][0] : u0max;
        for (j = 1; j < 3; j++)
            side |= u[v][j] > 0 ? 1 << (2 * j) : u[v][j] < 0 ? 2 << (2 * j) : 3 << (2 * j);
        {
            /* the corner most likely nearest (any pick serves sure_miss) */
            uint64_t key = fxl__abs64(u[v][1]) + fxl__abs64(u[v][2]) +
                           (fxl__abs64(u[v][0]) >> 16) * (uint64_t)s.w0; /* < 2^63 */
            if (v == 0 || key < best_key)
                best = v, best_key = key;
        }
    }
    if (sure_miss(&s, u, best, lo, hi))
        return false;
    if (!s.egg) {
        /* A sure hit: the ball inscribed in the box (centre U / 2, U =
         * u(corner 0) + u(corner 7); world radius min g / 2, in the frame
         * at least rr / 2 with rr = min g (2^32 - 2^17), as in
         * laser3d_box.c's quick) meets the cylinder when its centre lies in
         * the slab and within W + rr / 2 of the axis: moved towards the
         * axis by rr / 2 (or onto it) it is a point of both. Doubled:
         * |U0| <= 2L and U1^2 + U2^2 <= (2W + rr)^2 (all below 2^62). */
        int64_t gm = fxl__min64(fxl__min64(hi[0] - lo[0], hi[1] - lo[1]), hi[2] - lo[2]);
        uint64_t rr = (uint64_t)gm * (((uint64_t)1 << 32) - ((uint64_t)1 << 17));
        int64_t c0 = u[0][0] + u[7][0], c1 = u[0][1] + u[7][1], c2 = u[0][2] + u[7][2];
        if (fxl__abs64(c0) <= 2u * (uint64_t)s.len &&
            fxl__sumsq_le(fxl__abs64(c1), fxl__abs64(c2), 2u * (uint64_t)s.wid + rr))
            return true;
    }
    /* The interior: the egg's middle (tau = mid), the cylinder's axis. */
    if (side == 15 << 2 && (s.egg ? axis_in(&s, s.mid, s.mid, lo, hi)
                                  : axis_in(&s, s.mid - s.len, s.mid + s.len, lo, hi)))
        return true;
    /* The caps: the plane u0 = +-L meets the box iff the corners' u0
     * range holds +-L (else no crossing and no cap line there). */
    cap_hi = !s.egg && u0min <= s.len && s.len <= u0max;
    cap_lo = !s.egg && u0min <= -s.len && -s.len <= u0max;
    /* The egg's faces first (a box beside the egg meets it mostly in a
     * face's inside), then the edges and crossings, then the cylinder's
     * cap lines. */
    if (s.egg && faces_in(&s, lo, hi, false, false))
        return true;
    /* Edges: from corner v with bit j clear, along axis j. */
    for (v = 0; v < 8; v++)
        for (j = 0; j < 3; j++) {
            if ((v >> j) & 1)
                continue;
            if (edge_in(&s, u[v], j, hi[j] - lo[j]))
                return true;
            if ((cap_hi && crossing_in(&s, u[v], j, hi[j] - lo[j], s.len)) ||
                (cap_lo && crossing_in(&s, u[v], j, hi[j] - lo[j], -s.len)))
                return true;
        }
    if (!s.egg && (cap_hi || cap_lo) && faces_in(&s, lo, hi, cap_hi, cap_lo))
        return true;
    return false;
}
