// Fast exact unit-cost tree edit distance: strategy choice between all-left and
// all-right path decompositions (the cost model of RTED, Pawlik & Augsten 2011), then
// a tight Zhang-Shasha forest-distance kernel over flat, reused buffers.
#include <algorithm>
#include <limits>
#include <vector>

#include "metrics/tree_edit/ted.h"

namespace detour::ted {
namespace {

// Sum of subtree sizes over the left keyroots (root + nodes that are not their
// parent's first child); `right` uses right keyroots (not their parent's last child).
std::uint64_t keyroot_size_sum(const Tree& t, bool right) {
  std::uint64_t s = 0;
  for (int i = 0; i < t.n(); ++i) {
    const int p = t.parent[i];
    bool key;
    if (p < 0) key = true;
    else if (right) key = t.children(p)[t.children_count(p) - 1] != i;
    else key = t.children(p)[0] != i;
    if (key) s += static_cast<std::uint64_t>(t.size[i]);
  }
  return s;
}

std::vector<std::int32_t> left_keyroots(const Tree& t) {
  std::vector<std::int32_t> k;
  for (int i = 0; i < t.n(); ++i)
    if (t.parent[i] < 0 || t.children(t.parent[i])[0] != i) k.push_back(i);
  return k;
}

template <class T>
int zs_kernel(const Tree& f, const Tree& g, TedStats* stats) {
  const int n = f.n(), m = g.n();
  std::vector<T> td(static_cast<std::size_t>(n) * m);
  std::vector<T> fd(static_cast<std::size_t>(n + 1) * (m + 1));
  if (stats) stats->bytes = (td.size() + fd.size()) * sizeof(T);
  const std::vector<std::int32_t> kf = left_keyroots(f), kg = left_keyroots(g);
  const std::int32_t* flld = f.lld.data();
  const std::int32_t* glld = g.lld.data();
  const std::int32_t* flab = f.label.data();
  const std::int32_t* glab = g.label.data();
  for (int k1 : kf) {
    const int l1 = flld[k1];
    const int rows = k1 - l1 + 2;
    for (int k2 : kg) {
      const int l2 = glld[k2];
      const int cols = k2 - l2 + 2;
      // fd is a rows x cols table with stride cols.
      T* F = fd.data();
      for (int y = 0; y < cols; ++y) F[y] = static_cast<T>(y);
      const std::int32_t* gl = glld + l2;   // gl[y-1] = lld of node l2+y-1
      const std::int32_t* gb = glab + l2;
      for (int x = 1; x < rows; ++x) {
        const int i = l1 + x - 1;
        T* row = F + static_cast<std::size_t>(x) * cols;
        const T* up = row - cols;
        row[0] = static_cast<T>(x);
        T* tdrow = td.data() + static_cast<std::size_t>(i) * m + l2;
        if (flld[i] == l1) {
          const std::int32_t li = flab[i];
          for (int y = 1; y < cols; ++y) {
            int best = std::min(up[y], row[y - 1]) + 1;
            if (gl[y - 1] == l2) {
              int ren = up[y - 1] + (gb[y - 1] != li);
              best = std::min(best, ren);
              tdrow[y - 1] = static_cast<T>(best);
            } else {
              int sub = F[gl[y - 1] - l2] + tdrow[y - 1];  // row 0 of fd
              best = std::min(best, sub);
            }
            row[y] = static_cast<T>(best);
          }
        } else {
          const T* prow = F + static_cast<std::size_t>(flld[i] - l1) * cols;
          for (int y = 1; y < cols; ++y) {
            int best = std::min(up[y], row[y - 1]) + 1;
            int sub = prow[gl[y - 1] - l2] + tdrow[y - 1];
            row[y] = static_cast<T>(std::min(best, sub));
          }
        }
      }
    }
  }
  return td[static_cast<std::size_t>(n) * m - 1];
}

}  // namespace

std::uint64_t left_strategy_cost(const Tree& f, const Tree& g) {
  return keyroot_size_sum(f, false) * keyroot_size_sum(g, false);
}
std::uint64_t right_strategy_cost(const Tree& f, const Tree& g) {
  return keyroot_size_sum(f, true) * keyroot_size_sum(g, true);
}

int ted(const Tree& f, const Tree& g, TedStats* stats, std::uint64_t max_cells) {
  if (stats) *stats = {};
  if (f.empty()) return g.n();
  if (g.empty()) return f.n();
  const std::uint64_t cells = static_cast<std::uint64_t>(f.n() + 1) * (g.n() + 1);
  if (cells > max_cells)
    throw TreeError("ted: trees of " + std::to_string(f.n()) + " and " + std::to_string(g.n()) +
                    " nodes exceed the memory limit of " + std::to_string(max_cells) + " cells");
  const std::uint64_t cl = left_strategy_cost(f, g), cr = right_strategy_cost(f, g);
  const bool right = cr < cl;
  if (stats) {
    stats->strategy = right ? 'R' : 'L';
    stats->subproblems = right ? cr : cl;
    stats->other = right ? cl : cr;
  }
  const bool small = f.n() + g.n() < std::numeric_limits<std::uint16_t>::max();
  if (!right) return small ? zs_kernel<std::uint16_t>(f, g, stats) : zs_kernel<std::int32_t>(f, g, stats);
  const Tree fm = f.mirrored(), gm = g.mirrored();
  return small ? zs_kernel<std::uint16_t>(fm, gm, stats) : zs_kernel<std::int32_t>(fm, gm, stats);
}

}  // namespace detour::ted
