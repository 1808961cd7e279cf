/* curvy_swept.c - a curvy laser against a moving circle, exactly, for the
 * motion curvy.h states: the circle's centre moves c(s) = c0 + s m over the
 * frame (s in [0, 1]); every segment is static but the newest one, which
 * grows with the head when the last push added it.
 *
 * A static segment: H, the hull of the grown disks (A, R0) and (B, R1)
 * (R = hit width + r), is met by the path iff
 *     c0 in H, or c1 in H, or the path meets the disk at A or at B, or the
 *     path crosses the axis segment AB.
 * Each of these is a hit (AB lies in H). Conversely, let the path meet H
 * with both ends outside it: it enters H at one point of its boundary and
 * leaves at another. The boundary is two arcs (on the disks) and, when
 * neither disk holds the other, two straight sides, one on each side of the
 * line AB. Entering or leaving on an arc meets a disk. Entering and leaving
 * on the same straight side puts the path along that side's line, a
 * supporting line of H, so the part inside is the whole side, whose ends
 * lie on the disks. Entering on one side and leaving on the other, the
 * path crosses the line AB inside H, where H is the segment from A - R0 u
 * to B + R1 u (u = d / |d|; the hull reaches farthest along the axis on
 * the disks then): its parts beyond A and B lie in the disks, so the path
 * meets a disk or crosses AB.
 *
 * The newest segment (c->grew): at time s it is the hull of (A, R0) and
 * (A + s d, R0 + s D), D = R1 - R0 (its tip moves and widens with the head),
 * i.e. the disks (A + t d, R0 + t D) for 0 <= t <= s. A hit is a point of
 *     S = {(s, t): |c0 + s m - A - t d| <= R0 + t D}
 * in the triangle T = {0 <= t <= s <= 1}. S is convex (a norm of an affine
 * map minus an affine function, at most 0). So S meets T iff it meets an
 * edge of T, or lies inside T's interior without touching its edges; in
 * the latter case S lies inside the open unit square, so by the static
 * argument the path crosses AB at a point of S, with t < s. The edges are
 *     t = 0:  the path against the disk (A, R0);
 *     s = 1:  c1 against the whole segment (the static test);
 *     t = s:  |(c0 - A) - s (d - m)| <= R0 + s D, the static tapered test
 *             of the point c0 - A against the disks (0, R0), (d - m, R1);
 * and the crossing is q0 + s m = t d (q0 = c0 - A), solved by cross
 * products: s = cross(q0, d) / cross(d, m), t = cross(q0, m) / cross(d, m),
 * compared with 0, 1 and each other after multiplying out the sign. When d
 * and m are parallel the crossings form a line of the (s, t) plane, whose
 * ends on the unit square's edges would lie in S: the interior case cannot
 * arise, the edges decide.
 *
 * Ranges: after the walk's node boxes (which hold the whole path box), c0
 * and c1 lie within r + w + |d| + |m| < 2^30 of A and of B on each axis;
 * cross and dot products of those with d or m stay below 2^60; the squared
 * distance compare of the path against a disk is below 2^120 (128 bits). */
#include "curvy_parts.h"
#include "batch.h"

#include "domain.h"
#include "frame.h"
#include "wide.h"

/* A moving circle: centre c0, move m (clamped to +-FXL_SIZE_MAX), radius. */
typedef struct mov {
    int32_t x, y, mx, my;
    uint32_t r;
} mov;

/* True iff q0 + s m = t d for some 0 <= s, t <= 1 (and t <= s when the
 * segment grows), d and m not parallel. */
FXL__ALWAYS_INLINE bool crosses(int32_t qx, int32_t qy, int32_t dx, int32_t dy, int32_t mx, int32_t my,
                    bool grows)
{
    int64_t den = (int64_t)dx * my - (int64_t)dy * mx;
    int64_t ns = (int64_t)qx * dy - (int64_t)qy * dx, nt = (int64_t)qx * my - (int64_t)qy * mx;
    if (den == 0)
        return false;
    if (den < 0) {
        den = -den;
        ns = -ns;
        nt = -nt;
    }
    return ns >= 0 && ns <= den && nt >= 0 && nt <= den && (!grows || nt <= ns);
}

