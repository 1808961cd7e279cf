/* fixlaser/sweep.h - exact swept tests: a laser that turns about any pivot
 * and moves between two frames, against circles that may move too, so that
 * nothing passes through the player between two tests.
 *
 * THE BEAM ABOUT ITS PIVOT. A sweep carries the laser's hitbox rigidly with
 * its pivot P. With the frame of a table vector t = (cos, sin) (fixlaser.h:
 * u = cos*dx + sin*dy along, v = cos*dy - sin*dx across, Q32.32), the hitbox
 * is a fixed rectangle K of that frame about P, grown by the capsule radius:
 * K is the laser's own hitbox (as fxl_laser_prepare builds it about
 * laser.pos) shifted by the frame coordinates of laser.pos - P in the start
 * frame, exactly. "The beam at table angle a about P" is every centre p with
 *     dist(frame_a(p - P), K) <= round + r.
 * For a pivot at laser.pos this is exactly what fxl_laser_vs_circle tests.
 *
 * THE TURN (step != 0, pivot fixed, circle fixed): the beam at the start
 * angle, the beam at the end angle (both in their table frames, as above),
 * and the beam turned rigidly about P - an exact rotation, no table scale -
 * through every direction of the closed arc from the start table vector's
 * direction, turning by `step` (positive: towards larger angles, clockwise
 * on a y-down screen; |step| = 2048 is a half turn), to the end table
 * vector's. A circle hits iff it touches that region: exactly, in integers,
 * touching counts (derivation in src/sweep_turn.c).
 *
 * THE MOTION. A frame's fxl_motion also moves the pivot by `move`, and a
 * circle may move from c0 to c1 (fxl_sweep_vs_moving_circle). The motion the
 * test follows is:
 *   - step == 0: the beam (at its start angle) and the circle each slide
 *     straight from start to end at constant speed;
 *   - step != 0: both slide straight to the middle of their moves
 *     (Pm = P + floor(move/2), cm = c0 + floor((c1 - c0)/2), per axis, in
 *     raw units), the beam turns there about Pm as above, then both slide
 *     the rest at the end angle.
 * The test is exact for that motion: a hit iff the circle touches the beam
 * at some moment of it (a slide is the static beam against the straight
 * segment the circle's centre traces relative to the beam). Why this motion:
 * it is a continuous rigid motion between the two poses whose swept region
 * has an exact integer test (turning while translating sweeps a region
 * bounded by transcendental curves); pure translation is exactly the
 * straight slide; and doing the turn halfway keeps it within about half a
 * move of the "turn and slide together" motion, symmetric in time. With no
 * move it is the turn above.
 *
 * Domain: the laser as fxl_laser_prepare's, the pivot and pivot + move in
 * the coordinate domain, laser.pos - pivot within +-FXL_COORD_MAX on each
 * axis (FXL_ERR_PIVOT_RANGE), |step| <= 2048. Circles: fxl_circle_check.
 *
 * COSTS (GBA cycles, ARM7TDMI, docs/bench-gba.md; the answers never depend
 * on the path taken):
 *   - Many sweeps against the player: fxl_sweeps_vs_circle, no preparation
 *     for a far sweep: about 215 a sweep turning about its reference point
 *     (fxl_sweep_turn), about 270 about another pivot or with a move
 *     (fxl_sweep_turn_about, fxl_sweep_to_pose: one more offset to rotate,
 *     bounds grown by the move). Near the player (a few px) each sweep
 *     is decided on the way (issue 20): about 525 a sweep about its
 *     reference point (its rejects in 1/256 px, as tight as the exact
 *     stage's first miss), 1,285 about another pivot, 1,225 pose to pose
 *     (at most 630 / 1,600 / 1,525 a sweep over a call). The poses that
 *     are lasers (the start pose, tested first from IWRAM; a turn about
 *     the reference point's end pose; pose to pose, the end pose and the
 *     middle one, with the radius cut by the table's error) give the
 *     common hits through fxl_lasers_vs_circle's per-laser test (on the
 *     GBA fast_arm.s's, in IWRAM; the later poses called from Thumb code
 *     in ROM); then a proven miss (both ends beyond one side, in 64-bit
 *     arithmetic, or all four points of a move, in 1/256 px: the common
 *     near miss) before the preparation is built once, in ARM code in
 *     ROM, for the exact stages of the thin band. Of a near sweep's cost
 *     about 320 is the loop's pixel rejects and the call out of IWRAM.
 *     A sweep whose laser.pos, pivot or pivot + move lies beyond +-8,192 px
 *     (2^29) on an axis always takes the exact stage (same answer).
 *   - One sweep: fxl_sweep_prepare about 930, then fxl_sweep_vs_circle
 *     about 600 per circle. A circle near the turn's middle or a slide's
 *     corner takes the exact stage, which 32/64-bit filters with proven
 *     bounds settle but for a thin band: a turn about the reference point
 *     reaches about 2,800 (a circle just past a thin beam's tip or just
 *     behind its emitter: about 1,550 in the turn's rejects and end
 *     beams, then the middle's sure misses behind the emitter and past
 *     the tip, in 32/64 bits ahead of the arc's box, about 900 to 1,600;
 *     through the box, side_miss and the exact ends they took 6,200; a
 *     circle the beam's axis sweeps over past both end beams about 2,500,
 *     the axis witness tried before the arc's box in one call); a slide
 *     about 1,900 (median 650: a slide that stays in one corner's region
 *     of the hitbox is that corner against the segment, settled on 2^-8
 *     px floors, its line first, and a corner's 128-bit products run only
 *     in a filter's band), a slide and a turn about 5,000 (median 1,420),
 *     a moving circle near both about 6,800 (median 1,420; its worst is a
 *     turn's middle between two slides), and
 *     the middle of a long turn 14,000 (rarely; docs/tuning.md,
 *     "Sweeps", keeps what was measured and not kept).
 *     Use the fused call for n sweeps against one circle, and the batch
 *     forms for one sweep against many circles (their bounding box costs
 *     about 1,000 once per call; then a turn about a fixed pivot, any
 *     pivot, about 65 to 105 a circle, at most about 250: its rejects, end
 *     beams and axis hits in an ARM head in IWRAM, batch_turn_head, 1,340
 *     bytes that a game calling fxl_sweep_vs_circles links; a sweep that
 *     moves takes a proven miss of its slides and turn, the four frame
 *     points in 1/256 px (ARM, ROM), before the exact pieces: a slide and
 *     a turn about 140 a circle, at most 480; as IWRAM code 104 / 311).
 *   - Motions, cheapest first: a turn about the reference point; a turn
 *     about another pivot; a slide; a slide and a turn (two slides and a
 *     turn, each exact); a moving circle adds a slide of its own.
 *   - Building: fxl_sweep_turn about 210, fxl_sweep_turn_about about 230,
 *     fxl_sweep_to_pose about 280 (Thumb, ROM: each copies the laser); a
 *     game may as well fill an fxl_sweep's fields itself. */
