// pq_gram: the pq-gram distance of Augsten, Böhlen & Gamper (2005, 2010, "The
// pq-gram distance between ordered labeled trees"), a cheap lower-bound-like
// approximation of the tree edit distance used for all-pairs clustering.
//
// The extended tree adds p-1 null ancestors above the root, q-1 null children before
// the first and after the last child of every non-leaf, and q null children under
// every leaf. A pq-gram is a stem of p nodes (a node and its p-1 ancestors) plus q
// consecutive children of the stem's last node; the profile is the bag of their label
// tuples. distance = 1 - 2 |P1 ∩ P2| / |P1 ⊎ P2| (bag intersection and union), in
// [0, 1]; two empty trees are at distance 0.
//
// A profile is stored as a sorted vector of 64-bit fingerprints of the label tuples
// (collisions are possible in principle; with 64-bit hashes they are negligible for
// trees of this size). Thread-safe.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/tree_edit/tree.h"

namespace detour::ted {

struct PqGramOptions {
  int p = 2;  // stem length (>= 1); default 2 as in Augsten et al.
  int q = 3;  // base length (>= 1); default 3
};

struct PqProfile {
  std::vector<std::uint64_t> grams;  // sorted fingerprints (a bag: repeats kept)
};

PqProfile pq_profile(const Tree& t, const PqGramOptions& opts = {});
double pq_distance(const PqProfile& a, const PqProfile& b);
// Size of the bag intersection.
std::size_t pq_intersection(const PqProfile& a, const PqProfile& b);

}  // namespace detour::ted