/* A quick miss: both ends of the path (q0, q1 from A) farther than rm from
 * the line AB on the same side. The hull (the growing segment's too) lies
 * within rm = max(R0, R1) of the segment AB, so in the slab of half-width
 * rm about its line; the path then lies wholly outside it. With cross
 * products s = cross(d, q) = |d| * (signed distance), the test is
 * min(|s0|, |s1|)^2 > rm^2 |d|^2 (products below 2^120). */
FXL__ALWAYS_INLINE bool beside(int32_t qx, int32_t qy, int32_t ex, int32_t ey, int32_t dx,
                               int32_t dy, uint32_t rm)
{
    int64_t s0 = (int64_t)dx * qy - (int64_t)dy * qx, s1 = (int64_t)dx * ey - (int64_t)dy * ex;
    uint32_t ax = fxl__abs32(dx), ay = fxl__abs32(dy), big = fxl__maxu32(ax, ay);
    uint64_t m;
    if ((s0 > 0) != (s1 > 0) || s0 == 0 || s1 == 0)
        return false;
    m = fxl__minu64(fxl__abs64(s0), fxl__abs64(s1));
    /* |d| between M = max(|dx|, |dy|) and L = M + min / 2 + 1 (fxl__slab_miss's
     * bound): m > rm L and m <= rm M decide in 64 bits (rm < 2^30, L < 2^30:
     * products below 2^60), the squares only between. */
    if (m > (uint64_t)rm * (big + (fxl__minu32(ax, ay) >> 1) + 1u))
        return true;
    if (m <= (uint64_t)rm * big)
        return false;
    return !fxl__le128(fxl__sq(m), fxl__mul64((uint64_t)rm * rm,
                                              (uint64_t)((int64_t)dx * dx + (int64_t)dy * dy)));
}

/* seg_moving past its quick miss: the exact quick miss at the hit widths
 * r0, r1 (r added), then the exact tests. */
FXL_WARM_CODE FXL_NOINLINE static bool seg_moving_exact(const mov *g, const fxl_curvy *c, uint32_t k,
                                                        int32_t qx, int32_t qy, int32_t dx,
                                                        int32_t dy, uint32_t r0, uint32_t r1)
{
    int32_t mx = g->mx, my = g->my, ex = fxl__wrap_add(qx, mx), ey = fxl__wrap_add(qy, my);
    if (beside(qx, qy, ex, ey, dx, dy, fxl__maxu32(r0, r1)))
        return false;
    if (fxl__curvy_capsule(ex, ey, dx, dy, r0, r1, 0)) /* c1: the whole segment */
        return true;
    if (k + 2u == c->count && c->grew) /* the newest segment, growing */
        return fxl__curvy_capsule(qx, qy, dx - mx, dy - my, r0, r1, 0) ||
               fxl__path_disk(qx, qy, mx, my, r0) || crosses(qx, qy, dx, dy, mx, my, true);
    return fxl__curvy_capsule(qx, qy, dx, dy, r0, r1, 0) || fxl__path_disk(qx, qy, mx, my, r0) ||
           fxl__path_disk((int64_t)qx - dx, (int64_t)qy - dy, mx, my, r1) ||
           crosses(qx, qy, dx, dy, mx, my, false);
}

/* The point p lies within R of the segment from 0 to d (dd = |d|^2, lo
 * <= |d| <= hi), exactly, t = p.d given. The nearest point is 0 when t <=
 * 0, d when t >= dd (the end distances, squared, exact in 64 bits), else
 * p's foot on the segment, at distance |p x d| / |d|: within R when |p x
 * d| <= R lo, beyond when |p x d| > R hi, and in between (a band of hi - lo
 * units of |d|) when (p x d)^2 <= R^2 dd, in 128 bits (line_within).
 * Ranges (path_within): |p| < 2^30 + 2^29 per axis, |d| <= 2^28 per axis:
 * p.d, p x d < 2^60, the squared distances below 2^63, dd < 2^57; R <
 * 2^29, hi < 2^30. */
FXL__ALWAYS_INLINE bool line_within(uint64_t cr, uint64_t dd, uint64_t rr, uint32_t r, uint32_t lo,
                                    uint32_t hi)
{
    if (cr <= (uint64_t)r * lo)
        return true;
    if (cr > (uint64_t)r * hi)
        return false;
    return fxl__le128(fxl__sq(cr), fxl__mul64(rr, dd));
}

