/* chain.c - static and rotating chains of axis-aligned squares (the
 * fixed-point rotating-laser article's method), in Q32.32 accumulators so
 * that rounding never builds up along the chain. */
#include "fixlaser/chain.h"
#include "fixlaser/shapes.h"

#include "domain.h"
#include "wide.h"

fix16_t fxl_tan(fxl_angle a)
{
    fix16_t s = fxl_sin(a), c = fxl_cos(a);
    if (c == 0)
        return s > 0 ? fix16_maximum : -fix16_maximum;
    return fix16_div(s, c);
}

fxl_angle fxl_chain_half_step(fxl_angle angle, fxl_angle prev_angle)
{
    int32_t a = (int32_t)((uint32_t)angle & FXL_ANGLE_MASK);
    int32_t p = (int32_t)((uint32_t)prev_angle & FXL_ANGLE_MASK);
    /* (a - p) / 2 truncates towards zero, as in the article's C. */
    return (fxl_angle)(((uint32_t)((a - p) / 2 + 1024) & 2047u)) - 1024;
}

/* The walk along the beam; both forms of both chains run it. */
typedef struct walk {
    int64_t x, y;    /* Q32.32 centre of the current square */
    int64_t size;    /* Q32.32 half-size */
    int64_t left;    /* Q32.32 length still to cover */
    int32_t c, s;    /* Q16.16 direction of the chain */
    int32_t grow;    /* Q16.16 tan of the half step (0: static chain) */
    bool rotating;
} walk;

/* Q32.32 * Q16.16 -> Q32.32, rounded to nearest; |a| <= 2^46. */
static int64_t mul_q16(int64_t a, int32_t b)
{
    return fxl__round_shift(a * b, 16);
}

FXL_ARM_CODE static fxl_result walk_start(const fxl_chain *chain, bool rotating, walk *w)
{
    fxl_angle dir;

    if (chain == NULL)
        return FXL_ERR_NULL;
    dir = chain->angle;
    if (!fxl__coord_ok(chain->origin.x) || !fxl__coord_ok(chain->origin.y))
        return FXL_ERR_COORD_RANGE;
    if (chain->length < 0)
        return FXL_ERR_LENGTH_NEGATIVE;
    if (chain->length > FXL_SIZE_MAX)
        return FXL_ERR_LENGTH_RANGE;
    if (chain->half_size < 0)
        return FXL_ERR_WIDTH_NEGATIVE;
    if (chain->half_size == 0)
        return FXL_ERR_SIZE_ZERO;
    if (chain->half_size > FXL_SIZE_MAX)
        return FXL_ERR_WIDTH_RANGE;
    w->grow = 0;
    if (rotating) {
        fxl_angle half = fxl_chain_half_step(chain->angle, chain->prev_angle);
        if (half == -1024)
            return FXL_ERR_STEP_RANGE; /* half a turn: tan(90 degrees) */
        /* Laid along the mid angle; squares grow by tan(|half step|). */
        dir = (fxl_angle)((uint32_t)chain->angle - (uint32_t)half);
        w->grow = fxl_tan(half < 0 ? -half : half);
    } else if ((chain->length - 1) / (2 * (int64_t)chain->half_size) + 1 > FXL_CHAIN_MAX) {
        return FXL_ERR_CAPACITY;
    }
    w->c = fxl_cos(dir);
    w->s = fxl_sin(dir);
    w->x = (int64_t)chain->origin.x * 65536;
    w->y = (int64_t)chain->origin.y * 65536;
    w->size = (int64_t)chain->half_size * 65536;
    w->left = (int64_t)chain->length * 65536;
    w->rotating = rotating;
    return FXL_OK;
}

/* floor and ceiling of a Q32.32 value in Q16.16 (shifts, no division:
 * a 64-bit division is a slow library call on 32-bit targets). */
static int64_t floor_q16(int64_t v)
{
    return fxl__floor_shift(v, 16);
}

static int64_t ceil_q16(int64_t v)
{
    return -floor_q16(-v);
}

/* Produces the next square; *more = false when the beam is covered.
 * Static: the square sits where the walk is, then the walk steps by
 * pitch = 2*size. Rotating (the article's second loop): the walk steps by
 * pitch, the size grows by pitch * tan, then the square is placed. */
