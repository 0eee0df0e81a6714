#!/bin/bash
# tests/docs/deps.sh - scripts/deps.sh, the step of `make test` that installs
# missing Debian packages, as a user without root meets it: it says what it
# will install and why before it runs sudo, and without sudo it prints the
# exact apt-get command and fails.
#
# Nothing is ever installed: the script runs with PATH set to a folder of
# stand-ins only (id, sudo where a case wants it and apt-get, which
# log their arguments and return, and the real env), so every package checked with
# `command -v` or pkg-config looks missing, and no real sudo or apt-get can
# be reached. It runs in an empty folder, so the npm step has no lockfile.
source "$(dirname "$0")/../lib.sh"
deps=$(cd "$(dirname "$0")/../.." && pwd)/scripts/deps.sh

# stub NAME BODY: a stand-in command in $tmp/bin.
stub() {
    printf '#!/bin/sh\n%s\n' "$2" >"$tmp/bin/$1"
    chmod +x "$tmp/bin/$1"
}

# run_deps UID [sudo-exit-status|nosudo]: runs the script as that user id,
# with a sudo stand-in that logs and exits with the status given, or none;
# apt-get always logs and succeeds. Sets rc, out, err and log.
run_deps() {
    rm -rf "${tmp:?}/bin" "$tmp/work" "$tmp/log"
    mkdir -p "$tmp/bin" "$tmp/work"
    : >"$tmp/log"
    ln -s "$(command -v env)" "$tmp/bin/env" # runs apt-get from the same PATH
    stub id "[ \"\$1\" = -u ] && echo $1"
    stub apt-get "echo \"apt-get \$*\" >>'$tmp/log'; echo '<apt-get ran>'"
    if [ "$2" != nosudo ]; then
        stub sudo "echo \"sudo \$*\" >>'$tmp/log'; echo '<sudo ran>'; exit $2"
    fi
    rc=0
    (cd "$tmp/work" && PATH="$tmp/bin" /bin/sh "$deps" >"$tmp/out" 2>"$tmp/err") || rc=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
    log=$(cat "$tmp/log")
}

# The packages the first message lists, one a line ("    pkg: why").
listed() { sed -n 's/^    \([a-z0-9.+-]*\): .*/\1/p' <<<"$1" | tr '\n' ' ' | sed 's/ $//'; }

check() { # check NAME CONDITION...: ok if the condition holds
    local name=$1
    shift
    if "$@"; then ok; else bad "$name"; fi
}
has() { grep -qF -- "$2" <<<"$1"; }
lacks() { ! has "$@"; }

# Not root, no sudo: the exact command is printed, the script fails, and
# nothing is run.
run_deps 1000 nosudo
check "no sudo: exit status 1 (got $rc)" [ "$rc" -eq 1 ]
check "no sudo: says why it cannot install" has "$err" "this is not root and has no sudo"
check "no sudo: says what each package is for" has "$err" "libcmocka-dev: the library's unit tests (cmocka)"
pkgs=$(listed "$err")
check "no sudo: packages listed (got '$pkgs')" has " $pkgs " " tmux "
check "no sudo: the exact command, with every listed package" \
    has "$err" "    apt-get update && apt-get install -y --no-install-recommends $pkgs"
check "no sudo: nothing run (log: $log)" [ -z "$log" ]
check "no sudo: nothing on stdout" [ -z "$out" ]

# installed LABEL SUDO RAN: after the run just made, which succeeded, the
# packages listed were shown with the command that installs them (SUDO
# before each apt-get: "sudo " or nothing), and RAN (what runs apt-get,
# as the log shows it) ran update, then the install of exactly those.
installed() {
    local label=$1 sudo=$2 ran=$3 pkgs
    pkgs=$(listed "$out")
    check "$label: exit status 0 (got $rc; $err)" [ "$rc" -eq 0 ]
    check "$label: the command it will run is shown" \
        has "$out" "    ${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends $pkgs"
    check "$label: runs update, then installs exactly the packages listed (log: $log)" \
        [ "$log" = "$ran update -qq"$'\n'"$ran install -y -qq --no-install-recommends $pkgs" ]
}

# Not root, sudo there: the packages, the reasons and the command come
# before sudo's first run.
run_deps 1000 0
installed sudo "sudo " "sudo env DEBIAN_FRONTEND=noninteractive apt-get"
check "sudo: it warns of the password prompt" has "$out" "sudo may ask for your password"
before=$(sed '/<sudo ran>/,$d' <<<"$out")
check "sudo: the command comes before sudo runs" \
    has "$before" "sudo apt-get install -y --no-install-recommends $(listed "$out")"
check "sudo: what each is for comes before sudo runs" has "$before" "tmux: the full-screen game's tests"

# sudo refused (a wrong password, not in sudoers): the command is printed
# for someone who can run it, and the script fails.
run_deps 1000 1
check "sudo refused: exit status 1 (got $rc)" [ "$rc" -eq 1 ]
check "sudo refused: says so, with the command" \
    has "$err" "installing failed; run this as root"
check "sudo refused: the command" has "$err" "    apt-get update && apt-get install -y --no-install-recommends $(listed "$out")"

# Root: apt-get itself (through env, which the log does not show), no sudo,
# after the same announcement.
run_deps 0 0
installed root "" "apt-get"
check "root: no password warning" lacks "$out" "sudo may ask"

finish "deps"
