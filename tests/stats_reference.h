// A slow, plainly written implementation of the statistics of stats/stats.h, used
// only by the tests to check the fast engine (stats/engine.cc) bit for bit. It follows
// the definitions literally: resample b draws n document indices from the stream
// (seed, bootstrap, b) and sums the drawn documents' counts in draw order; trial t
// reads one bit per document from the stream (seed, randomization, t) and swaps the
// two systems' counts where it is set; quantiles come from a full sort. It shares
// only the random number generator (stats/rng.h, checked against known outputs) and
// prf (checked against metrics::prf) with the code under test.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "stats/rng.h"
#include "stats/stats.h"

namespace detour::stats::reference {

// Resolution of the fixed-point per-document values: min(40, 52 - bit_width(n)).
inline int bits_for(std::size_t n) {
  int width = 0;
  while ((std::size_t(1) << width) <= n) ++width;  // bit_width, the long way
  return std::min(40, 52 - width);
}

// NumPy's 'linear' percentile of a copy of v (q in [0, 1]).
inline double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double h = static_cast<double>(v.size() - 1) * q;
  const std::size_t i = static_cast<std::size_t>(std::floor(h));
  const double t = h - std::floor(h);
  const double a = v[i];
  const double b = v[std::min(i + 1, v.size() - 1)];
  const double diff = b - a;
  if (t >= 0.5) return b - diff * (1 - t);
  return a + diff * t;
}

// The six statistics of a multiset of documents given as index list.
struct Sums {
  std::int64_t tp = 0, fp = 0, fn = 0;
  std::int64_t q[3] = {0, 0, 0};
};

inline std::vector<std::int64_t> fixed_values(const std::vector<Counts>& docs, ZeroRule rule, int m) {
  const int k = bits_for(docs.size());
  std::vector<std::int64_t> out;
  for (const Counts& d : docs) {
    const Prf v = prf(d.tp, d.fp, d.fn, rule);
    const double x = m == 0 ? v.precision : m == 1 ? v.recall : v.f1;
    out.push_back(std::llround(std::ldexp(x, k)));
  }
  return out;
}

inline double statistic(const Sums& s, ZeroRule rule, Statistic st, std::size_t n) {
  const Prf v = prf(s.tp, s.fp, s.fn, rule);
  switch (st) {
    case Statistic::MicroPrecision: return v.precision;
    case Statistic::MicroRecall: return v.recall;
    case Statistic::MicroF1: return v.f1;
    default: {
      const int m = static_cast<int>(st) - 3;
      return std::ldexp(static_cast<double>(s.q[m]), -bits_for(n)) / static_cast<double>(n);
    }
  }
}

// Sums over the documents listed in `picks` (with repetitions), in that order.
inline Sums sum_over(const std::vector<Counts>& docs, ZeroRule rule, const std::vector<std::size_t>& picks) {
  std::vector<std::int64_t> q[3] = {fixed_values(docs, rule, 0), fixed_values(docs, rule, 1),
                                    fixed_values(docs, rule, 2)};
  Sums s;
  for (std::size_t i : picks) {
    s.tp += docs[i].tp;
    s.fp += docs[i].fp;
    s.fn += docs[i].fn;
    for (int m = 0; m < 3; ++m) s.q[m] += q[m][i];
  }
  return s;
}

