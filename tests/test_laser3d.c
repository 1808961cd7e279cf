/* test_laser3d.c - 3D box, cylinder and egg lasers against spheres: exact
 * touching cases, errors, drawing points, and property tests against a
 * double reference that finds the closest point of the shape instead, the
 * cases near the boundary decided by the exact one (exact.h). */
#include <math.h>

#include "exact.h"
#include "gen.h"
#include "harness.h"
#include "ref.h"

#define PX(v) ((fix16_t)((v) * 65536))

static fxl_laser3d l3(fxl_laser3d_kind kind, fix16_t x, fix16_t y, fix16_t z, fxl_angle yaw,
                      fxl_angle pitch, fix16_t len, fix16_t w)
{
    fxl_laser3d l;
    l.kind = kind;
    l.anchor = FXL_ANCHOR_CENTRE;
    l.pos.x = x, l.pos.y = y, l.pos.z = z;
    l.yaw = yaw;
    l.pitch = pitch;
    l.length = len;
    l.half_width = w;
    l.egg_k = fix16_one;
    return l;
}

static bool hit3(const fxl_laser3d *l, fix16_t x, fix16_t y, fix16_t z, fix16_t r)
{
    fxl_laser3d_prep p;
    fxl_sphere s;
    CHECK_EQ(fxl_laser3d_prepare(l, &p), FXL_OK);
    s.c.x = x, s.c.y = y, s.c.z = z, s.r = r;
    return fxl_laser3d_vs_sphere(&p, s);
}

static void touching_exact(void)
{
    /* Half-length 20, half-width 5, along +x at yaw 0 pitch 0. */
    fxl_laser3d box = l3(FXL_LASER3D_BOX, PX(1), PX(2), PX(3), 0, 0, PX(40), PX(5));
    fxl_laser3d cyl = box;
    cyl.kind = FXL_LASER3D_CYLINDER;
    /* End face, side faces, an edge (3-4-5) and a corner (2-3-6-7). */
    CHECK(hit3(&box, PX(1 + 25), PX(2), PX(3), PX(5)));
    CHECK(!hit3(&box, PX(1 + 25), PX(2), PX(3), PX(5) - 1));
    CHECK(hit3(&box, PX(1), PX(2 + 9), PX(3), PX(4)));
    CHECK(!hit3(&box, PX(1), PX(2), PX(3 - 9), PX(4) - 1));
    CHECK(hit3(&box, PX(1 + 23), PX(2 + 9), PX(3), PX(5)));
    CHECK(!hit3(&box, PX(1 + 23), PX(2 + 9), PX(3), PX(5) - 1));
    CHECK(hit3(&box, PX(1 + 22), PX(2 + 8), PX(3 - 11), PX(7)));
    CHECK(!hit3(&box, PX(1 + 22), PX(2 + 8), PX(3 - 11), PX(7) - 1));
    /* Cylinder: the tube (3-4-5 in y, z), the rim, and no square corner. */
    CHECK(hit3(&cyl, PX(1), PX(2 + 6), PX(3 + 8), PX(5)));
    CHECK(!hit3(&cyl, PX(1), PX(2 + 6), PX(3 + 8), PX(5) - 1));
    CHECK(hit3(&cyl, PX(1 + 23), PX(2 + 9), PX(3), PX(5)));
    CHECK(!hit3(&cyl, PX(1 + 23), PX(2 + 9), PX(3), PX(5) - 1));
    CHECK(hit3(&box, PX(1 + 20), PX(2 + 5), PX(3 + 5), 0));
    CHECK(!hit3(&cyl, PX(1 + 20), PX(2 + 5), PX(3 + 5), 0));
    /* The same at yaw 1024 (beam along +y) and pitch 1024 (beam along -z). */
    box.yaw = 1024;
    CHECK(hit3(&box, PX(1), PX(2 + 25), PX(3), PX(5)));
    CHECK(!hit3(&box, PX(1), PX(2 + 25), PX(3), PX(5) - 1));
    box.yaw = 0;
    box.pitch = 1024;
    CHECK(hit3(&box, PX(1), PX(2), PX(3 - 25), PX(5)));
    CHECK(!hit3(&box, PX(1), PX(2), PX(3 - 25), PX(5) - 1));
    /* Egg with k = 1/4: k x^2 + y^2 + z^2 <= (W + r)^2, so along x it
     * reaches 2 (W + r). */
    {
        fxl_laser3d egg = l3(FXL_LASER3D_EGG, 0, 0, 0, 0, 0, PX(40), PX(5));
        egg.egg_k = fix16_one / 4;
        CHECK(hit3(&egg, PX(16), 0, 0, PX(3)));
        CHECK(!hit3(&egg, PX(16) + 1, 0, 0, PX(3)));
        CHECK(hit3(&egg, 0, PX(8), 0, PX(3)));
        CHECK(!hit3(&egg, 0, PX(8) + 1, 0, PX(3)));
    }
}

