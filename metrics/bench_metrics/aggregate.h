// aggregate: the ways other benchmarks average per-page scores, by name, so that a
// table can say exactly what the paper said.
//
//   - WCEB (Bevendorff et al. 2023, eval.py _agg_model_at_complexity), for each of
//     P, R, F1 (ROUGE-LSum) or the Levenshtein ratio: per dataset the mean and the
//     median of the pages; "micro" = mean and median over all pages of all datasets
//     pooled; "macro" = the mean of the dataset means and the median of the dataset
//     medians. pandas' median of an even count is the mean of the two middle values.
//   - Scrapinghub (evaluate.py): F1 of the mean P and the mean R, see shingle.h.
// Means here are exact and rounded once (py_stats.h python_mean); pandas sums
// pairwise, which differs at most in the last bits, far below the 3 printed decimals.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace detour::bench_metrics {

struct MeanMedian {
  double mean = 0, median = 0;
  std::size_t n = 0;
};

MeanMedian mean_median(std::span<const double> values);

struct WcebAggregate {
  std::vector<std::pair<std::string, MeanMedian>> datasets;  // in the given order
  MeanMedian micro, macro;
};

WcebAggregate wceb_aggregate(const std::vector<std::pair<std::string, std::vector<double>>>& per_dataset);

}  // namespace detour::bench_metrics
