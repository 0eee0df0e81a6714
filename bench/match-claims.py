#!/usr/bin/env python3
"""match-claims.py - whether the wins and losses mnk reports in a match
are there: a benchmark over finished matches of bench/match.sh, never a
test.

    python3 bench/match-claims.py MATCH.sgf...

Each MATCH.sgf needs its messages beside it (bench/match.sh's
OUT/match-*.txt). mnk's last message of a move reports a win when its
score is beyond MNK_ENGINE_EVAL_MAX (a win seen or proven), a loss when
below its negation. Rapfi, to move next, proves most wins of such
length: its message after a win mnk reports should hold a mate against
Rapfi ("Eval -M"), after a loss a mate for it ("Eval +M"). Prints how
many of mnk's reports Rapfi's next message agrees with, and in how many
games mnk reported a win and how many of those it lost. A report Rapfi
does not confirm is not proven wrong (Rapfi's search has limits too),
but a game lost after a reported win is.
"""
import re
import sys

from gomocup_session import match_games

EVAL_MAX = 20000  # mnk.h's MNK_ENGINE_EVAL_MAX
LINE = re.compile(r"(\d+)\) (\S+): (.*)")


def last_messages(said):
    """The last message of each move of one game: {move: (engine, text)}."""
    last = {}
    for line in said.split("\n"):
        m = LINE.match(line)
        if m:
            last[int(m.group(1))] = (m.group(2), m.group(3))
    return last


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    reports = {"wins": [0, 0], "losses": [0, 0]}
    won_games = lost_after_win = 0
    for sgf in sys.argv[1:]:
        _, games = match_games(sgf, re.sub(r"\.sgf$", ".txt", sgf), "match-claims")
        for _, _, lost, said in games:
            last = last_messages(said)
            reported_win = False
            for move, (engine, text) in sorted(last.items()):
                score = re.search(r" eval (-?\d+)", text)
                if not engine.startswith("pbrain-mnk") or not score:
                    continue
                value = int(score.group(1))
                kind = "wins" if value > EVAL_MAX else "losses" if value < -EVAL_MAX else None
                if kind is None:
                    continue
                reported_win |= kind == "wins"
                answer = last.get(move + 1)
                if answer is None or "rapfi" not in answer[0]:
                    continue
                mate = re.search(r"Eval ([-+]M)", answer[1])
                reports[kind][0] += 1
                reports[kind][1] += bool(mate) and mate.group(1) == ("-M" if kind == "wins" else "+M")
            won_games += reported_win
            lost_after_win += reported_win and lost
    for kind, (n, agreed) in reports.items():
        print(f"{kind} mnk reported with Rapfi to move next: {n}, "
              f"{agreed} confirmed by Rapfi's mate")
    print(f"games where mnk reported a win: {won_games}, lost {lost_after_win}")


if __name__ == "__main__":
    main()
