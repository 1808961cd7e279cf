/* gfx.c - mode 4 drawing for the fixlaser GBA demo (see gfx.h). */
#include "gfx.h"

#include <stddef.h>
#include <stdint.h>

#include "fxl_port.h"

#define REG16(a) (*(volatile uint16_t *)(a))
#define REG32(a) (*(volatile uint32_t *)(a))
#define REG_DISPCNT REG16(0x04000000u)
#define REG_VCOUNT  REG16(0x04000006u)
#define REG_DMA3SAD REG32(0x040000D4u)
#define REG_DMA3DAD REG32(0x040000D8u)
#define REG_DMA3CNT REG32(0x040000DCu)
#define PAL_BG ((volatile uint16_t *)0x05000000u)
#define VRAM_PAGE0 0x06000000u
#define VRAM_PAGE1 0x0600A000u

#define DISPCNT_MODE4 0x0004u
#define DISPCNT_PAGE1 0x0010u
#define DISPCNT_BG2   0x0400u

/* DMA3 control (high half): enable, 32-bit units, source fixed. */
#define DMA_FILL32 ((uint32_t)(0x8000u | 0x0400u | 0x0100u) << 16)

#define RGB(r, g, b) ((uint16_t)((r) | ((g) << 5) | ((b) << 10)))

static const uint16_t gfx_palette[COL_COUNT_] = {
    RGB(1, 2, 5),    /* COL_BG        deep blue-black */
    RGB(31, 31, 31), /* COL_TEXT      white */
    RGB(16, 18, 22), /* COL_TEXT_DIM  grey */
    RGB(8, 28, 31),  /* COL_SHIP      cyan */
    RGB(31, 6, 6),   /* COL_SHIP_HIT  red flash */
    RGB(31, 31, 31), /* COL_HITBOX    white ring */
    RGB(14, 6, 3),   /* COL_WARN      dim orange: warning phase */
    RGB(31, 14, 2),  /* COL_BOX       orange: box lasers */
    RGB(28, 6, 26),  /* COL_CAPSULE   magenta: capsule lasers */
    RGB(31, 29, 6),  /* COL_BOSS      yellow: the boss beam */
    RGB(9, 8, 3),    /* COL_GHOST     last frame's boss beam */
    RGB(6, 30, 8),   /* COL_CHAIN     green: chained squares */
    RGB(8, 16, 31),  /* COL_AIM       blue: the aiming laser */
    RGB(18, 6, 24),  /* COL_BOSS_BODY purple */
    RGB(31, 31, 27), /* COL_CORE      beam core = hitbox width */
    RGB(3, 4, 9),    /* COL_HUD_BG    */
    RGB(31, 10, 10), /* COL_MISS      red text */
    RGB(14, 27, 20), /* COL_WALL      pale green: room walls */
    RGB(4, 9, 7),    /* COL_WALL_DIM  dark green: behind the walls */
    RGB(6, 31, 24),  /* COL_CURVY     aqua: curvy lasers */
    RGB(4, 16, 14),  /* COL_CURVY_EDGE dim aqua: node circles */
    RGB(31, 31, 14), /* COL_SPARK     pale yellow: bounce points */
};

static uint32_t gfx_draw_base = VRAM_PAGE1; /* page 0 shown first */

FXL_IWRAM_CODE static void gfx_recip_init(void);
static void font_table_init(void);

void gfx_init(void)
{
    size_t i;
    for (i = 0; i < COL_COUNT_; ++i) {
        PAL_BG[i] = gfx_palette[i];
    }
    REG_DISPCNT = (uint16_t)(DISPCNT_MODE4 | DISPCNT_BG2);
    gfx_recip_init();
    font_table_init();
    gfx_draw_base = VRAM_PAGE0;
    gfx_clear(COL_BG);
    gfx_draw_base = VRAM_PAGE1;
    gfx_clear(COL_BG);
}

int gfx_page(void)
{
    return gfx_draw_base == VRAM_PAGE1;
}

void gfx_vsync(void)
{
    while (REG_VCOUNT >= 160u) {
    }
    while (REG_VCOUNT < 160u) {
    }
}

void gfx_flip(void)
{
    if (gfx_draw_base == VRAM_PAGE1) {
        REG_DISPCNT = (uint16_t)(DISPCNT_MODE4 | DISPCNT_BG2 | DISPCNT_PAGE1);
        gfx_draw_base = VRAM_PAGE0;
    } else {
        REG_DISPCNT = (uint16_t)(DISPCNT_MODE4 | DISPCNT_BG2);
        gfx_draw_base = VRAM_PAGE1;
    }
}

