// Boilerpipe 1.2.0 CanolaExtractor.CLASSIFIER (see filters.h).
#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool canola_classifier(TextDocument& doc) {
  return classify_with_neighbours(doc, [](const TextBlock& prev, const TextBlock& curr,
                                          const TextBlock& next) {
    return (curr.link_density > 0 && next.num_words > 11) ||
           (curr.num_words > 19 ||
            (next.num_words > 6 && next.link_density == 0 && prev.link_density == 0 &&
             (curr.num_words > 6 || prev.num_words > 7 || next.num_words > 19)));
  });
}

}  // namespace detour::boilerpipe
