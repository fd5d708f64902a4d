#include "reference/sequence_matcher_reference.h"

#include "kernels/matching_blocks.h"

#include <algorithm>

namespace detour::metrics {

// Reference matcher: a line-by-line transcription of difflib with maps.

namespace reference {

SequenceMatcher::SequenceMatcher(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                                 bool autojunk)
    : a_(a.begin(), a.end()),
      b_(b.begin(), b.end()),
      autojunk_(autojunk) {
  check_ids(a, "a");
  check_ids(b, "b");
  for (std::size_t j = 0; j < b_.size(); ++j) b2j_[b_[j]].push_back(static_cast<int>(j));
  const std::size_t n = b_.size();
  if (autojunk_ && n >= 200) {
    const std::size_t ntest = n / 100 + 1;
    for (const auto& [elt, idxs] : b2j_)
      if (idxs.size() > ntest) popular_.insert(elt);
    for (std::int32_t elt : popular_) b2j_.erase(elt);
  }
}

MatchBlock SequenceMatcher::find_longest_match(int alo, int ahi, int blo, int bhi) const {
  int besti = alo, bestj = blo, bestsize = 0;
  std::unordered_map<int, int> j2len;
  for (int i = alo; i < ahi; ++i) {
    std::unordered_map<int, int> newj2len;
    auto found = b2j_.find(a_[i]);
    if (found == b2j_.end()) {
      j2len.clear();
      continue;
    }
    for (int j : found->second) {
      if (j < blo) continue;
      if (j >= bhi) break;
      auto it = j2len.find(j - 1);
      int k = (it == j2len.end() ? 0 : it->second) + 1;
      newj2len[j] = k;
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = std::move(newj2len);
  }
  while (besti > alo && bestj > blo && a_[besti - 1] == b_[bestj - 1]) {
    besti -= 1;
    bestj -= 1;
    bestsize += 1;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi &&
         a_[besti + bestsize] == b_[bestj + bestsize])
    bestsize += 1;
  return {besti, bestj, bestsize};
}

std::vector<MatchBlock> SequenceMatcher::get_matching_blocks() const {
  return matching_blocks(static_cast<int>(a_.size()), static_cast<int>(b_.size()),
                         [this](int alo, int ahi, int blo, int bhi) {
                           return find_longest_match(alo, ahi, blo, bhi);
                         });
}

std::vector<Opcode> SequenceMatcher::get_opcodes() const {
  return opcodes_from_blocks(get_matching_blocks());
}

}  // namespace reference

}  // namespace detour::metrics
