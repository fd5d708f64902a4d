// The jusText extractors of the registry:
//   JTA     jusText 3.0.2 with the stoplist of the page's language (Chinese.txt for zh,
//           as the published DANIEL outputs did);
//   JTA-EN  jusText 3.0.2 with the English stoplist for every page;
//   JTS     jusText 3.0.2 without stoplist: stopwords_low = stopwords_high = 0, so every
//           long enough, link-poor paragraph is good or near-good.
// Good paragraphs are returned in order: headings (dom path with h1-h6) as Heading,
// paragraphs opened by <li> as ListItem, the rest as Paragraph.
//
// Settings: every field of justext::Options (JTS without the stop-word thresholds,
// which it fixes at 0).
//
// Stoplists are loaded lazily per language (thread-safe) from the source given by
// justext::default_stoplist_source() unless the constructor was given one.
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "extractors/extractor.h"
#include "extractors/justext/justext.h"
#include "extractors/justext/stoplist.h"

namespace detour {
namespace {

enum class StopMode { PageLanguage, English, None };

class JustextExtractor final : public Extractor {
 public:
  JustextExtractor(std::string name, StopMode mode, justext::Options options, dom::Parser parser)
      : name_(std::move(name)), mode_(mode), options_(options), parser_(parser) {
    source_ = justext::default_stoplist_source();
    if (mode_ == StopMode::None) {
      options_.stopwords_low = 0;
      options_.stopwords_high = 0;
    }
  }

  std::string name() const override { return name_; }
  // 2: libxml2's tree, as jusText's lxml.
  std::string version() const override { return "2"; }
  std::optional<dom::Parser> parser() const override { return parser_; }

  Settings settings() const override {
    Settings s;
    s["algorithm"] = "justext-3.0.2";
    s["heading_variant"] =
        options_.heading_variant == justext::HeadingVariant::V3 ? "3.x" : "1.x";
    s["length_low"] = std::to_string(options_.length_low);
    s["length_high"] = std::to_string(options_.length_high);
    s["stopwords_low"] = fmt_double(options_.stopwords_low);
    s["stopwords_high"] = fmt_double(options_.stopwords_high);
    s["max_link_density"] = fmt_double(options_.max_link_density);
    s["max_heading_distance"] = std::to_string(options_.max_heading_distance);
    s["no_headings"] = options_.no_headings ? "true" : "false";
    switch (mode_) {
      case StopMode::PageLanguage:
        s["stoplist"] = "page-language";
        break;
      case StopMode::English:
        s["stoplist"] = "English";
        break;
      case StopMode::None:
        s["stoplist"] = "none";
        break;
    }
    if (mode_ != StopMode::None) s["stoplist_source"] = source_signature();
    return s;
  }

  // The stoplists of the run's languages must exist: a missing one stops the run
  // before its first page instead of failing every page of that language.
  void prepare(const CorpusContext& ctx) override {
    if (mode_ == StopMode::None) return;
    const std::vector<std::string> langs =
        mode_ == StopMode::English ? std::vector<std::string>{"en"} : ctx.languages;
    for (const auto& lang : langs) {
      if (lang.empty())
        throw ResourceError(name_ + ": some pages have no language, so no stoplist can be chosen for them: give "
                                    "the language with --lang, or use JTA-EN (English stoplist) or JTS (none)");
      try {
        stoplist_for(lang);
      } catch (const justext::StoplistError& e) {
        throw ResourceError(name_ + ": " + e.what());
      }
    }
  }

  Extraction extract(const Page& page) const override {
    Extraction ex;
    const justext::Stoplist empty;
    const justext::Stoplist* stop = &empty;
    if (mode_ != StopMode::None) {
      const std::string lang = mode_ == StopMode::English ? std::string("en") : page.lang;
      if (lang.empty())
        throw ExtractError(name_ + ": page " + page.id + " has no language to pick a stoplist");
      try {
        stop = &stoplist_for(lang);
      } catch (const justext::StoplistError& e) {
        throw ExtractError(name_ + ": " + e.what());
      }
      ex.notes["stoplist"] = stop->source() + ":" + stop->hash();
    }
    // jusText parses the page's str with lxml; lxml refuses a str with an XML encoding
    // declaration, and jusText then parses its UTF-8 bytes letting libxml2 find the
    // encoding in the page: a tree of its own, not the shared one.
    std::shared_ptr<const dom::Document> tree;
    if (parser_ == dom::Parser::Libxml2 && justext::str_parse_refused(page.html))
      tree = std::make_shared<const dom::Document>(dom::Document::parse_libxml2(page.html, {}, nullptr));
    else
      tree = html::tree(page, parser_);
    const auto paragraphs = justext::justext(*tree, *stop, options_, page.html);
    for (const auto& p : paragraphs) {
      if (p.class_type != justext::Class::Good) continue;
      Segment seg;
      seg.kind = p.heading ? SegmentKind::Heading
                 : ends_with_li(p.dom_path) ? SegmentKind::ListItem
                                            : SegmentKind::Paragraph;
      seg.text = p.text;
      ex.segments.push_back(std::move(seg));
    }
    return ex;
  }

