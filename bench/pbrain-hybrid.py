#!/usr/bin/env python3
"""pbrain-hybrid.py - a Gomocup engine made of two: its first MOVES moves
of each game are HELPER's, the rest ENGINE's. A benchmark tool, to
measure where a match's points are lost: played by bench/match.sh as
mnk's side, with Rapfi as the helper, it tells how much mnk's games gain
when its opening moves are Rapfi's (docs/research.md, stop 59).

    bench/pbrain-hybrid.py [--helper-nodes N] [--veto | --veto-eval T] [--veto-log FILE]
        MOVES HELPER ENGINE [ARG...]

With --veto, ENGINE chooses every move after the first MOVES, and HELPER
then searches the position after it: when it reports a proven win there
for the opponent (Rapfi's "Eval +M..."), HELPER's own move is played
instead, unless HELPER reports that position lost too. It tells how many
points the blunders HELPER can see cost ENGINE (docs/research.md, stop
75). Each veto is counted on standard error; with --veto-log FILE the
position after each vetoed move (the opponent to move) is appended to
FILE in build/tactics' form, as bench/move-judge.py's mates are.
With --veto-eval T instead, HELPER's move is played whenever HELPER's
evaluation of the position after ENGINE's move is more than T below its
evaluation of its own choice (mates count as 30000 less their plies).

HELPER and ENGINE are Gomocup engines (executables; ARG... go to
ENGINE). Both are started once and told every START, RESTART and INFO;
each move is asked of one of them with the whole position (BOARD ...
DONE, the stones in the order they were played), so neither needs the
other's moves. With --helper-nodes the helper gets INFO max_node N
instead of the manager's. Only ENGINE's MESSAGE and DEBUG lines are
passed on, so bench/match-depth.py reports ENGINE's depth on its own
moves. The name this engine gives the manager is taken from the command
line (bench/match.sh names engines by their command); put "mnk" in
ENGINE's path for the scripts that score mnk's side by name.
"""
import argparse
import os
import subprocess
import sys
import time

from gomocup_session import EVAL, MOVE, in_own_folder, makes_five, position_text


# A mate in the helper's evaluation, less its plies (--veto-eval).
MATE_SCORE = 30000

# Seconds between two questions to the helper (--veto).
HELPER_PAUSE = 0.2


