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

/* What fxl_laser.pos names. */
typedef enum fxl_laser_anchor {
    FXL_ANCHOR_ORIGIN = 0, /* pos is the emitter; the beam runs from it along angle */
    FXL_ANCHOR_CENTRE = 1  /* pos is the middle of the beam */
} fxl_laser_anchor;

/* A laser as the game describes it. */
typedef struct fxl_laser {
    fxl_laser_kind kind;
    fxl_laser_anchor anchor;
    fxl_vec2 pos;         /* Q16.16 emitter or middle, see anchor */
    fxl_angle angle;      /* 4096 steps per turn, any value */
    fix16_t length;       /* Q16.16 length of the beam's core segment, 0..FXL_SIZE_MAX */
    fix16_t half_width;   /* Q16.16 drawn half-width, 0..FXL_SIZE_MAX */
    fix16_t hit_fraction; /* Q16.16 0..1: hitbox half-width = half_width * this */
} fxl_laser;

/* A laser prepared for testing: what the hot test needs, nothing else. */
typedef struct fxl_laser_prep {
    fxl_vec2 pos;      /* Q16.16 reference point (the emitter or the middle) */
    int32_t cos;       /* Q16.16 table cosine of the angle */
    int32_t sin;       /* Q16.16 table sine of the angle */
    int64_t mid;       /* Q32.32 along-beam offset of the hitbox middle from pos */
    int64_t half_len;  /* Q32.32 half-length of the core segment */
    int64_t half_wid;  /* Q32.32 across half-extent of the core (box; 0 for capsule) */
    int64_t round;     /* Q32.32 radius added all round (capsule; 0 for box) */
    fxl_vec2 bb_mid;   /* Q16.16 middle of a conservative bounding box */
    uint32_t bb_half_x; /* Q16.16 its half-extent in x */
    uint32_t bb_half_y; /* Q16.16 its half-extent in y */
    int32_t cos12;     /* Q4.12 cos / 16 (truncated), for the coarse reject */
    int32_t sin12;     /* Q4.12 sin / 16 (truncated) */
    uint32_t across;   /* Q16.16 hitbox half-width across the beam (box or round) */
    fxl_laser_kind kind;
} fxl_laser_prep;

/* A laser fired from `origin` at `angle`; hit_fraction starts at 1.0. */
fxl_laser fxl_laser_from_origin(fxl_laser_kind kind, fxl_vec2 origin, fxl_angle angle,
                                fix16_t length, fix16_t half_width);

/* A laser given by its middle and half-length (<= FXL_SIZE_MAX / 2). */
fxl_laser fxl_laser_from_centre(fxl_laser_kind kind, fxl_vec2 centre, fxl_angle angle,
                                fix16_t half_length, fix16_t half_width);

/* Validates `laser` and fills `out`; FXL_OK or the reason it is refused. */
fxl_result fxl_laser_prepare(const fxl_laser *laser, fxl_laser_prep *out);

/* True iff the circle touches or overlaps the prepared laser's hitbox. */
bool fxl_laser_vs_circle(const fxl_laser_prep *lp, fxl_circle circle);

/* True iff the point lies in the prepared laser's hitbox (edges included). */
bool fxl_laser_vs_point(const fxl_laser_prep *lp, fxl_vec2 point);

/* Tests n circles; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_laser_vs_circles(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits);

/* Tests n circles; writes the indices of the first `cap` hits, in order, to
 * out_idx. Returns the number of hits (which may exceed cap). */
size_t fxl_laser_collect(const fxl_laser_prep *lp, const fxl_circle *circles, size_t n,
                         uint16_t *out_idx, size_t cap);

/* The drawn quad at the full render width, Q16.16 rounded to nearest, in
 * drawing order: start-left, end-left, end-right, start-right ("left" is
 * the -90 step side). A capsule adds half-circle caps beyond start and end. */
void fxl_laser_quad(const fxl_laser *laser, fxl_vec2 out[4]);

/* The two ends of the beam's core segment, Q16.16 rounded to nearest. */
void fxl_laser_ends(const fxl_laser *laser, fxl_vec2 *start, fxl_vec2 *end);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_LASER_H */
