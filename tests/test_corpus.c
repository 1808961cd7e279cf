/* test_corpus.c - the determinism corpus: a fixed integer-only generator
 * makes 100,000 cases across every public function; an FNV-1a hash of all
 * results must equal the committed constant on every platform. */
#include "corpus_hash.h"
#include "harness.h"
#include "fixlaser.h"

/* A circle fxl_circle_check accepts (the tests below skip the others). */
static bool fxl__circle_in_domain(fxl_circle c)
{
    return fxl_circle_check(c) == FXL_OK;
}

static uint32_t hash;
#define KINDS 15
static uint32_t part[KINDS]; /* one hash per kind of case, printed to locate a difference */
static unsigned kind_now;

static void mix(uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++) { /* little-endian bytes, whatever the host */
        hash ^= (v >> (8 * i)) & 0xFFu;
        hash *= 16777619u;
        part[kind_now] ^= (v >> (8 * i)) & 0xFFu;
        part[kind_now] *= 16777619u;
    }
}

static void mix64(int64_t v)
{
    mix((uint32_t)((uint64_t)v & 0xFFFFFFFFu));
    mix((uint32_t)((uint64_t)v >> 32));
}

static fix16_t any_coord(fxlt_rng *rng)
{
    return fxlt_below(rng, 8) == 0 ? fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX)
                                   : fxlt_range(rng, -(400 << 16), 400 << 16);
}

static fxl_laser any_laser(fxlt_rng *rng)
{
    /* One draw per statement: argument evaluation order differs between
     * compilers (x86-64 and ARM GCC do differ), the corpus must not. */
    fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(rng, 2);
    fix16_t x = any_coord(rng);
    fix16_t y = any_coord(rng);
    fxl_angle a = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
    fix16_t len = fxlt_range(rng, 0, 300 << 16);
    fix16_t hw = fxlt_range(rng, 0, 12 << 16);
    fxl_laser l = fxl_laser_from_emitter(kind, fxl_vec2_make(x, y), a, len, hw);
    l.anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
    l.hit_fraction = fxlt_range(rng, 0, fix16_one);
    return l;
}

/* A circle around the laser's beam, in integers: along a, across b. */
static fxl_circle circle_near(fxlt_rng *rng, const fxl_laser *l)
{
    int64_t a = fxlt_range(rng, -(20 << 16), 320 << 16), b = fxlt_range(rng, -(24 << 16), 24 << 16);
    int64_t c = fxl_cos(l->angle), s = fxl_sin(l->angle);
    int64_t x = l->pos.x + (a * c - b * s) / 65536, y = l->pos.y + (a * s + b * c) / 65536;
    x = x > FXL_COORD_MAX ? FXL_COORD_MAX : x < -FXL_COORD_MAX ? -FXL_COORD_MAX : x;
    y = y > FXL_COORD_MAX ? FXL_COORD_MAX : y < -FXL_COORD_MAX ? -FXL_COORD_MAX : y;
    return fxl_circle_make((fix16_t)x, (fix16_t)y, fxlt_range(rng, 0, 10 << 16));
}

static void prepared_case(fxlt_rng *rng, unsigned kind)
{
    fxl_laser l = any_laser(rng);
    fxl_laser_prep p;
    fxl_result res = fxl_laser_prepare(&l, &p);
    static fxl_circle batch[40];
    uint32_t bits[2];
    size_t i;

    mix((uint32_t)res);
    if (res != FXL_OK)
        return;
    switch (kind) {
    case 0:
        mix((uint32_t)p.pos.x), mix((uint32_t)p.pos.y), mix((uint32_t)p.cos), mix((uint32_t)p.sin);
        /* The hitbox as middle and half-extents (the prep holds bounds). */
        mix64((p.u_lo + p.u_hi) / 2), mix64((p.u_hi - p.u_lo) / 2), mix64(p.v_hi);
        mix64((int64_t)p.round * 65536);
        break;
    case 1:
        mix(fxl_laser_vs_circle(&p, circle_near(rng, &l)));
        break;
    case 2:
        mix(fxl_laser_vs_point(&p, circle_near(rng, &l).c));
        break;
    case 3: {
        fxl_vec2 q[4], s, e;
        fxl_laser_quad(&l, q);
        fxl_laser_ends(&l, &s, &e);
        for (i = 0; i < 4; i++)
            mix((uint32_t)q[i].x), mix((uint32_t)q[i].y);
        mix((uint32_t)s.x), mix((uint32_t)s.y), mix((uint32_t)e.x), mix((uint32_t)e.y);
        break;
    }
    default:
        for (i = 0; i < 40; i++)
            batch[i] = circle_near(rng, &l);
        mix((uint32_t)fxl_laser_vs_circles(&p, batch, 40, bits));
        mix(bits[0]), mix(bits[1]);
        break;
    }
}

