/* angle_table.h - internal: the generated tables behind the angle module
 * (format, size and sampling are in the header of angle_table.c). */
#ifndef FXL_ANGLE_TABLE_H
#define FXL_ANGLE_TABLE_H

#include <stdint.h>

#include "util.h"
#include "fixlaser/config.h"

#define FXL_SIN_QUARTER_ENTRIES 1024
#define FXL_SIN_FULL_ENTRIES 4096
#define FXL_ATAN_STEPS 40

/* fxl_atan2's tables as one object, so that one base address reaches them
 * all (their contents: the header of angle_table.c). */
struct fxl__atan_tables {
    uint32_t tan31[513];
    uint8_t clz8[256];
    uint8_t guess[1025];
    uint8_t pad[511];
    uint16_t recip[2048]; /* at offset 3844 */
};

extern const uint16_t fxl__sin_quarter[FXL_SIN_QUARTER_ENTRIES] FXL_ROM_DATA;
extern const int64_t fxl__atan_turn48[FXL_ATAN_STEPS];
extern const struct fxl__atan_tables fxl__atan FXL_ROM_DATA;
#if FXL_PORT_ROOM_CAST
/* The GBA port's room cast kernel's reciprocals of the directions'
 * components (their contents: angle_table.c). */
struct fxl__room_recip_tables {
    uint8_t shift_rev[1024];
    uint32_t r[1025]; /* at offset 1024 */
};
extern const struct fxl__room_recip_tables fxl__room_recip FXL_ROM_DATA;
#endif
#if FXL_SIN_FULL
extern const int32_t fxl__sin_full[FXL_SIN_FULL_ENTRIES] FXL_ROM_DATA;
extern const int32_t fxl__cos_full[FXL_SIN_FULL_ENTRIES] FXL_ROM_DATA;
#endif

/* Both table values of angle a at once, exactly fxl_cos(a) and fxl_sin(a). */
FXL__ALWAYS_INLINE void fxl__sincos(int32_t a, int32_t *cos_out, int32_t *sin_out)
{
#if FXL_SIN_FULL
    uint32_t k = (uint32_t)a & 4095u; /* one folded index for both */
    *sin_out = fxl__sin_full[k];
    *cos_out = fxl__cos_full[k];
#else
    /* One quadrant reduction, the two quarter-table reads r and 1024 - r,
     * then swap and signs by quadrant (the carry adds back the stored
     * 65536 at 1022..1024). */
    uint32_t u = (uint32_t)a, r = u & 1023u, q = (u >> 10) & 3u, m = 1024u - r;
    int32_t lo = (int32_t)((uint32_t)fxl__sin_quarter[r] + (((r + 2u) >> 10) << 16));
    int32_t hi = (int32_t)((uint32_t)fxl__sin_quarter[m & 1023u] + (((m + 2u) >> 10) << 16));
    int32_t s = (q & 1u) != 0 ? hi : lo, c = (q & 1u) != 0 ? lo : hi;
    *sin_out = (q & 2u) != 0 ? -s : s;
    *cos_out = ((q + 1u) & 2u) != 0 ? -c : c;
#endif
}

#endif
