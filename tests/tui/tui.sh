#!/usr/bin/env bash
# The full-screen game of `mnk play`, end to end, in a private tmux server:
# whole games as X and as O against the perfect computer (which must never
# lose), the screen checked after every move, undo, the hint, the analysis,
# refusals, mouse clicks, modes and levels from keys, a resize to a window
# too small and back, NO_COLOR, and q and Ctrl-C leaving the terminal as it
# was. Nothing here sleeps for a fixed time: every step waits for the text
# it expects, up to a generous limit. Usage: tests/tui/tui.sh [path/to/mnk]
set -u

MNK=$(cd "$(dirname "${1:-build/mnk}")" && pwd)/$(basename "${1:-build/mnk}")
# A private tmux server per terminal started (a fresh socket each time:
# a server just killed may still be going away).
servers=0
T=()
new_server() {
    [ "${#T[@]}" -gt 0 ] && "${T[@]}" kill-server 2>/dev/null
    servers=$((servers + 1))
    T=(tmux -L "mnk-test-$$-$servers" -f /dev/null)
}
TIMEOUT=${TUI_TIMEOUT:-20} # seconds for any one thing to appear
. "$(dirname "$0")/../lib.sh"
cleanup() {
    for ((i = 1; i <= servers; i++)); do tmux -L "mnk-test-$$-$i" kill-server 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT
RANDOM=4242 # the test's own moves, the same every run

# lib.sh's bad, with the screen as it was.
bad() {
    fail=$((fail + 1))
    printf 'FAIL: %s\n' "$*"
    printf '%s\n' '--- screen ---' "$(cap)" '--------------'
}

cap() { "${T[@]}" capture-pane -p -t game 2>/dev/null; }
keys() { "${T[@]}" send-keys -t game "$@"; }

screen_has() { cap | grep -qF -- "$1"; }
screen_lacks() { ! cap | grep -qF -- "$1"; }
wait_for() { # TEXT NAME
    if until_true screen_has "$1"; then ok; else bad "${2:-waiting for [$1]}: [$1] never appeared"; return 1; fi
}
wait_gone() { # TEXT NAME
    if until_true screen_lacks "$1"; then ok; else bad "${2:-[$1] should go}: [$1] stayed"; return 1; fi
}

# The 3x3 board on the screen as nine characters (X, O or . row by row);
# boxed layout, analysis off.
board() {
    cap | sed 's/│/|/g' | awk -F'|' '/^ *[0-9]+ \|/ {
        for (i = 2; i < NF; i++) { c = $i; gsub(/[][ ]/, "", c); printf "%s", (c == "" ? "." : c) } }'
}
marks() { local b; b=$(board); b=${b//./}; echo ${#b}; }
marks_are() { [ "$(marks)" -eq "$1" ]; }
over() { screen_has " wins: " || screen_has "Draw. "; }
# After a move: the reply is there (n marks, a person to move) or it is over.
settled() { over || { marks_are "$1" && screen_has "Your move ("; }; }

# The game runs under this script, which writes the game's pid to
# $tmp/pid and prints EXIT=<its exit status>. The script traps (does not
# ignore: the game would inherit that) INT and QUIT, so that it outlives a
# Ctrl-C or Ctrl-\ that ends the game by the signal; an interactive shell
# would drop the rest of its command line then, as it should. No core
# files from SIGQUIT and the faults.
cat >"$tmp/run.sh" <<'RUN'
trap : INT QUIT
ulimit -c 0
pidfile=$1
shift
sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@"
echo EXIT=$?
RUN

# start ARGS...: a shell in a fresh terminal (80x24, or W x H), mnk play
# ARGS in it;
# after it exits the shell prints EXIT=<code> and whether stty is as before.
start() {
    new_server
    "${T[@]}" new-session -d -s game -x "${W:-80}" -y "${H:-24}" "env PS1='$ ' sh" ||
        { bad "tmux"; return 1; }
    run_game "$@"
}
# run_game ARGS...: mnk play ARGS in the shell of the terminal running.
run_game() {
    rm -f "$tmp/stty.after" "$tmp/pid"
    keys "clear; stty -g > $tmp/stty.before; ${PRE:-} sh $tmp/run.sh $tmp/pid $MNK play $*; stty -g > $tmp/stty.after; echo DONE" Enter
}
# The terminal is as it was: the exit code, stty's settings, and the game
# gone from the screen (the shell's screen is back).
check_exit() { # CODE NAME
    wait_for "DONE" "$2: the shell comes back" || return
    if screen_has "EXIT=$1"; then ok; else bad "$2: exit code $1 expected"; fi
    if cmp -s "$tmp/stty.before" "$tmp/stty.after"; then ok; else bad "$2: stty settings changed"; fi
    if screen_lacks "┌" && screen_lacks "Tally:"; then ok
    else bad "$2: the game is still on the screen"; fi
}

# One whole game at the perfect level; `me` is X or O. Random empty cells by
# digit and Enter; after each move the screen must show the mark where it
# was played and the computer's reply.
play_game() {
    local me=$1 b empties i cell n
    while ! over; do
        b=$(board)
        n=$(marks)
        empties=()
        for ((i = 0; i < 9; i++)); do [ "${b:i:1}" = . ] && empties+=("$i"); done
        cell=${empties[RANDOM % ${#empties[@]}]}
        keys "$((cell + 1))" Enter
        if ! until_true settled $((n + 2)); then bad "no reply after my move at $((cell + 1))"; return 1; fi
        b=$(board)
        if [ "${b:cell:1}" = "$me" ]; then ok; else bad "my $me is not at cell $((cell + 1)): $b"; return 1; fi
    done
    if screen_has "You win!"; then bad "the perfect computer lost"; else ok; fi
}

# --- whole games as X -------------------------------------------------------
start --seed 11
wait_for "Your move (X)." "the game opens"
wait_for "mnk play - tic-tac-toe - you X, computer O (perfect)" "the title"
wait_for "Tally: you won 0, lost 0, drew 0." "the tally"
wait_for "? all keys." "the help line"
if [ "$(board)" = "........." ]; then ok; else bad "an empty board: $(board)"; fi
games=0
for g in 1 2 3 4; do
    [ "$g" -gt 1 ] && { keys n; until_true marks_are 0 || bad "n: a new game"; }
    play_game X
    games=$((games + 1))
done
# The tally counts every game, and none won against perfect.
tally=$(cap | grep -o 'Tally: you won [0-9]*, lost [0-9]*, drew [0-9]*')
read -r won lost drew <<<"$(echo "$tally" | tr -cs '0-9' ' ')"
if [ "${won:-x}" = 0 ] && [ $((lost + drew)) -eq "$games" ]; then ok; else bad "tally after $games games: $tally"; fi

# A finished game refuses moves.
keys Enter
wait_for "The game is over:" "a move after the end"

# --- whole games as O ---------------------------------------------------------
keys o
wait_for "You play O now; the game goes on." "o: play O"
wait_for "you O, computer X (perfect)" "the title says O"
keys n
until_true settled 1 || bad "the computer opens as X"
for g in 1 2 3; do
    [ "$g" -gt 1 ] && { keys n; until_true settled 1 || bad "n as O: X opens"; }
    play_game O
done

# --- undo and hint --------------------------------------------------------------
keys x
wait_for "You play X now; the game goes on." "x: play X"
keys n
until_true marks_are 0 || bad "n after x"
keys u
wait_for "Nothing to undo." "undo at the start"
keys 1 Enter
until_true settled 2 || bad "a1 and the reply"
keys u
wait_for "Taken back." "undo"
if until_true marks_are 0; then ok; else bad "undo takes back the move and the reply: $(board)"; fi
keys 1 Enter
until_true settled 2 || bad "a1 again"
keys 1 Enter
wait_for "a1 is taken: choose an empty cell." "an occupied cell is refused"
keys h
wait_for "Hint for X: " "the hint"
wait_for "(draw)." "the hint's value"
# The hint moved the cursor to its cell: Enter plays it.
hint=$(cap | grep -o 'Hint for X: [a-c][1-3]' | tail -c 3)
keys Enter
until_true settled 4 || bad "playing the hint"
b=$(board)
idx=$(( ( ${hint:1:1} - 1 ) * 3 + $(printf '%d' "'${hint:0:1}") - 97 ))
if [ "${b:idx:1}" = X ]; then ok; else bad "the hint $hint was played: $b"; fi

# --- analysis overlay ------------------------------------------------------------
keys a
wait_for "Analysis for X:" "the analysis overlay"
if cap | grep -E '^ +[123] ' | grep -qE '│ +(D|W[0-9]+|L[0-9]+) +│'; then ok; else bad "values in the empty cells"; fi
keys a
wait_gone "Analysis for X:" "analysis off"

# --- keys that mean nothing, mouse, levels -------------------------------------------
before=$(board)
keys '%' Z F1 '#'
keys H
wait_for "Hint for X" "the game still answers after junk keys"
if [ "$(board)" = "$before" ]; then ok; else bad "junk keys changed the board"; fi
keys n
until_true marks_are 0 || bad "n"
# A click on c3 (X10 mouse: button, column, row, each + 33 counting from
# 0). The cell is found on the screen: the row labelled 3, the column under
# the letter c (the board's size follows the window's).
row=$(cap | grep -n '^ *3 ' | head -1 | cut -d: -f1)
col=$(cap | sed -n 2p | awk '{ print index($0, "c") }')
click=$(printf "\\x$(printf %x $((32 + col)))\\x$(printf %x $((32 + row)))")
keys -l $'\e[M '"$(printf "$click")"
keys -l $'\e[M#'"$(printf "$click")"
if until_true settled 2; then ok; else bad "a mouse click plays a cell"; fi
b=$(board)
if [ "${b:8:1}" = X ]; then ok; else bad "the click played c3: $b"; fi
keys -
wait_for "Level: hard." "- lowers the level"
wait_for "you X, computer O (hard)" "the title shows the level"
keys + +
wait_for "The level is perfect already." "+ stops at perfect"

# --- two players and watching ---------------------------------------------------------
keys t
wait_for "Two players now; the game goes on." "t: two players"
keys n
until_true marks_are 0 || bad "n after t"
keys 5 Enter
wait_for "O to move. Last move: X b2." "two players: O's turn"
keys 1 Enter
wait_for "X to move. Last move: O a1." "two players: X's turn"
keys u
wait_for "O to move. Last move: X b2." "two players: undo is one move"
keys w
wait_for "The computer plays both sides now." "w: watch"
wait_for "Draw. " "perfect against itself draws"
wait_for "Tally: X won " "the tally of all games"

# --- resize --------------------------------------------------------------------------------
keys x
keys n
until_true marks_are 0 || bad "x, n"
keys 5 Enter
until_true settled 2 || bad "b2"
"${T[@]}" resize-window -t game -x 30 -y 10
wait_for "The window is too small" "a small window says so"
"${T[@]}" resize-window -t game -x 80 -y 24
wait_for "Your move (X)." "resizing back redraws"
if [ "$(marks)" -eq 2 ]; then ok; else bad "the board survives the resize: $(board)"; fi
"${T[@]}" resize-window -t game -x 44 -y 15
compact() { screen_has "[X]" && screen_lacks "┼" && screen_has "Your move (X)."; }
if until_true compact; then ok; else bad "a short window: the compact board"; fi
"${T[@]}" resize-window -t game -x 80 -y 24

# --- q asks once in a game, then the terminal is clean ------------------------------------
keys q
wait_for "Quit the game in progress?" "q asks first"
keys n
wait_for "Go on playing." "any other key goes on"
keys q
wait_for "Quit the game in progress?" "q asks again"
keys q
check_exit 0 "q"

# q with no game in progress quits at once.
start --seed 12
wait_for "Your move (X)." "second start"
keys q
check_exit 0 "q at the start"

# --- signals: every one that ends the program restores the terminal first ------------------
# and ends the game by that signal (exit status 128 + its number). First
# while the computer thinks (the solver, on a board it cannot solve at
# once), by the keys that send them (Ctrl-C, Ctrl-\) and by kill; then
# each signal while the game waits for a key, all in one terminal. (Ctrl-C
# while the engine thinks: below, with the engine.)
new_server
"${T[@]}" new-session -d -s game -x 80 -y 24 "env PS1='$ ' sh" || bad "tmux"
game_pid() { until_true test -s "$tmp/pid" && cat "$tmp/pid"; }
for how in C-c 'C-\' TERM; do
    run_game --rules 8,8,5 --time 120 --as o --seed 13
    wait_for "(computer) is thinking..." "thinking on 8,8,5" || continue
    case $how in
    C-*) keys "$how"; code=$([ "$how" = C-c ] && echo 130 || echo 131) ;;
    *) kill -s "$how" "$(game_pid)"; code=$((128 + $(kill -l "$how"))) ;;
    esac
    check_exit "$code" "$how while thinking"
done
# The signals the issue names, one of each other kind the game catches
# (the rest share their code: a table in tui/signals.c), and faults.
for sig in HUP INT QUIT PIPE ALRM TERM USR1 USR2 XCPU PROF RTMAX SEGV ABRT; do
    run_game --seed 17
    wait_for "Your move (X)." "SIG$sig: the game is up" || continue
    kill -s "$sig" "$(game_pid)"
    check_exit $((128 + $(kill -l "$sig"))) "SIG$sig"
done

# --- keys while the computer thinks ------------------------------------------------------------
# The solver on 8,8,5 with two minutes a move, far longer than any wait
# here: each step can only pass if the key took effect during the search.
# (The engine's search: below, with the engine.)
start --rules 8,8,5 --time 120 --as o --seed 18
wait_for "X (computer) is thinking..." "a long search"
# Keys that change nothing act at once, and the search goes on.
keys '?'
wait_for "Keys of mnk play" "? during a search"
keys z
wait_for "X (computer) is thinking..." "the help closes, the search goes on"
# Esc makes the computer move at once.
keys Escape
wait_for "X played " "Esc: the computer moves"
wait_for "Your move (O)." "Esc: then it is your move"
keys g d 4 Enter
wait_for "X (computer) is thinking..." "thinking after d4"
if screen_has "Last move: O d4."; then ok; else bad "d4 was played"; fi
# So does a key that plays (Enter here).
keys Enter
wait_for "X played " "Enter: the computer moves"
wait_for "Your move (O)." "Enter: then it is your move"
keys g c 3 Enter
wait_for "X (computer) is thinking..." "thinking after c3"
# q during a game asks first, while the search goes on; q again quits at once.
keys q
wait_for "Quit the game in progress?" "q during a search asks"
if screen_has "X (computer) is thinking..."; then ok; else bad "the search goes on while q asks"; fi
keys q
check_exit 0 "q q during a search"
# So do a digit (the start of a cell's number) and a click anywhere (a
# press of the button): each is used up, no cell typed, none played.
for key in digit click; do
    start --rules 8,8,5 --time 120 --as o --seed 18
    wait_for "X (computer) is thinking..." "a long search ($key)"
    if [ $key = digit ]; then
        keys 7
    else
        keys -l $'\e[M !!'
        keys -l $'\e[M#!!'
    fi
    wait_for "X played " "$key: the computer moves"
    wait_for "Your move (O)." "$key: then it is your move"
    if screen_lacks "Go to cell" && [ "$(cap | grep -c '│ O │')" -eq 0 ]; then ok; else bad "$key: used up"; fi
    keys q q
    check_exit 0 "$key: q q"
done
# With no game in progress q quits at once, search or not.
start --rules 8,8,5 --time 120 --as o --seed 19
wait_for "X (computer) is thinking..." "a long search on the empty board"
keys q
check_exit 0 "q during a search"
# A hint and the analysis are searches too: Esc shows what they found.
start --rules 8,8,5 --time 120 --seed 20
wait_for "Your move (X)." "X to move on 8,8,5"
keys h
wait_for "Looking for a hint for X..." "a long hint"
keys Escape
wait_for "Hint for X: " "Esc: the hint found so far"
keys a
wait_for "Analysing every empty cell for X..." "a long analysis"
keys Escape
wait_for "Analysis for X:" "Esc: the analysis found so far"
keys a
wait_for "Analysis off." "a: the analysis off"
# u during the computer's search: it moves, then both moves are taken back.
keys g e 5 Enter
wait_for "O (computer) is thinking..." "thinking after e5"
keys u
wait_for "Taken back." "u during a search"
if screen_has "Your move (X)." && screen_lacks "Last move:"; then ok; else bad "u: the board is empty again"; fi
keys q
check_exit 0 "q after the searches"

# --- --time: a move within the limit, not proven ---------------------------------------------
W=140 H=40 start --rules 8,8,5 --time 0.3 --as o --seed 14
wait_for "not proven, the best move found." "a move within --time says it is not proven"
wait_for "Your move (O)." "then it is your move"
keys g e 4 Enter
wait_for "Last move: X" "a typed coordinate is played and answered"
keys q y
check_exit 0 "q after a typed coordinate"

# --- boards too big to solve: the engine ----------------------------------------------------
# Moves typed as coordinates (g, the cell, Enter), X first.
type_moves() { for mv in "$@"; do keys g "$mv" Enter; wait_for "Last move: $([ $((${#moved} % 2)) = 0 ] && echo X || echo O) $mv." "typed $mv" || return; moved+=x; done; }
# 15x15: the computer answers through the engine, and says what it found.
# A wide screen keeps the panel's lines whole. The message comes with a
# move that took THINK_NOTICE (0.25 s) or more: at --time 0.5 the engine
# may end its last iteration right at 0.25 s (no time for another), at
# --time 1 it searches well past it.
board_rows() { cap | grep -E '^ +[0-9]+ │'; }
W=200 H=50 start --rules 15,15,5 --time 1 --seed 21
wait_for "Your move (X)." "15x15 starts"
keys g h 8 Enter
wait_for "Last move: O " "the engine answers on 15x15"
wait_for "O played " "... and says what it played"
if screen_has " at depth " || screen_has ", proven"; then ok; else bad "the move's message gives the engine's score and depth"; fi
wait_for "Your move (X)." "then it is X's move"
# The analysis: the engine's score and best line, numbered on the board.
keys a
wait_for "Analysis: score " "the analysis shows the engine's score"
wait_for "Best line " "... and its best line"
first=$(cap | sed -n 's/.*Best line \([a-o][0-9]*\) .*/\1/p')
if [ -n "$first" ]; then ok; else bad "the best line names cells"; fi
if board_rows | grep -qE '│ +1 +│'; then ok; else bad "the best line's first move is numbered 1 on the board"; fi
if board_rows | grep -qE '│ +\? +│'; then bad "no cell shows '?' with the engine"; else ok; fi
# A hint is the engine's move, with its score (a timed search: not
# always the analysis' move).
keys h
wait_for "Hint for X: " "h gives the engine's hint"
if cap | grep -qE 'Hint for X: [a-o][0-9]+ \(score [-+][0-9]+ for X at depth [0-9]+, not proven\)'; then ok
else bad "the hint gives a cell and the engine's score"; fi
keys q y
check_exit 0 "q on 15x15"

# A win by continuous fours is shown as proven: X h8 i8 j8 (g8 is O's)
# and k9 k10 k11 (k12 is O's); k8 makes two fours.
W=200 H=50 start --rules 15,15,5 --two-players --time 5
wait_for "X to move." "two players on 15x15"
moved=
type_moves h8 g8 i8 k12 j8 a1 k9 a15 k10 o1 k11 o15
keys a
wait_for "Analysis: X wins in 3, proven. Best line k8 " "a VCF is a proven win in 3, k8 first"
keys q y
check_exit 0 "q after the VCF"

# Ctrl-C stops the engine mid-search: O thinks for up to 30 s after X's
# centre.
start --rules 15,15,5 --time 30 --watch
wait_for "O (computer) is thinking..." "the engine thinks on 15x15"
keys C-c
check_exit 130 "Ctrl-C while the engine thinks"

# Keys while the engine thinks, as while the solver does: it has two
# minutes a move, far longer than any wait here, so each step can only
# pass if the key took effect during the search. The clock on the status
# line runs meanwhile (drawn by the main thread, not the engine's).
W=140 H=40 start --rules 15,15,5 --time 120 --seed 22
wait_for "Your move (X)." "15x15 with two minutes a move"
keys g h 8 Enter
wait_for "O (computer) is thinking..." "the engine thinks after h8"
if until_true eval 'cap | grep -qE "O \(computer\) is thinking\.\.\. [1-9][0-9]*\.[0-9] s\. Esc: move now\."'; then ok
else bad "the clock runs while the engine thinks"; fi
keys Escape
wait_for "O played " "Esc: the engine moves at once"
wait_for "Your move (X)." "Esc: then it is X's move"
# Esc during the engine's hint shows what it found so far.
keys h
wait_for "Looking for a hint for X..." "a long hint from the engine"
keys Escape
wait_for "Hint for X: " "Esc: the engine's hint so far"
# q during a game asks first while the engine goes on; q again quits at once.
# X plays a1: O's moves are near the stones (h8), so a1 is free whatever O
# played when Esc stopped its search.
keys g a 1 Enter
wait_for "O (computer) is thinking..." "the engine thinks after a1"
keys q
wait_for "Quit the game in progress?" "q during the engine's search asks"
if screen_has "O (computer) is thinking..."; then ok; else bad "the engine goes on while q asks"; fi
keys q
check_exit 0 "q q during the engine's search"
# Watching, nothing asks: q quits at once.
start --rules 15,15,5 --time 120 --watch
wait_for "O (computer) is thinking..." "the engine thinks, watched"
keys q
check_exit 0 "q during the engine's search"

# --- the exact rule: an overline does not end the game -------------------------------------
# Two players on 6x2 with k = 3: X a1 b1 d1, then c1 makes four in a row.
# Moves typed as coordinates (g, the cell, Enter).
start --rules 6,2,3 --two-players
wait_for "mnk play - 6,2,3: 3 in a row - two players" "freestyle in the title"
moved=
type_moves a1 a2 b1 c2 d1 e2
keys g c1 Enter
wait_for "X wins: " "freestyle: the overline wins"
keys q
check_exit 0 "q after a freestyle game"
start --rules 6,2,3,exact --two-players
wait_for "mnk play - 6,2,3,exact: exactly 3 in a row - two players" "the exact rule in the title"
moved=
type_moves a1 a2 b1 c2 d1 e2 c1
wait_for "O to move. Last move: X c1." "exact: the game goes on after the overline"
if screen_lacks " wins: "; then ok; else bad "exact: the overline must not win"; fi
keys g b2 Enter
wait_for "O wins: a2 b2 c2." "exact: a run of exactly three wins"
keys q
check_exit 0 "q after an exact game"

# --- NO_COLOR and --plain -------------------------------------------------------------------
# Colours: with 256 colours, X and O in colours of at least 4.5:1 (WCAG AA)
# against black and white when the background is unknown, and against the
# background's side when COLORFGBG or MNK_BACKGROUND tells it. The ratios
# are computed here from xterm's 256-colour cube, not taken from the game.
contrast() { # INDEX R G B: the contrast of colour INDEX against R,G,B (x100)
    awk -v i="$1" -v R="$2" -v G="$3" -v B="$4" 'function lin(c) { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
        function lum(r, g, b) { return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) }
        BEGIN { split("0 95 135 175 215 255", lv, " "); i -= 16
            a = lum(lv[int(i / 36) + 1], lv[int(i / 6) % 6 + 1], lv[i % 6 + 1]); b = lum(R, G, B)
            hi = a > b ? a : b; lo = a > b ? b : a; printf "%d", 100 * (hi + 0.05) / (lo + 0.05) }'
}
# colour_of MARK: the 256-colour index the screen gives the mark X or O.
colour_of() {
    "${T[@]}" capture-pane -e -p -t game | grep -oE $'\e''\[38;5;[0-9]+m *\[?'"$1" | head -1 | grep -oE '38;5;[0-9]+' | cut -d';' -f3
}
for bg in unknown dark light; do
    case $bg in
    unknown) PRE="TERM=screen-256color" ;;
    dark) PRE="TERM=screen-256color COLORFGBG='15;0'" ;;
    light) PRE="TERM=screen-256color MNK_BACKGROUND=light" ;;
    esac
    PRE=$PRE start --seed 15
    wait_for "Your move (X)." "colour start ($bg)"
    keys 5 Enter
    until_true settled 2 || bad "colour: b2 ($bg)"
    for mark in X O; do
        c=$(colour_of "$mark")
        if [ -z "$c" ]; then bad "$bg background: $mark has no 256-colour"; continue; fi
        on_black=$(contrast "$c" 0 0 0)
        on_white=$(contrast "$c" 255 255 255)
        case $bg in
        unknown) [ "$on_black" -ge 450 ] && [ "$on_white" -ge 450 ] ;;
        dark) [ "$on_black" -ge 450 ] ;;
        light) [ "$on_white" -ge 450 ] ;;
        esac && ok || bad "$bg background: $mark in colour $c, $on_black/100 on black, $on_white/100 on white"
    done
    keys q y
    check_exit 0 "q ($bg)"
