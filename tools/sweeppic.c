/* sweeppic - pictures of exact swept regions (fixlaser/sweep.h).
 *
 *   sweeppic DIR   writes DIR/sweep-middle.png, DIR/sweep-pivot.png and
 *                  DIR/sweep-drift.png
 *
 * Each picture is one frame of a turning laser, drawn 4 image pixels to the
 * laser pixel:
 *   sweep-middle.png  a box laser (100 px long, half-width 5 px) turning
 *                     60 degrees about its own middle (fxl_sweep_turn of a
 *                     centre-anchored laser: the demo's propeller);
 *   sweep-pivot.png   a capsule laser (60 px, half-width 5 px) turning 90
 *                     degrees anticlockwise about a pivot off the beam, 30 px
 *                     to the side of its emitter (fxl_sweep_turn_about);
 *   sweep-drift.png   a box laser (60 px, half-width 5 px) turning 45 degrees
 *                     about its emitter while the emitter moves (40, 30) px
 *                     (fxl_sweep_to_pose; sweep.h's motion: slide half the
 *                     move, turn, slide the rest: the demo's drifting boss).
 * Orange: every image pixel whose centre fxl_sweep_vs_circle says is hit by
 * a circle of radius 0, i.e. the exact swept region. Blue and green: the
 * outlines of the beam at the start and at the end of the frame (pixels of
 * its hitbox, fxl_laser_vs_point, next to one outside it). White crosses:
 * the pivot (for the moving laser at the start, the middle of the move,
 * where the turn happens, and the end; grey: the pivot's path). Grid lines
 * every 10 laser pixels. A legend under the picture names each colour.
 * Integers only; every yes/no comes from the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixlaser.h"
#include "png_out.h"

#define ZOOM 4        /* image pixels per laser pixel */
#define SCAN 160      /* the coarse scan covers -SCAN..SCAN laser px */
#define MARGIN 8      /* laser px around the region */
#define GRID 10       /* laser px between grid lines */
#define FONT_SCALE 2  /* image pixels per font pixel (5x7 glyphs) */
#define LEGEND_ROW 22 /* image pixels per legend row */
#define LEGEND_ROWS 2 /* rows kept under the picture for the legend */

typedef struct rgb {
    unsigned char r, g, b;
} rgb;

static const rgb col_bg = {16, 18, 28};
static const rgb col_grid = {34, 38, 54};
static const rgb col_sweep = {214, 104, 40};
static const rgb col_start = {96, 170, 255};
static const rgb col_end = {110, 235, 120};
static const rgb col_pivot = {255, 255, 255};
static const rgb col_path = {150, 150, 160};

typedef struct image {
    int w, h;
    fix16_t ox, oy; /* laser coordinates of the image's top-left corner */
    unsigned char *rgb;
} image;

static void put(image *im, int x, int y, rgb c)
{
    unsigned char *p;
    if (x < 0 || y < 0 || x >= im->w || y >= im->h)
        return;
    p = im->rgb + ((size_t)y * (size_t)im->w + (size_t)x) * 3u;
    p[0] = c.r;
    p[1] = c.g;
    p[2] = c.b;
}

/* The laser point at the centre of image pixel (x, y). */
static fxl_vec2 centre(const image *im, int x, int y)
{
    return fxl_vec2_make(im->ox + (fix16_t)(2 * x + 1) * (65536 / (2 * ZOOM)),
                         im->oy + (fix16_t)(2 * y + 1) * (65536 / (2 * ZOOM)));
}

/* The image pixel holding the laser point p (floor). */
static int to_ix(const image *im, fix16_t x)
{
    return (int)(((int64_t)x - im->ox) * ZOOM >> 16);
}

static int to_iy(const image *im, fix16_t y)
{
    return (int)(((int64_t)y - im->oy) * ZOOM >> 16);
}

static void cross(image *im, fxl_vec2 p, int arm, rgb c)
{
    int x = to_ix(im, p.x), y = to_iy(im, p.y), k;
    for (k = -arm; k <= arm; k++) {
        put(im, x + k, y, c);
        put(im, x, y + k, c);
        put(im, x + k, y + 1, c);
        put(im, x + 1, y + k, c);
    }
}

/* Straight line between two laser points (DDA on image pixels). */
static void line(image *im, fxl_vec2 a, fxl_vec2 b, rgb c)
{
    int ax = to_ix(im, a.x), ay = to_iy(im, a.y), bx = to_ix(im, b.x), by = to_iy(im, b.y);
    int dx = abs(bx - ax), dy = abs(by - ay), n = dx > dy ? dx : dy, k;
    for (k = 0; k <= n; k++) {
        put(im, ax + (n ? (bx - ax) * k / n : 0), ay + (n ? (by - ay) * k / n : 0), c);
    }
}

