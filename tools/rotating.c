/* rotating - how well the chains of squares cover a laser that turns
 * between two frames, measured against the exact swept test: the
 * chained-square method's rotating and static chains (docs/methods.md),
 * and the covering chain.
 *
 *   rotating DOCS_DIR   writes DOCS_DIR/rotating.md and the pictures
 *                       rotating-20.png, rotating-90.png (the chained-square
 *                       method's chain),
 *                       cover-20.png, cover-90.png (the covering chain)
 *
 * Part 1: a box laser (200 px long, half-width 4 px, hit fraction 1) fired
 * from an emitter turns by a fixed step per frame. Random player circles
 * (radius 2 px) near the swept region are tested by the exact sweep (the
 * truth), by the chained-square method's rotating chain, by the covering
 * chain, by the method's static chain of the current frame and by a
 * once-per-frame static test at the current angle. Part 2: random box and capsule lasers (40..300 px long,
 * hitbox half-width 1..8 px) at steps from 0 to 2048 either way, random
 * circles (radius 0..8 px) and points around them: the chained-square
 * method's rotating chain (square half-size = hitbox half-width, as the
 * method sizes it) and the covering chain against the exact sweep, misses and hit areas.
 * A fixed-seed splitmix64 drives every draw, so the output is identical on
 * every run. Host tool: doubles are used for bounding boxes, areas,
 * classifying misses and drawing only; every yes/no answer comes from the
 * library. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixlaser.h"
#include "png_out.h"

#define LENGTH_PX 200
#define HALF_WIDTH_PX 4
#define PLAYER_R_PX 2
#define MARGIN_PX 24              /* sample region: within this of the swept region */
#define SAMPLES_PER_START 100000u /* accepted positions per (step, start angle) */
#define GRID_PER_PX 2             /* area grid: points per pixel along each axis */
#define NEAR_PX 8 /* "near the emitter" in the tunneling breakdown */
#define NSTEPS 5
#define NSTARTS 3
#define PICTURE_START 300 /* start angle of the pictures */
#define PICTURE_MAX 480   /* largest picture side, in image pixels */
#define PI 3.14159265358979323846

#define RAND_LASERS 1000u  /* random lasers per (kind, step) */
#define RAND_CIRCLES 40u   /* circles per random laser */
#define RAND_POINTS 40u    /* area sample points per random laser */
#define RAND_STEPS 16 /* the first: the static chain at 0 steps */
#define RAND_R_PX 4   /* circle radii 0..4 px: players, bullets */

static const int step_deg[NSTEPS] = {1, 5, 20, 45, 90};
static const fxl_angle start_angles[NSTARTS] = {300, 1000, 3900};
static const int32_t rand_steps[RAND_STEPS] = {0,  0,   1,   2,   4,    8,    16,    32,
                                               64, 128, 256, 512, 1024, 2047, -2047, 2048};

/* ---- deterministic PRNG ---------------------------------------------------- */

static uint64_t rng_state;

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform raw Q16.16 value in lo..hi (inclusive). */
static fix16_t rand_between(fix16_t lo, fix16_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1u;
    return (fix16_t)((int64_t)lo + (int64_t)(splitmix64() % span));
}

/* ---- small helpers -------------------------------------------------------- */

static fix16_t px(int v)
{
    return fix16_from_int(v);
}

static fix16_t q16(double v)
{
    return (fix16_t)lround(v * 65536.0);
}

static double dbl(fix16_t v)
{
    return (double)v / 65536.0;
}

static fxl_angle deg_to_steps(int deg)
{
    /* round(deg * 4096 / 360), all values positive */
    return (fxl_angle)((deg * 4096 + 180) / 360);
}

static double pct(unsigned long part, unsigned long whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

typedef struct box_d {
    double x0, y0, x1, y1;
} box_d;

static void box_add(box_d *b, double x, double y)
{
    if (x < b->x0)
        b->x0 = x;
    if (x > b->x1)
        b->x1 = x;
    if (y < b->y0)
        b->y0 = y;
    if (y > b->y1)
        b->y1 = y;
}

static box_d box_empty(void)
{
    box_d b;
    b.x0 = b.y0 = 1e30;
    b.x1 = b.y1 = -1e30;
    return b;
}

static void box_add_aabbs(box_d *b, const fxl_aabb *a, size_t n, double grow)
{
    size_t k;
    for (k = 0; k < n; k++) {
        box_add(b, dbl(a[k].lo.x) - grow, dbl(a[k].lo.y) - grow);
        box_add(b, dbl(a[k].hi.x) + grow, dbl(a[k].hi.y) + grow);
    }
}

/* A bounding box of the swept region (beam corners at many angles of the
 * turn; the arc between two sampled angles bulges by far less than 1 px),
 * grown by `grow` + 2 px of safety. Only used to draw candidates from:
 * membership itself is always decided by the library. */
static box_d sweep_bbox(fxl_angle prev, fxl_angle step, double grow)
{
    box_d b = box_empty();
    int k, n = (int)step * 16 + 1;
    for (k = 0; k <= n; k++) {
        double a = ((double)prev + (double)step * k / n) * (2.0 * PI / 4096.0);
        double c = cos(a), s = sin(a), u, v;
        for (u = 0; u <= LENGTH_PX; u += LENGTH_PX)
            for (v = -HALF_WIDTH_PX; v <= HALF_WIDTH_PX; v += 2 * HALF_WIDTH_PX)
                box_add(&b, c * u - s * v, s * u + c * v);
    }
    b.x0 -= grow + 2;
    b.y0 -= grow + 2;
    b.x1 += grow + 2;
    b.y1 += grow + 2;
    return b;
}

/* ---- one frame of the scenario --------------------------------------------- */

typedef struct chain_out {
    fxl_aabb box[FXL_CHAIN_MAX];
    size_t n;
    fxl_result res;
} chain_out;

enum { SEED, COVER, STATIC, NCHAINS };
static const char *const chain_name[NCHAINS] = {"seed's rotating chain", "covering chain",
                                                "seed's static chain"};

typedef struct frame_setup {
    fxl_angle prev, cur, step;
    fxl_laser laser_prev, laser_cur;
    fxl_sweep_prep sp;
    fxl_laser_prep lp_prev, lp_cur;
    chain_out ch[NCHAINS];
} frame_setup;

static fxl_laser make_laser(fxl_angle angle)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), angle,
                                        px(LENGTH_PX), px(HALF_WIDTH_PX));
    l.anchor = FXL_ANCHOR_EMITTER;
    l.hit_fraction = fix16_one;
    return l;
}

