#!/usr/bin/env python3
"""pbrain-hybrid.py - a Gomocup engine made of two: its first MOVES moves
of each game are HELPER's, the rest ENGINE's. A benchmark tool, to
measure where a match's points are lost: played by bench/match.sh as
mnk's side, with Rapfi as the helper, it tells how much mnk's games gain
when its opening moves are Rapfi's (docs/research.md, stop 59).

    bench/pbrain-hybrid.py [--helper-nodes N] MOVES HELPER ENGINE [ARG...]

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

from gomocup_session import MOVE


class Engine:
    """One Gomocup engine process, spoken to line by line."""

    def __init__(self, argv):
        self.name = os.path.basename(argv[0])
        path = os.path.abspath(argv[0])
        try:
            # Started in its own folder, where engines look for their files
            # (Rapfi's config.toml).
            self.proc = subprocess.Popen([path] + argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1, cwd=os.path.dirname(path))
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
            kind = line.split(" ", 1)[0].upper()
            if kind == "ERROR":
                say(f"ERROR {self.name}: {line[len(kind):].strip()}")
                return None
            if forward and kind in ("MESSAGE", "DEBUG"):
                say(line)


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def is_start_answer(line):
    return line.upper().startswith(("OK", "ERROR"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--helper-nodes", type=int)
    ap.add_argument("moves", type=int)
    ap.add_argument("helper")
    ap.add_argument("engine", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    if a.moves < 0 or not a.engine:
        ap.error("MOVES must be 0 or more, and ENGINE given")
    helper, engine = Engine([a.helper]), Engine(a.engine)
    stones = []  # (x, y, mine) in the order played
    made = 0     # this game's moves chosen by this engine so far

    def think():
        nonlocal made
        who = helper if made < a.moves else engine
        who.send("BOARD")
        for x, y, mine in stones:
            who.send(f"{x},{y},{1 if mine else 2}")
        who.send("DONE")
        move = who.answer(MOVE.match, who is engine)
        if move is None:
            return
        x, y = (int(f) for f in move.split(","))
        stones.append((x, y, True))
        made += 1
        say(f"{x},{y}")

    for line in sys.stdin:
        words = line.split()
        command = words[0].upper() if words else ""
        if command in ("START", "RESTART"):
            stones, made, refused = [], 0, []
            for e in (helper, engine):
                e.send(line.strip())
                if e.answer(is_start_answer, False).upper().startswith("ERROR"):
                    refused.append(e.name)
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
