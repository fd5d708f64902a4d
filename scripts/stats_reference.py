#!/usr/bin/python3
"""Independent reference for detour's statistics module (stats/), computed with
scipy: the values the differential test (tests/stats_scipy_test.cc) checks ours
against, on per-document counts of a detour run.

Two steps:

  stats_reference.py extract --per-doc RUN/per_doc.tsv --cells SYS:LANG:METRIC,... --out CELLS
      writes the per-document counts of the listed cells (documents sorted by id, the
      same order for every cell of a language) in the fixture format:
          cell <TAB> system <TAB> lang <TAB> metric <TAB> rule <TAB> n
          tp fp fn          (n lines)

  stats_reference.py compute --cells CELLS --pairs A/B:LANG:METRIC,... --out VALUES
          [--resamples 50000] [--trials 50000] [--seed 1]
      computes with scipy, for every cell and each of micro/macro P, R, F1, the
      percentile bootstrap interval (scipy.stats.bootstrap, method='percentile'), and
      for every pair and micro-f1 and macro-f1: the paired bootstrap interval of the
      difference (bootstrap with paired=True), the shift-method p-value computed from
      scipy's bootstrap distribution, and the approximate randomization p-value
      (scipy.stats.permutation_test, permutation_type='samples', statistic |a - b|,
      alternative='greater': p = (extremes + 1) / (trials + 1)). Each value comes with
      its Monte-Carlo standard error:
        - interval endpoint (q-quantile of B resamples): half the distance between the
          order statistics at ranks q (B - 1) -/+ sqrt(B q (1 - q)) of scipy's
          bootstrap distribution (the distribution-free standard error of a sample
          quantile);
        - p-value from T draws: sqrt(p (1 - p) / T).
      Lines: kind <TAB> name <TAB> statistic <TAB> end <TAB> value <TAB> se, after a
      line "meta resamples B trials T seed S alpha A".

Micro statistics are computed from summed counts of the resampled documents (the
statistic receives arrays of document indices and sums the counts), macro statistics
are means of per-document values. Zero rules as metrics::prf: CleanEval (tm, tag,
tmu) turns zero denominators into 1; the others give P = 1 when nothing was
extracted and R = 1 when the gold is empty.

Run with Debian's python3 (python3-scipy); it is not needed at test time.
"""
import argparse
import math
import sys

import numpy as np
import scipy
from scipy import stats

CLEANEVAL_METRICS = {"tm", "tag", "tmu"}
STATISTICS = ["micro-p", "micro-r", "micro-f1", "macro-p", "macro-r", "macro-f1"]
PAIR_STATISTICS = ["micro-f1", "macro-f1"]


def prf(tp, fp, fn, rule):
    """Vectorized metrics::prf."""
    tp = np.asarray(tp, dtype=np.float64)
    fp = np.asarray(fp, dtype=np.float64)
    fn = np.asarray(fn, dtype=np.float64)
    if rule == "cleaneval":
        p = tp / np.where(tp + fp > 0, tp + fp, 1.0)
        r = tp / np.where(tp + fn > 0, tp + fn, 1.0)
    else:
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(tp + fp > 0, tp / (tp + fp), 1.0)
            r = np.where(tp + fn > 0, tp / (tp + fn), 1.0)
    s = p + r
    f = 2 * p * r / np.where(s > 0, s, 1.0)
    return p, r, f


def fail(msg):
    sys.exit("stats_reference.py: " + msg)


