// records: a run as the Python package holds it (detour.Run): its per-document
// records (results/run_records.h), made by detour.run or read back from a run folder
// or a results store, and what is computed from them by the libraries -- Tables 2, 3
// and 4, comparisons, gates, the HTML report.
#pragma once

#include <pybind11/pybind11.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.h"
#include "results/run_records.h"
#include "runner/runner.h"
#include "runner/task_run.h"

namespace detour::python {

struct RunHandle {
  // The records: the RunResult of a run made here, or the records read back.
  std::shared_ptr<const results::RunRecords> records;
  std::shared_ptr<const harness::RunResult> result;  // a run made here, else null
  std::shared_ptr<const harness::TaskResults> task;  // its task, when it had one
  std::vector<results::ScoreSet> task_sets;          // harness::task_score_sets(*task)
  // What the records alone do not give: a task's Table 3 and its tests (computed by
  // harness::table3 for a run made here, read from the folder's JSON tables for a run
  // read back), and Table 4 with the task's column group as the folder holds it.
  std::optional<Tables> table3, table3_tests, table4_task;
  std::filesystem::path folder;  // its run folder ("" = in memory only)
  std::string source;            // as given to read_run, or the folder
  std::string problem;           // harness::run_problem of a run made here
};

// Loads a run source as `detour compare` does: a run folder, ID (the default store) or
// STORE_FILE:ID.
RunHandle read_run_handle(const std::string& source);

}  // namespace detour::python
