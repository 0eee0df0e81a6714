#!/usr/bin/env python3
"""test_spsa.py - bench/spsa.py, the tuner by games against an opponent:
run whole with pbrain-fake.py (beside this file) as both engines, the
same rule on both sides, so that the engine moved up and the engine
moved down score alike and the parameters must stay where they were, the
state file must count the iterations and go on from them when run again,
the lines before the last must give each parameter's slope (none between
equal engines) and the last the values as --param options; the state
must keep each iteration's signs, and a state from before it did must
still go on; a parameter that decides the games must show its slope and
one that does not none beyond its error; its update rule must move each
parameter by Spall's step, in the direction of the better side, within
its range; a game must be scored from the stones (five or more wins, a
move on a taken or outside cell loses, a full board is a draw); and a
missing engine, a malformed parameter or opening file, a state written
for other parameters, or an engine that ends (mnk refusing a parameter)
must stop it with a message naming the fault, not a traceback.

Usage: python3 tests/bench/test_spsa.py
Prints "N passed, N failed" and fails if any check did."""
import json
import os
import subprocess
import sys
import tempfile

from bench_check import FAKE, TOP, check, finish

import spsa

TOOL = os.path.join(TOP, "bench", "spsa.py")
WAIT = 120  # seconds for a whole run before the test gives up on it
PARAMS = "e.F3 112 20 20 400\nrfpmargin 100 20 20 400\n"
OPENING = "0,0, 1,0, 0,1\t0\n"


def run(args):
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True,
                          timeout=WAIT)


def clean_error(r, what, words):
    check(r.returncode != 0 and "Traceback" not in r.stderr and
          r.stderr.startswith("spsa: ") and all(w in r.stderr for w in words),
          f"{what}: a message naming the fault (got {r.returncode}: {r.stderr.strip()!r})")


