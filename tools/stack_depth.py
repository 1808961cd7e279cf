#!/usr/bin/env python3
"""stack_depth.py - worst-case stack depth of every public fixlaser function
on the GBA (issue 20 item 7), as a markdown table (`make size`).

  stack_depth.py GBA_BUILD_DIR

Sources:
  * GCC's call graph with stack usage (-fcallgraph-info=su, port/gba/gba.mk):
    one .ci file per object of libfixlaser.a and libfixmath.a, giving each
    C function's frame in bytes and its direct calls.
  * The disassembly (arm-none-eabi-objdump -dr) for what GCC did not
    compile from C: port/gba/fast_arm.s, the naked asm functions of
    src/chain.c (GCC reports 0 bytes for them), libgcc's and newlib's
    routines (__aeabi_*, memcpy, memset). Their frame is bounded by the sum
    of every push (register count x 4) and every "sub sp" in the function
    (an upper bound: pops are ignored), their callees are the functions
    they branch to with BL or whose address they load from a literal pool
    (a long call, or a tail call through a register).
  * Indirect calls: GCC marks them (__indirect_call). The only ones in the
    library are the curvy walker calling a segment callback (any static
    function that nothing calls directly, i.e. whose address is taken:
    seg_circle, seg_band, seg_cut, seg_moving; the worst is taken) and
    fxl_chain_each calling the game's own callback (not counted: the table
    says so).
Depth of f = its frame + the deepest callee's depth (the library has no
recursion; a cycle, an unknown callee or hand-written code the tables
below do not know is listed under the table as not settled). Stack bytes at entry are the
caller's: a row is what calling the function adds below the caller's sp.
"""
import glob
import os
import re
import subprocess
import sys

OBJDUMP = os.environ.get('GBA_OBJDUMP', 'arm-none-eabi-objdump')
GCC = os.environ.get('GBA_CC', 'arm-none-eabi-gcc')
ARCH = ['-mcpu=arm7tdmi', '-mthumb', '-mthumb-interwork']

INDIRECT = '__indirect_call'
# Frames of the hand-written ARM code, read off the source (the
# disassembly's sum of every push bounds them: checked):
#   fxl_circles_vs_circle (port/gba/fast_arm.s): push {r4-r11, lr} 36, sub
#     sp 8, a near circle's push of 4 registers 16, .Lindex's or .Lexact's
#     push {lr} 4 (one at a time): 64.
#   fxl_lasers_vs_circle (fast_arm.s): push {r4-r11, lr} 36, sub sp 28,
#     push {r0-r3} 16 around each call: 80, plus the callee's.
#   walk_fast (src/chain.c, naked): push {r4-r11, lr} 36, its frame's push
#     of 5 registers 20: 56.
#   fxl_chain_make (src/chain.c, naked): push {r0-r11, lr} 52, its frame's
#     push of 5 registers 20: 72; it then runs walk_fast's loop and exit by
#     branching into them (after walk_fast's pushes: no more stack), and its
#     other path pops everything and jumps to fxl__chain_make_general (a
#     tail call: that function's depth, not added to 72). The jump sits in
#     walk_fast's code but only fxl_chain_make reaches it (walk_fast, passed
#     its walk, returns before it).
#   fxl__room_cast_walls_port (port/gba/cast_arm.s, ROM): push {r4-r11,
#     lr} 36, sub sp 68: 104, plus fxl__room_earlier_nd's (C) depth.
#     fxl__room_cast_loop (its one-sided candidates' loop, in IWRAM) is
#     jumped to and jumps back, within that frame: 0.
#     fxl__room_cast_walls_thumb (its Thumb entry, bx pc, just before it)
#     falls into it: 0, then the kernel's depth (FALLS_INTO). Before
#     both, fxl__room_bit7 is data (the de Bruijn table): 0.
#   fxl_room_cast (cast_arm.s, Thumb in ROM): push {r4-r7, lr} 20, sub sp
#     52: 72, plus fxl__room_cast_walls_thumb's (a BL) or
#     fxl__room_cast_slow's (C, called through bx r4 from
#     fxl__room_cast_port_slow, code before the entry that fxl_room_cast
#     branches to, within its frame: 0).
#   fxl__bounce_band_port (port/gba/bounce_arm.s, ROM): push {r4-r11,
#     lr} 36, sub sp 88: 124, no calls. fxl__bounce_band_loop (its
#     candidates' loop, in IWRAM) is jumped to and jumps back, within that
#     frame: 0.
ASM_FRAMES = {'fxl_circles_vs_circle': 64, 'fxl_lasers_vs_circle': 80,
              'fxl__room_cast_walls_port': 104, 'fxl_room_cast': 72,
              'fxl__room_cast_port_slow': 0, 'fxl__room_cast_loop': 0,
              'fxl__room_cast_walls_thumb': 0, 'fxl__room_bit7': 0,
              'fxl__bounce_band_port': 124,
              'fxl__bounce_band_loop': 0,
              'src/chain.c:walk_fast': 56, 'fxl_chain_make': 72}
