/* fuzz_sweep.c - libFuzzer harness of sweep.h. Up to 6 sweeps (any int32
 * in every field: pivots on the beam, near it or anywhere, steps of 0,
 * small, +-1024, +-2048 or wild, moves of 0, small, even or wild) and 40
 * circles about their start beams, end beams and turns. Invariants:
 *   - fxl_sweep_prepare accepts exactly sweep.h's domain (the laser's,
 *     pivot and pivot + move coordinates, |step| <= 2048, laser.pos -
 *     pivot within FXL_COORD_MAX per axis) and a refusal names a broken
 *     limit;
 *   - a static hit at the start pose (fxl_laser_vs_circle of the laser)
 *     or at the end pose (fxl_sweep_end; for a pivot at laser.pos also the
 *     laser moved to pivot + move and turned by step) implies a sweep hit;
 *   - a zero-step, zero-move sweep is the static test, for any pivot;
 *   - relative motion: with step 0, the beam moving by m against a fixed
 *     circle c is the fixed beam against c moving to c - m; with any step,
 *     a circle moving with the pivot (c to c + m) meets the beam exactly
 *     when the same turn without a move meets c;
 *   - time reversal: for a pivot at laser.pos and an even move, the sweep
 *     from the end pose back (step -step, move -move) gives every answer;
 *   - a hit stays a hit when the radius grows by one raw unit;
 *   - a moving circle that stays put is the fixed circle;
 *   - batch == single for fixed and moving circles (bits and counts);
 *   - fused == prepare + test: fxl_sweeps_vs_circle's bits, count, code;
 *   - batch == single at the domain's edges (issue 21): a laser of sizes
 *     near FXL_SIZE_MAX at any angle turning (or not) about its reference
 *     point or a pivot near it, a circle of radius 0 or FXL_SIZE_MAX
 *     placed (by bisection on the single test) within one raw unit of the
 *     swept region's edge: every batch, index-list, moving and fused form
 *     gives the single answer. */
#include "fuzz.h"

#define NS 6
#define NC 40

static fxl_sweep fz_sweep(fz *f)
{
    fxl_sweep s;
    uint32_t mode;
    s.laser = fz_laser(f);
    mode = fz_below(f, 4);
    s.motion.pivot = s.laser.pos;
    if (mode == 1) {
        s.motion.pivot.x = fz_wrap((int64_t)s.laser.pos.x + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256);
        s.motion.pivot.y = fz_wrap((int64_t)s.laser.pos.y + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256);
    } else if (mode == 2) {
        s.motion.pivot.x = fz_coord(f);
        s.motion.pivot.y = fz_coord(f);
    }
    mode = fz_below(f, 6);
    s.motion.step = mode == 0   ? 0
                    : mode == 1 ? (int8_t)fz_u8(f)
                    : mode == 2 ? (int32_t)(fz_below(f, 5) * 1024) - 2048 + (int8_t)fz_u8(f) / 64
                    : mode == 3 ? fz_num(f, 2048, false)
                                : (int32_t)fz_below(f, 4097) - 2048;
    mode = fz_below(f, 4);
    s.motion.move = fxl_vec2_make(0, 0);
    if (mode == 1) {
        s.motion.move.x = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64;
        s.motion.move.y = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64;
    } else if (mode == 2) {
        s.motion.move.x = fz_coord(f);
        s.motion.move.y = fz_coord(f);
    } else if (mode == 3) {
        s.motion.move.x = (int8_t)fz_u8(f) * 2;
        s.motion.move.y = (int8_t)fz_u8(f) * 2;
    }
    return s;
}

/* sweep.h's domain. */
static fz_codes sweep_codes(const fxl_sweep *s)
{
    const fxl_motion *m = &s->motion;
    fz_codes c = fz_laser_codes(&s->laser);
    if (!fz_coord_ok(m->pivot.x) || !fz_coord_ok(m->pivot.y) ||
        !fz_coord_ok((int64_t)m->pivot.x + m->move.x) || !fz_coord_ok((int64_t)m->pivot.y + m->move.y))
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    if (m->step < -2048 || m->step > 2048)
        c |= FZ_CODE(FXL_ERR_STEP_RANGE);
    if (!fz_coord_ok((int64_t)s->laser.pos.x - m->pivot.x) || !fz_coord_ok((int64_t)s->laser.pos.y - m->pivot.y))
        c |= FZ_CODE(FXL_ERR_PIVOT_RANGE);
    return c;
}

