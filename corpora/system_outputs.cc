// system_outputs: see system_outputs.h.
#include "corpora/system_outputs.h"

#include <nlohmann/json.hpp>

#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

const nlohmann::json* first_field(const nlohmann::json& j, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (auto it = j.find(k); it != j.end()) return &*it;
  return nullptr;
}

}  // namespace

SystemOutputs read_system_outputs(const fs::path& file) {
  // Decoded as text files are (decode.h): a UTF-16 file with a byte-order mark reads too.
  std::string bytes = text_of_file_bytes(read_doc_file_inflated(file), file);
  SystemOutputs out;
  std::size_t first = bytes.find_first_not_of(" \t\r\n");
  // A single JSON object spanning the file: the Scrapinghub shape. JSON lines start
  // with an object too, so try the whole file first.
  if (first != std::string::npos && bytes[first] == '{') {
    nlohmann::json j = nlohmann::json::parse(bytes, nullptr, false);
    if (!j.is_discarded() && j.is_object() && !first_field(j, {"page_id", "id", "doc_id", "track_id"})) {
      out.format = "scrapinghub-json";
      const nlohmann::json* body = &j;
      if (j.size() == 2 && j.contains("version") && j.contains("output") && j["output"].is_object()) {
        if (j["version"].is_string()) out.version = j["version"].get<std::string>();
        else if (!j["version"].is_null()) out.version = j["version"].dump();
        body = &j["output"];
      }
      for (const auto& [id, entry] : body->items()) {
        if (!entry.is_object()) fail(file, "entry " + id + " is not an object with an \"articleBody\"");
        auto a = entry.find("articleBody");
        if (a != entry.end() && !a->is_null() && !a->is_string())
          fail(file, "entry " + id + ": articleBody is not a string");
        out.by_id[id] = a != entry.end() && a->is_string() ? a->get<std::string>() : std::string();
      }
      return out;
    }
  }
  out.format = "jsonl";
  std::size_t pos = 0, line_no = 0;
  while (pos < bytes.size()) {
    std::size_t end = bytes.find('\n', pos);
    if (end == std::string::npos) end = bytes.size();
    std::string_view line(bytes.data() + pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const std::string at = "line " + std::to_string(line_no);
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      fail(file, at + ": not a JSON object (system outputs: a Scrapinghub output JSON, or JSON lines)");
    const nlohmann::json* id = first_field(j, {"page_id", "id", "doc_id", "track_id"});
    if (!id || !(id->is_string() || id->is_number_integer() || id->is_number_unsigned()))
      fail(file, at + ": no id (\"page_id\", \"id\", \"doc_id\" or \"track_id\")");
    const std::string key = id->is_string() ? id->get<std::string>() : id->dump();
    const nlohmann::json* text = first_field(j, {"plaintext", "text", "output", "articleBody", "content", "extracted"});
    if (text && !text->is_null() && !text->is_string()) fail(file, at + ": the output text is not a string");
    if (out.by_id.count(key)) fail(file, at + ": id " + key + " repeated");
    out.by_id[key] = text && text->is_string() ? text->get<std::string>() : std::string();
  }
  return out;
}

}  // namespace detour::corpora
