# Makefile -- Stampbook: build, run, test, bench, lint. Plain non-recursive GNU make.
#
#   make run      install what is missing, build, migrate data/stampbook.db, serve :8080
#   make test     the whole suite: unit (release and ASan+UBSan), integration, browser
#   make test-loaded   the same beside stress-ng --cpu 2 (TESTS=unit: a part of it)
#   make bench    the benchmark against a baseline built in the same run
#   make lint     clang-format check, clang-tidy, cppcheck, layering greps
#   make fuzz     libFuzzer targets, FUZZ_SECONDS each
#   make deb      the Debian package (debhelper, dpkg-buildpackage) into build/deb/
#   make deb-clean      the package built in a clean chroot (only Build-Depends), lintian
#   make containerfile  the Containerfile built with buildah, a container of it checked
#
# One build folder per configuration: build/release, build/asan, build/fuzz.
# The release binary is build/stampbook.

CONFIG ?= release
CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS := libmicrohttpd libcjson sqlite3 libsodium icu-uc libpng libjpeg libwebp zlib
TEST_PKGS := cmocka
PREFIX ?= /usr/local
DESTDIR ?=
PORT ?= 8080
DB ?= data/stampbook.db
FUZZ_SECONDS ?= 60

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

WARN := -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes \
        -Wmissing-prototypes -Wformat=2 -Wvla -Werror
BASE_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -D_GNU_SOURCE -g $(WARN) -MMD -MP \
               -DSTAMPBOOK_VERSION='"$(VERSION)"' -DSTAMPBOOK_PREFIX='"$(PREFIX)"'

ifeq ($(CONFIG),release)
  CFG_CFLAGS := -O2 -D_FORTIFY_SOURCE=2 -fstack-protector-strong -fPIE -DNDEBUG
  CFG_LDFLAGS := -pie -Wl,-z,relro,-z,now
else ifeq ($(CONFIG),asan)
  CFG_CFLAGS := -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=undefined
  CFG_LDFLAGS := -fsanitize=address,undefined
else ifeq ($(CONFIG),fuzz)
  CC := clang
  CFG_CFLAGS := -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
                -DSTAMPBOOK_FUZZ
  CFG_LDFLAGS := -fsanitize=address,undefined
else
  $(error CONFIG must be release, asan or fuzz)
endif

PKG_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS = $(shell $(PKG_CONFIG) --libs $(TEST_PKGS) 2>/dev/null)

ALL_CFLAGS = $(BASE_CFLAGS) $(CFG_CFLAGS) $(INCLUDES) $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(CFG_LDFLAGS) $(LDFLAGS)
LIBS := -lpthread -lm

B := build/$(CONFIG)
# src/ holds one folder a layer (README "How it is built"); each folder is on the
# include path, so a file names a header by its name alone.
LAYERS := util engine json codec formats edit store game campaign api http
INCLUDES := $(addprefix -Isrc/,$(LAYERS))
SRCS := $(wildcard $(addsuffix /*.c,$(addprefix src/,$(LAYERS))))
OBJS := $(SRCS:src/%.c=$(B)/obj/%.o)
LIB := $(B)/libstampbook.a
# tests/unit mirrors src/: tests/unit/<layer>/test_*.c; the helpers sit at the top.
UNIT_SRCS := $(wildcard tests/unit/*/test_*.c)
UNIT_HELPERS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)

ifeq ($(CONFIG),release)
  BIN := build/stampbook
else
  BIN := $(B)/stampbook
endif

.PHONY: all run deps test-deps test test-loaded unit unit-asan integration stress browser bench lint recipe fuzz \
        fuzz-replay clean install uninstall format deb deb-clean containerfile
.DEFAULT_GOAL := all

all: $(BIN)

$(BIN): $(B)/obj/main.o $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(LIBS)

$(LIB): $(OBJS)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(B)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/tests/helpers/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -Itests/unit -Wno-missing-prototypes -c -o $@ $<

$(B)/tests/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -Itests/unit -Wno-missing-prototypes -c -o $@ $<

UNIT_HELPER_OBJS := $(UNIT_HELPERS:tests/unit/%.c=$(B)/tests/helpers/%.o)

