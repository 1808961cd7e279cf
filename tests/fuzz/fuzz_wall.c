/* fuzz_wall.c - libFuzzer harness of wall.h. A closed convex room built
 * from the input (the hull of up to 12 points, small or domain-sized,
 * listed so that its fronts face inwards), a point mover and a circle
 * mover taken through up to 16 moves each, plus arbitrary walls and
 * points (any int32). Invariants:
 *   - fxl_wall_prepare refuses exactly coordinates beyond FXL_COORD_MAX
 *     and coinciding ends; fxl_walls_inflate refuses a bad radius, a short
 *     array, a bad wall, and (only near the domain's edge) an inflated
 *     point outside it;
 *   - fxl_wall_side is the sign of the exact cross product;
 *     fxl_wall_crosses is the exact one-sided crossing; fxl_wall_meet is
 *     within one raw unit of the exact meeting point and never strictly
 *     behind; fxl_wall_slide moves along the wall within one raw unit, and
 *     never further behind than it started;
 *   - a point mover starting inside the room is inside after every move;
 *     a circle mover starting clear of every wall stays at least its
 *     radius from every wall (exact squared distances);
 *   - contacts <= FXL_MOVE_PASSES, stopped only when they ran out; no
 *     contact means the mover got to its target and crossed no wall;
 *     touched names between 1 and `contacts` walls when there were
 *     contacts, none otherwise; the same move without `touched` ends at
 *     the same place;
 *   - movers, walls and points anywhere in int32: no undefined behaviour;
 *     so with hand-made preps, every field any value, and every call
 *     returns (libFuzzer's -timeout). */
#include "fuzz.h"

#define NP 12
#define NW 16
#define NM 16

/* (b - a) x (p - a), exactly. */
static fz_i128 cross(fxl_vec2 a, fxl_vec2 b, fxl_vec2 p)
{
    return ((fz_i128)b.x - a.x) * ((fz_i128)p.y - a.y) - ((fz_i128)b.y - a.y) * ((fz_i128)p.x - a.x);
}

static int sign(fz_i128 v)
{
    return v < 0 ? -1 : v > 0 ? 1 : 0;
}

static bool in_domain(fxl_vec2 p)
{
    return fz_coord_ok(p.x) && fz_coord_ok(p.y);
}

static int64_t abs_max(fxl_vec2 p)
{
    int64_t x = p.x < 0 ? -(int64_t)p.x : p.x, y = p.y < 0 ? -(int64_t)p.y : p.y;
    return x > y ? x : y;
}

/* Squared distance from p to the segment a-b (a != b) compared with r^2:
 * true iff the distance is at least r. */
static bool clear_of(fxl_vec2 a, fxl_vec2 b, fxl_vec2 p, int64_t r)
{
    fz_i128 ex = (fz_i128)b.x - a.x, ey = (fz_i128)b.y - a.y;
    fz_i128 px = (fz_i128)p.x - a.x, py = (fz_i128)p.y - a.y;
    fz_i128 dot = ex * px + ey * py, len2 = ex * ex + ey * ey, cr = ex * py - ey * px;
    fz_i128 r2 = (fz_i128)r * r;
    if (dot <= 0)
        return px * px + py * py >= r2;
    if (dot >= len2) {
        fz_i128 qx = (fz_i128)p.x - b.x, qy = (fz_i128)p.y - b.y;
        return qx * qx + qy * qy >= r2;
    }
    return (fz_u128)(cr * cr) >= (fz_u128)r2 * (fz_u128)len2;
}

