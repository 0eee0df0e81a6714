#!/usr/bin/env python3
"""order-fit.py - fits the engine's move order to the moves a stronger
engine chose in matches. A benchmark tool: it prints what it measured and
never fails on a result.

    python3 bench/order-fit.py FEATURES MATCH.sgf... [--test-every 5] [--local]
        [--pairs] [--steps 400] [--l2 1e-4]

FEATURES is build/order-features. Every position of the matches' games
(bench/match.sh's SGF) in which mnk's opponent moved, from the first
move after the opening, is one example: the moves mnk's search would
consider below the root, in the order of `order=0` (the sums of pattern
weights), and the one chosen. Positions where those moves are the
answers to a threat, or where the side to move has a five to make, are
left out: there the order hardly matters.

The fitted order gives each move a value, the sum of one weight for its
pattern for the side to move, one for its pattern for the opponent (the
PAT_* of a cell: the best of its four lines, with double threats), and one
for each of its eight shapes (four directions, both sides), fitted by a
softmax over the position's moves (conditional logit, a little L2).
--local adds weights for its distance to the opponent's last move and to
the side to move's (the engine's order=1 table, src/engine_order.c);
--pairs, one weight for each combination of the two patterns.

Prints, for the sums' order and the fitted one, on the held-out games (the
games whose number in their file is 0 modulo --test-every) and on the
rest: how often the chosen move is first, among the first 4, 8 and 16,
and its mean place; then the fitted weights in 1/256 of a nat, by name
and as one row in index order (src/engine_order.c's table).
"""
import argparse
import sys

import numpy as np

from move_examples import load

PATTERNS = ["NONE", "B1", "F1", "B2", "F2", "B3", "F3", "33", "B4", "43", "F4", "FIVE"]
SHAPES = ["NONE", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "FIVE"]
NPAT, NSHAPE = len(PATTERNS), len(SHAPES)
GROUP = 14  # numbers a move of build/order-features
FAR = 7  # its largest distance


def indices(feats, pairs, local):
    """Each move's weight indices: own pattern, opponent's pattern (offset
    NPAT), own shapes (2 NPAT), opponent's shapes (2 NPAT + NSHAPE); with
    local, its distance to the opponent's last move and to the side to
    move's (FAR + 1 values each) and whether it is on their lines (a
    weight for off and one for on); with pairs, the combination of the
    two patterns. Returns the indices and
    the weights' count."""
    f = np.concatenate(feats)
    cols = [f[:, 0], NPAT + f[:, 1]]
    cols += [2 * NPAT + f[:, 2 + d] for d in range(4)]
    cols += [2 * NPAT + NSHAPE + f[:, 6 + d] for d in range(4)]
    size = 2 * NPAT + 2 * NSHAPE
    if local:
        for j in range(2):
            cols.append(size + f[:, 10 + 2 * j])
            size += FAR + 1
            cols.append(size + f[:, 11 + 2 * j])
            size += 2
    if pairs:
        cols.append(size + f[:, 0] * NPAT + f[:, 1])
        size += NPAT * NPAT
    return np.stack(cols, axis=1), size


def softmax_parts(scores, starts):
    """Per-position log-softmax of scores (positions begin at starts)."""
    mx = np.maximum.reduceat(scores, starts)
    counts = np.diff(np.append(starts, len(scores)))
    s = scores - np.repeat(mx, counts)
    e = np.exp(s)
    z = np.add.reduceat(e, starts)
    return s - np.repeat(np.log(z), counts), counts


def fit(idx, size, starts, chosen, l2, steps):
    """The weights maximising the chosen moves' mean log-probability less
    l2 times their squares' sum (Adam, full batch)."""
    w = np.zeros(size)
    m, v = np.zeros(size), np.zeros(size)
    y = np.zeros(len(idx))
    y[chosen] = 1.0
    flat = idx.ravel()
    per = idx.shape[1]
    npos = len(starts)
    for t in range(1, steps + 1):
        logp, counts = softmax_parts(w[idx].sum(axis=1), starts)
        g_score = (np.exp(logp) - y) / npos
        g = np.bincount(flat, weights=np.repeat(g_score, per), minlength=size) + 2 * l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return w


