/* test_misuse.c - misuse a user can make, and the contracts issue 21 found
 * unstated: every public batch entry point takes (NULL, 0) (no pointer
 * arithmetic on NULL: `make test-san` runs this under UBSan); the checked
 * build reports a zeroed fxl_beam_prep and an out-of-domain bullet; and
 * beam.h's emitter rounding, one frame's turn and graze band, each checked
 * against arithmetic written out here. */
#include <string.h>

#include "fixlaser.h"
#include "harness.h"

#define PX(v) ((fix16_t)((v) * 65536))

/* ---- issue 21 item 3: every batch entry point with (NULL, 0) ------------------ */

/* Valid objects for the calls' other arguments. */
static fxl_laser_prep misuse_lp;
static fxl_sweep_prep misuse_sp;
static fxl_laser3d_prep misuse_lp3;
static fxl_curvy misuse_curvy;
static fxl_curvy_node misuse_nodes[8];
static fxl_aabb misuse_boxes[FXL_CURVY_BOXES(8)];
static const fxl_circle player = {{PX(40), PX(3)}, PX(4)};

static bool misuse_setup(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(4));
    fxl_sweep s = fxl_sweep_turn(&l, 64);
    fxl_laser3d l3;
    l3.kind = FXL_LASER3D_BOX;
    l3.anchor = FXL_ANCHOR_EMITTER;
    l3.pos.x = l3.pos.y = l3.pos.z = 0;
    l3.yaw = l3.pitch = 0;
    l3.length = PX(100);
    l3.half_width = PX(4);
    l3.egg_k = 0;
    return fxl_laser_prepare(&l, &misuse_lp) == FXL_OK && fxl_sweep_prepare(&s, &misuse_sp) == FXL_OK &&
           fxl_laser3d_prepare(&l3, &misuse_lp3) == FXL_OK &&
           fxl_curvy_init(&misuse_curvy, misuse_nodes, 8, misuse_boxes, FXL_CURVY_BOXES(8), PX(8),
                          PX(200)) == FXL_OK &&
           fxl_curvy_push(&misuse_curvy, fxl_vec2_make(0, 0), PX(4)) == FXL_OK &&
           fxl_curvy_push(&misuse_curvy, fxl_vec2_make(PX(80), 0), PX(4)) == FXL_OK;
}

