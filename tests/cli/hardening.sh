#!/usr/bin/env bash
# Failures a user can cause (issue 10): write and read errors, NUL bytes,
# usage messages, quoting of input, limits. Each answer must be a clear
# message and a clean exit code. Usage: tests/cli/hardening.sh [path/to/mnk]
set -u

MNK=${1:-build/mnk}
. "$(dirname "$0")/../lib.sh"

. "$(dirname "$0")/expect.sh"

# --- item 4: write errors and read errors ------------------------------------
# Under valgrind (MNK_INSTRUMENTED=valgrind, make test-valgrind) a closed
# stdout cannot be tried: valgrind's log file takes the lowest free
# descriptor, 1, and mnk's output goes there.
closed_stdout_ok() { [ "${MNK_INSTRUMENTED:-}" != valgrind ]; }
# write_fails NAME ARGS...: output to /dev/full and to a closed stdout must
# both fail with a message and exit 1. Standard input is the file $stdin
# (/dev/null if unset).
write_fails() {
    local name=$1
    shift
    "$MNK" "$@" >/dev/full 2>"$tmp/err" <"${stdin:-/dev/null}"
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$name > /dev/full" 1
    expect_match "$name > /dev/full: message" "$err" "^mnk: write error: No space left on device$"
    closed_stdout_ok || return 0
    "$MNK" "$@" >&- 2>"$tmp/err" <"${stdin:-/dev/null}"
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
for cmd in "best -" "analyze -" "analyze --json -" "play --plain" "solve -"; do
    # shellcheck disable=SC2086
    "$MNK" $cmd <"$tmp" >/dev/null 2>"$tmp/err"
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$cmd < DIRECTORY" 1
    expect_match "$cmd < DIRECTORY: message" "$err" "^mnk: cannot read standard input: Is a directory$"
done

# The split proof's commands (issue 12, after the ones above): solve's job
# lines, the split file, merge's result.
write_fails "solve --split" solve --split 1
"$MNK" solve --split 1 >"$tmp/split"
grep -v '^#' "$tmp/split" | "$MNK" solve - >"$tmp/results"
printf '3,3,3 x.o/x.x/oo.\n' >"$tmp/job"
stdin=$tmp/job write_fails "solve -" solve -
write_fails "merge" merge "$tmp/split" "$tmp/results"
mkdir "$tmp/dir"
run "$MNK" merge "$tmp/dir" "$tmp/results"
expect_rc "merge: the split file a directory" 1
expect_match "merge: the split file a directory: message" "$err" "^mnk: cannot read '$tmp/dir': Is a directory$"
run "$MNK" merge "$tmp/split" "$tmp/dir"
expect_rc "merge: a result file a directory" 1
expect_match "merge: a result file a directory: message" "$err" "^mnk: cannot read '$tmp/dir': Is a directory$"

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

# solve's job lines and merge's files: the line is refused with its number.
printf '3,3,3 x.o/x.x/oo.\000junk\n3,3,3 x.o/x.x/oo.\n' | "$MNK" solve - >"$tmp/out" 2>"$tmp/err"
rc=$? out=$(cat "$tmp/out")
expect_rc "solve - with a NUL line" 0
expect_match "solve -: the NUL line refused" "$(printf '%s\n' "$out" | head -1)" "^error: line 1: a NUL byte inside the line$"
expect_match "solve -: the next line answered" "$(printf '%s\n' "$out" | sed -n 2p)" "^3,3,3 x\.o/x\.x/oo\. strong win 1 "
{ cat "$tmp/results"; printf '3,3,3 x.o\000/x.x/oo. strong win 1 0 0.000\n'; } >"$tmp/results0"
run "$MNK" merge "$tmp/split" "$tmp/results0"
expect_rc "merge: a NUL in a result file" 1
expect_match "merge: a NUL in a result file: message" "$err" "^mnk: $tmp/results0 line $(($(wc -l <"$tmp/results") + 1)): a NUL byte inside the line$"
{ cat "$tmp/split"; printf '3,3,3 x\000\n'; } >"$tmp/split0"
run "$MNK" merge "$tmp/split0" "$tmp/results"
expect_rc "merge: a NUL in the split file" 1
expect_match "merge: a NUL in the split file: message" "$err" "^mnk: $tmp/split0 line $(($(wc -l <"$tmp/split") + 1)): a NUL byte inside the line$"

# --- item 6: --weak in a lost position, the strong pass cut short ------------
# Every move loses here (6,5,4, O to move), and X's only immediate win is
# at e2. The weak search proves the loss in a few hundred nodes; finding
# the slowest loss takes thousands more, so a node limit in between cuts
# that strong pass, and the blocking move must come first anyway (without
# it, b1, the first cell, was played). weak_losses.py and weak_blocks.py
# cover the strong pass that finishes.
lost_pos=x...../..xx.x/..o..o/.o..../x....o
run "$MNK" best --weak --json --rules 6,5,4 "$lost_pos"
full_nodes=$(printf '%s' "$out" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).nodes')
json "weak, lost: the full search blocks" 'j.best === "e2" && j.result === "loss" && j.proven'
: >"$tmp/sweep"
step=50
for n in $(seq 1 "$step" "$full_nodes"); do
    "$MNK" best --weak --json --rules 6,5,4 --nodes "$n" "$lost_pos" >>"$tmp/sweep" 2>/dev/null
done
if python3 -c '
import json, sys
full, step = int(sys.argv[2]), int(sys.argv[3])
runs = [json.loads(l) for l in open(sys.argv[1])]
wrong = [(i * step + 1, j["best"]) for i, j in enumerate(runs) if j["best"] != "e2"]
cut = [j for j in runs if j["proven"] and j["nodes"] < full]
if wrong: print("weak, lost, cut short: not the block (--nodes, move):", wrong[:5])
if not cut: print("weak, lost: no --nodes proved the loss and cut the strong pass")
sys.exit(1 if wrong or not cut or len(runs) < 10 else 0)' "$tmp/sweep" "$full_nodes" "$step"; then ok; else bad "weak, lost, cut short"; fi

# --- item 9: usage errors name the option, the value and why -----------------
check_bad "an option of another command, by its name" 2 "^mnk solve: option '--depth' does not apply to solve" -- solve --depth 3
check_bad "an abbreviated option, by its full name" 2 "^mnk count: option '--seed' does not apply to count" -- count --se 3
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
check_bad "table: sign" 2 "invalid --table '\+5': not a decimal number \(expected a whole number from 1 to 1048576\)" -- best --table +5
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
expect_match "--help: table limit" "$out" "this machine's memory; only what is used is touched"
run "$MNK" tree --help
expect_match "--help: depth limit" "$out" "--depth D .*0 to 400"
man_text=$(MANWIDTH=200 man -l "$(dirname "$0")/../../man/mnk.1" 2>/dev/null | col -b | tr -s " \n\t" " ")
expect_match "man: time limit" "$man_text" "at most 10000000"
expect_match "man: nodes limit" "$man_text" "from 1 to 18446744073709551615"
expect_match "man: decimal only" "$man_text" "Numbers are decimal only"

# Every ranged option: the range the error states is the one --help and the
# man page state (the numbers are taken from the error, so a changed limit
# must change all three). range_doc NAME COMMAND OPTION TOO_BIG HELP MAN:
# HELP and MAN are regexes in which LO and HI stand for the range's ends.
range_doc() {
    local name=$1 cmd=$2 option=$3 value=$4 help_re=$5 man_re=$6 lo hi
    run "$MNK" "$cmd" "$option" "$value"
    expect_rc "$name: out of range" 2
    read -r lo hi < <(printf '%s\n' "$err" | sed -n "s/.*invalid $option '$value': out of range (expected a whole number from \([0-9]*\) to \([0-9]*\)).*/\1 \2/p")
    if [ -n "${hi:-}" ]; then ok; else bad "$name: no range in [$err]"; return; fi
    help_re=${help_re//LO/$lo} man_re=${man_re//LO/$lo}
    help_re=${help_re//HI/$hi} man_re=${man_re//HI/$hi}
    run "$MNK" "$cmd" --help
    expect_match "$name: the range in --help" "$(printf '%s' "$out" | tr -s " \n" " ")" "$help_re"
    expect_match "$name: the range in the man page" "$man_text" "$man_re"
}
range_doc "--threads" solve --threads 17 "--threads N .*\(LO to HI," "--threads N \(LO to HI, default 1\)"
range_doc "--max" table --max 21 "--max N .*\(LO to HI, default 5\)" "--max N \(table\) Boards up to N [^ ]+ N \(LO to HI, default 5\)"
range_doc "--k" pbrain --k 21 "--k K .*\(LO to HI, default 5\)" "--k K \(pbrain\) K in a row wins, LO to HI;"
range_doc "--split" solve --split 401 "--split D .*\(LO to HI;" "--split D \(LO to HI\)"
range_doc "--depth" tree --depth 401 "--depth D .*\(LO to HI\)" "--depth D \(tree\) Show at most D plies below the position \(LO to HI\)"
range_doc "--seed" best --seed 0 "--seed N .*\(LO <= N < 2\^64\)" "--seed N .*from LO to HI\)"
range_doc "--table" best --table 2000000 "--table MIB .*from LO to" "--table MIB The transposition table's size in MiB \(default 64\), from LO to the machine's physical memory \(and at most HI\)"

# --- item 10: input quoted safely -----------------------------------------------
# no_controls NAME FILE: the file is valid UTF-8 without control characters
# other than newlines (nothing a terminal would obey).
no_controls() {
    if python3 -c '
import sys, unicodedata
t = open(sys.argv[1], "rb").read().decode("utf-8")  # fails on invalid UTF-8
bad = [c for c in t if c != "\n" and unicodedata.category(c) == "Cc"]
sys.exit(1 if bad else 0)' "$2"; then ok; else bad "$1: control characters or invalid UTF-8 in $(od -c "$2" | head -5)"; fi
}
run "$MNK" best $'x\e[31mq\a'
expect_rc "escape sequence in a position" 1
no_controls "escape sequence in a position" "$tmp/err"
expect_match "escape sequence shown escaped" "$err" "invalid position 'x\\\\x1b\\[31mq\\\\x07'"
run "$MNK" $'\e]0;pwned\a'
no_controls "escape sequence as a command" "$tmp/err"
expect_match "command shown escaped" "$err" "unknown command '\\\\x1b\\]0;pwned\\\\x07'"
run "$MNK" best --level $'\xc2\x9b31m'
no_controls "C1 control (CSI) in an option value" "$tmp/err"
run "$MNK" best --rules $'3,3,3\e'
no_controls "escape in --rules" "$tmp/err"
run "$MNK" best --moves $'b2\e[2J'
no_controls "escape in --moves" "$tmp/err"
run "$MNK" best "été"
expect_match "UTF-8 kept in messages" "$err" "invalid position 'été'"
run "$MNK" best $'\xff\xc3('
expect_match "invalid UTF-8 escaped byte by byte" "$err" "invalid position '\\\\xff\\\\xc3\\('"
long=$(printf 'é%.0s' $(seq 100))
run "$MNK" best "$long"
no_controls "a long UTF-8 position" "$tmp/err"
expect_match "cut after 80 characters, between characters" "$err" "invalid position '$(printf 'é%.0s' $(seq 80))\\.\\.\\.'"
printf '%s\n' "$long" | "$MNK" best - >"$tmp/out" 2>&1
no_controls "a long UTF-8 line in batch" "$tmp/out"
printf 'b2\e[2J\nq\n' | "$MNK" play --plain --seed 1 >"$tmp/out" 2>&1
no_controls "play echoes a line with escapes safely" "$tmp/out"
# JSON: every answer parses, with the input given back as it was where it
# was UTF-8; lines of arbitrary bytes give valid JSON too.
printf 'été\nx\001\033[0m"\\\n\xff\xfe\xc3\n\xed\xa0\x80\n\xf0\x9f\x98\x80\n' | "$MNK" analyze --json - >"$tmp/out" 2>&1
if python3 -c '
import json, sys
lines = open(sys.argv[1], "rb").read().decode("utf-8").splitlines()
j = [json.loads(l) for l in lines]
assert len(j) == 5, len(j)
assert j[0]["position"] == "été", j[0]
assert j[1]["position"] == "x\x01\x1b[0m\"\\", j[1]
assert j[2]["position"] == "\ufffd" * 3, j[2]
assert j[3]["position"] == "\ufffd" * 3, j[3]   # a surrogate is not UTF-8
assert j[4]["position"] == "\U0001F600", j[4]
' "$tmp/out"; then ok; else bad "JSON strings: $(cat "$tmp/out")"; fi
head -c 30000 /dev/urandom >"$tmp/random"
"$MNK" best --json - <"$tmp/random" >"$tmp/out" 2>&1
if node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(l => l);
for (const l of lines) JSON.parse(l);
if (Buffer.from(lines.join("\n"), "utf8").toString("utf8").includes("\ufffd") &&
    !require("fs").readFileSync(process.argv[1]).toString("latin1").includes("\\ufffd")) process.exit(1);
' "$tmp/out"; then ok; else bad "random bytes: JSON.parse fails"; fi
no_controls "random bytes: JSON output has no raw control bytes" "$tmp/out"

# --- item 11: the benchmark file parser ------------------------------------------
# bad_set NAME REGEX LINES...: a set of these lines (after a rules line) is
# refused with the file name, the line number and why.
bad_set() {
    local name=$1 regex=$2
    shift 2
    { echo "# a set"; echo "rules 3,3,3"; printf '%s\n' "$@"; } >"$tmp/set.txt"
    run "$MNK" bench "$tmp/set.txt"
    expect_rc "bench set: $name" 1
    expect_match "bench set: $name: message" "$err" "^mnk: $tmp/set.txt:3: $regex"
}
bad_set "junk after the plies" "invalid plies '1x'" "x.o/x.x/oo. win 1x"
bad_set "a fourth word" "expected '# comment', 'rules M,N,K' or 'POSITION win\|draw\|loss PLIES'" "x.o/x.x/oo. win 1 2"
bad_set "negative plies" "invalid plies '-1'" "x.o/x.x/oo. win -1"
bad_set "plies too large" "invalid plies '99999999999'" "x.o/x.x/oo. win 99999999999"
bad_set "a win in 0" "invalid plies '0'" "x.o/x.x/oo. win 0"
bad_set "unknown result" "invalid result 'won'" "x.o/x.x/oo. won 1"
bad_set "missing plies" "expected" "x.o/x.x/oo. win"
bad_set "rules with junk" "expected" "rules 3,3,3 x"
bad_set "bad rules" "invalid rules '3,3,9'" "rules 3,3,9"
bad_set "bad position" "invalid position 'x.q/x.x/oo.'" "x.q/x.x/oo. win 1"
{ echo "rules 3,3,3"; printf 'x.o/x.x/oo. win 1\000\n'; } >"$tmp/set.txt"
run "$MNK" bench "$tmp/set.txt"
expect_match "bench set: a NUL byte" "$err" "^mnk: $tmp/set.txt:2: a NUL byte inside the line"
{ echo "rules 3,3,3"; head -c 5000 /dev/zero | tr '\0' x; echo " win 1"; } >"$tmp/set.txt"
run "$MNK" bench "$tmp/set.txt"
expect_match "bench set: a long line is not split" "$err" "^mnk: $tmp/set.txt:2: longer than 4096 bytes"
echo "x.o/x.x/oo. win 1" >"$tmp/set.txt"
run "$MNK" bench "$tmp/set.txt"
expect_match "bench set: no rules line" "$err" "^mnk: $tmp/set.txt:1: a 'rules M,N,K' line must come before"
run "$MNK" bench "$tmp"
expect_match "bench set: a directory" "$err" "^mnk: $tmp:1: cannot read: Is a directory"
printf 'rules 3,3,3\r\n# CRLF\r\nx.o/x.x/oo.\twin 1\r\n' >"$tmp/set.txt"
run "$MNK" bench "$tmp/set.txt"
expect_rc "bench set: CRLF and tabs are fine" 0

# --- item 1: tree limits -------------------------------------------------------------
# A 20x20 tree one ply deep has 400 nodes, each a search that never ends
# without a limit: --time bounds the whole tree, which is cut and closed.
timeout 120 "$MNK" tree --rules 20,20,5 --moves a1 --depth 1 --time 1 >"$tmp/out" 2>"$tmp/err"
rc=$? err=$(cat "$tmp/err")
expect_rc "tree --time on 20x20" 1
expect_match "tree --time: says it was cut" "$err" "^mnk: tree cut after [0-9]+ of 400 nodes: the time \\(--time 1 s\\) ran out"
if [ "$(tail -1 "$tmp/out")" = "}" ] && head -1 "$tmp/out" | grep -q "^digraph"; then ok; else bad "tree --time: DOT not closed"; fi
# Without --time the whole tree has 10 s, the default of best and analyze:
# it ends (it used to run for ever), whole or cut (whether the last node
# starts before the time is up depends on the machine), and a cut names
# the default.
timeout 120 "$MNK" tree --rules 20,20,5 --moves a1 --depth 1 >"$tmp/out" 2>"$tmp/err"
rc=$? err=$(cat "$tmp/err")
if [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && printf '%s' "$err" | grep -Eq "^mnk: tree cut after [0-9]+ of 400 nodes: the time \(--time 10 s\) ran out"; }; then ok; else
    bad "tree on 20x20, no limits given: exit $rc (124: it did not end), stderr [$err]"; fi
if [ "$(tail -1 "$tmp/out")" = "}" ]; then ok; else bad "tree, no limits given: DOT not closed"; fi
timeout 300 "$MNK" tree --rules 20,20,5 --moves a1 --depth 1 --nodes 2000 --time 10000 >"$tmp/out" 2>"$tmp/err"
rc=$? err=$(cat "$tmp/err")
expect_rc "tree --nodes on 20x20" 0
nodes=$(grep -c 'label=".*\\n' "$tmp/out")
if [ "$nodes" -eq 400 ]; then ok; else bad "tree --nodes: 400 nodes expected, got $nodes"; fi
expect_match "tree --nodes: estimates" "$(cat "$tmp/out")" "not proven"
run "$MNK" tree .........
expect_rc "tree too large" 1
expect_match "tree too large: its size and the depth that fits" "$err" "has 549946 nodes, more than the 5000 a drawing can show; --depth 4 draws 3610 of them"
run "$MNK" tree --rules 20,20,5 --moves a1 --depth 3
expect_match "tree far too large" "$err" "to that depth has more than 1000000 nodes.*--depth 1 draws 400 of them"
run "$MNK" tree x.o/x.x/oo. --time 100 --nodes 100000
expect_rc "tree accepts --time and --nodes" 0
# Ctrl-C stops the tree and closes the DOT (exit 130). The output file is
# emptied first, so that the wait below sees mnk's own output: left over
# from the run before, it let the signal reach the background job's shell
# before it had become mnk, and that shell's EXIT trap removed $tmp.
: >"$tmp/out"
"$MNK" tree --rules 20,20,5 --moves a1 --depth 1 --time 10000 >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do [ -s "$tmp/out" ] && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"
rc=$?
expect_rc "tree stopped by Ctrl-C" 130
if [ "$(tail -1 "$tmp/out")" = "}" ]; then ok; else bad "tree after Ctrl-C: DOT not closed"; fi

# --- item 3: bench --time and --nodes ------------------------------------------------
sets=(bench/sets/333-ply1-4-far.txt bench/sets/444-ply6-9-far.txt)
run "$MNK" bench "${sets[@]}"
expect_rc "bench without limits" 0
all_nodes=$(printf '%s\n' "$out" | awk '$1 == "total" { print $7 }')
if [ -n "$all_nodes" ] && [ "$all_nodes" -gt 2000 ]; then ok; else bad "bench: total nodes [$all_nodes]"; fi
run "$MNK" bench --nodes 2000 "${sets[@]}"
expect_rc "bench --nodes" 0
expect_match "bench --nodes: says it stopped" "$out" "^# stopped by the limit \\(--time, --nodes\\) after [0-9]+ positions"
expect_match "bench --nodes: message" "$err" "^mnk: bench stopped by --time or --nodes after [0-9]+ positions"
cut_nodes=$(printf '%s\n' "$out" | awk '$1 == "total" { print $7 }')
if [ -n "$cut_nodes" ] && [ "$cut_nodes" -le 2000 ] && [ "$cut_nodes" -lt "$all_nodes" ]; then ok; else bad "bench --nodes 2000: total nodes [$cut_nodes]"; fi
# A set of positions too hard to finish: --time cuts it short.
# (7,7,5 was such a set until the solver proved it in under a second.)
{ echo "rules 8,8,5"; for _ in 1 2 3; do echo "......../......../......../......../......../......../......../........ win 99"; done; } >"$tmp/hard.txt"
timeout 120 "$MNK" bench --time 1 "$tmp/hard.txt" >"$tmp/out" 2>"$tmp/err"
rc=$? out=$(cat "$tmp/out")
expect_rc "bench --time on a set too hard" 0
expect_match "bench --time: stopped after 0 positions" "$out" "^# stopped by the limit .* after 0 positions"
# Ctrl-C stops it too, with the figures so far and exit 130. The header
# is written before the first position, so output means mnk is running.
: >"$tmp/out"
"$MNK" bench --time 10000 "$tmp/hard.txt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do [ -s "$tmp/out" ] && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"
rc=$? out=$(cat "$tmp/out") err=$(cat "$tmp/err")
expect_rc "bench stopped by Ctrl-C" 130
expect_match "bench after Ctrl-C: the figures so far" "$out" "^# stopped by Ctrl-C after 0 positions"
expect_match "bench after Ctrl-C: message" "$err" "^mnk: bench stopped by Ctrl-C after 0 positions$"

# --- item 2: memory touched by count (and every search) -------------------------------
# peak_mib NAME ARGS...: the command's peak resident memory in MiB; a run
# that fails (a table refused, say) fails the check instead.
peak_mib() {
    local name=$1
    shift
    /usr/bin/time -f "%M" -o "$tmp/rss" "$MNK" "$@" >/dev/null 2>"$tmp/err" </dev/null
    rc=$? err=$(cat "$tmp/err")
    expect_rc "$name: runs" 0
    rss=$(($(tail -1 "$tmp/rss") / 1024))
}
# A table far larger than the work (8 GiB, or half the memory of a smaller
# machine, which is still far more than the 256 MiB allowed). Not with mnk
# under the sanitizers or valgrind (MNK_INSTRUMENTED set: make
# test-cli-sanitize, make test-valgrind): their memory is not the program's.
big=$(awk '$1 == "MemTotal:" { m = int($2 / 2048); print (m < 8192 ? m : 8192) }' /proc/meminfo)
if [ -z "${MNK_INSTRUMENTED:-}" ]; then
    peak_mib "count --table $big --nodes 1" count --table "$big" --nodes 1
    if [ "$rss" -lt 256 ]; then ok; else bad "count --table $big --nodes 1 touched $rss MiB"; fi
    peak_mib "count --table $big on 7,7,5" count --table "$big" --rules 7,7,5 --nodes 100000
    if [ "$rss" -lt 256 ]; then ok; else bad "count --table $big on 7,7,5 touched $rss MiB"; fi
    # Hundreds of cold searches (the table's generation counter wraps) do not
    # wipe the whole table.
    peak_mib "bench --table $big" bench --table "$big" bench/sets/333-ply1-4-near.txt bench/sets/444-ply2-5-far.txt bench/sets/444-ply6-9-far.txt
    if [ "$rss" -lt 256 ]; then ok; else bad "bench --table $big touched $rss MiB"; fi
fi
run "$MNK" count --json --table "$big"
json "count with restarts keeps its figures" 'j.nodes === 549946 && j.positions === 5478 && j.positions_symmetric === 765 && j.complete'
run "$MNK" count --table 1048576
expect_rc "a table larger than the memory" 2
expect_match "a table larger than the memory: message" "$err" "^mnk count: invalid --table '1048576': more than this machine's memory \\([0-9]+ MiB\\)"

finish "hardening"
