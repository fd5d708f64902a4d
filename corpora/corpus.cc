// corpus: reading files and corpora (see corpus.h for the layouts and the contracts).
#include "corpora/corpus.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "corpora/cleaneval2007.h"
#include "html/dom.h"
#include "corpora/decode.h"

namespace detour::corpora {
using io::list_files;
using io::read_file;
using io::read_file_prefix;
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& reason) {
  throw CorpusError(path.string() + ": " + reason);
}



// The name without a trailing .html, .htm or .txt (case-insensitive).
std::string stem_of(const std::string& name) {
  for (std::string_view ext : {".html", ".htm", ".txt"}) {
    if (name.size() > ext.size()) {
      bool same = true;
      for (std::size_t i = 0; i < ext.size(); ++i) {
        char c = name[name.size() - ext.size() + i];
        if (static_cast<char>(c | 0x20) != ext[i] && c != ext[i]) same = false;
      }
      if (same) return name.substr(0, name.size() - ext.size());
    }
  }
  return name;
}

// Pairs pages and gold files of one language folder (exact name, then stem).
void pair_language(const fs::path& html_dir, const fs::path& gold_dir, const std::string& lang,
                   Corpus& corpus) {
  std::vector<std::string> pages, golds;
  if (!html_dir.empty() && fs::is_directory(html_dir)) pages = list_files(html_dir);
  if (!gold_dir.empty() && fs::is_directory(gold_dir)) golds = list_files(gold_dir);
  // Names become ids in every results file (JSON is UTF-8): refuse the others up front.
  for (const auto* names : {&pages, &golds})
    for (const auto& n : *names)
      if (!is_valid_utf8(n))
        fail((names == &pages ? html_dir : gold_dir) / n,
             "file name is not valid UTF-8 (rename it: ids are written to UTF-8 results)");
  std::set<std::string> gold_set(golds.begin(), golds.end());
  std::map<std::string, std::string> gold_by_stem;
  for (const auto& g : golds) gold_by_stem.emplace(stem_of(g), g);
  std::set<std::string> used;
  const std::string where = lang.empty() ? std::string() : lang + "/";
  for (const auto& p : pages) {
    CorpusDoc d;
    d.lang = lang;
    d.id = p;
    d.html_path = html_dir / p;
    std::string match;
    if (gold_set.count(p)) {
      match = p;
    } else if (auto it = gold_by_stem.find(stem_of(p)); it != gold_by_stem.end() && !used.count(it->second) &&
                                                        !std::binary_search(pages.begin(), pages.end(), it->second)) {
      match = it->second;
      corpus.warnings.push_back(where + p + ": paired with gold file " + match + " by name without extension");
    }
    if (!match.empty()) {
      used.insert(match);
      d.gold_path = gold_dir / match;
    } else {
      corpus.warnings.push_back(where + p + ": page without gold");
    }
    corpus.docs.push_back(std::move(d));
  }
  for (const auto& g : golds) {
    if (used.count(g)) continue;
    CorpusDoc d;
    d.lang = lang;
    d.id = g;
    d.gold_path = gold_dir / g;
    corpus.warnings.push_back(where + g + ": gold without page");
    corpus.docs.push_back(std::move(d));
  }
}

