// lcs: bit-parallel LCS length after H. Hyyrö, "Bit-parallel LCS-length computation
// revisited" (AWOCA 2004): with V = 1^m and, for each symbol c of the longer
// sequence, U = V & M[c]; V = (V + U) | (V - U), the LCS length is the number of
// zero bits of V. Because U is a subset of V, V - U = V & ~U and only the addition
// carries between 64-bit words.
//
// Match vectors are built only for the symbols of the shorter sequence, remapped to
// dense local ids. Long sequences are processed in strips of kStripWords words: each
// strip runs over all columns, and the carry out of a strip's top word is stored per
// column for the next strip, so the match table never exceeds
// (64 * kStripWords) x kStripWords words whatever the length or alphabet.
#include "kernels/lcs.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace detour::metrics {

namespace {

constexpr int kStripWords = 32;  // 2048 symbols of the shorter sequence per strip

// Local ids of the symbols of `s` (0..n-1) and, for each element of `l` present in
// `s`, its local id, in order (elements absent from `s` never match and leave V
// unchanged, so they are dropped).
struct Remap {
  std::vector<int> s_ids;
  std::vector<int> l_ids;
  int nsym = 0;
};

Remap remap(std::span<const std::int32_t> s, std::span<const std::int32_t> l) {
  Remap r;
  std::vector<std::int32_t> sorted(s.begin(), s.end());
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  r.nsym = static_cast<int>(sorted.size());
  auto find = [&](std::int32_t t) {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), t);
    return it != sorted.end() && *it == t ? static_cast<int>(it - sorted.begin()) : -1;
  };
  // A direct table when the id range is compact, binary search otherwise.
  const std::int64_t lo = sorted.empty() ? 0 : sorted.front();
  const std::int64_t span = sorted.empty() ? 0 : sorted.back() - lo + 1;
  std::vector<int> direct;
  const bool use_direct = span <= static_cast<std::int64_t>(4 * (s.size() + l.size()) + 4096);
  if (use_direct) {
    direct.assign(static_cast<std::size_t>(span), -1);
    for (int k = 0; k < r.nsym; ++k) direct[static_cast<std::size_t>(sorted[k] - lo)] = k;
  }
  auto lookup = [&](std::int32_t t) {
    if (!use_direct) return find(t);
    const std::int64_t d = static_cast<std::int64_t>(t) - lo;
    return d >= 0 && d < span ? direct[static_cast<std::size_t>(d)] : -1;
  };
  r.s_ids.reserve(s.size());
  for (std::int32_t t : s) r.s_ids.push_back(lookup(t));
  r.l_ids.reserve(l.size());
  for (std::int32_t t : l) {
    int id = lookup(t);
    if (id >= 0) r.l_ids.push_back(id);
  }
  return r;
}

std::size_t lcs_single_word(const Remap& r) {
  std::vector<std::uint64_t> pm(static_cast<std::size_t>(r.nsym), 0);
  for (std::size_t i = 0; i < r.s_ids.size(); ++i) pm[r.s_ids[i]] |= std::uint64_t{1} << i;
  std::uint64_t v = ~std::uint64_t{0};
  for (int id : r.l_ids) {
    const std::uint64_t u = v & pm[id];
    v = (v + u) | (v - u);
  }
  const std::size_t m = r.s_ids.size();
  const std::uint64_t mask = m == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << m) - 1;
  return static_cast<std::size_t>(std::popcount(~v & mask));
}

std::size_t lcs_strips(const Remap& r) {
  const std::size_t m = r.s_ids.size();
  const std::size_t n = r.l_ids.size();
  std::vector<unsigned char> carry(n, 0);  // carry into the current strip, per column
  std::vector<int> row_of(static_cast<std::size_t>(r.nsym), -1);
  std::vector<int> used;  // local ids with a row in this strip
  std::vector<std::uint64_t> pm;
  std::vector<std::uint64_t> v;
  std::size_t zeros = 0;
  for (std::size_t base = 0; base < m; base += 64 * kStripWords) {
    const std::size_t bits = std::min<std::size_t>(m - base, 64 * kStripWords);
    const std::size_t words = (bits + 63) / 64;
    // Match vectors of this strip; row 0 is all zeros (symbols absent here).
    for (int id : used) row_of[id] = -1;
    used.clear();
    pm.assign(words, 0);
    for (std::size_t i = 0; i < bits; ++i) {
      const int id = r.s_ids[base + i];
      if (row_of[id] < 0) {
        row_of[id] = static_cast<int>(pm.size() / words);
        used.push_back(id);
        pm.resize(pm.size() + words, 0);
      }
      pm[static_cast<std::size_t>(row_of[id]) * words + i / 64] |= std::uint64_t{1} << (i % 64);
    }
    v.assign(words, ~std::uint64_t{0});
    std::uint64_t* pv = v.data();
    for (std::size_t j = 0; j < n; ++j) {
      const int row = row_of[r.l_ids[j]];
      const std::uint64_t* pmr = pm.data() + static_cast<std::size_t>(row < 0 ? 0 : row) * words;
      unsigned long long c = carry[j];
      for (std::size_t w = 0; w < words; ++w) {
        const std::uint64_t x = pv[w];
        const std::uint64_t u = x & pmr[w];
        unsigned long long sum;
        const bool c1 = __builtin_uaddll_overflow(x, u, &sum);
        const bool c2 = __builtin_uaddll_overflow(sum, c, &sum);
        c = static_cast<unsigned long long>(c1 | c2);
        pv[w] = sum | (x & ~u);
      }
      carry[j] = static_cast<unsigned char>(c);
    }
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t zero_bits = ~pv[w];
      const std::size_t valid = std::min<std::size_t>(64, bits - 64 * w);
      if (valid < 64) zero_bits &= (std::uint64_t{1} << valid) - 1;
      zeros += static_cast<std::size_t>(std::popcount(zero_bits));
    }
  }
  return zeros;
}

}  // namespace

std::size_t lcs_length(std::span<const std::int32_t> a, std::span<const std::int32_t> b) {
  std::span<const std::int32_t> s = a.size() <= b.size() ? a : b;
  std::span<const std::int32_t> l = a.size() <= b.size() ? b : a;
  if (s.empty()) return 0;
  const Remap r = remap(s, l);
  if (r.l_ids.empty()) return 0;
  return s.size() <= 64 ? lcs_single_word(r) : lcs_strips(r);
}

}  // namespace detour::metrics