#ifndef FIXLASER_SWEEP_H
#define FIXLASER_SWEEP_H

#include "laser.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a laser moves over one frame. */
typedef struct fxl_motion {
    fxl_vec2 pivot; /* Q16.16 the point the beam turns about, where it is at the start */
    int32_t step;   /* steps turned over the frame, -2048..2048 (4096 per turn) */
    fxl_vec2 move;  /* Q16.16 how far the pivot (and the beam with it) moves */
} fxl_motion;

/* A laser at the start of a frame and its motion over the frame. */
typedef struct fxl_sweep {
    fxl_laser laser;   /* the beam at the start of the frame */
    fxl_motion motion;
} fxl_sweep;

/* A sweep prepared for testing. Its fields are the library's: only
 * fxl_sweep_prepare writes them; read them at most (one written otherwise
 * is a broken precondition, config.h's FXL_ASSERT). */
typedef struct fxl_sweep_prep {
    fxl_laser_prep from; /* the beam at the start: pos = the pivot, the start table vector */
    int32_t cos1;        /* Q16.16 table cosine of the end angle */
    int32_t sin1;        /* Q16.16 table sine of the end angle */
    fxl_vec2 pivot1;     /* Q16.16 the pivot at the end (pivot + move) */
    fxl_vec2 half_move;  /* Q16.16 floor(move / 2): the turn happens at pivot + this */
    int32_t step;        /* steps turned, -2048..2048 */
} fxl_sweep_prep;

