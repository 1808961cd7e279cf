/* fuzz_cast.c - libFuzzer harness of cast.h. A laser (any field, any
 * int32) cast and bounced against up to 8 walls placed near it or
 * anywhere, one- or two-sided, centre line or width. Invariants:
 *   - fxl_laser_cast refuses what fxl_laser_prepare refuses (same code),
 *     a centre-anchored laser (FXL_ERR_ANCHOR), and otherwise returns
 *     FXL_OK with 0 <= length <= the laser's length, wall -1 exactly when
 *     the length is the whole laser's and no wall stopped it, and a
 *     clipped laser that fxl_laser_prepare accepts, of that length;
 *   - with half-width 0, FXL_CAST_WIDTH gives the centre line's answer;
 *   - fxl_laser_bounce: at most max_bounces + 1 legs, each starting where
 *     the one before ended, the first at the emitter with the first cast's
 *     length and wall; the legs' lengths add up to at most the laser's;
 *   - the room calls (fxl_room_prepare of the same walls) give exactly
 *     the answers of fxl_laser_cast and fxl_laser_bounce;
 *   - a closed room (a triangle about the emitter, one of its walls
 *     perhaps listed both ways too, the emitter inside it, on a wall or
 *     on a corner): every leg's end lies in the room (convex: so does
 *     every leg's segment), exactly by the side values;
 *   - any int32 input: no undefined behaviour. */
#include "fuzz.h"

#define NW 8

/* (b - a) x (p - a), coordinates within the domain (products < 2^62). */
static int64_t fz_side(fxl_vec2 a, fxl_vec2 b, fxl_vec2 p)
{
    return ((int64_t)b.x - a.x) * ((int64_t)p.y - a.y) - ((int64_t)b.y - a.y) * ((int64_t)p.x - a.x);
}

/* A triangle room about the laser's emitter, bounced in: every leg's end
 * in front of or on each of its three walls. */
