/* scene_blocks.c - the demo's fifth scene: the ship fires its own straight
 * laser, box or capsule (from its nose, swinging +-28 degrees about
 * straight up, or straight up: A cycles the four) at targets with rectangular hitboxes (fxl_aabb): a
 * formation of 3 x 7 boxed enemies that marches sideways 1.25 px a frame
 * (a 4 px step up or down at each end), two armoured 6 px darts that dash
 * across the screen 13 px a frame, and a row of 10 destructible
 * blocks. The beam pierces. Each frame the formation is tested with
 * fxl_laser_vs_aabbs where it ends the frame, the darts with
 * fxl_laser_vs_moving_aabbs over their move (so a dart that jumps over
 * the beam between two frames is still hit), the blocks with
 * fxl_laser_collect_aabbs. An enemy or block hit loses one point a hit
 * frame and flashes; at zero it breaks (its outline lingers) and comes
 * back later; a dart only flashes. The HUD counts hit frames, broken targets and dart hits
 * where the dart jumped over the beam (neither its box at the start nor
 * the one at the end of the frame touches it), and shows the cycles.
 *
 * Self-check part: the ship walks left and right under the targets with
 * the swinging box beam, then with the straight one (fast, then slow:
 * 0.5 px steps against boxes at 1/4 px positions give touching cases),
 * then with the capsule beam, swinging, then straight. Every
 * library answer is compared with the scene's own ground truth
 * (truth_hits below: the hitbox's points sampled densely, tested against
 * the closed box in integers, no library box call).
 */
#include "demo.h"

/* ---- the targets ------------------------------------------------------------- */

#define BK_ROWS 3
#define BK_COLS 7
#define BK_ENEMIES (BK_ROWS * BK_COLS)
#define BK_DARTS 2
#define BK_MOVERS (BK_ENEMIES + BK_DARTS)
#define BK_BLOCKS 10
#define BK_TARGETS (BK_MOVERS + BK_BLOCKS) /* movers first, then blocks */

#define EN_W PX(12)        /* enemy box 12 x 8 px */
#define EN_H PX(8)
#define EN_DX PX(22)       /* formation pitch */
#define EN_DY PX(14)
#define EN_Y0 PX(26)
#define FM_SPEED PXF(5, 4) /* formation: 1.25 px a frame sideways */
#define FM_XMIN PX(4)
#define FM_XMAX PX(GFX_W - 4 - 6 * 22 - 12)
#define FM_STEP PX(4)      /* the step at each end, down then up */
#define DART_W PX(6)       /* dart box 6 x 4 px: its 13 px jump leaves */
#define DART_H PX(4)       /* a gap of 7 px, wider than the beam */
#define BL_W PX(16)
#define BL_H PX(6)
#define BL_Y PX(116)

#define EN_HP 3
#define DART_HP 1 /* armoured: never lost */
#define BL_HP 6
#define FLASH_FRAMES 6
#define DEBRIS_FRAMES 12
#define RESPAWN_FRAMES 90

/* The ship's laser: a box or capsule beam from its nose, drawn 3 px
 * half-wide (hitbox 1.5 px: HIT_FRACTION), up to BEAM_LEN long (shorter
 * near the HUD). */
#define BEAM_LEN PX(112)
#define BEAM_HW PX(3)
#define BEAM_UP 3072     /* straight up */
#define SWING_AMP 320    /* +-28.1 degrees */
#define SWING_PERIOD 160 /* frames */

typedef struct target {
    fxl_aabb box;  /* Q16.16 where it is at the end of this frame */
    fxl_vec2 from; /* Q16.16 its lo at the start of this frame */
    int hp;        /* points left; 0: broken */
    int flash;     /* frames it still flashes */
    int down;      /* broken: frames until it comes back */
    int hit;       /* hit this frame */
} target;

static target tg[BK_TARGETS];
static fix16_t fm_x, fm_dy; /* Q16.16 formation offset (x, 0 or FM_STEP) */
static int fm_dir = 1;
static fxl_vec2 dart_pos[BK_DARTS]; /* Q16.16 */
/* The darts fly DART_V a frame on two rows, DART_GAP apart, and wrap round
 * a track of DART_TRACK px, so they stay DART_GAP apart (mod the track):
 * the beam's bounding box (under 66 px wide) never holds both darts'
 * moves (19 px each) at once, so at most one dart a frame reaches the
 * moving test's exact stage (its costly part on the GBA). */
#define DART_V PX(13)
#define DART_TRACK PX(GFX_W + 12)
#define DART_GAP PX(126)
static const fix16_t dart_y[BK_DARTS] = {PX(94), PX(104)};
static int swing = 1;  /* 1 swinging beam, 0 straight up */
static int capsule;    /* 1 capsule beam, 0 box (A cycles the four) */
static int swing_t;    /* frames into the swing */
static fxl_laser beam; /* this frame's */
static int beam_ok;    /* fxl_laser_prepare accepted it */
static fxl_laser_prep beam_prep;

