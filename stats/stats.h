// stats: verdicts on detour's scores -- how uncertain a table cell is, and whether
// two systems really differ -- computed from stored per-document counts, never by
// rescoring. Depends on the C++ standard library and oneTBB only.
//
// A cell is one system on one document set (a language group) under one metric: the
// per-document counts (tp, fp, fn) of its documents and the metric's zero rule. For a
// cell the module gives micro precision, recall and F1 (from summed counts) and macro
// precision, recall and F1 (means of per-document values), each with a percentile
// bootstrap confidence interval: documents resampled with replacement (Efron &
// Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13); the interval
// endpoints are the alpha/2 and 1-alpha/2 quantiles of the resampled statistic, with
// linear interpolation between order statistics (Hyndman & Fan's type 7, NumPy's
// default, which scipy.stats.bootstrap(method='percentile') uses).
//
// For two cells on the same documents (paired) it gives the difference a - b of any of
// the six statistics with
//  - the paired bootstrap (Koehn, "Statistical significance tests for machine
//    translation evaluation", EMNLP 2004): both systems scored on the same resamples;
//    the percentile CI of the difference and a two-sided p-value by the shift method:
//    the bootstrap distribution of the difference, translated by the observed
//    difference d, stands for the null distribution (Efron & Tibshirani 1993, sect.
//    16.4; Berg-Kirkpatrick, Burkett & Klein, EMNLP 2012), so
//        p = (1 + #{b : |d*_b - d| >= |d|}) / (B + 1).
//    Two-sided because the question asked is "do they differ", and the +1 (the
//    observed sample counted as one of the resamples) keeps p > 0 and makes a system
//    compared with itself (every d*_b = d = 0) get p = 1. This p-value and the
//    percentile interval are not exact duals: when the bootstrap distribution is
//    skewed the interval can exclude 0 while p >= alpha, or the reverse;
//  - approximate randomization (Noreen, "Computer-Intensive Methods for Testing
//    Hypotheses", 1989; Riezler & Maxwell, 2005): in each trial every document's
//    counts of the two systems are swapped with probability 1/2, and
//        p = (1 + #{t : |d_t| >= |d|}) / (T + 1),
//    the definition of scipy.stats.permutation_test for a randomized test with the
//    statistic |d| and alternative='greater'. Both p-values count a value as
//    extreme when it is at least |d| - max(1e-14, 1e-14 |d|), scipy's tolerance for
//    values that are equal in exact arithmetic but not in floating point;
// and Holm's step-down correction (Holm, "A simple sequentially rejective multiple
// test procedure", 1979) over a family of p-values.
//
// Pairing rule: a paired comparison takes the documents present for both systems,
// in the same order for both. The caller builds that list: a document that failed for
// a system counts as an empty output for it (tp = 0, fp = 0, fn = the gold size), a
// document excluded for either system is dropped from the pair. When all systems of
// a language group share their documents (the usual case), one Batch holds every cell
// and comparison of the group.
//
// Zero rules (ZeroRule, identical to metrics::prf in metrics/metric.cc):
//  - CleanEval: a zero denominator becomes 1, so P = 0 when nothing was extracted,
//    R = 0 when the gold is empty, and F1 = 0 when P + R = 0;
//  - Empty: nothing extracted gives P = 1, an empty gold gives R = 1 (both empty:
//    F1 = 1).
//
// Determinism and speed. Resample b of a document set of n documents takes its n
// draws from the random stream (seed, bootstrap, b) (stats/rng.h), and randomization
// trial t its n swap bits from (seed, randomization, t): the result of a cell or a
// comparison is a function of its per-document counts (in order) and the options
// only -- the same computed alone or in a Batch with hundreds of others, on any
// number of threads. A resample is drawn once per document set as multiplicity
// weights shared by every cell of the set, so that the resampled sums of all cells
// are one matrix product (resamples x documents times documents x columns). Every sum
// over documents is exact integer arithmetic: counts are integers, and per-document
// macro values are used in fixed point, v rounded to a multiple of 2^-k with
// k = min(40, 52 - bit_width(n)) (a resolution below 1e-12, far under the Monte-Carlo
// error), so the order of summation (vector width, blocking, threads) never changes a
// bit. Point estimates are computed as metrics::aggregate does (double sums of the
// per-document values, in document order).
//
// Signatures: a cell's intervals carry "bs:1000|seed:12345|ci:percentile-95|rng:
// xoshiro256ss"; a comparison "paired-bs:...|p:shift-two-sided" and "ar:10000|seed:
// 12345|p:add-one-two-sided|rng:xoshiro256ss"; a Holm correction "holm:m=K".
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/prf.h"

