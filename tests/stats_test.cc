// Tests of the statistics module (stats/): the random number generator against known
// outputs, prf against metrics::prf, the fast engine against the slow reference
// (tests/stats_reference.h) bit for bit, independence of the thread count, known
// answers (a system against itself, a perfect system against an empty one), the power
// and false-positive rate of the tests on synthetic pairs, interval coverage, Holm's
// correction and the input checks.
#include <catch2/catch.hpp>
#include <tbb/global_control.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "metrics/metric.h"
#include "stats/rng.h"
#include "stats/stats.h"
#include "tests/stats_reference.h"

using namespace detour::stats;

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void require_same(const CellResult& x, const CellResult& y) {
  REQUIRE(x.documents == y.documents);
  REQUIRE(x.signature == y.signature);
  for (std::size_t s = 0; s < kStatistics; ++s) {
    CAPTURE(s, x.stats[s].estimate, y.stats[s].estimate, x.stats[s].lo, y.stats[s].lo, x.stats[s].hi, y.stats[s].hi);
    REQUIRE(same_bits(x.stats[s].estimate, y.stats[s].estimate));
    REQUIRE(same_bits(x.stats[s].lo, y.stats[s].lo));
    REQUIRE(same_bits(x.stats[s].hi, y.stats[s].hi));
  }
}

void require_same(const PairedResult& x, const PairedResult& y) {
  CAPTURE(statistic_name(x.statistic), x.delta, y.delta, x.lo, y.lo, x.hi, y.hi, x.p_bootstrap, y.p_bootstrap,
          x.p_randomization, y.p_randomization);
  REQUIRE(x.statistic == y.statistic);
  REQUIRE(x.documents == y.documents);
  REQUIRE(same_bits(x.a, y.a));
  REQUIRE(same_bits(x.b, y.b));
  REQUIRE(same_bits(x.delta, y.delta));
  REQUIRE(same_bits(x.lo, y.lo));
  REQUIRE(same_bits(x.hi, y.hi));
  REQUIRE(same_bits(x.p_bootstrap, y.p_bootstrap));
  REQUIRE((std::isnan(x.p_randomization) ? std::isnan(y.p_randomization)
                                         : same_bits(x.p_randomization, y.p_randomization)));
  REQUIRE(x.bootstrap_signature == y.bootstrap_signature);
  REQUIRE(x.randomization_signature == y.randomization_signature);
}

// Random per-document counts with empty outputs, empty golds and both empty mixed
// in, so that every zero-denominator branch is taken.
std::vector<Counts> random_docs(std::size_t n, std::uint64_t key, std::int64_t scale = 400) {
  Rng rng(key);
  std::vector<Counts> docs(n);
  for (auto& d : docs) {
    const auto kind = rng.below(10);
    const auto gold = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(scale)));
    d.tp = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(gold) + 1));
    d.fn = gold - d.tp;
    d.fp = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(scale / 2)));
    if (kind == 0) d = {0, 0, gold};          // nothing extracted
    if (kind == 1) d = {0, d.fp, 0};          // empty gold
    if (kind == 2) d = {0, 0, 0};             // both empty
  }
  return docs;
}

// A second system close to `a`: some documents improved, some worse.
std::vector<Counts> neighbour(const std::vector<Counts>& a, std::uint64_t key) {
  Rng rng(key);
  std::vector<Counts> b = a;
  for (auto& d : b) {
    if (rng.below(3) != 0) continue;
    const std::int64_t gold = d.tp + d.fn;
    d.tp = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(gold) + 1));
    d.fn = gold - d.tp;
    d.fp = static_cast<std::int64_t>(rng.below(100));
  }
  return b;
}

constexpr Statistic kAll[] = {Statistic::MicroPrecision, Statistic::MicroRecall, Statistic::MicroF1,
                              Statistic::MacroPrecision, Statistic::MacroRecall, Statistic::MacroF1};

}  // namespace