static volatile uint32_t gfx_fill_word;

void gfx_clear_rows(int y0, int y1, uint8_t col)
{
    uint32_t words;
    if (y0 < 0) {
        y0 = 0;
    }
    if (y1 > GFX_H - 1) {
        y1 = GFX_H - 1;
    }
    if (y1 < y0) {
        return;
    }
    gfx_fill_word = (uint32_t)col * 0x01010101u;
    words = (uint32_t)(y1 - y0 + 1) * (GFX_W / 4);
    REG_DMA3SAD = (uint32_t)(uintptr_t)&gfx_fill_word;
    REG_DMA3DAD = gfx_draw_base + (uint32_t)y0 * GFX_W;
    REG_DMA3CNT = DMA_FILL32 | words;
    (void)REG_DMA3CNT; /* the CPU is stopped during the transfer */
}

void gfx_clear(uint8_t col)
{
    gfx_clear_rows(0, GFX_H - 1, col);
}

static inline volatile uint16_t *gfx_half(int x, int y)
{
    return (volatile uint16_t *)(gfx_draw_base + (uint32_t)(y * GFX_W + (x & ~1)));
}

/* Always inlined into the ARM (IWRAM) functions that call them. */
#define GFX_ARM_INLINE static inline __attribute__((target("arm"), always_inline))

/* One pixel, clipped: read-modify-write of its halfword (mode 4 VRAM
 * takes no byte writes). */
GFX_ARM_INLINE void gfx_put(int x, int y, uint32_t col)
{
    volatile uint16_t *p;
    if ((unsigned)x >= GFX_W || (unsigned)y >= GFX_H) {
        return;
    }
    p = (volatile uint16_t *)(gfx_draw_base + (uint32_t)(y * GFX_W + (x & ~1)));
    if (x & 1) {
        *p = (uint16_t)((*p & 0x00FFu) | (col << 8));
    } else {
        *p = (uint16_t)((*p & 0xFF00u) | col);
    }
}

FXL_IWRAM_CODE void gfx_pixel(int x, int y, uint8_t col)
{
    gfx_put(x, y, col);
}

/* Pixels x0..x1 (clipped, x0 <= x1) of the row at byte address `row`
 * (4-byte aligned: GFX_W is a multiple of 4) set to the colour in every
 * byte of `fill`: an odd first or even last pixel read-modify-write of its
 * halfword, a halfword up to the next word, then whole words (4 pixels a
 * store), then what is left. */
GFX_ARM_INLINE void gfx_run(uint32_t row, int x0, int x1, uint32_t fill)
{
    volatile uint16_t *h;
    volatile uint32_t *w;
    if (x0 & 1) {
        h = (volatile uint16_t *)(row + (uint32_t)(x0 - 1));
        *h = (uint16_t)((*h & 0x00FFu) | (fill & 0xFF00u));
        ++x0;
    }
    if ((x0 & 2) && x0 < x1) {
        *(volatile uint16_t *)(row + (uint32_t)x0) = (uint16_t)fill;
        x0 += 2;
    }
    w = (volatile uint32_t *)(row + (uint32_t)x0);
    while (x0 + 3 <= x1) {
        *w++ = fill;
        x0 += 4;
    }
    h = (volatile uint16_t *)w;
    if (x0 < x1) {
        *h++ = (uint16_t)fill;
        x0 += 2;
    }
    if (x0 == x1) {
        *h = (uint16_t)((*h & 0xFF00u) | (fill & 0x00FFu));
    }
}

/* The same pixels copied from the page-sized picture `buf` (same layout:
 * byte offset `off` of the row in both), whole words where they fit. */
GFX_ARM_INLINE void gfx_run_copy(uint32_t row, const uint32_t *buf, uint32_t off, int x0, int x1)
{
    const uint8_t *src = (const uint8_t *)buf + off;
    x0 &= ~1;
    if ((x0 & 2) && x0 < x1) {
        *(volatile uint16_t *)(row + (uint32_t)x0) = *(const uint16_t *)(src + x0);
        x0 += 2;
    }
    while (x0 + 3 <= x1) {
        *(volatile uint32_t *)(row + (uint32_t)x0) = *(const uint32_t *)(src + x0);
        x0 += 4;
    }
    while (x0 <= x1) {
        *(volatile uint16_t *)(row + (uint32_t)x0) = *(const uint16_t *)(src + x0);
        x0 += 2;
    }
}