static void shapes_case(fxlt_rng *rng)
{
    fix16_t v[8];
    fxl_circle a, b;
    fxl_aabb box, other;
    int i;
    for (i = 0; i < 8; i++)
        v[i] = i < 2 ? any_coord(rng) : fxlt_range(rng, i == 3 || i == 4 ? -(60 << 16) : 0, 60 << 16);
    a = fxl_circle_make(v[0], v[1], v[2]);
    b = fxl_circle_make(a.c.x / 2 + v[3], a.c.y / 2 + v[4], v[5]);
    box.lo = b.c;
    box.hi = fxl_vec2_make(b.c.x + v[6], b.c.y + v[7]);
    mix(fxl_circle_vs_circle(a, b));
    mix(fxl_circle_vs_point(a, b.c));
    mix(fxl_aabb_vs_circle(box, a));
    other.lo = fxl_vec2_make(a.c.x / 2, a.c.y / 2);
    other.hi = fxl_vec2_make(other.lo.x + a.r, other.lo.y + b.r);
    mix(fxl_aabb_vs_aabb(box, other));
}

/* A rotating (or static) chain: count, error and every square. */
static void chain_case(fxlt_rng *rng)
{
    static fxl_aabb boxes[64] FXL_EWRAM_BSS;
    fxl_chain ch;
    size_t n = 0, i;
    fxl_result res;
    ch.emitter.x = any_coord(rng); /* one draw per statement: a fixed order */
    ch.emitter.y = any_coord(rng);
    ch.angle = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
    ch.prev_angle = (fxl_angle)((uint32_t)ch.angle - (uint32_t)fxlt_range(rng, -700, 700));
    ch.length = fxlt_range(rng, 0, 300 << 16);
    ch.half_size = fxlt_range(rng, 1 << 16, 8 << 16);
    res = fxl_chain_make(&ch, (fxlt_next(rng) & 1u) ? FXL_CHAIN_ROTATING : FXL_CHAIN_STATIC, boxes,
                         64, &n);
    mix((uint32_t)res);
    mix((uint32_t)(n < 64 ? n : 64)); /* written: *count is the number needed */
    for (i = 0; i < n && i < 64; i++)
        mix((uint32_t)boxes[i].lo.x), mix((uint32_t)boxes[i].lo.y), mix((uint32_t)boxes[i].hi.x),
            mix((uint32_t)boxes[i].hi.y);
    /* The chained-square method's half step, (((a - p)/2 + 1024) & 2047) - 1024 on 0..4095. */
    mix((uint32_t)(int32_t)((uint32_t)(((int32_t)((uint32_t)ch.angle & 4095u) -
                                        (int32_t)((uint32_t)ch.prev_angle & 4095u)) / 2 + 1024) &
                            2047u) - 1024u);
    mix((uint32_t)fxl_tan(ch.angle));
}

/* A turning laser against a few circles around it. */
static void sweep_case(fxlt_rng *rng)
{
    fxl_laser l = any_laser(rng);
    int32_t step = fxlt_range(rng, -2048, 2048);
    fxl_sweep_prep sp;
    fxl_result res;
    int i;
    l.anchor = FXL_ANCHOR_EMITTER;
    {
        fxl_sweep s = fxl_sweep_turn(&l, step);
        res = fxl_sweep_prepare(&s, &sp);
    }
    mix((uint32_t)res);
    if (res != FXL_OK)
        return;
    for (i = 0; i < 8; i++) {
        fxl_circle c;
        c.c.x = l.pos.x + fxlt_range(rng, -(320 << 16), 320 << 16);
        c.c.y = l.pos.y + fxlt_range(rng, -(320 << 16), 320 << 16);
        c.r = fxlt_range(rng, 0, 12 << 16);
        if (fxl_circle_check(c) == FXL_OK)
            mix(fxl_sweep_vs_circle(&sp, c));
    }
}

/* A six-walled room (integer corners) and a point and a circle moving in it. */
static void wall_case(fxlt_rng *rng)
{
    static const int8_t hex[6][2] = {{-4, 0}, {-2, 3}, {2, 3}, {4, 0}, {2, -3}, {-2, -3}};
    static fxl_wall_prep inflated[6 * FXL_WALL_PARTS] FXL_EWRAM_BSS;
    fxl_wall walls[6];
    fxl_wall_prep prep[6];
    fxl_vec2 c, to;
    fxl_move m;
    uint32_t touched[1];
    fix16_t scale = fxlt_range(rng, 4 << 16, 40 << 16) / 4, r;
    int i;
    c.x = any_coord(rng) / 4;
    c.y = any_coord(rng) / 4;
    for (i = 0; i < 6; i++) {
        walls[i].a = fxl_vec2_make(c.x + hex[i][0] * scale, c.y + hex[i][1] * scale);
        walls[i].b = fxl_vec2_make(c.x + hex[(i + 1) % 6][0] * scale, c.y + hex[(i + 1) % 6][1] * scale);
        mix((uint32_t)fxl_wall_prepare(&walls[i], &prep[i]));
    }
    to.x = c.x + fxlt_range(rng, -(60 << 16), 60 << 16);
    to.y = c.y + fxlt_range(rng, -(60 << 16), 60 << 16);
    m = fxl_move_point(prep, 6, c, to, touched);
    mix((uint32_t)m.pos.x), mix((uint32_t)m.pos.y), mix((uint32_t)m.contacts), mix(touched[0]);
    r = fxlt_range(rng, 0, scale);
    mix((uint32_t)fxl_walls_inflate(walls, 6, r, inflated, 6 * FXL_WALL_PARTS));
    m = fxl_move_circle(inflated, 6, c, to, touched);
    mix((uint32_t)m.pos.x), mix((uint32_t)m.pos.y), mix((uint32_t)m.contacts), mix(touched[0]);
}

