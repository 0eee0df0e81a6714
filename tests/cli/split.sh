#!/usr/bin/env bash
# tests/cli/split.sh - a proof split across machines, as a user runs it:
# `mnk solve --split D` writes jobs, `mnk solve -` answers them (here two
# xargs workers stand in for the machines), `mnk merge` puts the root's
# value together. The merged value must be exactly what `mnk solve` proves
# for the root, weak and strong, at every depth tried; unknown results must
# never give a value, and every broken set must be refused.
# Usage: tests/cli/split.sh [path/to/mnk]
set -u

MNK=${1:-build/mnk}
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/expect.sh"

# jobs SPLITFILE [SOLVE OPTIONS...]: the split's jobs answered by two
# workers of 50 lines each (their output lines interleave, as results
# gathered from machines do).
jobs() {
    local split=$1
    shift
    grep -v '^#' "$split" | xargs -d '\n' -r -n 50 -P 2 sh -c \
        'mnk=$1; shift; n=$1; shift; printf "%s\n" "$@" | "$mnk" solve --table 4 $n -' sh "$MNK" "$*"
}

# same_as_solve NAME MODE RULES ROOT DEPTH: split, run, merge, and compare
# the merged result line's mode, result and plies with mnk solve's.
same_as_solve() {
    local name=$1 mode=$2 rules=$3 root=$4 depth=$5 weak=""
    [ "$mode" = weak ] && weak=--weak
    "$MNK" solve --rules "$rules" "$root" --split "$depth" >"$tmp/split" || { bad "$name: split failed"; return; }
    jobs "$tmp/split" $weak >"$tmp/results"
    run "$MNK" merge "$tmp/split" "$tmp/results"
    expect_rc "$name: merge" 0
    local merged want
    merged=$(printf '%s\n' "$out" | head -1 | cut -d' ' -f1-5)
    want=$(printf '%s %s\n' "$rules" "$root" | "$MNK" solve $weak - | cut -d' ' -f1-5)
    if [ "$merged" = "$want" ]; then ok; else
        bad "$name: merged [$merged], mnk solve says [$want] ($(grep -vc '^#' "$tmp/split") jobs)"
    fi
}

# --- the merged value is mnk solve's --------------------------------------
EMPTY333=.../.../...
EMPTY443=..../..../..../....
EMPTY544=...../...../...../.....
for mode in weak strong; do
    for depth in 1 2 3; do
        same_as_solve "3,3,3 $mode depth $depth" $mode 3,3,3 $EMPTY333 $depth
        same_as_solve "4,4,3 $mode depth $depth" $mode 4,4,3 $EMPTY443 $depth
        # O to move in a lost position: losses in plies come up the tree.
        same_as_solve "4,4,3 after b2 $mode depth $depth" $mode 4,4,3 ..../.x../..../.... $depth
        same_as_solve "6,5,4 O lost $mode depth $depth" $mode 6,5,4 ..o.../x...xo/...oxo/.ox..x/.....x $depth
    done
    for depth in 1 2; do
        same_as_solve "5,4,4 $mode depth $depth" $mode 5,4,4 $EMPTY544 $depth
    done
    same_as_solve "6,5,4 X wins $mode depth 1" $mode 6,5,4 xx..../....xo/.....x/o...../oo.x.o 1
done
same_as_solve "depth 0: the root is the job" strong 4,4,3 $EMPTY443 0
same_as_solve "exact rule" strong 7,1,3,exact ox..x.o 2

# --- the split file ----------------------------------------------------------
run "$MNK" solve --split 2
expect_rc "split of 3,3,3" 0
expect_match "a header with rules, root, depth and jobs" "$(printf '%s\n' "$out" | head -1)" \
    '^# mnk split rules=3,3,3 root=\.\.\./\.\.\./\.\.\. depth=2 jobs=12$'
# The 12 positions after two plies, up to symmetry: each once.
[ "$(printf '%s\n' "$out" | grep -v '^#' | sort -u | wc -l)" -eq 12 ] && ok || bad "12 different jobs: $out"
[ "$(printf '%s\n' "$out" | grep -vc '^#')" -eq 12 ] && ok || bad "3,3,3 depth 2 has 12 jobs: $out"
printf '%s\n' "$out" | grep -v '^#' | grep -Eqv '^3,3,3 [xo.]{3}/[xo.]{3}/[xo.]{3}$' \
    && bad "job lines are RULES POSITION: $out" || ok