/* One row per entry point: true when the empty call gave the empty answer. */
static bool e_circles_vs_circle(void)
{
    return fxl_circles_vs_circle(NULL, 0, player, NULL) == 0;
}
static bool e_chain_vs_circle(void)
{
    return !fxl_chain_vs_circle(NULL, 0, player);
}
static bool e_chain_make(void)
{
    fxl_chain ch;
    size_t count = 99;
    ch.emitter = fxl_vec2_make(0, 0);
    ch.angle = ch.prev_angle = 0;
    ch.length = PX(100);
    ch.half_size = PX(4);
    /* Asking for the count: FXL_ERR_CAPACITY with the squares needed. */
    return fxl_chain_make(&ch, FXL_CHAIN_STATIC, NULL, 0, &count) == FXL_ERR_CAPACITY && count > 0;
}
static bool e_laser_vs_circles(void)
{
    return fxl_laser_vs_circles(&misuse_lp, NULL, 0, NULL) == 0;
}
static bool e_laser_collect(void)
{
    return fxl_laser_collect(&misuse_lp, NULL, 0, NULL, 0) == 0;
}
static bool e_laser_vs_moving_circles(void)
{
    return fxl_laser_vs_moving_circles(&misuse_lp, NULL, NULL, 0, NULL) == 0;
}
static bool e_lasers_vs_circle(void)
{
    size_t hits = 99;
    return fxl_lasers_vs_circle(NULL, 0, player, NULL, &hits) == FXL_OK && hits == 0;
}
static bool e_sweep_vs_circles(void)
{
    return fxl_sweep_vs_circles(&misuse_sp, NULL, 0, NULL) == 0;
}
static bool e_sweep_vs_moving_circles(void)
{
    return fxl_sweep_vs_moving_circles(&misuse_sp, NULL, NULL, 0, NULL) == 0;
}
static bool e_sweep_collect(void)
{
    return fxl_sweep_collect(&misuse_sp, NULL, 0, NULL, 0) == 0;
}
static bool e_sweeps_vs_circle(void)
{
    size_t hits = 99;
    return fxl_sweeps_vs_circle(NULL, 0, player, NULL, &hits) == FXL_OK && hits == 0;
}
static bool e_laser3d_vs_spheres(void)
{
    return fxl_laser3d_vs_spheres(&misuse_lp3, NULL, 0, NULL) == 0;
}
static bool e_curvy_vs_circles(void)
{
    return fxl_curvy_vs_circles(&misuse_curvy, NULL, 0, NULL) == 0;
}
static bool e_curvy_collect(void)
{
    return fxl_curvy_collect(&misuse_curvy, NULL, 0, NULL, 0) == 0;
}
static bool e_curvies_vs_circle(void)
{
    return fxl_curvies_vs_circle(NULL, 0, player, NULL) == 0;
}
static bool e_curvy_vs_moving_circles(void)
{
    return fxl_curvy_vs_moving_circles(&misuse_curvy, NULL, NULL, 0, NULL) == 0;
}
static bool e_curvy_quads(void)
{
    /* Writes nothing; the answer is the number of quads the trail has. */
    (void)fxl_curvy_quads(&misuse_curvy, NULL, 0);
    return true;
}
static bool e_curvy_init(void)
{
    fxl_curvy c;
    return fxl_curvy_init(&c, NULL, 0, NULL, 0, PX(8), PX(200)) != FXL_OK;
}
static bool e_move_point(void)
{
    fxl_move m = fxl_move_point(NULL, 0, fxl_vec2_make(0, 0), fxl_vec2_make(PX(5), PX(7)), NULL);
    return m.pos.x == PX(5) && m.pos.y == PX(7) && m.contacts == 0 && !m.stopped;
}
static bool e_walls_inflate(void)
{
    return fxl_walls_inflate(NULL, 0, PX(4), NULL, 0) == FXL_OK;
}
static bool e_move_circle(void)
{
    fxl_move m = fxl_move_circle(NULL, 0, fxl_vec2_make(0, 0), fxl_vec2_make(PX(5), PX(7)), NULL);
    return m.pos.x == PX(5) && m.pos.y == PX(7) && m.contacts == 0 && !m.stopped;
}
static bool e_laser_cast(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(4));
    fxl_cast out;
    return fxl_laser_cast(&l, NULL, 0, 0, &out, NULL) == FXL_OK && out.length == PX(100) &&
           out.wall == -1;
}
static bool e_laser_bounce(void)
{
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(4));
    size_t count = 99;
    /* No walls, no room for legs: none written (count 0), and the one free
     * leg that would follow is reported as FXL_ERR_CAPACITY. */
    return fxl_laser_bounce(&l, NULL, 0, 0, 3, NULL, 0, &count) == FXL_ERR_CAPACITY && count == 0;
}

typedef struct misuse_row {
    const char *name;
    bool (*fn)(void);
} misuse_row;

/* Every public function of include/fixlaser/ with an array and its count
 * (grep 'size_t n\|size_t count\|size_t cap'). */
static const misuse_row null_rows[] = {
    {"fxl_circles_vs_circle", e_circles_vs_circle},
    {"fxl_chain_vs_circle", e_chain_vs_circle},
    {"fxl_chain_make", e_chain_make},
    {"fxl_laser_vs_circles", e_laser_vs_circles},
    {"fxl_laser_collect", e_laser_collect},
    {"fxl_laser_vs_moving_circles", e_laser_vs_moving_circles},
    {"fxl_lasers_vs_circle", e_lasers_vs_circle},
    {"fxl_sweep_vs_circles", e_sweep_vs_circles},
    {"fxl_sweep_vs_moving_circles", e_sweep_vs_moving_circles},
    {"fxl_sweep_collect", e_sweep_collect},
    {"fxl_sweeps_vs_circle", e_sweeps_vs_circle},
    {"fxl_laser3d_vs_spheres", e_laser3d_vs_spheres},
    {"fxl_curvy_vs_circles", e_curvy_vs_circles},
    {"fxl_curvy_collect", e_curvy_collect},
    {"fxl_curvies_vs_circle", e_curvies_vs_circle},
    {"fxl_curvy_vs_moving_circles", e_curvy_vs_moving_circles},
    {"fxl_curvy_quads", e_curvy_quads},
    {"fxl_curvy_init", e_curvy_init},
    {"fxl_move_point", e_move_point},
    {"fxl_walls_inflate", e_walls_inflate},
    {"fxl_move_circle", e_move_circle},
    {"fxl_laser_cast", e_laser_cast},
    {"fxl_laser_bounce", e_laser_bounce},
};

