/* sweep_aabb.c - the swept tests against axis-aligned boxes (sweep.h):
 * a turning or moving laser against a fixed box or a box translating
 * straight over the frame, exactly, touching counts.
 *
 * THE MOTION (sweep.h) in pieces. The region the laser sweeps is the union
 * of three pieces: slide 1 (the start table pose translating from the
 * pivot P0 to Pm = P0 + floor(move / 2)), the turn M (the beam turned
 * rigidly about Pm through the closed arc, exact rotation) and slide 2
 * (the end table pose translating from Pm to P1). With step 0 it is one
 * slide from P0 to P1. A moving box follows the moving circle's rule: its
 * lo runs from `from.lo` to `to`, at the turn it is at from.lo + floor((to
 * - from.lo) / 2) per axis, so the box is Bm = B0 + floor(D / 2) then.
 *
 * A SLIDE. Beam pose T translates by m while the box B translates by e
 * over the same time: they meet at some moment iff B + tau (e - m) meets T
 * for some tau in [0, 1], i.e. iff the convex hull H of B and B + d (d = e
 * - m) meets T (B (+) segment(0, d) is that hull). In T's table frame (the
 * map p -> (c x + s y, c y - s x), Q16.16 offsets from the pivot to
 * Q32.32, exact integers) T is the rectangle K = [u_lo, u_hi] x [v_lo,
 * v_hi] grown by t = round: so the question is dist(F(H), K) <= t for the
 * convex polygon F(H) (the image of 8 points: the corners of B and of B +
 * d). Two convex polygons are within t iff they intersect, or (disjoint)
 * a vertex of one is within t of the other (the distance of two disjoint
 * convex polygons is reached at a vertex of one of them). Intersection is
 * the separating-axis test over the edge normals of both: K's u and v
 * axes, and H's: its edges run along world x, world y and d, whose frame
 * normals are F(0, 1) = (s, c), F(1, 0) = (c, -s) and perp(F(d)) (a
 * degenerate B or d = 0 only repeats or zeroes an axis, harmless). The
 * vertices of H are among the 8 points and its edges among the 12
 * segments (B's edges, B + d's, and each corner to corner + d), all inside
 * H: testing all of them is sound and complete. Values: offsets below 2^34
 * raw (any int32 input), frame values below 2^51, dot and cross products
 * below 2^103 (128 bits), the squared distance test below 2^210 (big.h).
 *
 * THE TURN (box fixed at Bm, pivot Pm; K' = K (+) disk(t) the hitbox in
 * the exact frame; E_theta = the world set of the beam at direction
 * theta). Claim: B meets M = U E_theta (theta over the closed arc) iff
 *   (A) B meets E_0, the exact pose at the arc's start, or
 *   (B) a corner of B lies in M, or
 *   (C) for a corner k of K, the arc its exact world position R_theta k
 *       runs along comes within t of B.
 * If: each is a point of B within M ((C): the point of B within t of R k
 * is within t of R K, so in E_theta). Only if: let theta* be the first
 * direction of the arc (from the start) where B meets E_theta (the set is
 * closed). theta* the start is (A). Otherwise just before theta* they are
 * apart. For t = 0 (a box laser): B and R K = R_theta* K meet; take an
 * extreme point x of their intersection, a compact convex polygon. x is a
 * corner of B, a corner of R K, or a crossing of an edge of each at
 * interior points of both, not parallel; were every extreme point such a
 * crossing, each crossing would persist under a small rotation (two
 * non-parallel segments crossing at interior points keep crossing), so
 * they would meet just before theta*: impossible. So x is a corner of B
 * in E_theta* (B) or a corner of R K in B (C). For t > 0: dist(R K, B) is
 * continuous in theta, <= t at theta* and > t before, so = t > 0: the sets
 * are disjoint and their distance is reached at a corner of one: a corner
 * of B within t of R K (B), or a corner of R K within t of B (C).
 * (A) in turn: B meets E_0 iff dist(R_0 K, B) <= t iff they intersect, or
 * (by the same vertex argument) a corner of B is in E_0 (B) or a corner
 * of R_0 K within t of B ((C) at the arc's start). So (A) is the
 * separating-axis test of B against R_0 K alone.
 *
 * (A) exactly. With n = c^2 + s^2 (|t_0|^2, the start table vector), a
 * world offset p (Q16.16) is at exact frame point 2^16 F(p) / sqrt(n), and
 * a frame point k (Q32.32) at world R k = F^T(k) / sqrt(n) (Q32.32). The
 * four axes: along u, the box's 2^16 (c x + s y) against K's u range
 * times sqrt(n); along v the same; along world x, K's corners' c a - s b
 * against the box's x range times 2^16 sqrt(n); along world y, s a + c b.
 * Each is the sign of alpha - beta sqrt(n), exact.
 *
 * (B) is a circle of radius 0 at the corner: the exact turn of
 * sweep_turn.c (fxl__turn_middle), with the table end beams first (they
 * are points of slide 1's end and slide 2's start: sound hits).
 *
 * (C) exactly. The corner k = (a, b) (Q32.32 frame) runs in the world (Q32.32
 * about Pm) on the circle |Y| = R, R^2 = a^2 + b^2, from E_0 to E_1 with
 * E_i = S_i / sqrt(n_i), S_i = F_i^T(k) = (c a - s b, s a + c b): the table
 * image, same direction. Turning by a positive step turns it towards
 * larger angles, so a direction D is on the closed arc iff cross(S_0, D)
 * >= 0 >= cross(S_1, D) (mirrored for a negative step; the arc is at most
 * a half turn, and for a half turn S_1 = -S_0 and this is the closed half
 * plane). B (+) disk(t) is the union of B widened by t along x, B heightened
 * by t along y, and the disks of radius t about B's corners. The arc meets
 *   - a closed rectangle iff an end E_i is in it, or the circle |Y| = R
 *     meets one of its edges at a point on the arc (an arc with a point
 *     inside and its ends outside crosses the boundary): on the edge x =
 *     h the points (h, +-sqrt(R^2 - h^2)), checked against the edge's
 *     extent (squares) and the arc (signs of alpha - beta sqrt(w));
 *   - a closed disk (C, t) iff an end is in it (|E_i - C|^2 <= t^2, with
 *     |E_i| = R: R^2 + |C|^2 - t^2 <= 2 S_i.C / sqrt(n_i)), or C's direction
 *     is on the arc and | |C| - R | <= t (the circle's points within t of C
 *     form an arc centred on C's direction).
 * An annulus check first: R outside [dist(0, B) - t, farthest + t] misses.
 *
 * FILTERS (issue 20's bounded tails; each proven where it stands, the
 * exact stages decide whatever they leave): (A) in 64 bits with the root
 * bracketed (q_sign); a reject of the whole turn from the box's frame
 * images at both table ends (turn_frame_apart), before the slides when
 * nothing moves relative to the pivot; per arc, the box of its ends grown
 * by the table scale alone on the sides where it has no interior extreme,
 * else by its sagitta (arcs_apart), and its circle against the target's
 * exact distances (circle_misses); (B)'s sure hit from a chord point deep
 * in K (+) disk(t) (chord_surely_in); the slides' world axes in 64 bits,
 * the moving hull's boundary edges only, and the corner-to-edge distance
 * bracketed in 128 bits before the big squares (within); in front of
 * the hull, its frame ranges, the static box test of its bounding box and
 * of its end boxes (hull_quick), the static tests without a copy of the
 * prep and its checks once a motion (fxl__hitbox_vs_offsets_uv); behind
 * them, with the end boxes apart, a box laser's hull by its fifth axis
 * alone (hull_thin) and a capsule's by the connectors alone, in a lean
 * function of its own with the connectors' root bracketed to 0.54 %
 * once (hull_round); (A) left out where the table start pose holds the
 * exact one (pose_in_table); (session 14) the chord's sure distance in
 * 32x32 products (seg_surely_near), the corner disks before the boxes,
 * (B)'s sure hit from a corner of K on the arc when the pivot is in K
 * (pivot_corner_witness), the rings of the turn and of (B)'s and (C)'s
 * corners in raw units, circle_misses without a root for a box laser;
 * (session 15) the reject behind the pivot (behind_pivot, in
 * turn_frame_apart), a box laser's moving slide by hull_thin's five axes
 * (no static test), perp_apart_world's 64-bit filter, the ring, grow and
 * hull_round's products in 32 bits.
 * Measured on the GBA (near boxes, prepare + test): max 100,274 -> 48,245
 * -> 27,268 -> 24,916 -> 22,371 -> 19,154 -> 17,363 -> 15,219 -> 13,683
 * cycles (turn about the emitter; the last, session 16: still_motion_hit),
 * 385,471 -> 79,351 (about a pivot), 78,790 -> 62,149
 * -> 46,724 -> 39,813 -> 32,505 -> 25,342 -> 22,834 -> 22,451 -> 21,646 ->
 * 19,829 (pose to pose; the fifth step
 * from the end: the hull's fifth axis in the world, the separable
 * products of pose_meets64, turn_frame_apart and the hull's world axes,
 * the quick squares of seg_near and point_near; the next: one_box's
 * end-pose sure hits for a moving pivot, seg_meets_box's early answer,
 * and the helpers with int64 arguments inline, box_motion_hit in ARM: in
 * ROM ARM code a call's stack arguments cost about as much as the
 * helper's work; the next: the static tests, pose_in_table and
 * laser_aabb.c's capsule end skip; the next (session 13): hull_thin and
 * the connectors alone; the next: hull_round, the capsule slides' worst
 * 22,833 -> 21,300 and below, the row's max now a sample with no hull
 * test; the next (session 14): the turn's corner filters, whose near
 * capsule hits fell about 1,500; the last (session 15): behind_pivot,
 * the box laser's moving slides and the 32-bit values above). Measured
 * slower and not used: seg_near's last
 * stage in 32x32 products with a floor-shift error bound (1,900 cycles
 * against the 128-bit stage's 1,700: ROM ARM code pays per instruction,
 * not per multiply); hull_thin inline in box_motion_hit (6,200 against
 * 2,900 as its own ARM function: registers); hoisting (B)'s squares of
 * kmax and kmin out of its loop, +124 on the turn's max; fxl__sumsq_quick
 * in arcs_apart, +330; (B)'s loop as an ARM function of its own, +336;
 * the turn before slide 2, +12,800 (slide 2's hits then ran the turn);
 * lean_round's corner tests inline in ROM in place of frame.c's IWRAM
 * call, +380; session 14: arcs_apart in 32-bit values of 1/256 px, about
 * 130 cycles a corner less but its 3 units of reject lost sent a near
 * box laser to the exact stages, 38,125; a reject of the whole turn on
 * the world axes from K's corners' arcs, 2,500 to 2,800 a near box; (B)'s
 * ring left out everywhere, turn about the emitter -700 but pose to pose
 * +470; (C)'s ends in 64-bit products, no sample moved; the witness's
 * |C|^2 in 128 bits, 3,700 a corner; session 15: the behind reject on
 * the whole motion at box_motion_hit's start, +600 inline and +800 out of
 * line on every tail sample; the ring left out for a still box, 26,195;
 * the ring with a 64-bit form beyond int32, +260 to +640; (B)'s corners
 * ordered by the bisector's v; the end-pose witnesses behind per-pose
 * frame ranges, pose to pose median 3,203 -> 3,737; tuning.md).
 * Values: |k| < 2^48, S_i < 2^66, box offsets below 2^49 (Q32.32); the
 * largest square in a sign test is below 2^232 (big.h holds 256 bits). */
#include "fixlaser/sweep.h"

#include "aabb_parts.h"
#include "big.h"
#include "frame.h"
#include "sweep_parts.h"
#include "batch.h"
#include "util.h"
#include "wide.h"

/* |v| < 2^k. */
static bool below(int64_t v, int k)
{
    return fxl__abs64(v) < ((uint64_t)1 << k);
}

/* min and max of four int64. */
static void range4_64(const int64_t v[4], int64_t *lo, int64_t *hi)
{
    *lo = fxl__min64(fxl__min64(v[0], v[1]), fxl__min64(v[2], v[3]));
    *hi = fxl__max64(fxl__max64(v[0], v[1]), fxl__max64(v[2], v[3]));
}

/* ---- slides: a hull of two boxes against a table pose ------------------- */

/* Frame image (Q32.32) of a Q16.16 offset, for offsets below 2^35. */
static void frame_of(int32_t c, int32_t s, int64_t x, int64_t y, int64_t *u, int64_t *v)
{
    *u = c * x + s * y;
    *v = c * y - s * x;
}

/* a^2 + b^2 <= t^2 for 0 < a, b <= t (below 2^63), exactly: the quick
 * bounds of wide.h's fxl__sumsq_quick (32x32 products) first when t is
 * below 2^46, the 128-bit squares only in their band (issue 20's tails). */
static bool sumsq_le_quick(int64_t a, int64_t b, int64_t t)
{
    int qk = t < ((int64_t)1 << 46) ? fxl__sumsq_quick((uint64_t)a, (uint64_t)b, (uint64_t)t) : -1;
    return qk >= 0 ? qk > 0 : fxl__sumsq_le((uint64_t)a, (uint64_t)b, (uint64_t)t);
}

/* The frame point (u, v) within t of K (exact; values below 2^52). */
FXL__ALWAYS_INLINE bool point_near(const fxl_laser_prep *lp, int64_t u, int64_t v, int64_t t)
{
    int64_t eu = fxl__beyond(u, lp->u_lo, lp->u_hi), ev = fxl__beyond(v, lp->v_lo, lp->v_hi);
    if (eu > t || ev > t)
        return false;
    if (eu <= 0 || ev <= 0)
        return true;
    return sumsq_le_quick(eu, ev, t);
}

/* cross^2 <= t^2 len2 (len2 = du^2 + dv^2, t > 0), exactly: first with
 * sqrt(len2) bracketed in 128 bits, the big-integer squares only in the
 * band. With a = max(|du|, |dv|), b = min (below 2^52), a <= sqrt(len2),
 * (a + b) / sqrt(2) <= sqrt(len2) (2ab <= a^2 + b^2) and sqrt(len2) <= a +
 * (sqrt(2) - 1) b (a + 0.4143 b - sqrt(a^2 + b^2) is concave in b and 0 at
 * b = 0 and b = a); so lo = max(a, floor((a + b) / 256) 181) <= sqrt(len2)
 * <= hi = a + floor(27 b / 64) + 1 (181 / 256 < 1 / sqrt(2), 27 / 64 >
 * sqrt(2) - 1). |cross| <= t lo is within, |cross| > t hi is not (t lo, t
 * hi below 2^100). */
static bool within(fxl__i128 cross, int64_t t, int64_t du, int64_t dv, fxl__i128 len2)
{
    fxl__big a, lhs, b, rhs;
    uint64_t ea = fxl__abs64(du), eb = fxl__abs64(dv), big = ea > eb ? ea : eb, small = ea > eb ? eb : ea;
    uint64_t lo = ((big + small) >> 8) * 181u, hi = big + ((small * 27u) >> 6) + 1u;
    fxl__u128 x = fxl__iabs(cross);
    lo = lo > big ? lo : big;
    if (fxl__le128(x, fxl__mul64((uint64_t)t, lo)))
        return true;
    if (!fxl__le128(x, fxl__mul64((uint64_t)t, hi)))
        return false;
    /* Tighter: r = isqrt(floor(len2 / 2^42)) (len2 below 2^105) has r 2^21
     * <= sqrt(len2) < (r + 1) 2^21 (as circle_misses' bracket). */
    {
        fxl__u128 l = fxl__i128_bits(len2);
        if (l.hi >> 41 == 0) {
            uint64_t r = fxl__isqrt64((l.hi << 22) | (l.lo >> 42));
            if (fxl__le128(x, fxl__mul64((uint64_t)t, r << 21)))
                return true;
            if (!fxl__le128(x, fxl__mul64((uint64_t)t, (r + 1) << 21)))
                return false;
        }
    }
    fxl__big_i128(&a, cross);
    fxl__big_mul(&lhs, &a, &a);
    fxl__big_u128(&a, fxl__sq((uint64_t)t));
    fxl__big_i128(&b, len2);
    fxl__big_mul(&rhs, &a, &b);
    return fxl__big_cmp(&lhs, &rhs) <= 0;
}

/* The frame point k within t of an inner point of segment AB (frame). */
static bool seg_near(int64_t ku, int64_t kv, int64_t au, int64_t av, int64_t bu, int64_t bv,
                     int64_t t)
{
    int64_t du = bu - au, dv = bv - av, eu = ku - au, ev = kv - av;
    fxl__i128 len2, dot;
    if (fxl__abs64(eu) > (uint64_t)t + fxl__abs64(du) || fxl__abs64(ev) > (uint64_t)t + fxl__abs64(dv))
        return false;
    /* The segment lies in the box of A and B: k beyond t of that box (the
     * per-axis excesses, below 2^52, whose sum of squares is the squared
     * distance) is beyond t of the segment. */
    {
        int64_t gu = fxl__max64(fxl__beyond(ku, fxl__min64(au, bu), fxl__max64(au, bu)), 0);
        int64_t gv = fxl__max64(fxl__beyond(kv, fxl__min64(av, bv), fxl__max64(av, bv)), 0);
        /* one excess beyond t, or both: the squares' quick bounds first
         * (wide.h, 32x32 products; issue 20's tails) */
        if (gu > t || gv > t)
            return false;
        if (gu > 0 && gv > 0) {
            int qk = t < ((int64_t)1 << 46) ? fxl__sumsq_quick((uint64_t)gu, (uint64_t)gv, (uint64_t)t) : -1;
#ifdef FXL_TEST_HOOKS
            if (fxl__hull_audit.on && qk >= 0) {
                fxl__hull_audit.near_checked++;
                fxl__hull_audit.near_wrong +=
                    (qk > 0) != fxl__sumsq_le((uint64_t)gu, (uint64_t)gv, (uint64_t)t) ? 1u : 0u;
            }
#endif
            if (qk == 0 || (qk < 0 && !fxl__sumsq_le((uint64_t)gu, (uint64_t)gv, (uint64_t)t)))
                return false;
        }
    }
    len2 = fxl__iadd(fxl__imul(du, du), fxl__imul(dv, dv));
    dot = fxl__iadd(fxl__imul(eu, du), fxl__imul(ev, dv));
    if (fxl__isign(dot) <= 0 || fxl__isign(fxl__isub(len2, dot)) <= 0)
        return false; /* the nearest point is an end: the vertex tests' */
    return within(fxl__isub(fxl__imul(du, ev), fxl__imul(dv, eu)), t, du, dv, len2);
}