TEST_CASE("stats: SplitMix64 and xoshiro256** give their known outputs", "[stats]") {
  // SplitMix64 from 1234567: the published test values (e.g. Rosetta Code's task).
  SplitMix64 sm(1234567);
  const std::uint64_t expected[] = {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                    4593380528125082431ULL, 16408922859458223821ULL};
  for (std::uint64_t e : expected) REQUIRE(sm.next() == e);
  // xoshiro256** seeded by SplitMix64(0), and a stream, from an independent Python
  // transcription of the two algorithms.
  Rng x(0);
  REQUIRE(x.next() == 11091344671253066420ULL);
  REQUIRE(x.next() == 13793997310169335082ULL);
  REQUIRE(x.next() == 1900383378846508768ULL);
  REQUIRE(x.next() == 7684712102626143532ULL);
  Rng s = Rng::stream(12345, Purpose::Bootstrap, 7);
  REQUIRE(s.next() == 17316897028875042656ULL);
  REQUIRE(s.next() == 2461088030715168148ULL);
  REQUIRE(s.next() == 16383592466431180721ULL);
  // Lemire's bounded integers from the stream of resample 0 with 1694 documents.
  Rng r = Rng::stream(12345, Purpose::Bootstrap, 0);
  const std::uint64_t draws[] = {425, 1453, 761, 396, 639, 791, 1133, 63};
  for (std::uint64_t d : draws) REQUIRE(r.below(1694) == d);
}

TEST_CASE("stats: bounded integers are uniform", "[stats]") {
  Rng rng(99);
  REQUIRE(rng.below(1) == 0);
  // Chi-square over 7 cells, 70000 draws: 6 degrees of freedom, 99.99% point 27.9.
  std::vector<double> counts(7, 0);
  for (int i = 0; i < 70000; ++i) counts[rng.below(7)] += 1;
  double chi2 = 0;
  for (double c : counts) chi2 += (c - 10000) * (c - 10000) / 10000;
  REQUIRE(chi2 < 27.9);
  // A bound just above 2^63 rejects about half of the words: still in range.
  const std::uint64_t big = (std::uint64_t(1) << 63) + 12345;
  for (int i = 0; i < 1000; ++i) REQUIRE(rng.below(big) < big);
}

TEST_CASE("stats: prf is metrics::prf bit for bit", "[stats]") {
  auto check = [](std::int64_t tp, std::int64_t fp, std::int64_t fn) {
    for (int r = 0; r < 2; ++r) {
      const Prf a = prf(tp, fp, fn, r == 0 ? ZeroRule::CleanEval : ZeroRule::Empty);
      const auto b = detour::metrics::prf(tp, fp, fn,
                                          r == 0 ? detour::metrics::ZeroRule::CleanEval : detour::metrics::ZeroRule::Empty);
      REQUIRE(same_bits(a.precision, b.precision));
      REQUIRE(same_bits(a.recall, b.recall));
      REQUIRE(same_bits(a.f1, b.f1));
    }
  };
  for (std::int64_t tp = 0; tp < 6; ++tp)
    for (std::int64_t fp = 0; fp < 6; ++fp)
      for (std::int64_t fn = 0; fn < 6; ++fn) check(tp, fp, fn);
  Rng rng(5);
  for (int i = 0; i < 1000; ++i)
    check(static_cast<std::int64_t>(rng.below(1 << 30)), static_cast<std::int64_t>(rng.below(1 << 30)),
          static_cast<std::int64_t>(rng.below(1 << 30)));
  // The documented rules on empty sides.
  REQUIRE(prf(0, 0, 5, ZeroRule::CleanEval).precision == 0.0);
  REQUIRE(prf(0, 0, 5, ZeroRule::Empty).precision == 1.0);
  REQUIRE(prf(0, 3, 0, ZeroRule::Empty).recall == 1.0);
  REQUIRE(prf(0, 0, 0, ZeroRule::Empty).f1 == 1.0);
  REQUIRE(prf(0, 0, 0, ZeroRule::CleanEval).f1 == 0.0);
}

TEST_CASE("stats: intervals and tests equal the slow reference bit for bit", "[stats]") {
  struct Case {
    std::size_t n;
    std::uint32_t resamples;
    double alpha;
    std::uint32_t trials;
    std::uint64_t seed;
  };
  const Case cases[] = {{1, 50, 0.05, 20, 1},     {2, 7, 0.05, 10, 2},       {63, 200, 0.05, 300, 3},
                        {64, 101, 0.1, 257, 12345}, {65, 1, 0.05, 1, 4},     {130, 300, 0.5, 500, 5},
                        {257, 128, 0.01, 1000, 6},  {600, 64, 0.05, 200, 7}};
  for (const Case& c : cases) {
    CAPTURE(c.n, c.resamples, c.alpha, c.trials, c.seed);
    BootstrapOptions bo;
    bo.resamples = c.resamples;
    bo.alpha = c.alpha;
    bo.seed = c.seed;
    RandomizationOptions ro;
    ro.trials = c.trials;
    ro.seed = c.seed + 1;
    for (int r = 0; r < 2; ++r) {
      const ZeroRule rule = r == 0 ? ZeroRule::CleanEval : ZeroRule::Empty;
      const auto a = random_docs(c.n, c.seed * 10 + static_cast<std::uint64_t>(r));
      const auto b = neighbour(a, c.seed * 10 + 7);
      require_same(bootstrap_cell(a, rule, bo), reference::bootstrap_cell(a, rule, bo));
      for (Statistic st : kAll) {
        CAPTURE(statistic_name(st), r);
        require_same(compare_paired(a, b, rule, st, bo, ro), reference::compare(a, b, rule, st, bo, ro));
      }
    }
  }
}

