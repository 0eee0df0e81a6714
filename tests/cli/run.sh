#!/usr/bin/env bash
# End-to-end tests of the `mnk` command as a user runs it: outputs, JSON,
# batch mode through pipes, exit codes and messages for every kind of bad
# input. Usage: tests/cli/run.sh [path/to/mnk]
set -u

MNK=${1:-build/mnk}
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/expect.sh"

# --- best: the tutorials' positions -------------------------------------
run "$MNK" best x.o/x.x/oo.
expect_out "X wins at b2 at once (seed 000)" b2
run "$MNK" best XO.XX.OO.          # the 9-character form, upper case
expect_rc "9-character form" 0
run "$MNK" best ox./.o./x.x
expect_out "O blocks at b3 (seed 004)" b3
run "$MNK" best .x./..x/oox
expect_out "a lost O still blocks (seed 002)" c1
# A single threat is blocked under any node limit (found by fuzz_solve:
# with 16 cells or fewer left a stopped search played the first empty
# cell, a1 here, or a random one with --seed).
for limit in 1 5; do
    run "$MNK" best --moves a3,b2,b3 --nodes $limit
    expect_out "--nodes $limit: O blocks at c3" c3
    run "$MNK" best --moves a3,b2,b3 --nodes $limit --seed 5
    expect_out "--nodes $limit --seed 5: O blocks at c3" c3
done
run "$MNK" best --rules 6,2,3,exact --moves a1,a2,c1 --nodes 32 --seed 93
expect_out "exact rule, --nodes 32 --seed 93: O blocks at b1" b1
run "$MNK" analyze --json x../.o./..x
json "corner, centre, opposite corner: O's best moves are edges (seed 001)" \
    'j.moves.every(m => ["b1","a2","c2","b3"].includes(m.move) === (m.result === "draw")) && ["b1","a2","c2","b3"].includes(j.best)'
json "the corners lose for O" 'j.moves.filter(m => m.result === "loss").map(m => m.move).sort().join() === "a3,c1"'
run "$MNK" best
expect_out "empty board, deterministic: first of the equal moves" a1
run "$MNK" best --moves b2,a1,c3
expect_rc "--moves" 0
run "$MNK" best --moves 5,1,9
out2=$out
run "$MNK" best --moves b2,a1,c3
expect_out "cell numbers and coordinates name the same cells" "$out2"
run "$MNK" best ... --rules 3,1,3
expect_rc "3,1,3: one row" 0

# Random choice among equals: always an equal move, not always the same.
seen=""
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    run "$MNK" best --seed "$seed"
    seen="$seen $out"
done
distinct=$(printf '%s\n' $seen | sort -u | wc -l)
if [ "$distinct" -gt 1 ]; then ok; else bad "--seed never varies the move: $seen"; fi
run "$MNK" best --seed 7; a=$out
run "$MNK" best --seed 7
expect_out "the same seed gives the same move" "$a"
run "$MNK" best --seed 3 x.o/x.x/oo.
expect_out "a seed never picks a worse move" b2

# --- analyze ---------------------------------------------------------------
run "$MNK" analyze x.o/x.x/oo.
expect_match "analyze shows the board" "$out" "1 x \. o"
expect_match "analyze lists b2 as a win in 1" "$out" "b2 +win in 1"
expect_match "analyze lists c3 as a loss in 2" "$out" "c3 +loss in 2"
expect_match "analyze names the best move" "$out" "best: b2"
run "$MNK" analyze --json
json "empty board: 9 moves, all draws in 9" 'j.moves.length === 9 && j.moves.every(m => m.result === "draw" && m.plies === 9) && j.to_move === "x"'
json "cell numbers are 1-based" 'j.moves.map(m => m.cell).join() === "1,2,3,4,5,6,7,8,9"'
run "$MNK" analyze --json x.o/x.x/oo.
json "JSON of the seed position" 'j.best === "b2" && j.moves.find(m => m.move === "b2").result === "win" && j.moves.find(m => m.move === "b2").plies === 1 && j.position === "x.o/x.x/oo."'
run "$MNK" analyze --json xxx/oo./...
json "a finished position: no moves, the winner" 'j.moves.length === 0 && j.winner === "x" && j.best === null'
run "$MNK" analyze xox/oxx/oxo --json
json "a finished draw" 'j.moves.length === 0 && j.winner === null' 
run "$MNK" analyze xxx/oo./...
expect_match "analyze of a won position names the line" "$out" "X won with a1 b1 c1"
run "$MNK" analyze --rules 4,4,3 --json
json "4,4,3 is a win for X" 'j.result === "win" && j.proven'

