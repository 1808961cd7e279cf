/* ref_moving_aabb3.h - exact big-integer references, written apart from
 * src/, for a 3D box moving against a 3D laser (fxl_laser3d_vs_moving_aabb3)
 * and for a sphere moving against the egg (fxl_laser3d_vs_moving_sphere);
 * tests/ref_moving_aabb3.c says how. */
#ifndef FXLT_REF_MOVING_AABB3_H
#define FXLT_REF_MOVING_AABB3_H

#include "fixlaser/laser3d.h"

/* True iff the box, its lo moving straight from box.lo to `to` (same size),
 * touches l's body at some real moment, exactly, every kind
 * (laser3d.h). In-domain laser and box. */
bool ref_laser3d_vs_moving_aabb3(const fxl_laser3d *l, fxl_aabb3 box, fxl_vec3 to);

/* The least raw radius r (Q16.16) at which a sphere of radius r whose
 * centre moves from a to b touches the egg of l's pose, width and k (l's
 * kind is ignored); REFME_NEVER when none up to FXL_SIZE3_MAX does. */
#define REFME_NEVER ((int32_t)1 << 27)
int32_t ref_egg_touch_r(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b);

#endif
