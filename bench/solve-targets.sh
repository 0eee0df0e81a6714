#!/usr/bin/env bash
# Whole games proven from the empty board, whole process, fastest of 3,
# weak mode (win/draw/loss) and, where it finishes, strong mode (plies).
# Usage: bench/solve-targets.sh [build-dir] [seconds-limit]
set -eu
B=${1:-build}
LIMIT=${2:-60}
printf '%-8s %-7s %-6s %12s %10s\n' rules mode result nodes seconds
for rules in 3,3,3 4,4,4 5,4,4 5,5,4 6,5,4 7,4,4 8,4,4 5,5,5 6,6,5 7,6,5 7,7,5 20,20,9; do
    for mode in weak strong; do
        flag=; [ $mode = weak ] && flag=--weak
        best=
        for _ in 1 2 3; do
            t0=$(date +%s.%N)
            json=$("$B/mnk" solve $flag --rules "$rules" --time "$LIMIT" --json)
            t1=$(date +%s.%N)
            t=$(echo "$t0 $t1" | awk '{print $2 - $1}')
            best=$(echo "$t $best" | awk '{ if ($2 == "" || $1 < $2) print $1; else print $2 }')
            case $json in *'"complete":false'*) break ;; esac
        done
        result=$(printf '%s' "$json" | sed -n 's/.*"result":"\([a-z]*\)".*/\1/p')
        nodes=$(printf '%s' "$json" | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p')
        case $json in *'"complete":false'*) result="stopped" ;; esac
        printf '%-8s %-7s %-6s %12s %10.3f\n' "$rules" "$mode" "$result" "$nodes" "$best"
    done
done
