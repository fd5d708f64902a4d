// The `daniel` task: DAnIEL (tasks/daniel/daniel.h) over each language's resource
// lists, one decision per document: relevant when the best disease candidate scores at
// least the ratio threshold; the label is the best disease, the place the location.
#include <charconv>
#include <cmath>
#include <memory>
#include <mutex>
#include <set>

#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"
#include "base/version.h"
#include "tasks/daniel/daniel.h"
#include "tasks/daniel/embeddia_lists.h"
#include "tasks/daniel/pyliteral.h"
#include "tasks/task.h"
#include "tasks/utf8.h"

namespace detour::tasks {

namespace {

namespace fs = std::filesystem;

// Shortest decimal form that reads back as the same double (as Python's repr).
std::string number(double v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

double parse_number(const std::string& key, const std::string& value) {
  double v = 0;
  auto r = std::from_chars(value.data(), value.data() + value.size(), v);
  if (r.ec != std::errc() || r.ptr != value.data() + value.size() || !std::isfinite(v))
    throw UsageError("task parameter " + key + "=" + value + ": not a number");
  return v;
}

struct LanguageLists {
  daniel::Lists lists;
  std::string disease_file, location_file;
  std::uint64_t disease_hash = 0, location_hash = 0;
  // The lists' index is built when the language's first text is decided, not by
  // prepare(): `run --task` prepares a task once to check its resources before the run
  // and again after it, and only the second decides texts.
  std::once_flag indexed;
};

// The keys of a dict literal as code points: in display order (a Python 3 dict), or
// in the order a Python 2 dict iterates them.
std::vector<std::u32string> keys_of(const nlohmann::ordered_json& j, const fs::path& file, bool python2_order) {
  if (!j.is_object()) throw ResourceError(file.string() + ": not a dict literal");
  std::vector<std::string> keys;
  keys.reserve(j.size());
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  std::vector<std::u32string> out;
  out.reserve(keys.size());
  if (python2_order) {
    for (std::size_t i : python2_dict_order(keys)) out.push_back(decode_utf8(keys[i]));
  } else {
    for (const auto& k : keys) out.push_back(decode_utf8(k));
  }
  return out;
}

class DanielTask final : public Task {
 public:
  explicit DanielTask(const TaskSettings& s) : dir_(s.resources) {
    for (const auto& [key, value] : s.params) {
      if (key == "ratio") {
        params_.ratio = parse_number(key, value);
      } else if (key == "location-min") {
        params_.location_min = parse_number(key, value);
      } else if (key == "max-bytes") {
        double v = parse_number(key, value);
        if (v < 1 || v > double(std::size_t{1} << 32) || v != std::floor(v))
          throw UsageError("task parameter max-bytes=" + value + ": must be a whole number from 1 to 2^32");
        max_bytes_ = static_cast<std::size_t>(v);
      } else if (key == "version") {
        if (value == "embeddia") params_.version = daniel::Version::Embeddia;
        else if (value == "original") params_.version = daniel::Version::Original;
        else throw UsageError("task parameter version=" + value + ": expected embeddia or original");
      } else if (key == "lists") {
        // Where the disease and location lists come from: the resources folder
        // (--task-resources or the default places), or a set built into detour.
        if (value != "folder" && value != "embeddia")
          throw UsageError("task parameter lists=" + value + ": expected folder or embeddia");
        embeddia_ = value == "embeddia";
      } else if (key == "repeats") {
        // How the repeats are found, not what: both give the same decisions (not in
        // the signature). "index": the lists' substring index (daniel/name_index.h),
        // "suffix-array": rstr_max's way for every text.
        if (value != "index" && value != "suffix-array")
          throw UsageError("task parameter repeats=" + value + ": expected index or suffix-array");
        use_index_ = value == "index";
      } else {
        throw UsageError(
            unknown_name_message("daniel task parameter", key,
                                 {"ratio", "location-min", "max-bytes", "version", "lists", "repeats"}));
      }
    }
    if (params_.ratio < 0 || params_.ratio > 1.1)
      throw UsageError("task parameter ratio=" + number(params_.ratio) + ": must be between 0 and 1.1");
  }

  std::string_view name() const override { return "daniel"; }

  std::string signature() const override {
    const auto& p = params_;
    const bool original = p.version == daniel::Version::Original;
    std::string s = std::string("task:daniel|port:") +
                    (original ? "rundimeco/daniel@ac1f5d0|scoring:original,headline-penalty=" +
                                    number(p.headline_penalty)
                              : std::string("EMBEDDIA/event-detection@431e711")) +
                    "|ratio:" + number(p.ratio) +
                    "|location-min:" + number(p.location_min) + "|penalty:" + number(p.disease_penalty) + "/" +
                    number(p.location_penalty) + "|bonus:header=" + number(p.header_bonus) +
                    ",title=" + number(p.title_bonus) + "|full-ratio:" + number(p.full_ratio) +
                    "|zoning:p-or-lines,min-zones=" + std::to_string(p.min_zones) +
                    ",min-sentences=" + std::to_string(p.min_sentences) +
                    (original ? std::string(",no-header-merge")
                              : ",header-ends=" + std::to_string(p.header_sentence_ends) + ",no-merge=" + p.no_header_merge) +
                    "|max-bytes:" + std::to_string(max_bytes_) +
                    (embeddia_ ? "|lists:embeddia@" + std::string(daniel::embeddia::kOrigin.substr(
                                                          daniel::embeddia::kOrigin.find('@') + 1))
                               : std::string()) +
                    "|res:";
    bool first = true;
    for (const auto& [lang, l] : langs_) {
      if (!first) s += ",";
      first = false;
      s += l->disease_file + "=" + hash_hex(l->disease_hash) + "," + l->location_file + "=" + hash_hex(l->location_hash);
    }
    if (first) s += "none";
    return s + "|version:" + std::string(detour_version());
  }

  void prepare(const std::vector<std::string>& languages) override {
    // The original reads its lists with Python 2 (str literals are bytes) and joins the
    // names in a Python 2 dict's order.
    const bool original = params_.version == daniel::Version::Original;
    for (const std::string& lang : languages) {
      if (langs_.count(lang)) continue;
      if (lang.empty()) throw ResourceError("task daniel: a page without a language (use --lang)");
      auto owned = std::make_unique<LanguageLists>();
      LanguageLists& l = *owned;
      l.disease_file = "diseases_" + lang + ".json";
      l.location_file = "locations_" + lang + ".json";
      auto load = [&](const std::string& name, std::uint64_t& hash) {
        const fs::path file = where() / name;
        std::string bytes;
        if (embeddia_) {
          bytes = embedded_list(name, lang);
        } else {
          try {
            bytes = io::read_file(file, std::size_t{64} << 20);
          } catch (const io::IoError& e) {
            throw ResourceError(std::string("task daniel, language ") + lang + ": " + e.what());
          }
        }
        hash = fnv1a(bytes);
        try {
          return parse_py_literal(bytes, original);
        } catch (const PyLiteralError& e) {
          throw ResourceError(file.string() + ": " + e.what());
        }
      };
      const fs::path dfile = where() / l.disease_file, lfile = where() / l.location_file;
      l.lists.diseases = keys_of(load(l.disease_file, l.disease_hash), dfile, original);
      nlohmann::ordered_json loc = load(l.location_file, l.location_hash);
      l.lists.locations = keys_of(loc, lfile, original);
      if (!loc.contains("default_value") || !loc["default_value"].is_string())
        throw ResourceError(lfile.string() + ": no \"default_value\" string (the language's default location)");
      l.lists.default_location = decode_utf8(loc["default_value"].get<std::string>());
      for (const auto* names : {&l.lists.diseases, &l.lists.locations})
        for (const auto& n : *names)
          if (n.empty()) throw ResourceError((names == &l.lists.diseases ? dfile : lfile).string() + ": an empty name");
      langs_.emplace(lang, std::move(owned));
    }
  }

  Decision decide(const TaskDoc& doc) const override {
    auto it = langs_.find(std::string(doc.lang));
    if (it == langs_.end()) throw std::runtime_error("no resources prepared for language '" + std::string(doc.lang) + "'");
    LanguageLists& l = *it->second;
    if (use_index_) std::call_once(l.indexed, [&] { daniel::index_lists(l.lists, params_); });
    Decision d;
    std::string_view bytes = doc.text;
    if (bytes.find_first_not_of(" \t\n\r\f\v") == std::string_view::npos) d.conditions.push_back("empty");
    if (bytes.find("<p>") == std::string_view::npos) d.conditions.push_back("no-p");
    if (bytes.size() > max_bytes_) {
      std::size_t cut = max_bytes_;
      while (cut > 0 && (static_cast<unsigned char>(bytes[cut]) & 0xC0) == 0x80) --cut;
      bytes = bytes.substr(0, cut);
      d.conditions.push_back("truncated");
    }
    std::size_t invalid = 0;
    thread_local std::u32string buffer;
    const std::size_t length = decode_utf8_into(bytes, buffer, &invalid);
    const std::u32string_view text(buffer.data(), length);
    if (invalid) d.conditions.push_back("invalid-utf8");

    thread_local RepeatFinder finder;
    // The evidence shows the best kShown candidates of each list: no more are kept.
    constexpr std::size_t kShown = 3;
    const daniel::Analysis a =
        daniel::analyze(text, doc.lang, l.lists, params_, finder, /*positions=*/false, /*keep=*/kShown);
    const daniel::Lists& lists = l.lists;
    d.relevant = a.relevant;
    d.evidence.emplace_back("zoning", std::string(daniel::zoning_name(a.zoning)) + (a.header_merged ? "+header" : ""));
    d.evidence.emplace_back("zones", std::to_string(a.zones));
    if (!a.diseases.empty()) {
      d.label = encode_utf8(lists.diseases[a.diseases[0].name]);
      d.score = a.diseases[0].score;
      d.place = encode_utf8(a.location);
    }
    auto describe = [](const std::vector<daniel::Candidate>& cs, const std::vector<std::u32string>& names) {
      std::string s;
      for (std::size_t i = 0; i < cs.size() && i < kShown; ++i) {
        if (i) s += " | ";
        s += encode_utf8(names[cs[i].name]) + " " + number(cs[i].score) + " [" + encode_utf8(cs[i].substring) + "]";
      }
      return s;
    };
    d.evidence.emplace_back("diseases", describe(a.diseases, lists.diseases));
    if (!a.diseases.empty()) {
      d.evidence.emplace_back("locations", describe(a.locations, lists.locations));
      d.evidence.emplace_back("location", a.default_location ? "default" : "found");
    }
    return d;
  }

 private:
  // Where the lists are read from, for messages: the folder, or the built-in set.
  fs::path where() const { return embeddia_ ? fs::path("<built-in " + std::string(daniel::embeddia::kOrigin) + ">") : dir_; }

  static std::string embedded_list(const std::string& name, const std::string& lang) {
    if (auto bytes = find_embedded(daniel::embeddia::kEmbeddedFiles, daniel::embeddia::kEmbeddedFileCount, name))
      return std::string(*bytes);
    throw ResourceError("task daniel, language " + lang + ": the built-in lists of " +
                        std::string(daniel::embeddia::kOrigin) + " have no " + name);
  }

  fs::path dir_;
  bool embeddia_ = false;  // lists=embeddia: the built-in lists, not dir_
  daniel::Params params_;
  std::size_t max_bytes_ = std::size_t{1} << 20;
  bool use_index_ = true;
  std::map<std::string, std::unique_ptr<LanguageLists>> langs_;
};

}  // namespace

std::unique_ptr<Task> make_daniel_task(const TaskSettings& s) { return std::make_unique<DanielTask>(s); }

}  // namespace detour::tasks