// A task's outcomes: one of tp, fp, fn per document or none (a true negative, most of
// them), `relevant` in a thousand documents relevant.
std::vector<Counts> task_docs(std::size_t n, std::uint64_t key, std::uint64_t relevant = 80) {
  Rng rng(key);
  std::vector<Counts> docs(n);
  for (auto& d : docs) {
    const auto x = rng.below(1000);
    if (x < relevant) d = rng.below(4) ? Counts{1, 0, 0} : Counts{0, 0, 1};
    else if (x < relevant + 40) d = Counts{0, 1, 0};
  }
  return docs;
}

// A second system that decides `changed` in a thousand documents differently.
std::vector<Counts> task_neighbour(const std::vector<Counts>& a, std::uint64_t key, std::uint64_t changed = 30) {
  Rng rng(key);
  std::vector<Counts> b = a;
  for (auto& d : b) {
    if (rng.below(1000) >= changed) continue;
    if (d.tp) d = {0, 0, 1};
    else if (d.fn) d = {1, 0, 0};
    else if (d.fp) d = {};
    else d = {0, 1, 0};
  }
  return b;
}

TEST_CASE("stats: sparse counts (a task's decisions) equal the slow reference bit for bit", "[stats]") {
  // Most documents count nothing in either system, and the two agree on most: whole
  // groups of documents and whole panels of the product are zero (passed over by the
  // engine), or everything is.
  struct Case {
    std::size_t n;
    std::uint64_t relevant, changed;
  };
  const Case cases[] = {{1, 80, 30},  {64, 0, 0},     {65, 80, 0},   {200, 80, 30},
                        {300, 5, 10}, {700, 80, 300}, {1000, 0, 20}, {1694, 80, 30}};
  BootstrapOptions bo;
  bo.resamples = 150;
  RandomizationOptions ro;
  ro.trials = 600;
  for (const Case& c : cases) {
    CAPTURE(c.n, c.relevant, c.changed);
    const auto a = task_docs(c.n, c.n * 3 + 1, c.relevant);
    const auto b = task_neighbour(a, c.n * 3 + 2, c.changed);
    require_same(bootstrap_cell(a, ZeroRule::CleanEval, bo), reference::bootstrap_cell(a, ZeroRule::CleanEval, bo));
    require_same(bootstrap_cell(b, ZeroRule::CleanEval, bo), reference::bootstrap_cell(b, ZeroRule::CleanEval, bo));
    for (Statistic st : kAll) {
      CAPTURE(statistic_name(st));
      require_same(compare_paired(a, b, ZeroRule::CleanEval, st, bo, ro),
                   reference::compare(a, b, ZeroRule::CleanEval, st, bo, ro));
    }
  }
}

