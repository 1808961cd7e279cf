/* gbarun.c - run a Game Boy Advance ROM headless under mGBA (libmgba 0.10)
 * and turn it into a test process: its debug output on stdout, its result in
 * the exit status.
 *
 *     gbarun [-q] [-v] [-f FRAMES] [-x SCALE] [-s FRAME:FILE.png]...
 *            [-a FIRST:LAST:FILE.gif]... [-k KEYSCRIPT] [-S SEED] ROM
 *
 * Output: every message the ROM sends through mGBA's debug registers
 * (log category "GBA Debug", any level) is printed to stdout as is, one line
 * per message. mGBA's other log messages are dropped unless -v, which prints
 * them to stderr. gbarun's own diagnostics go to stderr.
 *
 * Completion: after every frame gbarun reads the ROM's status block in EWRAM
 * (port/gba/test_port.c; its addresses in port/gba/gbarun_abi.h):
 *     0x0203FFF0  u32  0x21434C46 ("FLC!") when the ROM has finished
 *     0x0203FFF4  u32  number of failures
 * and stops as soon as the magic appears.
 *
 * Traps: the first undefined instruction the CPU meets (a __builtin_trap,
 * which a checked build's failed FXL_ASSERT executes: include/fixlaser/
 * config.h, or a jump into garbage) stops the run at the end of that frame.
 * gbarun prints on stderr the instruction, its address and mode, the
 * function it is in and the function that called it (from the ELF's
 * symbols: -e, or ROM.elf beside ROM.gba), e.g.
 *     gbarun: trap: undefined instruction 0xdeff (Thumb) at 0x080012a4 in
 *             fxl_assert_failed, called from 0x03000e1c in fxl_beam_test+0x1c
 * and, when the trap is fxl_assert_failed's own, the failed check from its
 * arguments (r0 = condition, r1 = file, r2 = line):
 *     gbarun: trap: src/beam.c:149: fixlaser: precondition failed: bp != NULL ...
 * mGBA's own "Illegal opcode" messages stay behind -v.
 *
 * Seeds (-S SEED): the test ROM's property tests draw from another seed
 * (decimal or 0x hex, not 0). gbarun finds the seed slot of
 * port/gba/test_port.c in the loaded ROM (its tag, port/gba/gbarun_abi.h,
 * exactly once) and writes the seed's low and high words after it
 * (mGBA's patch write; the file is not changed), as the hosted port's
 * FXLT_SEED: make check-seed-gba, make soak-gba.
 *
 * Profiles (-p): every instruction's cycles (mGBA's clock before and after
 * it: wait states, prefetch and the events it ran into, interrupts
 * included) go to the address it was fetched from; the ROM's own timer
 * readings are the same as in a plain run (make profile-check). FILE lists
 * each function that spent any (tab-separated): cycles, share of the run,
 * instructions executed, calls (its first instruction run, a jump into it
 * included) and its name with its address, most cycles first; then, for
 * the functions that took 0.1 % or more, their callers (the function lr
 * points into at entry) with their calls; then, for those with 1 % or
 * more, their addresses that took 0.05 % or more (address, cycles,
 * instructions), to read beside `arm-none-eabi-objdump -d`. Self time
 * only: a call's cycles stay with its callee. Code outside ROM, IWRAM and
 * EWRAM counts in the header's total only. When the CPU halts (waiting for
 * an interrupt), mGBA's single step cannot go on: the rest of that frame
 * runs unprofiled, and the header counts its cycles. The benchmark ROMs run
 * flat out and halt only once they are done; profile a game that waits for
 * VBlank every frame with its wait taken out.
 *
 * Exit status:
 *     0        the ROM finished and reported 0 failures
 *     1..125   the ROM finished with that many failures (125 = 125 or more);
 *              for a game ROM linked with exit_status.o, main's return value
 *     124      the frame limit was reached first ("gbarun: frame limit
 *              reached" on stderr)
 *     126      gbarun itself failed: bad usage, unreadable ROM, ELF or key
 *              script, screenshot not written
 *     132      the ROM trapped (an undefined instruction, see Traps): 128 +
 *              SIGILL, what a shell reports for a host program that traps
 * (A ROM reporting exactly 124 failures is indistinguishable from a timeout;
 * test suites that large should report 125.)
 *
 * Options:
 *     -f N              frame limit, default 1,000,000 (4.6 hours of GBA time,
 *                       a few minutes headless): a safety net, so a ROM runs
 *                       until it reports done
 *     -s FRAME:FILE     write FILE (PNG, 240x160 RGB, times SCALE) after
 *                       running frame FRAME (frames count from 0); repeatable
 *     -a FIRST:LAST:FILE  write FILE, an animated GIF (looping) of frames
 *                       FIRST..LAST, every second frame, times SCALE;
 *                       repeatable (ranges naming the same FILE follow each
 *                       other in it); tools/gbarun_gif.h
 *     -x SCALE          screenshots and animations SCALE times the GBA's
 *                       240x160, nearest neighbour (1..8, default 1)
 *     -k SCRIPT         key script: lines "FRAME KEYS", KEYS a '+'-joined list
 *                       of A B SELECT START RIGHT LEFT UP DOWN R L, or NONE;
 *                       the keys are held from FRAME until the next line's
 *                       frame. Blank lines and lines starting with '#' are
 *                       ignored; frames must not decrease.
 *     -e FILE.elf       the ROM's ELF, for function names in a trap report
 *                       (default: the ROM's name with .elf for .gba, when
 *                       that file exists)
 *     -p FILE           profile: run instruction by instruction and write FILE,
 *                       the cycles each function (ELF symbols) spent, its own
 *                       code only (not its callees'), and its calls, most
 *                       first, then its callers and hottest addresses (see
 *                       Profiles); about 10 times slower than a plain run
 *     -q                quiet: do not print the ROM's debug output
 *     -v                verbose: also print mGBA's other log messages and a
 *                       summary line (stderr)
 *
 * mGBA note: <mgba/flags.h> must be included before any other mGBA header:
 * it defines the build options (COLOR_16_BIT, USE_DEBUGGERS, ...) that
 * change the layout of struct mCore and the pixel format (color_t).
 */
