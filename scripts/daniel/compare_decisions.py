#!/usr/bin/python3
"""Compares DAnIEL's decisions (daniel_decisions.py) with detour's (task_per_doc.tsv of
`detour task --out`, one system): relevant or not, best disease, location and score,
document by document.

    compare_decisions.py PYTHON.tsv DETOUR_task_per_doc.tsv SYSTEM [--show N]

Prints the number of documents compared, the number identical in each field, and the
first N differences. Exit status 1 when a decision (relevant, disease, location)
differs.
"""
import argparse
import sys


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def read(path):
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if not l.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, [unescape(x) for x in l.split("\t")])) for l in lines[1:] if l]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("python")
    ap.add_argument("detour")
    ap.add_argument("system")
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    py = {(r["lang"], r["id"]): r for r in read(a.python)}
    ours = {(r["lang"], r["id"]): r for r in read(a.detour) if r["system"] == a.system}
    keys = sorted(set(py) & set(ours))
    same = {"relevant": 0, "disease": 0, "location": 0, "score": 0}
    diffs, errors, skipped = [], [], 0
    for k in keys:
        p, o = py[k], ours[k]
        if p["error"]:
            errors.append((k, p["error"], o["decision"], o["label"]))
            continue
        if p["relevant"] == "-":
            skipped += 1
            continue
        fields = {
            "relevant": (p["relevant"], o["decision"]),
            "disease": (p["disease"], o["label"]),
            "location": (p["location"], o["place"]),
            "score": (float(p["score"]) if p["score"] else 0.0, float(o["score"]) if o["score"] != "-" else 0.0),
        }
        bad = [f for f, (x, y) in fields.items() if x != y]
        for f in same:
            same[f] += f not in bad
        if bad:
            diffs.append((k, {f: fields[f] for f in bad}))
    n = len(keys) - len(errors) - skipped
    print("%s: %d documents compared (%d only in DAnIEL's file, %d only in detour's, %d missing outputs)"
          % (a.system, n, len(set(py) - set(ours)), len(set(ours) - set(py)), skipped))
    print("  identical: relevant %d, disease %d, location %d, score %d" % (
        same["relevant"], same["disease"], same["location"], same["score"]))
    print("  DAnIEL failed on %d documents" % len(errors))
    for e in errors[: a.show]:
        print("    %s/%s: %s (detour: decision %s, label %r)" % (e[0][0], e[0][1], e[1], e[2], e[3]))
    print("  differences: %d" % len(diffs))
    for k, d in diffs[: a.show]:
        print("    %s/%s: %s" % (k[0], k[1], "; ".join("%s DAnIEL %r detour %r" % (f, x, y) for f, (x, y) in d.items())))
    decision_diffs = [d for d in diffs if set(d[1]) - {"score"}]
    return 1 if decision_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
