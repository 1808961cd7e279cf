/* test_room.c - bouncing lasers never leave a closed room (cast.h): random
 * rooms (convex, star-shaped, narrow, with walls of a few raw units, walls
 * listed both ways, walls split along their line), emitters inside, on
 * walls and on corners, beams aimed at corners and along walls; every leg's
 * segment, ends included, must lie in the closed room. The containment
 * reference is exact and independent of src/: the leg is cut where it
 * meets the room's outline (big-integer rationals, bigint.h), and a point
 * of each piece tested by its winding number. The count is
 * FXLT_ROOM_ROOMS rooms (define it for a long run). */
#include <string.h>

#include "harness.h"

#include "bigint.h"
#include "fixlaser.h"
#include "polygon.h"

#include "../src/cast_parts.h" /* fxl__bounce_audit */

#ifndef FXL_TEST_HOOKS
#error "the suite is built with -DFXL_TEST_HOOKS (the core's test hooks)"
#endif

#ifndef FXLT_ROOM_ROOMS
#define FXLT_ROOM_ROOMS 40000
#endif

#define PX(v) ((int64_t)(v) * 65536)
#define RV 12    /* outline corners at most */
#define RW 24    /* walls at most (outline, duplicates, pieces) */

typedef struct troom {
    fxl_vec2 v[RV]; /* the outline, interior on the left (y down) */
    int nv;
    fxl_wall w[RW];
    fxl_wall_prep p[RW];
    int n;
} troom;

static fxl_vec2 v2(int64_t x, int64_t y)
{
    return fxl_vec2_make((fix16_t)x, (fix16_t)y);
}

/* ---- the exact containment reference ------------------------------------ */

/* A parameter t = num / den along a segment, den > 0. */
typedef struct tpar {
    int64_t num, den;
} tpar;

static int tpar_cmp(tpar a, tpar b)
{
    return big_cmp(big_mul(big_i64(a.num), big_i64(b.den)), big_mul(big_i64(b.num), big_i64(a.den)));
}

/* Whether the rational point (X / D, Y / D), D > 0, lies in the closed
 * outline: on an edge, or of non-zero winding number (counted on the
 * upward and downward crossings of the horizontal line through it). */
static bool inside_q(const troom *R, big X, big Y, big D)
{
    int i, wind = 0;
    for (i = 0; i < R->nv; i++) {
        fxl_vec2 a = R->v[i], b = R->v[(i + 1) % R->nv];
        big ax = big_mul(big_i64(a.x), D), ay = big_mul(big_i64(a.y), D);
        big bx = big_mul(big_i64(b.x), D), by = big_mul(big_i64(b.y), D);
        /* side value times D: (b - a) x (q - a) */
        big sv = big_add(big_mul(big_i64((int64_t)b.x - a.x), big_add(Y, big_neg(ay))),
                         big_neg(big_mul(big_i64((int64_t)b.y - a.y), big_add(X, big_neg(ax)))));
        int s = sv.s;
        if (s == 0) {
            big lx = big_cmp(ax, bx) < 0 ? ax : bx, hx = big_cmp(ax, bx) < 0 ? bx : ax;
            big ly = big_cmp(ay, by) < 0 ? ay : by, hy = big_cmp(ay, by) < 0 ? by : ay;
            if (big_cmp(X, lx) >= 0 && big_cmp(X, hx) <= 0 && big_cmp(Y, ly) >= 0 &&
                big_cmp(Y, hy) <= 0)
                return true;
        }
        if (big_cmp(ay, Y) <= 0 && big_cmp(by, Y) > 0 && s > 0)
            wind++;
        else if (big_cmp(ay, Y) > 0 && big_cmp(by, Y) <= 0 && s < 0)
            wind--;
    }
    return wind != 0;
}

static bool inside_pt(const troom *R, fxl_vec2 q)
{
    return inside_q(R, big_i64(q.x), big_i64(q.y), big_i64(1));
}

/* Whether the segment P -> Q lies in the closed outline: its ends do, and
 * so does one point strictly between each two consecutive parameters
 * where it meets the outline (edges crossed, corners on it, overlaps'
 * ends), the pieces between them lying wholly inside or wholly outside. */
