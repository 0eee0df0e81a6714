#!/bin/sh
# tests/install/run.sh - `make install` into a staging directory, then use
# what was installed the way a packager and another program's author would:
#
#   1. every file is there with the right kind and mode (binary, header,
#      static library, shared library with its soname links, mnk.pc, man page)
#   2. the installed mnk runs, and pbrain-mnk (the Gomocup engine under the
#      name managers look for) answers ABOUT; mnk.pc has absolute
#      directories and the version
#   3. a small C program compiles against the installed header and library
#      found through pkg-config (PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR
#      pointing into the staged tree), linked statically and dynamically; the
#      dynamic one runs with LD_LIBRARY_PATH, and both print the right answers
#   4. the man page renders without warnings
#   5. another prefix lands where it should, and `make uninstall` removes
#      every file again
#   6. a real install (no DESTDIR) into a temporary prefix: the installed
#      mnk runs, a program built with `pkg-config --cflags --libs mnk` runs
#      with no LD_LIBRARY_PATH (mnk.pc's rpath), and the bash, zsh and fish
#      completions work (tests/install/completion.sh)
#
# Run from the top of the source tree, after `make all`:
#   sh tests/install/run.sh    (MAKE, CC, VERSION and SOVERSION from the
#                               environment; `make test-install` sets them)
set -eu

MAKE=${MAKE:-make}
CC=${CC:-cc}
VERSION=${VERSION:-$(sed -n 's/^VERSION := //p' Makefile)}
SOVERSION=${SOVERSION:-$(sed -n 's/^SOVERSION := //p' Makefile)}
here=tests/install

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
stage=$tmp/stage
failures=0

pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }
check() { # check DESCRIPTION COMMAND...
    desc=$1; shift
    if "$@" >"$tmp/out" 2>&1; then pass "$desc"; else fail "$desc"; sed 's/^/       /' "$tmp/out"; fi
}
same() { # same DESCRIPTION EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then pass "$1"; else
        fail "$1"; printf '       expected: %s\n       got:      %s\n' "$2" "$3"; fi
}

echo "install: make install PREFIX=/usr DESTDIR=<staging>"
if ! $MAKE --no-print-directory install PREFIX=/usr DESTDIR="$stage" >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    echo "install: make install failed"
    exit 1
fi

# 1. Files.
u=$stage/usr
check "bin/mnk is an executable file" test -f "$u/bin/mnk" -a -x "$u/bin/mnk"
check "bin/pbrain-mnk is an executable file" test -f "$u/bin/pbrain-mnk" -a -x "$u/bin/pbrain-mnk"
check "include/mnk.h" test -f "$u/include/mnk.h"
check "include/mnk.h is the source's" cmp include/mnk.h "$u/include/mnk.h"
check "lib/libmnk.a" test -f "$u/lib/libmnk.a"
check "lib/libmnk.so.$VERSION" test -f "$u/lib/libmnk.so.$VERSION" -a ! -h "$u/lib/libmnk.so.$VERSION"
same "lib/libmnk.so.$SOVERSION -> libmnk.so.$VERSION" "libmnk.so.$VERSION" \
    "$(readlink "$u/lib/libmnk.so.$SOVERSION" || true)"
same "lib/libmnk.so -> libmnk.so.$VERSION" "libmnk.so.$VERSION" "$(readlink "$u/lib/libmnk.so" || true)"
same "soname is libmnk.so.$SOVERSION" "libmnk.so.$SOVERSION" \
    "$(readelf -d "$u/lib/libmnk.so.$VERSION" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')"
check "lib/pkgconfig/mnk.pc" test -f "$u/lib/pkgconfig/mnk.pc"
check "share/man/man1/mnk.1" test -f "$u/share/man/man1/mnk.1"
check "completions: bash, zsh, fish" test -f "$u/share/bash-completion/completions/mnk" \
    -a -f "$u/share/zsh/site-functions/_mnk" -a -f "$u/share/fish/vendor_completions.d/mnk.fish"
modes=$(cd "$u" && stat -c '%a %n' include/mnk.h lib/libmnk.a lib/libmnk.so.$VERSION \
    lib/pkgconfig/mnk.pc share/man/man1/mnk.1 bin/mnk bin/pbrain-mnk 2>/dev/null | tr '\n' ' ')
