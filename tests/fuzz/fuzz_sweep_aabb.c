/* fuzz_sweep_aabb.c - libFuzzer harness of sweep.h's box tests (issue
 * 23). Up to 4 sweeps (any int32 in every field; pivots on the laser or
 * anywhere, steps 0, small or any, moves 0, small or any) and 24 boxes
 * (about a sweep's laser, or any int32 corners, sizes 0 to wild), some
 * moving. No undefined behaviour for any input (UBSan); for boxes in the
 * domain:
 *   - a box shrunk to a point is the circle of radius 0 there;
 *   - a box holding a point box that hits is hit (fixed and moving alike);
 *   - a moving box whose lo stays put is the fixed box;
 *   - batch == single (fixed and moving), collect == bits;
 *   - fused == prepare + single: fxl_sweeps_vs_aabb's bits, count, code;
 *   - a sweep with step 0 and no move, against a box moving by d, is the
 *     same laser sliding by -d against the fixed box (relative motion). */
#include "fuzz.h"

#define NS 4
#define NB 24

static fxl_sweep fz_box_sweep(fz *f)
{
    fxl_sweep s;
    uint32_t mode;
    s.laser = fz_laser(f);
    s.motion.pivot = s.laser.pos;
    if (fz_below(f, 3) == 0) {
        s.motion.pivot.x = fz_wrap((int64_t)s.laser.pos.x + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256);
        s.motion.pivot.y = fz_wrap((int64_t)s.laser.pos.y + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 256);
    }
    mode = fz_below(f, 4);
    s.motion.step = mode == 0 ? 0 : mode == 1 ? (int8_t)fz_u8(f) : mode == 2 ? fz_num(f, 2048, false)
                                                                  : (int32_t)fz_u32(f);
    mode = fz_below(f, 4);
    s.motion.move = fxl_vec2_make(0, 0);
    if (mode == 1) {
        s.motion.move.x = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64;
        s.motion.move.y = (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 64;
    } else if (mode == 2) {
        s.motion.move.x = fz_coord(f);
        s.motion.move.y = fz_coord(f);
    }
    return s;
}

static fxl_aabb fz_box(fz *f, const fxl_sweep *s)
{
    fxl_aabb b;
    if (fz_below(f, 4) == 0) {
        b.lo.x = (int32_t)fz_u32(f), b.lo.y = (int32_t)fz_u32(f);
        b.hi.x = (int32_t)fz_u32(f), b.hi.y = (int32_t)fz_u32(f);
        return b;
    }
    b.lo.x = fz_wrap((int64_t)s->laser.pos.x + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 512);
    b.lo.y = fz_wrap((int64_t)s->laser.pos.y + (int16_t)(fz_u8(f) | fz_u8(f) << 8) * 512);
    b.hi.x = fz_wrap((int64_t)b.lo.x + (fz_flag(f) ? 0 : fz_u8(f) * (fz_flag(f) ? 1 : 8192)));
    b.hi.y = fz_wrap((int64_t)b.lo.y + (fz_flag(f) ? 0 : fz_u8(f) * (fz_flag(f) ? 1 : 8192)));
    return b;
}

static bool end_ok(fxl_aabb b, fxl_vec2 to)
{
    return fz_coord_ok(to.x) && fz_coord_ok(to.y) && fz_coord_ok((int64_t)to.x + b.hi.x - b.lo.x) &&
           fz_coord_ok((int64_t)to.y + b.hi.y - b.lo.y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz f;
    fxl_sweep sweeps[NS];
    fxl_sweep_prep preps[NS];
    fxl_result res[NS];
    fxl_aabb boxes[NB];
    fxl_vec2 to[NB], still[NB];
    bool ok[NB], hit[NB];
    uint32_t bits[1], mbits[1];
    size_t idx[NB];
    size_t ns, nb, i, j, n;

    f = fz_start(data, size);
    ns = 1 + fz_below(&f, NS);
    nb = 1 + fz_below(&f, NB);
    for (i = 0; i < ns; i++) {
        sweeps[i] = fz_box_sweep(&f);
        res[i] = fxl_sweep_prepare(&sweeps[i], &preps[i]);
    }
    for (j = 0; j < nb; j++) {
        boxes[j] = fz_box(&f, &sweeps[fz_below(&f, (uint32_t)ns)]);
        still[j] = boxes[j].lo;
        to[j] = boxes[j].lo;
        if (fz_flag(&f)) {
            to[j].x = fz_wrap((int64_t)to[j].x + (int16_t)(fz_u8(&f) | fz_u8(&f) << 8) * 16);
            to[j].y = fz_wrap((int64_t)to[j].y + (int16_t)(fz_u8(&f) | fz_u8(&f) << 8) * 16);
        }
        ok[j] = fxl_aabb_check(boxes[j]) == FXL_OK && end_ok(boxes[j], to[j]);
    }
    for (i = 0; i < ns; i++) {
        const fxl_sweep_prep *sp = &preps[i];
        size_t hits = 0, k = 0;
        if (res[i] != FXL_OK)
            continue;
        /* any input: no undefined behaviour */
        for (j = 0; j < nb; j++) {
            (void)fxl_sweep_vs_aabb(sp, boxes[j]);
            (void)fxl_sweep_vs_moving_aabb(sp, boxes[j], to[j]);
        }
        for (j = 0; j < nb; j++) {
            fxl_aabb pb;
            bool mv;
            if (!ok[j])
                continue;
            hit[j] = fxl_sweep_vs_aabb(sp, boxes[j]);
            FZ_CHECK(fxl_sweep_vs_moving_aabb(sp, boxes[j], boxes[j].lo) == hit[j]);
            mv = fxl_sweep_vs_moving_aabb(sp, boxes[j], to[j]);
            /* a corner (a point box) that hits: the box hits */
            pb.lo = pb.hi = boxes[j].hi;
            if (fxl_sweep_vs_aabb(sp, pb))
                FZ_CHECK(hit[j]);
            FZ_CHECK(fxl_sweep_vs_aabb(sp, pb) == fxl_sweep_vs_circle(sp, fxl_circle_make(pb.lo.x, pb.lo.y, 0)));
            {
                fxl_vec2 pto = fxl_vec2_make((fix16_t)((int64_t)to[j].x + boxes[j].hi.x - boxes[j].lo.x),
                                             (fix16_t)((int64_t)to[j].y + boxes[j].hi.y - boxes[j].lo.y));
                if (fxl_sweep_vs_moving_aabb(sp, pb, pto))
                    FZ_CHECK(mv);
                FZ_CHECK(fxl_sweep_vs_moving_aabb(sp, pb, pto) ==
                         fxl_sweep_vs_moving_circle(sp, fxl_circle_make(pb.lo.x, pb.lo.y, 0), pto));
            }
            /* relative motion for a laser that neither turns nor moves */
            if (sweeps[i].motion.step == 0 && sweeps[i].motion.move.x == 0 && sweeps[i].motion.move.y == 0) {
                fxl_sweep rel = sweeps[i];
                fxl_sweep_prep rp;
                rel.motion.move = fxl_vec2_make((fix16_t)((int64_t)boxes[j].lo.x - to[j].x),
                                                (fix16_t)((int64_t)boxes[j].lo.y - to[j].y));
                if (fxl_sweep_prepare(&rel, &rp) == FXL_OK)
                    FZ_CHECK(fxl_sweep_vs_aabb(&rp, boxes[j]) == mv);
            }
        }
        /* batch forms over the boxes in the domain */
        for (j = 0, n = 0; j < nb; j++)
            if (ok[j]) {
                boxes[n] = boxes[j], to[n] = to[j], still[n] = boxes[j].lo, hit[n] = hit[j];
                n++;
            }
        FZ_CHECK(fxl_sweep_vs_aabbs(sp, boxes, n, n ? bits : NULL) == fxl_sweep_collect_aabbs(sp, boxes, n, idx, NB));
        FZ_CHECK(fxl_sweep_vs_moving_aabbs(sp, boxes, still, n, n ? mbits : NULL) ==
                 fxl_sweep_vs_aabbs(sp, boxes, n, NULL));
        (void)fxl_sweep_vs_aabbs(sp, boxes, n, n ? bits : NULL);
        for (j = 0; j < n; j++) {
            FZ_CHECK(fz_bit_at(bits, j) == hit[j]);
            FZ_CHECK(fz_bit_at(mbits, j) == hit[j]);
            if (hit[j]) {
                FZ_CHECK(idx[k] == j);
                k++;
            }
            hits += hit[j];
        }
        {
            uint32_t mb[1];
            size_t m = fxl_sweep_vs_moving_aabbs(sp, boxes, to, n, n ? mb : NULL);
            size_t c = 0;
            for (j = 0; j < n; j++) {
                bool one = fxl_sweep_vs_moving_aabb(sp, boxes[j], to[j]);
                FZ_CHECK(fz_bit_at(mb, j) == one);
                c += one;
            }
            FZ_CHECK(m == c);
        }
        (void)hits;
    }
    /* fused against each box in the domain */
    for (j = 0; j < nb && j < 4; j++) {
        uint32_t fb[1];
        size_t fh = 99, c = 0;
        fxl_result want = fxl_aabb_check(boxes[j]), got;
        got = fxl_sweeps_vs_aabb(sweeps, ns, boxes[j], fb, &fh);
        for (i = 0; i < ns; i++) {
            bool one = want == FXL_OK && res[i] == FXL_OK && fxl_sweep_vs_aabb(&preps[i], boxes[j]);
            FZ_CHECK(fz_bit_at(fb, i) == one);
            c += one;
        }
        for (i = 0; i < ns && want == FXL_OK; i++)
            if (res[i] != FXL_OK)
                want = res[i];
        FZ_CHECK(got == want);
        FZ_CHECK(fh == c);
    }
    return 0;
}