static void must(fxl_result res, const char *what)
{
    if (res != FXL_OK) {
        fprintf(stderr, "rotating: %s refused: %s\n", what, fxl_result_name(res));
        exit(1);
    }
}

static void build(chain_out *o, const fxl_chain *ch, fxl_chain_kind kind)
{
    o->n = 0;
    o->res = fxl_chain_make(ch, kind, o->box, FXL_CHAIN_MAX, &o->n);
}

static void frame_init(frame_setup *f, fxl_angle start, fxl_angle step)
{
    fxl_chain ch;
    f->prev = start;
    f->step = step;
    f->cur = start + step;
    f->laser_prev = make_laser(f->prev);
    f->laser_cur = make_laser(f->cur);
    {
        fxl_sweep s = fxl_sweep_turn(&f->laser_prev, step);
        must(fxl_sweep_prepare(&s, &f->sp), "fxl_sweep_prepare");
    }
    must(fxl_laser_prepare(&f->laser_prev, &f->lp_prev), "fxl_laser_prepare (prev)");
    must(fxl_laser_prepare(&f->laser_cur, &f->lp_cur), "fxl_laser_prepare (current)");

    ch.emitter = fxl_vec2_make(0, 0);
    ch.angle = f->cur;
    ch.prev_angle = f->prev;
    ch.length = px(LENGTH_PX);
    ch.half_size = px(HALF_WIDTH_PX);
    build(&f->ch[SEED], &ch, FXL_CHAIN_ROTATING);
    build(&f->ch[COVER], &ch, FXL_CHAIN_COVER_BOX);
    build(&f->ch[STATIC], &ch, FXL_CHAIN_STATIC);
}

/* ---- part 1: the measurement -------------------------------------------------- */

typedef struct chain_tally {
    unsigned long positions, exact, miss, false_hit;
    unsigned long miss_near; /* of the misses, centre within NEAR_PX of the emitter */
    size_t squares[NSTARTS];
    fxl_result res[NSTARTS];
    unsigned long g_hit, g_false, g_miss; /* grid */
    bool grid_ok;
} chain_tally;

typedef struct step_result {
    int deg;
    fxl_angle step;
    unsigned long positions, exact;
    chain_tally t[NCHAINS];
    double first_c, last_c, last_hs; /* seed chain of the first start angle: first and last
                                        square centre distance, last half-size (px) */
    unsigned long static_miss;       /* once-per-frame static test at the current angle */
    unsigned long sanity_cur;        /* static hit at current angle, sweep miss */
    unsigned long sanity_prev;       /* static hit at previous angle, sweep miss */
    unsigned long g_exact;
} step_result;

static void measure_start(step_result *r, int s, fxl_angle start, frame_setup *f)
{
    fix16_t rr = px(PLAYER_R_PX), margin = px(MARGIN_PX);
    box_d b = sweep_bbox(start, r->step, MARGIN_PX);
    fix16_t x0 = q16(b.x0), x1 = q16(b.x1), y0 = q16(b.y0), y1 = q16(b.y1);
    unsigned long accepted = 0;
    int k;

    for (k = 0; k < NCHAINS; k++) {
        r->t[k].squares[s] = f->ch[k].n;
        r->t[k].res[s] = f->ch[k].res;
    }
    rng_state = 0x5EED0000u ^ ((uint64_t)(uint32_t)r->step << 16) ^ (uint64_t)(uint32_t)start;
    while (accepted < SAMPLES_PER_START) {
        fxl_circle c = fxl_circle_make(rand_between(x0, x1), rand_between(y0, y1), margin);
        bool exact, s_cur, s_prev;
        if (!fxl_sweep_vs_circle(&f->sp, c))
            continue; /* outside the sample region */
        accepted++;
        c.r = rr;
        exact = fxl_sweep_vs_circle(&f->sp, c);
        s_cur = fxl_laser_vs_circle(&f->lp_cur, c);
        s_prev = fxl_laser_vs_circle(&f->lp_prev, c);
        r->positions++;
        r->exact += exact;
        r->static_miss += exact && !s_cur;
        r->sanity_cur += s_cur && !exact;
        r->sanity_prev += s_prev && !exact;
        for (k = 0; k < NCHAINS; k++) {
            chain_tally *t = &r->t[k];
            bool ch;
            if (f->ch[k].res != FXL_OK)
                continue;
            ch = fxl_chain_vs_circle(f->ch[k].box, f->ch[k].n, c);
            t->positions++;
            t->exact += exact;
            t->miss += exact && !ch;
            if (exact && !ch && hypot(dbl(c.c.x), dbl(c.c.y)) < NEAR_PX)
                t->miss_near++;
            t->false_hit += ch && !exact;
        }
    }

    /* Areas on a grid of GRID_PER_PX x GRID_PER_PX points per pixel, over a box
     * holding every position any test can hit. */
    {
        long i, j, ni, nj;
        box_d g = sweep_bbox(start, r->step, PLAYER_R_PX);
        double step_px = 1.0 / GRID_PER_PX;
        for (k = 0; k < NCHAINS; k++)
            if (f->ch[k].res == FXL_OK && k != STATIC)
                box_add_aabbs(&g, f->ch[k].box, f->ch[k].n, PLAYER_R_PX + 1);
        g.x0 = floor(g.x0);
        g.y0 = floor(g.y0);
        ni = (long)ceil((g.x1 - g.x0) * GRID_PER_PX);
        nj = (long)ceil((g.y1 - g.y0) * GRID_PER_PX);
        for (j = 0; j < nj; j++)
            for (i = 0; i < ni; i++) {
                fxl_circle c = fxl_circle_make(q16(g.x0 + ((double)i + 0.5) * step_px),
                                               q16(g.y0 + ((double)j + 0.5) * step_px), rr);
                bool exact = fxl_sweep_vs_circle(&f->sp, c);
                r->g_exact += exact;
                for (k = 0; k < NCHAINS; k++) {
                    chain_tally *t = &r->t[k];
                    bool ch;
                    if (f->ch[k].res != FXL_OK || k == STATIC) {
                        t->grid_ok = false;
                        continue;
                    }
                    ch = fxl_chain_vs_circle(f->ch[k].box, f->ch[k].n, c);
                    t->g_hit += ch;
                    t->g_false += ch && !exact;
                    t->g_miss += exact && !ch;
                }
            }
    }
}