namespace detour::stats {

using ::detour::ZeroRule;  // base/prf.h

struct Counts {
  std::int64_t tp = 0, fp = 0, fn = 0;
};

using Prf = ::detour::PRFValues;
// Precision, recall and F1 of counts under a zero rule: base/prf.h, the same function
// metrics::aggregate uses.
using ::detour::prf;

enum class Statistic : std::uint8_t { MicroPrecision, MicroRecall, MicroF1, MacroPrecision, MacroRecall, MacroF1 };
inline constexpr std::size_t kStatistics = 6;
// "micro-p", "micro-r", "micro-f1", "macro-p", "macro-r", "macro-f1".
std::string_view statistic_name(Statistic s);
// The statistic of a name above; throws std::invalid_argument naming the known ones.
Statistic parse_statistic(std::string_view name);

struct BootstrapOptions {
  std::uint32_t resamples = 1000;  // >= 1
  std::uint64_t seed = 12345;      // sacrebleu's default
  double alpha = 0.05;             // a (1 - alpha) interval; 0 < alpha < 1
  // "bs:1000|seed:12345|ci:percentile-95|rng:xoshiro256ss".
  std::string signature() const;
  // "paired-bs:1000|seed:12345|ci:percentile-95|p:shift-two-sided|rng:xoshiro256ss".
  std::string paired_signature() const;
};

struct RandomizationOptions {
  std::uint32_t trials = 10000;  // 0: no randomization test (p_randomization is NaN)
  std::uint64_t seed = 12345;
  // "ar:10000|seed:12345|p:add-one-two-sided|rng:xoshiro256ss".
  std::string signature() const;
};

struct Interval {
  double estimate = 0;  // the point estimate on all documents
  double lo = 0, hi = 0;
};

struct CellResult {
  std::size_t documents = 0;
  std::array<Interval, kStatistics> stats;  // indexed by Statistic
  std::string signature;                    // BootstrapOptions::signature()
  const Interval& operator[](Statistic s) const { return stats[static_cast<std::size_t>(s)]; }
};

struct PairedResult {
  Statistic statistic = Statistic::MicroF1;
  std::size_t documents = 0;
  double a = 0, b = 0;     // the two point estimates
  double delta = 0;        // a - b
  double lo = 0, hi = 0;   // paired bootstrap percentile interval of a - b
  double p_bootstrap = 1;  // paired bootstrap, shift method, two-sided
  double p_randomization = 1;  // approximate randomization, two-sided (NaN: not run)
  std::string bootstrap_signature;      // BootstrapOptions::paired_signature()
  std::string randomization_signature;  // RandomizationOptions::signature(), empty when not run
};

// The cells of one document set (the same documents, in the same order, for every
// cell) and the paired comparisons between them, evaluated together: each resample's
// weights and each trial's swaps are drawn once for the whole batch.
class Batch {
 public:
  // A set of `documents` documents (>= 1).
  explicit Batch(std::size_t documents);
  std::size_t documents() const { return n_; }

  // Adds a cell (its counts are copied); returns its index. Throws
  // std::invalid_argument when the size differs from documents(), a count is
  // negative, or counts are so large that n * count reaches 2^53 (sums would no
  // longer be exact in double precision).
  std::size_t add_cell(std::span<const Counts> docs, ZeroRule rule);
  // Adds the comparison a - b of two cells of this batch for one statistic; returns
  // its index. Throws std::invalid_argument for an unknown cell or cells with
  // different zero rules.
  std::size_t add_comparison(std::size_t a, std::size_t b, Statistic statistic);

  struct Result {
    std::vector<CellResult> cells;          // in add_cell order
    std::vector<PairedResult> comparisons;  // in add_comparison order
  };
  // threads: 0 = oneTBB's default, else at most that many. The result does not
  // depend on it. Throws std::invalid_argument for bad options.
  Result run(const BootstrapOptions& bootstrap = {}, const RandomizationOptions& randomization = {},
             unsigned threads = 0) const;

  // Internal layout, public for the implementation files.
  struct Cell {
    ZeroRule rule;
    std::vector<Counts> docs;
    std::array<std::vector<std::int64_t>, 3> fixed;  // per-document P, R, F1 in fixed point
    std::array<double, 3> macro{};                   // point estimates of macro P, R, F1
  };
  struct Comparison {
    std::size_t a, b;
    Statistic statistic;
  };

 private:
  std::size_t n_;
  int scale_bits_;  // k of the fixed point
  std::vector<Cell> cells_;
  std::vector<Comparison> comparisons_;
};

// One cell alone: the same numbers as the cell in any Batch with the same options.
CellResult bootstrap_cell(std::span<const Counts> docs, ZeroRule rule, const BootstrapOptions& options = {});
// One comparison alone (a and b of equal size, paired by position).
PairedResult compare_paired(std::span<const Counts> a, std::span<const Counts> b, ZeroRule rule,
                            Statistic statistic, const BootstrapOptions& bootstrap = {},
                            const RandomizationOptions& randomization = {});

// The pairing rule in one sentence, for reports to print beside paired results.
std::string_view pairing_rule();

// Holm-Bonferroni adjusted p-values, in the input order: with p sorted ascending
// (ties by position), adjusted p_(i) = max over j <= i of min(1, (m - j + 1) p_(j)).
// Reject at level alpha where adjusted p < alpha. Throws std::invalid_argument for
// a p-value outside [0, 1] (NaN included).
std::vector<double> holm_bonferroni(std::span<const double> p);
// "holm:m=K" for a family of K comparisons.
std::string holm_signature(std::size_t family_size);

// The fixed-point resolution used for n documents: k = min(40, 52 - bit_width(n)).
int fixed_point_bits(std::size_t documents);

}  // namespace detour::stats
