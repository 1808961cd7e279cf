/* fixlaser/laser.h - 2D lasers (rotated box or capsule) against circles.
 *
 * A laser is described by an fxl_laser value, prepared once per frame with
 * fxl_laser_prepare (validation, sin/cos, bounds), then tested against any
 * number of circles. Every yes/no answer is exact for the quantized inputs;
 * touching counts as a hit. See fixlaser.h for the domain and the exact
 * meaning of the beam frame. */
#ifndef FIXLASER_LASER_H
#define FIXLASER_LASER_H

#include "angle.h"
#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cross-section of a beam. */
typedef enum fxl_laser_kind {
    FXL_LASER_BOX = 0,    /* square ends: a rotated rectangle ("tokoroten") */
    FXL_LASER_CAPSULE = 1 /* round ends: segment swept by a disk ("pasta") */
} fxl_laser_kind;

/* A laser as the game describes it. */
typedef struct fxl_laser {
    fxl_laser_kind kind;
    fxl_laser_anchor anchor;
    fxl_vec2 pos;         /* Q16.16 emitter or middle, see anchor */
    fxl_angle angle;      /* 4096 steps per turn, any value */
    fix16_t length;       /* Q16.16 length of the beam's core segment, 0..FXL_SIZE_MAX */
    fix16_t half_width;   /* Q16.16 drawn half-width, 0..FXL_SIZE_MAX */
    fix16_t hit_fraction; /* Q16.16 0..1: hitbox half-width = half_width * this,
                           * rounded to nearest Q16.16, halves up (exact
                           * answers are for that rounded width) */
} fxl_laser;

/* A laser prepared for testing: what the exact test needs, nothing else.
 * The hitbox is the rectangle [u_lo, u_hi] x [v_lo, v_hi] of the beam frame
 * about pos (the "core": the beam for a box, its centre segment for a
 * capsule), grown by `round` in every direction. Frame coordinates of a
 * point p are u = cos*(px - pos.x) + sin*(py - pos.y) (along the beam) and
 * v = cos*(py - pos.y) - sin*(px - pos.x) (across it), both Q32.32. Its
 * fields are the library's: only fxl_laser_prepare writes them; read them
 * at most (one written otherwise is a broken precondition, config.h's
 * FXL_ASSERT). */
typedef struct fxl_laser_prep {
    fxl_vec2 pos;     /* Q16.16 frame origin: the emitter, the middle, or a pivot */
    int32_t cos;      /* Q16.16 table cosine of the angle */
    int32_t sin;      /* Q16.16 table sine of the angle */
    int64_t u_lo;     /* Q32.32 the core along the beam, relative to pos */
    int64_t u_hi;     /* Q32.32 */
    int64_t v_lo;     /* Q32.32 the core across the beam (a box's -half-width..+half-width) */
    int64_t v_hi;     /* Q32.32 */
    int32_t round;    /* Q16.16 radius added all round (a capsule's hitbox half-width; 0 for a box) */
    int32_t width;    /* Q16.16 hitbox half-width, box or capsule */
    fxl_vec2 bb_mid;     /* Q16.16 middle of a conservative bounding box (the first reject) */
    uint32_t bb_half_x;  /* Q16.16 its half-extents; 0: no box (a sweep's beams) */
    uint32_t bb_half_y;
    fxl_laser_kind kind;
} fxl_laser_prep;

/* A laser fired from `emitter` at `angle`; hit_fraction starts at 1.0. */
fxl_laser fxl_laser_from_emitter(fxl_laser_kind kind, fxl_vec2 emitter, fxl_angle angle,
                                fix16_t length, fix16_t half_width);

/* A laser given by its middle and half-length (<= FXL_SIZE_MAX / 2). */
fxl_laser fxl_laser_from_centre(fxl_laser_kind kind, fxl_vec2 centre, fxl_angle angle,
                                fix16_t half_length, fix16_t half_width);

/* FXL_OK if the laser is inside the documented domain, else the reason
 * (the checks of fxl_laser_prepare, without preparing). */
fxl_result fxl_laser_check(const fxl_laser *laser);

/* Validates `laser` and fills `out`; FXL_OK or the reason it is refused. */
fxl_result fxl_laser_prepare(const fxl_laser *laser, fxl_laser_prep *out);

/* True iff the circle touches or overlaps the prepared laser's hitbox.
 * Cost (GBA, ARM in ROM, docs/bench-gba.md): about 140 cycles for a circle
 * outside the laser's bounding box, at most about 490 near the hitbox. */
bool fxl_laser_vs_circle(const fxl_laser_prep *lp, fxl_circle circle);

/* True iff the point lies in the prepared laser's hitbox (edges included). */
bool fxl_laser_vs_point(const fxl_laser_prep *lp, fxl_vec2 point);

/* Tests n circles; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_laser_vs_circles(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits);

/* Tests n circles; writes the indices of the first `cap` hits, in order, to
 * out_idx (indices are size_t: any n). Returns the number of hits (which
 * may exceed cap). */
size_t fxl_laser_collect(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap);

