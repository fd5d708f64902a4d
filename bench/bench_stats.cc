// bench_stats: the statistics of a full DANIEL run -- bootstrap intervals for every
// cell (31 systems x 5 metrics x 6 document sets: the 5 languages and "all", 1000
// resamples) and paired tests of every system against one baseline (micro F1, 1000
// paired bootstrap resamples, 10000 randomization trials) -- on synthetic per-document
// counts of DANIEL's shape (el 273, en 475, pl 274, ru 267, zh 405 documents; the cost
// does not depend on the values). Reports the time of the whole workload and, as
// counters, the time per cell and per comparison.
#include <benchmark/benchmark.h>

#include <vector>

#include "stats/rng.h"
#include "stats/stats.h"

namespace {

using detour::stats::Counts;

constexpr std::size_t kSystems = 31;
constexpr std::size_t kMetrics = 5;
constexpr std::size_t kLanguages[] = {273, 475, 274, 267, 405};

// Per-document counts of one (system, metric) over `n` documents: a gold size per
// document, a share of it found and some noise extracted.
std::vector<Counts> synthetic(std::size_t n, std::uint64_t key) {
  detour::stats::Rng rng(key);
  std::vector<Counts> docs(n);
  for (auto& d : docs) {
    const std::int64_t gold = 20 + static_cast<std::int64_t>(rng.below(3000));
    d.tp = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(gold) + 1));
    d.fn = gold - d.tp;
    d.fp = static_cast<std::int64_t>(rng.below(1500));
  }
  return docs;
}

struct Workload {
  std::vector<detour::stats::Batch> batches;
  std::size_t cells = 0, comparisons = 0;
};

Workload daniel_shaped() {
  Workload w;
  std::vector<std::vector<std::vector<Counts>>> lang(std::size(kLanguages));  // [lang][system*metric]
  for (std::size_t l = 0; l < std::size(kLanguages); ++l)
    for (std::size_t c = 0; c < kSystems * kMetrics; ++c) lang[l].push_back(synthetic(kLanguages[l], l * 1000 + c));
  auto add = [&](const std::vector<std::vector<Counts>>& cells) {
    detour::stats::Batch batch(cells[0].size());
    for (std::size_t c = 0; c < cells.size(); ++c)
      batch.add_cell(cells[c], c % kMetrics < 2 ? detour::stats::ZeroRule::CleanEval : detour::stats::ZeroRule::Empty);
    for (std::size_t m = 0; m < kMetrics; ++m)
      for (std::size_t s = 1; s < kSystems; ++s)
        batch.add_comparison(s * kMetrics + m, m, detour::stats::Statistic::MicroF1);
    w.cells += cells.size();
    w.comparisons += (kSystems - 1) * kMetrics;
    w.batches.push_back(std::move(batch));
  };
  for (const auto& cells : lang) add(cells);
  // "all": the languages' documents one after the other.
  std::vector<std::vector<Counts>> all(kSystems * kMetrics);
  for (std::size_t c = 0; c < all.size(); ++c)
    for (const auto& cells : lang) all[c].insert(all[c].end(), cells[c].begin(), cells[c].end());
  add(all);
  return w;
}

// Intervals for every cell and paired tests (bootstrap + randomization) of every
// system against the baseline. Argument: threads (0 = all).
void BM_StatsDanielRun(benchmark::State& state) {
  const Workload w = daniel_shaped();
  const unsigned threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    for (const auto& batch : w.batches) benchmark::DoNotOptimize(batch.run({}, {}, threads));
  }
  state.counters["cells"] = static_cast<double>(w.cells);
  state.counters["comparisons"] = static_cast<double>(w.comparisons);
  state.counters["s_per_cell"] = benchmark::Counter(static_cast<double>(w.cells),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}
BENCHMARK(BM_StatsDanielRun)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same without the randomization trials (intervals and paired bootstrap only).
void BM_StatsDanielIntervals(benchmark::State& state) {
  const Workload w = daniel_shaped();
  detour::stats::RandomizationOptions none;
  none.trials = 0;
  const unsigned threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    for (const auto& batch : w.batches) benchmark::DoNotOptimize(batch.run({}, none, threads));
  }
  state.counters["s_per_cell"] = benchmark::Counter(static_cast<double>(w.cells),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}
BENCHMARK(BM_StatsDanielIntervals)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
