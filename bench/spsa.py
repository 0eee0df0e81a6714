#!/usr/bin/env python3
"""spsa.py - tunes several of the engine's parameters at once by games
against an opponent (Rapfi), by simultaneous perturbation stochastic
approximation (SPSA; Spall, 1992): each iteration moves every parameter
a random step up or down at once, plays the engine so changed and the
engine changed the other way against the opponent from one opening
with both colours, and moves the parameters towards the better of the
two by the difference in their scores. A tool for the benchmarks: a
node-limited game takes a fraction of a second, so thousands of them
look for a direction that a judge of one change at a time
(`make match-nodes`, 1,000 games a change) cannot afford to.

    bench/spsa.py MNK OPPONENT STATE ITERATIONS [options]

MNK is the engine (build/pbrain-mnk, started once a game with a
`--param NAME=VALUE` for every parameter), OPPONENT a Gomocup engine
kept running (its table cleared before every move, so that the same
position gets the same answer). STATE (JSON) holds the parameters'
values and the iterations done, and is written after each iteration:
a run stopped and started again goes on where it was. Options:

    --openings FILE   the openings (default bench/openings/15x15-wide.tsv:
                      offsets from the centre, "x,y" pairs, a tab after)
    --mnk-nodes N     mnk's nodes a move (default 250000)
    --opponent-nodes N  the opponent's (INFO max_node; default 20000)
    --params FILE     the parameters, a line each: NAME START STEP MIN MAX
                      (default DEFAULT_PARAMS below; STEP is the size of
                      the perturbation, c in Spall's notation)
    --rate R          Spall's a at the start, in steps: a point of score
                      difference moves a parameter R/2 steps (default 0.1)
    --seed S          the seed of the openings and the signs (default 1)

Each iteration prints its number, the two scores (0 to 2 each) and the
values. The end prints, for each parameter, the slope the run measured:
how many points of score a game one step of it is worth, with its 95%
error, over every iteration the state holds (the mean of each score
difference times the parameter's sign, over the width of the
perturbation; a parameter whose slope is within its error has shown no
effect, wherever its value drifted), then the values as `--param`
options. Freestyle 15x15 (five or more wins). An engine that stalls or
answers an illegal move: the iteration is void, or the illegal move
loses."""
import argparse
import json
import os
import random
import re
import sys
import threading

from gomocup_session import Session, makes_five, mean_error, read_text

SIZE = 15
STALL = 120  # seconds without a line before an engine is given up
# Spall's gains: a_k = a / (A + k)^ALPHA, c_k = c / k^GAMMA, with A a
# tenth of the iterations one expects (Spall's advice), here fixed.
ALPHA, GAMMA, A_OFFSET = 0.602, 0.101, 100

# The evaluation's weights (the side to move's, e.SHAPE, and the
# opponent's, eo.SHAPE) from the closed two up and the static pruning's
# margins: name, start (today's default), step, least, most. Not the
# w.SHAPE weights or defence: they weigh only the old move order
# (order=0), which the defaults do not use.
DEFAULT_PARAMS = [
    ("e.B2", 4, 2, 0, 40),
    ("e.F2", 12, 3, 0, 60),
    ("eo.B2", 4, 2, 0, 40),
    ("eo.F2", 12, 3, 0, 60),
    ("e.B3", 35, 8, 0, 200),
    ("e.F3", 112, 20, 20, 400),
    ("e.B4", 125, 20, 20, 400),
    ("e.F4", 300, 40, 100, 800),
    ("eo.B3", 14, 4, 0, 100),
    ("eo.F3", 45, 8, 10, 200),
    ("eo.B4", 50, 8, 10, 200),
    ("eo.F4", 120, 20, 40, 400),
    ("rfpmargin", 100, 20, 20, 400),
    ("razormargin", 100, 20, 20, 400),
]


def fail(message):
    sys.exit(f"spsa: {message}")


