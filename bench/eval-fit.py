#!/usr/bin/env python3
"""eval-fit.py - fits the engine's evaluation to Rapfi's. A benchmark
tool: it prints what it measured and never fails on a result.

    python3 bench/eval-fit.py label OUT.tsv RAPFI NODES MATCH.sgf...
    python3 bench/eval-fit.py outcomes OUT.tsv MATCH.sgf...
    python3 bench/eval-fit.py children OUT.tsv RAPFI NODES DATA.tsv [--parents N] [--per K]
        [--seed S]
    python3 bench/eval-fit.py fit FEATURES DATA.tsv... [--test-every 5] [--proven V]
        [--proven-weight W] [--quiet] [--non-negative | --tempo T [--fit-from SHAPE]
        [--patterns-from PAT]]
    python3 bench/eval-fit.py threats FEATURES DATA.tsv... [--test-every 5] [--proven V]
        [--with-shapes SHAPE [--tempo T] [--rounds R]]

label: every position of the games in the SGF files (bench/match.sh's
matches), from the first move after the opening to the last before the
end, is given to Rapfi (INFO MAX_NODE NODES, so the answer does not depend
on the load; two at a time) and written to OUT.tsv as the position in
mnk's notation and Rapfi's evaluation for the side to move, or "won" or
"lost" where Rapfi proves the side to move wins or loses. fit and
threats leave the proven positions out: they are the threat search's
business, not the evaluation's; they are kept for a fit that weighs the
wins hidden from the evaluation. OUT.tsv is appended to and read back
first, so a second run asks only about new positions.

outcomes: the same positions labelled, instead of by Rapfi, by how the
game ended for the side to move: +OUTCOME_VALUE for the side that went
on to win, -OUTCOME_VALUE for the side that lost, 0 in a draw (so that
fit reads them as a winning chance of 1, 0 or one half: a fit to the
games' results, which counts every win the evaluation did not see
coming, hidden or not). Games that ended by time or a crash (their SGF
says so) are left out. A position that several games reach is written
once for each, with each game's result. OUT.tsv is written anew.

children: the positions a match never shows. N positions of the label
file DATA.tsv (3,000 by default), drawn at random, each get K random
moves (3 by default) on empty cells within two of a stone, and the
positions after them are labelled as by label, under the parent's game
name (so they are held out with it).

fit: FEATURES is build/eval-features. Rapfi's evaluation v becomes a
winning chance sigmoid(v / 200) (Rapfi's own scale); the engine's
evaluation is fitted by logistic regression (cross entropy, a little L2)
as sigmoid(c * eval), where c is first fitted for today's evaluation
(the shapes' weights, TODAY_OWN for the side to move's, TODAY for the
opponent's) so
that the fitted weights come out on today's scale. Prints the cross
entropy and rank correlation of today's evaluation and the fitted one on
held-out positions (the games whose name hashes to 0 modulo --test-every), and the
weights as engine parameter settings (see mnk.h, mnk_engine_set_param). --proven-weight
W counts each proven position (--proven) W times in the cross entropy
(threats takes it too). --non-negative holds every weight of the fit at 0
or more, so that no shape or pattern counts against the side that has
it. --quiet keeps only the positions where the
quiescence search stands on the evaluation as it is: neither side has an
open four to make, and the side to move no four-three or double three.
--tempo T fits today's form of the evaluation instead: one weight a shape
and none for the patterns, the side to move's shapes from the closed three
up counting T times the opponent's (today 2.5, OWN_THREAT_PCT); with
--fit-from SHAPE the shapes below SHAPE keep today's weights and only the
others are fitted; --patterns-from PAT adds one weight for each pattern
from PAT up, the side to move's counting T times too.

threats: today's evaluation kept as it is, plus one value for each
combination of threats the two sides have (the mask of the engine's
engine_threat_mask: which of five, open four, four-three, four, double
three and open three each side can make next), fitted the same way on
today's scale; prints the held-out measures and the values as engine
parameter settings (t.MASK=VALUE). --with-shapes SHAPE fits the shapes'
weights in today's form too (as fit --tempo T, default 2.5, the shapes
from SHAPE up), by turns with the table, R times (6).

Needs python3-numpy (Debian package).
"""
import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import zlib

import numpy as np

from eval_weights import OWN_THREAT_PCT, PATTERNS, SHAPES, TODAY, TODAY_OWN
from gomocup_session import (GAME, OPENING, RAPFI_SCALE, Session, game_moves, position_text,
                             read_text, sgf_games, sgf_size)