/* min and max of v[0..n-1] (128 bits). */
static void range_n(const fxl__i128 *v, int n, fxl__i128 *lo, fxl__i128 *hi)
{
    int i;
    *lo = *hi = v[0];
    for (i = 1; i < n; i++) {
        if (fxl__isign(fxl__isub(v[i], *lo)) < 0)
            *lo = v[i];
        if (fxl__isign(fxl__isub(v[i], *hi)) > 0)
            *hi = v[i];
    }
}

/* [a, b] and [c, d] (128 bits) are apart. */
static bool apart(fxl__i128 a, fxl__i128 b, fxl__i128 c, fxl__i128 d)
{
    return fxl__isign(fxl__isub(b, c)) < 0 || fxl__isign(fxl__isub(d, a)) < 0;
}

/* The hull's fifth axis, perp(F(d)), in the frame: the 8 hull points'
 * (pu, pv) and K's 4 corners' cross products with F(d) (128 bits) apart. */
static bool perp_apart128(int32_t c, int32_t s, int64_t dx, int64_t dy, const int64_t *pu,
                          const int64_t *pv, const int64_t *ku, const int64_t *kv)
{
    fxl__i128 pp[8], kp[4], plo, phi, klo, khi;
    int64_t du, dv;
    int i;
    frame_of(c, s, dx, dy, &du, &dv);
    for (i = 0; i < 8; i++)
        pp[i] = fxl__isub(fxl__imul(du, pv[i]), fxl__imul(dv, pu[i]));
    for (i = 0; i < 4; i++)
        kp[i] = fxl__isub(fxl__imul(du, kv[i]), fxl__imul(dv, ku[i]));
    range_n(pp, 8, &plo, &phi);
    range_n(kp, 4, &klo, &khi);
    return apart(plo, phi, klo, khi);
}

/* The bounds of hull_edges' 64-bit world axes (its small case): K's
 * below 2^44, the hull's x and y ranges below 2^29, n below 2^33. */
FXL__ALWAYS_INLINE bool hull_small(const fxl_laser_prep *lp, int64_t xl, int64_t xh, int64_t yl, int64_t yh, int64_t n)
{
    return below(lp->u_lo, 44) && below(lp->u_hi, 44) && below(lp->v_lo, 44) && below(lp->v_hi, 44) &&
           below(xl, 29) && below(xh, 29) && below(yl, 29) && below(yh, 29) && n < ((int64_t)1 << 33);
}

/* The hull's fifth axis, perp(F(d)), separating it from K (true), in
 * the world (hull_edges' small case: the bounds stated there hold). */
FXL__ALWAYS_INLINE bool perp_apart_world(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0, int64_t y0,
                                         int64_t x1, int64_t y1, int64_t dx, int64_t dy, int64_t n)
{
    int i;
    /* (the bounds make every offset and move an int32: 32x32 products,
     * the same values) */
    int32_t idx = (int32_t)dx, idy = (int32_t)dy;
    int64_t cd[4], plo, phi, ca = (int64_t)idx * s - (int64_t)idy * c, cb = (int64_t)idx * c + (int64_t)idy * s;
    fxl__i128 a0, a1, b0, b1, klo, khi;
    for (i = 0; i < 4; i++)
        cd[i] = (int64_t)idx * (int32_t)((i & 2) ? y1 : y0) - (int64_t)idy * (int32_t)((i & 1) ? x1 : x0);
    range4_64(cd, &plo, &phi);
    if ((((uint64_t)lp->u_lo | (uint64_t)lp->u_hi | (uint64_t)lp->v_lo | (uint64_t)lp->v_hi) & 0x7FFFu) == 0) {
        /* The 64-bit filter (session 15; issue 20's tails: the 128-bit
         * products and compares below cost a box laser's slide about
         * 2,000 GBA cycles). In units of 2^32: K's bounds are 2^15 U
         * (|U| < 2^29: every prepared hitbox's; a multiple of 2^15 is
         * asked), ca = 2^17 A + ra with 0 <= ra < 2^17 (|A| < 2^31), so
         * u_lo ca / 2^32 = U A + U ra / 2^17 is within |U| of U A (below
         * 2^60); klo and khi (a least or greatest of two such, plus one of
         * two) within ek - 1 = max|U| + max|V| of kl and kh. n = 2^16 nn +
         * rn, phi = 2^16 ph + rp (0 <= rn, rp < 2^16; nn < 2^17, |ph| <
         * 2^44): n phi / 2^32 = nn ph + (nn rp + rn ph) / 2^16 + rn rp /
         * 2^32 is within ep = nn + |ph| + 1 of nn ph (below 2^61); likewise
         * n plo. So qh + ep < kl - ek is n phi < klo surely, qh - ep > kl
         * + ek surely not, and the same for khi < n plo; only both
         * undecided or a sure no to one and an undecided other go on.
         * floor(v / 2^k) by shifts of non-negative values only. Sums below
         * 2^62. */
        int32_t ul = (int32_t)(lp->u_lo / 32768), uh = (int32_t)(lp->u_hi / 32768);
        int32_t vl = (int32_t)(lp->v_lo / 32768), vh = (int32_t)(lp->v_hi / 32768);
        int32_t ka = (int32_t)(ca >= 0 ? ca >> 17 : -((-(ca + 1)) >> 17) - 1);
        int32_t kb = (int32_t)(cb >= 0 ? cb >> 17 : -((-(cb + 1)) >> 17) - 1);
        int32_t nn = (int32_t)(n >> 16); /* n > 0 */
        int64_t pl = plo >= 0 ? plo >> 16 : -((-(plo + 1)) >> 16) - 1;
        int64_t ph = phi >= 0 ? phi >> 16 : -((-(phi + 1)) >> 16) - 1;
        int64_t ea0 = (int64_t)ul * ka, ea1 = (int64_t)uh * ka, eb0 = (int64_t)vl * kb, eb1 = (int64_t)vh * kb;
        int64_t kl = fxl__min64(ea0, ea1) + fxl__min64(eb0, eb1), kh = fxl__max64(ea0, ea1) + fxl__max64(eb0, eb1);
        int64_t ek = (int64_t)(fxl__abs32(ul) > fxl__abs32(uh) ? fxl__abs32(ul) : fxl__abs32(uh)) +
                     (int64_t)(fxl__abs32(vl) > fxl__abs32(vh) ? fxl__abs32(vl) : fxl__abs32(vh)) + 1;
        int64_t ql = nn * pl, qh = nn * ph, ep = (int64_t)nn + (int64_t)fxl__max64((int64_t)fxl__abs64(pl), (int64_t)fxl__abs64(ph)) + 1;
        if (qh + ep < kl - ek || kh + ek < ql - ep)
            return true;
        if (qh - ep > kl + ek && kh - ek > ql + ep)
            return false;
    }
    a0 = fxl__imul(lp->u_lo, ca), a1 = fxl__imul(lp->u_hi, ca);
    b0 = fxl__imul(lp->v_lo, cb), b1 = fxl__imul(lp->v_hi, cb);
    if (fxl__isign(fxl__isub(a1, a0)) < 0) {
        fxl__i128 w = a0;
        a0 = a1, a1 = w;
    }
    if (fxl__isign(fxl__isub(b1, b0)) < 0) {
        fxl__i128 w = b0;
        b0 = b1, b1 = w;
    }
    klo = fxl__iadd(a0, b0), khi = fxl__iadd(a1, b1);
    return apart(fxl__imul(n, plo), fxl__imul(n, phi), klo, khi);
}

/* The hull of the box [x0, x1] x [y0, y1] and its copy moved by (dx, dy)
 * (Q16.16 offsets from the pose's pivot, any int32-derived values) against
 * the table pose of lp in the frame (c, s): the head of the file. With no
 * move the hull is the box (4 points, 4 edges, no fifth axis). Along u
 * and v the hull's projections are its frame values (64 bits); along
 * world x and y they are n x and n y (n = c^2 + s^2, F^T F = n I). */
FXL_ARM_CODE static bool hull_edges(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0,
                                    int64_t y0, int64_t x1, int64_t y1, int64_t dx, int64_t dy,
                                    bool ends_out)
{
    int64_t pu[8], pv[8], ku[4], kv[4];
    int64_t t = (int64_t)lp->round * 65536, umin, umax, vmin, vmax, n, xl, xh, yl, yh;
    int i, k, np = (dx | dy) != 0 ? 8 : 4;
    bool sep = false, small;

    if (t < 0)
        return false;
    /* The frame is linear: F(x + dx, y + dy) = (c x + s y + du, c y - s x
     * + dv) with (du, dv) = F(d), exactly (values below 2^52), so the 8
     * points take 10 products, and the hull's u range is B's (the least
     * and greatest of c x plus those of s y) widened by du on its side,
     * likewise v. */
    {
        int64_t cx[2], sx[2], cy[2], sy[2], du, dv;
        cx[0] = c * x0, cx[1] = c * x1, sx[0] = s * x0, sx[1] = s * x1;
        cy[0] = c * y0, cy[1] = c * y1, sy[0] = s * y0, sy[1] = s * y1;
        frame_of(c, s, dx, dy, &du, &dv);
        if (np == 4)
            du = dv = 0;
        for (i = 0; i < np; i++) {
            pu[i] = cx[i & 1] + sy[(i >> 1) & 1] + ((i & 4) ? du : 0);
            pv[i] = cy[(i >> 1) & 1] - sx[i & 1] + ((i & 4) ? dv : 0);
        }
        umin = fxl__min64(cx[0], cx[1]) + fxl__min64(sy[0], sy[1]) + fxl__min64(du, 0);
        umax = fxl__max64(cx[0], cx[1]) + fxl__max64(sy[0], sy[1]) + fxl__max64(du, 0);
        vmin = fxl__min64(cy[0], cy[1]) - fxl__max64(sx[0], sx[1]) + fxl__min64(dv, 0);
        vmax = fxl__max64(cy[0], cy[1]) - fxl__min64(sx[0], sx[1]) + fxl__max64(dv, 0);
    }
    /* Beyond K grown by t along u or v: no point of the hull is near. */
    if (umax < lp->u_lo - t || umin > lp->u_hi + t || vmax < lp->v_lo - t || vmin > lp->v_hi + t)
        return false;
    /* A corner of the hull near K is a hit. (ends_out: the caller found
     * B and B + d apart from the pose, and these 8 points are their
     * corners: none is.) */
    for (i = 0; i < np && !ends_out; i++)
        if (point_near(lp, pu[i], pv[i], t))
            return true;
    /* Separating axes: u, v (64 bits), then world x and y, then perp(F(d)). */
    sep = umax < lp->u_lo || umin > lp->u_hi || vmax < lp->v_lo || vmin > lp->v_hi;
    ku[0] = ku[2] = lp->u_lo, ku[1] = ku[3] = lp->u_hi;
    kv[0] = kv[1] = lp->v_lo, kv[2] = kv[3] = lp->v_hi;
    n = (int64_t)c * c + (int64_t)s * s;
    /* the hull's x and y ranges (a box out of the domain may be inverted) */
    xl = fxl__min64(x0, x1), xh = fxl__max64(x0, x1);
    yl = fxl__min64(y0, y1), yh = fxl__max64(y0, y1);
    xl = fxl__min64(xl, xl + dx), xh = fxl__max64(xh, xh + dx);
    yl = fxl__min64(yl, yl + dy), yh = fxl__max64(yh, yh + dy);
    small = hull_small(lp, xl, xh, yl, yh, n);
    if (!sep) {
        if (small) {
            /* The same in 64 bits, exact: |c|, |s| <= 2^16 and K's
             * bounds below 2^44 keep K's world values below 2^61, n <
             * 2^33 and the ranges below 2^29 the hull's below 2^62. */
            /* c a - s b and s a + c b are separable in K's a and b:
             * their ranges over K's corners from 4 products (issue 20's
             * tails; were 8 and two ranges of 4). */
            int64_t ca0 = c * lp->u_lo, ca1 = c * lp->u_hi, sa0 = s * lp->u_lo, sa1 = s * lp->u_hi;
            int64_t cb0 = c * lp->v_lo, cb1 = c * lp->v_hi, sb0 = s * lp->v_lo, sb1 = s * lp->v_hi;
            int64_t lo = fxl__min64(ca0, ca1) - fxl__max64(sb0, sb1), hi = fxl__max64(ca0, ca1) - fxl__min64(sb0, sb1);
            sep = hi < n * xl || lo > n * xh;
            if (!sep) {
                lo = fxl__min64(sa0, sa1) + fxl__min64(cb0, cb1), hi = fxl__max64(sa0, sa1) + fxl__max64(cb0, cb1);
                sep = hi < n * yl || lo > n * yh;
            }
        } else {
            fxl__i128 kp[4], klo, khi;
            for (k = 0; k < 4; k++)
                kp[k] = fxl__isub(fxl__imul(c, ku[k]), fxl__imul(s, kv[k]));
            range_n(kp, 4, &klo, &khi);
            sep = apart(fxl__imul(n, xl), fxl__imul(n, xh), klo, khi);
            if (!sep) {
                for (k = 0; k < 4; k++)
                    kp[k] = fxl__iadd(fxl__imul(s, ku[k]), fxl__imul(c, kv[k]));
                range_n(kp, 4, &klo, &khi);
                sep = apart(fxl__imul(n, yl), fxl__imul(n, yh), klo, khi);
            }
        }
    }
    if (!sep && np > 4 && small) {
        /* The same axis in the world (issue 20's tails: 6 products in
         * place of 24 in 128 bits; on the GBA a slide's hull test 13,100
         * -> 7,100 cycles, the axis was 7,700 of them). F is
         * a scaled rotation (det F = c^2 + s^2 = n), so a hull point's
         * projection cross(F(d), F(p)) = n cross(d, p), and p + d's is
         * p's: B's 4 corners give the hull's range, n times theirs. K's
         * corner k: cross(F(d), k) = cross(d, F^T k) (F F^T = n I), with
         * F^T (a, b) = (c a - s b, s a + c b): a (dx s - dy c) + b (dx c +
         * dy s), linear in a and b, so K's range is the least and greatest
         * of a over u_lo, u_hi plus those of b over v_lo, v_hi. The same
         * values as below, exactly. Bounds (small): |x|, |y| < 2^29 and
         * |dx|, |dy| < 2^30 (both ends of each range below 2^29), so
         * cross(d, p) < 2^60; n < 2^33, the hull's ends below 2^93; |c|,
         * |s| < 2^16.5, the coefficients below 2^48, K's bounds below
         * 2^44, its values below 2^93. */
        sep = perp_apart_world(lp, c, s, x0, y0, x1, y1, dx, dy, n);
#ifdef FXL_TEST_HOOKS
        if (fxl__hull_audit.on) {
            fxl__hull_audit.axis_checked++;
            fxl__hull_audit.axis_wrong += perp_apart128(c, s, dx, dy, pu, pv, ku, kv) != sep ? 1u : 0u;
        }
#endif
    } else if (!sep && np > 4) {
        sep = perp_apart128(c, s, dx, dy, pu, pv, ku, kv);
    }
    if (!sep)
        return true;
    if (t == 0)
        return false;
    /* A corner of K within t of an edge of the hull (a capsule's core is a
     * segment: its two corners). The nearest point of a polygon to a point
     * outside it lies on its boundary, so only the hull's boundary edges
     * are needed (each tested segment lies in H: sound either way): of
     * the box (edges 0-3: y0, x1, y1, x0) those whose outward normal n has
     * n.d <= 0, of the moved box (4-7) n.d >= 0, and the connectors (8-11,
     * corner i to i + 4) from the corners extreme along perp(d) = (-dy,
     * dx) (for lo <= hi: the largest at x0 when dy > 0, x1 when dy < 0,
     * y1 when dx > 0, y0 when dx < 0, either on a tie; the smallest
     * opposite). Ties keep both: boundary segments too. */
    {
        static const unsigned char ea[12] = {0, 1, 3, 2, 4, 5, 7, 6, 0, 1, 2, 3};
        static const unsigned char eb[12] = {1, 3, 2, 0, 5, 7, 6, 4, 4, 5, 6, 7};
        unsigned keep = 15u;
        int nk;
        if (np > 4) {
            keep = (dy >= 0 ? 1u : 0u) | (dx <= 0 ? 2u : 0u) | (dy <= 0 ? 4u : 0u) | (dx >= 0 ? 8u : 0u);
            keep |= (dy <= 0 ? 16u : 0u) | (dx >= 0 ? 32u : 0u) | (dy >= 0 ? 64u : 0u) |
                    (dx <= 0 ? 128u : 0u);
            for (i = 0; i < 4; i++) {
                bool xb = (i & 1) != 0, yb = (i & 2) != 0;
                bool top = (dy > 0 ? !xb : dy < 0 ? xb : true) && (dx > 0 ? yb : dx < 0 ? !yb : true);
                bool bottom = (dy > 0 ? xb : dy < 0 ? !xb : true) && (dx > 0 ? !yb : dx < 0 ? yb : true);
                if (top || bottom)
                    keep |= 256u << i;
            }
        }
        /* ends_out: B and B + d are each beyond t of K (the caller's
         * exact static tests), and edges 0-3 lie in B, 4-7 in B + d, so
         * no corner of K is within t of them: the connectors alone (issue
         * 20's tails: exact, no test skipped that could say near). */
#ifdef FXL_TEST_HOOKS
        if (ends_out && fxl__hull_audit.on) {
            for (k = 0; k < (lp->v_lo == lp->v_hi ? 2 : 4); k++)
                for (i = 0; i < 8; i++)
                    if (((keep >> i) & 1u) != 0) {
                        fxl__hull_audit.ends_checked++;
                        fxl__hull_audit.ends_wrong +=
                            seg_near(ku[k], kv[k], pu[ea[i]], pv[ea[i]], pu[eb[i]], pv[eb[i]], t) ? 1u : 0u;
                    }
        }
#endif
        if (ends_out)
            keep &= 0xF00u;
        nk = lp->v_lo == lp->v_hi ? 2 : 4;
        for (k = 0; k < nk; k++) {
            /* Every edge lies in H, inside H's frame box [umin, umax] x
             * [vmin, vmax]: a corner beyond t of that box on an axis is
             * beyond t of every edge (issue 20's tails: the corners at the
             * far end of the beam skip their 8 edges' tests). */
            if (ku[k] < umin - t || ku[k] > umax + t || kv[k] < vmin - t || kv[k] > vmax + t)
                continue;
            for (i = 0; i < 12; i++)
                if (((keep >> i) & 1u) != 0 &&
                    seg_near(ku[k], kv[k], pu[ea[i]], pv[ea[i]], pu[eb[i]], pv[eb[i]], t))
                    return true;
        }
    }
    return false;
}

