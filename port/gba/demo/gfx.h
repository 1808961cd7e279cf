/* gfx.h - the demo's drawing layer: GBA mode 4 (240x160, 8 bits per pixel,
 * palette, two pages flipped at vertical blank), convex polygons filled by
 * scanline spans in integer (Q16.16) math, rings, rectangles and a 3x5
 * pixel font. Everything draws into the hidden page; gfx_flip() shows it.
 *
 * Mode 4 VRAM takes no 8-bit writes: single pixels are read-modify-write of
 * a halfword, runs are written a word (four pixels) at a time. The hot
 * loops (spans, edges, quads, lines, rings, text) are ARM code in IWRAM;
 * an edge's slope is divided by a reciprocal table (exact quotients).
 */
#ifndef FXL_DEMO_GFX_H
#define FXL_DEMO_GFX_H

#include <stddef.h>
#include <stdint.h>

#include <libfixmath/fix16.h>

#include "fixlaser/laser.h"

#define GFX_W 240
#define GFX_H 160

/* Palette indices (gfx_init loads the colours). */
enum {
    COL_BG = 0,
    COL_TEXT,
    COL_TEXT_DIM,
    COL_SHIP,
    COL_SHIP_HIT,
    COL_HITBOX,
    COL_WARN,
    COL_BOX,
    COL_CAPSULE,
    COL_BOSS,
    COL_GHOST,
    COL_CHAIN,
    COL_AIM,
    COL_BOSS_BODY,
    COL_CORE,
    COL_HUD_BG,
    COL_MISS,
    COL_WALL,
    COL_WALL_DIM,
    COL_CURVY,
    COL_CURVY_EDGE,
    COL_SPARK,
    COL_COUNT_
};

/* Mode 4, BG2 on, palette loaded, both pages cleared. */
void gfx_init(void);
/* Waits for the start of the next vertical blank (polls VCOUNT). */
void gfx_vsync(void);
/* Shows the page just drawn and makes the other one the drawing target. */
void gfx_flip(void);
/* The drawing page: 0 or 1. */
int gfx_page(void);
/* Fills the drawing page with one colour (DMA3, 32-bit words). */
void gfx_clear(uint8_t col);
/* Fills rows y0..y1 (inclusive) of the drawing page with one colour. */
void gfx_clear_rows(int y0, int y1, uint8_t col);

FXL_IWRAM_CODE void gfx_pixel(int x, int y, uint8_t col);
void gfx_hline(int x0, int x1, int y, uint8_t col);
FXL_IWRAM_CODE void gfx_vline(int x, int y0, int y1, uint8_t col);
/* Static backgrounds: a page-sized buffer (GFX_W * GFX_H bytes, 4-byte
 * aligned, e.g. in EWRAM). gfx_save copies the drawing page into it,
 * gfx_load copies it back to the drawing page (DMA3), gfx_load_rect only
 * the pixels x0..x1, y0..y1 (clipped; widened to even x). */
void gfx_save(uint32_t *buf);
void gfx_load(const uint32_t *buf);
void gfx_load_rect(const uint32_t *buf, int x0, int y0, int x1, int y1);
/* Line between two pixels (Bresenham, both ends drawn), clipped. */
FXL_IWRAM_CODE void gfx_line(int x0, int y0, int x1, int y1, uint8_t col);
/* Outline of the pixels lo..hi (Q16.16, floor), clipped. */
void gfx_rect_q16(fxl_aabb box, uint8_t col);
/* Ring of integer radius r around the Q16.16 point c (rounded). */
FXL_IWRAM_CODE void gfx_ring(fxl_vec2 c, int r, uint8_t col);

/* Convex shape filling: gfx_poly_begin(), then edges and discs (their
 * union must be convex: a quad, a quad plus its two end caps), then
 * gfx_poly_fill(). A pixel is filled when its centre is inside. */
void gfx_poly_begin(void);
FXL_IWRAM_CODE void gfx_poly_edge(fxl_vec2 a, fxl_vec2 b);
FXL_IWRAM_CODE void gfx_poly_disc(fxl_vec2 c, fix16_t r);
FXL_IWRAM_CODE void gfx_poly_fill(uint8_t col);
/* The same pixels as gfx_poly_fill, copied from a static background (see
 * gfx_save) instead: erases a shape drawn over that background. */
void gfx_poly_restore(const uint32_t *buf);

/* n filled quads (corners in order around each), each as by
 * gfx_poly_begin, four gfx_poly_edge, gfx_poly_fill(col), in one call. */
FXL_IWRAM_CODE void gfx_quads_fill(const fxl_vec2 (*q)[4], size_t n, uint8_t col);

/* A laser's drawn outline, computed once (fxl_laser_quad, and for a
 * capsule fxl_laser_ends + the half-width as cap radius): static lasers keep
 * theirs, so drawing them costs no library calls. */
typedef struct gfx_shape {
    fxl_vec2 q[4];
    fxl_vec2 e[2];
    fix16_t r;
    int capsule;
} gfx_shape;
void gfx_shape_from_laser(const fxl_laser *laser, gfx_shape *out);
void gfx_shape_fill(const gfx_shape *sh, uint8_t col);
/* Erases a shape drawn with gfx_shape_fill: its pixels from `buf`. */
void gfx_shape_restore(const gfx_shape *sh, const uint32_t *buf);

/* A laser as drawn: fxl_laser_quad (+ round caps for a capsule) filled
 * with `col`. */
void gfx_laser(const fxl_laser *laser, uint8_t col);

/* 3x5 font in 4x6 cells: A-Z 0-9 space . : % / - = ( ) + ; lower case is
 * drawn as upper case, anything else as a blank. Returns the x after. */
int gfx_text(int x, int y, const char *s, uint8_t col);
/* The same on a solid background: whole cells (4x5) are written, two
 * pixels per store; x even is the fast path. */
int gfx_text_bg(int x, int y, const char *s, uint8_t fg, uint8_t bg);

#endif /* FXL_DEMO_GFX_H */
