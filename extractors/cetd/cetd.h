// cetd: Content Extraction via Text Density (Sun, Song & Liao, SIGIR 2011), after the
// authors' Qt implementation (github.com/FeiSun/ContentExtraction, textdensity.cpp).
//
// Per element of <body> (hidden elements removed first; script, style and comments do
// not count): C characters of its text, T descendant elements, LC characters inside
// links (a, button, select), LT link elements. Composite text density
//   CTD = (C/T) * ln(C*T / (LC*LT)) / ln(ln(C*LC/nLC + ratio*C + e)),
// nLC = C - LC, ratio = LC/C of <body>, zero T/LC/LT/nLC taken as 1, CTD = 0 if C = 0.
// DensitySum = sum of the children's densities (plus, in the authors' code, a term
// L*lnL/ln(ln(ratio*L + e)) for each stretch of L characters between child elements);
// an element without child elements has DensitySum = its own density. The node with
// the largest DensitySum is content; the threshold is the smallest density on its path
// up to <body>; then from <body> down, each element whose density reaches the
// threshold adds the max-DensitySum node of its subtree as content. Output: the text of
// the content subtrees (and, as the authors' CleanTreeByMark does, text lying directly
// in the elements on the path to them).
//
// The "plain" mode (system CETD-TD) is the authors' variant code: text density
// TD = C/T where link characters count 0, DensitySum = sum of the children's TD plus
// the characters directly in the element.
//
// Characters: the original counts QWebElement::toPlainText() (rendered text); we count
// code points of each text node after collapsing ASCII whitespace runs to one space
// and trimming (so a whitespace-only node counts 0). analyze() is a pure function;
// the extractors are thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::cetd {

enum class Density : std::uint8_t {
  Composite,  // CTD (system CETD)
  Plain,      // TD = C/T, authors' variant (system CETD-TD)
};

struct CetdSettings {
  // Which density is computed and summed. Default: Composite.
  Density density = Density::Composite;
  // Composite mode: add L*lnL/ln(ln(ratio*L + e)) to DensitySum for every stretch of
  // text not inside a child element, as the authors' ComputeDensitySum does. Default
  // true; false gives the paper's plain sum of the children's CTD. When ratio = 0 (no
  // link text on the page) the original divides by zero; we divide by 1 instead.
  bool stretch_term = true;
  // Keep text lying directly in the elements on the path from <body> to content
  // nodes (the authors' CleanTreeByMark keeps it). Default true.
  bool keep_path_text = true;
  // Plain mode: characters inside links count 0 (authors' CountCharVariant). Default
  // true; false gives TD = C/T over all characters.
  bool plain_zero_link_chars = true;
  // Remove elements hidden by an inline style (display:none) or the `hidden`
  // attribute before counting (the original removes computed display:none). Default true.
  bool remove_hidden = true;
};

// Per-element figures, in document (pre-)order; index 0 is the analysis root (<body>).
struct ElementStats {
  const dom::Node* node = nullptr;
  int parent = -1;          // index, -1 for the root
  int subtree_end = 0;      // one past the last index of the subtree
  long chars = 0;           // C (Plain mode with plain_zero_link_chars: link chars are 0)
  long tags = 0;            // T (0 for an element without child elements)
  long link_chars = 0;      // LC
  long link_tags = 0;       // LT
  double density = 0;       // CTD or TD
  double density_sum = 0;   // DensitySum
  int mark = 0;             // 0 noise, 1 content subtree, 2 on the path to content
};

struct Analysis {
  std::vector<ElementStats> elements;
  double ratio = 0;           // LC/C of the root
  int max_sum_index = -1;     // the element with the largest DensitySum (-1: none)
  double threshold = 0;
};

// Computes the figures and the marks for the subtree under `root` (normally <body>).
Analysis analyze(const dom::Node* root, const CetdSettings& settings = {});

// The extracted segments, given an analysis of `root`.
std::vector<Segment> content_segments(const dom::Node* root, const Analysis& analysis,
                                      const CetdSettings& settings = {});

// True when the element is removed before counting (inline display:none, `hidden`,
// and elements never rendered: script, style, head, template...).
bool is_hidden(const dom::Node* element, const CetdSettings& settings = {});

std::unique_ptr<Extractor> make_extractor(const CetdSettings& settings, std::string name);

}  // namespace detour::cetd