/* Clipped run of pixels x0..x1 on row y. ARM code in IWRAM. */
FXL_IWRAM_CODE static void gfx_span(int x0, int x1, int y, uint32_t col)
{
    if ((unsigned)y >= GFX_H) {
        return;
    }
    if (x0 < 0) {
        x0 = 0;
    }
    if (x1 > GFX_W - 1) {
        x1 = GFX_W - 1;
    }
    if (x1 < x0) {
        return;
    }
    gfx_run(gfx_draw_base + (uint32_t)(y * GFX_W), x0, x1, col * 0x01010101u);
}

void gfx_hline(int x0, int x1, int y, uint8_t col)
{
    if (x1 < x0) {
        int t = x0;
        x0 = x1;
        x1 = t;
    }
    gfx_span(x0, x1, y, col);
}

FXL_IWRAM_CODE void gfx_vline(int x, int y0, int y1, uint8_t col)
{
    volatile uint16_t *p;
    uint32_t keep, set;
    int y;
    if (y1 < y0) {
        int t = y0;
        y0 = y1;
        y1 = t;
    }
    if ((unsigned)x >= GFX_W) {
        return;
    }
    if (y0 < 0) {
        y0 = 0;
    }
    if (y1 > GFX_H - 1) {
        y1 = GFX_H - 1;
    }
    keep = (x & 1) ? 0x00FFu : 0xFF00u;
    set = (x & 1) ? (uint32_t)col << 8 : col;
    p = (volatile uint16_t *)(gfx_draw_base + (uint32_t)(y0 * GFX_W + (x & ~1)));
    for (y = y0; y <= y1; ++y, p += GFX_W / 2) {
        *p = (uint16_t)((*p & keep) | set);
    }
}

#define DMA_COPY32 ((uint32_t)(0x8000u | 0x0400u) << 16)

static void gfx_dma_copy32(uint32_t dst, uint32_t src, uint32_t words)
{
    REG_DMA3SAD = src;
    REG_DMA3DAD = dst;
    REG_DMA3CNT = DMA_COPY32 | words;
    (void)REG_DMA3CNT;
}

void gfx_save(uint32_t *buf)
{
    gfx_dma_copy32((uint32_t)(uintptr_t)buf, gfx_draw_base, GFX_W * GFX_H / 4);
}

void gfx_load(const uint32_t *buf)
{
    gfx_dma_copy32(gfx_draw_base, (uint32_t)(uintptr_t)buf, GFX_W * GFX_H / 4);
}

/* Copies the halfwords holding the pixels x0..x1 of row y from buf. */
FXL_IWRAM_CODE static void gfx_copy_span(const uint32_t *buf, int x0, int x1, int y)
{
    if ((unsigned)y >= GFX_H) {
        return;
    }
    if (x0 < 0) {
        x0 = 0;
    }
    if (x1 > GFX_W - 1) {
        x1 = GFX_W - 1;
    }
    if (x1 < x0) {
        return;
    }
    gfx_run_copy(gfx_draw_base + (uint32_t)(y * GFX_W), buf, (uint32_t)(y * GFX_W), x0, x1);
}

void gfx_load_rect(const uint32_t *buf, int x0, int y0, int x1, int y1)
{
    int y;
    if (y1 > GFX_H - 1) {
        y1 = GFX_H - 1;
    }
    for (y = y0 < 0 ? 0 : y0; y <= y1; ++y) {
        gfx_copy_span(buf, x0, x1, y);
    }
}

FXL_IWRAM_CODE void gfx_line(int x0, int y0, int x1, int y1, uint8_t col)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1;
    int dy = y1 > y0 ? y0 - y1 : y1 - y0; /* -|dy| */
    int sx = x0 < x1 ? 1 : -1;
    int sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
        int e2;
        gfx_put(x0, y0, col);
        if (x0 == x1 && y0 == y1) {
            break;
        }
        e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

void gfx_rect_q16(fxl_aabb box, uint8_t col)
{
    int x0 = (int)(box.lo.x >> 16);
    int y0 = (int)(box.lo.y >> 16);
    int x1 = (int)(box.hi.x >> 16);
    int y1 = (int)(box.hi.y >> 16);
    gfx_hline(x0, x1, y0, col);
    gfx_hline(x0, x1, y1, col);
    gfx_vline(x0, y0 + 1, y1 - 1, col);
    gfx_vline(x1, y0 + 1, y1 - 1, col);
}

