/* fuzz_laser3d_box_moving.c - libFuzzer harness of laser3d.h's moving 3D
 * box (issue 23: fxl_laser3d_vs_moving_aabb3 and its batch form, exact
 * for every kind): one 3D laser (any int32 in every field) and up to 8
 * boxes about it with a move each (inverted and out-of-domain ones
 * included). Invariants:
 *   - any input the prepare accepts: no undefined behaviour; an inverted
 *     box is never hit;
 *   - in the domain: a zero move is fxl_laser3d_vs_aabb3; a box whose
 *     start or end position (or a box inside one) hits statically hits
 *     moving; a moving hit is a static hit of the hull of both ends;
 *   - nested shapes: a moving cylinder's hit is a hit of the box laser of
 *     the same L and W (its square prism); a moving egg's hit is a hit of
 *     the egg of k / 2 (holding it);
 *   - batch == single. */
#include "fuzz_laser3d_input.h"

#define NB 8

/* The move's end: anywhere, zero, or a short step (up to 2^20 raw a
 * component). */
static fxl_vec3 fz_to(fz *f, fxl_aabb3 b)
{
    fxl_vec3 t;
    uint32_t mode = fz_below(f, 4);
    if (mode == 0) {
        t.x = c3(f), t.y = c3(f), t.z = c3(f);
        return t;
    }
    if (mode == 1)
        return b.lo;
    t.x = fz_wrap((int64_t)b.lo.x + (int32_t)fz_u32(f) % (1 << 20));
    t.y = fz_wrap((int64_t)b.lo.y + (int32_t)fz_u32(f) % (1 << 20));
    t.z = fz_wrap((int64_t)b.lo.z + (int32_t)fz_u32(f) % (1 << 20));
    return t;
}

static fxl_aabb3 at_end(fxl_aabb3 b, fxl_vec3 to)
{
    fxl_aabb3 e;
    e.lo = to;
    e.hi.x = fz_wrap((int64_t)to.x + ((int64_t)b.hi.x - b.lo.x));
    e.hi.y = fz_wrap((int64_t)to.y + ((int64_t)b.hi.y - b.lo.y));
    e.hi.z = fz_wrap((int64_t)to.z + ((int64_t)b.hi.z - b.lo.z));
    return e;
}

static fix16_t lo_of(fix16_t a, fix16_t b)
{
    return a < b ? a : b;
}

static fix16_t hi_of(fix16_t a, fix16_t b)
{
    return a > b ? a : b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser3d l = fz_l3(&f);
    fxl_laser3d_prep lp;
    fxl_aabb3 boxes[NB];
    fxl_vec3 tos[NB];
    uint32_t bits[1];
    size_t nb, i, hits, fh;
    if (fxl_laser3d_prepare(&l, &lp) != FXL_OK)
        return 0;
    nb = fz_below(&f, NB + 1);
    for (i = 0; i < nb; i++) {
        fxl_aabb3 b = fz_box(&f, &l), e;
        fxl_vec3 to = fz_to(&f, b);
        bool h = fxl_laser3d_vs_moving_aabb3(&lp, b, to);
        boxes[i] = b, tos[i] = to;
        if (inverted(b))
            FZ_CHECK(!h);
        e = at_end(b, to);
        if (!box_ok(b) || inverted(b) || !box_ok(e) || !in3(to.x) || !in3(to.y) || !in3(to.z) ||
            !in3((int64_t)to.x + ((int64_t)b.hi.x - b.lo.x)) ||
            !in3((int64_t)to.y + ((int64_t)b.hi.y - b.lo.y)) ||
            !in3((int64_t)to.z + ((int64_t)b.hi.z - b.lo.z)))
            continue;
        if (to.x == b.lo.x && to.y == b.lo.y && to.z == b.lo.z)
            FZ_CHECK(h == fxl_laser3d_vs_aabb3(&lp, b));
        if (fxl_laser3d_vs_aabb3(&lp, b) || fxl_laser3d_vs_aabb3(&lp, e))
            FZ_CHECK(h);
        {
            /* a box inside the start (or the end) that hits */
            fxl_aabb3 in = fz_flag(&f) ? b : e;
            in.hi.x = fz_wrap((int64_t)in.lo.x + ((int64_t)in.hi.x - in.lo.x) / (1 + fz_u8(&f)));
            in.lo.z = fz_wrap((int64_t)in.hi.z - ((int64_t)in.hi.z - in.lo.z) / (1 + fz_u8(&f)));
            if (fxl_laser3d_vs_aabb3(&lp, in))
                FZ_CHECK(h);
        }
        if (h) {
            fxl_aabb3 hull;
            hull.lo.x = lo_of(b.lo.x, e.lo.x), hull.lo.y = lo_of(b.lo.y, e.lo.y);
            hull.lo.z = lo_of(b.lo.z, e.lo.z), hull.hi.x = hi_of(b.hi.x, e.hi.x);
            hull.hi.y = hi_of(b.hi.y, e.hi.y), hull.hi.z = hi_of(b.hi.z, e.hi.z);
            FZ_CHECK(fxl_laser3d_vs_aabb3(&lp, hull));
            if (l.kind != FXL_LASER3D_BOX) {
                fxl_laser3d o = l;
                fxl_laser3d_prep op;
                if (l.kind == FXL_LASER3D_CYLINDER)
                    o.kind = FXL_LASER3D_BOX;
                else
                    o.egg_k = l.egg_k / 2;
                FZ_CHECK(fxl_laser3d_prepare(&o, &op) == FXL_OK && fxl_laser3d_vs_moving_aabb3(&op, b, to));
            }
        }
    }
    /* batch (the domain's moves only: the checked precondition is theirs) */
    for (i = 0; i < nb; i++) {
        fxl_aabb3 e = at_end(boxes[i], tos[i]);
        if (!box_ok(boxes[i]) || !box_ok(e) || !in3(tos[i].x) || !in3(tos[i].y) || !in3(tos[i].z))
            boxes[i].lo = boxes[i].hi = tos[i] = l.pos;
    }
    hits = fxl_laser3d_vs_moving_aabb3s(&lp, boxes, tos, nb, bits);
    for (i = 0, fh = 0; i < nb; i++) {
        bool one = fxl_laser3d_vs_moving_aabb3(&lp, boxes[i], tos[i]);
        FZ_CHECK(one == ((bits[0] >> i) & 1u));
        fh += one;
    }
    FZ_CHECK(fh == hits);
    return 0;
}
