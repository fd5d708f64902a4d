// annotations: human relevance judgments of a task, per page.
//
// Format (DAnIEL's corpus files): a JSON object keyed by an annotation id, each value
// an object with the page id in "path" (or the file name of "document_path"), the
// language in "langue" or "language", and "annotations": a list of events, each a
// list [label, place, ...]; a first event whose label is "N" means not relevant (as
// DAnIEL's evaluate.py reads it). Language codes are the corpus folder names; "cn" is
// read as "zh" (the DANIEL corpus annotates its zh folder as cn).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace detour::tasks {

struct Annotation {
  std::string key;             // the annotation id
  std::string lang, id;        // the page
  bool relevant = false;
  std::string label, place;    // the first event's first two fields ("" when not relevant)
};

struct Annotations {
  std::filesystem::path path;
  std::string hash;                  // FNV-1a of the file's bytes (16 hex digits)
  std::vector<Annotation> items;     // sorted by (lang, id)
  std::vector<std::string> warnings; // entries skipped, and why
  // The annotation of a page: by exact id, else by the id without a trailing .html,
  // .htm or .txt (DANIEL stores one page as <id>.html). nullptr when none.
  const Annotation* find(std::string_view lang, std::string_view id) const;

  std::map<std::pair<std::string, std::string>, std::size_t> index;  // (lang, id) -> items slot
};

// Reads an annotation file. Throws io::IoError("<file>: <reason>") when it cannot be
// read or is not a JSON object; entries without a page id, a language or events are
// skipped with a warning, as are repeated (lang, id) pairs (the first is kept).
Annotations read_annotations(const std::filesystem::path& file);

// The language folder name of an annotation language code ("cn" -> "zh").
std::string corpus_language(std::string_view code);

}  // namespace detour::tasks
