/* test_cast.c - lasers stopped by walls and bouncing off them (cast.h),
 * against the exact reference of ref_cast.c: the centre line (1,000,000
 * casts), the box and capsule widths (200,000 each), bounces in closed
 * rooms (invariants, and each leg's wall and length against the
 * reference), extreme or meaningless inputs (no undefined behaviour:
 * the suite runs under UBSan), and the width cast's 64 x 32-bit product
 * against long multiplication. */
#include <string.h>

#include "harness.h"
#include "ref_cast.h"

#include "bigint.h"
#include "../src/cast_width.h"

#define PX(v) ((fix16_t)((v) * 65536))
#define MAXW 8

static fxl_vec2 v2(int64_t x, int64_t y)
{
    return fxl_vec2_make((fix16_t)x, (fix16_t)y);
}

/* v / 65536 rounded to nearest (halves up). */
static int64_t round16(int64_t v)
{
    return (v + 32768) >> 16;
}

static fxl_wall_prep prep(fxl_vec2 a, fxl_vec2 b)
{
    fxl_wall w;
    fxl_wall_prep p;
    w.a = a;
    w.b = b;
    CHECK_EQ(fxl_wall_prepare(&w, &p), FXL_OK);
    return p;
}

static fxl_laser beam(fxl_laser_kind kind, int64_t x, int64_t y, fxl_angle a, fix16_t len,
                      fix16_t hw)
{
    return fxl_laser_from_emitter(kind, v2(x, y), a, len, hw);
}

/* ---- unit cases ------------------------------------------------------ */

static void stops_and_passes(void)
{
    /* A floor 10 px below the emitter, listed rightwards: its front (the
     * left going a -> b on a y-down screen) is up, where the emitter is. */
    fxl_wall_prep w[3];
    fxl_cast c;
    fxl_laser l = beam(FXL_LASER_BOX, 0, 0, 1024, PX(50), PX(2)), clipped;
    w[0] = prep(v2(PX(-100), PX(10)), v2(PX(100), PX(10))); /* front: y < 10 */
    CHECK_EQ(fxl_wall_side(&w[0], v2(0, 0)), -1);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, &clipped), FXL_OK);
    CHECK(c.length == PX(10) && c.wall == 0 && c.point.x == 0 && c.point.y == PX(10));
    CHECK(clipped.length == PX(10) && clipped.angle == l.angle);
    /* Too short to reach: free. */
    l.length = PX(10) - 1;
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.length == PX(10) - 1 && c.wall == -1);
    /* Exactly reaching it: met, touching. */
    l.length = PX(10);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.length == PX(10) && c.wall == 0);
    /* From behind: a one-sided wall lets it through, a two-sided one not. */
    l = beam(FXL_LASER_BOX, 0, PX(20), 3072, PX(50), 0);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.length == PX(50) && c.wall == -1);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, FXL_CAST_TWO_SIDED, &c, NULL), FXL_OK);
    CHECK(c.length == PX(10) && c.wall == 0);
    /* Parallel and along the wall: never stopped; through its end: stopped. */
    l = beam(FXL_LASER_BOX, PX(-200), PX(10), 0, PX(400), 0);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, FXL_CAST_TWO_SIDED, &c, NULL), FXL_OK);
    CHECK(c.wall == -1 && c.length == PX(400));
    l = beam(FXL_LASER_BOX, PX(110), 0, 1536, PX(100), 0); /* 45 deg down-left */
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.wall == 0); /* (100, 10) is the wall's end: cos = -sin exactly */
    /* Emitter on the wall: length 0 when heading behind, free ahead. */
    l = beam(FXL_LASER_BOX, PX(5), PX(10), 1024, PX(30), 0);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.length == 0 && c.wall == 0 && c.point.y == PX(10));
    CHECK_EQ(fxl_laser_cast(&l, w, 1, FXL_CAST_TWO_SIDED, &c, NULL), FXL_OK);
    CHECK(c.length == 0 && c.wall == 0);
    /* On the line counts as in front, for two-sided walls too. */
    l.angle = 3072;
    CHECK_EQ(fxl_laser_cast(&l, w, 1, 0, &c, NULL), FXL_OK);
    CHECK(c.length == PX(30) && c.wall == -1);
    CHECK_EQ(fxl_laser_cast(&l, w, 1, FXL_CAST_TWO_SIDED, &c, NULL), FXL_OK);
    CHECK(c.length == PX(30) && c.wall == -1);
    /* The nearer of two walls; a tie (a shared corner) goes to the lower index. */
    w[1] = prep(v2(PX(-100), PX(5)), v2(PX(100), PX(5)));
    w[2] = prep(v2(PX(-100), PX(5)), v2(PX(100), PX(5)));
    l = beam(FXL_LASER_BOX, 0, 0, 1024, PX(50), 0);
    CHECK_EQ(fxl_laser_cast(&l, w, 3, 0, &c, NULL), FXL_OK);
    CHECK(c.wall == 1 && c.length == PX(5));
}

