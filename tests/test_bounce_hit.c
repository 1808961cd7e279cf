/* test_bounce_hit.c - a bouncing laser's legs against circles
 * (fxl_bounce_vs_circle, cast.h), against an independent exact reference:
 * tests/ref_curvy.c's two-disk hull (big integers, the hull as two disks
 * and the trapezoid of their tangent points; it never calls the library's
 * tests) with both radii the hit half-width worked out here by
 * libfixmath's fix16_mul, over the union of the legs. Circles at the
 * reference's touching radius and one raw unit below, legs of every size
 * and direction (zero-length, axis-aligned, diagonal, up to FXL_SIZE_MAX
 * on an axis at the domain's edge); then the call against the curvy route
 * it replaces (the legs' points pushed into an untapered curvy laser,
 * fxl_curvy_vs_circle) on the legs of random bounces in random rooms; the
 * same for boxes (fxl_bounce_vs_aabb against ref_curvy_aabb.c's
 * ref_seg_box at the touching half-width and one unit below, and against
 * fxl_curvy_vs_aabb); then NULLs, out-of-domain legs, circles and boxes. The property count is
 * FXLT_BOUNCE_HIT_CASES (define it for a long run: 1000000). */
#include "harness.h"


#include "bigint.h"
#include "fixlaser.h"
#include "ref_curvy.h"
#include "ref_curvy_aabb.h"

#include <math.h>

#ifndef FXLT_BOUNCE_HIT_CASES
#define FXLT_BOUNCE_HIT_CASES 200000
#endif

#define PX(v) ((int32_t)((v) * 65536))
#define NLEGS 10

/* ---- the reference --------------------------------------------------- */

typedef struct rlegs {
    ref_seg s[NLEGS];
    int n;
    int64_t px, py;
} rlegs;

/* The hit half-width, independently: fix16_mul of in-domain values. */
static int64_t ref_h(const fxl_laser *l)
{
    return (int64_t)fix16_mul(l->half_width, l->hit_fraction);
}

static void ref_of(const fxl_laser *l, const fxl_bounce *g, int n, rlegs *R)
{
    int64_t h = ref_h(l);
    int i;
    R->n = n;
    for (i = 0; i < n; i++) {
        R->s[i].ax = g[i].start.x;
        R->s[i].ay = g[i].start.y;
        R->s[i].bx = g[i].end.x;
        R->s[i].by = g[i].end.y;
        R->s[i].ha = h;
        R->s[i].hb = h;
    }
}

static bool ref_hit(const void *ctx, int64_t r)
{
    const rlegs *R = (const rlegs *)ctx;
    int i;
    for (i = 0; i < R->n; i++)
        if (ref_seg_point(&R->s[i], R->px, R->py, r))
            return true;
    return false;
}

/* The smallest radius at which a circle at (px, py) touches the legs;
 * FXL_SIZE_MAX + 1 when none does. */
static int64_t ref_touch(rlegs *R, int64_t px, int64_t py)
{
    double est = 1e300;
    int i;
    R->px = px;
    R->py = py;
    for (i = 0; i < R->n; i++) {
        double e = ref_seg_point_est(&R->s[i], (double)px, (double)py);
        if (e < est)
            est = e;
    }
    return ref_smallest_r(ref_hit, R, est, FXL_SIZE_MAX);
}

/* ---- generators ------------------------------------------------------ */

static int32_t clamp_coord(int64_t v)
{
    return (int32_t)(v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v);
}

