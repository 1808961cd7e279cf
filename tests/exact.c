/* exact.c - exact references (exact.h), independent of src/: each shape
 * grown by the circle's or sphere's radius is written as a union of simple
 * pieces (slabs, cylinders about edges, balls about corners, a torus about
 * a rim), each a sign of an integer expression in big integers. */
#include "exact.h"
#include "bigint.h"

#include <math.h>

static uint32_t undecided;

uint32_t exact_faults(void)
{
    return undecided + big_faults();
}

static big sq(int64_t v)
{
    big b = big_i64(v);
    return big_mul(b, b);
}

/* a^2 + b^2 <= t^2 */
static bool within2(int64_t a, int64_t b, int64_t t)
{
    return big_cmp(big_add(sq(a), sq(b)), sq(t)) <= 0;
}

/* ---- axis-aligned box and circle -------------------------------------------------- */

bool exact_aabb_vs_circle(fxl_aabb b, fxl_circle c)
{
    /* The box grown by r: the box widened by r, the box heightened by r, and
     * the disks of radius r about its four corners. */
    int64_t x = c.c.x, y = c.c.y, r = c.r;
    int i;
    if (x >= (int64_t)b.lo.x - r && x <= (int64_t)b.hi.x + r && y >= b.lo.y && y <= b.hi.y)
        return true;
    if (x >= b.lo.x && x <= b.hi.x && y >= (int64_t)b.lo.y - r && y <= (int64_t)b.hi.y + r)
        return true;
    for (i = 0; i < 4; i++) {
        int64_t cx = (i & 1) ? b.hi.x : b.lo.x, cy = (i & 2) ? b.hi.y : b.lo.y;
        if (within2(x - cx, y - cy, r))
            return true;
    }
    return false;
}

/* ---- 3D lasers --------------------------------------------------------------------- */

/* The sphere centre in the laser's frame (laser3d.h), Q48, about the middle:
 * the two turns as one matrix of Q32 entries applied to the Q16 offset.
 * In the domain the offsets are below 2^28 and the entries at most 2^32,
 * so each row's sum stays below 3 * 2^60. */
static void frame3(const fxl_laser3d *l, fxl_vec3 c, int64_t f[3])
{
    const int64_t cy = fxl_cos(l->yaw), sy = fxl_sin(l->yaw);
    const int64_t cp = fxl_cos(l->pitch), sp = fxl_sin(l->pitch);
    const int64_t m[3][3] = {{cp * cy, cp * sy, -sp * 65536},
                             {-sy * 65536, cy * 65536, 0},
                             {sp * cy, sp * sy, cp * 65536}};
    const int64_t d[3] = {(int64_t)c.x - l->pos.x, (int64_t)c.y - l->pos.y,
                          (int64_t)c.z - l->pos.z};
    int i;
    for (i = 0; i < 3; i++)
        f[i] = m[i][0] * d[0] + m[i][1] * d[1] + m[i][2] * d[2];
    if (l->anchor == FXL_ANCHOR_EMITTER)
        f[0] -= (int64_t)l->length << 31; /* the middle is L along the beam */
}

/* The box |x| <= h0, |y|, |z| <= h1 grown by t, for the point p >= 0 (the
 * box is symmetric): one of three slabs (the box lengthened along one
 * axis), three cylinders about the edges next to p, or the ball about the
 * corner next to p. e = p - h. */
static bool box_grown(const int64_t e[3], int64_t t)
{
    int i;
    for (i = 0; i < 3; i++) {
        int64_t a = e[(i + 1) % 3], b = e[(i + 2) % 3];
        if (e[i] <= t && a <= 0 && b <= 0)
            return true;
        if (e[i] <= 0 && within2(a, b, t))
            return true;
    }
    return big_cmp(big_add(sq(e[0]), big_add(sq(e[1]), sq(e[2]))), sq(t)) <= 0;
}

