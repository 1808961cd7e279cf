/* cast_capsule.c - the capsule width cast's exact predicates and floor
 * search (see cast_width.c for the frame and the method). */
#include "cast_width.h"

#include "big.h"

#ifdef FXL_TEST_HOOKS
uint32_t fxl__line_floor_count[6];
uint32_t fxl__corner_count;
uint32_t fxl__line_end_count;
uint32_t fxl__line_end_corner_count;
#endif

/* 1 / sqrt(s) for s in [i / 256, (i + 1) / 256), i = 64..255: the mean of
 * the two ends' values times 2^15 (rounded; within 2^-8 of the value
 * across the interval), for rsqrt_root's first guess. */
static const uint16_t rsqrt_seed[192] FXL_ROM_DATA = {
    65283u, 64783u, 64294u, 63816u, 63348u, 62891u, 62443u, 62005u, 61576u, 61155u,
    60743u, 60340u, 59944u, 59556u, 59175u, 58802u, 58436u, 58076u, 57723u, 57376u,
    57036u, 56701u, 56373u, 56049u, 55732u, 55420u, 55113u, 54811u, 54513u, 54221u,
    53933u, 53650u, 53372u, 53097u, 52827u, 52561u, 52299u, 52040u, 51786u, 51535u,
    51288u, 51044u, 50804u, 50567u, 50334u, 50103u, 49876u, 49652u, 49431u, 49212u,
    48997u, 48785u, 48575u, 48368u, 48163u, 47961u, 47762u, 47565u, 47370u, 47178u,
    46988u, 46801u, 46615u, 46432u, 46251u, 46072u, 45895u, 45720u, 45547u, 45377u,
    45208u, 45040u, 44875u, 44712u, 44550u, 44390u, 44232u, 44075u, 43920u, 43767u,
    43615u, 43465u, 43316u, 43169u, 43024u, 42880u, 42737u, 42596u, 42456u, 42317u,
    42180u, 42044u, 41910u, 41776u, 41644u, 41514u, 41384u, 41256u, 41129u, 41003u,
    40878u, 40754u, 40632u, 40510u, 40390u, 40270u, 40152u, 40035u, 39919u, 39804u,
    39689u, 39576u, 39464u, 39352u, 39242u, 39133u, 39024u, 38916u, 38810u, 38704u,
    38599u, 38495u, 38391u, 38289u, 38187u, 38086u, 37986u, 37887u, 37788u, 37690u,
    37593u, 37497u, 37402u, 37307u, 37213u, 37119u, 37027u, 36935u, 36843u, 36753u,
    36663u, 36573u, 36485u, 36397u, 36309u, 36223u, 36136u, 36051u, 35966u, 35882u,
    35798u, 35715u, 35632u, 35550u, 35469u, 35388u, 35307u, 35228u, 35148u, 35070u,
    34991u, 34914u, 34837u, 34760u, 34684u, 34608u, 34533u, 34458u, 34384u, 34311u,
    34237u, 34165u, 34092u, 34020u, 33949u, 33878u, 33808u, 33737u, 33668u, 33599u,
    33530u, 33461u, 33394u, 33326u, 33259u, 33192u, 33126u, 33060u, 32994u, 32929u,
    32864u, 32800u};

/* About sqrt(v) for 0 < v < 2^126, within 2^-27 or so (for line_floor,
 * which brackets it by squares: its precision is speed, never an answer):
 * v = t 4^k (k chosen so that t lies in [2^62, 2^64)), s = T / 2^32 its top
 * word (in [1/4, 1)); r = 1 / sqrt(s) from rsqrt_seed (2^-8) and two
 * Newton steps r (3 - s r^2) / 2 (2^-15, then the 32-bit products'
 * truncations, about 2^-29; products only: no division, no bit-by-bit
 * root), and sqrt(t) = 2^32 s r = T r; within 2 units of sqrt(v) for v
 * below 2^56 (the rounding). R = r 2^30 (below 2^31), s r^2
 * within 1% of 1: every product fits (commented below). */
FXL__ALWAYS_INLINE uint64_t rsqrt_root(fxl__u128 v)
{
    int k = 0, i;
    uint64_t t = v.lo;
    uint32_t T, R;
    unsigned z;
    if (v.hi != 0) {
        k = (int)((fxl__bits64(v.hi) + 1u) / 2u); /* v.hi < 4^k */
        t = k == 32 ? v.hi : (v.hi << (64 - 2 * k)) | (v.lo >> (2 * k));
    } else if (t == 0) {
        return 0;
    }
    z = fxl__clz64(t) & ~1u; /* an even shift: t in [2^62, 2^64) */
    t <<= z;
    k -= (int)(z / 2u);
    T = (uint32_t)(t >> 32); /* [2^30, 2^32) */
    R = (uint32_t)rsqrt_seed[(T >> 24) - 64u] << 15;
    for (i = 0; i < 2; i++) {
        /* m = r^2 2^28 (below 2^30), p = s r^2 2^60 (below 2^61), e = (3
         * - s r^2) 2^30 (below 2^32), R' = R e / 2^31. */
        uint32_t m = (uint32_t)(((uint64_t)R * R) >> 32);
        uint64_t p = (uint64_t)m * T;
        uint32_t e = (uint32_t)((((uint64_t)3 << 60) - p) >> 30);
        R = (uint32_t)(((uint64_t)R * e) >> 31);
    }
    t = ((uint64_t)T * R) >> 30; /* about sqrt(t): 2^31 .. 2^32 */
    /* Rounded to nearest when shifted down (a whole root, as q |b - a|^2
     * is for the axis directions, comes out whole, not one less). */
    return k >= 0 ? t << k : (t + ((uint64_t)1 << (-k - 1))) >> -k;
}