/* The single-wall predicates against exact references. */
static void check_wall_ops(const fxl_wall *w, const fxl_wall_prep *p, fxl_vec2 from, fxl_vec2 to)
{
    fz_i128 d0 = cross(w->a, w->b, from), d1 = cross(w->a, w->b, to);
    bool crosses = fxl_wall_crosses(p, from, to), want;
    fxl_vec2 m = fxl_wall_meet(p, from, to), s = fxl_wall_slide(p, from, to);

    if (!in_domain(from) || !in_domain(to))
        return; /* ran free of undefined behaviour; no meaning */
    FZ_CHECK(fxl_wall_side(p, from) == sign(d0));
    FZ_CHECK(fxl_wall_side(p, to) == sign(d1));
    want = d0 <= 0 && d1 > 0 && sign(cross(from, to, w->a)) * sign(cross(from, to, w->b)) <= 0;
    FZ_CHECK(crosses == want);
    if (crosses) {
        /* X = from + (to - from) (-d0) / (d1 - d0): |m den - X den| < den per axis */
        fz_i128 num = -d0, den = d1 - d0;
        fz_i128 ex = (fz_i128)m.x * den - ((fz_i128)from.x * den + ((fz_i128)to.x - from.x) * num);
        fz_i128 ey = (fz_i128)m.y * den - ((fz_i128)from.y * den + ((fz_i128)to.y - from.y) * num);
        FZ_CHECK(cross(w->a, w->b, m) <= 0);
        FZ_CHECK((ex < 0 ? -ex : ex) < den && (ey < 0 ? -ey : ey) < den);
    }
    if (d0 <= 0) {
        /* s = from + e ((to - from) . e) / |e|^2, rounded towards the front */
        fz_i128 ex = (fz_i128)w->b.x - w->a.x, ey = (fz_i128)w->b.y - w->a.y, len2 = ex * ex + ey * ey;
        fz_i128 dot = ex * ((fz_i128)to.x - from.x) + ey * ((fz_i128)to.y - from.y);
        fz_i128 gx = ((fz_i128)s.x - from.x) * len2 - ex * dot, gy = ((fz_i128)s.y - from.y) * len2 - ey * dot;
        FZ_CHECK(in_domain(s));
        FZ_CHECK(cross(w->a, w->b, s) <= d0);
        if (s.x != from.x || s.y != from.y)
            FZ_CHECK((gx < 0 ? -gx : gx) < len2 && (gy < 0 ? -gy : gy) < len2);
    }
}

static fxl_vec2 fz_point(fz *f)
{
    fxl_vec2 p;
    p.x = fz_coord(f);
    p.y = fz_coord(f);
    return p;
}

/* Arbitrary walls and points: prepare's domain, the single-wall checks,
 * and moves through the walls with any int32 movers. */
/* Preps no prepare call wrote: every field any value (wall.h: a
 * meaningless answer, no undefined behaviour, every call returns; a slide
 * used to divide forever with len2 = 0 or far below ex^2 + ey^2). The
 * moves keep their contact bound. */
static void hand_made(fz *f)
{
    static fxl_wall_prep parts[2 * FXL_WALL_PARTS];
    size_t i, n = 1 + fz_below(f, 2);
    fxl_move m;
    for (i = 0; i < n * FXL_WALL_PARTS; i++) {
        fxl_wall_prep *w = &parts[i];
        w->coarse_lo = fz_u32(f);
        w->coarse_hi = fz_u32(f);
        w->a = fz_point(f);
        w->ex = (int32_t)fz_u32(f);
        w->ey = (int32_t)fz_u32(f);
        w->len2 = fz_flag(f) ? (uint64_t)fz_u32(f) : (uint64_t)fz_u32(f) << 32 | fz_u32(f);
        w->box.lo = fz_point(f);
        w->box.hi = fz_point(f);
        if (i >= 3)
            continue;
        {
            fxl_vec2 from = fz_point(f), to = fz_point(f);
            (void)fxl_wall_side(w, from);
            (void)fxl_wall_crosses(w, from, to);
            (void)fxl_wall_meet(w, from, to);
            (void)fxl_wall_slide(w, from, to);
        }
    }
    m = fxl_move_point(parts, n * FXL_WALL_PARTS, fz_point(f), fz_point(f), NULL);
    FZ_CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
    m = fxl_move_circle(parts, n, fz_point(f), fz_point(f), NULL);
    FZ_CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
}

static void arbitrary(fz *f)
{
    fxl_wall walls[4];
    fxl_wall_prep preps[4];
    size_t n = 0, i, k = 1 + fz_below(f, 4);
    for (i = 0; i < k; i++) {
        fxl_wall w;
        fxl_wall_prep p;
        fz_codes want = 0;
        fxl_result res;
        w.a = fz_point(f);
        w.b = fz_flag(f) ? fxl_vec2_make(fz_wrap((int64_t)w.a.x + (int8_t)fz_u8(f)), fz_wrap((int64_t)w.a.y + (int8_t)fz_u8(f)))
                         : fz_point(f);
        if (!in_domain(w.a) || !in_domain(w.b))
            want |= FZ_CODE(FXL_ERR_COORD_RANGE);
        if (w.a.x == w.b.x && w.a.y == w.b.y)
            want |= FZ_CODE(FXL_ERR_WALL_ZERO);
        res = fxl_wall_prepare(&w, &p);
        fz_check_result(res, want);
        if (res == FXL_OK) {
            walls[n] = w;
            preps[n++] = p;
        }
    }
    for (i = 0; i < 4; i++) {
        fxl_vec2 from = fz_point(f), to = fz_point(f);
        uint32_t touched = 0;
        size_t j;
        for (j = 0; j < n; j++)
            check_wall_ops(&walls[j], &preps[j], from, to);
        (void)fxl_move_point(preps, n, from, to, &touched);
        (void)fxl_move_point(preps, n, from, to, NULL);
    }
    if (fz_flag(f))
        hand_made(f);
}