static void measure(step_result *r, int deg, frame_setup *f)
{
    int s, k;
    memset(r, 0, sizeof *r);
    r->deg = deg;
    r->step = deg_to_steps(deg);
    for (k = 0; k < NCHAINS; k++)
        r->t[k].grid_ok = true;
    for (s = 0; s < NSTARTS; s++) {
        frame_init(f, start_angles[s], r->step);
        if (s == 0 && f->ch[SEED].res == FXL_OK && f->ch[SEED].n > 0) {
            const fxl_aabb *a = &f->ch[SEED].box[0], *z = &f->ch[SEED].box[f->ch[SEED].n - 1];
            r->first_c = hypot(dbl(a->lo.x) + dbl(a->hi.x), dbl(a->lo.y) + dbl(a->hi.y)) / 2;
            r->last_c = hypot(dbl(z->lo.x) + dbl(z->hi.x), dbl(z->lo.y) + dbl(z->hi.y)) / 2;
            r->last_hs = (dbl(z->hi.x) - dbl(z->lo.x)) / 2;
        }
        measure_start(r, s, start_angles[s], f);
    }
}

/* ---- part 2: random lasers ------------------------------------------------------ */

typedef struct rand_result {
    fxl_laser_kind kind;
    int32_t step;
    unsigned long lasers, circles, exact;
    unsigned long seed_refused, seed_circles, seed_exact, seed_miss;
    unsigned long seed_tail, seed_emitter, seed_side; /* where the chained-square method's misses lie */
    unsigned long cover_miss, cover_squares, seed_squares;
    double a_exact, a_seed, a_cover;                  /* sampled areas, px^2 */
    double a_exact_seed;                              /* exact area where the seed was built */
    bool statik;                                      /* the chained-square method's static chain instead */
} rand_result;

/* Where a missed circle lies along the beam (u from the emitter, in the
 * frame of the mid angle): by the emitter (u < 2h), past the last pitch
 * (u > L - 2h), or along the sides. */
static void classify(rand_result *r, const fxl_laser *l, int32_t step, fxl_circle c, double h)
{
    double a = ((double)l->angle + step / 2.0) * (2.0 * PI / 4096.0);
    double u = (dbl(c.c.x) - dbl(l->pos.x)) * cos(a) + (dbl(c.c.y) - dbl(l->pos.y)) * sin(a);
    if (u < 2.0 * h)
        r->seed_emitter++;
    else if (u > dbl(l->length) - 2.0 * h)
        r->seed_tail++;
    else
        r->seed_side++;
}

static void measure_random(rand_result *r, fxl_laser_kind kind, int32_t step, bool statik)
{
    static chain_out seed, cover;
    unsigned long i, j;
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->step = step;
    r->statik = statik;
    rng_state = 0xC0FE0000u ^ ((uint64_t)(uint32_t)step << 8) ^ (uint64_t)kind;
    for (i = 0; i < RAND_LASERS; i++) {
        fix16_t ox = rand_between(-px(1000), px(1000)), oy = rand_between(-px(1000), px(1000));
        fxl_angle a = (fxl_angle)rand_between(0, 4095);
        fix16_t len = rand_between(px(40), px(300)), hw = rand_between(px(1), px(8));
        fxl_laser l = fxl_laser_from_emitter(kind, fxl_vec2_make(ox, oy), a, len, hw);
        fxl_sweep s = fxl_sweep_turn(&l, step);
        fxl_sweep_prep sp;
        fxl_chain ch;
        box_d b = box_empty();
        double area;
        must(fxl_sweep_prepare(&s, &sp), "fxl_sweep_prepare (random)");
        ch.emitter = l.pos;
        ch.prev_angle = l.angle;
        ch.angle = l.angle + step;
        ch.length = l.length;
        ch.half_size = hw; /* hit fraction 1: the hitbox half-width */
        build(&seed, &ch, statik ? FXL_CHAIN_STATIC : FXL_CHAIN_ROTATING);
        build(&cover, &ch, kind == FXL_LASER_BOX ? FXL_CHAIN_COVER_BOX : FXL_CHAIN_COVER_CAPSULE);
        must(cover.res, "the covering chain");
        r->lasers++;
        r->cover_squares += cover.n;
        if (seed.res != FXL_OK)
            r->seed_refused++;
        else
            r->seed_squares += seed.n;
        /* Both the circles and the area points come from the covering
         * chain's bounding box (which holds the swept region) grown by the
         * largest radius. */
        box_add_aabbs(&b, cover.box, cover.n, 8.0);
        area = (b.x1 - b.x0) * (b.y1 - b.y0) / RAND_POINTS;
        for (j = 0; j < RAND_CIRCLES + RAND_POINTS; j++) {
            bool circle = j < RAND_CIRCLES, exact, in_seed, in_cover;
            fxl_circle c = fxl_circle_make(rand_between(q16(b.x0), q16(b.x1)),
                                           rand_between(q16(b.y0), q16(b.y1)),
                                           circle ? rand_between(0, px(RAND_R_PX)) : 0);
            exact = fxl_sweep_vs_circle(&sp, c);
            in_seed = seed.res == FXL_OK && fxl_chain_vs_circle(seed.box, seed.n, c);
            in_cover = fxl_chain_vs_circle(cover.box, cover.n, c);
            if (circle) {
                r->circles++;
                r->exact += exact;
                r->cover_miss += exact && !in_cover;
                if (seed.res == FXL_OK) {
                    r->seed_circles++;
                    r->seed_exact += exact;
                    if (exact && !in_seed) {
                        r->seed_miss++;
                        classify(r, &l, step, c, dbl(hw));
                    }
                }
            } else {
                r->a_exact += exact ? area : 0.0;
                r->a_cover += in_cover ? area : 0.0;
                if (seed.res == FXL_OK) {
                    r->a_exact_seed += exact ? area : 0.0;
                    r->a_seed += in_seed ? area : 0.0;
                }
            }
        }
    }
}

