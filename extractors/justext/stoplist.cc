// stoplist: loading jusText stop-word lists (see stoplist.h).
#include "extractors/justext/stoplist.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/hash.h"
#include "extractors/justext/embedded.h"
#include "extractors/justext/pytext.h"

namespace detour::justext {
namespace {

// ISO 639-1 code -> jusText 3.0.2 stoplist name (languages without a 639-1 code, such
// as Aromanian or Lombard, are reachable by their jusText name only).
constexpr std::pair<std::string_view, std::string_view> kLanguages[] = {
    {"af", "Afrikaans"}, {"sq", "Albanian"}, {"ar", "Arabic"}, {"an", "Aragonese"},
    {"hy", "Armenian"}, {"az", "Azerbaijani"}, {"eu", "Basque"}, {"be", "Belarusian"},
    {"bn", "Bengali"}, {"bs", "Bosnian"}, {"br", "Breton"}, {"bg", "Bulgarian"},
    {"ca", "Catalan"}, {"zh", "Chinese"}, {"cv", "Chuvash"}, {"hr", "Croatian"},
    {"cs", "Czech"}, {"da", "Danish"}, {"nl", "Dutch"}, {"en", "English"},
    {"eo", "Esperanto"}, {"et", "Estonian"}, {"fi", "Finnish"}, {"fr", "French"},
    {"gl", "Galician"}, {"ka", "Georgian"}, {"de", "German"}, {"el", "Greek"},
    {"gu", "Gujarati"}, {"ht", "Haitian"}, {"he", "Hebrew"}, {"hi", "Hindi"},
    {"hu", "Hungarian"}, {"is", "Icelandic"}, {"io", "Ido"}, {"ig", "Igbo"},
    {"id", "Indonesian"}, {"ga", "Irish"}, {"it", "Italian"}, {"jv", "Javanese"},
    {"kn", "Kannada"}, {"kk", "Kazakh"}, {"ko", "Korean"}, {"ku", "Kurdish"},
    {"ky", "Kyrgyz"}, {"la", "Latin"}, {"lv", "Latvian"}, {"lt", "Lithuanian"},
    {"lb", "Luxembourgish"}, {"mk", "Macedonian"}, {"ms", "Malay"}, {"ml", "Malayalam"},
    {"mt", "Maltese"}, {"mr", "Marathi"}, {"ne", "Nepali"}, {"nb", "Norwegian_Bokmal"},
    {"no", "Norwegian_Bokmal"}, {"nn", "Norwegian_Nynorsk"}, {"oc", "Occitan"},
    {"fa", "Persian"}, {"pl", "Polish"}, {"pt", "Portuguese"}, {"qu", "Quechua"},
    {"ro", "Romanian"}, {"ru", "Russian"}, {"sr", "Serbian"}, {"sh", "Serbo_Croatian"},
    {"sk", "Slovak"}, {"sl", "Slovenian"}, {"es", "Spanish"}, {"su", "Sundanese"},
    {"sw", "Swahili"}, {"sv", "Swedish"}, {"tl", "Tagalog"}, {"ta", "Tamil"},
    {"te", "Telugu"}, {"tr", "Turkish"}, {"tk", "Turkmen"}, {"uk", "Ukrainian"},
    {"ur", "Urdu"}, {"uz", "Uzbek"}, {"vi", "Vietnamese"}, {"vo", "Volapuk"},
    {"wa", "Walloon"}, {"cy", "Welsh"}, {"fy", "West_Frisian"}, {"yo", "Yoruba"},
};

std::string to_lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return out;
}

std::string hex12(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return std::string(buf, 12);
}

std::string read_all(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw StoplistError(file.string() + ": cannot open");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string fnv_hash(std::vector<std::string> words) {
  if (words.empty()) return "empty";
  std::sort(words.begin(), words.end());
  std::uint64_t h = kFnvLegacySeed;
  for (const auto& w : words) {
    h = fnv1a(w, h);
    h = fnv1a("\n", h);
  }
  return hex12(h);
}

const char* kHowTo =
    " (point detour at a folder of jusText <Language>.txt stoplists or at a stopwords-iso "
    "JSON file with the extractor's stoplists setting or the DETOUR_STOPLISTS environment "
    "variable)";

// Python bytes.splitlines(): \n, \r and \r\n end a line.
std::vector<std::string> split_lines(std::string_view bytes) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\n' || bytes[i] == '\r') {
      lines.emplace_back(bytes, start, i - start);
      if (bytes[i] == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n') ++i;
      start = i + 1;
    }
  }
  if (start < bytes.size()) lines.emplace_back(bytes, start, std::string::npos);
  return lines;
}

