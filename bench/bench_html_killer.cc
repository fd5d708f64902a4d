// Benchmark of HK (the HTML Killer baseline): extract() on already decoded DANIEL
// pages (the first 40 pages of each language, sorted by id). HK works on the page
// text, not on the DOM. Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter=HtmlKiller
#include <benchmark/benchmark.h>

#include "bench/bench_pages.h"

namespace {

void BM_HtmlKiller(benchmark::State& state) { detour::bench::time_extractor(state, "HK"); }
BENCHMARK(BM_HtmlKiller)->Unit(benchmark::kMillisecond);

}  // namespace
