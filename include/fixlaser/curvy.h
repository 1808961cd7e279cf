/* fixlaser/curvy.h - curvy lasers: a trail of nodes left by a moving head
 * (Danmakufu's curvy lasers, LuaSTG's bent lasers), tested exactly.
 *
 * Storage. The trail is a ring of fxl_curvy_node in the caller's memory
 * (no malloc), plus bounding boxes (one per FXL_CURVY_CHUNK ring slots and
 * a spare), also the caller's: declare them with FXL_CURVY_BOXES(cap); the
 * whole trail's box and a copy of the head's chunk's live in fxl_curvy. Each frame the game pushes the head's new position;
 * the oldest nodes are dropped when the ring is full or the trail's length
 * passes its budget. Positions and half-widths are written by
 * fxl_curvy_push only (the boxes rely on them); a game may change the flags
 * (cuts) and the fields after fxl_curvy.length.
 *
 * Shape. Count the live nodes from the tail: node 0 is the oldest, node
 * count-1 the head. Segment k joins node k to node k+1. Its hit shape is
 * a tapered capsule: the convex hull of the disks of centre p_k, radius
 * h_k and centre p_k+1, radius h_k+1, where the hit half-width of node k is
 *     h_k = fix16_mul(min(node.half_width, taper * (1 + e_k)), hit_fraction)
 * e_k = min(k, count-1-k) being the node's count from the nearer end (the
 * product taper * (1 + e_k) is exact and saturates; taper 0 means no
 * taper; fix16_mul rounds to nearest, halves up). The laser is the union of
 * the segments not cut (FXL_CURVY_CUT on the segment's newer node). So two
 * neighbours share their joint's disk exactly: no gap and no wedge at a
 * bend, however far apart the nodes are; a trail of one node is empty.
 *
 * Exactness. fxl_curvy_vs_circle answers exactly, in integers, whether the
 * circle touches or overlaps that union (touching is a hit), like the
 * straight capsule. The chunk boxes only reject: they never change an
 * answer. fxl_curvy_vs_moving_circle is exact for the motion it states.
 *
 * Cost. A test first compares the circle's box with the trail's box (all
 * a circle away from the trail costs), then with each chunk's box (a
 * 32-bit box test per FXL_CURVY_CHUNK nodes), then, in the chunks it
 * reaches, each node's centre with the circle's box grown by the widest
 * half-width pushed (32-bit, x first: one load a node); only a segment
 * both of whose nodes can reach it gets a slab reject (the circle's
 * distance to the segment's line, two 64-bit products), the same slab at
 * the segment's stored length (seg_len, checked against the offsets'
 * squares: up to 12 % tighter) and then the exact test (64-bit products;
 * when the circle's centre projects inside the segment, a 64-bit sure hit
 * or sure miss for an untapered segment, of known length, and a 128-bit
 * compare only in a band one unit of length wide, or for a tapered one).
 * fxl_curvy_vs_moving_circle's segment gets the slab at the clamped drawn
 * half-widths and the stored length first (64-bit, before the hit widths),
 * then, its path wholly on one side of the segment's line, the least of
 * four end-to-segment distances in 64 bits (a 128-bit compare only in a
 * one-unit band; one of them when the path's ends both project inside
 * the segment, both behind its start or both beyond its end): the answer
 * for an untapered segment, a sure miss for a
 * tapered or growing one (a tapered static one then only needs its end
 * disks and the path's ends); the full swept test (both ends in the
 * tapered hull, the end disks along the path, the crossing) only for the
 * rest. The moving box's segment likewise gets its slab at the clamped
 * widths and the stored length before the hit widths.
 * A push costs one exact integer square root
 * (for a step of 1 to 32 px on its longer axis: a table, one Newton step
 * and an exact settling in eight 32-bit products; other steps: eight
 * 32x32->64 products) and O(1) box updates, plus, once every
 * FXL_CURVY_CHUNK pushes, the trail's box worked out afresh from the live
 * chunks' boxes.
 *
 * Placement (GBA port): the push's square root is Thumb code in ROM for a
 * step of 1 to 32 px, ARM code in ROM for others
 * (FXL_ARM_CODE: no IWRAM), the push and the walk plain Thumb code in ROM
 * (measured faster there than ARM code in ROM), the exact tests
 * FXL_WARM_CODE. Keep
 * the fxl_curvy itself in IWRAM if you can (the push reads and grows its
 * box copies there, every test reads the trail's box); the nodes (20 bytes
 * each) and the boxes may stay in EWRAM. A frame's cost for one laser is
 * about a push plus a far test, and a few thousand cycles while the player
 * skims it: the current figures are docs/bench-gba.md's curvy rows, and
 * docs/tuning.md ("Curvy lasers") keeps where the cycles go and what was
 * measured slower.
 *
 * Domain. Node positions within +-FXL_COORD_MAX; two consecutive nodes at
 * most FXL_SIZE_MAX apart on each axis (a longer push is refused); node
 * half-widths 0..width_max <= FXL_SIZE_MAX; circles as fxl_circle_check.
 * Outside it the tests stay free of undefined behaviour (the answer is
 * then meaningless). Every call but fxl_curvy_init and fxl_curvy_check
 * takes a trail set up by fxl_curvy_init: a checked build (FXL_ASSERT on)
 * traps a zeroed fxl_curvy there, and a NULL one but in fxl_curvy_push
 * (which refuses NULL with FXL_ERR_NULL); a release build answers a zeroed
 * trail false, 0, FXL_BAND_CLEAR or FXL_ERR_NULL. Every batch call
 * accepts an empty batch, (NULL, 0), and a NULL hit_bits. */
