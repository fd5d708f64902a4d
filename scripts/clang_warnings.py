#!/usr/bin/env python3
"""Compiles every source of a build folder with clang 14, front end only, and counts its warnings.

  python3 scripts/clang_warnings.py build/compile_commands.json [--jobs N] [--compiler clang++-14]

Each entry of the compilation database (made by a GCC build: CMAKE_EXPORT_COMPILE_COMMANDS)
is compiled again with clang's -fsyntax-only and the same flags (-Wall -Wextra come
from CMakeLists.txt), which is where clang's -Wall -Wextra warnings are found: they are
front-end diagnostics, so no object code is needed and the check costs a fraction of a
second build. Prints every warning, then the count; exit status 1 on any warning or
error, 77 when the compiler is absent (ctest: skipped).
"""

import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys


def clang_args(entry):
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    # the launcher (ccache) and the compiler go; so do the output and dependency files
    while args and (os.path.basename(args[0]) in ("ccache", "c++", "g++", "cc", "gcc")
                    or os.path.basename(args[0]).startswith(("g++-", "gcc-"))):
        args = args[1:]
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD"):
            continue
        # GCC only: bug 105329 in the tests; pybind11 LTO; unity builds (CMakeLists.txt, DETOUR_UNITY)
        if a in ("-Wno-restrict", "-fno-fat-lto-objects", "-Wno-subobject-linkage"):
            continue
        out.append(a)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("database", help="compile_commands.json of a configured and built folder")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--compiler", default="clang++-14")
    args = ap.parse_args()
    if not shutil.which(args.compiler):
        print(f"SKIPPED: {args.compiler} is not installed (apt-get install clang-14)")
        return 77
    with open(args.database, encoding="utf-8") as f:
        entries = json.load(f)

    def one(entry):
        p = subprocess.run([args.compiler, "-fsyntax-only"] + clang_args(entry), cwd=entry["directory"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        return p.returncode, p.stdout

    warnings = errors = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        for rc, text in ex.map(one, entries):
            if text:
                sys.stdout.write(text)
            warnings += sum(1 for line in text.split("\n") if ": warning: " in line)
            errors += rc != 0
    print(f"clang warnings: {warnings} warning(s), {errors} file(s) that did not compile, "
          f"{len(entries)} file(s) checked with {args.compiler}")
    return 1 if warnings or errors else 0


if __name__ == "__main__":
    sys.exit(main())