/* A 3D laser of each kind against a sphere near it. */
static void laser3d_case(fxlt_rng *rng)
{
    fxl_laser3d l;
    fxl_laser3d_prep p;
    fxl_sphere s;
    fxl_result res;
    l.kind = (fxl_laser3d_kind)fxlt_below(rng, 3);
    l.anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
    l.pos.x = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.pos.y = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.pos.z = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.yaw = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
    l.pitch = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
    l.length = fxlt_range(rng, 0, 200 << 16);
    l.half_width = fxlt_range(rng, 0, 10 << 16);
    l.egg_k = fxlt_range(rng, 0, fix16_one);
    res = fxl_laser3d_prepare(&l, &p);
    mix((uint32_t)res);
    s.c.x = l.pos.x + fxlt_range(rng, -(120 << 16), 120 << 16);
    s.c.y = l.pos.y + fxlt_range(rng, -(120 << 16), 120 << 16);
    s.c.z = l.pos.z + fxlt_range(rng, -(120 << 16), 120 << 16);
    s.r = fxlt_range(rng, 0, 30 << 16);
    if (res == FXL_OK)
        mix(fxl_laser3d_vs_sphere(&p, s));
}

/* A laser object over a few frames: phase, emitter, hits, grazes, depth. */
static void beam_case(fxlt_rng *rng)
{
    fxl_beam b;
    int f;
    /* One draw per statement (argument order is unspecified). */
    fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(rng, 2);
    fix16_t x = fxlt_range(rng, 0, 240 << 16);
    fix16_t y = fxlt_range(rng, 0, 160 << 16);
    fxl_angle a = (fxl_angle)fxlt_below(rng, 4096);
    fix16_t len = fxlt_range(rng, 20 << 16, 200 << 16);
    fix16_t hw = fxlt_range(rng, 1 << 16, 8 << 16);
    int32_t turn, frames;
    fxl_beam_init(&b, kind, fxl_vec2_make(x, y), a, len, hw);
    if (fxlt_below(rng, 2)) {
        b.pivot = fxl_vec2_make(b.pivot.x + fxlt_range(rng, -(30 << 16), 30 << 16), b.pivot.y);
        b.offset = fxl_vec2_make(fxlt_range(rng, -(30 << 16), 30 << 16), 0);
    }
    b.warning_frames = fxlt_range(rng, 0, 2);
    b.graze_extra = fxlt_range(rng, 0, 6 << 16);
    turn = fxlt_range(rng, -600, 600);
    frames = fxlt_range(rng, 1, 6);
    fxl_beam_turn_by(&b, turn, frames);
    for (f = 0; f < 4; f++) {
        fxl_beam_prep bp;
        fxl_beam_hit h;
        fxl_circle c;
        fxl_beam_update(&b);
        mix((uint32_t)fxl_beam_prepare(&b, &bp));
        c.c.x = fxlt_range(rng, 0, 240 << 16);
        c.c.y = fxlt_range(rng, 0, 160 << 16);
        c.r = fxlt_range(rng, 0, 4 << 16);
        h = fxl_beam_test(&bp, c);
        mix((uint32_t)b.angle), mix((uint32_t)fxl_beam_emitter(&b).x), mix((uint32_t)bp.phase);
        mix(h.hit), mix(h.graze), mix((uint32_t)h.depth);
    }
}

static void corpus_hash(void)
{
    fxlt_rng rng;
    uint32_t i;

    rng.state = UINT64_C(0xC0FFEE0DDF00D);
    hash = 2166136261u;
    for (i = 0; i < KINDS; i++)
        part[i] = 2166136261u;
    for (i = 0; i < FXLT_CORPUS_CASES; i++) {
        unsigned kind = i % KINDS;
        kind_now = kind;
        if (kind == 0) {
            fxl_angle a = (fxl_angle)(int32_t)(uint32_t)fxlt_next(&rng);
            mix((uint32_t)fxl_sin(a)), mix((uint32_t)fxl_cos(a));
            mix((uint32_t)fxl_angle_to_deg(a)), mix((uint32_t)fxl_angle_to_rad(a));
        } else if (kind == 1) {
            int32_t y = (int32_t)(uint32_t)fxlt_next(&rng), x = (int32_t)(uint32_t)fxlt_next(&rng);
            unsigned sh = fxlt_below(&rng, 31);
            mix((uint32_t)fxl_atan2(y / (1 << sh), x / (1 << sh)));
        } else if (kind == 2) {
            int32_t a = (int32_t)(uint32_t)fxlt_next(&rng), b = (int32_t)(uint32_t)fxlt_next(&rng);
            mix((uint32_t)fxl_angle_diff(a, b));
            mix((uint32_t)fxl_angle_from_deg(a)), mix((uint32_t)fxl_angle_from_rad(b));
        } else if (kind == 3) {
            shapes_case(&rng);
        } else if (kind == 10) {
            chain_case(&rng);
        } else if (kind == 11) {
            sweep_case(&rng);
        } else if (kind == 12) {
            wall_case(&rng);
        } else if (kind == 13) {
            laser3d_case(&rng);
        } else if (kind == 14) {
            beam_case(&rng);
        } else {
            prepared_case(&rng, kind - 4);
        }
    }
    fxlt_printf("    corpus: %u cases, hash 0x%08x (committed 0x%08x)\n", FXLT_CORPUS_CASES, hash,
                FXLT_CORPUS_HASH);
    fxlt_printf("    by kind (angles, atan2, conversions, shapes, prepare, laser, point, quad, "
                "batch x2, chain, sweep, walls, 3D, beam):\n     ");
    for (i = 0; i < KINDS; i++)
        fxlt_printf(" %08x", part[i]);
    fxlt_printf("\n");
    CHECK_EQ(hash, FXLT_CORPUS_HASH);
}