/* ---- pictures ----------------------------------------------------------- */

typedef struct image {
    int w, h;
    double scale; /* image pixels per laser pixel */
    double ox, oy; /* laser coordinates of the image's top-left corner */
    unsigned char *rgb;
} image;

typedef struct rgb {
    unsigned char r, g, b;
} rgb;

static const rgb col_bg = {16, 18, 28};
static const rgb col_sweep = {196, 78, 40};
static const rgb col_chain = {40, 190, 255};
static const rgb col_cover = {90, 220, 120};
static const rgb col_beam = {255, 236, 80};
static const rgb col_emitter = {255, 255, 255};

static void put(image *im, int x, int y, rgb c, double alpha)
{
    unsigned char *p;
    if (x < 0 || y < 0 || x >= im->w || y >= im->h)
        return;
    p = im->rgb + ((size_t)y * (size_t)im->w + (size_t)x) * 3u;
    p[0] = (unsigned char)lround((1 - alpha) * p[0] + alpha * c.r);
    p[1] = (unsigned char)lround((1 - alpha) * p[1] + alpha * c.g);
    p[2] = (unsigned char)lround((1 - alpha) * p[2] + alpha * c.b);
}

/* Laser coordinates of the centre of image pixel (x, y), and back. */
static double img_lx(const image *im, int x)
{
    return im->ox + ((double)x + 0.5) / im->scale;
}
static double img_ly(const image *im, int y)
{
    return im->oy + ((double)y + 0.5) / im->scale;
}
static double to_ix(const image *im, double lx)
{
    return (lx - im->ox) * im->scale - 0.5;
}
static double to_iy(const image *im, double ly)
{
    return (ly - im->oy) * im->scale - 0.5;
}

static void line(image *im, double x0, double y0, double x1, double y1, rgb c)
{
    double ax = to_ix(im, x0), ay = to_iy(im, y0), bx = to_ix(im, x1), by = to_iy(im, y1);
    double len = fmax(fabs(bx - ax), fabs(by - ay));
    int k, n = (int)ceil(len) + 1;
    for (k = 0; k <= n; k++) {
        double t = (double)k / n;
        put(im, (int)lround(ax + (bx - ax) * t), (int)lround(ay + (by - ay) * t), c, 1.0);
    }
}

static int write_png(const char *path, const image *im)
{
    return png_out_rgb(path, im->w, im->h, im->rgb);
}

typedef struct picture_info {
    int deg, which;
    int w, h;
    double scale;
    size_t squares;
    fxl_result res;
} picture_info;

