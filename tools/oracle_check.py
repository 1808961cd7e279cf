#!/usr/bin/env python3
# oracle_check.py - confirms the oracle's smallest touching radii (lines from
# tools/oracle_dump.c) in 60-digit arithmetic, by a method of its own: the
# table rebuilt with mpmath, slides minimised exactly in fractions (the
# squared distance to the rectangle is piecewise quadratic along the
# segment), the turn's arc minimised numerically (4000 samples, then golden
# section at 60 digits around the best local minima). The motion's closest
# approach d (Q32.32 frame units) must satisfy T(r*-1) < d <= T(r*), with
# T(r) = (round + r) * 65536 (touching counts).
#     python3 tools/oracle_check.py cases.txt
# Needs mpmath. Exit status 1 if any case fails.
import sys, math
from fractions import Fraction as F
import mpmath as mp
mp.mp.dps = 60

def tsin(a):
    a &= 4095
    return int(mp.nint(65536 * mp.sin(2 * mp.pi * a / 4096)))
SIN = [tsin(a) for a in range(4096)]
def fsin(a): return SIN[a & 4095]
def fcos(a): return SIN[(a + 1024) & 4095]

def floor_half(v): return v // 2  # python floor division

def rect_d2(K, u, v):  # exact for Fractions/ints, works for mpf
    a0, a1, b0, b1 = K
    eu = a0 - u if u < a0 else (u - a1 if u > a1 else 0)
    ev = b0 - v if v < b0 else (v - b1 if v > b1 else 0)
    return eu * eu + ev * ev

def seg_rect_d2(K, A, B):
    # exact min over the segment of squared distance to K: convex piecewise quadratic;
    # minimise exactly by checking the breakpoints and the stationary point of each piece.
    a0, a1, b0, b1 = K
    (ax, ay), (bx, by) = A, B
    dx, dy = bx - ax, by - ay
    ts = {F(0), F(1)}
    for lo, hi, p, d in ((a0, a1, ax, dx), (b0, b1, ay, dy)):
        if d != 0:
            for e in (lo, hi):
                t = F(e - p, d)
                if 0 < t < 1: ts.add(t)
    ts = sorted(ts)
    best = None
    def f(t): return rect_d2(K, ax + t * dx, ay + t * dy)
    for i in range(len(ts)):
        v = f(ts[i]); best = v if best is None or v < best else best
    for i in range(len(ts) - 1):
        tm = (ts[i] + ts[i + 1]) / 2
        u, v = ax + tm * dx, ay + tm * dy
        # on this piece each of eu, ev is affine in t (or zero): minimise the quadratic
        cu = (-1 if u < a0 else (1 if u > a1 else 0)); cv = (-1 if v < b0 else (1 if v > b1 else 0))
        # e_u(t) = cu*(ax + t dx - (a0 if cu<0 else a1)) ; squared sum
        pu = (ax - (a0 if cu < 0 else a1)) * cu if cu else 0; qu = dx * cu if cu else 0
        pv = (ay - (b0 if cv < 0 else b1)) * cv if cv else 0; qv = dy * cv if cv else 0
        den = qu * qu + qv * qv
        if den:
            t = F(-(pu * qu + pv * qv), den)
            if ts[i] < t < ts[i + 1]:
                val = f(t); best = val if val < best else best
    return best

def arc_min_d2(K, qx, qy, a0ang, step):
    c0, s0 = fcos(a0ang), fsin(a0ang)
    a1ang = a0ang + step
    c1, s1 = fcos(a1ang), fsin(a1ang)
    th0 = math.atan2(s0, c0); th1 = math.atan2(s1, c1); d = th1 - th0
    if step > 0 and d <= 0: d += 2 * math.pi
    if step < 0 and d >= 0: d -= 2 * math.pi
    Kf = tuple(float(x) for x in K)
    n = 4000
    def fd(th):
        c, s = math.cos(th), math.sin(th)
        return rect_d2(Kf, 65536.0 * (c * qx + s * qy), 65536.0 * (c * qy - s * qx))
    vals = [fd(th0 + d * i / n) for i in range(n + 1)]
    # candidate brackets: local minima among samples (best 6)
    cands = [i for i in range(n + 1) if (i == 0 or vals[i] <= vals[i - 1]) and (i == n or vals[i] <= vals[i + 1])]
    cands.sort(key=lambda i: vals[i]); cands = cands[:6]
    TH0 = mp.atan2(s0, c0); TH1 = mp.atan2(s1, c1); D = TH1 - TH0
    if step > 0 and D <= 0: D += 2 * mp.pi
    if step < 0 and D >= 0: D -= 2 * mp.pi
    def md(th):
        c, s = mp.cos(th), mp.sin(th)
        return rect_d2(K, 65536 * (c * qx + s * qy), 65536 * (c * qy - s * qx))
    best = min(md(TH0), md(TH0 + D))
    g = (mp.sqrt(5) - 1) / 2
    for i in cands:
        lo = TH0 + D * max(i - 1, 0) / n; hi = TH0 + D * min(i + 1, n) / n
        if lo > hi: lo, hi = hi, lo
        x1 = hi - g * (hi - lo); x2 = lo + g * (hi - lo); f1 = md(x1); f2 = md(x2)
        for _ in range(120):
            if f1 <= f2: hi, x2, f2 = x2, x1, f1; x1 = hi - g * (hi - lo); f1 = md(x1)
            else: lo, x1, f1 = x1, x2, f2; x2 = lo + g * (hi - lo); f2 = md(x2)
        best = min(best, f1, f2)
    return best

