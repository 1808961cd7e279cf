#!/bin/sh
# profile_check.sh GBARUN ROM OUTDIR - checks gbarun's profiler (-p) on a ROM
# (make profile-check: the boss frame ROM).
#
# 1. The ROM prints the same thing profiled as not: its own timer readings
#    (every cycle count of its tables) are unchanged, so the profiler runs
#    the emulation as a plain run does (mGBA's step is its run loop one
#    instruction at a time) and the profile's cycles are the tables'.
# 2. The profile's self times (and the cycles outside ROM, IWRAM and EWRAM:
#    the HLE BIOS) add up to the total in its header.
#    At most one frame (280,896 cycles) ran unprofiled after the CPU halted:
#    the boss ROM halts only once it is done, so all its work is profiled.
# 3. Calls are counted: fxl_room_bounce is entered as often as bounce
#    (src/bounce.c: it calls bounce once a call), and more than once.
set -eu
gbarun=$1
rom=$2
out=$3
mkdir -p "$out"
plain=$out/profile-check-plain.log
profiled=$out/profile-check-profiled.log
prof=$out/profile-check.txt
"$gbarun" -f 100000 "$rom" > "$plain"
"$gbarun" -f 100000 -p "$prof" "$rom" > "$profiled"
if ! cmp -s "$plain" "$profiled"; then
    diff "$plain" "$profiled" | head -n 20
    echo "profile-check: FAILED: $rom prints other cycle counts under the profiler"
    exit 1
fi
awk -F'\t' '
    /^# gbarun profile: / {
        nw = split($0, w, " ")
        total = w[4]
        for (i = 2; i <= nw; i++) if (w[i] == "outside") other = w[i - 1]
        next
    }
    / cycles unprofiled: / { split($0, w, " "); unprofiled = w[2]; next }
    /^#/ || NF == 0 { if (NF == 0) table_done = 1; next }
    !table_done && NF == 5 { sum += $1; rows++ }
    END {
        if (unprofiled > 280896) {
            printf "profile-check: FAILED: %s cycles unprofiled (after a halt), more than the last frame\n", unprofiled
            exit 1
        }
        if (rows == 0 || sum + other != total) {
            printf "profile-check: FAILED: %d functions, self times add up to %.0f (+ %s elsewhere), header says %s\n", rows, sum, other, total
            exit 1
        }
    }' "$prof"
calls_of() {
    # calls_of NAME: the calls the profile's table counted into NAME
    awk -F'\t' -v n="$1" 'NF == 5 && index($5, n " (0x") == 1 { print $4; exit }' "$prof"
}
outer=$(calls_of fxl_room_bounce)
inner=$(calls_of bounce)
if [ -z "$outer" ] || [ -z "$inner" ] || [ "$outer" != "$inner" ] || [ "$outer" -lt 2 ]; then
    echo "profile-check: FAILED: fxl_room_bounce called ${outer:-?} times, bounce ${inner:-?} (equal, 2 or more expected)"
    exit 1
fi
echo "profile-check: $rom: the same tables profiled; self times add up; fxl_room_bounce and bounce called $outer times each"
