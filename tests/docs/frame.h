/* frame.h - docs/guide/lasers.md, "A game's frame": 640 bullets, 48
 * straight lasers and 16 turning ones as a game keeps them. */
static fix16_t ship_x, ship_y;
static fxl_circle bullets[640];
static fxl_laser lasers[48];
static fxl_sweep spinners[16];

static void doc_setup(void)
{
    ship_x = fix16_from_int(120);
    ship_y = fix16_from_int(120);
    for (int i = 0; i < 640; i++)
        bullets[i] = fxl_circle_make(fix16_from_int(i % 240), fix16_from_int(i % 160), fix16_from_int(2));
    for (int i = 0; i < 48; i++)
        lasers[i] = fxl_laser_from_emitter(i & 1 ? FXL_LASER_BOX : FXL_LASER_CAPSULE,
                                           fxl_vec2_make(fix16_from_int(5 * i), 0), 1024 + 8 * i,
                                           fix16_from_int(100), fix16_from_int(3));
    for (int i = 0; i < 16; i++) {
        /* Odd ones spin about their middle: centre-anchored. */
        fxl_laser l = (i & 1) != 0
            ? fxl_laser_from_centre(FXL_LASER_BOX, fxl_vec2_make(fix16_from_int(15 * i), fix16_from_int(75)),
                                    256 * i, fix16_from_int(75), fix16_from_int(4))
            : fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(fix16_from_int(15 * i), 0), 256 * i,
                                     fix16_from_int(150), fix16_from_int(4));
        spinners[i] = fxl_sweep_turn(&l, 8 + 2 * i);
    }
}

static int doc_finish(void)
{
    return 0;
}