FXL_ARM_CODE static fxl_result walk_next(walk *w, fxl_aabb *box, bool *more)
{
    int64_t pitch = 2 * w->size, x = w->x, y = w->y, lo_x, lo_y, hi_x, hi_y;

    *more = w->left > 0;
    if (!*more)
        return FXL_OK;
    w->left -= pitch;
    w->x += mul_q16(pitch, w->c);
    w->y += mul_q16(pitch, w->s);
    if (w->rotating) {
        /* size += pitch * tan, as Q24 * Q16 to stay inside 64 bits. */
        w->size += fxl__round_shift((pitch >> 8) * w->grow, 8); /* pitch > 0 */
        x = w->x;
        y = w->y;
    }
    lo_x = floor_q16(x - w->size);
    lo_y = floor_q16(y - w->size);
    hi_x = ceil_q16(x + w->size);
    hi_y = ceil_q16(y + w->size);
    if (w->size > (int64_t)FXL_SIZE_MAX * 65536 || lo_x < -FXL_COORD_MAX ||
        lo_y < -FXL_COORD_MAX || hi_x > FXL_COORD_MAX || hi_y > FXL_COORD_MAX)
        return FXL_ERR_COORD_RANGE; /* the chain leaves the domain */
    box->lo = fxl_vec2_make((fix16_t)lo_x, (fix16_t)lo_y);
    box->hi = fxl_vec2_make((fix16_t)hi_x, (fix16_t)hi_y);
    return FXL_OK;
}

typedef struct sink {
    fxl_aabb *out;
    size_t cap;
    fxl_aabb_fn fn;
    void *user;
} sink;

static fxl_result run(const fxl_chain *chain, bool rotating, const sink *to, size_t *count)
{
    walk w;
    size_t n = 0;
    bool more = true;
    fxl_result res = walk_start(chain, rotating, &w);

    while (res == FXL_OK) {
        fxl_aabb box;
        res = walk_next(&w, &box, &more);
        if (res != FXL_OK || !more)
            break;
        if (n == FXL_CHAIN_MAX || (to->fn == NULL && n == to->cap)) {
            res = FXL_ERR_CAPACITY;
            break;
        }
        if (to->fn != NULL)
            to->fn(to->user, box);
        else
            to->out[n] = box;
        n++;
    }
    if (count != NULL)
        *count = n;
    return res;
}

static fxl_result into_array(const fxl_chain *chain, bool rotating, fxl_aabb *out, size_t cap,
                             size_t *count)
{
    sink to;
    if (out == NULL && cap != 0)
        return FXL_ERR_NULL;
    to.out = out;
    to.cap = cap;
    to.fn = NULL;
    to.user = NULL;
    return run(chain, rotating, &to, count);
}

static fxl_result into_fn(const fxl_chain *chain, bool rotating, fxl_aabb_fn fn, void *user,
                          size_t *count)
{
    sink to;
    if (fn == NULL)
        return FXL_ERR_NULL;
    to.out = NULL;
    to.cap = 0;
    to.fn = fn;
    to.user = user;
    return run(chain, rotating, &to, count);
}

fxl_result fxl_chain_static(const fxl_chain *chain, fxl_aabb *out, size_t cap, size_t *count)
{
    return into_array(chain, false, out, cap, count);
}

fxl_result fxl_chain_rotating(const fxl_chain *chain, fxl_aabb *out, size_t cap, size_t *count)
{
    return into_array(chain, true, out, cap, count);
}

fxl_result fxl_chain_static_each(const fxl_chain *chain, fxl_aabb_fn fn, void *user,
                                 size_t *count)
{
    return into_fn(chain, false, fn, user, count);
}

fxl_result fxl_chain_rotating_each(const fxl_chain *chain, fxl_aabb_fn fn, void *user,
                                   size_t *count)
{
    return into_fn(chain, true, fn, user, count);
}

bool fxl_chain_vs_circle(const fxl_aabb *boxes, size_t count, fxl_circle circle)
{
    size_t i;
    FXL_ASSERT(boxes != NULL || count == 0);
    for (i = 0; i < count; i++)
        if (fxl_aabb_vs_circle(boxes[i], circle))
            return true;
    return false;
}
