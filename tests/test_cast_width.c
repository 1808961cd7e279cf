/* test_cast_width.c - the width casts' filters (cast_width.c,
 * cast_capsule.c) against the exact reference of ref_cast.c, with the
 * cases concentrated in the bands the filters leave to the exact stages:
 * line_floor (the capsule's floor when its round end first touches the
 * wall's line between the ends) on walls tangent to the round end at a
 * whole or nearly whole u (3-4-5 normals, exact in an axis frame), the
 * touching point on a wall end, a step inside or outside it, and a raw
 * unit off either way. */
#include "harness.h"
#include "ref_cast.h"

#include "bigint.h"
#include "../src/cast_width.h" /* fxl__line_floor_count */

#ifndef FXL_TEST_HOOKS
#error "the suite is built with -DFXL_TEST_HOOKS (the core's test hooks)"
#endif

#define PX(v) ((fix16_t)((v) * 65536))

static int64_t clamp_c(int64_t v)
{
    return v > FXL_COORD_MAX ? FXL_COORD_MAX : v < -FXL_COORD_MAX ? -FXL_COORD_MAX : v;
}

/* The frame point (u, v) in world units: e + (u d + v d') / 65536,
 * rounded to nearest (exact for the axis directions). */
static fxl_vec2 frame_pt(fxl_vec2 e, int64_t c, int64_t s, int64_t u, int64_t v)
{
    int64_t x = u * c - v * s, y = u * s + v * c;
    return fxl_vec2_make((fix16_t)clamp_c(e.x + ((x + 32768) >> 16)),
                         (fix16_t)clamp_c(e.y + ((y + 32768) >> 16)));
}

/* Steps of a wall end from the touching point: on it, one or two steps
 * (5 raw units each), or far. */
static int64_t steps(fxlt_rng *rng)
{
    switch (fxlt_below(rng, 5)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return fxlt_range(rng, -1, 2);
    default: return fxlt_range(rng, 1, 1 << fxlt_below(rng, 20));
    }
}

static int64_t jit(fxlt_rng *rng)
{
    return fxlt_below(rng, 2) == 0 ? 0 : fxlt_range(rng, -2, 2);
}

/* One wall tangent (or nearly) to the capsule's round end at length L:
 * the touching point T = (L, 0) + n, n = t (3, +-4) or t (4, +-3) in the
 * frame (|n| = w = 5 t), the wall along n's normal from T - sa tau to T +
 * sb tau; the cast against the reference's predicates. */
/* wide: the same at up to 8,000 px (emitter), 4,000 px (length) and 2,000 px
 * half-widths, walls up to 2^22 raw units a side of the touch, so that
 * line_floor's 64-bit tests (line_k64) meet their limits (|N| < 2^48, w
 * (r + dr) < 2^64, k |D| < 2^64) and hand over to the 128-bit ones. */
/* axis: the wall horizontal or vertical (line_floor's root from sqrt(q)
 * alone), at w from E_L = e + L d / 65536 (rounded) on the side the beam
 * heads to, give or take 2 raw units, its ends a few steps either side of
 * the foot, at any angle. */
