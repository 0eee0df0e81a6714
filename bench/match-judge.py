#!/usr/bin/env python3
"""match-judge.py - Rapfi judges mnk's moves: a measure of move quality
finer than a match's score. A benchmark over a finished match of
bench/match.sh, never a test.

    python3 bench/match-judge.py [options] MATCH.sgf PBRAIN NODES RAPFI

Every position of the match's games where mnk was to move, from its first
move after the opening to move --last (default 40) or the game's end, is
given to PBRAIN (a pbrain-mnk, --nodes NODES, so that its moves do not
depend on the machine's load), and the position after the move it
chooses to Rapfi, the judge (INFO MAX_NODE --judge-nodes, default
500,000: the same answer under any load). Rapfi's evaluation there, from
its own side (it is to move), says how good mnk's move was: the lower the
better. Reported:
- in positions Rapfi proved neither won nor lost for mnk before its move
  (open positions): blunders, moves after which Rapfi proves a win (Eval
  +M), and the mean of Rapfi's evaluations after mnk's moves, each
  clipped to +-CLIP (a proven win counts as CLIP), with its standard
  error;
- proven wins let go: positions Rapfi proved won for mnk, where after
  mnk's move it no longer proves the loss;
- how many moves differ from the ones played in the match.

Rapfi runs as one process for every question, its table cleared before
each (bench/gomocup_session.py). Its answers are kept in a cache (--cache, default
match-judge-cache.json in the current folder) by position and judge
nodes: a second run asks Rapfi only about moves it has not seen, and the
positions before mnk's moves (the same for every variant) once.
"""
import argparse
import json
import os
import subprocess

from gomocup_session import (EVAL, MOVE, OPENING, Session, board_text, clipped, in_own_folder,
                             mean_error, read_saved, save_and_compare, sgf_games, sgf_size)

CLIP = 2000


def ask(command, size, moves, info=""):
    """Runs a Gomocup engine on the position; returns its move and its
    last evaluation (an int, +-CLIP for a proven result, or None)."""
    command, folder = in_own_folder(command)
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, cwd=folder)
    proc.stdin.write(f"START {size}\n{info}BOARD\n{board_text(moves)}DONE\n")
    proc.stdin.flush()
    move, value = None, None
    # END only after the move: an engine may stop its search at any input.
    for line in proc.stdout:
        line = line.strip()
        e = EVAL.search(line)
        if e:
            sign = -1 if e.group(1) == "-" else 1
            value = sign * (CLIP if e.group(2) else min(int(e.group(3)), CLIP))
        m = MOVE.match(line)
        if m:
            move = (int(m.group(1)), int(m.group(2)))
            break
    proc.stdin.write("END\n")
    proc.stdin.close()
    proc.wait()
    return move, value


class Judge:
    def __init__(self, rapfi, nodes, path):
        self.rapfi, self.nodes, self.path = rapfi, nodes, path
        self.cache = read_saved(path, "match-judge", "--cache") if os.path.exists(path) else {}
        self.asked = 0
        self.session = None  # one Rapfi process for every question (gomocup_session.py)

    def value(self, size, moves):
        """Rapfi's evaluation for the side to move (CLIP: a proven win)."""
        key = f"{size} {self.nodes} " + " ".join(f"{x},{y}" for x, y in moves)
        if key not in self.cache:
            if not self.session:
                info = f"INFO max_memory 67108864\nINFO timeout_turn 1000000\nINFO MAX_NODE {self.nodes}\n"
                self.session = Session(self.rapfi, info)
            v = self.session.ask(size, moves)[1]
            self.cache[key] = clipped(v, CLIP)
            self.asked += 1
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump(self.cache, f)
        return self.cache[key]


def main():
    ap = argparse.ArgumentParser(description="Rapfi judges mnk's moves over a match's games.")
    ap.add_argument("sgf")
    ap.add_argument("pbrain")
    ap.add_argument("nodes", type=int)
    ap.add_argument("rapfi")
    ap.add_argument("--judge-nodes", type=int, default=500000)
    ap.add_argument("--last", type=int, default=40, help="last move number judged")
    ap.add_argument("--cache", default="match-judge-cache.json")
    ap.add_argument("--compare", help="a --save file of another run: the mean difference over the "
                    "open positions both judged (paired, so the error is that of the moves that differ)")
    ap.add_argument("--save", help="write each open position's evaluation here (JSON)")
    a = ap.parse_args()
    judge = Judge(a.rapfi, a.judge_nodes, a.cache)
    sgf = open(a.sgf, encoding="utf-8").read()
    size = sgf_size(sgf, a.sgf, "match-judge")
    values, blunders, decided, missed, changed = [], 0, 0, 0, 0
    by_position = {}
    for number, (moves, mnk_black) in enumerate(sgf_games(sgf), 1):
        mnk_side = 0 if mnk_black else 1
        line = []
        for ply in range(OPENING, min(len(moves), a.last)):
            if ply % 2 != mnk_side:
                continue
            position = moves[:ply]
            before = judge.value(size, position)
            move = ask([a.pbrain, "--nodes", str(a.nodes)], size, position)[0]
            changed += move != moves[ply]
            after = judge.value(size, position + [move])
            if after is None:
                continue
            if before is not None and abs(before) >= CLIP:
                # Decided already: only a proven win let go counts.
                if before >= CLIP and after > -CLIP:
                    missed += 1
                    line.append(f"{ply + 1}?")
                decided += 1
                continue
            values.append(after)
            by_position[f"{number}/{ply}"] = after
            if after >= CLIP:
                blunders += 1
                line.append(f"{ply + 1}!")
        print(f"game {number}: {'black' if mnk_black else 'white'}; blunders at {' '.join(line) or '-'}",
              flush=True)
    n = len(values)
    mean, error = mean_error(values)
    print(f"{n} moves judged in open positions: {blunders} blunders, Rapfi's evaluation after "
          f"mnk's move {mean:.1f} +- {error:.1f} (mean, standard error; clipped at "
          f"{CLIP}); {decided} positions decided before the move, {missed} proven wins let go; "
          f"{changed} moves unlike the match's; mnk at {a.nodes} nodes, Rapfi at "
          f"{a.judge_nodes} ({judge.asked} new questions)")
    save_and_compare(by_position, a.save, a.compare, "match-judge")


if __name__ == "__main__":
    main()
