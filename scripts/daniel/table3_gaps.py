#!/usr/bin/python3
"""Sets detour's Table 3 (DAnIEL task) beside the published one in counts, not only in
percentages: the paper (Lejeune, Brixtel & Lecluze, TALN 2015) gives P, R and F1 of
the relevant class; with the number of relevant documents (124 on DANIEL) these fix
its true and false positives, so a gap in F1 can be read as "n relevant documents
missed" and "m more false alarms".

    table3_gaps.py TASK_PER_DOC.tsv [TASK_PER_DOC.tsv ...] [--fp-detail SYSTEM]

For every system of the files (task_per_doc.tsv of `detour task` or `detour run
--task daniel`): our tp, fp, fn on the documents scored, the published P/R/F1 turned
into tp and fp (rows of score_decisions.PUBLISHED), and the differences. For the
reference, the same per language: the published per-language F1
(PUBLISHED_REFERENCE_LANG) with our per-language number of relevant documents has a
single (tp, fp) that rounds to it, and their sum is checked against the whole-corpus
row. --fp-detail SYSTEM lists that system's false positives by language and by kind of
match of the best disease candidate: "full" (the repeated substring is the whole
name, case aside), "partial" (a shorter piece of a name), and among them those scoring
exactly the threshold (0.8 by default: a 4-character piece of a 5-character name).
"""
import argparse
import collections
import re
import signal
import sys

from score_decisions import PUBLISHED, PUBLISHED_REFERENCE_LANG, read_rows

LANGS = ("el", "en", "pl", "ru", "zh")


def read_all(paths):
    return [r for path in paths for r in read_rows(path)]


def counts(rows):
    """{system: {lang or 'all': Counter(tp, fp, fn, tn)}} over scored documents."""
    out = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    for r in rows:
        if r.get("outcome") not in ("tp", "fp", "fn", "tn"):
            continue
        for lang in (r["lang"], "all"):
            out[r["system"]][lang][r["outcome"]] += 1
    return out


def f1(tp, fp, fn):
    return 0.0 if tp == 0 else 200.0 * tp / (2 * tp + fp + fn)


def published_counts(p, r, relevant):
    """(tp, fp) from published P and R (percent) and the number of relevant documents."""
    tp = round(r * relevant / 100.0)
    fp = round(tp * 100.0 / p - tp) if p > 0 else 0
    return tp, fp


def decompositions(f, relevant, max_fp=400):
    """Every (tp, fp) whose F1, rounded to 2 decimals, is f."""
    return [(tp, fp) for tp in range(1, relevant + 1) for fp in range(max_fp + 1)
            if abs(round(f1(tp, fp, relevant - tp), 2) - f) < 0.006]


def top_match(r):
    """(name, substring, score) of the best disease candidate, from the evidence column."""
    m = re.search(r"diseases=(.*?) (-?[0-9.e-]+) \[([^\]]*)\]", r.get("evidence", ""))
    if not m:
        return None
    return m.group(1), m.group(3), float(m.group(2))


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under head
    ap = argparse.ArgumentParser()
    ap.add_argument("per_doc", nargs="+")
    ap.add_argument("--fp-detail", metavar="SYSTEM")
    ap.add_argument("--threshold", type=float, default=0.8)
    a = ap.parse_args()
    rows = read_all(a.per_doc)
    c = counts(rows)
    if not c:
        sys.exit("no scored decision in %s" % ", ".join(a.per_doc))
    out = ["system\tours tp\tours fp\tours fn\tours F1\tpaper tp\tpaper fp\tpaper F1\td tp\td fp\td F1"]
    for system in sorted(c, key=lambda s: (s != "reference", s)):
        k = c[system]["all"]
        relevant = k["tp"] + k["fn"]
        ours = f1(k["tp"], k["fp"], k["fn"])
        if system in PUBLISHED:
            p, r, pf = PUBLISHED[system]
            ptp, pfp = published_counts(p, r, c["reference"]["all"]["tp"] + c["reference"]["all"]["fn"]
                                        if "reference" in c else relevant)
            out.append("%s\t%d\t%d\t%d\t%.2f\t%d\t%d\t%.2f\t%+d\t%+d\t%+.2f" % (
                system, k["tp"], k["fp"], k["fn"], ours, ptp, pfp, pf, k["tp"] - ptp, k["fp"] - pfp, ours - pf))
        else:
            out.append("%s\t%d\t%d\t%d\t%.2f\t-\t-\t-\t-\t-\t-" % (system, k["tp"], k["fp"], k["fn"], ours))
    print("\n".join(out))
    if "reference" in c:
        print("\nreference by language: ours tp/fp/fn, paper tp/fp (the only split whose F1 rounds to the published one)")
        total_tp = total_fp = 0
        unique = True
        for lang in LANGS:
            k = c["reference"][lang]
            relevant = k["tp"] + k["fn"]
            if lang not in PUBLISHED_REFERENCE_LANG:
                continue
            d = decompositions(PUBLISHED_REFERENCE_LANG[lang], relevant)
            if len(d) != 1:
                unique = False
            paper = " or ".join("%d/%d" % x for x in d) or "none"
            if d:
                total_tp += d[0][0]
                total_fp += d[0][1]
            print("%s\tours %d/%d/%d F1 %.2f\tpaper %s F1 %.2f" % (
                lang, k["tp"], k["fp"], k["fn"], f1(k["tp"], k["fp"], k["fn"]), paper, PUBLISHED_REFERENCE_LANG[lang]))
        if unique and "reference" in PUBLISHED:
            p, r, _ = PUBLISHED["reference"]
            all_k = c["reference"]["all"]
            ptp, pfp = published_counts(p, r, all_k["tp"] + all_k["fn"])
            print("sum of the languages: tp %d fp %d; whole-corpus row: tp %d fp %d (%s)" % (
                total_tp, total_fp, ptp, pfp, "consistent" if (total_tp, total_fp) == (ptp, pfp) else "INCONSISTENT"))
    if a.fp_detail:
        fps = [r for r in rows if r["system"] == a.fp_detail and r.get("outcome") == "fp"]
        kinds = collections.Counter()
        names = collections.Counter()
        for r in fps:
            t = top_match(r)
            if t is None:
                kinds[(r["lang"], "no candidate")] += 1
                continue
            name, sub, score = t
            kind = "full" if sub.lower() == name.lower() else "partial"
            if score == a.threshold:
                kind += ", at threshold"
            kinds[(r["lang"], kind)] += 1
            names[(r["lang"], name)] += 1
        print("\nfalse positives of %s: %d" % (a.fp_detail, len(fps)))
        for (lang, kind), n in sorted(kinds.items()):
            print("%s\t%s\t%d" % (lang, kind, n))
        print("by best disease: " + ", ".join("%s %s %d" % (l, n, k) for (l, n), k in names.most_common(12)))


if __name__ == "__main__":
    main()
