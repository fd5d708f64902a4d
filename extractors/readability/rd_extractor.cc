// The RD extractor: readability-lxml 0.8.1 (readability.h) behind the Extractor
// interface. Output segments come from the summary tree; Extraction::html holds the
// summary HTML itself.
#include <string>

#include "extractors/extractor.h"
#include "extractors/readability/readability.h"

namespace detour {
namespace {

class ReadabilityExtractor final : public Extractor {
 public:
  std::string name() const override { return "RD"; }
  std::string version() const override { return "1"; }
  Settings settings() const override {
    return {{"min_text_length", std::to_string(opts_.min_text_length)},
            {"retry_length", std::to_string(opts_.retry_length)},
            {"variant", "readability-lxml-0.8.1"}};
  }
  Extraction extract(const Page& page) const override {
    if (!page.dom) throw ExtractError("RD: page " + page.id + " has no parsed tree");
    readability::Summary s = readability::summarize(*page.dom, opts_);
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
};

}  // namespace

std::unique_ptr<Extractor> make_readability_extractor() {
  return std::make_unique<ReadabilityExtractor>();
}

}  // namespace detour
