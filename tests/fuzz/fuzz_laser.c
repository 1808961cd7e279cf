/* fuzz_laser.c - libFuzzer harness of laser.h. Up to 8 lasers and 70
 * circles (across the 32- and 64-bit word edges of the hit bits), any
 * int32 in every field, circles mostly placed about a laser's ends, sides
 * and corners (touching give or take a few raw units). Invariants:
 *   - fxl_laser_prepare accepts exactly fixlaser.h's numeric range and a
 *     refusal names a limit the laser breaks (fuzz.h's domain, written
 *     from the header); NULL gives FXL_ERR_NULL;
 *   - fxl_laser_vs_circle and fxl_laser_vs_point equal fixlaser.h's exact
 *     test, computed here in 128 bits from the header's formula, for every
 *     circle in the domain (out of it: no undefined behaviour);
 *   - batch == single: fxl_laser_vs_circles' bits and count, and
 *     fxl_laser_collect's indices (any cap) and count;
 *   - fused == prepare + test: fxl_lasers_vs_circle's bits, count and code
 *     (the circle's code when it is out of the domain, nothing hit; else
 *     the first refused laser's), with and without the outputs;
 *   - fxl_laser_quad and fxl_laser_ends: each point is the exact frame
 *     point rounded to nearest, or saturated where that leaves int32, for
 *     any int32 position, length and width;
 *   - fxl_laser_from_centre doubles the half-length, saturated;
 *   - fxl_laser_check gives fxl_laser_prepare's code;
 *   - moving circles: one that stays put gets the static answer; one that
 *     starts or ends touching hits; the batch form == single;
 *   - batch == single at the domain's edges (issue 21): a laser of sizes
 *     near FXL_SIZE_MAX at any angle, a circle of radius 0 or
 *     FXL_SIZE_MAX placed (by bisection on the single test) within one
 *     raw unit of the hitbox's edge: every batch, index-list, moving and
 *     fused form gives the single answer, and that is the exact one. */
#include "fuzz.h"

#define NL 8
#define NC 70

/* Quad and ends: the exact frame points (Q17.17 along and across, times
 * the table vector, so Q16.33), rounded to Q16.16 or saturated. */
static void check_draw(const fxl_laser *l)
{
    fxl_vec2 q[4], s, e;
    fz_i128 c = fxl_cos(l->angle), sn = fxl_sin(l->angle);
    fz_i128 a0, a1, w = 2 * (fz_i128)l->half_width, along[4], across[4];
    int k;
    fxl_laser_quad(l, q);
    fxl_laser_ends(l, &s, &e);
    if (l->anchor != FXL_ANCHOR_EMITTER && l->anchor != FXL_ANCHOR_CENTRE)
        return; /* no meaning at all; free of undefined behaviour is all */
    a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -(fz_i128)l->length;
    a1 = l->anchor == FXL_ANCHOR_EMITTER ? 2 * (fz_i128)l->length : (fz_i128)l->length;
    along[0] = a0, along[1] = a1, along[2] = a1, along[3] = a0;
    across[0] = -w, across[1] = -w, across[2] = w, across[3] = w;
    for (k = 0; k < 4; k++) {
        FZ_CHECK(fz_rounded_or_saturated(q[k].x, (fz_i128)l->pos.x * 131072 + along[k] * c - across[k] * sn, 17));
        FZ_CHECK(fz_rounded_or_saturated(q[k].y, (fz_i128)l->pos.y * 131072 + along[k] * sn + across[k] * c, 17));
    }
    FZ_CHECK(fz_rounded_or_saturated(s.x, (fz_i128)l->pos.x * 131072 + a0 * c, 17));
    FZ_CHECK(fz_rounded_or_saturated(s.y, (fz_i128)l->pos.y * 131072 + a0 * sn, 17));
    FZ_CHECK(fz_rounded_or_saturated(e.x, (fz_i128)l->pos.x * 131072 + a1 * c, 17));
    FZ_CHECK(fz_rounded_or_saturated(e.y, (fz_i128)l->pos.y * 131072 + a1 * sn, 17));
}

/* A fixed laser against moving circles: circle i moves to circle i+1's
 * centre (the last to the first's). */
