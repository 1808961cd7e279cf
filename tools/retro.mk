# retro.mk - two retro CPU families, under qemu-user (docs/ports.md; included
# from the Makefile).
#   make retro         the core cross-compiled for the 68000 and the R3000, -Werror
#   make retro-test    the whole suite on both (and the host), as make mcu-test:
#                      each must pass every test with the host's and the
#                      committed corpus hash (tools/mcu_test.sh check)
#   make bench-retro   the scene's instruction counts and libgcc helper calls on
#                      both (tests/bench/retro, tools/retro_bench.sh)
#
# The targets reuse the Makefile's mcu_target (core and libfixmath objects in
# build/mcu/NAME) and mcu_test_target (the suite in build/mcu-test/NAME)
# templates. Debian's Linux cross compilers and qemu-user: the suite is a
# static Linux program (glibc for the tests' printf and double references;
# the core never calls it), the hosted port (port/hosted/test_port.c).
#
# m68k: plain 68000 code (-m68000: 16x16->32 MULS/MULU only, no 32-bit
# divide, so every 32x32 product is a call to libgcc's __mulsi3 and every
# 64-bit one to __muldi3), big-endian. glibc and libgcc themselves are
# Debian's 68020 builds (qemu-m68k runs both); the core and the tests are
# 68000 code.
# mips: MIPS I (-march=r3000: load delay slots, MULT/DIV with HI/LO),
# little-endian as the PlayStation; the core is integer-only, so -msoft-float
# changes nothing in it; the tests use doubles and glibc is Debian's
# hard-float build, so the test build uses the hard-float ABI (qemu-mipsel
# emulates the FPU the PlayStation lacks; only the tests' references use it).
# Core builds (make size, bench-retro): m68k and r3000 (soft-float,
# freestanding, no PIC: as a PlayStation program). mips: the test build's
# libfixmath, in the hard-float o32 PIC ABI of Debian's glibc (its objects
# and the suite's link without ABI warnings).
RETRO_TARGETS := m68k mips
MCU_m68k  := m68k-linux-gnu-gcc -m68000
MCU_r3000 := mipsel-linux-gnu-gcc -march=r3000 -msoft-float -mno-abicalls -fno-pic -ffreestanding \
	-idirafter port/retro
MCU_mips  := mipsel-linux-gnu-gcc -march=r3000 -mfp32
$(foreach t,m68k r3000 mips,$(eval $(call mcu_target,$(t))))

retro: mcu-m68k mcu-r3000
	@echo "retro: core and libfixmath cross-compile cleanly for the 68000 and the R3000"

# Property divisors: each run under about a minute and a half of processor
# time (measured: 68000 62 s at /50, R3000 70 s at /20; docs/ports.md).
# The core (src/) as 68000 code; the tests and the hosted port in Debian's
# default 68020 + 68881 ABI, as its glibc: -m68000 implies soft-float, whose
# doubles come back in d0/d1, while libm's sin, atan2, ... return theirs in
# fp0, so 68000-built references would read garbage. Debian's libgcc is
# 68020 code too: its __muldi3 (MULU.L), which every 64-bit product of the
# core calls, is replaced by a 68000 one (port/retro/muldi3_68000.c). The core has no
# floating point and the same integer ABI (and 2-byte int alignment) either way.
MT_CC_m68k   := m68k-linux-gnu-gcc
$(B)/mcu-test/m68k/src/%.o $(B)/mcu-test/m68k/port/retro/%.o: MT_CFLAGS += -m68000
MT_DIV_m68k  := 100
MT_PORT_m68k := port/hosted/test_port.c port/retro/muldi3_68000.c
MT_LINK_m68k := -static -lm
MT_RUN_m68k  := qemu-m68k

MT_CC_mips   := $(MCU_mips)
MT_DIV_mips  := 60
MT_PORT_mips := port/hosted/test_port.c
MT_LINK_mips := -static -lm
MT_RUN_mips  := qemu-mipsel
$(foreach t,$(RETRO_TARGETS),$(eval $(call mcu_test_target,$(t))))

retro-test-m68k: mcu-test-m68k
retro-test-mips: mcu-test-mips

retro-test: deps
	$(MAKE) --no-print-directory -j2 $(addprefix mcu-test-,$(RETRO_TARGETS) host)
	sh tools/mcu_test.sh check tests/corpus_hash.h $(B)/mcu-test/host.log \
	    $(RETRO_TARGETS:%=$(B)/mcu-test/%.log)

