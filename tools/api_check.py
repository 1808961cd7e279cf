#!/usr/bin/env python3
"""api_check.py - README's API table against the public headers.

Every function a public header declares (at file scope, inline ones too)
must be named in the row of README.md's "What is in it" table for that
header, and every name in a row must be declared by its header. Prints the
differences; exits 1 if there are any. Usage: tools/api_check.py [ROOT]"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."


def declared(path):
    """Names of the functions a header declares at file scope."""
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"#ifdef __cplusplus.*?#endif", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    names, depth = set(), 0
    for m in re.finditer(r"[{}]|\b(fxl_\w+)\s*\(", text):
        tok = m.group(0)
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
        elif depth == 0:
            before = text[: m.start()].rstrip()
            if re.search(r"\w\s*\**$", before):  # after a type: a declaration
                names.add(m.group(1))
    return names


def table(readme):
    """header -> names in the last column of the "What is in it" table."""
    text = open(readme).read()
    sec = text.split("\n## What is in it", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in sec.splitlines():
        m = re.match(r"\|\s*`(fixlaser(?:/\w+)?\.h)`\s*\|(.*)", line)
        if m:
            cells = m.group(2).rstrip().rstrip("|").split("|")
            rows[m.group(1)] = set(re.findall(r"`(fxl_\w+)`", cells[-1]))  # the functions
    return rows


rows = table(os.path.join(root, "README.md"))
inc = os.path.join(root, "include")
headers = ["fixlaser.h"] + sorted("fixlaser/" + f for f in os.listdir(os.path.join(inc, "fixlaser"))
                                  if f.endswith(".h"))
bad = 0
for h in headers:
    have = declared(os.path.join(inc, h))
    if h not in rows:
        if have:
            print("README.md: no row for %s (declares %s)" % (h, ", ".join(sorted(have))))
            bad += 1
        continue
    for n in sorted(have - rows[h]):
        print("README.md: %s's row does not name %s" % (h, n))
        bad += 1
    for n in sorted(rows[h] - have):
        print("README.md: %s's row names %s, which the header does not declare" % (h, n))
        bad += 1
for h in sorted(set(rows) - set(headers)):
    print("README.md: a row for %s, which does not exist" % h)
    bad += 1
total = sum(len(declared(os.path.join(inc, h))) for h in headers)
print("api-check: %d public functions in %d headers, %d differences from README.md"
      % (total, len(headers), bad))
sys.exit(1 if bad else 0)
