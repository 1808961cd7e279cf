/* fuzz_laser3d_box.c - libFuzzer harness of laser3d.h's box targets and
 * fused forms (issue 23): one 3D laser (any int32 in every field) and up
 * to 16 boxes about it (inverted and out-of-domain ones included), up to
 * 4 more lasers for the fused calls. Invariants:
 *   - any box, any laser fxl_laser3d_prepare accepts: no undefined
 *     behaviour; an inverted box is never hit;
 *   - a box shrunk to a point: every kind's answer is
 *     fxl_laser3d_vs_sphere's with r = 0 (all exact);
 *   - nested shapes: a cylinder's hit is a hit of the box laser of the
 *     same L and W (its square prism), of the cylinder one raw unit (or
 *     more) wider, and of the egg of k = 0 and the same W (the endless
 *     tube); an egg's hit is a hit of the egg of k / 2 (holding it);
 *   - a box or cylinder laser hit by a sphere hits the sphere's bounding
 *     cube (when it is in the domain);
 *   - a box containing a hit box is hit;
 *   - batch == single, collect == bits, fused == prepare + single for
 *     boxes and spheres, fused codes as laser3d.h says. */
#include "fuzz_laser3d_input.h"

#define NB 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser3d l = fz_l3(&f), more[5];
    fxl_laser3d_prep lp;
    fxl_aabb3 boxes[NB];
    fxl_sphere spheres[NB];
    uint32_t bits[1], sbits[1];
    size_t idx[NB], nb, i, hits, fh, cap;
    if (fxl_laser3d_prepare(&l, &lp) != FXL_OK)
        return 0;
    nb = fz_below(&f, NB + 1);
    for (i = 0; i < nb; i++) {
        fxl_aabb3 b = fz_box(&f, &l);
        bool h = fxl_laser3d_vs_aabb3(&lp, b);
        boxes[i] = b;
        spheres[i].c = b.lo;
        spheres[i].r = s3(&f);
        if (inverted(b))
            FZ_CHECK(!h);
        if (!box_ok(b) || inverted(b))
            continue;
        {
            fxl_aabb3 pt = b;
            fxl_sphere s = spheres[i];
            bool sp, bp;
            pt.hi = pt.lo;
            s.r = 0;
            sp = fxl_laser3d_vs_sphere(&lp, s);
            bp = fxl_laser3d_vs_aabb3(&lp, pt);
            FZ_CHECK(sp == bp);
            if (bp)
                FZ_CHECK(h); /* b contains the point */
        }
        if (h && l.kind != FXL_LASER3D_BOX) {
            fxl_laser3d o = l;
            fxl_laser3d_prep op;
            if (l.kind == FXL_LASER3D_CYLINDER) {
                o.kind = FXL_LASER3D_BOX;
                FZ_CHECK(fxl_laser3d_prepare(&o, &op) == FXL_OK && fxl_laser3d_vs_aabb3(&op, b));
                o.kind = FXL_LASER3D_EGG, o.egg_k = 0;
                FZ_CHECK(fxl_laser3d_prepare(&o, &op) == FXL_OK && fxl_laser3d_vs_aabb3(&op, b));
                o = l;
                o.half_width = (fix16_t)((int64_t)l.half_width + 1 + fz_u8(&f));
                if (o.half_width <= FXL_SIZE3_MAX)
                    FZ_CHECK(fxl_laser3d_prepare(&o, &op) == FXL_OK && fxl_laser3d_vs_aabb3(&op, b));
            } else {
                o.egg_k = l.egg_k / 2;
                FZ_CHECK(fxl_laser3d_prepare(&o, &op) == FXL_OK && fxl_laser3d_vs_aabb3(&op, b));
            }
        }
        if (h) {
            fxl_aabb3 g = b;
            g.lo.x = fz_wrap((int64_t)g.lo.x - fz_u8(&f)), g.hi.z = fz_wrap((int64_t)g.hi.z + fz_u8(&f));
            if (box_ok(g) && !inverted(g))
                FZ_CHECK(fxl_laser3d_vs_aabb3(&lp, g));
        }
        if (l.kind != FXL_LASER3D_EGG && spheres[i].r >= 0 && spheres[i].r <= FXL_SIZE3_MAX &&
            fxl_laser3d_vs_sphere(&lp, spheres[i])) {
            /* the frame's sphere reaches r (1 + 2^-13) + 2 raw in the
             * world (laser3d.c's near_axis reach: the table's vectors are
             * not unit), so its cube is grown by as much */
            fxl_aabb3 cube;
            int64_t r = (int64_t)spheres[i].r + (spheres[i].r >> 13) + 2;
            cube.lo.x = fz_wrap(b.lo.x - r), cube.lo.y = fz_wrap(b.lo.y - r), cube.lo.z = fz_wrap(b.lo.z - r);
            cube.hi.x = fz_wrap(b.lo.x + r), cube.hi.y = fz_wrap(b.lo.y + r), cube.hi.z = fz_wrap(b.lo.z + r);
            if (box_ok(cube) && b.lo.x - r <= b.lo.x + r)
                FZ_CHECK(fxl_laser3d_vs_aabb3(&lp, cube));
        }
    }
    /* batch, collect (the domain's boxes and spheres only: the checked
     * precondition is theirs) */
    for (i = 0; i < nb; i++) {
        if (!box_ok(boxes[i]))
            boxes[i].lo = boxes[i].hi = l.pos;
        if (spheres[i].r < 0 || spheres[i].r > FXL_SIZE3_MAX || !in3(spheres[i].c.x) ||
            !in3(spheres[i].c.y) || !in3(spheres[i].c.z))
            spheres[i].r = 0, spheres[i].c = l.pos;
    }
    cap = fz_below(&f, NB + 1);
    hits = fxl_laser3d_vs_aabb3s(&lp, boxes, nb, bits);
    FZ_CHECK(fxl_laser3d_collect_aabb3s(&lp, boxes, nb, idx, cap) == hits);
    for (i = 0, fh = 0; i < nb; i++) {
        bool one = fxl_laser3d_vs_aabb3(&lp, boxes[i]);
        FZ_CHECK(one == ((bits[0] >> i) & 1u));
        if (one && fh < cap)
            FZ_CHECK(idx[fh] == i);
        fh += one;
    }
    FZ_CHECK(fh == hits);
    hits = fxl_laser3d_vs_spheres(&lp, spheres, nb, sbits);
    FZ_CHECK(fxl_laser3d_collect(&lp, spheres, nb, idx, cap) == hits);
    for (i = 0, fh = 0; i < nb; i++) {
        bool one = ((sbits[0] >> i) & 1u) != 0;
        if (one && fh < cap)
            FZ_CHECK(idx[fh] == i);
        fh += one;
    }
    /* fused */
    {
        size_t nl = fz_below(&f, 6), k;
        uint32_t fbits[1];
        fxl_aabb3 b = fz_box(&f, &l);
        fxl_sphere s;
        fxl_result want = FXL_OK, got;
        more[0] = l;
        for (k = 1; k < nl; k++)
            more[k] = fz_l3(&f);
        s.c = b.lo;
        s.r = s3(&f);
        want = !box_ok(b) ? FXL_ERR_COORD_RANGE : inverted(b) ? FXL_ERR_BOX_INVERTED : FXL_OK;
        for (k = 0; k < nl && want == FXL_OK; k++)
            want = fxl_laser3d_prepare(&more[k], &lp);
        got = fxl_lasers3d_vs_aabb3(more, nl, b, fbits, &fh);
        FZ_CHECK(got == want);
        for (k = 0, hits = 0; k < nl; k++) {
            bool one = box_ok(b) && !inverted(b) && fxl_laser3d_prepare(&more[k], &lp) == FXL_OK &&
                       fxl_laser3d_vs_aabb3(&lp, b);
            FZ_CHECK(one == ((fbits[0] >> k) & 1u));
            hits += one;
        }
        FZ_CHECK(nl == 0 || fh == hits);
        got = fxl_lasers3d_vs_sphere(more, nl, s, fbits, &fh);
        {
            bool sok = in3(s.c.x) && in3(s.c.y) && in3(s.c.z) && s.r >= 0 && s.r <= FXL_SIZE3_MAX;
            for (k = 0, hits = 0; k < nl; k++) {
                bool one = sok && fxl_laser3d_prepare(&more[k], &lp) == FXL_OK &&
                           fxl_laser3d_vs_sphere(&lp, s);
                FZ_CHECK(one == ((fbits[0] >> k) & 1u));
                hits += one;
            }
            FZ_CHECK(nl == 0 || fh == hits);
            if (!sok)
                FZ_CHECK(got != FXL_OK);
        }
    }
    return 0;
}
