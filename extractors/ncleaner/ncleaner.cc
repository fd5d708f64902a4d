// ncleaner: the NC / NCNL / NCT5 / NCT25 extractors (see ncleaner.h).
#include "extractors/ncleaner/ncleaner.h"

#include "base/bytes.h"
#include "base/errors.h"
#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <unordered_map>
#include <sstream>

#include "extractors/ncleaner/segments.h"

namespace detour {
namespace {


std::string hex8(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%08llx", static_cast<unsigned long long>(h & 0xffffffffULL));
  return buf;
}

std::string fmt_double(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", d);
  return buf;
}

// Deterministic Fisher-Yates shuffle driven by mt19937_64 (whose output sequence the
// standard fixes), with our own bounded draw: the same seed gives the same order on
// every platform.
template <class T>
void seeded_shuffle(std::vector<T>& v, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::size_t i = v.size(); i > 1; --i) {
    std::size_t j = static_cast<std::size_t>(rng() % i);
    std::swap(v[i - 1], v[j]);
  }
}

struct SystemConfig {
  std::string name;
  int mode = 1;
  bool per_language = false;  // one model per language (T systems) or one English model
  std::size_t pages = 60;     // training pages per model
};

class NCleanerExtractor final : public Extractor {
 public:
  NCleanerExtractor(SystemConfig cfg, ncleaner::Options opts) : cfg_(std::move(cfg)), opts_(opts) {
    cfg_.mode = opts_.mode;
    ncleaner::validate(opts_);
  }
  // From a loaded model file; `training` are the (lang, id) of its training pages,
  // excluded from scoring.
  NCleanerExtractor(std::string name, ncleaner::Model model, std::set<std::pair<std::string, std::string>> training)
      : from_file_(true), training_(std::move(training)) {
    cfg_.name = std::move(name);
    cfg_.mode = model.options.mode;
    opts_ = model.options;
    provenance_ = model.provenance;
    train_count_ = model.training_pairs;
    models_.emplace("", std::move(model));
  }

  std::string name() const override { return cfg_.name; }
  std::string version() const override { return "1"; }
  bool needs_corpus() const override { return !from_file_; }

  Settings settings() const override {
    Settings s;
    s["n"] = std::to_string(opts_.n);
    s["mode"] = std::to_string(opts_.mode);
    s["q"] = fmt_double(opts_.q);
    s["bias"] = fmt_double(opts_.bias);
    s["seg"] = std::string(ncleaner::kSegmentation);
    s["train"] = "diff";
    if (from_file_) {
      s["model"] = provenance_.empty() ? "file" : provenance_;
      s["train_pages"] = std::to_string(train_count_);
    } else {
      s["train_set"] = cfg_.per_language ? "per-language:" + std::to_string(cfg_.pages)
                                         : "en:" + std::to_string(cfg_.pages);
      s["train_pages"] = prepared_ ? std::to_string(train_count_) + "#" + ids_hash_ : "unprepared";
      s["seed"] = prepared_ ? std::to_string(seed_) : "unprepared";
    }
    return s;
  }

  // The training pages: per language, the pages with a non-empty gold sorted by id,
  // shuffled with the seed, the first `pages` of them.
  std::vector<std::size_t> start_learning(const CorpusContext& ctx) override {
    chosen_.clear();
    pairs_.clear();
    if (from_file_) return {};
    std::map<std::string, std::vector<std::size_t>> by_lang;
    for (std::size_t i = 0; i < ctx.entries.size(); ++i)
      if (ctx.entries[i].has_gold()) by_lang[ctx.entries[i].page_lang()].push_back(i);
    if (!cfg_.per_language && !by_lang.count("en"))
      throw ResourceError(cfg_.name + " trains its English model on the run's English (page, gold) pairs, and the "
                          "run has none (a --languages subset without en?): add en, or use NCT5/NCT25 (one model "
                          "per language) or a model from `detour train` (--model)");
    std::vector<std::size_t> wanted;
    for (auto& [lang, entries] : by_lang) {
      if (!cfg_.per_language && lang != "en") continue;
      std::sort(entries.begin(), entries.end(), [&](std::size_t a, std::size_t b) {
        return ctx.entries[a].page_id() < ctx.entries[b].page_id();
      });
      seeded_shuffle(entries, ctx.seed ^ fnv1a(lang, kFnvLegacySeed));
      if (entries.size() > cfg_.pages) entries.resize(cfg_.pages);
      wanted.insert(wanted.end(), entries.begin(), entries.end());
      chosen_.emplace_back(lang, std::move(entries));
    }
    for (std::size_t i : wanted) pairs_[i];  // a slot each, filled by learn() (no rehashing then)
    gold_of_ = &ctx;
    return wanted;
  }

