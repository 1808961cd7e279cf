/* laser3d_body.h - internal: the prepared 3D laser's parallelepiped, as
 * the box tests see it (laser3d_box.c's static test, laser3d_box_moving.c's
 * moving one). */
#ifndef FXL_LASER3D_BODY_H
#define FXL_LASER3D_BODY_H

#include "fixlaser/laser3d.h"

#include "wide.h"

/* The parallelepiped of a prepared laser: rows m (Q32), edge directions
 * e' (Q48), 2^16 q p (Q64), c_0 = mid and h (Q48). */
typedef struct body3 {
    int64_t m[3][3];
    int64_t e[3][3];
    fxl__u128 qp;
    int64_t mid;
    uint64_t h[3];
} body3;

static inline void body_of(const fxl_laser3d_prep *lp, body3 *s)
{
    int64_t cy = lp->cy, sy = lp->sy, cp = lp->cp, sp = lp->sp;
    int64_t q = cy * cy + sy * sy, p = cp * cp + sp * sp;
    s->m[0][0] = cp * cy, s->m[0][1] = cp * sy, s->m[0][2] = -sp * 65536;
    s->m[1][0] = -sy * 65536, s->m[1][1] = cy * 65536, s->m[1][2] = 0;
    s->m[2][0] = sp * cy, s->m[2][1] = sp * sy, s->m[2][2] = cp * 65536;
    s->e[0][0] = s->m[0][0] * 65536, s->e[0][1] = s->m[0][1] * 65536, s->e[0][2] = -sp * q;
    s->e[1][0] = -sy * p, s->e[1][1] = cy * p, s->e[1][2] = 0;
    s->e[2][0] = s->m[2][0] * 65536, s->e[2][1] = s->m[2][1] * 65536, s->e[2][2] = cp * q;
    s->qp = fxl__mul64((uint64_t)q, (uint64_t)p); /* < 2^67 */
    s->mid = lp->mid;
    s->h[0] = (uint64_t)lp->box_len; /* L, an egg's Le (laser3d_box.c) */
    s->h[1] = s->h[2] = (uint64_t)lp->half_wid;
}

/* |a| > b: a strict gap. */
static inline bool gap(fxl__i128 a, fxl__u128 b)
{
    return !fxl__le128(fxl__iabs(a), b);
}

/* |a| b, |a| < 2^63, b < 2^63. */
static inline fxl__u128 umul(int64_t a, uint64_t b)
{
    return fxl__mul64(fxl__abs64(a), b);
}

/* src/laser3d_box_moving_round.c, for fxl_laser3d_vs_moving_aabb3: the
 * egg's and the cylinder's exact stages between the ends (lo, hi the box's
 * corners minus pos, raw, |.| <= 2^28, lo <= hi; v the move, |v_k| <=
 * 2^28, not 0; both ends already missed: true iff the path meets the shape
 * between them), and their quick look alone (the same arguments: 1 a sure
 * hit, -1 a sure miss, 0 unsure). */
bool fxl__laser3d_egg_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3]);
bool fxl__laser3d_cyl_moving(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                             const int64_t v[3]);
int fxl__laser3d_round_moving_quick(const fxl_laser3d_prep *lp, const int64_t lo[3],
                                    const int64_t hi[3], const int64_t v[3]);

/* src/laser3d_box_moving_shadow.c: a sure miss of the egg or the cylinder
 * by the swept body (the same arguments; ends included): true when the
 * slab or a direction across the beam proves a gap, false when unsure. */
bool fxl__laser3d_round_moving_apart(const fxl_laser3d_prep *lp, const int64_t lo[3], const int64_t hi[3],
                                     const int64_t v[3]);

#endif