TEST_CASE("stats: a batch gives the single-cell results whatever the thread count", "[stats]") {
  const std::size_t n = 300;
  Batch batch(n);
  std::vector<std::vector<Counts>> cells;
  for (std::uint64_t k = 0; k < 13; ++k) {  // 13 cells: 78 columns, a partial last panel
    cells.push_back(k == 0 ? random_docs(n, 77) : neighbour(cells[0], k));
    batch.add_cell(cells.back(), k % 2 ? ZeroRule::CleanEval : ZeroRule::Empty);
  }
  for (std::size_t k = 2; k < 13; k += 2) batch.add_comparison(k, 0, kAll[k % kStatistics]);
  batch.add_comparison(0, 0, Statistic::MicroF1);
  BootstrapOptions bo;
  bo.resamples = 333;  // not a multiple of the block size
  RandomizationOptions ro;
  ro.trials = 2001;
  // Allow more threads than this machine has cores, so that 3 and 4 really run.
  tbb::global_control allow(tbb::global_control::max_allowed_parallelism, 4);
  const auto one = batch.run(bo, ro, 1);
  for (unsigned threads : {2u, 3u, 4u, 0u}) {
    CAPTURE(threads);
    const auto other = batch.run(bo, ro, threads);
    for (std::size_t c = 0; c < cells.size(); ++c) require_same(one.cells[c], other.cells[c]);
    for (std::size_t i = 0; i < one.comparisons.size(); ++i) require_same(one.comparisons[i], other.comparisons[i]);
  }
  for (std::size_t c = 0; c < cells.size(); ++c)
    require_same(one.cells[c], bootstrap_cell(cells[c], c % 2 ? ZeroRule::CleanEval : ZeroRule::Empty, bo));
  require_same(one.comparisons[0], compare_paired(cells[2], cells[0], ZeroRule::Empty, kAll[2], bo, ro));
}

TEST_CASE("stats: a system compared with itself has delta 0 and p = 1", "[stats]") {
  const auto a = random_docs(500, 3);
  for (Statistic st : kAll) {
    const PairedResult r = compare_paired(a, a, ZeroRule::Empty, st);
    CAPTURE(statistic_name(st));
    REQUIRE(r.delta == 0.0);
    REQUIRE(r.lo == 0.0);
    REQUIRE(r.hi == 0.0);
    REQUIRE(r.p_bootstrap == 1.0);
    REQUIRE(r.p_randomization == 1.0);
  }
}

TEST_CASE("stats: a perfect system against an empty one gets the smallest p-values", "[stats]") {
  // GOLD (everything found, nothing else) against NONE (nothing extracted).
  std::vector<Counts> gold, none;
  Rng rng(11);
  for (int i = 0; i < 200; ++i) {
    const auto size = 1 + static_cast<std::int64_t>(rng.below(500));
    gold.push_back({size, 0, 0});
    none.push_back({0, 0, size});
  }
  for (ZeroRule rule : {ZeroRule::CleanEval, ZeroRule::Empty}) {
    const PairedResult r = compare_paired(gold, none, rule, Statistic::MicroF1);
    REQUIRE(r.delta == 1.0);
    REQUIRE(r.lo == 1.0);
    REQUIRE(r.hi == 1.0);
    REQUIRE(r.p_randomization == 1.0 / 10001.0);  // below 1/trials
    REQUIRE(r.p_bootstrap == 1.0 / 1001.0);
    const PairedResult m = compare_paired(gold, none, rule, Statistic::MacroRecall);
    REQUIRE(m.p_randomization == 1.0 / 10001.0);
  }
  // NONE's precision: 0 under CleanEval, 1 under the Empty rule.
  REQUIRE(bootstrap_cell(none, ZeroRule::CleanEval)[Statistic::MicroPrecision].hi == 0.0);
  REQUIRE(bootstrap_cell(none, ZeroRule::Empty)[Statistic::MacroPrecision].lo == 1.0);
}