static void line_floor_run(const char *tag, bool wide, bool axis)
{
    fxlt_rng rng = fxlt_rng_for(tag);
    uint32_t i, n = wide ? FXLT_CASES(50000) : FXLT_CASES(100000), bad = 0, hits = 0, whole = 0;
    uint32_t before0 = fxl__line_floor_count[0], before1 = fxl__line_floor_count[1],
             before2 = fxl__line_floor_count[2], before3 = fxl__line_floor_count[3],
             before4 = fxl__line_floor_count[4], before5 = fxl__line_floor_count[5];
    int32_t span = wide ? PX(8000) : PX(1000), far = wide ? PX(4000) : PX(300),
            wmax = wide ? PX(2000) : PX(8);
    for (i = 0; i < n; i++) {
        static const fxl_angle axes[4] = {0, 1024, 2048, 3072};
        fxl_angle a = fxlt_below(&rng, 4) != 0 ? axes[fxlt_below(&rng, 4)]
                                               : (fxl_angle)fxlt_below(&rng, 4096);
        int64_t c = fxl_cos(a), s = fxl_sin(a), t, L, nu, nv, tu, tv, sa, sb;
        int32_t len = fxlt_range(&rng, 2, fxlt_below(&rng, 2) == 0 ? far : PX(20));
        fxl_vec2 e = fxl_vec2_make(fxlt_range(&rng, -span, span), fxlt_range(&rng, -span, span));
        fxl_wall w;
        fxl_wall_prep p;
        fxl_laser l;
        fxl_cast out;
        bool two = fxlt_below(&rng, 2) == 0, ok;
        unsigned m = fxlt_below(&rng, 4);
        t = fxlt_below(&rng, 2) == 0 ? fxlt_range(&rng, 1, 40) : fxlt_range(&rng, 1, wmax / 5);
        L = fxlt_range(&rng, 1, len - 1);
        nu = (m < 2 ? 3 : 4) * t;
        nv = (m < 2 ? 4 : 3) * t * ((m & 1) != 0 ? -1 : 1);
        tu = -nv / t; /* the wall's direction: n turned a quarter, 5 raw units */
        tv = nu / t;
        sa = steps(&rng);
        sb = steps(&rng);
        {
            int64_t Tu = L + nu + jit(&rng), Tv = nv + jit(&rng);
            w.a = frame_pt(e, c, s, Tu - sa * tu, Tv - sa * tv);
            w.b = frame_pt(e, c, s, Tu + sb * tu, Tv + sb * tv);
        }
        if (axis) {
            int64_t fx = e.x + ((L * c + 32768) >> 16), fy = e.y + ((L * s + 32768) >> 16);
            int64_t hw = 5 * t;
            if ((m & 1) != 0) { /* horizontal: y = fy +- hw */
                int64_t y = fy + (s >= 0 ? hw : -hw) + jit(&rng);
                w.a = fxl_vec2_make((fix16_t)clamp_c(fx - 5 * sa), (fix16_t)clamp_c(y));
                w.b = fxl_vec2_make((fix16_t)clamp_c(fx + 5 * sb), (fix16_t)clamp_c(y));
            } else {
                int64_t x = fx + (c >= 0 ? hw : -hw) + jit(&rng);
                w.a = fxl_vec2_make((fix16_t)clamp_c(x), (fix16_t)clamp_c(fy - 5 * sa));
                w.b = fxl_vec2_make((fix16_t)clamp_c(x), (fix16_t)clamp_c(fy + 5 * sb));
            }
        }
        if (fxlt_below(&rng, 2) == 0) {
            fxl_vec2 q = w.a;
            w.a = w.b;
            w.b = q;
        }
        if (fxl_wall_prepare(&w, &p) != FXL_OK)
            continue;
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, e, a, len, (fix16_t)(5 * t));
        CHECK_EQ(fxl_laser_cast(&l, &p, 1, FXL_CAST_WIDTH | (two ? FXL_CAST_TWO_SIDED : 0u), &out,
                                NULL),
                 FXL_OK);
        if (!ref_eligible((int32_t)c, (int32_t)s, w, two, ref_came(e, w, -1)) ||
            !ref_capsule_meets(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, len)) {
            ok = out.wall == -1 && out.length == len;
        } else {
            ok = out.wall == 0 &&
                 ref_capsule_before(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, out.length) &&
                 (out.length == len ||
                  !ref_capsule_before(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w,
                                      (int64_t)out.length + 1));
            hits += ok;
            whole += ok && out.length > 0 &&
                     ref_capsule_meets(e, (int32_t)c, (int32_t)s, (int32_t)(5 * t), w, out.length);
        }
        if (!ok) {
            if (bad < 3)
                fxlt_printf("    line floor: case %u: wall %d, length %d\n", i, (int)out.wall,
                            (int)out.length);
            bad++;
        }
    }
    fxlt_printf("    %s: %u casts, %u stopped (%u touching at a whole unit); floors\n", tag, n,
                hits, whole);
    fxlt_printf("      settled by line_floor %u (k shown in 64 bits %u), by the search %u\n",
                fxl__line_floor_count[0] - before0, fxl__line_floor_count[3] - before3,
                fxl__line_floor_count[1] - before1);
    fxlt_printf("      (roots not bracketed: %u, from sqrt(q): %u, by the fast path: %u); "
                "%u disagreements\n",
                fxl__line_floor_count[2] - before2, fxl__line_floor_count[4] - before4,
                fxl__line_floor_count[5] - before5, bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(fxl__line_floor_count[3] - before3 > 0);
    if (axis) {
        CHECK_COVER(fxl__line_floor_count[4] - before4 > n / 4);
        CHECK_COVER(fxl__line_floor_count[5] - before5 > 0); /* the fast path checked too */
    }
    if (wide) /* the 128-bit tests settled some too */
        CHECK(fxl__line_floor_count[3] - before3 < fxl__line_floor_count[0] - before0);
    CHECK_EQ(fxl__line_floor_count[2] - before2, 0); /* rsqrt_root's precision */
    CHECK_EQ(big_faults(), 0);
}

static void line_floor_band(void)
{
    line_floor_run("line_floor_band", false, false);
}

static void line_floor_wide(void)
{
    line_floor_run("line_floor_wide", true, false);
}

static void line_floor_axis(void)
{
    line_floor_run("line_floor_axis", false, true);
    line_floor_run("line_floor_axis_wide", true, true);
}

/* ---- the room's width cast (fxl_room_cast_width) ----------------------- */

#define RW_MAX FXL_ROOM_INDEXED /* the rooms the index look-up serves */

static ref_q rq_int(int64_t v)
{
    ref_q q;
    q.n = big_i64(v);
    q.d = big_i64(1);
    return q;
}

/* A wall for laser l's room (d = (c, s), half-width hw): near the beam
 * (an end within the strip's reach of a point along it, the other up to
 * 2^7 px away), nearly parallel to the beam or to its reverse (its angle
 * within 3 steps of them: the index's front sets keep 2 steps of margin),
 * tangent to the round end at a whole or nearly whole u (3-4-5 normals,
 * as line_floor_band), or anywhere about the emitter. */
