/* fuzz_laser3d.c - libFuzzer harness of laser3d.h: one 3D laser (any
 * int32 in every field; pitch often 0) and 24 spheres about its ends,
 * sides, edges and corners. Invariants:
 *   - fxl_laser3d_prepare accepts exactly laser3d.h's domain (coordinates
 *     within FXL_COORD3_MAX, sizes within FXL_SIZE3_MAX, a known kind and
 *     anchor, an egg's k in 0..1) and a refusal names a broken limit;
 *   - fxl_laser3d_vs_sphere equals laser3d.h's exact test for every sphere
 *     in the domain, computed here from the header's frame in 128 and 256
 *     bits (box: distance to the box; cylinder: to the solid cylinder;
 *     egg: k x^2 + y^2 + z^2 <= (W + r)^2 about the middle); any other
 *     sphere runs free of undefined behaviour;
 *   - with no pitch, a box or cylinder against a sphere centred in the
 *     beam's plane is the 2D box laser against the circle;
 *   - fxl_laser3d_corners and fxl_laser3d_ends are the exact drawn points
 *     rounded to nearest, or saturated where they leave int32, for any
 *     int32 position, length and width. */
#include "fuzz.h"

#define NC 24

/* Unsigned 256-bit values, little-endian 64-bit limbs. */
typedef struct u256 {
    uint64_t w[4];
} u256;

static u256 mul128(fz_u128 a, fz_u128 b)
{
    const uint64_t x[2] = {(uint64_t)a, (uint64_t)(a >> 64)}, y[2] = {(uint64_t)b, (uint64_t)(b >> 64)};
    u256 r = {{0, 0, 0, 0}};
    int i, j;
    for (i = 0; i < 2; i++) {
        fz_u128 carry = 0;
        for (j = 0; j < 2; j++) {
            fz_u128 t = (fz_u128)x[i] * y[j] + r.w[i + j] + carry;
            r.w[i + j] = (uint64_t)t;
            carry = t >> 64;
        }
        r.w[i + 2] = (uint64_t)carry;
    }
    return r;
}

static u256 add256(u256 a, u256 b)
{
    u256 r;
    fz_u128 carry = 0;
    int i;
    for (i = 0; i < 4; i++) {
        fz_u128 t = (fz_u128)a.w[i] + b.w[i] + carry;
        r.w[i] = (uint64_t)t;
        carry = t >> 64;
    }
    return r;
}

static bool le256(u256 a, u256 b)
{
    int i;
    for (i = 3; i >= 0; i--)
        if (a.w[i] != b.w[i])
            return a.w[i] < b.w[i];
    return true;
}

static fz_u128 mag(fz_i128 v)
{
    return (fz_u128)(v < 0 ? -v : v);
}

static fz_u128 excess(fz_i128 v, fz_i128 half)
{
    fz_i128 e = (v < 0 ? -v : v) - half;
    return e > 0 ? (fz_u128)e : 0;
}

/* laser3d.h's exact test, from its frame (every value Q48 but dz, x1 Q32). */
static bool ref_hit(const fxl_laser3d *l, fxl_sphere s)
{
    fz_i128 cy = fxl_cos(l->yaw), sy = fxl_sin(l->yaw), cp = fxl_cos(l->pitch), sp = fxl_sin(l->pitch);
    fz_i128 dx = (fz_i128)s.c.x - l->pos.x, dy = (fz_i128)s.c.y - l->pos.y, dz = (fz_i128)s.c.z - l->pos.z;
    fz_i128 x1 = cy * dx + sy * dy, y = (cy * dy - sy * dx) * 65536;
    fz_i128 x = cp * x1 - sp * dz * 65536, z = sp * x1 + cp * dz * 65536;
    fz_i128 half = (fz_i128)l->length * ((fz_i128)1 << 31), w = (fz_i128)l->half_width * ((fz_i128)1 << 32);
    fz_u128 r = (fz_u128)s.r << 32, ex, ey, ez, rho2;
    if (l->anchor == FXL_ANCHOR_EMITTER)
        x -= half; /* about the middle */
    ex = excess(x, half);
    if (l->kind == FXL_LASER3D_BOX) {
        ey = excess(y, w);
        ez = excess(z, w);
        if (ex > r || ey > r || ez > r)
            return false;
        return ex * ex + ey * ey + ez * ez <= r * r;
    }
    if (l->kind == FXL_LASER3D_CYLINDER) {
        fz_u128 w2 = (fz_u128)(w * w), s2, d;
        if (ex > r)
            return false;
        rho2 = mag(y) * mag(y) + mag(z) * mag(z);
        if (rho2 <= w2)
            return true;
        /* (rho - W)^2 + ex^2 <= r^2  <=>  rho <= W + S, S^2 = r^2 - ex^2
         * <=>  D = rho^2 - W^2 - S^2 <= 2 W S  <=>  D <= 0 or D^2 <= 4 W^2 S^2 */
        s2 = r * r - ex * ex;
        if (rho2 <= w2 + s2)
            return true;
        d = rho2 - w2 - s2;
        return le256(mul128(d, d), mul128(4 * w2, s2));
    }
    {
        /* egg: k x^2 + 65536 (y^2 + z^2) <= 65536 (W + r)^2 */
        fz_u128 reach = (fz_u128)w + r;
        u256 lhs = add256(mul128(mag(x) * mag(x), (fz_u128)(uint32_t)l->egg_k),
                          mul128(mag(y) * mag(y) + mag(z) * mag(z), 65536));
        return le256(lhs, mul128(reach * reach, 65536));
    }
}

