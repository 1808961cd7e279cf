/* gen_tables - writes src/angle_table.c and src/curvy_table.c, fixlaser's
 * generated tables.
 *
 * Usage: gen_tables > src/angle_table.c
 *        gen_tables curvy > src/curvy_table.c
 *
 * Host tool: it uses <math.h> in long double. `make check` runs it again and
 * fails if the output differs from the committed file, so the table in the
 * library is always the one this program describes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEPS 4096
#define QUARTER 1024
#define ATAN_ITERS 40
#define TAN_BOUNDS 513   /* step boundaries 0..511 of the first octant, and 512 */
#define RECIP_ENTRIES 2048 /* big >> 20 = 2048..4095 */
#define ATAN_RECIP_OFFSET 3844 /* within 255 of 4096 (see fxl_atan2) */
#define GUESS_ENTRIES 1025

static long sin_q16(int k)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    return lroundl(65536.0L * sinl(2.0L * pi * (long double)k / (long double)STEPS));
}

/* tan of boundary m, the angle (m + 1/2) steps. */
static long double boundary_tan(int m)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    return tanl(2.0L * pi * ((long double)m + 0.5L) / (long double)STEPS);
}

/* fxl_atan2's tables (their header comment is printed below). Returns 0
 * and fills the arrays, or 1 if a property fxl_atan2 relies on fails. */
static int atan_tables(unsigned long tan31[TAN_BOUNDS], unsigned recip[RECIP_ENTRIES],
                       int clz8[256], int guess[GUESS_ENTRIES], long double *lag_out)
{
    long double lag = 0.0L;
    int i, m, b;

    for (m = 0; m < TAN_BOUNDS; m++) {
        long double t = ldexpl(boundary_tan(m), 31);
        tan31[m] = (unsigned long)llroundl(t);
        if (t >= 4294967295.0L || fabsl((long double)tan31[m] - t) > 0.5L + 1e-9L) {
            fprintf(stderr, "gen_tables: tan31[%d] out of range\n", m);
            return 1;
        }
    }
    /* recip[i] = floor(2^27 / (j + 1)) for big >> 20 = j = 2048 + i: below
     * 2^47 / big by the fraction e < 1 - R j / 2^27 (at most at the bottom of
     * j's interval). q = (small * recip) >> 32 then lies in (X - lag, X], X
     * = 2^15 small / big, lag = 2^15 e + 1 (X <= 2^15). */
    for (i = 0; i < RECIP_ENTRIES; i++) {
        unsigned long long j = (unsigned long long)(RECIP_ENTRIES + i);
        unsigned long long r = (1ULL << 27) / (j + 1);
        long double e = 1.0L - (long double)(r * j) / ldexpl(1.0L, 27);
        long double l = ldexpl(e, 15) + 1.0L;
        /* uint16_t, and floor(2^27 / (j + 1)) indeed. */
        if ((r >> 16) != 0 || r * (j + 1) > (1ULL << 27) || (r + 1) * (j + 1) <= (1ULL << 27)) {
            fprintf(stderr, "gen_tables: recip[%d] out of range\n", i);
            return 1;
        }
        recip[i] = (unsigned)r;
        if (l > lag)
            lag = l;
    }
    for (i = 0; i < 256; i++) {
        clz8[i] = 0;
        while (i != 0 && (i << clz8[i]) < 128)
            clz8[i]++;
    }
    /* guess[b]: the boundaries below b / 1024, less b / 2. For b = q >> 5
     * the ratio small / big lies in [b / 1024, (b + 1) / 1024 + lag / 2^15):
     * check that at most the one boundary guess[b] + b / 2 lies there. */
    for (b = 0; b < GUESS_ENTRIES; b++) {
        int below = 0;
        long double lo = (long double)b / 1024.0L;
        long double hi = ((long double)b + 1.0L) / 1024.0L + ldexpl(lag, -15);
        for (m = 0; m <= TAN_BOUNDS; m++) {
            long double t = boundary_tan(m);
            if (fabsl(t - lo) < 1e-12L) {
                fprintf(stderr, "gen_tables: boundary %d at a bucket's edge\n", m);
                return 1;
            }
            if (t < lo)
                below++;
        }
        if (below - b / 2 < 0 || below - b / 2 > 255 || below > TAN_BOUNDS - 1 ||
            boundary_tan(below + 1) < hi + 1e-12L) {
            fprintf(stderr, "gen_tables: guess[%d] does not settle\n", b);
            return 1;
        }
        guess[b] = below - b / 2;
    }
    *lag_out = lag;
    return 0;
}


