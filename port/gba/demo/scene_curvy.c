/* scene_curvy.c - the demo's curvy scene: a curvy laser
 * (fixlaser/curvy.h) of 56 nodes, tapered at both ends, whose head flies
 * 3 px a frame and turns towards the ship at most 5.6 degrees a frame
 * (holding its course within 40 px of it), so it sweeps through the ship's
 * place, bends round and comes back. Each frame it is tested with
 * fxl_curvy_vs_moving_circle against the ship's move. A switches the
 * drawing between the hit shape's node circles with the strip's outline
 * and the strip of filled quads from fxl_curvy_quads (no gaps or wedges at
 * bends); B drops a bomb that cuts the trail within 20 px of the ship
 * (fxl_curvy_cut_circle), drawn with the gap. The HUD counts hit frames,
 * hits and cut segments, and shows the collision call's cycles.
 *
 * Self-check part: the trail starts anew, the ship stands while the head
 * comes at it again and again (node circles, then the strip of quads),
 * bombs it once, then walks left and right.
 */
#include "demo.h"

#include "fixlaser/curvy.h"

/* A curvy laser (fixlaser/curvy.h): a trail of up to CV_CAP nodes left by a
 * head that flies CV_SPEED a frame and turns towards the ship at most
 * CV_TURN steps a frame, except within CV_NEAR of it, where it holds its
 * course (its pass): it sweeps through, flies on, bends round and comes
 * back, a new way each time the ship has moved. The trail is drawn
 * CV_HW wide at the middle and tapered by CV_TAPER per node towards both
 * ends. Its hitbox is HIT_FRACTION of the drawn width. Each frame the head
 * moves and the trail is tested against the ship's move with
 * fxl_curvy_vs_moving_circle. B drops a bomb that cuts the trail within
 * CV_BOMB_R of the ship (fxl_curvy_cut_circle); A switches the drawing. */
#define CV_CAP 56
#define CV_HW PX(5)
#define CV_TAPER PXF(3, 4) /* full width 7 nodes from either end */
#define CV_SPEED PX(3)
#define CV_TURN 64         /* 5.6 degrees a frame: bends of 31 px radius */
#define CV_NEAR 40         /* px */
#define CV_BOMB_R PX(20)
#define CV_START_X 8
#define CV_START_Y 40

static fxl_curvy cv;
static fxl_curvy_node cv_nodes[CV_CAP];
static fxl_aabb cv_boxes[FXL_CURVY_BOXES(CV_CAP)];
static fxl_vec2 cv_quads[CV_CAP][4] FXL_EWRAM_BSS;
static size_t cv_nq;              /* quads drawn this frame */
static fxl_vec2 cv_head;
static fxl_angle cv_dir;
static int cv_show_quads;         /* A: 0 node circles + outline, 1 the strip of quads */
static int cv_hit;
static uint32_t cv_hit_frames, cv_cut, cv_bad;
static int cv_bomb_show;          /* frames the bomb's ring is still drawn */
static fxl_vec2 cv_bomb_at;
static size_t cv_last_cut;        /* segments the last bomb cut */

/* An empty trail, the head at its start heading right. */
static void curvy_reset(void)
{
    fxl_curvy_clear(&cv);
    cv_head = fxl_vec2_make(PX(CV_START_X), PX(CV_START_Y));
    cv_dir = 0;
    if (fxl_curvy_push(&cv, cv_head, CV_HW) != FXL_OK) {
        ++cv_bad;
    }
}

static void curvy_init(void)
{
    if (fxl_curvy_init(&cv, cv_nodes, CV_CAP, cv_boxes, FXL_CURVY_BOXES(CV_CAP), CV_HW, 0) !=
        FXL_OK) {
        ++cv_bad;
        return;
    }
    cv.taper = CV_TAPER;
    cv.hit_fraction = HIT_FRACTION;
    if (fxl_curvy_check(&cv) != FXL_OK) {
        ++cv_bad;
    }
    curvy_reset();
}

/* The head's move: turn towards the ship (limited), fly, push. */
static void curvy_update(void)
{
    int32_t dx = (ship.x - cv_head.x) >> 8, dy = (ship.y - cv_head.y) >> 8; /* 1/256 px */
    if ((int64_t)dx * dx + (int64_t)dy * dy > (int64_t)(CV_NEAR << 8) * (CV_NEAR << 8)) {
        cv_dir = turn_towards(cv_dir, fxl_atan2(ship.y - cv_head.y, ship.x - cv_head.x), CV_TURN);
    }
    cv_head.x += fix16_mul(CV_SPEED, fxl_cos(cv_dir));
    cv_head.y += fix16_mul(CV_SPEED, fxl_sin(cv_dir));
    if (fxl_curvy_push(&cv, cv_head, CV_HW) != FXL_OK) {
        ++cv_bad;
    }
}

