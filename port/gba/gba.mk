# port/gba/gba.mk - Game Boy Advance build of fixlaser (GNU make fragment).
#
# Included by the top-level Makefile, or used on its own:
#     make -f port/gba/gba.mk gba-smoke
# Always run make from the repository root; every path here is relative to it.
# All outputs go to build/gba/ (ARM), build/tools/ (host tools) and
# build/fixmath/ (the libfixmath headers, tools/common.mk).
#
# Toolchains
#   Default: Debian's gcc-arm-none-eabi + libnewlib-arm-none-eabi, with this
#   port's own startup code (crt0.s), linker script (gba.ld) and newlib
#   system layer (syscalls.c); tools/gbahdr writes the cartridge header.
#   DEVKITARM set: devkitPro's devkitARM ($(DEVKITARM)/bin/arm-none-eabi-gcc)
#   with its own crt0/linker script/system layer (-specs=gba.specs at link
#   time) and devkitPro's GBA template flags (-mthumb -mthumb-interwork
#   -mcpu=arm7tdmi -mtune=arm7tdmi -O2); same sources, same compile flags,
#   and devkitPro's gbafix writes the header (including the Nintendo logo).
#   devkitARM cannot be installed on the build machine (it is not in Debian's
#   archive), so that path is untested here.
#
# It includes tools/common.mk: WARN (the warning flags every build shares),
# ASSERT_CFLAGS (release or checked) and libfixmath's sources fetched for the cross builds (FIXMATH_SRC_INC,
# FIXMATH_SRC_STAMP, FIXMATH_SRC_DIRFILE), which the MCU builds use too.
#
# What this fragment exports
#   Variables
#     GBA_BUILD          build/gba (build/gba-warm with GBA_WARM_IN_IWRAM=1)
#     GBA_WARM_IN_IWRAM  0 (default) or 1: FXL_WARM_CODE in IWRAM (fxl_port.h)
#     GBA_CC GBA_AR GBA_OBJCOPY GBA_OBJDUMP GBA_NM   cross tools
#     GBA_ARCH           -mcpu=arm7tdmi -mtune=arm7tdmi -mthumb -mthumb-interwork
#     GBA_CFLAGS         compile flags for fixlaser/test/port C code (-Itests:
#                        tests/test_port.h, the hooks test_port.c implements;
#                        ASSERT_CFLAGS: -DNDEBUG, a release build, or
#                        -DFXL_CHECKED=1 with CHECKED=1)
#     GBA_FIXMATH_CFLAGS compile flags for libfixmath's own sources
#     GBA_LDFLAGS GBA_LIBS   link flags / trailing libraries for a ROM
#     GBA_RT_OBJS        port objects every ROM links (crt0, syscalls,
#                        gba_hw, test_port)
#     GBA_CORE_SRCS      $(wildcard src/*.c);  GBA_CORE_OBJS: their objects
#     GBA_LIBFIXLASER    build/gba/libfixlaser.a  (from GBA_CORE_SRCS)
#     GBA_LIBFIXMATH     build/gba/libfixmath.a   (libfixmath for ARM7TDMI,
#                        from the sources of tools/common.mk)
#     GBARUN GBAHDR      build/tools/gbarun, build/tools/gbahdr
#     GBA_DEBIAN_PACKAGES  Debian packages the GBA build needs
#   Rules
#     build/gba/%.o: %.c     any C file, GBA_CFLAGS (e.g. build/gba/tests/t.o)
#     build/gba/%.o: %.s     any assembly file
#     $(eval $(call gba_rom,NAME,OBJECTS,LIBRARIES,TITLE,GAMECODE))
#         defines build/gba/NAME.elf (OBJECTS + GBA_RT_OBJS + LIBRARIES +
#         newlib) and build/gba/NAME.gba (objcopy -O binary + header).
#         LIBRARIES is e.g. "$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH)".
#   Targets (all prefixed gba-; no all/check/demo/install/clean here)
#     gba-smoke    build build/gba/smoke.gba and run it under gbarun (must exit 0)
#     gba-tools    build/tools/gbarun and build/tools/gbahdr
#     gba-libs     build/gba/libfixmath.a and build/gba/libfixlaser.a
#     gba-fixmath  build/gba/libfixmath.a only
#     gba-gc-check link tools/size_games.c calling only fxl_circles_vs_circle
#                  and fail unless its IWRAM holds that function alone
#     gba-size-elfs the link tests of "what a game links" (make size)
#     gba-stack    the worst stack depth of every public function
#     gba-deps     install GBA_DEBIAN_PACKAGES (through tools/deps.sh)
#     gba-clean    remove build/gba and the two host tools
#
# Running a ROM: build/tools/gbarun ROM.gba prints its debug output and
# exits with its failure count (0 = pass), 124 at the frame limit.