/* The swept region, one chain (which: SEED or COVER) and the two beams. */
static int picture(const char *path, int deg, int which, frame_setup *f, picture_info *pi)
{
    image im;
    box_d b;
    int x, y, q;
    fxl_vec2 quad[4];
    double sx, sy;
    const chain_out *ch;
    rgb col = which == SEED ? col_chain : col_cover;

    frame_init(f, PICTURE_START, deg_to_steps(deg));
    ch = &f->ch[which];
    b = sweep_bbox(f->prev, f->step, 6);
    if (ch->res == FXL_OK)
        box_add_aabbs(&b, ch->box, ch->n, 6);
    b.x0 = floor(b.x0);
    b.y0 = floor(b.y0);
    b.x1 = ceil(b.x1);
    b.y1 = ceil(b.y1);
    sx = PICTURE_MAX / (b.x1 - b.x0);
    sy = PICTURE_MAX / (b.y1 - b.y0);
    im.scale = fmin(2.0, fmin(sx, sy));
    im.ox = b.x0;
    im.oy = b.y0;
    im.w = (int)ceil((b.x1 - b.x0) * im.scale);
    im.h = (int)ceil((b.y1 - b.y0) * im.scale);
    im.rgb = malloc((size_t)im.w * (size_t)im.h * 3u);
    if (!im.rgb)
        return -1;
    for (y = 0; y < im.h; y++)
        for (x = 0; x < im.w; x++)
            put(&im, x, y, col_bg, 1.0);

    /* the exact swept region: a point (radius 0) at each pixel centre */
    for (y = 0; y < im.h; y++)
        for (x = 0; x < im.w; x++) {
            fxl_circle c = fxl_circle_make(q16(img_lx(&im, x)), q16(img_ly(&im, y)), 0);
            if (fxl_sweep_vs_circle(&f->sp, c))
                put(&im, x, y, col_sweep, 1.0);
        }

    /* the chain: translucent fill, then outlines */
    if (ch->res == FXL_OK) {
        for (y = 0; y < im.h; y++)
            for (x = 0; x < im.w; x++) {
                fxl_circle c = fxl_circle_make(q16(img_lx(&im, x)), q16(img_ly(&im, y)), 0);
                if (fxl_chain_vs_circle(ch->box, ch->n, c))
                    put(&im, x, y, col, 0.22);
            }
        size_t k;
        for (k = 0; k < ch->n; k++) {
            double lx = dbl(ch->box[k].lo.x), ly = dbl(ch->box[k].lo.y);
            double hx = dbl(ch->box[k].hi.x), hy = dbl(ch->box[k].hi.y);
            line(&im, lx, ly, hx, ly, col);
            line(&im, hx, ly, hx, hy, col);
            line(&im, hx, hy, lx, hy, col);
            line(&im, lx, hy, lx, ly, col);
        }
    }

    /* the beams at the previous and the current angle */
    fxl_laser_quad(&f->laser_prev, quad);
    for (q = 0; q < 4; q++)
        line(&im, dbl(quad[q].x), dbl(quad[q].y), dbl(quad[(q + 1) % 4].x),
             dbl(quad[(q + 1) % 4].y), col_beam);
    fxl_laser_quad(&f->laser_cur, quad);
    for (q = 0; q < 4; q++)
        line(&im, dbl(quad[q].x), dbl(quad[q].y), dbl(quad[(q + 1) % 4].x),
             dbl(quad[(q + 1) % 4].y), col_beam);

    /* the emitter: a small disc */
    {
        double ex = to_ix(&im, 0), ey = to_iy(&im, 0);
        for (y = (int)floor(ey) - 4; y <= (int)ceil(ey) + 4; y++)
            for (x = (int)floor(ex) - 4; x <= (int)ceil(ex) + 4; x++)
                if ((x - ex) * (x - ex) + (y - ey) * (y - ey) <= 9.0)
                    put(&im, x, y, col_emitter, 1.0);
    }

    pi->deg = deg;
    pi->which = which;
    pi->w = im.w;
    pi->h = im.h;
    pi->scale = im.scale;
    pi->squares = ch->n;
    pi->res = ch->res;
    q = write_png(path, &im);
    free(im.rgb);
    return q;
}

/* ---- the report ---------------------------------------------------------- */

static void squares_cell(FILE *o, const chain_tally *t)
{
    int s;
    bool same = true;
    for (s = 0; s < NSTARTS; s++)
        if (t->res[s] != FXL_OK || t->squares[s] != t->squares[0])
            same = false;
    if (same) {
        fprintf(o, "%zu", t->squares[0]);
        return;
    }
    for (s = 0; s < NSTARTS; s++) {
        if (s)
            fprintf(o, " / ");
        if (t->res[s] == FXL_OK)
            fprintf(o, "%zu", t->squares[s]);
        else
            fprintf(o, "%s", fxl_result_name(t->res[s]));
    }
}

static void miss_cell(FILE *o, const chain_tally *t)
{
    if (t->positions)
        fprintf(o, "%lu (%.2f %%)", t->miss, pct(t->miss, t->exact));
    else
        fprintf(o, "n/a");
}

static void false_cell(FILE *o, const chain_tally *t)
{
    if (t->positions)
        fprintf(o, "%lu (%.2f %%)", t->false_hit, pct(t->false_hit, t->positions - t->exact));
    else
        fprintf(o, "n/a");
}

static double ratio(double a, double b)
{
    return b > 0.0 ? a / b : 0.0;
}