/* The hull of pts (monotone chain), listed so that its fronts face
 * inwards (shoelace sum negative); 0 when it has no area. */
static size_t hull(fxl_vec2 *pts, size_t n, fxl_vec2 *out)
{
    size_t i, j, k = 0, lower;
    for (i = 1; i < n; i++) /* insertion sort by x, then y */
        for (j = i; j > 0 && (pts[j].x < pts[j - 1].x || (pts[j].x == pts[j - 1].x && pts[j].y < pts[j - 1].y)); j--) {
            fxl_vec2 t = pts[j];
            pts[j] = pts[j - 1];
            pts[j - 1] = t;
        }
    for (i = 0; i < n; i++) { /* lower hull, turning left (math axes) */
        while (k >= 2 && cross(out[k - 2], out[k - 1], pts[i]) <= 0)
            k--;
        out[k++] = pts[i];
    }
    for (i = n - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(out[k - 2], out[k - 1], pts[i]) <= 0)
            k--;
        out[k++] = pts[i];
    }
    k--; /* the first point again */
    if (k < 3)
        return 0;
    for (i = 0; i < k / 2; i++) { /* reverse: interior on the negative side */
        fxl_vec2 t = out[i];
        out[i] = out[k - 1 - i];
        out[k - 1 - i] = t;
    }
    return k;
}

static bool inside(const fxl_wall *walls, size_t n, fxl_vec2 p)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (cross(walls[i].a, walls[i].b, p) > 0)
            return false;
    return true;
}

/* A move target: anywhere in the domain, near a wall, or a step away. */
static fxl_vec2 fz_target(fz *f, const fxl_wall *walls, size_t n, fxl_vec2 pos)
{
    uint32_t mode = fz_below(f, 3);
    fxl_vec2 t;
    if (mode == 0) {
        t = fz_point(f);
    } else if (mode == 1) {
        const fxl_wall *w = &walls[fz_below(f, (uint32_t)n)];
        int64_t k = fz_u8(f);
        t.x = fz_wrap(w->a.x + ((int64_t)w->b.x - w->a.x) * k / 255 + (int8_t)fz_u8(f) * 64);
        t.y = fz_wrap(w->a.y + ((int64_t)w->b.y - w->a.y) * k / 255 + (int8_t)fz_u8(f) * 64);
    } else {
        t.x = fz_wrap((int64_t)pos.x + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64);
        t.y = fz_wrap((int64_t)pos.y + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64);
    }
    return t;
}

/* The result of one move: contacts, stops, touched bits, no-touched form. */
static void check_move(fxl_move m, fxl_move m2, uint32_t touched, const fxl_wall_prep *preps, size_t n,
                       fxl_vec2 from, fxl_vec2 to, bool points)
{
    size_t i, bits = 0;
    for (i = 0; i < 32; i++)
        bits += (touched >> i) & 1u;
    FZ_CHECK(m.pos.x == m2.pos.x && m.pos.y == m2.pos.y && m.contacts == m2.contacts && m.stopped == m2.stopped);
    FZ_CHECK(m.contacts >= 0 && m.contacts <= FXL_MOVE_PASSES);
    FZ_CHECK(!m.stopped || m.contacts == FXL_MOVE_PASSES);
    FZ_CHECK(in_domain(m.pos));
    FZ_CHECK(n >= 32 || (touched >> n) == 0);
    if (m.contacts == 0) {
        FZ_CHECK(m.pos.x == to.x && m.pos.y == to.y && bits == 0);
        for (i = 0; points && i < n; i++)
            FZ_CHECK(!fxl_wall_crosses(&preps[i], from, to));
    } else {
        FZ_CHECK(bits >= 1 && bits <= (size_t)m.contacts);
    }
}

