// Boilerpipe 1.2.0 heuristics.ExpandTitleToContentFilter (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool expand_title_to_content(TextDocument& doc) {
  int title = -1, content_start = -1;
  for (int i = 0; i < static_cast<int>(doc.blocks.size()); ++i) {
    const TextBlock& tb = doc.blocks[i];
    if (content_start == -1 && tb.has_label(kLabelTitle)) title = i;
    if (content_start == -1 && tb.is_content) content_start = i;
  }
  if (content_start <= title || title == -1) return false;
  bool changes = false;
  for (int i = title; i < content_start; ++i) {
    TextBlock& tb = doc.blocks[i];
    if (tb.has_label(kLabelMightBeContent)) changes = tb.set_is_content(true) || changes;
  }
  return changes;
}

}  // namespace detour::boilerpipe
