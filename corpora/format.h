// format: the table of corpus readers. A reader is one file (corpora/format_*.cc,
// plus cleaneval2007.cc) defining a detect and an open function, and one line in
// corpora/formats.cc. Each reader's file begins with what it accepts: the layout,
// how pages and gold references pair, and where each document's language comes from.
//
// open_corpus (corpus.h) uses the reader named by --format, else the first one of
// the table whose detect() accepts the root; so the table lists the most specific
// layouts first (a JSONL file, the benchmark layouts with their marker files) and
// the catch-all ones last (DANIEL, then flat).
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "corpora/corpus.h"

namespace detour::corpora {

struct CorpusFormat {
  std::string_view name;
  std::string_view summary;  // one line: the layout it reads
  // True when `root` has this layout (cheap: a few stats, no reading of documents).
  bool (*detect)(const std::filesystem::path& root);
  // Opens the corpus; throws CorpusError when the root is not in this layout.
  Corpus (*open)(const std::filesystem::path& root, const OpenOptions& opts);
};

const std::vector<CorpusFormat>& corpus_formats();

// The reader named `name`; throws UsageError naming the known ones.
const CorpusFormat& find_corpus_format(std::string_view name);

// The first reader whose detect() accepts `root`, or nullptr.
const CorpusFormat* detect_corpus_format(const std::filesystem::path& root);

}  // namespace detour::corpora
