/* curvy.c - a curvy laser's trail: the ring of nodes in the caller's
 * storage, its boxes (chunks, spare; the whole trail's and a copy of the
 * head chunk's in the fxl_curvy), pushes and drops, the exact segment
 * lengths, widths and cuts. The tests live in curvy_hit.c (static) and
 * curvy_swept.c (moving circles), the drawing quads in curvy_draw.c.
 *
 * Placement (GBA): a game pushes every curvy laser every frame; the push
 * is plain code in ROM, its square root for a step of 1 to 32 px a frame
 * too (curvy_parts.h's fxl__curvy_len_mid: 32-bit products only, one
 * table), other steps' ARM code in ROM (seg_length, FXL_ARM_CODE): 695
 * cycles a push (bench ROM), 871 with every root in seg_length, 703 with
 * seg_length in IWRAM (FXL_IWRAM_CODE, 304 bytes; 713 before the head's
 * and the new tail's nodes were found from the written slot's pointer, 745
 * before its checks were one fast test, 735 before that test was shifts
 * instead of compares with FXL_COORD_MAX) and 495 with the push in IWRAM
 * too (760 more bytes). Session 13 gave seg_length's 304 bytes of the boss
 * frame's 4 KiB of library IWRAM to the bounce kernel's loop
 * (port/gba/bounce_arm.s), which saves about 5 times the cycles a frame
 * (docs/tuning.md). */
#include "fixlaser/curvy.h"

#include "curvy_parts.h"
#include "domain.h"
#include "frame.h"
#include "wide.h"

/* A box that holds nothing: every reject test fails on it. */
static fxl_aabb empty_box(void)
{
    fxl_aabb b;
    b.lo = fxl_vec2_make(INT32_MAX, INT32_MAX);
    b.hi = fxl_vec2_make(INT32_MIN, INT32_MIN);
    return b;
}

fxl_result fxl_curvy_init(fxl_curvy *c, fxl_curvy_node *nodes, size_t cap, fxl_aabb *boxes,
                          size_t nboxes, fix16_t width_max, fix16_t max_length)
{
    size_t i;
    fxl_result res;
    if (c == NULL || nodes == NULL || boxes == NULL)
        return FXL_ERR_NULL;
    if (cap < 2 || cap > FXL_CURVY_MAX || nboxes < FXL_CURVY_BOXES(cap))
        return FXL_ERR_CAPACITY;
    res = fxl__check_size(width_max, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res != FXL_OK)
        return res;
    if (max_length < 0)
        return FXL_ERR_LENGTH_NEGATIVE;
    c->nodes = nodes;
    c->boxes = boxes;
    c->cap = (uint32_t)cap;
    c->max_length = max_length;
    c->width_max = width_max;
    c->taper = 0;
    c->hit_fraction = fix16_one;
    c->harmless = false;
    /* Every box starts empty (the spare, the head's copy and the trail's
     * too), so that no box is ever read before it is written. */
    for (i = 0; i < FXL_CURVY_BOXES(cap); i++)
        boxes[i] = empty_box();
    c->head_box = c->trail_box = empty_box();
    fxl_curvy_clear(c);
    return FXL_OK;
}

fxl_result fxl_curvy_check(const fxl_curvy *c)
{
    fxl_result res;
    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    if (c->cap < 2 || c->cap > FXL_CURVY_MAX || c->tail >= c->cap || c->count > c->cap)
        return FXL_ERR_CAPACITY;
    res = fxl__check_size(c->width_max, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK)
        res = fxl__check_size(c->taper, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && c->max_length < 0)
        res = FXL_ERR_LENGTH_NEGATIVE;
    if (res == FXL_OK && !fxl__fraction_ok(c->hit_fraction))
        res = FXL_ERR_FRACTION_RANGE;
    return res;
}

void fxl_curvy_clear(fxl_curvy *c)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL)
        return;
    c->tail = 0;
    c->count = 0;
    c->grew = false;
    c->length = 0;
    c->wide = 0;
}