  void learn(std::size_t entry, const Page& page) override {
    auto it = pairs_.find(entry);
    if (it != pairs_.end()) it->second = ncleaner::make_training_pair(page, gold_of_->gold(entry));
  }

  void prepare(const CorpusContext& ctx) override {
    if (from_file_) return;
    learn_pages(ctx);
    seed_ = ctx.seed;
    models_.clear();
    training_.clear();
    std::vector<std::string> chosen_ids;
    for (const auto& [lang, entries] : chosen_) {
      // The chosen pages that could be loaded, in their chosen order.
      std::vector<ncleaner::TrainingPair> pairs;
      std::vector<std::string> ids;
      for (std::size_t i : entries) {
        auto& made = pairs_.at(i);
        if (!made) continue;
        pairs.push_back(std::move(*made));
        training_.insert({lang, ctx.entries[i].page_id()});
        ids.push_back(lang + "/" + ctx.entries[i].page_id());
      }
      std::sort(ids.begin(), ids.end());
      chosen_ids.insert(chosen_ids.end(), ids.begin(), ids.end());
      ncleaner::Model m = ncleaner::train_segments(pairs, opts_);
      m.provenance = "DANIEL " + lang + " " + std::to_string(pairs.size()) + " pages seed " +
                     std::to_string(seed_);
      models_.emplace(cfg_.per_language ? lang : std::string(), std::move(m));
    }
    chosen_.clear();
    pairs_.clear();
    gold_of_ = nullptr;
    std::uint64_t h = kFnvLegacySeed;
    for (const auto& id : chosen_ids) h = fnv1a(id + "\n", h);
    ids_hash_ = hex8(h);
    train_count_ = chosen_ids.size();
    prepared_ = true;
  }

  std::string save_prepared() const override {
    if (from_file_ || !prepared_) return {};
    ByteWriter w;
    w.str("NCleaner 1");
    w.u64(seed_);
    w.str(ids_hash_);
    w.u64(train_count_);
    w.u64(training_.size());
    for (const auto& [lang, id] : training_) {
      w.str(lang);
      w.str(id);
    }
    w.u64(models_.size());
    for (const auto& [lang, model] : models_) {
      std::ostringstream text;
      ncleaner::write_model(text, model);
      w.str(lang);
      w.str(text.str());
    }
    return w.take();
  }

  void restore_prepared(std::string_view bytes, const CorpusContext&) override {
    ByteReader r(bytes);
    if (from_file_ || r.str() != "NCleaner 1") throw ByteError(cfg_.name + ": not its prepared state");
    const std::uint64_t seed = r.u64();
    std::string ids_hash = r.str();
    const std::uint64_t count = r.u64();
    std::set<std::pair<std::string, std::string>> training;
    for (std::uint64_t n = r.count(16); n > 0; --n) {
      std::string lang = r.str();
      training.emplace(std::move(lang), r.str());
    }
    std::map<std::string, ncleaner::Model> models;
    for (std::uint64_t n = r.count(16); n > 0; --n) {
      std::string lang = r.str();
      std::istringstream text(r.str());
      models.emplace(std::move(lang), ncleaner::read_model(text, cfg_.name + " prepared state"));
    }
    seed_ = seed;
    ids_hash_ = std::move(ids_hash);
    train_count_ = static_cast<std::size_t>(count);
    training_ = std::move(training);
    models_ = std::move(models);
    prepared_ = true;
  }

