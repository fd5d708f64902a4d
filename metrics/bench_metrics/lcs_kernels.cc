#include "metrics/bench_metrics/lcs_kernels.h"

#include <algorithm>

namespace detour::bench_metrics {

namespace {

// V' = (V + U) | (V - U) with U = V & M, over `words` 64-bit words (low word first).
inline void row_step(const std::uint64_t* v, const std::uint64_t* m, std::uint64_t* out, std::size_t words) {
  unsigned long long carry = 0, borrow = 0;
  for (std::size_t k = 0; k < words; ++k) {
    const std::uint64_t x = v[k];
    const std::uint64_t u = x & m[k];
    unsigned long long s, d;
    const bool c1 = __builtin_uaddll_overflow(x, u, &s);
    const bool c2 = __builtin_uaddll_overflow(s, carry, &s);
    carry = static_cast<unsigned long long>(c1 || c2);
    const bool b1 = __builtin_usubll_overflow(x, u, &d);
    const bool b2 = __builtin_usubll_overflow(d, borrow, &d);
    borrow = static_cast<unsigned long long>(b1 || b2);
    out[k] = s | d;
  }
}

// Population count without relying on the POPCNT instruction being enabled at build
// time (std::popcount would otherwise call a table-driven library routine).
inline std::size_t popcount64(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<std::size_t>((x * 0x0101010101010101ULL) >> 56);
}

inline std::size_t zeros_in_prefix(const std::uint64_t* row, std::size_t j) {
  // Number of zero bits among bits 0..j-1.
  std::size_t ones = 0;
  const std::size_t full = j / 64;
  for (std::size_t k = 0; k < full; ++k) ones += popcount64(row[k]);
  const std::size_t rest = j % 64;
  if (rest) ones += popcount64(row[full] & ((std::uint64_t{1} << rest) - 1));
  return j - ones;
}

}  // namespace

LcsBacktracker::LcsBacktracker(TokenId alphabet) : slot_(static_cast<std::size_t>(alphabet), -1) {}

void LcsBacktracker::set_candidate(std::span<const TokenId> can) {
  for (TokenId t : distinct_) slot_[static_cast<std::size_t>(t)] = -1;
  distinct_.clear();
  can_.assign(can.begin(), can.end());
  words_ = (can.size() + 63) / 64;
  for (TokenId t : can) {
    if (slot_[static_cast<std::size_t>(t)] < 0) {
      slot_[static_cast<std::size_t>(t)] = static_cast<std::int32_t>(distinct_.size());
      distinct_.push_back(t);
    }
  }
  masks_.assign(distinct_.size() * words_, 0);
  for (std::size_t j = 0; j < can.size(); ++j) {
    const auto s = static_cast<std::size_t>(slot_[static_cast<std::size_t>(can[j])]);
    masks_[s * words_ + j / 64] |= std::uint64_t{1} << (j % 64);
  }
  ones_.assign(words_, ~std::uint64_t{0});
}

bool LcsBacktracker::shares_token(std::span<const TokenId> ref) const {
  for (TokenId t : ref) {
    if (slot_[static_cast<std::size_t>(t)] >= 0) return true;
  }
  return false;
}

void LcsBacktracker::forward(std::span<const TokenId> ref) {
  const std::size_t m = ref.size();
  row_ptr_.resize(m + 1);
  row_ptr_[0] = ones_.data();
  std::size_t matching = 0;
  for (TokenId t : ref) matching += slot_[static_cast<std::size_t>(t)] >= 0;
  checkpointed_ = matching * words_ > kMaxRowWords;
  if (checkpointed_) {
    forward_checkpoints(ref);
    return;
  }
  // Rows are written into rows_, which must not move while pointers into it live:
  // size it for the worst case first.
  if (rows_.size() < matching * words_) rows_.resize(matching * words_);
  std::size_t used = 0;
  for (std::size_t i = 1; i <= m; ++i) {
    const std::uint64_t* mask = mask_of(ref[i - 1]);
    if (!mask) {
      row_ptr_[i] = row_ptr_[i - 1];
      continue;
    }
    std::uint64_t* out = rows_.data() + used * words_;
    ++used;
    row_step(row_ptr_[i - 1], mask, out, words_);
    row_ptr_[i] = out;
  }
}

void LcsBacktracker::forward_checkpoints(std::span<const TokenId> ref) {
  // Every block_k_-th row is kept; the rows of one block at a time are recomputed
  // from its checkpoint when the backtracking reaches them (it only goes up, so each
  // block is recomputed once): about 2 sqrt(m) rows in memory instead of m.
  const std::size_t m = ref.size();
  ref_ = ref;
  block_k_ = 1;
  while (block_k_ * block_k_ < m) ++block_k_;
  checkpoints_.assign((m / block_k_ + 1) * words_, 0);
  std::vector<std::uint64_t> cur(ones_), next(words_);
  std::copy(cur.begin(), cur.end(), checkpoints_.begin());
  for (std::size_t i = 1; i <= m; ++i) {
    if (const std::uint64_t* mask = mask_of(ref[i - 1])) {
      row_step(cur.data(), mask, next.data(), words_);
      cur.swap(next);
    }
    if (i % block_k_ == 0) std::copy(cur.begin(), cur.end(), checkpoints_.begin() + (i / block_k_) * words_);
  }
  block_lo_ = 1;
  block_hi_ = 0;  // no block materialised
}

void LcsBacktracker::ensure_rows(std::size_t i) {
  // Rows i-1 and i (i >= 1) must be materialised.
  if (!checkpointed_ || (i >= 1 && block_lo_ <= i - 1 && i <= block_hi_)) return;
  const std::size_t m = ref_.size();
  const std::size_t b = i >= 1 ? (i - 1) / block_k_ : 0;
  block_lo_ = b * block_k_;
  block_hi_ = std::min(m, block_lo_ + block_k_);
  if (block_.size() < (block_k_ + 1) * words_) block_.resize((block_k_ + 1) * words_);
  std::uint64_t* first = block_.data();
  std::copy_n(checkpoints_.begin() + b * words_, words_, first);
  row_ptr_[block_lo_] = first;
  std::size_t used = 1;
  for (std::size_t r = block_lo_ + 1; r <= block_hi_; ++r) {
    const std::uint64_t* mask = mask_of(ref_[r - 1]);
    if (!mask) {
      row_ptr_[r] = row_ptr_[r - 1];
      continue;
    }
    std::uint64_t* out = block_.data() + used * words_;
    ++used;
    row_step(row_ptr_[r - 1], mask, out, words_);
    row_ptr_[r] = out;
  }
}

std::uint32_t LcsBacktracker::prefix_value(std::size_t i, std::size_t j) const {
  return static_cast<std::uint32_t>(zeros_in_prefix(row_ptr_[i], j));
}

bool LcsBacktracker::step_bit(std::size_t i, std::size_t j) const {
  return ((row_ptr_[i][(j - 1) / 64] >> ((j - 1) % 64)) & 1) == 0;
}

std::size_t LcsBacktracker::length(std::span<const TokenId> ref) {
  if (ref.empty() || can_.empty() || !shares_token(ref)) return 0;
  forward(ref);
  ensure_rows(ref.size());
  return prefix_value(ref.size(), can_.size());
}

void LcsBacktracker::ref_positions(std::span<const TokenId> ref, std::vector<std::uint32_t>& out) {
  if (ref.empty() || can_.empty() || !shares_token(ref)) return;
  forward(ref);
  std::size_t i = ref.size(), j = can_.size();
  ensure_rows(i);
  // a = t[i][j], b = t[i-1][j].
  std::uint32_t a = prefix_value(i, j);
  if (a == 0) return;
  std::uint32_t b = prefix_value(i - 1, j);
  while (i > 0 && j > 0) {
    if (ref[i - 1] == can_[j - 1]) {
      out.push_back(static_cast<std::uint32_t>(i - 1));
      a = b - static_cast<std::uint32_t>(step_bit(i - 1, j));  // t[i-1][j-1]
      --i;
      --j;
      if (a == 0) return;  // nothing left to match
      if (i > 0 && j > 0) {
        ensure_rows(i);
        b = prefix_value(i - 1, j);
      }
      continue;
    }
    const std::uint32_t left = a - static_cast<std::uint32_t>(step_bit(i, j));  // t[i][j-1]
    if (left > b) {
      // t[i-1][j-1] = t[i-1][j] - step of row i-1 at j.
      b -= static_cast<std::uint32_t>(step_bit(i - 1, j));
      a = left;
      --j;
    } else {
      a = b;
      --i;
      if (a == 0) return;
      if (i > 0) {
        ensure_rows(i);
        b = prefix_value(i - 1, j);
      }
    }
  }
}

std::size_t lcs_length(std::span<const TokenId> a, std::span<const TokenId> b, TokenId alphabet) {
  if (a.empty() || b.empty()) return 0;
  // Bits over the shorter sequence.
  std::span<const TokenId> rows = a, cols = b;
  if (cols.size() > rows.size()) std::swap(rows, cols);
  const std::size_t words = (cols.size() + 63) / 64;
  std::vector<std::int32_t> slot(static_cast<std::size_t>(alphabet), -1);
  std::vector<std::uint64_t> masks;
  std::int32_t distinct = 0;
  for (std::size_t j = 0; j < cols.size(); ++j) {
    auto& s = slot[static_cast<std::size_t>(cols[j])];
    if (s < 0) {
      s = distinct++;
      masks.resize(static_cast<std::size_t>(distinct) * words, 0);
    }
    masks[static_cast<std::size_t>(s) * words + j / 64] |= std::uint64_t{1} << (j % 64);
  }
  std::vector<std::uint64_t> v(words, ~std::uint64_t{0}), next(words);
  for (TokenId t : rows) {
    const std::int32_t s = slot[static_cast<std::size_t>(t)];
    if (s < 0) continue;
    row_step(v.data(), masks.data() + static_cast<std::size_t>(s) * words, next.data(), words);
    v.swap(next);
  }
  return zeros_in_prefix(v.data(), cols.size());
}

std::vector<std::uint32_t> lcs_ref_positions_reference(std::span<const TokenId> ref,
                                                       std::span<const TokenId> can) {
  const std::size_t m = ref.size(), n = can.size();
  std::vector<std::uint32_t> t((m + 1) * (n + 1), 0);
  auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& { return t[i * (n + 1) + j]; };
  for (std::size_t i = 1; i <= m; ++i) {
    for (std::size_t j = 1; j <= n; ++j) {
      at(i, j) = ref[i - 1] == can[j - 1] ? at(i - 1, j - 1) + 1 : std::max(at(i - 1, j), at(i, j - 1));
    }
  }
  std::vector<std::uint32_t> out;
  std::size_t i = m, j = n;
  while (i > 0 && j > 0) {
    if (ref[i - 1] == can[j - 1]) {
      out.push_back(static_cast<std::uint32_t>(i - 1));
      --i;
      --j;
    } else if (at(i, j - 1) > at(i - 1, j)) {
      --j;
    } else {
      --i;
    }
  }
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace detour::bench_metrics