/* True iff a circle moving straight from `from` to `to` (Q16.16) over the
 * frame touches the (fixed) laser at some moment: the segment its centre
 * traces against the hitbox, exact (fxl_sweep_vs_moving_circle of a sweep
 * that neither turns nor moves). */
bool fxl_laser_vs_moving_circle(const fxl_laser_prep *lp, fxl_circle from, fxl_vec2 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for circle i moving from from[i] to to[i]; returns the number of hits. */
size_t fxl_laser_vs_moving_circles(const fxl_laser_prep *lp, const fxl_circle *from,
                                   const fxl_vec2 *to, size_t n, uint32_t *hit_bits);

/* Many lasers against one circle (the player), each prepared and tested in
 * one pass with no fxl_laser_prep in between: the fast path for lasers that
 * move every frame. Laser i is validated exactly as fxl_laser_prepare does
 * and tested exactly as fxl_laser_vs_circle does; bit i of hit_bits
 * (ceil(n/32) words, may be NULL) is set iff it hits, *hits (may be NULL)
 * gets the count. A laser fxl_laser_prepare would refuse never hits; the
 * result is FXL_OK or the first refused laser's code. lasers may be NULL
 * when n is 0; a NULL array with n > 0 gives FXL_ERR_NULL, *hits 0, no
 * word written. Cost (GBA, ARM in IWRAM, docs/bench-gba.md): about 80
 * cycles a laser far from the circle, 185 (at most 200) within a few px
 * of its hitbox, where the exact frame test runs in registers. */
fxl_result fxl_lasers_vs_circle(const fxl_laser *lasers, size_t n, fxl_circle circle,
                                uint32_t *hit_bits, size_t *hits);

/* Boxes as targets (enemies', sprites' and tiles' rectangular hitboxes).
 * Each mirrors the circle call of the same row; a box is fxl_aabb (base.h:
 * closed, lo <= hi, |coords| <= FXL_COORD_MAX, checked by FXL_ASSERT like
 * a circle), and it hits iff one of its points is a hit of
 * fxl_laser_vs_point: exact, touching counts. Domain: any laser
 * fxl_laser_prepare accepts and any box fxl_aabb_check accepts; other
 * int32 values give a meaningless answer, never undefined behaviour.
 * COSTS (GBA cycles, docs/bench-gba.md; the player's 4 x 4 px square):
 * fxl_laser_prepare + fxl_laser_vs_aabb about 860 far, 1,280 near (at most
 * about 3,900: a capsule's rounded end, in exact 64-bit ARM code in ROM);
 * fxl_lasers_vs_aabb about 93 and 450 a laser. */

/* True iff the box touches or overlaps the prepared laser's hitbox. */
bool fxl_laser_vs_aabb(const fxl_laser_prep *lp, fxl_aabb box);

/* Tests n boxes; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_laser_vs_aabbs(const fxl_laser_prep *lp, const fxl_aabb *boxes, size_t n,
                          uint32_t *hit_bits);

/* Tests n boxes; writes the indices of the first `cap` hits, in order, to
 * out_idx. Returns the number of hits (which may exceed cap). */
size_t fxl_laser_collect_aabbs(const fxl_laser_prep *lp, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap);

/* True iff a box translating straight over the frame, its lo going from
 * from.lo to `to` (Q16.16, in the domain; the size is kept), touches the
 * (fixed) laser at some moment: the box swept along the segment against the
 * hitbox, exact. */
bool fxl_laser_vs_moving_aabb(const fxl_laser_prep *lp, fxl_aabb from, fxl_vec2 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for box i moving from from[i] to to[i]; returns the number of hits. */
size_t fxl_laser_vs_moving_aabbs(const fxl_laser_prep *lp, const fxl_aabb *from,
                                 const fxl_vec2 *to, size_t n, uint32_t *hit_bits);

/* Many lasers against one box, as fxl_lasers_vs_circle against a circle:
 * laser i validated as fxl_laser_prepare does and tested as
 * fxl_laser_vs_aabb does; bit i of hit_bits (ceil(n/32) words, may be
 * NULL), *hits (may be NULL) the count; FXL_OK or the first refused code
 * (a box fxl_aabb_check refuses: its code, nothing hits). */
fxl_result fxl_lasers_vs_aabb(const fxl_laser *lasers, size_t n, fxl_aabb box,
                              uint32_t *hit_bits, size_t *hits);

/* The drawn quad at the full render width, Q16.16 rounded to nearest, in
 * drawing order: start-left, end-left, end-right, start-right ("left" is
 * the -90 step side). A capsule adds half-circle caps beyond start and end.
 * Any int32 position, length and width: a coordinate beyond the int32
 * range saturates (meaningless outside the domain, never undefined).
 * laser must not be NULL (FXL_ASSERT; a release build draws a zero laser
 * at the origin), nor the outputs. */
void fxl_laser_quad(const fxl_laser *laser, fxl_vec2 out[4]);

/* The two ends of the beam's core segment, Q16.16 rounded to nearest
 * (saturated as fxl_laser_quad's). */
void fxl_laser_ends(const fxl_laser *laser, fxl_vec2 *start, fxl_vec2 *end);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_LASER_H */
