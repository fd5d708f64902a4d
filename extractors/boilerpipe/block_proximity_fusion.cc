// Boilerpipe 1.2.0 heuristics.BlockProximityFusion (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool block_proximity_fusion(TextDocument& doc, int max_distance, bool content_only,
                            bool same_tag_level_only) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  // Compacts in place: blocks[0, w) is the result so far (the original builds a new
  // list; same blocks, same order). prev < w <= i, so the merge target is never the
  // block being read.
  std::size_t start;
  std::size_t prev;  // index of the block merged into
  if (content_only) {
    std::size_t first = blocks.size();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
      if (blocks[i].is_content) {
        first = i;
        break;
      }
    }
    if (first == blocks.size()) return false;
    start = first + 1;
    prev = first;
  } else {
    start = 1;
    prev = 0;
  }
  std::size_t w = start;
  auto keep = [&](std::size_t i) {
    if (w != i) blocks[w] = std::move(blocks[i]);
    prev = w++;
  };
  bool changes = false;
  for (std::size_t i = start; i < blocks.size(); ++i) {
    TextBlock& block = blocks[i];
    if (!block.is_content) {
      keep(i);
      continue;
    }
    TextBlock& p = blocks[prev];
    int diff = block.offset_start - p.offset_end - 1;
    bool merged = false;
    if (diff <= max_distance) {
      bool ok = true;
      if (content_only && (!p.is_content || !block.is_content)) ok = false;
      if (ok && same_tag_level_only && p.tag_level != block.tag_level) ok = false;
      if (ok) {
        p.merge_next(block);
        changes = true;
        merged = true;
      }
    }
    if (!merged) keep(i);
  }
  blocks.erase(blocks.begin() + static_cast<std::ptrdiff_t>(w), blocks.end());
  return changes;
}

}  // namespace detour::boilerpipe
