/* fuzz_bounce_hit.c - libFuzzer harness of fxl_bounce_vs_circle (cast.h):
 * up to 8 legs, chained (each starting where the last ended) or not, with
 * ends that step a little or jump anywhere in int32, any laser and any
 * circle, centred near a leg's end or anywhere. Invariants:
 *   - in the domain (ends within +-FXL_COORD_MAX, legs at most
 *     FXL_SIZE_MAX long on an axis, the circle's centre in the domain and
 *     its radius 0..FXL_SIZE_MAX, the laser's half-width 0..FXL_SIZE_MAX
 *     and hit fraction 0..1): the answer is the exact point-to-segment
 *     test (__int128) over the legs at radius h + r, h = fix16_mul of the
 *     half-width and the fraction;
 *   - chained legs in the domain: the answer is the curvy route's (the
 *     legs' points pushed into an untapered curvy laser of the laser's
 *     half-width and hit fraction, fxl_curvy_vs_circle);
 *   - a circle centred on a leg's end (in the domain) hits;
 *   - boxes (fxl_bounce_vs_aabb) at the circle's centre: chained legs in the
 *     domain give the curvy route's answer (fxl_curvy_vs_aabb), a box
 *     holding a leg's end hits, a box with lo > hi misses;
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

#include <math.h>

#define LEGS 8

/* The point (px, py) lies within R of the segment a..b, exactly. */
static bool seg_near(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py, int64_t R)
{
    int64_t dx = bx - ax, dy = by - ay, qx = px - ax, qy = py - ay;
    fz_i128 a = (fz_i128)dx * dx + (fz_i128)dy * dy, b = (fz_i128)qx * dx + (fz_i128)qy * dy;
    fz_i128 RR = (fz_i128)R * R;
    if (b <= 0)
        return (fz_i128)qx * qx + (fz_i128)qy * qy <= RR;
    if (b >= a)
        return (fz_i128)(px - bx) * (px - bx) + (fz_i128)(py - by) * (py - by) <= RR;
    {
        fz_i128 cr = (fz_i128)qx * dy - (fz_i128)qy * dx;
        return (fz_u128)(cr * cr) <= (fz_u128)RR * (fz_u128)a;
    }
}

/* The least R >= 0 with seg_near true (the distance rounded up), from a
 * double estimate corrected by the exact test; -1 past 2^31. */
static int64_t touch_R(const fxl_bounce *g, int64_t px, int64_t py)
{
    double ax = g->start.x, ay = g->start.y, dx = (double)g->end.x - ax, dy = (double)g->end.y - ay;
    double dd = dx * dx + dy * dy, t = 0.0;
    int64_t R;
    if (dd > 0.0) {
        t = ((px - ax) * dx + (py - ay) * dy) / dd;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    }
    R = (int64_t)hypot(px - ax - t * dx, py - ay - t * dy) - 2;
    if (R < 0)
        R = 0;
    while (R < ((int64_t)1 << 31) && !seg_near(g->start.x, g->start.y, g->end.x, g->end.y, px, py, R))
        R++;
    while (R > 0 && seg_near(g->start.x, g->start.y, g->end.x, g->end.y, px, py, R - 1))
        R--;
    return R < ((int64_t)1 << 31) ? R : -1;
}