inline std::vector<std::size_t> all_documents(std::size_t n) {
  std::vector<std::size_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

inline std::vector<std::size_t> resample(std::size_t n, std::uint64_t seed, std::size_t b) {
  Rng rng = Rng::stream(seed, Purpose::Bootstrap, b);
  std::vector<std::size_t> picks;
  for (std::size_t j = 0; j < n; ++j) picks.push_back(rng.below(n));
  return picks;
}

// Point estimate as metrics::aggregate computes it.
inline double point(const std::vector<Counts>& docs, ZeroRule rule, Statistic st) {
  if (static_cast<int>(st) < 3) return statistic(sum_over(docs, rule, all_documents(docs.size())), rule, st, docs.size());
  double sum = 0;
  for (const Counts& d : docs) {
    const Prf v = prf(d.tp, d.fp, d.fn, rule);
    sum += st == Statistic::MacroPrecision ? v.precision : st == Statistic::MacroRecall ? v.recall : v.f1;
  }
  return sum / static_cast<double>(docs.size());
}

inline CellResult bootstrap_cell(const std::vector<Counts>& docs, ZeroRule rule, const BootstrapOptions& o) {
  const std::size_t n = docs.size();
  CellResult r;
  r.documents = n;
  r.signature = o.signature();
  std::vector<Sums> resampled;
  for (std::size_t b = 0; b < o.resamples; ++b) resampled.push_back(sum_over(docs, rule, resample(n, o.seed, b)));
  for (std::size_t s = 0; s < kStatistics; ++s) {
    const Statistic st = static_cast<Statistic>(s);
    std::vector<double> values;
    for (const Sums& x : resampled) values.push_back(statistic(x, rule, st, n));
    r.stats[s].estimate = point(docs, rule, st);
    r.stats[s].lo = percentile(values, o.alpha / 2);
    r.stats[s].hi = percentile(values, 1 - o.alpha / 2);
  }
  return r;
}

inline bool extreme(double value, double observed) {
  return value >= std::abs(observed) - std::max(1e-14, std::abs(1e-14 * observed));
}

inline PairedResult compare(const std::vector<Counts>& a, const std::vector<Counts>& b, ZeroRule rule, Statistic st,
                            const BootstrapOptions& bo, const RandomizationOptions& ro) {
  const std::size_t n = a.size();
  PairedResult r;
  r.statistic = st;
  r.documents = n;
  r.a = point(a, rule, st);
  r.b = point(b, rule, st);
  r.delta = r.a - r.b;
  r.bootstrap_signature = bo.paired_signature();
  const auto all = all_documents(n);
  const double observed = statistic(sum_over(a, rule, all), rule, st, n) - statistic(sum_over(b, rule, all), rule, st, n);

  std::vector<double> deltas;
  std::size_t count = 0;
  for (std::size_t k = 0; k < bo.resamples; ++k) {
    const auto picks = resample(n, bo.seed, k);
    const double d = statistic(sum_over(a, rule, picks), rule, st, n) - statistic(sum_over(b, rule, picks), rule, st, n);
    deltas.push_back(d);
    if (extreme(std::abs(d - observed), observed)) ++count;
  }
  r.lo = percentile(deltas, bo.alpha / 2);
  r.hi = percentile(deltas, 1 - bo.alpha / 2);
  r.p_bootstrap = static_cast<double>(count + 1) / static_cast<double>(bo.resamples + 1);

  if (ro.trials == 0) {
    r.p_randomization = std::nan("");
    return r;
  }
  r.randomization_signature = ro.signature();
  count = 0;
  for (std::size_t t = 0; t < ro.trials; ++t) {
    Rng rng = Rng::stream(ro.seed, Purpose::Randomization, t);
    std::vector<std::uint64_t> words;
    for (std::size_t w = 0; w < (n + 63) / 64; ++w) words.push_back(rng.next());
    std::vector<Counts> a2 = a, b2 = b;
    for (std::size_t i = 0; i < n; ++i)
      if ((words[i / 64] >> (i % 64)) & 1) std::swap(a2[i], b2[i]);
    // The fixed-point values follow their documents' counts.
    const double d = statistic(sum_over(a2, rule, all), rule, st, n) - statistic(sum_over(b2, rule, all), rule, st, n);
    if (extreme(std::abs(d), observed)) ++count;
  }
  r.p_randomization = static_cast<double>(count + 1) / static_cast<double>(ro.trials + 1);
  return r;
}

// Holm's adjusted p-values by the definition: for each hypothesis, the largest
// min(1, (m - j + 1) p_(j)) over the hypotheses ranked at or before it.
inline std::vector<double> holm(const std::vector<double>& p) {
  const std::size_t m = p.size();
  std::vector<double> out(m);
  for (std::size_t i = 0; i < m; ++i) {
    // rank of i: hypotheses with a smaller p, or equal p and smaller index, come first
    double best = 0;
    for (std::size_t j = 0; j < m; ++j) {
      const bool before_or_self = p[j] < p[i] || (p[j] == p[i] && j <= i);
      if (!before_or_self) continue;
      std::size_t rank = 0;  // 0-based rank of j
      for (std::size_t l = 0; l < m; ++l) rank += p[l] < p[j] || (p[l] == p[j] && l < j);
      best = std::max(best, std::min(1.0, static_cast<double>(m - rank) * p[j]));
    }
    out[i] = best;
  }
  return out;
}

}  // namespace detour::stats::reference
