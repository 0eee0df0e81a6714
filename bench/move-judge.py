#!/usr/bin/env python3
"""move-judge.py - Rapfi judges the moves an engine variant chooses in a
fixed set of positions, fast enough to compare many variants.

bench/match-judge.py starts pbrain-mnk once a position; this runs
build/tactics (every position with the same node limit and a cold table,
so the moves do not depend on the load) on the whole set at once, split
over the cores, with the variant's parameters (build/tune's NAME=VALUE),
and asks Rapfi (one session a core, bench/gomocup_session.py) only about
the positions after moves it has not judged before: a cache keeps every
answer, so a variant that changes few moves costs little more than its
searches.

    python3 bench/move-judge.py positions OUT.tsv MATCH.sgf... [--first F]
        [--last N] [--sample K [--seed S]]
        the positions of finished matches (bench/match.sh) where mnk was
        to move, from move F (default: the first after the opening) up to
        move N (default 12); with --sample, K of them drawn at random
    python3 bench/move-judge.py critical OUT.tsv MATCH.sgf... [--moves K]
        the positions where mnk chose its last K moves (default 2) before
        Rapfi first reported a proven win, in every game mnk lost: the
        moves that lost it, by Rapfi's account. Each MATCH.sgf needs its
        messages beside it (bench/match.sh's OUT/match-*.txt). A set
        chosen by mnk's bad moves favours any change of them: it shows
        where mnk loses, not which variant plays better (four variants
        that judged best on it scored no better in games; docs/research.md,
        2026-11-29, stop 51).
    python3 bench/move-judge.py mates OUT.txt MATCH.sgf... [--min-plies P]
        the positions, in build/tactics' form, where Rapfi was to move
        when it first reported a proven win (a mate in P plies or more,
        default 1), in every game mnk lost: the mates mnk's move before
        allowed, for `build/tactics nodes N OUT.txt` to count the wins
        mnk's search sees. It prints how many, by the mate's length.
    python3 bench/move-judge.py judge POSITIONS.tsv TACTICS NODES RAPFI
        [NAME=VALUE...] [--save F] [--compare F] [--cache F] [--jobs J]
        [--depth] [--bad T]

For each position it prints nothing; at the end the number judged (the
positions Rapfi had not already proven decided before the move), the
blunders (Rapfi proves a win after the move), and the mean regret: Rapfi's
evaluation after the move (for Rapfi's side) plus its evaluation before it
(for mnk's side), the points the move lost against the best move in
Rapfi's eyes, each clipped to -500 .. 2000 (a proven win counts 2000).
It also gives the winning chance the moves lost, by Rapfi's own scale
(its value / 200 through a sigmoid: a proven win after the move leaves
none). The mean regret counts a move that turns a lost position into a
proven loss as much as one that throws away an even game; the lost
chance counts it hardly at all. And it counts the bad moves, those
whose regret is more than T (default 100, the threshold of
bench/pbrain-hybrid.py's --veto-eval that took mnk from 20% to 51% on
the middle-game judge: docs/research.md, stop 75).
--compare gives the paired difference against another run's --save file,
of the mean regret, of the bad moves (how many positions only one of
the two runs got wrong) and of the lost winning chance.
With --depth, NODES is a depth instead: every move searched to that depth
(build/tactics depth), to see what depth alone is worth.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import threading

from gomocup_session import (OPENING, RAPFI_SCALE, Session, clipped, first_mate,
                             first_proven_win, mean_error, match_games, position_text,
                             read_saved, read_text, save_and_compare, sgf_games, sgf_size)

CLIP = 2000
REGRET_MIN = -500


def lost_chance(before, regret):
    """The winning chance a move lost in Rapfi's eyes, from Rapfi's
    value of the position before it (for the mover) and the move's
    regret: sigmoid(before / 200) - sigmoid(-after / 200), a proven win
    after the move counting as a chance of 0. A regret clipped at
    REGRET_MIN (a move far better than Rapfi's own) counts as that bound."""
    after = CLIP if regret >= CLIP else regret - before

    def chance(v):
        return 1 / (1 + math.exp(-max(-CLIP, min(CLIP, v)) / RAPFI_SCALE))
    return chance(before) - chance(-after)


def spell(moves):
    return " ".join(f"{x},{y}" for x, y in moves)


def positions(a):
    seen = {}  # (size, key) -> None, in the order found
    for path in a.sgf:
        text = read_text(path, "move-judge")
        size = sgf_size(text, path, "move-judge")
        for moves, mnk_black in sgf_games(text):
            side = 0 if mnk_black else 1
            for ply in range(max(OPENING, a.first), min(len(moves), a.last)):
                if ply % 2 == side:
                    seen.setdefault((size, spell(moves[:ply])))
    found = list(seen)
    if a.sample is not None:
        random.Random(a.seed).shuffle(found)
        found = found[:a.sample]
    with open(a.out, "w", encoding="utf-8") as out:
        out.writelines(f"{size}\t{key}\n" for size, key in found)
    print(f"{len(found)} positions" + (f" of {len(seen)}" if a.sample is not None else ""))


def critical(a):
    """The positions before mnk's last a.moves moves ahead of Rapfi's
    first proven win, in the games mnk lost."""
    seen = set()
    with open(a.out, "w", encoding="utf-8") as out:
        for path in a.sgf:
            size, games = match_games(path, re.sub(r"\.sgf$", ".txt", path), "move-judge")
            for moves, _, lost, said in games:
                win = first_proven_win(said) if lost else None
                if win is None:
                    continue
                # Move win is Rapfi's; mnk's move before it was played
                # after win - 2 stones, its move before that after win - 4.
                for ply in range(win - 2, max(OPENING, win - 2 * a.moves) - 1, -2):
                    key = spell(moves[:ply])
                    if (size, key) not in seen:
                        seen.add((size, key))
                        out.write(f"{size}\t{key}\n")
    print(f"{len(seen)} positions")


def mates(a):
    """The positions Rapfi first proved won, to move, in the games mnk
    lost; mates shorter than a.min_plies left out."""
    seen, lengths = set(), {}
    with open(a.out, "w", encoding="utf-8") as out:
        for path in a.sgf:
            size, games = match_games(path, re.sub(r"\.sgf$", ".txt", path), "move-judge")
            for moves, _, lost, said in games:
                mate = first_mate(said) if lost else None
                if mate is None or mate[1] < a.min_plies or mate[0] - 1 <= OPENING:
                    continue
                # Move mate[0] is Rapfi's, played after mate[0] - 1 stones.
                text = position_text(size, moves[:mate[0] - 1])
                if text not in seen:
                    seen.add(text)
                    lengths[mate[1]] = lengths.get(mate[1], 0) + 1
                    out.write(text + "\n")
    print(f"{len(seen)} positions; mates in plies: " +
          ", ".join(f"{k}: {v}" for k, v in sorted(lengths.items())))


class Judge:
    """Rapfi's evaluations (for the side to move; +-CLIP a proven win),
    cached by size, judge nodes and moves (bench/match-judge.py's keys)."""

    def __init__(self, rapfi, nodes, path, jobs):
        self.rapfi, self.nodes, self.path, self.jobs = rapfi, nodes, path, jobs
        self.cache = read_saved(path, "move-judge", "--cache") if os.path.exists(path) else {}
        self.asked = 0

    def key(self, size, moves):
        return f"{size} {self.nodes} {spell(moves)}"

    def fill(self, questions):
        """Asks Rapfi about every (size, moves) not in the cache."""
        todo = [q for q in dict.fromkeys((s, tuple(m)) for s, m in questions)
                if self.key(q[0], q[1]) not in self.cache]
        if not todo:
            return
        info = (f"INFO max_memory 67108864\nINFO timeout_turn 1000000\n"
                f"INFO MAX_NODE {self.nodes}\n")
        lock = threading.Lock()

        def work(part):
            session = Session(self.rapfi, info)
            for size, moves in part:
                v = session.ask(size, list(moves))[1]
                value = clipped(v, CLIP)
                with lock:
                    self.cache[self.key(size, moves)] = value
                    self.asked += 1
                    if self.asked % 50 == 0:
                        self.save()
            session.close()

        threads = [threading.Thread(target=work, args=(todo[i::self.jobs],)) for i in range(self.jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.save()

    def save(self):
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.cache, f)
        os.replace(tmp, self.path)

    def value(self, size, moves):
        return self.cache.get(self.key(size, moves))


CELL = re.compile(r"^\s*(\d+)\s+depth\s+\S+\s+([a-z]+)(\d+)\s")


def engine_moves(tactics, mode, limit, boards, params, jobs):
    """The move build/tactics chooses in each board (its mode "nodes" or
    "depth", with that limit), as (x, y)."""
    parts = [boards[i::jobs] for i in range(jobs)]
    procs = []
    for i, part in enumerate(parts):
        path = f"/tmp/move-judge-{os.getpid()}-{i}.txt"
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(b + "\n" for b in part))
        procs.append((path, subprocess.Popen([tactics, mode, str(limit), path] + params,
                                             stdout=subprocess.PIPE, text=True)))
    moves = [None] * len(boards)
    for i, (path, proc) in enumerate(procs):
        out, _ = proc.communicate()
        os.remove(path)
        if proc.returncode != 0:
            sys.exit(f"move-judge: {tactics} failed")
        got = [m for m in map(CELL.match, out.splitlines()) if m]
        if len(got) != len(parts[i]):
            sys.exit(f"move-judge: {tactics} answered {len(got)} of {len(parts[i])} positions")
        for j, m in enumerate(got):
            col = 0
            for ch in m.group(2):
                col = col * 26 + ord(ch) - 96
            moves[i + j * jobs] = (col - 1, int(m.group(3)) - 1)
    return moves


def read_positions(path):
    """The (size, moves) of a set written by `positions`; a file that
    cannot be read, or a line not of that form, stops the tool with a
    message naming it."""
    sets = []
    for number, line in enumerate(read_text(path, "move-judge").splitlines(), 1):
        try:
            size, key = line.split("\t")
            moves = [tuple(map(int, c.split(","))) for c in key.split()]
            n = int(size)
            if n < 1 or any(len(c) != 2 or not (0 <= c[0] < n and 0 <= c[1] < n) for c in moves):
                raise ValueError
        except ValueError:
            sys.exit(f"move-judge: {path}:{number}: not SIZE<tab>x,y x,y ...")
        sets.append((n, moves))
    return sets


def judge(a):
    # Everything the run needs is checked before its minutes of searches.
    for tool in (a.tactics, a.rapfi):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            sys.exit(f"move-judge: {tool}: not an executable file")
    if a.compare:
        read_saved(a.compare, "move-judge", "--save")  # read again once the run is done
    j = Judge(a.rapfi, a.judge_nodes, a.cache, a.jobs)
    sets = read_positions(a.positions)
    j.fill(sets)
    open_sets = [(s, m) for s, m in sets
                 if j.value(s, m) is not None and abs(j.value(s, m)) < CLIP]
    boards = [position_text(s, m) for s, m in open_sets]
    moves = engine_moves(a.tactics, "depth" if a.depth else "nodes", a.nodes, boards, a.params,
                         a.jobs)
    j.fill([(s, m + [mv]) for (s, m), mv in zip(open_sets, moves)])
    regrets, blunders, by_position = [], 0, {}
    for (s, m), mv in zip(open_sets, moves):
        after = j.value(s, m + [mv])
        if after is None:
            continue
        r = max(REGRET_MIN, min(CLIP, after + j.value(s, m)))
        blunders += after >= CLIP
        regrets.append(r)
        by_position[f"{s} {spell(m)}"] = r
    n = len(regrets)
    if n == 0:
        sys.exit("move-judge: no open position to judge")
    mean, error = mean_error(regrets)
    median = sorted(regrets)[n // 2]
    bad = sum(r > a.bad for r in regrets)
    print(f"{n} open positions of {len(sets)}: {blunders} blunders, {bad} bad moves (regret over "
          f"{a.bad}), mean regret {mean:.1f} +- {error:.1f}, median {median}; {a.nodes} "
          f"{'plies' if a.depth else 'nodes'} a move"
          f"{' ' + ' '.join(a.params) if a.params else ''}; Rapfi at {a.judge_nodes} "
          f"({j.asked} new questions)")
    before = {f"{s} {spell(m)}": j.value(s, m) for s, m in open_sets}
    chance = {k: lost_chance(before[k], r) for k, r in by_position.items()}
    cm, ce = mean_error(list(chance.values()))
    print(f"lost winning chance {100 * cm:.2f} +- {100 * ce:.2f} points a move "
          f"(Rapfi's value / {RAPFI_SCALE} through a sigmoid)")
    other = save_and_compare(by_position, a.save, a.compare, "move-judge")
    if other:
        compare_bad(by_position, other, a.bad)
        d = [chance[k] - lost_chance(before[k], other[k]) for k in chance if k in other]
        if len(d) > 1:
            dm, de = mean_error(d)
            print(f"lost winning chance against {a.compare}: {100 * dm:+.2f} +- {100 * de:.2f} "
                  f"points over {len(d)} positions (negative: this run's moves are better)")


def compare_bad(mine, other, threshold):
    """Prints, over the positions both runs judged, how many moves only
    this run made bad and how many only the other run did, with the 95%
    error of the difference (McNemar's: the positions where the two runs
    agree tell nothing about which is better)."""
    both = [k for k in mine if k in other]
    only_mine = sum(mine[k] > threshold >= other[k] for k in both)
    only_other = sum(other[k] > threshold >= mine[k] for k in both)
    print(f"bad moves (regret over {threshold}) over {len(both)} positions: {only_mine} only in "
          f"this run, {only_other} only in the other: {only_mine - only_other:+d} +- "
          f"{1.96 * math.sqrt(only_mine + only_other):.1f} (95%)")


def main():
    ap = argparse.ArgumentParser(description="Rapfi judges the moves of an engine variant.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions")
    p.add_argument("out")
    p.add_argument("sgf", nargs="+")
    p.add_argument("--first", type=int, default=OPENING)
    p.add_argument("--last", type=int, default=12)
    p.add_argument("--sample", type=int, metavar="N", help="N of them drawn at random")
    p.add_argument("--seed", type=int, default=1, help="the draw's seed (default 1)")
    p.set_defaults(run=positions)
    p = sub.add_parser("critical")
    p.add_argument("out")
    p.add_argument("sgf", nargs="+")
    p.add_argument("--moves", type=int, default=2)
    p.set_defaults(run=critical)
    p = sub.add_parser("mates")
    p.add_argument("out")
    p.add_argument("sgf", nargs="+")
    p.add_argument("--min-plies", type=int, default=1)
    p.set_defaults(run=mates)
    p = sub.add_parser("judge")
    p.add_argument("positions")
    p.add_argument("tactics")
    p.add_argument("nodes", type=int, help="nodes a move (a depth with --depth)")
    p.add_argument("--depth", action="store_true", help="NODES is a depth")
    p.add_argument("rapfi")
    p.add_argument("params", nargs="*", help="the variant's NAME=VALUE (build/tune's names)")
    p.add_argument("--judge-nodes", type=int, default=500000)
    p.add_argument("--cache", default="move-judge-cache.json")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--save")
    p.add_argument("--compare")
    p.add_argument("--bad", type=int, default=100, metavar="T",
                   help="a move whose regret is over T counts as bad (default 100)")
    p.set_defaults(run=judge)
    a = ap.parse_args()
    if getattr(a, "sample", None) is not None and a.sample < 1:
        ap.error("--sample must be 1 or more")
    a.run(a)


if __name__ == "__main__":
    main()