static void write_md(FILE *o, const step_result *r, const rand_result *rr, int nrand,
                     const picture_info *pic, int npic)
{
    int k, s;
    unsigned long sanity_total = 0, cover_miss_total = 0, cover_grid_miss = 0;

    fprintf(o, "# Rotating laser: the chains of squares against the exact sweep\n\n");
    fprintf(o,
            "Generated by `make rotating` (tools/rotating.c, which links the library); "
            "do not edit by hand: regenerate it. Every draw comes from a fixed-seed "
            "splitmix64, so regenerating gives the same file byte for byte.\n\n");
    fprintf(o,
            "Three chains of axis-aligned squares, all from `fxl_chain_make`:\n\n"
            "- the **seed's rotating chain** (`FXL_CHAIN_ROTATING`): the chained-square method of docs/methods.md (\"seed\" in the tables below), bit for "
            "bit: squares along the mid angle, each step advancing by pitch = 2 size and growing "
            "size by pitch * tan(|half step|), the first square one pitch from the emitter;\n"
            "- the chained-square method's **static chain** (`FXL_CHAIN_STATIC`) of the current frame: squares of "
            "the given half-size one pitch apart from the emitter, while the beam is not covered;\n"
            "- the **covering chain** (`FXL_CHAIN_COVER_BOX` / `FXL_CHAIN_COVER_CAPSULE`), for "
            "engines whose hit list must never let a laser through: squares sized and spaced so "
            "that they contain the beam's whole swept region, tail, back and turn included "
            "(construction and proof in `src/chain.c`; beyond a quarter turn, one square about "
            "the emitter). `tests/test_chain.c` checks it against the exact sweep on 1,000,000 "
            "random circles.\n\n");

    fprintf(o, "## 1. One laser, five turn rates\n\n");
    fprintf(o,
            "A box laser (`FXL_LASER_BOX`, `FXL_ANCHOR_EMITTER`) fired from an emitter at "
            "(0, 0), length %d px, half-width %d px, hit fraction 1.0, turns by a fixed step "
            "per frame. The player is a circle of radius %d px. Angles are in steps of 1/4096 "
            "turn (1024 = 90 degrees, y down the screen, so a positive step turns clockwise on "
            "screen). For each step, three frames are measured, with start angles ",
            LENGTH_PX, HALF_WIDTH_PX, PLAYER_R_PX);
    for (s = 0; s < NSTARTS; s++)
        fprintf(o, "%s%d", s == 0 ? "" : (s == NSTARTS - 1 ? " and " : ", "),
                (int)start_angles[s]);
    fprintf(o,
            " steps (%.1f, %.1f and %.1f degrees; the last one wraps past 4096 steps): "
            "prev = start, current = start + step. The counts below are the sums over the "
            "three frames.\n\n",
            start_angles[0] * 360.0 / 4096, start_angles[1] * 360.0 / 4096,
            start_angles[2] * 360.0 / 4096);
    fprintf(o, "Tests per position:\n\n");
    fprintf(o, "- **exact** (the truth): `fxl_sweep_vs_circle` on `fxl_sweep_prepare(&s, &sp)` "
               "with `s = fxl_sweep_turn(&laser_at_prev, step)`;\n");
    fprintf(o, "- the three chains with emitter = the laser's emitter, angle = current, prev_angle = prev, "
               "length %d px, half_size %d px, into an array of `FXL_CHAIN_MAX` squares, then "
               "`fxl_chain_vs_circle`;\n",
            LENGTH_PX, HALF_WIDTH_PX);
    fprintf(o, "- **once per frame**: `fxl_laser_vs_circle` with the laser prepared at the "
               "current angle only.\n\n");
    fprintf(o,
            "Positions are circle centres drawn uniformly (raw Q16.16 values) from the points "
            "within %d px of the exact swept region (where a circle of radius %d px touches the "
            "sweep, decided by `fxl_sweep_vs_circle` itself; candidates come from a bounding box "
            "and are rejected when outside). The percentages of exact hits do not depend on the "
            "region (it holds every exact hit); false alarms are counted inside it only (the "
            "grid table below measures the whole areas). %u positions per frame, %u per step.\n\n",
            MARGIN_PX, MARGIN_PX, SAMPLES_PER_START, SAMPLES_PER_START * NSTARTS);

    fprintf(o, "### Misses and false alarms\n\n");
    fprintf(o, "| step | steps | positions | exact hits | seed: squares | seed: misses (of exact "
               "hits) | seed: false alarms (of exact misses) | cover: squares | cover: misses | "
               "cover: false alarms (of exact misses) | static chain: misses | once per frame: "
               "misses |\n");
    fprintf(o, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < NSTEPS; k++) {
        const step_result *x = &r[k];
        fprintf(o, "| %d° | %d | %lu | %lu | ", x->deg, (int)x->step, x->positions, x->exact);
        squares_cell(o, &x->t[SEED]);
        fprintf(o, " | ");
        miss_cell(o, &x->t[SEED]);
        fprintf(o, " | ");
        false_cell(o, &x->t[SEED]);
        fprintf(o, " | ");
        squares_cell(o, &x->t[COVER]);
        fprintf(o, " | ");
        miss_cell(o, &x->t[COVER]);
        fprintf(o, " | ");
        false_cell(o, &x->t[COVER]);
        fprintf(o, " | ");
        miss_cell(o, &x->t[STATIC]);
        fprintf(o, " | %lu (%.2f %%) |\n", x->static_miss, pct(x->static_miss, x->exact));
        sanity_total += x->sanity_cur + x->sanity_prev;
        cover_miss_total += x->t[COVER].miss;
        cover_grid_miss += x->t[COVER].g_miss;
    }
    fprintf(o, "\nWhen a chain has the same number of squares in all three frames one number is "
               "shown, otherwise one per start angle.\n\n");

    fprintf(o, "### Hit areas on a grid\n\n");
    fprintf(o,
            "Every point of a %dx%d-per-pixel grid over a box holding the swept region and "
            "every square of both turning chains (each grown by the player radius), per frame, "
            "averaged over the three frames: where a %d px circle hits the exact sweep, where it "
            "hits each chain, and where they disagree.\n\n",
            GRID_PER_PX, GRID_PER_PX, PLAYER_R_PX);
    fprintf(o, "| step | exact (px²) | seed (px²) | seed ÷ exact | seed false alarms (px²) | "
               "seed misses (px²) | cover (px²) | cover ÷ exact | cover false alarms (px²) | "
               "cover misses (px²) |\n");
    fprintf(o, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < NSTEPS; k++) {
        const step_result *x = &r[k];
        const chain_tally *a = &x->t[SEED], *c = &x->t[COVER];
        double cell = 1.0 / (GRID_PER_PX * GRID_PER_PX) / NSTARTS;
        fprintf(o, "| %d° | %.0f | ", x->deg, (double)x->g_exact * cell);
        if (a->grid_ok)
            fprintf(o, "%.0f | %.2f | %.0f | %.1f | ", (double)a->g_hit * cell,
                    ratio((double)a->g_hit, (double)x->g_exact), (double)a->g_false * cell,
                    (double)a->g_miss * cell);
        else
            fprintf(o, "n/a | n/a | n/a | n/a | ");
        fprintf(o, "%.0f | %.2f | %.0f | %.1f |\n", (double)c->g_hit * cell,
                ratio((double)c->g_hit, (double)x->g_exact), (double)c->g_false * cell,
                (double)c->g_miss * cell);
    }
    fprintf(o, "\n");

    fprintf(o, "### Reading\n\n");
    for (k = 0; k < NSTEPS; k++) {
        const step_result *x = &r[k];
        const chain_tally *a = &x->t[SEED], *c = &x->t[COVER], *st = &x->t[STATIC];
        fprintf(o, "- %d° per frame (%d steps): the exact sweep hits %lu of %lu positions. ",
                x->deg, (int)x->step, x->exact, x->positions);
        if (a->positions)
            fprintf(o,
                    "The chained-square method's rotating chain misses %lu of them (%.2f %%; %lu within %d px of "
                    "the emitter), its hit area is %.2f times the exact one. ",
                    a->miss, pct(a->miss, a->exact), a->miss_near, NEAR_PX,
                    ratio((double)a->g_hit, (double)x->g_exact));
        else
            fprintf(o, "The chained-square method's rotating chain could not be built. ");
        fprintf(o,
                "The covering chain misses %lu, with a hit area %.2f times the exact one. "
                "Testing once per frame at the current angle misses %lu (%.2f %%)",
                c->miss, ratio((double)c->g_hit, (double)x->g_exact), x->static_miss,
                pct(x->static_miss, x->exact));
        if (st->positions)
            fprintf(o, "; the chained-square method's static chain of the current frame misses %lu (%.2f %%)",
                    st->miss, pct(st->miss, st->exact));
        fprintf(o, ".\n");
    }
    fprintf(o, "- The chained-square method's chain (start angle %d): the first square's centre is ",
            (int)start_angles[0]);
    for (k = 0; k < NSTEPS; k++)
        fprintf(o, "%s%.2f px", k ? ", " : "", r[k].first_c);
    fprintf(o, " from the emitter and the last one's ");
    for (k = 0; k < NSTEPS; k++)
        fprintf(o, "%s%.2f px", k ? ", " : "", r[k].last_c);
    fprintf(o, " (half-size ");
    for (k = 0; k < NSTEPS; k++)
        fprintf(o, "%s%.2f px", k ? ", " : "", r[k].last_hs);
    fprintf(o, ") for the steps 1°, 5°, 20°, 45° and 90°; the beam is %d px long.\n",
            LENGTH_PX);
    fprintf(o, "- Why the chained-square method's chain tunnels: it follows the method's loop, which steps one "
               "pitch before placing its first square (so the first %.2f px by the emitter stay "
               "uncovered) and widens the squares from the mid angle's centre line only, so the "
               "beam's own half-width at the two extreme angles pokes out of the squares along "
               "the fan's outer edges (the orange slivers in the pictures).\n",
            r[0].first_c);
    fprintf(o, "- The covering chain misses %lu positions and %lu grid points in all. Its "
               "squares start at the back of the emitter and are as wide as the beam's "
               "cross-section grows along the turn; the price is the false-alarm area above, "
               "mostly where a square's corners stick out of a diagonal beam (an axis-aligned "
               "square holding a slanted strip of width 2w has half-size up to w sqrt 2) and, for "
               "large turns, the corners of the widening squares outside the fan.\n",
            cover_miss_total, cover_grid_miss);
    if (sanity_total == 0)
        fprintf(o, "- Sanity: no position hit by the static beam at the current or the previous "
                   "angle is rejected by the sweep (0 of %lu positions), as it must be: both "
                   "beams are part of the swept region.\n\n",
                r[0].positions * NSTEPS);
    else
        fprintf(o, "- **LIBRARY BUG**: %lu positions are hit by a static beam at the current or "
                   "previous angle but rejected by the sweep; both beams are part of the swept "
                   "region, so this must be 0.\n\n",
                sanity_total);

    fprintf(o, "## 2. Random lasers, box and capsule, 0 to 2048 steps a frame\n\n");
    fprintf(o,
            "For each kind and step, %u random lasers (emitter within 1000 px of the origin, "
            "any angle, length 40..300 px, hitbox half-width 1..8 px, hit fraction 1) turn by "
            "the step about the emitter (`fxl_sweep_turn`). Per laser, %u circles of radius "
            "0..%d px and %u points (radius 0) are drawn uniformly from the covering chain's "
            "bounding box grown by 8 px (it holds the whole swept region). The chained-square method's chain is "
            "`FXL_CHAIN_ROTATING` with half_size = the hitbox half-width, as the article sizes "
            "it (the first row of each kind: `FXL_CHAIN_STATIC`, the static beam); the covering "
            "chain is the laser kind's. A miss is placed by the emitter when the circle's "
            "centre is less than two half-widths along the beam from it, at the tail when it is "
            "less than two half-widths from the far end or beyond, else along the sides. "
            "Misses are circles the exact sweep hits "
            "and the chain does not, as a share of the exact hits; the areas come from the "
            "points (sampled area of the chain over sampled area of the exact sweep, both "
            "summed over the lasers). Where the chained-square method's chain is refused (`FXL_ERR_STEP_RANGE` "
            "for a half turn, `FXL_ERR_COORD_RANGE` when the squares, grown by tan of nearly 90 "
            "degrees, leave the domain) it is left out of its columns.\n\n",
            RAND_LASERS, RAND_CIRCLES, RAND_R_PX, RAND_POINTS);
    fprintf(o, "| kind | step | exact hits | seed: refused | seed: mean squares | seed: misses "
               "| seed: misses by the emitter / at the tail / along the sides | seed: area ÷ "
               "exact | cover: mean squares | cover: misses | cover: area ÷ exact |\n");
    fprintf(o, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < nrand; k++) {
        const rand_result *x = &rr[k];
        unsigned long built = x->lasers - x->seed_refused;
        fprintf(o, "| %s | %d%s | %lu | %lu of %lu | ", x->kind == FXL_LASER_BOX ? "box" : "capsule",
                (int)x->step, x->statik ? " (static chain)" : "", x->exact, x->seed_refused,
                x->lasers);
        if (built)
            fprintf(o, "%.1f | %lu (%.2f %%) | %lu / %lu / %lu | %.2f | ",
                    (double)x->seed_squares / (double)built, x->seed_miss,
                    pct(x->seed_miss, x->seed_exact), x->seed_emitter, x->seed_tail, x->seed_side,
                    ratio(x->a_seed, x->a_exact_seed));
        else
            fprintf(o, "n/a | n/a | n/a | n/a | ");
        fprintf(o, "%.1f | %lu | %.2f |\n", (double)x->cover_squares / (double)x->lasers,
                x->cover_miss, ratio(x->a_cover, x->a_exact));
    }
    fprintf(o, "\n");
    {
        double lo = 100.0, hi = 0.0, slo = 100.0, shi = 0.0;
        unsigned long cm = 0;
        for (k = 0; k < nrand; k++) {
            const rand_result *x = &rr[k];
            double p = pct(x->seed_miss, x->seed_exact);
            cm += x->cover_miss;
            if (x->statik) {
                slo = p < slo ? p : slo;
                shi = p > shi ? p : shi;
            } else if (x->step >= 1 && x->step <= 256) {
                lo = p < lo ? p : lo;
                hi = p > hi ? p : hi;
            }
        }
        fprintf(o,
                "From 1 to 256 steps a frame the chained-square method's rotating chain misses %.1f to %.1f %% of "
                "the circles the laser really touches, box and capsule alike, most of them by "
                "the emitter (its first square is one pitch out) and along the sides (the beam's "
                "own width at the ends of the turn). Its static chain misses %.1f to %.1f %% of a "
                "static beam: the last part of the beam (up to a pitch past its last square's "
                "centre, minus a half-size: a 4 px beam of half-width 1 px is covered to 3 px "
                "only), a capsule's round ends, and the edges of slanted beams (at 45 degrees "
                "squares of half-size w, 2w apart, reach only (sqrt 2 - 1) w = 0.41 w across the "
                "beam midway between two centres). Near a half turn the rotating chain is "
                "refused. The covering chain misses %lu circles in all, at every step including "
                "the half turns; its sampled hit area is about 1.4 times the exact one for small "
                "turns (a square holding a slanted strip of width 2w has a half-size up to "
                "w sqrt 2), rising with the turn to about 3 times at a quarter turn.\n\n",
                lo, hi, slo, shi, cm);
    }

    fprintf(o, "## Pictures\n\n");
    for (k = 0; k < npic; k++) {
        const picture_info *p = &pic[k];
        const char *file = p->which == SEED ? "rotating" : "cover";
        fprintf(o, "![%d degrees per frame, %s](%s-%d.png)\n\n", p->deg, chain_name[p->which],
                file, p->deg);
        fprintf(o,
                "*%s-%d.png: %d° per frame (%d steps) from start angle %d steps, %.2f image "
                "pixels per laser pixel (%dx%d). Orange: the exact swept region (pixel centres "
                "for which `fxl_sweep_vs_circle` with radius 0 says yes). %s: the %s's ",
                file, p->deg, p->deg, (int)deg_to_steps(p->deg), PICTURE_START, p->scale, p->w,
                p->h, p->which == SEED ? "Blue" : "Green", chain_name[p->which]);
        if (p->res == FXL_OK)
            fprintf(o, "%zu squares (translucent fill, outlines)", p->squares);
        else
            fprintf(o, "squares (not drawn: `%s`)", fxl_result_name(p->res));
        fprintf(o, ". Yellow: the beams at the previous and the current angle "
                   "(`fxl_laser_quad`). White: the emitter.*\n\n");
    }
}