# --- count -----------------------------------------------------------------
run "$MNK" count --json
json "public counts of tic-tac-toe" 'j.nodes === 549946 && j.games === 255168 && j.x_wins === 131184 && j.o_wins === 77904 && j.draws === 46080 && j.positions === 5478 && j.positions_symmetric === 765'
json "nodes per ply" 'j.nodes_per_ply.join() === "1,9,72,504,3024,15120,54720,148176,200448,127872"'
run "$MNK" count
expect_match "count in text" "$out" "^position +\.\.\./\.\.\./\.\.\."
expect_match "count in text: nodes" "$out" "nodes +549946"
run "$MNK" count x.o/x.x/oo. --json
json "count below a position" 'j.nodes === 1 + 3 + 2*2 + 0 || j.nodes > 1'
run "$MNK" count --rules 4,4,4 --nodes 100000 --json
json "count with a node limit is marked incomplete" 'j.complete === false && j.nodes >= 100000'

# --- solve -----------------------------------------------------------------
run "$MNK" solve --json
json "tic-tac-toe is a draw in 9" 'j.result === "draw" && j.plies === 9 && j.proven && j.complete'
run "$MNK" solve --algorithm minimax --json
json "textbook minimax visits 549,946 nodes" 'j.nodes === 549946 && j.result === "draw"'
run "$MNK" solve --rules 4,4,4 --json
json "4,4,4 is a draw" 'j.result === "draw" && j.proven'
run "$MNK" solve --rules 4,4,3 --json
json "4,4,3 is a win" 'j.result === "win" && j.proven && j.plies > 0'
run "$MNK" solve --rules 7,7,5 --nodes 20000 --json
json "a node limit stops the search, unproven" 'j.complete === false && j.proven === false && j.best !== null'
run "$MNK" solve --rules 20,20,5 --nodes 1 --moves j10,i10,k10,a1,l10,a2,m10,a3 --json
json "20x20 with a limit still takes a win in one" 'j.best === "n10" && j.result === "win" && j.plies === 1'
run "$MNK" solve --rules 20,20,5 --nodes 1 --moves a1,j10,a2,k10,i10,l10,t20,m10 --json
json "20x20 with a limit still blocks a single threat" 'j.best === "n10"'
# k >= 9: a draw by the board's pairing, and one move from it: after X's
# e5 (a cell of a pair some lines rely on) O's answer is the partner, f5,
# a proven draw at once, from solve, best and analyze alike (the engine
# would answer best and analyze on such a board otherwise).
run "$MNK" solve --rules 20,20,9 --moves e5 --json
json "20,20,9 after e5: a draw by the pairing's reply" 'j.best === "f5" && j.result === "draw" && j.proven && j.nodes === 1'
run "$MNK" best --rules 20,20,9 --moves e5 --time 5
expect_out "best answers 20,20,9 after e5 by the pairing" f5
run "$MNK" analyze --rules 20,20,9 --moves e5 --time 5 --json
json "analyze answers 20,20,9 after e5 by the pairing" 'j.best === "f5" && j.result === "draw" && j.proven && j.moves.length === 1 && j.moves[0].result === "draw"'
run "$MNK" analyze --rules 20,20,9 --moves e5 --time 5
expect_match "analyze in text says why" "$out" "One move from a draw by the board's pairing"
run "$MNK" solve --rules 20,20,9 --moves e5,f5 --json
json "20,20,9 after e5 f5: a draw by the pairing" 'j.result === "draw" && j.proven && j.nodes === 1'
run "$MNK" solve --rules 20,20,9 --moves e5,e6 --nodes 2000 --json
json "20,20,9 after e5 e6: the pairing no longer decides it" 'j.proven === false'
run "$MNK" solve --rules 15,15,5 --time 0.3 --json
json "a time limit stops the search" 'j.complete === false && j.best !== null'
run "$MNK" solve
expect_match "solve in text" "$out" "draw for X"
# Threads: the value (result and plies) of one thread; the best move may
# be another equally good one. These solves take 29,000 and 147,000 nodes
# with one, past the 16,384 after which helpers start.
for args in "--rules 5,5,4 --weak" "--rules 6,5,4"; do
    run "$MNK" solve $args
    one=$(printf '%s\n' "$out" | head -n 1 | sed 's/, best move .*//')
    run "$MNK" solve $args --threads 2
    two=$(printf '%s\n' "$out" | head -n 1 | sed 's/, best move .*//')
    if [ "$one" = "$two" ] && [ -n "$one" ]; then ok; else bad "solve $args: '$one' with one thread, '$two' with two"; fi
