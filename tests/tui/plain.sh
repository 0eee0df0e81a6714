#!/usr/bin/env bash
# The line game of `mnk play` through a pipe: whole games, every kind of
# bad line (answered with a reason, the game goes on), the result line with
# the winning cells, --as o, --two-players, --watch, undo, hints, q and end
# of input (exit 0). Usage: tests/tui/plain.sh [path/to/mnk]
set -u

MNK=${1:-build/mnk}
. "$(dirname "$0")/../lib.sh"

# game INPUT ARGS...: plays with INPUT on stdin (through a pipe).
game() {
    local input=$1
    shift
    printf '%b' "$input" | "$MNK" play "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}
has() { # NAME TEXT: the output holds TEXT
    if grep -qF -- "$2" "$tmp/out"; then ok; else bad "$1: no [$2] in:"$'\n'"$out"$'\n'"stderr: $err"; fi
}
lacks() { # NAME TEXT
    if grep -qF -- "$2" "$tmp/out"; then bad "$1: [$2] should not be in:"$'\n'"$out"; else ok; fi
}
count() { # NAME TEXT N: TEXT on exactly N lines
    local n
    n=$(grep -cF -- "$2" "$tmp/out")
    if [ "$n" -eq "$3" ]; then ok; else bad "$1: [$2] on $n lines, expected $3:"$'\n'"$out"; fi
}
rc_is() { # NAME CODE
    if [ "$rc" -eq "$2" ]; then ok; else bad "$1: exit $rc, expected $2 (stderr: $err)"; fi
}

# --- a whole game against the perfect computer --------------------------
# Trying every cell in order: the taken ones are refused, and X loses.
game '1\n2\n3\n4\n5\n6\n7\n8\n9\n' --seed 1
rc_is "end of input ends the game" 0
has "the board first" "  1 . . ."
has "X's move is played" "X plays a1."
has "the computer replies at once" "O plays"
has "occupied cells are refused with the reason" "is taken: choose an empty cell."
has "the result names the winner and the line" "O wins with"
has "... and who won" "the computer wins."
has "the tally" "Tally: you won 0, lost 1, drew 0."
lacks "perfect never loses" "you win"
# The board after every move: one per move plus the first.
moves=$(grep -cE '^(X|O) plays' "$tmp/out")
boards=$(grep -c '^    a b c$' "$tmp/out")
if [ "$boards" -eq $((moves + 1)) ]; then ok; else bad "board after every move: $moves moves, $boards boards"; fi
# The winning marks in capitals.
if grep -qE '^  [123] .*O' "$tmp/out"; then ok; else bad "winning line in capitals"; fi

# The same seed plays the same game; lines after the end are refused.
cp "$tmp/out" "$tmp/first"
game '1\n2\n3\n4\n5\n6\n7\n8\n9\n' --seed 1
if cmp -s "$tmp/out" "$tmp/first"; then ok; else bad "--seed replays the same game"; fi
count "moves after the end are refused" "The game is over: n starts a new game, q quits." \
    "$(grep -c 'The game is over' "$tmp/first")"

# --- bad lines: each answered, the game goes on ---------------------------
game 'zz\n0\n10\nd1\na4\nb2 c3\n\n   \nb2\nb2\n' --seed 2
rc_is "bad lines do not end the game" 0
has "not a cell" "'zz' is not a cell here: a cell is a column letter and a row number"
has "number 0" "'0' is not a cell here: cell number is off the board (1 to 9)."
has "number 10" "'10' is not a cell here: cell number is off the board (1 to 9)."
has "column off the board" "'d1' is not a cell here: column d is off the board (columns a to c)."
has "row off the board" "'a4' is not a cell here: row number is off the board (rows 1 to 3)."
has "two cells on a line" "'b2 c3' is not a cell here"
has "the good line after them is played" "X plays b2."
has "then occupied" "b2 is taken: choose an empty cell."
count "every bad line is answered once" "is not a cell here" 6
long=$(printf 'a%.0s' $(seq 1 5000))
game "$long\nb2\n" --seed 2
has "a very long line" "That line is too long to be a cell."
has "... and the game goes on" "X plays b2."

# --- q and end of input ----------------------------------------------------
game 'b2\nq\na1\n' --seed 3
rc_is "q" 0
count "q stops reading" "X plays" 1
game '' --seed 3
rc_is "empty input" 0
has "empty input: the prompt" "Your move (X): "
"$MNK" play --plain </dev/null >/dev/null 2>&1
rc=$?
rc_is "stdin from /dev/null" 0

# --- --as o: the computer (X) starts ---------------------------------------
game 'q\n' --as o --seed 4
rc_is "--as o" 0
has "--as o says so" "You play O, the computer (perfect) plays X."
first_x=$(grep -n '^X plays' "$tmp/out" | head -1 | cut -d: -f1)
first_prompt=$(grep -n 'Your move (O)' "$tmp/out" | head -1 | cut -d: -f1)
if [ -n "$first_x" ] && [ -n "$first_prompt" ] && [ "$first_x" -lt "$first_prompt" ]; then ok
else bad "--as o: X moves before the first prompt"; fi
game '1\n2\n3\n4\n5\n6\n7\n8\n9\n' --as o --seed 5
has "--as o: a whole game ends" "wins with"
lacks "--as o: perfect never loses" "you win"

# --- two players: the result line ------------------------------------------
game 'a1\nb1\na2\nb2\na3\n' --two-players
rc_is "two players" 0
has "two players: prompts by side" "O to move: "
has "X wins down column a" "X wins with a1 a2 a3."
has "winning marks in capitals" "  1 X o ."
has "tally of two players" "Tally of all games: X won 1, O won 0, 0 drawn."
game 'b2\na1\nc1\na3\na2\nc2\nb1\nb3\nc3\n' --two-players
has "a draw" "Draw."
game 'a1\nb1\na2\nb2\na3\nc3\nn\nb2\n' --two-players
has "a move after the end" "The game is over: n starts a new game, q quits."
has "n starts a new game" "New game."
count "... where X plays again" "X plays b2." 1

# --- undo, hint, analysis ----------------------------------------------------
game 'u\nb2\nu\na1\n' --seed 6
has "nothing to undo at first" "Nothing to undo."
has "undo takes back the move and the reply" "Taken back."
has "then the game goes on" "X plays a1."
game 'a1\nb1\na2\nb2\nh\n' --two-players
has "the hint is the win" "Hint: a3 (win in 1)."
game 'x\nh\n' --seed 7
has "the hint on the empty board" "Hint: a1 (draw)."
game 'a\n' --seed 7
has "analysis lists every move" "Every move's value for X:"
has "... with values" "b2 draw"
game '?\n' --seed 7
has "help" "Commands: u undo"

# --- the computer against itself -------------------------------------------
game '' --watch --seed 8
rc_is "--watch" 0
has "--watch: perfect against perfect is a draw" "Draw."
lacks "--watch reads nothing" "Your move"
game '' --watch --level easy --seed 9
rc_is "--watch --level easy" 0
if grep -qE '^(Draw\.|[XO] wins with)' "$tmp/out"; then ok; else bad "--watch easy: a result"; fi

# --- levels and options ------------------------------------------------------
for level in easy medium hard perfect; do
    game 'b2\nq\n' --level "$level" --seed 10
    rc_is "--level $level" 0
    has "--level $level is named" "the computer ($level) plays O"
done
game '' --level genius
rc_is "an unknown level is a usage error" 2
game '' --two-players --watch
rc_is "--two-players with --watch" 1
game 'b2\nq\n' --rules 4,4,3 --seed 11
has "--rules 4,4,3" "mnk play: 4,4,3"
has "... a 4x4 board" "    a b c d"
game 'q\n' --rules 7,7,5 --time 0.2 --as o --seed 12
rc_is "a board that cannot be solved at once" 0
has "... is played within --time, not proven" "(not proven: the best found in"

# --- a board too big to solve: the engine plays, hints and analyses ------
game 'h8\na\nh\nq\n' --rules 15,15,5 --time 0.3 --seed 3
rc_is "15x15" 0
has "the engine answers on 15x15" "O plays "
has "the analysis is the engine's evaluation" "The engine's view for X (depth "
has "... with a score" "heuristic score "
if grep -qE '^Best line:( [a-o][0-9]+)+$' "$tmp/out"; then ok; else bad "the analysis names the best line's cells:"$'\n'"$out"; fi
has "the hint" "Hint: "
lacks "no value of every move" "Every move's value"
# X h8 i8 j8 (g8 is O's), k9 k10 k11 (k12 is O's): k8 makes two fours.
game 'h8\ng8\ni8\nk12\nj8\na1\nk9\na15\nk10\no1\nk11\no15\na\nh\nq\n' --rules 15,15,5 --two-players --time 5
has "a win by fours is proven" "): win in 3."
has "... its line" "Best line: k8 "
has "... and the hint plays it" "Hint: k8 (win in 3)."

finish "plain game"