/* A step of one of several kinds and scales, at most FXL_SIZE_MAX an axis. */
static void gen_step(fxlt_rng *rng, int64_t scale, int32_t *dx, int32_t *dy)
{
    uint32_t kind = fxlt_below(rng, 8);
    int32_t s = (int32_t)scale;
    if (kind == 0) { /* zero-length leg */
        *dx = 0;
        *dy = 0;
    } else if (kind == 1) { /* axis-aligned */
        int32_t v = fxlt_range(rng, -s, s);
        if (fxlt_below(rng, 2) == 0) {
            *dx = v;
            *dy = 0;
        } else {
            *dx = 0;
            *dy = v;
        }
    } else if (kind == 2) { /* diagonal */
        int32_t v = fxlt_range(rng, -s, s);
        int32_t sg = fxlt_below(rng, 2) == 0 ? 1 : -1;
        *dx = v;
        *dy = sg * v;
    } else if (kind == 3) { /* a few raw units */
        *dx = fxlt_range(rng, -3, 3);
        *dy = fxlt_range(rng, -3, 3);
    } else {
        *dx = fxlt_range(rng, -s, s);
        *dy = fxlt_range(rng, -s, s);
    }
}

/* A polyline of n legs (each leg starting where the last ended), in the
 * domain. */
static int gen_legs(fxlt_rng *rng, fxl_bounce *g, int64_t *scale_out)
{
    static const int64_t scales[] = {PX(2), PX(40), PX(300), PX(4000), FXL_SIZE_MAX};
    int64_t scale = scales[fxlt_below(rng, 5)];
    int n = 1 + (int)fxlt_below(rng, NLEGS), i;
    int64_t x, y;
    if (fxlt_below(rng, 4) == 0) { /* near the domain's edge */
        x = fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
        y = fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
    } else {
        x = fxlt_range(rng, -PX(300), PX(300));
        y = fxlt_range(rng, -PX(300), PX(300));
    }
    for (i = 0; i < n; i++) {
        int32_t dx, dy;
        gen_step(rng, scale, &dx, &dy);
        g[i].start = fxl_vec2_make(clamp_coord(x), clamp_coord(y));
        x = clamp_coord(x + dx);
        y = clamp_coord(y + dy);
        g[i].end = fxl_vec2_make((fix16_t)x, (fix16_t)y);
        g[i].dx = 65536;
        g[i].dy = 0;
        g[i].angle = 0;
        g[i].length = 0;
        g[i].wall = i + 1 < n ? 0 : -1;
    }
    *scale_out = scale;
    return n;
}

static fxl_laser gen_laser(fxlt_rng *rng, int64_t scale)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, PX(100), 0);
    uint32_t k = fxlt_below(rng, 4);
    l.half_width = k == 0 ? 0 : k == 1 ? fxlt_range(rng, 0, PX(8)) :
                   fxlt_range(rng, 0, (int32_t)(scale < FXL_SIZE_MAX ? scale : FXL_SIZE_MAX));
    k = fxlt_below(rng, 4);
    l.hit_fraction = k == 0 ? fix16_one : k == 1 ? fix16_one * 3 / 4 : fxlt_range(rng, 0, fix16_one);
    return l;
}

/* A point near a random leg: along it (ends and beyond too) and beside. */
static fxl_vec2 gen_near(fxlt_rng *rng, const fxl_bounce *g, int n, int64_t scale)
{
    const fxl_bounce *L = &g[fxlt_below(rng, (uint32_t)n)];
    int64_t dx = (int64_t)L->end.x - L->start.x, dy = (int64_t)L->end.y - L->start.y;
    int64_t t = fxlt_range(rng, -256, 1280), off = fxlt_range(rng, -1024, 1024);
    int64_t spread = fxlt_range(rng, 0, (int32_t)(scale / 16 + 4));
    int64_t x = L->start.x + dx * t / 1024 - dy * off / 4096 + fxlt_range(rng, -1, 1) * spread;
    int64_t y = L->start.y + dy * t / 1024 + dx * off / 4096 + fxlt_range(rng, -1, 1) * spread;
    return fxl_vec2_make(clamp_coord(x), clamp_coord(y));
}

/* A property test's closing line (touch: what its touching cases were)
 * and checks: no disagreement, more than 1/share of the cases touching,
 * no big-integer fault since faults. */