same "modes" "644 include/mnk.h 644 lib/libmnk.a 755 lib/libmnk.so.$VERSION 644 lib/pkgconfig/mnk.pc 644 share/man/man1/mnk.1 755 bin/mnk 755 bin/pbrain-mnk " "$modes"
check "nothing outside usr/" sh -c "cd '$stage' && [ \"\$(ls -A)\" = usr ]"

# 2. The binary and the .pc file.
same "installed mnk: best x.o/x.x/oo." "b2" "$("$u/bin/mnk" best x.o/x.x/oo. 2>&1 || true)"
same "installed mnk: --version" "mnk $VERSION" "$("$u/bin/mnk" --version 2>&1 || true)"
same "installed pbrain-mnk answers ABOUT" "name=\"mnk\", version=\"$VERSION\"" \
    "$(printf 'ABOUT\r\nEND\r\n' | "$u/bin/pbrain-mnk" 2>&1 | cut -d, -f1-2 || true)"
check "mnk.pc: no @placeholders@ left" sh -c "! grep -n '@' '$u/lib/pkgconfig/mnk.pc'"
same "mnk.pc: absolute directories" "prefix=/usr libdir=/usr/lib includedir=/usr/include" \
    "$(grep -E '^(prefix|libdir|includedir)=' "$u/lib/pkgconfig/mnk.pc" | tr '\n' ' ' | sed 's/ $//')"

PKG_CONFIG_PATH=$u/lib/pkgconfig
PKG_CONFIG_LIBDIR=$u/lib/pkgconfig # nothing but the staged tree
PKG_CONFIG_SYSROOT_DIR=$stage
# The staged tree's /usr/include and /usr/lib are not the system's.
PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1
PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
export PKG_CONFIG_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR \
    PKG_CONFIG_ALLOW_SYSTEM_CFLAGS PKG_CONFIG_ALLOW_SYSTEM_LIBS
same "pkg-config --modversion mnk" "$VERSION" "$(pkg-config --modversion mnk 2>&1 || true)"
cflags=$(pkg-config --cflags mnk)
libs=$(pkg-config --libs mnk)
same "pkg-config --cflags mnk" "-I$u/include" "$(echo $cflags)"
same "pkg-config --libs mnk" "-L$u/lib -lmnk" "$(echo $libs)"

# 3. A program of someone else's. Built outside the source tree, so that
# only the installed header can be found.
cp "$here/example.c" "$tmp/example.c"
expected="libmnk $VERSION: best b2, win in 1
b1 loss 2
b2 win 1
c3 loss 2
refused: position cannot arise in a game"
# shellcheck disable=SC2086
if (cd "$tmp" && $CC -std=c11 -Wall -Wextra -Werror $cflags -o example-static example.c \
        -Wl,-Bstatic $libs -Wl,-Bdynamic) >"$tmp/out" 2>&1; then
    pass "static build with pkg-config"
    if readelf -d "$tmp/example-static" | grep -q 'NEEDED.*libmnk'; then
        fail "static build does not need libmnk.so"
    else
        pass "static build does not need libmnk.so"
    fi
    same "static build's output" "$expected" "$("$tmp/example-static" 2>&1 || true)"
else
    fail "static build with pkg-config"; sed 's/^/       /' "$tmp/out"
fi
# shellcheck disable=SC2086
if (cd "$tmp" && $CC -std=c11 -Wall -Wextra -Werror $cflags -o example-shared example.c $libs) \
        >"$tmp/out" 2>&1; then
    pass "shared build with pkg-config"
    same "shared build needs libmnk.so.$SOVERSION" "libmnk.so.$SOVERSION" \
        "$(readelf -d "$tmp/example-shared" | sed -n 's/.*NEEDED.*\[\(libmnk[^]]*\)\].*/\1/p')"
    same "shared build's output (LD_LIBRARY_PATH)" "$expected" \
        "$(LD_LIBRARY_PATH=$u/lib "$tmp/example-shared" 2>&1 || true)"
    same "shared build loads the staged library" "$u/lib/libmnk.so.$SOVERSION" \
        "$(LD_LIBRARY_PATH=$u/lib ldd "$tmp/example-shared" | sed -n 's/.*libmnk[^ ]* => \([^ ]*\) .*/\1/p')"
else
    fail "shared build with pkg-config"; sed 's/^/       /' "$tmp/out"
fi