def frame(c, s, dx, dy): return (c * dx + s * dy, c * dy - s * dx)

def motion_min_d2(case):
    (kind, anchor, px, py, ang, L, hw, frac, pvx, pvy, step, mx, my, cx, cy, tx, ty, _r) = case
    w = (hw * frac + 32768) >> 16
    a0, a1 = (0, L * 65536) if anchor == 0 else (-L * 32768, L * 32768)
    if kind == 0: b0, b1, rnd = -w * 65536, w * 65536, 0
    else: b0, b1, rnd = 0, 0, w
    c0, s0 = fcos(ang), fsin(ang); c1, s1 = fcos(ang + step), fsin(ang + step)
    ou, ov = frame(c0, s0, px - pvx, py - pvy)
    K = (a0 + ou, a1 + ou, b0 + ov, b1 + ov)
    p1x, p1y = pvx + mx, pvy + my
    pmx, pmy = pvx + floor_half(mx), pvy + floor_half(my)
    cmx, cmy = cx + floor_half(tx - cx), cy + floor_half(ty - cy)
    g0 = (cx - pvx, cy - pvy); g1 = (tx - p1x, ty - p1y); gm = (cmx - pmx, cmy - pmy)
    if step == 0:
        v = seg_rect_d2(K, frame(c0, s0, *g0), frame(c0, s0, *g1))
        return mp.mpf(v.numerator) / v.denominator, rnd, 'slide'
    parts = [(seg_rect_d2(K, frame(c0, s0, *g0), frame(c0, s0, *gm)), 'slide0'),
             (seg_rect_d2(K, frame(c1, s1, *gm), frame(c1, s1, *g1)), 'slide1'),
             (rect_d2(K, *frame(c0, s0, *gm)), 'start'), (rect_d2(K, *frame(c1, s1, *gm)), 'end')]
    parts.append((arc_min_d2(K, gm[0], gm[1], ang, step), 'arc') if gm != (0, 0) else (rect_d2(K, 0, 0), 'arc0'))
    def mpv(x): return mp.mpf(x.numerator) / x.denominator if isinstance(x, F) else mp.mpf(x)
    best = min(parts, key=lambda p: mpv(p[0]))
    return mpv(best[0]), rnd, best[1]

worst_hi = worst_lo = None
n = bad = 0
by = {}
for line in open(sys.argv[1]):
    case = tuple(int(x) for x in line.split())
    r = case[-1]
    d2, rnd, part = motion_min_d2(case)
    T = (rnd + r) * 65536; Tm = (rnd + r - 1) * 65536
    d = mp.sqrt(d2)
    ok_hit = d <= T + mp.mpf(10) ** -30
    ok_miss = d > Tm
    n += 1
    by[part] = by.get(part, 0) + 1
    m_hi = (T - d) / 65536; m_lo = (d - Tm) / 65536   # in raw steps
    if worst_hi is None or m_hi < worst_hi[0]: worst_hi = (m_hi, line.strip(), part)
    if worst_lo is None or m_lo < worst_lo[0]: worst_lo = (m_lo, line.strip(), part)
    if not (ok_hit and ok_miss):
        bad += 1
        print("BAD", line.strip(), part, mp.nstr((T - d) / 65536, 10), mp.nstr((d - Tm) / 65536, 10))
print(n, "cases,", bad, "bad; nearest part:", by)
print("closest to the hit side (raw steps d below T(r*)):", mp.nstr(worst_hi[0], 8), worst_hi[2], worst_hi[1])
print("closest to the miss side (raw steps d above T(r*-1)):", mp.nstr(worst_lo[0], 8), worst_lo[2], worst_lo[1])
sys.exit(1 if bad else 0)
