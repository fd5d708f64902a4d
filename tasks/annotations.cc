#include "tasks/annotations.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "base/hash.h"
#include "base/io.h"

namespace detour::tasks {

namespace {

std::string_view stem(std::string_view id) {
  for (std::string_view ext : {".html", ".htm", ".txt"}) {
    if (id.size() > ext.size()) {
      std::string tail(id.substr(id.size() - ext.size()));
      std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
      if (tail == ext) return id.substr(0, id.size() - ext.size());
    }
  }
  return id;
}

std::string string_field(const nlohmann::json& o, std::initializer_list<const char*> names) {
  for (const char* n : names) {
    auto it = o.find(n);
    if (it != o.end() && it->is_string()) return it->get<std::string>();
  }
  return {};
}

}  // namespace

std::string corpus_language(std::string_view code) {
  if (code == "cn") return "zh";
  return std::string(code);
}

const Annotation* Annotations::find(std::string_view lang, std::string_view id) const {
  auto it = index.find({std::string(lang), std::string(id)});
  if (it == index.end()) it = index.find({std::string(lang), std::string(stem(id))});
  return it == index.end() ? nullptr : &items[it->second];
}

Annotations read_annotations(const std::filesystem::path& file) {
  Annotations a;
  a.path = file;
  const std::string bytes = io::read_file(file);
  a.hash = hash_hex(fnv1a(bytes));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(bytes);
  } catch (const nlohmann::json::exception& e) {
    throw io::IoError(file.string() + ": not JSON (" + e.what() + ")");
  }
  if (!j.is_object()) throw io::IoError(file.string() + ": not a JSON object keyed by annotation id");
  for (const auto& [key, v] : j.items()) {
    if (!v.is_object()) {
      a.warnings.push_back(key + ": not an object; skipped");
      continue;
    }
    Annotation an;
    an.key = key;
    an.id = string_field(v, {"path"});
    if (an.id.empty()) {
      std::string p = string_field(v, {"document_path"});
      an.id = std::filesystem::path(p).filename().string();
    }
    an.lang = corpus_language(string_field(v, {"langue", "language", "lang"}));
    auto ev = v.find("annotations");
    if (an.id.empty() || an.lang.empty() || ev == v.end() || !ev->is_array() || ev->empty() ||
        !(*ev)[0].is_array() || (*ev)[0].empty() || !(*ev)[0][0].is_string()) {
      a.warnings.push_back(key + ": no page id, language or events; skipped");
      continue;
    }
    const auto& first = (*ev)[0];
    an.relevant = first[0].get<std::string>() != "N";
    if (an.relevant) {
      an.label = first[0].get<std::string>();
      if (first.size() > 1 && first[1].is_string()) an.place = first[1].get<std::string>();
    }
    a.items.push_back(std::move(an));
  }
  std::stable_sort(a.items.begin(), a.items.end(),
                   [](const Annotation& x, const Annotation& y) { return std::tie(x.lang, x.id) < std::tie(y.lang, y.id); });
  std::vector<Annotation> kept;
  for (auto& an : a.items) {
    auto key = std::make_pair(an.lang, an.id);
    if (a.index.count(key)) {
      a.warnings.push_back(an.key + ": page " + an.lang + "/" + an.id + " annotated twice; the first kept");
      continue;
    }
    a.index.emplace(key, kept.size());
    kept.push_back(std::move(an));
  }
  a.items = std::move(kept);
  return a;
}

}  // namespace detour::tasks
