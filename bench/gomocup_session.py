"""gomocup_session.py - one Gomocup engine process asked about one
position after another, for the bench scripts (bench/match-judge.py,
bench/eval-fit.py). Starting Rapfi takes about 0.4 s, longer than a
question at 200,000 nodes; a session pays it once. Before each question
the engine's table is cleared (Rapfi's YXHASHCLEAR; `clear` names the
command, None for none), so that an answer does not depend on the
questions before it.
"""
import os
import re
import subprocess

EVAL = re.compile(r"Eval ([+-]?)(M?)(\d+)")
MOVE = re.compile(r"^(\d+),(\d+)$")


def board_text(moves):
    """A Gomocup BOARD of moves in the order played, the side to move's
    stones as field 1 (Rapfi reads the order)."""
    side = len(moves) % 2
    return "".join(f"{x},{y},{1 if i % 2 == side else 2}\n" for i, (x, y) in enumerate(moves))


class Session:
    def __init__(self, path, info="", clear="YXHASHCLEAR"):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True,
                                     cwd=os.path.dirname(os.path.abspath(path)))
        self.info, self.clear = info, clear

    def ask(self, size, moves):
        """The engine's move (x, y) and its last evaluation for the side to
        move: (sign, proven, number) as the engine wrote it, or None."""
        clear = f"{self.clear}\n" if self.clear else ""
        self.proc.stdin.write(f"START {size}\n{self.info}{clear}BOARD\n{board_text(moves)}DONE\n")
        self.proc.stdin.flush()
        value = None
        for line in self.proc.stdout:
            e = EVAL.search(line)
            if e:
                value = (-1 if e.group(1) == "-" else 1, bool(e.group(2)), int(e.group(3)))
            m = MOVE.match(line.strip())
            if m:
                return (int(m.group(1)), int(m.group(2))), value
        raise RuntimeError("the engine stopped")

    def close(self):
        self.proc.stdin.write("END\n")
        self.proc.stdin.close()
        self.proc.wait()