#define _POSIX_C_SOURCE 200809L

#include <mgba/flags.h>
/* flags.h first (see above). */
#include <mgba/core/core.h>
#include <mgba/core/log.h>
#include <mgba/core/timing.h>
#include <mgba/internal/arm/arm.h>

#include <errno.h>
#include <limits.h>
#include <png.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../port/gba/gbarun_abi.h"
#include "gbarun_gif.h"

#define GBARUN_EXIT_TIMEOUT 124
#define GBARUN_EXIT_MAXFAIL 125
#define GBARUN_EXIT_ERROR   126
#define GBARUN_EXIT_TRAP    132

#define GBARUN_DEFAULT_FRAMES 1000000L

/* ---- options ---------------------------------------------------------- */

struct shot {
    long frame;
    const char *path;
    int done;
};

struct key_event {
    long frame;
    uint32_t keys;
};

static int opt_quiet;
static int opt_verbose;

static struct shot *shots;
static size_t shot_count;

static struct key_event *key_events;
static size_t key_count;

/* ---- logging -------------------------------------------------------------- */

static const char *level_name(enum mLogLevel level)
{
    switch (level) {
    case mLOG_FATAL: return "FATAL";
    case mLOG_ERROR: return "ERROR";
    case mLOG_WARN: return "WARN";
    case mLOG_INFO: return "INFO";
    case mLOG_DEBUG: return "DEBUG";
    case mLOG_STUB: return "STUB";
    case mLOG_GAME_ERROR: return "GAME_ERROR";
    case mLOG_ALL: break;
    }
    return "?";
}

static void gbarun_log(struct mLogger *logger, int category, enum mLogLevel level, const char *format,
                       va_list args)
{
    const char *name = mLogCategoryName(category);
    (void)logger;

    if (name != NULL && strcmp(name, "GBA Debug") == 0) {
        if (!opt_quiet) {
            vfprintf(stdout, format, args);
            fputc('\n', stdout);
            fflush(stdout);
        }
        return;
    }
    if (opt_verbose) {
        fprintf(stderr, "gbarun: [%s] %s: ", level_name(level), name != NULL ? name : "?");
        vfprintf(stderr, format, args);
        fputc('\n', stderr);
    }
}

/* The command line, for a usage error and for -h (which adds what each
 * option does and the exit status). */
static const char gbarun_synopsis[] =
    "usage: gbarun [-q] [-v] [-f FRAMES] [-x SCALE] [-s FRAME:FILE.png]...\n"
    "              [-a FIRST:LAST:FILE.gif]... [-k KEYSCRIPT] [-e ROM.elf] [-p FILE]\n"
    "              [-S SEED] ROM.gba\n";

static void die_usage(const char *msg)
{
    if (msg != NULL) {
        fprintf(stderr, "gbarun: %s\n", msg);
    }
    fprintf(stderr, "%s(gbarun -h: what each option does, and the exit status)\n", gbarun_synopsis);
    exit(GBARUN_EXIT_ERROR);
}

static int parse_long(const char *s, long *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 0) {
        return 0;
    }
    *out = v;
    return 1;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (q == NULL) {
        fprintf(stderr, "gbarun: out of memory\n");
        exit(GBARUN_EXIT_ERROR);
    }
    return q;
}

static void pixel_rgb(color_t c, png_bytep out);

static gif_anim *anims;
static size_t anim_count;
static unsigned opt_scale = 1;

/* -a FIRST:LAST:FILE.gif */
static void add_anim(const char *arg)
{
    long first, last;
    int used = 0;
    if (sscanf(arg, "%ld:%ld:%n", &first, &last, &used) != 2 || used == 0 || arg[used] == '\0' || first < 0 ||
        last < first) {
        die_usage("-a wants FIRST:LAST:FILE.gif");
    }
    anims = xrealloc(anims, (anim_count + 1) * sizeof *anims);
    memset(&anims[anim_count], 0, sizeof *anims);
    anims[anim_count].path = arg + used;
    anims[anim_count].first = first;
    anims[anim_count].last = last;
    ++anim_count;
}

/* Records the frame into every animation that wants it. */
static int record_anims(long frame, const color_t *video, unsigned width, unsigned height)
{
    static png_byte *rgb;
    size_t a, i;
    int ok = 1, want = 0;
    for (a = 0; a < anim_count; ++a) {
        want |= frame >= anims[a].first && frame <= anims[a].last;
    }
    if (!want) {
        return 1;
    }
    rgb = xrealloc(rgb, (size_t)width * height * 3u);
    for (i = 0; i < (size_t)width * height; ++i) {
        pixel_rgb(video[i], rgb + 3u * i);
    }
    for (a = 0; a < anim_count; ++a) {
        ok &= gif_record(&anims[a], frame, rgb, width, height);
    }
    return ok;
}

/* Writes the animations, ranges naming the same file joined in order. */
static int write_anims(unsigned width, unsigned height)
{
    size_t a, b;
    int ok = 1;
    for (a = 0; a < anim_count; ++a) {
        if (anims[a].path == NULL) {
            continue;
        }
        for (b = a + 1; b < anim_count; ++b) {
            if (anims[b].path != NULL && strcmp(anims[b].path, anims[a].path) == 0) {
                anims[a].frames = xrealloc(anims[a].frames, (anims[a].count + anims[b].count) * sizeof *anims[a].frames);
                memcpy(anims[a].frames + anims[a].count, anims[b].frames, anims[b].count * sizeof *anims[b].frames);
                anims[a].count += anims[b].count;
                anims[b].count = 0;
                anims[b].path = NULL;
            }
        }
        if (anims[a].count == 0) {
            fprintf(stderr, "gbarun: %s: no frame recorded: the run ended first\n", anims[a].path);
            ok = 0;
        } else {
            ok &= gif_write(&anims[a], width, height, opt_scale);
        }
    }
    return ok;
}