static void fz_room(fz *f, fxl_laser l, unsigned flags)
{
    fxl_vec2 v[3];
    fxl_wall_prep walls[4];
    fxl_bounce legs[8];
    size_t count = 0, i;
    int k, m = 0, dup = (int)fz_below(f, 4);
    uint32_t where = fz_below(f, 4);
    for (k = 0; k < 3; k++)
        v[k] = fz_frame_point(l.pos, (fxl_angle)(((int64_t)l.angle + 1365 * k + (int8_t)fz_u8(f)) & 4095),
                              fz_num(f, 300 << 16, true), (int8_t)fz_u8(f));
    for (k = 0; k < 3; k++)
        if (!fz_coord_ok(v[k].x) || !fz_coord_ok(v[k].y))
            return;
    if (fz_side(v[0], v[1], v[2]) == 0)
        return;
    if (fz_side(v[0], v[1], v[2]) > 0) { /* the inside on the left: in front */
        fxl_vec2 t = v[1];
        v[1] = v[2];
        v[2] = t;
    }
    if (where == 1)
        l.pos = v[fz_below(f, 3)]; /* on a corner */
    else if (where == 2) {           /* on a wall (a grid point of it, or near) */
        k = (int)fz_below(f, 3);
        l.pos.x = v[k].x + (fix16_t)(((int64_t)v[(k + 1) % 3].x - v[k].x) / 2);
        l.pos.y = v[k].y + (fix16_t)(((int64_t)v[(k + 1) % 3].y - v[k].y) / 2);
    }
    if (!fz_coord_ok(l.pos.x) || !fz_coord_ok(l.pos.y))
        return;
    for (k = 0; k < 3; k++)
        if (fz_side(v[k], v[(k + 1) % 3], l.pos) > 0)
            return; /* the emitter outside */
    for (k = 0; k < 3; k++) {
        fxl_wall w;
        w.a = v[k];
        w.b = v[(k + 1) % 3];
        if (fxl_wall_prepare(&w, &walls[m]) != FXL_OK)
            return;
        m++;
        if (dup == k) { /* listed both ways: the copy first */
            walls[m] = walls[m - 1];
            w.a = v[(k + 1) % 3];
            w.b = v[k];
            if (fxl_wall_prepare(&w, &walls[m - 1]) != FXL_OK)
                return;
            m++;
        }
    }
    if (fxl_laser_bounce(&l, walls, (size_t)m, flags, (int)fz_below(f, 8), legs, 8, &count) != FXL_OK)
        return;
    for (i = 0; i < count; i++) {
        FZ_CHECK(fz_coord_ok(legs[i].end.x) && fz_coord_ok(legs[i].end.y));
        for (k = 0; k < 3; k++)
            FZ_CHECK(fz_side(v[k], v[(k + 1) % 3], legs[i].end) <= 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f = fz_start(data, size);
    fxl_laser l = fz_laser(&f), clipped;
    fxl_wall_prep walls[NW];
    fxl_bounce legs[8];
    fxl_cast out, centre;
    fxl_laser_prep lp;
    unsigned flags = fz_u8(&f) & 3u;
    uint32_t nw = fz_below(&f, NW + 1), m = 0, k;
    int bounces = (int)fz_below(&f, 7) - 1;
    size_t count = 0, i;
    fxl_result want, got;
    int64_t sum = 0;
    for (k = 0; k < nw; k++) {
        fxl_wall w;
        if (fz_flag(&f)) { /* near the beam: a wall across it somewhere */
            int64_t u = fz_num(&f, 300 << 16, true), v = (int8_t)fz_u8(&f) * 65536;
            w.a = fz_frame_point(l.pos, l.angle, u, v);
            w.b = fz_frame_point(l.pos, l.angle, u + (int8_t)fz_u8(&f) * 65536, -v + (int8_t)fz_u8(&f));
        } else {
            w.a = fxl_vec2_make(fz_coord(&f), fz_coord(&f));
            w.b = fxl_vec2_make(fz_coord(&f), fz_coord(&f));
        }
        if (fxl_wall_prepare(&w, &walls[m]) == FXL_OK)
            m++;
    }
    want = fxl_laser_prepare(&l, &lp);
    if (want == FXL_OK && l.anchor != FXL_ANCHOR_EMITTER)
        want = FXL_ERR_ANCHOR;
    got = fxl_laser_cast(&l, walls, m, flags, &out, &clipped);
    FZ_CHECK(got == want || (want != FXL_OK && got != FXL_OK));
    if (got != FXL_OK)
        return 0;
    FZ_CHECK(want == FXL_OK);
    FZ_CHECK(out.length >= 0 && out.length <= l.length);
    FZ_CHECK(out.wall >= -1 && out.wall < (int32_t)m);
    if (out.wall == -1)
        FZ_CHECK(out.length == l.length);
    FZ_CHECK(clipped.length == out.length && fxl_laser_prepare(&clipped, &lp) == FXL_OK);
    if (l.half_width == 0 && (flags & FXL_CAST_WIDTH) != 0) {
        FZ_CHECK(fxl_laser_cast(&l, walls, m, flags & ~FXL_CAST_WIDTH, &centre, NULL) == FXL_OK);
        FZ_CHECK(centre.length == out.length);
    }
    flags &= ~FXL_CAST_WIDTH;
    FZ_CHECK(fxl_laser_cast(&l, walls, m, flags, &centre, NULL) == FXL_OK);
    got = fxl_laser_bounce(&l, walls, m, flags, bounces, legs, 8, &count);
    FZ_CHECK(got == FXL_OK);
    FZ_CHECK(count >= 1 && count <= (size_t)(bounces < 0 ? 0 : bounces) + 1u);
    FZ_CHECK(legs[0].start.x == l.pos.x && legs[0].start.y == l.pos.y);
    FZ_CHECK(legs[0].length == centre.length && legs[0].wall == centre.wall);
    for (i = 0; i < count; i++) {
        FZ_CHECK(legs[i].length >= 0);
        sum += legs[i].length;
        if (i > 0)
            FZ_CHECK(legs[i].start.x == legs[i - 1].end.x && legs[i].start.y == legs[i - 1].end.y);
    }
    FZ_CHECK(sum <= l.length);
    {
        fxl_room_wall packed[NW];
        fxl_room room;
        fxl_bounce more[8];
        size_t count2 = 0;
        fxl_cast rc;
        FZ_CHECK(fxl_room_prepare(walls, m, packed, NW, &room) == FXL_OK);
        FZ_CHECK(fxl_room_cast(&room, &l, flags, &rc, NULL) == FXL_OK);
        FZ_CHECK(rc.length == centre.length && rc.wall == centre.wall &&
                 rc.point.x == centre.point.x && rc.point.y == centre.point.y);
        FZ_CHECK(fxl_room_cast_width(&room, &l, flags, &rc, NULL) == FXL_OK);
        FZ_CHECK(fxl_laser_cast(&l, walls, m, flags | FXL_CAST_WIDTH, &centre, NULL) == FXL_OK);
        FZ_CHECK(rc.length == centre.length && rc.wall == centre.wall &&
                 rc.point.x == centre.point.x && rc.point.y == centre.point.y);
        FZ_CHECK(fxl_room_bounce(&room, &l, flags, bounces, more, 8, &count2) == FXL_OK);
        FZ_CHECK(count2 == count);
        for (i = 0; i < count; i++)
            FZ_CHECK(more[i].end.x == legs[i].end.x && more[i].end.y == legs[i].end.y &&
                     more[i].length == legs[i].length && more[i].wall == legs[i].wall &&
                     more[i].dx == legs[i].dx && more[i].dy == legs[i].dy);
    }
    fz_room(&f, l, flags);
    return 0;
}
