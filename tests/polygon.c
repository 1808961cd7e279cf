/* polygon.c - exact predicates on outlines (polygon.h). */
#include "polygon.h"

int fxlt_orient(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c)
{
    int64_t cr = ((int64_t)b.x - a.x) * ((int64_t)c.y - a.y) - ((int64_t)b.y - a.y) * ((int64_t)c.x - a.x);
    return cr < 0 ? -1 : cr > 0 ? 1 : 0;
}

/* c on the segment ab, given that the three are collinear. */
static bool on_segment(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c)
{
    return c.x >= (a.x < b.x ? a.x : b.x) && c.x <= (a.x > b.x ? a.x : b.x) &&
           c.y >= (a.y < b.y ? a.y : b.y) && c.y <= (a.y > b.y ? a.y : b.y);
}

bool fxlt_segments_meet(fxl_vec2 a, fxl_vec2 b, fxl_vec2 c, fxl_vec2 d)
{
    int o1 = fxlt_orient(a, b, c), o2 = fxlt_orient(a, b, d);
    int o3 = fxlt_orient(c, d, a), o4 = fxlt_orient(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return true;
    return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
           (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

bool fxlt_polygon_simple(const fxl_vec2 *v, int n)
{
    int i, j;
    for (i = 0; i < n; i++) {
        fxl_vec2 a = v[i], b = v[(i + 1) % n], c = v[(i + 2) % n];
        if (a.x == b.x && a.y == b.y)
            return false;
        /* the next edge straight back along this one */
        if (fxlt_orient(a, b, c) == 0 && ((int64_t)b.x - a.x) * ((int64_t)c.x - b.x) +
                                                 ((int64_t)b.y - a.y) * ((int64_t)c.y - b.y) <=
                                             0)
            return false;
        for (j = i + 2; j < n; j++) {
            if (i == 0 && j == n - 1)
                continue;
            if (fxlt_segments_meet(a, b, v[j], v[(j + 1) % n]))
                return false;
        }
    }
    return n >= 3;
}