static void add_shot(const char *arg)
{
    const char *colon = strchr(arg, ':');
    char num[32];
    size_t len;
    long frame;

    if (colon == NULL || colon == arg || colon[1] == '\0') {
        die_usage("-s wants FRAME:FILE.png");
    }
    len = (size_t)(colon - arg);
    if (len >= sizeof num) {
        die_usage("-s: bad frame number");
    }
    memcpy(num, arg, len);
    num[len] = '\0';
    if (!parse_long(num, &frame)) {
        die_usage("-s: bad frame number");
    }
    shots = xrealloc(shots, (shot_count + 1) * sizeof *shots);
    shots[shot_count].frame = frame;
    shots[shot_count].path = colon + 1;
    shots[shot_count].done = 0;
    ++shot_count;
}

/* GBA key bits (KEYINPUT order). */
static const char *const key_names[10] = {"A", "B", "SELECT", "START", "RIGHT", "LEFT", "UP", "DOWN", "R", "L"};

static int parse_keys(char *s, uint32_t *out)
{
    uint32_t mask = 0;
    char *tok = s;

    if (strcasecmp(s, "NONE") == 0) {
        *out = 0;
        return 1;
    }
    while (tok != NULL) {
        char *plus = strchr(tok, '+');
        unsigned i;
        int found = 0;
        if (plus != NULL) {
            *plus = '\0';
        }
        for (i = 0; i < 10; ++i) {
            if (strcasecmp(tok, key_names[i]) == 0) {
                mask |= (uint32_t)1 << i;
                found = 1;
                break;
            }
        }
        if (!found) {
            return 0;
        }
        tok = plus != NULL ? plus + 1 : NULL;
    }
    *out = mask;
    return 1;
}

static void load_key_script(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    long lineno = 0;

    if (f == NULL) {
        fprintf(stderr, "gbarun: %s: %s\n", path, strerror(errno));
        exit(GBARUN_EXIT_ERROR);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        char *p = line;
        char frame_s[32];
        char keys_s[256];
        char extra[2];
        long frame;
        uint32_t keys;
        int n;

        ++lineno;
        while (*p == ' ' || *p == '\t') {
            ++p;
        }
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0') {
            continue;
        }
        n = sscanf(p, "%31s %255s %1s", frame_s, keys_s, extra);
        if (n != 2 || !parse_long(frame_s, &frame) || !parse_keys(keys_s, &keys)) {
            fprintf(stderr, "gbarun: %s:%ld: expected \"FRAME KEY[+KEY...]\" or \"FRAME NONE\"\n", path, lineno);
            fclose(f);
            exit(GBARUN_EXIT_ERROR);
        }
        if (key_count > 0 && frame < key_events[key_count - 1].frame) {
            fprintf(stderr, "gbarun: %s:%ld: frame %ld is before the previous line's\n", path, lineno, frame);
            fclose(f);
            exit(GBARUN_EXIT_ERROR);
        }
        key_events = xrealloc(key_events, (key_count + 1) * sizeof *key_events);
        key_events[key_count].frame = frame;
        key_events[key_count].keys = keys;
        ++key_count;
    }
    fclose(f);
}

/* ---- screenshots ---------------------------------------------------------- */

static void pixel_rgb(color_t c, png_bytep out)
{
#ifdef COLOR_16_BIT
#ifdef COLOR_5_6_5
    unsigned r = ((unsigned)c >> 11) & 0x1Fu, g = ((unsigned)c >> 5) & 0x3Fu, b = (unsigned)c & 0x1Fu;
    out[0] = (png_byte)((r << 3) | (r >> 2));
    out[1] = (png_byte)((g << 2) | (g >> 4));
    out[2] = (png_byte)((b << 3) | (b >> 2));
#else
    unsigned r = (unsigned)c & 0x1Fu, g = ((unsigned)c >> 5) & 0x1Fu, b = ((unsigned)c >> 10) & 0x1Fu;
    out[0] = (png_byte)((r << 3) | (r >> 2));
    out[1] = (png_byte)((g << 3) | (g >> 2));
    out[2] = (png_byte)((b << 3) | (b >> 2));
#endif
#else
    /* 32-bit: red in bits 0-7, green 8-15, blue 16-23 (mColorFrom555). */
    out[0] = (png_byte)(c & 0xFFu);
    out[1] = (png_byte)((c >> 8) & 0xFFu);
    out[2] = (png_byte)((c >> 16) & 0xFFu);
#endif
}

static int write_png(const char *path, const color_t *pixels, unsigned width, unsigned height, size_t stride,
                     unsigned scale)
{
    FILE *f;
    png_structp png;
    png_infop info;
    png_bytep row;
    unsigned x, y, k;

    row = malloc((size_t)width * scale * 3u);
    if (row == NULL) {
        return 0;
    }
    f = fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "gbarun: %s: %s\n", path, strerror(errno));
        free(row);
        return 0;
    }
    png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(&png, NULL);
        fclose(f);
        free(row);
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        free(row);
        fprintf(stderr, "gbarun: %s: PNG write error\n", path);
        return 0;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, width * scale, height * scale, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < height; ++y) {
        const color_t *src = pixels + (size_t)y * stride;
        for (x = 0; x < width; ++x) {
            for (k = 0; k < scale; ++k) {
                pixel_rgb(src[x], row + ((size_t)x * scale + k) * 3u);
            }
        }
        for (k = 0; k < scale; ++k) {
            png_write_row(png, row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f) != 0) {
        fprintf(stderr, "gbarun: %s: %s\n", path, strerror(errno));
        return 0;
    }
    return 1;
}

/* ---- traps: the first undefined instruction, named from the ELF -------------- */

struct elf_sym {
    uint32_t addr, size;
    const char *name;
};

static struct elf_sym *elf_syms;
static size_t elf_sym_count;
static unsigned char *elf_data;