static void null_empty_batches(void)
{
    size_t i;
    uint32_t before = fxlt_asserts_seen();
    if (!CHECK(misuse_setup()))
        return;
    for (i = 0; i < FXLT_COUNT(null_rows); i++) {
        bool ok = null_rows[i].fn();
        if (!ok)
            fxlt_printf("  (NULL, 0) misanswered by %s\n", null_rows[i].name);
        CHECK(ok);
    }
    /* (NULL, 0) breaks no precondition. */
    CHECK_EQ(fxlt_asserts_seen(), before);
}

/* Item 3's two reports, as they were written. */
static void null_zero_item3(void)
{
    CHECK(!fxl_chain_vs_circle(NULL, 0, player));
    CHECK_EQ(fxl_circles_vs_circle(NULL, 0, player, NULL), 0);
}

/* ---- issue 21 item 5: what the checked build reports ----------------------------- */

#if FXL_PORT_CIRCLES_VS_CIRCLE
/* The port's routine checks no bullet: its C twin carries the checks. */
size_t fxl__circles_vs_circle_c(const fxl_circle *circles, size_t n, fxl_circle circle,
                                uint32_t *hit_bits);
#define CIRCLES_CHECKED fxl__circles_vs_circle_c
#else
#define CIRCLES_CHECKED fxl_circles_vs_circle
#endif

static void checked_reports(void)
{
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_circle bullets[3];
    fxl_beam_hit h;
    uint32_t bits = 0, seen;
    size_t hits;

    fxlt_expect_asserts(true);
    /* A zeroed prep (phase 0 reads as WARNING): reported, answers nothing. */
    seen = fxlt_asserts_seen();
    memset(&bp, 0, sizeof bp);
    h = fxl_beam_test(&bp, player);
    CHECK(!h.hit && !h.graze && h.depth == 0);
    CHECK_EQ(fxlt_asserts_seen(), seen + 1);
    /* A prepared one is not. */
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(4));
    seen = fxlt_asserts_seen();
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(fxl_beam_test(&bp, player).hit);
    CHECK_EQ(fxlt_asserts_seen(), seen);

    /* An out-of-domain bullet anywhere in the batch, even far from the
     * player: reported once; the others still answered exactly. */
    bullets[0] = fxl_circle_make(PX(40), PX(3), PX(1));
    bullets[1] = fxl_circle_make(INT32_MIN, 0, PX(1));
    bullets[2] = fxl_circle_make(PX(-900), PX(900), PX(1));
    seen = fxlt_asserts_seen();
    hits = CIRCLES_CHECKED(bullets, 3, player, &bits);
    CHECK_EQ(fxlt_asserts_seen(), seen + 1);
    CHECK((bits & 1u) != 0 && (bits & 4u) == 0 && hits >= 1);
    bullets[1].c.x = 0;
    bullets[1].r = -1;
    seen = fxlt_asserts_seen();
    (void)CIRCLES_CHECKED(bullets, 3, player, NULL);
    CHECK_EQ(fxlt_asserts_seen(), seen + 1);
    fxlt_expect_asserts(false);
}

/* ---- issue 21 item 4: beam.h's contracts ------------------------------------------ */

/* floor(v / 2^16 + 1/2): to nearest, halves up, written out on its own. */
static int64_t half_up16(int64_t v)
{
    int64_t q = v / 65536, r = v % 65536;
    if (r < 0)
        q -= 1, r += 65536;
    return r >= 32768 ? q + 1 : q;
}