with tempfile.TemporaryDirectory() as tmp:
    params = os.path.join(tmp, "params.txt")
    openings = os.path.join(tmp, "openings.tsv")
    state = os.path.join(tmp, "state.json")
    with open(params, "w") as f:
        f.write(PARAMS)
    with open(openings, "w") as f:
        f.write("# offsets\n" + OPENING)
    common = ["--params", params, "--openings", openings, "--mnk-nodes", "1000"]

    # Two iterations between equal engines: nothing moves.
    r = run([FAKE, FAKE, state, "2", *common])
    lines = r.stdout.splitlines()
    check(r.returncode == 0, f"a run between fakes succeeds ({r.stderr.strip()!r})")
    check(len(lines) == 5 and [l.split()[0] for l in lines[:4]] == ["1", "2", "slope", "slope"],
          f"a line an iteration, a slope a parameter, then the values ({lines!r})")
    check(lines[2:4] == [f"slope {n} +0.00 +- 0.00 points a game per step (95%, 2 iterations)"
                         for n in ("e.F3", "rfpmargin")],
          f"equal engines show no slope ({lines[2:4]!r})")
    check(all(l.split()[1] == l.split()[2] for l in lines[:2]),
          f"equal engines score alike ({lines[:2]!r})")
    check(lines[-1:] == ["--param e.F3=112 --param rfpmargin=100"],
          f"equal engines leave the values where they were ({lines[-1:]!r})")
    saved = json.load(open(state))
    check(saved["k"] == 2 and saved["theta"] == {"e.F3": 112.0, "rfpmargin": 100.0} and
          len(saved["scores"]) == 2 and len(saved["signs"]) == 2 and
          all(sorted(s) == ["e.F3", "rfpmargin"] and set(s.values()) <= {-1, 1}
              for s in saved["signs"]),
          f"the state holds 2 iterations and their signs ({saved!r})")
    r = run([FAKE, FAKE, state, "1", *common])
    check(r.returncode == 0 and r.stdout.splitlines()[0].split()[0] == "3" and
          json.load(open(state))["k"] == 3, "a second run goes on from the state")
    # A state written before the signs were kept: it goes on, and the
    # slopes count the iterations that have signs.
    old = json.load(open(state))
    del old["signs"]
    older = os.path.join(tmp, "older.json")
    with open(older, "w") as f:
        json.dump(old, f)
    r = run([FAKE, FAKE, older, "1", *common])
    check(r.returncode == 0 and "(95%, 1 iterations)" in r.stdout and
          json.load(open(older))["signs"][:3] == [None] * 3,
          f"a state without signs goes on, its slopes over the new iterations ({r.stdout!r})")

    # The values each game's engine is started with: at the first
    # iteration c_1 = 1, so a whole step either side, opposite for the pair.
    argv_log = os.path.join(tmp, "argv.log")
    wrapper = os.path.join(tmp, "pbrain-logged")
    with open(wrapper, "w") as f:
        f.write(f'#!/bin/sh\necho "$@" >> {argv_log}\nexec "{sys.executable}" "{FAKE}" "$@"\n')
    os.chmod(wrapper, 0o755)
    r = run([wrapper, FAKE, os.path.join(tmp, "fresh.json"), "1", *common])
    started = sorted(open(argv_log).read().splitlines()) if os.path.exists(argv_log) else []
    sides = sorted(set(started))
    values = [dict(w.split("=") for w in l.split()[1::2]) for l in sides]
    check(len(started) == 4 and len(sides) == 2 and all(started.count(l) == 2 for l in sides) and
          sorted(int(v["e.F3"]) for v in values) == [92, 132] and
          sorted(int(v["rfpmargin"]) for v in values) == [80, 120],
          f"each side of the pair starts its two games a whole step either side ({started!r})")

    # Engines given by paths relative to the caller's folder: each runs in
    # its own folder, where a relative path would not be found again.
    near = os.path.relpath(FAKE, tmp)
    r = subprocess.run([sys.executable, TOOL, near, near, "near.json", "1", *common], cwd=tmp,
                       capture_output=True, text=True, timeout=WAIT)
    check(r.returncode == 0 and r.stdout.splitlines()[0].split()[0] == "1",
          f"engines by relative paths start ({r.returncode}: {r.stderr.strip()!r})")

    # Faults.
    clean_error(run([os.path.join(tmp, "none"), FAKE, state, "1", *common]),
                "a missing engine", ["none", "not an executable"])
    bad = os.path.join(tmp, "bad.txt")
    # A bad file in the place of each of the three: its text, where it goes
    # (its option, or "state"), what it is and the words of the message.
    for text, place, what, words in [
            ("e.F3 112 twenty 20 400\n", "--params", "a malformed parameter line",
             ["bad.txt:1", "NAME START STEP MIN MAX"]),
            ("e.F3 500 20 20 400\n", "--params", "a start outside its range",
             ["bad.txt:1", "MIN..MAX"]),
            ("e.F3 112 20 20 400\ne.F3 112 20 20 400\n", "--params", "a parameter twice",
             ["bad.txt:2", "already"]),
            ("0,0, 9,0\t0\n", "--openings", "an opening off the board",
             ["bad.txt:1", "not an opening"]),
            ("{", "state", "a state that is not JSON", ["bad.txt", "not a state"]),
            ('{"k": 1, "theta": {"e.F3": 112, "rfpmargin": 100}, "scores": [[1, 1]], '
             '"signs": [{"e.F3": 1}]}', "state", "signs that miss a parameter",
             ["bad.txt", "not a state"]),
            ('{"k": 1, "theta": {"e.F3": 112, "rfpmargin": 100}, "scores": [[1, 1]], '
             '"signs": [{"e.F3": 1, "rfpmargin": 2}]}', "state", "a sign that is not +-1",
             ["bad.txt", "not a state"]),
            ('{"k": 1, "theta": {"e.F3": 112, "rfpmargin": 100}, "scores": [[1]], '
             '"signs": [null]}', "state", "a score that is not a pair",
             ["bad.txt", "not a state"]),
            ('{"k": 1, "theta": {"e.F3": "x", "rfpmargin": 100}, "scores": [[1, 1]], '
             '"signs": [null]}', "state", "a value that is not a number",
             ["bad.txt", "not a state"]),
            ('{"k": 1, "theta": {"e.F3": 112, "rfpmargin": 100}, "scores": [[1, 1]], '
             '"signs": [["e.F3", "rfpmargin"]]}', "state", "signs that are not by name",
             ["bad.txt", "not a state"])]:
        with open(bad, "w") as f:
            f.write(text)
        files = {"--params": params, "--openings": openings, "state": state, place: bad}
        clean_error(run([FAKE, FAKE, files["state"], "1", "--params", files["--params"],
                         "--openings", files["--openings"]]), what, words)
    # mnk stops at once when a --param is not its own.
    refusing = os.path.join(tmp, "pbrain-refusing")
    with open(refusing, "w") as f:
        f.write("#!/bin/sh\necho 'unknown parameter' >&2\nexit 2\n")
    os.chmod(refusing, 0o755)
    clean_error(run([refusing, FAKE, os.path.join(tmp, "s2.json"), "1", *common]),
                "an engine that ends", ["engine ended", "parameter"])
    other = os.path.join(tmp, "other.txt")
    with open(other, "w") as f:
        f.write("e.F4 300 40 100 800\n")
    clean_error(run([FAKE, FAKE, state, "1", "--params", other, "--openings", openings]),
                "a state for other parameters", ["state.json", "not these"])