static void errors(void)
{
    fxl_wall_prep w = prep(v2(0, PX(10)), v2(PX(10), PX(10)));
    fxl_laser l = beam(FXL_LASER_BOX, 0, 0, 0, PX(5), 0);
    fxl_cast c;
    fxl_bounce legs[4];
    size_t count = 99;
    CHECK_EQ(fxl_laser_cast(NULL, &w, 1, 0, &c, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast(&l, NULL, 1, 0, &c, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast(&l, &w, 1, 0, NULL, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_cast(&l, NULL, 0, 0, &c, NULL), FXL_OK);
    CHECK(c.length == PX(5) && c.wall == -1);
    l.anchor = FXL_ANCHOR_CENTRE;
    CHECK_EQ(fxl_laser_cast(&l, &w, 1, 0, &c, NULL), FXL_ERR_ANCHOR);
    CHECK_EQ(fxl_laser_bounce(&l, &w, 1, 0, 3, legs, 4, &count), FXL_ERR_ANCHOR);
    l.anchor = FXL_ANCHOR_EMITTER;
    l.length = -1;
    CHECK_EQ(fxl_laser_cast(&l, &w, 1, 0, &c, NULL), FXL_ERR_LENGTH_NEGATIVE);
    l.length = PX(5);
    l.pos.x = FXL_COORD_MAX + 1;
    CHECK_EQ(fxl_laser_cast(&l, &w, 1, FXL_CAST_WIDTH, &c, NULL), FXL_ERR_COORD_RANGE);
    CHECK_EQ(fxl_laser_bounce(&l, &w, 1, 0, 3, legs, 4, &count), FXL_ERR_COORD_RANGE);
    l.pos.x = 0;
    CHECK_EQ(fxl_laser_bounce(&l, &w, 1, 0, 3, NULL, 4, &count), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_bounce(&l, &w, 1, 0, 3, legs, 4, NULL), FXL_ERR_NULL);
    CHECK_EQ(fxl_laser_bounce(&l, &w, 1, 0, 3, NULL, 0, &count), FXL_ERR_CAPACITY);
    CHECK_EQ(count, 0);
}

/* ---- random scenes ----------------------------------------------------- */

typedef struct scene {
    fxl_laser l;
    fxl_wall w[MAXW];
    fxl_wall_prep p[MAXW];
    int n;
    bool two;
} scene;

static int64_t clamp_coord(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v;
}

static void add_wall(scene *s, int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    fxl_wall w;
    if (s->n >= MAXW)
        return;
    w.a = v2(clamp_coord(ax), clamp_coord(ay));
    w.b = v2(clamp_coord(bx), clamp_coord(by));
    if (fxl_wall_prepare(&w, &s->p[s->n]) != FXL_OK)
        return;
    s->w[s->n++] = w;
}

/* A whole number of pixels m along the ray (u = 65536 m, exact), mostly
 * within the beam, sometimes just behind the emitter. */
static int64_t pick_m(fxlt_rng *rng, const fxl_laser *l)
{
    int64_t top = ((int64_t)l->length >> 16) + 1;
    if (fxlt_below(rng, 8) == 0)
        return fxlt_range(rng, -2, 0);
    return fxlt_range(rng, 0, (int32_t)(top < 4000 ? top : 4000));
}

static int64_t jitter(fxlt_rng *rng)
{
    return fxlt_below(rng, 3) == 0 ? fxlt_range(rng, -1, 1) : 0;
}

/* A wall of one of the shapes that decide casts: anywhere, an end on the
 * ray (or one raw unit off), crossing it at a whole pixel, parallel or
 * along it, through the emitter, a corner shared by two walls on the ray,
 * near the beam's end, and long ones. Half the time, listed b -> a. */
static void gen_wall(fxlt_rng *rng, scene *s)
{
    const fxl_laser *l = &s->l;
    int64_t c = fxl_cos(l->angle), sn = fxl_sin(l->angle), ex = l->pos.x, ey = l->pos.y;
    int64_t S = (int64_t)PX(2) << fxlt_below(rng, 10), m = pick_m(rng, l);
    int64_t px = ex + m * c, py = ey + m * sn, ax, ay, bx, by, j, k;
    switch (fxlt_below(rng, 10)) {
    case 0:
    case 8:
    case 9:
        ax = ex + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        ay = ey + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        break;
    case 1:
    case 5:
        ax = px + jitter(rng);
        ay = py + jitter(rng);
        break;
    case 2: /* across the ray at u = 65536 m */
        j = fxlt_range(rng, 1, 4);
        k = fxlt_range(rng, 1, 4);
        ax = px - j * sn + jitter(rng);
        ay = py + j * c;
        bx = px + k * sn;
        by = py - k * c + jitter(rng);
        goto done;
    case 3: /* parallel to the ray, or along it */
        j = fxlt_range(rng, -64, 64);
        ax = px + (fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, -2, 2));
        ay = py + (fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, -2, 2));
        bx = ax + (j == 0 ? 1 : j) * c;
        by = ay + (j == 0 ? 1 : j) * sn;
        goto done;
    case 4: /* through the emitter */
        j = fxlt_range(rng, (int32_t)-S / 4, (int32_t)S / 4);
        k = fxlt_range(rng, (int32_t)-S / 4, (int32_t)S / 4);
        if (j == 0 && k == 0)
            j = 1;
        m = fxlt_range(rng, 0, 3);
        ax = ex - m * j;
        ay = ey - m * k;
        m = fxlt_range(rng, m == 0 ? 1 : 0, 3);
        bx = ex + m * j;
        by = ey + m * k;
        goto done;
    case 6: /* about the beam's end */
        ax = ex + (((int64_t)l->length * c) >> 16) + fxlt_range(rng, -2, 2);
        ay = ey + (((int64_t)l->length * sn) >> 16) + fxlt_range(rng, -2, 2);
        break;
    default: /* long */
        ax = ex + fxlt_range(rng, -(1 << 29), 1 << 29);
        ay = ey + fxlt_range(rng, -(1 << 29), 1 << 29);
        bx = ex + fxlt_range(rng, -(1 << 29), 1 << 29);
        by = ey + fxlt_range(rng, -(1 << 29), 1 << 29);
        goto done;
    }
    bx = ax + fxlt_range(rng, (int32_t)-S, (int32_t)S);
    by = ay + fxlt_range(rng, (int32_t)-S, (int32_t)S);
    if (fxlt_below(rng, 3) == 0) { /* a second wall from this corner */
        int64_t cx = ax + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        int64_t cy = ay + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        add_wall(s, cx, cy, ax, ay);
    }
done:
    if (fxlt_below(rng, 2) == 0)
        add_wall(s, ax, ay, bx, by);
    else
        add_wall(s, bx, by, ax, ay);
}

static void gen_scene(fxlt_rng *rng, scene *s, int max_walls)
{
    int64_t x, y;
    fxl_angle a;
    fix16_t len;
    int i, n;
    if (fxlt_below(rng, 8) == 0) { /* by a corner of the domain */
        x = FXL_COORD_MAX - fxlt_range(rng, 0, PX(500));
        y = FXL_COORD_MAX - fxlt_range(rng, 0, PX(500));
        x = fxlt_below(rng, 2) == 0 ? -x : x;
        y = fxlt_below(rng, 2) == 0 ? -y : y;
    } else {
        x = fxlt_range(rng, PX(-3000), PX(3000));
        y = fxlt_range(rng, PX(-3000), PX(3000));
    }
    a = fxlt_below(rng, 4) == 0 ? (fxl_angle)fxlt_below(rng, 16) * 256 : (fxl_angle)fxlt_next(rng);
    switch (fxlt_below(rng, 10)) {
    case 0: len = 0; break;
    case 1: len = fxlt_range(rng, 0, PX(4)); break;
    case 2: len = FXL_SIZE_MAX - fxlt_range(rng, 0, 65536); break;
    default: len = fxlt_range(rng, 0, PX(1500)); break;
    }
    s->l = beam(fxlt_below(rng, 2) == 0 ? FXL_LASER_BOX : FXL_LASER_CAPSULE, x, y, a, len, 0);
    s->two = fxlt_below(rng, 2) == 0;
    s->n = 0;
    n = 1 + (int)fxlt_below(rng, (uint32_t)max_walls);
    for (i = 0; i < n; i++)
        gen_wall(rng, s);
}

/* The reference's first wall for the centre line (u* <= len, least, the
 * lower index on a tie), -1 if none. */
static long ref_first_centre(const scene *s, ref_q *best)
{
    int32_t c = fxl_cos(s->l.angle), sn = fxl_sin(s->l.angle);
    long k = -1;
    int i;
    for (i = 0; i < s->n; i++) {
        ref_q u;
        if (ref_centre(s->l.pos, c, sn, s->w[i], s->two, -1, &u) &&
            ref_q_cmp_int(u, s->l.length) <= 0 && (k < 0 || ref_q_cmp(u, *best) < 0)) {
            k = i;
            *best = u;
        }
    }
    return k;
}

/* The clipped length is floor(u*) of the reference's first wall (so u* - 1
 * < L <= u*: the drawn beam never passes the wall), or the length. */
static bool length_agrees(const scene *s, long k, ref_q u, int32_t L)
{
    if (k < 0)
        return L == s->l.length;
    return ref_q_cmp_int(u, L) >= 0 && ref_q_cmp_int(u, (int64_t)L + 1) < 0;
}

static ref_q ref_int(int64_t v)
{
    ref_q q;
    q.n = big_i64(v);
    q.d = big_i64(1);
    return q;
}

static bool length_agrees_q(ref_q u, int32_t L)
{
    return ref_q_cmp_int(u, L) >= 0 && ref_q_cmp_int(u, (int64_t)L + 1) < 0;
}

static void centre_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("centre_vs_reference");
    uint32_t i, n = FXLT_CASES(1000000), bad = 0, hits = 0, zero = 0, whole = 0, prep_bad = 0;
    uint32_t walls = 0;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_cast c;
        fxl_laser clipped;
        fxl_laser_prep lp;
        ref_q u;
        long k;
        int64_t ox, oy;
        gen_scene(&rng, &s, 4);
        walls += (uint32_t)s.n;
        k = ref_first_centre(&s, &u);
        if (fxl_laser_cast(&s.l, s.p, (size_t)s.n, s.two ? FXL_CAST_TWO_SIDED : 0, &c, &clipped) !=
                FXL_OK ||
            c.wall != k || !length_agrees(&s, k, u, c.length)) {
            if (bad < 3)
                fxlt_printf("    centre: case %u: wall %d (ref %d), length %d\n", i, (int)c.wall,
                            (int)k, (int)c.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        zero += k >= 0 && c.length == 0;
        whole += k >= 0 && ref_q_cmp_int(u, c.length) == 0;
        /* The point: emitter + L d / 65536 to nearest, within half a unit. */
        ox = 65536 * ((int64_t)c.point.x - s.l.pos.x) - (int64_t)c.length * fxl_cos(s.l.angle);
        oy = 65536 * ((int64_t)c.point.y - s.l.pos.y) - (int64_t)c.length * fxl_sin(s.l.angle);
        CHECK(ox >= -32768 && ox <= 32768 && oy >= -32768 && oy <= 32768);
        prep_bad += fxl_laser_prepare(&clipped, &lp) != FXL_OK || clipped.length != c.length;
    }
    fxlt_printf("    centre: %u casts (%u walls), %u stopped (%u at 0, %u at a whole unit),\n", n,
                walls, hits, zero, whole);
    fxlt_printf("      %u disagreements\n", bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(prep_bad, 0);
    CHECK_EQ(big_faults(), 0);
}


/* fxl_room_cast against the reference (tests/ref_cast.c), and the same
 * answer as fxl_laser_cast: centre scenes (gen_scene's shapes: ends on
 * the ray or a raw unit off, walls across it at whole pixels, corners two
 * walls share on it, walls through the emitter, along it, long ones) grown
 * to up to 40 walls, so rooms of up to 32 walls go through the room's
 * index (cast.h: slabs and directions) and larger ones through the packed
 * pass, and the band the exact division decides (u* a whole unit, two
 * walls at the same u*) is hit often. */
#define ROOMW 40
/* The room tests' walls (shared: the GBA suite's EWRAM is nearly full). */
static fxl_wall room_w[ROOMW] FXL_EWRAM_BSS;
static fxl_wall_prep room_p[ROOMW] FXL_EWRAM_BSS;
static fxl_room_wall room_packed[ROOMW] FXL_EWRAM_BSS;
static scene room_t FXL_EWRAM_BSS;

/* A room test's walls in room_w and room_p: s's, then walls from gen_wall
 * about s's laser (4 ROOMW tries at most) until want of them, cap at the
 * most; returns how many. */
static int room_grow(fxlt_rng *rng, const scene *s, int want, int cap)
{
    scene *t = &room_t;
    int m, j, tries;
    for (m = 0; m < s->n; m++) {
        room_w[m] = s->w[m];
        room_p[m] = s->p[m];
    }
    for (tries = 0; m < want && tries < 4 * ROOMW; tries++) {
        t->l = s->l;
        t->n = 0;
        gen_wall(rng, t);
        for (j = 0; j < t->n && m < cap; j++) {
            room_w[m] = t->w[j];
            room_p[m++] = t->p[j];
        }
    }
    return m;
}

/* The reference's first of walls w[0..m) the centre line of s (c, sn its
 * cos and sin) meets at a u* <= its length: its index (-1: none), u* in
 * *best (untouched when none), and *tie counting walls met at the best u*
 * so far. */
static long ref_first_within(const scene *s, int32_t c, int32_t sn, const fxl_wall *w, int m,
                             ref_q *best, uint32_t *tie)
{
    long k = -1;
    int j;
    ref_q u;
    for (j = 0; j < m; j++) {
        if (ref_centre(s->l.pos, c, sn, w[j], s->two, -1, &u) && ref_q_cmp_int(u, s->l.length) <= 0) {
            if (k >= 0 && ref_q_cmp(u, *best) == 0)
                (*tie)++;
            if (k < 0 || ref_q_cmp(u, *best) < 0) {
                k = j;
                *best = u;
            }
        }
    }
    return k;
}

static void room_centre_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("room_centre_vs_reference");
    uint32_t i, n = FXLT_CASES(100000), bad = 0, hits = 0, whole = 0, tie = 0, big_rooms = 0;
    fxl_wall *w = room_w;
    fxl_wall_prep *p = room_p;
    fxl_room_wall *packed = room_packed;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_room room;
        fxl_cast a, b;
        fxl_laser ca, cb;
        ref_q best;
        long k = -1;
        int m, want;
        unsigned flags;
        int32_t c, sn;
        gen_scene(&rng, &s, 4);
        best = ref_int(0);
        want = fxlt_below(&rng, 4) == 0 ? (int)fxlt_range(&rng, 25, ROOMW) : (int)fxlt_range(&rng, 0, 24);
        m = room_grow(&rng, &s, want, ROOMW);
        big_rooms += m > FXL_ROOM_INDEXED;
        CHECK_EQ(fxl_room_prepare(p, (size_t)m, packed, ROOMW, &room), FXL_OK);
        flags = s.two ? FXL_CAST_TWO_SIDED : 0u;
        c = fxl_cos(s.l.angle);
        sn = fxl_sin(s.l.angle);
        k = ref_first_within(&s, c, sn, w, m, &best, &tie);
        if (fxl_room_cast(&room, &s.l, flags, &b, &cb) != FXL_OK ||
            fxl_laser_cast(&s.l, p, (size_t)m, flags, &a, &ca) != FXL_OK || b.wall != k ||
            !length_agrees(&s, k, best, b.length) || a.wall != b.wall || a.length != b.length ||
            a.point.x != b.point.x || a.point.y != b.point.y || cb.length != b.length) {
            if (bad < 3)
                fxlt_printf("    room centre: case %u (%d walls): wall %d (ref %d), length %d\n", i,
                            m, (int)b.wall, (int)k, (int)b.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        whole += k >= 0 && ref_q_cmp_int(best, b.length) == 0;
    }
    fxlt_printf("    room centre: %u casts (%u in rooms of over %d walls), %u stopped (%u at a\n"
                "      whole unit, %u ties at the same u*): %u disagreements\n",
                n, big_rooms, FXL_ROOM_INDEXED, hits, whole, tie, bad);
    CHECK_EQ(bad, 0);
    CHECK(whole > 0 || n < 20000);
    CHECK_EQ(big_faults(), 0);
}

static bool in_domain(int64_t v)
{
    return v >= -FXL_COORD_MAX && v <= FXL_COORD_MAX;
}

/* floor(u) for a reference u >= 0, capped at 2^31 (binary search). */
static int64_t ref_floor(ref_q u)
{
    int64_t lo = 0, hi = (int64_t)1 << 31;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (ref_q_cmp_int(u, mid) >= 0)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

#if FXL_PORT_ROOM_CAST
/* The port's room cast kernel (fxl__room_cast_walls_port: the wall and
 * floor(u*)) against cast.c's C search (fxl__room_cast_mask_c) on the
 * first 32 packed walls of a scene, one- and two-sided, with every wall
 * and with a random subset as the mask (an index's candidates); returns
 * the disagreements, *found counts the walls found. */
static uint32_t port_vs_c(const fxl_room_wall *packed, int m, const fxl_laser *l, int32_t c,
                          int32_t sn, fxlt_rng *rng, uint32_t *found)
{
    uint32_t bad = 0, all = m >= 32 ? 0xFFFFFFFFu : ((uint32_t)1 << m) - 1u;
    uint32_t sub = all & (uint32_t)fxlt_next(rng);
    int t;
    fxl__ray r;
    r.p = l->pos;
    r.dx = c;
    r.dy = sn;
    r.len = l->length;
    r.reach = l->angle; /* the port's kernel's reciprocal of dx or dy (cast_parts.h) */
    r.box.lo = r.box.hi = l->pos;
    r.m_lo = r.m_hi = 0;
    for (t = 0; t < 4; t++) {
        uint32_t mask = t < 2 ? all : sub;
        bool two = (t & 1) != 0;
        int32_t fl_c, fl_p;
        long kc = fxl__room_cast_mask_c(packed, mask, &r, two, &fl_c);
        long kp = fxl__room_cast_walls_port(packed, mask, &r, two, &fl_p);
        if (kc != kp || fl_c != fl_p) {
            if (bad < 3)
                fxlt_printf("    port kernel: wall %d (C %d), length %d (C %d)\n", (int)kp, (int)kc,
                            (int)fl_p, (int)fl_c);
            bad++;
        }
        *found += kc >= 0;
    }
    return bad;
}
#endif

#if FXL_PORT_ROOM_CAST
/* The port's kernel's division for an axis-aligned first wall (cast_arm.s:
 * floor(65536 |a| / |b|) by angle_table.c's fxl__room_recip, b the
 * direction's component): every table angle, a wall across x or y at a
 * distance putting u* at or within 2 raw units of FXL_SIZE_MAX (the
 * bound a < 2^12 b the shift relies on), of a whole multiple of 65536, or
 * anywhere, either way round, one- and two-sided, against cast.c's C
 * search (fxl__room_cast_mask_c). */
static void room_axis_recip(void)
{
    fxlt_rng rng = fxlt_rng_for("room_axis_recip");
    uint32_t bad = 0, met = 0;
    int k, j;
    fxl_room_wall w[2];
    for (k = 0; k < 4096; k++) {
        int32_t c = fxl_cos(k), sn = fxl_sin(k);
        for (j = 0; j < (FXLT_PROPERTY_DIVISOR > 1 ? 3 : 8); j++) {
            bool across_x = (j & 1) == 0; /* a wall x = const: b = dx */
            int32_t b = across_x ? c : sn, ab = b < 0 ? -b : b, fl_c, fl_p;
            int64_t u, D, px = fxlt_range(&rng, -(1 << 28), 1 << 28),
                          py = fxlt_range(&rng, -(1 << 28), 1 << 28);
            fxl__ray r;
            long kc, kp;
            bool two = fxlt_below(&rng, 2) == 0;
            if (ab == 0)
                continue;
            switch (fxlt_below(&rng, 4)) {
            case 0: u = FXL_SIZE_MAX - fxlt_range(&rng, 0, 2); break;
            case 1: u = (int64_t)65536 * fxlt_range(&rng, 0, FXL_SIZE_MAX >> 16); break;
            case 2: u = fxlt_range(&rng, 0, 3); break;
            default: u = fxlt_range(&rng, 0, FXL_SIZE_MAX); break;
            }
            D = (u * ab) >> 16; /* |a|: u* = 65536 |a| / |b| <= u */
            D += fxlt_range(&rng, 0, 1);
            if (b < 0)
                D = -D;
            if (across_x) {
                w[0].a = v2(px + D, py + (fxlt_below(&rng, 2) == 0 ? -(1 << 29) : (1 << 29)));
                w[0].ex = 0;
                w[0].ey = w[0].a.y < py ? (1 << 30) : -(1 << 30);
            } else {
                w[0].a = v2(px + (fxlt_below(&rng, 2) == 0 ? -(1 << 29) : (1 << 29)), py + D);
                w[0].ey = 0;
                w[0].ex = w[0].a.x < px ? (1 << 30) : -(1 << 30);
            }
            r.p = v2(px, py);
            r.dx = c;
            r.dy = sn;
            r.len = FXL_SIZE_MAX - (fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, 3) : 0);
            r.reach = k;
            r.box.lo = r.box.hi = r.p;
            r.m_lo = r.m_hi = 0;
            kc = fxl__room_cast_mask_c(w, 1u, &r, two, &fl_c);
            kp = fxl__room_cast_walls_port(w, 1u, &r, two, &fl_p);
            met += kc >= 0;
            if (kc != kp || fl_c != fl_p) {
                if (bad < 3)
                    fxlt_printf("    axis recip: angle %d: wall %d (C %d), length %d (C %d)\n", k,
                                (int)kp, (int)kc, (int)fl_p, (int)fl_c);
                bad++;
            }
        }
    }
    fxlt_printf("    axis recip: %u walls met: %u disagreements\n", met, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(met > 4096);
}
#endif

/* fxl_room_cast in the bands its exact stage decides (cast.c: room_meets,
 * the first wall's 96-bit comparison with the length, room_earlier, and
 * room_ray_init's packed box), against the reference and fxl_laser_cast:
 * gen_scene's scenes grown to up to 40 walls, the length then set to
 * floor(u*) - 1, floor(u*) or floor(u*) + 1 of the first wall the line
 * meets at any u (so the comparison with the length is one raw unit from
 * either answer, or the wall touched at a whole unit), that wall often
 * listed again (either way round, before or after: two walls at the same
 * u*), half the scenes moved to put the beam's end within 3 raw units of
 * a step of the packed boxes (2 px), and a short wall with an end 0 to 3
 * raw units from the beam's end, or across the beam 0 to 3 raw units
 * short of its end along x or y (the packed box's edge). */
static void room_cast_bands(void)
{
    fxlt_rng rng = fxlt_rng_for("room_cast_bands");
    uint32_t i, n = FXLT_CASES(100000), bad = 0, hits = 0, at_len = 0, over = 0, tie = 0, moved = 0;
#if FXL_PORT_ROOM_CAST
    uint32_t port_bad = 0, port_hits = 0;
#endif
    fxl_wall *w = room_w;
    fxl_wall_prep *p = room_p;
    fxl_room_wall *packed = room_packed;
    scene *t = &room_t;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_room room;
        fxl_cast a, b;
        ref_q u, best;
        long k = -1;
        int m, j, want;
        unsigned flags;
        int32_t c, sn;
        gen_scene(&rng, &s, 4);
        /* Up to ROOMW - 2 walls: room for the two below. */
        want = fxlt_below(&rng, 6) == 0 ? (int)fxlt_range(&rng, 25, ROOMW - 2) : (int)fxlt_range(&rng, 0, 16);
        m = room_grow(&rng, &s, want, ROOMW - 2);
        c = fxl_cos(s.l.angle);
        sn = fxl_sin(s.l.angle);
        /* The first wall the line meets at any u, and the length about it. */
        best = ref_int(0);
        for (j = 0; j < m; j++)
            if (ref_centre(s.l.pos, c, sn, w[j], s.two, -1, &u) && (k < 0 || ref_q_cmp(u, best) < 0)) {
                k = j;
                best = u;
            }
        if (k >= 0) {
            int64_t F = ref_floor(best) + fxlt_range(&rng, -1, 1);
            int64_t len = F < 0 ? 0 : F > FXL_SIZE_MAX ? FXL_SIZE_MAX : F;
            s.l.length = (fix16_t)len;
            if (m < ROOMW && fxlt_below(&rng, 3) == 0) { /* the same wall again */
                fxl_wall d = w[k];
                if (fxlt_below(&rng, 2) == 0) {
                    d.a = w[k].b;
                    d.b = w[k].a;
                }
                j = fxlt_below(&rng, 2) == 0 ? m : (int)fxlt_below(&rng, (uint32_t)m + 1u);
                w[m] = w[j];
                p[m] = p[j];
                w[j] = d;
                CHECK_EQ(fxl_wall_prepare(&d, &p[j]), FXL_OK);
                m++;
            }
        }
        if (fxlt_below(&rng, 2) == 0) {
            /* The scene moved (whole raw units: every u* the same) to put
             * the beam's end 3 raw units or less from a 2 px step of the
             * packed boxes (coarse.h: multiples of 2^17), when it stays in
             * the domain. */
            int64_t ex = s.l.pos.x + (((int64_t)s.l.length * c) >> 16);
            int64_t ey = s.l.pos.y + (((int64_t)s.l.length * sn) >> 16);
            int64_t tx = -(int64_t)((uint32_t)ex & 0x1FFFFu) + fxlt_range(&rng, -3, 3);
            int64_t ty = -(int64_t)((uint32_t)ey & 0x1FFFFu) + fxlt_range(&rng, -3, 3);
            bool fits = in_domain(s.l.pos.x + tx) && in_domain(s.l.pos.y + ty);
            for (j = 0; j < m && fits; j++)
                fits = in_domain(w[j].a.x + tx) && in_domain(w[j].a.y + ty) &&
                       in_domain(w[j].b.x + tx) && in_domain(w[j].b.y + ty);
            if (fits) {
                s.l.pos = v2(s.l.pos.x + tx, s.l.pos.y + ty);
                for (j = 0; j < m; j++) {
                    w[j].a = v2(w[j].a.x + tx, w[j].a.y + ty);
                    w[j].b = v2(w[j].b.x + tx, w[j].b.y + ty);
                    CHECK_EQ(fxl_wall_prepare(&w[j], &p[j]), FXL_OK);
                }
                moved++;
            }
        }
        if (fxlt_below(&rng, 2) == 0) { /* a wall ending about the beam's end */
            int64_t ex = s.l.pos.x + (((int64_t)s.l.length * c) >> 16) + fxlt_range(&rng, -3, 3);
            int64_t ey = s.l.pos.y + (((int64_t)s.l.length * sn) >> 16) + fxlt_range(&rng, -3, 3);
            int64_t qx = ex + fxlt_range(&rng, -PX(8), PX(8)), qy = ey + fxlt_range(&rng, -PX(8), PX(8));
            t->n = 0;
            switch (fxlt_below(&rng, 3)) {
            case 0: /* across the beam along y, 0 to 3 raw units short of its end's x */
                ex = s.l.pos.x + (((int64_t)s.l.length * c) >> 16) - fxlt_range(&rng, 0, 3) * (c < 0 ? -1 : 1);
                add_wall(t, ex, qy, ex, 2 * ey - qy);
                break;
            case 1: /* the same along x */
                ey = s.l.pos.y + (((int64_t)s.l.length * sn) >> 16) - fxlt_range(&rng, 0, 3) * (sn < 0 ? -1 : 1);
                add_wall(t, qx, ey, 2 * ex - qx, ey);
                break;
            default:
                add_wall(t, ex, ey, qx, qy);
                break;
            }
            if (t->n == 1) {
                w[m] = t->w[0];
                p[m++] = t->p[0];
            }
        }
        CHECK_EQ(fxl_room_prepare(p, (size_t)m, packed, ROOMW, &room), FXL_OK);
        flags = s.two ? FXL_CAST_TWO_SIDED : 0u;
#if FXL_PORT_ROOM_CAST
        port_bad += port_vs_c(packed, m, &s.l, c, sn, &rng, &port_hits);
#endif
        k = ref_first_within(&s, c, sn, w, m, &best, &tie);
        if (fxl_room_cast(&room, &s.l, flags, &b, NULL) != FXL_OK ||
            fxl_laser_cast(&s.l, p, (size_t)m, flags, &a, NULL) != FXL_OK || b.wall != k ||
            !length_agrees(&s, k, best, b.length) || a.wall != b.wall || a.length != b.length ||
            a.point.x != b.point.x || a.point.y != b.point.y) {
            if (bad < 3)
                fxlt_printf("    room bands: case %u (%d walls): wall %d (ref %d), length %d\n", i, m,
                            (int)b.wall, (int)k, (int)b.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        at_len += k >= 0 && ref_q_cmp_int(best, s.l.length) == 0;
        over += k < 0 && s.l.length > 0;
    }
    fxlt_printf("    room bands: %u casts (%u with the end by a 2 px step), %u stopped (%u with\n"
                "      u* = length), %u free a unit short, %u ties at the same u*: %u disagreements\n",
                n, moved, hits, at_len, over, tie, bad);
    CHECK_EQ(bad, 0);
#if FXL_PORT_ROOM_CAST
    fxlt_printf("    the port's kernel against the C search: %u searches (%u walls found): %u\n"
                "      disagreements\n", 4 * n, port_hits, port_bad);
    CHECK_EQ(port_bad, 0);
    CHECK(port_hits > 0 || n < 1000);
#endif
    CHECK(at_len > 0 || n < 20000);
    CHECK(tie > 0 || n < 20000);
    CHECK_EQ(big_faults(), 0);
}

/* fxl_room_cast through rooms of axis-aligned walls (for those the
 * port's kernel divides by the direction's component alone, ex or ey
 * cancelled: port/gba/cast_arm.s; its b = 65536 case at the axes) against
 * the reference and fxl_laser_cast: 2 to 32 horizontal and vertical walls
 * a whole number of pixels from the emitter (a raw unit off one time in
 * three), either way round, one- or two-sided; directions at the axes and
 * at multiples of 45 degrees and up to 3 steps off them (|cos| or |sin|
 * 65536, or down to 101 raw units), or any; the length floor(u*) - 1,
 * floor(u*) or floor(u*) + 1 of the first wall the line meets at any u
 * (u* a whole unit often: along an axis); a room of up to 40 walls one
 * time in eight (the pass). With the port (FXL_PORT_ROOM_CAST), its
 * fxl_room_cast (Thumb, cast_arm.s) against cast.c's fxl__room_cast_c,
 * answers and clipped lasers, with the call or the laser broken one time
 * in four (each check that sends the port to the C). */
static void room_axis_walls(void)
{
    fxlt_rng rng = fxlt_rng_for("room_axis_walls");
    uint32_t i, n = FXLT_CASES(200000) + 400, bad = 0, hits = 0, whole = 0, tie = 0, axis = 0;
#if FXL_PORT_ROOM_CAST
    uint32_t port_bad = 0, broken = 0;
#endif
    fxl_wall *w = room_w;
    fxl_wall_prep *p = room_p;
    fxl_room_wall *packed = room_packed;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_room room;
        fxl_cast a, b;
        ref_q best = ref_int(0);
        long k;
        int m = fxlt_below(&rng, 8) == 0 ? (int)fxlt_range(&rng, 2, ROOMW)
                                         : (int)fxlt_range(&rng, 2, FXL_ROOM_INDEXED);
        int j;
        unsigned flags;
        int32_t c, sn;
        int64_t x = fxlt_range(&rng, PX(-3000), PX(3000)), y = fxlt_range(&rng, PX(-3000), PX(3000));
        fxl_angle ang;
        uint32_t t0 = 0;
        switch (fxlt_below(&rng, 3)) {
        case 0: ang = (fxl_angle)fxlt_below(&rng, 4) * 1024 + (fxl_angle)fxlt_range(&rng, -3, 3); break;
        case 1: ang = (fxl_angle)fxlt_below(&rng, 8) * 512 + (fxl_angle)fxlt_range(&rng, -3, 3); break;
        default: ang = (fxl_angle)fxlt_next(&rng); break;
        }
        c = fxl_cos(ang);
        sn = fxl_sin(ang);
        axis += c == 65536 || c == -65536 || sn == 65536 || sn == -65536;
        s.l = beam(fxlt_below(&rng, 2) == 0 ? FXL_LASER_BOX : FXL_LASER_CAPSULE, x, y, ang,
                   FXL_SIZE_MAX, 0);
        s.two = fxlt_below(&rng, 2) == 0;
        s.n = 0;
        for (j = 0; j < m; j++) {
            int64_t d = PX(fxlt_range(&rng, -400, 400)) +
                        (fxlt_below(&rng, 3) == 0 ? fxlt_range(&rng, -1, 1) : 0);
            int64_t lo = fxlt_range(&rng, PX(-600), PX(600)), span = fxlt_range(&rng, 1, PX(800));
            fxl_vec2 A, B;
            if (fxlt_below(&rng, 2) == 0) {
                A = v2(x + lo, y + d);
                B = v2(x + lo + span, y + d);
            } else {
                A = v2(x + d, y + lo);
                B = v2(x + d, y + lo + span);
            }
            if (fxlt_below(&rng, 2) == 0) {
                fxl_vec2 T = A;
                A = B;
                B = T;
            }
            w[j].a = A;
            w[j].b = B;
            CHECK_EQ(fxl_wall_prepare(&w[j], &p[j]), FXL_OK);
        }
        k = ref_first_within(&s, c, sn, w, m, &best, &t0);
        if (k >= 0) {
            int64_t F = ref_floor(best) + fxlt_range(&rng, -1, 1);
            s.l.length = (fix16_t)(F < 0 ? 0 : F > FXL_SIZE_MAX ? FXL_SIZE_MAX : F);
        } else {
            s.l.length = fxlt_range(&rng, 0, PX(1500));
        }
        best = ref_int(0);
        k = ref_first_within(&s, c, sn, w, m, &best, &tie);
        CHECK_EQ(fxl_room_prepare(p, (size_t)m, packed, ROOMW, &room), FXL_OK);
        flags = s.two ? FXL_CAST_TWO_SIDED : 0u;
        if (fxl_room_cast(&room, &s.l, flags, &b, NULL) != FXL_OK ||
            fxl_laser_cast(&s.l, p, (size_t)m, flags, &a, NULL) != FXL_OK || b.wall != k ||
            !length_agrees(&s, k, best, b.length) || a.wall != b.wall || a.length != b.length ||
            a.point.x != b.point.x || a.point.y != b.point.y) {
            if (bad < 3)
                fxlt_printf("    axis walls: case %u (%d walls, angle %d): wall %d (ref %d), length %d\n",
                            i, m, (int)ang, (int)b.wall, (int)k, (int)b.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        whole += k >= 0 && ref_q_cmp_int(best, b.length) == 0;
#if FXL_PORT_ROOM_CAST
        {
            const fxl_room *rp = &room;
            fxl_laser l = s.l, cp, cc;
            fxl_cast op, oc;
            fxl_cast *outp = &op, *outc = &oc;
            fxl_laser *clp = fxlt_below(&rng, 2) == 0 ? &cp : NULL, *clc = clp != NULL ? &cc : NULL;
            fxl_result rp_, rc_;
            unsigned f = flags | (fxlt_below(&rng, 4) == 0 ? 0x10u : 0u);
            memset(&op, 0x5A, sizeof op);
            memset(&oc, 0x5A, sizeof oc);
            memset(&cp, 0xA5, sizeof cp);
            memset(&cc, 0xA5, sizeof cc);
            if (fxlt_below(&rng, 4) == 0) {
                broken++;
                switch (fxlt_below(&rng, 12)) {
                case 0: rp = NULL; break;
                case 1: outp = outc = NULL; break;
                case 2: l.kind = (fxl_laser_kind)2; break;
                case 3: l.anchor = FXL_ANCHOR_CENTRE; break;
                case 4: l.length = fxlt_below(&rng, 2) == 0 ? -1 : FXL_SIZE_MAX + 1; break;
                case 5: l.half_width = FXL_SIZE_MAX + 1; break;
                case 6: l.hit_fraction = fix16_one + 1; break;
                case 7: l.pos.x = fxlt_below(&rng, 2) == 0 ? FXL_COORD_MAX + 1 : -FXL_COORD_MAX - 1; break;
                case 8: l.pos.y = fxlt_below(&rng, 2) == 0 ? FXL_COORD_MAX + 1 : -FXL_COORD_MAX - 1; break;
                case 9: l.hit_fraction = fix16_one; l.half_width = FXL_SIZE_MAX; break;
                case 10: l.pos.x = fxlt_below(&rng, 2) == 0 ? FXL_COORD_MAX : -FXL_COORD_MAX; break;
                default: room.packed = NULL; break;
                }
            }
            rp_ = fxl_room_cast(rp, &l, f, outp, clp);
            rc_ = fxl__room_cast_c(rp, &l, f, outc, clc);
            if (rp_ != rc_ || memcmp(&op, &oc, sizeof op) != 0 ||
                (clp != NULL && memcmp(&cp, &cc, sizeof cp) != 0)) {
                if (port_bad < 3)
                    fxlt_printf("    axis walls: case %u: the port's fxl_room_cast %d (C %d), wall %d "
                                "(C %d), length %d (C %d)\n", i, (int)rp_, (int)rc_, (int)op.wall,
                                (int)oc.wall, (int)op.length, (int)oc.length);
                port_bad++;
            }
        }
#endif
    }
    fxlt_printf("    axis walls: %u casts (%u along an axis), %u stopped (%u at a whole unit, %u ties\n"
                "      at the same u*): %u disagreements\n", n, axis, hits, whole, tie, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(hits > n / 4);
    CHECK_COVER(whole > 0);
    CHECK_COVER(axis > 0);
#if FXL_PORT_ROOM_CAST
    fxlt_printf("    the port's fxl_room_cast against the C's: %u calls (%u broken): %u disagreements\n",
                n, broken, port_bad);
    CHECK_EQ(port_bad, 0);
    CHECK_COVER(broken > 0);
#endif
    CHECK_EQ(big_faults(), 0);
}

/* ---- widths ------------------------------------------------------------ */

/* A width scene: the centre scene's walls plus the shapes that decide
 * widths: ends exactly on the strip's edges (whole-pixel half-widths) and
 * a raw unit either side, ends ahead of the core by the half-width, ends
 * touched at an integer u by the capsule's round end (3-4-5 triangles),
 * walls across the ray the round end touches at an integer u. */
static void gen_width_scene(fxlt_rng *rng, scene *s)
{
    int64_t c, sn, j, ax, ay, bx, by;
    int i, n;
    gen_scene(rng, s, 3);
    switch (fxlt_below(rng, 4)) {
    case 0: s->l.half_width = fxlt_range(rng, 0, PX(8)); break;
    case 1: s->l.half_width = fxlt_range(rng, 0, PX(64)); break;
    case 2:
        s->l.half_width = fxlt_below(rng, 64) == 0 ? FXL_SIZE_MAX : fxlt_range(rng, 0, 8) * PX(1);
        break;
    default: s->l.half_width = fxlt_range(rng, 1, 4) * PX(5); break; /* 3-4-5 */
    }
    c = fxl_cos(s->l.angle);
    sn = fxl_sin(s->l.angle);
    j = s->l.half_width >> 16; /* whole pixels of the half-width */
    n = (int)fxlt_below(rng, 3);
    for (i = 0; i < n; i++) {
        int64_t S = (int64_t)PX(1) << fxlt_below(rng, 8), m = pick_m(rng, &s->l);
        int64_t px = s->l.pos.x + m * c, py = s->l.pos.y + m * sn;
        switch (fxlt_below(rng, 4)) {
        case 0: { /* an end on an edge v = +-w */
            int64_t side = fxlt_below(rng, 2) == 0 ? j : -j;
            ax = px - side * sn + jitter(rng);
            ay = py + side * c + jitter(rng);
            break;
        }
        case 1: /* an end ahead of the core by w */
            ax = px + j * c + jitter(rng);
            ay = py + j * sn + jitter(rng);
            break;
        case 2: { /* an end 4/5 w across: touched at m - 3/5 w */
            int64_t k = (j / 5) * 4 * (fxlt_below(rng, 2) == 0 ? 1 : -1);
            ax = px - k * sn + jitter(rng);
            ay = py + k * c;
            break;
        }
        default: /* a wall across the ray at m + w: touched at m */
            ax = px + j * c - fxlt_range(rng, 1, 3) * sn;
            ay = py + j * sn + fxlt_range(rng, 1, 3) * c;
            ay += jitter(rng);
            bx = px + j * c + fxlt_range(rng, 1, 3) * sn;
            by = py + j * sn - fxlt_range(rng, 1, 3) * c;
            if (fxlt_below(rng, 2) == 0)
                add_wall(s, ax, ay, bx, by);
            else
                add_wall(s, bx, by, ax, ay);
            continue;
        }
        bx = ax + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        by = ay + fxlt_range(rng, (int32_t)-S, (int32_t)S);
        if (fxlt_below(rng, 2) == 0)
            add_wall(s, ax, ay, bx, by);
        else
            add_wall(s, bx, by, ax, ay);
    }
}

static long cast_width(scene *s, fxl_laser_kind kind, fxl_cast *c)
{
    s->l.kind = kind;
    CHECK_EQ(fxl_laser_cast(&s->l, s->p, (size_t)s->n,
                            FXL_CAST_WIDTH | (s->two ? FXL_CAST_TWO_SIDED : 0u), c, NULL),
             FXL_OK);
    return c->wall;
}

static void box_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("box_vs_reference");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, hits = 0, zero = 0, whole = 0;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_cast c;
        ref_q best = ref_int(0), u;
        long k = -1;
        int j;
        int32_t dx, dy;
        gen_width_scene(&rng, &s);
        dx = fxl_cos(s.l.angle);
        dy = fxl_sin(s.l.angle);
        for (j = 0; j < s.n; j++)
            if (ref_eligible(dx, dy, s.w[j], s.two, ref_came(s.l.pos, s.w[j], -1)) &&
                ref_box(s.l.pos, dx, dy, s.l.half_width, s.w[j], &u) &&
                ref_q_cmp_int(u, s.l.length) <= 0 && (k < 0 || ref_q_cmp(u, best) < 0)) {
                k = j;
                best = u;
            }
        if (cast_width(&s, FXL_LASER_BOX, &c) != k || !length_agrees(&s, k, best, c.length)) {
            if (bad < 3)
                fxlt_printf("    box: case %u: wall %d (ref %d), length %d\n", i, (int)c.wall,
                            (int)k, (int)c.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        zero += k >= 0 && c.length == 0;
        whole += k >= 0 && ref_q_cmp_int(best, c.length) == 0;
    }
    fxlt_printf("    box: %u casts, %u stopped (%u at 0, %u at a whole unit), %u disagreements\n",
                n, hits, zero, whole, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* The capsule's answer (L, k) against the reference's predicates: wall k
 * is met and floor(u*_k) = L; every other wall met has floor(u*) >= L,
 * and > L below index k; with k = -1, L = len and no wall is met. */
static bool capsule_agrees(const scene *s, long k, int32_t L, uint32_t *whole)
{
    int32_t dx = fxl_cos(s->l.angle), dy = fxl_sin(s->l.angle), hw = s->l.half_width;
    fxl_vec2 e = s->l.pos;
    int j;
    if (k < 0 && L != s->l.length)
        return false;
    for (j = 0; j < s->n; j++) {
        fxl_wall w = s->w[j];
        if (!ref_eligible(dx, dy, w, s->two, ref_came(e, w, -1)) ||
            !ref_capsule_meets(e, dx, dy, hw, w, s->l.length)) {
            if (j == k)
                return false;
            continue;
        }
        if (k < 0 || !ref_capsule_before(e, dx, dy, hw, w, L))
            return false;
        if (j == k) {
            bool next = ref_capsule_before(e, dx, dy, hw, w, (int64_t)L + 1);
            if (L < s->l.length && next)
                return false;
            *whole += L > 0 && ref_capsule_meets(e, dx, dy, hw, w, L);
        } else if (j < k && !ref_capsule_before(e, dx, dy, hw, w, (int64_t)L + 1)) {
            return false;
        }
    }
    return true;
}

static void capsule_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("capsule_vs_reference");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, hits = 0, zero = 0, whole = 0;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_cast c;
        long k;
        gen_width_scene(&rng, &s);
        if (s.l.half_width == 0)
            s.l.half_width = PX(3);
        k = cast_width(&s, FXL_LASER_CAPSULE, &c);
        if (!capsule_agrees(&s, k, c.length, &whole)) {
            if (bad < 3)
                fxlt_printf("    capsule: case %u: wall %d, length %d\n", i, (int)k, (int)c.length);
            bad++;
            continue;
        }
        hits += k >= 0;
        zero += k >= 0 && c.length == 0;
    }
    fxlt_printf("    capsule: %u casts, %u stopped (%u at 0, %u touching at a whole unit),\n", n,
                hits, zero, whole);
    fxlt_printf("      %u disagreements\n", bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* With half-width 0 the box is the centre line; the capsule has its
 * length, and follows its own rule for the wall at every width: the lowest
 * index among the walls whose u* has the least floor (the reference's
 * centre-line u* here), which may be another wall than the centre line's
 * when two floors tie. */
static void zero_width_is_centre(void)
{
    fxlt_rng rng = fxlt_rng_for("zero_width_is_centre");
    uint32_t i, n = FXLT_CASES(100000), bad = 0, other = 0;
    for (i = 0; i < n; i++) {
        scene s;
        fxl_cast c0, c1, c2;
        long k = -1;
        int j;
        gen_scene(&rng, &s, 4);
        s.l.half_width = 0;
        CHECK_EQ(fxl_laser_cast(&s.l, s.p, (size_t)s.n, s.two ? FXL_CAST_TWO_SIDED : 0, &c0, NULL),
                 FXL_OK);
        cast_width(&s, FXL_LASER_BOX, &c1);
        cast_width(&s, FXL_LASER_CAPSULE, &c2);
        for (j = 0; j < s.n && c0.wall >= 0 && k < 0; j++) {
            ref_q u;
            if (ref_centre(s.l.pos, fxl_cos(s.l.angle), fxl_sin(s.l.angle), s.w[j], s.two, -1,
                           &u) &&
                ref_q_cmp_int(u, s.l.length) <= 0 && ref_q_cmp_int(u, c0.length) >= 0 &&
                ref_q_cmp_int(u, (int64_t)c0.length + 1) < 0)
                k = j;
        }
        bad += c0.wall != c1.wall || c0.length != c1.length || c2.wall != k ||
               c0.length != c2.length;
        other += c2.wall != c0.wall;
    }
    fxlt_printf("    zero width: %u casts, %u differ from the centre line; %u capsules stop at\n"
                "      a wall of lower index whose u* has the same floor\n",
                n, bad, other);
    CHECK_EQ(bad, 0);
    CHECK(other > 0 || n < 20000); /* about 1 in 1,000: seen in a full-sized run */
}


/* The capsule's radius is in the frame's units (cast.h): w |d| / 65536 in
 * world units. A wall running straight out from a point P beside the
 * beam, h = d x (P - e) across it: the capsule meets it iff P lies within
 * the radius of the core, 65536 |h| <= w q in the frame (q = |d|^2),
 * h^2 <= w^2 q with a radius of w in world units. Points near both edges,
 * where the two differ. */
static void capsule_radius_in_frame(void)
{
    fxlt_rng rng = fxlt_rng_for("capsule_radius_in_frame");
    uint32_t i, n = FXLT_CASES(100000), bad = 0, differ = 0, tried = 0;
    for (i = 0; i < n; i++) {
        fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), sn = fxl_sin(a), q = c * c + sn * sn;
        int64_t w = fxlt_range(&rng, 1 << 18, 1 << 22), U = 4 * w + fxlt_range(&rng, 0, 1 << 20);
        int64_t V = w + fxlt_range(&rng, -(int32_t)(w >> 15) - 2, (int32_t)(w >> 15) + 2);
        int64_t sg = fxlt_below(&rng, 2) == 0 ? 1 : -1, h, k = 1 << 20;
        fxl_vec2 e = v2(fxlt_range(&rng, -PX(4000), PX(4000)), fxlt_range(&rng, -PX(4000), PX(4000)));
        fxl_vec2 P, Q;
        fxl_wall wl;
        fxl_wall_prep wp;
        fxl_laser l;
        fxl_cast out;
        bool frame, world;
        V *= sg;
        P = v2(e.x + round16((U * c - V * sn)), e.y + round16((U * sn + V * c)));
        h = c * ((int64_t)P.y - e.y) - sn * ((int64_t)P.x - e.x);
        if (h == 0)
            continue;
        sg = h > 0 ? 1 : -1;
        Q = v2(P.x + round16(-sg * k * sn), P.y + round16(sg * k * c));
        if ((c * ((int64_t)Q.y - P.y) - sn * ((int64_t)Q.x - P.x)) * sg <= 0)
            continue; /* not straight out */
        wl.a = Q;
        wl.b = P;
        if (!ref_eligible((int32_t)c, (int32_t)sn, wl, true, ref_came(e, wl, -1))) {
            wl.a = P;
            wl.b = Q;
            if (!ref_eligible((int32_t)c, (int32_t)sn, wl, true, ref_came(e, wl, -1)))
                continue;
        }
        CHECK_EQ(fxl_wall_prepare(&wl, &wp), FXL_OK);
        tried++;
        frame = 65536 * (h < 0 ? -h : h) <= w * q;
        world = big_cmp(big_mul(big_i64(h), big_i64(h)), big_mul(big_i64(w * w), big_i64(q))) <= 0;
        differ += frame != world;
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, e, a, (fix16_t)(U + 2 * w + 4), (fix16_t)w);
        CHECK_EQ(fxl_laser_cast(&l, &wp, 1, FXL_CAST_WIDTH | FXL_CAST_TWO_SIDED, &out, NULL),
                 FXL_OK);
        bad += (out.wall == 0) != frame;
    }
    fxlt_printf("    capsule radius: %u walls beside the beam, %u where a world-unit radius\n"
                "      would answer otherwise; %u not as the frame's radius\n",
                tried, differ, bad);
    CHECK_EQ(bad, 0);
    CHECK(differ > 0 || n < 20000);
    CHECK_EQ(big_faults(), 0);
}

/* ---- bounces ----------------------------------------------------------- */

#define ROOM_MAX 14

typedef struct room {
    fxl_vec2 v[ROOM_MAX];
    fxl_wall w[ROOM_MAX];
    fxl_wall_prep p[ROOM_MAX];
    int n;
} room;

/* Side value of q for the wall, on 64 bits (domain coordinates). */
static int64_t side_value(fxl_wall w, fxl_vec2 q)
{
    return ((int64_t)w.b.x - w.a.x) * ((int64_t)q.y - w.a.y) -
           ((int64_t)w.b.y - w.a.y) * ((int64_t)q.x - w.a.x);
}

static int sgn64(int64_t v)
{
    return v < 0 ? -1 : v > 0 ? 1 : 0;
}

/* Inside the room or on its boundary: in front of (or on) every wall for a
 * convex room; in general by the winding number of the corners around q,
 * counted on the upward and downward crossings of the horizontal line
 * through q (a point on a wall counts as inside). */
static bool in_room(const room *R, fxl_vec2 q)
{
    int i, wind = 0;
    for (i = 0; i < R->n; i++) {
        fxl_wall w = R->w[i];
        int64_t sv = side_value(w, q);
        bool within = q.x >= (w.a.x < w.b.x ? w.a.x : w.b.x) &&
                      q.x <= (w.a.x > w.b.x ? w.a.x : w.b.x) &&
                      q.y >= (w.a.y < w.b.y ? w.a.y : w.b.y) &&
                      q.y <= (w.a.y > w.b.y ? w.a.y : w.b.y);
        if (sv == 0 && within)
            return true;
        if (w.a.y <= q.y && w.b.y > q.y && sv > 0)
            wind++;
        else if (w.a.y > q.y && w.b.y <= q.y && sv < 0)
            wind--;
    }
    return wind != 0;
}

/* The room's walls from its n vertices R->v, the loop reversed first when
 * asked (so the inside is in front); walls fxl_wall_prepare refuses are
 * left out. */
static void room_close(room *R, int n, bool reverse)
{
    int i;
    if (reverse)
        for (i = 0; i < n / 2; i++) {
            fxl_vec2 t = R->v[i];
            R->v[i] = R->v[n - 1 - i];
            R->v[n - 1 - i] = t;
        }
    R->n = 0;
    for (i = 0; i < n; i++) {
        fxl_wall w;
        w.a = R->v[i];
        w.b = R->v[(i + 1) % n];
        if (fxl_wall_prepare(&w, &R->p[R->n]) == FXL_OK)
            R->w[R->n++] = w;
    }
}

/* Corners in screen order round a centre; then listed the other way if
 * needed so that the inside is in front of every wall (shoelace < 0).
 * kind 0: a rectangle of whole pixels; 1: convex; 2: star; 3: a star with
 * a spike a few steps wide. */
static void make_room(fxlt_rng *rng, room *R, int kind)
{
    int64_t cx = fxlt_range(rng, PX(-200), PX(200)), cy = fxlt_range(rng, PX(-200), PX(200));
    int64_t rad = PX(20) + fxlt_range(rng, 0, PX(300)), area = 0;
    int i, n;
    if (kind == 0) {
        int64_t w = PX(fxlt_range(rng, 4, 300)), h = PX(fxlt_range(rng, 4, 300));
        cx = PX(cx >> 16);
        cy = PX(cy >> 16);
        R->v[0] = v2(cx, cy);
        R->v[1] = v2(cx + w, cy);
        R->v[2] = v2(cx + w, cy + h);
        R->v[3] = v2(cx, cy + h);
        n = 4;
    } else {
        int32_t step, a = (int32_t)fxlt_below(rng, 4096);
        n = 3 + (int)fxlt_below(rng, kind == 1 ? 8 : ROOM_MAX - 3);
        step = 4096 / n;
        for (i = 0; i < n; i++) {
            int64_t r = kind == 1 ? rad : rad / 3 + fxlt_range(rng, 0, (int32_t)(rad * 2 / 3));
            int32_t ang = a + i * step + fxlt_range(rng, 0, step / 2);
            if (kind == 3 && i == 1) {
                r = rad * 3;
                ang = a + step + 2; /* a spike a few steps off its neighbour */
            }
            R->v[i] = v2(cx + ((r * fxl_cos(ang)) >> 16), cy + ((r * fxl_sin(ang)) >> 16));
        }
    }
    for (i = 0; i < n; i++) {
        fxl_vec2 a = R->v[i], b = R->v[(i + 1) % n];
        area += (int64_t)a.x / 256 * (b.y / 256) - (int64_t)b.x / 256 * (a.y / 256);
    }
    room_close(R, n, area > 0);
}

/* An octagon of axis-aligned and 45-degree walls (a rectangle with its
 * corners cut at 45 degrees, any raw coordinates), or (one in 4) a diamond
 * of 45-degree walls only: inside in front, listed as make_room's. */
static void make_octagon(fxlt_rng *rng, room *R)
{
    int64_t cx = fxlt_range(rng, PX(-300), PX(300)), cy = fxlt_range(rng, PX(-300), PX(300));
    int64_t w = fxlt_range(rng, PX(3), PX(300)), h = fxlt_range(rng, PX(3), PX(300));
    int n = 8;
    if (fxlt_below(rng, 4) == 0) {
        R->v[0] = v2(cx - w, cy);
        R->v[1] = v2(cx, cy - w);
        R->v[2] = v2(cx + w, cy);
        R->v[3] = v2(cx, cy + w);
        n = 4;
    } else {
        int64_t c = fxlt_range(rng, PX(1), (int32_t)((w < h ? w : h) - PX(1)));
        R->v[0] = v2(cx - w + c, cy - h);
        R->v[1] = v2(cx + w - c, cy - h);
        R->v[2] = v2(cx + w, cy - h + c);
        R->v[3] = v2(cx + w, cy + h - c);
        R->v[4] = v2(cx + w - c, cy + h);
        R->v[5] = v2(cx - w + c, cy + h);
        R->v[6] = v2(cx - w, cy + h - c);
        R->v[7] = v2(cx - w, cy - h + c);
    }
    /* Screen order (y down) is clockwise on the page: listed backwards,
     * the inside is in front (make_room's shoelace < 0). */
    room_close(R, n, true);
}

/* The leg rules of cast.h, as the test reads them. */
typedef struct leg_rules {
    bool on_line, has_ref;
    long skip;
    fxl_vec2 ref;
} leg_rules;

/* The reference's wall and floor(u*) for a leg (-1 and len if free): the
 * wall just left is skipped, and so are the walls on its line from a start
 * on it; a wall through the start takes the side of the latest leg start
 * away from this one (none, or on its line: in front). */
static long ref_leg(const room *R, fxl_vec2 p, int32_t dx, int32_t dy, int32_t len, bool two,
                    const leg_rules *lr, ref_q *best)
{
    long k = -1;
    int i;
    for (i = 0; i < R->n; i++) {
        fxl_wall w = R->w[i];
        int on = lr->has_ref ? sgn64(side_value(w, lr->ref)) : 0;
        ref_q u;
        if (i == lr->skip)
            continue;
        if (lr->on_line && side_value(w, p) == 0) {
            fxl_wall s = R->w[lr->skip];
            if (((int64_t)w.b.x - w.a.x) * ((int64_t)s.b.y - s.a.y) ==
                ((int64_t)w.b.y - w.a.y) * ((int64_t)s.b.x - s.a.x))
                continue;
        }
        if (!ref_centre(p, dx, dy, w, two, on != 0 ? on : -1, &u))
            continue;
        if (ref_q_cmp_int(u, len) <= 0 && (k < 0 || ref_q_cmp(u, *best) < 0)) {
            k = i;
            *best = u;
        }
    }
    return k;
}

/* |q - (p + f (dx, dy) / 65536)| < 1 on both axes, f = u (a ref_q). */
static bool near_exact(fxl_vec2 q, fxl_vec2 p, int32_t dx, int32_t dy, ref_q f)
{
    big s = big_mul(f.d, big_i64(65536));
    big ox = big_add(big_mul(s, big_i64((int64_t)q.x - p.x)), big_neg(big_mul(f.n, big_i64(dx))));
    big oy = big_add(big_mul(s, big_i64((int64_t)q.y - p.y)), big_neg(big_mul(f.n, big_i64(dy))));
    ox.s = ox.s < 0 ? 1 : ox.s;
    oy.s = oy.s < 0 ? 1 : oy.s;
    return big_cmp(ox, s) < 0 && big_cmp(oy, s) < 0;
}

/* The reflected direction: within 1/2 raw unit of the exact mirror image of
 * d about the wall per component (3/2 on a nudged one), heading strictly
 * back to the side d came from. *nudged: the nearest rounding would not. */
static bool reflection_ok(fxl_wall w, int32_t dx, int32_t dy, int32_t rx, int32_t ry, bool *nudged)
{
    int64_t ex = (int64_t)w.b.x - w.a.x, ey = (int64_t)w.b.y - w.a.y;
    big bx = big_i64(ex), by = big_i64(ey), l2 = big_add(big_mul(bx, bx), big_mul(by, by));
    big dot2 = big_mul(big_i64(2), big_add(big_mul(big_i64(dx), bx), big_mul(big_i64(dy), by)));
    big mx = big_add(big_mul(dot2, bx), big_neg(big_mul(big_i64(dx), l2)));
    big my = big_add(big_mul(dot2, by), big_neg(big_mul(big_i64(dy), l2)));
    big errx = big_add(big_mul(big_i64(2 * (int64_t)rx), l2), big_neg(big_mul(big_i64(2), mx)));
    big erry = big_add(big_mul(big_i64(2 * (int64_t)ry), l2), big_neg(big_mul(big_i64(2), my)));
    int came = -sgn64(ex * dy - ey * dx), now = sgn64(ex * ry - ey * rx);
    big lim = l2;
    errx.s = errx.s < 0 ? 1 : errx.s;
    erry.s = erry.s < 0 ? 1 : erry.s;
    *nudged = big_cmp(errx, l2) > 0 || big_cmp(erry, l2) > 0;
    if (*nudged)
        lim = big_mul(big_i64(3), l2);
    return now == came && big_cmp(errx, lim) <= 0 && big_cmp(erry, lim) <= 0;
}

typedef struct bounce_stats {
    uint32_t casts, legs, bounces, corner_zero, fallbacks, nudged, bad_ref, bad_inv, leaks;
    uint32_t alternates; /* bounce ends not at the preferred rounding */
} bounce_stats;

/* sign(q - m) on one axis, m = p + f d / 65536 (the exact point). */
static int axis_vs_exact(int32_t q, int32_t p, int32_t d, ref_q f)
{
    big s = big_mul(f.d, big_i64(65536));
    return big_add(big_mul(s, big_i64((int64_t)q - p)), big_neg(big_mul(f.n, big_i64(d)))).s;
}

/* Every leg of one bounce run against the reference and the invariants. */
static void check_bounces(const room *R, bool closed, const fxl_laser *l, bool two, int max_bounces,
                          const fxl_bounce *legs, size_t count, bounce_stats *st)
{
    leg_rules lr;
    int32_t rem = l->length;
    size_t k;
    lr.on_line = lr.has_ref = false;
    lr.skip = -1;
    lr.ref = l->pos;
    st->casts++;
    if (count > (size_t)max_bounces + 1 || count == 0)
        st->bad_inv++;
    for (k = 0; k < count; k++) {
        const fxl_bounce *g = &legs[k];
        fxl_vec2 start = k == 0 ? l->pos : legs[k - 1].end;
        ref_q u;
        long w;
        bool ok = g->start.x == start.x && g->start.y == start.y &&
                  g->angle == fxl_atan2(g->dy, g->dx);
        st->legs++;
        if (k == 0)
            ok = ok && g->dx == fxl_cos(l->angle) && g->dy == fxl_sin(l->angle);
        else {
            bool nudged = false;
            ok = ok && reflection_ok(R->w[legs[k - 1].wall], legs[k - 1].dx, legs[k - 1].dy, g->dx,
                                     g->dy, &nudged);
            st->nudged += nudged;
        }
        w = ref_leg(R, g->start, g->dx, g->dy, rem, two, &lr, &u);
        if (w != g->wall || (w < 0 ? g->length != rem : !length_agrees_q(u, g->length))) {
            if (st->bad_ref < 3)
                fxlt_printf("    bounce: leg %u: wall %d (ref %d), length %d\n", (unsigned)k,
                            (int)g->wall, (int)w, (int)g->length);
            st->bad_ref++;
            return;
        }
        if ((w < 0 || u.n.s != 0) &&
            !near_exact(g->end, g->start, g->dx, g->dy, w < 0 ? ref_int(rem) : u)) {
            /* Stepped back along the leg (reachability is checked below). */
            st->fallbacks++;
            if (w >= 0)
                ok = ok && sgn64(side_value(R->w[w], g->end)) !=
                               -sgn64(side_value(R->w[w], g->start));
        } else if (w >= 0) {
            fxl_wall ww = R->w[w];
            int came = sgn64(side_value(ww, g->start)), now = sgn64(side_value(ww, g->end));
            ok = ok && (now == 0 || now == came) &&
                 g->end.x >= (ww.a.x < ww.b.x ? ww.a.x : ww.b.x) - 1 &&
                 g->end.x <= (ww.a.x > ww.b.x ? ww.a.x : ww.b.x) + 1 &&
                 g->end.y >= (ww.a.y < ww.b.y ? ww.a.y : ww.b.y) - 1 &&
                 g->end.y <= (ww.a.y > ww.b.y ? ww.a.y : ww.b.y) + 1;
            st->corner_zero += g->length == 0 && k > 0;
            /* Preferred: each axis towards the side it came from, and an
             * axis the side does not depend on towards the start. */
            if (came != 0) {
                int64_t ex = (int64_t)ww.b.x - ww.a.x, ey = (int64_t)ww.b.y - ww.a.y;
                int up_x = ey != 0 ? (ey * came < 0 ? 1 : -1) : (g->dx < 0 ? 1 : -1);
                int up_y = ex != 0 ? (ex * came > 0 ? 1 : -1) : (g->dy < 0 ? 1 : -1);
                st->alternates += axis_vs_exact(g->end.x, g->start.x, g->dx, u) == -up_x ||
                                  axis_vs_exact(g->end.y, g->start.y, g->dy, u) == -up_y;
            }
        }
        /* Inside, and crossing no wall on the way; in an open scene, the
         * reference meets no wall along the leg before its end. */
        if (closed) {
            int i;
            if (!in_room(R, g->end))
                st->leaks++;
            for (i = 0; i < R->n; i++)
                st->leaks += fxl_wall_crosses(&R->p[i], g->start, g->end);
        } else if (g->end.x != g->start.x || g->end.y != g->start.y) {
            ref_q v;
            if (ref_leg(R, g->start, g->end.x - g->start.x, g->end.y - g->start.y, 65536, two, &lr,
                        &v) >= 0 &&
                ref_q_cmp_int(v, 65536) < 0)
                st->leaks++;
        }
        if (!ok) {
            if (st->bad_inv < 3)
                fxlt_printf("    bounce: leg %u breaks an invariant\n", (unsigned)k);
            st->bad_inv++;
        }
        rem -= g->length;
        if (k + 1 < count) {
            st->bounces++;
            if (w < 0 || rem == 0) {
                st->bad_inv++; /* nothing may follow a free leg or a spent beam */
                return;
            }
            /* The walls along its line are skipped from on it only when
             * the beam came from a side of it: the leg's start, else the
             * latest start away from it. */
            lr.on_line = side_value(R->w[w], g->end) == 0 &&
                         (side_value(R->w[w], g->start) != 0 ||
                          (lr.has_ref && side_value(R->w[w], lr.ref) != 0));
            lr.skip = w;
            if (g->end.x != g->start.x || g->end.y != g->start.y) {
                lr.has_ref = true;
                lr.ref = g->start;
            }
        } else if (!(w < 0 ? rem == 0 : (k == (size_t)max_bounces || rem == 0))) {
            st->bad_inv++; /* stopped early, or free with length left */
        }
    }
}

static void report(const char *name, const bounce_stats *st);

static void bounce_rooms(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_rooms");
    uint32_t target = FXLT_CASES(100000);
    bounce_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint32_t capacity_bad = 0;
    room R;
    while (st.casts < target) {
        int kind = (int)fxlt_below(&rng, 4), tries, casts;
        fxl_vec2 lo, hi;
        int i;
        make_room(&rng, &R, kind);
        if (R.n < 3)
            continue;
        lo = hi = R.v[0];
        for (i = 1; i < R.n; i++) {
            lo = v2(R.v[i].x < lo.x ? R.v[i].x : lo.x, R.v[i].y < lo.y ? R.v[i].y : lo.y);
            hi = v2(R.v[i].x > hi.x ? R.v[i].x : hi.x, R.v[i].y > hi.y ? R.v[i].y : hi.y);
        }
        for (casts = 0; casts < 8; casts++) {
            fxl_laser l;
            fxl_bounce legs[16];
            size_t count = 0, count2 = 0;
            fxl_vec2 e = R.v[0];
            bool two = fxlt_below(&rng, 2) == 0;
            int maxb = (int)fxlt_below(&rng, 11);
            fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
            fxl_result res;
            for (tries = 0; tries < 50; tries++) {
                int64_t ex0 = fxlt_range(&rng, lo.x, hi.x), ey0 = fxlt_range(&rng, lo.y, hi.y);
                e = v2(ex0, ey0);
                if (kind == 0 && fxlt_below(&rng, 2) == 0) { /* on a diagonal: corners */
                    int64_t d = fxlt_range(&rng, 0, (int32_t)((hi.x - lo.x) >> 16)) * 65536;
                    e = v2(lo.x + d, (fxlt_below(&rng, 2) == 0 ? lo.y + d : hi.y - d));
                    a = 512 + 1024 * (fxl_angle)fxlt_below(&rng, 4);
                }
                if (fxlt_below(&rng, 16) == 0)
                    e = R.v[fxlt_below(&rng, (uint32_t)R.n)]; /* on a corner */
                if (in_room(&R, e))
                    break;
            }
            if (tries == 50)
                continue;
            {
                fix16_t len = FXL_SIZE_MAX - 9;
                if (fxlt_below(&rng, 8) != 0)
                    len = fxlt_range(&rng, 0, PX(3000));
                l = fxl_laser_from_emitter(FXL_LASER_BOX, e, a, len, 0);
            }
            res = fxl_laser_bounce(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, maxb, legs,
                                   16, &count);
            if (res != FXL_OK) {
                st.bad_inv++;
                continue;
            }
            check_bounces(&R, true, &l, two, maxb, legs, count, &st);
            /* The first leg is the cast; a smaller cap gives the same first legs. */
            {
                fxl_cast c;
                fxl_laser_cast(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, &c, NULL);
                capacity_bad += c.wall != legs[0].wall || c.length != legs[0].length;
            }
            if (count > 1) {
                fxl_bounce more[16];
                res = fxl_laser_bounce(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, maxb,
                                       more, count - 1, &count2);
                capacity_bad += res != FXL_ERR_CAPACITY || count2 != count - 1 ||
                                more[count - 2].end.x != legs[count - 2].end.x ||
                                more[count - 2].end.y != legs[count - 2].end.y;
            }
        }
    }
    report("rooms", &st);
    CHECK_EQ(capacity_bad, 0);
    CHECK_EQ(big_faults(), 0);
}


/* Bounces in octagons of axis-aligned and 45-degree walls (bounce.c
 * reflects off both with no division): every leg against the reference
 * (check_bounces), and each reflection off a 45-degree wall the exact
 * mirror image, (s dy, s dx) for ey = s ex (nothing to round: the
 * directions stay the table's length, never scaled nor nudged). */
static void bounce_diagonals(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_diagonals");
    uint32_t target = FXLT_CASES(40000), diagonal = 0, inexact = 0;
    bounce_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    room R;
    while (st.casts < target) {
        int casts;
        make_octagon(&rng, &R);
        if (R.n < 4)
            continue;
        for (casts = 0; casts < 8; casts++) {
            fxl_bounce legs[16];
            size_t count = 0, k;
            fxl_vec2 e;
            bool two = fxlt_below(&rng, 2) == 0;
            int maxb = (int)fxlt_below(&rng, 11), tries;
            fxl_laser l;
            for (tries = 0; tries < 50; tries++) {
                e = v2(R.v[0].x + fxlt_range(&rng, PX(-600), PX(600)),
                       R.v[0].y + fxlt_range(&rng, PX(-600), PX(600)));
                if (fxlt_below(&rng, 16) == 0)
                    e = R.v[fxlt_below(&rng, (uint32_t)R.n)]; /* on a corner */
                if (in_room(&R, e))
                    break;
            }
            if (tries == 50)
                continue;
            l = fxl_laser_from_emitter(FXL_LASER_BOX, e, (fxl_angle)fxlt_below(&rng, 4096),
                                       fxlt_range(&rng, 0, PX(3000)), 0);
            if (fxl_laser_bounce(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, maxb, legs, 16,
                                 &count) != FXL_OK) {
                st.bad_inv++;
                continue;
            }
            check_bounces(&R, true, &l, two, maxb, legs, count, &st);
            for (k = 1; k < count; k++) {
                fxl_wall w = R.w[legs[k - 1].wall];
                int64_t ex = (int64_t)w.b.x - w.a.x, ey = (int64_t)w.b.y - w.a.y;
                if (ey != ex && ey != -ex)
                    continue;
                diagonal++;
                inexact += ey == ex ? (legs[k].dx != legs[k - 1].dy || legs[k].dy != legs[k - 1].dx)
                                    : (legs[k].dx != -legs[k - 1].dy || legs[k].dy != -legs[k - 1].dx);
            }
        }
    }
    report("octagons", &st);
    fxlt_printf("    octagons: %u reflections off 45-degree walls, %u not the exact mirror image\n",
                diagonal, inexact);
    CHECK_COVER(diagonal > target / 2);
    CHECK_EQ(inexact, 0);
}

static void report(const char *name, const bounce_stats *st)
{
    fxlt_printf("    %s: %u casts, %u legs, %u bounces (%u of no length), %u nudged,\n", name,
                st->casts, st->legs, st->bounces, st->corner_zero, st->nudged);
    fxlt_printf("      %u ends at another corner, %u stepped back; %u disagree, %u invariants "
                "broken, %u leaks\n",
                st->alternates, st->fallbacks, st->bad_ref, st->bad_inv, st->leaks);
    CHECK_EQ(st->bad_ref, 0);
    CHECK_EQ(st->bad_inv, 0);
    CHECK_EQ(st->leaks, 0);
    CHECK_EQ(big_faults(), 0);
}

static void add_room_wall(room *R, fxl_vec2 a, fxl_vec2 b)
{
    fxl_wall w;
    w.a = a;
    w.b = b;
    if (R->n < ROOM_MAX && fxl_wall_prepare(&w, &R->p[R->n]) == FXL_OK)
        R->w[R->n++] = w;
}

static void bounce_units(void)
{
    room R;
    fxl_bounce g[8];
    size_t n = 0;
    fxl_laser l;
    fxl_cast c;
    R.n = 0; /* a 100 px square, listed with the inside in front */
    add_room_wall(&R, v2(0, 0), v2(0, PX(100)));
    add_room_wall(&R, v2(0, PX(100)), v2(PX(100), PX(100)));
    add_room_wall(&R, v2(PX(100), PX(100)), v2(PX(100), 0));
    add_room_wall(&R, v2(PX(100), 0), v2(0, 0));
    /* Across and back: 50 + 100 + 100 px spends the whole length on a wall. */
    l = beam(FXL_LASER_BOX, PX(50), PX(50), 0, PX(250), 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 4, 0, 5, g, 8, &n), FXL_OK);
    CHECK_EQ(n, 3);
    CHECK(g[0].wall == 2 && g[0].length == PX(50) && g[0].end.x == PX(100) && g[0].end.y == PX(50));
    CHECK(g[1].wall == 0 && g[1].length == PX(100) && g[1].dx == -65536 && g[1].dy == 0);
    CHECK(g[1].angle == 2048 && g[2].wall == 2 && g[2].length == PX(100) && g[2].dx == 65536);
    /* Into a corner at 45 degrees: off the lower-index wall, then the other
     * at no length, and straight back. */
    l = beam(FXL_LASER_BOX, PX(90), PX(90), 512, PX(400), 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 4, 0, 5, g, 8, &n), FXL_OK);
    CHECK(n >= 3 && g[0].wall == 1 && g[0].end.x == PX(100) && g[0].end.y == PX(100));
    CHECK(g[1].wall == 2 && g[1].length == 0 && g[1].dx == 46341 && g[1].dy == -46341);
    CHECK(g[2].dx == -46341 && g[2].dy == -46341 && g[2].angle == 2560);
    /* No bounces: the cast. */
    l = beam(FXL_LASER_BOX, PX(20), PX(70), 1400, PX(400), 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 4, FXL_CAST_TWO_SIDED, 0, g, 8, &n), FXL_OK);
    CHECK_EQ(fxl_laser_cast(&l, R.p, 4, FXL_CAST_TWO_SIDED, &c, NULL), FXL_OK);
    CHECK(n == 1 && g[0].wall == c.wall && g[0].length == c.length);
    /* A wall listed both ways (two one-sided walls, or two-sided ones):
     * one bounce, back where it came from, no ping-pong. */
    R.n = 0;
    add_room_wall(&R, v2(0, 0), v2(PX(100), 0));
    add_room_wall(&R, v2(PX(100), 0), v2(0, 0));
    l = beam(FXL_LASER_BOX, PX(50), PX(-50), 1024, PX(200), 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 2, 0, 5, g, 8, &n), FXL_OK);
    CHECK(n == 2 && g[0].wall == 0 && g[1].wall == -1 && g[1].dy == -65536);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 2, FXL_CAST_TWO_SIDED, 5, g, 8, &n), FXL_OK);
    CHECK(n == 2 && g[0].wall == 0 && g[1].wall == -1 && g[1].end.y == PX(-150));
    /* Fired from on a two-sided wall: free to its front, stopped behind. */
    l = beam(FXL_LASER_BOX, PX(50), 0, 3072, PX(20), 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 1, FXL_CAST_TWO_SIDED, 5, g, 8, &n), FXL_OK);
    CHECK(n == 1 && g[0].wall == -1 && g[0].length == PX(20));
    l.angle = 1024;
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 1, FXL_CAST_TWO_SIDED, 5, g, 8, &n), FXL_OK);
    CHECK(n == 2 && g[0].wall == 0 && g[0].length == 0);
    CHECK(g[1].dy == -65536 && g[1].length == PX(20));
}

