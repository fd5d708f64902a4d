// boilerpipe/chains: the Boilerpipe 1.2.0 extractors as filter chains over a
// TextDocument (de.l3s.boilerpipe.extractors.*). Every filter of a chain runs, in order.
#pragma once

#include <string_view>

#include "extractors/boilerpipe/text_block.h"

namespace detour::boilerpipe {

enum class Chain {
  Article,         // ArticleExtractor (1.2.0 chain)
  Default,         // DefaultExtractor
  KeepEverything,  // KeepEverythingExtractor
  Canola,          // CanolaExtractor
  LargestContent,  // LargestContentExtractor
};

// What a user may change in the chains; the defaults are the 1.2.0 extractors.
struct ChainOptions {
  // ArticleExtractor: which of its optional filters run. Default: every one.
  bool terminating_blocks = true;    // TerminatingBlocksFinder
  bool title_match = true;           // DocumentTitleMatchClassifier
  bool ignore_after_content = true;  // IgnoreBlocksAfterContentFilter
  bool keep_largest = true;          // KeepLargestBlockFilter
  bool expand_title = true;          // ExpandTitleToContentFilter
  // IgnoreBlocksAfterContentFilter's minimum words of content before an end-of-text
  // block ends the article. Default 60.
  int after_content_words = 60;
  // BlockProximityFusion's maxBlocksDistance (Article, Default, LargestContent; both
  // fusions of Article). Default 1; larger fuses blocks further apart.
  int max_blocks_distance = 1;
};

// Runs the chain on `doc`; returns true when any filter changed it.
bool run_chain(Chain chain, TextDocument& doc, const ChainOptions& options = {});

// Stage names and a hook called after every filter (for debugging dumps).
using StageHook = void (*)(std::string_view stage, const TextDocument& doc, void* user);
bool run_chain(Chain chain, TextDocument& doc, StageHook hook, void* user, const ChainOptions& options = {});

}  // namespace detour::boilerpipe
