# tools/common.mk - what every build of fixlaser shares (GNU make fragment).
# Included by the top-level Makefile and by port/gba/gba.mk (so that
# `make -f port/gba/gba.mk` works on its own); run make from the repository
# root.
#
#   WARN               the C warning flags of every fixlaser compile: the
#                      host library, tests and tools, the GBA and MCU builds
#                      (the fuzz harnesses and the C++ checks derive theirs
#                      from it)
ifndef FXL_COMMON_MK
FXL_COMMON_MK := 1

WARN := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror

endif
