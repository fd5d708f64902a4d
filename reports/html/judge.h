// judge: the verdicts the report prints beside a run's aggregates, computed from the
// per-document counts with the statistics module (stats/stats.h): a percentile
// bootstrap interval on every micro precision, recall and F1 of Table 2, the best
// system of each (language, metric) cell by micro F1 with the systems tied with it
// (reports::best_and_ties with the run's judgment settings: the rule of every verdict,
// reports/judge.h, so that the marks are the ties of the run's table4.*), and the
// per-cell differences between two runs with their paired intervals.
//
// Baselines (GOLD, ALL, NONE, chains with them, the run's --baselines) get intervals
// but never win and are never tied.
// Only the metrics whose per-document values come from counts (metrics::PerDoc::
// kCounts) get intervals; the others are shown as recorded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reports/html/report_run.h"

namespace detour::reports::html {

struct JudgeOptions {
  std::uint32_t resamples = 1000;  // of the intervals (0: none); ties follow the run's settings
  std::uint64_t seed = 12345;
  double alpha = 0.05;
  unsigned threads = 0;            // 0: oneTBB's default
};

struct CellVerdict {
  std::size_t documents = 0;
  double p = 0, r = 0, f1 = 0;                 // micro, percentages
  double p_lo = 0, p_hi = 0, r_lo = 0, r_hi = 0, f1_lo = 0, f1_hi = 0;
  bool has_interval = false;
  bool best = false, tied = false, baseline = false;
};

// [language][metric][system]; languages are the run's, sorted, then "all".
struct RunVerdicts {
  std::vector<std::string> languages;
  std::vector<std::vector<std::vector<CellVerdict>>> cells;
  std::string signature;  // the intervals' bootstrap's, "" without intervals
  std::string tie_rule;   // the rule of best and ties, with its signature, for the report
};

RunVerdicts judge_run(const ReportRun& run, const JudgeOptions& options);

// The difference b - a of micro F1 (and P, R) of each (system, language, metric)
// present in both runs, on the pages both scored (paired by language and id).
struct CellDelta {
  std::string system, language, metric;
  std::size_t documents = 0;
  double a = 0, b = 0, delta = 0, lo = 0, hi = 0, p = 1;  // F1 percentages; p two-sided
};
struct RunDeltas {
  std::vector<CellDelta> cells;
  std::string signature;
  std::string pairing;
};
RunDeltas compare_runs(const ReportRun& a, const ReportRun& b, const JudgeOptions& options);

// True for the trivial baselines (GOLD, ALL, NONE).
bool is_baseline(const std::string& system);

}  // namespace detour::reports::html