/* rsqrt_root out of line, for capsule_guess's estimates (sqrt_est's
 * bit-by-bit root and its Newton step before: the floor search's tail
 * casts about 400 cycles a root slower on the GBA). */
FXL_ARM_CODE static uint64_t root_est(fxl__u128 v)
{
    return rsqrt_root(v);
}

/* rsqrt_root of a 64-bit value, for cast_aabb.c's guesses. */
FXL_ARM_CODE uint64_t fxl__root_est64(uint64_t v)
{
    return rsqrt_root(u128_of(v));
}

/* sign(|P|^2 - R2) for an offset P in 65536 times world units. */
FXL__ALWAYS_INLINE int point_sign(const wctx *x, int64_t px, int64_t py)
{
    fxl__u128 d2 = fxl__add(fxl__sq_signed(px), fxl__sq_signed(py));
    return fxl__le128(d2, x->R2) ? (fxl__le128(x->R2, d2) ? 0 : -1) : 1;
}



/* v = m 2^e, m its top 32 bits (bit 31 set, the rest truncated: v lies
 * in [m, m + 1) 2^e); v > 0. */
typedef struct approx {
    uint32_t m;
    int e;
} approx;

FXL__ALWAYS_INLINE approx approx_of(fxl__u128 v)
{
    approx a;
    uint64_t t = v.hi != 0 ? v.hi : v.lo;
    int e = v.hi != 0 ? 64 : 0, s = (int)fxl__clz64(t);
    t <<= s;
    if (v.hi != 0 && s != 0)
        t |= v.lo >> (64 - s); /* the bits shifted in from below */
    a.m = (uint32_t)(t >> 32);
    a.e = e - s + 32;
    return a;
}

FXL__ALWAYS_INLINE approx approx_mul(approx a, approx b)
{
    uint64_t p = (uint64_t)a.m * b.m; /* in [2^62, 2^64) */
    approx r;
    bool top = p >> 63 != 0;
    r.m = (uint32_t)(top ? p >> 32 : p >> 31);
    r.e = a.e + b.e + (top ? 32 : 31);
    return r;
}

/* w^2 q |b - a|^2's approximation (an exponent of 0, possible only for
 * the smallest w and walls, just makes each line_sign work it out again:
 * the same value). */
FXL__ALWAYS_INLINE approx za_of(const wctx *x, const wseg *sg)
{
    return approx_mul(approx_mul(approx_of(u128_of(x->w * x->w)), approx_of(u128_of(x->q))),
                      approx_of(u128_of(sg->len2)));
}

/* sign(a - b) for two products of approximations, each below the true
 * value by a factor within 1 - 2^-28 (a truncation of 2^-31 per mantissa
 * and per product, five at most); 2 when that cannot settle it. */
FXL__ALWAYS_INLINE int approx_cmp(approx a, approx b)
{
    uint64_t x, y;
    if (a.e > b.e + 1)
        return 1;
    if (b.e > a.e + 1)
        return -1;
    x = (uint64_t)a.m << (a.e - (a.e < b.e ? a.e : b.e));
    y = (uint64_t)b.m << (b.e - (a.e < b.e ? a.e : b.e));
    if (x > y + (y >> 27) + 1u)
        return 1;
    if (y > x + (x >> 27) + 1u)
        return -1;
    return 2;
}


/* C^2 against w^2 q |b - a|^2 exactly (256-bit), m = |C|: out of line,
 * for the narrow band where their top 32 bits cannot tell. */
FXL_ARM_CODE static int line_sign_exact(const wctx *x, const wseg *sg, fxl__u128 m)
{
    fxl__big bc, t, bl, bz;
    fxl__big_u128(&bc, m);
    fxl__big_mul(&t, &bc, &bc);
    fxl__big_u128(&bc, x->R2);
    fxl__big_u128(&bl, u128_of(sg->len2));
    fxl__big_mul(&bz, &bc, &bl);
    return fxl__big_cmp(&t, &bz);
}

/* sign(|C| - w sqrt(q |b - a|^2)): by the top 32 bits inline (in
 * fxl__front_sign: no call, no frame for the big numbers), else exactly. */
FXL__ALWAYS_INLINE int line_sign(const wctx *x, const wseg *sg, fxl__i128 c)
{
    fxl__u128 m = fxl__iabs(c);
    approx ca, za;
    int k;
    if (m.hi == 0 && m.lo == 0)
        return -1; /* on the line */
    ca = approx_of(m);
    if (sg->za_e != 0) {
        za.m = sg->za_m;
        za.e = sg->za_e;
    } else {
        za = za_of(x, sg);
    }
    k = approx_cmp(approx_mul(ca, ca), za);
    return k != 2 ? k : line_sign_exact(x, sg, m);
}

/* sign(dist(E_L, wall) - w) for the capsule's front centre E_L = e + L d /
 * 65536, and *entry: whether E_L approaches the wall's nearest point as L
 * grows (or passes it side by side). In 65536 times world units: P = E_L -
 * a; its projection on b - a picks the end a (<= 0), the end b (>= |b -
 * a|^2) or the line between, whose cross product is C = L D - 65536 N.
 * An end p is approached iff (p - E_L) . d >= 0; the line iff C D < 0. */
