#include "stats/kendall.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <tuple>

#include "stats/quantile.h"
#include "stats/rng.h"

namespace detour::stats {

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

RankCorrelation kendall_bootstrap(const std::vector<std::vector<Counts>>& x, ZeroRule x_rule,
                                  const std::vector<std::vector<Counts>>& y, ZeroRule y_rule, Statistic statistic,
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
  const std::size_t m = x.size();
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
  if (taus.empty()) {
    r.lo = r.hi = std::numeric_limits<double>::quiet_NaN();
  } else {
    std::tie(r.lo, r.hi) = percentile_interval(taus, options.alpha / 2, 1 - options.alpha / 2);
  }
  return r;
}

}  // namespace detour::stats
