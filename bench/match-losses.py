#!/usr/bin/env python3
"""match-losses.py - where mnk's lost games against Rapfi were decided, and
whether mnk's engine sees it: a benchmark over a finished match of
bench/match.sh, never a test.

    python3 bench/match-losses.py MATCH.sgf MATCH.txt PBRAIN NODES

MATCH.sgf and MATCH.txt are the games and the engines' messages that
bench/match.sh wrote (OUT/match-*.sgf and .txt). In every game mnk lost,
Rapfi's messages say when it first proved a win ("Eval +M n": a win in n
plies); the position then, Rapfi to move, and the two positions after it
with Rapfi to move are given to PBRAIN (a pbrain-mnk, through the Gomocup
protocol, with --nodes NODES), which is asked whether it proves the win.
Prints one line a game and the count: how many of Rapfi's proven wins
mnk's threat search (or its search's end) proves too.
"""
import re
import subprocess
import sys

from gomocup_session import board_text, first_proven_win, match_games

MOVE = re.compile(r"^\d+,\d+$")


def proves_win(pbrain, nodes, moves, size):
    """Does pbrain, to move after moves, report a proven win?"""
    stones = board_text(moves)
    proc = subprocess.Popen([pbrain, "--nodes", str(nodes)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write(f"START {size}\nBOARD\n{stones}DONE\n")
    proc.stdin.flush()
    proven = False
    # END only after the move: the engine stops its search at any input.
    for line in proc.stdout:
        line = line.strip()
        if line.startswith("MESSAGE") and "proven" in line and " win" in line:
            proven = True
        if MOVE.match(line):
            break
    proc.stdin.write("END\n")
    proc.stdin.close()
    proc.wait()
    return proven


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: match-losses.py MATCH.sgf MATCH.txt PBRAIN NODES")
    sgf_path, txt_path, pbrain, nodes = sys.argv[1:]
    size, games = match_games(sgf_path, txt_path, "match-losses")
    asked = proven = 0
    for number, (moves, _, mnk_lost, text) in enumerate(games, 1):
        if not mnk_lost:
            continue
        first = first_proven_win(text)
        if first is None:
            print(f"game {number}: lost, Rapfi never reported a proven win")
            continue
        seen = []
        for later in (0, 2, 4):
            ply = first + later  # Rapfi's move number, 1-based
            if ply - 1 > len(moves):
                break
            asked += 1
            ok = proves_win(pbrain, nodes, moves[: ply - 1], size)
            proven += ok
            seen.append("yes" if ok else "no")
        print(f"game {number}: Rapfi proved a win at move {first}; mnk proves it: {' '.join(seen)}")
    print(f"{proven} of {asked} positions proven by mnk at {nodes} nodes a move")


if __name__ == "__main__":
    main()