FXL_ARM_CODE int fxl__front_sign(const wctx *x, const wseg *sg, int64_t L, bool *entry)
{
    /* L <= len < 2^31: 32x32 -> 64 products. */
    int64_t px = (int64_t)(int32_t)L * x->c32 - sg->ax * 65536,
            py = (int64_t)(int32_t)L * x->s32 - sg->ay * 65536;
    fxl__i128 dot = fxl__iadd(imul_w(px, (int32_t)sg->ex), imul_w(py, (int32_t)sg->ey)), c;
    fxl__u128 l16; /* 65536 |b - a|^2, by shifts */
    bool past;
    l16.hi = sg->len2 >> 48;
    l16.lo = sg->len2 << 16;
    past = !is_neg(dot) && fxl__le128(l16, fxl__iabs(dot));
    if (is_neg(dot) || is_zero(dot) || past) {
        if (past) {
            px -= sg->ex * 65536;
            py -= sg->ey * 65536;
        }
        c = fxl__iadd(imul_w(px, (int32_t)x->c), imul_w(py, (int32_t)x->s));
        *entry = is_neg(c) || is_zero(c);
        return point_sign(x, px, py);
    }
    c = fxl__isub(imul_w(sg->D, (int32_t)L), shl16(sg->N));
    *entry = !is_zero(c) && is_neg(c) != (sg->D < 0);
    return line_sign(x, sg, c);
}

/* The capsule of length L misses the wall (it misses the emitter's disk).
 * *fs, *entry: fxl__front_sign at L when it was worked out (*fs = 2 when
 * not: L >= u*_box settles it). Inline, as capsule_guess (GBA bench:
 * capsule casts 14,982 -> 14,791 cycles median for both). */
FXL__ALWAYS_INLINE bool misses(const wctx *x, const wseg *sg, wval ub, int64_t L, int *fs,
                               bool *entry)
{
    *fs = 2;
    if (val_le_int(ub, L))
        return false;
    *fs = fxl__front_sign(x, sg, L, entry);
    return *fs > 0;
}



/* About floor(n / d), clamped to +-2^29 (estimates): div_est with
 * quot's first quotient (within a few units) instead of the exact one,
 * its product and remainder spared. */
FXL__ALWAYS_INLINE int64_t div_q(fxl__i128 n, uint64_t d)
{
    fxl__u128 m = fxl__iabs(n), d29; /* d 2^29, by shifts */
    int64_t q;
    d29.hi = d >> 35;
    d29.lo = d << 29;
    if (fxl__le128(d29, m))
        return is_neg(n) ? -((int64_t)1 << 29) : (int64_t)1 << 29;
    q = (int64_t)quot(m, d);
    return is_neg(n) ? -q - 1 : q;
}

/* A wall end's touch (the end in the strip at g, h): u - sqrt(w^2 - v^2)
 * from approximate roots (an estimate). */
FXL__ALWAYS_INLINE int64_t end_est(const wctx *x, int64_t g, int64_t h)
{
    uint64_t y = fxl__abs64(h) << 16;
    uint64_t r = root_est(fxl__mul64(x->R - y, x->R + y));
    return div_q(fxl__isub(end_num(g), fxl__i128_of((int64_t)r)), x->q);
}

/* An estimate of the capsule's u*: the least of the features' first
 * contacts, each from square roots of their top bits (a few units off): a
 * wall end in the strip at (u, v) is touched at u - sqrt(w^2 - v^2), the
 * line (when the touching point lies between the ends) at u_near - w tan
 * (angle / 2) = u_near - w |D| / (sqrt(G^2 + D^2) + G), u_near being where
 * it enters the strip; else the box's u*. */
FXL__ALWAYS_INLINE int64_t capsule_guess(const wctx *x, const wframe *f, const wseg *sg, wval ub,
                                         int64_t ubf)
{
    uint64_t len2 = sg->len2;
    uint64_t ad = fxl__abs64(f->D), rho;
    fxl__i128 ubn;
    int64_t best, h;
    int k;
    ubn.hi = (int64_t)ub.num.hi; /* below 2^16 */
    ubn.lo = ub.num.lo;
    if (sg->corner != 0) {
        /* line_floor found the line's touch with its foot beyond that end:
         * the capsule first meets the wall there (the end's touch, when
         * the end lies in the strip), its u*_box's quotient and the line's
         * estimate spared (an estimate still: the search decides). The
         * frame's a is the wall's b when flipped. */
        bool at_b = (sg->corner == 2) != f->flipped;
        h = at_b ? f->hb : f->ha;
        if (in_strip(x, h))
            return end_est(x, at_b ? f->gb : f->ga, h);
    }
    if (ubf == INT64_MIN)
        ubf = div_q(ubn, ub.den);
    best = ubf;
    for (k = 0; k < 2; k++) {
        int64_t g = k != 0 ? f->gb : f->ga;
        h = k != 0 ? f->hb : f->ha;
        if (in_strip(x, h))
            best = fxl__min64(best, end_est(x, g, h));
    }
    /* rho^2 = G^2 + D^2 = q |b - a|^2 (Lagrange's identity): one product;
     * line_floor's root when it worked it out (an estimate either way). */
    rho = sg->rho != 0 ? sg->rho : root_est(fxl__mul64(x->q, len2));
    if (rho != 0) {
        /* The touching point's h: -sign(D) w G / rho times q / 65536. */
        uint64_t t = quot(fxl__mul32_64((uint32_t)x->w, (uint64_t)f->G), rho);
        h = (int64_t)((t * x->q) >> 16);
        h = f->D > 0 ? -h : h;
        if (h >= fxl__min64(f->ha, f->hb) && h <= fxl__max64(f->ha, f->hb)) {
            fxl__i128 cn = cross_num(x, f, f->D > 0 ? -1 : 1);
            /* Where the wall enters the strip on that side is often the
             * box's u* itself: the same quotient, not worked out again. */
            int64_t un = ub.den == ad && cn.hi == ubn.hi && cn.lo == ubn.lo ? ubf : div_q(cn, ad);
            t = quot(fxl__mul32_64((uint32_t)x->w, ad), rho + (uint64_t)f->G);
            best = fxl__min64(best, un - (int64_t)t);
        }
    }
    return best;
}

