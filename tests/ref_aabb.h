/* ref_aabb.h - the exact static reference for boxes (fxl_aabb) against a
 * beam frame's hitbox (tests only; never calls src/). A hitbox is a
 * rectangle [u_lo, u_hi] x [v_lo, v_hi] (Q32.32) of the frame of a table
 * vector (c, s) about pos, grown by round: a point p is in it iff its frame
 * coordinates u = c dx + s dy, v = c dy - s dx (d = p - pos) lie within
 * round * 2^16 of the rectangle (laser.h's fxl_laser_prep). A box hits iff
 * one of its points is in it. Method (unlike src/laser_aabb.c's separating
 * axes): in the frame, the box is the quadrilateral of its four corners'
 * images; it meets the grown rectangle iff a corner of either lies inside
 * the other or an edge of one comes within round of an edge of the other
 * (segment crossings by orientation signs, point-segment distances by
 * projections), every product in the tests' big integers (bigint.h), so
 * touching cases are decided exactly. The swept and curvy helpers call it
 * for their end poses. */
#ifndef FXLT_REF_AABB_H
#define FXLT_REF_AABB_H

#include <stdbool.h>
#include <stdint.h>

#include "fixlaser.h"

typedef struct ref_hitbox {
    fxl_vec2 pos;                   /* Q16.16 frame origin */
    int32_t c, s;                   /* Q16.16 table cosine and sine */
    int64_t u_lo, u_hi, v_lo, v_hi; /* Q32.32 rectangle, lo <= hi, |.| < 2^50 */
    int32_t round;                  /* Q16.16 radius grown all round, >= 0 */
} ref_hitbox;

/* The hitbox of a laser fxl_laser_prepare accepts, built from the public
 * description (fxl_cos / fxl_sin, the hit width rounded as laser.h says). */
ref_hitbox ref_hitbox_of_laser(const fxl_laser *l);

/* The hitbox in a prepared laser (for callers holding only a prep). */
ref_hitbox ref_hitbox_of_prep(const fxl_laser_prep *lp);

/* True iff the point / the closed box (lo <= hi) has a point in h. */
bool ref_hitbox_vs_point(const ref_hitbox *h, fxl_vec2 p);
bool ref_hitbox_vs_aabb(const ref_hitbox *h, fxl_aabb box);

/* True iff the box moving by (mx, my) (Q16.16; it ends at box + m)
 * touches h at some moment. Method: the swept set's frame image is the
 * hull of the eight corner images at both ends; it meets the grown
 * rectangle iff a corner of the rectangle lies on a corner's backwards
 * path through the box image (the rectangle inside the hull), one of the
 * eight points lies in the rectangle, or one of the twelve segments (box
 * sides at both ends, corner paths) comes within round of a rectangle
 * side. */
bool ref_hitbox_vs_moving_aabb(const ref_hitbox *h, fxl_aabb box, int64_t mx, int64_t my);

/* fxl_laser_prepare + fxl_laser_vs_aabb, exactly. */
bool ref_laser_vs_aabb(const fxl_laser *l, fxl_aabb box);

/* The big integers' overflows since the start: 0, or an answer may be wrong. */
uint32_t ref_aabb_faults(void);

#endif
