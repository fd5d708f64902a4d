// Trivial baselines every table carries: ALL (every visible block), NONE (nothing),
// GOLD (the reference itself, which must score 100 on every metric).
#include <optional>

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

// The reference the harness gives with the page (Page::gold): nothing to learn from
// the corpus, nothing held between pages.
class GoldExtractor final : public Extractor {
 public:
  std::string name() const override { return "GOLD"; }
  std::string version() const override { return "1"; }
  std::optional<dom::Parser> parser() const override { return std::nullopt; }
  Extraction extract(const Page& page) const override {
    if (!page.gold) throw ExtractError("GOLD: no reference for page " + page.id);
    Extraction ex;
    ex.cleaneval = *page.gold;
    ex.segments = parse_cleaneval(*page.gold);
    return ex;
  }
};

}  // namespace

std::unique_ptr<Extractor> make_all_extractor(const SettingValues&) { return std::make_unique<AllExtractor>(); }
std::unique_ptr<Extractor> make_none_extractor(const SettingValues&) { return std::make_unique<NoneExtractor>(); }
std::unique_ptr<Extractor> make_gold_extractor(const SettingValues&) { return std::make_unique<GoldExtractor>(); }

}  // namespace detour
