// The RD extractor: readability-lxml 0.8.1 (readability.h) behind the Extractor
// interface. Output segments come from the summary tree; Extraction::html holds the
// summary HTML itself. Settings: readability::Options.
#include <string>

#include "extractors/extractor.h"
#include "extractors/readability/readability.h"

namespace detour {
namespace {

class ReadabilityExtractor final : public Extractor {
 public:
  ReadabilityExtractor(readability::Options opts, dom::Parser parser) : opts_(opts), parser_(parser) {}
  std::string name() const override { return "RD"; }
  // 2: libxml2's tree, as readability-lxml's lxml.
  std::string version() const override { return "2"; }
  std::optional<dom::Parser> parser() const override { return parser_; }
  Settings settings() const override {
    return {{"min_text_length", std::to_string(opts_.min_text_length)},
            {"retry_length", std::to_string(opts_.retry_length)},
            {"variant", "readability-lxml-0.8.1"}};
  }
  Extraction extract(const Page& page) const override {
    readability::Summary s = readability::summarize(*html::tree(page, parser_), opts_);
    Extraction ex;
    ex.segments = readability::summary_segments(s.article);
    ex.html = std::move(s.html);
    ex.notes["rd_pass"] = s.ruthless ? "ruthless" : "lenient";
    if (s.fallback_body) ex.notes["rd_fallback"] = "body";
    else ex.notes["rd_best"] = s.best_tag;
    return ex;
  }

 private:
  readability::Options opts_;
  dom::Parser parser_;
};

}  // namespace

SettingSpecs readability_settings() {
  const readability::Options d;
  return {SettingSpec::integer("min_text_length", d.min_text_length, 0, 1000000,
                               "paragraphs shorter than this (code points) are not scored"),
          SettingSpec::integer("retry_length", d.retry_length, 0, 100000000,
                               "a first result shorter than this (characters) is redone without the "
                               "unlikely-candidate pass"),
          parser_setting(dom::Parser::Libxml2)};  // readability-lxml parses with lxml
}

std::unique_ptr<Extractor> make_readability_extractor(const SettingValues& v) {
  readability::Options o;
  o.min_text_length = static_cast<int>(v.integer("min_text_length"));
  o.retry_length = static_cast<int>(v.integer("retry_length"));
  return std::make_unique<ReadabilityExtractor>(o, parser_of(v));
}

}  // namespace detour
