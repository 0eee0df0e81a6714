# mnk - perfect tic-tac-toe and m,n,k-games.
#
#   make            the library (static and shared) and build/mnk
#   make play       build, then play tic-tac-toe against the computer
#   make test       everything: installs what is missing, then unit, CLI,
#                   sanitizer and end-to-end tests
#   make bench      measured speed (numbers, never pass/fail)
#   make fuzz       run the libFuzzer target for FUZZ_SECONDS (default 60)
#   make install    PREFIX=/usr/local DESTDIR= (header, libraries, mnk.pc,
#                   binaries mnk and pbrain-mnk, man page, bash/zsh/fish
#                   completions); a program built with `pkg-config --cflags
#                   --libs mnk` finds the shared library: mnk.pc carries an
#                   rpath when libdir is not one the loader searches anyway,
#                   and a root install without DESTDIR runs ldconfig
#
# Parts of the build live in mk/*.mk; each adds its test targets to
# TEST_TARGETS.

VERSION := 0.1.0
SOVERSION := 0

CC ?= cc
CFLAGS ?= -O2 -g
# -Wno-missing-field-initializers: mnk.h documents {m, n, k} (the exact
# rule's field left out) as the way to write freestyle rules, and the
# project writes them so; -Wextra would flag every such initializer.
WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
            -Wno-missing-field-initializers
# CI and `make test` build with warnings as errors.
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
ALL_CPPFLAGS := -Iinclude -D_POSIX_C_SOURCE=200809L $(CPPFLAGS)
# -fno-semantic-interposition: libmnk.so's own calls go to its own
# functions (nothing is meant to replace them), so the compiler may inline
# them as in a program: 1.8% fewer instructions for build/tactics nodes
# 100000 bench/engine/quiet-15x15.txt (callgrind), the same nodes.
ALL_CFLAGS := $(WARNINGS) -fPIC -fno-semantic-interposition $(CFLAGS)

PREFIX ?= /usr/local
prefix ?= $(PREFIX)
bindir ?= $(prefix)/bin
libdir ?= $(prefix)/lib
includedir ?= $(prefix)/include
mandir ?= $(prefix)/share/man
pkgconfigdir ?= $(libdir)/pkgconfig
datadir ?= $(prefix)/share
bashcompdir ?= $(datadir)/bash-completion/completions
zshcompdir ?= $(datadir)/zsh/site-functions
fishcompdir ?= $(datadir)/fish/vendor_completions.d
comma := ,
# The loader's own directories need no rpath (and packagers refuse one).
PC_RPATH := $(if $(filter /lib /usr/lib /lib64 /usr/lib64 /usr/lib/%-linux-gnu /lib/%-linux-gnu,$(libdir)),,-Wl$(comma)-rpath$(comma)$${libdir})
# Where ldconfig's cache matters after a root install (no DESTDIR).
LDCONFIG_DIRS := /usr/local/lib /usr/local/lib64 $(if $(PC_RPATH),,$(libdir))

B := build

# The core: no I/O, builds for WebAssembly too. alloc.c adds malloc/free.
CORE_SRC := src/geometry.c src/board.c src/notation.c src/tt.c src/minimax.c \
            src/search.c src/root.c src/root_weak.c src/dfpn.c src/node.c src/forcing.c src/pairing.c src/count.c src/game.c \
            src/shape.c src/shape_table.c src/shape_sync.c src/threat.c src/threat_pn.c src/engine.c src/engine_eval.c src/engine_search.c src/engine_quiesce.c src/engine_order.c src/engine_threats.c src/engine_params.c src/smp.c
