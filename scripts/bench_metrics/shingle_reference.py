#!/usr/bin/env python3
"""Reference values of the Scrapinghub article-extraction-benchmark measure from its
own evaluate.py, run from a checkout of that benchmark outside this repository.

For every output/*.json (sorted), as evaluate.py's main() does, but with
random.seed(SEED) before each system's evaluate() so that the bootstrap draws can be
reproduced (evaluate.py itself never seeds), writes to stdout:
  system<TAB>f1<TAB>precision<TAB>recall<TAB>accuracy<TAB>f1_std<TAB>precision_std<TAB>recall_std<TAB>accuracy_std
(repr of the floats), and with --per-page FILE one line per system and page:
  system/id<TAB>tp<TAB>fp<TAB>fn<TAB>precision<TAB>recall<TAB>accuracy
(precision_score / recall_score of the page, as evaluate.py defines them).
On stderr: the time spent in evaluate() over all systems.

With --pairs FILE (JSON lines {"id", "gold", "output"}) the pairs are scored
instead, as one system whose ground truth is the golds: per page
"id<TAB>tp<TAB>fp<TAB>fn<TAB>precision<TAB>recall<TAB>accuracy" to --per-page, and
the system line (named "pairs") to stdout.

Usage: shingle_reference.py --benchmark DIR [--seed 0] [--n-bootstrap 1000]
       [--per-page FILE] [--pairs FILE]
"""
import argparse
import os
import random
import sys
import time
from pathlib import Path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--benchmark", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-bootstrap", type=int, default=1000)
    ap.add_argument("--per-page", default="")
    ap.add_argument("--pairs", default="")
    args = ap.parse_args()
    per_page = open(args.per_page, "w", encoding="utf-8") if args.per_page else None
    pairs = None
    if args.pairs:
        import json
        with open(args.pairs, encoding="utf-8") as f:
            pairs = [json.loads(line) for line in f if line.strip()]
    sys.path.insert(0, args.benchmark)
    os.chdir(args.benchmark)
    import evaluate  # noqa: E402

    if pairs is not None:
        ground_truth = {p["id"]: {"articleBody": p["gold"]} for p in pairs}
        systems = [("pairs", {p["id"]: {"articleBody": p["output"]} for p in pairs})]
    else:
        ground_truth = evaluate.load_json(Path("ground-truth.json"))
        systems = [(path.stem, evaluate.load_prediction(path)[0]) for path in sorted(Path("output").glob("*.json"))]
    secs = cpu = 0.0
    for name, prediction in systems:
        random.seed(args.seed)
        t0 = time.perf_counter()
        c0 = time.process_time()
        m = evaluate.evaluate(ground_truth, prediction, args.n_bootstrap)
        secs += time.perf_counter() - t0
        cpu += time.process_time() - c0
        print("\t".join([name] + [repr(float(m.get(k, float("nan")))) for k in (
            "f1", "precision", "recall", "accuracy", "f1_std", "precision_std", "recall_std", "accuracy_std")]))
        if per_page:
            for key, (tp, fp, fn) in zip(ground_truth.keys(), m["tp_fp_fns"]):
                true = ground_truth[key].get("articleBody", "")
                pred = prediction[key].get("articleBody", "")
                pid = key if pairs is not None else f"{name}/{key}"
                per_page.write("\t".join([pid] + [repr(float(x)) for x in (
                    tp, fp, fn, evaluate.precision_score(tp, fp, fn), evaluate.recall_score(tp, fp, fn),
                    evaluate.get_accuracy(true=true, pred=pred))]) + "\n")
    print(f"evaluate.py: {secs:.3f} s wall, {cpu:.3f} s CPU in evaluate() (n_bootstrap={args.n_bootstrap})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