namespace {

// Synthetic pair with a known shift in recall: every document has a gold of 100
// words; system A finds U{50..85} of them, system B e fewer, e uniform on
// {lo_e, ..., lo_e + 24}. Micro recall = mean found / 100, so the difference is
// mean(e) / 100.
std::pair<std::vector<Counts>, std::vector<Counts>> shifted_pair(std::size_t n, std::int64_t lo_e, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Counts> a, b;
  for (std::size_t i = 0; i < n; ++i) {
    const auto tp = 50 + static_cast<std::int64_t>(rng.below(36));
    const auto e = lo_e + static_cast<std::int64_t>(rng.below(25));
    a.push_back({tp, 0, 100 - tp});
    b.push_back({tp - e, 0, 100 - (tp - e)});
  }
  return {a, b};
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

}  // namespace

TEST_CASE("stats: a known shift is detected at the stated power, no shift at the stated level", "[stats][slow]") {
  // n = 100 documents, e uniform on {-10..14}: mean 2, variance (25^2 - 1) / 12 = 52,
  // E[e^2] = 56. The randomization null of the mean difference has standard
  // deviation sqrt(E[e^2] / n) / 100 = 0.00748, the shift is 0.02: z = 2.67 and the
  // two-sided power at alpha = 0.05 is Phi(z - 1.96) + Phi(-z - 1.96) = 0.76 (normal
  // approximation). Over 200 seeds the detection rate must lie within 4 binomial
  // standard deviations (4 * 0.030) of it; with e uniform on {-12..12} (no shift)
  // the rejection rate must be at most 0.05 + 4 * 0.0154.
  const std::size_t n = 100, runs = 200;
  const double sd_null = std::sqrt(56.0 / n) / 100, z = 0.02 / sd_null;
  const double power = normal_cdf(z - 1.959964) + normal_cdf(-z - 1.959964);
  REQUIRE(power == Approx(0.76).margin(0.01));
  std::size_t hit_ar = 0, hit_bs = 0, false_ar = 0, false_bs = 0;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    BootstrapOptions bo;
    bo.seed = seed;
    RandomizationOptions ro;
    ro.seed = seed;
    ro.trials = 2000;
    auto [a, b] = shifted_pair(n, -10, 1000 + seed);
    const PairedResult r = compare_paired(a, b, ZeroRule::Empty, Statistic::MicroRecall, bo, ro);
    hit_ar += r.p_randomization < 0.05;
    hit_bs += r.p_bootstrap < 0.05;
    auto [c, d] = shifted_pair(n, -12, 5000 + seed);
    const PairedResult s = compare_paired(c, d, ZeroRule::Empty, Statistic::MicroRecall, bo, ro);
    false_ar += s.p_randomization < 0.05;
    false_bs += s.p_bootstrap < 0.05;
  }
  const double sd_power = std::sqrt(power * (1 - power) / runs);
  CAPTURE(power, hit_ar, hit_bs, false_ar, false_bs);
  REQUIRE(std::abs(hit_ar / double(runs) - power) <= 4 * sd_power);
  REQUIRE(std::abs(hit_bs / double(runs) - power) <= 4 * sd_power);
  const double max_false = 0.05 + 4 * std::sqrt(0.05 * 0.95 / runs);
  REQUIRE(false_ar / double(runs) <= max_false);
  REQUIRE(false_bs / double(runs) <= max_false);
  REQUIRE(false_ar + false_bs > 0);  // not a test that never rejects
}

TEST_CASE("stats: 95% intervals cover the true recall about 95% of the time", "[stats][slow]") {
  // Documents of 100 gold words, U{50..85} found: the population micro (and macro)
  // recall is 0.675. Percentile intervals from 100 documents, 200 samples: coverage
  // within 4 binomial standard deviations (4 * 0.0154) of 0.95.
  std::size_t covered_micro = 0, covered_macro = 0;
  const std::size_t runs = 200;
  for (std::uint64_t seed = 1; seed <= runs; ++seed) {
    auto docs = shifted_pair(100, 0, 9000 + seed).first;
    BootstrapOptions bo;
    bo.seed = seed;
    const CellResult r = bootstrap_cell(docs, ZeroRule::Empty, bo);
    covered_micro += r[Statistic::MicroRecall].lo <= 0.675 && 0.675 <= r[Statistic::MicroRecall].hi;
    covered_macro += r[Statistic::MacroRecall].lo <= 0.675 && 0.675 <= r[Statistic::MacroRecall].hi;
  }
  CAPTURE(covered_micro, covered_macro);
  const double tol = 4 * std::sqrt(0.05 * 0.95 / runs);
  REQUIRE(std::abs(covered_micro / double(runs) - 0.95) <= tol);
  REQUIRE(std::abs(covered_macro / double(runs) - 0.95) <= tol);
}

TEST_CASE("stats: Holm-Bonferroni adjusts by rank and keeps the order", "[stats]") {
  // Sorted: 0.005 * 4 = 0.02, 0.01 * 3 = 0.03, 0.03 * 2 = 0.06, max(0.04 * 1, 0.06).
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const auto adj = holm_bonferroni(p);
  REQUIRE(adj[0] == Approx(0.03));
  REQUIRE(adj[1] == Approx(0.06));
  REQUIRE(adj[2] == Approx(0.06));
  REQUIRE(adj[3] == Approx(0.02));
  REQUIRE(holm_bonferroni(std::vector<double>{0.6, 0.7}) == std::vector<double>{1.0, 1.0});
  REQUIRE(holm_bonferroni(std::vector<double>{}).empty());
  Rng rng(8);
  for (int round = 0; round < 50; ++round) {
    std::vector<double> q;
    for (std::size_t i = 0, m = 1 + rng.below(12); i < m; ++i)
      q.push_back(rng.below(4) == 0 ? 0.02 : static_cast<double>(rng.below(1000)) / 1000);  // ties included
    const auto fast = holm_bonferroni(q), slow = reference::holm(q);
    for (std::size_t i = 0; i < q.size(); ++i) REQUIRE(same_bits(fast[i], slow[i]));
  }
  REQUIRE_THROWS_WITH(holm_bonferroni(std::vector<double>{0.5, 1.5}), Catch::Contains("p-value 1"));
  REQUIRE_THROWS(holm_bonferroni(std::vector<double>{std::nan("")}));
  REQUIRE(holm_signature(30) == "holm:m=30");
}

