/* fuzz_laser3d_moving.c - libFuzzer harness of fxl_laser3d_vs_moving_sphere
 * and fxl_laser3d_vs_moving_aabb3 (issue 23): one 3D laser (any int32 in
 * every field) and up to 8 spheres moving from about the laser by small or
 * any steps. Invariants:
 *   - any sphere and end, any laser fxl_laser3d_prepare accepts: no
 *     undefined behaviour;
 *   - a zero move is fxl_laser3d_vs_sphere; a hit at either end is a hit;
 *   - in the domain, a lattice point of the path (from + k step, the end
 *     being from + n step) that hits statically is a hit (any kind: the
 *     moving tests are exact);
 *   - batch == single.
 * And fxl_laser3d_vs_moving_aabb3 along the same paths (boxes of any or
 * small sizes, some points): no undefined behaviour; zero move == static;
 * an end or lattice box that hits statically is a hit; a point box == the
 * moving sphere of radius 0 (box laser; for the cylinder and a nonzero
 * move the sphere's exact hit is a hit of the box); batch == single. */
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
    /* The same paths carried by boxes (fxl_laser3d_vs_moving_aabb3): lo
     * at the sphere's centre, sizes from the input (some zero: a point,
     * then in the domain the box laser's answer is the moving sphere's of
     * radius 0, and the cylinder's too for a nonzero move). */
    {
        fxl_aabb3 bx[NS];
        bool bgot[NS];
        size_t bhits = 0;
        for (i = 0; i < n; i++) {
            int64_t g[3], lo[3], e[3];
            bool in;
            int k;
            lo[0] = from[i].c.x, lo[1] = from[i].c.y, lo[2] = from[i].c.z;
            e[0] = to[i].x, e[1] = to[i].y, e[2] = to[i].z;
            in = ok[i];
            for (k = 0; k < 3; k++) {
                g[k] = fz_flag(&f) ? 0 : fz_flag(&f) ? (int64_t)(fz_u32(&f) % 0x400000)
                                                     : (int64_t)(int32_t)fz_u32(&f);
                in = in && g[k] >= 0 && in3(lo[k] + g[k]) && in3(e[k] + g[k]);
            }
            bx[i].lo = from[i].c;
            bx[i].hi.x = fz_wrap(lo[0] + g[0]), bx[i].hi.y = fz_wrap(lo[1] + g[1]);
            bx[i].hi.z = fz_wrap(lo[2] + g[2]);
            bgot[i] = fxl_laser3d_vs_moving_aabb3(&lp, bx[i], to[i]);
            bhits += bgot[i];
            if (in) {
                fxl_aabb3 q = bx[i];
                bool moves = e[0] != lo[0] || e[1] != lo[1] || e[2] != lo[2];
                FZ_CHECK(fxl_laser3d_vs_moving_aabb3(&lp, q, q.lo) == fxl_laser3d_vs_aabb3(&lp, q));
                for (k = 0; k <= steps[i]; k++) {
                    int64_t d[3];
                    d[0] = (int64_t)k * step[i].x, d[1] = (int64_t)k * step[i].y;
                    d[2] = (int64_t)k * step[i].z;
                    if (!in3(lo[0] + d[0]) || !in3(lo[1] + d[1]) || !in3(lo[2] + d[2]) ||
                        !in3(lo[0] + d[0] + g[0]) || !in3(lo[1] + d[1] + g[1]) ||
                        !in3(lo[2] + d[2] + g[2]))
                        continue;
                    q.lo.x = (fix16_t)(lo[0] + d[0]), q.lo.y = (fix16_t)(lo[1] + d[1]);
                    q.lo.z = (fix16_t)(lo[2] + d[2]);
                    q.hi.x = (fix16_t)(q.lo.x + g[0]), q.hi.y = (fix16_t)(q.lo.y + g[1]);
                    q.hi.z = (fix16_t)(q.lo.z + g[2]);
                    FZ_CHECK(!fxl_laser3d_vs_aabb3(&lp, q) || bgot[i]);
                }
                q.lo = to[i];
                q.hi.x = (fix16_t)(e[0] + g[0]), q.hi.y = (fix16_t)(e[1] + g[1]);
                q.hi.z = (fix16_t)(e[2] + g[2]);
                FZ_CHECK(!fxl_laser3d_vs_aabb3(&lp, q) || bgot[i]);
                if (g[0] == 0 && g[1] == 0 && g[2] == 0 &&
                    (l.kind == FXL_LASER3D_BOX || moves)) {
                    fxl_sphere pt;
                    bool sg;
                    pt.c = bx[i].lo, pt.r = 0;
                    sg = fxl_laser3d_vs_moving_sphere(&lp, pt, to[i]);
                    /* every kind exact both ways: a point box is a sphere
                     * of radius 0 */
                    FZ_CHECK(sg == bgot[i]);
                }
            }
        }
        FZ_CHECK(fxl_laser3d_vs_moving_aabb3s(&lp, bx, to, n, bits) == bhits);
        for (i = 0; i < n; i++)
            FZ_CHECK(((bits[0] >> i) & 1u) == (uint32_t)bgot[i]);
    }
    return 0;
}
