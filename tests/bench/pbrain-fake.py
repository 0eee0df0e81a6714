#!/usr/bin/env python3
"""pbrain-fake.py - a stand-in for Rapfi in the tests of the bench tools
(tests/bench/test_*.py): it speaks the part of the Gomocup protocol those
tools use (START, RESTART, INFO, YXHASHCLEAR, BOARD ... DONE, END) and
answers a BOARD with a MESSAGE holding an evaluation in Rapfi's form
("Eval 35", "Eval +M3") and then a move, both computed by the rule below
from the stones alone, so that a test can compute what the tools must
print. START is answered OK, or (as Rapfi does for a size it does not
support) ERROR for a size outside MIN_SIZE to MAX_SIZE; RESTART OK; other
commands are ignored.

The rule (value_of) is arbitrary, not a judgement of the game: for the
side to move, 10 points for each of its stones in the central 5x5 square,
less 10 for each of the opponent's, plus the number of stones; a position
whose number of stones is a multiple of MATE_EVERY is a proven win in 3
plies ("+M3"). The move (move_of) is the empty cell nearest the centre,
the first in reading order among equals; with --first-empty (first_empty)
the first empty cell in reading order, so that a test can tell two fakes
apart.

    tests/bench/pbrain-fake.py [--first-empty]"""
import sys

MATE_EVERY = 11
CENTRE_SQUARE = 2  # cells either side of the centre
MIN_SIZE, MAX_SIZE = 5, 22  # the board sizes START accepts


def value_of(size, stones):
    """stones: [(x, y, field)], field 1 the side to move's, 2 the other's.
    The evaluation as this engine prints it after "Eval "."""
    if len(stones) % MATE_EVERY == 0:
        return "+M3"
    c = size // 2
    v = len(stones)
    for x, y, field in stones:
        if abs(x - c) <= CENTRE_SQUARE and abs(y - c) <= CENTRE_SQUARE:
            v += 10 if field == 1 else -10
    return str(v)


def move_of(size, stones):
    taken = {(x, y) for x, y, _ in stones}
    c = size // 2
    cells = [(max(abs(x - c), abs(y - c)), y, x) for y in range(size) for x in range(size)
             if (x, y) not in taken]
    _, y, x = min(cells)
    return x, y


def first_empty(size, stones):
    taken = {(x, y) for x, y, _ in stones}
    return next((x, y) for y in range(size) for x in range(size) if (x, y) not in taken)


def main():
    rule = first_empty if sys.argv[1:] == ["--first-empty"] else move_of
    size, stones, reading = 15, [], False
    for line in sys.stdin:
        words = line.strip().replace(",", " ").split()
        if not words:
            continue
        if reading:
            if words[0] == "DONE":
                reading = False
                print(f"MESSAGE Eval {value_of(size, stones)}")
                print("%d,%d" % rule(size, stones), flush=True)
            else:
                x, y, field = map(int, words)
                stones.append((x, y, field))
        elif words[0] == "START":
            size = int(words[1])
            print("OK" if MIN_SIZE <= size <= MAX_SIZE else "ERROR unsupported size", flush=True)
        elif words[0] == "RESTART":
            print("OK", flush=True)
        elif words[0] == "BOARD":
            stones, reading = [], True
        elif words[0] == "END":
            return


if __name__ == "__main__":
    main()