/* A beam fired from a long wall's end almost along it, heading behind:
 * stopped at once and reflected; rounding the mirror image to nearest
 * would often leave it parallel to the wall or heading through it. */
static void grazing_reflections(void)
{
    fxlt_rng rng = fxlt_rng_for("grazing_reflections");
    uint32_t i, n = FXLT_CASES(20000);
    bounce_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (i = 0; i < n; i++) {
        room R;
        fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), sn = fxl_sin(a), ex, ey, D, big_c = c < 0 ? -c : c;
        int64_t big_s = sn < 0 ? -sn : sn, m = fxlt_range(&rng, 1 << 26, 1 << 28);
        int64_t ex0 = fxlt_range(&rng, -(1 << 28), 0), ey0 = fxlt_range(&rng, -(1 << 28), 0);
        fxl_vec2 e = v2(ex0, ey0);
        fxl_bounce g[4];
        size_t count;
        fxl_laser l;
        bool two = fxlt_below(&rng, 2) == 0;
        if (big_c >= big_s) { /* (ex, ey) about m (c, s) / |c| */
            ex = c < 0 ? -m : m;
            ey = (m * sn + big_c / 2) / big_c + fxlt_range(&rng, -1, 1);
        } else {
            ey = sn < 0 ? -m : m;
            ex = (m * c + big_s / 2) / big_s + fxlt_range(&rng, -1, 1);
        }
        D = c * ey - sn * ex;
        if (D == 0)
            continue;
        R.n = 0;
        if (D < 0) /* heading behind it from its start */
            add_room_wall(&R, e, v2(e.x + ex, e.y + ey));
        else
            add_room_wall(&R, v2(e.x + ex, e.y + ey), e);
        l = beam(FXL_LASER_BOX, e.x, e.y, a, PX(64), 0);
        CHECK_EQ(fxl_laser_bounce(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, 2, g, 4,
                                  &count),
                 FXL_OK);
        check_bounces(&R, false, &l, two, 2, g, count, &st);
    }
    report("grazing", &st);
    CHECK_COVER(st.nudged > 0);
}

