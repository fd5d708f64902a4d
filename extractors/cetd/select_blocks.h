// select_blocks: the visible text of the *selected* parts of a DOM subtree, cut into
// Segments the way extractors/blocks.h cuts a whole page (a block element starts a new
// block, h1-h6 give headings, li/dt/dd list items, everything else paragraphs).
//
// Shared by the density-based extractors (CETD, eatiht's Wutsi variant), which decide
// per element whether its subtree is output, skipped, or only walked through, and per
// text node whether it is kept. Pure function of its arguments; thread-safe.
#pragma once

#include <functional>
#include <vector>

#include "extractors/dom.h"
#include "extractors/extractor.h"

namespace detour::density {

enum class Visit {
  Skip,   // the element and everything under it are left out
  Enter,  // walk into the element (its text nodes are asked about with keep_text)
};

// Walks `root` in document order. `visit` is called for every element (invisible
// ones, see blocks.h, are skipped without asking); `keep_text` for every text node
// whose ancestors were all entered. Whitespace is collapsed, empty blocks dropped.
std::vector<Segment> select_blocks(const dom::Node* root,
                                   const std::function<Visit(const dom::Node*)>& visit,
                                   const std::function<bool(const dom::Node*)>& keep_text);

}  // namespace detour::density
