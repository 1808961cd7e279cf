/* angle_table.h - internal: the generated tables behind the angle module
 * (format, size and sampling are in the header of angle_table.c). */
#ifndef FXL_ANGLE_TABLE_H
#define FXL_ANGLE_TABLE_H

#include <stdint.h>

#include "fixlaser/config.h"

#define FXL_SIN_QUARTER_ENTRIES 1024
#define FXL_ATAN_STEPS 40

extern const uint16_t fxl__sin_quarter[FXL_SIN_QUARTER_ENTRIES] FXL_ROM_DATA;
extern const int64_t fxl__atan_turn48[FXL_ATAN_STEPS];

#endif