done
run "$MNK" solve --rules 8,8,5 --time 0.3 --threads 2 --json
json "a time limit stops a search with threads: unknown" 'j.complete === false && j.proven === false && j.result === "unknown" && j.best !== null'
run "$MNK" solve --rules 8,8,5 --nodes 50000 --threads 2 --json
json "a node limit stops a search with threads" 'j.complete === false && j.proven === false && j.best !== null'

# Ctrl-C stops a long solve cleanly with what it knows.
"$MNK" solve --rules 8,8,5 >"$tmp/out" 2>"$tmp/err" </dev/null &
pid=$!
sleep 1 # long enough to be searching (8,8,5 takes far longer than this; 7,7,5 no longer does)
# A signal that comes while the program is still starting can be lost
# (under valgrind, make test-valgrind, starting takes seconds): send it
# again each second until the program has ended.
for _ in $(seq 120); do
    kill -INT "$pid" 2>/dev/null || break
    sleep 1
    kill -0 "$pid" 2>/dev/null || break
done
wait "$pid"
rc=$?
out=$(cat "$tmp/out")
expect_rc "Ctrl-C exits 130" 130
expect_match "Ctrl-C prints what is known" "$out" "best move [a-h][1-8]"

# --- weak solving, the results table, benchmark sets -------------------------
run "$MNK" solve --weak --rules 5,5,4 --json
json "5,5,4 is a draw (weak)" 'j.result === "draw" && j.proven && j.plies === 25'
run "$MNK" solve --weak --rules 6,5,4 --json
json "6,5,4 is a win for X (weak: plies unknown)" 'j.result === "win" && j.proven && j.plies === null'
run "$MNK" analyze --weak x.o/x.x/oo.
expect_match "weak analysis: b2 a win, without plies like every weak win" "$out" "b2 +win$"
expect_match "weak analysis: losses without plies" "$out" "c3 +loss$"
# --weak gives plies for draws only (they fill the board), never for a win
# or a loss, not even a win on the spot (issue 10: it gave 1 there only).
run "$MNK" solve --weak x.o/x.x/oo. --json
json "weak: a win on the spot has no plies either" 'j.result === "win" && j.proven && j.plies === null'
run "$MNK" analyze --weak --json x.o/x.x/oo.
json "weak analysis: no move has plies" 'j.plies === null && j.moves.every(m => m.plies === null)'
run "$MNK" analyze --weak --json ox./.o./x.x
json "weak analysis: draws have their plies" \
    'j.result === "draw" && j.plies === 4 && j.moves.every(m => m.result === "draw" ? m.plies === 4 : m.plies === null)'
