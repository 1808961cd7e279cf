# fixlaser - plain GNU Makefile.
#   make            build/host/libfixlaser.a
#   make demo       the main job: builds the GBA demo ROM and plays its scripted
#                   run headless under mGBA (make example: a laser scene on the host)
#   make check      every test (host suite, sanitizers, table, cppcheck, ...)
#   make test T=sweep,cast.bounce   the host suite, or only those suites / cases
#   make doc-check   every C block of README.md and docs/ compiled and run
#   make recipes     the integration recipes (docs/guide/integrate.md) built and run
#   make install PREFIX=/usr/local
#   make bench       scene and per-call cycle tables on the GBA (docs/bench-gba.md)
#   make profile     the boss frame ROM's cycles per function under mGBA (PROFILE_ROM=bench:
#                    the per-call ROM), in build/gba/boss-profile.txt (docs/tuning.md)
#   make bench-host  the same under callgrind, instruction counts (docs/bench-host.md)
#   make bench-m0plus the scene built for Cortex-M0+, run under QEMU (docs/m0plus.md)
#   make scene-check the scene benchmark's hit lists against the exact oracle (host)
#   make size        code size per module and target (docs/size.md)
#   make mcu         the core cross-compiled for Cortex-M0+, Cortex-M4 and RV32IMAC
#   make mcu-test    the whole test suite on microcontrollers (docs/mcu.md; part of
#                    make check): Cortex-M0+ code on QEMU mps2-an385 (property tests
#                    /100), Cortex-M4 on mps2-an386 (/50), RV32IMAC on QEMU virt
#                    (/50), and an x86 -m32 build (/40, natively or under qemu-i386); each must pass every test
#                    and print the host's corpus hash, the committed one
#   make soak        the host suite's property tests under other seeds (SEEDS="1 2 3 4";
#                    about 40 s a seed): a wider net than the committed seed's (make check
#                    runs one more seed, the commit's own: make check-seed)
#   make soak-gba    the GBA test ROM under other seeds (SEEDS; about 3 min a seed; make
#                    check runs the commit's own seed: make check-seed-gba)
#   make pictures    pictures of exact swept regions (docs/sweep-*.png)
#   make fuzz        the libFuzzer harnesses (tests/fuzz/fuzz_<module>.c: laser, sweep,
#                    shapes, chain, wall, laser3d, beam, curvy, cast; clang, ASan + UBSan, the
#                    core's release configuration so out-of-domain input reaches the
#                    arithmetic), each run FUZZ_SECONDS (300), two at a time; the corpus
#                    grows in build/fuzz/corpus/<module>, crashes go to build/fuzz/crashes
#   make fuzz-smoke  each harness for FUZZ_SMOKE_SECONDS (6) from the committed seeds
#                    (tests/fuzz/corpus/<module>/), two at a time; fails on any crash or
#                    broken invariant. Part of make check (15 harnesses, 6 s each).
#                    One harness: make fuzz-run-<module> FUZZ_TIME=600
.SUFFIXES:

# WARN, the warning flags of every build (host, GBA, MCU): tools/common.mk.
include tools/common.mk

CC      ?= cc
AR      ?= ar
PREFIX  ?= /usr/local
OPT     ?= -O2
CFLAGS  ?=
FIXMATH_LIBS := -llibfixmath

