// Boilerpipe 1.2.0 simple.BoilerplateBlockFilter and simple.MarkEverythingContentFilter
// (see filters.h).
#include <algorithm>

#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool boilerplate_block_filter(TextDocument& doc) {
  auto& b = doc.blocks;
  auto it = std::remove_if(b.begin(), b.end(), [](const TextBlock& tb) { return !tb.is_content; });
  bool changes = it != b.end();
  b.erase(it, b.end());
  return changes;
}

bool mark_everything_content(TextDocument& doc) {
  bool changes = false;
  for (TextBlock& tb : doc.blocks) changes = tb.set_is_content(true) || changes;
  return changes;
}

}  // namespace detour::boilerpipe
