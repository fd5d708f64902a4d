// Boilerpipe 1.2.0 english.IgnoreBlocksAfterContentFilter (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool ignore_blocks_after_content(TextDocument& doc, int min_words) {
  bool changes = false;
  int num_words = 0;
  bool found_end = false;
  for (TextBlock& tb : doc.blocks) {
    const bool end_of_text = tb.has_label(kLabelEndOfText);
    // HeuristicFilterBase.getNumFullTextWords(tb, 9f): words of blocks with td >= 9.
    if (tb.is_content && tb.text_density >= 9.0f) num_words += tb.num_words;
    if (end_of_text && num_words >= min_words) found_end = true;
    if (found_end) {
      changes = true;
      tb.set_is_content(false);
    }
  }
  return changes;
}

}  // namespace detour::boilerpipe