/* b grown to hold the box (x0, y0)-(x1, y1): util.h's fxl__aabb_union in
 * place, kept as conditional stores (the union's four stores made a push
 * 4% longer). */
static void grow(fxl_aabb *b, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    if (x0 < b->lo.x)
        b->lo.x = x0;
    if (y0 < b->lo.y)
        b->lo.y = y0;
    if (x1 > b->hi.x)
        b->hi.x = x1;
    if (y1 > b->hi.y)
        b->hi.y = y1;
}

/* The chunk boxes after a node's disk, the box (x0, y0)-(x1, y1), was
 * written to ring slot s = j*C (C = FXL_CURVY_CHUNK), the first of chunk
 * j. Box j covers slots j*C .. j*C + C (slot cap being slot 0), so that
 * both nodes of every segment whose older node sits in chunk j lie in it:
 * writing slot j*C starts box j afresh and grows box j - 1 (the last
 * chunk's box for slot 0); the other slots of the chunk grow box j
 * (fxl_curvy_push). The nodes of chunk j written in the ring's previous
 * pass that are still live (the tail's end of a wrapped trail, which only
 * the head's chunk can hold) are in the box as it was: it moves to the
 * spare box, boxes[chunks], which covers them until the head leaves the
 * chunk (by then every slot of it has been written again). */
static void boxes_start(fxl_aabb *b, uint32_t cap, uint32_t j, int32_t x0, int32_t y0, int32_t x1,
                        int32_t y1)
{
    /* First the previous chunk (with one chunk, this very box: the spare
     * then holds the new node too, which its old part's last segment
     * reaches through slot 0). */
    uint32_t nb = fxl__curvy_chunks(cap);
    grow(&b[j == 0 ? nb - 1u : j - 1u], x0, y0, x1, y1);
    b[nb] = b[j];
    b[j].lo.x = x0;
    b[j].lo.y = y0;
    b[j].hi.x = x1;
    b[j].hi.y = y1;
}

/* The head's chunk's box (its copy in the trail, h, and the walk's, b, in
 * the caller's storage) and the trail's box t, which holds it (all three
 * were worked out when the head started the chunk and have grown alike
 * since), grown by the box (x0, y0)-(x1, y1): the copy is compared (it
 * sits with the trail, the boxes may sit in slow memory), b written only
 * where it grows, t compared only there (elsewhere the node lies in the
 * chunk's box, so in t). */
FXL__ALWAYS_INLINE void grow_head(fxl_aabb *h, fxl_aabb *b, fxl_aabb *t, int32_t x0, int32_t y0,
                                  int32_t x1, int32_t y1)
{
    if (x0 < h->lo.x) {
        h->lo.x = b->lo.x = x0;
        if (x0 < t->lo.x)
            t->lo.x = x0;
    }
    if (y0 < h->lo.y) {
        h->lo.y = b->lo.y = y0;
        if (y0 < t->lo.y)
            t->lo.y = y0;
    }
    if (x1 > h->hi.x) {
        h->hi.x = b->hi.x = x1;
        if (x1 > t->hi.x)
            t->hi.x = x1;
    }
    if (y1 > h->hi.y) {
        h->hi.y = b->hi.y = y1;
        if (y1 > t->hi.y)
            t->hi.y = y1;
    }
}

/* The trail's box, c->trail_box, afresh: the union of the boxes of the
 * chunks from the tail's to the head's (in slot hs), and the spare when
 * the trail wraps within the head's chunk. Once every FXL_CURVY_CHUNK
 * pushes; in between, pushes grow it (drops leave it larger than needed). */
