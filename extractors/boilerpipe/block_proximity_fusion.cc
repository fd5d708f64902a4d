// Boilerpipe 1.2.0 heuristics.BlockProximityFusion (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool block_proximity_fusion(TextDocument& doc, int max_distance, bool content_only,
                            bool same_tag_level_only) {
  auto& blocks = doc.blocks;
  if (blocks.size() < 2) return false;
  std::size_t start;
  std::size_t prev;  // index into `out` of the block merged into
  std::vector<TextBlock> out;
  out.reserve(blocks.size());
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
    for (std::size_t i = 0; i < start; ++i) out.push_back(std::move(blocks[i]));
    prev = first;
  } else {
    out.push_back(std::move(blocks[0]));
    start = 1;
    prev = 0;
  }
  bool changes = false;
  for (std::size_t i = start; i < blocks.size(); ++i) {
    TextBlock& block = blocks[i];
    if (!block.is_content) {
      out.push_back(std::move(block));
      prev = out.size() - 1;
      continue;
    }
    TextBlock& p = out[prev];
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
    if (!merged) {
      out.push_back(std::move(block));
      prev = out.size() - 1;
    }
  }
  blocks = std::move(out);
  return changes;
}

}  // namespace detour::boilerpipe
