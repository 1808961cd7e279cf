/* test_laser3d.c - 3D box, cylinder and egg lasers against spheres: exact
 * touching cases, errors, drawing points, and property tests against a
 * double reference that finds the closest point of the shape instead. */
#include <math.h>

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
    l.anchor = FXL_ANCHOR_ORIGIN;
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
    if (l->anchor == FXL_ANCHOR_ORIGIN)
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

static void property(fxl_laser3d_kind kind, const char *name)
{
    fxlt_rng rng = fxlt_rng_for(name);
    fxlt_tally t = {0, 0, 0, 0, 0};
    uint32_t i, n = FXLT_CASES(1000000);
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
        tally_add(&t, fxl_laser3d_vs_sphere(&p, s), margin, near);
    }
    tally_report(name, &t);
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

static const fxlt_case cases[] = {
    {"touching_exact", touching_exact},
    {"errors_and_drawing", errors_and_drawing},
    {"box_property", box_property},
    {"cylinder_property", cylinder_property},
    {"egg_property", egg_property},
};

const fxlt_suite fxlt_suite_laser3d = {"laser3d", cases, FXLT_COUNT(cases)};