/* Bounces among tiny walls within a few raw units of the exact bounce
 * point: the rounded end must still be reachable along the leg. */
static void bounce_near_walls(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_near_walls");
    uint32_t i, n = FXLT_CASES(50000);
    bounce_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (i = 0; i < n; i++) {
        room R;
        fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), sn = fxl_sin(a), m = fxlt_range(&rng, 1, 40), j, k;
        int64_t ex0 = fxlt_range(&rng, PX(-100), PX(100));
        int64_t ey0 = fxlt_range(&rng, PX(-100), PX(100));
        fxl_vec2 e = v2(ex0, ey0);
        int64_t px = e.x + m * c + fxlt_range(&rng, -30000, 30000), py = e.y + m * sn;
        fxl_bounce g[6];
        size_t count;
        fxl_laser l;
        bool two = fxlt_below(&rng, 2) == 0;
        int w, nw = 1 + (int)fxlt_below(&rng, 5);
        R.n = 0;
        j = fxlt_range(&rng, 1, 3);
        k = fxlt_range(&rng, 1, 3);
        /* The wall hit, across the ray, a little askew. */
        add_room_wall(&R, v2(px - j * sn + fxlt_range(&rng, -9000, 9000), py + j * c),
                      v2(px + k * sn, py - k * c + fxlt_range(&rng, -9000, 9000)));
        if (fxlt_below(&rng, 2) == 0 && R.n == 1) {
            fxl_wall t = R.w[0];
            R.n = 0;
            add_room_wall(&R, t.b, t.a);
        }
        /* Tiny walls about where the ray meets it (found in doubles). */
        if (R.n == 1) {
            double ax = R.w[0].a.x, ay = R.w[0].a.y, wx = (double)R.w[0].b.x - ax;
            double wy = (double)R.w[0].b.y - ay, den = (double)c * wy - (double)sn * wx;
            double t = den == 0.0 ? 0.0 : ((ax - e.x) * wy - (ay - e.y) * wx) / den;
            px = e.x + (int64_t)(t * (double)c);
            py = e.y + (int64_t)(t * (double)sn);
        }
        for (w = 0; w < nw; w++) {
            int64_t qx = px + fxlt_range(&rng, -2, 2), qy = py + fxlt_range(&rng, -2, 2);
            int64_t rx = qx + fxlt_range(&rng, -3, 3), ry = qy + fxlt_range(&rng, -3, 3);
            add_room_wall(&R, v2(qx, qy), v2(rx, ry));
        }
        l = beam(FXL_LASER_BOX, e.x, e.y, a, PX(200), 0);
        CHECK_EQ(fxl_laser_bounce(&l, R.p, (size_t)R.n, two ? FXL_CAST_TWO_SIDED : 0, 4, g, 6,
                                  &count),
                 FXL_OK);
        check_bounces(&R, false, &l, two, 4, g, count, &st);
    }
    report("near walls", &st);
}

