// Boilerpipe 1.2.0 english.DensityRulesClassifier (see filters.h). Densities are
// floats compared with double constants, as in Java.
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool density_rules_classifier(TextDocument& doc) {
  return classify_with_neighbours(doc, [](const TextBlock& prev, const TextBlock& curr,
                                          const TextBlock& next) {
    if (!(curr.link_density <= 0.333333)) return false;
    if (prev.link_density <= 0.555556) {
      if (curr.text_density <= 9) {
        if (next.text_density <= 10) return !(prev.text_density <= 4);
        return true;
      }
      return !(next.text_density == 0);
    }
    return !(next.text_density <= 11);
  });
}

}  // namespace detour::boilerpipe