static void report(const char *touch, uint32_t ncases, uint32_t touching, uint32_t hits, uint32_t bad,
                   uint32_t share, uint32_t faults)
{
    fxlt_printf("    %u cases (%u at the touching %s), %u hits, %u disagreements\n", ncases, touching,
                touch, hits, bad);
    CHECK_EQ(bad, 0);
    CHECK(touching > ncases / share);
    CHECK_EQ(big_faults(), faults);
}

/* ---- boxes ----------------------------------------------------------- */

typedef struct rbox {
    rlegs *R;
    fxl_aabb b;
} rbox;

/* Some leg, its hit half-width h (both radii), touches the box. */
static bool ref_box_at(const void *ctx, int64_t h)
{
    const rbox *q = (const rbox *)ctx;
    int i;
    for (i = 0; i < q->R->n; i++) {
        ref_seg sg = q->R->s[i];
        sg.ha = h;
        sg.hb = h;
        if (ref_seg_box(&sg, q->b))
            return true;
    }
    return false;
}

static bool ref_box_hit(rlegs *R, fxl_aabb b)
{
    int i;
    for (i = 0; i < R->n; i++)
        if (ref_seg_box(&R->s[i], b))
            return true;
    return false;
}

/* A double estimate of the distance from segment a..b to the box (0 when
 * it meets it): the ends against the box, the corners against the
 * segment, a crossing by sampling the clip. */
static double pt_seg(double px, double py, double ax, double ay, double bx, double by)
{
    double dx = bx - ax, dy = by - ay, dd = dx * dx + dy * dy, t = 0.0;
    if (dd > 0.0) {
        t = ((px - ax) * dx + (py - ay) * dy) / dd;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    }
    return hypot(px - ax - t * dx, py - ay - t * dy);
}

static double pt_box(double px, double py, fxl_aabb b)
{
    double ox = px < b.lo.x ? b.lo.x - px : px > b.hi.x ? px - b.hi.x : 0.0;
    double oy = py < b.lo.y ? b.lo.y - py : py > b.hi.y ? py - b.hi.y : 0.0;
    return hypot(ox, oy);
}

static double seg_box_est(const ref_seg *g, fxl_aabb b)
{
    double best = pt_box((double)g->ax, (double)g->ay, b), d;
    double dx = (double)(g->bx - g->ax), dy = (double)(g->by - g->ay);
    int k;
    d = pt_box((double)g->bx, (double)g->by, b);
    best = d < best ? d : best;
    for (k = 0; k < 4; k++) {
        d = pt_seg((k & 1) ? b.hi.x : b.lo.x, (k & 2) ? b.hi.y : b.lo.y, (double)g->ax, (double)g->ay,
                   (double)g->bx, (double)g->by);
        best = d < best ? d : best;
    }
    /* Liang-Barsky clip: the segment crosses the box. */
    {
        const double p[4] = {-dx, dx, -dy, dy};
        const double q[4] = {(double)g->ax - b.lo.x, b.hi.x - (double)g->ax, (double)g->ay - b.lo.y,
                       b.hi.y - (double)g->ay};
        double t0 = 0.0, t1 = 1.0;
        bool in = true;
        for (k = 0; k < 4 && in; k++) {
            if (p[k] == 0.0) {
                in = q[k] >= 0.0;
            } else {
                double r = q[k] / p[k];
                if (p[k] < 0.0)
                    t0 = r > t0 ? r : t0;
                else
                    t1 = r < t1 ? r : t1;
                in = t0 <= t1;
            }
        }
        if (in)
            best = 0.0;
    }
    return best;
}

