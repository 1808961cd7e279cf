/* ref_cast_aabb.c - the reference for casts against boxes (see
 * ref_cast_aabb.h). */
#include "ref_cast_aabb.h"

#include "harness.h" /* FXL_EWRAM_BSS */

static void keep(bool *found, ref_q *best, ref_q c)
{
    if (!*found || ref_q_cmp(c, *best) < 0)
        *best = c;
    *found = true;
}

/* The point q on the centre line at u >= 0: d x (q - e) = 0 and
 * u = 65536 d . (q - e) / |d|^2 >= 0. */
static bool on_line(fxl_vec2 e, int32_t dx, int32_t dy, fxl_vec2 q, ref_q *u)
{
    big px = big_i64((int64_t)q.x - e.x), py = big_i64((int64_t)q.y - e.y);
    big bx = big_i64(dx), by = big_i64(dy);
    big cr = big_add(big_mul(bx, py), big_neg(big_mul(by, px)));
    big dot = big_add(big_mul(bx, px), big_mul(by, py));
    if (cr.s != 0 || dot.s < 0)
        return false;
    u->n = big_mul(dot, big_i64(65536));
    u->d = big_add(big_mul(bx, bx), big_mul(by, by));
    return true;
}

/* The emitter in the box (its edge too): u* = 0. */
static bool start_inside(fxl_vec2 e, fxl_aabb box, ref_q *u)
{
    if (e.x < box.lo.x || e.x > box.hi.x || e.y < box.lo.y || e.y > box.hi.y)
        return false;
    u->n = big_i64(0);
    u->d = big_i64(1);
    return true;
}

/* The box's corners in turn around it (each side from k[i] to k[i + 1]). */
static void box_corners(fxl_aabb box, fxl_vec2 k[4])
{
    k[0] = box.lo;
    k[1] = fxl_vec2_make(box.hi.x, box.lo.y);
    k[2] = box.hi;
    k[3] = fxl_vec2_make(box.lo.x, box.hi.y);
}

bool ref_box_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_aabb box, ref_q *u)
{
    fxl_vec2 k[4];
    bool found = false;
    int i;
    ref_q t;
    if (start_inside(e, box, u))
        return true;
    box_corners(box, k);
    for (i = 0; i < 4; i++) {
        fxl_wall w;
        w.a = k[i];
        w.b = k[(i + 1) & 3];
        if (on_line(e, dx, dy, k[i], &t))
            keep(&found, u, t);
        if ((w.a.x != w.b.x || w.a.y != w.b.y) && ref_centre(e, dx, dy, w, true, -1, &t))
            keep(&found, u, t);
    }
    return found;
}

/* The point q in the strip |v| <= hw, ahead: u = 65536 d . o / |d|^2 >= 0,
 * 65536 |d x o| <= hw |d|^2 (o = q - e). */
static bool point_in_strip(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_vec2 q, ref_q *u)
{
    big px = big_i64((int64_t)q.x - e.x), py = big_i64((int64_t)q.y - e.y);
    big bx = big_i64(dx), by = big_i64(dy), dd;
    big cr = big_add(big_mul(bx, py), big_neg(big_mul(by, px)));
    big dot = big_add(big_mul(bx, px), big_mul(by, py));
    dd = big_add(big_mul(bx, bx), big_mul(by, by));
    if (cr.s < 0)
        cr = big_neg(cr);
    if (dot.s < 0 || big_cmp(big_mul(cr, big_i64(65536)), big_mul(big_i64(hw), dd)) > 0)
        return false;
    u->n = big_mul(dot, big_i64(65536));
    u->d = dd;
    return true;
}

bool ref_box_width(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_aabb box, ref_q *u)
{
    fxl_vec2 k[4];
    bool found = false;
    int i;
    ref_q t;
    if (start_inside(e, box, u))
        return true;
    box_corners(box, k);
    for (i = 0; i < 4; i++) {
        fxl_wall w;
        w.a = k[i];
        w.b = k[(i + 1) & 3];
        if (w.a.x == w.b.x && w.a.y == w.b.y) {
            if (point_in_strip(e, dx, dy, hw, w.a, &t))
                keep(&found, u, t);
        } else if (ref_box(e, dx, dy, hw, w, &t)) {
            keep(&found, u, t);
        }
    }
    return found;
}

