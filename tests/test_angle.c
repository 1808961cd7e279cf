/* test_angle.c - the sine table, angle arithmetic, atan2, conversions. */
#include <math.h>

#include "exact.h"
#include "harness.h"
#include "ref.h"

static void sin_table_exact(void)
{
    int k;
    for (k = 0; k < 4096; k++) {
        CHECK_EQ(fxl_sin(k), (fix16_t)ref_sin_q16(k));
        CHECK_EQ(fxl_cos(k), (fix16_t)ref_cos_q16(k));
    }
}

static void sin_wraps_any_int32(void)
{
    static const int32_t big[] = {4096, -1, -4096, 123456789, -123456789, INT32_MAX, INT32_MIN};
    size_t i;
    for (i = 0; i < FXLT_COUNT(big); i++) {
        CHECK_EQ(fxl_sin(big[i]), fxl_sin((fxl_angle)((uint32_t)big[i] & 4095u)));
        CHECK_EQ(fxl_cos(big[i]), fxl_cos((fxl_angle)((uint32_t)big[i] & 4095u)));
    }
}

static void sin_cardinal_points(void)
{
    CHECK_EQ(fxl_sin(0), 0);
    CHECK_EQ(fxl_sin(1024), 65536);
    CHECK_EQ(fxl_sin(2048), 0);
    CHECK_EQ(fxl_sin(3072), -65536);
    CHECK_EQ(fxl_cos(0), 65536);
    CHECK_EQ(fxl_cos(1024), 0);
    CHECK_EQ(fxl_cos(2048), -65536);
    CHECK_EQ(fxl_cos(3072), 0);
    CHECK_EQ(fxl_sin(512), 46341); /* round(65536 / sqrt 2) */
    CHECK_EQ(fxl_dir(1024).y, 65536);
}

/* The laser bounding boxes assume the table's vectors have length 1 within
 * 2^-15 (relative, squared): check it for every angle. */
static void table_vector_norm(void)
{
    int k;
    for (k = 0; k < 4096; k++) {
        int64_t c = fxl_cos(k), s = fxl_sin(k);
        int64_t d = ((int64_t)1 << 32) - (c * c + s * s);
        CHECK((d < 0 ? -d : d) <= ((int64_t)1 << 17));
    }
}

static void angle_diff_exhaustive(void)
{
    int to, from, step = FXLT_PROPERTY_DIVISOR > 1 ? 61 : 1;
    for (to = 0; to < 4096; to += step) {
        for (from = 0; from < 4096; from++) {
            int want = (to - from) % 4096;
            if (want < -2048)
                want += 4096;
            if (want >= 2048)
                want -= 4096;
            if (want < -2048)
                want += 4096;
            if (fxl_angle_diff(to, from) != want)
                CHECK_EQ(fxl_angle_diff(to, from), want);
        }
    }
    CHECK_EQ(fxl_angle_diff(0, 2048), -2048);
    CHECK_EQ(fxl_angle_diff(2048, 0), -2048);
    CHECK_EQ(fxl_angle_diff(1, 4095), 2);
    CHECK_EQ(fxl_angle_diff(4095, 1), -2);
    CHECK_EQ(fxl_angle_diff(INT32_MAX, INT32_MIN), -1);
}

/* Vectors whose direction is within ATAN_BAND steps of a half-step
 * boundary by libm are decided by the exact reference (exact.h). The core
 * documents its fallback's error as below 1e-11 turn (angle.h): a
 * disagreement closer than that to a boundary is allowed and counted apart;
 * any other fails. */
#define ATAN_BAND 1e-6
#define ATAN_DOC_STEPS (1e-11 * 4096.0)

static unsigned atan_exact, atan_ties, atan_doc, atan_doc_other;
static double atan_other_max; /* the farthest from a boundary of those, in steps */