# Symmetric roots split into the same jobs.
"$MNK" solve --rules 5,4,4 --moves a1 --split 2 | grep -v '^#' | sort >"$tmp/a"
"$MNK" solve --rules 5,4,4 --moves e4 --split 2 | grep -v '^#' | sort >"$tmp/b"
if cmp -s "$tmp/a" "$tmp/b" && [ -s "$tmp/a" ]; then ok; else bad "a1 and e4 (a half turn) split alike"; fi
# A finished root, and positions the leaf rules decide, make no jobs.
run "$MNK" solve --split 2 xxx/oo./...
expect_out "a finished root has no jobs" "# mnk split rules=3,3,3 root=xxx/oo./... depth=2 jobs=0"
run "$MNK" solve --split 3 xx./oo./...
expect_out "a win on the spot is no job" "# mnk split rules=3,3,3 root=xx./oo./... depth=3 jobs=0"
printf '' >"$tmp/none"
run "$MNK" merge <("$MNK" solve --split 3 xx./oo./...) "$tmp/none"
expect_out "merged without jobs" "3,3,3 xx./oo./... strong win 1 0 0.000
# win in 1 for X, merged from 0 jobs of /dev/fd/63 (depth 3): 0 proven, 0 unknown; 1 positions decided without a job"

# --- mnk solve - ------------------------------------------------------------
printf '# a comment\n\n3,3,3 x.o/x.x/oo.\nxx./oo./...\n4,4,4 ....\nbad\n' >"$tmp/in"
"$MNK" solve --rules 3,3,3 - <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
rc=$?
out=$(cat "$tmp/out")
expect_rc "solve - ends well" 0
expect_match "a job line with its rules" "$(sed -n 1p "$tmp/out")" '^3,3,3 x\.o/x\.x/oo\. strong win 1 [0-9]+ [0-9.]+$'
expect_match "a position alone, under --rules" "$(sed -n 2p "$tmp/out")" '^3,3,3 xx\./oo\./\.\.\. strong win 1 '
expect_match "a bad position: an error line" "$(sed -n 3p "$tmp/out")" "^error: invalid position '4,4,4 ....'|^error: invalid position '\.\.\.\.'"
expect_match "a bad line: an error line" "$(sed -n 4p "$tmp/out")" "^error: invalid position 'bad'"
[ "$(wc -l <"$tmp/out")" -eq 4 ] && ok || bad "comments and blank lines get no answer: $out"
run "$MNK" solve --weak --rules 6,5,4 --nodes 50 -
printf '6,5,4 ....../....../....../....../......\n' | "$MNK" solve --weak --nodes 50 - >"$tmp/out"
expect_match "a job stopped by --nodes is unknown" "$(cat "$tmp/out")" '^6,5,4 \S+ weak unknown - [0-9]+ '
printf '3,3,3 .../.../...\n' | "$MNK" solve --json - >"$tmp/out"
out=$(cat "$tmp/out")
json "solve - --json: the object of solve --json, with its mode" \
    'j.rules === "3,3,3" && j.mode === "strong" && j.result === "draw" && j.plies === 9'
printf '3,3,3 .../.../...\n' | "$MNK" solve --weak --json - >"$tmp/out"
out=$(cat "$tmp/out")
json "weak mode in JSON" 'j.mode === "weak" && j.result === "draw"'
printf '3,3,3 x.o/x.x/oo.\n' | "$MNK" solve - >"$tmp/a"
printf '3,3,3 .../.../...\n3,3,3 x.o/x.x/oo.\n' | "$MNK" solve - | tail -1 >"$tmp/b"
if [ "$(cut -d' ' -f1-6 "$tmp/a")" = "$(cut -d' ' -f1-6 "$tmp/b")" ]; then ok; else
    bad "each job from a cleared table: the same nodes after another job ($(cat "$tmp/a") / $(cat "$tmp/b"))"
fi

# --- unknown results ----------------------------------------------------------
# 4,4,3 is a win for X: at depth 1 one winning reply's result is enough,
# whatever the other jobs say.
"$MNK" solve --rules 4,4,3 --split 1 >"$tmp/split"
jobs "$tmp/split" --weak >"$tmp/results"
# Keep one job O loses; make every other unknown.
awk '$4 == "loss" && !kept { kept = 1; print; next } { $4 = "unknown"; $5 = "-"; print }' \
    "$tmp/results" >"$tmp/unknown"
