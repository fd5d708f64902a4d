// tree: ordered labelled trees for the tree edit distance and pq-gram kernels.
//
// A Tree stores its nodes in postorder (children before parents, left to right), the
// layout Zhang & Shasha (1989) and RTED/APTED (Pawlik & Augsten 2011, 2016) index by:
// for each node its label id, parent, subtree size, leftmost leaf descendant and its
// children in order. Labels are small integers interned by a LabelDict shared by the
// trees that are compared. Trees are immutable once built and safe to share between
// threads.
//
// Builders: from a preorder (label, parent) list and from bracket notation
// ({a{b}{c}}, the format of the APTED and tree-similarity tools; `\{` `\}` `\\`
// escape). The kernel knows nothing of HTML: html/dom_tree.h adapts a DOM to it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>


namespace detour::ted {

// Interns label strings to dense ids (0, 1, ...). Not thread-safe while adding.
class LabelDict {
 public:
  std::int32_t id(std::string_view label);
  const std::string& label(std::int32_t id) const { return labels_.at(id); }
  std::size_t size() const { return labels_.size(); }

 private:
  std::unordered_map<std::string, std::int32_t> ids_;
  std::vector<std::string> labels_;
};

class TreeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Tree {
  // All arrays are indexed by postorder number 0..n-1; the root is n-1.
  std::vector<std::int32_t> label;
  std::vector<std::int32_t> parent;      // -1 for the root
  std::vector<std::int32_t> size;        // nodes in the subtree, itself included
  std::vector<std::int32_t> lld;         // leftmost leaf descendant
  std::vector<std::int32_t> child_begin; // children of i: kids[child_begin[i] .. child_begin[i+1])
  std::vector<std::int32_t> kids;

  int n() const { return static_cast<int>(label.size()); }
  bool empty() const { return label.empty(); }
  int children_count(int i) const { return child_begin[i + 1] - child_begin[i]; }
  const std::int32_t* children(int i) const { return kids.data() + child_begin[i]; }

  // Builds from nodes listed in preorder: parents[0] == -1 and parents[i] < i for
  // i > 0 (children appear in order). Throws TreeError on an invalid list.
  static Tree from_preorder(const std::vector<std::int32_t>& labels,
                            const std::vector<std::int32_t>& parents);
  // The same tree with every node's children in reverse order (for right-path
  // strategies: TED(F, G) == TED(mirror F, mirror G)).
  Tree mirrored() const;
  // The first `max_nodes` nodes in preorder (a connected tree holding the root).
  Tree preorder_prefix(int max_nodes) const;
  // Labels and parents in preorder (inverse of from_preorder).
  void to_preorder(std::vector<std::int32_t>& labels, std::vector<std::int32_t>& parents) const;
};

// Bracket notation: "{label{child}{child}}". Throws TreeError with the offset and the
// reason on malformed input. An empty string gives an empty tree.
Tree parse_bracket(std::string_view text, LabelDict& dict);
std::string to_bracket(const Tree& t, const LabelDict& dict);

}  // namespace detour::ted
