// blocks: the visible text of a DOM subtree, cut into blocks the way a browser lays it
// out (a block element starts a new block; br starts a new line inside a block).
// Shared by the ALL baseline and by extractors that need plain visible text.
#pragma once

#include <string_view>
#include <vector>

#include "extractors/dom.h"
#include "extractors/extractor.h"

namespace detour {

// Visible blocks under `root` (scripts, styles, comments, head, hidden inputs skipped).
// h1-h6 blocks become headings, li/dt/dd list items, everything else paragraphs.
// Whitespace is collapsed; empty blocks are dropped.
std::vector<Segment> visible_blocks(const dom::Node* root);

// The segment kind of a block element: h1-h6 headings, li/dt/dd list items, else
// paragraphs.
SegmentKind segment_kind_of(std::string_view tag);

// True for elements whose text a reader never sees (script, style, head, template...).
bool is_invisible_element(const dom::Node* node);

}  // namespace detour
