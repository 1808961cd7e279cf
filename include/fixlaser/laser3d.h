/* fixlaser/laser3d.h - lasers in 3D against spheres and axis-aligned 3D
 * boxes (fxl_aabb3, below): a beam with a yaw (turn about Z) and a pitch
 * (turn about Y), with a square ("box"), round ("cylinder") or egg-shaped
 * cross-section.
 *
 * The frame. A point's offset d from the laser's reference point is turned
 * back exactly as drawing turned the beam, with the table's sin and cos:
 * about Z by -yaw, then about Y by -pitch:
 *     x1 =  cy*dx + sy*dy          y =  -sy*dx + cy*dy
 *     x  =  cp*x1 - sp*dz          z  =   sp*x1 + cp*dz
 * (the beam runs along +x, all products kept exactly in Q16.48). Every
 * yes/no answer is exact for that frame, like the 2D tests.
 *
 * Domain. Coordinates |v| <= FXL_COORD3_MAX (2^27 - 1, just under 2048 px),
 * length, half-width and radius <= FXL_SIZE3_MAX (2^26 - 1, under 1024 px).
 * Why: differences stay below 2^28; |x1|, |y| < 2^45 (Q32); |x|, |y|, |z|
 * < 2^61.3 in Q48; the three squares of the hit test then sum below 2^126,
 * inside the 128-bit compare (the cylinder's rim needs 256 bits, done with
 * the same limb arithmetic). */
#ifndef FIXLASER_LASER3D_H
#define FIXLASER_LASER3D_H

#include "angle.h"
#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FXL_COORD3_MAX INT32_C(0x07FFFFFF) /* Q16.16, 2^27 - 1 */
#define FXL_SIZE3_MAX INT32_C(0x03FFFFFF) /* Q16.16, 2^26 - 1 */

typedef struct fxl_vec3 {
    fix16_t x, y, z; /* Q16.16 */
} fxl_vec3;

typedef struct fxl_sphere {
    fxl_vec3 c; /* Q16.16 centre */
    fix16_t r;  /* Q16.16 radius */
} fxl_sphere;

/* Cross-sections. */
typedef enum fxl_laser3d_kind {
    FXL_LASER3D_BOX = 0,      /* |x| <= L, |y| <= W, |z| <= W, rounded by the radius */
    FXL_LASER3D_CYLINDER = 1, /* y^2 + z^2 <= W^2 with flat ends |x| <= L, rounded */
    FXL_LASER3D_EGG = 2       /* k x^2 + y^2 + z^2 <= (W + r)^2 about the middle */
} fxl_laser3d_kind;

/* A 3D laser as the game describes it. */
typedef struct fxl_laser3d {
    fxl_laser3d_kind kind;
    fxl_laser_anchor anchor; /* pos is the emitter (beam along +x) or the middle */
    fxl_vec3 pos;            /* Q16.16 */
    fxl_angle yaw;           /* 4096 steps per turn, about Z (x towards y) */
    fxl_angle pitch;         /* 4096 steps per turn, about Y (x towards -z) */
    fix16_t length;          /* Q16.16 full length 2L, 0..FXL_SIZE3_MAX */
    fix16_t half_width;      /* Q16.16 W, 0..FXL_SIZE3_MAX */
    fix16_t egg_k;           /* Q16.16 0..1: the egg's weight on the length axis x */
} fxl_laser3d;

/* Prepared for testing. Its fields are the library's: only
 * fxl_laser3d_prepare fills them (their meaning may change between
 * versions); read them at most. The last ones are what every box test
 * would otherwise recompute (laser3d_box.c names the frame's rows m_i,
 * edges e'_i and D'). */
typedef struct fxl_laser3d_prep {
    fxl_vec3 pos;            /* Q16.16 */
    int32_t cy, sy, cp, sp;  /* Q16.16 table values of yaw and pitch */
    int64_t mid;             /* Q16.48 along-beam offset of the middle from pos */
    int64_t half_len;        /* Q16.48 L */
    int64_t half_wid;        /* Q16.48 W */
    int32_t egg_k;           /* Q16.16 */
    fxl_vec3 bb_mid;         /* Q16.16 middle of a conservative bounding box */
    uint32_t bb_half[3];     /* Q16.16 its half-extents (x, y, z) */
    fxl_laser3d_kind kind;
    int64_t box_len;         /* Q16.48 the box tests' half-length: L, an egg's Le (or 2^61, unbounded) */
    int32_t et[3][3];        /* Q2.30 floor(e'_i[k] / 2^18): the edges e'_i (Q16.48) rounded down */
    uint32_t dd;             /* Q3.29 floor(D' / 2^35), D' = 2^16 q p (Q16.64) */
    uint32_t near_sk;        /* Q16 floor(sqrt(k)), the egg's; 0 otherwise (laser3d_near.c) */
    uint32_t near_ik;        /* ceil(2^31 / k), the egg's (k > 0); 0 otherwise */
    uint32_t near_rec[3];    /* Q16 the cylinder's and egg's box search: its steps */
    int16_t near_r[3][3];    /* Q2.14 and its directions (laser3d_near.c) */
} fxl_laser3d_prep;

