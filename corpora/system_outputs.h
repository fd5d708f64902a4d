// system_outputs: a system's outputs held in one file instead of a folder of files
// (DIR/<id>, which runner/scoring.h pairs by name), in the shapes benchmarks publish:
//   - the Scrapinghub benchmark's output/<name>.json: {"<id>": {"articleBody": "..."}}
//     or {"version": "...", "output": {"<id>": {"articleBody": ...}}} (evaluate.py's
//     load_prediction; a missing articleBody is "", as evaluate.py reads it);
//   - JSON lines, one object per page: an id ("page_id", "id", "doc_id" or
//     "track_id") and the text ("plaintext", "text", "output", "articleBody",
//     "content" or "extracted"; null is ""), as WCEB's model outputs
//     (outputs/model-outputs/<dataset>/<model>.jsonl) and JSONL corpora are written.
//     WCEB's page ids are digests of the page, unique over its datasets, so one
//     model's files of several datasets can be concatenated into one.
// Ids are matched to corpus documents by equality.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace detour::corpora {

struct SystemOutputs {
  std::string format;   // "scrapinghub-json" or "jsonl"
  std::string version;  // the "version" of a Scrapinghub output file, else ""
  std::map<std::string, std::string> by_id;
};

// Reads an output file (gzip-compressed or not). Throws CorpusError naming the file
// and, for JSON lines, the line, when it is not one of the shapes above.
SystemOutputs read_system_outputs(const std::filesystem::path& file);

}  // namespace detour::corpora
