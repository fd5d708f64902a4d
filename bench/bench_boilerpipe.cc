// Benchmarks of the Boilerpipe 1.2.0 port (BP = ArticleExtractor, BP-DEF =
// DefaultExtractor): the extraction stage only (DOM walk into text blocks, tokenising,
// filter chain, segments) on already decoded and parsed DANIEL pages (the first 40
// pages of each language, sorted by id). Issue 3 asks for >= 10x the jar's extraction
// stage (scripts/peers/run.sh: 1.572 ms/page, so <= 0.157 ms/page; that script times
// ours with Pipeline/Extract/BP over all pages). Skips (with a message) when
// ../shared is absent.
// Run: detour_bench --benchmark_filter=Boilerpipe
#include <benchmark/benchmark.h>

#include "bench/bench_pages.h"

namespace {

void BM_BoilerpipeArticle(benchmark::State& state) { detour::bench::time_extractor(state, "BP"); }
void BM_BoilerpipeDefault(benchmark::State& state) { detour::bench::time_extractor(state, "BP-DEF"); }
BENCHMARK(BM_BoilerpipeArticle)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoilerpipeDefault)->Unit(benchmark::kMillisecond);

}  // namespace
