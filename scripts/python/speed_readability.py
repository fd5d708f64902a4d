#!/usr/bin/env python3
"""readability-lxml (Debian python3-readability) as a Python function in-process
(detour.run(extractors=[("RDLPY", fn)])) against the same tool through `--external`, one
process per page (scripts/readability/run.sh, as the README shows it), on the same
DANIEL pages, in alternated rounds: ms per page of the whole run (wall clock / pages)
and of the extractor's own stage (per_doc's millis: what the page waited for the
tool), medians over the rounds; and how many pages' outputs are identical.

The function is `Document(html).summary()` returned as HTML, what run.sh prints; it is
given the page as detour decoded it, where run.sh gives readability-lxml the raw bytes
to decode itself, so a few pages may differ by their decoding.

Usage (a shared machine: say so with the figures):
  PYTHONPATH=build/python /usr/bin/python3 scripts/python/speed_readability.py \\
      [--shared ../shared] [--languages en] [--rounds 2] [--jobs 2]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import detour
from readability import Document

ROOT = Path(__file__).resolve().parents[2]


def readability_summary(html):
    """readability-lxml's main content, as scripts/readability/run.sh prints it."""
    return ("html", Document(html).summary() + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    ap.add_argument("--languages", default="en")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    corpus = str(Path(a.shared) / "corpora" / "daniel")
    langs = a.languages.split(",")
    tool = str(ROOT / "scripts" / "readability" / "run.sh")
    results = {"in-process": [], "external": []}
    runs = {}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(a.rounds):
            for side in ("in-process", "external"):
                out = Path(tmp) / f"{side}-{r}"
                t0 = time.perf_counter()
                if side == "in-process":
                    run = detour.run(corpus, [("RDLPY", readability_summary)], metrics="to", languages=langs,
                                     jobs=a.jobs, out=out, stage_budget=60)
                    name = "RDLPY"
                else:
                    run = detour.run(corpus, ["RDLX"], externals={"RDLX": tool}, metrics="to", languages=langs,
                                     jobs=a.jobs, out=out, timeout=120)
                    name = "RDLX"
                wall = time.perf_counter() - t0
                df = run.per_doc
                mine = df[df.system == name]
                pages = len(mine)
                results[side].append((1000 * wall / pages, mine.millis.mean(),
                                      int((mine.status != "ok").sum()), mine.f1.mean()))
                runs[side] = (run, name)
                print(f"round {r + 1} {side}: {pages} pages, {1000 * wall / pages:.1f} ms/page (run), "
                      f"{mine.millis.mean():.1f} ms/page (stage), {results[side][-1][2]} failed", flush=True)
        (ri, ni), (re_, ne) = runs["in-process"], runs["external"]
        same = sum(ri.output(ni, l, i) == re_.output(ne, l, i) for l, i in ri.documents)
        n = len(ri.documents)
    med = {s: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)) for s, v in results.items()}
    print(f"readability-lxml on {n} DANIEL pages ({a.languages}), jobs={a.jobs}, median of {a.rounds} rounds:")
    for s in ("in-process", "external"):
        print(f"  {s:10s}: {med[s][0]:.1f} ms/page (whole run), {med[s][1]:.1f} ms/page (the stage); "
              f"TO F1 mean {results[s][-1][3]:.2f}")
    print(f"  external / in-process: {med['external'][0] / med['in-process'][0]:.1f}x (whole run), "
          f"{med['external'][1] / med['in-process'][1]:.1f}x (the stage); identical outputs on {same} of {n} pages")


if __name__ == "__main__":
    sys.exit(main())
