#!/usr/bin/env python3
"""Scoring from Python: detour.score against the Python originals called from this one
script on the same texts, with the values compared document by document:

  tm         the 8 published DANIEL systems against the gold (every pair whose output
             exists, as cleaneval.py pairs them): detour.score(..., "tm") against the
             CleanEval protocol with Python's difflib (scripts/cleaneval_reference.py:
             tm_tokens, counts), autojunk on;
  rougelsum  the same pairs as plain text (scripts/bench_metrics/make_pairs.py's
             to_text on both sides): detour.score(..., "rougelsum", rouge="default",
             text_form="raw") against rouge-score's RougeScorer(["rougeLsum"]) (its
             default: newline sentences, DefaultTokenizer), run from its source outside
             the repository as scripts/bench_metrics/ does.

Each side is timed in `--rounds` alternated rounds (detour first, then the original;
CPU time of this process, and wall time); the ratios are of the medians. The texts are
read and converted once, before the timing: only scoring is timed on both sides.
detour scores each system as one call (its pairs in `--jobs` threads, the GIL released).

Usage (the machine is shared: CPU time is the steadier figure):
  PYTHONPATH=build/python /usr/bin/python3 scripts/python/speed_scoring.py \\
      [--shared ../shared] [--rouge-src /work/ext/rouge] [--rounds 3] [--jobs 1] [--per-system N]
Needs ../shared (the DANIEL corpus and its published outputs), rouge-score's source
(a folder holding the `rouge` package; Debian: python3-nltk python3-absl python3-six
python3-numpy) and the package built (-DDETOUR_PYTHON=ON).
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "bench_metrics"))

import detour  # noqa: E402
from cleaneval_reference import counts, tm_tokens  # noqa: E402
from make_pairs import to_text  # noqa: E402


def load(shared, per_system=0):
    """{system: [(lang, id, gold bytes, output bytes)]}: every output with a gold file
    (with per_system, that many of them, spread evenly over the system's list)."""
    corpus = os.path.join(shared, "corpora", "daniel")
    outputs = os.path.join(shared, "corpora", "daniel-published-outputs", "outputs")
    systems = {}
    for system in sorted(os.listdir(outputs)):
        pairs = []
        for lang in sorted(os.listdir(os.path.join(outputs, system))):
            folder = os.path.join(outputs, system, lang)
            for name in sorted(os.listdir(folder)):
                gold = os.path.join(corpus, lang, "gold", name)
                if not os.path.isfile(gold):
                    continue
                with open(gold, "rb") as g, open(os.path.join(folder, name), "rb") as o:
                    pairs.append((lang, name, g.read(), o.read()))
        if per_system and len(pairs) > per_system:
            pairs = [pairs[k * len(pairs) // per_system] for k in range(per_system)]
        systems[system] = pairs
    return systems


def timed(fn):
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c0, time.perf_counter() - w0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=os.path.join(HERE, "..", "..", "..", "shared"))
    ap.add_argument("--rouge-src", default="/work/ext/rouge")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--per-system", type=int, default=0,
                    help="score that many pairs of each system, spread over its list (default: all)")
    a = ap.parse_args()
    sys.path.insert(0, a.rouge_src)
    from rouge import rouge_scorer  # noqa: E402

    systems = load(a.shared, a.per_system)
    n = sum(len(p) for p in systems.values())
    print(f"{len(systems)} systems, {n} (gold, output) pairs; detour {detour.__version__} "
          f"({detour.commit or 'no commit'}), jobs={a.jobs}, {a.rounds} rounds", flush=True)
    plain = {s: [(l, i, to_text(g), to_text(o)) for l, i, g, o in p] for s, p in systems.items()}

    def detour_tm():
        return {s: detour.score([g for _, _, g, _ in p], [o for _, _, _, o in p], "tm", lang=[l for l, _, _, _ in p],
                                id=[i for _, i, _, _ in p], jobs=a.jobs) for s, p in systems.items()}

    def python_tm():
        return {s: [counts(tm_tokens(o), tm_tokens(g), True) for _, _, g, o in p] for s, p in systems.items()}

    def detour_rouge():
        return {s: detour.score([g for _, _, g, _ in p], [o for _, _, _, o in p], "rougelsum", rouge="default",
                                text_form="raw", id=[f"{l}/{i}" for l, i, _, _ in p], jobs=a.jobs)
                for s, p in plain.items()}

    scorer = rouge_scorer.RougeScorer(["rougeLsum"])

    def python_rouge():
        return {s: [scorer.score(g, o)["rougeLsum"] for _, _, g, o in p] for s, p in plain.items()}

    for name, ours, theirs, check in (("tm", detour_tm, python_tm, "tm"), ("rougelsum", detour_rouge, python_rouge, "rouge")):
        times = {"detour": [], "python": []}
        for _ in range(a.rounds):
            got, c, w = timed(ours)
            times["detour"].append((c, w))
            want, c, w = timed(theirs)
            times["python"].append((c, w))
        # The values, document by document.
        diffs = 0
        for s in systems:
            docs = got[s].documents
            for d, ref in zip(docs, want[s]):
                if check == "tm":
                    m = d["tm"]
                    diffs += (m["tp"], m["fp"], m["fn"]) != ref
                else:
                    m = d["rougelsum"]
                    diffs += (m["page_precision"], m["page_recall"], m["page_f1"]) != (ref.precision, ref.recall,
                                                                                        ref.fmeasure)
        oc = statistics.median(c for c, _ in times["detour"])
        ow = statistics.median(w for _, w in times["detour"])
        pc = statistics.median(c for c, _ in times["python"])
        pw = statistics.median(w for _, w in times["python"])
        print(f"{name}: detour.score {oc:.3f} s CPU / {ow:.3f} s wall; "
              f"{'difflib (cleaneval_reference)' if check == 'tm' else 'rouge-score'} {pc:.3f} s CPU / {pw:.3f} s wall; "
              f"ratio {pc / oc:.0f}x CPU, {pw / ow:.0f}x wall; {n} pairs, {diffs} differing documents", flush=True)


if __name__ == "__main__":
    main()