static void errors_and_drawing(void)
{
    fxl_laser3d l = l3(FXL_LASER3D_BOX, 0, 0, 0, 0, 0, PX(40), PX(5));
    fxl_laser3d_prep p;
    fxl_vec3 c[8], s, e;
    CHECK_EQ(fxl_laser3d_prepare(NULL, &p), FXL_ERR_NULL);
    l.pos.z = FXL_COORD3_MAX + 1;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_COORD_RANGE);
    l.pos.z = 0;
    l.length = FXL_SIZE3_MAX + 1;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_LENGTH_RANGE);
    l.length = PX(40);
    l.half_width = -1;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_WIDTH_NEGATIVE);
    l.half_width = PX(5);
    l.kind = FXL_LASER3D_EGG;
    l.egg_k = fix16_one + 1;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_FRACTION_RANGE);
    l.kind = (fxl_laser3d_kind)9;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_KIND);
    l.kind = FXL_LASER3D_BOX;
    l.anchor = FXL_ANCHOR_EMITTER;
    l.yaw = 1024; /* along +y */
    fxl_laser3d_corners(&l, c);
    CHECK(c[0].x == PX(5) && c[0].y == 0 && c[0].z == PX(-5)); /* x = 0, y = -W -> +x */
    CHECK(c[7].x == PX(-5) && c[7].y == PX(40) && c[7].z == PX(5));
    fxl_laser3d_ends(&l, &s, &e);
    CHECK(s.x == 0 && s.y == 0 && e.x == 0 && e.y == PX(40) && e.z == 0);
    l.yaw = 0;
    l.pitch = 1024; /* along -z */
    fxl_laser3d_ends(&l, &s, &e);
    CHECK(e.x == 0 && e.y == 0 && e.z == PX(-40));
}

/* Reference: the frame in double from the table values, then the closest
 * point of the shape (clamped box; clamped, radially capped cylinder). */
