#!/usr/bin/env python3
"""Every 3x3 and 4,3,3 position where the side to move cannot win at once
and the opponent threatens exactly one immediate win: `mnk best --weak`
must block that cell (a weak solve of a lost position used to play the
first empty cell). Prints the positions checked and fails on any that is
not blocked. Usage: weak_blocks.py MNK"""
import itertools, subprocess, sys

def lines(m, n, k):
    out = []
    for r in range(n):
        for c in range(m):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < n and 0 <= cc < m for rr, cc in cells):
                    out.append([rr * m + cc for rr, cc in cells])
    return out

def check(m, n, k, limit):
    ls = lines(m, n, k)
    won = lambda b, p: any(all(b[i] == p for i in l) for l in ls)
    wins_at = lambda b, p: [c for c in range(m * n) if b[c] == "." and won(b[:c] + p + b[c + 1:], p)]
    cases = []
    for b in itertools.product("xo.", repeat=m * n):
        b = "".join(b)
        x, o = b.count("x"), b.count("o")
        if not (x == o or x == o + 1) or won(b, "x") or won(b, "o") or "." not in b:
            continue
        me, them = ("x", "o") if x == o else ("o", "x")
        if wins_at(b, me):
            continue
        t = wins_at(b, them)
        if len(t) == 1:
            rows = "/".join(b[r * m:(r + 1) * m] for r in range(n))
            cases.append((rows, t[0]))
        if len(cases) >= limit:
            break
    text = "".join(p + "\n" for p, _ in cases)
    out = subprocess.run([sys.argv[1], "best", "--weak", "--rules", f"{m},{n},{k}", "-"],
                         input=text, capture_output=True, text=True, check=True).stdout.split()
    bad = 0
    for (p, cell), ans in zip(cases, out):
        want = "abcdefghijklmnopqrst"[cell % m] + str(cell // m + 1)
        if ans != want:
            bad += 1
            if bad <= 5:
                print(f"FAIL: {m},{n},{k} {p}: --weak plays {ans}, the threat is at {want}")
    print(f"weak blocks: {m},{n},{k}: {len(cases)} positions, {bad} not blocked")
    return bad == 0 and len(out) == len(cases)

ok = check(3, 3, 3, 10**6) & check(4, 3, 3, 3000)
sys.exit(0 if ok else 1)
