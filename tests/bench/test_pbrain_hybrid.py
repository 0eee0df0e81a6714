#!/usr/bin/env python3
"""test_pbrain_hybrid.py - bench/pbrain-hybrid.py from the manager's side,
a Gomocup session on its standard input, with pbrain-fake.py (beside this
file) as both engines: HELPER the fake's move rule (the cell nearest the
centre), ENGINE the fake with --first-empty. Each answer is checked
against the fake's rule: which engine plays the first MOVES moves of a
game and which the rest, after BEGIN, TURN, TAKEBACK, RESTART and BOARD;
ENGINE's messages passed on and HELPER's not; ABOUT, UNKNOWN, a malformed
BOARD and a refused START; --veto (the fake proves a win whenever the
stones are a multiple of MATE_EVERY) with --veto-log, --veto-eval at its
threshold; a missing engine.

Usage: python3 tests/bench/test_pbrain_hybrid.py
Prints "N passed, N failed" and fails if any check did."""
import os
import select
import subprocess
import sys
import tempfile
import time

from bench_check import FAKE, TOP, check, fake, finish
from gomocup_session import MOVE, position_text

HYBRID = os.path.join(TOP, "bench", "pbrain-hybrid.py")
SIZE = 15
WAIT = 5  # seconds for one answer before the test gives up on it


