/* gen.h - random in-domain lasers and circles for the property tests, with
 * half of the circles placed within a few Q16 steps of the boundary, and
 * the tally that lets an exact reference decide the cases there. */
#ifndef FXLT_GEN_H
#define FXLT_GEN_H

#include "fixlaser.h"
#include "harness.h"
#include "ref.h"

/* A random laser of the given kind: mostly game-sized (up to 512 px), one
 * in eight at the edges of the domain (coordinates near +-16384 px, sizes up
 * to 4096 px); angles uniform, with extra weight on 0/1024/2048/3072 +-2. */
fxl_laser gen_laser(fxlt_rng *rng, fxl_laser_kind kind);

/* A random 3D laser of the given kind within 500 px of the origin (the
 * moving-target suites'): either anchor, up to 300 px long (one in eight
 * under 2 px) and 16 px wide (one in eight 0), yaw and pitch uniform with
 * extra weight on the quarter turns, the egg's k in 0..1 (one in eight 0). */
fxl_laser3d gen_laser3d(fxlt_rng *rng, fxl_laser3d_kind kind);

/* A point near the laser (within its reach plus 64 px), clamped to the domain. */
fxl_vec2 gen_point_near(fxlt_rng *rng, const fxl_laser *l);

/* A point within a few raw steps of the hitbox's boundary (an edge, or a
 * capsule's rounded part), clamped to the domain. */
fxl_vec2 gen_point_on_boundary(fxlt_rng *rng, const ref_laser *L);

/* A radius for a circle at p: random, or (near = true) the radius that just
 * touches the hitbox by the reference, plus -3..3 raw steps. */
fix16_t gen_radius(fxlt_rng *rng, const ref_laser *L, fxl_vec2 p, bool near);

/* Motions for the swept-test property tests. */
typedef enum gen_motion {
    GEN_TURN_EMITTER, /* an emitter-anchored laser turning about its emitter */
    GEN_TURN_MIDDLE,  /* turning about its middle (a propeller) */
    GEN_TURN_OFFBEAM, /* turning about a pivot on or off the beam */
    GEN_SLIDE,        /* translation only */
    GEN_POSE,         /* pose to pose: translation and a turn */
    GEN_MOVING,       /* any pivot, turn and move; the circle moves too */
    GEN_MOTIONS
} gen_motion;

/* A step: mostly uniform in -2048..2048, some tiny, some +-2048, some small. */
int32_t gen_step(fxlt_rng *rng);

/* A sweep fxl_sweep_prepare accepts, of the given motion: game-sized
 * mostly, one in eight at the edges of the domain (gen_laser's). */
fxl_sweep gen_sweep(fxlt_rng *rng, gen_motion motion);

/* A point near the region the sweep covers: uniform around it, or just
 * outside an arc a corner of the hitbox sweeps, or just outside a corner
 * of an end beam. Inside the domain. */
fxl_vec2 gen_sweep_point(fxlt_rng *rng, const fxl_sweep *s);

/* Where a circle starting at p goes over the frame (for moving circles). */
fxl_vec2 gen_move_end(fxlt_rng *rng, fxl_vec2 p, bool extreme);

/* True for a sweep at the edges of the domain (long beams, far pivots). */
bool gen_sweep_extreme(const fxl_sweep *s);

/* Tally of a property test. The double reference's signed margin (px, hit
 * iff <= 0) decides a case unless it lies within TALLY_BAND px of the
 * boundary, where no double can be trusted; there an exact reference
 * decides: the caller computes its answer when tally_close(margin) (pass
 * anything otherwise), e.g. tally_add(&t, got, m, near, tally_close(m) &&
 * exact_...(...)). A disagreement with whichever decides fails the test. */
#define TALLY_BAND 1e-4
#define TALLY_BAND_TEXT "1e-4"

typedef struct fxlt_tally {
    uint32_t cases, near;
    uint32_t exact;    /* decided by the exact reference */
    uint32_t ties;     /* of those, within 1e-9 px */
    uint32_t flips;    /* of those, where the double's sign was the wrong one */
    uint32_t disagree; /* the library against the deciding reference */
    double flip_max;   /* the largest |margin| among the flips (px) */
} fxlt_tally;
#define FXLT_TALLY_ZERO {0, 0, 0, 0, 0, 0, 0.0}

bool tally_close(double margin);
void tally_add(fxlt_tally *t, bool got, double margin, bool near, bool exact);
void tally_report(const char *what, const fxlt_tally *t);

#endif
