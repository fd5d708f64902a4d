// Boilerpipe 1.2.0 heuristics.SimpleBlockFusionProcessor (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool simple_block_fusion(TextDocument& doc) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  // Compacts in place: blocks[0, w) is the result so far (the original builds a new list).
  std::size_t w = 1;
  bool changes = false;
  for (std::size_t i = 1; i < blocks.size(); ++i) {
    // Java compares the two float densities with ==.
    if (blocks[w - 1].text_density == blocks[i].text_density) {
      blocks[w - 1].merge_next(blocks[i]);
      changes = true;
    } else {
      if (w != i) blocks[w] = std::move(blocks[i]);
      ++w;
    }
  }
  blocks.erase(blocks.begin() + static_cast<std::ptrdiff_t>(w), blocks.end());
  return changes;
}

}  // namespace detour::boilerpipe
