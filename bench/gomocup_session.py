"""gomocup_session.py - one Gomocup engine process asked about one
position after another, for the bench scripts (bench/match-judge.py,
bench/eval-fit.py). Starting Rapfi takes about 0.4 s, longer than a
question at 200,000 nodes; a session pays it once. Before each question
the engine's table is cleared (Rapfi's YXHASHCLEAR; `clear` names the
command, None for none), so that an answer does not depend on the
questions before it.
"""
import json
import math
import os
import re
import select
import subprocess
import sys

EVAL = re.compile(r"Eval ([+-]?)(M?)(\d+)")
MOVE = re.compile(r"^(\d+),(\d+)$")
OPENING = 3  # stones bench/match.sh places before the engines move
GAME = re.compile(r"\(;FF.*?\)\s*(?=\(|$)", re.S)  # one game of an SGF collection
# Rapfi's scale from value to winning chance: sigmoid(value / RAPFI_SCALE)
# (its default ScalingFactor, Rapfi/config.cpp).
RAPFI_SCALE = 200


def game_moves(game):
    """One game's text (a GAME match): its moves as (x, y), zero-based
    from the top-left, and whether mnk played black."""
    moves = [(ord(m[0]) - 97, ord(m[1]) - 97) for m in re.findall(r";[BW]\[([a-z]{2})\]", game)]
    black = re.search(r"PB\[([^]]*)\]", game)
    return moves, bool(black) and "mnk" in black.group(1)


def read_text(path, tool):
    """A file's text; one that cannot be read stops the tool (named in
    the message) with a message naming the file rather than a
    traceback."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        sys.exit(f"{tool}: {path}: {e.strerror}")
    except UnicodeDecodeError as e:
        sys.exit(f"{tool}: {path}: not UTF-8 text ({e.reason})")


def sgf_size(sgf_text, path, tool, default=None):
    """The board size of a match's SGF (its first SZ[...]); without one,
    `default`, or when that is None the tool (named in the message) stops
    with a message rather than a traceback."""
    m = re.search(r"SZ\[(\d+)\]", sgf_text)
    if m:
        return int(m.group(1))
    if default is None:
        sys.exit(f"{tool}: {path} gives no board size (SZ[...])")
    return default


def sgf_games(sgf_text):
    """Each game of a match's SGF (bench/match.sh), as game_moves gives it."""
    for game in GAME.findall(sgf_text):
        yield game_moves(game)


def sgf_results(sgf_text):
    """Each game of a match's SGF as sgf_games gives it, and whether mnk
    lost it (a draw is no loss)."""
    for game in GAME.findall(sgf_text):
        moves, mnk_black = game_moves(game)
        result = re.search(r"RE\[(.)", game)
        winner = result.group(1) if result else ""
        yield moves, mnk_black, winner in ("B", "W") and (winner == "B") != mnk_black


def match_games(sgf_path, txt_path, tool):
    """A finished match of bench/match.sh: its board size and, game by
    game, (moves, whether mnk played black, whether mnk lost, the game's
    messages from txt_path). Stops the tool (named in the message) when
    the two files hold different numbers of games, rather than pair them
    wrongly."""
    sgf = open(sgf_path, encoding="utf-8").read()
    size = sgf_size(sgf, sgf_path, tool)
    messages = open(txt_path, encoding="utf-8").read().split("Game ID: ")[1:]
    results = list(sgf_results(sgf))
    if len(results) != len(messages):
        sys.exit(f"{tool}: {sgf_path} holds {len(results)} games, {txt_path} {len(messages)}")
    return size, [r + (m,) for r, m in zip(results, messages)]


def first_mate(messages):
    """(move number, plies) of Rapfi's first message with a proven win in
    one game's messages (the text of bench/match.sh's OUT/match-*.txt
    between two "Game ID: " lines): the move number 1-based, the opening's
    stones counted, and the mate's length as Rapfi gives it; or None."""
    for line in messages.split("\n"):
        m = re.match(r"(\d+)\) \S*rapfi\S*: .*Eval \+M(\d+)", line)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def first_proven_win(messages):
    """The move number of first_mate, or None."""
    mate = first_mate(messages)
    return mate[0] if mate else None


