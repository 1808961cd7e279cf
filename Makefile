# fixlaser - plain GNU Makefile.
#   make            build/host/libfixlaser.a
#   make demo       the main job: builds and runs the example laser scene
#   make check      every test (host suite, sanitizers, table, cppcheck, ...)
#   make install PREFIX=/usr/local
.SUFFIXES:

CC      ?= cc
AR      ?= ar
PREFIX  ?= /usr/local
OPT     ?= -O2
WARN    := -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror
CFLAGS  ?=
FIXMATH_LIBS := -llibfixmath

B   := build
H   := $(B)/host
SRC := $(wildcard src/*.c)
HDR := $(wildcard include/*.h include/fixlaser/*.h src/*.h)

# Library objects: defaults of include/fixlaser/config.h (asserts off).
LIB_OBJ := $(SRC:src/%.c=$(H)/obj/%.o)
# Test build: the same sources with the hosted port's configuration
# (preconditions checked), plus the suite.
TEST_SRC := $(wildcard tests/*.c) port/hosted/test_port.c
TEST_CF  := $(WARN) -g -Iinclude -Iport/hosted -Itests -DFXL_CONFIG_FILE=fxl_port.h
TEST_HDR := $(HDR) $(wildcard tests/*.h port/hosted/*.h)

.PHONY: all demo check deps install clean test test-san table-check cppcheck

all: $(H)/libfixlaser.a

deps:
	@sh tools/deps.sh

$(H)/obj/%.o: src/%.c $(HDR)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(OPT) $(CFLAGS) -Iinclude -c $< -o $@

$(H)/libfixlaser.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(H)/tests: $(SRC) $(TEST_SRC) $(TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CF) $(OPT) $(SRC) $(TEST_SRC) -o $@ $(FIXMATH_LIBS) -lm

$(H)/tests-san: $(SRC) $(TEST_SRC) $(TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CF) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer $(SRC) $(TEST_SRC) -o $@ $(FIXMATH_LIBS) -lm

$(B)/tools/gen_tables: tools/gen_tables.c
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 $< -o $@ -lm

$(H)/example_scene: tools/example_scene.c $(H)/libfixlaser.a
	$(CC) $(WARN) $(OPT) -Iinclude $< -o $@ $(H)/libfixlaser.a $(FIXMATH_LIBS)

# The main job (until the GBA demo lands): a laser scene on the host.
demo: deps $(H)/example_scene
	$(H)/example_scene

test: $(H)/tests
	$(H)/tests

test-san: $(H)/tests-san
	ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(H)/tests-san

# Regenerating the table must give the committed file, byte for byte.
table-check: $(B)/tools/gen_tables
	$(B)/tools/gen_tables > $(B)/angle_table.c
	cmp src/angle_table.c $(B)/angle_table.c
	@echo "table-check: src/angle_table.c matches tools/gen_tables"

cppcheck:
	cppcheck --quiet --error-exitcode=1 --std=c99 --enable=warning,style,performance,portability \
	    --inline-suppr --suppress=missingIncludeSystem -Iinclude -Iport/hosted -Itests \
	    -DFXL_CONFIG_FILE=fxl_port.h src tests port/hosted tools
	@echo "cppcheck: clean"

check: deps
	$(MAKE) --no-print-directory table-check
	$(MAKE) --no-print-directory cppcheck
	$(MAKE) --no-print-directory test-san
	$(MAKE) --no-print-directory $(H)/libfixlaser.a $(H)/example_scene
	$(MAKE) --no-print-directory test

install: $(H)/libfixlaser.a
	install -d $(DESTDIR)$(PREFIX)/include/fixlaser $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 include/fixlaser.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/fixlaser/*.h $(DESTDIR)$(PREFIX)/include/fixlaser/
	install -m 644 $(H)/libfixlaser.a $(DESTDIR)$(PREFIX)/lib/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@FIXMATH_LIBS@|$(FIXMATH_LIBS)|' tools/fixlaser.pc.in \
	    > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fixlaser.pc

clean:
	rm -rf $(B)