/* The room: a point mover and a circle mover through a chain of moves. */
static void room(fz *f)
{
    fxl_vec2 pts[NP], corners[NP + 1], pos;
    fxl_wall walls[NP];
    fxl_wall_prep preps[NP], inflated[NP * FXL_WALL_PARTS];
    size_t np = 3 + fz_below(f, NP - 2), n, i, k;
    fxl_vec2 centre = fz_point(f);
    int64_t unit = (int64_t)1 << (4 + fz_below(f, 20)), sx = 0, sy = 0;
    fix16_t r;
    fxl_result res;
    bool near_edge = false;

    for (i = 0; i < np; i++) {
        pts[i].x = fz_wrap(centre.x + (int8_t)fz_u8(f) * unit);
        pts[i].y = fz_wrap(centre.y + (int8_t)fz_u8(f) * unit);
        if (!in_domain(pts[i]))
            return;
    }
    n = hull(pts, np, corners);
    if (n == 0)
        return;
    for (i = 0; i < n; i++) {
        walls[i].a = corners[i];
        walls[i].b = corners[(i + 1) % n];
        FZ_CHECK(fxl_wall_prepare(&walls[i], &preps[i]) == FXL_OK);
        sx += corners[i].x;
        sy += corners[i].y;
    }
    /* the point mover, from a given point or the corners' mean */
    pos = fz_point(f);
    if (!inside(walls, n, pos))
        pos = fxl_vec2_make((fix16_t)(sx / (int64_t)n), (fix16_t)(sy / (int64_t)n));
    if (inside(walls, n, pos)) {
        for (k = fz_below(f, NM + 1); k > 0; k--) {
            fxl_vec2 to = fz_target(f, walls, n, pos);
            uint32_t touched = 0xFFFFFFFFu;
            fxl_move m, m2;
            if (!in_domain(to)) {
                (void)fxl_move_point(preps, n, pos, to, &touched); /* defined, meaningless */
                continue;
            }
            m = fxl_move_point(preps, n, pos, to, &touched);
            m2 = fxl_move_point(preps, n, pos, to, NULL);
            check_move(m, m2, touched, preps, n, pos, to, true);
            FZ_CHECK(inside(walls, n, m.pos));
            pos = m.pos;
        }
    }

    /* the circle mover */
    r = fz_flag(f) ? (fix16_t)(fz_u8(f) * (unit / 8)) : fz_size(f);
    for (i = 0; i < n; i++)
        near_edge = near_edge || !fz_coord_ok(abs_max(corners[i]) + (int64_t)r + r / 8 + 256);
    if (fz_flag(f)) {
        size_t cap = n * FXL_WALL_PARTS - 1;
        FZ_CHECK(fxl_walls_inflate(walls, n, r, inflated, cap) ==
                 (r < 0 ? FXL_ERR_RADIUS_NEGATIVE : r > FXL_SIZE_MAX ? FXL_ERR_RADIUS_RANGE : FXL_ERR_CAPACITY));
    }
    res = fxl_walls_inflate(walls, n, r, inflated, n * FXL_WALL_PARTS);
    if (r < 0 || r > FXL_SIZE_MAX) {
        FZ_CHECK(res == (r < 0 ? FXL_ERR_RADIUS_NEGATIVE : FXL_ERR_RADIUS_RANGE));
        return;
    }
    FZ_CHECK(res == FXL_OK || (res == FXL_ERR_COORD_RANGE && near_edge));
    if (res != FXL_OK)
        return;
    pos = fz_point(f);
    if (!inside(walls, n, pos))
        pos = fxl_vec2_make((fix16_t)(sx / (int64_t)n), (fix16_t)(sy / (int64_t)n));
    /* clear of every inflated part: beyond (r + r/16384 + 6) 1.0355 + 1 of every wall */
    for (i = 0; i < n; i++)
        if (!inside(walls, n, pos) || !clear_of(walls[i].a, walls[i].b, pos, (int64_t)r + r / 16 + 64))
            return;
    for (k = fz_below(f, NM + 1); k > 0; k--) {
        fxl_vec2 to = fz_target(f, walls, n, pos);
        uint32_t touched = 0xFFFFFFFFu;
        fxl_move m, m2;
        if (!in_domain(to)) {
            (void)fxl_move_circle(inflated, n, pos, to, &touched);
            continue;
        }
        m = fxl_move_circle(inflated, n, pos, to, &touched);
        m2 = fxl_move_circle(inflated, n, pos, to, NULL);
        check_move(m, m2, touched, inflated, n, pos, to, false);
        for (i = 0; i < n; i++)
            FZ_CHECK(clear_of(walls[i].a, walls[i].b, m.pos, r));
        pos = m.pos;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_wall w;
    fxl_wall_prep p;
    f = fz_start(data, size);
    w.a = fxl_vec2_make(0, 0);
    w.b = fxl_vec2_make(1, 0);
    FZ_CHECK(fxl_wall_prepare(NULL, &p) == FXL_ERR_NULL && fxl_wall_prepare(&w, NULL) == FXL_ERR_NULL);
    if (fz_flag(&f))
        arbitrary(&f);
    else
        room(&f);
    return 0;
}