FXL_IWRAM_CODE void gfx_ring(fxl_vec2 c, int r, uint8_t col)
{
    /* Midpoint circle on the pixel grid. */
    int cx = (int)((c.x + 0x8000) >> 16);
    int cy = (int)((c.y + 0x8000) >> 16);
    int x = r;
    int y = 0;
    int err = 1 - r;
    while (x >= y) {
        gfx_put(cx + x, cy + y, col);
        gfx_put(cx - x, cy + y, col);
        gfx_put(cx + x, cy - y, col);
        gfx_put(cx - x, cy - y, col);
        gfx_put(cx + y, cy + x, col);
        gfx_put(cx - y, cy + x, col);
        gfx_put(cx + y, cy - x, col);
        gfx_put(cx - y, cy - x, col);
        ++y;
        if (err < 0) {
            err += 2 * y + 1;
        } else {
            --x;
            err += 2 * (y - x) + 1;
        }
    }
}

/* ---- convex spans --------------------------------------------------------- */

/* Per row: leftmost and rightmost Q16.16 x covered at the row's centre.
 * Rows are kept "empty" (l > r) between shapes: gfx_poly_fill resets the
 * rows it used, so an edge only updates min/max (no per-row set-up). */
static int32_t span_l[GFX_H];
static int32_t span_r[GFX_H];
static int span_y0, span_y1; /* rows touched so far (y0 > y1: none) */
static int span_ready;

void gfx_poly_begin(void)
{
    if (!span_ready) {
        int k;
        for (k = 0; k < GFX_H; ++k) {
            span_l[k] = INT32_MAX;
            span_r[k] = INT32_MIN;
        }
        span_ready = 1;
    }
    span_y0 = GFX_H;
    span_y1 = -1;
}

GFX_ARM_INLINE void span_rows(int y0, int y1)
{
    if (y0 < span_y0) {
        span_y0 = y0;
    }
    if (y1 > span_y1) {
        span_y1 = y1;
    }
}

/* Smallest integer row whose centre (row + 0.5) is >= v (Q16.16). */
GFX_ARM_INLINE int row_ceil(int32_t v)
{
    return (int)((v - 0x8000 + 0xFFFF) >> 16);
}

/* floor(un / ud), ud != 0: shift and subtract in ARM code (about 4x
 * cheaper than libgcc's division from ROM). */
GFX_ARM_INLINE uint32_t gfx_udiv(uint32_t un, uint32_t ud)
{
    uint32_t q = 0, bit = 1;
    while (!(ud & 0x80000000u) && (ud << 1) <= un) {
        ud <<= 1;
        bit <<= 1;
    }
    while (bit != 0) {
        if (un >= ud) {
            un -= ud;
            q |= bit;
        }
        ud >>= 1;
        bit >>= 1;
    }
    return q;
}

/* gfx_recip[d] = floor((2^32 - 1) / d), d = 1..GFX_RECIP_N-1 (gfx_init). */
#define GFX_RECIP_N 1024
static uint32_t gfx_recip[GFX_RECIP_N];

FXL_IWRAM_CODE static void gfx_recip_init(void)
{
    uint32_t d;
    for (d = 1; d < GFX_RECIP_N; ++d) {
        gfx_recip[d] = gfx_udiv(0xFFFFFFFFu, d);
    }
}

/* n / d truncated towards zero, as C's `/`, for d > 0 and |n| <= 2^31.
 * d < GFX_RECIP_N: q = floor(|n| R / 2^32), R = gfx_recip[d] in
 * (2^32 / d - 2, 2^32 / d], so |n| / d - 1 < |n| / d - 2 |n| / 2^32 <=
 * |n| R / 2^32 <= |n| / d: q is floor(|n| / d) or one less, which one
 * product decides. Larger d: gfx_udiv. */
GFX_ARM_INLINE int32_t gfx_div(int32_t n, int32_t d)
{
    uint32_t un = n < 0 ? 0u - (uint32_t)n : (uint32_t)n, q;
    if ((uint32_t)d < GFX_RECIP_N) {
        q = (uint32_t)(((uint64_t)un * gfx_recip[d]) >> 32);
        if ((uint64_t)(q + 1u) * (uint32_t)d <= un) {
            ++q;
        }
    } else {
        q = gfx_udiv(un, (uint32_t)d);
    }
    return n < 0 ? (int32_t)(0u - q) : (int32_t)q;
}

