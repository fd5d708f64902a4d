#!/usr/bin/env python3
"""Scrapinghub parity through the detour command line: `detour score` on the
article-extraction benchmark's own files (its ground-truth.json and every
output/*.json, read as systems) with --metrics shingle --aggregate f1-of-means,
checked three ways:

  1. against the results tables published in the benchmark's README.rst, for every
     system (compare_scrapinghub_table.py: F1, precision, recall, accuracy to the 3
     printed decimals; README names newspaper4k / readability-lxml are the files
     newspaper.json / readability.json);
  2. with --exact: against evaluate.py itself, run outside this repository after
     random.seed(SEED) (shingle_reference.py): every value, bootstrap stds included,
     equal (ground-truth.json lists its ids sorted, the order detour reads them in, so
     the seeded resamples draw the same pages);
  3. with --seeds N: the published (unseeded) bootstrap stds against detour's over
     seeds 1..N: the largest |z| = |published - mean| / sqrt(sd^2 + rounding^2).

Usage: scrapinghub_parity.py --benchmark DIR --detour build/detour [--exact] [--seeds 20]
       [--extra RESULTS_JSON]   (a `detour run --aggregate f1-of-means` table to place
                                 detour's own extractors in the printed table)
"""
import argparse
import glob
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["f1", "precision", "recall", "accuracy", "f1_std", "precision_std", "recall_std", "accuracy_std"]


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def detour_table(detour, bench, seed):
    outputs = sorted(glob.glob(os.path.join(bench, "output", "*.json")))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "scores.json")
        cmd = [detour, "score", "--corpus", bench, "--metrics", "shingle", "--aggregate", "f1-of-means",
               "--resample-seed", str(seed), "--format", "json", "--out", out]
        for o in outputs:
            cmd += ["--system", o]
        subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            j = json.load(f)
    return {name: s["groups"]["all"]["shingle"] for name, s in j["systems"].items()}


def as_evaluate_layout(table):
    lines = [f'{"":<20} {"version":<12} {"F1":<13}  {"precision":<13}  {"recall":<13}  {"accuracy":<13}']
    for name, c in sorted(table.items()):
        lines.append(f'{name:<20} {"":<12} {c["f1"]:.3f} ± {c["f1_std"]:.3f}  {c["precision"]:.3f} ± '
                     f'{c["precision_std"]:.3f}  {c["recall"]:.3f} ± {c["recall_std"]:.3f}  '
                     f'{c["accuracy"]:.3f} ± {c["accuracy_std"]:.3f}')
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--benchmark", required=True)
    ap.add_argument("--detour", required=True)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--exact", action="store_true")
    ap.add_argument("--seeds", type=int, default=0)
    ap.add_argument("--extra", default="")
    args = ap.parse_args()
    bench = os.path.abspath(args.benchmark)
    table = detour_table(args.detour, bench, args.seed)
    text = as_evaluate_layout(table)
    print(text)
    cmp = load("compare_scrapinghub_table")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write(text)
        ours_path = f.name
    sys.argv = ["compare_scrapinghub_table.py", os.path.join(bench, "README.rst"), ours_path]
    cmp.main()
    os.unlink(ours_path)
    if args.exact:
        r = subprocess.run([sys.executable, os.path.join(HERE, "shingle_reference.py"), "--benchmark", bench,
                            "--seed", str(args.seed)], capture_output=True, text=True, check=True)
        same = differ = 0
        for line in r.stdout.splitlines():
            parts = line.split("\t")
            name, ref = parts[0], [float(x) for x in parts[1:]]
            ours = [table[name][k] for k in KEYS]
            if all(a == b for a, b in zip(ours, ref)):
                same += 1
            else:
                differ += 1
                print(f"{name}: ours {ours} evaluate.py {ref}")
        print(f"exact (seed {args.seed}): {same} systems equal to evaluate.py in all 8 values, {differ} differ")
    if args.seeds:
        published = {}
        with open(os.path.join(bench, "README.rst"), encoding="utf-8") as f:
            for name, vals in cmp.rows(f.read()).items():
                published.setdefault(cmp.ALIASES.get(name, name), vals)
        runs = [detour_table(args.detour, bench, s) for s in range(1, args.seeds + 1)]
        worst, count = (0.0, ""), 0
        for name in runs[0]:
            if name not in published:
                continue
            for k, col in enumerate(["f1", "precision", "recall", "accuracy"]):
                vals = [run[name][col + "_std"] for run in runs]
                m, sd = statistics.mean(vals), statistics.stdev(vals)
                pub = published[name][2 * k + 1]
                z = (pub - m) / (sd ** 2 + 0.0005 ** 2 / 3) ** 0.5
                count += 1
                if abs(z) > abs(worst[0]):
                    worst = (z, f"{name} {col}: published {pub}, detour {m:.4f} (sd over seeds {sd:.5f})")
        print(f"{count} published stds against {args.seeds} seeded detour runs: largest |z| = {abs(worst[0]):.2f} "
              f"({worst[1]})")
    if args.extra:
        print("\ndetour's extractors in the same table (detour run --aggregate f1-of-means):")
        with open(args.extra, encoding="utf-8") as f:
            print(f.read())


if __name__ == "__main__":
    main()
