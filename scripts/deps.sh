#!/bin/sh
# Installs what `make test` needs and this machine lacks, from Debian's
# packages (and, for the browser tests, npm packages pinned by the lockfile).
# Does nothing when everything is there; needs root (or sudo) otherwise.
set -eu

missing=""
need() { # need PACKAGE CHECK-COMMAND...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}

need libcmocka-dev pkg-config --exists cmocka
need libncurses-dev pkg-config --exists ncursesw
need clang command -v clang
need lld command -v wasm-ld
need libclang-rt-14-dev sh -c 'echo "int LLVMFuzzerTestOneInput(const char*d,unsigned long n){return 0;}" | clang -x c -fsanitize=fuzzer -o /dev/null -'
need tmux command -v tmux
need graphviz command -v dot
need chromium test -x /usr/bin/chromium
need time test -x /usr/bin/time
need valgrind command -v valgrind
need python3 command -v python3
need zsh command -v zsh
need fish command -v fish

if [ -n "$missing" ]; then
    echo "deps: installing$missing"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing
fi

# npm packages for the browser tests, exactly as the lockfile pins them.
if [ -f package-lock.json ] && [ ! -d node_modules/playwright-core ]; then
    echo "deps: npm ci"
    npm ci --no-audit --no-fund
fi
