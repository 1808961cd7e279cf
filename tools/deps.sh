#!/bin/sh
# deps.sh - installs the Debian packages fixlaser's build and tests need, when
# missing. Used by `make check` (through `make deps`: every package) and
# `make demo` (through `make gba-deps`: the GBA build's only).
# As root it runs apt-get; otherwise it names the packages and stops.
set -eu

PACKAGES="${FXL_PACKAGES:-gcc make libc6-dev libfixmath-dev cppcheck pkg-config}"

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "fixlaser needs these Debian packages:$missing" >&2
    echo "install them with: sudo apt-get install -y$missing" >&2
    exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
