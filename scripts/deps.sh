#!/bin/sh
# Installs what `make test` needs and this machine lacks, from Debian's
# packages (and, for the browser tests, npm packages pinned by the lockfile).
# Does nothing when everything is there. Otherwise it first says which
# packages are missing, what each is for and the exact command it runs;
# then it runs apt-get as root, through sudo when not root. Without root
# and without sudo it prints that command for someone who can run it and
# fails, installing nothing. tests/docs/deps.sh checks those paths with
# stand-ins for id, sudo and apt-get.
set -eu

missing=""
why=""
need() { # need PACKAGE WHAT-FOR CHECK-COMMAND...
    pkg=$1
    what=$2
    shift 2
    if ! "$@" >/dev/null 2>&1; then
        missing="$missing $pkg"
        why="$why
    $pkg: $what"
    fi
}

need pkg-config "finding cmocka and ncursesw" command -v pkg-config
need libcmocka-dev "the library's unit tests (cmocka)" pkg-config --exists cmocka
need libncurses-dev "the full-screen game (ncursesw)" pkg-config --exists ncursesw
need clang "the WebAssembly build and the fuzz targets" command -v clang
need lld "linking the WebAssembly build (wasm-ld)" command -v wasm-ld
need libclang-rt-14-dev "libFuzzer's runtime" sh -c 'echo "int LLVMFuzzerTestOneInput(const char*d,unsigned long n){return 0;}" | clang -x c -fsanitize=fuzzer -o /dev/null -'
need tmux "the full-screen game's tests" command -v tmux
need graphviz "rendering 'mnk tree' in the CLI tests (dot)" command -v dot
need chromium "the web page's tests" test -x /usr/bin/chromium
need time "peak memory in the CLI tests (/usr/bin/time)" test -x /usr/bin/time
need valgrind "make test-valgrind" command -v valgrind
need python3 "the CLI's JSON checks and the documentation's tests" command -v python3
need zsh "the zsh completion test" command -v zsh
need fish "the fish completion test" command -v fish

if [ -n "$missing" ]; then
    # What a person would type; run below with -qq and a non-interactive
    # frontend (passed through sudo's clean environment by env).
    install="apt-get install -y --no-install-recommends$missing"
    if [ "$(id -u)" -eq 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1; then
        sudo="sudo "
    else
        echo "deps: make test needs these Debian packages, missing here:$why" >&2
        echo "deps: installing them needs root, and this is not root and has no sudo." >&2
        echo "deps: run this as root, then 'make test' again:" >&2
        echo "    apt-get update && $install" >&2
        exit 1
    fi
    echo "deps: make test needs these Debian packages, missing here:$why"
    echo "deps: installing them now with:"
    echo "    ${sudo}apt-get update && ${sudo}$install"
    if [ -n "$sudo" ]; then
        echo "deps: sudo may ask for your password (Ctrl-C to stop and run the command yourself)"
    fi
    # shellcheck disable=SC2086
    if ! ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get update -qq ||
        ! ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing; then
        echo "deps: installing failed; run this as root, then 'make test' again:" >&2
        echo "    apt-get update && $install" >&2
        exit 1
    fi
fi

# npm packages for the browser tests, exactly as the lockfile pins them.
if [ -f package-lock.json ] && [ ! -d node_modules/playwright-core ]; then
    echo "deps: npm ci (the web page's tests: playwright-core, as package-lock.json pins it)"
    npm ci --no-audit --no-fund
fi
