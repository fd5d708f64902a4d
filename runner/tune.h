// tune: what the systems of a sweep score, and which setting to keep -- computed from
// a run's per-document counts (never by rescoring) with the statistics module.
//
// Both work on a run's records, live or read back from a run folder (results/
// run_records.h).
//
// Sweep table: for every group of a sweep (runner/sweep.h), every language and `all`,
// every setting and every metric of the run: the chosen statistic (micro F1 by
// default) with its percentile bootstrap interval over the documents (stats/stats.h),
// optionally on one part of a split only.
//
// Tuning (`detour tune`): the pages are split into dev and test (runner/split.h). For
// each group and each language (and `all`, one setting for every language), the
// setting with the best statistic on the dev pages is chosen (ties go to the default,
// then to the earlier grid point), and judged on the test pages against the group's
// default: both with bootstrap intervals, and their difference with the paired
// bootstrap and approximate randomization p-values (stats::Batch, the same numbers as
// stats::compare_paired). The verdict reads the larger of the two p-values, for a
// language after Holm's correction over the languages of the group (not `all`), and
// says so when a gain is significant alone but not after the correction. Pairing follows stats::pairing_rule(): a failed
// page counts as an empty output, a page excluded for either system is dropped.
#pragma once

#include <string>
#include <vector>

#include <filesystem>

#include "reports/table.h"
#include "results/run_records.h"
#include "runner/sweep.h"
#include "stats/stats.h"

namespace detour::harness {

struct TuneOptions {
  std::size_t metric = 0;  // index into the run's metrics (tuning only)
  stats::Statistic statistic = stats::Statistic::MicroF1;
  stats::BootstrapOptions bootstrap;
  stats::RandomizationOptions randomization;
  double alpha = 0.05;  // significance level of the verdicts
  unsigned threads = 0;
};

// One cell of a sweep table.
struct SweepCell {
  std::size_t documents = 0;
  stats::Interval value;  // the statistic, as a fraction
};
struct SweepTable {
  std::string target, base;
  std::vector<std::string> settings;          // axis names
  std::vector<std::string> systems;           // default first
  std::vector<RawSettings> values;            // per system, its axis values
  std::vector<std::string> langs;             // languages, then "all"
  std::vector<std::string> metrics;           // metric names
  // cells[system][lang][metric]
  std::vector<std::vector<std::vector<SweepCell>>> cells;
  std::string part;       // "" = every page, else the split part
  std::string statistic;  // "micro-f1"
  std::string signature;  // the run's score signature
  std::string bootstrap;  // the intervals' (stats::BootstrapOptions::signature())
};

// The sweep table of `group` over the pages with in_part[i] (every page when empty).
SweepTable sweep_table(const results::RunRecords& run, const SweepGroup& group, const std::vector<bool>& in_part,
                       const std::string& part_name, const TuneOptions& options);
// The tables (reports/table.h), one per group and metric: one row per setting (its
// name, the default first and marked, then its axis values), one column per language:
// the statistic in percent with its interval; the best of each column marked.
reports::Document sweep_document(const std::vector<SweepTable>& tables, const std::string& title);
// Writes DIR/sweep.{md,tsv,json} (every group, every page), atomically.
void write_sweep_tables(const std::filesystem::path& dir, const results::RunRecords& run, const std::vector<SweepGroup>& groups,
                        const TuneOptions& options);

struct TuneRow {
  std::string lang;  // a language or "all"
  std::size_t dev_documents = 0, test_documents = 0;
  std::string chosen;  // the system chosen on dev
  RawSettings chosen_values;
  double dev_chosen = 0, dev_default = 0;  // the statistic on dev
  stats::CellResult test_chosen, test_default;
  stats::PairedResult test_difference;  // chosen - default on test
  double p_holm = 1;                    // over the languages of the group (1 for `all`)
  std::string verdict;
};
struct TuneGroup {
  std::string target, base;
  std::vector<std::string> settings;
  RawSettings base_values;
  std::vector<TuneRow> rows;  // languages, then "all"
};
struct TuneReport {
  std::string metric, statistic, split_signature, signature;
  double alpha = 0.05;
  std::vector<TuneGroup> groups;
  std::vector<SweepTable> dev_tables;  // every setting on the dev pages, per group
};

// Tunes every group: `part[i]` is page i's part index, `dev` and `test` the indices
// of the dev and test parts. Throws UsageError when a language has no dev or no test
// page for some group (a split too small for it).
TuneReport tune(const results::RunRecords& run, const std::vector<SweepGroup>& groups, const std::vector<int>& part, int dev,
                int test, const std::string& split_signature, const TuneOptions& options);
// One table per group (reports/table.h): a row per language and `all`.
reports::Document tune_document(const TuneReport& report);

}  // namespace detour::harness
