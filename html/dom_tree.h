// dom_tree: the tree edit distance kernel's Tree (kernels/tree_edit/tree.h) of a DOM
// subtree: elements are labelled with their tag name, text nodes "#text" (or, with
// DomTreeOptions::text_labels, their collapsed text).
#pragma once

#include "html/dom.h"
#include "kernels/tree_edit/tree.h"

namespace detour::ted {

struct DomTreeOptions {
  // Label text nodes with their whitespace-collapsed text instead of "#text".
  // Default false: the template structure matters, not the words.
  bool text_labels = false;
  // Keep text nodes that are only whitespace. Default false (they are layout noise).
  bool whitespace_text = false;
  // Keep comment nodes (label "#comment"). Default false.
  bool comments = false;
  // Skip the content of script/style/noscript/template (the element itself stays).
  // Default true.
  bool skip_raw_text = true;
};

// The tree of a DOM subtree (iterative; safe on any depth).
Tree dom_tree(const dom::Node* root, LabelDict& dict, const DomTreeOptions& opts = {});

}  // namespace detour::ted