/* ---- the laser kinds of curvy.h and cast.h: a corpus of their own --------- */

/* A curvy laser of 2..24 nodes wandering from a random start (steps of up
 * to 12 px, some zero), random widths, taper, hit fraction and cuts;
 * tested against circles near its nodes, moving and still, with a graze
 * band. */
static void curvy_kind_case(fxlt_rng *rng)
{
    static fxl_curvy_node nodes[24];
    static fxl_aabb boxes[FXL_CURVY_BOXES(24)];
    fxl_curvy c;
    fxl_vec2 p;
    uint32_t n = 2u + fxlt_below(rng, 23), k, j;
    fix16_t wmax = fxlt_range(rng, 0, 8 << 16);
    fix16_t budget = fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, 0, 200 << 16);
    mix((uint32_t)fxl_curvy_init(&c, nodes, 24, boxes, FXL_CURVY_BOXES(24), wmax, budget));
    c.taper = fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, 0, 2 << 16);
    c.hit_fraction = fxlt_range(rng, 0, fix16_one);
    p.x = any_coord(rng);
    p.y = any_coord(rng);
    for (k = 0; k < n; k++) {
        fix16_t w = fxlt_range(rng, 0, wmax);
        p.x = p.x + fxlt_range(rng, -(12 << 16), 12 << 16);
        p.y = p.y + fxlt_range(rng, -(12 << 16), 12 << 16);
        mix((uint32_t)fxl_curvy_push(&c, p, w));
    }
    if (fxlt_below(rng, 4) == 0 && c.count > 2) {
        uint32_t a = fxlt_below(rng, c.count - 1);
        fxl_curvy_cut_range(&c, a, a + fxlt_below(rng, 3), true);
    }
    mix(c.count), mix((uint32_t)c.length);
    for (j = 0; j < 4; j++) {
        const fxl_curvy_node *at = fxl_curvy_node_at(&c, c.count > 0 ? fxlt_below(rng, c.count) : 0);
        fix16_t x = at->p.x + fxlt_range(rng, -(16 << 16), 16 << 16);
        fix16_t y = at->p.y + fxlt_range(rng, -(16 << 16), 16 << 16);
        fxl_circle ci = fxl_circle_make(x, y, fxlt_range(rng, 0, 6 << 16));
        fix16_t tx = x + fxlt_range(rng, -(8 << 16), 8 << 16); /* one draw per statement */
        fix16_t ty = y + fxlt_range(rng, -(8 << 16), 8 << 16);
        fxl_vec2 to = fxl_vec2_make(tx, ty);
        uint32_t seg = 0xFFFFFFFFu;
        if (!fxl__circle_in_domain(ci) || !fxl__circle_in_domain(fxl_circle_make(to.x, to.y, 0)))
            continue;
        mix((uint32_t)fxl_curvy_vs_circle(&c, ci));
        mix((uint32_t)fxl_curvy_band(&c, ci, 3 << 16, &seg)), mix(seg);
        mix((uint32_t)fxl_curvy_vs_moving_circle(&c, ci, to));
    }
    {
        fxl_vec2 q[24][4];
        size_t nq = fxl_curvy_quads(&c, q, 24), i;
        mix((uint32_t)nq);
        for (i = 0; i < nq; i++)
            mix((uint32_t)q[i][0].x), mix((uint32_t)q[i][1].y), mix((uint32_t)q[i][2].x), mix((uint32_t)q[i][3].y);
    }
}

/* A laser cast in a room of 3..8 random walls (one- or two-sided, centre
 * line or width) and bounced off them. */
static void cast_kind_case(fxlt_rng *rng)
{
    fxl_wall_prep walls[8];
    fxl_bounce legs[6];
    fxl_laser l = any_laser(rng), clipped;
    fxl_cast out;
    unsigned flags = fxlt_below(rng, 4);
    uint32_t nw = 3u + fxlt_below(rng, 6), k, m = 0;
    size_t count = 0, i;
    l.anchor = FXL_ANCHOR_EMITTER;
    for (k = 0; k < nw; k++) {
        fxl_wall w;
        w.a.x = l.pos.x + fxlt_range(rng, -(300 << 16), 300 << 16);
        w.a.y = l.pos.y + fxlt_range(rng, -(300 << 16), 300 << 16);
        w.b.x = w.a.x + fxlt_range(rng, -(200 << 16), 200 << 16);
        w.b.y = w.a.y + fxlt_range(rng, -(200 << 16), 200 << 16);
        if (fxl_wall_prepare(&w, &walls[m]) == FXL_OK)
            m++;
    }
    mix(m);
    mix((uint32_t)fxl_laser_cast(&l, walls, m, flags, &out, &clipped));
    mix((uint32_t)out.length), mix((uint32_t)out.wall), mix((uint32_t)out.point.x), mix((uint32_t)out.point.y);
    mix((uint32_t)fxl_laser_bounce(&l, walls, m, flags & FXL_CAST_TWO_SIDED, 4, legs, 6, &count));
    mix((uint32_t)count);
    for (i = 0; i < count && i < 6; i++) {
        mix((uint32_t)legs[i].end.x), mix((uint32_t)legs[i].end.y), mix((uint32_t)legs[i].dx);
        mix((uint32_t)legs[i].dy), mix((uint32_t)legs[i].angle), mix((uint32_t)legs[i].length);
        mix((uint32_t)legs[i].wall);
    }
}

