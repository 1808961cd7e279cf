/* cast_aabb.c - a laser's centre line stopped by boxes (cast.h, issue 23):
 * the first box along the beam, the slab test in exact rationals.
 *
 * The beam's points are e + u (c, s) / 65536, u in [0, L] (c, s the
 * table's cos and sin, |c|, |s| <= 65536, not both 0). On the x axis, with
 * c > 0 the beam is within [lo.x, hi.x] for 65536 (lo.x - e.x) / c <= u
 * <= 65536 (hi.x - e.x) / c; with c < 0 the same with the ends swapped and
 * both signs turned; with c = 0 for every u when lo.x <= e.x <= hi.x, never
 * otherwise. Likewise on y. The closed box is met for u in the
 * intersection of the two slabs' intervals with [0, L]: from
 * u* = max(0, entry_x, entry_y) to min(L, exit_x, exit_y), a hit iff that
 * is not empty.
 *
 * Representation: a bound is the fraction n / m (m > 0) of u / 65536, so
 * an entry is (lo.x - e.x, c), u = 0 is (0, 1) and the length bound
 * (L, 65536), compared by cross products n1 m2 against n2 m1. Ranges: for
 * box and emitter within +-FXL_COORD_MAX, |n| < 2^31; for any int32 input
 * |n| < 2^32, L < 2^31, m <= 2^16: the products stay below 2^48 (int64).
 * The box of least u* wins (ties: the lower index, as walls); the clipped
 * length is floor(u*) = floor(65536 n / m) <= L < 2^31 (n >= 0: one
 * 64-by-32 division, division-free on the ARM7TDMI via wide.h).
 * A beam starting in a box (touching counts) gets u* = 0: length 0. */
#include "fixlaser/cast.h"

#include "angle_table.h"
#include "cast_parts.h"
#include "cast_width.h" /* fxl__root_est64 */
#include "util.h"
#include "wide.h"

/* A bound n / m of u / 65536, m > 0. */
typedef struct qb {
    int64_t n, m;
} qb;

/* a < b */
FXL__ALWAYS_INLINE bool q_lt(qb a, qb b)
{
    return a.n * b.m < b.n * a.m;
}

/* One axis: the beam's coordinate e + u k / 65536 within [lo, hi]
 * narrows [*in, *out]; false when it never is (k = 0, e outside). */
FXL__ALWAYS_INLINE bool slab(int32_t e, int32_t k, int32_t lo, int32_t hi, qb *in, qb *out)
{
    qb a, b;
    if (k == 0)
        return e >= lo && e <= hi;
    if (k > 0) {
        a.n = (int64_t)lo - e;
        b.n = (int64_t)hi - e;
        a.m = b.m = k;
    } else {
        a.n = (int64_t)e - hi;
        b.n = (int64_t)e - lo;
        a.m = b.m = -(int64_t)k;
    }
    if (q_lt(*in, a))
        *in = a;
    if (q_lt(b, *out))
        *out = b;
    return true;
}

/* The point emitter + L k / 65536 on one axis, rounded to nearest (halves
 * up): cast.c's `along` (L = h 65536 + l, l |k| < 2^32). */
static int32_t along(int32_t p, int32_t L, int32_t k)
{
    uint32_t m = fxl__abs32(k), l = (uint32_t)L & 0xFFFFu, h = (uint32_t)L >> 16;
    uint32_t v = h * m + ((l * m + (k < 0 ? 0x7FFFu : 0x8000u)) >> 16);
    return (int32_t)(k < 0 ? (uint32_t)p - v : (uint32_t)p + v);
}

/* The box of least u* (ties: the lower index) among n, -1 for none, *best
 * its u* / 65536 (in: the length bound). ARM code on the GBA (FXL_WARM_CODE:
 * in ROM; its 64-bit products are single instructions there, library calls
 * in Thumb code). */
FXL_WARM_CODE static long first_box(const fxl_aabb *boxes, size_t n, const fxl_aabb *ray,
                                    int32_t ex, int32_t ey, int32_t c, int32_t s, qb *best)
{
    long hit = -1;
    size_t i;
    /* The line meets no box wholly to one side of it (d x (p - e) of
     * every corner > 0, or every one < 0: the least, of the corner (hi.x
     * or lo.x by the sign of s, lo.y or hi.y by c's), or the greatest) nor
     * wholly behind its start (d . (p - e) < 0 at every corner): products
     * of 32-bit values (below 2^47, sums below 2^49), cheaper than the
     * slabs' no. */
    int64_t ge = (int64_t)c * ex + (int64_t)s * ey, he = (int64_t)c * ey - (int64_t)s * ex;
    for (i = 0; i < n; i++) {
        const fxl_aabb *b = &boxes[i];
        qb in = {0, 1}, lim = *best;
        if (!fxl__aabb_meets(b, ray))
            continue;
        if ((int64_t)c * (c >= 0 ? b->lo.y : b->hi.y) - (int64_t)s * (s >= 0 ? b->hi.x : b->lo.x) > he ||
            (int64_t)c * (c >= 0 ? b->hi.y : b->lo.y) - (int64_t)s * (s >= 0 ? b->lo.x : b->hi.x) < he ||
            (int64_t)c * (c >= 0 ? b->hi.x : b->lo.x) + (int64_t)s * (s >= 0 ? b->hi.y : b->lo.y) < ge)
            continue;
        /* lim: the length, or the best box so far (a later box must come
         * strictly earlier to win: ties keep the lower index). */
        if (!slab(ex, c, b->lo.x, b->hi.x, &in, &lim) || !slab(ey, s, b->lo.y, b->hi.y, &in, &lim))
            continue;
        if (q_lt(lim, in))
            continue; /* the slabs' intervals miss each other or [0, L] */
        if (hit >= 0 && !q_lt(in, *best))
            continue;
        *best = in;
        hit = (long)i;
    }
    return hit;
}

