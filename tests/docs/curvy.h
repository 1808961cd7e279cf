/* curvy.h - docs/guide/curvy.md: the head pushed onto the ship's path. */
static fxl_vec2 head, ship_to;
static fxl_circle ship;
static int doc_hits;

static void player_hit(void)
{
    doc_hits++;
}

static void doc_setup(void)
{
    head = fxl_vec2_make(fix16_from_int(100), fix16_from_int(100));
    ship = fxl_circle_make(fix16_from_int(90), fix16_from_int(100), fix16_from_int(2));
    ship_to = fxl_vec2_make(fix16_from_int(110), fix16_from_int(100));
}

static int doc_finish(void)
{
    /* The fragment's first push makes the trail's first node: no segment
     * yet, so nothing to hit. */
    return doc_hits == 0 ? 0 : 1;
}