/* The emitter is the offset turned by -offset_angle, then by angle, with
 * the table's sine and cosine, each time rounded to nearest, halves up. */
static void beam_emitter_rounding(void)
{
    fxlt_rng rng = fxlt_rng_for("misuse.beam_emitter_rounding");
    uint32_t i, halves = 0;
    for (i = 0; i < FXLT_CASES(20000); i++) {
        fxl_beam b;
        int64_t c, s, ox, oy, ex, ey;
        fxl_vec2 e;
        fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(fxlt_range(&rng, PX(-200), PX(200)),
                                                       fxlt_range(&rng, PX(-200), PX(200))),
                      0, PX(100), PX(4));
        b.offset.x = fxlt_range(&rng, PX(-64), PX(64));
        b.offset.y = fxlt_range(&rng, PX(-64), PX(64));
        if (i % 4 == 0) {
            /* An exact half: offset_angle 0 keeps the offset; a cosine with
             * k trailing zeros times 2^(15-k) lands on .5. */
            int32_t cv;
            unsigned k = 0;
            b.angle = (fxl_angle)fxlt_range(&rng, 1, 4095);
            cv = fxl_cos(b.angle);
            if (cv == 0)
                continue;
            while (((uint32_t)cv >> k & 1u) == 0)
                k++;
            if (k > 15)
                continue;
            b.offset_angle = 0;
            b.offset.x = (fix16_t)(1L << (15 - k)) * (fxlt_below(&rng, 2) ? 1 : -1);
            b.offset.y = 0;
            halves++;
        } else {
            b.offset_angle = (fxl_angle)fxlt_range(&rng, 0, 4095);
            b.angle = (fxl_angle)fxlt_range(&rng, 0, 4095);
        }
        c = fxl_cos((fxl_angle)((4096 - b.offset_angle) & 4095));
        s = fxl_sin((fxl_angle)((4096 - b.offset_angle) & 4095));
        ox = half_up16(c * b.offset.x - s * b.offset.y);
        oy = half_up16(s * b.offset.x + c * b.offset.y);
        c = fxl_cos(b.angle);
        s = fxl_sin(b.angle);
        ex = b.pivot.x + half_up16(c * ox - s * oy);
        ey = b.pivot.y + half_up16(s * ox + c * oy);
        e = fxl_beam_emitter(&b);
        CHECK_EQ(e.x, ex);
        CHECK_EQ(e.y, ey);
        if (i % 4 == 0) {
            /* .5 went up: -2.5 raw gives -2, 2.5 gives 3. */
            int64_t v = c * ox;
            CHECK(v % 65536 == 32768 || v % 65536 == -32768);
            CHECK_EQ(e.x - b.pivot.x, (v + 32768) / 65536); /* an exact division */
        }
    }
    CHECK_COVER(halves > 0);
}

/* A point at distance d (Q16.16) from the origin in direction a. */
static fxl_circle at(fxl_angle a, int64_t d, fix16_t r)
{
    return fxl_circle_make((fix16_t)half_up16(fxl_cos(a) * d), (fix16_t)half_up16(fxl_sin(a) * d), r);
}

/* One frame's turn is fxl_angle_diff(angle, prev_angle), -2048..2047: more
 * than half a turn is swept the short way round, half a turn clockwise. */