/* the collision's arrays: the live targets tested this frame (enemies at
 * the end of the frame's move, darts over their move, blocks) */
static fxl_aabb en_box[BK_ENEMIES];
static int en_idx[BK_ENEMIES];
static uint32_t en_bits[(BK_ENEMIES + 31) / 32];
static size_t en_n;
static fxl_aabb dt_from[BK_DARTS];
static fxl_vec2 dt_to[BK_DARTS];
static int dt_idx[BK_DARTS];
static uint32_t dt_bits[1];
static size_t dt_n;
static fxl_aabb bl_box[BK_BLOCKS];
static int bl_idx[BK_BLOCKS];
static size_t bl_hit_idx[BK_BLOCKS], bl_n, bl_hits;

static uint32_t bk_hit_frames, bk_broken, bk_dart_jumps, bk_bad;

static fxl_aabb box_at(fxl_vec2 lo, fix16_t w, fix16_t h)
{
    fxl_aabb b;
    b.lo = lo;
    b.hi = fxl_vec2_make(lo.x + w, lo.y + h);
    return b;
}

static fxl_vec2 enemy_lo(int k)
{
    return fxl_vec2_make(fm_x + (k % BK_COLS) * EN_DX, EN_Y0 + fm_dy + (k / BK_COLS) * EN_DY);
}

/* Everything whole again, at its start. */
static void blocks_reset(void)
{
    int k;
    fm_x = FM_XMIN;
    fm_dy = 0;
    fm_dir = 1;
    for (k = 0; k < BK_DARTS; ++k) {
        dart_pos[k] = fxl_vec2_make(-DART_W + k * DART_GAP, dart_y[k]);
    }
    for (k = 0; k < BK_TARGETS; ++k) {
        target *t = &tg[k];
        if (k < BK_ENEMIES) {
            t->box = box_at(enemy_lo(k), EN_W, EN_H);
            t->hp = EN_HP;
        } else if (k < BK_MOVERS) {
            t->box = box_at(dart_pos[k - BK_ENEMIES], DART_W, DART_H);
            t->hp = DART_HP;
        } else {
            t->box = box_at(fxl_vec2_make(PX(4) + (k - BK_MOVERS) * PX(23), BL_Y), BL_W, BL_H);
            t->hp = BL_HP;
        }
        t->from = t->box.lo;
        t->flash = t->down = t->hit = 0;
    }
}

static void blocks_init(void)
{
    blocks_reset();
}

/* The movers' move for this frame: from = where they were. The formation
 * moves along one axis a frame (sideways, or its step at an end); a dart
 * that leaves the screen comes back on the other side without a move. */
static void blocks_update(void)
{
    int k;
    if ((fm_dir > 0 && fm_x + FM_SPEED > FM_XMAX) || (fm_dir < 0 && fm_x - FM_SPEED < FM_XMIN)) {
        fm_dy = fm_dy != 0 ? 0 : FM_STEP;
        fm_dir = -fm_dir;
    } else {
        fm_x += fm_dir > 0 ? FM_SPEED : -FM_SPEED;
    }
    for (k = 0; k < BK_MOVERS; ++k) {
        tg[k].from = tg[k].box.lo;
    }
    for (k = 0; k < BK_ENEMIES; ++k) {
        tg[k].box = box_at(enemy_lo(k), EN_W, EN_H);
    }
    for (k = 0; k < BK_DARTS; ++k) {
        target *t = &tg[BK_ENEMIES + k];
        dart_pos[k].x += DART_V;
        if (dart_pos[k].x > PX(GFX_W)) {
            dart_pos[k].x -= DART_TRACK; /* off the right edge: back in on the left */
            t->from = dart_pos[k];
        }
        t->box = box_at(dart_pos[k], DART_W, DART_H);
    }
    for (k = 0; k < BK_TARGETS; ++k) {
        target *t = &tg[k];
        t->flash -= t->flash > 0;
        if (t->hp == 0 && --t->down <= 0) {
            t->hp = k < BK_ENEMIES ? EN_HP : k < BK_MOVERS ? DART_HP : BL_HP;
            t->from = t->box.lo; /* comes back where it is, no move */
        }
    }
    swing_t = swing_t + 1 >= SWING_PERIOD ? 0 : swing_t + 1;
}

/* The ship's beam: box or capsule from its nose, swinging (a triangle
 * wave) or straight, its length cut so its far end (a capsule's cap too)
 * stays below the HUD (|sin| <= 1). */