#ifdef FXL_TEST_HOOKS
fxl__box_audit_t fxl__box_audit;
fxl__hull_audit_t fxl__hull_audit;
fxl__corner_audit_t fxl__corner_audit;
#endif

/* The static box test of the pose (c, s) about the origin: uv from
 * fxl__hitbox_lean_uv (true) or NULL (aabb_parts.h: the same answer). */
FXL__ALWAYS_INLINE bool static_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, const int32_t xy[4], int32_t *uv)
{
    return uv != NULL ? fxl__hitbox_vs_offsets_uv(lp, c, s, xy, uv) : fxl__hitbox_vs_offsets(lp, c, s, xy);
}

/* The slide's quick stages in front of the hull (hull_hit): 0 (apart), 1
 * (they meet) or 2 (undecided: B and B + d found apart, hull_edges with
 * ends_out decides; for a box laser's moving slide, only the frame
 * ranges asked, hull_thin decides); -1 when the offsets are out of their
 * ranges.
 *
 * With no move the hull is the box, and the question is laser_aabb.c's
 * (aabb_parts.h: the box against the hit region of the pose, the same
 * region, frame and touching rule; both exact, so the same answer), with
 * its filters in front: hundreds to a few thousand GBA cycles where the
 * corner-to-edge distances below took up to 11,000 a slide (issue 20's
 * tails). With a move d, the hull H = B (+) segment(0, d):
 *  - its frame ranges: u over H is u over B widened by F(d).u on its side
 *    (F is linear), likewise v; beyond K grown by t on one is apart
 *    (hull_edges' first reject, here in 32x32 products);
 *  - its bounding box G (B and B + d) holds H (both convex, G holds the 8
 *    corners), so G apart from the pose (the same exact static test) is H
 *    apart;
 *  - B and B + d lie in H: either meeting the pose is H meeting it.
 * Measured on the GBA (pose to pose, near boxes): the hull's test ran in
 * 262 slides of 1,536 sweeps at 4,000 cycles on average, up to 15,600;
 * after these stages in 8. Taken when the offsets are in the static
 * test's ranges, as a box about a pose at the origin: x0 <= x1, y0 <= y1
 * and every offset of G within FXL_COORD_MAX (so B's, B + d's and d's
 * fit int32: |d| <= 2 FXL_COORD_MAX < 2^31), round below 2^29, the
 * rectangle below 2^48 (the pose's table vector is the sweep's). (The
 * static test's moving form, fxl__hitbox_vs_moving_aabb, measured 5 to
 * 40 times slower than the hull here: not used.) A box laser's moving
 * slide stops after the frame ranges (2: hull_thin's axes decide it, B
 * and B + d not asked). */
FXL__ALWAYS_INLINE int hull_quick(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0,
                                  int64_t y0, int64_t x1, int64_t y1, int64_t dx, int64_t dy, int32_t *uv)
{
    /* G (offsets below 2^34 each, no overflow) */
    int64_t gx0 = x0 + (dx < 0 ? dx : 0), gx1 = x1 + (dx > 0 ? dx : 0);
    int64_t gy0 = y0 + (dy < 0 ? dy : 0), gy1 = y1 + (dy > 0 ? dy : 0);
    int32_t xy[4];
    /* (uv: fxl__hitbox_lean_uv said true of lp, whose checks imply those
     * of lp here: round in [0, 2^29), the bounds below 2^44) */
    if (!(x0 <= x1 && y0 <= y1 && gx0 >= -FXL_COORD_MAX && gx1 <= FXL_COORD_MAX && gy0 >= -FXL_COORD_MAX &&
          gy1 <= FXL_COORD_MAX &&
          (uv != NULL || (lp->round >= 0 && lp->round < ((int32_t)1 << 29) && below(lp->u_lo, 48) &&
                          below(lp->u_hi, 48) && below(lp->v_lo, 48) && below(lp->v_hi, 48)))))
        return -1;
    if ((dx | dy) != 0) {
        /* H's frame ranges: |c|, |s| <= 65537 and offsets below 2^31, so
         * every product and sum below stays under 2^50. */
        int32_t ix0 = (int32_t)x0, ix1 = (int32_t)x1, iy0 = (int32_t)y0, iy1 = (int32_t)y1;
        int32_t idx = (int32_t)dx, idy = (int32_t)dy;
        int64_t t = (int64_t)lp->round * 65536, du = (int64_t)c * idx + (int64_t)s * idy;
        int64_t dv = (int64_t)c * idy - (int64_t)s * idx, lo, hi;
        lo = (c >= 0 ? (int64_t)c * ix0 : (int64_t)c * ix1) + (s >= 0 ? (int64_t)s * iy0 : (int64_t)s * iy1);
        hi = (c >= 0 ? (int64_t)c * ix1 : (int64_t)c * ix0) + (s >= 0 ? (int64_t)s * iy1 : (int64_t)s * iy0);
        if ((du < 0 ? hi : hi + du) < lp->u_lo - t || (du < 0 ? lo + du : lo) > lp->u_hi + t)
            return 0;
        lo = (c >= 0 ? (int64_t)c * iy0 : (int64_t)c * iy1) - (s >= 0 ? (int64_t)s * ix1 : (int64_t)s * ix0);
        hi = (c >= 0 ? (int64_t)c * iy1 : (int64_t)c * iy0) - (s >= 0 ? (int64_t)s * ix0 : (int64_t)s * ix1);
        if ((dv < 0 ? hi : hi + dv) < lp->v_lo - t || (dv < 0 ? lo + dv : lo) > lp->v_hi + t)
            return 0;
        if (t == 0)
            return 2; /* a box laser: hull_thin's axes decide (no static test) */
    }
    /* the static test of the pose (lp's hitbox about the origin in the
     * frame (c, s)) without a copy of lp (fxl__hitbox_vs_offsets), lp's
     * checks made once a motion when uv is given */
    xy[0] = (int32_t)gx0, xy[1] = (int32_t)gx1, xy[2] = (int32_t)gy0, xy[3] = (int32_t)gy1;
    if (!static_hit(lp, c, s, xy, uv))
        return 0;
    if ((dx | dy) == 0)
        return 1;
    xy[0] = (int32_t)x0, xy[1] = (int32_t)x1, xy[2] = (int32_t)y0, xy[3] = (int32_t)y1;
    if (static_hit(lp, c, s, xy, uv))
        return 1;
    xy[0] = (int32_t)(x0 + dx), xy[1] = (int32_t)(x1 + dx), xy[2] = (int32_t)(y0 + dy), xy[3] = (int32_t)(y1 + dy);
    return static_hit(lp, c, s, xy, uv) ? 1 : 2;
}

/* hull_quick's undecided case (2) for a round laser (t > 0: a capsule,
 * or a rectangle grown by t), in front of hull_edges: 1 (they meet) or 0
 * (apart), -1 when the bounds of its world axes do not hold. The same
 * answer as hull_edges with ends_out, from fewer values: H is within t
 * of K iff they intersect or (disjoint convex polygons: the distance is
 * reached at a vertex of one) a vertex of H is within t of K or a corner
 * of K within t of H's boundary. H's vertices are corners of B or B + d,
 * which hull_quick found beyond t of K (ends_out), and H's boundary is
 * made of edges of B, of B + d (each beyond t of K, so no corner of K is
 * within t of them) and of its boundary connectors: so the question is
 * the separating-axis test of H against K itself (u, v, world x and y,
 * perp(F(d)): hull_edges' small case, exactly its values and bounds),
 * or K's corners (2 for a capsule's segment) against the boundary
 * connectors alone (hull_edges' choice of them, its seg_near), these
 * first (either says they meet: the order is free). Only the 2 to 4
 * connector corners' frame points are made, not hull_edges' 8 points
 * and its arrays (issue 20's tails: ROM ARM code pays per instruction;
 * on the GBA a capsule's undecided slide took 8,000 to 9,500 cycles in
 * hull_edges, 4,000 to 5,000 of them one corner-to-connector distance
 * near touching). */
FXL_ARM_CODE static int hull_round(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0, int64_t y0,
                                  int64_t x1, int64_t y1, int64_t dx, int64_t dy)
{
    int64_t t = (int64_t)lp->round * 65536, n = (int64_t)c * c + (int64_t)s * s;
    int64_t xl = fxl__min64(x0, x1), xh = fxl__max64(x0, x1), yl = fxl__min64(y0, y1), yh = fxl__max64(y0, y1);
    int64_t cx[2], sx[2], cy[2], sy[2], du, dv, umin, umax, vmin, vmax;
    xl = fxl__min64(xl, xl + dx), xh = fxl__max64(xh, xh + dx);
    yl = fxl__min64(yl, yl + dy), yh = fxl__max64(yh, yh + dy);
    if (t <= 0 || !hull_small(lp, xl, xh, yl, yh, n))
        return -1;
    /* H's frame ranges, as hull_edges (F linear, values below 2^52; the
     * offsets below 2^29 and the move below 2^30 by hull_small: 32x32
     * products, the same values) */
    cx[0] = (int64_t)c * (int32_t)x0, cx[1] = (int64_t)c * (int32_t)x1;
    sx[0] = (int64_t)s * (int32_t)x0, sx[1] = (int64_t)s * (int32_t)x1;
    cy[0] = (int64_t)c * (int32_t)y0, cy[1] = (int64_t)c * (int32_t)y1;
    sy[0] = (int64_t)s * (int32_t)y0, sy[1] = (int64_t)s * (int32_t)y1;
    du = (int64_t)c * (int32_t)dx + (int64_t)s * (int32_t)dy, dv = (int64_t)c * (int32_t)dy - (int64_t)s * (int32_t)dx;
    umin = fxl__min64(cx[0], cx[1]) + fxl__min64(sy[0], sy[1]) + fxl__min64(du, 0);
    umax = fxl__max64(cx[0], cx[1]) + fxl__max64(sy[0], sy[1]) + fxl__max64(du, 0);
    vmin = fxl__min64(cy[0], cy[1]) - fxl__max64(sx[0], sx[1]) + fxl__min64(dv, 0);
    vmax = fxl__max64(cy[0], cy[1]) - fxl__min64(sx[0], sx[1]) + fxl__max64(dv, 0);
    /* The boundary connectors (hull_edges' top and bottom corners, ties
     * keeping both) against K's corners near H's frame box: seg_near's
     * answer, its values shared by the connectors (all run along D =
     * F(d) = (du, dv), d nonzero for hull_quick's case 2 and F of full
     * rank: len2 = |D|^2 > 0 once), its tests in a cheaper order:
     * seg_near is true iff 0 < dot < len2 and within(cross), i.e. |cross|
     * <= t R (R = sqrt(len2)); its other rejects (the per-axis reach
     * below, the box of A and B) are sound ones, needed by no answer.
     * R bracketed tighter than within's first bracket (8 %; issue 20's
     * tails: the touching corners went on to its root, about 4,500 GBA
     * cycles): with a = max(|du|, |dv|) >= b = min, (a, b) at an angle
     * in [0, 45] degrees, and M the greatest of a C_i + b S_i over C_i =
     * floor(4096 cos(i pi / 16)), S_i = floor(4096 sin(i pi / 16)), i =
     * 0..4: each term is at most 4096 (a cos + b sin) <= 4096 R (Cauchy-
     * Schwarz), and the angle nearest (a, b), within pi / 32 of it, gives
     * at least 4096 R cos(pi / 32) - (a + b) >= R (4076.28 - sqrt(2)) >
     * 4074 R. So 4096 |cross| <= t M is within, 4074 |cross| > t M is
     * not (0.54 % apart), within's exact stages decide the rest. Bounds
     * (hull_small: |dx|, |dy| < 2^30, n < 2^33 so |c|, |s| < 2^16.5;
     * hull_quick: round below 2^29): |du|, |dv| < 2^47.5, M < 2^61, t <
     * 2^45 (t M below 2^106); the reach test keeps |eu|, |ev| < 2^48, so
     * |cross| < 2^96.5 (times 4096 below 2^109). */
    {
        uint64_t ea = fxl__abs64(du), eb = fxl__abs64(dv), big = ea > eb ? ea : eb, small = ea > eb ? eb : ea;
        uint64_t m = big * 4096u, m1 = big * 4017u + small * 799u, m2 = big * 3784u + small * 1567u;
        uint64_t m3 = big * 3405u + small * 2275u, m4 = (big + small) * 2896u;
        fxl__i128 len2 = fxl__iadd(fxl__imul(du, du), fxl__imul(dv, dv));
        fxl__u128 tm;
        int i, k, nk;
        m = m > m1 ? m : m1, m = m > m2 ? m : m2, m = m > m3 ? m : m3, m = m > m4 ? m : m4;
        tm = fxl__mul64((uint64_t)t, m);
        nk = lp->v_lo == lp->v_hi ? 2 : 4;
        for (i = 0; i < 4; i++) {
            bool xb = (i & 1) != 0, yb = (i & 2) != 0;
            bool top = (dy > 0 ? !xb : dy < 0 ? xb : true) && (dx > 0 ? yb : dx < 0 ? !yb : true);
            bool bottom = (dy > 0 ? xb : dy < 0 ? !xb : true) && (dx > 0 ? !yb : dx < 0 ? yb : true);
            int64_t pu, pv;
            if (!top && !bottom)
                continue;
            pu = cx[i & 1] + sy[i >> 1], pv = cy[i >> 1] - sx[i & 1];
            for (k = 0; k < nk; k++) {
                int64_t eu = ((k & 1) ? lp->u_hi : lp->u_lo) - pu, ev = ((k & 2) ? lp->v_hi : lp->v_lo) - pv;
                fxl__i128 cross, dot;
                fxl__u128 x;
                if (fxl__abs64(eu) > (uint64_t)t + ea || fxl__abs64(ev) > (uint64_t)t + eb)
                    continue;
                cross = fxl__isub(fxl__imul(du, ev), fxl__imul(dv, eu));
                x = fxl__iabs(cross);
                {
                    fxl__u128 x4074 = fxl__mul64(x.lo, 4074u);
                    x4074.hi += x.hi * 4074u;
                    if (!fxl__le128(x4074, tm))
                        continue;
                }
                dot = fxl__iadd(fxl__imul(eu, du), fxl__imul(ev, dv));
                if (fxl__isign(dot) <= 0 || fxl__isign(fxl__isub(len2, dot)) <= 0)
                    continue;
                x.hi = (x.hi << 12) | (x.lo >> 52), x.lo <<= 12;
                if (fxl__le128(x, tm) || within(cross, t, du, dv, len2))
                    return 1;
            }
        }
    }
    if (!(umax < lp->u_lo || umin > lp->u_hi || vmax < lp->v_lo || vmin > lp->v_hi)) {
        /* world x and y (hull_edges' small case: the same 64-bit values) */
        int64_t ca0 = c * lp->u_lo, ca1 = c * lp->u_hi, sa0 = s * lp->u_lo, sa1 = s * lp->u_hi;
        int64_t cb0 = c * lp->v_lo, cb1 = c * lp->v_hi, sb0 = s * lp->v_lo, sb1 = s * lp->v_hi;
        int64_t lo = fxl__min64(ca0, ca1) - fxl__max64(sb0, sb1), hi = fxl__max64(ca0, ca1) - fxl__min64(sb0, sb1);
        bool sep = hi < n * xl || lo > n * xh;
        if (!sep) {
            lo = fxl__min64(sa0, sa1) + fxl__min64(cb0, cb1), hi = fxl__max64(sa0, sa1) + fxl__max64(cb0, cb1);
            sep = hi < n * yl || lo > n * yh;
        }
        if (!sep && !perp_apart_world(lp, c, s, x0, y0, x1, y1, dx, dy, n))
            return 1;
    }
    return 0;
}

/* hull_quick's undecided case (2) for a box laser (round 0), in place of
 * hull_edges: 1 (they meet) or 0 (apart). With t = 0 the question is the
 * separating-axis test of H against K alone (five axes: u, v, world x
 * and y, perp(F(d))), and hull_quick has settled two: its frame ranges
 * are H's exact u and v ranges (F linear: B's plus F(d) on its side),
 * checked against K grown by t = 0, so neither u nor v separates. H's x
 * and y ranges are those of its corners, B's widened by d (G's); they
 * and perp(F(d)) are asked here in hull_edges' world form (its small
 * case: exact, the same values and bounds; out of those bounds
 * hull_edges itself, in full). On the GBA it leaves out hull_edges'
 * frame points and three of its axes (issue 20's tails: about 3,000 to
 * 5,000 cycles on the pose-to-pose box slides), and (session 15) the
 * static tests of G, B and B + d hull_quick made before (about 1,500
 * each: the pose-to-pose near max 20,944 -> 19,829).
 * A round laser's (round > 0) goes to hull_round from here: one call
 * site in hull_hit (a second call there, inlined three times in
 * box_motion_hit, cost the box slides about 2,900 cycles: registers). */