TEST_CASE("stats: signatures name resamples, seed, level and method", "[stats]") {
  BootstrapOptions bo;
  REQUIRE(bo.signature() == "bs:1000|seed:12345|ci:percentile-95|rng:xoshiro256ss");
  REQUIRE(bo.paired_signature() == "paired-bs:1000|seed:12345|ci:percentile-95|p:shift-two-sided|rng:xoshiro256ss");
  bo.alpha = 0.005;
  bo.resamples = 200;
  bo.seed = 7;
  REQUIRE(bo.signature() == "bs:200|seed:7|ci:percentile-99.5|rng:xoshiro256ss");
  RandomizationOptions ro;
  REQUIRE(ro.signature() == "ar:10000|seed:12345|p:add-one-two-sided|rng:xoshiro256ss");
  const auto docs = random_docs(10, 1);
  REQUIRE(bootstrap_cell(docs, ZeroRule::Empty).signature == BootstrapOptions{}.signature());
  RandomizationOptions none;
  none.trials = 0;
  const PairedResult r = compare_paired(docs, docs, ZeroRule::Empty, Statistic::MicroF1, {}, none);
  REQUIRE(std::isnan(r.p_randomization));
  REQUIRE(r.randomization_signature.empty());
  for (Statistic st : kAll) REQUIRE(parse_statistic(statistic_name(st)) == st);
  REQUIRE_THROWS_WITH(parse_statistic("f1"), Catch::Contains("micro-f1"));
  REQUIRE(pairing_rule().find("empty output") != std::string_view::npos);
}

TEST_CASE("stats: bad input is refused with the reason", "[stats]") {
  REQUIRE_THROWS_WITH(Batch(0), Catch::Contains("at least one document"));
  Batch batch(3);
  const std::vector<Counts> two(2), three(3);
  REQUIRE_THROWS_WITH(batch.add_cell(two, ZeroRule::Empty), Catch::Contains("2 documents in a batch of 3"));
  REQUIRE_THROWS_WITH(batch.add_cell(std::vector<Counts>{{1, 1, 1}, {1, -1, 1}, {0, 0, 0}}, ZeroRule::Empty),
                      Catch::Contains("negative count in document 1"));
  REQUIRE_THROWS_WITH(batch.add_cell(std::vector<Counts>{{1, 1, 1}, {std::int64_t(1) << 52, 0, 0}, {0, 0, 0}},
                                     ZeroRule::Empty),
                      Catch::Contains("count too large in document 1"));
  const auto a = batch.add_cell(three, ZeroRule::Empty);
  const auto b = batch.add_cell(three, ZeroRule::CleanEval);
  REQUIRE_THROWS_WITH(batch.add_comparison(a, b, Statistic::MicroF1), Catch::Contains("different zero rules"));
  REQUIRE_THROWS_WITH(batch.add_comparison(a, 5, Statistic::MicroF1), Catch::Contains("cells 0 and 5"));
  BootstrapOptions zero;
  zero.resamples = 0;
  REQUIRE_THROWS_WITH(batch.run(zero), Catch::Contains("at least one resample"));
  BootstrapOptions wide;
  wide.alpha = 1.0;
  REQUIRE_THROWS_WITH(batch.run(wide), Catch::Contains("alpha"));
  REQUIRE_THROWS_WITH(compare_paired(two, three, ZeroRule::Empty, Statistic::MicroF1),
                      Catch::Contains("same documents"));
  REQUIRE(fixed_point_bits(1) == 40);
  REQUIRE(fixed_point_bits(1694) == 40);
  REQUIRE(fixed_point_bits(4096) == 39);
  REQUIRE(fixed_point_bits(4096) == reference::bits_for(4096));
}
