// Benchmarks of the density extractors: CETD's density computation (analyze(): counts,
// CTD, DensitySum, threshold and marks) alone, and the full extract() of CETD, CETD-TD,
// EAT and WUTSI, on already decoded and parsed DANIEL pages (the first 40 pages of each
// language, sorted by id). Rates are in bytes of page HTML (SetBytesProcessed) and pages
// (items). Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter=Density
#include <benchmark/benchmark.h>

#include "bench/bench_pages.h"
#include "extractors/cetd/cetd.h"
#include "extractors/extractor.h"

namespace {

template <typename F>
void run(benchmark::State& state, F&& f) {
  const auto& data = detour::bench::daniel_pages();
  if (detour::bench::skip_without_pages(state, data)) return;
  std::vector<const detour::Page*> pages;
  for (const auto& p : data.pages) pages.push_back(&p);
  detour::bench::time_pages(state, pages, f);
}

void BM_DensityCetdAnalyze(benchmark::State& state) {
  detour::cetd::CetdSettings s;
  run(state, [&](const detour::Page& p) {
    auto a = detour::cetd::analyze(p.dom->body(), s);
    benchmark::DoNotOptimize(a);
  });
}

void BM_DensityCetd(benchmark::State& state) { detour::bench::time_extractor(state, "CETD"); }
void BM_DensityCetdTd(benchmark::State& state) { detour::bench::time_extractor(state, "CETD-TD"); }
void BM_DensityEat(benchmark::State& state) { detour::bench::time_extractor(state, "EAT"); }
void BM_DensityWutsi(benchmark::State& state) { detour::bench::time_extractor(state, "WUTSI"); }
BENCHMARK(BM_DensityCetdAnalyze)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityCetd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityCetdTd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityEat)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityWutsi)->Unit(benchmark::kMillisecond);

}  // namespace
