// Reader "jsonl": one JSON object a line, the interchange shape of newer extraction
// benchmarks: the page and its gold text in one record.
//
// Layout: a file (ROOT is the file itself, e.g. corpus.jsonl; .jsonl, .ndjson, or
// either gzip-compressed with .gz) holding, per line, an object with
//   id        "id", else "page_id", "doc_id" or "track_id" (a string or a number)
//   page      "html", else "raw_html" or "page" (a string)
//   gold      "gold", else "gold_text", "text", "plaintext", "main_content",
//             "content" or "articleBody" (a string)
//   language  "lang", else "language" (optional)
//   url       "url" (optional); dataset "dataset" (optional)
// Blank lines are skipped. Every line is one document; a missing page or gold makes
// a document with that side missing, with a warning; a repeated id is ignored with a
// warning; a line that is not such an object fails the whole corpus, naming the line.
// Pairing: none needed (both sides are inline).
// Language: the record's "lang"/"language", else none (""; `--lang` fills it).
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

// The first of `keys` present in `j` with a string value (numbers too for ids).
const nlohmann::json* present_field(const nlohmann::json& j, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (auto it = j.find(k); it != j.end() && !it->is_null()) return &*it;
  return nullptr;
}

}  // namespace

bool detect_jsonl(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_regular_file(root, ec)) return false;
  std::string name = root.filename().string();
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  return name.ends_with(".jsonl") || name.ends_with(".ndjson");
}

Corpus open_jsonl(const fs::path& root, const OpenOptions&) {
  std::string bytes = text_of_file_bytes(read_doc_file_inflated(root), root);
  Corpus c;
  c.root = root;
  std::map<std::pair<std::string, std::string>, std::size_t> seen;
  std::size_t pos = 0, line_no = 0;
  while (pos < bytes.size()) {
    std::size_t end = bytes.find('\n', pos);
    if (end == std::string::npos) end = bytes.size();
    std::string_view line(bytes.data() + pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const std::string at = "line " + std::to_string(line_no);
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      fail(root, at + ": invalid JSON: " + e.what());
    }
    if (!j.is_object()) fail(root, at + ": not a JSON object");
    const nlohmann::json* id = present_field(j, {"id", "page_id", "doc_id", "track_id"});
    if (!id || !(id->is_string() || id->is_number_integer() || id->is_number_unsigned()))
      fail(root, at + ": no id (\"id\", \"page_id\", \"doc_id\" or \"track_id\": a string or an integer)");
    CorpusDoc d;
    d.id = id->is_string() ? id->get<std::string>() : id->dump();
    if (d.id.empty() || d.id.find('/') != std::string::npos || d.id == "." || d.id == "..")
      fail(root, at + ": id '" + d.id + "' cannot name a file (empty, '.', '..' or with '/')");
    auto str = [&](std::initializer_list<const char*> keys, const char* what) -> const std::string* {
      const nlohmann::json* v = present_field(j, keys);
      if (!v) return nullptr;
      if (!v->is_string()) fail(root, at + ": " + what + " is not a string");
      return &v->get_ref<const std::string&>();
    };
    if (auto* l = str({"lang", "language"}, "the language")) d.lang = *l;
    if (auto* u = str({"url"}, "the url")) d.url = *u;
    if (auto* ds = str({"dataset"}, "the dataset")) d.dataset = *ds;
    if (auto* h = str({"html", "raw_html", "page"}, "the page")) d.html_inline = std::make_shared<const std::string>(*h);
    if (auto* g = str({"gold", "gold_text", "text", "plaintext", "main_content", "content", "articleBody"},
                      "the gold text"))
      d.gold_inline = std::make_shared<const std::string>(*g);
    if (auto [it, fresh] = seen.emplace(std::make_pair(d.dataset + "/" + d.lang, d.id), line_no); !fresh) {
      c.warnings.push_back(d.where() + ": repeated id on " + at + " (first on line " + std::to_string(it->second) +
                           "; ignored)");
      continue;
    }
    if (!d.html_inline) c.warnings.push_back(d.where() + ": no page (\"html\") on " + at);
    if (!d.gold_inline) c.warnings.push_back(d.where() + ": no gold text (\"gold\") on " + at);
    c.docs.push_back(std::move(d));
  }
  if (c.docs.empty()) fail(root, "no records (a JSONL corpus holds one JSON object a line)");
  c.plain_text_gold = true;
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