# Entry stubs that fall into the function after them: {stub: function}.
FALLS_INTO = {'fxl__room_cast_walls_thumb': 'fxl__room_cast_walls_port'}
# Naked functions that branch into another's code: {function: the other}.
SHARED_CODE = {'fxl_chain_make': 'src/chain.c:walk_fast'}
NOT_CALLS = {('src/chain.c:walk_fast', 'fxl__chain_make_general')}
TAIL_CALLS = {('fxl_chain_make', 'fxl__chain_make_general')}
GAME_CALLBACKS = {'fxl_chain_each'}  # call the game's function: not counted


NOTES = []


def note(text):
    """Something the walk could not settle: listed under the table (and on
    stderr) rather than stopping make size."""
    if text not in NOTES:
        NOTES.append(text)
        print('stack_depth.py: ' + text, file=sys.stderr)


def short(n):
    return n.split(':')[-1]


def read_ci(path):
    """nodes {title: bytes or None}, edges [(src, dst)] of one .ci file."""
    nodes, edges = {}, []
    with open(path) as f:
        for line in f:
            m = re.match(r'node: \{ title: "([^"]+)" label: "([^"]*)"', line)
            if m:
                b = re.search(r'\\n(\d+) bytes \((\w+)', m.group(2))
                nodes[m.group(1)] = (int(b.group(1)), b.group(2)) if b else None
                continue
            m = re.match(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', line)
            if m:
                edges.append((m.group(1), m.group(2)))
    return nodes, edges


def regs(lst):
    n = 0
    for part in lst.split(','):
        part = part.strip()
        m = re.match(r'r(\d+)-r(\d+)$', part)
        n += int(m.group(2)) - int(m.group(1)) + 1 if m else 1
    return n


def disasm_functions(path):
    """{function: (frame upper bound, {symbols it calls or loads})} from
    objdump -dr of an object, archive or ELF; aliases (objdump -t: other
    global names at the same place, as libgcc's __aeabi_uidiv for
    __udivsi3) get their function's entry."""
    out = subprocess.run([OBJDUMP, '-dr', path], check=True, capture_output=True,
                         text=True).stdout
    funcs, place = {}, {}
    cur = None
    member = section = ''
    for line in out.splitlines():
        m = re.match(r'^(\S+):\s+file format', line)
        if m:
            member = m.group(1)
            continue
        m = re.match(r'^Disassembly of section (\S+):', line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r'^([0-9a-f]+) <([^>]+)>:$', line)
        if m:
            cur = m.group(2)
            funcs.setdefault(cur, [0, set()])
            place.setdefault((member, section, int(m.group(1), 16)), cur)
            continue
        if cur is None:
            continue
        m = re.search(r'\t(push|stmdb|stmfd)\s+(sp!,\s*)?\{([^}]*)\}', line)
        if m and (m.group(1) == 'push' or m.group(2)):
            funcs[cur][0] += 4 * regs(m.group(3))
            continue
        m = re.search(r'\tsub\s+sp,\s*(sp,\s*)?#(\d+)', line)
        if m:
            funcs[cur][0] += int(m.group(2))
            continue
        m = re.search(r'\tstr\s+\w+,\s*\[sp,\s*#-(\d+)\]!', line)
        if m:
            funcs[cur][0] += int(m.group(1))
            continue
        m = re.search(r'\tbl\s+[0-9a-f]+ <([^>+]+)>', line)
        if m:
            funcs[cur][1].add(m.group(1))
            continue
        m = re.search(r'R_ARM_(ABS32|CALL|JUMP24|PC24|THM_CALL|THM_JUMP24)\s+(\S+)', line)
        if m:
            sym = m.group(2)
            if sym.startswith('.') and m.group(1) in ('JUMP24', 'PC24'):
                sym = '@' + sym  # a branch into another section's code
            funcs[cur][1].add(sym)
    res = {k: (v[0], v[1]) for k, v in funcs.items()}
    syms = subprocess.run([OBJDUMP, '-t', path], check=True, capture_output=True,
                          text=True).stdout
    member = ''
    for line in syms.splitlines():
        m = re.match(r'^(\S+):\s+file format', line)
        if m:
            member = m.group(1)
            continue
        m = re.match(r'^([0-9a-f]{8}) (.{7}) (\S+)\s+[0-9a-f]{8}\s+(?:\.hidden\s+)?(\S+)$', line)
        if m and m.group(4) not in res:
            f = place.get((member, m.group(3), int(m.group(1), 16)))
            if f is not None:
                res[m.group(4)] = res[f]
    return res


def public_functions():
    names = []
    for h in sorted(glob.glob('include/fixlaser/*.h')):
        text = open(h).read()
        text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
        for m in re.finditer(r'^[A-Za-z_][\w \*]*?\b(fxl_[a-z0-9_]+)\s*\(', text, re.M):
            line = text[text.rfind('\n', 0, m.start()) + 1:m.end()]
            if 'static' in line or '#define' in line or 'typedef' in line:
                continue
            if m.group(1) not in names:
                names.append(m.group(1))
    return names


def main():
    build = sys.argv[1]
    frame, calls, where = {}, {}, {}
    cis = sorted(glob.glob(os.path.join(build, 'src', '*.ci')) +
                 glob.glob(os.path.join(build, 'fixmath', 'obj', '*.ci')))
    if not cis:
        sys.exit('stack_depth.py: no .ci files under %s (build with -fcallgraph-info=su)' % build)
    for obj in glob.glob(os.path.join(build, 'src', '*.o')):
        ci = obj[:-2] + '.ci'
        if not os.path.exists(ci) or os.path.getmtime(ci) < os.path.getmtime(obj) - 1:
            sys.exit('stack_depth.py: %s has no call graph of its own build: rebuild the '
                     'library (GBA_STACK_INFO in port/gba/gba.mk)' % obj)
    for ci in cis:
        nodes, edges = read_ci(ci)
        for t, v in nodes.items():
            if v is not None:
                frame[t] = v[0]
                where[t] = ci
                if v[1] != 'static':
                    note('%s has a %s frame (GCC: %d bytes)' % (t, v[1], v[0]))
                calls.setdefault(t, set())
        for s, d in edges:
            calls.setdefault(s, set()).add(d)
    called = {d for ds in calls.values() for d in ds}
    callbacks = {t for t in frame if ':' in t and t not in called}

    # What GCC did not see: the port's assembly, naked functions, runtime.
    asm = {}  # {title: (frame bound, raw calls)}
    for obj in glob.glob(os.path.join(build, 'port', 'gba', '*_arm.o')):
        for name, v in disasm_functions(obj).items():
            if name.startswith('fxl'):
                asm[name] = v
    for ci in cis:
        obj = ci[:-3] + '.o'
        for name, v in disasm_functions(obj).items():
            title = '%s:%s' % (os.path.relpath(ci[:-3], build) + '.c', name)
            key = title if title in frame else name
            if key in frame and frame[key] == 0 and v[0] > 0:  # naked asm
                asm[key] = v
    for key, (fr, cs) in asm.items():
        if key not in ASM_FRAMES:
            note('%s is hand-written and not in ASM_FRAMES: its frame is the sum of its '
                 'pushes, %d bytes (an upper bound)' % (short(key), fr))
        elif fr < ASM_FRAMES[key]:
            note('ASM_FRAMES gives %s %d bytes, more than all its pushes (%d)' % (
                short(key), ASM_FRAMES[key], fr))
        if any(c.startswith('@') for c in cs) and key not in SHARED_CODE:
            note('%s branches into another function\'s code, not in SHARED_CODE: its depth '
                 'may be too low' % short(key))
        frame[key] = ASM_FRAMES.get(key, fr)
        calls[key] = calls.get(key, set()) | {c for c in cs if c in frame and c != key
                                              and (key, c) not in NOT_CALLS}
    for f, g in SHARED_CODE.items():
        if f not in asm or g not in asm:
            note('SHARED_CODE names %s and %s, not both hand-written any more' % (f, g))
            continue
        calls[f] |= {c for c in asm[g][1] if c in frame and c not in (f, g)}
    for f, g in FALLS_INTO.items():
        if f not in asm or g not in asm:
            note('FALLS_INTO names %s and %s, not both hand-written any more' % (f, g))
            continue
        calls[f].add(g)
    for f in sorted(set(ASM_FRAMES) - set(asm)):
        note('ASM_FRAMES names %s, not hand-written any more' % f)
    libgcc = subprocess.run([GCC] + ARCH + ['-print-libgcc-file-name'], check=True,
                            capture_output=True, text=True).stdout.strip()
    libc = subprocess.run([GCC] + ARCH + ['-print-file-name=libc.a'], check=True,
                          capture_output=True, text=True).stdout.strip()
    runtime = {}
    for lib in (libgcc, libc):
        for name, v in disasm_functions(lib).items():
            runtime.setdefault(name, v)

    def resolve(name, ci):
        if name in frame:
            return name
        if name in runtime:
            fr, cs = runtime[name]
            frame[name] = fr
            calls[name] = {c for c in cs if c in runtime and c != name}
            return name
        return None

    memo = {}

    def depth(f, stack=()):
        if f in memo:
            return memo[f]
        if f in stack:
            note('recursion through %s: counted once' % ' > '.join(map(short, stack + (f,))))
            return 0, []
        best, path, tail = 0, [], False
        for c in sorted(calls.get(f, ())):
            if c == INDIRECT:
                targets = [] if f in GAME_CALLBACKS else sorted(callbacks)
            else:
                r = resolve(c, where.get(f))
                if r is None:
                    note('%s calls %s, whose stack is unknown: counted as 0' % (short(f), c))
                    continue
                targets = [r]
            for t in targets:
                d, p = depth(t, stack + (f,))
                if (f, t) in TAIL_CALLS:
                    d -= frame[f]  # entered with the caller's frame popped
                if d > best:
                    best, path, tail = d, p, (f, t) in TAIL_CALLS
        memo[f] = (frame[f] + best, [f + ' (tail call)' if tail else f] + path)
        return memo[f]

    print('| function | stack bytes | deepest call chain |')
    print('|---|---:|---|')
    missing = []
    for f in public_functions():
        if f not in frame:
            missing.append(f)
            continue
        d, p = depth(f)
        extra = ' (+ the game\'s callback)' if f in GAME_CALLBACKS else ''
        chain = ' > '.join('%s %d%s' % (short(n.split(' ')[0]), frame[n.split(' ')[0]],
                                        n[len(n.split(' ')[0]):]) for n in p)
        print('| `%s` | %d%s | %s |' % (f, d, extra, chain))
    if missing:
        print()
        print('Inline in the headers (no frame of their own): %s.' %
              ', '.join('`%s`' % m for m in missing))
    if NOTES:
        print()
        print('**Not settled** (tools/stack_depth.py; the rows involved may be off):')
        print()
        for n in NOTES:
            print('- ' + n)


if __name__ == '__main__':
    main()
