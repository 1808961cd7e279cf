#!/usr/bin/env bash
# run_i386.sh PROGRAM: runs the i386 test suite (make mcu-test-x86-32)
# natively where the kernel executes i386 code, else under qemu-i386 (Debian's
# qemu-user, in make deps): a kernel built without IA32 emulation, as some
# virtual machines' are, refuses the program (ENOEXEC; bash then reports a
# binary it cannot execute instead of reading it as a script). The probe runs
# the program with no test selected, which prints "0 passed, 0 failed".
set -u
prog=$1
if FXLT_ONLY=__probe__ "$prog" 2>/dev/null | grep -q '^0 passed, 0 failed$'; then
    exec "$prog"
fi
echo "run_i386: $prog does not run natively on this kernel: under qemu-i386"
exec qemu-i386 "$prog"
