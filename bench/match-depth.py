#!/usr/bin/env python3
"""The depth an engine reached in the games of bench/match.sh.

    bench/match-depth.py ENGINE FILE...

FILEs are the engines' messages that bench/match.sh leaves in
OUT/match-*.txt. For every move of ENGINE (its name as the match names
it, "pbrain-mnk"), the last of its "depth D-S ... time T ms" lines is
the iteration it completed last; this prints the mean of those depths
over the moves, the least and the most; the same over the moves whose
score was an estimate (a number below 30000 - 400, mnk's MNK_SCORE_WIN
less the most plies), not a proven win or loss (such a number, or words
such as "win (proven: ...)"); and the latest time of such a line into a
move. Then both means again over the moves searched: depth 1 or more. A
move played at depth 0 had no search to report (the only block of a
five, the one move the opponent's threats leave, a win by threes and
fours), so `build/tactics` leaves such moves out of its mean depth, and
this line is the one to compare with it. Moves with no depth line at all
are not counted. Then, for mnk's lines and for Rapfi's ("Speed 804K |
Depth ... | Node 768K | Time 955ms"), the speed: the nodes over the time
of each move's last report that came HALF_SECOND_MS or more into the
move, summed over those moves (a whole move's search, not its first
iterations). A benchmark's reading: it never fails on a value.
"""
import re
import sys

LINE = re.compile(r"^(\d+)\) (\S+): depth (\d+)-\d+ eval (.*?) nodes .* time (\d+) ms")
# mnk's scores of proven wins and losses: MNK_SCORE_WIN - plies.
PROVEN = 30000 - 400
NODES = re.compile(r"^(\d+)\) (\S+): .*?nodes (\d+) .*?time (\d+) ms")
RAPFI = re.compile(r"^(\d+)\) (\S+): .*\| Node (\d+(?:\.\d+)?)([KMG]?) \| Time (\d+)ms")
SUFFIX = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
HALF_SECOND_MS = 500


def estimate(score):
    """True when an eval field is an estimate, not a proven result."""
    return re.fullmatch(r"-?\d+", score) is not None and abs(int(score)) < PROVEN


def message_lines(paths):
    """(path, game number, line) for every line of the files, the game
    counted by its "Game ID:" lines."""
    for path in paths:
        game = 0
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("Game ID:"):
                    game += 1
                else:
                    yield path, game, line


def last_depths(lines, engine):
    """(depth, whether its eval is an estimate, ms) of the last depth line
    of each of engine's moves, lines from message_lines."""
    moves = {}
    for path, game, line in lines:
        m = LINE.match(line)
        if m and m.group(2) == engine:
            moves[(path, game, int(m.group(1)))] = (int(m.group(3)), estimate(m.group(4)),
                                                    int(m.group(5)))
    return list(moves.values())


def last_reports(lines, engine):
    """(nodes, ms) of the last report of each of engine's moves that
    states both, in mnk's words or Rapfi's."""
    moves = {}
    for path, game, line in lines:
        m = NODES.match(line)
        if m and m.group(2) == engine:
            moves[(path, game, int(m.group(1)))] = (int(m.group(3)), int(m.group(4)))
            continue
        m = RAPFI.match(line)
        if m and m.group(2) == engine:
            nodes = float(m.group(3)) * SUFFIX[m.group(4)]
            moves[(path, game, int(m.group(1)))] = (nodes, int(m.group(5)))
    return list(moves.values())


def print_speed(engine, lines):
    """The speed line (see the top), or nothing without such reports."""
    long = [(n, ms) for n, ms in last_reports(lines, engine) if ms >= HALF_SECOND_MS]
    if long:
        nodes = sum(n for n, _ in long)
        ms = sum(t for _, t in long)
        print(f"{engine}: {nodes / ms * 1000:,.0f} nodes a second over the {len(long)} moves "
              f"whose last report came {HALF_SECOND_MS} ms or more into the move")


def means(found):
    """The mean depth of (depth, estimate, ms) moves, found not empty; that
    mean over the moves with no proven score, as text ("-" if none); and
    how many those are."""
    open_depths = [d for d, open_score, _ in found if open_score]
    mean_open = f"{sum(open_depths) / len(open_depths):.2f}" if open_depths else "-"
    return sum(d for d, _, _ in found) / len(found), mean_open, len(open_depths)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: match-depth.py ENGINE FILE...")
    engine, paths = sys.argv[1], sys.argv[2:]
    lines = list(message_lines(paths))  # read once, for the depths and the speeds
    found = last_depths(lines, engine)
    if not found:
        print_speed(engine, lines)
        sys.exit(f"match-depth.py: no depth lines of {engine} in {len(paths)} file(s)")
    depths = [d for d, _, _ in found]
    mean, mean_open, n_open = means(found)
    print(f"{engine}: last depth {mean:.2f} on average over "
          f"{len(depths)} moves (least {min(depths)}, most {max(depths)}), "
          f"{mean_open} over the {n_open} with no proven score; "
          f"latest such line {max(ms for _, _, ms in found)} ms into a move")
    searched = [move for move in found if move[0] > 0]
    if searched:
        mean, mean_open, n_open = means(searched)
        print(f"{engine}: searched (depth 1 or more): last depth "
              f"{mean:.2f} on average over {len(searched)} moves, {mean_open} over the "
              f"{n_open} with no proven score; {len(found) - len(searched)} moves at depth 0")
    print_speed(engine, lines)


if __name__ == "__main__":
    main()
