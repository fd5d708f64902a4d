#!/usr/bin/env python3
"""Are the published bootstrap standard deviations of the Scrapinghub README within
Monte-Carlo error of ours? Runs `bench_metrics_pairs --metric shingle-table` with
seeds 1..N, takes for each system and measure the mean and the standard deviation of
the bootstrap std over the seeds, and prints the largest z = (published - mean) /
sqrt(sd^2 + rounding^2) (rounding: the README's 3 decimals, uniform, sd 0.0005/sqrt(3)).

Usage: scrapinghub_std_mc.py --bin build/bench_metrics_pairs --benchmark DIR [--seeds 20]
"""
import argparse
import importlib.util
import os
import statistics
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--benchmark", required=True)
    ap.add_argument("--seeds", type=int, default=20)
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("cmp", os.path.join(here, "compare_scrapinghub_table.py"))
    cmp = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cmp)
    published = {}
    with open(os.path.join(args.benchmark, "README.rst"), encoding="utf-8") as f:
        for name, vals in cmp.rows(f.read()).items():
            published.setdefault(cmp.ALIASES.get(name, name), vals)
    runs = []
    for seed in range(1, args.seeds + 1):
        r = subprocess.run([args.bin, "--metric", "shingle-table", "--gold",
                            os.path.join(args.benchmark, "ground-truth.json"), "--outputs",
                            os.path.join(args.benchmark, "output"), "--seed", str(seed)],
                           capture_output=True, text=True, check=True)
        runs.append({line.split("\t")[0]: [float(x) for x in line.split("\t")[1:]]
                     for line in r.stderr.splitlines() if "\t" in line})
    worst, count = (0.0, None), 0
    for name in runs[0]:
        if name not in published:
            continue
        for k, col in enumerate(["f1", "precision", "recall", "accuracy"]):
            vals = [run[name][4 + k] for run in runs]
            m, sd = statistics.mean(vals), statistics.stdev(vals)
            pub = published[name][2 * k + 1]
            z = (pub - m) / (sd ** 2 + 0.0005 ** 2 / 3) ** 0.5
            count += 1
            if abs(z) > abs(worst[0]):
                worst = (z, f"{name} {col}: published {pub}, ours {m:.4f} (sd over seeds {sd:.5f})")
    print(f"{count} published stds against {args.seeds} seeded runs: largest |z| = {abs(worst[0]):.2f} ({worst[1]})")


if __name__ == "__main__":
    main()
