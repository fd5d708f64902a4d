// Boilerpipe 1.2.0 extractor chains (see chains.h).
#include "extractors/boilerpipe/chains.h"

#include "extractors/boilerpipe/filters.h"

namespace detour::boilerpipe {

bool run_chain(Chain chain, TextDocument& doc, const ChainOptions& options) {
  return run_chain(chain, doc, nullptr, nullptr, options);
}

bool run_chain(Chain chain, TextDocument& doc, StageHook hook, void* user, const ChainOptions& o) {
  bool changes = false;
  auto step = [&](std::string_view name, bool changed) {
    changes = changed || changes;
    if (hook) hook(name, doc, user);
  };
  switch (chain) {
    case Chain::Article:
      if (o.terminating_blocks) step("TerminatingBlocks", terminating_blocks_finder(doc));
      if (o.title_match) step("TitleMatch", document_title_match_classifier(doc, doc.title, doc.has_title));
      step("NumWordsRules", num_words_rules_classifier(doc));
      if (o.ignore_after_content) step("IgnoreAfterContent", ignore_blocks_after_content(doc, o.after_content_words));
      step("ProximityFusion", block_proximity_fusion(doc, o.max_blocks_distance, false, false));
      step("BoilerplateBlock", boilerplate_block_filter(doc));
      step("ProximityContentOnly", block_proximity_fusion(doc, o.max_blocks_distance, true, false));
      if (o.keep_largest) step("KeepLargest", keep_largest_block(doc));
      if (o.expand_title) step("ExpandTitle", expand_title_to_content(doc));
      break;
    case Chain::Default:
      step("SimpleBlockFusion", simple_block_fusion(doc));
      step("ProximityFusion", block_proximity_fusion(doc, o.max_blocks_distance, false, false));
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
      step("ProximityFusion", block_proximity_fusion(doc, o.max_blocks_distance, false, false));
      step("KeepLargest", keep_largest_block(doc));
      break;
  }
  return changes;
}

}  // namespace detour::boilerpipe