static bool segment_inside(const troom *R, fxl_vec2 P, fxl_vec2 Q)
{
    tpar t[4 * RV + 2];
    int nt = 0, i, j;
    int64_t dx = (int64_t)Q.x - P.x, dy = (int64_t)Q.y - P.y;
    if (!inside_pt(R, P) || !inside_pt(R, Q))
        return false;
    if (dx == 0 && dy == 0)
        return true;
    t[nt].num = 0;
    t[nt++].den = 1;
    t[nt].num = 1;
    t[nt++].den = 1;
    for (i = 0; i < R->nv; i++) {
        fxl_vec2 a = R->v[i], b = R->v[(i + 1) % R->nv];
        int64_t ex = (int64_t)b.x - a.x, ey = (int64_t)b.y - a.y;
        int64_t rx = (int64_t)a.x - P.x, ry = (int64_t)a.y - P.y;
        int64_t den = dx * ey - dy * ex, tn = rx * ey - ry * ex, sn = rx * dy - ry * dx;
        if (den != 0) {
            if (den < 0) {
                den = -den;
                tn = -tn;
                sn = -sn;
            }
            if (tn >= 0 && tn <= den && sn >= 0 && sn <= den) {
                t[nt].num = tn;
                t[nt++].den = den;
            }
        } else if (sn == 0) {
            /* Collinear: where a and b project (d . d < 2^61 here). */
            int64_t dd = dx * dx + dy * dy, ta = rx * dx + ry * dy;
            int64_t tb = ((int64_t)b.x - P.x) * dx + ((int64_t)b.y - P.y) * dy;
            if (ta > 0 && ta < dd) {
                t[nt].num = ta;
                t[nt++].den = dd;
            }
            if (tb > 0 && tb < dd) {
                t[nt].num = tb;
                t[nt++].den = dd;
            }
        }
    }
    for (i = 1; i < nt; i++) /* insertion sort */
        for (j = i; j > 0 && tpar_cmp(t[j - 1], t[j]) > 0; j--) {
            tpar s = t[j];
            t[j] = t[j - 1];
            t[j - 1] = s;
        }
    for (i = 0; i + 1 < nt; i++) {
        big n1, n2, D, T;
        if (tpar_cmp(t[i], t[i + 1]) == 0)
            continue;
        /* The middle: (n1 d2 + n2 d1) / (2 d1 d2). */
        n1 = big_mul(big_i64(t[i].num), big_i64(t[i + 1].den));
        n2 = big_mul(big_i64(t[i + 1].num), big_i64(t[i].den));
        D = big_mul(big_i64(2), big_mul(big_i64(t[i].den), big_i64(t[i + 1].den)));
        T = big_add(n1, n2);
        if (!inside_q(R, big_add(big_mul(big_i64(P.x), D), big_mul(T, big_i64(dx))),
                      big_add(big_mul(big_i64(P.y), D), big_mul(T, big_i64(dy))), D))
            return false;
    }
    return true;
}

/* ---- rooms --------------------------------------------------------------- */

static void add_wall(troom *R, fxl_vec2 a, fxl_vec2 b)
{
    fxl_wall w;
    w.a = a;
    w.b = b;
    if (R->n < RW && fxl_wall_prepare(&w, &R->p[R->n]) == FXL_OK)
        R->w[R->n++] = w;
}

