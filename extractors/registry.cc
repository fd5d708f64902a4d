// The extractor table: one line per extractor, in display order. The factory
// functions are defined in each extractor's own file.
#include "extractors/extractor.h"

namespace detour {

std::unique_ptr<Extractor> make_all_extractor();
std::unique_ptr<Extractor> make_none_extractor();
std::unique_ptr<Extractor> make_gold_extractor();

const std::vector<ExtractorInfo>& extractor_registry() {
  static const std::vector<ExtractorInfo> table = {
      {"ALL", "baseline: every visible block of the page", make_all_extractor},
      {"NONE", "baseline: empty output", make_none_extractor},
      {"GOLD", "baseline: the reference itself (scores 100)", make_gold_extractor},
  };
  return table;
}

}  // namespace detour