run "$MNK" table --max 4 --json
json_lines() { # NAME EXPRESSION over the array j of all lines
    if printf '%s\n' "$out" | node -e '
        let s = ""; process.stdin.on("data", d => s += d).on("end", () => {
            const j = s.trim().split("\n").map(l => JSON.parse(l));
            process.exit(eval(process.argv[1]) ? 0 : 1);
        });' "$2"; then ok; else bad "$1: $2 is false"; fi
}
json_lines "table: 3,3,3 draw, 4,3,3 win, 4,4,3 win, 4,4,4 draw" \
    'const v = (m, n, k) => j.find(e => e.m === m && e.n === n && e.k === k).result;
     v(3,3,3) === "draw" && v(3,4,3) === "win" && v(4,4,3) === "win" && v(4,4,4) === "draw" && v(1,1,1) === "win"'
json_lines "table: every entry with m <= n <= 4, k <= n" 'j.length === 1+2+3+4 + 2+3+4 + 3+4 + 4 && j.every(e => e.m <= e.n && e.k <= e.n && e.complete)'
run "$MNK" table --max 3
expect_match "table in text" "$out" "^3x3 +win"
run "$MNK" bench bench/sets/444-ply6-9-near.txt bench/sets/333-ply1-4-near.txt
expect_rc "bench on two sets" 0
expect_match "bench reports each set" "$out" "444-ply6-9-near.txt +40 +0 "
{ echo "rules 3,3,3"; echo "x.o/x.x/oo. loss 1"; } >"$tmp/wrong.txt"
run "$MNK" bench "$tmp/wrong.txt"
expect_rc "bench with a wrong value fails" 1
expect_match "bench names the wrong value" "$err" "the solver says win 1"
{ echo "rules 3,3,3"; echo "x.o/x.x/oo. win"; } >"$tmp/bad.txt"
run "$MNK" bench "$tmp/bad.txt"
expect_rc "bench with a malformed set fails" 1
run "$MNK" bench
expect_rc "bench needs a set" 2

# --- tree ------------------------------------------------------------------
run "$MNK" tree x.o/x.x/oo.
expect_match "tree is DOT" "$out" "^digraph minimax"
nodes=$(printf '%s\n' "$out" | grep -c 'label=".*\\n')
if [ "$nodes" -eq 9 ]; then ok; else bad "tree of x.o/x.x/oo. should have 9 nodes, has $nodes"; fi
if command -v dot >/dev/null; then
    if printf '%s\n' "$out" | dot -Tsvg >/dev/null 2>&1; then ok; else bad "dot cannot render the tree"; fi
fi
run "$MNK" tree .x./..x/oox --depth 1
nodes=$(printf '%s\n' "$out" | grep -c 'label=".*\\n')
if [ "$nodes" -eq 5 ]; then ok; else bad "--depth 1 should give 5 nodes, gave $nodes"; fi
run "$MNK" tree .........
expect_rc "tree of the empty board is refused" 1
run "$MNK" tree
expect_rc "tree needs a position" 2

