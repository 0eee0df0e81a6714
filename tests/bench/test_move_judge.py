#!/usr/bin/env python3
"""test_move_judge.py - bench/move-judge.py from the user's side, with
pbrain-fake.py (beside this file) in Rapfi's place: the positions it
draws, the regrets, blunders, bad moves and lost winning chance it
prints and saves (checked against a recount from the fake's rule and
build/tactics' own moves), the cache, the comparison of two runs, and
its answers to bad input.

Usage: python3 tests/bench/test_move_judge.py [path/to/tactics]
Prints "N passed, N failed" and fails if any check did."""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

from bench_check import FAKE, TOP, check, fake, finish
from gomocup_session import position_text

JUDGE = os.path.join(TOP, "bench", "move-judge.py")
GAMES = os.path.join(TOP, "bench", "engine", "veto-eval-games-15x15.sgf")
TACTICS = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(TOP, "build", "tactics"))
CLIP, REGRET_MIN = 2000, -500  # move-judge.py's


def run(*args):
    """move-judge.py with args, in the scratch folder (main's chdir), so
    that nothing it writes by default lands anywhere else."""
    p = subprocess.run([sys.executable, JUDGE, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def fake_value(size, moves):
    """What move-judge.py must read from the fake for the side to move."""
    side = len(moves) % 2
    stones = [(x, y, 1 if i % 2 == side else 2) for i, (x, y) in enumerate(moves)]
    v = fake.value_of(size, stones)
    return CLIP if v.startswith("+M") else max(-CLIP, min(CLIP, int(v)))


def tactics_moves(boards, nodes):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(b + "\n" for b in boards))
    out = subprocess.run([TACTICS, "nodes", str(nodes), f.name], capture_output=True,
                         text=True).stdout
    os.remove(f.name)
    moves = []
    for m in re.finditer(r"^\s*\d+\s+depth\s+\S+\s+([a-z]+)(\d+)\s", out, re.M):
        moves.append((ord(m.group(1)) - 97, int(m.group(2)) - 1))
    return moves


def lost_chance(before, regret):
    """The winning chance lost, by move-judge.py's documented rule:
    Rapfi's value / 200 through a sigmoid, before the move and after it
    (regret - before; none left after a proven win)."""
    def chance(v):
        return 1 / (1 + math.exp(-max(-CLIP, min(CLIP, v)) / 200))
    return chance(before) - chance(-(CLIP if regret >= CLIP else regret - before))


def expected(sets, nodes):
    """The judge's figures recounted: open positions, blunders, regrets by
    position key, and the winning chance each move lost."""
    open_sets = [(s, m) for s, m in sets if abs(fake_value(s, m)) < CLIP]
    moves = tactics_moves([position_text(s, m) for s, m in open_sets], nodes)
    regrets, blunders, lost = {}, 0, {}
    for (s, m), mv in zip(open_sets, moves):
        after = fake_value(s, m + [mv])
        blunders += after >= CLIP
        key = f"{s} " + " ".join(f"{x},{y}" for x, y in m)
        regrets[key] = max(REGRET_MIN, min(CLIP, after + fake_value(s, m)))
        lost[key] = lost_chance(fake_value(s, m), regrets[key])
    return len(open_sets), len(moves), blunders, regrets, lost


def summary(out):
    m = re.search(r"(\d+) open positions of (\d+): (\d+) blunders, (\d+) bad moves .*mean regret "
                  r"([-\d.]+) \+- ([\d.]+).*\((\d+) new questions\)", out)
    return m and (int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)),
                  float(m.group(5)), float(m.group(6)), int(m.group(7)))