static fxl_wall room_wall(fxlt_rng *rng, const fxl_laser *l, int64_t c, int64_t s)
{
    fxl_wall w;
    fxl_vec2 e = l->pos;
    int64_t hw = l->half_width, len = l->length, reach = hw + PX(10);
    int64_t u = fxlt_range(rng, (int32_t)(-reach), (int32_t)(len + PX(10)));
    int64_t v = fxlt_range(rng, (int32_t)(-reach), (int32_t)reach);
    switch (fxlt_below(rng, 4)) {
    case 0: {
        int32_t S = PX(1) << fxlt_below(rng, 8);
        w.a = frame_pt(e, c, s, u, v);
        w.b = fxl_vec2_make((fix16_t)clamp_c((int64_t)w.a.x + fxlt_range(rng, -S, S)),
                            (fix16_t)clamp_c((int64_t)w.a.y + fxlt_range(rng, -S, S)));
        break;
    }
    case 1: {
        fxl_angle wa = (fxl_angle)((l->angle + (fxlt_below(rng, 2) == 0 ? 0 : 2048) +
                                    fxlt_range(rng, -3, 3)) & FXL_ANGLE_MASK);
        int64_t lw = fxlt_range(rng, 1, PX(100));
        w.a = frame_pt(e, c, s, u, v);
        w.b = fxl_vec2_make((fix16_t)clamp_c(w.a.x + ((fxl_cos(wa) * lw) >> 16)),
                            (fix16_t)clamp_c(w.a.y + ((fxl_sin(wa) * lw) >> 16)));
        break;
    }
    case 2: {
        /* The touching point T = (L, 0) + n, |n| = hw when hw = 5 t. */
        int64_t t = hw / 5 > 0 ? hw / 5 : 1, L = fxlt_range(rng, 0, (int32_t)len);
        unsigned m = fxlt_below(rng, 4);
        int64_t nu = (m < 2 ? 3 : 4) * t, nv = (m < 2 ? 4 : 3) * t * ((m & 1) != 0 ? -1 : 1);
        int64_t tu = -nv / t, tv = nu / t, sa = steps(rng), sb = steps(rng);
        int64_t Tu = L + nu + jit(rng), Tv = nv + jit(rng);
        w.a = frame_pt(e, c, s, Tu - sa * tu, Tv - sa * tv);
        w.b = frame_pt(e, c, s, Tu + sb * tu, Tv + sb * tv);
        break;
    }
    default:
        w.a = fxl_vec2_make((fix16_t)clamp_c(e.x + fxlt_range(rng, -PX(400), PX(400))),
                            (fix16_t)clamp_c(e.y + fxlt_range(rng, -PX(400), PX(400))));
        w.b = fxl_vec2_make((fix16_t)clamp_c(w.a.x + fxlt_range(rng, -PX(100), PX(100))),
                            (fix16_t)clamp_c(w.a.y + fxlt_range(rng, -PX(100), PX(100))));
        break;
    }
    if (fxlt_below(rng, 2) == 0) {
        fxl_vec2 q = w.a;
        w.a = w.b;
        w.b = q;
    }
    return w;
}

/* The capsule's answer (L, k) against the reference's predicates (as
 * test_cast.c's capsule_agrees): wall k is met and floor(u*_k) = L; every
 * other wall met has floor(u*) >= L, and > L below index k; with k = -1,
 * L = len and no wall is met. */
static bool room_capsule_agrees(const fxl_laser *l, const fxl_wall *w, int m, bool two, long k,
                                int32_t L)
{
    int32_t dx = fxl_cos(l->angle), dy = fxl_sin(l->angle), hw = l->half_width;
    fxl_vec2 e = l->pos;
    int j;
    if (k < 0 && L != l->length)
        return false;
    for (j = 0; j < m; j++) {
        if (!ref_eligible(dx, dy, w[j], two, ref_came(e, w[j], -1)) ||
            !ref_capsule_meets(e, dx, dy, hw, w[j], l->length)) {
            if (j == k)
                return false;
            continue;
        }
        if (k < 0 || !ref_capsule_before(e, dx, dy, hw, w[j], L))
            return false;
        if (j == k) {
            if (L < l->length && ref_capsule_before(e, dx, dy, hw, w[j], (int64_t)L + 1))
                return false;
        } else if (j < k && !ref_capsule_before(e, dx, dy, hw, w[j], (int64_t)L + 1)) {
            return false;
        }
    }
    return true;
}

/* Rooms of up to FXL_ROOM_INDEXED walls about a beam (room_wall's), box
 * and capsule lasers at angles often on a sixteenth's edges (the front
 * sets'), one- and two-sided: fxl_room_cast_width against the exact
 * reference (the box's least u* and its floor; the capsule's floor and
 * wall rule, capsule_agrees's in test_cast.c), and against fxl_laser_cast
 * (wall, length and point); the index look-up a superset of the walls the
 * reference finds met (eligible and reached within the length). */