/* ---- FXL_CAST_WIDTH, box lasers ------------------------------------------
 *
 * The drawn rectangle [0, u] x [-w, w] of the frame p = e + (u d + v n) /
 * 65536, d = (c, s), n = (-s, c), meets the box R iff some u' in [0, u]
 * and |v| <= w put e + (u' d + v n) / 65536 in R, i.e. iff the centre
 * line's point e + u' d / 65536 lies in H = R + S for some u' in [0, u],
 * S the cross-section {v n / 65536: |v| <= w} (symmetric about 0). So u*
 * is the centre line's first u' >= 0 in H. H, the Minkowski sum of a box
 * and a segment, is a convex polygon whose edges are R's (normals +-x,
 * +-y) and S's (normals +-d, across n): the intersection of three slabs,
 * each at the support values h_R + h_S of its normals:
 *   x in [lo.x - w |s| / 65536, hi.x + w |s| / 65536]  (h_S(x) = w |s| / 65536),
 *   y in [lo.y - w |c| / 65536, hi.y + w |c| / 65536],
 *   d . p in [min_R d . p, max_R d . p]                 (h_S(d) = 0).
 * Along the line, x = e.x + u' c / 65536: for c > 0, u' / 65536 in
 * [(65536 (lo.x - e.x) - w |s|) / (65536 c), (65536 (hi.x - e.x) + w |s|) /
 * (65536 c)], the ends swapped and the signs turned for c < 0, every u' or
 * none for c = 0; likewise y; and d . (p - e) = u' |d|^2 / 65536, so
 * u' / 65536 in [o_min / |d|^2, o_max / |d|^2], o_min and o_max the least
 * and greatest d . (Q - e) over R's corners Q (the corners picked by the
 * signs of c and s). u* / 65536 = max(0, the three lower ends) when that
 * is at most the three upper ends and the bound lim (the length, or the
 * best box so far); 0 exactly when the cross-section at u = 0 meets R.
 * Bounds are kept as fractions n / m of u / 65536 with |n| < 2^50, 0 < m <
 * 2^34 (slab ends: 65536 (lo - e) -+ w |k'| over 65536 |k| <= 2^32,
 * |65536 (lo - e)| < 2^48, w |k'| < 2^44; o over |d|^2 <= 2^32 + 2^18,
 * |o| < 2^49), compared in 128 bits. The clipped length floor(65536 n / m)
 * < 2^31. */

/* sign(a - b) of two such bounds: sign(a.n b.m - b.n a.m), m > 0, so the
 * signs of the numerators decide unless they agree; then the magnitudes'
 * products (below 2^84) in 128 bits. Inline (ARM code on the GBA: the
 * out-of-line wide.h fxl__cross_sign GCC left was a Thumb call with
 * library products). */
FXL__ALWAYS_INLINE int qw_cmp(qb a, qb b)
{
    int sa = a.n < 0 ? -1 : a.n > 0 ? 1 : 0, sb = b.n < 0 ? -1 : b.n > 0 ? 1 : 0, r;
    fxl__u128 x, y;
    if (sa != sb)
        return sa > sb ? 1 : -1;
    if (sa == 0)
        return 0;
    x = fxl__mul64(fxl__abs64(a.n), (uint64_t)b.m);
    y = fxl__mul64(fxl__abs64(b.n), (uint64_t)a.m);
    r = fxl__le128(x, y) ? (fxl__le128(y, x) ? 0 : -1) : 1;
    return sa > 0 ? r : -r;
}

/* One axis of H: e + u k / 65536 within [lo, hi] widened by wk / 65536
 * (wk = w |k'|) narrows [*in, *out] (bounds of u / 65536); false when
 * never. */
FXL__ALWAYS_INLINE bool slab_h(int32_t e, int32_t k, int32_t lo, int32_t hi, int64_t wk, qb *in,
                               qb *out)
{
    qb a, b;
    int64_t gl = ((int64_t)lo - e) * 65536 - wk, gh = ((int64_t)hi - e) * 65536 + wk;
    if (k == 0)
        return gl <= 0 && gh >= 0;
    if (k > 0) {
        a.n = gl;
        b.n = gh;
        a.m = b.m = (int64_t)k * 65536;
    } else {
        a.n = -gh;
        b.n = -gl;
        a.m = b.m = -(int64_t)k * 65536;
    }
    if (qw_cmp(*in, a) < 0)
        *in = a;
    if (qw_cmp(b, *out) < 0)
        *out = b;
    return true;
}