/* The wall's w^2 q |b - a|^2 approximated once for every line_sign call
 * (in the caller's wseg: not copied), unless done: as w^2 times X = q |b
 * - a|^2, exact: 3 truncations (2 mantissas, 1 product), within
 * approx_cmp's 5 (za_e = 0 after it: line_sign works it out each call,
 * as za_of: the same answers). */
FXL__ALWAYS_INLINE void za_set(const wctx *x, wseg *sg, fxl__u128 X)
{
    if (sg->za_e == 0) {
        approx za = approx_mul(approx_of(u128_of(x->w * x->w)), approx_of(X));
        sg->za_m = za.m;
        sg->za_e = za.e;
    }
}

/* line_floor's k and its two tests in 64-bit values, for the usual
 * magnitudes (a wall and beam within a few thousand pixels): true when k
 * = floor of the estimate is shown to have L_line in (k, k + 1) (a0 = A(k)
 * > w (r + dr) >= w rho, and A(k + 1) <= 0 or < w (r - dr) <= w rho: the
 * 128-bit tests' strict cases, the same proof); false hands everything to
 * them (a touch or the thin band, a failed estimate, larger values), which
 * decide as before. Given rho in [r - dr, r + dr] (sure), r > dr. Every
 * value stays below 2^64: w < 2^31 and w (r + dr) = w rh 2^32 + w (r + dr
 * mod 2^32) < 2^31 2^32 + 2^31 2^32 when w rh < 2^31 (rh = (r + dr) /
 * 2^32, r + dr < 2^64: rsqrt_root's root of X < 2^126 is below 2^63 + 2);
 * n = 65536 |N| < 2^64 for |N| < 2^48; k |D| = k dh 2^32 + k dl (k < len
 * < 2^31, dh, dl the halves of |D|) below 2^64 when k dh < 2^32 and the
 * sum does not wrap (tested). GBA bench: room width casts, capsule beams
 * (see cast.h). */
FXL__ALWAYS_INLINE bool line_k64(const wctx *x, uint64_t r, uint64_t dr, uint64_t an,
                                 uint64_t ad, int64_t *k)
{
    uint64_t rr = r + dr, w = x->w, whi, wlo, wr, n, kq, kl, kh, kd, a0;
    if ((uint64_t)(uint32_t)w * (uint32_t)(rr >> 32) >= ((uint64_t)1 << 31) || an >> 48 != 0)
        return false;
    whi = w * rr;
    wlo = w * (r - dr);
    wr = w * r;
    n = an << 16;
    if (n <= whi)
        return false;
    kq = quot(u128_of(n - wr), ad);
    if (kq >= (uint64_t)x->len)
        return false;
    kl = kq * (uint32_t)ad;
    kh = kq * (uint32_t)(ad >> 32);
    if (kh >> 32 != 0)
        return false;
    kd = (kh << 32) + kl;
    if (kd < kl || n <= kd)
        return false;
    a0 = n - kd; /* A(k) */
    if (a0 <= whi)
        return false;
    if (a0 > ad && a0 - ad >= wlo) /* A(k + 1) > 0, not below w (r - dr) */
        return false;
    *k = (int64_t)kq;
    return true;
}

/* An axis-aligned wall's root rho = |b - a| sqrt(q) as r, dr (line_floor
 * below: rho in [r - dr, r + dr]), for the table's vectors (|q - 2^32| <=
 * 2^18); false for other walls and vectors. */
FXL__ALWAYS_INLINE bool axis_root(const wctx *x, const wseg *sg, uint64_t *r, uint64_t *dr)
{
    uint64_t le;
    fxl__u128 p;
    if ((sg->ex != 0 && sg->ey != 0) ||
        x->q - (((uint64_t)1 << 32) - ((uint64_t)1 << 18)) > ((uint64_t)1 << 19))
        return false;
    le = fxl__abs64(sg->ex) + fxl__abs64(sg->ey);
    p = fxl__mul32_64((uint32_t)le, ((uint64_t)1 << 32) + x->q);
    *r = (p.hi << 47) | (p.lo >> 17);
    *dr = (le >> 13) + 2;
    return true;
}