static void atan2_point(int64_t y, int64_t x, unsigned *bad)
{
    double tie, gap = 1.0;
    int want = ref_atan2_step((double)y, (double)x, &tie);
    int got = fxl_atan2((fix16_t)y, (fix16_t)x);
    if (tie < ATAN_BAND) {
        atan_exact++;
        atan_ties += tie < 1e-9;
        want = exact_atan2(y, x, &gap);
        if (gap < ATAN_DOC_STEPS) {
            atan_doc++;
            if (got != want && atan_doc_other++ < 3)
                fxlt_printf("    atan2(%lld, %lld) = %d, nearest %d (%u e-12 step from the "
                            "boundary: within the documented error)\n", (long long)y,
                            (long long)x, got, want, (unsigned)(gap * 1e12));
            if (got != want) {
                atan_other_max = gap > atan_other_max ? gap : atan_other_max;
                return;
            }
        }
    }
    if (got != want) {
        if (*bad < 3)
            fxlt_printf("    atan2(%lld, %lld) = %d, want %d\n", (long long)y, (long long)x, got,
                        want);
        ++*bad;
    }
}

static void atan_counts_reset(void)
{
    atan_exact = atan_ties = atan_doc = atan_doc_other = 0;
    atan_other_max = 0.0;
}

static void atan_counts_report(const char *what, unsigned points, unsigned bad)
{
    fxlt_printf("    atan2 %s: %u vectors, %u wrong; %u decided exactly (within 1e-6 step of a "
                "boundary, %u within 1e-9)\n", what, points, bad, atan_exact, atan_ties);
    fxlt_printf("    atan2 %s: %u within the documented 1e-11 turn of a boundary, %u of them "
                "rounded the other way (up to %u e-12 step = %u e-16 turn from it)\n", what,
                atan_doc, atan_doc_other, (unsigned)(atan_other_max * 1e12 + 0.5),
                (unsigned)(atan_other_max / 4096.0 * 1e16 + 0.5));
    CHECK_EQ(bad, 0);
    CHECK_EQ(exact_faults(), 0);
}

/* Every vector of a square grid, at several scales up to the full range. */
static void atan2_grid_exhaustive(void)
{
    static const int64_t scales[] = {1, 65536, 1 << 22, 8388607};
    const int64_t n = FXLT_PROPERTY_DIVISOR > 1 ? 24 : 256;
    unsigned bad = 0, points = 0;
    size_t s;
    int64_t x, y;

    atan_counts_reset();
    for (s = 0; s < FXLT_COUNT(scales); s++) {
        for (y = -n; y <= n; y++) {
            for (x = -n; x <= n; x++) {
                if (x == 0 && y == 0)
                    continue;
                atan2_point(y * scales[s], x * scales[s], &bad);
                points++;
            }
        }
    }
    atan_counts_report("grid", points, bad);
    CHECK_EQ(fxl_atan2(0, 0), 0);
    CHECK_EQ(fxl_atan2(0, 1), 0);
    CHECK_EQ(fxl_atan2(1, 0), 1024);
    CHECK_EQ(fxl_atan2(0, -1), 2048);
    CHECK_EQ(fxl_atan2(-1, 0), 3072);
    CHECK_EQ(fxl_atan2(INT32_MIN, INT32_MIN), 2560);
    CHECK_EQ(fxl_atan2(INT32_MAX, INT32_MAX), 512);
}

/* The table's own direction vectors come back as their own step. */
static void atan2_inverts_table(void)
{
    int k;
    for (k = 0; k < 4096; k++)
        CHECK_EQ(fxl_atan2(fxl_sin(k) * 256, fxl_cos(k) * 256), k);
}

static void atan2_random(void)
{
    fxlt_rng rng = fxlt_rng_for("atan2_random");
    uint32_t i, n = FXLT_CASES(1000000);
    unsigned bad = 0;
    atan_counts_reset();
    for (i = 0; i < n; i++) {
        int64_t y = (int32_t)(uint32_t)fxlt_next(&rng), x = (int32_t)(uint32_t)fxlt_next(&rng);
        int shift = (int)fxlt_below(&rng, 31);
        y >>= shift; /* arithmetic on the host and the target alike */
        x >>= shift;
        if (x == 0 && y == 0)
            continue;
        atan2_point(y, x, &bad);
    }
    atan_counts_report("random", (unsigned)n, bad);
}

/* fxl_atan2 decides by comparing small / big with the tangent of each step
 * boundary (m + 1/2 steps) from a table, and leaves ratios within 2^-29 of
 * one to its CORDIC. Vectors just either side of every boundary, at scales
 * from 1 to 2^31 (INT32_MIN), in all eight octants, go through both paths:
 * at big >= 2^30 the nearest integer small is within 2^-31 of the tangent. */