# Were we invoked as `make -f port/gba/gba.mk` (nothing included us)?
GBA_MK_STANDALONE := $(if $(filter-out $(lastword $(MAKEFILE_LIST)),$(MAKEFILE_LIST)),,1)
# Keep the including Makefile's default goal (our first rule must not take it).
gba_saved_default_goal := $(.DEFAULT_GOAL)

ifeq ($(wildcard port/gba/gba.mk),)
$(error port/gba/gba.mk: run make from the fixlaser repository root)
endif

# WARN, ASSERT_CFLAGS and libfixmath's sources, shared with the host and MCU
# builds.
include tools/common.mk

# GBA_WARM_IN_IWRAM=1: the FXL_WARM_CODE functions (single-call tests,
# preparations) in IWRAM too (-DFXL_GBA_WARM_IN_IWRAM, see fxl_port.h), built
# apart in build/gba-warm (the top-level Makefile names GBA_BUILD the same
# way), e.g. make install-gba GBA_WARM_IN_IWRAM=1 PREFIX=...
GBA_WARM_IN_IWRAM ?= 0
GBA_BUILD     ?= build/gba$(if $(filter 1,$(GBA_WARM_IN_IWRAM)),-warm)
GBA_TOOLS_DIR ?= build/tools
GBA_PORT_DIR  := port/gba

# ---- cross toolchain ----------------------------------------------------------
ifdef DEVKITARM
GBA_PREFIX ?= $(DEVKITARM)/bin/arm-none-eabi-
else
GBA_PREFIX ?= arm-none-eabi-
endif
GBA_CC      ?= $(GBA_PREFIX)gcc
GBA_AR      ?= $(GBA_PREFIX)ar
GBA_OBJCOPY ?= $(GBA_PREFIX)objcopy
GBA_OBJDUMP ?= $(GBA_PREFIX)objdump
GBA_NM      ?= $(GBA_PREFIX)nm

GBA_ARCH := -mcpu=arm7tdmi -mtune=arm7tdmi -mthumb -mthumb-interwork

GBA_CFLAGS = $(WARN) -O2 \
	$(GBA_ARCH) -mlong-calls -ffunction-sections -fdata-sections $(GBA_STACK_INFO) \
	-DFXL_CONFIG_FILE=fxl_port.h -I$(GBA_PORT_DIR) -Itests -Iinclude -isystem $(FIXMATH_SRC_INC) \
	$(ASSERT_CFLAGS) $(if $(filter 1,$(GBA_WARM_IN_IWRAM)),-DFXL_GBA_WARM_IN_IWRAM)

# GBA_STACK_INFO: GCC writes each object's call graph with every function's
# stack frame next to it (build/gba/src/laser.ci, ...), which
# tools/stack_depth.py walks for make size's stack table. No effect on the
# code (the ROMs are byte-identical without it).
GBA_STACK_INFO := -fcallgraph-info=su