/* ARM code in IWRAM: the per-row loop is the hot part of drawing. */
GFX_ARM_INLINE void poly_edge_in(fxl_vec2 a, fxl_vec2 b)
{
    int y, ya, yb;
    int32_t slope, x;
    if (a.y == b.y) {
        return; /* horizontal: the other edges bound those rows */
    }
    if (a.y > b.y) {
        fxl_vec2 t = a;
        a = b;
        b = t;
    }
    ya = row_ceil(a.y);     /* first row with centre >= a.y */
    yb = row_ceil(b.y) - 1; /* last row with centre < b.y */
    if (ya < 0) {
        ya = 0;
    }
    if (yb > GFX_H - 1) {
        yb = GFX_H - 1;
    }
    if (yb < ya) {
        return;
    }
    /* Slope dx/dy in Q16.16 with 32-bit division only (libgcc's 64-bit
     * division costs thousands of cycles on the ARM7TDMI): dx in Q16.16
     * times 64 over dy in Q16.16 / 1024 (1/64 pixel units); |dx| < 512 px. */
    {
        int32_t dy6 = (b.y - a.y) >> 10;
        if (dy6 == 0) {
            return; /* under 1/64 px tall: the neighbouring edges bound it */
        }
        slope = gfx_div((b.x - a.x) * 64, dy6); /* dy6 > 0 */
    }
    x = a.x + (int32_t)(((int64_t)(((int32_t)ya << 16) + 0x8000 - a.y) * slope) >> 16);
    span_rows(ya, yb);
    for (y = ya; y <= yb; ++y) {
        if (x < span_l[y]) {
            span_l[y] = x;
        }
        if (x > span_r[y]) {
            span_r[y] = x;
        }
        x += slope;
    }
}

FXL_IWRAM_CODE void gfx_poly_edge(fxl_vec2 a, fxl_vec2 b)
{
    poly_edge_in(a, b);
}

