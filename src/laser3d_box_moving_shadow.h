/* laser3d_box_moving_shadow.h - internal: laser3d_box_moving_shadow.c's
 * sure miss of a moving box by the cylinder or the egg in two parts, for
 * fxl_laser3d_vs_moving_aabb3 (laser3d_box_moving.c) to run the cheap
 * first part before the start's near look. Arguments as
 * fxl__laser3d_round_moving_apart's (laser3d_body.h), in int32: the box's
 * corners minus pos and the move, each within +-2^28. */
#ifndef FXL_LASER3D_BOX_MOVING_SHADOW_H
#define FXL_LASER3D_BOX_MOVING_SHADOW_H

#include "fixlaser/laser3d.h"

/* What the first part leaves to the rest: the slab's u0 range and its
 * generators (Q48, doubled), the rounded shadow (c, gam: below 2^17 in
 * 2^sh units), w (the rounded squared doubled radius), the egg's k, the
 * normal already tried, and whether the world's z was. */
typedef struct fxl__shadow {
    int64_t e[4], mn, mx, un;
    int32_t c[2], gam[8];
    uint64_t w, kk;
    unsigned sh;
    int first;
    bool z_done;
} fxl__shadow;

/* The first part: the slab, the world's z when the body crosses a cap's
 * plane, and the shadow's normal most nearly along its centre: true for
 * a sure miss; false fills *st for the rest. */
bool fxl__laser3d_round_moving_apart_first(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                           const int32_t v[3], fxl__shadow *st);

/* The rest, after a first part that returned false: the shadow's least
 * point and other normals, the egg's cone, the world's z (if not tried):
 * true for a sure miss. */
bool fxl__laser3d_round_moving_apart_rest(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                          const int32_t v[3], const fxl__shadow *st);

/* Both parts: fxl__laser3d_round_moving_apart in int32. */
bool fxl__laser3d_round_moving_apart32(const fxl_laser3d_prep *lp, const int32_t lo[3], const int32_t hi[3],
                                       const int32_t v[3]);

#endif