/* Moves the last wall to index k (the others keep their order). */
static void move_last(troom *R, int k)
{
    fxl_wall w = R->w[R->n - 1];
    fxl_wall_prep p = R->p[R->n - 1];
    int i;
    for (i = R->n - 1; i > k; i--) {
        R->w[i] = R->w[i - 1];
        R->p[i] = R->p[i - 1];
    }
    R->w[k] = w;
    R->p[k] = p;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* A grid point on the wall (a corner when the wall has none between). */
static fxl_vec2 on_wall(fxlt_rng *rng, fxl_wall w)
{
    int64_t ex = (int64_t)w.b.x - w.a.x, ey = (int64_t)w.b.y - w.a.y, g = gcd64(ex, ey);
    int64_t k = g > 1 ? (int64_t)fxlt_below(rng, (uint32_t)(g < 1000000 ? g : 1000000)) : 0;
    return v2(w.a.x + ex / g * k, w.a.y + ey / g * k);
}

/* The outline in screen order round a centre, listed so that the inside
 * is in front of every wall. kind 0: a rectangle of whole pixels; 1:
 * convex; 2: star-shaped; 3: convex with a wall of a few raw units; 4: a
 * narrow room (a few raw units to a few pixels across). Then, at random,
 * walls listed both ways, walls split in two along their line, and walls
 * from a corner or wall to another (inside, across or outside the room). */
static void make_room(fxlt_rng *rng, troom *R, int kind)
{
    int64_t cx = fxlt_range(rng, -(1 << 28), 1 << 28), cy = fxlt_range(rng, -(1 << 28), 1 << 28);
    int64_t rad = fxlt_range(rng, 64, PX(400));
    big area;
    int i, n, extra;
    if (fxlt_below(rng, 4) == 0)
        rad = fxlt_range(rng, 8, PX(4));
    if (kind == 0 || kind == 4) {
        int64_t w = PX(fxlt_range(rng, 1, 300)), h = PX(fxlt_range(rng, 1, 300));
        if (kind == 4) {
            w = fxlt_range(rng, 1, PX(600));
            h = fxlt_range(rng, 1, fxlt_below(rng, 2) == 0 ? 8 : PX(3));
        } else {
            cx &= ~(int64_t)0xFFFF;
            cy &= ~(int64_t)0xFFFF;
        }
        if (fxlt_below(rng, 2) == 0) {
            int64_t t = w;
            w = h;
            h = t;
        }
        R->v[0] = v2(cx, cy);
        R->v[1] = v2(cx + w, cy);
        R->v[2] = v2(cx + w, cy + h);
        R->v[3] = v2(cx, cy + h);
        n = 4;
        if (kind == 4 && fxlt_below(rng, 2) == 0) {
            /* A slanted sliver: the far side shifted. */
            int64_t s = fxlt_range(rng, -PX(50), PX(50));
            R->v[2] = v2(cx + w + s, cy + h);
            R->v[3] = v2(cx + s, cy + h);
        }
    } else {
        int32_t step, a = (int32_t)fxlt_below(rng, 4096);
        n = 3 + (int)fxlt_below(rng, kind == 2 ? RV - 3 : 7);
        step = 4096 / n;
        for (i = 0; i < n; i++) {
            int64_t r = kind == 2 ? rad / 3 + fxlt_range(rng, 0, (int32_t)(rad * 2 / 3)) : rad;
            int32_t ang = a + i * step + (int32_t)fxlt_range(rng, 0, step / 2);
            R->v[i] = v2(cx + ((r * fxl_cos(ang)) >> 16), cy + ((r * fxl_sin(ang)) >> 16));
        }
        if (kind == 3) {
            /* A wall of 1 to 3 raw units: a corner split in two. */
            int k = (int)fxlt_below(rng, (uint32_t)n), m;
            for (m = n; m > k + 1; m--)
                R->v[m] = R->v[m - 1];
            R->v[k + 1] = v2(R->v[k].x + fxlt_range(rng, -3, 3), R->v[k].y + fxlt_range(rng, -3, 3));
            n++;
        }
    }
    area = big_i64(0);
    for (i = 0; i < n; i++) { /* the shoelace sum, exactly */
        fxl_vec2 a = R->v[i], b = R->v[(i + 1) % n];
        area = big_add(area, big_add(big_mul(big_i64(a.x), big_i64(b.y)),
                                     big_neg(big_mul(big_i64(b.x), big_i64(a.y)))));
    }
    if (area.s > 0)
        for (i = 0; i < n / 2; i++) {
            fxl_vec2 t = R->v[i];
            R->v[i] = R->v[n - 1 - i];
            R->v[n - 1 - i] = t;
        }
    R->nv = n;
    R->n = 0;
    if (!fxlt_polygon_simple(R->v, n))
        return; /* no walls: the caller draws again */
    for (i = 0; i < n; i++)
        add_wall(R, R->v[i], R->v[(i + 1) % n]);
    extra = (int)fxlt_below(rng, 4);
    for (i = 0; i < extra && R->n > 0 && R->n < RW - 1; i++) {
        fxl_wall w = R->w[fxlt_below(rng, (uint32_t)R->n)];
        uint32_t how = fxlt_below(rng, 4);
        if (how == 3) {
            /* Any wall from a corner or a grid point of a wall to another,
             * inside, across or outside the room. */
            fxl_vec2 p = fxlt_below(rng, 2) == 0 ? R->v[fxlt_below(rng, (uint32_t)n)] : on_wall(rng, w);
            fxl_vec2 q = on_wall(rng, R->w[fxlt_below(rng, (uint32_t)R->n)]);
            add_wall(R, p, q);
        } else if (how != 2) {
            add_wall(R, w.b, w.a); /* listed both ways */
        } else {
            /* Split along its line at a grid point: the two pieces added,
             * the whole kept or not. */
            fxl_vec2 m = on_wall(rng, w);
            add_wall(R, w.a, m);
            add_wall(R, m, w.b);
        }
        if (R->n > 1)
            move_last(R, (int)fxlt_below(rng, (uint32_t)R->n));
    }
}

/* A room of the outline v[0..n-1] (either way round) and its walls, in
 * order; no walls if the outline is not simple. */
static void set_outline(troom *R, const fxl_vec2 *v, int n)
{
    int i;
    big area = big_i64(0);
    for (i = 0; i < n; i++)
        R->v[i] = v[i];
    for (i = 0; i < n; i++) {
        fxl_vec2 a = R->v[i], b = R->v[(i + 1) % n];
        area = big_add(area, big_add(big_mul(big_i64(a.x), big_i64(b.y)),
                                     big_neg(big_mul(big_i64(b.x), big_i64(a.y)))));
    }
    if (area.s > 0)
        for (i = 0; i < n / 2; i++) {
            fxl_vec2 t = R->v[i];
            R->v[i] = R->v[n - 1 - i];
            R->v[n - 1 - i] = t;
        }
    R->nv = n;
    R->n = 0;
    if (!fxlt_polygon_simple(R->v, n))
        return;
    for (i = 0; i < n; i++)
        add_wall(R, R->v[i], R->v[(i + 1) % n]);
}

/* ---- the property -------------------------------------------------------- */

typedef struct room_stats {
    uint32_t rooms, casts, legs, leaks, errors;
} room_stats;

/* An emitter in the room: random, on a wall, on a corner, or a raw unit or
 * two from a wall. false: none found. */
static bool pick_emitter(fxlt_rng *rng, const troom *R, fxl_vec2 *e)
{
    fxl_vec2 lo = R->v[0], hi = R->v[0];
    int i, tries;
    for (i = 1; i < R->nv; i++) {
        lo = v2(R->v[i].x < lo.x ? R->v[i].x : lo.x, R->v[i].y < lo.y ? R->v[i].y : lo.y);
        hi = v2(R->v[i].x > hi.x ? R->v[i].x : hi.x, R->v[i].y > hi.y ? R->v[i].y : hi.y);
    }
    for (tries = 0; tries < 40; tries++) {
        uint32_t how = fxlt_below(rng, 8);
        if (how == 0 && R->n > 0) {
            *e = on_wall(rng, R->w[fxlt_below(rng, (uint32_t)R->n)]);
        } else if (how == 1) {
            *e = R->v[fxlt_below(rng, (uint32_t)R->nv)];
        } else if (how == 2 && R->n > 0) {
            fxl_vec2 q = on_wall(rng, R->w[fxlt_below(rng, (uint32_t)R->n)]);
            *e = v2(q.x + fxlt_range(rng, -2, 2), q.y + fxlt_range(rng, -2, 2));
        } else {
            *e = v2(fxlt_range(rng, lo.x, hi.x), fxlt_range(rng, lo.y, hi.y));
        }
        if (inside_pt(R, *e))
            return true;
    }
    return false;
}

/* A direction: random, towards a corner (give or take a step), or along a
 * wall. */
static fxl_angle pick_angle(fxlt_rng *rng, const troom *R, fxl_vec2 e)
{
    uint32_t how = fxlt_below(rng, 4);
    if (how == 1) {
        fxl_vec2 c = R->v[fxlt_below(rng, (uint32_t)R->nv)];
        if (c.x != e.x || c.y != e.y)
            return (fxl_angle)(fxl_atan2(c.y - e.y, c.x - e.x) + fxlt_range(rng, -1, 1));
    } else if (how == 2 && R->n > 0) {
        fxl_wall w = R->w[fxlt_below(rng, (uint32_t)R->n)];
        return (fxl_angle)(fxl_atan2(w.b.y - w.a.y, w.b.x - w.a.x) + fxlt_range(rng, -1, 1) +
                           (fxlt_below(rng, 2) == 0 ? 0 : 2048));
    }
    return (fxl_angle)fxlt_below(rng, 4096);
}

static bool same_legs(const fxl_bounce *a, const fxl_bounce *b, size_t n);

/* fxl_room_bounce's runs in bounce_stays_inside whose legs differ from
 * fxl_laser_bounce's. */
static uint32_t room_differ;

/* One bounce run: every leg inside; with room not NULL, fxl_room_bounce
 * (whose legs skip the reachability checks when the band is clear) gives
 * the same legs. */
static void run_bounce(const troom *R, const fxl_room *room, const fxl_laser *l, unsigned flags,
                       int maxb, room_stats *st)
{
    fxl_bounce legs[12], rl[12];
    size_t count = 0, rn = 0, k;
    fxl_result res = fxl_laser_bounce(l, R->p, (size_t)R->n, flags, maxb, legs, 12, &count);
    st->casts++;
    if (room != NULL &&
        (fxl_room_bounce(room, l, flags, maxb, rl, 12, &rn) != res || rn != count ||
         !same_legs(legs, rl, count < 12 ? count : 12)))
        room_differ++;
    if (res != FXL_OK || count == 0 || count > 12) {
        st->errors++;
        return;
    }
    for (k = 0; k < count; k++) {
        st->legs++;
        if (!segment_inside(R, legs[k].start, legs[k].end)) {
            if (st->leaks < 4) {
                int i;
                fxlt_printf("    leak: emitter (%d, %d) angle %d length %d flags %u bounces %d: "
                            "leg %u (%d, %d) -> (%d, %d), wall %d\n",
                            (int)l->pos.x, (int)l->pos.y, (int)l->angle, (int)l->length, flags,
                            maxb, (unsigned)k, (int)legs[k].start.x, (int)legs[k].start.y,
                            (int)legs[k].end.x, (int)legs[k].end.y, (int)legs[k].wall);
                for (i = 0; i < R->n; i++)
                    fxlt_printf("      wall %d: (%d, %d) -> (%d, %d)\n", i, (int)R->w[i].a.x,
                                (int)R->w[i].a.y, (int)R->w[i].b.x, (int)R->w[i].b.y);
            }
            st->leaks++;
            return;
        }
    }
}

/* Every room also as a fxl_room: fxl_room_bounce's legs must be
 * fxl_laser_bounce's, and with bounce.c's audit on, each end whose
 * reachability check the band test spared is checked anyway: the skip
 * must fire (counted) and never where the check would refuse the end
 * (it would have moved the end). */
static void bounce_stays_inside(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_stays_inside");
    uint32_t target = FXLT_CASES(FXLT_ROOM_ROOMS);
    room_stats st = {0, 0, 0, 0, 0};
    static fxl_room_wall packed[RW] FXL_EWRAM_BSS;
    fxl_room room;
    troom R;
    room_differ = 0;
    fxl__bounce_audit.skips = fxl__bounce_audit.wrong = 0;
    fxl__bounce_audit.on = true;
    while (st.rooms < target) {
        int casts;
        make_room(&rng, &R, (int)fxlt_below(&rng, 5));
        if (R.n < 3)
            continue;
        CHECK_EQ(fxl_room_prepare(R.p, (size_t)R.n, packed, RW, &room), FXL_OK);
        st.rooms++;
        for (casts = 0; casts < 4; casts++) {
            fxl_vec2 e;
            fxl_laser l;
            fix16_t len;
            uint32_t how = fxlt_below(&rng, 4);
            if (!pick_emitter(&rng, &R, &e))
                break;
            len = how == 0 ? (fix16_t)fxlt_range(&rng, 0, 64)
                  : how == 1 ? (fix16_t)(FXL_SIZE_MAX - (fix16_t)fxlt_below(&rng, 16))
                             : (fix16_t)fxlt_range(&rng, 0, (int32_t)PX(2000));
            l = fxl_laser_from_emitter(FXL_LASER_BOX, e, pick_angle(&rng, &R, e), len, 0);
            run_bounce(&R, &room, &l, fxlt_below(&rng, 2) == 0 ? 0u : FXL_CAST_TWO_SIDED,
                       (int)fxlt_below(&rng, 11), &st);
        }
    }
    fxl__bounce_audit.on = false;
    fxlt_printf("    rooms: %u rooms, %u casts, %u legs; %u leaks, %u errors\n", st.rooms,
                st.casts, st.legs, st.leaks, st.errors);
    fxlt_printf("    room bounces: %u differ from fxl_laser_bounce; %u ends' reachability "
                "checks skipped, %u of them wrong\n",
                room_differ, fxl__bounce_audit.skips, fxl__bounce_audit.wrong);
    CHECK_EQ(st.leaks, 0);
    CHECK_EQ(room_differ, 0);
    CHECK_EQ(fxl__bounce_audit.wrong, 0);
    CHECK_COVER(fxl__bounce_audit.skips > 0);
    CHECK_EQ(st.errors, 0);
    CHECK_EQ(big_faults(), 0);
}

/* Every leg of the bounce inside; the legs printed when one is not. */
static void check_inside(const troom *R, fxl_vec2 e, fxl_angle a, fix16_t len, unsigned flags,
                         int maxb)
{
    room_stats st = {0, 0, 0, 0, 0};
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, e, a, len, 0);
    CHECK_EQ(R->n, R->nv);
    CHECK(inside_pt(R, e));
    run_bounce(R, NULL, &l, flags, maxb, &st);
    CHECK_EQ(st.leaks, 0);
    CHECK_EQ(st.errors, 0);
}