static void room_vs_reference(void)
{
    fxlt_rng rng = fxlt_rng_for("room_vs_reference");
    uint32_t i, n = FXLT_CASES(20000), bad = 0, hits = 0, zero = 0, met = 0, dropped = 0,
                missing = 0;
    /* On the stack (2.7 KB, during this case only): the GBA suite's EWRAM
     * is full, and in .bss (IWRAM) they would take it from every case's
     * stack. */
    fxl_wall w[RW_MAX];
    fxl_wall_prep p[RW_MAX];
    fxl_room_wall packed[RW_MAX];
    for (i = 0; i < n; i++) {
        fxl_room room;
        fxl_laser l;
        fxl_cast a, b;
        fxl_vec2 e = fxl_vec2_make(fxlt_range(&rng, -PX(1000), PX(1000)),
                                   fxlt_range(&rng, -PX(1000), PX(1000)));
        fxl_angle ang;
        int32_t c, s, hw, len;
        int nw = fxlt_below(&rng, 4) == 0 ? (int)fxlt_range(&rng, 17, RW_MAX)
                                           : (int)fxlt_range(&rng, 1, 16);
        int m = 0, j, tries;
        bool two = fxlt_below(&rng, 2) == 0, capsule = fxlt_below(&rng, 2) == 0;
        unsigned flags = two ? FXL_CAST_TWO_SIDED : 0u;
        uint32_t mask;
        long k = -1;
        ref_q best = rq_int(0), u;
        if (fxlt_below(&rng, 2) == 0)
            ang = (fxl_angle)(256 * fxlt_below(&rng, 16) + (fxlt_below(&rng, 2) == 0 ? fxlt_below(&rng, 3)
                                                                                 : 253 + fxlt_below(&rng, 3)));
        else
            ang = (fxl_angle)fxlt_below(&rng, 4096);
        switch (fxlt_below(&rng, 4)) {
        case 0: hw = fxlt_range(&rng, 0, PX(8)); break;
        case 1: hw = fxlt_range(&rng, 0, PX(64)); break;
        case 2: hw = fxlt_range(&rng, 0, 8) * PX(1); break;
        default: hw = fxlt_range(&rng, 1, 4) * PX(5); break; /* 3-4-5 */
        }
        if (capsule && hw == 0 && fxlt_below(&rng, 4) != 0)
            hw = PX(3);
        len = fxlt_range(&rng, 0, fxlt_below(&rng, 2) == 0 ? PX(400) : PX(40));
        l = fxl_laser_from_emitter(capsule ? FXL_LASER_CAPSULE : FXL_LASER_BOX, e, ang, len, hw);
        c = fxl_cos(ang);
        s = fxl_sin(ang);
        for (tries = 0; m < nw && tries < 4 * RW_MAX; tries++) {
            w[m] = room_wall(&rng, &l, c, s);
            if (fxl_wall_prepare(&w[m], &p[m]) == FXL_OK)
                m++;
        }
        CHECK_EQ(fxl_room_prepare(p, (size_t)m, packed, RW_MAX, &room), FXL_OK);
        mask = fxl__room_width_mask(&room, &l, flags);
        /* The reference: the walls met, and the answer. */
        for (j = 0; j < m; j++) {
            bool el = ref_eligible(c, s, w[j], two, ref_came(e, w[j], -1)), hit;
            if (capsule && hw > 0)
                hit = el && ref_capsule_meets(e, c, s, hw, w[j], len);
            else
                hit = el && ref_box(e, c, s, hw, w[j], &u) && ref_q_cmp_int(u, len) <= 0;
            dropped += (mask >> j & 1u) == 0;
            if (!hit)
                continue;
            met++;
            missing += (mask >> j & 1u) == 0;
            if (!capsule && (k < 0 || ref_q_cmp(u, best) < 0)) {
                k = j;
                best = u;
            }
        }
        CHECK_EQ(fxl_room_cast_width(&room, &l, flags, &b, NULL), FXL_OK);
        CHECK_EQ(fxl_laser_cast(&l, p, (size_t)m, flags | FXL_CAST_WIDTH, &a, NULL), FXL_OK);
        {
            bool ok = a.wall == b.wall && a.length == b.length && a.point.x == b.point.x &&
                      a.point.y == b.point.y;
            if (capsule && hw > 0) {
                ok = ok && room_capsule_agrees(&l, w, m, two, b.wall, b.length);
            } else if (!capsule) {
                ok = ok && b.wall == k &&
                     (k < 0 ? b.length == len
                            : ref_q_cmp_int(best, b.length) >= 0 &&
                                  ref_q_cmp_int(best, (int64_t)b.length + 1) < 0);
            }
            if (!ok) {
                if (bad < 3)
                    fxlt_printf("    room width: case %u (%d walls): wall %d (cast %d, ref %d), "
                                "length %d (cast %d)\n",
                                i, m, (int)b.wall, (int)a.wall, (int)k, (int)b.length,
                                (int)a.length);
                bad++;
            }
        }
        hits += b.wall >= 0;
        zero += b.wall >= 0 && b.length == 0;
    }
    fxlt_printf("    room width: %u casts, %u stopped (%u at 0); %u walls met, %u walls left out\n"
                "      by the index look-up, %u met ones among them; %u disagreements\n",
                n, hits, zero, met, dropped, missing, bad);
    CHECK_EQ(bad, 0);
    CHECK_EQ(missing, 0);
    CHECK_COVER(dropped > 0);
    CHECK_EQ(big_faults(), 0);
}

