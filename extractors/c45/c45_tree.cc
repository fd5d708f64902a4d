// C4.5 learner; see c45_tree.h. Written from Quinlan (1993) and the release-8 notes
// (Quinlan 1996, "Improved use of continuous attributes in C4.5").
#include "extractors/c45/c45_tree.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace detour::c45 {
namespace {

double xlog2x(double v) { return v > 0 ? v * std::log2(v) : 0.0; }

// Entropy (bits) of a weight distribution with total `sum`, times `sum`.
double weighted_entropy(const double* dist, int k, double sum) {
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

}  // namespace

void Dataset::add(std::span<const float> row, int cls, double weight) {
  if (static_cast<int>(row.size()) != features)
    throw std::invalid_argument("c45::Dataset::add: row has " + std::to_string(row.size()) +
                                " features, expected " + std::to_string(features));
  if (cls < 0 || cls >= classes) throw std::invalid_argument("c45::Dataset::add: class out of range");
  x.insert(x.end(), row.begin(), row.end());
  y.push_back(static_cast<std::uint8_t>(cls));
  if (!w.empty() || weight != 1.0) {
    if (w.empty()) w.assign(y.size() - 1, 1.0);
    w.push_back(weight);
  }
}

double normal_upper_quantile(double p) {
  if (!(p > 0 && p < 1)) throw std::invalid_argument("normal_upper_quantile: p must be in (0, 1)");
  double lo = -40, hi = 40;
  for (int it = 0; it < 200; ++it) {
    double mid = (lo + hi) / 2;
    double tail = 0.5 * std::erfc(mid / std::sqrt(2.0));
    if (tail > p) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

double added_errors(double n, double e, double cf) {
  if (n <= 0) return 0.0;
  if (e < 1) {
    double base = n * (1 - std::pow(cf, 1 / n));
    if (e == 0) return base;
    return base + e * (added_errors(n, 1, cf) - base);
  }
  if (e + 0.5 >= n) return std::max(n - e, 0.0);
  // z depends on cf alone and takes 200 bisection steps: kept for the next call.
  static thread_local double cached_cf = -1, cached_z = 0;
  if (cf != cached_cf) {
    cached_z = normal_upper_quantile(cf);
    cached_cf = cf;
  }
  const double z = cached_z;
  double f = (e + 0.5) / n;
  double r = (f + z * z / (2 * n) + z * std::sqrt(f / n - f * f / n + z * z / (4 * n * n))) /
             (1 + z * z / n);
  return r * n - e;
}

void prune(std::vector<TreeNode>& nodes, double confidence) {
  if (nodes.empty()) return;
  // Children always have larger indices than their parent: a reverse scan is post-order.
  std::vector<double> est(nodes.size(), 0.0);
  for (int i = static_cast<int>(nodes.size()) - 1; i >= 0; --i) {
    TreeNode& nd = nodes[i];
    double as_leaf = nd.errors + added_errors(nd.weight, nd.errors, confidence);
    if (nd.feature < 0) {
      est[i] = as_leaf;
      continue;
    }
    double subtree = est[nd.left] + est[nd.right];
    if (as_leaf <= subtree + 0.1) {
      nd.feature = -1;
      nd.left = nd.right = -1;
      est[i] = as_leaf;
    } else {
      est[i] = subtree;
    }
  }
  // Compact: keep the nodes reachable from the root, parents before children.
  std::vector<TreeNode> kept;
  kept.reserve(nodes.size());
  std::vector<std::pair<int, int>> queue{{0, -1}};
  for (std::size_t q = 0; q < queue.size(); ++q) {
    auto [old, parent] = queue[q];
    int ni = static_cast<int>(kept.size());
    kept.push_back(nodes[old]);
    if (parent >= 0) {
      if (kept[parent].left == old) kept[parent].left = ni;
      else kept[parent].right = ni;
    }
    if (nodes[old].feature >= 0) {
      queue.push_back({nodes[old].left, ni});
      queue.push_back({nodes[old].right, ni});
    }
  }
  nodes = std::move(kept);
}

// long function: C4.5's induction as one loop over a stack of nodes, in the order of the
// algorithm (presort, class weights, best split per feature, stable partition); every
// step shares the presorted lists, the buffers and the two-class paths that keep the
// scans' sums in registers, and tests/c45_tree_reference.h checks it as one piece.
Tree Tree::train(const Dataset& data, const TreeSettings& st) {
  const std::size_t n = data.size();
  const int F = data.features, K = data.classes;
  if (F <= 0 || K <= 0 || K > 255) throw std::invalid_argument("c45::Tree::train: bad feature or class count");
  if (data.x.size() != n * static_cast<std::size_t>(F))
    throw std::invalid_argument("c45::Tree::train: feature matrix size does not match the instances");
  if (!data.w.empty() && data.w.size() != n)
    throw std::invalid_argument("c45::Tree::train: weight count does not match the instances");
  for (auto c : data.y)
    if (c >= K) throw std::invalid_argument("c45::Tree::train: class out of range");
  Tree tree;
  if (n == 0) return tree;
  for (float v : data.x)
    if (std::isnan(v)) throw std::invalid_argument("c45::Tree::train: NaN feature value");

  // Presort every feature once; each node owns the range [lo, hi) of every list. A
  // list holds each instance's value and number, and beside it its class, so that the
  // scans read them in order rather than the row-major matrix and the class array;
  // ties keep the instances' order, as a stable sort would. When the weight is a
  // function of the class (all 1, or C45's content weight), it is read from a table
  // by class, else from the data set.
  struct Entry {
    float v;
    int id;
  };
  std::vector<double> class_w(K, 0.0);
  std::vector<char> class_seen(K, 0);
  bool by_class = true;
  for (std::size_t i = 0; i < n && by_class; ++i) {
    const int c = data.y[i];
    if (!class_seen[c]) class_seen[c] = 1, class_w[c] = data.weight(i);
    by_class = class_w[c] == data.weight(i);
  }
  std::vector<std::vector<Entry>> order(F, std::vector<Entry>(n));
  std::vector<std::vector<std::uint8_t>> classes(F, std::vector<std::uint8_t>(n));
  {
    // Sorted as integers: the float's bits made monotonic (-0 taken as +0, equal as
    // `<` has them) above the instance number.
    std::vector<std::uint64_t> keys(n);
    for (int f = 0; f < F; ++f) {
      for (std::size_t i = 0; i < n; ++i) {
        float v = data.at(i, f);
        if (v == 0) v = 0.0f;
        std::uint32_t b;
        std::memcpy(&b, &v, sizeof b);
        b = (b & 0x80000000u) ? ~b : (b | 0x80000000u);
        keys[i] = (static_cast<std::uint64_t>(b) << 32) | i;
      }
      std::sort(keys.begin(), keys.end());
      auto& o = order[f];
      for (std::size_t i = 0; i < n; ++i) {
        const int id = static_cast<int>(keys[i] & 0xffffffffu);
        o[i] = {data.at(id, f), id};
        classes[f][i] = data.y[id];
      }
    }
  }
  // With whole-number weights (the default 1, or C45's content weight), every class
  // weight is a whole number up to the total, and x log2 x is read from a table: the
  // same doubles as computed, without the logarithms.
  std::vector<double> xlx;
  {
    double total = 0;
    bool whole = true;
    for (std::size_t i = 0; i < n && whole; ++i) {
      const double wi = data.weight(i);
      whole = wi >= 0 && wi == std::floor(wi);
      total += wi;
    }
    if (whole && total <= 16.0 * 1024 * 1024) {
      xlx.resize(static_cast<std::size_t>(total) + 1);
      for (std::size_t k = 0; k < xlx.size(); ++k) xlx[k] = xlog2x(static_cast<double>(k));
    }
  }
  const double* xl = xlx.empty() ? nullptr : xlx.data();
  auto entropy = [&](const double* d, double sum) {
    if (!xl) return weighted_entropy(d, K, sum);
    if (sum <= 0) return 0.0;
    double s = 0;
    for (int c = 0; c < K; ++c) s -= xl[static_cast<std::size_t>(d[c])];
    return s + xl[static_cast<std::size_t>(sum)];
  };
  auto weight = [&](const Entry& e, std::uint8_t c) { return by_class ? class_w[c] : data.weight(e.id); };
  std::vector<char> goes_left(n);
  std::vector<Entry> buffer(n);
  std::vector<std::uint8_t> class_buffer(n);
  std::vector<double> dist(K), left(K), right(K);
  std::vector<Candidate> cand(F);

  struct Work { int node, lo, hi, depth; };
  std::vector<Work> stack;
  tree.nodes_.push_back({});
  stack.push_back({0, 0, static_cast<int>(n), 0});
  while (!stack.empty()) {
    Work wk = stack.back();
    stack.pop_back();
    std::fill(dist.begin(), dist.end(), 0.0);
    if (K == 2) {
      double d0 = 0, d1 = 0;
      for (int i = wk.lo; i < wk.hi; ++i) {
        const std::uint8_t c = classes[0][i];
        const double wi = weight(order[0][i], c);
        const bool one = c != 0;
        d0 += one ? 0.0 : wi;
        d1 += one ? wi : 0.0;
      }
      dist[0] = d0;
      dist[1] = d1;
    } else {
      for (int i = wk.lo; i < wk.hi; ++i) dist[classes[0][i]] += weight(order[0][i], classes[0][i]);
    }
    double W = std::accumulate(dist.begin(), dist.end(), 0.0);
    int cls = static_cast<int>(std::max_element(dist.begin(), dist.end()) - dist.begin());
    {
      TreeNode& nd = tree.nodes_[wk.node];
      nd.cls = cls;
      nd.weight = W;
      nd.errors = W - dist[cls];
    }
    if (dist[cls] >= W || W < 2 * st.min_leaf || (st.max_depth > 0 && wk.depth >= st.max_depth)) continue;

    const double min_split = std::clamp(0.1 * W / K, st.min_leaf, std::max(25.0, st.min_leaf));
    const double parent_info = entropy(dist.data(), W);
    std::fill(cand.begin(), cand.end(), Candidate{});
    for (int f = 0; f < F; ++f) {
      const Entry* o = order[f].data();
      const std::uint8_t* oc = classes[f].data();
      std::fill(left.begin(), left.end(), 0.0);
      double lw = 0;
      double best_gain = -1;
      float best_t = 0;
      double best_lw = 0;
      int candidates = 0;
      // A threshold between o[i] and o[i + 1], the left side's class weights in `left`.
      // (The left weight by value: the scans keep their sums in registers.)
      auto consider = [&](int i, const double wl) {
        const float v = o[i].v, nv = o[i + 1].v;
        if (!(v < nv)) return;
        if (wl < min_split || W - wl < min_split) return;
        ++candidates;
        for (int c = 0; c < K; ++c) right[c] = dist[c] - left[c];
        double info = entropy(left.data(), wl) + entropy(right.data(), W - wl);
        double gain = (parent_info - info) / W;
        if (gain > best_gain + 1e-12) {
          best_gain = gain;
          // Midpoint between the two distinct values (kept <= nv even after rounding).
          float t = static_cast<float>((static_cast<double>(v) + nv) / 2);
          if (!(t < nv)) t = v;
          best_t = t;
          best_lw = wl;
        }
      };
      if (K == 2) {
        // Two classes: the sums in registers (adding 0.0 to the other leaves it as is).
        double l0 = 0, l1 = 0;
        for (int i = wk.lo; i + 1 < wk.hi; ++i) {
          const double wi = weight(o[i], oc[i]);
          const bool one = oc[i] != 0;
          l0 += one ? 0.0 : wi;
          l1 += one ? wi : 0.0;
          lw += wi;
          if (o[i].v < o[i + 1].v) {
            left[0] = l0;
            left[1] = l1;
            consider(i, lw);
          }
        }
      } else {
        for (int i = wk.lo; i + 1 < wk.hi; ++i) {
          const double wi = weight(o[i], oc[i]);
          left[oc[i]] += wi;
          lw += wi;
          consider(i, lw);
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
      const Entry& e = order[best][i];
      goes_left[e.id] = e.v <= t;
      nl += goes_left[e.id];
    }
    if (nl == 0 || nl == wk.hi - wk.lo) continue;
    for (int f = 0; f < F; ++f) {
      Entry* o = order[f].data();
      std::uint8_t* oc = classes[f].data();
      int a = wk.lo, b = 0;
      for (int i = wk.lo; i < wk.hi; ++i) {  // without branches: both written, one kept
        const Entry e = o[i];
        const std::uint8_t c = oc[i];
        const int g = goes_left[e.id];
        o[a] = e;
        oc[a] = c;
        buffer[b] = e;
        class_buffer[b] = c;
        a += g;
        b += 1 - g;
      }
      std::copy(buffer.begin(), buffer.begin() + b, o + a);
      std::copy(class_buffer.begin(), class_buffer.begin() + b, oc + a);
    }
    int l = static_cast<int>(tree.nodes_.size());
    tree.nodes_.push_back({});
    tree.nodes_.push_back({});
    TreeNode& nd = tree.nodes_[wk.node];
    nd.feature = best;
    nd.threshold = t;
    nd.left = l;
    nd.right = l + 1;
    stack.push_back({l + 1, wk.lo + nl, wk.hi, wk.depth + 1});
    stack.push_back({l, wk.lo, wk.lo + nl, wk.depth + 1});
  }

  if (st.prune) prune(tree.nodes_, st.confidence);
  return tree;
}

int Tree::leaf_of(std::span<const float> row) const {
  if (nodes_.empty()) return -1;
  int i = 0;
  while (nodes_[i].feature >= 0) i = row[nodes_[i].feature] <= nodes_[i].threshold ? nodes_[i].left : nodes_[i].right;
  return i;
}

int Tree::classify(std::span<const float> row) const {
  int i = leaf_of(row);
  return i < 0 ? 0 : nodes_[i].cls;
}

int Tree::leaves() const {
  int k = 0;
  for (const auto& nd : nodes_) k += nd.feature < 0;
  return k;
}

int Tree::depth() const {
  if (nodes_.empty()) return 0;
  std::vector<int> d(nodes_.size(), 0);
  int best = 0;
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    best = std::max(best, d[i]);
    if (nodes_[i].feature >= 0) d[nodes_[i].left] = d[nodes_[i].right] = d[i] + 1;
  }
  return best;
}

std::string Tree::describe(const std::vector<std::string>& names) const {
  std::ostringstream out;
  if (nodes_.empty()) return "(empty tree)\n";
  // Depth-first, left before right; each internal node prints two lines (<= and >).
  struct Item { int node, depth; bool right_side; int parent; };
  std::vector<Item> st{{0, 0, false, -1}};
  while (!st.empty()) {
    Item it = st.back();
    st.pop_back();
    const TreeNode& nd = nodes_[it.node];
    if (it.parent >= 0) {
      const TreeNode& p = nodes_[it.parent];
      std::string fname = "f";
      if (p.feature < static_cast<int>(names.size())) fname = names[p.feature];
      else fname += std::to_string(p.feature);
      out << std::string(2 * (it.depth - 1), ' ') << fname << (it.right_side ? " > " : " <= ") << p.threshold;
      if (nd.feature < 0) out << ": " << nd.cls << " (" << nd.weight << "/" << nd.errors << ")";
      out << "\n";
    } else if (nd.feature < 0) {
      out << ": " << nd.cls << " (" << nd.weight << "/" << nd.errors << ")\n";
    }
    if (nd.feature >= 0) {
      st.push_back({nd.right, it.depth + 1, true, it.node});
      st.push_back({nd.left, it.depth + 1, false, it.node});
    }
  }
  return out.str();
}

Tree Tree::from_nodes(std::vector<TreeNode> nodes) {
  const int n = static_cast<int>(nodes.size());
  for (int i = 0; i < n; ++i) {
    const TreeNode& t = nodes[i];
    if (t.feature < 0) continue;
    if (t.left <= i || t.right <= i || t.left >= n || t.right >= n)
      throw std::invalid_argument("c45 tree: node " + std::to_string(i) + " has a child out of range");
  }
  Tree tree;
  tree.nodes_ = std::move(nodes);
  return tree;
}

}  // namespace detour::c45
