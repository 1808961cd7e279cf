/* fuzz_chain.c - libFuzzer harness of chain.h: one chain (any int32 in
 * every field, the kind too; prev_angle equal to angle, a few steps off,
 * a half turn off or anywhere), built into arrays of every capacity and
 * handed to a callback, and 24 circles about the beam at prev_angle, at
 * angle and part way through the turn. Invariants:
 *   - fxl_chain_make and fxl_chain_each refuse exactly chain.h's invalid
 *     fields (NULL, kind, emitter, length, half-size), naming a broken
 *     limit, count 0; NULL out with a capacity is FXL_ERR_NULL;
 *   - valid fields give FXL_OK, FXL_ERR_CAPACITY (count FXL_CHAIN_MAX + 1),
 *     FXL_ERR_COORD_RANGE (chained-square chains only) or FXL_ERR_STEP_RANGE
 *     (exactly the rotating chain's half turns, as chain.h defines its half
 *     step; count 0); every square written is a
 *     valid box inside the domain;
 *   - a smaller array gets FXL_ERR_CAPACITY, the same first squares and
 *     the count the chain needs; (NULL, 0) asks for the count;
 *   - fxl_chain_each hands over the squares fxl_chain_make writes, in
 *     order, with the same result and count;
 *   - fxl_chain_vs_circle is the OR of fxl_aabb_vs_circle over the squares
 *     (any circle runs free of undefined behaviour);
 *   - covering chains (FXL_CHAIN_COVER_*) contain every circle the box or
 *     capsule laser touches at prev_angle, at angle, and over the turn
 *     (fxl_sweep_turn of the laser at prev_angle by the short step);
 *   - fxl_tan is the table's sin / cos rounded to nearest, and
 *     +-fix16_maximum where the cosine is zero. */
#include "fuzz.h"

#define NC 24

static fxl_aabb boxes[FXL_CHAIN_MAX + 1], small[FXL_CHAIN_MAX + 1], handed[FXL_CHAIN_MAX + 2];

typedef struct taker {
    size_t n;
} taker;

static void take(void *user, fxl_aabb box)
{
    taker *t = (taker *)user;
    FZ_CHECK(t->n <= FXL_CHAIN_MAX);
    handed[t->n++] = box;
}

static bool same_box(fxl_aabb a, fxl_aabb b)
{
    return a.lo.x == b.lo.x && a.lo.y == b.lo.y && a.hi.x == b.hi.x && a.hi.y == b.hi.y;
}

static fxl_chain fz_chain(fz *f)
{
    fxl_chain ch;
    uint32_t mode;
    ch.emitter.x = fz_coord(f);
    ch.emitter.y = fz_coord(f);
    ch.angle = fz_angle(f);
    mode = fz_below(f, 5);
    ch.prev_angle = mode == 0   ? ch.angle
                    : mode == 1 ? fz_wrap((int64_t)ch.angle + (int8_t)fz_u8(f))
                    : mode == 2 ? fz_wrap((int64_t)ch.angle + 2048 + (int8_t)fz_u8(f) / 32)
                    : mode == 3 ? fz_wrap((int64_t)ch.angle + fz_num(f, 1100, false))
                                : fz_angle(f);
    ch.length = fz_size(f);
    mode = fz_below(f, 3);
    /* a half-size that keeps the chain within its capacity, or any */
    ch.half_size = mode == 0 ? fz_size(f) : fz_wrap(ch.length / (1 + (int64_t)fz_below(f, 1500)) + (int8_t)fz_u8(f));
    return ch;
}

