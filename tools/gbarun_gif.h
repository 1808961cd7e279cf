/* gbarun_gif.h - gbarun's animated GIFs (giflib): frames FIRST..LAST of a
 * run, every second frame (30 per second of GBA time), scaled by whole
 * pixels, looping. Included by tools/gbarun.c only.
 *
 * Colours: the GBA has 15-bit colour; one palette serves every frame of a
 * file: the distinct colours of all its frames when there are at most 256
 * (the demo's case: exact), else each channel is cut by one bit at a time
 * until they fit. */
#ifndef GBARUN_GIF_H
#define GBARUN_GIF_H

#include <fcntl.h>
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One recorded frame: 15-bit colours, r | g << 5 | b << 10. */
typedef struct gif_frame {
    uint16_t *px;
} gif_frame;

typedef struct gif_anim {
    const char *path;
    long first, last;  /* frames recorded, inclusive, every second one */
    gif_frame *frames;
    size_t count;
} gif_anim;

/* Records the frame if it belongs to the animation. */
static int gif_record(gif_anim *a, long frame, const uint8_t *rgb, unsigned w, unsigned h)
{
    size_t i, n = (size_t)w * h;
    uint16_t *px;
    if (frame < a->first || frame > a->last || (frame - a->first) % 2 != 0)
        return 1;
    px = malloc(n * sizeof *px);
    a->frames = realloc(a->frames, (a->count + 1) * sizeof *a->frames);
    if (px == NULL || a->frames == NULL)
        return 0;
    for (i = 0; i < n; i++)
        px[i] = (uint16_t)((rgb[3 * i] >> 3) | (rgb[3 * i + 1] >> 3) << 5 | (rgb[3 * i + 2] >> 3) << 10);
    a->frames[a->count++].px = px;
    return 1;
}

/* The colour c with `cut` low bits of each channel dropped. */
static unsigned gif_cut(unsigned c, unsigned cut)
{
    unsigned m = (0x1Fu >> cut) << cut;
    return (c & m) | (c & (m << 5)) | (c & (m << 10));
}

/* Writes the animation, each pixel scale x scale; 1 on success. */
static int gif_write(const gif_anim *a, unsigned w, unsigned h, unsigned scale)
{
    static int index[32768];
    GifColorType colours[256];
    ColorMapObject *map;
    GifFileType *gif;
    GifByteType *line;
    unsigned cut = 0, ncol = 0, size, c;
    size_t f, i;
    int err = 0, ok = 1;
    for (;;) { /* the palette: every colour of every frame, cut until <= 256 */
        for (c = 0; c < 32768; c++)
            index[c] = -1;
        ncol = 0;
        for (f = 0; f < a->count && ncol <= 256; f++) {
            for (i = 0; i < (size_t)w * h && ncol <= 256; i++) {
                unsigned k = gif_cut(a->frames[f].px[i], cut);
                if (index[k] < 0)
                    index[k] = (int)ncol++;
            }
        }
        if (ncol <= 256 || cut == 4)
            break;
        cut++;
    }
    for (size = 2; size < ncol; size *= 2)
        ;
    memset(colours, 0, sizeof colours);
    for (c = 0; c < 32768; c++) {
        if (index[c] >= 0 && index[c] < 256) {
            colours[index[c]].Red = (GifByteType)((c & 0x1Fu) << 3 | (c & 0x1Fu) >> 2);
            colours[index[c]].Green = (GifByteType)((c >> 5 & 0x1Fu) << 3 | (c >> 5 & 0x1Fu) >> 2);
            colours[index[c]].Blue = (GifByteType)((c >> 10 & 0x1Fu) << 3 | (c >> 10 & 0x1Fu) >> 2);
        }
    }
    map = GifMakeMapObject((int)size, colours);
    {   /* mode 0644 (less the umask), as the PNGs: EGifOpenFileName uses 0600 */
        int fd = open(a->path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        gif = fd < 0 ? NULL : EGifOpenFileHandle(fd, &err);
    }
    line = malloc((size_t)w * scale);
    if (map == NULL || gif == NULL || line == NULL) {
        fprintf(stderr, "gbarun: %s: cannot write GIF (%s)\n", a->path, GifErrorString(err));
        GifFreeMapObject(map);
        free(line);
        if (gif != NULL)
            EGifCloseFile(gif, &err);
        return 0;
    }
    EGifSetGifVersion(gif, true);
    ok = EGifPutScreenDesc(gif, (int)(w * scale), (int)(h * scale), 8, 0, map) == GIF_OK;
    if (ok) { /* loop forever: the NETSCAPE2.0 application extension */
        static const GifByteType loop[3] = {1, 0, 0};
        ok = EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
             EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
             EGifPutExtensionBlock(gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
    }
    for (f = 0; ok && f < a->count; f++) {
        GraphicsControlBlock gcb;
        GifByteType ext[4];
        unsigned y, x, s;
        memset(&gcb, 0, sizeof gcb);
        gcb.DelayTime = f + 1 == a->count ? 150 : 8; /* 1/100 s: slow enough to see a jump (every second GBA frame at 8/100 s: 1/5 speed); the last frame lingers */
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        EGifGCBToExtension(&gcb, ext);
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_OK &&
             EGifPutImageDesc(gif, 0, 0, (int)(w * scale), (int)(h * scale), false, NULL) == GIF_OK;
        for (y = 0; ok && y < h; y++) {
            for (x = 0; x < w; x++)
                for (s = 0; s < scale; s++)
                    line[x * scale + s] = (GifByteType)index[gif_cut(a->frames[f].px[(size_t)y * w + x], cut)];
            for (s = 0; ok && s < scale; s++)
                ok = EGifPutLine(gif, line, (int)(w * scale)) == GIF_OK;
        }
    }
    if (EGifCloseFile(gif, &err) != GIF_OK)
        ok = 0;
    GifFreeMapObject(map);
    free(line);
    if (!ok)
        fprintf(stderr, "gbarun: %s: GIF write error\n", a->path);
    return ok;
}

#endif