/* u* / 65536 of the box lasers' rectangle against box b, when at most lim
 * (the length bound, or the best box so far, which the caller keeps on a
 * tie): true and *u set. */
FXL_WARM_CODE static bool box_width(const fxl_aabb *b, int32_t ex, int32_t ey, int32_t c,
                                    int32_t s, int32_t w, qb lim, qb *u)
{
    int64_t dd = (int64_t)c * c + (int64_t)s * s;
    qb in, out, dl, dh;
    /* 65536 |v| <= w |d|^2 iff |d x o| <= W = floor(w |d|^2 / 65536) for
     * the integer d x o (w |d|^2 < 2^28 2^33: 64 bits): the box wholly
     * beside the strip (its least d x o, of the corner (hi.x or lo.x by the
     * sign of s, lo.y or hi.y by c's), above W, or its greatest below -W)
     * misses it, as it misses the slabs below: a cheaper no. */
    int64_t W = (int64_t)(((uint64_t)(uint32_t)w * (uint64_t)dd) >> 16);
    int64_t lx = (int64_t)b->lo.x - ex, hx = (int64_t)b->hi.x - ex;
    int64_t ly = (int64_t)b->lo.y - ey, hy = (int64_t)b->hi.y - ey;
    if ((c >= 0 ? ly : hy) * c - (s >= 0 ? hx : lx) * s > W ||
        (c >= 0 ? hy : ly) * c - (s >= 0 ? lx : hx) * s < -W)
        return false;
    dh.n = (c >= 0 ? hx : lx) * c + (s >= 0 ? hy : ly) * s; /* o_max */
    if (dh.n < 0)
        return false; /* wholly behind */
    dl.n = (c >= 0 ? lx : hx) * c + (s >= 0 ? ly : hy) * s; /* o_min */
    dl.m = dh.m = dd;
    /* [max(0, o_min / |d|^2), min(lim, o_max / |d|^2)] */
    in.n = 0;
    in.m = 1;
    if (dl.n > 0)
        in = dl;
    out = qw_cmp(dh, lim) < 0 ? dh : lim;
    if (!slab_h(ex, c, b->lo.x, b->hi.x, (int64_t)w * fxl__abs32(s), &in, &out) ||
        !slab_h(ey, s, b->lo.y, b->hi.y, (int64_t)w * fxl__abs32(c), &in, &out) || qw_cmp(in, out) > 0)
        return false;
    *u = in;
    return true;
}

/* ---- The near boxes in order of their nearest point along the beam ----
 *
 * A box's key is o_min = min over its points p of d . (p - e): the corner
 * picked by the signs of c and s, 2 products (|c|, |s| <= 2^16, |p|, |e|
 * < 2^31: |o_min| < 2^49). Every point of the box has frame u >= 65536
 * o_min / |d|^2, and so
 *   - the rectangle [0, u] x [-w, w] (holding only points of frame u <= u)
 *     meets it only for u >= 65536 o_min / |d|^2: the box laser's u*, and
 *     the centre line's (w = 0), are at least that;
 *   - the capsule's nearest box point q at u* lies within w of (u*, 0), so
 *     u* >= u(q) - w >= 65536 o_min / |d|^2 - w.
 * The width casts visit the boxes whose boxes meet the beam's in order of
 * o_min (ties: index order) and stop at the first whose bound already
 * loses to the best box so far: every later one loses too. A box of lower
 * index may then come after the best: an equal u* (floor, for capsules)
 * with a lower index wins, as in index order. Up to NEAR_MAX boxes (a list
 * on the stack, 12 bytes a box on the GBA); with more, the index order
 * without the bound. */
#define NEAR_MAX 16

/* The boxes meeting the ray's box, and the strip, and not wholly behind,
 * sorted by o_min (stable: ties keep the index order) into key[] and
 * idx[]; their count, NEAR_MAX + 1 when more. The strip: a box whose least
 * d x (p - e) (of the corner (hi.x or lo.x by the sign of s, lo.y or hi.y
 * by c's)) is above W = floor(w |d|^2 / 65536), or whose greatest is below
 * -W, lies wholly at |v| > w (65536 |v| <= w |d|^2 iff |d x o| <= W, for
 * the integer d x o): the rectangle and the capsule (both within |v| <= w)
 * miss it. Behind: o_max = max d . (p - e) below B (0 for the rectangle:
 * the box wholly at u < 0; -(W + 1) for the capsule, whose start disc
 * reaches u >= -w: 65536 o_max < -65536 (W + 1) < -w |d|^2). Products of
 * 32-bit values: each below 2^47, the sums below 2^49. */
