#include "stats/kendall.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "stats/clones.h"
#include "stats/quantile.h"
#include "stats/rng.h"

namespace detour::stats {

namespace {

// One resample's sums: n rows of `rows` (width columns each) drawn with rng, added
// (T: 32-bit counts when the sums fit, else 64-bit).
template <class T>
DETOUR_STATS_CLONES void draw_sums(const T* rows, std::size_t width, std::size_t n, Rng& rng, T* sum) {
  std::fill(sum, sum + width, 0);
  for (std::size_t j = 0; j < n; ++j) {
    const T* const row = rows + rng.below(n) * width;
    for (std::size_t c = 0; c < width; ++c) sum[c] += row[c];
  }
}

}  // namespace

double kendall_tau_b(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("kendall_tau_b: samples of different sizes");
  const std::size_t n = x.size();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (n < 2) return nan;
  long long concordant = 0, discordant = 0, x_ties = 0, y_ties = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double dx = x[i] - x[j], dy = y[i] - y[j];
      if (dx == 0) ++x_ties;
      if (dy == 0) ++y_ties;
      if (dx == 0 || dy == 0) continue;
      ((dx > 0) == (dy > 0) ? concordant : discordant) += 1;
    }
  }
  const long long total = static_cast<long long>(n) * static_cast<long long>(n - 1) / 2;
  if (x_ties == total || y_ties == total) return nan;
  double tau = static_cast<double>(concordant - discordant) / std::sqrt(static_cast<double>(total - x_ties)) /
               std::sqrt(static_cast<double>(total - y_ties));
  return std::min(1.0, std::max(-1.0, tau));
}

namespace {

// A system's statistic from documents weighted by their multiplicity in a resample.
double statistic_of(const std::vector<Counts>& docs, const std::vector<std::uint32_t>& weight, ZeroRule rule,
                    Statistic s) {
  const auto k = static_cast<std::size_t>(s);
  if (k < 3) {
    std::int64_t tp = 0, fp = 0, fn = 0;
    for (std::size_t i = 0; i < docs.size(); ++i) {
      tp += weight[i] * docs[i].tp;
      fp += weight[i] * docs[i].fp;
      fn += weight[i] * docs[i].fn;
    }
    const Prf v = prf(tp, fp, fn, rule);
    return k == 0 ? v.precision : k == 1 ? v.recall : v.f1;
  }
  double sum = 0, n = 0;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (!weight[i]) continue;
    const Prf v = prf(docs[i].tp, docs[i].fp, docs[i].fn, rule);
    sum += weight[i] * (k == 3 ? v.precision : k == 4 ? v.recall : v.f1);
    n += weight[i];
  }
  return n > 0 ? sum / n : 0;
}

}  // namespace

namespace {

void check_inputs(const std::vector<std::vector<Counts>>& x, const std::vector<std::vector<Counts>>& y,
                  const BootstrapOptions& options) {
  if (x.size() != y.size() || x.size() < 2)
    throw std::invalid_argument("kendall_bootstrap: needs the same 2 or more systems under both measures");
  const std::size_t n = x[0].size();
  for (std::size_t s = 0; s < x.size(); ++s)
    if (x[s].size() != n || y[s].size() != n)
      throw std::invalid_argument("kendall_bootstrap: every system needs the same documents under both measures");
  if (n == 0) throw std::invalid_argument("kendall_bootstrap: no document");
  if (options.resamples < 1 || !(options.alpha > 0 && options.alpha < 1))
    throw std::invalid_argument("kendall_bootstrap: resamples >= 1 and 0 < alpha < 1");
}

void finish(RankCorrelation& r, std::vector<double>& taus, const BootstrapOptions& options) {
  if (taus.empty()) {
    r.lo = r.hi = std::numeric_limits<double>::quiet_NaN();
  } else {
    std::tie(r.lo, r.hi) = percentile_interval(taus, options.alpha / 2, 1 - options.alpha / 2);
  }
}

// Any statistic: each resample as multiplicity weights over the documents.
RankCorrelation weighted_bootstrap(const std::vector<std::vector<Counts>>& x, ZeroRule x_rule,
                                   const std::vector<std::vector<Counts>>& y, ZeroRule y_rule, Statistic statistic,
                                   const BootstrapOptions& options) {
  const std::size_t m = x.size();
  const std::size_t n = x[0].size();
  RankCorrelation r;
  r.systems = m;
  r.documents = n;
  r.signature = "kendall-tau-b|" + options.signature();
  std::vector<std::uint32_t> weight(n, 1);
  std::vector<double> a(m), b(m);
  auto tau_of = [&] {
    for (std::size_t s = 0; s < m; ++s) {
      a[s] = statistic_of(x[s], weight, x_rule, statistic);
      b[s] = statistic_of(y[s], weight, y_rule, statistic);
    }
    return kendall_tau_b(a, b);
  };
  r.tau = tau_of();
  std::vector<double> taus;
  taus.reserve(options.resamples);
  for (std::uint32_t k = 0; k < options.resamples; ++k) {
    std::fill(weight.begin(), weight.end(), 0);
    Rng rng = Rng::stream(options.seed, Purpose::Bootstrap, k);
    for (std::size_t j = 0; j < n; ++j) ++weight[rng.below(n)];
    const double t = tau_of();
    if (std::isnan(t)) {
      ++r.undefined;
    } else {
      taus.push_back(t);
    }
  }
  finish(r, taus, options);
  return r;
}

}  // namespace