static void beam_make(void)
{
    fxl_angle a = BEAM_UP;
    fxl_vec2 nose = fxl_vec2_make(ship.x, ship.y - PX(8));
    fix16_t len = nose.y - PX(HUD_H + 1) - (capsule ? BEAM_HW : 0);
    if (swing) {
        int t = swing_t;
        a += t < SWING_PERIOD / 2 ? -SWING_AMP + 8 * t : SWING_AMP + 8 * (SWING_PERIOD / 2) - 8 * t;
    }
    len = len < 0 ? 0 : len > BEAM_LEN ? BEAM_LEN : len;
    beam = fired_laser(capsule ? FXL_LASER_CAPSULE : FXL_LASER_BOX, nose, a, len, BEAM_HW);
}

/* ---- collision (the measured part) ------------------------------------------------ */

static int bit_at(const uint32_t *bits, size_t i)
{
    return (int)((bits[i / 32] >> (i % 32)) & 1u);
}

/* The enemies move 1.25 px a frame (their step: 4 px, once in 70 frames),
 * less than the beam's 3 px hitbox: tested where they end the frame with
 * fxl_laser_vs_aabbs. The darts jump 13 px a frame, over the beam:
 * tested over their move with fxl_laser_vs_moving_aabbs. The blocks stand:
 * fxl_laser_collect_aabbs. */
static void blocks_collide(void)
{
    int k;
    (void)fxl_port_cycles_begin();
    en_n = dt_n = bl_n = bl_hits = 0;
    for (k = 0; k < BK_TARGETS; ++k) {
        target *t = &tg[k];
        t->hit = 0;
        if (t->hp == 0) {
            continue;
        }
        if (k < BK_ENEMIES) {
            en_box[en_n] = t->box;
            en_idx[en_n++] = k;
        } else if (k < BK_MOVERS) {
            dt_from[dt_n] = box_at(t->from, DART_W, DART_H);
            dt_to[dt_n] = t->box.lo;
            dt_idx[dt_n++] = k;
        } else {
            bl_box[bl_n] = t->box;
            bl_idx[bl_n++] = k;
        }
    }
    beam_ok = fxl_laser_prepare(&beam, &beam_prep) == FXL_OK;
    if (beam_ok) {
        size_t i;
        (void)fxl_laser_vs_aabbs(&beam_prep, en_box, en_n, en_bits);
        (void)fxl_laser_vs_moving_aabbs(&beam_prep, dt_from, dt_to, dt_n, dt_bits);
        bl_hits = fxl_laser_collect_aabbs(&beam_prep, bl_box, bl_n, bl_hit_idx, BK_BLOCKS);
        for (i = 0; i < en_n; ++i) {
            tg[en_idx[i]].hit = bit_at(en_bits, i);
        }
        for (i = 0; i < dt_n; ++i) {
            tg[dt_idx[i]].hit = bit_at(dt_bits, i);
        }
        for (i = 0; i < bl_hits && i < BK_BLOCKS; ++i) {
            tg[bl_idx[bl_hit_idx[i]]].hit = 1;
        }
    } else {
        ++bk_bad;
    }
    coll_cycles = fxl_port_cycles_end();
}

/* Damage: a point a hit frame; at zero the target breaks. */
static void blocks_damage(void)
{
    int k, any = 0;
    for (k = 0; k < BK_TARGETS; ++k) {
        target *t = &tg[k];
        if (t->hit) {
            any = 1;
            t->flash = FLASH_FRAMES;
            if ((k < BK_ENEMIES || k >= BK_MOVERS) && --t->hp == 0) { /* darts: armoured */
                t->down = RESPAWN_FRAMES;
                ++bk_broken;
            }
        }
    }
    bk_hit_frames += (uint32_t)any;
}

/* ---- the ground truth (the self-check's, not timed) -------------------------------- */

/* Does a sample point of the prepared laser's hitbox lie in the closed
 * box b? The hitbox is the rectangle [u_lo, u_hi] x [v_lo, v_hi] of the
 * beam frame (laser.h: for a point d = p - pos, u = c dx + s dy and
 * v = c dy - s dx, Q32.32, c and s the Q16.16 table cosine and sine),
 * grown by t = round * 2^16 (a capsule's: the points within t of the
 * rectangle in frame units, as frame.c measures; a box's t is 0). Its
 * samples: the points of the rectangle grown by t along each axis
 * (the hitbox's bounding rectangle) whose coordinates are grid multiples
 * of 1/4 px (2^30 in Q32.32) strictly inside or one of the exact edges,
 * kept when within t of the rectangle: eu^2 + ev^2 <= t^2 with eu, ev the
 * distances beyond it along u and v, exact in int64 after dividing all
 * three by 2^16 (every sample coordinate, edge and t is a multiple of
 * 2^16: checked; the quotients stay below 2^28). A sample (U, V) is the
 * point d = ((c U - s V) / n, (s U + c V) / n) (Q16.16), n = c^2 + s^2
 * (the frame's inverse), so it lies in the closed box iff
 * n (lo.x - pos.x) <= c U - s V <= n (hi.x - pos.x) and the same for y:
 * compared in int64 with no rounding (here |U|, |V| < 2^41, |c|, |s| <=
 * 2^16, n < 2^33, box offsets < 2^25: every term < 2^58). Only samples
 * with U and V within the box's own range of u and v (its corners') can
 * lie in it, so only those are tried.
 *
 * The bounds the check uses. A box laser: any point of the hitbox lies
 * within 1/8 px of a sample along u and along v (spacing <= 1/4, edges
 * included), which is (|c| + |s|) / (8 n) <= sqrt(2) / (8 sqrt(n)) < 0.18 px
 * along x and y (n >= (2^16 - 1)^2: the table's rounding; the frame is n
 * times a rotation). So a box the exact answer hits has a sample within
 * 0.18 px: the box grown by 1/4 px (one sample step) on every side holds
 * a sample. A capsule: a point q = p + w of the hitbox (p in the
 * rectangle, |w| <= t) is within h = sqrt(2) / 8 frame px of q' = p + w
 * shortened by h (or p), and the disc of radius h about q' lies in the
 * hitbox (t >= h: here t = 1.5 px) and holds a grid point (h is half the
 * grid cell's diagonal): a sample within 2h = 0.36 frame px of q, under
 * 0.36 / sqrt(n) * 2^16 < 0.37 px in x and y: the box grown by 1/2 px
 * (two sample steps) holds a sample. */
