// blocks: the visible text of a DOM subtree, cut into blocks the way a browser lays it
// out (a block element starts a new block; br starts a new line inside a block).
// Shared by the ALL baseline, by extractors that need plain visible text, and (through
// select_blocks) by the density-based extractors that keep only chosen subtrees.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour {

// Visible blocks under `root` (scripts, styles, comments, head, hidden inputs skipped).
// h1-h6 blocks become headings, li/dt/dd list items, everything else paragraphs.
// Whitespace is collapsed; empty blocks are dropped.
std::vector<Segment> visible_blocks(const dom::Node* root);

enum class Visit {
  Skip,   // the element and everything under it are left out
  Enter,  // walk into the element (its text nodes are asked about with keep_text)
};

// visible_blocks over the *selected* parts of the subtree: `visit` is called for every
// element (invisible ones are skipped without asking), `keep_text` for every text node
// whose ancestors were all entered. visible_blocks(root) is select_blocks with every
// element entered and every text kept. Pure function of its arguments; thread-safe.
std::vector<Segment> select_blocks(const dom::Node* root, const std::function<Visit(const dom::Node*)>& visit,
                                   const std::function<bool(const dom::Node*)>& keep_text);

// The walk under select_blocks, for callers that collect their own text: `text(n,
// cur)` for every text node whose ancestors were all entered (append to `cur` what
// the block should hold; a br appends '\n' itself), and `block_end(kind, cur)` when
// a block ends (a block element starts or ends, or the walk ends), after which `cur`
// is cleared. Blocks may be empty.
void walk_blocks(const dom::Node* root, const std::function<Visit(const dom::Node*)>& visit,
                 const std::function<void(const dom::Node*, std::string&)>& text,
                 const std::function<void(SegmentKind, std::string&)>& block_end);

// The segment kind of a block element: h1-h6 headings, li/dt/dd list items, else
// paragraphs.
SegmentKind segment_kind_of(std::string_view tag);

// True for elements whose text a reader never sees (script, style, head, template...).
bool is_invisible_element(const dom::Node* node);

}  // namespace detour
