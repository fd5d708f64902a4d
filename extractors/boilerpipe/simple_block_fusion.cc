// Boilerpipe 1.2.0 heuristics.SimpleBlockFusionProcessor (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool simple_block_fusion(TextDocument& doc) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  std::vector<TextBlock> out;
  out.reserve(blocks.size());
  out.push_back(std::move(blocks[0]));
  bool changes = false;
  for (std::size_t i = 1; i < blocks.size(); ++i) {
    // Java compares the two float densities with ==.
    if (out.back().text_density == blocks[i].text_density) {
      out.back().merge_next(blocks[i]);
      changes = true;
    } else {
      out.push_back(std::move(blocks[i]));
    }
  }
  blocks = std::move(out);
  return changes;
}

}  // namespace detour::boilerpipe