/* floor(u*) when the capsule first touches the wall's line between its
 * ends (the common case), settled by 2 line_sign calls and the foot's
 * projection, no floor search: false when that cannot be shown (the
 * caller's search decides).
 *
 * With A(L) = 65536 |N| - L |D| (eligible walls have N sign(D) = |N|:
 * C(L) = L D - 65536 N = -sign(D) A(L)), E_L's distance to the line is
 * |A(L)| / rho frame units, rho = sqrt(q |b - a|^2), so the disk about E_L
 * first reaches the line at L_line = (65536 |N| - w rho) / |D|, k =
 * floor(L_line) estimated by an approximate root and quotient. Exactly:
 * A(k) > w rho gives L_line > k, and A(k + 1) < w rho gives L_line < k +
 * 1, each by A against w (r -+ dr) when those bracket w rho (all 128-bit),
 * else by line_sign (sign(|C| - w rho), |C(L)| = |A(L)|). The foot
 * of E_L on the line runs linearly in L, from dot(k) to dot(k + 1) (dot
 * as in fxl__front_sign: 65536 (E_L - a) . (b - a), the foot between the
 * ends iff 0 <= dot <= 65536 |b - a|^2); both between the ends put the
 * foot T at L_line between them (as does a wall across the whole strip,
 * tested first). Then u* = L_line: the capsule of length L
 * is the union of the disks about E_l, l in [0, L]; for l < L_line each
 * lies farther than w from the line, so from the wall, and the disk about
 * E_L_line touches the wall at T. So k < u* < k + 1, and the floor search
 * would give k: P(k) holds (k < u* <= u*_box, E_k farther than w), P(k +
 * 1) does not, and E_k+1 lies within w of the line with its foot between
 * the ends, closer than w to the wall: not a touch (front_sign < 0), no
 * unit added. A touch at a whole unit t (A(t) = w rho exactly, as an
 * axis-aligned beam meets an axis-aligned wall) is settled too, when the
 * foot at t lies strictly between the ends: u* = t, and the search would
 * give t - 1 plus the unit of a front touch, approaching (t >= 1). */
FXL__ALWAYS_INLINE bool line_floor(const wctx *x, wseg *sg, int64_t *out)
{
    fxl__u128 X; /* q |b - a|^2: an axis wall's line_k64 path never needs it */
    uint64_t ad = fxl__abs64(sg->D), an = fxl__abs64(sg->N), kq, r, dr;
    fxl__u128 n, wr, wlo, whi, kd, a0, adu = u128_of(ad);
    int64_t k;
    int s0, s1, t;
    bool sure;
    if (sg->D == 0)
        return false;
    /* rho within [r - dr, r + dr] when their squares bracket X (sure:
     * always, rsqrt_root within 2^-27 or 2 units): then A against w (r
     * -+ dr) settles most tests in 128 bits, line_sign the rest. An
     * axis-aligned wall (the usual room's) has rho = le sqrt(q), le = |b -
     * a| = |ex| + |ey| <= 2^31, and sqrt(q) from one Newton step from
     * 65536: r1 = (2^32 + q) / 2^17 >= sqrt(q) (the arithmetic mean of
     * 65536 and q / 65536 against their geometric mean), r1 - sqrt(q) =
     * (65536 - sqrt(q))^2 / 2^17, and |65536 - sqrt(q)| = |2^32 - q| /
     * (65536 + sqrt(q)) <= 4 when |2^32 - q| <= 2^18 (every table vector:
     * within 90,327), so sqrt(q) lies in [r1 - 2^-13, r1]. With r =
     * floor(le r1) (le (2^32 + q) < 2^31 2^34, shifted down 17: below
     * 2^48): le r1 in [r, r + 1), rho in [le r1 - le 2^-13, le r1], so in
     * [r - dr, r + dr] for dr = le / 2^13 + 2 (rounded down), and r > dr:
     * sure, no root, no squares. */
    if (axis_root(x, sg, &r, &dr)) {
        sure = r > dr;
        X.hi = X.lo = 0; /* worked out below only for za_set */
        FXL__LINE_FLOOR_COUNT(4);
    } else {
        X = fxl__mul64(x->q, sg->len2);
        r = rsqrt_root(X);
        dr = (r >> 26) + 2;
        sure = r > dr && fxl__le128(X, fxl__mul64(r + dr, r + dr)) &&
               fxl__le128(fxl__mul64(r - dr, r - dr), X);
        if (!sure)
            FXL__LINE_FLOOR_COUNT(2);
    }
    sg->rho = r;
    if (sure && line_k64(x, r, dr, an, ad, &k)) {
        FXL__LINE_FLOOR_COUNT(3);
        t = -1;
        goto foot;
    }
    wlo = fxl__mul32_64((uint32_t)x->w, r - dr);
    whi = fxl__mul32_64((uint32_t)x->w, r + dr);
    /* n = 65536 |N| (|N| < 2^63: below 2^79), w r below 2^80. */
    n.hi = an >> 48;
    n.lo = an << 16;
    wr = fxl__mul32_64((uint32_t)x->w, r);
    if (fxl__le128(n, wr))
        return false;
    kq = quot(fxl__sub(n, wr), ad); /* any value: the tests below decide */
    if (kq >= (uint64_t)x->len)
        return false;
    k = (int64_t)kq;
    /* A(k) = n - k |D| against w rho: above, L_line > k; equal, L_line =
     * k (a touch at a whole unit, below). */
    kd = fxl__mul32_64((uint32_t)kq, ad);
    if (fxl__le128(n, kd))
        return false;
    a0 = fxl__sub(n, kd);
    s0 = 1;
    if (!sure || fxl__le128(a0, whi)) {
        if (sure && fxl__le128(a0, wlo))
            return false;
        if (X.hi == 0 && X.lo == 0)
            X = fxl__mul64(x->q, sg->len2);
        za_set(x, sg, X);
        s0 = line_sign(x, sg, fxl__i128_from(a0));
        if (s0 < 0)
            return false;
    }
    /* A(k + 1) = A(k) - |D| below w rho: L_line < k + 1 (at or below 0 it
     * is); equal: L_line = k + 1. */
    s1 = -1;
    if (s0 > 0 && !fxl__le128(a0, adu)) {
        fxl__u128 a1 = fxl__sub(a0, adu);
        if (!sure || !fxl__le128(a1, wlo) || (a1.hi == wlo.hi && a1.lo == wlo.lo)) {
            if (sure && fxl__le128(whi, a1))
                return false;
            if (X.hi == 0 && X.lo == 0)
                X = fxl__mul64(x->q, sg->len2);
            za_set(x, sg, X);
            s1 = line_sign(x, sg, fxl__i128_from(a1));
            if (s1 > 0)
                return false;
        }
    }
    /* A touch at a whole unit t (L_line = t, s0 = 0: t = k >= 1; s1 = 0: t
     * = k + 1): with T, the foot at t, strictly between the ends, u* = t,
     * and the floor search gives t - 1 plus one (front_sign(t) = 0 on the
     * line's branch, and E_t approaches the line: entry). */
    t = s0 == 0 ? 0 : s1 == 0 ? 1 : -1;
    if (t == 0 && k < 1)
        return false;
foot:
    /* A wall whose ends lie beyond opposite edges of the strip (|h| > Rh,
     * h = d x (p - e): |v| > w) holds the line's whole part in the strip,
     * and T (within w of the core: |v| <= w) lies on it, strictly between
     * the ends. |c|, |s| < 2^30, |a - e| < 2^32: products below 2^62. */
    if (!across_strip(x, sg)) {
        /* Else dot(k) and dot(k + 1) = dot(k) + d . (b - a): both within
         * [0, 65536 |b - a|^2] (no touch), or dot(t) strictly within. */
        int64_t px = (int64_t)(int32_t)k * x->c32 - sg->ax * 65536,
                py = (int64_t)(int32_t)k * x->s32 - sg->ay * 65536;
        fxl__i128 dot0 = fxl__iadd(imul_w(px, (int32_t)sg->ex), imul_w(py, (int32_t)sg->ey));
        fxl__i128 dot1 = fxl__iadd(dot0, fxl__i128_of((int64_t)x->c32 * (int32_t)sg->ex +
                                                      (int64_t)x->s32 * (int32_t)sg->ey));
        fxl__u128 l16;
        l16.hi = sg->len2 >> 48;
        l16.lo = sg->len2 << 16;
        if (t < 0) {
            if (is_neg(dot0) || is_neg(dot1)) {
                sg->corner = 1; /* the foot before a: a's touch, likely */
                return false;
            }
            if (!fxl__le128(fxl__iabs(dot0), l16) || !fxl__le128(fxl__iabs(dot1), l16)) {
                sg->corner = 2; /* beyond b */
                return false;
            }
        } else {
            fxl__i128 dt = t == 0 ? dot0 : dot1;
            fxl__u128 m = fxl__iabs(dt);
            if (is_neg(dt) || is_zero(dt) || fxl__le128(l16, m))
                return false;
        }
    }
    *out = k + (t == 1 ? 1 : 0);
    return true;
}