static bool in_domain(int64_t x, int64_t y)
{
    return fz_coord_ok(x) && fz_coord_ok(y);
}

/* Prepares s, which must be accepted. */
static fxl_sweep_prep prep_ok(const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    FZ_CHECK(fxl_sweep_prepare(s, &sp) == FXL_OK);
    return sp;
}

/* Every invariant of one accepted sweep against one in-domain circle. */
static void check_circle(const fxl_sweep *s, const fxl_sweep_prep *sp, fxl_circle c)
{
    const fxl_motion *m = &s->motion;
    bool h = fxl_sweep_vs_circle(sp, c), still = m->move.x == 0 && m->move.y == 0;
    fxl_laser_prep lp, end = fxl_sweep_end(sp);
    bool start_hit, end_hit;

    FZ_CHECK(fxl_laser_prepare(&s->laser, &lp) == FXL_OK);
    start_hit = fxl_laser_vs_circle(&lp, c);
    end_hit = fxl_laser_vs_circle(&end, c);
    FZ_CHECK(!start_hit || h);
    FZ_CHECK(!end_hit || h);
    if (m->step == 0 && still)
        FZ_CHECK(h == start_hit);
    if (m->pivot.x == s->laser.pos.x && m->pivot.y == s->laser.pos.y) {
        fxl_laser l1 = s->laser;
        fxl_laser_prep lp1;
        l1.pos = sp->pivot1;
        l1.angle = fz_wrap((int64_t)l1.angle + m->step);
        FZ_CHECK(fxl_laser_prepare(&l1, &lp1) == FXL_OK);
        FZ_CHECK(fxl_laser_vs_circle(&lp1, c) == end_hit);
        if ((m->move.x & 1) == 0 && (m->move.y & 1) == 0) {
            fxl_sweep back = fxl_sweep_turn(&l1, -m->step);
            fxl_sweep_prep bp;
            back.motion.move = fxl_vec2_make(-m->move.x, -m->move.y);
            bp = prep_ok(&back);
            FZ_CHECK(fxl_sweep_vs_circle(&bp, c) == h);
        }
    }
    if (c.r < FXL_SIZE_MAX && h) {
        fxl_circle big = c;
        big.r++;
        FZ_CHECK(fxl_sweep_vs_circle(sp, big));
    }
    FZ_CHECK(fxl_sweep_vs_moving_circle(sp, c, c.c) == h);
    if (!still) {
        fxl_sweep fixed = *s;
        fxl_sweep_prep fp;
        fixed.motion.move = fxl_vec2_make(0, 0);
        fp = prep_ok(&fixed);
        /* the circle moving with the pivot sees the turn alone */
        if (in_domain((int64_t)c.c.x + m->move.x, (int64_t)c.c.y + m->move.y))
            FZ_CHECK(fxl_sweep_vs_moving_circle(sp, c, fxl_vec2_make(c.c.x + m->move.x, c.c.y + m->move.y)) ==
                     fxl_sweep_vs_circle(&fp, c));
        /* with no turn, only the relative motion counts */
        if (m->step == 0 && in_domain((int64_t)c.c.x - m->move.x, (int64_t)c.c.y - m->move.y))
            FZ_CHECK(fxl_sweep_vs_moving_circle(&fp, c, fxl_vec2_make(c.c.x - m->move.x, c.c.y - m->move.y)) == h);
    }
}

/* Batch forms (bits, index list) against the single calls, for in-domain
 * circles. */
