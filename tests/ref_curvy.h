/* ref_curvy.h - an independent exact reference for curvy lasers (tests
 * only). It never calls the library's tests: it reads the trail's nodes,
 * works out the hit widths itself (libfixmath's fix16_mul), and decides in
 * big integers (bigint.h) with formulations unlike the core's:
 *   static: the hull of two disks is the two disks and the trapezoid of
 *           their four tangent points; the trapezoid's tangent sides are
 *           decided through a + b sqrt(K) signs;
 *   moving: the circle touches the segment iff some disk of the hull,
 *           (A + t d, R0 + t D), comes within its radius of the part of the
 *           path available at t (all of it, or from c(t) on for the growing
 *           newest segment): a convex function of t, minimised piece by
 *           piece (the nearest point of the path is an end or an inner
 *           point) at rational candidates.
 * Double-precision estimates help find touching radii; every answer that
 * counts is exact. */
#ifndef FXLT_REF_CURVY_H
#define FXLT_REF_CURVY_H

#include <stdbool.h>
#include <stdint.h>

#include "fixlaser.h"

/* One segment: node centres (Q16.16) and hit half-widths (Q16.16). */
typedef struct ref_seg {
    int64_t ax, ay, bx, by, ha, hb;
} ref_seg;

/* The point p lies in the hull of the disks (a, ha + r), (b, hb + r). */
bool ref_seg_point(const ref_seg *s, int64_t px, int64_t py, int64_t r);

/* The circle of radius r moving from p0 to p1 touches the segment at some
 * moment; `grows`: the segment grows from a to b in step with it. */
bool ref_seg_path(const ref_seg *s, int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t r,
                  bool grows);

/* Smallest r >= 0 (up to limit) for which test(r) holds, found by bracketing
 * the estimate est and bisecting; limit + 1 when none. test must be
 * monotone in r. */
typedef bool (*ref_pred)(const void *ctx, int64_t r);
int64_t ref_smallest_r(ref_pred test, const void *ctx, double est, int64_t limit);

/* Double estimates of the smallest touching radius (raw units). */
double ref_seg_point_est(const ref_seg *s, double px, double py);
double ref_seg_path_est(const ref_seg *s, double x0, double y0, double x1, double y1, bool grows);

/* The trail: hit half-width of node k, computed independently. */
int64_t ref_curvy_width(const fxl_curvy *c, uint32_t k);

/* The live, uncut segments as ref_seg (at most max), their indices from
 * the tail in idx (may be NULL). Harmless trails have none. */
int ref_curvy_segs(const fxl_curvy *c, ref_seg *out, uint32_t *idx, int max);

bool ref_curvy_circle(const fxl_curvy *c, fxl_circle circle);
bool ref_curvy_moving(const fxl_curvy *c, fxl_circle circle, fxl_vec2 to);

/* Smallest radius at which the trail touches a circle at (x, y) (static)
 * or moving from (x, y) to `to` (moving); FXL_SIZE_MAX + 1 when none. */
int64_t ref_curvy_touch(const fxl_curvy *c, fix16_t x, fix16_t y);
int64_t ref_curvy_touch_moving(const fxl_curvy *c, fix16_t x, fix16_t y, fxl_vec2 to);

#endif