/* The bomb: cuts the segments within CV_BOMB_R of the ship. */
static void curvy_bomb(void)
{
    cv_last_cut = fxl_curvy_cut_circle(&cv, fxl_circle_make(ship.x, ship.y, CV_BOMB_R));
    cv_cut += (uint32_t)cv_last_cut;
    cv_bomb_show = 12;
    cv_bomb_at = ship;
}

/* The collision of the curvy scene (the measured part): the ship's move
 * from ship_prev to ship against the trail whose head grew this frame. */
static void curvy_collide(void)
{
    (void)fxl_port_cycles_begin();
    cv_hit = fxl_curvy_vs_moving_circle(&cv, fxl_circle_make(ship_prev.x, ship_prev.y, SHIP_R),
                                        ship);
    coll_cycles = fxl_port_cycles_end();
    cv_hit_frames += (uint32_t)cv_hit;
}

/* Node k is an end of a live (uncut) segment. */
static int curvy_node_live(uint32_t k)
{
    return (k >= 1 && !(fxl_curvy_node_at(&cv, k)->flags & FXL_CURVY_CUT)) ||
           (k + 1 < cv.count && !(fxl_curvy_node_at(&cv, k + 1)->flags & FXL_CURVY_CUT));
}

static int px_round(fix16_t v)
{
    return (int)((v + 0x8000) >> 16);
}

#define CV_HUD_N 8 /* mode, flash, hit frames, hit events, cut; coll, draw, cpu */
static uint32_t cv_hud_now[CV_HUD_N], cv_hud_page[2][CV_HUD_N];

static void curvy_enter(void)
{
    int k;
    ship_prev = ship; /* no move across the switch */
    for (k = 0; k < CV_HUD_N; ++k) {
        cv_hud_page[0][k] = cv_hud_page[1][k] = 0xFFFFFFFFu;
    }
}

static void curvy_draw_hud(int frame)
{
    uint32_t *now = cv_hud_now;
    strbuf b;
    int x;
    now[0] = (uint32_t)cv_show_quads;
    now[1] = (uint32_t)(ship_flash != 0);
    now[2] = cv_hit_frames;
    now[3] = hit_events;
    now[4] = cv_cut;
    if ((frame & 7) == 0) {
        now[5] = coll_cycles;
        now[6] = draw_cycles;
        now[7] = frame_cycles;
    }
    uint32_t *page = cv_hud_page[gfx_page()];
    /* each line redrawn only when its own figures changed, at most one line
     * a frame (a later line waits a frame when an earlier one changed) */
    if (hud_changed(page, now, 1)) {
        gfx_clear_rows(0, 6, COL_HUD_BG);
        sb_reset(&b);
        sb_str(&b, "CURVY LASER 56 NODES  DRAW ");
        sb_str(&b, cv_show_quads ? "QUADS" : "NODE CIRCLES");
        x = gfx_text_bg(2, 1, b.s, COL_TEXT, COL_HUD_BG);
        (void)gfx_text_bg(x + 4, 1, "(A)  BOMB (B)", COL_TEXT_DIM, COL_HUD_BG);
    } else if (hud_changed(page + 1, now + 1, 4)) {
        gfx_clear_rows(7, 12, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "HIT FRAMES ", now[2]);
        sb_kv(&b, "  SHIP HIT ", now[3]);
        x = gfx_text_bg(2, 7, b.s, ship_flash ? COL_SHIP_HIT : COL_TEXT, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "  CUT ", now[4]);
        (void)gfx_text_bg(x, 7, b.s, COL_TEXT, COL_HUD_BG);
    } else if (hud_changed(page + 5, now + 5, 3)) {
        gfx_clear_rows(13, HUD_H - 1, COL_HUD_BG);
        sb_reset(&b);
        sb_kv(&b, "COLL ", now[5]);
        sb_str(&b, " CY ");
        sb_pct(&b, now[5]);
        sb_str(&b, "  DRAW ");
        sb_pct(&b, now[6]);
        sb_str(&b, "  CPU ");
        sb_pct(&b, now[7]);
        (void)gfx_text_bg(2, 13, b.s, COL_TEXT_DIM, COL_HUD_BG);
    }
}

