#!/bin/sh
# fuzz/long.sh - run one fuzz target until its ledger holds RUNS executions.
#
#   fuzz/long.sh BINARY CORPUS_DIR SEED_DIR LEDGER RUNS CHUNK -- LIBFUZZER_FLAGS...
#
# 10^8 executions of the slower targets take many hours, longer than a
# machine may stay up or a shell may keep a job, so the run goes in chunks
# of CHUNK executions, each from the corpus the earlier ones grew, and
# every chunk that ends with no finding appends one line to LEDGER:
#
#   <UTC time> <commit> <executions> <clock s> <CPU s>
#
# A run cut short (killed, machine gone) loses only the chunk under way:
# the same command takes it up again where the ledger stands. A finding
# stops the run with libFuzzer's report and exit status 1; the chunk is not
# written. The ledger names the commit each chunk ran, so a target whose
# code changed can be started again from zero by removing its ledger.
set -eu

if [ $# -lt 7 ] || [ "$7" != "--" ]; then
    echo "usage: $0 BINARY CORPUS_DIR SEED_DIR LEDGER RUNS CHUNK -- LIBFUZZER_FLAGS..." >&2
    exit 2
fi
bin=$1 corpus=$2 seeds=$3 ledger=$4 runs=$5 chunk=$6
shift 7
name=$(basename "$bin")
log=$corpus-long.log # beside the corpus, not the ledger: the log is not kept
# The code's commit, "-dirty" if the code differs from it: the ledgers
# themselves change as the run goes, and do not count.
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$commit" != unknown ] && ! git diff --quiet HEAD -- . ':(exclude)fuzz/ledger' 2>/dev/null; then
    commit=$commit-dirty
fi
mkdir -p "$corpus" "$(dirname "$ledger")"
touch "$ledger"

total() { awk '{ n += $3 } END { printf "%d", n }' "$ledger"; }

while [ "$(total)" -lt "$runs" ]; do
    left=$((runs - $(total)))
    this=$((left < chunk ? left : chunk))
    start=$(date +%s)
    if ! /usr/bin/time -f '%U %S' -o "$log.time" \
        "$bin" "$@" -runs="$this" "$corpus" "$seeds" >"$log" 2>&1; then
        tail -60 "$log"
        echo "fuzz-long: $name: finding (or error) after $(total) executions; log: $log" >&2
        exit 1
    fi
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ -z "$n" ] || [ "$n" -eq 0 ]; then
        # Without libFuzzer's final stats (-print_final_stats=1) the
        # ledger would never grow and the loop never end.
        echo "fuzz-long: $name: no executions counted (is -print_final_stats=1 among the flags?); log: $log" >&2
        exit 1
    fi
    end=$(date +%s)
    cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$log.time")
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $commit $n $((end - start)) $cpu" >>"$ledger"
    rm -f "$log.time"
done
awk -v t="$name" '{ n += $3; c += $4; u += $5; k++ }
    END { printf "fuzz-long: %s: %d executions in %d chunks, %.0f s of clock, %.0f s of CPU (%.0f/s of CPU), no findings\n",
          t, n, k, c, u, (u > 0 ? n / u : 0) }' "$ledger"