long ref_cast_aabbs(const fxl_laser *laser, const fxl_aabb *boxes, size_t n, bool width, ref_q *u)
{
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle);
    long best = -1;
    size_t i;
    for (i = 0; i < n; i++) {
        ref_q t;
        bool met = width ? ref_box_width(laser->pos, c, s, laser->half_width, boxes[i], &t)
                         : ref_box_centre(laser->pos, c, s, boxes[i], &t);
        if (met && ref_q_cmp_int(t, laser->length) <= 0 &&
            (best < 0 || ref_q_cmp(t, *u) < 0)) {
            *u = t;
            best = (long)i;
        }
    }
    return best;
}

/* ---- Capsule lasers with FXL_CAST_WIDTH ---------------------------------
 * Written apart from the core: the capsule with core [0, U] meets the box
 * iff the scaled core segment (65536 e to 65536 e + U d) is within w |d|
 * of the scaled box: it crosses the box (the centre line's first entry is
 * at most U), or an end is within w |d| of the box, or a corner whose
 * foot falls on the segment is within w |d| of the line. The least such
 * integer U (monotone: binary search) is ceil(u*); u* equals it exactly
 * when the core's point there is at distance w from the box and the point
 * just before is farther: the box's nearest point q lies ahead ((q - p) . d
 * > 0), or level with it ((q - p) . d = 0) with q - t d (t > 0 small) out
 * of the box (else the distance stays w along the way: u* is earlier). */

/* The scaled box's nearest point to p, and |p - q|^2. */
static big near_box(fxl_aabb box, const big p[2], big q[2])
{
    big lo[2], hi[2], r = big_i64(0);
    int a;
    lo[0] = big_mul(big_i64(box.lo.x), big_i64(65536));
    lo[1] = big_mul(big_i64(box.lo.y), big_i64(65536));
    hi[0] = big_mul(big_i64(box.hi.x), big_i64(65536));
    hi[1] = big_mul(big_i64(box.hi.y), big_i64(65536));
    for (a = 0; a < 2; a++) {
        big g;
        q[a] = big_cmp(p[a], lo[a]) < 0 ? lo[a] : big_cmp(p[a], hi[a]) > 0 ? hi[a] : p[a];
        g = big_add(p[a], big_neg(q[a]));
        r = big_add(r, big_mul(g, g));
    }
    return r;
}

static void core_point(fxl_vec2 e, int32_t dx, int32_t dy, int64_t U, big p[2])
{
    p[0] = big_add(big_mul(big_i64(e.x), big_i64(65536)), big_mul(big_i64(U), big_i64(dx)));
    p[1] = big_add(big_mul(big_i64(e.y), big_i64(65536)), big_mul(big_i64(U), big_i64(dy)));
}

/* What the test at U needs, apart from the core's end: the centre line's
 * entry, the start disc, and per corner whether it is within w |d| of the
 * line and its foot's dot product. */
typedef struct cap_pre {
    fxl_vec2 e;
    int32_t dx, dy;
    fxl_aabb box;
    big dd, r2, dot[4];
    bool near[4], centre_met, start;
    ref_q centre;
} cap_pre;