static double ref3(const fxl_laser3d *l, fxl_sphere s, double *reach)
{
    double cy = ref_cos_q16(l->yaw) / 65536.0, sy = ref_sin_q16(l->yaw) / 65536.0;
    double cp = ref_cos_q16(l->pitch) / 65536.0, sp = ref_sin_q16(l->pitch) / 65536.0;
    double dx = ref_px(s.c.x) - ref_px(l->pos.x), dy = ref_px(s.c.y) - ref_px(l->pos.y);
    double dz = ref_px(s.c.z) - ref_px(l->pos.z);
    double m[3][3] = {{cp * cy, cp * sy, -sp}, {-sy, cy, 0.0}, {sp * cy, sp * sy, cp}};
    double f[3], q[3], half = ref_px(l->length) / 2.0, w = ref_px(l->half_width), dist;
    int i;
    for (i = 0; i < 3; i++)
        f[i] = m[i][0] * dx + m[i][1] * dy + m[i][2] * dz;
    if (l->anchor == FXL_ANCHOR_EMITTER)
        f[0] -= half;
    if (l->kind == FXL_LASER3D_EGG) {
        double k = (double)l->egg_k / 65536.0;
        /* the form itself: hit iff sqrt(k x^2 + y^2 + z^2) - W <= r */
        *reach = sqrt(k * f[0] * f[0] + f[1] * f[1] + f[2] * f[2]) - w;
        return *reach - ref_px(s.r);
    }
    q[0] = fmax(-half, fmin(half, f[0]));
    if (l->kind == FXL_LASER3D_BOX) {
        q[1] = fmax(-w, fmin(w, f[1]));
        q[2] = fmax(-w, fmin(w, f[2]));
    } else {
        double rho = hypot(f[1], f[2]), scale = rho > w ? w / rho : 1.0;
        q[1] = f[1] * scale;
        q[2] = f[2] * scale;
    }
    dist = sqrt((f[0] - q[0]) * (f[0] - q[0]) + (f[1] - q[1]) * (f[1] - q[1]) +
                (f[2] - q[2]) * (f[2] - q[2]));
    *reach = dist;
    return dist - ref_px(s.r);
}

/* a^2 + b^2 + c^2 = d^2 (triples with c = 0). */
static const int32_t quads[][4] = {{1, 2, 2, 3}, {2, 3, 6, 7}, {1, 4, 8, 9}, {4, 4, 7, 9},
                                   {2, 6, 9, 11}, {3, 4, 0, 5}, {5, 12, 0, 13}, {0, 1, 0, 1}};

static const int32_t *pick(fxlt_rng *rng, bool triple)
{
    const int32_t *q;
    do
        q = quads[fxlt_below(rng, FXLT_COUNT(quads))];
    while (triple && q[2] != 0);
    return q;
}

/* Makes l one the table describes exactly (cardinal yaw and pitch, an even
 * length, game-sized) and returns a sphere exactly touching it (legs of a
 * Pythagorean quadruple or triple), or moved one raw unit out (*want false)
 * or in along an axis where it lies beyond the surface. */
