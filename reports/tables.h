// tables: the tables of Lejeune, Brixtel & Lecluze (TALN 2015) built from the
// per-document records of a run (reports/table.h renders them).
//  - Table 2: per language and `all`, one row per system, columns metric x P, R, F1
//    (micro-averaged percentages).
//  - Table 4: per language, the best system for each metric (by F1).
#pragma once

#include <string>
#include <vector>

#include "reports/table.h"
#include "results/results.h"
#include "results/run_records.h"

namespace detour::reports {

// One system of a table: its name and its scored documents (which outlive the call).
struct SystemScores {
  std::string name;
  const results::ScoreSet* scores = nullptr;
};

struct TableOptions {
  // Language keys to show ("all" included); empty = every language of the systems,
  // sorted, then "all".
  std::vector<std::string> languages;
};

// Table 2: one table per language ("Table 2 - <lang>"), one row per system, a column
// group per metric (upper-case name) with P, R and F1; "-" where a system scored no
// document of the language. The document's signature line is `signature` (the run's).
Document table2(const std::vector<SystemScores>& systems, const std::string& signature,
                const TableOptions& options = {});

// Table 4: one row per language; per metric, the system with the highest micro F1
// (the first listed wins a tie) and that F1.
Document table4(const std::vector<SystemScores>& systems, const std::string& signature,
                const TableOptions& options = {});

// Table 2 and Table 4 of a run's records (every system, every language), signed with
// the run's signature.
struct RunTables {
  Document table2, table4;
};
RunTables run_tables(const results::RunRecords& run, const TableOptions& options = {});
// The systems of a run's records, in run order.
std::vector<SystemScores> run_systems(const results::RunRecords& run);

// The language keys of the systems: sorted, "all" last.
std::vector<std::string> table_languages(const std::vector<SystemScores>& systems);

}  // namespace detour::reports