# --- batch mode --------------------------------------------------------------
printf 'x.o/x.x/oo.\ngarbage\nxxx/oo./...\nox./.o./x.x\r\n.x./..x/oox' | "$MNK" best - >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc "batch exit code" 0
out=$(cat "$tmp/out")
expect_out "batch answers every line, errors in line" "$(printf 'b2\nerror: invalid position %s: unexpected character: a position has x, o or . per cell and / between rows\nnone\nb3\nc1' "'garbage'")"
printf 'x.o/x.x/oo.\nxx\n' | "$MNK" best --json - >"$tmp/out"
lines=$(wc -l <"$tmp/out")
if [ "$lines" -eq 2 ]; then ok; else bad "JSON Lines: 2 lines expected, got $lines"; fi
out=$(sed -n 2p "$tmp/out")
json "a bad line gets an error object" 'j.position === "xx" && typeof j.error === "string"'
out=$(sed -n 1p "$tmp/out")
json "a good line gets the analysis" 'j.best === "b2"'
head -c 100000 /dev/zero | tr '\0' 'x' | "$MNK" best - >"$tmp/out"
expect_match "a huge line is refused" "$(cat "$tmp/out")" "^error: line 1: longer than 4096 bytes"
head -c 20000 /dev/urandom | "$MNK" best - >"$tmp/out" 2>"$tmp/err"
rc=$?
expect_rc "random bytes on stdin" 0
printf 'x.o/x.x/oo.\n' | "$MNK" analyze - >"$tmp/out"
out=$(cat "$tmp/out")
expect_out "analyze batch line" "x.o/x.x/oo. b1:loss:2 b2:win:1 c3:loss:2"
# Each answer comes before the next line is sent (a coprocess).
coproc MNKP { "$MNK" best -; }
# bash unsets MNKP and MNKP_PID as soon as it reaps the coprocess, which
# may happen before `wait` once its input is closed: keep the pid.
mnkp_pid=$MNKP_PID
echo "x.o/x.x/oo." >&"${MNKP[1]}"
if read -r -t 10 answer <&"${MNKP[0]}" && [ "$answer" = b2 ]; then ok; else bad "batch does not answer before more input comes"; fi
echo "ox./.o./x.x" >&"${MNKP[1]}"
if read -r -t 10 answer <&"${MNKP[0]}" && [ "$answer" = b3 ]; then ok; else bad "second coprocess answer"; fi
exec {MNKP[1]}>&-
wait "$mnkp_pid" 2>/dev/null

# --- the exact rule: an overline does not win ---------------------------------
# On one row of 7 with 3 in a row: X's b1 d1 e1 with O to move. Freestyle:
# c1 and f1 both make a line for X, O is lost. Exact: c1 would make four,
# no win, so f1 is the only threat and blocking it draws.
run "$MNK" best --rules 7,1,3 ox.xx.o
expect_out "freestyle: O is lost, first move c1" c1
run "$MNK" best --rules 7,1,3,exact ox.xx.o
expect_out "exact: O blocks the one real threat" f1
run "$MNK" analyze --rules 7,1,3,exact ox.xx.o --json
json "exact analysis: c1 loses, f1 draws; rules in JSON" \
    'j.rules === "7,1,3,exact" && j.exact === true && j.moves.find(m => m.move === "c1").result === "loss" && j.moves.find(m => m.move === "f1").result === "draw" && j.result === "draw"'
run "$MNK" analyze --rules 7,1,3 ox.xx.o --json
json "freestyle analysis: every move loses; exact false in JSON" \
    'j.rules === "7,1,3" && j.exact === false && j.moves.every(m => m.result === "loss" && m.plies === 2)'
