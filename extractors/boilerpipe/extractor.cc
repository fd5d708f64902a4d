// The Boilerpipe 1.2.0 extractors as detour Extractors (see boilerpipe.h).
#include "extractors/boilerpipe/boilerpipe.h"

#include "extractors/boilerpipe/html_content_handler.h"

namespace detour::boilerpipe {

TextDocument process(const dom::Document& doc, Chain chain, const ChainOptions& options) {
  TextDocument td = parse_text_document(doc);
  run_chain(chain, td, options);
  return td;
}

std::string extract_text(const dom::Document& doc, Chain chain, const ChainOptions& options) {
  return process(doc, chain, options).content();
}

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
  BoilerpipeExtractor(std::string name, Chain chain, std::string original, dom::Parser parser,
                      ChainOptions options = {})
      : name_(std::move(name)), chain_(chain), original_(std::move(original)), parser_(parser), options_(options) {}
  std::string name() const override { return name_; }
  // 2: the NekoHTML-style tree, one segment per original block.
  std::string version() const override { return "2"; }
  // The 1.2.0 extractor followed, and every option that differs from it.
  Settings settings() const override {
    Settings s = {{"follows", "boilerpipe-1.2.0 " + original_}};
    const ChainOptions d;
    auto flag = [&](const char* key, bool v, bool dv) {
      if (v != dv) s[key] = v ? "true" : "false";
    };
    flag("terminating_blocks", options_.terminating_blocks, d.terminating_blocks);
    flag("title_match", options_.title_match, d.title_match);
    flag("ignore_after_content", options_.ignore_after_content, d.ignore_after_content);
    flag("keep_largest", options_.keep_largest, d.keep_largest);
    flag("expand_title", options_.expand_title, d.expand_title);
    if (options_.after_content_words != d.after_content_words)
      s["after_content_words"] = std::to_string(options_.after_content_words);
    if (options_.max_blocks_distance != d.max_blocks_distance)
      s["max_blocks_distance"] = std::to_string(options_.max_blocks_distance);
    return s;
  }
  Extraction extract(const Page& page) const override {
    const auto tree = html::tree(page, parser_);
    TextDocument td = process(*tree, chain_, options_);
    Extraction ex;
    for (const TextBlock& b : td.blocks) {
      if (!b.is_content) continue;
      // One segment per original block, as getContent() prints one line per block
      // even after fusion merged them (their texts are joined by '\n').
      std::size_t part = 0, begin = 0;
      while (begin <= b.text.size()) {
        std::size_t end = b.text.find('\n', begin);
        if (end == std::string::npos) end = b.text.size();
        Segment s;
        const bool heading = part < b.part_heading.size() ? b.part_heading[part] : b.all_heading;
        s.kind = heading ? SegmentKind::Heading : SegmentKind::Paragraph;
        s.text = collapse_ascii_whitespace(std::string_view(b.text).substr(begin, end - begin));
        if (!s.text.empty()) ex.segments.push_back(std::move(s));
        ++part;
        begin = end + 1;
      }
    }
    return ex;
  }
  std::optional<dom::Parser> parser() const override { return parser_; }

 private:
  std::string name_;
  Chain chain_;
  std::string original_;
  dom::Parser parser_;
  ChainOptions options_;
};

const ChainOptions kDefaults;
// The tree closest to NekoHTML's, which the jar reads (see dom_neko.cc).
constexpr dom::Parser kParser = dom::Parser::Neko;

SettingSpec distance_spec() {
  return SettingSpec::integer("max_blocks_distance", kDefaults.max_blocks_distance, 0, 1000,
                              "BlockProximityFusion: fuse blocks at most this many block offsets apart");
}

ChainOptions options_of(const SettingValues& v, bool article, bool fusion) {
  ChainOptions o;
  if (fusion) o.max_blocks_distance = static_cast<int>(v.integer("max_blocks_distance"));
  if (!article) return o;
  o.terminating_blocks = v.boolean("terminating_blocks");
  o.title_match = v.boolean("title_match");
  o.ignore_after_content = v.boolean("ignore_after_content");
  o.after_content_words = static_cast<int>(v.integer("after_content_words"));
  o.keep_largest = v.boolean("keep_largest");
  o.expand_title = v.boolean("expand_title");
  return o;
}

}  // namespace
}  // namespace detour::boilerpipe

namespace detour {
using boilerpipe::BoilerpipeExtractor;
using boilerpipe::Chain;
using boilerpipe::kDefaults;

SettingSpecs boilerpipe_article_settings() {
  return {
      SettingSpec::boolean("terminating_blocks", kDefaults.terminating_blocks,
                           "run TerminatingBlocksFinder (\"Comments\", \"Add your comment\" end the text)"),
      SettingSpec::boolean("title_match", kDefaults.title_match, "run DocumentTitleMatchClassifier"),
      SettingSpec::boolean("ignore_after_content", kDefaults.ignore_after_content,
                           "run IgnoreBlocksAfterContentFilter"),
      SettingSpec::integer("after_content_words", kDefaults.after_content_words, 0, 1000000,
                           "IgnoreBlocksAfterContentFilter: words of content before an end-of-text block ends it"),
      boilerpipe::distance_spec(),
      SettingSpec::boolean("keep_largest", kDefaults.keep_largest, "run KeepLargestBlockFilter"),
      SettingSpec::boolean("expand_title", kDefaults.expand_title, "run ExpandTitleToContentFilter"),
      parser_setting(boilerpipe::kParser),
  };
}
SettingSpecs boilerpipe_fusion_settings() { return {boilerpipe::distance_spec(), parser_setting(boilerpipe::kParser)}; }
SettingSpecs boilerpipe_parser_settings() { return {parser_setting(boilerpipe::kParser)}; }

std::unique_ptr<Extractor> make_boilerpipe_article_extractor(const SettingValues& v) {
  return std::make_unique<BoilerpipeExtractor>("BP", Chain::Article, "ArticleExtractor", parser_of(v),
                                               boilerpipe::options_of(v, true, true));
}
std::unique_ptr<Extractor> make_boilerpipe_default_extractor(const SettingValues& v) {
  return std::make_unique<BoilerpipeExtractor>("BP-DEF", Chain::Default, "DefaultExtractor", parser_of(v),
                                               boilerpipe::options_of(v, false, true));
}
std::unique_ptr<Extractor> make_boilerpipe_keep_everything_extractor(const SettingValues& v) {
  return std::make_unique<BoilerpipeExtractor>("BP-KE", Chain::KeepEverything, "KeepEverythingExtractor", parser_of(v));
}
std::unique_ptr<Extractor> make_boilerpipe_canola_extractor(const SettingValues& v) {
  return std::make_unique<BoilerpipeExtractor>("BP-CANOLA", Chain::Canola, "CanolaExtractor", parser_of(v));
}
std::unique_ptr<Extractor> make_boilerpipe_largest_content_extractor(const SettingValues& v) {
  return std::make_unique<BoilerpipeExtractor>("BP-LC", Chain::LargestContent, "LargestContentExtractor",
                                               parser_of(v), boilerpipe::options_of(v, false, true));
}
}  // namespace detour
