/* fixlaser/beam.h - a laser as a game object: fired from an emitter,
 * turning about a pivot (which may be the emitter) that may move, growing
 * and shrinking, with a warning phase (drawn thin, harmless), an active
 * phase and a fading phase (harmless), a graze band for scoring near misses,
 * a hit depth for damage falloff, and eased turns that stop exactly on
 * their target. Each frame's hit test is the exact swept test (sweep.h) of
 * the whole motion since the previous frame: the turn about the pivot and
 * the pivot's move.
 *
 * The hitbox is fixed in the beam's frame about the pivot: the emitter sits
 * at the frame offset o = offset turned by -offset_angle (rounded to
 * Q16.16), the beam runs from there along the frame's axis. For a pivot at
 * the emitter (offset zero) it is exactly the laser fxl_beam_laser gives;
 * otherwise the drawn laser, placed at the rounded emitter, differs from it
 * by under one raw unit plus 1.1e-5 of the distance to the pivot.
 *
 * Contracts (tests/test_misuse.c checks each):
 *   - Rounding: every turn of the offset uses the table's sine and cosine
 *     (fxl_sin, fxl_cos: 65536 = 1) and rounds the Q32.32 product to the
 *     nearest raw unit, halves up (towards +infinity: 2.5 -> 3,
 *     -2.5 -> -2). The emitter is rounded twice: o, then o turned by angle.
 *   - One frame's turn is fxl_angle_diff(angle, prev_angle), wrapped into
 *     -2048..2047 steps. An angle set directly more than half a turn from
 *     last frame's is swept the short way round (+3000 steps as -1096:
 *     what lies on the long way is not hit), exactly half a turn as -2048
 *     (clockwise). fxl_beam_turn_by's steps never wrap (|delta| <= 2048,
 *     spread over its frames); spread a longer turn over frames yourself.
 *   - The graze band is the hitbox of the same beam with its hitbox
 *     half-width (half_width * hit_fraction) grown by graze_extra, nothing
 *     else: beside a box beam only, never past its far end or behind its
 *     emitter; a capsule's round ends grow with it, so its band also rounds
 *     its ends. */
#ifndef FIXLASER_BEAM_H
#define FIXLASER_BEAM_H

#include "laser.h"
#include "sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fxl_phase {
    FXL_PHASE_WARNING = 0, /* drawn thin, never hits */
    FXL_PHASE_ACTIVE = 1,  /* hits */
    FXL_PHASE_FADING = 2,  /* drawn fading, never hits */
    FXL_PHASE_DONE = 3     /* gone */
} fxl_phase;

/* A laser object. Set the fields directly after fxl_beam_init. */
typedef struct fxl_beam {
    fxl_laser_kind kind;
    fxl_vec2 pivot;        /* Q16.16 rotation centre (move it after fxl_beam_update) */
    fxl_vec2 prev_pivot;   /* Q16.16 last frame's (fxl_beam_update keeps it) */
    fxl_vec2 offset;       /* Q16.16 emitter - pivot when angle == offset_angle */
    fxl_angle offset_angle; /* 4096 steps per turn */
    fxl_angle angle;       /* 4096 steps per turn: this frame */
    fxl_angle prev_angle;  /* last frame's (fxl_beam_update keeps it) */
    fix16_t length;        /* Q16.16, may change every frame */
    fix16_t half_width;    /* Q16.16 drawn half-width when active */
    fix16_t hit_fraction;  /* Q16.16 0..1 of the drawn width that hits */
    fix16_t graze_extra;   /* Q16.16 width of the graze band outside the hitbox,
                            * across the beam (a box's ends get none: above) */
    int32_t warning_frames, active_frames, fading_frames; /* phase lengths */
    int32_t age;           /* frames since the laser appeared */
    fxl_ease turn;         /* the current eased turn (frames == 0: none) */
} fxl_beam;

/* The beam prepared for one frame's tests. Its fields are the library's:
 * only fxl_beam_prepare writes them; read them at most (one written
 * otherwise is a broken precondition, config.h's FXL_ASSERT). */
typedef struct fxl_beam_prep {
    fxl_phase phase;
    fxl_sweep_prep hit;    /* the hitbox over the motion since last frame */
    fxl_sweep_prep graze;  /* the same grown by the graze band */
} fxl_beam_prep;

/* What a circle got this frame. */
typedef struct fxl_beam_hit {
    bool hit;       /* touched the hitbox (at some angle of this frame's turn) */
    bool graze;     /* touched the graze band but not the hitbox */
    fix16_t depth;  /* Q16.16 1 on the beam's centre line .. 0 at the hitbox edge */
} fxl_beam_hit;

/* A beam fired from emitter at angle, turning about the emitter itself,
 * active at once (no warning), hit fraction 1, no graze band. */
void fxl_beam_init(fxl_beam *b, fxl_laser_kind kind, fxl_vec2 emitter, fxl_angle angle,
                   fix16_t length, fix16_t half_width);

/* Where the beam starts this frame: the pivot plus the offset turned by
 * -offset_angle, then by angle, each turn with the table and rounded to
 * nearest, halves up (above); the pivot itself for a zero offset. */
fxl_vec2 fxl_beam_emitter(const fxl_beam *b);

/* The phase at the beam's age. */
fxl_phase fxl_beam_phase(const fxl_beam *b);

/* The laser to draw this frame: the warning phase's is 1/8 of the width. */
fxl_laser fxl_beam_laser(const fxl_beam *b);

/* Starts an eased turn of delta steps over frames (>= 1; less counts as 1).
 * delta wraps into -2048..2047 like any angle difference (3000 turns -1096). */
void fxl_beam_turn_by(fxl_beam *b, int32_t delta, int32_t frames);

/* One frame: keeps this frame's angle and pivot as last frame's, ages the
 * beam and advances its eased turn. Move the pivot after this call. */
void fxl_beam_update(fxl_beam *b);

/* Prepares this frame's tests (after fxl_beam_update and any pivot move).
 * Checks every field, whatever the phase: FXL_OK or the reason (a pivot
 * offset beyond FXL_COORD_MAX: FXL_ERR_PIVOT_RANGE; hitbox plus graze width
 * beyond FXL_SIZE_MAX: FXL_ERR_WIDTH_RANGE). */
fxl_result fxl_beam_prepare(const fxl_beam *b, fxl_beam_prep *out);

/* Hit, graze and depth for one circle: exact over the frame's motion (the
 * turn fxl_angle_diff(angle, prev_angle) about the pivot, never more than
 * half a turn: above; the pivot's move: sweep.h). Depth is measured across
 * this frame's beam. bp must come from fxl_beam_prepare (FXL_OK): a checked
 * build traps on a zeroed or garbage one, which would read as the warning
 * phase and never hit. */
fxl_beam_hit fxl_beam_test(const fxl_beam_prep *bp, fxl_circle circle);

/* Many prepared beams against one circle (the player): out[i] (n entries)
 * gets exactly fxl_beam_test(&bps[i], circle). Returns the number of
 * beams that hit (h.hit). bps and out may be NULL when n is 0. */
size_t fxl_beams_test(const fxl_beam_prep *bps, size_t n, fxl_circle circle, fxl_beam_hit *out);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_BEAM_H */
