// lcs_kernels: longest common subsequences of token-id sequences, for ROUGE-L(Sum)
// and the token-level Levenshtein ratio, exact and fast.
//
// The length is the bit-parallel computation of Hyyrö (2004, "Bit-parallel
// LCS-length computation revisited"): the candidate sequence is encoded as one bit
// vector per distinct token, and each reference token updates a row vector V with
// V' = (V + (V & M)) | (V - (V & M)); the zeros of row i mark the columns j where the
// dynamic-programming table steps up, t[i][j] = t[i][j-1] + 1, so
// t[i][j] = j - popcount(V_i restricted to its first j bits). That is
// O(ceil(n/64)) word operations per reference token instead of O(n).
//
// ROUGE-LSum's union LCS needs the LCS itself, the one rouge-score reads out of its
// table (rouge_scorer._backtrack_norec): from (i, j) = (m, n), while both are
// positive, a match ref[i-1] == can[j-1] is taken (diagonal); otherwise it moves left
// (j-1) when t[i][j-1] > t[i-1][j], up (i-1) when not (ties go up). LcsBacktracker
// walks the same path over the stored row vectors: every table value it compares is
// recovered from the rows (a step left costs O(1), a step up one prefix popcount),
// so the positions it reports are those rouge-score reports, bit for bit
// (lcs_ref_positions_reference is the plain table, for the tests). When the rows of
// one pair would exceed 256 MiB (long sentences on both sides, e.g. pages without
// newlines), only every ceil(sqrt(m))-th row is kept and each block of rows is
// recomputed once as the walk reaches it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace detour::bench_metrics {

using TokenId = std::int32_t;

// Length of an LCS of a and b (ids in [0, alphabet)).
std::size_t lcs_length(std::span<const TokenId> a, std::span<const TokenId> b, TokenId alphabet);

// Holds one candidate sequence as bit masks and answers, for any reference sequence,
// the reference positions of rouge-score's LCS. Ids are in [0, alphabet). Reusable:
// set_candidate replaces the candidate. Not thread-safe.
class LcsBacktracker {
 public:
  explicit LcsBacktracker(TokenId alphabet);
  // Rows kept in full before switching to checkpoints (words of 64 bits); tests
  // lower it to exercise the checkpointed walk.
  void set_max_row_words(std::size_t words) { kMaxRowWords = words; }

  void set_candidate(std::span<const TokenId> can);
  // True when some token of `ref` occurs in the candidate (else the LCS is empty).
  bool shares_token(std::span<const TokenId> ref) const;
  // Appends to `out`, in decreasing order, the positions in `ref` of the LCS that
  // rouge-score's backtracking reads out against the current candidate.
  void ref_positions(std::span<const TokenId> ref, std::vector<std::uint32_t>& out);
  // LCS length of `ref` against the current candidate.
  std::size_t length(std::span<const TokenId> ref);

 private:
  const std::uint64_t* mask_of(TokenId t) const {
    const std::int32_t s = slot_[static_cast<std::size_t>(t)];
    return s < 0 ? nullptr : masks_.data() + static_cast<std::size_t>(s) * words_;
  }
  // Fills row_ptr_[0..ref.size()] (row 0 is all ones); rows without a match share
  // the previous row's storage.
  void forward(std::span<const TokenId> ref);
  void forward_checkpoints(std::span<const TokenId> ref);
  // Makes rows i-1 and i available (recomputes their block when checkpointed).
  void ensure_rows(std::size_t i);
  // t[i][j] from row i.
  std::uint32_t prefix_value(std::size_t i, std::size_t j) const;
  bool step_bit(std::size_t i, std::size_t j) const;  // t[i][j] - t[i][j-1]

  std::vector<std::int32_t> slot_;  // token id -> mask index, -1 when absent
  std::vector<TokenId> can_;
  std::vector<TokenId> distinct_;
  std::vector<std::uint64_t> masks_;
  std::size_t words_ = 0;
  std::vector<std::uint64_t> ones_;
  std::vector<std::uint64_t> rows_;
  std::vector<const std::uint64_t*> row_ptr_;
  std::size_t kMaxRowWords = std::size_t{32} << 20;  // 256 MiB of rows
  bool checkpointed_ = false;
  std::span<const TokenId> ref_;
  std::size_t block_k_ = 1, block_lo_ = 1, block_hi_ = 0;
  std::vector<std::uint64_t> checkpoints_, block_;
};

// The plain O(m*n) table and rouge-score's backtracking, for tests: reference
// positions in increasing order.
std::vector<std::uint32_t> lcs_ref_positions_reference(std::span<const TokenId> ref,
                                                       std::span<const TokenId> can);

}  // namespace detour::bench_metrics
