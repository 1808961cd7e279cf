/* ref_aabb3.h - the exact reference for fxl_laser3d_vs_aabb3, written apart
 * from src/ (tests/ref_aabb3.c says how). */
#ifndef FXLT_REF_AABB3_H
#define FXLT_REF_AABB3_H

#include "fixlaser.h"

/* fxl_laser3d_prepare + fxl_laser3d_vs_aabb3 for an in-domain laser and a
 * valid in-domain box, exactly, every kind (semantics:
 * include/fixlaser/laser3d.h). */
bool ref_laser3d_vs_aabb3(const fxl_laser3d *l, fxl_aabb3 box);

#endif
