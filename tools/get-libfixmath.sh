#!/bin/sh
# get-libfixmath.sh - obtain libfixmath's C sources for the GBA (ARM) build.
#
# The host build uses Debian's libfixmath-dev (a static x86-64 library plus
# headers). The GBA build needs the same library compiled for the ARM7TDMI,
# so it needs the sources. They are fetched from Debian's own source archive,
# never committed, never patched:
#
#   1. If LIBFIXMATH_DIR is set and $LIBFIXMATH_DIR/libfixmath/fix16.c exists,
#      that tree is used as is.
#   2. Otherwise, if build/libfixmath-src/libfixmath/fix16.c already exists,
#      nothing is done (idempotent).
#   3. Otherwise a private apt configuration is written under build/apt/ (its
#      own sources.list holding one deb-src line for bookworm main, its own
#      lists/ and cache directories, an empty sources.list.d), then
#        apt-get -c build/apt/apt.conf update
#        apt-get -c build/apt/apt.conf source --download-only --tar-only libfixmath
#      run in build/apt/src, and the upstream (orig) tarball is unpacked to
#      build/libfixmath-src/. Only the orig tarball is served by the mirror,
#      which is all that is needed (Debian applies no patches that matter
#      here; the GBA build compares results against Debian's binary).
#
# The system's apt configuration (/etc/apt, /var/lib/apt/lists) is only read
# (for the mirror URI and the archive keyring), never modified.
#
# On success the absolute path of the source tree (the directory containing
# libfixmath/fix16.c) is the only thing printed on stdout; progress goes to
# stderr. Run from anywhere: paths are relative to the repository root
# (the parent of this script's directory) unless FXL_BUILD_DIR overrides the
# build directory.
set -eu