run "$MNK" merge "$tmp/split" "$tmp/unknown"
expect_match "one lost reply makes the maker's node a win" "$(printf '%s\n' "$out" | head -1)" '^4,4,3 \S+ weak win - '
# Without it the root is not proven, and the merge says which jobs matter.
awk '{ $4 = "unknown"; $5 = "-"; print }' "$tmp/results" >"$tmp/unknown"
run "$MNK" merge "$tmp/split" "$tmp/unknown"
expect_rc "all unknown: still merged" 0
expect_match "all unknown: unknown, not a value" "$(printf '%s\n' "$out" | head -1)" '^4,4,3 \S+ weak unknown - '
expect_match "all unknown: the open jobs listed" "$out" "# 3 unknown jobs could still decide it"
[ "$(printf '%s\n' "$out" | grep -c '^# open 4,4,3 ')" -eq 3 ] && ok || bad "3 open jobs listed: $out"
# The breaker's side: a draw needs every move; one drawn reply of O only
# bounds X from above.
"$MNK" solve --split 2 >"$tmp/split"
jobs "$tmp/split" >"$tmp/results"
awk 'NR % 2 == 0 { $4 = "unknown"; $5 = "-" } { print }' "$tmp/results" >"$tmp/unknown"
run "$MNK" merge "$tmp/split" "$tmp/unknown"
expect_match "half unknown: 3,3,3 not proven" "$(printf '%s\n' "$out" | head -1)" '^3,3,3 \S+ strong unknown - '
expect_match "half unknown: bounds in words" "$out" '^# unknown \(from .* to .*\) for X'
# Run again with no limit: the new lines and the unknown ones merge.
run "$MNK" merge "$tmp/split" "$tmp/unknown" "$tmp/results"
expect_match "an unknown line and a proven one agree" "$(printf '%s\n' "$out" | head -1)" '^3,3,3 \S+ strong draw 9 '
# Jobs cut short by --nodes: whatever is proven is mnk solve's value.
"$MNK" solve --rules 5,4,4 --split 2 >"$tmp/split"
for nodes in 30 300 3000; do
    jobs "$tmp/split" --nodes $nodes >"$tmp/results"
    run "$MNK" merge "$tmp/split" "$tmp/results"
    line=$(printf '%s\n' "$out" | head -1)
    case "$line" in
    *" unknown - "* | *" not-win - "* | *" not-loss - "*)
        expect_match "--nodes $nodes: open jobs listed" "$out" '^# open 5,4,4 ' ;;
    *) expect_match "--nodes $nodes: proven means right" "$line" '^5,4,4 \S+ strong draw 20 ' ;;
    esac
done
# Weak and strong lines of the same split merge (weak where any is weak).
"$MNK" solve --rules 4,4,3 --split 2 >"$tmp/split"
jobs "$tmp/split" --weak >"$tmp/weak"
jobs "$tmp/split" >"$tmp/strong"
run "$MNK" merge "$tmp/split" "$tmp/weak" "$tmp/strong"
expect_match "weak and strong together" "$(printf '%s\n' "$out" | head -1)" '^4,4,3 \S+ weak win - '