static void cap_prepare(cap_pre *c, fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_aabb box)
{
    big bx = big_i64(dx), by = big_i64(dy), p[2], q[2];
    int k;
    c->e = e;
    c->dx = dx;
    c->dy = dy;
    c->box = box;
    c->dd = big_add(big_mul(bx, bx), big_mul(by, by));
    c->r2 = big_mul(big_mul(big_i64(hw), big_i64(hw)), c->dd);
    c->centre_met = ref_box_centre(e, dx, dy, box, &c->centre);
    core_point(e, dx, dy, 0, p);
    c->start = big_cmp(near_box(box, p, q), c->r2) <= 0;
    for (k = 0; k < 4; k++) {
        big ox = big_mul(big_i64((int64_t)((k & 1) ? box.hi.x : box.lo.x) - e.x), big_i64(65536));
        big oy = big_mul(big_i64((int64_t)((k & 2) ? box.hi.y : box.lo.y) - e.y), big_i64(65536));
        big cr = big_add(big_mul(oy, bx), big_neg(big_mul(ox, by)));
        c->dot[k] = big_add(big_mul(ox, bx), big_mul(oy, by));
        c->near[k] = c->dot[k].s >= 0 && big_cmp(big_mul(cr, cr), big_mul(c->r2, c->dd)) <= 0;
    }
}

static bool capsule_meets(const cap_pre *c, int64_t U)
{
    big p[2], q[2], udd;
    int k;
    if (c->start || (c->centre_met && ref_q_cmp_int(c->centre, U) <= 0))
        return true;
    core_point(c->e, c->dx, c->dy, U, p);
    if (big_cmp(near_box(c->box, p, q), c->r2) <= 0)
        return true;
    udd = big_mul(big_i64(U), c->dd);
    for (k = 0; k < 4; k++)
        if (c->near[k] && big_cmp(c->dot[k], udd) <= 0)
            return true;
    return false;
}

bool ref_box_capsule(fxl_vec2 e, int32_t dx, int32_t dy, int32_t hw, fxl_aabb box, int32_t L,
                     int64_t *F)
{
    static cap_pre c FXL_EWRAM_BSS;
    int64_t lo = -1, hi = L;
    big p[2], q[2], g, r2;
    cap_prepare(&c, e, dx, dy, hw, box);
    if (!capsule_meets(&c, L))
        return false;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (capsule_meets(&c, mid))
            hi = mid;
        else
            lo = mid;
    }
    *F = hi; /* ceil(u*) */
    if (hi == 0)
        return true;
    core_point(e, dx, dy, hi, p);
    r2 = big_mul(big_mul(big_i64(hw), big_i64(hw)),
                 big_add(big_mul(big_i64(dx), big_i64(dx)), big_mul(big_i64(dy), big_i64(dy))));
    if (big_cmp(near_box(box, p, q), r2) < 0) {
        *F = hi - 1; /* deeper than w at ceil(u*): u* is before it */
        return true;
    }
    g = big_add(big_mul(big_add(q[0], big_neg(p[0])), big_i64(dx)),
                big_mul(big_add(q[1], big_neg(p[1])), big_i64(dy)));
    if (g.s < 0)
        *F = hi - 1;
    else if (g.s == 0) {
        /* q - t d stays in the box iff on each axis d moves it off a face
         * it does not sit on. */
        bool inx = dx == 0 || (dx > 0 ? big_cmp(q[0], big_mul(big_i64(box.lo.x), big_i64(65536))) > 0
                                      : big_cmp(q[0], big_mul(big_i64(box.hi.x), big_i64(65536))) < 0);
        bool iny = dy == 0 || (dy > 0 ? big_cmp(q[1], big_mul(big_i64(box.lo.y), big_i64(65536))) > 0
                                      : big_cmp(q[1], big_mul(big_i64(box.hi.y), big_i64(65536))) < 0);
        if (inx && iny)
            *F = hi - 1;
    }
    return true;
}

long ref_cast_aabbs_capsule(const fxl_laser *laser, const fxl_aabb *boxes, size_t n, int64_t *F)
{
    int32_t c = fxl_cos(laser->angle), s = fxl_sin(laser->angle);
    long best = -1;
    size_t i;
    for (i = 0; i < n; i++) {
        int64_t f;
        if (ref_box_capsule(laser->pos, c, s, laser->half_width, boxes[i], laser->length, &f) &&
            (best < 0 || f < *F)) {
            *F = f;
            best = (long)i;
        }
    }
    return best;
}