static fxl_sphere exact_touch3(fxlt_rng *rng, fxl_laser3d *l, bool *want)
{
    int64_t f[3], g[3], m = fxlt_range(rng, 1, 1 << 16), L, W, R;
    int i, j, axis = -1, nudge = (int)fxlt_range(rng, -1, 1), rot = (int)fxlt_below(rng, 3);
    const int32_t *q = pick(rng, false);
    int32_t p[3][3], cy, sy, cp, sp;
    fxl_sphere s;
    l->yaw = (fxl_angle)(fxlt_below(rng, 4) * 1024u);
    l->pitch = (fxl_angle)(fxlt_below(rng, 4) * 1024u);
    l->pos.x /= 16, l->pos.y /= 16, l->pos.z /= 16;
    l->length = (l->length % (1 << 25)) & ~1;
    l->half_width %= 1 << 22;
    L = l->length / 2;
    W = l->half_width;
    switch (l->kind) {
    case FXL_LASER3D_BOX:
        /* Beyond the box by the quadruple's legs (in any order); a zero leg
         * leaves that coordinate anywhere across the box. */
        R = q[3] * m;
        for (i = 0; i < 3; i++) {
            int64_t h = i == 0 ? L : W, leg = q[(i + rot) % 3] * m;
            f[i] = leg > 0 ? h + leg : fxlt_range(rng, (int32_t)-h, (int32_t)h);
            if (leg > 0)
                axis = i;
        }
        break;
    case FXL_LASER3D_CYLINDER: {
        const int32_t *t = pick(rng, true);
        int64_t k = fxlt_range(rng, 1, 1 << 16);
        switch (fxlt_below(rng, 3)) {
        case 0: /* the tube: y^2 + z^2 = (W + R)^2, R anywhere up to that */
            R = fxlt_range(rng, 1, (int32_t)(t[3] * m));
            W = t[3] * m - R;
            f[0] = fxlt_range(rng, (int32_t)-L, (int32_t)L);
            f[1] = t[0] * m, f[2] = t[1] * m;
            axis = f[1] > 0 ? 1 : 2;
            break;
        case 1: /* an end face, within W / sqrt 2 of the axis */
            R = k;
            f[0] = L + R;
            f[1] = fxlt_range(rng, (int32_t)-W / 2, (int32_t)W / 2);
            f[2] = fxlt_range(rng, (int32_t)-W / 2, (int32_t)W / 2);
            axis = 0;
            break;
        default: { /* the rim: rho - W = a k and x - L = b k, R = c k */
            const int32_t *u = pick(rng, true);
            R = u[3] * k;
            m = (u[0] * k + t[3] - 1) / t[3] + fxlt_range(rng, 0, 16); /* rho >= a k */
            W = t[3] * m - u[0] * k;
            f[0] = L + u[1] * k;
            f[1] = t[0] * m, f[2] = t[1] * m;
            axis = 0; /* u[1] > 0 in every triple */
            break;
        }
        }
        l->half_width = (fix16_t)W;
        break;
    }
    default: {
        /* k X^2 + Y^2 + Z^2 = (W + R)^2 with k = 1 / s^2 and X = s a m. */
        int32_t sc = 1 << fxlt_below(rng, 3);
        l->egg_k = fix16_one / (sc * sc);
        R = fxlt_range(rng, 1, (int32_t)(q[3] * m));
        W = q[3] * m - R;
        l->half_width = (fix16_t)W;
        for (i = 0; i < 3; i++) {
            f[i] = q[(i + rot) % 3] * m * (i == 0 ? sc : 1);
            if (f[i] > 0)
                axis = i;
        }
        break;
    }
    }
    for (i = 0; i < 3; i++)
        if (fxlt_below(rng, 2) != 0)
            f[i] = -f[i]; /* every shape is symmetric about its middle */
    f[axis] += f[axis] < 0 ? -nudge : nudge;
    *want = nudge <= 0;
    /* Back to the world: the frame's matrix is a signed permutation here. */
    cy = fxl_cos(l->yaw) / 65536, sy = fxl_sin(l->yaw) / 65536;
    cp = fxl_cos(l->pitch) / 65536, sp = fxl_sin(l->pitch) / 65536;
    p[0][0] = cp * cy, p[0][1] = cp * sy, p[0][2] = -sp;
    p[1][0] = -sy, p[1][1] = cy, p[1][2] = 0;
    p[2][0] = sp * cy, p[2][1] = sp * sy, p[2][2] = cp;
    if (l->anchor == FXL_ANCHOR_EMITTER)
        f[0] += L;
    for (j = 0; j < 3; j++)
        for (i = 0, g[j] = 0; i < 3; i++)
            g[j] += p[i][j] * f[i];
    s.c.x = (fix16_t)(l->pos.x + g[0]);
    s.c.y = (fix16_t)(l->pos.y + g[1]);
    s.c.z = (fix16_t)(l->pos.z + g[2]);
    s.r = (fix16_t)R;
    return s;
}