static fz_codes laser3d_codes(const fxl_laser3d *l)
{
    fz_codes c = 0;
    if (l->kind != FXL_LASER3D_BOX && l->kind != FXL_LASER3D_CYLINDER && l->kind != FXL_LASER3D_EGG)
        c |= FZ_CODE(FXL_ERR_KIND);
    if (l->anchor != FXL_ANCHOR_EMITTER && l->anchor != FXL_ANCHOR_CENTRE)
        c |= FZ_CODE(FXL_ERR_ANCHOR);
    if (l->pos.x < -FXL_COORD3_MAX || l->pos.x > FXL_COORD3_MAX || l->pos.y < -FXL_COORD3_MAX ||
        l->pos.y > FXL_COORD3_MAX || l->pos.z < -FXL_COORD3_MAX || l->pos.z > FXL_COORD3_MAX)
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    c |= fz_size_codes(l->length, FXL_SIZE3_MAX, FXL_ERR_LENGTH_NEGATIVE, FXL_ERR_LENGTH_RANGE);
    c |= fz_size_codes(l->half_width, FXL_SIZE3_MAX, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (l->kind == FXL_LASER3D_EGG && (l->egg_k < 0 || l->egg_k > fix16_one))
        c |= FZ_CODE(FXL_ERR_FRACTION_RANGE);
    return c;
}

static bool sphere_ok(fxl_sphere s)
{
    return s.c.x >= -FXL_COORD3_MAX && s.c.x <= FXL_COORD3_MAX && s.c.y >= -FXL_COORD3_MAX &&
           s.c.y <= FXL_COORD3_MAX && s.c.z >= -FXL_COORD3_MAX && s.c.z <= FXL_COORD3_MAX && s.r >= 0 &&
           s.r <= FXL_SIZE3_MAX;
}

/* Corners and ends: the drawing transform of laser3d.h's frame (its
 * transpose), points in Q17 along and across, so Q16.49 exactly. */
static void check_draw(const fxl_laser3d *l)
{
    fxl_vec3 c[8], s, e;
    fz_i128 cy = fxl_cos(l->yaw), sy = fxl_sin(l->yaw), cp = fxl_cos(l->pitch), sp = fxl_sin(l->pitch);
    fz_i128 a0, a1, w = 2 * (fz_i128)l->half_width, big = (fz_i128)1 << 33;
    int i;
    fxl_laser3d_corners(l, c);
    fxl_laser3d_ends(l, &s, &e);
    if (l->anchor != FXL_ANCHOR_EMITTER && l->anchor != FXL_ANCHOR_CENTRE)
        return;
    a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -(fz_i128)l->length;
    a1 = l->anchor == FXL_ANCHOR_EMITTER ? 2 * (fz_i128)l->length : (fz_i128)l->length;
    for (i = 0; i < 10; i++) {
        fz_i128 a = i < 8 ? ((i & 4) ? a1 : a0) : i == 8 ? a0 : a1;
        fz_i128 b = i < 8 ? ((i & 2) ? w : -w) : 0, cc = i < 8 ? ((i & 1) ? w : -w) : 0;
        fxl_vec3 p = i < 8 ? c[i] : i == 8 ? s : e;
        fz_i128 x1 = cp * a + sp * cc;
        FZ_CHECK(fz_rounded_or_saturated(p.x, l->pos.x * big + cy * x1 - sy * b * 65536, 33));
        FZ_CHECK(fz_rounded_or_saturated(p.y, l->pos.y * big + sy * x1 + cy * b * 65536, 33));
        FZ_CHECK(fz_rounded_or_saturated(p.z, l->pos.z * big + (cp * cc - sp * a) * 65536, 33));
    }
}

/* A coordinate about a 3D limit. */
static fix16_t fz_c3(fz *f)
{
    return fz_num(f, FXL_COORD3_MAX, false);
}

static fix16_t fz_s3(fz *f)
{
    fix16_t v = fz_num(f, FXL_SIZE3_MAX, true);
    return fz_u8(f) < 200 ? v & FXL_SIZE3_MAX : v; /* mostly in the domain */
}

/* A sphere about the beam: at an end, a side, an edge or a corner
 * (touching give or take a few raw units), inside, or anywhere. */
static fxl_sphere fz_sphere(fz *f, const fxl_laser3d *l)
{
    fxl_sphere s;
    int64_t lo, hi, w = l->half_width, t, u, v, q, x1, dz;
    int64_t cy = fxl_cos(l->yaw), sy = fxl_sin(l->yaw), cp = fxl_cos(l->pitch), sp = fxl_sin(l->pitch);
    uint32_t mode = fz_below(f, 6);
    s.c.x = fz_c3(f);
    s.c.y = fz_c3(f);
    s.c.z = fz_c3(f);
    s.r = fz_s3(f);
    if (mode == 0)
        return s;
    lo = l->anchor == FXL_ANCHOR_EMITTER ? 0 : -(int64_t)l->length / 2;
    hi = l->anchor == FXL_ANCHOR_EMITTER ? l->length : l->length / 2;
    t = s.r;
    u = lo + (hi - lo) * fz_u8(f) / 255;
    v = w * (int8_t)fz_u8(f) / 128;
    q = w * (int8_t)fz_u8(f) / 128;
    if (mode == 1) { /* beyond an end */
        u = fz_flag(f) ? hi + t : lo - t;
    } else if (mode == 2) { /* beside: across y, z, or diagonally */
        fxl_angle k = (fxl_angle)fz_below(f, 4096);
        int64_t rr = (l->kind == FXL_LASER3D_BOX ? w * 3 / 2 : w) + t;
        v = rr * fxl_cos(k) / 65536;
        q = rr * fxl_sin(k) / 65536;
    } else if (mode == 3) { /* off an edge or corner */
        fxl_angle k = (fxl_angle)fz_below(f, 1025), m = (fxl_angle)fz_below(f, 1025);
        int64_t across = t * fxl_cos(k) / 65536;
        u = (fz_flag(f) ? hi : lo) + (fz_flag(f) ? 1 : -1) * t * fxl_sin(k) / 65536;
        v = (fz_flag(f) ? 1 : -1) * (w + across * fxl_cos(m) / 65536);
        q = (fz_flag(f) ? 1 : -1) * (l->kind == FXL_LASER3D_BOX ? w + across * fxl_sin(m) / 65536 : 0);
    }
    u += (int8_t)fz_u8(f) / 16;
    v += (int8_t)fz_u8(f) / 16;
    q += (int8_t)fz_u8(f) / 16;
    x1 = (cp * u + sp * q) / 65536;
    dz = (cp * q - sp * u) / 65536;
    s.c.x = fz_wrap(l->pos.x + (cy * x1 - sy * v) / 65536);
    s.c.y = fz_wrap(l->pos.y + (sy * x1 + cy * v) / 65536);
    s.c.z = fz_wrap(l->pos.z + dz);
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_laser3d l;
    fxl_laser3d_prep lp;
    fxl_result res;
    size_t nc, i;

    f = fz_start(data, size);
    l.kind = (fxl_laser3d_kind)fz_enum(&f, 3);
    l.anchor = (fxl_laser_anchor)fz_enum(&f, 2);
    l.pos.x = fz_c3(&f);
    l.pos.y = fz_c3(&f);
    l.pos.z = fz_c3(&f);
    l.yaw = fz_angle(&f);
    l.pitch = fz_flag(&f) ? (fxl_angle)(fz_below(&f, 4) * 4096u) : fz_angle(&f);
    l.length = fz_s3(&f);
    l.half_width = fz_s3(&f);
    l.egg_k = fz_fraction(&f);
    res = fxl_laser3d_prepare(&l, &lp);
    fz_check_result(res, laser3d_codes(&l));
    FZ_CHECK(fxl_laser3d_prepare(NULL, &lp) == FXL_ERR_NULL && fxl_laser3d_prepare(&l, NULL) == FXL_ERR_NULL);
    check_draw(&l);
    if (res != FXL_OK)
        return 0;
    nc = fz_below(&f, NC + 1);
    for (i = 0; i < nc; i++) {
        fxl_sphere s = fz_sphere(&f, &l);
        bool h = fxl_laser3d_vs_sphere(&lp, s);
        if (!sphere_ok(s))
            continue; /* defined, meaningless */
        FZ_CHECK(h == ref_hit(&l, s));
        if (l.kind != FXL_LASER3D_EGG && ((uint32_t)l.pitch & 4095u) == 0) {
            /* the beam's plane: the 2D box laser */
            fxl_sphere flat = s;
            fxl_laser l2 = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(l.pos.x, l.pos.y), l.yaw, l.length,
                                                 l.half_width);
            fxl_laser_prep p2;
            l2.anchor = l.anchor;
            flat.c.z = l.pos.z;
            FZ_CHECK(fxl_laser_prepare(&l2, &p2) == FXL_OK);
            FZ_CHECK(fxl_laser3d_vs_sphere(&lp, flat) == fxl_laser_vs_circle(&p2, fxl_circle_make(s.c.x, s.c.y, s.r)));
        }
    }
    return 0;
}