// id -> url from DANIEL's annotations.json; warnings on a malformed file.
std::map<std::string, std::string> load_urls(const fs::path& file, std::vector<std::string>& warnings) {
  std::map<std::string, std::string> urls;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return urls;
  try {
    nlohmann::json j = nlohmann::json::parse(read_file(file));
    if (!j.is_object()) {
      warnings.push_back(file.string() + ": not a JSON object; URLs not loaded");
      return urls;
    }
    for (const auto& [key, entry] : j.items()) {
      if (!entry.is_object()) continue;
      auto p = entry.find("path");
      auto u = entry.find("url");
      if (p != entry.end() && u != entry.end() && p->is_string() && u->is_string()) {
        urls[p->get<std::string>()] = u->get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception& e) {
    warnings.push_back(file.string() + ": invalid JSON (" + e.what() + "); URLs not loaded");
  }
  return urls;
}

void sort_docs(Corpus& c) {
  std::sort(c.docs.begin(), c.docs.end(), [](const CorpusDoc& a, const CorpusDoc& b) {
    return std::tie(a.lang, a.id) < std::tie(b.lang, b.id);
  });
}

}  // namespace

Corpus open_corpus(const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(root, ec)) fail(root, "no such folder");
  if (!fs::is_directory(root, ec)) fail(root, "not a folder (a corpus root was expected)");
  if (cleaneval2007::looks_like(root)) return cleaneval2007::open(root);

  Corpus c;
  c.root = root;
  // DANIEL / detour layout: ROOT/<lang>/{html,gold}.
  std::vector<std::string> langs;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (io::hidden_name(name) || !it->is_directory()) continue;
    if (!fs::is_directory(it->path() / "html") && !fs::is_directory(it->path() / "gold")) continue;
    if (!is_valid_utf8(name))
      fail(it->path(), "language folder name is not valid UTF-8 (rename it: languages are written to UTF-8 results)");
    langs.push_back(name);
  }
  if (ec) fail(root, "cannot list: " + io::errno_reason(ec.value()));
  std::sort(langs.begin(), langs.end());
  if (!langs.empty()) {
    c.format = "daniel";
    c.languages = langs;
    for (const auto& lang : langs) {
      fs::path ldir = root / lang;
      if (!fs::is_directory(ldir / "html")) c.warnings.push_back(lang + ": no html/ folder");
      if (!fs::is_directory(ldir / "gold")) c.warnings.push_back(lang + ": no gold/ folder");
      pair_language(ldir / "html", ldir / "gold", lang, c);
    }
    auto urls = load_urls(root / "annotations.json", c.warnings);
    if (!urls.empty()) {
      for (auto& d : c.docs) {
        auto it = urls.find(d.id);
        if (it == urls.end()) it = urls.find(stem_of(d.id));
        if (it != urls.end()) d.url = it->second;
      }
    }
    sort_docs(c);
    return c;
  }
  // Flat layouts: ROOT/{html,gold}/<id>, or pages directly in ROOT.
  if (fs::is_directory(root / "html") || fs::is_directory(root / "gold")) {
    c.format = "flat";
    pair_language(root / "html", root / "gold", "", c);
    sort_docs(c);
    return c;
  }
  std::vector<std::string> files = list_files(root);
  if (files.empty()) {
    fail(root, "not a corpus: no <lang>/html or <lang>/gold folders, no CleanEval 2007 folders, no pages");
  }
  c.format = "flat";
  for (const auto& f : files) {
    CorpusDoc d;
    d.id = f;
    d.html_path = root / f;
    c.docs.push_back(std::move(d));
  }
  c.warnings.push_back(root.string() + ": flat folder of pages; no gold references");
  sort_docs(c);
  return c;
}

Page load_page(const CorpusDoc& doc) {
  if (doc.html_path.empty()) {
    throw CorpusError((doc.lang.empty() ? "" : doc.lang + "/") + doc.id + ": no raw page in the corpus");
  }
  return load_page_bytes(doc, read_file(doc.html_path));
}

Page load_page_bytes(const CorpusDoc& doc, std::string_view bytes) {
  const std::string where = doc.html_path.empty() ? doc.id : doc.html_path.string();
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
  p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  return p;
}

std::string load_gold_bytes(const CorpusDoc& doc) {
  if (doc.gold_path.empty()) {
    throw CorpusError((doc.lang.empty() ? "" : doc.lang + "/") + doc.id + ": no gold reference in the corpus");
  }
  return read_file(doc.gold_path);
}

}  // namespace detour::corpora
