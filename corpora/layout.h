// layout: what the folder-based corpus readers share: pairing a page folder with a
// gold folder, checking that names are UTF-8, ordering the documents.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "corpora/corpus.h"

namespace detour::corpora {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& reason);

// The name without a trailing .html, .htm or .txt (case-insensitive).
std::string stem_of(const std::string& name);

// True when `p` is a folder (no exception).
bool is_dir(const std::filesystem::path& p);

// Every entry of a folder (io::list_entries: files and entries that are not files,
// which become documents that fail saying what they are), with names that are not
// UTF-8 refused (they become ids in UTF-8 results).
std::vector<std::string> list_documents(const std::filesystem::path& dir);

// Pairs the pages of `html_dir` with the gold files of `gold_dir` (either may be "")
// by exact file name, else by name without a .html, .htm or .txt extension; the id
// is the page's file name (the gold's for a gold without page). Unpaired pages and
// gold files become documents with one side missing, each with a warning.
void pair_by_name(const std::filesystem::path& html_dir, const std::filesystem::path& gold_dir,
                  const std::string& lang, Corpus& corpus);

// Pairs by a key computed from each file name: documents are the keys, in key order.
// A second file with the same key is ignored with a warning.
using KeyOf = std::string (*)(const std::string& name);
void pair_by_key(const std::filesystem::path& html_dir, const std::filesystem::path& gold_dir,
                 const std::string& lang, KeyOf page_key, KeyOf gold_key, Corpus& corpus);

// Sorts by (dataset, lang, id) and fills corpus.languages (the non-empty ones).
void finish_corpus(Corpus& corpus);

}  // namespace detour::corpora
