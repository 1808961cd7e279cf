/* ref_moving3d.h - exact big-integer reference for a sphere moving against
 * a 3D BOX laser (fxl_laser3d_vs_moving_sphere), independent of src/. */
#ifndef FXLT_REF_MOVING3D_H
#define FXLT_REF_MOVING3D_H

#include "fixlaser/laser3d.h"

/* The least raw radius r (Q16.16) at which a sphere of radius r whose centre
 * moves from a to b touches the box laser of l's pose, length and width (l's
 * kind is ignored); REF3M_NEVER when none up to 2^27 does. */
#define REF3M_NEVER ((int32_t)1 << 27)
int32_t ref3m_touch_r(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b);

#endif