static void vs_reference_box(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_hit boxes");
    uint32_t target = FXLT_CASES(FXLT_BOUNCE_HIT_CASES / 2), ncases = 0, touching = 0, hits = 0, bad = 0;
    uint32_t faults = big_faults();
    fxl_bounce g[NLEGS];
    rlegs R;
    rbox q;
    q.R = &R;
    while (ncases < target) {
        int64_t scale;
        int n = gen_legs(&rng, g, &scale), i;
        fxl_laser l = gen_laser(&rng, scale);
        for (i = 0; i < 8 && ncases < target; i++) {
            fxl_vec2 p = gen_near(&rng, g, n, scale);
            int32_t wx = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 0, (int32_t)(scale / 4 + 2));
            int32_t wy = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 0, (int32_t)(scale / 4 + 2));
            int m;
            q.b.lo = fxl_vec2_make(p.x, p.y);
            q.b.hi = fxl_vec2_make(clamp_coord((int64_t)p.x + wx), clamp_coord((int64_t)p.y + wy));
            if (fxlt_below(&rng, 3) != 0) { /* the touching half-width, fraction 1 */
                double est = 1e300;
                int64_t h;
                ref_of(&l, g, n, &R);
                for (m = 0; m < n; m++) {
                    double e = seg_box_est(&R.s[m], q.b);
                    est = e < est ? e : est;
                }
                h = ref_smallest_r(ref_box_at, &q, est, FXL_SIZE_MAX);
                if (h <= FXL_SIZE_MAX) {
                    l.half_width = (fix16_t)h;
                    l.hit_fraction = fix16_one;
                    touching++;
                }
            }
            for (m = 0; m < 2; m++) {
                bool got, want;
                ref_of(&l, g, n, &R);
                got = fxl_bounce_vs_aabb(&l, g, (size_t)n, q.b);
                want = ref_box_hit(&R, q.b);
                hits += want;
                ncases++;
                if (got != want) {
                    bad++;
                    if (bad <= 3)
                        fxlt_printf("    box (%d, %d)-(%d, %d), h %d, %d legs: got %d want %d\n", q.b.lo.x,
                                    q.b.lo.y, q.b.hi.x, q.b.hi.y, (int)ref_h(&l), n, got, want);
                }
                if (l.half_width == 0)
                    break;
                l.half_width--;
            }
        }
    }
    report("half-width and one unit below", ncases, touching, hits, bad, 5, faults);
}

/* ---- the cases ------------------------------------------------------- */

static uint32_t one_case(const fxl_laser *l, const fxl_bounce *g, int n, rlegs *R, fxl_circle c,
                         uint32_t *hits)
{
    bool got = fxl_bounce_vs_circle(l, g, (size_t)n, c), want;
    R->px = c.c.x;
    R->py = c.c.y;
    want = ref_hit(R, c.r);
    *hits += want;
    if (got != want) {
        fxlt_printf("    legs %d, centre (%d, %d) r %d h %d: got %d want %d\n", n, c.c.x, c.c.y, c.r,
                    (int)ref_h(l), got, want);
        return 1;
    }
    return 0;
}

static void vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_hit reference");
    uint32_t target = FXLT_CASES(FXLT_BOUNCE_HIT_CASES), ncases = 0, touching = 0, hits = 0, bad = 0;
    uint32_t faults = big_faults();
    fxl_bounce g[NLEGS];
    rlegs R;
    while (ncases < target) {
        int64_t scale;
        int n = gen_legs(&rng, g, &scale), i;
        fxl_laser l = gen_laser(&rng, scale);
        ref_of(&l, g, n, &R);
        for (i = 0; i < 16 && ncases < target; i++) {
            fxl_vec2 p = gen_near(&rng, g, n, scale);
            fxl_circle c = fxl_circle_make(p.x, p.y, 0);
            if (fxlt_below(&rng, 3) != 0) {
                int64_t r = ref_touch(&R, p.x, p.y);
                if (r <= FXL_SIZE_MAX) {
                    c.r = (fix16_t)r;
                    bad += one_case(&l, g, n, &R, c, &hits);
                    ncases++;
                    touching++;
                    if (r > 0) {
                        c.r = (fix16_t)r - 1;
                        bad += one_case(&l, g, n, &R, c, &hits);
                        ncases++;
                    }
                    continue;
                }
            }
            c.r = fxlt_range(&rng, 0, (int32_t)(scale < FXL_SIZE_MAX ? scale : FXL_SIZE_MAX));
            bad += one_case(&l, g, n, &R, c, &hits);
            ncases++;
        }
    }
    report("radius, most with one unit below", ncases, touching, hits, bad, 4, faults);
}

