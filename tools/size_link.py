#!/usr/bin/env python3
"""size_link.py - what a GBA game links of fixlaser, from link-test maps.

The link tests are tools/size_games.c built once per set of features
(port/gba/gba.mk: build/gba/size/set-<mask>.elf and .map, --gc-sections).
Reads GNU ld's map: every input section the link kept, its output section,
size and archive member; adds them up per library.

  size_link.py games BUILD_DIR       markdown: the "what a game links" table
  size_link.py gc-check ELF [LIB]    fails unless the bullets-only link keeps
                                     fxl_circles_vs_circle and no other
                                     fixlaser code or data (and, given the
                                     library, unless its IWRAM sections are
                                     all named exactly .iwram)

ROM counts everything the cartridge stores (code, tables, and the load image
of what crt0.s copies to IWRAM); IWRAM counts .iwram (ARM code and
FXL_IWRAM_DATA), .data and .bss.
"""
import os
import re
import subprocess
import sys

ROM_SECTIONS = {'.text', '.rodata', '.iwram', '.data', '.ARM.exidx', '.ARM.extab', '.ewram'}
IWRAM_SECTIONS = {'.iwram', '.data', '.bss'}
NM = os.environ.get('GBA_NM', 'arm-none-eabi-nm')
OBJDUMP = os.environ.get('GBA_OBJDUMP', 'arm-none-eabi-objdump')

# (mask, row label): the rows of the table, in order. Bits as in
# tools/size_games.c.
ROWS = [
    (1, 'static lasers: `fxl_laser_prepare`, `fxl_laser_vs_circle`, `fxl_lasers_vs_circle`, '
        '`fxl_circles_vs_circle`'),
    (1 | 2, '+ sweeps: `fxl_sweep_turn`, `_turn_about`, `_to_pose`, `fxl_sweeps_vs_circle`'),
    (1 | 2 | 4, '+ curvy: `fxl_curvy_init`, `fxl_curvy_push`, `fxl_curvy_vs_moving_circle`'),
    (1 | 2 | 4 | 8, '+ cast (centre line): `fxl_wall_prepare`, `fxl_laser_cast`'),
    (1 | 2 | 4 | 8 | 16, '+ width cast: `fxl_laser_cast` with `FXL_CAST_WIDTH`'),
    (1 | 2 | 4 | 8 | 16 | 32, '+ bounce: `fxl_laser_bounce` (everything above)'),
    (2, 'sweeps alone'),
    (4, 'curvy alone'),
    (8, 'cast (centre line) alone'),
    (16, 'width cast alone'),
    (32, 'bounce alone'),
    (64, 'bullets only: `fxl_circles_vs_circle`'),
]
# The boss frame: static + sweep + curvy + cast + bounce.
BOSS = 1 | 2 | 4 | 8 | 32
BOSS_TARGET = 4096


def parse_map(path):
    """[(output section, input section, size, file, address)] of the map."""
    out = []
    osec = None
    pending = None
    started = False
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not started:
                started = line.startswith('Linker script and memory map')
                continue
            m = re.match(r'^(\.\S+)(\s+0x[0-9a-fA-F]+\s+0x[0-9a-fA-F]+.*)?$', line)
            if m:
                osec = m.group(1)
                pending = None
                continue
            m = re.match(r'^ (\.\S+)\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s+(\S.*)$', line)
            if m:
                out.append((osec, m.group(1), int(m.group(3), 16), m.group(4),
                            int(m.group(2), 16)))
                pending = None
                continue
            m = re.match(r'^ (\.\S+)$', line)
            if m:
                pending = m.group(1)
                continue
            m = re.match(r'^\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s+(\S.*)$', line)
            if m and pending:
                out.append((osec, pending, int(m.group(2), 16), m.group(3), int(m.group(1), 16)))
            pending = None
    return out


def library(file):
    """'fixlaser', 'fixmath', 'runtime' (libgcc, newlib) or None."""
    base = re.sub(r'\(.*', '', file)
    name = os.path.basename(base)
    if name == 'libfixlaser.a':
        return 'fixlaser'
    if name == 'libfixmath.a':
        return 'fixmath'
    if name.endswith('.a'):
        return 'runtime'
    return None


def totals(entries):
    t = {}
    for osec, _isec, size, file, _addr in entries:
        lib = library(file)
        if lib is None or size == 0:
            continue
        d = t.setdefault(lib, {'rom': 0, 'iwram': 0, 'code': 0, 'rodata': 0})
        if osec in ROM_SECTIONS:
            d['rom'] += size
        if osec in IWRAM_SECTIONS:
            d['iwram'] += size
        if osec == '.text':
            d['code'] += size
        if osec == '.rodata':
            d['rodata'] += size
    return t


