/* fuzz_cast.c - libFuzzer harness of cast.h. A laser (any field, any
 * int32) cast and bounced against up to 8 walls placed near it or
 * anywhere, one- or two-sided, centre line or width. Invariants:
 *   - fxl_laser_cast refuses what fxl_laser_prepare refuses (same code),
 *     a centre-anchored laser (FXL_ERR_ANCHOR), and otherwise returns
 *     FXL_OK with 0 <= length <= the laser's length, wall -1 exactly when
 *     the length is the whole laser's and no wall stopped it, and a
 *     clipped laser that fxl_laser_prepare accepts, of that length;
 *   - with half-width 0, FXL_CAST_WIDTH gives the centre line's answer;
 *   - fxl_laser_bounce: at most max_bounces + 1 legs, each starting where
 *     the one before ended, the first at the emitter with the first cast's
 *     length and wall; the legs' lengths add up to at most the laser's;
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

#define NW 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser l = fz_laser(&f), clipped;
    fxl_wall_prep walls[NW];
    fxl_bounce legs[8];
    fxl_cast out, centre;
    fxl_laser_prep lp;
    unsigned flags = fz_u8(&f) & 3u;
    uint32_t nw = fz_below(&f, NW + 1), m = 0, k;
    int bounces = (int)fz_below(&f, 7) - 1;
    size_t count = 0, i;
    fxl_result want, got;
    int64_t sum = 0;
    for (k = 0; k < nw; k++) {
        fxl_wall w;
        if (fz_flag(&f)) { /* near the beam: a wall across it somewhere */
            int64_t u = fz_num(&f, 300 << 16, true), v = (int8_t)fz_u8(&f) * 65536;
            w.a = fz_frame_point(l.pos, l.angle, u, v);
            w.b = fz_frame_point(l.pos, l.angle, u + (int8_t)fz_u8(&f) * 65536, -v + (int8_t)fz_u8(&f));
        } else {
            w.a = fxl_vec2_make(fz_coord(&f), fz_coord(&f));
            w.b = fxl_vec2_make(fz_coord(&f), fz_coord(&f));
        }
        if (fxl_wall_prepare(&w, &walls[m]) == FXL_OK)
            m++;
    }
    want = fxl_laser_prepare(&l, &lp);
    if (want == FXL_OK && l.anchor != FXL_ANCHOR_EMITTER)
        want = FXL_ERR_ANCHOR;
    got = fxl_laser_cast(&l, walls, m, flags, &out, &clipped);
    FZ_CHECK(got == want || (want != FXL_OK && got != FXL_OK));
    if (got != FXL_OK)
        return 0;
    FZ_CHECK(want == FXL_OK);
    FZ_CHECK(out.length >= 0 && out.length <= l.length);
    FZ_CHECK(out.wall >= -1 && out.wall < (int32_t)m);
    if (out.wall == -1)
        FZ_CHECK(out.length == l.length);
    FZ_CHECK(clipped.length == out.length && fxl_laser_prepare(&clipped, &lp) == FXL_OK);
    if (l.half_width == 0 && (flags & FXL_CAST_WIDTH) != 0) {
        FZ_CHECK(fxl_laser_cast(&l, walls, m, flags & ~FXL_CAST_WIDTH, &centre, NULL) == FXL_OK);
        FZ_CHECK(centre.length == out.length);
    }
    flags &= ~FXL_CAST_WIDTH;
    FZ_CHECK(fxl_laser_cast(&l, walls, m, flags, &centre, NULL) == FXL_OK);
    got = fxl_laser_bounce(&l, walls, m, flags, bounces, legs, 8, &count);
    FZ_CHECK(got == FXL_OK);
    FZ_CHECK(count >= 1 && count <= (size_t)(bounces < 0 ? 0 : bounces) + 1u);
    FZ_CHECK(legs[0].start.x == l.pos.x && legs[0].start.y == l.pos.y);
    FZ_CHECK(legs[0].length == centre.length && legs[0].wall == centre.wall);
    for (i = 0; i < count; i++) {
        FZ_CHECK(legs[i].length >= 0);
        sum += legs[i].length;
        if (i > 0)
            FZ_CHECK(legs[i].start.x == legs[i - 1].end.x && legs[i].start.y == legs[i - 1].end.y);
    }
    FZ_CHECK(sum <= l.length);
    return 0;
}
