/* ref.c - the double-precision references (see ref.h). */
#include "ref.h"

#include <math.h>

static const double PI = 3.14159265358979323846;

double ref_px(fix16_t v)
{
    return (double)v / 65536.0;
}

double ref_sin_q16(int a)
{
    return floor(65536.0 * sin(2.0 * PI * (double)(a & 4095) / 4096.0) + 0.5);
}

double ref_cos_q16(int a)
{
    return ref_sin_q16(a + 1024);
}

ref_laser ref_laser_build(const fxl_laser *l)
{
    ref_laser L;
    double c = ref_cos_q16(l->angle) / 65536.0, s = ref_sin_q16(l->angle) / 65536.0;
    double n2 = c * c + s * s;
    double len = ref_px(l->length);
    double a0 = l->anchor == FXL_ANCHOR_EMITTER ? 0.0 : -len / 2.0;
    double a1 = a0 + len;
    /* libfixmath's fix16_mul rounds half up. */
    double hit = floor((double)l->half_width * (double)l->hit_fraction / 65536.0 + 0.5) / 65536.0;
    double w = l->kind == FXL_LASER_BOX ? hit : 0.0;
    double as[4], bs[4];
    int i;

    L.round = l->kind == FXL_LASER_BOX ? 0.0 : hit;
    L.scale = sqrt(n2);
    L.area = len > 0.0 && w > 0.0;
    /* The beam frame maps world offsets by (c x + s y, -s x + c y); its
     * inverse takes the frame rectangle's corners back to the world. */
    as[0] = a0, bs[0] = -w;
    as[1] = a1, bs[1] = -w;
    as[2] = a1, bs[2] = w;
    as[3] = a0, bs[3] = w;
    for (i = 0; i < 4; i++) {
        L.cx[i] = ref_px(l->pos.x) + (as[i] * c - bs[i] * s) / n2;
        L.cy[i] = ref_px(l->pos.y) + (as[i] * s + bs[i] * c) / n2;
    }
    return L;
}

/* The frame test's distance from a point to a segment (docs/methods.md). */
static double segment_distance(double x, double y, double x1, double y1, double x2, double y2)
{
    double dx = x2 - x1, dy = y2 - y1, a = dx * dx + dy * dy, t = 0.0;
    if (a > 0.0) {
        t = -(dx * (x1 - x) + dy * (y1 - y)) / a;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    }
    return hypot(x - (x1 + dx * t), y - (y1 + dy * t));
}

double ref_laser_distance(const ref_laser *L, double x, double y)
{
    double best = INFINITY;
    int i, pos = 0, neg = 0;

    for (i = 0; i < 4; i++) {
        int j = (i + 1) & 3;
        double cross = (L->cx[j] - L->cx[i]) * (y - L->cy[i]) -
                       (L->cy[j] - L->cy[i]) * (x - L->cx[i]);
        double d = segment_distance(x, y, L->cx[i], L->cy[i], L->cx[j], L->cy[j]);
        pos += cross >= 0.0;
        neg += cross <= 0.0;
        if (d < best)
            best = d;
    }
    if (L->area && (pos == 4 || neg == 4))
        return -best; /* inside the rectangle: negative, depth to the nearest edge */
    return best;
}

double ref_laser_circle(const ref_laser *L, double x, double y, double r)
{
    /* A circle of radius r in the beam frame has radius r / scale in the
     * world, because the frame map is a rotation scaled by `scale`. */
    return ref_laser_distance(L, x, y) - (r + L->round) / L->scale;
}

double ref_circle_circle(double ax, double ay, double ar, double bx, double by, double br)
{
    return hypot(ax - bx, ay - by) - (ar + br);
}

double ref_aabb_circle(double x0, double y0, double x1, double y1, double cx, double cy,
                       double r)
{
    double d;
    d = segment_distance(cx, cy, x0, y0, x1, y0);
    d = fmin(d, segment_distance(cx, cy, x1, y0, x1, y1));
    d = fmin(d, segment_distance(cx, cy, x1, y1, x0, y1));
    d = fmin(d, segment_distance(cx, cy, x0, y1, x0, y0));
    if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1)
        d = -d; /* inside: signed depth */
    return d - r;
}

int ref_atan2_step(double y, double x, double *tie)
{
    double steps = atan2(y, x) * 4096.0 / (2.0 * PI);
    double nearest = floor(steps + 0.5);
    *tie = fabs(fabs(steps - nearest) - 0.5);
    return (int)nearest & 4095;
}
