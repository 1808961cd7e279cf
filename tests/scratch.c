/* scratch.c - the suites' shared scratch buffer (harness.h). */
#include "harness.h"

fxlt_scratch_mem fxlt_scratch FXL_EWRAM_BSS;
