#!/usr/bin/env bash
# A proof split across machines, with GNU parallel standing in for them:
# `mnk solve --split`, the jobs run by `parallel`, `mnk merge`.
#
#   bench/split-demo.sh [build-dir]
#       6,5,4 split at depth 2, every job weak under parallel, merged, and
#       compared with `mnk solve --weak` of the root.
#   bench/split-demo.sh [build-dir] RULES DEPTH SAMPLE SECONDS
#       a measured attempt on a board too big to prove here (8,8,5): the
#       split's job count, then SAMPLE jobs picked at random (the same ones
#       every time) run weak with --time SECONDS each; prints how many were
#       proven, their results, the spread of job times and nodes, and the
#       total the whole split would cost. Results stay in $OUT (default
#       build/split-demo).
#
# Jobs run two at a time (JOBS=2) at nice 10; `parallel --sshlogin` runs
# the same command line on other machines (docs/research.md).
set -eu
B=${1:-build}
MNK=$(cd "$(dirname "$B/mnk")" && pwd)/mnk
OUT=${OUT:-$B/split-demo}
JOBS=${JOBS:-2}
command -v parallel >/dev/null || {
    echo "split-demo: GNU parallel is not installed (Debian: apt-get install parallel)" >&2
    exit 1
}
mkdir -p "$OUT"

if [ $# -le 1 ]; then
    rules=6,5,4 depth=2
    "$MNK" solve --rules $rules --split $depth >"$OUT/split.txt"
    grep -v '^#' "$OUT/split.txt" |
        parallel --will-cite -j "$JOBS" --pipe -N 10 nice -n 10 "$MNK" solve --weak - >"$OUT/results.txt"
    "$MNK" merge "$OUT/split.txt" "$OUT/results.txt" | tee "$OUT/merged.txt"
    root=$(sed -n 's/.* root=\([^ ]*\) .*/\1/p' "$OUT/split.txt")
    printf '%s %s\n' $rules "$root" | "$MNK" solve --weak - | tee "$OUT/direct.txt"
    [ "$(cut -d' ' -f4 "$OUT/direct.txt")" = "$(head -1 "$OUT/merged.txt" | cut -d' ' -f4)" ] &&
        echo "split-demo: the merged value is mnk solve's"
    exit 0
fi

rules=$2 depth=$3 sample=$4 seconds=$5
"$MNK" solve --rules "$rules" --split "$depth" >"$OUT/split.txt"
total=$(grep -vc '^#' "$OUT/split.txt")
echo "split of $rules at depth $depth: $total jobs"
# A fixed sample: every job line numbered, shuffled by a fixed seed.
grep -v '^#' "$OUT/split.txt" | awk 'BEGIN { srand(12) } { print rand() "\t" $0 }' | sort -k1,1 |
    head -n "$sample" | cut -f2 >"$OUT/sample.txt"
start=$(date +%s)
parallel --will-cite -j "$JOBS" --pipe -N 1 <"$OUT/sample.txt" \
    nice -n 10 "$MNK" solve --weak --time "$seconds" - >"$OUT/sample-results.txt"
echo "ran $(wc -l <"$OUT/sample-results.txt") jobs with --time $seconds in $(($(date +%s) - start)) s of wall time, $JOBS at once"
awk -v total="$total" -v limit="$seconds" '
    { n++; r[$4]++; s = $7; t += s; nodes += $6
      if ($4 != "unknown") { p++; ps += s; if (s > pmax) pmax = s } }
    END {
        printf "results:"; for (k in r) printf " %s %d", k, r[k]; printf "\n"
        printf "proven %d of %d (%.0f%%): mean %.2f s, longest %.2f s\n", p, n, 100 * p / n, p ? ps / p : 0, pmax
        printf "mean nodes a job %.0f, %.0f nodes/s\n", nodes / n, nodes / t
        # What the whole split costs at least: the proven jobs at their
        # times, every unknown one at the limit it already took.
        low = total * t / n
        printf "whole split, at least: %.0f CPU hours (%d jobs x %.1f s a job, unknown jobs counted at %s s)\n",
               low / 3600, total, t / n, limit
        for (m = 1; m <= 1000; m *= 10)
            printf "  on %4d machines of 2 cores: at least %.1f h\n", m, low / 3600 / (2 * m)
    }' "$OUT/sample-results.txt"
sort -t' ' -k7,7n "$OUT/sample-results.txt" | awk '{ s[NR] = $7 } END {
    printf "job seconds: min %.3f, median %.3f, 90th %.3f, max %.3f\n", s[1], s[int((NR + 1) / 2)], s[int(NR * 0.9)], s[NR] }'
