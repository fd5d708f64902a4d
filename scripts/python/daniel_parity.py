#!/usr/bin/env python3
"""Parity of the Python package with the detour program on DANIEL: the same run made by
`detour run` and by detour.run, and the program's run read back by detour.read_run,
compared cell by cell and record by record:

  1. the two run folders, file by file (byte for byte; results.json without its
     provenance.run block, timings.tsv left out: wall times);
  2. the run made from Python, as Python objects, against the program's files:
     per_doc (every row: counts exactly, P/R/F1 as per_doc.tsv prints them), every
     cell of Table 2 (table2.json: values unrounded), Table 3 and its tests
     (table3.json, table3_tests.json), Table 4 (table4.json);
  3. the program's run read back (detour.read_run) against the run made from Python:
     per_doc frames equal (unrounded values; the times aside), every table equal.

Prints what was compared and the number of differences (0 expected); exits 1 on any.

Usage: PYTHONPATH=build/python /usr/bin/python3 scripts/python/daniel_parity.py \\
         [--binary build/detour] [--shared ../shared] [--work /tmp/daniel-parity] \\
         [--languages el,en] [--jobs 2] [--extractors BP,JTA,JTS,RD,HK] [--chains BP-JTA,JTA-BP]
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import detour


def folder_files(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def compare_folders(a, b, report):
    fa, fb = folder_files(a), folder_files(b)
    if fa != fb:
        report("files", f"{len(set(fa) ^ set(fb))} files in one folder only: {sorted(set(fa) ^ set(fb))[:5]}")
    same = 0
    for f in sorted(set(fa) & set(fb)):
        if f == "timings.tsv" or "journal" in f:
            continue
        if f == "results.json":
            ja, jb = json.loads((a / f).read_text()), json.loads((b / f).read_text())
            ja["provenance"].pop("run"), jb["provenance"].pop("run")
            ok = ja == jb
        else:
            ok = (a / f).read_bytes() == (b / f).read_bytes()
        if ok:
            same += 1
        else:
            report("files", f"{f} differs")
    return same


def cells(table_json):
    """Every cell of every table of a json writer's model: (table, row, column) -> value."""
    out = {}
    for t in table_json["tables"]:
        for r, row in enumerate(t["rows"]):
            for c, cell in enumerate(row):
                v = cell
                if isinstance(cell, dict):
                    v = (cell["value"], cell.get("lo"), cell.get("hi"), tuple(cell.get("marks", ())),
                         t["score_signatures"][cell["signature"]])
                out[(t["title"], r, c)] = v
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = Path(__file__).resolve().parent
    ap.add_argument("--binary", default=str(here.parents[1] / "build" / "detour"))
    ap.add_argument("--shared", default=str(here.parents[2] / "shared"))
    ap.add_argument("--work", default="/tmp/daniel-parity")
    ap.add_argument("--languages", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--extractors", default="BP,JTA,JTS,RD,HK")
    ap.add_argument("--chains", default="BP-JTA,JTA-BP")
    ap.add_argument("--metrics", default="to,car,tm,lcs")
    a = ap.parse_args(argv)
    corpus = str(Path(a.shared) / "corpora" / "daniel")
    work = Path(a.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    problems = []

    def report(kind, what):
        problems.append((kind, what))
        print(f"DIFFERENCE ({kind}): {what}", flush=True)

    common = ["--extractors", a.extractors, "--chains", a.chains, "--metrics", a.metrics, "--task", "daniel",
              "--confidence", "--jobs", str(a.jobs), "--no-progress"]
    if a.languages:
        common += ["--languages", a.languages]
    t0 = time.perf_counter()
    subprocess.run([a.binary, "run", "--corpus", corpus, *common, "--out", str(work / "cli")], check=True,
                   stdout=subprocess.DEVNULL)
    t1 = time.perf_counter()
    options = dict(chains=a.chains, metrics=a.metrics, task="daniel", confidence=True, jobs=a.jobs,
                   out=work / "py")
    if a.languages:
        options["languages"] = a.languages.split(",")
    made = detour.run(corpus, a.extractors.split(","), **options)
    t2 = time.perf_counter()
    print(f"runs: detour run {t1 - t0:.1f} s, detour.run {t2 - t1:.1f} s; {len(made.systems)} systems x "
          f"{len(made.documents)} pages", flush=True)

    # 1. The folders.
    same = compare_folders(work / "cli", work / "py", report)
    print(f"1. run folders: {same} files identical", flush=True)

    # 2. Python objects against the program's files.
    cli = work / "cli"
    with open(cli / "per_doc.tsv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    records = made.per_doc.to_dict("records")
    if len(rows) != len(records):
        report("per_doc", f"{len(records)} rows from Python, {len(rows)} in per_doc.tsv")
    for got, want in zip(records, rows):
        key = (want["system"], want["lang"], want["id"], want["metric"])
        if (got["system"], got["lang"], got["id"], got["metric"], got["status"]) != key[:4] + (want["status"],):
            report("per_doc", f"row {key}: {got['system']} {got['lang']} {got['id']} {got['metric']}")
            continue
        if want["metric"] == "-":
            continue
        if [int(got[k]) for k in ("tp", "fp", "fn")] != [int(want[k]) for k in ("tp", "fp", "fn")]:
            report("per_doc", f"counts of {key}")
        if [f"{got[k]:.4f}" for k in ("precision", "recall", "f1")] != [want[k] for k in ("precision", "recall", "f1")]:
            report("per_doc", f"P/R/F1 of {key}")
    print(f"2. per_doc: {len(records)} rows of the Python run against per_doc.tsv", flush=True)
    n_cells = 0
    for name, file in (("table2", "table2.json"), ("table3", "table3.json"), ("table3_tests", "table3_tests.json"),
                       ("table4", "table4.json")):
        want = cells(json.loads((cli / file).read_text()))
        got = cells(getattr(made, name).data)
        n_cells += len(want)
        if got != want:
            bad = [k for k in want if got.get(k) != want[k]] + [k for k in got if k not in want]
            report(name, f"{len(bad)} cells differ, e.g. {bad[:3]}")
        print(f"   {name}: {len(want)} cells against {file}", flush=True)

    # 3. The program's run read back against the run made from Python.
    back = detour.read_run(cli)
    fa = made.per_doc.drop(columns=["millis"])
    fb = back.per_doc.drop(columns=["millis"])
    if not fa.equals(fb):
        report("read_run", "per_doc frames differ")
    for name in ("table2", "table3", "table3_tests", "table4"):
        if getattr(back, name).data != getattr(made, name).data:
            report("read_run", f"{name} differs")
    print(f"3. read back: per_doc ({len(fb)} rows, unrounded) and the 4 tables ({n_cells} cells) against the "
          f"Python run", flush=True)
    print(f"differences: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