/* The 5x7 capitals the legend uses, a row of 5 bits per line, top first. */
static const struct glyph {
    char c;
    unsigned char row[7];
} font[] = {
    {'A', {14, 17, 17, 31, 17, 17, 17}}, {'D', {30, 17, 17, 17, 17, 17, 30}},
    {'E', {31, 16, 16, 30, 16, 16, 31}}, {'G', {14, 17, 16, 23, 17, 17, 15}},
    {'H', {17, 17, 17, 31, 17, 17, 17}}, {'I', {14, 4, 4, 4, 4, 4, 14}},
    {'N', {17, 25, 21, 19, 17, 17, 17}}, {'O', {14, 17, 17, 17, 17, 17, 14}},
    {'P', {30, 17, 17, 30, 16, 16, 16}}, {'R', {30, 17, 17, 30, 20, 18, 17}},
    {'S', {15, 16, 16, 14, 1, 1, 30}},   {'T', {31, 4, 4, 4, 4, 4, 4}},
    {'V', {17, 17, 17, 17, 17, 10, 4}},  {'W', {17, 17, 17, 21, 21, 21, 10}},
};

/* Text in capitals from the font (other characters leave a space) with its
 * top-left corner at image pixel (x, y); returns the x after it. */
static int text(image *im, int x, int y, const char *s, rgb c)
{
    for (; *s; s++, x += 6 * FONT_SCALE) {
        size_t g;
        for (g = 0; g < sizeof font / sizeof font[0] && font[g].c != *s; g++)
            ;
        if (g == sizeof font / sizeof font[0])
            continue;
        for (int r = 0; r < 7; r++)
            for (int b = 0; b < 5; b++)
                if (font[g].row[r] >> (4 - b) & 1)
                    for (int k = 0; k < FONT_SCALE * FONT_SCALE; k++)
                        put(im, x + b * FONT_SCALE + k % FONT_SCALE, y + r * FONT_SCALE + k / FONT_SCALE, c);
    }
    return x;
}

/* The legend in the LEGEND_ROWS rows under the picture (im->h includes
 * them; top is the first row's y): a swatch, or a cross for the pivot, then
 * the name, flowed left to right. */
static void legend(image *im, int top, int moving)
{
    static const char *names[5] = {"SWEPT REGION", "START", "END", "PIVOT", "PATH"};
    const rgb cols[5] = {col_sweep, col_start, col_end, col_pivot, col_path};
    int x = 8, y = top + 4, k, n = moving ? 5 : 4;
    for (k = 0; k < n; k++) {
        int w = 16 + 6 + (int)strlen(names[k]) * 6 * FONT_SCALE + 16;
        if (x + w > im->w && x > 8) {
            x = 8;
            y += LEGEND_ROW;
        }
        for (int dy = 0; dy < 14; dy++)
            for (int dx = 0; dx < 16; dx++)
                if (k == 3 ? dx == 7 || dx == 8 || dy == 6 || dy == 7 : 1)
                    put(im, x + dx, y + dy, cols[k]);
        text(im, x + 22, y, names[k], cols[k]);
        x += w;
    }
}

static int write_png(const char *path, const image *im)
{
    return png_out_rgb(path, im->w, im->h, im->rgb);
}

/* Pixels of the beam lp's hitbox that have a pixel outside it within 2
 * on each axis: an outline 2 pixels wide, inside. in[] is scratch, w * h. */
static void outline(image *im, const fxl_laser_prep *lp, unsigned char *in, rgb c)
{
    int x, y, dx, dy;
    for (y = 0; y < im->h; y++)
        for (x = 0; x < im->w; x++)
            in[(size_t)y * (size_t)im->w + (size_t)x] =
                (unsigned char)fxl_laser_vs_point(lp, centre(im, x, y));
    for (y = 0; y < im->h; y++)
        for (x = 0; x < im->w; x++) {
            int edge = 0;
            if (!in[(size_t)y * (size_t)im->w + (size_t)x])
                continue;
            for (dy = -2; dy <= 2 && !edge; dy++)
                for (dx = -2; dx <= 2 && !edge; dx++) {
                    int u = x + dx, v = y + dy;
                    edge = u < 0 || v < 0 || u >= im->w || v >= im->h ||
                           !in[(size_t)v * (size_t)im->w + (size_t)u];
                }
            if (edge)
                put(im, x, y, c);
        }
}

