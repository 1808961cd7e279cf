# fixlaser-gba.mk - build a Game Boy Advance ROM against an installed
# fixlaser (GNU make fragment; `make install-gba PREFIX=...` puts it in
# PREFIX/share/fixlaser/). A game's whole Makefile:
#
#     include /opt/gba/share/fixlaser/fixlaser-gba.mk
#     game.elf: main.o
#     	$(FXL_GBA_LINK)
#
# then `make game.gba`: C files compile with FXL_GBA_CFLAGS, the ELF links
# with this tree's start-up code (crt0.o: copies IWRAM code and data, calls
# main) and exit_status.o (main's return value into the status block, so
# that gbarun exits with it; printf to mGBA's log), libfixlaser-gba-rt.a
# (newlib's system layer), linker script (gba.ld) and newlib, and the ROM
# header is written by PREFIX/bin/gbahdr (no Nintendo logo: mGBA runs it;
# real hardware needs devkitPro's gbafix). PREFIX/bin/gbarun ROM runs it
# headless when gbarun was built (Debian's libmgba-dev).
#
# With DEVKITARM set, devkitARM's compiler, its crt0 and linker script
# (-specs=gba.specs) and gbafix are used instead; fixlaser's libraries and
# headers are the same.
#
# Variables (override any before or after the include):
#   FXL_GBA_ROOT     the install prefix (default: two levels above this file)
#   FXL_GBA_CC, FXL_GBA_CXX  arm-none-eabi-gcc and g++ (devkitARM's when
#                    DEVKITARM is set); C++ files compile with CXXFLAGS
#   FXL_GBA_ARCH     -mcpu=arm7tdmi -mtune=arm7tdmi -mthumb -mthumb-interwork
#   FXL_GBA_CFLAGS   FXL_GBA_ARCH -O2, the installed headers as system headers
#                    (-isystem: libfixmath's own headers do not warn under
#                    -Wconversion or -Wsign-conversion)
#   FXL_GBA_LDFLAGS  link flags (start-up code, linker script, gc-sections)
#   FXL_GBA_LIBS     -lfixlaser -lfixmath, the runtime, newlib
#   FXL_GBA_TITLE    the cartridge title (12 characters), FXL_GBA_CODE its
#                    4-character game code
FXL_GBA_ROOT ?= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
ifdef DEVKITARM
FXL_GBA_BIN ?= $(DEVKITARM)/bin/arm-none-eabi-
else
FXL_GBA_BIN ?= arm-none-eabi-
endif
FXL_GBA_CC      ?= $(FXL_GBA_BIN)gcc
FXL_GBA_CXX     ?= $(FXL_GBA_BIN)g++
FXL_GBA_OBJCOPY ?= $(FXL_GBA_BIN)objcopy
FXL_GBA_ARCH    := -mcpu=arm7tdmi -mtune=arm7tdmi -mthumb -mthumb-interwork
FXL_GBA_CFLAGS  ?= $(FXL_GBA_ARCH) -O2 -isystem $(FXL_GBA_ROOT)/include
FXL_GBA_TITLE   ?= FIXLASERGAME
FXL_GBA_CODE    ?= FXLG
ifdef DEVKITARM
FXL_GBA_LDFLAGS ?= -specs=gba.specs $(FXL_GBA_ARCH) -Wl,--gc-sections
FXL_GBA_START   :=
FXL_GBA_LIBS    ?= -L$(FXL_GBA_ROOT)/lib -lfixlaser -lfixmath -lm
FXL_GBA_HEADER   = $(if $(DEVKITPRO),$(DEVKITPRO)/tools/bin/gbafix,gbafix) $(1) -t$(FXL_GBA_TITLE) -c$(FXL_GBA_CODE)
else
FXL_GBA_LDFLAGS ?= $(FXL_GBA_ARCH) -nostartfiles -T $(FXL_GBA_ROOT)/lib/fixlaser-gba/gba.ld \
	-Wl,--gc-sections -Wl,--no-warn-rwx-segments
FXL_GBA_START   := $(FXL_GBA_ROOT)/lib/fixlaser-gba/crt0.o $(FXL_GBA_ROOT)/lib/fixlaser-gba/exit_status.o
FXL_GBA_LIBS    ?= -L$(FXL_GBA_ROOT)/lib -lfixlaser -lfixmath -lfixlaser-gba-rt \
	-Wl,--start-group -lm -lc -lgcc -lfixlaser-gba-rt -Wl,--end-group
FXL_GBA_HEADER   = $(FXL_GBA_ROOT)/bin/gbahdr $(1) $(FXL_GBA_TITLE) $(FXL_GBA_CODE)
endif
FXL_GBARUN      ?= $(FXL_GBA_ROOT)/bin/gbarun

# The link recipe of a game's .elf rule: its prerequisites are the objects.
FXL_GBA_LINK = $(FXL_GBA_CC) $(FXL_GBA_LDFLAGS) -o $@ $(FXL_GBA_START) $^ $(FXL_GBA_LIBS)

%.o: %.c
	$(FXL_GBA_CC) $(FXL_GBA_CFLAGS) $(CFLAGS) -c $< -o $@

%.o: %.cpp
	$(FXL_GBA_CXX) $(FXL_GBA_CFLAGS) $(CXXFLAGS) -c $< -o $@

%.gba: %.elf
	$(FXL_GBA_OBJCOPY) -O binary $< $@.tmp
	$(call FXL_GBA_HEADER,$@.tmp)
	mv -f $@.tmp $@