/* A laser turning by step about its own reference point (the emitter, or
 * the middle for a centre-anchored laser). The builders below copy the
 * laser and set the motion (no validation: fxl_sweep_prepare does it);
 * laser must not be NULL (FXL_ASSERT; a release build returns a zero
 * sweep). */
fxl_sweep fxl_sweep_turn(const fxl_laser *laser, int32_t step);

/* The same, turning the shortest way to `to_angle` (a half turn goes the
 * negative way, as fxl_angle_diff gives -2048). */
fxl_sweep fxl_sweep_turn_to(const fxl_laser *laser, fxl_angle to_angle);

/* A laser turning by step about `pivot` (on the beam or off it). */
fxl_sweep fxl_sweep_turn_about(const fxl_laser *laser, fxl_vec2 pivot, int32_t step);

/* A laser going from its pose to (to_pos, to_angle) over the frame: the
 * motion stated above, that is it slides straight half the way (floor of
 * half the move, per axis), turns there the shortest way about its
 * reference point, then slides the rest at the end angle. */
fxl_sweep fxl_sweep_to_pose(const fxl_laser *laser, fxl_vec2 to_pos, fxl_angle to_angle);

/* Validates the sweep and fills out; FXL_OK or the reason. No square root
 * or division: a few table reads and multiplies. */
fxl_result fxl_sweep_prepare(const fxl_sweep *sweep, fxl_sweep_prep *out);

/* The beam at the end of the frame (about pivot1, the end table vector). */
fxl_laser_prep fxl_sweep_end(const fxl_sweep_prep *sp);

/* True iff the (fixed) circle touches the beam at some moment of the motion. */
bool fxl_sweep_vs_circle(const fxl_sweep_prep *sp, fxl_circle circle);

/* The same for a circle moving straight from `from` to `to` (Q16.16) over
 * the frame, as stated above. `to` is in the coordinate domain (|x|, |y|
 * <= FXL_COORD_MAX) as `from` is; beyond it the answer is meaningless
 * (never undefined). */
bool fxl_sweep_vs_moving_circle(const fxl_sweep_prep *sp, fxl_circle from, fxl_vec2 to);

/* Batch forms: bit i of hit_bits (ceil(n/32) words, may be NULL) for circle
 * i; returns the number of hits. `to` gives each moving circle's end. */
size_t fxl_sweep_vs_circles(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits);
size_t fxl_sweep_vs_moving_circles(const fxl_sweep_prep *sp, const fxl_circle *from,
                                   const fxl_vec2 *to, size_t n, uint32_t *hit_bits);

/* Tests n fixed circles; writes the indices of the first `cap` hits, in
 * order, to out_idx (may be NULL when cap is 0). Returns the number of hits
 * (which may exceed cap). */
size_t fxl_sweep_collect(const fxl_sweep_prep *sp, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap);

/* Many sweeps against one fixed circle (the player), each prepared and
 * tested in one pass: bit i set iff sweep i hits, *hits (may be NULL) the
 * count. A sweep fxl_sweep_prepare would refuse never hits; the result is
 * FXL_OK or the first refused sweep's code. sweeps may be NULL when n is
 * 0; a NULL array with n > 0 gives FXL_ERR_NULL, *hits 0, no word written. */
fxl_result fxl_sweeps_vs_circle(const fxl_sweep *sweeps, size_t n, fxl_circle circle,
                                uint32_t *hit_bits, size_t *hits);

