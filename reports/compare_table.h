// compare_table: `detour compare` -- two systems' per-document records side by side:
// per (language, metric) cell the two values, the paired difference (second - first)
// with its bootstrap confidence interval, the paired bootstrap and approximate
// randomization p-values and the Holm-adjusted p over the table's comparisons; then
// the pages that moved most (largest change of per-document F1 under one metric),
// worst first. Pairing follows stats::pairing_rule(): documents scored for both
// (failed pages count as empty outputs), excluded ones dropped.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "reports/judge.h"
#include "reports/table.h"
#include "results/run_records.h"

namespace detour::reports {

// One side of a comparison: a system of a run.
struct CompareSide {
  std::string label;  // shown in headers: "BP", "BP (run A)"
  const results::RunRecords* run = nullptr;
  const results::SystemRecords* system = nullptr;
};

struct CompareOptions {
  std::vector<std::string> languages;  // language keys; empty: those of both sides, then "all"
  std::vector<std::string> metrics;    // metric names; empty: those both sides scored
  stats::Statistic statistic = stats::Statistic::MicroF1;
  std::string by;           // metric of the moved-pages table; "" = the first compared
  std::size_t top = 10;     // pages listed (0: no page table)
  JudgeOptions judge;
  IntervalStyle intervals = IntervalStyle::Bounds;
  std::vector<std::string> notes;  // added below the first table (e.g. why corpora differ)
};

// Throws UsageError when a requested language or metric is absent from either side.
Document compare_document(const CompareSide& first, const CompareSide& second, const CompareOptions& options);

}  // namespace detour::reports
