// Reader "daniel": the DANIEL corpus (Deturck 2015) and detour's own layout.
//
// Layout: ROOT/<lang>/html/<id> (raw pages) and ROOT/<lang>/gold/<id> (gold
// references, CleanEval-style text), one folder per language; optional
// ROOT/annotations.json (DANIEL's metadata: each entry's "path" is a page id and its
// "url" the page's URL).
// Pairing: a page and a gold file with the same name; else the same name without a
// .html, .htm or .txt extension (DANIEL stores one page as <id>.html beside gold
// <id>), with a warning. Unpaired files are documents with one side missing, each
// with a warning; entries that are not files are documents that fail on loading.
// Language: the name of the folder.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

// The language folders of a root: subfolders holding html/ or gold/.
std::vector<std::string> language_folders(const fs::path& root) {
  std::vector<std::string> langs;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (io::hidden_name(name) || !it->is_directory()) continue;
    if (!is_dir(it->path() / "html") && !is_dir(it->path() / "gold")) continue;
    langs.push_back(name);
  }
  if (ec) fail(root, "cannot list: " + io::errno_reason(ec.value()));
  std::sort(langs.begin(), langs.end());
  return langs;
}

// id -> url from DANIEL's annotations.json; warnings on a malformed file.
std::map<std::string, std::string> load_urls(const fs::path& file, std::vector<std::string>& warnings) {
  std::map<std::string, std::string> urls;
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return urls;
  try {
    nlohmann::json j = nlohmann::json::parse(io::read_file(file));
    if (!j.is_object()) {
      warnings.push_back(file.string() + ": not a JSON object; URLs not loaded");
      return urls;
    }
    for (const auto& [key, entry] : j.items()) {
      if (!entry.is_object()) continue;
      auto p = entry.find("path");
      auto u = entry.find("url");
      if (p != entry.end() && u != entry.end() && p->is_string() && u->is_string())
        urls[p->get<std::string>()] = u->get<std::string>();
    }
  } catch (const nlohmann::json::exception& e) {
    warnings.push_back(file.string() + ": invalid JSON (" + e.what() + "); URLs not loaded");
  }
  return urls;
}

}  // namespace

bool detect_daniel(const fs::path& root) { return is_dir(root) && !language_folders(root).empty(); }

Corpus open_daniel(const fs::path& root, const OpenOptions&) {
  if (!is_dir(root)) fail(root, "not a folder (a corpus root was expected)");
  Corpus c;
  c.root = root;
  const std::vector<std::string> langs = language_folders(root);
  if (langs.empty()) fail(root, "no <lang>/html or <lang>/gold folders (not a DANIEL-layout corpus)");
  for (const auto& lang : langs) {
    if (!is_valid_utf8(lang))
      fail(root / lang, "language folder name is not valid UTF-8 (rename it: languages are written to UTF-8 results)");
    const fs::path ldir = root / lang;
    if (!is_dir(ldir / "html")) c.warnings.push_back(lang + ": no html/ folder");
    if (!is_dir(ldir / "gold")) c.warnings.push_back(lang + ": no gold/ folder");
    pair_by_name(ldir / "html", ldir / "gold", lang, c);
  }
  auto urls = load_urls(root / "annotations.json", c.warnings);
  for (auto& d : c.docs) {
    auto it = urls.find(d.id);
    if (it == urls.end()) it = urls.find(stem_of(d.id));
    if (it != urls.end()) d.url = it->second;
  }
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