# 4. The man page.
page=$u/share/man/man1/mnk.1
if command -v man >/dev/null 2>&1; then
    if MANWIDTH=80 man -l "$page" >"$tmp/man.txt" 2>"$tmp/man.err" && [ ! -s "$tmp/man.err" ] &&
        grep -q '^NAME' "$tmp/man.txt" && grep -q 'EXIT STATUS' "$tmp/man.txt"; then
        pass "man -l renders the page"
    else
        fail "man -l renders the page"; sed 's/^/       /' "$tmp/man.err"
    fi
else
    echo "  skip man -l (no man here)"
fi
if command -v groff >/dev/null 2>&1; then
    if groff -man -Tutf8 -ww "$page" >/dev/null 2>"$tmp/groff.err" && [ ! -s "$tmp/groff.err" ]; then
        pass "groff -man -ww: no warnings"
    else
        fail "groff -man -ww: no warnings"; sed 's/^/       /' "$tmp/groff.err"
    fi
fi

# 5. Another prefix, lower-case prefix=, then uninstall.
other=$tmp/other
if $MAKE --no-print-directory install prefix=/opt/mnk DESTDIR="$other" >"$tmp/out" 2>&1; then
    check "prefix=/opt/mnk: bin, lib, include, man under /opt/mnk" test -x "$other/opt/mnk/bin/mnk" \
        -a -x "$other/opt/mnk/bin/pbrain-mnk" \
        -a -f "$other/opt/mnk/lib/libmnk.so.$VERSION" -a -f "$other/opt/mnk/include/mnk.h" \
        -a -f "$other/opt/mnk/share/man/man1/mnk.1"
    same "prefix=/opt/mnk: mnk.pc" "prefix=/opt/mnk libdir=/opt/mnk/lib includedir=/opt/mnk/include" \
        "$(grep -E '^(prefix|libdir|includedir)=' "$other/opt/mnk/lib/pkgconfig/mnk.pc" | tr '\n' ' ' | sed 's/ $//')"
else
    fail "make install prefix=/opt/mnk"; sed 's/^/       /' "$tmp/out"
fi
if $MAKE --no-print-directory uninstall PREFIX=/usr DESTDIR="$stage" >"$tmp/out" 2>&1; then
    same "make uninstall leaves no files" "" "$(find "$stage" ! -type d)"
else
    fail "make uninstall"; sed 's/^/       /' "$tmp/out"
fi

# 6. A real prefix, as a user without root would install.
real=$tmp/prefix
if $MAKE --no-print-directory install PREFIX="$real" >"$tmp/out" 2>&1; then
    same "prefix: installed mnk runs" "b2" "$(env -u LD_LIBRARY_PATH "$real/bin/mnk" best x.o/x.x/oo. 2>&1 || true)"
    pc() { env -u PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH="$real/lib/pkgconfig" PKG_CONFIG_LIBDIR="$real/lib/pkgconfig" pkg-config "$@"; }
    same "prefix: mnk.pc's rpath" "-L$real/lib -Wl,-rpath,$real/lib -lmnk" "$(echo $(pc --libs mnk))"
    # shellcheck disable=SC2046
    if (cd "$tmp" && $CC -std=c11 -Wall -Wextra -Werror -o example-prefix example.c $(pc --cflags --libs mnk)) \
            >"$tmp/out" 2>&1; then
        pass "prefix: build with pkg-config --cflags --libs mnk"
        same "prefix: the program runs without LD_LIBRARY_PATH" "$expected" \
            "$(env -u LD_LIBRARY_PATH "$tmp/example-prefix" 2>&1 || true)"
        same "prefix: it loads the installed library" "$real/lib/libmnk.so.$SOVERSION" \
            "$(env -u LD_LIBRARY_PATH ldd "$tmp/example-prefix" | sed -n 's/.*libmnk[^ ]* => \([^ ]*\) .*/\1/p')"
    else
        fail "prefix: build with pkg-config --cflags --libs mnk"; sed 's/^/       /' "$tmp/out"
    fi
    if bash "$here/completion.sh" "$real" >"$tmp/out" 2>&1; then
        pass "prefix: completions in bash, zsh and fish ($(tail -1 "$tmp/out"))"
    else
        fail "prefix: completions in bash, zsh and fish"; sed 's/^/       /' "$tmp/out"
    fi
else
    fail "make install PREFIX=$real"; sed 's/^/       /' "$tmp/out"
fi

if [ "$failures" -ne 0 ]; then
    echo "install: $failures check(s) failed"
    exit 1
fi
echo "install: all checks passed"