static void check_moving(const fxl_laser_prep *lp, const fxl_circle *in, const bool *hit, size_t n)
{
    fxl_vec2 to[NC];
    bool got[NC];
    uint32_t bits[NC / 32 + 3];
    size_t i, hits = 0;
    for (i = 0; i < n; i++) {
        fxl_circle end = in[(i + 1) % n];
        to[i] = end.c;
        end.r = in[i].r;
        got[i] = fxl_laser_vs_moving_circle(lp, in[i], to[i]);
        FZ_CHECK(fxl_laser_vs_moving_circle(lp, in[i], in[i].c) == hit[i]);
        if (hit[i] || fxl_laser_vs_circle(lp, end))
            FZ_CHECK(got[i]);
        hits += got[i];
    }
    memset(bits, 0xA5, sizeof bits);
    fz_check_bits(fxl_laser_vs_moving_circles(lp, in, to, n, bits), bits, NC / 32 + 3, got, n);
    FZ_CHECK(fxl_laser_vs_moving_circles(lp, in, to, n, NULL) == hits);
}

/* Single tests against the exact reference; batch and collect == single. */
static void check_tests(fz *f, const fxl_laser *l, const fxl_laser_prep *lp, const fxl_circle *circles,
                        size_t nc)
{
    fxl_circle in[NC];
    bool hit[NC];
    uint32_t bits[NC / 32 + 3];
    size_t idx[NC], n = 0, hits = 0, i, k, cap;

    for (i = 0; i < nc; i++) {
        bool h = fxl_laser_vs_circle(lp, circles[i]);
        (void)fxl_laser_vs_point(lp, circles[i].c);
        if (fz_circle_codes(circles[i]) != 0)
            continue; /* meaningless, but it ran */
        FZ_CHECK(h == fz_ref_laser_hit(l, circles[i]));
        {
            fxl_circle p = circles[i];
            p.r = 0;
            FZ_CHECK(fxl_laser_vs_point(lp, p.c) == fz_ref_laser_hit(l, p));
        }
        in[n] = circles[i];
        hit[n++] = h;
        hits += h;
    }
    (void)fxl_laser_vs_circles(lp, circles, nc, NULL); /* out-of-domain circles too */

    memset(bits, 0xA5, sizeof bits);
    fz_check_bits(fxl_laser_vs_circles(lp, in, n, bits), bits, NC / 32 + 3, hit, n);
    FZ_CHECK(fxl_laser_vs_circles(lp, in, n, NULL) == hits);

    cap = fz_below(f, (uint32_t)n + 2);
    FZ_CHECK(fxl_laser_collect(lp, in, n, idx, cap) == hits);
    for (i = 0, k = 0; i < n && k < cap; i++)
        if (hit[i])
            FZ_CHECK(idx[k++] == i);
    FZ_CHECK(fxl_laser_collect(lp, in, n, NULL, 0) == hits);
    check_moving(lp, in, hit, n);
}

static fxl_result lasers_fused(const void *lasers, size_t n, fxl_circle c, uint32_t *bits, size_t *hits)
{
    return fxl_lasers_vs_circle((const fxl_laser *)lasers, n, c, bits, hits);
}

static bool laser_single(const void *preps, size_t i, fxl_circle c)
{
    return fxl_laser_vs_circle(&((const fxl_laser_prep *)preps)[i], c);
}

static void check_constructors(fz *f)
{
    fix16_t half = fz_size(f);
    int64_t want = 2 * (int64_t)half;
    fxl_laser l = fxl_laser_from_centre(FXL_LASER_CAPSULE, fxl_vec2_make(1, 2), 3, half, 4);
    want = want > INT32_MAX ? INT32_MAX : want < INT32_MIN ? INT32_MIN : want;
    FZ_CHECK(l.length == want && l.anchor == FXL_ANCHOR_CENTRE && l.hit_fraction == fix16_one);
    FZ_CHECK(l.kind == FXL_LASER_CAPSULE && l.pos.x == 1 && l.pos.y == 2 && l.angle == 3 && l.half_width == 4);
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(5, 6), 7, half, 8);
    FZ_CHECK(l.length == half && l.anchor == FXL_ANCHOR_EMITTER && l.hit_fraction == fix16_one);
}

