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
# time (docs/ports.md gives the measured times).
# The core (src/) as 68000 code; the tests and the hosted port in Debian's
# default 68020 + 68881 ABI, as its glibc: -m68000 implies soft-float, whose
# doubles come back in d0/d1, while libm's sin, atan2, ... return theirs in
# fp0, so 68000-built references would read garbage. The core has no
# floating point and the same integer ABI (and 2-byte int alignment) either way.
MT_CC_m68k   := m68k-linux-gnu-gcc
$(B)/mcu-test/m68k/src/%.o: MT_CFLAGS += -m68000
MT_DIV_m68k  := 20
MT_PORT_m68k := port/hosted/test_port.c
MT_LINK_m68k := -static -lm
MT_RUN_m68k  := qemu-m68k

MT_CC_mips   := $(MCU_mips)
MT_DIV_mips  := 20
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
