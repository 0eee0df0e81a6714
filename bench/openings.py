"""openings.py - balanced openings for bench/match.sh. A benchmark tool.

    python3 bench/openings.py RAPFI [NODES] [SIZE] [RULE] [RADIUS] [MAX] [JOBS] > FILE

Every three-stone opening (black, white, black) within RADIUS cells of
the centre of a SIZE x SIZE board, one of each class of the board's eight
symmetries, is given to Rapfi playing Gomocup's RULE (0: five or more
wins, 1: exactly five) (the pbrain-rapfi executable, limited to
NODES nodes a question by INFO MAX_NODE, so that the answers do not
depend on the load; one process per job, its table cleared before each
question). Those whose evaluation for the side to move (White) is within
MAX of even on Rapfi's own scale are written, in an order shuffled from a
fixed seed (so that the first N of the file are as balanced a sample as
the whole), one a line: the opening in c-gomoku-cli's notation (offsets
from the centre), a tab, Rapfi's evaluation. Lines starting with # say
how the file was made. Defaults: NODES 1000000, SIZE 15, RULE 0, RADIUS
2, MAX 100, JOBS 2. bench/match.sh plays the first GAMES / 2 of such a
file ($MATCH_OPENINGS; make match picks bench/openings/SIZExSIZE.tsv,
or SIZExSIZE-exact.tsv for RULE 1).

Why: openings drawn at random near the centre favour the side with two
stones, Black, by far (Rapfi's evaluation for White, to move, averaged
-284 over bench/match.sh's 100 random openings, and was within 100 of
even in 14 of them), so a match of them is decided by colour more than
by play.
"""
import concurrent.futures
import itertools
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gomocup_session import Session  # noqa: E402

SEED = 2026
# NODES, SIZE, RULE, RADIUS, MAX, JOBS
DEFAULTS = (1000000, 15, 0, 2, 100, 2)


def symmetries(cell):
    x, y = cell
    return [(x, y), (-x, y), (x, -y), (-x, -y), (y, x), (-y, x), (y, -x), (-y, -x)]


def canonical_openings(radius):
    """One opening (b1, w, b2) of each symmetry class, b1 < b2."""
    cells = [(x, y) for x in range(-radius, radius + 1) for y in range(-radius, radius + 1)]
    seen, out = set(), []
    for b1, b2 in itertools.combinations(cells, 2):
        for w in cells:
            if w in (b1, b2):
                continue
            images = zip(symmetries(b1), symmetries(b2), symmetries(w))
            form = min((tuple(sorted((x1, x2))), xw) for x1, x2, xw in images)
            if form not in seen:
                seen.add(form)
                (a, b), white = form
                out.append((a, white, b))
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: openings.py RAPFI [NODES] [SIZE] [RULE] [RADIUS] [MAX] [JOBS]")
    rapfi = sys.argv[1]
    given = [int(a) for a in sys.argv[2:8]]
    nodes, size, rule, radius, limit, jobs = given + list(DEFAULTS[len(given):])
    openings = canonical_openings(radius)
    random.Random(SEED).shuffle(openings)
    centre = size // 2
    info = (f"INFO max_memory 67108864\nINFO timeout_turn 1000000\nINFO MAX_NODE {nodes}\n"
            f"INFO rule {rule}\n")
    engines = [Session(rapfi, info) for _ in range(jobs)]

    def work(j):
        answers = {}
        for i in range(j, len(openings), jobs):
            moves = [(centre + x, centre + y) for x, y in openings[i]]
            answers[i] = engines[j].ask(size, moves)[1]
        return answers

    values = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for answers in pool.map(work, range(jobs)):
            values.update(answers)
    for e in engines:
        e.close()
    # Rapfi's answers are (sign, proven, number), None without an evaluation.
    scored = [(o, v[0] * v[2]) for i, o in enumerate(openings)
              if (v := values[i]) is not None and not v[1]]
    kept = [(o, v) for o, v in scored if abs(v) <= limit]
    print(f"# bench/openings.py RAPFI {nodes} {size} {rule} {radius} {limit} {jobs}: "
          f"{len(kept)} of {len(openings)} openings within {limit} of even")
    print("# opening (black, white, black; offsets from the centre)\tRapfi's evaluation for White")
    for o, v in kept:
        print(", ".join(f"{x},{y}" for x, y in o) + f"\t{v}")


if __name__ == "__main__":
    main()