#define SAMPLE_STEP ((int64_t)1 << 30) /* Q32.32: 1/4 px */

/* The first sample of the axis [lo, hi] that is >= t (hi + 1: none). */
static int64_t sample_first(int64_t lo, int64_t hi, int64_t t)
{
    int64_t g;
    if (t <= lo) {
        return lo;
    }
    if (t > hi) {
        return hi + 1;
    }
    g = ((t + SAMPLE_STEP - 1) >> 30) * SAMPLE_STEP; /* ceil to the grid (arithmetic shift) */
    return g < hi ? g : hi;
}

/* The sample after cur (hi + 1 after the last). */
static int64_t sample_next(int64_t hi, int64_t cur)
{
    int64_t g;
    if (cur >= hi) {
        return hi + 1;
    }
    g = ((cur >> 30) + 1) * SAMPLE_STEP; /* the next grid multiple above cur */
    return g < hi ? g : hi;
}

static uint32_t truth_samples; /* sample points tried, all frames */

/* How far x lies beyond [lo, hi] (0 inside). */
static int64_t beyond(int64_t x, int64_t lo, int64_t hi)
{
    return x < lo ? lo - x : x > hi ? x - hi : 0;
}

/* This frame's range of c U - s V and s U + c V over the sampled
 * rectangle (its four corners: both are linear), for a quick exact reject
 * of the boxes no sample can reach: [x lo, x hi, y lo, y hi]. */
static int64_t truth_reach[4];

static void truth_frame(const fxl_laser_prep *lp)
{
    int64_t c = lp->cos, s = lp->sin, t = (int64_t)lp->round * 65536;
    int i;
    for (i = 0; i < 4; ++i) {
        int64_t u = (i & 1) ? lp->u_hi + t : lp->u_lo - t, v = (i & 2) ? lp->v_hi + t : lp->v_lo - t;
        int64_t wx = c * u - s * v, wy = s * u + c * v;
        truth_reach[0] = i == 0 || wx < truth_reach[0] ? wx : truth_reach[0];
        truth_reach[1] = i == 0 || wx > truth_reach[1] ? wx : truth_reach[1];
        truth_reach[2] = i == 0 || wy < truth_reach[2] ? wy : truth_reach[2];
        truth_reach[3] = i == 0 || wy > truth_reach[3] ? wy : truth_reach[3];
    }
}

/* The v samples of one call: s V, c V and (a capsule) ev^2 / 2^32. */
#define TRUTH_VCAP 48
static int64_t tv_s[TRUTH_VCAP], tv_c[TRUTH_VCAP], tv_e2[TRUTH_VCAP];
static uint32_t truth_overflow; /* calls with more v samples than that: refused */

