// Fast exact unit-cost tree edit distance: strategy choice between all-left and
// all-right path decompositions (the cost model of RTED, Pawlik & Augsten 2011), then
// banded threshold runs for similar trees (after Touzet 2005) or a tight Zhang-Shasha
// forest-distance kernel over flat, reused buffers.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <vector>

#include "kernels/tree_edit/ted.h"

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

// Lower bound of TED: ||F| - |G|| and half the L1 distance of the label histograms
// (an insertion or deletion changes the histogram by 1, a rename by 2).
int label_lower_bound(const Tree& f, const Tree& g) {
  std::int32_t top = 0;
  for (auto l : f.label) top = std::max(top, l);
  for (auto l : g.label) top = std::max(top, l);
  std::vector<int> h(static_cast<std::size_t>(top) + 1, 0);
  for (auto l : f.label) ++h[l];
  for (auto l : g.label) --h[l];
  std::int64_t l1 = 0;
  for (int v : h) l1 += std::abs(v);
  return static_cast<int>(std::max<std::int64_t>(std::abs(f.n() - g.n()), (l1 + 1) / 2));
}

// Cells zs_band_kernel(f, g, k) computes (same loops, no work).
std::uint64_t band_cells(const Tree& f, const Tree& g, int k) {
  if (std::abs(f.n() - g.n()) > k) return 0;
  const std::vector<std::int32_t> kf = left_keyroots(f), kg = left_keyroots(g);
  std::uint64_t cells = 0;
  for (int k1 : kf) {
    const int l1 = f.lld[k1], rows = k1 - l1 + 2;
    for (int k2 : kg) {
      const int l2 = g.lld[k2];
      if (l2 - 1 > k1 + k || l1 - 1 > k2 + k) continue;
      const int cols = k2 - l2 + 2, off = l2 - l1 + k;
      // Rows with a cell in the band: x - off <= cols - 1 and x - off + 2k >= 0.
      for (int x = std::max(1, off - 2 * k), xe = std::min(rows - 1, off + cols - 1); x <= xe; ++x) {
        const int lo = std::max(1, x - off), hi = std::min(cols - 1, x - off + 2 * k);
        if (hi >= lo) cells += static_cast<std::uint64_t>(hi - lo + 1);
      }
    }
  }
  return cells;
}

