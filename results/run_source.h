// run_source: where stored per-document records come from, behind one function, so
// that commands that work from stored runs (`detour compare`, `detour gate`, reports)
// do not care how a run was kept. A source is written KIND:LOCATION, or a bare
// LOCATION for a run folder:
//   dir:PATH   a run folder as `detour run --out PATH` writes it (results/run_records.h)
// A results store adds its kind (e.g. "store:RUN_ID") as one line in the table of
// kinds (results/run_source.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "results/run_records.h"

namespace detour::results {

struct RunSourceKind {
  std::string_view kind;         // "dir"
  std::string_view description;
  RunRecords (*load)(const std::string& location);
};

// The table of kinds, in help order.
const std::vector<RunSourceKind>& run_source_kinds();

// Loads the records of `source`. Throws RecordsError naming the source and the reason
// (unknown kind, missing or unreadable files).
RunRecords load_run(const std::string& source);

}  // namespace detour::results
