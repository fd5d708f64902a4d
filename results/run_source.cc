// run_source: the table of run source kinds (see run_source.h).
#include "results/run_source.h"

#include "base/strings.h"

namespace detour::results {

namespace {

RunRecords load_folder(const std::string& location) { return read_run(location); }

}  // namespace

const std::vector<RunSourceKind>& run_source_kinds() {
  static const std::vector<RunSourceKind> table = {
      {"dir", "a run folder (detour run --out DIR)", load_folder},
  };
  return table;
}

RunRecords load_run(const std::string& source) {
  const auto colon = source.find(':');
  // "KIND:LOCATION" when KIND is a word; anything else (a path, "C:\...", "./a:b") is a folder.
  if (colon != std::string::npos && colon > 1) {
    const std::string kind = source.substr(0, colon);
    bool word = true;
    for (char c : kind) word = word && ((c >= 'a' && c <= 'z') || c == '-' || c == '_');
    if (word) {
      std::vector<std::string> known;
      for (const auto& k : run_source_kinds()) {
        if (k.kind == kind) return k.load(source.substr(colon + 1));
        known.emplace_back(k.kind);
      }
      throw RecordsError(source + ": " + unknown_name_message("run source kind", kind, known));
    }
  }
  return load_folder(source);
}

}  // namespace detour::results