static void curvy_draw(int frame)
{
    gfx_clear_rows(HUD_H, GFX_H - 1, COL_BG);
    cv_nq = fxl_curvy_quads(&cv, cv_quads, CV_CAP);
    if (cv_show_quads) {
        /* the strip: one filled quad per live segment, corners shared */
        gfx_quads_fill((const fxl_vec2(*)[4])cv_quads, cv_nq, COL_CURVY);
    } else {
        /* the hit shape's disks (radius h_k, rounded) and the drawn outline */
        uint32_t n;
        size_t k;
        for (n = 0; n < cv.count; ++n) {
            if (curvy_node_live(n)) {
                const fxl_curvy_node *nd = fxl_curvy_node_at(&cv, n);
                int r = px_round(fxl_curvy_hit_width(&cv, n));
                if (r > 0) {
                    gfx_ring(nd->p, r, COL_CURVY_EDGE);
                } else {
                    gfx_pixel(px_round(nd->p.x), px_round(nd->p.y), COL_CURVY_EDGE);
                }
            }
        }
        for (k = 0; k < cv_nq; ++k) {
            const fxl_vec2 *q = cv_quads[k];
            gfx_line(px_round(q[0].x), px_round(q[0].y), px_round(q[1].x), px_round(q[1].y),
                     COL_CURVY);
            gfx_line(px_round(q[3].x), px_round(q[3].y), px_round(q[2].x), px_round(q[2].y),
                     COL_CURVY);
        }
    }
    gfx_ring(cv_head, 2, COL_TEXT);
    if (cv_bomb_show > 0) {
        --cv_bomb_show;
        gfx_ring(cv_bomb_at, (int)(CV_BOMB_R >> 16), COL_SPARK);
    }
    draw_ship();
    curvy_draw_hud(frame);
}

/* ---- the self-check's part ------------------------------------------------------ */

/* Frames counted from the scene's start: the ship stands at CV_SPOT while
 * the head comes at it again and again (node circles, then from CV_QUADS
 * the strip of quads); from CV_BOMB the ship bombs the trail the first
 * time the head is within 16 px; from CV_WALK it walks left and right. */
#define CV_QUADS 240
#define CV_BOMB 300
#define CV_WALK 400
#define CV_END 520
#define CV_SPOT_X 150
#define CV_SPOT_Y 84

static uint16_t curvy_script_keys(int r)
{
    if (r >= CV_WALK) {
        return ((r / 16) & 1) ? KEY_LEFT : KEY_RIGHT;
    }
    return 0;
}

/* -- the curvy scene's part of the script -- */

static uint32_t cvs_cross, cvs_cross_miss, cvs_clear, cvs_false, cvs_still;
static uint32_t cvs_bombed, cvs_bomb_nq0, cvs_bomb_nq1, cvs_bomb_hit;
static uint32_t cv_log_coll[CV_END] FXL_EWRAM_BSS;
static uint32_t cv_log_draw[CV_END] FXL_EWRAM_BSS;

/* p within d / 16 px of the segment a-b, decided exactly on the
 * coordinates floored to 1/16 px (int64: they stay below 2^16 here). */
static int seg_near16(fxl_vec2 a, fxl_vec2 b, fxl_vec2 p, int64_t d)
{
    int64_t ax = a.x >> 12, ay = a.y >> 12, ex = (b.x >> 12) - ax, ey = (b.y >> 12) - ay;
    int64_t wx = (p.x >> 12) - ax, wy = (p.y >> 12) - ay;
    int64_t t = wx * ex + wy * ey, l2 = ex * ex + ey * ey, c;
    if (t <= 0 || l2 == 0) {
        return wx * wx + wy * wy <= d * d;
    }
    if (t >= l2) {
        return (wx - ex) * (wx - ex) + (wy - ey) * (wy - ey) <= d * d;
    }
    c = ex * wy - ey * wx;
    return c * c <= d * d * l2;
}

/* Before the head's move (curvy frame r): where the ship is, the drawing. */
static void script_curvy_pre(int r)
{
    if (r == 0) {
        curvy_reset();
        ship = ship_prev = fxl_vec2_make(PX(CV_SPOT_X), PX(CV_SPOT_Y));
        cv_show_quads = 0;
    } else if (r == CV_QUADS) {
        cv_show_quads = 1;
    }
}

/* After the head's move: bomb now? (once, from CV_BOMB, the head within
 * 16 px of the ship); counts the quads before it. */
static int script_curvy_bomb(int r)
{
    if (r < CV_BOMB || cvs_bombed || !seg_near16(cv_head, cv_head, ship, 16 * 16)) {
        return 0;
    }
    cvs_bombed = 1;
    cvs_bomb_nq0 = (uint32_t)fxl_curvy_quads(&cv, cv_quads, CV_CAP);
    return 1;
}

/* After the collision. While the ship stands still (ship_prev = ship, so
 * the swept test's answer is the end-of-frame trail's): a frame whose head
 * move (the newest, uncut segment) passed within 2 px of the ship's centre
 * is a crossing and must hit; a frame with every live segment more than
 * 1 px beyond the hitbox's reach (r + CV_HW / 2 + 1 px = 6.5 px from the
 * centre line) is clear and must not. Right after the bomb the trail must
 * not hit the ship (every segment that could was cut). */