/* A long chain in a small triangle: the directions stay about 65536 long
 * and every leg stays inside. */
static void long_chain(void)
{
    static fxl_bounce chain[FXLT_CASES(20000) + 1] FXL_EWRAM_BSS;
    bounce_stats st = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    size_t count = 0, k;
    uint32_t outside = 0;
    int64_t lo = INT64_MAX, hi = 0;
    room R;
    fxl_laser l;
    R.n = 0;
    add_room_wall(&R, v2(0, 0), v2(100, 3700));
    add_room_wall(&R, v2(100, 3700), v2(5300, 1201));
    add_room_wall(&R, v2(5300, 1201), v2(0, 0));
    if (side_value(R.w[0], v2(1800, 1600)) > 0) {
        fxl_wall t[3];
        int i;
        for (i = 0; i < 3; i++)
            t[i] = R.w[2 - i];
        R.n = 0;
        for (i = 0; i < 3; i++)
            add_room_wall(&R, t[i].b, t[i].a);
    }
    l = beam(FXL_LASER_BOX, 1800, 1600, 777, FXL_SIZE_MAX, 0);
    CHECK_EQ(fxl_laser_bounce(&l, R.p, 3, 0, (int)FXLT_CASES(20000), chain, FXLT_COUNT(chain),
                              &count),
             FXL_OK);
    for (k = 0; k < count; k++) {
        int64_t m2 = (int64_t)chain[k].dx * chain[k].dx + (int64_t)chain[k].dy * chain[k].dy;
        outside += m2 < (int64_t)65472 * 65472 || m2 > (int64_t)65600 * 65600;
        lo = m2 < lo ? m2 : lo;
        hi = m2 > hi ? m2 : hi;
    }
    fxlt_printf("    long chain: |d|^2 from %lld to %lld (65536^2 = 4294967296)\n", (long long)lo,
                (long long)hi);
    check_bounces(&R, true, &l, false, (int)FXLT_CASES(20000), chain, count, &st);
    report("long chain", &st);
    CHECK_EQ(count, FXLT_CASES(20000) + 1);
    CHECK_EQ(outside, 0);
}

