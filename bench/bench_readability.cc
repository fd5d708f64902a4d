// Speed of RD (readability-lxml 0.8.1 port): extract() on already decoded and parsed
// DANIEL pages (the first 40 of each language). The original needs about 14.1 ms per
// page for this stage; the goal is at least 10x faster.
// Run: detour_bench --benchmark_filter=Readability
#include "bench/bench_pages.h"

namespace {

void BM_ReadabilityExtract(benchmark::State& state) { detour::bench::time_extractor(state, "RD"); }
BENCHMARK(BM_ReadabilityExtract)->Unit(benchmark::kMillisecond);

}  // namespace