static void atan2_octant_vectors(int64_t big, int64_t small, unsigned *bad, unsigned *points)
{
    int o;
    for (o = 0; o < 8; o++) {
        int64_t x = (o & 4) ? small : big, y = (o & 4) ? big : small;
        if (o & 1)
            x = -x;
        if (o & 2)
            y = -y;
        if (x > INT32_MAX || y > INT32_MAX || (x == 0 && y == 0))
            continue; /* +2^31 is not an int32 (-2^31 is) */
        atan2_point(y, x, bad);
        ++*points;
    }
}

static void atan2_boundaries(void)
{
    static const int64_t bigs[] = {(int64_t)1 << 31, INT32_MAX, INT32_MAX - 12345, (int64_t)3 << 29,
                                   (int64_t)1 << 30, ((int64_t)1 << 24) + 1, 200 * 65536 + 7,
                                   65536, 1000, 47, 1};
    const int stride = FXLT_PROPERTY_DIVISOR > 1 ? 37 : 1;
    const double pi = 3.14159265358979323846;
    unsigned bad = 0, points = 0;
    size_t i;
    int m;

    atan_counts_reset();
    for (m = 0; m < 512; m += stride) {
        double t = tan(2.0 * pi * (m + 0.5) / 4096.0);
        for (i = 0; i < FXLT_COUNT(bigs); i++) {
            int64_t s0 = (int64_t)floor(t * (double)bigs[i]), d;
            for (d = -1; d <= 2; d++)
                if (s0 + d >= 0 && s0 + d <= bigs[i])
                    atan2_octant_vectors(bigs[i], s0 + d, &bad, &points);
        }
    }
    /* The axes, the diagonals and the extremes. */
    for (i = 0; i < FXLT_COUNT(bigs); i++) {
        atan2_octant_vectors(bigs[i], 0, &bad, &points);
        atan2_octant_vectors(bigs[i], bigs[i], &bad, &points);
        atan2_octant_vectors(bigs[i], 1, &bad, &points);
        atan2_octant_vectors(bigs[i], bigs[i] - 1, &bad, &points);
    }
    atan_counts_report("boundaries", points, bad);
    CHECK_EQ(fxl_atan2(INT32_MIN, 0), 3072);
    CHECK_EQ(fxl_atan2(0, INT32_MIN), 2048);
    CHECK_EQ(fxl_atan2(INT32_MIN, INT32_MAX), 3584);
    CHECK_EQ(fxl_atan2(INT32_MAX, INT32_MIN), 1536);
    CHECK_EQ(fxl_atan2(INT32_MIN, 1), 3072);
    CHECK_EQ(fxl_atan2(1, INT32_MIN), 2048);
    CHECK_EQ(fxl_atan2(-1, INT32_MAX), 0);
    CHECK_EQ(fxl_atan2(INT32_MAX, -1), 1024);
    CHECK_EQ(fxl_atan2(-1, -1), 2560);
    CHECK_EQ(fxl_atan2(1, -1), 1536);
    CHECK_EQ(fxl_atan2(-1, 1), 3584);
}

/* The exact reference's boundaries agree with libm's cosines and sines. */
static void atan2_exact_reference(void)
{
    const double pi = 3.14159265358979323846;
    int j, step = FXLT_PROPERTY_DIVISOR > 1 ? 37 : 1;
    double worst = 0.0;
    for (j = 0; j < 4096; j += step) {
        double c, s, e;
        exact_boundary(j, &c, &s);
        e = fabs(c - cos(2.0 * pi * (j + 0.5) / 4096.0)) + fabs(s - sin(2.0 * pi * (j + 0.5) / 4096.0));
        worst = e > worst ? e : worst;
    }
    fxlt_printf("    exact boundaries against libm: within %u e-18\n", (unsigned)(worst * 1e18));
    CHECK(worst < 1e-15);
    CHECK_EQ(exact_faults(), 0);
}

/* The lattice vectors nearest to each boundary: the convergents q / p of
 * the continued fraction of its tangent (from libm; past ~2^26 they are
 * the double's, still within ~1e-16 of the boundary), as they are and
 * scaled up to 2^31, in all eight octants. */