class Engine:
    """One Gomocup engine process, spoken to line by line."""

    def __init__(self, argv):
        self.name = os.path.basename(argv[0])
        self.mate = 0  # the last answer's mate: + a win, - a loss (in plies), 0 none
        self.score = 0  # the last answer's evaluation, a mate as +-MATE_SCORE less its plies
        command, folder = in_own_folder(argv)
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1, cwd=folder)
        except OSError as err:
            sys.exit(f"pbrain-hybrid: cannot start {argv[0]}: {err.strerror}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def answer(self, wanted, forward):
        """The first line wanted(line) accepts, or None after an ERROR
        line (passed on, so that the manager sees why no move comes);
        MESSAGE and DEBUG lines before it are printed when forward is set,
        others dropped."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                say(f"ERROR {self.name} stopped answering")
                sys.exit(1)
            line = line.strip()
            if wanted(line):
                return line
            ev = EVAL.search(line)
            if ev:
                sign, value = (-1 if ev.group(1) == "-" else 1), int(ev.group(3))
                self.mate = sign * value if ev.group(2) else 0
                self.score = sign * (MATE_SCORE - value if ev.group(2) else value)
            kind = line.split(" ", 1)[0].upper()
            if kind == "ERROR":
                say(f"ERROR {self.name}: {line[len(kind):].strip()}")
                return None
            if forward and kind in ("MESSAGE", "DEBUG"):
                say(line)


def decided(stones, size):
    """Whether the last stone (this engine's) made five or filled the
    board, or the opponent (to move) has a five to make: nothing for a veto
    to change, and a position Rapfi answers at once (after which it dropped
    the next command even after a pause) or not at all (a full board);
    Rapfi refuses a finished game as a BOARD (each line after it an unknown
    command)."""
    x, y, _ = stones[-1]
    mine = {(sx, sy) for sx, sy, m in stones[:-1] if m}
    if makes_five(mine, x, y) or len(stones) >= size * size:
        return True
    taken = {(sx, sy) for sx, sy, _ in stones}
    theirs = taken - mine - {(x, y)}
    near = {(sx + dx, sy + dy) for sx, sy in theirs for dx in range(-4, 5) for dy in range(-4, 5)}
    return any(c not in taken and 0 <= c[0] < size and 0 <= c[1] < size and makes_five(theirs, *c)
               for c in near)


def log_position(path, size, stones):
    """Appends the position (x, y, mine) after this engine's move to path
    in build/tactics' form (position_text: x for the first player, this
    engine when it has one stone more, the opponent when they are even)."""
    mine = [(x, y) for x, y, m in stones if m]
    theirs = [(x, y) for x, y, m in stones if not m]
    first, second = (mine, theirs) if len(mine) > len(theirs) else (theirs, mine)
    # Alternating, as position_text reads the order of play.
    moves = [c for pair in zip(first, second) for c in pair] + first[len(second):]
    with open(path, "a", encoding="utf-8") as f:
        f.write(position_text(size, moves) + "\n")


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def is_start_answer(line):
    return line.upper().startswith(("OK", "ERROR"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--helper-nodes", type=int)
    check = ap.add_mutually_exclusive_group()
    check.add_argument("--veto", action="store_true")
    check.add_argument("--veto-eval", type=int, metavar="T")
    ap.add_argument("--veto-log", metavar="FILE")
    ap.add_argument("moves", type=int)
    ap.add_argument("helper")
    ap.add_argument("engine", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    if a.moves < 0 or not a.engine:
        ap.error("MOVES must be 0 or more, and ENGINE given")
    helper, engine = Engine([a.helper]), Engine(a.engine)
    stones = []  # (x, y, mine) in the order played
    made = 0     # this game's moves chosen by this engine so far

    vetoes = 0
    size = 15  # the board's, from START
    checking = a.veto or a.veto_eval is not None

    def ask(who, position, mine):
        """who's move in position, as (x, y), or None after an ERROR; mine:
        the field of this engine's stones (1, or 2 asked for the opponent)."""
        who.mate = who.score = 0
        if who is helper and checking:
            # Rapfi's protocol loop ignores a command that comes while it
            # is still thinking, and it says so only just after printing
            # its move: a BOARD sent at once may be dropped, and its stones
            # become unknown commands (Rapfi's command/gomocup.cpp).
            time.sleep(HELPER_PAUSE)
        who.send("BOARD")
        for x, y, own in position:
            who.send(f"{x},{y},{mine if own else 3 - mine}")
        who.send("DONE")
        move = who.answer(MOVE.match, who is engine)
        return None if move is None else tuple(int(f) for f in move.split(","))

    def think():
        nonlocal made, vetoes
        who = helper if made < a.moves else engine
        move = ask(who, stones, 1)
        if move is None:
            return
        after = stones + [(move[0], move[1], True)]
        if checking and who is engine and not decided(after, size):
            better = veto_eval(move, after) if a.veto_eval is not None else veto_mate(move, after)
            if better is not None:
                vetoes += 1
                sys.stderr.write(f"pbrain-hybrid: veto {vetoes}: {move} -> {better}\n")
                if a.veto_log:
                    log_position(a.veto_log, size, after)
                move = better
        x, y = move
        stones.append((x, y, True))
        made += 1
        say(f"{x},{y}")

    def veto_mate(move, after):
        """The helper's move instead of move, when it proves the opponent
        wins after it (the position after) and does not prove the position
        lost; else None."""
        if ask(helper, after, 2) and helper.mate > 0:
            better = ask(helper, stones, 1)
            if better is not None and better != move and helper.mate >= 0:
                return better
        return None

    def veto_eval(move, after):
        """The helper's move instead of move, when the helper's evaluation
        of the position after it (after, the opponent to move) is more than
        T below its evaluation of its own choice; else None."""
        better = ask(helper, stones, 1)
        if better is None or better == move:
            return None
        own = helper.score
        if ask(helper, after, 2) is None:
            return None
        return better if own - (-helper.score) > a.veto_eval else None

    for line in sys.stdin:
        words = line.split()
        command = words[0].upper() if words else ""
        if command in ("START", "RESTART"):
            stones, made, refused = [], 0, []
            if command == "START" and len(words) == 2 and words[1].isdigit():
                size = int(words[1])
            for e in (helper, engine):
                e.send(line.strip())
                answer = e.answer(is_start_answer, False)
                if answer.upper().startswith("ERROR"):
                    refused.append(f"{e.name} ({answer})")
            say(f"ERROR {' and '.join(refused)} refused {command}" if refused else "OK")
        elif command == "INFO":
            for e in (helper, engine):
                if e is helper and a.helper_nodes and len(words) > 1 and words[1].lower() == "max_node":
                    e.send(f"INFO max_node {a.helper_nodes}")
                else:
                    e.send(line.strip())
        elif command == "BEGIN":
            think()
        elif command == "TURN" and len(words) == 2 and MOVE.match(words[1]):
            x, y = (int(f) for f in words[1].split(","))
            stones.append((x, y, False))
            think()
        elif command == "BOARD":
            stones, bad = [], None
            for row in sys.stdin:
                if row.strip().upper() == "DONE":
                    break
                fields = row.split(",")
                if len(fields) != 3 or not all(f.strip().isdigit() for f in fields):
                    bad = row.strip()
                    continue
                x, y, field = (int(f) for f in fields)
                stones.append((x, y, field == 1))
            if bad is None:
                think()
            else:
                say(f"ERROR a BOARD line is not x,y,field: {bad}")
        elif command == "TAKEBACK" and stones:
            stones.pop()
            say("OK")
        elif command == "ABOUT":
            say(f'name="hybrid {a.moves} {helper.name} {engine.name}", version="1", '
                'author="mnk benchmarks"')
        elif command == "END":
            break
        elif command:
            say(f"UNKNOWN {command}")
    for e in (helper, engine):
        try:
            e.send("END")
            e.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            e.proc.kill()


if __name__ == "__main__":
    main()
