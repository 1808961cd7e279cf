/* ref_curvy_aabb.c - the independent exact reference for curvy lasers
 * against boxes (see ref_curvy_aabb.h for the formulation). */
#include "ref_curvy_aabb.h"

#include "bigint.h"
#include "harness.h" /* FXL_EWRAM_BSS */

/* sign(a b + c e), in big integers (out of line: the GBA's stack is small). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int sign2(int64_t a, int64_t b, int64_t c, int64_t e)
{
    big x = big_add(big_mul(big_i64(a), big_i64(b)), big_mul(big_i64(c), big_i64(e)));
    return x.s;
}

/* The candidate t = n / m (m > 0) satisfies c0 + c1 t >= 0 for each of the
 * k rows of c. */
static bool all_hold(const int64_t (*c)[2], int k, int64_t n, int64_t m)
{
    int i;
    for (i = 0; i < k; i++)
        if (sign2(c[i][0], m, c[i][1], n) < 0)
            return false;
    return true;
}

/* Some t in [0, 1] satisfies every row: the set is an interval whose ends
 * are among 0, 1 and the rows' roots -c0 / c1; try each in [0, 1]. */
static bool some_t(const int64_t (*c)[2], int k)
{
    int i;
    if (all_hold(c, k, 0, 1) || all_hold(c, k, 1, 1))
        return true;
    for (i = 0; i < k; i++) {
        int64_t n = -c[i][0], m = c[i][1];
        if (m == 0)
            continue;
        if (m < 0) {
            n = -n;
            m = -m;
        }
        if (n < 0 || n > m)
            continue;
        if (all_hold(c, k, n, m))
            return true;
    }
    return false;
}

/* The centre P(t) = a + t d, radius r0 + t D: P_v(t) in [v0, v1] and
 * P_u(t) in [u0 - r(t), u1 + r(t)]. */
static bool across(int64_t au, int64_t av, int64_t du, int64_t dv, int64_t u0, int64_t u1,
                   int64_t v0, int64_t v1, int64_t r0, int64_t dd)
{
    int64_t c[4][2];
    c[0][0] = av - v0, c[0][1] = dv;        /* P_v - v0 >= 0 */
    c[1][0] = v1 - av, c[1][1] = -dv;       /* v1 - P_v >= 0 */
    c[2][0] = au + r0 - u0, c[2][1] = du + dd; /* P_u + r - u0 >= 0 */
    c[3][0] = u1 + r0 - au, c[3][1] = dd - du; /* u1 + r - P_u >= 0 */
    return some_t((const int64_t (*)[2])c, 4);
}

bool ref_seg_box(const ref_seg *s, fxl_aabb box)
{
    int64_t dx = s->bx - s->ax, dy = s->by - s->ay, dd = s->hb - s->ha;
    int64_t r = s->ha > s->hb ? s->ha : s->hb;
    /* H lies in the box of its two disks: apart from R, no hit. */
    if ((s->ax < s->bx ? s->ax : s->bx) - r > box.hi.x || (s->ax > s->bx ? s->ax : s->bx) + r < box.lo.x ||
        (s->ay < s->by ? s->ay : s->by) - r > box.hi.y || (s->ay > s->by ? s->ay : s->by) + r < box.lo.y)
        return false;
    if (across(s->ax, s->ay, dx, dy, box.lo.x, box.hi.x, box.lo.y, box.hi.y, s->ha, dd) ||
        across(s->ay, s->ax, dy, dx, box.lo.y, box.hi.y, box.lo.x, box.hi.x, s->ha, dd))
        return true;
    return ref_seg_point(s, box.lo.x, box.lo.y, 0) || ref_seg_point(s, box.hi.x, box.lo.y, 0) ||
           ref_seg_point(s, box.lo.x, box.hi.y, 0) || ref_seg_point(s, box.hi.x, box.hi.y, 0);
}

#define REF_MAX_SEGS 128

static ref_seg segs[REF_MAX_SEGS] FXL_EWRAM_BSS;

bool ref_curvy_aabb(const fxl_curvy *c, fxl_aabb box)
{
    int n = ref_curvy_segs(c, segs, NULL, REF_MAX_SEGS), i;
    for (i = 0; i < n; i++)
        if (ref_seg_box(&segs[i], box))
            return true;
    return false;
}

/* ---- a moving box ------------------------------------------------------------------------------
 * The box R + s m (s in [0, 1]) and the segment's disk at t, (A + t d, r0 +
 * t D), meet iff the point P(s, t) = A + t d - s m is within r(t) of R.
 * The nearest point of R to P is P itself or on an edge (P's y in R's and
 * its x within r(t) of R's, or the axes swapped: linear inequalities in
 * (s, t)), or a corner c (|c + s m - (A + t d)| <= r(t): the corner as a
 * circle of radius 0 moving along m, ref_seg_path). (s, t) ranges over the
 * unit square, or the triangle t <= s when the segment grows with the
 * head. A set of (s, t) cut by linear inequalities, bounded by the square,
 * is non-empty iff one of its vertices (two inequalities' lines meeting)
 * satisfies them all: tried for every pair, in big integers. */