static void trail_box(fxl_curvy *c, uint32_t hs)
{
    uint32_t nb = fxl__curvy_chunks(c->cap), hc = hs / FXL_CURVY_CHUNK;
    uint32_t j = c->tail / FXL_CURVY_CHUNK;
    const fxl_aabb *b = c->boxes, *e;
    fxl_aabb *t = &c->trail_box;
    int32_t x0 = b[hc].lo.x, y0 = b[hc].lo.y, x1 = b[hc].hi.x, y1 = b[hc].hi.y;
    /* In registers: the boxes may sit in slow memory (EWRAM), each read
     * once, the trail's written once. */
#define FXL__TAKE(bx)                                                                             \
    do {                                                                                          \
        int32_t u0 = (bx)->lo.x, v0 = (bx)->lo.y, u1 = (bx)->hi.x, v1 = (bx)->hi.y;                \
        x0 = u0 < x0 ? u0 : x0;                                                                   \
        y0 = v0 < y0 ? v0 : y0;                                                                   \
        x1 = u1 > x1 ? u1 : x1;                                                                   \
        y1 = v1 > y1 ? v1 : y1;                                                                   \
    } while (0)
    if (j == hc && c->tail > hs) {
        FXL__TAKE(&b[nb]);
        j = j + 1u == nb ? 0u : j + 1u;
    }
    /* Chunks j .. hc - 1, cyclically: at most two runs of storage. */
    if (j > hc) {
        for (e = b + nb, b += j; b != e; b++)
            FXL__TAKE(b);
        j = 0;
        b = c->boxes;
    }
    for (e = b + hc, b += j; b != e; b++)
        FXL__TAKE(b);
#undef FXL__TAKE
    t->lo.x = x0;
    t->lo.y = y0;
    t->hi.x = x1;
    t->hi.y = y1;
}

/* The boxes when a push wrote the disk (x, y), half-width w to slot s,
 * the first of its chunk: once every FXL_CURVY_CHUNK pushes, so kept out of
 * the push (plain code: out of IWRAM on the GBA). */
FXL_NOINLINE static void chunk_start(fxl_curvy *c, uint32_t s, int32_t x, int32_t y, int32_t w)
{
    fxl_aabb *b = &c->boxes[s / FXL_CURVY_CHUNK];
    if (c->count == 1) {
        /* The node alone (a first push after a clear, or drops down to the
         * head): no live segment ends at it, so the previous chunk's box
         * need not grow, nor the spare keep this one's past (both are
         * worked out afresh before a live segment can need them: the
         * previous chunk's when the ring comes round to it); the trail's
         * box is the node's disk. */
        b->lo.x = x - w;
        b->lo.y = y - w;
        b->hi.x = x + w;
        b->hi.y = y + w;
        c->head_box = c->trail_box = *b;
        return;
    }
    boxes_start(c->boxes, c->cap, s / FXL_CURVY_CHUNK, x - w, y - w, x + w, y + w);
    c->head_box = *b;
    trail_box(c, s);
}

/* curvy_parts.h's fxl__curvy_len_tab (its comment says what each entry
 * holds). */