 private:
  // Shortest text that reads back as the same double ("0.3", "0.25").
  static std::string fmt_double(double v) { return format_real(v); }
  static bool ends_with_li(const std::string& path) {
    return path == "li" || (path.size() > 3 && path.compare(path.size() - 3, 3, ".li") == 0);
  }

  // Hash of every list of the source, computed once.
  std::string source_signature() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (source_sig_.empty()) source_sig_ = justext::source_hash(source_);
    return source_sig_;
  }

  const justext::Stoplist& stoplist_for(const std::string& lang) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = cache_.find(lang);
    if (it == cache_.end())
      it = cache_.emplace(lang, std::make_unique<justext::Stoplist>(
                                    justext::load_stoplist(source_, lang)))
               .first;
    return *it->second;
  }

  std::string name_;
  StopMode mode_;
  justext::Options options_;
  dom::Parser parser_;
  std::filesystem::path source_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<justext::Stoplist>> cache_;
  mutable std::string source_sig_;
};

SettingSpecs settings_of(bool stopwords) {
  const justext::Options d;
  SettingSpecs out = {
      SettingSpec::integer("length_low", d.length_low, 0, 1000000, "shorter paragraphs (code points) are short"),
      SettingSpec::integer("length_high", d.length_high, 0, 1000000,
                           "longer paragraphs with enough stop words are good"),
  };
  if (stopwords) {
    out.push_back(SettingSpec::real("stopwords_low", d.stopwords_low, 0, 1, "stop-word density for near-good"));
    out.push_back(SettingSpec::real("stopwords_high", d.stopwords_high, 0, 1, "stop-word density for good"));
  }
  out.push_back(SettingSpec::real("max_link_density", d.max_link_density, 0, 1, "more link text than this: bad"));
  out.push_back(SettingSpec::integer("max_heading_distance", d.max_heading_distance, 0, 1000000,
                                     "characters between a heading and the good paragraph (heading rules)"));
  out.push_back(SettingSpec::boolean("no_headings", d.no_headings, "no heading rules at all"));
  out.push_back(SettingSpec::choice("heading_variant", "3.x", {"3.x", "1.x"},
                                    "heading rules of jusText 3.x (the published outputs) or 1.x (the paper)"));
  out.push_back(parser_setting(dom::Parser::Libxml2));  // jusText parses with lxml
  return out;
}

justext::Options options_of(const SettingValues& v, bool stopwords) {
  justext::Options o;
  o.length_low = static_cast<int>(v.integer("length_low"));
  o.length_high = static_cast<int>(v.integer("length_high"));
  if (stopwords) {
    o.stopwords_low = v.real("stopwords_low");
    o.stopwords_high = v.real("stopwords_high");
  }
  o.max_link_density = v.real("max_link_density");
  o.max_heading_distance = static_cast<int>(v.integer("max_heading_distance"));
  o.no_headings = v.boolean("no_headings");
  o.heading_variant = v.text("heading_variant") == "1.x" ? justext::HeadingVariant::V1 : justext::HeadingVariant::V3;
  return o;
}

}  // namespace

SettingSpecs justext_settings() { return settings_of(true); }
SettingSpecs justext_nostop_settings() { return settings_of(false); }

std::unique_ptr<Extractor> make_justext_language_extractor(const SettingValues& v) {
  return std::make_unique<JustextExtractor>("JTA", StopMode::PageLanguage, options_of(v, true), parser_of(v));
}
std::unique_ptr<Extractor> make_justext_english_extractor(const SettingValues& v) {
  return std::make_unique<JustextExtractor>("JTA-EN", StopMode::English, options_of(v, true), parser_of(v));
}
std::unique_ptr<Extractor> make_justext_nostop_extractor(const SettingValues& v) {
  return std::make_unique<JustextExtractor>("JTS", StopMode::None, options_of(v, false), parser_of(v));
}

}  // namespace detour