#ifndef FIXLASER_CURVY_H
#define FIXLASER_CURVY_H

#include "base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ring slots per bounding box (a power of two). */
#ifndef FXL_CURVY_CHUNK
#define FXL_CURVY_CHUNK 8
#endif

/* Largest ring a trail can use, in nodes. */
#define FXL_CURVY_MAX 65535

/* Bounding boxes a ring of cap nodes needs: one per FXL_CURVY_CHUNK ring
 * slots and a spare (see fxl_curvy.boxes). */
#define FXL_CURVY_BOXES(cap) (((cap) + FXL_CURVY_CHUNK - 1) / FXL_CURVY_CHUNK + 1)

/* fxl_curvy_node.flags: the segment from the previous (older) node to
 * this one is cut: harmless and not drawn. */
#define FXL_CURVY_CUT 1u

/* One node of the trail. */
typedef struct fxl_curvy_node {
    fxl_vec2 p;         /* Q16.16 position */
    fix16_t half_width; /* Q16.16 drawn half-width at this node, 0..width_max */
    fix16_t seg_len;    /* Q16.16 length of the segment from the previous
                         * node: floor(sqrt(dx^2 + dy^2)) of the raw
                         * offsets, exactly (0 for a first node); written by
                         * fxl_curvy_push */
    uint32_t flags;     /* FXL_CURVY_CUT */
} fxl_curvy_node;

/* A curvy laser. Fill it with fxl_curvy_init; the fields after `length`
 * may be changed between frames. */
typedef struct fxl_curvy {
    fxl_curvy_node *nodes; /* the caller's ring, cap entries */
    fxl_aabb *boxes;       /* the caller's, FXL_CURVY_BOXES(cap) entries, each
                            * holding node disks (drawn half-widths), rejects
                            * only: box j (j < n = ceil(cap/CHUNK)) every node
                            * written to slots j*CHUNK .. j*CHUNK+CHUNK (the
                            * last is the next chunk's first slot, slot cap
                            * being slot 0) since slot j*CHUNK was last
                            * written; box n, the spare, the head's chunk's
                            * box as it was before that write (the trail's
                            * tail end when it wraps within that chunk) */
    uint32_t cap;          /* ring size, 2..FXL_CURVY_MAX */
    uint32_t tail;         /* ring slot of node 0 */
    uint32_t count;        /* live nodes, 0..cap */
    bool grew;             /* the last push added a segment (the newest one
                            * is then the motion of the head this frame) */
    fix16_t wide;          /* Q16.16 the widest node half-width pushed since
                            * the last clear, so at least every live one's:
                            * the walk's node filter */
    fxl_aabb head_box;     /* Q16.16 a copy of the head's chunk's box (kept
                            * by fxl_curvy_push, which compares with it) */
    fxl_aabb trail_box;    /* Q16.16 every live node's disk: the far reject
                            * (grown by each push, worked out afresh from
                            * the chunks' boxes when the head starts a
                            * chunk) */
    fix16_t length;        /* Q16.16 sum of the live nodes' seg_len (node 0's excluded) */
    fix16_t max_length;    /* Q16.16 length budget: a push drops tail nodes
                            * while length would exceed it; 0: no budget
                            * (length, a fix16_t, is then kept <= INT32_MAX
                            * the same way) */
    fix16_t width_max;     /* Q16.16 largest node half-width a push accepts
                            * (lowering it leaves wider nodes as they are) */
    fix16_t taper;         /* Q16.16 half-width growth per node from each end; 0: none */
    fix16_t hit_fraction;  /* Q16.16 0..1 of the drawn half-width that hits */
    bool harmless;         /* warning phase: drawn, never hits */
} fxl_curvy;