FXL__ALWAYS_INLINE bool pt_seg_t(int64_t px, int64_t py, int64_t t, int32_t dx, int32_t dy,
                                 uint64_t dd, uint64_t rr, uint32_t r, uint32_t lo, uint32_t hi)
{
    if (t <= 0)
        return (uint64_t)(px * px) + (uint64_t)(py * py) <= rr;
    if ((uint64_t)t >= dd) {
        int64_t ux = px - dx, uy = py - dy;
        return (uint64_t)(ux * ux) + (uint64_t)(uy * uy) <= rr;
    }
    return line_within(fxl__abs64(px * dy - py * dx), dd, rr, r, lo, hi);
}

FXL__ALWAYS_INLINE bool pt_seg(int64_t px, int64_t py, int32_t dx, int32_t dy, uint64_t dd,
                               uint64_t rr, uint32_t r, uint32_t lo, uint32_t hi)
{
    return pt_seg_t(px, py, px * dx + py * dy, dx, dy, dd, rr, r, lo, hi);
}

/* True iff a point moving from q to q + m comes within r of the segment
 * from 0 to d, exactly, for a path wholly on one side of the segment's
 * line (cross(d, q) and cross(d, q + m) nonzero, of one sign; m_cr the
 * lesser of their magnitudes) and a segment of known length, s =
 * floor(|d|). The path and the segment are then disjoint, and the
 * distance between two disjoint segments is the least of the four
 * distances from an end of one to the other (pt_seg: s <= |d| < s + 1;
 * for the path, |m| lies between max(|mx|, |my|) and fxl__len_bound(m)).
 * Fewer when the path's ends project alike (t0 = q.d, t1 = (q + m).d =
 * t0 + m.d; t is affine along the path, so every point of it projects
 * between them): both inside [0, dd], every point's nearest point of the
 * segment is its foot on the line, at distance |cross| / |d|, affine and
 * of one sign along the path: the least is at an end, m_cr / |d| (the two
 * end tests of c0 and c1 in one, the ends A and B not needed); both <= 0,
 * every point's nearest is A: the path's distance to A alone; both >= dd,
 * to B alone. Ranges: |q| <= 2^30, |d|, |m| <= 2^28 per axis, so q1 = q +
 * m and B - q0 = d - q lie within 2^30 + 2^28; r < 2^29; |t0|, |m.d| <
 * 2^59 + 2^57, so t1 < 2^61; m_cr < 2^60. */
/* p (an end of the segment, from the path's start) within r of the path
 * from 0 to m: pt_seg with |m| between max(|mx|, |my|) and
 * fxl__len_bound(m). */
FXL__ALWAYS_INLINE bool pt_path(int64_t px, int64_t py, int32_t mx, int32_t my, uint32_t r)
{
    uint64_t mm = (uint64_t)((int64_t)mx * mx) + (uint64_t)((int64_t)my * my);
    return pt_seg(px, py, mx, my, mm, (uint64_t)r * r, r,
                  fxl__maxu32(fxl__abs32(mx), fxl__abs32(my)), fxl__len_bound(mx, my));
}

FXL_WARM_CODE FXL_NOINLINE static bool path_within(int32_t qx, int32_t qy, int32_t dx, int32_t dy,
                                                   int32_t mx, int32_t my, uint32_t r, uint32_t s,
                                                   uint64_t m_cr)
{
    uint64_t dd = (uint64_t)((int64_t)dx * dx) + (uint64_t)((int64_t)dy * dy), rr;
    int64_t t0 = (int64_t)qx * dx + (int64_t)qy * dy;
    int64_t t1 = t0 + ((int64_t)mx * dx + (int64_t)my * dy);
    if (t0 >= 0 && t1 >= 0 && (uint64_t)t0 <= dd && (uint64_t)t1 <= dd)
        return line_within(m_cr, dd, (uint64_t)r * r, r, s, s + 1u);
    if (t0 <= 0 && t1 <= 0)
        return pt_path(-(int64_t)qx, -(int64_t)qy, mx, my, r); /* A */
    if (t0 >= 0 && t1 >= 0 && (uint64_t)t0 >= dd && (uint64_t)t1 >= dd)
        return pt_path((int64_t)dx - qx, (int64_t)dy - qy, mx, my, r); /* B */
    rr = (uint64_t)r * r;
    return pt_seg_t(qx, qy, t0, dx, dy, dd, rr, r, s, s + 1u) ||                      /* c0 */
           pt_seg_t((int64_t)qx + mx, (int64_t)qy + my, t1, dx, dy, dd, rr, r, s, s + 1u) || /* c1 */
           pt_path(-(int64_t)qx, -(int64_t)qy, mx, my, r) ||                         /* A */
           pt_path((int64_t)dx - qx, (int64_t)dy - qy, mx, my, r);                   /* B */
}