static int truth_hits(const fxl_laser_prep *lp, fxl_aabb b)
{
    int64_t c = lp->cos, s = lp->sin, n = c * c + s * s;
    int64_t t = (int64_t)lp->round * 65536, t16 = lp->round; /* Q32.32, and / 2^16 */
    int64_t ulo = lp->u_lo - t, uhi = lp->u_hi + t, vlo = lp->v_lo - t, vhi = lp->v_hi + t;
    int64_t x0 = (int64_t)b.lo.x - lp->pos.x, x1 = (int64_t)b.hi.x - lp->pos.x;
    int64_t y0 = (int64_t)b.lo.y - lp->pos.y, y1 = (int64_t)b.hi.y - lp->pos.y;
    int64_t nx0 = n * x0, nx1 = n * x1, ny0 = n * y0, ny1 = n * y1;
    int64_t umin = 0, umax = 0, vmin = 0, vmax = 0, u, v, v0;
    int i, nv = 0;
    if (nx1 < truth_reach[0] || nx0 > truth_reach[1] || ny1 < truth_reach[2] ||
        ny0 > truth_reach[3]) {
        return 0; /* every sample's c U - s V (or s U + c V) lies beyond the box's */
    }
    for (i = 0; i < 4; ++i) {
        int64_t dx = (i & 1) ? x1 : x0, dy = (i & 2) ? y1 : y0;
        int64_t cu = c * dx + s * dy, cv = c * dy - s * dx;
        umin = i == 0 || cu < umin ? cu : umin;
        umax = i == 0 || cu > umax ? cu : umax;
        vmin = i == 0 || cv < vmin ? cv : vmin;
        vmax = i == 0 || cv > vmax ? cv : vmax;
    }
    v0 = sample_first(vlo, vhi, vmin);
    if (umax < ulo || umin > uhi || v0 > vhi || v0 > vmax) {
        return 0; /* no sample within the box's range of v (or u) */
    }
    for (v = v0; v <= vhi && v <= vmax; v = sample_next(vhi, v)) {
        int64_t ev = beyond(v, lp->v_lo, lp->v_hi) >> 16; /* exact, >= 0 */
        if (nv == TRUTH_VCAP) {
            ++truth_overflow;
            return 0;
        }
        tv_s[nv] = s * v;
        tv_c[nv] = c * v;
        tv_e2[nv++] = ev * ev;
    }
    for (u = sample_first(ulo, uhi, umin); u <= uhi && u <= umax; u = sample_next(uhi, u)) {
        int64_t cu = c * u, su = s * u, eu = beyond(u, lp->u_lo, lp->u_hi) >> 16; /* exact, >= 0 */
        int64_t room = t16 * t16 - eu * eu; /* a capsule: ev^2 may be at most this */
        for (i = 0; i < nv; ++i) {
            int64_t wx, wy;
            if (t != 0 && tv_e2[i] > room) {
                continue; /* a capsule's bounding rectangle outside its hitbox */
            }
            wx = cu - tv_s[i];
            wy = su + tv_c[i];
            ++truth_samples;
            if (nx0 <= wx && wx <= nx1 && ny0 <= wy && wy <= ny1) {
                return 1;
            }
        }
    }
    return 0;
}

/* The region a box covers moving from lo = from to lo = b.lo along one
 * axis (the movers' moves are axis-aligned or none): the box stretched
 * over the move, itself a closed box. */
static fxl_aabb swept_box(fxl_vec2 from, fxl_aabb b)
{
    fxl_aabb s = b;
    fix16_t w = b.hi.x - b.lo.x, h = b.hi.y - b.lo.y;
    s.lo.x = from.x < b.lo.x ? from.x : b.lo.x;
    s.lo.y = from.y < b.lo.y ? from.y : b.lo.y;
    s.hi.x = (from.x > b.lo.x ? from.x : b.lo.x) + w;
    s.hi.y = (from.y > b.lo.y ? from.y : b.lo.y) + h;
    return s;
}

static fxl_aabb grown_box(fxl_aabb b, fix16_t d)
{
    b.lo.x -= d;
    b.lo.y -= d;
    b.hi.x += d;
    b.hi.y += d;
    return b;
}

/* per beam kind (0 box, 1 capsule) */
static uint32_t bks_tests[2], bks_moving[2], bks_lib_hits[2], bks_truth_hits[2], bks_graze[2],
    bks_disagree[2], bks_kind_frames[2], bks_close[2];
static uint32_t bks_frames, bks_diagonal;

/* One tested target: the library's answer against the sampled truth.
 * Disagreement: the truth hits and the library does not, or the library
 * hits and not even the box grown by the bound holds a sample. A graze: a
 * library hit with no sample in the box, one within the bound. A near
 * miss: neither hits, the box grown by 1/2 px holds a sample (counted to
 * show the script reaches the edges). */
static void truth_compare(fxl_aabb region, int lib, int moving)
{
    int truth = truth_hits(&beam_prep, region), kd = capsule;
    ++bks_tests[kd];
    bks_moving[kd] += (uint32_t)moving;
    bks_lib_hits[kd] += (uint32_t)lib;
    bks_truth_hits[kd] += (uint32_t)truth;
    if (truth && !lib) {
        ++bks_disagree[kd];
    } else if (lib && !truth) {
        /* the bounds above: 1/4 px (box), 1/2 px (capsule) */
        if (truth_hits(&beam_prep, grown_box(region, beam_prep.round != 0 ? PXF(1, 2) : PXF(1, 4)))) {
            ++bks_graze[kd];
        } else {
            ++bks_disagree[kd];
        }
    } else if (!lib && truth_hits(&beam_prep, grown_box(region, PXF(1, 2)))) {
        ++bks_close[kd]; /* a near miss: the answers were decided close to the edge */
    }
}

/* After the collision: every target tested this frame. A dart hit with
 * no sample in its box at the start or at the end of the frame is a jump
 * over the beam (only the moving test finds it). */
