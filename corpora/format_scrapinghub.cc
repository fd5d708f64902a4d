// Reader "scrapinghub": the article-extraction benchmark of Scrapinghub (Zyte),
// github.com/scrapinghub/article-extraction-benchmark (181 pages).
//
// Layout: ROOT/ground-truth.json, an object {"<id>": {"articleBody": "...", "url":
// "..."}, ...}, and ROOT/html/<id>.html.gz, the gzip-compressed pages (an
// uncompressed html/<id>.html is read too).
// Pairing: each key of ground-truth.json is a document; its gold is the articleBody
// string itself (held inline; a missing articleBody is "", as evaluate.py reads it),
// its page html/<id>.html.gz, inflated when loaded (zlib; a page that is not gzip
// data is used as stored). Pages without a ground-truth entry are documents without
// gold, with a warning.
// Language: none (""): the benchmark does not give one; `--lang` gives the corpus one.
// System outputs in the benchmark's own format (output/<name>.json) are read by
// corpora/system_outputs.h.
#include <nlohmann/json.hpp>

#include "base/gzip.h"
#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

const std::shared_ptr<const SideFilter>& gunzip_filter() {
  static const auto f = std::make_shared<const SideFilter>(SideFilter{"gunzip", [](std::string bytes) {
    return is_gzip(bytes) ? gunzip(bytes) : bytes;
  }});
  return f;
}

// "<id>" from "<id>.html.gz" / "<id>.html" (else "").
std::string page_id(const std::string& name) {
  for (std::string_view ext : {".html.gz", ".html", ".htm.gz", ".htm"})
    if (name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
      return name.substr(0, name.size() - ext.size());
  return {};
}

}  // namespace

bool detect_scrapinghub(const fs::path& root) {
  std::error_code ec;
  return fs::is_regular_file(root / "ground-truth.json", ec) && is_dir(root / "html");
}

Corpus open_scrapinghub(const fs::path& root, const OpenOptions&) {
  const fs::path gt_file = root / "ground-truth.json";
  nlohmann::json gt;
  try {
    gt = nlohmann::json::parse(text_of_file_bytes(read_doc_file(gt_file), gt_file));
  } catch (const nlohmann::json::exception& e) {
    fail(gt_file, std::string("invalid JSON: ") + e.what());
  }
  if (!gt.is_object()) fail(gt_file, "not a JSON object of {\"<id>\": {\"articleBody\": ...}}");
  std::map<std::string, std::string> pages;  // id -> file name
  if (is_dir(root / "html"))
    for (const auto& f : list_documents(root / "html"))
      if (std::string id = page_id(f); !id.empty()) pages.emplace(id, f);
  Corpus c;
  c.root = root;
  for (const auto& [id, entry] : gt.items()) {
    if (!entry.is_object()) fail(gt_file, "entry " + id + " is not an object");
    CorpusDoc d;
    d.id = id;
    auto body = entry.find("articleBody");
    if (body != entry.end() && !body->is_null() && !body->is_string())
      fail(gt_file, "entry " + id + ": articleBody is not a string");
    d.gold_inline = std::make_shared<const std::string>(
        body != entry.end() && body->is_string() ? body->get<std::string>() : std::string());
    if (auto u = entry.find("url"); u != entry.end() && u->is_string()) d.url = u->get<std::string>();
    if (auto it = pages.find(id); it != pages.end()) {
      d.html_path = root / "html" / it->second;
      d.html_filter = gunzip_filter();
      pages.erase(it);
    } else {
      c.warnings.push_back(id + ": ground truth without page (no html/" + id + ".html.gz)");
    }
    c.docs.push_back(std::move(d));
  }
  for (const auto& [id, f] : pages) {
    CorpusDoc d;
    d.id = id;
    d.html_path = root / "html" / f;
    d.html_filter = gunzip_filter();
    c.warnings.push_back(id + ": page without ground truth");
    c.docs.push_back(std::move(d));
  }
  c.plain_text_gold = true;
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
