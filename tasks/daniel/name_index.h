// name_index: the substrings of DAnIEL's resource lists (disease and place names) and
// an automaton that finds every occurrence of them in a text, built once per language,
// so that DAnIEL's candidates (daniel.h, step 2) are found without the suffix array of
// zones + names that rstr_max builds for every text.
//
// What rstr_max reports, for strings without a character below U+0003: its maximal
// repeats. An LCP interval of the generalised suffix array (each occurrence bounded by
// the end of its own string) is a right-maximal repeat w: at least two occurrences,
// not all followed by the same character (a string end counts as a character of its
// own). rstr_max keys each interval by (end offset, number of occurrences) and keeps
// the longer of two intervals with the same key. Both lie in the same text up to the
// same end, so the shorter is a suffix of the longer with as many occurrences: the
// longer is the shorter extended to the left, at every occurrence. Conversely, when
// every occurrence of w is preceded by the same character c, cw is an interval whose
// suffix-array slots are w's shifted by one with the same order and LCPs plus one, so
// the walk gives both the same end offset: they collide and w is dropped. Hence the
// intervals kept are the repeats that are also left-maximal (an occurrence at the
// start of its string counts as a character of its own). tests/tasks_test.cc checks
// the two ways against each other on texts built to hit every case.
//
// A candidate needs a name among its strings, so only substrings of names matter.
// This index is the trie of every suffix of every name of one or more lists (each node
// one distinct substring; DAnIEL's two lists share one trie, so that a text is read
// once for both), with Aho-Corasick transitions over the names' alphabet: reading a
// text, the state after each character is the longest name substring ending there;
// its failure link is the same substring less its first character, so every
// occurrence of a node is also one of its failure link, ending at the same place and
// preceded by the node's first character (candidates_by_index passes what a text shows
// of a node down the failure tree instead of walking the chain at every character).
// What a text shows of a node does not depend on the list; what the names say does,
// and each node keeps it per list: the names of the list containing it (and the
// shortest one's length), and whether its occurrences in those names are preceded
// (followed) by one character or by several.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/huge_pages.h"

namespace detour::tasks::daniel {

class NameIndex {
 public:
  // Context of a substring's occurrences on one side: kUnset (none yet), kDiverse
  // (several characters, or a string edge), else the code point + 1.
  static constexpr std::uint32_t kUnset = 0;
  static constexpr std::uint32_t kDiverse = 0xFFFFFFFFu;
  // Contexts seen on one side, as a union: unset is the identity, diverse absorbs.
  static constexpr std::uint32_t merge(std::uint32_t a, std::uint32_t b) {
    return a == b || b == kUnset ? a : a == kUnset ? b : kDiverse;
  }

  // Builds the index of `lists` (each a list of names). usable() is false (the caller
  // keeps the suffix-array way) when a name is empty or holds a character below
  // U+0003, or when the transition table would exceed `max_cells` entries (or the
  // alphabet 65535 code points). `same_first(a, b)`: whether DAnIEL takes code points
  // a and b for the same first letter (its first-letter penalty), asked once per
  // (node, name) pair here.
  NameIndex(const std::vector<const std::vector<std::u32string>*>& lists, bool (*same_first)(char32_t, char32_t),
            std::size_t max_cells = std::size_t{1} << 24);
  // The index of one list (list 0).
  NameIndex(const std::vector<std::u32string>& names, bool (*same_first)(char32_t, char32_t),
            std::size_t max_cells = std::size_t{1} << 24)
      : NameIndex(std::vector<const std::vector<std::u32string>*>{&names}, same_first, max_cells) {}

  bool usable() const { return usable_; }
  std::size_t lists() const { return lists_; }
  std::size_t nodes() const { return node_.size(); }

  // Alphabet slot of a code point (0: in no name).
  std::uint32_t slot(char32_t c) const {
    if (c < 0x10000) return dense_[c];
    auto it = sparse_.find(c);
    return it == sparse_.end() ? 0 : it->second;
  }
  // The transition from `node` on the character of alphabet slot `slot`.
  std::int32_t next(std::int32_t node, std::uint32_t slot) const {
    const std::size_t cell = static_cast<std::size_t>(node) * width_ + slot;
    return delta32_.empty() ? delta16_[cell] : delta32_[cell];
  }
  // The same on a code point: the root for a character in no name.
  std::int32_t step(std::int32_t node, char32_t c) const { return next(node, slot(c)); }
  // The transitions as rows of 16-bit states (when there are 65536 nodes or fewer;
  // else empty), one row of width() per node, and the slots of the code points below
  // U+10000 (a reader's inner loop reads these directly).
  const std::uint16_t* delta16() const { return delta16_.empty() ? nullptr : delta16_.data(); }
  std::size_t width() const { return width_; }
  const std::uint16_t* dense_slots() const { return dense_.data(); }

