// name_index: the substrings of one resource list (disease or place names) and an
// automaton that finds every occurrence of them in a text, built once per list, so
// that DAnIEL's candidates (daniel.h, step 2) are found without the suffix array of
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
// This index is the trie of every suffix of every name (each node one distinct
// substring), with Aho-Corasick transitions over the names' alphabet: reading a text,
// the state after each character is the longest name substring ending there; its
// failure link is the same substring less its first character, so every occurrence of
// a node is also one of its failure link, ending at the same place and preceded by the
// node's first character (candidates_by_index passes what a text shows of a node down
// the failure tree instead of walking the chain at every character). Each node keeps
// what the names alone say about its substring: the names containing it (and the
// shortest one's length), and whether its occurrences in the names are preceded
// (followed) by one character or by several.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace detour::tasks::daniel {

class NameIndex {
 public:
  // Context of a substring's occurrences on one side: kUnset (none yet), kDiverse
  // (several characters, or a string edge), else the code point + 1.
  static constexpr std::uint32_t kUnset = 0;
  static constexpr std::uint32_t kDiverse = 0xFFFFFFFFu;

  // Builds the index of `names`. usable() is false (the caller keeps the suffix-array
  // way) when a name is empty or holds a character below U+0003, or when the
  // transition table would exceed `max_cells` entries (or the alphabet 65535 code points).
  // `same_first(a, b)`: whether DAnIEL takes code points a and b for the same first
  // letter (its first-letter penalty), asked once per (node, name) pair here.
  NameIndex(const std::vector<std::u32string>& names, bool (*same_first)(char32_t, char32_t),
            std::size_t max_cells = std::size_t{1} << 24);

  bool usable() const { return usable_; }
  std::size_t nodes() const { return depth_.size(); }

  // Alphabet slot of a code point (0: in no name).
  std::uint32_t slot(char32_t c) const {
    if (c < 0x10000) return dense_[c];
    auto it = sparse_.find(c);
    return it == sparse_.end() ? 0 : it->second;
  }
  std::int32_t next(std::int32_t node, std::uint32_t slot) const {
    const std::size_t cell = static_cast<std::size_t>(node) * width_ + slot;
    return delta32_.empty() ? delta16_[cell] : delta32_[cell];
  }
  std::int32_t fail(std::int32_t node) const { return fail_[node]; }
  std::int32_t depth(std::int32_t node) const { return depth_[node]; }
  std::uint32_t left(std::int32_t node) const { return left_[node]; }
  std::uint32_t right(std::int32_t node) const { return right_[node]; }
  // The names containing the node's substring, shortest first (then in list order),
  // and for each whether its first letter is the substring's (same_first).
  const std::int32_t* names_begin(std::int32_t node) const { return pool_.data() + names_at_[node]; }
  const std::int32_t* names_end(std::int32_t node) const { return pool_.data() + names_at_[node + 1]; }
  bool same_first(std::int32_t node, std::size_t i) const { return same_first_[static_cast<std::size_t>(names_at_[node]) + i]; }
  // The length of the shortest name containing the node's substring.
  std::int32_t shortest_name(std::int32_t node) const { return shortest_[node]; }
  // Where the node's substring occurs in the names joined by U+0002 (as rstr_max joins
  // them), taken left to right without overlap (Python's re.finditer): ascending
  // offsets, and the joined text's length.
  const std::int32_t* joined_begin(std::int32_t node) const { return joined_pool_.data() + joined_at_[node]; }
  const std::int32_t* joined_end(std::int32_t node) const { return joined_pool_.data() + joined_at_[node + 1]; }
  std::size_t joined_length() const { return joined_length_; }
  // The node's substring: names[ref_name(node)].substr(ref_start(node), depth(node)).
  std::int32_t ref_name(std::int32_t node) const { return ref_name_[node]; }
  std::int32_t ref_start(std::int32_t node) const { return ref_start_[node]; }

 private:
  bool usable_ = false;
  std::vector<std::uint16_t> dense_;  // code points below 0x10000
  std::unordered_map<char32_t, std::uint32_t> sparse_;
  std::size_t width_ = 1;  // alphabet size + 1
  std::vector<std::uint16_t> delta16_;  // the transitions, 16 bits when the nodes allow
  std::vector<std::int32_t> delta32_, fail_, depth_, ref_name_, ref_start_, names_at_, pool_, shortest_;
  std::vector<std::uint32_t> left_, right_;
  std::vector<std::uint8_t> same_first_;  // parallel to pool_
  std::vector<std::int32_t> joined_at_, joined_pool_;
  std::size_t joined_length_ = 0;
};

}  // namespace detour::tasks::daniel