  Extraction extract(const Page& page) const override {
    if (!from_file_ && !prepared_)
      throw ExtractError(cfg_.name + ": prepare() was not called (the model is trained on the corpus)");
    Extraction ex;
    if (training_.count({page.lang, page.id})) {
      ex.excluded = from_file_ ? "training page of the model" : "training page";
      return ex;
    }
    auto it = models_.find(cfg_.per_language && !from_file_ ? page.lang : std::string());
    if (it == models_.end())
      throw ExtractError(cfg_.name + ": no model for language '" + page.lang + "' (page " + page.id +
                         "): no training pages with gold in that language");
    const ncleaner::Model& model = it->second;
    for (auto& seg : ncleaner::page_segments(page))
      if (model.check(seg.text).first) ex.segments.push_back(std::move(seg));
    return ex;
  }

 private:
  SystemConfig cfg_;
  ncleaner::Options opts_;
  bool from_file_ = false;
  bool prepared_ = false;
  std::uint64_t seed_ = 0;
  std::string ids_hash_;
  std::size_t train_count_ = 0;
  std::string provenance_;
  std::map<std::string, ncleaner::Model> models_;  // by language ("" = every language)
  // While learning: the training pages chosen per language, and their pairs.
  std::vector<std::pair<std::string, std::vector<std::size_t>>> chosen_;
  std::unordered_map<std::size_t, std::optional<ncleaner::TrainingPair>> pairs_;
  const CorpusContext* gold_of_ = nullptr;
  std::set<std::pair<std::string, std::string>> training_;  // (lang, id)
};

}  // namespace

namespace {
SettingSpecs settings_of(int mode, std::size_t pages) {
  const ncleaner::Options d;
  return {SettingSpec::integer("n", d.n, 1, 7, "order of the n-gram models"),
          SettingSpec::integer("mode", mode, 0, 3, "normalisation (0 spaces, 1 non-ASCII, 2 letter classes, 3 non-lexical)"),
          SettingSpec::real("q", d.q, 0, 1, "interpolation factor of the history lengths", true, true),
          SettingSpec::real("bias", d.bias, -100, 100, "bits added to the clean cross-entropy (positive: precision)"),
          SettingSpec::integer("pages", static_cast<std::int64_t>(pages), 1, 1000000,
                               "training pages per model (seeded choice; excluded from scores)")};
}
std::unique_ptr<Extractor> make_system(const SettingValues& v, std::string name, bool per_language) {
  ncleaner::Options o;
  o.n = static_cast<int>(v.integer("n"));
  o.mode = static_cast<int>(v.integer("mode"));
  o.q = v.real("q");
  o.bias = v.real("bias");
  SystemConfig cfg{std::move(name), o.mode, per_language, static_cast<std::size_t>(v.integer("pages"))};
  return std::make_unique<NCleanerExtractor>(std::move(cfg), o);
}
}  // namespace

SettingSpecs ncleaner_nc_settings() { return settings_of(1, 60); }
SettingSpecs ncleaner_ncnl_settings() { return settings_of(3, 60); }
SettingSpecs ncleaner_nct5_settings() { return settings_of(1, 5); }
SettingSpecs ncleaner_nct25_settings() { return settings_of(1, 25); }
std::unique_ptr<Extractor> make_ncleaner_nc_extractor(const SettingValues& v) { return make_system(v, "NC", false); }
std::unique_ptr<Extractor> make_ncleaner_ncnl_extractor(const SettingValues& v) {
  return make_system(v, "NCNL", false);
}
std::unique_ptr<Extractor> make_ncleaner_nct5_extractor(const SettingValues& v) {
  return make_system(v, "NCT5", true);
}
std::unique_ptr<Extractor> make_ncleaner_nct25_extractor(const SettingValues& v) {
  return make_system(v, "NCT25", true);
}
std::unique_ptr<Extractor> make_ncleaner_model_extractor(const std::filesystem::path& model_file,
                                                         std::string name) {
  // MODEL.pages (written by `detour train`): "lang/id" per line, the training pages.
  std::set<std::pair<std::string, std::string>> training;
  std::filesystem::path pages = model_file;
  pages += ".pages";
  std::error_code ec;
  if (std::filesystem::exists(pages, ec)) {
    for (const auto& line : split_list(io::read_file(pages), '\n')) {
      auto slash = line.find('/');
      if (slash == std::string::npos) training.emplace("", line);
      else training.emplace(line.substr(0, slash), line.substr(slash + 1));
    }
  }
  return std::make_unique<NCleanerExtractor>(std::move(name), ncleaner::load(model_file), std::move(training));
}

}  // namespace detour
