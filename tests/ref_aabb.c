/* ref_aabb.c - the exact static box reference (ref_aabb.h): the box's
 * frame image and the grown rectangle compared corner by corner and edge by
 * edge, in big integers. Deliberately written unlike src/laser_aabb.c (no
 * separating axes, no world-scaled K): a different route to the same set. */
#include "ref_aabb.h"

#include "bigint.h"

typedef struct pt {
    int64_t u, v; /* Q32.32 frame point, |.| < 2^51 */
} pt;

static uint32_t faults;

uint32_t ref_aabb_faults(void)
{
    return faults + big_faults();
}

static big B(int64_t v)
{
    return big_i64(v);
}

static big sub(big a, big b)
{
    return big_add(a, big_neg(b));
}

/* Cross and dot products of frame vectors, exact. */
static big cross(pt a, pt b)
{
    return sub(big_mul(B(a.u), B(b.v)), big_mul(B(a.v), B(b.u)));
}

static big dot(pt a, pt b)
{
    return big_add(big_mul(B(a.u), B(b.u)), big_mul(B(a.v), B(b.v)));
}

static pt minus(pt a, pt b)
{
    pt r;
    r.u = a.u - b.u;
    r.v = a.v - b.v;
    return r;
}

/* sign of (b - a) x (c - a). */
static int orient(pt a, pt b, pt c)
{
    return cross(minus(b, a), minus(c, a)).s;
}

