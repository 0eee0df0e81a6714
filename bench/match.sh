#!/usr/bin/env bash
# bench/match.sh - a match between two Gomocup-protocol engines, played by
# c-gomoku-cli, scored as wins, draws and losses of the first engine and an
# Elo difference with its 95% error, the depth of each engine's last
# iteration on average and its nodes a second (bench/match-depth.py). A
# benchmark: it prints measured numbers and never fails on a result.
#
#   bench/match.sh CLI "ENGINE1 CMD" "ENGINE2 CMD" [GAMES] [SECONDS] [SIZE] [RULE]
#
# CLI is the c-gomoku-cli executable (built beside the project, see
# ../shared/gomoku-peers/). GAMES (default 40) are played in pairs: every
# opening twice, colours swapped. SECONDS is the time per move (default 1),
# SIZE the board (15), RULE Gomocup's (0: five or more wins, 1: exactly
# five). Openings are the first GAMES / 2 of $MATCH_OPENINGS, a file of
# bench/openings.py (balanced by Rapfi's evaluation; lines starting with #
# and everything after a tab are left out), or else three stones drawn at
# random within two cells of the centre from a fixed seed, which favour
# Black; either way two runs play the same openings. The games
# go to OUT/match-*.sgf and the engines' messages to OUT/match-*.txt, OUT
# being $MATCH_OUT or the current folder. Both engines get INFO max_memory
# $MATCH_MEMORY bytes (default 64 MiB: c-gomoku-cli's own default, 350 MiB,
# had Rapfi clear its table for longer than a move may take on a loaded
# 2-core machine, and lose every game on time).
# $MATCH_OPTS1 and $MATCH_OPTS2 add c-gomoku-cli engine options to each
# engine (say "nodes=300000": INFO max_node, a limit that does not depend
# on the machine's load); $MATCH_CONCURRENCY games are played at once (1).
# $MATCH_SECONDS1 and $MATCH_SECONDS2 give one engine another time per move
# than SECONDS (time odds: how much more time would be worth).
set -euo pipefail
cli=${1:?usage: match.sh CLI "ENGINE1" "ENGINE2" [GAMES] [SECONDS] [SIZE] [RULE]}
e1=${2:?engine 1}
e2=${3:?engine 2}
games=${4:-40}
secs=${5:-1}
size=${6:-15}
rule=${7:-0}
secs1=${MATCH_SECONDS1:-$secs}
secs2=${MATCH_SECONDS2:-$secs}
out=${MATCH_OUT:-.}
memory=${MATCH_MEMORY:-67108864}
# Names for the games' lines and files: the command's file name and its
# options ("pbrain-mnk-greedy"), made to differ, so that every game can be
# scored for the first engine even when both are the same program.
name_of() { printf '%s\n' "$1" | sed 's#^[^ ]*/##; s/  *-*/-/g'; }
n1=$(name_of "$e1")
n2=$(name_of "$e2")
[ "$n1" != "$n2" ] || n2="$n2-2"
mkdir -p "$out"
stamp=$(date +%Y%m%d-%H%M%S)
openings=$(mktemp)
log=$(mktemp)
trap 'rm -f "$openings" "$log"' EXIT

# Three-stone openings in c-gomoku-cli's notation (offsets from the centre):
# $1 of them at random within two cells of the centre, from a fixed seed.
random_openings() {
    awk -v n="$1" 'BEGIN {
        srand(2026);
        for (i = 0; i < n; i++) {
            k = 0; delete used;
            while (k < 3) {
                x = int(rand() * 5) - 2; y = int(rand() * 5) - 2;
                if ((x "," y) in used) continue;
                used[x "," y] = 1; cell[k++] = x "," y;
            }
            print cell[0] ", " cell[1] ", " cell[2];
        }
    }'
}
pairs=$(((games + 1) / 2))
if [ -n "${MATCH_OPENINGS:-}" ]; then
    # One awk reading the whole file, not grep | cut | head: head leaving
    # early kills the writers with SIGPIPE, which pipefail made this
    # script's exit status (141, nothing written) when the timing fell so.
    awk -F '\t' -v n="$pairs" '!/^#/ && k < n { print $1; k++ }' "$MATCH_OPENINGS" >"$openings"
    have=$(wc -l <"$openings")
    if [ "$have" -lt "$pairs" ]; then
        echo "match.sh: $MATCH_OPENINGS has $have openings; $games games need $pairs" >&2
        exit 2
    fi
