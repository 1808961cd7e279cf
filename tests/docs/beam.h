/* beam.h - docs/guide/beam.md: a boss beam's whole lifetime against a ship
 * it is aimed at. */
static fxl_vec2 boss;
static fxl_circle ship;
static int lives = 100, score;
static int doc_frames;

static void draw_laser(const fxl_laser *l)
{
    (void)l;
    doc_frames++;
}

static void doc_setup(void)
{
    boss = fxl_vec2_make(fix16_from_int(120), fix16_from_int(20));
    ship = fxl_circle_make(fix16_from_int(120), fix16_from_int(140), fix16_from_int(2));
}

static int doc_finish(void)
{
    /* 150 frames drawn; aimed at the ship, the beam hit it while active
     * (until it turned away). */
    return doc_frames == 150 && lives < 100 ? 0 : 1;
}