# libfixmath is built from its own sources with upstream's defaults (rounding
# on, overflow detection on, 64-bit multiply), as Debian's x86-64 build, plus
#   -DFIXMATH_NO_CACHE  the memoisation tables of fix16_exp/sin/atan2 would
#                       take 112 KiB of RAM (results are the same, except
#                       where Debian's cache itself is history-dependent:
#                       fix16_atan2(0,0), fix16_exp(x) after fix16_exp(-x))
#   -fwrapv             Debian builds without optimisation (CMake overrides
#                       CFLAGS), so signed overflow wraps there; -fwrapv keeps
#                       that at -O2 (fract32_smul(INT32_MIN, f) differs
#                       otherwise)
# Upstream's CMake build uses C11 with GNU extensions and -Wall -Wextra
# -pedantic; so do we (no -Werror: third-party code). Verified: identical
# results to /usr/lib/x86_64-linux-gnu/liblibfixmath.a for 30 functions x
# 9000 inputs (see port/gba/README.md).
GBA_FIXMATH_CFLAGS = -std=gnu11 -O2 -Wall -Wextra -pedantic $(GBA_ARCH) \
	-ffunction-sections -fdata-sections -fwrapv -DFIXMATH_NO_CACHE $(GBA_STACK_INFO)

GBA_LD_SCRIPT := $(GBA_PORT_DIR)/gba.ld

ifdef DEVKITARM
# devkitARM: its gba.specs brings crt0, linker script and system layer.
GBA_RT_SRCS := $(GBA_PORT_DIR)/gba_hw.c $(GBA_PORT_DIR)/test_port.c
GBA_LDFLAGS  = -specs=gba.specs $(GBA_ARCH) -Wl,--gc-sections -Wl,-Map,$(basename $@).map
GBA_LIBS     = -lm
GBA_LINK_DEPS :=
else
GBA_RT_SRCS := $(GBA_PORT_DIR)/crt0.s $(GBA_PORT_DIR)/syscalls.c \
	$(GBA_PORT_DIR)/gba_hw.c $(GBA_PORT_DIR)/test_port.c
GBA_LDFLAGS  = $(GBA_ARCH) -nostartfiles -T $(GBA_LD_SCRIPT) -Wl,--gc-sections \
	-Wl,--no-warn-rwx-segments -Wl,-Map,$(basename $@).map
GBA_LIBS     = -Wl,--start-group -lm -lc -lgcc -Wl,--end-group
GBA_LINK_DEPS := $(GBA_LD_SCRIPT)
endif
GBA_RT_OBJS := $(patsubst %.s,$(GBA_BUILD)/%.o,$(patsubst %.c,$(GBA_BUILD)/%.o,$(GBA_RT_SRCS)))

# Debian packages the GBA build needs (tools/deps.sh installs them with
# `make gba-deps`; tools/get-libfixmath.sh also needs apt-get and xz-utils).
GBA_DEBIAN_PACKAGES := make gcc libc6-dev pkg-config xz-utils \
	gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi \
	libmgba-dev libpng-dev libgif-dev

# ---- host tools ---------------------------------------------------------------
GBA_HOST_CC     ?= cc
GBA_HOST_CFLAGS ?= $(WARN) -O2
# Debian's libmgba-dev ships no .pc file; fall back to plain -lmgba.
GBA_MGBA_CFLAGS ?= $(shell pkg-config --cflags libmgba 2>/dev/null)
GBA_MGBA_LIBS   ?= $(shell pkg-config --libs libmgba 2>/dev/null || echo -lmgba)
GBA_PNG_CFLAGS  ?= $(shell pkg-config --cflags libpng 2>/dev/null)
GBA_PNG_LIBS    ?= $(shell pkg-config --libs libpng 2>/dev/null || echo -lpng)

GBARUN := $(GBA_TOOLS_DIR)/gbarun
GBAHDR := $(GBA_TOOLS_DIR)/gbahdr

ifdef DEVKITARM
GBAFIX ?= $(if $(DEVKITPRO),$(DEVKITPRO)/tools/bin/gbafix,gbafix)
# $(call gba_fix_header,ROM,TITLE,GAMECODE)
gba_fix_header = $(GBAFIX) $(1) -t$(2) -c$(3) -m00
GBA_HDR_DEPS :=
else
gba_fix_header = $(GBAHDR) $(1) $(2) $(3)
GBA_HDR_DEPS := $(GBAHDR)
endif

