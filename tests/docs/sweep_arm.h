/* sweep_arm.h - docs/guide/motion.md, the boss arm: the arm turns a
 * quarter turn clockwise about the boss while the boss drifts 3 px right;
 * the player, 60 px right of and 60 px below the boss, is in its path. */
static fxl_vec2 boss, boss_prev, arm_emitter;
static fxl_angle angle = 1024, prev_angle = 0;
static fxl_circle player, player_prev;
static fxl_circle bullets[32];
static size_t nb = 32;
static uint32_t cancelled[1];
static int doc_hits;

static void player_hit(void)
{
    doc_hits++;
}

static void doc_setup(void)
{
    boss_prev = fxl_vec2_make(fix16_from_int(100), fix16_from_int(50));
    boss = fxl_vec2_make(fix16_from_int(103), fix16_from_int(50));
    arm_emitter = fxl_vec2_make(fix16_from_int(110), fix16_from_int(50)); /* 10 px out on the arm */
    player_prev = fxl_circle_make(fix16_from_int(160), fix16_from_int(110), fix16_from_int(2));
    player = fxl_circle_make(fix16_from_int(161), fix16_from_int(110), fix16_from_int(2));
    for (int i = 0; i < 32; i++)
        bullets[i] = fxl_circle_make(fix16_from_int(100 + 4 * i), fix16_from_int(90), fix16_from_int(2));
}

static int doc_finish(void)
{
    return doc_hits == 1 && cancelled[0] != 0 ? 0 : 1;
}
