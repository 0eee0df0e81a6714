#!/usr/bin/env python3
"""choice-fit.py - fits the engine's evaluation to the moves a stronger
engine chose in matches, through the positions those moves lead to. A
benchmark tool: it prints what it measured and never fails on a result.

    python3 bench/choice-fit.py FEATURES MATCH.sgf... [--every 10]
        [--test-every 5] [--steps 600] [--l2 1e-4]

FEATURES is build/order-features (run with --children). Every --every-th
position of the matches' games (bench/match.sh's SGF) in which mnk's
opponent moved, from the first move after the opening, is one example:
the moves mnk's search would consider below the root and the one chosen,
each with what the evaluation sees after it. The positions order-fit.py
leaves out are left out here too (the answers to a threat; a five to
make).

bench/eval-fit.py fits the evaluation to the value of single positions,
and every such fit foretold values better and played worse
(docs/research.md). Here the loss is the evaluation's own choice: a
move's value is minus the evaluation of the position after it, for the
side then to move, and the 40 weights of the evaluation (the side to
move's shapes and patterns and the opponent's, as build/eval-features
counts them: e., eo., p., po.) are fitted by a softmax over the
position's moves (conditional logit, a little L2) so that the best of
them is the one chosen: a one-ply search with the evaluation, made to
pick the stronger engine's moves.

Prints, on the held-out games (those whose number in their file is 0
modulo --test-every) and on the rest, how often the chosen move is first
and among the first 4 and 8 for the order of the search below the root
(order=0's sums), for today's evaluation one ply deep and for the fitted
one, with the mean log-probability of the chosen move (today's
evaluation at its best temperature); then the fitted weights as engine
parameters, scaled so that the spread of the evaluation over a
position's moves is today's.
"""
import argparse
import sys

import numpy as np

from eval_weights import PATTERNS, SHAPES, TODAY, TODAY_OWN
from move_examples import load

ORDER_GROUP = 14  # order-features' numbers a move without --children
SIDE = len(SHAPES) + len(PATTERNS)  # numbers a side, the child's
GROUP = ORDER_GROUP + 2 * SIDE
# Today's evaluation in design's columns: the side to move's shapes, the
# opponent's, no pattern weights.
TODAY_DESIGN = np.array(TODAY_OWN + TODAY + [0] * (2 * len(PATTERNS)), dtype=float)
PREFIXES = [("e.", SHAPES), ("eo.", SHAPES), ("p.", PATTERNS), ("po.", PATTERNS)]


def design(child):
    """Columns of the evaluation of the positions after the moves, for the
    side then to move: its shapes, the other side's negated, then the
    patterns the same way (engine_evaluate with attack=100)."""
    ns = len(SHAPES)
    own, opp = child[:, :SIDE], child[:, SIDE:]
    return np.hstack([own[:, :ns], -opp[:, :ns], own[:, ns:], -opp[:, ns:]]).astype(float)


def log_softmax(scores, starts, counts):
    """Each move's log-probability by scores within its position (the
    positions' moves begin at starts, counts of them)."""
    mx = np.maximum.reduceat(scores, starts)
    s = scores - np.repeat(mx, counts)
    return s - np.repeat(np.log(np.add.reduceat(np.exp(s), starts)), counts)


def fit(x, starts, counts, chosen, l2, steps):
    """Weights w (nats a count) maximising the mean log-probability of the
    chosen moves, a move's score being -(x @ w), less l2 |w|^2 (Adam,
    full batch)."""
    w = np.zeros(x.shape[1])
    m, v = np.zeros_like(w), np.zeros_like(w)
    y = np.zeros(len(x))
    y[chosen] = 1.0
    for t in range(1, steps + 1):
        p = np.exp(log_softmax(-(x @ w), starts, counts))
        g = -(x.T @ (p - y)) / len(starts) + 2 * l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= 0.02 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w


