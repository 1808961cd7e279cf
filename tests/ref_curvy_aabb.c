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
