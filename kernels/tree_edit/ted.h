// ted: exact tree edit distance with unit costs (insert 1, delete 1, rename 1 when the
// labels differ, 0 otherwise) between ordered labelled trees (tree.h).
//
// ted_zhang_shasha: the plain algorithm of Zhang & Shasha (1989), keyroots and forest
// distance, nested vectors; the reference the tests compare against.
//
// ted: the fast kernel. It follows the path-strategy idea of RTED/APTED (Pawlik &
// Augsten 2011, "RTED: a robust algorithm for the tree edit distance"; 2016, "Tree
// edit distance: robust and memory-efficient"): before computing, it counts the
// relevant subproblems each strategy would create and runs the cheapest. Strategies
// offered: all-left paths (Zhang-Shasha) and all-right paths (Zhang-Shasha on the
// mirrored trees); the subproblem count of a left strategy is
// (sum of sizes of F's left keyroots) x (sum of sizes of G's left keyroots). Heavy-path
// strategies (Klein 1998, Demaine et al. 2009) are not implemented. Similar trees
// (same-site pages) are first tried with a threshold k (ted_bounded, after Touzet
// 2005, "A linear tree edit distance algorithm for similar ordered trees"): only the
// diagonal band |i - j| <= k of postorder numbers is computed, k starting at
// max(16, a label-histogram lower bound) and growing 4x while the band costs at most
// a sixth of the full run; an answer <= k is exact. Otherwise memory is
// O(|F||G|): one tree-distance matrix and one forest-distance buffer, in 16-bit
// cells whenever |F| + |G| < 65535 (else 32-bit), reused across keyroot pairs; the
// inner loop is branch-light over flat arrays.
//
// Both are thread-safe (no shared state).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/tree_edit/tree.h"

namespace detour::ted {

struct TedStats {
  char strategy = 'L';              // 'L' (left paths) or 'R' (right paths)
  std::uint64_t subproblems = 0;    // forest-distance cells computed (all runs)
  std::uint64_t other = 0;          // cells the other strategy would have needed
  std::size_t bytes = 0;            // bytes of the distance matrices allocated (largest run)
  int band = 0;                     // threshold k of the banded run that gave the result (0: full run)
  int band_runs = 0;                // banded runs made (each found TED > k but the last, if band > 0)
};

// Exact unit-cost tree edit distance. Throws TreeError when |F| * |G| exceeds
// max_cells (default 4e8 cells: 1.6 GB in 32-bit, 0.8 GB in 16-bit) rather than
// exhausting memory.
int ted(const Tree& f, const Tree& g, TedStats* stats = nullptr,
        std::uint64_t max_cells = 400'000'000ULL);

// Threshold distance: min(TED, k + 1), exactly, by the banded kernel (only cells
// pairing postorder numbers i, j with |i - j| <= k; after Touzet 2005). Time about
// (2k+1)/|G| of the full computation, memory (|F| + 1) x (2k+1) cells. ted() uses it
// with growing k when the trees are similar. Throws TreeError when k < 0 or k >= 32000.
int ted_bounded(const Tree& f, const Tree& g, int k, TedStats* stats = nullptr);

// Forest-distance cells a left-path (right-path) strategy needs for this pair.
std::uint64_t left_strategy_cost(const Tree& f, const Tree& g);
std::uint64_t right_strategy_cost(const Tree& f, const Tree& g);

}  // namespace detour::ted
