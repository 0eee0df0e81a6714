#!/usr/bin/env python3
"""tests/docs/commands.py MNK: the command reference (docs/commands.md) and
the man page (man/mnk.1) say what `mnk CMD --help` says.

For every command `mnk --help` lists:
- docs/commands.md has a section "## mnk CMD" whose first code block opens
  with the usage line of `mnk CMD --help` (without "Usage: ");
- the options table of docs/commands.md (option | commands | meaning) gives
  the command exactly the options its --help lists, and every option in
  the table exists for every command named beside it;
- the man page's COMMANDS entry for it names exactly those options after
  "Options:" ("Options: as for best." takes best's), and its SYNOPSIS has
  the command;
- -h/--help is in every --help and in the table's "every command" row.
Run from the top of the tree; prints one line a failure, then a count.
"""
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from report import Report  # noqa: E402

report = Report("commands")
check = report.check


def run(*args):
    return subprocess.run(args, capture_output=True, text=True, check=False).stdout


def help_of(mnk, cmd):
    """(usage line, set of long options) of `mnk CMD --help`."""
    text = run(mnk, cmd, "--help")
    usage = re.search(r"^Usage: (.*)$", text, re.M)
    opts = set(re.findall(r"^  (?:-\w, )?(--[a-z][a-z-]*)", text, re.M))
    return (usage.group(1) if usage else None), opts


def doc_sections(text):
    """{command: first line of its section's first code block}."""
    out = {}
    for m in re.finditer(r"^## mnk (\w+)\n(.*?)(?=^## |\Z)", text, re.M | re.S):
        block = re.search(r"^```\n(.*?)\n", m.group(2), re.M)
        out[m.group(1)] = block.group(1) if block else None
    return out


def doc_options(text, commands):
    """{command: set of options} from the table whose header is
    | option | commands | meaning |."""
    table = re.search(r"^\| option \| commands \| meaning \|\n\|[-| ]+\|\n((?:\|.*\n)+)", text, re.M)
    check(table, "docs/commands.md: no table '| option | commands | meaning |'")
    per = {c: set() for c in commands}
    if not table:
        return per
    for row in table.group(1).splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        names = re.findall(r"`(--[a-z][a-z-]*)", cells[0])
        check(names, f"docs/commands.md: options row without an option: {row}")
        if cells[1] == "every command":
            users = commands
        else:
            users = [c.strip() for c in cells[1].split(",")]
        for user in users:
            check(user in per, f"docs/commands.md: {names} for unknown command '{user}'")
            per.setdefault(user, set()).update(names)
    return per


def man_options(text):
    """{command: set of options} from the man page's COMMANDS entries."""
    body = re.search(r"^\.SH COMMANDS\n(.*?)^\.SH ", text, re.M | re.S).group(1)
    out = {}
    for m in re.finditer(r"^\.TP\n\.B (\w+)\n(.*?)(?=^\.TP\n\.B \w+\n|\Z)", body, re.M | re.S):
        cmd, entry = m.group(1), m.group(2)
        tail = entry.split("Options:", 1)
        if len(tail) < 2:
            out[cmd] = None
            continue
        same = re.match(r"\s*as for\s*\n?\.BR (\w+)", tail[1])
        if same:
            out[cmd] = ("as", same.group(1))
            continue
        out[cmd] = {"--" + o for o in re.findall(r"^\.BR? \\-\\-([a-z][a-z\\-]*)", tail[1], re.M)}
        out[cmd] = {o.replace("\\-", "-") for o in out[cmd]}
    for cmd, opts in out.items():
        if isinstance(opts, tuple):
            out[cmd] = out.get(opts[1])
    return out


def main():
    mnk = sys.argv[1]
    general = run(mnk, "--help")
    commands = re.findall(r"^  ([a-z]+) {2,}\S", general[general.index("Commands:"):], re.M)
    check(len(commands) >= 8, f"mnk --help lists commands: {commands}")
    doc = open("docs/commands.md", encoding="utf-8").read()
    man = open("man/mnk.1", encoding="utf-8").read()
    sections = doc_sections(doc)
    doc_opts = doc_options(doc, commands)
    man_opts = man_options(man)
    for cmd in commands:
        usage, opts = help_of(mnk, cmd)
        check(usage, f"mnk {cmd} --help has no Usage line")
        check("--help" in opts, f"mnk {cmd} --help does not list -h, --help")
        check(sections.get(cmd) == usage,
              f"docs/commands.md '## mnk {cmd}': usage {sections.get(cmd)!r}, --help says {usage!r}")
        got = doc_opts.get(cmd, set())
        check(got == opts, f"docs/commands.md options of {cmd}: missing {sorted(opts - got)}, "
                           f"not in --help {sorted(got - opts)}")
        mine = man_opts.get(cmd)
        check(mine is not None, f"man/mnk.1: no 'Options:' for {cmd}")
        if mine is not None:
            want = opts - {"--help"}
            check(mine == want, f"man/mnk.1 options of {cmd}: missing {sorted(want - mine)}, "
                                f"not in --help {sorted(mine - want)}")
        check(re.search(rf'^\.SY "mnk {cmd}"$', man, re.M), f"man/mnk.1: {cmd} not in SYNOPSIS")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