/* Random rooms: a rectangle of walls facing in, a few two-sided walls
 * inside (listed both ways), an emitter inside; fxl_room_bounce's legs
 * tested directly and through the curvy route (the legs' points pushed
 * into an untapered curvy laser of the laser's half-width and hit
 * fraction, fxl_curvy_vs_circle) and by the reference: all three agree. */
#define RWALLS 12
#define RING 16

static void curvy_route(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_hit curvy route");
    uint32_t target = FXLT_CASES(FXLT_BOUNCE_HIT_CASES / 4), ncases = 0, touching = 0, hits = 0;
    uint32_t bad = 0, bad_curvy = 0, bounces = 0, legs_total = 0, boxes_hit = 0;
    fxl_wall w[RWALLS];
    fxl_wall_prep p[RWALLS];
    fxl_room_wall packed[RWALLS];
    fxl_room room;
    fxl_bounce g[NLEGS];
    fxl_curvy_node nodes[RING];
    fxl_aabb boxes[FXL_CURVY_BOXES(RING)];
    fxl_curvy c;
    rlegs R;
    while (ncases < target) {
        int32_t x0 = fxlt_range(&rng, -PX(400), PX(100)), y0 = fxlt_range(&rng, -PX(400), PX(100));
        int32_t x1 = x0 + fxlt_range(&rng, PX(8), PX(300)), y1 = y0 + fxlt_range(&rng, PX(8), PX(300));
        int nw = 4, k, i, bad_prep = 0;
        size_t count = 0, j;
        fxl_laser l;
        fxl_result res;
        /* Outline, interior on the left going a -> b with y down: clockwise
         * on screen. */
        w[0].a = fxl_vec2_make(x0, y0), w[0].b = fxl_vec2_make(x0, y1);
        w[1].a = fxl_vec2_make(x0, y1), w[1].b = fxl_vec2_make(x1, y1);
        w[2].a = fxl_vec2_make(x1, y1), w[2].b = fxl_vec2_make(x1, y0);
        w[3].a = fxl_vec2_make(x1, y0), w[3].b = fxl_vec2_make(x0, y0);
        for (k = (int)fxlt_below(&rng, 4); k > 0; k--) {
            fxl_vec2 a, b; /* one draw a statement: the same sequence everywhere */
            a.x = fxlt_range(&rng, x0, x1);
            a.y = fxlt_range(&rng, y0, y1);
            b.x = fxlt_range(&rng, x0, x1);
            b.y = fxlt_range(&rng, y0, y1);
            if (a.x == b.x && a.y == b.y)
                continue;
            w[nw].a = a, w[nw].b = b, nw++;
            w[nw].a = b, w[nw].b = a, nw++;
        }
        for (i = 0; i < nw; i++)
            bad_prep += fxl_wall_prepare(&w[i], &p[i]) != FXL_OK;
        CHECK_EQ(bad_prep, 0);
        if (fxl_room_prepare(p, (size_t)nw, packed, RWALLS, &room) != FXL_OK) {
            CHECK(false);
            return;
        }
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, 0, 0);
        l.pos.x = fxlt_range(&rng, x0 + 1, x1 - 1);
        l.pos.y = fxlt_range(&rng, y0 + 1, y1 - 1);
        l.angle = (fxl_angle)fxlt_below(&rng, 4096);
        l.length = fxlt_range(&rng, 0, PX(1200));
        l.half_width = fxlt_range(&rng, 0, PX(6));
        l.hit_fraction = fxlt_below(&rng, 2) == 0 ? fix16_one * 3 / 4 : fxlt_range(&rng, 0, fix16_one);
        res = fxl_room_bounce(&room, &l, 0, (int)fxlt_below(&rng, NLEGS), g, NLEGS, &count);
        if (res != FXL_OK || count == 0) {
            CHECK_EQ(res, FXL_OK);
            continue;
        }
        bounces++;
        legs_total += (uint32_t)count;
        if (fxl_curvy_init(&c, nodes, RING, boxes, FXL_CURVY_BOXES(RING), l.half_width, 0) != FXL_OK) {
            CHECK(false);
            return;
        }
        c.hit_fraction = l.hit_fraction;
        res = fxl_curvy_push(&c, g[0].start, l.half_width);
        for (j = 0; j < count && res == FXL_OK; j++)
            res = fxl_curvy_push(&c, g[j].end, l.half_width);
        CHECK_EQ(res, FXL_OK);
        ref_of(&l, g, (int)count, &R);
        for (i = 0; i < 12 && ncases < target; i++) {
            fxl_vec2 q = gen_near(&rng, g, (int)count, PX(40));
            fxl_circle circle = fxl_circle_make(q.x, q.y, fxlt_range(&rng, 0, PX(6)));
            int m;
            if (fxlt_below(&rng, 2) == 0) {
                int64_t r = ref_touch(&R, q.x, q.y);
                if (r <= FXL_SIZE_MAX) {
                    circle.r = (fix16_t)r;
                    touching++;
                }
            }
            for (m = 0; m < 2; m++) {
                bool direct = fxl_bounce_vs_circle(&l, g, count, circle);
                bool route = fxl_curvy_vs_circle(&c, circle);
                R.px = circle.c.x;
                R.py = circle.c.y;
                bad += direct != ref_hit(&R, circle.r);
                bad_curvy += direct != route;
                hits += direct;
                ncases++;
                if (circle.r == 0)
                    break;
                circle.r--;
            }
            {
                fxl_aabb b;
                bool got;
                int32_t wid = fxlt_range(&rng, 0, PX(3)), hgt = fxlt_range(&rng, 0, PX(3));
                b.lo = fxl_vec2_make(q.x - wid, q.y - hgt);
                b.hi = fxl_vec2_make(q.x + wid, q.y + hgt);
                got = fxl_bounce_vs_aabb(&l, g, count, b);
                bad += got != ref_box_hit(&R, b);
                bad_curvy += got != fxl_curvy_vs_aabb(&c, b);
                boxes_hit += got;
            }
        }
    }
    fxlt_printf("    %u bounces (%u legs), %u circles (%u at the touching radius and one unit "
                "below), %u hits, a box about each centre (%u hits): %u disagree with the "
                "reference, %u with the curvy route\n",
                bounces, legs_total, ncases, touching, hits, boxes_hit, bad, bad_curvy);
    CHECK_EQ(bad, 0);
    CHECK_EQ(bad_curvy, 0);
}