def iwram_symbols(elf):
    """{address: (name, size)} of the functions and objects nm sizes."""
    res = subprocess.run([NM, '-S', elf], check=True, capture_output=True, text=True).stdout
    syms = {}
    for line in res.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in 'tTdDbB' and int(p[1], 16):
            syms[int(p[0], 16)] = (p[3], int(p[1], 16))
    return syms


def lib_iwram_functions(entries, elf):
    """[(name, size)] of libfixlaser.a's functions and objects in IWRAM (the
    symbols inside its IWRAM input sections), largest first."""
    ranges = [(a, a + s) for o, _i, s, f, a in entries
              if o in IWRAM_SECTIONS and s and library(f) == 'fixlaser']
    syms = iwram_symbols(elf)
    found = [v for a, v in syms.items() if any(lo <= a < hi for lo, hi in ranges)]
    return sorted(found, key=lambda kv: (-kv[1], kv[0]))


def games(build):
    print('| what the game calls | fixlaser ROM | of which code / tables | fixlaser IWRAM '
          '| libfixmath ROM | libfixmath IWRAM | libgcc + newlib ROM |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    for mask, label in ROWS:
        t = totals(parse_map(os.path.join(build, 'set-%d.map' % mask)))
        fl = t.get('fixlaser', {'rom': 0, 'iwram': 0, 'code': 0, 'rodata': 0})
        fm = t.get('fixmath', {'rom': 0, 'iwram': 0})
        rt = t.get('runtime', {'rom': 0})
        print('| %s | %d | %d / %d | %d | %d | %d | %d |' % (
            label, fl['rom'], fl['code'], fl['rodata'], fl['iwram'], fm['rom'], fm['iwram'],
            rt['rom']))
    print()
    entries = parse_map(os.path.join(build, 'set-%d.map' % BOSS))
    t = totals(entries).get('fixlaser', {'iwram': 0})
    verdict = 'met' if t['iwram'] <= BOSS_TARGET else '**missed**'
    funcs = lib_iwram_functions(entries, os.path.join(build, 'set-%d.elf' % BOSS))
    print('Library IWRAM for the boss frame (static + sweeps + curvy + cast + bounce, as above): '
          '**%d bytes** (target <= %d: %s). Taken by: %s.' % (
              t['iwram'], BOSS_TARGET, verdict,
              ', '.join('`%s` %d' % kv for kv in funcs) or 'nothing'))


def gc_check(elf, lib=None):
    mapf = os.path.splitext(elf)[0] + '.map'
    entries = parse_map(mapf)
    kept = [(o, i, s, f) for o, i, s, f, _a in entries
            if library(f) == 'fixlaser' and o in IWRAM_SECTIONS and s]
    syms = {n for n, _s in lib_iwram_functions(entries, elf)}
    # fast_arm.s's routine alone: one input section in IWRAM, whose only
    # symbol it is, and nothing else of the library anywhere (it calls
    # nothing).
    anywhere = [(o, i, s, f) for o, i, s, f, _a in entries if library(f) == 'fixlaser' and s
                and o in ROM_SECTIONS | IWRAM_SECTIONS]
    ok = len(kept) == 1 and len(anywhere) == 1 and syms == {'fxl_circles_vs_circle'}
    if not ok:
        print('gba-gc-check: a link calling only fxl_circles_vs_circle keeps other fixlaser '
              'IWRAM sections or functions:', file=sys.stderr)
        for o, i, s, f in anywhere:
            print('  %s %s %d %s' % (o, i, s, f), file=sys.stderr)
        print('  IWRAM symbols: %s' % ', '.join(sorted(syms)), file=sys.stderr)
        sys.exit(1)
    print('gba-gc-check: the bullets-only link keeps %d bytes of fixlaser IWRAM, '
          'fxl_circles_vs_circle alone' % sum(s for _o, _i, s, _f in kept))
    if lib:
        # Every IWRAM section of the library is named exactly .iwram (one per
        # function, "unique"), which devkitARM's gba_cart.ld (*(.iwram))
        # places as well as ours.
        out = subprocess.run([OBJDUMP, '-h', lib], check=True, capture_output=True,
                             text=True).stdout
        names = re.findall(r'^\s*\d+\s+(\S+)', out, re.M)
        odd = sorted({n for n in names if n.startswith('.iwram') and n != '.iwram'})
        count = names.count('.iwram')
        if odd or not count:
            sys.exit('gba-gc-check: %s has IWRAM sections not named .iwram: %s' % (
                lib, ', '.join(odd) or 'none at all'))
        print('gba-gc-check: %s: %d IWRAM sections, all named .iwram' % (lib, count))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'games':
        games(sys.argv[2])
    elif len(sys.argv) in (3, 4) and sys.argv[1] == 'gc-check':
        gc_check(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else None)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == '__main__':
    main()
