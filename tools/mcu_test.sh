#!/bin/sh
# mcu_test.sh - the test suite on each target (make mcu-test, docs/mcu.md).
#
#   mcu_test.sh run NAME DIVISOR LOG COMMAND...
#       runs COMMAND (a QEMU command line ending with the program, or the
#       program itself) under a time limit (MCU_TEST_TIMEOUT seconds, 600 by
#       default), its output to LOG; then appends one line to LOG:
#       "MCU-RUN NAME STATUS SECONDS CPU_SECONDS DIVISOR" (wall-clock time,
#       and the processor time it used, which a busy machine does not
#       inflate). Never fails itself, so that every target runs; `check`
#       judges. FXLT_SEED in the environment: the property tests' seed, read
#       from there by the hosted port (the host, x86-32, the 68000, the
#       R3000) and handed to a QEMU system emulator's program (Cortex-M,
#       RV32: port/mcu/semihost.c) as the word seed=N of its semihosting
#       command line.
#   mcu_test.sh check CORPUS_HASH_H HOST_LOG LOG...
#       prints one row per run (the suite's closing line, its corpus hash,
#       seconds, divisor) and fails unless every run exited 0, closed with
#       "N passed, 0 failed" with the host's N (the whole suite ran), and
#       printed the host's corpus hash, which must be the committed one.
set -eu

case $1 in
run)
    name=$2 div=$3 log=$4
    shift 4
    if [ -n "${FXLT_SEED:-}" ]; then
        case $1 in
        qemu-system-*) set -- "$@" -semihosting-config "arg=seed=$FXLT_SEED" ;;
        esac
    fi
    mkdir -p "$(dirname "$log")"
    echo "mcu-test: $name (property divisor $div): $*"
    t0=$(date +%s%N)
    st=0
    timeout "${MCU_TEST_TIMEOUT:-600}" "$@" > "$log" 2>&1 || st=$?
    t1=$(date +%s%N)
    ms=$(((t1 - t0) / 1000000))
    secs=$((ms / 1000)).$(((ms % 1000) / 100))
    # The children's user and system time, from the shell's `times`
    # (second line: "XmY.YYYs XmY.YYYs"; in this shell, not a subshell).
    times > "$log.times"
    cpu=$(tail -n 1 "$log.times" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/)
        printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
    rm -f "$log.times"
    echo "MCU-RUN $name $st $secs $cpu $div" >> "$log"
    echo "mcu-test: $name: $(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1 ||
        echo 'no closing line'), exit status $st, $secs s ($cpu s of processor time)"
    ;;
check)
    committed=$(sed -n 's/^# *define  *FXLT_CORPUS_HASH  *\(0[xX][0-9a-fA-F]*\).*/\1/p' "$2" |
        tr 'A-FX' 'a-fx')
    [ -n "$committed" ] || { echo "mcu-test: no FXLT_CORPUS_HASH in $2" >&2; exit 1; }
    shift 2
    host_log=$1
    bad=0 host_pass="" host_hash=""
    printf '%-8s %-22s %-11s %7s %7s %7s\n' target "closing line" "corpus hash" seconds "cpu s" divisor
    for log in "$@"; do
        set -- $(grep '^MCU-RUN ' "$log" 2>/dev/null | tail -n 1) "" "" "" "" "" ""
        name=${2:-$(basename "$log" .log)} st=${3:-none} secs=${4:-?} cpu=${5:-?} div=${6:-?}
        closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" 2>/dev/null | tail -n 1 || true)
        hash=$(sed -n 's/^ *corpus: [0-9]* cases, hash \(0x[0-9a-f]*\) .*/\1/p' "$log" 2>/dev/null |
            tail -n 1)
        printf '%-8s %-22s %-11s %7s %7s %7s\n' "$name" "${closing:-none}" "${hash:-none}" "$secs" "$cpu" \
            "$div"
        pass=${closing%% passed*} pass=${pass:-no} hash=${hash:-none}
        if [ "$log" = "$host_log" ]; then
            host_pass=$pass host_hash=$hash
        fi
        why=""
        [ "$st" = 0 ] || why="$why, exit status $st"
        case $closing in *" passed, 0 failed") ;; *) why="$why, the suite failed or did not finish" ;; esac
        [ "$pass" = "$host_pass" ] || why="$why, $pass tests passed (host: $host_pass)"
        [ "$hash" = "$host_hash" ] || why="$why, corpus hash $hash (host: $host_hash)"
        [ "$hash" = "$committed" ] || why="$why, corpus hash $hash (committed: $committed)"
        if [ -n "$why" ]; then
            echo "mcu-test: $name: FAILED${why} (see $log)"
            bad=1
        fi
    done
    [ "$bad" = 0 ] || exit 1
    echo "mcu-test: every target passed the whole suite with the host's corpus hash $committed"
    ;;
*)
    echo "usage: mcu_test.sh run NAME DIVISOR LOG COMMAND... | check CORPUS_HASH_H HOST_LOG LOG..." >&2
    exit 2
    ;;
esac