FXL__ALWAYS_INLINE size_t near_sorted(const fxl_aabb *boxes, size_t n, const fxl_aabb *ray,
                                      int32_t ex, int32_t ey, int32_t c, int32_t s, int64_t W,
                                      int64_t B, int64_t *key, size_t *idx)
{
    size_t i, m = 0, j;
    int64_t ge = (int64_t)c * ex + (int64_t)s * ey, he = (int64_t)c * ey - (int64_t)s * ex;
    for (i = 0; i < n; i++) {
        const fxl_aabb *b = &boxes[i];
        int64_t k;
        if (!fxl__aabb_meets(b, ray))
            continue;
        if ((int64_t)c * (c >= 0 ? b->lo.y : b->hi.y) - (int64_t)s * (s >= 0 ? b->hi.x : b->lo.x) - he > W ||
            (int64_t)c * (c >= 0 ? b->hi.y : b->lo.y) - (int64_t)s * (s >= 0 ? b->lo.x : b->hi.x) - he < -W ||
            (int64_t)c * (c >= 0 ? b->hi.x : b->lo.x) + (int64_t)s * (s >= 0 ? b->hi.y : b->lo.y) - ge < B)
            continue;
        if (m == NEAR_MAX)
            return NEAR_MAX + 1;
        k = (int64_t)c * (c >= 0 ? b->lo.x : b->hi.x) + (int64_t)s * (s >= 0 ? b->lo.y : b->hi.y) - ge;
        for (j = m; j > 0 && key[j - 1] > k; j--) {
            key[j] = key[j - 1];
            idx[j] = idx[j - 1];
        }
        key[j] = k;
        idx[j] = i;
        m++;
    }
    return m;
}

/* The first box the box laser's rectangle meets, as first_box (ARM);
 * *len (in: the length) its floor(u*). */
FXL_WARM_CODE static long first_box_width(const fxl_aabb *boxes, size_t n, const fxl_aabb *ray, int32_t ex,
                            int32_t ey, int32_t c, int32_t s, int32_t w, qb *best, int32_t *len)
{
    long hit = -1;
    size_t i, m;
    int64_t key[NEAR_MAX];
    size_t idx[NEAR_MAX];
    int64_t W = (int64_t)(((uint64_t)(uint32_t)w * (uint64_t)((int64_t)c * c + (int64_t)s * s)) >> 16);
    m = near_sorted(boxes, n, ray, ex, ey, c, s, W, 0, key, idx);
    if (m <= NEAR_MAX) {
        size_t t;
        qb lb;
        lb.m = (int64_t)c * c + (int64_t)s * s;
        for (t = 0; t < m; t++) {
            qb u = {0, 1};
            int k;
            i = idx[t];
            lb.n = key[t];
            /* u* >= o_min / |d|^2 > best: neither this box nor the rest win. */
            if (hit >= 0 && qw_cmp(lb, *best) > 0)
                break;
            if (box_width(&boxes[i], ex, ey, c, s, w, *best, &u) &&
                (hit < 0 || (k = qw_cmp(u, *best)) < 0 || (k == 0 && (long)i < hit))) {
                *best = u;
                hit = (long)i;
            }
        }
        n = 0; /* done */
    }
    for (i = 0; i < n; i++) {
        qb u = {0, 1};
        if (!fxl__aabb_meets(&boxes[i], ray))
            continue;
        if (hit >= 0 && best->n == 0)
            break; /* nothing comes before 0 */
        if (box_width(&boxes[i], ex, ey, c, s, w, *best, &u) && (hit < 0 || qw_cmp(u, *best) < 0)) {
            *best = u;
            hit = (long)i;
        }
    }
    if (hit >= 0) { /* floor(65536 n / m), n < 2^50, m < 2^34: by products (ARM) */
        fxl__u128 num;
        num.hi = (uint64_t)best->n >> 48;
        num.lo = (uint64_t)best->n << 16;
        *len = (int32_t)fxl__div128_nodiv(num, (uint64_t)best->m, NULL);
    }
    return hit;
}