# --- one question a job (--ask) -------------------------------------------------
# Each job asked only whether the side to move wins, and only whether it
# loses: the answers agree with the full weak value (win: win, and not-loss
# or win; loss: not-win or loss, and loss; draw: not-win or draw, and
# not-loss or draw; a value found on the way may be given whole).
for case in "4,4,3 $EMPTY443 1" "5,4,4 $EMPTY544 2" "6,5,4 ..o.../x...xo/...oxo/.ox..x/.....x 2"; do
    set -- $case
    "$MNK" solve --rules "$1" "$2" --split "$3" >"$tmp/split"
    jobs "$tmp/split" --weak >"$tmp/full"
    jobs "$tmp/split" --weak --ask win >"$tmp/win"
    jobs "$tmp/split" --weak --ask loss >"$tmp/loss"
    wrong=$(awk 'FILENAME ~ /full$/ { full[$2] = $4; next }
                 FILENAME ~ /win$/ { win[$2] = $4; next }
                 { loss[$2] = $4 }
                 END { for (p in full) {
                         w = full[p] == "win" ? "win" : "not-win"
                         l = full[p] == "loss" ? "loss" : "not-loss"
                         if ((win[p] != w && win[p] != full[p]) || (loss[p] != l && loss[p] != full[p]))
                             print p, full[p], win[p], loss[p] } }' \
        "$tmp/full" "$tmp/win" "$tmp/loss")
    n=$(grep -vc '^#' "$tmp/split")
    if [ -z "$wrong" ] && [ "$(wc -l <"$tmp/win")" -eq "$n" ] && [ "$(wc -l <"$tmp/loss")" -eq "$n" ]; then ok; else
        bad "$1 depth $3: --ask answers that disagree with the full value: $wrong"
    fi
    # Both questions of every job merge to the full value.
    run "$MNK" merge "$tmp/split" "$tmp/win" "$tmp/loss"
    want=$(printf '%s %s\n' "$1" "$2" | "$MNK" solve --weak - | cut -d' ' -f1-5)
    [ "$(printf '%s\n' "$out" | head -1 | cut -d' ' -f1-5)" = "$want" ] && ok ||
        bad "$1 depth $3: the two questions merged: $out, mnk solve says $want"
done
# A draw proven with one question a job where one suffices: at depth 1 (O
# to move) "does O lose?" for every X move bounds X from above, and one
# "does O win?" where it holds bounds X from below.
"$MNK" solve --rules 5,4,4 --split 1 >"$tmp/split"
jobs "$tmp/split" --weak --ask loss >"$tmp/loss"
run "$MNK" merge "$tmp/split" "$tmp/loss"
expect_match "no loss for O anywhere: not a win for X" "$(printf '%s\n' "$out" | head -1)" '^5,4,4 \S+ weak not-win - '
expect_match "not-win in words" "$out" '# unknown \(from loss in [0-9]+ to draw\) for X'
grep -v '^#' "$tmp/split" | head -1 | "$MNK" solve --weak --ask win - >"$tmp/win"
run "$MNK" merge "$tmp/split" "$tmp/loss" "$tmp/win"
expect_match "and one move O does not win after: a draw" "$(printf '%s\n' "$out" | head -1)" '^5,4,4 \S+ weak draw 20 '
expect_match "bounded jobs counted apart" "$out" '^# draw for X, merged from 6 jobs .*: 1 proven, 5 bounded \(not-win or not-loss\), 0 unknown;'
# A no and a yes for one job cannot both hold.
sed 's/ not-loss / loss /' "$tmp/loss" | head -1 >"$tmp/r"
refused() { # NAME REGEX -- MERGE ARGS...
    local name=$1 regex=$2
    shift 3
    run "$MNK" merge "$@"
    expect_rc "$name" 1
    expect_match "$name: message" "$err" "$regex"
    [ -z "$out" ] && ok || bad "$name: a refused merge prints no value: $out"
}
refused "not-loss and loss of one job" "two results of job [0-9]+ .* disagree" -- "$tmp/split" "$tmp/loss" "$tmp/r"
sed '1s/ not-loss - / not-loss 4 /' "$tmp/loss" >"$tmp/r"
refused "not-loss with plies" "cannot be the value of a position" -- "$tmp/split" "$tmp/r"
# The question as a user asks it.
run "$MNK" solve --weak --ask win --rules 4,4,3
expect_match "--ask win where X wins" "$out" '^\.\.\.\./\.\.\.\./\.\.\.\./\.\.\.\.: win for X'
run "$MNK" solve --weak --ask win --rules 5,4,4
expect_match "--ask win on a draw: not a win" "$out" 'not a win \(the one question asked\) for X'
run "$MNK" solve --weak --ask loss --json --rules 5,4,4
json "--ask loss in JSON" 'j.result === "not-loss" && j.proven === false && j.mode === "weak"'
check_bad "--ask without --weak" 2 "give --weak too" -- solve --ask win
check_bad "--ask with a bad word" 2 "invalid --ask 'draw': expected win or loss" -- solve --weak --ask draw
check_bad "--ask on another command" 2 "does not apply to best" -- best --ask win
check_bad "--split with --ask" 2 "and --ask" -- solve --split 1 --weak --ask win

# --- refusals -----------------------------------------------------------------
"$MNK" solve --rules 4,4,3 --split 2 >"$tmp/split"
jobs "$tmp/split" >"$tmp/results"
sed '5d;9d' "$tmp/results" >"$tmp/r"
refused "two jobs without results" "2 of 33 jobs of .* have no result line" -- "$tmp/split" "$tmp/r"
expect_match "the missing jobs are named" "$err" "line [0-9]+: 4,4,3 "
printf '4,4,3 xo../x.../..../.... strong loss 4 10 0.001\n' | cat "$tmp/results" - >"$tmp/r"
refused "a position 3 plies deep" "xo\.\./x\.\.\./\.\.\.\./\.\.\.\. is not a job of the split" -- "$tmp/split" "$tmp/r"
printf '4,4,3 xo../..../..../.... strong loss 6 10 0.001\n' | cat "$tmp/results" - >"$tmp/r"
refused "two results that disagree" "two results of job [0-9]+ \(xo\.\./.*\) disagree: .* line 1 says win in 5, .* line 34 says loss in 6" \
    -- "$tmp/split" "$tmp/r"
sed '1s/^4,4,3 /4,4,3,exact /' "$tmp/results" >"$tmp/r"
refused "other rules" "rules 4,4,3,exact, but the split is of 4,4,3" -- "$tmp/split" "$tmp/r"
printf 'error: invalid position\n' | cat "$tmp/results" - >"$tmp/r"
refused "an error line" "a job failed: error: invalid position" -- "$tmp/split" "$tmp/r"
printf '{"position":"xo../..../..../...."}\n' | cat "$tmp/results" - >"$tmp/r"
refused "JSON is not read" "not a result line of mnk solve -" -- "$tmp/split" "$tmp/r"
sed '1s/ strong loss 4 / strong loss 3 /;1s/ strong win 5 / strong win 4 /' "$tmp/results" >"$tmp/r"
refused "a value no position has" "cannot be the value of a position" -- "$tmp/split" "$tmp/r"
# Words of a result line are quoted in messages: no control byte reaches
# the terminal (an escape sequence could rewrite it).
for field in 3 4 5 6 7; do
    awk -v f=$field 'NR == 1 { $f = $f "\033[2J" } { print }' "$tmp/results" >"$tmp/r"
    refused "a control byte in field $field" "line 1: .*\\\\x1b\\[2J" -- "$tmp/split" "$tmp/r"
    case "$err" in *$'\033'*) bad "field $field: a raw escape in the message: $err" ;; *) ok ;; esac