def main():
    if not os.access(TACTICS, os.X_OK):
        sys.exit(f"test_move_judge: no {TACTICS} (make build/tactics)")
    with tempfile.TemporaryDirectory() as d:
        os.chdir(d)
        tsv, cache = os.path.join(d, "set.tsv"), os.path.join(d, "cache.json")
        a, b, c = (os.path.join(d, f"{n}.json") for n in "abc")

        # positions: a sample of the middle-game turns, the same for a seed.
        rc, out, err = run("positions", tsv, GAMES, "--first", "20", "--last", "60",
                           "--sample", "24", "--seed", "7")
        rows = [line.rstrip("\n").split("\t") for line in open(tsv, encoding="utf-8")]
        check(rc == 0 and re.match(r"24 positions of \d+$", out.strip()), f"positions: {out}{err}")
        check(len(rows) == 24 and all(r[0] == "15" for r in rows), "positions: 24 rows of 15x15")
        counts = [len(r[1].split()) for r in rows]
        check(all(20 <= n < 60 for n in counts), f"positions: stones 20 to 59: {counts}")
        again = os.path.join(d, "again.tsv")
        run("positions", again, GAMES, "--first", "20", "--last", "60", "--sample", "24",
            "--seed", "7")
        check(open(again).read() == open(tsv).read(), "positions: the same draw for a seed")
        for bad in ("0", "-3"):
            rc, out, err = run("positions", again, GAMES, "--sample", bad)
            check(rc == 2 and "--sample must be 1 or more" in err, f"--sample {bad}: {rc} {err}")
        rc, out, err = run("positions", again, os.path.join(d, "none.sgf"))
        check(rc != 0 and "none.sgf" in err and "Traceback" not in err,
              f"positions, a missing SGF: {rc} {err}")

        # judge: every figure recounted from the fake's rule and the moves.
        sets = [(int(s), [tuple(map(int, c.split(","))) for c in k.split()]) for s, k in rows]
        n_open, n_moves, blunders, regrets, lost = expected(sets, 3000)
        check(n_moves == n_open, f"tactics answered {n_moves} of {n_open}")
        args = [tsv, TACTICS, "3000", FAKE, "--judge-nodes", "1000", "--cache", cache]
        rc, out, err = run("judge", *args, "--save", a, "--bad", "60")
        got = summary(out)
        check(rc == 0 and got is not None, f"judge: {rc} {out}{err}")
        if got:
            values = list(regrets.values())
            mean = sum(values) / len(values)
            sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
            check(got[:4] == (n_open, 24, blunders, sum(v > 60 for v in values)),
                  f"judge: open, blunders, bad moves {got[:4]}, expected "
                  f"{(n_open, 24, blunders, sum(v > 60 for v in values))}")
            check(abs(got[4] - mean) < 0.051 and abs(got[5] - sd / math.sqrt(len(values))) < 0.051,
                  f"judge: mean regret {got[4]} +- {got[5]}, expected {mean:.2f}")
            check(got[6] == len(set(json.load(open(cache)))), "judge: every question cached")
        m = re.search(r"lost winning chance ([-\d.]+) \+- [\d.]+ points a move", out)
        want = 100 * sum(lost.values()) / len(lost)
        check(m and abs(float(m.group(1)) - want) < 0.0051,
              f"judge: lost winning chance {m and m.group(1)}, expected {want:.3f}: {out}")
        check(os.path.exists(a) and json.load(open(a)) == regrets, "judge --save: the regrets")

        # The same run again: all from the cache, the same moves, no difference.
        rc, out, err = run("judge", *args, "--save", b, "--compare", a, "--bad", "60")
        got = summary(out)
        check(rc == 0 and got is not None and got[6] == 0, f"judge again: new questions: {out}")
        check(f"+0.0 +- 0.0 over {n_open} positions, 0 judged differently" in out,
              f"judge --compare, the same run: {out}")
        check(re.search(r"over \d+ positions: 0 only in this run, 0 only in the other: \+0 \+- 0\.0",
                        out), f"judge --compare, bad moves: {out}")

        # Another variant (fewer nodes): the paired difference recounted.
        _, _, _, other, other_lost = expected(sets, 50)
        rc, out, err = run("judge", tsv, TACTICS, "50", FAKE, "--judge-nodes", "1000",
                           "--cache", cache, "--save", c, "--compare", a, "--bad", "60")
        diff = [other[k] - regrets[k] for k in other if k in regrets]
        m = re.search(r"against \S+: ([-+\d.]+) \+- [\d.]+ over (\d+) positions, (\d+) judged", out)
        check(rc == 0 and m and abs(float(m.group(1)) - sum(diff) / len(diff)) < 0.051 and
              int(m.group(2)) == len(diff) and int(m.group(3)) == sum(x != 0 for x in diff),
              f"judge --compare, another variant: {out}{err}")
        mine = sum(other[k] > 60 >= regrets[k] for k in other if k in regrets)
        theirs = sum(regrets[k] > 60 >= other[k] for k in other if k in regrets)
        check(f": {mine} only in this run, {theirs} only in the other" in out,
              f"judge --compare, bad moves only in one run ({mine}, {theirs}): {out}")
        d_lost = [other_lost[k] - lost[k] for k in other_lost if k in lost]
        m = re.search(r"lost winning chance against \S+: ([-+\d.]+) \+- [\d.]+ points over (\d+)", out)
        check(m and abs(float(m.group(1)) - 100 * sum(d_lost) / len(d_lost)) < 0.0051 and
              int(m.group(2)) == len(d_lost),
              f"judge --compare, lost winning chance: {out}")

        # Bad input: a clear message and a failing exit, no traceback.
        broken = os.path.join(d, "broken.tsv")
        with open(broken, "w", encoding="utf-8") as f:
            f.write(open(tsv).readline() + "15\t7,7 8\n")
        rc, out, err = run("judge", broken, TACTICS, "10", FAKE)
        check(rc != 0 and "broken.tsv:2: not SIZE" in err, f"judge, a broken line: {rc} {err}")
        with open(broken, "w", encoding="utf-8") as f:
            f.write("15\t7,7 15,3\n")
        rc, out, err = run("judge", broken, TACTICS, "10", FAKE)
        check(rc != 0 and "broken.tsv:1: not SIZE" in err, f"judge, a cell off the board: {err}")
        with open(broken, "w", encoding="utf-8") as f:
            f.write("[1, 2]")
        for option in ("--cache", "--compare"):
            rc, out, err = run("judge", tsv, TACTICS, "10", FAKE, option, broken)
            check(rc != 0 and "broken.tsv: not a file written by" in err and "Traceback" not in err,
                  f"judge {option} of another kind of file: {rc} {err[-300:]}")
        for what, bad_args in (
                ("a missing positions file", [os.path.join(d, "none.tsv"), TACTICS, "10", FAKE]),
                ("a missing engine", [tsv, TACTICS, "10", os.path.join(d, "none")]),
                ("a missing comparison", [tsv, TACTICS, "10", FAKE, "--cache", cache,
                                          "--compare", os.path.join(d, "none.json")])):
            rc, out, err = run("judge", *bad_args)
            check(rc != 0 and "move-judge" in err and "Traceback" not in err,
                  f"judge, {what}: {rc} {err[-300:]}")
    finish("move-judge")


if __name__ == "__main__":
    main()
