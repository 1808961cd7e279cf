/* cast.c - lasers stopped by walls: the centre line's first wall (shared
 * with the bounces) and fxl_laser_cast.
 *
 * For a wall a -> b (w = b - a) and a ray p + u d / 65536, with r = a - p:
 *     D = d x w                 (< 0: the ray heads behind the wall)
 *     N = r x w                 (the side value of p: <= 0 in front)
 *     T = r x d
 * The ray's line meets the wall's line at u* = 65536 N / D, at the wall's
 * parameter t = T / D; it meets the closed segment at u* >= 0 iff D != 0,
 * N / D >= 0 and 0 <= T / D <= 1. With coordinates within +-2^30, |r|, |w|
 * < 2^31 and |d| < 2^30 (a ray's direction, or a segment's difference
 * in the bounces' checks): N < 2^63 (the products are below 2^62), D and T
 * below 2^62. Two candidates compare by cross-multiplying 64-bit values
 * (128-bit products); the clipped length is one division at the end. */
#include "cast_parts.h"

#include "angle_table.h"
#include "hitbox.h"

static uint32_t coarse(int32_t v)
{
    return fxl__coarse((uint32_t)v);
}

static int32_t clamp32(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v;
}

FXL_ARM_CODE int fxl__side_of(const fxl_wall_prep *w, fxl_vec2 q)
{
    return fxl__side_sign(w, q);
}

/* A wall whose line runs through the ray's start (N = 0), met there (D
 * eligible, 0 <= t <= 1): whether it stops the ray at u = 0. After a
 * bounce, never the walls on the line of the wall just left (the beam
 * goes back to the side it came from). Else by the side the beam comes
 * from: that of the latest leg start away from this one, or in front when
 * there is none or it lies on the line (a point on the line counts as in
 * front, wall.h): a one-sided wall stops it from its front, a two-sided
 * one when it heads to the other side (the ray heads to the side of sign
 * -D). */
FXL_ARM_CODE static bool start_stops(const fxl__rules *rules, const fxl_wall_prep *w, int64_t D,
                                     bool two_sided)
{
    int came = rules->has_ref ? fxl__side_sign(w, rules->ref) : 0;
    if (rules->on_line &&
        fxl__wsub64((int64_t)w->ex * rules->sy, (int64_t)w->ey * rules->sx) == 0)
        return false;
    came = came != 0 ? came : -1;
    return two_sided ? (D > 0 ? 1 : -1) == came : came < 0;
}

/* A search: the best wall so far, its u*, and the packed box left. */
typedef struct search {
    long best;
    fxl__frac u;
    uint32_t m_hi, m_lo;
} search;

/* The ray's meeting point with the best wall lies in that wall's box: the
 * search's packed box shrinks to the box of the start and the wall's box
 * (grown by the reach), within the old one. */
static void shrink(const fxl__ray *r, const fxl_wall_prep *w, search *s)
{
    int64_t k = r->reach;
    uint32_t lx = coarse(clamp32(fxl__min64(r->p.x, w->box.lo.x) - k));
    uint32_t ly = coarse(clamp32(fxl__min64(r->p.y, w->box.lo.y) - k));
    uint32_t hx = coarse(clamp32(fxl__max64(r->p.x, w->box.hi.x) + k));
    uint32_t hy = coarse(clamp32(fxl__max64(r->p.y, w->box.hi.y) + k));
    uint32_t m_hi = (hx << 16 | hy) + 0x00010001u, m_lo = (lx << 16 | ly) | 0x80008000u;
    uint32_t oh = s->m_hi, ol = s->m_lo;
    /* Halfwise min of the highs, max of the lows (no carries between). */
    s->m_hi = (((m_hi >> 16) < (oh >> 16) ? m_hi : oh) & 0xFFFF0000u) |
              (((m_hi & 0xFFFFu) < (oh & 0xFFFFu) ? m_hi : oh) & 0xFFFFu);
    s->m_lo = (((m_lo >> 16) > (ol >> 16) ? m_lo : ol) & 0xFFFF0000u) |
              (((m_lo & 0xFFFFu) > (ol & 0xFFFFu) ? m_lo : ol) & 0xFFFFu);
}