/* floor(sqrt(v)), v >= 0 (test-side, by bisection). */
static int64_t isqrt_t(int64_t v)
{
    int64_t lo = 0, hi = 3037000499;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (mid * mid <= v)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Keeps wall w[*mm], its ends swapped at random, when it prepares. */
static void keep_wall(fxlt_rng *rng, fxl_wall *w, fxl_wall_prep *p, int *mm)
{
    if (fxlt_below(rng, 2) == 0) {
        fxl_vec2 q = w[*mm].a;
        w[*mm].a = w[*mm].b;
        w[*mm].b = q;
    }
    if (fxl_wall_prepare(&w[*mm], &p[*mm]) == FXL_OK)
        (*mm)++;
}

/* The capsule l cast by its width through the mm walls as a room (packed,
 * cap entries) and as prepared walls: both casts must give the same wall
 * and length, and that answer must be the exact one (room_capsule_agrees).
 * Counts and shows (the first three) disagreements; b gets the room's. */
static bool capsule_casts_agree(const char *what, uint32_t i, const fxl_laser *l, const fxl_wall *w,
                                const fxl_wall_prep *p, fxl_room_wall *packed, size_t cap, int mm,
                                bool two, fxl_cast *b, uint32_t *bad)
{
    fxl_room room;
    fxl_cast a;
    unsigned flags = two ? FXL_CAST_TWO_SIDED : 0u;
    CHECK_EQ(fxl_room_prepare(p, (size_t)mm, packed, cap, &room), FXL_OK);
    CHECK_EQ(fxl_room_cast_width(&room, l, flags, b, NULL), FXL_OK);
    CHECK_EQ(fxl_laser_cast(l, p, (size_t)mm, flags | FXL_CAST_WIDTH, &a, NULL), FXL_OK);
    if (a.wall == b->wall && a.length == b->length &&
        room_capsule_agrees(l, w, mm, two, b->wall, b->length))
        return true;
    if (*bad < 3)
        fxlt_printf("    %s: case %u (%d walls): wall %d (cast %d), length %d (cast %d)\n", what, i,
                    mm, (int)b->wall, (int)a.wall, (int)b->length, (int)a.length);
    (*bad)++;
    return false;
}

/* One capsule beam of the floor tests: its emitter, angle (an axis one time
 * in axis_one_in), half-width, length to the walls, wall count (2..m_max)
 * and sidedness, drawn in this order from rng. */
typedef struct {
    fxl_vec2 e;
    fxl_angle ang;
    int32_t c, s;
    int64_t hw, L;
    int m;
    bool two;
} cap_beam;

static cap_beam cap_beam_draw(fxlt_rng *rng, uint32_t axis_one_in, int m_max)
{
    cap_beam b;
    b.e = fxl_vec2_make(fxlt_range(rng, -PX(500), PX(500)), fxlt_range(rng, -PX(500), PX(500)));
    b.ang = fxlt_below(rng, axis_one_in) == 0 ? (fxl_angle)(1024 * fxlt_below(rng, 4))
                                              : (fxl_angle)fxlt_below(rng, 4096);
    b.c = fxl_cos(b.ang);
    b.s = fxl_sin(b.ang);
    b.hw = fxlt_below(rng, 2) == 0 ? PX(3) : fxlt_range(rng, PX(1), PX(12));
    b.L = fxlt_range(rng, PX(4), PX(200));
    b.m = (int)fxlt_range(rng, 2, m_max);
    b.two = fxlt_below(rng, 2) == 0;
    return b;
}

/* Capsule casts where several walls share the least floor, whole and one
 * unit off: walls across the strip (u* = u - w, u*_box = u) and short
 * walls whose end pokes into the strip near an edge (u* = u - sqrt(w^2 -
 * v^2), u*_box about u), their touches L + f for f about 0 or one unit,
 * in random index order; the second pass visits the least u*_box's wall
 * first (cast_width.c, umin_first), so a lower-index wall of the same
 * floor, visited after it, must still win. fxl_room_cast_width and
 * fxl_laser_cast against the reference's floor and wall rule. */
static void capsule_equal_floors(void)
{
    fxlt_rng rng = fxlt_rng_for("capsule_equal_floors");
    uint32_t i, n = FXLT_CASES(20000), bad = 0, ties = 0, later = 0, corners = fxl__corner_count,
             ends = fxl__line_end_count;
    static const int64_t fr[8] = {0, 1, 2, 65534, 65535, 65536, 65537, 32768};
    fxl_wall w[4];
    fxl_wall_prep p[4];
    fxl_room_wall packed[4];
    for (i = 0; i < n; i++) {
        fxl_laser l;
        fxl_cast b;
        cap_beam bm = cap_beam_draw(&rng, 2, 4);
        fxl_vec2 e = bm.e;
        fxl_angle ang = bm.ang;
        int32_t c = bm.c, s = bm.s;
        int64_t hw = bm.hw, L = bm.L;
        int m = bm.m, j, k, mm = 0;
        bool two = bm.two;
        for (j = 0; j < m; j++) {
            int64_t t = L + (fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, 131072)
                                                      : fr[fxlt_below(&rng, 8)]);
            int64_t out = hw + fxlt_range(&rng, PX(1), PX(8));
            unsigned kind = fxlt_below(&rng, 3);
            if (kind == 0) { /* across the strip */
                w[mm].a = frame_pt(e, c, s, t + hw, -out);
                w[mm].b = frame_pt(e, c, s, t + hw, out);
            } else if (kind == 1) { /* axis-aligned, from a point in the strip */
                int32_t lw = fxlt_range(&rng, PX(1), PX(40)) * (fxlt_below(&rng, 2) == 0 ? 1 : -1);
                w[mm].a = frame_pt(e, c, s, t + hw, fxlt_range(&rng, (int32_t)-hw, (int32_t)hw));
                w[mm].b = fxlt_below(&rng, 2) == 0 ? fxl_vec2_make((fix16_t)clamp_c((int64_t)w[mm].a.x + lw), w[mm].a.y)
                                                   : fxl_vec2_make(w[mm].a.x, (fix16_t)clamp_c((int64_t)w[mm].a.y + lw));
            } else { /* an end in the strip near an edge */
                int64_t v = hw - fxlt_range(&rng, 0, (int32_t)(hw / 4)), sg;
                sg = fxlt_below(&rng, 2) == 0 ? 1 : -1;
                w[mm].a = frame_pt(e, c, s, t + isqrt_t(hw * hw - v * v), sg * v);
                w[mm].b = frame_pt(e, c, s, t + isqrt_t(hw * hw - v * v), sg * out);
            }
            keep_wall(&rng, w, p, &mm);
        }
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, e, ang, (int32_t)(L + 3 * hw + PX(4)),
                                   (int32_t)hw);
        if (!capsule_casts_agree("equal floors", i, &l, w, p, packed, 4, mm, two, &b, &bad))
            continue;
        k = (int)b.wall;
        if (k < 0)
            continue;
        /* Walls after k with k's floor; and whether one of them has a
         * lesser u*_box than k's (visited before k by the second pass). */
        {
            ref_q uk, uj;
            bool tie = false, first = false;
            bool hk = ref_box(e, c, s, (int32_t)hw, w[k], &uk);
            for (j = k + 1; j < mm; j++) {
                if (!ref_eligible(c, s, w[j], two, ref_came(e, w[j], -1)) ||
                    !ref_capsule_meets(e, c, s, (int32_t)hw, w[j], l.length) ||
                    ref_capsule_before(e, c, s, (int32_t)hw, w[j], (int64_t)b.length + 1))
                    continue;
                tie = true;
                first = first || (hk && ref_box(e, c, s, (int32_t)hw, w[j], &uj) &&
                                  ref_q_cmp(uj, uk) < 0);
            }
            ties += tie;
            later += first;
        }
    }
    corners = fxl__corner_count - corners;
    ends = fxl__line_end_count - ends;
    fxlt_printf("    equal floors: %u casts, %u with a later wall of the answer's floor, %u of them\n"
                "      with a lesser u*_box than the answer's; %u walls sent to the floor search\n"
                "      by fxl__corner_first,\n",
                n, ties, later, corners);
    fxlt_printf("      %u floors by fxl__line_floor_end; %u disagreements\n", ends, bad);
    CHECK_EQ(bad, 0);
    if (n >= 2000) { /* (the GBA suite's 40 casts may have no tie) */
        CHECK_COVER(ties > 0);
        CHECK_COVER(later > 0);
    }
    CHECK_COVER(corners > 0);
    CHECK_COVER(ends > 0);
    CHECK_EQ(big_faults(), 0);
}

