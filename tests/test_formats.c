/* test_formats.c - fixlaser/formats.h (SGDK's and PSn00bSDK's fixed-point
 * formats and angles) against references written out here in int64_t
 * arithmetic: a product for the exact conversions into Q16.16, a division
 * corrected towards minus infinity for the floors out of it. */
#include "fixlaser.h"
#include "fixlaser/formats.h"
#include "harness.h"

/* floor(v / d), d > 0, by C's truncating division and a correction. */
static int64_t floor_div(int64_t v, int64_t d)
{
    int64_t q = v / d;
    return (v % d != 0 && v < 0) ? q - 1 : q;
}

/* Edge values every floor conversion is checked at, besides random ones. */
static const int32_t edges[] = {INT32_MIN, INT32_MIN + 1, -65537, -65536, -1025, -1024, -1023, -64, -17,
                                -16, -15, -1, 0, 1, 15, 16, 63, 64, 1023, 1024, 65535, 65536,
                                INT32_MAX - 1, INT32_MAX};

/* Q16.16 -> each format: the floor for every edge and FXLT_CASES(200000)
 * random int32 values; returns the number of wrong answers. */
static uint32_t floors_wrong(fxlt_rng *rng)
{
    uint32_t i, n = (uint32_t)FXLT_COUNT(edges) + FXLT_CASES(200000), bad = 0;
    for (i = 0; i < n; i++) {
        int32_t q = i < FXLT_COUNT(edges) ? edges[i] : (int32_t)(uint32_t)fxlt_next(rng);
        bad += FXL_TO_SGDK_FIX16(q) != floor_div(q, 1024);
        bad += FXL_TO_SGDK_FIX32(q) != floor_div(q, 64);
        bad += FXL_TO_PSX_FIXED(q) != floor_div(q, 16);
    }
    return bad;
}

/* SGDK fix16: every int16 value into Q16.16 exactly and back unchanged. */
static void sgdk_fix16_exhaustive(void)
{
    fxlt_rng rng = fxlt_rng_for("formats_floor");
    int32_t v;
    uint32_t bad = 0;
    for (v = INT16_MIN; v <= INT16_MAX; v++) {
        fix16_t q = FXL_FROM_SGDK_FIX16(v);
        bad += q != (int64_t)v * 1024;
        bad += FXL_TO_SGDK_FIX16(q) != v;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(floors_wrong(&rng), 0);
    /* 100.5 pixels: 6432 in 10.6, 100.5 * 65536 in Q16.16. */
    CHECK_EQ(FXL_FROM_SGDK_FIX16(6432), 6586368);
    CHECK_EQ(FXL_FROM_SGDK_FIX16(-64), -fix16_one);
}

/* SGDK fix32 (22.10) and PSn00bSDK (20.12): exact into Q16.16 below 32768.0
 * (every value at the ends of that range and random ones), back unchanged. */
static void fix32_and_psx_roundtrip(void)
{
    fxlt_rng rng = fxlt_rng_for("formats_fix32");
    uint32_t i, bad = 0;
    for (i = 0; i < 4u + FXLT_CASES(200000); i++) {
        int32_t a = i < 4 ? (int32_t[]){-(1 << 25), (1 << 25) - 1, 0, -1}[i]
                          : fxlt_range(&rng, -(1 << 25), (1 << 25) - 1);
        int32_t p = i < 4 ? (int32_t[]){-(1 << 27), (1 << 27) - 1, 0, -1}[i]
                          : fxlt_range(&rng, -(1 << 27), (1 << 27) - 1);
        bad += FXL_FROM_SGDK_FIX32(a) != (int64_t)a * 64;
        bad += FXL_TO_SGDK_FIX32(FXL_FROM_SGDK_FIX32(a)) != a;
        bad += FXL_FROM_PSX_FIXED(p) != (int64_t)p * 16;
        bad += FXL_TO_PSX_FIXED(FXL_FROM_PSX_FIXED(p)) != p;
    }
    CHECK_EQ(bad, 0);
    /* ONE (4096) is 1.0; SGDK's FIX32(1.0) is 1024. */
    CHECK_EQ(FXL_FROM_PSX_FIXED(4096), fix16_one);
    CHECK_EQ(FXL_FROM_SGDK_FIX32(1024), fix16_one);
    /* Out of range: wrapped, defined (test-san runs this under UBSan). */
    CHECK_EQ(FXL_FROM_SGDK_FIX32(INT32_MIN), 0);
    CHECK_EQ(FXL_FROM_PSX_FIXED(INT32_MAX), -16);
}

/* Angles: SGDK's 1024 steps read modulo 1024 and scaled by 4 (the same
 * sine), fixlaser's rounded down to SGDK's; every angle of three turns
 * either side of zero, and the int32 ends. */
static void sgdk_angles(void)
{
    int32_t a;
    uint32_t bad = 0;
    for (a = -3 * 4096; a < 3 * 4096; a++) {
        int64_t s = ((int64_t)a % 1024 + 1024) % 1024, f = ((int64_t)a % 4096 + 4096) % 4096;
        bad += FXL_FROM_SGDK_ANGLE(a) != s * 4;
        bad += fxl_sin(FXL_FROM_SGDK_ANGLE(a)) != fxl_sin(4 * a);
        bad += FXL_TO_SGDK_ANGLE(a) != floor_div(f, 4);
        bad += FXL_TO_SGDK_ANGLE(FXL_FROM_SGDK_ANGLE(a)) != s;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(FXL_FROM_SGDK_ANGLE(INT32_MIN), 0);
    CHECK_EQ(FXL_FROM_SGDK_ANGLE(INT32_MAX), 4092);
    CHECK_EQ(FXL_TO_SGDK_ANGLE(INT32_MIN), 0);
    CHECK_EQ(FXL_TO_SGDK_ANGLE(INT32_MAX), 1023);
    CHECK_EQ(FXL_TO_SGDK_ANGLE(FXL_ANGLE_QUARTER), 256);
}

static const fxlt_case cases[] = {
    {"sgdk_fix16_exhaustive", sgdk_fix16_exhaustive},
    {"fix32_and_psx_roundtrip", fix32_and_psx_roundtrip},
    {"sgdk_angles", sgdk_angles},
};

const fxlt_suite fxlt_suite_formats = {"formats", cases, FXLT_COUNT(cases)};
