// sequence_matcher: Ratcliff/Obershelp matching exactly as Python's
// difflib.SequenceMatcher(isjunk=None, a, b, autojunk) computes it, over integer
// token ids. Same blocks, same tie-breaking, same opcodes, for both autojunk
// settings (the "popular element" rule: when len(b) >= 200, elements of b occurring
// more than len(b)/100 + 1 times cannot start a match, though they can extend one).
//
// Token ids must be >= 0; the matcher allocates tables of max_id + 1 entries, so
// callers intern tokens densely (see metrics/tokens.h).
//
// reference::SequenceMatcher (reference/, tests only) is a slow line-by-line transcription of the algorithm
// kept for tests; SequenceMatcher is the fast one used everywhere else.
//
// The fast matcher keeps dense local ids of a and b and CSR position lists (cost
// O(len a + len b)); when the matrix has many matching pairs (CJK characters with
// autojunk off) it also indexes long diagonal runs through hashed q-grams, which
// answers most find_longest_match calls without the DP. find_longest_match
// allocates nothing: its scratch tables are per thread and reused by every
// matcher of that thread. Const methods are thread-safe. Work per DP call is
// O(lines in range + matching pairs in range), so autojunk=false on text with very
// frequent elements without long common runs is still the
// expensive case, as it is for difflib. Python 3.11's difflib is the oracle of the
// tests (tests/sequence_matcher_test.cc, scripts/difflib_oracle.py).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace detour::metrics {

struct MatchBlock {
  int a = 0;     // start in a
  int b = 0;     // start in b
  int size = 0;  // length
  friend bool operator==(const MatchBlock&, const MatchBlock&) = default;
};

enum class OpTag : std::uint8_t { Equal, Replace, Delete, Insert };

struct Opcode {
  OpTag tag;
  int i1, i2, j1, j2;
  friend bool operator==(const Opcode&, const Opcode&) = default;
};

const char* op_name(OpTag tag);  // "equal", "replace", "delete", "insert"

// The b side of matchers, prepared once: b's local ids, the popular rule, the b2j
// lists and (built on first need, thread-safely) the q-gram index of b. A gold text
// scored against several system outputs builds it once (metrics::PreparedText keeps
// one per tokenisation). Matching is fastest when b's ids are dense in order of
// first occurrence (0, 1, 2, ... as the interners of metrics/metric.cc give gold
// ids): a's ids then map to b's local ids without a table.
class MatchTarget {
 public:
  explicit MatchTarget(std::span<const std::int32_t> b, bool autojunk = true);
  ~MatchTarget();
  MatchTarget(const MatchTarget&) = delete;
  MatchTarget& operator=(const MatchTarget&) = delete;

  std::size_t size() const;  // len(b)
  bool autojunk() const;
  int popular_count() const;

  struct Data;

 private:
  friend class SequenceMatcher;
  std::unique_ptr<Data> d_;
};

class SequenceMatcher {
 public:
  SequenceMatcher(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                  bool autojunk = true);
  // Against a prepared b, which must outlive the matcher (same answers as
  // SequenceMatcher(a, b, target.autojunk())).
  SequenceMatcher(std::span<const std::int32_t> a, const MatchTarget& b);
  ~SequenceMatcher();
  SequenceMatcher(const SequenceMatcher&) = delete;
  SequenceMatcher& operator=(const SequenceMatcher&) = delete;

  MatchBlock find_longest_match(int alo, int ahi, int blo, int bhi) const;
  // Blocks sorted, adjacent ones merged, terminated by (len(a), len(b), 0).
  std::vector<MatchBlock> get_matching_blocks() const;
  std::vector<Opcode> get_opcodes() const;
  // Number of b elements treated as popular (autojunk), for signatures and tests.
  int popular_count() const;

 private:
  struct Impl;
  Impl* impl_;
};

// Throws std::invalid_argument when a sequence has a negative id or is too long
// (`which` names it: "a" or "b").
void check_ids(std::span<const std::int32_t> s, const char* which);

}  // namespace detour::metrics
