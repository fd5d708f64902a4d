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

#include "extractors/extractor.h"

namespace detour::corpora {

class CorpusError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads a whole file as bytes. Throws CorpusError("<path>: <reason>") when the file
// is missing, unreadable, a directory, or larger than max_bytes.
std::string read_file(const std::filesystem::path& path,
                      std::size_t max_bytes = std::size_t{256} << 20);

// A reusable read buffer: grows, never shrinks, never zero-fills (see read_file_into).
class ReadBuffer {
 public:
  char* reserve(std::size_t n);  // capacity >= n; the bytes held are kept
  std::size_t capacity() const { return cap_; }
  std::string_view view(std::size_t n) const { return {data_.get(), n}; }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t cap_ = 0;
};

// read_file into a reused buffer: the bytes stay valid until the buffer's next use.
// Same errors as read_file. For loops that read thousands of files (scoring).
std::string_view read_file_into(const std::filesystem::path& path, ReadBuffer& buf,
                                std::size_t max_bytes = std::size_t{256} << 20);

// An open folder, to read many files in it without resolving the folder's path for
// each (openat). A folder that cannot be opened gives fd() == -1, and reads through
// it fall back to the full path (so the error names the file as read_file does).
class Folder {
 public:
  explicit Folder(std::filesystem::path path);
  ~Folder();
  Folder(const Folder&) = delete;
  Folder& operator=(const Folder&) = delete;
  int fd() const { return fd_; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

// read_file_into for the file `name` of an open folder.
std::string_view read_file_into(const Folder& folder, const std::string& name, ReadBuffer& buf,
                                std::size_t max_bytes = std::size_t{256} << 20);

// Reads at most the first max_bytes of a file (same errors as read_file, except size).
std::string read_file_prefix(const std::filesystem::path& path, std::size_t max_bytes);

// Writes bytes atomically (temporary file in the same folder, fsync, rename). With
// durable = false the fsyncs are skipped: readers still see the old or the new file,
// never a torn one, but a power cut may lose it (used for the thousands of per-page
// outputs of a run; results and tables stay durable).
void write_file_atomic(const std::filesystem::path& path, std::string_view bytes, bool durable = true);

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

// Lists the regular files of a folder, sorted by name (hidden files skipped).
std::vector<std::string> list_files(const std::filesystem::path& dir);

// Loads and decodes a document's raw page into a parsed Page (corpora/decode.h rules).
// For CleanEval 2007 pages the <text> wrapper is removed first.
Page load_page(const CorpusDoc& doc);

// Loads a gold reference as bytes exactly as stored (the scorer works on bytes).
std::string load_gold_bytes(const CorpusDoc& doc);

}  // namespace detour::corpora
