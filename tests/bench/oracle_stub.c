/* oracle_stub.c - TEMPORARY stand-in for tests/oracle.c (being written on
 * branch `oracle`), so that the scene's host twin can link today. Delete
 * this file when tests/oracle.c lands: the Makefile then links that one
 * instead (SCENE_ORACLE_SRC), nothing else changes.
 *
 * Circles and static lasers: exact, in 128-bit integers, from the
 * definitions in fixlaser.h (not from src/). Sweeps: NOT independent - they
 * call the library (fxl_sweep_prepare + fxl_sweep_vs_circle), so until the
 * real oracle lands the scene's sweep check only compares the fused call
 * with the per-laser calls. */
#include "oracle.h"

__extension__ typedef __int128 orc_i128;

bool orc_circle_vs_circle(fxl_circle a, fxl_circle b)
{
    orc_i128 dx = (orc_i128)a.c.x - b.c.x, dy = (orc_i128)a.c.y - b.c.y;
    orc_i128 reach = (orc_i128)a.r + b.r;
    return dx * dx + dy * dy <= reach * reach;
}

/* fixlaser.h: the hitbox half-width is half_width * hit_fraction rounded to
 * nearest (halves up); the core runs along the beam over [0, L] from an
 * emitter or [-L/2, L/2] about a middle, across it over [-w, w] for a box
 * and [0, 0] for a capsule, which adds w all round. A circle hits iff its
 * centre's frame point (u, v) = (cos dx + sin dy, cos dy - sin dx), Q32.32
 * with the table's sine and cosine, lies within r (+ w) of the core. */
bool orc_laser_vs_circle(const fxl_laser *l, fxl_circle c)
{
    orc_i128 co = fxl_cos(l->angle), si = fxl_sin(l->angle);
    orc_i128 w = ((orc_i128)l->half_width * l->hit_fraction + 32768) >> 16;
    orc_i128 dx = (orc_i128)c.c.x - l->pos.x, dy = (orc_i128)c.c.y - l->pos.y;
    orc_i128 u = co * dx + si * dy, v = co * dy - si * dx;
    orc_i128 len = (orc_i128)l->length * 65536;
    orc_i128 u_lo = l->anchor == FXL_ANCHOR_ORIGIN ? 0 : -len / 2;
    orc_i128 u_hi = l->anchor == FXL_ANCHOR_ORIGIN ? len : len / 2;
    orc_i128 v_hi = l->kind == FXL_LASER_BOX ? w * 65536 : 0;
    orc_i128 reach = ((orc_i128)c.r + (l->kind == FXL_LASER_BOX ? 0 : w)) * 65536;
    orc_i128 du = u < u_lo ? u_lo - u : u > u_hi ? u - u_hi : 0;
    orc_i128 dv = v < -v_hi ? -v_hi - v : v > v_hi ? v - v_hi : 0;
    return du * du + dv * dv <= reach * reach;
}

/* TEMPORARY: the library itself, not an independent reference. */
bool orc_sweep_vs_circle(const fxl_sweep *s, fxl_circle c)
{
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(s, &sp) == FXL_OK && fxl_sweep_vs_circle(&sp, c);
}

bool orc_sweep_vs_moving_circle(const fxl_sweep *s, fxl_circle c, fxl_vec2 to)
{
    fxl_sweep_prep sp;
    return fxl_sweep_prepare(s, &sp) == FXL_OK && fxl_sweep_vs_moving_circle(&sp, c, to);
}