run "$MNK" analyze --rules 7,1,3,freestyle ox.xx.o --json
json "the word freestyle is the default rule" 'j.rules === "7,1,3" && j.exact === false'
run "$MNK" solve --rules 7,1,3 ox..x.o --json
json "freestyle: X wins in 3" 'j.result === "win" && j.plies === 3 && j.rules === "7,1,3"'
run "$MNK" solve --rules 7,1,3,EXACT ox..x.o --json
json "exact (any case): a draw" 'j.result === "draw" && j.proven && j.rules === "7,1,3,exact" && j.exact'
run "$MNK" solve --weak --rules 7,1,3,exact ox..x.o --json
json "exact, weak: a draw" 'j.result === "draw" && j.proven'
run "$MNK" solve --algorithm minimax --rules 7,1,3,exact ox..x.o --json
json "exact, textbook minimax: a draw" 'j.result === "draw" && j.proven'
run "$MNK" best --rules 5,2,3 xxxx./oo.o.
expect_rc "freestyle: four in a row ended the game" 1
expect_match "freestyle: X won" "$err" "game is over \(X won\)"
run "$MNK" best --rules 5,2,3,exact xxxx./oo.o. --json
json "exact: four in a row is no win, O moves" 'j.to_move === "o" && j.winner === undefined && j.moves.length === 3'
run "$MNK" best --rules 6,2,3,exact --moves a1,a2,b1,c2,d1,e2,c1 --json
json "exact: the overline played as a move does not end the game" 'j.position === "xxxx../o.o.o." && j.to_move === "o"'
run "$MNK" count --rules 4,2,2 --json
free_draws=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).draws))')
run "$MNK" count --rules 4,2,2,exact --json
json "count: exact games end otherwise than freestyle ones" \
    "j.exact && j.draws !== $free_draws && j.x_wins + j.o_wins + j.draws === j.games"
printf 'ox.xx.o\nox..x.o\n' | "$MNK" best --rules 7,1,3,exact - >"$tmp/out"
out=$(cat "$tmp/out")
expect_out "exact in batch mode" "$(printf 'f1\nc1')"
run "$MNK" tree --rules 7,1,3,exact ox.xx.o
expect_match "tree under the exact rule: f1 draws" "$out" "draw"
printf 'f1\n' | "$MNK" play --plain --rules 7,1,3,exact >"$tmp/out" 2>&1
expect_match "play names the exact rule" "$(cat "$tmp/out")" "^mnk play: 7,1,3,exact \(7 columns, 1 rows, exactly 3 in a row: an overline does not win\)"

# --- bad input: a message naming it, and the right exit code -----------------
check_bad "unknown command" 2 "unknown command 'frobnicate'" -- frobnicate
check_bad "no command" 2 "Usage" --
check_bad "unknown option" 2 "unknown option '--bogus'" -- best --bogus
check_bad "missing option value" 2 "needs a value" -- best --rules
check_bad "two positions" 2 "unexpected argument" -- best ... ...
check_bad "rules: k too big" 2 "k must be from 1 to max" -- best --rules 3,3,4
check_bad "rules: zero" 2 "m \(columns\) must be from 1 to 20" -- best --rules 0,3,3
check_bad "rules: too big" 2 "n \(rows\) must be from 1 to 20" -- best --rules 3,21,3
check_bad "rules: junk" 2 "three numbers" -- best --rules 3x3
check_bad "rules: huge" 2 "must be from 1 to 20" -- best --rules 99999999999999999999,3,3
check_bad "rules: renju" 2 "renju rules are not supported yet" -- best --rules 15,15,5,renju
check_bad "rules: caro" 2 "caro rules are not supported yet" -- analyze --rules 15,15,5,caro
check_bad "rules: unknown rule" 2 "must be exact .* or freestyle" -- solve --rules 7,1,3,exactly
check_bad "rules: empty rule" 2 "then ,exact or ,freestyle" -- count --rules 7,1,3,
check_bad "rules: exact on bad sizes" 2 "k must be from 1 to max" -- best --rules 3,3,4,exact
check_bad "algorithm" 2 "alphabeta, dfpn or minimax" -- solve --algorithm magic
check_bad "seed" 2 "invalid --seed" -- best --seed -1
check_bad "time" 2 "invalid --time" -- solve --time abc
check_bad "nodes" 2 "invalid --nodes" -- solve --nodes 0
check_bad "threads: none" 2 "invalid --threads '0'.*from 1 to 16" -- solve --threads 0
check_bad "threads: too many" 2 "invalid --threads '17'.*from 1 to 16" -- solve --threads 17
check_bad "threads: junk" 2 "invalid --threads 'two'.*not a decimal number" -- solve --threads two
check_bad "threads: solve only" 2 "option '--threads' does not apply to best" -- best --threads 2
check_bad "table" 2 "invalid --table" -- solve --table 999999
check_bad "option of another command" 2 "option '--seed' does not apply to count" -- count --seed 3
check_bad "option of another command, with its value" 2 "option '--level' does not apply to best" -- best --level easy
check_bad "position: bad character" 1 "unexpected character" -- best x.q/.../...
check_bad "position: short row" 1 "row 1 has 2 cells, expected 3" -- best x./.../...
check_bad "position: too many rows" 1 "too many rows" -- best .../.../.../...
check_bad "position: too few rows" 1 "too few rows" -- best .../...
check_bad "position: too many x" 1 "too many x" -- best xx./.../...
check_bad "position: too many o" 1 "too many o" -- best oo./x../...
check_bad "position: both lines" 1 "both X and O" -- best xxx/ooo/...
check_bad "position: O moved after X's line" 1 "X has a line but O has moved" -- best xxx/oo./o..
check_bad "position: two lines not made by one move" 1 "last move" -- best --rules 5,5,3 xxx../o.o.o/xxx../o.o../.....
check_bad "position: wrong size for rules" 1 "expected 4" -- best --rules 4,4,4 .../.../...
check_bad "position: empty" 1 "empty position" -- best ""
check_bad "moves: occupied" 1 "taken" -- best --moves a1,a1
check_bad "moves: off board" 1 "off the board" -- best --moves d1
check_bad "moves: after the end" 1 "after the game has ended" -- best --moves a1,a2,b1,b2,c1,c2
check_bad "moves: junk" 1 "a cell is" -- best --moves 'b2;c3'
check_bad "best of a finished game" 1 "game is over" -- best xxx/oo./...