/* Any int32, the extremes often. */
static int32_t wild(fxlt_rng *rng)
{
    uint32_t r = (uint32_t)fxlt_next(rng);
    return (r & 7u) == 0 ? INT32_MIN : (r & 7u) == 1 ? INT32_MAX : (int32_t)r;
}

/* Extreme and meaningless inputs: prepared walls with any int32 fields,
 * lasers at the edges of the domain. Defined behaviour (UBSan), sane
 * shapes of answer. */
static void extremes(void)
{
    fxlt_rng rng = fxlt_rng_for("extremes");
    uint32_t i, n = FXLT_CASES(50000), odd = 0;
    for (i = 0; i < n; i++) {
        fxl_wall_prep p[6];
        fxl_bounce g[10];
        fxl_cast c;
        size_t count = 0, k;
        int j, nw = 1 + (int)fxlt_below(&rng, 6), mode;
        int64_t sum = 0;
        fxl_laser l;
        const int32_t ext[4] = {FXL_COORD_MAX, -FXL_COORD_MAX, 0, 1};
        for (j = 0; j < nw; j++) {
            p[j].coarse_lo = (uint32_t)wild(&rng);
            p[j].coarse_hi = (uint32_t)wild(&rng);
            p[j].a.x = wild(&rng);
            p[j].a.y = wild(&rng);
            p[j].ex = wild(&rng);
            p[j].ey = wild(&rng);
            p[j].len2 = fxlt_next(&rng);
            p[j].box.lo.x = wild(&rng);
            p[j].box.lo.y = wild(&rng);
            p[j].box.hi.x = wild(&rng);
            p[j].box.hi.y = wild(&rng);
            if (fxlt_below(&rng, 2) == 0) { /* a box that passes */
                p[j].coarse_lo = 0x80008000u;
                p[j].coarse_hi = 0xFFFFFFFFu;
                p[j].box.lo = v2(INT32_MIN, INT32_MIN);
                p[j].box.hi = v2(INT32_MAX, INT32_MAX);
            }
        }
        {
            fxl_laser_kind kind = fxlt_below(&rng, 2) == 0 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
            int32_t x = ext[fxlt_below(&rng, 4)], y = ext[fxlt_below(&rng, 4)];
            fxl_angle a = (fxl_angle)fxlt_next(&rng);
            fix16_t len = FXL_SIZE_MAX, hw = FXL_SIZE_MAX;
            if (fxlt_below(&rng, 2) == 0)
                len = fxlt_range(&rng, 0, FXL_SIZE_MAX);
            if (fxlt_below(&rng, 2) == 0)
                hw = fxlt_range(&rng, 0, FXL_SIZE_MAX);
            l = beam(kind, x, y, a, len, hw);
        }
        for (mode = 0; mode < 4; mode++) {
            unsigned flags = ((mode & 1) != 0 ? FXL_CAST_TWO_SIDED : 0u) |
                             ((mode & 2) != 0 ? FXL_CAST_WIDTH : 0u);
            CHECK_EQ(fxl_laser_cast(&l, p, (size_t)nw, flags, &c, NULL), FXL_OK);
            odd += c.length < 0 || c.length > l.length || c.wall < -1 || c.wall >= nw;
        }
        CHECK(fxl_laser_bounce(&l, p, (size_t)nw, fxlt_below(&rng, 2), 9, g, 10, &count) == FXL_OK);
        odd += count < 1 || count > 10;
        for (k = 0; k < count && k < 10; k++)
            sum += g[k].length;
        odd += sum > l.length;
    }
    fxlt_printf("    extremes: %u casts of meaningless walls, %u odd answers\n", n, odd);
    CHECK_EQ(odd, 0);
}

