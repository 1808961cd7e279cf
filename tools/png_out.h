/* png_out.h - the host tools' one PNG writer (libpng): an 8-bit RGB image,
 * rows top to bottom, 3 bytes a pixel. Header-only, for tools/ programs. */
#ifndef FXL_TOOLS_PNG_OUT_H
#define FXL_TOOLS_PNG_OUT_H

#include <png.h>
#include <stddef.h>
#include <stdio.h>

/* Writes w x h pixels of rgb to path; 0 on success, -1 on any failure. */
static int png_out_rgb(const char *path, int w, int h, const unsigned char *rgb)
{
    FILE *fp = fopen(path, "wb");
    png_structp png;
    png_infop info;
    int y;
    if (!fp)
        return -1;
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(fp);
        return -1;
    }
    png_init_io(png, fp);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < h; y++)
        png_write_row(png, rgb + (size_t)y * (size_t)w * 3u);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return fclose(fp) == 0 ? 0 : -1;
}

#endif
