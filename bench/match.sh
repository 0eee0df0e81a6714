#!/usr/bin/env bash
# bench/match.sh - a match between two Gomocup-protocol engines, played by
# c-gomoku-cli, scored as wins, draws and losses of the first engine and an
# Elo difference with its 95% error. A benchmark: it prints measured
# numbers and never fails on a result.
#
#   bench/match.sh CLI "ENGINE1 CMD" "ENGINE2 CMD" [GAMES] [SECONDS] [SIZE] [RULE]
#
# CLI is the c-gomoku-cli executable (built beside the project, see
# ../shared/gomoku-peers/). GAMES (default 40) are played in pairs: every
# opening twice, colours swapped. SECONDS is the time per move (default 1),
# SIZE the board (15), RULE Gomocup's (0: five or more wins, 1: exactly
# five). Openings are three stones drawn at random within two cells of the
# centre from a fixed seed, so two runs play the same openings. The games
# go to OUT/match-*.sgf and the engines' messages to OUT/match-*.txt, OUT
# being $MATCH_OUT or the current folder. Both engines get INFO max_memory
# $MATCH_MEMORY bytes (default 64 MiB: c-gomoku-cli's own default, 350 MiB,
# had Rapfi clear its table for longer than a move may take on a loaded
# 2-core machine, and lose every game on time).
set -euo pipefail
cli=${1:?usage: match.sh CLI "ENGINE1" "ENGINE2" [GAMES] [SECONDS] [SIZE] [RULE]}
e1=${2:?engine 1}
e2=${3:?engine 2}
games=${4:-40}
secs=${5:-1}
size=${6:-15}
rule=${7:-0}
out=${MATCH_OUT:-.}
memory=${MATCH_MEMORY:-67108864}
mkdir -p "$out"
stamp=$(date +%Y%m%d-%H%M%S)
openings=$(mktemp)
log=$(mktemp)
trap 'rm -f "$openings" "$log"' EXIT

# Three-stone openings in c-gomoku-cli's notation (offsets from the centre).
awk -v n=$(((games + 1) / 2)) 'BEGIN {
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
}' >"$openings"

"$cli" -each tc=0/"$secs" tolerance=1 maxmemory="$memory" \
    -engine "cmd=$e1" -engine "cmd=$e2" \
    -rule "$rule" -boardsize "$size" -games "$games" -repeat -drawafter $((size * size)) \
    -openings file="$openings" order=sequential \
    -sgf "$out/match-$stamp.sgf" -msg "$out/match-$stamp.txt" | tee "$log"

# "Score of A vs B: W - L - D [...]": the first engine's wins, losses, draws.
awk '/Score of/ { line = $0 } END {
    if (line == "") { print "no score line"; exit }
    sub(/.*: */, "", line); split(line, f, /[^0-9]+/);
    w = f[1]; l = f[2]; d = f[3]; n = w + l + d;
    if (n == 0) { print "no games"; exit }
    s = (w + d / 2) / n;
    # Elo from the score, and its 95% error from the variance of a game.
    var = (w * (1 - s)^2 + l * s^2 + d * (0.5 - s)^2) / n;
    err = 1.96 * sqrt(var / n);
    elo = elo_of(s); lo = elo_of(s - err); hi = elo_of(s + err);
    printf "games %d: %d wins, %d draws, %d losses; score %.1f%%; Elo %s (95%%: %s .. %s)\n",
        n, w, d, l, 100 * s, fmt(elo), fmt(lo), fmt(hi);
}
function elo_of(p) {
    if (p <= 0) return "-inf"; if (p >= 1) return "+inf";
    return -400 * log(1 / p - 1) / log(10);
}
function fmt(x) { return (x == "-inf" || x == "+inf") ? x : sprintf("%+.0f", x) }' "$log"