/* The kinds' own corpus and hash (FXLT_CORPUS_KINDS_HASH): kept apart so the
 * first corpus's hash stays what it was before these kinds existed. */
static void kinds_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xC0FFEE0D0C0A57);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_KINDS_CASES; i++) {
        if (i % 2 == 0)
            curvy_kind_case(&rng);
        else
            cast_kind_case(&rng);
    }
    fxlt_printf("    curvy + cast corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_KINDS_CASES, hash, FXLT_CORPUS_KINDS_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_KINDS_HASH);
}

/* b moved by (mx, my), in 64 bits: out of the domain shows in its check. */
static fxl_aabb box_moved(fxl_aabb b, fix16_t mx, fix16_t my)
{
    int64_t x = (int64_t)b.lo.x + mx, y = (int64_t)b.lo.y + my;
    fxl_aabb r = b;
    if (x + (b.hi.x - b.lo.x) > FXL_COORD_MAX || x < -FXL_COORD_MAX ||
        y + (b.hi.y - b.lo.y) > FXL_COORD_MAX || y < -FXL_COORD_MAX)
        r.lo.x = INT32_MIN; /* refused by fxl_aabb_check */
    return r;
}

/* The straight lasers' box corpus (issue 23), hashed apart
 * (FXLT_CORPUS_BOX_HASH): per case a laser and a box about its beam (a
 * point, small, or flat), the single answer, the box moving (to its lo's
 * end), and four lasers fused against the box. */
static void box_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xB0C5B0C5B0C5);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_BOX_CASES; i++) {
        fxl_laser l[4];
        fxl_laser_prep p;
        fxl_circle c;
        fxl_aabb b;
        fix16_t hx, hy, mx, my;
        uint32_t bits = 0;
        size_t hits = 0;
        int k;
        for (k = 0; k < 4; k++)
            l[k] = any_laser(&rng);
        c = circle_near(&rng, &l[0]);
        hx = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 0, 16 << 16);
        hy = fxlt_below(&rng, 4) == 0 ? 0 : fxlt_range(&rng, 0, 16 << 16);
        mx = fxlt_range(&rng, -(40 << 16), 40 << 16);
        my = fxlt_range(&rng, -(40 << 16), 40 << 16);
        b.lo = c.c;
        b.hi = fxl_vec2_make(c.c.x + hx, c.c.y + hy);
        if (fxl_aabb_check(b) != FXL_OK || fxl_laser_prepare(&l[0], &p) != FXL_OK)
            continue;
        mix(fxl_laser_vs_aabb(&p, b));
        if (fxl_aabb_check(box_moved(b, mx, my)) == FXL_OK)
            mix(fxl_laser_vs_moving_aabb(&p, b, fxl_vec2_make(b.lo.x + mx, b.lo.y + my)));
        mix((uint32_t)fxl_lasers_vs_aabb(l, 4, b, &bits, &hits));
        mix(bits);
        mix((uint32_t)hits);
    }
    fxlt_printf("    box corpus: %u cases, hash 0x%08x (committed 0x%08x)\n", FXLT_CORPUS_BOX_CASES,
                hash, FXLT_CORPUS_BOX_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_BOX_HASH);
}

/* The sweep-versus-box corpus (issue 23, FXLT_CORPUS_BOX_SWEEP_HASH): a
 * sweep of any motion (turn about the laser or a pivot 0..64 px off, a
 * move of up to 16 px) against boxes about it, fixed and moving: the
 * single, moving, batch, collect and fused answers. */
