#!/usr/bin/env bash
# make bench: measured numbers for docs/research.md, never pass/fail.
set -eu
B=${1:-build}
REPEAT=20
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Fastest of 3 runs of a whole process, in seconds.
best_of_3() {
    local best=
    for _ in 1 2 3; do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >"$tmp/answers" <"$tmp/input"
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 $best" | awk '{ t = $2 - $1; if ($3 == "" || t < $3) print t; else print $3 }')
    done
    echo "$best"
}

"$B/bench"

"$B/bench" --positions >"$tmp/positions"
n=$(wc -l <"$tmp/positions")
for _ in $(seq $REPEAT); do cat "$tmp/positions"; done >"$tmp/input"
lines=$(wc -l <"$tmp/input")
echo
echo "whole process, fastest of 3: every non-terminal 3x3 position ($n) x $REPEAT = $lines lines"
t_mnk=$(best_of_3 "$B/mnk" best -)
cp "$tmp/answers" "$tmp/answers.mnk"
t_plain=$(best_of_3 "$B/plain_minimax")
if cmp -s "$tmp/answers" "$tmp/answers.mnk"; then agree="same moves"; else agree="DIFFERENT moves"; fi
printf '%-44s %10.3f s %12.0f lines/s\n' "mnk best - (solver, one table)" "$t_mnk" "$(echo "$lines $t_mnk" | awk '{print $1/$2}')"
printf '%-44s %10.3f s %12.0f lines/s\n' "plain array minimax" "$t_plain" "$(echo "$lines $t_plain" | awk '{print $1/$2}')"
echo "speed-up: $(echo "$t_plain $t_mnk" | awk '{printf "%.1f", $1/$2}')x ($agree)"

echo
echo "whole process, fastest of 3:"
echo "" >"$tmp/input"
t=$(best_of_3 "$B/mnk" solve --rules 4,4,4)
printf '%-44s %10.3f s   %s\n' "mnk solve --rules 4,4,4" "$t" "$(head -1 "$tmp/answers")"
t=$(best_of_3 "$B/mnk" solve --algorithm minimax)
printf '%-44s %10.3f s   %s\n' "mnk solve --algorithm minimax" "$t" "$(head -1 "$tmp/answers")"