static inline uint32_t isqrt32(uint32_t v)
{
    uint32_t res = 0;
    uint32_t bit = 1u << 30;
    while (bit > v) {
        bit >>= 2;
    }
    while (bit != 0) {
        if (v >= res + bit) {
            v -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return res;
}

FXL_IWRAM_CODE void gfx_poly_disc(fxl_vec2 c, fix16_t r)
{
    int y, y0, y1;
    int32_t r8 = r >> 8; /* Q24.8: squares fit 32 bits for r < 180 px */
    y0 = row_ceil(c.y - r);
    y1 = row_ceil(c.y + r + 1) - 1;
    if (y0 < 0) {
        y0 = 0;
    }
    if (y1 > GFX_H - 1) {
        y1 = GFX_H - 1;
    }
    for (y = y0; y <= y1; ++y) {
        int32_t dy8 = ((((int32_t)y << 16) + 0x8000) - c.y) >> 8;
        int32_t rem = r8 * r8 - dy8 * dy8;
        int32_t half;
        if (rem < 0) {
            continue;
        }
        half = (int32_t)isqrt32((uint32_t)rem) << 8;
        span_rows(y, y);
        if (c.x - half < span_l[y]) {
            span_l[y] = c.x - half;
        }
        if (c.x + half > span_r[y]) {
            span_r[y] = c.x + half;
        }
    }
}

/* Ends the shape: each row's pixels whose centre lies in [l, r] are filled
 * with col, or copied from buf when buf is not NULL; the rows are reset. */
GFX_ARM_INLINE void poly_spans_in(uint8_t col, const uint32_t *buf)
{
    int y;
    uint32_t fill = (uint32_t)col * 0x01010101u;
    uint32_t off = (uint32_t)(span_y0 * GFX_W);
    for (y = span_y0; y <= span_y1; ++y, off += GFX_W) {
        int32_t l = span_l[y];
        int32_t rr = span_r[y];
        int x0 = (int)((l - 0x8000 + 0xFFFF) >> 16), x1 = (int)((rr - 0x8000) >> 16);
        span_l[y] = INT32_MAX;
        span_r[y] = INT32_MIN;
        if (l > rr) {
            continue;
        }
        if (x0 < 0) {
            x0 = 0;
        }
        if (x1 > GFX_W - 1) {
            x1 = GFX_W - 1;
        }
        if (x1 < x0) {
            continue;
        }
        if (buf != NULL) {
            gfx_run_copy(gfx_draw_base + off, buf, off, x0, x1);
        } else {
            gfx_run(gfx_draw_base + off, x0, x1, fill);
        }
    }
}

FXL_IWRAM_CODE static void gfx_poly_spans(uint8_t col, const uint32_t *buf)
{
    poly_spans_in(col, buf);
}

FXL_IWRAM_CODE void gfx_poly_fill(uint8_t col)
{
    gfx_poly_spans(col, NULL);
}

void gfx_poly_restore(const uint32_t *buf)
{
    gfx_poly_spans(0, buf);
}

/* Every quad its own convex shape, all in one ARM call: no per-quad call
 * chain from Thumb code, the edges and spans inlined. */
FXL_IWRAM_CODE void gfx_quads_fill(const fxl_vec2 (*q)[4], size_t n, uint8_t col)
{
    size_t k;
    if (!span_ready) {
        gfx_poly_begin(); /* the rows' first reset */
    }
    for (k = 0; k < n; ++k) {
        span_y0 = GFX_H;
        span_y1 = -1;
        poly_edge_in(q[k][0], q[k][1]);
        poly_edge_in(q[k][1], q[k][2]);
        poly_edge_in(q[k][2], q[k][3]);
        poly_edge_in(q[k][3], q[k][0]);
        poly_spans_in(col, NULL);
    }
}

void gfx_shape_from_laser(const fxl_laser *laser, gfx_shape *out)
{
    fxl_laser_quad(laser, out->q);
    out->capsule = laser->kind == FXL_LASER_CAPSULE;
    out->r = laser->half_width;
    if (out->capsule) {
        fxl_laser_ends(laser, &out->e[0], &out->e[1]);
    } else {
        out->e[0] = out->e[1] = fxl_vec2_make(0, 0);
    }
}

static void gfx_shape_edges(const gfx_shape *sh)
{
    gfx_poly_begin();
    gfx_poly_edge(sh->q[0], sh->q[1]);
    gfx_poly_edge(sh->q[1], sh->q[2]);
    gfx_poly_edge(sh->q[2], sh->q[3]);
    gfx_poly_edge(sh->q[3], sh->q[0]);
    if (sh->capsule) {
        gfx_poly_disc(sh->e[0], sh->r);
        gfx_poly_disc(sh->e[1], sh->r);
    }
}

void gfx_shape_fill(const gfx_shape *sh, uint8_t col)
{
    gfx_shape_edges(sh);
    gfx_poly_fill(col);
}

void gfx_shape_restore(const gfx_shape *sh, const uint32_t *buf)
{
    gfx_shape_edges(sh);
    gfx_poly_restore(buf);
}

void gfx_laser(const fxl_laser *laser, uint8_t col)
{
    gfx_shape sh;
    gfx_shape_from_laser(laser, &sh);
    gfx_shape_fill(&sh, col);
}

/* ---- font ------------------------------------------------------------------ */

/* 3x5 glyphs, 15 bits: row 0 in bits 14..12 (bit 14 = left pixel). */
#define G(a, b, c, d, e) (uint16_t)(((a) << 12) | ((b) << 9) | ((c) << 6) | ((d) << 3) | (e))

static const uint16_t font_digits[10] = {
    G(7, 5, 5, 5, 7), G(2, 6, 2, 2, 7), G(7, 1, 7, 4, 7), G(7, 1, 7, 1, 7), G(5, 5, 7, 1, 1),
    G(7, 4, 7, 1, 7), G(7, 4, 7, 5, 7), G(7, 1, 1, 2, 2), G(7, 5, 7, 5, 7), G(7, 5, 7, 1, 7),
};

static const uint16_t font_letters[26] = {
    G(2, 5, 7, 5, 5), /* A */ G(6, 5, 6, 5, 6), /* B */ G(3, 4, 4, 4, 3), /* C */
    G(6, 5, 5, 5, 6), /* D */ G(7, 4, 6, 4, 7), /* E */ G(7, 4, 6, 4, 4), /* F */
    G(3, 4, 5, 5, 3), /* G */ G(5, 5, 7, 5, 5), /* H */ G(7, 2, 2, 2, 7), /* I */
    G(1, 1, 1, 5, 2), /* J */ G(5, 5, 6, 5, 5), /* K */ G(4, 4, 4, 4, 7), /* L */
    G(5, 7, 7, 5, 5), /* M */ G(6, 5, 5, 5, 5), /* N */ G(2, 5, 5, 5, 2), /* O */
    G(6, 5, 6, 4, 4), /* P */ G(2, 5, 5, 6, 3), /* Q */ G(6, 5, 6, 5, 5), /* R */
    G(3, 4, 2, 1, 6), /* S */ G(7, 2, 2, 2, 2), /* T */ G(5, 5, 5, 5, 7), /* U */
    G(5, 5, 5, 5, 2), /* V */ G(5, 5, 7, 7, 5), /* W */ G(5, 5, 2, 5, 5), /* X */
    G(5, 5, 2, 2, 2), /* Y */ G(7, 1, 2, 4, 7), /* Z */
};

static uint16_t font_glyph(char ch)
{
    if (ch >= '0' && ch <= '9') {
        return font_digits[ch - '0'];
    }
    if (ch >= 'a' && ch <= 'z') {
        ch = (char)(ch - 'a' + 'A');
    }
    if (ch >= 'A' && ch <= 'Z') {
        return font_letters[ch - 'A'];
    }
    switch (ch) {
    case '.': return G(0, 0, 0, 0, 2);
    case ':': return G(0, 2, 0, 2, 0);
    case '%': return G(5, 1, 2, 4, 5);
    case '/': return G(1, 1, 2, 4, 4);
    case '-': return G(0, 0, 7, 0, 0);
    case '=': return G(0, 7, 0, 7, 0);
    case '(': return G(2, 4, 4, 4, 2);
    case ')': return G(2, 1, 1, 1, 2);
    case '+': return G(0, 2, 7, 2, 0);
    default: return 0;
    }
}

/* font_glyph for every character 0..127, built by gfx_init: the text
 * loop (ARM, IWRAM) reads it instead of calling font_glyph per character. */
static uint16_t font_table[128];

static void font_table_init(void)
{
    int ch;
    for (ch = 0; ch < 128; ++ch) {
        font_table[ch] = font_glyph((char)ch);
    }
}

/* Two pixels of a glyph row as one halfword: bit 1 of `bits2` is the left
 * pixel (lower byte). */
static inline uint16_t glyph_pair(unsigned bits2, uint32_t fg, uint32_t bg)
{
    return (uint16_t)(((bits2 & 2u) ? fg : bg) | (((bits2 & 1u) ? fg : bg) << 8));
}

/* Fast path: x even, whole 4x5 cells written with halfword stores (the
 * 4th column and blanks get `bg`), no reads. */
FXL_IWRAM_CODE static int gfx_text_cells(int x, int y, const char *s, uint32_t fg, uint32_t bg)
{
    for (; *s != '\0' && x + 3 < GFX_W; ++s, x += 4) {
        uint16_t g = font_table[(unsigned char)*s & 127u];
        volatile uint16_t *p = (volatile uint16_t *)(gfx_draw_base + (uint32_t)(y * GFX_W + x));
        int row;
        for (row = 0; row < 5; ++row, p += GFX_W / 2) {
            unsigned bits = (unsigned)(g >> (12 - 3 * row)) & 7u;
            p[0] = glyph_pair(bits >> 1, fg, bg);
            p[1] = glyph_pair((bits & 1u) << 1, fg, bg);
        }
    }
    return x;
}

int gfx_text_bg(int x, int y, const char *s, uint8_t fg, uint8_t bg)
{
    if ((x & 1) == 0 && x >= 0 && y >= 0 && y + 5 <= GFX_H) {
        return gfx_text_cells(x, y, s, fg, bg);
    }
    return gfx_text(x, y, s, fg);
}

int gfx_text(int x, int y, const char *s, uint8_t col)
{
    for (; *s != '\0'; ++s, x += 4) {
        uint16_t g = font_glyph(*s);
        int row, bit;
        if (g == 0) {
            continue;
        }
        for (row = 0; row < 5; ++row) {
            unsigned bits = (unsigned)(g >> (12 - 3 * row)) & 7u;
            for (bit = 0; bit < 3; ++bit) {
                if (bits & (4u >> bit)) {
                    gfx_pixel(x + bit, y + row, col);
                }
            }
        }
    }
    return x;
}
