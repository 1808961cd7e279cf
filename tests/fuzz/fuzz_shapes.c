/* fuzz_shapes.c - libFuzzer harness of shapes.h, angle.h and the domain
 * checks of base.h: circles, points and boxes (any int32), up to 40
 * circles against one, and angles and vectors. Invariants:
 *   - fxl_circle_check and fxl_aabb_check accept exactly base.h's domain
 *     and name a broken limit; fxl_result_name names every code;
 *   - fxl_circle_vs_circle (both orders), fxl_circle_vs_point,
 *     fxl_aabb_vs_circle and fxl_aabb_vs_aabb (both orders) equal exact
 *     128-bit references for every input in the domain (any other input
 *     runs free of undefined behaviour);
 *   - batch == single: fxl_circles_vs_circle's bits and count;
 *   - fxl_sin is round(65536 sin) of the true angle (long double), for any
 *     int32 angle (read & 4095); fxl_cos(a) = fxl_sin(a + 1024); fxl_dir;
 *   - fxl_angle_diff is the turn in -2048..2047 that takes from to to;
 *   - fxl_atan2 is the nearest step of the true direction (within the
 *     header's 1e-11 turn near a half step), 0 for (0, 0);
 *   - degree and radian conversions: exact (degrees) or nearest within
 *     the header's error (radians). */
#include <math.h>

#include "fuzz.h"

#define NC 40

static fxl_circle fz_circle(fz *f)
{
    fxl_circle c;
    c.c.x = fz_coord(f);
    c.c.y = fz_coord(f);
    c.r = fz_size(f);
    return c;
}

/* A circle near c: touching give or take a few raw units, or anywhere. */
static fxl_circle fz_circle_by(fz *f, fxl_circle c)
{
    fxl_circle d = fz_circle(f);
    if (fz_flag(f)) {
        fxl_angle k = fz_angle(f);
        int64_t t = (int64_t)c.r + d.r;
        d.c.x = fz_wrap(c.c.x + t * fxl_cos(k) / 65536 + (int8_t)fz_u8(f) / 16);
        d.c.y = fz_wrap(c.c.y + t * fxl_sin(k) / 65536 + (int8_t)fz_u8(f) / 16);
    }
    return d;
}

static fxl_aabb fz_box(fz *f)
{
    fxl_aabb b;
    b.lo.x = fz_coord(f);
    b.lo.y = fz_coord(f);
    if (fz_flag(f)) {
        b.hi.x = fz_wrap((int64_t)b.lo.x + fz_size(f));
        b.hi.y = fz_wrap((int64_t)b.lo.y + fz_size(f));
    } else {
        b.hi.x = fz_coord(f);
        b.hi.y = fz_coord(f);
    }
    return b;
}

static bool ref_circles(fxl_circle a, fxl_circle b)
{
    fz_i128 dx = (fz_i128)a.c.x - b.c.x, dy = (fz_i128)a.c.y - b.c.y, t = (fz_i128)a.r + b.r;
    return dx * dx + dy * dy <= t * t;
}

static bool ref_box_circle(fxl_aabb b, fxl_circle c)
{
    fz_i128 ex = fz_beyond(c.c.x, b.lo.x, b.hi.x), ey = fz_beyond(c.c.y, b.lo.y, b.hi.y);
    return ex * ex + ey * ey <= (fz_i128)c.r * c.r;
}

static bool ref_boxes(fxl_aabb a, fxl_aabb b)
{
    return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
}

static fz_codes box_codes(fxl_aabb b)
{
    fz_codes c = 0;
    if (!fz_coord_ok(b.lo.x) || !fz_coord_ok(b.lo.y) || !fz_coord_ok(b.hi.x) || !fz_coord_ok(b.hi.y))
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    if (b.hi.x < b.lo.x || b.hi.y < b.lo.y)
        c |= FZ_CODE(FXL_ERR_BOX_INVERTED);
    return c;
}

