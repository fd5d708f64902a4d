// aggregation: the named ways of averaging per-document scores, so that a table can
// say exactly what a paper said. Everything is computed from the stored per-document
// scores (DocScore), never by rescoring.
//
//   micro        detour's default: micro = P/R/F1 of the summed counts, with macro =
//                means of per-document P/R/F1 beside it (metric.h aggregate()).
//   f1-of-means  the Scrapinghub benchmark's (evaluate.py): P = mean of per-document
//                precision over the documents that have one (shingle: tp + fp > 0),
//                R likewise (tp + fn > 0), F1 = 2PR/(P+R) of those means (not a mean
//                of F1s), accuracy = mean of the per-document accuracy (metrics that
//                have one); each with the standard deviation of `resamples` bootstrap
//                resamples of the documents drawn as Python's random.randint after
//                random.seed(seed) draws them (bench_metrics/shingle.h).
//   mean-median  WCEB's (eval.py _agg_model_at_complexity): per dataset (per language
//                when the corpus has no datasets; one group otherwise) the mean and
//                the median of per-document P, R and F1; "micro" = the mean and median
//                over the documents of every group pooled; "macro" = the mean of the
//                group means and the median of the group medians.
// Documents whose value is NaN (teds on trees too large) are left out.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "metrics/metric.h"

namespace detour::metrics {

struct AggregationInfo {
  std::string_view name;
  std::string_view description;
};

const std::vector<AggregationInfo>& aggregation_registry();
// Throws UsageError naming the known ones.
const AggregationInfo& find_aggregation(std::string_view name);

struct AggregationOptions {
  int resamples = 1000;
  std::uint64_t seed = 12345;
};

// "agg:f1-of-means|bs:1000|seed:12345|rng:python-mt19937", "agg:mean-median", "agg:micro+macro".
std::string aggregation_signature(std::string_view name, const AggregationOptions& opts);

struct F1OfMeans {
  double f1 = 0, precision = 0, recall = 0, accuracy = 0;
  double f1_std = 0, precision_std = 0, recall_std = 0, accuracy_std = 0;
  bool has_accuracy = false;
  std::size_t documents = 0, precision_documents = 0, recall_documents = 0;
};
F1OfMeans f1_of_means(const MetricInfo& m, const std::vector<const DocScore*>& docs, const AggregationOptions& opts);

struct MeanMedian3 {
  std::string group;
  std::size_t documents = 0;
  double mean[3] = {0, 0, 0};    // P, R, F1
  double median[3] = {0, 0, 0};
};
// One row per group (in the given order), then "micro" and "macro".
std::vector<MeanMedian3> mean_median(const MetricInfo& m,
                                     const std::vector<std::pair<std::string, std::vector<const DocScore*>>>& groups);

}  // namespace detour::metrics