say() { printf 'get-libfixmath: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

if [ -n "${LIBFIXMATH_DIR:-}" ]; then
    if [ -f "$LIBFIXMATH_DIR/libfixmath/fix16.c" ]; then
        (cd "$LIBFIXMATH_DIR" && pwd)
        exit 0
    fi
    die "LIBFIXMATH_DIR=$LIBFIXMATH_DIR does not contain libfixmath/fix16.c"
fi

script_dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$script_dir/.." && pwd)
build=${FXL_BUILD_DIR:-$root/build}
mkdir -p "$build"
build=$(cd "$build" && pwd)
dest=$build/libfixmath-src

if [ -f "$dest/libfixmath/fix16.c" ]; then
    printf '%s\n' "$dest"
    exit 0
fi

command -v apt-get >/dev/null 2>&1 || die "apt-get not found; set LIBFIXMATH_DIR to a libfixmath source tree"

# --- find the Debian mirror -------------------------------------------------
# Prefer a deb822 .sources file (Debian 12 default), then one-line lists.
# Only the URI and keyring are taken; the suite is always bookworm, component
# main.
mirror=
keyring=
for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # Walk stanzas; take the first whose Types include deb and whose Suites
    # include bookworm (not bookworm-security / -updates only).
    set -- $(awk '
        function flush() {
            if (types ~ /(^| )deb( |$)/ && suites ~ /(^| )bookworm( |$)/ && uris != "" && !done) {
                split(uris, u, " "); print u[1], (signed == "" ? "-" : signed); done = 1
            }
            types = ""; suites = ""; uris = ""; signed = ""
        }
        /^[ \t]*#/ { next }
        /^[ \t]*$/ { flush(); next }
        {
            key = $1; sub(/:$/, "", key); $1 = ""; sub(/^ +/, "")
            if (key == "Types") types = $0
            else if (key == "Suites") suites = $0
            else if (key == "URIs") uris = $0
            else if (key == "Signed-By") signed = $0
        }
        END { flush() }' "$f")
    if [ $# -ge 1 ]; then
        mirror=$1
        [ "${2:--}" = "-" ] || keyring=$2
        break
    fi
done
if [ -z "$mirror" ]; then
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        line=$(awk '
            /^[ \t]*deb[ \t]/ {
                # deb [opts] URI suite comps...
                i = 2; opts = ""
                if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) { opts = opts " " $i; i++ } opts = opts " " $i; i++ }
                if ($(i+1) == "bookworm") { print $i, opts; exit }
            }' "$f")
        if [ -n "$line" ]; then
            mirror=${line%% *}
            case "$line" in
                *signed-by=*) keyring=$(printf '%s\n' "$line" | sed -n 's/.*signed-by=\([^] ]*\).*/\1/p') ;;
            esac
            break
        fi
    done
fi
[ -n "$mirror" ] || die "no 'deb ... bookworm' source found in /etc/apt; set LIBFIXMATH_DIR"
# A Signed-By field may hold an inline key rather than a path; only a path
# can be passed through.
case "$keyring" in
    /*) [ -f "$keyring" ] || keyring= ;;
    *) keyring= ;;
esac

# --- private apt configuration ----------------------------------------------
apt=$build/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/sources.list.d" "$apt/src"
if [ -n "$keyring" ]; then
    printf 'deb-src [signed-by=%s] %s bookworm main\n' "$keyring" "$mirror" > "$apt/sources.list"
else
    printf 'deb-src %s bookworm main\n' "$mirror" > "$apt/sources.list"
fi
{
    printf 'Dir::Etc::SourceList "%s";\n' "$apt/sources.list"
    printf 'Dir::Etc::SourceParts "%s";\n' "$apt/sources.list.d"
    printf 'Dir::State::Lists "%s";\n' "$apt/lists"
    printf 'Dir::Cache "%s";\n' "$apt/cache"
    printf 'Dir::Cache::pkgcache "";\n'
    printf 'Dir::Cache::srcpkgcache "";\n'
    # Only source indices are wanted from this private list.
    printf 'Acquire::Languages "none";\n'
    printf 'Acquire::IndexTargets::deb::Packages::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::Translations::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::Contents-udeb::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::DEP-11::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled "false";\n'
    printf 'Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled "false";\n'
} > "$apt/apt.conf"
# apt drops root privileges to the _apt user for downloads; that user must be
# able to reach the private directories. If it cannot (e.g. a repository under
# a private home directory), download as the invoking user instead of
# printing apt's "unsandboxed" warning.
if [ "$(id -u)" = 0 ]; then
    sandbox_ok=no
    if id _apt >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1; then
        chown _apt "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src" 2>/dev/null || true
        if setpriv --reuid=_apt --regid=nogroup --clear-groups -- test -w "$apt/lists/partial" -a -w "$apt/src" 2>/dev/null; then
            sandbox_ok=yes
        fi
    fi
    if [ "$sandbox_ok" = no ]; then
        printf 'APT::Sandbox::User "root";\n' >> "$apt/apt.conf"
    fi
fi

say "updating private source index ($mirror bookworm main, deb-src)"
apt-get -q -c "$apt/apt.conf" update >&2 || die "apt-get update failed"

say "downloading libfixmath orig tarball"
(cd "$apt/src" && apt-get -q -c "$apt/apt.conf" source --download-only --tar-only libfixmath >&2) ||
    die "apt-get source failed"

tarball=
for t in "$apt"/src/libfixmath_*.orig.tar.*; do
    [ -f "$t" ] && tarball=$t
done
[ -n "$tarball" ] || die "no libfixmath_*.orig.tar.* in $apt/src"

# --- unpack -------------------------------------------------------------------
tmp=$build/libfixmath-src.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
tar -xf "$tarball" -C "$tmp"
# The orig tarball holds one top-level directory; flatten it.
top=$(find "$tmp" -mindepth 3 -maxdepth 3 -path '*/libfixmath/fix16.c' | head -n 1)
[ -n "$top" ] || { top=$(find "$tmp" -mindepth 2 -maxdepth 2 -path '*/libfixmath/fix16.c' | head -n 1); }
[ -n "$top" ] || die "unpacked $tarball but found no libfixmath/fix16.c"
srcroot=$(dirname "$(dirname "$top")")
rm -rf "$dest"
mv "$srcroot" "$dest"
rm -rf "$tmp"
printf '%s\n' "$(basename "$tarball")" > "$dest/.fxl-tarball"
say "unpacked $(basename "$tarball") to $dest"
printf '%s\n' "$dest"
