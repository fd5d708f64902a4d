// Benchmarks of the density extractors: CETD's density computation (analyze(): counts,
// CTD, DensitySum, threshold and marks) alone, and the full extract() of CETD, CETD-TD,
// EAT and WUTSI, on already decoded and parsed DANIEL pages (the first 40 pages of each
// language, sorted by id). Rates are in bytes of page HTML (SetBytesProcessed) and pages
// (items). Skips (with a message) when ../shared is absent.
// Run: detour_bench --benchmark_filter=Density
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <vector>

#include "corpora/corpus.h"
#include "extractors/cetd/cetd.h"
#include "extractors/extractor.h"

namespace {

const std::vector<detour::Page>& density_pages() {
  static const std::vector<detour::Page> loaded = [] {
    std::vector<detour::Page> out;
    std::filesystem::path shared = DETOUR_SHARED_DIR;
    if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) shared = env;
    const auto root = shared / "corpora" / "daniel";
    if (!std::filesystem::is_directory(root)) return out;
    const auto corpus = detour::corpora::open_corpus(root);
    std::map<std::string, int> per_lang;
    for (const auto& d : corpus.docs)
      if (per_lang[d.lang]++ < 40) out.push_back(detour::corpora::load_page(d));
    return out;
  }();
  return loaded;
}

template <typename F>
void run(benchmark::State& state, F&& f) {
  const auto& ps = density_pages();
  if (ps.empty()) {
    state.SkipWithError("../shared/corpora/daniel is absent (set DETOUR_SHARED)");
    return;
  }
  std::size_t i = 0;
  std::int64_t bytes = 0;
  for (auto _ : state) {
    f(ps[i]);
    bytes += static_cast<std::int64_t>(ps[i].html.size());
    if (++i == ps.size()) i = 0;
  }
  state.SetBytesProcessed(bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

void BM_DensityCetdAnalyze(benchmark::State& state) {
  detour::cetd::CetdSettings s;
  run(state, [&](const detour::Page& p) {
    auto a = detour::cetd::analyze(p.dom->body(), s);
    benchmark::DoNotOptimize(a);
  });
}

void run_extractor(benchmark::State& state, const char* name) {
  auto ex = detour::make_extractor(name);
  run(state, [&](const detour::Page& p) {
    auto x = ex->extract(p);
    benchmark::DoNotOptimize(x);
  });
}

void BM_DensityCetd(benchmark::State& state) { run_extractor(state, "CETD"); }
void BM_DensityCetdTd(benchmark::State& state) { run_extractor(state, "CETD-TD"); }
void BM_DensityEat(benchmark::State& state) { run_extractor(state, "EAT"); }
void BM_DensityWutsi(benchmark::State& state) { run_extractor(state, "WUTSI"); }
BENCHMARK(BM_DensityCetdAnalyze)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityCetd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityCetdTd)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityEat)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DensityWutsi)->Unit(benchmark::kMillisecond);

}  // namespace