$(UNIT_BINS): $(B)/tests/%: $(B)/tests/%.o $(UNIT_HELPER_OBJS) $(LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(PKG_LIBS) $(TEST_LIBS) $(LIBS)

$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -fsanitize=fuzzer -o $@ $^ \
	    $(ALL_LDFLAGS) $(PKG_LIBS) $(LIBS)

# Set-up: install the Debian packages that are missing (needs root and apt-get).
deps:
	@sh scripts/install-deps build
test-deps:
	@sh scripts/install-deps test

data:
	@mkdir -p data

run: deps
	@$(MAKE) --no-print-directory CONFIG=release all
	@mkdir -p data
	./build/stampbook migrate --db $(DB)
	./build/stampbook serve --port $(PORT) --db $(DB) --static static

# The suite. Quick depth: unit; full depth (CI): everything.
test: test-deps
	@$(MAKE) --no-print-directory CONFIG=release unit all
	@$(MAKE) --no-print-directory CONFIG=asan unit
	@$(MAKE) --no-print-directory CONFIG=release integration
	@$(MAKE) --no-print-directory CONFIG=asan integration
	@$(MAKE) --no-print-directory CONFIG=release stress
	@$(MAKE) --no-print-directory CONFIG=asan stress
	@$(MAKE) --no-print-directory CONFIG=release browser
	@$(MAKE) --no-print-directory fuzz-replay
	@$(MAKE) --no-print-directory recipe
	@$(MAKE) --no-print-directory lint
	@echo "make test: all suites passed"

# The suite beside two CPU-bound processes (stress-ng --cpu LOAD_CPUS), stopped after it
# whatever its result: it must pass on a busy machine. TESTS picks the target run beside
# the load (default the whole suite; e.g. TESTS=unit for a quick check of the set-up).
TESTS ?= test
LOAD_CPUS ?= 2
test-loaded: test-deps
	@sh scripts/loaded $(LOAD_CPUS) $(MAKE) --no-print-directory $(TESTS)

unit: $(UNIT_BINS)
	@sh scripts/run-unit $(B)/tests $(UNIT_BINS)

integration: $(BIN)
	@sh scripts/node-deps
	STAMPBOOK_BIN=$(abspath $(BIN)) node --test --test-concurrency=1 tests/integration/

# Crash safety, races and hostile input against the real server (tests/stress/); with
# CONFIG=asan the server runs under ASan+UBSan and must exit with no leak reported.
stress: $(BIN)
	STAMPBOOK_BIN=$(abspath $(BIN)) node --test --test-concurrency=1 tests/stress/

browser: $(BIN)
	@sh scripts/node-deps
	STAMPBOOK_BIN=$(abspath $(BIN)) node --test --test-concurrency=1 tests/browser/

fuzz-replay:
	@if [ -n "$(FUZZ_SRCS)" ]; then $(MAKE) --no-print-directory CONFIG=fuzz fuzz-bins && \
	  sh scripts/fuzz replay build/fuzz/fuzz; fi

fuzz-bins: $(FUZZ_BINS)

fuzz:
	@$(MAKE) --no-print-directory CONFIG=fuzz fuzz-bins
	sh scripts/fuzz run build/fuzz/fuzz $(FUZZ_SECONDS)

bench: deps
	@$(MAKE) --no-print-directory CONFIG=release all
	sh bench/run

lint:
	sh scripts/lint

# README's recipe for a new offered event type, followed in a scratch copy of the tree.
recipe:
	sh tests/recipe/new-event.sh

format:
	clang-format -i src/*.c src/*/*.[ch] tests/unit/*.[ch] tests/unit/*/*.c $(wildcard tests/fuzz/*.c)

# The installed binary finds its files in <exe>/../share/stampbook, so a DESTDIR
# staging tree works as it is; PREFIX compiled into main.o is only a last resort.
install: $(BIN)
	sh scripts/install "$(DESTDIR)" "$(PREFIX)" "$(BIN)"

uninstall:
	sh scripts/uninstall "$(DESTDIR)" "$(PREFIX)"

# The Debian package, built by dpkg-buildpackage from a copy of the tree in build/deb
# (it writes its .deb beside the tree it builds, so the copy keeps that in build/).
DEB_TREE := build/deb/stampbook-$(VERSION)
deb:
	@sh scripts/install-deps deb
	rm -rf build/deb
	mkdir -p $(DEB_TREE)
	tar -cf - --exclude=./build --exclude=./node_modules --exclude=./.git --exclude=./data . | \
	    tar -C $(DEB_TREE) -xf -
	cd $(DEB_TREE) && dpkg-buildpackage -b -us -uc -j2
	@ls build/deb/*.deb

# Both as root with the Debian mirror (scripts/debian-chroot's chroot is made once and
# kept in build/chroot); the release run of the suite runs them (packaging.test.mjs).
deb-clean:
	sh scripts/build-deb-clean

containerfile:
	sh scripts/build-containerfile

clean:
	rm -rf build

-include $(wildcard $(B)/obj/*.d $(B)/obj/*/*.d $(B)/tests/*/*.d $(B)/tests/helpers/*.d)
