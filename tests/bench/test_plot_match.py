#!/usr/bin/env python3
"""test_plot_match.py - bench/plot-match.js from the user's side: results
whose numbers the test chose must come out as an SVG that parses, with a
line, a point and an interval per result, placed by the plot's own axes
(the score on the percent grid it draws, the time on a log scale), the
opponents named in the legend in the file's order and escaped; every
kind of bad results file must be refused with its line and exit status
2, without a stack trace.

Usage: python3 tests/bench/test_plot_match.py
Prints "N passed, N failed" and fails if any check did."""
import math
import os
import subprocess
import tempfile
import xml.etree.ElementTree as ET

from bench_check import TOP, check, finish

PLOT = os.path.join(TOP, "bench", "plot-match.js")
SVG = "{http://www.w3.org/2000/svg}"
WAIT = 20  # seconds before the test gives up on node
CLOSE = 0.01  # pixels: the plot prints coordinates at full precision

# Two opponents; the second's name needs escaping, and its results are
# given out of order of time to see them sorted.
RESULTS = """# opponent\tseconds\twins\tdraws\tlosses
Rapfi\t0.1\t5\t0\t5
Rapfi\t1\t10\t0\t0
Rapfi\t10\t0\t0\t8
R&D <x>\t10\t1\t2\t1
R&D <x>\t1\t0\t4\t0
"""


def plot(text, *extra):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "results.tsv")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return subprocess.run(["node", PLOT, path, *extra], capture_output=True, timeout=WAIT)


def interval(w, d, l):
    """The score and its 95% interval, as plot-match.js documents them."""
    n = w + d + l
    s = (w + d / 2) / n
    v = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    e = 1.96 * math.sqrt(v / n)
    return s, max(0.0, s - e), min(1.0, s + e)


out = plot(RESULTS)
check(out.returncode == 0 and out.stderr == b"", f"a good file plots: {out.stderr!r}")
try:
    svg = ET.fromstring(out.stdout.decode())
except ET.ParseError as e:
    svg = None
    check(False, f"the output parses as XML: {e}")
if svg is not None:
    check(svg.tag == SVG + "svg", f"the document is an SVG: {svg.tag}")
    # The percent grid: label text -> the y of its line.
    grid = {}
    for t in svg.iter(SVG + "text"):
        if t.text and t.text.endswith("%"):
            grid[float(t.text[:-1]) / 100] = float(t.get("y")) - 4
    check(sorted(grid) == [0, 0.25, 0.5, 0.75, 1], f"a grid at 0, 25, 50, 75, 100%: {grid}")
    y0, y1 = grid.get(0, 0), grid.get(1, 0)

    def y(score):
        return y0 + (y1 - y0) * score

    polylines = list(svg.iter(SVG + "polyline"))
    check(len(polylines) == 2, f"one line per opponent: {len(polylines)}")
    legend = [t.text for t in svg.iter(SVG + "text") if t.get("fill")]
    check(legend == ["Rapfi", "R&D <x>"], f"the legend names the opponents in order: {legend}")
    check(b"R&amp;D &lt;x&gt;" in out.stdout or b"R&amp;D &lt;x>" in out.stdout,
          "the legend's name is escaped")
    colours = [p.get("stroke") for p in polylines]
    check(len(set(colours)) == 2, f"each opponent its own colour: {colours}")

    circles = list(svg.iter(SVG + "circle"))
    check(len(circles) == 5, f"one point per result: {len(circles)}")
    rapfi = [(float(c.get("cx")), float(c.get("cy")), c.find(SVG + "title").text)
             for c in circles if c.find(SVG + "title").text.startswith("Rapfi,")]
    check([t for _, _, t in rapfi] == ["Rapfi, 0.1 s: 50.0% of 10 games",
                                       "Rapfi, 1 s: 100.0% of 10 games",
                                       "Rapfi, 10 s: 0.0% of 8 games"],
          f"each point's title gives its time, score and games: {rapfi}")
    if len(rapfi) == 3:
        check(all(abs(cy - y(s)) < CLOSE for (_, cy, _), s in zip(rapfi, [0.5, 1, 0])),
              f"the points sit at their scores on the grid: {rapfi} {grid}")
        (a, _, _), (b, _, _), (c, _, _) = rapfi
        check(a < b < c and abs((b - a) - (c - b)) < CLOSE,
              f"time on a log scale: 0.1, 1 and 10 s evenly spaced: {a} {b} {c}")
    other = [c for c in circles if c.find(SVG + "title").text.startswith("R&D")]
    check(len(other) == 2 and float(other[0].get("cx")) < float(other[1].get("cx"))
          and other[0].find(SVG + "title").text.startswith("R&D <x>, 1 s"),
          "an opponent's results are drawn in order of time")
    # The error bars: vertical lines through the points, from the low end
    # of the interval to the high.
    bars = [ln for ln in svg.iter(SVG + "line") if ln.get("x1") == ln.get("x2")]
    want = [interval(5, 0, 5), interval(10, 0, 0), interval(0, 0, 8), interval(0, 4, 0),
            interval(1, 2, 1)]
    got = sorted((float(ln.get("y1")), float(ln.get("y2"))) for ln in bars)
    expect = sorted((y(lo), y(hi)) for _, lo, hi in want)
    check(len(got) == len(expect) and all(abs(g[0] - e[0]) < CLOSE and abs(g[1] - e[1]) < CLOSE
                                          for g, e in zip(got, expect)),
          f"each point's bar spans its 95% interval: {got} against {expect}")

