/* baselines.c - the benchmark baselines (see baselines.h). */
#include "baselines.h"

#include <math.h>

static const double PI = 3.14159265358979323846;

float_laser float_laser_make(const fxl_laser *l)
{
    float_laser fl;
    double a = (double)(l->angle & FXL_ANGLE_MASK) * 2.0 * PI / 4096.0;
    double c = cos(a), s = sin(a), len = fix16_to_dbl(l->length);
    double w = fix16_to_dbl(l->half_width) * fix16_to_dbl(l->hit_fraction);
    double x = fix16_to_dbl(l->pos.x), y = fix16_to_dbl(l->pos.y);
    if (l->anchor == FXL_ANCHOR_CENTRE) {
        x -= c * len / 2.0;
        y -= s * len / 2.0;
    }
    fl.pt[0].x = x + s * w, fl.pt[0].y = y - c * w;
    fl.pt[1].x = x + c * len + s * w, fl.pt[1].y = y + s * len - c * w;
    fl.pt[2].x = x + c * len - s * w, fl.pt[2].y = y + s * len + c * w;
    fl.pt[3].x = x - s * w, fl.pt[3].y = y + c * w;
    return fl;
}

static bool point_in_circle(base_pt p, double x, double y, double r)
{
    double dx = p.x - x, dy = p.y - y;
    return dx * dx + dy * dy < r * r;
}

/* Angle at c between c->p and c->q, by atan2 of cross and dot products. */
static double angle_at(base_pt c, base_pt p, double qx, double qy)
{
    double px = p.x - c.x, py = p.y - c.y, vx = qx - c.x, vy = qy - c.y;
    return atan2(px * vy - py * vx, px * vx + py * vy);
}

static double segment_distance(double x, double y, base_pt a, base_pt b)
{
    double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
    double t = len2 > 0.0 ? -(dx * (a.x - x) + dy * (a.y - y)) / len2 : 0.0;
    double tx, ty;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    tx = a.x + dx * t;
    ty = a.y + dy * t;
    return sqrt((x - tx) * (x - tx) + (y - ty) * (y - ty));
}

bool float_laser_vs_circle(const float_laser *fl, double x, double y, double r)
{
    double t1, t2;
    int i;
    for (i = 0; i < 4; i++)
        if (point_in_circle(fl->pt[i], x, y, r))
            return true;
    t1 = angle_at(fl->pt[0], fl->pt[1], x, y);
    t2 = angle_at(fl->pt[2], fl->pt[3], x, y);
    if (t1 >= 0.0 && t1 <= PI / 2 && t2 >= 0.0 && t2 <= PI / 2)
        return true;
    for (i = 0; i < 4; i++)
        if (segment_distance(x, y, fl->pt[i], fl->pt[(i + 1) & 3]) < r)
            return true;
    return false;
}

bool naive_laser_vs_circle(const fxl_laser *l, fxl_circle c)
{
    /* 4096 steps to radians, then libfixmath's own trigonometry. */
    fix16_t rad = (fix16_t)((l->angle & FXL_ANGLE_MASK) * 411775 / 4096); /* 2*pi = 411775 */
    fix16_t s = fix16_sin(rad), co = fix16_cos(rad);
    fix16_t half = l->length / 2, w = fix16_mul(l->half_width, l->hit_fraction);
    fix16_t cx = l->pos.x, cy = l->pos.y, dx, dy, dl, dw;
    if (l->anchor == FXL_ANCHOR_EMITTER) {
        cx += fix16_mul(co, half);
        cy += fix16_mul(s, half);
    }
    dx = c.c.x - cx;
    dy = c.c.y - cy;
    dl = fix16_abs(fix16_mul(co, dx) + fix16_mul(s, dy));
    dw = fix16_abs(fix16_mul(s, dx) - fix16_mul(co, dy));
    if (dw <= w && dl <= half + c.r)
        return true;
    if (dw <= w + c.r && dl <= half)
        return true;
    dl -= half;
    dw -= w;
    return fix16_sqrt(fix16_mul(dl, dl) + fix16_mul(dw, dw)) <= c.r;
}