/* Sets up an empty trail on the caller's storage (nboxes >=
 * FXL_CURVY_BOXES(cap)): FXL_OK, FXL_ERR_NULL, FXL_ERR_CAPACITY (cap
 * outside 2..FXL_CURVY_MAX or too few boxes), FXL_ERR_WIDTH_NEGATIVE /
 * _RANGE (width_max), FXL_ERR_LENGTH_NEGATIVE (max_length). taper 0, hit
 * fraction 1, not harmless. */
fxl_result fxl_curvy_init(fxl_curvy *c, fxl_curvy_node *nodes, size_t cap, fxl_aabb *boxes,
                          size_t nboxes, fix16_t width_max, fix16_t max_length);

/* Validates the fields a game may change (taper, hit_fraction, max_length,
 * width_max) and the storage (pointers, cap, tail, count): FXL_OK or the
 * reason. */
fxl_result fxl_curvy_check(const fxl_curvy *c);

/* Empties the trail (the storage is kept). */
void fxl_curvy_clear(fxl_curvy *c);

/* Moves the head: appends a node at `head` with drawn half-width
 * `half_width`, then drops tail nodes while the ring is over-full or the
 * length exceeds max_length (whole nodes: the trail may end up to one
 * segment shorter than the budget). Refuses (trail unchanged) FXL_ERR_NULL,
 * FXL_ERR_COORD_RANGE, FXL_ERR_WIDTH_NEGATIVE / _RANGE (above width_max),
 * FXL_ERR_LENGTH_RANGE (more than FXL_SIZE_MAX from the current head on an
 * axis). */
fxl_result fxl_curvy_push(fxl_curvy *c, fxl_vec2 head, fix16_t half_width);

/* Node k counted from the tail (0 <= k < count). */
FXL_INLINE fxl_curvy_node *fxl_curvy_node_at(const fxl_curvy *c, uint32_t k)
{
    uint32_t s = c->tail + k;
    return &c->nodes[s >= c->cap ? s - c->cap : s];
}

/* The hit half-width h_k of node k as fxl_curvy_vs_circle uses it: the
 * formula above, 0 while the trail is harmless (it hits nothing) and 0 for
 * k >= count (no precondition on k). */
fix16_t fxl_curvy_hit_width(const fxl_curvy *c, uint32_t k);

/* True iff the circle touches or overlaps the live, uncut segments. */
bool fxl_curvy_vs_circle(const fxl_curvy *c, fxl_circle circle);

/* How close a circle came: FXL_BAND_HIT (what fxl_curvy_vs_circle says),
 * FXL_BAND_GRAZE (within graze of the hitbox: the same exact test with the
 * radius grown by graze, Q16.16 0..FXL_SIZE_MAX), FXL_BAND_CLEAR. *segment
 * (may be NULL) gets the first segment, from the tail, of the best band
 * (untouched for FXL_BAND_CLEAR). A harmless trail (a warning phase has no
 * hitbox, so nothing to graze) and a trail of fewer than two nodes are
 * always FXL_BAND_CLEAR. */
