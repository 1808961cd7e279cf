/* draw.c - drawing the GBA demo's scenes share (see demo.h). */
#include "demo.h"

/* The ship: a small arrow, red while flashing, and its hitbox ring. */
void draw_ship(void)
{
    gfx_poly_begin();
    gfx_poly_edge(fxl_vec2_make(ship.x, ship.y - PX(8)), fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)));
    gfx_poly_edge(fxl_vec2_make(ship.x + PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)));
    gfx_poly_edge(fxl_vec2_make(ship.x - PX(6), ship.y + PX(6)), fxl_vec2_make(ship.x, ship.y - PX(8)));
    gfx_poly_fill(ship_flash ? COL_SHIP_HIT : COL_SHIP);
    gfx_ring(ship, 3, COL_HITBOX);
}

void draw_laser_lit(const fxl_laser *l, uint8_t col)
{
    fxl_laser core = *l;
    gfx_laser(l, col);
    core.half_width = fix16_mul(l->half_width, l->hit_fraction); /* = the hitbox */
    gfx_laser(&core, COL_CORE);
}

/* A filled quad as a shape (corners in order around it). */
gfx_shape quad_shape(const fxl_vec2 q[4])
{
    gfx_shape sh;
    int k;
    for (k = 0; k < 4; ++k) {
        sh.q[k] = q[k];
    }
    sh.e[0] = sh.e[1] = q[0];
    sh.r = 0;
    sh.capsule = 0;
    return sh;
}

/* A disc of radius r as a shape (a capsule with no length). */
gfx_shape disc_shape(fxl_vec2 c, fix16_t r)
{
    gfx_shape sh;
    sh.q[0] = sh.q[1] = sh.q[2] = sh.q[3] = sh.e[0] = sh.e[1] = c;
    sh.r = r;
    sh.capsule = 1;
    return sh;
}