const uint32_t fxl__curvy_len_tab[256] = {
    0u, 2u, 3u, 3u, 4u, 4u, 4u, 4u, 5u, 5u, 5u, 5u, 5u, 5u, 5u, 5u, 6u, 6u, 6u, 6u, 6u, 6u, 6u, 6u,
    6u, 6u, 6u, 6u, 6u, 6u, 6u, 6u, 1073743856u, 1090389969u, 1106788276u, 1122946968u,
    1138876285u, 1154584419u, 1170083659u, 1185380147u, 1200480028u, 1215393542u, 1230126833u,
    1244683996u, 1259075272u, 1273302709u, 1287372450u, 1301290641u, 1315061375u, 1328688750u,
    1342178910u, 1355533902u, 1368757822u, 1381856815u, 1394832929u, 1407688211u, 1420426757u,
    1433054711u, 1445570026u, 1457978845u, 1470281169u, 1482483141u, 1494586809u, 1506590125u,
    1518501282u, 1530318231u, 1542045068u, 1553683842u, 1565234551u, 1576701293u, 1588086115u,
    1599389018u, 1610614096u, 1621759303u, 1632828734u, 1643824437u, 1654748460u, 1665598756u,
    1676379419u, 1687090451u, 1697735947u, 1708313859u, 1718826235u, 1729275123u, 1739660524u,
    1749984484u, 1760249053u, 1770454230u, 1780600015u, 1790688456u, 1800719553u, 1810695355u,
    1820617908u, 1830485166u, 1840301223u, 1850064033u, 1859775643u, 1869436053u, 1879049359u,
    1888611465u, 1898126467u, 1907592317u, 1917013112u, 1926386802u, 1935715437u, 1944999015u,
    1954239586u, 1963437149u, 1972589656u, 1981701203u, 1990769742u, 1999799369u, 2008788036u,
    2017735743u, 2026642490u, 2035512373u, 2044343345u, 2053137452u, 2061892648u, 2070610979u,
    2079292447u, 2087937051u, 2096548886u, 2105121810u, 2113661966u, 2122169354u, 2130639878u,
    2139077634u, 2147484670u, 2155856890u, 2164196342u, 2172503026u, 2180778990u, 2189024234u,
    2197238758u, 2205422563u, 2213575647u, 2221698012u, 2229791704u, 2237856724u, 2245893073u,
    2253898701u, 2261877706u, 2269828039u, 2277749699u, 2285644736u, 2293513149u, 2301354937u,
    2309168054u, 2316956595u, 2324718512u, 2332455853u, 2340166570u, 2347850663u, 2355512228u,
    2363147169u, 2370757534u, 2378343323u, 2385906584u, 2393445269u, 2400959378u, 2408450959u,
    2415920012u, 2423364490u, 2430786439u, 2438185860u, 2445562753u, 2452919167u, 2460251004u,
    2467562361u, 2474853239u, 2482121588u, 2489367410u, 2496594799u, 2503799661u, 2510984042u,
    2518147944u, 2525291365u, 2532414307u, 2539518816u, 2546602846u, 2553666395u, 2560711513u,
    2567736151u, 2574742356u, 2581730130u, 2588697424u, 2595646286u, 2602578763u, 2609490761u,
    2616384327u, 2623261509u, 2630120259u, 2636960576u, 2643782462u, 2650587964u, 2657375034u,
    2664145720u, 2670897974u, 2677635892u, 2684355378u, 2691056432u, 2697743150u, 2704411436u,
    2711065386u, 2717700904u, 2724322086u, 2730926884u, 2737515298u, 2744087328u, 2750645022u,
    2757186332u, 2763711258u, 2770221848u, 2776718103u, 2783197973u, 2789663507u, 2796112657u,
    2802547471u, 2808967949u, 2815374092u, 2821765898u, 2828143368u, 2834504454u, 2840853253u,
    2847187715u, 2853507841u, 2859813632u, 2866107134u, 2872384252u, 2878649083u, 2884899577u,
    2891137783u, 2897361654u, 2903573236u, 2909770482u, 2915955441u, 2922126063u, 2928284398u,
    2934430444u, 2940562155u, 2946683625u, 2952790759u, 2958883558u, 2964966116u, 2971036387u,
    2977092321u, 2983138016u, 2989171422u, 2995190493u, 3001199323u, 3007195866u, 3013180121u,
    3019152087u, 3025113814u, 3031063252u};

/* 2^46 / sqrt(j 2^25) = 2^33.5 / sqrt(j), rounded, j = 32 .. 128: the
 * knots of seg_length's first guess. */