# --- help and version ----------------------------------------------------------
for cmd in best analyze count solve tree play bench table; do
    run "$MNK" "$cmd" --help
    expect_rc "$cmd --help" 0
    expect_match "$cmd --help text" "$out" "^Usage: mnk $cmd"
done
for cmd in best analyze count solve tree play; do
    run "$MNK" "$cmd" --help
    expect_match "$cmd --help: --rules takes a rule" "$out" "--rules M,N,K\[,R\]"
    expect_match "$cmd --help names the exact rule" "$out" "only exactly K win; an overline does not"
done
run "$MNK" --version
expect_match "--version" "$out" "^mnk [0-9]+\.[0-9]+\.[0-9]+$"
run "$MNK" --help
expect_match "--help lists commands" "$out" "analyze"
run "$MNK" -h
expect_match "-h lists commands" "$out" "analyze"
run "$MNK" -V
expect_match "-V" "$out" "^mnk [0-9]+\.[0-9]+\.[0-9]+$"

# mnk help COMMAND is COMMAND --help; mnk help alone is mnk --help.
for cmd in best analyze count solve tree play bench table; do
    run "$MNK" "$cmd" --help
    want=$out
    run "$MNK" help "$cmd"
    expect_rc "help $cmd" 0
    expect_out "help $cmd is $cmd --help" "$want"
done
run "$MNK" --help
want=$out
run "$MNK" help
expect_out "help alone" "$want"
for opt in --help -h; do
    run "$MNK" help $opt
    expect_rc "help $opt" 0
    expect_out "help $opt is mnk --help" "$want"
done

# A mistyped command or option: the nearest one is suggested.
check_bad "did you mean a command" 2 "unknown command 'anlyze'; did you mean 'analyze'\?" -- anlyze
check_bad "did you mean: a prefix" 2 "did you mean 'analyze'\?" -- anal
check_bad "did you mean: swapped letters" 2 "did you mean 'best'\?" -- bset
check_bad "help of a mistyped command" 2 "did you mean 'solve'\?" -- help slove
check_bad "nothing near" 2 "unknown command 'frobnicate'$" -- frobnicate
check_bad "did you mean an option" 2 "unknown option '--jsn'; did you mean '--json'\?" -- analyze --jsn
check_bad "did you mean an option with a value" 2 "did you mean '--table'\?" -- solve --tabel=8
check_bad "only this command's options" 2 "unknown option '--plian'$" -- best --plian
check_bad "an option of this command" 2 "did you mean '--plain'\?" -- play --plian

