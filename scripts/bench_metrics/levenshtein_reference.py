#!/usr/bin/env python3
"""Reference values of WCEB's token-level Levenshtein ratio (eval.levenshtein_eval:
Levenshtein.ratio of the two tokenize_ws token lists; Levenshtein 0.20.9's ratio is
rapidfuzz's Indel.normalized_similarity), from rapidfuzz's own pure-Python Indel run
from its source outside this repository (RAPIDFUZZ_IMPLEMENTATION=python) and WCEB's
own tokenize_ws. Writes "id<TAB>ratio" per pair of a JSON-lines file {"id", "gold",
"output"}.

Usage: levenshtein_reference.py --rapidfuzz-src DIR --wceb-src DIR PAIRS.jsonl
"""
import argparse
import json
import os
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rapidfuzz-src", required=True)
    ap.add_argument("--wceb-src", required=True)
    ap.add_argument("pairs")
    args = ap.parse_args()
    os.environ["RAPIDFUZZ_IMPLEMENTATION"] = "python"
    sys.path.insert(0, args.rapidfuzz_src)
    sys.path.insert(0, args.wceb_src)
    from rapidfuzz.distance import Indel  # noqa: E402
    from extraction_benchmark.util import tokenize_ws  # noqa: E402

    with open(args.pairs, encoding="utf-8") as f:
        pairs = [json.loads(line) for line in f if line.strip()]
    t0 = time.perf_counter()
    for p in pairs:
        r = Indel.normalized_similarity(tokenize_ws(p["gold"]), tokenize_ws(p["output"]))
        print(f"{p['id']}\t{float(r)!r}")
    print(f"levenshtein: {len(pairs)} pairs in {time.perf_counter() - t0:.3f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
