// stats: the API around the resampling engine (stats/engine.cc): zero rules, names,
// signatures, input checks, single-cell helpers and Holm's correction.
#include "stats/stats.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

namespace detour::stats {

namespace {

constexpr std::string_view kNames[kStatistics] = {"micro-p", "micro-r", "micro-f1", "macro-p", "macro-r", "macro-f1"};

// "95" for alpha 0.05, "99.5" for 0.005: the confidence level in percent, shortest form.
std::string level_percent(double alpha) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", 100.0 * (1.0 - alpha));
  return buf;
}

}  // namespace

std::string_view statistic_name(Statistic s) { return kNames[static_cast<std::size_t>(s)]; }

Statistic parse_statistic(std::string_view name) {
  for (std::size_t i = 0; i < kStatistics; ++i)
    if (kNames[i] == name) return static_cast<Statistic>(i);
  std::string known;
  for (auto n : kNames) known += (known.empty() ? "" : ", ") + std::string(n);
  throw std::invalid_argument("unknown statistic '" + std::string(name) + "' (known: " + known + ")");
}

std::string BootstrapOptions::signature() const {
  return "bs:" + std::to_string(resamples) + "|seed:" + std::to_string(seed) + "|ci:percentile-" +
         level_percent(alpha) + "|rng:xoshiro256ss";
}

std::string BootstrapOptions::paired_signature() const {
  return "paired-bs:" + std::to_string(resamples) + "|seed:" + std::to_string(seed) + "|ci:percentile-" +
         level_percent(alpha) + "|p:shift-two-sided|rng:xoshiro256ss";
}

std::string RandomizationOptions::signature() const {
  return "ar:" + std::to_string(trials) + "|seed:" + std::to_string(seed) + "|p:add-one-two-sided|rng:xoshiro256ss";
}

int fixed_point_bits(std::size_t documents) {
  return std::min(40, 52 - static_cast<int>(std::bit_width(documents)));
}

Batch::Batch(std::size_t documents) : n_(documents) {
  if (documents == 0) throw std::invalid_argument("statistics need at least one document");
  if (documents >= (std::size_t(1) << 31))
    throw std::invalid_argument("too many documents for resampling: " + std::to_string(documents));
  scale_bits_ = fixed_point_bits(documents);
}

std::size_t Batch::add_cell(std::span<const Counts> docs, ZeroRule rule) {
  if (docs.size() != n_)
    throw std::invalid_argument("cell with " + std::to_string(docs.size()) + " documents in a batch of " +
                                std::to_string(n_));
  // n * max count < 2^53 keeps every weighted sum (weights sum to n) exact in double.
  const std::int64_t limit = static_cast<std::int64_t>((std::uint64_t(1) << 53) / n_);
  Cell c;
  c.rule = rule;
  c.docs.assign(docs.begin(), docs.end());
  for (auto& f : c.fixed) f.resize(n_);
  double sums[3] = {0, 0, 0};
  for (std::size_t i = 0; i < n_; ++i) {
    const Counts& d = docs[i];
    if (d.tp < 0 || d.fp < 0 || d.fn < 0)
      throw std::invalid_argument("negative count in document " + std::to_string(i) + " (tp " +
                                  std::to_string(d.tp) + ", fp " + std::to_string(d.fp) + ", fn " +
                                  std::to_string(d.fn) + ")");
    if (d.tp >= limit || d.fp >= limit || d.fn >= limit)
      throw std::invalid_argument("count too large in document " + std::to_string(i) + " for exact resampling of " +
                                  std::to_string(n_) + " documents (limit " + std::to_string(limit) + ")");
    const Prf v = prf(d.tp, d.fp, d.fn, rule);
    const double vals[3] = {v.precision, v.recall, v.f1};
    for (int k = 0; k < 3; ++k) {
      sums[k] += vals[k];
      c.fixed[k][i] = std::llround(std::ldexp(vals[k], scale_bits_));
    }
  }
  for (int k = 0; k < 3; ++k) c.macro[k] = sums[k] / static_cast<double>(n_);
  cells_.push_back(std::move(c));
  return cells_.size() - 1;
}

std::size_t Batch::add_comparison(std::size_t a, std::size_t b, Statistic statistic) {
  if (a >= cells_.size() || b >= cells_.size())
    throw std::invalid_argument("comparison of cells " + std::to_string(a) + " and " + std::to_string(b) +
                                " in a batch of " + std::to_string(cells_.size()) + " cells");
  if (cells_[a].rule != cells_[b].rule)
    throw std::invalid_argument("comparison of cells " + std::to_string(a) + " and " + std::to_string(b) +
                                " with different zero rules");
  if (static_cast<std::size_t>(statistic) >= kStatistics) throw std::invalid_argument("unknown statistic");
  comparisons_.push_back({a, b, statistic});
  return comparisons_.size() - 1;
}

CellResult bootstrap_cell(std::span<const Counts> docs, ZeroRule rule, const BootstrapOptions& options) {
  Batch batch(docs.size());
  batch.add_cell(docs, rule);
  RandomizationOptions none;
  none.trials = 0;
  return std::move(batch.run(options, none).cells[0]);
}

PairedResult compare_paired(std::span<const Counts> a, std::span<const Counts> b, ZeroRule rule,
                            Statistic statistic, const BootstrapOptions& bootstrap,
                            const RandomizationOptions& randomization) {
  if (a.size() != b.size())
    throw std::invalid_argument("paired comparison of " + std::to_string(a.size()) + " and " +
                                std::to_string(b.size()) + " documents (pairs need the same documents)");
  Batch batch(a.size());
  batch.add_comparison(batch.add_cell(a, rule), batch.add_cell(b, rule), statistic);
  return std::move(batch.run(bootstrap, randomization).comparisons[0]);
}

std::string_view pairing_rule() {
  return "paired on the documents scored for both systems: a failed page counts as an empty output "
         "(tp 0, fp 0, fn = gold size), a page excluded for either system is left out of the pair";
}

std::vector<double> holm_bonferroni(std::span<const double> p) {
  const std::size_t m = p.size();
  for (std::size_t i = 0; i < m; ++i)
    if (!(p[i] >= 0.0 && p[i] <= 1.0))
      throw std::invalid_argument("p-value " + std::to_string(i) + " is " + std::to_string(p[i]) +
                                  ", outside [0, 1]");
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return p[x] < p[y]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t j = 0; j < m; ++j) {
    const double v = std::min(1.0, static_cast<double>(m - j) * p[order[j]]);
    running = std::max(running, v);
    adjusted[order[j]] = running;
  }
  return adjusted;
}

std::string holm_signature(std::size_t family_size) { return "holm:m=" + std::to_string(family_size); }

}  // namespace detour::stats
