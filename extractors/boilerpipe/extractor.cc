// The Boilerpipe 1.2.0 extractors as detour Extractors (see boilerpipe.h).
#include "extractors/boilerpipe/boilerpipe.h"

#include "extractors/boilerpipe/html_content_handler.h"

namespace detour::boilerpipe {

TextDocument process(const dom::Document& doc, Chain chain) {
  TextDocument td = parse_text_document(doc);
  run_chain(chain, td);
  return td;
}

std::string extract_text(const dom::Document& doc, Chain chain) { return process(doc, chain).content(); }

namespace {

// Collapses runs of ASCII whitespace (the merge separator '\n' included) to one space
// and trims. Unicode spaces (NBSP, U+3000) are kept: Boilerpipe keeps them inside
// tokens, and CleanEval-style scoring splits on ASCII whitespace only.
std::string collapse_ascii_whitespace(std::string_view s) {
  auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };  // \t \n \v \f \r
  std::string out;
  out.reserve(s.size());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    while (i < n && is_space(s[i])) ++i;
    if (i == n) break;
    std::size_t j = i + 1;
    while (j < n && !is_space(s[j])) ++j;
    if (!out.empty()) out.push_back(' ');
    out.append(s.data() + i, j - i);  // a run of non-space bytes in one append
    i = j;
  }
  return out;
}

class BoilerpipeExtractor final : public Extractor {
 public:
  BoilerpipeExtractor(std::string name, Chain chain, std::string original)
      : name_(std::move(name)), chain_(chain), original_(std::move(original)) {}
  std::string name() const override { return name_; }
  std::string version() const override { return "1"; }
  Settings settings() const override { return {{"follows", "boilerpipe-1.2.0 " + original_}}; }
  Extraction extract(const Page& page) const override {
    if (!page.dom) throw ExtractError(name_ + ": page " + page.id + " has no parsed DOM");
    TextDocument td = process(*page.dom, chain_);
    Extraction ex;
    for (const TextBlock& b : td.blocks) {
      if (!b.is_content) continue;
      Segment s;
      s.kind = b.all_heading ? SegmentKind::Heading : SegmentKind::Paragraph;
      s.text = collapse_ascii_whitespace(b.text);
      if (!s.text.empty()) ex.segments.push_back(std::move(s));
    }
    return ex;
  }

 private:
  std::string name_;
  Chain chain_;
  std::string original_;
};

}  // namespace
}  // namespace detour::boilerpipe

namespace detour {
using boilerpipe::BoilerpipeExtractor;
using boilerpipe::Chain;

std::unique_ptr<Extractor> make_boilerpipe_article_extractor() {
  return std::make_unique<BoilerpipeExtractor>("BP", Chain::Article, "ArticleExtractor");
}
std::unique_ptr<Extractor> make_boilerpipe_default_extractor() {
  return std::make_unique<BoilerpipeExtractor>("BP-DEF", Chain::Default, "DefaultExtractor");
}
std::unique_ptr<Extractor> make_boilerpipe_keep_everything_extractor() {
  return std::make_unique<BoilerpipeExtractor>("BP-KE", Chain::KeepEverything, "KeepEverythingExtractor");
}
std::unique_ptr<Extractor> make_boilerpipe_canola_extractor() {
  return std::make_unique<BoilerpipeExtractor>("BP-CANOLA", Chain::Canola, "CanolaExtractor");
}
std::unique_ptr<Extractor> make_boilerpipe_largest_content_extractor() {
  return std::make_unique<BoilerpipeExtractor>("BP-LC", Chain::LargestContent, "LargestContentExtractor");
}
}  // namespace detour