def makes_five(own, x, y):
    """Whether a stone at (x, y) makes five or more in a row with the cells
    of own (a set of (x, y) of the same side)."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while (x + sign * k * dx, y + sign * k * dy) in own:
                run, k = run + 1, k + 1
        if run >= 5:
            return True
    return False


def position_text(size, moves):
    """The position as mnk's text reads it (build/tactics,
    build/eval-features): rows from the top, '/' between them, x for the
    first player."""
    rows = [["."] * size for _ in range(size)]
    for i, (x, y) in enumerate(moves):
        rows[y][x] = "x" if i % 2 == 0 else "o"
    return "/".join("".join(r) for r in rows)


def board_text(moves):
    """A Gomocup BOARD of moves in the order played, the side to move's
    stones as field 1 (Rapfi reads the order)."""
    side = len(moves) % 2
    return "".join(f"{x},{y},{1 if i % 2 == side else 2}\n" for i, (x, y) in enumerate(moves))


def clipped(value, clip):
    """An evaluation as Session.ask gives it, (sign, proven, number), as
    one number within +-clip (a proven win +-clip); None stays None."""
    return None if value is None else value[0] * (clip if value[1] else min(value[2], clip))


def mean_error(xs):
    """The mean of xs and its standard error."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, sd / math.sqrt(n)


def read_saved(path, tool, what):
    """The values a judge wrote to path (a JSON object: `what` names the
    option that writes such files, --save or --cache); a file that cannot
    be read, or holds anything else, stops the tool with a message naming
    it rather than a traceback."""
    try:
        values = json.loads(read_text(path, tool))
    except ValueError:
        values = None
    if not isinstance(values, dict):
        sys.exit(f"{tool}: {path}: not a file written by {what}")
    return values


def save_and_compare(by_position, save, compare, tool):
    """Writes a judge's values by position to `save` (a path or None);
    with `compare` (another run's such file) prints the mean difference
    over the positions both judged, paired, so that its error is that of
    the moves that differ. Returns the other run's values (None without
    `compare`). `tool` names the caller in messages."""
    if save:
        with open(save, "w", encoding="utf-8") as f:
            json.dump(by_position, f)
    if compare:
        other = read_saved(compare, tool, "--save")
        d = [by_position[k] - other[k] for k in by_position if k in other]
        if len(d) > 1:
            dm, de = mean_error(d)
            print(f"against {compare}: {dm:+.1f} +- {de:.1f} over {len(d)} positions, "
                  f"{sum(x != 0 for x in d)} judged differently "
                  f"(this run minus that one; negative: this run's moves are better)")
        return other
    return None


def in_own_folder(argv):
    """An engine's command with its path made absolute, and the folder it
    runs in: its own, where engines look for their files (Rapfi's
    config.toml). The path is made absolute first because a relative one
    would otherwise be looked for from that folder, not from ours."""
    path = os.path.abspath(argv[0])
    return [path] + list(argv[1:]), os.path.dirname(path)


class Session:
    """`stall`: seconds without a line from the engine after which a
    question is given up (None: wait for ever). Rapfi at a node limit
    was seen to go silent on a nearly full board; the engine is then
    killed and started again, and ask() answers (None, None)."""

    def __init__(self, path, info="", clear="YXHASHCLEAR", stall=None):
        """path: the engine, or a list of it and its arguments. It runs
        in its own folder (Rapfi reads its configuration there)."""
        self.argv, self.folder = in_own_folder(path if isinstance(path, (list, tuple)) else [path])
        self.info, self.clear, self.stall = info, clear, stall
        self.start()

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=self.folder)
        self.pending = b""

    def line(self):
        """The engine's next line, or None when it says nothing for
        `stall` seconds or ends."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.proc.stdout], [], [], self.stall)
            chunk = os.read(self.proc.stdout.fileno(), 65536) if ready else b""
            if not chunk:
                return None
            self.pending += chunk
        text, self.pending = self.pending.split(b"\n", 1)
        return text.decode(errors="replace")

    def ask(self, size, moves):
        """The engine's move (x, y) and its last evaluation for the side to
        move: (sign, proven, number) as the engine wrote it, or None.
        (None, None) when the engine stalled (see the class); an engine
        that ended raises RuntimeError."""
        clear = f"{self.clear}\n" if self.clear else ""
        question = f"START {size}\n{self.info}{clear}BOARD\n{board_text(moves)}DONE\n"
        self.proc.stdin.write(question.encode())
        self.proc.stdin.flush()
        value = None
        while True:
            line = self.line()
            if line is None:
                if self.stall is None or self.proc.poll() is not None:
                    raise RuntimeError("the engine stopped")
                self.proc.kill()
                self.proc.wait()
                self.start()
                return None, None
            e = EVAL.search(line)
            if e:
                value = (-1 if e.group(1) == "-" else 1, bool(e.group(2)), int(e.group(3)))
            m = MOVE.match(line.strip())
            if m:
                return (int(m.group(1)), int(m.group(2))), value

    def close(self):
        self.proc.stdin.write(b"END\n")
        self.proc.stdin.close()
        self.proc.wait()
