"""bench_check.py - what the tests of the bench tools (tests/bench/test_*.py)
share: the tree's folders, bench/ on the import path, the stand-in
engine pbrain-fake.py loaded as a module (its rule computes what a tool
must print), and a counter of checks that ends the run with
"NAME: N passed, N failed" and a failing exit status if any check did."""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
BENCH = os.path.join(TOP, "bench")
FAKE = os.path.join(HERE, "pbrain-fake.py")
sys.path.insert(0, BENCH)

_spec = importlib.util.spec_from_file_location("fake", FAKE)
fake = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fake)

_counts = {"passed": 0, "failed": 0}


def check(cond, what):
    """Counts one check; a failed one is printed with what it checked."""
    if cond:
        _counts["passed"] += 1
    else:
        _counts["failed"] += 1
        print(f"FAIL: {what}")


def finish(name):
    """Prints the counts and exits, with status 1 if any check failed."""
    print(f"{name}: {_counts['passed']} passed, {_counts['failed']} failed")
    sys.exit(1 if _counts["failed"] else 0)
