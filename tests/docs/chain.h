/* chain.h - docs/guide/motion.md, chains of squares: a 200 px laser that
 * turned 10 degrees since the last frame. */
static fxl_vec2 boss;
static fxl_angle angle = 114, prev_angle = 0;
static size_t doc_squares;

static void register_hitboxes(const fxl_aabb *squares, size_t n)
{
    (void)squares;
    doc_squares = n;
}

static void doc_setup(void)
{
    boss = fxl_vec2_make(fix16_from_int(40), fix16_from_int(40));
}

static int doc_finish(void)
{
    return doc_squares > 0 ? 0 : 1;
}