/* The reported cases (issue 21), in rooms found by a random search with
 * the containment reference (the reports did not give the walls): a leg's
 * end rounded behind the wall it left (a tiny convex room; a 3-walled one
 * with a wall of 2 raw units, whose leg 2 left the room for its whole
 * length), and a turret on a wall listed both ways (its first leg stopped
 * at once, the next reflected outwards). */
static void reported_rooms(void)
{
    static const int32_t q1[][8] = {
        {-363463136, -19185029, -363463147, -19185024, -363463148, -19185013, -363463130, -19185010},
        {-363463078, -19185036, -363463170, -19185053, -363463193, -19184986, -363463102, -19184999},
        {-363463143, -19185012, -363463129, -19185010, -363463135, -19185028, -363463149, -19185021},
    };
    static const int32_t q2[][6] = {
        {-4659965, -2796183, -4659938, -2796213, -4659940, -2796212},
        {-4659912, -2796223, -4659911, -2796225, -4660001, -2796178},
        {-4659971, -2796266, -4659941, -2796200, -4659940, -2796199},
    };
    troom R;
    fxl_vec2 v[4];
    size_t i;
    int k, flags;
    for (i = 0; i < FXLT_COUNT(q1); i++) {
        for (k = 0; k < 4; k++)
            v[k] = v2(q1[i][2 * k], q1[i][2 * k + 1]);
        set_outline(&R, v, 4);
        for (flags = 0; flags < 2; flags++)
            check_inside(&R, v2(-363463138, -19185019), 2886, 554229, (unsigned)flags, 4);
    }
    for (i = 0; i < FXLT_COUNT(q2); i++) {
        for (k = 0; k < 3; k++)
            v[k] = v2(q2[i][2 * k], q2[i][2 * k + 1]);
        set_outline(&R, v, 3);
        for (flags = 0; flags < 2; flags++)
            check_inside(&R, v2(-4659944, -2796207), 0, 67108863, (unsigned)flags, 6);
    }
    /* A turret on the bottom wall of a 200 x 100 px room, listed both
     * ways (the copy first), firing up into the room: stopped at once by
     * the copy, it bounces in place off each wall in turn (legs of length
     * 0), never out of the room. */
    v[0] = v2(0, 0);
    v[1] = v2(200 << 16, 0);
    v[2] = v2(200 << 16, 100 << 16);
    v[3] = v2(0, 100 << 16);
    set_outline(&R, v, 4);
    for (k = 0; k < R.n; k++)
        if (R.w[k].a.y == 100 << 16 && R.w[k].b.y == 100 << 16) {
            add_wall(&R, R.w[k].b, R.w[k].a);
            move_last(&R, 0);
            break;
        }
    CHECK_EQ(R.n, 5);
    for (flags = 0; flags < 2; flags++) {
        fxl_bounce legs[8];
        size_t count = 0;
        fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, v2(50 << 16, 100 << 16), 3072 + 100,
                                             300 << 16, 0);
        room_stats st = {0, 0, 0, 0, 0};
        CHECK_EQ(fxl_laser_bounce(&l, R.p, 5, (unsigned)flags, 5, legs, 8, &count), FXL_OK);
        CHECK_EQ(count, 6);
        CHECK_EQ(legs[0].length, 0);
        CHECK_EQ(legs[1].length, 0);
        run_bounce(&R, NULL, &l, (unsigned)flags, 5, &st);
        CHECK_EQ(st.leaks, 0);
    }
}

