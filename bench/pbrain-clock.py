#!/usr/bin/env python3
"""pbrain-clock.py - a Gomocup engine run behind a stopwatch: every line
passes through unchanged, and the time each move took, from the end of
the manager's request (BEGIN, TURN, DONE after BOARD) to the engine's
move line, is appended to LOG with the time limit the engine was given
(INFO timeout_turn; 0 when none was). When the engine exits, its peak
resident set (the kernel's count for the process, read by wait4) is
appended with the INFO max_memory it was given. A benchmark tool: the
issue's "never over the time limit" and "RSS within max_memory" read
from the manager's side of a real match, where the engine's own reports
cannot see the time a move spends in pipes or before the search starts.

    bench/pbrain-clock.py LOG ENGINE [ARG...]   play, appending to LOG
    bench/pbrain-clock.py --report LOG...       summarise logs

LOG's lines are "move MS LIMIT_MS" and "rss KIB MAX_MEMORY_BYTES". In a
match: `bash bench/match.sh CLI "bench/pbrain-clock.py LOG build/pbrain-mnk"
RAPFI ...` (the engine's name then holds "pbrain-mnk", which the match
scripts look for)."""
import os
import subprocess
import sys
import threading
import time
from collections import deque

from gomocup_session import MOVE

# Requests after which the engine owes a move.
ASKS = (b"BEGIN", b"TURN", b"DONE")


def play(log_path, argv):
    try:
        log = open(log_path, "a", encoding="utf-8")
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except OSError as e:
        sys.exit(f"pbrain-clock: {e.filename or argv[0]}: {e.strerror}")
    # The times of the requests not yet answered, oldest first: a manager
    # waits for each move, but a scripted session may send several at once.
    asked = deque()
    state = {"limit": 0, "memory": 0}
    lock = threading.Lock()

    def from_manager():
        for line in sys.stdin.buffer:
            words = line.split()
            with lock:
                if len(words) == 3 and words[0].upper() == b"INFO" and words[2].isdigit():
                    key = words[1].lower()
                    if key == b"timeout_turn":
                        state["limit"] = int(words[2])
                    elif key == b"max_memory":
                        state["memory"] = int(words[2])
                if words and words[0].upper() in ASKS:
                    asked.append(time.monotonic())
            try:
                proc.stdin.write(line)
                proc.stdin.flush()
            except (BrokenPipeError, ValueError):
                return
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass

    # The manager's side runs in its own thread and this one follows the
    # engine: when the engine exits (after END, or a crash) so does this
    # wrapper, whether or not the manager has closed its pipe. A manager
    # that sends END and then waits for the process to end (c-gomoku-cli
    # does) would otherwise wait for ever.
    threading.Thread(target=from_manager, daemon=True).start()
    for line in proc.stdout:
        if MOVE.match(line.decode(errors="replace").strip()):
            with lock:
                if asked:
                    ms = (time.monotonic() - asked.popleft()) * 1000
                    log.write(f"move {ms:.1f} {state['limit']}\n")
                    log.flush()
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    _, status, usage = os.wait4(proc.pid, 0)
    log.write(f"rss {usage.ru_maxrss} {state['memory']}\n")
    log.close()
    return os.waitstatus_to_exitcode(status)


def report(paths):
    moves, rss = [], []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as e:
            sys.exit(f"pbrain-clock: {path}: {e.strerror}")
        for n, line in enumerate(lines, 1):
            words = line.split()
            try:
                if words[0] == "move" and len(words) == 3:
                    moves.append((float(words[1]), int(words[2])))
                elif words[0] == "rss" and len(words) == 3:
                    rss.append((int(words[1]), int(words[2])))
                else:
                    raise ValueError
            except (ValueError, IndexError):
                sys.exit(f"pbrain-clock: {path}:{n}: not a log line: {line!r}")
    if moves:
        ms, limit = max(moves, key=lambda m: m[0] / m[1] if m[1] else 0)
        over = [m for m in moves if m[1] and m[0] > m[1]]
        worst = f", at most {max((m[0] / m[1] - 1) * 100 for m in over):.1f}% over" if over else ""
        print(f"moves {len(moves)}: longest {ms:.1f} ms of {limit} ms; {len(over)} over the limit{worst}")
    else:
        print("moves 0")
    if rss:
        kib, memory = max(rss, key=lambda r: r[0] * 1024 / r[1] if r[1] else 0)
        beyond = [r for r in rss if r[1] and r[0] * 1024 > r[1]]
        print(f"processes {len(rss)}: peak resident set {kib / 1024:.1f} MiB"
              + (f" of max_memory {memory / 1048576:.1f} MiB" if memory else "")
              + f"; {len(beyond)} beyond max_memory")
    else:
        print("processes 0")


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "--report":
        report(args[1:])
    elif len(args) >= 2 and not args[0].startswith("-"):
        code = play(args[0], args[1:])
        # Not sys.exit: the thread reading the manager may still be blocked
        # on standard input, which an orderly interpreter exit would wait
        # to close.
        sys.stdout.flush()
        os._exit(code)
    else:
        sys.exit("usage: pbrain-clock.py LOG ENGINE [ARG...] | pbrain-clock.py --report LOG...")


if __name__ == "__main__":
    main()