static void check_batch(const fxl_sweep_prep *sp, const fxl_circle *in, const fxl_vec2 *to, size_t n)
{
    uint32_t bits[NC / 32 + 3];
    size_t i, hits = 0, moving_hits = 0;
    bool h[NC], hm[NC];

    for (i = 0; i < n; i++) {
        h[i] = fxl_sweep_vs_circle(sp, in[i]);
        hm[i] = fxl_sweep_vs_moving_circle(sp, in[i], to[i]);
        hits += h[i];
        moving_hits += hm[i];
    }
    memset(bits, 0xA5, sizeof bits);
    fz_check_bits(fxl_sweep_vs_circles(sp, in, n, bits), bits, NC / 32 + 3, h, n);
    FZ_CHECK(fxl_sweep_vs_circles(sp, in, n, NULL) == hits);
    memset(bits, 0xA5, sizeof bits);
    fz_check_bits(fxl_sweep_vs_moving_circles(sp, in, to, n, bits), bits, NC / 32 + 3, hm, n);
    FZ_CHECK(fxl_sweep_vs_moving_circles(sp, in, to, n, NULL) == moving_hits);
    {
        /* the index list: the set bits in order, cut at any cap */
        size_t idx[NC], cap = n / 2 + (hits & 1u), k = 0;
        FZ_CHECK(fxl_sweep_collect(sp, in, n, idx, cap) == hits);
        for (i = 0; i < n && k < cap; i++)
            if (h[i])
                FZ_CHECK(idx[k++] == i);
        FZ_CHECK(fxl_sweep_collect(sp, in, n, NULL, 0) == hits);
    }
}

static fxl_result sweeps_fused(const void *sweeps, size_t n, fxl_circle c, uint32_t *bits, size_t *hits)
{
    return fxl_sweeps_vs_circle((const fxl_sweep *)sweeps, n, c, bits, hits);
}

static bool sweep_single(const void *preps, size_t i, fxl_circle c)
{
    return fxl_sweep_vs_circle(&((const fxl_sweep_prep *)preps)[i], c);
}

/* A circle about sweep s's start beam, end beam, or a beam part way
 * through the turn (about the pivot halfway through the move). */
static fxl_circle fz_sweep_circle(fz *f, const fxl_sweep *s, const fxl_sweep_prep *sp, bool ok)
{
    uint32_t where = ok ? fz_below(f, 4) : 0;
    fxl_laser_prep mid;
    if (where == 0)
        return fz_circle_near(f, &s->laser);
    if (where == 1) {
        mid = sp->from;
        return fz_circle_about_prep(f, &mid, s->laser.angle);
    }
    mid = fxl_sweep_end(sp);
    if (where == 2)
        return fz_circle_about_prep(f, &mid, fz_wrap((int64_t)s->laser.angle + s->motion.step));
    mid.pos = fxl_vec2_make(fz_wrap((int64_t)sp->from.pos.x + sp->half_move.x),
                            fz_wrap((int64_t)sp->from.pos.y + sp->half_move.y));
    return fz_circle_about_prep(f, &mid, fz_wrap((int64_t)s->laser.angle + s->motion.step * (int32_t)fz_below(f, 9) / 8));
}

/* The edge sweep at distance d from the circle c along direction b. */
static fxl_sweep edge_sweep(const fxl_sweep *shape, fxl_circle c, fxl_angle b, int32_t d)
{
    fxl_sweep s = *shape;
    int32_t dx = fz_wrap((int64_t)c.c.x - (((int64_t)d * fxl_cos(b)) >> 16));
    int32_t dy = fz_wrap((int64_t)c.c.y - (((int64_t)d * fxl_sin(b)) >> 16));
    s.laser.pos = fxl_vec2_make(dx, dy);
    s.motion.pivot.x = fz_wrap((int64_t)dx + shape->motion.pivot.x);
    s.motion.pivot.y = fz_wrap((int64_t)dy + shape->motion.pivot.y);
    return s;
}

typedef struct edge {
    fxl_sweep shape;
    fxl_circle c;
    fxl_angle b;
} edge;

static bool edge_single(const void *ctx, int32_t d)
{
    const edge *e = ctx;
    fxl_sweep s = edge_sweep(&e->shape, e->c, e->b, d);
    fxl_circle c = e->c;
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(&s, &sp) == FXL_OK && fxl_sweep_vs_circle(&sp, c);
}