FXL_ARM_CODE static int hull_thin(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0, int64_t y0,
                                 int64_t x1, int64_t y1, int64_t dx, int64_t dy)
{
    int64_t n = (int64_t)c * c + (int64_t)s * s;
    int64_t xl = fxl__min64(x0, x1), xh = fxl__max64(x0, x1), yl = fxl__min64(y0, y1), yh = fxl__max64(y0, y1);
    xl = fxl__min64(xl, xl + dx), xh = fxl__max64(xh, xh + dx);
    yl = fxl__min64(yl, yl + dy), yh = fxl__max64(yh, yh + dy);
    if (lp->round != 0) /* one call in hull_hit for both kinds */
        return hull_round(lp, c, s, x0, y0, x1, y1, dx, dy);
    if (!hull_small(lp, xl, xh, yl, yh, n)) /* (no ends-apart shortcut: B and B + d not asked) */
        return hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, false) ? 1 : 0;
    {
        /* world x and y: H's x and y ranges are [xl, xh] and [yl, yh]
         * (hull_round's, hull_edges' small case: the same 64-bit values) */
        int64_t ca0 = c * lp->u_lo, ca1 = c * lp->u_hi, sa0 = s * lp->u_lo, sa1 = s * lp->u_hi;
        int64_t cb0 = c * lp->v_lo, cb1 = c * lp->v_hi, sb0 = s * lp->v_lo, sb1 = s * lp->v_hi;
        int64_t lo = fxl__min64(ca0, ca1) - fxl__max64(sb0, sb1), hi = fxl__max64(ca0, ca1) - fxl__min64(sb0, sb1);
        if (hi < n * xl || lo > n * xh)
            return 0;
        lo = fxl__min64(sa0, sa1) + fxl__min64(cb0, cb1), hi = fxl__max64(sa0, sa1) + fxl__max64(cb0, cb1);
        if (hi < n * yl || lo > n * yh)
            return 0;
    }
    return perp_apart_world(lp, c, s, x0, y0, x1, y1, dx, dy, n) ? 0 : 1;
}

/* The hull test (hull_edges) after hull_quick's stages (and hull_thin's
 * for a box laser, hull_round's for a round one). */
FXL__ALWAYS_INLINE bool hull_hit(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0,
                                 int64_t y0, int64_t x1, int64_t y1, int64_t dx, int64_t dy, int32_t *uv)
{
    int q = hull_quick(lp, c, s, x0, y0, x1, y1, dx, dy, uv);
    if (q == 2) {
        int h = hull_thin(lp, c, s, x0, y0, x1, y1, dx, dy);
#ifdef FXL_TEST_HOOKS
        if (fxl__hull_audit.on && h >= 0) {
            /* (a round laser's also against hull_edges' ends-apart form,
             * which it replaces where it answers: its own audit runs) */
            bool wrong = (h > 0) != hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, false) ||
                         (lp->round != 0 && (h > 0) != hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, true));
            if (lp->round == 0)
                fxl__hull_audit.thin_checked++, fxl__hull_audit.thin_wrong += wrong ? 1u : 0u;
            else
                fxl__hull_audit.round_checked++, fxl__hull_audit.round_wrong += wrong ? 1u : 0u;
        }
#endif
        if (h >= 0)
            q = h;
    }
#ifdef FXL_TEST_HOOKS
    if (fxl__box_audit.on && q >= 0) {
        bool full = hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, false);
        fxl__box_audit.checked++;
        fxl__box_audit.wrong += (q == 2 ? hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, true) : q == 1) != full;
    }
#endif
    if (q == 0 || q == 1)
        return q == 1;
    return hull_edges(lp, c, s, x0, y0, x1, y1, dx, dy, q == 2);
}

/* ---- the turn ------------------------------------------------------------ */

/* sign(alpha - beta sqrt(w)), exactly. */
static int root_sign(const fxl__big *alpha, const fxl__big *beta, const fxl__big *w)
{
    return fxl__big_sign_sqrt(alpha, beta, w);
}

/* sign(alpha - beta sqrt(n)) for alpha in 128 bits, beta in 64, n < 2^35,
 * filtered: sqrt(n) lies in [q, q + 1) (q = isqrt(n), the caller's), so beta sqrt(n)
 * lies between beta q and beta (q + 1); alpha beyond both settles it. */
FXL_ARM_CODE static int n_sign(fxl__i128 alpha, int64_t beta, uint64_t n, int64_t q)
{
    fxl__i128 bq = fxl__imul(beta, q), bq1 = fxl__imul(beta, q + 1);
    fxl__big a, b, w;
    if (beta == 0)
        return fxl__isign(alpha);
    if (beta > 0) { /* beta q <= beta sqrt(n) < beta (q + 1) */
        if (fxl__isign(fxl__isub(alpha, bq1)) >= 0)
            return 1;
        if (fxl__isign(fxl__isub(alpha, bq)) < 0)
            return -1;
    } else { /* beta (q + 1) < beta sqrt(n) <= beta q */
        if (fxl__isign(fxl__isub(alpha, bq)) > 0)
            return 1;
        if (fxl__isign(fxl__isub(alpha, bq1)) <= 0)
            return -1;
    }
    fxl__big_i128(&a, alpha);
    fxl__big_i64(&b, beta);
    fxl__big_i64(&w, (int64_t)n);
    return root_sign(&a, &b, &w);
}

/* min and max of four 128-bit values. */
static void range4(const fxl__i128 v[4], fxl__i128 *lo, fxl__i128 *hi)
{
    int i;
    *lo = *hi = v[0];
    for (i = 1; i < 4; i++) {
        if (fxl__isign(fxl__isub(v[i], *lo)) < 0)
            *lo = v[i];
        if (fxl__isign(fxl__isub(v[i], *hi)) > 0)
            *hi = v[i];
    }
}

/* sign(alpha - beta sqrt(n)) in 64 bits, or 2 when this filter cannot
 * tell, given ql <= sqrt(n) <= ql + w (w <= 4): for |alpha| < 2^62, |beta|
 * < 2^44 and ql < 2^17.5 (n <= 2^35; so |beta ql| < 2^61.5, |beta| w <
 * 2^46 and d below 2^63: no overflow). Proof: beta sqrt(n) = beta ql +
 * beta f with f = sqrt(n) - ql in [0, w], so |beta f| <= |beta| w and
 * alpha - beta sqrt(n) = d - beta f with d = alpha - beta ql: d > |beta| w
 * makes it positive, d < -|beta| w negative. */
static int q_sign(int64_t alpha, int64_t beta, int64_t ql, int64_t w)
{
    int64_t d = alpha - beta * ql, e = (int64_t)fxl__abs64(beta) * w;
    return d > e ? 1 : d < -e ? -1 : 2;
}

/* The values [lo, hi] (alpha = value times m) lie apart from [blo, bhi]
 * sqrt(n): sign(hi m - blo sqrt(n)) < 0 or sign(lo m - bhi sqrt(n)) > 0,
 * q_sign first (the root bracket [ql, ql + w]), n_sign (exact) when it
 * cannot tell. m is 2^16 (the box's frame values against K) or 1 (K's
 * world values against the box's, blo and bhi then 2^16 times the box's).
 * The caller's bounds keep |lo m|, |hi m| < 2^62 and |blo|, |bhi| < 2^44. */
FXL__ALWAYS_INLINE bool q_apart(int64_t lo, int64_t hi, int64_t m, int64_t blo, int64_t bhi,
                                uint64_t n, int64_t ql, int64_t w)
{
    int sg = q_sign(hi * m, blo, ql, w);
    if (sg == 2)
        sg = n_sign(fxl__imul(hi, m), blo, n, (int64_t)fxl__isqrt64(n));
    if (sg < 0)
        return true;
    sg = q_sign(lo * m, bhi, ql, w);
    if (sg == 2)
        sg = n_sign(fxl__imul(lo, m), bhi, n, (int64_t)fxl__isqrt64(n));
    return sg > 0;
}

/* (A) in 64 bits (issue 20's bounded tails): for K's bounds below 2^44
 * (Q32.32, 4096 px) and the box's offsets below 2^28 (Q16.16, 4096 px),
 * with |c|, |s| <= 2^17 (a table vector or the sum of two): frame values
 * c x + s y below 2^46 (times 2^16 below 2^62), K's world values c a - s b
 * below 2^62, the box's 2^16 x below 2^44: q_apart's bounds. */
static bool pose_meets64(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0, int64_t y0,
                         int64_t x1, int64_t y1, uint64_t n)
{
    int64_t lo, hi, ql, w;
    /* The root's bracket [ql, ql + w]: a table vector's length is 2^16
     * within 0.71 (each of c, s rounded by at most 1/2), so n in [65535^2,
     * 65537^2] gives [65535, 65537]; below 2^32, r = isqrt(n) gives [r, r
     * + 1]; else (the sum of two table vectors: n < 2^35) r = isqrt(floor(n
     * / 16)) has 16 r^2 <= n and n / 16 < floor(n / 16) + 1 <= (r + 1)^2:
     * [4 r, 4 r + 4]. */
    if (n >= (uint64_t)65535 * 65535 && n <= (uint64_t)65537 * 65537)
        ql = 65535, w = 2;
    else if (n < ((uint64_t)1 << 32))
        ql = (int64_t)fxl__isqrt32((uint32_t)n), w = 1;
    else
        ql = 4 * (int64_t)fxl__isqrt32((uint32_t)(n >> 4)), w = 4;
    /* Every projection is separable in the two coordinates of the
     * corners (c x + s y over the box's x and y, c a - s b over K's a and
     * b): its range over the 4 corners from 4 products (issue 20's tails:
     * were 8 and a 4-way range). */
    {
        int64_t cx0 = c * x0, cx1 = c * x1, sx0 = s * x0, sx1 = s * x1;
        int64_t cy0 = c * y0, cy1 = c * y1, sy0 = s * y0, sy1 = s * y1;
        lo = fxl__min64(cx0, cx1) + fxl__min64(sy0, sy1), hi = fxl__max64(cx0, cx1) + fxl__max64(sy0, sy1);
        if (q_apart(lo, hi, 65536, lp->u_lo, lp->u_hi, n, ql, w))
            return false;
        lo = fxl__min64(cy0, cy1) - fxl__max64(sx0, sx1), hi = fxl__max64(cy0, cy1) - fxl__min64(sx0, sx1);
        if (q_apart(lo, hi, 65536, lp->v_lo, lp->v_hi, n, ql, w))
            return false;
    }
    {
        int64_t ca0 = c * lp->u_lo, ca1 = c * lp->u_hi, sa0 = s * lp->u_lo, sa1 = s * lp->u_hi;
        int64_t cb0 = c * lp->v_lo, cb1 = c * lp->v_hi, sb0 = s * lp->v_lo, sb1 = s * lp->v_hi;
        lo = fxl__min64(ca0, ca1) - fxl__max64(sb0, sb1), hi = fxl__max64(ca0, ca1) - fxl__min64(sb0, sb1);
        if (q_apart(lo, hi, 1, x0 * 65536, x1 * 65536, n, ql, w))
            return false;
        lo = fxl__min64(sa0, sa1) + fxl__min64(cb0, cb1), hi = fxl__max64(sa0, sa1) + fxl__max64(cb0, cb1);
        return !q_apart(lo, hi, 1, y0 * 65536, y1 * 65536, n, ql, w);
    }
}

/* (A): the box [x0, x1] x [y0, y1] (Q16.16 offsets from Pm) meets the
 * rectangle K in the exact pose of the table vector (c, s). */
FXL_ARM_CODE static bool exact_pose_meets(const fxl_laser_prep *lp, int32_t c, int32_t s, int64_t x0,
                                          int64_t y0, int64_t x1, int64_t y1)
{
    uint64_t n = (uint64_t)((int64_t)c * c + (int64_t)s * s);
    int64_t q;
    fxl__i128 v[4], lo, hi;
    int i;
    if (below(lp->u_lo, 44) && below(lp->u_hi, 44) && below(lp->v_lo, 44) && below(lp->v_hi, 44) &&
        below(x0, 28) && below(x1, 28) && below(y0, 28) && below(y1, 28))
        return pose_meets64(lp, c, s, x0, y0, x1, y1, n);
    q = (int64_t)fxl__isqrt64(n);
    /* Along u and v: 2^16 F(p) over the box's corners against K's range sqrt(n). */
    for (i = 0; i < 4; i++) {
        int64_t u, w;
        frame_of(c, s, (i & 1) ? x1 : x0, (i & 2) ? y1 : y0, &u, &w);
        v[i] = fxl__imul(u, 65536);
    }
    range4(v, &lo, &hi);
    if (n_sign(hi, lp->u_lo, n, q) < 0 || n_sign(lo, lp->u_hi, n, q) > 0)
        return false;
    for (i = 0; i < 4; i++) {
        int64_t u, w;
        frame_of(c, s, (i & 1) ? x1 : x0, (i & 2) ? y1 : y0, &u, &w);
        v[i] = fxl__imul(w, 65536);
    }
    range4(v, &lo, &hi);
    if (n_sign(hi, lp->v_lo, n, q) < 0 || n_sign(lo, lp->v_hi, n, q) > 0)
        return false;
    /* Along world x and y: K's corners' c a - s b and s a + c b against
     * the box's range times 2^16 sqrt(n). */
    for (i = 0; i < 4; i++) {
        int64_t a = (i & 1) ? lp->u_hi : lp->u_lo, b = (i & 2) ? lp->v_hi : lp->v_lo;
        v[i] = fxl__isub(fxl__imul(c, a), fxl__imul(s, b));
    }
    range4(v, &lo, &hi);
    if (n_sign(hi, x0 * 65536, n, q) < 0 || n_sign(lo, x1 * 65536, n, q) > 0)
        return false;
    for (i = 0; i < 4; i++) {
        int64_t a = (i & 1) ? lp->u_hi : lp->u_lo, b = (i & 2) ? lp->v_hi : lp->v_lo;
        v[i] = fxl__iadd(fxl__imul(s, a), fxl__imul(c, b));
    }
    range4(v, &lo, &hi);
    if (n_sign(hi, y0 * 65536, n, q) < 0 || n_sign(lo, y1 * 65536, n, q) > 0)
        return false;
    return true;
}

/* One corner's arc (C): the table images S_i, their norms n_i, R^2 and
 * the turn's sign. */
typedef struct corner_arc {
    fxl__big sx[2], sy[2]; /* S_i (Q32.32 world times |t_i|) */
    fxl__big n[2];         /* |t_i|^2 */
    fxl__big r2;           /* R^2, Q64 */
    int step_sign;
} corner_arc;

/* Is the direction whose cross products with S_0 and S_1 have signs c0,
 * c1 on the arc? */
static bool arc_has(const corner_arc *m, int c0, int c1)
{
    return m->step_sign > 0 ? (c0 >= 0 && c1 <= 0) : (c0 <= 0 && c1 >= 0);
}

/* sign(cross(S_i, (x, y))) for big x, y. */
static int cross_sign(const corner_arc *m, int i, const fxl__big *x, const fxl__big *y)
{
    fxl__big p, q;
    fxl__big_mul(&p, &m->sx[i], y);
    fxl__big_mul(&q, &m->sy[i], x);
    return fxl__big_cmp(&p, &q);
}

/* E_i's coordinate (S / sqrt(n)) against h: sign(S - h sqrt(n)). */
static int end_vs(const corner_arc *m, int i, const fxl__big *sc, int64_t h)
{
    fxl__big b;
    fxl__big_i64(&b, h);
    return root_sign(sc, &b, &m->n[i]);
}

/* The arc meets the closed rectangle [xl, xh] x [yl, yh] (Q32.32). */
FXL_ARM_CODE static bool arc_rect(const corner_arc *m, int64_t xl, int64_t xh, int64_t yl, int64_t yh)
{
    int i, e, sg;
    for (i = 0; i < 2; i++)
        if (end_vs(m, i, &m->sx[i], xl) >= 0 && end_vs(m, i, &m->sx[i], xh) <= 0 &&
            end_vs(m, i, &m->sy[i], yl) >= 0 && end_vs(m, i, &m->sy[i], yh) <= 0)
            return true;
    /* The circle on each edge: e 0, 1 the vertical edges x = xl, xh, 2, 3
     * the horizontal ones y = yl, yh; the other coordinate +-sqrt(w). */
    for (e = 0; e < 4; e++) {
        int64_t h = e == 0 ? xl : e == 1 ? xh : e == 2 ? yl : yh;
        int64_t lo = e < 2 ? yl : xl, hi = e < 2 ? yh : xh;
        fxl__big w, hb, t1, zero;
        fxl__big_u128(&t1, fxl__sq_signed(h));
        fxl__big_sub(&w, &m->r2, &t1);
        if (w.sign < 0)
            continue;
        fxl__big_i64(&hb, h);
        fxl__big_i64(&zero, 0);
        for (sg = -1; sg <= 1; sg += 2) {
            /* sg sqrt(w) within [lo, hi]. */
            fxl__big lb, c[2];
            int k;
            bool ok;
            if (sg > 0) {
                fxl__big_u128(&lb, fxl__sq_signed(lo));
                ok = lo <= 0 || fxl__big_cmp(&lb, &w) <= 0;
                fxl__big_u128(&lb, fxl__sq_signed(hi));
                ok = ok && hi >= 0 && fxl__big_cmp(&w, &lb) <= 0;
            } else {
                fxl__big_u128(&lb, fxl__sq_signed(lo));
                ok = lo <= 0 && fxl__big_cmp(&w, &lb) <= 0;
                fxl__big_u128(&lb, fxl__sq_signed(hi));
                ok = ok && (hi >= 0 || fxl__big_cmp(&lb, &w) <= 0);
            }
            if (!ok)
                continue;
            /* cross(S, D): vertical edge D = (h, sg r): S.x sg r - S.y h
             * = -(S.y h - sg S.x r); horizontal D = (sg r, h): S.x h - sg
             * S.y r. */
            for (k = 0; k < 2; k++) {
                fxl__big a, b;
                if (e < 2) {
                    fxl__big_mul(&a, &m->sy[k], &hb);
                    b = m->sx[k];
                    if (sg < 0)
                        b.sign = -b.sign;
                    c[k] = a;
                    c[k].sign = -root_sign(&a, &b, &w);
                } else {
                    fxl__big_mul(&a, &m->sx[k], &hb);
                    b = m->sy[k];
                    if (sg < 0)
                        b.sign = -b.sign;
                    c[k] = a;
                    c[k].sign = root_sign(&a, &b, &w);
                }
            }
            if (arc_has(m, c[0].sign, c[1].sign))
                return true;
        }
    }
    return false;
}