/* line_floor's usual case alone (an axis-aligned wall across the strip,
 * k shown by line_k64), for a wall across the strip (the caller's
 * across_strip, inline: a wall not across it, as at a corner, leaves
 * after 2 products, no call): the same steps, the same floor, in a small
 * function of its own (the whole line_floor's frame and spills spared);
 * false leaves the wall to fxl__line_floor. GBA bench: room width casts,
 * capsule beams (cast.h). */
FXL_ARM_CODE bool fxl__line_floor_fast(const wctx *x, wseg *sg, int64_t *out)
{
    uint64_t r, dr;
    int64_t k;
    FXL_ASSERT(across_strip(x, sg)); /* the caller's test (checked builds) */
    if (sg->D == 0 || !axis_root(x, sg, &r, &dr) || r <= dr ||
        !line_k64(x, r, dr, fxl__abs64(sg->N), fxl__abs64(sg->D), &k))
        return false;
    FXL__LINE_FLOOR_COUNT(4);
    FXL__LINE_FLOOR_COUNT(3);
    FXL__LINE_FLOOR_COUNT(0);
    FXL__LINE_FLOOR_COUNT(5);
    *out = k;
    return true;
}

/* sign(M - |h|), 2 when unclear (within about 1/64), for M = (R / 65536)
 * |G| / rho, rho = sqrt(G^2 + D^2) (Lagrange's identity: rho^2 = q |b -
 * a|^2), g = |G|, dd = |D| shifted down alike (below 2^15), the ratio
 * kept: M < Rh + 1 (|G| <= rho), so |h| > Rh + 1 gives -1; else h and Rh
 * shifted down alike to 16 bits, and M > |h| iff g^2 Rh^2 > h^2 (g^2 +
 * dd^2): 32x32 -> 64 products (below 2^62 and 2^63). A guess's test. */
