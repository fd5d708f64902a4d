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
            tokenizers/punkt/english.pickle; or --punkt-tab DIR, a punkt_tab folder
            (abbrev_types.txt, collocations.tab, sent_starters.txt, ortho_context.tab)
            whose parameters are loaded into NLTK's own PunktSentenceTokenizer, which
            then serves as nltk.sent_tokenize (used for the committed test fixture,
            whose model is a small hand-written one); or --punkt-json FILE, the same
            parameters as Debian ships NLTK's English model (rougelsum's default).
  punkt     not a score: where nltk.sent_tokenize cuts gold and output, as JSON lists
            of [begin, end] code-point offsets (span_tokenize of the same tokenizer),
            to compare the sentence splitter alone.

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
    ap.add_argument("--punkt-tab", default="")
    ap.add_argument("--punkt-json", default="",
                    help="the same parameters as one JSON file (the shape of Debian's "
                         "golang-gopkg-neurosnap-sentences.v1-dev data/english.json)")
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
    if args.punkt_tab or args.punkt_json:
        from nltk.tokenize import punkt  # noqa: E402
        params = punkt.PunktParameters()
        if args.punkt_json:
            with open(args.punkt_json, encoding="utf-8") as f:
                model = json.load(f)
            params.abbrev_types = set(model["AbbrevTypes"])
            params.sent_starters = set(model["SentStarters"])
            params.collocations = set(tuple(k.split(",", 1)) for k in model["Collocations"])
            for typ, flags in model["OrthoContext"].items():
                params.ortho_context[typ] |= int(flags)
        else:
            def lines(name):
                with open(os.path.join(args.punkt_tab, name), encoding="utf-8", newline="\n") as f:
                    return [x[:-1] if x.endswith("\n") else x for x in f]

            params.abbrev_types = set(lines("abbrev_types.txt"))
            params.sent_starters = set(lines("sent_starters.txt"))
            params.collocations = set(tuple(x.split("\t")) for x in lines("collocations.tab"))
            for x in lines("ortho_context.tab"):
                typ, flags = x.split("\t")
                params.ortho_context[typ] |= int(flags)
        tiny = punkt.PunktSentenceTokenizer(params)
        nltk.sent_tokenize = tiny.tokenize
        sentence_spans = tiny.span_tokenize
    else:
        def sentence_spans(text):
            return nltk.data.load("tokenizers/punkt/english.pickle").span_tokenize(text)
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
    c0 = time.process_time()
    for p in pairs:
        gold, output = p["gold"], p["output"]
        if args.mode == "punkt":
            spans = [json.dumps([list(s) for s in sentence_spans(t)]) for t in (gold, output)]
            out.append("%s\t%s\t%s" % (p["id"], spans[0], spans[1]))
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
    cpu = time.process_time() - c0
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    print(f"rouge-score {args.mode}: scored {len(pairs)} pairs in {secs:.3f} s wall, {cpu:.3f} s CPU (reading excluded)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
