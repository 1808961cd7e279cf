/* manual_use.h - include/fixlaser.h's manual, "Use". */
static fxl_vec2 emitter;
static fxl_angle angle = 0;
static fxl_circle player;
static int doc_hits;

static void player_hit(void)
{
    doc_hits++;
}

static void doc_setup(void)
{
    emitter = fxl_vec2_make(0, 0);
    player = fxl_circle_make(fix16_from_int(100), fix16_from_int(5), fix16_from_int(2));
}

static int doc_finish(void)
{
    return doc_hits == 1 ? 0 : 1;
}