static void script_curvy_post(int r, int bombed)
{
    uint32_t k, n = cv.count;
    int near = 0;
    if (bombed) {
        cvs_bomb_nq1 = (uint32_t)fxl_curvy_quads(&cv, cv_quads, CV_CAP);
        fxl_circle me = fxl_circle_make(ship.x, ship.y, SHIP_R);
        cvs_bomb_hit = (uint32_t)(cv_hit || fxl_curvy_vs_circle(&cv, me));
    }
    if (r < 1 || r >= CV_WALK) {
        return;
    }
    ++cvs_still;
    if (cv.grew && n >= 2 && !(fxl_curvy_node_at(&cv, n - 1)->flags & FXL_CURVY_CUT) &&
        seg_near16(fxl_curvy_node_at(&cv, n - 2)->p, fxl_curvy_node_at(&cv, n - 1)->p, ship, 32)) {
        ++cvs_cross;
        cvs_cross_miss += (uint32_t)!cv_hit;
    }
    for (k = 1; k < n && !near; ++k) {
        const fxl_curvy_node *nd = fxl_curvy_node_at(&cv, k);
        near = !(nd->flags & FXL_CURVY_CUT) &&
               seg_near16(fxl_curvy_node_at(&cv, k - 1)->p, nd->p, ship, 104);
    }
    if (!near) {
        ++cvs_clear;
        cvs_false += (uint32_t)cv_hit;
    }
}

/* The curvy scene's summary and assertions. */
static void curvy_finish(void)
{
    strbuf bb, *b = &bb;
    sb_reset(b);
    sb_kv(b, "demo: curvy scene, ", (uint32_t)CV_END);
    sb_kv(b, " frames (", cvs_still);
    sb_kv(b, " with the ship still): head crossings ", cvs_cross);
    sb_kv(b, ", missed ", cvs_cross_miss);
    sb_kv(b, "; clear frames ", cvs_clear);
    sb_kv(b, ", hit while clear ", cvs_false);
    sb_kv(b, "; hit frames ", cv_hit_frames);
    log_line(b);
    sb_reset(b);
    sb_kv(b, "demo: curvy bomb: cut ", cv_cut);
    sb_kv(b, " segments, quads ", cvs_bomb_nq0);
    sb_kv(b, " -> ", cvs_bomb_nq1);
    sb_kv(b, ", ship hit right after ", cvs_bomb_hit);
    sb_kv(b, "; refused by the library ", cv_bad);
    log_line(b);
    summary_cycles(b, "curvy collision (fxl_curvy_vs_moving_circle, 56 nodes)", cv_log_coll,
                   CV_END);
    summary_cycles(b, "curvy drawing", cv_log_draw, CV_END);
    check(cvs_cross > 0 && cvs_cross_miss == 0,
          "curvy: every frame the head crosses the still ship (within 2 px) is a hit");
    check(cvs_clear > 0 && cvs_false == 0,
          "curvy: no hit while every live segment is > 1 px beyond the hitbox's reach");
    check(cvs_bombed && cv_cut > 0 && cvs_bomb_nq0 - cvs_bomb_nq1 == cv_cut && cvs_bomb_hit == 0,
          "curvy: the bomb cuts the trail (one quad less per cut segment), the gap does not hit");
    check(cv_bad == 0, "curvy: every push accepted by the library");
}

/* One frame: update, bomb, collision (timed), drawing (timed). */
static void curvy_frame(const demo_in *in)
{
    int r = in->r, bomb;
    if (!in->scripted && (in->keys & KEY_A) && !(in->prev_keys & KEY_A)) {
        cv_show_quads = !cv_show_quads;
    }
    ship_prev = ship;
    ship_move(in->keys);
    if (in->scripted) {
        script_curvy_pre(r);
    }
    ship_clamp();
    curvy_update();
    if (in->scripted) {
        demo_check_begin();
        bomb = script_curvy_bomb(r);
        demo_check_end();
    } else {
        bomb = (in->keys & KEY_B) && !(in->prev_keys & KEY_B);
    }
    if (bomb) {
        curvy_bomb();
    }
    curvy_collide();
    ship_flash_update(cv_hit);
    if (in->scripted) {
        demo_check_begin();
        script_curvy_post(r, bomb);
        demo_check_end();
    }
    (void)fxl_port_cycles_begin();
    curvy_draw(in->frame);
    draw_cycles = fxl_port_cycles_end();
    if (in->scripted && r >= 0 && r < CV_END) {
        cv_log_coll[r] = coll_cycles;
        cv_log_draw[r] = draw_cycles;
    }
}

const demo_scene scene_curvy = {"curvy", CV_END, 2, curvy_init, curvy_enter, curvy_script_keys,
                                curvy_frame, curvy_finish};
