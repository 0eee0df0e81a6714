#!/usr/bin/env python3
"""midgame-openings.py - middle-game openings for bench/match.sh, taken
from games an engine played against itself. A benchmark tool.

    python3 bench/midgame-openings.py LABELS.tsv PLY LONGER MAX MATCH.sgf... > FILE

For every game of the SGF files (bench/match.sh's matches, typically
Rapfi against itself at a node limit), in order: if the game lasted
LONGER moves or more (the opening's stones counted), its first PLY
stones are a candidate, written when LABELS.tsv (bench/eval-fit.py
label's output for the same SGF files) gives its position an evaluation
within MAX of even for the side to move, not a proven win or loss. Each
line: the PLY stones in c-gomoku-cli's notation (offsets from the
centre, in the order played), a tab, that evaluation. A position two
games reached is written once.

Why: the games mnk loses are lost in the middle game, not the opening
(docs/research.md, stop 59: with Rapfi's first moves played for it, mnk
scores about what it scores alone; with mnk's first moves followed by
Rapfi's, Rapfi scores near its own score), so a judge of changes to the
search can start where the points go. A game that went on long reached
positions a strong engine did not end at once; within MAX of even,
neither colour is already lost.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gomocup_session import position_text, read_text, sgf_games, sgf_size  # noqa: E402

TOOL = "midgame-openings"


def read_labels(path):
    """Position text -> Rapfi's evaluation as written (a number, or
    won/lost/unknown), from eval-fit.py label's tab-separated lines."""
    labels = {}
    for number, line in enumerate(read_text(path, TOOL).splitlines(), 1):
        fields = line.split("\t")
        if len(fields) < 2:
            sys.exit(f"{TOOL}: {path}:{number}: not a label line (POSITION TAB VALUE)")
        labels[fields[0]] = fields[1]
    return labels


def number(label):
    """A label's evaluation as an int; None for a missing label, a proof
    (won, lost) or anything else that is not a whole number."""
    try:
        return int(label)
    except (TypeError, ValueError):
        return None


def whole(text, name):
    try:
        value = int(text)
    except ValueError:
        sys.exit(f"{TOOL}: {name} must be a whole number, not {text!r}")
    if value < 0:
        sys.exit(f"{TOOL}: {name} must be 0 or more, not {value}")
    return value


def main():
    if len(sys.argv) < 6:
        sys.exit("usage: " + __doc__.split("\n\n")[1].strip())
    labels = read_labels(sys.argv[1])
    ply = whole(sys.argv[2], "PLY")
    longer = whole(sys.argv[3], "LONGER")
    limit = whole(sys.argv[4], "MAX")
    paths = sys.argv[5:]
    seen, lines, games = set(), [], 0
    for path in paths:
        text = read_text(path, TOOL)
        size = sgf_size(text, path, TOOL)
        centre = size // 2
        for moves, _ in sgf_games(text):
            games += 1
            if len(moves) < max(longer, ply):
                continue
            p = position_text(size, moves[:ply])
            value = number(labels.get(p))
            if p in seen or value is None or abs(value) > limit:
                continue
            seen.add(p)
            stones = ", ".join(f"{x - centre},{y - centre}" for x, y in moves[:ply])
            lines.append(f"{stones}\t{value}")
    side = "Black" if ply % 2 == 0 else "White"
    print(f"# bench/midgame-openings.py LABELS {ply} {longer} {limit} "
          f"{' '.join(os.path.basename(p) for p in paths)}: {len(lines)} of {games} games")
    print(f"# {ply} stones, {side} to move; offsets from the centre\t"
          f"the labels' evaluation for the side to move")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