/* Every array entry of wall.h and cast.h takes (NULL, 0): no undefined
 * behaviour (the suite runs under UBSan), the answers of no walls. */
static void null_and_empty(void)
{
    fxl_vec2 from = v2(PX(10), PX(20)), to = v2(PX(30), PX(-5));
    uint32_t touched = 0xA5A5A5A5u;
    fxl_move m = fxl_move_point(NULL, 0, from, to, NULL);
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_CAPSULE, from, 300, PX(40), PX(3));
    fxl_cast c;
    fxl_bounce leg;
    fxl_room room;
    size_t count = 99;
    unsigned flags;
    CHECK(m.pos.x == to.x && m.pos.y == to.y && m.contacts == 0 && !m.stopped);
    m = fxl_move_point(NULL, 0, from, to, &touched);
    CHECK(m.pos.x == to.x && m.pos.y == to.y && touched == 0xA5A5A5A5u);
    m = fxl_move_circle(NULL, 0, from, to, NULL);
    CHECK(m.pos.x == to.x && m.pos.y == to.y && m.contacts == 0);
    m = fxl_move_circle(NULL, 0, from, to, &touched);
    CHECK(m.pos.x == to.x && touched == 0xA5A5A5A5u);
    CHECK_EQ(fxl_walls_inflate(NULL, 0, PX(3), NULL, 0), FXL_OK);
    for (flags = 0; flags < 4; flags++) {
        CHECK_EQ(fxl_laser_cast(&l, NULL, 0, flags, &c, NULL), FXL_OK);
        CHECK(c.wall == -1 && c.length == l.length);
    }
    l.kind = FXL_LASER_BOX;
    CHECK_EQ(fxl_laser_cast(&l, NULL, 0, FXL_CAST_WIDTH, &c, NULL), FXL_OK);
    CHECK(c.wall == -1 && c.length == l.length);
    CHECK_EQ(fxl_laser_bounce(&l, NULL, 0, 0, 3, NULL, 0, &count), FXL_ERR_CAPACITY);
    CHECK_EQ(count, 0);
    CHECK_EQ(fxl_laser_bounce(&l, NULL, 0, 0, 3, &leg, 1, &count), FXL_OK);
    CHECK(count == 1 && leg.wall == -1 && leg.length == l.length);
    CHECK_EQ(fxl_room_prepare(NULL, 0, NULL, 0, &room), FXL_OK);
    CHECK_EQ(fxl_room_cast(&room, &l, 0, &c, NULL), FXL_OK);
    CHECK(c.wall == -1 && c.length == l.length);
    CHECK_EQ(fxl_room_cast_width(&room, &l, 0, &c, NULL), FXL_OK);
    CHECK(c.wall == -1 && c.length == l.length);
    CHECK_EQ(fxl_room_bounce(&room, &l, 0, 3, NULL, 0, &count), FXL_ERR_CAPACITY);
    CHECK_EQ(fxl_room_bounce(&room, &l, 0, 3, &leg, 1, &count), FXL_OK);
    CHECK(count == 1 && leg.wall == -1 && leg.length == l.length);
    CHECK_EQ(fxl_room_prepare(NULL, 1, NULL, 1, &room), FXL_ERR_NULL);
}