FXL__ALWAYS_INLINE int corner_cmp(const wctx *x, uint64_t g2, uint64_t s2, bool axis, uint64_t m,
                                   int64_t h)
{
    uint64_t ah = fxl__abs64(h), rh = (uint64_t)x->Rh, a, b;
    unsigned sh;
    if (axis) {
        /* An axis wall's M (corner_guess): m within 2^-14 of it, inside
         * the same margin of 1/64. */
        if (ah > m + (m >> 6))
            return -1;
        return m > ah + (ah >> 6) ? 1 : 2;
    }
    if (ah > rh + 1u)
        return -1;
    sh = fxl__bits64(rh) > 16u ? fxl__bits64(rh) - 16u : 0u;
    rh >>= sh;
    ah >>= sh;
    a = g2 * (rh * rh);
    b = (ah * ah) * s2;
    if (a > b + (b >> 6))
        return 1;
    if (b > a + (a >> 6))
        return -1;
    return 2;
}

/* A guess (speed only: whatever it says, the floor search or line_floor
 * decides the floor exactly) that the capsule first meets a wall not
 * across the strip at an end in the strip, so that line_floor (which
 * would find its line's touch with the foot beyond that end, about 3,000
 * GBA cycles) is not tried: sg->corner set as line_floor sets it (1: a,
 * 2: b), the search starting from that end's touch. The round end first
 * reaches the line at T, h_T = -sign(D G) M, M = w |G| q / (65536 rho)
 * (capsule_guess's) = (R / 65536) |G| / rho; h runs linearly from ha to hb
 * = ha + D along the wall, and T lies beyond the end whose h is the least
 * (greatest) when h_T is below (above) it (corner_cmp; unclear: no
 * guess). |c|, |s| < 2^30, |a - e|, |b - a| < 2^32: products below 2^62
 * (across_strip's, frame_setup's G). */
FXL__ALWAYS_INLINE bool corner_guess(const wctx *x, wseg *sg, bool axis)
{
    int64_t ha = (int64_t)x->c32 * sg->ay - (int64_t)x->s32 * sg->ax, hb = ha + sg->D;
    int64_t G = (int64_t)x->c32 * sg->ex + (int64_t)x->s32 * sg->ey, lo, hi;
    uint64_t g = fxl__abs64(G), dd = fxl__abs64(sg->D), g2, s2, m = 0;
    bool neg, low, a_low = ha <= hb;
    int t;
    if (sg->D == 0 || G == 0)
        return false;
    if (axis) {
        /* An axis wall: |G| / rho = |s| / sqrt(q) along y (G = s ey, rho
         * = sqrt(q) |ey|), |c| / sqrt(q) along x, so M = w |s| sqrt(q) /
         * 65536 (w |c| ...), within 2^-14 of m = w |s| (w |c|) for the
         * table's vectors (|sqrt(q) - 65536| <= 4): no normalising shifts
         * (w < 2^31, |c|, |s| <= 2^16: m below 2^47). */
        m = x->w * (uint64_t)(uint32_t)fxl__abs64(sg->ex == 0 ? x->s32 : x->c32);
        g2 = s2 = 0;
    } else {
        unsigned sh = fxl__bits64(g | dd) > 15u ? fxl__bits64(g | dd) - 15u : 0u;
        g >>= sh;
        dd >>= sh;
        g2 = g * g;
        s2 = g2 + dd * dd;
    }
    neg = (sg->D > 0) == (G > 0); /* h_T < 0 */
    lo = a_low ? ha : hb;
    hi = a_low ? hb : ha;
    if (neg) {
        /* h_T < lo: lo >= 0 > h_T, or both below 0 and M > |lo|. */
        if (lo >= 0) {
            low = true;
        } else {
            t = corner_cmp(x, g2, s2, axis, m, lo);
            if (t == 2)
                return false;
            low = t > 0;
            /* Else h_T > hi: both below 0 and M < |hi|. */
            if (!low && (hi >= 0 || corner_cmp(x, g2, s2, axis, m, hi) >= 0))
                return false;
        }
    } else {
        /* h_T > hi: hi <= 0 < h_T, or both above 0 and M > hi. */
        if (hi <= 0) {
            low = false;
        } else {
            t = corner_cmp(x, g2, s2, axis, m, hi);
            if (t == 2)
                return false;
            low = t <= 0;
            /* Else h_T < lo: both above 0 and M < lo. */
            if (low && (lo <= 0 || corner_cmp(x, g2, s2, axis, m, lo) >= 0))
                return false;
        }
    }
    /* The end beyond which T lies: in the strip (its touch the estimate). */
    if (!in_strip(x, low ? lo : hi))
        return false;
    sg->corner = low == a_low ? 1 : 2;
    FXL__CORNER_COUNT();
    return true;
}

FXL_ARM_CODE bool fxl__corner_first(const wctx *x, wseg *sg)
{
    return corner_guess(x, sg, false);
}

/* The same for an axis-aligned wall (sg->ex or sg->ey 0), M from w |s|
 * or w |c| (corner_guess): about 650 GBA cycles against the general
 * guess's 1,100 (a function of its own: the general one's code as it
 * was, the slanted walls' corners no slower). */
FXL_ARM_CODE bool fxl__corner_axis(const wctx *x, wseg *sg)
{
    return corner_guess(x, sg, true);
}

