#!/usr/bin/env python3
"""retro_count.py - instruction counts, libgcc helper calls and a cycle
estimate per phase of the scene benchmark on the 68000 or the R3000, from
QEMU user mode's log (make bench-retro; tests/bench/retro/scene_retro.c).

    retro_count.py ARCH ELF NM LOG
ARCH: m68k or mips; NM: the target's nm; LOG: qemu -d in_asm,exec,nochain
(every translated block with its instructions, then one line per executed
block). Instructions per block come from the translation log; a block
executed at a helper's entry point is one call to it. Regions run from one
call of retro_mark to the next: the first (nothing between two marks) is
subtracted from the others. Prints one markdown table; medians per frame.

Cycle estimates (lower..upper bound per block, summed):
  68000: 4 cycles per bus access (a 16-bit word): each instruction word
    fetched (the block's addresses give the lengths), each operand word
    read or written (1 for .b/.w, 2 for .l memory operands; movem 1 or 2 per
    register; jsr/bsr push and rts pops 2 words), plus Motorola's internal
    times: 2..4 for .l register arithmetic, 2 per shift bit (the count
    when immediate, 1..8 otherwise), MULU/MULS 38..70, DIVU/DIVS 140..158,
    2 for taken branches and -(An)/d(An,Xn) operands. No wait states (the
    Mega Drive's 68000 runs from ROM and work RAM without any).
  R3000: 1 cycle per instruction (delay-slot nops included), MULT/MULTU
    10..12 and DIV/DIVU 33..35 more (the HI/LO interlock), and 0..4 more per
    load (the PlayStation has no data cache: a load from main RAM stalls;
    from the scratchpad it does not). I-cache misses are not modelled (the
    hot loops are far below its 4 KB)."""
import bisect
import re
import subprocess
import sys

arch, elf, nm, log = sys.argv[1:5]

syms = []  # (start, end, name) of every function
for line in subprocess.run([nm, "-S", "--defined-only", elf], capture_output=True, text=True,
                           check=True).stdout.splitlines():
    f = line.split()
    if len(f) == 4 and f[2] in "tTwW":
        a, s = int(f[0], 16), int(f[1], 16)
        syms.append((a, a + s, f[3]))
syms.sort()
starts = [s[0] for s in syms]
HELPER = re.compile(r"^__[a-z]+[sd]i[234]$")
helpers = {a: n for a, e, n in syms if HELPER.match(n)}
mark = [a for a, e, n in syms if n == "retro_mark"]
if not mark:
    sys.exit("retro_count: no retro_mark in " + elf)
mark = mark[0]


def helper_of(pc):
    i = bisect.bisect_right(starts, pc) - 1
    if i >= 0 and syms[i][0] <= pc < syms[i][1] and HELPER.match(syms[i][2]):
        return syms[i][2]
    return None


def reglist_len(s):
    n = 0
    for part in s.split("/"):
        m = re.match(r"%([ad])(\d)-%([ad])(\d)", part)
        if m:
            n += (8 * (m.group(3) == "a") + int(m.group(4))) - (8 * (m.group(1) == "a") + int(m.group(2))) + 1
        elif part.strip().startswith("%"):
            n += 1
    return n


def m68k_cost(ins):
    """ins: [(pc, mnemonic, operands)] of one block -> (lo, hi) cycles."""
    lo = hi = 0
    for i, (pc, mn, ops) in enumerate(ins):
        if i + 1 < len(ins):
            words = (ins[i + 1][0] - pc) // 2
        else:  # the block's last instruction: its length from its form
            words = 1
            if mn in ("jsr", "jmp") and "@" not in ops:
                words = 3
            elif mn.endswith("w") and mn.startswith("b"):
                words = 2
            elif mn.endswith("l") and mn.startswith("b") and mn != "bsrl":
                words = 3
        c = 4 * words
        extra_lo = extra_hi = 0
        size = 2 if mn.endswith("l") and not mn.startswith("b") else 1
        operands = [o for o in re.split(r",(?![^(]*\))", ops) if o]
        if mn.startswith("movem"):
            regs = reglist_len(operands[0] if operands[0].startswith("%") and "@" not in operands[0]
                               else operands[-1])
            c += 4 * size * regs
        elif mn in ("lea",):
            pass
        elif mn in ("pea",):
            c += 8
        elif mn in ("jsr", "bsrw", "bsrs", "bsrl"):
            c += 8 + 4  # the return address pushed; the refetch
        elif mn == "rts":
            c += 8 + 4
        elif mn.startswith("b") and mn[:3] not in ("bse", "bcl", "bch", "bts"):
            extra_hi += 2  # taken: 10 cycles for 8
        else:
            for o in operands:
                if "@" in o and not o.startswith("%pc@"):
                    c += 4 * size
                    if o.endswith("@-") or "," in o:
                        c += 2
                elif o.startswith("%pc@"):
                    c += 4 * size
            if mn[:4] in ("mulu", "muls"):
                extra_lo, extra_hi = 34, 66
            elif mn[:4] in ("divu", "divs"):
                extra_lo, extra_hi = 136, 154
            elif mn[:3] in ("lsl", "lsr", "asl", "asr", "rol", "ror") or mn[:4] in ("roxl", "roxr"):
                m = re.match(r"#(\d+)", operands[0]) if operands else None
                if m and len(operands) > 1:
                    n = int(m.group(1))
                    extra_lo = extra_hi = 2 + 2 * n + 2 * (size == 2)
                elif len(operands) > 1:
                    extra_lo, extra_hi = 4 + 2 * (size == 2), 18 + 2 * (size == 2)
            elif size == 2 and operands and operands[-1].startswith("%") and "@" not in operands[-1]:
                extra_lo, extra_hi = 2, 4  # .l arithmetic into a register
        lo += c + extra_lo
        hi += c + extra_hi
    return lo, hi