$(GBAHDR): tools/gbahdr.c
	@mkdir -p $(@D)
	$(GBA_HOST_CC) $(GBA_HOST_CFLAGS) -o $@ $<

$(GBARUN): tools/gbarun.c tools/gbarun_gif.h $(GBA_PORT_DIR)/gbarun_abi.h
	@mkdir -p $(@D)
	$(GBA_HOST_CC) $(GBA_HOST_CFLAGS) $(GBA_MGBA_CFLAGS) $(GBA_PNG_CFLAGS) -o $@ $< \
		$(GBA_MGBA_LIBS) $(GBA_PNG_LIBS) -lgif

# ---- libfixmath -----------------------------------------------------------------
# Every C file of the source tree that tools/common.mk fetched (its path in
# FIXMATH_SRC_DIRFILE), compiled for the ARM7TDMI.
GBA_LIBFIXMATH := $(GBA_BUILD)/libfixmath.a

$(GBA_LIBFIXMATH): $(FIXMATH_SRC_STAMP) $(GBA_PORT_DIR)/gba.mk
	@dir=$$(cat $(FIXMATH_SRC_DIRFILE)); \
	rm -rf $(GBA_BUILD)/fixmath/obj && mkdir -p $(GBA_BUILD)/fixmath/obj || exit 1; \
	for src in "$$dir"/libfixmath/*.c; do \
		obj=$(GBA_BUILD)/fixmath/obj/$$(basename "$$src" .c).o; \
		echo "$(GBA_CC) $(GBA_FIXMATH_CFLAGS) -c $$src -o $$obj"; \
		$(GBA_CC) $(GBA_FIXMATH_CFLAGS) -c "$$src" -o "$$obj" || exit 1; \
	done; \
	rm -f $@ && $(GBA_AR) rcs $@ $(GBA_BUILD)/fixmath/obj/*.o

# ---- fixlaser core ----------------------------------------------------------------
GBA_CORE_SRCS ?= $(wildcard src/*.c)
# The port's own routines for the library (config FXL_PORT_* in fxl_port.h;
# none in a checked library, whose portable loops check their inputs).
GBA_PORT_LIB_SRCS ?= $(if $(filter 1,$(CHECKED)),,$(GBA_PORT_DIR)/fast_arm.s $(GBA_PORT_DIR)/cast_arm.s $(GBA_PORT_DIR)/bounce_arm.s)
GBA_CORE_OBJS = $(patsubst %.c,$(GBA_BUILD)/%.o,$(GBA_CORE_SRCS)) \
	$(patsubst %.s,$(GBA_BUILD)/%.o,$(GBA_PORT_LIB_SRCS))
GBA_LIBFIXLASER := $(GBA_BUILD)/libfixlaser.a

$(GBA_LIBFIXLASER): $(GBA_CORE_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(GBA_AR) rcs $@ $^

# The library's objects follow the flags set here (their call graphs for
# tools/stack_depth.py included: GBA_STACK_INFO).
$(GBA_CORE_OBJS): $(GBA_PORT_DIR)/gba.mk

# The worst stack depth of every public function (also in make size).
gba-stack: $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH)
	python3 tools/stack_depth.py $(GBA_BUILD)

# ---- compiling -------------------------------------------------------------------
# Any C file of the repository; the libfixmath headers must exist first.
$(GBA_BUILD)/%.o: %.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CFLAGS) -MMD -MP -c $< -o $@

$(GBA_BUILD)/%.o: %.s
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_ARCH) -c $< -o $@

# ---- linking a ROM -----------------------------------------------------------------
# $(eval $(call gba_rom,NAME,OBJECTS,LIBRARIES,TITLE,GAMECODE))
#   NAME      output base name: build/gba/NAME.elf, .gba, .map
#   OBJECTS   GBA object files (build/gba/...o); the port's GBA_RT_OBJS are
#             added automatically
#   LIBRARIES archives, e.g. $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH)
#   TITLE     up to 12 characters (A-Z 0-9 space, stored upper-case)
#   GAMECODE  4 characters
define gba_rom
$(GBA_BUILD)/$(1).elf: $(2) $(3) $$(GBA_RT_OBJS) $$(GBA_LINK_DEPS)
	@mkdir -p $$(@D)
	$$(GBA_CC) $$(GBA_LDFLAGS) -o $$@ $(2) $$(GBA_RT_OBJS) $(3) $$(GBA_LIBS)

$(GBA_BUILD)/$(1).gba: $(GBA_BUILD)/$(1).elf $$(GBA_HDR_DEPS)
	$$(GBA_OBJCOPY) -O binary $$< $$@.tmp
	$$(call gba_fix_header,$$@.tmp,$(4),$(5))
	mv -f $$@.tmp $$@
endef

# ---- what a game links (make size, make gba-gc-check) ------------------------------
# tools/size_games.c built once per set of features (a bit mask, see there)
# and linked as a game would be (--gc-sections); tools/size_link.py reads
# the maps. GBA_SIZE_SETS: the masks of tools/size_link.py's rows.
GBA_SIZE_SETS := 1 3 7 15 31 63 2 4 8 16 32 47 64
GBA_SIZE_ELFS := $(patsubst %,$(GBA_BUILD)/size/set-%.elf,$(GBA_SIZE_SETS))

$(GBA_BUILD)/size/set-%.o: tools/size_games.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CFLAGS) -DFXL_SIZE_SET=$* -MMD -MP -c $< -o $@

$(GBA_BUILD)/size/set-%.elf: $(GBA_BUILD)/size/set-%.o $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) \
		$(GBA_RT_OBJS) $(GBA_LINK_DEPS)
	$(GBA_CC) $(GBA_LDFLAGS) -o $@ $< $(GBA_RT_OBJS) $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) $(GBA_LIBS)

# --gc-sections drops every IWRAM function a game does not call: a link
# calling only fxl_circles_vs_circle keeps that one alone.
gba-gc-check: $(GBA_BUILD)/size/set-64.elf $(GBA_LIBFIXLASER)
	GBA_NM=$(GBA_NM) GBA_OBJDUMP=$(GBA_OBJDUMP) python3 tools/size_link.py gc-check $^

gba-size-elfs: $(GBA_SIZE_ELFS)
.SECONDARY: $(patsubst %.elf,%.o,$(GBA_SIZE_ELFS))

# ---- smoke test ----------------------------------------------------------------------
$(eval $(call gba_rom,smoke,$(GBA_BUILD)/$(GBA_PORT_DIR)/smoke.o,$(GBA_LIBFIXMATH),FXLSMOKE,FXLS))

.PHONY: gba-smoke gba-tools gba-libs gba-fixmath gba-deps gba-clean gba-gc-check gba-size-elfs gba-stack

gba-smoke: $(GBA_BUILD)/smoke.gba $(GBARUN)
	$(GBARUN) -f 600 $(GBA_BUILD)/smoke.gba

gba-tools: $(GBARUN) $(GBAHDR)

gba-fixmath: $(GBA_LIBFIXMATH)

gba-libs: $(GBA_LIBFIXMATH) $(GBA_LIBFIXLASER)

gba-deps:
	FXL_PACKAGES="$(GBA_DEBIAN_PACKAGES)" sh tools/deps.sh

gba-clean:
	rm -rf $(GBA_BUILD) $(GBARUN) $(GBAHDR)

-include $(shell find $(GBA_BUILD) -name '*.d' 2>/dev/null)

ifeq ($(GBA_MK_STANDALONE),1)
.DEFAULT_GOAL := gba-smoke
else
.DEFAULT_GOAL := $(gba_saved_default_goal)
endif