/* ---- FXL_CAST_WIDTH, capsule lasers --------------------------------------
 *
 * In the frame (u, v) of the box lasers' part above, the capsule with core
 * [0, U] and radius w is the set of points within w of the core: it meets
 * the box R iff f(u) <= w for some u in [0, U], f(u) the frame distance of
 * the core point (u, 0) to R (a convex function: R is convex). So u* is
 * the least u >= 0 with f(u) <= w, and the capsule [0, U] meets R iff
 * U >= u*. Frame distances are world distances times 65536 / |d|; in the
 * world scaled by 65536 (the core's end 65536 e + U d, integers) "within
 * w" reads D^2 <= w^2 |d|^2, D the scaled distance: exact integers.
 *
 * The capsule is the start disc, the rectangle [0, u] x [-w, w] and the end
 * disc. If the start disc meets R, u* = 0. Otherwise compare u* with the
 * rectangle's first contact u_r (box_width, exact, rational): u* <= u_r
 * (the rectangle lies in the capsule). At u* the nearest point q of R to
 * (u*, 0) lies at distance w; either q is on the rectangle's end (q - (u*,
 * 0) across d: u* = u_r), or q lies strictly ahead of the end disc's centre
 * (not behind: then q would be nearer (0, 0) and in the start disc), f
 * strictly decreasing at u* and f(u) < w just past it (convexity). So
 * u* < u_r implies: the strict predicate S(U) = "f(u) < w for some u in
 * [0, U]" holds iff U > u*. Also u_r <= u* + w (q, in the end disc, lies
 * in the rectangle [0, u* + w]: its u is >= 0 as said), so u* >= u_r - w.
 *
 * floor(u*): with Ur = floor(u_r) (or the length L when u_r > L or none):
 * if S(Ur) fails then u* >= Ur (u* < u_r would make S(U) iff U > u*), so
 * floor(u*) = Ur when u_r exists within L; otherwise u* is in [L, u_r) and
 * counts only when the capsule [0, L] meets R (u* = L: the end disc at L
 * touches R). If S(Ur) holds, u* < Ur: the last U with S(U) false between
 * lo = max(0, Ur - w - 1) (S false: lo < u_r - w <= u*, or lo = 0 and f(0)
 * > w) and Ur is floor(u*): found from an estimate of the end disc's first
 * contact (a face's or a corner's, cap_width) by galloping to a bracket
 * (S false, S true) and bisecting it, every step an exact S test (about 2
 * to 4 of them; log2 w + 2 at worst, when the estimate is far off).
 *
 * S(U) for U <= Ur: the core [0, U] does not meet R (it lies in the
 * rectangle, which meets R at u_r >= U, and then only at the core's end),
 * so the distance of two disjoint convex sets is attained at a vertex of
 * one: the core's end to R (the start is farther than w), or a corner o of
 * R to the core, where its foot 65536 (o . d) / |d|^2 lies in [0, U]
 * (o . d >= 0, o . d <= floor(U |d|^2 / 65536)) and its distance 65536 |o x
 * d| / |d|^2 < w, i.e. |o x d| <= floor((w |d|^2 - 1) / 65536) (integers).
 * Ranges: w, U, L < 2^28, |d|^2 < 2^33: w |d|^2, U |d|^2 < 2^61; scaled
 * gaps < 2^49 (any int32 box), squared in 128 bits against w^2 |d|^2 <
 * 2^89 (wide.h). */

/* The scaled squared distance of the point (px, py) (65536 units) to the
 * box (raw units) against w^2 |d|^2: -1, 0 or 1. */
FXL_WARM_CODE static int disc_cmp(const fxl_aabb *b, int64_t px, int64_t py, fxl__u128 r2)
{
    int64_t lx = (int64_t)b->lo.x * 65536, hx = (int64_t)b->hi.x * 65536;
    int64_t ly = (int64_t)b->lo.y * 65536, hy = (int64_t)b->hi.y * 65536;
    uint64_t gx = px < lx ? (uint64_t)(lx - px) : px > hx ? (uint64_t)(px - hx) : 0u;
    uint64_t gy = py < ly ? (uint64_t)(ly - py) : py > hy ? (uint64_t)(py - hy) : 0u;
    fxl__u128 d2 = fxl__add(fxl__sq(gx), fxl__sq(gy));
    return fxl__le128(d2, r2) ? (fxl__le128(r2, d2) ? 0 : -1) : 1;
}

/* S(U): the capsule [0, U] with an open radius w meets the box (U <=
 * Ur, the start disc clear of it); od, on the corners' o . d and o x d,
 * Wopen the bound on |o x d| (no corner counts for w = 0). */
FXL_WARM_CODE static bool cap_strict(const fxl_aabb *b, int32_t ex, int32_t ey, int32_t c,
                                     int32_t s, int64_t U, uint64_t dd, const int64_t *od,
                                     const int64_t *on, uint64_t Wopen, bool wpos, fxl__u128 r2)
{
    int k;
    uint64_t foot = (uint64_t)U * dd >> 16;
    if (disc_cmp(b, (int64_t)ex * 65536 + U * c, (int64_t)ey * 65536 + U * s, r2) < 0)
        return true;
    for (k = 0; wpos && k < 4; k++)
        if (od[k] >= 0 && (uint64_t)od[k] <= foot &&
            (on[k] < 0 ? (uint64_t)-on[k] : (uint64_t)on[k]) <= Wopen)
            return true;
    return false;
}

/* A guess at floor(u*) for the end disc's first contact (-1: none), kept
 * only where the exact tests confirm it: the end disc meeting a face
 * head-on, u = (65536 gap - w |d|) / |d_a| on each axis a, the later
 * axis, for a contact below hi + 1 (hi <= L < 2^28). w |d| = w 2^16 sqrt(1
 * + x), |d|^2 = 2^32 (1 + x), x = dl / 2^32, |dl| < 2^17 (the table's
 * vectors): w 2^16 + w dl / 2^17 within w 2^16 x^2 / 8 < 2^11 (w <
 * 2^28), a small part of a unit of u after the division by |d_a| >=
 * 2^15 (isqrt(|d|^2) instead, whose floor drops up to w: units off).
 * Sizes: 0 < 65536 gap - w |d| < (hi + 1) |d_a| < 2^45, a 32-bit
 * quotient. */
