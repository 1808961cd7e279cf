/* fuzz_cast_aabb.c - libFuzzer harness of fxl_laser_cast_aabbs (cast.h,
 * issue 23): a laser with every field decoded and 0..8 boxes near its beam
 * or anywhere in int32. Invariants:
 *   - the result codes of fxl_laser_cast (NULL, fxl_laser_prepare's code,
 *     FXL_ERR_ANCHOR), FXL_ERR_KIND for FXL_CAST_WIDTH on a capsule laser;
 *   - a box laser's width stops no later than its centre line;
 *   - 0 <= length <= the laser's; wall -1 gives the whole length;
 *   - the reported box alone gives the same length and index 0; every box
 *     before it alone stops the beam later (or not at all) and every box
 *     after it no earlier;
 *   - a box holding the emitter stops the beam at length 0;
 *   - FXL_CAST_TWO_SIDED changes nothing;
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser l = fz_laser(&f);
    fxl_aabb b[8];
    fxl_cast out, o2;
    size_t n = fz_below(&f, 9), i;
    fxl_result r;
    for (i = 0; i < n; i++) {
        if (fz_flag(&f)) {
            fxl_vec2 p = fz_frame_point(l.pos, l.angle, fz_num(&f, FXL_SIZE_MAX, false),
                                        fz_num(&f, 64 << 16, false));
            int32_t w = fz_num(&f, 32 << 16, true), h = fz_num(&f, 32 << 16, true);
            b[i].lo = fxl_vec2_make(fz_wrap((int64_t)p.x - w), fz_wrap((int64_t)p.y - h));
            b[i].hi = fxl_vec2_make(fz_wrap((int64_t)p.x + w), fz_wrap((int64_t)p.y + h));
        } else {
            b[i].lo.x = fz_coord(&f);
            b[i].lo.y = fz_coord(&f);
            b[i].hi.x = fz_coord(&f);
            b[i].hi.y = fz_coord(&f);
        }
    }
    if (fz_flag(&f) && n > 0) { /* a box holding the emitter */
        b[0].lo = b[0].hi = l.pos;
    }
    r = fxl_laser_cast_aabbs(&l, b, n, 0, &out, NULL);
    {
        fxl_laser_prep lp;
        fxl_result want = fxl_laser_prepare(&l, &lp);
        if (want == FXL_OK && l.anchor != FXL_ANCHOR_EMITTER)
            want = FXL_ERR_ANCHOR;
        FZ_CHECK(r == want || (want != FXL_OK && r != FXL_OK));
    }
    FZ_CHECK(fxl_laser_cast_aabbs(NULL, b, n, 0, &o2, NULL) == FXL_ERR_NULL);
    if (r != FXL_OK)
        return 0;
    /* The drawn cross-section holds the centre line: it stops no later. */
    FZ_CHECK(fxl_laser_cast_aabbs(&l, b, n, FXL_CAST_WIDTH, &o2, NULL) == FXL_OK);
    FZ_CHECK(o2.length <= out.length && o2.wall >= -1 && o2.wall < (int32_t)n);
    if (o2.wall < 0)
        FZ_CHECK(o2.length == l.length && out.wall < 0);
    if (l.kind == FXL_LASER_CAPSULE) {
        /* The capsule (core [0, u], radius w) holds the rectangle [0, u] x
         * [-w, w] of the box laser of the same width: it stops no later. */
        fxl_laser box = l;
        fxl_cast o3;
        box.kind = FXL_LASER_BOX;
        FZ_CHECK(fxl_laser_cast_aabbs(&box, b, n, FXL_CAST_WIDTH, &o3, NULL) == FXL_OK);
        FZ_CHECK(o2.length <= o3.length);
    }
    FZ_CHECK(out.length >= 0 && out.length <= l.length && out.wall >= -1 && out.wall < (int32_t)n);
    if (out.wall < 0)
        FZ_CHECK(out.length == l.length);
    FZ_CHECK(fxl_laser_cast_aabbs(&l, b, n, FXL_CAST_TWO_SIDED, &o2, NULL) == FXL_OK &&
             o2.length == out.length && o2.wall == out.wall && o2.point.x == out.point.x &&
             o2.point.y == out.point.y);
    for (i = 0; i < n; i++) {
        FZ_CHECK(fxl_laser_cast_aabbs(&l, &b[i], 1, 0, &o2, NULL) == FXL_OK);
        if ((int32_t)i == out.wall)
            FZ_CHECK(o2.wall == 0 && o2.length == out.length);
        else if ((int32_t)i < out.wall)
            FZ_CHECK(o2.wall < 0 || o2.length >= out.length);
        else
            FZ_CHECK(o2.wall < 0 || o2.length >= out.length);
        if (fxl_aabb_check(b[i]) == FXL_OK && l.pos.x >= b[i].lo.x && l.pos.x <= b[i].hi.x &&
            l.pos.y >= b[i].lo.y && l.pos.y <= b[i].hi.y)
            FZ_CHECK(o2.wall == 0 && o2.length == 0);
    }
    return 0;
}