/* Capsule casts at long axis-aligned walls (130 to 600 px: |b - a| above
 * 2^23, the length fxl__line_floor_end once left to fxl__line_floor) from
 * a point in the strip, with a short wall or two more: the wall's start
 * at v = 0, one or two raw units off (the foot of the round end's touch
 * on the wall's line exactly at the end, or one unit beyond, under axis
 * beams) or anywhere across the strip, its line L + f ahead (f whole or
 * a unit off). fxl__line_floor_end settles the foot between the ends, and
 * a foot beyond an end goes to the floor search with sg->corner set, no
 * fxl__line_floor; fxl_room_cast_width and fxl_laser_cast against the
 * reference's floor and wall rule. */
static void capsule_long_axis(void)
{
    fxlt_rng rng = fxlt_rng_for("capsule_long_axis");
    uint32_t i, n = FXLT_CASES(20000), bad = 0, ends = fxl__line_end_count,
             corners = fxl__line_end_corner_count;
    static const int64_t fr[6] = {0, 1, 65535, 65536, 65537, 32768};
    fxl_wall w[3];
    fxl_wall_prep p[3];
    fxl_room_wall packed[3];
    for (i = 0; i < n; i++) {
        fxl_laser l;
        fxl_cast b;
        fxl_vec2 e = fxl_vec2_make(fxlt_range(&rng, -PX(300), PX(300)),
                                   fxlt_range(&rng, -PX(300), PX(300)));
        fxl_angle ang = fxlt_below(&rng, 2) == 0 ? (fxl_angle)(1024 * fxlt_below(&rng, 4))
                                                 : (fxl_angle)fxlt_below(&rng, 4096);
        int32_t c = fxl_cos(ang), s = fxl_sin(ang);
        int64_t hw = fxlt_below(&rng, 2) == 0 ? PX(3) : fxlt_range(&rng, PX(1), PX(12));
        int64_t L = fxlt_range(&rng, PX(4), PX(200));
        int m = (int)fxlt_range(&rng, 1, 3), j, mm = 0;
        bool two = fxlt_below(&rng, 2) == 0;
        for (j = 0; j < m; j++) {
            int64_t t = L + (fxlt_below(&rng, 3) == 0 ? fxlt_range(&rng, 0, 131072)
                                                      : fr[fxlt_below(&rng, 6)]);
            int32_t lw = fxlt_range(&rng, j == 0 ? PX(130) : PX(1), j == 0 ? PX(600) : PX(40)) *
                         (fxlt_below(&rng, 2) == 0 ? 1 : -1);
            /* The round end touches the line of a wall along y (x) at v_T
             * = -w sign(c) s / |d| (w sign(s) c / |d|): the wall's start
             * there, or a few raw units off (the foot of the touch at the
             * end, just before or beyond it), or anywhere across the
             * strip. */
            bool along_x = fxlt_below(&rng, 2) == 0;
            int64_t vt = along_x ? hw * (s < 0 ? -1 : 1) * c / 65536
                                 : -hw * (c < 0 ? -1 : 1) * s / 65536;
            int64_t v = fxlt_below(&rng, 4) != 0 ? vt + fxlt_range(&rng, -3, 3)
                                                 : fxlt_range(&rng, (int32_t)-hw, (int32_t)hw);
            w[mm].a = frame_pt(e, c, s, t + hw, v);
            w[mm].b = along_x
                          ? fxl_vec2_make((fix16_t)clamp_c((int64_t)w[mm].a.x + lw), w[mm].a.y)
                          : fxl_vec2_make(w[mm].a.x, (fix16_t)clamp_c((int64_t)w[mm].a.y + lw));
            keep_wall(&rng, w, p, &mm);
        }
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, e, ang, (int32_t)(L + 3 * hw + PX(4)),
                                   (int32_t)hw);
        (void)capsule_casts_agree("long axis", i, &l, w, p, packed, 3, mm, two, &b, &bad);
    }
    ends = fxl__line_end_count - ends;
    corners = fxl__line_end_corner_count - corners;
    fxlt_printf("    long axis: %u casts, %u floors by fxl__line_floor_end, %u walls it sent\n"
                "      to the floor search (foot beyond an end); %u disagreements\n",
                n, ends, corners, bad);
    CHECK_EQ(bad, 0);
    CHECK(n >= 1);
    if (n >= 2000) { /* (the GBA suite's 40 casts may miss either) */
        CHECK_COVER(ends > 0);
        CHECK_COVER(corners > 0);
    }
    CHECK_EQ(big_faults(), 0);
}