# Help texts say what each command takes: '-' only where it is read.
for cmd in count table tree; do
    run "$MNK" "$cmd" --help
    if printf '%s' "$out" | grep -q -- "from -"; then bad "$cmd --help mentions '-', which it does not read"; else ok; fi
done
for cmd in best analyze; do
    run "$MNK" "$cmd" --help
    expect_match "$cmd --help: the batch -" "$out" "positions from -"
done
# --- boards too big to solve: the engine, and its threat proofs -----------
# The first position of the tactics set: X wins by continuous fours, the
# line starting at e3 (bench/tactics/vcf-15x15.txt, checked by
# tests/unit/test_tactics.c).
read -r vcf vcf_line _ < "$(dirname "$0")/../../bench/tactics/vcf-15x15.txt"
vcf_first=${vcf_line%%,*}
run "$MNK" solve --rules 15,15,5 --json "$vcf"
json "solve: a VCF is a proven win for the side to move" \
    "j.result === 'win' && j.proven && j.complete && j.proof === 'vcf' && j.best === '$vcf_first'"
json "solve: a VCF's length bounds the win, plies stays exact (null)" \
    'j.plies === null && j.plies_at_most >= 1 && j.plies_at_most % 2 === 1'
run "$MNK" solve --rules 15,15,5 "$vcf"
expect_match "solve in text: the proof named" "$out" "win in at most [0-9]+ plies \(proven by continuous fours\) for X, best move $vcf_first"
run "$MNK" analyze --rules 15,15,5 "$vcf"
expect_match "analyze: the proven win with its length" "$out" "X to move: win in at most [0-9]+ plies \(proven by continuous fours\)"
expect_match "analyze: the winning line" "$out" "Winning line: $vcf_first "
run "$MNK" best --rules 15,15,5 "$vcf"
expect_out "best plays the proof's first move" "$vcf_first"
run "$MNK" best --rules 15,15,5,exact --json "$vcf"
json "best --json: the engine's answer and proof" \
    "j.best === '$vcf_first' && j.proven && j.moves.length === 1 && j.engine.proof === 'vcf' && j.engine.pv[0] === '$vcf_first'"
printf '%s\n' "$vcf" >"$tmp/in"
out=$("$MNK" analyze --rules 15,15,5 - <"$tmp/in")
expect_match "batch analyze: the engine's move, a win of unknown exact length" "$out" " $vcf_first:win$"
# No proof: the engine's estimate, within --nodes, and solve says unknown.
run "$MNK" best --rules 15,15,5 --moves h8,h9,i8 --nodes 3000 --json
json "best: the engine within --nodes, not proven" \
    'j.nodes > 0 && j.nodes < 6000 && !j.proven && j.result === "unknown" && j.engine.proof === null && j.engine.pv.length > 0 && j.engine.pv[0] === j.best'
run "$MNK" solve --rules 15,15,5 --moves h8,h9,i8 --nodes 3000 --json
json "solve: nothing proven is unknown" \
    'j.result === "unknown" && !j.proven && j.proof === null && j.plies_at_most === null && j.best !== null'
run "$MNK" solve --rules 4,4,3 --json
json "solve: the solver's proofs say so" 'j.proof === "solver" && j.plies_at_most === null'

# A value not proven says what its number is.
run "$MNK" analyze --rules 9,9,5 --nodes 2000 --moves e5
expect_match "not proven: the score named and explained" "$out" "not proven \(heuristic score [+-][0-9]+, above 0 favours the mover\)"

finish