done
# With 8 colours (TERM=screen) their RGB values are the terminal's: the
# marks keep its foreground.
start --seed 15
wait_for "Your move (X)." "8 colours start"
keys 5 Enter
until_true settled 2 || bad "8 colours: b2"
if "${T[@]}" capture-pane -e -p -t game | grep -qE $'\e\\[[0-9;]*3[0-7]m'; then bad "8 colours: colours used"; else ok; fi
keys q y
check_exit 0 "q (8 colours)"

# --- the last move, ? and the board's size ----------------------------------------------
W=120 H=40 start --seed 16 --as o
wait_for "Your move (O)." "120x40"
# The computer's move is marked on the board; the status says which it is.
last=$(cap | grep -oE 'Last move: X [a-c][1-3]' | tail -c 3)
if cap | grep -qF "[X]"; then ok; else bad "the computer's last move is marked"; fi
mark_row=$(cap | grep -F "[X]" | head -1 | grep -oE '^ +[1-3] ' | tr -d ' ')
if [ "$mark_row" = "${last:1:1}" ]; then ok; else bad "the mark is on $last's row (row $mark_row)"; fi
# On 120x40 the cells are larger than the 3x1 of a small screen.
height=$(cap | grep -c '^    │')
if [ "$height" -ge 18 ]; then ok; else bad "a 3x3 board fills a 120x40 window ($height lines of cells)"; fi
keys '?'
wait_for "Keys of mnk play (any key closes this)" "? shows the keys"
for k in "h             hint" "u             undo" "q             quit"; do
    if screen_has "$k"; then ok; else bad "the help lists [$k]"; fi
done
keys z
wait_for "Your move (O)." "any key closes the help"
if [ "$(marks)" -eq 1 ]; then ok; else bad "the key that closed the help did nothing else"; fi
# Switching sides keeps the game: the computer takes the other side.
keys x
wait_for "You play X now; the game goes on." "x mid-game"
if until_true marks_are 2; then ok; else bad "the computer (now O) moved in the same game: $(board)"; fi
wait_for "Your move (X)." "then it is X's move"
keys q y
check_exit 0 "q at 120x40"
keys q q
check_exit 0 "colour run"
new_server
"${T[@]}" new-session -d -s game -x 80 -y 24 "env PS1='$ ' NO_COLOR=1 sh"
keys "clear; $MNK play --seed 15" Enter
wait_for "Your move (X)." "NO_COLOR start"
keys 5 Enter
until_true settled 2 || bad "NO_COLOR: b2"
if "${T[@]}" capture-pane -e -p -t game | grep -q $'\e\\[3[0-7]m'; then bad "NO_COLOR: colours used"; else ok; fi
keys q q
start --plain --seed 16
wait_for "Your move (X):" "--plain on a terminal is the line game"
keys q Enter
check_exit 0 "--plain"

finish "full-screen game"