def report(name, keys, starts, chosen, mask):
    """How often the chosen move is among the first k by keys (ties go to
    the sums' order) on the positions of mask."""
    counts = np.diff(np.append(starts, len(keys)))
    # Place: moves with a higher key, and equal keys earlier in the sums' order.
    position = np.repeat(np.arange(len(starts)), counts)
    at = np.arange(len(keys)) - np.repeat(starts, counts)
    key_chosen = np.repeat(keys[chosen], counts)
    before = (keys > key_chosen) | ((keys == key_chosen) & (at < np.repeat(chosen - starts, counts)))
    places = np.bincount(position, weights=before, minlength=len(starts))[mask]
    line = "  ".join(f"first {k}: {100 * (places < k).mean():5.1f}%" for k in (1, 4, 8, 16))
    print(f"{name:24s} {line}  mean place {places.mean():.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("features")
    ap.add_argument("sgf", nargs="+")
    ap.add_argument("--test-every", type=int, default=5)
    ap.add_argument("--pairs", action="store_true")
    ap.add_argument("--local", action="store_true")
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--l2", type=float, default=1e-4)
    a = ap.parse_args()

    games, ranks, feats = load([a.features], a.sgf, "order-fit", GROUP)
    if not feats:
        print("order-fit.py: no positions", file=sys.stderr)
        return 1
    lens = np.array([len(f) for f in feats])
    found = ranks >= 0
    test = np.array([g[1] % a.test_every == 0 for g in games])
    print(f"{len(feats)} positions ({test.sum()} held out); the chosen move is a candidate in "
          f"{100 * found.mean():.1f}%; {lens.mean():.1f} candidates a position")
    keep = found
    feats_k = [f for f, k in zip(feats, keep) if k]
    lens_k = lens[keep]
    starts_k = np.concatenate([[0], np.cumsum(lens_k)[:-1]])
    chosen = starts_k + ranks[keep]
    test_k, train_k = test[keep], ~test[keep]

    idx, size = indices(feats_k, a.pairs, a.local)
    today = -np.concatenate([np.arange(n) for n in lens_k]).astype(float)
    train_pos = np.nonzero(train_k)[0]
    # The fit on the training positions only.
    sel = np.concatenate([np.arange(starts_k[p], starts_k[p] + lens_k[p]) for p in train_pos])
    tr_starts = np.concatenate([[0], np.cumsum(lens_k[train_pos])[:-1]])
    tr_chosen = tr_starts + ranks[keep][train_pos]
    w = fit(idx[sel], size, tr_starts, tr_chosen, a.l2, a.steps)
    fitted = w[idx].sum(axis=1)
    for name, mask in (("held out", test_k), ("training", train_k)):
        print(f"-- {name}")
        report("sums (order=0)", today, starts_k, chosen, mask)
        report("fitted", fitted, starts_k, chosen, mask)
    print("-- fitted weights in 1/256 of a nat: own pattern o., opponent's pattern oo., "
          "own shape w., opponent's shape wo.")
    scale = 256
    print(" ".join(f"o.{p}={round(w[i] * scale)}" for i, p in enumerate(PATTERNS)))
    print(" ".join(f"oo.{p}={round(w[NPAT + i] * scale)}" for i, p in enumerate(PATTERNS)))
    print(" ".join(f"w.{s}={round(w[2 * NPAT + i] * scale)}" for i, s in enumerate(SHAPES)))
    print(" ".join(f"wo.{s}={round(w[2 * NPAT + NSHAPE + i] * scale)}" for i, s in enumerate(SHAPES)))
    print("-- the same, every weight in index order (a C table's rows)")
    print(", ".join(str(round(x * 256)) for x in w))
    if a.local:
        base = 2 * NPAT + 2 * NSHAPE
        for j, who in enumerate(("opponent's", "own")):
            at = base + j * (FAR + 3)
            print(f"{who} last move: distance " +
                  " ".join(f"{d}={round(w[at + d] * scale)}" for d in range(FAR + 1)) +
                  f"; on its lines {round((w[at + FAR + 2] - w[at + FAR + 1]) * scale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