static void box_sweep_case(fxlt_rng *rng)
{
    static fxl_aabb boxes[4];
    static fxl_vec2 to[4];
    fxl_sweep s;
    fxl_sweep_prep sp;
    fxl_result res;
    uint32_t bits = 0;
    size_t idx[4], n, fh = 0;
    int i;
    s.laser = any_laser(rng);
    s.motion.pivot = s.laser.pos;
    s.motion.step = fxlt_range(rng, -2048, 2048);
    s.motion.move = fxl_vec2_make(0, 0);
    if (fxlt_below(rng, 2) == 0) {
        s.motion.pivot.x = s.laser.pos.x + fxlt_range(rng, -(64 << 16), 64 << 16);
        s.motion.pivot.y = s.laser.pos.y + fxlt_range(rng, -(64 << 16), 64 << 16);
    }
    if (fxlt_below(rng, 2) == 0) {
        s.motion.move.x = fxlt_range(rng, -(16 << 16), 16 << 16);
        s.motion.move.y = fxlt_range(rng, -(16 << 16), 16 << 16);
    }
    res = fxl_sweep_prepare(&s, &sp);
    mix((uint32_t)res);
    for (i = 0; i < 4; i++) {
        int32_t w = fxlt_range(rng, 0, 24 << 16), h = fxlt_range(rng, 0, 24 << 16);
        boxes[i].lo.x = s.laser.pos.x + fxlt_range(rng, -(200 << 16), 200 << 16);
        boxes[i].lo.y = s.laser.pos.y + fxlt_range(rng, -(200 << 16), 200 << 16);
        boxes[i].hi.x = boxes[i].lo.x + w;
        boxes[i].hi.y = boxes[i].lo.y + h;
        to[i].x = boxes[i].lo.x + fxlt_range(rng, -(8 << 16), 8 << 16);
        to[i].y = boxes[i].lo.y + fxlt_range(rng, -(8 << 16), 8 << 16);
        if (fxl_aabb_check(boxes[i]) != FXL_OK ||
            to[i].x < -FXL_COORD_MAX + (24 << 16) || to[i].x > FXL_COORD_MAX - (24 << 16) ||
            to[i].y < -FXL_COORD_MAX + (24 << 16) || to[i].y > FXL_COORD_MAX - (24 << 16) ||
            boxes[i].hi.x > FXL_COORD_MAX || boxes[i].hi.y > FXL_COORD_MAX)
            boxes[i].lo = boxes[i].hi = to[i] = fxl_vec2_make(0, 0);
    }
    if (res != FXL_OK)
        return;
    for (i = 0; i < 4; i++) {
        mix(fxl_sweep_vs_aabb(&sp, boxes[i]));
        mix(fxl_sweep_vs_moving_aabb(&sp, boxes[i], to[i]));
    }
    mix((uint32_t)fxl_sweep_vs_aabbs(&sp, boxes, 4, &bits));
    mix(bits);
    mix((uint32_t)fxl_sweep_vs_moving_aabbs(&sp, boxes, to, 4, &bits));
    mix(bits);
    n = fxl_sweep_collect_aabbs(&sp, boxes, 4, idx, 2);
    mix((uint32_t)n);
    mix((uint32_t)fxl_sweeps_vs_aabb(&s, 1, boxes[0], &bits, &fh));
    mix(bits);
    mix((uint32_t)fh);
}

static void box_sweep_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xB0C5EE9A5B0C5E);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_BOX_SWEEP_CASES; i++)
        box_sweep_case(&rng);
    fxlt_printf("    sweep vs box corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_BOX_SWEEP_CASES, hash, FXLT_CORPUS_BOX_SWEEP_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_BOX_SWEEP_HASH);
}

/* ---- issue 23's 3D column: 3D lasers against 3D boxes (hashed apart) --- */

/* A 3D laser of each kind against a box near it (single, and the fused
 * forms for the box and a sphere at its corner), and a few beams against
 * one circle (fxl_beams_test). */
static void box3d_case(fxlt_rng *rng, uint32_t i)
{
    fxl_laser3d l[2];
    fxl_laser3d_prep p;
    fxl_aabb3 b;
    fxl_sphere s;
    fxl_result res;
    uint32_t word;
    size_t hits;
    int k;
    for (k = 0; k < 2; k++) {
        l[k].kind = (fxl_laser3d_kind)fxlt_below(rng, 3);
        l[k].anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
        l[k].pos.x = fxlt_range(rng, -(500 << 16), 500 << 16);
        l[k].pos.y = fxlt_range(rng, -(500 << 16), 500 << 16);
        l[k].pos.z = fxlt_range(rng, -(500 << 16), 500 << 16);
        l[k].yaw = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
        l[k].pitch = (fxl_angle)(int32_t)(uint32_t)fxlt_next(rng);
        l[k].length = fxlt_range(rng, 0, 200 << 16);
        l[k].half_width = fxlt_range(rng, 0, 10 << 16);
        l[k].egg_k = fxlt_range(rng, 0, fix16_one);
    }
    res = fxl_laser3d_prepare(&l[0], &p);
    mix((uint32_t)res);
    b.lo.x = l[0].pos.x + fxlt_range(rng, -(120 << 16), 120 << 16);
    b.lo.y = l[0].pos.y + fxlt_range(rng, -(120 << 16), 120 << 16);
    b.lo.z = l[0].pos.z + fxlt_range(rng, -(120 << 16), 120 << 16);
    b.hi.x = b.lo.x + fxlt_range(rng, 0, 40 << 16);
    b.hi.y = b.lo.y + fxlt_range(rng, 0, 40 << 16);
    b.hi.z = b.lo.z + fxlt_range(rng, 0, 40 << 16);
    s.c = b.lo;
    s.r = fxlt_range(rng, 0, 30 << 16);
    if (res == FXL_OK)
        mix(fxl_laser3d_vs_aabb3(&p, b));
    mix((uint32_t)fxl_lasers3d_vs_aabb3(l, 2, b, &word, &hits)), mix(word), mix((uint32_t)hits);
    mix((uint32_t)fxl_lasers3d_vs_sphere(l, 2, s, &word, &hits)), mix(word), mix((uint32_t)hits);
    if (i % 8 == 0) {
        fxl_beam bm[2];
        fxl_beam_prep bp[2];
        fxl_beam_hit out[2];
        fxl_circle c;
        for (k = 0; k < 2; k++) {
            fxl_laser_kind kind = (fxl_laser_kind)fxlt_below(rng, 2);
            fix16_t x = fxlt_range(rng, 0, 240 << 16);
            fix16_t y = fxlt_range(rng, 0, 160 << 16);
            fxl_angle a = (fxl_angle)fxlt_below(rng, 4096);
            int32_t turn = fxlt_range(rng, -600, 600);
            fxl_beam_init(&bm[k], kind, fxl_vec2_make(x, y), a, 120 << 16, 4 << 16);
            bm[k].graze_extra = 3 << 16;
            fxl_beam_turn_by(&bm[k], turn, 3);
            fxl_beam_update(&bm[k]);
            mix((uint32_t)fxl_beam_prepare(&bm[k], &bp[k]));
        }
        c.c.x = fxlt_range(rng, 0, 240 << 16);
        c.c.y = fxlt_range(rng, 0, 160 << 16);
        c.r = fxlt_range(rng, 0, 6 << 16);
        mix((uint32_t)fxl_beams_test(bp, 2, c, out));
        for (k = 0; k < 2; k++)
            mix(out[k].hit), mix(out[k].graze), mix((uint32_t)out[k].depth);
    }
}