static const uint32_t rsqrt_knots[97] = {
    2147483648u, 2114695713u, 2083365155u, 2053387115u, 2024667000u, 1997119227u,
    1970666148u, 1945237133u, 1920767767u, 1897199172u, 1874477404u, 1852552937u,
    1831380208u, 1810917218u, 1791125178u, 1771968208u, 1753413056u, 1735428857u,
    1717986918u, 1701060526u, 1684624773u, 1668656406u, 1653133683u, 1638036256u,
    1623345051u, 1609042172u, 1595110809u, 1581535151u, 1568300315u, 1555392273u,
    1542797797u, 1530504391u, 1518500250u, 1506774204u, 1495315679u, 1484114654u,
    1473161629u, 1462447584u, 1451963954u, 1441702596u, 1431655765u, 1421816090u,
    1412176548u, 1402730445u, 1393471397u, 1384393311u, 1375490368u, 1366757007u,
    1358187913u, 1349778000u, 1341522400u, 1333416450u, 1325455684u, 1317635818u,
    1309952745u, 1302402522u, 1294981364u, 1287685637u, 1280511845u, 1273456629u,
    1266516759u, 1259689126u, 1252970736u, 1246358707u, 1239850262u, 1233442724u,
    1227133513u, 1220920139u, 1214800200u, 1208771378u, 1202831433u, 1196978204u,
    1191209601u, 1185523604u, 1179918260u, 1174391680u, 1168942037u, 1163567563u,
    1158266544u, 1153037323u, 1147878294u, 1142787899u, 1137764631u, 1132807028u,
    1127913670u, 1123083182u, 1118314230u, 1113605518u, 1108955787u, 1104363818u,
    1099828424u, 1095348453u, 1090922784u, 1086550331u, 1082230034u, 1077960865u,
    1073741824u};

/* One Newton step toward 2^46 / sqrt(m): y (3 - x y^2) / 2, x = m / 2^30. */
FXL__ALWAYS_INLINE uint32_t rsqrt_step(uint32_t m, uint32_t y)
{
    uint32_t t = (uint32_t)(((uint64_t)y * y) >> 32); /* y^2 / 2^32 <= 2^30.2 */
    uint32_t u = (uint32_t)(((uint64_t)m * t) >> 30); /* x y^2 / 2^62, Q30 */
    return (uint32_t)(((uint64_t)y * (3u * 0x40000000u - u)) >> 31);
}

/* floor(sqrt(v)) for v < 2^58, in a few 32x32->64 products. v is scaled by
 * an even shift l to V = v 2^l in [2^62, 2^64); m = floor(V / 2^32) lies in
 * [2^30, 2^32). With x = m / 2^30 in [1, 4), y = 2^31 / sqrt(x) (= 2^46 /
 * sqrt(m), in (2^30, 2^31]) starts on the chord of 1/sqrt between the
 * knots at m's top 7 bits (j = m / 2^25, steps of 1/32 in x: above the
 * curve by at most f'' h^2 / 8 = 0.75 2^-10 / 8 < 2^-13 relative) and
 * takes one Newton step y <- y (3 - x y^2) / 2, which leaves (3/2) e^2 <
 * 2^-26 plus the truncations of the products (a few 2^-30); v >= 2^52 (a
 * step over 2^10 px, rare) takes a second one (below 2^-29). Then m y /
 * 2^30 is sqrt(m) 2^16 = sqrt(V) within 2^-26 of it, and its shift by
 * l / 2 is sqrt(v) within a unit or two, which the exact squares settle
 * (checked against fxl__isqrt64 for every v < 2^24, 2 * 10^7 random v of
 * every size, squares +-1, powers of two). */