typedef enum fxl_band {
    FXL_BAND_CLEAR = 0,
    FXL_BAND_GRAZE = 1,
    FXL_BAND_HIT = 2
} fxl_band;
fxl_band fxl_curvy_band(const fxl_curvy *c, fxl_circle circle, fix16_t graze, uint32_t *segment);

/* Tests n circles; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_curvy_vs_circles(const fxl_curvy *c, const fxl_circle *circles, size_t n,
                            uint32_t *hit_bits);

/* Tests n circles; writes the indices of the first `cap` hits, in order,
 * to out_idx (may be NULL when cap is 0). Returns the number of hits (which
 * may exceed cap). */
size_t fxl_curvy_collect(const fxl_curvy *c, const fxl_circle *circles, size_t n,
                         size_t *out_idx, size_t cap);

/* Many curvy lasers (each set up by fxl_curvy_init, its changed fields
 * passed by fxl_curvy_check) against one circle (the player): bit i of
 * hit_bits (ceil(n/32) words, may be NULL) for curvies[i]; returns the
 * number of hits. */
size_t fxl_curvies_vs_circle(const fxl_curvy *curvies, size_t n, fxl_circle circle,
                             uint32_t *hit_bits);

/* The swept test: true iff the circle of radius circle.r, its centre moving
 * in a straight line from circle.c to `to` over the frame, touches the
 * trail at some moment of the frame, where the trail during the frame is
 * the current one except for its newest segment, which (when `grew`) grows
 * from the old head to the new one at constant speed (its end disk moving
 * and widening with it) in step with the circle. Exact for that motion: a
 * head that moved farther than its width in a frame leaves no hole, and a
 * player the head passed over mid-frame is hit. Tail nodes dropped by the
 * last push count as gone for the whole frame (the previous frame's test saw
 * them). Hit widths are the trail's current ones throughout (the growing
 * tip's goes linearly from the old head's to the new head's). `to` within
 * the domain and at most FXL_SIZE_MAX from circle.c on each axis. */
