#!/usr/bin/env python3
"""test_pbrain_clock.py - bench/pbrain-clock.py from the manager's side:
a scripted Gomocup session through it to pbrain-fake.py (beside this
file) must read exactly as the session straight to the fake, and its log
must hold one move line per move asked, with the INFO timeout_turn given,
and the engine's resident set with the INFO max_memory given; the
wrapper must end when its engine does, its input still open; --report
must summarise a log whose numbers the test chose, and refuse a line
that is not a log line; a missing engine is an error, not a traceback.

Usage: python3 tests/bench/test_pbrain_clock.py
Prints "N passed, N failed" and fails if any check did."""
import os
import subprocess
import sys
import tempfile

from bench_check import FAKE, TOP, check, finish

CLOCK = os.path.join(TOP, "bench", "pbrain-clock.py")
WAIT = 20  # seconds for a whole session before the test gives up on it
LIMIT, MEMORY = 1000, 67108864

SESSION = "".join(line + "\n" for line in [
    f"INFO timeout_turn {LIMIT}", f"INFO max_memory {MEMORY}", "START 15",
    "BOARD", "7,7,2", "DONE",
    "BOARD", "7,7,1", "8,7,2", "DONE",
    "BOARD", "7,7,2", "8,7,1", "9,9,2", "DONE",
    "END"])
MOVES_ASKED = 3


def run(args, stdin=""):
    return subprocess.run([sys.executable, *args], input=stdin.encode(), capture_output=True,
                          timeout=WAIT)


with tempfile.TemporaryDirectory() as tmp:
    log = os.path.join(tmp, "clock.log")
    straight = run([FAKE], SESSION)
    clocked = run([CLOCK, log, sys.executable, FAKE], SESSION)
    check(clocked.returncode == 0, f"a session through the clock exits 0: {clocked.returncode}")
    check(clocked.stdout == straight.stdout and b"OK" in straight.stdout,
          f"the engine's answers pass through unchanged: {clocked.stdout!r}")
    with open(log, encoding="utf-8") as f:
        lines = [line.split() for line in f.read().splitlines()]
    moves = [w for w in lines if w[0] == "move"]
    check(len(moves) == MOVES_ASKED, f"one move line per move asked: {lines}")
    check(all(len(w) == 3 and 0 <= float(w[1]) < WAIT * 1000 and w[2] == str(LIMIT)
              for w in moves), f"move lines give the time and the limit: {moves}")
    rss = [w for w in lines if w[0] == "rss"]
    check(len(rss) == 1 and lines[-1] == rss[0], f"one rss line, last: {lines}")
    check(rss and int(rss[0][1]) > 0 and rss[0][2] == str(MEMORY),
          f"the rss line gives the peak and max_memory: {rss}")
    # A second session appends to the same log.
    run([CLOCK, log, sys.executable, FAKE], SESSION)
    with open(log, encoding="utf-8") as f:
        check(len(f.read().splitlines()) == 2 * (MOVES_ASKED + 1), "a second session appends")

    # END with the manager's pipe left open, as c-gomoku-cli does before
    # it waits for the engine's process to end: the wrapper must end too.
    proc = subprocess.Popen([sys.executable, CLOCK, log, sys.executable, FAKE],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    proc.stdin.write(SESSION.encode())
    proc.stdin.flush()
    try:
        code = proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = None
    proc.stdin.close()
    check(code == 0, f"the wrapper ends with its engine, its input still open: {code}")

    chosen = os.path.join(tmp, "chosen.log")
    with open(chosen, "w", encoding="utf-8") as f:
        f.write("move 500.0 1000\nmove 1031.0 1000\nmove 990.0 1000\nrss 20480 67108864\n"
                "rss 10240 67108864\n")
    out = run([CLOCK, "--report", chosen])
    check(out.returncode == 0 and out.stdout.decode() ==
          "moves 3: longest 1031.0 ms of 1000 ms; 1 over the limit, at most 3.1% over\n"
          "processes 2: peak resident set 20.0 MiB of max_memory 64.0 MiB; 0 beyond max_memory\n",
          f"--report summarises a chosen log: {out.stdout!r}")
    with open(chosen, "w", encoding="utf-8") as f:
        f.write("move 500.0 1000\nrss 70000 67108864\n")
    out = run([CLOCK, "--report", chosen])
    check(out.stdout.decode() == "moves 1: longest 500.0 ms of 1000 ms; 0 over the limit\n"
          "processes 1: peak resident set 68.4 MiB of max_memory 64.0 MiB; 1 beyond max_memory\n",
          f"--report counts a peak beyond max_memory: {out.stdout!r}")
    with open(chosen, "w", encoding="utf-8") as f:
        f.write("move 500.0 1000\nmove fast 1000\n")
    out = run([CLOCK, "--report", chosen])
    check(out.returncode != 0 and b"chosen.log:2: not a log line" in out.stderr
          and b"Traceback" not in out.stderr, f"a bad log line is refused: {out.stderr!r}")
    out = run([CLOCK, log, os.path.join(tmp, "no-such-engine")], SESSION)
    check(out.returncode != 0 and b"no-such-engine" in out.stderr
          and b"Traceback" not in out.stderr, f"a missing engine is an error: {out.stderr!r}")
    out = run([CLOCK])
    check(out.returncode != 0 and b"usage" in out.stderr, "no arguments: usage")

finish("test_pbrain_clock")