int main(int argc, char **argv)
{
    static frame_setup frame; /* FXL_CHAIN_MAX arrays: keep it off the stack */
    static step_result results[NSTEPS];
    static rand_result rand_results[2 * RAND_STEPS];
    static const int pic_deg[4] = {20, 90, 20, 90};
    static const int pic_which[4] = {SEED, SEED, COVER, COVER};
    picture_info pic[4];
    char path[4096];
    FILE *o;
    int k;
    unsigned long sanity = 0, cover_miss = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s DOCS_DIR\n", argv[0]);
        return 2;
    }
    for (k = 0; k < NSTEPS; k++) {
        measure(&results[k], step_deg[k], &frame);
        sanity += results[k].sanity_cur + results[k].sanity_prev;
        cover_miss += results[k].t[COVER].miss + results[k].t[COVER].g_miss;
    }
    for (k = 0; k < 2 * RAND_STEPS; k++) {
        measure_random(&rand_results[k], k < RAND_STEPS ? FXL_LASER_BOX : FXL_LASER_CAPSULE,
                       rand_steps[k % RAND_STEPS], k % RAND_STEPS == 0);
        cover_miss += rand_results[k].cover_miss;
    }
    for (k = 0; k < 4; k++) {
        snprintf(path, sizeof path, "%s/%s-%d.png", argv[1],
                 pic_which[k] == SEED ? "rotating" : "cover", pic_deg[k]);
        if (picture(path, pic_deg[k], pic_which[k], &frame, &pic[k]) != 0) {
            fprintf(stderr, "rotating: cannot write %s\n", path);
            return 1;
        }
    }
    snprintf(path, sizeof path, "%s/rotating.md", argv[1]);
    o = fopen(path, "w");
    if (!o) {
        fprintf(stderr, "rotating: cannot write %s\n", path);
        return 1;
    }
    write_md(o, results, rand_results, 2 * RAND_STEPS, pic, 4);
    if (fclose(o) != 0) {
        fprintf(stderr, "rotating: cannot write %s\n", path);
        return 1;
    }
    printf("rotating: wrote %s/rotating.md, rotating-20.png, rotating-90.png, cover-20.png, "
           "cover-90.png\n",
           argv[1]);
    if (sanity != 0) {
        fprintf(stderr, "rotating: LIBRARY BUG: %lu static hits outside the sweep\n", sanity);
        return 1;
    }
    if (cover_miss != 0) {
        fprintf(stderr, "rotating: LIBRARY BUG: the covering chain missed %lu exact hits\n",
                cover_miss);
        return 1;
    }
    return 0;
}
