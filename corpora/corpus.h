// corpus: finding and reading the documents of a gold corpus.
//
// A corpus is opened by one of the readers of the format table (corpora/format.h,
// one file each: daniel, flat, cleaneval2007, cleanportaleval, scrapinghub, wceb,
// l3s-gn1, dragnet, jsonl), named with OpenOptions::format or detected from the
// layout. Every reader yields the same model: documents (language, id, where the page
// and the gold come from), sorted, plus warnings for what it could not pair.
//
// A document's page and gold are files as stored (DANIEL), files that need a step
// before use (a gzip-compressed page, a gold extracted from an annotated page: a
// SideFilter), or bytes held inline (JSON corpora, where the gold text or the page is
// a string field). load_page and load_gold_bytes hide which.
//
// All functions report bad input by throwing CorpusError whose message names the
// file and the reason; nothing here aborts the process. An entry of a page or gold
// folder that is not a file (a directory, a FIFO, a dangling symbolic link, a link
// loop) is kept as a document, and loading it fails saying what it is.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "base/io.h"
#include "base/page.h"
#include "html/neutralise.h"

namespace detour::corpora {

// Bad input (a file or folder that cannot be read or is not what the layout needs);
// the message names the file and the reason.
using CorpusError = io::IoError;

// A step between a side's stored bytes and the bytes detour uses (inflating a .gz
// page, extracting the gold text of an annotated page, cutting a comments section).
// `name` enters the corpus fingerprint, so that two readings of the same files under
// different settings are never taken for the same corpus. `apply` throws
// std::exception with the reason on bad bytes (the caller adds the file name).
struct SideFilter {
  std::string name;
  std::function<std::string(std::string bytes)> apply;
  // A gold filter is handed the file's text as UTF-8 (decode.h decode_text), unless it
  // decodes the stored bytes itself (an annotated HTML page with its own charset
  // declarations: `decodes`). Page filters always see the stored bytes.
  bool decodes = false;
};

// A document's file path, held as one string. A std::filesystem::path also keeps
// its parsed components (about 640 bytes for a corpus path instead of 150), and a run
// keeps one per page and side from start to end: at 17,000 pages that alone was a
// third of a run's memory. Converts to a path where one is needed.
class DocPath {
 public:
  DocPath() = default;
  DocPath(const std::filesystem::path& p) : s_(p.native()) {}
  DocPath(std::string s) : s_(std::move(s)) {}
  DocPath(const char* s) : s_(s) {}
  bool empty() const { return s_.empty(); }
  const std::string& string() const { return s_; }
  const char* c_str() const { return s_.c_str(); }
  std::filesystem::path path() const { return s_; }
  operator std::filesystem::path() const { return s_; }
  std::filesystem::path filename() const { return path().filename(); }

 private:
  std::string s_;
};

struct CorpusDoc {
  std::string lang;                  // "" when the layout gives none
  std::string id;                    // unique within (dataset, lang); a file name for folder layouts
  DocPath html_path;                 // raw page file ("" if none, or inline)
  DocPath gold_path;                 // reference file ("" if none, or inline)
  std::string url;                   // if the layout gives it
  std::string given_charset;         // if the layout gives it (CleanEval <text encoding=...>)
  std::string dataset;               // sub-dataset of a multi-dataset corpus (WCEB), else ""
  // Inline content, used instead of the files when set (JSON corpora).
  std::shared_ptr<const std::string> html_inline, gold_inline;
  // Steps applied to the file's bytes (nullptr: used as stored).
  std::shared_ptr<const SideFilter> html_filter, gold_filter;

