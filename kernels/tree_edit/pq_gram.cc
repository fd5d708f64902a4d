// pq-gram profiles (Augsten, Böhlen & Gamper 2010): one pass over the nodes; the
// stem is the node and its ancestors (null-padded), the base a sliding window of q
// over its null-padded children.
#include "kernels/tree_edit/pq_gram.h"

#include <algorithm>
#include <stdexcept>

namespace detour::ted {
namespace {

constexpr std::int64_t kNull = -1;  // label of padding nodes

inline std::uint64_t mix(std::uint64_t h, std::int64_t v) {
  // splitmix64-style combination; order-sensitive.
  std::uint64_t x = h ^ (static_cast<std::uint64_t>(v) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2));
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

}  // namespace

PqProfile pq_profile(const Tree& t, const PqGramOptions& opts) {
  if (opts.p < 1 || opts.q < 1) throw std::invalid_argument("pq_profile: p and q must be >= 1");
  PqProfile prof;
  const int n = t.n();
  if (n == 0) return prof;
  const int p = opts.p, q = opts.q;
  std::vector<std::int64_t> stem(p), base;
  for (int v = 0; v < n; ++v) {
    // Stem: ancestors (oldest first), then v; missing ancestors are null.
    int a = v;
    for (int s = p - 1; s >= 0; --s) {
      stem[s] = a >= 0 ? t.label[a] : kNull;
      if (a >= 0) a = t.parent[a];
    }
    std::uint64_t hs = 0x12345678ULL;
    for (auto l : stem) hs = mix(hs, l);
    const int k = t.children_count(v);
    base.assign(static_cast<std::size_t>(q - 1), kNull);
    if (k == 0) {
      base.push_back(kNull);  // a leaf has q null children: one all-null window
    } else {
      const std::int32_t* c = t.children(v);
      for (int i = 0; i < k; ++i) base.push_back(t.label[c[i]]);
      base.insert(base.end(), static_cast<std::size_t>(q - 1), kNull);
    }
    for (std::size_t w = 0; w + q <= base.size(); ++w) {
      std::uint64_t h = hs;
      for (int j = 0; j < q; ++j) h = mix(h, base[w + j]);
      prof.grams.push_back(h);
    }
  }
  std::sort(prof.grams.begin(), prof.grams.end());
  return prof;
}

std::size_t pq_intersection(const PqProfile& a, const PqProfile& b) {
  std::size_t i = 0, j = 0, common = 0;
  const auto& x = a.grams;
  const auto& y = b.grams;
  while (i < x.size() && j < y.size()) {
    if (x[i] < y[j]) ++i;
    else if (y[j] < x[i]) ++j;
    else {
      ++common;
      ++i;
      ++j;
    }
  }
  return common;
}

double pq_distance(const PqProfile& a, const PqProfile& b) {
  const std::size_t total = a.grams.size() + b.grams.size();
  if (total == 0) return 0.0;
  return 1.0 - 2.0 * static_cast<double>(pq_intersection(a, b)) / static_cast<double>(total);
}

}  // namespace detour::ted
