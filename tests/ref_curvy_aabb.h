/* ref_curvy_aabb.h - an independent exact reference for curvy lasers
 * against boxes (tests only). It reads the trail through ref_curvy.c's
 * segments and hit widths (never the library's tests) and decides each
 * segment's hull H (disks (A + t d, r0 + t D), t in [0, 1]) against the
 * closed box R as
 *   some corner of R in H, by ref_curvy.c's tangent-trapezoid point test
 *   (big integers), or
 *   some t puts the disk's centre in R grown by r(t) across one axis only
 *   (the rest of R's r(t)-neighbourhood is the corners' disks): a set of t
 *   cut by linear inequalities, decided by trying every candidate end
 *   (0, 1 and each inequality's root) as a rational in big integers.
 * Unlike the core, it visits every live, uncut segment. */
#ifndef FXLT_REF_CURVY_AABB_H
#define FXLT_REF_CURVY_AABB_H

#include <stdbool.h>

#include "ref_curvy.h"

/* One segment against the box. */
bool ref_seg_box(const ref_seg *s, fxl_aabb box);

/* The trail against the box. */
bool ref_curvy_aabb(const fxl_curvy *c, fxl_aabb box);

/* A box moving so that its lo goes from from.lo to `to` (the box
 * translates) against one segment (m = to - from.lo; `grows`: the segment
 * grows from A to B in step) and against the trail (curvy.h's motion),
 * decided by the nearest feature of the box: edges as linear inequalities
 * in (s, t) (every vertex of their set tried in big integers), corners as
 * moving points through ref_seg_path. */
bool ref_seg_moving_box(const ref_seg *s, fxl_aabb box, int64_t mx, int64_t my, bool grows);
bool ref_curvy_moving_aabb(const fxl_curvy *c, fxl_aabb from, fxl_vec2 to);

#endif