FXL_ARM_CODE static uint32_t seg_length(uint32_t ax, uint32_t ay)
{
    uint64_t v = (uint64_t)ax * ax + (uint64_t)ay * ay;
    uint32_t top = (uint32_t)(v >> 32), m, y, r, j, f;
    unsigned l = 0;
    if (v == 0)
        return 0;
    if (top == 0) {
        top = (uint32_t)v;
        l = 32;
    }
    /* fxl__clz32(top) & ~1 (util.h), copied on purpose: stopping at the
     * 2-bit step (an even shift is all the square root needs) saves ~25
     * cycles a push. */
    if (top < 0x10000u) {
        top <<= 16;
        l += 16;
    }
    if (top < 0x1000000u) {
        top <<= 8;
        l += 8;
    }
    if (top < 0x10000000u) {
        top <<= 4;
        l += 4;
    }
    if (top < 0x40000000u)
        l += 2;
    m = (uint32_t)((v << l) >> 32);
    /* The chord: knot j minus the drop to knot j + 1 times f / 2^25 (the
     * drop below 2^25, f < 2^25). */
    j = (m >> 25) - 32u;
    f = m & 0x1FFFFFFu;
    y = rsqrt_knots[j] -
        (uint32_t)(((uint64_t)(rsqrt_knots[j] - rsqrt_knots[j + 1u]) * f) >> 25);
    /* One step, two when l < 12 (one copy of the step: IWRAM is small). */
    for (j = l < 12 ? 2u : 1u; j > 0; j--)
        y = rsqrt_step(m, y);
    /* floor(m y / 2^(30 + l/2)) from the product's high word: v < 2^57
     * makes l >= 6, so the shift l/2 - 2 is at least 1. */
    r = (uint32_t)(((uint64_t)m * y) >> 32) >> (l / 2 - 2u);
    while ((uint64_t)r * r > v)
        r--;
    while ((uint64_t)(r + 1u) * (r + 1u) <= v)
        r++;
    return r;
}

/* The push's root for a step of 1 to 32 px (curvy_parts.h): Thumb code in
 * ROM, a function of its own (inlined, the push's registers spill: 741
 * cycles a push against 711) called with a plain BL where -mlong-calls
 * would load its address and BX through a stub (FXL__CURVY_NEAR_CALL;
 * 746 with the stub). */
FXL__CURVY_NEAR_CALL FXL_NOINLINE static uint32_t len_mid(uint32_t ax, uint32_t ay, uint32_t q)
{
    return fxl__curvy_len_mid(ax, ay, q);
}

/* Why a push is refused, once the fast check in fxl_curvy_push failed:
 * the checks in curvy.h's order (the position, then the half-width's sign,
 * range and width_max). Out of line: a refusal is rare. */
FXL_NOINLINE static fxl_result push_refusal(const fxl_curvy *c, int32_t x, int32_t y, fix16_t w)
{
    fxl_result res;
    if (!fxl__vec_ok(fxl_vec2_make(x, y)))
        return FXL_ERR_COORD_RANGE;
    res = fxl__check_size(w, FXL_ERR_WIDTH_NEGATIVE, FXL_ERR_WIDTH_RANGE);
    if (res == FXL_OK && w > c->width_max)
        res = FXL_ERR_WIDTH_RANGE;
    return res;
}