  bool has_page() const { return !html_path.empty() || html_inline != nullptr; }
  bool has_gold() const { return !gold_path.empty() || gold_inline != nullptr; }
  // How errors name the document: "<lang>/<id>" (or the dataset's).
  std::string where() const;
};

struct Corpus {
  std::filesystem::path root;
  std::string format;                   // the reader's name (format.h)
  std::vector<std::string> languages;   // sorted
  std::vector<CorpusDoc> docs;          // sorted by (dataset, lang, id) (CleanEval: numeric ids)
  std::vector<std::string> warnings;    // e.g. pages without gold, gold without page
  // The gold references are plain text (benchmark formats), not CleanEval markup or
  // HTML: the benchmark metrics score them as they are.
  bool plain_text_gold = false;
  // The gold references are CleanEval 2007 gold files (a "URL: ..." line, <p>/<h>/<l>
  // markers): the benchmark metrics score them as WCEB reads them (the text form
  // cleaneval-gold, metrics/plain_text.h); the CleanEval protocol reads them as they are.
  bool cleaneval_gold = false;
};

// Settings of the readers that have any (the command line's --format,
// --dragnet-comments, --l3s-classes).
struct OpenOptions {
  std::string format;                     // a reader's name, or "" to detect the layout
  std::string dragnet_comments = "drop";  // drop | keep | raw (format_dragnet.cc)
  std::string l3s_classes = "1,2,3";      // x-nc-sel<N> classes of the L3S-GN1 gold (format_l3s_gn1.cc)
};

// Opens a corpus root (a folder, or a file for the JSONL format) with the reader
// named in `opts.format`, else the first reader of the table whose layout matches.
// Throws UsageError for an unknown format name or setting, CorpusError when the
// root matches no layout or the named reader cannot read it.
Corpus open_corpus(const std::filesystem::path& root, const OpenOptions& opts = {});

// What a page may be before it is decoded and parsed, so that no page can stall or
// swamp a run: its size (raw bytes, after inflating a compressed page), text rather
// than binary content (corpora/binary_check.h), and bounds on its markup
// (html/neutralise.h).
struct PageLimits {
  std::size_t max_bytes = std::size_t{32} << 20;  // 32 MiB
  html::NeutraliseLimits markup;
};

// A page refused before it is decoded: over the size cap, or not text. what() is the
// reason alone: "page of 50.0 MiB over the 32 MiB cap", "not an HTML page (PNG image)".
class PageRefused : public CorpusError {
 public:
  using CorpusError::CorpusError;
};

// Loads and decodes a document's raw page into a parsed Page (corpora/decode.h rules).
// Gzip-compressed bytes (recognised by their magic number, whatever the file's name)
// are inflated first (DecodeInfo::gzip; a corrupt stream is a CorpusError naming the
// page). For CleanEval 2007 pages the <text> wrapper is removed first. The page must
// pass `limits`: a page over the size cap (once inflated) or not text throws
// PageRefused; markup beyond the bounds is dropped before parsing and recorded in
// DecodeInfo::neutralised.
Page load_page(const CorpusDoc& doc, const PageLimits& limits = {});
// The same from bytes already read (standard input): `doc` gives the id, language,
// URL and charset; its html_path, if any, only names the page in errors.
Page load_page_bytes(const CorpusDoc& doc, std::string_view bytes, const PageLimits& limits = {});

// The raw page bytes (after the page filter; gzip-compressed bytes inflated), undecoded.
std::string load_page_raw(const CorpusDoc& doc);

// Loads a gold reference as UTF-8 text: a file is decoded as a text file is
// (decode.h decode_text: well-formed UTF-8 as it is; a byte-order mark, UTF-16 or
// a legacy charset decoded as pages are), then the gold filter applied; inline gold
// (JSON strings) is used as it is. A file that cannot be decoded is a CorpusError
// naming it.
std::string load_gold_bytes(const CorpusDoc& doc);
// A system output or other text file's bytes as UTF-8 (decode_text), the reason naming
// `path` when they cannot be decoded.
std::string text_of_file_bytes(std::string bytes, const std::filesystem::path& path);

// Reads a file of a document; on failure the message says what the entry is when it
// is not a file ("is a directory", "is a dangling symbolic link", ...).
std::string read_doc_file(const std::filesystem::path& path);

// read_doc_file, inflated when the bytes are gzip (a corrupt stream fails naming the file).
std::string read_doc_file_inflated(const std::filesystem::path& path);

}  // namespace detour::corpora