/* fxl__line_floor_fast for an axis-aligned wall not across the strip
 * (whose line's touch fxl__corner_first did not guess beyond an end): the
 * same k (line_k64), then line_floor's foot test (dot(k) and dot(k + 1) =
 * dot(k) + G within [0, 65536 |b - a|^2]) without a product: the wall's
 * one nonzero side e (|b - a| = |e|, G = c e or s e) makes dot(k) = p e,
 * dot(k + 1) = (p + c) e (or (p + s) e) and 65536 |b - a|^2 = 65536 e^2,
 * so each dot lies in [0, 65536 e^2] iff its factor p (p + c) lies in [0,
 * 65536 e] for e > 0, in [65536 e, 0] for e < 0 (dividing by e, exactly):
 * |p| < 2^62 (|k c| < 2^61, 65536 |a - e| < 2^48), |c| < 2^30, 65536 |e|
 * < 2^47, every value within int64 (was: the products in 64 bits when
 * |e| < 2^23 only, the room's long outer walls to fxl__line_floor, which
 * worked out the same k again). A foot beyond an end sets sg->corner as
 * line_floor would (the same k, the same dots: line_floor's test with the
 * same answer) and its estimate's rho, and the caller's fxl__line_floor,
 * which would find just that, is spared (sg->corner != 0 on return). False
 * with sg->corner 0 leaves the wall to fxl__line_floor (larger values, a
 * failed k). */
FXL_ARM_CODE bool fxl__line_floor_end(const wctx *x, wseg *sg, int64_t *out)
{
    uint64_t r, dr;
    int64_t k, p, pc, e, l;
    if (sg->D == 0 || !axis_root(x, sg, &r, &dr) || r <= dr ||
        !line_k64(x, r, dr, fxl__abs64(sg->N), fxl__abs64(sg->D), &k))
        return false;
    e = sg->ex != 0 ? sg->ex : sg->ey;
    p = sg->ex != 0 ? (int64_t)(int32_t)k * x->c32 - sg->ax * 65536
                    : (int64_t)(int32_t)k * x->s32 - sg->ay * 65536;
    pc = p + (sg->ex != 0 ? x->c32 : x->s32);
    if (e < 0) {
        p = -p;
        pc = -pc;
        e = -e;
    }
    l = e * 65536;
    /* line_floor's order: a dot below 0 first (the end a), then beyond
     * 65536 |b - a|^2 (the end b). */
    if (p < 0 || pc < 0 || p > l || pc > l) {
        sg->corner = p < 0 || pc < 0 ? 1 : 2;
        sg->rho = r;
        FXL__LINE_END_CORNER_COUNT();
        return false;
    }
    FXL__LINE_FLOOR_COUNT(4);
    FXL__LINE_FLOOR_COUNT(3);
    FXL__LINE_FLOOR_COUNT(0);
    FXL__LINE_FLOOR_COUNT(5);
    FXL__LINE_END_COUNT();
    *out = k;
    return true;
}

/* line_floor out of line (X = q |b - a|^2 worked out there once, for
 * the root and za, and for an axis wall only when za is needed). */
FXL_ARM_CODE bool fxl__line_floor(const wctx *x, wseg *sg, int64_t *out)
{
    bool settled = line_floor(x, sg, out);
    FXL__LINE_FLOOR_COUNT(settled ? 0 : 1);
    return settled;
}

/* floor(u*) for the capsule, given that the wall misses the emitter's disk
 * (so P(0)) and meets the capsule of length len (not P(len)): the last L
 * with P(L), galloping from the estimate, then bisecting; plus one when
 * the capsule of length L + 1 touches the wall at its front, approaching. */
FXL_ARM_CODE int64_t fxl__capsule_floor(const wctx *x, const wframe *f, wseg *sg, wval ub,
                                        int64_t ubf)
{
    int64_t lo = 0, hi = x->len, g, step, at = -1;
    bool entry = false, e = false;
    int fs, hs = 2;
    /* za for the search's line_sign calls, unless line_floor set it, or
     * found a corner (the search's front_sign calls near an end measure
     * the distance to that end: line_sign, if ever called, works za out
     * itself, the same answers). */
    if (sg->za_e == 0 && sg->corner == 0)
        za_set(x, sg, fxl__mul64(x->q, sg->len2));
    g = capsule_guess(x, f, sg, ub, ubf);
    /* hs, entry: fxl__front_sign at `at` (= hi when worked out there), for
     * the last step (the same call, the same answer). */
    g = g < 0 ? 0 : g >= hi ? hi - 1 : g;
    if (misses(x, sg, ub, g, &fs, &e)) {
        lo = g;
        for (step = 1; lo + step < hi; step *= 2) {
            if (!misses(x, sg, ub, lo + step, &fs, &e)) {
                hi = lo + step;
                at = hi;
                hs = fs;
                entry = e;
                break;
            }
            lo += step;
        }
    } else {
        hi = g;
        at = hi;
        hs = fs;
        entry = e;
        for (step = 1; hi - step > lo; step *= 2) {
            if (misses(x, sg, ub, hi - step, &fs, &e)) {
                lo = hi - step;
                break;
            }
            hi -= step;
            at = hi;
            hs = fs;
            entry = e;
        }
    }
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (misses(x, sg, ub, mid, &fs, &e)) {
            lo = mid;
        } else {
            hi = mid;
            at = hi;
            hs = fs;
            entry = e;
        }
    }
    if (at != lo + 1 || hs == 2)
        hs = fxl__front_sign(x, sg, lo + 1, &entry);
    return lo + (hs == 0 && entry ? 1 : 0);
}
