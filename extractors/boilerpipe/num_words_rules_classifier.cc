// Boilerpipe 1.2.0 english.NumWordsRulesClassifier (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool num_words_rules_classifier(TextDocument& doc) {
  return classify_with_neighbours(doc, [](const TextBlock& prev, const TextBlock& curr,
                                          const TextBlock& next) {
    if (!(curr.link_density <= 0.333333)) return false;
    if (prev.link_density <= 0.555556) {
      if (curr.num_words <= 16) {
        if (next.num_words <= 15) return !(prev.num_words <= 4);
        return true;
      }
      return true;
    }
    if (curr.num_words <= 40) return !(next.num_words <= 17);
    return true;
  });
}

}  // namespace detour::boilerpipe