static void script_blocks_post(int r)
{
    size_t i;
    if (r < 0 || !beam_ok) {
        return;
    }
    ++bks_frames;
    ++bks_kind_frames[capsule];
    truth_frame(&beam_prep);
    if ((beam_prep.kind == FXL_LASER_CAPSULE) != capsule) {
        ++bk_bad;
    }
    if (((beam_prep.u_lo | beam_prep.u_hi | beam_prep.v_lo | beam_prep.v_hi) & 0xFFFF) != 0 ||
        beam_prep.round < 0 || beam_prep.round > PX(4) || (beam_prep.round != 0 && beam_prep.round < PXF(1, 4))) {
        ++bk_bad; /* outside what truth_hits's exactness and bound assume */
    }
    for (i = 0; i < en_n; ++i) {
        truth_compare(en_box[i], tg[en_idx[i]].hit, 0);
    }
    for (i = 0; i < dt_n; ++i) {
        const target *t = &tg[dt_idx[i]];
        int moved = t->from.x != t->box.lo.x || t->from.y != t->box.lo.y;
        if (t->from.x != t->box.lo.x && t->from.y != t->box.lo.y) {
            ++bks_diagonal; /* swept_box would not be the swept region */
        }
        truth_compare(swept_box(t->from, t->box), t->hit, moved);
        if (t->hit && !truth_hits(&beam_prep, t->box) &&
            !truth_hits(&beam_prep, box_at(t->from, DART_W, DART_H))) {
            ++bk_dart_jumps;
        }
    }
    for (i = 0; i < bl_n; ++i) {
        truth_compare(bl_box[i], tg[bl_idx[i]].hit, 0);
    }
}

/* ---- drawing ---------------------------------------------------------------------- */

static void fill_box(fxl_aabb b, uint8_t col)
{
    int x0 = (int)(b.lo.x >> 16), x1 = (int)(b.hi.x >> 16);
    int y, y1 = (int)(b.hi.y >> 16);
    for (y = (int)(b.lo.y >> 16); y <= y1; ++y) {
        gfx_hline(x0, x1, y, col);
    }
}

#define BK_HUD_N 7 /* beam mode, hit frames, broken, dart jumps hit; coll, draw, cpu */
static uint32_t bk_hud_now[BK_HUD_N], bk_hud_page[2][BK_HUD_N];

static void blocks_enter(void)
{
    int k;
    ship_prev = ship;
    for (k = 0; k < BK_HUD_N; ++k) {
        bk_hud_page[0][k] = bk_hud_page[1][k] = 0xFFFFFFFFu;
    }
}

static void blocks_draw_hud(int frame)
{
    uint32_t *now = bk_hud_now, *page = bk_hud_page[gfx_page()];
    strbuf b;
    now[0] = (uint32_t)(swing + 2 * capsule);
    now[1] = bk_hit_frames;
    now[2] = bk_broken;
    now[3] = bk_dart_jumps;
    if ((frame & 7) == 0) {
        now[4] = coll_cycles;
        now[5] = draw_cycles;
        now[6] = frame_cycles;
    }
    /* one line redrawn a frame at most, only when its figures changed */
    if (hud_changed(page, now, 1)) {
        gfx_clear_rows(0, 6, COL_HUD_BG);
        sb_reset(&b);
        sb_str(&b, "SHIP LASER VS BOXES  ");
        sb_str(&b, capsule ? "CAPSULE " : "BOX ");
        sb_str(&b, swing ? "SWINGING" : "STRAIGHT");
        int x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
        (void)gfx_text_bg(x + 4, 1, "(A)", COL_TEXT_DIM, COL_HUD_BG);
    } else if (hud_changed(page + 1, now + 1, 3)) {
        gfx_clear_rows(7, 12, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "HIT FRAMES ", now[1]);
        sb_kv(&b, "  BROKEN ", now[2]);
        sb_kv(&b, "  DART JUMPS HIT ", now[3]);
        (void)gfx_text_bg(2, 7, b.s, COL_TEXT, COL_HUD_BG);
    } else if (hud_changed(page + 4, now + 4, 3)) {
        gfx_clear_rows(13, HUD_H - 1, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "COLL ", now[4]);
        sb_str(&b, " CY ");
        sb_pct(&b, now[4]);
        sb_str(&b, "  DRAW ");
        sb_pct(&b, now[5]);
        sb_str(&b, "  CPU ");
        sb_pct(&b, now[6]);
        (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
    }
}

static void blocks_draw(int frame)
{
    int k;
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);
    for (k = 0; k < BK_TARGETS; ++k) {
        const target *t = &tg[k];
        if (t->hp > 0) {
            uint8_t col = t->flash > 0 ? COL_SHIP_HIT
                          : k < BK_ENEMIES ? COL_BOX
                          : k < BK_MOVERS  ? COL_CAPSULE
                                           : COL_WALL;
            fill_box(t->box, col);
            if (t->flash == 0 && t->hp < (k < BK_ENEMIES ? EN_HP : k < BK_MOVERS ? DART_HP : BL_HP)) {
                gfx_rect_q16(t->box, COL_WARN); /* damaged */
            }
        } else if (t->down > RESPAWN_FRAMES - DEBRIS_FRAMES) {
            gfx_rect_q16(t->box, COL_SPARK); /* just broken */
        }
    }
    if (beam_ok) {
        draw_laser_lit(&beam, COL_AIM);
    }
    draw_ship();
    blocks_draw_hud(frame);
}

