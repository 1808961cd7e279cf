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
#include "fuzz.h"

#define NB 8

static fix16_t c3(fz *f)
{
    return fz_num(f, FXL_COORD3_MAX, false);
}

static fix16_t s3(fz *f)
{
    fix16_t v = fz_num(f, FXL_SIZE3_MAX, true);
    return fz_u8(f) < 200 ? v & FXL_SIZE3_MAX : v;
}

static bool in3(int64_t v)
{
    return v >= -FXL_COORD3_MAX && v <= FXL_COORD3_MAX;
}

static bool box_ok(fxl_aabb3 b)
{
    return in3(b.lo.x) && in3(b.lo.y) && in3(b.lo.z) && in3(b.hi.x) && in3(b.hi.y) && in3(b.hi.z);
}

static bool inverted(fxl_aabb3 b)
{
    return b.lo.x > b.hi.x || b.lo.y > b.hi.y || b.lo.z > b.hi.z;
}

static fxl_laser3d fz_l3(fz *f)
{
    fxl_laser3d l;
    l.kind = (fxl_laser3d_kind)fz_enum(f, 3);
    l.anchor = (fxl_laser_anchor)fz_enum(f, 2);
    l.pos.x = c3(f);
    l.pos.y = c3(f);
    l.pos.z = c3(f);
    l.yaw = fz_angle(f);
    l.pitch = fz_flag(f) ? (fxl_angle)(fz_below(f, 4) * 1024u) : fz_angle(f);
    l.length = s3(f);
    l.half_width = s3(f);
    l.egg_k = fz_fraction(f);
    return l;
}

/* A box: anywhere, or about a point near the laser's middle (offsets up to
 * the beam's reach), sizes small, zero or any. */
static fxl_aabb3 fz_box(fz *f, const fxl_laser3d *l)
{
    fxl_aabb3 b;
    int64_t reach = (int64_t)l->length + l->half_width + 64, c[3], s[3];
    int k;
    uint32_t mode = fz_below(f, 4);
    b.lo.x = c3(f), b.lo.y = c3(f), b.lo.z = c3(f);
    b.hi.x = c3(f), b.hi.y = c3(f), b.hi.z = c3(f);
    if (mode == 0)
        return b;
    c[0] = l->pos.x, c[1] = l->pos.y, c[2] = l->pos.z;
    for (k = 0; k < 3; k++) {
        c[k] += (int64_t)(int32_t)fz_u32(f) % reach;
        s[k] = mode == 1 ? 0 : mode == 2 ? (int64_t)(fz_u32(f) & 0x3FFFFFu) : (int64_t)(fz_u32(f) & 0x1FFFFFFu);
    }
    b.lo.x = fz_wrap(c[0]), b.lo.y = fz_wrap(c[1]), b.lo.z = fz_wrap(c[2]);
    b.hi.x = fz_wrap(c[0] + s[0]), b.hi.y = fz_wrap(c[1] + s[1]), b.hi.z = fz_wrap(c[2] + s[2]);
    return b;
}

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
