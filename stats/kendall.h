// kendall: rank agreement between two measures of the same systems -- Kendall's tau-b
// (Kendall, "The treatment of ties in ranking problems", Biometrika 1945) with a
// percentile bootstrap interval over documents. Used to ask how far an intrinsic
// measure's ranking of extractors predicts their ranking on a downstream task.
//
// tau-b = (C - D) / sqrt(n0 - n1) / sqrt(n0 - n2), with C and D the concordant and
// discordant pairs, n0 = n (n - 1) / 2, n1 and n2 the pairs tied in x and in y; computed
// as scipy.stats.kendalltau (variant 'b') computes it, the two square roots divided in
// turn and the result clipped to [-1, 1]; NaN when either side is constant.
//
// The interval: resample b draws the documents from the random stream (seed,
// bootstrap, b) exactly as the cell intervals of stats.h do (the same documents for
// every system and both measures), recomputes each system's two statistics from the
// resampled counts and the tau-b between them; resamples where tau-b is undefined (a
// measure constant over the systems) are left out and counted. Endpoints: the
// alpha/2 and 1 - alpha/2 quantiles (type 7). Signature: the bootstrap's,
// "kendall-tau-b|" prepended.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "stats/stats.h"

namespace detour::stats {

double kendall_tau_b(std::span<const double> x, std::span<const double> y);

struct RankCorrelation {
  double tau = 0;            // on all documents (NaN when undefined)
  double lo = 0, hi = 0;     // percentile interval (NaN when no resample is defined)
  std::size_t systems = 0, documents = 0;
  std::size_t undefined = 0; // resamples where tau-b was undefined
  std::string signature;
};

// x[s] and y[s]: the per-document counts of system s under the two measures, every
// vector over the same documents in the same order. The systems' values are
// `statistic` (micro or macro P, R or F1) under each measure's zero rule. Throws
// std::invalid_argument for vectors of different sizes, fewer than 2 systems or no
// document.
RankCorrelation kendall_bootstrap(const std::vector<std::vector<Counts>>& x, ZeroRule x_rule,
                                  const std::vector<std::vector<Counts>>& y, ZeroRule y_rule,
                                  Statistic statistic = Statistic::MicroF1, const BootstrapOptions& options = {});

// Several measures against the same one, on the same resamples: x[m][s] the counts of
// system s under measure m (its zero rule x_rules[m]), y[s] under the common measure.
// Element m of the result is kendall_bootstrap(x[m], x_rules[m], y, y_rule, statistic,
// options), computed in one pass over each resample's draws for micro statistics.
// Throws as kendall_bootstrap does (and std::invalid_argument for no measure or a
// rule missing).
std::vector<RankCorrelation> kendall_bootstrap_many(const std::vector<std::vector<std::vector<Counts>>>& x,
                                                    const std::vector<ZeroRule>& x_rules,
                                                    const std::vector<std::vector<Counts>>& y, ZeroRule y_rule,
                                                    Statistic statistic = Statistic::MicroF1,
                                                    const BootstrapOptions& options = {});

}  // namespace detour::stats
