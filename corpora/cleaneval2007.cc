// cleaneval2007: the CleanEval 2007 distribution reader (see cleaneval2007.h).
#include "corpora/cleaneval2007.h"

#include "corpora/decode.h"
#include "corpora/layout.h"

#include <algorithm>
#include <map>
#include <set>

namespace detour::corpora::cleaneval2007 {
namespace fs = std::filesystem;

namespace {

struct FolderPair {
  const char* html;
  const char* gold;
  const char* lang;
};

// The development set, one pair per language.
constexpr FolderPair kPairs[] = {
    {"en_original", "en_cleaned", "en"},   {"zh_original", "zh_cleaned", "zh"},
    {"en-original", "en-cleaned", "en"},   {"zh-original", "zh-cleaned", "zh"},
};
// The final test set (language ""), as distributed and as commonly mirrored: the
// first page folder present is paired with the first gold folder present.
constexpr const char* kFinalPages[] = {"input", "finalrun-input", "orig"};
constexpr const char* kFinalGold[] = {"gold_std", "GoldStandard", "goldstandard", "gold-standard", "clean"};

// How far into a page the wrapper's opening tag may end, and how much of each file is
// read when opening the corpus.
constexpr std::size_t kHeaderBytes = 8192;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }

bool present(const fs::path& p) { return is_dir(p); }

// N from "N.html", "N.htm", "N.txt", "N-annotator.txt": the leading run before the
// first '.' or '-' (the whole name when it has neither).
std::string id_of(const std::string& name) {
  std::size_t e = name.find_first_of(".-");
  if (e == 0 || e == std::string::npos) return name;
  return name.substr(0, e);
}

// Natural order for numbered ids ("2" before "10"), then by name.
bool id_less(const std::string& a, const std::string& b) {
  bool na = !a.empty() && std::all_of(a.begin(), a.end(), [](char c) { return c >= '0' && c <= '9'; });
  bool nb = !b.empty() && std::all_of(b.begin(), b.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (na && nb && a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

}  // namespace

std::optional<TextWrapper> parse_text_wrapper(std::string_view s) {
  std::size_t i = 0;
  if (s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < s.size() && is_space(s[i])) ++i;
  if (i + 6 > s.size()) return std::nullopt;
  const char* open = "<text";
  for (int k = 0; k < 5; ++k) {
    if (lower(s[i + k]) != open[k]) return std::nullopt;
  }
  if (!is_space(s[i + 5]) && s[i + 5] != '>') return std::nullopt;
  std::size_t p = i + 5;
  TextWrapper w;
  // Attributes: name = "value" | 'value' | value, until '>'.
  while (p < s.size() && p < kHeaderBytes) {
    while (p < s.size() && is_space(s[p])) ++p;
    if (p >= s.size()) return std::nullopt;
    if (s[p] == '>') break;
    std::size_t nb = p;
    while (p < s.size() && !is_space(s[p]) && s[p] != '=' && s[p] != '>') ++p;
    std::string name;
    for (std::size_t k = nb; k < p; ++k) name += lower(s[k]);
    while (p < s.size() && is_space(s[p])) ++p;
    std::string value;
    if (p < s.size() && s[p] == '=') {
      ++p;
      while (p < s.size() && is_space(s[p])) ++p;
      if (p < s.size() && (s[p] == '"' || s[p] == '\'')) {
        char q = s[p++];
        std::size_t e = s.find(q, p);
        if (e == std::string_view::npos) return std::nullopt;
        value.assign(s.substr(p, e - p));
        p = e + 1;
      } else {
        std::size_t vb = p;
        while (p < s.size() && !is_space(s[p]) && s[p] != '>') ++p;
        value.assign(s.substr(vb, p - vb));
      }
    }
    if (name == "id") w.id = value;
    else if (name == "title") w.title = value;
    else if (name == "encoding") w.encoding = value;
  }
  if (p >= s.size() || s[p] != '>') return std::nullopt;
  w.body_begin = p + 1;
  // Closing tag: the last "</text>" if only whitespace follows it.
  std::size_t end = s.size();
  while (end > w.body_begin && is_space(s[end - 1])) --end;
  constexpr std::string_view close = "</text>";
  if (end >= w.body_begin + close.size()) {
    bool match = true;
    for (std::size_t k = 0; k < close.size(); ++k) {
      if (lower(s[end - close.size() + k]) != close[k]) match = false;
    }
    if (match) end -= close.size();
  }
  w.body_end = std::max(end, w.body_begin);
  return w;
}

std::string_view strip_text_wrapper(std::string_view bytes) {
  auto w = parse_text_wrapper(bytes);
  if (!w) return bytes;
  return bytes.substr(w->body_begin, w->body_end - w->body_begin);
}

std::string gold_url(std::string_view g) {
  std::size_t i = 0;
  if (g.size() >= 3 && g.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < g.size() && is_space(g[i])) ++i;
  if (g.substr(i, 4) != "URL:") return {};
  i += 4;
  while (i < g.size() && (g[i] == ' ' || g[i] == '\t')) ++i;
  std::size_t e = i;
  while (e < g.size() && g[e] != '\n' && g[e] != '\r') ++e;
  while (e > i && is_space(g[e - 1])) --e;
  return std::string(g.substr(i, e - i));
}

std::string gold_file_url(const fs::path& file) {
  if (!io::not_a_file_reason(file).empty()) return {};  // other entries fail when loaded
  std::string head;
  try {
    head = io::read_file_prefix(file, kHeaderBytes);
  } catch (const std::exception&) {
    return {};  // unreadable: loading the gold reports it
  }
  if (!text_needs_decoding(head)) return gold_url(head);
  // A cut UTF-8 sequence at the end of the prefix is not a reason to detect a charset.
  std::size_t keep = head.size();
  for (std::size_t k = 0; k < 3 && keep > 0 && (static_cast<unsigned char>(head[keep - 1]) & 0xC0) == 0x80; ++k) --keep;
  if (keep > 0 && static_cast<unsigned char>(head[keep - 1]) >= 0xC0) --keep;
  if (!text_needs_decoding(std::string_view(head).substr(0, keep))) return gold_url(std::string_view(head).substr(0, keep));
  try {
    return gold_url(decode_text(head).utf8);
  } catch (const std::exception&) {
    return {};
  }
}

namespace {

// The final set's folder pair present under `root` ({"", ""} if none; one side ""
// when only the other is there).
std::pair<std::string, std::string> final_pair(const fs::path& root) {
  std::pair<std::string, std::string> fp;
  for (const char* h : kFinalPages)
    if (present(root / h)) {
      fp.first = h;
      break;
    }
  for (const char* g : kFinalGold)
    if (present(root / g)) {
      fp.second = g;
      break;
    }
  // orig/ and clean/ (the folders of WCEB's raw CleanEval) are too common as names
  // to stand alone.
  if (fp.first == "orig" && fp.second.empty()) fp.first.clear();
  if (fp.second == "clean" && fp.first.empty()) fp.second.clear();
  return fp;
}

}  // namespace

bool looks_like(const fs::path& root) {
  for (const auto& fp : kPairs) {
    if (present(root / fp.html) || present(root / fp.gold)) return true;
  }
  auto [h, g] = final_pair(root);
  return !h.empty() || !g.empty();
}

Corpus open(const fs::path& root, const OpenOptions&) {
  Corpus c;
  c.root = root;
  c.format = "cleaneval2007";
  c.cleaneval_gold = true;
  std::set<std::string> langs;
  std::vector<FolderPair> pairs(std::begin(kPairs), std::end(kPairs));
  auto [final_html, final_gold] = final_pair(root);
  if (!final_html.empty() || !final_gold.empty())
    pairs.push_back({final_html.empty() ? kFinalPages[0] : final_html.c_str(),
                     final_gold.empty() ? kFinalGold[0] : final_gold.c_str(), ""});
  for (const auto& fp : pairs) {
    fs::path hdir = root / fp.html, gdir = root / fp.gold;
    bool has_h = present(hdir), has_g = present(gdir);
    if (!has_h && !has_g) continue;
    const std::string lang = fp.lang;
    const std::string where = lang.empty() ? std::string() : lang + "/";
    langs.insert(lang);
    if (!has_h) c.warnings.push_back(root.string() + ": " + fp.gold + " without " + fp.html);
    if (!has_g) c.warnings.push_back(root.string() + ": " + fp.html + " without " + fp.gold);
    std::map<std::string, std::string> pages, golds;  // id -> file name
    if (has_h) {
      for (const auto& f : list_documents(hdir)) {
        auto [it, fresh] = pages.emplace(id_of(f), f);
        if (!fresh) c.warnings.push_back(where + f + ": duplicate page id " + it->first + " (ignored)");
      }
    }
    if (has_g) {
      for (const auto& f : list_documents(gdir)) {
        auto [it, fresh] = golds.emplace(id_of(f), f);
        if (!fresh) c.warnings.push_back(where + f + ": duplicate gold id " + it->first + " (ignored)");
      }
    }
    std::set<std::string> ids;
    for (const auto& [id, f] : pages) ids.insert(id);
    for (const auto& [id, f] : golds) ids.insert(id);
    for (const auto& id : ids) {
      CorpusDoc d;
      d.lang = lang;
      d.id = id;
      if (auto it = pages.find(id); it != pages.end()) {
        d.html_path = hdir / it->second;
        if (io::not_a_file_reason(d.html_path).empty())  // other entries fail when loaded
          if (auto w = parse_text_wrapper(io::read_file_prefix(d.html_path, kHeaderBytes))) d.given_charset = w->encoding;
      } else {
        c.warnings.push_back(where + id + ": gold without page");
      }
      if (auto it = golds.find(id); it != golds.end()) {
        d.gold_path = gdir / it->second;
        d.url = gold_file_url(d.gold_path);
      } else {
        c.warnings.push_back(where + id + ": page without gold");
      }
      c.docs.push_back(std::move(d));
    }
  }
  if (langs.empty()) throw CorpusError(root.string() + ": no CleanEval 2007 folders (e.g. input/ and gold_std/)");
  c.languages.assign(langs.begin(), langs.end());
  std::sort(c.docs.begin(), c.docs.end(), [](const CorpusDoc& a, const CorpusDoc& b) {
    if (a.lang != b.lang) return a.lang < b.lang;
    return id_less(a.id, b.id);
  });
  return c;
}

}  // namespace detour::corpora::cleaneval2007
