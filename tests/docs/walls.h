/* walls.h - docs/guide/walls.md: the ship, 8.5 px from the room's diagonal
 * wall, pushes 20 px straight at it and must stop at its radius. */
static fxl_circle ship;
static int32_t dx = 1, dy = -1;
static fix16_t speed;

static void doc_setup(void)
{
    ship = fxl_circle_make(fix16_from_int(200), fix16_from_int(40), fix16_from_int(4));
    speed = fix16_from_int(20);
}

static int doc_finish(void)
{
    /* The diagonal wall runs from (232, 60) to (180, 8): the line x - y = 172,
     * the room on the side x - y < 172. The ship pushed straight at it
     * (up and right) stops there, at least its radius 4 from the line:
     * 172 - (x - y) >= 4 sqrt 2 = 5.65685 px, i.e. in raw units
     * x - y <= 172 * 65536 - 370728 (370727.6 rounded up). */
    int64_t d = (int64_t)ship.c.x - ship.c.y;
    return d <= INT64_C(172) * 65536 - 370728 && d >= INT64_C(166) * 65536 ? 0 : 1;
}