else
    random_openings "$pairs" >"$openings"
fi

# Each engine's time goes with it, not with -each, whose settings would
# override the engines' own.
# shellcheck disable=SC2086 # the options are words
"$cli" -each tolerance=1 maxmemory="$memory" \
    -engine "name=$n1" "cmd=$e1" tc=0/"$secs1" ${MATCH_OPTS1:-} \
    -engine "name=$n2" "cmd=$e2" tc=0/"$secs2" ${MATCH_OPTS2:-} \
    -concurrency "${MATCH_CONCURRENCY:-1}" \
    -rule "$rule" -boardsize "$size" -games "$games" -repeat -drawafter $((size * size)) \
    -openings file="$openings" order=sequential \
    -sgf "$out/match-$stamp.sgf" -msg "$out/match-$stamp.txt" | tee "$log"

# Each game's line, "[WORKER] Finished game N (BLACK vs WHITE): 1-0 {...}", scored for
# the first engine, whose name the "Score of FIRST vs SECOND" lines give.
# Not the Score lines' own counts: c-gomoku-cli credits a loss on time to
# the engine that lost it (seen 2026-11-23: "Finished game 11 (rapfi vs
# mnk): 1-0 {Black win by time forfeit}" took mnk's score from 3-7 to 4-7).
#
# A game in which no engine played a move (the SGF holds only the opening's
# stones) is void and left out: c-gomoku-cli scores an engine that never
# answers START as "time forfeit" of the side to move (its game.cpp), and
# Rapfi fails a START now and then (1 to 7 games a run, 2026-11-26 to
# 2026-12-04); the messages do not say which engine it was, so the line
# names the games. A time forfeit after a move is a result like any other.
void=$(awk 'BEGIN { RS = "[(];" }
    /GN\[[0-9]+\]/ {
        gn = $0; sub(/.*GN\[/, "", gn); sub(/\].*/, "", gn);
        moves = gsub(/;[BW]\[/, "&"); opening = gsub(/C\[opening move\]/, "&");
        if (moves == opening) printf "%s ", gn
    }' "$out/match-$stamp.sgf")
awk -v void="$void" '/^Score of / && first == "" { first = $0; sub(/^Score of /, "", first); sub(/ vs .*/, "", first) }
/Finished game/ {
    # "[WORKER] Finished game N (...)": the number after the words.
    gn = $0; sub(/.*Finished game /, "", gn); sub(/ .*/, "", gn);
    if (/time forfeit/ && index(" " void, " " gn " ")) voids++; else games[++n] = $0
}
END {
    if (voids) { sub(/ $/, "", void); printf "void (no move played): %d game(s), game %s\n", voids, void }
    if (n == 0 || first == "") { print "no games"; exit }
    w = l = d = 0;
    for (i = 1; i <= n; i++) {
        g = games[i];
        black = (index(g, "(" first " vs ") > 0);
        if (g ~ /\): 1-0/) { if (black) w++; else l++ }
        else if (g ~ /\): 0-1/) { if (black) l++; else w++ }
        else d++;
        if (g ~ /time forfeit/) forfeits++;
    }
    s = (w + d / 2) / n;
    # Elo from the score, and its 95% error from the variance of a game.
    var = (w * (1 - s)^2 + l * s^2 + d * (0.5 - s)^2) / n;
    err = 1.96 * sqrt(var / n);
    elo = elo_of(s); lo = elo_of(s - err); hi = elo_of(s + err);
    printf "games %d: %d wins, %d draws, %d losses; score %.1f%%; Elo %s (95%%: %s .. %s); %d decided by a time forfeit\n",
        n, w, d, l, 100 * s, fmt(elo), fmt(lo), fmt(hi), forfeits;
}
function elo_of(p) {
    if (p <= 0) return "-inf"; if (p >= 1) return "+inf";
    return -400 * log(1 / p - 1) / log(10);
}
function fmt(x) { return (x == "-inf" || x == "+inf") ? x : sprintf("%+.0f", x) }' "$log"

# How deep and how fast each engine searched, from its MESSAGE lines (mnk's
# "depth D-S ... time T ms", Rapfi's "... | Node N | Time Tms"; for an
# engine that reports no depth line the script says so). Its exit code is
# not the match's: the match was played either way.
here=$(dirname "$0")
for n in "$n1" "$n2"; do
    python3 "$here/match-depth.py" "$n" "$out/match-$stamp.txt" || true
done