/* The arc meets the closed disk about (cx, cy) of radius t (Q32.32), t > 0. */
FXL_ARM_CODE static bool arc_disk(const corner_arc *m, int64_t cx, int64_t cy, int64_t t)
{
    fxl__big x, y, c2, t2, beta, alpha, p, q;
    int i;
    fxl__big_i64(&x, cx);
    fxl__big_i64(&y, cy);
    fxl__big_u128(&c2, fxl__add(fxl__sq_signed(cx), fxl__sq_signed(cy)));
    fxl__big_u128(&t2, fxl__sq_signed(t));
    /* beta = R^2 + |C|^2 - t^2 */
    fxl__big_add(&beta, &m->r2, &c2);
    fxl__big_sub(&beta, &beta, &t2);
    for (i = 0; i < 2; i++) {
        fxl__big two;
        fxl__big_mul(&p, &m->sx[i], &x);
        fxl__big_mul(&q, &m->sy[i], &y);
        fxl__big_add(&p, &p, &q);
        fxl__big_i64(&two, 2);
        fxl__big_mul(&alpha, &p, &two);
        if (root_sign(&alpha, &beta, &m->n[i]) >= 0)
            return true;
    }
    if (cx == 0 && cy == 0)
        return false; /* every point of the circle is R from C: the ends said it */
    if (!arc_has(m, cross_sign(m, 0, &x, &y), cross_sign(m, 1, &x, &y)))
        return false;
    /* | |C| - R | <= t: alpha = |C|^2 - R^2 - t^2; |C| <= R + t iff alpha
     * <= 2 t R; |C| >= R - t iff R <= t or alpha >= -2 t R. */
    fxl__big_sub(&alpha, &c2, &m->r2);
    fxl__big_sub(&alpha, &alpha, &t2);
    fxl__big_i64(&p, 2 * t);
    if (root_sign(&alpha, &p, &m->r2) > 0)
        return false;
    if (fxl__big_cmp(&m->r2, &t2) <= 0)
        return true;
    p.sign = -p.sign;
    return root_sign(&alpha, &p, &m->r2) >= 0;
}

/* floor(v / 2^16) for |v| < 2^79 (two's complement written out). */
static int64_t shr16(fxl__i128 v)
{
    uint64_t u = ((uint64_t)v.hi << 48) | (v.lo >> 16);
    return u >> 63 != 0 ? -(int64_t)(~u) - 1 : (int64_t)u;
}

/* The segment from (pu, pv) to (qu, qv) meets the closed box [lu, hu] x
 * [lv, hv] (Q32.32, below 2^53; an empty box: false): the separating axes
 * of a segment and a box are the box's two and the segment's normal, so it
 * meets iff the boxes overlap and the box's corners are not all strictly
 * on one side of the segment's line (fxl__sweep_psign, exact). */
FXL__ALWAYS_INLINE bool seg_meets_box(int64_t pu, int64_t pv, int64_t qu, int64_t qv, int64_t lu,
                                      int64_t hu, int64_t lv, int64_t hv)
{
    int64_t du = qu - pu, dv = qv - pv;
    int k;
    bool nonpos = false, nonneg = false;
    if (lu > hu || lv > hv || fxl__max64(pu, qu) < lu || fxl__min64(pu, qu) > hu ||
        fxl__max64(pv, qv) < lv || fxl__min64(pv, qv) > hv)
        return false;
    /* Not all four strictly on one side: settled as soon as a corner on
     * or below the line and one on or above it are seen (issue 20's
     * tails: a crossing box stops after two or three signs, each an
     * exact sign of 128-bit products at worst). */
    for (k = 0; k < 4; k++) {
        int sg = fxl__sweep_psign(du, ((k & 2) ? hv : lv) - pv, dv, ((k & 1) ? hu : lu) - pu);
        nonpos = nonpos || sg <= 0, nonneg = nonneg || sg >= 0;
        if (nonpos && nonneg)
            return true;
    }
    return false;
}

/* Surely within r (r > 0) of the point (ku, kv): some point of the
 * segment from (pu, pv) to (qu, qv) (Q32.32, below 2^52), in 32x32 -> 64
 * products (issue 20's tails: the form it replaced, an end's distance
 * exactly then the foot's in 128-bit products with within()'s bracket,
 * cost a capsule's near turn about 1,500 GBA cycles a corner; audited in
 * test_sweep_aabb.c's corner_filters_audit). Offsets from the point (ku, kv) (the
 * inputs below 2^52: exact in int64, below 2^53), floored to units of 2^h,
 * h the least with every offset below 2^(h + 14) in size: x = x' 2^h + e,
 * 0 <= e < 2^h, -2^14 <= x' < 2^14. Each end moves by less than sqrt(2)
 * 2^h, and the distance from a point to a segment moves by at most the
 * larger end move (the two segments lie within that of each other, point
 * for point along their parameter), so dist < (dist' + sqrt(2)) 2^h, dist'
 * the distance from the origin to the floored segment [e', f']. With m =
 * floor(r / 2^h) - 2 >= 0, dist' <= m gives dist < (m + 1.5) 2^h <= r.
 * dist' <= m exactly: m of 2^15 or more takes every end (|e'|^2 < 2^29);
 * else an end within m (squares below 2^30), or with d = f' - e' nonzero
 * the foot of the origin inside the segment (e'.d <= 0 <= f'.d, the dot
 * products below 2^31) and cross(e', d)^2 <= m^2 |d|^2 (cross below 2^30, both
 * sides below 2^62). False may still be near. */
FXL__ALWAYS_INLINE bool seg_surely_near(int64_t ku, int64_t kv, int64_t pu, int64_t pv, int64_t qu,
                                              int64_t qv, int64_t r)
{
    int64_t x[4], m;
    int32_t e[4], du, dv, cr;
    uint64_t big, m2;
    unsigned h;
    int i;
    x[0] = pu - ku, x[1] = pv - kv, x[2] = qu - ku, x[3] = qv - kv;
    big = fxl__abs64(x[0]) | fxl__abs64(x[1]) | fxl__abs64(x[2]) | fxl__abs64(x[3]);
    h = big >> 14 == 0 ? 0u : 50u - fxl__clz64(big); /* big < 2^(64 - clz) <= 2^(h + 14) */
    for (i = 0; i < 4; i++)
        e[i] = fxl__u2i32((uint32_t)((uint64_t)x[i] >> h)); /* floor(x / 2^h) */
    m = (r >> h) - 2; /* r > 0 */
    if (m < 0)
        return false;
    if (m >= ((int64_t)1 << 15))
        return true;
    m2 = (uint64_t)(m * m);
    if ((uint64_t)((int64_t)e[0] * e[0] + (int64_t)e[1] * e[1]) <= m2 ||
        (uint64_t)((int64_t)e[2] * e[2] + (int64_t)e[3] * e[3]) <= m2)
        return true;
    du = e[2] - e[0], dv = e[3] - e[1];
    if ((du | dv) == 0 || (int64_t)e[0] * du + (int64_t)e[1] * dv > 0 || (int64_t)e[2] * du + (int64_t)e[3] * dv < 0)
        return false; /* (a point: its end test was all) */
    cr = e[0] * dv - e[1] * du; /* below 2^30 in size */
    return (uint64_t)((int64_t)cr * cr) <= m2 * (uint64_t)((int64_t)du * du + (int64_t)dv * dv);
}

#ifdef FXL_TEST_HOOKS
bool fxl__chord_near_check(int64_t ku, int64_t kv, int64_t pu, int64_t pv, int64_t qu, int64_t qv, int64_t r,
                           bool *exact)
{
    *exact = fxl__sumsq_le(fxl__abs64(pu - ku), fxl__abs64(pv - kv), (uint64_t)r) ||
             fxl__sumsq_le(fxl__abs64(qu - ku), fxl__abs64(qv - kv), (uint64_t)r) ||
             seg_near(ku, kv, pu, pv, qu, qv, r);
    return seg_surely_near(ku, kv, pu, pv, qu, qv, r);
}
#endif

/* Every point of the chord from (pu, pv) to (qu, qv) has a point of its arc
 * within g (Q32.32): true when the chord surely comes deeper than g into
 * the rectangle [lu, hu] x [lv, hv] grown by t (the arc then meets it).
 * It, seg_meets_box and seg_surely_near inline (issue 20's tails: their
 * 7 to 10 int64 arguments went through the stack; measured, circle_misses
 * inline in its two callers cost the turns more than it saved). The
 * corners' disks first (32x32 products), then the two boxes (exact signs
 * of 128-bit products at worst): either says hit, the order is free
 * (measured, the capsules' near hits 400 to 500 GBA cycles cheaper). */
FXL__ALWAYS_INLINE bool chord_surely_in(int64_t pu, int64_t pv, int64_t qu, int64_t qv, int64_t lu,
                                        int64_t hu, int64_t lv, int64_t hv, int64_t t, int64_t g)
{
    int k;
    for (k = 0; k < 4 && t > g; k++) {
        int64_t ku = (k & 1) ? hu : lu, kv = (k & 2) ? hv : lv, r = t - g;
        if (((k & 1) && hu == lu) || ((k & 2) && hv == lv))
            continue; /* a repeated corner (a capsule's core) */
        if (fxl__max64(pu, qu) < ku - r || fxl__min64(pu, qu) > ku + r || fxl__max64(pv, qv) < kv - r ||
            fxl__min64(pv, qv) > kv + r)
            continue; /* the chord's box beyond r of the corner */
        if (seg_surely_near(ku, kv, pu, pv, qu, qv, r)) {
#ifdef FXL_TEST_HOOKS
            if (fxl__corner_audit.on) {
                fxl__corner_audit.near_checked++;
                fxl__corner_audit.near_wrong +=
                    fxl__sumsq_le(fxl__abs64(pu - ku), fxl__abs64(pv - kv), (uint64_t)r) ||
                            fxl__sumsq_le(fxl__abs64(qu - ku), fxl__abs64(qv - kv), (uint64_t)r) ||
                            seg_near(ku, kv, pu, pv, qu, qv, r)
                        ? 0u
                        : 1u;
            }
#endif
            return true;
        }
    }
    /* (with t = 0 the two boxes are one: asked once) */
    return seg_meets_box(pu, pv, qu, qv, lu + g, hu - g, lv - t + g, hv + t - g) ||
           (t != 0 && seg_meets_box(pu, pv, qu, qv, lu - t + g, hu + t - g, lv + g, hv - g));
}

/* Arcs about the origin (the pivot), each under half a turn, whose ends lie
 * within d of points of [ulo, uhi] x [vlo, vhi] and whose points lie within
 * grow of that box (Q32.32, below 2^53): true when none comes within t of
 * the rectangle [klu, khu] x [klv, khv]. An arc under half a turn crosses
 * a line through the origin at most once, and only between ends on
 * opposite sides (so it stays in an open half plane that holds both ends);
 * on the circle u is extreme only where v = 0, a maximum at u > 0 and a
 * minimum at u < 0. So u's largest value on an arc is at an end when no
 * arc crosses v = 0 (every v beyond d of 0 on one side) or every end has u
 * < -d (a crossing is then u's minimum): the u range grows upwards by d
 * instead of grow; likewise downwards (every u > d), and for v. The arcs
 * lie in the box so grown; its per-axis gaps gu, gv to the rectangle
 * (below 2^54) bound their distance from below by sqrt(gu^2 + gv^2).
 * Inline in its three callers (issue 20's tails: a call passed its 11
 * int64 on the stack, about 1,100 GBA cycles a call in ROM ARM code, 4 a
 * near turn's (B)). */
FXL__ALWAYS_INLINE bool arcs_apart(int64_t ulo, int64_t uhi, int64_t vlo, int64_t vhi, int64_t d,
                                   int64_t grow, int64_t klu, int64_t khu, int64_t klv, int64_t khv,
                                   int64_t t)
{
    bool vside = vlo > d || vhi < -d, uside = ulo > d || uhi < -d;
    int64_t uup = (vside || uhi < -d) ? d : grow, udown = (vside || ulo > d) ? d : grow;
    int64_t vup = (uside || vhi < -d) ? d : grow, vdown = (uside || vlo > d) ? d : grow;
    int64_t gu = fxl__max64(fxl__max64(klu - (uhi + uup), (ulo - udown) - khu), 0);
    int64_t gv = fxl__max64(fxl__max64(klv - (vhi + vup), (vlo - vdown) - khv), 0);
    if (gu > t || gv > t)
        return true;
    return gu > 0 && gv > 0 && !fxl__sumsq_le((uint64_t)gu, (uint64_t)gv, (uint64_t)t);
}

/* The circle of radius R about the origin (R^2 = r2, Q64) misses the box
 * [x0, x1] x [y0, y1] grown by t (Q32.32, below 2^50): R + t below the
 * box's distance from the origin, or R - t beyond its farthest point. R
 * bracketed by a 32-bit root (sweep_parts.h fxl__sweep_root32: rl <= R <
 * rh, 2^-15 of R wide or a raw unit below 2^32; issue 20's tails: the
 * 64-bit root it replaces cost about 2,150 GBA cycles a corner). For r2
 * below 2^98 (else no answer: false; R below 2^49). */
FXL_ARM_CODE static bool circle_misses(fxl__u128 r2, int64_t x0, int64_t x1, int64_t y0, int64_t y1,
                                       int64_t t)
{
    int64_t rl, rh, bx, by, fx, fy;
    unsigned h;
    if (r2.hi >> 34 != 0)
        return false;
    bx = fxl__max64(fxl__beyond(0, x0, x1), 0), by = fxl__max64(fxl__beyond(0, y0, y1), 0);
    fx = (int64_t)fxl__max64((int64_t)fxl__abs64(x0), (int64_t)fxl__abs64(x1));
    fy = (int64_t)fxl__max64((int64_t)fxl__abs64(y0), (int64_t)fxl__abs64(y1));
    if (t == 0) /* R^2 against the squares, exactly: no root (issue 20's tails) */
        return !fxl__le128(fxl__add(fxl__sq_signed(bx), fxl__sq_signed(by)), r2) ||
               !fxl__le128(r2, fxl__add(fxl__sq_signed(fx), fxl__sq_signed(fy)));
    rl = (int64_t)fxl__sweep_root32(r2, &h);
    rh = (rl + 1) << h, rl <<= h;
    if (!fxl__le128(fxl__add(fxl__sq_signed(bx), fxl__sq_signed(by)), fxl__sq_signed(rh + t)))
        return true; /* (R + t)^2 < (rh + t)^2 < the distance squared */
    return rl > t && !fxl__le128(fxl__sq_signed(rl - t), fxl__add(fxl__sq_signed(fx), fxl__sq_signed(fy)));
}

/* (C)'s arc of the corner (a, b) of K (r2 = a^2 + b^2) for arc_rect and
 * arc_disk. */
FXL__ALWAYS_INLINE void arc_setup(const fxl_sweep_prep *sp, int64_t a, int64_t b, fxl__u128 r2, corner_arc *m)
{
    int i;
    fxl__big_u128(&m->r2, r2);
    m->step_sign = sp->step > 0 ? 1 : -1;
    for (i = 0; i < 2; i++) {
        int32_t c = i ? sp->cos1 : sp->from.cos, s = i ? sp->sin1 : sp->from.sin;
        fxl__big_i128(&m->sx[i], fxl__isub(fxl__imul(c, a), fxl__imul(s, b)));
        fxl__big_i128(&m->sy[i], fxl__iadd(fxl__imul(s, a), fxl__imul(c, b)));
        fxl__big_i64(&m->n[i], (int64_t)c * c + (int64_t)s * s);
    }
}

/* (C) for the corner (a, b) of K: the arc against B (+) disk(t), the box
 * [x0, x1] x [y0, y1] in Q32.32 about Pm. */