/* A wall whose packed box meets the ray's: three pairs of 64-bit
 * products, then the 128-bit comparison with the best so far (initially
 * the length, as 65536 len / 65536): u* <= len for the first, then
 * strictly earlier (a tie keeps the lower index); the box shrinks when
 * `shrinking`. ARM code on the GBA (one call per wall the packed test
 * passes). */
FXL__ALWAYS_INLINE void consider(const fxl__ray *r, const fxl_wall_prep *w, size_t i,
                                 const fxl__rules *rules, search *s, unsigned mode)
{
    /* r = a - p on 32 bits (exact within the domain, else wrapping): the
     * products are 32x32 -> 64 (single instructions in ARM code), N < 2^63. */
    int32_t rx = fxl__u2i32((uint32_t)w->a.x - (uint32_t)r->p.x);
    int32_t ry = fxl__u2i32((uint32_t)w->a.y - (uint32_t)r->p.y);
    int64_t D = (int64_t)r->dx * w->ey - (int64_t)r->dy * w->ex, N, T;
    bool two_sided = (mode & 1u) != 0;
    fxl__u128 lhs, rhs;
    if (two_sided ? D == 0 : D >= 0)
        return; /* parallel, or (one-sided) heading to the front */
    T = (int64_t)rx * r->dy - (int64_t)ry * r->dx;
    if (D < 0 ? (T > 0 || T < D) : (T < 0 || T > D))
        return; /* beside the wall's ends */
    N = (int64_t)rx * w->ey - (int64_t)ry * w->ex;
    if (D < 0 ? N > 0 : N < 0)
        return; /* behind the start */
    if ((long)i == rules->skip || (N == 0 && !start_stops(rules, w, D, two_sided)))
        return;
    lhs = fxl__mul64(fxl__abs64(N), s->u.den);
    rhs = fxl__mul64(s->u.num, fxl__abs64(D));
    if (s->best < 0 ? fxl__le128(lhs, rhs) : !fxl__le128(rhs, lhs)) {
        s->best = (long)i;
        s->u.num = fxl__abs64(N);
        s->u.den = fxl__abs64(D);
        if ((mode & 2u) != 0)
            shrink(r, w, s);
    }
}

/* Whether the wall's packed box may meet the ray's. */
FXL__ALWAYS_INLINE bool coarse_near(const fxl_wall_prep *w, uint32_t m_hi, uint32_t m_lo)
{
    return (((w->coarse_lo - m_hi) | (m_lo - w->coarse_hi)) & 0x80008000u) == 0;
}

/* The first wall from i on whose packed box may meet (m_hi, m_lo), or n:
 * four a round. Thumb code on the GBA (32-bit work only, where Thumb's
 * 16-bit instructions fetch twice as fast from ROM). */
FXL__ALWAYS_INLINE size_t next_near(const fxl_wall_prep *walls, size_t i, size_t n, uint32_t m_hi,
                                     uint32_t m_lo)
{
    for (; i + 4 <= n; i += 4) {
        if (coarse_near(&walls[i], m_hi, m_lo))
            return i;
        if (coarse_near(&walls[i + 1], m_hi, m_lo))
            return i + 1;
        if (coarse_near(&walls[i + 2], m_hi, m_lo))
            return i + 2;
        if (coarse_near(&walls[i + 3], m_hi, m_lo))
            return i + 3;
    }
    for (; i < n; i++)
        if (coarse_near(&walls[i], m_hi, m_lo))
            return i;
    return n;
}

static void search_start(const fxl__ray *r, search *s)
{
    s->best = -1;
    s->u.num = (uint64_t)r->len;
    s->u.den = 65536u;
    s->m_hi = r->m_hi;
    s->m_lo = r->m_lo;
}

/* Walls whose packed boxes miss the ray's (shrunk to the best so far)
 * cost one packed test each. */
FXL__ALWAYS_INLINE long first_wall(const fxl__ray *r, const fxl_wall_prep *walls, size_t n,
                                   bool two_sided, const fxl__rules *rules, fxl__frac *u,
                                   fxl__near *near)
{
    search s;
    size_t i;
    search_start(r, &s);
    for (i = next_near(walls, 0, n, s.m_hi, s.m_lo); i < n;
         i = next_near(walls, i + 1, n, s.m_hi, s.m_lo)) {
        if (near != NULL) {
            if (near->count < FXL__NEAR_MAX)
                near->idx[near->count] = i;
            near->count++;
        }
        consider(r, &walls[i], i, rules, &s, two_sided ? 3u : 2u);
    }
    *u = s.u;
    return s.best;
}