B   := build
# The libraries are release builds (-DNDEBUG: FXL_ASSERT compiled out);
# CHECKED=1 (tools/common.mk: ASSERT_CFLAGS) builds checked ones (FXL_ASSERT
# traps; config.h) apart, in build/host-checked (and build/gba-checked).
H   := $(B)/host$(if $(filter 1,$(CHECKED)),-checked)
GBA_BUILD ?= $(B)/gba$(if $(filter 1,$(CHECKED)),-checked)$(if $(filter 1,$(GBA_WARM_IN_IWRAM)),-warm)
SRC := $(wildcard src/*.c)
HDR := $(wildcard include/*.h include/fixlaser/*.h src/*.h)

# Every host compile writes its header dependencies beside its object
# (-MMD -MP, as the GBA build does; included at the end), so a header edit
# rebuilds what includes it, and only that.
DEPFLAGS := -MMD -MP

# Library objects: include/fixlaser/config.h's defaults, release (NDEBUG:
# asserts off) or checked (CHECKED=1). The checked library reports a broken
# precondition on stderr before it traps: the hosted port's fxl_assert_failed
# (port/hosted/assert_report.c) instead of the core's silent one.
LIB_OBJ := $(SRC:src/%.c=$(H)/obj/%.o)
ifeq ($(CHECKED),1)
LIB_OBJ += $(H)/obj/port/hosted/assert_report.o
LIB_PORT_CF := -DFXL_PORT_ASSERT_FAILED=1
endif
# Test build: the same sources with the hosted port's configuration
# (preconditions checked), plus the suite; objects in $(H)/test, and in
# $(H)/san for the sanitizer build.
TEST_SRC := $(wildcard tests/*.c) port/hosted/test_port.c
TEST_CF  := $(WARN) -g -Iinclude -Iport/hosted -Itests -DFXL_CONFIG_FILE=fxl_port.h -DFXL_TEST_HOOKS
TEST_OBJ := $(patsubst %.c,$(H)/test/%.o,$(SRC) $(TEST_SRC))
# The sanitizer suite runs every test with a quarter of the random property
# cases (FXLT_PROPERTY_DIVISOR=$(SAN_DIV)): the exact unit cases and the
# determinism corpus in full; the optimised suite (make test, make check's
# host suite) runs every property case. SAN_DIV=1: all of them under ASan too.
SAN_DIV  ?= 4
SAN_CF   := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-DFXLT_PROPERTY_DIVISOR=$(SAN_DIV)
SAN_OBJ  := $(patsubst %.c,$(H)/san/%.o,$(SRC) $(TEST_SRC))
# clang: its UBSan also checks pointer arithmetic (NULL + 0, overflowing
# offsets), which gcc 12's does not.
SAN_CC   ?= clang
# Host tools (the scene's and the benchmarks' host twins, the example, the
# picture makers): config.h's defaults, linked with the library;
# objects in $(H)/tool. $(call tool_obj,SOURCES) names them.
TOOL_CF  := $(WARN) -O2 -g -Iinclude -Itests
tool_obj = $(patsubst %.c,$(H)/tool/%.o,$(1))

.PHONY: api-check all demo example check deps install install-gba clean test test-san soak table-check cppcheck oracle-check \
	profile profile-check bench-doc-check check-seed check-seed-gba soak-gba \
	gba-test gba-cpp-smoke install-check checked-check checked-check-gba bench bench-host bench-m0plus m0plus-check scene-check size mcu rotating pictures \
	mcu-test

all: $(H)/libfixlaser.a

# The GBA port: toolchain, libfixmath for ARM, gbarun, ROM rules.
include port/gba/gba.mk
# The demo ROM (port/gba/demo/): demo-run, demo-check, demo-shots.
include port/gba/demo.mk

# Every Debian package any target needs; installed when missing. clang and
# libclang-rt-14-dev: the fuzz targets (clang 14's libFuzzer, ASan and UBSan
# runtimes are in libclang-rt-14-dev, which clang-14 only recommends);
# libc6-dev-m68k-cross and libc6-dev-mipsel-cross: the retro test builds'
# C library headers, which the cross compilers only recommend (deps.sh
# installs without recommends).
DEBIAN_PACKAGES := $(sort gcc g++ make libc6-dev libfixmath-dev cppcheck pkg-config cmake valgrind libpng-dev python3-minimal \
	gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-arm qemu-system-misc gcc-12-multilib \
	clang libclang-rt-14-dev gcc-m68k-linux-gnu libc6-dev-m68k-cross gcc-mipsel-linux-gnu libc6-dev-mipsel-cross qemu-user $(GBA_DEBIAN_PACKAGES))

deps:
	@FXL_PACKAGES="$(DEBIAN_PACKAGES)" sh tools/deps.sh

# -fPIC: the static library links into a shared object too (a game's
# plug-in, a Python binding).
$(H)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -fPIC $(CFLAGS) $(ASSERT_CFLAGS) $(LIB_PORT_CF) -Iinclude $(DEPFLAGS) -c $< -o $@

$(H)/obj/port/hosted/%.o: port/hosted/%.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) -fPIC $(CFLAGS) $(ASSERT_CFLAGS) $(LIB_PORT_CF) -Iinclude $(DEPFLAGS) -c $< -o $@

$(H)/libfixlaser.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# The suite's own code (the references, the harness) at -O3: about 5 % of
# make test's processor time; the core it tests is compiled as a game's is.
$(H)/test/tests/%.o: OPT = -O3
$(H)/test/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(TEST_CF) $(OPT) $(DEPFLAGS) -c $< -o $@

$(H)/tests: $(TEST_OBJ)
	$(CC) $(OPT) $^ -o $@ $(FIXMATH_LIBS) -lm

$(H)/san/%.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(TEST_CF) $(SAN_CF) $(DEPFLAGS) -c $< -o $@

$(H)/tests-san: $(SAN_OBJ)
	$(SAN_CC) $(SAN_CF) $^ -o $@ $(FIXMATH_LIBS) -lm

$(H)/tool/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(TOOL_CF) $(DEPFLAGS) -c $< -o $@

$(B)/tools/gen_tables: tools/gen_tables.c
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 $< -o $@ -lm

$(H)/example_scene: $(call tool_obj,tools/example_scene.c) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS)

$(H)/rotating: $(call tool_obj,tools/rotating.c) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lpng -lm

# docs/rotating.md and its pictures: the rotating chain measured against the
# exact sweep (generated; do not edit them by hand).
rotating: deps $(H)/rotating
	$(H)/rotating docs

# The test oracle's touching radii confirmed in 60-digit arithmetic by an
# independent method (python3 with mpmath): tools/oracle_check.py.
ORACLE_DUMP_SRC := tools/oracle_dump.c tests/oracle.c tests/bigint.c tests/gen.c tests/ref.c tests/harness.c \
	port/hosted/test_port.c
$(H)/oracle_dump: $(call tool_obj,$(ORACLE_DUMP_SRC)) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lm

oracle-check: $(H)/oracle_dump
	$(H)/oracle_dump oracle_check 1000 > $(H)/oracle_cases.txt
	python3 tools/oracle_check.py $(H)/oracle_cases.txt

$(H)/sweeppic: $(call tool_obj,tools/sweeppic.c) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lpng

# docs/sweep-*.png: exact swept regions of a laser turning about its middle,
# about a pivot off the beam, and turning while it moves (generated).
pictures: deps $(H)/sweeppic
	$(H)/sweeppic docs

# The main job: the GBA demo ROM, its scripted play run headless under mGBA
# (summary on stdout, screenshots in build/demo/).
# Only the GBA build's packages (GBA_DEBIAN_PACKAGES): the demo needs no
# QEMU, cross compilers for other CPUs, clang or valgrind.
demo: gba-deps
	$(MAKE) --no-print-directory demo-run

# A laser scene on the host, printed as text.
example: deps $(H)/example_scene
	$(H)/example_scene

# T=suite[,suite.case...]: only those tests (make test T=sweep,cast.bounce).
# The whole suite runs as four shards side by side (tools/test_shards.sh:
# every fourth test each, one closing line for all; four balance the two
# cores better than two: 22 s of 42 s of processor time, idle); make check
# runs it in one process (check-host-suite).
test: $(H)/tests
	@if [ -n "$(T)" ]; then FXLT_ONLY="$(T)" $(H)/tests; else sh tools/test_shards.sh $(H)/tests 4; fi

test-san: $(H)/tests-san
	FXLT_ONLY="$(T)" ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(H)/tests-san

# The property tests under other seeds (tests/harness.h, fxlt_seed): the whole
# host suite once per seed in SEEDS (each about 40 s on two cores), a log per
# seed in build/host/soak-<seed>.log (its shards' in build/host/soak/<seed>/),
# SOAK_SHARDS processes side by side; fails on the first seed with a failed
# test. The corpus hashes keep their own generator, so they hold under any seed.
SEEDS ?= 1 2 3 4
SOAK_SHARDS ?= 4
# $(call soak_seeds,LABEL,LOG,RUN): RUN (a command of the seed $$s) once per
# seed in SEEDS, its output in LOG-<seed>.log and its closing line printed
# after LABEL and the seed; stops at the first seed whose run fails, with
# that log's FAIL lines (soak, soak-gba).
soak_seeds = @for s in $(SEEDS); do \
	    $(3) > $(2)-$$s.log 2>&1; \
	    st=$$?; echo "$(1) $$s: $$(tail -n 1 $(2)-$$s.log) (log $(2)-$$s.log)"; \
	    if [ $$st -ne 0 ]; then grep FAIL $(2)-$$s.log; exit 1; fi; \
	done
soak: $(H)/tests
	$(call soak_seeds,seed,$(H)/soak,FXLT_SEED=$$s sh tools/test_shards.sh $(H)/tests $(SOAK_SHARDS) $(H)/soak/$$s)

# The GBA test ROM (its property counts divided by 500, the library as the
# GBA runs it: hand-written ARM kernels, IWRAM code, no __int128) once per
# seed in SEEDS under mGBA (gbarun -S patches the seed into the loaded ROM:
# port/gba/test_port.c), about 3 minutes a seed on one core; a log per seed
# in $(GBA_BUILD)/soak-<seed>.log; fails on the first seed with a failed test.
soak-gba: $(GBA_BUILD)/fixlaser-tests.gba $(GBARUN)
	$(call soak_seeds,gba seed,$(GBA_BUILD)/soak,$(GBARUN) -S $$s $(GBA_BUILD)/fixlaser-tests.gba)

# The commit's seed: 0x and the first 12 hex digits of HEAD (empty outside a
# git checkout), worked out only where a recipe asks for it.
COMMIT_SEED = $(shell s=$$(git rev-parse --short=12 HEAD 2>/dev/null) && echo 0x$$s)

# make check-seed (part of make check): make soak for one seed, the commit's
# own, its first 12 hex digits (SEEDS=0x<them>; one process: make check's pool
# runs its jobs two at a time), so each commit's check meets property inputs
# the committed seed never draws; the same commit always draws the same ones,
# and `make soak SEEDS=0x<them>` replays a failure. Outside a git checkout it
# says so and passes.
check-seed: $(H)/tests
	@seed=$(COMMIT_SEED); \
	if [ -z "$$seed" ]; then echo "check-seed: not a git checkout: skipped"; exit 0; fi; \
	$(MAKE) --no-print-directory soak SEEDS=$$seed SOAK_SHARDS=1 || \
	    { echo "check-seed: replay with make soak SEEDS=$$seed"; exit 1; }

# make check-seed-gba (make check's GBA job): the GBA test ROM under the
# commit's own seed (make soak-gba SEEDS=0x<its first 12 hex digits>), so the
# library's GBA build (its ARM kernels) meets new property inputs with every
# commit; the corpus hashes, which keep their own generator, are checked as
# under the committed seed. One ROM run, not two: make gba-test runs the
# committed seed (about 3 minutes more). Outside a git checkout: make gba-test.
check-seed-gba: $(GBA_BUILD)/fixlaser-tests.gba $(GBARUN)
	@seed=$(COMMIT_SEED); \
	if [ -z "$$seed" ]; then echo "check-seed-gba: not a git checkout: the committed seed"; \
	    exec $(MAKE) --no-print-directory gba-test; fi; \
	$(MAKE) --no-print-directory soak-gba SEEDS=$$seed || \
	    { echo "check-seed-gba: replay with make soak-gba SEEDS=$$seed"; exit 1; }

# Regenerating the table must give the committed file, byte for byte.
table-check: $(B)/tools/gen_tables
	$(B)/tools/gen_tables > $(B)/angle_table.c
	cmp src/angle_table.c $(B)/angle_table.c
	$(B)/tools/gen_tables curvy > $(B)/curvy_table.c
	cmp src/curvy_table.c $(B)/curvy_table.c
	@echo "table-check: src/angle_table.c and src/curvy_table.c match tools/gen_tables"

cppcheck:
	cppcheck --quiet --error-exitcode=1 --std=c99 --enable=warning,style,performance,portability \
	    --inline-suppr --suppress=missingIncludeSystem -Iinclude -Iport/hosted -Itests \
	    -DFXL_CONFIG_FILE=fxl_port.h -DFXL_TEST_HOOKS src tests tests/bench port/hosted port/gba/gba_hw.c \
	    port/gba/test_port.c port/mcu tools
	@echo "cppcheck: clean"

# ---- fuzzing: libFuzzer harnesses (host, clang) ----------------------------------
# The core in its release configuration (-DNDEBUG: asserts compiled out, so
# out-of-domain input reaches the arithmetic), instrumented once; one
# harness per module.
# UBSan with -fno-sanitize-recover=all makes any undefined behaviour a crash.
FUZZ_CC      ?= clang
FUZZ         := $(B)/fuzz
FUZZ_MODULES := laser sweep shapes chain wall laser3d beam curvy cast laser_aabb sweep_aabb laser3d_box \
	curvy_aabb cast_aabb laser3d_moving
FUZZ_MODULES += bounce_hit
FUZZ_MODULES += laser3d_box_moving
$(FUZZ)/fuzz_laser3d_box $(FUZZ)/fuzz_laser3d_box_moving: tests/fuzz/fuzz_laser3d_input.h
# The harnesses use __int128 (not ISO C) and mix widths freely: WARN without
# -Wpedantic and -Wconversion.
FUZZ_WARN    := $(filter-out -Wpedantic -Wconversion,$(WARN))
FUZZ_SAN     := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 6
FUZZ_TIME    ?= $(FUZZ_SECONDS)
FUZZ_OBJ     := $(SRC:src/%.c=$(FUZZ)/obj/%.o)
FUZZ_BINS    := $(FUZZ_MODULES:%=$(FUZZ)/fuzz_%)
# Per input: a hang or a blow-up is a failure too.
FUZZ_OPTS    := -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 -error_exitcode=77

$(FUZZ)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(WARN) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -DNDEBUG -Iinclude $(DEPFLAGS) -c $< -o $@

$(FUZZ)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_OBJ) $(HDR)
	$(FUZZ_CC) $(FUZZ_WARN) $(FUZZ_SAN) -fsanitize=fuzzer -Iinclude $< \
	    $(FUZZ_OBJ) -o $@ $(FIXMATH_LIBS) -lm

# One harness for FUZZ_TIME seconds. FUZZ_FRESH=1 (the smoke run) starts
# from the committed seeds alone, in a scratch corpus; otherwise the corpus
# in build/fuzz/corpus/<module> keeps growing from run to run. The log is
# build/fuzz/<module>.log; its tail is shown on a failure.
.PHONY: fuzz fuzz-smoke fuzz-build $(FUZZ_MODULES:%=fuzz-run-%)
$(FUZZ_MODULES:%=fuzz-run-%): fuzz-run-%: $(FUZZ)/fuzz_%
	@work=$(FUZZ)/$(if $(filter 1,$(FUZZ_FRESH)),smoke,corpus)/$*; rm -rf $(FUZZ)/smoke/$*; \
	mkdir -p $$work $(FUZZ)/crashes tests/fuzz/corpus/$*; \
	if $(FUZZ)/fuzz_$* $(FUZZ_OPTS) -max_total_time=$(FUZZ_TIME) -artifact_prefix=$(FUZZ)/crashes/$*- \
	        $$work tests/fuzz/corpus/$* > $(FUZZ)/$*.log 2>&1; then \
	    echo "fuzz $*: $$(grep -o 'number_of_executed_units: [0-9]*' $(FUZZ)/$*.log | cut -d' ' -f2) inputs in $(FUZZ_TIME) s, no crash"; \
	else tail -n 40 $(FUZZ)/$*.log; echo "fuzz $*: FAILED (log $(FUZZ)/$*.log, input in $(FUZZ)/crashes/)"; exit 1; fi

fuzz-build: $(FUZZ_BINS)
.SECONDARY: $(FUZZ_OBJ) $(FUZZ_BINS)

fuzz: deps
	$(MAKE) --no-print-directory -j2 fuzz-build
	$(MAKE) --no-print-directory -j2 FUZZ_TIME=$(FUZZ_SECONDS) $(FUZZ_MODULES:%=fuzz-run-%)

fuzz-smoke:
	$(MAKE) --no-print-directory -j2 fuzz-build
	$(MAKE) --no-print-directory -j2 FUZZ_TIME=$(FUZZ_SMOKE_SECONDS) FUZZ_FRESH=1 $(FUZZ_MODULES:%=fuzz-run-%)

# ---- the test suite as a GBA ROM ------------------------------------------------
# The same test sources, preconditions checked (FXL_GBA_CHECKED), property
# tests scaled down 500x (2,000 cases each); exact unit cases unchanged.
GBA_TEST_CFLAGS = $(GBA_CFLAGS) -DFXL_GBA_CHECKED -DFXLT_PROPERTY_DIVISOR=500 -DFXL_TEST_HOOKS
GBA_TEST_OBJS := $(patsubst %.c,$(GBA_BUILD)/suite/%.o,$(SRC) $(wildcard tests/*.c)) \
	$(patsubst %.s,$(GBA_BUILD)/%.o,$(GBA_PORT_LIB_SRCS))

$(GBA_BUILD)/suite/%.o: %.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_TEST_CFLAGS) -MMD -MP -c $< -o $@

$(eval $(call gba_rom,fixlaser-tests,$(GBA_TEST_OBJS),$(GBA_LIBFIXMATH),FIXLASERTEST,FXLT))

# The suite's large buffers live in EWRAM (FXL_EWRAM_BSS); the link keeps at
# least 8 KiB of IWRAM for the stack, and the port's guard band above .bss
# (port/gba/test_port.c) fails the run if the stack reached it anyway.
$(GBA_BUILD)/fixlaser-tests.elf: GBA_LDFLAGS += -Wl,--defsym=__iwram_stack_min=0x2000

gba-test: $(GBA_BUILD)/fixlaser-tests.gba $(GBARUN)
	$(GBARUN) $(GBA_BUILD)/fixlaser-tests.gba

# ---- benchmarks ---------------------------------------------------------------------
BENCH_SRC := tests/bench/bench.c tests/bench/bench_kinds.c tests/bench/baselines.c tests/harness.c
GBA_BENCH_OBJS := $(patsubst %.c,$(GBA_BUILD)/bench/%.o,$(BENCH_SRC) tests/bench/bench_gba.c)

$(GBA_BUILD)/bench/%.o: %.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CFLAGS) -MMD -MP -c $< -o $@

$(eval $(call gba_rom,fixlaser-bench,$(GBA_BENCH_OBJS),$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FIXLASERBNCH,FXLB))

# The scene benchmark (tests/bench/scene.c): the GBA ROM times each frame's
# phases; its host twin plays the same frames and checks every hit against
# the exact oracle (tests/oracle.c).
SCENE_SRC := tests/bench/scene.c tests/harness.c
SCENE_ORACLE_SRC ?= tests/oracle.c tests/bigint.c
GBA_SCENE_OBJS := $(patsubst %.c,$(GBA_BUILD)/bench/%.o,$(SCENE_SRC) tests/bench/scene_gba.c tests/bench/frame_stats.c)

$(eval $(call gba_rom,fixlaser-scene,$(GBA_SCENE_OBJS),$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FIXLASERSCNE,FXLC))

SCENE_HOST_OBJ = $(call tool_obj,$(SCENE_SRC) tests/bench/scene_host.c $(SCENE_ORACLE_SRC) \
	port/hosted/test_port.c)
$(H)/scene_host: $(SCENE_HOST_OBJ) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lm

# The boss frame (tests/bench/boss.c): the scene written as README's frame
# code plus a boss's pose lasers, curvy lasers, casts and bounces, one
# player and co-op; its host twin decides every hit with the exact
# references (tests/oracle.c, ref_curvy.c, ref_cast.c).
BOSS_SRC := tests/bench/boss.c $(SCENE_SRC)
GBA_BOSS_OBJS := $(patsubst %.c,$(GBA_BUILD)/bench/%.o,$(BOSS_SRC) tests/bench/boss_gba.c tests/bench/frame_stats.c)

$(eval $(call gba_rom,fixlaser-boss,$(GBA_BOSS_OBJS),$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FIXLASERBOSS,FXLX))

BOSS_HOST_OBJ = $(call tool_obj,$(BOSS_SRC) tests/bench/boss_host.c $(sort $(SCENE_ORACLE_SRC) tests/oracle.c \
	tests/ref_curvy.c tests/ref_cast.c tests/bigint.c) port/hosted/test_port.c)
$(H)/boss_host: $(BOSS_HOST_OBJ) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lm

# The scene's hit lists: fast path == baseline == exact oracle on every
# frame (host; 240 frames take milliseconds with the stub: lower
# SCENE_CHECK_FRAMES if the real oracle makes it slow). Part of make check.
SCENE_CHECK_FRAMES ?= 240
scene-check: $(H)/scene_host $(H)/boss_host
	$(H)/scene_host $(SCENE_CHECK_FRAMES)
	$(H)/boss_host $(SCENE_CHECK_FRAMES)

# The scene table first (the headline), then the per-call table; the ROM's
# hit-list hashes must equal the host twin's oracle (tools/bench_gba.sh).
bench: deps $(GBA_BUILD)/fixlaser-bench.gba $(GBA_BUILD)/fixlaser-scene.gba $(GBA_BUILD)/fixlaser-boss.gba $(GBARUN) \
	$(H)/scene_host $(H)/boss_host
	$(H)/scene_host > $(GBA_BUILD)/scene-host.log
	$(H)/boss_host > $(GBA_BUILD)/boss-host.log
	$(GBARUN) -f 100000 $(GBA_BUILD)/fixlaser-scene.gba > $(GBA_BUILD)/scene.log
	$(GBARUN) -f 100000 $(GBA_BUILD)/fixlaser-boss.gba > $(GBA_BUILD)/boss.log
	$(GBARUN) -f 100000 $(GBA_BUILD)/fixlaser-bench.gba > $(GBA_BUILD)/bench.log
	ORACLE="$(SCENE_ORACLE_SRC)" sh tools/bench_gba.sh $(GBA_BUILD)/bench.log "$$($(GBA_CC) --version | head -n 1)" \
	    $(GBA_BUILD)/scene.log $(GBA_BUILD)/scene-host.log $(GBA_BUILD)/fixlaser-scene.map \
	    $(GBA_BUILD)/fixlaser-bench.map $(GBA_BUILD)/boss.log $(GBA_BUILD)/boss-host.log \
	    $(GBA_BUILD)/fixlaser-boss.map > $(GBA_BUILD)/bench-gba.md
	mv -f $(GBA_BUILD)/bench-gba.md docs/bench-gba.md
	cat docs/bench-gba.md

# make profile: a ROM run instruction by instruction under mGBA (gbarun -p,
# tools/gbarun.c: Profiles): the cycles each function spent of its own, its
# calls and callers, and its hottest addresses, in build/gba/<rom>-profile.txt
# (PROFILE_ROM: boss, the default, bench or scene). The ROM's tables are the
# same as unprofiled. make profile-check (part of make check) checks that on
# the boss ROM, and that the profile adds up and counts calls.
PROFILE_ROM ?= boss
profile: deps $(GBA_BUILD)/fixlaser-$(PROFILE_ROM).gba $(GBARUN)
	$(GBARUN) -q -f 100000 -p $(GBA_BUILD)/$(PROFILE_ROM)-profile.txt $(GBA_BUILD)/fixlaser-$(PROFILE_ROM).gba
	@head -n 32 $(GBA_BUILD)/$(PROFILE_ROM)-profile.txt
	@echo "profile: the whole profile is $(GBA_BUILD)/$(PROFILE_ROM)-profile.txt"

profile-check: $(GBA_BUILD)/fixlaser-boss.gba $(GBARUN)
	sh tools/profile_check.sh $(GBARUN) $(GBA_BUILD)/fixlaser-boss.gba $(GBA_BUILD)

# make bench-doc-check (make check's targets lane): every line of the boss
# ROM's section (the README frame's and the boss frame's tables, their
# targets, worst frame and hit-list hashes) stands verbatim in
# docs/bench-gba.md, so the headline tables cannot go stale: mGBA's cycle
# counts do not depend on the machine that runs it. About a second. The
# scene ROM's and the per-call ROM's tables come from ROMs make check does
# not build; make bench regenerates all of them.
bench-doc-check: $(GBA_BUILD)/fixlaser-boss.gba $(GBARUN)
	@$(GBARUN) -f 100000 $(GBA_BUILD)/fixlaser-boss.gba > $(GBA_BUILD)/bench-doc-check.log
	@sed -n '/^BOSS-BEGIN$$/,/^BOSS-END$$/p' $(GBA_BUILD)/bench-doc-check.log | \
	    grep -v -e '^BOSS-' -e '^$$' > $(GBA_BUILD)/bench-doc-check.lines || true
	@n=$$(wc -l < $(GBA_BUILD)/bench-doc-check.lines); \
	if [ "$$n" -lt 10 ]; then echo "bench-doc-check: FAILED: the boss ROM printed $$n lines of its section"; exit 1; fi; \
	if grep -v -F -x -f docs/bench-gba.md $(GBA_BUILD)/bench-doc-check.lines; then \
	    echo "bench-doc-check: FAILED: the lines above are not in docs/bench-gba.md: regenerate it (make bench)"; exit 1; fi; \
	echo "bench-doc-check: the boss ROM's $$n lines stand in docs/bench-gba.md"

BENCH_HOST_OBJ := $(call tool_obj,$(BENCH_SRC) tests/bench/bench_host.c port/hosted/test_port.c)
$(H)/bench_host: $(BENCH_HOST_OBJ) $(H)/libfixlaser.a
	$(CC) $^ -o $@ $(FIXMATH_LIBS) -lm

bench-host: deps $(H)/bench_host $(H)/scene_host $(H)/boss_host
	CC=$(CC) sh tools/bench_host.sh $(H)/bench_host docs/bench-host.md $(H)/scene_host $(H)/boss_host
	cat docs/bench-host.md

# ---- microcontrollers: the core cross-compiled with -Werror -------------------------
# Release builds (-DNDEBUG), as the libraries: make size and make bench-m0plus
# measure them.
# name | compiler and flags
MCU_TARGETS := m0plus m4 rv32
MCU_m0plus := arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb
MCU_m4     := arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
MCU_rv32   := riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -ffreestanding
MCU_CFLAGS := $(WARN) -O2 -ffunction-sections -DNDEBUG -Iinclude -isystem $(FIXMATH_SRC_INC)
# libfixmath's freestanding modules (fix16_str.c and fix16_fft.c need a libc,
# which the bare RISC-V compiler does not have; the core uses neither).
MCU_FIXMATH := fix16 fix16_sqrt fix16_trig fix16_exp fract32 uint32

define mcu_target
$(B)/mcu/$(1)/%.o: src/%.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)
	$(MCU_$(1)) $(MCU_CFLAGS) $(DEPFLAGS) -c $$< -o $$@
$(B)/mcu/$(1)/fixmath.stamp: $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)/fixmath
	@d=$$$$(cat $(FIXMATH_SRC_DIRFILE)); for f in $(MCU_FIXMATH); do \
	    $(MCU_$(1)) -std=gnu11 -O2 -fwrapv -DFIXMATH_NO_CACHE -ffunction-sections \
	        -c $$$$d/libfixmath/$$$$f.c -o $$(@D)/fixmath/$$$$f.o || exit 1; done
	@touch $$@
# One archive per target: libfixlaser.a and libfixmath.a in build/mcu/<target>/.
$(B)/mcu/$(1)/libfixlaser.a: $(SRC:src/%.c=$(B)/mcu/$(1)/%.o)
	rm -f $$@ && $$(call mcu_ar,$(1)) rcs $$@ $$^
$(B)/mcu/$(1)/libfixmath.a: $(B)/mcu/$(1)/fixmath.stamp
	rm -f $$@ && $$(call mcu_ar,$(1)) rcs $$@ $(B)/mcu/$(1)/fixmath/*.o
mcu-$(1): $(B)/mcu/$(1)/libfixlaser.a $(B)/mcu/$(1)/libfixmath.a
-include $(SRC:src/%.c=$(B)/mcu/$(1)/%.d)
endef
# The archiver beside a cross compiler (arm-none-eabi-gcc -> arm-none-eabi-ar),
# else $(AR).
mcu_ar = $(if $(filter %gcc,$(firstword $(MCU_$(1)))),$(patsubst %gcc,%ar,$(firstword $(MCU_$(1)))),$(AR))
$(foreach t,$(MCU_TARGETS),$(eval $(call mcu_target,$(t))))

mcu: $(addprefix mcu-,$(MCU_TARGETS))
	@echo "mcu: core and libfixmath cross-compile cleanly for $(MCU_TARGETS): build/mcu/<target>/libfixlaser.a, libfixmath.a"

# make install-mcu PREFIX=...: the headers (libfixmath's too), each target's
# two archives in lib/fixlaser-mcu/<target>/, and the QEMU boards' linker
# scripts and start-up code (port/mcu: mps2.ld and mps2_vectors.s for the
# Cortex-M targets, virt.ld and virt_start.s for RV32) in
# share/fixlaser/mcu/. docs/guide/mcu.md shows a link.
.PHONY: install-mcu
install-mcu: mcu
	install -d $(DESTDIR)$(PREFIX)/include/fixlaser $(DESTDIR)$(PREFIX)/include/libfixmath \
	    $(DESTDIR)$(PREFIX)/share/fixlaser/mcu $(MCU_TARGETS:%=$(DESTDIR)$(PREFIX)/lib/fixlaser-mcu/%)
	install -m 644 include/fixlaser.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/fixlaser/*.h $(DESTDIR)$(PREFIX)/include/fixlaser/
	install -m 644 $(FIXMATH_SRC_INC)/libfixmath/*.h $(DESTDIR)$(PREFIX)/include/libfixmath/
	for t in $(MCU_TARGETS); do \
	    install -m 644 $(B)/mcu/$$t/libfixlaser.a $(B)/mcu/$$t/libfixmath.a $(DESTDIR)$(PREFIX)/lib/fixlaser-mcu/$$t/ \
	    || exit 1; done
	install -m 644 port/mcu/mps2.ld port/mcu/mps2_vectors.s port/mcu/virt.ld port/mcu/virt_start.s \
	    $(DESTDIR)$(PREFIX)/share/fixlaser/mcu/

# ---- the whole test suite on microcontrollers, under QEMU (docs/mcu.md) ---------------
# Every tests/*.c with every src/*.c (preconditions checked, as in the host
# build: port/hosted/fxl_port.h), libfixmath as `make mcu` builds it, the
# board's start-up and semihosting port (port/mcu), property tests divided
# by the target's divisor (exact unit cases unchanged). `make mcu-test` runs
# the host suite and every target, two at a time, and fails unless each
# passes as many tests as the host with the host's and the committed corpus
# hash (tools/mcu_test.sh). The divisors keep each run under about a minute
# of processor time (docs/mcu.md); the longest runs start first.
# name | compiler and flags | property divisor | port | link | runner (the program last)
MT_TARGETS := m0plus rv32 m4 x86-32
MT_QEMU := -nographic -monitor none -serial none -semihosting-config enable=on,target=native -kernel
MT_ARM_PORT := port/mcu/semihost.c port/mcu/mps2_vectors.s
MT_ARM_LINK := -nostartfiles -T port/mcu/mps2.ld -Wl,--gc-sections -Wl,--start-group -lm -lc -lgcc \
	-Wl,--end-group

# ARMv6-M code (every 64-bit product a call to __aeabi_lmul) on the an385's
# Cortex-M3, which executes the same instructions (as make bench-m0plus).
MT_CC_m0plus   := $(MCU_m0plus)
MT_DIV_m0plus  := 400
MT_PORT_m0plus := $(MT_ARM_PORT)
MT_LINK_m0plus := $(MT_ARM_LINK)
MT_RUN_m0plus  := qemu-system-arm -M mps2-an385 $(MT_QEMU)

# Thumb-2 with SMULL/UMULL; the soft-float ABI, as make mcu (the core has no
# floating point; the tests' double references go through libgcc).
MT_CC_m4   := $(MCU_m4)
MT_DIV_m4  := 150
MT_PORT_m4 := $(MT_ARM_PORT)
MT_LINK_m4 := $(MT_ARM_LINK)
MT_RUN_m4  := qemu-system-arm -M mps2-an386 $(MT_QEMU)

# picolibc for <math.h>, with correct floor and ceil (port/mcu/picolibc_floor.c).
MT_CC_rv32   := riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 --specs=picolibc.specs
MT_DIV_rv32  := 150
MT_PORT_rv32 := port/mcu/semihost.c port/mcu/virt_start.s port/mcu/picolibc_floor.c
MT_LINK_rv32 := -nostartfiles -T port/mcu/virt.ld -Wl,--gc-sections -Wl,--no-warn-rwx-segments -lm
MT_RUN_rv32  := qemu-system-riscv32 -M virt -bios none $(MT_QEMU)

# The i386 ABI (x87 doubles for the references, no __int128: the core's
# 32-bit paths for its wide products); its core and libfixmath as make mcu
# would build them (mcu-x86-32, not part of make mcu: it needs
# gcc-12-multilib). Natively where the kernel runs i386 code, else under
# qemu-i386 (tools/run_i386.sh; about 18 times slower, hence the divisor:
# about 4 s natively, 65 s under QEMU).
MCU_x86-32     := $(CC) -m32
MT_CC_x86-32   := $(MCU_x86-32)
MT_DIV_x86-32  := 40
MT_PORT_x86-32 := port/hosted/test_port.c
MT_LINK_x86-32 := -lm
MT_RUN_x86-32  := bash tools/run_i386.sh
$(eval $(call mcu_target,x86-32))

MT_CFLAGS = $(TEST_CF) -O2 -ffunction-sections -fdata-sections -isystem $(FIXMATH_SRC_INC) -MMD -MP

# $(mt_note) in a recipe: the target's MT_NOTE into the target file,
# rewritten only when it changes (what depends on it is rebuilt then only).
mt_note = @mkdir -p $(@D); echo '$(MT_NOTE)' | cmp -s - $@ || echo '$(MT_NOTE)' > $@

define mcu_test_target
MT_OBJ_$(1) := $$(patsubst %,$(B)/mcu-test/$(1)/%.o,$$(basename $(SRC) $(wildcard tests/*.c) $(MT_PORT_$(1))))
# The compile flags (a new divisor recompiles) and the link's objects and flags.
$(B)/mcu-test/$(1)/flags: MT_NOTE = $(MT_CC_$(1)) $$(MT_CFLAGS) -DFXLT_PROPERTY_DIVISOR=$(MT_DIV_$(1))
$(B)/mcu-test/$(1)/link: MT_NOTE = $$(MT_OBJ_$(1)) $(MT_LINK_$(1))
$(B)/mcu-test/$(1)/flags $(B)/mcu-test/$(1)/link: FORCE
	$$(mt_note)
$(B)/mcu-test/$(1)/%.o: %.c $(B)/mcu-test/$(1)/flags | $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)
	$(MT_CC_$(1)) $$(MT_CFLAGS) -DFXLT_PROPERTY_DIVISOR=$(MT_DIV_$(1)) -c $$< -o $$@
$(B)/mcu-test/$(1)/%.o: %.s
	@mkdir -p $$(@D)
	$(MT_CC_$(1)) -c $$< -o $$@
$(B)/mcu-test/$(1)/tests.elf: $$(MT_OBJ_$(1)) $(B)/mcu-test/$(1)/link $(B)/mcu/$(1)/fixmath.stamp \
		$(wildcard port/mcu/*.ld)
	$(MT_CC_$(1)) -o $$@ $$(MT_OBJ_$(1)) $(B)/mcu/$(1)/fixmath/*.o $(MT_LINK_$(1))
mcu-test-$(1): $(B)/mcu-test/$(1)/tests.elf
	@sh tools/mcu_test.sh run $(1) $(MT_DIV_$(1)) $(B)/mcu-test/$(1).log $(MT_RUN_$(1)) $$<
-include $$(MT_OBJ_$(1):.o=.d)
endef
$(foreach t,$(MT_TARGETS),$(eval $(call mcu_test_target,$(t))))

mcu-test-host: $(H)/tests
	@sh tools/mcu_test.sh run host 1 $(B)/mcu-test/host.log $<

# MT_HOST_LOG_REUSE=1 (make check): the host row from the log
# check-host-suite just wrote, instead of running the host suite again.
# MT_RUN_TARGETS: the targets to run (make check adds the 68000 and the
# R3000 of tools/retro.mk, so every emulated target runs in one -j2 pool).
MT_RUN_TARGETS ?= $(MT_TARGETS)
mcu-test: deps
	$(MAKE) --no-print-directory -j2 $(addprefix mcu-test-,$(MT_RUN_TARGETS) $(if $(filter 1,$(MT_HOST_LOG_REUSE)),,host))
	sh tools/mcu_test.sh check tests/corpus_hash.h $(B)/mcu-test/host.log \
	    $(MT_RUN_TARGETS:%=$(B)/mcu-test/%.log)

.PHONY: $(addprefix mcu-test-,host $(MT_TARGETS)) FORCE
FORCE:

# The 68000 and the R3000 under qemu-user (make retro, retro-test, bench-retro).
include tools/retro.mk

# make check's emulated targets draw from the commit's seed too (FXLT_SEED:
# the hosted port reads it, and tools/mcu_test.sh hands it to the QEMU
# system emulators' programs by semihosting), so each commit's 32-bit,
# big-endian and 64-bit-product-by-call paths meet new property inputs;
# their divided counts report coverage as the GBA ROM's do (tests/harness.h,
# CHECK_COVER), and their corpus hashes, which keep their own generator,
# are compared with the committed one as before. The log names the seed
# (its first lines); `FXLT_SEED=0x... make mcu-test-m68k` replays a failure,
# and plain `make mcu-test` runs the committed seed. Outside a git
# checkout: the committed seed.
MT_SEEDED := $(addprefix mcu-test-,$(MT_TARGETS) $(RETRO_TARGETS))
$(MT_SEEDED:%=check-job-%): check-job-%:
	@FXLT_SEED=$(COMMIT_SEED) $(MAKE) --no-print-directory $*

# The scene benchmark built for Cortex-M0+ (tests/bench/m0plus), run under
# QEMU with instruction counting (semihosting output on its stderr; the
# platform is port/mcu's): docs/m0plus.md. Two builds: the timed one,
# and one that counts the calls to __aeabi_lmul (--wrap).
M0_DIR := $(B)/mcu/m0plus/scene
M0_CFLAGS := $(MCU_CFLAGS) -Itests
M0_LDFLAGS := -nostartfiles -T port/mcu/mps2.ld -Wl,--gc-sections
M0_CORE := $(SRC:src/%.c=$(B)/mcu/m0plus/%.o)
M0_OBJS := $(M0_DIR)/scene.o $(M0_DIR)/harness.o $(M0_DIR)/semihost.o $(M0_DIR)/mps2_vectors.o
M0_QEMU := qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none \
	-semihosting-config enable=on,target=native -icount shift=0 -kernel

$(M0_DIR)/scene.o: tests/bench/scene.c tests/bench/scene.h $(HDR) | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(MCU_m0plus) $(M0_CFLAGS) -c $< -o $@
$(M0_DIR)/harness.o: tests/harness.c tests/harness.h | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(MCU_m0plus) $(M0_CFLAGS) -c $< -o $@
$(M0_DIR)/semihost.o: port/mcu/semihost.c tests/test_port.h tests/harness.h
	@mkdir -p $(@D)
	$(MCU_m0plus) $(M0_CFLAGS) -c $< -o $@
$(M0_DIR)/mps2_vectors.o: port/mcu/mps2_vectors.s
	@mkdir -p $(@D)
	$(MCU_m0plus) -c $< -o $@
$(M0_DIR)/scene_m0.o: tests/bench/m0plus/scene_m0.c tests/bench/scene.h | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(MCU_m0plus) $(M0_CFLAGS) -c $< -o $@
$(M0_DIR)/scene_m0_lmul.o: tests/bench/m0plus/scene_m0.c tests/bench/scene.h | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(MCU_m0plus) $(M0_CFLAGS) -DM0_COUNT_LMUL -c $< -o $@
$(M0_DIR)/scene.elf: $(M0_DIR)/scene_m0.o $(M0_OBJS) $(M0_CORE) $(B)/mcu/m0plus/fixmath.stamp \
		port/mcu/mps2.ld
	$(MCU_m0plus) $(M0_LDFLAGS) -o $@ $(M0_DIR)/scene_m0.o $(M0_OBJS) $(M0_CORE) \
	    $(B)/mcu/m0plus/fixmath/*.o -Wl,--start-group -lc -lgcc -Wl,--end-group
$(M0_DIR)/scene-lmul.elf: $(M0_DIR)/scene_m0_lmul.o $(M0_OBJS) $(M0_CORE) \
		$(B)/mcu/m0plus/fixmath.stamp port/mcu/mps2.ld
	$(MCU_m0plus) $(M0_LDFLAGS) -Wl,--wrap=__aeabi_lmul -o $@ $(M0_DIR)/scene_m0_lmul.o \
	    $(M0_OBJS) $(M0_CORE) $(B)/mcu/m0plus/fixmath/*.o -Wl,--start-group -lc -lgcc -Wl,--end-group

# The table into $(M0_DIR)/m0plus.md: bench-m0plus moves it to docs/,
# m0plus-check compares it with docs/.
m0plus_table = $(H)/scene_host > $(M0_DIR)/host.log && \
	$(M0_QEMU) $(M0_DIR)/scene.elf > $(M0_DIR)/run.log 2>&1 && \
	$(M0_QEMU) $(M0_DIR)/scene-lmul.elf > $(M0_DIR)/lmul.log 2>&1 && \
	sh tools/m0plus.sh $(M0_DIR)/scene.elf $(M0_DIR)/run.log $(M0_DIR)/lmul.log \
	    $(M0_DIR)/host.log > $(M0_DIR)/m0plus.md
bench-m0plus: deps $(M0_DIR)/scene.elf $(M0_DIR)/scene-lmul.elf $(H)/scene_host
	@FXL_PACKAGES=qemu-system-arm sh tools/deps.sh
	$(m0plus_table)
	mv -f $(M0_DIR)/m0plus.md docs/m0plus.md
	cat docs/m0plus.md

# make m0plus-check (make check's host lane): docs/m0plus.md is what
# bench-m0plus makes of the current code, byte for byte but for the lines
# naming the compiler's and QEMU's versions (a Debian point release of
# either alone does not fail it). QEMU's instruction counts do not depend on
# the machine that runs it, so a change to the core that moves them fails
# here until the table is regenerated (the table had gone stale over
# several sessions before this check); a few seconds.
m0plus_versions = grep -v -e '^`arm-none-eabi-gcc (' -e '^QEMU emulator version'
m0plus-check: $(M0_DIR)/scene.elf $(M0_DIR)/scene-lmul.elf $(H)/scene_host
	@$(m0plus_table)
	@$(m0plus_versions) docs/m0plus.md > $(M0_DIR)/m0plus-committed.txt; \
	$(m0plus_versions) $(M0_DIR)/m0plus.md > $(M0_DIR)/m0plus-now.txt; \
	cmp -s $(M0_DIR)/m0plus-committed.txt $(M0_DIR)/m0plus-now.txt || \
	    { diff $(M0_DIR)/m0plus-committed.txt $(M0_DIR)/m0plus-now.txt; \
	      echo "m0plus-check: docs/m0plus.md is not what make bench-m0plus gives: regenerate it"; exit 1; }
	@echo "m0plus-check: docs/m0plus.md is current"

size: mcu retro gba-libs gba-size-elfs
	sh tools/size.sh > docs/size.md
	cat docs/size.md

# The include graph of src/ and include/ has no cycle.
.PHONY: include-check
include-check:
	sh tools/include_cycles.sh

# make check: first everything is built (check-build, -j2), then every run
# goes into one pool of two jobs, longest first (make starts a target's
# prerequisites in order as job slots free up): the GBA test ROM, the
# optimised host suite (once: its log is the host row every emulated target
# is compared with), the sanitizer suite, each emulated target (the MCUs,
# the 68000, the R3000), two lanes of short steps (the host's: static
# checks, documentation, install and trap checks, scene twins; the
# targets': GBA gc and C++ checks, the recipes, the demo), and each fuzz
# harness for FUZZ_SMOKE_SECONDS. Each lane runs its steps one after the
# other, and every step only runs what check-build built (each lane's
# installs go to its own folders), so no two jobs build the same file.
# Last the targets' rows are compared with the host's (counts, hashes).
# .ci/run calls make check.
CHECK_BUILD = $(H)/libfixlaser.a $(H)/tests $(H)/tests-san $(H)/example_scene $(H)/rotating $(H)/sweeppic \
	$(H)/scene_host $(B)/tools/gen_tables $(FUZZ_BINS) $(addprefix mcu-,$(MCU_TARGETS)) \
	$(MT_TARGETS:%=$(B)/mcu-test/%/tests.elf) $(RETRO_TARGETS:%=$(B)/mcu-test/%/tests.elf) $(GBA_BUILD)/fixlaser-tests.gba $(GBA_BUILD)/cpp-smoke.gba \
	$(GBARUN) $(GBAHDR) $(GBA_RT_INSTALL) $(GBA_RT_LIB) $(DEMO_ROM) $(GBA_BUILD)/fixlaser-boss.gba \
	$(M0_DIR)/scene.elf $(M0_DIR)/scene-lmul.elf
# The pool, longest first (processor seconds on the 2-core machine, idle:
# the GBA ROM under the commit's seed ~180, host suite ~60, the suite under
# the commit's seed ~60,
# sanitizer suite ~35, each emulated target
# 15..30, each lane ~25, each fuzz harness FUZZ_SMOKE_SECONDS).
# Each is run by a sub-make from a target of its own with no prerequisite
# (check-job-<step>), so make starts them in this order: a step's own
# prerequisites (the emulated targets' FORCE'd flag notes) would otherwise
# let the later, shorter steps start first.
CHECK_POOL = check-seed-gba check-host-suite check-seed test-san mcu-test-m0plus mcu-test-rv32 mcu-test-m68k mcu-test-m4 \
	mcu-test-mips check-lane-host check-lane-targets mcu-test-x86-32 $(FUZZ_MODULES:%=fuzz-run-%)
.PHONY: check-build check-pool check-lane-host check-lane-targets check-host-suite
check: deps
	$(MAKE) --no-print-directory -j2 check-build
	$(MAKE) --no-print-directory -j2 --output-sync=target FUZZ_TIME=$(FUZZ_SMOKE_SECONDS) FUZZ_FRESH=1 check-pool
	sh tools/mcu_test.sh check tests/corpus_hash.h $(B)/mcu-test/host.log \
	    $(addprefix $(B)/mcu-test/,$(addsuffix .log,$(MT_TARGETS) $(RETRO_TARGETS)))
	@echo "check: every check passed"
check-pool: $(CHECK_POOL:%=check-job-%)
check-job-%:
	@$(MAKE) --no-print-directory $*

check-lane-host:
	$(MAKE) --no-print-directory include-check
	$(MAKE) --no-print-directory table-check
	$(MAKE) --no-print-directory api-check
	$(MAKE) --no-print-directory version-check
	$(MAKE) --no-print-directory doc-check
	$(MAKE) --no-print-directory cppcheck
	$(MAKE) --no-print-directory install-check
	$(MAKE) --no-print-directory checked-check
	$(MAKE) --no-print-directory scene-check
	$(MAKE) --no-print-directory m0plus-check

check-lane-targets:
	$(MAKE) --no-print-directory gba-gc-check
	$(MAKE) --no-print-directory profile-check
	$(MAKE) --no-print-directory bench-doc-check
	$(MAKE) --no-print-directory gba-cpp-smoke
	$(MAKE) --no-print-directory recipes
	$(MAKE) --no-print-directory demo-check

# The optimised host suite, once per make check: its log is the host row
# that mcu-test compares every target with (MT_HOST_LOG_REUSE=1); the
# suite's closing line is printed, and any failure fails make check.
check-host-suite: $(H)/tests
	@sh tools/mcu_test.sh run host 1 $(B)/mcu-test/host.log $<
	@grep -q '^[0-9]* passed, 0 failed$$' $(B)/mcu-test/host.log || \
	    { tail -n 40 $(B)/mcu-test/host.log; echo "check-host-suite: FAILED (log $(B)/mcu-test/host.log)"; exit 1; }

# README's table of public functions against the headers (tools/api_check.py).
api-check:
	python3 tools/api_check.py .

# install: headers, both libraries: the release build libfixlaser.a (NDEBUG,
# FXL_ASSERT compiled out) and the checked build libfixlaser-checked.a
# (FXL_ASSERT prints the file, line and condition on stderr and traps;
# include/fixlaser/config.h says which to use when), pkg-config's
# fixlaser.pc and fixlaser-checked.pc, and CMake's fixlaserConfig.cmake
# (find_package(fixlaser): the targets fixlaser::fixlaser and
# fixlaser::fixlaser_checked). libfixmath has no .pc file of its own: FIXMATH_CFLAGS
# and FIXMATH_LIBS say where it is when it is not Debian's (defaults: its
# headers in the compiler's path, -llibfixmath).
VERSION        := 0.3.0
FIXMATH_CFLAGS ?=
SUBST_PC = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	-e 's|@VERSION_MAJOR@|$(firstword $(subst ., ,$(VERSION)))|' \
	-e 's|@FIXMATH_CFLAGS@|$(FIXMATH_CFLAGS)|' -e 's|@FIXMATH_LIBS@|$(FIXMATH_LIBS)|'
install:
	$(MAKE) --no-print-directory CHECKED=0 $(B)/host/libfixlaser.a
	$(MAKE) --no-print-directory CHECKED=1 $(B)/host-checked/libfixlaser.a
	install -d $(DESTDIR)$(PREFIX)/include/fixlaser $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	    $(DESTDIR)$(PREFIX)/lib/cmake/fixlaser
	install -m 644 include/fixlaser.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/fixlaser/*.h $(DESTDIR)$(PREFIX)/include/fixlaser/
	install -m 644 $(B)/host/libfixlaser.a $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(B)/host-checked/libfixlaser.a $(DESTDIR)$(PREFIX)/lib/libfixlaser-checked.a
	$(SUBST_PC) -e 's|@LIB@|fixlaser|' -e 's|@WHICH@|the release build: NDEBUG, FXL_ASSERT compiled out|' \
	    tools/fixlaser.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fixlaser.pc
	$(SUBST_PC) -e 's|@LIB@|fixlaser-checked|' \
	    -e 's|@WHICH@|the checked build: a broken precondition is reported on stderr, then traps|' \
	    tools/fixlaser.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fixlaser-checked.pc
	$(SUBST_PC) tools/cmake/fixlaserConfig.cmake.in > $(DESTDIR)$(PREFIX)/lib/cmake/fixlaser/fixlaserConfig.cmake
	$(SUBST_PC) tools/cmake/fixlaserConfigVersion.cmake.in \
	    > $(DESTDIR)$(PREFIX)/lib/cmake/fixlaser/fixlaserConfigVersion.cmake

# The checked build traps: a valid call returns; a NULL pointer, a zeroed
# laser prep, an out-of-domain circle, a zeroed beam prep and one
# out-of-domain bullet in a batch each kill the program by a signal, after
# one line on stderr naming the file of the check and its condition
# (case:file:a word of the condition). Part of make check.
CHECKED_TRAPS := null:laser.c:lp zeroed:laser.c:fxl__laser_prep_ok circle:laser.c:fxl_circle_check \
	beam:beam.c:fxl__laser_prep_ok bullet:shapes.c:fxl__circle_ok
checked-check:
	$(MAKE) --no-print-directory CHECKED=1 $(B)/host-checked/libfixlaser.a
	$(CC) $(WARN) -O2 -Iinclude tests/checked/trap.c -o $(B)/host-checked/checked_trap \
	    $(B)/host-checked/libfixlaser.a $(FIXMATH_LIBS)
	$(B)/host-checked/checked_trap ok
	@for t in $(CHECKED_TRAPS); do w=$${t%%:*}; f=$$(echo $$t | cut -d: -f2); e=$${t##*:}; \
	    st=0; $(B)/host-checked/checked_trap $$w 2>$(B)/host-checked/trap-$$w.txt || st=$$?; \
	    if [ $$st -eq 0 ]; then echo "checked-check: $$w did not trap"; exit 1; fi; \
	    if [ $$st -le 128 ]; then echo "checked-check: $$w exited $$st, not by a signal"; exit 1; fi; \
	    if ! grep -q "^src/$$f:[0-9]*: fixlaser: precondition failed: .*$$e" $(B)/host-checked/trap-$$w.txt; then \
	        echo "checked-check: $$w: no report naming src/$$f and $$e:"; cat $(B)/host-checked/trap-$$w.txt; exit 1; fi; \
	    echo "  $$w: $$(cat $(B)/host-checked/trap-$$w.txt)"; \
	done; echo "checked-check: the checked build reports and traps NULL, unprepared and out-of-domain input"
	$(MAKE) --no-print-directory checked-check-gba

# The same on the GBA: the checked GBA library in a ROM that tests a zeroed
# fxl_beam_prep (tests/checked/trap_gba.c); gbarun must stop at the trap
# with its exit status 132 and name the function, its caller, the file and
# the condition (tools/gbarun.c: Traps).
# A second ROM (-DTRAP_BULLET) passes fxl_circles_vs_circle one bullet outside
# the domain: the checked library's portable loop (no fast_arm.s) traps.
$(eval $(call gba_rom,checked-trap,$(GBA_BUILD)/tests/checked/trap_gba.o,$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FXLCHKTRAP,FXLK))
$(eval $(call gba_rom,checked-trap-bullet,$(GBA_BUILD)/tests/checked/trap_gba_bullet.o,$(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH),FXLCHKBULL,FXLK))
$(GBA_BUILD)/tests/checked/trap_gba_bullet.o: tests/checked/trap_gba.c | $(FIXMATH_SRC_STAMP)
	@mkdir -p $(@D)
	$(GBA_CC) $(GBA_CFLAGS) -DTRAP_BULLET -MMD -MP -c $< -o $@
CHECKED_TRAPS_GBA := checked-trap:fxl_beam_test:'src/beam.c:[0-9]*: fixlaser: precondition failed: .*fxl__laser_prep_ok' \
	checked-trap-bullet:fxl_circles_vs_circle:'src/shapes.c:[0-9]*: fixlaser: precondition failed: .*fxl__circle_ok'
checked-check-gba: $(GBARUN)
	$(MAKE) --no-print-directory CHECKED=1 $(B)/gba-checked/checked-trap.gba $(B)/gba-checked/checked-trap-bullet.gba
	@for t in $(CHECKED_TRAPS_GBA); do r=$${t%%:*}; rest=$${t#*:}; f=$${rest%%:*}; e=$${rest#*:}; \
	    st=0; $(GBARUN) -f 600 $(B)/gba-checked/$$r.gba > $(B)/gba-checked/$$r.out \
	    2> $(B)/gba-checked/$$r.err || st=$$?; cat $(B)/gba-checked/$$r.out $(B)/gba-checked/$$r.err; \
	    if [ $$st -ne 132 ]; then echo "checked-check-gba: $$r: gbarun exited $$st, not 132 (a trap)"; exit 1; fi; \
	    for w in "in fxl_assert_failed, called from 0x[0-9a-f]* in $$f" "$$e"; do \
	        grep -q "$$w" $(B)/gba-checked/$$r.err || { echo "checked-check-gba: $$r: no '$$w'"; exit 1; }; done; \
	done; echo "checked-check-gba: gbarun stopped at each trap and named it"

# What `make install` installs, used as a game would: the example scene
# built with pkg-config and with CMake's find_package against a staging
# prefix, each against the release and the checked library, and run. Part
# of make check.
STAGE := $(abspath $(H)/stage)
install-check:
	rm -rf $(STAGE) $(H)/cmake-example
	$(MAKE) --no-print-directory install PREFIX=$(STAGE)
	@for lib in fixlaser fixlaser-checked; do \
	    echo "$(CC) $(WARN) -O2 tools/example_scene.c -o $(H)/example-$$lib \$$(pkg-config --cflags --libs $$lib)"; \
	    $(CC) $(WARN) -O2 tools/example_scene.c -o $(H)/example-$$lib \
	        $$(PKG_CONFIG_PATH=$(STAGE)/lib/pkgconfig pkg-config --cflags --libs $$lib) || exit 1; \
	    $(H)/example-$$lib > /dev/null || exit 1; done
	nm $(H)/example-fixlaser-checked | grep -q ' T fxl_assert_failed'
	! nm $(H)/example-fixlaser | grep -q fxl_assert_failed
	cmake -S tools/cmake -B $(H)/cmake-example -DCMAKE_PREFIX_PATH=$(STAGE) -DCMAKE_C_FLAGS="$(WARN)" > /dev/null
	cmake --build $(H)/cmake-example > /dev/null
	$(H)/cmake-example/example_scene > /dev/null
	$(H)/cmake-example/example_scene_checked > /dev/null
	@echo "install-check: pkg-config (fixlaser, fixlaser-checked) and find_package(fixlaser) builds ran"

# A C++ game's build (Butano's flags) against what install-gba installs: the
# ROM from port/gba/cpp_smoke.cpp, linked and run under gbarun; and the
# public headers alone compiled as C++ for the host and the GBA with
# -Wold-style-cast -Wuseless-cast as errors (libfixmath's own headers as
# system headers: their casts are theirs). Part of make check.
GBA_CXX      ?= $(GBA_PREFIX)g++
GBA_STAGE    := $(GBA_BUILD)/stage
CXX_SMOKE_FLAGS := -std=c++17 -fno-exceptions -fno-rtti -Wall -Wextra -Wpedantic -Werror -O2
# The headers: our own warnings (WARN without its -std) plus C++'s casts.
CXX_HDR_FLAGS   := -std=c++17 -fno-exceptions -fno-rtti -O2 $(filter-out -std=%,$(WARN)) \
	-Wold-style-cast -Wuseless-cast -fsyntax-only \
	-Iinclude -Iport/gba -Itests -isystem $(FIXMATH_SRC_INC)

$(GBA_STAGE)/lib/libfixlaser.a: $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) $(HDR)
	$(MAKE) --no-print-directory install-gba PREFIX=$(abspath $(GBA_STAGE))

$(GBA_STAGE)/lib/libfixmath.a: $(GBA_STAGE)/lib/libfixlaser.a

$(GBA_BUILD)/cpp/cpp_smoke.o: port/gba/cpp_smoke.cpp $(GBA_STAGE)/lib/libfixlaser.a
	@mkdir -p $(@D)
	$(GBA_CXX) $(CXX_SMOKE_FLAGS) $(GBA_ARCH) -I$(GBA_STAGE)/include -Iport/gba -Itests -c $< -o $@

$(eval $(call gba_rom,cpp-smoke,$(GBA_BUILD)/cpp/cpp_smoke.o,$(GBA_STAGE)/lib/libfixlaser.a $(GBA_STAGE)/lib/libfixmath.a,FXLCPPSMOKE,FXLP))

gba-cpp-smoke: $(GBA_BUILD)/cpp-smoke.gba $(GBARUN) | $(FIXMATH_SRC_STAMP)
	$(GBA_CXX) $(CXX_HDR_FLAGS) $(GBA_ARCH) port/gba/cpp_smoke.cpp
	$(CXX) $(CXX_HDR_FLAGS) port/gba/cpp_smoke.cpp
	$(GBARUN) $(GBA_BUILD)/cpp-smoke.gba

# The GBA build of the library, for a devkitARM or arm-none-eabi project:
#   make install-gba PREFIX=$DEVKITPRO/portlibs/gba
# Besides headers and libraries, what a first ROM needs (docs/guide/gba.md):
# lib/fixlaser-gba/ the start-up code (crt0.o, its source crt0.s), the hook
# reporting main's return value (exit_status.o) and the linker script
# (gba.ld); lib/libfixlaser-gba-rt.a newlib's system layer (syscalls.o,
# gba_hw.o); bin/gbahdr (the header fixer) and bin/gbarun (when libmgba is
# there to build it); share/fixlaser/fixlaser-gba.mk, the make fragment a
# game includes.
GBA_RT_INSTALL := $(GBA_BUILD)/port/gba/crt0.o $(GBA_BUILD)/tools/gba/exit_status.o
GBA_RT_LIB     := $(GBA_BUILD)/libfixlaser-gba-rt.a
$(GBA_RT_LIB): $(GBA_BUILD)/port/gba/syscalls.o $(GBA_BUILD)/port/gba/gba_hw.o
	rm -f $@ && $(GBA_AR) rcs $@ $^
GBA_RUN_INSTALL := $(if $(wildcard /usr/include/mgba/core/core.h),$(GBARUN))
install-gba: $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) $(GBA_RT_INSTALL) $(GBA_RT_LIB) $(GBAHDR) $(GBA_RUN_INSTALL)
	install -d $(DESTDIR)$(PREFIX)/include/fixlaser $(DESTDIR)$(PREFIX)/include/libfixmath \
	    $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/lib/fixlaser-gba $(DESTDIR)$(PREFIX)/bin \
	    $(DESTDIR)$(PREFIX)/share/fixlaser
	install -m 644 include/fixlaser.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/fixlaser/*.h $(DESTDIR)$(PREFIX)/include/fixlaser/
	install -m 644 $(FIXMATH_SRC_INC)/libfixmath/*.h $(FIXMATH_SRC_INC)/libfixmath/*.hpp \
	    $(DESTDIR)$(PREFIX)/include/libfixmath/
	install -m 644 $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) $(GBA_RT_LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(GBA_RT_INSTALL) port/gba/crt0.s port/gba/gba.ld $(DESTDIR)$(PREFIX)/lib/fixlaser-gba/
	install -m 755 $(GBAHDR) $(DESTDIR)$(PREFIX)/bin/
	if [ -x $(GBARUN) ]; then install -m 755 $(GBARUN) $(DESTDIR)$(PREFIX)/bin/; fi
	install -m 644 tools/fixlaser-gba.mk $(DESTDIR)$(PREFIX)/share/fixlaser/

clean:
	rm -rf $(B)

# The host objects' header dependencies (-MMD -MP).
-include $(patsubst %.o,%.d,$(LIB_OBJ) $(TEST_OBJ) $(SAN_OBJ) $(FUZZ_OBJ) \
	$(call tool_obj,tools/example_scene.c tools/rotating.c tools/sweeppic.c $(ORACLE_DUMP_SRC)) \
	$(SCENE_HOST_OBJ) $(BENCH_HOST_OBJ) $(BOSS_HOST_OBJ))

# ---- a new user's checks: version, documentation, integration recipes ----------------
# One version everywhere (tools/version_check.sh): include/fixlaser/version.h
# against VERSION above, the installed fixlaser.pc and CMake version file,
# the root CMakeLists.txt and CHANGELOG.md. Part of make check.
.PHONY: version-check
version-check: $(H)/libfixlaser.a
	rm -rf $(H)/version-stage
	$(MAKE) --no-print-directory install PREFIX=$(abspath $(H)/version-stage) > /dev/null
	sh tools/version_check.sh . $(H)/version-stage

# The integration recipes of docs/guide/integrate.md, each built and run
# from a copy in build/recipes/ as a user would (part of make check):
#   recipe-gba-first-rom  a first ROM from what install-gba installs, through
#                         fixlaser-gba.mk; gbarun exits with main's return value
#   recipe-devkitpro      a devkitPro-template-shaped Makefile (LIBS, LIBDIRS),
#                         devkitARM's gba_rules played by a stand-in
#   recipe-butano         a C++17 file with Butano's flags and bn::fixed
#                         conversions (fixlaser_bn.h), on the host and as a ROM
#   recipe-cmake          FetchContent and add_subdirectory of this tree, the
#                         host program run, the GBA library cross-built
#   recipe-mcu            a Cortex-M4 program against install-mcu's archives
#                         and start-up files, run under QEMU mps2-an386
RECIPES    := $(B)/recipes
RECIPE_GBA := $(abspath $(RECIPES)/gba-prefix)
RECIPE_CMAKE_CF := -Wall -Wextra -Wconversion -Wsign-conversion -Werror
.PHONY: recipes recipe-gba-prefix recipe-gba-first-rom recipe-devkitpro recipe-butano recipe-cmake recipe-mcu
recipe-gba-prefix: $(GBARUN) $(GBA_LIBFIXLASER) $(GBA_LIBFIXMATH) $(GBA_RT_INSTALL) $(GBA_RT_LIB) $(GBAHDR)
	rm -rf $(RECIPE_GBA)
	$(MAKE) --no-print-directory install-gba PREFIX=$(RECIPE_GBA) > /dev/null
recipe-gba-first-rom: recipe-gba-prefix
	rm -rf $(RECIPES)/first-rom && cp -r tests/recipes/gba-first-rom $(RECIPES)/first-rom
	$(MAKE) --no-print-directory -C $(RECIPES)/first-rom FXL_GBA_ROOT=$(RECIPE_GBA) game.gba > /dev/null
	$(RECIPE_GBA)/bin/gbarun $(RECIPES)/first-rom/game.gba
	@echo "recipe-gba-first-rom: built from the installed tree, gbarun exited with main's 0"
recipe-devkitpro: recipe-gba-prefix
	rm -rf $(RECIPES)/devkitpro && cp -r tests/recipes/devkitpro $(RECIPES)/devkitpro
	$(MAKE) --no-print-directory -C $(RECIPES)/devkitpro DEVKITARM=$(abspath $(RECIPES)/devkitpro/standin) \
	    FIXLASER=$(RECIPE_GBA) > /dev/null
	$(RECIPE_GBA)/bin/gbarun $(RECIPES)/devkitpro/game.gba
	@echo "recipe-devkitpro: the template's LIBS and LIBDIRS, ROM ran"
recipe-butano: recipe-gba-prefix $(H)/libfixlaser.a
	rm -rf $(RECIPES)/butano && cp -r tests/recipes/butano $(RECIPES)/butano
	$(MAKE) --no-print-directory -C $(RECIPES)/butano FXL_GBA_ROOT=$(RECIPE_GBA) butano.gba > /dev/null
	$(RECIPE_GBA)/bin/gbarun $(RECIPES)/butano/butano.gba
	$(CXX) -std=c++17 -fno-exceptions -fno-rtti -Wall -Wextra -Wpedantic -Wold-style-cast -Wuseless-cast -Werror \
	    -DFXL_RECIPE_STANDIN -Iinclude $(RECIPES)/butano/main.cpp $(H)/libfixlaser.a -o $(RECIPES)/butano/host \
	    $(FIXMATH_LIBS)
	$(RECIPES)/butano/host
recipe-cmake: | $(FIXMATH_SRC_STAMP)
	rm -rf $(RECIPES)/cmake-fetch $(RECIPES)/cmake-sub $(RECIPES)/cmake-gba
	cmake -S tests/recipes/cmake -B $(RECIPES)/cmake-fetch -DFETCHCONTENT_SOURCE_DIR_FIXLASER=$(CURDIR) \
	    -DFIXLASER_LIBFIXMATH_DIR= -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="$(RECIPE_CMAKE_CF)" > /dev/null
	cmake --build $(RECIPES)/cmake-fetch > /dev/null
	$(RECIPES)/cmake-fetch/laser_game
	cmake -S tests/recipes/cmake -B $(RECIPES)/cmake-sub -DFIXLASER_DIR=$(CURDIR) \
	    -DFIXLASER_LIBFIXMATH_DIR=$$(cat $(FIXMATH_SRC_DIRFILE)) -DCMAKE_C_FLAGS="$(RECIPE_CMAKE_CF)" > /dev/null
	cmake --build $(RECIPES)/cmake-sub > /dev/null
	$(RECIPES)/cmake-sub/laser_game
	cmake -S tests/recipes/cmake -B $(RECIPES)/cmake-gba -DFIXLASER_DIR=$(CURDIR) \
	    -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/tools/cmake/gba-toolchain.cmake -DCMAKE_BUILD_TYPE=Release \
	    -DFIXLASER_LIBFIXMATH_DIR=$$(cat $(FIXMATH_SRC_DIRFILE)) > /dev/null
	cmake --build $(RECIPES)/cmake-gba > /dev/null
	$(GBA_NM) $(RECIPES)/cmake-gba/fixlaser/libfixlaser.a | grep -q ' T fxl_lasers_vs_circle$$'
	@echo "recipe-cmake: FetchContent and add_subdirectory (system and source libfixmath) ran; GBA library built"
recipe-mcu: mcu
	rm -rf $(RECIPES)/mcu-prefix $(RECIPES)/mcu && cp -r tests/recipes/mcu $(RECIPES)/mcu
	$(MAKE) --no-print-directory install-mcu PREFIX=$(abspath $(RECIPES)/mcu-prefix) > /dev/null
	$(MAKE) --no-print-directory -C $(RECIPES)/mcu FXL_MCU_ROOT=$(abspath $(RECIPES)/mcu-prefix) run > /dev/null
	@echo "recipe-mcu: install-mcu's archives and start-up files, Cortex-M4 program passed under QEMU"
recipes: recipe-gba-first-rom recipe-devkitpro recipe-butano recipe-cmake recipe-mcu

# Every C block of README.md and docs/ and the manual's examples in
# include/fixlaser.h, compiled with WARN against the host library and run
# (tools/doc_check.py; the fragments' surroundings in tests/docs/). Part of
# make check.
.PHONY: doc-check
doc-check: $(H)/libfixlaser.a
	python3 tools/doc_check.py . $(H)/docs "$(CC)" "$(WARN)" $(H)/libfixlaser.a $(FIXMATH_LIBS) -lm

# make check's build step (its list, CHECK_BUILD, is beside check; the rule
# is here, after every variable it names is defined).
check-build: $(CHECK_BUILD)
# The C++ smoke's staging install (make install-gba in a sub-make) finds
# everything built: under -j2 no two makes build the same file.
$(GBA_STAGE)/lib/libfixlaser.a: $(GBA_RT_INSTALL) $(GBA_RT_LIB) $(GBAHDR) $(GBA_RUN_INSTALL)