/* chain.h's invalid fields. */
static fz_codes chain_codes(const fxl_chain *ch, int32_t kind)
{
    fz_codes c = 0;
    if (kind < FXL_CHAIN_STATIC || kind > FXL_CHAIN_COVER_CAPSULE)
        c |= FZ_CODE(FXL_ERR_KIND);
    if (!fz_coord_ok(ch->emitter.x) || !fz_coord_ok(ch->emitter.y))
        c |= FZ_CODE(FXL_ERR_COORD_RANGE);
    c |= fz_size_codes(ch->length, FXL_SIZE_MAX, FXL_ERR_LENGTH_NEGATIVE, FXL_ERR_LENGTH_RANGE);
    c |= fz_size_codes(ch->half_size, FXL_SIZE_MAX, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    return ch->half_size == 0 ? c | FZ_CODE(FXL_ERR_SIZE_ZERO) : c;
}

/* fxl_tan against sin * 65536 / cos, for the chain's angle. */
static void check_tan(fxl_angle a)
{
    fz_i128 s = fxl_sin(a), c = fxl_cos(a), t = fxl_tan(a), twice;
    if (c == 0) {
        FZ_CHECK(t == (s > 0 ? fix16_maximum : -fix16_maximum));
        return;
    }
    /* |t - s 65536 / c| <= 1/2  <=>  |2 t c - 2 s 65536| <= |c| */
    twice = 2 * t * c - 2 * s * 65536;
    FZ_CHECK((twice < 0 ? -twice : twice) <= (c < 0 ? -c : c));
}

/* Squares 0..n-1 are valid boxes in the domain. */
static void check_squares(const fxl_aabb *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        FZ_CHECK(fxl_aabb_check(b[i]) == FXL_OK);
}

/* A covering chain against the laser it covers. */
static void check_cover(const fxl_chain *ch, int32_t kind, size_t n, const fxl_circle *circles, size_t nc)
{
    fxl_laser l0 = fxl_laser_from_emitter(kind == FXL_CHAIN_COVER_BOX ? FXL_LASER_BOX : FXL_LASER_CAPSULE,
                                         ch->emitter, ch->prev_angle, ch->length, ch->half_size);
    fxl_laser l1 = l0;
    fxl_laser_prep p0, p1;
    fxl_sweep s = fxl_sweep_turn(&l0, fxl_angle_diff(ch->angle, ch->prev_angle));
    fxl_sweep_prep sp;
    size_t i;
    l1.angle = ch->angle;
    FZ_CHECK(fxl_laser_prepare(&l0, &p0) == FXL_OK && fxl_laser_prepare(&l1, &p1) == FXL_OK);
    FZ_CHECK(fxl_sweep_prepare(&s, &sp) == FXL_OK);
    for (i = 0; i < nc; i++) {
        bool in_chain;
        if (fz_circle_codes(circles[i]) != 0)
            continue; /* conservative for every circle in the domain */
        in_chain = fxl_chain_vs_circle(boxes, n, circles[i]);
        FZ_CHECK(!fxl_laser_vs_circle(&p0, circles[i]) || in_chain);
        FZ_CHECK(!fxl_laser_vs_circle(&p1, circles[i]) || in_chain);
        FZ_CHECK(!fxl_sweep_vs_circle(&sp, circles[i]) || in_chain);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_chain ch;
    int32_t kind;
    fxl_circle circles[NC];
    fz_codes codes;
    fxl_result res, r2;
    size_t n = 999, m = 999, nc, i;
    taker t;
    bool seed, half_turn;

    f = fz_start(data, size);
    ch = fz_chain(&f);
    kind = fz_enum(&f, 4);
    codes = chain_codes(&ch, kind);
    check_tan(ch.angle);
    FZ_CHECK(fxl_chain_make(NULL, FXL_CHAIN_STATIC, boxes, 4, &n) == FXL_ERR_NULL && n == 0);
    fz_check_result(fxl_chain_make(&ch, (fxl_chain_kind)kind, NULL, 5, &n), codes | FZ_CODE(FXL_ERR_NULL));
    FZ_CHECK(fxl_chain_each(&ch, (fxl_chain_kind)kind, NULL, NULL, &n) == FXL_ERR_NULL);

    res = fxl_chain_make(&ch, (fxl_chain_kind)kind, boxes, FXL_CHAIN_MAX, &n);
    t.n = 0;
    r2 = fxl_chain_each(&ch, (fxl_chain_kind)kind, take, &t, &m);
    if (codes != 0) {
        fz_check_result(res, codes);
        FZ_CHECK(r2 == res && n == 0 && m == 0 && t.n == 0);
        return 0;
    }
    seed = kind <= FXL_CHAIN_ROTATING;
    {
        /* chain.h: |half step| = 1024 where a - p = +-2048 or +-2049 */
        int32_t d = (int32_t)((uint32_t)ch.angle & 4095u) - (int32_t)((uint32_t)ch.prev_angle & 4095u);
        half_turn = kind == FXL_CHAIN_ROTATING && (d == 2048 || d == 2049 || d == -2048 || d == -2049);
    }
    FZ_CHECK((res == FXL_ERR_STEP_RANGE) == half_turn);
    FZ_CHECK(res == FXL_OK || res == FXL_ERR_CAPACITY || res == FXL_ERR_STEP_RANGE ||
             (seed && res == FXL_ERR_COORD_RANGE));
    FZ_CHECK(res != FXL_ERR_CAPACITY || n == FXL_CHAIN_MAX + 1);
    FZ_CHECK(n <= FXL_CHAIN_MAX + 1);

    /* the callback sees the same squares, result and count */
    FZ_CHECK(r2 == res && m == n);
    if (half_turn) {
        FZ_CHECK(n == 0 && t.n == 0);
        return 0;
    }
    FZ_CHECK(t.n == (n < FXL_CHAIN_MAX ? n : FXL_CHAIN_MAX));
    for (i = 0; i < t.n; i++)
        FZ_CHECK(same_box(handed[i], boxes[i]));
    check_squares(boxes, n < FXL_CHAIN_MAX ? n : FXL_CHAIN_MAX);

    /* asking for the count, and smaller arrays */
    r2 = fxl_chain_make(&ch, (fxl_chain_kind)kind, NULL, 0, &m);
    if (res == FXL_OK)
        FZ_CHECK(n == 0 ? r2 == FXL_OK && m == 0 : r2 == FXL_ERR_CAPACITY && m == n);
    if (res == FXL_ERR_CAPACITY)
        FZ_CHECK(r2 == FXL_ERR_CAPACITY && m == n);
    if (res != FXL_ERR_COORD_RANGE) { /* FXL_OK or FXL_ERR_CAPACITY */
        size_t cap = n == 0 ? 0 : fz_below(&f, (uint32_t)n);
        memset(small, 0x5A, sizeof small);
        FZ_CHECK(fxl_chain_make(&ch, (fxl_chain_kind)kind, small, cap, &m) == (n > cap ? FXL_ERR_CAPACITY : FXL_OK));
        FZ_CHECK(m == n);
        for (i = 0; i < cap; i++)
            FZ_CHECK(same_box(small[i], boxes[i]));
        FZ_CHECK(small[cap].lo.x == 0x5A5A5A5A); /* nothing past cap */
    }

    /* circles: the whole-chain test, and what covering chains cover */
    nc = fz_below(&f, NC + 1);
    for (i = 0; i < nc; i++) {
        fxl_laser l = fxl_laser_from_emitter(kind == FXL_CHAIN_COVER_CAPSULE ? FXL_LASER_CAPSULE : FXL_LASER_BOX,
                                            ch.emitter, ch.prev_angle, ch.length, ch.half_size);
        uint32_t where = fz_below(&f, 3);
        if (where != 0)
            l.angle = where == 1 ? ch.angle
                                 : fz_wrap((int64_t)ch.prev_angle +
                                           (int64_t)fxl_angle_diff(ch.angle, ch.prev_angle) * fz_below(&f, 9) / 8);
        circles[i] = fz_circle_near(&f, &l);
    }
    if (n > FXL_CHAIN_MAX)
        return 0;
    for (i = 0; i < nc; i++) {
        bool any = false;
        size_t k;
        bool got = fxl_chain_vs_circle(boxes, n, circles[i]);
        FZ_CHECK(!fxl_chain_vs_circle(NULL, 0, circles[i])); /* (NULL, 0): no NULL + 0 */
        if (fz_circle_codes(circles[i]) != 0)
            continue;
        for (k = 0; k < n && !any; k++)
            any = fxl_aabb_vs_circle(boxes[k], circles[i]);
        FZ_CHECK(got == any);
    }
    if (res == FXL_OK && !seed)
        check_cover(&ch, kind, n, circles, nc);
    return 0;
}
