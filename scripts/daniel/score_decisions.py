#!/usr/bin/python3
"""Scores decision files of daniel_decisions.py (the real DAnIEL, either version, run
outside the repository) against DAnIEL annotations, as detour's task evaluator does
(P, R, F1 of the relevant class per language and for all; everything 0 without a true
positive), so that the original DAnIEL's Table 3 can be set beside detour's and the
published one.

    score_decisions.py ANNOTATIONS.json NAME=DECISIONS.tsv [NAME=DECISIONS.tsv ...]
                       [--published] [--tsv OUT.tsv]

A document counts when it has an annotation (matched by page id, or the id without
.html/.htm/.txt; language "cn" is zh). A document DAnIEL failed on (the error column)
or whose output was missing counts as not relevant, as detour decides a failed or
missing output as an empty text. --published adds the F1 of Lejeune, Brixtel &
Lecluze (TALN 2015), Table 3, for the system names it knows (reference, BP, BP-JTA,
...).
"""
import argparse
import json
import sys

from compare_decisions import unescape  # the decision files' TSV escapes

# Table 3 of the paper, whole corpus: P, R, F1.
PUBLISHED = {
    "reference": (69.54, 84.68, 76.36), "BP": (74.68, 47.58, 58.13), "BP-JTA": (68.14, 62.10, 64.98),
    "BP-JTS": (67.54, 62.10, 64.71), "JTA": (64.35, 59.68, 61.92), "JTA-BP": (66.33, 52.42, 58.56),
    "JTS": (64.42, 54.03, 58.77), "JTS-BP": (67.02, 50.81, 57.80), "NC": (60.98, 20.16, 30.30),
    "NCNL": (26.09, 9.68, 14.12), "NCT5": (62.96, 27.42, 38.20), "NCT25": (62.71, 29.84, 40.44),
}
PUBLISHED_REFERENCE_LANG = {"en": 77.50, "zh": 88.89, "el": 72.22, "pl": 68.85, "ru": 77.42}


def strip_ext(name):
    for ext in (".html", ".htm", ".txt"):
        if name.endswith(ext):
            return name[: -len(ext)]
    return name


def read_annotations(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    gold = {}
    for entry in data.values():
        lang = entry.get("langue") or entry.get("language")
        lang = "zh" if lang == "cn" else lang
        events = entry.get("annotations") or []
        if not lang or not entry.get("path") or not events:
            continue
        gold.setdefault((lang, strip_ext(entry["path"])), events[0][0] != "N")
    return gold


def read_rows(path):
    """The rows of a decision file (or of task_per_doc.tsv) as dicts by column name."""
    with open(path, encoding="utf-8") as f:
        head = None
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = [unescape(x) for x in line.split("\t")]
            if head is None:
                head = fields
                continue
            yield dict(zip(head, fields))


def read_decisions(path):
    return {(r["lang"], strip_ext(r["id"])): r.get("relevant") == "1" for r in read_rows(path)}


def prf(tp, fp, fn):
    if tp == 0:
        return 0.0, 0.0, 0.0
    p, r = tp / (tp + fp), tp / (tp + fn)
    return 100 * p, 100 * r, 100 * 2 * p * r / (p + r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("annotations")
    ap.add_argument("systems", nargs="+", help="NAME=DECISIONS.tsv")
    ap.add_argument("--published", action="store_true")
    ap.add_argument("--tsv")
    a = ap.parse_args()
    gold = read_annotations(a.annotations)
    rows = []
    langs = None
    for item in a.systems:
        name, _, path = item.partition("=")
        dec = read_decisions(path)
        counts = {}
        for key, relevant in dec.items():
            if key not in gold:
                continue
            for lang in (key[0], "all"):
                c = counts.setdefault(lang, [0, 0, 0, 0])
                g = gold[key]
                c[0] += g and relevant
                c[1] += (not g) and relevant
                c[2] += g and not relevant
                c[3] += 1
        if langs is None:
            langs = sorted(l for l in counts if l != "all") + ["all"]
        rows.append((name, counts))
    head = ["system"] + ["%s %s" % (l, k) for l in langs for k in ("P", "R", "F1", "tp", "fp", "fn")]
    if a.published:
        head += ["published all F1", "published ref F1 (language)"]
    lines = ["\t".join(head)]
    for name, counts in rows:
        cells = [name]
        for l in langs:
            tp, fp, fn, n = counts.get(l, [0, 0, 0, 0])
            p, r, f = prf(tp, fp, fn)
            cells += ["%.2f" % p, "%.2f" % r, "%.2f" % f, str(tp), str(fp), str(fn)]
        if a.published:
            cells.append("%.2f" % PUBLISHED[name][2] if name in PUBLISHED else "-")
            cells.append(",".join("%s %.2f" % kv for kv in sorted(PUBLISHED_REFERENCE_LANG.items()))
                         if name == "reference" else "-")
        lines.append("\t".join(cells))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.tsv:
        with open(a.tsv, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
