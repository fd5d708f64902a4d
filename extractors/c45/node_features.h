// node_features: the per-DOM-node features and gold labels of the supervised content
// extractor of Lutz (2013), on which the C4.5 tree (c45_tree.h) is trained.
//
// Nodes are the elements under <body> that CETD counts (cetd::analyze: elements never
// rendered or hidden by display:none / `hidden` are left out with their subtrees), in
// document pre-order; index 0 is <body>. Features of each element:
//   CTD           composite text density (Sun, Song & Liao 2011), from cetd::analyze
//   DensitySum    sum of the children's CTD (+ the authors' stretch term), ditto
//   QueryScore    sum over the text nodes t below the element of
//                 matches(t) / (depth of t below the element), a text node directly in
//                 the element being at depth 1
//   DirectMatches query-term matches in the text nodes directly in the element
//   Depth         depth below <body> (body = 0)
// Query terms: DANIEL news pages have no search query, so the words of the page's
// <title> and of its URL (Page::url, when known) stand for it: tokens lower-cased,
// stop words of the page's language removed (jusText lists, when given), one-character
// tokens other than ideographs removed, and URL boilerplate (http, www, html, com...)
// removed.
//
// Tokens (for matching and for aligning the gold): runs of letters, digits and marks;
// every other non-space character (punctuation, symbols, each CJK ideograph, kana) is
// a token by itself; whitespace separates.
//
// Labels (our rule; Lutz aligns the gold to the DOM but does not publish the rule):
// the page's text-node tokens, concatenated in document order, are aligned with the
// gold's tokens by difflib matching (metrics::SequenceMatcher, autojunk off). A text
// node is content when more than half of its tokens are matched. An element is
// content when more than half of the tokens below it are in content text nodes.
// Elements without any token are labelled noise and flagged has_text = false; the
// learner and the evaluation skip them (they add nothing to the output).
//
// Everything here is a pure function of its arguments and thread-safe.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::justext { class Stoplist; }

namespace detour::c45 {

enum Feature : int { kCTD = 0, kDensitySum, kQueryScore, kDirectMatches, kDepth, kFeatureCount };
const std::vector<std::string>& feature_names();

using QueryTerms = std::unordered_set<std::string>;

// Alignment/matching tokens of a text (see header comment).
std::vector<std::string> tokenize(std::string_view text);
// Lower-cased UTF-8 (ICU simple case mapping per code point).
std::string lower(std::string_view text);

// Query terms from the page's title and URL; `stop` may be null (no stop words).
QueryTerms query_terms(const Page& page, const justext::Stoplist* stop);

struct NodeElement {
  const dom::Node* node = nullptr;
  int parent = -1;                 // index, -1 for <body>
  int subtree_end = 0;             // one past the last index of the subtree
  int depth = 0;
  int tokens = 0;                  // tokens in the text nodes below (all depths)
  int content_tokens = 0;          // of which in content text nodes (labelled pages)
  bool has_text = false;
  std::uint8_t label = 0;          // 1 = content (labelled pages)
  std::array<float, kFeatureCount> f{};
};

struct NodeText {
  const dom::Node* node = nullptr;
  int element = 0;                 // index of the enclosing element
  int tokens = 0;
  int matches = 0;                 // query-term matches
  bool content = false;            // labelled pages
};

struct PageNodes {
  std::vector<NodeElement> elements;
  std::vector<NodeText> texts;     // document order
  std::vector<std::string> token_strings;  // only when kept (for labelling)
};

// Elements, text nodes and features of the page (empty when the page has no body).
PageNodes compute_nodes(const Page& page, const QueryTerms& terms, bool keep_tokens = false);

// Fills labels from the CleanEval gold (nodes must have been computed with keep_tokens).
// Returns the number of page tokens matched to the gold.
int label_nodes(PageNodes& nodes, std::string_view gold_cleaneval);

}  // namespace detour::c45