FXL__ALWAYS_INLINE int64_t cap_guess(const fxl_aabb *b, int32_t ex, int32_t ey, int32_t c,
                                     int32_t s, int32_t w, uint64_t dd, const int64_t *od,
                                     const int64_t *on, int64_t hi)
{
    int64_t dl = (int64_t)dd - ((int64_t)1 << 32);
    bool near_unit = dl > -((int64_t)1 << 17) && dl < ((int64_t)1 << 17);
    int64_t g = -1, W1 = near_unit ? (int64_t)w * 65536 + (int64_t)w * dl / ((int64_t)1 << 17)
                                   : (int64_t)w * (int64_t)fxl__isqrt64(dd);
    int a;
    for (a = 0; a < 2; a++) {
        int32_t dk = a ? s : c, e = a ? ey : ex;
        int64_t gap = dk > 0   ? ((int64_t)(a ? b->lo.y : b->lo.x) - e) * 65536 - W1
                      : dk < 0 ? ((int64_t)e - (a ? b->hi.y : b->hi.x)) * 65536 - W1
                               : -1;
        uint32_t m = fxl__abs32(dk);
        if (gap > 0 && gap < (hi + 1) * (int64_t)m) {
            int64_t q = (int64_t)fxl__div64_32((uint64_t)gap, m);
            g = q > g ? q : g;
        }
    }
    /* Where the later face's contact puts the end's centre beyond the
     * box on both axes, the disc meets the corner there first (as a ray
     * meets a rounded box): at u_K - sqrt(w^2 - v_K^2), (u_K, v_K) =
     * 65536 (o . d, o x d) / |d|^2 the corner's frame coordinates.
     * |d|^2 = 2^32 + dl with |dl| < 2^17 (the table's vectors within
     * 1.1e-5 of 65536 long), so X / |d|^2 is X / 2^32 (1 - dl / 2^32)
     * within (dl / 2^32)^2 < 2^-30 of it: u_K within 2 units for o . d
     * < 2^49, v_K likewise; the root of w^2 - v_K^2 (w^2 < 2^62)
     * amplifies v_K's error near grazing (a wider window then fails its
     * tests, and the bisection below decides). */
    {
        int64_t gg = g < 0 ? 0 : g;
        int64_t px = (int64_t)ex * 65536 + gg * c, py = (int64_t)ey * 65536 + gg * s;
        int kx = px < (int64_t)b->lo.x * 65536 ? 0 : px > (int64_t)b->hi.x * 65536 ? 1 : -1;
        int ky = py < (int64_t)b->lo.y * 65536 ? 0 : py > (int64_t)b->hi.y * 65536 ? 1 : -1;
        int kc = kx + 2 * ky; /* the corner's index in od[], on[] when both >= 0 */
        if (kx >= 0 && ky >= 0 && od[kc] > 0 && near_unit) {
            int64_t uk = od[kc] / 65536, vk = (on[kc] < 0 ? -on[kc] : on[kc]) / 65536;
            uk -= uk * dl / ((int64_t)1 << 32);
            vk -= vk * dl / ((int64_t)1 << 32);
            if (vk < w) {
                g = uk - (int64_t)fxl__root_est64((uint64_t)w * (uint64_t)w - (uint64_t)(vk * vk));
            }
        }
    }
    return g;
}

/* Whether the core [0, U] (the scaled segment 65536 e .. 65536 e + U d)
 * lies wholly beside box b on an axis: its box misses the scaled box
 * (|65536 e| < 2^47, |U d| < 2^45: int64). */
FXL__ALWAYS_INLINE bool core_clear(const fxl_aabb *b, int32_t ex, int32_t ey, int32_t c,
                                   int32_t s, int64_t U)
{
    int64_t x0 = (int64_t)ex * 65536, x1 = x0 + U * c, y0 = (int64_t)ey * 65536, y1 = y0 + U * s;
    int64_t xl = x0 < x1 ? x0 : x1, xh = x0 < x1 ? x1 : x0;
    int64_t yl = y0 < y1 ? y0 : y1, yh = y0 < y1 ? y1 : y0;
    return xh < (int64_t)b->lo.x * 65536 || xl > (int64_t)b->hi.x * 65536 ||
           yh < (int64_t)b->lo.y * 65536 || yl > (int64_t)b->hi.y * 65536;
}

#ifdef FXL_TEST_HOOKS
uint32_t fxl__cap_quick_count[2];
int32_t fxl__cap_guess_shift;
#define CAP_QUICK_COUNT(k) (fxl__cap_quick_count[k]++)
#define CAP_GUESS_SHIFT(g) ((g) + fxl__cap_guess_shift)
#else
#define CAP_QUICK_COUNT(k) ((void)0)
#define CAP_GUESS_SHIFT(g) (g)
#endif