/* NULLs, empty lists, a circle holding a leg's end, legs and circles
 * outside the domain (any int32: no undefined behaviour, checked by
 * make test-san). */
static void edges_and_misuse(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_hit misuse");
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, PX(100), PX(3));
    fxl_bounce g[3];
    fxl_circle c = fxl_circle_make(PX(10), PX(10), PX(1));
    static const int32_t odd[] = {INT32_MIN, INT32_MIN + 1, -FXL_COORD_MAX - 1, -FXL_COORD_MAX,
                                  -1, 0, 1, FXL_SIZE_MAX, FXL_COORD_MAX, FXL_COORD_MAX + 1,
                                  INT32_MAX};
    uint32_t i, hits = 0;
    g[0].start = fxl_vec2_make(0, 0);
    g[0].end = fxl_vec2_make(PX(10), PX(10));
    g[1].start = g[0].end;
    g[1].end = fxl_vec2_make(PX(20), 0);
    g[2] = g[1];
    CHECK(!fxl_bounce_vs_circle(NULL, g, 2, c));
    CHECK(!fxl_bounce_vs_circle(&l, NULL, 0, c));
    CHECK(!fxl_bounce_vs_circle(&l, NULL, 2, c));
    CHECK(!fxl_bounce_vs_circle(&l, g, 0, c));
    {
        fxl_aabb b;
        b.lo = fxl_vec2_make(PX(5), PX(5));
        b.hi = fxl_vec2_make(PX(6), PX(6));
        CHECK(!fxl_bounce_vs_aabb(NULL, g, 2, b));
        CHECK(!fxl_bounce_vs_aabb(&l, NULL, 0, b));
        CHECK(!fxl_bounce_vs_aabb(&l, g, 0, b));
        CHECK(fxl_bounce_vs_aabb(&l, g, 2, b)); /* the leg crosses it */
        b.lo = fxl_vec2_make(PX(6), PX(5));     /* lo > hi: false */
        b.hi = fxl_vec2_make(PX(5), PX(6));
        CHECK(!fxl_bounce_vs_aabb(&l, g, 2, b));
    }
    CHECK(fxl_bounce_vs_circle(&l, g, 1, c));
    /* A circle of radius 0 at an end, with no width. */
    l.half_width = 0;
    CHECK(fxl_bounce_vs_circle(&l, g, 2, fxl_circle_make(PX(20), 0, 0)));
    CHECK(!fxl_bounce_vs_circle(&l, g, 2, fxl_circle_make(PX(20) + 1, 0, 0)));
    CHECK(fxl_bounce_vs_circle(&l, g, 2, fxl_circle_make(PX(20) + 1, 0, 1)));
    /* Out of the domain: the circle's centre gives false, a leg beyond
     * +-FXL_COORD_MAX or longer than FXL_SIZE_MAX on an axis never hits. */
    CHECK(!fxl_bounce_vs_circle(&l, g, 2, fxl_circle_make(FXL_COORD_MAX + 1, 0, FXL_SIZE_MAX)));
    g[2].start = fxl_vec2_make(0, 0);
    g[2].end = fxl_vec2_make(FXL_SIZE_MAX + 1, 0);
    CHECK(!fxl_bounce_vs_circle(&l, &g[2], 1, fxl_circle_make(PX(1000), 0, PX(1))));
    g[2].end = fxl_vec2_make(FXL_SIZE_MAX, 0);
    CHECK(fxl_bounce_vs_circle(&l, &g[2], 1, fxl_circle_make(PX(1000), 0, PX(1))));
    /* Any int32 fields: defined (UBSan), any answer. */
    for (i = 0; i < FXLT_CASES(200000); i++) {
        fxl_bounce b;
        fxl_laser m = l;
        fxl_circle q;
        b.start.x = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        b.start.y = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        b.end.x = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        b.end.y = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        m.half_width = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        m.hit_fraction = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        q.c.x = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        q.c.y = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        q.r = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
        hits += fxl_bounce_vs_circle(&m, &b, 1, q);
        {
            fxl_aabb x;
            x.lo = q.c;
            x.hi.x = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
            x.hi.y = fxlt_below(&rng, 2) ? odd[fxlt_below(&rng, 11)] : (int32_t)fxlt_next(&rng);
            hits += fxl_bounce_vs_aabb(&m, &b, 1, x);
        }
    }
    fxlt_printf("    %u hits among the garbage (any answer)\n", hits);
}

static const fxlt_case cases[] = {
    {"vs_reference", vs_reference},
    {"vs_reference_box", vs_reference_box},
    {"curvy_route", curvy_route},
    {"edges_and_misuse", edges_and_misuse},
};

const fxlt_suite fxlt_suite_bounce_hit = {"bounce_hit", cases, FXLT_COUNT(cases)};