RankCorrelation kendall_bootstrap(const std::vector<std::vector<Counts>>& x, ZeroRule x_rule,
                                  const std::vector<std::vector<Counts>>& y, ZeroRule y_rule, Statistic statistic,
                                  const BootstrapOptions& options) {
  return kendall_bootstrap_many({x}, {x_rule}, y, y_rule, statistic, options)[0];
}

std::vector<RankCorrelation> kendall_bootstrap_many(const std::vector<std::vector<std::vector<Counts>>>& x,
                                                    const std::vector<ZeroRule>& x_rules,
                                                    const std::vector<std::vector<Counts>>& y, ZeroRule y_rule,
                                                    Statistic statistic, const BootstrapOptions& options) {
  if (x.empty() || x_rules.size() != x.size())
    throw std::invalid_argument("kendall_bootstrap: one zero rule per measure, one measure or more");
  for (const auto& xm : x) check_inputs(xm, y, options);
  std::vector<RankCorrelation> out;
  const auto k = static_cast<std::size_t>(statistic);
  if (k >= 3) {  // macro: per-document values, weighted
    for (std::size_t q = 0; q < x.size(); ++q)
      out.push_back(weighted_bootstrap(x[q], x_rules[q], y, y_rule, statistic, options));
    return out;
  }
  // Micro: a statistic of summed counts. The documents' counts as rows (measure by
  // measure, then the common one; system by system; tp, fp, fn), a resample's sums the
  // sum of the rows it draws (as many times as drawn): the same integers the weights
  // give, so the same statistics, bit for bit.
  const std::size_t measures = x.size(), m = y.size(), n = y[0].size();
  const std::size_t width = (measures + 1) * m * 3;
  std::vector<std::int64_t> rows(n * width);
  std::int64_t largest = 0;
  for (std::size_t j = 0; j < n; ++j) {
    std::int64_t* row = rows.data() + j * width;
    for (std::size_t q = 0; q <= measures; ++q)
      for (std::size_t s = 0; s < m; ++s) {
        const Counts& c = q < measures ? x[q][s][j] : y[s][j];
        *row++ = c.tp;
        *row++ = c.fp;
        *row++ = c.fn;
        for (const std::int64_t v : {c.tp, c.fp, c.fn})  // a negative count: 64 bits
          largest = std::max(largest, v < 0 ? std::numeric_limits<std::int64_t>::max() : v);
      }
  }
  // A resample's sum is at most n times the largest count: in 32 bits when that fits
  // (twice the additions per instruction), the same integers either way.
  const bool narrow = largest >= 0 && largest < (std::int64_t{1} << 31) &&
                      static_cast<std::uint64_t>(largest) * n < (std::uint64_t{1} << 31);
  std::vector<std::int32_t> rows32;
  std::vector<std::int32_t> sums32;
  if (narrow) {
    rows32.assign(rows.begin(), rows.end());
    sums32.resize(width);
  }
  std::vector<std::int64_t> sums(width);
  std::vector<double> a(m), b(m);
  auto value = [&](std::size_t col, ZeroRule rule) {
    const Prf v = prf(sums[col], sums[col + 1], sums[col + 2], rule);
    return k == 0 ? v.precision : k == 1 ? v.recall : v.f1;
  };
  // The taus of the current sums, one per measure.
  auto taus_of = [&](auto&& each) {
    for (std::size_t s = 0; s < m; ++s) b[s] = value((measures * m + s) * 3, y_rule);
    for (std::size_t q = 0; q < measures; ++q) {
      for (std::size_t s = 0; s < m; ++s) a[s] = value((q * m + s) * 3, x_rules[q]);
      each(q, kendall_tau_b(a, b));
    }
  };
  out.resize(measures);
  std::vector<std::vector<double>> taus(measures);
  for (std::size_t q = 0; q < measures; ++q) {
    out[q].systems = m;
    out[q].documents = n;
    out[q].signature = "kendall-tau-b|" + options.signature();
    taus[q].reserve(options.resamples);
  }
  std::fill(sums.begin(), sums.end(), 0);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t c = 0; c < width; ++c) sums[c] += rows[j * width + c];
  taus_of([&](std::size_t q, double t) { out[q].tau = t; });
  for (std::uint32_t r = 0; r < options.resamples; ++r) {
    Rng rng = Rng::stream(options.seed, Purpose::Bootstrap, r);
    if (narrow) {
      draw_sums(rows32.data(), width, n, rng, sums32.data());
      std::copy(sums32.begin(), sums32.end(), sums.begin());
    } else {
      draw_sums(rows.data(), width, n, rng, sums.data());
    }
    taus_of([&](std::size_t q, double t) {
      if (std::isnan(t)) {
        ++out[q].undefined;
      } else {
        taus[q].push_back(t);
      }
    });
  }
  for (std::size_t q = 0; q < measures; ++q) finish(out[q], taus[q], options);
  return out;
}

}  // namespace detour::stats
