// ncleaner/segments: page and gold segmentation (see segments.h).
#include "extractors/ncleaner/segments.h"

#include "extractors/blocks.h"

namespace detour::ncleaner {

std::vector<Segment> page_segments(const Page& page) {
  if (!page.dom) return {};
  const dom::Node* body = page.dom->body();
  return visible_blocks(body ? body : page.dom->root());
}

std::vector<std::string> gold_segments(std::string_view gold) {
  std::vector<std::string> out;
  for (auto& s : parse_cleaneval(gold)) out.push_back(std::move(s.text));
  return out;
}

TrainingPair make_training_pair(const Page& page, std::string_view gold) {
  TrainingPair p;
  for (auto& s : page_segments(page)) p.raw_segments.push_back(std::move(s.text));
  p.clean_segments = gold_segments(gold);
  return p;
}

TrainingPair make_training_pair(std::string_view raw_html, std::string_view gold) {
  Page page = html::make_page("training", std::string(raw_html));
  return make_training_pair(page, gold);
}

}  // namespace detour::ncleaner
