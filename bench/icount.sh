#!/usr/bin/env bash
# Instructions a fixed solver workload takes, counted by callgrind: the
# same count for the same binary whatever else the machine is doing, so
# two builds can be compared on a busy machine where times are noise.
# Usage: bench/icount.sh [path/to/mnk]
set -eu
MNK=${1:-build/mnk}
for args in "--weak --rules 5,5,4" "--rules 4,4,4" "--weak --rules 6,4,4"; do
    n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$MNK" solve $args 2>&1 |
        sed -n 's/.*Collected : //p')
    printf 'mnk solve %-22s %14s instructions\n' "$args" "$n"
done