.PHONY: retro retro-test retro-test-m68k retro-test-mips bench-retro $(addprefix mcu-test-,$(RETRO_TARGETS))

# ---- bench-retro: the scene's cost on both (docs/ports.md) -------------------------
# The scene (tests/bench/scene.c) and its driver (tests/bench/retro) built as
# the core is (-O2 -DNDEBUG: m68k's 68000 code, r3000's soft-float non-PIC
# MIPS I), the output (harness.c, the hosted port) as the test builds are;
# run under qemu-user twice: every frame untraced (the hit lists against the
# host twin's oracle), then RETRO_FRAMES frames with QEMU's block log, which
# tools/retro_count.py reads (instructions, libgcc helper calls, cycles).
# The R3000 link warns that soft-float non-PIC objects (the measured code,
# built as PSn00bSDK builds it) meet Debian's hard-float PIC glibc (which
# only prints): expected, and harmless, the two never pass a double.
RETRO_FRAMES ?= 24
RB := $(B)/retro-bench
RB_CORE_m68k := m68k
RB_CORE_mips := r3000
RB_PORT_m68k := $(B)/mcu-test/m68k/port/retro/muldi3_68000.o
RB_PORT_mips :=
RB_NM_m68k := m68k-linux-gnu-nm
RB_NM_mips := mipsel-linux-gnu-nm
define retro_bench
$(RB)/$(1)/scene.o: tests/bench/scene.c tests/bench/scene.h $(HDR) | $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)
	$(MCU_$(RB_CORE_$(1))) $(MCU_CFLAGS) -Itests -c $$< -o $$@
$(RB)/$(1)/scene_retro.o: tests/bench/retro/scene_retro.c tests/bench/scene.h | $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)
	$(MCU_$(RB_CORE_$(1))) $(MCU_CFLAGS) -Itests -c $$< -o $$@
$(RB)/$(1)/harness.o: tests/harness.c tests/harness.h | $(FIXMATH_SRC_STAMP)
	@mkdir -p $$(@D)
	$(MT_CC_$(1)) $(MCU_CFLAGS) -Itests -c $$< -o $$@
$(RB)/$(1)/test_port.o: port/hosted/test_port.c tests/test_port.h
	@mkdir -p $$(@D)
	$(MT_CC_$(1)) $(MCU_CFLAGS) -Itests -c $$< -o $$@
$(RB)/$(1)/scene.elf: $(RB)/$(1)/scene_retro.o $(RB)/$(1)/scene.o $(RB)/$(1)/harness.o \
		$(RB)/$(1)/test_port.o $(RB_PORT_$(1)) mcu-$(RB_CORE_$(1))
	$(MT_CC_$(1)) -static -o $$@ $(RB)/$(1)/scene_retro.o $(RB)/$(1)/scene.o $(RB)/$(1)/harness.o \
	    $(RB)/$(1)/test_port.o $(RB_PORT_$(1)) $(SRC:src/%.c=$(B)/mcu/$(RB_CORE_$(1))/%.o) \
	    $(B)/mcu/$(RB_CORE_$(1))/fixmath/*.o
bench-retro-$(1): $(RB)/$(1)/scene.elf
	$(MT_RUN_$(1)) $(RB)/$(1)/scene.elf > $(RB)/$(1)/run.log
	$(MT_RUN_$(1)) -d in_asm,exec,nochain -D $(RB)/$(1)/qemu.log $(RB)/$(1)/scene.elf $(RETRO_FRAMES) \
	    > $(RB)/$(1)/traced.log
	python3 tools/retro_count.py $(1) $(RB)/$(1)/scene.elf $(RB_NM_$(1)) $(RB)/$(1)/qemu.log \
	    > $(RB)/$(1)/table.md
	@rm -f $(RB)/$(1)/qemu.log
	cat $(RB)/$(1)/table.md
endef
$(foreach t,$(RETRO_TARGETS),$(eval $(call retro_bench,$(t))))

bench-retro: deps $(H)/scene_host
	$(MAKE) --no-print-directory -j2 $(addprefix bench-retro-,$(RETRO_TARGETS))
	$(H)/scene_host > $(RB)/host.log
	sh tools/retro_bench.sh $(RB)/host.log $(RB)/m68k/run.log $(RB)/mips/run.log

.PHONY: $(addprefix bench-retro-,$(RETRO_TARGETS))