static bool leg_ok(const fxl_bounce *g)
{
    return fz_coord_ok(g->start.x) && fz_coord_ok(g->start.y) && fz_coord_ok(g->end.x) &&
           fz_coord_ok(g->end.y) && llabs((int64_t)g->end.x - g->start.x) <= FXL_SIZE_MAX &&
           llabs((int64_t)g->end.y - g->start.y) <= FXL_SIZE_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser l = fz_laser(&f);
    fxl_bounce g[LEGS];
    size_t n = fz_below(&f, LEGS + 1), j;
    bool chained = true, domain, got, got_box, box_ok;
    fxl_aabb box;
    fxl_vec2 at;
    fxl_circle c;
    at.x = fz_coord(&f);
    at.y = fz_coord(&f);
    memset(g, 0, sizeof g);
    for (j = 0; j < n; j++) {
        if (fz_u8(&f) == 0xA5) { /* a break in the chain */
            at.x = fz_coord(&f);
            at.y = fz_coord(&f);
            chained = false;
        }
        g[j].start = at;
        if (fz_flag(&f)) {
            at.x = fz_wrap((int64_t)at.x + (int16_t)(fz_u8(&f) | (uint32_t)fz_u8(&f) << 8) * (int64_t)fz_below(&f, 65537));
            at.y = fz_wrap((int64_t)at.y + (int16_t)(fz_u8(&f) | (uint32_t)fz_u8(&f) << 8) * (int64_t)fz_below(&f, 65537));
        } else {
            at.x = fz_coord(&f);
            at.y = fz_coord(&f);
        }
        g[j].end = at;
        g[j].wall = j + 1 < n ? 0 : -1;
    }
    if (n > 0 && fz_flag(&f)) { /* near a leg's end */
        const fxl_bounce *e = &g[fz_below(&f, (uint32_t)n)];
        c.c.x = fz_wrap((int64_t)e->end.x + (int8_t)fz_u8(&f) * (int64_t)fz_below(&f, 65537));
        c.c.y = fz_wrap((int64_t)e->end.y + (int8_t)fz_u8(&f) * (int64_t)fz_below(&f, 65537));
    } else {
        c.c.x = fz_coord(&f);
        c.c.y = fz_coord(&f);
    }
    c.r = fz_size(&f);
    if (n > 0 && fz_u8(&f) < 96 && fz_coord_ok(c.c.x) && fz_coord_ok(c.c.y)) {
        /* the touching radius of a leg in the domain, or one unit less */
        const fxl_bounce *e = &g[fz_below(&f, (uint32_t)n)];
        if (leg_ok(e) && l.half_width >= 0 && l.half_width <= FXL_SIZE_MAX && l.hit_fraction >= 0 &&
            l.hit_fraction <= fix16_one) {
            int64_t R = touch_R(e, c.c.x, c.c.y) - fix16_mul(l.half_width, l.hit_fraction) - fz_flag(&f);
            if (R >= 0 && R <= FXL_SIZE_MAX)
                c.r = (fix16_t)R;
        }
    }
    got = fxl_bounce_vs_circle(&l, g, n, c);
    box.lo = c.c;
    box.hi.x = fz_wrap((int64_t)c.c.x + (fz_flag(&f) ? (int64_t)fz_below(&f, 65536) * fz_u8(&f) : fz_coord(&f)));
    box.hi.y = fz_wrap((int64_t)c.c.y + (fz_flag(&f) ? (int64_t)fz_below(&f, 65536) * fz_u8(&f) : fz_coord(&f)));
    got_box = fxl_bounce_vs_aabb(&l, g, n, box);
    box_ok = fz_coord_ok(box.lo.x) && fz_coord_ok(box.lo.y) && fz_coord_ok(box.hi.x) &&
             fz_coord_ok(box.hi.y);
    if (box_ok && (box.lo.x > box.hi.x || box.lo.y > box.hi.y)) {
        FZ_CHECK(!got_box);
        box_ok = false;
    }
    FZ_CHECK(!fxl_bounce_vs_circle(NULL, g, n, c) && !fxl_bounce_vs_circle(&l, NULL, n, c));
    domain = fz_coord_ok(c.c.x) && fz_coord_ok(c.c.y) && c.r >= 0 && c.r <= FXL_SIZE_MAX &&
             l.half_width >= 0 && l.half_width <= FXL_SIZE_MAX && l.hit_fraction >= 0 &&
             l.hit_fraction <= fix16_one;
    for (j = 0; j < n && domain; j++)
        domain = leg_ok(&g[j]);
    if (!domain)
        return 0;
    {
        int64_t R = (int64_t)fix16_mul(l.half_width, l.hit_fraction) + c.r;
        bool want = false;
        for (j = 0; j < n && !want; j++)
            want = seg_near(g[j].start.x, g[j].start.y, g[j].end.x, g[j].end.y, c.c.x, c.c.y, R);
        FZ_CHECK(got == want);
        for (j = 0; j < n; j++) {
            fxl_circle e = c;
            e.c = g[j].end;
            FZ_CHECK(fxl_bounce_vs_circle(&l, g, n, e));
            if (box_ok && g[j].end.x >= box.lo.x && g[j].end.x <= box.hi.x && g[j].end.y >= box.lo.y &&
                g[j].end.y <= box.hi.y)
                FZ_CHECK(got_box);
        }
    }
    if (chained && n > 0) {
        static fxl_curvy_node nodes[LEGS + 1];
        static fxl_aabb boxes[FXL_CURVY_BOXES(LEGS + 1)];
        fxl_curvy cv;
        fxl_result r = fxl_curvy_init(&cv, nodes, LEGS + 1, boxes, FXL_CURVY_BOXES(LEGS + 1), l.half_width, 0);
        FZ_CHECK(r == FXL_OK);
        cv.hit_fraction = l.hit_fraction;
        r = fxl_curvy_push(&cv, g[0].start, l.half_width);
        for (j = 0; j < n && r == FXL_OK; j++)
            r = fxl_curvy_push(&cv, g[j].end, l.half_width);
        FZ_CHECK(r == FXL_OK);
        FZ_CHECK(fxl_curvy_vs_circle(&cv, c) == got);
        if (box_ok)
            FZ_CHECK(fxl_curvy_vs_aabb(&cv, box) == got_box);
    }
    return 0;
}