std::vector<std::string> read_lines(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    throw StoplistError(file.string() + ": cannot open stoplist file" + kHowTo);
  return split_lines(read_all(file));
}


}  // namespace

Stoplist::Stoplist(const std::vector<std::string>& words, std::string source)
    : source_(std::move(source)) {
  std::string low;
  for (const auto& w : words) {
    py::lower(w, low);
    words_.insert(low);
  }
  hash_ = fnv_hash(std::vector<std::string>(words_.begin(), words_.end()));
}

std::string justext_language(std::string_view code) {
  const std::string c = to_lower_ascii(code);
  for (const auto& [iso, name] : kLanguages) {
    if (iso == c) return std::string(name);
    if (to_lower_ascii(name) == c) return std::string(name);
  }
  return {};
}

std::string iso_code(std::string_view justext_name) {
  for (const auto& [iso, name] : kLanguages)
    if (name == justext_name) return std::string(iso);
  return {};
}

std::filesystem::path default_stoplist_source() {
  if (const char* env = std::getenv("DETOUR_STOPLISTS"); env && *env) return env;
  return {};  // the lists embedded in the binary
}

std::string source_hash(const std::filesystem::path& source) {
  std::error_code ec;
  try {
    std::uint64_t h = kFnvLegacySeed;
    if (source.empty()) {  // embedded: the same hash as the folder they come from
      for (std::size_t i = 0; i < embedded::kEmbeddedFileCount; ++i) {
        h = fnv1a(embedded::kEmbeddedFiles[i].name, h);
        h = fnv1a(embedded::kEmbeddedFiles[i].bytes, h);
      }
      return hex12(h);
    }
    if (std::filesystem::is_directory(source, ec)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::directory_iterator(source))
        if (e.is_regular_file() && e.path().extension() == ".txt") files.push_back(e.path());
      if (files.empty()) return "missing";
      std::sort(files.begin(), files.end());
      for (const auto& f : files) {
        h = fnv1a(f.filename().string(), h);
        h = fnv1a(read_all(f), h);
      }
      return hex12(h);
    }
    if (std::filesystem::is_regular_file(source, ec)) return hex12(fnv1a(read_all(source), h));
  } catch (const std::exception&) {
  }
  return "missing";
}

Stoplist load_stoplist(const std::filesystem::path& source, std::string_view language) {
  if (source.empty()) {
    std::string name = justext_language(language);
    if (name.empty()) name = std::string(language);
    const std::string file = name + ".txt";
    if (auto bytes = find_embedded(embedded::kEmbeddedFiles, embedded::kEmbeddedFileCount, file))
      return Stoplist(split_lines(*bytes), "justext-embedded:" + name);
    throw StoplistError("no stoplist for language '" + std::string(language) +
                        "' among the lists embedded in detour (resources/stoplists/justext)" + kHowTo);
  }
  std::error_code ec;
  if (!std::filesystem::exists(source, ec))
    throw StoplistError(source.string() + ": stoplist source does not exist" + kHowTo);
  if (std::filesystem::is_directory(source, ec)) {
    std::string name = justext_language(language);
    if (name.empty()) name = std::string(language);
    const auto file = source / (name + ".txt");
    if (!std::filesystem::is_regular_file(file, ec))
      throw StoplistError(file.string() + ": no stoplist for language '" + std::string(language) +
                          "'" + kHowTo);
    return Stoplist(read_lines(file), "justext-dir:" + name);
  }
  // A stopwords-iso JSON file: {"en": [...], ...}.
  std::ifstream in(source, std::ios::binary);
  if (!in) throw StoplistError(source.string() + ": cannot open stoplist file" + kHowTo);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw StoplistError(source.string() + ": not a stopwords-iso JSON file (" + e.what() + ")" +
                        kHowTo);
  }
  std::string code = to_lower_ascii(language);
  if (code.size() > 2) code = iso_code(justext_language(language));
  if (!doc.is_object() || !doc.contains(code) || !doc[code].is_array())
    throw StoplistError(source.string() + ": no list for language '" + std::string(language) +
                        "' (expected a JSON object keyed by ISO 639-1 codes)" + kHowTo);
  std::vector<std::string> words;
  for (const auto& w : doc[code]) {
    if (!w.is_string())
      throw StoplistError(source.string() + ": list '" + code + "' holds a non-string entry");
    words.push_back(w.get<std::string>());
  }
  return Stoplist(words, "stopwords-iso:" + code);
}

}  // namespace detour::justext
