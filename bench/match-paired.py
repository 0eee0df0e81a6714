#!/usr/bin/env python3
"""match-paired.py BASE.log VARIANT.log - two runs of bench/match.sh with the
same number of games (so the same openings, each with both colours: game N
of one run is played from the same opening and with the same colours as
game N of the other), compared game by game: each run's score for the
engine whose name starts with pbrain-mnk, and the mean of the paired
differences with its 95% error. A benchmark: it prints numbers and judges
nothing. The logs are match.sh's output (its "Finished game" lines).
"""
import math
import re
import sys

FINISHED = re.compile(r"Finished game (\d+) \((\S+) vs (\S+)\): (\S+)")


def scores(path):
    """mnk's point in each game of a log, by game number."""
    points = {}
    with open(path) as f:
        for line in f:
            m = FINISHED.search(line)
            if not m:
                continue
            game, black, result = int(m.group(1)), m.group(2), m.group(4)
            mnk_black = black.startswith("pbrain-mnk")
            if result == "1/2-1/2":
                points[game] = 0.5
            else:
                points[game] = 1.0 if (result == "1-0") == mnk_black else 0.0
    return points


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: match-paired.py BASE.log VARIANT.log")
    base, variant = scores(sys.argv[1]), scores(sys.argv[2])
    common = sorted(set(base) & set(variant))
    if len(common) < 2:
        sys.exit("fewer than two games in common")
    diff = [variant[g] - base[g] for g in common]
    n = len(diff)
    mean = sum(diff) / n
    var = sum((x - mean) ** 2 for x in diff) / (n - 1)
    print(f"{n} games: base {100 * sum(base[g] for g in common) / n:.1f}%  "
          f"variant {100 * sum(variant[g] for g in common) / n:.1f}%  "
          f"diff {100 * mean:+.1f}% +- {100 * 1.96 * math.sqrt(var / n):.1f} (95%)  "
          f"changed {sum(1 for x in diff if x)}")


main()
