// matching_blocks: the parts of difflib's SequenceMatcher that do not depend on how
// the longest match is found: the queue of ranges that get_matching_blocks explores,
// the merging of adjacent blocks with the final sentinel, and get_opcodes. Shared by
// the fast matcher (sequence_matcher.cc) and the reference (reference/).
#pragma once

#include <algorithm>
#include <tuple>
#include <vector>

#include "kernels/sequence_matcher.h"

namespace detour::metrics {

// Sorting, merging and the sentinel of get_matching_blocks (difflib 2.5+).
inline std::vector<MatchBlock> finish_blocks(std::vector<MatchBlock> blocks, int la, int lb) {
  std::sort(blocks.begin(), blocks.end(), [](const MatchBlock& x, const MatchBlock& y) {
    return std::tie(x.a, x.b, x.size) < std::tie(y.a, y.b, y.size);
  });
  std::vector<MatchBlock> out;
  out.reserve(blocks.size() + 1);
  MatchBlock cur{0, 0, 0};
  for (const MatchBlock& m : blocks) {
    if (cur.a + cur.size == m.a && cur.b + cur.size == m.b) {
      cur.size += m.size;
    } else {
      if (cur.size) out.push_back(cur);
      cur = m;
    }
  }
  if (cur.size) out.push_back(cur);
  out.push_back({la, lb, 0});
  return out;
}

inline std::vector<Opcode> opcodes_from_blocks(const std::vector<MatchBlock>& blocks) {
  std::vector<Opcode> answer;
  answer.reserve(blocks.size() * 2);
  int i = 0, j = 0;
  for (const MatchBlock& m : blocks) {
    if (i < m.a && j < m.b) {
      answer.push_back({OpTag::Replace, i, m.a, j, m.b});
    } else if (i < m.a) {
      answer.push_back({OpTag::Delete, i, m.a, j, m.b});
    } else if (j < m.b) {
      answer.push_back({OpTag::Insert, i, m.a, j, m.b});
    }
    i = m.a + m.size;
    j = m.b + m.size;
    if (m.size) answer.push_back({OpTag::Equal, m.a, i, m.b, j});
  }
  return answer;
}

// The matching-blocks driver of difflib: a LIFO queue of ranges, left range pushed
// before right range, so the right one is examined first.
template <class Finder>
std::vector<MatchBlock> matching_blocks(int la, int lb, Finder&& find) {
  struct Range { int alo, ahi, blo, bhi; };
  std::vector<Range> queue;
  queue.push_back({0, la, 0, lb});
  std::vector<MatchBlock> blocks;
  while (!queue.empty()) {
    Range r = queue.back();
    queue.pop_back();
    MatchBlock x = find(r.alo, r.ahi, r.blo, r.bhi);
    if (x.size) {
      blocks.push_back(x);
      if (r.alo < x.a && r.blo < x.b) queue.push_back({r.alo, x.a, r.blo, x.b});
      if (x.a + x.size < r.ahi && x.b + x.size < r.bhi)
        queue.push_back({x.a + x.size, r.ahi, x.b + x.size, r.bhi});
    }
  }
  return finish_blocks(std::move(blocks), la, lb);
}

}  // namespace detour::metrics