/* The solid cylinder y^2 + z^2 <= w^2, |x| <= h grown by t: the tube
 * widened by t, the cylinder lengthened by t, or the torus of points within
 * t of the rim circle (x = h, radius w): with rho^2 = y^2 + z^2 and
 * e = |x| - h, e^2 + (rho - w)^2 <= t^2 iff A = rho^2 + w^2 + e^2 - t^2
 * <= 2 w rho, i.e. A <= 0 or A^2 <= 4 w^2 rho^2. */
static bool cylinder_grown(int64_t e, int64_t y, int64_t z, int64_t w, int64_t t)
{
    big rho2 = big_add(sq(y), sq(z)), a;
    if (e <= 0 && big_cmp(rho2, sq(w + t)) <= 0)
        return true;
    if (e <= t && big_cmp(rho2, sq(w)) <= 0)
        return true;
    a = big_add(big_add(rho2, sq(w)), big_add(sq(e), big_neg(sq(t))));
    if (a.s <= 0)
        return true;
    return big_cmp(big_mul(a, a), big_mul(big_mul(sq(w), rho2), big_i64(4))) <= 0;
}

bool exact_laser3d_vs_sphere(const fxl_laser3d *l, fxl_sphere s)
{
    int64_t f[3], e[3];
    const int64_t h = (int64_t)l->length << 31, w = (int64_t)l->half_width << 32;
    const int64_t t = (int64_t)s.r << 32; /* Q48 */
    int i;
    frame3(l, s.c, f);
    switch (l->kind) {
    case FXL_LASER3D_BOX:
        for (i = 0; i < 3; i++)
            e[i] = (f[i] < 0 ? -f[i] : f[i]) - (i == 0 ? h : w);
        return box_grown(e, t);
    case FXL_LASER3D_CYLINDER:
        return cylinder_grown((f[0] < 0 ? -f[0] : f[0]) - h, f[1], f[2], w, t);
    default: {
        /* (k / 2^16) x^2 + y^2 + z^2 <= (w + t)^2, times 2^16. */
        big lhs = big_add(big_mul(sq(f[0]), big_i64(l->egg_k)),
                          big_mul(big_add(sq(f[1]), sq(f[2])), big_i64(65536)));
        return big_cmp(lhs, big_mul(sq(w + t), big_i64(65536))) <= 0;
    }
    }
}

/* ---- atan2's nearest step -------------------------------------------------------- */

/* Fixed point with FRAC fraction bits (6 limbs): products of two values
 * below 1 fit the 12 limbs of a big. Each operation truncates (error below
 * one unit); pi, the series and the powers below stay within 2^18 units of
 * the truth, counted with margin as ERR units. */
#define FRAC 192
#define ERR_BITS 22

typedef struct cplx {
    big re, im;
} cplx;

static big fmul(big a, big b)
{
    return big_shr(big_mul(a, b), FRAC);
}

static cplx cmul(cplx a, cplx b)
{
    cplx r;
    r.re = big_add(fmul(a.re, b.re), big_neg(fmul(a.im, b.im)));
    r.im = big_add(fmul(a.re, b.im), fmul(a.im, b.re));
    return r;
}

static big one_frac(void)
{
    big v = big_i64(1);
    int i;
    for (i = 0; i < FRAC / 32; i++)
        v = big_mul(v, big_i64((int64_t)1 << 32));
    return v;
}

/* 2^FRAC atan(1/x) = sum (-1)^k / ((2k + 1) x^(2k+1)). */
static big atan_inv(uint32_t x)
{
    big p = big_div_u32(one_frac(), x), sum = big_i64(0);
    uint32_t k;
    for (k = 0; p.s != 0; k++) {
        big term = big_div_u32(p, 2 * k + 1);
        sum = big_add(sum, (k & 1) ? big_neg(term) : term);
        p = big_div_u32(p, x * x);
    }
    return sum;
}

/* e^(i pi / 4096) (half a step) and e^(i 2^b pi / 2048) (2^b steps). */
static cplx half_step, steps_pow[9];
static bool tables_ready;