FXL_ARM_CODE long fxl__first_wall(const fxl__ray *r, const fxl_wall_prep *walls, size_t n,
                                  bool two_sided, const fxl__rules *rules, fxl__frac *u,
                                  fxl__near *near)
{
    return first_wall(r, walls, n, two_sided, rules, u, near);
}

FXL_ARM_CODE long fxl__first_wall_of(const fxl__ray *r, const fxl_wall_prep *walls,
                                     const fxl__near *near, bool two_sided,
                                     const fxl__rules *rules, fxl__frac *u)
{
    search s;
    size_t k;
    search_start(r, &s);
    for (k = 0; k < near->count; k++) {
        size_t i = near->idx[k];
        if (coarse_near(&walls[i], s.m_hi, s.m_lo))
            consider(r, &walls[i], i, rules, &s, two_sided ? 1u : 0u);
    }
    *u = s.u;
    return s.best;
}

FXL_ARM_CODE int32_t fxl__frac_floor(fxl__frac u, fxl__recip *rc)
{
    fxl__u128 n;
    n.hi = u.num >> 48;
    n.lo = u.num << 16;
    fxl__recip_init(rc, u.den);
    return (int32_t)fxl__recip_div(rc, n, NULL);
}

/* The point emitter + L c / 65536 on one axis, rounded to nearest
 * (halves up), in 32-bit products: L = h 65536 + l with l c < 2^32. */
static int32_t along(int32_t p, int32_t L, int32_t c)
{
    uint32_t m = fxl__abs32(c), l = (uint32_t)L & 0xFFFFu, h = (uint32_t)L >> 16;
    uint32_t v = h * m + ((l * m + (c < 0 ? 0x7FFFu : 0x8000u)) >> 16);
    return c < 0 ? p - (int32_t)v : p + (int32_t)v;
}

/* Thumb code on the GBA (32-bit work), but for the search and the
 * division (ARM code, one call each). */
fxl_result fxl_laser_cast(const fxl_laser *laser, const fxl_wall_prep *walls,
                                       size_t n, unsigned flags, fxl_cast *out,
                                       fxl_laser *clipped)
{
    fxl__ray ray;
    fxl__rules rules;
    fxl__frac u;
    fxl__recip rc;
    bool two = (flags & FXL_CAST_TWO_SIDED) != 0;
    long wall;
    int32_t len, c, s;
    if (laser == NULL || out == NULL || (walls == NULL && n != 0))
        return FXL_ERR_NULL;
    if (FXL__UNLIKELY(!fxl__laser_fast_ok(laser))) {
        fxl_result res = fxl__laser_check(laser);
        if (res != FXL_OK)
            return res;
    }
    if (laser->anchor != FXL_ANCHOR_ORIGIN)
        return FXL_ERR_ANCHOR;
    fxl__sincos(laser->angle, &c, &s);
    if ((flags & FXL_CAST_WIDTH) != 0) {
        /* The width reaches |d| / 65536 < 1 + 2^-15 times the half-width
         * from the centre line. */
        fxl__ray_init(&ray, laser->pos, c, s, laser->length,
                      laser->half_width + (laser->half_width >> 15) + 2);
        wall = fxl__cast_width(&ray, laser->kind, laser->half_width, walls, n, two, &len);
    } else {
        fxl__ray_init(&ray, laser->pos, c, s, laser->length, 0);
        rules.has_ref = false;
        rules.on_line = false;
        rules.skip = -1;
        rules.sx = rules.sy = 0;
        rules.ref = laser->pos;
        wall = fxl__first_wall(&ray, walls, n, two, &rules, &u, NULL);
        len = wall < 0 ? laser->length : fxl__frac_floor(u, &rc);
    }
    out->length = len;
    out->wall = (int32_t)wall;
    out->point.x = along(laser->pos.x, len, c);
    out->point.y = along(laser->pos.y, len, s);
    if (clipped != NULL) {
        *clipped = *laser;
        clipped->length = len;
    }
    return FXL_OK;
}
