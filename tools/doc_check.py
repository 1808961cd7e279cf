#!/usr/bin/env python3
"""doc_check.py - every C block of README.md and docs/ (and the manual's
examples in include/fixlaser.h) compiled with the project's warnings and run.

Usage: tools/doc_check.py ROOT OUTDIR CC "WARN" LIBS...

The comment line just before a ```c block says how to build it:
  <!-- doc-check: program NAME.c -->   a whole program: compiled as is, run,
                                       must exit 0
  <!-- doc-check: fragment NAME -->    statements (and block-scope
                                       declarations): wrapped as the body of
                                       `static void doc_fragment(void)` after
                                       #include <fixlaser.h> and
                                       tests/docs/NAME.h, which declares what
                                       the fragment uses (the game's
                                       variables, stub functions such as
                                       player_hit) and defines doc_setup()
                                       and doc_finish(); main calls
                                       doc_setup(), the fragment, then returns
                                       doc_finish() (0: the answers it
                                       expects)
  <!-- doc-check: skip REASON -->      not C to compile (say why)
When a program's NAME.c is named in the first ```sh block after it (the
quick start's build line), that line runs too, as written (less a leading
`make && `), in a folder holding NAME.c and links to ROOT's include/ and
build/, and must exit 0.
A ```c block with no such line is an error, so a new example cannot go
unchecked. The manual's examples in include/fixlaser.h (the indented code
under "Use" and the fused calls under "A frame") are fragments with
tests/docs/manual_use.h and tests/docs/manual_frame.h.
Each program is built in OUTDIR (its source kept there, named after the
page and block) with CC WARN -Iinclude -Itests/docs and linked with LIBS.
Prints one line per block; exits 1 if any fails to build or run."""
import os
import re
import subprocess
import sys

root, out, cc, warn = sys.argv[1:5]
libs = sys.argv[5:]
os.makedirs(out, exist_ok=True)
MARK = re.compile(r"<!--\s*doc-check:\s*(program|fragment|skip)\s*(\S*)\s*(.*?)-->")


def pages():
    yield "README.md"
    for d, _, files in os.walk(os.path.join(root, "docs")):
        for f in sorted(files):
            if f.endswith(".md"):
                yield os.path.relpath(os.path.join(d, f), root)


def shell_line(page, line, name):
    """The command of the first ```sh block after `line` naming `name`."""
    lines = open(os.path.join(root, page)).read().split("\n")[line:]
    for i, l in enumerate(lines):
        if l.strip() == "```sh":
            for c in lines[i + 1:]:
                if c.strip() == "```":
                    return None
                if name in c:
                    return re.sub(r"^make && ", "", c.strip())
            return None
    return None


def blocks(page):
    """(line, mode, arg, code) for every ```c block of page."""
    lines = open(os.path.join(root, page)).read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```c":
            j = i - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            m = MARK.search(lines[j]) if j >= 0 else None
            k = i + 1
            while k < len(lines) and lines[k].strip() != "```":
                k += 1
            code = "\n".join(lines[i + 1:k]) + "\n"
            yield i + 1, (m.group(1) if m else None), (m.group(2) if m else ""), code
            i = k
        i += 1


def manual_blocks():
    """The examples of include/fixlaser.h's manual comment."""
    text = open(os.path.join(root, "include", "fixlaser.h")).read()
    head = text.split("*/", 1)[0].split("\n")
    body = [re.sub(r"^ \*( |$)", "", l) for l in head]
    found = []
    # "Use" is all code (indented 2); under "A frame" prose is indented 2
    # and the code 4.
    for title, prelude, ind in (("Use", "manual_use", 2), ("A frame", "manual_frame", 4)):
        start = body.index(title) + 1
        code = []
        for l in body[start:]:
            if not l.strip():
                break
            if l.startswith(" " * ind):
                code.append(l[ind:])
            elif code:
                break
        found.append((title, prelude, "\n".join(code) + "\n"))
    return found


# A fragment is an excerpt: what it computes is used by the game's code
# around it, so unused results are not warned about (nor the header's stubs
# a fragment does not call).
FRAGMENT_FLAGS = ["-Wno-unused-variable", "-Wno-unused-but-set-variable", "-Wno-unused-function"]


def build_and_run(name, source, extra):
    src = os.path.join(out, name + ".c")
    exe = os.path.join(out, name)
    with open(src, "w") as f:
        f.write(source)
    cmd = [cc] + warn.split() + extra + ["-I" + os.path.join(root, "include"),
                                 "-I" + os.path.join(root, "tests", "docs"), src, "-o", exe] + libs
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode != 0:
        return "does not compile:\n" + r.stdout
    r = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                       timeout=60)
    if r.returncode != 0:
        return "exits %d:\n%s" % (r.returncode, r.stdout)
    return None


def fragment(prelude, code):
    """The program around a fragment; its #include lines go to file scope."""
    lines = code.split("\n")
    incs = "".join(l + "\n" for l in lines if l.startswith("#include"))
    body = "\n".join(l for l in lines if not l.startswith("#include"))
    return ("%s#include <fixlaser.h>\n#include \"%s.h\"\n\nstatic void doc_fragment(void)\n{\n%s}\n\n"
            "int main(void)\n{\n    doc_setup();\n    doc_fragment();\n    return doc_finish();\n}\n"
            % (incs, prelude, body))


bad = ok = skipped = 0
jobs = []
shells = []
for page in pages():
    for line, mode, arg, code in blocks(page):
        where = "%s:%d" % (page, line)
        name = re.sub(r"[^A-Za-z0-9]+", "_", "%s_%d" % (page[:-3], line))
        if mode is None:
            print("doc-check: %s: a ```c block without a <!-- doc-check: ... --> line" % where)
            bad += 1
        elif mode == "skip":
            skipped += 1
        elif mode == "program":
            jobs.append((where, name, code, []))
            cmd = shell_line(page, line, arg)
            if cmd:
                shells.append((where, arg, code, cmd))
        else:
            jobs.append((where, name, fragment(arg, code), FRAGMENT_FLAGS))
for title, prelude, code in manual_blocks():
    jobs.append(("include/fixlaser.h, manual: %s" % title, prelude, fragment(prelude, code), FRAGMENT_FLAGS))
for where, name, source, extra in jobs:
    err = build_and_run(name, source, extra)
    if err:
        print("doc-check: %s %s" % (where, err.rstrip()))
        bad += 1
    else:
        ok += 1
for where, fname, code, cmd in shells:
    d = os.path.join(out, "shell_" + fname[:-2])
    os.makedirs(d, exist_ok=True)
    for link in ("include", "build"):
        if not os.path.lexists(os.path.join(d, link)):
            os.symlink(os.path.abspath(os.path.join(root, link)), os.path.join(d, link))
    with open(os.path.join(d, fname), "w") as f:
        f.write(code)
    r = subprocess.run(cmd, shell=True, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode != 0:
        print("doc-check: %s: `%s` exits %d:\n%s" % (where, cmd, r.returncode, r.stdout.rstrip()))
        bad += 1
    else:
        print("doc-check: %s: `%s` ran: %s" % (where, cmd, r.stdout.strip()))
print("doc-check: %d C blocks compiled and ran, %d skipped, %d failed" % (ok, skipped, bad))
sys.exit(1 if bad else 0)