/* A tapered static segment (r0 != r1), the path wholly on one side of
 * its line, of known length (s + 1 = len1: fxl__curvy_len1): by the
 * header's argument the path meets the hull iff an end of it lies in the
 * hull or it meets the disk (A, r0) or (B, r1) (it cannot cross AB).
 * The disks first, in pt_seg's 64 bits (|m| between max(|mx|, |my|) and
 * fxl__len_bound(m)), then the ends, fxl__curvy_capsule at the stored
 * length. Ranges as path_within's; r0, r1 < 2^29. */
FXL_WARM_CODE FXL_NOINLINE static bool seg_moving_tapered(const mov *g, int32_t qx, int32_t qy,
                                                          int32_t dx, int32_t dy, uint32_t r0,
                                                          uint32_t r1, uint32_t len1)
{
    int32_t mx = g->mx, my = g->my;
    uint64_t mm = (uint64_t)((int64_t)mx * mx) + (uint64_t)((int64_t)my * my);
    uint32_t mlo = fxl__maxu32(fxl__abs32(mx), fxl__abs32(my)), mhi = fxl__len_bound(mx, my);
    return pt_seg(-(int64_t)qx, -(int64_t)qy, mx, my, mm, (uint64_t)r0 * r0, r0, mlo, mhi) ||
           pt_seg((int64_t)dx - qx, (int64_t)dy - qy, mx, my, mm, (uint64_t)r1 * r1, r1, mlo, mhi) ||
           fxl__curvy_capsule(qx, qy, dx, dy, r0, r1, len1) ||
           fxl__curvy_capsule(fxl__wrap_add(qx, mx), fxl__wrap_add(qy, my), dx, dy, r0, r1, len1);
}

/* The hit half-widths of segment k's nodes (fxl__curvy_hit) at a hit
 * fraction other than one, h_k in the low word, h_k+1 in the high one:
 * 32-bit work, so plain code (Thumb on the GBA, where it runs from ROM in
 * fewer cycles than ARM code), out of seg_moving's way. */
FXL_NOINLINE static uint64_t hit_pair(const fxl_curvy *c, uint32_t k, fix16_t wa, fix16_t wb)
{
    return fxl__curvy_hit(c, k, wa) | (uint64_t)fxl__curvy_hit(c, k + 1u, wb) << 32;
}

/* One segment against the moving circle: beside's 64-bit reject first, at
 * the clamped drawn half-widths, before the hit widths' taper and
 * fraction. The hit widths never exceed those (fxl__curvy_hit: the taper's
 * min, then a fraction <= 1, rounded to nearest, of an integer no larger),
 * so rq = max(wa, wb) + r >= max(R0, R1) = rm: a path beside the slab of
 * half-width rq is beside the hull (beside's proof at rm, whose slab lies
 * inside). The reject is beside's first compare: both ends on one side,
 * the nearer one's cross product m = |cross(d, q)| > rq L, L >= |d| (s + 1
 * from the segment's stored length, fxl__curvy_len1, else fxl__len_bound):
 * then its distance m / |d| > rq. Then the same at rm, and, the path on
 * one side of the line, path_within's distance (the answer for an
 * untapered static segment, a sure miss for a tapered or growing one);
 * the rest goes to seg_moving_exact. Ranges: |q| <= 2^30 per axis
 * (checked), |m|, |d| <= 2^28: cross products below 2^60; rq, rm < 2^29,
 * L < 2^30. */
