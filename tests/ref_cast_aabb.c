/* ref_cast_aabb.c - the reference for casts against boxes (see
 * ref_cast_aabb.h). */
#include "ref_cast_aabb.h"

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

bool ref_box_centre(fxl_vec2 e, int32_t dx, int32_t dy, fxl_aabb box, ref_q *u)
{
    fxl_vec2 k[4];
    bool found = false;
    int i;
    ref_q t;
    if (e.x >= box.lo.x && e.x <= box.hi.x && e.y >= box.lo.y && e.y <= box.hi.y) {
        u->n = big_i64(0);
        u->d = big_i64(1);
        return true;
    }
    k[0] = box.lo;
    k[1] = fxl_vec2_make(box.hi.x, box.lo.y);
    k[2] = box.hi;
    k[3] = fxl_vec2_make(box.lo.x, box.hi.y);
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
    if (e.x >= box.lo.x && e.x <= box.hi.x && e.y >= box.lo.y && e.y <= box.hi.y) {
        u->n = big_i64(0);
        u->d = big_i64(1);
        return true;
    }
    k[0] = box.lo;
    k[1] = fxl_vec2_make(box.hi.x, box.lo.y);
    k[2] = box.hi;
    k[3] = fxl_vec2_make(box.lo.x, box.hi.y);
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
