// c45_tree: a C4.5 decision-tree learner (Quinlan 1993, "C4.5: Programs for Machine
// Learning", release 8 behaviour) over dense numeric features, written for the
// DOM-node classifier of Lutz (2013) but independent of it.
//
// Growing: at each node every feature is tried as a binary split `x <= t` with t the
// midpoint between consecutive distinct values (sorted once per feature, partitions
// kept sorted as the tree grows: O(features x instances) per tree level). The
// threshold of a feature is the one with the largest information gain; the release-8
// penalty log2(candidates)/W is then subtracted (optional). Among features whose gain
// is at least the average gain of the features with a valid split, the one with the
// largest gain ratio (gain / split information) is chosen. A split is valid when both
// sides weigh at least min_split = clamp(0.1 * W / classes, min_leaf, 25) (as C4.5 and
// Weka's J48 do). Growing stops at a pure node, a node lighter than 2 * min_leaf, or
// when no split has positive gain.
//
// Pruning: pessimistic error pruning by subtree replacement. The estimated errors of
// a leaf with N instances and E errors are E + U_CF(E, N) - E, where U_CF is the upper
// limit of the binomial confidence interval at confidence CF, computed with the normal
// approximation (continuity-corrected) as C4.5 does, and the exact N(1 - CF^(1/N)) for
// E < 1. A subtree is replaced by a leaf when the leaf's estimate does not exceed the
// subtree's summed estimate + 0.1.
//
// Instance weights are optional (default 1). Classes are 0..classes-1. A trained Tree
// is immutable and safe to share between threads.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace detour::c45 {

// A dense data set: row-major features (instances x features), classes, weights.
struct Dataset {
  int features = 0;
  int classes = 2;
  std::vector<float> x;             // size = size() * features
  std::vector<std::uint8_t> y;      // class of each instance
  std::vector<double> w;            // weights; empty means all 1

  std::size_t size() const { return y.size(); }
  float at(std::size_t i, int f) const { return x[i * features + f]; }
  double weight(std::size_t i) const { return w.empty() ? 1.0 : w[i]; }
  void add(std::span<const float> row, int cls, double weight = 1.0);
};

struct TreeSettings {
  // Minimum weight of each side of a split (C4.5 -m, Weka minNumObj). Default 2.
  double min_leaf = 2.0;
  // Pruning confidence CF (C4.5 -c, percent/100). Smaller prunes more. Default 0.25.
  double confidence = 0.25;
  // Prune at all (subtree replacement). Default true.
  bool prune = true;
  // Subtract log2(threshold candidates)/W from a numeric split's gain (release 8).
  // Default true.
  bool mdl_penalty = true;
  // Stop growing below this depth (0 = unlimited). Default 0.
  int max_depth = 0;
};

struct TreeNode {
  int feature = -1;        // -1: leaf
  float threshold = 0;     // go left when x[feature] <= threshold
  int left = -1, right = -1;
  int cls = 0;             // majority class of the training instances here
  double weight = 0;       // training weight reaching the node
  double errors = 0;       // training weight not of class `cls`
};

class Tree {
 public:
  // Learns a tree; throws std::invalid_argument on an inconsistent data set.
  static Tree train(const Dataset& data, const TreeSettings& settings = {});

  int classify(std::span<const float> row) const;
  // Index of the leaf reached by the row.
  int leaf_of(std::span<const float> row) const;

  const std::vector<TreeNode>& nodes() const { return nodes_; }
  // A tree made of nodes() of a trained tree (kept and read back). Throws
  // std::invalid_argument when a child index is out of range or not after its parent.
  static Tree from_nodes(std::vector<TreeNode> nodes);
  int leaves() const;
  int depth() const;
  bool empty() const { return nodes_.empty(); }
  // Readable indented form, with feature names when given.
  std::string describe(const std::vector<std::string>& feature_names = {}) const;

 private:
  std::vector<TreeNode> nodes_;  // node 0 is the root
};

// C4.5's U_CF(E, N) - E: the added errors of a leaf with N instances and E errors at
// confidence cf. Exposed for tests.
double added_errors(double n, double e, double cf);

// Pessimistic error pruning of a grown tree's nodes (children after their parent),
// then compaction to the nodes reachable from the root (see the header comment).
// Exposed for the reference learner of the tests.
void prune(std::vector<TreeNode>& nodes, double confidence);

// Inverse of the standard normal upper tail: z with P(Z > z) = p, 0 < p < 1.
double normal_upper_quantile(double p);

}  // namespace detour::c45
