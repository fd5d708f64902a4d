// tables: the tables of Lejeune, Brixtel & Lecluze (TALN 2015) built from the
// per-document records of a run (reports/table.h renders them).
//  - Table 2: per language and `all`, one row per system, columns metric x P, R, F1
//    (micro-averaged percentages), with confidence intervals when the records have
//    them (ScoreSet::intervals, filled by reports/judge.h store_intervals).
//  - Table 4, a judgment: per language and metric, the best system by micro F1 among
//    the systems that are not baselines (baselines never win), and the systems tied
//    with it: not significantly different by the rule of every verdict (the paired
//    approximate randomization test per pair, p >= alpha; reports/judge.h,
//    best_and_ties).
#pragma once

#include <string>
#include <vector>

#include "reports/table.h"
#include "results/provenance.h"
#include "results/results.h"
#include "results/run_records.h"

namespace detour::reports {

// One system of a table: its name and its scored documents (which outlive the call).
struct SystemScores {
  std::string name;
  const results::ScoreSet* scores = nullptr;
  bool baseline = false;  // a trivial baseline: listed, never ranked (Table 4)
};

// The baselines every table knows: GOLD, ALL, NONE.
const std::vector<std::string>& default_baselines();
// Whether a system is a baseline: its name, or one of its chain's stages, is GOLD,
// ALL, NONE or one of `extra`.
bool is_baseline(const std::string& name, const std::vector<std::string>& extra = {});

struct TableOptions {
  // Language keys to show ("all" included); empty = every language of the systems,
  // sorted, then "all".
  std::vector<std::string> languages;
  // How Table 2 shows intervals: "" none, "pm" (F1 ± half-width), "bounds" ([lo, hi]).
  std::string intervals;
  // Judgment settings of Table 4 (trials, seed, alpha) and the baselines.
  results::JudgmentSettings judgments;
  unsigned threads = 0;  // for the statistics; the tables do not depend on it
};

// Table 2: one table per language ("Table 2 - <lang>"), one row per system, a column
// group per metric (upper-case name) with P, R and F1; "-" where a system scored no
// document of the language. The document's signature line is `signature` (the run's),
// followed by the intervals' method when intervals are shown.
Document table2(const std::vector<SystemScores>& systems, const std::string& signature,
                const TableOptions& options = {});

// Table 4 (judgment): one row per language; per metric, the best non-baseline system,
// its F1 and the systems tied with it (by F1, highest first; "-": none). Notes give
// the rule, the test, the pairing rule and the number of comparisons; signatures the
// run's and the tests'.
Document table4(const std::vector<SystemScores>& systems, const std::string& signature,
                const TableOptions& options = {});

// Table 2 and Table 4 of a run's records (every system, every language), signed with
// the run's signature; intervals and judgments as the run's provenance says
// (results.json "judgments").
struct RunTables {
  Document table2, table4;
};
// `extra`: more systems for Table 4 only (a task's score sets, as more column groups).
RunTables run_tables(const results::RunRecords& run, unsigned threads = 0,
                     const std::vector<SystemScores>& extra = {});
// The table options a run's provenance asks for.
TableOptions run_table_options(const results::RunRecords& run, unsigned threads = 0);
// The systems of a run's records, in run order, baselines marked (`extra` besides
// GOLD, ALL, NONE).
std::vector<SystemScores> run_systems(const results::RunRecords& run, const std::vector<std::string>& extra = {});

// The language keys of the systems: sorted, "all" last.
std::vector<std::string> table_languages(const std::vector<SystemScores>& systems);

// A score cell of metric `mi` of `set` for language `lang`: `value` (a fraction) as a
// percentage, with the set's interval for `statistic` (0..5: micro P, R, F1, macro P,
// R, F1) when it has one and `with_interval`.
Cell percent_cell(const results::ScoreSet& set, std::size_t mi, const std::string& lang, std::size_t statistic,
                  double value, bool with_interval);

}  // namespace detour::reports
