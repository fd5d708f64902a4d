#!/usr/bin/env python3
"""Runs every shell block of README.md and docs/*.md marked runnable, as a user would.

  python3 scripts/docs_test.py [--binary build/detour] [--list] [FILE.md ...]

A runnable block is a fenced block whose info string is `sh runnable`; `sh runnable
exit=N` expects exit status N from its last command instead of 0. Each block runs with
bash (-e -o pipefail: every command but the last must succeed) in a fresh temporary
folder that looks like the project root: every top-level entry of the project is linked
into it but out/ (so the outputs the block writes are its own and start empty) and
build/ (a folder of its own, where build/detour is --binary). Blocks of one file run
in order, in one such folder, so that a block may read what the one before wrote, as
a user following the page would.

Shown output: a fenced block whose info string is `text output`, right after a runnable
block, lists lines that must appear in the run's standard output and error, in that
order (each compared with its spaces squeezed; a line `...` matches anything).

Exit status: 0 when every block did what it shows, 1 otherwise (each failure named with
its file and line).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")


def blocks(path):
    """(line, info, text) of every fenced block of a Markdown file."""
    out = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        start = i + 1
        body = []
        i += 1
        while i < len(lines) and not (lines[i].strip().startswith(fence[0] * len(fence))
                                      and lines[i].strip().strip(fence[0]) == ""):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        out.append((start, info, "\n".join(body)))
        i += 1
    return out


def runnable(path):
    """(line, expected exit, script, shown output or None) of each runnable block."""
    found = []
    bs = blocks(path)
    for k, (line, info, text) in enumerate(bs):
        words = info.split()
        if len(words) < 2 or words[0] != "sh" or words[1] != "runnable":
            continue
        expect = 0
        for w in words[2:]:
            if w.startswith("exit="):
                expect = int(w[5:])
        shown = None
        if k + 1 < len(bs) and bs[k + 1][1].split()[:2] == ["text", "output"]:
            shown = bs[k + 1][2]
        found.append((line, expect, text, shown))
    return found


def commands(script):
    """The commands of a script: its lines but comments and blanks, continuations joined."""
    out, cur = [], ""
    for raw in script.split("\n"):
        s = raw.strip()
        if not cur and (not s or s.startswith("#")):
            continue
        cur += s[:-1] + " " if s.endswith("\\") else s
        if not s.endswith("\\"):
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def squeeze(s):
    return " ".join(s.split())


def shown_in(shown, output):
    """None if every shown line appears in output in order, else the first one missing."""
    got = [squeeze(x) for x in output.split("\n")]
    at = 0
    for want in shown.split("\n"):
        w = squeeze(want)
        if not w or w == "...":
            continue
        while at < len(got) and w not in got[at]:
            at += 1
        if at == len(got):
            return want
        at += 1
    return None


def project_like(tmp, binary):
    for name in os.listdir(ROOT):
        if name in ("out", "build") or name.startswith("build-"):
            continue
        os.symlink(os.path.join(ROOT, name), os.path.join(tmp, name))
    os.mkdir(os.path.join(tmp, "build"))
    os.symlink(os.path.abspath(binary), os.path.join(tmp, "build", "detour"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="Markdown files (default: README.md and docs/*.md)")
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "detour"))
    ap.add_argument("--list", action="store_true", help="list the runnable blocks, run nothing")
    args = ap.parse_args()
    files = args.files or [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", f) for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md"))
    if not args.list and not os.access(args.binary, os.X_OK):
        print(f"docs test: {args.binary}: no such program (build it, or give --binary)", file=sys.stderr)
        return 1
    n_blocks = n_commands = 0
    failures = []
    for path in files:
        rel = os.path.relpath(path, ROOT)
        # A merge left unfinished: its conflict markers committed in a page.
        with open(path, encoding="utf-8", errors="replace") as f:
            for k, text in enumerate(f, 1):
                if text.startswith(("<<<<<<< ", ">>>>>>> ")) or text.rstrip("\n") == "=======":
                    failures.append(f"{rel}:{k}: a merge conflict marker ('{text.strip()}')")
        found = runnable(path)
        if not found:
            continue
        if args.list:
            for line, expect, script, shown in found:
                for c in commands(script):
                    print(f"{rel}:{line}: {c}")
            continue
        with tempfile.TemporaryDirectory(prefix="detour-docs-") as tmp:
            project_like(tmp, args.binary)
            for line, expect, script, shown in found:
                n_blocks += 1
                n_commands += len(commands(script))
                p = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, errors="replace", timeout=600)
                where = f"{rel}:{line}"
                if p.returncode != expect:
                    failures.append(f"{where}: exit status {p.returncode}, expected {expect}\n"
                                    + "\n".join("    " + x for x in p.stdout.strip().split("\n")[-15:]))
                    continue
                if shown is not None:
                    missing = shown_in(shown, p.stdout)
                    if missing is not None:
                        failures.append(f"{where}: the output shown has '{missing.strip()}', the run's has not\n"
                                        + "\n".join("    " + x for x in p.stdout.strip().split("\n")[-15:]))
                        continue
                print(f"ok    {where}  ({len(commands(script))} command(s))")
    if args.list:
        return 0
    for f in failures:
        print(f"FAIL  {f}", file=sys.stderr)
    print(f"docs test: {n_blocks} block(s), {n_commands} command(s) run from {len(files)} file(s); "
          f"{len(failures)} failed")
    return 1 if failures or n_blocks == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