/* floor(sqrt(v)) for v < 2^62, in integers. */
static uint64_t isqrt_u64(uint64_t v)
{
    uint64_t r = (uint64_t)sqrtl((long double)v);
    while (r * r > v)
        r--;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

/* T_j of fxl__curvy_len_mid: floor(sqrt(j 2^23) 2^8) = floor(sqrt(j 2^39)). */
static uint64_t len_knot(unsigned j)
{
    return isqrt_u64((uint64_t)j << 39);
}

/* The integer nearest sqrt(2^67 / j) = 2^33.5 / sqrt(j), j = 32..128: the
 * c with (2c - 1)^2 j <= 2^69 < (2c + 1)^2 j, decided in 128 bits. */
static uint32_t rsqrt_knot(unsigned j)
{
    __extension__ typedef unsigned __int128 u128;
    const u128 lim = (u128)1 << 69;
    uint64_t c = isqrt_u64(((uint64_t)1 << 62) / j) << 2; /* within 4 of the root */
    c = c > 8 ? c - 8 : 0;
    while (!((u128)(2 * c + 1) * (2 * c + 1) * j > lim))
        c++;
    return (uint32_t)c;
}

/* src/curvy_table.c: the curvy push's square-root tables. */
static int curvy_tables(void)
{
    unsigned i;
    printf("/* curvy_table.c - GENERATED by tools/gen_tables.c (gen_tables curvy), do\n"
           " * not edit.\n"
           " *\n"
           " * fxl__curvy_len_tab: fxl__curvy_len_mid's table (src/curvy_parts.h), 256\n"
           " *   entries of uint32_t (1024 bytes), one array so that one address\n"
           " *   reaches both parts. Entry 0 unused (0); entry i = 1..31 the shift\n"
           " *   2 + floor(log2 i); entry j = 32..255 the knot T_j = floor(sqrt(j 2^23)\n"
           " *   2^8) = floor(sqrt(j 2^39)) and its rise T_j+1 - T_j, packed as\n"
           " *   (floor(T_j / 8) << 11) | floor((T_j+1 - T_j) / 32), sampled at every\n"
           " *   integer j, exact integer roots (no rounding but the floors).\n"
           " *\n"
           " * fxl__curvy_rsqrt_knots: seg_length's first guess (src/curvy.c), 97\n"
           " *   entries of uint32_t, entry j - 32 = the integer nearest 2^46 /\n"
           " *   sqrt(j 2^25) = 2^33.5 / sqrt(j) for j = 32..128 (2^31 down to 2^30),\n"
           " *   decided exactly in 128-bit integers.\n"
           " */\n"
           "#include <stdint.h>\n\n"
           "extern const uint32_t fxl__curvy_len_tab[256];\n"
           "extern const uint32_t fxl__curvy_rsqrt_knots[97];\n\n"
           "const uint32_t fxl__curvy_len_tab[256] = {");
    for (i = 0; i < 256; i++) {
        uint32_t v;
        if (i == 0)
            v = 0;
        else if (i < 32) {
            unsigned l = 0;
            while ((i >> (l + 1)) != 0)
                l++;
            v = 2u + l;
        } else {
            uint64_t t0 = len_knot(i), t1 = len_knot(i + 1);
            if ((t1 - t0) >> 5 > 0x7FFu || (t0 >> 3) >> 21 != 0) {
                fprintf(stderr, "gen_tables: curvy knot %u does not pack\n", i);
                return 1;
            }
            v = (uint32_t)(((t0 >> 3) << 11) | ((t1 - t0) >> 5));
        }
        printf("%s%10luu,", (i % 6) ? " " : "\n   ", (unsigned long)v);
    }
    printf("\n};\n\nconst uint32_t fxl__curvy_rsqrt_knots[97] = {");
    for (i = 32; i <= 128; i++)
        printf("%s%10luu,", ((i - 32) % 6) ? " " : "\n   ", (unsigned long)rsqrt_knot(i));
    printf("\n};\n");
    return 0;
}

/* src/angle_table.c's fxl__room_recip (the GBA port's room cast kernel,
 * port/gba/cast_arm.s): for the quarter-wave index i = 1..1024 and b =
 * sin_q16(i) (every |cos| and |sin| of the table's directions but 0), c =
 * ceil(log2 b), the shift s = 20 - c and R = ceil(2^(28 + c) / b) < 2^29.
 * Returns 1 if a bound the kernel relies on fails. */
static int room_recip_table(void)
{
    static unsigned long r[QUARTER + 1];
    static int sh[QUARTER + 1];
    int i;
    for (i = 1; i <= QUARTER; i++) {
        uint64_t b = (uint64_t)sin_q16(i), R;
        int c = 0;
        if (b == 0 || b > 65536) {
            fprintf(stderr, "gen_tables: room recip entry %d out of bounds\n", i);
            return 1;
        }
        while (((uint64_t)1 << c) < b)
            c++;
        R = (((uint64_t)1 << (28 + c)) + b - 1) / b;
        if (c < 7 || R < ((uint64_t)1 << 28) || R > ((uint64_t)1 << 29) ||
            (i > 1 && b < (uint64_t)sin_q16(i - 1))) {
            fprintf(stderr, "gen_tables: room recip entry %d out of bounds\n", i);
            return 1;
        }
        r[i] = (unsigned long)R;
        sh[i] = 20 - c;
    }
    printf("\n#if FXL_PORT_ROOM_CAST\n");
    printf("/* fxl__room_recip: the GBA port's room cast kernel's division by a\n");
    printf(" * direction's component (port/gba/cast_arm.s). For the quarter-wave index\n");
    printf(" * i = 1..1024 and b = round(65536 sin(2 pi i / 4096)) (|cos| and |sin| of\n");
    printf(" * every table direction but 0), c = ceil(log2 b) (7..16):\n");
    printf(" *   r: %d uint32_t, entry i = ceil(2^(28 + c) / b), in [2^28, 2^29]\n",
           QUARTER + 1);
    printf(" *     (entry 0: 0, unused);\n");
    printf(" *   shift_rev: %d uint8_t, entry 1024 - i = 20 - c (4..13), so that\n", QUARTER);
    printf(" *     r's base less i addresses i's shift.\n");
    printf(" */\n");
    printf("const struct fxl__room_recip_tables fxl__room_recip FXL_ROM_DATA = {\n    {");
    for (i = 0; i < QUARTER; i++)
        printf("%s%2d,", (i % 16) ? " " : "\n        ", sh[QUARTER - i]);
    printf("\n    },\n    {");
    for (i = 0; i <= QUARTER; i++)
        printf("%s%9luu,", (i % 6) ? " " : "\n        ", r[i]);
    printf("\n    },\n};\n#endif\n");
    return 0;
}

int main(int argc, char **argv)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    long worst = 0;
    int k;
    static unsigned long tan31[TAN_BOUNDS];
    static unsigned recip[RECIP_ENTRIES];
    static int clz8[256], guess[GUESS_ENTRIES];
    long double lag;

    if (argc > 1)
        return argc == 2 && strcmp(argv[1], "curvy") == 0 ? curvy_tables() : 2;
    if (atan_tables(tan31, recip, clz8, guess, &lag) != 0)
        return 1;

    /* The carry trick in fxl_sin relies on exactly k = 1022..1024 being 65536. */
    for (k = 0; k <= QUARTER; k++) {
        long v = sin_q16(k);
        if ((v == 65536) != (k >= QUARTER - 2)) {
            fprintf(stderr, "gen_tables: unexpected full-scale entry at %d\n", k);
            return 1;
        }
    }
    /* Largest |2^32 - (cos^2 + sin^2)| over all 4096 table angles. */
    for (k = 0; k < QUARTER; k++) {
        long s = sin_q16(k), c = sin_q16(QUARTER - k);
        long d = labs(4294967296L - (c * c + s * s));
        if (d > worst)
            worst = d;
    }

    printf("/* angle_table.c - GENERATED by tools/gen_tables.c, do not edit.\n");
    printf(" *\n");
    printf(" * fxl__sin_quarter: quarter-wave sine, 1024 entries of uint16_t (2048 bytes).\n");
    printf(" *   entry k = round(65536 * sin(2*pi*k/4096)) mod 65536, for k = 0..1023,\n");
    printf(" *   sampled at exact multiples of 1/4096 turn, rounded to nearest.\n");
    printf(" *   The exact values at k = 1022, 1023 (and 1024) are 65536 (1.0 in Q16.16);\n");
    printf(" *   they are stored as 0 and fxl_sin adds the carry back: value(k) =\n");
    printf(" *   entry[k & 1023] + (((k + 2) >> 10) << 16) for k = 0..1024.\n");
    printf(" *   Largest |2^32 - (cos^2 + sin^2)| over all 4096 angles: %ld\n", worst);
    printf(" *   (the table's direction vectors have length 1 within %.2e).\n",
           (double)worst / 4294967296.0 / 2.0);
    printf(" *\n");
    printf(" * fxl__sin_full, fxl__cos_full: the whole waves, 4096 entries of int32_t\n");
    printf(" *   each (16384 bytes each), entry k = round(65536 * sin(2*pi*k/4096)) and\n");
    printf(" *   round(65536 * cos(2*pi*k/4096)) = the sine's entry (k + 1024) mod 4096,\n");
    printf(" *   for k = 0..4095: the same values as the quarter table, one read per\n");
    printf(" *   sine or cosine from the same folded index. Compiled only with\n");
    printf(" *   FXL_SIN_FULL (include/fixlaser/config.h; the GBA port sets it).\n");
    printf(" *\n");
    printf(" * fxl__atan_turn48: atan(2^-i) for i = 0..%d in units of 2^-48 turn,\n",
           ATAN_ITERS - 1);
    printf(" *   rounded to nearest; the CORDIC steps of fxl_atan2's fallback.\n");
    printf(" *\n");
    printf(" * fxl__atan: fxl_atan2's tables in one object (one base address reaches\n");
    printf(" * them all). Folded into the first octant and scaled so that 2^31 <= big\n");
    printf(" * < 2^32, 0 <= small <= big:\n");
    printf(" *   tan31: %d uint32_t, entry m = round(2^31 tan((m + 1/2) * 2*pi/4096)) for\n",
           TAN_BOUNDS);
    printf(" *     m = 0..%d, error below 1/2 + 2^-30: the tangents of the boundaries\n",
           TAN_BOUNDS - 1);
    printf(" *     between steps m and m + 1 (512 lies past 45 degrees, beyond every\n");
    printf(" *     ratio). Offset 0.\n");
    printf(" *   clz8: 256 uint8_t, entry i = the leading zeros of i as a byte (0 for 0).\n");
    printf(" *   guess: %d uint8_t, entry b = (the number of boundaries m with\n",
           GUESS_ENTRIES);
    printf(" *     tan < b / 1024) - b / 2.\n");
    printf(" *   recip: %d uint16_t at offset %d, entry i = floor(2^27 / (2049 + i)):\n",
           RECIP_ENTRIES, ATAN_RECIP_OFFSET);
    printf(" *     2^47 / big from below for big >> 20 = 2048 + i. The estimate q =\n");
    printf(" *     (small * recip) >> 32 of X = 2^15 small / big lies in (X - %.2Lf, X];\n",
           lag);
    printf(" *     for b = q >> 5 the ratio's step is guess[b] + b / 2 or one more\n");
    printf(" *     (checked here for every b).\n");
    printf(" *   %d bytes in all, %d of them padding (recip must start within 255\n",
           ATAN_RECIP_OFFSET + 2 * RECIP_ENTRIES,
           ATAN_RECIP_OFFSET - 4 * TAN_BOUNDS - 256 - GUESS_ENTRIES);
    printf(" *     bytes of offset 4096: ldrh's reach, on the GBA, from 2 * (big >> 20)).\n");
    printf(" */\n");
    printf("#include \"angle_table.h\"\n\n");
    printf("const uint16_t fxl__sin_quarter[FXL_SIN_QUARTER_ENTRIES] FXL_ROM_DATA = {");
    for (k = 0; k < QUARTER; k++) {
        long v = sin_q16(k) & 0xFFFF;
        printf("%s%5ld,", (k % 10) ? " " : "\n    ", v);
    }
    printf("\n};\n\n");
    printf("#if FXL_SIN_FULL\n");
    printf("const int32_t fxl__sin_full[FXL_SIN_FULL_ENTRIES] FXL_ROM_DATA = {");
    for (k = 0; k < STEPS; k++)
        printf("%s%6ld,", (k % 10) ? " " : "\n    ", sin_q16(k));
    printf("\n};\n\n");
    printf("const int32_t fxl__cos_full[FXL_SIN_FULL_ENTRIES] FXL_ROM_DATA = {");
    for (k = 0; k < STEPS; k++)
        printf("%s%6ld,", (k % 10) ? " " : "\n    ", sin_q16((k + QUARTER) % STEPS));
    printf("\n};\n#endif\n\n");
    printf("const int64_t fxl__atan_turn48[FXL_ATAN_STEPS] = {");
    for (k = 0; k < ATAN_ITERS; k++) {
        long double t = atanl(ldexpl(1.0L, -k)) / (2.0L * pi) * ldexpl(1.0L, 48);
        printf("%sINT64_C(%lld),", (k % 3) ? " " : "\n    ", (long long)llroundl(t));
    }
    printf("\n};\n\n");
    printf("const struct fxl__atan_tables fxl__atan FXL_ROM_DATA = {\n    {");
    for (k = 0; k < TAN_BOUNDS; k++)
        printf("%s%10luu,", (k % 6) ? " " : "\n        ", tan31[k]);
    printf("\n    },\n    {");
    for (k = 0; k < 256; k++)
        printf("%s%d,", (k % 16) ? " " : "\n        ", clz8[k]);
    printf("\n    },\n    {");
    for (k = 0; k < GUESS_ENTRIES; k++)
        printf("%s%2d,", (k % 16) ? " " : "\n        ", guess[k]);
    printf("\n    },\n    {0},\n    {");
    for (k = 0; k < RECIP_ENTRIES; k++)
        printf("%s%5u,", (k % 10) ? " " : "\n        ", recip[k]);
    printf("\n    },\n};\n");
    return room_recip_table();
}
