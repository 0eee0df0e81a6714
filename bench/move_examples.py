"""move_examples.py - the positions in which mnk's opponent moved in a
match, and what build/order-features sees of their moves, for the fits
of bench/order-fit.py and bench/choice-fit.py.
"""
import subprocess
import sys

import numpy as np

from gomocup_session import OPENING, position_text, sgf_games, sgf_size

PAT_FIVE = 11  # PAT_FIVE in src/shape.h (PAT_NONE is 0)


def opponent_moves(paths, tool):
    """(game, line) for every move of mnk's opponent after the opening,
    in every game of the matches' SGF files paths (game: the file and the
    game's number in it): the line build/order-features reads (the
    position, the one after the move, the ones before the last two
    moves). tool names the caller in the message of a file that cannot be
    read or gives no size."""
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            sys.exit(f"{tool}: {path}: {e.strerror}")
        size = sgf_size(text, path, tool, 15)
        for number, (moves, mnk_black) in enumerate(sgf_games(text)):
            opponent = 1 if mnk_black else 0  # black moves at even plies
            for i in range(OPENING, len(moves)):
                if i % 2 == opponent:
                    yield (path, number), " ".join(
                        position_text(size, moves[:j]) for j in (i, i + 1, i - 1, i - 2))


def load(command, paths, tool, group, every=1):
    """Every every-th of paths' opponent moves through command (the
    build/order-features command line), keeping the positions whose moves
    are not the answers to a threat, number two or more and include no
    five for the side to move: their games, the chosen moves' places in
    the search's order (-1: not among them), and for each an array of its
    moves' group numbers."""
    rows = [r for i, r in enumerate(opponent_moves(paths, tool)) if i % every == 0]
    text = "".join(f"{line}\n" for _, line in rows)
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True).stdout
    games, ranks, feats = [], [], []
    for (game, _), line in zip(rows, out.splitlines()):
        if line == "error":
            continue
        v = np.array(line.split(), dtype=np.int32)
        n, rank, forced = v[0], v[1], v[2]
        f = v[3:].reshape(n, group)
        if forced or n < 2 or (f[:, 0] == PAT_FIVE).any():
            continue
        games.append(game)
        ranks.append(rank)
        feats.append(f)
    return games, np.array(ranks), feats