static bool same_cast(const fxl_cast *a, const fxl_cast *b)
{
    return a->length == b->length && a->wall == b->wall && a->point.x == b->point.x &&
           a->point.y == b->point.y;
}

static bool same_legs(const fxl_bounce *a, const fxl_bounce *b, size_t n)
{
    size_t k;
    for (k = 0; k < n; k++)
        if (a[k].start.x != b[k].start.x || a[k].start.y != b[k].start.y ||
            a[k].end.x != b[k].end.x || a[k].end.y != b[k].end.y || a[k].dx != b[k].dx ||
            a[k].dy != b[k].dy || a[k].angle != b[k].angle || a[k].length != b[k].length ||
            a[k].wall != b[k].wall)
            return false;
    return true;
}

/* The room calls give exactly the answers of fxl_laser_cast and
 * fxl_laser_bounce: random rooms as above (emitters inside, on walls,
 * aimed at corners and along walls) and random open scenes of up to 16
 * walls (emitters anywhere), one- and two-sided, centre line, width (box
 * and capsule) and bounces. */
static void room_calls_agree(void)
{
    fxlt_rng rng = fxlt_rng_for("room_calls_agree");
    uint32_t casts = 0, target = FXLT_CASES(100000), bad = 0, stopped = 0;
    static fxl_room_wall packed[RW] FXL_EWRAM_BSS;
    troom R;
    while (casts < target) {
        fxl_room room;
        int k;
        if (fxlt_below(&rng, 2) == 0) {
            make_room(&rng, &R, (int)fxlt_below(&rng, 5));
            if (R.n < 3)
                continue;
        } else {
            int64_t cx = fxlt_range(&rng, -PX(2000), PX(2000)), cy = fxlt_range(&rng, -PX(2000), PX(2000));
            int nw = (int)fxlt_below(&rng, 17);
            R.n = 0;
            R.nv = 1;
            R.v[0] = v2(cx, cy);
            for (k = 0; k < nw; k++) {
                fxl_vec2 a = v2(cx + fxlt_range(&rng, -PX(200), PX(200)), cy + fxlt_range(&rng, -PX(200), PX(200)));
                fxl_vec2 b = v2(a.x + fxlt_range(&rng, -PX(100), PX(100)), a.y + fxlt_range(&rng, -PX(100), PX(100)));
                add_wall(&R, a, b);
            }
        }
        CHECK_EQ(fxl_room_prepare(R.p, (size_t)R.n, packed, RW, &room), FXL_OK);
        for (k = 0; k < 4; k++) {
            fxl_vec2 e;
            fxl_laser l, c1, c2;
            fxl_cast a, b;
            fxl_bounce la[12], lb[12];
            size_t na = 0, nb = 0;
            unsigned flags = fxlt_below(&rng, 2) == 0 ? 0u : FXL_CAST_TWO_SIDED;
            int maxb = (int)fxlt_below(&rng, 8);
            fxl_result ra, rb;
            if (R.nv < 3 || fxlt_below(&rng, 4) == 0)
                e = v2(R.v[0].x + fxlt_range(&rng, -PX(250), PX(250)),
                       R.v[0].y + fxlt_range(&rng, -PX(250), PX(250)));
            else if (!pick_emitter(&rng, &R, &e))
                continue;
            l = fxl_laser_from_emitter(fxlt_below(&rng, 2) == 0 ? FXL_LASER_BOX : FXL_LASER_CAPSULE, e,
                                       pick_angle(&rng, &R, e),
                                       (fix16_t)fxlt_range(&rng, 0, (int32_t)PX(600)),
                                       (fix16_t)fxlt_range(&rng, 0, (int32_t)PX(8)));
            casts++;
            ra = fxl_laser_cast(&l, R.p, (size_t)R.n, flags, &a, &c1);
            rb = fxl_room_cast(&room, &l, flags, &b, &c2);
            bad += ra != rb || !same_cast(&a, &b) || c1.length != c2.length;
            stopped += a.wall >= 0;
            ra = fxl_laser_cast(&l, R.p, (size_t)R.n, flags | FXL_CAST_WIDTH, &a, NULL);
            rb = fxl_room_cast_width(&room, &l, flags, &b, NULL);
            bad += ra != rb || !same_cast(&a, &b);
            ra = fxl_laser_bounce(&l, R.p, (size_t)R.n, flags, maxb, la, 12, &na);
            rb = fxl_room_bounce(&room, &l, flags, maxb, lb, 12, &nb);
            bad += ra != rb || na != nb || !same_legs(la, lb, na < 12 ? na : 12);
        }
    }
    fxlt_printf("    room calls: %u casts (%u stopped by a wall), each as a centre line,\n"
                "      a width and a bounce: %u differ from fxl_laser_cast / fxl_laser_bounce\n",
                casts, stopped, bad);
    CHECK_EQ(bad, 0);
}