static void box3d_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xC0FFEE0B0C3D);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_BOX3D_CASES; i++)
        box3d_case(&rng, i);
    fxlt_printf("    3D box corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_BOX3D_CASES, hash, FXLT_CORPUS_BOX3D_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_BOX3D_HASH);
}

/* The moving-target corpora's lasers: any kind and anchor within 500 px of
 * the origin, up to 200 px long and 10 px wide. */
static fxl_laser3d corpus_laser3d(fxlt_rng *rng)
{
    fxl_laser3d l;
    l.kind = (fxl_laser3d_kind)fxlt_below(rng, 3);
    l.anchor = (fxl_laser_anchor)fxlt_below(rng, 2);
    l.pos.x = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.pos.y = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.pos.z = fxlt_range(rng, -(500 << 16), 500 << 16);
    l.yaw = (fxl_angle)fxlt_below(rng, 4096);
    l.pitch = (fxl_angle)fxlt_below(rng, 4096);
    l.length = fxlt_range(rng, 0, 200 << 16);
    l.half_width = fxlt_range(rng, 0, 10 << 16);
    l.egg_k = fxlt_range(rng, 0, fix16_one);
    return l;
}

/* A point within s (Q16.16) of c on each axis. */
static fxl_vec3 corpus_near3(fxlt_rng *rng, fxl_vec3 c, int32_t s)
{
    fxl_vec3 v;
    v.x = c.x + fxlt_range(rng, -s, s);
    v.y = c.y + fxlt_range(rng, -s, s);
    v.z = c.z + fxlt_range(rng, -s, s);
    return v;
}

/* The moving sphere against each 3D laser kind (fxl_laser3d_vs_moving_sphere
 * and the batch form), hashed apart (test move3d_hash). */
static void move3d_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xC0FFEE3D3015E);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_MOVE3D_CASES; i++) {
        fxl_laser3d l;
        fxl_laser3d_prep p;
        fxl_sphere s[2];
        fxl_vec3 to[2];
        uint32_t word = 0;
        int k;
        l = corpus_laser3d(&rng);
        if (fxl_laser3d_prepare(&l, &p) != FXL_OK)
            continue;
        for (k = 0; k < 2; k++) {
            s[k].c = corpus_near3(&rng, l.pos, 150 << 16);
            s[k].r = fxlt_range(&rng, 0, 20 << 16);
            to[k] = corpus_near3(&rng, s[k].c, 100 << 16);
            mix(fxl_laser3d_vs_moving_sphere(&p, s[k], to[k]));
        }
        mix((uint32_t)fxl_laser3d_vs_moving_spheres(&p, s, to, 2, &word)), mix(word);
    }
    fxlt_printf("    3D moving sphere corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_MOVE3D_CASES, hash, FXLT_CORPUS_MOVE3D_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_MOVE3D_HASH);
}

/* Boxes moving against each 3D laser kind (fxl_laser3d_vs_moving_aabb3 and
 * the batch form), hashed apart (test movebox3d_hash). */
static void movebox3d_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xC0FFEE3D0B0E5);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_MOVEBOX3D_CASES; i++) {
        fxl_laser3d l;
        fxl_laser3d_prep p;
        fxl_aabb3 b[2];
        fxl_vec3 to[2];
        uint32_t word = 0;
        int k;
        l = corpus_laser3d(&rng);
        if (fxl_laser3d_prepare(&l, &p) != FXL_OK)
            continue;
        for (k = 0; k < 2; k++) {
            b[k].lo = corpus_near3(&rng, l.pos, 150 << 16);
            b[k].hi.x = b[k].lo.x + fxlt_range(&rng, 0, 30 << 16);
            b[k].hi.y = b[k].lo.y + fxlt_range(&rng, 0, 30 << 16);
            b[k].hi.z = b[k].lo.z + fxlt_range(&rng, 0, 30 << 16);
            to[k] = corpus_near3(&rng, b[k].lo, 100 << 16);
            mix(fxl_laser3d_vs_moving_aabb3(&p, b[k], to[k]));
        }
        mix((uint32_t)fxl_laser3d_vs_moving_aabb3s(&p, b, to, 2, &word)), mix(word);
    }
    fxlt_printf("    3D moving box corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_MOVEBOX3D_CASES, hash, FXLT_CORPUS_MOVEBOX3D_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_MOVEBOX3D_HASH);
}