/* Validates and prepares; FXL_OK or the reason (an unknown kind
 * FXL_ERR_KIND, an unknown anchor FXL_ERR_ANCHOR, coordinates against
 * FXL_COORD3_MAX, sizes against FXL_SIZE3_MAX, an egg's k outside 0..1
 * FXL_ERR_FRACTION_RANGE; the other kinds ignore k). */
fxl_result fxl_laser3d_prepare(const fxl_laser3d *laser, fxl_laser3d_prep *out);

/* True iff the sphere touches or overlaps the laser (exact, see above). */
bool fxl_laser3d_vs_sphere(const fxl_laser3d_prep *lp, fxl_sphere sphere);

/* Tests n spheres; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_laser3d_vs_spheres(const fxl_laser3d_prep *lp, const fxl_sphere *spheres, size_t n,
                              uint32_t *hit_bits);

/* The 8 corners of a box laser's drawn box (Q16.16, rounded to nearest,
 * halves up): x = -L, +L (bit 2 of the index), y = -W, +W (bit 1), z = -W,
 * +W (bit 0). Any int32 fields: outside the domain a coordinate beyond the
 * int32 range saturates. */
void fxl_laser3d_corners(const fxl_laser3d *laser, fxl_vec3 out[8]);

/* The two end centres of the beam's core (x = -L and +L), Q16.16, rounded
 * and saturated the same way. */
void fxl_laser3d_ends(const fxl_laser3d *laser, fxl_vec3 *start, fxl_vec3 *end);

/* ---- many lasers, index lists, and 3D boxes as targets (issue 23) ---- */

/* Tests n spheres; writes the indices of the first `cap` hits, in order, to
 * out_idx (indices are size_t: any n). Returns the number of hits (which
 * may exceed cap). */
size_t fxl_laser3d_collect(const fxl_laser3d_prep *lp, const fxl_sphere *spheres, size_t n,
                           size_t *out_idx, size_t cap);

/* Many 3D lasers against one sphere (the player), each prepared and tested
 * in one pass: laser i is validated exactly as fxl_laser3d_prepare does and
 * tested exactly as fxl_laser3d_vs_sphere does; bit i of hit_bits
 * (ceil(n/32) words, may be NULL) is set iff it hits, *hits (may be NULL)
 * gets the count. A laser fxl_laser3d_prepare would refuse never hits; the
 * result is FXL_OK or the first refused laser's code. A sphere outside the
 * domain (coordinates beyond FXL_COORD3_MAX: FXL_ERR_COORD_RANGE, a radius
 * below 0 or above FXL_SIZE3_MAX: FXL_ERR_RADIUS_NEGATIVE / _RANGE) is hit
 * by nothing and its code is returned first. lasers may be NULL when n is
 * 0; a NULL array with n > 0 gives FXL_ERR_NULL, *hits 0, no word written. */
fxl_result fxl_lasers3d_vs_sphere(const fxl_laser3d *lasers, size_t n, fxl_sphere sphere,
                                  uint32_t *hit_bits, size_t *hits);

/* An axis-aligned 3D box, closed (its faces count): lo <= hi on each axis.
 * Domain: every coordinate within +-FXL_COORD3_MAX (then every answer
 * below is exact and nothing overflows); a box outside it gets a
 * meaningless answer (its coordinates are clamped to +-2^27), never
 * undefined behaviour; an inverted box (hi < lo on an axis) is empty and
 * never hit (a checked build traps on either). */
typedef struct fxl_aabb3 {
    fxl_vec3 lo; /* Q16.16 lowest corner */
    fxl_vec3 hi; /* Q16.16 highest corner */
} fxl_aabb3;