/* The edge laser at distance d from the circle c along direction b. */
static fxl_laser edge_laser(const fxl_laser *shape, fxl_circle c, fxl_angle b, int32_t d)
{
    fxl_laser l = *shape;
    l.pos.x = fz_wrap((int64_t)c.c.x - (((int64_t)d * fxl_cos(b)) >> 16));
    l.pos.y = fz_wrap((int64_t)c.c.y - (((int64_t)d * fxl_sin(b)) >> 16));
    return l;
}

typedef struct edge {
    fxl_laser shape;
    fxl_circle c;
    fxl_angle b;
} edge;

static bool edge_single(const void *ctx, int32_t d)
{
    const edge *e = ctx;
    fxl_laser l = edge_laser(&e->shape, e->c, e->b, d);
    fxl_circle c = e->c;
    fxl_laser_prep lp;
    return fxl_laser_prepare(&l, &lp) == FXL_OK && fxl_laser_vs_circle(&lp, c);
}

/* Batch == single at the domain's edges (see the top). */
static void check_edges(fz *f)
{
    edge e;
    fxl_circle c;
    int32_t lo, d;
    fz_edge_shape(f, &e.shape); /* placed by edge_laser */
    e.b = fz_angle(f);
    e.c = c = fz_edge_circle(f);
    lo = fz_edge_bisect(edge_single, &e);
    if (lo < 0)
        return;
    for (d = lo; d <= lo + 1; d++) {
        fxl_laser l = edge_laser(&e.shape, c, e.b, d);
        fxl_laser_prep lp;
        uint32_t bits = 0;
        size_t idx = 0, hits = 9;
        bool h;
        FZ_CHECK(fxl_laser_prepare(&l, &lp) == FXL_OK);
        h = fxl_laser_vs_circle(&lp, c);
        FZ_CHECK(h == fz_ref_laser_hit(&l, c));
        FZ_CHECK(fxl_laser_vs_circles(&lp, &c, 1, &bits) == (size_t)h && bits == (uint32_t)h);
        FZ_CHECK(fxl_laser_collect(&lp, &c, 1, &idx, 1) == (size_t)h);
        FZ_CHECK(fxl_laser_vs_moving_circle(&lp, c, c.c) == h);
        bits = 7;
        FZ_CHECK(fxl_laser_vs_moving_circles(&lp, &c, &c.c, 1, &bits) == (size_t)h && bits == (uint32_t)h);
        FZ_CHECK(fxl_lasers_vs_circle(&l, 1, c, &bits, &hits) == FXL_OK && hits == (size_t)h &&
                 bits == (uint32_t)h);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_laser lasers[NL];
    fxl_laser_prep preps[NL];
    fxl_result res[NL];
    fxl_circle circles[NC];
    size_t nl, nc, i;

    f = fz_start(data, size);
    nl = 1 + fz_below(&f, NL);
    nc = fz_below(&f, NC + 1);
    for (i = 0; i < nl; i++) {
        lasers[i] = fz_laser(&f);
        res[i] = fxl_laser_prepare(&lasers[i], &preps[i]);
        FZ_CHECK(fxl_laser_check(&lasers[i]) == res[i]);
        fz_check_result(res[i], fz_laser_codes(&lasers[i]));
        check_draw(&lasers[i]);
    }
    FZ_CHECK(fxl_laser_prepare(NULL, &preps[0]) == FXL_ERR_NULL);
    FZ_CHECK(fxl_laser_prepare(&lasers[0], NULL) == FXL_ERR_NULL);
    for (i = 0; i < nc; i++)
        circles[i] = fz_circle_near(&f, &lasers[fz_below(&f, (uint32_t)nl)]);
    for (i = 0; i < nl; i++)
        if (res[i] == FXL_OK)
            check_tests(&f, &lasers[i], &preps[i], circles, nc);
    for (i = 0; i < nc && i < 12; i++)
        fz_check_fused(lasers_fused, laser_single, lasers, preps, res, nl, circles[i]);
    check_constructors(&f);
    check_edges(&f);
    return 0;
}
