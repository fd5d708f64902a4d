// scoring: scores system outputs against gold references, per document and per
// language, and renders the results (JSON, TSV, Markdown, aligned table).
//
// Per-document DocScores are kept in the result (never aggregated away); the
// per-language and `all` aggregates are computed from them on output.
#pragma once

#include <filesystem>
#include <memory>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "base/io.h"
#include "corpora/corpus.h"
#include "metrics/metric.h"
#include "results/results.h"

namespace detour::harness {

using results::DocResult;
using results::ScoreSet;

// One document to score: the texts as bytes (the CleanEval scorer reads bytes),
// held in memory or named by file. A side with a folder is read when the item is
// scored (into a per-thread buffer: collect_items holds no file contents); without
// one, the in-memory text is used (an absent system output is "").
struct ScoreItem {
  std::string lang;   // "" when the input has no languages
  std::string id;
  std::string system;  // texts in memory, used when the folder below is null
  std::string gold;
  // Or the files <system_dir>/<id> and <gold_dir>/<id>: folders shared by the items
  // of one folder pair (a null system_dir with a gold_dir: no system output, scored
  // as empty).
  std::shared_ptr<const std::filesystem::path> system_dir, gold_dir;
  std::string dataset;  // sub-dataset of a multi-dataset corpus (WCEB), else ""
};

// Scores the items with a thread pool (`jobs` threads, 0 = all cores). The order of
// `docs` follows `items` whatever the thread count. A file that cannot be read
// throws corpora::CorpusError naming it.
ScoreSet score_items(const std::vector<ScoreItem>& items,
                     const std::vector<const metrics::MetricInfo*>& metrics,
                     const metrics::ScoreOptions& options, int jobs = 0);

// How a gold file without a system output is handled.
enum class MissingPolicy {
  Skip,   // as cleaneval.py: only system files with a gold counterpart are scored
  Empty,  // a missing output counts as an empty output
};

// Pairs system files with gold files by name. `gold_root` is either a gold folder
// (flat) or, with `corpus_layout`, a corpus root ROOT/<lang>/gold/<id>. The system
// folder may be DIR/<lang>/<id> or flat DIR/<id>. What is skipped goes into `notes`.
// Gold folders listed once for several collect_items calls (one per system).
struct GoldListings {
  std::map<std::filesystem::path, io::Listing> files;  // files and other entries
  std::set<std::filesystem::path> noted;  // folders whose non-file entries were noted
};
std::vector<ScoreItem> collect_items(const std::filesystem::path& gold_root,
                                     const std::filesystem::path& system_dir, bool corpus_layout,
                                     MissingPolicy missing, std::vector<std::string>& notes,
                                     const std::vector<std::string>& languages = {},
                                     GoldListings* listings = nullptr);

// The gold texts of a corpus opened by any reader (corpora/format.h), loaded once
// for all the systems scored against it: documents with a gold, in corpus order,
// restricted to `languages` when given. A gold that cannot be loaded (unreadable, a
// directory, a FIFO, a dangling link...) keeps its reason in `error`.
struct CorpusGold {
  const corpora::CorpusDoc* doc;
  std::string text, error;
};
std::vector<CorpusGold> load_corpus_golds(const corpora::Corpus& corpus, const std::vector<std::string>& languages);

// Items pairing each loaded gold with the system's output for it: from an outputs
// file (corpora/system_outputs.h), or from a folder, where the output of a document
// is DIR/<dataset>/<id>, DIR/<lang>/<id> or DIR/<id>, by the document id or by its
// gold file's name. Outputs without a gold counterpart, golds without an output
// (skipped or counted empty) and golds that could not be loaded (failures, never
// scored) are noted in `notes`; `failures` counts the last.
std::vector<ScoreItem> collect_corpus_items(const std::vector<CorpusGold>& golds,
                                            const std::filesystem::path& system, MissingPolicy missing,
                                            std::vector<std::string>& notes, std::size_t& failures);

}  // namespace detour::harness