static void beam_turn_wraps(void)
{
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(2));
    b.prev_angle = 0;
    b.angle = 3000; /* +3000 steps: swept as -1096 */
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(!fxl_beam_test(&bp, at(1500, PX(50), PX(1))).hit); /* on the +3000 way only */
    CHECK(fxl_beam_test(&bp, at(3548, PX(50), PX(1))).hit);  /* on the -1096 way */
    CHECK(fxl_beam_test(&bp, at(3000, PX(50), PX(1))).hit);  /* where it ends */
    b.angle = 2048; /* half a turn: -2048 */
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(!fxl_beam_test(&bp, at(1024, PX(50), PX(1))).hit);
    CHECK(fxl_beam_test(&bp, at(3072, PX(50), PX(1))).hit);
    b.angle = 2047; /* just under: counter-clockwise */
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(fxl_beam_test(&bp, at(1024, PX(50), PX(1))).hit);
    CHECK(!fxl_beam_test(&bp, at(3072, PX(50), PX(1))).hit);
    /* fxl_beam_turn_by in one frame takes the way delta says, both ends. */
    b.angle = b.prev_angle = 0;
    fxl_beam_turn_by(&b, 2047, 1);
    fxl_beam_update(&b);
    CHECK_EQ(b.angle, 2047);
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(fxl_beam_test(&bp, at(1024, PX(50), PX(1))).hit);
    CHECK(!fxl_beam_test(&bp, at(3072, PX(50), PX(1))).hit);
    b.angle = b.prev_angle = 0;
    fxl_beam_turn_by(&b, -2048, 1);
    fxl_beam_update(&b);
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    CHECK(!fxl_beam_test(&bp, at(1024, PX(50), PX(1))).hit);
    CHECK(fxl_beam_test(&bp, at(3072, PX(50), PX(1))).hit);
}

/* The graze band is the hitbox of the same beam with its hitbox half-width
 * grown by graze_extra: a box's only across the beam (not past its ends), a
 * capsule's also round its ends. */
static void beam_graze_across(void)
{
    fxlt_rng rng = fxlt_rng_for("misuse.beam_graze_across");
    fxl_beam b;
    fxl_beam_prep bp;
    fxl_beam_hit h;
    uint32_t i;
    int kind;
    fxl_beam_init(&b, FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, PX(100), PX(4));
    b.graze_extra = PX(10);
    CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
    h = fxl_beam_test(&bp, fxl_circle_make(PX(50), PX(12), PX(1))); /* 7 px beside */
    CHECK(!h.hit && h.graze);
    h = fxl_beam_test(&bp, fxl_circle_make(PX(50), PX(-18), PX(1))); /* 13 px beside */
    CHECK(!h.hit && !h.graze);
    h = fxl_beam_test(&bp, fxl_circle_make(PX(103), 0, PX(1))); /* 2 px past the end */
    CHECK(!h.hit && !h.graze);
    h = fxl_beam_test(&bp, fxl_circle_make(PX(-3), 0, PX(1))); /* 2 px behind the emitter */
    CHECK(!h.hit && !h.graze);
    /* Both kinds, any circle: graze-or-hit == the wider laser's hit. */
    for (kind = 0; kind < 2; kind++) {
        b.kind = kind == 0 ? FXL_LASER_BOX : FXL_LASER_CAPSULE;
        b.angle = b.prev_angle = b.offset_angle = 300;
        b.hit_fraction = fix16_one / 2;
        CHECK_EQ(fxl_beam_prepare(&b, &bp), FXL_OK);
        for (i = 0; i < FXLT_CASES(4000); i++) {
            fxl_laser wide = fxl_beam_laser(&b);
            fxl_laser_prep wp;
            fxl_circle c = fxl_circle_make(fxlt_range(&rng, PX(-30), PX(130)),
                                           fxlt_range(&rng, PX(-30), PX(130)), fxlt_range(&rng, 0, PX(3)));
            wide.half_width = PX(2) + PX(10); /* hit width 4 * 1/2, plus the band */
            wide.hit_fraction = fix16_one;
            CHECK_EQ(fxl_laser_prepare(&wide, &wp), FXL_OK);
            h = fxl_beam_test(&bp, c);
            CHECK_EQ(h.hit || h.graze, fxl_laser_vs_circle(&wp, c));
        }
    }
    (void)h;
}

static const fxlt_case cases[] = {
    {"null_empty_batches", null_empty_batches},
    {"null_zero_item3", null_zero_item3},
    {"checked_reports", checked_reports},
    {"beam_emitter_rounding", beam_emitter_rounding},
    {"beam_turn_wraps", beam_turn_wraps},
    {"beam_graze_across", beam_graze_across},
};

const fxlt_suite fxlt_suite_misuse = {"misuse", cases, FXLT_COUNT(cases)};
