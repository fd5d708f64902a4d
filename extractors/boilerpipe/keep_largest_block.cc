// Boilerpipe 1.2.0 heuristics.KeepLargestBlockFilter (see filters.h); the 1.2.0
// ArticleExtractor uses the instance without same-tag-level expansion.
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool keep_largest_block(TextDocument& doc) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  int max_words = -1;
  std::size_t largest = blocks.size();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (blocks[i].is_content && blocks[i].num_words > max_words) {
      max_words = blocks[i].num_words;
      largest = i;
    }
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (i == largest) {
      blocks[i].set_is_content(true);
    } else {
      blocks[i].set_is_content(false);
      blocks[i].add_label(kLabelMightBeContent);
    }
  }
  return true;
}

}  // namespace detour::boilerpipe
