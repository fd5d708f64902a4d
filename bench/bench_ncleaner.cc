// Benchmarks of the NCleaner extractors (NC, NCNL, NCT25): the extraction stage only
// (segmentation + two n-gram models per segment) on already decoded and parsed DANIEL
// pages (the first 40 pages of each language, sorted by id). Models are trained in
// prepare() on those 200 pages with seed 42; training pages (excluded, returned at
// once) are left out of the timed loop. Also the model alone: scoring bytes/s.
// NCleaner 1.0 (Perl with the Inline::C kernel) has no published per-page time here;
// the project goal is >= 10x the other originals (11.9-14.1 ms/page).
// Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter=NCleaner
#include <benchmark/benchmark.h>

#include "bench/bench_pages.h"
#include "extractors/ncleaner/model.h"
#include "extractors/ncleaner/segments.h"

namespace {

using NcData = detour::bench::BenchPages;
const NcData& nc_data() { return detour::bench::daniel_pages(); }

void BM_NCleanerExtract(benchmark::State& state, const char* name) {
  const auto& data = nc_data();
  if (data.pages.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  auto ex = detour::make_extractor(name);
  detour::CorpusContext ctx;
  ctx.seed = 42;
  for (std::size_t i = 0; i < data.pages.size(); ++i) ctx.entries.push_back({&data.pages[i], data.golds[i], {}, {}, {}});
  ex->prepare(ctx);
  std::vector<const detour::Page*> scored;
  for (const auto& p : data.pages)
    if (!ex->extract(p).excluded) scored.push_back(&p);
  std::size_t i = 0;
  for (auto _ : state) {
    auto x = ex->extract(*scored[i]);
    benchmark::DoNotOptimize(x);
    if (++i == scored.size()) i = 0;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("pages/s = items/s");
}

// The classifier alone on the pages' segments: bytes of segment text per second.
void BM_NCleanerCheckBytes(benchmark::State& state) {
  const auto& data = nc_data();
  if (data.pages.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  std::vector<detour::ncleaner::TrainingPair> pairs;
  for (std::size_t i = 0; i < data.pages.size(); i += 8)
    pairs.push_back(detour::ncleaner::make_training_pair(data.pages[i], data.golds[i]));
  detour::ncleaner::Options o;
  o.n = static_cast<int>(state.range(0));
  auto model = detour::ncleaner::train_segments(pairs, o);
  std::vector<std::string> segs;
  std::size_t bytes = 0;
  for (const auto& p : data.pages)
    for (auto& s : detour::ncleaner::page_segments(p)) {
      bytes += s.text.size();
      segs.push_back(std::move(s.text));
    }
  for (auto _ : state)
    for (const auto& s : segs) benchmark::DoNotOptimize(model.check(s));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

}  // namespace

BENCHMARK_CAPTURE(BM_NCleanerExtract, NC, "NC")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NCleanerExtract, NCNL, "NCNL")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_NCleanerExtract, NCT25, "NCT25")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NCleanerCheckBytes)->Arg(3)->Arg(5)->Unit(benchmark::kMillisecond);