static uint32_t le16(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const unsigned char *p)
{
    return le16(p) | le16(p + 2) << 16;
}

/* Reads the function symbols of a 32-bit little-endian ELF (the ROM's
 * link): returns 0 on an unreadable or malformed file. */
static int load_elf(const char *path)
{
    FILE *f = fopen(path, "rb");
    long len;
    size_t size, shoff, shnum, shentsize, i;
    if (f == NULL) {
        fprintf(stderr, "gbarun: %s: %s\n", path, strerror(errno));
        return 0;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 52 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        fprintf(stderr, "gbarun: %s: not an ELF file\n", path);
        return 0;
    }
    size = (size_t)len;
    elf_data = xrealloc(NULL, size);
    if (fread(elf_data, 1, size, f) != size) {
        fclose(f);
        fprintf(stderr, "gbarun: %s: read error\n", path);
        return 0;
    }
    fclose(f);
    if (memcmp(elf_data, "\177ELF", 4) != 0 || elf_data[4] != 1 || elf_data[5] != 1) {
        fprintf(stderr, "gbarun: %s: not a 32-bit little-endian ELF file\n", path);
        return 0;
    }
    shoff = le32(elf_data + 0x20);
    shentsize = le16(elf_data + 0x2E);
    shnum = le16(elf_data + 0x30);
    if (shentsize < 40 || shoff > size || shnum > (size - shoff) / shentsize) {
        fprintf(stderr, "gbarun: %s: bad section table\n", path);
        return 0;
    }
    for (i = 0; i < shnum; ++i) {
        const unsigned char *sh = elf_data + shoff + i * shentsize, *strsh;
        size_t off, n, link, stroff, strsize, k;
        if (le32(sh + 4) != 2) { /* SHT_SYMTAB */
            continue;
        }
        off = le32(sh + 16);
        n = le32(sh + 20) / 16;
        link = le32(sh + 24);
        if (link >= shnum || off > size || n > (size - off) / 16) {
            continue;
        }
        strsh = elf_data + shoff + link * shentsize;
        stroff = le32(strsh + 16);
        strsize = le32(strsh + 20);
        if (stroff > size || strsize > size - stroff || strsize == 0) {
            continue;
        }
        elf_data[stroff + strsize - 1] = '\0';
        for (k = 0; k < n; ++k) {
            const unsigned char *st = elf_data + off + k * 16;
            uint32_t name = le32(st);
            if ((st[12] & 0xFu) != 2 || name >= strsize) { /* STT_FUNC */
                continue;
            }
            elf_syms = xrealloc(elf_syms, (elf_sym_count + 1) * sizeof *elf_syms);
            elf_syms[elf_sym_count].addr = le32(st + 4) & ~1u; /* the Thumb bit */
            elf_syms[elf_sym_count].size = le32(st + 8);
            elf_syms[elf_sym_count].name = (const char *)elf_data + stroff + name;
            ++elf_sym_count;
        }
    }
    return 1;
}

/* The function holding addr (the sized symbol around it, else the nearest
 * below it): NULL without one; *start gets its address. */
static const char *elf_function(uint32_t addr, uint32_t *start)
{
    const struct elf_sym *best = NULL;
    size_t i;
    for (i = 0; i < elf_sym_count; ++i) {
        const struct elf_sym *e = &elf_syms[i];
        if (e->addr > addr) {
            continue;
        }
        if (e->size != 0 && addr - e->addr < e->size) {
            best = e;
            break;
        }
        if (best == NULL || e->addr > best->addr) {
            best = e;
        }
    }
    if (best != NULL) {
        *start = best->addr;
    }
    return best != NULL ? best->name : NULL;
}

/* "0x08001234 in name+0x1c" */
static void print_place(uint32_t addr)
{
    uint32_t start = 0;
    const char *name = elf_function(addr, &start);
    fprintf(stderr, "0x%08lx", (unsigned long)addr);
    if (name != NULL) {
        fprintf(stderr, " in %s", name);
        if (addr != start) {
            fprintf(stderr, "+0x%lx", (unsigned long)(addr - start));
        }
    }
}

/* The CPU's state at the first trap. */
static struct {
    int hit;
    int thumb;
    uint32_t opcode, pc, lr, r[3];
} trap;
static struct mCore *trap_core;
static void (*mgba_hit_illegal)(struct ARMCore *cpu, uint32_t opcode);

static void gbarun_hit_illegal(struct ARMCore *cpu, uint32_t opcode)
{
    if (!trap.hit) {
        /* gprs[15] runs two instructions ahead (the pipeline). */
        trap.hit = 1;
        trap.thumb = cpu->executionMode == MODE_THUMB;
        trap.opcode = opcode;
        trap.pc = (uint32_t)cpu->gprs[15] - (trap.thumb ? 4u : 8u);
        trap.lr = (uint32_t)cpu->gprs[14];
        trap.r[0] = (uint32_t)cpu->gprs[0];
        trap.r[1] = (uint32_t)cpu->gprs[1];
        trap.r[2] = (uint32_t)cpu->gprs[2];
    }
    mgba_hit_illegal(cpu, opcode);
}

/* A NUL-terminated string of the ROM's memory, at most cap - 1 printable
 * characters: 0 if it is not one. */
static int read_string(uint32_t addr, char *out, size_t cap)
{
    size_t i;
    for (i = 0; i + 1 < cap; ++i) {
        uint32_t c = trap_core->rawRead8(trap_core, addr + (uint32_t)i, -1);
        if (c == 0) {
            out[i] = '\0';
            return i > 0;
        }
        if (c < 0x20 || c > 0x7E) {
            return 0;
        }
        out[i] = (char)c;
    }
    return 0;
}