  // Hints that the node's record (failure link, depth, first code point, lists, shortest
  // names) or its cells (what each list says of it) are about to be read: the nodes a reading meets
  // are scattered over the index, and the hints let their misses overlap.
  void prefetch(std::int32_t node) const { __builtin_prefetch(&node_[static_cast<std::size_t>(node)]); }
  void prefetch_cells(std::int32_t node) const {
    __builtin_prefetch(&cell_[cell(node, 0)]);
    __builtin_prefetch(&cell_[cell(node, lists_ - 1)] + 1);
  }

  // The same for the first names of list k holding the node (its cells read by now).
  void prefetch_names(std::int32_t node, std::size_t k) const {
    __builtin_prefetch(pool_.data() + cell_[cell(node, k)].names_at);
  }

  std::int32_t fail(std::int32_t node) const { return node_[static_cast<std::size_t>(node)].fail; }
  std::int32_t depth(std::int32_t node) const { return node_[static_cast<std::size_t>(node)].depth; }
  std::int32_t max_depth() const { return max_depth_; }  // the longest name's length
  // The first code point of the node's substring.
  char32_t first(std::int32_t node) const { return node_[static_cast<std::size_t>(node)].first; }
  // The node's substring (a view into the index).
  std::u32string_view substring(std::int32_t node) const {
    const auto u = static_cast<std::size_t>(node);
    return std::u32string_view(text_).substr(static_cast<std::size_t>(at_[u]), static_cast<std::size_t>(node_[u].depth));
  }

  // Bit k: the node's substring is in a name of list k.
  std::uint32_t lists_of(std::int32_t node) const { return node_[static_cast<std::size_t>(node)].lists; }
  // What the list's names say of the node's contexts (kUnset when not in the list).
  std::uint32_t left(std::int32_t node, std::size_t k) const { return cell_[cell(node, k)].left; }
  std::uint32_t right(std::int32_t node, std::size_t k) const { return cell_[cell(node, k)].right; }
  // The names of list k containing the node's substring, shortest first (then in list
  // order): each name's number in the list, its length, and whether its first letter
  // is the substring's (same_first). Read in one sweep when candidates are weighed.
  struct NameRef {
    std::int32_t name;
    std::uint16_t size;
    bool same_first;
  };
  const NameRef* names_begin(std::int32_t node, std::size_t k) const {
    return pool_.data() + cell_[cell(node, k)].names_at;
  }
  const NameRef* names_end(std::int32_t node, std::size_t k) const {
    return pool_.data() + cell_[cell(node, k) + 1].names_at;
  }
  // The length of the shortest name of list k containing the node's substring (1 when none).
  std::int32_t shortest_name(std::int32_t node, std::size_t k) const {
    return k < 2 ? node_[static_cast<std::size_t>(node)].shortest[k] : cell_[cell(node, k)].shortest;
  }
  // Where the node's substring occurs in list k's names joined by U+0002 (as rstr_max
  // joins them), taken left to right without overlap (Python's re.finditer): ascending
  // offsets, and the joined text's length.
  const std::int32_t* joined_begin(std::int32_t node, std::size_t k) const {
    return joined_pool_.data() + joined_at_[cell(node, k)];
  }
  const std::int32_t* joined_end(std::int32_t node, std::size_t k) const {
    return joined_pool_.data() + joined_at_[cell(node, k) + 1];
  }
  std::size_t joined_length(std::size_t k) const { return joined_length_[k]; }

 private:
  std::size_t cell(std::int32_t node, std::size_t k) const { return static_cast<std::size_t>(node) * lists_ + k; }

  // What a reading needs of a node, together (one cache line for a node met).
  struct Node {
    std::int32_t fail = 0;           // failure link
    char32_t first = 0;              // the substring's first code point
    std::uint16_t depth = 0;         // its length
    std::uint8_t lists = 0;          // bit k: in list k
    std::uint16_t shortest[2] = {};  // shortest_name for lists 0 and 1
  };
  // Per (node, list): the names' contexts, the shortest name, where the names start in
  // pool_ (the next cell's names_at ends them; one more cell at the end).
  struct Cell {
    std::uint32_t left = 0, right = 0;
    std::int32_t shortest = 1, names_at = 0;
  };

  bool usable_ = false;
  std::size_t lists_ = 0;
  std::vector<std::uint16_t> dense_;  // code points below 0x10000
  std::unordered_map<char32_t, std::uint32_t> sparse_;
  std::size_t width_ = 1;  // alphabet size + 1
  std::int32_t max_depth_ = 0;
  std::vector<std::uint16_t, HugePageAllocator<std::uint16_t>> delta16_;  // the transitions, 16 bits when the nodes allow
  std::vector<std::int32_t, HugePageAllocator<std::int32_t>> delta32_;
  std::vector<Node> node_;
  std::vector<std::int32_t> at_;  // per node: its substring's place in text_
  std::vector<Cell> cell_;
  std::u32string text_;  // the names of every list, each node's substring a piece of it
  std::vector<std::int32_t> joined_at_;  // per (node, list), one more at the end
  std::vector<NameRef> pool_;
  std::vector<std::int32_t> joined_pool_;
  std::vector<std::size_t> joined_length_;
};

}  // namespace detour::tasks::daniel
