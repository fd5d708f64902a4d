#include "metrics/bench_metrics/aggregate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "metrics/bench_metrics/py_stats.h"

namespace detour::bench_metrics {

MeanMedian mean_median(std::span<const double> values) {
  MeanMedian m;
  m.n = values.size();
  if (values.empty()) {
    m.mean = m.median = std::numeric_limits<double>::quiet_NaN();
    return m;
  }
  m.mean = python_mean(values);
  std::vector<double> v(values.begin(), values.end());
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  m.median = v.size() % 2 ? v[h] : (v[h - 1] + v[h]) / 2;
  return m;
}

WcebAggregate wceb_aggregate(const std::vector<std::pair<std::string, std::vector<double>>>& per_dataset) {
  WcebAggregate a;
  std::vector<double> pooled, means, medians;
  for (const auto& [name, values] : per_dataset) {
    const MeanMedian m = mean_median(values);
    a.datasets.emplace_back(name, m);
    pooled.insert(pooled.end(), values.begin(), values.end());
    if (m.n) {
      means.push_back(m.mean);
      medians.push_back(m.median);
    }
  }
  a.micro = mean_median(pooled);
  a.macro.n = means.size();
  a.macro.mean = mean_median(means).mean;
  a.macro.median = mean_median(medians).median;
  return a;
}

}  // namespace detour::bench_metrics