def extract(args):
    wanted = [c.split(":") for c in args.cells.split(",") if c]
    for w in wanted:
        if len(w) != 3:
            fail("cell '%s' is not SYSTEM:LANG:METRIC" % ":".join(w))
    keys = {tuple(w) for w in wanted}
    rows = {k: {} for k in keys}
    try:
        with open(args.per_doc, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            if header[:8] != ["system", "lang", "id", "status", "metric", "tp", "fp", "fn"]:
                fail("%s: not a per_doc.tsv (header %s)" % (args.per_doc, header))
            for line in f:
                system, lang, doc, status, metric, tp, fp, fn = line.rstrip("\n").split("\t")[:8]
                key = (system, lang, metric)
                if key in rows:
                    if status != "ok":
                        fail("%s: document %s of %s has status %s" % (args.per_doc, doc, key, status))
                    rows[key][doc] = (int(tp), int(fp), int(fn))
    except OSError as e:
        fail("%s: %s" % (args.per_doc, e.strerror))
    by_lang = {}
    for system, lang, metric in wanted:
        if not rows[(system, lang, metric)]:
            fail("%s: no documents for %s:%s:%s" % (args.per_doc, system, lang, metric))
        ids = sorted(rows[(system, lang, metric)])
        if by_lang.setdefault(lang, ids) != ids:
            fail("cells of language %s cover different documents" % lang)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# per-document counts of DANIEL cells from a detour run's per_doc.tsv "
                  "(scripts/stats_reference.py extract); documents sorted by id\n")
        for system, lang, metric in wanted:
            docs = rows[(system, lang, metric)]
            rule = "cleaneval" if metric in CLEANEVAL_METRICS else "empty"
            out.write("cell\t%s\t%s\t%s\t%s\t%d\n" % (system, lang, metric, rule, len(docs)))
            for doc in sorted(docs):
                out.write("%d %d %d\n" % docs[doc])


def read_cells(path):
    cells = {}
    with open(path, encoding="utf-8") as f:
        lines = [l.rstrip("\n") for l in f if not l.startswith("#")]
    i = 0
    while i < len(lines):
        head = lines[i].split("\t")
        if head[0] != "cell" or len(head) != 6:
            fail("%s: line %d: expected a cell header" % (path, i + 1))
        n = int(head[5])
        counts = np.array([[int(x) for x in l.split()] for l in lines[i + 1:i + 1 + n]], dtype=np.int64)
        cells["%s:%s:%s" % tuple(head[1:4])] = (head[4], counts)
        i += 1 + n
    return cells


class Cell:
    """Per-document counts and per-document P, R, F1 of one cell."""

    def __init__(self, rule, counts):
        self.rule = rule
        self.counts = counts
        self.values = np.stack(prf(counts[:, 0], counts[:, 1], counts[:, 2], rule), axis=1)

    def statistic(self, name, idx):
        """The statistic over the documents idx (any shape, documents on the last axis)."""
        k = STATISTICS.index(name)
        if k < 3:
            s = self.counts[idx].sum(axis=-2)  # (..., 3)
            return prf(s[..., 0], s[..., 1], s[..., 2], self.rule)[k]
        return self.values[idx, k - 3].mean(axis=-1)


def quantile_se(dist, q):
    """Distribution-free standard error of the q-quantile of the sample dist."""
    d = np.sort(dist)
    b = len(d)
    s = math.sqrt(b * q * (1 - q))
    lo = max(0, int(math.floor(q * (b - 1) - s)))
    hi = min(b - 1, int(math.ceil(q * (b - 1) + s)))
    return (d[hi] - d[lo]) / 2


def p_se(p, trials):
    return math.sqrt(p * (1 - p) / trials)


