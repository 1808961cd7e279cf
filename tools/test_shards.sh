#!/bin/sh
# test_shards.sh - runs the host test suite as N shards side by side (every
# N-th test each: FXLT_SHARD=k/N, tests/harness.h) and prints their output one
# shard after the other, then the sums: "N checks" and the closing line
# "N passed, N failed". Exits non-zero when any shard failed or crashed.
#   sh tools/test_shards.sh build/host/tests 2 [build/host/shards]
set -u
bin=$1
n=${2:-2}
dir=${3:-$(dirname "$bin")/shards}
mkdir -p "$dir"
k=0
while [ "$k" -lt "$n" ]; do
    FXLT_SHARD="$k/$n" "$bin" > "$dir/shard$k.log" 2>&1 &
    eval "pid$k=\$!"
    k=$((k + 1))
done
status=0
k=0
while [ "$k" -lt "$n" ]; do
    eval "wait \$pid$k" || status=1
    k=$((k + 1))
done
passed=0 failed=0 checks=0 shards_closed=0
k=0
while [ "$k" -lt "$n" ]; do
    log="$dir/shard$k.log"
    grep -v -e '^[0-9]* checks$' -e '^[0-9]* passed, [0-9]* failed$' "$log"
    c=$(sed -n 's/^\([0-9]*\) checks$/\1/p' "$log" | tail -n 1)
    line=$(grep '^[0-9]* passed, [0-9]* failed$' "$log" | tail -n 1)
    if [ -n "$line" ]; then
        shards_closed=$((shards_closed + 1))
        passed=$((passed + ${line%% passed*}))
        f=${line#*, }
        failed=$((failed + ${f%% failed}))
    else
        echo "test_shards: shard $k/$n ended without its closing line ($log)"
        status=1
    fi
    checks=$((checks + ${c:-0}))
    k=$((k + 1))
done
echo "$checks checks"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || status=1
exit $status
