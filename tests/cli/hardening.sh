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

# --- item 9: usage errors name the option, the value and why -----------------
check_bad "an option of another command, by its name" 2 "^mnk solve: option '--depth' does not apply here" -- solve --depth 3
check_bad "an abbreviated option, by its full name" 2 "^mnk count: option '--seed' does not apply here" -- count --se 3
check_bad "unknown short option in a group" 2 "^mnk best: unknown option '-x'" -- best -xh
check_bad "a value given to a flag" 2 "^mnk best: option '--json' takes no value" -- best --json=3
check_bad "rules: overflow quoted as written" 2 "m \(columns\) must be from 1 to 20, not 99999999999999999999$" -- best --rules 99999999999999999999,3,3
check_bad "rules: big k" 2 "k must be from 1 to 20, not 1001$" -- best --rules 3,3,1001
check_bad "nodes: overflow" 2 "invalid --nodes '99999999999999999999': out of range \(expected a whole number from 1 to 18446744073709551615\)" -- best --nodes 99999999999999999999
check_bad "time: hexadecimal" 2 "invalid --time '0x10': not a decimal number" -- best --time 0x10
check_bad "time: exponent" 2 "invalid --time '1e3': not a decimal number" -- best --time 1e3
check_bad "time: blank" 2 "invalid --time ' 5': not a decimal number" -- best --time ' 5'
check_bad "time: above the limit" 2 "invalid --time '10000001': out of range \(expected .*at most 10000000" -- best --time 10000001
check_bad "time: zero" 2 "invalid --time '0.0': out of range" -- best --time 0.0
check_bad "table: sign" 2 "invalid --table '\+5': not a decimal number \(expected a whole number from 1 to 16384\)" -- best --table +5
check_bad "seed: zero" 2 "invalid --seed '0': out of range" -- best --seed 0
check_bad "depth: too deep" 2 "invalid --depth '401': out of range \(expected a whole number from 0 to 400\)" -- tree --depth 401 ...
run "$MNK" best --time 0.5 --nodes 18446744073709551615 --seed 18446744073709551615
expect_rc "the largest values are accepted" 0
run "$MNK" best --time .5
expect_rc "time: .5" 0
# Every limit is stated in --help and in the man page.
run "$MNK" best --help
expect_match "--help: time limit" "$out" "^ +\\(0 < S <= 10000000, decimal, fractions allowed\\)"
expect_match "--help: nodes limit" "$out" "--nodes N .*1 <= N < 2\^64"
expect_match "--help: table limit" "$out" "--table MIB .*1 to 16384"
run "$MNK" tree --help
expect_match "--help: depth limit" "$out" "--depth D .*0 to 400"
man_text=$(MANWIDTH=200 man -l "$(dirname "$0")/../../man/mnk.1" 2>/dev/null | col -b | tr -s " \n\t" " ")
expect_match "man: time limit" "$man_text" "at most 10000000"
expect_match "man: nodes limit" "$man_text" "from 1 to 18446744073709551615"
expect_match "man: decimal only" "$man_text" "Numbers are decimal only"

finish "hardening"
