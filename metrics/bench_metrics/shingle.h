// shingle: the measure of Scrapinghub's article-extraction-benchmark (evaluate.py,
// 2019-2025; 181 pages, `articleBody` of ground-truth.json against each system's
// output/*.json), per page and aggregated exactly as it does.
//
// Per page (string_shingle_matching, ngram_n = 4):
//   - tokens: re.findall(r'\w+', text) (case kept; tokens.h word_tokens);
//   - shingles: the token 4-grams, as a multiset; a text of 1 to 3 tokens has one
//     shorter shingle (all its tokens), an empty text none;
//   - over the union of shingles: tp += min(true, pred), fp += max(0, pred - true),
//     fn += max(0, true - pred); then tp, fp, fn are divided by their sum (when it is
//     positive) "so that longer texts do not have more weight";
//   - precision: 1 if fp == fn == 0, 0 if tp == fp == 0, else tp / (tp + fp);
//     recall: 1 if fp == fn == 0, 0 if tp == fn == 0, else tp / (tp + fn);
//   - accuracy: 1 when the two token lists are equal, else 0.
// Aggregate (metrics_from_tp_fp_fns, evaluate):
//   - precision = mean over the pages with tp + fp > 0 of their precision; recall =
//     mean over the pages with tp + fn > 0; F1 = 2 P R / (P + R) of those means (not
//     a mean of per-page F1); accuracy = mean over all pages;
//   - each with a bootstrap standard deviation: 1000 resamples (--n-bootstrap) of the
//     pages with replacement (random.randint), the four aggregates recomputed on each,
//     statistics.stdev of each. evaluate.py never seeds `random` (the published
//     stds come from an unseeded run); here the resamples are drawn by PyRandom from
//     an explicit seed, the same draws as evaluate.py after random.seed(seed).
// Means are statistics.mean's (exact, rounded once: py_stats.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace detour::bench_metrics {

struct ShinglePage {
  // Raw multiset counts and their normalised values (tp + fp + fn = 1, or all 0).
  std::uint64_t tp_count = 0, fp_count = 0, fn_count = 0;
  double tp = 0, fp = 0, fn = 0;
  double precision = 0, recall = 0;
  bool has_precision = false;  // tp + fp > 0: counted in the precision mean
  bool has_recall = false;     // tp + fn > 0: counted in the recall mean
  double accuracy = 0;         // 1.0 when the token lists are equal
};

// One page: `gold` = ground truth articleBody, `output` = the system's.
ShinglePage shingle_page(std::string_view gold, std::string_view output, int ngram_n = 4);

struct ShingleSummary {
  double f1 = 0, precision = 0, recall = 0, accuracy = 0;
  double f1_std = 0, precision_std = 0, recall_std = 0, accuracy_std = 0;
  std::size_t pages = 0, precision_pages = 0, recall_pages = 0;
  int n_bootstrap = 0;
  std::uint64_t seed = 0;
};

// The aggregate of evaluate.py over per-page results, in page order (the order
// matters only for which pages a seeded resample draws). A mean over no page is NaN
// (evaluate.py raises there), and so is F1 when P + R = 0.
ShingleSummary shingle_summary(std::span<const ShinglePage> pages, int n_bootstrap = 1000,
                               std::uint64_t seed = 0);

// "shingle|ref=scrapinghub-evaluate.py|n=4|tokens=re-w+|agg=f1-of-means|bootstrap=1000|seed=0|rng=python-mt19937"
std::string shingle_signature(int n_bootstrap, std::uint64_t seed);

}  // namespace detour::bench_metrics
