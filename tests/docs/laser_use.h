/* laser_use.h - docs/guide/lasers.md, "One laser, step by step": a boss
 * pointing straight down at a ship 84 px below its emitter, 100 bullets
 * along the beam's line. */
#define BULLETS 100
static fxl_angle boss_angle = 1024; /* 4096 steps a turn: down */
static fix16_t ship_x, ship_y, ship_r;
static fxl_circle bullets[BULLETS];
static int doc_hits;

static void player_hit(void)
{
    doc_hits++;
}

static void doc_setup(void)
{
    ship_x = fix16_from_int(120);
    ship_y = fix16_from_int(100);
    ship_r = fix16_from_int(2);
    for (int i = 0; i < BULLETS; i++)
        bullets[i] = fxl_circle_make(fix16_from_int(100 + i % 40), fix16_from_int(20 + i), fix16_from_int(2));
}

static int doc_finish(void)
{
    return doc_hits == 1 ? 0 : 1;
}