LOADS = {"lb", "lbu", "lh", "lhu", "lw", "lwl", "lwr"}


def mips_cost(ins):
    lo = hi = len(ins)
    for pc, mn, ops in ins:
        if mn in ("mult", "multu"):
            lo += 10
            hi += 12
        elif mn in ("div", "divu"):
            lo += 33
            hi += 35
        elif mn in LOADS:
            hi += 4
    return lo, hi


cost = m68k_cost if arch == "m68k" else mips_cost
tb = {}  # pc -> (instructions, lo, hi, helper whose code it is)
regions = []  # per region: [insns, lo, hi, {helper: calls}, helper insns]
cur = None
pending = None
INS = re.compile(r"^0x([0-9a-f]+):\s+(\S+)\s*(.*)$")
with open(log, errors="replace") as fh:
    for line in fh:
        if line.startswith("Trace "):
            pc = int(line.split("[", 1)[1].split("/", 2)[1], 16)
            if pc == mark:
                cur = [0, 0, 0, {}, 0]
                regions.append(cur)
            if cur is None:
                continue
            n, lo, hi, h = tb[pc]
            cur[0] += n
            cur[1] += lo
            cur[2] += hi
            if pc in helpers:
                cur[3][helpers[pc]] = cur[3].get(helpers[pc], 0) + 1
            if h:
                cur[4] += n
        elif line.startswith("IN:"):
            pending = []
        elif pending is not None:
            m = INS.match(line)
            if m:
                pending.append((int(m.group(1), 16), m.group(2), m.group(3).replace(" ", "")))
            elif pending:
                lo, hi = cost(pending)
                tb[pending[0][0]] = (len(pending), lo, hi, helper_of(pending[0][0]))
                pending = None

# regions[0]: the two marks; [1]: scene_init; then (timed, gap) pairs, the last gap running to the exit.
over = regions[0]
timed = regions[2::2]
names = ["bullets-fast", "bullets-base", "lasers-fast", "lasers-base", "rotating-fast",
         "rotating-base", "rotating-chain"]
frames = len(timed) // len(names)
if frames == 0:
    sys.exit("retro_count: no frame in " + log)


def median(v):
    v = sorted(v)
    return v[len(v) // 2]


rows = {}
for k, nme in enumerate(names):
    rows[nme] = [timed[f * len(names) + k] for f in range(frames)]


def val(r, i):
    return r[i] - over[i] if i < 3 else r[i]


def combine(parts, f):
    out = [0, 0, 0, {}, 0]
    for p in parts:
        r = rows[p][f]
        for i in (0, 1, 2, 4):
            out[i] += val(r, i)
        for h, c in r[3].items():
            out[3][h] = out[3].get(h, 0) + c
    return out


frame_cycles = 128000 if arch == "m68k" else 564480
mhz = "7.67" if arch == "m68k" else "33.87"
print("| phase | instructions | helper calls | in helpers | cycles (est.) | %% of a 60 Hz frame at %s MHz |" % mhz)
print("|---|---:|---|---:|---:|---:|")
table = [(n, [combine([n], f) for f in range(frames)]) for n in names]
table.append(("**whole frame, fast path**",
              [combine(["bullets-fast", "lasers-fast", "rotating-fast"], f) for f in range(frames)]))
table.append(("**whole frame, baseline**",
              [combine(["bullets-base", "lasers-base", "rotating-base"], f) for f in range(frames)]))
table.append(("**whole frame with the chain**",
              [combine(["bullets-fast", "lasers-fast", "rotating-chain"], f) for f in range(frames)]))
for name, rs in table:
    ins = median([r[0] for r in rs])
    lo = median([r[1] for r in rs])
    hi = median([r[2] for r in rs])
    hin = median([r[4] for r in rs])
    hs = sorted({h for r in rs for h in r[3]})
    calls = ", ".join("%s %d" % (h.lstrip("_"), median([r[3].get(h, 0) for r in rs])) for h in hs) or "none"
    print("| %s | %d | %s | %d | %d..%d | %.1f..%.1f %% |" % (name, ins, calls, hin, lo, hi,
                                                          100.0 * lo / frame_cycles, 100.0 * hi / frame_cycles))
print()
print("Medians over %d frames; the marks' own %d instructions subtracted." % (frames, over[0]))
