// corpus: opening corpora through the reader table, and loading a document's page
// and gold whatever holds them (see corpus.h).
#include "corpora/corpus.h"

#include <cstdio>
#include <memory>

#include "base/errors.h"
#include "base/gzip.h"
#include "base/strings.h"
#include "corpora/binary_check.h"
#include "corpora/cleaneval2007.h"
#include "corpora/decode.h"
#include "corpora/format.h"
#include "corpora/layout.h"
#include "html/dom.h"
#include "html/page.h"

namespace detour::corpora {
namespace fs = std::filesystem;

std::string CorpusDoc::where() const {
  std::string w = dataset.empty() ? std::string() : dataset + "/";
  if (!lang.empty()) w += lang + "/";
  return w + id;
}

Corpus open_corpus(const fs::path& root, const OpenOptions& opts) {
  if (opts.dragnet_comments != "drop" && opts.dragnet_comments != "keep" && opts.dragnet_comments != "raw")
    throw UsageError("--dragnet-comments " + opts.dragnet_comments + ": expected drop, keep or raw");
  if (!opts.format.empty()) {
    const CorpusFormat& f = find_corpus_format(opts.format);
    std::error_code ec;
    if (!fs::exists(root, ec)) fail(root, "no such file or folder");
    Corpus c = f.open(root, opts);
    c.format = std::string(f.name);
    return c;
  }
  std::error_code ec;
  if (!fs::exists(root, ec)) fail(root, "no such folder");
  const CorpusFormat* f = detect_corpus_format(root);
  if (!f) {
    if (!fs::is_directory(root, ec)) fail(root, "not a folder (a corpus root was expected), nor a JSONL corpus file");
    fail(root, "not a corpus: no <lang>/html or <lang>/gold folders, no CleanEval 2007 folders, no pages");
  }
  Corpus c = f->open(root, opts);
  c.format = std::string(f->name);
  return c;
}

std::string read_doc_file(const fs::path& path) {
  try {
    return io::read_file(path);
  } catch (const io::IoError&) {
    std::string what = io::not_a_file_reason(path);
    if (!what.empty()) fail(path, what);
    throw;
  }
}

std::string read_doc_file_inflated(const fs::path& path) {
  std::string bytes = read_doc_file(path);
  if (!is_gzip(bytes)) return bytes;
  try {
    return gunzip(bytes);
  } catch (const std::exception& e) {
    fail(path, e.what());
  }
}

namespace {

std::string filtered(const fs::path& path, const std::shared_ptr<const SideFilter>& filter) {
  std::string bytes = read_doc_file(path);
  if (!filter) return bytes;
  try {
    return filter->apply(std::move(bytes));
  } catch (const std::exception& e) {
    fail(path, e.what());
  }
}

// The page's bytes as stored (after the reader's filter), gzip or not.
std::string stored_page(const CorpusDoc& doc) {
  if (doc.html_inline) return *doc.html_inline;
  if (doc.html_path.empty()) throw CorpusError(doc.where() + ": no raw page in the corpus");
  return filtered(doc.html_path, doc.html_filter);
}

std::string page_where(const CorpusDoc& doc) { return doc.html_path.empty() ? doc.where() : doc.html_path.string(); }

[[noreturn]] void over_cap(std::size_t size, const PageLimits& limits) {
  throw PageRefused("page of " + approx_bytes(size) + " over the " + format_bytes(limits.max_bytes) + " cap");
}

// Gzip-compressed bytes (the magic number 1f 8b, whatever the file is called),
// inflated; anything else as it is. A corrupt stream fails naming the page.
std::string inflated(std::string bytes, const std::string& where) {
  if (!is_gzip(bytes)) return bytes;
  try {
    return gunzip(bytes);
  } catch (const std::exception& e) {
    throw CorpusError(where + ": gzip-compressed page: " + e.what());
  }
}

}  // namespace

std::string load_page_raw(const CorpusDoc& doc) { return inflated(stored_page(doc), page_where(doc)); }

Page load_page(const CorpusDoc& doc, const PageLimits& limits) {
  // A file over the cap is refused before it is read (a compressed one once inflated).
  if (!doc.html_inline && !doc.html_path.empty() && !doc.html_filter) {
    std::error_code ec;
    const auto size = fs::file_size(doc.html_path.path(), ec);
    if (!ec && size > limits.max_bytes) over_cap(static_cast<std::size_t>(size), limits);
  }
  return load_page_bytes(doc, stored_page(doc), limits);
}

Page load_page_bytes(const CorpusDoc& doc, std::string_view stored, const PageLimits& limits) {
  const std::string where = page_where(doc);
  // Gzip is inflated (never refused as binary), to one byte over the cap at most.
  const bool gz = is_gzip(stored);
  std::string inflated_bytes;
  if (gz) {
    try {
      inflated_bytes = gunzip(stored, limits.max_bytes);
    } catch (const std::exception& e) {
      if (std::string_view(e.what()).rfind("inflates to more than", 0) == 0)
        throw PageRefused("page of more than " + format_bytes(limits.max_bytes) + " once inflated, over the " +
                          format_bytes(limits.max_bytes) + " cap");
      throw CorpusError(where + ": gzip-compressed page: " + e.what());
    }
  }
  const std::string_view bytes = gz ? std::string_view(inflated_bytes) : stored;
  if (bytes.size() > limits.max_bytes) over_cap(bytes.size(), limits);
  if (std::string kind = binary_kind(bytes); !kind.empty()) throw PageRefused("not an HTML page (" + kind + ")");
  std::string given = doc.given_charset;
  std::string_view body = bytes;
  if (auto w = cleaneval2007::parse_text_wrapper(bytes)) {
    body = bytes.substr(w->body_begin, w->body_end - w->body_begin);
    if (given.empty()) given = w->encoding;
  }
  Decoded dec;
  try {
    dec = decode_page(body, given);
  } catch (const std::exception& e) {
    throw CorpusError(where + ": cannot decode: " + e.what());
  }
  Page p;
  p.id = doc.id;
  p.lang = doc.lang;
  p.path = doc.html_path.string();
  p.url = doc.url;
  p.html = std::move(dec.utf8);
  p.decode = std::move(dec.info);
  p.decode.gzip = gz;
  // Bounds on the markup, before any parser sees it (html/neutralise.h): every
  // parser's input (html::tree parses p.html for each kind) passes here.
  if (const html::NeutraliseReport r = html::neutralise(p.html, limits.markup); r.changed())
    p.decode.neutralised = r.text(limits.markup);
  p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  html::reset_trees(p);
  return p;
}

std::string text_of_file_bytes(std::string bytes, const fs::path& path) {
  if (!text_needs_decoding(bytes)) return bytes;
  try {
    return decode_text(bytes).utf8;
  } catch (const std::exception& e) {
    fail(path, std::string("cannot decode: ") + e.what());
  }
}

std::string load_gold_bytes(const CorpusDoc& doc) {
  if (doc.gold_inline) return *doc.gold_inline;
  if (doc.gold_path.empty()) throw CorpusError(doc.where() + ": no gold reference in the corpus");
  const auto& filter = doc.gold_filter;
  std::string bytes = read_doc_file(doc.gold_path);
  if (!filter || !filter->decodes) bytes = text_of_file_bytes(std::move(bytes), doc.gold_path.path());
  if (!filter) return bytes;
  try {
    return filter->apply(std::move(bytes));
  } catch (const std::exception& e) {
    fail(doc.gold_path, e.what());
  }
}

}  // namespace detour::corpora