# Labels that are not a number: a proof for the side to move (its sign
# here), and from older label files "proven" (sign not kept) or "unknown"
# (no evaluation seen).
PROOF_SIGN = {"won": 1, "lost": -1}
NOT_A_VALUE = {"won", "lost", "proven", "unknown"}
# Seconds of silence after which Rapfi's answer is given up ("unknown"):
# at a node limit it once went silent on a nearly full board, and a
# label run waited for it for ever. Its longest answers here take a
# few seconds.
STALL_SECONDS = 60
# outcomes' label for a won game: far enough out that sigmoid(v /
# RAPFI_SCALE) is 1 to within 1e-4.
OUTCOME_VALUE = 2000


def done_positions(out):
    """The positions a label file already holds (it is appended to)."""
    if not os.path.exists(out):
        return set()
    with open(out, encoding="utf-8") as f:
        return {line.split("\t")[0] for line in f}


def ask_and_write(a, todo):
    """Rapfi's label for each (position, size, moves, game) of todo,
    appended to a.out: its evaluation for the side to move, "won" or
    "lost" for a proof, "unknown" when it gave none."""
    print(f"{len(todo)} positions to ask", file=sys.stderr)
    info = f"INFO max_memory 67108864\nINFO timeout_turn 1000000\nINFO MAX_NODE {a.nodes}\n"
    engines = [Session(a.rapfi, info, stall=STALL_SECONDS) for _ in range(a.jobs)]
    chunks = [todo[j::a.jobs] for j in range(a.jobs)]

    def work(j):
        answers = [engines[j].ask(size, moves)[1] for _, size, moves, _ in chunks[j]]
        return [None if v is None else ("won" if v[0] > 0 else "lost") if v[1] else v[0] * v[2]
                for v in answers]

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        answers = list(pool.map(work, range(a.jobs)))
    for e in engines:
        e.close()
    with open(a.out, "a", encoding="utf-8") as out:
        for j in range(a.jobs):
            for (p, _, _, game), v in zip(chunks[j], answers[j]):
                out.write(f"{p}\t{'unknown' if v is None else v}\t{game}\n")


def label(a):
    done = done_positions(a.out)
    todo = []
    for path in a.sgf:
        text = read_text(path, "eval-fit")
        size = sgf_size(text, path, "eval-fit")
        for number, moves in enumerate((m for m, _ in sgf_games(text)), 1):
            game = f"{os.path.basename(path)}:{number}"
            for ply in range(OPENING, len(moves)):
                p = position_text(size, moves[:ply])
                if p not in done:
                    done.add(p)
                    todo.append((p, size, moves[:ply], game))
    ask_and_write(a, todo)


def outcomes(a):
    rows = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for path in a.sgf:
            text = read_text(path, "eval-fit")
            size = sgf_size(text, path, "eval-fit")
            for number, game in enumerate(GAME.findall(text), 1):
                moves, _ = game_moves(game)
                result = re.search(r"RE\[([^]]*)\]", game)
                reason = re.search(r"TE\[([^]]*)\]", game)
                # A five (or, in a drawn game, a full board) ends a game
                # on the board; anything else (time, a crash) does not.
                if not result or not reason or not re.search(r"five|draw", reason.group(1), re.I):
                    continue
                winner = {"B": 0, "W": 1}.get(result.group(1)[:1])
                for ply in range(OPENING, len(moves)):
                    p = position_text(size, moves[:ply])
                    v = 0 if winner is None else OUTCOME_VALUE if ply % 2 == winner else -OUTCOME_VALUE
                    out.write(f"{p}\t{v}\t{os.path.basename(path)}:{number}\n")
                    rows += 1
    print(f"{rows} positions written to {a.out}")


