// layout: see layout.h.
#include "corpora/layout.h"

#include <algorithm>
#include <map>
#include <set>

#include "corpora/decode.h"

namespace detour::corpora {
namespace fs = std::filesystem;

void fail(const fs::path& path, const std::string& reason) { throw CorpusError(path.string() + ": " + reason); }

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

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return !p.empty() && fs::is_directory(p, ec);
}

std::vector<std::string> list_documents(const fs::path& dir) {
  std::vector<std::string> names = io::list_entries(dir);
  for (const auto& n : names)
    if (!is_valid_utf8(n)) fail(dir / n, "file name is not valid UTF-8 (rename it: ids are written to UTF-8 results)");
  return names;
}

void pair_by_name(const fs::path& html_dir, const fs::path& gold_dir, const std::string& lang, Corpus& corpus) {
  std::vector<std::string> pages, golds;
  if (is_dir(html_dir)) pages = list_documents(html_dir);
  if (is_dir(gold_dir)) golds = list_documents(gold_dir);
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

void pair_by_key(const fs::path& html_dir, const fs::path& gold_dir, const std::string& lang, KeyOf page_key,
                 KeyOf gold_key, Corpus& corpus) {
  const std::string where = lang.empty() ? std::string() : lang + "/";
  std::map<std::string, std::string> pages, golds;  // key -> file name
  auto collect = [&](const fs::path& dir, KeyOf key, std::map<std::string, std::string>& out, const char* what) {
    if (!is_dir(dir)) return;
    for (const auto& f : list_documents(dir)) {
      auto [it, fresh] = out.emplace(key(f), f);
      if (!fresh) corpus.warnings.push_back(where + f + ": duplicate " + what + " id " + it->first + " (ignored)");
    }
  };
  collect(html_dir, page_key, pages, "page");
  collect(gold_dir, gold_key, golds, "gold");
  std::set<std::string> ids;
  for (const auto& [id, f] : pages) ids.insert(id);
  for (const auto& [id, f] : golds) ids.insert(id);
  for (const auto& id : ids) {
    CorpusDoc d;
    d.lang = lang;
    d.id = id;
    if (auto it = pages.find(id); it != pages.end()) d.html_path = html_dir / it->second;
    else corpus.warnings.push_back(where + id + ": gold without page");
    if (auto it = golds.find(id); it != golds.end()) d.gold_path = gold_dir / it->second;
    else corpus.warnings.push_back(where + id + ": page without gold");
    corpus.docs.push_back(std::move(d));
  }
}

void finish_corpus(Corpus& c) {
  std::sort(c.docs.begin(), c.docs.end(), [](const CorpusDoc& a, const CorpusDoc& b) {
    return std::tie(a.dataset, a.lang, a.id) < std::tie(b.dataset, b.lang, b.id);
  });
  std::set<std::string> langs;
  for (const auto& d : c.docs)
    if (!d.lang.empty()) langs.insert(d.lang);
  c.languages.assign(langs.begin(), langs.end());
}

}  // namespace detour::corpora