static void make_tables(void)
{
    /* Machin: pi = 16 atan(1/5) - 4 atan(1/239). */
    big pi = big_add(big_mul(atan_inv(5), big_i64(16)), big_neg(big_mul(atan_inv(239), big_i64(4))));
    big theta = big_shr(pi, 12), term = theta;
    uint32_t n;
    int b;
    half_step.re = one_frac();
    half_step.im = big_i64(0);
    /* cos and sin by their series: term_n = theta^n / n!. */
    for (n = 1; term.s != 0; n++) {
        if (n > 1)
            term = big_div_u32(fmul(term, theta), n);
        switch (n & 3) {
        case 0: half_step.re = big_add(half_step.re, term); break;
        case 1: half_step.im = big_add(half_step.im, term); break;
        case 2: half_step.re = big_add(half_step.re, big_neg(term)); break;
        default: half_step.im = big_add(half_step.im, big_neg(term)); break;
        }
    }
    steps_pow[0] = cmul(half_step, half_step);
    for (b = 1; b < 9; b++)
        steps_pow[b] = cmul(steps_pow[b - 1], steps_pow[b - 1]);
    tables_ready = true;
}

/* (cos, sin) of the boundary (j + 1/2) steps, j any int. */
static cplx boundary(int j)
{
    unsigned u = (unsigned)j & 4095u;
    int q = (int)(u >> 10), r = (int)(u & 1023u), m, b;
    cplx v;
    big t;
    if (!tables_ready)
        make_tables();
    /* In the first quadrant the boundaries 512..1023 mirror 511..0 about
     * the diagonal: cos and sin swap. */
    m = r < 512 ? r : 1023 - r;
    v = half_step;
    for (b = 0; b < 9; b++)
        if ((m >> b) & 1)
            v = cmul(v, steps_pow[b]);
    if (r >= 512)
        t = v.re, v.re = v.im, v.im = t;
    /* A quarter turn: (c, s) -> (-s, c). */
    for (; q > 0; q--)
        t = v.re, v.re = big_neg(v.im), v.im = t;
    return v;
}

void exact_boundary(int j, double *c, double *s)
{
    cplx v = boundary(j);
    *c = ldexp(big_to_double(&v.re), -FRAC);
    *s = ldexp(big_to_double(&v.im), -FRAC);
}

/* Sign of cross((cos, sin) of boundary j, (x, y)): > 0 when the vector lies
 * counterclockwise of the boundary (the vector within a half turn of it).
 * *gap gets the angle between them in steps. */
static int side(int j, int64_t y, int64_t x, double *gap)
{
    cplx v = boundary(j);
    big cr = big_add(big_mul(v.re, big_i64(y)), big_neg(big_mul(v.im, big_i64(x))));
    /* Each of cos and sin is within 2^ERR_BITS units: the cross within
     * (|x| + |y|) 2^ERR_BITS. */
    big err = big_mul(big_i64((x < 0 ? -x : x) + (y < 0 ? -y : y)), big_i64((int64_t)1 << ERR_BITS));
    double len = sqrt((double)x * (double)x + (double)y * (double)y);
    *gap = fabs(ldexp(big_to_double(&cr), -FRAC)) / len * (4096.0 / 6.283185307179586);
    if (big_mag_cmp(&cr, &err) <= 0) {
        undecided++;
        return 0;
    }
    return cr.s;
}

int exact_atan2(int64_t y, int64_t x, double *gap)
{
    /* libm's estimate is within 1e-12 step: the nearest step is n or a
     * neighbour, settled by the boundaries n - 1/2 and n + 1/2. */
    int n = (int)floor(atan2((double)y, (double)x) * (4096.0 / 6.283185307179586) + 0.5);
    double g0, g1;
    int below = side(n - 1, y, x, &g0), above = side(n, y, x, &g1);
    *gap = g0 < g1 ? g0 : g1;
    if (below < 0)
        n--;
    else if (above > 0)
        n++;
    return n & 4095;
}