/* Rows a s + b t + c >= 0. */
typedef struct lrow {
    int64_t a, b, c;
} lrow;

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool lp_feasible(const lrow *r, int k)
{
    int i, j, l;
    for (i = 0; i < k; i++)
        for (j = i + 1; j < k; j++) {
            big det = big_add(big_mul(big_i64(r[i].a), big_i64(r[j].b)),
                              big_neg(big_mul(big_i64(r[j].a), big_i64(r[i].b))));
            big sn, tn;
            bool ok = true;
            if (det.s == 0)
                continue;
            /* a_i s + b_i t = -c_i, a_j s + b_j t = -c_j (Cramer). */
            sn = big_add(big_mul(big_i64(r[j].c), big_i64(r[i].b)),
                         big_neg(big_mul(big_i64(r[i].c), big_i64(r[j].b))));
            tn = big_add(big_mul(big_i64(r[i].c), big_i64(r[j].a)),
                         big_neg(big_mul(big_i64(r[j].c), big_i64(r[i].a))));
            if (det.s < 0) {
                det = big_neg(det);
                sn = big_neg(sn);
                tn = big_neg(tn);
            }
            for (l = 0; l < k && ok; l++) {
                big v = big_add(big_add(big_mul(big_i64(r[l].a), sn), big_mul(big_i64(r[l].b), tn)),
                                big_mul(big_i64(r[l].c), det));
                ok = v.s >= 0;
            }
            if (ok)
                return true;
        }
    return false;
}

/* The edge case on axes (u, v): P_v in [v0, v1], P_u in [u0 - r, u1 + r]. */
static bool lp_edge(int64_t au, int64_t av, int64_t du, int64_t dv, int64_t mu, int64_t mv,
                    int64_t u0, int64_t u1, int64_t v0, int64_t v1, int64_t r0, int64_t dd,
                    bool grows)
{
    lrow r[9];
    int k = 0;
    r[k].a = 1, r[k].b = 0, r[k++].c = 0;   /* s >= 0 */
    r[k].a = -1, r[k].b = 0, r[k++].c = 1;  /* s <= 1 */
    r[k].a = 0, r[k].b = 1, r[k++].c = 0;   /* t >= 0 */
    r[k].a = 0, r[k].b = -1, r[k++].c = 1;  /* t <= 1 */
    if (grows)
        r[k].a = 1, r[k].b = -1, r[k++].c = 0; /* t <= s */
    r[k].a = -mv, r[k].b = dv, r[k++].c = av - v0;            /* P_v >= v0 */
    r[k].a = mv, r[k].b = -dv, r[k++].c = v1 - av;            /* P_v <= v1 */
    r[k].a = -mu, r[k].b = du + dd, r[k++].c = au + r0 - u0;  /* P_u + r >= u0 */
    r[k].a = mu, r[k].b = dd - du, r[k++].c = u1 + r0 - au;   /* P_u - r <= u1 */
    return lp_feasible(r, k);
}

bool ref_seg_moving_box(const ref_seg *s, fxl_aabb box, int64_t mx, int64_t my, bool grows)
{
    int64_t dx = s->bx - s->ax, dy = s->by - s->ay, dd = s->hb - s->ha;
    int64_t r = s->ha > s->hb ? s->ha : s->hb;
    int64_t lx = box.lo.x + (mx < 0 ? mx : 0), hx = (int64_t)box.hi.x + (mx > 0 ? mx : 0);
    int64_t ly = box.lo.y + (my < 0 ? my : 0), hy = (int64_t)box.hi.y + (my > 0 ? my : 0);
    int i;
    /* Apart from the box of everything the box covers, no hit. */
    if ((s->ax < s->bx ? s->ax : s->bx) - r > hx || (s->ax > s->bx ? s->ax : s->bx) + r < lx ||
        (s->ay < s->by ? s->ay : s->by) - r > hy || (s->ay > s->by ? s->ay : s->by) + r < ly)
        return false;
    if (lp_edge(s->ax, s->ay, dx, dy, mx, my, box.lo.x, box.hi.x, box.lo.y, box.hi.y, s->ha, dd,
                grows) ||
        lp_edge(s->ay, s->ax, dy, dx, my, mx, box.lo.y, box.hi.y, box.lo.x, box.hi.x, s->ha, dd,
                grows))
        return true;
    for (i = 0; i < 4; i++) {
        int64_t cx = (i & 1) ? box.hi.x : box.lo.x, cy = (i & 2) ? box.hi.y : box.lo.y;
        if (ref_seg_path(s, cx, cy, cx + mx, cy + my, 0, grows))
            return true;
    }
    return false;
}

static uint32_t idx_m[REF_MAX_SEGS] FXL_EWRAM_BSS;

bool ref_curvy_moving_aabb(const fxl_curvy *c, fxl_aabb from, fxl_vec2 to)
{
    int n = ref_curvy_segs(c, segs, idx_m, REF_MAX_SEGS), i;
    int64_t mx = (int64_t)to.x - from.lo.x, my = (int64_t)to.y - from.lo.y;
    for (i = 0; i < n; i++)
        if (ref_seg_moving_box(&segs[i], from, mx, my, c->grew && idx_m[i] + 2 == c->count))
            return true;
    return false;
}
