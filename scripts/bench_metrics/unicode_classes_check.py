#!/usr/bin/env python3
"""Compares bench_metrics' Python character classes (py_unicode.h) with Python's
own on every code point: str.isspace (= re \\s), re \\w, re \\d, str.isupper,
str.islower of one character and str.lower(). Prints the number of differing code
points and their general categories in this Python's Unicode database (differences
are expected only where ICU's newer Unicode version assigned or re-classed a code
point).

Usage: unicode_classes_check.py BIN   (BIN = build/bench_metrics_pairs)
"""
import collections
import re
import subprocess
import sys
import unicodedata


def main():
    ours = subprocess.run([sys.argv[1], "--metric", "unicode-classes"], capture_output=True, text=True,
                          check=True).stdout.splitlines()
    w, d = re.compile(r"\w"), re.compile(r"\d")
    mine = []
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        ch = chr(c)
        low = "".join("%X." % ord(x) for x in ch.lower())
        mine.append("%X %d%d%d%d%d %s" % (c, ch.isspace(), bool(w.match(ch)), bool(d.match(ch)), ch.isupper(),
                                          ch.islower(), low))
    diff = [a.split()[0] for a, b in zip(mine, ours) if a != b]
    cats = collections.Counter(unicodedata.category(chr(int(c, 16))) for c in diff)
    print(f"Python {sys.version.split()[0]} (unicodedata {unicodedata.unidata_version}): {len(mine)} code points, "
          f"{len(diff)} differ; their categories here: {dict(cats)}")
    others = [c for c in diff if unicodedata.category(chr(int(c, 16))) != "Cn"]
    if others:
        print("assigned here and different:", " ".join("U+" + c for c in others))


if __name__ == "__main__":
    main()
