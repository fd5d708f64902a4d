// aggregation: see aggregation.h.
#include "metrics/aggregation.h"

#include <cmath>

#include "base/errors.h"
#include "base/strings.h"
#include "metrics/bench_metrics/aggregate.h"
#include "metrics/bench_metrics/shingle.h"

namespace detour::metrics {

const std::vector<AggregationInfo>& aggregation_registry() {
  static const std::vector<AggregationInfo> table = {
      {"micro", "P/R/F1 of summed counts (with macro means of per-document values beside)"},
      {"f1-of-means", "F1 of the mean P and mean R, accuracy, bootstrap stds (Scrapinghub evaluate.py)"},
      {"mean-median", "mean and median per dataset, micro (pooled) and macro (of datasets) (WCEB eval.py)"},
  };
  return table;
}

const AggregationInfo& find_aggregation(std::string_view name) {
  for (const auto& a : aggregation_registry())
    if (a.name == name) return a;
  std::vector<std::string> known;
  for (const auto& a : aggregation_registry()) known.emplace_back(a.name);
  throw UsageError(unknown_name_message("aggregation", name, known));
}

std::string aggregation_signature(std::string_view name, const AggregationOptions& o) {
  if (name == "f1-of-means")
    return "agg:f1-of-means|bs:" + std::to_string(o.resamples) + "|seed:" + std::to_string(o.seed) +
           "|rng:python-mt19937";
  if (name == "mean-median") return "agg:mean-median|median:pandas";
  return "agg:micro+macro";
}

namespace {

int value_index(const MetricInfo& m, std::string_view name) {
  for (std::size_t k = 0; k < m.value_names.size(); ++k)
    if (m.value_names[k] == name) return static_cast<int>(k);
  return -1;
}

double value_or(const DocScore& d, int k, double fallback) {
  return k >= 0 && static_cast<std::size_t>(k) < d.values.size() ? d.values[static_cast<std::size_t>(k)] : fallback;
}

}  // namespace

F1OfMeans f1_of_means(const MetricInfo& m, const std::vector<const DocScore*>& docs, const AggregationOptions& o) {
  const int has_p = value_index(m, "has_precision"), has_r = value_index(m, "has_recall"),
            acc = value_index(m, "accuracy");
  std::vector<bench_metrics::ShinglePage> pages;
  pages.reserve(docs.size());
  for (const DocScore* d : docs) {
    const PRFValues v = doc_prf(m, *d);
    if (std::isnan(v.precision) || std::isnan(v.recall)) continue;
    bench_metrics::ShinglePage p;
    p.precision = v.precision;
    p.recall = v.recall;
    p.has_precision = value_or(*d, has_p, 1.0) != 0;
    p.has_recall = value_or(*d, has_r, 1.0) != 0;
    p.accuracy = value_or(*d, acc, 0.0);
    pages.push_back(p);
  }
  const bench_metrics::ShingleSummary s = bench_metrics::shingle_summary(pages, o.resamples, o.seed);
  F1OfMeans r;
  r.f1 = s.f1;
  r.precision = s.precision;
  r.recall = s.recall;
  r.f1_std = s.f1_std;
  r.precision_std = s.precision_std;
  r.recall_std = s.recall_std;
  r.has_accuracy = acc >= 0;
  if (r.has_accuracy) {
    r.accuracy = s.accuracy;
    r.accuracy_std = s.accuracy_std;
  }
  r.documents = s.pages;
  r.precision_documents = s.precision_pages;
  r.recall_documents = s.recall_pages;
  return r;
}

std::vector<MeanMedian3> mean_median(const MetricInfo& m,
                                     const std::vector<std::pair<std::string, std::vector<const DocScore*>>>& groups) {
  std::vector<std::pair<std::string, std::vector<double>>> per[3];
  for (const auto& [name, docs] : groups) {
    for (auto& p : per) p.emplace_back(name, std::vector<double>{});
    for (const DocScore* d : docs) {
      const PRFValues v = doc_prf(m, *d);
      const double x[3] = {v.precision, v.recall, v.f1};
      if (std::isnan(x[2])) continue;
      for (int k = 0; k < 3; ++k) per[k].back().second.push_back(x[k]);
    }
  }
  bench_metrics::WcebAggregate agg[3];
  for (int k = 0; k < 3; ++k) agg[k] = bench_metrics::wceb_aggregate(per[k]);
  std::vector<MeanMedian3> rows(groups.size() + 2);
  for (std::size_t g = 0; g < rows.size(); ++g) {
    MeanMedian3& row = rows[g];
    for (int k = 0; k < 3; ++k) {
      const bench_metrics::MeanMedian& mm = g < groups.size()       ? agg[k].datasets[g].second
                                            : g == groups.size() ? agg[k].micro
                                                                  : agg[k].macro;
      row.mean[k] = mm.mean;
      row.median[k] = mm.median;
      row.documents = mm.n;
    }
    row.group = g < groups.size() ? groups[g].first : g == groups.size() ? "micro" : "macro";
  }
  return rows;
}

}  // namespace detour::metrics
