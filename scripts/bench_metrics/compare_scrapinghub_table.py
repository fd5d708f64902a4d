#!/usr/bin/env python3
"""Checks a shingle table (the output of `bench_metrics_pairs --metric shingle-table`,
evaluate.py's layout) against the results tables published in the Scrapinghub
benchmark's README.rst: for each system of the table, the newest README row that
names it (README names: newspaper4k = output/newspaper.json, readability-lxml =
readability.json when no newer row exists). Prints, per system, whether F1,
precision, recall and accuracy agree to the 3 printed decimals, and the differences
of the bootstrap standard deviations (unseeded in the README, so they agree only
within Monte-Carlo error).

Usage: compare_scrapinghub_table.py README.rst OUR_TABLE.txt
"""
import re
import sys

ROW = re.compile(r"^\s*(\S+)\s+(.*?)\s*([0-9.]+) ± ([0-9.]+)\s+([0-9.]+) ± ([0-9.]+)\s+([0-9.]+) ± ([0-9.]+)\s+"
                 r"([0-9.]+) ± ([0-9.]+)\s*$")
ALIASES = {"newspaper4k": "newspaper", "readability-lxml": "readability"}


def rows(text):
    out = {}
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            out.setdefault(m.group(1), [float(x) for x in m.groups()[2:]])
    return out


def main():
    readme = open(sys.argv[1], encoding="utf-8").read()
    published = {}
    for name, vals in rows(readme).items():  # first occurrence = newest table
        published.setdefault(ALIASES.get(name, name), vals)
    ours = rows(open(sys.argv[2], encoding="utf-8").read())
    agree = 0
    worst_std = 0.0
    for name, v in sorted(ours.items()):
        p = published.get(name)
        if p is None:
            print(f"{name:<22} not in the README tables")
            continue
        means_ok = all(f"{v[k]:.3f}" == f"{p[k]:.3f}" for k in (0, 2, 4, 6))
        std_diff = max(abs(v[k] - p[k]) for k in (1, 3, 5, 7))
        worst_std = max(worst_std, std_diff)
        agree += means_ok
        print(f"{name:<22} means {'equal' if means_ok else 'DIFFER'} to 3 decimals; "
              f"max |std difference| {std_diff:.3f}"
              + ("" if means_ok else f"  ours {v[0::2]} published {p[0::2]}"))
    print(f"{agree} of {sum(1 for n in ours if n in published)} systems agree on F1, P, R, accuracy to 3 decimals; "
          f"largest std difference {worst_std:.3f}")


if __name__ == "__main__":
    main()
