// boilerpipe/filters: the Boilerpipe 1.2.0 filters, one per file as in the original
// (de.l3s.boilerpipe.filters.*). Each changes a TextDocument in place and returns true
// when it changed something (BoilerpipeFilter.process). Rules and constants are those
// of the 1.2.0 jar; see /work/shared/docs/ALGORITHMS.md section 1.
#pragma once

#include "extractors/boilerpipe/text_block.h"

namespace detour::boilerpipe {

// heuristics.SimpleBlockFusionProcessor: merges a block into its predecessor when
// their (float) text densities are equal.
bool simple_block_fusion(TextDocument& doc);

// heuristics.BlockProximityFusion(maxBlocksDistance, contentOnly, sameTagLevelOnly):
// merges a content block into the previous block when their block offsets are at most
// max_distance apart (with content_only, only when both are content).
bool block_proximity_fusion(TextDocument& doc, int max_distance, bool content_only,
                            bool same_tag_level_only);

// english.DensityRulesClassifier (DefaultExtractor's classifier; text density rules).
bool density_rules_classifier(TextDocument& doc);

// english.NumWordsRulesClassifier (ArticleExtractor's classifier; word-count rules).
bool num_words_rules_classifier(TextDocument& doc);

// CanolaExtractor.CLASSIFIER (rules learned on the CANOLA collection).
bool canola_classifier(TextDocument& doc);

// english.TerminatingBlocksFinder: labels short blocks like "Comments" or
// "Add your comment" INDICATES_END_OF_TEXT.
bool terminating_blocks_finder(TextDocument& doc);

// heuristics.DocumentTitleMatchClassifier (1.2.0): labels TITLE every block whose
// trimmed text equals the page title or its longest part split at | » : ( ) - ,.
bool document_title_match_classifier(TextDocument& doc, const std::string& title, bool has_title);

// english.IgnoreBlocksAfterContentFilter(min_words): once content blocks of text
// density >= 9 sum to min_words words, an END-OF-TEXT block and all after it become
// boilerplate.
bool ignore_blocks_after_content(TextDocument& doc, int min_words);

// simple.BoilerplateBlockFilter: deletes every non-content block.
bool boilerplate_block_filter(TextDocument& doc);

// heuristics.KeepLargestBlockFilter (1.2.0): only the first content block with the most
// words stays content; every other block becomes boilerplate labelled MIGHT_BE_CONTENT.
bool keep_largest_block(TextDocument& doc);

// heuristics.ExpandTitleToContentFilter: MIGHT_BE_CONTENT blocks between the last
// TITLE block before the first content block and that block become content.
bool expand_title_to_content(TextDocument& doc);

// simple.MarkEverythingContentFilter (KeepEverythingExtractor).
bool mark_everything_content(TextDocument& doc);

// Calls classify(prev, curr, next) for every block with EMPTY_START neighbours at the
// edges (the iteration shared by the three classifiers); returns true on any change.
template <typename Classify>
bool classify_with_neighbours(TextDocument& doc, Classify&& classify) {
  auto& b = doc.blocks;
  bool changes = false;
  const TextBlock& empty = empty_block();
  for (std::size_t i = 0; i < b.size(); ++i) {
    const TextBlock& prev = i == 0 ? empty : b[i - 1];
    const TextBlock& next = i + 1 < b.size() ? b[i + 1] : empty;
    changes = b[i].set_is_content(classify(prev, b[i], next)) || changes;
  }
  return changes;
}

}  // namespace detour::boilerpipe