/* bounce.c's small division (div_small: fxl__recip_init's reciprocal for
 * the estimate, corrected in 64 bits) against the exact quotient and
 * remainder in 64 bits: divisors below 2^17 (a leg's direction components,
 * axis_meet's use), at and next to powers of two (where the reciprocal's
 * table and Newton steps are least precise) and any below 2^32; quotients
 * of any size below 2^29; remainders 0, 1, den - 1 or any (the band of
 * the exactness flag). */
static void bounce_div_small(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_div_small");
    uint32_t n = FXLT_CASES(400000), k, bad = 0, exact_n = 0;
    for (k = 0; k < n; k++) {
        uint32_t how = fxlt_below(&rng, 4), pick = fxlt_below(&rng, 4);
        uint64_t den, q, rem, got;
        bool exact;
        int b = (int)fxlt_below(&rng, how == 3 ? 32 : 17);
        if (how == 0) {
            den = (uint64_t)1 << b;
        } else if (how == 1) {
            den = ((uint64_t)1 << (b + 1)) + (fxlt_below(&rng, 2) == 0 ? 1u : (uint64_t)-1);
            den = den >= (1u << 17) ? (1u << 17) - 1u : den;
        } else {
            den = 1u + (fxlt_next(&rng) & (((uint64_t)2 << b) - 1u));
            den = den >= ((uint64_t)1 << 32) ? 0xFFFFFFFFu : den;
        }
        q = fxlt_below(&rng, 8) == 0 ? (1u << 29) - 1u - fxlt_below(&rng, 4)
                                     : fxlt_next(&rng) & ((1u << fxlt_below(&rng, 30)) - 1u);
        q = q >= (1u << 29) ? (1u << 29) - 1u : q;
        rem = pick == 0 ? 0u : pick == 1 ? (den > 1 ? 1u : 0u) : pick == 2 ? den - 1u
                                                                  : fxlt_next(&rng) % den;
        got = fxl__bounce_div_small(den, q * den + rem, &exact);
        bad += got != q || exact != (rem == 0);
        exact_n += rem == 0;
    }
    fxlt_printf("    div_small: %u divisions (%u exact), %u wrong\n", n, exact_n, bad);
    CHECK_EQ(bad, 0);
}

/* floor(a / b), b > 0, in 64 bits. */
static int64_t floor_div64(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return q * b > a ? q - 1 : q;
}

/* bounce.c's meeting with an axis-aligned wall (axis_meet: the leg's
 * length floor(u*) and the meeting point's coordinate along the wall from
 * one small division) against the exact rationals in 64 bits: a ray from p
 * along d (the table's vector, or any components below 2^17, some tiny)
 * meets the line y = p.y + r (a horizontal wall; or x = p.x + r, a
 * vertical one) at u* = 65536 r / dy, the point's x = p.x + r dx / dy.
 * Cases concentrated in the band: r a multiple of dy (the point on the
 * grid, u* whole) or one raw unit off it, else any r with u* <= len. */