FXL__ALWAYS_INLINE bool corner_arc_hit(const fxl_sweep_prep *sp, int64_t a, int64_t b, int64_t x0,
                                       int64_t y0, int64_t x1, int64_t y1, int64_t t)
{
    corner_arc m;
    fxl__u128 r2;
    int i;
    /* The annulus: every point of B (+) disk(t) is within ex, ey of the
     * pivot per axis and at least gx, gy away (below 2^50 each, multiples
     * of 2^16: the box's offsets and t are Q16.16 values times 2^16). In
     * raw units (issue 20's tails: the 128-bit squares cost about 500 GBA
     * cycles a corner), for corners below 2^47: with a' = floor(|a| /
     * 2^16), b' likewise (below 2^31), a'^2 + b'^2 <= |k|^2 / 2^32 <= (a'
     * + 1)^2 + (b' + 1)^2 (below 2^63); with ex' = ex / 2^16 and the others
     * likewise (exact; below 2^31.4 for a box in the domain, so every sum
     * of two squares below 2^64), the first above ex'^2 + ey'^2 or the
     * second below gx'^2 + gy'^2 puts the corner's circle outside. */
    {
        uint64_t ex = ((uint64_t)fxl__max64((int64_t)fxl__abs64(x0), (int64_t)fxl__abs64(x1)) + (uint64_t)t) >> 16;
        uint64_t ey = ((uint64_t)fxl__max64((int64_t)fxl__abs64(y0), (int64_t)fxl__abs64(y1)) + (uint64_t)t) >> 16;
        uint64_t gx = (uint64_t)fxl__max64(fxl__beyond(0, x0, x1) - t, 0) >> 16;
        uint64_t gy = (uint64_t)fxl__max64(fxl__beyond(0, y0, y1) - t, 0) >> 16;
        uint64_t ka = fxl__abs64(a), kb = fxl__abs64(b);
        if (ka < ((uint64_t)1 << 47) && kb < ((uint64_t)1 << 47)) {
            ka >>= 16, kb >>= 16;
            if (ka * ka + kb * kb > ex * ex + ey * ey ||
                (ka + 1u) * (ka + 1u) + (kb + 1u) * (kb + 1u) < gx * gx + gy * gy) {
#ifdef FXL_TEST_HOOKS
                if (fxl__corner_audit.on) {
                    arc_setup(sp, a, b, fxl__add(fxl__sq_signed(a), fxl__sq_signed(b)), &m);
                    fxl__corner_audit.ring_checked++;
                    fxl__corner_audit.ring_wrong +=
                        arc_rect(&m, x0 - t, x1 + t, y0, y1) || arc_rect(&m, x0, x1, y0 - t, y1 + t) ||
                                arc_disk(&m, x0, y0, t) || arc_disk(&m, x1, y0, t) || arc_disk(&m, x0, y1, t) ||
                                arc_disk(&m, x1, y1, t)
                            ? 1u
                            : 0u;
                }
#endif
                return false;
            }
        }
    }
    r2 = fxl__add(fxl__sq_signed(a), fxl__sq_signed(b));
    /* The chord's box: E_i = S_i / |t_i| lies within 1.1e-5 R + 1 of S_i /
     * 2^16 (|t_i| / 2^16 is 1 within 1.1e-5), and an arc of at most half a
     * turn within its sagitta R (1 - cos(theta / 2)) of its chord, so
     * within the chord's box grown by that. theta / 2 <= (|step| / 2 + 1)
     * 2 pi / 4096 (each table direction within 1.1e-5 rad of nominal), so
     * 1 - cos(theta / 2) <= (theta / 2)^2 / 2 <= (|step| + 2)^2 2.95e-7 <
     * (|step| + 2)^2 / 2^21. R <= |a| + |b| < 2^49; all below 2^62. */
    {
        int64_t rr = (int64_t)(fxl__abs64(a) + fxl__abs64(b)), st = (int64_t)fxl__abs32(sp->step) + 2;
        int64_t grow = ((rr >> 21) + 1) * st * st + (rr >> 16) + 2, e[2][2];
        for (i = 0; i < 2; i++) {
            int32_t c = i ? sp->cos1 : sp->from.cos, s = i ? sp->sin1 : sp->from.sin;
            e[i][0] = shr16(fxl__isub(fxl__imul(c, a), fxl__imul(s, b)));
            e[i][1] = shr16(fxl__iadd(fxl__imul(s, a), fxl__imul(c, b)));
        }
        if (arcs_apart(fxl__min64(e[0][0], e[1][0]), fxl__max64(e[0][0], e[1][0]),
                       fxl__min64(e[0][1], e[1][1]), fxl__max64(e[0][1], e[1][1]), (rr >> 16) + 3, grow,
                       x0, x1, y0, y1, t))
            return false;
    }
    /* The annulus again with R bracketed and the box's exact distances
     * (last of the rejects: a square root). */
    if (circle_misses(r2, x0, x1, y0, y1, t)) {
#ifdef FXL_TEST_HOOKS
        if (fxl__corner_audit.on && t == 0) {
            arc_setup(sp, a, b, r2, &m);
            fxl__corner_audit.misses_checked++;
            fxl__corner_audit.misses_wrong += arc_rect(&m, x0, x1, y0, y1) ? 1u : 0u;
        }
#endif
        return false;
    }
    arc_setup(sp, a, b, r2, &m);
    if (t == 0)
        return arc_rect(&m, x0, x1, y0, y1);
    if (arc_rect(&m, x0 - t, x1 + t, y0, y1) || arc_rect(&m, x0, x1, y0 - t, y1 + t))
        return true;
    return arc_disk(&m, x0, y0, t) || arc_disk(&m, x1, y0, t) || arc_disk(&m, x0, y1, t) ||
           arc_disk(&m, x1, y1, t);
}

/* A sure hit of (B) with the pivot inside K (a0 <= 0 <= a1, b0 <= 0 <=
 * b1: a turn about a point of the core): the point q (qx, qy Q16.16, q2 =
 * qx^2 + qy^2; R = |q| 2^16 in Q32.32) of frame points S0 = (u0, v0), S1
 * = (u1, v1) at the table ends (Q32.32, below 2^50) runs in the exact
 * frame along the circle |X| = R over the arc's directions
 * (fxl__turn_middle's derivation). A corner C of K whose direction is on
 * that arc (the exact signs of cross(S_i, C), as sweep_turn.c's on_arc)
 * with |C| + t >= R puts q in K' = K (+) disk(t) at C's direction: the
 * segment from the pivot to C lies in K (convex, holding both), and with
 * |C| >= R its point at distance R is the arc's point there, else (R - t
 * <= |C| < R) C itself is within R - |C| <= t of it. In Q16.16 units,
 * with floors (lx = floor(|cx| / 2^16) <= |cx| / 2^16, likewise ly, tl
 * <= t / 2^16): lx^2 + ly^2 >= q2 gives |C| >= R, (max(lx, ly) + tl)^2 >=
 * q2 gives |C| + t >= R (|C| >= max(|cx|, |cy|)). Taken for corners below
 * 2^46 and t below 2^45 (the squares below 2^61); no root, no 128-bit
 * value (issue 20's tails: the exact corner turn, circle_misses and
 * fxl__turn_middle, cost a near box 6,000 to 8,000 GBA cycles). False
 * may still hit. */
FXL__ALWAYS_INLINE bool pivot_corner_witness(const fxl_laser_prep *a, uint64_t q2, int64_t t, int64_t u0,
                                             int64_t v0, int64_t u1, int64_t v1, int32_t step)
{
    uint64_t tl = (uint64_t)t >> 16; /* t >= 0 */
    int i;
    if (t >= ((int64_t)1 << 45))
        return false;
    for (i = 0; i < 4; i++) {
        int64_t cx = (i & 1) ? a->u_hi : a->u_lo, cy = (i & 2) ? a->v_hi : a->v_lo;
        uint64_t lx = fxl__abs64(cx), ly = fxl__abs64(cy), lm;
        int c0, c1;
        if (((i & 1) && a->u_hi == a->u_lo) || ((i & 2) && a->v_hi == a->v_lo))
            continue; /* a repeated corner (a capsule's core) */
        if (lx >= ((uint64_t)1 << 46) || ly >= ((uint64_t)1 << 46))
            continue;
        lx >>= 16, ly >>= 16, lm = (lx > ly ? lx : ly) + tl; /* below 2^30, 2^30.1 */
        if (lx * lx + ly * ly < q2 && lm * lm < q2)
            continue;
        c0 = fxl__sweep_psign(u0, cy, v0, cx);
        c1 = fxl__sweep_psign(u1, cy, v1, cx);
        if (step > 0 ? (c0 <= 0 && c1 >= 0) : (c0 >= 0 && c1 <= 0))
            return true;
    }
    return false;
}

/* BEHIND THE PIVOT (issue 20's bounded tails: a box just behind a
 * capsule's emitter, turning about it, ran every stage of the motion,
 * about 17,000 GBA cycles). Let K lie in u >= 0 (u_lo >= 0: the pivot at
 * the core's start, an emitter) and be a box laser's rectangle (t = 0) or
 * a capsule's core on v = 0. A frame point q = (u, v) with u < 0 then has
 * dist(q, K) > 0 (t = 0) or, its nearest point of K being (u_lo, 0),
 * dist(q, K)^2 = (u_lo - u)^2 + v^2 >= |q|^2: q is in K (+) disk(t) only
 * if t > 0 and |q| <= t. Take a world offset p from the pivot, in raw
 * units, in a table frame F(p) = (c x + s y, c y - s x) (Q32.32; |F(p)| =
 * sqrt(n) |p| with n = c^2 + s^2 >= 65535^2) or in the turn's exact frame
 * at a direction theta (|p| 2^16 long, u = p . e_theta 2^16). The u of
 * either has the sign of p . e_theta, theta the frame's direction, linear
 * in p: below 0 over the box B iff at B's corners. Over the turn's closed
 * arc between the table directions (at most a half turn; sweep.h) p .
 * e_theta < 0 throughout when it is at both ends: {theta : p . e_theta >=
 * 0} is a closed half circle, which an arc of at most a half turn with
 * both ends outside it cannot reach (it would cross all of it). So when
 * the largest u of B's corners in both table frames is below 0 and every
 * p in B has |p| > rq = round + floor(round / 2^15) + 1 (bx^2 + by^2 >
 * rq^2, bx, by B's per-axis distances from the pivot), no point of B is
 * in either table pose (sqrt(n) |p| / 2^16 >= 65535 |p| / 2^16 > round:
 * round / 65535 < floor(round / 2^15) + 1) nor in any exact pose of the
 * arc (|p| > round). behind_pivot asks K's side and the distance for B =
 * [x0, x1] x [y0, y1] (Q16.16 offsets, taken below 2^31 in magnitude,
 * as turn_frame_apart's int32 values: bx, by below 2^31, the squares'
 * sum below 2^63, rq below 2^30; else no reject); turn_frame_apart has
 * the largest u (its uhi, the two table frames' ranges merged). Its
 * reject is one of the whole motion where box_motion_hit asks it for a
 * box still relative to the pivot (the slides are the table end poses
 * against the same offsets) and of the turn in turn_box_hit. Measured
 * on the GBA (near boxes, prepare + test): that box behind the emitter
 * 17,361 -> about 6,000 cycles; turn_frame_apart's other samples pay one
 * compare of uhi. */
#ifdef FXL_TEST_HOOKS
fxl__behind_audit_t fxl__behind_audit;
#endif

FXL__ALWAYS_INLINE bool behind_pivot(const fxl_laser_prep *a, int64_t x0, int64_t x1, int64_t y0, int64_t y1)
{
    const int64_t lim = ((int64_t)1 << 31) - 1;
    uint32_t r = (uint32_t)a->round, rq = r + (r >> 15) + 1u;
    uint64_t bx = (uint64_t)fxl__max64(fxl__max64(x0, -x1), 0), by = (uint64_t)fxl__max64(fxl__max64(y0, -y1), 0);
    bool hit;
    if (a->u_lo < 0 || (r != 0 && (a->v_lo != 0 || a->v_hi != 0)) || r >= ((uint32_t)1 << 29) || x0 > x1 ||
        y0 > y1 || x0 < -lim || x1 > lim || y0 < -lim || y1 > lim)
        return false;
    hit = bx * bx + by * by <= (uint64_t)rq * rq;
#ifdef FXL_TEST_HOOKS
    if (fxl__behind_audit.off)
        return false;
    if (fxl__behind_audit.on && !hit)
        fxl__behind_audit.checked++;
#endif
    return !hit;
}

/* A cheap reject of the whole turn (issue 20's bounded tails): every point
 * p of the box B [x0, x1] x [y0, y1] (Q16.16 offsets from Pm, in the
 * domain's range) runs in the beam's frame along an arc from its image in
 * the start table frame to its image in the end one, within the box of
 * those two grown by its sagitta and the table scale (the bound of (B)'s
 * corners below, with rr = |x| + |y| at most its largest value over B's
 * corners, |x| + |y| being convex). The images of B in each table frame
 * are parallelograms with B's corners' images as vertices, so every arc
 * lies in the box of the 8 corner images grown by that bound: beyond K
 * grown by t along u or v, no point of B comes within t of K in any
 * direction of the turn. True when that settles a miss; also when B is
 * behind the pivot in both table frames (their largest u below 0) and
 * behind_pivot settles it (session 15). Values: frame values below 2^50,
 * rr below 2^49, grow below 2^51. */
FXL__ALWAYS_INLINE bool turn_frame_apart(const fxl_sweep_prep *sp, int64_t x0, int64_t y0, int64_t x1,
                                         int64_t y1, int64_t t)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t ulo = 0, uhi = 0, vlo = 0, vhi = 0, grow;
    uint32_t r32, st;
    int32_t ix0 = (int32_t)x0, ix1 = (int32_t)x1, iy0 = (int32_t)y0, iy1 = (int32_t)y1;
    int32_t xl = ix0 < ix1 ? ix0 : ix1, xh = ix0 < ix1 ? ix1 : ix0, yl = iy0 < iy1 ? iy0 : iy1, yh = iy0 < iy1 ? iy1 : iy0;
    int i;
    /* c x + s y and c y - s x are separable in the corners' x and y: each
     * table frame's ranges over B's 4 corners from 8 products (issue 20's
     * tails: were 16), the same values; min(c x0, c x1) is c xl for c >= 0,
     * else c xh (xl, xh the least and greatest of x0, x1): the ends picked
     * by the signs, no 64-bit compares. */
    for (i = 0; i < 2; i++) {
        int32_t c = i ? sp->cos1 : a->cos, s = i ? sp->sin1 : a->sin;
        int64_t ul = (c >= 0 ? (int64_t)c * xl : (int64_t)c * xh) + (s >= 0 ? (int64_t)s * yl : (int64_t)s * yh);
        int64_t uh = (c >= 0 ? (int64_t)c * xh : (int64_t)c * xl) + (s >= 0 ? (int64_t)s * yh : (int64_t)s * yl);
        int64_t vl = (c >= 0 ? (int64_t)c * yl : (int64_t)c * yh) - (s >= 0 ? (int64_t)s * xh : (int64_t)s * xl);
        int64_t vh = (c >= 0 ? (int64_t)c * yh : (int64_t)c * yl) - (s >= 0 ? (int64_t)s * xl : (int64_t)s * xh);
        if (i == 0)
            ulo = ul, uhi = uh, vlo = vl, vhi = vh;
        else
            ulo = fxl__min64(ulo, ul), uhi = fxl__max64(uhi, uh), vlo = fxl__min64(vlo, vl), vhi = fxl__max64(vhi, vh);
    }
    if (uhi < 0 && behind_pivot(a, x0, x1, y0, y1))
        return true;
    /* rr = r32 2^16, r32 = max|x| + max|y| below 2^32; (rr >> 21) + 1 =
     * (r32 >> 5) + 1 below 2^27 + 1 and st^2 below 2^22: one 32x32 product
     * (issue 20's tails: the same values as 64-bit products) */
    r32 = (fxl__abs32(ix0) > fxl__abs32(ix1) ? fxl__abs32(ix0) : fxl__abs32(ix1)) +
          (fxl__abs32(iy0) > fxl__abs32(iy1) ? fxl__abs32(iy0) : fxl__abs32(iy1));
    st = fxl__abs32(sp->step) + 2u;
    grow = (int64_t)((uint64_t)((r32 >> 5) + 1u) * (st * st)) + (int64_t)r32 + 2;
    /* each arc's exact ends within (rr >> 16) + 3 of its table ends: the
     * table frame scales by |t| / 2^16, 1 within 1.1e-5 < 2^-16 */
    return arcs_apart(ulo, uhi, vlo, vhi, (int64_t)r32 + 3, grow, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t);
}

/* (A)'s reject, false when B misses the exact start pose E_0 (about the
 * pivot Pm: offsets x0..y1): B against the table pose T_0 grown, with the
 * static box test (aabb_parts.h). A world offset p is at table frame
 * point q = F(p) and at exact frame point lambda q, lambda = 2^16 /
 * sqrt(n) (n = c^2 + s^2: a table vector, sqrt(n) in [65535, 65537]). p
 * in E_0 puts lambda q within t of K, so |lambda q| <= kmax (max |u| +
 * max |v| + t) and dist(q, K) <= t + |q - lambda q| = t + |1 - lambda|
 * |lambda q| / lambda <= t + kmax |sqrt(n) - 2^16| / 2^16 <= t + delta,
 * delta = floor(kmax / 2^16) + 1 (Q32.32). So E_0 lies in T_0 with its
 * round grown by floor(delta / 2^16) + 1 (a capsule: its core kept a
 * segment) or, with no round, its rectangle grown by delta rounded up to
 * a multiple of 2^15 on each side (the per-axis excesses are at most the
 * distance): B missing that region misses E_0. Exact test, conservative
 * region: a miss here is a miss of (A); the rest goes to
 * exact_pose_meets. Taken in the static test's ranges (hull_quick's:
 * offsets within FXL_COORD_MAX, round below 2^29, the rectangle below
 * 2^47 before growing, kmax below 2^50); else true (no reject). Measured
 * on the GBA: ~700 cycles where exact_pose_meets takes 2,400 to 4,400;
 * pose to pose near boxes (prepare + test) max 48,467 -> 46,724. */
FXL__ALWAYS_INLINE bool pose_near(const fxl_laser_prep *a, int64_t kmax, int64_t x0, int64_t y0, int64_t x1,
                                  int64_t y1)
{
    fxl_laser_prep p;
    fxl_aabb b;
    int64_t delta, m;
    bool near;
    if (!(x0 <= x1 && y0 <= y1 && x0 >= -FXL_COORD_MAX && x1 <= FXL_COORD_MAX && y0 >= -FXL_COORD_MAX &&
          y1 <= FXL_COORD_MAX && a->round >= 0 && a->round < ((int32_t)1 << 28) && below(a->u_lo, 47) &&
          below(a->u_hi, 47) && below(a->v_lo, 47) && below(a->v_hi, 47) && kmax >= 0 && below(kmax, 50)))
        return true;
    delta = kmax / 65536 + 1; /* kmax >= 0 */
    p = *a;
    p.pos.x = p.pos.y = 0;
    if (p.round != 0) {
        p.round += (int32_t)(delta / 65536) + 1; /* below 2^28 + 2^19 */
    } else {
        m = (delta / 32768 + 1) * 32768; /* below 2^36 */
        p.u_lo -= m, p.u_hi += m, p.v_lo -= m, p.v_hi += m;
    }
    b.lo.x = (fix16_t)x0, b.lo.y = (fix16_t)y0, b.hi.x = (fix16_t)x1, b.hi.y = (fix16_t)y1;
    near = fxl__hitbox_vs_aabb(&p, b);
#ifdef FXL_TEST_HOOKS
    if (fxl__box_audit.on && !near) {
        fxl__box_audit.checked++;
        fxl__box_audit.wrong += exact_pose_meets(a, a->cos, a->sin, x0, y0, x1, y1) ? 1u : 0u;
    }
#endif
    return near;
}

#ifdef FXL_TEST_HOOKS
fxl__pose_audit_t fxl__pose_audit;
#endif

