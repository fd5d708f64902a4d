// corpus: finding and reading the documents of a gold corpus and of system outputs.
//
// Layouts understood:
//  - DANIEL / detour layout: ROOT/<lang>/html/<id> and ROOT/<lang>/gold/<id>.
//  - CleanEval 2007 distribution: raw pages wrapped in <text id=... encoding=...>
//    and gold files beginning with a "URL:" line (see cleaneval2007.h for the exact
//    folder names accepted).
// System outputs: DIR/<lang>/<id> or flat DIR/<id>. Documents are matched by file
// name, as the CleanEval scorer does.
//
// All functions report bad input by throwing CorpusError whose message names the
// file and the reason; nothing here aborts the process.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/io.h"
#include "base/page.h"

namespace detour::corpora {

// Bad input (a file or folder that cannot be read or is not what the layout needs);
// the message names the file and the reason.
using CorpusError = io::IoError;

struct CorpusDoc {
  std::string lang;                  // "" for a flat corpus
  std::string id;                    // file name
  std::filesystem::path html_path;   // raw page ("" if the corpus has none)
  std::filesystem::path gold_path;   // reference ("" if none)
  std::string url;                   // if the layout gives it
  std::string given_charset;         // if the layout gives it (CleanEval <text encoding=...>)
};

struct Corpus {
  std::filesystem::path root;
  std::string format;                   // "daniel", "cleaneval2007", "flat"
  std::vector<std::string> languages;   // sorted
  std::vector<CorpusDoc> docs;          // sorted by (lang, id)
  std::vector<std::string> warnings;    // e.g. pages without gold, gold without page
};

// Opens a corpus root, detecting its layout. Throws CorpusError when it matches none.
// Pages and gold files are paired by exact file name, else by name without a .html,
// .htm or .txt extension (DANIEL has one page stored as <id>.html beside gold <id>).
// Unpaired pages and gold files are kept as documents with an empty gold_path or
// html_path, each with a warning. For DANIEL, ROOT/annotations.json (if present) gives
// each page's URL (its "path" field is the page id).
Corpus open_corpus(const std::filesystem::path& root);

// Loads and decodes a document's raw page into a parsed Page (corpora/decode.h rules).
// For CleanEval 2007 pages the <text> wrapper is removed first.
Page load_page(const CorpusDoc& doc);
// The same from bytes already read (standard input): `doc` gives the id, language,
// URL and charset; its html_path, if any, only names the page in errors.
Page load_page_bytes(const CorpusDoc& doc, std::string_view bytes);

// Loads a gold reference as bytes exactly as stored (the scorer works on bytes).
std::string load_gold_bytes(const CorpusDoc& doc);

}  // namespace detour::corpora