/* floor(u*) of the capsule against box b when u* <= L: true and *F.
 *
 * First, from the guess g alone (the common case, the end disc reaching a
 * face head-on or a corner), when the core [0, g + 2] lies wholly beside
 * the box on an axis (core_clear) and g + 2 <= L: S(U) is then exact for
 * every U <= g + 2 (cap_strict's reasoning needs only the core [0, U]
 * clear of the box and the start disc clear of it: the two convex sets'
 * distance is attained at a vertex of one), and S(U) false, S(U + 1) true
 * give floor(u*) = U exactly: S(U + 1) puts some u <= U + 1 at f(u) < w,
 * so u* < u (f continuous, f(0) > w); and if u* < U, f convex with f(u*)
 * = w > f(u) would be below w just past u*, making S(U) true: so U <= u*
 * < U + 1, whether the end disc, a corner or the rectangle's side comes
 * first. Tried at U = g, then g + 1 (S(g + 1) false) or g - 1 (S(g)
 * true); else the rectangle's bound and the search below decide. */
FXL_WARM_CODE static bool cap_width(const fxl_aabb *b, int32_t ex, int32_t ey, int32_t c, int32_t s,
                                    int32_t w, int32_t L, int32_t *F)
{
    uint64_t dd = (uint64_t)((int64_t)c * c + (int64_t)s * s), wd = (uint64_t)w * dd;
    uint64_t Wopen = wd == 0 ? 0 : (wd - 1) >> 16;
    fxl__u128 r2 = fxl__mul64((uint64_t)w * (uint64_t)w, dd);
    qb u = {0, 1}, lim = {L, 65536};
    int64_t Ur, lo, hi, od[4], on[4], g;
    bool rect;
    int k;
    if (disc_cmp(b, (int64_t)ex * 65536, (int64_t)ey * 65536, r2) <= 0) {
        *F = 0; /* the start disc */
        return true;
    }
    for (k = 0; k < 4; k++) { /* |o| < 2^33, |c|, |s| <= 2^16: < 2^50 */
        int64_t ox = (int64_t)((k & 1) ? b->hi.x : b->lo.x) - ex;
        int64_t oy = (int64_t)((k & 2) ? b->hi.y : b->lo.y) - ey;
        od[k] = ox * c + oy * s;
        on[k] = oy * c - ox * s;
    }
    if (w > 0) {
        g = CAP_GUESS_SHIFT(cap_guess(b, ex, ey, c, s, w, dd, od, on, L));
        if (g >= 0 && g + 2 <= L && core_clear(b, ex, ey, c, s, g + 2)) {
            int64_t at = -1;
            if (cap_strict(b, ex, ey, c, s, g, dd, od, on, Wopen, true, r2)) {
                if (g > 0 && !cap_strict(b, ex, ey, c, s, g - 1, dd, od, on, Wopen, true, r2))
                    at = g - 1;
            } else if (cap_strict(b, ex, ey, c, s, g + 1, dd, od, on, Wopen, true, r2)) {
                at = g;
            } else if (cap_strict(b, ex, ey, c, s, g + 2, dd, od, on, Wopen, true, r2)) {
                at = g + 1;
            }
            if (at >= 0) {
                CAP_QUICK_COUNT(0);
                *F = (int32_t)at;
                return true;
            }
        }
        CAP_QUICK_COUNT(1);
    }
    rect = box_width(b, ex, ey, c, s, w, lim, &u);
    if (rect) { /* floor(65536 n / m), as the box lasers' */
        fxl__u128 num;
        num.hi = (uint64_t)u.n >> 48;
        num.lo = (uint64_t)u.n << 16;
        Ur = (int64_t)fxl__div128_nodiv(num, (uint64_t)u.m, NULL);
    } else {
        Ur = L;
    }
    if (!cap_strict(b, ex, ey, c, s, Ur, dd, od, on, Wopen, w > 0, r2)) {
        if (!rect && disc_cmp(b, (int64_t)ex * 65536 + (int64_t)L * c,
                              (int64_t)ey * 65536 + (int64_t)L * s, r2) > 0)
            return false; /* u* > L */
        *F = (int32_t)Ur;
        return true;
    }
    lo = Ur - w - 1 > 0 ? Ur - w - 1 : 0;
    hi = Ur;
    /* The guess (cap_guess, below hi + 1) moved into (lo, hi), then a
     * gallop (steps 1, 2, 4 ...) to a bracket (lo: S false, hi: S true). */
    g = cap_guess(b, ex, ey, c, s, w, dd, od, on, hi);
    g = g <= lo ? lo + 1 : g >= hi ? hi - 1 : g;
    if (g > lo) {
        int64_t step = 1, t;
        if (cap_strict(b, ex, ey, c, s, g, dd, od, on, Wopen, true, r2)) {
            for (hi = g; (t = hi - step) > lo; step *= 2) {
                if (!cap_strict(b, ex, ey, c, s, t, dd, od, on, Wopen, true, r2)) {
                    lo = t;
                    break;
                }
                hi = t;
            }
        } else {
            for (lo = g; (t = lo + step) < hi; step *= 2) {
                if (cap_strict(b, ex, ey, c, s, t, dd, od, on, Wopen, true, r2)) {
                    hi = t;
                    break;
                }
                lo = t;
            }
        }
    }
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (cap_strict(b, ex, ey, c, s, mid, dd, od, on, Wopen, true, r2))
            hi = mid;
        else
            lo = mid;
    }
    *F = (int32_t)lo;
    return true;
}