static void property(fxl_laser3d_kind kind, const char *name)
{
    fxlt_rng rng = fxlt_rng_for(name);
    fxlt_tally t = FXLT_TALLY_ZERO;
    uint32_t i, n = FXLT_CASES(1000000), built = 0, built_bad = 0;
    fxl_laser3d l = l3(kind, 0, 0, 0, 0, 0, 0, 0);
    fxl_laser3d_prep p;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    for (i = 0; i < n; i++) {
        bool near = (i & 1) != 0;
        fxl_sphere s;
        double reach, margin;
        if ((i & 15) == 0) {
            bool extreme = fxlt_below(&rng, 8) == 0;
            l.kind = kind;
            l.anchor = (fxl_laser_anchor)fxlt_below(&rng, 2);
            l.pos.x = fxlt_range(&rng, extreme ? -FXL_COORD3_MAX : PX(-300), extreme ? FXL_COORD3_MAX : PX(300));
            l.pos.y = fxlt_range(&rng, extreme ? -FXL_COORD3_MAX : PX(-300), extreme ? FXL_COORD3_MAX : PX(300));
            l.pos.z = fxlt_range(&rng, extreme ? -FXL_COORD3_MAX : PX(-300), extreme ? FXL_COORD3_MAX : PX(300));
            l.yaw = (fxl_angle)fxlt_below(&rng, 4096);
            l.pitch = (fxl_angle)fxlt_below(&rng, 4096);
            l.length = fxlt_range(&rng, 0, extreme ? FXL_SIZE3_MAX : PX(300));
            l.half_width = fxlt_range(&rng, 0, extreme ? FXL_SIZE3_MAX / 4 : PX(16));
            l.egg_k = fxlt_range(&rng, fix16_one / 16, fix16_one);
            CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        }
        if ((i & 7) == 7) {
            /* One case in eight built to touch exactly (or miss or overlap
             * by a raw unit), on its own laser. */
            fxl_laser3d e = l;
            fxl_laser3d_prep ep;
            bool want, exact;
            s = exact_touch3(&rng, &e, &want);
            CHECK_EQ(fxl_laser3d_prepare(&e, &ep), FXL_OK);
            margin = ref3(&e, s, &reach);
            exact = exact_laser3d_vs_sphere(&e, s);
            built++;
            built_bad += exact != want;
            tally_add(&t, fxl_laser3d_vs_sphere(&ep, s), margin, true, exact);
            continue;
        }
        {
            /* A centre within the beam's reach plus 40 px, per axis. */
            fix16_t span = (fix16_t)(l.length / 2 + l.half_width) + PX(40);
            int64_t cx = (int64_t)l.pos.x + fxlt_range(&rng, -span, span);
            int64_t cy = (int64_t)l.pos.y + fxlt_range(&rng, -span, span);
            int64_t cz = (int64_t)l.pos.z + fxlt_range(&rng, -span, span);
            cx = cx > FXL_COORD3_MAX ? FXL_COORD3_MAX : cx < -FXL_COORD3_MAX ? -FXL_COORD3_MAX : cx;
            cy = cy > FXL_COORD3_MAX ? FXL_COORD3_MAX : cy < -FXL_COORD3_MAX ? -FXL_COORD3_MAX : cy;
            cz = cz > FXL_COORD3_MAX ? FXL_COORD3_MAX : cz < -FXL_COORD3_MAX ? -FXL_COORD3_MAX : cz;
            s.c.x = (fix16_t)cx, s.c.y = (fix16_t)cy, s.c.z = (fix16_t)cz;
        }
        s.r = 0;
        ref3(&l, s, &reach);
        if (near) {
            double raw = floor(reach * 65536.0 + 0.5) + (double)fxlt_range(&rng, -3, 3);
            s.r = raw < 0.0 ? 0 : raw > (double)FXL_SIZE3_MAX ? FXL_SIZE3_MAX : (fix16_t)raw;
        } else {
            s.r = fxlt_range(&rng, 0, PX(24));
        }
        margin = ref3(&l, s, &reach);
        tally_add(&t, fxl_laser3d_vs_sphere(&p, s), margin, near,
                  tally_close(margin) && exact_laser3d_vs_sphere(&l, s));
    }
    tally_report(name, &t);
    fxlt_printf("    %s: %u built to touch exactly or by one raw unit (%u where the exact "
                "reference disagrees with the construction), %u faults\n",
                name, built, built_bad, exact_faults());
    CHECK_EQ(built_bad, 0);
    CHECK_EQ(exact_faults(), 0);
}

static void box_property(void)
{
    property(FXL_LASER3D_BOX, "3D box laser vs sphere");
}

