#!/usr/bin/env bash
# Regenerates bench/sets/: positions with exact values, grouped by how far
# into the game they are (the file name's ply range) and how far from its
# end (near: the game ends within NEAR plies with best play; far: later).
# Usage: bench/make-sets.sh [build-dir]   (needs build/gensets: make build/gensets)
set -euo pipefail
B=${1:-build}
NEAR=6
PER_SET=100
out=bench/sets
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name rules min_ply max_ply seed
make_set() {
    local name=$1 rules=$2 lo=$3 hi=$4 seed=$5
    "$B/gensets" "$rules" "$lo" "$hi" $((PER_SET * 3)) "$seed" "$name" >"$tmp/all"
    for part in near far; do
        {
            grep '^#' "$tmp/all" | sed "s/^# $name:/# $name-$part:/"
            if [ $part = near ]; then echo "# only positions at most $NEAR plies from the end"
            else echo "# only positions more than $NEAR plies from the end"; fi
            grep '^rules' "$tmp/all"
            grep -v '^[#r]' "$tmp/all" | awk -v near=$NEAR -v part=$part -v max=$PER_SET \
                'n < max && ((part == "near" && $3 <= near) || (part == "far" && $3 > near)) { print; n++ }'
        } >"$out/$name-$part.txt"
    done
}

make_set 333-ply1-4 3,3,3 1 4 1
make_set 444-ply2-5 4,4,4 2 5 2   # its near part comes out empty: removed
make_set 444-ply6-9 4,4,4 6 9 3
make_set 544-ply4-7 5,4,4 4 7 4
make_set 544-ply8-11 5,4,4 8 11 5
make_set 554-ply8-11 5,5,4 8 11 6
make_set 554-ply12-15 5,5,4 12 15 7
make_set 654-ply10-13 6,5,4 10 13 8
make_set 654-ply14-17 6,5,4 14 17 9
wc -l "$out"/*.txt
