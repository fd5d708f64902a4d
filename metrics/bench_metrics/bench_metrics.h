// bench_metrics: the scoring kernels of today's web-content-extraction benchmarks,
// reproduced exactly (per page, and aggregated as each original aggregates), as pure
// functions of (gold text, output text), so that detour can place an extractor
// against their published numbers. One include for all of them:
//
//   rouge_lsum.h  ROUGE-LSum P/R/F1 per page as rouge-score 0.1.2 computes it
//                 (RougeLsumOptions::rouge_score_default(): newline sentences,
//                 DefaultTokenizer; ::wceb(model): WCEB's setting, Punkt sentences,
//                 whitespace tokens, blank-gold rule); summary_level_lcs() on
//                 pre-tokenised sentences; wceb_levenshtein_ratio(); signatures.
//   punkt.h       NLTK 3.8 Punkt sentence splitting with a punkt_tab model folder.
//   shingle.h     Scrapinghub article-extraction-benchmark: shingle_page() per page,
//                 shingle_summary() = its table row (F1 of mean P and R, accuracy,
//                 seeded bootstrap std as Python's random draws it).
//   bow.h         bag-of-words P/R/F1 over lower-cased \w+ tokens, with counts.
//   aggregate.h   WCEB's per-dataset / micro / macro mean and median.
//   tokens.h, py_unicode.h, py_stats.h, lcs_kernels.h: the Python-exact building
//                 blocks (tokenisers and character classes, statistics.mean,
//                 random.randint, bit-parallel LCS with rouge-score's backtracking).
//
// Everything is deterministic and thread-safe on const inputs (a PunktModel is
// read-only once loaded). Parity and speed: scripts/bench_metrics/README.md.
#pragma once

#include "metrics/bench_metrics/aggregate.h"
#include "metrics/bench_metrics/bow.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/bench_metrics/rouge_lsum.h"
#include "metrics/bench_metrics/shingle.h"
