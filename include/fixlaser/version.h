/* fixlaser/version.h - the library's version, for #if tests and for
 * printing. Semantic versioning from 1.0 on; before it, a minor step may
 * rename (CHANGELOG.md lists every rename and its replacement). The
 * Makefile's VERSION, fixlaser.pc and the CMake package files are checked
 * against these numbers (tools/version_check.sh, part of make check). */
#ifndef FIXLASER_VERSION_H
#define FIXLASER_VERSION_H

#define FXL_VERSION_MAJOR 0
#define FXL_VERSION_MINOR 3
#define FXL_VERSION_PATCH 0

/* "MAJOR.MINOR.PATCH", the same numbers as a string literal. */
#define FXL_VERSION_STRING "0.3.0"

/* One integer that grows with every release, for #if:
 * #if FXL_VERSION >= FXL_VERSION_OF(0, 3, 0). */
#define FXL_VERSION_OF(major, minor, patch) ((major) * 10000L + (minor) * 100L + (patch))
#define FXL_VERSION FXL_VERSION_OF(FXL_VERSION_MAJOR, FXL_VERSION_MINOR, FXL_VERSION_PATCH)

#endif /* FIXLASER_VERSION_H */