def places(scores, starts, counts, chosen):
    """The chosen move's place among its position's moves by score (ties
    count against it)."""
    position = np.repeat(np.arange(len(starts)), counts)
    return np.bincount(position, weights=scores >= np.repeat(scores[chosen], counts),
                       minlength=len(starts)) - 1


def report(name, scores, starts, counts, chosen, mask, values=True):
    """The chosen moves' places by scores on the positions of mask, and
    when the scores are values (not an order), their log-probability."""
    p = places(scores, starts, counts, chosen)[mask]
    line = "  ".join(f"first {k}: {100 * (p < k).mean():5.1f}%" for k in (1, 4, 8))
    if values:
        line += f"  log-probability {log_softmax(scores, starts, counts)[chosen][mask].mean():.4f}"
    print(f"{name:28s} {line}  mean place {p.mean():5.2f}")


def best_temperature(e, starts, counts, chosen):
    """The factor c maximising the chosen moves' log-probability with
    scores -c e (a coarse search)."""
    grid = np.geomspace(1e-4, 1, 81)
    return max(grid, key=lambda c: log_softmax(-c * e, starts, counts)[chosen].sum())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("features")
    ap.add_argument("sgf", nargs="+")
    ap.add_argument("--every", type=int, default=10, help="one position in this many")
    ap.add_argument("--test-every", type=int, default=5)
    ap.add_argument("--steps", type=int, default=600)
    ap.add_argument("--l2", type=float, default=1e-4)
    a = ap.parse_args()
    if a.every < 1 or a.test_every < 1 or a.steps < 1 or a.l2 < 0:
        ap.error("--every, --test-every and --steps must be positive, --l2 not negative")

    games, ranks, feats = load([a.features, "--children"], a.sgf, "choice-fit", GROUP, a.every)
    # The chosen move must be one of the moves.
    keep = [i for i, r in enumerate(ranks) if r >= 0]
    games, ranks = [games[i] for i in keep], ranks[keep]
    xs = [design(feats[i][:, ORDER_GROUP:]) for i in keep]
    if not xs:
        print("choice-fit.py: no positions", file=sys.stderr)
        return 1
    counts = np.array([len(x) for x in xs])
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    chosen = starts + ranks
    # Centred within each position: a softmax does not see a position's
    # mean, and the counts of the small shapes are large and alike.
    x = np.concatenate([xi - xi.mean(axis=0) for xi in xs])
    test = np.array([g[1] % a.test_every == 0 for g in games])
    print(f"{len(xs)} positions ({test.sum()} held out), {counts.mean():.1f} moves a position")

    train = np.nonzero(~test)[0]
    sel = np.concatenate([np.arange(starts[p], starts[p] + counts[p]) for p in train])
    tr_counts = counts[train]
    tr_starts = np.concatenate([[0], np.cumsum(tr_counts)[:-1]])
    w = fit(x[sel], tr_starts, tr_counts, tr_starts + ranks[train], a.l2, a.steps)

    today = x @ TODAY_DESIGN
    c = best_temperature(today[sel], tr_starts, tr_counts, tr_starts + ranks[train])
    order = -np.concatenate([np.arange(n) for n in counts]).astype(float)
    for name, mask in (("held out", test), ("training", ~test)):
        print(f"-- {name}")
        report("search order (order=0)", order, starts, counts, chosen, mask, values=False)
        report("today's evaluation, 1 ply", -c * today, starts, counts, chosen, mask)
        report("fitted evaluation, 1 ply", -(x @ w), starts, counts, chosen, mask)
    # Engine units: the fitted evaluation's spread over a position's moves
    # made today's.
    scale = today.std() / (x @ w).std()
    print(f"-- fitted weights, x {scale:.1f} (today's evaluation is {1 / c:.1f} units a nat)")
    at = 0
    settings = []
    for prefix, names in PREFIXES:
        for nm in names:
            if nm != "FIVE":  # a five to make is the search's, not the evaluation's
                settings.append(f"{prefix}{nm}={int(round(w[at] * scale))}")
            at += 1
    print("as parameters: attack=100 " + " ".join(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