static int64_t mn(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t mx(int64_t a, int64_t b) { return a > b ? a : b; }

/* c within the bounding box of segment ab (for collinear points). */
static bool in_span(pt a, pt b, pt c)
{
    return c.u >= mn(a.u, b.u) && c.u <= mx(a.u, b.u) && c.v >= mn(a.v, b.v) &&
           c.v <= mx(a.v, b.v);
}

/* Closed segments ab and cd share a point (degenerate ones included). */
static bool seg_cross(pt a, pt b, pt c, pt d)
{
    int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true;
    return (o1 == 0 && in_span(a, b, c)) || (o2 == 0 && in_span(a, b, d)) ||
           (o3 == 0 && in_span(c, d, a)) || (o4 == 0 && in_span(c, d, b));
}

/* |q - p|^2 <= t^2. */
static bool pt_near(pt p, pt q, const big *t2)
{
    pt d = minus(q, p);
    return big_cmp(dot(d, d), *t2) <= 0;
}

/* Distance of q to the closed segment ab at most t (t2 = t^2). */
static bool pt_seg_near(pt q, pt a, pt b, const big *t2, int64_t t)
{
    pt e = minus(b, a), d = minus(q, a);
    big ee = dot(e, e), de;
    if (ee.s == 0)
        return pt_near(a, q, t2);
    de = dot(d, e);
    if (de.s <= 0)
        return pt_near(a, q, t2);
    if (big_cmp(de, ee) >= 0)
        return pt_near(b, q, t2);
    {
        /* Foot inside: (e x d)^2 <= t^2 |e|^2. */
        big cr = cross(e, d), tt = B(t);
        return big_cmp(big_mul(cr, cr), big_mul(big_mul(tt, tt), ee)) <= 0;
    }
}

static bool seg_seg_near(pt a, pt b, pt c, pt d, const big *t2, int64_t t)
{
    if (seg_cross(a, b, c, d))
        return true;
    if (t == 0)
        return false;
    return pt_seg_near(a, c, d, t2, t) || pt_seg_near(b, c, d, t2, t) ||
           pt_seg_near(c, a, b, t2, t) || pt_seg_near(d, a, b, t2, t);
}

static pt frame_of(const ref_hitbox *h, int64_t dx, int64_t dy)
{
    pt p;
    p.u = h->c * dx + h->s * dy;
    p.v = h->c * dy - h->s * dx;
    return p;
}

ref_hitbox ref_hitbox_of_laser(const fxl_laser *l)
{
    ref_hitbox h;
    int64_t w = ((int64_t)l->half_width * l->hit_fraction + 32768) / 65536; /* halves up */
    int64_t len = (int64_t)l->length * 65536;
    h.pos = l->pos;
    h.c = fxl_cos(l->angle);
    h.s = fxl_sin(l->angle);
    if (l->anchor == FXL_ANCHOR_EMITTER) {
        h.u_lo = 0;
        h.u_hi = len;
    } else {
        h.u_lo = -len / 2;
        h.u_hi = len / 2;
    }
    if (l->kind == FXL_LASER_BOX) {
        h.v_lo = -w * 65536;
        h.v_hi = w * 65536;
        h.round = 0;
    } else {
        h.v_lo = h.v_hi = 0;
        h.round = (int32_t)w;
    }
    return h;
}

ref_hitbox ref_hitbox_of_prep(const fxl_laser_prep *lp)
{
    ref_hitbox h;
    h.pos = lp->pos;
    h.c = lp->cos;
    h.s = lp->sin;
    h.u_lo = lp->u_lo;
    h.u_hi = lp->u_hi;
    h.v_lo = lp->v_lo;
    h.v_hi = lp->v_hi;
    h.round = lp->round;
    return h;
}

/* The rectangle's corners in order (a closed loop). */
static void rect_corners(const ref_hitbox *h, pt r[4])
{
    r[0].u = h->u_lo, r[0].v = h->v_lo;
    r[1].u = h->u_hi, r[1].v = h->v_lo;
    r[2].u = h->u_hi, r[2].v = h->v_hi;
    r[3].u = h->u_lo, r[3].v = h->v_hi;
}

static bool in_rect(const ref_hitbox *h, pt p)
{
    return p.u >= h->u_lo && p.u <= h->u_hi && p.v >= h->v_lo && p.v <= h->v_hi;
}

/* q inside the parallelogram o + a e1 + b e2, a, b in [0, 1], e1 x e2 != 0
 * (Cramer: a = (d x e2) / (e1 x e2), b = (e1 x d) / (e1 x e2)). */
static bool in_quad(pt o, pt e1, pt e2, pt q)
{
    pt d = minus(q, o);
    big den = cross(e1, e2), a = cross(d, e2), b = cross(e1, d);
    if (den.s < 0) {
        den = big_neg(den);
        a = big_neg(a);
        b = big_neg(b);
    }
    return a.s >= 0 && b.s >= 0 && big_cmp(a, den) <= 0 && big_cmp(b, den) <= 0;
}

bool ref_hitbox_vs_aabb(const ref_hitbox *h, fxl_aabb box)
{
    int64_t x0 = (int64_t)box.lo.x - h->pos.x, x1 = (int64_t)box.hi.x - h->pos.x;
    int64_t y0 = (int64_t)box.lo.y - h->pos.y, y1 = (int64_t)box.hi.y - h->pos.y;
    int64_t t = (int64_t)h->round * 65536;
    big tb = B(t), t2 = big_mul(tb, tb);
    pt q[4], r[4];
    int i, j;

    q[0] = frame_of(h, x0, y0);
    q[1] = frame_of(h, x1, y0);
    q[2] = frame_of(h, x1, y1);
    q[3] = frame_of(h, x0, y1);
    rect_corners(h, r);
    /* Quick exact miss: the images' frame bounding boxes farther apart
     * than t on u or v (a necessary condition for any hit). */
    {
        int64_t ulo = INT64_MAX, uhi = INT64_MIN, vlo = INT64_MAX, vhi = INT64_MIN;
        for (i = 0; i < 4; i++) {
            ulo = mn(ulo, q[i].u), uhi = mx(uhi, q[i].u);
            vlo = mn(vlo, q[i].v), vhi = mx(vhi, q[i].v);
        }
        if (uhi < h->u_lo - t || ulo > h->u_hi + t || vhi < h->v_lo - t || vlo > h->v_hi + t)
            return false;
    }
    for (i = 0; i < 4; i++)
        if (in_rect(h, q[i]))
            return true;
    if (x1 > x0 && y1 > y0) {
        for (i = 0; i < 4; i++)
            if (in_quad(q[0], minus(q[1], q[0]), minus(q[3], q[0]), r[i]))
                return true;
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++)
            if (seg_seg_near(q[i], q[(i + 1) & 3], r[j], r[(j + 1) & 3], &t2, t))
                return true;
    return false;
}

bool ref_hitbox_vs_moving_aabb(const ref_hitbox *h, fxl_aabb box, int64_t move_x, int64_t move_y)
{
    int64_t x0 = (int64_t)box.lo.x - h->pos.x, x1 = (int64_t)box.hi.x - h->pos.x;
    int64_t y0 = (int64_t)box.lo.y - h->pos.y, y1 = (int64_t)box.hi.y - h->pos.y;
    int64_t t = (int64_t)h->round * 65536;
    big tb = B(t), t2 = big_mul(tb, tb);
    pt q[8], r[4], fm = frame_of(h, move_x, move_y);
    int i, j, k;

    q[0] = frame_of(h, x0, y0);
    q[1] = frame_of(h, x1, y0);
    q[2] = frame_of(h, x1, y1);
    q[3] = frame_of(h, x0, y1);
    for (i = 0; i < 4; i++) {
        q[i + 4].u = q[i].u + fm.u;
        q[i + 4].v = q[i].v + fm.v;
    }
    rect_corners(h, r);
    {
        /* Quick exact miss, as in the static test, over the eight points. */
        int64_t ulo = INT64_MAX, uhi = INT64_MIN, vlo = INT64_MAX, vhi = INT64_MIN;
        for (i = 0; i < 8; i++) {
            ulo = mn(ulo, q[i].u), uhi = mx(uhi, q[i].u);
            vlo = mn(vlo, q[i].v), vhi = mx(vhi, q[i].v);
        }
        if (uhi < h->u_lo - t || ulo > h->u_hi + t || vhi < h->v_lo - t || vlo > h->v_hi + t)
            return false;
    }
    for (i = 0; i < 8; i++)
        if (in_rect(h, q[i]))
            return true;
    /* A rectangle corner c inside the hull: the path c - tau Fm, tau in
     * [0, 1], meets the start box image (in it at an end, or across a
     * side). */
    for (j = 0; j < 4; j++) {
        pt back = minus(r[j], fm);
        if (x1 > x0 && y1 > y0 &&
            (in_quad(q[0], minus(q[1], q[0]), minus(q[3], q[0]), r[j]) ||
             in_quad(q[0], minus(q[1], q[0]), minus(q[3], q[0]), back)))
            return true;
        for (i = 0; i < 4; i++)
            if (seg_cross(r[j], back, q[i], q[(i + 1) & 3]))
                return true;
    }
    for (k = 0; k < 3; k++)
        for (i = 0; i < 4; i++) {
            pt a, b;
            if (k == 0)
                a = q[i], b = q[(i + 1) & 3];
            else if (k == 1)
                a = q[i + 4], b = q[((i + 1) & 3) + 4];
            else
                a = q[i], b = q[i + 4];
            for (j = 0; j < 4; j++)
                if (seg_seg_near(a, b, r[j], r[(j + 1) & 3], &t2, t))
                    return true;
        }
    return false;
}

bool ref_hitbox_vs_point(const ref_hitbox *h, fxl_vec2 p)
{
    fxl_aabb b;
    b.lo = p;
    b.hi = p;
    return ref_hitbox_vs_aabb(h, b);
}

bool ref_laser_vs_aabb(const fxl_laser *l, fxl_aabb box)
{
    ref_hitbox h = ref_hitbox_of_laser(l);
    return ref_hitbox_vs_aabb(&h, box);
}