/* ---- the self-check's part ------------------------------------------------------ */

/* Frames of the scene's part: the swinging box beam while the ship walks
 * left, right across and back; then the straight box beam, still, then
 * walking right slowly (0.5 px a frame: B), then left; then the capsule
 * beam, swinging while the ship walks left and right, then straight while
 * it walks right slowly. */
#define BK_STRAIGHT 240
#define BK_CAPSULE 420
#define BK_CAPSULE_STRAIGHT 510
#define BK_END 600

static uint16_t blocks_script_keys(int r)
{
    if (r < 60) {
        return KEY_LEFT;
    }
    if (r < 180) {
        return KEY_RIGHT;
    }
    if (r < BK_STRAIGHT) {
        return KEY_LEFT;
    }
    if (r < 280) {
        return 0;
    }
    if (r < 360) {
        return KEY_RIGHT | KEY_B;
    }
    if (r < BK_CAPSULE + 60) {
        return KEY_LEFT;
    }
    if (r < BK_CAPSULE_STRAIGHT) {
        return KEY_RIGHT;
    }
    return KEY_RIGHT | KEY_B;
}

static void script_blocks_pre(int r)
{
    if (r == 0) {
        blocks_reset();
        swing = 1;
        capsule = 0;
        swing_t = 0;
        ship = ship_prev = fxl_vec2_make(PX(120), PX(148));
        bk_hit_frames = bk_broken = bk_dart_jumps = 0;
    } else if (r == BK_STRAIGHT) {
        swing = 0;
    } else if (r == BK_CAPSULE) {
        capsule = 1;
        swing = 1;
    } else if (r == BK_CAPSULE_STRAIGHT) {
        swing = 0;
    }
}

/* Constructed edge cases (the self-check's, once): box and capsule beams
 * pointing along the four axes (c, s in {0, +-2^16}: the frame is exact,
 * n = 2^32), and a 4 x 4 px box touching each side of the hitbox's
 * bounding box at the middle of that side (touching the hitbox there: a
 * box's side, a capsule's flat side or the tip of its cap), then 1 raw
 * unit (2^-16 px) further out. Touching must hit, 1 unit out must miss,
 * for the sampled truth (its exact edges) and the library alike. Returns
 * the cases that went wrong; *cases counts them all. */
static uint32_t edge_cases(uint32_t *cases)
{
    uint32_t bad = 0;
    int kd, q, side, off;
    *cases = 0;
    for (kd = 0; kd < 2; ++kd) {
        for (q = 0; q < 4; ++q) {
            fxl_laser l = fired_laser(kd ? FXL_LASER_CAPSULE : FXL_LASER_BOX,
                                      fxl_vec2_make(PX(120), PX(80)), q * 1024, PX(40), BEAM_HW);
            fxl_laser_prep lp;
            int64_t c, sn, t, uv[4], w[4];
            fix16_t lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
            int i;
            if (fxl_laser_prepare(&l, &lp) != FXL_OK) {
                ++bad;
                continue;
            }
            c = lp.cos;
            sn = lp.sin;
            t = (int64_t)lp.round * 65536;
            uv[0] = lp.u_lo - t;
            uv[1] = lp.u_hi + t;
            uv[2] = lp.v_lo - t;
            uv[3] = lp.v_hi + t;
            /* the bounding box's corners: d = (c U - s V, s U + c V) / 2^32 */
            for (i = 0; i < 4; ++i) {
                int64_t u = uv[i & 1], v = uv[2 + (i >> 1)];
                w[0] = (c * u - sn * v) / ((int64_t)1 << 32);
                w[1] = (sn * u + c * v) / ((int64_t)1 << 32);
                lo_x = i == 0 || w[0] < lo_x ? (fix16_t)w[0] : lo_x;
                hi_x = i == 0 || w[0] > hi_x ? (fix16_t)w[0] : hi_x;
                lo_y = i == 0 || w[1] < lo_y ? (fix16_t)w[1] : lo_y;
                hi_y = i == 0 || w[1] > hi_y ? (fix16_t)w[1] : hi_y;
            }
            lo_x += lp.pos.x;
            hi_x += lp.pos.x;
            lo_y += lp.pos.y;
            hi_y += lp.pos.y;
            truth_frame(&lp);
            for (side = 0; side < 4; ++side) {
                for (off = 0; off < 2; ++off) {
                    fix16_t mx = floor_half(lo_x + hi_x), my = floor_half(lo_y + hi_y);
                    fxl_aabb b;
                    int want = off == 0, lib, truth;
                    b.lo = fxl_vec2_make(mx - PX(2), my - PX(2));
                    b.hi = fxl_vec2_make(mx + PX(2), my + PX(2));
                    if (side == 0) { /* left of it */
                        b.hi.x = lo_x - off;
                        b.lo.x = b.hi.x - PX(4);
                    } else if (side == 1) { /* right */
                        b.lo.x = hi_x + off;
                        b.hi.x = b.lo.x + PX(4);
                    } else if (side == 2) { /* above */
                        b.hi.y = lo_y - off;
                        b.lo.y = b.hi.y - PX(4);
                    } else { /* below */
                        b.lo.y = hi_y + off;
                        b.hi.y = b.lo.y + PX(4);
                    }
                    lib = fxl_laser_vs_aabb(&lp, b);
                    truth = truth_hits(&lp, b);
                    ++*cases;
                    bad += (uint32_t)(lib != want || truth != want);
                }
            }
        }
    }
    return bad;
}

