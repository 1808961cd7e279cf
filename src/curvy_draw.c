/* curvy_draw.c - a curvy laser's drawing quads (rounded, for drawing only).
 *
 * Each node gets two edge points, p +- w (cos, sin)(a - 1024): w its drawn
 * (tapered) half-width, a the mean direction of its two segments (the
 * older one's direction plus half the signed turn to the newer one's), so
 * (a - 1024) is the bisector of the segments' left normals. Directions are
 * fxl_atan2 steps (4096 a turn); a segment of zero length has none and
 * takes its neighbour's (the last direction seen, 0 before any). A quad
 * joins two nodes' points, so neighbours share them exactly, except at a
 * bend sharper than 90 degrees, where each quad ends square across its own
 * segment. */
#include "curvy_parts.h"

#include "fixlaser/angle.h"
#include "wide.h"

/* p + w * (cos, sin)(a) * sign, Q16.16 rounded to nearest; in the domain
 * (|p| < 2^30, w < 2^28) nothing overflows, outside it the sum saturates. */
static fix16_t edge(fix16_t p, uint32_t w, fix16_t cs, int sign)
{
    int64_t v = (int64_t)p + fxl__round_shift((int64_t)w * cs * sign, 16);
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (fix16_t)v;
}

/* The two edge points of node p at drawn half-width w, across direction a. */
static void edges(fxl_vec2 p, uint32_t w, fxl_angle a, fxl_vec2 *l, fxl_vec2 *r)
{
    fxl_angle nrm = (fxl_angle)((uint32_t)a - 1024u);
    fix16_t cs = fxl_cos(nrm), sn = fxl_sin(nrm);
    *l = fxl_vec2_make(edge(p.x, w, cs, 1), edge(p.y, w, sn, 1));
    *r = fxl_vec2_make(edge(p.x, w, cs, -1), edge(p.y, w, sn, -1));
}

FXL_ARM_CODE
size_t fxl_curvy_quads(const fxl_curvy *c, fxl_vec2 (*quads)[4], size_t cap)
{
    fxl_vec2 left = fxl_vec2_make(0, 0), right = left;
    fxl_angle last = 0, in = 0;
    bool has_in = false;
    size_t out = 0;
    uint32_t k;

    FXL_ASSERT(FXL__CURVY_SET_UP(c) && (quads != NULL || cap == 0));
    if (c == NULL)
        return 0;
    for (k = 0; k < c->count; k++) {
        const fxl_curvy_node *n = fxl_curvy_node_at(c, k);
        fxl_angle dir_in, dir_out, outa = 0;
        bool has_out = false;
        uint32_t w = fxl__curvy_drawn(c, k, n->half_width);
        fxl_vec2 l, r, lo, ro;
        if (k + 1u < c->count) {
            const fxl_curvy_node *m = fxl_curvy_node_at(c, k + 1u);
            fix16_t dx = (fix16_t)((uint32_t)m->p.x - (uint32_t)n->p.x);
            fix16_t dy = (fix16_t)((uint32_t)m->p.y - (uint32_t)n->p.y);
            has_out = dx != 0 || dy != 0;
            if (has_out)
                outa = fxl_atan2(dy, dx);
        }
        if (has_in && has_out) {
            /* A bend of up to 90 degrees: one pair of points on the
             * bisector, shared. Sharper (a hairpin, a bounce): the points on
             * the bisector would pinch the strip, so each quad ends square
             * across its own segment (the joint's outside is left open). */
            int32_t turn = fxl_angle_diff(outa, in);
            if (turn >= -1024 && turn <= 1024)
                dir_in = dir_out = (fxl_angle)((uint32_t)in + (uint32_t)(turn / 2));
            else
                dir_in = in, dir_out = outa;
        } else {
            dir_in = dir_out = has_in ? in : has_out ? outa : last;
        }
        last = has_out ? outa : dir_out;
        edges(n->p, w, dir_in, &l, &r);
        if (k > 0 && (n->flags & FXL_CURVY_CUT) == 0 && out < cap) {
            quads[out][0] = left;
            quads[out][1] = l;
            quads[out][2] = r;
            quads[out][3] = right;
            out++;
        }
        if (dir_out != dir_in)
            edges(n->p, w, dir_out, &lo, &ro);
        else
            lo = l, ro = r;
        left = lo;
        right = ro;
        in = outa;
        has_in = has_out;
    }
    return out;
}
