#!/usr/bin/env python3
"""Reference values of the `bow` metric with Python's own `re` and str.lower():
tokens = re.findall(r'\\w+', text.lower()); overlap = sum over token types of
min(output count, gold count); P = overlap / output tokens, R = overlap / gold
tokens (a 0/0 ratio is 1 when both texts have no token, else 0), F1 = 2PR / (P + R)
(0 when P + R = 0). Writes "id<TAB>P<TAB>R<TAB>F1" per pair of a JSON-lines file.

Usage: bow_reference.py PAIRS.jsonl
"""
import collections
import json
import re
import sys

WORD = re.compile(r"\w+")


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        pairs = [json.loads(line) for line in f if line.strip()]
    for p in pairs:
        g = collections.Counter(WORD.findall(p["gold"].lower()))
        o = collections.Counter(WORD.findall(p["output"].lower()))
        ng, no = sum(g.values()), sum(o.values())
        overlap = sum(min(c, g[t]) for t, c in o.items())
        both_empty = ng == 0 and no == 0
        prec = overlap / no if no else (1.0 if both_empty else 0.0)
        rec = overlap / ng if ng else (1.0 if both_empty else 0.0)
        f1 = 2 * prec * rec / (prec + rec) if prec + rec > 0 else 0.0
        print(f"{p['id']}\t{prec!r}\t{rec!r}\t{f1!r}")


if __name__ == "__main__":
    main()
