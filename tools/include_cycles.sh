#!/bin/sh
# include_cycles.sh [ROOT] - the include graph of fixlaser's own files
# (src/*.c, src/*.h, include/*.h, include/fixlaser/*.h below ROOT, default
# .): every `#include "name"`, resolved as the compiler does with -Iinclude
# (the including file's folder first, then include/; src/ as the core's
# builds see it). Prints the graph's cycles, one per line (a -> b -> a),
# and exits 1 if there is any, 0 with a one-line summary if there is none.
# `make include-check` runs it (part of `make check`). Includes of other
# files (<...>, libfixmath, a macro such as FXL_CONFIG_FILE) are not edges.
set -eu
root=${1:-.}
cd "$root"

files=$(ls src/*.c src/*.h include/*.h include/fixlaser/*.h 2>/dev/null)
[ -n "$files" ] || { echo "include_cycles: no sources under $root" >&2; exit 2; }

# One edge per line: "from to" (paths relative to ROOT).
for f in $files; do
    dir=$(dirname "$f")
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
        while IFS= read -r name; do
            for cand in "$dir/$name" "include/$name" "src/$name"; do
                if [ -f "$cand" ]; then
                    # normalise a/b/../c and ./ away
                    echo "$f $cand" | sed -e 's#/\./#/#g' -e 's#^\./##' -e 's# \./# #' \
                        -e ':a' -e 's#[^/ ]*/\.\./##' -e 'ta'
                    break
                fi
            done
        done
done | awk -v nfiles="$(echo "$files" | wc -w)" '
    { nxt[$1] = nxt[$1] " " $2; node[$1] = 1; node[$2] = 1; edges++ }
    # Depth-first search; a grey node met again closes a cycle: the path
    # from it to the top of the stack.
    function visit(v,    k, n, ws, i, c) {
        colour[v] = 1
        stack[++depth] = v
        n = split(nxt[v], ws, " ")
        for (k = 1; k <= n; k++) {
            if (colour[ws[k]] == 1) {
                c = ""
                for (i = depth; i >= 1 && stack[i] != ws[k]; i--)
                    ;
                for (; i <= depth; i++)
                    c = c stack[i] " -> "
                print "include cycle: " c ws[k]
                cycles++
            } else if (colour[ws[k]] == 0) {
                visit(ws[k])
            }
        }
        depth--
        colour[v] = 2
    }
    END {
        for (v in node)
            if (colour[v] == 0)
                visit(v)
        if (cycles > 0) {
            printf "include_cycles: %d cycle(s)\n", cycles
            exit 1
        }
        printf "include_cycles: %d files, %d includes among them, no cycle\n", nfiles, edges
    }'