static void shapes(fz *f)
{
    fxl_circle player = fz_circle(f), circles[NC];
    fxl_aabb a = fz_box(f), b = fz_box(f);
    uint32_t bits[NC / 32 + 3];
    bool hit[NC];
    size_t n = fz_below(f, NC + 1), i, hits = 0;
    bool ok_a, ok_b, ok_p = fz_circle_codes(player) == 0;

    fz_check_result(fxl_circle_check(player), fz_circle_codes(player));
    fz_check_result(fxl_aabb_check(a), box_codes(a));
    fz_check_result(fxl_aabb_check(b), box_codes(b));
    ok_a = box_codes(a) == 0;
    ok_b = box_codes(b) == 0;
    FZ_CHECK(fxl_aabb_vs_aabb(a, b) == ref_boxes(a, b)); /* comparisons only: any int32 */
    FZ_CHECK(fxl_aabb_vs_aabb(b, a) == ref_boxes(a, b));
    FZ_CHECK(fxl_aabb_vs_circle(a, player) == ref_box_circle(a, player) || !ok_a || !ok_p);
    FZ_CHECK(fxl_circle_vs_point(player, b.lo) == ref_circles(player, fxl_circle_make(b.lo.x, b.lo.y, 0)) || !ok_p ||
             !fz_coord_ok(b.lo.x) || !fz_coord_ok(b.lo.y));
    (void)ok_b;

    for (i = 0; i < n; i++) {
        bool h, want;
        circles[i] = fz_circle_by(f, player);
        h = fxl_circle_vs_circle(circles[i], player);
        FZ_CHECK(fxl_circle_vs_circle(player, circles[i]) == h);
        (void)fxl_aabb_vs_circle(a, circles[i]);
        if (!ok_p || fz_circle_codes(circles[i]) != 0)
            continue;
        want = ref_circles(circles[i], player);
        FZ_CHECK(h == want);
        if (ok_a)
            FZ_CHECK(fxl_aabb_vs_circle(a, circles[i]) == ref_box_circle(a, circles[i]));
    }
    (void)fxl_circles_vs_circle(circles, n, player, NULL); /* any circles */
    FZ_CHECK(fxl_circles_vs_circle(NULL, 0, player, NULL) == 0); /* (NULL, 0): no NULL + 0 */
    if (!ok_p)
        return;
    /* batch == single over the circles in the domain */
    for (i = 0; i < n;)
        if (fz_circle_codes(circles[i]) != 0)
            circles[i] = circles[--n];
        else
            hits += fxl_circle_vs_circle(circles[i++], player);
    for (i = 0; i < n; i++)
        hit[i] = fxl_circle_vs_circle(circles[i], player);
    memset(bits, 0xA5, sizeof bits);
    fz_check_bits(fxl_circles_vs_circle(circles, n, player, bits), bits, NC / 32 + 3, hit, n);
    FZ_CHECK(fxl_circles_vs_circle(circles, n, player, NULL) == hits);
}

/* Steps from want to got around the circle (4096 per turn), as a real. */
static long double circ_gap(long double got, long double want)
{
    long double d = fmodl(got - want, 4096.0L);
    if (d < 0)
        d += 4096.0L;
    return d > 2048.0L ? 4096.0L - d : d;
}

static void angles(fz *f)
{
    const long double tau = 6.283185307179586476925286766559L;
    fxl_angle a = fz_angle(f), b = fz_angle(f), d;
    fix16_t x = fz_coord(f), y = fz_coord(f), deg = (fix16_t)fz_u32(f), rad = fz_num(f, 411775, false);
    fxl_vec2 v = fxl_dir(a);
    long double s = sinl(tau * (long double)((uint32_t)a & 4095u) / 4096.0L) * 65536.0L;
    int64_t m;

    if (fz_flag(f))
        x = (fix16_t)fz_u32(f), y = (fix16_t)fz_u32(f); /* any int32 */
    FZ_CHECK(fabsl((long double)fxl_sin(a) - s) <= 0.5L + 1e-9L);
    FZ_CHECK(fxl_sin(a) == fxl_sin((fxl_angle)((uint32_t)a & 4095u)));
    FZ_CHECK(fxl_cos(a) == fxl_sin(fz_wrap((int64_t)a + 1024)));
    FZ_CHECK(v.x == fxl_cos(a) && v.y == fxl_sin(a));

    d = fxl_angle_diff(b, a);
    FZ_CHECK(d >= -2048 && d <= 2047 && (((uint32_t)a + (uint32_t)d - (uint32_t)b) & 4095u) == 0);

    d = fxl_atan2(y, x);
    FZ_CHECK(d >= 0 && d <= 4095);
    if (x == 0 && y == 0) {
        FZ_CHECK(d == 0);
    } else {
        long double t = atan2l((long double)y, (long double)x) * 4096.0L / tau;
        FZ_CHECK(circ_gap(d, t) <= 0.5L + 1e-7L);
    }

    /* degrees: the nearest step, ties away from zero, wrapped */
    m = deg < 0 ? -(int64_t)deg : deg;
    m = (m + 2880) / 5760;
    FZ_CHECK(fxl_angle_from_deg(deg) == (fxl_angle)((uint32_t)(deg < 0 ? -m : m) & 4095u));
    FZ_CHECK(fxl_angle_to_deg(a) == (fix16_t)(((uint32_t)a & 4095u) * 5760u));
    /* radians: within 2^-21 step of the nearest, and rounded back */
    d = fxl_angle_from_rad(rad);
    FZ_CHECK(d >= 0 && d <= 4095);
    FZ_CHECK(circ_gap(d, (long double)rad / 65536.0L * 4096.0L / tau) <= 0.5L + 1.0L / 1048576.0L);
    FZ_CHECK(fabsl((long double)fxl_angle_to_rad(a) - (long double)((uint32_t)a & 4095u) * tau / 4096.0L * 65536.0L) <=
             0.5L + 1e-9L);
    FZ_CHECK(strcmp(fxl_result_name((fxl_result)fz_below(f, FXL_ERR_COUNT_)), "FXL_ERR_UNKNOWN") != 0);
    FZ_CHECK(strcmp(fxl_result_name((fxl_result)(FXL_ERR_COUNT_ + fz_u8(f))), "FXL_ERR_UNKNOWN") == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    f = fz_start(data, size);
    angles(&f);
    shapes(&f);
    return 0;
}