# Spall's step: a_1 = rate, c_1 = 1, so a difference of d moves each
# parameter rate x d x STEP x sign / 2; clamped to its range.
P = [("a", 100, 20, 0, 200), ("b", 10, 4, 0, 11)]
new = spsa.step(P, {"a": 100.0, "b": 10.0}, {"a": 1, "b": -1}, 2.0, 1, 0.1)
check(abs(new["a"] - 102.0) < 1e-9 and abs(new["b"] - 9.6) < 1e-9,
      f"a won pair moves towards its side by rate x d x step / 2 ({new!r})")
new = spsa.step(P, {"a": 100.0, "b": 10.0}, {"a": -1, "b": -1}, -2.0, 1, 10.0)
check(new == {"a": 200, "b": 11}, f"the step stays within the range ({new!r})")
later = spsa.step(P, {"a": 100.0, "b": 10.0}, {"a": 1, "b": 1}, 2.0, 2000, 0.1)
check(100.0 < later["a"] < 101.0, f"steps shrink as the iterations go on ({later!r})")

# Slopes: "a" wins every pair for the side it moved up (both games, a
# difference of 2, so 1 point a game, over the 2 c_k steps between the
# two sides), "b"'s sign has nothing to do with the scores.
signs = [{"a": 1 - 2 * (k % 2), "b": 1 - 2 * (k // 2 % 2)} for k in range(400)]
scores = [[2, 0] if s["a"] == 1 else [0, 2] for s in signs]
got = {name: (m, e, n) for name, m, e, n in spsa.slopes(P, scores, signs, 0.1)}
want_a = sum(100.0 / (2 * spsa.gains(k, 0.1)[1]) for k in range(1, 401)) / 400
check(abs(got["a"][0] - want_a) < 1e-9 and got["a"][2] == 400 and
      got["a"][0] > got["a"][1] > 0, f"a parameter that decides the games has its slope ({got!r})")
check(abs(got["b"][0]) < got["b"][1], f"one that does not has none beyond its error ({got!r})")
got = spsa.slopes(P, [[2, 0], [2, 0]], [None, {"a": 1, "b": -1}], 0.1)
check([(n, round(m, 6), e, c) for n, m, e, c in got] ==
      [("a", round(100.0 / (2 * spsa.gains(2, 0.1)[1]), 6), 0.0, 1),
       ("b", round(-100.0 / (2 * spsa.gains(2, 0.1)[1]), 6), 0.0, 1)],
      f"iterations without signs are left out ({got!r})")


class Scripted:
    """An engine that plays the given moves in turn."""

    def __init__(self, moves):
        self.moves = list(moves)

    def ask(self, size, moves):
        return self.moves.pop(0), None


opening = [(7, 7), (0, 0), (8, 7)]
# mnk (Black) fills row 7 from x = 4 to 8 (an overline would count too).
check(spsa.play(Scripted([(6, 7), (5, 7), (4, 7)]), Scripted([(0, 1), (0, 2), (2, 5)]), opening,
                0) == 1.0,
      "a five of mnk's wins for mnk")
check(spsa.play(Scripted([(1, 1), (2, 2), (3, 3)]), Scripted([(0, 1), (0, 2), (0, 3), (0, 4)]),
                opening, 0) == 0.0, "a five of the opponent's loses for mnk")
check(spsa.play(Scripted([(0, 0)]), Scripted([]), opening, 1) == 0.0,
      "mnk's move on a taken cell loses")
check(spsa.play(Scripted([(1, 1)]), Scripted([(15, 3)]), opening, 0) == 1.0,
      "the opponent's move off the board loses")
# A full board with no five: columns in pairs, the colours alternating
# along both axes; Black (mnk) has 113 cells, White 112.
black = [(x, y) for y in range(15) for x in range(15) if (x // 2 + y) % 2 == 0]
white = [(x, y) for y in range(15) for x in range(15) if (x // 2 + y) % 2 == 1]
check(spsa.play(Scripted(black[2:]), Scripted(white[1:]), [black[0], white[0], black[1]], 0) == 0.5,
      "a full board with no five is a draw")
check(spsa.makes_five({(x, 7) for x in range(3, 9) if x != 5}, 5, 7),
      "six in a row wins (freestyle)")
check(not spsa.makes_five({(x, 7) for x in range(3, 7) if x != 5}, 5, 7), "four in a row does not")

finish("test_spsa")
