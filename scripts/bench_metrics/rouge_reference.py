#!/usr/bin/env python3
"""Reference values of ROUGE-LSum from Google's rouge-score itself, run from its
source outside this repository, on (gold, output) pairs (JSON lines {"id", "gold",
"output"}, as make_pairs.py writes them). Writes "id<TAB>precision<TAB>recall<TAB>f1"
(repr of the floats) per pair and, on stderr, the time spent scoring.

Modes:
  default   RougeScorer(['rougeLsum']): newline split, DefaultTokenizer, no stemming.
  lines-ws  RougeScorer(['rougeLsum'], tokenizer=<WCEB's tokenize_ws>).
  wceb      as WCEB's eval.rouge_eval: RougeScorer(['rougeLsum'], use_stemmer=False,
            split_summaries=True, tokenizer=<WCEB's tokenize_ws>), then its override
            for a blank gold (recall 1; precision and F1 1 too if the output is blank).
            nltk.sent_tokenize needs the Punkt English model: --nltk-data DIR holding
            tokenizers/punkt/english.pickle.
  punkt     not a score: the sentences nltk.sent_tokenize returns for gold and output
            (JSON lists), to compare the sentence splitter alone.

Usage: rouge_reference.py --rouge-src DIR (holding the rouge package) --wceb-src DIR
       (holding the extraction_benchmark package) [--nltk-data DIR] --mode M PAIRS.jsonl
Debian: apt-get install python3-nltk python3-absl python3-six python3-numpy.
"""
import argparse
import json
import os
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rouge-src", required=True)
    ap.add_argument("--wceb-src", required=True)
    ap.add_argument("--nltk-data", default="")
    ap.add_argument("--mode", choices=["default", "lines-ws", "wceb", "punkt"], required=True)
    ap.add_argument("pairs")
    args = ap.parse_args()
    if args.nltk_data:
        os.environ["NLTK_DATA"] = args.nltk_data
    sys.path.insert(0, args.rouge_src)
    sys.path.insert(0, args.wceb_src)
    import nltk  # noqa: E402
    if args.nltk_data:
        nltk.data.path.insert(0, args.nltk_data)
    from rouge import rouge_scorer, tokenizers  # noqa: E402
    from extraction_benchmark.util import tokenize_ws  # noqa: E402

    class WhitespaceTokenizer(tokenizers.Tokenizer):
        def tokenize(self, text):
            return tokenize_ws(text)

    if args.mode == "default":
        scorer = rouge_scorer.RougeScorer(["rougeLsum"])
    elif args.mode == "lines-ws":
        scorer = rouge_scorer.RougeScorer(["rougeLsum"], tokenizer=WhitespaceTokenizer())
    else:
        scorer = rouge_scorer.RougeScorer(["rougeLsum"], use_stemmer=False, split_summaries=True,
                                          tokenizer=WhitespaceTokenizer())

    with open(args.pairs, encoding="utf-8") as f:
        pairs = [json.loads(line) for line in f if line.strip()]
    out = []
    t0 = time.perf_counter()
    for p in pairs:
        gold, output = p["gold"], p["output"]
        if args.mode == "punkt":
            out.append("%s\t%s\t%s" % (p["id"], json.dumps(nltk.sent_tokenize(gold), ensure_ascii=False),
                                       json.dumps(nltk.sent_tokenize(output), ensure_ascii=False)))
            continue
        s = scorer.score(gold, output)["rougeLsum"]
        prec, rec, f1 = s.precision, s.recall, s.fmeasure
        if args.mode == "wceb" and gold.strip() == "":
            rec = 1.0
            if output.strip() == "":
                prec = 1.0
                f1 = 1.0
        out.append("%s\t%r\t%r\t%r" % (p["id"], float(prec), float(rec), float(f1)))
    secs = time.perf_counter() - t0
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    print(f"rouge-score {args.mode}: scored {len(pairs)} pairs in {secs:.3f} s (reading excluded)", file=sys.stderr)


if __name__ == "__main__":
    main()
