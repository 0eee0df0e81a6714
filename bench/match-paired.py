#!/usr/bin/env python3
"""match-paired.py BASE.log [BASE.log ...] VARIANT.log - runs of
bench/match.sh with the same number of games (so the same openings, each
with both colours: game N of one run is played from the same opening and
with the same colours as game N of the other), compared game by game:
each run's score for the engine whose name starts with pbrain-mnk, and
the mean of the paired differences with its 95% error. With several
base runs (the same engine played again), a game's base is the mean of
its points in them: one run of 1,000 games moves by a few points with
nothing changed, and the mean of several is a steadier base. Games
decided by a time forfeit or a crash in any run are left out (VOID
below). A benchmark: it prints numbers and judges nothing. The logs are
match.sh's output (its "Finished game" lines).
"""
import math
import re
import sys

FINISHED = re.compile(r"Finished game (\d+) \((\S+) vs (\S+)\): (\S+)(?: \{([^}]*)\})?")
# Games no move decided: an engine that failed to start or crashed.
# c-gomoku-cli scores them for the side not to move, whichever engine
# failed (Rapfi answers some STARTs with "ERROR Unknown command"), so they
# say nothing of either engine's play.
VOID = ("time forfeit", "crash")


def scores(path):
    """mnk's point in each game of a log, by game number, and the games
    void by VOID."""
    points, void = {}, set()
    with open(path) as f:
        for line in f:
            m = FINISHED.search(line)
            if not m:
                continue
            game, black, result = int(m.group(1)), m.group(2), m.group(4)
            if any(v in (m.group(5) or "") for v in VOID):
                void.add(game)
            mnk_black = black.startswith("pbrain-mnk")
            if result == "1/2-1/2":
                points[game] = 0.5
            else:
                points[game] = 1.0 if (result == "1-0") == mnk_black else 0.0
    return points, void


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: match-paired.py BASE.log [BASE.log ...] VARIANT.log")
    try:
        runs = [scores(path) for path in sys.argv[1:]]
    except OSError as err:
        sys.exit(f"match-paired.py: {err.filename}: {err.strerror}")
    bases, (variant, _) = [points for points, _ in runs[:-1]], runs[-1]
    void = set().union(*(v for _, v in runs))
    played = set(variant).intersection(*bases)
    common = sorted(played - void)
    if len(common) < 2:
        sys.exit("fewer than two games in common")
    base = {g: sum(b[g] for b in bases) / len(bases) for g in common}
    diff = [variant[g] - base[g] for g in common]
    n = len(diff)
    mean = sum(diff) / n
    var = sum((x - mean) ** 2 for x in diff) / (n - 1)
    label = "base" if len(bases) == 1 else f"base (mean of {len(bases)} runs)"
    print(f"{n} games: {label} {100 * sum(base[g] for g in common) / n:.1f}%  "
          f"variant {100 * sum(variant[g] for g in common) / n:.1f}%  "
          f"diff {100 * mean:+.1f}% +- {100 * 1.96 * math.sqrt(var / n):.1f} (95%)  "
          + (f"changed {sum(1 for x in diff if x)}; " if len(bases) == 1 else "")
          + f"{len(void & played)} void games left out ({', '.join(VOID)})")


main()