done
sed '3d' "$tmp/split" >"$tmp/s"
refused "a split file with a job taken out" "is not job 2 of the split" -- "$tmp/s" "$tmp/results"
sed '$d' "$tmp/split" >"$tmp/s"
refused "a split file cut short" "has 32 jobs and says 33" -- "$tmp/s" "$tmp/results"
sed '1s/depth=2/depth=3/' "$tmp/split" >"$tmp/s"
refused "a header that does not match the jobs" "the header .*depth=3 jobs=33.* is not the one .*jobs=219" -- "$tmp/s" "$tmp/results"
# The header is the one the split makes, to the letter: numbers with junk
# after them, or the root in another notation, are another file's.
sed '1s/depth=2/depth=2x/' "$tmp/split" >"$tmp/s"
refused "junk after the depth" "line 1: the header .* is not the one mnk solve --split writes" -- "$tmp/s" "$tmp/results"
sed '1s/jobs=33/jobs=33.5/' "$tmp/split" >"$tmp/s"
refused "junk after the job count" "line 1: the header .* is not the one" -- "$tmp/s" "$tmp/results"
sed '1s/rules=4,4,3/rules=4,4,3,freestyle/' "$tmp/split" >"$tmp/s"
refused "the rules spelt otherwise" "line 1: the header .* is not the one" -- "$tmp/s" "$tmp/results"
refused "results as the split file" "is not a split file" -- "$tmp/results" "$tmp/results"
refused "no such file" "cannot open" -- "$tmp/split" "$tmp/nothing"
check_bad "merge without files" 2 "no split file and no result files" -- merge
check_bad "merge without results" 2 "no result files after the split file" -- merge "$tmp/split"
check_bad "--split of -" 2 "not of '-'" -- solve --split 2 -
check_bad "--split with --time" 2 "give --json, --time, --nodes, --algorithm and --ask" -- solve --split 2 --time 5
check_bad "--split depth out of range" 2 "invalid --split" -- solve --split 401
check_bad "--split on another command" 2 "does not apply to best" -- best --split 2
check_bad "too large a split" 1 "choose a smaller depth" -- solve --rules 8,8,5 --split 5

finish split
