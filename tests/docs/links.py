#!/usr/bin/env python3
"""tests/docs/links.py FILE.md...: every relative link and image in the
documents leads somewhere.

- a link or image [text](path) or ![alt](path) whose path is relative (no
  scheme such as https:, no leading /) names a file or folder that exists,
  relative to the document;
- a #anchor, alone or after a path to a .md file, is the anchor GitHub makes
  for one of that file's headings (lower case, punctuation dropped, spaces
  to hyphens, -1, -2 ... after repeats);
- every docs/*.md is linked from README.md, and every picture in docs/ is
  shown by one of the documents, so none is left unreachable.
Code blocks and code spans are not links and are skipped. Run from the top
of the tree; prints one line a failure, then a count.
"""
import glob
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from report import Report  # noqa: E402

report = Report("links")
check = report.check


def prose(text):
    """The text without fenced code blocks and code spans (kept as blanks
    of the same lines, so line numbers stay right)."""
    out, fenced = [], False
    for line in text.split("\n"):
        if re.match(r"^\s*```", line):
            fenced = not fenced
            out.append("")
        elif fenced:
            out.append("")
        else:
            out.append(re.sub(r"`[^`]*`", lambda m: "x" * len(m.group(0)), line))
    return out


def anchors(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    seen, out = {}, set()
    fenced = False
    for line in open(path, encoding="utf-8"):
        if re.match(r"^\s*```", line):
            fenced = not fenced
        m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")


def targets(path):
    """(line number, target) of every link and image in a document; a
    link's text may run over more than one line."""
    text = "\n".join(prose(open(path, encoding="utf-8").read()))
    for m in LINK.finditer(text):
        yield text.count("\n", 0, m.start()) + 1, m.group(1)


def main():
    docs = sys.argv[1:]
    linked = set()
    for doc in docs:
        base = os.path.dirname(doc)
        for number, target in targets(doc):
            where = f"{doc}:{number}: '{target}'"
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # https:, mailto: ...: not checked here
            check(target and not target.startswith("/"), f"{where}: empty or absolute")
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(base, path)) if path else doc
            check(os.path.exists(dest), f"{where}: no such file {dest}")
            if not os.path.exists(dest):
                continue
            linked.add((doc, dest))
            if anchor:
                check(dest.endswith(".md"), f"{where}: an anchor into a file that is not Markdown")
                if dest.endswith(".md"):
                    check(anchor in anchors(dest), f"{where}: no heading '#{anchor}' in {dest}")
    if "README.md" in docs:
        for doc in sorted(glob.glob("docs/*.md")):
            check(("README.md", doc) in linked, f"README.md does not link {doc}")
    shown = {dest for _, dest in linked}
    for picture in sorted(glob.glob("docs/*.png") + glob.glob("docs/*.svg")):
        check(picture in shown, f"no document shows {picture}")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