/* The case `make soak` found (seed 0x6f69625, extremes' draw 9431):
 * after a bounce, an end on the far side of the wall left sent the search
 * along that wall's line over every wall, and a hand-made wall with ex =
 * ey = INT32_MIN overflowed the int64 dot product of the directions
 * (undefined behaviour; now a wrapping sum). Fixed here so that every run
 * takes it under UBSan. */
static void extremes_back_along(void)
{
    static const int64_t f[6][11] = {
        {2147483648, 2147483648, 1261493482, 1202303235, 2147483647, -1292995130,
         905382018928477939, 2147483647, -1348369245, -137072757, 2058748229},
        {2147516416, 4294967295, 416905195, 1592861643, 2147483647, 1039422045,
         -3204449260269949922 /* 15242294813439601694 */, INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX},
        {26995806, 1947590428, -1803958773, 366939099, -541694942, 626711775, 1006329682307437159,
         2147483647, 1005655285, INT32_MIN, 450808932},
        {3582665669, 3000203450, -1514897938, -1717579657, 786771887, 276209740,
         1907868079143898655, -421702051, 1336196900, 111252525, 908977172},
        {2782854383, 785862653, 1012479939, -1934167605, 1318799044, -1208002986,
         -1868683841882358265 /* 16578060232827193351 */, -2133981758, -1400062036, 1010670230,
         2107255204},
        {2190887358, 3269223677, -1173918124, 2147483647, INT32_MIN, INT32_MIN, 776167080791908368,
         1676554581, INT32_MIN, 2147483647, INT32_MIN}};
    fxl_wall_prep p[6];
    fxl_bounce g[10];
    fxl_laser l = beam(FXL_LASER_BOX, FXL_COORD_MAX, 1, (fxl_angle)141722339, 215394848, 69625196);
    size_t count = 0, k;
    int64_t sum = 0;
    int j;
    for (j = 0; j < 6; j++) {
        p[j].coarse_lo = (uint32_t)f[j][0];
        p[j].coarse_hi = (uint32_t)f[j][1];
        p[j].a = v2(f[j][2], f[j][3]);
        p[j].ex = (int32_t)f[j][4];
        p[j].ey = (int32_t)f[j][5];
        p[j].len2 = (uint64_t)f[j][6];
        p[j].box.lo = v2(f[j][7], f[j][8]);
        p[j].box.hi = v2(f[j][9], f[j][10]);
    }
    CHECK(fxl_laser_bounce(&l, p, 6, FXL_CAST_TWO_SIDED, 9, g, 10, &count) == FXL_OK);
    CHECK(count >= 1 && count <= 10);
    for (k = 0; k < count && k < 10; k++)
        sum += g[k].length;
    CHECK(sum <= l.length);
}