/* True iff the box touches or overlaps the laser, exact for all three
 * kinds, for the frame above (x, y, z exactly as the sphere test computes
 * them; touching is a hit). Box laser: |x| <= L, |y| <= W, |z| <= W, a
 * separating-axis test on the 15 axes of the two parallelepipeds in
 * integers, behind a proven filter (src/laser3d_box.c). Cylinder: y^2 +
 * z^2 <= W^2 with |x| <= L (flat ends); egg: k x^2 + y^2 + z^2 <= W^2
 * about the middle (the sphere tests' shapes with r = 0). Both first
 * look at a box point of about the least value of the shape's quadratic
 * (src/laser3d_near.c: from the box corner deepest along the descent, one
 * sweep of rounded 32-bit steps; the cylinder after the box's inscribed
 * ball): the point inside the shape is a sure hit, and the plane along
 * the shape's gradient there (for a cylinder whose point lies beyond a
 * cap, its square prism's cap-edge planes and the cap's plane) with the
 * whole box beyond the shape's support a sure miss, each proven in 64
 * bits. What that leaves (boxes within about 2^-20 of touching,
 * relative) takes the older cheap look (the inscribed ball, the gradient
 * plane at the box's centre), then the box laser's test of their bounding
 * prism (the cylinder's square prism, the egg's box |x| <= Le, |y|, |z| <=
 * W): a miss there is a miss; then the exact stage: the least of the
 * shape's quadratic over the box (cut by the slab |x| <= L for the
 * cylinder) by active sets, every sign exact (src/laser3d_round.c). Cost
 * on the GBA (docs/bench-gba.md, median / max of 256 boxes at the
 * surface): a far box about 250 cycles; at the surface 1,950 / 4,300 (box
 * laser), 2,000 / 7,700 (cylinder) or 3,400 / 4,700 (egg); the exact
 * stage, rarely reached now, up to about 70,000. Domain as above: every
 * coordinate within +-FXL_COORD3_MAX. */
bool fxl_laser3d_vs_aabb3(const fxl_laser3d_prep *lp, fxl_aabb3 box);

/* Tests n boxes; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_laser3d_vs_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *boxes, size_t n,
                             uint32_t *hit_bits);

/* Tests n boxes; writes the indices of the first `cap` hits, in order, to
 * out_idx. Returns the number of hits (which may exceed cap). */
size_t fxl_laser3d_collect_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *boxes, size_t n,
                                  size_t *out_idx, size_t cap);

/* Many 3D lasers against one box, as fxl_lasers3d_vs_sphere: laser i
 * validated as fxl_laser3d_prepare and tested as fxl_laser3d_vs_aabb3. A
 * box outside the domain (FXL_ERR_COORD_RANGE) or inverted
 * (FXL_ERR_BOX_INVERTED) is hit by nothing and its code is returned first. */
fxl_result fxl_lasers3d_vs_aabb3(const fxl_laser3d *lasers, size_t n, fxl_aabb3 box,
                                 uint32_t *hit_bits, size_t *hits);

/* True iff the sphere `from`, its centre moving straight from from.c to
 * `to` (Q16.16) over the frame, touches the laser at some moment: the swept
 * sphere (a capsule) against the laser, every real moment of the move, as
 * fxl_laser_vs_moving_circle. A zero move is fxl_laser3d_vs_sphere
 * exactly, and a hit at either end is a hit. Exact for all three kinds,
 * for the frame above (src/laser3d_moving.c): the box laser by the regions
 * of its rounded box; the egg's k x^2 + y^2 + z^2 along the path is a
 * quadratic in t, its least value compared exactly; the cylinder's path
 * comes within r of the solid cylinder, whose distance is convex along
 * the path: a ternary search of it in 32-bit integers with every rounding
 * bounded decides all but paths within about 2^-12 of the path's span of
 * touching (about 1.6% of random paths near the laser); those are decided
 * exactly: the fat tube (|x| <= L, rho <= W + r, rho = sqrt(y^2 + z^2))
 * and the disc slab (rho <= W, |x| <= L + r), each a convex quadratic in
 * t over an interval, then each rim: the same search against the rim's
 * disc in 32 and then 64 bits, and only within about 2^-27 of touching a
 * quartic in t, behind staircases of tubes, by a Sturm count in big
 * integers (src/laser3d_moving_rim.c).
 * Cost of the cylinder on the GBA (mGBA, sphere radius 2..5 px moving up
 * to 16 px a step, W = 6 px, L = 125 px; 1,024 paths each): a far sphere
 * 1,236 cycles; one near the tube's side median 1,840 (p99 18,700, max
 * 117,000); one near a rim median 9,800 (p99 23,900, max 207,000; before
 * the filters 23,600, p99 723,000, max 1.68 million). The quartic (about
 * 1.2 million) is reached only within a hair of touching a rim (none of
 * 800,000 random near-rim paths on the host). Stack: 3.75 KB
 * at the deepest (tools/stack_depth.py). Domain as the sphere test;
 * outside it a meaningless answer, never undefined behaviour. */
