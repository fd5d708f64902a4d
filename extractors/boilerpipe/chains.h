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

// Runs the chain on `doc`; returns true when any filter changed it.
bool run_chain(Chain chain, TextDocument& doc);

// Stage names and a hook called after every filter (for debugging dumps).
using StageHook = void (*)(std::string_view stage, const TextDocument& doc, void* user);
bool run_chain(Chain chain, TextDocument& doc, StageHook hook, void* user);

}  // namespace detour::boilerpipe