static void report_trap(void)
{
    uint32_t start = 0;
    const char *name = elf_function(trap.pc, &start);
    char expr[512], file[256];
    fprintf(stderr, "gbarun: trap: undefined instruction 0x%0*lx (%s) at ", trap.thumb ? 4 : 8,
            (unsigned long)trap.opcode, trap.thumb ? "Thumb" : "ARM");
    print_place(trap.pc);
    fprintf(stderr, ", called from ");
    print_place((trap.lr & ~1u) - 4u); /* the BL before the return address */
    fputc('\n', stderr);
    if (elf_sym_count == 0) {
        fprintf(stderr, "gbarun: trap: no symbols (give the ROM's ELF with -e)\n");
    }
    /* fxl_assert_failed traps first thing: its arguments are still there. */
    if (name != NULL && strcmp(name, "fxl_assert_failed") == 0 && trap.pc == start &&
        read_string(trap.r[0], expr, sizeof expr) && read_string(trap.r[1], file, sizeof file)) {
        fprintf(stderr, "gbarun: trap: %s:%ld: fixlaser: precondition failed: %s\n", file, (long)(int32_t)trap.r[2],
                expr);
    }
}

/* ---- the profiler (-p) ----------------------------------------------------- */

/* Cycles and instructions by address (halfword steps) for the three places
 * code runs from: ROM (up to 32 MiB: the loaded ROM's size, set by main),
 * IWRAM (32 KiB), EWRAM (256 KiB). */
struct prof_region {
    uint32_t base, size;
    uint64_t *cycles;
    uint32_t *count;
};
static struct prof_region prof_regions[3] = {
    {0x08000000u, 0x02000000u, NULL, NULL},
    {0x03000000u, 0x00008000u, NULL, NULL},
    {0x02000000u, 0x00040000u, NULL, NULL},
};
static uint64_t prof_other, prof_total, prof_dropped, prof_unprofiled;

/* Calls: entries into each function (its first instruction executed, the
 * caller named by lr), kept as (callee, caller) pairs in an open hash. */
struct prof_call {
    uint32_t callee, caller; /* function starts; 0: an empty slot */
    uint64_t count;
};
#define PROF_CALLS 8192u
static struct prof_call prof_calls[PROF_CALLS];
static uint8_t *prof_entry; /* one bit per halfword of ROM and IWRAM: a function starts there */

static size_t prof_entry_bit(uint32_t addr)
{
    if (addr >= 0x08000000u && addr < 0x0A000000u) {
        return (addr - 0x08000000u) >> 1;
    }
    if (addr >= 0x03000000u && addr < 0x03008000u) {
        return (0x02000000u >> 1) + ((addr - 0x03000000u) >> 1);
    }
    return (size_t)-1;
}

static void prof_entries_init(void)
{
    size_t i;
    prof_entry = calloc(((0x02000000u + 0x8000u) >> 1) / 8 + 1, 1);
    if (prof_entry == NULL) {
        fprintf(stderr, "gbarun: out of memory for the profile\n");
        exit(GBARUN_EXIT_ERROR);
    }
    for (i = 0; i < elf_sym_count; ++i) {
        size_t b = prof_entry_bit(elf_syms[i].addr);
        if (b != (size_t)-1) {
            prof_entry[b >> 3] = (uint8_t)(prof_entry[b >> 3] | (1u << (b & 7u)));
        }
    }
}

static void prof_call(uint32_t callee, uint32_t lr)
{
    uint32_t caller = 0;
    size_t h, first;
    if (elf_function(lr & ~1u, &caller) == NULL) {
        caller = 1; /* unknown */
    }
    first = ((callee * 2654435761u) ^ (caller * 40503u)) & (PROF_CALLS - 1u);
    h = first;
    while (prof_calls[h].callee != 0 && (prof_calls[h].callee != callee || prof_calls[h].caller != caller)) {
        h = (h + 1u) & (PROF_CALLS - 1u);
        if (h == first) {
            prof_dropped++; /* full: counted in the header */
            return;
        }
    }
    prof_calls[h].callee = callee;
    prof_calls[h].caller = caller;
    prof_calls[h].count++;
}

static void prof_add(uint32_t addr, uint64_t cycles)
{
    size_t r;
    prof_total += cycles;
    for (r = 0; r < 3; ++r) {
        struct prof_region *g = &prof_regions[r];
        if (addr >= g->base && addr - g->base < g->size) {
            size_t k = (addr - g->base) >> 1;
            if (g->cycles == NULL) {
                g->cycles = calloc(g->size >> 1, sizeof *g->cycles);
                g->count = calloc(g->size >> 1, sizeof *g->count);
                if (g->cycles == NULL || g->count == NULL) {
                    fprintf(stderr, "gbarun: out of memory for the profile\n");
                    exit(GBARUN_EXIT_ERROR);
                }
            }
            g->cycles[k] += cycles;
            g->count[k]++;
            return;
        }
    }
    prof_other += cycles;
}

/* One frame, an instruction at a time: the instruction about to run is
 * two fetches behind the pc mGBA keeps (8 bytes in ARM, 4 in Thumb). */
static void profile_frame(struct mCore *core)
{
    struct ARMCore *cpu = core->cpu;
    uint32_t f0 = core->frameCounter(core);
    if (prof_entry == NULL) {
        prof_entries_init();
    }
    while (core->frameCounter(core) == f0) {
        uint32_t pc;
        uint64_t t0;
        if (cpu->halted) {
            /* Halted (waiting for an interrupt, or stopped at the end):
             * mGBA's step would not move the frame on, so the frame runs to
             * its end unprofiled; its cycles are counted apart (the
             * header's "unprofiled"), idle and any work after the wake. */
            uint64_t h0 = mTimingGlobalTime(core->timing);
            core->runFrame(core);
            prof_unprofiled += mTimingGlobalTime(core->timing) - h0;
            return;
        }
        pc = (uint32_t)cpu->gprs[ARM_PC] - (cpu->executionMode == MODE_THUMB ? 4u : 8u);
        {
            size_t b = prof_entry_bit(pc);
            if (b != (size_t)-1 && (prof_entry[b >> 3] >> (b & 7u) & 1u) != 0) {
                prof_call(pc, (uint32_t)cpu->gprs[ARM_LR]);
            }
        }
        t0 = mTimingGlobalTime(core->timing);
        core->step(core);
        prof_add(pc, mTimingGlobalTime(core->timing) - t0);
    }
}