CLI_SRC := $(wildcard cli/*.c)
# Every header an object may include: a list by hand had missed three.
HEADERS := $(wildcard include/*.h src/*.h cli/*.h)

# Fragments may add to CORE_SRC, CLI_SRC, HEADERS, CLI_LIBS, CLI_CPPFLAGS,
# TEST_TARGETS and BENCH_TARGETS, and define their own rules.
TEST_TARGETS :=
BENCH_TARGETS :=
CLI_LIBS :=
CLI_CPPFLAGS :=
.DEFAULT_GOAL := all
include $(sort $(wildcard mk/*.mk))

LIB_SRC := $(CORE_SRC) src/alloc.c
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)

.PHONY: all play test bench fuzz install uninstall clean deps
all: $(B)/mnk $(B)/libmnk.a $(B)/libmnk.so

$(B)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(CLI_OBJ): ALL_CPPFLAGS += $(CLI_CPPFLAGS)

$(B)/libmnk.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(B)/libmnk.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libmnk.so.$(SOVERSION) $(LDFLAGS) -o $@ $^

$(B)/libmnk.so: $(B)/libmnk.so.$(VERSION)
	ln -sf libmnk.so.$(VERSION) $(B)/libmnk.so.$(SOVERSION)
	ln -sf libmnk.so.$(VERSION) $@

$(B)/mnk: $(CLI_OBJ) $(B)/libmnk.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(B)/libmnk.a $(CLI_LIBS) -lm

play: $(B)/mnk
	$(B)/mnk play

# Installs what the tests need when it is missing (Debian packages).
deps:
	@sh scripts/deps.sh

test: deps
	$(MAKE) WERROR=1 all
	$(MAKE) WERROR=1 $(TEST_TARGETS)
	@echo "all test suites passed"

bench: all $(BENCH_TARGETS)

install: all
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) $(DESTDIR)$(includedir) \
	    $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(pkgconfigdir) \
	    $(DESTDIR)$(bashcompdir) $(DESTDIR)$(zshcompdir) $(DESTDIR)$(fishcompdir)
	install -m 644 completions/mnk.bash $(DESTDIR)$(bashcompdir)/mnk
	install -m 644 completions/_mnk $(DESTDIR)$(zshcompdir)/_mnk
	install -m 644 completions/mnk.fish $(DESTDIR)$(fishcompdir)/mnk.fish
	install -m 755 $(B)/mnk $(DESTDIR)$(bindir)/mnk
	install -m 755 $(B)/pbrain-mnk $(DESTDIR)$(bindir)/pbrain-mnk
	install -m 644 include/mnk.h $(DESTDIR)$(includedir)/mnk.h
	install -m 644 $(B)/libmnk.a $(DESTDIR)$(libdir)/libmnk.a
	install -m 755 $(B)/libmnk.so.$(VERSION) $(DESTDIR)$(libdir)/libmnk.so.$(VERSION)
	ln -sf libmnk.so.$(VERSION) $(DESTDIR)$(libdir)/libmnk.so.$(SOVERSION)
	ln -sf libmnk.so.$(VERSION) $(DESTDIR)$(libdir)/libmnk.so
	install -m 644 man/mnk.1 $(DESTDIR)$(mandir)/man1/mnk.1
	sed -e 's|@prefix@|$(prefix)|g' -e 's|@libdir@|$(libdir)|g' \
	    -e 's|@includedir@|$(includedir)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    -e 's|@RPATH@ |$(PC_RPATH)$(if $(PC_RPATH), )|' \
	    mnk.pc.in > $(DESTDIR)$(pkgconfigdir)/mnk.pc
	@if [ -z "$(DESTDIR)" ] && [ -n "$(filter $(LDCONFIG_DIRS),$(libdir))" ] && \
	    [ "$$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then \
	    echo ldconfig; ldconfig; fi

uninstall:
	rm -f $(DESTDIR)$(bindir)/mnk $(DESTDIR)$(bindir)/pbrain-mnk $(DESTDIR)$(includedir)/mnk.h \
	    $(DESTDIR)$(libdir)/libmnk.a $(DESTDIR)$(libdir)/libmnk.so* \
	    $(DESTDIR)$(mandir)/man1/mnk.1 $(DESTDIR)$(pkgconfigdir)/mnk.pc \
	    $(DESTDIR)$(bashcompdir)/mnk $(DESTDIR)$(zshcompdir)/_mnk $(DESTDIR)$(fishcompdir)/mnk.fish

clean:
	rm -rf $(B)