/* Renders one sweep to path. */
static int picture(const char *path, const fxl_sweep *s)
{
    fxl_sweep_prep sp;
    fxl_laser_prep end;
    fxl_vec2 p0, pm, p1;
    int x, y, x0 = SCAN, y0 = SCAN, x1 = -SCAN, y1 = -SCAN;
    unsigned long hit = 0;
    unsigned char *scratch;
    image im;
    int res;

    if (fxl_sweep_prepare(s, &sp) != FXL_OK) {
        fprintf(stderr, "sweeppic: %s: fxl_sweep_prepare refused the sweep\n", path);
        return -1;
    }
    p0 = s->motion.pivot;
    pm = fxl_vec2_make(p0.x + sp.half_move.x, p0.y + sp.half_move.y);
    p1 = sp.pivot1;
    /* The region's extent: a scan of every whole laser pixel of the window
     * (a region thinner than a pixel could hide between them; these are
     * not), with the pivots, grown by MARGIN. */
    for (y = -SCAN; y <= SCAN; y++)
        for (x = -SCAN; x <= SCAN; x++)
            if (fxl_sweep_vs_circle(&sp, fxl_circle_make(fix16_from_int(x), fix16_from_int(y), 0))) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
    {
        const fxl_vec2 *pv[3] = {&p0, &pm, &p1};
        int k;
        for (k = 0; k < 3; k++) {
            int px = pv[k]->x >> 16, py = pv[k]->y >> 16;
            x0 = px < x0 ? px : x0;
            x1 = px + 1 > x1 ? px + 1 : x1;
            y0 = py < y0 ? py : y0;
            y1 = py + 1 > y1 ? py + 1 : y1;
        }
    }
    x0 -= MARGIN;
    y0 -= MARGIN;
    x1 += MARGIN;
    y1 += MARGIN;
    im.w = (x1 - x0) * ZOOM;
    im.h = (y1 - y0) * ZOOM + LEGEND_ROWS * LEGEND_ROW;
    im.ox = fix16_from_int(x0);
    im.oy = fix16_from_int(y0);
    im.rgb = malloc((size_t)im.w * (size_t)im.h * 3u);
    scratch = malloc((size_t)im.w * (size_t)im.h);
    if (!im.rgb || !scratch) {
        free(im.rgb);
        free(scratch);
        return -1;
    }
    memset(im.rgb, 0, (size_t)im.w * (size_t)im.h * 3u);
    for (y = 0; y < im.h - LEGEND_ROWS * LEGEND_ROW; y++)
        for (x = 0; x < im.w; x++) {
            fxl_vec2 c = centre(&im, x, y);
            int gx = x % ZOOM == 0 && (x0 + x / ZOOM) % GRID == 0;
            int gy = y % ZOOM == 0 && (y0 + y / ZOOM) % GRID == 0;
            if (fxl_sweep_vs_circle(&sp, fxl_circle_make(c.x, c.y, 0))) {
                put(&im, x, y, col_sweep);
                hit++;
            } else {
                put(&im, x, y, gx || gy ? col_grid : col_bg);
            }
        }
    outline(&im, &sp.from, scratch, col_start);
    end = fxl_sweep_end(&sp);
    outline(&im, &end, scratch, col_end);
    if (p0.x != p1.x || p0.y != p1.y) {
        line(&im, p0, p1, col_path);
        cross(&im, p0, 4, col_pivot);
        cross(&im, p1, 4, col_pivot);
    }
    cross(&im, pm, 7, col_pivot);
    legend(&im, im.h - LEGEND_ROWS * LEGEND_ROW, p0.x != p1.x || p0.y != p1.y);
    res = write_png(path, &im);
    if (res == 0)
        printf("%s: %dx%d, %lu of %lu pixel centres in the swept region\n", path, im.w, im.h, hit,
               (unsigned long)im.w * (unsigned long)(im.h - LEGEND_ROWS * LEGEND_ROW));
    else
        fprintf(stderr, "sweeppic: cannot write %s\n", path);
    free(im.rgb);
    free(scratch);
    return res;
}

int main(int argc, char **argv)
{
    char path[4096];
    fxl_laser l;
    fxl_sweep s;
    int bad = 0;
    if (argc != 2 || strlen(argv[1]) > sizeof path - 32) {
        fprintf(stderr, "usage: sweeppic DIR\n");
        return 2;
    }

    /* about its middle: a centre-anchored box, 60 degrees */
    l = fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(0, 0), 228, fix16_from_int(50),
                              fix16_from_int(5));
    s = fxl_sweep_turn(&l, 683);
    snprintf(path, sizeof path, "%s/sweep-middle.png", argv[1]);
    bad |= picture(path, &s) != 0;

    /* about a pivot off the beam: the emitter 20 px along and 30 px to the
     * side of the pivot, 90 degrees anticlockwise */
    l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(fix16_from_int(20), fix16_from_int(-30)),
                              0, fix16_from_int(60), fix16_from_int(5));
    s = fxl_sweep_turn_about(&l, fxl_vec2_make(0, 0), -1024);
    snprintf(path, sizeof path, "%s/sweep-pivot.png", argv[1]);
    bad |= picture(path, &s) != 0;

    /* turning 45 degrees about its emitter while the emitter moves (40, 30) */
    l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(fix16_from_int(-20), fix16_from_int(-15)),
                              3900, fix16_from_int(60), fix16_from_int(5));
    s = fxl_sweep_to_pose(&l, fxl_vec2_make(fix16_from_int(20), fix16_from_int(15)),
                          (3900 + 512) & FXL_ANGLE_MASK);
    snprintf(path, sizeof path, "%s/sweep-drift.png", argv[1]);
    bad |= picture(path, &s) != 0;
    return bad;
}