fxl_result fxl_curvy_push(fxl_curvy *c, fxl_vec2 head, fix16_t half_width)
{
    uint32_t cap, tail, count, s, seg = 0, length, budget;
    int32_t x = head.x, y = head.y, w = half_width;
    fxl_curvy_node *nodes, *n;

    /* A NULL trail is a refusal (curvy.h); a zeroed one a broken
     * precondition too. */
    FXL_ASSERT(c == NULL || FXL__CURVY_SET_UP(c));
    if (c == NULL || c->nodes == NULL || c->boxes == NULL)
        return FXL_ERR_NULL;
    cap = c->cap;
    tail = c->tail;
    count = c->count;
    nodes = c->nodes;
    FXL_ASSERT(cap >= 2 && tail < cap && count <= cap);
    /* The fast check fails on every refusal of push_refusal (a position
     * out of +-FXL_COORD_MAX, a half-width out of 0..FXL_SIZE_MAX or above
     * width_max) and on nothing else. */
    {
        /* In shifts, no literals (22 cycles a push less than the compares
         * with FXL_COORD_MAX): |x| and |y| below 2^30 (for a negative x,
         * sx = 2^32 - 1 and (x + sx) ^ sx = ~(x - 1) = -x, modulo 2^32;
         * INT32_MIN gives 2^31), i.e. within +-FXL_COORD_MAX = 2^30 - 1,
         * and w, as unsigned, below 2^28 = FXL_SIZE_MAX + 1. */
        uint32_t ux = (uint32_t)x, uy = (uint32_t)y, sx = 0u - (ux >> 31), sy = 0u - (uy >> 31);
        ux = (ux + sx) ^ sx;
        uy = (uy + sy) ^ sy;
        if (((ux | uy) >> 30 | (uint32_t)w >> 28) != 0 || w > c->width_max)
            return push_refusal(c, x, y, w);
    }
    length = (uint32_t)c->length;
    s = tail + count; /* the slot to write */
    if (s >= cap)
        s -= cap;
    n = &nodes[s];
    if (count > 0) {
        /* The head in slot s - 1; both in the domain: exact offsets. */
        const fxl_curvy_node *h = (s == 0 ? nodes + cap : n) - 1;
        uint32_t ax = fxl__abs32(fxl__offset(x, h->p.x)), ay = fxl__abs32(fxl__offset(y, h->p.y));
        if (ax > (uint32_t)FXL_SIZE_MAX || ay > (uint32_t)FXL_SIZE_MAX)
            return FXL_ERR_LENGTH_RANGE;
        /* A step of 1 to 32 px on its longer axis in 32-bit Thumb code
         * (curvy_parts.h), others in seg_length's ARM code. */
        if (((ax | ay) >> 16) - 1u < 31u)
            seg = len_mid(ax, ay, (ax | ay) >> 16);
        else
            seg = seg_length(ax, ay);
        if (count == cap) { /* slot s holds node 0: drop it */
            const fxl_curvy_node *t = n + 1;
            tail = s + 1u;
            if (tail == cap) {
                tail = 0;
                t = nodes;
            }
            count--;
            length -= (uint32_t)t->seg_len; /* the new node 0's */
        }
    }
    n->p.x = x;
    n->p.y = y;
    n->half_width = w;
    n->seg_len = (fix16_t)seg;
    n->flags = 0;
    if (w > c->wide)
        c->wide = w;
    count++;
    /* length <= INT32_MAX and seg < 2^29: no wrap. With no budget the
     * length stays a fix16_t: at most INT32_MAX. Drops: the new node 0's
     * seg_len leaves the sum. */
    length += seg;
    budget = c->max_length > 0 ? (uint32_t)c->max_length : (uint32_t)INT32_MAX;
    while (length > budget && count > 1) {
        tail = tail + 1u == cap ? 0u : tail + 1u;
        count--;
        length -= (uint32_t)nodes[tail].seg_len;
    }
    c->tail = tail;
    c->count = count;
    c->length = (fix16_t)length;
    c->grew = count >= 2;
    /* The boxes get the node's disk at its drawn half-width (the hit
     * width is never wider): every coordinate within 2^30 + 2^28, no
     * overflow. The trail's box is grown with the head's chunk's, or
     * worked out afresh from the live chunks' boxes when the head starts a
     * chunk. */
    if (s % FXL_CURVY_CHUNK != 0) {
        grow_head(&c->head_box, &c->boxes[s / FXL_CURVY_CHUNK], &c->trail_box, x - w, y - w, x + w,
                  y + w);
    } else {
        chunk_start(c, s, x, y, w);
    }
    return FXL_OK;
}

fix16_t fxl_curvy_hit_width(const fxl_curvy *c, uint32_t k)
{
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL || c->harmless || k >= c->count)
        return 0;
    return (fix16_t)fxl__curvy_hit(c, k, fxl_curvy_node_at(c, k)->half_width);
}

void fxl_curvy_cut_range(fxl_curvy *c, uint32_t first, uint32_t last, bool cut)
{
    uint32_t k;
    FXL_ASSERT(FXL__CURVY_SET_UP(c));
    if (c == NULL || c->count < 2 || first > last || first >= c->count - 1u)
        return;
    if (last > c->count - 2u)
        last = c->count - 2u;
    for (k = first; k <= last; k++) {
        fxl_curvy_node *n = fxl_curvy_node_at(c, k + 1u);
        n->flags = cut ? n->flags | FXL_CURVY_CUT : n->flags & ~FXL_CURVY_CUT;
    }
}
