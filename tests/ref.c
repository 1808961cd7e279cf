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
    double a0 = l->anchor == FXL_ANCHOR_ORIGIN ? 0.0 : -len / 2.0;
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

/* The article's distance from a point to a segment. */
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

ref_sweep ref_sweep_build(const fxl_laser *l, int step)
{
    ref_sweep S;
    fxl_laser end = *l;
    double c0 = ref_cos_q16(l->angle), s0 = ref_sin_q16(l->angle);
    double c1, s1, hit;
    end.angle = (fxl_angle)((uint32_t)l->angle + (uint32_t)step);
    c1 = ref_cos_q16(end.angle);
    s1 = ref_sin_q16(end.angle);
    S.ends[0] = ref_laser_build(l);
    S.ends[1] = ref_laser_build(&end);
    S.ox = ref_px(l->pos.x);
    S.oy = ref_px(l->pos.y);
    S.th0 = atan2(s0, c0);
    /* The signed angle from the start vector to the end vector, the way
     * the step turns (half a turn is +-pi by the step's sign). */
    S.dth = atan2(c0 * s1 - s0 * c1, c0 * c1 + s0 * s1);
    if (step == 2048)
        S.dth = PI;
    if (step == -2048)
        S.dth = -PI;
    if (step == 0)
        S.dth = 0.0;
    hit = floor((double)l->half_width * (double)l->hit_fraction / 65536.0 + 0.5) / 65536.0;
    S.box = l->kind == FXL_LASER_BOX;
    S.len = ref_px(l->length);
    S.side = S.box ? hit : 0.0;
    S.round = S.box ? 0.0 : hit;
    S.s = fmax(sqrt(c0 * c0 + s0 * s0), sqrt(c1 * c1 + s1 * s1)) / 65536.0;
    return S;
}

/* Distance from the circle centre to the body turned to the unit direction
 * (c, sn), measured in the body's frame after scaling by s (the frame the
 * library's turn uses), minus the round part: the beam hits iff <= r. */
static double body_gap_cs(const ref_sweep *S, double x, double y, double c, double sn)
{
    double dx = x - S->ox, dy = y - S->oy;
    double a = S->s * (c * dx + sn * dy), b = S->s * (-sn * dx + c * dy);
    double ea = a < 0.0 ? -a : a > S->len ? a - S->len : 0.0;
    double eb = fabs(b) > S->side ? fabs(b) - S->side : 0.0;
    return hypot(ea, eb) - S->round;
}

static double body_gap(const ref_sweep *S, double x, double y, double th)
{
    return body_gap_cs(S, x, y, cos(th), sin(th));
}

static double ends_margin(const ref_sweep *S, double x, double y, double r)
{
    return fmin(ref_laser_circle(&S->ends[0], x, y, r), ref_laser_circle(&S->ends[1], x, y, r));
}

double ref_sweep_turn_gap(const ref_sweep *S, double x, double y)
{
    double gap = INFINITY, lo, hi, c, sn, dc, ds;
    int i, k = 0;
    const int n = 64;
    if (S->dth == 0.0)
        return INFINITY;
    /* Samples by repeated rotation (no trigonometry per sample). */
    c = cos(S->th0), sn = sin(S->th0), dc = cos(S->dth / n), ds = sin(S->dth / n);
    for (i = 0; i <= n; i++) {
        double g = body_gap_cs(S, x, y, c, sn), t = c * dc - sn * ds;
        sn = c * ds + sn * dc;
        c = t;
        if (g < gap) {
            gap = g;
            k = i;
        }
    }
    /* g has at most two minima on the arc, of the same depth: the best
     * sample lies within one spacing of one of them; refine there. */
    lo = S->th0 + S->dth * (double)(k > 0 ? k - 1 : 0) / n;
    hi = S->th0 + S->dth * (double)(k < n ? k + 1 : n) / n;
    for (i = 0; i < 60; i++) {
        double m1 = lo + (hi - lo) * 0.381966011250105, m2 = lo + (hi - lo) * 0.618033988749895;
        if (body_gap(S, x, y, m1) <= body_gap(S, x, y, m2))
            hi = m2;
        else
            lo = m1;
    }
    gap = fmin(gap, body_gap(S, x, y, (lo + hi) / 2.0));
    /* Thin beams put their two minima closer than a sample spacing: also
     * evaluate the directions where a far corner (box) or the tip
     * (capsule) points at the centre, when the arc holds them. */
    {
        double phi = atan2(y - S->oy, x - S->ox);
        double psi = S->box ? atan2(S->side, S->len) : 0.0;
        int k2;
        for (k2 = -1; k2 <= 1; k2 += 2) {
            double th = phi + k2 * psi, d = remainder(th - S->th0, 2.0 * PI);
            if ((S->dth >= 0.0 && d >= 0.0 && d <= S->dth) ||
                (S->dth < 0.0 && d <= 0.0 && d >= S->dth) || (S->dth == PI && d == -PI) ||
                (S->dth == -PI && d == PI))
                gap = fmin(gap, body_gap(S, x, y, th));
        }
    }
    return gap;
}

double ref_sweep_margin(const ref_sweep *S, double x, double y, double r, double turn_gap)
{
    return fmin(ends_margin(S, x, y, r), (turn_gap - r) / S->s);
}

double ref_sweep_touch(const ref_sweep *S, double x, double y, double turn_gap)
{
    int i;
    double t = turn_gap;
    for (i = 0; i < 2; i++) {
        const ref_laser *L = &S->ends[i];
        t = fmin(t, ref_laser_distance(L, x, y) * L->scale - L->round);
    }
    return t;
}

double ref_sweep_margin_sampled(const ref_sweep *S, double x, double y, double r, int sub)
{
    double best = ends_margin(S, x, y, r), c, sn, dc, ds;
    int i;
    if (S->dth == 0.0)
        return best;
    c = cos(S->th0), sn = sin(S->th0), dc = cos(S->dth / sub), ds = sin(S->dth / sub);
    for (i = 1; i < sub; i++) {
        double t = c * dc - sn * ds;
        sn = c * ds + sn * dc;
        c = t;
        best = fmin(best, (body_gap_cs(S, x, y, c, sn) - r) / S->s);
    }
    return best;
}
