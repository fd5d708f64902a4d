// bench_judge: the judgments of a real run, through the code the commands use
// (reports::judge on records read back with results::read_run): a bootstrap
// confidence interval for every cell (system x language key x metric, 1000
// resamples) plus paired tests of every system against one baseline system on every
// language and metric (1000 paired bootstrap resamples, 10000 randomization trials,
// Holm). The run folder is $DETOUR_BENCH_RUN, e.g. a full DANIEL run:
//   build/detour run --corpus ../shared/corpora/daniel --extractors all
//       --chains BP-JTA,JTA-BP --metrics to,car,tm,lcs,cos --out /tmp/daniel-full
//   DETOUR_BENCH_RUN=/tmp/daniel-full build/detour_bench --benchmark_filter=Judge
// ($DETOUR_BENCH_AGAINST names the baseline system, BP by default.) Reading the
// folder is not timed. Counters: cells, comparisons, and seconds per cell (the whole
// workload divided by the cells); process CPU time is measured (the statistics use
// every thread of the pool).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <optional>

#include "reports/judge.h"
#include "reports/tables.h"
#include "results/run_records.h"

namespace {

using namespace detour;

struct Loaded {
  results::RunRecords run;
  std::vector<reports::SystemScores> systems;
  std::vector<std::string> langs;
  reports::JudgeRequest request;
};

const Loaded* loaded(std::string& error) {
  static std::optional<Loaded> l;
  static std::string why;
  if (l) return &*l;
  if (!why.empty()) {
    error = why;
    return nullptr;
  }
  const char* dir = std::getenv("DETOUR_BENCH_RUN");
  if (!dir || !*dir) {
    why = "set DETOUR_BENCH_RUN to a run folder (detour run --out DIR), e.g. a full DANIEL run";
    error = why;
    return nullptr;
  }
  try {
    l.emplace();
    l->run = results::read_run(dir);
  } catch (const std::exception& e) {
    l.reset();
    why = e.what();
    error = why;
    return nullptr;
  }
  const char* against_env = std::getenv("DETOUR_BENCH_AGAINST");
  const std::string against = against_env && *against_env ? against_env : "BP";
  l->systems = reports::run_systems(l->run);
  l->langs = reports::table_languages(l->systems);
  std::size_t base = l->systems.size();
  for (std::size_t s = 0; s < l->systems.size(); ++s)
    if (l->systems[s].name == against) base = s;
  if (base == l->systems.size()) {
    l.reset();
    why = "no system " + against + " in the run (set DETOUR_BENCH_AGAINST)";
    error = why;
    return nullptr;
  }
  l->request.intervals = true;
  for (const auto& lang : l->langs)
    for (const auto* m : l->systems[base].scores->metrics)
      for (std::size_t s = 0; s < l->systems.size(); ++s)
        if (s != base) l->request.comparisons.push_back({s, base, lang, m, stats::Statistic::MicroF1});
  return &*l;
}

// Argument: threads.
void BM_JudgeRun(benchmark::State& state) {
  std::string error;
  const Loaded* l = loaded(error);
  if (!l) {
    state.SkipWithError(error.c_str());
    return;
  }
  reports::JudgeOptions o;
  o.threads = static_cast<unsigned>(state.range(0));
  std::size_t cells = 0, comparisons = 0;
  for (auto _ : state) {
    const reports::Verdicts v = reports::judge(l->systems, l->langs, l->request, o);
    benchmark::DoNotOptimize(v.comparisons.data());
    comparisons = 0;
    for (const auto& c : v.comparisons) comparisons += c.judged;
    cells = 0;
    for (std::size_t s = 0; s < l->systems.size(); ++s)
      for (const auto& lang : l->langs)
        for (const auto* m : l->systems[s].scores->metrics) cells += v.interval(s, lang, m) != nullptr;
  }
  state.counters["systems"] = static_cast<double>(l->systems.size());
  state.counters["cells"] = static_cast<double>(cells);
  state.counters["comparisons"] = static_cast<double>(comparisons);
  state.counters["s_per_cell"] = benchmark::Counter(static_cast<double>(cells),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}
BENCHMARK(BM_JudgeRun)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

}  // namespace