/* Batch == single at the domain's edges (see the top). */
static void check_edges(fz *f)
{
    edge e;
    fxl_circle c;
    int32_t lo, d;
    fz_edge_shape(f, &e.shape.laser); /* placed by edge_sweep */
    /* the pivot's offset from laser.pos (added in edge_sweep) */
    e.shape.motion.pivot = fz_flag(f) ? fxl_vec2_make(0, 0)
                                    : fxl_vec2_make((int32_t)(int8_t)fz_u8(f) * 65536,
                                                    (int32_t)(int8_t)fz_u8(f) * 65536);
    e.shape.motion.step = (int32_t)(int8_t)fz_u8(f) / 4;
    e.shape.motion.move = fxl_vec2_make(0, 0);
    e.b = fz_angle(f);
    e.c = c = fz_edge_circle(f);
    lo = fz_edge_bisect(edge_single, &e);
    if (lo < 0)
        return;
    for (d = lo; d <= lo + 1; d++) {
        fxl_sweep s = edge_sweep(&e.shape, c, e.b, d);
        fxl_sweep_prep sp;
        uint32_t bits = 0;
        size_t idx = 0, hits = 9;
        bool h;
        FZ_CHECK(fxl_sweep_prepare(&s, &sp) == FXL_OK);
        h = fxl_sweep_vs_circle(&sp, c);
        FZ_CHECK(fxl_sweep_vs_circles(&sp, &c, 1, &bits) == (size_t)h && bits == (uint32_t)h);
        FZ_CHECK(fxl_sweep_collect(&sp, &c, 1, &idx, 1) == (size_t)h);
        FZ_CHECK(fxl_sweep_vs_moving_circle(&sp, c, c.c) == h);
        bits = 7;
        FZ_CHECK(fxl_sweep_vs_moving_circles(&sp, &c, &c.c, 1, &bits) == (size_t)h && bits == (uint32_t)h);
        FZ_CHECK(fxl_sweeps_vs_circle(&s, 1, c, &bits, &hits) == FXL_OK && hits == (size_t)h &&
                 bits == (uint32_t)h);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_sweep sweeps[NS];
    fxl_sweep_prep preps[NS];
    fxl_result res[NS];
    fxl_circle circles[NC], in[NC];
    fxl_vec2 to[NC], in_to[NC];
    size_t ns, nc, i, j, n;

    f = fz_start(data, size);
    ns = 1 + fz_below(&f, NS);
    nc = fz_below(&f, NC + 1);
    for (i = 0; i < ns; i++) {
        sweeps[i] = fz_sweep(&f);
        res[i] = fxl_sweep_prepare(&sweeps[i], &preps[i]);
        fz_check_result(res[i], sweep_codes(&sweeps[i]));
    }
    FZ_CHECK(fxl_sweep_prepare(NULL, &preps[0]) == FXL_ERR_NULL);
    FZ_CHECK(fxl_sweep_prepare(&sweeps[0], NULL) == FXL_ERR_NULL);
    for (j = 0; j < nc; j++) {
        size_t k = fz_below(&f, (uint32_t)ns);
        circles[j] = fz_sweep_circle(&f, &sweeps[k], &preps[k], res[k] == FXL_OK);
        to[j] = circles[j].c;
        if (fz_flag(&f)) {
            to[j].x = fz_wrap((int64_t)to[j].x + (int16_t)(fz_u8(&f) | fz_u8(&f) << 8) * 16);
            to[j].y = fz_wrap((int64_t)to[j].y + (int16_t)(fz_u8(&f) | fz_u8(&f) << 8) * 16);
        }
    }
    for (i = 0; i < ns; i++) {
        if (res[i] != FXL_OK)
            continue;
        for (j = 0, n = 0; j < nc; j++) {
            (void)fxl_sweep_vs_circle(&preps[i], circles[j]); /* any circle: defined */
            (void)fxl_sweep_vs_moving_circle(&preps[i], circles[j], to[j]);
            if (fz_circle_codes(circles[j]) != 0 || !in_domain(to[j].x, to[j].y))
                continue;
            if (n < 12)
                check_circle(&sweeps[i], &preps[i], circles[j]);
            in[n] = circles[j];
            in_to[n++] = to[j];
        }
        check_batch(&preps[i], in, in_to, n);
    }
    for (j = 0; j < nc && j < 12; j++)
        fz_check_fused(sweeps_fused, sweep_single, sweeps, preps, res, ns, circles[j]);
    check_edges(&f);
    return 0;
}
