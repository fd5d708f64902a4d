// c45_tree_reference: the C4.5 learner as first written (every split scan computes
// its entropies with log2 and reads the row-major feature matrix), kept as the slow,
// obviously correct version Tree::train is tested against (tests/c45_test.cc). The
// pruning, unchanged, is the learner's own (c45::prune).
#pragma once

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "extractors/c45/c45_tree.h"

namespace detour::c45::reference {
namespace detail {

inline double xlog2x(double v) { return v > 0 ? v * std::log2(v) : 0.0; }

// Entropy (bits) of a weight distribution with total `sum`, times `sum`.
inline double weighted_entropy(const double* dist, int k, double sum) {
  if (sum <= 0) return 0.0;
  double s = 0;
  for (int c = 0; c < k; ++c) s -= xlog2x(dist[c]);
  return s + xlog2x(sum);  // = sum * H
}

struct Candidate {
  bool valid = false;
  double gain = 0;       // after the penalty
  double ratio = 0;
  float threshold = 0;
  double left_weight = 0;
};

}  // namespace detail
using namespace detail;

inline Tree train_reference(const Dataset& data, const TreeSettings& st = {}) {
  const std::size_t n = data.size();
  const int F = data.features, K = data.classes;
  if (F <= 0 || K <= 0 || K > 255) throw std::invalid_argument("c45::Tree::train: bad feature or class count");
  if (data.x.size() != n * static_cast<std::size_t>(F))
    throw std::invalid_argument("c45::Tree::train: feature matrix size does not match the instances");
  if (!data.w.empty() && data.w.size() != n)
    throw std::invalid_argument("c45::Tree::train: weight count does not match the instances");
  for (auto c : data.y)
    if (c >= K) throw std::invalid_argument("c45::Tree::train: class out of range");
  std::vector<TreeNode> nodes_;
  if (n == 0) return Tree{};
  for (float v : data.x)
    if (std::isnan(v)) throw std::invalid_argument("c45::Tree::train: NaN feature value");

  // Presort every feature once; each node owns the range [lo, hi) of every list.
  std::vector<std::vector<int>> order(F, std::vector<int>(n));
  for (int f = 0; f < F; ++f) {
    auto& o = order[f];
    std::iota(o.begin(), o.end(), 0);
    std::stable_sort(o.begin(), o.end(), [&](int a, int b) { return data.at(a, f) < data.at(b, f); });
  }
  std::vector<char> goes_left(n);
  std::vector<int> buffer(n);
  std::vector<double> dist(K), left(K), right(K);

  struct Work { int node, lo, hi, depth; };
  std::vector<Work> stack;
  nodes_.push_back({});
  stack.push_back({0, 0, static_cast<int>(n), 0});
  while (!stack.empty()) {
    Work wk = stack.back();
    stack.pop_back();
    std::fill(dist.begin(), dist.end(), 0.0);
    for (int i = wk.lo; i < wk.hi; ++i) dist[data.y[order[0][i]]] += data.weight(order[0][i]);
    double W = std::accumulate(dist.begin(), dist.end(), 0.0);
    int cls = static_cast<int>(std::max_element(dist.begin(), dist.end()) - dist.begin());
    {
      TreeNode& nd = nodes_[wk.node];
      nd.cls = cls;
      nd.weight = W;
      nd.errors = W - dist[cls];
    }
    if (dist[cls] >= W || W < 2 * st.min_leaf || (st.max_depth > 0 && wk.depth >= st.max_depth)) continue;

    const double min_split = std::clamp(0.1 * W / K, st.min_leaf, std::max(25.0, st.min_leaf));
    const double parent_info = weighted_entropy(dist.data(), K, W);
    std::vector<Candidate> cand(F);
    for (int f = 0; f < F; ++f) {
      const auto& o = order[f];
      std::fill(left.begin(), left.end(), 0.0);
      double lw = 0;
      double best_gain = -1;
      float best_t = 0;
      double best_lw = 0;
      int candidates = 0;
      for (int i = wk.lo; i + 1 < wk.hi; ++i) {
        int id = o[i];
        double wi = data.weight(id);
        left[data.y[id]] += wi;
        lw += wi;
        float v = data.at(id, f), nv = data.at(o[i + 1], f);
        if (!(v < nv)) continue;
        if (lw < min_split || W - lw < min_split) continue;
        ++candidates;
        for (int c = 0; c < K; ++c) right[c] = dist[c] - left[c];
        double info = weighted_entropy(left.data(), K, lw) + weighted_entropy(right.data(), K, W - lw);
        double gain = (parent_info - info) / W;
        if (gain > best_gain + 1e-12) {
          best_gain = gain;
          // Midpoint between the two distinct values (kept <= nv even after rounding).
          float t = static_cast<float>((static_cast<double>(v) + nv) / 2);
          if (!(t < nv)) t = v;
          best_t = t;
          best_lw = lw;
        }
      }
      if (candidates == 0) continue;
      double gain = best_gain;
      if (st.mdl_penalty) gain -= std::log2(static_cast<double>(candidates)) / W;
      if (gain <= 0) continue;
      double split_info = (-xlog2x(best_lw / W) - xlog2x((W - best_lw) / W));
      cand[f] = {true, gain, split_info > 0 ? gain / split_info : 0.0, best_t, best_lw};
    }
    double avg = 0;
    int valid = 0;
    for (const auto& c : cand)
      if (c.valid) avg += c.gain, ++valid;
    if (valid == 0) continue;
    avg /= valid;
    int best = -1;
    for (int f = 0; f < F; ++f) {
      if (!cand[f].valid || cand[f].gain < avg - 1e-3) continue;
      if (best < 0 || cand[f].ratio > cand[best].ratio) best = f;
    }
    if (best < 0) continue;

    // Split every presorted list stably.
    const float t = cand[best].threshold;
    int nl = 0;
    for (int i = wk.lo; i < wk.hi; ++i) {
      int id = order[best][i];
      goes_left[id] = data.at(id, best) <= t;
      nl += goes_left[id];
    }
    if (nl == 0 || nl == wk.hi - wk.lo) continue;
    for (int f = 0; f < F; ++f) {
      auto& o = order[f];
      int a = wk.lo, b = 0;
      for (int i = wk.lo; i < wk.hi; ++i) {
        if (goes_left[o[i]]) o[a++] = o[i];
        else buffer[b++] = o[i];
      }
      std::copy(buffer.begin(), buffer.begin() + b, o.begin() + a);
    }
    int l = static_cast<int>(nodes_.size());
    nodes_.push_back({});
    nodes_.push_back({});
    TreeNode& nd = nodes_[wk.node];
    nd.feature = best;
    nd.threshold = t;
    nd.left = l;
    nd.right = l + 1;
    stack.push_back({l + 1, wk.lo + nl, wk.hi, wk.depth + 1});
    stack.push_back({l, wk.lo, wk.lo + nl, wk.depth + 1});
  }

  if (st.prune) prune(nodes_, st.confidence);  // the learner's own pruning
  return Tree::from_nodes(std::move(nodes_));
}

}  // namespace detour::c45::reference
