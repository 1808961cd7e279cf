/* fuzz_laser3d_moving.c - libFuzzer harness of fxl_laser3d_vs_moving_sphere
 * (issue 23): one 3D laser (any int32 in every field) and up to 8 spheres
 * moving from about the laser by small or any steps. Invariants:
 *   - any sphere and end, any laser fxl_laser3d_prepare accepts: no
 *     undefined behaviour;
 *   - a zero move is fxl_laser3d_vs_sphere; a hit at either end is a hit;
 *   - in the domain, a lattice point of the path (from + k step, the end
 *     being from + n step) that hits statically is a hit (any kind: the
 *     box's and egg's tests are exact, the cylinder's never misses);
 *   - batch == single. */
#include "fuzz.h"

#define NS 8

static bool in3(int64_t v)
{
    return v >= -FXL_COORD3_MAX && v <= FXL_COORD3_MAX;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser3d l;
    fxl_laser3d_prep lp;
    fxl_sphere from[NS];
    fxl_vec3 to[NS], step[NS];
    int32_t steps[NS];
    bool got[NS], ok[NS];
    uint32_t bits[1];
    size_t n = 1u + fz_below(&f, NS), i, hits = 0;
    l.kind = (fxl_laser3d_kind)fz_below(&f, 3);
    l.anchor = (fxl_laser_anchor)fz_below(&f, 2);
    l.pos.x = fz_num(&f, FXL_COORD3_MAX, false);
    l.pos.y = fz_num(&f, FXL_COORD3_MAX, false);
    l.pos.z = fz_num(&f, FXL_COORD3_MAX, false);
    l.yaw = (fxl_angle)fz_below(&f, 4096);
    l.pitch = fz_flag(&f) ? (fxl_angle)(fz_below(&f, 4) * 1024u) : (fxl_angle)fz_below(&f, 4096);
    l.length = fz_num(&f, FXL_SIZE3_MAX, true);
    l.half_width = fz_num(&f, FXL_SIZE3_MAX, true);
    l.egg_k = (fix16_t)fz_below(&f, 65537);
    if (fxl_laser3d_prepare(&l, &lp) != FXL_OK)
        return 0;
    for (i = 0; i < n; i++) {
        int64_t e[3], p[3], s[3];
        int k;
        uint32_t mode = fz_below(&f, 4);
        p[0] = l.pos.x, p[1] = l.pos.y, p[2] = l.pos.z;
        for (k = 0; k < 3; k++) {
            p[k] = mode == 0 ? (int64_t)(int32_t)fz_u32(&f)
                             : p[k] + (int64_t)(int32_t)fz_u32(&f) % ((int64_t)l.length + l.half_width + 65536);
            s[k] = mode == 3 ? (int64_t)(int32_t)fz_u32(&f) : (int64_t)(int32_t)fz_u32(&f) % 0x40000;
        }
        steps[i] = (int32_t)fz_below(&f, 9);
        for (k = 0; k < 3; k++)
            e[k] = p[k] + steps[i] * s[k];
        from[i].c.x = fz_wrap(p[0]), from[i].c.y = fz_wrap(p[1]), from[i].c.z = fz_wrap(p[2]);
        from[i].r = fz_flag(&f) ? (int32_t)fz_u32(&f) : (int32_t)(fz_u32(&f) % 0x200000);
        to[i].x = fz_wrap(e[0]), to[i].y = fz_wrap(e[1]), to[i].z = fz_wrap(e[2]);
        step[i].x = fz_wrap(s[0]), step[i].y = fz_wrap(s[1]), step[i].z = fz_wrap(s[2]);
        ok[i] = in3(p[0]) && in3(p[1]) && in3(p[2]) && in3(e[0]) && in3(e[1]) && in3(e[2]) &&
                from[i].r >= 0 && from[i].r <= FXL_SIZE3_MAX;
        got[i] = fxl_laser3d_vs_moving_sphere(&lp, from[i], to[i]);
        hits += got[i];
        if (ok[i]) {
            fxl_sphere q = from[i];
            FZ_CHECK(fxl_laser3d_vs_moving_sphere(&lp, q, q.c) == fxl_laser3d_vs_sphere(&lp, q));
            for (k = 0; k <= steps[i]; k++) {
                q.c.x = (fix16_t)(p[0] + k * s[0]), q.c.y = (fix16_t)(p[1] + k * s[1]);
                q.c.z = (fix16_t)(p[2] + k * s[2]);
                FZ_CHECK(!fxl_laser3d_vs_sphere(&lp, q) || got[i]);
            }
            q.c = to[i];
            FZ_CHECK(!fxl_laser3d_vs_sphere(&lp, q) || got[i]);
        }
    }
    FZ_CHECK(fxl_laser3d_vs_moving_spheres(&lp, from, to, n, bits) == hits);
    for (i = 0; i < n; i++)
        FZ_CHECK(((bits[0] >> i) & 1u) == (uint32_t)got[i]);
    return 0;
}
