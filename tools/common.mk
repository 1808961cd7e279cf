# tools/common.mk - what every build of fixlaser shares (GNU make fragment):
# the warning flags, the assert mode and libfixmath's sources for the cross
# builds.
# Included by the top-level Makefile and by port/gba/gba.mk (so that
# `make -f port/gba/gba.mk` works on its own); run make from the repository
# root.
#
#   WARN               the C warning flags of every fixlaser compile: the
#                      host library, tests and tools, the GBA and MCU builds
#                      (the fuzz harnesses and the C++ checks derive theirs
#                      from it)
#   CHECKED            0 (default): release libraries; 1: checked ones
#   ASSERT_CFLAGS      -DNDEBUG, a release build (FXL_ASSERT compiled out:
#                      include/fixlaser/config.h), or with CHECKED=1
#                      -DFXL_CHECKED=1, a checked build (FXL_ASSERT traps);
#                      for the host and GBA libraries and what links them
#                      (benchmarks, scene, demo). The MCU builds and the
#                      fuzzed core always take -DNDEBUG; the test suites set
#                      FXL_ASSERT themselves (their port headers route it to
#                      the harness), so neither mode changes their results
#   FIXMATH_SRC_INC    build/fixmath/include: the headers of the libfixmath
#                      source tree fetched for the cross builds (GBA, MCU),
#                      for -isystem (<libfixmath/fix16.h>)
#   FIXMATH_SRC_STAMP  a file that exists once they are fetched (fix16.h):
#                      an order-only prerequisite of every cross compile
#   FIXMATH_SRC_DIRFILE  a file holding the path of that source tree
#                      (tools/get-libfixmath.sh: LIBFIXMATH_DIR if set,
#                      else build/libfixmath-src from Debian's tarball)
ifndef FXL_COMMON_MK
FXL_COMMON_MK := 1
# The including makefile keeps its default goal (the rule below is not it).
common_saved_default_goal := $(.DEFAULT_GOAL)

WARN := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror

CHECKED ?= 0
ASSERT_CFLAGS := $(if $(filter 1,$(CHECKED)),-DFXL_CHECKED=1,-DNDEBUG)

FIXMATH_SRC_INC     := build/fixmath/include
FIXMATH_SRC_STAMP   := $(FIXMATH_SRC_INC)/libfixmath/fix16.h
FIXMATH_SRC_DIRFILE := build/fixmath/srcdir.txt

$(FIXMATH_SRC_STAMP): tools/get-libfixmath.sh
	@mkdir -p $(@D)
	@dir=$$(sh tools/get-libfixmath.sh) && test -f "$$dir/libfixmath/fix16.c" || exit 1; \
	echo "$$dir" > $(FIXMATH_SRC_DIRFILE); \
	echo "  libfixmath sources: $$dir"; \
	cp "$$dir"/libfixmath/*.h "$$dir"/libfixmath/*.hpp $(@D)/ && touch $@

.DEFAULT_GOAL := $(common_saved_default_goal)
endif
