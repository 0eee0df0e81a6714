"""tests/docs/report.py: what the documentation's Python tests share, the
pass/fail counters and the closing line (as tests/lib.sh for the shell
tests)."""


class Report:
    def __init__(self, label):
        self.label = label
        self.passed = 0
        self.failed = 0

    def check(self, cond, what):
        """Counts a check; prints WHAT when COND is false. Returns COND."""
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)
        return cond

    def finish(self):
        """Prints "LABEL: N passed, N failed"; the exit status."""
        print(f"{self.label}: {self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