struct prof_fn {
    const char *name;
    uint32_t start;
    uint64_t cycles, count, calls;
};

static int prof_fn_cmp(const void *a, const void *b)
{
    const struct prof_fn *x = a, *y = b;
    return x->cycles < y->cycles ? 1 : x->cycles > y->cycles ? -1 : 0;
}

/* A hot address: 0.05 % of the run or more. */
struct prof_hot {
    uint32_t addr, count;
    uint64_t cycles;
    const char *name; /* its function's, as in struct prof_fn */
    uint32_t start;
};

static int profile_write(const char *path)
{
    struct prof_fn *fns = NULL;
    struct prof_hot *hot = NULL;
    size_t nfn = 0, nhot = 0, r, k, i;
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "gbarun: %s: %s\n", path, strerror(errno));
        return 0;
    }
    /* One pass over the addresses run: the functions (in address order
     * within each region) and the hot addresses. */
    for (r = 0; r < 3; ++r) {
        const struct prof_region *g = &prof_regions[r];
        if (g->cycles == NULL) {
            continue;
        }
        for (k = 0; k < (g->size >> 1); ++k) {
            uint32_t addr = g->base + (uint32_t)(k << 1), start = addr;
            const char *name;
            if (g->count[k] == 0) {
                continue;
            }
            name = elf_function(addr, &start);
            if (name == NULL) {
                name = "(no symbol)";
            }
            if (nfn == 0 || fns[nfn - 1].name != name || fns[nfn - 1].start != start) {
                fns = xrealloc(fns, (nfn + 1) * sizeof *fns);
                fns[nfn].name = name;
                fns[nfn].start = start;
                fns[nfn].cycles = fns[nfn].count = fns[nfn].calls = 0;
                ++nfn;
            }
            fns[nfn - 1].cycles += g->cycles[k];
            fns[nfn - 1].count += g->count[k];
            if (g->cycles[k] * 2000 >= prof_total) {
                hot = xrealloc(hot, (nhot + 1) * sizeof *hot);
                hot[nhot].addr = addr;
                hot[nhot].count = g->count[k];
                hot[nhot].cycles = g->cycles[k];
                hot[nhot].name = name;
                hot[nhot].start = start;
                ++nhot;
            }
        }
    }
    for (i = 0; i < nfn; ++i) {
        for (k = 0; k < PROF_CALLS; ++k) {
            if (prof_calls[k].callee == fns[i].start) {
                fns[i].calls += prof_calls[k].count;
            }
        }
    }
    if (fns != NULL) {
        qsort(fns, nfn, sizeof *fns, prof_fn_cmp);
    }
    fprintf(f, "# gbarun profile: %llu cycles (self time per function; %llu outside ROM, IWRAM and EWRAM)\n",
            (unsigned long long)prof_total, (unsigned long long)prof_other);
    if (prof_unprofiled != 0) {
        fprintf(f, "# %llu cycles unprofiled: the frames' rest after the CPU halted (idle, and any work after it woke)\n",
                (unsigned long long)prof_unprofiled);
    }
    if (prof_dropped != 0) {
        fprintf(f, "# %llu calls not counted: more than %u (callee, caller) pairs\n",
                (unsigned long long)prof_dropped, PROF_CALLS);
    }
    fprintf(f, "# cycles\tshare\tinstructions\tcalls\tfunction (address)\n");
    for (i = 0; i < nfn; ++i) {
        fprintf(f, "%llu\t%.2f%%\t%llu\t%llu\t%s (0x%08lx)\n", (unsigned long long)fns[i].cycles,
                prof_total ? 100.0 * (double)fns[i].cycles / (double)prof_total : 0.0,
                (unsigned long long)fns[i].count, (unsigned long long)fns[i].calls, fns[i].name,
                (unsigned long)fns[i].start);
    }
    /* Who called the functions with 0.1 % or more, and how often. */
    for (i = 0; i < nfn && prof_total != 0; ++i) {
        if (fns[i].cycles * 1000 < prof_total) {
            continue;
        }
        fprintf(f, "\n# %s: %llu calls, %.1f cycles of its own a call; callers:\n", fns[i].name,
                (unsigned long long)fns[i].calls,
                fns[i].calls ? (double)fns[i].cycles / (double)fns[i].calls : 0.0);
        for (k = 0; k < PROF_CALLS; ++k) {
            uint32_t st = 0;
            const char *cn;
            if (prof_calls[k].callee != fns[i].start) {
                continue;
            }
            cn = prof_calls[k].caller == 1 ? NULL : elf_function(prof_calls[k].caller, &st);
            fprintf(f, "%llu\t%s\n", (unsigned long long)prof_calls[k].count, cn != NULL ? cn : "(unknown)");
        }
    }
    /* The hot addresses of the functions with 1 % or more. */
    for (i = 0; i < nfn && prof_total != 0; ++i) {
        if (fns[i].cycles * 100 < prof_total) {
            continue;
        }
        fprintf(f, "\n# %s: address\tcycles\tinstructions (0.05 %% of the run or more)\n", fns[i].name);
        for (k = 0; k < nhot; ++k) {
            if (hot[k].name == fns[i].name && hot[k].start == fns[i].start) {
                fprintf(f, "0x%08lx\t%llu\t%lu\n", (unsigned long)hot[k].addr,
                        (unsigned long long)hot[k].cycles, (unsigned long)hot[k].count);
            }
        }
    }
    free(fns);
    free(hot);
    for (r = 0; r < 3; ++r) {
        free(prof_regions[r].cycles);
        free(prof_regions[r].count);
    }
    free(prof_entry);
    if (fclose(f) != 0) {
        fprintf(stderr, "gbarun: %s: write error\n", path);
        return 0;
    }
    return 1;
}

/* ---- main ------------------------------------------------------------------ */

