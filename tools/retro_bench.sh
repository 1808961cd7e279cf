#!/bin/sh
# retro_bench.sh - make bench-retro's last step: the hit lists of the
# untraced 68000 and R3000 runs (every frame; RETRO-HASH fast base chain)
# against the host twin's oracle (HOST_LOG's SCENE-ORACLE line), then each
# target's table (tools/retro_count.py; docs/ports.md quotes them).
#   retro_bench.sh HOST_LOG M68K_RUN_LOG MIPS_RUN_LOG
set -eu
host=$1
shift
ref=$(awk '$1 == "SCENE-ORACLE" { print $2, $3 }' "$host")
[ -n "$ref" ] || { echo "retro-bench: no SCENE-ORACLE in $host" >&2; exit 1; }
bad=0
for run in "$@"; do
    got=$(awk '$1 == "RETRO-HASH" { print $2, $3, $4 }' "$run")
    want=$(echo "$ref" | awk '{ print $1, $1, $2 }')
    if [ "$got" != "$want" ]; then
        echo "retro-bench: $run: hit lists $got, the host's oracle $want" >&2
        bad=1
    else
        echo "retro-bench: $run: hit lists equal the host's oracle ($got)"
    fi
done
[ "$bad" = 0 ] || exit 1
for run in "$@"; do
    d=$(dirname "$run")
    echo
    echo "## $(basename "$d")"
    echo
    cat "$d/table.md"
done
