#!/bin/sh
# version_check.sh ROOT STAGE - one version everywhere: the numbers of
# include/fixlaser/version.h (FXL_VERSION_MAJOR/MINOR/PATCH and
# FXL_VERSION_STRING) against the Makefile's VERSION, the fixlaser.pc and
# fixlaserConfigVersion.cmake that `make install PREFIX=STAGE` wrote, the
# root CMakeLists.txt (which reads version.h itself) and CHANGELOG.md's
# newest entry. Prints each difference; exits 1 if there is any.
# `make version-check` runs it (part of make check).
set -eu
root=$1
stage=$2
h=$root/include/fixlaser/version.h
num() { sed -n "s/^#define $1 \([0-9][0-9]*\)\$/\1/p" "$h"; }
major=$(num FXL_VERSION_MAJOR); minor=$(num FXL_VERSION_MINOR); patch=$(num FXL_VERSION_PATCH)
v=$major.$minor.$patch
bad=0
differ() { echo "version-check: $1 says '$2', version.h says '$v'"; bad=1; }
str=$(sed -n 's/^#define FXL_VERSION_STRING "\(.*\)"$/\1/p' "$h")
[ "$str" = "$v" ] || differ FXL_VERSION_STRING "$str"
mk=$(sed -n 's/^VERSION *:= *\([^ ]*\)$/\1/p' "$root/Makefile")
[ "$mk" = "$v" ] || differ "the Makefile's VERSION" "$mk"
pc=$(sed -n 's/^Version: //p' "$stage/lib/pkgconfig/fixlaser.pc")
[ "$pc" = "$v" ] || differ fixlaser.pc "$pc"
cm=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$stage/lib/cmake/fixlaser/fixlaserConfigVersion.cmake")
[ "$cm" = "$v" ] || differ fixlaserConfigVersion.cmake "$cm"
grep -q 'FXL_VERSION_MAJOR' "$root/CMakeLists.txt" ||
    { echo "version-check: CMakeLists.txt does not read version.h"; bad=1; }
cl=$(sed -n 's/^## \[\{0,1\}\([0-9][0-9.]*\).*/\1/p' "$root/CHANGELOG.md" | head -n 1)
[ "$cl" = "$v" ] || differ "CHANGELOG.md's newest entry" "$cl"
[ $bad = 0 ] && echo "version-check: $v in version.h, Makefile, fixlaser.pc, CMake files and CHANGELOG.md"
exit $bad
