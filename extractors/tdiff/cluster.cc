#include "extractors/tdiff/cluster.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

namespace detour::tdiff {
namespace {

// Uniform double in [0, 1) from the raw 64-bit output (53 high bits).
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

double sqdist(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t d = 0; d < a.size(); ++d) s += (a[d] - b[d]) * (a[d] - b[d]);
  return s;
}

}  // namespace

Points classical_mds(const Matrix& dist, int dims, int max_iter) {
  const int n = dist.n;
  Points out(n, std::vector<double>(dims, 0.0));
  if (n == 0) return out;
  // Double centering of squared distances.
  Matrix b(n);
  std::vector<double> row(n, 0.0);
  double all = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double d2 = dist.at(i, j) * dist.at(i, j);
      b.at(i, j) = d2;
      row[i] += d2;
      all += d2;
    }
  for (int i = 0; i < n; ++i) row[i] /= n;
  all /= static_cast<double>(n) * n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) b.at(i, j) = -0.5 * (b.at(i, j) - row[i] - row[j] + all);
  std::vector<double> v(n), w(n);
  for (int d = 0; d < dims; ++d) {
    // Power iteration finds the eigenvalue of largest magnitude; shifting by a
    // Gershgorin bound makes it the largest (algebraically) one, which MDS needs.
    double shift = 0;
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int j = 0; j < n; ++j) s += std::fabs(b.at(i, j));
      shift = std::max(shift, s);
    }
    // Fixed, non-symmetric start so that it is not orthogonal to the top eigenvector.
    for (int i = 0; i < n; ++i) v[i] = 1.0 + 0.01 * (i % 7) + 0.001 * i;
    double lambda = 0;
    for (int it = 0; it < max_iter; ++it) {
      for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int j = 0; j < n; ++j) s += b.at(i, j) * v[j];
        w[i] = s + shift * v[i];
      }
      double norm = 0;
      for (double x : w) norm += x * x;
      norm = std::sqrt(norm);
      if (norm < 1e-300) {
        lambda = 0;
        break;
      }
      double diff = 0;
      for (int i = 0; i < n; ++i) {
        double x = w[i] / norm;
        diff += (x - v[i]) * (x - v[i]);
        v[i] = x;
      }
      // Rayleigh quotient as the eigenvalue estimate.
      double num = 0;
      for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int j = 0; j < n; ++j) s += b.at(i, j) * v[j];
        num += v[i] * s;
      }
      lambda = num;
      if (diff < 1e-20) break;
    }
    // Sign convention: the largest-magnitude component is positive (determinism).
    int imax = 0;
    for (int i = 1; i < n; ++i)
      if (std::fabs(v[i]) > std::fabs(v[imax])) imax = i;
    if (v[imax] < 0)
      for (double& x : v) x = -x;
    const double scale = std::sqrt(std::max(lambda, 0.0));
    for (int i = 0; i < n; ++i) out[i][d] = v[i] * scale;
    // Deflation.
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) b.at(i, j) -= lambda * v[i] * v[j];
  }
  return out;
}