template <class T>
int zs_kernel(const Tree& f, const Tree& g, TedStats* stats) {
  const int n = f.n(), m = g.n();
  std::vector<T> td(static_cast<std::size_t>(n) * m);
  std::vector<T> fd(static_cast<std::size_t>(n + 1) * (m + 1));
  if (stats) stats->bytes = std::max(stats->bytes, (td.size() + fd.size()) * sizeof(T));
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

// Banded Zhang-Shasha with a threshold (the idea of Touzet 2005, "A linear tree edit
// distance algorithm for similar ordered trees", applied to the keyroot recursion):
// returns min(TED, k + 1) exactly. If a mapping of cost <= k maps node i to node j
// (postorder numbers), then |i - j| <= k, and every forest-distance cell on its
// derivation pairs prefixes F[..i], G[..j] with |i - j| <= k. So only cells in the
// diagonal band |i - j| <= k are computed; all others stand for "at least k + 1", and
// every value is capped at k + 1 (capping commutes with the min/plus recurrence).
// Memory: tree distances n x (2k+1) and one forest band (n+1) x (2k+1).
template <class T>
int zs_band_kernel(const Tree& f, const Tree& g, int k, TedStats* stats) {
  const int n = f.n(), m = g.n();
  const int W = 2 * k + 1, C = k + 1;
  if (std::abs(n - m) > k) return C;  // TED >= ||F| - |G||
  const T cap = static_cast<T>(C);
  // td[i][j] for |i - j| <= k at i * W + (j - i + k).
  std::vector<T> td(static_cast<std::size_t>(n) * W, cap);
  std::vector<T> fd(static_cast<std::size_t>(n + 1) * W, cap);
  const std::vector<std::int32_t> kf = left_keyroots(f), kg = left_keyroots(g);
  const std::int32_t* flld = f.lld.data();
  const std::int32_t* glld = g.lld.data();
  const std::int32_t* flab = f.label.data();
  const std::int32_t* glab = g.label.data();
  std::uint64_t cells = 0;
  for (int k1 : kf) {
    const int l1 = flld[k1];
    const int rows = k1 - l1 + 2;
    for (int k2 : kg) {
      const int l2 = glld[k2];
      // Global rows i in [l1-1, k1], columns j in [l2-1, k2]: any cell in the band?
      if (l2 - 1 > k1 + k || l1 - 1 > k2 + k) continue;
      const int cols = k2 - l2 + 2;
      // Cell (x, y) is global (i, j) = (l1 + x - 1, l2 + y - 1); band slot
      // d = j - i + k = y - x + off.
      const int off = l2 - l1 + k;
      auto slot_lo = [&](int x) { return std::max(0, x - off); };          // first y in band
      auto slot_hi = [&](int x) { return std::min(cols - 1, x - off + 2 * k); };  // last y
      // Row 0: fd(0, y) = y.
      {
        T* F0 = fd.data();
        for (int y = slot_lo(0), e = slot_hi(0); y <= e; ++y)
          F0[y + off] = static_cast<T>(std::min(y, C));
      }
      // Rows with a cell in the band (no other row is ever read).
      for (int x = std::max(1, off - 2 * k), xe = std::min(rows - 1, off + cols - 1); x <= xe; ++x) {
        int ylo = slot_lo(x), yhi = slot_hi(x);
        if (ylo > yhi) continue;
        const int i = l1 + x - 1;
        T* row = fd.data() + static_cast<std::size_t>(x) * W;   // row[d]
        const T* up = row - W;                                   // up[d + 1] is (x-1, y)
        const int base = off - x;                                // d = y + base
        if (ylo == 0) {
          row[base] = static_cast<T>(std::min(x, C));
          ylo = 1;
        }
        cells += static_cast<std::uint64_t>(std::max(0, yhi - ylo + 1));
        T* tdrow = td.data() + static_cast<std::size_t>(i) * W + k - i;  // tdrow[j]
        const bool on_left = flld[i] == l1;
        const std::int32_t li = flab[i];
        const int px = flld[i] - l1;
        const T* prow = fd.data() + static_cast<std::size_t>(px) * W;
        for (int y = ylo; y <= yhi; ++y) {
          const int d = y + base;
          const int j = l2 + y - 1;
          int best = C;
          if (d + 1 < W) best = up[d + 1] + 1;
          if (d > 0) best = std::min(best, row[d - 1] + 1);
          if (on_left && glld[j] == l2) {
            best = std::min(best, up[d] + (glab[j] != li));  // fd(x-1, y-1): same slot
            best = std::min(best, C);
            tdrow[j] = static_cast<T>(best);
          } else {
            const int pd = (glld[j] - l2) - px + off;  // slot of (px, py)
            if (pd >= 0 && pd < W) best = std::min(best, prow[pd] + tdrow[j]);
            best = std::min(best, C);
          }
          row[d] = static_cast<T>(best);
        }
      }
    }
  }
  if (stats) {
    stats->subproblems += cells;
    stats->bytes = std::max(stats->bytes, (td.size() + fd.size()) * sizeof(T));
  }
  return td[static_cast<std::size_t>(n - 1) * W + (m - n) + k];
}

}  // namespace

std::uint64_t left_strategy_cost(const Tree& f, const Tree& g) {
  return keyroot_size_sum(f, false) * keyroot_size_sum(g, false);
}
std::uint64_t right_strategy_cost(const Tree& f, const Tree& g) {
  return keyroot_size_sum(f, true) * keyroot_size_sum(g, true);
}

int ted_bounded(const Tree& f, const Tree& g, int k, TedStats* stats) {
  if (stats) *stats = {};
  if (k < 0 || k >= 32000) throw TreeError("ted_bounded: threshold " + std::to_string(k) + " outside [0, 32000)");
  if (f.empty() || g.empty()) return std::min(f.n() + g.n(), k + 1);
  if (stats) stats->band = k;
  return zs_band_kernel<std::uint16_t>(f, g, k, stats);
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
  const std::uint64_t full = right ? cr : cl;
  if (stats) {
    stats->strategy = right ? 'R' : 'L';
    stats->other = right ? cl : cr;
  }
  Tree fm, gm;
  if (right) {
    fm = f.mirrored();
    gm = g.mirrored();
  }
  const Tree& a = right ? fm : f;
  const Tree& b = right ? gm : g;
  // Threshold runs (zs_band_kernel) while their band costs at most a sixth of the
  // full computation; the threshold grows 4x after each run that finds TED > k.
  for (int k = std::max(16, label_lower_bound(a, b)); k < 32000; k *= 4) {
    const std::uint64_t band = band_cells(a, b, k);
    if (band * 6 > full) break;
    const int d = zs_band_kernel<std::uint16_t>(a, b, k, stats);
    if (stats) ++stats->band_runs;
    if (d <= k) {
      if (stats) stats->band = k;
      return d;
    }
  }
  if (stats) stats->subproblems += full;
  const bool small = a.n() + b.n() < std::numeric_limits<std::uint16_t>::max();
  return small ? zs_kernel<std::uint16_t>(a, b, stats) : zs_kernel<std::int32_t>(a, b, stats);
}

}  // namespace detour::ted
