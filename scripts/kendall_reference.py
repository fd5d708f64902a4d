#!/usr/bin/python3
"""Reference values of Kendall's tau-b for stats/kendall.cc, from scipy.stats.kendalltau
(variant 'b'): random samples with and without ties, constant samples (NaN), and
samples of 2 to 20 systems. Writes tests/fixtures/stats/kendall_scipy.tsv:
    x (comma-separated) <TAB> y <TAB> tau (repr; nan when undefined)

    python3 scripts/kendall_reference.py [--out FILE]
"""
import argparse
import random

import numpy as np
from scipy.stats import kendalltau


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tests/fixtures/stats/kendall_scipy.tsv")
    a = ap.parse_args()
    rng = random.Random(2015)
    rows = []
    for case in range(200):
        n = rng.randint(2, 20)
        levels = rng.choice([2, 3, 5, 1000])
        x = [rng.randint(0, levels) / levels for _ in range(n)]
        if case % 3 == 0:
            y = [v + rng.gauss(0, 0.3) for v in x]  # correlated
        else:
            y = [rng.randint(0, levels) / levels for _ in range(n)]
        if case % 17 == 0:
            y = [0.5] * n  # constant: undefined
        rows.append((x, y))
    with open(a.out, "w") as f:
        f.write("# scipy %s, numpy %s: scipy.stats.kendalltau(x, y) (variant b)\n" % (
            __import__("scipy").__version__, np.__version__))
        for x, y in rows:
            tau = kendalltau(x, y).statistic if hasattr(kendalltau(x, y), "statistic") else kendalltau(x, y)[0]
            f.write("%s\t%s\t%r\n" % (",".join(repr(v) for v in x), ",".join(repr(v) for v in y), float(tau)))


if __name__ == "__main__":
    main()
