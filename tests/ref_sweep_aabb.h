/* ref_sweep_aabb.h - exact reference for the swept tests against boxes
 * (sweep.h, issue 23), independent of src/: the oracle's exact swept point
 * tests (oracle.c) and its own big-integer geometry (tests/bigint.h). */
#ifndef FXLT_REF_SWEEP_AABB_H
#define FXLT_REF_SWEEP_AABB_H

#include "fixlaser.h"

/* fxl_sweep_prepare + fxl_sweep_vs_moving_aabb for a sweep it accepts and
 * a box (and end lo `to`) in the domain; to = box.lo for a fixed box. */
bool ref_sweep_vs_moving_aabb(const fxl_sweep *s, fxl_aabb box, fxl_vec2 to);

#endif