static void blocks_finish(void)
{
    strbuf bb, *b = &bb;
    int kd;
    for (kd = 0; kd < 2; ++kd) {
        sb_reset(b);
        sb_str(b, kd ? "demo: blocks scene, capsule beam, " : "demo: blocks scene, box beam, ");
        sb_kv(b, "", bks_kind_frames[kd]);
        sb_kv(b, " frames: box tests ", bks_tests[kd]);
        sb_kv(b, " (", bks_moving[kd]);
        sb_kv(b, " moving), library hits ", bks_lib_hits[kd]);
        sb_kv(b, ", sampled truth hits ", bks_truth_hits[kd]);
        sb_kv(b, ", grazes ", bks_graze[kd]);
        sb_kv(b, ", near misses ", bks_close[kd]);
        sb_kv(b, ", disagreements ", bks_disagree[kd]);
        log_line(b);
    }
    sb_reset(b);
    sb_kv(b, "demo: blocks: hit frames ", bk_hit_frames);
    sb_kv(b, ", broken ", bk_broken);
    sb_kv(b, ", dart jumps over the beam hit ", bk_dart_jumps);
    sb_kv(b, "; samples ", truth_samples);
    sb_kv(b, ", diagonal moves ", bks_diagonal);
    sb_kv(b, ", refused by the library ", bk_bad);
    sb_kv(b, ", truth overflows ", truth_overflow);
    log_line(b);
    check(bks_frames == BK_END && bks_truth_hits[0] > 0 && bks_disagree[0] == 0 && bks_diagonal == 0,
          "blocks: every box-beam answer agrees with the sampled truth (1/4 px samples; a hit with "
          "no sample inside has one within 1/4 px)");
    check(bks_truth_hits[1] > 0 && bks_disagree[1] == 0,
          "blocks: every capsule-beam answer agrees with the sampled truth (1/4 px samples; a hit "
          "with no sample inside has one within 1/2 px)");
    check(bk_broken > 0 && bk_dart_jumps > 0,
          "blocks: targets break; the moving test hits darts that jump over the beam");
    {
        uint32_t cases, bad = edge_cases(&cases);
        sb_reset(b);
        sb_kv(b, "demo: blocks: constructed edge cases (axis beams, boxes touching, 1 raw unit out) ",
              cases);
        sb_kv(b, ", wrong ", bad);
        log_line(b);
        check(cases == 64 && bad == 0,
              "blocks: touching boxes hit and 1 raw unit out miss (library and sampled truth)");
    }
    check(bk_bad == 0 && truth_overflow == 0,
          "blocks: every beam accepted by the library, in the truth's domain");
}

/* One frame: update, collision (timed), damage, drawing (timed). */
static void blocks_frame(const demo_in *in)
{
    int r = in->r;
    if (!in->scripted && (in->keys & KEY_A) && !(in->prev_keys & KEY_A)) {
        /* A: box swinging, box straight, capsule swinging, capsule straight */
        capsule ^= !swing;
        swing = !swing;
    }
    ship_prev = ship;
    ship_move(in->keys);
    if (in->scripted) {
        script_blocks_pre(r);
    }
    ship_clamp();
    blocks_update();
    beam_make();
    blocks_collide();
    if (in->scripted) {
        demo_check_begin();
        script_blocks_post(r);
        demo_check_end();
    }
    blocks_damage();
    ship_flash_update(0);
    (void)fxl_port_cycles_begin();
    blocks_draw(in->frame);
    draw_cycles = fxl_port_cycles_end();
}

const demo_scene scene_blocks = {"blocks", BK_END, 2, blocks_init, blocks_enter, blocks_script_keys,
                                 blocks_frame, blocks_finish};
