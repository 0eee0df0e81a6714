#!/usr/bin/env python3
"""Lost positions and `mnk best --weak` (issue 10): where every move loses,
the weak solver must still play the slowest loss, the move a strong solve
picks (which blocks an immediate threat when blocking delays the end).
Positions come from random games (a fixed seed) on 4,4,3, 5,4,3 and 5,4,4;
`mnk analyze -` (strong) tells which are lost, and how fast each move
loses; every move `mnk best --weak -` plays must lose as slowly as the
best. Prints how many positions were checked, how many of them had an
immediate threat to block, and fails on any faster loss.
Usage: weak_losses.py MNK"""
import random, subprocess, sys

MNK = sys.argv[1]

def run(args, text):
    return subprocess.run([MNK] + args, input=text, capture_output=True, text=True,
                          check=True).stdout.splitlines()

def random_positions(m, n, rng, count):
    """Positions after random moves (the game may be over: analyze skips
    those), as rows joined by '/'."""
    out = []
    for _ in range(count):
        cells = ["."] * (m * n)
        for ply in range(rng.randrange(2, m * n - 2)):
            empty = [c for c in range(m * n) if cells[c] == "."]
            cells[rng.choice(empty)] = "xo"[ply % 2]
        out.append("/".join("".join(cells[r * m:(r + 1) * m]) for r in range(n)))
    return out

def check(m, n, k, rng, count):
    rules = ["--rules", f"{m},{n},{k}"]
    positions = random_positions(m, n, rng, count)
    lost = {}
    for line in run(["analyze"] + rules + ["-"], "".join(p + "\n" for p in positions)):
        fields = line.split()
        if len(fields) < 2 or line.startswith("error") or fields[1] == "over":
            continue
        moves = {}
        for f in fields[1:]:
            cell, result, *plies = f.split(":")
            moves[cell] = (result, int(plies[0]) if plies else None)
        if moves and all(r == "loss" for r, _ in moves.values()):
            lost[fields[0]] = moves
    cases = sorted(lost)
    answers = run(["best", "--weak"] + rules + ["-"], "".join(p + "\n" for p in cases))
    bad = blocks = 0
    for pos, ans in zip(cases, answers):
        slowest = max(p for _, p in lost[pos].values())
        quickest = min(p for _, p in lost[pos].values())
        blocks += quickest == 2 and slowest > 2  # a threat that blocking delays
        if ans not in lost[pos] or lost[pos][ans][1] != slowest:
            bad += 1
            if bad <= 5:
                got = lost[pos].get(ans, ("?", "?"))[1]
                print(f"FAIL: {m},{n},{k} {pos}: --weak plays {ans}, a loss in {got}; "
                      f"the slowest is a loss in {slowest}")
    print(f"weak losses: {m},{n},{k}: {len(cases)} lost positions ({blocks} with a threat "
          f"to block), {bad} not the slowest loss")
    return bad == 0 and len(answers) == len(cases) and len(cases) > 0

rng = random.Random(10)
ok = check(4, 4, 3, rng, 1000) & check(5, 4, 3, rng, 1000) & check(5, 4, 4, rng, 1000)
sys.exit(0 if ok else 1)
