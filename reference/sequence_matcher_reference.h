// sequence_matcher_reference: difflib's SequenceMatcher transcribed line by line,
// hash maps and all: slow and obviously right. The fast matcher
// (kernels/sequence_matcher.h) is tested against it. Tests and benchmarks only.
#pragma once

#include <unordered_map>
#include <unordered_set>

#include "kernels/sequence_matcher.h"

namespace detour::metrics {

namespace reference {
// Direct transcription of difflib, hash maps and all. Tests only.
class SequenceMatcher {
 public:
  SequenceMatcher(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                  bool autojunk = true);
  MatchBlock find_longest_match(int alo, int ahi, int blo, int bhi) const;
  std::vector<MatchBlock> get_matching_blocks() const;
  std::vector<Opcode> get_opcodes() const;

 private:
  std::vector<std::int32_t> a_, b_;
  bool autojunk_;
  std::unordered_map<std::int32_t, std::vector<int>> b2j_;  // popular elements removed, as in difflib
  std::unordered_set<std::int32_t> popular_;
};
}  // namespace reference

}  // namespace detour::metrics
