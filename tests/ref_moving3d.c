/* ref_moving3d.c - the moving sphere against the box laser, by the least
 * value of a convex function, in big integers (bigint.h).
 *
 * With f(t) the frame point of the centre at moment t (linear in t) and
 * g(t) = sum_i max(0, |f_i(t)| - h_i)^2, the sphere of radius r hits iff
 * min over t in [0, 1] of g <= (r 2^32)^2. g is convex and quadratic
 * between the moments where some |f_i| crosses h_i, so its least value is
 * taken at t = 0, t = 1, such a crossing, or the stationary point of one
 * of the 26 quadratics sum over a set of axes of (f_i - b_i)^2 (b_i =
 * +-h_i). g is evaluated exactly at every such candidate in [0, 1] and the
 * least radius for each found by a double estimate corrected exactly. */
#include "ref_moving3d.h"

#include <math.h>

#include "bigint.h"

typedef struct rm {
    big fa[3], d[3], h[3];
    int32_t best;
} rm;

static big mulb(big a, big b)
{
    return big_mul(a, b);
}

static big sub(big a, big b)
{
    return big_add(a, big_neg(b));
}

static void frame_of(const fxl_laser3d *l, fxl_vec3 p, big out[3])
{
    big cy = big_i64(fxl_cos(l->yaw)), sy = big_i64(fxl_sin(l->yaw));
    big cp = big_i64(fxl_cos(l->pitch)), sp = big_i64(fxl_sin(l->pitch));
    big dx = big_i64((int64_t)p.x - l->pos.x), dy = big_i64((int64_t)p.y - l->pos.y);
    big dz = big_i64(((int64_t)p.z - l->pos.z) * 65536);
    big x1 = big_add(mulb(cy, dx), mulb(sy, dy));
    big mid = big_i64(l->anchor == FXL_ANCHOR_EMITTER ? (int64_t)l->length * ((int64_t)1 << 31) : 0);
    out[0] = sub(sub(mulb(cp, x1), mulb(sp, dz)), mid);
    out[1] = mulb(sub(mulb(cy, dy), mulb(sy, dx)), big_i64(65536));
    out[2] = big_add(mulb(sp, x1), mulb(cp, dz));
}

static big babs(big a)
{
    if (a.s < 0)
        a.s = 1;
    return a;
}

/* g at t = n / m (0 <= n <= m, m > 0): the least r for it. */
static void candidate(rm *s, big n, big m)
{
    big sum = big_i64(0), m2 = mulb(m, m);
    int i;
    double est;
    int32_t r;
    if (n.s < 0 || big_cmp(n, m) > 0)
        return;
    for (i = 0; i < 3; i++) {
        big f = babs(big_add(mulb(s->fa[i], m), mulb(s->d[i], n)));
        big e = sub(f, mulb(s->h[i], m));
        if (e.s > 0)
            sum = big_add(sum, mulb(e, e));
    }
    est = sqrt(big_to_double(&sum) / big_to_double(&m2)) / 4294967296.0;
    if (est >= (double)REF3M_NEVER)
        return;
    r = (int32_t)est - 2;
    if (r < 0)
        r = 0;
    for (; r < s->best; r++) {
        big rr = big_i64((int64_t)r * ((int64_t)1 << 32)); /* R = r 2^32 */
        if (big_cmp(mulb(mulb(rr, rr), m2), sum) >= 0)
            break;
    }
    if (r < s->best)
        s->best = r;
}

int32_t ref3m_touch_r(const fxl_laser3d *l, fxl_vec3 a, fxl_vec3 b)
{
    rm s;
    big fb[3], one = big_i64(1), zero = big_i64(0);
    int i, mask, signs;
    for (i = 0; i < 3; i++)
        s.fa[i] = fb[i] = big_i64(0);
    frame_of(l, a, s.fa);
    frame_of(l, b, fb);
    for (i = 0; i < 3; i++)
        s.d[i] = sub(fb[i], s.fa[i]);
    s.h[0] = big_i64((int64_t)l->length * ((int64_t)1 << 31));
    s.h[1] = s.h[2] = big_i64((int64_t)l->half_width * ((int64_t)1 << 32));
    s.best = REF3M_NEVER;
    candidate(&s, zero, one);
    candidate(&s, one, one);
    for (i = 0; i < 3; i++) { /* crossings: f_i(t) = +-h_i */
        int sg;
        if (s.d[i].s == 0)
            continue;
        for (sg = -1; sg <= 1; sg += 2) {
            big num = sub(sg > 0 ? s.h[i] : big_neg(s.h[i]), s.fa[i]), den = s.d[i];
            if (den.s < 0)
                num = big_neg(num), den = big_neg(den);
            candidate(&s, num, den);
        }
    }
    for (mask = 1; mask < 8; mask++) /* stationary points */
        for (signs = 0; signs < 8; signs++) {
            big num = big_i64(0), den = big_i64(0);
            if ((signs & ~mask) != 0)
                continue;
            for (i = 0; i < 3; i++)
                if (mask >> i & 1) {
                    big bi = (signs >> i & 1) ? s.h[i] : big_neg(s.h[i]);
                    num = sub(num, mulb(sub(s.fa[i], bi), s.d[i]));
                    den = big_add(den, mulb(s.d[i], s.d[i]));
                }
            if (den.s != 0)
                candidate(&s, num, den);
        }
    return s.best;
}