FXL_WARM_CODE static bool seg_moving(void *ctx, const fxl_curvy *c, uint32_t k, fxl_curvy_node *a,
                                     fxl_curvy_node *b)
{
    const mov *g = (const mov *)ctx;
    int32_t qx = fxl__offset(g->x, a->p.x), qy = fxl__offset(g->y, a->p.y);
    int32_t dx = fxl__offset(b->p.x, a->p.x), dy = fxl__offset(b->p.y, a->p.y);
    int32_t ex = fxl__wrap_add(qx, g->mx), ey = fxl__wrap_add(qy, g->my);
    int64_t s0, s1;
    uint64_t m = 0;
    uint32_t len1 = 0, r0, r1, rm;

    /* Only nodes a push would not write and circles outside the domain get
     * here beyond the ranges above (meaningless then, and defined). */
    if (fxl__abs32(qx) > (1u << 30) || fxl__abs32(qy) > (1u << 30) ||
        fxl__abs32(dx) > (uint32_t)FXL_SIZE_MAX || fxl__abs32(dy) > (uint32_t)FXL_SIZE_MAX)
        return false;
    s0 = (int64_t)dx * qy - (int64_t)dy * qx;
    s1 = (int64_t)dx * ey - (int64_t)dy * ex;
    if ((s0 > 0 && s1 > 0) || (s0 < 0 && s1 < 0)) {
        /* The wider clamped half-width: the clamp grows with its input,
         * so it is the clamp of the wider raw one. */
        fix16_t wab = a->half_width > b->half_width ? a->half_width : b->half_width;
        m = fxl__minu64(fxl__abs64(s0), fxl__abs64(s1));
        len1 = fxl__curvy_len1(dx, dy, b->seg_len);
        if (m > (uint64_t)(fxl__curvy_radius(wab) + g->r) * (len1 != 0 ? len1 : fxl__len_bound(dx, dy)))
            return false;
    }
    if (c->hit_fraction == fix16_one) {
        fxl__curvy_hit_pair(c, k, a->half_width, b->half_width, &r0, &r1);
    } else {
        uint64_t h = hit_pair(c, k, a->half_width, b->half_width);
        r0 = (uint32_t)h;
        r1 = (uint32_t)(h >> 32);
    }
    r0 += g->r;
    r1 += g->r;
    /* len1 != 0: s0, s1 of one strict sign (so d != 0), the length known.
     * Every hull, tapered or growing, lies within rm = max(r0, r1) of the
     * segment AB (its disks (A + t d, r0 + t (r1 - r0)), t in [0, 1], have
     * radii <= rm): a path farther than rm from AB misses it, and for an
     * untapered static segment (the hull is AB grown by r0) the distance
     * decides. */
    rm = fxl__maxu32(r0, r1);
    if (len1 != 0) {
        /* The same slab at rm (tapered nodes, a fraction below 1). */
        if (m > (uint64_t)rm * len1 ||
            !path_within(qx, qy, dx, dy, g->mx, g->my, rm, len1 - 1u, m))
            return false;
        if (!(k + 2u == c->count && c->grew))
            return r0 == r1 || seg_moving_tapered(g, qx, qy, dx, dy, r0, r1, len1);
    }
    return seg_moving_exact(g, c, k, qx, qy, dx, dy, r0, r1);
}

static int32_t clamp_move(int32_t v)
{
    return fxl__clamp32(v, -FXL_SIZE_MAX, FXL_SIZE_MAX);
}

bool fxl_curvy_vs_moving_circle(const fxl_curvy *c, fxl_circle circle, fxl_vec2 to)
{
    mov g;
    fxl_aabb box;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && fxl_circle_check(circle) == FXL_OK && fxl__vec_ok(to));
    if (c->harmless || c->count < 2)
        return false;
    g.x = circle.c.x;
    g.y = circle.c.y;
    g.r = fxl__curvy_radius(circle.r);
    g.mx = clamp_move(fxl__offset(to.x, g.x));
    g.my = clamp_move(fxl__offset(to.y, g.y));
    FXL_ASSERT(g.mx == fxl__offset(to.x, g.x) && g.my == fxl__offset(to.y, g.y));
    box = fxl__curvy_query(g.x, g.y, fxl__wrap_add(g.x, g.mx), fxl__wrap_add(g.y, g.my), g.r);
    return fxl__curvy_walk(c, &box, seg_moving, &g);
}

size_t fxl_curvy_vs_moving_circles(const fxl_curvy *c, const fxl_circle *from, const fxl_vec2 *to,
                                   size_t n, uint32_t *hit_bits)
{
    fxl__bits b = fxl__bits_start(hit_bits);
    size_t i;
    FXL_ASSERT(FXL__CURVY_SET_UP(c) && ((from != NULL && to != NULL) || n == 0));
    for (i = 0; i < n; i++)
        fxl__bits_put(&b, i, n, fxl_curvy_vs_moving_circle(c, from[i], to[i]));
    return b.hits;
}