bool fxl_laser3d_vs_moving_sphere(const fxl_laser3d_prep *lp, fxl_sphere from, fxl_vec3 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for sphere i moving from from[i] to to[i]; returns the number of hits. */
size_t fxl_laser3d_vs_moving_spheres(const fxl_laser3d_prep *lp, const fxl_sphere *from,
                                     const fxl_vec3 *to, size_t n, uint32_t *hit_bits);

/* True iff the box, translating straight over the frame with its lo going
 * from box.lo to `to` (Q16.16; the same size), touches the laser at some
 * real moment (closed sets: touching counts), as fxl_laser_vs_moving_aabb.
 * A zero move is fxl_laser3d_vs_aabb3 exactly, and a hit at either end is a
 * hit. Box laser: exact, for the frame above (on each of the static
 * test's 15 separating axes the moments of no gap are an interval of t;
 * the move hits iff those meet within [0, 1], in integers behind proven
 * filters: src/laser3d_box_moving.c). Cylinder and egg: exact too: each
 * end by fxl_laser3d_vs_aabb3 (the start by its first stages: the
 * cylinder's inscribed ball, the near look), the path against the
 * bounding prism (the cylinder's square prism |y|, |z| <= W; the egg's
 * box |x| <= Le, |y|, |z| <= W about the middle, Le as above; a miss
 * there is a miss), before the end's test a 64-bit sure miss (the slab |x|
 * <= L (Le), the swept body's shadow along the beam against the disc of
 * radius W (the egg's narrowed to its radius at the body's least |x|) by
 * five directions with every rounding bounded, past the egg's middle the
 * cone below its radius's tangent, the world's z axis exactly:
 * src/laser3d_box_moving_shadow.c; the cylinder runs its first part, the
 * slab, the world's z beyond a cap or the direction most nearly along
 * the shadow's centre, between the inscribed ball and the near look), a
 * quick look (a point of the swept body of about the least value of the
 * shape's quadratic, by rounded 64-bit descent: inside the shape a sure
 * hit, the shape's gradient plane there, tried after each of the first
 * three descent sweeps and at the end, with the whole body beyond it a
 * sure miss, both exact; the egg's before its prism, which it mostly
 * makes needless), then the least of that quadratic (y^2 + z^2
 * within the slab |x| <= L; k x^2 + y^2 + z^2) over the swept body (the
 * box plus [0, 1] of the move) by active sets in (box point, moment): the
 * egg's middle or the cylinder's cap centres in it, the 8 corners' paths
 * (and where they cross a cap) and the 12 parallelograms of a box edge
 * and the move (and their lines on a cap), every sign exact in up to
 * 333-bit integers (src/laser3d_box_moving_round.c). GBA (256 boxes at
 * the surface moving (3, -2, 1) px, median / max): box laser 2,516 /
 * 7,495 cycles, cylinder 2,505 / 9,897, egg 3,619 / 13,207 (current
 * figures: docs/bench-gba.md; where they go: docs/tuning.md); the
 * exact stage, when the quick look cannot decide, up to about 1,500,000.
 * Stack: 3.0 KB at the deepest (tools/stack_depth.py).
 * Domain: the box, `to` and the end box (to + hi - lo) within
 * +-FXL_COORD3_MAX; outside it a meaningless answer, never undefined
 * behaviour; an inverted box is never hit. */
bool fxl_laser3d_vs_moving_aabb3(const fxl_laser3d_prep *lp, fxl_aabb3 box, fxl_vec3 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for box i moving from from[i] to to[i]; returns the number of hits. */
size_t fxl_laser3d_vs_moving_aabb3s(const fxl_laser3d_prep *lp, const fxl_aabb3 *from,
                                    const fxl_vec3 *to, size_t n, uint32_t *hit_bits);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_LASER3D_H */
