/* gbahdr.c - fix up the cartridge header of a Game Boy Advance ROM image.
 *
 *     gbahdr ROM.gba TITLE GAMECODE
 *
 * Rewrites, in place (offsets from GBATEK, "GBA Cartridge Header"):
 *   0xA0-0xAB  game title, 12 bytes, upper-case ASCII, zero padded
 *   0xAC-0xAF  game code, 4 upper-case ASCII letters/digits
 *   0xB0-0xB1  maker code "00"
 *   0xB2       fixed value 0x96
 *   0xB3       main unit code 0x00
 *   0xB4       device type 0x00
 *   0xB5-0xBB  reserved, zero
 *   0xBC       software version (left as found)
 *   0xBD       complement check: chk = -(sum of bytes 0xA0..0xBC) - 0x19
 *   0xBE-0xBF  reserved, zero
 * and pads the file with zero bytes to a multiple of 4 bytes.
 *
 * The Nintendo logo (0x04-0x9F) is NOT written: fixlaser does not ship
 * Nintendo's logo bitmap. mGBA runs the ROM without it, but real hardware's
 * BIOS refuses to boot it: for a cartridge or flash cart, run devkitPro's
 * gbafix on the ROM as well (it inserts the logo and recomputes the check).
 *
 * C99, host program. Exit status 0 on success, 1 on error, 2 on bad usage.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HDR_TITLE     0xA0L
#define HDR_TITLE_LEN 12
#define HDR_CODE      0xACL
#define HDR_CODE_LEN  4
#define HDR_MAKER     0xB0L
#define HDR_FIXED     0xB2L
#define HDR_VERSION   0xBCL
#define HDR_CHECK     0xBDL
#define HDR_END       0xC0L

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gbahdr ROM.gba TITLE GAMECODE\n"
            "  Fixes a GBA ROM's cartridge header in place: TITLE (up to 12\n"
            "  characters, stored upper-case) at 0xA0, GAMECODE (4 letters or\n"
            "  digits) at 0xAC, maker code \"00\", 0x96 at 0xB2, the complement\n"
            "  check at 0xBD; pads the file to a multiple of 4 bytes.\n"
            "  The Nintendo logo (0x04-0x9F) is NOT written: mGBA boots the ROM,\n"
            "  real hardware needs devkitPro's gbafix to add the logo.\n");
}

/* Header complement check, GBATEK: chk = 0; for i in 0xA0..0xBC:
 * chk = chk - byte[i]; chk = (chk - 0x19) and 0xFF. */
static unsigned char header_check(const unsigned char *hdr)
{
    unsigned sum = 0;
    long i;
    for (i = HDR_TITLE; i <= HDR_VERSION; ++i) {
        sum += hdr[i];
    }
    return (unsigned char)((0u - sum - 0x19u) & 0xFFu);
}

int main(int argc, char **argv)
{
    const char *path;
    const char *title;
    const char *code;
    unsigned char hdr[HDR_END];
    size_t i;
    size_t title_len;
    long size;
    FILE *f;

    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc != 4) {
        usage(stderr);
        return 2;
    }
    path = argv[1];
    title = argv[2];
    code = argv[3];

    title_len = strlen(title);
    if (title_len > HDR_TITLE_LEN) {
        fprintf(stderr, "gbahdr: title \"%s\" is longer than %d characters\n", title, HDR_TITLE_LEN);
        return 2;
    }
    for (i = 0; i < title_len; ++i) {
        unsigned char c = (unsigned char)title[i];
        if (c < 0x20 || c > 0x7E) {
            fprintf(stderr, "gbahdr: title must be printable ASCII\n");
            return 2;
        }
    }
    if (strlen(code) != HDR_CODE_LEN) {
        fprintf(stderr, "gbahdr: game code \"%s\" must be exactly %d characters\n", code, HDR_CODE_LEN);
        return 2;
    }
    for (i = 0; i < HDR_CODE_LEN; ++i) {
        unsigned char c = (unsigned char)code[i];
        if (c > 0x7E || !isalnum(c)) {
            fprintf(stderr, "gbahdr: game code must be ASCII letters and digits\n");
            return 2;
        }
    }

    f = fopen(path, "r+b");
    if (f == NULL) {
        fprintf(stderr, "gbahdr: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (fseek(f, 0L, SEEK_END) != 0 || (size = ftell(f)) < 0) {
        fprintf(stderr, "gbahdr: %s: cannot determine size\n", path);
        fclose(f);
        return 1;
    }
    if (size < HDR_END) {
        fprintf(stderr, "gbahdr: %s: %ld bytes, too small for a GBA header (0xC0 bytes)\n", path, size);
        fclose(f);
        return 1;
    }
    if (fseek(f, 0L, SEEK_SET) != 0 || fread(hdr, 1, sizeof hdr, f) != sizeof hdr) {
        fprintf(stderr, "gbahdr: %s: read error\n", path);
        fclose(f);
        return 1;
    }
    if (hdr[3] != 0xEA) {
        fprintf(stderr, "gbahdr: warning: %s does not start with an ARM branch (byte 3 = 0x%02X)\n", path,
                (unsigned)hdr[3]);
    }

    memset(hdr + HDR_TITLE, 0, HDR_TITLE_LEN);
    for (i = 0; i < title_len; ++i) {
        hdr[HDR_TITLE + (long)i] = (unsigned char)toupper((unsigned char)title[i]);
    }
    for (i = 0; i < HDR_CODE_LEN; ++i) {
        hdr[HDR_CODE + (long)i] = (unsigned char)toupper((unsigned char)code[i]);
    }
    hdr[HDR_MAKER] = '0';
    hdr[HDR_MAKER + 1] = '0';
    hdr[HDR_FIXED] = 0x96;
    memset(hdr + HDR_FIXED + 1, 0, (size_t)(HDR_VERSION - HDR_FIXED - 1)); /* 0xB3..0xBB */
    hdr[HDR_CHECK] = header_check(hdr);
    hdr[HDR_CHECK + 1] = 0;
    hdr[HDR_CHECK + 2] = 0;

    if (fseek(f, HDR_TITLE, SEEK_SET) != 0 ||
        fwrite(hdr + HDR_TITLE, 1, (size_t)(HDR_END - HDR_TITLE), f) != (size_t)(HDR_END - HDR_TITLE)) {
        fprintf(stderr, "gbahdr: %s: write error\n", path);
        fclose(f);
        return 1;
    }
    if (size % 4 != 0) {
        static const unsigned char zeros[4] = {0, 0, 0, 0};
        size_t pad = (size_t)(4 - size % 4);
        if (fseek(f, 0L, SEEK_END) != 0 || fwrite(zeros, 1, pad, f) != pad) {
            fprintf(stderr, "gbahdr: %s: write error while padding\n", path);
            fclose(f);
            return 1;
        }
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "gbahdr: %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}