/* The first box the capsule laser meets (least floor(u*), ties: the lower
 * index); *len its floor(u*), in: the length. After a hit of floor F a
 * later box wins only with u* < F, so it is cast with length F (cap_width
 * gives floor(u*) whenever u* <= its length) and kept when below F. */
FXL_WARM_CODE static long first_box_cap(const fxl_aabb *boxes, size_t n, const fxl_aabb *ray,
                                        int32_t ex, int32_t ey, int32_t c, int32_t s, int32_t w,
                                        int32_t *len)
{
    long hit = -1;
    size_t i, m;
    int64_t key[NEAR_MAX];
    size_t idx[NEAR_MAX];
    int64_t W = (int64_t)(((uint64_t)(uint32_t)w * (uint64_t)((int64_t)c * c + (int64_t)s * s)) >> 16);
    m = near_sorted(boxes, n, ray, ex, ey, c, s, W, -(W + 1), key, idx);
    if (m <= NEAR_MAX) {
        size_t t;
        /* In o_min order (the near list above): a box whose u* >= 65536
         * o_min / |d|^2 - w reaches F + 1 (F the best floor so far) has
         * floor(u*) > F: it and the rest lose. 65536 o_min (< 2^65, o_min
         * > 0) against (F + 1 + w) |d|^2 (< 2^32 2^34) in 128 bits. Else it
         * is cast with length min(F + 1, L): every u* of floor F or less is
         * within, and an equal floor wins with a lower index. */
        uint64_t dd = (uint64_t)((int64_t)c * c + (int64_t)s * s);
        int32_t L = *len;
        for (t = 0; t < m; t++) {
            int32_t F;
            i = idx[t];
            if (hit >= 0 && key[t] > 0) {
                fxl__u128 a;
                a.hi = (uint64_t)key[t] >> 48;
                a.lo = (uint64_t)key[t] << 16;
                if (fxl__le128(fxl__mul64((uint64_t)*len + 1u + (uint64_t)w, dd), a))
                    break;
            }
            if (cap_width(&boxes[i], ex, ey, c, s, w, hit >= 0 && *len < L ? *len + 1 : L, &F) &&
                (hit < 0 || F < *len || (F == *len && (long)i < hit))) {
                *len = F;
                hit = (long)i;
            }
        }
        return hit;
    }
    for (i = 0; i < n && !(hit >= 0 && *len == 0); i++) {
        int32_t F;
        if (!fxl__aabb_meets(&boxes[i], ray))
            continue;
        if (cap_width(&boxes[i], ex, ey, c, s, w, *len, &F) && (hit < 0 || F < *len)) {
            *len = F;
            hit = (long)i;
        }
    }
    return hit;
}

fxl_result fxl_laser_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n,
                                unsigned flags, fxl_cast *out, fxl_laser *clipped)
{
    int32_t c, s, ex, ey, len;
    qb best;
    long hit;
    bool width;
    fxl_aabb ray;
    if (laser == NULL || out == NULL || (boxes == NULL && n != 0))
        return FXL_ERR_NULL;
    {
        fxl_result res = fxl__cast_laser_ok(laser);
        if (res != FXL_OK)
            return res;
    }
    width = (flags & FXL_CAST_WIDTH) != 0;
    fxl__sincos(laser->angle, &c, &s);
    ex = laser->pos.x;
    ey = laser->pos.y;
    len = laser->length;
    /* The beam's box (a reject: every point of the beam lies in it,
     * cast_parts.h's ray box; with the width, grown as fxl_laser_cast
     * grows it: |n| / 65536 < 1 + 2^-15). */
    {
        fxl__ray r;
        fxl__ray_init(&r, laser->pos, c, s, len,
                      width ? laser->half_width + (laser->half_width >> 15) + 2 : 0);
        ray = r.box;
    }
    best.n = len;
    best.m = 65536;
    if (!width) {
        hit = first_box(boxes, n, &ray, ex, ey, c, s, &best);
        if (hit >= 0)
            len = (int32_t)fxl__div64_32((uint64_t)best.n << 16, (uint32_t)best.m);
    } else if (laser->kind != FXL_LASER_BOX) {
        hit = first_box_cap(boxes, n, &ray, ex, ey, c, s, laser->half_width, &len);
    } else {
        hit = first_box_width(boxes, n, &ray, ex, ey, c, s, laser->half_width, &best, &len);
    }
    out->length = len;
    out->wall = (int32_t)hit;
    out->point.x = along(ex, len, c);
    out->point.y = along(ey, len, s);
    if (clipped != NULL) {
        *clipped = *laser;
        clipped->length = len;
    }
    return FXL_OK;
}
