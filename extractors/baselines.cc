// Trivial baselines every table carries: ALL (every visible block), NONE (nothing),
// GOLD (the reference itself, which must score 100 on every metric).
#include <map>
#include <mutex>

#include "base/bytes.h"
#include "extractors/blocks.h"
#include "extractors/extractor.h"

namespace detour {
namespace {

class AllExtractor final : public Extractor {
 public:
  std::string name() const override { return "ALL"; }
  std::string version() const override { return "1"; }
  Extraction extract(const Page& page) const override {
    Extraction ex;
    const dom::Node* body = page.dom->body();
    ex.segments = visible_blocks(body ? body : page.dom->root());
    return ex;
  }
};

class NoneExtractor final : public Extractor {
 public:
  std::string name() const override { return "NONE"; }
  std::string version() const override { return "1"; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }
  Extraction extract(const Page&) const override { return {}; }
};

class GoldExtractor final : public Extractor {
 public:
  std::string name() const override { return "GOLD"; }
  std::string version() const override { return "1"; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }
  bool needs_corpus() const override { return true; }
  void prepare(const CorpusContext& ctx) override {
    for (const auto& e : ctx.entries) gold_[{e.page_lang(), e.page_id()}] = e.gold;
  }
  std::string save_prepared() const override {
    ByteWriter w;
    w.str("GOLD 1");
    w.u64(gold_.size());
    for (const auto& [key, gold] : gold_) {
      w.str(key.first);
      w.str(key.second);
      w.str(gold);
    }
    return w.take();
  }
  void restore_prepared(std::string_view bytes, const CorpusContext&) override {
    ByteReader r(bytes);
    if (r.str() != "GOLD 1") throw ByteError("GOLD: not its prepared state");
    std::map<std::pair<std::string, std::string>, std::string> gold;
    for (std::uint64_t n = r.count(24); n > 0; --n) {
      std::string lang = r.str(), id = r.str();
      gold[{std::move(lang), std::move(id)}] = r.str();
    }
    gold_ = std::move(gold);
  }
  Extraction extract(const Page& page) const override {
    auto it = gold_.find({page.lang, page.id});
    if (it == gold_.end()) throw ExtractError("GOLD: no reference for page " + page.id);
    Extraction ex;
    ex.cleaneval = it->second;
    ex.segments = parse_cleaneval(it->second);
    return ex;
  }

 private:
  std::map<std::pair<std::string, std::string>, std::string> gold_;
};

}  // namespace

std::unique_ptr<Extractor> make_all_extractor(const SettingValues&) { return std::make_unique<AllExtractor>(); }
std::unique_ptr<Extractor> make_none_extractor(const SettingValues&) { return std::make_unique<NoneExtractor>(); }
std::unique_ptr<Extractor> make_gold_extractor(const SettingValues&) { return std::make_unique<GoldExtractor>(); }

}  // namespace detour