# One opponent at one time: the point is still inside the plot.
out = plot("Rapfi\t1\t3\t0\t1\n")
check(out.returncode == 0 and len(list(ET.fromstring(out.stdout.decode()).iter(SVG + "circle")))
      == 1, f"a single result plots: {out.stderr!r}")

BAD = [
    ("Rapfi\t1\t3\t0\n", 1, "four fields"),
    ("Rapfi 1 3 0 1\n", 1, "spaces, not tabs"),
    ("# fine\nRapfi\t1\t3\t0\t1\nRapfi\t0\t3\t0\t1\n", 3, "no time"),
    ("Rapfi\t-1\t3\t0\t1\n", 1, "a negative time"),
    ("Rapfi\t1\t-3\t0\t1\n", 1, "negative wins"),
    ("Rapfi\t1\t2.5\t0\t1\n", 1, "half a win"),
    ("Rapfi\t1\tthree\t0\t1\n", 1, "wins not a number"),
    ("Rapfi\t1\t0\t0\t0\n", 1, "no games"),
    ("Rapfi\tInfinity\t3\t0\t1\n", 1, "an infinite time"),
]
for text, line, what in BAD:
    out = plot(text)
    err = out.stderr.decode()
    check(out.returncode == 2 and f"results.tsv:{line}: expected" in err and "usage" in err
          and "at " not in err.split("usage")[0], f"{what}: refused at line {line}: {err!r}")
for text, what in [("", "an empty file"), ("# only a comment\n\n", "only comments")]:
    out = plot(text)
    check(out.returncode == 2 and b"no results" in out.stderr, f"{what}: {out.stderr!r}")
out = subprocess.run(["node", PLOT, os.path.join(TOP, "no-such-results.tsv")],
                     capture_output=True, timeout=WAIT)
check(out.returncode == 2 and b"no-such-results.tsv" in out.stderr and b"    at " not in out.stderr,
      f"a missing file: {out.stderr!r}")
out = subprocess.run(["node", PLOT], capture_output=True, timeout=WAIT)
check(out.returncode == 2 and b"usage" in out.stderr, f"no file: {out.stderr!r}")
out = plot("Rapfi\t1\t3\t0\t1\n", "extra")
check(out.returncode == 2 and b"one results file expected" in out.stderr, "two files refused")

finish("test_plot_match")