KMeansResult kmeans(const Points& pts, int k, std::uint64_t seed, int restarts, int max_iter) {
  const int n = static_cast<int>(pts.size());
  if (k < 1 || k > n) throw std::invalid_argument("kmeans: k must be in [1, number of points]");
  const std::size_t dims = pts[0].size();
  std::mt19937_64 rng(seed);
  KMeansResult best;
  best.inertia = std::numeric_limits<double>::infinity();
  for (int r = 0; r < std::max(1, restarts); ++r) {
    // k-means++ seeding.
    Points c;
    c.push_back(pts[rng() % static_cast<std::uint64_t>(n)]);
    std::vector<double> d2(n);
    while (static_cast<int>(c.size()) < k) {
      double total = 0;
      for (int i = 0; i < n; ++i) {
        double m = std::numeric_limits<double>::infinity();
        for (const auto& cc : c) m = std::min(m, sqdist(pts[i], cc));
        d2[i] = m;
        total += m;
      }
      int pick = 0;
      if (total <= 0) {
        pick = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
      } else {
        double t = uniform01(rng) * total, acc = 0;
        pick = n - 1;
        for (int i = 0; i < n; ++i) {
          acc += d2[i];
          if (acc > t) {
            pick = i;
            break;
          }
        }
      }
      c.push_back(pts[pick]);
    }
    // Lloyd iterations.
    std::vector<int> assign(n, -1);
    for (int it = 0; it < max_iter; ++it) {
      bool changed = false;
      for (int i = 0; i < n; ++i) {
        int bi = 0;
        double bd = sqdist(pts[i], c[0]);
        for (int j = 1; j < k; ++j) {
          double d = sqdist(pts[i], c[j]);
          if (d < bd) {
            bd = d;
            bi = j;
          }
        }
        if (assign[i] != bi) {
          assign[i] = bi;
          changed = true;
        }
      }
      if (!changed) break;
      Points sum(k, std::vector<double>(dims, 0.0));
      std::vector<int> cnt(k, 0);
      for (int i = 0; i < n; ++i) {
        ++cnt[assign[i]];
        for (std::size_t d = 0; d < dims; ++d) sum[assign[i]][d] += pts[i][d];
      }
      for (int j = 0; j < k; ++j)
        if (cnt[j] > 0)
          for (std::size_t d = 0; d < dims; ++d) c[j][d] = sum[j][d] / cnt[j];
      // An empty cluster keeps its previous centre.
    }
    double inertia = 0;
    for (int i = 0; i < n; ++i) inertia += sqdist(pts[i], c[assign[i]]);
    if (inertia < best.inertia - 1e-12) {
      best.k = k;
      best.assign = assign;
      best.centroids = c;
      best.inertia = inertia;
    }
  }
  // Renumber clusters by first appearance (stable labels), dropping empty ones.
  std::vector<int> remap(k, -1);
  int next = 0;
  Points cents;
  for (int i = 0; i < n; ++i) {
    int& r = remap[best.assign[i]];
    if (r < 0) {
      r = next++;
      cents.push_back(best.centroids[best.assign[i]]);
    }
    best.assign[i] = r;
  }
  best.k = next;
  best.centroids = cents;
  return best;
}

double mean_silhouette(const Points& pts, const std::vector<int>& assign, int k) {
  const int n = static_cast<int>(pts.size());
  if (n == 0 || k < 2) return 0.0;
  std::vector<int> size(k, 0);
  for (int a : assign) ++size[a];
  double total = 0;
  std::vector<double> sum(k);
  for (int i = 0; i < n; ++i) {
    if (size[assign[i]] <= 1) continue;  // s(i) = 0 for a singleton
    std::fill(sum.begin(), sum.end(), 0.0);
    for (int j = 0; j < n; ++j)
      if (j != i) sum[assign[j]] += std::sqrt(sqdist(pts[i], pts[j]));
    const double a = sum[assign[i]] / (size[assign[i]] - 1);
    double b = std::numeric_limits<double>::infinity();
    for (int c = 0; c < k; ++c)
      if (c != assign[i] && size[c] > 0) b = std::min(b, sum[c] / size[c]);
    const double m = std::max(a, b);
    if (m > 0 && std::isfinite(b)) total += (b - a) / m;
  }
  return total / n;
}

Clustering choose_k(const Points& pts, int max_k, double min_silhouette, std::uint64_t seed) {
  Clustering out;
  const int n = static_cast<int>(pts.size());
  out.silhouette_by_k.assign(2, 0.0);
  if (n == 0) return out;
  out.best = kmeans(pts, 1, seed, 1);
  if (n <= 3) return out;
  double best_s = -2;
  KMeansResult best;
  for (int k = 2; k <= std::min(max_k, n - 1); ++k) {
    KMeansResult r = kmeans(pts, k, seed + static_cast<std::uint64_t>(k));
    double s = mean_silhouette(pts, r.assign, r.k);
    out.silhouette_by_k.push_back(s);
    if (s > best_s + 1e-12) {
      best_s = s;
      best = std::move(r);
    }
  }
  if (best_s >= min_silhouette) {
    out.best = std::move(best);
    out.silhouette = best_s;
  }
  return out;
}

}  // namespace detour::tdiff