/* Writes seed into the loaded ROM after the seed slot's tag
 * (port/gba/gbarun_abi.h), found in it exactly once (4-byte aligned, as the
 * slot is); 0 on failure. */
static int seed_patch(struct mCore *core, const char *rom, unsigned long long seed)
{
    uint32_t tag[FXL_SEED_SLOT_TAG_LEN / 4];
    size_t len = core->romSize(core), off, at = 0, found = 0, w;
    int k;
    for (w = 0; w < FXL_SEED_SLOT_TAG_LEN / 4; w++) {
        tag[w] = le32((const unsigned char *)FXL_SEED_SLOT_TAG + 4 * w);
    }
    for (off = 0; off + FXL_SEED_SLOT_TAG_LEN + 8 <= len; off += 4) {
        for (w = 0; w < FXL_SEED_SLOT_TAG_LEN / 4 &&
                    core->rawRead32(core, 0x08000000u + (uint32_t)(off + 4 * w), -1) == tag[w];
             w++) {
        }
        if (w == FXL_SEED_SLOT_TAG_LEN / 4) {
            at = off;
            found++;
        }
    }
    if (found != 1) {
        fprintf(stderr, "gbarun: -S: %s has %s seed slot (port/gba/test_port.c)\n", rom,
                found == 0 ? "no" : "more than one");
        return 0;
    }
    for (k = 0; k < 8; k++) {
        uint32_t addr = 0x08000000u + (uint32_t)(at + FXL_SEED_SLOT_TAG_LEN) + (uint32_t)k;
        uint8_t b = (uint8_t)(seed >> (8 * k));
        core->rawWrite8(core, addr, -1, b);
        if ((uint8_t)core->rawRead8(core, addr, -1) != b) {
            fprintf(stderr, "gbarun: -S: the ROM did not take the seed at 0x%08lx\n", (unsigned long)addr);
            return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    struct mLogger logger;
    struct mCore *core;
    const char *rom;
    const char *key_script = NULL;
    const char *elf = NULL;
    const char *profile_path = NULL;
    unsigned long long seed = 0;
    long frame_limit = GBARUN_DEFAULT_FRAMES;
    long frame;
    size_t next_key = 0;
    uint32_t keys = 0;
    unsigned width = 0, height = 0;
    color_t *video;
    int status = -1;
    int errors = 0;
    int i;
    size_t s;

    /* Options (POSIX getopt-like, no GNU extensions needed). */
    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; ++i) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            ++i;
            break;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            printf("%s"
                   "  -f N            frame limit (default %ld); exit 124 when reached\n"
                   "  -s FRAME:FILE   PNG screenshot after frame FRAME (from 0); repeatable\n"
                   "  -a F:L:FILE     animated GIF of frames F..L (every second); repeatable\n"
                   "  -x SCALE        screenshots and GIFs SCALE x 240x160 (1..8, default 1)\n"
                   "  -k SCRIPT       key script, lines \"FRAME KEY+KEY...\" or \"FRAME NONE\"\n"
                   "                  (keys: A B SELECT START RIGHT LEFT UP DOWN R L)\n"
                   "  -e ROM.elf      symbols for a trap report (default: ROM.elf beside ROM.gba)\n"
                   "  -p FILE         profile: cycles per function and address into FILE\n"
                   "  -S SEED         the test ROM's property tests under SEED (not 0)\n"
                   "  -q              do not print the ROM's debug output\n"
                   "  -v              print mGBA's other log messages to stderr\n"
                   "Exit: the value in the ROM's status block (a test ROM's failure count,\n"
                   "a game's main's return value; 0 = pass, at most 125), 124 on frame\n"
                   "limit, 126 on gbarun errors, 132 on a trap (undefined instruction:\n"
                   "its address and function on stderr).\n",
                   gbarun_synopsis, GBARUN_DEFAULT_FRAMES);
            return 0;
        }
        if (strcmp(a, "-q") == 0) {
            opt_quiet = 1;
        } else if (strcmp(a, "-v") == 0) {
            opt_verbose = 1;
        } else if (strcmp(a, "-f") == 0 || strcmp(a, "-s") == 0 || strcmp(a, "-k") == 0 ||
                   strcmp(a, "-a") == 0 || strcmp(a, "-x") == 0 || strcmp(a, "-e") == 0 ||
                   strcmp(a, "-p") == 0 || strcmp(a, "-S") == 0) {
            if (i + 1 >= argc) {
                die_usage("option needs an argument");
            }
            if (a[1] == 'f') {
                if (!parse_long(argv[i + 1], &frame_limit) || frame_limit == 0) {
                    die_usage("-f wants a positive frame count");
                }
            } else if (a[1] == 's') {
                add_shot(argv[i + 1]);
            } else if (a[1] == 'a') {
                add_anim(argv[i + 1]);
            } else if (a[1] == 'e') {
                elf = argv[i + 1];
            } else if (a[1] == 'p') {
                profile_path = argv[i + 1];
            } else if (a[1] == 'S') {
                char *end;
                errno = 0;
                seed = strtoull(argv[i + 1], &end, 0);
                if (errno != 0 || end == argv[i + 1] || *end != '\0' || seed == 0) {
                    die_usage("-S wants a seed other than 0 (decimal or 0x hex)");
                }
            } else if (a[1] == 'x') {
                long v;
                if (!parse_long(argv[i + 1], &v) || v < 1 || v > 8) {
                    die_usage("-x wants a scale of 1..8");
                }
                opt_scale = (unsigned)v;
            } else {
                key_script = argv[i + 1];
            }
            ++i;
        } else {
            die_usage("unknown option");
        }
    }
    if (i != argc - 1) {
        die_usage(i >= argc ? "no ROM given" : "exactly one ROM expected");
    }
    rom = argv[i];
    if (key_script != NULL) {
        load_key_script(key_script);
    }
    if (elf != NULL) {
        if (!load_elf(elf)) {
            return GBARUN_EXIT_ERROR;
        }
    } else {
        /* ROM.elf beside ROM.gba, when there is one. */
        size_t len = strlen(rom);
        if (len > 4 && strcmp(rom + len - 4, ".gba") == 0) {
            char *guess = xrealloc(NULL, len + 1);
            FILE *f;
            memcpy(guess, rom, len - 4);
            memcpy(guess + len - 4, ".elf", 5);
            if ((f = fopen(guess, "rb")) != NULL) {
                fclose(f);
                if (!load_elf(guess)) {
                    fprintf(stderr, "gbarun: %s ignored: a trap report will name no function\n", guess);
                    elf_sym_count = 0;
                }
            }
            free(guess);
        }
    }

    /* Logger first: mGBA logs while it loads. No filter: gbarun_log sorts
     * messages itself. */
    memset(&logger, 0, sizeof logger);
    logger.log = gbarun_log;
    logger.filter = NULL;
    mLogSetDefaultLogger(&logger);

    core = mCoreFind(rom);
    if (core == NULL) {
        /* mCoreFind recognises a GBA ROM by the ARM branch at offset 0
         * (byte 3 = 0xEA) or 0x96 at 0xB2; fall back to the GBA core. */
        FILE *f = fopen(rom, "rb");
        if (f == NULL) {
            fprintf(stderr, "gbarun: %s: %s\n", rom, strerror(errno));
            return GBARUN_EXIT_ERROR;
        }
        fclose(f);
        core = mCoreCreate(mPLATFORM_GBA);
    }
    if (core == NULL || !core->init(core)) {
        fprintf(stderr, "gbarun: cannot create an mGBA core\n");
        return GBARUN_EXIT_ERROR;
    }
    /* Default configuration only: ~/.config/mgba is deliberately not read,
     * so runs are reproducible. */
    mCoreInitConfig(core, NULL);

    core->desiredVideoDimensions(core, &width, &height);
    video = calloc((size_t)width * height, sizeof *video);
    if (video == NULL) {
        fprintf(stderr, "gbarun: out of memory\n");
        return GBARUN_EXIT_ERROR;
    }
    core->setVideoBuffer(core, video, width);

    if (!mCoreLoadFile(core, rom)) {
        fprintf(stderr, "gbarun: %s: cannot load ROM\n", rom);
        core->deinit(core);
        free(video);
        return GBARUN_EXIT_ERROR;
    }
    if (profile_path != NULL) {
        /* The profile's ROM region: the loaded ROM's size (mGBA maps it
         * from 0x08000000), at most 32 MiB. */
        size_t len = core->romSize(core);
        if (len > 0 && len < 0x02000000u) {
            prof_regions[0].size = ((uint32_t)len + 1u) & ~1u;
        }
    }
    /* Start at the cartridge entry point (0x08000000) without running the
     * boot animation; no BIOS file is loaded, mGBA's built-in (HLE) BIOS
     * serves the SWIs. */
    core->opts.skipBios = true;
    core->reset(core);
    if (seed != 0 && !seed_patch(core, rom, seed)) {
        core->deinit(core);
        free(video);
        return GBARUN_EXIT_ERROR;
    }
    /* Every undefined instruction passes through the CPU's hitIllegal hook
     * (mGBA's GBAIllegal logs it and raises the exception): gbarun's
     * records the first one, then lets mGBA go on to the end of the frame. */
    {
        struct ARMCore *cpu = core->cpu;
        trap_core = core;
        mgba_hit_illegal = cpu->irqh.hitIllegal;
        cpu->irqh.hitIllegal = gbarun_hit_illegal;
    }

    for (frame = 0; frame < frame_limit; ++frame) {
        while (next_key < key_count && key_events[next_key].frame <= frame) {
            keys = key_events[next_key].keys;
            ++next_key;
        }
        core->setKeys(core, keys);
        if (profile_path != NULL) {
            profile_frame(core);
        } else {
            core->runFrame(core);
        }

        for (s = 0; s < shot_count; ++s) {
            if (!shots[s].done && shots[s].frame == frame) {
                shots[s].done = 1;
                if (!write_png(shots[s].path, video, width, height, width, opt_scale)) {
                    ++errors;
                }
            }
        }

        if (!record_anims(frame, video, width, height)) {
            ++errors;
        }

        if (trap.hit) {
            fflush(stdout);
            report_trap();
            status = GBARUN_EXIT_TRAP;
            break;
        }
        if (core->rawRead32(core, FXL_STATUS_MAGIC_ADDR, -1) == FXL_STATUS_MAGIC) {
            uint32_t failed = core->rawRead32(core, FXL_STATUS_FAILED_ADDR, -1);
            status = failed > GBARUN_EXIT_MAXFAIL ? GBARUN_EXIT_MAXFAIL : (int)failed;
            if (opt_verbose) {
                fprintf(stderr, "gbarun: finished after %ld frames, %lu failures\n", frame + 1,
                        (unsigned long)failed);
            }
            break;
        }
    }
    fflush(stdout);

    if (!write_anims(width, height)) {
        ++errors;
    }
    if (profile_path != NULL && !profile_write(profile_path)) {
        ++errors;
    }
    for (s = 0; s < shot_count; ++s) {
        if (!shots[s].done) {
            fprintf(stderr, "gbarun: screenshot of frame %ld not taken (%s): the run ended first\n", shots[s].frame,
                    shots[s].path);
            ++errors;
        }
    }

    core->deinit(core);
    free(video);
    free(shots);
    free(key_events);
    free(elf_syms);
    free(elf_data);

    if (status < 0) {
        fprintf(stderr,
                "gbarun: frame limit reached: %ld frames ran and the ROM has not reported done "
                "(a hung ROM, or raise the limit with -f)\n",
                frame_limit);
        return GBARUN_EXIT_TIMEOUT;
    }
    if (status == GBARUN_EXIT_TRAP) {
        return GBARUN_EXIT_TRAP;
    }
    if (errors > 0 && status == 0) {
        return GBARUN_EXIT_ERROR;
    }
    return status;
}
