// flat_table: small open-addressing hash tables (power-of-two capacity, linear
// probing) for the per-page work of bench_metrics: interning tokens to dense ids and
// counting n-gram shingles. They only grow and are cleared between pages, which is
// what std::unordered_map spends most of its time on (one allocation per entry).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace detour::bench_metrics {

inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

inline std::uint64_t hash_bytes(std::string_view s) {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = mix64(h ^ w);
  }
  if (i < s.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, s.data() + i, s.size() - i);
    h = mix64(h ^ w ^ 0x5555555555555555ULL);
  }
  return h;
}

// Dense ids 0, 1, 2, ... for distinct strings, in order of first appearance. The
// viewed strings must outlive the interner (or its next clear()).
class StringInterner {
 public:
  std::int32_t id(std::string_view s) {
    if ((strs_.size() + 1) * 2 > slots_.size()) grow();
    const std::uint64_t h = hash_bytes(s);
    std::size_t i = h & mask_;
    while (true) {
      const std::uint32_t v = slots_[i];
      if (v == 0) {
        strs_.push_back(s);
        hashes_.push_back(h);
        slots_[i] = static_cast<std::uint32_t>(strs_.size());
        return static_cast<std::int32_t>(strs_.size() - 1);
      }
      if (hashes_[v - 1] == h && strs_[v - 1] == s) return static_cast<std::int32_t>(v - 1);
      i = (i + 1) & mask_;
    }
  }
  std::int32_t size() const { return static_cast<std::int32_t>(strs_.size()); }
  void clear() {
    std::fill(slots_.begin(), slots_.end(), 0);
    strs_.clear();
    hashes_.clear();
  }

 private:
  void grow() {
    const std::size_t cap = slots_.empty() ? 64 : slots_.size() * 2;
    slots_.assign(cap, 0);
    mask_ = cap - 1;
    for (std::size_t k = 0; k < strs_.size(); ++k) {
      std::size_t i = hashes_[k] & mask_;
      while (slots_[i]) i = (i + 1) & mask_;
      slots_[i] = static_cast<std::uint32_t>(k + 1);
    }
  }

  std::vector<std::uint32_t> slots_;  // 0 = empty, else index + 1
  std::vector<std::string_view> strs_;
  std::vector<std::uint64_t> hashes_;
  std::size_t mask_ = 0;
};

}  // namespace detour::bench_metrics