/* Valid extremes against the reference: emitters in the domain's corners,
 * the longest and widest beams, walls anywhere in the domain. */
static void extremes_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("extremes_vs_reference");
    uint32_t i, n = FXLT_CASES(20000), bad = 0, hits = 0;
    const int32_t ext[3] = {FXL_COORD_MAX, -FXL_COORD_MAX, 0};
    for (i = 0; i < n; i++) {
        scene s;
        fxl_cast c;
        ref_q u, best;
        long k = -1, kb = -1;
        int j;
        int32_t dx, dy;
        uint32_t unused = 0;
        {
            int32_t x = ext[fxlt_below(&rng, 3)], y = ext[fxlt_below(&rng, 3)];
            fxl_angle a = (fxl_angle)fxlt_next(&rng);
            fix16_t len = FXL_SIZE_MAX - fxlt_range(&rng, 0, 3);
            fix16_t hw = FXL_SIZE_MAX;
            if (fxlt_below(&rng, 2) == 0)
                hw = fxlt_range(&rng, 0, FXL_SIZE_MAX);
            s.l = beam(FXL_LASER_BOX, x, y, a, len, hw);
        }
        s.two = fxlt_below(&rng, 2) == 0;
        s.n = 0;
        for (j = 0; j < 3; j++) {
            int64_t ax = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
            int64_t ay = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
            if (fxlt_below(&rng, 2) == 0) { /* near the beam */
                int64_t t = fxlt_range(&rng, 0, FXL_SIZE_MAX);
                ax = s.l.pos.x + ((t * fxl_cos(s.l.angle)) >> 16);
                ay = s.l.pos.y + ((t * fxl_sin(s.l.angle)) >> 16);
            }
            {
                int64_t bx = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
                int64_t by = fxlt_range(&rng, -FXL_COORD_MAX, FXL_COORD_MAX);
                add_wall(&s, ax, ay, bx, by);
            }
        }
        dx = fxl_cos(s.l.angle);
        dy = fxl_sin(s.l.angle);
        k = ref_first_centre(&s, &best);
        CHECK_EQ(fxl_laser_cast(&s.l, s.p, (size_t)s.n, s.two ? FXL_CAST_TWO_SIDED : 0, &c, NULL),
                 FXL_OK);
        bad += c.wall != k || !length_agrees(&s, k, best, c.length);
        hits += k >= 0;
        for (j = 0; j < s.n; j++)
            if (ref_eligible(dx, dy, s.w[j], s.two, ref_came(s.l.pos, s.w[j], -1)) &&
                ref_box(s.l.pos, dx, dy, s.l.half_width, s.w[j], &u) &&
                ref_q_cmp_int(u, s.l.length) <= 0 && (kb < 0 || ref_q_cmp(u, best) < 0)) {
                kb = j;
                best = u;
            }
        bad += cast_width(&s, FXL_LASER_BOX, &c) != kb || !length_agrees(&s, kb, best, c.length);
        k = cast_width(&s, FXL_LASER_CAPSULE, &c);
        bad += s.l.half_width > 0 && !capsule_agrees(&s, k, c.length, &unused);
    }
    fxlt_printf("    extremes: %u scenes (3 casts each, %u centre stops), %u disagreements\n", n,
                hits, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* The width cast's 64 x 32-bit product (cast_width.h's imul_w) against
 * bigint.c's long multiplication: random factors of every bit width and
 * sign, and the extremes (INT64_MIN, INT32_MIN, -1, 0). */
static big big_u64(uint64_t v)
{
    big two32 = big_i64((int64_t)1 << 32);
    return big_add(big_mul(big_i64((int64_t)(v >> 32)), two32), big_i64((int64_t)(v & 0xFFFFFFFFu)));
}

static void width_products(void)
{
    static const int64_t ea[] = {INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX, (int64_t)1 << 32,
                                 -((int64_t)1 << 32), 0xFFFFFFFF, -(int64_t)0xFFFFFFFF};
    static const int32_t eb[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX, 65536};
    fxlt_rng rng = fxlt_rng_for("width_products");
    uint32_t i, n = FXLT_CASES(200000), bad = 0;
    big two64 = big_mul(big_i64((int64_t)1 << 32), big_i64((int64_t)1 << 32));
    for (i = 0; i < n + 70; i++) {
        int64_t a;
        int32_t b;
        fxl__i128 r;
        big want, got;
        if (i < 70) {
            a = ea[i % 10];
            b = eb[i / 10];
        } else {
            unsigned sa = fxlt_below(&rng, 64), sb = fxlt_below(&rng, 32);
            uint64_t ua = fxlt_next(&rng) >> sa;
            uint32_t ub = (uint32_t)fxlt_next(&rng) >> sb;
            a = (fxlt_next(&rng) & 1) ? -(int64_t)(ua >> 1) : (int64_t)(ua >> 1);
            b = (fxlt_next(&rng) & 1) ? -(int32_t)(ub >> 1) : (int32_t)(ub >> 1);
        }
        r = imul_w(a, b);
        want = big_mul(big_i64(a), big_i64(b));
        got = big_add(big_mul(big_i64(r.hi), two64), big_u64(r.lo));
        if (big_cmp(want, got) != 0)
            bad++;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

/* The frame's cheaper products (cast_width.h's shl16 and wall_n) against
 * bigint.c: 65536 a for any int64 a; N = (a - e) x (b - a), which wall_n
 * forms as a x (b - a) - e x (b - a) from 32x32 -> 64 products, equal to
 * the exact value mod 2^64 (as fxl__wsub64 of the products of a - e
 * wraps) for walls and emitters anywhere in the domain and at its
 * corners. */
static int32_t frame_coord(fxlt_rng *rng)
{
    static const int32_t ec[] = {FXL_COORD_MAX, -FXL_COORD_MAX, 0, 1, -1};
    return fxlt_below(rng, 4) == 0 ? ec[fxlt_below(rng, 5)]
                                   : fxlt_range(rng, -FXL_COORD_MAX, FXL_COORD_MAX);
}

static void width_frame_products(void)
{
    fxlt_rng rng = fxlt_rng_for("width_frame_products");
    uint32_t i, n = FXLT_CASES(200000), bad = 0, walls = 0;
    big two64 = big_mul(big_i64((int64_t)1 << 32), big_i64((int64_t)1 << 32));
    for (i = 0; i < n; i++) {
        uint64_t ua = fxlt_next(&rng) >> fxlt_below(&rng, 64);
        int64_t a = fxl__u2i((fxlt_next(&rng) & 1) ? 0u - ua : ua), nn;
        fxl__i128 r = shl16(a);
        fxl_wall w;
        fxl_wall_prep wp;
        fxl_vec2 e;
        big want;
        int m, ok = 0;
        if (big_cmp(big_mul(big_i64(a), big_i64(65536)),
                    big_add(big_mul(big_i64(r.hi), two64), big_u64(r.lo))) != 0)
            bad++;
        w.a = fxl_vec2_make(frame_coord(&rng), frame_coord(&rng));
        w.b = fxl_vec2_make(frame_coord(&rng), frame_coord(&rng));
        e = fxl_vec2_make(frame_coord(&rng), frame_coord(&rng));
        if (fxl_wall_prepare(&w, &wp) != FXL_OK)
            continue;
        walls++;
        nn = wall_n(&wp, e);
        want = big_add(big_mul(big_i64((int64_t)w.a.x - e.x), big_i64((int64_t)w.b.y - w.a.y)),
                       big_neg(big_mul(big_i64((int64_t)w.a.y - e.y),
                                       big_i64((int64_t)w.b.x - w.a.x))));
        for (m = -1; m <= 1; m++) {
            big got = big_add(big_i64(nn), big_mul(big_i64(m), two64));
            ok |= big_cmp(want, got) == 0;
        }
        bad += !ok;
    }
    fxlt_printf("    frame products: %u values, %u walls, %u disagreements\n", n, walls, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(big_faults(), 0);
}

static const fxlt_case cases[] = {
    {"width_products", width_products},
    {"width_frame_products", width_frame_products},
    {"stops_and_passes", stops_and_passes},
    {"errors", errors},
    {"centre_vs_reference", centre_vs_reference},
    {"room_centre_vs_reference", room_centre_vs_reference},
    {"room_cast_bands", room_cast_bands},
    {"room_axis_walls", room_axis_walls},
#if FXL_PORT_ROOM_CAST
    {"room_axis_recip", room_axis_recip},
#endif
    {"box_vs_reference", box_vs_reference},
    {"capsule_vs_reference", capsule_vs_reference},
    {"zero_width_is_centre", zero_width_is_centre},
    {"capsule_radius_in_frame", capsule_radius_in_frame},
    {"bounce_rooms", bounce_rooms},
    {"bounce_diagonals", bounce_diagonals},
    {"bounce_units", bounce_units},
    {"grazing_reflections", grazing_reflections},
    {"bounce_near_walls", bounce_near_walls},
    {"long_chain", long_chain},
    {"extremes", extremes},
    {"extremes_back_along", extremes_back_along},
    {"extremes_vs_reference", extremes_vs_reference},
};

const fxlt_suite fxlt_suite_cast = {"cast", cases, FXLT_COUNT(cases)};