static void cylinder_property(void)
{
    property(FXL_LASER3D_CYLINDER, "3D cylinder laser vs sphere");
}

static void egg_property(void)
{
    property(FXL_LASER3D_EGG, "3D egg laser vs sphere");
}

/* Issue 14's repros: a sphere outside the domain (the checked build says
 * so; no overflow), an unknown anchor's code, and drawing points of any
 * int32 length and width (rounded where they fit, saturated beyond). */
static void issue14_repros(void)
{
    uint32_t seen;
    fxl_laser3d l = l3(FXL_LASER3D_CYLINDER, PX(10), PX(20), PX(30), 100, 200, PX(50), PX(3));
    fxl_laser3d_prep p;
    fxl_sphere s;
    fxl_vec3 c[8], a, b;
    int k;

    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
    seen = fxlt_asserts_seen();
    fxlt_expect_asserts(true);
    for (k = 0; k < 3; k++) {
        l.kind = (fxl_laser3d_kind)k;
        CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_OK);
        s.c.x = INT32_MIN, s.c.y = PX(20), s.c.z = PX(30), s.r = PX(1);
        CHECK(!fxl_laser3d_vs_sphere(&p, s)); /* clamped: 2048 px away */
        s.c.x = INT32_MAX, s.c.y = INT32_MIN, s.c.z = INT32_MAX, s.r = INT32_MAX;
        (void)fxl_laser3d_vs_sphere(&p, s);
        s.r = INT32_MIN;
        (void)fxl_laser3d_vs_sphere(&p, s);
    }
    CHECK_EQ(fxlt_asserts_seen() - seen, 9);
    fxlt_expect_asserts(false);
    /* An empty batch, (NULL, 0), NULL hit_bits: no precondition broken. */
    CHECK_EQ(fxl_laser3d_vs_spheres(&p, NULL, 0, NULL), 0);
    CHECK_EQ(fxlt_asserts_seen() - seen, 9);

    l.anchor = (fxl_laser_anchor)7;
    CHECK_EQ(fxl_laser3d_prepare(&l, &p), FXL_ERR_ANCHOR);

    /* yaw 0, pitch 0: the beam along +x; a length and width of INT32_MAX */
    l = l3(FXL_LASER3D_BOX, PX(100), 0, PX(-100), 0, 0, INT32_MAX, INT32_MAX);
    l.anchor = FXL_ANCHOR_EMITTER;
    fxl_laser3d_ends(&l, &a, &b);
    CHECK(a.x == PX(100) && a.y == 0 && a.z == PX(-100));
    CHECK(b.x == INT32_MAX && b.y == 0 && b.z == PX(-100));
    fxl_laser3d_corners(&l, c);
    CHECK(c[0].x == PX(100) && c[0].y == -INT32_MAX && c[0].z == INT32_MIN);
    CHECK(c[7].x == INT32_MAX && c[7].y == INT32_MAX && c[7].z == INT32_MAX - PX(100));
    l.length = l.half_width = INT32_MIN; /* negative: defined, saturated */
    fxl_laser3d_corners(&l, c);
    CHECK(c[4].x == PX(100) + INT32_MIN && c[0].y == INT32_MAX && c[0].z == INT32_MAX - PX(100) + 1);
    l.length = 0x40000001, l.half_width = 0, l.pos.x = 0;
    fxl_laser3d_ends(&l, &a, &b);
    CHECK(b.x == 0x40000001 && b.y == 0 && b.z == PX(-100));
}

static const fxlt_case cases[] = {
    {"touching_exact", touching_exact},
    {"errors_and_drawing", errors_and_drawing},
    {"box_property", box_property},
    {"cylinder_property", cylinder_property},
    {"egg_property", egg_property},
    {"issue14_repros", issue14_repros},
};

const fxlt_suite fxlt_suite_laser3d = {"laser3d", cases, FXLT_COUNT(cases)};
