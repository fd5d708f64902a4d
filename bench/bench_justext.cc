// Benchmarks of the jusText 3.0.2 port (JTA with the page language's stoplist, JTS
// without stoplist): extract() on already decoded and parsed DANIEL pages (the first
// 40 of each language). The original took 11.9 ms/page; the goal is >= 10x faster.
// Run: detour_bench --benchmark_filter=Justext
#include "bench/bench_pages.h"

namespace {

void BM_JustextJTA(benchmark::State& state) { detour::bench::time_extractor(state, "JTA"); }
void BM_JustextJTS(benchmark::State& state) { detour::bench::time_extractor(state, "JTS"); }
BENCHMARK(BM_JustextJTA)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_JustextJTS)->Unit(benchmark::kMillisecond);

}  // namespace
