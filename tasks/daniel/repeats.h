// repeats: the repeated substrings shared by a set of strings, computed as DAnIEL's
// rstr_max does (Lejeune's Python module, after Kärkkäinen & Sanders 2003 for the
// suffix array and Kasai et al. 2001 for the LCP array), so that the port finds the
// same candidates.
//
// The strings are joined by U+0002 into one text. Its suffix array (by code point;
// built with libdivsufsort on the UTF-8 bytes, whose byte order of suffixes equals
// the code-point order, keeping the suffixes that start a character) and the LCP of
// neighbouring suffixes, bounded by the end of each suffix's own string, give the
// LCP intervals. A stack walk over the LCP array reports each interval once per
// (end offset, number of suffixes): for two intervals with the same key only the
// longer is kept, which drops a repeat that is a suffix of a longer one occurring at
// the same places (left-maximality). The end offset is that of the rightmost
// occurrence seen by the walk, as rstr_max tracks it. The quirks of rstr_max are kept
// where they change results: the first `strings` entries of the suffix array (the
// separators, when no character below U+0002 occurs) get no LCP, and a separator's
// LCP keeps the previous value.
//
// Not thread-safe: one RepeatFinder per thread (it keeps its buffers between calls).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace detour::tasks {

struct Repeat {
  std::int32_t end = 0;       // one past the last code point of an occurrence in text()
  std::int32_t length = 0;    // in code points
  std::int32_t sa_start = 0;  // first suffix array slot of the interval
  std::int32_t count = 0;     // number of occurrences (suffix array slots)
};

class RepeatFinder {
 public:
  // Finds the repeats of `strings`. Views returned below stay valid until the next call.
  void run(const std::vector<std::u32string_view>& strings);

  const std::u32string& text() const { return text_; }
  // Index of the string each code point of text() belongs to (-1: a separator).
  const std::vector<std::int32_t>& string_of() const { return string_of_; }
  const std::vector<std::int32_t>& suffix_array() const { return sa_; }
  const std::vector<std::int32_t>& lcp() const { return lcp_; }
  // In the order rstr_max's dict would list them (first insertion of each key).
  const std::vector<Repeat>& repeats() const { return repeats_; }

 private:
  void build_suffix_array();
  void build_lcp(std::size_t strings);
  void walk();

  std::u32string text_;
  std::vector<std::int32_t> string_of_, end_at_, sa_, lcp_, rank_;
  std::string bytes_;
  std::vector<std::int32_t> byte_sa_, cp_of_byte_;
  std::vector<Repeat> repeats_;
};

}  // namespace detour::tasks
