/* fuzz_laser3d_input.h - the input decoding shared by the 3D box
 * harnesses (fuzz_laser3d_box.c, fuzz_laser3d_box_moving.c): a 3D laser
 * (any int32 in every field), a box about it, and the domain checks. */
#ifndef FUZZ_LASER3D_INPUT_H
#define FUZZ_LASER3D_INPUT_H

#include "fuzz.h"

static inline fix16_t c3(fz *f)
{
    return fz_num(f, FXL_COORD3_MAX, false);
}

static inline fix16_t s3(fz *f)
{
    fix16_t v = fz_num(f, FXL_SIZE3_MAX, true);
    return fz_u8(f) < 200 ? v & FXL_SIZE3_MAX : v;
}

static inline bool in3(int64_t v)
{
    return v >= -FXL_COORD3_MAX && v <= FXL_COORD3_MAX;
}

static inline bool box_ok(fxl_aabb3 b)
{
    return in3(b.lo.x) && in3(b.lo.y) && in3(b.lo.z) && in3(b.hi.x) && in3(b.hi.y) && in3(b.hi.z);
}

static inline bool inverted(fxl_aabb3 b)
{
    return b.lo.x > b.hi.x || b.lo.y > b.hi.y || b.lo.z > b.hi.z;
}

static inline fxl_laser3d fz_l3(fz *f)
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
static inline fxl_aabb3 fz_box(fz *f, const fxl_laser3d *l)
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

#endif
