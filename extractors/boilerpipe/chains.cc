// Boilerpipe 1.2.0 extractor chains (see chains.h).
#include "extractors/boilerpipe/chains.h"

#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool run_chain(Chain chain, TextDocument& doc) { return run_chain(chain, doc, nullptr, nullptr); }

bool run_chain(Chain chain, TextDocument& doc, StageHook hook, void* user) {
  bool changes = false;
  auto step = [&](std::string_view name, bool changed) {
    changes = changed || changes;
    if (hook) hook(name, doc, user);
  };
  switch (chain) {
    case Chain::Article:
      step("TerminatingBlocks", terminating_blocks_finder(doc));
      step("TitleMatch", document_title_match_classifier(doc, doc.title, doc.has_title));
      step("NumWordsRules", num_words_rules_classifier(doc));
      step("IgnoreAfterContent", ignore_blocks_after_content(doc, 60));
      step("ProximityFusion", block_proximity_fusion(doc, 1, false, false));
      step("BoilerplateBlock", boilerplate_block_filter(doc));
      step("ProximityContentOnly", block_proximity_fusion(doc, 1, true, false));
      step("KeepLargest", keep_largest_block(doc));
      step("ExpandTitle", expand_title_to_content(doc));
      break;
    case Chain::Default:
      step("SimpleBlockFusion", simple_block_fusion(doc));
      step("ProximityFusion", block_proximity_fusion(doc, 1, false, false));
      step("DensityRules", density_rules_classifier(doc));
      break;
    case Chain::KeepEverything:
      step("MarkEverythingContent", mark_everything_content(doc));
      break;
    case Chain::Canola:
      step("Canola", canola_classifier(doc));
      break;
    case Chain::LargestContent:
      step("NumWordsRules", num_words_rules_classifier(doc));
      step("ProximityFusion", block_proximity_fusion(doc, 1, false, false));
      step("KeepLargest", keep_largest_block(doc));
      break;
  }
  return changes;
}

}  // namespace detour::boilerpipe