def stones_in_turn(text):
    """A square position in mnk's text as its size and a list of moves
    (x, y) that makes it, the first player's and the second's stones
    taken in turn; None when the counts cannot arise or the board is not
    square."""
    rows = text.split("/")
    size = len(rows)
    if any(len(r) != size for r in rows):
        return None
    first = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "x"]
    second = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "o"]
    if len(first) - len(second) not in (0, 1):
        return None
    return size, [(first if i % 2 == 0 else second)[i // 2] for i in range(len(first) + len(second))]


def children(a):
    """The positions after a random move, mostly a poor one: what the
    search's evaluation meets at its leaves and a match's positions
    never show. Each row keeps its parent's game name, so that a game's
    children are held out with it."""
    with open(a.parents_file, encoding="utf-8") as f:
        parents = [line.rstrip("\n").split("\t") for line in f]
    rng = random.Random(a.seed)
    rng.shuffle(parents)
    done = done_positions(a.out)
    todo = []
    for fields in parents[:a.parents]:
        position = stones_in_turn(fields[0])
        if position is None:
            continue
        size, moves = position
        taken = set(moves)
        near = sorted({(x + dx, y + dy) for x, y in moves for dx in range(-2, 3) for dy in range(-2, 3)
                       if 0 <= x + dx < size and 0 <= y + dy < size and (x + dx, y + dy) not in taken})
        for m in rng.sample(near, min(a.per, len(near))):
            p = position_text(size, moves + [m])
            if p not in done:
                done.add(p)
                todo.append((p, size, moves + [m], fields[2] if len(fields) > 2 else "children"))
    ask_and_write(a, todo)


def pattern_column(side, pat):
    """The column of build/eval-features' output counting the cells of
    pattern pat for side (0 the side to move, 1 the other)."""
    return side * (len(SHAPES) + len(PATTERNS)) + len(SHAPES) + PATTERNS.index(pat)


def features(tool, positions):
    out = subprocess.run([tool], input="\n".join(positions) + "\n", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return np.array([[float(x) for x in line.split()] for line in out[:len(positions)]])


def design(f):
    """Columns: the side to move's shape counts, the opponent's (negated),
    then both sides' pattern counts the same way."""
    n = len(SHAPES) + len(PATTERNS)
    own, opp = f[:, :n], f[:, n:]
    ns = len(SHAPES)
    return np.hstack([own[:, :ns], -opp[:, :ns], own[:, ns:], -opp[:, ns:]])


def today(f):
    n = len(SHAPES) + len(PATTERNS)
    own, opp = np.array(TODAY_OWN, dtype=float), np.array(TODAY, dtype=float)
    return f[:, :len(SHAPES)] @ own - f[:, n:n + len(SHAPES)] @ opp


def sigmoid(x):
    return 1 / (1 + np.exp(-np.clip(x, -50, 50)))


def cross_entropy(p, y):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def rank_corr(a, b):
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def fit_logistic(x, y, l2, steps=3000, weight=None, offset=0, non_negative=False):
    """Newton's method on the cross entropy with an L2 penalty; weight
    (default 1) is each row's share of the cross entropy, offset a fixed
    part of each row's logit. With non_negative every weight is held at 0
    or more: the weights at 0 whose gradient pushes them below stay out of
    the step, and the step is halved until the projected weights lower
    the loss."""
    w = np.zeros(x.shape[1])
    r = np.ones(len(y)) if weight is None else weight
    total = r.sum()

    def loss(v):
        p = np.clip(sigmoid(x @ v + offset), 1e-12, 1 - 1e-12)
        return -np.sum(r * (y * np.log(p) + (1 - y) * np.log(1 - p))) / total + l2 * (v @ v) / 2

    for _ in range(steps):
        p = sigmoid(x @ w + offset)
        grad = x.T @ (r * (p - y)) / total + l2 * w
        h = (x * (r * p * (1 - p))[:, None]).T @ x / total + l2 * np.eye(len(w))
        if not non_negative:
            step = np.linalg.solve(h, grad)
            w -= step
            if np.max(np.abs(step)) < 1e-10:
                break
            continue
        free = ~((w <= 0) & (grad > 0))
        step = np.zeros(len(w))
        step[free] = np.linalg.solve(h[np.ix_(free, free)], grad[free])
        before, t = loss(w), 1.0
        while True:
            moved = np.maximum(w - t * step, 0)
            if loss(moved) <= before or t < 1e-6:
                break
            t /= 2
        done = np.max(np.abs(moved - w)) < 1e-9
        w = moved
        if done:
            break
    return w


def load(a):
    """The labelled positions, their features and Rapfi's winning
    chance, which are held out, and today's scale c. Positions Rapfi
    proves are left out, or with --proven V taken as an evaluation of +-V:
    a win the evaluation should have seen coming. Positions decided by
    force (a five to make or to stop, an open four) are the threat
    search's business and are left out either way."""
    rows = []
    for path in a.data:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f):
                fields = line.rstrip("\n").split("\t")
                game = fields[2] if len(fields) > 2 else str(number)
                if fields[1] not in NOT_A_VALUE:
                    rows.append((fields[0], float(fields[1]), game, 1.0))
                elif a.proven > 0 and fields[1] in PROOF_SIGN:
                    rows.append((fields[0], PROOF_SIGN[fields[1]] * a.proven, game, a.proven_weight))
    f = features(a.features, [r[0] for r in rows])
    y = sigmoid(np.array([r[1] for r in rows]) / RAPFI_SCALE)
    weight = np.array([r[3] for r in rows])
    # Held out by game: positions of one game are alike.
    held = np.array([zlib.crc32(r[2].encode()) % a.test_every == 0 for r in rows])

    def none(side, pat):
        return f[:, pattern_column(side, pat)] == 0

    keep = none(0, "FIVE") & none(1, "FIVE") & none(0, "F4")
    if a.quiet:
        # Where the engine's quiescence search stands on the evaluation
        # as it is: the opponent has no open four to make either, and the
        # side to move no four-three or double three to try.
        keep &= none(1, "F4") & none(0, "43") & none(0, "33")
    f, y, weight = f[keep], y[keep], weight[keep]
    test = held[keep]
    train = ~test
    base = today(f)
    c = fit_logistic(base[train, None], y[train], 0, weight=weight[train])[0]
    print(f"{len(rows)} positions, {int(keep.sum())} {'quiet' if a.quiet else 'without a five or open four'}, "
          f"{int(test.sum())} held out; today's scale c = {c:.5f}")
    return f, y, weight, test, train, base, c


def report(c, y, test, train, evaluations):
    """Each (name, evaluation)'s cross entropy on today's scale c and rank
    correlation with Rapfi's winning chance y, held out and trained on."""
    for name, e in evaluations:
        print(f"{name}: held-out cross entropy {cross_entropy(sigmoid(c * e[test]), y[test]):.4f}, "
              f"rank correlation {rank_corr(e[test], y[test]):.3f}; "
              f"train {cross_entropy(sigmoid(c * e[train]), y[train]):.4f}")
    print(f"(a constant guess: {cross_entropy(np.full(int(test.sum()), y[train].mean()), y[test]):.4f})")


# The threat mask's bits, as engine_threat_mask (src/engine_search.c) makes
# them: (side, pattern), side 0 the side to move.
THREAT_BITS = [(1, "FIVE"), (0, "F4"), (1, "F4"), (0, "43"), (0, "B4"), (0, "33"), (0, "F3"),
               (1, "43"), (1, "B4"), (1, "33"), (1, "F3")]


def threat_mask(f):
    mask = np.zeros(len(f), dtype=int)
    for bit, (side, pat) in enumerate(THREAT_BITS):
        mask |= (f[:, pattern_column(side, pat)] > 0).astype(int) << bit
    return mask


def threat_table(a, mask, rest, y, weight, train, c):
    """One value for each combination of threats (mask) that at least
    --min-count training positions have, added to rest (the other terms
    of the evaluation) and fitted on today's scale c. Each position has
    one combination, so each value is fitted alone (Newton's method, L2 of
    --l2-threat towards 0)."""
    table = np.zeros(1 << len(THREAT_BITS))
    for m in np.unique(mask[train]):
        rows = train & (mask == m)
        if rows.sum() < a.min_count:
            continue
        t = 0.0
        r = weight[rows]
        for _ in range(100):
            p = sigmoid(c * (rest[rows] + t))
            grad = c * np.sum(r * (p - y[rows])) / r.sum() + a.l2_threat * t
            h = c * c * np.sum(r * p * (1 - p)) / r.sum() + a.l2_threat
            step = grad / h
            t -= step
            if abs(step) < 1e-6:
                break
        table[m] = t
    return table


def threats(a):
    """Today's evaluation plus a value for each combination of threats
    (engine_params.threat_eval), fitted on today's scale with today's
    weights held fixed. With --with-shapes SHAPE, today's form of the
    shapes' weights (as fit --tempo, the shapes from SHAPE up) is fitted
    too, by turns with the table: the weights with the table held fixed,
    then the table with the weights held fixed, --rounds times."""
    f, y, weight, test, train, base, c = load(a)
    mask = threat_mask(f)
    table = threat_table(a, mask, base, y, weight, train, c)
    evaluations = [("today", base), ("with threats", base + table[mask])]
    settings = ""
    if a.with_shapes:
        x = tempo_design(f, a.tempo)
        kept = SHAPES.index(a.with_shapes)
        w = np.array(TODAY, dtype=float)
        for _ in range(a.rounds):
            fixed = x[:, :kept] @ w[:kept] + table[mask]
            w[kept:] = fit_logistic(x[train, kept:] * c, y[train], 1e-8, weight=weight[train],
                                    offset=c * fixed[train])
            table = threat_table(a, mask, x @ w, y, weight, train, c)
        evaluations.append(("with threats and shapes", x @ w + table[mask]))
        print("opponent shape: " + " ".join(f"{nm}={v:.1f}" for nm, v in zip(SHAPES, w)))
        settings = "attack=100 " + " ".join(f"{pre}{nm}={int(round(v))}"
                                            for pre, nm, v in tempo_settings(w, a.tempo) if nm != "FIVE") + " "
    report(c, y, test, train, evaluations)
    names = lambda m: "+".join(("own " if s == 0 else "opp ") + pat
                               for bit, (s, pat) in enumerate(THREAT_BITS) if m >> bit & 1) or "none"
    for m in np.argsort(-np.bincount(mask[train], minlength=len(table))):
        if table[m] != 0:
            print(f"  mask {m:4d} ({names(m)}): {int((train & (mask == m)).sum())} positions, {table[m]:.0f}")
    print("as parameters: " + settings + " ".join(f"t.{m}={int(round(v))}" for m, v in enumerate(table)
                                                  if int(round(v)) != 0))


def tempo_scale(tempo):
    """Each shape's factor for the side to move in today's form: tempo
    from the closed three up (OWN_THREAT_PCT), 1 below."""
    return np.array([tempo if i >= SHAPES.index("B3") else 1.0 for i in range(len(SHAPES))])


def tempo_settings(w, tempo):
    """The shapes' weights w of today's form (the opponent's) as engine
    parameters (prefix, shape, value): the side to move's (e.) and the
    opponent's (eo.)."""
    own = w * tempo_scale(tempo)
    return [(pre, nm, v) for pre, ws in (("e.", own), ("eo.", w)) for nm, v in zip(SHAPES, ws)]


def tempo_design(f, tempo, patterns_from=None):
    """Columns for today's form of the evaluation: one weight a shape,
    the opponent's count taken away from the side to move's, which counts
    tempo times from the closed three up (OWN_THREAT_PCT); then, from
    pattern patterns_from up (None: none), one weight a pattern the same
    way, the side to move's counting tempo times."""
    ns, n = len(SHAPES), len(SHAPES) + len(PATTERNS)
    cols = f[:, :ns] * tempo_scale(tempo) - f[:, n:n + ns]
    if patterns_from is None:
        return cols
    first = ns + PATTERNS.index(patterns_from)
    return np.hstack([cols, f[:, first:n] * tempo - f[:, n + first:2 * n]])


def fit(a):
    f, y, weight, test, train, base, c = load(a)
    if a.tempo:
        x = tempo_design(f, a.tempo, a.patterns_from)
        # The shapes below --fit-from keep today's weights (a fixed part of
        # the evaluation), the others are fitted.
        kept = SHAPES.index(a.fit_from)
        fixed = x[:, :kept] @ np.array(TODAY[:kept], dtype=float)
        w = np.concatenate([TODAY[:kept], fit_logistic(x[train, kept:] * c, y[train], a.l2,
                                                       weight=weight[train], offset=c * fixed[train])])
        report(c, y, test, train, (("today", base), ("fitted", x @ w)))
        ns = len(SHAPES)
        pats = PATTERNS[PATTERNS.index(a.patterns_from):] if a.patterns_from else []
        print("opponent shape: " + " ".join(f"{nm}={v:.1f}" for nm, v in zip(SHAPES, w)) +
              "".join(f" pattern {nm}={v:.1f}" for nm, v in zip(pats, w[ns:])))
        settings = tempo_settings(w[:ns], a.tempo)
        settings += [(pre, nm, v * k) for pre, k in (("p.", a.tempo), ("po.", 1))
                     for nm, v in zip(pats, w[ns:])]
        print("as parameters: attack=100 " + " ".join(
            f"{pre}{nm}={int(round(v))}" for pre, nm, v in settings if nm != "FIVE"))
        return
    x = design(f) * c
    w = fit_logistic(x[train], y[train], a.l2, weight=weight[train], non_negative=a.non_negative)
    report(c, y, test, train, (("today", base), ("fitted", design(f) @ w)))
    ns, npat = len(SHAPES), len(PATTERNS)
    parts = [("own shape", SHAPES, w[:ns]), ("opponent shape", SHAPES, w[ns:2 * ns]),
             ("own pattern", PATTERNS, w[2 * ns:2 * ns + npat]),
             ("opponent pattern", PATTERNS, w[2 * ns + npat:])]
    for title, names, ws in parts:
        print(f"{title}: " + " ".join(f"{nm}={v:.1f}" for nm, v in zip(names, ws)))
    prefixes = ["e.", "eo.", "p.", "po."]
    print("as parameters: attack=100 " + " ".join(
        f"{pre}{nm}={int(round(v))}" for pre, (_, names, ws) in zip(prefixes, parts)
        for nm, v in zip(names, ws) if nm != "FIVE"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    asking = argparse.ArgumentParser(add_help=False)
    asking.add_argument("out")
    asking.add_argument("rapfi")
    asking.add_argument("nodes", type=int)
    asking.add_argument("--jobs", type=int, default=2)
    lb = sub.add_parser("label", parents=[asking])
    lb.add_argument("sgf", nargs="+")
    oc = sub.add_parser("outcomes")
    oc.add_argument("out")
    oc.add_argument("sgf", nargs="+")
    ch = sub.add_parser("children", parents=[asking])
    ch.add_argument("parents_file", metavar="DATA.tsv")
    ch.add_argument("--parents", type=int, default=3000, help="how many of DATA.tsv's positions, drawn at random")
    ch.add_argument("--per", type=int, default=3, help="random moves a parent")
    ch.add_argument("--seed", type=int, default=1)
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("features")
    data.add_argument("data", nargs="+")
    data.add_argument("--test-every", type=int, default=5)
    data.add_argument("--proven", type=float, default=0,
                      help="Rapfi's proofs as this evaluation either way (0: left out)")
    data.add_argument("--quiet", action="store_true",
                      help="only the positions where the quiescence search stands on the evaluation")
    data.add_argument("--proven-weight", type=float, default=1,
                      help="a proven position's share of the fit, an unproven one's being 1")
    ft = sub.add_parser("fit", parents=[data])
    ft.add_argument("--l2", type=float, default=1e-8)
    ft.add_argument("--tempo", type=float, default=0,
                    help="fit today's form: shapes only, the side to move's from B3 up this many times the opponent's")
    ft.add_argument("--fit-from", default="B1", choices=SHAPES,
                    help="with --tempo, the shapes below this one keep today's weights")
    ft.add_argument("--patterns-from", choices=PATTERNS,
                    help="with --tempo, also fit the patterns from this one up")
    ft.add_argument("--non-negative", action="store_true",
                    help="hold every weight at 0 or more (no shape or pattern counts against its side)")
    th = sub.add_parser("threats", parents=[data])
    th.add_argument("--l2-threat", type=float, default=1e-6)
    th.add_argument("--min-count", type=int, default=20)
    th.add_argument("--with-shapes", choices=SHAPES, metavar="SHAPE",
                    help="fit today's form of the shapes' weights too, from this shape up")
    th.add_argument("--tempo", type=float,
                    help="with --with-shapes, the side to move's shapes from B3 up count this many times "
                         f"(default {OWN_THREAT_PCT / 100}, today's)")
    th.add_argument("--rounds", type=int, help="with --with-shapes, turns of weights and table (default 6)")
    a = ap.parse_args()
    if a.command == "fit" and not a.tempo and (a.fit_from != "B1" or a.patterns_from):
        ap.error("--fit-from and --patterns-from need --tempo")
    if a.command == "fit" and a.tempo and a.non_negative:
        ap.error("--non-negative is for the free fit (without --tempo)")
    if a.command == "fit" and a.tempo < 0:
        ap.error("--tempo must be positive")
    if a.command == "threats":
        if not a.with_shapes and (a.tempo is not None or a.rounds is not None):
            ap.error("--tempo and --rounds need --with-shapes")
        a.tempo = OWN_THREAT_PCT / 100 if a.tempo is None else a.tempo
        a.rounds = 6 if a.rounds is None else a.rounds
        if a.tempo <= 0 or a.rounds < 1:
            ap.error("--tempo and --rounds must be positive")
    if a.command == "children" and (a.parents < 1 or a.per < 1):
        ap.error("--parents and --per must be positive")
    if a.command not in ("label", "outcomes", "children") and a.proven_weight <= 0:
        ap.error("--proven-weight must be positive")
    {"label": label, "outcomes": outcomes, "children": children, "fit": fit, "threats": threats}[a.command](a)


if __name__ == "__main__":
    main()