bool fxl_curvy_vs_moving_circle(const fxl_curvy *c, fxl_circle circle, fxl_vec2 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for circle i moving from from[i] to to[i]; returns the number of hits. */
size_t fxl_curvy_vs_moving_circles(const fxl_curvy *c, const fxl_circle *from, const fxl_vec2 *to,
                                   size_t n, uint32_t *hit_bits);

/* Cuts every live segment the circle touches (a bomb): the exact test of
 * fxl_curvy_vs_circle at the widths h_k of the formula above, also while
 * the trail is harmless (a bomb cuts a laser in its warning phase too:
 * there it uses the widths fxl_curvy_hit_width reports once harmless is
 * cleared, not the 0 it reports meanwhile). Returns how many segments were
 * newly cut (already cut ones are not counted); afterwards
 * fxl_curvy_vs_circle of that circle is false, harmless or not. */
size_t fxl_curvy_cut_circle(fxl_curvy *c, fxl_circle circle);

/* Cuts (cut = true) or restores segments first..last (from the tail,
 * inclusive; clamped to the live ones). */
void fxl_curvy_cut_range(fxl_curvy *c, uint32_t first, uint32_t last, bool cut);

/* For drawing: one quad per live, uncut segment (at most cap), corners in
 * the order older-left, newer-left, newer-right, older-right ("left" is
 * the -90 step side of the direction of travel, tail to head). Each node's
 * two edge points sit at its drawn (tapered) half-width along the bisector
 * of its two segments' normals, shared by both quads, so the strip has no
 * gaps and no wedges at bends of up to 90 degrees; at a sharper bend (a
 * hairpin, a bounce) each quad ends square across its own segment instead
 * (bisector points would pinch the strip: draw a disk on such a joint to
 * close its outside). Directions are fxl_atan2 steps; the
 * bisector is the older segment's direction plus half the signed turn to
 * the newer one's (truncated toward zero), minus 1024 steps; a zero-length segment takes its
 * neighbour's direction (the last one seen, 0 before any). The points are
 * p +- w (cos, sin) of that step, each coordinate rounded to nearest (so
 * left + right = 2 p, or one raw unit more on a half). For drawing only.
 * Returns the number of quads written. */
size_t fxl_curvy_quads(const fxl_curvy *c, fxl_vec2 (*quads)[4], size_t cap);

/* ---- boxes (issue 23): axis-aligned rectangles as targets ----------------
 * Boxes are fxl_aabb (base.h: closed, lo <= hi, Q16.16, every coordinate
 * within +-FXL_COORD_MAX; fxl_aabb_check); touching counts as a hit. Each
 * call mirrors the circle call of the same name: exact in integers for the
 * trail's domain above and a box in fxl_aabb_check's, free of undefined
 * behaviour for any int32 input (meaningless answers outside the domain),
 * harmless trails and trails of fewer than two nodes hit nothing, batches
 * accept (NULL, 0) and a NULL hit_bits. Cost: the circle's walk with the
 * box as query box (a far box costs what a far circle does); a segment the
 * walk reaches gets four linear interval tests and, for each box corner
 * in the segment's box, the exact tapered-capsule point test. The moving
 * box walks with the box of its whole sweep as query box; a segment the
 * walk reaches gets a slab reject (the swept box wholly beside the
 * segment's line), then the static box test at the end (and at the start,
 * or along the growing tip), four linear constraints (the segment's start
 * swept over) and, per corner whose path box meets the segment's box, two
 * path-disk tests and a crossing test. Before that exact stage, a 64-bit
 * sure hit of the next segment (the box's corner nearest its line, inside
 * its inner band): a box skimming a bend passes both segments' slabs but
 * may lie in the later one only, whose sure hit spares the earlier one's
 * exact miss (GBA, 64-node trail, the near player's box moving: median
 * 2,553 cycles, max 10,123 (2,607 / 10,207 before the walk's plain BL
 * calls and counted segment index); 2,690 / 10,494 before the slabs
 * clamped the wider raw half-width once, 2,686 / 12,953 without the sure
 * hit, 3,242 / 12,877 before its 64-bit slab came first; the static box
 * 1,878 / 7,262; the moving circle 2,164 / 5,250). */

/* True iff the box (Q16.16) touches or overlaps the live, uncut segments. */
bool fxl_curvy_vs_aabb(const fxl_curvy *c, fxl_aabb box);

/* Tests n boxes; sets bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for each hit and clears it otherwise. Returns the number of hits. */
size_t fxl_curvy_vs_aabbs(const fxl_curvy *c, const fxl_aabb *boxes, size_t n, uint32_t *hit_bits);

/* Tests n boxes; writes the indices of the first `cap` hits, in order, to
 * out_idx (may be NULL when cap is 0). Returns the number of hits. */
size_t fxl_curvy_collect_aabbs(const fxl_curvy *c, const fxl_aabb *boxes, size_t n,
                               size_t *out_idx, size_t cap);

/* Many curvy lasers against one box: bit i of hit_bits (ceil(n/32) words,
 * may be NULL) for curvies[i]; returns the number of hits. */
size_t fxl_curvies_vs_aabb(const fxl_curvy *curvies, size_t n, fxl_aabb box, uint32_t *hit_bits);

/* The swept test for a box: true iff the box (Q16.16), translating in a
 * straight line over the frame so that its lo corner goes from from.lo to
 * `to` (Q16.16), touches the trail at some moment of the frame, for the
 * trail's motion fxl_curvy_vs_moving_circle states (the newest segment
 * grows with the head in step with the box). Exact for that motion. `to`
 * within the domain and at most FXL_SIZE_MAX from from.lo on each axis. */
bool fxl_curvy_vs_moving_aabb(const fxl_curvy *c, fxl_aabb from, fxl_vec2 to);

/* Batch form of that: bit i of hit_bits (ceil(n/32) words, may be NULL)
 * for box i moving from from[i] (lo to to[i]); returns the number of hits. */
size_t fxl_curvy_vs_moving_aabbs(const fxl_curvy *c, const fxl_aabb *from, const fxl_vec2 *to,
                                 size_t n, uint32_t *hit_bits);

#ifdef __cplusplus
}
#endif

#endif /* FIXLASER_CURVY_H */