/* (A) needs no test: the exact start pose's rectangle lies in the table
 * start pose (issue 20's tails: (A) cost the near turns 1,200 to 3,400
 * GBA cycles). In the table frame F (world offset p to F(p), Q32.32) the
 * table pose T_0 is K (+) disk(t), and (A)'s rectangle is sigma K (p at
 * exact frame point F(p) / sigma, sigma = sqrt(n) / 2^16, n = c^2 + s^2).
 * sigma K lies in K (+) disk(t) when
 *  - n <= 2^32 (sigma <= 1) and the pivot (the frame's origin) is in K
 *    (+) disk(t), convex: sigma q = sigma q + (1 - sigma) 0 for q in K;
 *    the origin is taken there on a side band: inside K's u range and
 *    within t of its v range, or the other way round; or
 *  - n in [65535^2, 65537^2] (every table vector's: sigma within 2^-16 of
 *    1) and floor(qm / 2^16) + 1 <= t, qm = kmax - t = max |u| + max |v|
 *    over K (>= |q|, below 2^50): |sigma q - q| = |sigma - 1| |q| <= qm /
 *    2^16 <= t (a capsule's round is far above a beam's length / 2^16).
 * box_motion_hit reaches the turn only after slide 1, whose end is B
 * about Pm in T_0 (the same offsets), missed: so B misses (A)'s
 * rectangle. */
FXL__ALWAYS_INLINE bool pose_in_table(const fxl_laser_prep *a, int64_t kmax)
{
    int64_t t = (int64_t)a->round * 65536;
    int64_t eu = fxl__beyond(0, a->u_lo, a->u_hi), ev = fxl__beyond(0, a->v_lo, a->v_hi);
    uint64_t n = (uint64_t)((int64_t)a->cos * a->cos) + (uint64_t)((int64_t)a->sin * a->sin); /* < 2^64 */
    if (t < 0)
        return false;
    if (n >= (uint64_t)65535 * 65535 && n <= (uint64_t)65537 * 65537 && kmax >= t && ((kmax - t) >> 16) + 1 <= t)
        return true;
    return n <= ((uint64_t)1 << 32) && ((eu <= 0 && ev <= t) || (ev <= 0 && eu <= t));
}

/* The box [x0, x1] x [y0, y1] (Q16.16 offsets from Pm, in the domain's
 * range) meets the turn M: (A), (B), (C) of the head of the file.
 * framed: turn_frame_apart has been asked already (and said no). */
FXL__ALWAYS_INLINE bool turn_box_hit(const fxl_sweep_prep *sp, int64_t x0, int64_t y0, int64_t x1,
                                     int64_t y1, bool framed)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t t = (int64_t)a->round * 65536, kmax, kmin;
    bool pin = a->u_lo <= 0 && a->u_hi >= 0 && a->v_lo <= 0 && a->v_hi >= 0;
    uint64_t kfar, knear;
    int i;
    if (!framed && turn_frame_apart(sp, x0, y0, x1, y1, t))
        return false;
    /* The annulus reject: every point of M is at least dmin = max(dist of
     * the pivot from K along u, along v) - t from the pivot and at most
     * max|a| + max|b| + t (Q32.32, the exact frame keeps lengths); every
     * point of B at least its own per-axis distances, at most max|x| +
     * max|y| (Q16.16 times 2^16). All below 2^51. In raw units (issue
     * 20's tails: 128-bit squares), with kf = ceil(kmax / 2^16) and kn =
     * floor(kmin / 2^16) (below 2^31 for kmax below 2^47, else no reject)
     * and B's raw distances (offsets in the domain: below 2^31, the sums
     * of squares below 2^63): bx^2 + by^2 > kf^2 puts B beyond kmax, fx^2 +
     * fy^2 < kn^2 within kmin; and a corner of B with |q|^2 > kf^2 or
     * below kn^2 (raw) is outside M ((B)'s ring). */
    {
        /* (issue 20's tails: 32-bit values and 32x32 squares, each below
         * 2^62; the offsets fit int32 for a box and a sweep in the domain,
         * Bm and Pm lying between their ends; beyond it the answer is
         * meaningless, never undefined: sweep.h) */
        int32_t ix0 = (int32_t)x0, ix1 = (int32_t)x1, iy0 = (int32_t)y0, iy1 = (int32_t)y1;
        uint32_t bx = ix0 > 0 ? (uint32_t)ix0 : ix1 < 0 ? fxl__abs32(ix1) : 0u;
        uint32_t by = iy0 > 0 ? (uint32_t)iy0 : iy1 < 0 ? fxl__abs32(iy1) : 0u;
        uint32_t fx = fxl__abs32(ix0) > fxl__abs32(ix1) ? fxl__abs32(ix0) : fxl__abs32(ix1);
        uint32_t fy = fxl__abs32(iy0) > fxl__abs32(iy1) ? fxl__abs32(iy0) : fxl__abs32(iy1);
        uint32_t kf, kn;
        bool small;
        kmax = (int64_t)fxl__max64((int64_t)fxl__abs64(a->u_lo), (int64_t)fxl__abs64(a->u_hi)) +
               (int64_t)fxl__max64((int64_t)fxl__abs64(a->v_lo), (int64_t)fxl__abs64(a->v_hi)) + t;
        kmin = fxl__max64(fxl__beyond(0, a->u_lo, a->u_hi), fxl__beyond(0, a->v_lo, a->v_hi)) - t;
        small = kmax < ((int64_t)1 << 47); /* kmin <= kmax */
        kf = small ? (uint32_t)((kmax + 65535) >> 16) : 0u, kn = small && kmin > 0 ? (uint32_t)(kmin >> 16) : 0u;
        kfar = small ? (uint64_t)kf * kf : UINT64_MAX;
        knear = (uint64_t)kn * kn;
        if ((uint64_t)bx * bx + (uint64_t)by * by > kfar || (uint64_t)fx * fx + (uint64_t)fy * fy < knear) {
#ifdef FXL_TEST_HOOKS
            if (fxl__corner_audit.on) { /* the same rejects in 128-bit squares (Q32.32) */
                int64_t bq = (int64_t)bx * 65536, cq = (int64_t)by * 65536;
                int64_t fq = (int64_t)fx * 65536, gq = (int64_t)fy * 65536;
                fxl__corner_audit.ring_checked++;
                fxl__corner_audit.ring_wrong +=
                    !fxl__le128(fxl__add(fxl__sq_signed(bq), fxl__sq_signed(cq)), fxl__sq_signed(kmax)) ||
                            (kmin > 0 &&
                             !fxl__le128(fxl__sq_signed(kmin), fxl__add(fxl__sq_signed(fq), fxl__sq_signed(gq))))
                        ? 0u
                        : 1u;
            }
#endif
            return false;
        }
    }
    /* (A), also the first witness of a hit, after pose_near's reject when
     * the box moves relative to the pivot (framed: it does not, slide 1
     * ended in T_0 about Pm, which missed, and the grown T_0 mostly
     * meets B there: measured, the reject only added to the near turns'
     * max). Skipped when the exact pose lies in the table one
     * (pose_in_table: then B, which slide 1's end put apart from the
     * table pose, is apart from it too). */
    if (!pose_in_table(a, kmax)) {
        if ((framed || pose_near(a, kmax, x0, y0, x1, y1)) && exact_pose_meets(a, a->cos, a->sin, x0, y0, x1, y1))
            return true;
    }
#ifdef FXL_TEST_HOOKS
    else if (fxl__pose_audit.on) {
        fxl__pose_audit.checked++;
        fxl__pose_audit.wrong += exact_pose_meets(a, a->cos, a->sin, x0, y0, x1, y1) ? 1u : 0u;
    }
#endif
    /* (B): the corners. */
    for (i = 0; i < 4; i++) {
        int32_t qx = (int32_t)((i & 1) ? x1 : x0), qy = (int32_t)((i & 2) ? y1 : y0);
        int64_t u0 = fxl__along(a->cos, a->sin, qx, qy), v0 = fxl__across(a->cos, a->sin, qx, qy);
        int64_t u1 = fxl__along(sp->cos1, sp->sin1, qx, qy);
        int64_t v1 = fxl__across(sp->cos1, sp->sin1, qx, qy);
        uint64_t qq = (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy); /* |q|^2, raw units */
        fxl__u128 q2;
        /* (The corner in the table poses at the turn, (u0, v0) and (u1,
         * v1), is a point of slide 1's end and slide 2's start, which
         * box_motion_hit's exact hull tests said miss: no test here.) */
        /* |q| 2^16 outside [kmin, kmax]: the corner is not in M (in raw
         * units, kmin and kmax floored and ceiled: ring's) */
        if (!framed && (qq > kfar || qq < knear)) {
#ifdef FXL_TEST_HOOKS
            if (fxl__corner_audit.on) {
                fxl__corner_audit.ring_checked++;
                fxl__corner_audit.ring_wrong += fxl__turn_middle(sp, qx, qy, u0, v0, u1, v1, 0) ? 1u : 0u;
            }
#endif
            continue;
        }
        /* The corner's frame arc lies in the box of (u0, v0), (u1, v1)
         * grown by its sagitta and the table scale (as the hitbox corners'
         * arcs below); beyond K grown by t there: not in M. */
        {
            /* rr = r32 2^16 (r32 = |qx| + |qy| below 2^32): grow in one 32x32
             * product, as turn_frame_apart's */
            uint32_t r32 = fxl__abs32(qx) + fxl__abs32(qy), st = fxl__abs32(sp->step) + 2u;
            int64_t grow = (int64_t)((uint64_t)((r32 >> 5) + 1u) * (st * st)) + (int64_t)r32 + 2;
            if (arcs_apart(fxl__min64(u0, u1), fxl__max64(u0, u1), fxl__min64(v0, v1), fxl__max64(v0, v1),
                           (int64_t)r32 + 3, grow, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t))
                continue;
            /* A sure hit: every point of the chord has a point of the
             * exact arc within grow + 1 (the sagitta across the chord, the
             * ends' scale within (rr >> 16) + 3), so a chord point deeper
             * than that inside K (+) disk(t) puts the corner in M. */
            if (chord_surely_in(u0, v0, u1, v1, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t, grow + 1))
                return true;
        }
        if (pin && pivot_corner_witness(a, (uint64_t)((int64_t)qx * qx) + (uint64_t)((int64_t)qy * qy), t, u0, v0,
                                        u1, v1, sp->step)) {
#ifdef FXL_TEST_HOOKS
            if (fxl__corner_audit.on) {
                fxl__corner_audit.witness_checked++;
                fxl__corner_audit.witness_wrong += fxl__turn_middle(sp, qx, qy, u0, v0, u1, v1, 0) ? 0u : 1u;
            }
#endif
            return true;
        }
        q2.hi = qq >> 32;
        q2.lo = qq << 32;
        /* the corner's circle against K grown by t, R bracketed (the exact
         * frame keeps distances from the pivot; a square root: last) */
        if (circle_misses(q2, a->u_lo, a->u_hi, a->v_lo, a->v_hi, t)) {
#ifdef FXL_TEST_HOOKS
            if (fxl__corner_audit.on && t == 0) {
                fxl__corner_audit.misses_checked++;
                fxl__corner_audit.misses_wrong += fxl__turn_middle(sp, qx, qy, u0, v0, u1, v1, 0) ? 1u : 0u;
            }
#endif
            continue;
        }
        if (fxl__turn_middle(sp, qx, qy, u0, v0, u1, v1, 0))
            return true;
    }
    /* (No sure hit from the exact pose at the arc's bisector here: it
     * cost every near miss 2,400 to 4,400 GBA cycles more, and without it
     * the near turns' max fell 29,544 -> 27,268, the medians unchanged.) */
    /* (C): K's corners (a capsule's core is a segment: two). */
    for (i = 0; i < 4; i++) {
        int64_t ka = (i & 1) ? a->u_hi : a->u_lo, kb = (i & 2) ? a->v_hi : a->v_lo;
        if (((i & 1) && a->u_hi == a->u_lo) || ((i & 2) && a->v_hi == a->v_lo))
            continue;
        if (corner_arc_hit(sp, ka, kb, x0 * 65536, y0 * 65536, x1 * 65536, y1 * 65536, t))
            return true;
    }
    return false;
}

/* ---- the whole motion ---------------------------------------------------- */

/* floor(v / 2) of an int64. */
static int64_t half64(int64_t v)
{
    return v >= 0 ? v / 2 : -((1 - v) / 2);
}

/* box_motion_hit for a turn with no relative move (the box still, or
 * moving with the pivot; the box's offsets from P0 = Pm): the slides are
 * the table end poses, whose images of B are among turn_frame_apart's, so
 * its reject settles the whole motion; else the slides are the static
 * tests of B in the two table poses: hull_hit with no move, i.e.
 * hull_quick's range checks (asked here once for both) and its static
 * test of B (fxl__hitbox_vs_offsets_uv), called directly (issue 20's
 * tails: hull_quick's 64-bit head, made for a moving hull, cost about
 * 300 GBA cycles a pose); the same test on the same values, so the same
 * answers (still_poses_audit); out of those ranges hull_hit as before.
 * An ARM function of its own with its own copy of turn_box_hit (framed:
 * no second reject), called before box_motion_hit's 64-bit set-up for a
 * fixed box and pivot (the near turns' tails: about 500 cycles). */
FXL_NOINLINE FXL_ARM_CODE static bool still_motion_hit(const fxl_sweep_prep *sp, const fxl_aabb *box)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t x0 = (int64_t)box->lo.x - a->pos.x, y0 = (int64_t)box->lo.y - a->pos.y;
    int64_t x1 = (int64_t)box->hi.x - a->pos.x, y1 = (int64_t)box->hi.y - a->pos.y;
    int32_t uvs[6], *uv;
    if (turn_frame_apart(sp, x0, y0, x1, y1, (int64_t)a->round * 65536))
        return false;
    uv = fxl__hitbox_lean_uv(a, uvs) ? uvs : NULL;
    if (uv != NULL && x0 <= x1 && y0 <= y1 && x0 >= -FXL_COORD_MAX && x1 <= FXL_COORD_MAX &&
        y0 >= -FXL_COORD_MAX && y1 <= FXL_COORD_MAX) {
        int32_t xy[4];
        xy[0] = (int32_t)x0, xy[1] = (int32_t)x1, xy[2] = (int32_t)y0, xy[3] = (int32_t)y1;
#ifdef FXL_TEST_HOOKS
        if (fxl__hull_audit.on || fxl__box_audit.on) {
            /* both poses' direct tests against hull_hit's (the path they
             * replace) and, as hull_hit's own audit, the hull's exact test */
            int k;
            for (k = 0; k < 2; k++) {
                int32_t c = k ? sp->cos1 : a->cos, s = k ? sp->sin1 : a->sin;
                bool q = fxl__hitbox_vs_offsets_uv(a, c, s, xy, uv);
                if (fxl__hull_audit.on) {
                    fxl__hull_audit.still_checked++;
                    fxl__hull_audit.still_wrong += q != hull_hit(a, c, s, x0, y0, x1, y1, 0, 0, uv) ? 1u : 0u;
                }
                if (fxl__box_audit.on) {
                    fxl__box_audit.checked++;
                    fxl__box_audit.wrong += q != hull_edges(a, c, s, x0, y0, x1, y1, 0, 0, false) ? 1u : 0u;
                }
            }
        }
#endif
        if (fxl__hitbox_vs_offsets_uv(a, a->cos, a->sin, xy, uv) ||
            fxl__hitbox_vs_offsets_uv(a, sp->cos1, sp->sin1, xy, uv))
            return true;
    } else if (hull_hit(a, a->cos, a->sin, x0, y0, x1, y1, 0, 0, uv) ||
               hull_hit(a, sp->cos1, sp->sin1, x0, y0, x1, y1, 0, 0, uv)) {
        return true;
    }
    return turn_box_hit(sp, x0, y0, x1, y1, true);
}

/* The box lo..hi whose lo runs to `to` (Q16.16; to = lo: a fixed box)
 * against the whole motion of sp. */
FXL_ARM_CODE static bool box_motion_hit(const fxl_sweep_prep *sp, fxl_aabb box, fxl_vec2 to)
{
    const fxl_laser_prep *a = &sp->from;
    int64_t p0x = a->pos.x, p0y = a->pos.y;
    int64_t ex = (int64_t)to.x - box.lo.x, ey = (int64_t)to.y - box.lo.y; /* the box's move */
    int64_t mx = (int64_t)sp->pivot1.x - p0x, my = (int64_t)sp->pivot1.y - p0y; /* the pivot's */
    int64_t x0 = (int64_t)box.lo.x - p0x, y0 = (int64_t)box.lo.y - p0y;
    int64_t x1 = (int64_t)box.hi.x - p0x, y1 = (int64_t)box.hi.y - p0y;
    int64_t hex, hey, hmx, hmy;
    int32_t uvs[6], *uv;
    bool still;
    /* A fixed box and a fixed pivot (ex = ey = mx = my = 0 and half_move
     * 0, so hex = hey = 0 and still below), dispatched first (before the
     * offsets' 64-bit set-up) */
    if (sp->pivot1.x == a->pos.x && sp->pivot1.y == a->pos.y && sp->step != 0 && to.x == box.lo.x &&
        to.y == box.lo.y && sp->half_move.x == 0 && sp->half_move.y == 0)
        return still_motion_hit(sp, &box);
    if (sp->step == 0) {
        uv = fxl__hitbox_lean_uv(a, uvs) ? uvs : NULL;
        return hull_hit(a, a->cos, a->sin, x0, y0, x1, y1, ex - mx, ey - my, uv);
    }
    hex = half64(ex), hey = half64(ey);
    hmx = sp->half_move.x, hmy = sp->half_move.y;
    /* A turn with no relative move (the box still, or moving with the
     * pivot): the slides are the table end poses, whose images of B are
     * among turn_frame_apart's, so its reject settles the whole motion. */
    still = hex == hmx && hey == hmy && ex - hex == mx - hmx && ey - hey == my - hmy;
    if (still)
        return still_motion_hit(sp, &box);
    /* lp's checks for the slides' static tests, once */
    uv = fxl__hitbox_lean_uv(a, uvs) ? uvs : NULL;
    /* Slide 1: the start pose about P0, the box from B0 by hex - hmx. */
    if (hull_hit(a, a->cos, a->sin, x0, y0, x1, y1, hex - hmx, hey - hmy, uv))
        return true;
    /* About Pm = P0 + half_move, the box at B0 + half its move. */
    x0 += hex - hmx, x1 += hex - hmx, y0 += hey - hmy, y1 += hey - hmy;
    /* Slide 2: the end pose about Pm, the box by the rest of both moves. */
    if (hull_hit(a, sp->cos1, sp->sin1, x0, y0, x1, y1, (ex - hex) - (mx - hmx),
                 (ey - hey) - (my - hmy), uv))
        return true;
    return turn_box_hit(sp, x0, y0, x1, y1, false);
}