/* Capsule casts with walls the first pass settles by axis_floor
 * (axis-aligned walls across the strip, met off a whole unit:
 * cast_width.c) beside walls it cannot (a wall from a point
 * in the strip, an end near an edge, a slanted wall across the strip, a
 * touch at a whole unit, a wall whose touch lies at or beyond the
 * length), 2 to 6 walls in random index order. An axis wall's floor F
 * (the room cast of it alone) places the others: their touches F + f (f
 * whole or a raw unit or two off, so that floors tie across the two
 * kinds), a second axis wall too, or the first again 0 to 2 raw units
 * off (settled walls of equal floors); lengths at F or just past, or
 * beyond.
 * fxl_room_cast_width and fxl_laser_cast against each other and the
 * reference's floor and wall rule, and each settled path taken: a settled wall, a waiting
 * wall's floor against a settled best, a second pass started from one. */
static fxl_wall axis_across(fxlt_rng *rng, fxl_vec2 e, int32_t c, int32_t s, int64_t u, int64_t hw)
{
    fxl_wall w;
    fxl_vec2 q = frame_pt(e, c, s, u, fxlt_range(rng, (int32_t)-hw, (int32_t)hw));
    int32_t h = (int32_t)(8 * hw) + PX(40);
    if (fxlt_below(rng, 2) == 0) {
        w.a = fxl_vec2_make(q.x, (fix16_t)clamp_c((int64_t)q.y - h));
        w.b = fxl_vec2_make(q.x, (fix16_t)clamp_c((int64_t)q.y + h));
    } else {
        w.a = fxl_vec2_make((fix16_t)clamp_c((int64_t)q.x - h), q.y);
        w.b = fxl_vec2_make((fix16_t)clamp_c((int64_t)q.x + h), q.y);
    }
    return w;
}

