#!/usr/bin/env python3
"""Compares two "id<TAB>value..." files (a reference's and ours) pair by pair:
prints how many ids were compared, the largest absolute difference per column, and
the ids that differ by more than --tol (exit status 1 if any, or if the id sets
differ).

Usage: compare_values.py [--tol 1e-9] REFERENCE.tsv OURS.tsv
"""
import argparse
import sys


def read(path):
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts and parts[0]:
                rows[parts[0]] = [float(x) for x in parts[1:]]
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tol", type=float, default=1e-9)
    ap.add_argument("reference")
    ap.add_argument("ours")
    args = ap.parse_args()
    ref, ours = read(args.reference), read(args.ours)
    status = 0
    if set(ref) != set(ours):
        print(f"id sets differ: {len(set(ref) - set(ours))} only in reference, "
              f"{len(set(ours) - set(ref))} only in ours")
        status = 1
    common = sorted(set(ref) & set(ours))
    width = max((len(v) for v in ref.values()), default=0)
    maxdiff = [0.0] * width
    bad = []
    for pid in common:
        a, b = ref[pid], ours[pid]
        if len(a) != len(b):
            bad.append((pid, a, b))
            continue
        worst = 0.0
        for k, (x, y) in enumerate(zip(a, b)):
            d = abs(x - y)
            maxdiff[k] = max(maxdiff[k], d)
            worst = max(worst, d)
        if worst > args.tol:
            bad.append((pid, a, b))
    print(f"compared {len(common)} ids; max |difference| per column: "
          + ", ".join(f"{d:.3g}" for d in maxdiff))
    if bad:
        status = 1
        print(f"{len(bad)} ids differ by more than {args.tol:g}; first ones:")
        for pid, a, b in bad[:10]:
            print(f"  {pid}\n    reference {a}\n    ours      {b}")
    sys.exit(status)


if __name__ == "__main__":
    main()