class Hybrid:
    """pbrain-hybrid.py with args, spoken to line by line."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, HYBRID, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""

    def send(self, *lines):
        try:
            self.proc.stdin.write("".join(line + "\n" for line in lines).encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def line(self):
        """The next line of its output, or None at its end or after WAIT s."""
        deadline = time.monotonic() + WAIT
        out = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([out], [], [], left)[0]:
                return None
            chunk = os.read(out, 4096)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode().strip()

    def ask(self, *lines):
        """Sends lines; the answer: (the MESSAGE and DEBUG lines before it,
        the first other line)."""
        self.send(*lines)
        messages = []
        while True:
            line = self.line()
            if line is None or line.split(" ", 1)[0] not in ("MESSAGE", "DEBUG"):
                return messages, line
            messages.append(line)

    def end(self, command="END"):
        """Ends the session (with command, or by closing its input when
        None); (exit code, the rest of its output, its standard error)."""
        if command:
            self.send(command)
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        rest = self.buf + self.proc.stdout.read()
        return self.proc.returncode, rest.decode(), self.proc.stderr.read().decode()


def fields(stones, mine):
    """stones (x, y, the hybrid's) as a BOARD's (x, y, field), the hybrid's
    field mine."""
    return [(x, y, mine if own else 3 - mine) for x, y, own in stones]


def helper_move(stones):
    return fake.move_of(SIZE, fields(stones, 1))


def engine_move(stones):
    return fake.first_empty(SIZE, fields(stones, 1))


def engine_message(stones):
    return f"MESSAGE Eval {fake.value_of(SIZE, fields(stones, 1))}"


def board(stones):
    return ["BOARD"] + [f"{x},{y},{f}" for x, y, f in fields(stones, 1)] + ["DONE"]


def played(cells):
    """Cells in the order of play, the hybrid to move: (x, y, the hybrid's)."""
    return [(x, y, (len(cells) - i) % 2 == 0) for i, (x, y) in enumerate(cells)]


def cell(text):
    """A move "x,y" as (x, y); None for anything else."""
    m = text and MOVE.match(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def expect_move(h, lines, stones, who, what):
    """Sends lines, checks the answer is who's move ("helper" or "engine")
    in stones, with ENGINE's evaluation passed on before it and HELPER's
    not; the move."""
    messages, line = h.ask(*lines)
    move = helper_move(stones) if who == "helper" else engine_move(stones)
    check(cell(line) == move, f"{what}: {line}, expected the {who}'s {move}")
    wanted = [engine_message(stones)] if who == "engine" else []
    check(messages == wanted, f"{what}: messages {messages}, expected {wanted}")
    return move


def plain(helper):
    """MOVES 2, no veto: the whole protocol."""
    h = Hybrid("2", helper, FAKE, "--first-empty")
    _, line = h.ask("ABOUT")
    check(line and line.startswith('name="hybrid 2 pbrain-helper pbrain-fake.py"'),
          f"ABOUT: {line}")
    _, line = h.ask("START 30")
    check(line and line.startswith("ERROR") and "pbrain-helper" in line and "pbrain-fake.py" in line
          and "refused START" in line, f"START 30, refused by both: {line}")
    _, line = h.ask("START 15")
    check(line == "OK", f"START 15: {line}")
    h.send("INFO timeout_turn 1000", "INFO max_node 5000")

    # A game: the helper's 2 moves, then the engine's.
    stones = []
    for n, (command, who) in enumerate((("BEGIN", "helper"), ("TURN 14,14", "helper"),
                                        ("TURN 13,14", "engine"), ("TURN 12,14", "engine"))):
        if command != "BEGIN":
            stones.append((*cell(command.split()[1]), False))
        x, y = expect_move(h, [command], stones, who, f"game move {n + 1} ({command})")
        stones.append((x, y, True))
    for _ in range(2):
        x, y, _ = stones[-1]
        _, line = h.ask(f"TAKEBACK {x},{y}")
        check(line == "OK", f"TAKEBACK {x},{y}: {line}")
        stones.pop()
    stones.append((11, 14, False))
    x, y = expect_move(h, ["TURN 11,14"], stones, "engine", "TURN after two TAKEBACKs")
    stones.append((x, y, True))

    _, line = h.ask("FOO bar")
    check(line == "UNKNOWN FOO", f"an unknown command: {line}")
    _, line = h.ask("BOARD", "7,7,1", "8,x,2", "DONE")
    check(line and line.startswith("ERROR") and "8,x,2" in line, f"a malformed BOARD: {line}")
    position = played([(0, 0), (7, 7), (1, 0), (8, 8), (3, 0)])
    expect_move(h, board(position), position, "engine", "a BOARD after the malformed one")

    # RESTART: the helper's 2 moves again, from a BOARD opening.
    _, line = h.ask("RESTART")
    check(line == "OK", f"RESTART: {line}")
    stones = played([(7, 7), (8, 7), (0, 14)])
    for n, lines in enumerate((board(stones), ["TURN 14,0"], ["TURN 13,0"])):
        if n:
            stones.append((*cell(lines[0].split()[1]), False))
        who = "helper" if n < 2 else "engine"
        x, y = expect_move(h, lines, stones, who, f"after RESTART, move {n + 1} ({lines[0]})")
        stones.append((x, y, True))
    rc, rest, err = h.end()
    check(rc == 0 and rest == "" and "Traceback" not in err, f"END: {rc} {rest!r} {err}")


# Cells no two of which touch, none in row 0: no four and no five whatever
# their colours, and ENGINE's first empty cell is (0, 0).
APART = [(x, y) for y in range(2, SIZE, 2) for x in range(0, SIZE, 2)]


def veto(d, helper):
    """--veto with --veto-log, MOVES 0."""
    log = os.path.join(d, "vetoes.txt")
    h = Hybrid("--veto", "--veto-log", log, "0", helper, FAKE, "--first-empty")
    _, line = h.ask("START 15")
    check(line == "OK", f"--veto, START 15: {line}")
    mate = fake.MATE_EVERY
    # The opponent's four in row 5 (x 3 to 6, both ends empty), the
    # hybrid's stones apart in row 9.
    four = [(1, 9), (3, 5), (3, 9), (4, 5), (5, 9), (5, 5), (7, 9), (6, 5), (9, 9), (10, 11)]
    logged = []
    for what, cells, vetoed in (
            ("a proven win after the engine's move", APART[:mate - 1], True),
            ("no proven win after it", APART[:mate - 2], False),
            ("the opponent with a five to make", four, False),
            ("a proven win, the hybrid second", APART[:2 * mate - 1], True)):
        stones = played(cells)
        move = engine_move(stones)
        check(helper_move(stones) != move, f"--veto, {what}: the set-up, two different moves")
        messages, line = h.ask(*board(stones))
        want = helper_move(stones) if vetoed else move
        check(cell(line) == want, f"--veto, {what}: {line}, expected {want}")
        check(messages == [engine_message(stones)], f"--veto, {what}: messages {messages}")
        if vetoed:
            logged.append(position_text(SIZE, [(x, y) for x, y, _ in stones] + [move]))
    rc, rest, err = h.end()
    check(rc == 0 and "Traceback" not in err, f"--veto, END: {rc} {err}")
    check(err.count("pbrain-hybrid: veto ") == 2 and "veto 2: (0, 0) -> " in err,
          f"--veto: two vetoes counted: {err}")
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    check(lines == logged, f"--veto-log: {lines}, expected {logged}")
    check(len(logged) == 2 and logged[0][0] == "x" and logged[1][0] == "o",
          "--veto-log: the set-up, the vetoed move (0, 0) the first player's, then the second's")


def gap(stones, move):
    """How far HELPER's evaluation of the position after move (its value
    for the opponent, negated) is below its evaluation of stones."""
    def score(value):  # a mate as pbrain-hybrid.py counts it
        return 30000 - int(value[2:]) if value.startswith("+M") else int(value)
    after = stones + [(*move, True)]
    return (score(fake.value_of(SIZE, fields(stones, 1)))
            + score(fake.value_of(SIZE, fields(after, 2))))


def veto_eval(helper):
    """--veto-eval T with T the gap of a first position: not more than T,
    no veto; a gap above it, a veto. One side has a stone more in the
    centre, so that a position asked with the sides swapped changes the
    gap."""
    first = played([(6, 6)] + APART[:5])  # (6, 6) the hybrid's
    second = played(APART[:6] + [(8, 8)])  # (8, 8) the opponent's
    t = gap(first, engine_move(first))
    check(gap(second, engine_move(second)) > t, "--veto-eval: the set-up, a larger gap")
    h = Hybrid("--veto-eval", str(t), "2", helper, FAKE, "--first-empty")
    _, line = h.ask("START 15")
    check(line == "OK", f"--veto-eval, START 15: {line}")
    stones = []
    for command in ("BEGIN", "TURN 14,14"):  # the helper's 2 moves, never vetoed
        if command != "BEGIN":
            stones.append((14, 14, False))
        move = expect_move(h, [command], stones, "helper", f"--veto-eval, {command}")
        stones.append((*move, True))
    for what, stones, vetoed in ((f"a gap of {t}", first, False), ("a larger gap", second, True)):
        _, line = h.ask(*board(stones))
        want = helper_move(stones) if vetoed else engine_move(stones)
        check(cell(line) == want, f"--veto-eval {t}, {what}: {line}, expected {want}")
    rc, rest, err = h.end(None)
    check(rc == 0 and err.count("pbrain-hybrid: veto ") == 1 and "Traceback" not in err,
          f"--veto-eval, the end of its input: {rc} {err}")


def bad_command_lines(d):
    none = os.path.join(d, "none")
    for what, args in (("a missing ENGINE", ["2", FAKE, none]),
                       ("a missing HELPER", ["2", none, FAKE])):
        p = subprocess.run([sys.executable, HYBRID, *args], input="START 15\nEND\n",
                           capture_output=True, text=True, timeout=WAIT)
        check(p.returncode != 0 and f"pbrain-hybrid: cannot start {none}" in p.stderr
              and "Traceback" not in p.stderr and p.stdout == "",
              f"{what}: {p.returncode} {p.stdout} {p.stderr}")
    p = subprocess.run([sys.executable, HYBRID, "-1", FAKE, FAKE], capture_output=True, text=True,
                       timeout=WAIT)
    check(p.returncode == 2 and "MOVES must be 0 or more" in p.stderr, f"MOVES -1: {p.stderr}")


def main():
    with tempfile.TemporaryDirectory() as d:
        helper = os.path.join(d, "pbrain-helper")  # a name of its own
        os.symlink(FAKE, helper)
        plain(helper)
        veto(d, helper)
        veto_eval(helper)
        bad_command_lines(d)
    finish("pbrain-hybrid")


if __name__ == "__main__":
    main()