def read_params(path):
    params = []
    for n, line in enumerate(read_text(path, "spsa").splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            name, start, step, lo, hi = words[0], *map(float, words[1:])
        except ValueError:
            fail(f"{path}:{n}: expected NAME START STEP MIN MAX")
        if not lo <= start <= hi or step <= 0:
            fail(f"{path}:{n}: START must lie within MIN..MAX and STEP be above 0")
        if any(p[0] == name for p in params):
            fail(f"{path}:{n}: {name} is already there")
        params.append((name, start, step, lo, hi))
    if not params:
        fail(f"{path}: no parameters")
    return params


def read_openings(path):
    openings = []
    for n, line in enumerate(read_text(path, "spsa").splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        nums = [int(v) for v in re.findall(r"-?\d+", line.split("\t")[0])]
        c = SIZE // 2
        cells = [(c + nums[i], c + nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
        if (not cells or len(nums) % 2 or len(set(cells)) != len(cells) or
                any(not (0 <= x < SIZE and 0 <= y < SIZE) for x, y in cells)):
            fail(f"{path}:{n}: not an opening (pairs of offsets from the centre)")
        openings.append(cells)
    if not openings:
        fail(f"{path}: no openings")
    return openings


def play(mnk, opponent, opening, mnk_colour):
    """mnk's score in one game from the opening (1, 0.5 or 0; colour 0
    is Black, who played the opening's first stone), or None if an
    engine stalled."""
    moves = list(opening)
    own = [set(moves[0::2]), set(moves[1::2])]  # each colour's stones
    while len(moves) < SIZE * SIZE:
        colour = len(moves) % 2
        engine = mnk if colour == mnk_colour else opponent
        move, _ = engine.ask(SIZE, moves)
        if move is None:
            return None
        mover_score = 1.0 if colour == mnk_colour else 0.0
        if move in own[0] or move in own[1] or not (0 <= move[0] < SIZE and 0 <= move[1] < SIZE):
            return 1.0 - mover_score
        if makes_five(own[colour], *move):
            return mover_score
        own[colour].add(move)
        moves.append(move)
    return 0.5


def settings(params, theta, shift):
    """The values to play: theta moved by shift (a value a parameter),
    kept within each parameter's range, rounded."""
    return [(name, int(round(min(hi, max(lo, theta[name] + shift[name])))))
            for name, _, _, lo, hi in params]


def slopes(params, scores, signs, rate):
    """Each parameter's slope from the iterations done: (name, points of
    score a game per step, its 95% error, iterations counted). scores[k]
    is iteration k+1's pair, signs[k] its signs by name (None where a
    state written before signs were kept has none). A pair's two
    engines lie 2 c_k steps apart, so d_k / (2 c_k), d_k their difference
    a game, times the sign, estimates the slope; the mean of those
    estimates is Spall's gradient, their spread its error."""
    samples = [[] for _ in params]
    for k, ((plus, minus), sign) in enumerate(zip(scores, signs), 1):
        if sign is None:
            continue
        _, c_k = gains(k, rate)
        for i, (name, *_) in enumerate(params):
            samples[i].append(100.0 * (plus - minus) / 2 * sign[name] / (2 * c_k))
    out = []
    for (name, *_), xs in zip(params, samples):
        mean, error = mean_error(xs) if xs else (0.0, 0.0)
        out.append((name, mean, 1.96 * error, len(xs)))
    return out


def valid_state(state, names):
    """Whether a state read back holds what this tool writes: a count, a
    number for each parameter, and for each iteration a pair of scores
    and the signs by name (or None, for iterations from before the signs
    were kept)."""
    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    def signs_ok(s):
        return s is None or (isinstance(s, dict) and sorted(s) == sorted(names) and
                             all(v in (-1, 1) and not isinstance(v, bool) for v in s.values()))
    scores, signs = state["scores"], state["signs"]
    return (isinstance(state["k"], int) and all(map(number, state["theta"].values())) and
            isinstance(scores, list) and
            isinstance(signs, list) and len(signs) == len(scores) and
            all(isinstance(p, list) and len(p) == 2 and all(map(number, p)) for p in scores) and
            all(map(signs_ok, signs)))


def play_pair(mnk_path, opponent, opening, values, nodes, out, slot):
    """Both colours of one opening for mnk with these values; in
    out[slot] the score (0 to 2), or "stalled" if an engine stalled, or
    "stopped" if one ended (mnk refusing a parameter does)."""
    argv = [mnk_path]
    for name, value in values:
        argv += ["--param", f"{name}={value}"]
    total = 0.0
    for colour in (0, 1):
        mnk = Session(argv, info=f"INFO max_node {nodes}\n", clear=None, stall=STALL)
        try:
            score = play(mnk, opponent, opening, colour)
        except (RuntimeError, OSError):
            out[slot] = "stopped"
            return
        finally:
            try:
                mnk.close()
            except OSError:
                pass
        if score is None:
            out[slot] = "stalled"
            return
        total += score
    out[slot] = total


def gains(k, rate):
    """Spall's a_k and c_k at iteration k (c in units of each step)."""
    return (rate * (A_OFFSET + 1) ** ALPHA / (A_OFFSET + k) ** ALPHA, 1.0 / k ** GAMMA)


def step(params, theta, signs, difference, k, rate):
    """Spall's update after iteration k: each parameter moves by
    a_k x difference / (2 c_k x sign) in units of its step, where
    difference is score(theta + c_k x step x sign) less score(theta -
    ...). Returns the new values, kept within their ranges."""
    a_k, c_k = gains(k, rate)
    new = {}
    for name, _, size, lo, hi in params:
        value = theta[name] + a_k * difference * size * signs[name] / (2 * c_k)
        new[name] = min(hi, max(lo, value))
    return new


def main():
    ap = argparse.ArgumentParser(prog="spsa", description=__doc__.split("\n\n")[0])
    ap.add_argument("mnk")
    ap.add_argument("opponent")
    ap.add_argument("state")
    ap.add_argument("iterations", type=int)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--openings", default=os.path.join(here, "openings", "15x15-wide.tsv"))
    ap.add_argument("--mnk-nodes", type=int, default=250000)
    ap.add_argument("--opponent-nodes", type=int, default=20000)
    ap.add_argument("--params")
    ap.add_argument("--rate", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.iterations < 0 or args.mnk_nodes < 1 or args.opponent_nodes < 1 or args.rate <= 0:
        fail("ITERATIONS, the nodes and the rate must be positive")
    for path in (args.mnk, args.opponent):
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            fail(f"{path}: not an executable")
    params = read_params(args.params) if args.params else DEFAULT_PARAMS
    openings = read_openings(args.openings)
    names = [p[0] for p in params]
    state = {"k": 0, "theta": {n: float(s) for n, s, _, _, _ in params}, "scores": [],
             "signs": []}
    if os.path.exists(args.state):
        try:
            state = json.loads(read_text(args.state, "spsa"))
            if sorted(state["theta"]) != sorted(names):
                fail(f"{args.state}: its parameters are not these")
            # A state from before signs were kept: its iterations have none.
            state.setdefault("signs", [None] * len(state["scores"]))
            if not valid_state(state, names):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            fail(f"{args.state}: not a state this tool wrote")

    opponents = [Session(args.opponent, info=f"INFO max_node {args.opponent_nodes}\nINFO rule 0\n",
                         stall=STALL) for _ in range(2)]
    rng = random.Random(args.seed * 1000003 + state["k"])
    for _ in range(args.iterations):
        k = state["k"] + 1
        _, c_k = gains(k, args.rate)
        signs = {n: rng.choice((-1, 1)) for n in names}
        shift = {n: c_k * size * signs[n] for n, _, size, _, _ in params}
        values = (settings(params, state["theta"], shift),
                  settings(params, state["theta"], {n: -v for n, v in shift.items()}))
        opening = rng.choice(openings)
        scores = [None, None]
        threads = [threading.Thread(target=play_pair,
                                    args=(args.mnk, opponents[i], opening, values[i],
                                          args.mnk_nodes, scores, i)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if "stopped" in scores:
            fail("an engine ended in a game (does mnk know every parameter, "
                 "and every value in its range?)")
        if "stalled" in scores:
            print(f"iteration {k}: void (an engine stalled)", flush=True)
            continue
        state["theta"] = step(params, state["theta"], signs, scores[0] - scores[1], k, args.rate)
        state["k"] = k
        state["scores"].append(scores)
        state["signs"].append(signs)
        with open(args.state + ".tmp", "w", encoding="utf-8") as f:
            json.dump(state, f)
        os.replace(args.state + ".tmp", args.state)
        print(f"{k} {scores[0]:g} {scores[1]:g} " +
              " ".join(f"{n}={state['theta'][n]:.1f}" for n in names), flush=True)
    for o in opponents:
        o.close()
    for name, slope, error, n in slopes(params, state["scores"], state["signs"], args.rate):
        print(f"slope {name} {slope:+.2f} +- {error:.2f} points a game per step "
              f"(95%, {n} iterations)")
    print(" ".join(f"--param {n}={v}" for n, v in settings(params, state["theta"],
                                                            {n: 0 for n in names})))


if __name__ == "__main__":
    main()
