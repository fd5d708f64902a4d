#!/usr/bin/env python3
"""Runs detour extractors on the Scrapinghub article-extraction-benchmark pages
(html/<id>.html.gz) and writes their outputs in the benchmark's own format
(output/<name>.json: {"version": ..., "output": {id: {"articleBody": text}}}), so that
the benchmark's evaluate.py, or `bench_metrics_pairs --metric shingle-table`, places
them in its results table. The article body is `detour extract --format text` (one
segment a line).

Usage: scrapinghub_detour_outputs.py --benchmark DIR --detour build/detour
       [--extractors BP,JTA,RD] --out DIR
"""
import argparse
import gzip
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--benchmark", required=True)
    ap.add_argument("--detour", required=True)
    ap.add_argument("--extractors", default="BP,JTA,RD")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(os.path.join(args.benchmark, "ground-truth.json"), encoding="utf-8") as f:
        ids = list(json.load(f).keys())
    version = subprocess.run([args.detour, "--version"], capture_output=True, text=True).stdout.strip() or "detour"
    os.makedirs(args.out, exist_ok=True)
    for ex in args.extractors.split(","):
        output, failures = {}, 0
        for pid in ids:
            with gzip.open(os.path.join(args.benchmark, "html", pid + ".html.gz"), "rb") as f:
                html = f.read()
            r = subprocess.run([args.detour, "extract", "--extractor", ex, "--format", "text", "-"],
                               input=html, capture_output=True)
            if r.returncode != 0:
                failures += 1
                print(f"{ex} {pid}: exit {r.returncode}: {r.stderr.decode(errors='replace').strip()}", file=sys.stderr)
            output[pid] = {"articleBody": r.stdout.decode("utf-8", errors="replace").strip()}
        path = os.path.join(args.out, f"detour_{ex}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"version": f"{version} {ex}", "output": output}, f, ensure_ascii=False)
        print(f"{path}: {len(ids)} pages, {failures} failures")


if __name__ == "__main__":
    main()