/* BOXES (issue 23): the same motion against axis-aligned boxes (fxl_aabb,
 * closed, Q16.16), exactly, touching counts (derivation in
 * src/sweep_aabb.c). A moving box translates: its lo runs straight from
 * from.lo to `to` (Q16.16) as a moving circle's centre does (at the turn it
 * is at from.lo + floor((to - from.lo) / 2) per axis), its size fixed; the
 * test is relative motion, the laser's slides against the box's. Domain:
 * the sweep as above, boxes passing fxl_aabb_check, and for a moving box
 * its end box (to .. to + hi - lo) in the coordinate domain too; beyond
 * it the answer is meaningless (never undefined). A box's answer agrees
 * with the circle of radius 0 at a box of zero size, and a sweep that
 * neither turns nor moves with fxl_laser_vs_aabb.
 * COSTS (GBA cycles, docs/bench-gba.md; a 4 x 4 px box placed as the
 * player of the circle rows): the single and fused calls first test the
 * box's enclosing circle (a miss: a miss) and inscribed circle (a hit: a
 * hit) with the circle calls, so a far box costs about the circle's
 * reject: fxl_sweeps_vs_aabb about 240 a sweep turning about its reference
 * point, 350 about another pivot or pose to pose (the circle's 220 / 320 /
 * 330); fxl_sweep_vs_aabb about 1,200 (the circle's 700). Near the box
 * the fused call takes the inscribed circle's sure hits at the start,
 * middle and end poses and the box's corners at the end poses, preparing
 * each sweep once on the way, and runs the exact stages for the rest:
 * about 1,630 a sweep about its reference point, 2,700 about another
 * pivot, 2,560 pose to pose (at most 2,050 / 4,370 / 3,400 a sweep over a
 * call); the single test (prepare + test) about 3,400 typically turning
 * about the reference point and 3,200 pose to pose, at most about 13,700
 * and 19,600 (a near box whose slides and turn each run their exact
 * stages, all in 64-bit ARM code in ROM; the turn's exact start pose is
 * left out where the table start pose, which the slide before it
 * tested, holds it: every capsule, and the box lasers with |t_0| <= 2^16
 * turning about a point of the beam). A fixed box against a sweep
 * whose pivot moves takes, after the enclosing circle, the inscribed
 * circle's and the box's corners' sure hits at the first and last poses
 * instead of the inscribed circle's exact test. The batch forms work the
 * motion's bounding box out once per call (fxl__sweep_box) and reject far
 * boxes against it. */

/* True iff the (fixed) box touches the beam at some moment of the motion. */
bool fxl_sweep_vs_aabb(const fxl_sweep_prep *sp, fxl_aabb box);

/* The same for a box translating from `from` to lo = `to` (Q16.16). */
bool fxl_sweep_vs_moving_aabb(const fxl_sweep_prep *sp, fxl_aabb from, fxl_vec2 to);

/* Batch forms: bit i of hit_bits (ceil(n/32) words, may be NULL) for box
 * i; returns the number of hits. `to` gives each moving box's end lo. */
size_t fxl_sweep_vs_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *boxes, size_t n,
                          uint32_t *hit_bits);
size_t fxl_sweep_vs_moving_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *from,
                                 const fxl_vec2 *to, size_t n, uint32_t *hit_bits);

/* Tests n fixed boxes; writes the indices of the first `cap` hits, in
 * order, to out_idx (may be NULL when cap is 0). Returns the number of
 * hits (which may exceed cap). */
size_t fxl_sweep_collect_aabbs(const fxl_sweep_prep *sp, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap);

/* Many sweeps against one fixed box, as fxl_sweeps_vs_circle: bit i set
 * iff sweep i hits, *hits (may be NULL) the count; FXL_OK, the box's
 * fxl_aabb_check code (nothing hits), or the first refused sweep's code;
 * a NULL array with n > 0 gives FXL_ERR_NULL, *hits 0, no word written. */
fxl_result fxl_sweeps_vs_aabb(const fxl_sweep *sweeps, size_t n, fxl_aabb box,
                              uint32_t *hit_bits, size_t *hits);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_SWEEP_H */
