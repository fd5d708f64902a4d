// cluster: the page-grouping steps of the template-diff extractor (Deturck 2015):
// classical multidimensional scaling of a distance matrix to a few dimensions,
// k-means with seeded k-means++ initialisation, the silhouette coefficient
// (Rousseeuw 1987) and the choice of k by the best mean silhouette.
//
// Everything is deterministic for a given seed: power iteration starts from a fixed
// vector, and the RNG is std::mt19937_64 whose raw outputs are turned into numbers by
// our own code (no std::*_distribution, whose output differs between libraries).
// Thread-safe (pure functions).
#pragma once

#include <cstdint>
#include <vector>

namespace detour::tdiff {

// Row-major square matrix of doubles.
struct Matrix {
  int n = 0;
  std::vector<double> v;
  explicit Matrix(int size = 0) : n(size), v(static_cast<std::size_t>(size) * size, 0.0) {}
  double& at(int i, int j) { return v[static_cast<std::size_t>(i) * n + j]; }
  double at(int i, int j) const { return v[static_cast<std::size_t>(i) * n + j]; }
};

using Points = std::vector<std::vector<double>>;  // points[i][d]

// Classical (Torgerson) MDS: B = -1/2 J D² J, top `dims` eigenpairs by (shifted) power iteration
// with deflation (max_iter iterations each, tolerance 1e-10); coordinates
// x_i = v_i * sqrt(max(lambda, 0)). A symmetric distance matrix is required.
Points classical_mds(const Matrix& dist, int dims = 2, int max_iter = 500);

struct KMeansResult {
  int k = 0;
  std::vector<int> assign;  // cluster of each point, 0..k-1
  Points centroids;
  double inertia = 0;       // sum of squared distances to the centroid
};

// Lloyd's k-means, k-means++ initialisation (Arthur & Vassilvitskii 2007) from `seed`;
// `restarts` runs, the lowest inertia kept. Requires 1 <= k <= number of points.
KMeansResult kmeans(const Points& pts, int k, std::uint64_t seed, int restarts = 5, int max_iter = 100);

// Mean silhouette over all points (Euclidean); a point alone in its cluster scores 0.
double mean_silhouette(const Points& pts, const std::vector<int>& assign, int k);

struct Clustering {
  KMeansResult best;
  double silhouette = 0;  // of the chosen k (0 for k = 1)
  std::vector<double> silhouette_by_k;  // index k (0 and 1 unused)
};

// k-means for k = 2 .. min(max_k, n-1); the k with the highest mean silhouette is
// chosen, unless it is below min_silhouette (no substantial structure, Kaufman &
// Rousseeuw 1990 use 0.25), in which case all points form one cluster (k = 1).
// Sets of 1-3 points always form one cluster.
Clustering choose_k(const Points& pts, int max_k, double min_silhouette, std::uint64_t seed);

}  // namespace detour::tdiff
