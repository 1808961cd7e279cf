/* manual_frame.h - include/fixlaser.h's manual, "A frame". */
static fxl_circle bullets[4], player;
static size_t nb = 4, nl = 2, ns = 1, hits;
static uint32_t bits[1];
static fxl_laser lasers[2];
static fxl_sweep rotating[1];

static void doc_setup(void)
{
    player = fxl_circle_make(fix16_from_int(50), fix16_from_int(50), fix16_from_int(2));
    for (int i = 0; i < 4; i++)
        bullets[i] = fxl_circle_make(fix16_from_int(48 + 10 * i), fix16_from_int(50), fix16_from_int(1));
    lasers[0] = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, fix16_from_int(50)), 0,
                                       fix16_from_int(100), fix16_from_int(2));
    lasers[1] = fxl_laser_from_emitter(FXL_LASER_CAPSULE, fxl_vec2_make(0, 0), 0, fix16_from_int(100),
                                       fix16_from_int(2));
    rotating[0] = fxl_sweep_turn(&lasers[1], 1024);
}

static int doc_finish(void)
{
    return hits == 1 ? 0 : 1; /* the sweep's answer, the last call's */
}