static void atan2_nearest_lattice(void)
{
    const double pi = 3.14159265358979323846;
    const int stride = FXLT_PROPERTY_DIVISOR > 1 ? 37 : 1;
    unsigned bad = 0, points = 0;
    int m;
    atan_counts_reset();
    for (m = 0; m < 512; m += stride) {
        double x = tan(2.0 * pi * (m + 0.5) / 4096.0);
        int64_t h1 = 1, h2 = 0, k1 = 0, k2 = 1;
        int i;
        for (i = 0; i < 40; i++) {
            double a = floor(x);
            int64_t h, k;
            if (a > 2147483648.0)
                break;
            h = (int64_t)a * h1 + h2, k = (int64_t)a * k1 + k2;
            if (k > INT32_MAX)
                break;
            h2 = h1, h1 = h, k2 = k1, k1 = k;
            if (h > 0 && h <= k) {
                int64_t scale = ((int64_t)1 << 31) / k;
                atan2_octant_vectors(k, h, &bad, &points);
                if (scale > 1)
                    atan2_octant_vectors(k * scale, h * scale, &bad, &points);
            }
            if (x - a < 1e-300)
                break;
            x = 1.0 / (x - a);
        }
    }
    atan_counts_report("nearest lattice", points, bad);
}

static void degrees(void)
{
    int k;
    int64_t d, stride = FXLT_PROPERTY_DIVISOR > 1 ? 9973 : 7;
    for (k = 0; k < 4096; k++)
        CHECK_EQ(fxl_angle_to_deg(k), (fix16_t)k * 5760);
    CHECK_EQ(fxl_angle_to_deg(-1), 4095 * 5760);
    for (d = -(int64_t)400 * 65536; d <= (int64_t)400 * 65536; d += stride) {
        int want = (int)llround((double)d / 5760.0) & 4095;
        if (fxl_angle_from_deg((fix16_t)d) != want)
            CHECK_EQ(fxl_angle_from_deg((fix16_t)d), want);
    }
    CHECK_EQ(fxl_angle_from_deg(fix16_from_int(90)), 1024);
    CHECK_EQ(fxl_angle_from_deg(fix16_from_int(-90)), 3072);
    CHECK_EQ(fxl_angle_from_deg(2880), 1);  /* half a step: away from zero */
    CHECK_EQ(fxl_angle_from_deg(2879), 0);
    CHECK_EQ(fxl_angle_from_deg(-2880), 4095);
    CHECK_EQ(fxl_angle_from_deg(INT32_MIN), fxl_angle_from_deg(INT32_MIN + 1));
}

static void radians(void)
{
    fxlt_rng rng = fxlt_rng_for("radians");
    const double step = 2.0 * 3.14159265358979323846 / 4096.0;
    uint32_t i, n = FXLT_CASES(200000);
    int k;
    for (k = 0; k < 4096; k++)
        CHECK_EQ(fxl_angle_to_rad(k), (fix16_t)floor((double)k * step * 65536.0 + 0.5));
    for (i = 0; i < n; i++) {
        fix16_t r = (fix16_t)(uint32_t)fxlt_next(&rng);
        double steps = (double)r / 65536.0 / step;
        if (fabs(fabs(steps - floor(steps)) - 0.5) < 1e-6)
            continue; /* within the documented error of a half step */
        CHECK_EQ(fxl_angle_from_rad(r), (int)((int64_t)floor(steps + 0.5) & 4095));
    }
    CHECK_EQ(fxl_angle_from_rad(fix16_pi), 2048);
    CHECK_EQ(fxl_angle_from_rad(-fix16_pi / 2), 3072);
}

static const fxlt_case cases[] = {
    {"sin_table_exact", sin_table_exact},
    {"sin_wraps_any_int32", sin_wraps_any_int32},
    {"sin_cardinal_points", sin_cardinal_points},
    {"table_vector_norm", table_vector_norm},
    {"angle_diff_exhaustive", angle_diff_exhaustive},
    {"atan2_grid_exhaustive", atan2_grid_exhaustive},
    {"atan2_inverts_table", atan2_inverts_table},
    {"atan2_random", atan2_random},
    {"atan2_boundaries", atan2_boundaries},
    {"atan2_exact_reference", atan2_exact_reference},
    {"atan2_nearest_lattice", atan2_nearest_lattice},
    {"degrees", degrees},
    {"radians", radians},
};

const fxlt_suite fxlt_suite_angle = {"angle", cases, FXLT_COUNT(cases)};