def compute(args):
    cells = {k: Cell(*v) for k, v in read_cells(args.cells).items()}
    alpha = args.alpha
    rng_index = [0]

    def rng():
        rng_index[0] += 1
        return np.random.default_rng([args.seed, rng_index[0]])

    out = open(args.out, "w", encoding="utf-8")
    out.write("# scipy %s, numpy %s: bootstrap(method='percentile', n_resamples=%d, confidence_level=%g), "
              "permutation_test(permutation_type='samples', n_resamples=%d) "
              "(scripts/stats_reference.py compute --seed %d)\n"
              % (scipy.__version__, np.__version__, args.resamples, 1 - alpha, args.trials, args.seed))
    out.write("meta\tresamples\t%d\ttrials\t%d\tseed\t%d\talpha\t%g\n" % (args.resamples, args.trials, args.seed, alpha))
    out.write("kind\tname\tstatistic\tend\tvalue\tse\n")

    for name, cell in cells.items():
        n = len(cell.counts)
        for st in STATISTICS:
            res = stats.bootstrap((np.arange(n),), lambda i, axis=-1: cell.statistic(st, i), vectorized=True,
                                  n_resamples=args.resamples, batch=1000, method="percentile",
                                  confidence_level=1 - alpha, random_state=rng())
            dist = res.bootstrap_distribution
            out.write("ci\t%s\t%s\tlo\t%.17g\t%.6g\n" % (name, st, res.confidence_interval.low,
                                                          quantile_se(dist, alpha / 2)))
            out.write("ci\t%s\t%s\thi\t%.17g\t%.6g\n" % (name, st, res.confidence_interval.high,
                                                          quantile_se(dist, 1 - alpha / 2)))

    for pair in [p for p in args.pairs.split(",") if p]:
        systems, lang, metric = pair.split(":")
        a_name, b_name = systems.split("/")
        a = cells["%s:%s:%s" % (a_name, lang, metric)]
        b = cells["%s:%s:%s" % (b_name, lang, metric)]
        n = len(a.counts)
        if len(b.counts) != n:
            fail("pair %s: %d and %d documents" % (pair, n, len(b.counts)))
        both = Cell.__new__(Cell)  # the 2n documents of both systems, for the swaps
        both.rule = a.rule
        both.counts = np.concatenate([a.counts, b.counts])
        both.values = np.concatenate([a.values, b.values])
        for st in PAIR_STATISTICS:
            def delta(i, j, axis=-1):
                return a.statistic(st, i) - b.statistic(st, j)

            res = stats.bootstrap((np.arange(n), np.arange(n)), delta, paired=True, vectorized=True,
                                  n_resamples=args.resamples, batch=1000, method="percentile",
                                  confidence_level=1 - alpha, random_state=rng())
            dist = res.bootstrap_distribution
            out.write("delta\t%s\t%s\tlo\t%.17g\t%.6g\n" % (pair, st, res.confidence_interval.low,
                                                             quantile_se(dist, alpha / 2)))
            out.write("delta\t%s\t%s\thi\t%.17g\t%.6g\n" % (pair, st, res.confidence_interval.high,
                                                             quantile_se(dist, 1 - alpha / 2)))
            d0 = float(delta(np.arange(n), np.arange(n)))
            bound = abs(d0) - max(1e-14, abs(1e-14 * d0))
            p_bs = (np.count_nonzero(np.abs(dist - d0) >= bound) + 1) / (len(dist) + 1)
            out.write("p_bootstrap\t%s\t%s\t-\t%.17g\t%.6g\n" % (pair, st, p_bs, p_se(p_bs, args.resamples)))

            def abs_delta(x, y, axis=-1):
                return np.abs(both.statistic(st, x) - both.statistic(st, y))

            res = stats.permutation_test((np.arange(n), np.arange(n) + n), abs_delta, permutation_type="samples",
                                         vectorized=True, n_resamples=args.trials, batch=1000,
                                         alternative="greater", random_state=rng())
            out.write("p_randomization\t%s\t%s\t-\t%.17g\t%.6g\n" % (pair, st, res.pvalue,
                                                                     p_se(res.pvalue, args.trials)))
    out.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract")
    e.add_argument("--per-doc", required=True)
    e.add_argument("--cells", required=True)
    e.add_argument("--out", required=True)
    c = sub.add_parser("compute")
    c.add_argument("--cells", required=True)
    c.add_argument("--pairs", default="")
    c.add_argument("--out", required=True)
    c.add_argument("--resamples", type=int, default=50000)
    c.add_argument("--trials", type=int, default=50000)
    c.add_argument("--alpha", type=float, default=0.05)
    c.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    extract(args) if args.command == "extract" else compute(args)


if __name__ == "__main__":
    main()
