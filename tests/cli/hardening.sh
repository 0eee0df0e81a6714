#!/usr/bin/env bash
# Failures a user can cause (issue 10): write and read errors, NUL bytes,
# usage messages, quoting of input, limits. Each answer must be a clear
# message and a clean exit code. Usage: tests/cli/hardening.sh [path/to/mnk]
set -u

MNK=${1:-build/mnk}
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/expect.sh"

# --- item 4: write errors and read errors ------------------------------------
# write_fails NAME ARGS...: output to /dev/full and to a closed stdout must
# both fail with a message and exit 1.
write_fails() {
    local name=$1
    shift
    "$MNK" "$@" >/dev/full 2>"$tmp/err" </dev/null
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$name > /dev/full" 1
    expect_match "$name > /dev/full: message" "$err" "^mnk: write error: No space left on device$"
    "$MNK" "$@" >&- 2>"$tmp/err" </dev/null
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$name, stdout closed" 1
    expect_match "$name, stdout closed: message" "$err" "^mnk: write error: Bad file descriptor$"
}
write_fails "best" best x.o/x.x/oo.
write_fails "analyze" analyze
write_fails "analyze --json" analyze --json
write_fails "count" count --rules 3,3,3
write_fails "solve" solve
write_fails "tree" tree x.o/x.x/oo.
write_fails "table" table --max 2
write_fails "bench" bench bench/sets/333-ply1-4-far.txt
write_fails "--help" --help
write_fails "--version" --version
write_fails "best --help" best --help
write_fails "play --watch" play --plain --watch --seed 1

# A batch whose output is lost stops and says so.
printf 'x.o/x.x/oo.\n...\n' | "$MNK" best - >/dev/full 2>"$tmp/err"
rc=$? err=$(cat "$tmp/err")
expect_rc "batch > /dev/full" 1
expect_match "batch > /dev/full: message" "$err" "write error: No space left on device"

# Reading a directory is a read error, not the end of the input.
for cmd in "best -" "analyze -" "analyze --json -" "play --plain"; do
    # shellcheck disable=SC2086
    "$MNK" $cmd <"$tmp" >/dev/null 2>"$tmp/err"
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$cmd < DIRECTORY" 1
    expect_match "$cmd < DIRECTORY: message" "$err" "^mnk: cannot read standard input: Is a directory$"
done

# --- item 5: NUL bytes inside batch and play lines ---------------------------
# "xxx/oo./...\0garbage" would be a finished game if the line were cut at
# the NUL; it must be refused with its line number instead.
printf 'x.o/x.x/oo.\nxxx/oo./...\000junk\n\000\n' | "$MNK" best - >"$tmp/out" 2>"$tmp/err"
rc=$? out=$(cat "$tmp/out") err=$(cat "$tmp/err")
expect_rc "batch with NUL bytes" 0
expect_out "NUL lines refused with their numbers" "$(printf 'b2\nerror: line 2: a NUL byte inside the line\nerror: line 3: a NUL byte inside the line')"
printf 'x.o/x.x/oo.\000\n' | "$MNK" analyze --json - >"$tmp/out" 2>"$tmp/err"
out=$(cat "$tmp/out")
json "NUL line in JSON: an error object" 'j.error === "line 1: a NUL byte inside the line"'
# A NUL past the 4096-byte cut still counts.
{ head -c 5000 /dev/zero | tr '\0' x; printf '\000\n'; } | "$MNK" best - >"$tmp/out" 2>"$tmp/err"
out=$(cat "$tmp/out") err=$(cat "$tmp/err")
expect_out "NUL past the cut of a long line" "error: line 1: a NUL byte inside the line"
printf 'b2\000\nq\n' | "$MNK" play --plain --seed 1 >"$tmp/out" 2>&1
expect_match "play: a NUL line is refused" "$(cat "$tmp/out")" "Line 1 has a NUL byte: it is not a cell"
if grep -q "plays b2" "$tmp/out"; then bad "play: b2<NUL> was played as b2"; else ok; fi

finish "hardening"