/* The reject: the box's path (lo..hi, and moved by (ex, ey)) against the
 * bounding box of the motion (fxl__sweep_box: every point a beam of the
 * motion covers lies within its half-extent of its middle plus one raw
 * unit, mod 2^32). True when they may meet. */
FXL__ALWAYS_INLINE bool span_may(uint32_t m, uint32_t h, int64_t lo, int64_t hi)
{
    uint64_t e = (uint64_t)h + 1u, w = (uint64_t)(hi - lo) + 2u * e;
    if (w >= ((uint64_t)1 << 32))
        return true;
    /* some x in [lo, hi] within e of m  <=>  m - lo + e in [0, w] (mod 2^32) */
    return (uint32_t)(m - (uint32_t)lo + (uint32_t)e) <= (uint32_t)w;
}

FXL__ALWAYS_INLINE bool near_motion(uint32_t mx, uint32_t my, uint32_t hx, uint32_t hy,
                                    fxl_aabb box, fxl_vec2 to)
{
    int64_t ex = (int64_t)to.x - box.lo.x, ey = (int64_t)to.y - box.lo.y;
    int64_t lx = (int64_t)box.lo.x + (ex < 0 ? ex : 0), hx_ = (int64_t)box.hi.x + (ex > 0 ? ex : 0);
    int64_t ly = (int64_t)box.lo.y + (ey < 0 ? ey : 0), hy_ = (int64_t)box.hi.y + (ey > 0 ? ey : 0);
    if (hx_ < lx || hy_ < ly)
        return true; /* out of the domain (inverted): no reject, meaningless */
    return span_may(mx, hx, lx, hx_) && span_may(my, hy, ly, hy_);
}

/* Circles about the box's middle c (lo + floor(w / 2) per axis, w = hi -
 * lo). A circle's radius r is a reach in the beam's frame (sweep.h: the
 * frame is the world scaled by |t| / 2^16, within 1.1e-5 < 2^-15 of 1, and
 * the exact turn by 1), so in the world it reaches r 2^16 / |t|, within
 * r / 2^15 of r. The inscribed one, radius min(floor(w / 2)) - that
 * margin - 1, then lies in the box at every pose (c - lo = floor(w / 2),
 * hi - c = ceil(w / 2)); the enclosing one, radius e1 + ceil(e2 / 2) +
 * the margin + 2 with e = ceil(w / 2) (e1 >= e2), holds it at every pose
 * (sqrt(a^2 + b^2) <= a + b / 2 for a >= b: (a + b/2)^2 - a^2 - b^2 = b
 * (a - 3b/4) >= 0). Moving with the box, each keeps that relation at
 * every moment, so the inscribed circle hitting is a hit and the
 * enclosing one missing is a miss. False (no circles) when the enclosing
 * radius is beyond FXL_SIZE_MAX or the box is inverted; *in_ok false when
 * the inscribed radius would be negative. (The middle lies between lo and
 * hi: no wrap for a box in the domain.) */
FXL__ALWAYS_INLINE bool box_circles(fxl_aabb box, fxl_circle *in, fxl_circle *out, bool *in_ok)
{
    uint32_t wx, wy, ex, ey, big_e, small_e, r, ri;
    if (box.hi.x < box.lo.x || box.hi.y < box.lo.y)
        return false;
    /* widths below 2^32: unsigned, shifts for the halves */
    wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
    ex = wx - (wx >> 1), ey = wy - (wy >> 1);
    big_e = ex > ey ? ex : ey, small_e = ex > ey ? ey : ex;
    if (big_e > (uint32_t)FXL_SIZE_MAX)
        return false;
    r = big_e + small_e - (small_e >> 1); /* below 2^29 */
    r += (r >> 15) + 2;
    ri = (wx < wy ? wx : wy) >> 1;
    if (r > (uint32_t)FXL_SIZE_MAX)
        return false;
    *in_ok = ri > (ri >> 15);
    ri = *in_ok ? ri - (ri >> 15) - 1u : 0u;
    in->c = fxl_vec2_make(fxl__wrap_add(box.lo.x, (int32_t)(wx >> 1)), fxl__wrap_add(box.lo.y, (int32_t)(wy >> 1)));
    in->r = (fix16_t)ri;
    out->c = in->c;
    out->r = (fix16_t)r;
    return true;
}

static bool corner_witness(const fxl_sweep_prep *sp, fxl_aabb box);

/* The inscribed circle (box_circles': inside the box at every pose) in
 * the beam at the first or last moment (the start table pose about the
 * pivot, the end one about pivot + move; fxl__frame_test, exact): a sure
 * hit. Offsets exact for a box in the domain. */
FXL_ARM_CODE static bool disk_witness(const fxl_sweep_prep *sp, fxl_circle in)
{
    const fxl_laser_prep *a = &sp->from;
    int32_t qx = fxl__offset(in.c.x, a->pos.x), qy = fxl__offset(in.c.y, a->pos.y);
    int32_t ex = fxl__offset(in.c.x, sp->pivot1.x), ey = fxl__offset(in.c.y, sp->pivot1.y);
    return fxl__frame_test(a, fxl__along(a->cos, a->sin, qx, qy), fxl__across(a->cos, a->sin, qx, qy), in.r) ||
           fxl__frame_test(a, fxl__along(sp->cos1, sp->sin1, ex, ey), fxl__across(sp->cos1, sp->sin1, ex, ey),
                           in.r);
}

/* The single tests: the two circles first (a far box costs the circle's
 * reject), then the exact stages. A fixed box against a sweep whose pivot
 * moves takes corner_witness's sure hits (its corners in the beam at the
 * first or last moment) in place of the inscribed circle's exact test:
 * for such a sweep that test is the moving circle's whole exact test
 * (two slides and a turn), and on the GBA it cost the near pose-to-pose
 * sweeps that reach the exact stages about 2,400 to 7,800 cycles (issue
 * 20's tails; measured, sweeps turning about a fixed pivot keep it: there
 * it costs 600 to 3,400 and settles more of their hits). */
FXL__ALWAYS_INLINE bool one_box(const fxl_sweep_prep *sp, fxl_aabb box, fxl_vec2 to)
{
    fxl_circle in, out;
    bool in_ok;
    /* (the radius is checked by box_circles; the middle, in the domain
     * for a box in it, is checked here: u + C <= 2C for the uint32 u) */
    if (box_circles(box, &in, &out, &in_ok) &&
        (uint32_t)out.c.x + (uint32_t)FXL_COORD_MAX <= 2u * (uint32_t)FXL_COORD_MAX &&
        (uint32_t)out.c.y + (uint32_t)FXL_COORD_MAX <= 2u * (uint32_t)FXL_COORD_MAX) {
        int64_t dx = (int64_t)in.c.x + ((int64_t)to.x - box.lo.x);
        int64_t dy = (int64_t)in.c.y + ((int64_t)to.y - box.lo.y);
        if (to.x == box.lo.x && to.y == box.lo.y) {
            if (!fxl_sweep_vs_circle(sp, out))
                return false;
            if (sp->pivot1.x != sp->from.pos.x || sp->pivot1.y != sp->from.pos.y) {
                /* (corner_witness's offsets are exact for a box in the
                 * domain: out of it, the exact stages alone) */
                if (fxl_aabb_check(box) == FXL_OK &&
                    ((in_ok && disk_witness(sp, in)) || corner_witness(sp, box)))
                    return true;
            } else if (in_ok && fxl_sweep_vs_circle(sp, in)) {
                return true;
            }
        } else if (dx >= -FXL_COORD_MAX && dx <= FXL_COORD_MAX && dy >= -FXL_COORD_MAX &&
                   dy <= FXL_COORD_MAX) {
            fxl_vec2 d = fxl_vec2_make((fix16_t)dx, (fix16_t)dy);
            if (!fxl_sweep_vs_moving_circle(sp, out, d))
                return false;
            if (in_ok && fxl_sweep_vs_moving_circle(sp, in, d))
                return true;
        }
    }
    return box_motion_hit(sp, box, to);
}

FXL_WARM_CODE
bool fxl_sweep_vs_aabb(const fxl_sweep_prep *sp, fxl_aabb box)
{
    FXL_ASSERT(sp != NULL && fxl_aabb_check(box) == FXL_OK);
    return one_box(sp, box, box.lo);
}

FXL_WARM_CODE
bool fxl_sweep_vs_moving_aabb(const fxl_sweep_prep *sp, fxl_aabb from, fxl_vec2 to)
{
    FXL_ASSERT(sp != NULL && fxl_aabb_check(from) == FXL_OK);
    return one_box(sp, from, to);
}

/* The batch loop of both forms: box i moving from from[i] to to[i] (to
 * NULL: each box fixed, its lo as its end), bit i of hit_bits (batch.h). */
FXL_WARM_CODE static size_t boxes_batch(const fxl_sweep_prep *sp, const fxl_aabb *from, const fxl_vec2 *to, size_t n,
                          uint32_t *hit_bits)
{
    uint32_t mx = 0, my = 0, hx = 0, hy = 0;
    bool boxed = fxl__sweep_box(sp, &mx, &my, &hx, &hy);
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    for (i = 0; i < n; i++) {
        fxl_vec2 end = to != NULL ? to[i] : from[i].lo;
        fxl__bits_put(&b, i, n, (!boxed || near_motion(mx, my, hx, hy, from[i], end)) &&
                                    box_motion_hit(sp, from[i], end));
    }
    return b.hits;
}

size_t fxl_sweep_vs_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *boxes, size_t n,
                          uint32_t *hit_bits)
{
    FXL_ASSERT(sp != NULL && (boxes != NULL || n == 0));
    return boxes_batch(sp, boxes, NULL, n, hit_bits);
}

size_t fxl_sweep_vs_moving_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *from,
                                 const fxl_vec2 *to, size_t n, uint32_t *hit_bits)
{
    FXL_ASSERT(sp != NULL && ((from != NULL && to != NULL) || n == 0));
    return boxes_batch(sp, from, to, n, hit_bits);
}

FXL_WARM_CODE
size_t fxl_sweep_collect_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap)
{
    uint32_t mx = 0, my = 0, hx = 0, hy = 0;
    bool boxed;
    size_t i, hits = 0;

    FXL_ASSERT(sp != NULL && (boxes != NULL || n == 0) && (out_idx != NULL || cap == 0));
    boxed = fxl__sweep_box(sp, &mx, &my, &hx, &hy);
    for (i = 0; i < n; i++) {
        if ((!boxed || near_motion(mx, my, hx, hy, boxes[i], boxes[i].lo)) &&
            box_motion_hit(sp, boxes[i], boxes[i].lo)) {
            if (hits < cap)
                out_idx[hits] = i;
            hits++;
        }
    }
    return hits;
}

/* Sure hits of the fused call: a corner of the box within the beam at the
 * motion's first or last moment (the start table pose about the pivot,
 * the end one about pivot + move: slide 1's start and slide 2's end, the
 * poses general_near takes), each corner tested as a circle of radius 0
 * (fxl__frame_test, exact; in IWRAM: faster than point_near in ROM).
 * Offsets exact: box and pivots in the domain. (Measured on the GBA, near
 * sweeps about the emitter: of the 173 in 1,536 the inscribed circle's
 * witness left, 103 were box hits at an end pose, each costing
 * turn_frame_apart and hull_hit about 5,000 cycles; this finds them all
 * at about 1,300.) */
FXL_ARM_CODE static bool corner_witness(const fxl_sweep_prep *sp, fxl_aabb box)
{
    const fxl_laser_prep *a = &sp->from;
    int i;
    for (i = 0; i < 4; i++) {
        fix16_t x = (i & 1) ? box.hi.x : box.lo.x, y = (i & 2) ? box.hi.y : box.lo.y;
        int32_t qx = fxl__offset(x, a->pos.x), qy = fxl__offset(y, a->pos.y);
        int32_t ex = fxl__offset(x, sp->pivot1.x), ey = fxl__offset(y, sp->pivot1.y);
        if (fxl__frame_test(a, fxl__along(a->cos, a->sin, qx, qy), fxl__across(a->cos, a->sin, qx, qy),
                            0) ||
            fxl__frame_test(a, fxl__along(sp->cos1, sp->sin1, ex, ey),
                            fxl__across(sp->cos1, sp->sin1, ex, ey), 0))
            return true;
    }
    return false;
}

#ifdef FXL_TEST_HOOKS
/* one_box's sure hits for a fixed box and a moving pivot (disk_witness,
 * corner_witness), alone: tests/test_sweep_aabb.c's end_witness_sound. */
bool fxl__box_end_witness(const fxl_sweep_prep *sp, fxl_aabb box)
{
    fxl_circle in, out;
    bool in_ok;
    if (fxl_aabb_check(box) != FXL_OK || !box_circles(box, &in, &out, &in_ok))
        return false;
    return (in_ok && disk_witness(sp, in)) || corner_witness(sp, box);
}
#endif

/* Many sweeps against one box: a tight enclosing circle through
 * fxl_sweeps_vs_circle first (its rejects without a preparation, on the
 * fused path), then, for the sweeps it lets through, the inscribed
 * circle's sound hits at three poses (fxl__sweep_witness, which prepares
 * the sweep on the way), the box's corners at the end poses
 * (corner_witness), and only for the rest the exact stages (the inscribed
 * circle's exact test is left out: on the GBA it cost the near sweeps
 * more than it saved, 3,253 -> 3,184 cycles a sweep about the emitter).
 * A sweep the circle call refuses is the one fxl_sweep_prepare refuses
 * (same checks, same codes, in order). */
FXL_WARM_CODE
fxl_result fxl_sweeps_vs_aabb(const fxl_sweep *sweeps, size_t n, fxl_aabb box, uint32_t *hit_bits,
                              size_t *hits)
{
    fxl_result first = fxl_aabb_check(box);
    fxl_circle in, out;
    bool in_ok = false;
    size_t i = 0, count = 0;
    /* Nothing hits a box outside the domain: its code is returned. */
    bool ok = first == FXL_OK;
    bool circled = ok && box_circles(box, &in, &out, &in_ok) && fxl_circle_check(out) == FXL_OK;

    /* The enclosing circle made tighter for the circle call (a smaller one
     * sends fewer sweeps down its near path): every point of the box lies
     * within sqrt(a^2 + b^2) of its middle, a >= b the larger and smaller
     * of ex, ey = ceil(w / 2) (box_circles' middle is lo + floor(w / 2)),
     * and sqrt(a^2 + b^2) <= a + (sqrt(2) - 1) b (within()'s bound: a +
     * 0.4143 b - sqrt(a^2 + b^2) is concave in b, 0 at b = 0 and b = a) <
     * e = a + floor(27 b / 64) + 1 (27 / 64 > sqrt(2) - 1): no square root
     * (a 64-bit one cost the far sweeps ~40 cycles each on the GBA). The
     * radius e with box_circles' margin for the frame's scale, e + (e >>
     * 15) + 2, holds the box at every pose as there; the smaller of it and
     * box_circles' is taken (same centre, no larger: it passes
     * fxl_circle_check as that one did). */
    if (circled) {
        uint32_t wx = (uint32_t)box.hi.x - (uint32_t)box.lo.x, wy = (uint32_t)box.hi.y - (uint32_t)box.lo.y;
        uint32_t ex = wx - (wx >> 1), ey = wy - (wy >> 1);
        uint32_t a = ex > ey ? ex : ey, b = ex > ey ? ey : ex;
        /* a, b below 2^29 here (box_circles refused larger): no wrap */
        uint32_t e = a + (uint32_t)(((uint64_t)b * 27u) >> 6) + 1u;
        e += (e >> 15) + 2u;
        if (e < (uint32_t)out.r)
            out.r = (fix16_t)e;
    }

    if (sweeps == NULL && n != 0) {
        first = FXL_ERR_NULL;
        n = 0;
    }
    while (i < n) {
        size_t end = n - i > 32u ? i + 32u : n;
        uint32_t word = 0, bit = 1, cand = 0xFFFFFFFFu;
        if (circled) {
            fxl_result res = fxl_sweeps_vs_circle(&sweeps[i], end - i, out, &cand, NULL);
            if (res != FXL_OK && first == FXL_OK)
                first = res;
            if (cand == 0)
                i = end; /* every sweep of the chunk missed the enclosing circle */
        }
        for (; i < end; i++, bit <<= 1) {
            fxl_sweep_prep sp;
            int h;
            if ((cand & bit) == 0)
                continue;
            /* The inscribed circle's sound hits, preparing the sweep on
             * the way (with circled, a candidate is a sweep
             * fxl_sweep_prepare accepts: the circle call passes no other). */
            h = circled && in_ok ? fxl__sweep_witness(&sweeps[i], in, &sp) : -1;
            if (h > 0) {
                word |= bit;
                count++;
                continue;
            }
            if (h < 0) {
                fxl_result res = fxl_sweep_prepare(&sweeps[i], &sp);
                if (res != FXL_OK) {
                    if (first == FXL_OK)
                        first = res;
                    continue;
                }
            }
            if (ok && (corner_witness(&sp, box) || box_motion_hit(&sp, box, box.lo))) {
                word |= bit;
                count++;
            }
        }
        if (hit_bits != NULL)
            hit_bits[(i - 1) >> 5] = word;
    }
    if (hits != NULL)
        *hits = count;
    return first;
}