/* ---- issue 23, curvy column and casts: boxes as targets ------------------ */

/* A curvy trail (as curvy_kind_case's) against boxes near its nodes (all
 * four box calls), and a cast against 1..8 boxes near a random beam. */
static void box_curvy_case(fxlt_rng *rng)
{
    static fxl_curvy_node nodes[24];
    static fxl_aabb cboxes[FXL_CURVY_BOXES(24)];
    fxl_curvy c[2];
    fxl_aabb b[8];
    fxl_vec2 p;
    uint32_t n = 2u + fxlt_below(rng, 23), k, bits = 0;
    size_t idx[8], i;
    fix16_t wmax = fxlt_range(rng, 0, 8 << 16);
    fxl_laser l;
    fxl_cast out;
    mix((uint32_t)fxl_curvy_init(&c[0], nodes, 24, cboxes, FXL_CURVY_BOXES(24), wmax, 0));
    c[0].taper = fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, 0, 2 << 16);
    c[0].hit_fraction = fxlt_range(rng, 0, fix16_one);
    p.x = any_coord(rng);
    p.y = any_coord(rng);
    for (k = 0; k < n; k++) {
        fix16_t w = fxlt_range(rng, 0, wmax);
        p.x = p.x + fxlt_range(rng, -(12 << 16), 12 << 16);
        p.y = p.y + fxlt_range(rng, -(12 << 16), 12 << 16);
        mix((uint32_t)fxl_curvy_push(&c[0], p, w));
    }
    c[1] = c[0];
    c[1].harmless = true;
    for (k = 0; k < 8; k++) {
        const fxl_curvy_node *at = fxl_curvy_node_at(&c[0], fxlt_below(rng, c[0].count));
        fix16_t x = at->p.x + fxlt_range(rng, -(16 << 16), 16 << 16);
        fix16_t y = at->p.y + fxlt_range(rng, -(16 << 16), 16 << 16);
        fix16_t w = fxlt_range(rng, 0, 6 << 16);
        fix16_t h = fxlt_range(rng, 0, 6 << 16);
        b[k].lo = fxl_vec2_make(x - w, y - h);
        b[k].hi = fxl_vec2_make(x + w, y + h);
        if (fxl_aabb_check(b[k]) != FXL_OK) /* by the domain's edge: the node itself */
            b[k].lo = b[k].hi = at->p;
    }
    mix((uint32_t)fxl_curvy_vs_aabbs(&c[0], b, 8, &bits)), mix(bits);
    mix((uint32_t)fxl_curvy_collect_aabbs(&c[0], b, 8, idx, 3));
    mix((uint32_t)fxl_curvies_vs_aabb(c, 2, b[0], &bits)), mix(bits);
    l = any_laser(rng);
    l.anchor = FXL_ANCHOR_EMITTER;
    for (k = 0; k < 8; k++) {
        fix16_t x = l.pos.x + fxlt_range(rng, -(300 << 16), 300 << 16);
        fix16_t y = l.pos.y + fxlt_range(rng, -(300 << 16), 300 << 16);
        fix16_t w = fxlt_range(rng, 0, 40 << 16);
        fix16_t h = fxlt_range(rng, 0, 40 << 16);
        b[k].lo = fxl_vec2_make(x - w, y - h);
        b[k].hi = fxl_vec2_make(x + w, y + h);
    }
    i = 1u + fxlt_below(rng, 8);
    mix((uint32_t)fxl_laser_cast_aabbs(&l, b, i, 0, &out, NULL));
    mix((uint32_t)out.length), mix((uint32_t)out.wall), mix((uint32_t)out.point.x), mix((uint32_t)out.point.y);
    mix((uint32_t)fxl_laser_cast_aabbs(&l, b, i, FXL_CAST_WIDTH, &out, NULL));
    mix((uint32_t)out.length), mix((uint32_t)out.wall), mix((uint32_t)out.point.x), mix((uint32_t)out.point.y);
}

static void box_curvy_hash(void)
{
    fxlt_rng rng;
    uint32_t i;
    rng.state = UINT64_C(0xB0C5C0B1A5);
    hash = 2166136261u;
    kind_now = 0;
    for (i = 0; i < FXLT_CORPUS_BOX_CURVY_CASES; i++)
        box_curvy_case(&rng);
    fxlt_printf("    curvy + cast boxes corpus: %u cases, hash 0x%08x (committed 0x%08x)\n",
                FXLT_CORPUS_BOX_CURVY_CASES, hash, FXLT_CORPUS_BOX_CURVY_HASH);
    CHECK_EQ(hash, FXLT_CORPUS_BOX_CURVY_HASH);
}

static const fxlt_case cases[] = {
    {"corpus_hash", corpus_hash},
    {"kinds_hash", kinds_hash},
    {"box_hash", box_hash},
    {"box_sweep_hash", box_sweep_hash},
    {"box3d_hash", box3d_hash},
    {"move3d_hash", move3d_hash},
    {"movebox3d_hash", movebox3d_hash},
    {"box_curvy_hash", box_curvy_hash},
};

const fxlt_suite fxlt_suite_corpus = {"corpus", cases, FXLT_COUNT(cases)};
