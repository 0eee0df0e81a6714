#!/usr/bin/env bash
# Scripted sessions of the Gomocup protocol against `mnk pbrain` and
# `pbrain-mnk`, as a manager (piskvork, c-gomoku-cli) would send them:
# every command, the board's orientation on non-square boards, the rules,
# the limits, and every kind of bad input, each answered with ERROR or
# UNKNOWN while the brain goes on. Every session is replayed afterwards
# (replay.awk): no move on a taken cell, one answer per command, nothing
# lost. Searches are cut short (--time, --nodes) so that the sessions are
# quick; no test depends on how long anything takes.
#
# Usage: tests/pbrain/run.sh [path/to/mnk [path/to/pbrain-mnk]]
# (PBRAIN_SANITIZED=1: built with sanitizers; the resident set is not checked.)
set -u

MNK=${1:-build/mnk}
PBRAIN=${2:-build/pbrain-mnk}
here=$(dirname "$0")
. "$here/../lib.sh"

# Fast searches: 50 ms or 20000 nodes a move, whichever comes first.
FAST=(--time 0.05 --nodes 20000)

# session NAME [BRAIN ARGS...]: runs the brain (default: pbrain-mnk with
# FAST) on the commands in $tmp/in; keeps the answers without MESSAGE and
# DEBUG lines in $ans, everything in $tmp/out, the exit code in $rc, and
# replays the session.
session() {
    local name=$1
    shift
    local brain=("$@")
    [ ${#brain[@]} -eq 0 ] && brain=("$PBRAIN" "${FAST[@]}")
    "${brain[@]}" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    ans=$(grep -av '^MESSAGE\|^DEBUG' "$tmp/out" | tr -d '\r')
    if [ "$rc" -ne 0 ]; then bad "$name: exit $rc ($(head -c 300 "$tmp/err"))"; else ok; fi
    if awk -v OUT="$tmp/out" -f "$here/replay.awk" "$tmp/in" >"$tmp/replay" 2>&1; then
        ok
    else
        bad "$name: replay: $(cat "$tmp/replay")"
    fi
}

# in LINES...: the commands, one a line.
cmds() { printf '%s\n' "$@" >"$tmp/in"; }

expect_ans() { # NAME EXPECTED (the answers, one a line)
    if [ "$ans" = "$2" ]; then ok; else bad "$1: expected [$2], got [$ans]"; fi
}
expect_match() { # NAME REGEX: some answer line matches
    if printf '%s\n' "$ans" | grep -Eq -- "$2"; then ok; else bad "$1: no answer matches /$2/ in [$ans]"; fi
}
expect_no_match() { # NAME REGEX
    if printf '%s\n' "$ans" | grep -Eq -- "$2"; then bad "$1: an answer matches /$2/ in [$ans]"; else ok; fi
}
line_of() { printf '%s\n' "$ans" | sed -n "${1}p"; } # the N-th answer
move_re='^[0-9]+,[0-9]+$'
expect_line() { # NAME N REGEX: the N-th answer matches
    local l
    l=$(line_of "$2")
    if printf '%s' "$l" | grep -Eq -- "$3"; then ok; else bad "$1: answer $2 is [$l], expected /$3/ (all: [$ans])"; fi
}

# --- the command line ----------------------------------------------------
"$MNK" pbrain --help >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q "Gomocup" "$tmp/out" && grep -q -- "--exact" "$tmp/out" && grep -q -- "--greedy" "$tmp/out"; then ok; else
    bad "mnk pbrain --help: exit $rc: $(head -3 "$tmp/out")"; fi
"$PBRAIN" --help >"$tmp/out" 2>&1
if grep -q "Gomocup" "$tmp/out"; then ok; else bad "pbrain-mnk --help: $(head -3 "$tmp/out")"; fi
for args in "--k 0" "--k 21" "--k x" "--time 0" "--nodes 0" "--table 0" "extra" "--rules 3,3,3" "--bogus" \
            "--param bogus=1" "--param moves=0" "--param moves" "--param moves=1x" "--param =3" \
            "--param t.2048=1" "--param e.F3=30001" "--param order=2" "--param"; do
    # shellcheck disable=SC2086
    "$MNK" pbrain $args </dev/null >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 2 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; then ok; else
        bad "mnk pbrain $args: exit $rc, expected 2 with a message (stderr: $(head -c 200 "$tmp/err"))"; fi
done
"$MNK" --help | grep -q "pbrain" && ok || bad "mnk --help does not list pbrain"

# --- ABOUT, START, RECTSTART, RESTART, END -----------------------------------
for brain in "$MNK pbrain" "$PBRAIN"; do
    cmds ABOUT "START 15" "START 20" RESTART "RECTSTART 7,12" END ABOUT
    # shellcheck disable=SC2086
    session "$brain: start" $brain "${FAST[@]}"
    expect_ans "$brain: ABOUT, START 15 and 20, RESTART, RECTSTART; nothing after END" \
        "$(printf 'name="mnk", version="%s", author="mnk maintainers", country="n/a", www="n/a"\nOK\nOK\nOK\nOK' \
            "$("$MNK" --version | cut -d' ' -f2)")"
done
cmds "START 21" "START 0" "START -5" "START 4" "START x" "START" "START 15,15" \
   "RECTSTART 21,5" "RECTSTART 5,21" "RECTSTART 4,4" "RECTSTART 10" "RECTSTART 10,x" "RESTART" "ABOUT"
session "bad sizes"
expect_line "START 21: larger than the library's limit" 1 '^ERROR unsupported size 21x21'
expect_line "START 0" 2 '^ERROR unsupported size'
expect_line "START -5" 3 '^ERROR unsupported size'
expect_line "START 4 cannot hold five in a row" 4 '^ERROR unsupported size 4x4 for 5 in a row'
expect_line "START x" 5 '^ERROR START: expected a size'
expect_line "START without a size" 6 '^ERROR START'
expect_line "START 15,15" 7 '^ERROR START'
expect_line "RECTSTART 21,5" 8 '^ERROR unsupported size 21x5'
expect_line "RECTSTART 5,21" 9 '^ERROR unsupported size 5x21'
expect_line "RECTSTART 4,4" 10 '^ERROR unsupported size'
expect_line "RECTSTART 10" 11 '^ERROR RECTSTART: expected width,height'
expect_line "RECTSTART 10,x" 12 '^ERROR RECTSTART'
expect_line "RESTART without a board" 13 '^ERROR no board yet'
expect_line "the brain goes on" 14 '^name="mnk"'
cmds "RECTSTART 5,1" "RECTSTART 1,5" "START 5"
session "smallest boards for five"
expect_ans "5x1, 1x5 and 5x5 hold five in a row" "$(printf 'OK\nOK\nOK')"

# --- BEGIN, TURN, the centre, a game -----------------------------------------
cmds "START 15" BEGIN "TURN 6,6" "TURN 8,8" "TURN 6,8" "TURN 9,9"
session "a short game as first player"
expect_line "BEGIN on the empty 15x15 board: the centre" 2 '^7,7$'
expect_line "a move" 3 "$move_re"
expect_line "a move" 6 "$move_re"
cmds "START 20" BEGIN
session "BEGIN on 20x20"
expect_line "the centre of 20x20" 2 '^10,10$'
cmds "RECTSTART 12,6" BEGIN
session "BEGIN on 12x6"
expect_line "the centre of 12 columns and 6 rows is x=6, y=3" 2 '^6,3$'
cmds "START 15" "TURN 7,7" "TURN 7,8"
session "second player"
expect_line "a reply to the first move" 2 "$move_re"
expect_line "a reply" 3 "$move_re"

# MESSAGE lines: the search's progress with its principal variation in x,y.
if grep -Eq '^MESSAGE depth [0-9]+-[0-9]+ eval [^ ]+ nodes [0-9]+ speed [0-9]+/s time [0-9]+ ms pv( [0-9]+,[0-9]+)+$' "$tmp/out"; then
    ok; else bad "no MESSAGE line with depth, eval, nodes, speed, time and pv: $(grep MESSAGE "$tmp/out" | head -3)"; fi

# A proven win is played and said to be proven: the first position of the
# tactics set, where the brain (X, field 1) wins by continuous fours
# starting at e3 (x 4, y 2).
read -r vcf _ < "$here/../../bench/tactics/vcf-15x15.txt"
board=$(printf '%s\n' "$vcf" | awk -F/ '{ for (y = 1; y <= NF; y++) for (x = 1; x <= length($y); x++) {
    c = substr($y, x, 1); if (c != ".") printf "%d,%d,%d\n", x - 1, y - 1, c == "x" ? 1 : 2 } }')
cmds "START 15" BOARD $board DONE
session "a win by continuous fours"
expect_line "the proof's first move" 2 '^4,2$'
if grep -Eq '^MESSAGE depth [0-9]+-[0-9]+ eval win in at most [0-9]+ \(proven: continuous fours\) nodes .* pv 4,2( [0-9]+,[0-9]+)+$' "$tmp/out"; then
    ok; else bad "no MESSAGE saying the win is proven: $(grep MESSAGE "$tmp/out" | head -3)"; fi

# A forced block is played at once (depth 0), and its MESSAGE gives what
# it leads to, not a placeholder 0: the brain (field 1) has an open three
# on row 7 and must first block the opponent's four on column 0 at 0,5;
# then the opponent must answer the three, so the brain stands better.
cmds "START 15" BOARD 7,7,1 0,1,2 8,7,1 0,2,2 9,7,1 0,3,2 0,0,1 0,4,2 DONE
session "a forced block with an open three of one's own"
expect_line "the only block" 2 '^0,5$'
if grep -Eq '^MESSAGE depth 0-[0-9]+ eval [1-9][0-9]* nodes [1-9]' "$tmp/out"; then
    ok; else bad "no positive evaluation for the forced block: $(grep MESSAGE "$tmp/out" | head -3)"; fi

# --- coordinates: x is the column, y the row, on non-square boards ------------
# Four of the brain's own in a row with one way to five; the opponent's
# stones far away and harmless. Transposed coordinates would put the only
# winning cell off the board.
cmds "RECTSTART 12,6" BOARD 8,1,1 9,1,1 10,1,1 11,1,1 0,5,2 2,5,2 4,5,2 6,3,2 DONE
session "12 columns x 6 rows: a row of four to complete"
expect_line "five at 7,1 (x = column)" 2 '^7,1$'
cmds "RECTSTART 6,12" BOARD 1,8,1 1,9,1 1,10,1 1,11,1 5,0,2 5,2,2 5,4,2 3,6,2 DONE
session "6 columns x 12 rows: a column of four to complete"
expect_line "five at 1,7 (y = row)" 2 '^1,7$'
cmds "RECTSTART 12,6" BOARD 7,1,2 8,1,2 9,1,2 10,1,2 0,5,1 2,5,1 4,5,1 DONE
session "12x6: the opponent's four to block"
expect_line "the block at 11,1 or 6,1" 2 '^(11|6),1$'
cmds "RECTSTART 6,12" BOARD 2,8,2 2,9,2 2,10,2 2,11,2 0,0,1 5,0,1 0,4,1 DONE
session "6x12: the opponent's four at the bottom of a column"
expect_line "the only block is 2,7" 2 '^2,7$'

# --- BOARD: any order, side to move from the counts, field 3 ----------------
stones=(7,7,1 8,8,2 6,8,1 9,9,2 7,9,1 6,6,2 10,10,1 5,7,2 8,6,1 9,7,2)
moves=""
for order in "0 1 2 3 4 5 6 7 8 9" "9 8 7 6 5 4 3 2 1 0" "1 3 5 7 9 0 2 4 6 8" "4 0 8 2 6 9 1 5 3 7"; do
    lines=("START 15" BOARD)
    for i in $order; do lines+=("${stones[$i]}"); done
    lines+=(DONE)
    cmds "${lines[@]}"
    session "BOARD in the order $order" "$PBRAIN" --nodes 3000
    expect_line "a move after BOARD (order $order)" 2 "$move_re"
    moves="$moves $(line_of 2)"
done
if [ "$(printf '%s\n' $moves | sort -u | wc -l)" -eq 1 ]; then ok; else
    bad "the same stones in other orders gave other moves:$moves"; fi
cmds "START 15" BOARD 7,7,2 DONE
session "one opponent stone: the brain is second"
expect_line "a reply" 2 "$move_re"
cmds "START 15" BOARD 7,7,1 8,8,2 DONE
session "one stone each: the brain moves first again"
expect_line "a move" 2 "$move_re"
# Field 3: a continuous game's finished line; the cells stay taken.
cmds "START 15" BOARD 7,7,3 7,8,3 7,9,3 7,10,3 7,11,3 6,6,1 8,8,2 DONE "TURN 6,9"
session "field 3 cells"
expect_line "a move beside a finished line" 2 "$move_re"
expect_line "another" 3 "$move_re"
cmds "RECTSTART 5,1" BOARD 0,0,3 1,0,3 2,0,3 3,0,3 DONE
session "field 3 everywhere but one cell"
expect_line "the only free cell" 2 '^4,0$'

# --- TAKEBACK ---------------------------------------------------------------
cmds "START 15" BEGIN "TURN 0,0" "TAKEBACK 0,0" "TAKEBACK 7,7" "TAKEBACK 7,7" "TAKEBACK 20,1" "TAKEBACK x" \
    "TURN 7,7" "TURN 0,0"
session "TAKEBACK"
expect_line "TAKEBACK of the opponent's stone" 4 '^OK$'
expect_line "TAKEBACK of its own first move" 5 '^OK$'
expect_line "TAKEBACK of an empty cell" 6 '^ERROR TAKEBACK: no stone on 7,7'
expect_line "TAKEBACK off the board" 7 '^ERROR TAKEBACK: 20,1 is off the 15x15 board'
expect_line "TAKEBACK of no cell" 8 "^ERROR TAKEBACK: expected x,y, got 'x'"
expect_line "the freed cell 7,7 can be played" 9 "$move_re"
expect_line "and 0,0" 10 "$move_re"
cmds "START 15" BOARD 7,7,1 8,8,2 9,9,2 DONE "TAKEBACK 7,7" "TAKEBACK 9,9" "TURN 9,9"
session "TAKEBACK of BOARD stones"
expect_line "TAKEBACK 7,7" 3 "^OK$"
expect_line "a stone taken back can be played again" 5 "$move_re"

# --- the rules: k, exactly five, INFO rule --------------------------------------
# The brain's five in row 0 would be an overline (six) at 3,0; a plain five
# waits at 9,10 or 14,10. Freestyle takes the first five it sees (3,0);
# exactly five must not.
rule_board=(BOARD 0,0,1 1,0,1 2,0,1 4,0,1 5,0,1 10,10,1 11,10,1 12,10,1 13,10,1
            0,14,2 2,14,2 4,14,2 6,14,2 8,14,2 10,14,2 12,14,2 14,14,2 0,12,2 DONE)
cmds "START 15" "INFO rule 0" "${rule_board[@]}"
session "freestyle: six in a row wins"
expect_line "the overline wins under freestyle" 2 '^3,0$'
cmds "START 15" "INFO rule 1" "${rule_board[@]}"
session "INFO rule 1: exactly five"
expect_line "exactly five: not the overline" 2 '^(9|14),10$'
cmds "START 15" "${rule_board[@]}"
session "--exact" "$PBRAIN" --exact "${FAST[@]}"
expect_line "--exact: not the overline" 2 '^(9|14),10$'
cmds "START 15" "INFO rule 0" "${rule_board[@]}"
session "--exact, then INFO rule 0" "$PBRAIN" --exact "${FAST[@]}"
expect_line "INFO rule 0 overrides --exact" 2 '^3,0$'
cmds "START 15" "INFO rule 1" "INFO rule 4" "${rule_board[@]}" "INFO rule 8" "TURN 7,7"
session "INFO rule 4 and 8: refused"
expect_line "renju: refused, reported before the next move" 2 '^ERROR INFO rule 4: renju rules are not supported \(playing on with exactly five\)$'
expect_line "the rule stays exactly five" 3 '^(9|14),10$'
expect_line "caro: refused, reported at the next TURN" 4 '^ERROR INFO rule 8: caro rules are not supported'
expect_line "that TURN comes after the brain's five" 5 '^ERROR TURN 7,7: .*(game is over|cannot arise)'
if [ "$(printf '%s\n' "$ans" | wc -l)" -eq 5 ]; then ok; else bad "INFO answered on its own: [$ans]"; fi
# The opponent's six in a row: a win under freestyle, nothing under exactly five.
overline=(BOARD 0,0,2 1,0,2 2,0,2 3,0,2 4,0,2 5,0,2 0,14,1 3,14,1 6,14,1 9,14,1 12,14,1 DONE)
cmds "START 15" "INFO rule 0" "${overline[@]}" "INFO rule 1" "${overline[@]}"
session "an overline under each rule"
expect_line "freestyle: the overline has won" 2 '^ERROR BOARD: the game is over: the opponent has 5 in a row$'
expect_line "exactly five: the game goes on" 3 "$move_re"
cmds "START 15" "INFO rule 2" "INFO rule 3" "${rule_board[@]}"
session "INFO rule 2 and 3: continuous games are played as ordinary ones"
expect_ans "no ERROR" "$(printf 'OK\n%s' "$(line_of 2)")"
expect_line "rule 3 is exactly five" 2 '^(9|14),10$'
cmds "START 9" BOARD 3,4,1 4,4,1 5,4,1 0,0,2 8,8,2 0,8,2 DONE
session "--k 4" "$PBRAIN" --k 4 "${FAST[@]}"
expect_line "k=4: an open three becomes four at once" 2 '^(2|6),4$'
cmds "START 3"
session "--k 3 on 3x3" "$MNK" pbrain --k 3 "${FAST[@]}"
expect_ans "3x3 holds three in a row" OK

# --greedy: the engine's baseline, no search (no nodes in any report), yet
# it takes a five and blocks one.
cmds "START 15" BEGIN "TURN 0,0" "TURN 14,14" "RESTART" "${rule_board[@]}" "RESTART" \
     BOARD 7,1,2 8,1,2 9,1,2 10,1,2 0,5,1 2,5,1 4,5,1 DONE
session "--greedy" "$PBRAIN" --greedy
expect_line "a move" 3 "$move_re"
expect_line "the five" 6 '^3,0$'
expect_line "the block" 8 '^(6|11),1$'
if grep -q '^MESSAGE .* nodes [1-9]' "$tmp/out"; then bad "--greedy searched: $(grep -m1 '^MESSAGE .* nodes [1-9]' "$tmp/out")"; else ok; fi

# --param: the settings reach the engine. At a node limit alone a session
# plays the same moves every time, so a parameter set to its default
# (moves=16, order=1) changes nothing the engine reports but the time, and
# one that keeps a single move a node (moves=1) or orders the moves by
# another rule (order=0) changes its search.
cmds "START 15" BOARD 7,7,1 8,7,2 7,8,1 8,8,2 6,9,1 9,6,2 DONE "TURN 9,9"
searched() { sed -n 's/^MESSAGE \(depth .*\) speed .* time [0-9]* ms \(pv .*\)/\1 \2/p' "$tmp/out"; }
session "no --param" "$PBRAIN" --nodes 20000
plain=$(searched)
session "--param moves=16" "$PBRAIN" --nodes 20000 --param moves=16
same=$(searched)
session "--param moves=1" "$PBRAIN" --nodes 20000 --param moves=1 --param w.F2=25
narrow=$(searched)
if [ -n "$plain" ] && [ "$plain" = "$same" ]; then ok; else
    bad "--param moves=16 (the default) changed the search: [$plain] / [$same]"; fi
if [ -n "$narrow" ] && [ "$plain" != "$narrow" ]; then ok; else
    bad "--param moves=1 did not change the search: [$plain] / [$narrow]"; fi
# The move order: the fitted table (order=1) is the default, the sums of
# pattern weights (order=0) another search.
session "--param order=1" "$PBRAIN" --nodes 20000 --param order=1
fitted=$(searched)
session "--param order=0" "$PBRAIN" --nodes 20000 --param order=0
sums=$(searched)
if [ -n "$fitted" ] && [ "$plain" = "$fitted" ]; then ok; else
    bad "--param order=1 (the default) changed the search: [$plain] / [$fitted]"; fi
if [ -n "$sums" ] && [ "$plain" != "$sums" ]; then ok; else
    bad "--param order=0 did not change the search: [$plain] / [$sums]"; fi
"$MNK" best --param moves=1 </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "does not apply" "$tmp/err"; then ok; else
    bad "mnk best --param: exit $rc ($(head -c 200 "$tmp/err"))"; fi

# --- INFO: limits and keys ---------------------------------------------------
cmds "INFO timeout_turn 100" "INFO timeout_match 100000" "INFO time_left 99000" "INFO max_memory 83886080" \
   "INFO game_type 1" "INFO folder /tmp/some folder" "INFO evaluate 3,3" "INFO thread_num 4" \
   "INFO max_node 5000" "INFO max_depth 3" "INFO SOMETHING_NEW 1" "INFO" "START 15" BEGIN "TURN 6,6"
session "INFO keys before START" "$PBRAIN"
expect_line "START after INFO" 1 '^OK$'
expect_line "BEGIN" 2 '^7,7$'
expect_line "TURN" 3 "$move_re"
expect_ans "INFO alone answers nothing" "$(printf 'OK\n7,7\n%s' "$(line_of 3)")"
if grep -q '^MESSAGE depth [0-3]-' "$tmp/out" && ! grep -q '^MESSAGE depth [4-9]' "$tmp/out"; then ok; else
    bad "INFO max_depth 3: $(grep MESSAGE "$tmp/out" | tail -2)"; fi
cmds "START 15" "INFO timeout_turn 0" BEGIN "TURN 6,6" "INFO time_left -50" "TURN 5,5" "INFO time_left 2147483647" "TURN 9,9"
session "timeout_turn 0 and time_left out of time" "$PBRAIN"
expect_line "as fast as possible" 3 "$move_re"
expect_line "out of time: still a move" 4 "$move_re"
expect_line "unlimited again" 5 "$move_re"
cmds "START 15" "INFO timeout_turn x" "INFO timeout_match -1" "INFO max_memory 1000" BEGIN
session "bad INFO values"
expect_line "the first bad INFO is reported before the move" 2 '^ERROR INFO timeout_turn: expected a whole number$'
expect_line "then the move" 3 '^7,7$'
cmds "START 15" "INFO max_memory 1000" BEGIN
session "max_memory too small"
expect_line "max_memory 1000" 2 '^ERROR INFO max_memory 1000 is too small: I need [0-9]+ bytes at least$'
expect_line "the move still comes" 3 '^7,7$'

# --- bad commands and bad input ------------------------------------------------
cmds "TURN 7,7" BEGIN BOARD "TAKEBACK 1,1" "1,1,1" DONE "START 15" "turn 7,7" "FOO" "PLAY 1,1" "SUGGEST" \
   "TURN 15,0" "TURN -1,3" "TURN 3" "TURN 3,4,5" "TURN a,b" "TURN" "TURN 99999999999999999999,1" \
   "   about   " "SWAP2BOARD" "7,7" "8,7" "9,9" "DONE" "YXSTOP" "STOP" "" "   " "TURN 3,3" "TURN 3,3" "BEGIN"
session "bad commands"
expect_line "TURN before START" 1 '^ERROR no board yet'
expect_line "BEGIN before START" 2 '^ERROR no board yet'
expect_line "BOARD before START" 3 '^ERROR no board yet'
expect_line "TAKEBACK before START" 4 '^ERROR no board yet'
expect_line "a stone line outside BOARD" 5 '^UNKNOWN command'
expect_line "DONE outside BOARD" 6 "^UNKNOWN command 'DONE'"
expect_line "START" 7 '^OK$'
expect_line "commands in lower case" 8 "$move_re"
expect_line "an unknown command" 9 "^UNKNOWN command 'FOO'$"
expect_line "PLAY (only after SUGGEST, which the brain never sends)" 10 "^UNKNOWN command 'PLAY'$"
expect_line "SUGGEST" 11 "^UNKNOWN"
expect_line "TURN 15,0 off the board" 12 '^ERROR TURN: 15,0 is off the 15x15 board$'
expect_line "TURN -1,3" 13 '^ERROR TURN: -1,3 is off the 15x15 board$'
expect_line "TURN 3" 14 "^ERROR TURN: expected x,y, got '3'$"
expect_line "TURN 3,4,5" 15 '^ERROR TURN: expected x,y'
expect_line "TURN a,b" 16 '^ERROR TURN: expected x,y'
expect_line "TURN alone" 17 '^ERROR TURN: expected x,y'
expect_line "a number too large" 18 '^ERROR TURN: expected x,y'
expect_line "spaces around a command" 19 '^name="mnk"'
expect_line "SWAP2BOARD ... DONE: one answer" 20 '^UNKNOWN SWAP2BOARD is not supported$'
expect_line "TURN 3,3" 21 "$move_re"
expect_line "TURN 3,3 again: taken" 22 '^ERROR TURN: 3,3 is taken$'
expect_line "BEGIN on a board with stones" 23 '^ERROR BEGIN on a board with stones'
if [ "$(printf '%s\n' "$ans" | wc -l)" -eq 23 ]; then ok; else bad "bad commands: $(printf '%s\n' "$ans" | wc -l) answers, expected 23"; fi

# BOARDs that cannot be.
cmds "START 15" \
   BOARD 1,1,1 2,2,1 3,3,1 4,4,2 DONE \
   BOARD 1,1,2 2,2,2 3,3,2 DONE \
   BOARD 0,0,2 1,0,2 2,0,2 3,0,2 4,0,2 0,5,1 1,5,1 2,5,1 3,5,1 9,9,1 DONE \
   BOARD 0,0,1 1,0,1 2,0,1 3,0,1 4,0,1 0,5,2 1,5,2 2,5,2 3,5,2 9,9,2 9,10,2 DONE \
   BOARD 1,1,1 1,1,2 DONE \
   BOARD 1,1,4 DONE \
   BOARD 1,1,0 DONE \
   BOARD 15,1,1 DONE \
   BOARD 1,-1,1 DONE \
   BOARD "1,1" DONE \
   BOARD "x,y,1" DONE \
   BOARD "TURN 1,1" DONE \
   BOARD "1,1,1" "2,2,2,2" DONE \
   BOARD "  7 , 7 , 2  " DONE
session "impossible BOARDs"
expect_line "three own stones to one" 2 "^ERROR BOARD: 3 own stones and 1 of the opponent's: it cannot be my move"
expect_line "the opponent two ahead" 3 "^ERROR BOARD: 0 own stones and 3 of the opponent's"
expect_line "the opponent has five: the game is over" 4 '^ERROR BOARD: the game is over: the opponent has 5 in a row$'
expect_line "the brain has five: the game is over" 5 '^ERROR BOARD: .*(game is over|cannot arise)'
expect_line "a cell given twice" 6 '^ERROR BOARD: 1,1 is given twice$'
expect_line "field 4" 7 '^ERROR BOARD: field 4 at 1,1: expected 1'
expect_line "field 0" 8 '^ERROR BOARD: field 0'
expect_line "x off the board" 9 '^ERROR BOARD: 15,1 is off the 15x15 board$'
expect_line "y off the board" 10 '^ERROR BOARD: 1,-1 is off'
expect_line "two numbers" 11 "^ERROR BOARD: expected x,y,field or DONE, got '1,1'$"
expect_line "not numbers" 12 '^ERROR BOARD: expected x,y,field'
expect_line "a command inside BOARD" 13 "^ERROR BOARD: expected x,y,field or DONE, got 'TURN 1,1'$"
expect_line "the first problem is reported" 14 "^ERROR BOARD: expected x,y,field or DONE, got '2,2,2,2'$"
expect_line "spaces in a stone line; then a good BOARD is played" 15 "$move_re"

# Lines of any length, CR LF, NUL bytes.
{
    printf 'START 15\n'
    head -c 100000 /dev/zero | tr '\0' 'A'; printf '\n'
    printf 'TURN 7,'; head -c 5000 /dev/zero | tr '\0' ' '; printf '7\n'
    printf 'BOARD\n7,7,2\n'; head -c 70000 /dev/zero | tr '\0' '1'; printf ',1,1\nDONE\n'
    printf 'ABOUT\n'
} >"$tmp/in"
session "long lines"
expect_line "START" 1 '^OK$'
expect_line "a 100000-byte line: one ERROR, not split" 2 '^ERROR a line of more than 4096 bytes$'
expect_line "a TURN padded past the limit is refused whole" 3 '^ERROR a line of more than 4096 bytes$'
expect_line "a long line inside BOARD" 4 '^ERROR BOARD: a line of more than 4096 bytes$'
expect_line "then ABOUT" 5 '^name="mnk"'
if [ "$(printf '%s\n' "$ans" | wc -l)" -eq 5 ]; then ok; else bad "long lines: $(printf '%s\n' "$ans" | wc -l) answers, expected 5: [$ans]"; fi

printf 'START 15\r\nINFO timeout_turn 50\r\nBOARD\r\n7,7,2\r\n8,8,1\r\n9,9,2\r\nDONE\r\nTURN 1,1\r\nTAKEBACK 1,1\r\nABOUT\r\nEND\r\n' >"$tmp/in"
session "CR LF line ends"
expect_line "START" 1 '^OK$'
expect_line "BOARD" 2 "$move_re"
expect_line "TURN" 3 "$move_re"
expect_line "TAKEBACK" 4 '^OK$'
expect_line "ABOUT" 5 '^name="mnk"'

printf 'START 15\nAB\0OUT\nTURN 7,7\0\nBOARD\n7,7,\0002\nDONE\nABOUT\n' >"$tmp/in"
"$PBRAIN" "${FAST[@]}" <"$tmp/in" >"$tmp/out" 2>&1
rc=$?
ans=$(grep -av '^MESSAGE\|^DEBUG' "$tmp/out")
[ $rc -eq 0 ] && ok || bad "NUL bytes: exit $rc"
expect_line "a NUL inside a command" 2 '^ERROR a line with a NUL byte$'
expect_line "a NUL after a command" 3 '^ERROR a line with a NUL byte$'
expect_line "a NUL inside BOARD" 4 '^ERROR BOARD: a line with a NUL byte$'
expect_line "then ABOUT" 5 '^name="mnk"'

# --- the end of input at any point --------------------------------------------
printf 'START 15\nBOARD\n7,7,1\n8,8' >"$tmp/in"
session "EOF in the middle of BOARD"
expect_ans "nothing but START's OK" OK
printf 'START 15\nTURN 7,7\n' >"$tmp/in"
session "EOF right after TURN: the move is still answered"
expect_line "the move" 2 "$move_re"
printf 'ABOUT' >"$tmp/in"
session "EOF after a command without its newline"
expect_line "ABOUT is answered" 1 '^name="mnk"'
: >"$tmp/in"
session "empty input"
expect_ans "nothing" ""
printf 'START 15\nBEGIN\nTURN 6,6\nEND\nTURN 1,1\nABOUT\n' >"$tmp/in"
session "END: the commands before it are answered, nothing after"
expect_line "BEGIN" 2 '^7,7$'
expect_line "TURN" 3 "$move_re"
if [ "$(printf '%s\n' "$ans" | wc -l)" -eq 3 ]; then ok; else bad "END: answers after END: [$ans]"; fi

# --- two threads: input while thinking, YXSTOP, END during a search ------------
# A brain on two FIFOs, given all the time in the world: only YXSTOP or END
# can end its search. `read -t` guards against a hang, generously.
mkfifo "$tmp/to" "$tmp/from"
start_brain() { # ARGS...: starts the brain; its input is fd $to, its output fd $from
    "$PBRAIN" "$@" <"$tmp/to" >"$tmp/from" 2>&1 &
    brain_pid=$!
    exec {to}>"$tmp/to" {from}<"$tmp/from"
    : >"$tmp/seen"
}
stop_brain() { # closes the brain's input; sets brain_rc
    exec {to}>&- 2>/dev/null
    wait "$brain_pid"
    brain_rc=$?
    exec {from}<&-
}
send() { printf '%s\n' "$@" >&"$to"; }
wait_for() { # REGEX: reads the brain's lines until one matches; false at a timeout or EOF
    local l
    while IFS= read -r -t 60 l <&"$from"; do
        printf '%s\n' "$l" >>"$tmp/seen"
        if printf '%s' "$l" | grep -Eq -- "$1"; then return 0; fi
    done
    return 1
}
think_board=("START 20" "INFO timeout_turn 600000" "INFO timeout_match 0" BOARD
             9,9,1 10,10,2 8,10,1 11,8,2 10,9,1 9,11,2 DONE)
start_brain
send "${think_board[@]}"
if wait_for '^MESSAGE depth'; then ok; else bad "no MESSAGE while thinking: $(cat "$tmp/seen")"; fi
send ABOUT YXSTOP
if wait_for "$move_re"; then ok; else bad "YXSTOP: no move: $(cat "$tmp/seen")"; fi
if wait_for '^name="mnk"'; then ok; else bad "ABOUT sent while thinking was lost: $(cat "$tmp/seen")"; fi
send "TURN 0,0"
wait_for '^MESSAGE depth' || bad "no second search: $(cat "$tmp/seen")"
send END
if wait_for "$move_re"; then ok; else bad "END during a search: no move for the TURN before it: $(cat "$tmp/seen")"; fi
stop_brain
if [ "$brain_rc" -eq 0 ]; then ok; else bad "END during a search: exit $brain_rc"; fi
# The end of input during a search: the search keeps its limit (here 3 s),
# the move is written, the brain exits.
start_brain
send "START 20" "INFO timeout_turn 3000" "${think_board[@]:3}"
wait_for '^MESSAGE depth' || bad "no search: $(cat "$tmp/seen")"
exec {to}>&-
if wait_for "$move_re"; then ok; else bad "EOF during a search: no move: $(cat "$tmp/seen")"; fi
stop_brain
if [ "$brain_rc" -eq 0 ]; then ok; else bad "EOF during a search: exit $brain_rc"; fi

# --- TURN and TAKEBACK change the game by a stone ------------------------------
# A session of TURNs and TAKEBACKs (of the last two stones, and of two older
# ones) answers exactly as one that is sent each of its positions by BOARD:
# the same moves after the same searches, node for node (a node limit only,
# so that both search alike). The session keeps its game up to date stone by
# stone instead of making it anew for every move (pbrain/play.c).
think_lines() { grep -a "^MESSAGE\|^[0-9]*,[0-9]*.\?$" "$1" | tr -d '\r' | sed 's/ speed [0-9]*\/s time [0-9]* ms//'; }
# move: waits for the brain's move and sets $move to it.
move() {
    wait_for "$move_re" || bad "no move (the brain's exit: see below): $(tail -3 "$tmp/seen")"
    move=$(grep -aE "$move_re" "$tmp/seen" | tail -1)
}
trap '' PIPE # a brain that dies fails the checks below, not the script
start_brain --nodes 5000
send "START 15" BEGIN
move; a1=$move
send "TURN 0,0"
move; a2=$move
send "TURN 14,0"
move; a3=$move
send "TAKEBACK $a3" "TAKEBACK 14,0" "TURN 14,14"
move; a4=$move
send "TAKEBACK $a1" "TAKEBACK 0,0" "TURN 0,14"
move; a5=$move
send "TURN 0,7"
move
send END
stop_brain
[ "$brain_rc" -eq 0 ] || bad "TURN and TAKEBACK: exit $brain_rc"
think_lines "$tmp/seen" >"$tmp/by-turn"
# Each command after the move before it: input stops a search.
start_brain --nodes 5000
send "START 15" BEGIN
move
for stones in "$a1,1 0,0,2" "$a1,1 $a2,1 0,0,2 14,0,2" "$a1,1 $a2,1 0,0,2 14,14,2" \
              "$a2,1 $a4,1 14,14,2 0,14,2" "$a2,1 $a4,1 $a5,1 14,14,2 0,14,2 0,7,2"; do
    # shellcheck disable=SC2086 # one stone a word
    send BOARD $stones DONE
    move
done
send END
stop_brain
trap - PIPE
think_lines "$tmp/seen" >"$tmp/by-board"
if [ "$(grep -cE "$move_re" "$tmp/by-turn")" -eq 6 ] && cmp -s "$tmp/by-turn" "$tmp/by-board"; then
    ok
else
    bad "TURN and TAKEBACK answer otherwise than BOARD: $(diff "$tmp/by-turn" "$tmp/by-board" | head -20)"
fi

# --- max_memory: the resident set stays within it -------------------------------
# The engine's table is sized so that engine and program fit the limit; its
# pages are only resident once the search writes them. Checked here at the
# smallest limit the brain accepts, after a few moves on 20x20.
peak_rss() { # MAX_MEMORY: sets rss to the brain's peak RSS in bytes after a few moves
    local kb
    start_brain --time 0.3 --nodes 50000
    send "INFO max_memory $1" "START 20" BEGIN "TURN 9,9" "TURN 11,11"
    wait_for "$move_re" && wait_for "$move_re" && wait_for "$move_re"
    kb=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$brain_pid/status" 2>/dev/null)
    send END
    stop_brain
    rss=$((${kb:-0} * 1024))
}
cmds "INFO max_memory 1" "START 15" BEGIN
session "the smallest max_memory"
least=$(printf '%s\n' "$ans" | sed -n 's/^ERROR INFO max_memory 1 is too small: I need \([0-9]*\) bytes at least$/\1/p')
if [ -n "$least" ]; then ok; else bad "INFO max_memory 1: no 'too small' ERROR: [$ans]"; fi
# (Not with sanitizers: their shadow memory is not the program's.)
for limit in ${least:-12000000} 40000000; do
    [ -n "${PBRAIN_SANITIZED:-}" ] && break
    peak_rss "$limit"
    if [ "$rss" -gt 0 ] && [ "$rss" -le "$limit" ]; then ok; else bad "max_memory $limit: peak RSS $rss bytes"; fi
    echo "pbrain: peak RSS $rss bytes after three moves on 20x20 with INFO max_memory $limit"
done

finish "pbrain"