static void capsule_settled(void)
{
    fxlt_rng rng = fxlt_rng_for("capsule_settled");
    uint32_t i, n = FXLT_CASES(20000), bad = 0, ties = 0, st[3];
    static const int64_t fr[8] = {0, 1, 2, -1, -2, 65536, 65537, 32768};
    fxl_wall w[6];
    fxl_wall_prep p[6];
    fxl_room_wall packed[6];
    for (i = 0; i < 3; i++)
        st[i] = fxl__settle_count[i];
    for (i = 0; i < n; i++) {
        fxl_laser l;
        fxl_cast b;
        fxl_room room;
        cap_beam bm = cap_beam_draw(&rng, 8, 6);
        int64_t F, len;
        int j, mm = 0, at;
        fxl_wall a0 = axis_across(&rng, bm.e, bm.c, bm.s, bm.L + bm.hw, bm.hw);
        fxl_wall_prep p0;
        /* F: the axis wall's floor alone (L when it does not prepare or
         * is not met). */
        l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, bm.e, bm.ang,
                                   (int32_t)(bm.L + 3 * bm.hw + PX(4)), (int32_t)bm.hw);
        F = bm.L;
        if (fxl_wall_prepare(&a0, &p0) == FXL_OK) {
            CHECK_EQ(fxl_room_prepare(&p0, 1, packed, 6, &room), FXL_OK);
            CHECK_EQ(fxl_room_cast_width(&room, &l, FXL_CAST_TWO_SIDED, &b, NULL), FXL_OK);
            if (b.wall == 0)
                F = b.length;
        }
        for (j = 1; j < bm.m; j++) {
            int64_t t = F + (fxlt_below(&rng, 4) == 0 ? fxlt_range(&rng, 0, 131072)
                                                      : fr[fxlt_below(&rng, 8)]);
            int64_t out = bm.hw + fxlt_range(&rng, PX(1), PX(8));
            unsigned kind = fxlt_below(&rng, 5);
            if (kind == 0) { /* another axis wall */
                w[mm] = axis_across(&rng, bm.e, bm.c, bm.s, t + bm.hw, bm.hw);
            } else if (kind == 4) { /* the axis wall again, 0 to 2 raw units off */
                int32_t d = fxlt_range(&rng, -2, 2);
                w[mm] = a0;
                if (a0.a.x == a0.b.x)
                    w[mm].a.x = w[mm].b.x = (fix16_t)clamp_c((int64_t)a0.a.x + d);
                else
                    w[mm].a.y = w[mm].b.y = (fix16_t)clamp_c((int64_t)a0.a.y + d);
            } else if (kind == 1) { /* axis-aligned, from a point in the strip */
                int32_t lw = fxlt_range(&rng, PX(1), PX(40)) * (fxlt_below(&rng, 2) == 0 ? 1 : -1);
                w[mm].a = frame_pt(bm.e, bm.c, bm.s, t + bm.hw,
                                   fxlt_range(&rng, (int32_t)-bm.hw, (int32_t)bm.hw));
                w[mm].b = fxlt_below(&rng, 2) == 0 ? fxl_vec2_make((fix16_t)clamp_c((int64_t)w[mm].a.x + lw), w[mm].a.y)
                                                   : fxl_vec2_make(w[mm].a.x, (fix16_t)clamp_c((int64_t)w[mm].a.y + lw));
            } else if (kind == 2) { /* an end in the strip near an edge */
                int64_t v = bm.hw - fxlt_range(&rng, 0, (int32_t)(bm.hw / 4)), sg;
                sg = fxlt_below(&rng, 2) == 0 ? 1 : -1;
                w[mm].a = frame_pt(bm.e, bm.c, bm.s, t + isqrt_t(bm.hw * bm.hw - v * v), sg * v);
                w[mm].b = frame_pt(bm.e, bm.c, bm.s, t + isqrt_t(bm.hw * bm.hw - v * v), sg * out);
            } else { /* square to the beam, across the strip: a whole-unit touch */
                w[mm].a = frame_pt(bm.e, bm.c, bm.s, t + bm.hw, -out);
                w[mm].b = frame_pt(bm.e, bm.c, bm.s, t + bm.hw, out);
            }
            keep_wall(&rng, w, p, &mm);
        }
        /* The axis wall at a random index. */
        at = (int)fxlt_below(&rng, (uint32_t)mm + 1u);
        for (j = mm; j > at; j--)
            w[j] = w[j - 1];
        w[at] = a0;
        mm++;
        for (j = 0; j < mm; j++)
            if (fxl_wall_prepare(&w[j], &p[j]) != FXL_OK) {
                w[j] = w[mm - 1];
                mm--;
                j--;
            }
        switch (fxlt_below(&rng, 3)) {
        case 0: len = F + fr[fxlt_below(&rng, 5)]; break; /* at the floor, or just off */
        case 1: len = F + fxlt_range(&rng, 0, (int32_t)(2 * bm.hw)); break;
        default: len = F + 3 * bm.hw + PX(4); break;
        }
        if (len < 0)
            len = 0;
        l.length = (int32_t)len;
        for (j = 0; j < mm; j++)
            CHECK_EQ(fxl_wall_prepare(&w[j], &p[j]), FXL_OK);
        if (!capsule_casts_agree("settled", i, &l, w, p, packed, 6, mm, bm.two, &b, &bad) ||
            b.wall < 0)
            continue;
        /* Another wall met with the answer's floor. */
        for (j = 0; j < mm; j++)
            if (j != (int)b.wall &&
                ref_eligible(bm.c, bm.s, w[j], bm.two, ref_came(bm.e, w[j], -1)) &&
                ref_capsule_meets(bm.e, bm.c, bm.s, (int32_t)bm.hw, w[j], l.length) &&
                !ref_capsule_before(bm.e, bm.c, bm.s, (int32_t)bm.hw, w[j], (int64_t)b.length + 1)) {
                ties++;
                break;
            }
    }
    for (i = 0; i < 3; i++)
        st[i] = fxl__settle_count[i] - st[i];
    fxlt_printf("    settled: %u casts, %u with another wall of the answer's floor; %u walls\n"
                "      settled in the first pass, %u waiting walls against a settled best, %u\n"
                "      second passes from one; %u disagreements\n",
                n, ties, st[0], st[1], st[2], bad);
    CHECK_EQ(bad, 0);
    CHECK_COVER(st[0] > 0);
    if (n >= 2000) { /* (the GBA suite's 40 casts may miss some) */
        CHECK_COVER(ties > 0);
        CHECK_COVER(st[1] > 0);
        CHECK_COVER(st[2] > 0);
    }
    CHECK_EQ(big_faults(), 0);
}

static const fxlt_case cases[] = {
    {"line_floor_band", line_floor_band},
    {"room_vs_reference", room_vs_reference},
    {"line_floor_wide", line_floor_wide},
    {"line_floor_axis", line_floor_axis},
    {"capsule_equal_floors", capsule_equal_floors},
    {"capsule_long_axis", capsule_long_axis},
    {"capsule_settled", capsule_settled},
};

const fxlt_suite fxlt_suite_cast_width = {"cast_width", cases, FXLT_COUNT(cases)};