static void bounce_axis_meet(void)
{
    fxlt_rng rng = fxlt_rng_for("bounce_axis_meet");
    uint32_t n = FXLT_CASES(200000), k, bad = 0, exact_n = 0, tried = 0;
    for (k = 0; k < n; k++) {
        uint32_t how = fxlt_below(&rng, 4);
        bool vertical = fxlt_below(&rng, 2) == 0, exact;
        int32_t dx, dy, dn, da, len = fxlt_range(&rng, 0, FXL_SIZE_MAX), L;
        int64_t r, maxr, an, along;
        fxl_vec2 p = v2(fxlt_range(&rng, -(1 << 29), 1 << 29), fxlt_range(&rng, -(1 << 29), 1 << 29));
        fxl_wall w;
        fxl_wall_prep wp;
        fxl__ray ray;
        if (how == 0) {
            fxl_angle a = (fxl_angle)fxlt_below(&rng, 4096);
            dx = fxl_cos(a);
            dy = fxl_sin(a);
        } else if (how == 1) {
            dx = fxlt_range(&rng, -3, 3);
            dy = fxlt_range(&rng, -131071, 131071);
        } else {
            dx = fxlt_range(&rng, -131071, 131071);
            dy = fxlt_range(&rng, -131071, 131071);
        }
        if (fxlt_below(&rng, 2) == 0) {
            int32_t t = dx;
            dx = dy;
            dy = t;
        }
        dn = vertical ? dx : dy; /* across the wall */
        da = vertical ? dy : dx; /* along it */
        if (dn == 0)
            continue;
        an = dn < 0 ? -(int64_t)dn : dn;
        /* |r| <= len |dn| / 65536: u* <= len; r of dn's sign */
        maxr = ((int64_t)len * an) >> 16;
        if (fxlt_below(&rng, 2) == 0 && maxr / an > 0) {
            int64_t j = (int64_t)(fxlt_next(&rng) % (uint64_t)(maxr / an + 1));
            r = j * dn + (fxlt_below(&rng, 2) == 0 ? 0 : dn < 0 ? -1 : 1) * (int64_t)fxlt_below(&rng, 2);
        } else {
            r = maxr > 0 ? (int64_t)(fxlt_next(&rng) % (uint64_t)(maxr + 1)) : 0;
            r = dn < 0 ? -r : r;
        }
        if ((r < 0 ? -r : r) > maxr)
            continue;
        tried++;
        if (vertical) {
            w.a = v2(p.x + r, fxlt_range(&rng, -(1 << 29), 1 << 29));
            w.b = v2(w.a.x, w.a.y + fxlt_range(&rng, 1, 1 << 20) * (fxlt_below(&rng, 2) ? 1 : -1));
        } else {
            w.a = v2(fxlt_range(&rng, -(1 << 29), 1 << 29), p.y + r);
            w.b = v2(w.a.x + fxlt_range(&rng, 1, 1 << 20) * (fxlt_below(&rng, 2) ? 1 : -1), w.a.y);
        }
        CHECK_EQ(fxl_wall_prepare(&w, &wp), FXL_OK);
        fxl__ray_init(&ray, p, dx, dy, len, 1);
        L = fxl__bounce_axis_meet(&ray, &wp, &along, &exact);
        /* u* = 65536 r / dn, the point's coordinate along: pa + r da / dn (dn
         * of r's sign: both over |dn|) */
        {
            int64_t rs = dn < 0 ? -r : r, num = rs * da;
            int64_t want_along = (vertical ? p.y : p.x) + floor_div64(num, an);
            bad += L != floor_div64(rs * 65536, an) || along != want_along ||
                   exact != (num % an == 0);
            exact_n += num % an == 0;
        }
    }
    fxlt_printf("    axis_meet: %u meetings (%u on the grid along the wall), %u wrong\n", tried,
                exact_n, bad);
    CHECK_EQ(bad, 0);
}

/* cast.h: walls not from fxl_wall_prepare or fxl_walls_inflate give
 * meaningless answers, never undefined behaviour, in a room too. A
 * hand-made prep whose coarse_hi is 0 (its packed hi box reads as 2^32 - 1
 * on both axes) made the index's shift 29 and the cast's 46, past a 32-bit
 * value's width (session 22's audit); the index's shift now stops at 14.
 * UBSan (make test-san) would catch the shift. */
static void hand_made_coarse(void)
{
    fxl_wall_prep w;
    fxl_room_wall packed[1];
    fxl_room room;
    fxl_cast c;
    fxl_bounce legs[3];
    size_t count;
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(0, 0), 0, (fix16_t)PX(100),
                                         (fix16_t)PX(1));
    memset(&w, 0, sizeof w);
    w.a = fxl_vec2_make((fix16_t)PX(10), (fix16_t)PX(-10));
    w.ey = (int32_t)PX(20);
    w.len2 = (uint64_t)w.ey * (uint64_t)w.ey;
    CHECK_EQ(fxl_room_prepare(&w, 1, packed, 1, &room), FXL_OK);
    CHECK(room.sh_x <= 14u && room.sh_y <= 14u && room.shift_x < 32u && room.shift_y < 32u);
    CHECK_EQ(fxl_room_cast(&room, &l, 0, &c, NULL), FXL_OK);
    CHECK(c.length >= 0 && c.length <= l.length);
    CHECK_EQ(fxl_room_cast_width(&room, &l, 0, &c, NULL), FXL_OK);
    CHECK(c.length >= 0 && c.length <= l.length);
    CHECK_EQ(fxl_room_bounce(&room, &l, 0, 2, legs, 3, &count), FXL_OK);
    CHECK(count >= 1 && count <= 3);
}

static const fxlt_case cases[] = {
    {"null_and_empty", null_and_empty},
    {"reported_rooms", reported_rooms},
    {"bounce_stays_inside", bounce_stays_inside},
    {"room_calls_agree", room_calls_agree},
    {"bounce_div_small", bounce_div_small},
    {"bounce_axis_meet", bounce_axis_meet},
    {"hand_made_coarse", hand_made_coarse},
};

const fxlt_suite fxlt_suite_room = {"room", cases, FXLT_COUNT(cases)};
